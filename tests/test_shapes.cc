// collide/shapes.h: validators and constructors.
#include <cmath>
#include <random>
#include "helpers.h"

using namespace ct;

TEST(Validators, AcceptWellFormedShapes) {
    for (const col_shape &s :
         {Point(1, 2, 3), Segment(V(0, 0, 0), V(1, 1, 1)), Triangle(V(0, 0, 0), V(1, 0, 0), V(0, 1, 0)),
          Plane(0, 0, 1, 2), Sphere(0, 0, 0, 1), Capsule(V(0, 0, 0), V(0, 0, 1), 0.5), Aabb(0, 0, 0, 1, 2, 3),
          Obb(V(0, 0, 0), V(1, 2, 3), RotZ(0.3)), Ellipsoid(0, 0, 0, 1, 2, 3), Circle(0, 0, 1), Rect(0, 0, 1, 1)})
        EXPECT_TRUE(col_shape_is_valid(&s)) << col_shape_kind_name(s.kind);
}

TEST(Validators, AcceptDegenerateShapes) {
    for (const col_shape &s :
         {Segment(V(1, 1, 1), V(1, 1, 1)), Triangle(V(0, 0, 0), V(1, 1, 1), V(2, 2, 2)), Sphere(0, 0, 0, 0),
          Capsule(V(1, 0, 0), V(1, 0, 0), 0), Aabb(1, 1, 1, 1, 1, 1), Obb(V(0, 0, 0), V(0, 0, 0), col_m3_identity()),
          Ellipsoid(0, 0, 0, 0, 1, 0), Circle(0, 0, 0), Rect(1, 1, 1, 1)})
        EXPECT_TRUE(col_shape_is_valid(&s)) << col_shape_kind_name(s.kind);
}

TEST(Validators, RejectEveryNonFiniteOrHugeField) {
    const col_shape shapes[] = {Point(1, 2, 3),
                                Segment(V(0, 0, 0), V(1, 1, 1)),
                                Triangle(V(0, 0, 0), V(1, 0, 0), V(0, 1, 0)),
                                Plane(0, 0, 1, 2),
                                Sphere(0, 0, 0, 1),
                                Capsule(V(0, 0, 0), V(0, 0, 1), 0.5),
                                Aabb(0, 0, 0, 1, 2, 3),
                                Obb(V(0, 0, 0), V(1, 2, 3), RotZ(0.3)),
                                Ellipsoid(0, 0, 0, 1, 2, 3),
                                Circle(0, 0, 1),
                                Rect(0, 0, 1, 1)};
    const double bad[] = {kNaN, kInf, -kInf, 4 * static_cast<double>(COL_HUGE), -4 * static_cast<double>(COL_HUGE)};
    for (const col_shape &s : shapes) {
        for (int i = 0; i < RealCount(s.kind); ++i) {
            for (double b : bad) {
                col_shape t = s;
                Reals(t)[i] = R(b);
                EXPECT_FALSE(col_shape_is_valid(&t)) << col_shape_kind_name(s.kind) << " field " << i << " = " << b;
            }
        }
    }
}

TEST(Validators, RejectNegativeSizes) {
    col_shape s = Sphere(0, 0, 0, -1e-30);
    EXPECT_FALSE(col_shape_is_valid(&s));
    s = Capsule(V(0, 0, 0), V(1, 0, 0), -1);
    EXPECT_FALSE(col_shape_is_valid(&s));
    s = Obb(V(0, 0, 0), V(1, -0.5, 1), col_m3_identity());
    EXPECT_FALSE(col_shape_is_valid(&s));
    s = Ellipsoid(0, 0, 0, 1, 1, -1);
    EXPECT_FALSE(col_shape_is_valid(&s));
    s = Circle(0, 0, -2);
    EXPECT_FALSE(col_shape_is_valid(&s));
    s = Aabb(0, 0, 0, 1, -1, 1); // max.y < min.y
    EXPECT_FALSE(col_shape_is_valid(&s));
    s = Rect(2, 0, 1, 1);
    EXPECT_FALSE(col_shape_is_valid(&s));
}

TEST(Validators, RejectNonOrthonormalObbAxes) {
    col_shape s = Obb(V(0, 0, 0), V(1, 1, 1), col_m3_cols(V(1, 0, 0), V(0.1, 1, 0), V(0, 0, 1)));
    EXPECT_FALSE(col_shape_is_valid(&s));
    s = Obb(V(0, 0, 0), V(1, 1, 1), col_m3_cols(V(1.001, 0, 0), V(0, 1, 0), V(0, 0, 1)));
    EXPECT_FALSE(col_shape_is_valid(&s));
    s = Obb(V(0, 0, 0), V(1, 1, 1), col_m3_from_axis_angle(V(1, 1, 1), R(0.9)));
    EXPECT_TRUE(col_shape_is_valid(&s));
}

TEST(Validators, PlaneNormalMustBeUnit) {
    col_plane p = {V(0, 0, 2), R(1)};
    EXPECT_FALSE(col_plane_is_valid(&p));
    p.n = V(0, 0, 0);
    EXPECT_FALSE(col_plane_is_valid(&p));
    p.n = V(0, 0, 1);
    EXPECT_TRUE(col_plane_is_valid(&p));
}

TEST(Validators, LineNeedsANonZeroDirection) {
    col_line l = {V(0, 0, 0), V(0, 0, 0)};
    EXPECT_FALSE(col_line_is_valid(&l));
    l.d = V(0, 1e-3, 0);
    EXPECT_TRUE(col_line_is_valid(&l));
    l.p = V(kNaN, 0, 0);
    EXPECT_FALSE(col_line_is_valid(&l));
}

TEST(PlaneMake, NormalizesAndKeepsThePointSet) {
    col_plane p = col_plane_make(V(0, 0, 2), R(4));
    EXPECT_TRUE(col_plane_is_valid(&p));
    EXPECT_EQ(p.n.z, R(1));
    EXPECT_EQ(p.d, R(2));
    col_plane q = col_plane_make(V(3, 4, 0), R(10)); // |n| = 5
    EXPECT_NEAR(q.n.x, 0.6, Ulps(1));
    EXPECT_NEAR(q.d, 2, Ulps(2));
    // Tiny and large normals are normalized without underflow or overflow.
    col_plane t = col_plane_make(V(1e-30, 0, 0), R(0));
    EXPECT_TRUE(col_plane_is_valid(&t));
    col_plane h = col_plane_make(V(1e9, 1e9, 0), R(0));
    EXPECT_TRUE(col_plane_is_valid(&h));
}

TEST(PlaneMake, ZeroOrNonFiniteNormalGivesAnInvalidPlane) {
    col_plane p = col_plane_make(V(0, 0, 0), R(1));
    EXPECT_FALSE(col_plane_is_valid(&p));
    p = col_plane_make(V(kNaN, 0, 1), R(1));
    EXPECT_FALSE(col_plane_is_valid(&p));
    p = col_plane_make(V(0, 0, 1), R(kInf));
    EXPECT_FALSE(col_plane_is_valid(&p));
}

TEST(PlaneFromPoints, CounterClockwiseFacesFront) {
    col_plane p = col_plane_from_points(V(0, 0, 5), V(1, 0, 5), V(0, 1, 5));
    EXPECT_TRUE(col_plane_is_valid(&p));
    EXPECT_EQ(p.n.z, R(1));
    EXPECT_NEAR(p.d, 5, Ulps(5));
    col_plane q = col_plane_from_points(V(0, 0, 5), V(0, 1, 5), V(1, 0, 5));
    EXPECT_EQ(q.n.z, R(-1));
    EXPECT_NEAR(q.d, -5, Ulps(5));
}

TEST(PlaneFromPoints, AllThreePointsLieOnThePlane) {
    col_vec3 a = V(1.0 / 3, 2, -1), b = V(4, -0.1, 2.5), c = V(-2, 1.0 / 7, 3);
    col_plane p = col_plane_from_points(a, b, c);
    for (col_vec3 x : {a, b, c}) EXPECT_NEAR(col_plane_signed_distance(&p, x), 0, Ulps(16));
}

TEST(PlaneFromPoints, CollinearOrCoincidentPointsGiveAnInvalidPlane) {
    col_plane p = col_plane_from_points(V(0, 0, 0), V(1, 1, 1), V(2, 2, 2));
    EXPECT_FALSE(col_plane_is_valid(&p));
    p = col_plane_from_points(V(1, 1, 1), V(1, 1, 1), V(0, 0, 0));
    EXPECT_FALSE(col_plane_is_valid(&p));
}

TEST(PlaneFromPointNormal, PassesThroughThePoint) {
    col_plane p = col_plane_from_point_normal(V(1, 2, 3), V(0, 3, 4));
    EXPECT_NEAR(col_plane_signed_distance(&p, V(1, 2, 3)), 0, Ulps(4));
    EXPECT_NEAR(p.n.y, 0.6, Ulps(1));
    col_plane bad = col_plane_from_point_normal(V(1, 2, 3), V(0, 0, 0));
    EXPECT_FALSE(col_plane_is_valid(&bad));
}

TEST(Obb, FromAabbHasIdentityAxesAndSameBox) {
    col_aabb b = {V(-1, 0, 2), V(3, 1, 2)};
    col_obb o = col_obb_from_aabb(&b);
    EXPECT_TRUE(col_obb_is_valid(&o));
    EXPECT_EQ(o.c.x, R(1));
    EXPECT_EQ(o.e.x, R(2));
    EXPECT_EQ(o.e.z, R(0));
    EXPECT_EQ(o.u[1].y, R(1));
}

TEST(Obb, AxesAreTheColumnsOfTheRotation) {
    col_mat3 r = col_m3_from_axis_angle(V(0, 0, 1), R(0.5));
    col_obb o = col_obb_make(V(1, 2, 3), V(1, 2, 3), r);
    col_mat3 m = col_obb_axes(&o);
    EXPECT_EQ(m.c0.x, r.c0.x);
    EXPECT_EQ(m.c0.y, r.c0.y);
    EXPECT_EQ(m.c1.x, r.c1.x);
    EXPECT_EQ(m.c2.z, r.c2.z);
    EXPECT_EQ(m.c1.y, o.u[1].y);
}

// col_obb_is_valid against the rule written out here: the centre within
// COL_HUGE, the extents in [0, COL_HUGE], every column's squared length
// within the tolerance of 1 and every two columns' dot product within it of
// 0, each dot summed x, y, z.
// Turned boxes whose axes are moved about the tolerance, one number at a
// time made NaN, infinite, huge or negative.
TEST(Obb, ValidityIsTheRuleAtItsEdges) {
    auto dot = [](col_vec3 a, col_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; };
    const col_real tol = static_cast<col_real>(COL_ORTHONORMAL_TOLERANCE), huge = static_cast<col_real>(COL_HUGE);
    auto rule = [&](const col_obb &o) {
        bool ok = std::fabs(o.c.x) <= huge && std::fabs(o.c.y) <= huge && std::fabs(o.c.z) <= huge;
        for (col_real e : {o.e.x, o.e.y, o.e.z}) ok = ok && e >= 0 && e <= huge;
        for (int i = 0; i < 3; ++i)
            for (int j = i; j < 3; ++j) ok = ok && std::fabs(dot(o.u[i], o.u[j]) - (i == j ? 1 : 0)) <= tol;
        return ok;
    };
    std::mt19937_64 rng(31);
    std::uniform_real_distribution<double> u(-1, 1);
    const col_real odd[] = {
        static_cast<col_real>(NAN), static_cast<col_real>(INFINITY), -static_cast<col_real>(INFINITY), 2 * huge, -1, 0};
    int valid = 0, n = 0;
    for (int it = 0; it < 30000; ++it, ++n) {
        col_vec3 axis = V(u(rng), u(rng), u(rng));
        if (col_v3_len_sq(axis) == 0) axis = V(0, 0, 1);
        col_obb o = col_obb_make(V(4 * u(rng), 4 * u(rng), 4 * u(rng)), V(u(rng) + 1, u(rng) + 1, u(rng) + 1),
                                 col_m3_from_axis_angle(axis, R(3 * u(rng))));
        col_real *x = &o.c.x;                                  // the 15 numbers
        if (it % 3 == 0) x[3 + it % 9] += R(tol * 4 * u(rng)); // an axis about the tolerance
        if (it % 5 == 0) x[it % 15] = odd[it % 6];
        bool want = rule(o);
        ASSERT_EQ(col_obb_is_valid(&o), want) << it;
        valid += want;
    }
    EXPECT_GT(valid, n / 4);
    EXPECT_LT(valid, n * 3 / 4);
}

TEST(Triangle, NormalIsUnitOrZero) {
    col_triangle t = {V(0, 0, 0), V(2, 0, 0), V(0, 3, 0)};
    col_vec3 n = col_triangle_normal(&t);
    EXPECT_EQ(n.z, R(1));
    col_triangle d = {V(0, 0, 0), V(1, 1, 1), V(2, 2, 2)};
    n = col_triangle_normal(&d);
    EXPECT_EQ(col_v3_len_sq(n), R(0));
}

TEST(Ray, ValidatorAllowsInfiniteRangeButNotNaN) {
    col_ray r = {V(0, 0, 0), V(1, 0, 0), R(1)};
    EXPECT_TRUE(col_ray_is_valid(&r));
    r.max_t = R(kInf);
    EXPECT_TRUE(col_ray_is_valid(&r)); // an unbounded ray
    r.delta = V(0, 0, 0);
    EXPECT_TRUE(col_ray_is_valid(&r)); // a point query
    r.max_t = R(-1);
    EXPECT_FALSE(col_ray_is_valid(&r));
    r.max_t = R(kNaN);
    EXPECT_FALSE(col_ray_is_valid(&r));
    r = {V(0, 0, 0), V(kInf, 0, 0), R(1)};
    EXPECT_FALSE(col_ray_is_valid(&r));
}

TEST(Polytope, ValidatorChecksEveryPoint) {
    col_vec3 pts[3] = {V(0, 0, 0), V(1, 0, 0), V(0, 1, 0)};
    col_polytope p = {pts, 3};
    EXPECT_TRUE(col_polytope_is_valid(&p));
    p.count = 0;
    EXPECT_FALSE(col_polytope_is_valid(&p));
    p = {nullptr, 3};
    EXPECT_FALSE(col_polytope_is_valid(&p));
    pts[2].z = R(kNaN);
    p = {pts, 3};
    EXPECT_FALSE(col_polytope_is_valid(&p));
    p.count = 2; // the bad point is not part of it
    EXPECT_TRUE(col_polytope_is_valid(&p));
}

TEST(Frustum, FromCameraContainsWhatTheCameraSees) {
    // Camera at (0, 0, 5) looking down -z, 90 degrees vertical, aspect 2, near 1, far 10.
    col_frustum f = col_frustum_from_camera(V(0, 0, 5), V(0, 0, -3), V(0, 2, 0), R(M_PI / 2), R(2), R(1), R(10));
    ASSERT_TRUE(col_frustum_is_valid(&f));
    auto inside = [&](col_vec3 p) {
        for (const col_plane &pl : f.planes)
            if (col_plane_signed_distance(&pl, p) < -Ulps(10, 8)) return false;
        return true;
    };
    EXPECT_TRUE(inside(V(0, 0, 0)));     // 5 ahead
    EXPECT_TRUE(inside(V(0, 0, 4)));     // exactly on the near plane
    EXPECT_FALSE(inside(V(0, 0, 4.25))); // before near
    EXPECT_TRUE(inside(V(0, 0, -5)));    // exactly on the far plane
    EXPECT_FALSE(inside(V(0, 0, -5.25)));
    EXPECT_TRUE(inside(V(0, 4.75, 0))); // tan(45) = 1: half height 5 at distance 5
    EXPECT_FALSE(inside(V(0, 5.25, 0)));
    EXPECT_TRUE(inside(V(9.75, 0, 0))); // aspect 2: half width 10
    EXPECT_FALSE(inside(V(10.25, 0, 0)));
    EXPECT_FALSE(inside(V(0, 0, 6))); // behind the camera
    // right = forward x up = (-z) x y = +x: the right plane's normal points to -x
    EXPECT_LT(f.planes[COL_FRUSTUM_RIGHT].n.x, R(0));
    EXPECT_GT(f.planes[COL_FRUSTUM_LEFT].n.x, R(0));
    EXPECT_GT(f.planes[COL_FRUSTUM_BOTTOM].n.y, R(0));
}

TEST(Frustum, InvalidCameraParametersGiveAnInvalidFrustum) {
    col_vec3 p = V(0, 0, 0), fw = V(0, 0, -1), up = V(0, 1, 0);
    const double pi = M_PI;
    col_frustum bad[] = {
        col_frustum_from_camera(p, fw, fw, R(1), R(1), R(1), R(10)),         // up parallel to forward
        col_frustum_from_camera(p, V(0, 0, 0), up, R(1), R(1), R(1), R(10)), // zero forward
        col_frustum_from_camera(p, fw, up, R(0), R(1), R(1), R(10)),         // zero fov
        col_frustum_from_camera(p, fw, up, R(pi), R(1), R(1), R(10)),        // fov of pi
        col_frustum_from_camera(p, fw, up, R(1), R(0), R(1), R(10)),         // zero aspect
        col_frustum_from_camera(p, fw, up, R(1), R(1), R(0), R(10)),         // near at the eye
        col_frustum_from_camera(p, fw, up, R(1), R(1), R(2), R(2)),          // far == near
        col_frustum_from_camera(p, fw, up, R(kNaN), R(1), R(1), R(10)),
        col_frustum_from_camera(V(kInf, 0, 0), fw, up, R(1), R(1), R(1), R(10)),
    };
    for (const col_frustum &f : bad) EXPECT_FALSE(col_frustum_is_valid(&f));
    col_frustum tilted =
        col_frustum_from_camera(p, fw, V(0.3, 1, 0.2), R(1), R(1), R(1), R(10)); // up not perpendicular
    EXPECT_TRUE(col_frustum_is_valid(&tilted));
}

TEST(PlaneFromPoints, HugeTrianglesStillHaveAPlaneAndANormal) {
    // The cross product of the edges exceeds COL_HUGE; the normal must not be refused for that.
    double h = static_cast<double>(COL_HUGE) / 4;
    col_plane p = col_plane_from_points(V(-h, -h, 0), V(h, -h, 0), V(0, h, 0));
    EXPECT_TRUE(col_plane_is_valid(&p));
    EXPECT_EQ(p.n.z, R(1));
    col_triangle t = {V(-h, -h, 0), V(h, -h, 0), V(0, h, 0)};
    EXPECT_EQ(col_triangle_normal(&t).z, R(1));
    col_triangle bad = {V(kNaN, 0, 0), V(1, 0, 0), V(0, 1, 0)};
    EXPECT_EQ(col_v3_len_sq(col_triangle_normal(&bad)), R(0));
}
