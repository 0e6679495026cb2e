/*
 * The pair table (pairs.h): for every pair of shape kinds, col_overlap's
 * test, the closed-form sweep, and how col_distance and col_penetration find
 * the closest points (with the closed form on the cores where there is
 * one). A constant built at compile time, in the spirit of Box2D v3's
 * s_registers; the grids in collide/collide.h are printed from it and
 * tests/test_dispatch.cc checks them. The dispatch that reads it is
 * dispatch.c (overlap, sweep) and convex_pairs.c (distance, penetration).
 */
#include "pairs.h"

#include "box.h"
#include "distance_private.h"
#include "exact.h"
#include "geom.h"
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
static int ov_triangle_capsule(const col_shape *a, const col_shape *b) {
    return col_overlap_capsule_triangle(&b->u.capsule, &a->u.triangle);
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
static int ov_capsule_aabb(const col_shape *a, const col_shape *b) {
    return col_overlap_capsule_aabb(&a->u.capsule, &b->u.aabb);
}
static int ov_capsule_obb(const col_shape *a, const col_shape *b) {
    return col_overlap_capsule_obb(&a->u.capsule, &b->u.obb);
}
static int ov_aabb_aabb(const col_shape *a, const col_shape *b) {
    return col_overlap_aabb_aabb(&a->u.aabb, &b->u.aabb);
}
static int ov_aabb_obb(const col_shape *a, const col_shape *b) { return col_overlap_aabb_obb(&a->u.aabb, &b->u.obb); }
static int ov_obb_obb(const col_shape *a, const col_shape *b) { return col_overlap_obb_obb(&a->u.obb, &b->u.obb); }
static int ov_point_ellipsoid(const col_shape *a, const col_shape *b) {
    return col_overlap_point_ellipsoid(&a->u.point, &b->u.ellipsoid);
}
static int ov_segment_ellipsoid(const col_shape *a, const col_shape *b) {
    return col_overlap_segment_ellipsoid(&a->u.segment, &b->u.ellipsoid);
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

/* --------------------------- the sweeps --------------------------- */

/* The shape a point's motion is cast against: its kind and struct. */
typedef struct cast_target {
    col_shape_kind kind;
    const void *data;
} cast_target;

static col_ray_hit cast_shape(const col_ray *r, const void *ctx) {
    const cast_target *s = ctx;
    return col__raycast_kind(s->kind, s->data, r);
}

/* A point against any shape with a ray cast: the cast of the relative motion. */
static col_sweep_hit sw_point_cast(col_shape_kind ka, const void *a, col_vec3 da, col_shape_kind kb, const void *b,
                                   col_vec3 db) {
    (void)ka;
    const col_point *p = a;
    if (!col__valid_point(p) || !col__kind_data_is_valid(kb, b) || !col_v3_is_valid(da) || !col_v3_is_valid(db))
        return col__sweep_miss(COL_INVALID);
    cast_target t = {kb, b};
    col_sweep_hit h = col__sweep_cast(cast_shape, &t, p->p, col_v3_sub(da, db));
    if (h.status == COL_HIT) h.point = col_v3_madd(h.point, h.t0, db);
    return h;
}
/* the closed forms, each taking its kinds' structs */
#define SW(name, f, ta, tb)                                                                                            \
    static col_sweep_hit name(col_shape_kind ka, const void *a, col_vec3 da, col_shape_kind kb, const void *b,         \
                              col_vec3 db) {                                                                           \
        (void)ka;                                                                                                      \
        (void)kb;                                                                                                      \
        return f((const ta *)a, da, (const tb *)b, db);                                                                \
    }
SW(sw_sphere_plane, col_sweep_sphere_plane, col_sphere, col_plane)
SW(sw_sphere_sphere, col_sweep_sphere_sphere, col_sphere, col_sphere)
SW(sw_aabb_aabb, col_sweep_aabb_aabb, col_aabb, col_aabb)
SW(sw_sphere_aabb, col_sweep_sphere_aabb, col_sphere, col_aabb)
SW(sw_sphere_triangle, col_sweep_sphere_triangle, col_sphere, col_triangle)
SW(sw_capsule_plane, col_sweep_capsule_plane, col_capsule, col_plane)
#undef SW

/* ---------------- closed-form closest points of two cores ---------------- */

/* Each takes the cores of the entry's shapes in its order (x of a, y of b). */
static void cl_point_point(const col_shape *x, const col_shape *y, col_vec3 *px, col_vec3 *py, int *iterations) {
    *px = x->u.point.p;
    *py = y->u.point.p;
    *iterations = 0;
}
static void cl_point_segment(const col_shape *x, const col_shape *y, col_vec3 *px, col_vec3 *py, int *iterations) {
    *px = x->u.point.p;
    *py = col__closest_on_segment_exact(x->u.point.p, y->u.segment.a, y->u.segment.b);
    *iterations = 0;
}
static void cl_point_triangle(const col_shape *x, const col_shape *y, col_vec3 *px, col_vec3 *py, int *iterations) {
    *px = x->u.point.p;
    *py = col__closest_on_triangle_exact(x->u.point.p, &y->u.triangle);
    *iterations = 0;
}
static void cl_point_aabb(const col_shape *x, const col_shape *y, col_vec3 *px, col_vec3 *py, int *iterations) {
    /* (clamped here: col_closest_point_aabb validates, and a sweep's moved
     * point may lie beyond COL_HUGE) */
    col_vec3 p = x->u.point.p, lo = y->u.aabb.min, hi = y->u.aabb.max;
    *px = p;
    *py = col__clamp_to_box(p, lo, hi);
    *iterations = 0;
}
static void cl_point_obb(const col_shape *x, const col_shape *y, col_vec3 *px, col_vec3 *py, int *iterations) {
    *px = x->u.point.p;
    *py = col__closest_on_obb(&y->u.obb, x->u.point.p);
    *iterations = 0;
}
static void cl_point_ellipsoid(const col_shape *x, const col_shape *y, col_vec3 *px, col_vec3 *py, int *iterations) {
    *px = x->u.point.p;
    *py = col__closest_on_ellipsoid(&y->u.ellipsoid, x->u.point.p, iterations);
}
static void cl_segment_point(const col_shape *x, const col_shape *y, col_vec3 *px, col_vec3 *py, int *iterations) {
    cl_point_segment(y, x, py, px, iterations);
}
static void cl_triangle_point(const col_shape *x, const col_shape *y, col_vec3 *px, col_vec3 *py, int *iterations) {
    cl_point_triangle(y, x, py, px, iterations);
}
static void cl_segment_segment(const col_shape *x, const col_shape *y, col_vec3 *px, col_vec3 *py, int *iterations) {
    const col_segment *s = &x->u.segment, *t = &y->u.segment;
    const col_vec3 ea[2] = {s->a, s->b}, eb[2] = {t->a, t->b};
    /* the lines' closest pair clamped (Ericson 5.1.9), and each end's
     * closest point on the other segment: on nearly parallel segments the
     * first is ill-conditioned (its parameter off by eps / sin^2 of the
     * angle: segments 1.5e-4 rad apart were put 9.9e-10 apart, 6.5e-12 in
     * truth, a fuzz_distance finding, regressions/distance/nearly-parallel-
     * segments-measured-apart), where an end's pair is not; of near ties,
     * the pair nearest to certifying itself (col__pick_closest_pair) */
    col__pair_candidate c[5];
    c[0].d2 = col__closest_segment_segment(s->a, s->b, t->a, t->b, NULL, NULL, &c[0].a, &c[0].b);
    for (int k = 0; k < 2; ++k) {
        c[1 + k].a = ea[k];
        c[1 + k].b = col__closest_on_segment_exact(ea[k], t->a, t->b);
        c[3 + k].b = eb[k];
        c[3 + k].a = col__closest_on_segment_exact(eb[k], s->a, s->b);
    }
    for (int k = 1; k < 5; ++k) c[k].d2 = col_v3_len_sq(col_v3_sub(c[k].a, c[k].b));
    int i = col__pick_closest_pair(c, 5, ea, 2, eb, 2);
    *px = c[i].a;
    *py = c[i].b;
    /* segments that meet (decided exactly) touch at one common point: on
     * nearly parallel ones every pair may round apart (crossing segments
     * 456 long at 1.5e-4 rad were put 5.7e-10 apart, a fuzz_distance
     * finding, regressions/distance/nearly-parallel-crossing-segments-put-
     * apart) */
    if (c[i].d2 > COL_R(0.0) && col__segments_meet(s->a, s->b, t->a, t->b)) *py = *px;
    *iterations = 0;
}
static void cl_segment_triangle(const col_shape *x, const col_shape *y, col_vec3 *px, col_vec3 *py, int *iterations) {
    (void)col__closest_segment_triangle(x->u.segment.a, x->u.segment.b, &y->u.triangle, px, py);
    *iterations = 0;
}
static void cl_triangle_segment(const col_shape *x, const col_shape *y, col_vec3 *px, col_vec3 *py, int *iterations) {
    cl_segment_triangle(y, x, py, px, iterations);
}
static void cl_triangle_triangle(const col_shape *x, const col_shape *y, col_vec3 *px, col_vec3 *py, int *iterations) {
    (void)col__closest_triangle_triangle(&x->u.triangle, &y->u.triangle, px, py);
    *iterations = 0;
}
static void cl_triangle_aabb(const col_shape *x, const col_shape *y, col_vec3 *px, col_vec3 *py, int *iterations) {
    (void)col__closest_box_triangle(y->u.aabb.min, y->u.aabb.max, &x->u.triangle, py, px);
    *iterations = 0;
}
static void cl_triangle_obb(const col_shape *x, const col_shape *y, col_vec3 *px, col_vec3 *py, int *iterations) {
    (void)col__closest_obb_triangle(&y->u.obb, &x->u.triangle, py, px);
    *iterations = 0;
}
static void cl_segment_aabb(const col_shape *x, const col_shape *y, col_vec3 *px, col_vec3 *py, int *iterations) {
    (void)col__closest_segment_box(x->u.segment.a, x->u.segment.b, y->u.aabb.min, y->u.aabb.max, px, py);
    *iterations = 0;
}
static void cl_segment_obb(const col_shape *x, const col_shape *y, col_vec3 *px, col_vec3 *py, int *iterations) {
    (void)col__closest_segment_obb(x->u.segment.a, x->u.segment.b, &y->u.obb, px, py);
    *iterations = 0;
}
static void cl_aabb_aabb(const col_shape *x, const col_shape *y, col_vec3 *px, col_vec3 *py, int *iterations) {
    col_distance_result r = col__distance_aabb_aabb_u(&x->u.aabb, &y->u.aabb);
    *px = r.point_a;
    *py = r.point_b;
    *iterations = 0;
}

/* ------------------------------ the table ------------------------------ */

#define K(k) COL_SHAPE_##k
/* col_overlap's test: a pair test, one after a conversion, or by distance */
#define TEST(f) .overlap = f, .method = COL__TEST
#define CONV(f) .overlap = f, .method = COL__CONVERT
#define BY_DISTANCE .method = COL__DISTANCE /* the dispatch asks col_distance */
/* a point's overlap test and its sweep (the ray cast of the relative motion) */
#define CAST(f) CONV(f), .sweep = sw_point_cast
#define SWEEP(f) .sweep = f
/* col_distance's machinery: a closed form on the cores, GJK, a plane's extent */
#define CLOSED(f) .convex = COL__CLOSED, .closest = f
#define GJK .convex = COL__GJK
#define EXTENT .convex = COL__EXTENT

/* [a][b] with a <= b by kind: the overlap test and the distance machinery;
 * [a][b] in either order: the closed-form sweep taking (a, b); [a][plane]
 * for a after the plane: the distance machinery (a plane goes second).
 * Anything not listed has none. */
const col__pair col__pairs[COL_SHAPE_KIND_COUNT][COL_SHAPE_KIND_COUNT] = {
    [K(POINT)][K(POINT)] = {.overlap = ov_point_point,
                            .method = COL__CONVERT,
                            SWEEP(sw_point_cast),
                            CLOSED(cl_point_point)},
    [K(POINT)][K(SEGMENT)] = {CAST(ov_sphere_capsule), CLOSED(cl_point_segment)},
    [K(POINT)][K(TRIANGLE)] = {CAST(ov_point_triangle), CLOSED(cl_point_triangle)},
    [K(POINT)][K(PLANE)] = {TEST(ov_point_plane), SWEEP(sw_point_cast), EXTENT},
    [K(POINT)][K(SPHERE)] = {CAST(ov_spheres), CLOSED(cl_point_point)},
    [K(POINT)][K(CAPSULE)] = {CAST(ov_sphere_capsule), CLOSED(cl_point_segment)},
    [K(POINT)][K(AABB)] = {CAST(ov_sphere_aabb), CLOSED(cl_point_aabb)},
    [K(POINT)][K(OBB)] = {CAST(ov_sphere_obb), CLOSED(cl_point_obb)},
    [K(POINT)][K(ELLIPSOID)] = {TEST(ov_point_ellipsoid), SWEEP(sw_point_cast), CLOSED(cl_point_ellipsoid)},
    [K(POINT)][K(POLYTOPE)] = {BY_DISTANCE, GJK},
    [K(SEGMENT)][K(SEGMENT)] = {TEST(ov_segment_segment), CLOSED(cl_segment_segment)},
    [K(SEGMENT)][K(TRIANGLE)] = {TEST(ov_segment_triangle), CLOSED(cl_segment_triangle)},
    [K(SEGMENT)][K(PLANE)] = {TEST(ov_segment_plane), EXTENT},
    [K(SEGMENT)][K(SPHERE)] = {CONV(ov_capsule_sphere), CLOSED(cl_segment_point)},
    [K(SEGMENT)][K(CAPSULE)] = {CONV(ov_capsules), CLOSED(cl_segment_segment)},
    [K(SEGMENT)][K(AABB)] = {TEST(ov_segment_aabb), CLOSED(cl_segment_aabb)},
    [K(SEGMENT)][K(OBB)] = {TEST(ov_segment_obb), CLOSED(cl_segment_obb)},
    [K(SEGMENT)][K(ELLIPSOID)] = {TEST(ov_segment_ellipsoid), GJK},
    [K(SEGMENT)][K(POLYTOPE)] = {BY_DISTANCE, GJK},
    [K(TRIANGLE)][K(TRIANGLE)] = {TEST(ov_triangle_triangle), CLOSED(cl_triangle_triangle)},
    [K(TRIANGLE)][K(PLANE)] = {TEST(ov_triangle_plane), EXTENT},
    [K(TRIANGLE)][K(SPHERE)] = {TEST(ov_triangle_sphere), CLOSED(cl_triangle_point)},
    [K(TRIANGLE)][K(CAPSULE)] = {TEST(ov_triangle_capsule), CLOSED(cl_triangle_segment)},
    [K(TRIANGLE)][K(AABB)] = {TEST(ov_triangle_aabb), CLOSED(cl_triangle_aabb)},
    [K(TRIANGLE)][K(OBB)] = {TEST(ov_triangle_obb), CLOSED(cl_triangle_obb)},
    [K(TRIANGLE)][K(ELLIPSOID)] = {BY_DISTANCE, GJK},
    [K(TRIANGLE)][K(POLYTOPE)] = {BY_DISTANCE, GJK},
    [K(PLANE)][K(SPHERE)] = {TEST(ov_plane_sphere)},
    [K(PLANE)][K(CAPSULE)] = {TEST(ov_plane_capsule)},
    [K(PLANE)][K(AABB)] = {TEST(ov_plane_aabb)},
    [K(PLANE)][K(OBB)] = {TEST(ov_plane_obb)},
    [K(PLANE)][K(ELLIPSOID)] = {TEST(ov_plane_ellipsoid)},
    [K(PLANE)][K(POLYTOPE)] = {BY_DISTANCE}, /* the extent of the points along the normal, through col_distance */
    [K(SPHERE)][K(PLANE)] = {SWEEP(sw_sphere_plane), EXTENT},
    [K(SPHERE)][K(SPHERE)] = {TEST(ov_spheres), SWEEP(sw_sphere_sphere), CLOSED(cl_point_point)},
    [K(SPHERE)][K(CAPSULE)] = {TEST(ov_sphere_capsule), CLOSED(cl_point_segment)},
    [K(SPHERE)][K(AABB)] = {TEST(ov_sphere_aabb), SWEEP(sw_sphere_aabb), CLOSED(cl_point_aabb)},
    [K(SPHERE)][K(OBB)] = {TEST(ov_sphere_obb), CLOSED(cl_point_obb)},
    [K(SPHERE)][K(ELLIPSOID)] = {BY_DISTANCE, CLOSED(cl_point_ellipsoid)},
    [K(SPHERE)][K(POLYTOPE)] = {BY_DISTANCE, GJK},
    [K(SPHERE)][K(TRIANGLE)] = {SWEEP(sw_sphere_triangle)},
    [K(CAPSULE)][K(PLANE)] = {SWEEP(sw_capsule_plane), EXTENT},
    [K(CAPSULE)][K(CAPSULE)] = {TEST(ov_capsules), CLOSED(cl_segment_segment)},
    [K(CAPSULE)][K(AABB)] = {TEST(ov_capsule_aabb), CLOSED(cl_segment_aabb)},
    [K(CAPSULE)][K(OBB)] = {TEST(ov_capsule_obb), CLOSED(cl_segment_obb)},
    [K(CAPSULE)][K(ELLIPSOID)] = {BY_DISTANCE, GJK},
    [K(CAPSULE)][K(POLYTOPE)] = {BY_DISTANCE, GJK},
    [K(AABB)][K(PLANE)] = {EXTENT},
    [K(AABB)][K(AABB)] = {TEST(ov_aabb_aabb), SWEEP(sw_aabb_aabb), CLOSED(cl_aabb_aabb)},
    [K(AABB)][K(OBB)] = {TEST(ov_aabb_obb), GJK},
    [K(AABB)][K(ELLIPSOID)] = {BY_DISTANCE, GJK},
    [K(AABB)][K(POLYTOPE)] = {BY_DISTANCE, GJK},
    [K(OBB)][K(PLANE)] = {EXTENT},
    [K(OBB)][K(OBB)] = {TEST(ov_obb_obb), GJK},
    [K(OBB)][K(ELLIPSOID)] = {BY_DISTANCE, GJK},
    [K(OBB)][K(POLYTOPE)] = {BY_DISTANCE, GJK},
    [K(ELLIPSOID)][K(PLANE)] = {EXTENT},
    [K(ELLIPSOID)][K(ELLIPSOID)] = {BY_DISTANCE, GJK},
    [K(ELLIPSOID)][K(POLYTOPE)] = {BY_DISTANCE, GJK},
    [K(POLYTOPE)][K(PLANE)] = {EXTENT},
    [K(POLYTOPE)][K(POLYTOPE)] = {BY_DISTANCE, GJK},
    [K(CIRCLE)][K(CIRCLE)] = {TEST(ov_circle_circle)},
    [K(CIRCLE)][K(RECT)] = {TEST(ov_circle_rect)},
    [K(RECT)][K(RECT)] = {TEST(ov_rect_rect)},
};
