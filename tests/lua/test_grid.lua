-- The hashed grid (collide.grid): queries against brute force through
-- inserts, moves and removes, items by ascending id, the out table reused
-- and cleared, errors naming the function and the argument, a grid that
-- cannot be forged from another userdata.
local collide = require "collide"

local seed = 4242
local function rnd()
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
end
local function box()
  local x, y, z = rnd() * 40 - 20, rnd() * 40 - 20, rnd() * 40 - 20
  local s = rnd() < 0.05 and 30 or 2
  return { x, y, z, x + rnd() * s, y + rnd() * 2, z + rnd() * s }
end
local function overlaps(a, b)
  return a[1] <= b[4] and b[1] <= a[4] and a[2] <= b[5] and b[2] <= a[5] and a[3] <= b[6] and b[3] <= a[6]
end

local grid = collide.grid(1.5)
local boxes, out = {}, {}
for step = 1, 1500 do
  local r = rnd()
  local live = {}
  for id in pairs(boxes) do live[#live + 1] = id end
  table.sort(live)
  if r < 0.5 or #live == 0 then
    local b = box()
    local id = grid:insert(b[1], b[2], b[3], b[4], b[5], b[6], { box = b })
    expect(boxes[id] == nil, "a fresh id")
    boxes[id] = b
  elseif r < 0.75 then
    local id, b = live[1 + math.floor(rnd() * #live)], box()
    grid:move(id, b[1], b[2], b[3], b[4], b[5], b[6])
    boxes[id] = b
    grid:item(id).box = b
  else
    local id = live[1 + math.floor(rnd() * #live)]
    grid:remove(id)
    boxes[id] = nil
  end
  if step % 10 == 0 then
    local q = box()
    local expected = {}
    for id, b in pairs(boxes) do
      if overlaps(b, q) then expected[#expected + 1] = id end
    end
    table.sort(expected)
    local got, n = grid:query(q[1], q[2], q[3], q[4], q[5], q[6], out)
    expect(got == out, "the out table is filled")
    expectEqual(n, #expected, "as many as brute force")
    expectEqual(#got, n, "what a longer answer left is cleared")
    for i, id in ipairs(expected) do expect(got[i].box == boxes[id], "the item of the i-th id, ascending") end
  end
end
local count = 0
for _ in pairs(boxes) do count = count + 1 end
expectEqual(#grid, count, "#grid counts the boxes")
expectEqual(grid:stats().count, count, "stats().count")

-- default items are the ids; bounds
local g = collide.grid(1)
local id = g:insert(0, 0, 0, 1, 2, 3)
expectEqual(g:item(id), id, "the default item is the id")
local x0, y0, z0, x1, y1, z1 = g:bounds(id)
expect(x0 == 0 and y0 == 0 and z0 == 0 and x1 == 1 and y1 == 2 and z1 == 3, "bounds")

-- errors name the function and the argument
expectError("bad argument #1 to 'collide.grid' (the cell size must be a finite number > 0)", collide.grid, 0)
expectError("#1", collide.grid, 0 / 0)
expectError("(the box's min is above its max)", g.insert, g, 1, 0, 0, 0, 1, 1)
expectError("#7", g.insert, g, 0, 0, 0, 1, 1)
expectError("no entry with id 99 (removed, or never inserted)", g.remove, g, 99)
expectError("table expected", g.query, g, 0, 0, 0, 1, 1, 1, 5)
expectError("collide.Grid expected", g.insert, collide.sphere(0, 0, 0, 1), 0, 0, 0, 1, 1, 1)
