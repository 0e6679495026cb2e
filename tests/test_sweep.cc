// Swept tests: hand-derived contacts, the seed listings' defects pinned as
// regressions, the generic dispatch (swap symmetry, point sweep = ray cast),
// and a seeded property check of every sweep against the static tests.
// Also the internal normalizations the closed-form casts use (geom.h).
#include <cstring>
#include <random>

#include "helpers.h"

extern "C" {
#include "exact.h"
#include "geom.h"
#include "ray.h"
}

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

// The point divides the centres' segment in the ratio of the radii: where
// the spheres touch, and inside both where they start overlapping (B's
// surface toward A is outside a small A deep inside B); and exchanging A and
// B gives the same bits with the normal reversed (so col_sweep orders no
// pair of spheres), on random pairs near the origin and 2^30 away, starts
// apart and overlapping, radii zero or subnormal.
TEST(SweepSphereSphere, ThePointIsInBothAndTheSameBitsEitherWay) {
    col_sphere small = {V(0.25, 0, 0), R(0.5)}, big = {V(0, 0, 0), R(3)};
    col_sweep_hit in = col_sweep_sphere_sphere(&small, V(0, 1, 0), &big, kStill);
    ASSERT_TRUE(in.initially_overlapping);
    EXPECT_LE(col_v3_len(col_v3_sub(in.point, small.c)), small.r);
    EXPECT_LE(col_v3_len(in.point), big.r);
    EXPECT_NEAR(in.point.x, 0.25 * 3 / 3.5, Ulps(4)); // 0.25 at ratio 3 : 0.5 from A's centre
    col_sphere a = {V(-5, 0, 0), R(1)}, b = {V(0, 0, 0), R(3)};
    col_sweep_hit h = col_sweep_sphere_sphere(&a, V(8, 0, 0), &b, kStill);
    ExpectSweep(h, 0.125, 1, V(-1, 0, 0));
    EXPECT_NEAR(h.point.x, -3, Ulps(4)); // A's centre at -4 at t0: 1 from it, 3 from B's
    std::mt19937_64 rng(31);
    std::uniform_real_distribution<double> u(-1, 1);
    const double tiny = std::numeric_limits<col_real>::denorm_min();
    int hits = 0, overlaps = 0;
    for (double off : {0.0, 1073741824.0})
        for (int i = 0; i < 5000; ++i) {
            col_sphere p = {V(off + 4 * u(rng), 4 * u(rng), 4 * u(rng)), R(1 + u(rng))};
            col_sphere q = {V(off + 4 * u(rng), 4 * u(rng), 4 * u(rng)), R(1 + u(rng))};
            if (i % 13 == 0) p.r = R(0);
            if (i % 17 == 0) p.r = q.r = R(3 * tiny);
            col_vec3 dp = V(8 * u(rng), 8 * u(rng), 8 * u(rng)), dq = i % 5 ? V(2 * u(rng), 0, 0) : kStill;
            col_sweep_hit x = col_sweep_sphere_sphere(&p, dp, &q, dq), y = col_sweep_sphere_sphere(&q, dq, &p, dp);
            ASSERT_EQ(x.status, y.status) << i;
            if (x.status != COL_HIT) continue;
            ASSERT_EQ(x.initially_overlapping, y.initially_overlapping) << i;
            const col_real fx[] = {x.t0, x.t1, x.point.x, x.point.y, x.point.z, x.normal.x, x.normal.y, x.normal.z};
            const col_real fy[] = {y.t0, y.t1, y.point.x, y.point.y, y.point.z, -y.normal.x, -y.normal.y, -y.normal.z};
            for (int k = 0; k < 8; ++k) ASSERT_EQ(fx[k], fy[k]) << i << " field " << k;
            // through col_sweep, which now takes the pair as given: the same
            col_shape sp = Sphere(p.c.x, p.c.y, p.c.z, p.r), sq = Sphere(q.c.x, q.c.y, q.c.z, q.r);
            col_sweep_hit z = col_sweep(&sq, dq, &sp, dp);
            ASSERT_EQ(0, std::memcmp(&z.point, &y.point, sizeof z.point)) << i;
            ASSERT_EQ(0, std::memcmp(&z.normal, &y.normal, sizeof z.normal)) << i;
            ++hits;
            overlaps += x.initially_overlapping;
        }
    EXPECT_GT(hits, 800) << overlaps;
    EXPECT_GT(overlaps, 100);
    EXPECT_LT(overlaps, hits - 200);
}

// The sphere sweep's one quadratic (col__sphere_sweep_cast) against the two
// casts it replaces: the forward cast bit for bit (status, t, normal,
// inside), and the exit within a few ulps of the cast backwards from the end
// (1 - its entry; 1 where the end is inside), on starts outside and inside,
// receding, grazing and still rays, near the origin and 2^20 away.
TEST(SweepSphereSphere, OneQuadraticIsTheForwardCastAndTheBackwardOne) {
    std::mt19937_64 rng(29);
    std::uniform_real_distribution<double> u(-1, 1);
    int hits = 0, inside = 0, n = 0, decided = 0;
    for (double off : {0.0, 1048576.0})
        for (int i = 0; i < 20000; ++i) {
            col_vec3 p = V(off + 4 * u(rng), 4 * u(rng), 4 * u(rng)), v = V(8 * u(rng), 8 * u(rng), 8 * u(rng));
            if (i % 7 == 0) v = V(0, 0, 0);
            if (i % 11 == 0) v = col_v3_scale(p, R(-2 * (u(rng) + 1))); // head-on, ending inside or beyond
            p = col_v3_sub(p, V(off, 0, 0));
            col_real radius = R(0.5 + 2 * (u(rng) + 1));
            col_ray fwd = {p, v, R(1)};
            col_ray_hit f, g = col__raycast_sphere_at(&fwd, V(0, 0, 0), radius);
            col_real t1 = -1;
            int sure = -1;
            if (!col__sphere_sweep_cast(&fwd, V(0, 0, 0), radius, &f, &t1, &sure)) continue;
            ++n;
            // its certificate: never against the exact test, and decisive
            // wherever col__ball_sure is (the same bounds)
            col_vec3 end;
            ASSERT_TRUE(col__ray_end(&fwd, &end));
            bool meets = col__segment_meets_ball(p, end, V(0, 0, 0), radius, R(0));
            ASSERT_TRUE(sure == 2 || sure == (meets ? 1 : 0)) << i;
            int alone = col__ball_sure(&fwd, end, V(0, 0, 0), radius);
            ASSERT_TRUE(alone == 2 || sure == alone) << i;
            decided += sure != 2;
            if (sure == 0) continue; // (f unwritten: the sweep's miss)
            ASSERT_EQ(f.status, g.status) << i;
            ASSERT_EQ(f.inside, g.inside) << i;
            if (f.status != COL_HIT) continue;
            ASSERT_EQ(0, std::memcmp(&f.t, &g.t, sizeof f.t)) << i;
            ASSERT_EQ(0, std::memcmp(&f.normal, &g.normal, sizeof f.normal)) << i;
            ++hits;
            inside += f.inside;
            col_ray back = {col_v3_add(p, v), col_v3_neg(v), R(1)};
            col_ray_hit e = col__raycast_sphere_t(&back, V(0, 0, 0), radius);
            col_real old = e.status == COL_HIT ? R(1) - e.t : f.t;
            old = old < f.t ? f.t : old;
            ASSERT_GE(t1, f.t) << i;
            ASSERT_LE(t1, R(1)) << i;
            // the two exits differ by the roundings of two quadratics: a few
            // ulps of the times, more where the chord is a graze (the root's
            // slope), so relative to the motion's scale
            ASSERT_NEAR(t1, old, 64 * std::numeric_limits<col_real>::epsilon() * (1 + col_v3_len(p) / radius))
                << i << " t0 " << f.t;
        }
    EXPECT_GT(n, 30000);
    EXPECT_GT(hits, n / 5);
    EXPECT_GT(inside, n / 20);
    EXPECT_GT(decided, n * 9 / 10);
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

// A sphere moving exactly along an edge's line at exactly r from it: the
// edge's cylinder has no side to enter (the motion across its axis is 0,
// its roots' reciprocal infinite, never a division by zero), so the corner
// balls time the graze: in at a's (the centre at x = 0, t0 = 3/8), out at
// b's (x = 4, t1 = 7/8), the normal from a. An ulp thinner: apart all the
// way, exactly.
TEST(SweepSphereTriangle, AlongAnEdgesLineTheCornersTimeTheGraze) {
    col_triangle t = {V(0, 0, 0), V(4, 0, 0), V(0, 4, 0)};
    col_sphere s = {V(-3, -1, 0), R(1)};
    col_sweep_hit h = col_sweep_sphere_triangle(&s, V(8, 0, 0), &t, kStill);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_FALSE(h.initially_overlapping);
    EXPECT_NEAR(h.t0, 3.0 / 8, Ulps(4));
    EXPECT_NEAR(h.t1, 7.0 / 8, Ulps(4));
    EXPECT_NEAR(h.normal.x, 0, Ulps(4));
    EXPECT_NEAR(h.normal.y, -1, Ulps(4));
    EXPECT_NEAR(h.normal.z, 0, Ulps(4));
    EXPECT_NEAR(h.point.x, 0, Ulps(4));
    EXPECT_NEAR(h.point.y, 0, Ulps(4));
    col_sphere thinner = {s.c, std::nextafter(R(1), R(0))};
    EXPECT_EQ(col_sweep_sphere_triangle(&thinner, V(8, 0, 0), &t, kStill).status, COL_MISS);
    // the same graze with the triangle moving instead (the relative motion exactly the same)
    h = col_sweep_sphere_triangle(&s, kStill, &t, V(-8, 0, 0));
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_NEAR(h.t0, 3.0 / 8, Ulps(4));
    EXPECT_NEAR(h.t1, 7.0 / 8, Ulps(4));
}

// A touch that only the box filter's rounding margin keeps: the relative
// motion da - db = 0x1.999999999999ap-1 + 2^-54 is a tie that rounds down
// to da (its mantissa even), so the rounded path ends at 0.5 - 2^-54, an
// ulp short of the triangle's box grown by r (x >= 0.5), while the exact
// path ends at 0.5, the sphere touching the corner (1, 0, 0) at u = 1: a
// hit, by exact arithmetic, which a filter without its margin turned away
// (a defect the fuzz harnesses did not find in 180 s each: this case is its
// proof).
TEST(SweepSphereTriangle, TouchAtTheEndOnlyTheBoxMarginKeeps) {
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "built on double's rounding";
    const col_triangle t = {V(1, 0, 0), V(2, 1, 0), V(2, -1, 0)};
    const col_real da = static_cast<col_real>(0x1.999999999999ap-1), c0 = static_cast<col_real>(-0x1.3333333333335p-2);
    const col_sphere s = {V(c0, 0, 0), R(0.5)};
    const col_vec3 db = V(static_cast<col_real>(-0x1p-54), 0, 0);
    ASSERT_EQ(da - db.x, da);            // the tie rounded down
    ASSERT_LT(c0 + (da - db.x), R(0.5)); // the rounded path ends short of the grown box
    col_sweep_hit h = col_sweep_sphere_triangle(&s, V(da, 0, 0), &t, db);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_FALSE(h.initially_overlapping);
    EXPECT_NEAR(h.t0, 1, Ulps(4));
    EXPECT_NEAR(h.normal.x, -1, Ulps(4));
    // a hair shorter (da an ulp less) is a miss
    EXPECT_EQ(col_sweep_sphere_triangle(&s, V(std::nextafter(da, R(0)), 0, 0), &t, db).status, COL_MISS);
}

// The rounded triangle's round pieces (issue 20's closed form): the
// hypotenuse's cylinder on the way in, the corner a's ball on the way out,
// the contact point on the edge, an end inside (t1 = 1), and the same 2^20
// from the origin.
TEST(SweepSphereTriangle, EdgeInCornerOutAndFarAway) {
    for (double off : {0.0, 1048576.0}) {
        col_vec3 o = V(off, -off, off);
        col_triangle t = {col_v3_add(V(0, 0, 0), o), col_v3_add(V(2, 0, 0), o), col_v3_add(V(0, 2, 0), o)};
        col_sphere s = {col_v3_add(V(3, 3, 0), o), R(1)};
        const bool single = sizeof(col_real) == sizeof(float);
        if (single && off > 0) continue; // 2^20 leaves float 1/8 steps: the case is about double
        const double tol = single ? 1e-5 : (off > 0 ? 1e-9 : 1e-14);
        col_sweep_hit h = col_sweep_sphere_triangle(&s, V(-4, -4, 0), &t, kStill);
        ASSERT_EQ(h.status, COL_HIT);
        EXPECT_FALSE(h.initially_overlapping);
        EXPECT_NEAR(h.t0, (4 - std::sqrt(2.0)) / 8, tol) << off;
        EXPECT_NEAR(h.t1, (3 + 1 / std::sqrt(2.0)) / 4, tol) << off; // leaves the ball about a
        EXPECT_NEAR(h.normal.x, 1 / std::sqrt(2.0), tol);
        EXPECT_NEAR(h.normal.y, 1 / std::sqrt(2.0), tol);
        EXPECT_NEAR(h.normal.z, 0, tol);
        EXPECT_NEAR(h.point.x - off, 1, tol); // the hypotenuse's middle
        EXPECT_NEAR(h.point.y + off, 1, tol);
        EXPECT_NEAR(h.point.z - off, 0, tol);
        // stopping over the triangle: still inside at the end
        h = col_sweep_sphere_triangle(&s, V(-2, -2, 0), &t, kStill);
        ASSERT_EQ(h.status, COL_HIT);
        EXPECT_NEAR(h.t0, (4 - std::sqrt(2.0)) / 4, tol);
        EXPECT_EQ(h.t1, 1);
        // starting inside: t0 = 0, the normal from the closest point
        col_sphere in = {col_v3_add(V(0.5, 0.5, 0.25), o), R(1)};
        h = col_sweep_sphere_triangle(&in, V(0, 0, 4), &t, kStill);
        ASSERT_EQ(h.status, COL_HIT);
        EXPECT_TRUE(h.initially_overlapping);
        EXPECT_EQ(h.t0, 0);
        EXPECT_NEAR(h.t1, 0.75 / 4, tol); // leaves when 1 above the face
        EXPECT_NEAR(h.normal.z, 1, tol);
        // through the face and out of the far side's plane inside the
        // triangle: in at z = 1, out at z = -1 (the prism alone decides)
        col_sphere high = {col_v3_add(V(0.5, 0.5, 3), o), R(1)};
        h = col_sweep_sphere_triangle(&high, V(0, 0, -8), &t, kStill);
        ASSERT_EQ(h.status, COL_HIT);
        EXPECT_NEAR(h.t0, 2.0 / 8, tol);
        EXPECT_NEAR(h.t1, 4.0 / 8, tol);
        // the same slanting past the edge ab (y = 0): the centre (0.5, 0.5 -
        // 4u, 3 - 14u) crosses y = 0 above z = 1, so it enters the edge's
        // cylinder, |(y, z)| = 1, and leaves it: the two roots
        h = col_sweep_sphere_triangle(&high, V(0, -4, -14), &t, kStill);
        ASSERT_EQ(h.status, COL_HIT);
        const double A = 16 + 196, B = -2 * (0.5 * 4 + 3 * 14), C = 0.25 + 9 - 1;
        EXPECT_NEAR(h.t0, (-B - std::sqrt(B * B - 4 * A * C)) / (2 * A), tol);
        EXPECT_NEAR(h.t1, (-B + std::sqrt(B * B - 4 * A * C)) / (2 * A), tol);
        EXPECT_NEAR(h.normal.x, 0, tol); // from the edge's axis
        EXPECT_LT(h.normal.y, 0);
        // no relative motion: inside to the end, or never in
        h = col_sweep_sphere_triangle(&in, V(3, -1, 2), &t, V(3, -1, 2));
        ASSERT_EQ(h.status, COL_HIT);
        EXPECT_EQ(h.t0, 0);
        EXPECT_EQ(h.t1, 1);
        EXPECT_EQ(col_sweep_sphere_triangle(&high, V(3, -1, 2), &t, V(3, -1, 2)).status, COL_MISS);
    }
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

// Long shapes near COL_HUGE, one sliding 0.2 COL_HUGE along x through the
// other: a sweep moves one shape (the frame's first) by the relative motion,
// so its ends pass COL_HUGE while the pair still overlaps. The same scene a
// quarter the size (exact scaling, all within COL_HUGE) gives the times. A
// triangle's closed forms called the validating exact tests there, which put
// the moved pair apart: t1 came at t0 (fuzz/regressions/dynamic/
// capsule-still-in-a-triangle-after-its-sweeps-t1).
TEST(SweepFarFromTheOrigin, ShapesMovedPastHugeKeepOverlappingToTheEnd) {
    const auto shape = [](int kind, double S) {
        const double L = 0.95 * S, w = 0.01 * S;
        const col_vec3 a = V(-L, 0.001 * S, 0.002 * S), b = V(L, -0.001 * S, 0.001 * S);
        switch (kind) {
        case 0: return Segment(a, b);
        case 1: return Capsule(a, b, w);
        case 2: return Triangle(V(-0.9 * S, -0.5 * S, -0.5 * S), V(0.9 * S, 0.5 * S, -0.5 * S), V(0, 0, 0.5 * S));
        case 3: return Aabb(-L, -w, -w, L, w, w);
        default: return Obb(V(0, 0, 0), V(L, w, w), col_m3_cols(V(1, 0, 0), V(0, 0.6, 0.8), V(0, -0.8, 0.6)));
        }
    };
    const double H = static_cast<double>(COL_HUGE), tol = sizeof(col_real) == sizeof(double) ? 1e-9 : 1e-4;
    int through = 0;
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j)
            for (double dir : {-1.0, 1.0}) {
                col_shape a = shape(i, H), b = shape(j, H), qa = shape(i, 0.25 * H), qb = shape(j, 0.25 * H);
                col_sweep_hit quarter = col_sweep(&qa, V(dir * 0.05 * H, 0, 0), &qb, kStill);
                for (bool general : {false, true}) {
                    col_vec3 d = V(dir * 0.2 * H, 0, 0);
                    col_sweep_hit h =
                        general ? col_sweep_convex(&a, d, &b, kStill, nullptr, nullptr) : col_sweep(&a, d, &b, kStill);
                    std::string what = std::string(col_shape_kind_name(a.kind)) + "-" + col_shape_kind_name(b.kind) +
                                       (dir > 0 ? " +x" : " -x") + (general ? " (general)" : "");
                    ASSERT_EQ(h.status, quarter.status) << what;
                    EXPECT_NEAR(h.t0, quarter.t0, tol) << what;
                    EXPECT_NEAR(h.t1, quarter.t1, tol) << what;
                }
                if ((i == 2 || j == 2) && i != j) {
                    ++through; // a triangle crossed by a long shape: in contact all the way
                    EXPECT_EQ(quarter.status, COL_HIT);
                    EXPECT_EQ(quarter.t0, 0);
                    EXPECT_EQ(quarter.t1, 1);
                }
            }
    EXPECT_EQ(through, 16);
}

// ---- sweeps under rotation (col_sweep_rotating) ----

namespace {

const double kRotTol = sizeof(col_real) == sizeof(double) ? 1e-7 : 2e-3;
// how close the shapes come at t0: the sweep's tolerance (base.h) times the scale (~20)
const double kContact = sizeof(col_real) == sizeof(double) ? 1e-6 : 5e-4;

col_rigid_motion Still() { return {V(0, 0, 0), V(0, 0, 0), V(0, 0, 0)}; }

// The blade [-4, 4] x [-0.1, 0.1] x [-0.1, 0.1] turning about z by `angle`.
col_shape Blade() { return Obb(V(0, 0, 0), V(4, 0.1, 0.1), col_m3_identity()); }

// The pair's distance at u, the shapes posed by their motions.
double DistanceAt(const col_shape &a, const col_rigid_motion &ma, const col_shape &b, const col_rigid_motion &mb,
                  double u) {
    col_shape pa, pb;
    col_vec3 sa[16], sb[16];
    EXPECT_TRUE(col_shape_moved(&a, &ma, R(u), sa, &pa));
    EXPECT_TRUE(col_shape_moved(&b, &mb, R(u), sb, &pb));
    col_distance_result d = col_distance(&pa, &pb);
    return d.status == COL_HIT ? -1.0 : static_cast<double>(d.distance);
}

} // namespace

TEST(SweepRotating, ABladeTurningOntoABallHitsWhereItsFaceComesWithinTheRadius) {
    // The ball of radius 0.5 at (0, 3, 0): the blade's face (0.1 from its
    // axis) comes within 0.5 of the centre when 3 cos(theta) = 0.6, theta =
    // acos(0.2), a quarter turn's 0.8718 (its end, 4 out, passes 2.94 along).
    col_shape blade = Blade(), ball = Sphere(0, 3, 0, 0.5);
    col_rigid_motion spin = col_rigid_motion_about_centre(&blade, V(0, 0, 0), V(0, 0, M_PI / 2));
    col_rigid_motion still = Still();
    int it = 0;
    col_sweep_hit h = col_sweep_rotating(&blade, &spin, &ball, &still, nullptr, &it);
    ASSERT_EQ(h.status, COL_HIT);
    double theta = std::acos(0.2);
    EXPECT_NEAR(h.t0, theta / (M_PI / 2), kRotTol);
    EXPECT_FALSE(h.initially_overlapping);
    // the normal on the ball toward the blade: from the centre along the blade's face normal
    EXPECT_NEAR(h.normal.x, std::sin(theta), 1e3 * kRotTol);
    EXPECT_NEAR(h.normal.y, -std::cos(theta), 1e3 * kRotTol);
    EXPECT_NEAR(DistanceAt(blade, spin, ball, still, h.t0), 0, kContact);
    EXPECT_GT(it, 1);
    // no contact at any time before: dense sampling
    for (int k = 0; k < 200; ++k) EXPECT_GT(DistanceAt(blade, spin, ball, still, h.t0 * k / 200.0), 0) << k;
    // the other way round: the same time, the normal reversed
    col_sweep_hit s = col_sweep_rotating(&ball, &still, &blade, &spin, nullptr, nullptr);
    ASSERT_EQ(s.status, COL_HIT);
    EXPECT_NEAR(s.t0, h.t0, kRotTol);
    EXPECT_NEAR(s.normal.y, -h.normal.y, 1e3 * kRotTol);
    // turning less than theta: a miss; the opposite way: a miss too (it turns away)
    col_rigid_motion short_spin = col_rigid_motion_about_centre(&blade, V(0, 0, 0), V(0, 0, 0.9 * theta));
    EXPECT_EQ(col_sweep_rotating(&blade, &short_spin, &ball, &still, nullptr, nullptr).status, COL_MISS);
    col_rigid_motion back = col_rigid_motion_about_centre(&blade, V(0, 0, 0), V(0, 0, -0.9 * theta));
    EXPECT_EQ(col_sweep_rotating(&blade, &back, &ball, &still, nullptr, nullptr).status, COL_MISS);
}

TEST(SweepRotating, AFastBulletPastASpinningBladeTunnelsOnlyWithoutTheSweep) {
    // A bullet (radius 0.05) crossing the blade's circle along y at x = 2
    // in one step while the blade turns a quarter: at u = 0 and u = 1 it is
    // clear of the blade, between them the blade sweeps through its path.
    col_shape blade = Blade(), bullet = Sphere(2, -10, 0, 0.05);
    col_rigid_motion spin = col_rigid_motion_about_centre(&blade, V(0, 0, 0), V(0, 0, M_PI / 2));
    col_rigid_motion fly = col_rigid_motion_about_centre(&bullet, V(0, 20, 0), V(0, 0, 0));
    EXPECT_GT(DistanceAt(bullet, fly, blade, spin, 0), 0);
    EXPECT_GT(DistanceAt(bullet, fly, blade, spin, 1), 0);
    col_sweep_hit h = col_sweep_rotating(&bullet, &fly, &blade, &spin, nullptr, nullptr);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_NEAR(DistanceAt(bullet, fly, blade, spin, h.t0), 0, kContact);
    for (int k = 0; k < 400; ++k) EXPECT_GT(DistanceAt(bullet, fly, blade, spin, h.t0 * k / 400.0), 0) << k;
    // the blade still: the bullet passes it at x = 2 where the blade lies
    // along x, so it hits at once on the way (a linear sweep, the same answer)
    col_rigid_motion still = col_rigid_motion_about_centre(&blade, V(0, 0, 0), V(0, 0, 0));
    col_sweep_hit l = col_sweep_rotating(&bullet, &fly, &blade, &still, nullptr, nullptr);
    col_sweep_hit c = col_sweep_convex(&bullet, V(0, 20, 0), &blade, V(0, 0, 0), nullptr, nullptr);
    ASSERT_EQ(l.status, COL_HIT);
    ASSERT_EQ(c.status, COL_HIT);
    EXPECT_NEAR(l.t0, c.t0, kRotTol);
    EXPECT_NEAR(l.t0, (10 - 0.1 - 0.05) / 20, kRotTol);
}

// The separating-axis steps (the fast path) against conservative
// advancement alone (col__rotating_plain): the same contact to the
// tolerance, no contact at any sampled time before it, in fewer distance
// queries where the shapes turn.
extern "C" bool col__rotating_plain;

namespace {

struct RotCase {
    const char *name;
    col_shape a, b;
    col_rigid_motion ma, mb;
};

col_sweep_hit SweepCounted(const RotCase &c, bool plain, int *evals) {
    col__rotating_plain = plain;
    col_sweep_hit h = col_sweep_rotating(&c.a, &c.ma, &c.b, &c.mb, nullptr, evals);
    col__rotating_plain = false;
    return h;
}

} // namespace

TEST(SweepRotating, SeparatingAxisStepsFindTheSameContactInFewerQueries) {
    col_shape blade = Blade(), ball = Sphere(0, 3, 0, 0.5), bullet = Sphere(2, -10, 0, 0.05);
    col_shape crate = Obb(V(0, 5, 0), V(1, 1, 1), col_m3_identity()),
              floor_box = Obb(V(0, 0, 0), V(10, 0.5, 10), col_m3_identity());
    col_rigid_motion spin = col_rigid_motion_about_centre(&blade, V(0, 0, 0), V(0, 0, M_PI / 2)), still = Still();
    std::vector<RotCase> cases = {
        {"blade onto a ball", blade, ball, spin, still},
        {"a bullet past the blade", bullet, blade, col_rigid_motion_about_centre(&bullet, V(0, 20, 0), V(0, 0, 0)),
         spin},
        {"a crate tumbling onto a floor", crate, floor_box,
         col_rigid_motion_about_centre(&crate, V(0, -4, 0), V(0.3, 0, 2)), still},
        {"a crate spinning about the floor's normal", crate, floor_box,
         col_rigid_motion_about_centre(&crate, V(0, -4, 0), V(0, 6, 0)), still},
        {"a crate dropped", crate, floor_box, col_rigid_motion_about_centre(&crate, V(0, -4, 0), V(0, 0, 0)), still},
    };
    // fewer queries where the shapes turn (counted: 19 -> 6, 68 -> 12, 18 -> 7, 3 -> 3, 3 -> 3)
    const bool fewer[] = {true, true, true, false, false};
    for (size_t i = 0; i < cases.size(); ++i) {
        const RotCase &c = cases[i];
        int ep = 0, ef = 0;
        col_sweep_hit p = SweepCounted(c, true, &ep), f = SweepCounted(c, false, &ef);
        ASSERT_EQ(p.status, COL_HIT) << c.name;
        ASSERT_EQ(f.status, COL_HIT) << c.name;
        EXPECT_NEAR(f.t0, p.t0, kRotTol) << c.name;
        EXPECT_NEAR(f.t1, p.t1, kRotTol) << c.name;
        EXPECT_LE(DistanceAt(c.a, c.ma, c.b, c.mb, f.t0), kContact) << c.name; // -1: touching exactly
        EXPECT_NEAR(f.normal.x, p.normal.x, 1e3 * kRotTol) << c.name;
        EXPECT_NEAR(f.normal.y, p.normal.y, 1e3 * kRotTol) << c.name;
        EXPECT_NEAR(f.normal.z, p.normal.z, 1e3 * kRotTol) << c.name;
        if (fewer[i]) {
            EXPECT_LE(2 * ef, ep) << c.name; // at most half as many
        } else {
            EXPECT_LE(ef, ep) << c.name;
        }
        for (int k = 0; k < 400; ++k)
            EXPECT_GT(DistanceAt(c.a, c.ma, c.b, c.mb, f.t0 * k / 400.0), 0) << c.name << " " << k;
    }
    // spinning away: the gap along the floor's normal clears the whole step at once (one query)
    RotCase away{"away", crate, floor_box, col_rigid_motion_about_centre(&crate, V(0, 1, 0), V(1, 2, 3)), still};
    int ea = 0, pa = 0;
    EXPECT_EQ(SweepCounted(away, false, &ea).status, COL_MISS);
    EXPECT_EQ(SweepCounted(away, true, &pa).status, COL_MISS);
    EXPECT_EQ(ea, 1);
    EXPECT_LE(ea, pa);
    // random turning capsules and boxes (a fixed seed): each answer has no
    // contact at any sampled time before t0 and touches at t0; where both
    // paths hit, the same t0 to the tolerance (a graze within the tolerance
    // may be a hit for one and a miss for the other: both are the contract)
    std::mt19937 rng(20261127);
    std::uniform_real_distribution<double> U(-1, 1);
    long total_plain = 0, total_fast = 0;
    int hits = 0;
    for (int n = 0; n < 300; ++n) {
        col_vec3 p0 = V(3 * U(rng), 3 * U(rng), 3 * U(rng));
        col_shape a = Capsule(p0, col_v3_add(p0, V(2 * U(rng), 2 * U(rng), 2 * U(rng))), 0.2 + 0.3 * (U(rng) + 1));
        col_shape b = Obb(V(U(rng), U(rng), U(rng)), V(0.5 + U(rng) * 0.4, 0.5 + U(rng) * 0.4, 0.5 + U(rng) * 0.4),
                          col_m3_from_axis_angle(V(U(rng), U(rng), 1), R(2 * U(rng))));
        if (DistanceAt(a, Still(), b, Still(), 0) <= 0) continue;
        RotCase c{"random", a, b,
                  col_rigid_motion_about_centre(&a, V(-2 * p0.x, -2 * p0.y, -2 * p0.z),
                                                V(4 * U(rng), 4 * U(rng), 4 * U(rng))),
                  col_rigid_motion_about_centre(&b, V(0, 0, 0), V(3 * U(rng), 3 * U(rng), 3 * U(rng)))};
        int ep = 0, ef = 0;
        col_sweep_hit p = SweepCounted(c, true, &ep), f = SweepCounted(c, false, &ef);
        if (p.status == COL_NOT_CONVERGED || f.status == COL_NOT_CONVERGED) continue;
        total_plain += ep;
        total_fast += ef;
        ASSERT_NE(f.status, COL_INVALID) << n;
        double end = f.status == COL_HIT ? static_cast<double>(f.t0) : 1.0;
        for (int k = 0; k <= 64; ++k) {
            double u = end * k / 64.0;
            if (f.status == COL_HIT && k == 64) break;
            EXPECT_GT(DistanceAt(c.a, c.ma, c.b, c.mb, u), 0) << n << " u " << u;
        }
        if (f.status == COL_HIT) {
            EXPECT_LE(DistanceAt(c.a, c.ma, c.b, c.mb, f.t0), kContact) << n;
        }
        if (f.status == COL_HIT && p.status == COL_HIT) {
            ++hits;
            EXPECT_NEAR(f.t0, p.t0, 1e2 * kRotTol) << n;
        } else if (f.status != p.status) { // a graze: the least sampled distance about the tolerance
            double least = 1e300;
            for (int k = 0; k <= 1000; ++k) least = std::min(least, DistanceAt(c.a, c.ma, c.b, c.mb, k / 1000.0));
            EXPECT_LT(least, 1e-3) << n;
        }
    }
    EXPECT_GT(hits, 50);
    EXPECT_LT(2 * total_fast, total_plain); // over all: fewer than half as many queries
}

TEST(SweepRotating, PosesOverlapAndInvalidInput) {
    // a turned AABB is an OBB on the rotation's columns; u = 0 is the shape itself
    col_shape box = Aabb(0, 0, 0, 2, 2, 2), posed;
    col_rigid_motion quarter = col_rigid_motion_about_centre(&box, V(1, 0, 0), V(0, 0, M_PI / 2));
    EXPECT_EQ(quarter.pivot.x, R(1));
    EXPECT_EQ(quarter.pivot.z, R(1));
    ASSERT_TRUE(col_shape_moved(&box, &quarter, R(1), nullptr, &posed));
    ASSERT_EQ(posed.kind, COL_SHAPE_OBB);
    EXPECT_NEAR(posed.u.obb.c.x, 2, Ulps(4));
    EXPECT_NEAR(posed.u.obb.u[0].y, 1, Ulps(4));
    EXPECT_NEAR(posed.u.obb.u[1].x, -1, Ulps(4));
    ASSERT_TRUE(col_shape_moved(&box, &quarter, R(0), nullptr, &posed));
    EXPECT_EQ(posed.kind, COL_SHAPE_AABB);
    // a polytope's points go to the room given, which it needs
    const col_vec3 tri[3] = {V(1, 0, 0), V(0, 1, 0), V(0, 0, 1)};
    col_shape hull = Polytope(tri, 3);
    col_vec3 room[3];
    col_rigid_motion half = {V(0, 0, 0), V(0, 0, M_PI), V(0, 0, 0)};
    EXPECT_FALSE(col_shape_moved(&hull, &half, R(1), nullptr, &posed));
    ASSERT_TRUE(col_shape_moved(&hull, &half, R(1), room, &posed));
    EXPECT_NEAR(room[0].x, -1, Ulps(4));
    EXPECT_NEAR(room[1].y, -1, Ulps(4));
    // overlapping at u = 0: t0 = 0 with the penetration normal
    col_shape blade = Blade(), ball = Sphere(0, 0.3, 0, 0.5);
    col_rigid_motion spin = col_rigid_motion_about_centre(&blade, V(0, 0, 0), V(0, 0, 1)), still = Still();
    col_sweep_hit h = col_sweep_rotating(&blade, &spin, &ball, &still, nullptr, nullptr);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_TRUE(h.initially_overlapping);
    EXPECT_EQ(h.t0, R(0));
    // a turning plane and a turning ellipsoid of unequal radii have no pose; a round one turns
    col_shape plane = Plane(0, 0, 1, 0), egg = Ellipsoid(5, 0, 0, 1, 2, 3), round = Ellipsoid(5, 0, 0, 1, 1, 1);
    EXPECT_FALSE(col_shape_can_turn(&plane));
    EXPECT_FALSE(col_shape_can_turn(&egg));
    EXPECT_TRUE(col_shape_can_turn(&round));
    EXPECT_TRUE(col_shape_can_turn(&blade));
    col_shape circle = Circle(0, 0, 1);
    EXPECT_FALSE(col_shape_can_turn(&circle));
    EXPECT_FALSE(col_shape_can_turn(nullptr));
    EXPECT_EQ(col_sweep_rotating(&plane, &spin, &ball, &still, nullptr, nullptr).status, COL_INVALID);
    EXPECT_EQ(col_sweep_rotating(&egg, &spin, &ball, &still, nullptr, nullptr).status, COL_INVALID);
    EXPECT_NE(col_sweep_rotating(&round, &spin, &ball, &still, nullptr, nullptr).status, COL_INVALID);
    // a plane that only moves is fine
    col_shape high = Sphere(0, 0, 5, 1);
    col_rigid_motion down = col_rigid_motion_about_centre(&high, V(0, 0, -8), V(0, 0, 3));
    col_sweep_hit p = col_sweep_rotating(&high, &down, &plane, &still, nullptr, nullptr);
    ASSERT_EQ(p.status, COL_HIT);
    EXPECT_NEAR(p.t0, 0.5, kRotTol);
    // non-finite motion, no motion, NaN shape
    col_rigid_motion bad = {V(NAN, 0, 0), V(0, 0, 0), V(0, 0, 0)};
    EXPECT_EQ(col_sweep_rotating(&ball, &bad, &blade, &still, nullptr, nullptr).status, COL_INVALID);
    EXPECT_EQ(col_sweep_rotating(&ball, nullptr, &blade, &still, nullptr, nullptr).status, COL_INVALID);
    col_shape nan_ball = Sphere(NAN, 0, 0, 1);
    EXPECT_EQ(col_sweep_rotating(&nan_ball, &still, &blade, &still, nullptr, nullptr).status, COL_INVALID);
}

// col__unit_len (geom.h), the direction and length of an edge at once: by
// the squares within its range, by the scaled forms beyond it; both agree
// with col__unit_or and col__len_safe to a few ulps at every magnitude the
// precision has, from subnormal to the largest finite, across the range's
// ends.
TEST(Geom, UnitAndLengthAtOnceAgreeWithTheScaledFormsAtEveryMagnitude) {
    using lim = std::numeric_limits<col_real>;
    const int lo = lim::min_exponent - lim::digits, hi = lim::max_exponent - 2;
    std::mt19937 g(20261129);
    std::uniform_real_distribution<double> u(-1, 1);
    for (int e = lo; e <= hi; ++e) {
        for (int trial = 0; trial < 8; ++trial) {
            col_vec3 d = V(u(g), u(g), u(g));
            if (trial == 0) d = V(1, 0, 0); /* one component: the smallest magnitudes too */
            col_vec3 v = col_v3(std::ldexp(d.x, e), std::ldexp(d.y, e), std::ldexp(d.z, e));
            if (!(col__abs_max(v) > 0)) continue;
            col_real len = -1;
            col_vec3 w = col__unit_len(v, V(7, 7, 7), &len), ref = col__unit_or(v, V(7, 7, 7));
            SCOPED_TRACE(testing::Message() << "exponent " << e << " trial " << trial);
            EXPECT_NEAR(w.x, ref.x, Ulps(1, 4));
            EXPECT_NEAR(w.y, ref.y, Ulps(1, 4));
            EXPECT_NEAR(w.z, ref.z, Ulps(1, 4));
            double l = static_cast<double>(col__len_safe(v));
            EXPECT_NEAR(static_cast<double>(len), l, Ulps(l, 4));
        }
    }
    col_real len = -1;
    col_vec3 z = col__unit_len(V(0, 0, 0), V(0, 0, 1), &len);
    EXPECT_EQ(len, R(0));
    EXPECT_EQ(z.z, R(1));
}

// Within the squares' range a power of two's scaling changes no bit of the
// direction (the metamorphic harness's scaling by 2^-16 .. 2^16 of a sweep).
TEST(Geom, UnitAndLengthAtOnceAreExactlyScaleFree) {
    std::mt19937 g(7);
    std::uniform_real_distribution<double> u(-1, 1);
    for (int trial = 0; trial < 2000; ++trial) {
        col_vec3 v = V(u(g), u(g), u(g));
        col_real l0, l1;
        col_vec3 a = col__unit_len(v, V(0, 0, 0), &l0);
        int k = static_cast<int>(g() % 33) - 16;
        col_vec3 s = col_v3(std::ldexp(v.x, k), std::ldexp(v.y, k), std::ldexp(v.z, k));
        col_vec3 b = col__unit_len(s, V(0, 0, 0), &l1);
        EXPECT_EQ(a.x, b.x);
        EXPECT_EQ(a.y, b.y);
        EXPECT_EQ(a.z, b.z);
        EXPECT_EQ(std::ldexp(l0, k), l1);
        col_vec3 c = col__unit_len(v, V(0, 0, 0), nullptr); // the direction alone: the same bits
        EXPECT_TRUE(std::memcmp(&a, &c, sizeof a) == 0);
    }
}

// col__unit_or_along(v, w, f): v's direction (to a few ulps of
// col__unit_or's) where it has one, else w's, else f.
TEST(Geom, UnitAlongFallsBackAsTheNestedForm) {
    const col_vec3 f = V(1, 0, 0), vs[] = {V(0, 0, 0), V(3, -4, 0), V(kInf, 0, 0), V(kNaN, 1, 0), V(1e-300, 0, 0)},
                   ws[] = {V(0, 0, 0), V(0, 2, 2), V(-kInf, 1, 0)};
    for (col_vec3 v : vs)
        for (col_vec3 w : ws) {
            col_vec3 a = col__unit_or_along(v, w, f), b = col__unit_or(v, col__unit_or(w, f));
            SCOPED_TRACE(testing::Message() << v.x << " " << w.x);
            if (std::isnan(b.x)) {
                EXPECT_TRUE(std::isnan(a.x));
                continue;
            }
            EXPECT_NEAR(a.x, b.x, Ulps(1, 4));
            EXPECT_NEAR(a.y, b.y, Ulps(1, 4));
            EXPECT_NEAR(a.z, b.z, Ulps(1, 4));
        }
}
