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

-- A spinning blade against fast bullets (collide.sweep with rotateA: the time
-- of impact under rotation, conservative advancement with an angular bound).
-- The blade, 3 long and 0.1 thick, turns about z at 20 rad/s (a third of a
-- radian per frame) at x = 14; each bullet flies along +x at 60 m/s at
-- height 0.8, crossing the blade's circle in about two frames. Per frame:
-- the discrete test (overlap at the frame's end), the linear sweep of the
-- bullet against the blade frozen at the frame's start (what a sweep without
-- rotation can do), and the rotating sweep. The truth: the overlap test at
-- 400 instants of the frame. Over 64 starting angles of the blade.
local hub, half, spin, speed, height = 14, 1.5, 20, 60, 0.8
local function blade_at(angle)
  return collide.obb(hub, 0, 0, half, 0.05, 0.05, collide.axesFromAxisAngle(0, 0, 1, angle))
end
local shot = collide.sphere(0, 0, 0, r)
local function frame_hits(x, angle)
  local step, turn = speed * dt, spin * dt
  local blade = blade_at(angle)
  shot:set(x, height, 0, r)
  local rotating = collide.sweep(shot, step, 0, 0, blade, { rotateB = { 0, 0, 1, turn }, pivotB = { hub, 0, 0 } })
  local frozen = collide.sweep(shot, step, 0, 0, blade)
  shot:set(x + step, height, 0, r)
  local discrete = collide.overlap(shot, blade_at(angle + turn))
  local truth = false
  for k = 0, 400 do
    shot:set(x + step * k / 400, height, 0, r)
    if collide.overlap(shot, blade_at(angle + turn * k / 400)) then truth = true break end
  end
  return truth, discrete, frozen ~= nil, rotating
end
local counts = { truth = 0, discrete = 0, frozen = 0, rotating = 0 }
local agree = true
local example
for i = 0, phases - 1 do
  local angle0 = 2 * math.pi * i / phases
  local seen = { truth = false, discrete = false, frozen = false, rotating = false }
  local x, angle = hub - half - 2, angle0
  while x < hub + half + 1 do
    local t, d, f, rt = frame_hits(x, angle)
    seen.truth, seen.discrete, seen.frozen = seen.truth or t, seen.discrete or d, seen.frozen or f
    if rt and not seen.rotating and t and not d then example = example or { x = x, angle = angle, t0 = rt } end
    seen.rotating = seen.rotating or rt ~= nil
    x, angle = x + speed * dt, angle + spin * dt
  end
  for k, v in pairs(seen) do if v then counts[k] = counts[k] + 1 end end
  if seen.rotating ~= seen.truth then agree = false end
end
print("")
print(("spinning blade (3 long, %g rad/s) against bullets at %g m/s, %d starting angles:"):format(spin, speed, phases))
print(("  hit in truth %d, discrete test %d, linear sweep (blade frozen per frame) %d, rotating sweep %d"):format(
  counts.truth, counts.discrete, counts.frozen, counts.rotating))
record("blade", counts.truth, counts.discrete, counts.frozen, counts.rotating)
expect(agree, "the rotating sweep hits exactly when the dense sampling does, for every starting angle")
expect(counts.discrete < counts.truth, "the discrete test misses some of the blade's hits")
if not agree then ok = false end

-- The picture of one frame the discrete test misses: the blade at the frame's
-- start, at the contact and at the end, and the bullet's sweep to the contact.
if example then
  local turn = spin * dt
  draw(blade_at(example.angle), { label = "blade at the frame's start", dashed = true })
  draw(blade_at(example.angle + turn * example.t0), { label = ("blade at the contact (t0 = %.3f)"):format(example.t0) })
  draw(blade_at(example.angle + turn), { label = "blade at the frame's end", dashed = true })
  drawSweep(collide.sphere(example.x, height, 0, r), speed * dt, 0, 0,
    { t0 = example.t0, label = "bullet, one frame at 60 m/s" })
end

print("")
if ok then
  print("the sweep caught every hit at every speed; the discrete test failed above the critical speed;")
  print("the rotating sweep caught the spinning blade wherever dense sampling did")
else
  print("UNEXPECTED: a sweep missed, or the measured critical speed disagrees with the closed form")
end
