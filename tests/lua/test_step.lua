-- Stepping in Lua: velocities, w:step in swept and discrete modes (a bullet
-- against a thin wall), sensors with begin and end events, event records
-- reused without garbage, the filter's errors, bad arguments.
local collide = require "collide"
local float = collide.real == "float"
local tol = float and 1e-3 or 1e-9
local function near(a, b, eps) return math.abs(a - b) <= (eps or tol) end

do -- a bullet at 900 units/s against a wall 1/1000 thick, both modes
  for _, mode in ipairs({ "swept", "discrete" }) do
    local w = collide.world()
    w:add(collide.aabb(5, -1, -1, 5.001, 1, 1), "wall", { static = true })
    local b = w:add(collide.sphere(0, 0, 0, 0.01), "bullet")
    w:setVelocity(b, 900, 0, 0)
    local vx, vy, vz = w:velocity(b)
    expect(vx == 900 and vy == 0 and vz == 0, "w:velocity")
    local n, events = w:step(1 / 60, mode, "touch")
    local x = w:position(b)
    if mode == "swept" then
      expect(n == 1 and events[1].type == "hit" and events[1].a == "bullet" and events[1].b == "wall", "hit the wall")
      expect(events[1].response == "touch" and events[1].nx == -1, "touch, normal")
      expect(near(x, 5 - 0.01 - w:skin(), 1e-6), "stopped at the wall: " .. x)
      expect(near(events[1].t, x / 15, 1e-6), "t of the step")
      expect(w:velocity(b) == 0, "a touch stops it")
    else
      expect(n == 0 and near(x, 15, 1e-6), "tunnelled: " .. x)
    end
  end
end

do -- sensors: crossed, begin and end
  local w = collide.world()
  local zone = w:add(collide.aabb(4, -2, -2, 6, 2, 2), "zone", { static = true, sensor = true })
  local ball = w:add(collide.sphere(0, 0, 0, 0.5), "ball")
  expect(w:isSensor(zone) and not w:isSensor(ball), "w:isSensor")
  w:setVelocity(ball, 5, 0, 0)
  local n, ev = w:step(1)
  expect(n == 2 and ev[1].type == "hit" and ev[1].response == "cross" and ev[2].type == "begin", "cross and begin")
  expect(ev[2].t == 1 and ev[2].response == false and ev[2].nx == 0, "a begin's fields")
  local items = { [ev[2].a] = true, [ev[2].b] = true }
  expect(items.zone and items.ball, "the pair")
  n, ev = w:step(1, "swept", nil, ev)
  expect(n == 1 and ev[1].type == "end" and ev[2] == nil, "end, and the records trimmed")
end

do -- no garbage per step with out reused; errors
  local w = collide.world()
  w:add(collide.aabb(-11, -5, -5, -10, 5, 5), "left", { static = true })
  w:add(collide.aabb(10, -5, -5, 11, 5, 5), "right", { static = true })
  local ball = w:add(collide.sphere(0, 0, 0, 1), "ball")
  w:setVelocity(ball, 40, 0, 0)
  local out = {}
  for _ = 1, 20 do w:step(1 / 10, "swept", "bounce", out) end -- its event records made
  expectNoGarbage(function() w:step(1 / 10, "swept", "bounce", out) end, 200, "w:step with out")
  local vx = w:velocity(ball)
  expect(math.abs(vx) == 40, "bounced at full speed: " .. vx)
  expectError("bad argument #1 to 'step' (a finite number >= 0 expected)", function() w:step(-1) end)
  expectError("bad argument #1 to 'step' (a finite number >= 0 expected)", function() w:step(0 / 0) end)
  expectError("invalid option 'fast'", function() w:step(1, "fast") end)
  expectError("filter: a response name or a function expected", function() w:step(1, "swept", 3) end)
  expectError("world:step: filter: ", function() w:step(1, "swept", function() error("boom") end) end)
  -- (after the error the filter answered nothing: the ball flew through a wall)
  w:setPosition(ball, 0, 0, 0)
  expectError("the world is locked", function() w:step(1, "swept", function() w:remove(ball) end) end)
  expectError("a static or mesh body has no velocity", function()
    w:setVelocity(w:add(collide.sphere(50, 0, 0, 1), "s", { static = true }), 1, 0, 0)
  end)
  expectError("unknown option 'ghost' (options: category, mask, static, sensor)", function()
    w:add(collide.sphere(0, 0, 0, 1), "x", { ghost = true })
  end)
  w:setVelocity(ball, float and 1e9 or 1e49, 0, 0)
  expectError("world:step: a body would leave the coordinate range", function() w:step(10, "discrete") end)
end

do -- a world forced to brute force steps bit for bit as the tree's
  local traces = {}
  for pass, brute in ipairs({ false, true }) do
    local w = collide.world({ bruteForce = brute })
    w:add(collide.aabb(-11, -11, -5, -10, 11, 5), "left", { static = true })
    w:add(collide.aabb(10, -11, -5, 11, 11, 5), "right", { static = true })
    w:add(collide.aabb(-11, -11, -5, 11, -10, 5), "floor", { static = true })
    w:add(collide.aabb(-2, -2, -5, 2, 2, 5), "zone", { static = true, sensor = true })
    local balls = {}
    for i = 1, 12 do
      balls[i] = w:add(collide.sphere(-8 + i * 1.3, -5 + (i % 3) * 3, 0, 0.5), i)
      w:setVelocity(balls[i], 9 * math.cos(i), 9 * math.sin(i), 0)
    end
    local t, out = {}, {}
    for _ = 1, 40 do
      local n = w:step(1 / 20, "swept", "bounce", out)
      for i = 1, n do t[#t + 1] = string.format("%s %s %s %a", out[i].type, out[i].aid, out[i].bid, out[i].t) end
      for i = 1, #balls do t[#t + 1] = string.format("%a %a", w:position(balls[i])) end
    end
    traces[pass] = table.concat(t, "\n")
  end
  expect(#traces[1] > 1000 and traces[1] == traces[2], "tree and brute force give the same trace")
end
