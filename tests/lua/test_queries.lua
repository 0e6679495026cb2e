-- collide.overlap over every supported pair (both orders), classify, and the
-- plane, line and box queries.
local collide = require "collide"
local eps = collide.real == "float" and 1e-5 or 1e-12

local function both(a, b, want, name)
  expectEqual(collide.overlap(a, b), want, name .. " (a, b)")
  expectEqual(collide.overlap(b, a), want, name .. " (b, a)")
end

-- spheres, points, segments, capsules
both(collide.sphere(0, 0, 0, 1), collide.sphere(3, 0, 0, 2), true, "touching spheres")
both(collide.sphere(0, 0, 0, 1), collide.sphere(3.125, 0, 0, 2), false, "separated spheres")
both(collide.point(1, 0, 0), collide.sphere(0, 0, 0, 1), true, "point on a sphere")
both(collide.point(1, 1, 1), collide.point(1, 1, 1), true, "equal points")
both(collide.segment(0, 0, 0, 4, 0, 0), collide.sphere(2, 1, 0, 1), true, "segment touching a sphere")
both(collide.capsule(0, 0, 0, 4, 0, 0, 1), collide.capsule(2, -3, 1.5, 2, 3, 1.5, 0.5), true, "skew capsules touching")
both(collide.capsule(0, 0, 0, 4, 0, 0, 1), collide.capsule(2, -3, 1.625, 2, 3, 1.625, 0.5), false, "skew capsules apart")
both(collide.segment(0, 0, 0, 2, 0, 0), collide.segment(1, -1, 0, 1, 1, 0), true, "crossing segments")
both(collide.segment(0, 0, 0, 2, 0, 0), collide.capsule(1, -1, 1, 1, 1, 1, 1), true, "segment vs capsule")

-- boxes
local box = collide.aabb(0, 0, 0, 1, 1, 1)
both(box, collide.aabb(1, 1, 1, 2, 2, 2), true, "aabbs touching at a corner")
both(box, collide.sphere(1.75, 2, 0.5, 1.25), true, "Arvo: sphere touching an edge")
both(box, collide.sphere(1.75, 2, 0.5, 1.2), false, "Arvo: sphere short of an edge")
both(box, collide.segment(2, 0, 0.5, 0, 2, 0.5), true, "segment touching an edge diagonally")
both(box, collide.segment(2.125, 0, 0.5, 0, 2.125, 0.5), false, "segment passing an edge diagonally")
local s2 = math.sqrt(2)
local ridgeA = collide.obb(0, 0, 0, 1, 1, 1, collide.axesFromAxisAngle(1, 0, 0, math.pi / 4))
local ridgeB = function(h) return collide.obb(0, 0, h, 1, 1, 1, collide.axesFromAxisAngle(0, 1, 0, math.pi / 4)) end
both(ridgeA, ridgeB(2 * s2 * 0.999), true, "crossed ridges overlap")
both(ridgeA, ridgeB(2 * s2 * 1.001), false, "crossed ridges separated by the edge axis")
both(box, collide.obb(0.5, 0.5, 2.25, 1, 1, 1), false, "aabb vs obb apart")
both(collide.obb(0, 0, 0, 1, 1, 1, collide.axesFromAxisAngle(0, 0, 1, math.pi / 4)), collide.point(1, 1, 0), false,
  "point outside a rotated box")

-- triangles
local tri = collide.triangle(0, 0, 0, 2, 0, 0, 0, 2, 0)
both(tri, collide.sphere(0.5, 0.5, 1, 1), true, "sphere resting on a triangle")
both(tri, box, true, "triangle on the box's bottom face")
both(tri, collide.aabb(0, 0, 0.125, 1, 1, 1), false, "triangle below a box")
both(tri, collide.triangle(0.5, 0.5, -1, 0.5, 0.5, 1, 5, 5, 0), true, "triangle piercing a triangle")
both(tri, collide.triangle(2, 0, 0, 0, 2, 0, 2, 2, 0), true, "coplanar triangles sharing an edge")
both(tri, collide.segment(1, 1, -1, 1, 1, 1), true, "segment through the hypotenuse")
both(tri, collide.obb(0, 0, 1, 1, 1, 1), true, "obb resting on a triangle")

-- planes and ellipsoids
local ground = collide.plane(0, 0, 1, 0)
both(collide.sphere(0, 0, 1, 1), ground, true, "sphere touching the ground")
both(collide.aabb(0, 0, 0.5, 1, 1, 1), ground, false, "box above the ground")
both(collide.ellipsoid(0, 0, 3, 1, 2, 3), ground, true, "ellipsoid touching the ground")
both(collide.point(0, 0, 1.5), collide.ellipsoid(0, 0, 1, 1, 1, 0.5), true, "point on an ellipsoid's tip")

-- 2D
both(collide.circle(-0.75, -1, 1.25), collide.rect(0, 0, 2, 1), true, "circle touching a rectangle corner")
both(collide.circle(-0.75, -1.125, 1.25), collide.rect(0, 0, 2, 1), false, "circle near a rectangle corner")
both(collide.rect(0, 0, 1, 1), collide.rect(1, 1, 2, 2), true, "rectangles touching")

-- classify
expectEqual(collide.classify(collide.sphere(0, 0, 2, 1), ground), 1, "classify front")
expectEqual(collide.classify(collide.sphere(0, 0, -2, 1), ground), -1, "classify back")
expectEqual(collide.classify(collide.sphere(0, 0, 1, 1), ground), 0, "classify touching straddles")
expectEqual(collide.classify(collide.obb(0, 0, -1, 1, 1, 1), ground), 0, "obb touching from below straddles")
expectEqual(collide.classify(collide.triangle(0, 0, 1, 1, 0, 1, 0, 1, 2), ground), 1, "triangle in front")
expectEqual(collide.classify(collide.point(0, 0, 0), ground), 0, "point on the plane")
expectEqual(math.type(collide.classify(collide.point(0, 0, 0), ground)), "integer", "classify returns an integer")

-- segmentPlane
expectNear({ collide.segmentPlane(collide.segment(1, 2, 3, 1, 2, -1), ground) }, { 0.75, 1, 2, 0, false }, 0,
  "segmentPlane t and point")
expectNear({ collide.segmentPlane(collide.segment(0, 0, 0, 5, 5, 0), ground) }, { 0, 0, 0, 0, true }, 0,
  "segment lying in the plane")
expectEqual(collide.segmentPlane(collide.segment(0, 0, 1, 5, 5, 1), ground), nil, "parallel segment misses")

-- trianglePlane
expectNear({ collide.trianglePlane(collide.triangle(0, 0, -1, 2, 0, 1, 0, 2, 1), ground) },
  { 0, 1, 0, 0, 0, 1, 0, false }, 0, "trianglePlane segment")
expectNear({ collide.trianglePlane(collide.triangle(0, 0, 1, 2, 0, 1, 0, 2, 3), ground) }, { 1 }, 0,
  "trianglePlane miss returns the side only")
expectEqual(select(8, collide.trianglePlane(tri, ground)), true, "coplanar triangle")

-- intersectPlanes
expectNear({ collide.intersectPlanes(collide.plane(1, 0, 0, 1), collide.plane(0, 1, 0, -2), collide.plane(0, 0, 2, 6)) },
  { 1, -2, 3 }, 0, "three coordinate planes")
expectEqual(collide.intersectPlanes(ground, collide.plane(0, 0, 1, 5), collide.plane(1, 0, 0, 0)), nil,
  "parallel planes have no single point")

-- closestPointsLines
expectNear({ collide.closestPointsLines(0, 0, 0, 1, 0, 0, 3, 5, 2, 0, 1, 0) }, { 3, -5, 3, 0, 0, 3, 0, 2, false }, eps,
  "skew lines")
expectEqual(select(9, collide.closestPointsLines(0, 0, 0, 1, 1, 0, 0, 2, 0, -3, -3, 0)), true, "parallel lines flagged")

-- transformAabb (matrix by rows)
expectNear({ collide.transformAabb(collide.aabb(0, 0, 0, 1, 2, 3), 0, -1, 0, 1, 0, 0, 0, 0, 1, 10, 0, 0) },
  { 8, 0, 0, 10, 1, 3 }, 0, "quarter turn about z, then translation")
expectNear({ collide.bounds(collide.triangle(0, 5, 0, 2, -1, 3, -1, 0, 1)) }, { -1, -1, 0, 2, 5, 3 }, 0,
  "collide.bounds of a triangle")

-- queries do not allocate
do
  local a, b = collide.sphere(0, 0, 0, 1), collide.obb(1, 1, 1, 1, 1, 1)
  expectNoGarbage(function()
    collide.overlap(a, b)
    collide.classify(a, ground)
    collide.overlap(tri, b)
  end, 20000, "overlap and classify allocate nothing")
end

