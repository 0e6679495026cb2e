-- collide.raycast and collide.sweep: results, the method options, errors,
-- and no allocation per call.
local collide = require "collide"
local eps = collide.real == "float" and 1e-5 or 1e-12

-- raycast: t, point, normal, inside
local box = collide.aabb(0, 0, 0, 1, 1, 1)
expectNear({ collide.raycast(box, -1, 0.5, 0.5, 4, 0, 0) }, { 0.25, 0, 0.5, 0.5, -1, 0, 0, false }, eps, "ray hits a box face")
expectNear({ collide.raycast(box, -1, 0.5, 0.5, 4, 0, 0, 1, "woo") }, { 0.25, 0, 0.5, 0.5, -1, 0, 0, false }, eps,
  "Woo's method agrees")
expectNear({ collide.raycast(box, 0.5, 0.5, 0.5, 1, 0, 0) }, { 0, 0.5, 0.5, 0.5, 0, 0, 0, true }, 0, "origin inside")
expectEqual(collide.raycast(box, -1, 0.5, 0.5, 0.5, 0, 0, 1), nil, "segment stops short")
expectEqual(select(1, collide.raycast(box, -1, 0.5, 0.5, 0.5, 0, 0)), 2, "default maxT is unbounded")
expectEqual(collide.raycast(box, -1, 0.5, 0.5, 1, 0, 0, 1), 1, "t exactly 1")
local tri = collide.triangle(0, 0, 0, 2, 0, 0, 0, 2, 0)
for _, m in ipairs({ "default", "watertight", "moller", "badouel" }) do
  expectNear({ collide.raycast(tri, 0.5, 0.5, -2, 0, 0, 4, 1, m) }, { 0.5, 0.5, 0.5, 0, 0, 0, -1, false }, eps,
    "triangle from behind, normal faces the origin: " .. m)
end
expectEqual(collide.raycast(tri, 0.5, 0.5, -2, 0, 0, 4, 1, "default", "cull"), nil, "back face culled")
expectEqual(collide.raycast(tri, 0.5, 0.5, 2, 0, 0, -4, 1, "default", "cull"), 0.5, "front face kept")
expectNear({ collide.raycast(collide.sphere(0, 0, 0, 1), -3, 0, 0, 4, 0, 0) }, { 0.5, -1, 0, 0, -1, 0, 0, false }, eps,
  "ray hits a sphere")
expectEqual(collide.raycast(collide.plane(0, 0, 1, 0), 0, 0, 1, 1, 0, 0), nil, "parallel ray misses a plane")
expectEqual(collide.raycast(collide.capsule(0, 0, 0, 4, 0, 0, 1), 2, 3, 0, 0, -4, 0), 0.5, "ray hits a capsule body")
expectEqual(collide.raycast(collide.ellipsoid(1, 1, 1, 2, 1, 0.5), -3, 1, 1, 4, 0, 0), 0.5, "ray hits an ellipsoid")
-- a convex polytope: GJK ray casting, decided as collide.overlap decides for the segment
local gjkTol = collide.real == "float" and 1e-4 or 1e-9
local cube = collide.convex { -1, -1, -1, 1, -1, -1, -1, 1, -1, 1, 1, -1, -1, -1, 1, 1, -1, 1, -1, 1, 1, 1, 1, 1 }
expectNear({ collide.raycast(cube, -5, 0.25, 0.5, 10, 0, 0, 1) }, { 0.4, -1, 0.25, 0.5, -1, 0, 0, false }, gjkTol,
  "ray hits a polytope's face")
expectNear({ collide.raycast(cube, 0, 0.5, 0, 1, 0, 0) }, { 0, 0, 0.5, 0, 0, 0, 0, true }, 0, "origin inside a polytope")
expectEqual(collide.raycast(cube, -5, 0, 0, 4, 0, 0, 0.5), nil, "segment stops short of a polytope")
for _, maxT in ipairs({ 0.25, 0.5, 0.999, 1, 1.001 }) do
  local hit = collide.raycast(cube, -5, 1, 1, 4, 0, 0, maxT) ~= nil
  local meets = collide.overlap(collide.segment(-5, 1, 1, -5 + 4 * maxT, 1, 1), cube)
  expectEqual(hit, meets, "a ray along a polytope's edge hits as the static test says, maxT " .. maxT)
end

-- sweep: t0, t1, point, normal, initiallyOverlapping (the scalars, the points, the normal)
expectNear({ collide.sweep(collide.sphere(-5, 0, 0, 1), 8, 0, 0, collide.sphere(0, 0, 0, 1)) },
  { 0.375, 0.875, -1, 0, 0, -1, 0, 0, false }, eps, "sphere-sphere sweep")
expectNear({ collide.sweep(collide.sphere(0, 0, 0, 1), 0, 0, 0, collide.sphere(-5, 0, 0, 1), 8, 0, 0) },
  { 0.375, 0.875, -1, 0, 0, 1, 0, 0, false }, eps, "swapped: normal reversed, same contact point")
expectEqual(collide.sweep(collide.sphere(-5, 0, 0, 1), -8, 0, 0, collide.sphere(0, 0, 0, 1)), nil, "receding spheres")
expectNear({ collide.sweep(collide.aabb(0, 0, 0, 1, 1, 1), 4, 0, 0, collide.aabb(3, 0, 0, 4, 1, 1)) },
  { 0.5, 1, 3, 0.5, 0.5, -1, 0, 0, false }, eps, "aabb sweep")
expectEqual(collide.sweep(collide.aabb(0, 0, 0, 1, 1, 1), 4, 0, 0, collide.aabb(3, 5, 0, 4, 6, 1)), nil,
  "separated on an axis without relative motion: miss (the seed listing's defect)")
expectNear({ collide.sweep(collide.sphere(0, 0, 5, 1), 0, 0, -8, collide.plane(0, 0, 1, 0)) },
  { 0.5, 0.75, 0, 0, 0, 0, 0, 1, false }, eps, "sphere onto a plane")
expectNear({ collide.sweep(collide.sphere(0, 0, -5, 1), 0, 0, 8, collide.plane(0, 0, 1, 0)) },
  { 0.5, 0.75, 0, 0, 0, 0, 0, -1, false }, eps, "sphere onto a plane from behind")
expectEqual(select(9, collide.sweep(collide.sphere(0, 0, 1, 1), 0, 0, 3, collide.plane(0, 0, 1, 0))), true,
  "touching at the start is initial overlap")
expectEqual(collide.sweep(collide.point(-1, 0.5, 0.5), 4, 0, 0, box), 0.25, "point sweep = ray cast")
expectEqual(collide.sweep(collide.sphere(0.5, 0.5, 3, 1), 0, 0, -4, tri), 0.5, "sphere onto a triangle")
expectEqual(collide.sweep(collide.sphere(-2, 0.5, 0.5, 0.5), 4, 0, 0, box), 0.375, "sphere onto a box")
expectEqual(collide.sweep(collide.capsule(0, 0, 3, 2, 0, 5, 1), 0, 0, -4, collide.plane(0, 0, 1, 0)), 0.5,
  "capsule onto a plane")
expectEqual(collide.sweep(box, 1, 0, 0, box, 1, 0, 0), 0, "no relative motion: the static answer")

-- sweep with rotation: a blade turning a quarter about z meets a ball at acos(0.2) of it
local blade, ball = collide.obb(0, 0, 0, 4, 0.1, 0.1), collide.sphere(0, 3, 0, 0.5)
local rotTol = collide.real == "float" and 2e-3 or 1e-7
local t0 = collide.sweep(blade, 0, 0, 0, ball, { rotateA = { 0, 0, 1, math.pi / 2 } })
expectNear(t0, math.acos(0.2) / (math.pi / 2), rotTol, "a turning blade meets a ball")
expectNear(collide.sweep(ball, 0, 0, 0, blade, 0, 0, 0, { rotateB = { 0, 0, 2, math.pi / 2 } }), t0, rotTol,
  "the other order, B turning (any axis length)")
expectEqual(collide.sweep(blade, 0, 0, 0, ball, { rotateA = { 0, 0, 1, 1 } }), nil, "turning too little misses")
expectEqual(collide.sweep(blade, 0, 0, 0, ball, { rotateA = { 0, 0, 1, math.pi / 2 }, pivotA = { 4, 0, 0 } }), nil,
  "turning about its end, away from the ball, misses")
expectError("bad argument #6 to 'sweep' (rotateA: a plane cannot turn)",
  function() return collide.sweep(collide.plane(0, 0, 1, 0), 0, 0, 0, ball, { rotateA = { 0, 0, 1, 1 } }) end)
expectError("bad argument #9 to 'sweep' (rotateB has a zero axis)",
  function() return collide.sweep(ball, 0, 0, 0, blade, 0, 0, 0, { rotateB = { 0, 0, 0, 1 } }) end)
expectError("bad argument #6 to 'sweep' (rotateA[3] must be a finite number)",
  function() return collide.sweep(blade, 0, 0, 0, ball, { rotateA = { 0, 0, "x", 1 } }) end)

-- errors
expectError("bad argument #1 to 'raycast' (cannot raycast a circle)",
  function() return collide.raycast(collide.circle(0, 0, 1), 0, 0, 0, 1, 0, 0) end)
expectError("bad argument #5 to 'raycast' (finite number expected, got nan)",
  function() return collide.raycast(box, 0, 0, 0, 0 / 0, 0, 0) end)
expectError("bad argument #8 to 'raycast' (maxT must be >= 0)",
  function() return collide.raycast(box, 0, 0, 0, 1, 0, 0, -1) end)
expectError("bad argument #9 to 'raycast' ('woo' applies to an aabb, not a sphere)",
  function() return collide.raycast(collide.sphere(0, 0, 0, 1), 0, 0, 0, 1, 0, 0, 1, "woo") end)
expectError("bad argument #9 to 'raycast' (invalid option 'fast')",
  function() return collide.raycast(box, 0, 0, 0, 1, 0, 0, 1, "fast") end)
expectError("bad argument #10 to 'raycast' ('cull' applies to a triangle, not a aabb)",
  function() return collide.raycast(box, 0, 0, 0, 1, 0, 0, 1, "default", "cull") end)
expectError("bad argument #5 to 'sweep' (no test for the pair (plane, plane))",
  function() local p = collide.plane(0, 0, 1, 0); return collide.sweep(p, 1, 0, 0, p) end)
expectError("bad argument #5 to 'sweep' (no test for the pair (obb, circle))",
  function() return collide.sweep(collide.obb(0, 0, 0, 1, 1, 1), 1, 0, 0, collide.circle(0, 0, 1)) end)
expectError("bad argument #5 to 'sweep' (collide shape expected, got number)",
  function() return collide.sweep(box, 1, 0, 0, 5) end)
expectError("bad argument #7 to 'sweep' (finite number expected, got inf)",
  function() return collide.sweep(box, 1, 0, 0, box, 0, math.huge, 0) end)
-- the plain calls (five or eight arguments, no options) take a shorter path:
-- the same answers as the general one, the same errors
do
  local s, b2 = collide.sphere(-2, 0.5, 0.5, 0.5), collide.aabb(0, 0, 0, 1, 1, 1)
  local plain = { collide.sweep(s, 4, 0, 0, b2) }
  expectEqual(#plain, 9, "a plain sweep's nine results")
  local moving = { collide.sweep(s, 4, 0, 0, b2, 0, 0, 0) }
  local general = { collide.sweep(s, 4, 0, 0, b2, 0, 0, 0, {}) }
  local turning = { collide.sweep(s, 4, 0, 0, b2, {}) }
  for i = 1, 9 do
    expectEqual(moving[i], plain[i], "eight arguments: result " .. i)
    expectEqual(general[i], plain[i], "with options: result " .. i)
    expectEqual(turning[i], plain[i], "options in B's motion's place: result " .. i)
  end
  expectEqual(collide.sweep(s, 1, 0, 0, b2), nil, "a plain miss")
  expectEqual(select("#", collide.sweep(s, 1, 0, 0, b2)), 1, "a plain miss is one nil")
  expectError("bad argument #3 to 'sweep' (number expected, got string)",
    function() return collide.sweep(s, 1, "x", 0, b2) end)
  expectError("bad argument #1 to 'sweep' (collide shape expected, got table)",
    function() return collide.sweep({}, 1, 0, 0, b2) end)
  expectError("bad argument #5 to 'sweep' (collide shape expected, got table)",
    function() return collide.sweep(s, 1, 0, 0, {}) end)
  expectError("bad argument #8 to 'sweep' (number expected, got nil)",
    function() return collide.sweep(s, 1, 0, 0, b2, 0, 0, nil) end)
  expectError("bad argument #2 to 'sweep' (magnitude must be <=",
    function() return collide.sweep(s, 1e300, 0, 0, b2) end)
end

-- no allocation
do
  local s, b2 = collide.sphere(-2, 0.5, 0.5, 0.5), collide.aabb(0, 0, 0, 1, 1, 1)
  expectNoGarbage(function()
    collide.raycast(b2, -1, 0.5, 0.5, 4, 0, 0)
    collide.sweep(s, 4, 0, 0, b2)
  end, 20000, "raycast and sweep allocate nothing")
end

