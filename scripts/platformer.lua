-- Platformer: a capsule character walks a course at 30 frames per second.
--
--   collide-run --svg platformer.svg scripts/platformer.lua
--
-- The course (y up, seen from the front): a floor of 16 unit tiles whose tops
-- differ by up to 8 mm (the seams that catch naive character controllers),
-- five steps up of 0.2, a plateau, five steps down, a wall 1.5 high it jumps
-- over, and a slope of 60 degrees it cannot walk up. Every frame it is given
-- the same walk (6 units/s to the right) plus gravity, and a jump when it
-- stands before the wall and again at the foot of the slope (it lands on the
-- slope and slides back down). The character (collide's w:character: step height
-- 0.3, snap 0.3, walkable up to 45 degrees) must never catch on a seam, climb
-- the steps, follow the steps down without leaving the ground, clear the wall,
-- slide down the steep slope and stop at its foot; and it never overlaps
-- anything.
local collide = require "collide"
-- collide-run's extras, or stand-ins when run by plain lua5.4 without the shim
local expect = expect or function(ok, msg) if not ok then error("expectation failed: " .. msg, 2) end return ok end
local record, draw = record or function() end, draw or function() end

local w = collide.world()
local level = {}
local function solid(shape, label)
  w:add(shape, label, { static = true })
  level[#level + 1] = { shape = shape, label = label }
end
-- the tiles, a hair apart in height
for i = -2, 15 do
  local top = 0.002 * ((i * 7) % 5 - 2)
  solid(collide.aabb(i, top - 1, -2, i + 1, top, 2), "tile")
end
-- five steps up from x = 16, a plateau at 1.0, five steps down from x = 24
for i = 0, 4 do solid(collide.aabb(16 + i, -1, -2, 21, 0.2 * (i + 1), 2), "step") end
solid(collide.aabb(21, -1, -2, 24, 1, 2), "plateau")
for i = 0, 4 do solid(collide.aabb(24, -1, -2, 25 + i, 0.8 - 0.2 * i, 2), "step") end
solid(collide.aabb(29, -1, -2, 45, 0, 2), "floor")
-- the wall, and the steep slope (a box turned 60 degrees about z) from x = 38
solid(collide.aabb(33, 0, -2, 33.5, 1.5, 2), "wall")
local a = math.rad(60)
local c, s = math.cos(a), math.sin(a)
solid(collide.obb(38 + 2 * c + 0.5 * s, 2 * s - 0.5 * c, 0, 2, 0.5, 2, c, s, 0, -s, c, 0, 0, 0, 1), "steep slope")

local r = 0.4
local hero = w:add(collide.capsule(0.5, r + 0.001, 0, 0.5, 1.6 - r, 0, r), "hero")
local ch = w:character(hero, { stepHeight = 0.3, snap = 0.3 })
ch:move(0, -0.1, 0) -- down onto the first tile
expect(ch:ground() == "walkable", "it starts on the floor")

local dt, speed, gravity, jump = 1 / 30, 6, -25, 9
local vy = 0
local path, caught, airborne_on_steps, steps, jumped = {}, 0, 0, 0, false
local jumped_slope, on_steep = false, 0
local out, overlaps = {}, {}
local x, y = w:position(hero)
path[1] = { x, y }
for frame = 1, 300 do
  local ground = ch:ground()
  if ground == "walkable" then vy = 0 else vy = vy + gravity * dt end
  if ground == "walkable" and x >= 31 and not jumped then vy, jumped = jump, true end
  -- at the foot of the steep slope, a jump onto it: it slides back down
  if ground == "walkable" and x >= 37 and not jumped_slope then vy, jumped_slope = jump, true end
  local nx, ny, _, _, _, g, stepped = ch:move(speed * dt, vy * dt, 0, nil, out)
  if stepped > 0 then steps = steps + 1 end
  if g == "steep" then on_steep = on_steep + 1 end
  -- on the tiles, every frame keeps (almost) all of its walk: no seam catches it
  if nx < 15 and nx - x < 0.98 * speed * dt then caught = caught + 1 end
  if nx > 24.5 and nx < 28.5 and g ~= "walkable" then airborne_on_steps = airborne_on_steps + 1 end
  if ny < y - 1e-9 and g == "walkable" and vy > 0 then vy = 0 end
  -- it never ends a frame inside anything (the query finds the hero only)
  local n = w:queryShape(w:shape(hero), nil, overlaps)
  expect(n == 1, "frame " .. frame .. ": the character overlaps nothing")
  x, y = nx, ny
  path[#path + 1] = { x, y }
  record("frame", frame, x, y, g, stepped)
end

expect(caught == 0, ("never caught on a seam (%d frames slowed)"):format(caught))
expect(steps >= 3, ("climbed the steps (%d steps)"):format(steps))
expect(airborne_on_steps == 0, ("followed the steps down (%d frames off the ground)"):format(airborne_on_steps))
expect(jumped and x > 33.5, "jumped the wall")
expect(jumped_slope and on_steep > 0, ("landed on the steep slope and slid (%d frames on it)"):format(on_steep))
local bottom = y + 0.001
expect(x < 38.5 and bottom < 0.3, ("stopped at the foot of the steep slope (x %.3f, bottom %.3f)"):format(x, bottom))
print(("walked %.2f units in %d frames; %d steps climbed; ends at x = %.3f, y = %.3f"):format(x, 300, steps, x, y))

-- the picture: the course, the character every 20 frames, its path (the
-- bottom of the capsule)
local labelled = {}
for _, b in ipairs(level) do
  local kind = (b.label == "wall" or b.label == "steep slope") and b.label or "tiles, steps, floor"
  local first = not labelled[kind]
  labelled[kind] = true
  draw(b.shape, { label = first and kind or nil, color = b.label == "wall" and "#8a3b12" or "#555555", fill = true })
end
for i = 1, #path - 1, 20 do
  draw(collide.capsule(path[i][1] + 0.5, path[i][2] + r + 0.001, 0, path[i][1] + 0.5, path[i][2] + 1.6 - r, 0, r),
    { label = i == 1 and "the character, every 20 frames" or nil, color = "#1f77b4" })
end
for i = 1, #path - 1 do
  local p, q = path[i], path[i + 1]
  draw(collide.segment(p[1] + 0.5, p[2] + 0.001, 0, q[1] + 0.5, q[2] + 0.001, 0),
    { label = i == 1 and "its path (the bottom of the capsule)" or nil, color = "#d62728" })
end
-- (a mark above the course's end keeps the legend clear of it)
local drawPoint = drawPoint or function() end
drawPoint(45, 7, 0, { color = "#dddddd" })
