-- The k-DOP tree (collide.kdopTree): queries against brute force over a
-- shape's k-DOP (collide.kdop(shape, k)), the nearest ray hit against every
-- item's own ray cast, items of k-DOPs, the out table reused and cleared,
-- errors naming the function and the argument.
local collide = require "collide"

local seed = 777
local function rnd()
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
end

-- rods turned every way, spheres and boxes among them
local items = {}
for i = 1, 300 do
  local x, y, z = rnd() * 30 - 15, rnd() * 30 - 15, rnd() * 30 - 15
  local r = rnd()
  if r < 0.6 then
    local dx, dy, dz = rnd() * 4 - 2, rnd() * 4 - 2, rnd() * 4 - 2
    items[i] = collide.capsule(x - dx, y - dy, z - dz, x + dx, y + dy, z + dz, 0.1)
  elseif r < 0.8 then
    items[i] = collide.sphere(x, y, z, 0.5 + rnd())
  else
    items[i] = collide.aabb(x, y, z, x + rnd() * 2, y + rnd() * 2, z + rnd() * 2)
  end
end

for _, k in ipairs({ 6, 14, 18, 26 }) do
  local tree = collide.kdopTree(items, k)
  expectEqual(#tree, 300, "#tree counts the items")
  local st = tree:stats()
  expect(st.nodes == 599 and st.k == k and st.height <= 20, "stats: nodes, k, height")
  local kdops = {}
  for i, s in ipairs(items) do kdops[i] = collide.kdop(s, k) end
  local out = {}
  for q = 1, 60 do
    local x, y, z = rnd() * 30 - 15, rnd() * 30 - 15, rnd() * 30 - 15
    local probe = collide.sphere(x, y, z, 1 + rnd() * 3)
    local pk = collide.kdop(probe, k)
    local expected = {}
    for i = 1, #items do
      if pk:overlaps(kdops[i]) then expected[#expected + 1] = i end
    end
    local got, n = tree:query(probe, out)
    expect(got == out, "the out table is filled")
    expectEqual(n, #expected, "as many as brute force")
    expectEqual(#got, n, "what a longer answer left is cleared")
    for i, id in ipairs(expected) do expectEqual(got[i], id, "ascending indices") end
    local again = tree:query(pk)
    expectEqual(#again, n, "a k-DOP query finds the same")

    -- the nearest ray hit is the least t over every item's own cast
    local ox, oy, oz = rnd() * 40 - 20, rnd() * 40 - 20, rnd() * 40 - 20
    local dx, dy, dz = -ox + rnd() * 10 - 5, -oy + rnd() * 10 - 5, -oz + rnd() * 10 - 5
    local best, bt = nil, math.huge
    for i, s in ipairs(items) do
      local t = collide.raycast(s, ox, oy, oz, dx, dy, dz, 1)
      if t and t < bt then best, bt = i, t end
    end
    local idx, t, px, py, pz, nx, ny, nz = tree:raycast(ox, oy, oz, dx, dy, dz, 1)
    expectEqual(idx, best, "the nearest item a ray hits")
    if idx then
      expectEqual(t, bt, "at its own ray cast's t")
      expect(nx and ny and nz and px and py and pz, "with the hit's point and normal")
    end
  end
  expect(tree:item(7) == items[7], "item(i) is the item given")
  local root = tree:kdop()
  for i = 1, #items, 37 do expect(root:overlaps(tree:kdop(i)), "the root's k-DOP holds every item's") end
end

-- items may be k-DOPs: the ray then stops at the k-DOP
local cube = collide.kdop({ 0, 0, 0, 1, 1, 1 }, 14)
local far = collide.kdop({ 5, 0, 0, 6, 1, 1 }, 14)
local dt = collide.kdopTree({ far, cube }, 14)
local idx, t = dt:raycast(-2, 0.5, 0.5, 1, 0, 0)
expectEqual(idx, 2, "the nearer k-DOP")
expect(math.abs(t - 2) < 1e-4, "entered at x = 0 (Kdop:raycast widens by 2^-20 of the size)")
expect(dt:raycast(-2, 5, 5, 1, 0, 0) == nil, "a ray past every item: nil")
local ids, n = dt:query(collide.aabb(4, 0, 0, 5, 1, 1))
expect(n == 1 and ids[1] == 1, "a box touching the far one")

-- errors name the function and the argument
expectError("bad argument #2 to 'collide.kdopTree' (k must be 6, 14, 18 or 26, got 7)", collide.kdopTree, items, 7)
expectError("(a list of at least one shape or k-DOP expected)", collide.kdopTree, {}, 14)
expectError("item 2: a 3D shape other than a plane expected", collide.kdopTree,
  { collide.sphere(0, 0, 0, 1), collide.plane(0, 0, 1, 0) }, 14)
expectError("item 2: a shape expected", collide.kdopTree, { collide.sphere(0, 0, 0, 1), 5 }, 14)
expectError("item 2: a k-DOP of another k", collide.kdopTree, { cube, collide.kdop({ 0, 0, 0 }, 18) }, 14)
expectError("a k-DOP of k = 14 expected, got k = 6", dt.query, dt, collide.kdop({ 0, 0, 0 }, 6))
expectError("no item 3 (1 .. 2)", dt.item, dt, 3)
expectError("collide.KdopTree expected", dt.query, collide.sphere(0, 0, 0, 1), cube)
expectError("a plane has no k-DOP", collide.kdop, collide.plane(0, 0, 1, 0), 14)

-- the world's static bodies through a k-DOP tree: the same ray answers
do
  local plain, fast = collide.world(), collide.world({ staticKdop = 18 })
  for i, s in ipairs(items) do
    plain:add(s, i, { static = i % 3 ~= 0 })
    fast:add(s, i, { static = i % 3 ~= 0 })
  end
  local same, hits = true, 0
  for q = 1, 200 do
    local ox, oy, oz = rnd() * 40 - 20, rnd() * 40 - 20, rnd() * 40 - 20
    local dx, dy, dz = -ox + rnd() * 10 - 5, -oy + rnd() * 10 - 5, -oz + rnd() * 10 - 5
    if q == 100 then fast:setStaticKdop(26) end
    local a = { plain:raycast(ox, oy, oz, dx, dy, dz, 1) }
    local b = { fast:raycast(ox, oy, oz, dx, dy, dz, 1) }
    if a[1] then hits = hits + 1 end
    for i = 1, math.max(#a, #b) do same = same and a[i] == b[i] end
  end
  expect(same, "every ray's answer is the same with the static k-DOP tree")
  expect(hits > 20, "and the rays hit things")
  expectError("k must be 0, 6, 14, 18 or 26, got 7", fast.setStaticKdop, fast, 7)
  expectError("staticKdop must be 0, 6, 14, 18 or 26", collide.world, { staticKdop = 5 })
  fast:setStaticKdop(nil)
end
