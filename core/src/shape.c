/* Generic shape, one shape at a time (collide/shape.h): kind names and sizes,
 * validation and bounds. The pairs are dispatch.c's, the classification against
 * a plane plane.c's, the ray cast raycast.c's. */
#include "collide/collide.h"
#include "box.h"
#include "distance_private.h"
#include "pairs.h"
#include "ray.h"

#include <string.h>

static const char *const kind_names[COL_SHAPE_KIND_COUNT] = {"point",     "segment",  "triangle", "plane",
                                                             "sphere",    "capsule",  "aabb",     "obb",
                                                             "ellipsoid", "polytope", "circle",   "rect"};

const char *col_shape_kind_name(col_shape_kind kind) {
    if ((int)kind < 0 || kind >= COL_SHAPE_KIND_COUNT) return "invalid";
    return kind_names[kind];
}

bool col_shape_kind_is_2d(col_shape_kind kind) { return kind == COL_SHAPE_CIRCLE || kind == COL_SHAPE_RECT; }

bool col__kind_data_is_valid(col_shape_kind kind, const void *data) {
    switch (kind) {
    case COL_SHAPE_POINT: return col__valid_point(data);
    case COL_SHAPE_SEGMENT: return col__valid_segment(data);
    case COL_SHAPE_TRIANGLE: return col__valid_triangle(data);
    case COL_SHAPE_PLANE: return col__valid_plane(data);
    case COL_SHAPE_SPHERE: return col__valid_sphere(data);
    case COL_SHAPE_CAPSULE: return col__valid_capsule(data);
    case COL_SHAPE_AABB: return col__valid_aabb(data);
    case COL_SHAPE_OBB: return col__valid_obb(data);
    case COL_SHAPE_ELLIPSOID: return col__valid_ellipsoid(data);
    case COL_SHAPE_POLYTOPE: return col_polytope_is_valid(data);
    case COL_SHAPE_CIRCLE: return col_circle_is_valid(data);
    case COL_SHAPE_RECT: return col_rect_is_valid(data);
    default: return false;
    }
}

bool col_shape_is_valid(const col_shape *s) { return col__kind_data_is_valid(s->kind, &s->u); }

/* Size of the struct of each kind (pairs.h). */
const size_t col__kind_sizes[COL_SHAPE_KIND_COUNT] = {sizeof(col_point),    sizeof(col_segment), sizeof(col_triangle),
                                                      sizeof(col_plane),    sizeof(col_sphere),  sizeof(col_capsule),
                                                      sizeof(col_aabb),     sizeof(col_obb),     sizeof(col_ellipsoid),
                                                      sizeof(col_polytope), sizeof(col_circle),  sizeof(col_rect)};

size_t col_shape_kind_size(col_shape_kind kind) { return col__kind_ok(kind) ? col__kind_sizes[kind] : 0; }

static col_aabb box_of_points(const col_vec3 *p, int n, col_real r) {
    col_aabb b = col__points_box(p, (size_t)n);
    b.min = col_v3_sub(b.min, col_v3(r, r, r));
    b.max = col_v3_add(b.max, col_v3(r, r, r));
    return b;
}

bool col_shape_bounds(const col_shape *s, col_aabb *out) {
    if (!col_shape_is_valid(s)) return false;
    switch (s->kind) {
    case COL_SHAPE_POINT: *out = box_of_points(&s->u.point.p, 1, 0); return true;
    case COL_SHAPE_SEGMENT: {
        const col_vec3 p[2] = {s->u.segment.a, s->u.segment.b};
        *out = box_of_points(p, 2, 0);
        return true;
    }
    case COL_SHAPE_TRIANGLE: {
        const col_vec3 p[3] = {s->u.triangle.a, s->u.triangle.b, s->u.triangle.c};
        *out = box_of_points(p, 3, 0);
        return true;
    }
    case COL_SHAPE_SPHERE: *out = box_of_points(&s->u.sphere.c, 1, s->u.sphere.r); return true;
    case COL_SHAPE_CAPSULE: {
        const col_vec3 p[2] = {s->u.capsule.a, s->u.capsule.b};
        *out = box_of_points(p, 2, s->u.capsule.r);
        return true;
    }
    case COL_SHAPE_AABB: *out = s->u.aabb; return true;
    case COL_SHAPE_OBB: *out = col_aabb_from_obb(&s->u.obb); return true;
    case COL_SHAPE_ELLIPSOID:
        out->min = col_v3_sub(s->u.ellipsoid.c, s->u.ellipsoid.r);
        out->max = col_v3_add(s->u.ellipsoid.c, s->u.ellipsoid.r);
        return true;
    case COL_SHAPE_POLYTOPE: *out = box_of_points(s->u.polytope.points, s->u.polytope.count, 0); return true;
    default: return false; /* plane (unbounded), circle and rect (2D) */
    }
}

bool col_shape_translate(const col_shape *s, col_vec3 d, col_vec3 *points, col_shape *out) {
    if (!s || !out || !col_shape_is_valid(s) || !col_v3_is_valid(d)) return false;
    return col__shape_translate_valid(s, d, points, out);
}

bool col__shape_translate_valid(const col_shape *s, col_vec3 d, col_vec3 *points, col_shape *out) {
    col_shape t = *s;
    switch (s->kind) {
    case COL_SHAPE_POINT: t.u.point.p = col_v3_add(s->u.point.p, d); break;
    case COL_SHAPE_SEGMENT:
        t.u.segment.a = col_v3_add(s->u.segment.a, d);
        t.u.segment.b = col_v3_add(s->u.segment.b, d);
        break;
    case COL_SHAPE_PLANE: t.u.plane.d = s->u.plane.d + col_v3_dot(s->u.plane.n, d); break;
    case COL_SHAPE_TRIANGLE:
        t.u.triangle.a = col_v3_add(s->u.triangle.a, d);
        t.u.triangle.b = col_v3_add(s->u.triangle.b, d);
        t.u.triangle.c = col_v3_add(s->u.triangle.c, d);
        break;
    case COL_SHAPE_SPHERE: t.u.sphere.c = col_v3_add(s->u.sphere.c, d); break;
    case COL_SHAPE_CAPSULE:
        t.u.capsule.a = col_v3_add(s->u.capsule.a, d);
        t.u.capsule.b = col_v3_add(s->u.capsule.b, d);
        break;
    case COL_SHAPE_AABB:
        t.u.aabb.min = col_v3_add(s->u.aabb.min, d);
        t.u.aabb.max = col_v3_add(s->u.aabb.max, d);
        break;
    case COL_SHAPE_OBB: t.u.obb.c = col_v3_add(s->u.obb.c, d); break;
    case COL_SHAPE_ELLIPSOID: t.u.ellipsoid.c = col_v3_add(s->u.ellipsoid.c, d); break;
    case COL_SHAPE_CIRCLE: t.u.circle.c = col_v2_add(s->u.circle.c, col_v2(d.x, d.y)); break;
    case COL_SHAPE_RECT:
        t.u.rect.min = col_v2_add(s->u.rect.min, col_v2(d.x, d.y));
        t.u.rect.max = col_v2_add(s->u.rect.max, col_v2(d.x, d.y));
        break;
    case COL_SHAPE_POLYTOPE:
        if (!points) return false;
        for (int i = 0; i < s->u.polytope.count; ++i) points[i] = col_v3_add(s->u.polytope.points[i], d);
        t.u.polytope.points = points;
        break;
    default: return false;
    }
    if (!col_shape_is_valid(&t)) return false;
    *out = t;
    return true;
}
