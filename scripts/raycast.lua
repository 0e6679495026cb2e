-- Rays against every shape, with the hits printed (and checked).
--
--   collide-run --svg raycast.svg --view xz scripts/raycast.lua
--   (or lua5.4 with collide.so on LUA_CPATH)
--
-- Each row casts one ray; the AABB and the triangle are cast with every
-- method, which must agree. Rays that graze (touch an edge or a vertex)
-- count as hits: shapes are closed sets.
local collide = require "collide"
-- collide-run's extras, or stand-ins when run by plain lua5.4 without the shim
local expect = expect or function(ok, msg) if not ok then error("expectation failed: " .. msg, 2) end return ok end
local record = record or function() end

local function fmt(x)
  if type(x) ~= "number" then return tostring(x) end
  return (("%.6g"):format(x))
end

local rows, failures = {}, 0

-- cast(label, shape, origin, direction, expected t or nil [, method])
local function cast(label, shape, o, d, want, method)
  local t, px, py, pz, nx, ny, nz, inside = collide.raycast(shape, o[1], o[2], o[3], d[1], d[2], d[3], 1, method)
  local result
  if t then
    result = ("t=%s  p=(%s, %s, %s)  n=(%s, %s, %s)%s"):format(fmt(t), fmt(px), fmt(py), fmt(pz), fmt(nx), fmt(ny),
      fmt(nz), inside and "  inside" or "")
  else
    result = "miss"
  end
  local ok = (want == nil and t == nil) or (want ~= nil and t ~= nil and math.abs(t - want) <= 1e-9)
  if not ok then failures = failures + 1 end
  expect(ok, label .. (method and (" [" .. method .. "]") or "") .. (want and (": t = " .. want) or ": miss"))
  record(label, method, t, px, py, pz, nx, ny, nz)
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
else
  print("every ray matches the hand-derived answer")
end

-- The picture: rays against the capsule and the ellipsoid, with their hits
-- and normals (view xy).
if draw then
  local cap, egg = collide.capsule(0, 0, 0, 4, 0, 0, 1), collide.ellipsoid(1, 4, 1, 2, 1, 0.5)
  draw(cap, "capsule")
  draw(egg, "ellipsoid")
  for _, ray in ipairs({ { cap, 2, 3, 0, 0, -4, 0 }, { cap, -3, 0.5, 0, 4, 0, 0 }, { egg, -3, 4.5, 1, 6, -1, 0 } }) do
    local t, px, py, pz, nx, ny, nz = collide.raycast(ray[1], ray[2], ray[3], ray[4], ray[5], ray[6], ray[7], 1)
    drawRay(ray[2], ray[3], ray[4], ray[5], ray[6], ray[7], { color = "#444444" })
    if t then
      drawPoint(px, py, pz, { color = "#d62728" })
      drawNormal(px, py, pz, nx, ny, nz, { color = "#d62728", length = 0.8 })
    end
  end
end
