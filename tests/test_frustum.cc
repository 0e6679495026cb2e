// Frustum culling (collide/frustum.h): hand-derived cases (inside, touching
// a plane, touching an edge from a corner region where no plane separates,
// moved by ulps, far from the origin) and a cross-check of every verdict
// against GJK's distance to the frustum's hull on random scenes.
#include "helpers.h"

#include <random>
#include <vector>

using namespace ct;

namespace {

// Eye at `o`, looking along +x with z up, 90 degrees, aspect 1, near 1, far
// 10: the frustum 1 <= x - o.x <= 10, |y - o.y| <= x - o.x, |z - o.z| <= x - o.x.
col_frustum Camera(double ox = 0, double oy = 0, double oz = 0) {
    return col_frustum_from_camera(V(ox, oy, oz), V(1, 0, 0), V(0, 0, 1), R(M_PI / 2), R(1), R(1), R(10));
}

col_sphere S(col_vec3 c, double r) { return col_sphere{c, R(r)}; }

col_aabb Box(col_vec3 lo, col_vec3 hi) { return col_aabb{lo, hi}; }

// A long thin OBB whose edge along (0, 1, -1) touches the frustum's side
// edge (the line y = z = x - o.x) at eye + (5, 5, 5), from the corner region
// outside both planes y <= x and z <= x, then moved by `gap` along the
// outward axis (-2, 1, 1) / sqrt(6). No single plane separates it: it
// straddles both side planes. Only the axis edge x box-edge does.
col_obb EdgeTouchingObb(double gap, double ox = 0, double oy = 0, double oz = 0) {
    const double s2 = std::sqrt(0.5), s6 = std::sqrt(1.0 / 6.0);
    col_vec3 u0 = V(1, 0, 0), u1 = V(0, s2, -s2), u2 = V(0, s2, s2);
    // the box's edge along u1 that is lowest along a is c + e0 u0 - e2 u2
    double px = ox + 5 + gap * -2 * s6, py = oy + 5 + gap * s6, pz = oz + 5 + gap * s6;
    col_obb b;
    b.c = V(px - 1, py + s2, pz + s2);
    b.u[0] = u0;
    b.u[1] = u1;
    b.u[2] = u2;
    b.e = V(1, 3, 1);
    return b;
}

} // namespace

TEST(Frustum, CornersAreThePlanesCommonPoints) {
    col_frustum f = Camera();
    col_vec3 c[8];
    ASSERT_TRUE(col_frustum_corners(&f, c));
    for (int i = 0; i < 8; ++i) {
        double x = (i & 4) ? 10 : 1;
        // right = forward x up = -y; top = +z
        EXPECT_NEAR(c[i].x, x, Ulps(10, 64)) << i;
        EXPECT_NEAR(c[i].y, (i & 1) ? -x : x, Ulps(10, 64)) << i;
        EXPECT_NEAR(c[i].z, (i & 2) ? x : -x, Ulps(10, 64)) << i;
    }
    col_frustum bad{};
    EXPECT_FALSE(col_frustum_corners(&bad, c));
    EXPECT_EQ(c[3].x, R(0));
}

TEST(Frustum, InsideOutsideAndTouchingAPlane) {
    col_frustum f = Camera();
    col_sphere in = S(V(5, 0, 0), 1);
    EXPECT_EQ(col_frustum_classify_sphere(&f, &in), COL_CULL_INSIDE);
    EXPECT_EQ(col_frustum_classify_sphere_planes(&f, &in), COL_CULL_INSIDE);
    // touching the near plane x = 1 from the eye's side: intersecting, and
    // outside once the radius is a few ulps short
    col_sphere touch = S(V(0.5, 0, 0), 0.5);
    EXPECT_EQ(col_frustum_classify_sphere(&f, &touch), COL_CULL_INTERSECTING);
    col_sphere apart = S(V(0.5, 0, 0), 0.5 - Ulps(1));
    EXPECT_EQ(col_frustum_classify_sphere(&f, &apart), COL_CULL_OUTSIDE);
    EXPECT_EQ(col_frustum_classify_sphere_planes(&f, &apart), COL_CULL_OUTSIDE);
    // a box on the far plane, inside it, straddling it, beyond it
    col_aabb far_in = Box(V(8, -1, -1), V(10 - kGap, 1, 1));
    col_aabb far_touch = Box(V(10, -1, -1), V(11, 1, 1));
    col_aabb far_out = Box(V(10 + kGap, -1, -1), V(11, 1, 1));
    EXPECT_EQ(col_frustum_classify_aabb(&f, &far_in), COL_CULL_INSIDE);
    EXPECT_EQ(col_frustum_classify_aabb(&f, &far_touch), COL_CULL_INTERSECTING);
    EXPECT_EQ(col_frustum_classify_aabb(&f, &far_out), COL_CULL_OUTSIDE);
    col_obb far_out_obb = col_obb_from_aabb(&far_out);
    EXPECT_EQ(col_frustum_classify_obb(&f, &far_out_obb), COL_CULL_OUTSIDE);
    // a box containing the whole frustum intersects it
    col_aabb huge = Box(V(-100, -100, -100), V(100, 100, 100));
    EXPECT_EQ(col_frustum_classify_aabb(&f, &huge), COL_CULL_INTERSECTING);
}

TEST(Frustum, ACornerRegionSphereIsOutsideThoughNoPlaneSeparatesIt) {
    col_frustum f = Camera();
    // the far top-left corner is (10, 10, 10); the outward normal cone there
    // holds (1, 0, 0), (-1, 1, 0) and (-1, 0, 1): their sum points into it
    col_vec3 w = col_plane_make(V(1 - std::sqrt(2.0), std::sqrt(0.5), std::sqrt(0.5)), 0).n; // unit
    for (double gap : {0.0, 0.25}) {
        col_sphere s = S(col_v3_madd(V(10, 10, 10), R(2 + gap), w), 2);
        EXPECT_EQ(col_frustum_classify_sphere_planes(&f, &s), COL_CULL_INTERSECTING) << gap;
        EXPECT_EQ(col_frustum_classify_sphere(&f, &s), gap > 0 ? COL_CULL_OUTSIDE : COL_CULL_INTERSECTING) << gap;
    }
}

TEST(Frustum, AnEdgeTouchingBoxIsIntersectingAndOutsideOnceMovedAway) {
    // far from the origin: 2^20 in double, 2^10 in float (at 2^20 a float's
    // rounding of the corners is wider than the corner region this box is in)
    const double far = sizeof(col_real) == sizeof(float) ? 1024.0 : 1048576.0;
    for (double o : {0.0, far}) {
        col_frustum f = Camera(o, -o, o);
        // touching (within the rounding of the irrational axes), and pushed
        // into the frustum by ulps: never outside
        for (double gap : {0.0, -Ulps(o + 10), -Ulps(o + 10, 64)}) {
            col_obb b = EdgeTouchingObb(gap, o, -o, o);
            ASSERT_TRUE(col_obb_is_valid(&b));
            EXPECT_EQ(col_frustum_classify_obb_planes(&f, &b), COL_CULL_INTERSECTING) << o << " " << gap;
            EXPECT_EQ(col_frustum_classify_obb(&f, &b), COL_CULL_INTERSECTING) << o << " " << gap;
        }
        // moved away by a gap that clears the rounding of the corners (a few
        // dozen ulps of the coordinates): the exact test proves it disjoint,
        // the planes alone cannot
        col_obb b = EdgeTouchingObb(Ulps(o + 10, 1024), o, -o, o);
        EXPECT_EQ(col_frustum_classify_obb_planes(&f, &b), COL_CULL_INTERSECTING) << o;
        EXPECT_EQ(col_frustum_classify_obb(&f, &b), COL_CULL_OUTSIDE) << o;
    }
}

TEST(Frustum, InvalidInputIsInvalid) {
    col_frustum f = Camera();
    col_frustum zero{};
    col_sphere s = S(V(5, 0, 0), 1), nan_s = S(V(kNaN, 0, 0), 1), neg = S(V(5, 0, 0), -1);
    col_aabb flipped = Box(V(1, 0, 0), V(0, 1, 1));
    col_obb bad_axes = col_obb_make(V(5, 0, 0), V(1, 1, 1), col_m3_identity());
    bad_axes.u[0] = V(2, 0, 0);
    EXPECT_EQ(col_frustum_classify_sphere(&zero, &s), COL_CULL_INVALID);
    EXPECT_EQ(col_frustum_classify_sphere(&f, &nan_s), COL_CULL_INVALID);
    EXPECT_EQ(col_frustum_classify_sphere_planes(&f, &neg), COL_CULL_INVALID);
    EXPECT_EQ(col_frustum_classify_aabb(&f, &flipped), COL_CULL_INVALID);
    EXPECT_EQ(col_frustum_classify_obb(&f, &bad_axes), COL_CULL_INVALID);
    EXPECT_STREQ(col_cull_name(COL_CULL_OUTSIDE), "outside");
    EXPECT_STREQ(col_cull_name(COL_CULL_INSIDE), "inside");
    EXPECT_STREQ(col_cull_name(static_cast<col_cull>(99)), "invalid");
}

TEST(Frustum, PlanesThatBoundNoHexahedronFallBackToThePlanes) {
    // left and right planes parallel and facing the same way: no corners
    col_frustum f = Camera();
    f.planes[COL_FRUSTUM_RIGHT] = f.planes[COL_FRUSTUM_LEFT];
    col_vec3 c[8];
    EXPECT_FALSE(col_frustum_corners(&f, c));
    col_sphere s = S(V(5, 0, 0), 1);
    EXPECT_EQ(col_frustum_classify_sphere(&f, &s), col_frustum_classify_sphere_planes(&f, &s));
}

// Every verdict against the distance from the shape to the frustum's hull by
// GJK (a second, independent method): OUTSIDE only when GJK finds them apart,
// never OUTSIDE when GJK finds them overlapping or touching, always OUTSIDE
// when GJK finds them clearly apart; INSIDE exactly when every vertex (or the
// sphere) is in front of every plane; the planes-only form never contradicts.
TEST(Frustum, EveryVerdictAgreesWithGjkOnRandomScenes) {
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> U(-1, 1);
    int outside_by_hull_only = 0, counts[3] = {0, 0, 0};
    for (int scene = 0; scene < 40; ++scene) {
        col_vec3 eye = V(20 * U(rng), 20 * U(rng), 20 * U(rng));
        col_vec3 fwd = V(U(rng), U(rng), U(rng)), up = V(U(rng), U(rng), U(rng));
        col_frustum f = col_frustum_from_camera(eye, fwd, up, R(0.5 + U(rng) * 0.4 + 0.5), R(1.2 + 0.5 * U(rng)),
                                                R(0.5), R(8 + 2 * U(rng)));
        col_vec3 c[8];
        if (!col_frustum_corners(&f, c)) continue;
        col_shape hull{};
        hull.kind = COL_SHAPE_POLYTOPE;
        hull.u.polytope.points = c;
        hull.u.polytope.count = 8;
        col_vec3 mid = col_v3_scale(col_v3_add(c[0], c[7]), R(0.5));
        for (int i = 0; i < 300; ++i) {
            col_vec3 p = col_v3_madd(mid, R(9), V(U(rng), U(rng), U(rng)));
            double size = 0.05 + 1.5 * (U(rng) + 1);
            col_shape s{};
            col_cull exact, planes;
            int kind = i % 3;
            if (kind == 0) {
                s = Sphere(p.x, p.y, p.z, size);
                exact = col_frustum_classify_sphere(&f, &s.u.sphere);
                planes = col_frustum_classify_sphere_planes(&f, &s.u.sphere);
            } else if (kind == 1) {
                s.kind = COL_SHAPE_AABB;
                s.u.aabb = Box(p, col_v3_add(p, V(size, size * (U(rng) + 1.1), size * 0.5)));
                exact = col_frustum_classify_aabb(&f, &s.u.aabb);
                planes = col_frustum_classify_aabb_planes(&f, &s.u.aabb);
            } else {
                col_quat q{R(U(rng)), R(U(rng)), R(U(rng)), R(U(rng))};
                s.kind = COL_SHAPE_OBB;
                s.u.obb = col_obb_make(p, V(size, size * 0.3, size * 1.7), col_m3_from_quat(q));
                exact = col_frustum_classify_obb(&f, &s.u.obb);
                planes = col_frustum_classify_obb_planes(&f, &s.u.obb);
            }
            ASSERT_NE(exact, COL_CULL_INVALID);
            col_distance_result d = col_gjk_distance(&s, &hull);
            double scale = 40;
            if (exact == COL_CULL_OUTSIDE) {
                EXPECT_NE(d.status, COL_HIT) << scene << " " << i;
            }
            if (d.status == COL_MISS && d.distance > 1e-4 * scale) {
                EXPECT_EQ(exact, COL_CULL_OUTSIDE) << scene << " " << i << " distance " << d.distance;
            }
            if (d.status == COL_HIT) {
                EXPECT_NE(exact, COL_CULL_OUTSIDE);
            }
            // the planes alone never contradict the exact verdict
            if (planes == COL_CULL_OUTSIDE || planes == COL_CULL_INSIDE) {
                EXPECT_EQ(exact, planes);
            } else {
                EXPECT_NE(exact, COL_CULL_INSIDE);
                outside_by_hull_only += exact == COL_CULL_OUTSIDE;
            }
            counts[exact]++;
        }
    }
    // the scenes exercise every verdict and the corner regions
    EXPECT_GT(counts[COL_CULL_OUTSIDE], 500);
    EXPECT_GT(counts[COL_CULL_INTERSECTING], 500);
    EXPECT_GT(counts[COL_CULL_INSIDE], 100);
    EXPECT_GT(outside_by_hull_only, 50);
}
