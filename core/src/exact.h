/*
 * Exact geometric predicates, filtered (internal).
 *
 * Each predicate is the sign of a polynomial in its input coordinates. It is
 * first computed in floating point together with a bound on that value's
 * rounding error; when the value lies outside the bound its sign is the
 * exact sign, otherwise (about never on random input, always on the
 * boundary: points exactly on a plane, an edge or a vertex) the sign is
 * computed exactly, in dyadic arithmetic on GMP integers (every finite
 * floating-point number is m 2^e with integer m), so no input, however
 * close to degenerate, tiny or huge within the coordinate range, is decided
 * by rounding. The bounds are Shewchuk's (1997) for orient2d and orient3d,
 * valid when no product underflows or overflows; inputs whose differences
 * lie outside a range where that is guaranteed go to the exact path.
 *
 * Sources: J. R. Shewchuk, Adaptive Precision Floating-Point Arithmetic and
 * Fast Robust Geometric Predicates, Discrete & Computational Geometry 18
 * (1997); the GMP manual (mpz functions).
 */
#ifndef COLLIDE_EXACT_H
#define COLLIDE_EXACT_H

#include "geom.h"

/* The sign (-1, 0, 1) of det[b - a, c - a, d - a] = (d - a) . ((b - a) x (c - a)):
 * positive when d lies on the side of plane abc that (b - a) x (c - a)
 * points to. Exact. */
int col__orient3d(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d);

/* The sign of the 2D determinant det[q - p, r - p] on coordinates (i, j)
 * of the points (positive: p, q, r counterclockwise). Exact. */
int col__orient2d(col_vec3 p, col_vec3 q, col_vec3 r, int i, int j);

/* The same signs computed exactly, without the filter (for the tests). */
int col__orient3d_exact(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d);
int col__orient2d_exact(col_vec3 p, col_vec3 q, col_vec3 r, int i, int j);

/*
 * Whether the closed segment [p, q] meets the closed triangle abc (not
 * degenerate: see col__triangle_is_degenerate), decided exactly: by the
 * sides of p and q of the triangle's plane and, for a segment crossing it,
 * the sides of the segment's line of the three edges; for a segment in the
 * plane, by 2D orientations on the two axes the normal points least along.
 * p = q is a point. The single decision of every segment-triangle and
 * point-triangle test and of the ray-triangle casts, so they agree at
 * every edge, vertex and end point. Input beyond COL_HUGE, infinite or NaN
 * meets nothing (a caller may validate after a miss).
 */
bool col__segment_meets_triangle(col_vec3 p, col_vec3 q, col_vec3 a, col_vec3 b, col_vec3 c);

/* Whether the closed segments [p, q] and [u, v] meet (either may be a point),
 * decided exactly: one orient3d for the common plane, then orient2d on the
 * three coordinate planes. */
bool col__segments_meet(col_vec3 p, col_vec3 q, col_vec3 u, col_vec3 v);

/* Whether the ray without end from o along d (not zero) meets the closed
 * triangle abc (not degenerate), decided exactly: 1 it does, 0 it does not,
 * -1 the ray lies in the triangle's plane (a 2D question, the caller's).
 * *facing (may be NULL) gets the sign of n . d, n = (b - a) x (c - a). */
int col__ray_meets_triangle(col_vec3 o, col_vec3 d, col_vec3 a, col_vec3 b, col_vec3 c, int *facing);

/* The same decision, and for a segment that meets the triangle the fraction
 * of the way from p to q at which its line meets the plane (in [0, 1],
 * rounded; 0 for a segment in the plane exactly, -1 for one within rounding
 * of it, where the fraction is not determined). */
bool col__segment_triangle(col_vec3 p, col_vec3 q, col_vec3 a, col_vec3 b, col_vec3 c, col_real *t);

/* col__segment_meets_triangle of the segment [*p, *q] and the triangle *t,
 * by address: the callers whose numbers are in memory pass no vectors
 * through the stack (five vectors by value, stored in 8-byte pieces and
 * reloaded 16 bytes at a time, cost the static test more than its
 * filter). */
bool col__segment_meets_triangle_at(const col_vec3 *p, const col_vec3 *q, const col_triangle *t);

/* col__segment_triangle by address (as col__segment_meets_triangle_at). */
bool col__segment_triangle_at(const col_vec3 *p, const col_vec3 *q, const col_triangle *t, col_real *f);
/* col__segment_triangle_at past its filter, whose answer for the same
 * points is filter (col__segment_triangle_filter_at: a caller that asked it
 * first, to end a common miss sooner, does not pay for it twice). */
bool col__segment_triangle_filtered_at(const col_vec3 *p, const col_vec3 *q, const col_triangle *t, int filter,
                                       col_real *f);

/* col__segment_meets_triangle_at in two steps: its filter, 0 where the
 * segment surely misses the triangle (for any triangle, degenerate ones
 * too: exact signs), 1 where it surely crosses it (for a triangle the exact
 * decision takes: not degenerate), 2 in doubt; then the exact decision. A
 * caller may then check what only a hit needs after the common miss
 * (col_overlap_segment_triangle: the triangle's degeneracy). The filter
 * runs in four lanes where the CPU has AVX2 (col__use_avx2), the same
 * answer as the scalar form's, which col__batch_lanes_force(2) selects. */
int col__segment_triangle_filter_at(const col_vec3 *p, const col_vec3 *q, const col_triangle *t);
bool col__segment_meets_triangle_exact_at(const col_vec3 *p, const col_vec3 *q, const col_triangle *t);

/*
 * Signs of polynomials, filtered. An expression over col__xd values is
 * written once, as a col__xd_fn of its inputs (in), with the operations
 * below; col__xd_sign runs it in double with a running error bound and,
 * only when the sign is in doubt, again on exact dyadic numbers (GMP).
 * Inputs must be finite (the callers validate). An expression may have up
 * to 256 operations. Used by the segment predicates of exact_segment.c.
 */
typedef struct col__xs col__xs; /* one evaluation: bounded double, or exact */
typedef struct col__xd {
    double v, e; /* the double value and its error bound */
    long r;      /* the exact value's register (exact evaluations; a long: no partial stores) */
} col__xd;
typedef struct col__xd3 {
    col__xd x, y, z;
} col__xd3;
typedef col__xd (*col__xd_fn)(col__xs *s, const void *in);

/* For the tests and the fuzz harnesses: when set, every filter of this file
 * and exact_segment.c is in doubt, so every sign is computed exactly; the
 * answers must not change (a filter that trusts a wrong rounded sign is
 * caught by comparing). Not thread-safe; false in every use of the library. */
extern bool col__exact_always;

/* The double evaluation's context (the only one that is not exact), and
 * the exact operations; the operations below are inline for the double
 * evaluation, the common case. */
extern struct col__xs col__xs_fp;
col__xd col__xd_of_exact(col__xs *s, col_real x);
col__xd col__xd_add_exact(col__xs *s, col__xd a, col__xd b, int sign);
col__xd col__xd_mul_exact(col__xs *s, col__xd a, col__xd b);

/* Twice double's unit roundoff (a margin for free). */
#define COL__XS_U 0x1p-52

/* The double evaluation is a few dozen operations on small structs: inlined
 * whole, or its struct traffic costs more than its arithmetic. */
#if defined(__GNUC__)
#define COL__XS_INLINE static inline __attribute__((always_inline))
#else
#define COL__XS_INLINE static inline
#endif

COL__XS_INLINE col__xd col__xd_of(col__xs *s, col_real x) {
    if (s != &col__xs_fp) return col__xd_of_exact(s, x);
    col__xd r = {(double)x, 0.0, -1};
    return r;
}

/* a + b: the bounds add, and half an ulp of the sum (a subnormal sum is exact) */
COL__XS_INLINE col__xd col__xd_add(col__xs *s, col__xd a, col__xd b) {
    if (s != &col__xs_fp) return col__xd_add_exact(s, a, b, 1);
    double v = a.v + b.v;
    col__xd r = {v, a.e + b.e + COL__XS_U * (v < 0 ? -v : v), -1};
    return r;
}

COL__XS_INLINE col__xd col__xd_sub(col__xs *s, col__xd a, col__xd b) {
    if (s != &col__xs_fp) return col__xd_add_exact(s, a, b, -1);
    double v = a.v - b.v;
    col__xd r = {v, a.e + b.e + COL__XS_U * (v < 0 ? -v : v), -1};
    return r;
}

/* a b: |a| eb + |b| ea + ea eb and half an ulp; an exact zero factor makes
 * an exact zero. A product below 2^-960 in magnitude (it may have lost bits
 * to underflow, and its bound would be subnormal, which is slow) gets an
 * infinite bound: the sign is then decided exactly. */
COL__XS_INLINE col__xd col__xd_mul(col__xs *s, col__xd a, col__xd b) {
    if (s != &col__xs_fp) return col__xd_mul_exact(s, a, b);
    double v = a.v * b.v;
    col__xd r = {v, 0.0, -1};
    if ((a.v == 0.0 && a.e == 0.0) || (b.v == 0.0 && b.e == 0.0)) return r;
    double av = a.v < 0 ? -a.v : a.v, bv = b.v < 0 ? -b.v : b.v, vv = v < 0 ? -v : v;
    r.e = vv >= 0x1p-960 ? av * b.e + bv * a.e + a.e * b.e + COL__XS_U * vv : (double)INFINITY;
    return r;
}

COL__XS_INLINE col__xd3 col__xd3_of(col__xs *s, col_vec3 v) {
    col__xd3 r = {col__xd_of(s, v.x), col__xd_of(s, v.y), col__xd_of(s, v.z)};
    return r;
}

COL__XS_INLINE col__xd3 col__xd3_sub(col__xs *s, col__xd3 a, col__xd3 b) {
    col__xd3 r = {col__xd_sub(s, a.x, b.x), col__xd_sub(s, a.y, b.y), col__xd_sub(s, a.z, b.z)};
    return r;
}

COL__XS_INLINE col__xd3 col__xd3_cross(col__xs *s, col__xd3 a, col__xd3 b) {
    col__xd3 r = {col__xd_sub(s, col__xd_mul(s, a.y, b.z), col__xd_mul(s, a.z, b.y)),
                  col__xd_sub(s, col__xd_mul(s, a.z, b.x), col__xd_mul(s, a.x, b.z)),
                  col__xd_sub(s, col__xd_mul(s, a.x, b.y), col__xd_mul(s, a.y, b.x))};
    return r;
}

COL__XS_INLINE col__xd col__xd3_dot(col__xs *s, col__xd3 a, col__xd3 b) {
    return col__xd_add(s, col__xd_add(s, col__xd_mul(s, a.x, b.x), col__xd_mul(s, a.y, b.y)), col__xd_mul(s, a.z, b.z));
}
/* The sign (-1, 0, 1) of f(in), exact. */
int col__xd_sign(col__xd_fn f, const void *in);
/* The bounded double evaluation alone, for a predicate that decides in one
 * pass over many values where it can (in the context &col__xs_fp):
 * col__xd_fsign(v) is the sign of v when its bound decides it, 2 when not. */
COL__XS_INLINE int col__xd_fsign(col__xd v) {
    if (col__exact_always) return 2;
    double bound = v.e * (1.0 + 0x1p-30), av = v.v < 0 ? -v.v : v.v;
    /* finite, and not so tiny that the bounds' own arithmetic underflowed */
    if (av <= 0x1p1000 && bound <= 0x1p1000 && (av >= 0x1p-900 || v.e == 0.0)) {
        if (v.v > bound) return 1;
        if (v.v < -bound) return -1;
        if (v.v == 0.0 && v.e == 0.0) return 0;
    }
    return 2;
}

/*
 * Closed segments [p, q] (p = q: a point) against closed shapes, decided
 * exactly (exact_segment.c): the one decision of the static tests of a
 * segment or a point against these shapes and of the ray casts with a
 * finite max_t. Inputs finite (validated by the callers).
 *   col__plane_side: the sign of n . x - d.
 *   ball: |x - c| <= r1 + r2 for some x of the segment (the radius is a sum,
 *     exactly: a capsule's radius plus a sphere's).
 *   capsule: the segments [p, q] and [a, b] come within r1 + r2.
 *   box: lo <= x <= hi componentwise (lo <= hi).
 *   obb: |u_k . (x - c)| <= e_k for k = 0, 1, 2 (u: three axes; e >= 0).
 *   ellipsoid: sum_k ((x_k - c_k) / r_k)^2 <= 1 (r >= 0; a zero radius holds
 *     x_k = c_k instead: a filled ellipse, a segment, a point).
 */
int col__plane_side(col_vec3 n, col_real d, col_vec3 x);
/* The sign of n . x - d - off (a shape's support distance off: a sphere's
 * radius, negated for the far side), and of n . (x + v1 - v2) - d - off,
 * the point moved by v1 - v2 never rounded (a sweep's end: A moving by v1,
 * the plane by v2). Exact. */
int col__plane_side_off(col_vec3 n, col_real d, col_real off, col_vec3 x);
int col__plane_side_moved(col_vec3 n, col_real d, col_real off, col_vec3 x, col_vec3 v1, col_vec3 v2);
bool col__segment_meets_plane(col_vec3 p, col_vec3 q, col_vec3 n, col_real d);
bool col__segment_meets_ball(col_vec3 p, col_vec3 q, col_vec3 c, col_real r1, col_real r2);
/* The same for the motion p + u (v1 - v2), u in [0, 1], its end never
 * rounded: whether a sphere moving by v1 meets one moving by v2 (a sweep). */
bool col__moving_meets_ball(col_vec3 p, col_vec3 v1, col_vec3 v2, col_vec3 c, col_real r1, col_real r2);
int col__moving_ball_fast(col_vec3 p, col_vec3 v1, col_vec3 v2, col_vec3 c, col_real r1, col_real r2);
bool col__segment_meets_capsule(col_vec3 p, col_vec3 q, col_vec3 a, col_vec3 b, col_real r1, col_real r2);
bool col__segment_meets_box(col_vec3 p, col_vec3 q, col_vec3 lo, col_vec3 hi);
bool col__segment_meets_obb(col_vec3 p, col_vec3 q, col_vec3 c, const col_vec3 *u, col_vec3 e);
bool col__segment_meets_ellipsoid(col_vec3 p, col_vec3 q, col_vec3 c, col_vec3 r);
/* Whether the ball of radius r around c meets the box [lo, hi] (lo <= hi).
 * Exact (the static sphere-AABB test's decision where its filter is in
 * doubt: box.h). */
bool col__ball_meets_box(col_vec3 c, col_real r, col_vec3 lo, col_vec3 hi);
/* Whether the point p moving by v1 - v2 (never rounded) comes within
 * r1 + r2 of the segment [a, b] (a moving sphere against a capsule), and
 * within r of the box [lo, hi] (a moving sphere against a box). Exact. */
bool col__moving_meets_capsule(col_vec3 p, col_vec3 v1, col_vec3 v2, col_vec3 a, col_vec3 b, col_real r1, col_real r2);
bool col__moving_ball_meets_box(col_vec3 p, col_vec3 v1, col_vec3 v2, col_real r, col_vec3 lo, col_vec3 hi);
/* Whether the ball of radius r around p + u (v1 - v2), u in [0, 1] (v1 = v2:
 * the ball at p), meets the triangle abc, not degenerate
 * (col__triangle_is_degenerate). Exact. */
bool col__moving_ball_meets_triangle(col_vec3 p, col_vec3 v1, col_vec3 v2, col_real r, col_vec3 a, col_vec3 b,
                                     col_vec3 c);
/* Its prism and crossing parts (not the edges') from double arithmetic with
 * running error bounds: 1 surely met, 0 surely not, 2 in doubt. */
int col__ball_triangle_fast(col_vec3 p, col_vec3 v1, col_vec3 v2, col_real r, col_vec3 a, col_vec3 b, col_vec3 c);
/* Whether box [amin, amax] moving by da meets box [bmin, bmax] moving by db
 * for some u in [0, 1], the motions never rounded (a sweep). Exact. */
bool col__moving_boxes_meet(col_vec3 amin, col_vec3 amax, col_vec3 da, col_vec3 bmin, col_vec3 bmax, col_vec3 db);
/* Its filter: 1 meet, 0 not, 2 in doubt; where 1, tin[k] and tout[k] are
 * the rounded entry and exit times (N / v in double) of each axis k that
 * moves (da_k != db_k), the others untouched. */
int col__moving_boxes_fast(const col_vec3 *amin, const col_vec3 *amax, const col_vec3 *da, const col_vec3 *bmin,
                           const col_vec3 *bmax, const col_vec3 *db, double tin[3], double tout[3]);
/* The ball's and the box's decisions from double arithmetic with a priori
 * error bounds alone: 1 meets, 0 does not, 2 in doubt (then the exact
 * predicates above decide). The ray casts' first step: a miss costs no
 * more. */
int col__segment_ball_fast(col_vec3 p, col_vec3 q, col_vec3 c, col_real r1, col_real r2);
int col__segment_box_fast(col_vec3 p, col_vec3 q, col_vec3 lo, col_vec3 hi);

int col__segment_capsule_fast(col_vec3 p, col_vec3 q, col_vec3 a, col_vec3 b, col_real r);
/* The box [lo, hi] grown by r >= 0 on every side, exactly: v below it where
 * fl(v + r) < lo (then v + r < lo exactly: lo is a representable number and
 * rounding is monotone, so a sum at or above it would not round below it),
 * above it where fl(v - r) > hi. r = 0: the box itself. NaN: neither.
 * The segment [p, q]'s extent apart, on an axis, from that grown box: one
 * addition per comparison, no bound, no division (a far segment's answer). */
static inline bool col__segment_box_apart_by(col_vec3 p, col_vec3 q, col_vec3 lo, col_vec3 hi, col_real r) {
    /* & and |, not && and ||: the six comparisons without a branch each */
    return ((p.x + r < lo.x) & (q.x + r < lo.x)) | ((p.x - r > hi.x) & (q.x - r > hi.x)) |
           ((p.y + r < lo.y) & (q.y + r < lo.y)) | ((p.y - r > hi.y) & (q.y - r > hi.y)) |
           ((p.z + r < lo.z) & (q.z + r < lo.z)) | ((p.z - r > hi.z) & (q.z - r > hi.z));
}
/* The same for r = 0 (x + 0 is not x for the compiler, which keeps the six
 * additions): the box itself. */
static inline bool col__segment_box_apart(col_vec3 p, col_vec3 q, col_vec3 lo, col_vec3 hi) {
    return ((p.x < lo.x) & (q.x < lo.x)) | ((p.x > hi.x) & (q.x > hi.x)) | ((p.y < lo.y) & (q.y < lo.y)) |
           ((p.y > hi.y) & (q.y > hi.y)) | ((p.z < lo.z) & (q.z < lo.z)) | ((p.z > hi.z) & (q.z > hi.z));
}
/* The same, inline, for the segment-box tests' own hot path (box.c). */
static inline int col__segment_box_fast_k(col_vec3 p, col_vec3 q, col_vec3 lo, col_vec3 hi) {
    if (col__exact_always) return 2;
    /* the segment's extent apart from the box's on an axis (exact
     * comparisons, no division): the far pairs' answer */
    if (col__segment_box_apart(p, q, lo, hi)) return 0;
    double lo_max = 0.0, lo_min = 0.0, hi_min = 1.0, hi_max = 1.0;
    for (int k = 0; k < 3; ++k) {
        double P = (double)col_v3_get(p, k), Q = (double)col_v3_get(q, k);
        double L = (double)col_v3_get(lo, k), H = (double)col_v3_get(hi, k);
        if (P == Q) { /* not moving across the slab: inside it or never (exact compares) */
            if (P < L || P > H) return 0;
            continue;
        }
        double D = Q - P, ad = D < 0 ? -D : D;
        if (!(ad >= 0x1p-900 && ad <= 0x1p900)) return 2; /* the quotients could over- or underflow */
        /* one division per axis: the times' numerators (one rounding each)
         * times the rounded reciprocal of the rounded D (two), each product
         * rounded (one): four roundings of u/2 relative, bounded by 3u */
        const double rel = 3 * COL__XS_U;
        double inv = 1.0 / D;
        double tin = ((D > 0 ? L : H) - P) * inv, tout = ((D > 0 ? H : L) - P) * inv;
        double ein = rel * (tin < 0 ? -tin : tin) + 0x1p-1000;
        double eout = rel * (tout < 0 ? -tout : tout) + 0x1p-1000;
        if (!(ein <= 0x1p900 && eout <= 0x1p900)) return 2;
        lo_max = tin + ein > lo_max ? tin + ein : lo_max;
        lo_min = tin - ein > lo_min ? tin - ein : lo_min;
        hi_min = tout - eout < hi_min ? tout - eout : hi_min;
        hi_max = tout + eout < hi_max ? tout + eout : hi_max;
        if (lo_min > hi_max) return 0; /* already surely apart */
    }
    if (lo_max < hi_min) return 1;
    return 2;
}
/*
 * The static segment-box test's filter, by the separating axes (Ericson
 * 5.3.3): the box's three face normals, exactly (col__segment_box_apart),
 * and the three products of the segment's direction with the box's axes,
 * in doubled coordinates without a division: for axis i (j, k the others)
 * S = |M_j D_k - M_k D_j| - (E_j |D_k| + E_k |D_j|), M = (p + q) - (lo + hi),
 * D = q - p, E = hi - lo; the segment and the box are apart exactly when
 * some S > 0 (or a face axis separates), touching at S = 0. Computed in
 * double, S is within 22.1 u A_j A_k of the exact one (A = |p| + |q| +
 * |lo| + |hi| per coordinate: each of M, D, E within 2u A of its exact
 * value, each product and sum rounded once, the terms' magnitudes at most
 * A_j A_k each), bounded here by 40 u A_j A_k plus 2^-1000 for underflow.
 * An axis whose both D are 0 is null (the segment parallel to the box's
 * axis i there): no separation, and no doubt. 0 surely apart, 1 surely
 * meeting, 2 in doubt (the exact test decides). No division: the cheap
 * static test's common answers.
 */
static inline int col__segment_box_sat_fast(col_vec3 p, col_vec3 q, col_vec3 lo, col_vec3 hi) {
    if (col__exact_always) return 2;
    if (col__segment_box_apart(p, q, lo, hi)) return 0;
    double M[3], D[3], E[3], A[3];
    for (int k = 0; k < 3; ++k) {
        double P = (double)col_v3_get(p, k), Q = (double)col_v3_get(q, k);
        double L = (double)col_v3_get(lo, k), H = (double)col_v3_get(hi, k);
        M[k] = (P + Q) - (L + H);
        D[k] = Q - P;
        E[k] = H - L;
        A[k] = (fabs(P) + fabs(Q)) + (fabs(L) + fabs(H));
    }
    /* the three axes written out (j, k = i + 1, i + 2 mod 3): GCC at -O2
     * keeps a loop over them, with the indices' remainders and loads */
    int apart = 0, meets = 1;
#define COL__SB_AXIS(j, k)                                                                                             \
    do {                                                                                                               \
        double s = fabs(M[j] * D[k] - M[k] * D[j]) - (E[j] * fabs(D[k]) + E[k] * fabs(D[j]));                          \
        double e = 40 * COL__XS_U * (A[j] * A[k]) + 0x1p-1000;                                                         \
        apart |= s > e;                                                                                                \
        meets &= (s < -e) | ((D[j] == 0.0) & (D[k] == 0.0));                                                           \
    } while (0)
    COL__SB_AXIS(1, 2);
    COL__SB_AXIS(2, 0);
    COL__SB_AXIS(0, 1);
#undef COL__SB_AXIS
    return apart ? 0 : meets ? 1 : 2;
}
#ifdef COL__SSE2
/*
 * col__segment_box_sat_fast's three cross axes in two lanes (SSE2): x and y
 * of a vector (lane 0, lane 1) beside z in lane 0 of another (its lane 1
 * unused), the face axes already tested. M, D, E and each axis's S as the
 * scalar filter computes them (the same operations in the same order: the
 * same bits), but one bound for the three axes from m, the largest
 * magnitude of the twelve numbers (in both lanes; a larger m only widens
 * the doubt): S is within 22.1 u A_j A_k of its exact value and A_j = |p_j|
 * + |q_j| + |lo_j| + |hi_j| <= 4 m, so within 353.6 u m^2, below 512 u fl(m
 * m) (one rounding down at most), plus 2^-1000 for underflow. Larger than
 * the scalar filter's bound where the coordinates' magnitudes differ a lot,
 * so more pairs in doubt there (the exact test decides them), the same
 * answers. 0 surely apart, 1 surely meeting, 2 in doubt (the segment-AABB
 * test's filter, box.c, and the sphere-triangle sweep's box, sweep.c).
 */
static inline int col__segment_box_cross_lanes(__m128d P, __m128d Pz, __m128d Q, __m128d Qz, __m128d L, __m128d Lz,
                                               __m128d H, __m128d Hz, __m128d m) {
    const __m128d sign = _mm_set1_pd(-0.0), zero = _mm_setzero_pd();
    /* M = (p + q) - (lo + hi), D = q - p, E = hi - lo */
    __m128d M = _mm_sub_pd(_mm_add_pd(P, Q), _mm_add_pd(L, H)), Mz = _mm_sub_pd(_mm_add_pd(Pz, Qz), _mm_add_pd(Lz, Hz));
    __m128d D = _mm_sub_pd(Q, P), Dz = _mm_sub_pd(Qz, Pz), E = _mm_sub_pd(H, L), Ez = _mm_sub_pd(Hz, Lz);
    __m128d e = _mm_add_pd(_mm_mul_pd(_mm_set1_pd(512 * COL__XS_U), _mm_mul_pd(m, m)), _mm_set1_pd(0x1p-1000));
    /* axes 0 and 1 in lanes: j = (1, 2), k = (2, 0) */
    __m128d Mj = _mm_shuffle_pd(M, Mz, 1), Mk = _mm_shuffle_pd(Mz, M, 0);
    __m128d Dj = _mm_shuffle_pd(D, Dz, 1), Dk = _mm_shuffle_pd(Dz, D, 0);
    __m128d Ej = _mm_shuffle_pd(E, Ez, 1), Ek = _mm_shuffle_pd(Ez, E, 0);
    __m128d s01 = _mm_sub_pd(col__abs_lanes(_mm_sub_pd(_mm_mul_pd(Mj, Dk), _mm_mul_pd(Mk, Dj))),
                             _mm_add_pd(_mm_mul_pd(Ej, col__abs_lanes(Dk)), _mm_mul_pd(Ek, col__abs_lanes(Dj))));
    __m128d null01 = _mm_and_pd(_mm_cmpeq_pd(Dj, zero), _mm_cmpeq_pd(Dk, zero));
    /* axis 2 in lane 0: j = 0, k = 1 (each product beside its swap) */
    __m128d md = _mm_mul_pd(M, col__swap_lanes(D)), ed = _mm_mul_pd(E, col__swap_lanes(col__abs_lanes(D)));
    __m128d s2x = _mm_sub_pd(col__abs_lanes(_mm_sub_pd(md, col__swap_lanes(md))), _mm_add_pd(ed, col__swap_lanes(ed)));
    __m128d dz = _mm_cmpeq_pd(D, zero), null2 = _mm_and_pd(dz, col__swap_lanes(dz));
    int apart = (_mm_movemask_pd(_mm_cmpgt_pd(s01, e)) | (_mm_movemask_pd(_mm_cmpgt_pd(s2x, e)) & 1)) != 0;
    __m128d minus_e = _mm_xor_pd(e, sign);
    __m128d sure01 = _mm_or_pd(_mm_cmplt_pd(s01, minus_e), null01);
    __m128d sure2 = _mm_or_pd(_mm_cmplt_pd(s2x, minus_e), null2);
    int meets = (_mm_movemask_pd(sure01) == 3) & _mm_movemask_pd(sure2) & 1;
    return apart ? 0 : 2 - meets;
}
#endif
/* The same out of line (box.c), for the fuzzers: the double build's static
 * test has its own two-lane form of it (box.c), so fuzz_ray checks this one
 * against exact arithmetic directly. */
int col__segment_box_filter(col_vec3 p, col_vec3 q, col_vec3 lo, col_vec3 hi);
/* The exact decision behind it (col__segment_meets_box: the filter, then this). */
bool col__segment_meets_box_exact(col_vec3 p, col_vec3 q, col_vec3 lo, col_vec3 hi);
/* A ray's origin outside that grown box on an axis and not moving into it:
 * every point of the ray, and of its segment to the end fl(origin +
 * fl(max_t delta)) (which moves from the origin with delta's sign), lies
 * outside it. Exact comparisons, before any end. */
static inline bool col__ray_receding_from_box(col_vec3 o, col_vec3 d, col_vec3 lo, col_vec3 hi, col_real r) {
    return ((o.x + r < lo.x) & !(d.x > COL_R(0.0))) | ((o.x - r > hi.x) & !(d.x < COL_R(0.0))) |
           ((o.y + r < lo.y) & !(d.y > COL_R(0.0))) | ((o.y - r > hi.y) & !(d.y < COL_R(0.0))) |
           ((o.z + r < lo.z) & !(d.z > COL_R(0.0))) | ((o.z - r > hi.z) & !(d.z < COL_R(0.0)));
}
/* The box of the capsule (a, b, r): of its axis's ends, grown exactly by r
 * in the comparisons above. */
static inline void col__capsule_box(col_vec3 a, col_vec3 b, col_vec3 *lo, col_vec3 *hi) {
    *lo = col_v3(a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y, a.z < b.z ? a.z : b.z);
    *hi = col_v3(a.x < b.x ? b.x : a.x, a.y < b.y ? b.y : a.y, a.z < b.z ? b.z : a.z);
}
static inline bool col__segment_capsule_extents_apart(col_vec3 p, col_vec3 q, col_vec3 a, col_vec3 b, col_real r) {
    col_vec3 lo, hi;
    col__capsule_box(a, b, &lo, &hi);
    return col__segment_box_apart_by(p, q, lo, hi, r);
}
/* The segment against the infinite cylinder of radius r around the line
 * through (ci, cj) along axis k (coordinates on the other two axes, in
 * order k + 1, k + 2 mod 3): 0 surely apart, else 2. */
int col__segment_cylinder_fast(col_vec3 p, col_vec3 q, int k, col_real ci, col_real cj, col_real r);

/* How many times the exact path ran (all predicates; for tests and the
 * benchmarks: the filter's failure rate). Not thread-safe to read exactly. */
unsigned long col__exact_count(void);

#endif
