-- collide.raycast and collide.sweep: results, the method options, errors,
-- and no allocation per call.
local collide = require "collide"
local check = require "check"
local eps = collide.real == "float" and 1e-5 or 1e-12

-- raycast: t, point, normal, inside
local box = collide.aabb(0, 0, 0, 1, 1, 1)
check.list({ collide.raycast(box, -1, 0.5, 0.5, 4, 0, 0) }, { 0.25, 0, 0.5, 0.5, -1, 0, 0, false }, eps, "ray hits a box face")
check.list({ collide.raycast(box, -1, 0.5, 0.5, 4, 0, 0, 1, "woo") }, { 0.25, 0, 0.5, 0.5, -1, 0, 0, false }, eps,
  "Woo's method agrees")
check.list({ collide.raycast(box, 0.5, 0.5, 0.5, 1, 0, 0) }, { 0, 0.5, 0.5, 0.5, 0, 0, 0, true }, 0, "origin inside")
check.eq(collide.raycast(box, -1, 0.5, 0.5, 0.5, 0, 0, 1), nil, "segment stops short")
check.eq(select(1, collide.raycast(box, -1, 0.5, 0.5, 0.5, 0, 0)), 2, "default maxT is unbounded")
check.eq(collide.raycast(box, -1, 0.5, 0.5, 1, 0, 0, 1), 1, "t exactly 1")
local tri = collide.triangle(0, 0, 0, 2, 0, 0, 0, 2, 0)
for _, m in ipairs({ "default", "watertight", "moller", "badouel" }) do
  check.list({ collide.raycast(tri, 0.5, 0.5, -2, 0, 0, 4, 1, m) }, { 0.5, 0.5, 0.5, 0, 0, 0, -1, false }, eps,
    "triangle from behind, normal faces the origin: " .. m)
end
check.eq(collide.raycast(tri, 0.5, 0.5, -2, 0, 0, 4, 1, "default", "cull"), nil, "back face culled")
check.eq(collide.raycast(tri, 0.5, 0.5, 2, 0, 0, -4, 1, "default", "cull"), 0.5, "front face kept")
check.list({ collide.raycast(collide.sphere(0, 0, 0, 1), -3, 0, 0, 4, 0, 0) }, { 0.5, -1, 0, 0, -1, 0, 0, false }, eps,
  "ray hits a sphere")
check.eq(collide.raycast(collide.plane(0, 0, 1, 0), 0, 0, 1, 1, 0, 0), nil, "parallel ray misses a plane")
check.eq(collide.raycast(collide.capsule(0, 0, 0, 4, 0, 0, 1), 2, 3, 0, 0, -4, 0), 0.5, "ray hits a capsule body")
check.eq(collide.raycast(collide.ellipsoid(1, 1, 1, 2, 1, 0.5), -3, 1, 1, 4, 0, 0), 0.5, "ray hits an ellipsoid")

-- sweep: t0, t1, normal, point, initiallyOverlapping
check.list({ collide.sweep(collide.sphere(-5, 0, 0, 1), 8, 0, 0, collide.sphere(0, 0, 0, 1)) },
  { 0.375, 0.875, -1, 0, 0, -1, 0, 0, false }, eps, "sphere-sphere sweep")
check.list({ collide.sweep(collide.sphere(0, 0, 0, 1), 0, 0, 0, collide.sphere(-5, 0, 0, 1), 8, 0, 0) },
  { 0.375, 0.875, 1, 0, 0, -1, 0, 0, false }, eps, "swapped: normal reversed, same contact point")
check.eq(collide.sweep(collide.sphere(-5, 0, 0, 1), -8, 0, 0, collide.sphere(0, 0, 0, 1)), nil, "receding spheres")
check.list({ collide.sweep(collide.aabb(0, 0, 0, 1, 1, 1), 4, 0, 0, collide.aabb(3, 0, 0, 4, 1, 1)) },
  { 0.5, 1, -1, 0, 0, 3, 0.5, 0.5, false }, eps, "aabb sweep")
check.eq(collide.sweep(collide.aabb(0, 0, 0, 1, 1, 1), 4, 0, 0, collide.aabb(3, 5, 0, 4, 6, 1)), nil,
  "separated on an axis without relative motion: miss (the seed listing's defect)")
check.list({ collide.sweep(collide.sphere(0, 0, 5, 1), 0, 0, -8, collide.plane(0, 0, 1, 0)) },
  { 0.5, 0.75, 0, 0, 1, 0, 0, 0, false }, eps, "sphere onto a plane")
check.list({ collide.sweep(collide.sphere(0, 0, -5, 1), 0, 0, 8, collide.plane(0, 0, 1, 0)) },
  { 0.5, 0.75, 0, 0, -1, 0, 0, 0, false }, eps, "sphere onto a plane from behind")
check.eq(select(9, collide.sweep(collide.sphere(0, 0, 1, 1), 0, 0, 3, collide.plane(0, 0, 1, 0))), true,
  "touching at the start is initial overlap")
check.eq(collide.sweep(collide.point(-1, 0.5, 0.5), 4, 0, 0, box), 0.25, "point sweep = ray cast")
check.eq(collide.sweep(collide.sphere(0.5, 0.5, 3, 1), 0, 0, -4, tri), 0.5, "sphere onto a triangle")
check.eq(collide.sweep(collide.sphere(-2, 0.5, 0.5, 0.5), 4, 0, 0, box), 0.375, "sphere onto a box")
check.eq(collide.sweep(collide.capsule(0, 0, 3, 2, 0, 5, 1), 0, 0, -4, collide.plane(0, 0, 1, 0)), 0.5,
  "capsule onto a plane")
check.eq(collide.sweep(box, 1, 0, 0, box, 1, 0, 0), 0, "no relative motion: the static answer")

-- errors
check.raises("bad argument #1 to 'raycast' (cannot raycast a circle)", "2D raycast",
  function() return collide.raycast(collide.circle(0, 0, 1), 0, 0, 0, 1, 0, 0) end)
check.raises("bad argument #5 to 'raycast' (finite number expected, got nan)", "NaN direction",
  function() return collide.raycast(box, 0, 0, 0, 0 / 0, 0, 0) end)
check.raises("bad argument #8 to 'raycast' (maxT must be >= 0)", "negative maxT",
  function() return collide.raycast(box, 0, 0, 0, 1, 0, 0, -1) end)
check.raises("bad argument #9 to 'raycast' ('woo' applies to an aabb, not a sphere)", "method for the wrong kind",
  function() return collide.raycast(collide.sphere(0, 0, 0, 1), 0, 0, 0, 1, 0, 0, 1, "woo") end)
check.raises("bad argument #9 to 'raycast' (invalid option 'fast')", "unknown method",
  function() return collide.raycast(box, 0, 0, 0, 1, 0, 0, 1, "fast") end)
check.raises("bad argument #10 to 'raycast' ('cull' applies to a triangle, not a aabb)", "cull on a box",
  function() return collide.raycast(box, 0, 0, 0, 1, 0, 0, 1, "default", "cull") end)
check.raises("sweep: no test for the pair (plane, plane)", "unsupported sweep pair",
  function() local p = collide.plane(0, 0, 1, 0); return collide.sweep(p, 1, 0, 0, p) end)
check.raises("sweep: no test for the pair (obb, circle)", "3D vs 2D sweep",
  function() return collide.sweep(collide.obb(0, 0, 0, 1, 1, 1), 1, 0, 0, collide.circle(0, 0, 1)) end)
check.raises("bad argument #5 to 'sweep' (collide shape expected, got number)", "sweep needs b",
  function() return collide.sweep(box, 1, 0, 0, 5) end)
check.raises("bad argument #7 to 'sweep' (finite number expected, got inf)", "infinite db",
  function() return collide.sweep(box, 1, 0, 0, box, 0, math.huge, 0) end)

-- no allocation
do
  local s, b2 = collide.sphere(-2, 0.5, 0.5, 0.5), collide.aabb(0, 0, 0, 1, 1, 1)
  check.noGarbage("raycast and sweep allocate nothing", function()
    collide.raycast(b2, -1, 0.5, 0.5, 4, 0, 0)
    collide.sweep(s, 4, 0, 0, b2)
  end)
end

check.done()
