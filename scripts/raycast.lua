-- Rays against every shape, with the hits printed (and checked).
--
--   lua5.4 scripts/raycast.lua     (with collide.so on LUA_CPATH)
--
-- Each row casts one ray; the AABB and the triangle are cast with every
-- method, which must agree. Rays that graze (touch an edge or a vertex)
-- count as hits: shapes are closed sets.
local collide = require "collide"

local function fmt(x)
  if type(x) ~= "number" then return tostring(x) end
  return (("%.6g"):format(x))
end

local rows, failures = {}, 0

-- cast(label, shape, origin, direction, expected t or nil [, method])
local function cast(label, shape, o, d, expect, method)
  local t, px, py, pz, nx, ny, nz, inside = collide.raycast(shape, o[1], o[2], o[3], d[1], d[2], d[3], 1, method)
  local result
  if t then
    result = ("t=%s  p=(%s, %s, %s)  n=(%s, %s, %s)%s"):format(fmt(t), fmt(px), fmt(py), fmt(pz), fmt(nx), fmt(ny),
      fmt(nz), inside and "  inside" or "")
  else
    result = "miss"
  end
  local ok = (expect == nil and t == nil) or (expect ~= nil and t ~= nil and math.abs(t - expect) <= 1e-9)
  if not ok then failures = failures + 1 end
  rows[#rows + 1] = { label .. (method and (" [" .. method .. "]") or ""), result, ok and "ok" or "MISMATCH" }
end

local box = collide.aabb(0, 0, 0, 1, 1, 1)
local tri = collide.triangle(0, 0, 0, 2, 0, 0, 0, 2, 0)
local s2 = math.sqrt(2)

cast("plane z = 1, from above", collide.plane(0, 0, 1, 1), { 0, 0, 3 }, { 0, 0, -4 }, 0.5)
cast("plane z = 1, parallel", collide.plane(0, 0, 1, 1), { 0, 0, 3 }, { 4, 0, 0 }, nil)
cast("sphere, head on", collide.sphere(0, 0, 0, 1), { -3, 0, 0 }, { 4, 0, 0 }, 0.5)
cast("sphere, grazing at (0, 1, 0)", collide.sphere(0, 0, 0, 1), { -2, 1, 0 }, { 4, 0, 0 }, 0.5)
cast("sphere, from inside", collide.sphere(0, 0, 0, 1), { 0.5, 0, 0 }, { 4, 0, 0 }, 0)
for _, m in ipairs({ "slabs", "woo" }) do
  cast("aabb face", box, { -1, 0.5, 0.5 }, { 4, 0, 0 }, 0.25, m)
  cast("aabb, along the top face", box, { -1, 1, 0.5 }, { 4, 0, 0 }, 0.25, m)
  cast("aabb, touching the edge x = y = 0", box, { -1, 1, 0.5 }, { 2, -2, 0 }, 0.5, m)
  cast("aabb, just past that edge", box, { -1, 1 - 2 ^ -20, 0.5 }, { 2, -2, 0 }, nil, m)
end
cast("obb turned 45 deg, corner first", collide.obb(0, 0, 0, 1, 1, 1, collide.axesFromAxisAngle(0, 0, 1, math.pi / 4)),
  { -3, 0, 0 }, { 6, 0, 0 }, (3 - s2) / 6)
for _, m in ipairs({ "watertight", "moller", "badouel" }) do
  cast("triangle, front face", tri, { 0.5, 0.5, 2 }, { 0, 0, -4 }, 0.5, m)
  cast("triangle, through vertex b", tri, { 2, 0, 2 }, { 0, 0, -4 }, 0.5, m)
  cast("triangle, through the hypotenuse", tri, { 1, 1, -2 }, { 0, 0, 4 }, 0.5, m)
  cast("triangle, in its plane", tri, { -1, 0.5, 0 }, { 4, 0, 0 }, 0.25, m)
end
cast("capsule body", collide.capsule(0, 0, 0, 4, 0, 0, 1), { 2, 3, 0 }, { 0, -4, 0 }, 0.5)
cast("capsule end cap", collide.capsule(0, 0, 0, 4, 0, 0, 1), { -3, 0, 0 }, { 4, 0, 0 }, 0.5)
cast("ellipsoid radii (2, 1, 0.5)", collide.ellipsoid(1, 1, 1, 2, 1, 0.5), { -3, 1, 1 }, { 4, 0, 0 }, 0.5)
cast("segment, crossing it", collide.segment(0, 0, 0, 4, 0, 0), { 2, 0, 2 }, { 0, 0, -4 }, 0.5)
cast("point, through it", collide.point(1, 2, 3), { 1, 2, 0 }, { 0, 0, 6 }, 0.5)

local width = 0
for _, r in ipairs(rows) do width = math.max(width, #r[1]) end
print(("collide %s (%s) - ray casts, t in [0, 1]"):format(collide._VERSION, collide.real))
for _, r in ipairs(rows) do print(("%-" .. width .. "s  %-60s  %s"):format(r[1], r[2], r[3])) end
print("")
if failures > 0 then
  print(("%d ray(s) disagree with the hand-derived answer"):format(failures))
  os.exit(1)
end
print("every ray matches the hand-derived answer")
