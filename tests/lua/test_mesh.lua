-- collide.mesh: construction errors naming the argument and the position,
-- picking against the triangles one by one (closest t, least index), ties on
-- a shared edge, barycentrics, overlaps, casts, and no garbage per pick.
local collide = require "collide"

-- a 12 x 12 heightfield, heights on a 1/16 grid
local n = 12
local verts, idx = {}, {}
local seed = 99
local function rnd(k)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % k
end
for j = 0, n do
  for i = 0, n do
    verts[#verts + 1] = i
    verts[#verts + 1] = j
    verts[#verts + 1] = (rnd(33) - 16) / 16
  end
end
for j = 0, n - 1 do
  for i = 0, n - 1 do
    local a = j * (n + 1) + i + 1
    local b, c, d = a + 1, a + n + 1, a + n + 2
    for _, v in ipairs({ a, b, d, a, d, c }) do idx[#idx + 1] = v end
  end
end
local mesh = collide.mesh(verts, idx)
expectEqual(#mesh, 2 * n * n, "#mesh is the triangle count")
expect(tostring(mesh):find("^collide%.Mesh%(288 triangles, 169 vertices%)"), "tostring")
local tris = {}
for k = 1, #mesh do tris[k] = mesh:triangle(k) end

-- picks against the triangles one by one
local hits = 0
for q = 1, 400 do
  local ox, oy = rnd(1300) / 100 - 0.25, rnd(1300) / 100 - 0.25
  local tx, ty = rnd(1300) / 100 - 0.25, rnd(1300) / 100 - 0.25
  local dx, dy, dz = tx - ox, ty - oy, -4
  local best, best_k
  for k, t in ipairs(tris) do
    local th = collide.raycast(t, ox, oy, 2, dx, dy, dz)
    if th and (not best or th < best) then best, best_k = th, k end
  end
  local k, t, px, py, pz, nx, ny, nz, u, v, w = mesh:raycast(ox, oy, 2, dx, dy, dz)
  expect(k == best_k and t == best, "pick " .. q)
  if k then
    hits = hits + 1
    expectNear(u + v + w, 1, collide.real == "float" and 1e-6 or 1e-12, "barycentrics sum to 1")
    expect(nz > 0, "the normal faces the origin (from above)")
  end
end
expect(hits > 200, "the picks hit (" .. hits .. ")")

-- a ray down the shared diagonal of each quad: both triangles are hit, at
-- t equal or an ulp apart (each from its own plane); the pick is the least
-- t, the least index among equal t
for q = 0, n * n - 1, 7 do
  local ax, ay, az = tris[2 * q + 1]:a()
  local dx, dy, dz = tris[2 * q + 1]:c()
  local mx, my = (ax + dx) / 2, (ay + dy) / 2
  local t1 = collide.raycast(tris[2 * q + 1], mx, my, 5, 0, 0, -10)
  local t2 = collide.raycast(tris[2 * q + 2], mx, my, 5, 0, 0, -10)
  expect(t1 and t2, "both triangles of quad " .. q .. " are hit on their shared edge")
  local want = (t2 < t1) and 2 * q + 2 or 2 * q + 1
  expectEqual(mesh:raycast(mx, my, 5, 0, 0, -10), want, "the pick on quad " .. q .. "'s diagonal")
end

-- overlaps: the triangles one by one, in order
do
  local out = {}
  for q = 1, 50 do
    local s = collide.sphere(rnd(1200) / 100, rnd(1200) / 100, (rnd(200) - 100) / 100, rnd(100) / 100 + 0.05)
    local want = {}
    for k, t in ipairs(tris) do
      if collide.overlap(s, t) then want[#want + 1] = k end
    end
    local m = mesh:overlaps(s, out)
    local ok = m == #want
    for i = 1, #want do ok = ok and out[i] == want[i] end
    expect(ok, "overlaps " .. q)
    expectEqual(mesh:overlap(s), #want > 0, "overlap " .. q)
  end
end

-- a ball dropped on the terrain stops at the first triangle it meets
do
  local ball = collide.sphere(6.3, 6.7, 3, 0.5)
  local k, t0 = mesh:cast(ball, 0, 0, -6)
  local best, best_k
  for i, t in ipairs(tris) do
    local s0 = collide.sweep(ball, 0, 0, -6, t)
    if s0 and (not best or s0 < best) then best, best_k = s0, i end
  end
  expect(k == best_k and t0 == best, "the cast meets the first triangle")
  expectEqual(mesh:cast(ball, 0, 0, 1), nil, "a cast upward meets nothing")
end

-- errors name the argument and the position
expectError("bad argument #1 to 'collide.mesh' (coordinate 5 is nan", collide.mesh, { 0, 0, 0, 1, 0 / 0, 0, 0, 1, 0 }, { 1, 2, 3 })
expectError("coordinate 2 is not a number", collide.mesh, { 0, "x", 0 }, { 1, 1, 1 })
expectError("bad argument #2 to 'collide.mesh' (index 3 is 4: vertices run from 1 to 3)", collide.mesh,
  { 0, 0, 0, 1, 0, 0, 0, 1, 0 }, { 1, 2, 4 })
expectError("index 2 is not an integer", collide.mesh, { 0, 0, 0, 1, 0, 0, 0, 1, 0 }, { 1, 1.5, 3 })
expectError("a multiple of 3 numbers, got 8", collide.mesh, { 0, 0, 0, 1, 0, 0, 0, 1 }, { 1, 2, 3 })
expectError("a multiple of 3, got 2", collide.mesh, { 0, 0, 0, 1, 0, 0, 0, 1, 0 }, { 1, 2 })
expectError("triangle must be in 1..288, got 289", mesh.triangle, mesh, 289)
expectError("3D shape expected, got circle", mesh.overlap, mesh, collide.circle(0, 0, 1))
expectError("maxT must be >= 0", mesh.raycast, mesh, 0, 0, 0, 1, 0, 0, -1)

-- no garbage per pick
expectNoGarbage(function() mesh:raycast(3.3, 4.4, 2, 0.5, 0.25, -4) end, 500, "mesh:raycast")
local out, probe = {}, collide.sphere(3, 3, 0, 1.5)
expectNoGarbage(function() mesh:overlaps(probe, out) end, 200, "mesh:overlaps with out")
