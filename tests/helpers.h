// Shared helpers of the GoogleTest suites: shape builders taking doubles (so
// the same test source serves the double and the float build), a symmetric
// overlap check through the generic dispatch, and translation of any shape.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "collide/collide.h"

namespace ct {

// The number of cases a long randomized test runs: all n in the plain builds,
// a quarter under the sanitizers (COLLIDE_TEST_SANITIZED), which look for
// memory errors and undefined behaviour, not roundings, and run the cases
// many times slower (the longest tests took a minute of CI's ASan run). The
// plain double and float builds run every case.
constexpr int CaseCount(int n) {
#ifdef COLLIDE_TEST_SANITIZED
    return n / 4;
#else
    return n;
#endif
}

inline col_real R(double x) { return static_cast<col_real>(x); }
inline col_vec3 V(double x, double y, double z) { return col_v3(R(x), R(y), R(z)); }

// A few ulps of `scale` in the configured precision: the band within which a
// touching configuration may go either way after rounding.
inline double Ulps(double scale, double n = 8) { return n * static_cast<double>(COL_EPSILON) * scale; }

// A gap that is exact both near the origin and 2^20 away from it, in the
// configured precision: 2^-16 in double, 2^-3 in float.
inline const double kGap = sizeof(col_real) == sizeof(float) ? 0.125 : 1.52587890625e-05;

inline const double kNaN = std::numeric_limits<double>::quiet_NaN();
inline const double kInf = std::numeric_limits<double>::infinity();

inline col_shape Point(double x, double y, double z) {
    col_shape s{};
    s.kind = COL_SHAPE_POINT;
    s.u.point.p = V(x, y, z);
    return s;
}
inline col_shape Segment(col_vec3 a, col_vec3 b) {
    col_shape s{};
    s.kind = COL_SHAPE_SEGMENT;
    s.u.segment.a = a;
    s.u.segment.b = b;
    return s;
}
inline col_shape Triangle(col_vec3 a, col_vec3 b, col_vec3 c) {
    col_shape s{};
    s.kind = COL_SHAPE_TRIANGLE;
    s.u.triangle.a = a;
    s.u.triangle.b = b;
    s.u.triangle.c = c;
    return s;
}
inline col_shape Plane(double nx, double ny, double nz, double d) {
    col_shape s{};
    s.kind = COL_SHAPE_PLANE;
    s.u.plane = col_plane_make(V(nx, ny, nz), R(d));
    return s;
}
inline col_shape Sphere(double x, double y, double z, double r) {
    col_shape s{};
    s.kind = COL_SHAPE_SPHERE;
    s.u.sphere.c = V(x, y, z);
    s.u.sphere.r = R(r);
    return s;
}
inline col_shape Capsule(col_vec3 a, col_vec3 b, double r) {
    col_shape s{};
    s.kind = COL_SHAPE_CAPSULE;
    s.u.capsule.a = a;
    s.u.capsule.b = b;
    s.u.capsule.r = R(r);
    return s;
}
inline col_shape Aabb(double x0, double y0, double z0, double x1, double y1, double z1) {
    col_shape s{};
    s.kind = COL_SHAPE_AABB;
    s.u.aabb.min = V(x0, y0, z0);
    s.u.aabb.max = V(x1, y1, z1);
    return s;
}
inline col_shape Obb(col_vec3 c, col_vec3 e, col_mat3 axes) {
    col_shape s{};
    s.kind = COL_SHAPE_OBB;
    s.u.obb = col_obb_make(c, e, axes);
    return s;
}
inline col_shape Ellipsoid(double x, double y, double z, double rx, double ry, double rz) {
    col_shape s{};
    s.kind = COL_SHAPE_ELLIPSOID;
    s.u.ellipsoid.c = V(x, y, z);
    s.u.ellipsoid.r = V(rx, ry, rz);
    return s;
}
inline col_shape Circle(double x, double y, double r) {
    col_shape s{};
    s.kind = COL_SHAPE_CIRCLE;
    s.u.circle.c = col_v2(R(x), R(y));
    s.u.circle.r = R(r);
    return s;
}
inline col_shape Rect(double x0, double y0, double x1, double y1) {
    col_shape s{};
    s.kind = COL_SHAPE_RECT;
    s.u.rect.min = col_v2(R(x0), R(y0));
    s.u.rect.max = col_v2(R(x1), R(y1));
    return s;
}

// A polytope shape over points the caller keeps alive.
inline col_shape Polytope(const col_vec3 *points, int count) {
    col_shape s{};
    s.kind = COL_SHAPE_POLYTOPE;
    s.u.polytope.points = points;
    s.u.polytope.count = count;
    return s;
}

inline col_mat3 RotZ(double angle) { return col_m3_from_axis_angle(V(0, 0, 1), R(angle)); }
inline col_mat3 RotAxis(col_vec3 axis, double angle) { return col_m3_from_axis_angle(axis, R(angle)); }

// Number of col_real fields of a shape kind (every shape is a sequence of reals).
inline int RealCount(col_shape_kind kind) {
    switch (kind) {
    case COL_SHAPE_POINT: return 3;
    case COL_SHAPE_SEGMENT: return 6;
    case COL_SHAPE_TRIANGLE: return 9;
    case COL_SHAPE_PLANE: return 4;
    case COL_SHAPE_SPHERE: return 4;
    case COL_SHAPE_CAPSULE: return 7;
    case COL_SHAPE_AABB: return 6;
    case COL_SHAPE_OBB: return 15;
    case COL_SHAPE_ELLIPSOID: return 6;
    case COL_SHAPE_CIRCLE: return 3;
    case COL_SHAPE_RECT: return 4;
    default: return 0;
    }
}
inline col_real *Reals(col_shape &s) { return reinterpret_cast<col_real *>(&s.u); }

// The shape moved by t (a plane keeps its normal and shifts its offset).
inline col_shape Translated(col_shape s, col_vec3 t) {
    auto mv = [&](col_vec3 &p) { p = col_v3_add(p, t); };
    switch (s.kind) {
    case COL_SHAPE_POINT: mv(s.u.point.p); break;
    case COL_SHAPE_SEGMENT:
        mv(s.u.segment.a);
        mv(s.u.segment.b);
        break;
    case COL_SHAPE_TRIANGLE:
        mv(s.u.triangle.a);
        mv(s.u.triangle.b);
        mv(s.u.triangle.c);
        break;
    case COL_SHAPE_PLANE: s.u.plane.d += col_v3_dot(s.u.plane.n, t); break;
    case COL_SHAPE_SPHERE: mv(s.u.sphere.c); break;
    case COL_SHAPE_CAPSULE:
        mv(s.u.capsule.a);
        mv(s.u.capsule.b);
        break;
    case COL_SHAPE_AABB:
        mv(s.u.aabb.min);
        mv(s.u.aabb.max);
        break;
    case COL_SHAPE_OBB: mv(s.u.obb.c); break;
    case COL_SHAPE_ELLIPSOID: mv(s.u.ellipsoid.c); break;
    case COL_SHAPE_CIRCLE: s.u.circle.c = col_v2_add(s.u.circle.c, col_v2(t.x, t.y)); break;
    case COL_SHAPE_RECT:
        s.u.rect.min = col_v2_add(s.u.rect.min, col_v2(t.x, t.y));
        s.u.rect.max = col_v2_add(s.u.rect.max, col_v2(t.x, t.y));
        break;
    default: break;
    }
    return s;
}

// col_overlap in both orders; fails the test when the two orders disagree.
inline bool Overlap(const col_shape &a, const col_shape &b) {
    bool ab = col_overlap(&a, &b), ba = col_overlap(&b, &a);
    EXPECT_EQ(ab, ba) << "asymmetric: " << col_shape_kind_name(a.kind) << " vs " << col_shape_kind_name(b.kind);
    return ab;
}

// Overlap both ways, also after translating both shapes far from the origin by
// an offset that keeps dyadic coordinates exact (2^20 ~ 1e6).
inline bool OverlapEverywhere(const col_shape &a, const col_shape &b) {
    bool here = Overlap(a, b);
    col_vec3 far = V(1048576.0, -1048576.0, 1048576.0);
    if (col_shape_kind_is_2d(a.kind)) far = V(1048576.0, -1048576.0, 0.0);
    bool there = Overlap(Translated(a, far), Translated(b, far));
    EXPECT_EQ(here, there) << "result changes 2^20 from the origin";
    return here;
}

} // namespace ct
