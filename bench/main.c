/*
 * bench/main.c — collide-bench: every query family on fixed-seed workloads,
 * collide beside the naive floor and the peers found at configure time, in
 * one run. Prints, per family and workload, the median / min / max ns per
 * query over the repetitions, the ratio to collide and the agreement of the
 * yes/no answers with collide's, then the targets of the performance issue
 * with their verdicts. See bench/README.md; `make bench` runs it.
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "bench_tree.h"
#include "bench_volumes.h"

/* ---- random numbers: splitmix64, fixed seed ---- */

static uint64_t rng_state;

static uint64_t rng_next(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double uniform(double lo, double hi) { return lo + (hi - lo) * (double)(rng_next() >> 11) * 0x1.0p-53; }

static col_vec3 random_unit(void) {
    for (;;) {
        col_vec3 v = col_v3(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
        double l2 = col_v3_len_sq(v);
        if (l2 > 1e-4 && l2 <= 1) return col_v3_scale(v, 1 / sqrt(l2));
    }
}

/* A uniformly random rotation (Shoemake's quaternion from three uniforms). */
static void random_axes(col_vec3 u[3]) {
    double s = uniform(0, 1), t1 = uniform(0, 6.283185307179586), t2 = uniform(0, 6.283185307179586);
    double r1 = sqrt(1 - s), r2 = sqrt(s);
    double x = r1 * sin(t1), y = r1 * cos(t1), z = r2 * sin(t2), w = r2 * cos(t2);
    u[0] = col_v3(1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y));
    u[1] = col_v3(2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x));
    u[2] = col_v3(2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y));
}

/* ---- shapes ---- */

size_t bench_kind_size(col_shape_kind kind) {
    switch (kind) {
    case COL_SHAPE_POINT: return sizeof(col_point);
    case COL_SHAPE_SEGMENT: return sizeof(col_segment);
    case COL_SHAPE_TRIANGLE: return sizeof(col_triangle);
    case COL_SHAPE_PLANE: return sizeof(col_plane);
    case COL_SHAPE_SPHERE: return sizeof(col_sphere);
    case COL_SHAPE_CAPSULE: return sizeof(col_capsule);
    case COL_SHAPE_AABB: return sizeof(col_aabb);
    case COL_SHAPE_OBB: return sizeof(col_obb);
    case COL_SHAPE_ELLIPSOID: return sizeof(col_ellipsoid);
    case COL_SHAPE_POLYTOPE: return sizeof(col_polytope);
    case COL_SHAPE_CIRCLE: return sizeof(col_circle);
    case COL_SHAPE_RECT: return sizeof(col_rect);
    default: return 0;
    }
}

const void *bench_at(const void *array, col_shape_kind kind, size_t i) {
    return (const char *)array + i * bench_kind_size(kind);
}

enum { POLY_POINTS = 12 };

/* A shape of `kind` about `c` (sizes about 1, as game objects of one size class). */
static void random_shape(col_shape_kind kind, col_vec3 c, void *out, col_vec3 *poly_points) {
    switch (kind) {
    case COL_SHAPE_SPHERE: *(col_sphere *)out = (col_sphere){c, uniform(0.5, 1.5)}; break;
    case COL_SHAPE_AABB: {
        col_vec3 e = col_v3(uniform(0.5, 1.5), uniform(0.5, 1.5), uniform(0.5, 1.5));
        *(col_aabb *)out = (col_aabb){col_v3_sub(c, e), col_v3_add(c, e)};
        break;
    }
    case COL_SHAPE_OBB: {
        col_obb *b = out;
        b->c = c;
        random_axes(b->u);
        b->e = col_v3(uniform(0.5, 1.5), uniform(0.5, 1.5), uniform(0.5, 1.5));
        break;
    }
    case COL_SHAPE_TRIANGLE: {
        col_vec3 v[3];
        for (int k = 0; k < 3; ++k) v[k] = col_v3_add(c, col_v3_scale(random_unit(), uniform(0.5, 2)));
        *(col_triangle *)out = (col_triangle){v[0], v[1], v[2]};
        break;
    }
    case COL_SHAPE_CAPSULE: {
        col_vec3 h = col_v3_scale(random_unit(), uniform(0.25, 1));
        *(col_capsule *)out = (col_capsule){col_v3_sub(c, h), col_v3_add(c, h), uniform(0.3, 0.8)};
        break;
    }
    case COL_SHAPE_PLANE: {
        col_vec3 n = random_unit();
        *(col_plane *)out = (col_plane){n, col_v3_dot(n, c)};
        break;
    }
    case COL_SHAPE_ELLIPSOID:
        *(col_ellipsoid *)out = (col_ellipsoid){c, col_v3(uniform(0.5, 1.5), uniform(0.5, 1.5), uniform(0.5, 1.5))};
        break;
    case COL_SHAPE_POLYTOPE: {
        double s = uniform(0.5, 1.5);
        for (int k = 0; k < POLY_POINTS; ++k)
            poly_points[k] = col_v3_add(c, col_v3_scale(random_unit(), s * uniform(0.6, 1)));
        *(col_polytope *)out = (col_polytope){poly_points, POLY_POINTS};
        break;
    }
    default: abort();
    }
}

/* ---- families ---- */

typedef enum { F_OVERLAP, F_RAY, F_SWEEP } family_type;

typedef struct family {
    const char *id, *title;
    family_type type;
    col_shape_kind ka, kb;
    double spread; /* near workload: offset (overlap), aim jitter (ray, sweep) */
} family;

static const family families[] = {
    {"sphere_sphere", "sphere-sphere overlap", F_OVERLAP, COL_SHAPE_SPHERE, COL_SHAPE_SPHERE, 4.0},
    {"aabb_aabb", "AABB-AABB overlap", F_OVERLAP, COL_SHAPE_AABB, COL_SHAPE_AABB, 4.2},
    {"obb_obb", "OBB-OBB overlap (SAT)", F_OVERLAP, COL_SHAPE_OBB, COL_SHAPE_OBB, 4.4},
    {"sphere_aabb", "sphere-AABB overlap", F_OVERLAP, COL_SHAPE_AABB, COL_SHAPE_SPHERE, 3.9},
    {"triangle_aabb", "triangle-AABB overlap", F_OVERLAP, COL_SHAPE_AABB, COL_SHAPE_TRIANGLE, 4.0},
    {"triangle_triangle", "triangle-triangle overlap (exact)", F_OVERLAP, COL_SHAPE_TRIANGLE, COL_SHAPE_TRIANGLE, 3.0},
    {"capsule_capsule", "capsule-capsule overlap (exact)", F_OVERLAP, COL_SHAPE_CAPSULE, COL_SHAPE_CAPSULE, 3.4},
    {"capsule_triangle", "capsule-triangle overlap (exact)", F_OVERLAP, COL_SHAPE_CAPSULE, COL_SHAPE_TRIANGLE, 3.4},
    {"ray_aabb", "ray-AABB", F_RAY, COL_SHAPE_AABB, COL_SHAPE_AABB, 1.6},
    {"ray_triangle", "ray-triangle", F_RAY, COL_SHAPE_TRIANGLE, COL_SHAPE_TRIANGLE, 1.4},
    {"ray_sphere", "ray-sphere", F_RAY, COL_SHAPE_SPHERE, COL_SHAPE_SPHERE, 1.4},
    {"ray_capsule", "ray-capsule", F_RAY, COL_SHAPE_CAPSULE, COL_SHAPE_CAPSULE, 1.4},
    {"ray_triangle_endless", "ray-triangle, rays without end (max_t = inf)", F_RAY, COL_SHAPE_TRIANGLE,
     COL_SHAPE_TRIANGLE, 1.4},
    {"sweep_sphere_plane", "sweep sphere-plane", F_SWEEP, COL_SHAPE_SPHERE, COL_SHAPE_PLANE, 1.0},
    {"sweep_sphere_sphere", "sweep sphere-sphere", F_SWEEP, COL_SHAPE_SPHERE, COL_SHAPE_SPHERE, 3.0},
    {"sweep_aabb_aabb", "sweep AABB-AABB", F_SWEEP, COL_SHAPE_AABB, COL_SHAPE_AABB, 3.0},
    {"sweep_sphere_aabb", "sweep sphere-AABB", F_SWEEP, COL_SHAPE_SPHERE, COL_SHAPE_AABB, 3.0},
    {"sweep_sphere_triangle", "sweep sphere-triangle", F_SWEEP, COL_SHAPE_SPHERE, COL_SHAPE_TRIANGLE, 2.8},
    {"sweep_capsule_plane", "sweep capsule-plane", F_SWEEP, COL_SHAPE_CAPSULE, COL_SHAPE_PLANE, 1.0},
    {"gjk_box_box", "GJK distance box-box", F_OVERLAP, COL_SHAPE_OBB, COL_SHAPE_OBB, 4.4},
    {"gjk_capsule_box", "GJK distance capsule-box", F_OVERLAP, COL_SHAPE_CAPSULE, COL_SHAPE_OBB, 3.4},
    {"gjk_polytope", "GJK distance polytope-polytope (12 points each)", F_OVERLAP, COL_SHAPE_POLYTOPE,
     COL_SHAPE_POLYTOPE, 3.6},
    {"gjk_overlap_capsule_box", "overlap capsule-box (yes/no)", F_OVERLAP, COL_SHAPE_CAPSULE, COL_SHAPE_OBB, 3.4},
    {"penetration_box_box", "penetration box-box", F_OVERLAP, COL_SHAPE_OBB, COL_SHAPE_OBB, 4.4},
    {"penetration_ellipsoid_box", "penetration ellipsoid-box (a curved contact)", F_OVERLAP, COL_SHAPE_ELLIPSOID,
     COL_SHAPE_OBB, 4.4},
    {"sweep_general_box_box", "general sweep box-box (conservative advancement)", F_SWEEP, COL_SHAPE_OBB, COL_SHAPE_OBB,
     3.0},
    {"sweep_general_capsule_box", "general sweep capsule-box (a character's move against a box)", F_SWEEP,
     COL_SHAPE_CAPSULE, COL_SHAPE_OBB, 3.0},
    {"sweep_general_capsule_triangle", "general sweep capsule-triangle (a character's move against a triangle)",
     F_SWEEP, COL_SHAPE_CAPSULE, COL_SHAPE_TRIANGLE, 2.8},
};
enum { FAMILY_COUNT = sizeof families / sizeof families[0] };

static void workload_free(bench_workload *w) {
    free(w->a);
    free(w->b);
    free(w->rays);
    free(w->rays_endless);
    free(w->da);
    free(w->db);
    free(w->points);
    memset(w, 0, sizeof *w);
}

static void *xcalloc(size_t n, size_t size) {
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) {
        fprintf(stderr, "collide-bench: out of memory\n");
        exit(1);
    }
    return p;
}

/* The workload of a family: the near one (about half the pairs overlap / hit)
 * or the far one (none do: shapes 10-20 spreads apart, rays and motions
 * pointing away). Seeded by the family's index, so each is fixed. */
static void workload_make(const family *f, int far, size_t n, uint64_t seed, bench_workload *w) {
    memset(w, 0, sizeof *w);
    rng_state = seed;
    w->n = n;
    w->ka = f->ka;
    w->kb = f->kb;
    size_t sa = bench_kind_size(f->ka), sb = bench_kind_size(f->kb);
    w->b = xcalloc(n, sb);
    if (f->type != F_RAY) w->a = xcalloc(n, sa);
    if (f->type == F_RAY) w->rays = xcalloc(n, sizeof(col_ray));
    if (f->type == F_RAY) w->rays_endless = xcalloc(n, sizeof(col_ray));
    if (f->type == F_SWEEP) {
        w->da = xcalloc(n, sizeof(col_vec3));
        w->db = xcalloc(n, sizeof(col_vec3));
    }
    if (f->ka == COL_SHAPE_POLYTOPE || f->kb == COL_SHAPE_POLYTOPE)
        w->points = xcalloc(2 * n * POLY_POINTS, sizeof(col_vec3));
    for (size_t i = 0; i < n; ++i) {
        col_vec3 p = col_v3(uniform(-50, 50), uniform(-50, 50), uniform(-50, 50));
        char *bi = (char *)w->b + i * sb;
        random_shape(f->kb, p, bi, w->points ? w->points + (2 * i + 1) * POLY_POINTS : NULL);
        switch (f->type) {
        case F_OVERLAP: {
            double len = far ? uniform(10, 20) * f->spread : uniform(0, f->spread);
            col_vec3 q = col_v3_add(p, col_v3_scale(random_unit(), len));
            random_shape(f->ka, q, (char *)w->a + i * sa, w->points ? w->points + 2 * i * POLY_POINTS : NULL);
            break;
        }
        case F_RAY: {
            col_vec3 o = col_v3_add(p, col_v3_scale(random_unit(), uniform(5, 10)));
            col_vec3 aim = col_v3_add(p, col_v3_scale(random_unit(), uniform(0, f->spread)));
            col_vec3 d = col_v3_scale(col_v3_sub(aim, o), far ? -2.0 : 2.0);
            w->rays[i] = (col_ray){o, d, 1.0};
            w->rays_endless[i] = (col_ray){o, d, (col_real)INFINITY};
            break;
        }
        case F_SWEEP: {
            col_vec3 q = col_v3_add(p, col_v3_scale(random_unit(), uniform(5, 8)));
            random_shape(f->ka, q, (char *)w->a + i * sa, NULL);
            col_vec3 aim = col_v3_add(p, col_v3_scale(random_unit(), uniform(0, f->spread)));
            col_vec3 db = col_v3_scale(random_unit(), uniform(0, 0.5));
            col_vec3 rel = col_v3_scale(col_v3_sub(aim, q), far ? -1.5 : 1.5);
            w->db[i] = db;
            w->da[i] = col_v3_add(rel, db);
            break;
        }
        }
    }
}

/* ---- collide's rows ---- */

/* run_<name>: the yes/no answer for each ray r against b[i] */
#define RUNRAY_YESNO(name, tb, answer)                                                                                 \
    static void run_##name(const void *ctx, size_t n, unsigned char *out) {                                            \
        const bench_workload *w = ctx;                                                                                 \
        const tb *b = w->b;                                                                                            \
        for (size_t i = 0; i < n; ++i) {                                                                               \
            const col_ray *r = &w->rays[i];                                                                            \
            out[i] = (unsigned char)(answer);                                                                          \
        }                                                                                                              \
    }
/* run_<name>: a cast's hit as the answer */
#define RUNRAY(name, tb, call) RUNRAY_YESNO(name, tb, (call).status == COL_HIT)
/* The segment [origin, origin + max_t delta] of the ray r, its end as the
 * casts compute it. */
#define RAY_SEGMENT(r) (&(const col_segment){(r)->origin, col_v3_madd((r)->origin, (r)->max_t, (r)->delta)})
#define RUNSWEEP(name, ta, tb, fn)                                                                                     \
    static void run_##name(const void *ctx, size_t n, unsigned char *out) {                                            \
        const bench_workload *w = ctx;                                                                                 \
        const ta *a = w->a;                                                                                            \
        const tb *b = w->b;                                                                                            \
        for (size_t i = 0; i < n; ++i)                                                                                 \
            out[i] = (unsigned char)(fn(&a[i], w->da[i], &b[i], w->db[i]).status == COL_HIT);                          \
    }

BENCH_RUN2(sphere_sphere, col_sphere, col_sphere, col_overlap_sphere_sphere)
BENCH_RUN2(aabb_aabb, col_aabb, col_aabb, col_overlap_aabb_aabb)
BENCH_RUN2(obb_obb, col_obb, col_obb, col_overlap_obb_obb)
BENCH_RUN2(sphere_aabb, col_aabb, col_sphere, col_overlap_aabb_sphere)
BENCH_RUN2(triangle_aabb, col_aabb, col_triangle, col_overlap_aabb_triangle)
BENCH_RUN2(triangle_triangle, col_triangle, col_triangle, col_overlap_triangle_triangle)
BENCH_RUN2(capsule_capsule, col_capsule, col_capsule, col_overlap_capsule_capsule)
BENCH_RUN2(capsule_triangle, col_capsule, col_triangle, col_overlap_capsule_triangle)
BENCH_RUN2(capsule_obb, col_capsule, col_obb, col_overlap_capsule_obb)
RUNRAY(ray_aabb_slabs, col_aabb, col_raycast_aabb_slabs(r, &b[i]))
RUNRAY(ray_aabb_woo, col_aabb, col_raycast_aabb_woo(r, &b[i]))
RUNRAY(ray_triangle, col_triangle, col_raycast_triangle(r, &b[i], COL_TWO_SIDED))
RUNRAY(ray_triangle_mt, col_triangle, col_raycast_triangle_mt(r, &b[i], COL_TWO_SIDED))
RUNRAY(ray_triangle_badouel, col_triangle, col_raycast_triangle_badouel(r, &b[i], COL_TWO_SIDED))
RUNRAY(ray_sphere, col_sphere, col_raycast_sphere(r, &b[i]))
RUNRAY(ray_capsule, col_capsule, col_raycast_capsule(r, &b[i]))

/* Yes/no on each ray's segment by the exact static tests: issue 20's floors
 * are the sign-indexed slab test and Moller-Trumbore without division. */
RUNRAY_YESNO(segment_aabb, col_aabb, col_overlap_aabb_segment(&b[i], RAY_SEGMENT(r)))
RUNRAY_YESNO(segment_triangle, col_triangle, col_overlap_segment_triangle(RAY_SEGMENT(r), &b[i]))

/* The same rays without end (max_t = inf): against triangles, the exact
 * decision of the line ahead of the origin (raytri.c's endless_cast). */
static void run_ray_triangle_endless(const void *ctx, size_t n, unsigned char *out) {
    const bench_workload *w = ctx;
    const col_triangle *b = w->b;
    for (size_t i = 0; i < n; ++i) {
        out[i] = (unsigned char)(col_raycast_triangle(&w->rays_endless[i], &b[i], COL_TWO_SIDED).status == COL_HIT);
    }
}
/* The same rays without end, against the shapes whose cast then decides
 * alone (no exact step: what exactness adds to a finite max_t shows beside
 * it; every hit of the workload lies before t = 1, so the answers agree). */
#define RUNRAY_ENDLESS(name, tb, call)                                                                                 \
    static void run_##name##_endless(const void *ctx, size_t n, unsigned char *out) {                                  \
        const bench_workload *w = ctx;                                                                                 \
        const tb *b = w->b;                                                                                            \
        for (size_t i = 0; i < n; ++i) {                                                                               \
            const col_ray *r = &w->rays_endless[i]; /* stored: no copy per call beside the other row */                \
            out[i] = (unsigned char)((call).status == COL_HIT);                                                        \
        }                                                                                                              \
    }
RUNRAY_ENDLESS(ray_aabb_slabs, col_aabb, col_raycast_aabb_slabs(r, &b[i]))
RUNRAY_ENDLESS(ray_sphere, col_sphere, col_raycast_sphere(r, &b[i]))
RUNRAY_ENDLESS(ray_capsule, col_capsule, col_raycast_capsule(r, &b[i]))
RUNSWEEP(sweep_sphere_plane, col_sphere, col_plane, col_sweep_sphere_plane)
RUNSWEEP(sweep_sphere_sphere, col_sphere, col_sphere, col_sweep_sphere_sphere)
RUNSWEEP(sweep_aabb_aabb, col_aabb, col_aabb, col_sweep_aabb_aabb)
RUNSWEEP(sweep_sphere_aabb, col_sphere, col_aabb, col_sweep_sphere_aabb)
RUNSWEEP(sweep_sphere_triangle, col_sphere, col_triangle, col_sweep_sphere_triangle)
RUNSWEEP(sweep_capsule_plane, col_capsule, col_plane, col_sweep_capsule_plane)

/* The generic entry points take col_shape (a tagged union): these rows
 * convert the workload to arrays of col_shape first. */
typedef struct shapes_ctx {
    col_shape *a, *b;
    const col_vec3 *da, *db;
    col_gjk_cache *cache; /* one per pair, for the warm-started rows (else NULL) */
} shapes_ctx;

static void to_shapes(col_shape *out, const void *in, col_shape_kind kind, size_t n) {
    size_t size = bench_kind_size(kind);
    for (size_t i = 0; i < n; ++i) {
        memset(&out[i], 0, sizeof out[i]);
        out[i].kind = kind;
        memcpy(&out[i].u, (const char *)in + i * size, size);
    }
}

static void *prepare_shapes(const bench_workload *w) {
    shapes_ctx *c = xcalloc(1, sizeof *c);
    c->a = xcalloc(w->n, sizeof(col_shape));
    c->b = xcalloc(w->n, sizeof(col_shape));
    to_shapes(c->a, w->a, w->ka, w->n);
    to_shapes(c->b, w->b, w->kb, w->n);
    c->da = w->da;
    c->db = w->db;
    return c;
}

/* The shapes with a zeroed GJK cache per pair: the warm-up run fills them,
 * so the timed runs repeat each query on an unchanged pair, warm-started. */
static void *prepare_shapes_cached(const bench_workload *w) {
    shapes_ctx *c = prepare_shapes(w);
    c->cache = xcalloc(w->n, sizeof(col_gjk_cache));
    return c;
}

static void release_shapes(void *ctx) {
    shapes_ctx *c = ctx;
    free(c->a);
    free(c->b);
    free(c->cache);
    free(c);
}

static void run_overlap_dispatch(const void *ctx, size_t n, unsigned char *out) {
    const shapes_ctx *c = ctx;
    for (size_t i = 0; i < n; ++i) out[i] = (unsigned char)col_overlap(&c->a[i], &c->b[i]);
}

static void run_gjk(const void *ctx, size_t n, unsigned char *out) {
    const shapes_ctx *c = ctx;
    for (size_t i = 0; i < n; ++i) out[i] = (unsigned char)(col_gjk_distance(&c->a[i], &c->b[i]).distance <= 0);
}

static void run_gjk_cached(const void *ctx, size_t n, unsigned char *out) {
    const shapes_ctx *c = ctx;
    for (size_t i = 0; i < n; ++i)
        out[i] = (unsigned char)(col_gjk_distance_cached(&c->a[i], &c->b[i], &c->cache[i]).distance <= 0);
}

static void run_distance(const void *ctx, size_t n, unsigned char *out) {
    const shapes_ctx *c = ctx;
    for (size_t i = 0; i < n; ++i) out[i] = (unsigned char)(col_distance(&c->a[i], &c->b[i]).distance <= 0);
}

static void run_penetration(const void *ctx, size_t n, unsigned char *out) {
    const shapes_ctx *c = ctx;
    for (size_t i = 0; i < n; ++i) out[i] = (unsigned char)(col_penetration(&c->a[i], &c->b[i]).status != COL_MISS);
}
static void run_epa_penetration(const void *ctx, size_t n, unsigned char *out) {
    const shapes_ctx *c = ctx;
    for (size_t i = 0; i < n; ++i) out[i] = (unsigned char)(col_epa_penetration(&c->a[i], &c->b[i]).status != COL_MISS);
}

static void run_sweep_convex(const void *ctx, size_t n, unsigned char *out) {
    const shapes_ctx *c = ctx;
    for (size_t i = 0; i < n; ++i) {
        col_sweep_hit h = col_sweep_convex(&c->a[i], c->da[i], &c->b[i], c->db[i], NULL, NULL);
        out[i] = (unsigned char)(h.status == COL_HIT || h.status == COL_NOT_CONVERGED);
    }
}

static void run_sweep_dispatch(const void *ctx, size_t n, unsigned char *out) {
    const shapes_ctx *c = ctx;
    for (size_t i = 0; i < n; ++i)
        out[i] = (unsigned char)(col_sweep(&c->a[i], c->da[i], &c->b[i], c->db[i]).status == COL_HIT);
}

/* The batch: col_overlap_many over the packed arrays, in blocks of 1024
 * pairs (a broad phase's output arrives in such runs). */
static void run_overlap_many(const void *ctx, size_t n, unsigned char *out) {
    const bench_workload *w = ctx;
    size_t sa = bench_kind_size(w->ka), sb = bench_kind_size(w->kb);
    for (size_t i = 0; i < n; i += 1024) {
        size_t m = n - i < 1024 ? n - i : 1024;
        col_overlap_many(w->ka, (const char *)w->a + i * sa, w->kb, (const char *)w->b + i * sb, false, m, out + i);
    }
}

/* The rays' segments [origin, origin + max_t delta] (as RAY_SEGMENT) against
 * w->b by col_overlap_many, in blocks of 256: each block's segments made in
 * a buffer, inside the timing, then asked in one call. */
static void run_segments_many(const void *ctx, size_t n, unsigned char *out) {
    const bench_workload *w = ctx;
    size_t sb = bench_kind_size(w->kb);
    col_segment seg[256];
    for (size_t i = 0; i < n; i += 256) {
        size_t m = n - i < 256 ? n - i : 256;
        for (size_t j = 0; j < m; ++j) seg[j] = *RAY_SEGMENT(&w->rays[i + j]);
        col_overlap_many(COL_SHAPE_SEGMENT, seg, w->kb, (const char *)w->b + i * sb, false, m, out + i);
    }
}

/* The same batch for shapes known valid (as the Lua binding's are). */
static void run_overlap_many_unchecked(const void *ctx, size_t n, unsigned char *out) {
    const bench_workload *w = ctx;
    size_t sa = bench_kind_size(w->ka), sb = bench_kind_size(w->kb);
    for (size_t i = 0; i < n; i += 1024) {
        size_t m = n - i < 1024 ? n - i : 1024;
        col_overlap_many_unchecked(w->ka, (const char *)w->a + i * sa, w->kb, (const char *)w->b + i * sb, false, m,
                                   out + i);
    }
}

#define SHAPES prepare_shapes
#define REL release_shapes
static const bench_impl collide_impls[] = {
    {"sphere_sphere", "collide col_overlap_sphere_sphere", NULL, run_sphere_sphere, NULL, NULL},
    {"sphere_sphere", "collide col_overlap (dispatch)", SHAPES, run_overlap_dispatch, REL, NULL},
    {"sphere_sphere", "collide col_overlap_many (batch)", NULL, run_overlap_many, NULL, NULL},
    {"sphere_sphere", "collide col_overlap_many_unchecked (batch, valid)", NULL, run_overlap_many_unchecked, NULL,
     NULL},
    {"aabb_aabb", "collide col_overlap_aabb_aabb", NULL, run_aabb_aabb, NULL, NULL},
    {"aabb_aabb", "collide col_overlap_many (batch)", NULL, run_overlap_many, NULL, NULL},
    {"aabb_aabb", "collide col_overlap_many_unchecked (batch, valid)", NULL, run_overlap_many_unchecked, NULL, NULL},
    {"obb_obb", "collide col_overlap_obb_obb", NULL, run_obb_obb, NULL, NULL},
    {"obb_obb", "collide col_overlap (dispatch)", SHAPES, run_overlap_dispatch, REL, NULL},
    {"obb_obb", "collide col_overlap_many (batch)", NULL, run_overlap_many, NULL, NULL},
    {"obb_obb", "collide col_overlap_many_unchecked (batch, valid)", NULL, run_overlap_many_unchecked, NULL, NULL},
    {"sphere_aabb", "collide col_overlap_aabb_sphere", NULL, run_sphere_aabb, NULL, NULL},
    {"sphere_aabb", "collide col_overlap_many (batch)", NULL, run_overlap_many, NULL, NULL},
    {"sphere_aabb", "collide col_overlap_many_unchecked (batch, valid)", NULL, run_overlap_many_unchecked, NULL, NULL},
    {"triangle_aabb", "collide col_overlap_aabb_triangle", NULL, run_triangle_aabb, NULL, NULL},
    {"triangle_aabb", "collide col_distance <= 0 (closed form)", SHAPES, run_distance, REL, NULL},
    {"triangle_aabb", "collide col_gjk_distance <= 0 (GJK)", SHAPES, run_gjk, REL, NULL},
    {"triangle_triangle", "collide col_overlap_triangle_triangle", NULL, run_triangle_triangle, NULL, NULL},
    {"capsule_capsule", "collide col_overlap_capsule_capsule", NULL, run_capsule_capsule, NULL, NULL},
    {"capsule_triangle", "collide col_overlap_capsule_triangle", NULL, run_capsule_triangle, NULL, NULL},
    {"capsule_triangle", "collide col_gjk_distance <= 0 (GJK on the cores)", SHAPES, run_gjk, REL, NULL},
    {"ray_aabb", "collide col_raycast_aabb_slabs", NULL, run_ray_aabb_slabs, NULL, NULL},
    {"ray_aabb", "collide col_raycast_aabb_woo", NULL, run_ray_aabb_woo, NULL, NULL},
    {"ray_aabb", "collide col_raycast_aabb_slabs, max_t = inf (the cast alone, no exact step)", NULL,
     run_ray_aabb_slabs_endless, NULL, NULL},
    {"ray_triangle", "collide col_raycast_triangle (watertight)", NULL, run_ray_triangle, NULL, NULL},
    {"ray_triangle", "collide col_raycast_triangle_mt", NULL, run_ray_triangle_mt, NULL, NULL},
    {"ray_triangle", "collide col_raycast_triangle_badouel", NULL, run_ray_triangle_badouel, NULL, NULL},
    {"ray_aabb", "collide col_overlap_aabb_segment (segment yes/no, exact)", NULL, run_segment_aabb, NULL, NULL},
    {"ray_triangle", "collide col_overlap_segment_triangle (segment yes/no, exact)", NULL, run_segment_triangle, NULL,
     NULL},
    {"ray_aabb", "collide col_overlap_many (batch, segments of the rays, exact)", NULL, run_segments_many, NULL, NULL},
    {"ray_triangle", "collide col_overlap_many (batch, segments of the rays, exact)", NULL, run_segments_many, NULL,
     NULL},
    {"ray_sphere", "collide col_raycast_sphere", NULL, run_ray_sphere, NULL, NULL},
    {"ray_sphere", "collide col_raycast_sphere, max_t = inf (the cast alone, no exact step)", NULL,
     run_ray_sphere_endless, NULL, NULL},
    {"ray_capsule", "collide col_raycast_capsule", NULL, run_ray_capsule, NULL, NULL},
    {"ray_capsule", "collide col_raycast_capsule, max_t = inf (the cast alone, no exact step)", NULL,
     run_ray_capsule_endless, NULL, NULL},
    {"ray_triangle_endless", "collide col_raycast_triangle, max_t = inf", NULL, run_ray_triangle_endless, NULL, NULL},
    {"sweep_sphere_plane", "collide col_sweep_sphere_plane", NULL, run_sweep_sphere_plane, NULL, NULL},
    {"sweep_sphere_plane", "collide col_sweep_convex (general)", SHAPES, run_sweep_convex, REL, NULL},
    {"sweep_sphere_sphere", "collide col_sweep_sphere_sphere", NULL, run_sweep_sphere_sphere, NULL, NULL},
    {"sweep_sphere_sphere", "collide col_sweep_convex (general)", SHAPES, run_sweep_convex, REL, NULL},
    {"sweep_aabb_aabb", "collide col_sweep_aabb_aabb", NULL, run_sweep_aabb_aabb, NULL, NULL},
    {"sweep_aabb_aabb", "collide col_sweep_convex (general)", SHAPES, run_sweep_convex, REL, NULL},
    {"sweep_sphere_aabb", "collide col_sweep_sphere_aabb", NULL, run_sweep_sphere_aabb, NULL, NULL},
    {"sweep_sphere_aabb", "collide col_sweep_convex (general)", SHAPES, run_sweep_convex, REL, NULL},
    {"sweep_sphere_triangle", "collide col_sweep_sphere_triangle", NULL, run_sweep_sphere_triangle, NULL, NULL},
    {"sweep_sphere_triangle", "collide col_sweep_convex (general)", SHAPES, run_sweep_convex, REL, NULL},
    {"sweep_capsule_plane", "collide col_sweep_capsule_plane", NULL, run_sweep_capsule_plane, NULL, NULL},
    {"sweep_capsule_plane", "collide col_sweep_convex (general)", SHAPES, run_sweep_convex, REL, NULL},
    {"gjk_box_box", "collide col_gjk_distance", SHAPES, run_gjk, REL, NULL},
    {"gjk_box_box", "collide col_gjk_distance_cached (warm repeat)", prepare_shapes_cached, run_gjk_cached, REL, NULL},
    {"gjk_capsule_box", "collide col_gjk_distance", SHAPES, run_gjk, REL, NULL},
    {"gjk_capsule_box", "collide col_gjk_distance_cached (warm repeat)", prepare_shapes_cached, run_gjk_cached, REL,
     NULL},
    {"gjk_capsule_box", "collide col_distance (closed form on the cores)", SHAPES, run_distance, REL, NULL},
    {"gjk_polytope", "collide col_gjk_distance", SHAPES, run_gjk, REL, NULL},
    {"gjk_overlap_capsule_box", "collide col_overlap_capsule_obb (exact)", NULL, run_capsule_obb, NULL, NULL},
    {"gjk_overlap_capsule_box", "collide col_overlap (dispatch: the exact test)", SHAPES, run_overlap_dispatch, REL,
     NULL},
    {"gjk_overlap_capsule_box", "collide col_gjk_distance <= 0 (GJK on the cores)", SHAPES, run_gjk, REL, NULL},
    {"penetration_box_box", "collide col_penetration (separating axes)", SHAPES, run_penetration, REL, NULL},
    {"penetration_box_box", "collide col_epa_penetration (EPA)", SHAPES, run_epa_penetration, REL, NULL},
    {"penetration_ellipsoid_box", "collide col_penetration (EPA, then every critical direction)", SHAPES,
     run_penetration, REL, NULL},
    {"sweep_general_box_box", "collide col_sweep_convex", SHAPES, run_sweep_convex, REL, NULL},
    {"sweep_general_box_box", "collide col_sweep (dispatch)", SHAPES, run_sweep_dispatch, REL, NULL},
    {"sweep_general_capsule_box", "collide col_sweep_convex", SHAPES, run_sweep_convex, REL, NULL},
    {"sweep_general_capsule_triangle", "collide col_sweep_convex", SHAPES, run_sweep_convex, REL, NULL},
    {NULL, NULL, NULL, NULL, NULL, NULL},
};

/* ---- peers present in this build ---- */

static const bench_impl *const impl_tables[] = {
    collide_impls,     bench_naive,
#ifdef COLLIDE_BENCH_CCD
    bench_peer_ccd,
#endif
#ifdef COLLIDE_BENCH_ODE
    bench_peer_ode,
#endif
#ifdef COLLIDE_BENCH_BULLET
    bench_peer_bullet,
#endif
#ifdef COLLIDE_BENCH_FCL
    bench_peer_fcl,
#endif
};
enum { TABLE_COUNT = sizeof impl_tables / sizeof impl_tables[0] };

/* ---- timing ---- */

double bench_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

double bench_urand(uint64_t *state) {
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(*state >> 11) * (1.0 / 9007199254740992.0);
}

int bench_cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The workloads: near (about half the pairs overlap), far (none do), both
 * streaming n pairs through memory once per pass; and resident: the near
 * workload's first RESIDENT_N pairs, a few thousand plain structs that stay
 * in cache, passed over until n queries are done (the static tests and ray
 * casts only, RESIDENT_FAMILIES). */
enum { LOAD_NEAR, LOAD_FAR, LOAD_RESIDENT, LOAD_COUNT, RESIDENT_N = 4096 };
static const char *const load_names[LOAD_COUNT] = {"near", "far", "res"};
static const char *const resident_families[] = {"sphere_sphere", "aabb_aabb",         "obb_obb",         "sphere_aabb",
                                                "triangle_aabb", "triangle_triangle", "capsule_capsule", "ray_aabb",
                                                "ray_triangle",  "ray_sphere",        "ray_capsule"};

static int resident_family(const char *id) {
    for (size_t i = 0; i < sizeof resident_families / sizeof resident_families[0]; ++i)
        if (strcmp(resident_families[i], id) == 0) return 1;
    return 0;
}

enum { MAX_REPS = 64 };

typedef struct result {
    const family *fam;
    const bench_impl *impl;
    int far;                 /* the workload: LOAD_NEAR, LOAD_FAR or LOAD_RESIDENT */
    double median, min, max; /* ns per query */
    double ratio;            /* median / collide's median */
    double agreement;        /* fraction of answers equal to collide's */
    double yes;              /* fraction of yes answers */
    int reps;                /* the repetitions, in the order they ran (interleaved with the family's other rows) */
    double t[MAX_REPS];
} result;

enum { MAX_RESULTS = 512 };
static result results[MAX_RESULTS];
static int result_count;

typedef struct options {
    size_t n;
    int reps;
    const char *only;
    int loads; /* bit k: workload k runs */
    int markdown;
} options;

static volatile unsigned long sink; /* every answer array is folded in here */

/* One timed pass of an implementation over the workload, in ns per query. */
static double timed_pass(const bench_impl *impl, const void *ctx, size_t n, size_t passes, unsigned char *out) {
    double t0 = bench_now_ns();
    for (size_t p = 0; p < passes; ++p) impl->run(ctx, n, out);
    double t = (bench_now_ns() - t0) / (double)(n * passes);
    unsigned long s = 0;
    for (size_t i = 0; i < n; ++i) s += out[i];
    sink += s;
    return t;
}

static void summarize(result *r, double *t, int reps) {
    qsort(t, (size_t)reps, sizeof t[0], bench_cmp_double);
    r->min = t[0];
    r->max = t[reps - 1];
    r->median = reps % 2 ? t[reps / 2] : 0.5 * (t[reps / 2 - 1] + t[reps / 2]);
}

static void print_header(const options *o) {
    if (o->markdown) {
        printf("| family | workload | implementation | median ns | min | max | x collide | agree | yes |\n");
        printf("|---|---|---|--:|--:|--:|--:|--:|--:|\n");
    } else {
        printf("%-24s %-4s %-46s %9s %9s %9s %9s %8s %6s\n", "family", "load", "implementation", "median", "min", "max",
               "x collide", "agree", "yes");
    }
}

static void print_result(const options *o, const result *r) {
    const char *load = load_names[r->far];
    if (o->markdown)
        printf("| %s | %s | %s | %.2f | %.2f | %.2f | %.2f | %.2f%% | %.0f%% |\n", r->fam->id, load, r->impl->name,
               r->median, r->min, r->max, r->ratio, 100 * r->agreement, 100 * r->yes);
    else
        printf("%-24s %-4s %-46s %9.2f %9.2f %9.2f %9.2f %7.2f%% %5.0f%%\n", r->fam->id, load, r->impl->name, r->median,
               r->min, r->max, r->ratio, 100 * r->agreement, 100 * r->yes);
    fflush(stdout);
}

enum { MAX_IMPLS = 16 };

/* Every implementation of the family, repetitions interleaved (repetition k
 * of each, then k + 1): a slow spell of the machine (a shared virtual
 * machine has them) then falls on every row alike, so the ratios hold even
 * when the absolute figures drift. */
static void run_family(const options *o, size_t fi, int far) {
    const family *f = &families[fi];
    bench_workload w;
    /* resident: the near workload's first pairs (the same seed), passed over */
    size_t n = far == LOAD_RESIDENT && o->n > RESIDENT_N ? RESIDENT_N : o->n;
    size_t passes = far == LOAD_RESIDENT ? (o->n + n - 1) / n : 1;
    workload_make(f, far == LOAD_FAR, n, 0xC011DE00ull + fi, &w);
    const bench_impl *impls[MAX_IMPLS];
    void *ctx[MAX_IMPLS];
    unsigned char *answers[MAX_IMPLS];
    double times[MAX_IMPLS][MAX_REPS];
    int count = 0;
    for (int t = 0; t < TABLE_COUNT; ++t)
        for (const bench_impl *impl = impl_tables[t]; impl->family; ++impl)
            if (strcmp(impl->family, f->id) == 0 && count < MAX_IMPLS) impls[count++] = impl;
    for (int i = 0; i < count; ++i) {
        ctx[i] = impls[i]->prepare ? impls[i]->prepare(&w) : (void *)&w;
        answers[i] = xcalloc(w.n, 1);
        impls[i]->run(ctx[i], w.n, answers[i]); /* warm-up, and the answers compared below */
    }
    int reps = o->reps < MAX_REPS ? o->reps : MAX_REPS;
    unsigned char *scratch = xcalloc(w.n, 1);
    for (int k = 0; k < reps; ++k)
        for (int i = 0; i < count; ++i) times[i][k] = timed_pass(impls[i], ctx[i], w.n, passes, scratch);
    double base = 0;
    for (int i = 0; i < count; ++i) {
        result r = {f, impls[i], far, 0, 0, 0, 0, 0, 0, reps, {0}};
        memcpy(r.t, times[i], (size_t)reps * sizeof times[i][0]);
        summarize(&r, times[i], reps);
        size_t agree = 0, yes = 0;
        for (size_t q = 0; q < w.n; ++q) {
            agree += answers[i][q] == answers[0][q];
            yes += answers[i][q];
        }
        r.agreement = (double)agree / (double)w.n;
        r.yes = (double)yes / (double)w.n;
        if (i == 0) base = r.median;
        r.ratio = base > 0 ? r.median / base : 0;
        print_result(o, &r);
        if (result_count < MAX_RESULTS) results[result_count++] = r;
    }
    for (int i = 0; i < count; ++i) {
        if (impls[i]->release) impls[i]->release(ctx[i]);
        free(answers[i]);
    }
    free(scratch);
    workload_free(&w);
}

/* ---- targets ---- */

static const result *find(const char *fam, int far, const char *name_prefix) {
    for (int i = 0; i < result_count; ++i)
        if (results[i].far == far && strcmp(results[i].fam->id, fam) == 0 &&
            strncmp(results[i].impl->name, name_prefix, strlen(name_prefix)) == 0)
            return &results[i];
    return NULL;
}

static int misses;

/* The median over the repetitions k of a's time over b's in the same
 * repetition: two rows of one family and workload ran side by side in each
 * (run_family), so a slow spell of the machine, or of its memory, falls on
 * both terms of a ratio; the ratio of the medians would mix spells. */
static double paired_ratio(const result *a, const result *b) {
    double x[MAX_REPS];
    int n = a->reps < b->reps ? a->reps : b->reps;
    for (int k = 0; k < n; ++k) x[k] = a->t[k] / b->t[k];
    qsort(x, (size_t)n, sizeof x[0], bench_cmp_double);
    return n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

/* "a within limit x b": the median of the paired ratios (paired_ratio) at
 * most limit; the medians are shown beside it. */
static void target(const char *what, const result *a, const result *b, double limit) {
    if (!a || !b) {
        printf("  %-58s not measured (peer or family not in this run)\n", what);
        return;
    }
    double x = paired_ratio(a, b);
    int ok = x <= limit;
    misses += !ok;
    printf("  %-58s %7.2f ns vs %7.2f ns, paired %5.2fx (<= %.2fx) %s\n", what, a->median, b->median, x, limit,
           ok ? "met" : "MISSED");
}

/* issue 20: the static tests within 1.5x of the strongest textbook floors */
static void print_floor_targets(int far) {
    target("col_overlap_aabb_aabb within 1.5x of the branch-free floor",
           find("aabb_aabb", far, "collide col_overlap_aabb"), find("aabb_aabb", far, "naive: branch-free"), 1.5);
    target("col_overlap_aabb_segment within 1.5x of sign-indexed slabs",
           find("ray_aabb", far, "collide col_overlap_aabb_segment"), find("ray_aabb", far, "naive: segment yes/no"),
           1.5);
    target("col_overlap_segment_triangle within 1.5x of MT yes/no",
           find("ray_triangle", far, "collide col_overlap_segment_triangle"),
           find("ray_triangle", far, "naive: segment yes/no"), 1.5);
    /* "every static test within 1.5x of its floor": the others against theirs */
    static const char *const others[][2] = {
        {"sphere_sphere", "collide col_overlap_sphere_sphere"},
        {"sphere_aabb", "collide col_overlap_aabb_sphere"},
        {"obb_obb", "collide col_overlap_obb_obb"},
        {"triangle_aabb", "collide col_overlap_aabb_triangle"},
        {"triangle_triangle", "collide col_overlap_triangle_triangle"},
        {"capsule_capsule", "collide col_overlap_capsule_capsule"},
    };
    for (size_t i = 0; i < sizeof others / sizeof others[0]; ++i) {
        char what[128];
        snprintf(what, sizeof what, "%s within 1.5x of its floor", others[i][1] + 8);
        target(what, find(others[i][0], far, others[i][1]), find(others[i][0], far, "naive:"), 1.5);
    }
    /* the batch path: the sphere pairs of an array, four or two at
     * a time; the rays' segments against boxes and triangles, four at a time */
    target("col_overlap_many sphere-sphere (batch) within 1.5x of the floor",
           find("sphere_sphere", far, "collide col_overlap_many (batch)"), find("sphere_sphere", far, "naive:"), 1.5);
    target("col_overlap_many segment-AABB (batch) within 1.5x of the slabs",
           find("ray_aabb", far, "collide col_overlap_many (batch"), find("ray_aabb", far, "naive: segment yes/no"),
           1.5);
    target("col_overlap_many segment-triangle (batch) within 1.5x of MT",
           find("ray_triangle", far, "collide col_overlap_many (batch"),
           find("ray_triangle", far, "naive: segment yes/no"), 1.5);
}

/* issue 16: the exact decision of a finite max_t (filtered predicates:
 * certificates, the filter, then exact arithmetic) against the same cast on
 * the same rays without end, where the floating-point cast decides alone;
 * "nothing measurable" read as within 5%, about this machine's noise
 * between interleaved repetitions. Every hit lies before t = 1, so the
 * answers agree. */
static void print_exact_targets(int far) {
    static const char *const rows[][2] = {
        {"ray_aabb", "collide col_raycast_aabb_slabs"},
        {"ray_sphere", "collide col_raycast_sphere"},
        {"ray_capsule", "collide col_raycast_capsule"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; ++i) {
        char what[128], endless[128];
        snprintf(what, sizeof what, "%s exact (max_t = 1) vs the cast alone", rows[i][1] + 8);
        snprintf(endless, sizeof endless, "%s, max_t = inf", rows[i][1]);
        target(what, find(rows[i][0], far, rows[i][1]), find(rows[i][0], far, endless), 1.05);
    }
}

static void print_targets(int far) {
    static const char *const simple[][2] = {
        {"sphere_sphere", "collide col_overlap_sphere_sphere"},
        {"aabb_aabb", "collide col_overlap_aabb_aabb"},
        {"obb_obb", "collide col_overlap_obb_obb"},
        {"sphere_aabb", "collide col_overlap_aabb_sphere"},
        {"triangle_aabb", "collide col_overlap_aabb_triangle"},
        {"ray_aabb", "collide col_raycast_aabb_slabs"},
        {"ray_aabb", "collide col_raycast_aabb_woo"},
        {"ray_triangle", "collide col_raycast_triangle "},
        {"ray_triangle", "collide col_raycast_triangle_mt"},
        {"ray_sphere", "collide col_raycast_sphere"},
    };
    printf("\ntargets (%s workload):\n", far == LOAD_RESIDENT ? "cache-resident" : load_names[far]);
    for (size_t i = 0; i < sizeof simple / sizeof simple[0]; ++i) {
        char what[128];
        snprintf(what, sizeof what, "%s vs naive floor", simple[i][1] + 8);
        target(what, find(simple[i][0], far, simple[i][1]), find(simple[i][0], far, "naive:"), 1.2);
        const result *c = find(simple[i][0], far, simple[i][1]), *v = find(simple[i][0], far, "naive + validation");
        if (c && v)
            printf("  %-58s %7.2f ns vs %7.2f ns = %5.2fx (information)\n", "   the same vs the floor + validation",
                   c->median, v->median, c->median / v->median);
    }
    print_floor_targets(far);
    print_exact_targets(far);
    if (far == LOAD_RESIDENT) return; /* the static tests only */
    target("col_overlap_obb_obb vs ODE dBoxTouchesBox", find("obb_obb", far, "collide col_overlap_obb_obb"),
           find("obb_obb", far, "ODE dBoxTouchesBox"), 1.0);
    target("col_overlap_obb_obb 4x faster than Bullet btBoxBoxDetector",
           find("obb_obb", far, "collide col_overlap_obb_obb"), find("obb_obb", far, "Bullet btBoxBoxDetector"), 0.25);
    target("col_gjk_distance box-box 3x faster than ccdGJKIntersect", find("gjk_box_box", far, "collide"),
           find("gjk_box_box", far, "libccd ccdGJKIntersect"), 1.0 / 3.0);
    /* (issue 20's own target for the same rows: at or below) */
    target("col_gjk_distance box-box vs ccdGJKIntersect", find("gjk_box_box", far, "collide"),
           find("gjk_box_box", far, "libccd ccdGJKIntersect"), 1.0);
    target("col_gjk_distance capsule-box vs ccdGJKIntersect", find("gjk_capsule_box", far, "collide col_gjk_distance"),
           find("gjk_capsule_box", far, "libccd ccdGJKIntersect"), 1.0);
    target("GJK box-box warm-started repeat 2x faster than cold",
           find("gjk_box_box", far, "collide col_gjk_distance_cached"), find("gjk_box_box", far, "collide"), 0.5);
    target("GJK capsule-box warm-started repeat 2x faster than cold",
           find("gjk_capsule_box", far, "collide col_gjk_distance_cached"),
           find("gjk_capsule_box", far, "collide col_gjk_distance"), 0.5);
    target("col_distance capsule-box (closed form) vs ccdGJKIntersect",
           find("gjk_capsule_box", far, "collide col_distance"), find("gjk_capsule_box", far, "libccd ccdGJKIntersect"),
           1.0);
    target("col_penetration box-box vs ccdMPRPenetration", find("penetration_box_box", far, "collide col_penetration"),
           find("penetration_box_box", far, "libccd ccdMPRPenetration"), 1.0);
    target("col_epa_penetration box-box vs ccdMPRPenetration",
           find("penetration_box_box", far, "collide col_epa_penetration"),
           find("penetration_box_box", far, "libccd ccdMPRPenetration"), 1.0);
    target("col_overlap_capsule_obb (exact) vs ccdGJKIntersect",
           find("gjk_overlap_capsule_box", far, "collide col_overlap_capsule_obb"),
           find("gjk_overlap_capsule_box", far, "libccd ccdGJKIntersect"), 1.0);
    target("col_sweep_sphere_triangle 3x faster than the general sweep",
           find("sweep_sphere_triangle", far, "collide col_sweep_sphere_triangle"),
           find("sweep_sphere_triangle", far, "collide col_sweep_convex"), 1.0 / 3.0);
    const result *g = find("sweep_general_box_box", far, "collide col_sweep_convex");
    if (g) {
        int ok = g->median <= 2000.0;
        misses += !ok;
        printf("  %-58s %7.2f ns (<= 2000 ns) %s\n", "col_sweep_convex box-box under 2 microseconds", g->median,
               ok ? "met" : "MISSED");
    } else {
        printf("  %-58s not measured (peer or family not in this run)\n",
               "col_sweep_convex box-box under 2 microseconds");
    }
}

/* ---- main ---- */

static void usage(FILE *to) {
    fprintf(to, "usage: collide-bench [--n N] [--reps R] [--only SUBSTRING] [--near] [--far] [--resident] [--markdown] "
                "[--list]\n"
                "  --n N        query pairs per family and workload, and the largest broad-phase scene\n"
                "               (10^3 .. 10^6 boxes up to N; default 1000000)\n"
                "  --reps R     timed repetitions, the median is reported (default 5, at most 64)\n"
                "  --only S     families whose id contains S\n"
                "  --near, --far, --resident  only these workloads (default: all): near (about half overlap),\n"
                "               far (none do), streaming n pairs; resident: the near workload's first 4096 pairs,\n"
                "               in cache, passed over n / 4096 times (the static tests and ray casts)\n"
                "  --markdown   the table as Markdown (for the README)\n"
                "  --list       the families and the implementations compiled in\n");
}

static void print_machine(const options *o) {
    char model[256] = "unknown";
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f) {
        char line[512];
        while (fgets(line, sizeof line, f)) {
            if (strncmp(line, "model name", 10) == 0) {
                char *colon = strchr(line, ':');
                if (colon) {
                    snprintf(model, sizeof model, "%s", colon + 2);
                    model[strcspn(model, "\n")] = 0;
                }
                break;
            }
        }
        fclose(f);
    }
    printf("collide-bench: %zu query pairs per family and workload, median of %d repetitions, ns per query\n", o->n,
           o->reps);
    printf("machine: %s; compiler: %s; collide %s (col_real = %s)\n", model, __VERSION__, COLLIDE_BENCH_VERSION,
           sizeof(col_real) == 8 ? "double" : "float");
    printf("peers:");
#ifdef COLLIDE_BENCH_CCD
    printf(" libccd");
#endif
#ifdef COLLIDE_BENCH_ODE
    printf(" ODE");
#endif
#ifdef COLLIDE_BENCH_BULLET
    printf(" Bullet");
#endif
#ifdef COLLIDE_BENCH_FCL
    printf(" FCL");
#endif
    printf(TABLE_COUNT == 2 ? " none (install libccd-dev libode-dev libbullet-dev libfcl-dev and reconfigure)\n"
                            : "\n");
    printf("x collide = median / the first collide row's median (above 1: slower than collide); agree = answers equal "
           "to collide's\n\n");
}

int main(int argc, char **argv) {
    options o = {1000000, 5, NULL, 0, 0};
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (strcmp(a, "--n") == 0 && i + 1 < argc) {
            long long v = atoll(argv[++i]);
            if (v < 1 || v > 100000000) {
                fprintf(stderr, "collide-bench: --n must be in [1, 1e8]\n");
                return 64;
            }
            o.n = (size_t)v;
        } else if (strcmp(a, "--reps") == 0 && i + 1 < argc) {
            o.reps = atoi(argv[++i]);
            if (o.reps < 1 || o.reps > 64) {
                fprintf(stderr, "collide-bench: --reps must be in [1, 64]\n");
                return 64;
            }
        } else if (strcmp(a, "--only") == 0 && i + 1 < argc) {
            o.only = argv[++i];
        } else if (strcmp(a, "--near") == 0) {
            o.loads |= 1 << LOAD_NEAR;
        } else if (strcmp(a, "--far") == 0) {
            o.loads |= 1 << LOAD_FAR;
        } else if (strcmp(a, "--resident") == 0) {
            o.loads |= 1 << LOAD_RESIDENT;
        } else if (strcmp(a, "--markdown") == 0) {
            o.markdown = 1;
        } else if (strcmp(a, "--list") == 0) {
            for (size_t fi = 0; fi < FAMILY_COUNT; ++fi) {
                printf("%s: %s\n", families[fi].id, families[fi].title);
                for (int t = 0; t < TABLE_COUNT; ++t)
                    for (const bench_impl *impl = impl_tables[t]; impl->family; ++impl)
                        if (strcmp(impl->family, families[fi].id) == 0) printf("  %s\n", impl->name);
            }
            return 0;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 64;
        }
    }
    if (o.loads == 0) o.loads = (1 << LOAD_COUNT) - 1; /* none named: every workload */
    print_machine(&o);
    for (int far = 0; far < LOAD_COUNT; ++far) {
        if (!(o.loads >> far & 1)) continue;
        print_header(&o);
        for (size_t fi = 0; fi < FAMILY_COUNT; ++fi)
            if ((!o.only || strstr(families[fi].id, o.only)) &&
                (far != LOAD_RESIDENT || resident_family(families[fi].id)))
                run_family(&o, fi, far);
        printf("\n");
    }
    for (int far = 0; far < LOAD_COUNT; ++far)
        if (o.loads >> far & 1) print_targets(far);
    /* the broad phase (bench/tree.c): sizes up to --n boxes; --only tree runs it alone */
    if (!o.only || strstr("tree broadphase", o.only)) {
        printf("\n");
        misses += bench_tree_run(o.n, o.reps, o.markdown);
    }
    /* the k-DOP tree beside the AABB tree (bench/kdop_tree.c): --only kdop_tree alone */
    if (!o.only || strstr("kdop_tree", o.only)) {
        printf("\n");
        int r = bench_kdop_tree_run(o.n, o.reps);
        if (r < 0)
            printf("collide-bench: the k-DOP tree's rays disagree\n");
        else
            misses += r;
    }
    /* bounding volumes from point sets (bench/volumes.c): --only volumes runs them alone */
    if (!o.only || strstr("volumes", o.only)) {
        printf("\n");
        if (bench_volumes_run(o.n, o.reps)) printf("collide-bench: a bounding volume missed a point\n");
        if (bench_hull_sat_run(o.reps)) printf("collide-bench: the hulls' separating-axis test failed\n");
        if (bench_volume_queries_run(o.reps)) printf("collide-bench: a k-DOP of a shape failed\n");
    }
    /* the rotating sweep's fast path (bench/rotating.c): --only rotating */
    if (!o.only || strstr("rotating", o.only)) {
        printf("\n");
        if (bench_rotating_run(o.reps)) printf("collide-bench: the rotating sweep's two paths disagree\n");
    }
    printf("\n%d target(s) missed\n", misses);
    return 0;
}
