-- Tunneling: does a fast bullet pass through a thin wall between two frames?
--
--   collide-run --svg tunneling.svg --trace tunneling.csv scripts/tunneling.lua
--   (or lua5.4 with collide.so on LUA_CPATH)
--
-- The seeds' motivating experiment (Gomez 1999): a small sphere (the bullet)
-- flies along +x at speed v, simulated at 60 frames per second. A discrete
-- test checks for overlap at the end of every frame; a swept test checks the
-- whole motion of every frame. Above a critical speed the bullet can be on one
-- side of the wall at one frame and on the other side at the next, and the
-- discrete test misses; the sweep never does.
--
-- The result depends on where the bullet happens to be when the frames start
-- (the phase), so every speed is run with 64 evenly spaced phases and the
-- table shows the share of them in which the wall was detected.
--
-- Closed form: a frame samples the bullet's centre every s = v * dt. The
-- centre overlaps a wall of thickness w on an interval of length w + 2r, so
-- the discrete test always sees it while s <= w + 2r: v_c = (w + 2r) / dt.
-- A plane is a wall of thickness 0: v_c = 2r / dt.
local collide = require "collide"
-- collide-run's extras, or stand-ins when run by plain lua5.4 without the shim
local expect = expect or function(ok, msg) if not ok then error("expectation failed: " .. msg, 2) end return ok end
local record, draw, drawSweep = record or function() end, draw or function() end, drawSweep or function() end

local r, w, dt = 0.05, 0.1, 1 / 60
local wall = collide.aabb(10, -1, -1, 10 + w, 1, 1)
local plane = collide.plane(1, 0, 0, 10)
local phases = 64
local bullet = collide.sphere(0, 0, 0, r)

-- Runs one flight from x0 and reports whether the discrete and the swept test
-- saw the target at any frame.
local function fly(target, v, x0)
  local step = v * dt
  local discrete, swept = false, false
  local x = x0
  while x < 12 do
    bullet:set(x, 0, 0, r)
    if collide.sweep(bullet, step, 0, 0, target) then swept = true end
    x = x + step
    bullet:set(x, 0, 0, r)
    if collide.overlap(bullet, target) then discrete = true end
  end
  return discrete, swept
end

-- Share of the phases in which each test saw the target.
local function detect(target, v)
  local d, s = 0, 0
  for i = 0, phases - 1 do
    local x0 = 8 - (i / phases) * v * dt
    local dh, sh = fly(target, v, x0)
    if dh then d = d + 1 end
    if sh then s = s + 1 end
  end
  return d / phases, s / phases
end

local function pct(x) return ("%5.1f%%"):format(100 * x) end

print(("collide %s (%s): tunneling of a bullet of radius %g at %d frames per second"):format(
  collide._VERSION, collide.real, r, math.floor(1 / dt + 0.5)))
print(("wall: thickness %g at x = 10; plane: x = 10"):format(w))
print("")
print(("%9s  %9s  %14s  %12s  %15s  %13s"):format("speed m/s", "step m", "wall discrete", "wall swept",
  "plane discrete", "plane swept"))
local ok = true
local speeds = { 1, 3, 6, 9, 12, 15, 20, 30, 60, 120, 300, 600, 1200 }
for _, v in ipairs(speeds) do
  local wd, ws = detect(wall, v)
  local pd, ps = detect(plane, v)
  print(("%9g  %9.4f  %14s  %12s  %15s  %13s"):format(v, v * dt, pct(wd), pct(ws), pct(pd), pct(ps)))
  record("speed", v, v * dt, wd, ws, pd, ps)
  expect(ws == 1 and ps == 1, ("the sweeps catch every hit at %g m/s"):format(v))
  if ws < 1 or ps < 1 then ok = false end
end

-- The measured critical speed: the first speed (in steps of 1/8 m/s) at which
-- some phase lets the bullet through.
local function measured(target)
  local v = 0.125
  while v < 100 do
    local d = detect(target, v)
    if d < 1 then return v end
    v = v + 0.125
  end
  return math.huge
end

local wall_c, plane_c = (w + 2 * r) / dt, 2 * r / dt
local wall_m, plane_m = measured(wall), measured(plane)
print("")
print(("critical speed, wall:  closed form (w + 2r)/dt = %6.3f m/s, measured %6.3f m/s"):format(wall_c, wall_m))
print(("critical speed, plane: closed form 2r/dt       = %6.3f m/s, measured %6.3f m/s"):format(plane_c, plane_m))

record("critical", wall_c, wall_m, plane_c, plane_m)

-- The measured speed is the first grid speed above the closed form.
expect(wall_m > wall_c and wall_m - wall_c <= 0.125, "the wall's measured critical speed matches the closed form")
expect(plane_m > plane_c and plane_m - plane_c <= 0.125, "the plane's measured critical speed matches the closed form")
if not (wall_m > wall_c and wall_m - wall_c <= 0.125 and plane_m > plane_c and plane_m - plane_c <= 0.125) then
  ok = false
end

-- The picture: the wall, and one frame of a bullet at 30 m/s whose discrete
-- samples straddle it (the sweep catches it at t0).
draw(wall, "wall (thickness 0.1)")
local fast = 30
local frame_start = 10 - fast * dt / 2
drawSweep(collide.sphere(frame_start, 0, 0, r), fast * dt, 0, 0, { against = wall, label = "bullet, one frame at 30 m/s" })
print("")
if ok then
  print("the sweep caught every hit at every speed; the discrete test failed above the critical speed")
else
  print("UNEXPECTED: a sweep missed, or the measured critical speed disagrees with the closed form")
end
