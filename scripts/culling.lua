-- Frustum culling of a city block: a camera over 10^4 boxes in a world,
-- the boxes counted (and coloured) by class, checked against classifying
-- every box by itself.
--
--   collide-run --svg culling.svg scripts/culling.lua
--   (or LUA_CPATH='build/?.so' lua5.4 -l shim scripts/culling.lua from scripts/)
--
-- The world's tree accepts a whole subtree when its node is inside the
-- frustum, tests the boxes of nodes that cross it exactly, and drops nodes
-- outside: the answer is the same as the brute force's, box for box.
local collide = require "collide"
local expect = expect or function(ok, msg) if not ok then error(msg, 2) end return ok end
local record, draw, drawPoint = record or function() end, draw or function() end, drawPoint or function() end

-- a deterministic generator (scenarios do not depend on math.random's seed)
local seed = 2024
local function rand(a, b)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return a + (b - a) * seed / 2147483648
end

-- 100 x 100 lots, one box each: width 0.3 to 0.9, height 0.5 to 6
local world = collide.world()
local boxes = {}
for i = 0, 99 do
  for j = 0, 99 do
    local x, y = i - 50 + rand(0, 0.1), j - 50 + rand(0, 0.1)
    local w, d, h = rand(0.3, 0.9), rand(0.3, 0.9), rand(0.5, 6)
    local b = collide.aabb(x, y, 0, x + w, y + d, h)
    boxes[#boxes + 1] = b
    world:add(b, #boxes, { static = true })
  end
end
world:optimize()

-- a camera at the block's corner, 8 up, looking across it
local eye, target = { -55, -40, 8 }, { 10, 15, 0 }
local fovy, aspect, near, far = math.rad(50), 16 / 9, 0.5, 70
local cam = collide.frustum(eye[1], eye[2], eye[3], target[1], target[2], target[3], 0, 0, 1, fovy, aspect, near, far)

local items, classes = {}, {}
local n = world:queryFrustum(cam, nil, items, classes)
local class_of = {}
for k = 1, n do class_of[items[k]] = classes[k] end

-- every box by itself
local counts, brute = { inside = 0, intersecting = 0, outside = 0 }, { inside = 0, intersecting = 0, outside = 0 }
local agree = true
for i, b in ipairs(boxes) do
  local c = cam:classify(b)
  brute[c] = brute[c] + 1
  local got = class_of[i] or "outside"
  counts[got] = counts[got] + 1
  agree = agree and got == c
end
expect(agree, "the world's frustum query classifies every box as the box alone")
expect(counts.inside > 100 and counts.intersecting > 10 and counts.outside > 1000, "a view with all three classes")

print(("collide %s (%s): frustum culling of %d boxes"):format(collide._VERSION, collide.real, #boxes))
print(("%-14s %8s %8s"):format("class", "world", "alone"))
for _, c in ipairs({ "inside", "intersecting", "outside" }) do
  print(("%-14s %8d %8d"):format(c, counts[c], brute[c]))
  record("class", c, counts[c], brute[c])
end
print(("the world's static tree: height %d (log2 n = %.1f); the query's cost against classifying every box is in `make bench`")
  :format(world:stats().staticHeight, math.log(#boxes, 2)))

-- the picture, from above: boxes by class and the frustum's outline
local colors = { inside = "#2ca02c", intersecting = "#ff7f0e", outside = "#c7c7c7" }
local labelled = {}
for i, b in ipairs(boxes) do
  local c = class_of[i] or "outside"
  draw(b, { color = colors[c], fill = true, label = not labelled[c] and c or nil })
  labelled[c] = true
end
local corner = {}
for i = 1, 8 do corner[i] = { cam:corner(i) } end
for _, e in ipairs({ { 1, 2 }, { 2, 4 }, { 4, 3 }, { 3, 1 }, { 5, 6 }, { 6, 8 }, { 8, 7 }, { 7, 5 },
  { 1, 5 }, { 2, 6 }, { 3, 7 }, { 4, 8 } }) do
  local a, b = corner[e[1]], corner[e[2]]
  draw(collide.segment(a[1], a[2], a[3], b[1], b[2], b[3]), { color = "#1f77b4", label = e[1] == 1 and e[2] == 2 and "frustum" or nil })
end
drawPoint(eye[1], eye[2], eye[3], { color = "#1f77b4", label = "eye" })
