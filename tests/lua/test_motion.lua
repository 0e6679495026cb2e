-- The world's motion in Lua: w:move and w:check with each response (names,
-- masks, functions with restitution), the records, positions and the skin,
-- errors naming the method and the argument, a filter's error leaving the
-- body where it was, and no garbage per move when `out` is reused.
local collide = require "collide"
local float = collide.real == "float"
local tol = float and 1e-3 or 1e-9
local big = float and 6.5e8 or 6e49 -- accepted as a number, but its box leaves the range
local function near(a, b, eps) return math.abs(a - b) <= (eps or tol) end

do -- touch: stops the skin short of the wall, one record
  local w = collide.world()
  local ball = w:add(collide.sphere(0, 0, 0, 1), "ball")
  w:add(collide.aabb(5, -10, -10, 6, 10, 10), "wall", { static = true })
  local x, y, z, n, hits, complete = w:move(ball, 10, 0, 0, "touch")
  expect(n == 1 and #hits == 1 and complete, "one hit, complete")
  local h = hits[1]
  expect(h.other == "wall" and h.response == "touch" and not h.inside, "the wall, touched")
  expect(near(h.t, (4 - w:skin()) / 10) and near(h.x, 5) and h.nx == -1 and h.ny == 0, "time, point and normal")
  expect(near(x, 4 - w:skin()) and y == 0 and z == 0, "stopped the skin short: " .. x)
  expect(near(h.px, x), "the position at the contact")
  local px, py, pz = w:position(ball)
  expect(px == x and py == y and pz == z, "w:position")
  local c = w:shape(ball):center()
  expect(c == x, "w:shape gives the shape where it is now")
end

do -- slide along a floor, bounce between walls, cross a zone, default filter
  local w = collide.world({ skin = 0.01 })
  expect(w:skin() == (float and 0.0099999997764825821 or 0.01), "the skin option")
  local ball = w:add(collide.sphere(0, 2, 0, 1), "ball")
  local floor = w:add(collide.aabb(-100, -1, -100, 100, 0, 100), "floor", { static = true })
  local x, y = w:move(ball, 10, -2, 0)
  expect(near(y, -1 + 0.01, 1e-6) and near(x, 10, 0.1), "slid along the floor")
  w:remove(floor)
  w:setPosition(ball, 0, -2, 0) -- the centre at the origin
  w:add(collide.aabb(3, -10, -10, 4, 10, 10), "right", { static = true })
  w:add(collide.aabb(-4, -10, -10, -3, 10, 10), "left", { static = true })
  local _, _, _, n, hits = w:move(ball, 13, 0, 0, "bounce")
  expect(n == 3 and hits[1].other == "right" and hits[2].other == "left" and hits[3].other == "right",
         "every approach counts")
  w:setPosition(ball, 0, -2, 0)
  local zone = w:add(collide.aabb(1.5, -1, -1, 1.8, 1, 1), "zone", { static = true })
  local filter = function(item, other)
    expect(item == "ball", "the mover's item first")
    if other == "zone" then return "cross" end
    return "bounce", 0.5
  end
  local bx, _, _, m, hh = w:move(ball, 4, 0, 0, filter)
  expect(m == 2 and hh[1].other == "zone" and hh[1].response == "cross" and hh[2].response == "bounce",
         "a function filter: cross then bounce")
  expect(near(bx, 2 - 0.01 - 1, 0.05), "bounced back at half the speed: " .. bx)
  w:remove(zone)
end

do -- check does not move; masks; nil from the filter ignores a body
  local w = collide.world()
  local ball = w:add(collide.sphere(0, 0, 0, 1), "ball", { category = 1, mask = 2 })
  w:add(collide.aabb(3, -1, -1, 4, 1, 1), "ghost", { category = 4, static = true })
  w:add(collide.aabb(6, -1, -1, 7, 1, 1), "wall", { category = 2, static = true })
  local x, _, _, n, hits = w:check(ball, 10, 0, 0, "touch")
  expect(n == 1 and hits[1].other == "wall" and near(x, 5 - w:skin()), "the masks pass only the wall")
  expect(w:position(ball) == 0, "check did not move")
  local _, _, _, k = w:check(ball, 10, 0, 0, function() return nil end)
  expect(k == 0, "nil ignores every body")
  local _, _, _, k2, h2 = w:check(ball, 10, 0, 0, 4)
  expect(k2 == 1 and h2[1].other == "ghost", "an integer mask replaces the mover's: bodies of category 4 slide it")
end

do -- errors: named method and argument; a failing filter leaves the body where it was
  local w = collide.world()
  local ball = w:add(collide.sphere(0, 0, 0, 1), "ball")
  w:add(collide.aabb(3, -1, -1, 4, 1, 1), "wall", { static = true })
  expectError("bad argument #2 to 'move' (number expected, got string)", function() w:move(ball, "x", 0, 0) end)
  expectError("bad argument #1 to 'move' (no body with id 999", function() w:move(999, 1, 0, 0) end)
  expectError("unknown response 'jump'", function() w:move(ball, 1, 0, 0, "jump") end)
  expectError("world:move: filter: ", function() w:move(ball, 10, 0, 0, function() error("boom") end) end)
  expectError(": boom", function() w:move(ball, 10, 0, 0, function() error("boom") end) end)
  expectError("world:check: filter: returned 42 where a response was expected", function()
    w:check(ball, 10, 0, 0, function() return 42 end)
  end)
  expectError("returned -1 where a restitution was expected", function()
    w:move(ball, 10, 0, 0, function() return "bounce", -1 end)
  end)
  expectError("the world is locked", function() w:move(ball, 10, 0, 0, function() w:remove(ball) end) end)
  expect(w:position(ball) == 0 and w:contains(ball), "after every error the body is where it was")
  expectError("world:move: the move leaves the coordinate range", function() w:move(ball, 0, 0, big) end)
  expectError("world:setPosition: the shape would leave the coordinate range", function()
    w:setPosition(ball, big, 0, 0)
  end)
  expectError("bad argument #1 to 'setSkin'", function() w:setSkin(-1) end)
  local mesh = collide.mesh({ 0, 0, 0, 1, 0, 0, 0, 1, 0 }, { 1, 2, 3 })
  local m = w:add(mesh, "mesh", { static = true })
  expectError("a mesh body does not move", w.move, w, m, 1, 0, 0)
  expect(w:shape(m) == mesh, "w:shape of a mesh body is its mesh")
end

do -- polytopes move with their own points; w:shape gives the moved copy
  local w = collide.world()
  local hull = collide.convex({ 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1 })
  local id = w:add(hull, "hull")
  w:move(id, 5, 0, 0)
  local s = w:shape(id)
  local x = s:point(2)
  expect(x == 6, "the moved polytope")
  expect(hull:point(2) == 1, "the shape given to add is unchanged")
end

do -- no garbage per move with a reused out table
  local w = collide.world()
  local ball = w:add(collide.sphere(0, 0, 0, 0.5), "ball")
  for i = 0, 20 do w:add(collide.aabb(i, -1, -1, i + 1, 0, 1), "tile" .. i, { static = true }) end
  w:setPosition(ball, 0, 0.6, 0)
  local out = {}
  w:check(ball, 20, -0.3, 0, "cross", out) -- many records at first: later moves give them back and take them again
  expect(#out > 10, "a long crossing: " .. #out .. " records")
  w:check(ball, 0, -1, 0, nil, out) -- a slide: its name exists from now on
  local dx = 0.01
  expectNoGarbage(function()
    local x = w:move(ball, dx, -0.05, 0, nil, out)
    if x > 15 or x < 1 then dx = -dx end
  end, 300, "w:move with out")
end
