-- Issue 12, item 12: error messages name the function and show the numbers
-- as they are.
local collide = require "collide"
expectError("bad argument #4 to 'collide.sphere' (radius must be >= 0)", collide.sphere, 0, 0, 0, -1)
local ok, err = pcall(collide.sphere, 0, 0, 0, -1)
expect(not ok and err:find("'collide.sphere'", 1, true) ~= nil, "pcall'd constructor named: " .. tostring(err))
local p = collide.convex({ 0, 0, 0, 1, 0, 0 })
expectError("got 4294967297", p.point, p, 2 ^ 32 + 1)
expectError("got 4294967297", p.point, p, 4294967297)
local arr = collide.pack({ collide.sphere(0, 0, 0, 1) })
expectError("got 4294967297", arr.get, arr, 4294967297)
expectError("bad argument #5 to 'drawSweep' (style.against must be a collide shape, got number)",
  drawSweep, collide.sphere(0, 0, 0, 1), 1, 0, 0, { against = 3 })
-- expectNear on arrays prints both sides at full precision (it fails here on purpose)
expectNear({ 0.1 + 0.2, 1 }, { 0.3, 1 }, 0, "arrays")
