-- Pictures of motion: drawPath and frame() (animated, or a strip with
-- --frames strip), with their argument errors.
local collide = require "collide"
draw(collide.aabb(-1, -1, -1, 11, 0, 1), "floor")
local path = {}
for i = 0, 40 do
  local x, y = i / 4, 3 * math.abs(math.sin(i / 6))
  path[#path + 1], path[#path + 2], path[#path + 3] = x, y, 0
  if i % 5 == 0 then
    expect(frame() >= 1, "frame() returns the frame's number")
    draw(collide.sphere(x, y + 0.3, 0, 0.3), i == 0 and "ball" or nil)
  end
end
expect(frame(false) == 0, "frame(false): drawings in every frame again")
drawPath(path, { label = "path", color = "#d62728" })
expectError("points: a flat array x1, y1, z1, x2, y2, z2, ... of at least two points expected",
  function() drawPath({ 1, 2, 3 }) end)
expectError("points: a flat array", function() drawPath({ 1, 2, 3, 4 }) end)
expectError("points[5] must be a finite number", function() drawPath({ 1, 2, 3, 4, 0 / 0, 6 }) end)
expectError("bad argument #1 to 'frame' (boolean or none expected, got number)", function() frame(1) end)
