// Swept tests: hand-derived contacts, the seed listings' defects pinned as
// regressions, the generic dispatch (swap symmetry, point sweep = ray cast),
// and a seeded property check of every sweep against the static tests.
#include <random>

#include "helpers.h"

using namespace ct;

namespace {

void ExpectSweep(const col_sweep_hit &h, double t0, double t1, col_vec3 n, double tol = Ulps(8)) {
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_NEAR(h.t0, t0, tol);
    EXPECT_NEAR(h.t1, t1, tol);
    EXPECT_NEAR(h.normal.x, n.x, tol);
    EXPECT_NEAR(h.normal.y, n.y, tol);
    EXPECT_NEAR(h.normal.z, n.z, tol);
    EXPECT_FALSE(h.initially_overlapping);
}

const col_vec3 kStill = {0, 0, 0};

} // namespace

TEST(SweepSpherePlane, FromEitherSide) {
    col_plane ground = col_plane_make(V(0, 0, 1), R(0));
    col_sphere s = {V(0, 0, 5), R(1)};
    ExpectSweep(col_sweep_sphere_plane(&s, V(0, 0, -8), &ground, kStill), 0.5, 0.75, V(0, 0, 1));
    col_sphere below = {V(0, 0, -5), R(1)};
    col_sweep_hit h = col_sweep_sphere_plane(&below, V(3, 0, 8), &ground, kStill);
    ExpectSweep(h, 0.5, 0.75, V(0, 0, -1));
    EXPECT_NEAR(h.point.x, 1.5, Ulps(2)); // the centre at t0 is (1.5, 0, -1); contact (1.5, 0, 0)
    EXPECT_NEAR(h.point.z, 0, Ulps(2));
    // the plane moving up to meet the sphere: the same times
    ExpectSweep(col_sweep_sphere_plane(&s, kStill, &ground, V(0, 0, 8)), 0.5, 0.75, V(0, 0, 1));
}

TEST(SweepSpherePlane, SeedDefectsArePinned) {
    col_plane ground = col_plane_make(V(0, 0, 1), R(0));
    col_sphere s = {V(0, 0, 5), R(1)};
    // receding and parallel motion never touch
    EXPECT_EQ(col_sweep_sphere_plane(&s, V(0, 0, 8), &ground, kStill).status, COL_MISS);
    EXPECT_EQ(col_sweep_sphere_plane(&s, V(9, 9, 0), &ground, kStill).status, COL_MISS);
    EXPECT_EQ(col_sweep_sphere_plane(&s, kStill, &ground, kStill).status, COL_MISS);
    // a contact beyond u = 1 is a miss (no roots outside [0, 1])
    EXPECT_EQ(col_sweep_sphere_plane(&s, V(0, 0, -3.5), &ground, kStill).status, COL_MISS);
    // ending exactly in contact is a hit at t0 = 1
    col_sweep_hit end = col_sweep_sphere_plane(&s, V(0, 0, -4), &ground, kStill);
    ASSERT_EQ(end.status, COL_HIT);
    EXPECT_EQ(end.t0, R(1));
    // touching at the start is initial overlap, from either side
    col_sphere touching = {V(0, 0, 1), R(1)};
    col_sweep_hit t = col_sweep_sphere_plane(&touching, V(0, 0, 3), &ground, kStill);
    ASSERT_EQ(t.status, COL_HIT);
    EXPECT_TRUE(t.initially_overlapping);
    EXPECT_EQ(t.t0, R(0));
    EXPECT_EQ(t.t1, R(0)); // moving away at once
    EXPECT_EQ(t.normal.z, R(1));
    col_sphere under = {V(0, 0, -0.5), R(1)};
    t = col_sweep_sphere_plane(&under, V(0, 0, -3), &ground, kStill);
    EXPECT_TRUE(t.initially_overlapping);
    EXPECT_NEAR(t.t1, 0.5 / 3, Ulps(1));
    EXPECT_EQ(t.normal.z, R(-1));
    col_sphere centred = {V(0, 0, 0), R(1)};
    EXPECT_EQ(col_v3_len_sq(col_sweep_sphere_plane(&centred, kStill, &ground, kStill).normal), R(0));
}

TEST(SweepSphereSphere, HeadOnGrazingAndStill) {
    col_sphere a = {V(-5, 0, 0), R(1)}, b = {V(0, 0, 0), R(1)};
    col_sweep_hit h = col_sweep_sphere_sphere(&a, V(8, 0, 0), &b, kStill);
    ExpectSweep(h, 0.375, 0.875, V(-1, 0, 0));
    EXPECT_NEAR(h.point.x, -1, Ulps(2));
    // both moving: only the relative motion matters for the times; the point moves with B
    h = col_sweep_sphere_sphere(&a, V(4, 0, 0), &b, V(-4, 0, 0));
    ExpectSweep(h, 0.375, 0.875, V(-1, 0, 0));
    EXPECT_NEAR(h.point.x, -2.5, Ulps(4));
    // grazing: the centres pass exactly 2 apart
    col_sphere g = {V(-5, 2, 0), R(1)};
    col_sweep_hit gh = col_sweep_sphere_sphere(&g, V(10, 0, 0), &b, kStill);
    ASSERT_EQ(gh.status, COL_HIT);
    EXPECT_NEAR(gh.t0, 0.5, Ulps(4));
    EXPECT_NEAR(gh.t1, 0.5, Ulps(4));
    EXPECT_NEAR(gh.normal.y, 1, Ulps(4));
    col_sphere g2 = {V(-5, 2 + kGap, 0), R(1)};
    EXPECT_EQ(col_sweep_sphere_sphere(&g2, V(10, 0, 0), &b, kStill).status, COL_MISS);
}

TEST(SweepSphereSphere, SeedDefectsArePinned) {
    col_sphere a = {V(-5, 0, 0), R(1)}, b = {V(0, 0, 0), R(1)};
    // no relative motion: the static test, no division by zero
    EXPECT_EQ(col_sweep_sphere_sphere(&a, V(3, 3, 3), &b, V(3, 3, 3)).status, COL_MISS);
    col_sphere near = {V(-1.5, 0, 0), R(1)};
    col_sweep_hit still = col_sweep_sphere_sphere(&near, V(1, 1, 1), &b, V(1, 1, 1));
    ASSERT_EQ(still.status, COL_HIT);
    EXPECT_TRUE(still.initially_overlapping);
    EXPECT_EQ(still.t1, R(1));
    EXPECT_EQ(still.normal.x, R(-1));
    // receding spheres are not a hit (the seed reports the negative root)
    EXPECT_EQ(col_sweep_sphere_sphere(&a, V(-8, 0, 0), &b, kStill).status, COL_MISS);
    // a contact at u = 1.5 is outside [0, 1]
    EXPECT_EQ(col_sweep_sphere_sphere(&a, V(2, 0, 0), &b, kStill).status, COL_MISS);
    // coincident centres: overlap, normal undefined -> zero
    col_sweep_hit same = col_sweep_sphere_sphere(&b, kStill, &b, kStill);
    EXPECT_TRUE(same.initially_overlapping);
    EXPECT_EQ(col_v3_len_sq(same.normal), R(0));
}

TEST(SweepAabbAabb, EntryExitAndNormal) {
    col_aabb a = {V(0, 0, 0), V(1, 1, 1)}, b = {V(3, 0, 0), V(4, 1, 1)};
    col_sweep_hit h = col_sweep_aabb_aabb(&a, V(4, 0, 0), &b, kStill);
    ExpectSweep(h, 0.5, 1, V(-1, 0, 0));
    EXPECT_NEAR(h.point.x, 3, Ulps(4)); // centre of the touching face at t0
    EXPECT_NEAR(h.point.y, 0.5, Ulps(4));
    // ending exactly in contact
    h = col_sweep_aabb_aabb(&a, V(2, 0, 0), &b, kStill);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_EQ(h.t0, R(1));
    // diagonal approach: the last axis to touch gives the normal
    col_aabb c = {V(3, 2.5, 0), V(4, 3.5, 1)};
    h = col_sweep_aabb_aabb(&a, V(4, 2, 0), &c, kStill); // x touches at 0.5, y at 0.75
    ExpectSweep(h, 0.75, 1, V(0, -1, 0));
}

TEST(SweepAabbAabb, SeedDefectsArePinned) {
    col_aabb a = {V(0, 0, 0), V(1, 1, 1)};
    // Separated on y with zero relative y velocity: the listing reports overlap; it never happens.
    col_aabb b = {V(3, 5, 0), V(4, 6, 1)};
    EXPECT_EQ(col_sweep_aabb_aabb(&a, V(4, 0, 0), &b, kStill).status, COL_MISS);
    // no relative motion at all: the static test
    EXPECT_EQ(col_sweep_aabb_aabb(&a, V(1, 1, 1), &b, V(1, 1, 1)).status, COL_MISS);
    col_aabb touching = {V(1, 0, 0), V(2, 1, 1)};
    col_sweep_hit t = col_sweep_aabb_aabb(&a, kStill, &touching, kStill);
    ASSERT_EQ(t.status, COL_HIT);
    EXPECT_TRUE(t.initially_overlapping);
    EXPECT_EQ(t.t1, R(1));
    EXPECT_EQ(t.normal.x, R(-1)); // least penetration along x, toward A
    // contact only after u = 1
    col_aabb far = {V(10, 0, 0), V(11, 1, 1)};
    EXPECT_EQ(col_sweep_aabb_aabb(&a, V(4, 0, 0), &far, kStill).status, COL_MISS);
    // moving apart
    EXPECT_EQ(col_sweep_aabb_aabb(&a, V(-4, 0, 0), &far, kStill).status, COL_MISS);
}

TEST(SweepAabbAabb, EntryTimeRoundingToZeroStillHasANormal) {
    // A gap of a denormal crossed at a large speed: the entry time underflows to 0.
    // (In float, motions are capped at 2^30, so the entry time cannot underflow.)
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "needs a motion beyond the float range";
    col_aabb a = {V(0, 0, 0), V(0, 1, 1)};
    col_aabb b = {V(std::numeric_limits<double>::denorm_min(), 0, 0), V(2, 1, 1)};
    col_sweep_hit h = col_sweep_aabb_aabb(&a, V(1e40, 0, 0), &b, kStill);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_FALSE(h.initially_overlapping);
    EXPECT_EQ(h.normal.x, R(-1));
}

TEST(SweepSphereAabb, FaceEdgeAndCornerRegions) {
    col_aabb box = {V(0, 0, 0), V(1, 1, 1)};
    col_sphere s = {V(-2, 0.5, 0.5), R(0.5)};
    col_sweep_hit h = col_sweep_sphere_aabb(&s, V(4, 0, 0), &box, kStill);
    ExpectSweep(h, 0.375, 0.875, V(-1, 0, 0));
    EXPECT_NEAR(h.point.x, 0, Ulps(2));
    // edge region: the centre runs along x = y toward the edge x = y = 0
    col_sphere e = {V(-2, -2, 0.5), R(0.5)};
    h = col_sweep_sphere_aabb(&e, V(4, 4, 0), &box, kStill);
    double r2 = std::sqrt(2.0);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_NEAR(h.t0, (2 - 0.5 / r2) / 4, Ulps(8));
    EXPECT_NEAR(h.normal.x, -1 / r2, Ulps(8));
    EXPECT_NEAR(h.normal.y, -1 / r2, Ulps(8));
    EXPECT_NEAR(h.point.x, 0, Ulps(8));
    // corner region: along the diagonal toward (1, 1, 1)
    col_sphere c = {V(3, 3, 3), R(0.5)};
    h = col_sweep_sphere_aabb(&c, V(-4, -4, -4), &box, kStill);
    double r3 = std::sqrt(3.0);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_NEAR(h.t0, (2 - 0.5 / r3) / 4, Ulps(8));
    EXPECT_NEAR(h.normal.z, 1 / r3, Ulps(8));
    // passing the edge's rounded region just outside: the grown box is hit, the capsule is not
    col_sphere miss = {V(-2, -0.25, 1.5), R(0.5)}; // centre line y = -0.25, z = 1.5: 0.559 from the edge
    EXPECT_EQ(col_sweep_sphere_aabb(&miss, V(4, 0, 0), &box, kStill).status, COL_MISS);
    col_sphere graze = {V(-2, -0.3, 1.4), R(0.5)}; // (0.3, 0.4) from the edge: exactly 0.5
    h = col_sweep_sphere_aabb(&graze, V(4, 0, 0), &box, kStill);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_NEAR(h.normal.y, -0.6, 1e-6);
    EXPECT_NEAR(h.normal.z, 0.8, 1e-6);
}

TEST(SweepSphereTriangle, FaceEdgeVertexAndParallel) {
    col_triangle t = {V(0, 0, 0), V(2, 0, 0), V(0, 2, 0)};
    col_sphere s = {V(0.5, 0.5, 3), R(1)};
    col_sweep_hit h = col_sweep_sphere_triangle(&s, V(0, 0, -4), &t, kStill);
    ExpectSweep(h, 0.5, 1, V(0, 0, 1));
    EXPECT_NEAR(h.point.z, 0, Ulps(4));
    EXPECT_NEAR(h.point.x, 0.5, Ulps(4));
    // from below, through the back face
    col_sphere under = {V(0.5, 0.5, -3), R(1)};
    ExpectSweep(col_sweep_sphere_triangle(&under, V(0, 0, 4), &t, kStill), 0.5, 1, V(0, 0, -1));
    // toward the edge ab from -y in its plane: contact when the centre is 1 from y = 0
    col_sphere side = {V(1, -3, 0), R(1)};
    h = col_sweep_sphere_triangle(&side, V(0, 4, 0), &t, kStill);
    ExpectSweep(h, 0.5, 1, V(0, -1, 0));
    // toward vertex b along +x
    col_sphere tip = {V(5, 0, 0), R(1)};
    ExpectSweep(col_sweep_sphere_triangle(&tip, V(-4, 0, 0), &t, kStill), 0.5, 1, V(1, 0, 0));
    // sliding parallel above the face at height exactly r: touching all the way (initial overlap)
    col_sphere slide = {V(-3, 0.5, 1), R(1)};
    h = col_sweep_sphere_triangle(&slide, V(8, 0, 0), &t, kStill);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_NEAR(h.t0, 3.0 / 8, Ulps(4)); // touches once the centre is over the edge x = 0
    col_sphere above = {V(-3, 0.5, 1 + kGap), R(1)};
    EXPECT_EQ(col_sweep_sphere_triangle(&above, V(8, 0, 0), &t, kStill).status, COL_MISS);
}

TEST(SweepCapsulePlane, NearerEndpointTouchesFirst) {
    col_plane ground = col_plane_make(V(0, 0, 1), R(0));
    col_capsule c = {V(0, 0, 3), V(2, 0, 5), R(1)}; // lower end at z = 3
    col_sweep_hit h = col_sweep_capsule_plane(&c, V(0, 0, -4), &ground, kStill);
    ExpectSweep(h, 0.5, 1, V(0, 0, 1));
    EXPECT_NEAR(h.point.x, 0, Ulps(2));
    EXPECT_NEAR(h.point.z, 0, Ulps(2));
    col_capsule flat = {V(0, 0, 3), V(2, 0, 3), R(1)};
    h = col_sweep_capsule_plane(&flat, V(0, 0, -4), &ground, kStill);
    ExpectSweep(h, 0.5, 1, V(0, 0, 1));
    EXPECT_NEAR(h.point.x, 1, Ulps(2)); // lying flat: the midpoint
    col_capsule below = {V(0, 0, -3), V(2, 0, -5), R(1)};
    ExpectSweep(col_sweep_capsule_plane(&below, V(0, 0, 4), &ground, kStill), 0.5, 1, V(0, 0, -1));
    EXPECT_EQ(col_sweep_capsule_plane(&c, V(5, 0, 0), &ground, kStill).status, COL_MISS); // parallel
    EXPECT_EQ(col_sweep_capsule_plane(&c, V(0, 0, 1), &ground, kStill).status, COL_MISS); // receding
    col_capsule across = {V(0, 0, -1), V(0, 0, 1), R(0.25)};
    col_sweep_hit x = col_sweep_capsule_plane(&across, V(0, 0, 5), &ground, kStill);
    EXPECT_TRUE(x.initially_overlapping);
    EXPECT_NEAR(x.t1, 1.25 / 5, Ulps(1));
}

TEST(SweepDispatch, PointSweepIsTheRayCast) {
    col_shape box = Aabb(0, 0, 0, 1, 1, 1), p = Point(-1, 0.5, 0.5);
    col_sweep_hit h = col_sweep(&p, V(4, 0, 0), &box, kStill);
    col_ray r = {V(-1, 0.5, 0.5), V(4, 0, 0), R(1)};
    col_ray_hit rh = col_raycast(&box, &r);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_EQ(h.t0, rh.t);
    EXPECT_EQ(h.normal.x, rh.normal.x);
    EXPECT_EQ(h.t1, R(0.5)); // leaves at x = 1
    // against every 3D kind
    for (const col_shape &s :
         {Point(1, 0.5, 0.5), Segment(V(1, 0, 0.5), V(1, 1, 0.5)), Triangle(V(1, -1, -1), V(1, 2, -1), V(1, 0, 2)),
          Plane(1, 0, 0, 1), Sphere(2, 0.5, 0.5, 1), Capsule(V(2, -1, 0.5), V(2, 2, 0.5), 1), Aabb(1, 0, 0, 2, 1, 1),
          Obb(V(1.5, 0.5, 0.5), V(0.5, 0.5, 0.5), col_m3_identity()), Ellipsoid(2, 0.5, 0.5, 1, 1, 1)}) {
        EXPECT_TRUE(col_sweep_supported(COL_SHAPE_POINT, s.kind));
        col_sweep_hit sh = col_sweep(&p, V(4, 0, 0), &s, kStill);
        ASSERT_EQ(sh.status, COL_HIT) << col_shape_kind_name(s.kind);
        EXPECT_NEAR(sh.t0, 0.5, Ulps(4)) << col_shape_kind_name(s.kind);
    }
}

TEST(SweepDispatch, SwappingReversesTheNormalOnly) {
    col_shape s = Sphere(-2, 0.5, 0.5, 0.5), box = Aabb(0, 0, 0, 1, 1, 1);
    col_sweep_hit ab = col_sweep(&s, V(4, 0, 0), &box, V(1, 0, 0));
    col_sweep_hit ba = col_sweep(&box, V(1, 0, 0), &s, V(4, 0, 0));
    ASSERT_EQ(ab.status, COL_HIT);
    EXPECT_EQ(ab.t0, ba.t0);
    EXPECT_EQ(ab.t1, ba.t1);
    EXPECT_EQ(ab.point.x, ba.point.x);
    EXPECT_EQ(ab.normal.x, -ba.normal.x);
    EXPECT_TRUE(col_sweep_supported(COL_SHAPE_PLANE, COL_SHAPE_CAPSULE));
    // pairs without a closed form go through the general sweep
    EXPECT_TRUE(col_sweep_supported(COL_SHAPE_OBB, COL_SHAPE_OBB));
    EXPECT_FALSE(col_sweep_supported(COL_SHAPE_PLANE, COL_SHAPE_PLANE));
    EXPECT_FALSE(col_sweep_supported(COL_SHAPE_OBB, COL_SHAPE_RECT));
    col_shape o = Obb(V(0, 0, 0), V(1, 1, 1), col_m3_identity());
    EXPECT_EQ(col_sweep(&o, kStill, &o, kStill).status, COL_HIT);
    col_shape pl = Plane(0, 0, 1, 0);
    EXPECT_EQ(col_sweep(&pl, kStill, &pl, kStill).status, COL_INVALID);
}

TEST(SweepDispatch, HostileInputIsInvalid) {
    col_shape s = Sphere(0, 0, 0, 1), pl = Plane(0, 0, 1, -5);
    EXPECT_EQ(col_sweep(&s, V(kNaN, 0, 0), &pl, kStill).status, COL_INVALID);
    EXPECT_EQ(col_sweep(&s, kStill, &pl, V(0, kInf, 0)).status, COL_INVALID);
    col_shape bad = Sphere(0, 0, 0, -1);
    EXPECT_EQ(col_sweep(&bad, V(0, 0, -10), &pl, kStill).status, COL_INVALID);
}

// At t0 the shapes touch: overlapping at the middle of [t0, t1] and not before t0
// (beyond a small time margin); a miss means no overlap at u = 0, 1 and samples between.
TEST(SweepProperties, AgreeWithTheStaticTests) {
    std::mt19937_64 rng(0x5ee9);
    auto U = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
    auto Vec = [&](double lo, double hi) { return V(U(lo, hi), U(lo, hi), U(lo, hi)); };
    auto moved = [](col_shape s, col_vec3 d, double u) { return Translated(s, col_v3_scale(d, R(u))); };
    const double margin = sizeof(col_real) == sizeof(float) ? 1e-3 : 1e-7;
    int hits = 0, total = 0;
    for (int i = 0; i < 6000; ++i) {
        col_shape a, b;
        switch (i % 6) {
        case 0:
            a = Sphere(0, 0, 0, U(0.1, 1));
            b = Plane(U(-1, 1), U(-1, 1), U(-1, 1), U(-1, 1));
            break;
        case 1:
            a = Sphere(0, 0, 0, U(0.1, 1));
            b = Sphere(0, 0, 0, U(0.1, 1));
            break;
        case 2: {
            col_vec3 c = Vec(-1, 1), e = Vec(0.1, 1);
            a = Aabb(c.x - e.x, c.y - e.y, c.z - e.z, c.x + e.x, c.y + e.y, c.z + e.z);
            c = Vec(-1, 1), e = Vec(0.1, 1);
            b = Aabb(c.x - e.x, c.y - e.y, c.z - e.z, c.x + e.x, c.y + e.y, c.z + e.z);
            break;
        }
        case 3: {
            a = Sphere(0, 0, 0, U(0.1, 1));
            col_vec3 c = Vec(-1, 1), e = Vec(0.1, 1);
            b = Aabb(c.x - e.x, c.y - e.y, c.z - e.z, c.x + e.x, c.y + e.y, c.z + e.z);
            break;
        }
        case 4:
            a = Sphere(0, 0, 0, U(0.1, 1));
            b = Triangle(Vec(-1.5, 1.5), Vec(-1.5, 1.5), Vec(-1.5, 1.5));
            break;
        default: a = Capsule(Vec(-1, 1), Vec(-1, 1), U(0.1, 0.5)); b = Plane(U(-1, 1), U(-1, 1), U(-1, 1), U(-1, 1));
        }
        a = Translated(a, Vec(-3, 3));
        col_vec3 da = Vec(-6, 6), db = Vec(-1, 1);
        col_sweep_hit h = col_sweep(&a, da, &b, db);
        ASSERT_EQ(h.status == COL_INVALID, false) << i;
        ++total;
        if (h.status == COL_HIT) {
            ++hits;
            ASSERT_TRUE(h.t0 >= 0 && h.t0 <= h.t1 && h.t1 <= 1) << i;
            ASSERT_TRUE(std::isfinite(h.point.x) && std::isfinite(h.normal.x)) << i;
            double mid = (static_cast<double>(h.t0) + h.t1) / 2;
            if (h.t1 - h.t0 > 2 * margin) {
                EXPECT_TRUE(Overlap(moved(a, da, mid), moved(b, db, mid))) << "case " << i << " mid " << mid;
            }
            if (!h.initially_overlapping && h.t0 > margin) {
                EXPECT_FALSE(Overlap(moved(a, da, h.t0 - margin), moved(b, db, h.t0 - margin))) << "case " << i;
            }
            if (h.t1 < 1 - margin) {
                EXPECT_FALSE(Overlap(moved(a, da, h.t1 + margin), moved(b, db, h.t1 + margin))) << "case " << i;
            }
            EXPECT_NEAR(col_v3_len(h.normal), h.initially_overlapping ? col_v3_len(h.normal) : 1, 1e-5) << i;
        } else {
            for (int k = 0; k <= 16; ++k)
                EXPECT_FALSE(Overlap(moved(a, da, k / 16.0), moved(b, db, k / 16.0)))
                    << "case " << i << " sample " << k;
        }
    }
    EXPECT_GT(hits, total / 5);
    EXPECT_LT(hits, total * 4 / 5);
}

TEST(SweepFarFromTheOrigin, SameTimesTwoToTheTwentyAway) {
    // Dyadic scenes moved by 2^20: every sweep works on differences, so the times are identical.
    col_vec3 far = V(1048576, -1048576, 1048576);
    const col_shape pairs[][2] = {
        {Sphere(-5, 0, 0, 1), Sphere(0, 0.5, 0, 1)},
        {Aabb(0, 0, 0, 1, 1, 1), Aabb(3, 0.5, 0, 4, 1.5, 1)},
        {Sphere(-2, 0.25, 0.5, 0.5), Aabb(0, 0, 0, 1, 1, 1)},
        {Sphere(0.5, 0.5, 3, 1), Triangle(V(0, 0, 0), V(2, 0, 0), V(0, 2, 0))},
        {Point(-1, 0.5, 0.5), Aabb(0, 0, 0, 1, 1, 1)},
    };
    const col_vec3 da = V(8, 0.5, -4);
    int hits = 0;
    for (const auto &pr : pairs) {
        col_sweep_hit here = col_sweep(&pr[0], da, &pr[1], kStill);
        col_shape a = Translated(pr[0], far), b = Translated(pr[1], far);
        col_sweep_hit there = col_sweep(&a, da, &b, kStill);
        ASSERT_EQ(here.status, there.status)
            << col_shape_kind_name(pr[0].kind) << "-" << col_shape_kind_name(pr[1].kind);
        EXPECT_EQ(here.t0, there.t0) << col_shape_kind_name(pr[0].kind) << "-" << col_shape_kind_name(pr[1].kind);
        EXPECT_EQ(here.t1, there.t1) << col_shape_kind_name(pr[0].kind) << "-" << col_shape_kind_name(pr[1].kind);
        if (here.status == COL_HIT) {
            ++hits;
            EXPECT_NEAR(there.point.x - far.x, here.point.x, Ulps(1048576, 2));
        }
    }
    EXPECT_GE(hits, 3);
}

TEST(SweepFarFromTheOrigin, SphereOntoAPlaneAtAMillion) {
    col_plane pl = col_plane_make(V(0, 0, 1), R(1e6));
    col_sphere s = {V(1e6, 1e6, 1e6 + 5), R(1)};
    col_sweep_hit h = col_sweep_sphere_plane(&s, V(0, 0, -8), &pl, kStill);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_NEAR(h.t0, 0.5, Ulps(1e6, 4) / 8);
    EXPECT_NEAR(h.point.z, 1e6, Ulps(1e6, 4));
}
