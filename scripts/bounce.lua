-- Bounce: restitution, stepped by the world in swept mode.
--
--   collide-run --svg bounce.svg scripts/bounce.lua
--
-- 1. A ball between two walls 10 apart, restitution 1, at 37 units/s for 600
--    steps of 1/60 s: every approach counts, so it meets a wall each time its
--    path covers the gap (less its diameter and the skins): the hit count is
--    the closed form's, its speed never changes, and it never leaves the gap.
-- 2. A ball dropped on a floor under gravity, restitution 0.8, drifting right:
--    each bounce leaves with 0.8 of the speed it arrived with, so each peak
--    is 0.64 of the one before (to the step's discretization). Its picture
--    is an animation (the ball every 10 steps; --frames strip: small
--    multiples) over the path of its centre.
local collide = require "collide"
local expect = expect or function(ok, msg) if not ok then error("expectation failed: " .. msg, 2) end return ok end
local record, draw = record or function() end, draw or function() end
local drawPath, frame = drawPath or function() end, frame or function() return 0 end

-- 1. between two walls
do
  local w = collide.world()
  w:add(collide.aabb(-6, -2, -2, -5, 2, 2), "left", { static = true })
  w:add(collide.aabb(5, -2, -2, 6, 2, 2), "right", { static = true })
  local ball = w:add(collide.sphere(0, 0, 0, 0.5), "ball")
  local speed, dt, steps = 37, 1 / 60, 600
  w:setVelocity(ball, speed, 0, 0)
  local hits, out, inside = 0, {}, true
  for _ = 1, steps do
    local n = w:step(dt, "swept", "bounce", out)
    for i = 1, n do
      if out[i].type == "hit" then hits = hits + 1 end
    end
    local x = w:position(ball)
    inside = inside and x > -4.5 and x < 4.5
    local vx = w:velocity(ball)
    expect(math.abs(vx) == speed, "restitution 1 keeps the speed exactly")
  end
  -- the ball's centre travels between -4.5 + skin and 4.5 - skin: the first
  -- hit after 4.5 units, then one every 9 (less two skins)
  local path = speed * dt * steps
  local gap = 9 - 2 * w:skin()
  local predicted = 1 + math.floor((path - (4.5 - w:skin())) / gap)
  print(("between two walls: %d hits in %g units of path (closed form %d)"):format(hits, path, predicted))
  record("walls", hits, predicted)
  expect(inside, "the ball never leaves the gap")
  expect(math.abs(hits - predicted) <= 1, ("%d hits, the closed form %d"):format(hits, predicted))
end

-- 2. dropped on a floor
do
  local w = collide.world()
  local floor = collide.aabb(-1, -1, -2, 35, 0, 2)
  w:add(floor, "floor", { static = true })
  local r, e, g, dt = 0.5, 0.8, -9.81, 1 / 120
  local ball = w:add(collide.sphere(0, 8 + r, 0, r), "ball")
  local vx, vy = 2.5, 0
  local path, peaks, rising, top = { { 0, 8 + r } }, {}, false, 8
  local out = {}
  for _ = 1, 1500 do
    vy = vy + g * dt
    w:setVelocity(ball, vx, vy, 0)
    local n = w:step(dt, "swept", function() return "bounce", e end, out)
    local x, y = w:position(ball)
    local nvx, nvy = w:velocity(ball)
    if n > 0 and nvy > 0 then rising = true end -- it bounced
    if rising and nvy <= 0 then -- the top of a bounce
      peaks[#peaks + 1] = top
      rising = false
    end
    top = 8 + y -- the bottom of the ball
    vx, vy = nvx, nvy
    path[#path + 1] = { x, 8 + r + y }
  end
  print("peaks of the bounces: " .. table.concat((function()
    local t = {}
    for i, p in ipairs(peaks) do t[i] = ("%.3f"):format(p) end
    return t
  end)(), ", "))
  expect(#peaks >= 4, "it bounced at least four times: " .. #peaks)
  for i = 2, math.min(#peaks, 5) do
    local ratio = peaks[i] / peaks[i - 1]
    record("peak", i, peaks[i], ratio)
    expect(math.abs(ratio - e * e) <= 0.03, ("peak %d is %.3f of the one before (e^2 = %.2f)"):format(i, ratio, e * e))
  end
  -- the picture: the floor and the centre's path in every frame, then the
  -- ball every 10 steps as the frames of an animation (collide-run --frames
  -- strip: as small multiples)
  draw(floor, { label = "floor", color = "#555555", fill = true })
  local flat = {}
  for _, p in ipairs(path) do
    flat[#flat + 1], flat[#flat + 2], flat[#flat + 3] = p[1], p[2], 0
  end
  drawPath(flat, { label = "the ball's centre, restitution 0.8", color = "#d62728" })
  for i = 1, #path, 10 do
    frame()
    draw(collide.sphere(path[i][1], path[i][2], 0, r), { label = i == 1 and "the ball" or nil, color = "#1f77b4" })
  end
  frame(false)
end
