-- Shape arrays (collide.pack, ShapeArray methods) and the batch query
-- collide.overlapMany: every answer is collide.overlap's, errors name the
-- argument, a reused out table allocates nothing.
local collide = require "collide"

-- a fixed workload: spheres and boxes on a line, about half overlapping
local spheres, others, boxes = {}, {}, {}
for i = 1, 300 do
  local x = i * 3
  spheres[i] = collide.sphere(x, 0, 0, 1 + (i % 3) * 0.25)
  others[i] = collide.sphere(x + (i % 5) * 0.6, (i % 2) * 0.5, 0, 0.5)
  boxes[i] = collide.aabb(x - 1 + (i % 4) * 0.9, -1, -1, x + (i % 4) * 0.9, 1, 1)
end
local A, B, X = collide.pack(spheres), collide.pack(others), collide.pack(boxes)

expectEqual(#A, 300, "#array is the number of shapes")
expectEqual(A:kind(), "sphere", "array:kind")
expectEqual(tostring(A), "ShapeArray(sphere, 300)", "__tostring")
expectEqual(getmetatable(A).__name, "collide.ShapeArray", "__name")
expectNear({ A:get(7):get() }, { spheres[7]:get() }, 0, "array:get copies element i")
expectEqual(collide.kind(A:get(1)), "sphere", "array:get gives a shape")

-- every answer is collide.overlap's, pairwise, one against many, either kind order
local function check(P, Q, ps, qs, what)
  local out = {}
  local n = collide.overlapMany(P, Q, out)
  local want, wanted = 0, {}
  for i = 1, #ps do
    local q = type(qs) == "table" and qs[i] or qs
    if collide.overlap(ps[i], q) then
      want = want + 1
      wanted[want] = i
    end
  end
  expectEqual(n, want, what .. ": the count")
  expectEqual(collide.overlapMany(P, Q), want, what .. ": the count without out")
  expectNear(out, wanted, 0, what .. ": the indices, in order")
  expectEqual(out[n + 1], nil, what .. ": out[count + 1] is nil")
  return n
end
local n1 = check(A, B, spheres, others, "sphere-sphere")
expect(n1 > 30 and n1 < 270, "sphere-sphere: a mixed workload (" .. n1 .. " of 300)")
local n2 = check(X, A, boxes, spheres, "aabb-sphere")
expect(n2 > 30 and n2 < 270, "aabb-sphere: a mixed workload (" .. n2 .. " of 300)")
check(A, X, spheres, boxes, "sphere-aabb")
local probe = collide.sphere(450, 0, 0, 40)
check(A, probe, spheres, probe, "one sphere against many")
local hull = collide.convex({ 440, -1, -1, 460, -1, -1, 450, 3, 0, 450, 0, 3 })
check(X, hull, boxes, hull, "a polytope against many boxes (by GJK)")
local obbs = {}
for i = 1, 50 do obbs[i] = collide.obb(i * 3, 0.5, 0, 1, 0.5, 0.5, collide.axesFromAxisAngle(0, 0, 1, i * 0.1)) end
local small = {}
for i = 1, 50 do small[i] = spheres[i] end
check(collide.pack(obbs), collide.pack(small), obbs, small, "obb-sphere (through the dispatch)")

-- set, then the answers follow
expectEqual(A:set(1, collide.sphere(3, 0, 0, 5)), A, "array:set returns the array")
expect(collide.overlapMany(collide.pack({ A:get(1) }), others[1]) == 1, "array:set changed element 1")

-- a reused out table allocates nothing, nor does the count alone
do
  local out = {}
  collide.overlapMany(A, B, out)
  expectNoGarbage(function()
    collide.overlapMany(A, B, out)
    collide.overlapMany(A, B)
    collide.overlapMany(X, probe)
  end, 200, "overlapMany allocates nothing")
end

-- errors name the argument
expectError("bad argument #1 to 'pack' (a non-empty list of shapes expected)", function() return collide.pack({}) end)
expectError("(table expected, got number)", function() return collide.pack(3) end)
expectError("element 2 is a aabb, element 1 a sphere: an array holds one kind",
  function() return collide.pack({ spheres[1], boxes[1] }) end)
expectError("element 2 is not a collide shape (got number)", function() return collide.pack({ spheres[1], 5 }) end)
expectError("element 1 is a polytope, which cannot be packed", function() return collide.pack({ hull }) end)
expectError("array of 300 shapes expected (as many as argument 1), got 1",
  function() return collide.overlapMany(A, collide.pack({ spheres[1] })) end)
expectError("ShapeArray or collide shape expected, got number", function() return collide.overlapMany(A, 1) end)
expectError("collide.ShapeArray expected, got", function() return collide.overlapMany(spheres[1], A) end)
expectError("bad argument #2 to 'overlapMany' (no test for the pair (plane, plane))",
  function() return collide.overlapMany(collide.pack({ collide.plane(0, 0, 1, 0) }), collide.plane(0, 1, 0, 0)) end)
expectError("(table expected, got string)", function() return collide.overlapMany(A, B, "out") end)
expectError("index must be in [1, 300], got 301", function() return A:get(301) end)
expectError("index must be in [1, 300], got 0", function() return A:set(0, spheres[1]) end)
expectError("a sphere expected (the array's kind), got a aabb", function() return A:set(1, boxes[1]) end)

-- memory: a shape is its C struct plus Lua's userdata header (32 bytes for a
-- full userdata without user values on 64-bit Lua 5.4), a packed array its
-- structs plus one header (only where collectgarbage exists: not in the
-- collide-run sandbox)
if collectgarbage and collide.real == "double" then
  local K = 2000
  local slots = {}
  for i = 1, K do slots[i] = false end
  for _, k in ipairs({ { "sphere", 4, function() return collide.sphere(0, 0, 0, 1) end },
    { "obb", 15, function() return collide.obb(0, 0, 0, 1, 1, 1) end },
    { "triangle", 9, function() return collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0) end } }) do
    collectgarbage()
    collectgarbage("stop")
    local before = collectgarbage("count")
    for i = 1, K do slots[i] = k[3]() end
    local bytes = (collectgarbage("count") - before) * 1024 / K
    collectgarbage("restart")
    expect(bytes <= k[2] * 8 + 32, string.format("a %s costs %.1f bytes (struct %d + header 32)", k[1], bytes, k[2] * 8))
  end
  collectgarbage()
  local before = collectgarbage("count")
  local packed = collide.pack(spheres)
  local per = (collectgarbage("count") - before) * 1024 / #spheres
  expect(per <= 32 + 1, string.format("a packed sphere costs %.2f bytes (the struct is 32)", per))
  expectEqual(#packed, 300, "packed")
end
