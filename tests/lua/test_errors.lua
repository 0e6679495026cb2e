-- Argument errors: every constructor and query refuses bad input with a
-- message that names the argument, in the style of Lua's own libraries.
local collide = require "collide"
local nan, inf = 0 / 0, math.huge


expectError("bad argument #1 to 'sphere' (finite number expected, got nan)",
  function() return collide.sphere(nan, 0, 0, 1) end)
expectError("bad argument #4 to 'sphere' (finite number expected, got inf)",
  function() return collide.sphere(0, 0, 0, inf) end)
expectError("bad argument #2 to 'point' (finite number expected, got -inf)",
  function() return collide.point(0, -inf, 0) end)
expectError("bad argument #3 to 'point' (magnitude must be <=",
  function() return collide.point(0, 0, 1e300) end)
expectError("bad argument #4 to 'sphere' (radius must be >= 0)",
  function() return collide.sphere(0, 0, 0, -1) end)
expectError("bad argument #7 to 'capsule' (radius must be >= 0)",
  function() return collide.capsule(0, 0, 0, 1, 1, 1, -0.5) end)
expectError("bad argument #5 to 'aabb' (maxy must be >= miny)",
  function() return collide.aabb(0, 1, 0, 1, 0, 1) end)
expectError("bad argument #5 to 'obb' (half extent must be >= 0)",
  function() return collide.obb(0, 0, 0, 1, -1, 1) end)
expectError("bad argument #7 to 'obb' (axes must be orthonormal",
  function() return collide.obb(0, 0, 0, 1, 1, 1, 0.7071, 0.7071, 0, -0.7071, 0.7071, 0, 0, 0, 1) end)
expectError("bad argument #15 to 'obb' (number expected, got no value)",
  function() return collide.obb(0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 0) end)
expectError("bad argument #6 to 'ellipsoid' (radius must be >= 0)",
  function() return collide.ellipsoid(0, 0, 0, 1, 1, -1) end)
expectError("bad argument #3 to 'circle' (radius must be >= 0)",
  function() return collide.circle(0, 0, -1) end)
expectError("bad argument #3 to 'rect' (maxx must be >= minx)",
  function() return collide.rect(2, 0, 1, 1) end)
expectError("bad argument #1 to 'plane' (normal must be non-zero)",
  function() return collide.plane(0, 0, 0, 1) end)
expectError("bad argument #4 to 'planeFromPointNormal' (normal must be non-zero)",
  function() return collide.planeFromPointNormal(1, 2, 3, 0, 0, 0) end)
expectError("bad argument #7 to 'planeFromPoints' (points must not be collinear",
  function() return collide.planeFromPoints(0, 0, 0, 1, 1, 1, 2, 2, 2) end)
expectError("bad argument #2 to 'segment' (number expected, got string)",
  function() return collide.segment(0, "x", 0, 1, 1, 1) end)
expectError("bad argument #9 to 'triangle' (number expected, got no value)",
  function() return collide.triangle(0, 0, 0, 1, 0, 0, 0, 1) end)
expectError("bad argument #1 to 'axesFromQuat' (quaternion must be non-zero)",
  function() return collide.axesFromQuat(0, 0, 0, 0) end)
expectError("bad argument #1 to 'axesFromAxisAngle' (axis must be non-zero)",
  function() return collide.axesFromAxisAngle(0, 0, 0, 1) end)
expectError("bad argument #4 to 'closestPointsLines' (direction must be non-zero)",
  function() return collide.closestPointsLines(0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 1) end)

-- :set validates everything before changing the shape, with the constructor's numbering.
local s = collide.sphere(1, 2, 3, 4)
expectError("bad argument #4 to 'set' (radius must be >= 0)",
  function() return s:set(0, 0, 0, -1) end)
expectError("bad argument #2 to 'set' (finite number expected, got nan)",
  function() return s:set(0, nan, 0, 1) end)
expectNear({ s:get() }, { 1, 2, 3, 4 }, 0, "a failed :set leaves the shape unchanged")

-- methods on the wrong kind of self
expectError("bad argument #1 to 'radius' (collide.Sphere expected, got collide.Aabb)",
  function() local box = collide.aabb(0, 0, 0, 1, 1, 1); return collide.sphere(0, 0, 0, 1).radius(box) end)

-- generic queries
local sph = collide.sphere(0, 0, 0, 1)
expectError("bad argument #2 to 'overlap' (collide shape expected, got number)",
  function() return collide.overlap(sph, 5) end)
expectError("bad argument #1 to 'overlap' (collide shape expected, got no value)",
  function() return collide.overlap() end)
-- (the first shape's metatable, which the fast path leaves on the stack, is not
-- the missing second argument: "got table" once)
expectError("bad argument #2 to 'overlap' (collide shape expected, got no value)",
  function() return collide.overlap(sph) end)
expectError("bad argument #2 to 'overlap' (collide shape expected, got collide.World)",
  function() return collide.overlap(sph, collide.world()) end)
expectError("bad argument #1 to 'overlap' (collide shape expected, got table)",
  function() return collide.overlap({}, sph) end)
expectError("bad argument #2 to 'overlap' (no test for the pair (plane, plane))",
  function() return collide.overlap(collide.plane(0, 0, 1, 0), collide.plane(0, 1, 0, 0)) end)
expectError("bad argument #2 to 'overlap' (no test for the pair (sphere, circle))",
  function() return collide.overlap(sph, collide.circle(0, 0, 1)) end)
expectError("bad argument #2 to 'overlap' (no test for the pair (plane, plane))",
  function() return collide.overlap(collide.plane(0, 0, 1, 0), collide.plane(0, 1, 0, 0)) end)
expectError("bad argument #2 to 'classify' (collide.Plane expected, got collide.Sphere)",
  function() return collide.classify(sph, sph) end)
expectError("bad argument #1 to 'classify' (cannot classify a circle against a plane)",
  function() return collide.classify(collide.circle(0, 0, 1), collide.plane(0, 0, 1, 0)) end)
expectError("bad argument #1 to 'segmentPlane' (collide.Segment expected, got collide.Sphere)",
  function() return collide.segmentPlane(sph, collide.plane(0, 0, 1, 0)) end)
expectError("bad argument #1 to 'bounds' (a plane has no 3D bounds)",
  function() return collide.bounds(collide.plane(0, 0, 1, 0)) end)
expectError("bad argument #12 to 'transformAabb' (finite number expected, got nan)",
  function() return collide.transformAabb(collide.aabb(0, 0, 0, 1, 1, 1), 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, nan, 0) end)

-- a userdata from another library is not a shape
expectError("collide shape expected, got Foreign",
  function() return collide.overlap(sph, setmetatable({}, { __name = "Foreign" })) end)

