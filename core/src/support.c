/*
 * Support functions and proxies (collide/gjk.h: col_support): a convex shape
 * becomes a proxy once, here, and GJK, EPA and the general sweep see only
 * proxies (convex.h). Cores: a sphere is a point, a capsule a segment, each
 * with its radius.
 */
#include "convex.h"

#include <string.h>

bool col_support_supported(col_shape_kind kind) {
    return (int)kind >= 0 && kind < COL_SHAPE_KIND_COUNT && kind != COL_SHAPE_PLANE && !col_shape_kind_is_2d(kind);
}

/* The reference point of a valid shape: the origin of the frame. */
col_vec3 col__shape_ref(const col_shape *s) {
    switch (s->kind) {
    case COL_SHAPE_POINT: return s->u.point.p;
    case COL_SHAPE_SEGMENT: return s->u.segment.a;
    case COL_SHAPE_TRIANGLE: return s->u.triangle.a;
    case COL_SHAPE_SPHERE: return s->u.sphere.c;
    case COL_SHAPE_CAPSULE: return s->u.capsule.a;
    case COL_SHAPE_AABB: return col_v3_scale(col_v3_add(s->u.aabb.min, s->u.aabb.max), COL_R(0.5));
    case COL_SHAPE_OBB: return s->u.obb.c;
    case COL_SHAPE_ELLIPSOID: return s->u.ellipsoid.c;
    case COL_SHAPE_POLYTOPE: return s->u.polytope.points[0];
    case COL_SHAPE_PLANE: return col_v3_scale(s->u.plane.n, s->u.plane.d);
    default: return col_v3(0, 0, 0);
    }
}

/* The core of a valid convex shape in the frame at o, moved by shift. */
void col__proxy_make(const col_shape *s, col_vec3 o, col_vec3 shift, col__proxy *out) {
    /* Only the fields the core's type reads are written (zeroing the
     * whole struct, 240 bytes, was a tenth of a warm-started GJK repeat):
     * the support functions and every other reader look at the fields of
     * out->type alone. The defaults: no radius, the type an invalid kind's
     * (its first point, zero). */
    out->type = COL__SUPPORT_POINT;
    out->p[0] = col_v3(0, 0, 0);
    out->radius = COL_R(0.0);
    out->shift = shift;
    col_real size = COL_R(0.0);
    switch (s->kind) {
    case COL_SHAPE_POINT:
    case COL_SHAPE_SPHERE:
        out->type = COL__SUPPORT_POINT;
        out->p[0] = col_v3_sub(s->kind == COL_SHAPE_POINT ? s->u.point.p : s->u.sphere.c, o);
        out->radius = s->kind == COL_SHAPE_SPHERE ? s->u.sphere.r : COL_R(0.0);
        size = col__max_abs3(out->p[0]);
        break;
    case COL_SHAPE_SEGMENT:
    case COL_SHAPE_CAPSULE: {
        col_segment g = {s->u.segment.a, s->u.segment.b};
        if (s->kind == COL_SHAPE_CAPSULE) {
            g.a = s->u.capsule.a;
            g.b = s->u.capsule.b;
            out->radius = s->u.capsule.r;
        }
        out->type = COL__SUPPORT_SEGMENT;
        out->p[0] = col_v3_sub(g.a, o);
        out->p[1] = col_v3_sub(g.b, o);
        size = col_max(col__max_abs3(out->p[0]), col__max_abs3(out->p[1]));
        break;
    }
    case COL_SHAPE_TRIANGLE:
        out->type = COL__SUPPORT_TRIANGLE;
        out->p[0] = col_v3_sub(s->u.triangle.a, o);
        out->p[1] = col_v3_sub(s->u.triangle.b, o);
        out->p[2] = col_v3_sub(s->u.triangle.c, o);
        for (int i = 0; i < 3; ++i) size = col_max(size, col__max_abs3(out->p[i]));
        break;
    case COL_SHAPE_AABB:
        out->type = COL__SUPPORT_BOX;
        out->p[0] = col_v3_sub(col_v3_scale(col_v3_add(s->u.aabb.min, s->u.aabb.max), COL_R(0.5)), o);
        out->p[1] = col_v3_scale(col_v3_sub(s->u.aabb.max, s->u.aabb.min), COL_R(0.5));
        size = col__max_abs3(out->p[0]) + col__max_abs3(out->p[1]);
        break;
    case COL_SHAPE_OBB:
        out->type = COL__SUPPORT_OBB;
        out->p[0] = col_v3_sub(s->u.obb.c, o);
        for (int i = 0; i < 3; ++i) out->u[i] = s->u.obb.u[i];
        out->e = s->u.obb.e;
        size = col__max_abs3(out->p[0]) + s->u.obb.e.x + s->u.obb.e.y + s->u.obb.e.z;
        break;
    case COL_SHAPE_ELLIPSOID:
        out->p[0] = col_v3_sub(s->u.ellipsoid.c, o);
        size = col__max_abs3(out->p[0]) + col__max_abs3(s->u.ellipsoid.r);
        col_vec3 h;
        if (col__ellipsoid_linear(&s->u.ellipsoid, &h)) {
            /* two radii 0 (or below an ulp of its coordinates): the segment
             * c -+ r along the third (with two radii 0, the ellipsoid's
             * support there, bit for bit: c + r (q / |q|) with q / |q| = +-1
             * exactly), or all three: the point c */
            out->type = col__same_point(h, col_v3(0, 0, 0)) ? COL__SUPPORT_POINT : COL__SUPPORT_SEGMENT;
            out->p[1] = col_v3_add(out->p[0], h);
            out->p[0] = col_v3_sub(out->p[0], h);
            break;
        }
        out->type = COL__SUPPORT_ELLIPSOID;
        out->e = s->u.ellipsoid.r;
        break;
    case COL_SHAPE_POLYTOPE:
        out->type = COL__SUPPORT_POINTS;
        out->pts = s->u.polytope.points;
        out->count = s->u.polytope.count;
        out->origin = o;
        for (int i = 0; i < out->count; ++i) size = col_max(size, col__max_abs3(col_v3_sub(out->pts[i], o)));
        break;
    default: break;
    }
    out->size = size + out->radius + col__max_abs3(shift);
}

bool col_support(const col_shape *s, col_vec3 d, col_vec3 *out) {
    if (!col_support_supported(s->kind) || !col_shape_is_valid(s) || !col_v3_is_valid(d)) return false;
    col__proxy ss;
    col_vec3 o = col__shape_ref(s);
    col__proxy_make(s, o, col_v3(0, 0, 0), &ss);
    col_vec3 p = col__proxy_support(&ss, d);
    if (ss.radius > COL_R(0.0)) p = col_v3_madd(p, ss.radius, col__unit_or(d, col_v3(0, 0, 0)));
    *out = col_v3_add(p, o);
    return true;
}
