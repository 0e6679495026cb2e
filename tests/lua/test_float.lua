-- collide.float beside collide: the same API over the float core, shapes that
-- do not cross between the modules, and the precision difference it exists to
-- show. (A build with COLLIDE_REAL=float has no separate float module: its
-- collide is float already, and this test checks just that.)
local collide = require "collide"

if collide.real == "float" then
  expectEqual(collide.huge, 2 ^ 30, "a float build's module is float")
  return
end

local ok, cf = pcall(require, "collide.float")
expect(ok, "require 'collide.float' works next to 'collide': " .. tostring(cf))
if not ok then return end

expectEqual(cf.real, "float", "collide.float.real")
expectEqual(cf.huge, 2 ^ 30, "collide.float.huge")
expectEqual(cf._VERSION, collide._VERSION, "same version")

-- the same functions on both sides
for k, v in pairs(collide) do
  if type(v) == "function" then expectEqual(type(cf[k]), "function", "collide.float." .. k .. " exists") end
end
for k, v in pairs(cf) do
  if type(v) == "function" then expectEqual(type(collide[k]), "function", "collide." .. k .. " exists") end
end

-- shapes stay in their module
local sd, sf = collide.sphere(0, 0, 0, 1), cf.sphere(0, 0, 0, 1)
expectEqual(getmetatable(sf).__name, "collide.float.Sphere", "float metatable name")
expectEqual(tostring(sf), "collide.float.Sphere(0, 0, 0, 1)", "float tostring")
expectError("bad argument #2 to 'overlap' (collide shape expected, got collide.float.Sphere)", function() return collide.overlap(sd, sf) end)
expectError("bad argument #1 to 'overlap' (collide shape expected, got collide.Sphere)", function() return cf.overlap(sd, sf) end)
expectError("bad argument #1 to 'sphere' (magnitude must be <= 1073741824",
  function() return cf.sphere(2e9, 0, 0, 1) end)

-- same answers where float is exact, different ones where it is not
expectEqual(cf.distance(cf.sphere(0, 0, 0, 1), cf.sphere(3, 4, 0, 2)), 2, "exact in float too")
local far = 1e9
local dd = collide.distance(collide.sphere(far, 0, 0, 1), collide.sphere(far + 3, 0, 0, 1))
local df = cf.distance(cf.sphere(far, 0, 0, 1), cf.sphere(far + 3, 0, 0, 1))
expectEqual(dd, 1, "double keeps a gap of 1 at 1e9")
expectEqual(df, 0, "float rounds 1e9 + 3 to 1e9 (its spacing there is 64): the spheres overlap")
expectNoGarbage(function() cf.overlap(sf, sf) end, 20000, "float queries")

