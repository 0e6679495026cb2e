-- Bullets: projectiles from 1 to 10^4 body sizes per step against walls
-- 1/1000 of their size thick, stepped by the world in both modes.
--
--   collide-run --svg bullets.svg scripts/bullets.lua
--
-- A bullet of radius 0.05 (size 0.1) flies along +x at s body sizes per step,
-- toward a wall 0.0001 thick at x = 10; the world steps it (w:step) in
-- "discrete" mode (jump, then test: the wall is seen only when a step ends
-- inside it) and in "swept" mode (the step's sweep finds the first contact).
-- Each speed runs 64 flights from evenly spaced phases. Swept mode must stop
-- every bullet at the wall (0 tunnels at any speed); discrete mode misses
-- the wall once a step is longer than the wall and the bullet together, in
-- the share 1 - (0.0001 + 0.1) / (s 0.1) of the phases (the closed form the
-- counts are checked against).
local collide = require "collide"
local expect = expect or function(ok, msg) if not ok then error("expectation failed: " .. msg, 2) end return ok end
local record, draw, drawPoint = record or function() end, draw or function() end, drawPoint or function() end

local r, size, thickness, dt = 0.05, 0.1, 0.0001, 1 / 60
local phases = 64
local wall_shape = collide.aabb(10, -1, -1, 10 + thickness, 1, 1)

-- One flight from x0 at `steps` body sizes per step in a mode: whether the
-- wall stopped it (swept: a hit; discrete: a begin of overlap), and where
-- the bullet was at each step.
local function fly(mode, per_step, x0, trail)
  local w = collide.world()
  w:add(wall_shape, "wall", { static = true })
  local b = w:add(collide.sphere(x0, 0, 0, r), "bullet")
  local v = per_step * size / dt
  w:setVelocity(b, v, 0, 0)
  local out = {}
  for _ = 1, 10000 do
    local n, events = w:step(dt, mode, "touch", out)
    local x = x0 + w:position(b)
    if trail then trail[#trail + 1] = x end
    for i = 1, n do
      local e = events[i]
      if (e.type == "hit" or e.type == "begin") and (e.a == "wall" or e.b == "wall") then return true end
    end
    if x > 12 then return false end
  end
  return false
end

print(("collide %s (%s): a bullet of radius %g at 60 steps per second against a wall %g thick"):format(
  collide._VERSION, collide.real, r, thickness))
print(("%14s  %12s  %16s  %14s"):format("sizes / step", "speed", "discrete tunnels", "swept tunnels"))
local speeds = { 1, 2, 5, 10, 100, 1000, 10000 }
for _, k in ipairs(speeds) do
  local tunnels = { discrete = 0, swept = 0 }
  for _, mode in ipairs({ "discrete", "swept" }) do
    for i = 0, phases - 1 do
      local x0 = 8 - (i / phases) * k * size
      if not fly(mode, k, x0) then tunnels[mode] = tunnels[mode] + 1 end
    end
  end
  print(("%14g  %12g  %13d/%d  %11d/%d"):format(k, k * size / dt, tunnels.discrete, phases, tunnels.swept, phases))
  record("speed", k, k * size / dt, tunnels.discrete, tunnels.swept)
  expect(tunnels.swept == 0, ("swept mode never tunnels at %g sizes per step"):format(k))
  -- discrete mode sees the wall in the phases where a step ends with the
  -- centre within the wall's thickness and a radius either side of it
  local predicted = phases * math.max(0, 1 - (thickness + size) / (k * size))
  expect(math.abs(tunnels.discrete - predicted) <= 1,
    ("discrete mode misses %d flights at %g sizes per step (the closed form: %.1f)"):format(tunnels.discrete, k,
      predicted))
end

-- the picture: at 5 sizes per step, where each mode's bullet was at each step
draw(wall_shape, { label = "wall, 0.0001 thick", color = "#444444", fill = true })
for lane, mode in ipairs({ "discrete", "swept" }) do
  local trail = {}
  local x0 = 8 - 0.3 * 5 * size
  fly(mode, 5, x0, trail)
  local y = lane == 1 and 0.5 or -0.5
  draw(collide.sphere(x0, y, 0, r), { label = lane == 1 and "start" or nil, color = "#888888" })
  for i, x in ipairs(trail) do
    if x <= 12 then
      draw(collide.sphere(x, y, 0, r), {
        label = i == 1 and (mode .. " mode, every step") or nil,
        color = mode == "swept" and "#1f77b4" or "#d62728",
      })
    end
  end
end
drawPoint(12, 1, 0, { color = "#dddddd" })
