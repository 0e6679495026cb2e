-- Shape constructors, accessors, :get/:set, __tostring and __name.
local collide = require "collide"
-- The module is built in double by default and in float by the float
-- configuration: tolerances follow the scalar.
local eps = collide.real == "float" and 1e-6 or 1e-15

local s = collide.sphere(1, 2, 3, 0.5)
expectNear({ s:get() }, { 1, 2, 3, 0.5 }, 0, "sphere:get returns the constructor arguments")
expectNear({ s:center() }, { 1, 2, 3 }, 0, "sphere:center")
expectEqual(s:radius(), 0.5, "sphere:radius")
expectEqual(s:kind(), "sphere", "sphere:kind")
expectEqual(collide.kind(s), "sphere", "collide.kind of a shape")
expectEqual(collide.kind({}), nil, "collide.kind of a table is nil")
expectEqual(tostring(s), "collide.Sphere(1, 2, 3, 0.5)", "__tostring")
expectEqual(getmetatable(s).__name, "collide.Sphere", "__name")
expectEqual(s:set(4, 5, 6, 1), s, ":set returns the shape")
expectNear({ s:get() }, { 4, 5, 6, 1 }, 0, ":set changes the shape")
expectNear({ s:bounds() }, { 3, 4, 5, 5, 6, 7 }, 0, "sphere:bounds")
if collide.real == "double" then
  expectEqual(tostring(collide.point(0.1, 1 / 3, -0.0)), "collide.Point(0.1, 0.3333333333333333, -0)",
    "__tostring prints numbers that read back exactly")
end

local p = collide.point(1, 2, 3)
expectNear({ p:position() }, { 1, 2, 3 }, 0, "point:position")

local seg = collide.segment(0, 0, 0, 1, 2, 3)
expectNear({ seg:a() }, { 0, 0, 0 }, 0, "segment:a")
expectNear({ seg:b() }, { 1, 2, 3 }, 0, "segment:b")

local tri = collide.triangle(0, 0, 0, 2, 0, 0, 0, 2, 0)
expectNear({ tri:normal() }, { 0, 0, 1 }, 0, "triangle:normal is unit, counter-clockwise")
expectNear({ tri:c() }, { 0, 2, 0 }, 0, "triangle:c")
expectNear({ collide.triangle(0, 0, 0, 1, 1, 1, 2, 2, 2):normal() }, { 0, 0, 0 }, 0, "degenerate triangle normal is zero")

local pl = collide.plane(0, 0, 2, 4)
expectNear({ pl:get() }, { 0, 0, 1, 2 }, 0, "plane is normalized (normal and offset)")
expectNear({ pl:normal() }, { 0, 0, 1 }, 0, "plane:normal")
expectEqual(pl:offset(), 2, "plane:offset")
expectEqual(pl:distance(0, 0, 5), 3, "plane:distance is signed")
expectEqual(pl:distance(0, 0, -1), -3, "plane:distance behind")
local pp = collide.planeFromPoints(0, 0, 1, 1, 0, 1, 0, 1, 1)
expectNear({ pp:get() }, { 0, 0, 1, 1 }, eps, "planeFromPoints: counter-clockwise faces +z")
local pn = collide.planeFromPointNormal(1, 2, 3, 0, -5, 0)
expectNear({ pn:get() }, { 0, -1, 0, -2 }, eps, "planeFromPointNormal")

local cap = collide.capsule(0, 0, 0, 0, 0, 2, 0.5)
expectEqual(cap:radius(), 0.5, "capsule:radius")
expectNear({ cap:bounds() }, { -0.5, -0.5, -0.5, 0.5, 0.5, 2.5 }, 0, "capsule:bounds")

local box = collide.aabb(-1, -2, -3, 1, 2, 3)
expectNear({ box:min() }, { -1, -2, -3 }, 0, "aabb:min")
expectNear({ box:max() }, { 1, 2, 3 }, 0, "aabb:max")
expectNear({ box:center() }, { 0, 0, 0 }, 0, "aabb:center")
expectNear({ box:halfExtents() }, { 1, 2, 3 }, 0, "aabb:halfExtents")

local o = collide.obb(0, 0, 0, 1, 2, 3)
expectNear({ o:axes() }, { 1, 0, 0, 0, 1, 0, 0, 0, 1 }, 0, "obb axes default to identity")
local h = math.sqrt(0.5)
local r = collide.obb(1, 1, 1, 1, 1, 1, h, h, 0, -h, h, 0, 0, 0, 1)
expectNear({ r:halfExtents() }, { 1, 1, 1 }, 0, "obb:halfExtents")
expectNear({ r:bounds() }, { 1 - 2 * h, 1 - 2 * h, 0, 1 + 2 * h, 1 + 2 * h, 2 }, eps, "rotated obb:bounds")
expectEqual(#{ r:get() }, 15, "obb:get returns 15 numbers")

local e = collide.ellipsoid(0, 0, 0, 1, 2, 3)
expectNear({ e:radii() }, { 1, 2, 3 }, 0, "ellipsoid:radii")
local c = collide.circle(1, 2, 3)
expectNear({ c:center() }, { 1, 2 }, 0, "circle:center")
expectEqual(c:radius(), 3, "circle:radius")
local rc = collide.rect(0, 1, 2, 3)
expectNear({ rc:min() }, { 0, 1 }, 0, "rect:min")
expectNear({ rc:max() }, { 2, 3 }, 0, "rect:max")
expectEqual(rc.bounds, nil, "2D shapes have no 3D bounds method")

-- degenerate shapes are legal
expect(collide.sphere(0, 0, 0, 0), "zero radius sphere")
expect(collide.aabb(1, 1, 1, 1, 1, 1), "zero extent aabb")
expect(collide.obb(0, 0, 0, 0, 0, 0), "zero extent obb")

-- rotation helpers
expectNear({ collide.axesFromQuat(h, 0, 0, h) }, { 0, 1, 0, -1, 0, 0, 0, 0, 1 }, eps, "axesFromQuat: quarter turn about z")
expectNear({ collide.axesFromQuat(2, 0, 0, 0) }, { 1, 0, 0, 0, 1, 0, 0, 0, 1 }, 0, "axesFromQuat normalizes")
expectNear({ collide.axesFromAxisAngle(0, 0, 5, math.pi / 2) }, { 0, 1, 0, -1, 0, 0, 0, 0, 1 }, eps,
  "axesFromAxisAngle")
local q = collide.obb(0, 0, 0, 1, 1, 1, collide.axesFromAxisAngle(1, 2, 3, 0.7))
expectEqual(q:kind(), "obb", "axes from a helper pass the orthonormality check")

expect(collide.real == "double" or collide.real == "float", "module reports its scalar")
expect(collide._VERSION:match("^%d+%.%d+%.%d+$"), "version string")
expectEqual(collide.huge, collide.real == "double" and 1e50 or 2 ^ 30, "largest accepted magnitude")

