-- Every scene query of collide.world on a small room, with what each finds
-- (checked by hand-derived expectations) and a picture from above.
--
--   collide-run --svg queries.svg scripts/queries.lua
--
-- Results come in an order that never depends on the world's trees: overlap
-- queries by body id (the order of adding here), rays and casts by
-- (t, id). Touching counts (shapes are closed sets).
local collide = require "collide"
local expect = expect or function(ok, msg) if not ok then error(msg, 2) end return ok end
local record, draw, drawRay, drawPoint, drawSweep = record or function() end, draw or function() end,
  drawRay or function() end, drawPoint or function() end, drawSweep or function() end

local world = collide.world()
local shapes = {}
local function add(name, shape, opts)
  shapes[name] = shape
  world:add(shape, name, opts)
end
-- walls (static), furniture, a lamp post and a ball; z from 0 to 2
add("west wall", collide.aabb(-6, -4, 0, -5.5, 4, 2), { static = true })
add("north wall", collide.aabb(-6, 4, 0, 6, 4.5, 2), { static = true })
add("table", collide.aabb(-1, -1, 0, 1, 0.5, 0.8), { static = true })
add("crate", collide.obb(3, -2, 0.5, 0.5, 0.5, 0.5, collide.axesFromAxisAngle(0, 0, 1, math.pi / 6)))
add("ball", collide.sphere(-3, 1, 0.5, 0.5))
add("post", collide.capsule(4, 2, 0, 4, 2, 2, 0.25), { static = true })
add("ramp", collide.triangle(-4, -3, 0, -2, -3, 0, -2, -1, 1), { static = true })
add("floor", collide.plane(0, 0, 1, 0), { static = true, category = 2 })

local out, records = {}, {}
local function list(n, t)
  local s = {}
  for i = 1, n do s[i] = tostring(t[i]) end
  return "{" .. table.concat(s, ", ") .. "}"
end
local function check(label, n, t, want)
  local got = list(n, t)
  print(("%-44s %s"):format(label, got))
  expect(got == want, label .. ": " .. want)
  record(label, got)
end

print(("collide %s (%s): the scene queries of a world with %d bodies"):format(collide._VERSION, collide.real, #world))
-- a box around the table: it touches the ball's side exactly at x = -2.5, holds
-- the ramp's top vertex (-2, -1, 1) on its top face, and touches the floor
check("queryAABB(-2.5, -1.5, 0, 1.5, 1.5, 1)", world:queryAABB(-2.5, -1.5, 0, 1.5, 1.5, 1, nil, out), out,
  "{table, ball, ramp, floor}")
-- the same without the floor's category (mask 1: bodies of category 1)
check("queryAABB(...) with mask 1", world:queryAABB(-2.5, -1.5, 0, 1.5, 1.5, 1, 1, out), out, "{table, ball, ramp}")
check("queryPoint(4, 2.25, 1): on the post's surface", world:queryPoint(4, 2.25, 1, nil, out), out, "{post}")
check("queryShape(a sphere beside the crate)",
  world:queryShape(collide.sphere(3.8, -1.2, 0.5, 0.6), 1, out), out, "{crate}")
check("queryShape(...) with a filter function",
  world:queryShape(collide.sphere(0, 0, 0.5, 3.5), function(item) return item ~= "table" end, out), out,
  "{crate, ball, ramp, floor}")

-- a ray across the room at z = 0.5: the closest, then every hit
local ray = { -7, -0.25, 0.5, 14, 0, 0 }
local item, t, px, py, pz, nx, ny, nz = world:raycast(ray[1], ray[2], ray[3], ray[4], ray[5], ray[6], 1, 1)
print(("%-44s %s at t = %.4g, normal (%g, %g, %g)"):format("raycast (mask 1)", item, t, nx, ny, nz))
expect(item == "west wall" and math.abs(t - 1 / 14) < 1e-12 and nx == -1, "the ray meets the west wall first")
local n = world:raycastAll(ray[1], ray[2], ray[3], ray[4], ray[5], ray[6], 1, 1, records)
local names, hit_points = {}, {}
for i = 1, n do
  names[i] = records[i].item
  hit_points[i] = { records[i].x, records[i].y, records[i].z }
end
check("raycastAll (mask 1)", n, names, "{west wall, table}")

-- a ball rolled toward the table: the cast stops at first contact
local ball = shapes.ball
local m = world:cast(ball, 4, -2.5, 0, 1, records)
names = {}
for i = 1, m do names[i] = records[i].item end
check("cast(ball, 4, -2.5, 0)", m, names, "{ball, table}")
expect(records[1].inside and records[1].t == 0, "the ball overlaps itself at the start: t = 0, inside")
print(("%-44s %s at t = %.4g"):format("  first contact past itself", records[2].item, records[2].t))
-- the ball's centre reaches x = -1.5 (half a radius from the table's face x = -1) at t = 0.375
expect(records[2].item == "table" and records[2].t == 0.375 and records[2].nx == -1, "the ball meets the table's face")

-- the camera sees ...
local cam = collide.frustum(0, -8, 3, 0, 0, 0.5, 0, 0, 1, math.rad(40), 1.5, 0.5, 12)
local classes = {}
local k = world:queryFrustum(cam, 1, out, classes)
local seen = {}
for i = 1, k do seen[i] = out[i] .. ":" .. classes[i] end
check("queryFrustum (mask 1)", k, seen,   "{west wall:intersecting, north wall:intersecting, table:inside, crate:intersecting, ball:inside, post:inside, "
  .. "ramp:intersecting}")

-- the picture, from above
local color = { ["west wall"] = "#7f7f7f", ["north wall"] = "#7f7f7f", table = "#8c564b", crate = "#bcbd22",
  ball = "#d62728", post = "#1f77b4", ramp = "#9467bd" }
for _, name in ipairs({ "west wall", "north wall", "table", "crate", "ball", "post", "ramp" }) do
  draw(shapes[name], { label = name, color = color[name], fill = true })
end
draw(collide.aabb(-2.5, -1.5, 0, 1.5, 1.5, 1), { label = "queryAABB box", color = "#2ca02c", dashed = true })
drawRay(ray[1], ray[2], ray[3], ray[4], ray[5], ray[6], { color = "#444444", label = "ray" })
for _, p in ipairs(hit_points) do drawPoint(p[1], p[2], p[3], { color = "#444444" }) end
drawSweep(ball, 4, -2.5, 0, { against = shapes.table, label = "ball cast", color = "#d62728" })
