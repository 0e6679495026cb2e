-- Bounding volumes from point sets: collide.boundingBox, collide.boundingSphere,
-- collide.kdop, collide.merge and collide.hull; every volume holds every point, the minimum
-- sphere is the smallest, a k-DOP's slabs, errors naming the argument, and a
-- k-DOP that cannot be forged from another userdata.
local collide = require "collide"
local float = collide.real == "float"
local tol = float and 1e-4 or 1e-9

-- a cube's corners, a random cloud (a fixed sequence), and the same 1000 away
local cube = {}
for i = 0, 7 do
  cube[#cube + 1] = { i & 1 == 1 and 1 or -1, i & 2 == 2 and 1 or -1, i & 4 == 4 and 1 or -1 }
end
local cloud, seed = {}, 12345
local function rnd()
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648 * 2 - 1
end
for _ = 1, 500 do cloud[#cloud + 1] = { rnd() * 4, rnd(), rnd() * 0.25 } end
local far = {}
for i, p in ipairs(cloud) do far[i] = { p[1] + 1000, p[2] - 500, p[3] + 250 } end

local function holds_all(vol, pts, what)
  local ok = true
  for _, p in ipairs(pts) do ok = ok and collide.overlap(collide.point(p[1], p[2], p[3]), vol) end
  expect(ok, what .. " holds every point")
end

for _, set in ipairs({ { cube, "cube" }, { cloud, "cloud" }, { far, "far cloud" } }) do
  local pts, name = set[1], set[2]
  holds_all(collide.boundingBox(pts), pts, name .. ": aabb")
  holds_all(collide.boundingBox(pts, "pca"), pts, name .. ": pca box")
  local least, pcabox = collide.boundingBox(pts, "minimum"), collide.boundingBox(pts, "pca")
  holds_all(least, pts, name .. ": least box")
  local lx, ly, lz = least:halfExtents()
  local px, py, pz = pcabox:halfExtents()
  expect(lx * ly * lz <= px * py * pz, name .. ": the least box is no larger than PCA's")
  local radii = {}
  for _, m in ipairs({ "minimum", "ritter", "aabb" }) do
    local s = collide.boundingSphere(pts, m)
    holds_all(s, pts, name .. ": " .. m .. " sphere")
    radii[m] = s:radius()
  end
  expect(radii.minimum <= radii.ritter * (1 + tol) and radii.minimum <= radii.aabb * (1 + tol),
    name .. ": the minimum sphere is the smallest")
  for _, k in ipairs({ 6, 14, 18, 26 }) do
    local d = collide.kdop(pts, k)
    local ok = true
    for _, p in ipairs(pts) do ok = ok and d:contains(p[1], p[2], p[3]) end
    expect(ok, name .. ": the " .. k .. "-DOP holds every point")
    expectEqual(d:k(), k, "k")
  end
end

-- the hull: every point on or below every face plane (to the planes'
-- rounding), each face's vertices on its plane, hand-derived counts
local function hull_holds(pts, name)
  local poly, faces, dim = collide.hull(pts)
  local ok, on = true, true
  for _, f in ipairs(faces) do
    local n = f.normal
    for _, p in ipairs(pts) do
      ok = ok and n[1] * p[1] + n[2] * p[2] + n[3] * p[3] <= f.d + tol * 1000
    end
    for _, i in ipairs(f.vertices) do
      local x, y, z = poly:point(i)
      on = on and math.abs(n[1] * x + n[2] * y + n[3] * z - f.d) <= tol * 1000
    end
  end
  expect(ok, name .. ": the hull holds every point")
  expect(on, name .. ": each face's vertices lie on its plane")
  return poly, faces, dim
end
for _, set in ipairs({ { cube, "cube" }, { cloud, "cloud" }, { far, "far cloud" } }) do hull_holds(set[1], set[2]) end
do
  -- the cube with its face centres, edge midpoints and centre: still 8 corners, 6 squares
  local pts = {}
  for x = -1, 1 do for y = -1, 1 do for z = -1, 1 do pts[#pts + 1] = { x, y, z } end end end
  local poly, faces, dim = hull_holds(pts, "3x3x3 grid")
  expectEqual(poly:count(), 8, "the grid's hull has the cube's corners")
  expectEqual(#faces, 6, "and its six faces")
  expectEqual(#faces[1].vertices, 4, "each a square")
  expectEqual(dim, 3, "a solid")
  -- flat, collinear, one point
  poly, faces, dim = collide.hull({ { 0, 0, 1 }, { 2, 0, 1 }, { 0, 2, 1 }, { 2, 2, 1 }, { 1, 1, 1 } })
  expectEqual(dim, 2, "a flat hull")
  expectEqual(#faces, 2, "two faces back to back")
  expectEqual(faces[1].normal[3], -faces[2].normal[3], "facing both ways")
  expectEqual(poly:count(), 4, "the square's corners")
  poly, faces, dim = collide.hull({ { 0, 0, 0 }, { 1, 1, 1 }, { 3, 3, 3 } })
  expectEqual(dim, 1, "collinear: a segment")
  expectEqual(poly:count(), 2, "its ends")
  expectEqual(#faces, 0, "no face")
  poly, faces, dim = collide.hull({ { 5, 5, 5 }, { 5, 5, 5 } })
  expectEqual(dim, 0, "one point")
  -- the polytope takes part in queries as collide.convex does
  poly = collide.hull(cube)
  expect(collide.overlap(poly, collide.sphere(1.5, 0, 0, 0.5)), "the hull touches a ball at a face")
  expect(not collide.overlap(poly, collide.sphere(1.5, 0, 0, 0.49)), "and misses a smaller one")
end
expectError("#1 to 'collide.hull' (at least one point expected, got an empty table)", collide.hull, {})

-- the separating-axis test of two hulls: two cubes apart by 0.5 face to face,
-- overlapping by 0.25, and edge to edge (turned 45 degrees about z and y)
do
  local function moved(pts, dx, dy, dz)
    local out = {}
    for i, p in ipairs(pts) do out[i] = { p[1] + dx, p[2] + dy, p[3] + dz } end
    return out
  end
  local gap, nx, ny, nz, axis = collide.separatingAxis(cube, moved(cube, 2.5, 0.3, 0))
  expectNear(gap, 0.5, tol, "cubes apart by 0.5")
  expectEqual(nx, -1, "from B toward A")
  expectEqual(axis, "faceA", "A's face first on a tie")
  gap = collide.separatingAxis(collide.convex(cube), moved(cube, 1.75, 0, 0.5))
  expectNear(gap, -0.25, tol, "cubes 0.25 deep")
  local c, s = math.cos(math.pi / 4), math.sin(math.pi / 4)
  local a, b = {}, {}
  for i, p in ipairs(cube) do
    a[i] = { c * p[1] - s * p[2], s * p[1] + c * p[2], p[3] }
    b[i] = { c * p[1] + s * p[3] + 2 * math.sqrt(2) + 0.3, p[2] + 0.1, -s * p[1] + c * p[3] }
  end
  gap, nx, ny, nz, axis = collide.separatingAxis(a, b)
  expectEqual(axis, "edges", "edge to edge")
  expectNear(gap, 0.3, tol * 10, "by the gap between the edges")
  local d = collide.distance(collide.convex(a), collide.convex(b))
  expectNear(gap, d, tol * 10, "the distance, as GJK finds it")
end
expectError("#2 to 'collide.separatingAxis' (the points are flat: a solid hull expected)", collide.separatingAxis,
  cube, { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } })
expectError("#1 to 'collide.separatingAxis' (the points are on a line: a solid hull expected)",
  collide.separatingAxis, { { 0, 0, 0 }, { 1, 0, 0 } }, cube)

-- hand-derived: the cube's minimum sphere has radius sqrt 3; its box is itself
local s = collide.boundingSphere(cube)
expectNear(s:radius(), math.sqrt(3), tol, "the cube's minimum sphere")
local cx, cy, cz = s:center()
expectNear(cx, 0, tol, "centred")
expectEqual(tostring(collide.boundingBox(cube)), "collide.Aabb(-1, -1, -1, 1, 1, 1)", "the cube's box")
expectEqual(collide.boundingBox(cube, "pca"):kind(), "obb", "pca gives an obb")
do -- the cube's least box is the cube (half extents 1)
  local hx, hy, hz = collide.boundingBox(cube, "minimum"):halfExtents()
  expectNear(hx * hy * hz, 1, tol, "the cube's least box")
end
s = collide.boundingSphere({ { 0, 0, 0 }, { 2, 0, 0 }, { 1, 1, 0 } })
expectNear(s:radius(), 1, tol, "a right triangle's circle")
s = collide.boundingSphere(collide.convex(cube))
expectNear(s:radius(), math.sqrt(3), tol, "from a polytope's points")
s = collide.boundingSphere({ 1, 2, 3, 1, 2, 3 })
expectEqual(select(1, s:center()), 1, "one point, twice")

-- the cube's 14-DOP: x + y + z within [-3, 3]; an ulp beyond a corner is out
local d = collide.kdop(cube, 14)
local lo, hi, ax, ay, az = d:slab(4)
expectEqual(lo, -3, "slab 4 min")
expectEqual(hi, 3, "slab 4 max")
expectEqual(ax + ay + az, 3, "slab 4 is (1, 1, 1)")
expect(d:contains(1, 1, 1), "the corner is in")
expect(not d:contains(1 + (float and 2 ^ -23 or 2 ^ -52), 1, 1), "an ulp beyond it is out")
expectEqual(tostring(d), "collide.Kdop(k 14; x -1..1, y -1..1, z -1..1)", "tostring")
-- two octahedra apart along the corner diagonal only: their boxes overlap
local oct = { 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1 }
local oct2 = {}
for i, v in ipairs(oct) do oct2[i] = v + 0.8 end
expect(collide.kdop(oct, 6):overlaps(collide.kdop(oct2, 6)), "their 6-DOPs overlap")
expect(not collide.kdop(oct, 14):overlaps(collide.kdop(oct2, 14)), "their 14-DOPs do not")
-- a ray against the octahedron's 14-DOP (its faces): through the box's corner it misses, at a
-- face it enters there, from inside t = 0
local od = collide.kdop(oct, 14)
expectEqual(od:raycast(5, 0.9, 0.9, -1, 0, 0), nil, "past the octahedron, through its box's corner")
expect(collide.kdop(oct, 6):raycast(5, 0.9, 0.9, -1, 0, 0), "the 6-DOP (the box) is hit there")
local t, px, py, pz, nx, ny, nz, inside = od:raycast(5, 5, 0, -1, -1, 0)
expectNear(t, 4.5, float and 1e-4 or 1e-9, "enters at the edge x + y = 1")
expect(nx * -1 + ny * -1 < 0 and not inside, "the normal faces the ray")
expectEqual(od:raycast(5, 5, 0, -1, -1, 0, 4.25), nil, "stops short")
t, px, py, pz, nx, ny, nz, inside = od:raycast(0.1, 0.2, 0, 1, 0, 0, 1)
expect(t == 0 and inside, "from inside")
expectError("#7 to 'raycast' (maxT must be >= 0)", function() return od:raycast(0, 0, 0, 1, 0, 0, -1) end)

-- merges
local m = collide.merge(collide.sphere(0, 0, 0, 1), collide.sphere(3, 0, 0, 1))
expectNear(m:radius(), 2.5, tol, "two spheres' merge")
expectEqual(tostring(collide.merge(collide.aabb(0, 0, 0, 1, 1, 1), collide.aabb(2, 2, 2, 3, 3, 3))),
  "collide.Aabb(0, 0, 0, 3, 3, 3)", "two boxes' merge")
local dm = collide.merge(d, collide.kdop({ 0, 0, 5 }, 14))
expect(dm:contains(0, 0, 5) and dm:contains(-1, -1, -1), "two k-DOPs' merge holds both")

-- errors name the function and the argument
expectError("bad argument #1 to 'collide.boundingSphere' (a flat array needs 3 numbers per point, got 2 numbers)",
  collide.boundingSphere, { 1, 2 })
expectError("#1 to 'collide.boundingBox' (point 2: y must be finite with magnitude <=",
  collide.boundingBox, { { 0, 0, 0 }, { 0, math.huge, 0 } })
expectError("#1 to 'collide.kdop' (at least one point expected, got an empty table)", collide.kdop, {}, 6)
expectError("#2 to 'collide.kdop' (k must be 6, 14, 18 or 26, got 10)", collide.kdop, cube, 10)
expectError("#2 to 'collide.boundingBox' (invalid option 'best')", collide.boundingBox, cube, "best")
expectError("#1 to 'collide.boundingBox' (point 2: y must be finite with magnitude <=",
  collide.boundingBox, { { 0, 0, 0 }, { 0, math.huge, 0 } }, "minimum")
expectError("#2 to 'collide.merge' (two aabbs, two spheres, two obbs or two k-DOPs expected, got sphere and aabb)",
  collide.merge, collide.sphere(0, 0, 0, 1), collide.aabb(0, 0, 0, 1, 1, 1))
-- a k-DOP against an AABB: the cube's 14-DOP meets a box touching its face and
-- one at a corner's diagonal slab only where the slab lets it
do
  local d14 = collide.kdop(cube, 14)
  expect(d14:overlaps(collide.aabb(1, -0.5, -0.5, 2, 0.5, 0.5)), "a box touching a face")
  expect(not d14:overlaps(collide.aabb(1.01, -0.5, -0.5, 2, 0.5, 0.5)), "a box just beyond it")
  local oct = collide.kdop({ { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 }, { 0, 0, 1 }, { 0, 0, -1 } }, 14)
  expect(not oct:overlaps(collide.aabb(0.6, 0.6, 0.6, 2, 2, 2)), "the octahedron's x + y + z <= 1 parts a corner box")
  expect(oct:overlaps(collide.aabb(0.3, 0.3, 0.3, 2, 2, 2)), "a box reaching x + y + z = 0.9")
  expect(collide.kdop(cube, 6):overlaps(collide.aabb(1, 1, 1, 2, 2, 2)), "6-DOP: boxes touching at a corner")
end
expectError("a 14-DOP expected, got a 6-DOP", d.overlaps, d, collide.kdop(cube, 6))
expectError("slab index must be in [1, 7], got 8", d.slab, d, 8)
expectError("collide.Kdop expected", d.contains, collide.sphere(0, 0, 0, 1), 0, 0, 0)

-- its metatable is a public copy; with the debug library, moving the real
-- one onto a smaller userdata is refused by the size check
expectEqual(getmetatable(d).__name, "collide.Kdop", "public copy keeps the name")
if debug and debug.getmetatable then
  local real = debug.getmetatable(d)
  local p = collide.point(0, 0, 0)
  local saved = debug.getmetatable(p)
  debug.setmetatable(p, real)
  expectError("collide.Kdop expected", real.__index.contains, p, 0, 0, 0)
  debug.setmetatable(p, saved)
end

-- collide.contains: a shape wholly in an AABB, an OBB, a sphere or a k-DOP
do
  local box = collide.aabb(0, 0, 0, 4, 4, 4)
  expect(collide.contains(box, collide.segment(0, 0, 0, 4, 4, 4)), "a diagonal touching the corners is in")
  expect(not collide.contains(box, collide.segment(0, 0, 0, 4, 4, 4.000001)), "a little beyond is not")
  expect(collide.contains(box, collide.sphere(2, 2, 2, 1.9)), "a ball inside")
  expect(not collide.contains(box, collide.sphere(2, 2, 2, 2.1)), "a ball reaching out")
  local ball = collide.sphere(0, 0, 0, 2)
  expect(collide.contains(ball, collide.capsule(-1, 0, 0, 1, 0, 0, 0.9)), "a capsule in a ball")
  expect(not collide.contains(ball, collide.capsule(-1, 0, 0, 1, 0, 0, 1.1)), "a capsule out of a ball")
  local turned = collide.obb(0, 0, 0, 2, 0.5, 1, 0.7071067811865476, 0.7071067811865476, 0,
    -0.7071067811865476, 0.7071067811865476, 0, 0, 0, 1)
  expect(collide.contains(turned, collide.segment(-1.3, -1.3, 0, 1.3, 1.3, 0.9)), "along a turned box")
  expect(not collide.contains(turned, collide.segment(-1.3, 1.3, 0, 0, 0, 0)), "across it")
  local pts = { 0, 0, 0, 3, 1, 0, 1, 3, 1, 0, 1, 3 }
  local d = collide.kdop(pts, 18)
  expect(collide.contains(d, collide.convex(pts)), "a k-DOP holds its points' hull")
  expect(not collide.contains(d, collide.point(3.000001, 1, 0)), "and not a point beyond")
  expectError("an aabb, obb, sphere or k-DOP expected as the volume, got capsule", collide.contains,
    collide.capsule(0, 0, 0, 1, 0, 0, 1), ball)
  expectError("a plane lies in no volume", collide.contains, box, collide.plane(0, 0, 1, 0))
  expectError("3D shape expected, got circle", collide.contains, box, collide.circle(0, 0, 1))
end

-- collide.merge of two OBBs: a box holding both, by PCA or the least box over their corners
do
  local a = collide.obb(0, 0, 0, 1, 0.5, 0.25)
  local b = collide.obb(3, 1, 0, 1, 0.5, 0.25, 0.6, 0.8, 0, -0.8, 0.6, 0, 0, 0, 1)
  for _, method in ipairs({ "pca", "minimum" }) do
    local m = collide.merge(a, b, method)
    expectEqual(m:kind(), "obb", "an obb")
    for _, box in ipairs({ a, b }) do
      local cx, cy, cz = box:center()
      expect(collide.overlap(collide.point(cx, cy, cz), m), method .. ": the centres inside")
    end
    expect(collide.overlap(collide.point(-1, -0.5, -0.25), m), method .. ": a's corner inside")
  end
  expectError("invalid option 'best'", collide.merge, a, b, "best")
end
