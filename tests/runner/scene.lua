-- A small scene for the determinism and SVG tests: random shapes from the
-- seeded generator, sweeps, rays, a plane, and a trace of what happened.
local collide = require "collide"
local ground = collide.plane(0, 0, 1, 0)
draw(ground, "ground")
for i = 1, 6 do
  local x, y = math.random() * 10 - 5, math.random() * 10 - 5
  local ball = collide.sphere(x, y, 2 + math.random(), 0.5)
  local t0 = collide.sweep(ball, 0, 0, -4, ground)
  record("ball", i, x, y, t0)
  drawSweep(ball, 0, 0, -4, { against = ground, label = i == 1 and "falling balls" or nil })
end
local box = collide.obb(0, 0, 1, 1, 2, 0.5, collide.axesFromAxisAngle(1, 1, 1, 0.7))
draw(box, { label = "crate", color = "#444444", dashed = true })
draw(collide.capsule(-3, 3, 1, 3, 3, 2, 0.4), "capsule")
draw(collide.ellipsoid(3, -3, 1, 1, 0.5, 0.8), "egg")
draw(collide.convex({ { 0, -4, 0 }, { 1, -4, 0 }, { 0, -3, 0 }, { 0, -4, 1 } }), "tetra")
local t, px, py, pz, nx, ny, nz = collide.raycast(box, -6, 0, 1, 12, 0, 0, 1)
drawRay(-6, 0, 1, 12, 0, 0, "ray")
if t then
  drawPoint(px, py, pz, "hit")
  drawNormal(px, py, pz, nx, ny, nz, { label = "normal", length = 1 })
end
record("exact", 0.1, 1 / 3, 2 ^ -1074, 1e308, math.huge, nil, 42)
record("a \"quoted\" name", true, false, "text")
