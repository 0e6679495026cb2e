-- Bounding volumes of point clouds: the AABB, the PCA box, the least box
-- over the hull's directions, the minimum sphere (Welzl), Ritter's sphere
-- and the sphere about the AABB's centre, and the k-DOPs and the convex hull
-- (quickhull, exact), over a cube's corners, a thin turned rod, a sphere
-- sample, 10^5 points in a turned box and a turned box's corners with one
-- face's diagonal (which turns PCA's axes); a table of their volumes, every
-- point checked inside every volume, and a picture of a turned cloud with
-- its volumes.
--
--   collide-run --svg bounding.svg scripts/bounding.lua
--   (or LUA_CPATH='build/?.so' lua5.4 -l shim scripts/bounding.lua from the source root)
--
-- Build times are in `make bench` (collide-run has no clock: its runs are
-- deterministic).
local collide = require "collide"
local expect = expect or function(ok, msg) if not ok then error(msg, 2) end return ok end
local draw, drawPoint = draw or function() end, drawPoint or function() end
local record = record or function() end

-- a deterministic generator (scenarios do not depend on math.random's seed)
local seed = 4242
local function rand(a, b)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return a + (b - a) * seed / 2147483648
end

-- a point p turned by angle about z
local function turn(x, y, z, angle)
  local c, s = math.cos(angle), math.sin(angle)
  return { c * x - s * y, s * x + c * y, z }
end

local clouds = {}
local cube = {}
for i = 0, 7 do
  cube[#cube + 1] = { i & 1 == 1 and 1 or -1, i & 2 == 2 and 1 or -1, i & 4 == 4 and 1 or -1 }
end
clouds[#clouds + 1] = { name = "cube corners", points = cube }
local rod = {}
for _ = 1, 200 do rod[#rod + 1] = turn(rand(-5, 5), rand(-0.005, 0.005), rand(-0.005, 0.005), 0.5) end
clouds[#clouds + 1] = { name = "thin rod, turned", points = rod }
local ball = {}
for i = 0, 499 do -- a Fibonacci sphere: evenly spread, radius 2
  local y = 1 - 2 * (i + 0.5) / 500
  local r, phi = math.sqrt(1 - y * y), i * math.pi * (3 - math.sqrt(5))
  ball[#ball + 1] = { 2 * r * math.cos(phi), 2 * y, 2 * r * math.sin(phi) }
end
clouds[#clouds + 1] = { name = "sphere sample", points = ball }
local many = {}
for _ = 1, 100000 do many[#many + 1] = turn(rand(-3, 3), rand(-1, 1), rand(-0.5, 0.5), 0.4) end
clouds[#clouds + 1] = { name = "10^5 in a turned box", points = many }
local diag = {} -- a box 3 x 1 x 0.5 (half extents) turned about z, its corners and its top face's diagonal
for i = 0, 7 do
  diag[#diag + 1] = turn(i & 1 == 1 and 3 or -3, i & 2 == 2 and 1 or -1, i & 4 == 4 and 0.5 or -0.5, 0.3)
end
for i = 0, 300 do
  local t = -1 + i / 150
  diag[#diag + 1] = turn(3 * t, t, 0.5, 0.3)
end
clouds[#clouds + 1] = { name = "box + face diagonal", points = diag }

local function box_volume(b)
  if b:kind() == "aabb" then
    local x0, y0, z0 = b:min()
    local x1, y1, z1 = b:max()
    return (x1 - x0) * (y1 - y0) * (z1 - z0)
  end
  local hx, hy, hz = b:halfExtents()
  return 8 * hx * hy * hz
end
local function ball_volume(s) return 4 / 3 * math.pi * s:radius() ^ 3 end

-- the hull's volume: each face fanned into triangles, each with the origin
-- a signed tetrahedron (the faces run counter-clockwise seen from outside)
local function hull_volume(poly, faces)
  local v = 0
  for _, f in ipairs(faces) do
    local ax, ay, az = poly:point(f.vertices[1])
    for i = 2, #f.vertices - 1 do
      local bx, by, bz = poly:point(f.vertices[i])
      local cx, cy, cz = poly:point(f.vertices[i + 1])
      v = v + (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)) / 6
    end
  end
  return v
end

-- every point on or below every face's plane (to the planes' rounding)
local function hull_holds(faces, pts, size)
  for _, f in ipairs(faces) do
    local n = f.normal
    for _, p in ipairs(pts) do
      if n[1] * p[1] + n[2] * p[2] + n[3] * p[3] > f.d + 1e-12 * size then return false end
    end
  end
  return true
end

local function holds_all(vol, pts)
  for _, p in ipairs(pts) do
    if not collide.overlap(collide.point(p[1], p[2], p[3]), vol) then return false end
  end
  return true
end

print(("collide %s (%s): bounding volumes of point clouds (volume; every point checked inside)"):format(
  collide._VERSION, collide.real))
print(("%-22s %7s %10s %10s %10s %10s %10s %10s %8s %10s %6s"):format("cloud", "points", "AABB", "PCA box",
  "least box", "min sphere", "Ritter", "AABB ball", "k-DOPs", "hull", "faces"))
for _, c in ipairs(clouds) do
  local pts = c.points
  local aabb, pca, least = collide.boundingBox(pts), collide.boundingBox(pts, "pca"),
      collide.boundingBox(pts, "minimum")
  local smin, srit, sbox = collide.boundingSphere(pts), collide.boundingSphere(pts, "ritter"),
      collide.boundingSphere(pts, "aabb")
  for _, v in ipairs({ aabb, pca, least, smin, srit, sbox }) do
    expect(holds_all(v, pts), c.name .. ": the " .. v:kind() .. " holds every point")
  end
  local kdops_hold = true
  for _, k in ipairs({ 6, 14, 18, 26 }) do
    local d = collide.kdop(pts, k)
    for _, p in ipairs(pts) do kdops_hold = kdops_hold and d:contains(p[1], p[2], p[3]) end
  end
  expect(kdops_hold, c.name .. ": every k-DOP holds every point")
  expect(smin:radius() <= srit:radius() and smin:radius() <= sbox:radius(),
    c.name .. ": the minimum sphere is the smallest")
  local poly, faces, dim = collide.hull(pts)
  expect(hull_holds(faces, pts, 10), c.name .. ": the hull holds every point")
  local row = { box_volume(aabb), box_volume(pca), box_volume(least), ball_volume(smin), ball_volume(srit),
    ball_volume(sbox), hull_volume(poly, faces) }
  expect(row[3] <= row[2], c.name .. ": the least box is no larger than PCA's")
  expect(row[7] <= row[1] * (1 + 1e-12) and row[7] <= row[3] * (1 + 1e-12) and row[7] <= row[4],
    c.name .. ": the hull is the smallest")
  print(("%-22s %7d %10.4g %10.4g %10.4g %10.4g %10.4g %10.4g %8s %10.4g %6d"):format(c.name, #pts, row[1], row[2],
    row[3], row[4], row[5], row[6], kdops_hold and "hold" or "FAIL", row[7], #faces))
  record(c.name, #pts, row[1], row[2], row[3], row[4], row[5], row[6], row[7], #faces, dim)
  c.faces = faces
  c.aabb, c.pca, c.least, c.smin, c.srit = aabb, pca, least, smin, srit
end
-- what the numbers show
expect(math.abs(box_volume(clouds[1].aabb) - 8) < 1e-12 and math.abs(clouds[1].smin:radius() - math.sqrt(3)) < 1e-9,
  "the cube's corners: the cube itself and its circumsphere")
expect(box_volume(clouds[2].pca) < 0.01 * box_volume(clouds[2].aabb), "a turned rod: PCA follows it, the AABB does not")
expect(box_volume(clouds[4].pca) < 0.8 * box_volume(clouds[4].aabb), "a turned box: PCA's box is the tighter")
expect(math.abs(clouds[3].smin:radius() - 2) < 1e-3, "a sphere sample: the minimum sphere is the sphere")
expect(#clouds[1].faces == 6, "the cube's corners: a hull of six square faces")
expect(math.abs(box_volume(clouds[5].least) - 12) < 1e-9 and box_volume(clouds[5].pca) > 1.05 * 12,
  "a box's corners and a face diagonal: PCA turns off the box, the least box is the box")
expect(#clouds[3].faces == 2 * 500 - 4, "a sphere sample: every point a vertex of its hull (2V - 4 triangles)")

-- the picture: a turned, elongated cloud in the xy plane with its volumes
local pic = {}
for _ = 1, 300 do
  local r, a = rand(0, 1), rand(0, 2 * math.pi)
  pic[#pic + 1] = turn(3 * math.sqrt(r) * math.cos(a) + 1, 1.2 * math.sqrt(r) * math.sin(a), rand(-0.1, 0.1), 0.6)
end
pic[#pic + 1] = turn(4.6, 0.3, 0, 0.6) -- an outlier along the long axis
draw(collide.boundingBox(pic), { label = "AABB", color = "#888888", dashed = true, fill = false })
draw(collide.boundingBox(pic, "pca"), { label = "PCA box", color = "#1f77b4", fill = false })
draw(collide.boundingBox(pic, "minimum"), { label = "least box (hull directions)", color = "#17becf", fill = false })
draw(collide.boundingSphere(pic, "aabb"), { label = "sphere about the AABB's centre", color = "#d62728", dashed = true, fill = false })
draw(collide.boundingSphere(pic, "ritter"), { label = "Ritter's sphere", color = "#ff7f0e", dashed = true, fill = false })
draw(collide.boundingSphere(pic), { label = "minimum sphere (Welzl)", color = "#2ca02c", fill = false })
draw(collide.hull(pic), { label = "convex hull (quickhull)", color = "#9467bd", fill = false })
for _, p in ipairs(pic) do drawPoint(p[1], p[2], p[3], { color = "#333333" }) end
