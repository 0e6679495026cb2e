/* Generic shape: validation, bounds and the symmetric dispatch (collide/shape.h). */
#include "collide/collide.h"
#include "box.h"
#include "distance_private.h"
#include "ray.h"

#include <string.h>

static const char *const kind_names[COL_SHAPE_KIND_COUNT] = {
    "point", "segment", "triangle", "plane", "sphere", "capsule", "aabb", "obb", "ellipsoid", "polytope", "circle", "rect"};

const char *col_shape_kind_name(col_shape_kind kind) {
    if ((int)kind < 0 || kind >= COL_SHAPE_KIND_COUNT) return "invalid";
    return kind_names[kind];
}

bool col_shape_kind_is_2d(col_shape_kind kind) { return kind == COL_SHAPE_CIRCLE || kind == COL_SHAPE_RECT; }

bool col_shape_is_valid(const col_shape *s) {
    switch (s->kind) {
    case COL_SHAPE_POINT: return col__valid_point(&s->u.point);
    case COL_SHAPE_SEGMENT: return col__valid_segment(&s->u.segment);
    case COL_SHAPE_TRIANGLE: return col__valid_triangle(&s->u.triangle);
    case COL_SHAPE_PLANE: return col__valid_plane(&s->u.plane);
    case COL_SHAPE_SPHERE: return col__valid_sphere(&s->u.sphere);
    case COL_SHAPE_CAPSULE: return col__valid_capsule(&s->u.capsule);
    case COL_SHAPE_AABB: return col__valid_aabb(&s->u.aabb);
    case COL_SHAPE_OBB: return col__valid_obb(&s->u.obb);
    case COL_SHAPE_ELLIPSOID: return col__valid_ellipsoid(&s->u.ellipsoid);
    case COL_SHAPE_POLYTOPE: return col_polytope_is_valid(&s->u.polytope);
    case COL_SHAPE_CIRCLE: return col_circle_is_valid(&s->u.circle);
    case COL_SHAPE_RECT: return col_rect_is_valid(&s->u.rect);
    default: return false;
    }
}

#define PAIR(a, b) ((int)(a) * (int)COL_SHAPE_KIND_COUNT + (int)(b))

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

/* The pair test for a <= b by kind, or -1 when the pair is unsupported;
 * *by_gjk (may be NULL) tells whether GJK decided it. */
static int overlap_ordered(const col_shape *a, const col_shape *b, bool *by_gjk) {
    if (by_gjk) *by_gjk = false;
    col_sphere sa, sb;
    col_capsule ca, cb;
    switch (PAIR(a->kind, b->kind)) {
    /* spheres, points, capsules and segments among themselves */
    case PAIR(COL_SHAPE_POINT, COL_SHAPE_POINT):
        /* exact: a squared distance could underflow to 0 for distinct points */
        if (!col__valid_point(&a->u.point) || !col__valid_point(&b->u.point)) return 0;
        return a->u.point.p.x == b->u.point.p.x && a->u.point.p.y == b->u.point.p.y && a->u.point.p.z == b->u.point.p.z;
    case PAIR(COL_SHAPE_POINT, COL_SHAPE_SPHERE):
    case PAIR(COL_SHAPE_SPHERE, COL_SHAPE_SPHERE):
        sa = as_sphere(a);
        sb = as_sphere(b);
        return col_overlap_sphere_sphere(&sa, &sb);
    case PAIR(COL_SHAPE_POINT, COL_SHAPE_SEGMENT):
    case PAIR(COL_SHAPE_POINT, COL_SHAPE_CAPSULE):
        sa = as_sphere(a);
        cb = as_capsule(b);
        return col_overlap_capsule_sphere(&cb, &sa);
    case PAIR(COL_SHAPE_SEGMENT, COL_SHAPE_SPHERE):
    case PAIR(COL_SHAPE_SPHERE, COL_SHAPE_CAPSULE):
        if (a->kind == COL_SHAPE_SEGMENT) {
            ca = as_capsule(a);
            sb = as_sphere(b);
            return col_overlap_capsule_sphere(&ca, &sb);
        }
        sa = as_sphere(a);
        cb = as_capsule(b);
        return col_overlap_capsule_sphere(&cb, &sa);
    case PAIR(COL_SHAPE_SEGMENT, COL_SHAPE_SEGMENT):
        return col_overlap_segment_segment(&a->u.segment, &b->u.segment);
    case PAIR(COL_SHAPE_SEGMENT, COL_SHAPE_CAPSULE):
    case PAIR(COL_SHAPE_CAPSULE, COL_SHAPE_CAPSULE):
        ca = as_capsule(a);
        cb = as_capsule(b);
        return col_overlap_capsule_capsule(&ca, &cb);
    /* triangles */
    case PAIR(COL_SHAPE_POINT, COL_SHAPE_TRIANGLE):
        sa = as_sphere(a);
        return col_overlap_sphere_triangle(&sa, &b->u.triangle);
    case PAIR(COL_SHAPE_SEGMENT, COL_SHAPE_TRIANGLE):
        return col_overlap_segment_triangle(&a->u.segment, &b->u.triangle);
    case PAIR(COL_SHAPE_TRIANGLE, COL_SHAPE_TRIANGLE):
        return col_overlap_triangle_triangle(&a->u.triangle, &b->u.triangle);
    case PAIR(COL_SHAPE_TRIANGLE, COL_SHAPE_SPHERE):
        return col_overlap_sphere_triangle(&b->u.sphere, &a->u.triangle);
    case PAIR(COL_SHAPE_TRIANGLE, COL_SHAPE_AABB):
        return col_overlap_aabb_triangle(&b->u.aabb, &a->u.triangle);
    case PAIR(COL_SHAPE_TRIANGLE, COL_SHAPE_OBB):
        return col_overlap_obb_triangle(&b->u.obb, &a->u.triangle);
    /* planes */
    case PAIR(COL_SHAPE_POINT, COL_SHAPE_PLANE):
        return col_overlap_point_plane(&a->u.point, &b->u.plane);
    case PAIR(COL_SHAPE_SEGMENT, COL_SHAPE_PLANE):
        return col_overlap_segment_plane(&a->u.segment, &b->u.plane);
    case PAIR(COL_SHAPE_TRIANGLE, COL_SHAPE_PLANE):
        return col_overlap_triangle_plane(&a->u.triangle, &b->u.plane);
    case PAIR(COL_SHAPE_PLANE, COL_SHAPE_SPHERE):
        return col_overlap_sphere_plane(&b->u.sphere, &a->u.plane);
    case PAIR(COL_SHAPE_PLANE, COL_SHAPE_CAPSULE):
        return col_overlap_capsule_plane(&b->u.capsule, &a->u.plane);
    case PAIR(COL_SHAPE_PLANE, COL_SHAPE_AABB):
        return col_overlap_aabb_plane(&b->u.aabb, &a->u.plane);
    case PAIR(COL_SHAPE_PLANE, COL_SHAPE_OBB):
        return col_overlap_obb_plane(&b->u.obb, &a->u.plane);
    case PAIR(COL_SHAPE_PLANE, COL_SHAPE_ELLIPSOID):
        return col_overlap_ellipsoid_plane(&b->u.ellipsoid, &a->u.plane);
    /* boxes */
    case PAIR(COL_SHAPE_POINT, COL_SHAPE_AABB):
    case PAIR(COL_SHAPE_SPHERE, COL_SHAPE_AABB):
        sa = as_sphere(a);
        return col_overlap_aabb_sphere(&b->u.aabb, &sa);
    case PAIR(COL_SHAPE_POINT, COL_SHAPE_OBB):
    case PAIR(COL_SHAPE_SPHERE, COL_SHAPE_OBB):
        sa = as_sphere(a);
        return col_overlap_obb_sphere(&b->u.obb, &sa);
    case PAIR(COL_SHAPE_SEGMENT, COL_SHAPE_AABB):
        return col_overlap_aabb_segment(&b->u.aabb, &a->u.segment);
    case PAIR(COL_SHAPE_SEGMENT, COL_SHAPE_OBB):
        return col_overlap_obb_segment(&b->u.obb, &a->u.segment);
    case PAIR(COL_SHAPE_AABB, COL_SHAPE_AABB):
        return col_overlap_aabb_aabb(&a->u.aabb, &b->u.aabb);
    case PAIR(COL_SHAPE_AABB, COL_SHAPE_OBB):
        return col_overlap_aabb_obb(&a->u.aabb, &b->u.obb);
    case PAIR(COL_SHAPE_OBB, COL_SHAPE_OBB):
        return col_overlap_obb_obb(&a->u.obb, &b->u.obb);
    /* ellipsoids */
    case PAIR(COL_SHAPE_POINT, COL_SHAPE_ELLIPSOID):
        return col_overlap_point_ellipsoid(&a->u.point, &b->u.ellipsoid);
    /* 2D */
    case PAIR(COL_SHAPE_CIRCLE, COL_SHAPE_CIRCLE):
        return col_overlap_circle_circle(&a->u.circle, &b->u.circle);
    case PAIR(COL_SHAPE_CIRCLE, COL_SHAPE_RECT):
        return col_overlap_circle_rect(&a->u.circle, &b->u.rect);
    case PAIR(COL_SHAPE_RECT, COL_SHAPE_RECT):
        return col_overlap_rect_rect(&a->u.rect, &b->u.rect);
    default:
        /* every other pair of convex 3D shapes: by the distance (GJK) */
        if (!col_distance_supported(a->kind, b->kind)) return -1;
        if (by_gjk) *by_gjk = true;
        return col__overlap_by_distance(a, b);
    }
}

static bool kind_in_range(col_shape_kind k) { return (int)k >= 0 && k < COL_SHAPE_KIND_COUNT; }

/* Asks the dispatch itself with zeroed shapes of the two kinds (valid for
 * every kind but the plane, whose zero normal is invalid: the pair functions
 * return false for it, never -1), so the answers about pairs can never drift
 * from col_overlap. -1: unsupported or out of range. */
static int probe_overlap(col_shape_kind a, col_shape_kind b, bool *by_gjk) {
    *by_gjk = false;
    if (!kind_in_range(a) || !kind_in_range(b)) return -1;
    col_shape sa, sb;
    memset(&sa, 0, sizeof sa);
    memset(&sb, 0, sizeof sb);
    sa.kind = a < b ? a : b;
    sb.kind = a < b ? b : a;
    return overlap_ordered(&sa, &sb, by_gjk);
}

bool col_overlap_supported(col_shape_kind a, col_shape_kind b) {
    /* The documented grid as a formula (callers ask per query, e.g. the Lua
     * binding before every overlap); tests/test_dispatch.cc checks it against
     * the dispatch itself (probe_overlap, through col_overlap_is_exact and
     * col_distance_supported) for every pair. */
    if (!kind_in_range(a) || !kind_in_range(b)) return false;
    bool a2 = col_shape_kind_is_2d(a), b2 = col_shape_kind_is_2d(b);
    if (a2 || b2) return a2 && b2;
    return !(a == COL_SHAPE_PLANE && b == COL_SHAPE_PLANE);
}

bool col_overlap_is_exact(col_shape_kind a, col_shape_kind b) {
    bool by_gjk;
    return probe_overlap(a, b, &by_gjk) >= 0 && !by_gjk;
}

/* Size of the struct of each kind, for the canonical order of same-kind pairs. */
static const size_t kind_sizes[COL_SHAPE_KIND_COUNT] = {
    sizeof(col_point),   sizeof(col_segment), sizeof(col_triangle), sizeof(col_plane),
    sizeof(col_sphere),  sizeof(col_capsule), sizeof(col_aabb),     sizeof(col_obb),
    sizeof(col_ellipsoid), sizeof(col_polytope), sizeof(col_circle), sizeof(col_rect)};

/* Numeric lexicographic order of two runs of reals; bytes only to break ties
 * between -0 and +0 and to order NaNs (invalid shapes), so the order of two
 * valid shapes does not change when both are translated or scaled exactly. */
static int order_reals(const col_real *x, const col_real *y, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        if (x[i] < y[i]) return -1;
        if (x[i] > y[i]) return 1;
    }
    return memcmp(x, y, n * sizeof(col_real));
}

_Static_assert(sizeof(col_vec3) == 3 * sizeof(col_real), "col_vec3 is a run of 3 reals");

int col__shape_order(const col_shape *a, const col_shape *b) {
    if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
    if (a->kind == COL_SHAPE_POLYTOPE) {
        /* by contents, never by the address of the points */
        const col_polytope *pa = &a->u.polytope, *pb = &b->u.polytope;
        if (pa->count != pb->count) return pa->count < pb->count ? -1 : 1;
        if (pa->points == NULL || pb->points == NULL || pa->count < 1) return 0;
        return order_reals(&pa->points[0].x, &pb->points[0].x, 3 * (size_t)pa->count);
    }
    return order_reals((const col_real *)(const void *)&a->u, (const col_real *)(const void *)&b->u,
                       kind_sizes[a->kind] / sizeof(col_real));
}

/* Kinds whose same-kind overlap test gives bit-identical answers in either
 * argument order (negating a difference and adding two radii or comparing
 * two intervals are exact in both orders): their pairs need no ordering,
 * whose comparisons of coordinates are unpredictable branches. */
static bool symmetric_kind(col_shape_kind k) {
    return k == COL_SHAPE_POINT || k == COL_SHAPE_SPHERE || k == COL_SHAPE_AABB || k == COL_SHAPE_CIRCLE ||
           k == COL_SHAPE_RECT;
}

bool col_overlap(const col_shape *a, const col_shape *b) {
    if (!kind_in_range(a->kind) || !kind_in_range(b->kind)) return false;
    /* Order the pair: by kind, and two shapes of one kind by their bytes, so
     * both argument orders run the same computation and give the same answer
     * even where rounding could make a pair test lean one way. */
    if (a->kind == b->kind ? !symmetric_kind(a->kind) && col__shape_order(a, b) > 0 : a->kind > b->kind) {
        const col_shape *t = a;
        a = b;
        b = t;
    }
    return overlap_ordered(a, b, NULL) == 1;
}

static inline bool sphere_aabb_k(const col_sphere *s, const col_aabb *b) { return col__overlap_aabb_sphere_k(b, s); }

/* The batch loops: pair i is a[i] against b[i * step] (step 0: b_single). */
#define COL__BATCH_LOOP(TA, TB, KERNEL)                                                                       \
    do {                                                                                                               \
        const TA *pa = (const TA *)a;                                                                                  \
        const TB *pb = (const TB *)b;                                                                                  \
        for (size_t i = 0; i < count; ++i) {                                                                           \
            bool h = KERNEL(&pa[i], &pb[i * step]);                                                                    \
            hits += h;                                                                                                 \
            if (out) out[i] = (unsigned char)h;                                                                        \
        }                                                                                                              \
    } while (0)

static inline bool sphere_aabb_u(const col_sphere *s, const col_aabb *b) { return col__overlap_aabb_sphere_u(b, s); }

static size_t overlap_many(col_shape_kind ka, const void *a, col_shape_kind kb, const void *b, bool b_single,
                           size_t count, unsigned char *out, bool checked) {
    size_t hits = 0, step = b_single ? 0 : 1;
    if (count == 0) return 0;
    if (!a || !b || !col_overlap_supported(ka, kb)) {
        if (out) memset(out, 0, count);
        return 0;
    }
    if (ka == COL_SHAPE_SPHERE && kb == COL_SHAPE_SPHERE) {
        if (checked)
            COL__BATCH_LOOP(col_sphere, col_sphere, col__overlap_sphere_sphere_k);
        else
            COL__BATCH_LOOP(col_sphere, col_sphere, col__overlap_sphere_sphere_u);
    } else if (ka == COL_SHAPE_AABB && kb == COL_SHAPE_AABB) {
        if (checked)
            COL__BATCH_LOOP(col_aabb, col_aabb, col__overlap_aabb_aabb_k);
        else
            COL__BATCH_LOOP(col_aabb, col_aabb, col__overlap_aabb_aabb_u);
    } else if (ka == COL_SHAPE_AABB && kb == COL_SHAPE_SPHERE) {
        if (checked)
            COL__BATCH_LOOP(col_aabb, col_sphere, col__overlap_aabb_sphere_k);
        else
            COL__BATCH_LOOP(col_aabb, col_sphere, col__overlap_aabb_sphere_u);
    } else if (ka == COL_SHAPE_SPHERE && kb == COL_SHAPE_AABB) {
        if (checked)
            COL__BATCH_LOOP(col_sphere, col_aabb, sphere_aabb_k);
        else
            COL__BATCH_LOOP(col_sphere, col_aabb, sphere_aabb_u);
    } else if (!checked && ka == COL_SHAPE_OBB && kb == COL_SHAPE_OBB) {
        /* SAT without validation; ordered as col_overlap orders them (not symmetric bit for bit) */
        const col_obb *pa = (const col_obb *)a, *pb = (const col_obb *)b;
        for (size_t i = 0; i < count; ++i) {
            bool swap = order_reals((const col_real *)(const void *)&pa[i], (const col_real *)(const void *)&pb[i * step],
                                    sizeof(col_obb) / sizeof(col_real)) > 0; /* col__shape_order's order */
            bool h = swap ? col__overlap_obb_obb_u(&pb[i * step], &pa[i]) : col__overlap_obb_obb_u(&pa[i], &pb[i * step]);
            hits += h;
            if (out) out[i] = (unsigned char)h;
        }
    } else {
        /* every other pair through col_overlap, on col_shapes built once */
        size_t sa = kind_sizes[ka], sb = kind_sizes[kb];
        col_shape x, y;
        memset(&x, 0, sizeof x);
        memset(&y, 0, sizeof y);
        x.kind = ka;
        y.kind = kb;
        for (size_t i = 0; i < count; ++i) {
            memcpy(&x.u, (const char *)a + i * sa, sa);
            memcpy(&y.u, (const char *)b + i * step * sb, sb);
            bool h = col_overlap(&x, &y);
            hits += h;
            if (out) out[i] = (unsigned char)h;
        }
    }
    return hits;
}

size_t col_overlap_many(col_shape_kind ka, const void *a, col_shape_kind kb, const void *b, bool b_single,
                        size_t count, unsigned char *out) {
    return overlap_many(ka, a, kb, b, b_single, count, out, true);
}

size_t col_overlap_many_unchecked(col_shape_kind ka, const void *a, col_shape_kind kb, const void *b, bool b_single,
                                  size_t count, unsigned char *out) {
    return overlap_many(ka, a, kb, b, b_single, count, out, false);
}

bool col_classify_supported(col_shape_kind kind) {
    return kind_in_range(kind) && kind != COL_SHAPE_PLANE && !col_shape_kind_is_2d(kind);
}

col_side col_classify(const col_shape *s, const col_plane *pl) {
    switch (s->kind) {
    case COL_SHAPE_POINT: return col_classify_point_plane(&s->u.point, pl);
    case COL_SHAPE_SEGMENT: return col_classify_segment_plane(&s->u.segment, pl);
    case COL_SHAPE_TRIANGLE: return col_classify_triangle_plane(&s->u.triangle, pl);
    case COL_SHAPE_SPHERE: return col_classify_sphere_plane(&s->u.sphere, pl);
    case COL_SHAPE_CAPSULE: return col_classify_capsule_plane(&s->u.capsule, pl);
    case COL_SHAPE_AABB: return col_classify_aabb_plane(&s->u.aabb, pl);
    case COL_SHAPE_OBB: return col_classify_obb_plane(&s->u.obb, pl);
    case COL_SHAPE_ELLIPSOID: return col_classify_ellipsoid_plane(&s->u.ellipsoid, pl);
    case COL_SHAPE_POLYTOPE: {
        /* the extent of the points along the normal */
        if (!col_polytope_is_valid(&s->u.polytope) || !col__valid_plane(pl)) return COL_SIDE_INVALID;
        col_real lo = col_plane_signed_distance(pl, s->u.polytope.points[0]), hi = lo;
        for (int i = 1; i < s->u.polytope.count; ++i) {
            col_real d = col_plane_signed_distance(pl, s->u.polytope.points[i]);
            lo = col_min(lo, d);
            hi = col_max(hi, d);
        }
        return lo > COL_R(0.0) ? COL_FRONT : (hi < COL_R(0.0) ? COL_BACK : COL_STRADDLE);
    }
    default: return COL_SIDE_INVALID;
    }
}

static col_aabb box_of_points(const col_vec3 *p, int n, col_real r) {
    col_aabb b = {p[0], p[0]};
    for (int i = 1; i < n; ++i) {
        b.min = col_v3(col_min(b.min.x, p[i].x), col_min(b.min.y, p[i].y), col_min(b.min.z, p[i].z));
        b.max = col_v3(col_max(b.max.x, p[i].x), col_max(b.max.y, p[i].y), col_max(b.max.z, p[i].z));
    }
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

bool col_raycast_supported(col_shape_kind kind) {
    return kind_in_range(kind) && !col_shape_kind_is_2d(kind) && kind != COL_SHAPE_POLYTOPE;
}

col_ray_hit col_raycast(const col_shape *s, const col_ray *r) {
    switch (s->kind) {
    case COL_SHAPE_POINT: return col_raycast_point(r, &s->u.point);
    case COL_SHAPE_SEGMENT: return col_raycast_segment(r, &s->u.segment);
    case COL_SHAPE_TRIANGLE: return col_raycast_triangle(r, &s->u.triangle, COL_TWO_SIDED);
    case COL_SHAPE_PLANE: return col_raycast_plane(r, &s->u.plane);
    case COL_SHAPE_SPHERE: return col_raycast_sphere(r, &s->u.sphere);
    case COL_SHAPE_CAPSULE: return col_raycast_capsule(r, &s->u.capsule);
    case COL_SHAPE_AABB: return col_raycast_aabb_slabs(r, &s->u.aabb);
    case COL_SHAPE_OBB: return col_raycast_obb(r, &s->u.obb);
    case COL_SHAPE_ELLIPSOID: return col_raycast_ellipsoid(r, &s->u.ellipsoid);
    default: {
        col_ray_hit h;
        memset(&h, 0, sizeof h);
        h.status = COL_INVALID;
        return h;
    }
    }
}

static col_ray_hit cast_shape(const col_ray *r, const void *ctx) { return col_raycast((const col_shape *)ctx, r); }

/* The sweep for an ordered pair, or status COL_INVALID with *supported false. */
static col_sweep_hit sweep_ordered(const col_shape *a, col_vec3 da, const col_shape *b, col_vec3 db, bool *supported) {
    *supported = true;
    if (a->kind == COL_SHAPE_POINT && col_raycast_supported(b->kind)) {
        if (!col__valid_point(&a->u.point) || !col_shape_is_valid(b) || !col_v3_is_valid(da) || !col_v3_is_valid(db))
            return col__sweep_miss(COL_INVALID);
        col_sweep_hit h = col__sweep_cast(cast_shape, b, a->u.point.p, col_v3_sub(da, db));
        if (h.status == COL_HIT) h.point = col_v3_madd(h.point, h.t0, db);
        return h;
    }
    switch (PAIR(a->kind, b->kind)) {
    case PAIR(COL_SHAPE_SPHERE, COL_SHAPE_PLANE): return col_sweep_sphere_plane(&a->u.sphere, da, &b->u.plane, db);
    case PAIR(COL_SHAPE_SPHERE, COL_SHAPE_SPHERE): return col_sweep_sphere_sphere(&a->u.sphere, da, &b->u.sphere, db);
    case PAIR(COL_SHAPE_AABB, COL_SHAPE_AABB): return col_sweep_aabb_aabb(&a->u.aabb, da, &b->u.aabb, db);
    case PAIR(COL_SHAPE_SPHERE, COL_SHAPE_AABB): return col_sweep_sphere_aabb(&a->u.sphere, da, &b->u.aabb, db);
    case PAIR(COL_SHAPE_SPHERE, COL_SHAPE_TRIANGLE):
        return col_sweep_sphere_triangle(&a->u.sphere, da, &b->u.triangle, db);
    case PAIR(COL_SHAPE_CAPSULE, COL_SHAPE_PLANE): return col_sweep_capsule_plane(&a->u.capsule, da, &b->u.plane, db);
    default: *supported = false; return col__sweep_miss(COL_INVALID);
    }
}

bool col_sweep_supported(col_shape_kind a, col_shape_kind b) {
    return col_sweep_has_closed_form(a, b) || col_distance_supported(a, b);
}

bool col_sweep_has_closed_form(col_shape_kind a, col_shape_kind b) {
    if (!kind_in_range(a) || !kind_in_range(b)) return false;
    col_shape sa, sb;
    memset(&sa, 0, sizeof sa);
    memset(&sb, 0, sizeof sb);
    sa.kind = a;
    sb.kind = b;
    bool ok;
    (void)sweep_ordered(&sa, col_v3(0, 0, 0), &sb, col_v3(0, 0, 0), &ok);
    if (ok) return true;
    (void)sweep_ordered(&sb, col_v3(0, 0, 0), &sa, col_v3(0, 0, 0), &ok);
    return ok;
}

col_sweep_hit col_sweep(const col_shape *a, col_vec3 da, const col_shape *b, col_vec3 db) {
    if (!kind_in_range(a->kind) || !kind_in_range(b->kind)) return col__sweep_miss(COL_INVALID);
    bool ok;
    /* Two shapes of one kind are ordered by their bytes, as in col_overlap, so
     * both argument orders run the same computation. */
    int order = a->kind == b->kind ? col__shape_order(a, b) : 0;
    if (a->kind == b->kind && order == 0) {
        /* identical shapes: by the direction of the relative motion (first
         * non-zero component positive), which swapping negates and moving or
         * scaling both keeps */
        col_vec3 v = col_v3_sub(da, db);
        bool negative = v.x < COL_R(0.0) ||
                        (v.x == COL_R(0.0) && (v.y < COL_R(0.0) || (v.y == COL_R(0.0) && v.z < COL_R(0.0))));
        bool positive = v.x > COL_R(0.0) ||
                        (v.x == COL_R(0.0) && (v.y > COL_R(0.0) || (v.y == COL_R(0.0) && v.z > COL_R(0.0))));
        order = negative ? 1 : (positive ? -1 : memcmp(&da, &db, sizeof da));
    }
    bool swap = order > 0;
    col_sweep_hit h;
    if (!swap) {
        h = sweep_ordered(a, da, b, db, &ok);
        if (ok) return h;
    }
    h = sweep_ordered(b, db, a, da, &ok);
    if (!ok) return col_sweep_convex(a, da, b, db, NULL, NULL); /* no closed form: the general sweep */
    h.normal = col__no_neg_zero(col_v3_neg(h.normal)); /* was on A toward B */
    return h;
}
