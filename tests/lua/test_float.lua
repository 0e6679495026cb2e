-- collide.float beside collide: the same API over the float core, shapes that
-- do not cross between the modules, and the precision difference it exists to
-- show. (A build with COLLIDE_REAL=float has no separate float module: its
-- collide is float already, and this test checks just that.)
local collide = require "collide"
local check = require "check"

if collide.real == "float" then
  check.eq(collide.huge, 2 ^ 30, "a float build's module is float")
  check.done()
  return
end

local ok, cf = pcall(require, "collide.float")
check.truthy(ok, "require 'collide.float' works next to 'collide': " .. tostring(cf))
if not ok then check.done() return end

check.eq(cf.real, "float", "collide.float.real")
check.eq(cf.huge, 2 ^ 30, "collide.float.huge")
check.eq(cf._VERSION, collide._VERSION, "same version")

-- the same functions on both sides
for k, v in pairs(collide) do
  if type(v) == "function" then check.eq(type(cf[k]), "function", "collide.float." .. k .. " exists") end
end
for k, v in pairs(cf) do
  if type(v) == "function" then check.eq(type(collide[k]), "function", "collide." .. k .. " exists") end
end

-- shapes stay in their module
local sd, sf = collide.sphere(0, 0, 0, 1), cf.sphere(0, 0, 0, 1)
check.eq(getmetatable(sf).__name, "collide.float.Sphere", "float metatable name")
check.eq(tostring(sf), "collide.float.Sphere(0, 0, 0, 1)", "float tostring")
check.raises("bad argument #2 to 'overlap' (collide shape expected, got collide.float.Sphere)",
  "a float shape is not a double shape", function() return collide.overlap(sd, sf) end)
check.raises("bad argument #1 to 'overlap' (collide shape expected, got collide.Sphere)",
  "and the other way", function() return cf.overlap(sd, sf) end)
check.raises("bad argument #1 to 'sphere' (magnitude must be <= 1073741824", "float range is checked",
  function() return cf.sphere(2e9, 0, 0, 1) end)

-- same answers where float is exact, different ones where it is not
check.eq(cf.distance(cf.sphere(0, 0, 0, 1), cf.sphere(3, 4, 0, 2)), 2, "exact in float too")
local far = 1e9
local dd = collide.distance(collide.sphere(far, 0, 0, 1), collide.sphere(far + 3, 0, 0, 1))
local df = cf.distance(cf.sphere(far, 0, 0, 1), cf.sphere(far + 3, 0, 0, 1))
check.eq(dd, 1, "double keeps a gap of 1 at 1e9")
check.eq(df, 0, "float rounds 1e9 + 3 to 1e9 (its spacing there is 64): the spheres overlap")
check.noGarbage("float queries", function() cf.overlap(sf, sf) end)

check.done()
