-- Issue 12, item 5: once the picture was full, each failed draw leaked its
-- malloc'd buffers (2.1 GB under --max-memory 128M). The picture's memory
-- comes from the counting allocator now and scratch buffers are collected:
-- LeakSanitizer (the asan build) and the memory limit both see them.
local collide = require "collide"
local pts = {}
for i = 1, 3000 do
  local a = i * 0.7
  pts[#pts + 1] = math.cos(a) * i; pts[#pts + 1] = math.sin(a) * i; pts[#pts + 1] = i % 7
end
local big = collide.convex(pts)
local full = false
for i = 1, 300000 do
  if not pcall(drawPoint, i, 0, 0) then full = true break end
end
expect(full, "the picture fills")
local failures = 0
for i = 1, 400 do
  if not pcall(draw, big) then failures = failures + 1 end
end
expectEqual(failures, 400, "every draw past the full picture fails cleanly")
