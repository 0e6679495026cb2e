// Ray casts: hand-derived hits, grazes, rays in slab faces and triangle planes,
// rays starting inside, t exactly 0 and 1, far from the origin, degenerate and
// hostile input; the two AABB methods and three triangle methods side by side;
// watertightness on a triangle fan.
#include <functional>
#include <random>

#include "helpers.h"

using namespace ct;

namespace {

col_ray Ray(col_vec3 o, col_vec3 d, double max_t = 1) { return {o, d, R(max_t)}; }
// The address of a temporary, valid until the end of the full expression.
const col_ray *ptr(const col_ray &r) { return &r; }

void ExpectHit(const col_ray_hit &h, double t, col_vec3 n, double tol = Ulps(4)) {
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_NEAR(h.t, t, tol);
    EXPECT_FALSE(h.inside);
    EXPECT_NEAR(h.normal.x, n.x, tol);
    EXPECT_NEAR(h.normal.y, n.y, tol);
    EXPECT_NEAR(h.normal.z, n.z, tol);
    EXPECT_NEAR(col_v3_len(h.normal), 1, Ulps(4));
}

void ExpectInside(const col_ray_hit &h, const col_ray &r) {
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_TRUE(h.inside);
    EXPECT_EQ(h.t, R(0));
    EXPECT_EQ(h.point.x, r.origin.x);
    EXPECT_EQ(col_v3_len_sq(h.normal), R(0));
}

const col_aabb kBox = {V(0, 0, 0), V(1, 1, 1)};
const col_triangle kTri = {V(0, 0, 0), V(2, 0, 0), V(0, 2, 0)};

// Both AABB methods, which must agree on these exact cases.
std::vector<std::function<col_ray_hit(const col_ray &, const col_aabb &)>> BoxMethods() {
    return {[](const col_ray &r, const col_aabb &b) { return col_raycast_aabb_slabs(&r, &b); },
            [](const col_ray &r, const col_aabb &b) { return col_raycast_aabb_woo(&r, &b); },
            [](const col_ray &r, const col_aabb &b) {
                col_obb o = col_obb_from_aabb(&b);
                return col_raycast_obb(&r, &o);
            }};
}

std::vector<std::function<col_ray_hit(const col_ray &, const col_triangle &, col_triangle_sides)>> TriMethods() {
    return {
        [](const col_ray &r, const col_triangle &t, col_triangle_sides s) { return col_raycast_triangle(&r, &t, s); },
        [](const col_ray &r, const col_triangle &t, col_triangle_sides s) {
            return col_raycast_triangle_mt(&r, &t, s);
        },
        [](const col_ray &r, const col_triangle &t, col_triangle_sides s) {
            return col_raycast_triangle_badouel(&r, &t, s);
        }};
}

} // namespace

TEST(RayPlane, FrontBackParallelAndOnThePlane) {
    col_plane pl = col_plane_make(V(0, 0, 1), R(1)); // z = 1
    ExpectHit(col_raycast_plane(ptr(Ray(V(0, 0, 3), V(0, 0, -4))), &pl), 0.5, V(0, 0, 1));
    ExpectHit(col_raycast_plane(ptr(Ray(V(0, 0, -1), V(1, 0, 4))), &pl), 0.5, V(0, 0, -1)); // from behind
    EXPECT_EQ(col_raycast_plane(ptr(Ray(V(0, 0, 3), V(5, 5, 0))), &pl).status, COL_MISS);   // parallel
    EXPECT_EQ(col_raycast_plane(ptr(Ray(V(0, 0, 3), V(0, 0, 1))), &pl).status, COL_MISS);   // receding
    col_ray on = Ray(V(4, 4, 1), V(0, 0, 1));
    ExpectInside(col_raycast_plane(&on, &pl), on);
    // t exactly 1 hits, and a plane just beyond max_t misses.
    ExpectHit(col_raycast_plane(ptr(Ray(V(0, 0, 3), V(0, 0, -2))), &pl), 1, V(0, 0, 1), 0);
    EXPECT_EQ(col_raycast_plane(ptr(Ray(V(0, 0, 3), V(0, 0, -2 + kGap))), &pl).status, COL_MISS);
    // an unbounded ray reaches a far plane
    ExpectHit(col_raycast_plane(ptr(Ray(V(0, 0, 3), V(0, 0, -1e-3), kInf)), &pl), 2000, V(0, 0, 1), Ulps(2000));
}

TEST(RaySphere, HeadOnGrazingInsideAndBehind) {
    col_sphere s = {V(0, 0, 0), R(1)};
    ExpectHit(col_raycast_sphere(ptr(Ray(V(-3, 0, 0), V(4, 0, 0))), &s), 0.5, V(-1, 0, 0));
    // 3-4-5: from (-5, 3, 0) along +x... the ray y = 0.6 meets x = -0.8
    ExpectHit(col_raycast_sphere(ptr(Ray(V(-4.8, 0.6, 0), V(8, 0, 0))), &s), 0.5, V(-0.8, 0.6, 0));
    // grazing: the ray y = 1 touches at (0, 1, 0)
    col_ray_hit g = col_raycast_sphere(ptr(Ray(V(-2, 1, 0), V(4, 0, 0))), &s);
    ExpectHit(g, 0.5, V(0, 1, 0));
    EXPECT_EQ(col_raycast_sphere(ptr(Ray(V(-2, 1 + kGap, 0), V(4, 0, 0))), &s).status, COL_MISS);
    col_ray in = Ray(V(0.5, 0, 0), V(4, 0, 0));
    ExpectInside(col_raycast_sphere(&in, &s), in);
    EXPECT_EQ(col_raycast_sphere(ptr(Ray(V(3, 0, 0), V(4, 0, 0))), &s).status, COL_MISS);    // behind
    EXPECT_EQ(col_raycast_sphere(ptr(Ray(V(-3, 0, 0), V(1.5, 0, 0))), &s).status, COL_MISS); // short
    EXPECT_EQ(col_raycast_sphere(ptr(Ray(V(-3, 0, 0), V(0, 0, 0))), &s).status, COL_MISS);   // point query outside
    col_ray p = Ray(V(0, 0, 1), V(0, 0, 0));
    ExpectInside(col_raycast_sphere(&p, &s), p); // point query on the surface
}

TEST(RaySphere, FarFromTheOriginAndPointSpheres) {
    col_sphere s = {V(1e6, 1e6, 1e6), R(1)};
    ExpectHit(col_raycast_sphere(ptr(Ray(V(1e6 - 3, 1e6, 1e6), V(4, 0, 0))), &s), 0.5, V(-1, 0, 0), Ulps(1e6));
    col_sphere dot = {V(1, 2, 3), R(0)};
    ExpectHit(col_raycast_sphere(ptr(Ray(V(1, 2, 0), V(0, 0, 6))), &dot), 0.5, V(0, 0, -1));
    EXPECT_EQ(col_raycast_sphere(ptr(Ray(V(1, 2 + kGap, 0), V(0, 0, 6))), &dot).status, COL_MISS);
}

TEST(RayAabb, FacesEdgesCornersForEveryMethod) {
    for (auto cast : BoxMethods()) {
        ExpectHit(cast(Ray(V(-1, 0.5, 0.5), V(4, 0, 0)), kBox), 0.25, V(-1, 0, 0));
        ExpectHit(cast(Ray(V(0.5, 0.5, 3), V(0, 0, -4)), kBox), 0.5, V(0, 0, 1));
        ExpectHit(cast(Ray(V(0.5, -2, 0.5), V(0, 4, 0)), kBox), 0.5, V(0, -1, 0));
        // touching the edge x = 0, y = 0 from the side (the line x + y = 0), and the corner (1, 1, 1)
        col_ray_hit e = cast(Ray(V(-1, 1, 0.5), V(2, -2, 0)), kBox);
        ASSERT_EQ(e.status, COL_HIT);
        EXPECT_NEAR(e.t, 0.5, Ulps(2));
        col_ray_hit c = cast(Ray(V(2, 2, 2), V(-2, -2, -2)), kBox);
        ASSERT_EQ(c.status, COL_HIT);
        EXPECT_NEAR(c.t, 0.5, Ulps(2));
        // missing a corner by a hair
        EXPECT_EQ(cast(Ray(V(-1, 1 - 2 * kGap, 0.5), V(2, -2, 0)), kBox).status, COL_MISS);
        EXPECT_EQ(cast(Ray(V(-1, 0.5, 0.5), V(0.75, 0, 0)), kBox).status, COL_MISS); // stops short
        EXPECT_EQ(cast(Ray(V(2, 0.5, 0.5), V(1, 0, 0)), kBox).status, COL_MISS);     // receding
        col_ray in = Ray(V(0.5, 0.5, 0.5), V(1, 0, 0));
        ExpectInside(cast(in, kBox), in);
        col_ray on = Ray(V(1, 0.5, 0.5), V(1, 0, 0)); // origin on a face counts as inside
        ExpectInside(cast(on, kBox), on);
    }
}

TEST(RayAabb, RaysLyingInASlabFace) {
    for (auto cast : BoxMethods()) {
        // The ray runs in the plane y = 1 (the top face): closed sets, so it enters at x = 0.
        ExpectHit(cast(Ray(V(-1, 1, 0.5), V(4, 0, 0)), kBox), 0.25, V(-1, 0, 0));
        // Along the edge y = 1, z = 1.
        ExpectHit(cast(Ray(V(-1, 1, 1), V(4, 0, 0)), kBox), 0.25, V(-1, 0, 0));
        // Parallel and just outside the face: no division decides, the slab test does.
        EXPECT_EQ(cast(Ray(V(-1, 1 + kGap, 0.5), V(4, 0, 0)), kBox).status, COL_MISS);
        EXPECT_EQ(cast(Ray(V(-1, -kGap, 0.5), V(4, 0, 0)), kBox).status, COL_MISS);
    }
}

// A flat box (zero thickness on an axis) is entered through the face the ray
// comes from: the two slab times tie, so the normal cannot come from their
// order (a ray down onto one got (0, 0, -1); found by fuzz_dynamic).
TEST(RayAabb, FlatBoxNormalFacesTheRay) {
    const col_aabb flat = {V(0, 0, 1), V(1, 1, 1)};
    for (auto cast : BoxMethods()) { // slabs, Woo, and the OBB (the same slabs in its frame)
        ExpectHit(cast(Ray(V(0.5, 0.5, 3), V(0, 0, -4)), flat), 0.5, V(0, 0, 1));
        ExpectHit(cast(Ray(V(0.5, 0.5, -1), V(0, 0, 4)), flat), 0.5, V(0, 0, -1));
        ExpectHit(cast(Ray(V(-0.5, 0.5, 3), V(2, 0, -4)), flat), 0.5, V(0, 0, 1)); // slanted
    }
}

TEST(RayAabb, ExactParameterOneAndFarAway) {
    for (auto cast : BoxMethods()) {
        ExpectHit(cast(Ray(V(-1, 0.5, 0.5), V(1, 0, 0)), kBox), 1, V(-1, 0, 0), 0); // t exactly 1
        EXPECT_EQ(cast(Ray(V(-1 - kGap, 0.5, 0.5), V(1, 0, 0)), kBox).status, COL_MISS);
        col_aabb far = {V(1048576, 1048576, 1048576), V(1048577, 1048577, 1048577)};
        ExpectHit(cast(Ray(V(1048575, 1048576.5, 1048576.5), V(4, 0, 0)), far), 0.25, V(-1, 0, 0), 0);
    }
}

TEST(RayObb, RotatedBoxNormalsAreBoxAxes) {
    col_obb b = col_obb_make(V(0, 0, 0), V(1, 1, 1), RotZ(M_PI / 4)); // diamond, corners at sqrt 2
    double r2 = std::sqrt(2.0);
    col_ray_hit h = col_raycast_obb(ptr(Ray(V(-3, 0, 0), V(6, 0, 0))), &b); // hits the corner (-sqrt 2, 0)
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_NEAR(h.t, (3 - r2) / 6, Ulps(4));
    // a ray along -y onto the face with normal (1, 1, 0)/sqrt 2
    col_ray_hit f = col_raycast_obb(ptr(Ray(V(r2 / 2 + 1, r2 / 2 + 1, 0), V(-2, -2, 0))), &b);
    ExpectHit(f, 0.5, V(1 / r2, 1 / r2, 0), 1e-6);
    EXPECT_NEAR(f.point.x, r2 / 2, Ulps(8));
}

TEST(RayTriangle, InteriorEdgesAndVerticesForEveryMethod) {
    for (auto cast : TriMethods()) {
        ExpectHit(cast(Ray(V(0.5, 0.5, 2), V(0, 0, -4)), kTri, COL_TWO_SIDED), 0.5, V(0, 0, 1));
        ExpectHit(cast(Ray(V(0.5, 0.5, -2), V(0, 0, 4)), kTri, COL_TWO_SIDED), 0.5, V(0, 0, -1)); // back face
        ExpectHit(cast(Ray(V(1, 0, 2), V(0, 0, -4)), kTri, COL_TWO_SIDED), 0.5, V(0, 0, 1));      // edge ab
        ExpectHit(cast(Ray(V(1, 1, 2), V(0, 0, -4)), kTri, COL_TWO_SIDED), 0.5, V(0, 0, 1));      // hypotenuse
        ExpectHit(cast(Ray(V(0, 0, 2), V(0, 0, -4)), kTri, COL_TWO_SIDED), 0.5, V(0, 0, 1));      // vertex a
        ExpectHit(cast(Ray(V(2, 0, 2), V(0, 0, -4)), kTri, COL_TWO_SIDED), 0.5, V(0, 0, 1));      // vertex b
        EXPECT_EQ(cast(Ray(V(1 + kGap, 1, 2), V(0, 0, -4)), kTri, COL_TWO_SIDED).status, COL_MISS);
        EXPECT_EQ(cast(Ray(V(-kGap, 0.5, 2), V(0, 0, -4)), kTri, COL_TWO_SIDED).status, COL_MISS);
        EXPECT_EQ(cast(Ray(V(0.5, 0.5, 2), V(0, 0, -1)), kTri, COL_TWO_SIDED).status, COL_MISS); // short
        // culling: the front face is hit, the back face is not
        ExpectHit(cast(Ray(V(0.5, 0.5, 2), V(0, 0, -4)), kTri, COL_CULL_BACKFACES), 0.5, V(0, 0, 1));
        EXPECT_EQ(cast(Ray(V(0.5, 0.5, -2), V(0, 0, 4)), kTri, COL_CULL_BACKFACES).status, COL_MISS);
        // slanted: normal faces the origin, point on the plane
        col_ray_hit s = cast(Ray(V(-1, -1, 1), V(2, 2, -2)), kTri, COL_TWO_SIDED);
        ExpectHit(s, 0.5, V(0, 0, 1));
        EXPECT_NEAR(s.point.z, 0, Ulps(2));
    }
}

TEST(RayTriangle, RaysInThePlaneAndDegenerateTriangles) {
    for (auto cast : TriMethods()) {
        // In the plane z = 0, along +x at y = 0.5: enters at x = 0.
        col_ray_hit h = cast(Ray(V(-1, 0.5, 0), V(4, 0, 0)), kTri, COL_TWO_SIDED);
        ASSERT_EQ(h.status, COL_HIT);
        EXPECT_EQ(h.t, R(0.25));
        EXPECT_FALSE(h.inside);
        // along the edge line y = 0: reaches the vertex a
        h = cast(Ray(V(-1, 0, 0), V(4, 0, 0)), kTri, COL_TWO_SIDED);
        ASSERT_EQ(h.status, COL_HIT);
        EXPECT_EQ(h.t, R(0.25));
        EXPECT_EQ(cast(Ray(V(-1, 3, 0), V(4, 0, 0)), kTri, COL_TWO_SIDED).status, COL_MISS);      // in plane, beside
        EXPECT_EQ(cast(Ray(V(-1, 0.5, kGap), V(4, 0, 0)), kTri, COL_TWO_SIDED).status, COL_MISS); // parallel, above
        col_ray in = Ray(V(0.5, 0.5, 0), V(0, 0, 1)); // starting on the triangle
        ExpectInside(cast(in, kTri, COL_TWO_SIDED), in);
        // a collinear triangle is its longest edge: hit only through it
        col_triangle line = {V(0, 0, 0), V(2, 0, 0), V(1, 0, 0)};
        EXPECT_EQ(cast(Ray(V(1.5, 0, 2), V(0, 0, -4)), line, COL_TWO_SIDED).status, COL_HIT);
        EXPECT_EQ(cast(Ray(V(1.5, kGap, 2), V(0, 0, -4)), line, COL_TWO_SIDED).status, COL_MISS);
        // point queries
        EXPECT_EQ(cast(Ray(V(0.5, 0.5, 1), V(0, 0, 0)), kTri, COL_TWO_SIDED).status, COL_MISS);
    }
}

// A ray in a turned triangle's plane whose n . delta rounds to 1e-13, not
// 0: along x = y = z through two of its vertices (n is exact, and n . (1,
// 1, 1) = 0), entering at the vertex (-231, -231, -231) (a fuzz_world
// finding: with a finite max_t the cast hit at t = 0, at the origin 498
// from the triangle).
TEST(RayTriangle, ARayInThePlaneWhoseNormalProductRoundsEntersAtTheVertex) {
    col_triangle t = {V(-231, -231, -231), V(-231, -243.5, -371.5), V(-371.5, -371.5, -371.5)};
    const bool kFloat = sizeof(col_real) == sizeof(float);
    const double o = (col_real)0x1.0afffffffffbdp+8, d = (col_real)-0x1.3f3ffffffffdep+9; // float: 267, -638.5
    for (double max_t : {0.79, 1.0, 2.0, (double)INFINITY}) {
        col_ray r = {V(o, o, o), V(d, d, d), (col_real)max_t};
        col_ray_hit h = col_raycast_triangle(&r, &t, COL_TWO_SIDED);
        ASSERT_EQ(h.status, COL_HIT) << "max_t " << max_t;
        EXPECT_FALSE(h.inside);
        EXPECT_NEAR(h.t, (o + 231) / -d, kFloat ? 1e-5 : 1e-14) << "max_t " << max_t;
        EXPECT_NEAR(h.point.x, -231, kFloat ? 1e-2 : 1e-10);
    }
    col_ray short_of_it = {V(o, o, o), V(d, d, d), (col_real)0.77};
    EXPECT_EQ(col_raycast_triangle(&short_of_it, &t, COL_TWO_SIDED).status, COL_MISS);
}

// A ray from 7e30 along x = y = z, down the edge of a triangle from its
// vertex there (at t = 1) to the one 2^-815 off the origin (at t = 2): the
// segment lies within rounding of the plane, where the plane's fraction
// rounds to 0, and the cast took that for a hit at t = 0, its origin 3.5e30
// from the triangle (fuzz_world findings: regressions/world/kdop-clipped-
// ray-skips-a-triangle-its-origin-lies-on, ray-down-a-triangles-edge-from-
// 7e30-cast-at-t-0). A fraction 0 with the origin off the triangle is the
// plane's 2D cast.
TEST(RayTriangle, ARayDownAnEdgeWithinRoundingOfThePlaneEntersAtTheVertex) {
    const double c = 0x1.6464646464646p+101, o = 0x1.646464646469fp+102, d = -0x1.64646464646f8p+101;
    col_triangle t = {V(0x1.d0d0d0d0d0d0dp-815, 0, 0), V(0, 0x1.646p+101, c), V(c, c, c)};
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "coordinates beyond float's range";
    col_ray r = {V(o, o, o), V(d, d, d), 2};
    col_ray_hit h = col_raycast_triangle(&r, &t, COL_TWO_SIDED);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_FALSE(h.inside);
    EXPECT_NEAR(h.t, 1.0, 1e-12);
    EXPECT_NEAR(h.point.x / c, 1.0, 1e-12);
    col_shape shape = {COL_SHAPE_TRIANGLE, {}};
    shape.u.triangle = t;
    EXPECT_EQ(col_raycast(&shape, &r).t, h.t);
}

// A ray from 500 units away ending exactly on a vertex of a triangle 2.5
// units wide (a fuzz_world finding: the plane's fraction from the
// decision's determinants, relative to the origin, is off by eps (D / s)^2;
// t was 0.9999999999915, 6.5e-9 before the plane, and a k-DOP tree's
// clipped ray skipped it: regressions/world/kdop-clipped-ray-misses-a-thin-
// triangles-earlier-hit), and a ray through the inside of a turned triangle
// 1.4 wide 3000 away (exactly at t = 1: the end is exact). The fraction
// from the plane's normal is within a few eps D / (|delta| sin(slant)).
TEST(RayTriangle, AFarSmallTriangleIsHitWhereItsPlaneIs) {
    const bool kFloat = sizeof(col_real) == sizeof(float);
    col_triangle t = {V(-231, -231, -231), V(-231, -228.5, -231), V(-231, -231, -229.625)};
    for (col_real max_t : {R(1.0), R(2.0), (col_real)INFINITY}) {
        if (kFloat) break;
        col_ray r = {V(-0x1.f4fffffffff83p+8, 0x1.0b0000000007dp+8, 0x1.0b0000000007dp+8),
                     V(0x1.0dfffffffff83p+8, -0x1.f20000000007dp+8, -0x1.f20000000007dp+8), max_t};
        col_ray_hit h = col_raycast_triangle(&r, &t, COL_TWO_SIDED);
        ASSERT_EQ(h.status, COL_HIT) << "max_t " << max_t;
        EXPECT_NEAR(h.t, 1.0, 8 * COL_EPSILON) << "max_t " << max_t;
    }
    col_triangle turned = {V(1000, 1000, 0), V(1001, 999, 0), V(1000, 1000, 1)}; // in x + y = 2000
    for (col_real max_t : {R(1.0), R(2.0), (col_real)INFINITY}) {
        // from (-2000.75, -1.25, 0.75) to (1000.25, 999.75, 0.25), inside the triangle
        col_ray r = {V(-2000.75, -1.25, 0.75), V(3001, 1001, -0.5), max_t};
        col_ray_hit h = col_raycast_triangle(&r, &turned, COL_TWO_SIDED);
        ASSERT_EQ(h.status, COL_HIT) << "max_t " << max_t;
        EXPECT_NEAR(h.t, 1.0, 64 * COL_EPSILON) << "max_t " << max_t;
        for (col_triangle_sides sides : {COL_TWO_SIDED, COL_CULL_BACKFACES}) {
            h = col_raycast_triangle(&r, &turned, sides);
            if (h.status == COL_HIT) {
                EXPECT_NEAR(h.t, 1.0, 64 * COL_EPSILON) << "max_t " << max_t;
            }
        }
    }
}

// A degenerate triangle is its longest edge, decided as that segment's
// cast decides: three equal points at the origin against a ray passing
// 2^-546 beside them, where every square underflows (a fuzz_world finding:
// the segment's cast alone called the ray inside), and a ray through them.
TEST(RayTriangle, ADegenerateTriangleIsDecidedAsItsSegment) {
    const double s = sizeof(col_real) == sizeof(float) ? 0x1p-100 : 0x1p-540;
    col_triangle p = {V(0, 0, 0), V(0, 0, 0), V(0, 0, 0)};
    col_ray beside = {V(-1.25 * s, -1.25 * s, -1.25 * s), V(1.25 * s, 1.25 * s - s / 64, 1.25 * s), 2};
    col_ray_hit h = col_raycast_triangle(&beside, &p, COL_TWO_SIDED);
    EXPECT_EQ(h.status, COL_MISS);
    EXPECT_FALSE(h.inside);
    col_segment e = {V(0, 0, 0), V(0, 0, 0)};
    EXPECT_EQ(col_raycast_segment(&beside, &e).status, COL_MISS);
    col_ray through = {V(-1.25 * s, -1.25 * s, -1.25 * s), V(1.25 * s, 1.25 * s, 1.25 * s), 2};
    h = col_raycast_triangle(&through, &p, COL_TWO_SIDED);
    EXPECT_EQ(h.status, COL_HIT); // (its t is the cast's, whose squares underflow here)
    // at 2^-40 nothing underflows: t is the vertex's
    const double m = 0x1p-40;
    col_ray near = {V(-1.25 * m, -1.25 * m, -1.25 * m), V(1.25 * m, 1.25 * m, 1.25 * m), 2};
    h = col_raycast_triangle(&near, &p, COL_TWO_SIDED);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_EQ(h.t, (col_real)1);
    // a collinear one, through its longest edge's far end exactly
    col_triangle line = {V(0, 0, 0), V(4, 0, 0), V(1, 0, 0)};
    col_ray end = {V(4, -2, 0), V(0, 1, 0), 2};
    h = col_raycast_triangle(&end, &line, COL_TWO_SIDED);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_EQ(h.t, (col_real)2);
    end.max_t = std::nextafter((col_real)2, (col_real)0);
    EXPECT_EQ(col_raycast_triangle(&end, &line, COL_TWO_SIDED).status, COL_MISS);
}

TEST(RayTriangle, WatertightOnATriangleFan) {
    // A fan of 64 thin triangles around a centre vertex with awkward coordinates.
    // Rays aimed exactly at the centre vertex and at points on the shared spokes
    // must hit at least one triangle (Woop et al. 2013).
    const int n = 64;
    col_vec3 centre = V(0.1, 1.0 / 3, 0.7);
    std::vector<col_vec3> rim;
    for (int i = 0; i < n; ++i) {
        double a = 2 * M_PI * i / n;
        rim.push_back(V(0.1 + 1.7 * std::cos(a), 1.0 / 3 + 1.3 * std::sin(a), 0.7 + 0.2 * std::sin(3 * a)));
    }
    int rays = 0, watertight_misses = 0;
    for (int i = 0; i < n; ++i) {
        for (int k = 0; k < 16; ++k) {
            // points on spoke i (shared by triangles i-1 and i), including the centre (k = 0)
            col_vec3 target = col_v3_lerp(centre, rim[static_cast<size_t>(i)], R(k / 16.0));
            col_vec3 from = V(0.3 * std::sin(i * 1.7 + k), -0.2 + 0.1 * k, 3.1);
            col_ray r = Ray(from, col_v3_scale(col_v3_sub(target, from), R(2)));
            bool hit = false;
            for (int j = 0; j < n && !hit; ++j) {
                col_triangle t = {centre, rim[static_cast<size_t>(j)], rim[static_cast<size_t>((j + 1) % n)]};
                hit = col_raycast_triangle(&r, &t, COL_TWO_SIDED).status == COL_HIT;
            }
            watertight_misses += !hit;
            ++rays;
        }
    }
    // The fan is sensitive: on it Möller-Trumbore misses 45 and Badouel 67 of the 1024 rays.
    EXPECT_EQ(watertight_misses, 0) << "of " << rays << " rays through shared edges and vertices";
}

TEST(RayCapsule, BodyCapsAndInside) {
    col_capsule c = {V(0, 0, 0), V(4, 0, 0), R(1)};
    ExpectHit(col_raycast_capsule(ptr(Ray(V(2, 3, 0), V(0, -4, 0))), &c), 0.5, V(0, 1, 0));  // body
    ExpectHit(col_raycast_capsule(ptr(Ray(V(-3, 0, 0), V(4, 0, 0))), &c), 0.5, V(-1, 0, 0)); // cap a
    ExpectHit(col_raycast_capsule(ptr(Ray(V(7, 0, 0), V(-4, 0, 0))), &c), 0.5, V(1, 0, 0));  // cap b
    // grazing the cap from the side: tangent at (4.6, 0, 0.8), so the root is ill-conditioned
    ExpectHit(col_raycast_capsule(ptr(Ray(V(4.6, 3, 0.8), V(0, -4, 0))), &c), 0.75, V(0.6, 0, 0.8),
              std::sqrt(Ulps(1, 64)));
    // grazing the body's line y = 1 from below: touches at (2, 1, 0), normal +y
    ExpectHit(col_raycast_capsule(ptr(Ray(V(2, 1, -2), V(0, 0, 4))), &c), 0.5, V(0, 1, 0));
    EXPECT_EQ(col_raycast_capsule(ptr(Ray(V(2, 1 + kGap, -2), V(0, 0, 4))), &c).status, COL_MISS);
    col_ray in = Ray(V(3, 0.5, 0), V(0, 1, 0));
    ExpectInside(col_raycast_capsule(&in, &c), in);
    EXPECT_EQ(col_raycast_capsule(ptr(Ray(V(2, 3, 0), V(0, 4, 0))), &c).status, COL_MISS); // receding
    col_capsule seg = {V(0, 0, 0), V(4, 0, 0), R(0)};
    ExpectHit(col_raycast_capsule(ptr(Ray(V(2, 0, 2), V(0, 0, -4))), &seg), 0.5, V(0, 0, 1));
    EXPECT_EQ(col_raycast_capsule(ptr(Ray(V(2, kGap, 2), V(0, 0, -4))), &seg).status, COL_MISS);
}

TEST(RayEllipsoid, AxesNormalsAndFlattening) {
    col_ellipsoid e = {V(1, 1, 1), V(2, 1, 0.5)};
    ExpectHit(col_raycast_ellipsoid(ptr(Ray(V(-3, 1, 1), V(4, 0, 0))), &e), 0.5, V(-1, 0, 0));
    ExpectHit(col_raycast_ellipsoid(ptr(Ray(V(1, 1, 3), V(0, 0, -3))), &e), 0.5, V(0, 0, 1));
    // on the ellipse x^2/4 + y^2 = 1 at (sqrt 2, sqrt 0.5): gradient (x/4, y) ~ (0.3536, 0.7071)
    double x = std::sqrt(2.0), y = std::sqrt(0.5);
    col_ray_hit h = col_raycast_ellipsoid(ptr(Ray(V(1 + x, 1 + y + 2, 1), V(0, -4, 0))), &e);
    ASSERT_EQ(h.status, COL_HIT);
    double gx = x / 4, gy = y, gl = std::sqrt(gx * gx + gy * gy);
    EXPECT_NEAR(h.normal.x, gx / gl, 1e-6);
    EXPECT_NEAR(h.normal.y, gy / gl, 1e-6);
    col_ray in = Ray(V(1, 1, 1), V(1, 0, 0));
    ExpectInside(col_raycast_ellipsoid(&in, &e), in);
    // flattened into a disc in z = 1: crossing inside and outside it, and a ray in its plane
    col_ellipsoid disc = {V(1, 1, 1), V(2, 1, 0)};
    ExpectHit(col_raycast_ellipsoid(ptr(Ray(V(2, 1, 3), V(0, 0, -4))), &disc), 0.5, V(0, 0, 1));
    EXPECT_EQ(col_raycast_ellipsoid(ptr(Ray(V(3.5, 1, 3), V(0, 0, -4))), &disc).status, COL_MISS);
    col_ray_hit inplane = col_raycast_ellipsoid(ptr(Ray(V(-3, 1, 1), V(4, 0, 0))), &disc);
    ASSERT_EQ(inplane.status, COL_HIT);
    EXPECT_NEAR(inplane.t, 0.5, Ulps(4));
    col_ellipsoid stick = {V(0, 0, 0), V(0, 0, 2)}; // a segment along z
    EXPECT_EQ(col_raycast_ellipsoid(ptr(Ray(V(-1, 0, 1), V(2, 0, 0))), &stick).status, COL_HIT);
}

// A ray from 2^102 through a tiny ellipsoid (radii 1e-23 and 1e-163) at the
// origin, ending 1e17 past it: the exact test says the segment meets it; the
// hit is where the ray passes it, t = 2 less 1e-17 of it, not t = 0 (the
// metric's 1 / r^2 overflowed there: a fuzz_world finding, by the k-DOP
// tree's clipped ray). Double only: float has no radii of 1e-163.
TEST(RayEllipsoid, ATinyEllipsoidFarAlongARayIsHitWhereTheRayPassesIt) {
    if (sizeof(col_real) != sizeof(double)) GTEST_SKIP();
    col_ellipsoid e = {V(0x1.b3b3b3b3b3b3bp-76, 0x1.b3b3b3b3b3b3bp-76, 0x1.b3b3b3b3b3b3bp-76),
                       V(0x1.b3b3b3b3b3b3bp-76, 0x1.e3b3b3b3b3b3bp-542, 0x1.e1e1e1e1e1e1ep-542)};
    col_ray r = Ray(V(0x1.646464646469fp+102, 0x1.646464646469fp+102, 0x1.646464646469fp+102),
                    V(-0x1.64646464646f8p+101, -0x1.64646464646f8p+101, -0x1.64646464646f8p+101), 2);
    col_ray_hit h = col_raycast_ellipsoid(&r, &e);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_FALSE(h.inside);
    EXPECT_NEAR(h.t, 2, 1e-12); // the centre's projection: o + t d = 0 at t = 2 (1 + 89 ulps of 2^-52)
}

TEST(Raycast, HostileInputIsInvalidAndHitsAreFinite) {
    col_sphere s = {V(0, 0, 0), R(1)};
    EXPECT_EQ(col_raycast_sphere(ptr(Ray(V(kNaN, 0, 0), V(1, 0, 0))), &s).status, COL_INVALID);
    EXPECT_EQ(col_raycast_sphere(ptr(Ray(V(0, 0, 0), V(kInf, 0, 0))), &s).status, COL_INVALID);
    EXPECT_EQ(col_raycast_sphere(ptr(Ray(V(-3, 0, 0), V(1, 0, 0), kNaN)), &s).status, COL_INVALID);
    EXPECT_EQ(col_raycast_sphere(ptr(Ray(V(-3, 0, 0), V(1, 0, 0), -1)), &s).status, COL_INVALID);
    col_sphere bad = {V(0, 0, 0), R(-1)};
    EXPECT_EQ(col_raycast_sphere(ptr(Ray(V(-3, 0, 0), V(1, 0, 0))), &bad).status, COL_INVALID);
    // A tiny direction on an unbounded ray: a hit whose point would overflow is a miss.
    col_plane far = col_plane_make(V(1, 0, 0), R(1e40));
    col_ray_hit h = col_raycast_plane(ptr(Ray(V(0, 0, 0), V(1e-300, 0, 0), kInf)), &far);
    EXPECT_TRUE(h.status == COL_MISS || (std::isfinite(h.t) && std::isfinite(h.point.x)));
    // Denormal directions never produce NaN in the slab test.
    col_ray_hit d = col_raycast_aabb_slabs(ptr(Ray(V(-1, 0.5, 0.5), V(1, 5e-324, 0), 1)), &kBox);
    ExpectHit(d, 1, V(-1, 0, 0), 0);
}

// Validation by the sums of the magnitudes (col__valid_ray_scaled) with each
// coordinate compared where a sum exceeds COL_HUGE: a ray whose coordinates
// are all within COL_HUGE is valid however large their sum, and one beyond
// it by an ulp, or NaN or infinite, is not; the casts of the large valid
// rays (whose ends the casts must then test) decide as usual.
TEST(Raycast, RaysNearTheCoordinateLimitAreValidatedByEachCoordinate) {
    const col_real H = (col_real)COL_HUGE, above = std::nextafter(H, R(kInf));
    col_ray big = Ray(V(H / 4, R(0.75) * H, R(0.75) * H), V(H / 2, 0, 0), 1); // |o|1 = 1.75 H, end x = 0.75 H
    EXPECT_TRUE(col_ray_is_valid(&big));
    EXPECT_TRUE(col_ray_is_valid(ptr(Ray(V(H, -H, H), V(-H, H, -H), 1))));
    EXPECT_FALSE(col_ray_is_valid(ptr(Ray(V(above, 0, 0), V(1, 0, 0), 1))));
    EXPECT_FALSE(col_ray_is_valid(ptr(Ray(V(H, H, 0), V(0, 0, -above), 1))));
    EXPECT_FALSE(col_ray_is_valid(ptr(Ray(V(H, H, H), V(kNaN, 0, 0), 1))));
    EXPECT_FALSE(col_ray_is_valid(ptr(Ray(V(H, -kInf, H), V(1, 0, 0), 1))));
    // the sphere of radius H / 8 at (H / 2, 0.75 H, 0.75 H): entered at x = 3 H / 8, t = 1 / 4
    col_sphere s = {V(H / 2, R(0.75) * H, R(0.75) * H), H / 8};
    ExpectHit(col_raycast_sphere(&big, &s), 0.25, V(-1, 0, 0), 1e-6);
    // the box [3 H / 8, 5 H / 8] x [H / 2, H]^2: entered at t = 1 / 4 too
    col_aabb b = {V(R(0.375) * H, H / 2, H / 2), V(R(0.625) * H, H, H)};
    ExpectHit(col_raycast_aabb_slabs(&big, &b), 0.25, V(-1, 0, 0), 0);
    // a segment ending exactly on the box's face x = 3 H / 8: a hit at max_t
    col_ray to_face = Ray(V(0, R(0.75) * H, R(0.75) * H), V(R(0.375) * H, 0, 0), 1);
    ExpectHit(col_raycast_aabb_slabs(&to_face, &b), 1, V(-1, 0, 0), 0);
    ExpectHit(col_raycast_sphere(&to_face, &s), 1, V(-1, 0, 0), 0);
    // and one an ulp short of it: a miss
    to_face.delta.x = std::nextafter(R(0.375) * H, R(0));
    EXPECT_EQ(col_raycast_aabb_slabs(&to_face, &b).status, COL_MISS);
    EXPECT_EQ(col_raycast_sphere(&to_face, &s).status, COL_MISS);
    col_ray bad = big;
    bad.origin.x = above;
    EXPECT_EQ(col_raycast_sphere(&bad, &s).status, COL_INVALID);
    EXPECT_EQ(col_raycast_aabb_slabs(&bad, &b).status, COL_INVALID);
    col_point p = {s.c};
    EXPECT_EQ(col_raycast_point(&bad, &p).status, COL_INVALID);
}

// GJK ray casting's accuracy on these hulls of size ~5 (its size tolerance,
// base.h, in either precision), and a gap it resolves.
const double kHullTol = sizeof(col_real) == sizeof(double) ? 1e-9 : 2e-5;
const double kBeside = sizeof(col_real) == sizeof(double) ? 1e-7 : 1e-3;

// The corners of the cube [-1, 1]^3.
const col_vec3 kCube[8] = {V(-1, -1, -1), V(1, -1, -1), V(-1, 1, -1), V(1, 1, -1),
                           V(-1, -1, 1),  V(1, -1, 1),  V(-1, 1, 1),  V(1, 1, 1)};

col_ray_hit CastHull(const col_vec3 *pts, int n, const col_ray &r) {
    col_polytope p = {pts, n};
    return col_raycast_polytope(&r, &p);
}

// The static test of the ray's segment (as the cast rounds its end) against the hull.
bool SegmentMeetsHull(const col_vec3 *pts, int n, const col_ray &r) {
    col_shape seg = Segment(r.origin, col_v3_add(r.origin, col_v3_scale(r.delta, r.max_t)));
    col_shape hull = Polytope(pts, n);
    return col_overlap(&seg, &hull);
}

TEST(RayPolytope, CubeFacesEdgesCornersAndInside) {
    // a face: the entry plane x = -1, its normal to GJK's tolerance
    ExpectHit(CastHull(kCube, 8, Ray(V(-5, 0.25, 0.5), V(10, 0, 0))), 0.4, V(-1, 0, 0), kHullTol);
    ExpectHit(CastHull(kCube, 8, Ray(V(0.5, -0.25, 9), V(0, 0, -2), 10)), 4, V(0, 0, 1), kHullTol);
    // along an edge (y = z = 1): a hit at its end; beside it, a miss
    col_ray_hit e = CastHull(kCube, 8, Ray(V(-5, 1, 1), V(10, 0, 0)));
    ASSERT_EQ(e.status, COL_HIT);
    EXPECT_NEAR(e.t, 0.4, kHullTol);
    EXPECT_LE(col_v3_dot(e.normal, V(1, 0, 0)), R(0)); // a normal of the edge's cone, facing the ray
    EXPECT_EQ(CastHull(kCube, 8, Ray(V(-5, 1, 1 + kBeside), V(10, 0, 0))).status, COL_MISS);
    // through a corner along the diagonal
    col_ray_hit c = CastHull(kCube, 8, Ray(V(-5, -5, -5), V(1, 1, 1), 10));
    ASSERT_EQ(c.status, COL_HIT);
    EXPECT_NEAR(c.t, 4, kHullTol);
    EXPECT_NEAR(c.point.x, -1, kHullTol);
    // moving away, and a line that passes by
    EXPECT_EQ(CastHull(kCube, 8, Ray(V(-5, 0, 0), V(-1, 0, 0), 100)).status, COL_MISS);
    EXPECT_EQ(CastHull(kCube, 8, Ray(V(-5, 3, 0), V(10, 0, 0))).status, COL_MISS);
    // from inside, and from a face
    col_ray in = Ray(V(0.5, 0.5, 0.5), V(1, 0, 0));
    ExpectInside(CastHull(kCube, 8, in), in);
    col_ray on = Ray(V(-1, 0.5, 0.5), V(-1, 0, 0));
    ExpectInside(CastHull(kCube, 8, on), on);
    // a ray without end decides by itself
    ExpectHit(CastHull(kCube, 8, Ray(V(-5, 0, 0), V(1, 0, 0), INFINITY)), 4, V(-1, 0, 0), kHullTol);
    EXPECT_EQ(CastHull(kCube, 8, Ray(V(-5, 0, 0), V(-1, 0, 0), INFINITY)).status, COL_MISS);
}

TEST(RayPolytope, EndsOnTheHullAsTheStaticTestDecides) {
    // the end exactly on the face x = -1: a hit at t = max_t; short of it, a miss
    ExpectHit(CastHull(kCube, 8, Ray(V(-5, 0.5, 0.25), V(4, 0, 0))), 1, V(-1, 0, 0), kHullTol);
    EXPECT_EQ(CastHull(kCube, 8, Ray(V(-5, 0.5, 0.25), V(4, 0, 0), 0.999)).status, COL_MISS);
    // ends a few ulps either side of the face, of an edge and of a corner:
    // hit exactly when the static test says the segment meets the hull
    const col_vec3 targets[] = {V(-1, 0.5, 0.25), V(-1, 1, 0.25), V(-1, 1, 1), V(-1, 0.125, -1)};
    for (col_vec3 target : targets) {
        for (int k = -3; k <= 3; ++k) {
            col_vec3 o = V(-5, 0.5, 3);
            col_ray r = Ray(o, col_v3_sub(target, o), 1 + k * COL_EPSILON);
            col_ray_hit h = CastHull(kCube, 8, r);
            EXPECT_EQ(h.status == COL_HIT, SegmentMeetsHull(kCube, 8, r)) << k;
            if (h.status == COL_HIT) {
                EXPECT_LE(h.t, r.max_t);
            }
            if (k >= 0) {
                EXPECT_EQ(h.status, COL_HIT) << k; // reaching the hull, within GJK's tolerance
            }
        }
    }
}

TEST(RayPolytope, TetrahedronFaceDegenerateHullsAndFarAway) {
    // the face x + y + z = 1 of a tetrahedron (a point inside it changes nothing)
    const col_vec3 tet[5] = {V(0, 0, 0), V(1, 0, 0), V(0, 1, 0), V(0, 0, 1), V(0.2, 0.2, 0.2)};
    const double s3 = 1 / std::sqrt(3.0);
    ExpectHit(CastHull(tet, 5, Ray(V(1, 1, 1), V(-1, -1, -1))), 2.0 / 3, V(s3, s3, s3), kHullTol);
    // flat hulls: a square (its plane, from either side), collinear points, one point (duplicated)
    const col_vec3 square[4] = {V(0, 0, 0), V(1, 0, 0), V(1, 1, 0), V(0, 1, 0)};
    ExpectHit(CastHull(square, 4, Ray(V(0.5, 0.25, 2), V(0, 0, -4))), 0.5, V(0, 0, 1), kHullTol);
    ExpectHit(CastHull(square, 4, Ray(V(0.5, 0.25, -2), V(0, 0, 4))), 0.5, V(0, 0, -1), kHullTol);
    EXPECT_EQ(CastHull(square, 4, Ray(V(1.5, 0.25, 2), V(0, 0, -4))).status, COL_MISS);
    const col_vec3 line[3] = {V(-1, 0, 0), V(0, 0, 0), V(1, 0, 0)};
    col_ray_hit l = CastHull(line, 3, Ray(V(0.5, -2, 0), V(0, 4, 0)));
    ASSERT_EQ(l.status, COL_HIT);
    EXPECT_NEAR(l.t, 0.5, kHullTol);
    const col_vec3 dot[2] = {V(2, 3, 4), V(2, 3, 4)};
    col_ray_hit d = CastHull(dot, 2, Ray(V(2, 3, 0), V(0, 0, 8)));
    ASSERT_EQ(d.status, COL_HIT);
    EXPECT_NEAR(d.t, 0.5, kHullTol);
    EXPECT_EQ(CastHull(dot, 2, Ray(V(2, 3 + 1e3 * kBeside, 0), V(0, 0, 8))).status, COL_MISS);
    // the cube 10^6 from the origin, the ray from nearby: t to the tolerance of the frame at the origin
    col_vec3 far[8];
    for (int i = 0; i < 8; ++i) far[i] = col_v3_add(kCube[i], V(1e6, -1e6, 1e6));
    // (the coordinates' own rounding: an ulp of 10^6, over the ray's 10)
    ExpectHit(CastHull(far, 8, Ray(V(1e6 - 5, -1e6 + 0.25, 1e6), V(10, 0, 0))), 0.4, V(-1, 0, 0),
              std::max(10 * kHullTol, Ulps(1e6, 4) / 10));
}

// A ray at a slant of 0.03 to a face 1000 across, ending on that face's
// edge (at its middle): near the end the point's foot on the face lies
// inside it by less than the simplex solver resolves, so GJK stalls at the
// edge, 7.5e-4 from the hull at t = 0.99996, the face's far vertex on the
// point's side of the plane normal to the edge's v (a fuzz_distance
// finding: fuzz/regressions/distance/grazing-ray-stops-short-of-a-polytope-
// it-reaches-at-its-end). The face beside the edge gives the entry.
TEST(RayPolytope, AGrazingRayEndingOnAnEdgeEntersThere) {
    const col_vec3 hull[8] = {V(-488.375, 439.625, 439.625), V(439.625, 439.625, 439.625), V(439.625, 439.625, 420.125),
                              V(-512, -512, -512),           V(271.875, 420.75, 439.625),  V(439.625, 439.625, 439.625),
                              V(439.625, 445.375, -133.625), V(-512, -512, -512)};
    const double off = sizeof(col_real) == sizeof(float) ? 0 : 0x1p-47; // the finding's end, 1 ulp of 36 off the edge
    for (double e : {0.0, off}) {
        col_vec3 o = V(-512, -512, -484), end = V(-500.1875, -36.1875 - e, -36.1875 - e);
        col_ray r = Ray(o, col_v3_sub(end, o), 1);
        col_ray_hit h = CastHull(hull, 8, r);
        ASSERT_EQ(h.status, COL_HIT) << e;
        EXPECT_FALSE(h.inside);
        EXPECT_NEAR(h.t, 1, kHullTol) << e;
        // the face's normal, or the edge's other one: facing the ray
        EXPECT_LE(col_v3_dot(h.normal, r.delta), 0);
    }
}

TEST(RayPolytope, AgreesWithTheBoxCastOnRandomRays) {
    // the cube's hull is the box [-1, 1]^3: the same decisions and entries
    // away from the boundary (the box's exact, the hull's within GJK's tolerance)
    const col_aabb box = {V(-1, -1, -1), V(1, 1, 1)};
    uint32_t seed = 12345;
    auto rnd = [&seed]() {
        seed = seed * 1664525u + 1013904223u;
        return (double)(seed >> 8) / 16777216.0 * 2 - 1;
    };
    int hits = 0;
    for (int i = 0; i < 2000; ++i) {
        col_vec3 o = V(4 * rnd(), 4 * rnd(), 4 * rnd()), target = V(1.5 * rnd(), 1.5 * rnd(), 1.5 * rnd());
        col_ray r = Ray(o, col_v3_sub(target, o), 0.5 + rnd());
        col_ray_hit a = col_raycast_aabb_slabs(&r, &box), h = CastHull(kCube, 8, r);
        ASSERT_EQ(a.status, h.status) << i;
        if (a.status != COL_HIT) continue;
        ++hits;
        EXPECT_EQ(a.inside, h.inside) << i;
        EXPECT_NEAR(a.t, h.t, kHullTol) << i;
        // the face's normal, away from its edges (at an edge any normal of
        // its cone will do, and the two casts may take either face)
        double inner = 1 - 1e3 * kHullTol;
        bool face = std::fabs(a.point.x) < inner || std::fabs(a.normal.x) > 0.5;
        face = face && (std::fabs(a.point.y) < inner || std::fabs(a.normal.y) > 0.5);
        face = face && (std::fabs(a.point.z) < inner || std::fabs(a.normal.z) > 0.5);
        if (!a.inside && face) {
            EXPECT_NEAR(col_v3_dot(a.normal, h.normal), 1, 1e3 * kHullTol) << i;
        }
    }
    EXPECT_GT(hits, 500);
    EXPECT_LT(hits, 1900);
}

TEST(RayPolytope, InvalidInput) {
    col_vec3 bad[2] = {V(0, 0, 0), V(NAN, 0, 0)};
    EXPECT_EQ(CastHull(bad, 2, Ray(V(-1, 0, 0), V(1, 0, 0))).status, COL_INVALID);
    EXPECT_EQ(CastHull(kCube, 0, Ray(V(-1, 0, 0), V(1, 0, 0))).status, COL_INVALID);
    EXPECT_EQ(CastHull(kCube, 8, Ray(V(-5, 0, 0), V(NAN, 0, 0))).status, COL_INVALID);
    EXPECT_EQ(CastHull(kCube, 8, Ray(V(-5, 0, 0), V(1, 0, 0), -1)).status, COL_INVALID);
}

TEST(Raycast, DispatchCoversEvery3DKind) {
    col_ray r = Ray(V(0.25, 0.25, 5), V(0, 0, -10));
    for (const col_shape &s :
         {Point(0.25, 0.25, 0), Segment(V(0, 0.25, 0), V(1, 0.25, 0)), Triangle(V(0, 0, 0), V(2, 0, 0), V(0, 2, 0)),
          Plane(0, 0, 1, 0), Sphere(0, 0, 0, 1), Capsule(V(-1, 0, 0), V(1, 0, 0), 1), Aabb(-1, -1, -1, 1, 1, 0),
          Obb(V(0, 0, -1), V(1, 1, 1), col_m3_identity()), Ellipsoid(0, 0, 0, 1, 1, 1), Polytope(kCube, 8)}) {
        EXPECT_TRUE(col_raycast_supported(s.kind));
        col_ray_hit h = col_raycast(&s, &r);
        EXPECT_EQ(h.status, COL_HIT) << col_shape_kind_name(s.kind);
        EXPECT_GT(h.normal.z, R(0)) << col_shape_kind_name(s.kind);
    }
    col_shape c = Circle(0, 0, 1);
    EXPECT_FALSE(col_raycast_supported(c.kind));
    EXPECT_EQ(col_raycast(&c, &r).status, COL_INVALID);
}

// Ray casts against a ball or a point so small that the squares of the
// origin's offset underflow: the same t as the same rays scaled up by a
// power of two (which rounds nothing), with and without an end; a ray
// from 1.7e-218 beside a point 2^-991 from the origin is not inside it (a
// fuzz_world finding: the cast without end called it inside).
TEST(RaySphere, TinyBallsAndPointsCastAsTheirScaledCopies) {
    const bool fl = sizeof(col_real) == sizeof(float);
    const double down = fl ? 0x1p-100 : 0x1p-700;
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> u(-1, 1);
    int hits = 0;
    for (int i = 0; i < 2000; ++i) {
        col_vec3 c = V(u(rng), u(rng), u(rng)), o = V(4 * u(rng), 4 * u(rng), 4 * u(rng));
        col_vec3 to = col_v3_add(c, V(u(rng) / 2, u(rng) / 2, u(rng) / 2));
        double radius = i % 3 == 0 ? 0.0 : 0.25 + std::fabs(u(rng)) / 2;
        for (double max_t : {(double)INFINITY, 1.0}) {
            col_ray big = {o, col_v3_sub(to, o), (col_real)max_t};
            col_ray small = {col_v3_scale(o, (col_real)down), col_v3_scale(big.delta, (col_real)down), (col_real)max_t};
            col_sphere sb = {c, (col_real)radius}, ss = {col_v3_scale(c, (col_real)down), (col_real)(radius * down)};
            col_ray_hit hb = col_raycast_sphere(&big, &sb), hs = col_raycast_sphere(&small, &ss);
            ASSERT_EQ(hb.status, hs.status) << i << " max_t " << max_t;
            if (hb.status != COL_HIT) continue;
            ++hits;
            EXPECT_EQ(hb.inside, hs.inside);
            EXPECT_NEAR(hb.t, hs.t, fl ? 1e-5 : 1e-12) << i << " max_t " << max_t;
        }
    }
    EXPECT_GT(hits, 1000);
    if (!fl) {
        col_point p = {V(0, 0x1p-991, 0x1.0d60faa1080cp-1022)};
        col_ray r = {V(0x1.2d2e24510791p-723, 0x1.55f040f70240bp-769, 0x1.5102310eb0f65p-765),
                     V(0x1.3434343a61085p+53, 0x1.3434343434343p+53, 0x1.3434343434343p+53), (col_real)INFINITY};
        EXPECT_EQ(col_raycast_point(&r, &p).status, COL_MISS);
    }
}

// Capsules and segments so small that the squares of the origin's offset,
// the axis and the radius underflow: the same answers as the same rays
// scaled up by a power of two, with and without an end (before, rays 2^-700
// from capsules 2^-700 long were nearly all "inside" them without an end,
// and hit at t = 0 with one).
TEST(RayCapsule, TinyCapsulesCastAsTheirScaledCopies) {
    const bool fl = sizeof(col_real) == sizeof(float);
    const double down = fl ? 0x1p-100 : 0x1p-700;
    std::mt19937 rng(9);
    std::uniform_real_distribution<double> u(-1, 1);
    int hits = 0;
    for (int i = 0; i < 3000; ++i) {
        col_vec3 a = V(u(rng), u(rng), u(rng)), b = V(u(rng), u(rng), u(rng)),
                 o = V(4 * u(rng), 4 * u(rng), 4 * u(rng));
        col_vec3 to = V(u(rng), u(rng), u(rng));
        double radius = i % 3 == 0 ? 0.0 : 0.1 + std::fabs(u(rng)) / 4;
        for (double max_t : {(double)INFINITY, 1.0}) {
            col_ray big = {o, col_v3_sub(to, o), (col_real)max_t};
            col_ray small = {col_v3_scale(o, (col_real)down), col_v3_scale(big.delta, (col_real)down), (col_real)max_t};
            col_capsule cb = {a, b, (col_real)radius};
            col_capsule cs = {col_v3_scale(a, (col_real)down), col_v3_scale(b, (col_real)down),
                              (col_real)(radius * down)};
            col_ray_hit hb = col_raycast_capsule(&big, &cb), hs = col_raycast_capsule(&small, &cs);
            ASSERT_EQ(hb.status, hs.status) << i << " max_t " << max_t;
            if (hb.status != COL_HIT) continue;
            ++hits;
            EXPECT_EQ(hb.inside, hs.inside);
            EXPECT_NEAR(hb.t, hs.t, fl ? 1e-4 : 1e-9) << i << " max_t " << max_t;
        }
    }
    EXPECT_GT(hits, 500);
}
