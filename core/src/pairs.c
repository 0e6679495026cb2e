/*
 * The pair table and the symmetric dispatch over it (collide/shape.h):
 * col_overlap, col_sweep and the questions about pairs (supported? exact?
 * closed form?), all answered from one constant table built at compile time
 * (in the spirit of Box2D v3's s_registers). The pair ordering they use is
 * order.c's.
 */
#include "pairs.h"

#include <string.h>

#include "box.h"
#include "distance_private.h"
#include "ray.h"

/* ------------------------- the overlap tests ------------------------- */

/* Degenerate conversions: a point is a sphere of radius 0, a segment a
 * capsule of radius 0. */
static col_sphere as_sphere(const col_shape *s) {
    if (s->kind == COL_SHAPE_SPHERE) return s->u.sphere;
    col_sphere r = {s->u.point.p, 0};
    return r;
}
static col_capsule as_capsule(const col_shape *s) {
    if (s->kind == COL_SHAPE_CAPSULE) return s->u.capsule;
    col_capsule c = {s->u.segment.a, s->u.segment.b, 0};
    return c;
}

/* Each adapter takes the pair ordered by kind (a->kind <= b->kind). */
static int ov_point_point(const col_shape *a, const col_shape *b) {
    /* exact: a squared distance could underflow to 0 for distinct points */
    if (!col__valid_point(&a->u.point) || !col__valid_point(&b->u.point)) return 0;
    return a->u.point.p.x == b->u.point.p.x && a->u.point.p.y == b->u.point.p.y && a->u.point.p.z == b->u.point.p.z;
}
static int ov_spheres(const col_shape *a, const col_shape *b) { /* point or sphere, twice */
    col_sphere sa = as_sphere(a), sb = as_sphere(b);
    return col_overlap_sphere_sphere(&sa, &sb);
}
static int ov_sphere_capsule(const col_shape *a, const col_shape *b) { /* point/sphere a, segment/capsule b */
    col_sphere sa = as_sphere(a);
    col_capsule cb = as_capsule(b);
    return col_overlap_capsule_sphere(&cb, &sa);
}
static int ov_capsule_sphere(const col_shape *a, const col_shape *b) { /* segment a, sphere b */
    col_capsule ca = as_capsule(a);
    col_sphere sb = as_sphere(b);
    return col_overlap_capsule_sphere(&ca, &sb);
}
static int ov_capsules(const col_shape *a, const col_shape *b) {
    col_capsule ca = as_capsule(a), cb = as_capsule(b);
    return col_overlap_capsule_capsule(&ca, &cb);
}
static int ov_segment_segment(const col_shape *a, const col_shape *b) {
    return col_overlap_segment_segment(&a->u.segment, &b->u.segment);
}
static int ov_point_triangle(const col_shape *a, const col_shape *b) {
    col_sphere sa = as_sphere(a);
    return col_overlap_sphere_triangle(&sa, &b->u.triangle);
}
static int ov_segment_triangle(const col_shape *a, const col_shape *b) {
    return col_overlap_segment_triangle(&a->u.segment, &b->u.triangle);
}
static int ov_triangle_triangle(const col_shape *a, const col_shape *b) {
    return col_overlap_triangle_triangle(&a->u.triangle, &b->u.triangle);
}
static int ov_triangle_sphere(const col_shape *a, const col_shape *b) {
    return col_overlap_sphere_triangle(&b->u.sphere, &a->u.triangle);
}
static int ov_triangle_aabb(const col_shape *a, const col_shape *b) {
    return col_overlap_aabb_triangle(&b->u.aabb, &a->u.triangle);
}
static int ov_triangle_obb(const col_shape *a, const col_shape *b) {
    return col_overlap_obb_triangle(&b->u.obb, &a->u.triangle);
}
static int ov_point_plane(const col_shape *a, const col_shape *b) {
    return col_overlap_point_plane(&a->u.point, &b->u.plane);
}
static int ov_segment_plane(const col_shape *a, const col_shape *b) {
    return col_overlap_segment_plane(&a->u.segment, &b->u.plane);
}
static int ov_triangle_plane(const col_shape *a, const col_shape *b) {
    return col_overlap_triangle_plane(&a->u.triangle, &b->u.plane);
}
static int ov_plane_sphere(const col_shape *a, const col_shape *b) {
    return col_overlap_sphere_plane(&b->u.sphere, &a->u.plane);
}
static int ov_plane_capsule(const col_shape *a, const col_shape *b) {
    return col_overlap_capsule_plane(&b->u.capsule, &a->u.plane);
}
static int ov_plane_aabb(const col_shape *a, const col_shape *b) {
    return col_overlap_aabb_plane(&b->u.aabb, &a->u.plane);
}
static int ov_plane_obb(const col_shape *a, const col_shape *b) {
    return col_overlap_obb_plane(&b->u.obb, &a->u.plane);
}
static int ov_plane_ellipsoid(const col_shape *a, const col_shape *b) {
    return col_overlap_ellipsoid_plane(&b->u.ellipsoid, &a->u.plane);
}
static int ov_sphere_aabb(const col_shape *a, const col_shape *b) { /* point or sphere a */
    col_sphere sa = as_sphere(a);
    return col_overlap_aabb_sphere(&b->u.aabb, &sa);
}
static int ov_sphere_obb(const col_shape *a, const col_shape *b) { /* point or sphere a */
    col_sphere sa = as_sphere(a);
    return col_overlap_obb_sphere(&b->u.obb, &sa);
}
static int ov_segment_aabb(const col_shape *a, const col_shape *b) {
    return col_overlap_aabb_segment(&b->u.aabb, &a->u.segment);
}
static int ov_segment_obb(const col_shape *a, const col_shape *b) {
    return col_overlap_obb_segment(&b->u.obb, &a->u.segment);
}
static int ov_aabb_aabb(const col_shape *a, const col_shape *b) {
    return col_overlap_aabb_aabb(&a->u.aabb, &b->u.aabb);
}
static int ov_aabb_obb(const col_shape *a, const col_shape *b) { return col_overlap_aabb_obb(&a->u.aabb, &b->u.obb); }
static int ov_obb_obb(const col_shape *a, const col_shape *b) { return col_overlap_obb_obb(&a->u.obb, &b->u.obb); }
static int ov_point_ellipsoid(const col_shape *a, const col_shape *b) {
    return col_overlap_point_ellipsoid(&a->u.point, &b->u.ellipsoid);
}
static int ov_circle_circle(const col_shape *a, const col_shape *b) {
    return col_overlap_circle_circle(&a->u.circle, &b->u.circle);
}
static int ov_circle_rect(const col_shape *a, const col_shape *b) {
    return col_overlap_circle_rect(&a->u.circle, &b->u.rect);
}
static int ov_rect_rect(const col_shape *a, const col_shape *b) {
    return col_overlap_rect_rect(&a->u.rect, &b->u.rect);
}
static int ov_distance(const col_shape *a, const col_shape *b) { return col__overlap_by_distance(a, b); }

/* --------------------------- the sweeps --------------------------- */

static col_ray_hit cast_shape(const col_ray *r, const void *ctx) { return col_raycast((const col_shape *)ctx, r); }

/* A point against any shape with a ray cast: the cast of the relative motion. */
static col_sweep_hit sw_point_cast(const col_shape *a, col_vec3 da, const col_shape *b, col_vec3 db) {
    if (!col__valid_point(&a->u.point) || !col_shape_is_valid(b) || !col_v3_is_valid(da) || !col_v3_is_valid(db))
        return col__sweep_miss(COL_INVALID);
    col_sweep_hit h = col__sweep_cast(cast_shape, b, a->u.point.p, col_v3_sub(da, db));
    if (h.status == COL_HIT) h.point = col_v3_madd(h.point, h.t0, db);
    return h;
}
static col_sweep_hit sw_sphere_plane(const col_shape *a, col_vec3 da, const col_shape *b, col_vec3 db) {
    return col_sweep_sphere_plane(&a->u.sphere, da, &b->u.plane, db);
}
static col_sweep_hit sw_sphere_sphere(const col_shape *a, col_vec3 da, const col_shape *b, col_vec3 db) {
    return col_sweep_sphere_sphere(&a->u.sphere, da, &b->u.sphere, db);
}
static col_sweep_hit sw_aabb_aabb(const col_shape *a, col_vec3 da, const col_shape *b, col_vec3 db) {
    return col_sweep_aabb_aabb(&a->u.aabb, da, &b->u.aabb, db);
}
static col_sweep_hit sw_sphere_aabb(const col_shape *a, col_vec3 da, const col_shape *b, col_vec3 db) {
    return col_sweep_sphere_aabb(&a->u.sphere, da, &b->u.aabb, db);
}
static col_sweep_hit sw_sphere_triangle(const col_shape *a, col_vec3 da, const col_shape *b, col_vec3 db) {
    return col_sweep_sphere_triangle(&a->u.sphere, da, &b->u.triangle, db);
}
static col_sweep_hit sw_capsule_plane(const col_shape *a, col_vec3 da, const col_shape *b, col_vec3 db) {
    return col_sweep_capsule_plane(&a->u.capsule, da, &b->u.plane, db);
}

/* ------------------------------ the table ------------------------------ */

#define K(k) COL_SHAPE_##k
#define TEST(f)                                                                                                        \
    { f, COL__TEST, NULL }
#define CONV(f)                                                                                                        \
    { f, COL__CONVERT, NULL }
#define GJK                                                                                                            \
    { ov_distance, COL__DISTANCE, NULL }
#define CAST(f)                                                                                                        \
    { f, COL__CONVERT, sw_point_cast } /* a point's overlap and its sweep (the ray cast) */

/* [a][b] with a <= b by kind: the overlap test; [a][b] in either order: the
 * closed-form sweep taking (a, b). Anything not listed has neither. */
const col__pair col__pairs[COL_SHAPE_KIND_COUNT][COL_SHAPE_KIND_COUNT] = {
    [K(POINT)][K(POINT)] = {ov_point_point, COL__CONVERT, sw_point_cast},
    [K(POINT)][K(SEGMENT)] = CAST(ov_sphere_capsule),
    [K(POINT)][K(TRIANGLE)] = CAST(ov_point_triangle),
    [K(POINT)][K(PLANE)] = {ov_point_plane, COL__TEST, sw_point_cast},
    [K(POINT)][K(SPHERE)] = CAST(ov_spheres),
    [K(POINT)][K(CAPSULE)] = CAST(ov_sphere_capsule),
    [K(POINT)][K(AABB)] = CAST(ov_sphere_aabb),
    [K(POINT)][K(OBB)] = CAST(ov_sphere_obb),
    [K(POINT)][K(ELLIPSOID)] = {ov_point_ellipsoid, COL__TEST, sw_point_cast},
    [K(POINT)][K(POLYTOPE)] = GJK,
    [K(SEGMENT)][K(SEGMENT)] = TEST(ov_segment_segment),
    [K(SEGMENT)][K(TRIANGLE)] = TEST(ov_segment_triangle),
    [K(SEGMENT)][K(PLANE)] = TEST(ov_segment_plane),
    [K(SEGMENT)][K(SPHERE)] = CONV(ov_capsule_sphere),
    [K(SEGMENT)][K(CAPSULE)] = CONV(ov_capsules),
    [K(SEGMENT)][K(AABB)] = TEST(ov_segment_aabb),
    [K(SEGMENT)][K(OBB)] = TEST(ov_segment_obb),
    [K(SEGMENT)][K(ELLIPSOID)] = GJK,
    [K(SEGMENT)][K(POLYTOPE)] = GJK,
    [K(TRIANGLE)][K(TRIANGLE)] = TEST(ov_triangle_triangle),
    [K(TRIANGLE)][K(PLANE)] = TEST(ov_triangle_plane),
    [K(TRIANGLE)][K(SPHERE)] = TEST(ov_triangle_sphere),
    [K(TRIANGLE)][K(CAPSULE)] = GJK,
    [K(TRIANGLE)][K(AABB)] = TEST(ov_triangle_aabb),
    [K(TRIANGLE)][K(OBB)] = TEST(ov_triangle_obb),
    [K(TRIANGLE)][K(ELLIPSOID)] = GJK,
    [K(TRIANGLE)][K(POLYTOPE)] = GJK,
    [K(PLANE)][K(SPHERE)] = TEST(ov_plane_sphere),
    [K(PLANE)][K(CAPSULE)] = TEST(ov_plane_capsule),
    [K(PLANE)][K(AABB)] = TEST(ov_plane_aabb),
    [K(PLANE)][K(OBB)] = TEST(ov_plane_obb),
    [K(PLANE)][K(ELLIPSOID)] = TEST(ov_plane_ellipsoid),
    [K(PLANE)][K(POLYTOPE)] = GJK, /* the extent of the points along the normal, through col_distance */
    [K(SPHERE)][K(PLANE)] = {NULL, COL__NONE, sw_sphere_plane},
    [K(SPHERE)][K(SPHERE)] = {ov_spheres, COL__TEST, sw_sphere_sphere},
    [K(SPHERE)][K(CAPSULE)] = TEST(ov_sphere_capsule),
    [K(SPHERE)][K(AABB)] = {ov_sphere_aabb, COL__TEST, sw_sphere_aabb},
    [K(SPHERE)][K(OBB)] = TEST(ov_sphere_obb),
    [K(SPHERE)][K(ELLIPSOID)] = GJK,
    [K(SPHERE)][K(POLYTOPE)] = GJK,
    [K(SPHERE)][K(TRIANGLE)] = {NULL, COL__NONE, sw_sphere_triangle},
    [K(CAPSULE)][K(PLANE)] = {NULL, COL__NONE, sw_capsule_plane},
    [K(CAPSULE)][K(CAPSULE)] = TEST(ov_capsules),
    [K(CAPSULE)][K(AABB)] = GJK,
    [K(CAPSULE)][K(OBB)] = GJK,
    [K(CAPSULE)][K(ELLIPSOID)] = GJK,
    [K(CAPSULE)][K(POLYTOPE)] = GJK,
    [K(AABB)][K(AABB)] = {ov_aabb_aabb, COL__TEST, sw_aabb_aabb},
    [K(AABB)][K(OBB)] = TEST(ov_aabb_obb),
    [K(AABB)][K(ELLIPSOID)] = GJK,
    [K(AABB)][K(POLYTOPE)] = GJK,
    [K(OBB)][K(OBB)] = TEST(ov_obb_obb),
    [K(OBB)][K(ELLIPSOID)] = GJK,
    [K(OBB)][K(POLYTOPE)] = GJK,
    [K(ELLIPSOID)][K(ELLIPSOID)] = GJK,
    [K(ELLIPSOID)][K(POLYTOPE)] = GJK,
    [K(POLYTOPE)][K(POLYTOPE)] = GJK,
    [K(CIRCLE)][K(CIRCLE)] = TEST(ov_circle_circle),
    [K(CIRCLE)][K(RECT)] = TEST(ov_circle_rect),
    [K(RECT)][K(RECT)] = TEST(ov_rect_rect),
};

/* The overlap entry of a pair in either order (the one with a <= b). */
static const col__pair *overlap_entry(col_shape_kind a, col_shape_kind b) {
    return a <= b ? &col__pairs[a][b] : &col__pairs[b][a];
}

/* ------------------------- questions about pairs ------------------------- */

bool col_overlap_supported(col_shape_kind a, col_shape_kind b) {
    return col__kind_ok(a) && col__kind_ok(b) && overlap_entry(a, b)->overlap != NULL;
}

bool col_overlap_is_exact(col_shape_kind a, col_shape_kind b) {
    if (!col_overlap_supported(a, b)) return false;
    col__method m = overlap_entry(a, b)->method;
    return m == COL__TEST || m == COL__CONVERT;
}

char col_overlap_method(col_shape_kind a, col_shape_kind b) {
    return col_overlap_supported(a, b) ? (char)overlap_entry(a, b)->method : '.';
}

bool col_sweep_has_closed_form(col_shape_kind a, col_shape_kind b) {
    return col__kind_ok(a) && col__kind_ok(b) && (col__pairs[a][b].sweep != NULL || col__pairs[b][a].sweep != NULL);
}

bool col_sweep_supported(col_shape_kind a, col_shape_kind b) {
    return col_sweep_has_closed_form(a, b) || col_distance_supported(a, b);
}

/* ------------------------------ the dispatch ------------------------------ */

/* Kinds whose same-kind overlap test gives bit-identical answers in either
 * argument order (negating a difference and adding two radii or comparing
 * two intervals are exact in both orders): their pairs need no ordering,
 * whose comparisons of coordinates are unpredictable branches. */
static bool symmetric_kind(col_shape_kind k) {
    return k == COL_SHAPE_POINT || k == COL_SHAPE_SPHERE || k == COL_SHAPE_AABB || k == COL_SHAPE_CIRCLE ||
           k == COL_SHAPE_RECT;
}

bool col_overlap(const col_shape *a, const col_shape *b) {
    if (!col__kind_ok(a->kind) || !col__kind_ok(b->kind)) return false;
    /* Order the pair (by kind, two shapes of one kind by their numbers), so
     * both argument orders run the same computation and give the same answer
     * even where rounding could make a pair test lean one way. */
    bool symmetric = a->kind == b->kind && symmetric_kind(a->kind);
    if (!symmetric && col__swap_pair(a, b, col_v3(0, 0, 0), col_v3(0, 0, 0), 0)) {
        const col_shape *t = a;
        a = b;
        b = t;
    }
    col__overlap_fn f = col__pairs[a->kind][b->kind].overlap;
    return f != NULL && f(a, b) == 1;
}

col_sweep_hit col_sweep(const col_shape *a, col_vec3 da, const col_shape *b, col_vec3 db) {
    if (!col__kind_ok(a->kind) || !col__kind_ok(b->kind)) return col__sweep_miss(COL_INVALID);
    /* Two shapes of one kind are ordered as in col_overlap (identical ones by
     * their relative motion), so both argument orders run the same
     * computation; shapes of two kinds take the closed form's own order. */
    bool swap = a->kind == b->kind && col__swap_pair(a, b, da, db, COL__BY_MOTION | COL__MOTION_BYTES);
    if (!swap && col__pairs[a->kind][b->kind].sweep) return col__pairs[a->kind][b->kind].sweep(a, da, b, db);
    col__sweep_fn f = col__pairs[b->kind][a->kind].sweep;
    if (!f) return col_sweep_convex(a, da, b, db, NULL, NULL); /* no closed form: the general sweep */
    col_sweep_hit h = f(b, db, a, da);
    h.normal = col__no_neg_zero(col_v3_neg(h.normal)); /* was on A toward B */
    return h;
}
