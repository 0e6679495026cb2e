-- A userdata's type cannot be forged (issue 12, item 1). Each attack below
-- crashed or read or wrote arbitrary memory before the fix: the kind came from
-- a tag in a metatable that getmetatable handed to the script.
-- Runs in collide-run (no debug library) and in lua5.4 (with it: the debug
-- library's attacks are tried too, and must fail as cleanly).
local collide = require "collide"

local s = collide.sphere(0, 0, 0, 1)
local obb = collide.obb(0, 0, 0, 1, 1, 1)
local poly = collide.convex({ 0, 0, 0, 1, 0, 0, 0, 1, 0 })
local arr = collide.pack({ collide.sphere(0, 0, 0, 1), collide.sphere(5, 0, 0, 1) })

-- getmetatable gives a public copy, never the table that proves the type
local mt = getmetatable(s)
expectEqual(mt.__name, "collide.Sphere", "the copy keeps __name")
expectEqual(type(mt.__index.center), "function", "the copy keeps the methods")
mt[1] = getmetatable(obb)[1]           -- the issue's attack: copy the OBB's tag
mt[1] = getmetatable(poly)[1]
getmetatable(arr)[1] = getmetatable(s)[1]
expectEqual(s:kind(), "sphere", "a sphere stays a sphere after its metatable copy is changed")
expectError("collide.Sphere", setmetatable, s, {})  -- setmetatable takes tables only

-- the OBB's :set on a sphere (the 120-byte write into a 32-byte block)
local obbset = getmetatable(obb).__index.set
expectError("bad argument #1", function() return obbset(arr, 1, 1, 1, 1, 1, 1) end)
s:set(1, 2, 3, 4)
expectEqual(select(4, s:get()), 4, "set writes the sphere it is given")
expectError("collide.Polytope expected", getmetatable(poly).__index.point, s, 1)
expectError("collide.Obb expected", getmetatable(obb).__index.axes, s)
expectError("collide shape expected", collide.overlap, arr, s)
expectError("ShapeArray expected", getmetatable(arr).__index.set, s, 1, s)
expectEqual(#arr, 2, "the array's count is intact")
expectEqual(select(1, arr:get(2):get()), 5, "the array's elements are intact")

-- the method tables are shared: replacing a method only changes what the
-- script calls, and C methods still check their self argument
local saved = mt.__index.get
mt.__index.get = getmetatable(obb).__index.axes
expectError("collide.Obb expected", function() return s:get() end)
mt.__index.get = saved
expectEqual(select(4, s:get()), 4, "the method is back")

if debug and debug.getmetatable then
  -- with the debug library a script reaches the real metatables; the type
  -- is still proven by the metatable's identity and the block's size
  local real = debug.getmetatable(s)
  local saved_tag = real[1]
  real[1] = debug.getmetatable(obb)[1]  -- the OBB's tag in the sphere's real metatable
  expectError("collide.Obb expected", getmetatable(obb).__index.axes, s)
  expectError("collide shape expected", s.kind, s)  -- an OBB's tag on a sphere's block
  -- collide.overlap goes by the metatable's identity: still a sphere
  expectEqual(collide.overlap(s, obb), true, "collide.overlap: a sphere stays a sphere")
  real[1] = saved_tag
  expectEqual(s:kind(), "sphere", "the tag is back")
  -- another kind's metatable on a smaller block
  debug.setmetatable(s, debug.getmetatable(obb))
  expectError("collide shape expected", collide.overlap, s, obb)
  expectError("bad argument #1", obbset, s, 1, 1, 1, 1, 1, 1)
  debug.setmetatable(s, real)
  expectEqual(s:kind(), "sphere", "restored")
  -- the polytope's metatable on a sphere: its numbers would be a pointer
  debug.setmetatable(s, debug.getmetatable(poly))
  expectError("collide.Polytope expected", getmetatable(poly).__index.point, s, 1)
  expectError("collide shape expected", collide.bounds, s)
  debug.setmetatable(s, real)
  -- a sphere's metatable on the array: set would overwrite its header
  local amt = debug.getmetatable(arr)
  debug.setmetatable(arr, real)
  expectError("collide shape expected", collide.overlap, arr, s)
  debug.setmetatable(arr, amt)
  -- a ShapeArray metatable on a shape
  debug.setmetatable(s, amt)
  expectError("ShapeArray expected", function() return #s end)
  debug.setmetatable(s, real)
  expectEqual(#arr, 2, "the array is intact")
end
