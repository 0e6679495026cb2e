-- collide.frustum: the camera and the six-plane forms, classification of
-- spheres, AABBs and OBBs (exact and by the planes), corners, planes, errors,
-- and a frustum that cannot be forged from another userdata.
local collide = require "collide"

-- eye at the origin looking along +x, z up, 90 degrees, aspect 1, near 1, far 10:
-- 1 <= x <= 10, |y| <= x, |z| <= x
local f = collide.frustum(0, 0, 0, 1, 0, 0, 0, 0, 1, math.pi / 2, 1, 1, 10)
expectEqual(tostring(f), "collide.Frustum(near centre 1, 0, 0; far centre 10, 0, 0)", "tostring")
expectEqual(f:classify(collide.sphere(5, 0, 0, 1)), "inside", "a sphere inside")
expectEqual(f:classify(collide.sphere(0.5, 0, 0, 0.5)), "intersecting", "touching the near plane")
expectEqual(f:classify(collide.sphere(0.5, 0, 0, 0.4)), "outside", "in front of the near plane")
expectEqual(f:classify(collide.aabb(10, -1, -1, 11, 1, 1)), "intersecting", "touching the far plane")
expectEqual(f:classify(collide.obb(12, 0, 0, 1, 1, 1)), "outside", "beyond the far plane")

-- beyond the far top corner (10, 10, 10), along a direction of its outward
-- normal cone: every plane straddles it, only the exact test proves it outside
local wx, wy, wz = 1 - math.sqrt(2), math.sqrt(0.5), math.sqrt(0.5)
local len = math.sqrt(wx * wx + wy * wy + wz * wz)
local corner_ball = collide.sphere(10 + 2.25 * wx / len, 10 + 2.25 * wy / len, 10 + 2.25 * wz / len, 2)
expectEqual(f:classify(corner_ball, "planes"), "intersecting", "the planes cannot decide a corner region")
expectEqual(f:classify(corner_ball), "outside", "the exact test can")
expectEqual(f:classify(corner_ball, "exact"), "outside", "exact by name")

-- corners (bit 0 right = -y, bit 1 top = +z, bit 2 far) and planes
local x, y, z = f:corner(8)
expectNear(x, 10, 1e-9, "far corner x")
expectNear(y, -10, 1e-9, "far corner y")
expectNear(z, 10, 1e-9, "far corner z")
expectEqual(f:plane(6):kind(), "plane", "plane(6) is a plane")

-- the six-plane form gives the same frustum
local g = collide.frustum(f:plane(1), f:plane(2), f:plane(3), f:plane(4), f:plane(5), f:plane(6))
expectEqual(g:classify(corner_ball), "outside", "six planes: same verdict")
-- six planes that bound no hexahedron: no corners, the planes decide
local open = collide.frustum(f:plane(1), f:plane(1), f:plane(3), f:plane(4), f:plane(5), f:plane(6))
expectEqual(open:corner(1), nil, "no corners")
expectEqual(open:classify(collide.sphere(5, 0, 0, 1)), "inside", "still classifies by its planes")

-- errors name the function and the argument
expectError("bad argument #10 to 'collide.frustum' (fovy must be in (0, pi) radians)", collide.frustum,
  0, 0, 0, 1, 0, 0, 0, 0, 1, 4, 1, 1, 10)
expectError("#11 to 'collide.frustum' (aspect must be > 0)", collide.frustum, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 1, 10)
expectError("#12 to 'collide.frustum' (near must be > 0)", collide.frustum, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 1, 0, 10)
expectError("#13 to 'collide.frustum' (far must be > near)", collide.frustum, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 1, 2, 1)
expectError("#4 to 'collide.frustum' (target must differ from the eye)", collide.frustum,
  1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 10)
expectError("#7 to 'collide.frustum' (up must be non-zero and not along the view direction)", collide.frustum,
  0, 0, 0, 1, 0, 0, 2, 0, 0, 1, 1, 1, 10)
expectError("#3 to 'collide.frustum' (finite number expected, got nan)", collide.frustum,
  0, 0, 0 / 0, 1, 0, 0, 0, 0, 1, 1, 1, 1, 10)
expectError("plane expected (the bottom plane), got sphere", collide.frustum, f:plane(1), f:plane(2),
  collide.sphere(0, 0, 0, 1), f:plane(4), f:plane(5), f:plane(6))
expectError("six planes expected", collide.frustum, f:plane(1), f:plane(2), f:plane(3), f:plane(4), f:plane(5),
  f:plane(6), f:plane(6))
-- every 3D shape, exactly (col_frustum_classify_shape)
expectEqual(f:classify(collide.capsule(0, 0, 0, 1, 0, 0, 1)), "intersecting", "a capsule reaching the near plane")
expectEqual(f:classify(collide.capsule(3, 0, 0, 4, 0, 0, 0.5)), "inside", "a capsule inside")
expectEqual(f:classify(collide.triangle(-3, 0, 0, -2, 0, 0, -2, 1, 0)), "outside", "a triangle behind the eye")
expectEqual(f:classify(collide.plane(1, 0, 0, 5)), "intersecting", "a plane across it")
expectEqual(f:classify(collide.plane(1, 0, 0, 20)), "outside", "a plane beyond it")
expectError("3D shape expected, got circle", f.classify, f, collide.circle(0, 0, 1))
expectError("'planes' applies to a sphere, aabb or obb, not a capsule", f.classify, f,
  collide.capsule(0, 0, 0, 1, 0, 0, 1), "planes")
expectError("invalid option 'fast'", f.classify, f, collide.sphere(0, 0, 0, 1), "fast")
expectError("corner index must be in 1..8", f.corner, f, 9)
expectError("plane index must be in 1..6", f.plane, f, 0)
expectError("collide.Frustum expected", f.classify, collide.sphere(0, 0, 0, 1), collide.sphere(0, 0, 0, 1))

-- its metatable is a public copy; with the debug library, moving the real
-- one onto a smaller userdata is refused by the size check
local mt = getmetatable(f)
expectEqual(mt.__name, "collide.Frustum", "public copy keeps the name")
if debug and debug.getmetatable then
  local real = debug.getmetatable(f)
  local s = collide.sphere(0, 0, 0, 1)
  local saved = debug.getmetatable(s)
  debug.setmetatable(s, real)
  expectError("collide.Frustum expected", real.__index.classify, s, collide.sphere(0, 0, 0, 1))
  debug.setmetatable(s, saved)
  expectEqual(s:kind(), "sphere", "the sphere is a sphere again")
end
