// Closest points and closed-form distances (collide/distance.h): hand-derived
// cases, degenerate shapes, far from the origin, invalid input.
#include "helpers.h"

using namespace ct;

namespace {

const double kTol = sizeof(col_real) == sizeof(float) ? 1e-5 : 1e-12;

void ExpectNear3(col_vec3 a, col_vec3 b, double tol, const char *what) {
    EXPECT_NEAR(a.x, b.x, tol) << what;
    EXPECT_NEAR(a.y, b.y, tol) << what;
    EXPECT_NEAR(a.z, b.z, tol) << what;
}

} // namespace

TEST(ClosestPoint, SegmentProjectsAndClamps) {
    col_segment s = {V(0, 0, 0), V(4, 0, 0)};
    col_vec3 q;
    ASSERT_TRUE(col_closest_point_segment(&s, V(1, 2, 3), &q));
    ExpectNear3(q, V(1, 0, 0), 0, "interior");
    ASSERT_TRUE(col_closest_point_segment(&s, V(-3, 1, 0), &q));
    ExpectNear3(q, V(0, 0, 0), 0, "before a");
    ASSERT_TRUE(col_closest_point_segment(&s, V(9, -1, 0), &q));
    ExpectNear3(q, V(4, 0, 0), 0, "after b");
    col_segment z = {V(1, 1, 1), V(1, 1, 1)};
    ASSERT_TRUE(col_closest_point_segment(&z, V(5, 5, 5), &q));
    ExpectNear3(q, V(1, 1, 1), 0, "zero length is its point");
    col_segment bad = {V(kNaN, 0, 0), V(1, 0, 0)};
    EXPECT_FALSE(col_closest_point_segment(&bad, V(0, 0, 0), &q));
    EXPECT_FALSE(col_closest_point_segment(&s, V(0, kInf, 0), &q));
}

TEST(ClosestPoint, TriangleEveryVoronoiRegion) {
    col_triangle t = {V(0, 0, 0), V(4, 0, 0), V(0, 4, 0)};
    col_vec3 q;
    struct {
        col_vec3 p, want;
        const char *region;
    } cases[] = {
        {V(1, 1, 5), V(1, 1, 0), "face"},      {V(-1, -1, 2), V(0, 0, 0), "vertex a"},
        {V(6, -1, 0), V(4, 0, 0), "vertex b"}, {V(-1, 6, 1), V(0, 4, 0), "vertex c"},
        {V(2, -3, 1), V(2, 0, 0), "edge ab"},  {V(-2, 2, -1), V(0, 2, 0), "edge ca"},
        {V(3, 3, 0), V(2, 2, 0), "edge bc"},   {V(2, 2, 0), V(2, 2, 0), "on edge bc"},
    };
    for (const auto &c : cases) {
        ASSERT_TRUE(col_closest_point_triangle(&t, c.p, &q));
        ExpectNear3(q, c.want, kTol, c.region);
    }
    // collinear: the longest edge
    col_triangle d = {V(0, 0, 0), V(1, 0, 0), V(4, 0, 0)};
    ASSERT_TRUE(col_closest_point_triangle(&d, V(3, 2, 0), &q));
    ExpectNear3(q, V(3, 0, 0), kTol, "degenerate triangle");
}

// A thin triangle (2 area under 1/16 of its longest edge squared) takes the
// projection and the edges: the Voronoi regions' products cancel there.
TEST(ClosestPoint, ThinTriangleEveryRegion) {
    for (double off : {0.0, 1e6}) {
        if (sizeof(col_real) == sizeof(float) && off > 0) continue; // float: 1e6 leaves no room for the width
        col_vec3 o = V(off, -off, off);
        auto at = [&](double x, double y, double z) { return col_v3_add(o, V(x, y, z)); };
        col_triangle t = {at(0, 0, 0), at(1024, 0, 0), at(1024, 1, 0)};
        double ca = (512.0 * 1024 + 3) / (1024.0 * 1024 + 1); // the foot on ca of (512, 3, 0)
        struct {
            col_vec3 p, want;
            const char *region;
        } cases[] = {
            {at(1000, 0.5, 3), at(1000, 0.5, 0), "face"},     {at(500, -2, 1), at(500, 0, 0), "edge ab"},
            {at(-3, -1, 0), at(0, 0, 0), "vertex a"},         {at(1030, 0.5, 0), at(1024, 0.5, 0), "edge bc"},
            {at(1030, 5, 0), at(1024, 1, 0), "vertex c"},     {at(1030, -5, 2), at(1024, 0, 0), "vertex b"},
            {at(512, 3, 0), at(1024 * ca, ca, 0), "edge ca"}, {at(700, 0, -4), at(700, 0, 0), "above edge ab"},
        };
        double tol = sizeof(col_real) == sizeof(float) ? 1e-3 : 1e-9 * (1 + off);
        for (const auto &c : cases) {
            col_vec3 q;
            ASSERT_TRUE(col_closest_point_triangle(&t, c.p, &q));
            ExpectNear3(q, c.want, tol, c.region);
        }
    }
    // a needle 640 long and 0.5 wide at one end, and a point 1.8e-14 off its
    // long edge (a fuzz finding: the Voronoi regions put it 0.0026 away)
    col_triangle n = {V(0x1.03p+8, -0x1.7dp+8, 0x1.038p+8), V(0x1.03p+8, 0x1.03p+8, 0x1.03p+8),
                      V(0x1.03p+8, 0x1.01ep+8, 0x1.03p+8)};
    col_vec3 p = V(259, -353.13644467553792, 259.47823159740278);
    EXPECT_LE(col_distance_point_triangle(p, &n).distance, sizeof(col_real) == sizeof(float) ? 1e-3 : 1e-9);
}

TEST(ClosestPoint, PlaneSphereBoxCapsule) {
    col_vec3 q;
    col_plane pl = col_plane_make(V(0, 0, 2), R(6)); // z = 3
    ASSERT_TRUE(col_closest_point_plane(&pl, V(1, 2, 7), &q));
    ExpectNear3(q, V(1, 2, 3), kTol, "plane");

    col_sphere s = {V(1, 1, 1), R(2)};
    ASSERT_TRUE(col_closest_point_sphere(&s, V(1, 1, 2), &q));
    ExpectNear3(q, V(1, 1, 2), 0, "inside the sphere: itself");
    ASSERT_TRUE(col_closest_point_sphere(&s, V(1, 1, 11), &q));
    ExpectNear3(q, V(1, 1, 3), kTol, "outside the sphere");
    col_sphere pt = {V(1, 1, 1), R(0)};
    ASSERT_TRUE(col_closest_point_sphere(&pt, V(4, 5, 6), &q));
    ExpectNear3(q, V(1, 1, 1), 0, "radius 0");

    col_aabb b = {V(0, 0, 0), V(1, 2, 3)};
    ASSERT_TRUE(col_closest_point_aabb(&b, V(-1, 1, 9), &q));
    ExpectNear3(q, V(0, 1, 3), 0, "aabb");
    ASSERT_TRUE(col_closest_point_aabb(&b, V(0.5, 0.5, 0.5), &q));
    ExpectNear3(q, V(0.5, 0.5, 0.5), 0, "inside the aabb");

    // a unit cube turned 45 degrees about z: its corner on +x is at sqrt(2)
    col_obb o = col_obb_make(V(0, 0, 0), V(1, 1, 1), RotZ(M_PI / 4));
    ASSERT_TRUE(col_closest_point_obb(&o, V(5, 0, 0), &q));
    ExpectNear3(q, V(std::sqrt(2.0), 0, 0), 1e3 * kTol, "obb corner");
    ASSERT_TRUE(col_closest_point_obb(&o, V(3, 3, 0), &q));
    ExpectNear3(q, V(std::sqrt(0.5), std::sqrt(0.5), 0), 1e3 * kTol, "obb face");

    col_capsule c = {V(0, 0, 0), V(0, 0, 4), R(1)};
    ASSERT_TRUE(col_closest_point_capsule(&c, V(3, 0, 2), &q));
    ExpectNear3(q, V(1, 0, 2), kTol, "capsule side");
    ASSERT_TRUE(col_closest_point_capsule(&c, V(0, 0, 7), &q));
    ExpectNear3(q, V(0, 0, 5), kTol, "capsule cap");
    ASSERT_TRUE(col_closest_point_capsule(&c, V(0.5, 0, 1), &q));
    ExpectNear3(q, V(0.5, 0, 1), 0, "inside the capsule");
}

TEST(ClosestPoint, EllipsoidOnAxesInsideAndFlat) {
    col_ellipsoid e = {V(0, 0, 0), V(2, 1, 1)};
    col_vec3 q;
    int it = -1;
    ASSERT_TRUE(col_closest_point_ellipsoid(&e, V(5, 0, 0), &q, &it));
    ExpectNear3(q, V(2, 0, 0), kTol, "on the long axis");
    EXPECT_GT(it, 0);
    EXPECT_LE(it, COL_ELLIPSOID_MAX_ITERATIONS);
    ASSERT_TRUE(col_closest_point_ellipsoid(&e, V(0, -3, 0), &q, &it));
    ExpectNear3(q, V(0, -1, 0), kTol, "on a short axis");
    ASSERT_TRUE(col_closest_point_ellipsoid(&e, V(1, 0.5, 0.1), &q, &it));
    ExpectNear3(q, V(1, 0.5, 0.1), 0, "inside: itself");
    EXPECT_EQ(it, 0);
    // flat (rz = 0): a point above the disc projects straight down
    col_ellipsoid flat = {V(0, 0, 0), V(2, 1, 0)};
    ASSERT_TRUE(col_closest_point_ellipsoid(&flat, V(0.5, 0.5, 3), &q, nullptr));
    ExpectNear3(q, V(0.5, 0.5, 0), kTol, "flat ellipsoid");
    // all radii zero: the centre
    col_ellipsoid dot = {V(1, 2, 3), V(0, 0, 0)};
    ASSERT_TRUE(col_closest_point_ellipsoid(&dot, V(4, 4, 4), &q, nullptr));
    ExpectNear3(q, V(1, 2, 3), 0, "point ellipsoid");
    col_ellipsoid bad = {V(0, 0, 0), V(-1, 1, 1)};
    EXPECT_FALSE(col_closest_point_ellipsoid(&bad, V(0, 0, 0), &q, nullptr));
}

// Off-axis points: x on the surface and p - x along the surface normal
// (x / r^2), at the origin and far from it.
TEST(ClosestPoint, EllipsoidIsOptimalAnywhere) {
    const double offsets[] = {0, 1e3, 1e6};
    const double tol = sizeof(col_real) == sizeof(float) ? 1e-3 : 1e-9;
    unsigned seed = 7;
    auto rnd = [&]() {
        seed = seed * 1103515245u + 12345u;
        return static_cast<double>((seed >> 8) & 0xffff) / 65535.0;
    };
    for (double off : offsets) {
        if (sizeof(col_real) == sizeof(float) && off > 1e3) continue;
        for (int i = 0; i < 200; ++i) {
            col_vec3 r = V(0.2 + 3 * rnd(), 0.2 + 3 * rnd(), 0.2 + 3 * rnd());
            col_vec3 c = V(off, -off, off);
            col_ellipsoid e = {c, r};
            col_vec3 p = col_v3_add(c, V(8 * rnd() - 4, 8 * rnd() - 4, 8 * rnd() - 4));
            col_vec3 q;
            ASSERT_TRUE(col_closest_point_ellipsoid(&e, p, &q, nullptr));
            col_vec3 x = col_v3_sub(q, c), y = col_v3_sub(p, c);
            double g = x.x * x.x / (r.x * r.x) + x.y * x.y / (r.y * r.y) + x.z * x.z / (r.z * r.z);
            double gy = y.x * y.x / (r.x * r.x) + y.y * y.y / (r.y * r.y) + y.z * y.z / (r.z * r.z);
            if (gy <= 1) {
                EXPECT_EQ(q.x, p.x);
                continue;
            }
            EXPECT_NEAR(g, 1.0, tol * (1 + off)) << "on the surface";
            col_vec3 n = V(x.x / (r.x * r.x), x.y / (r.y * r.y), x.z / (r.z * r.z));
            col_vec3 d = col_v3_sub(y, x);
            col_vec3 cr = col_v3_cross(col_v3_scale(n, R(1.0 / col_v3_len(n))), d);
            EXPECT_LE(col_v3_len(cr), tol * (1 + off) * (1 + col_v3_len(d))) << "p - x along the normal";
        }
    }
}

TEST(Distance, SphereSphere) {
    col_sphere a = {V(0, 0, 0), R(1)}, b = {V(3, 4, 0), R(2)};
    col_distance_result r = col_distance_sphere_sphere(&a, &b);
    EXPECT_EQ(r.status, COL_MISS);
    EXPECT_NEAR(r.distance, 2.0, kTol);
    ExpectNear3(r.point_a, V(0.6, 0.8, 0), kTol, "on a");
    ExpectNear3(r.point_b, V(1.8, 2.4, 0), kTol, "on b");
    ExpectNear3(r.normal, V(-0.6, -0.8, 0), kTol, "from b toward a");
    b.r = R(4); // touching
    r = col_distance_sphere_sphere(&a, &b);
    EXPECT_EQ(r.status, COL_HIT);
    EXPECT_EQ(r.distance, 0);
    ExpectNear3(r.point_a, V(0.6, 0.8, 0), kTol, "touching point");
    col_sphere c = {V(0, 0, 0), R(0.5)}; // concentric
    r = col_distance_sphere_sphere(&a, &c);
    EXPECT_EQ(r.status, COL_HIT);
    ExpectNear3(r.normal, V(0, 0, 0), 0, "no normal when overlapping");
    col_sphere bad = {V(0, 0, 0), R(-1)};
    EXPECT_EQ(col_distance_sphere_sphere(&a, &bad).status, COL_INVALID);
}

TEST(Distance, AabbAabbGapsAndOverlap) {
    col_aabb a = {V(0, 0, 0), V(1, 1, 1)}, b = {V(2, 3, 0.5), V(3, 4, 2)};
    col_distance_result r = col_distance_aabb_aabb(&a, &b);
    EXPECT_EQ(r.status, COL_MISS);
    EXPECT_NEAR(r.distance, std::sqrt(5.0), kTol);
    ExpectNear3(r.point_a, V(1, 1, 0.75), kTol, "on a");
    ExpectNear3(r.point_b, V(2, 3, 0.75), kTol, "on b");
    col_aabb c = {V(0.5, 0.5, 0.5), V(2, 2, 2)};
    r = col_distance_aabb_aabb(&a, &c);
    EXPECT_EQ(r.status, COL_HIT);
    ExpectNear3(r.point_a, V(0.75, 0.75, 0.75), 0, "centre of the intersection");
    col_aabb d = {V(1, 0, 0), V(2, 1, 1)}; // face contact
    EXPECT_EQ(col_distance_aabb_aabb(&a, &d).status, COL_HIT);
    // far from the origin the gap is exact on a dyadic grid
    col_aabb fa = {V(1048576, 0, 0), V(1048577, 1, 1)}, fb = {V(1048577.5, 0, 0), V(1048578, 1, 1)};
    EXPECT_EQ(col_distance_aabb_aabb(&fa, &fb).distance, R(0.5));
}

TEST(Distance, SegmentsAndCapsules) {
    // skew: x axis at z = 0 and y axis at z = 2
    col_segment a = {V(-1, 0, 0), V(1, 0, 0)}, b = {V(0, -1, 2), V(0, 1, 2)};
    col_distance_result r = col_distance_segment_segment(&a, &b);
    EXPECT_NEAR(r.distance, 2.0, kTol);
    ExpectNear3(r.point_a, V(0, 0, 0), kTol, "skew a");
    ExpectNear3(r.point_b, V(0, 0, 2), kTol, "skew b");
    // parallel, overlapping in x: any common-span pair at distance 1
    col_segment c = {V(0.5, 1, 0), V(3, 1, 0)};
    r = col_distance_segment_segment(&a, &c);
    EXPECT_NEAR(r.distance, 1.0, kTol);
    EXPECT_NEAR(r.point_a.y, 0.0, kTol);
    EXPECT_NEAR(r.point_b.y, 1.0, kTol);
    // zero length against a segment
    col_segment p = {V(3, 1, 0), V(3, 1, 0)};
    r = col_distance_segment_segment(&p, &a);
    EXPECT_NEAR(r.distance, std::sqrt(5.0), kTol);
    // crossing: overlap
    col_segment x = {V(0, -1, 0), V(0, 1, 0)};
    EXPECT_EQ(col_distance_segment_segment(&a, &x).status, COL_HIT);

    col_capsule ca = {a.a, a.b, R(0.5)}, cb = {b.a, b.b, R(0.5)};
    r = col_distance_capsule_capsule(&ca, &cb);
    EXPECT_EQ(r.status, COL_MISS);
    EXPECT_NEAR(r.distance, 1.0, kTol);
    ExpectNear3(r.point_a, V(0, 0, 0.5), kTol, "capsule a");
    ExpectNear3(r.point_b, V(0, 0, 1.5), kTol, "capsule b");
    cb.r = R(1.5);
    EXPECT_EQ(col_distance_capsule_capsule(&ca, &cb).status, COL_HIT);
}

TEST(Distance, SphereAgainstEverything) {
    col_sphere s = {V(0, 0, 5), R(1)};
    col_triangle t = {V(-1, -1, 0), V(3, -1, 0), V(-1, 3, 0)};
    EXPECT_NEAR(col_distance_sphere_triangle(&s, &t).distance, 4.0, kTol);
    EXPECT_NEAR(col_distance_point_triangle(V(0, 0, 5), &t).distance, 5.0, kTol);
    col_aabb b = {V(-1, -1, -1), V(1, 1, 1)};
    EXPECT_NEAR(col_distance_sphere_aabb(&s, &b).distance, 3.0, kTol);
    col_obb o = col_obb_make(V(0, 0, 0), V(1, 1, 1), RotAxis(V(1, 0, 0), M_PI / 4));
    EXPECT_NEAR(col_distance_sphere_obb(&s, &o).distance, 4.0 - std::sqrt(2.0), 1e3 * kTol);
    col_capsule c = {V(-5, 0, 0), V(5, 0, 0), R(2)};
    EXPECT_NEAR(col_distance_sphere_capsule(&s, &c).distance, 2.0, kTol);
    col_ellipsoid e = {V(0, 0, 0), V(3, 3, 2)};
    col_distance_result r = col_distance_sphere_ellipsoid(&s, &e);
    EXPECT_NEAR(r.distance, 2.0, 1e3 * kTol);
    EXPECT_GT(r.iterations, 0);
    s.r = R(3);
    EXPECT_EQ(col_distance_sphere_ellipsoid(&s, &e).status, COL_HIT);
    col_sphere bad = {V(kNaN, 0, 0), R(1)};
    EXPECT_EQ(col_distance_sphere_triangle(&bad, &t).status, COL_INVALID);
    EXPECT_EQ(col_distance_sphere_ellipsoid(&bad, &e).status, COL_INVALID);
}

TEST(SegmentSegment, NearlyParallelCrossingSegmentsTouch) {
    // fuzz_distance's finding (regressions/distance/nearly-parallel-crossing-
    // segments-put-apart): two segments in one plane, 1.5e-4 rad apart,
    // cross (exact orientations: each straddles the other's line, one end
    // 4.2e-10 past it); the closest pair of the closed form rounded 5.7e-10
    // apart. They meet: distance 0 at one common point, as GJK says.
    if (sizeof(col_real) != sizeof(double)) GTEST_SKIP() << "double coordinates";
    col_shape a = Segment(V(-0x1.97ap+8, -0x1.97ap+8, -0x1.97ap+8), V(-0x1.088p+8, -0x1.97ap+8, -0x1.97ap+8));
    col_shape b = Segment(V(0x1.c85fff02ed2c9p+8, -0x1.97854e069f0c7p+8, -0x1.97ap+8),
                          V(-0x1.97c000fd12d37p+8, -0x1.97a54e069f0c7p+8, -0x1.97ap+8));
    ASSERT_TRUE(Overlap(a, b));
    for (int order = 0; order < 2; ++order) {
        col_distance_result d = order ? col_distance(&b, &a) : col_distance(&a, &b);
        EXPECT_EQ(d.status, COL_HIT);
        EXPECT_EQ(d.distance, 0);
        EXPECT_TRUE(d.point_a.x == d.point_b.x && d.point_a.y == d.point_b.y && d.point_a.z == d.point_b.z);
        EXPECT_EQ(col_gjk_distance(&a, &b).status, COL_HIT);
    }
    col_shape ca = Capsule(a.u.segment.a, a.u.segment.b, 0.5), cb = Capsule(b.u.segment.a, b.u.segment.b, 0.25);
    col_distance_result dc = col_distance(&ca, &cb);
    EXPECT_EQ(dc.status, COL_HIT);
    EXPECT_EQ(dc.distance, 0);
}

TEST(SegmentSegment, NearlyParallelSegmentsMeasureTheTrueDistance) {
    // fuzz_distance's finding (regressions/distance/nearly-parallel-segments-
    // measured-apart): the end (-264.5, -407.625) of one segment lies
    // 6.47e-12 from the other, 1.5e-4 rad off parallel (exact rational
    // arithmetic); the lines' closest pair, its parameter off by eps /
    // sin^2, measured 9.9e-10. The end's own pair is the answer.
    if (sizeof(col_real) != sizeof(double)) GTEST_SKIP() << "double coordinates";
    col_shape a = Segment(V(-0x1.97ap+8, -0x1.97ap+8, -0x1.97ap+8), V(-0x1.088p+8, -0x1.97ap+8, -0x1.97ap+8));
    col_shape b = Segment(V(0x1.c85fff02da6d2p+8, -0x1.97854d0984a9bp+8, -0x1.97ap+8),
                          V(-0x1.97a000fd2592ep+8, -0x1.97a54d0984a9bp+8, -0x1.97ap+8));
    EXPECT_FALSE(Overlap(a, b));
    for (int order = 0; order < 2; ++order) {
        col_distance_result d = order ? col_distance(&b, &a) : col_distance(&a, &b);
        EXPECT_EQ(d.status, COL_MISS);
        EXPECT_NEAR(static_cast<double>(d.distance), 6.46713951337611e-12, 8 * 0x1p-52 * 512);
    }
}

// A segment whose end is 0.125 from a triangle's vertex and 0.124996 from
// the edge beside it, the segment's middle 0.1205 from that edge (a
// fuzz_metamorphic finding): 2^37 from the origin rounding takes the vertex,
// a difference normal to the segment, which must not certify the end.
TEST(Distance, SegmentTriangleFarAwayIsTheDistanceNearTheOrigin) {
    col_vec3 t[3] = {V(-511.875, -512, -512), V(-512, -512, -496), V(50.25, 50.25, 50.25)};
    col_vec3 s[2] = {V(-512, -512, -512), V(-512, -496, 50.25)};
    const double want = 0.12053653767752739; // as col_gjk_distance, to 1e-15
    for (double o : {0.0, 0x1p36, 0x1.8p37, -0x1.8p37}) {
        if (sizeof(col_real) == sizeof(float) && o != 0) continue; // 2^-15 of a float's 2^37 is 2^13
        col_vec3 off = V(o, o, o);
        col_shape tri = Triangle(col_v3_add(t[0], off), col_v3_add(t[1], off), col_v3_add(t[2], off));
        col_shape seg = Segment(col_v3_add(s[0], off), col_v3_add(s[1], off));
        col_distance_result d = col_distance(&seg, &tri);
        ASSERT_EQ(d.status, COL_MISS) << "offset " << o;
        // the coordinates are exact; the closest points are rounded to ulps of the offset
        EXPECT_NEAR(d.distance, want, sizeof(col_real) == sizeof(float) ? 1e-4 : 1e-12 + 4 * 0x1p-52 * std::fabs(o))
            << "offset " << o;
    }
}

// A flat box's corner a rounding (2e-14, size 1000) off a triangle's face 900
// wide, on its far side, the triangle running 600 either way across the box's
// plane: the closest points' difference is rounding and pointed along the
// box's flat face (-x), so a move of the triangle into the box (from
// fuzz_motion) slid along it 33.8 deep. The normal is the triangle's, from
// either order and in the sweep that starts touching
// (fuzz/regressions/motion/move-into-a-corner-by-a-triangle-a-rounding-off-it).
TEST(Distance, ATriangleARoundingFromABoxCornerTakesItsFaceNormal) {
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "the coordinates are doubles'";
    col_shape tri = Triangle(V(0x1.18487c1a69f14p+9, -0x1.500b40b88d654p+7, -0x1.54ced4c472202p+8),
                             V(-0x1.62ef07cb2c1d8p+8, -0x1.580b40b88d654p+7, 0x1.a5912b3b8ddfep+8),
                             V(0x1.97f0f834d3e28p+8, 0x1.276d2fd1dca6bp+9, 0x1.85912b3b8ddfep+8));
    col_shape box = Aabb(250.875, 243.5, 250.875, 250.875, 250.875, 403.75);
    const col_triangle &t = tri.u.triangle;
    col_vec3 n = col_v3_cross(col_v3_sub(t.b, t.a), col_v3_sub(t.c, t.a));
    n = col_v3_scale(n, 1 / col_v3_len(n));
    col_distance_result ab = col_distance(&tri, &box), ba = col_distance(&box, &tri);
    ASSERT_EQ(ab.status, COL_MISS); // apart by 2e-14 (exactly: the corner is off the plane)
    ASSERT_EQ(ba.status, COL_MISS);
    EXPECT_LE(ab.distance, 1e-12);
    EXPECT_NEAR(std::fabs(col_v3_dot(ab.normal, n)), 1.0, 1e-12);
    EXPECT_NEAR(std::fabs(col_v3_dot(ba.normal, n)), 1.0, 1e-12);
    EXPECT_EQ(ab.normal.x, -ba.normal.x);
    // the triangle moved along (0, 1, 1) goes into the box: the sweep starts
    // touching, with the face's normal, against which the motion runs
    col_vec3 d = V(0, 250.875, 250.875);
    col_sweep_hit h = col_sweep(&tri, d, &box, V(0, 0, 0));
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_EQ(h.t0, 0.0);
    EXPECT_NEAR(std::fabs(col_v3_dot(h.normal, n)), 1.0, 1e-12);
    EXPECT_NE(col_v3_dot(h.normal, d), 0.0);
}

// The same for the other closed forms on polytope cores: a segment lying
// an ulp above the face of a box turned by the 3-4-5 rotation, 1000 from the
// origin, whose closest points' difference rounded to (0, 1, 0), 37 degrees
// off the face's normal, and two segments crossing an ulp apart; the
// separating axis that parts them the most is the normal.
TEST(Distance, ASegmentARoundingAboveARotatedBoxFaceTakesTheFaceNormal) {
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "the coordinates are doubles'";
    col_vec3 u0 = V(0.6, 0.8, 0);
    col_shape box = Obb(V(1000.5, -700.25, 300), V(100, 80, 60), col_m3_cols(u0, V(-0.8, 0.6, 0), V(0, 0, 1)));
    // on the face c + 100 u0 (+ s u1 + t u2) but for an ulp of x and y
    col_shape seg = Segment(V(std::nextafter(1116.5, 2e3), std::nextafter(-662.25, 0.0), 270),
                            V(std::nextafter(1004.5, 2e3), std::nextafter(-578.25, 0.0), 250));
    col_distance_result ab = col_distance(&seg, &box), ba = col_distance(&box, &seg);
    ASSERT_EQ(ab.status, COL_MISS);
    ASSERT_EQ(ba.status, COL_MISS);
    EXPECT_LE(ab.distance, 1e-12);
    EXPECT_NEAR(col_v3_dot(ab.normal, u0), 1.0, 1e-12);
    EXPECT_NEAR(col_v3_dot(ba.normal, u0), -1.0, 1e-12);
    // moved down and along the face: the sweep starts touching, with the
    // face's normal (a slide along (0, 1, 0) would have entered the box)
    col_vec3 d = V(-14, -2, 0);
    col_sweep_hit h = col_sweep(&seg, d, &box, V(0, 0, 0));
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_EQ(h.t0, 0.0);
    EXPECT_NEAR(col_v3_dot(h.normal, u0), 1.0, 1e-12);
}

TEST(Distance, SegmentsCrossingARoundingApartTakeTheirCrossProduct) {
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "the coordinates are doubles'";
    double z = std::nextafter(300.0, 1e3);
    col_shape lo = Segment(V(0x1.e42800814b801p+9, -0x1.5f10f837a69c5p+9, 300),
                           V(0x1.0acd476d6ebadp+10, -0x1.57a759b3de827p+9, 300));
    col_shape hi =
        Segment(V(0x1.f92c786c306dfp+9, -0x1.42a2e1c8f9949p+9, z), V(0x1.004b0b77fc43ep+10, -0x1.741570228b8a3p+9, z));
    col_distance_result ab = col_distance(&hi, &lo), ba = col_distance(&lo, &hi);
    ASSERT_EQ(ab.status, COL_MISS); // crossing 300 and its next double in z
    ASSERT_EQ(ba.status, COL_MISS);
    EXPECT_LE(ab.distance, 1e-12);
    EXPECT_NEAR(ab.normal.z, 1.0, 1e-12); // was (-0.89, 0, 0.45)
    EXPECT_NEAR(ba.normal.z, -1.0, 1e-12);
}

// A point has no axis against a segment: its normal is the difference
// without its part along the segment. A point an ulp of x and y off a
// segment along (1, 1, 1), 1000 from the origin, had a normal 0.26 along the
// segment; now the exact offset's part across it.
TEST(Distance, APointAnUlpOffASegmentHasANormalAcrossIt) {
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "the coordinates are doubles'";
    col_shape seg = Segment(V(1000.5, -700.25, 300), V(1100.5, -600.25, 400));
    const double x = std::nextafter(1060.5, 2e3), y = std::nextafter(-640.25, -2e3);
    col_vec3 off = V(x - 1060.5, y + 640.25, 0); // exact; (1060.5, -640.25, 360) lies on it
    double mean = (off.x + off.y) / 3;
    col_vec3 across = V(off.x - mean, off.y - mean, -mean);
    const double gap = col_v3_len(across); // 2.46e-13
    across = col_v3_scale(across, 1 / gap);
    // a point, and a segment of one point (the one as the pair's first core
    // took no direction, fuzz/regressions/distance/normal-of-a-segment-of-
    // one-point-an-ulp-off-a-segment)
    for (const col_shape &pt : {Point(x, y, 360), Segment(V(x, y, 360), V(x, y, 360))}) {
        col_distance_result ab = col_distance(&pt, &seg), ba = col_distance(&seg, &pt);
        ASSERT_EQ(ab.status, COL_MISS) << pt.kind;
        ASSERT_EQ(ba.status, COL_MISS) << pt.kind;
        EXPECT_NEAR(ab.distance, gap, 0x1p-43) << pt.kind; // to an ulp of 1000 (the closed form rounds there)
        EXPECT_NEAR(col_v3_dot(ab.normal, V(1, 1, 1)), 0.0, 1e-12) << pt.kind;
        EXPECT_NEAR(col_v3_dot(ab.normal, across), 1.0, 1e-12) << pt.kind;
        EXPECT_NEAR(col_v3_dot(ba.normal, across), -1.0, 1e-12) << pt.kind;
    }
}

// x's least extent along the unit n less y's greatest: their separation
// along n, at most their distance, equal to it along the true normal.
static double Separation(const col_shape &x, const col_shape &y, col_vec3 n) {
    col_vec3 sx, sy;
    EXPECT_TRUE(col_support(&x, col_v3_neg(n), &sx));
    EXPECT_TRUE(col_support(&y, n, &sy));
    return col_v3_dot(col_v3_sub(sx, sy), n);
}

// A vertex meeting an edge's inside has no separating axis for its normal.
// An OBB's corner 1.9e-6 beside a segment 480 long (m 2240; fuzz_distance's
// slow approaches, fuzz/regressions/distance/slow-approach-to-a-corner-
// beside-a-long-segment): the closest points' difference, 3e-8 rad off the
// true normal (their rounding over the distance), separated the cores by
// -8.3e-6 along it, the segment's length times that angle, and the edge
// product that replaced it was 2.5e-3 rad off. The difference without its
// part along the segment is the normal, to the difference's rounding (the
// true one: exact arithmetic on the corner's projection onto the segment).
TEST(Distance, AnObbCornerBesideALongSegmentHasTheNormalAcrossTheSegment) {
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "the coordinates are doubles'";
    col_shape box = Obb(V(-0x1.6p+0, 0x1.7p+1, -0x1.5p+1), V(0x1.ccp+3, 0x1.5bp+7, 0x1.5cp+8),
                        col_m3_cols(V(-0x1.00fd08e5500fcp-2, 0x1.63d48278963d5p-2, 0x1.ce9443365ce94p-1),
                                    V(0x1.ce9443365ce94p-1, -0x1.00fd08e5500fcp-2, 0x1.63d48278963d5p-2),
                                    V(0x1.63d48278963d5p-2, 0x1.ce9443365ce94p-1, -0x1.00fd08e5500fcp-2)));
    col_shape seg = Segment(V(-0x1.d04499cee1524p+8, -0x1.a0b8ed46a507p+7, -0x1.a399923af7a9p+4),
                            V(-0x1.02499cee1523cp+4, -0x1.69bc76a352838p+8, 0x1.f93336e2842b8p+5));
    const col_vec3 exact = V(0.22760959359007535, 0.8922586632154088, 0.38995942202082035);
    col_distance_result ab = col_distance(&box, &seg), ba = col_distance(&seg, &box);
    ASSERT_EQ(ab.status, COL_MISS);
    ASSERT_EQ(ba.status, COL_MISS);
    EXPECT_NEAR(ab.distance, 1.8537976383326386e-06, 1e-12);
    EXPECT_NEAR(col_v3_dot(ab.normal, exact), 1.0, 1e-14); // within 1.5e-7 rad
    EXPECT_NEAR(col_v3_dot(ba.normal, exact), -1.0, 1e-14);
    EXPECT_NEAR(col_v3_dot(ab.normal, col_v3_sub(seg.u.segment.b, seg.u.segment.a)), 0.0, 1e-12);
    // the supports separate them by their distance along it (the
    // difference's direction: by -8.3e-6)
    EXPECT_NEAR(Separation(box, seg, ab.normal), ab.distance, 1e-10);
}

// The same where the edge's owner has magnitudes summing to 20 sizes: two
// triangles 7.5e-9 apart, B's corner beside A's edge 1300 long (size 508,
// the closed form's magnitudes m 9000; fuzz_distance, fuzz/regressions/
// distance/triangles-at-a-vertex-and-an-edge-difference-3e-5-short), kept
// a difference 1.7e-6 along the edge, which the test of its failure, at
// 2^-28 of m, let pass; along it they overlapped by 3.2e-5.
TEST(Distance, TrianglesAtACornerBesideAnEdgeHaveTheNormalAcrossTheEdge) {
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "the coordinates are doubles'";
    col_shape a = Triangle(V(0x1.ebep+8, -0x1.fc8p+8, 0x1.83ap+8), V(-0x1.fd8p+8, -0x1.fc6p+8, -0x1.fap+8),
                           V(-0x1.cp+8, 0x1.c38p+8, 0x1.838p+8));
    col_shape b = Triangle(V(-0x1.fc9bcae7540acp+8, -0x1.ee7633ace1b5ap+8, -0x1.ed0c7fb6883d7p+8),
                           V(-0x1.3d3bcae7540acp+8, 0x1.7309cc531e4a6p+8, -0x1.ee8c7fb6883d7p+8),
                           V(-0x1.fc9bcae7540acp+8, -0x1.07633ace1b59fp+4, -0x1.e84c7fb6883d7p+8));
    const col_vec3 exact = V(0.1399776883625737, -0.6794284434368789, 0.7202660876437333);
    col_distance_result ab = col_distance(&a, &b), ba = col_distance(&b, &a);
    ASSERT_EQ(ab.status, COL_MISS);
    ASSERT_EQ(ba.status, COL_MISS);
    EXPECT_NEAR(ab.distance, 7.450586981493153e-09, 1e-12);
    EXPECT_NEAR(col_v3_dot(ab.normal, col_v3_sub(a.u.triangle.c, a.u.triangle.b)), 0.0, 1e-9);
    // across the edge, the rest of the difference's rounding remains
    // (1e-13 over 7.5e-9), about the edge, where the corner's cone is wide
    EXPECT_NEAR(col_v3_dot(ab.normal, exact), 1.0, 1e-9);
    EXPECT_NEAR(col_v3_dot(ba.normal, exact), -1.0, 1e-9);
    EXPECT_NEAR(Separation(a, b, ab.normal), ab.distance, 1e-10);
    EXPECT_NEAR(Separation(b, a, ba.normal), ba.distance, 1e-10);
}

// Two hulls of 8 points apart by about distance (to 1e-11): along each
// order's normal, the supports separate them by their distance (to 1e-12).
static void ExpectHullsApartAlongTheirNormal(const col_vec3 *pa, const col_vec3 *pb, double distance) {
    col_shape a = Polytope(pa, 8), b = Polytope(pb, 8);
    col_distance_result ab = col_distance(&a, &b), ba = col_distance(&b, &a);
    ASSERT_EQ(ab.status, COL_MISS);
    ASSERT_EQ(ba.status, COL_MISS);
    EXPECT_NEAR(ab.distance, distance, 1e-11);
    EXPECT_GE(Separation(a, b, ab.normal), ab.distance - 1e-12);
    EXPECT_GE(Separation(b, a, ba.normal), ba.distance - 1e-12);
}

// GJK stops within its size tolerance, and its witnesses' direction holds
// only to that over the distance: an AABB 4.5e-10 below a turned OBB (size
// 436; fuzz_distance's corpus) got the normal (6.3e-5, 9.4e-4, 1), along
// which the OBB reached 0.028 past the AABB's top. The separating axis that
// parts them the most, the AABB's z face, is the normal now.
TEST(Distance, AnAabbAHairBelowATurnedBoxTakesTheFaceNormalNotGjksDirection) {
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "the coordinates are doubles'";
    col_shape a = Obb(V(0x1.4p-1, 0x1.3p+1, 0x1.5p+1), V(0x1.bp+1, 0x1.b2p+4, 0x1.b36p+8),
                      col_m3_cols(V(-0x1.6ab8e09acdacp-5, 0x1.fb2c5e4e57406p-1, -0x1.097d547d24f6ep-3),
                                  V(-0x1.f5ccf59d6f64p-6, 0x1.06de661a5c734p-3, 0x1.fb85d36c941ecp-1),
                                  V(0x1.ff41e71fbea76p-1, 0x1.88134e86c6a38p-5, 0x1.93f4dc8adc2cp-6)));
    col_shape b = Aabb(-0x1.f2p+8, -0x1.51f9cde070df4p+8, -0x1.0e3d287587ddp+6, 0x1.cc0000000001p+3,
                       -0x1.299cde070df3cp+4, -0x1.1b7a50eb0fbap+5);
    ASSERT_EQ(col_distance_method(a.kind, b.kind), 'g');
    col_distance_result ab = col_distance(&a, &b), ba = col_distance(&b, &a);
    ASSERT_EQ(ab.status, COL_MISS);
    ASSERT_EQ(ba.status, COL_MISS);
    EXPECT_NEAR(ab.distance, 4.53e-10, 1e-12);
    EXPECT_NEAR(ab.normal.z, 1.0, 1e-15);
    EXPECT_NEAR(ba.normal.z, -1.0, 1e-15);
    // the OBB's lowest point along the normal lies no lower than the AABB's top
    EXPECT_GE(Separation(a, b, ab.normal), 0.0);
}

// GJK ending on an edge of A - B: its witnesses' direction is the normal
// plus rounding along the edge. Two hulls 7.5e-9 apart at size 512 (the
// points as fuzz_distance's corpus gave them,
// fuzz/regressions/distance/gjk-normal-of-hulls-on-an-edge-of-their-difference)
// got a normal along which they overlapped by 1.6e-3; without its part
// along the edge it separates them by their distance.
TEST(Distance, TwoHullsAHairApartOnAnEdgeOfTheirDifferenceTakeItsNormal) {
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "the coordinates are doubles'";
    const col_vec3 pa[] = {V(0x1.ffep+8, 0x1.ecp+8, -0x1.f4p+8),  V(-0x1.f4p+8, -0x1.f4p+8, -0x1.f4p+8),
                           V(-0x1.f4p+8, -0x1.f4p+8, -0x1.f4p+8), V(-0x1.f4p+8, -0x1.f4p+8, -0x1.f4p+8),
                           V(-0x1.f4p+8, -0x1.f4p+8, -0x1.f4p+8), V(-0x1.e02p+8, 0x1.ffep+8, 0x1.ffep+8),
                           V(0x1.e02p+8, 0x1.ffep+8, 0x1.ffep+8), V(0x1.ffep+8, 0x1.ffep+8, 0x1.ffep+8)};
    const col_vec3 pb[] = {V(0x1.ffe0000016665p+8, 0x1.ffdfffffe926dp+8, 0x1.ffe000000072ep+8),
                           V(0x1.ffe0000016665p+8, 0x1.ffdfffffe926dp+8, 0x1.ffe000000072ep+8),
                           V(0x1.ffe0000016665p+8, 0x1.ffdfffffe926dp+8, 0x1.ffe000000072ep+8),
                           V(0x1.ffe0000016665p+8, 0x1.ebffffffe926dp+8, -0x1.f3ffffffff8d2p+8),
                           V(-0x1.f3ffffffe999bp+8, -0x1.f3c0000016d93p+8, -0x1.15fffffff8d1cp+4),
                           V(-0x1.9bffffff4ccd7p+5, -0x1.d1c0000016d93p+8, -0x1.dfffffffff8d2p+8),
                           V(-0x1.ffffffffe999bp+8, -0x1.000000000b6cap+9, -0x1.e01fffffff8d2p+8),
                           V(0x1.ffe0000016665p+8, 0x1.23ffffffe926dp+8, 0x1.840000000e5c7p+3)};
    ExpectHullsApartAlongTheirNormal(pa, pb, 7.45e-9); // (it was 1.6e-3 short)
}

// Where GJK stops on an edge of A - B short of the face beside it, the
// direction about the edge is off too: two hulls 3.7e-9 apart at size 512
// (fuzz_distance's finding, fuzz/regressions/distance/hulls-4e-9-apart-on-
// an-edge-normal-6e-3-short) got a normal along which they overlapped by
// 6.5e-3; the face of the edge and A - B's support toward the origin gives
// one that separates them by their distance.
TEST(Distance, TwoHullsAHairApartBesideAnEdgeTakeTheFaceGjkStoppedShortOf) {
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "the coordinates are doubles'";
    const col_vec3 pa[] = {V(0x1.ffep+8, 0x1.ffep+8, 0x1.ffep+8), V(0x1.ffep+8, 0x1.ffep+8, 0x1.ffep+8),
                           V(0x1.ffep+8, 0x1.ffep+8, 0x1.ffep+8), V(0x1.ffep+8, 0x1.ffep+8, 0x1.edcp+8),
                           V(-0x1p+9, -0x1p+9, -0x1p+9),          V(-0x1.e02p+8, 0x1.ffep+8, 0x1.ffep+8),
                           V(0x1.ffep+8, 0x1.ffep+8, 0x1.ffep+8), V(0x1.ffep+8, 0x1.ffep+8, 0x1.ffep+8)};
    const col_vec3 pb[] = {V(0x1.ffep+8, 0x1.ffdffffff4afbp+8, 0x1.ffe000000b505p+8),
                           V(0x1.ffep+8, 0x1.ffdffffff4afbp+8, 0x1.ffe000000b505p+8),
                           V(0x1.b6p+6, -0x1.c0000000b504fp+4, 0x1.1c40000016a0ap+7),
                           V(0x1.71p+5, 0x1.bdffffffa57d8p+5, 0x1.a000000016a0ap+7),
                           V(0x1.ec6p+8, -0x1.e6c0000016a0ap+7, 0x1.900000002d414p+6),
                           V(0x1.468p+8, 0x1.70ffffffa57d8p+5, 0x1.710000005a828p+5),
                           V(0x1.71p+5, 0x1.70ffffffa57d8p+5, 0x1.710000005a828p+5),
                           V(0x1.71p+5, 0x1.70ffffffa57d8p+5, 0x1.710000005a828p+5)};
    ExpectHullsApartAlongTheirNormal(pa, pb, 3.725e-9); // (it was 6.5e-3 short)
}

// Two hulls 2.9e-11 apart at size 1000: A flat in the plane x = y (but one
// corner 0.125 off it), B's edge along A's diagonal edge, a rounding across
// it. The witnesses' difference, 2e-11 long, holds its direction about the
// edges only to 5e-3 rad; the face of the edge and the support toward the
// origin did no better, and the normal came 3e-3 rad off A's face normal,
// along which the hulls overlapped by 0.059 (fuzz_distance's finding,
// fuzz/regressions/distance/parallel-edges-of-hulls-a-rounding-apart-normal-
// turned-about-them). Turned about the edge to the greatest separation, it
// is A's face normal and parts them by their distance.
TEST(Distance, HullsWithParallelEdgesARoundingApartTakeTheNormalTurnedAboutThem) {
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "the coordinates are doubles'";
    const col_vec3 pa[] = {V(0x1.ffep+8, 0x1.ffep+8, 0x1.e54p+8),
                           V(0x1.ffep+8, 0x1.ffep+8, 0x1.f42p+8),
                           V(-0x1.cbep+8, -0x1.cbep+8, -0x1.cbep+8),
                           V(-0x1.cbep+8, -0x1.cbep+8, -0x1.cbap+8),
                           V(-0x1.ccp+8, -0x1.cbep+8, -0x1.cbep+8),
                           V(0x1.ffep+8, 0x1.ffep+8, -0x1.ep+8),
                           V(-0x1p+9, -0x1p+9, -0x1p+9),
                           V(0x1.ffep+8, 0x1.ffep+8, 0x1.ffep+8)};
    const col_vec3 pb[] = {V(-0x1.dfffffffffe96p+8, -0x1.fee000000016ap+8, 0x1.1fep+8),
                           V(0x1.ffe000000016ap+8, 0x1.ffdfffffffe96p+8, 0x1.ffep+8),
                           V(0x1.5fe000000016ap+8, -0x1.4c800000005a8p+6, -0x1.fe2p+8),
                           V(-0x1.e1fffffffe95fp+4, -0x1.5e2000000016ap+8, -0x1p-3),
                           V(0x1.e52000000016ap+8, -0x1.202000000016ap+8, 0x1.ffep+8),
                           V(0x1.ffe000000016ap+8, 0x1.ebdfffffffe96p+8, 0x1.f3ep+8),
                           V(0x1.f3e000000016ap+8, 0x1.f3dfffffffe96p+8, 0x1.f3ep+8),
                           V(0x1.f3e000000016ap+8, 0x1.f3dfffffffe96p+8, 0x1.f3ep+8)};
    ExpectHullsApartAlongTheirNormal(pa, pb, 2.902e-11); // (it was 0.059 short)
    col_shape a = Polytope(pa, 8), b = Polytope(pb, 8);
    col_distance_result ab = col_distance(&a, &b);
    EXPECT_NEAR(std::fabs(ab.normal.x), std::sqrt(0.5), 1e-9);
    EXPECT_NEAR(ab.normal.x, -ab.normal.y, 1e-9);
    EXPECT_NEAR(ab.normal.z, 0.0, 1e-9);
}

// A point 4.2e-14 inside the face of a sliver hull 1700 long (by exact
// arithmetic on its 25 faces), which GJK calls 4.8e-12 apart (within its
// size tolerance; fuzz_distance, fuzz/regressions/distance/point-a-
// rounding-inside-a-face-of-a-sliver-hull): the plane of GJK's last face
// passes within rounding of the origin, so its side of the origin, which
// oriented the face's normal, is rounding; the witnesses' difference, kept,
// had the hull reach 1438 past the point. The face's normal in the sense
// that separates them now: to GJK's tolerance of the size.
TEST(Distance, APointARoundingInsideASliverHullsFaceHasANormalThatSeparates) {
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "the coordinates are doubles'";
    const col_vec3 pa[] = {V(0x1.ffep+8, 0x1.ffep+8, 0x1.e54p+8),    V(0x1.ffep+8, 0x1.ffep+8, 0x1.f42p+8),
                           V(-0x1.cbep+8, -0x1.cbep+8, -0x1.cbep+8), V(-0x1.cbep+8, -0x1.cbep+8, -0x1.cbap+8),
                           V(-0x1.cbep+8, -0x1.cbep+8, -0x1.cbep+8), V(0x1.ffep+8, 0x1.ffep+8, 0x1.ffep+8),
                           V(0x1.ffep+8, 0x1.ffep+8, 0x1.e02p+8),    V(-0x1.b6p+7, -0x1.b5cp+7, -0x1.b5cp+7)};
    col_shape hull = Polytope(pa, 8), pt = Point(-0x1.3e6a84a74b62p+8, -0x1.3e57b9baa4f66p+8, -0x1.3e3d4f93f1cdcp+8);
    col_distance_result ab = col_distance(&hull, &pt), ba = col_distance(&pt, &hull);
    ASSERT_NE(ab.status, COL_HIT); // apart to GJK, or touching
    ASSERT_NE(ba.status, COL_HIT);
    EXPECT_LE(ab.distance, 1e-11);
    EXPECT_GE(Separation(hull, pt, ab.normal), -1e-10); // (it was -1438)
    EXPECT_GE(Separation(pt, hull, ba.normal), -1e-10);
}

// Two boxes touching at a corner 4e-45 from the origin, one of them flat and
// 1.2e-54 long (a segment along x starting at the other, a point): touching
// to the distance and to the separating axes' penetration alike, at that
// scale and scaled by powers of two up to 2^300 (fuzz/regressions/distance/
// boxes-touching-at-1e-45-apart-to-the-separating-axes: the axes once found
// them apart, the long axis's overlap rounding below zero).
TEST(Distance, TinyBoxesTouchingAtACornerAreTouchingToDistanceAndPenetration) {
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "the coordinates are doubles'";
    const double x0 = -0x1.6b6b6b6b6b6b6p-148, x1 = -0x1.6b6b6b6b3b3b3p-148;
    for (int e = 0; e <= 300; e += 20) {
        const double s = std::ldexp(1.0, e);
        col_shape point = Aabb(s * x0, s * x0, s * x0, s * x0, s * x0, s * x0);
        col_shape flat = Aabb(s * x0, s * x0, s * x0, s * x1, s * x0, s * x0);
        for (int order = 0; order < 2; ++order) {
            const col_shape &a = order ? flat : point, &b = order ? point : flat;
            col_distance_result d = col_distance(&a, &b);
            col_penetration_result p = col_penetration(&a, &b);
            EXPECT_EQ(d.status, COL_HIT) << "2^" << e;
            EXPECT_EQ(d.distance, 0) << "2^" << e;
            EXPECT_EQ(p.status, COL_HIT) << "2^" << e;
            EXPECT_EQ(p.depth, 0) << "2^" << e;
            EXPECT_TRUE(col_overlap(&a, &b)) << "2^" << e;
        }
    }
}

// Pairs near the origin scaled down by 2^-k: GJK's and EPA's squared
// lengths and triple products underflow below about 1e-50, so col_distance
// and col_penetration scale a pair within TINY_PAIR (2^-100; 2^-16 in
// float) of the origin up by a power of two, exactly, and their answers
// back: the same answers as at size 1, scaled, bit for bit (a power of two
// commutes with every rounding; the way back may round in the subnormals).
// Before, a point 1.3e-162 off a flat hull of points 2e-158 from the origin
// was touching to col_distance (fuzz/regressions/distance/point-on-a-tiny-
// hull-apart-to-penetration).
TEST(Distance, TinyPairsNearTheOriginMeasureAsAtSizeOneScaled) {
    const col_vec3 hull[3] = {V(1, 1, 0.96875), V(1, 1, 0), V(0, 0, 0)},
                   tet[4] = {V(0, 0, 0), V(0.5, 0, 0), V(0, 0.5, 0), V(0, 0, 0.5)};
    const col_shape pairs[][2] = {
        {Point(1.001, 1, 0.5), Polytope(hull, 3)},                             // off the flat hull
        {Point(0.1, 0.1, 0.1), Polytope(tet, 4)},                              // inside the tetrahedron
        {Aabb(-0.5, -0.5, -0.5, 0.5, 0.5, 0.5), Sphere(0.75, 0.25, 0, 0.375)}, // overlapping
        {Aabb(-0.5, -0.5, -0.5, 0.5, 0.5, 0.5), Capsule(V(0.75, -0.5, 0), V(0.875, 0.5, 0.25), 0.125)},
        {Ellipsoid(0.25, 0, 0, 0.5, 0.25, 0.375), Polytope(tet, 4)},
        {Segment(V(-1, 0.25, 0.125), V(1, 0.25, 0.25)), Triangle(V(0, 0, 0), V(0.5, 0.75, 0), V(0, 0.5, 0.5))},
    };
    const bool is_float = sizeof(col_real) == sizeof(float);
    for (int k : is_float ? std::initializer_list<int>{20, 40, 60} : std::initializer_list<int>{120, 300, 600, 900}) {
        for (const auto &pr : pairs) {
            col_vec3 pts[2][4];
            col_shape s[2];
            for (int j = 0; j < 2; ++j) {
                s[j] = pr[j];
                const col_real f = static_cast<col_real>(std::ldexp(1.0, -k));
                auto down = [&](col_vec3 v) { return col_v3_scale(v, f); };
                switch (s[j].kind) {
                case COL_SHAPE_POINT: s[j].u.point.p = down(s[j].u.point.p); break;
                case COL_SHAPE_SEGMENT: s[j].u.segment = {down(s[j].u.segment.a), down(s[j].u.segment.b)}; break;
                case COL_SHAPE_TRIANGLE:
                    s[j].u.triangle = {down(s[j].u.triangle.a), down(s[j].u.triangle.b), down(s[j].u.triangle.c)};
                    break;
                case COL_SHAPE_SPHERE: s[j].u.sphere = {down(s[j].u.sphere.c), s[j].u.sphere.r * f}; break;
                case COL_SHAPE_CAPSULE:
                    s[j].u.capsule = {down(s[j].u.capsule.a), down(s[j].u.capsule.b), s[j].u.capsule.r * f};
                    break;
                case COL_SHAPE_AABB: s[j].u.aabb = {down(s[j].u.aabb.min), down(s[j].u.aabb.max)}; break;
                case COL_SHAPE_ELLIPSOID:
                    s[j].u.ellipsoid = {down(s[j].u.ellipsoid.c), down(s[j].u.ellipsoid.r)};
                    break;
                case COL_SHAPE_POLYTOPE:
                    for (int i = 0; i < s[j].u.polytope.count; ++i) pts[j][i] = down(s[j].u.polytope.points[i]);
                    s[j].u.polytope.points = pts[j];
                    break;
                default: FAIL();
                }
            }
            const std::string what = std::string(col_shape_kind_name(s[0].kind)) + "-" +
                                     col_shape_kind_name(s[1].kind) + " at 2^-" + std::to_string(k);
            const double f = std::ldexp(1.0, -k);
            col_distance_result d1 = col_distance(&pr[0], &pr[1]), dk = col_distance(&s[0], &s[1]);
            EXPECT_EQ(dk.status, d1.status) << what;
            EXPECT_EQ(static_cast<double>(dk.distance), static_cast<double>(d1.distance) * f) << what;
            EXPECT_EQ(static_cast<double>(dk.point_a.x), static_cast<double>(d1.point_a.x) * f) << what;
            EXPECT_EQ(dk.normal.y, d1.normal.y) << what;
            col_distance_result g1 = col_gjk_distance(&pr[0], &pr[1]), gk = col_gjk_distance(&s[0], &s[1]);
            EXPECT_EQ(gk.status, g1.status) << what;
            EXPECT_EQ(static_cast<double>(gk.distance), static_cast<double>(g1.distance) * f) << what;
            col_penetration_result p1 = col_penetration(&pr[0], &pr[1]), pk = col_penetration(&s[0], &s[1]);
            EXPECT_EQ(pk.status, p1.status) << what;
            EXPECT_EQ(static_cast<double>(pk.depth), static_cast<double>(p1.depth) * f) << what;
            EXPECT_EQ(pk.normal.z, p1.normal.z) << what;
            // (col_overlap's exact triangle tests take a triangle whose normal's
            // square underflows as its longest edge, base.h: not compared)
            if (s[1].kind != COL_SHAPE_TRIANGLE) {
                EXPECT_EQ(col_overlap(&s[0], &s[1]), col_overlap(&pr[0], &pr[1])) << what;
            }
        }
    }
}

// A point by a needle ellipsoid in the subnormals (fuzz_dynamic's input,
// fuzz/regressions/dynamic/tiny-pair-apart-by-less-than-a-subnormal): apart
// at size 1, by less than the least subnormal once scaled back. Apart still,
// by that least subnormal (a distance of 0 with COL_MISS broke the contract
// and a harness's division), as to col_penetration.
TEST(Distance, ATinyPairApartByLessThanTheLeastSubnormalIsThatFarApart) {
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "the coordinates are doubles'";
    const col_shape a = Ellipsoid(0x0.000000000006ep-1022, 0, 0x0.0000000fffap-1022, 0x0.000000000006ep-1022, 0,
                                  0x1.e401019004p-1015),
                    b = Point(0, 0, 0);
    for (int order = 0; order < 2; ++order) {
        const col_shape &x = order ? b : a, &y = order ? a : b;
        col_distance_result d = col_distance(&x, &y);
        col_penetration_result p = col_penetration(&x, &y);
        ASSERT_EQ(d.status, COL_MISS) << order;
        EXPECT_GT(d.distance, 0) << order;
        EXPECT_EQ(p.status, COL_MISS) << order;
        EXPECT_FALSE(col_overlap(&x, &y)) << order;
    }
}

// A segment (a capsule of radius 0) 2.2e-5 from the long edge of a thin
// triangle (0.125 high, 462 long) whose plane holds its end, moved 2^31 from
// the origin along each axis: the candidates' distances there are known to
// ulps of 2^31 (2.4e-7), and a tie band of 64 eps of it (3e-5) took the pair
// 5.2e-5 apart at -2^31 (fuzz_metamorphic's finding, fuzz/regressions/
// metamorphic/segment-by-a-thin-triangle-far-away-takes-a-pair-twice-as-far).
TEST(Distance, ASegmentByAThinTrianglesEdgeFarAwayKeepsItsDistance) {
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "the coordinates are doubles'";
    const col_shape t = Triangle(V(0x1.91p+5, 0x1.ffcp+8, 0x1.ffep+8), V(0x1.3fep+8, 0x1.ffcp+8, 0x1.ffep+8),
                                 V(0x1.ffep+8, 0x1.ffep+8, 0x1.ffep+8)),
                    c = Capsule(V(0x1.ffcp+8, 0x1.ffep+8, 0x1.ffep+8), V(0x1.a5ap+8, -0x1p+9, -0x1.5cap+8), 0);
    const double here = col_distance(&t, &c).distance;
    EXPECT_NEAR(here, 2.17716607e-5, 1e-12);
    for (double s : {-1.0, 1.0}) {
        const double o = s * 0x1p31;
        col_shape tf = Translated(t, V(o, o, o)), cf = Translated(c, V(o, o, o));
        col_distance_result d = col_distance(&tf, &cf);
        ASSERT_EQ(d.status, COL_MISS) << o;
        EXPECT_NEAR(d.distance, here, 32 * 2.220446049250313e-16 * 0x1p31) << o; // (it was 3.05e-5 off)
    }
}

// A ball 6e30 from a frustum of size 1e-2 near the origin, and its centre
// alone: the distance to the frustum's hull and to each of its faces'
// triangles is the centre's from the origin less the radius, to within the
// frustum's size (fuzz/regressions/static/frustum-huge-sphere-point-triangle-
// distance-zero: a point-triangle distance there was once 0, a hit; the
// frustum property's guard for such size ratios is gone).
TEST(Distance, ABallFarFromATinyFrustumIsThatFarFromItsHullAndFaces) {
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "the coordinates are doubles'";
    const double x = 0x1.6464646464646p+101, a = 0x1.99af73675eadfp-12, b = 0x1.99af73675eadfp-14,
                 c = 0x1.a67cef0299a36p-7, d = 0x1.a67cef0299a36p-9, z = 0x1.0800000000001p-1;
    const col_vec3 corners[8] = {V(a, b, 0x1p-6), V(a, -b, 0x1p-6), V(-a, b, 0x1p-6), V(-a, -b, 0x1p-6),
                                 V(c, d, z),      V(c, -d, z),      V(-c, d, z),      V(-c, -d, z)};
    col_shape hull = Polytope(corners, 8);
    for (double r : {0.0, x}) {
        col_shape ball = r > 0 ? Sphere(x, x, x, r) : Point(x, x, x);
        const double want = std::sqrt(3.0) * x - r; // the frustum within 1 of the origin
        col_distance_result h = col_distance(&ball, &hull);
        EXPECT_EQ(h.status, COL_MISS);
        EXPECT_NEAR(h.distance, want, 1e-12 * want);
        for (int i = 0; i < 8; ++i)
            for (int j = i + 1; j < 8; ++j)
                for (int k = j + 1; k < 8; ++k) {
                    col_shape t = Triangle(corners[i], corners[j], corners[k]);
                    col_distance_result e = col_distance(&ball, &t);
                    EXPECT_EQ(e.status, COL_MISS) << i << j << k;
                    EXPECT_NEAR(e.distance, want, 1e-12 * want) << i << j << k;
                }
    }
}
