-- Picking a mesh: rays from a camera above a terrain pick triangles (the
-- mesh's tree against every triangle one by one, which must agree), rays
-- aimed exactly at shared edges and vertices all hit (watertight), and the
-- picked triangles drawn from above.
--
--   collide-run --svg picking.svg scripts/picking.lua
--   (or LUA_CPATH='build/?.so' lua5.4 -l shim scripts/picking.lua from scripts/)
local collide = require "collide"
local expect = expect or function(ok, msg) if not ok then error(msg, 2) end return ok end
local record, draw, drawPoint, drawRay = record or function() end, draw or function() end,
  drawPoint or function() end, drawRay or function() end

-- a deterministic generator (scenarios do not depend on math.random's seed)
local seed = 7
local function rnd(k)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % k
end

-- a 20 x 20 terrain of unit quads, each split along a diagonal; heights are
-- a smooth hill plus noise on a 1/32 grid (exactly representable)
local n = 20
local verts, idx = {}, {}
for j = 0, n do
  for i = 0, n do
    local hill = 3 * math.exp(-((i - 12) ^ 2 + (j - 8) ^ 2) / 30)
    verts[#verts + 1] = i
    verts[#verts + 1] = j
    verts[#verts + 1] = math.floor(hill * 32 + rnd(9) - 4) / 32
  end
end
for j = 0, n - 1 do
  for i = 0, n - 1 do
    local a = j * (n + 1) + i + 1
    local b, c, d = a + 1, a + n + 1, a + n + 2
    for _, v in ipairs({ a, b, d, a, d, c }) do idx[#idx + 1] = v end
  end
end
local terrain = collide.mesh(verts, idx)
local tris = {}
for k = 1, #terrain do tris[k] = terrain:triangle(k) end
local stats = terrain:stats()
print(("collide %s (%s): picking a terrain of %d triangles (tree height %d)"):format(collide._VERSION, collide.real,
  #terrain, stats.height))

-- 1. a fan of rays from a camera at (-4, -4, 12): the mesh's pick against brute force
local eye = { -4, -4, 12 }
local agree, picked = 0, {}
local rows = {}
for r = 0, 8 do
  for c = 0, 8 do
    local tx, ty = 1 + 2.25 * c, 1 + 2.25 * r
    local dx, dy, dz = tx - eye[1], ty - eye[2], -eye[3]
    local k, t, px, py, pz, nx, ny, nz, u, v, w = terrain:raycast(eye[1], eye[2], eye[3], dx, dy, dz)
    local best, best_k
    for i, tri in ipairs(tris) do
      local ti = collide.raycast(tri, eye[1], eye[2], eye[3], dx, dy, dz)
      if ti and (not best or ti < best) then best, best_k = ti, i end
    end
    local same = k == best_k and t == best
    agree = agree + (same and 1 or 0)
    if k then
      picked[#picked + 1] = { k = k, x = px, y = py, z = pz, tx = tx, ty = ty }
      record("pick", tx, ty, k, t, px, py, pz, u, v, w)
      if #rows < 6 then
        rows[#rows + 1] = ("  toward (%5.2f, %5.2f): triangle %3d at t = %.6f, point (%.3f, %.3f, %.3f), barycentrics (%.3f, %.3f, %.3f)")
          :format(tx, ty, k, t, px, py, pz, u, v, w)
      end
    end
  end
end
print("picks from the camera (the first six):")
for _, row in ipairs(rows) do print(row) end
print(("%d of 81 picks equal to testing every triangle (closest t, least number among equal t)"):format(agree))
expect(agree == 81, "every pick agrees with brute force")
expect(#picked > 60, "most rays hit the terrain")

-- 2. watertight: rays from straight above (no silhouettes) aimed exactly at
-- every shared vertex, edge midpoint and diagonal midpoint of the inner grid
local aimed, missed = 0, 0
local function vertex(i, j)
  local o = 3 * (j * (n + 1) + i)
  return verts[o + 1], verts[o + 2], verts[o + 3]
end
for j = 1, n - 1 do
  for i = 1, n - 1 do
    local x0, y0, z0 = vertex(i, j)
    local x1, y1, z1 = vertex(i + 1, j)
    local x2, y2, z2 = vertex(i + 1, j + 1)
    for _, p in ipairs({ { x0, y0, z0 }, { (x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2 },
      { (x0 + x2) / 2, (y0 + y2) / 2, (z0 + z2) / 2 } }) do
      -- from 10 above, tilted by up to 1/8 so the rays are not axis-aligned
      local ox, oy = p[1] + (rnd(17) - 8) / 64, p[2] + (rnd(17) - 8) / 64
      local k = terrain:raycast(ox, oy, p[3] + 10, p[1] - ox, p[2] - oy, -10, 2)
      aimed = aimed + 1
      if not k then missed = missed + 1 end
    end
  end
end
print(("watertight: %d rays aimed exactly at shared vertices and edges, %d missed"):format(aimed, missed))
expect(missed == 0, "no ray passes between the triangles")

-- 3. a ball dropped on the hill stops on it
local ball = collide.sphere(12.3, 8.2, 10, 0.5)
local k, t0, _, px, py, pz, nx, ny, nz = terrain:cast(ball, 0, 0, -12)
print(("a ball dropped from z = 10 meets triangle %d at t = %.6f (centre at z = %.4f), contact (%.3f, %.3f, %.3f)")
  :format(k, t0, 10 - 12 * t0, px, py, pz))
expect(k and 10 - 12 * t0 > 2.4, "the ball rests on the hill's top")

-- the picture from above: the terrain, the picked triangles, the hit points
for i, tri in ipairs(tris) do draw(tri, { color = "#c7c7c7", label = i == 1 and "terrain" or nil }) end
local shown = {}
for _, p in ipairs(picked) do
  if not shown[p.k] then
    draw(tris[p.k], { color = "#ff7f0e", fill = true, label = not shown.any and "picked triangle" or nil })
    shown[p.k], shown.any = true, true
  end
  drawPoint(p.x, p.y, p.z, { color = "#d62728", label = not shown.point and "hit point" or nil })
  shown.point = true
end
drawPoint(eye[1], eye[2], eye[3], { color = "#1f77b4", label = "camera" })
draw(collide.sphere(12.3, 8.2, 10 - 12 * t0, 0.5), { color = "#2ca02c", label = "the dropped ball at rest" })
