-- collide.world: every query against brute force over the same bodies (the
-- module's own pair queries on each body, results in the documented order),
-- filters (masks, functions, errors, the lock), ids, errors naming the
-- function and the argument, and no garbage per query when `out` is reused.
local collide = require "collide"

-- a deterministic generator (the scripts must not depend on math.random's seed)
local seed = 12345
local function rand(a, b)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return a + (b - a) * seed / 2147483648
end

local function random_shape(range, size)
  local x, y, z = rand(-range, range), rand(-range, range), rand(-range, range)
  local k = math.floor(rand(0, 7))
  local s = rand(0.05, 1) * size
  if k == 0 then return collide.sphere(x, y, z, s)
  elseif k == 1 then return collide.aabb(x, y, z, x + s, y + rand(0, size), z + rand(0, size))
  elseif k == 2 then return collide.capsule(x, y, z, x + rand(-size, size), y + rand(-size, size), z, s * 0.3)
  elseif k == 3 then return collide.triangle(x, y, z, x + size, y, z + rand(0, size), x, y + size, z)
  elseif k == 4 then return collide.obb(x, y, z, s, s * 0.5, s * 0.2, collide.axesFromAxisAngle(1, 1, 0, rand(0, 3)))
  elseif k == 5 then return collide.point(x, y, z)
  else return collide.ellipsoid(x, y, z, s, s * 0.5, s * 0.7) end
end

local w = collide.world()
local bodies = {} -- id -> {shape, item, category}
for i = 1, 600 do
  local s = random_shape(30, 4)
  local category = 1 << (i % 3)
  local id = w:add(s, "item" .. i, { category = category, static = i % 4 == 0 })
  bodies[id] = { shape = s, item = "item" .. i, category = category }
end
local ground = w:add(collide.plane(0, 0, 1, -25), "ground", { static = true })
bodies[ground] = { shape = collide.plane(0, 0, 1, -25), item = "ground", category = 1 }
-- remove a few and replace some shapes, so slots are reused
for id = 10, 60, 7 do
  w:remove(id)
  bodies[id] = nil
end
for id = 100, 200, 13 do
  local s = random_shape(30, 4)
  w:setShape(id, s)
  bodies[id].shape = s
end
expectEqual(#w, (function() local n = 0 for _ in pairs(bodies) do n = n + 1 end return n end)(), "#w counts bodies")

local function sorted_ids()
  local ids = {}
  for id in pairs(bodies) do ids[#ids + 1] = id end
  table.sort(ids)
  return ids
end
local ids = sorted_ids()

local function same_list(got, n, want, msg)
  local ok = n == #want
  for i = 1, #want do ok = ok and got[i] == want[i] end
  expect(ok, msg .. (ok and "" or (": got " .. n .. " results, want " .. #want)))
end

-- queryShape / queryAABB / queryPoint, in id order, with and without a mask
local out = {}
local total = 0
for q = 1, 40 do
  local s = random_shape(30, 12)
  for _, mask in ipairs({ false, 2 }) do
    local want = {}
    for _, id in ipairs(ids) do
      local b = bodies[id]
      if (not mask or b.category & mask ~= 0) and collide.overlap(s, b.shape) then want[#want + 1] = b.item end
    end
    local n = w:queryShape(s, mask or nil, out)
    same_list(out, n, want, "queryShape " .. q)
    total = total + n
  end
end
expect(total > 100, "the shape queries find bodies (" .. total .. ")")
do
  local want = {}
  for _, id in ipairs(ids) do
    if collide.overlap(collide.aabb(-10, -10, -10, 10, 10, 10), bodies[id].shape) then want[#want + 1] = bodies[id].item end
  end
  local n = w:queryAABB(-10, -10, -10, 10, 10, 10, nil, out)
  same_list(out, n, want, "queryAABB")
  local p = collide.point(1, 2, 3)
  want = {}
  for _, id in ipairs(ids) do
    if collide.overlap(p, bodies[id].shape) then want[#want + 1] = bodies[id].item end
  end
  n = w:queryPoint(1, 2, 3, nil, out)
  same_list(out, n, want, "queryPoint")
end

-- rays: all hits by (t, id); the closest is the first
for q = 1, 30 do
  local ox, oy, oz = rand(-30, 30), rand(-30, 30), rand(-30, 30)
  local dx, dy, dz = rand(-1, 1), rand(-1, 1), rand(-1, 1)
  local want = {}
  for _, id in ipairs(ids) do
    local t = collide.raycast(bodies[id].shape, ox, oy, oz, dx, dy, dz)
    if t then want[#want + 1] = { t = t, id = id } end
  end
  table.sort(want, function(a, b) if a.t ~= b.t then return a.t < b.t end return a.id < b.id end)
  local n, hits = w:raycastAll(ox, oy, oz, dx, dy, dz, nil, nil, out)
  local ok = n == #want
  for i = 1, #want do ok = ok and hits[i].item == bodies[want[i].id].item and hits[i].t == want[i].t end
  expect(ok, "raycastAll " .. q)
  local item, t = w:raycast(ox, oy, oz, dx, dy, dz)
  if #want > 0 then
    expect(item == bodies[want[1].id].item and t == want[1].t, "raycast " .. q .. " is the first of raycastAll")
  else
    expect(item == nil, "raycast " .. q .. " misses")
  end
end

-- casts: by (t0, id)
for q = 1, 15 do
  local s = random_shape(30, 3)
  local dx, dy, dz = rand(-20, 20), rand(-20, 20), rand(-20, 20)
  local want = {}
  for _, id in ipairs(ids) do
    local t0, _, _, _, _, _, _, _, inside = collide.sweep(s, dx, dy, dz, bodies[id].shape)
    if t0 then want[#want + 1] = { t = t0, id = id, inside = inside } end
  end
  table.sort(want, function(a, b) if a.t ~= b.t then return a.t < b.t end return a.id < b.id end)
  local n, hits = w:cast(s, dx, dy, dz, nil, out)
  local ok = n == #want
  for i = 1, #want do
    ok = ok and hits[i].item == bodies[want[i].id].item and hits[i].t == want[i].t and hits[i].inside == want[i].inside
  end
  expect(ok, "cast " .. q)
end

-- frustum: every body not outside, with its class
do
  local f = collide.frustum(0, -40, 0, 0, 0, 0, 0, 0, 1, 1.0, 1.5, 1, 80)
  local want, want_class = {}, {}
  for _, id in ipairs(ids) do
    local c = f:classify(bodies[id].shape)
    if c ~= "outside" then
      want[#want + 1] = bodies[id].item
      want_class[#want_class + 1] = c
    end
  end
  local classes = {}
  local n = w:queryFrustum(f, nil, out, classes)
  same_list(out, n, want, "queryFrustum")
  same_list(classes, n, want_class, "queryFrustum classes")
  expect(n > 50, "the frustum sees bodies")
end

-- filter functions: called with the item, run under pcall, the world locked
do
  local n = w:queryAABB(-100, -100, -100, 100, 100, 100, function(item) return item == "item5" or item == "ground" end, out)
  expect(n == 2 and out[1] == "item5" and out[2] == "ground", "a function filter")
  expect(out[3] == nil, "out is trimmed after a shorter answer")
  expectError("world:queryAABB: filter:", w.queryAABB, w, -100, -100, -100, 100, 100, 100, function() error("boom") end)
  expectError("boom", w.queryAABB, w, -100, -100, -100, 100, 100, 100, function() error("boom") end)
  expectError("the world is locked", w.queryAABB, w, -100, -100, -100, 100, 100, 100,
    function() w:add(collide.sphere(0, 0, 0, 1)) end)
  expectError("the world is locked", w.raycast, w, -50, 0, 0, 1, 0, 0, math.huge,
    function() w:remove(ground) end)
  expect(w:contains(ground), "the locked world did not change")
  -- unlocked after the errors
  local id = w:add(collide.sphere(100, 100, 100, 1))
  expectEqual(w:item(id), id, "the item defaults to the id")
  w:remove(id)
  expect(not w:contains(id), "removed")
end

-- ids carry a generation: a removed id stays invalid after its slot is reused
do
  local a = w:add(collide.sphere(0, 0, 0, 1), "a")
  w:remove(a)
  local b = w:add(collide.sphere(0, 0, 0, 1), "b")
  expect(a ~= b, "a new id for a reused slot")
  expectError("no body with id " .. a, w.remove, w, a)
  expectError("no body with id " .. a, w.setShape, w, a, collide.sphere(0, 0, 0, 1))
  w:remove(b)
end

-- errors name the function and the argument
expectError("bad argument #1 to 'collide.world' (unknown option 'gap' (options: margin, skin, bruteForce, staticKdop))", collide.world, { gap = 1 })
expectError("margin must be a finite number >= 0", collide.world, { margin = -1 })
expectError("a circle cannot be a body", w.add, w, collide.circle(0, 0, 1))
expectError("unknown option 'solid'", w.add, w, collide.sphere(0, 0, 0, 1), nil, { solid = true })
expectError("category must be an integer", w.add, w, collide.sphere(0, 0, 0, 1), nil, { category = 1.5 })
expectError("collide shape or mesh expected", w.add, w, {})
expectError("max must be >= min", w.queryAABB, w, 1, 0, 0, 0, 1, 1)
expectError("finite number expected", w.queryPoint, w, 0 / 0, 0, 0)
expectError("maxT must be >= 0", w.raycast, w, 0, 0, 0, 1, 0, 0, -1)
expectError("filter", w.queryPoint, w, 0, 0, 0, "x")
expectError("3D shape expected, got rect", w.queryShape, w, collide.rect(0, 0, 1, 1))
expectError("collide.World expected", w.add, {}, collide.sphere(0, 0, 0, 1))

-- reused `out` tables: no garbage per query
do
  local o, records, classes = {}, {}, {}
  local box = collide.aabb(-5, -5, -5, 5, 5, 5)
  local f = collide.frustum(0, -40, 0, 0, 0, 0, 0, 0, 1, 1.0, 1.5, 1, 80)
  local ball = collide.sphere(-30, 0, 0, 1)
  expectNoGarbage(function() w:queryAABB(-5, -5, -5, 5, 5, 5, nil, o) end, 200, "queryAABB with out")
  expectNoGarbage(function() w:queryShape(box, 3, o) end, 200, "queryShape with out and a mask")
  expectNoGarbage(function() w:queryFrustum(f, nil, o, classes) end, 50, "queryFrustum with out")
  expectNoGarbage(function() w:raycastAll(-30, 0, 0, 1, 0, 0, 60, nil, records) end, 200, "raycastAll with out")
  expectNoGarbage(function() w:cast(ball, 60, 0, 0, nil, records) end, 50, "cast with out")
  expectNoGarbage(function() w:raycast(-30, 0, 0, 1, 0, 0) end, 200, "raycast")
end

-- a mesh as a body: queries test its triangles
do
  local mw = collide.world()
  local floor = collide.mesh({ 0, 0, 0, 10, 0, 0, 0, 10, 0, 10, 10, 0 }, { 1, 2, 4, 1, 4, 3 })
  local f = mw:add(floor, "floor", { static = true })
  mw:add(collide.sphere(5, 5, 1, 0.5), "ball")
  local item, t = mw:raycast(2, 8, 10, 0, 0, -1)
  expect(item == "floor" and t == 10, "a ray picks the mesh body")
  local n, out = mw:queryShape(collide.sphere(2, 2, 0.05, 0.1))
  expect(n == 1 and out[1] == "floor", "a sphere touching the mesh")
  n = mw:queryShape(collide.sphere(2, 2, 0.5, 0.1))
  expectEqual(n, 0, "a sphere above the mesh's triangles (inside its box) does not overlap it")
  local m, hits = mw:cast(collide.sphere(2, 2, 5, 0.5), 0, 0, -10)
  local tol = collide.real == "float" and 1e-5 or 1e-9 -- the general sweep's tolerance
  expect(m == 1 and hits[1].item == "floor" and math.abs(hits[1].t - 0.45) <= tol, "a ball dropped on the mesh")
  expectEqual(mw:shape(f), floor, "w:shape gives the mesh")
  expectError("collide shape or mesh expected, got table", mw.add, mw, {})
end

-- stats
do
  local s = w:stats()
  expectEqual(s.bodies, #w, "stats.bodies")
  expectEqual(s.planes, 1, "stats.planes")
  expect(s.static + s.movable == s.bodies, "static + movable")
  expect(s.bytes > 0 and s.movableHeight >= 0 and s.staticHeight >= 0, "heights and bytes")
  w:optimize()
  expect(w:stats().staticHeight <= 2 * 8 + 8, "optimized static tree")
end
expect(tostring(w):find("^collide%.World%(%d+ bodies"), "tostring")

-- contacts: a crate resting exactly on a floor (its four corners) and
-- touching a ball beside it; on a mesh floor, one record per triangle
do
  local cw = collide.world()
  cw:add(collide.aabb(-10, -10, -1, 10, 10, 0), "floor", { static = true })
  local crate = cw:add(collide.obb(0, 0, 0.5, 0.5, 0.5, 0.5), "crate")
  cw:add(collide.sphere(0.75, 0, 0.75, 0.25), "ball")
  cw:add(collide.sphere(5, 5, 5, 1), "far")
  local n, out = cw:contacts(crate)
  expectEqual(n, 2, "the crate touches the floor and the ball")
  expectEqual(out[1].item, "floor", "by id: the floor first")
  expectEqual(out[1].count, 4, "a crate on a floor: four points")
  expectEqual(out[1].triangle, nil, "a shape has no triangle")
  expectEqual(out[1].nz, 1, "the normal on the floor toward the crate")
  for k = 1, 4 do
    expectEqual(math.abs(out[1][4 * k - 3]), 0.5, "a corner's x")
    expectEqual(out[1][4 * k - 1], 0, "on the floor")
    expectEqual(out[1][4 * k], 0, "resting: depth 0")
  end
  expectEqual(out[2].item, "ball", "then the ball")
  expectEqual(out[2].count, 1, "a sphere: one point")
  expectEqual(out[2].nx, -1, "on the ball toward the crate")
  expectEqual(#out[2], 4, "one point's four numbers")
  local n2 = cw:contacts(crate, function(item) return item ~= "ball" end)
  expectEqual(n2, 1, "a filter leaves the ball out")
  expectError("no body with id 999", function() return cw:contacts(999) end)
  local mw = collide.world()
  local ground = mw:add(collide.mesh({ -4, -4, 0, 4, -4, 0, 4, 4, 0, -4, 4, 0 }, { 1, 2, 3, 1, 3, 4 }), "ground",
    { static = true })
  local box = mw:add(collide.obb(0, 0, 0.5, 0.5, 0.5, 0.5), "box")
  local nm, om = mw:contacts(box)
  expectEqual(nm, 2, "a crate over a mesh's diagonal touches both triangles")
  expectEqual(om[1].triangle, 1, "the first triangle first")
  expectEqual(om[2].triangle, 2, "then the second")
  expectError("a mesh body has no contacts of its own", function() return mw:contacts(ground) end)
  -- a capsule lying on the floor and on the mesh: two points, under its
  -- axis's ends (a capsule pair's manifold); standing: one
  local log = cw:add(collide.capsule(-3, 4, 0.25, -1, 4, 0.25, 0.25), "log")
  local nl, ol = cw:contacts(log)
  expectEqual(nl, 1, "the log touches the floor")
  expectEqual(ol[1].count, 2, "a capsule lying on a floor: two points")
  expectEqual(ol[1][1] + ol[1][5], -4, "under its ends, x -3 and -1")
  expectEqual(ol[1][3], 0, "on the floor")
  local post = cw:add(collide.capsule(3, -4, 0.25, 3, -4, 2, 0.25), "post")
  expectEqual(select(2, cw:contacts(post))[1].count, 1, "a capsule standing: one point")
  local mlog = mw:add(collide.capsule(-3, 1, 0.2, -1, 1, 0.2, 0.25), "log")
  local nml, oml = mw:contacts(mlog)
  expectEqual(nml, 1, "the log lies on one triangle of the mesh")
  expectEqual(oml[1].count, 2, "two points on the triangle")
  expectNear(oml[1][4], 0.05, collide.real == "float" and 1e-6 or 1e-9, "0.05 deep")
end
