/*
 * Private geometry helpers shared by the sources of the core: closest points
 * on segments and triangles, and the degenerate-triangle test. Not part of
 * the public API.
 */
#ifndef COLLIDE_SRC_GEOM_H
#define COLLIDE_SRC_GEOM_H

#include <float.h>
#include <stddef.h>

#include "collide/collide.h"

/* Two lanes at a time where every x86-64 has them (SSE2) and col_real is
 * double: kernels that keep the same operations in the same order, so the
 * same bits, as their scalar forms (box.h's, the OBB's validation below,
 * the ball casts' squared distance). COLLIDE_NO_SIMD keeps the scalar
 * forms. */
#if defined(__SSE2__) && !(defined(COLLIDE_REAL_FLOAT) && COLLIDE_REAL_FLOAT) && !defined(COLLIDE_NO_SIMD)
#define COL__SSE2 1
#include <emmintrin.h>
/* |v| in each lane (the sign bit cleared: exact, NaN stays NaN). */
static inline __m128d col__abs_lanes(__m128d v) { return _mm_andnot_pd(_mm_set1_pd(-0.0), v); }
/* The two lanes of v swapped. */
static inline __m128d col__swap_lanes(__m128d v) { return _mm_shuffle_pd(v, v, 1); }
/* Each lane of v within COL_HUGE by its absolute value: all ones, else (a
 * NaN too) zero. */
static inline __m128d col__lanes_valid(__m128d v) {
    return _mm_cmple_pd(col__abs_lanes(v), _mm_set1_pd((double)COL_HUGE));
}
/* Four lanes (AVX2) where the CPU has them, chosen at run time: functions
 * compiled for AVX2 alone (the target attribute; no fused multiply-add, so
 * every product and sum rounds as in the other forms): the batch
 * (batch.c), the segment-AABB test (box.c), the segment-triangle filter
 * (exact.c) and the triangle-triangle one (triangle.c). */
#if defined(__GNUC__) && defined(__x86_64__)
#define COL__HAS_AVX2 1
extern int col__forced_lanes; /* (col__batch_lanes_force, box.h; exact.c) */
/* The AVX2 forms run: the CPU has AVX2 (a load and a test of the
 * compiler's CPU model) and no test forced two lanes. */
static inline bool col__use_avx2(void) { return col__forced_lanes != 2 && __builtin_cpu_supports("avx2"); }
#endif
#endif

/* A rarely taken path kept out of its caller (its locals would otherwise
 * grow the caller's frame, which every call then pays for). */
#if defined(__GNUC__) || defined(__clang__)
#define COL__NOINLINE __attribute__((noinline))
#else
#define COL__NOINLINE
#endif

/* A hot path's helper inlined at every call, also where it has several
 * (the compiler's own choice then keeps it out of line). */
#if defined(__GNUC__) || defined(__clang__)
#define COL__ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define COL__ALWAYS_INLINE inline
#endif

/* A hot loop over a triangle's three vertices or edges written out: GCC at
 * -O2 keeps such a loop (its index, the remainders (i + 1) % 3 and the
 * loads from arrays it could have kept in registers); written out, the
 * sphere-triangle sweep took a sixth fewer instructions. */
#if defined(__GNUC__) || defined(__clang__)
#define COL__UNROLL3 _Pragma("GCC unroll 3")
#else
#define COL__UNROLL3
#endif

/* The smallest normal col_real: an absolute slack that covers a result
 * rounded in the subnormal range, where relative error bounds fail; and the
 * smallest positive one (a subnormal). */
#if defined(COLLIDE_REAL_FLOAT) && COLLIDE_REAL_FLOAT
#define COL__REAL_MIN FLT_MIN
#define COL__REAL_TRUE_MIN FLT_TRUE_MIN
#else
#define COL__REAL_MIN DBL_MIN
#define COL__REAL_TRUE_MIN DBL_TRUE_MIN
#endif

/* ---- the validators of shapes.h, inline and without branches (& instead of
 * &&, on ints: clang warns of & between bools), for the queries' own checks;
 * shapes.c defines the public ones with these. ---- */

/* Every entry finite needs no test of its own: a NaN, an infinity or a
 * magnitude beyond about 1 makes its column's squared length NaN, infinite
 * or far from 1, which the test of that length refuses. */
static inline bool col__valid_orthonormal(col_vec3 c0, col_vec3 c1, col_vec3 c2) {
    const col_real tol = COL_ORTHONORMAL_TOLERANCE;
    return (int)(col_abs(col_v3_dot(c0, c0) - COL_R(1.0)) <= tol) &
           (int)(col_abs(col_v3_dot(c1, c1) - COL_R(1.0)) <= tol) &
           (int)(col_abs(col_v3_dot(c2, c2) - COL_R(1.0)) <= tol) & (int)(col_abs(col_v3_dot(c0, c1)) <= tol) &
           (int)(col_abs(col_v3_dot(c0, c2)) <= tol) & (int)(col_abs(col_v3_dot(c1, c2)) <= tol);
}
static inline bool col__valid_point(const col_point *p) { return (int)col_v3_is_valid(p->p); }
/* Both points' coordinates finite and within COL_HUGE: the sum of their six
 * magnitudes within it (a rounded sum of numbers >= 0 is at least each; NaN
 * and infinity fail), the usual case, in fewer instructions than six
 * comparisons; else each coordinate compared (points near COL_HUGE). */
static inline bool col__v3_pair_valid(col_vec3 a, col_vec3 b) {
    col_real s = ((col_abs(a.x) + col_abs(a.y)) + (col_abs(a.z) + col_abs(b.x))) + (col_abs(b.y) + col_abs(b.z));
    if (s <= COL_HUGE) return true;
    return (int)col_v3_is_valid(a) & (int)col_v3_is_valid(b);
}
static inline bool col__valid_segment(const col_segment *s) { return col__v3_pair_valid(s->a, s->b); }
static inline bool col__valid_plane(const col_plane *p) {
    return (int)col_v3_is_valid(p->n) & (int)col_is_valid_real(p->d) &
           (col_abs(col_v3_len_sq(p->n) - COL_R(1.0)) <= COL_UNIT_TOLERANCE);
}
static inline bool col__valid_triangle(const col_triangle *t) {
    return (int)col__v3_pair_valid(t->a, t->b) & (int)col_v3_is_valid(t->c);
}
static inline bool col__valid_sphere(const col_sphere *s) {
    return (int)col_v3_is_valid(s->c) & (int)col_is_valid_size(s->r);
}
static inline bool col__valid_capsule(const col_capsule *c) {
    return (int)col__v3_pair_valid(c->a, c->b) & (int)col_is_valid_size(c->r);
}
static inline bool col__valid_aabb(const col_aabb *b) {
    /* min <= max on each axis, so both lie within COL_HUGE exactly when min
     * >= -COL_HUGE and max <= COL_HUGE: three comparisons an axis, each
     * false for a NaN (col_v3_is_valid on both corners takes five) */
    const col_real h = (col_real)COL_HUGE;
    return (b->min.x <= b->max.x) & (b->min.y <= b->max.y) & (b->min.z <= b->max.z) & (b->min.x >= -h) &
           (b->min.y >= -h) & (b->min.z >= -h) & (b->max.x <= h) & (b->max.y <= h) & (b->max.z <= h);
}
#ifdef COL__SSE2
/* The scalar test below in two lanes: u0 and u1 side by side (their x, y and
 * z in three registers), each dot product of the same products summed in
 * the same order, so the same answer; c.z checked beside u0.x, which any
 * axis of length 1 passes (an axis component beyond COL_HUGE fails the
 * length's test anyway). A third of the scalar test's instructions: every
 * OBB query validates its boxes. */
#ifdef __cplusplus
static_assert(sizeof(col_obb) == 15 * sizeof(double), "no padding");
#else
_Static_assert(sizeof(col_obb) == 15 * sizeof(double), "no padding");
#endif
static inline bool col__valid_obb(const col_obb *b) {
    const double *p = (const double *)(const void *)b; /* c, u0, u1, u2, e: fifteen doubles */
    __m128d A = _mm_loadu_pd(p + 3), B = _mm_loadu_pd(p + 5), C = _mm_loadu_pd(p + 7);
    __m128d X = _mm_shuffle_pd(A, B, 2), Y = _mm_shuffle_pd(A, C, 1), Z = _mm_shuffle_pd(B, C, 2); /* (u0, u1) */
    __m128d S = _mm_add_pd(_mm_add_pd(_mm_mul_pd(X, X), _mm_mul_pd(Y, Y)), _mm_mul_pd(Z, Z));
    __m128d D = _mm_add_pd(_mm_add_pd(_mm_mul_pd(X, _mm_load1_pd(p + 9)), _mm_mul_pd(Y, _mm_load1_pd(p + 10))),
                           _mm_mul_pd(Z, _mm_load1_pd(p + 11)));
    __m128d P = _mm_add_pd(_mm_add_pd(_mm_mul_pd(X, _mm_shuffle_pd(X, X, 1)), _mm_mul_pd(Y, _mm_shuffle_pd(Y, Y, 1))),
                           _mm_mul_pd(Z, _mm_shuffle_pd(Z, Z, 1))); /* u0 . u1 in both */
    const __m128d sign = _mm_set1_pd(-0.0), tol = _mm_set1_pd((double)COL_ORTHONORMAL_TOLERANCE);
    __m128d ok = _mm_cmple_pd(_mm_andnot_pd(sign, _mm_sub_pd(S, _mm_set1_pd(1.0))), tol);
    ok = _mm_and_pd(ok, _mm_cmple_pd(_mm_andnot_pd(sign, D), tol));
    ok = _mm_and_pd(ok, _mm_cmple_pd(_mm_andnot_pd(sign, P), tol));
    ok = _mm_and_pd(ok, _mm_and_pd(col__lanes_valid(_mm_loadu_pd(p)), col__lanes_valid(_mm_loadu_pd(p + 2))));
    __m128d e0 = _mm_loadu_pd(p + 12), e1 = _mm_loadu_pd(p + 13); /* (e.x, e.y), (e.y, e.z) */
    ok = _mm_and_pd(ok, _mm_and_pd(_mm_cmpge_pd(e0, _mm_setzero_pd()), _mm_cmpge_pd(e1, _mm_setzero_pd())));
    ok = _mm_and_pd(ok, _mm_and_pd(_mm_cmple_pd(e0, _mm_set1_pd((double)COL_HUGE)),
                                   _mm_cmple_pd(e1, _mm_set1_pd((double)COL_HUGE))));
    double s22 = (p[9] * p[9] + p[10] * p[10]) + p[11] * p[11];
    return (int)(_mm_movemask_pd(ok) == 3) & (int)(col_abs(s22 - 1.0) <= COL_ORTHONORMAL_TOLERANCE);
}
#else
static inline bool col__valid_obb(const col_obb *b) {
    return (int)col_v3_is_valid(b->c) & (int)col_is_valid_size(b->e.x) & (int)col_is_valid_size(b->e.y) &
           (int)col_is_valid_size(b->e.z) & (int)col__valid_orthonormal(b->u[0], b->u[1], b->u[2]);
}
#endif
static inline bool col__valid_ellipsoid(const col_ellipsoid *e) {
    return (int)col_v3_is_valid(e->c) & (int)col_is_valid_size(e->r.x) & (int)col_is_valid_size(e->r.y) &
           (int)col_is_valid_size(e->r.z);
}
/* Clamp x to [lo, hi]; NaN becomes lo. */
static inline col_real col__clamp(col_real x, col_real lo, col_real hi) {
#ifdef COL__SSE2
    /* min(x, hi) where x > lo, else lo, by masks: which side x lies on is
     * data (a box's clamps of far points, the segment-box distance's,
     * mispredicted a quarter of the time as branches); the same value as
     * the scalar form for every input (minsd is x < hi ? x : hi) */
    __m128d X = _mm_set_sd(x), L = _mm_set_sd(lo);
    __m128d in = _mm_cmpgt_sd(X, L), m = _mm_min_sd(X, _mm_set_sd(hi));
    return _mm_cvtsd_f64(_mm_or_pd(_mm_and_pd(in, m), _mm_andnot_pd(in, L)));
#else
    if (!(x > lo)) return lo;
    return x < hi ? x : hi;
#endif
}

/* x clamped into the box [lo, hi], axis by axis: its closest point of the
 * box (x itself inside). */
static inline col_vec3 col__clamp_to_box(col_vec3 x, col_vec3 lo, col_vec3 hi) {
    return col_v3(col__clamp(x.x, lo.x, hi.x), col__clamp(x.y, lo.y, hi.y), col__clamp(x.z, lo.z, hi.z));
}

/* v with -0 components turned into +0 (x + 0 is +0 for x = -0 in round to
 * nearest), so reported normals print and compare the same everywhere. */
static inline col_vec3 col__no_neg_zero(col_vec3 v) {
    return col_v3(v.x + COL_R(0.0), v.y + COL_R(0.0), v.z + COL_R(0.0));
}

/* The largest |component| of v, by comparisons (fmax is a library call;
 * NaN components are the caller's concern: col__len_safe and col__unit_or
 * give NaN for them either way). */
static inline col_real col__abs_max(col_vec3 v) {
    col_real x = col_abs(v.x), y = col_abs(v.y), z = col_abs(v.z), xy = x > y ? x : y;
    return xy > z ? xy : z;
}

/* An ellipsoid (valid) of two or three radii 0, or below an ulp of its
 * coordinates (COL_EPSILON of |c|inf and its largest radius): the segment c
 * -+ *h along its largest radius (*h that radius along its axis, 0 on the
 * others), or the point c (*h zero), within that of every point of it. Its
 * core is given by points (col__proxy_make makes it a segment or a point):
 * GJK names its vertices, EPA ends on them exactly, and the penetration
 * takes it as a polyhedral core (a needle of radii 2.1, 0 and 2^-774 1.5e11
 * from the origin, and a point-like one of radii 1.9e-310, 0 and 2^-1007
 * touching a ball, were EPA's as curved cores, which ended 304560 and
 * 2.7e-5 deep, not converged, where they touch: fuzz/regressions/dynamic/
 * epa-of-two-needles-crossing-far-out, epa-of-a-point-like-ellipsoid-on-a-
 * balls-pole). */
static inline bool col__ellipsoid_linear(const col_ellipsoid *e, col_vec3 *h) {
    col_vec3 r = e->r;
    col_real big = r.x > r.y ? (r.x > r.z ? r.x : r.z) : (r.y > r.z ? r.y : r.z);
    col_real tiny = COL_EPSILON * (col__abs_max(e->c) + big);
    int k = r.x == big ? 0 : r.y == big ? 1 : 2;
    if (!((k == 0 || r.x <= tiny) && (k == 1 || r.y <= tiny) && (k == 2 || r.z <= tiny))) return false;
    *h = col_v3(k == 0 ? big : COL_R(0.0), k == 1 ? big : COL_R(0.0), k == 2 ? big : COL_R(0.0));
    return true;
}
static inline bool col__ellipsoid_is_linear(const col_ellipsoid *e) {
    col_vec3 h;
    return col__ellipsoid_linear(e, &h);
}

/* |x| + |y| + |z| (in that order): at least each |component| (a sum of
 * numbers >= 0 rounds to at least each term), NaN where one is NaN. */
static inline col_real col__abs_sum(col_vec3 v) { return (col_abs(v.x) + col_abs(v.y)) + col_abs(v.z); }

COL__NOINLINE bool col__valid_ray_slow(const col_ray *r);

/* The magnitude that bounds col__ray_end's rounding (ray.h): fl(|origin|1
 * + fl(2 max_t |delta|1)), the sums of magnitudes col__valid_ray takes
 * anyway, at least |origin|inf + 2 max_t |delta|inf (a rounded sum of
 * numbers >= 0 is at least each term, and rounding is monotonic), which the
 * proofs ask of it: the end lies within about u of that, on each axis, from
 * the exact ray's point at max_t. At most three times the inf-norm's value,
 * so the certificates' margins (a few u of it) grow by that factor at most,
 * a few ulps, for no maxima beside the sums (a sphere's finite cast 28.0 ->
 * 27.6 ns cache-resident). Shared by the ball and capsule casts'
 * certificates and the tree's rays. */
static inline col_real col__ray_end_scale(const col_ray *r) {
    return col__abs_sum(r->origin) + COL_R(2.0) * r->max_t * col__abs_sum(r->delta);
}

/* col__valid_ray, and *scale = col__ray_end_scale(r) (the same operations,
 * the same bits: the sums serve both).
 * Each coordinate within COL_HUGE where the sums of their magnitudes are
 * (NaN fails), the usual case; else each coordinate compared (a valid ray
 * with coordinates near COL_HUGE). max_t: NaN fails the comparison;
 * +infinity is allowed. */
static inline bool col__valid_ray_scaled(const col_ray *r, col_real *scale) {
    col_real so = col__abs_sum(r->origin), sd = col__abs_sum(r->delta);
    *scale = so + COL_R(2.0) * r->max_t * sd;
    if (so <= (col_real)COL_HUGE && sd <= (col_real)COL_HUGE) return r->max_t >= COL_R(0.0);
    return col__valid_ray_slow(r);
}

static inline bool col__valid_ray(const col_ray *r) {
    col_real scale;
    return col__valid_ray_scaled(r, &scale);
}

/* The corners of the box b (bit 0 of the index picks +e0 u0, bit 1 +e1 u1,
 * bit 2 +e2 u2), rounded: each within 3 u M of the exact corner per
 * coordinate, M = |c|inf + 1.01 (e0 + e1 + e2) (the axes unit to
 * rounding), which it returns. */
static inline col_real col__obb_corners(const col_obb *b, col_vec3 p[8]) {
    col_vec3 a0 = col_v3_scale(b->u[0], b->e.x), a1 = col_v3_scale(b->u[1], b->e.y), a2 = col_v3_scale(b->u[2], b->e.z);
    for (int i = 0; i < 8; ++i)
        p[i] = col_v3_add(col_v3_add(col_v3_add(b->c, i & 1 ? a0 : col_v3_neg(a0)), i & 2 ? a1 : col_v3_neg(a1)),
                          i & 4 ? a2 : col_v3_neg(a2));
    return col__abs_max(b->c) + COL_R(1.01) * (b->e.x + b->e.y + b->e.z);
}

/* a[0..n) in increasing order: an insertion sort for the common few (a
 * query's candidates, a move's hits), qsort beyond 32. */
void col__sort_int32(int32_t *a, size_t n);

/* The AABB of n >= 1 points (their coordinates' minima and maxima, by
 * comparisons: fmin is a library call), for valid points: NaN is the
 * callers' concern. col_shape_bounds' boxes and col_aabb_from_points. */
static inline col_aabb col__points_box(const col_vec3 *p, size_t n) {
    col_aabb b = {p[0], p[0]};
    for (size_t i = 1; i < n; ++i) {
        col_vec3 q = p[i];
        b.min = col_v3(q.x < b.min.x ? q.x : b.min.x, q.y < b.min.y ? q.y : b.min.y, q.z < b.min.z ? q.z : b.min.z);
        b.max = col_v3(q.x > b.max.x ? q.x : b.max.x, q.y > b.max.y ? q.y : b.max.y, q.z > b.max.z ? q.z : b.max.z);
    }
    return b;
}

/* |v| without underflow or overflow of the squares: scaled by the largest
 * component first. 0 only for v = 0. */
static inline col_real col__len_safe(col_vec3 v) {
    col_real m = col__abs_max(v);
    if (!(m > COL_R(0.0))) return COL_R(0.0);
    return m * col_v3_len(col_v3_div(v, m));
}

/* 2^-e for big = f 2^e (1/2 <= f < 1, big > 0 and finite) as the product
 * of two normal col_reals s1 s2 (2^-e itself may be beyond col_real's range
 * where big is a subnormal): scaling by them, s1 first, rounds nothing, and
 * brings big into [1/2, 1). */
void col__pow2_split(col_real big, col_real *s1, col_real *s2);

/* v normalized, for any finite v (also beyond COL_HUGE, as cross products of
 * valid coordinates are; denormal components are fine); fallback when v is
 * zero or not finite. Inline: its vectors, passed to a call and returned
 * through the stack (24 bytes each), were stored in 8-byte pieces and
 * reloaded in 16-byte ones, which store forwarding cannot serve (a sphere
 * sweep's normal cost 15 ns that way). */
static inline col_vec3 col__unit_or(col_vec3 v, col_vec3 fallback) {
    /* Any finite vector, also beyond COL_HUGE (cross products of valid
     * coordinates are): scale by the largest component, with divisions so a
     * denormal one cannot overflow, then normalize. */
    col_real m = col__abs_max(v);
    if (!(m > COL_R(0.0) && m <= COL_REAL_MAX)) return fallback; /* zero, NaN or infinite */
    col_vec3 s = col_v3_div(v, m);
    /* |s| is in [1, sqrt(3)]: one reciprocal serves the three components
     * (scaling v by a power of two or negating it still changes nothing). */
    return col_v3_scale(s, COL_R(1.0) / col_v3_len(s));
}

/* The range of |v|inf where v . v neither underflows nor overflows (nor
 * rounds in the subnormal range): col__unit_len's squares. */
#if defined(COLLIDE_REAL_FLOAT) && COLLIDE_REAL_FLOAT
#define COL__SQUARES_LO 0x1p-56f
#define COL__SQUARES_HI 0x1p56f
#else
#define COL__SQUARES_LO 0x1p-480
#define COL__SQUARES_HI 0x1p480
#endif

/* The unit vector along a finite v, and |v| in *len, at once: by the
 * squares where |v|inf lies within COL__SQUARES_LO..HI (one root and one
 * division, where col__len_safe and col__unit_or take seven divisions and
 * two roots; each result within a few ulps of theirs, and a power of two's
 * scaling of v changes no bit of the direction), else as they compute
 * them. v = 0: fallback, and *len 0. len may be NULL (the direction
 * alone). */
static inline col_vec3 col__unit_len(col_vec3 v, col_vec3 fallback, col_real *len) {
    col_real m = col__abs_max(v);
    if (m >= COL__SQUARES_LO && m <= COL__SQUARES_HI) {
        col_real l = col_v3_len(v);
        if (len) *len = l;
        return col_v3_scale(v, COL_R(1.0) / l);
    }
    if (len) *len = col__len_safe(v);
    return col__unit_or(v, fallback);
}

/* v's direction (col__unit_len's, within a few ulps of col__unit_or's),
 * else, where v has none (zero or not finite), w's, else fallback: the
 * second normalization's divisions and root only where needed (nesting
 * col__unit_or calls takes both every time). */
static inline col_vec3 col__unit_or_along(col_vec3 v, col_vec3 w, col_vec3 fallback) {
    col_real m = col__abs_max(v); /* col__unit_or's own test */
    return m > COL_R(0.0) && m <= COL_REAL_MAX ? col__unit_len(v, fallback, NULL) : col__unit_or(w, fallback);
}

/* The unit n without its part along the direction d (any length: d over
 * its largest |component| first, so that its square neither overflows nor
 * underflows), into *out (n where nothing is left); false where d is zero
 * or not finite. The normals near touching take it where the closest
 * feature is a segment's or an edge's inside (convex_pairs.c, gjk.c). */
static inline bool col__unit_across(col_vec3 n, col_vec3 d, col_vec3 *out) {
    col_real m = col__abs_max(d);
    if (!(m > COL_R(0.0) && m <= COL_REAL_MAX)) return false;
    d = col_v3_div(d, m);
    *out = col__unit_or(col_v3_madd(n, -col_v3_dot(n, d) / col_v3_len_sq(d), d), n);
    return true;
}

/* The point of segment ab closest to p, and its parameter in [0, 1] (*t may be
 * NULL). A zero-length segment gives a. Ericson 5.1.2. Inline (as
 * col__unit_or: no vectors through the stack). */
static inline col_vec3 col__closest_on_segment(col_vec3 p, col_vec3 a, col_vec3 b, col_real *t) {
    col_vec3 ab = col_v3_sub(b, a);
    col_real denom = col_v3_dot(ab, ab);
    col_real u = COL_R(0.0);
    if (denom > COL_R(0.0)) u = col__clamp(col_v3_dot(col_v3_sub(p, a), ab) / denom, COL_R(0.0), COL_R(1.0));
    if (t) *t = u;
    /* Return the endpoints exactly at the ends of the range. */
    if (u == COL_R(0.0)) return a;
    if (u == COL_R(1.0)) return b;
    return col_v3_madd(a, u, ab);
}

/* true when p lies on the closed segment ab, decided without division:
 * (b - a) x (p - a) = 0 and 0 <= (p - a).(b - a) <= |b - a|^2 (exact up to the
 * rounding of those products; exact on a dyadic grid). */
bool col__point_on_segment(col_vec3 p, col_vec3 a, col_vec3 b);

/* Closest points c1 on p1q1 and c2 on p2q2 (parameters s, t in [0, 1]) and the
 * squared distance between them. Zero-length segments and (nearly) parallel
 * segments are handled (Ericson 5.1.9, with a scale-relative parallel test). */
col_real col__closest_segment_segment(col_vec3 p1, col_vec3 q1, col_vec3 p2, col_vec3 q2, col_real *s, col_real *t,
                                      col_vec3 *c1, col_vec3 *c2);

/* true when p lies on the closed triangle t, decided exactly as the static
 * tests do (col_overlap_sphere_triangle with radius 0). */
bool col__point_on_triangle(col_vec3 p, const col_triangle *t);

/* col__triangle_is_degenerate past its common case (geom.c). */
bool col__triangle_is_degenerate_slow(col_vec3 a, col_vec3 b, col_vec3 c);

/*
 * The common triangle surely not degenerate, from nn = fl(|ab x ac|^2) (ab =
 * b - a, ac = c - a, rounded), lab = fl(|ab|^2), lac = fl(|ac|^2): nn >
 * COL_EPSILON lab lac, normal and finite. The exact 4 area^2 = |ab x ac|^2
 * is then within a relative 2^-9 of nn in float, 2^-23 in double (the
 * cross product's error, the differences' included, is under 5 u |ab| |ac|
 * with u = COL_EPSILON / 2, and |n| above 2^-11.5 |ab| |ac| in float,
 * 2^-26 in double), and the two shorter edges' lengths' product is at most
 * lab lac, so the angle opposite the longest edge has sin^2 above
 * COL_EPSILON / 2, far above COL_PARALLEL_TOLERANCE (16 COL_EPSILON^2), and
 * the full test's own cross product (of those two edges, rounded alike)
 * far from 0. Products that underflow cost at most a subnormal each,
 * nothing beside nn >= 2^20 smallest normals; an nn or a product that
 * overflows decides nothing.
 */
static inline bool col__triangle_surely_solid(col_vec3 ab, col_vec3 ac, col_real nn) {
    return nn >= COL_R(0x1p20) * COL__REAL_MIN && nn <= COL_REAL_MAX &&
           nn > COL_EPSILON * (col_v3_len_sq(ab) * col_v3_len_sq(ac));
}

/* true when triangle abc is degenerate: sin^2 of its angle at the vertex
 * opposite the longest edge is <= COL_PARALLEL_TOLERANCE, or two vertices
 * coincide. Its point set is then (to rounding) its longest edge. The
 * common triangle, surely solid, inline; the rest in geom.c. */
static inline bool col__triangle_is_degenerate(col_vec3 a, col_vec3 b, col_vec3 c) {
    col_vec3 ab = col_v3_sub(b, a), ac = col_v3_sub(c, a);
    if (col__triangle_surely_solid(ab, ac, col_v3_len_sq(col_v3_cross(ab, ac)))) return false; /* the common one */
    return col__triangle_is_degenerate_slow(a, b, c);
}

/* col__triangle_is_degenerate(a, b, c), or nn = fl(|(b - a) x (c - a)|^2)
 * 0 (a normal from vertex a that underflows): the triangle the exact tests
 * take as its longest edge. The common triangle inline
 * (col__triangle_surely_solid). */
static COL__ALWAYS_INLINE bool col__triangle_is_flat(col_vec3 a, col_vec3 b, col_vec3 c, col_real nn) {
    if (col__triangle_surely_solid(col_v3_sub(b, a), col_v3_sub(c, a), nn)) return false;
    return col__triangle_is_degenerate(a, b, c) || nn == COL_R(0.0);
}

/* The edges of the box [lo, hi] that can hold the point of the box closest
 * to the segment [p, q] when they are disjoint, as pairs of corners in e
 * (at most 12; the count returned): an edge between the faces on sides si of
 * axis i and sj of axis j is one only if some point of the segment lies on
 * or beyond both faces' planes (the closest pair's direction is in the
 * edge's normal cone), which for a segment is an end on or beyond each.
 * Exact comparisons. */
int col__box_edges_facing(col_vec3 p, col_vec3 q, col_vec3 lo, col_vec3 hi, col_vec3 e[12][2]);

/* Two unit directions across the unit n (n, t1, t2 right-handed; t2 unit to
 * rounding), from the world axis n points least along (the first of equals):
 * a frame for a feature's or a shadow's 2D coordinates. */
void col__across(col_vec3 n, col_vec3 *t1, col_vec3 *t2);

/* A 2D point (a shadow's or a feature's coordinates across a direction). */
typedef struct col__p2 {
    col_real x, y;
} col__p2;

/* (a - o) x (b - o): > 0 where o, a, b turn counterclockwise. */
static inline col_real col__cross2(col__p2 o, col__p2 a, col__p2 b) {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/* The convex hull of the n 2D points (sorted in place by x, then y) by
 * Andrew's monotone chain: counterclockwise into hull (room for 2 n + 1:
 * each point is pushed at most twice), strict turns only (collinear and
 * equal points dropped), its count returned (a point, a segment, a
 * polygon). The turns are exact (col__orient2d), so the polygon is the
 * exact hull of the points as given. */
int col__chain2d(col__p2 *pts, int n, col__p2 *hull);

/* The longest edge of triangle abc as *p, *q (ties: ab before bc before ca). */
void col__triangle_longest_edge(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 *p, col_vec3 *q);

/* The point of triangle abc closest to p (Ericson 5.1.5 by Voronoi regions);
 * a degenerate triangle is its longest edge. */
col_vec3 col__closest_on_triangle(col_vec3 p, col_vec3 a, col_vec3 b, col_vec3 c);

/* SAT helper: true when the closed intervals [amin, amax] and [bmin, bmax]
 * are disjoint. */
static inline bool col__disjoint(col_real amin, col_real amax, col_real bmin, col_real bmax) {
    return amax < bmin || bmax < amin;
}

/* The normals of the ellipse (k = 2) or ellipsoid (k = 3) centred at the
 * origin on its axes, squared radii lam[] (>= 0; a zero one flat: a disc's
 * axis), that pass through the point p (its isolated ones: every critical
 * direction of the support function of the shape moved by -p, up to six
 * for an ellipsoid, four for an ellipse; where an axis of p is 0, or within
 * 2^-40 of its radius (its feet then within rounding of those of p on the
 * plane), also those of p on the plane, up to two more for each such axis,
 * one direction of the circle of them where its radius repeats; for p = 0
 * the axes' two directions; a zero radius's axis both ways, the support's
 * kink), each as its outward normal n (unnormalised, its foot at y_i = lam_i
 * n_i) into out[0..cap) (16 holds every one); how many (normal_feet.c).
 * Only those of roots t >= tmin (the foot's distance along the normal is
 * -t |n|: -inf for all). Non-finite or negative input: none. */
int col__normal_feet(int k, const double *lam, const double *p, double tmin, double (*out)[3], int cap);

#endif
