-- collide.distance, gjkDistance, penetration, support, convex, sweepConvex and
-- the GJK-backed overlap and sweep: results, errors, no allocation per call.
local collide = require "collide"
local float = collide.real == "float"
local eps = float and 1e-5 or 1e-12
local geps = float and 1e-4 or 1e-9 -- iterative methods

-- distance: d, a, b, normal, iterations, converged
local a, b = collide.sphere(0, 0, 0, 1), collide.sphere(3, 4, 0, 2)
expectNear({ collide.distance(a, b) }, { 2, 0.6, 0.8, 0, 1.8, 2.4, 0, -0.6, -0.8, 0, 0, true }, eps,
  "sphere-sphere closed form")
expectNear({ collide.distance(b, a) }, { 2, 1.8, 2.4, 0, 0.6, 0.8, 0, 0.6, 0.8, 0, 0, true }, eps,
  "swapped: points swap, normal flips")
local d = collide.gjkDistance(a, b)
expectNear(d, 2, geps, "GJK on the same spheres")
expectEqual(collide.distance(collide.sphere(0, 0, 0, 1), collide.sphere(2, 0, 0, 1)), 0, "touching spheres: 0")

-- boxes turned 45 degrees: the corner at 3 - sqrt(2)
local unit = collide.obb(0, 0, 0, 1, 1, 1)
local turned = collide.obb(3, 0, 0, 1, 1, 1, collide.axesFromAxisAngle(0, 0, 1, math.pi / 4))
local dist, ax, _, _, bx, _, _, nx, _, _, iterations, converged = collide.distance(unit, turned)
expectNear(dist, 2 - math.sqrt(2), geps, "GJK: rotated boxes")
expectNear(ax, 1, geps, "closest point on the unit box")
expectNear(bx, 3 - math.sqrt(2), geps, "closest point on the turned box")
expectNear(nx, -1, geps, "normal from b toward a")
expect(iterations > 0 and converged, "GJK iterations and convergence reported")
expectEqual(collide.overlap(unit, turned), false, "SAT agrees: apart")

-- a plane against a shape
expectNear({ collide.distance(collide.aabb(-1, -1, 2, 1, 1, 3), collide.plane(0, 0, 1, 0)) },
  { 2, 1, 1, 2, 1, 1, 0, 0, 0, 1, 0, true }, eps, "box above the ground (ties: the + corner)")

-- convex polytopes from both table forms
local flat = collide.convex({ -1, -1, -1, 1, -1, -1, -1, 1, -1, 1, 1, -1, -1, -1, 1, 1, -1, 1, -1, 1, 1, 1, 1, 1 })
local nested = collide.convex({ { -1, -1, -1 }, { 1, 1, 1 }, { 1, -1, -1 }, { -1, 1, -1 }, { 1, 1, -1 },
  { -1, -1, 1 }, { 1, -1, 1 }, { -1, 1, 1 }, { 0, 0, 0 } })
expectEqual(flat:count(), 8, "flat array: 8 points")
expectEqual(nested:count(), 9, "nested array: 9 points")
expectNear({ nested:point(2) }, { 1, 1, 1 }, 0, "point(2)")
expectEqual(flat:kind(), "polytope", "kind")
expectEqual(tostring(flat), "collide.Polytope(8 points)", "tostring")
expectNear({ flat:bounds() }, { -1, -1, -1, 1, 1, 1 }, 0, "bounds")
expectEqual(select("#", flat:get()), 24, "get returns every coordinate")
local ball = collide.sphere(4, 0, 0, 1)
expectNear(collide.distance(flat, ball), 2, geps, "cube of points vs sphere")
expectNear(collide.distance(nested, ball), 2, geps, "same hull from the nested form")
expectEqual(collide.overlap(flat, collide.sphere(1.5, 0, 0, 0.6)), true, "polytope overlap via GJK")
expectEqual(collide.classify(flat, collide.plane(1, 0, 0, 2)), -1, "polytope behind a plane")
expectNear({ collide.support(flat, 1, 1, 1) }, { 1, 1, 1 }, 0, "support of the polytope")
expectNear({ collide.support(collide.capsule(0, 0, 0, 4, 0, 0, 1), 1, 0, 0) }, { 5, 0, 0 }, eps, "support of a capsule")

-- GJK-backed overlap for pairs without a closed form
expectEqual(collide.overlap(collide.capsule(0, 0, 0, 0, 0, 4, 1), unit), true, "capsule-obb overlap")
-- (an ellipsoid exactly touching a face is resolved by GJK to about 1e-10 of
-- its size, not to the ulp: see docs/lua-api.md)
expect(collide.distance(collide.ellipsoid(0, 0, 3, 1, 1, 2), unit) < 1e-9, "ellipsoid touching the box")
expectEqual(collide.overlap(collide.ellipsoid(0, 0, 3, 1, 1, 2.5), unit), true, "ellipsoid into the box")
expectEqual(collide.overlap(collide.ellipsoid(0, 0, 3, 1, 1, 1.9), unit), false, "ellipsoid short of the box")

-- penetration
local bd, _, _, _, _, _, _, bnx, bny, bnz =
  collide.penetration(collide.aabb(0, 0, 0, 2, 2, 2), collide.aabb(1.5, 0.5, 0.5, 4, 1.5, 1.5))
expectNear({ bd, bnx, bny, bnz }, { 0.5, -1, 0, 0 }, geps, "boxes overlapping by 0.5 in x: out along -x")
do -- boxes by the separating axes (no iterations); epaPenetration, the second method, iterates
  local box1, box2 = collide.aabb(0, 0, 0, 2, 2, 2), collide.aabb(1.5, 0.5, 0.5, 4, 1.5, 1.5)
  local d1, it1 = collide.penetration(box1, box2), select(11, collide.penetration(box1, box2))
  local d2, it2 = collide.epaPenetration(box1, box2), select(11, collide.epaPenetration(box1, box2))
  expectEqual(d1, 0.5, "separating axes: exact")
  expect(it1 == 0 and it2 > 0, "the axes take no iterations, EPA some")
  expectNear(d2, 0.5, geps, "EPA agrees")
  expectEqual(collide.epaPenetration(box1, collide.aabb(5, 5, 5, 6, 6, 6)), nil, "epaPenetration: separated, nil")
  -- the points are a matched pair on the contact (issue 17): the box's face under the sphere, not a corner
  local sd, sax, say, saz, sbx, sby, sbz = collide.penetration(collide.sphere(0.15, 0, 0, 0.7), collide.obb(0, 0, 0, 0.3, 0.6, 1.8))
  expectNear({ sd, sax, say, saz, sbx, sby, sbz }, { 0.85, -0.55, 0, 0, 0.3, 0, 0 }, geps, "sphere on a box face: a* and b* face to face")
  -- an ellipsoid against a box, on a face and on an edge, and a disc's face in a box: exact to
  -- rounding (EPA alone was 1e-6 of the size off and put b* at a corner of the face)
  local e = collide.ellipsoid(0, 0, 0, 2, 1, 1)
  local p = { collide.penetration(e, collide.aabb(1.8, -1.5, -1.5, 3, 1.5, 1.5)) }
  expectNear({ p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10] },
    { 0.2, 2, 0, 0, 1.8, 0, 0, -1, 0, 0 }, eps, "ellipsoid on a box face: the tip and the point under it")
  local s2 = math.sqrt(0.5)
  p = { collide.penetration(e, collide.obb(1.8 + s2, 0, 0, 0.5, 0.5, 1.5, collide.axesFromAxisAngle(0, 0, 1, math.pi / 4))) }
  expectNear({ p[1], p[2], p[5], p[8], p[9] }, { 0.2, 2, 1.8, -1, 0 }, eps, "ellipsoid on a box edge")
  p = { collide.penetration(collide.ellipsoid(0, 0, 0, 2, 1, 0), collide.aabb(-0.5, -0.5, -1, 0.5, 0.5, 0.1)) }
  expectNear({ p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[10] }, { 0.1, 0, 0, 0, 0, 0, 0.1, 1 }, eps,
    "a disc's face in a box: out through its top, at the disc's centre")
  -- an ellipsoid of two radii 0 is a segment (a needle): its contact is the segment's, exact (EPA
  -- alone left the normal 1e-5 rad off); its centre x = y = 0 leaves an ellipsoid along -x
  p = { collide.penetration(collide.ellipsoid(0, 0, 0, 0, 0, 2), collide.ellipsoid(0.5, 0, 0, 1, 2, 3)) }
  expectNear({ p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10] },
    { 0.5, 0, 0, 0, -0.5, 0, 0, -1, 0, 0 }, eps, "a needle in an ellipsoid: out along -x from its middle")
  expectError("bad argument #2 to 'epaPenetration' (no test for the pair (sphere, circle))",
    function() return collide.epaPenetration(box1 and collide.sphere(0, 0, 0, 1), collide.circle(0, 0, 1)) end)
end
do -- manifold: a box resting on a slab, 0.01 deep: its four bottom corners
  local slab = collide.aabb(-5, -5, -1, 5, 5, 1)
  local m = { collide.manifold(collide.aabb(0, 0, 0.99, 1, 1, 1.99), slab) }
  expectEqual(m[1], 4, "manifold: four points")
  expectNear({ m[2], m[3], m[4] }, { 0, 0, 1 }, eps, "manifold: the slab's face normal")
  for i = 0, 3 do
    expectNear({ m[7 + 4 * i], m[8 + 4 * i] }, { 0.99, 0.01 }, geps, "manifold: a corner 0.01 deep")
  end
  expectEqual(select("#", collide.manifold(collide.aabb(0, 0, 0.99, 1, 1, 1.99), slab)), 20, "4 + 4 * 4 values")
  local n, _, _, nz, x, y, z, d = collide.manifold(collide.sphere(0, 0, 1.4, 0.5), slab)
  expectNear({ n, nz, x, y, z, d }, { 1, 1, 0, 0, 0.9, 0.1 }, geps, "manifold: a sphere, one point")
  expectEqual(collide.manifold(collide.sphere(0, 0, 3, 0.5), slab), nil, "manifold: apart, nil")
  expectError("bad argument #2 to 'manifold' (no test for the pair (sphere, circle))",
    function() return collide.manifold(collide.sphere(0, 0, 0, 1), collide.circle(0, 0, 1)) end)
  local resting = collide.aabb(0, 0, 0.99, 1, 1, 1.99)
  expectNoGarbage(function() collide.manifold(resting, slab) end, 2000, "manifold")
end
local depth, pax, pay, paz, pbx, pby, pbz, pnx, pny, pnz, pit, pconv =
  collide.penetration(collide.sphere(0, 0, 0, 1), collide.sphere(1.5, 0, 0, 1))
expectNear(depth, 0.5, eps, "spheres: depth")
expectNear({ pnx, pny, pnz }, { -1, 0, 0 }, eps, "spheres: normal")
expectNear((pbx - pax) * pnx + (pby - pay) * pny + (pbz - paz) * pnz, depth, eps, "(b - a) . n = depth")
expect(pit == 0 and pconv == true, "exact from the centres")
expectEqual(collide.penetration(a, b), nil, "separated: nil")

-- sweeps: the general method and its use by collide.sweep
local t0, t1 = collide.sweep(turned, -12, 0, 0, unit)
expectNear(t0, (2 - math.sqrt(2)) / 12, geps, "obb-obb sweep through the general method")
expectNear(t1, (4 + math.sqrt(2)) / 12, geps, "and its exit")
local c0 = collide.sweep(collide.sphere(-5, 0, 0, 1), 8, 0, 0, collide.sphere(0, 0, 0, 1))
local g0, _, _, _, _, _, _, _, _, git, gconv = collide.sweepConvex(collide.sphere(-5, 0, 0, 1), 8, 0, 0,
  collide.sphere(0, 0, 0, 1))
expectNear(g0, c0, geps, "general sweep agrees with the closed form")
expect(git > 0 and gconv, "iterations reported")
local s0 = collide.sweepConvex(collide.sphere(-5, 0, 0, 1), 8, 0, 0, collide.sphere(0, 0, 0, 1), 0, 0, 0, 1)
expectNear(s0, 2 / 8, geps, "target distance: contact 1 apart")
local miss, mit = collide.sweepConvex(collide.sphere(-5, 3, 0, 1), 8, 0, 0, collide.sphere(0, 0, 0, 1))
expect(miss == nil and mit > 0, "miss: nil and the iterations")

-- errors
expectError("bad argument #2 to 'distance' (no test for the pair (plane, plane))",
  function() return collide.distance(collide.plane(0, 0, 1, 0), collide.plane(0, 1, 0, 0)) end)
expectError("bad argument #2 to 'penetration' (no test for the pair (sphere, circle))",
  function() return collide.penetration(a, collide.circle(0, 0, 1)) end)
expectError("bad argument #1 to 'gjkDistance' (a plane has no support function)",
  function() return collide.gjkDistance(collide.plane(0, 0, 1, 0), a) end)
expectError("bad argument #2 to 'distance' (collide shape expected, got no value)",
  function() return collide.distance(a) end)
expectError("bad argument #1 to 'support' (a plane has no support function)",
  function() return collide.support(collide.plane(0, 0, 1, 0), 1, 0, 0) end)
expectError("bad argument #9 to 'sweepConvex' (target must be >= 0)",
  function() return collide.sweepConvex(a, 1, 0, 0, b, 0, 0, 0, -1) end)
expectError("bad argument #11 to 'sweepConvex' (maxIterations must be in [1, 1000000])",
  function() return collide.sweepConvex(a, 1, 0, 0, b, 0, 0, 0, 0, 0, 0) end)
expectError("bad argument #1 to 'convex' (at least one point expected, got an empty table)",
  function() return collide.convex({}) end)
expectError("bad argument #1 to 'convex' (a flat array needs 3 numbers per point, got 4 numbers)",
  function() return collide.convex({ 1, 2, 3, 4 }) end)
expectError("bad argument #1 to 'convex' (point 2: z must be a number, got string)",
  function() return collide.convex({ { 0, 0, 0 }, { 1, 1, "1" } }) end)
expectError("bad argument #1 to 'convex' (point 1: y must be finite",
  function() return collide.convex({ 0, 0 / 0, 0 }) end)
expectError("bad argument #1 to 'convex' (point 2: 3 coordinates expected, got 2)",
  function() return collide.convex({ { 0, 0, 0 }, { 1, 1 } }) end)
expectError("bad argument #1 to 'convex' (table expected, got number)",
  function() return collide.convex(5) end)
expectError("a polytope cannot be changed; build another with convex",
  function() return flat:set(1, 2, 3) end)
expectError("bad argument #1 to 'point' (index must be in [1, 8], got 9)",
  function() return flat:point(9) end)

-- no allocation per query
expectNoGarbage(function()
  collide.distance(unit, turned)
  collide.penetration(flat, ball)
  collide.sweepConvex(turned, -12, 0, 0, unit)
  collide.overlap(flat, ball)
end, 20000, "distance, penetration, sweepConvex on GJK pairs")

