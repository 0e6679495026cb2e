-- Documentation coverage: every function registered in the module and every
-- method of every shape type appears in docs/lua-api.md, and every public C
-- function in core/include/collide has a comment right above its declaration.
-- Run from the source root (ctest sets the working directory).
local collide = require "collide"

local function read(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

local doc = read("docs/lua-api.md")
local function documented(s) return doc:find(s, 1, true) ~= nil end

local names = {}
for k, v in pairs(collide) do
  if type(v) == "function" then names[#names + 1] = k end
end
table.sort(names)
expect(#names >= 20, "the module registers its functions")
for _, k in ipairs(names) do
  expect(documented("collide." .. k .. "("), "collide." .. k .. " is documented")
end

-- collide-run's globals (and the shim's, which this test runs under)
for _, g in ipairs({ "expect", "expectNear", "expectEqual", "expectError", "expectNoGarbage", "record", "draw",
  "drawSweep", "drawRay", "drawPoint", "drawNormal", "drawPath", "frame" }) do
  expect(type(_G[g]) == "function", g .. " is defined by the shim")
  expect(documented("### " .. g .. "("), g .. " is documented")
end

-- one instance of each kind gives its metatable and methods
local samples = {
  collide.point(0, 0, 0), collide.segment(0, 0, 0, 1, 1, 1), collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0),
  collide.plane(0, 0, 1, 0), collide.sphere(0, 0, 0, 1), collide.capsule(0, 0, 0, 1, 0, 0, 1),
  collide.aabb(0, 0, 0, 1, 1, 1), collide.obb(0, 0, 0, 1, 1, 1), collide.ellipsoid(0, 0, 0, 1, 1, 1),
  collide.convex({ 0, 0, 0, 1, 0, 0 }), collide.circle(0, 0, 1), collide.rect(0, 0, 1, 1),
  collide.pack({ collide.sphere(0, 0, 0, 1) }),
  collide.frustum(0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 1, 1, 10),
  collide.world(),
  collide.grid(2),
  collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 }, { 1, 2, 3 }),
  (function()
    local w = collide.world()
    return w:character(w:add(collide.capsule(0, 0.5, 0, 0, 1.5, 0, 0.5), "hero", { static = false }))
  end)(),
}
local common = { set = true, get = true, kind = true, bounds = true }
for _, s in ipairs(samples) do
  local mt = getmetatable(s)
  local tname = mt.__name:match("^collide%.(%w+)$")
  expect(tname, "metatable name " .. tostring(mt.__name))
  expect(documented("`" .. mt.__name .. "`"), mt.__name .. " is named in the docs")
  for m in pairs(mt.__index) do
    local ok = documented(tname .. ":" .. m .. "(") or (common[m] and documented("shape:" .. m .. "("))
    expect(ok, tname .. ":" .. m .. " is documented")
  end
end

-- C headers: every COL_API declaration is preceded by a comment (possibly
-- shared by a group of declarations that follow it directly).
-- (every header collide.h includes)
local headers = {}
for h in read("core/include/collide/collide.h"):gmatch('#include "collide/([%w_]+%.h)"') do headers[#headers + 1] = h end
expect(#headers >= 12, "collide.h includes the headers")
for _, h in ipairs(headers) do
  local text = read("core/include/collide/" .. h)
  local prev_kind = "other"  -- "comment", "decl" or "other"
  local count = 0
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    if line:match("^COL_API") then
      count = count + 1
      local name = line:match("([%w_]+)%(") or line
      expect(prev_kind == "comment" or prev_kind == "decl", h .. ": " .. name .. " has a header comment")
      prev_kind = "decl"
    elseif line:match("%*/%s*$") and not line:match("^#") then
      prev_kind = "comment"
    elseif line:match("^%s*$") then
      if prev_kind == "decl" then prev_kind = "other" end
    elseif prev_kind ~= "decl" or not line:match("^%s") then
      if not line:match("^%s*%*") and not line:match("^%s*/%*") then prev_kind = "other" end
    end
  end
  expect(count > 0 or h == "base.h" or h == "math.h", h .. " declares public functions")
end

