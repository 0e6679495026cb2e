-- Characters in Lua: w:character and its options, walking over a floor of
-- tiles without catching, climbing steps, the ground state and its body,
-- crossed bodies through a filter, errors naming the method and the
-- argument, a filter's error leaving everything as it was, a removed body or
-- a closed world, and no garbage per move when `out` is reused.
local collide = require "collide"
local float = collide.real == "float"
local tol = float and 1e-3 or 1e-9
local function near(a, b, eps) return math.abs(a - b) <= (eps or tol) end

-- a capsule of radius 0.5 standing on its axis, its bottom at (x, y, z)
local function capsule(x, y, z) return collide.capsule(x, y + 0.5, z, x, y + 1.5, z, 0.5) end

do -- a floor of 40 tiles a hair apart in height, then a staircase and a wall
  local w = collide.world()
  for i = -2, 39 do
    local top = 0.002 * ((i * 7) % 5 - 2)
    w:add(collide.aabb(i, top - 1, -3, i + 1, top, 3), { tile = i })
  end
  for i = 0, 4 do w:add(collide.aabb(40 + i, 0, -3, 60, 0.2 * (i + 1) + 0.004, 3), { step = i }) end
  w:add(collide.aabb(48, 0, -3, 49, 3, 3), { wall = true })
  local hero = w:add(capsule(0.5, 0.01, 0), "hero", { static = false })
  local ch = w:character(hero, { stepHeight = 0.3, snap = 0.3 })
  expect(ch:ground() == "air", "0.01 above the floor: in the air")
  local _, _, _, _, _, ground = ch:move(0, -0.1, 0)
  expect(ground == "walkable" and ch:ground() == "walkable", "landed")
  local state, nx, ny, nz, item, id = ch:ground()
  expect(state == "walkable" and near(ny, 1, 1e-3) and type(item) == "table" and item.tile and w:item(id) == item,
    "the ground's normal, item and id")
  local caught, steps, out = 0, 0, {}
  local x0 = w:position(hero)
  for frame = 1, 190 do
    local x, _, _, _, hits, g, stepped = ch:move(0.25, -0.02, 0, nil, out)
    expect(hits == out, "out is the table given")
    if g ~= "walkable" then caught = caught + 1 end
    if stepped > 0 then steps = steps + 1 end
    if x - x0 < 0.98 * 0.25 and x < 39 then caught = caught + 1 end -- on the tiles (the stairs start at 40)
    x0 = x
  end
  expect(caught == 0, "never caught on a seam nor off the ground: " .. caught)
  expect(steps >= 3, "climbed the steps: " .. steps)
  local x, y = w:position(hero)
  expect(near(x, 48 - 0.5 - w:skin() - 0.5, 1e-6), "stopped by the wall: " .. x)
  expect(near(y, 1.004 - 0.01 + w:skin(), 1e-6), "on top of the stairs: " .. y)
  expect(tostring(ch):find("collide.Character(body ", 1, true), "tostring " .. tostring(ch))
  expect(ch:id() == hero, "ch:id")
end

do -- options: read back, set, errors
  local w = collide.world()
  local hero = w:add(capsule(0, 0, 0), "hero", { static = false })
  local ch = w:character(hero, { up = { 0, 0, 2 }, maxSlope = 0.5 })
  local o = ch:options()
  expect(o.up[1] == 0 and o.up[2] == 0 and o.up[3] == 2 and near(o.maxSlope, 0.5, 1e-6) and o.stepHeight == 0 and
    o.snap == 0, "options read back")
  ch:set({ stepHeight = 0.25 })
  expect(ch:options().stepHeight == 0.25 and near(ch:options().maxSlope, 0.5, 1e-6), "set changes the keys given")
  expectError("unknown option 'jump' (options: up, stepHeight, maxSlope, snap)",
    function() w:character(hero, { jump = 1 }) end)
  expectError("maxSlope: an angle in [0, pi/2) (radians) expected", function() ch:set({ maxSlope = 2 }) end)
  expectError("stepHeight: a finite number >= 0 expected", function() ch:set({ stepHeight = -1 }) end)
  expectError("snap: a finite number >= 0 expected", function() ch:set({ snap = 0 / 0 }) end)
  expectError("up: a table of three finite numbers, not all zero, expected", function() ch:set({ up = { 0, 0, 0 } }) end)
  expectError("up: a table of three finite numbers", function() ch:set({ up = { 0, 1 } }) end)
  expect(ch:options().stepHeight == 0.25, "a failed set changes nothing")
  expectError("bad argument #1 to 'character' (no body with id 999", function() w:character(999) end)
  local mesh = collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 0, 1 }, { 1, 2, 3 })
  local m = w:add(mesh, "mesh")
  expectError("a mesh body does not move", function() w:character(m) end)
  expectError("bad argument #1 to 'move' (number expected, got string)", function() ch:move("x", 0, 0) end)
  expectError("bad argument #3 to 'move' (number expected, got nil)", function() ch:move(1, 0) end)
  expectError("character:move: the move leaves the coordinate range", function()
    ch:move(float and 1e9 or 1e50, 0, 0)
  end)
end

do -- filters: crossing, ignoring, errors leave everything as it was
  local w = collide.world()
  w:add(collide.aabb(-10, -1, -5, 10, 0, 5), "floor")
  w:add(collide.sphere(2, 1, 0, 0.3), { coin = true })
  w:add(collide.aabb(4, 0, -5, 5, 3, 5), { ghost = true })
  local hero = w:add(capsule(0, 0.0005, 0), "hero", { static = false })
  local ch = w:character(hero)
  expect(ch:ground() == "walkable", "standing at first")
  local function filter(item, other)
    if type(other) == "table" and other.coin then return "cross" end
    if type(other) == "table" and other.ghost then return nil end
    return "slide"
  end
  local x, _, _, n, hits = ch:move(6, 0, 0, filter)
  expect(near(x, 6) and n == 1 and hits[1].other.coin and hits[1].response == "cross", "crossed the coin, not the ghost")
  x = ch:move(-6, 0, 0)
  expect(near(x, 5.5 + w:skin(), 1e-6), "without the filter the ghost wall stops it: " .. x)
  local before = { w:position(hero) }
  local state = ch:ground()
  expectError("character:move: filter: ", function() ch:move(-6, 0, 0, function() error("boom") end) end)
  expectError("returned 42 where a response was expected", function() ch:move(-6, 0, 0, function() return 42 end) end)
  expectError("the world is locked", function() ch:move(-6, 0, 0, function() w:remove(hero) end) end)
  local after = { w:position(hero) }
  expect(before[1] == after[1] and before[2] == after[2] and before[3] == after[3] and ch:ground() == state,
    "a failed move changes nothing")
  -- a removed body, a closed world
  w:remove(hero)
  expectError("character:move: its body (id " .. hero .. ") was removed", function() ch:move(1, 0, 0) end)
  expectError("character:probe: its body", function() ch:probe() end)
end

do -- no garbage per move with out reused
  local w = collide.world()
  for i = 0, 20 do w:add(collide.aabb(i, -1, -3, i + 1, 0, 3)) end
  w:add(collide.aabb(-1, 0, -3, 0, 3, 3))
  w:add(collide.aabb(21, 0, -3, 22, 3, 3))
  local hero = w:add(capsule(1, 0.0005, 0), "hero", { static = false })
  local ch = w:character(hero, { stepHeight = 0.2 })
  local out, dx = {}, 0.3
  ch:move(0, -0.01, 0, nil, out)
  expectNoGarbage(function()
    local x = ch:move(dx, -0.01, 0, nil, out)
    if x > 18 or x < 1 then dx = -dx end
  end, 300, "character:move with out")
end
