/* Private box helpers shared by box.c and triangle.c. */
#ifndef COLLIDE_SRC_BOX_H
#define COLLIDE_SRC_BOX_H

#include "geom.h"

/* Two lanes at a time where every x86-64 has them (COL__SSE2, geom.h): the
 * AABB-AABB, sphere-sphere and sphere-AABB kernels below, the segment-AABB
 * filter (box.c) and the tree's moving-box slab test (tree_query.c).
 * COLLIDE_NO_SIMD keeps their scalar forms. */
#ifdef COL__SSE2
/* (the structs as runs of doubles: no padding) */
#ifdef __cplusplus
static_assert(sizeof(col_aabb) == 6 * sizeof(double) && sizeof(col_sphere) == 4 * sizeof(double) &&
                  sizeof(col_segment) == 6 * sizeof(double) && sizeof(col_triangle) == 9 * sizeof(double),
              "no padding");
#else
_Static_assert(sizeof(col_aabb) == 6 * sizeof(double) && sizeof(col_sphere) == 4 * sizeof(double) &&
                   sizeof(col_segment) == 6 * sizeof(double) && sizeof(col_triangle) == 9 * sizeof(double),
               "no padding");
#endif
#endif

/* How far v lies outside [lo, hi] (lo <= hi), 0 within: at most one of the
 * two differences is positive, so their clamped sum is exact; branch-free. */
static inline col_real col__excess(col_real v, col_real lo, col_real hi) {
    col_real below = lo - v, above = v - hi;
    return (below > COL_R(0.0) ? below : COL_R(0.0)) + (above > COL_R(0.0) ? above : COL_R(0.0));
}

/* Arvo's squared distance from p to the box [lo, hi], summed per axis. */
static inline col_real col__box_point_dist_sq(col_vec3 lo, col_vec3 hi, col_vec3 p) {
    col_real ex = col__excess(p.x, lo.x, hi.x), ey = col__excess(p.y, lo.y, hi.y), ez = col__excess(p.z, lo.z, hi.z);
    return ex * ex + ey * ey + ez * ez;
}

/* The cheap boolean tests as inline kernels, shared by the public functions
 * (box.c) and the batch (col_overlap_many, shape.c), so both give the same
 * bits. They validate after answering: invalid input (NaN, infinities,
 * magnitudes beyond COL_HUGE, negative sizes) must answer no, and
 * floating-point arithmetic on any input is defined (no division decides
 * these answers), so the answer is that of validating first. Answer and
 * validity are combined without a branch: half the pairs of a broad phase's
 * output overlap, and a branch on the answer would be mispredicted. */
/* The same tests without validation, for shapes known valid (the answer
 * of the checked kernel is exactly "unchecked answer and both valid").
 *
 * The sphere tests are decided exactly (issue 16): the rounded squared
 * distance L and squared radius R are each within 8 eps of their exact
 * values (a few roundings of nonnegative terms), and a square that
 * underflows is off by at most half the smallest subnormal, so L <= R is
 * decided by them unless they are within 16 eps (L + R) plus 16 smallest
 * subnormals (16 eps COL__REAL_MIN) of each other; then (about never on random
 * input, always at an exact touch off the grid) exact arithmetic decides
 * (col__sphere_sphere_exact, col__aabb_sphere_exact: exact.h). */
/* The decided answers without a branch on them (half the pairs of a
 * broad phase's output overlap: a branch on the answer is mispredicted half
 * the time); the one branch, on doubt, is about never taken. L and R are
 * surely ordered when they differ by more than 16 eps (L + R + COL__REAL_MIN)
 * (NaN: in doubt). */
typedef struct col__filtered {
    int yes, doubt;
} col__filtered;

static inline col__filtered col__le_filtered(col_real L, col_real R) {
    /* 16 eps (L + R + COL__REAL_MIN): the bound plus 16 eps COL__REAL_MIN, one
     * rounding of a product by a power of two (exact where it underflows) */
    col_real m = COL_R(16.0) * COL_EPSILON * (L + R + COL__REAL_MIN), diff = L - R;
    col__filtered f;
    f.yes = diff < COL_R(0.0);
    f.doubt = !(col_abs(diff) > m);
    return f;
}

/* The exact decisions where the filters are in doubt (box.c): equal
 * centres, radii 0, a touch, tiny squares. */
bool col__sphere_sphere_exact(const col_sphere *a, const col_sphere *b);
bool col__aabb_sphere_exact(const col_aabb *b, const col_sphere *s);

static inline col__filtered col__sphere_sphere_filter(const col_sphere *a, const col_sphere *b) {
#ifdef COL__SSE2
    /* a sphere's four doubles as two pairs (c.x c.y | c.z r); the same
     * products, summed in the same order, as below */
    const double *pa = (const double *)(const void *)a, *pb = (const double *)(const void *)b;
    __m128d a1 = _mm_loadu_pd(pa + 2), b1 = _mm_loadu_pd(pb + 2);
    __m128d d0 = _mm_sub_pd(_mm_loadu_pd(pa), _mm_loadu_pd(pb)), sq0 = _mm_mul_pd(d0, d0);
    __m128d zr = _mm_move_sd(_mm_add_pd(a1, b1), _mm_sub_pd(a1, b1)), sq1 = _mm_mul_pd(zr, zr); /* (dz, ra + rb) */
    double L = (_mm_cvtsd_f64(sq0) + _mm_cvtsd_f64(_mm_unpackhi_pd(sq0, sq0))) + _mm_cvtsd_f64(sq1);
    return col__le_filtered(L, _mm_cvtsd_f64(_mm_unpackhi_pd(sq1, sq1)));
#else
    col_real rs = a->r + b->r;
    return col__le_filtered(col_v3_len_sq(col_v3_sub(a->c, b->c)), rs * rs);
#endif
}

static inline bool col__overlap_sphere_sphere_u(const col_sphere *a, const col_sphere *b) {
    col__filtered f = col__sphere_sphere_filter(a, b);
    /* (invalid input: an unspecified answer, never the exact path) */
    if (f.doubt) return col__valid_sphere(a) && col__valid_sphere(b) && col__sphere_sphere_exact(a, b);
    return f.yes;
}

static inline bool col__overlap_aabb_aabb_u(const col_aabb *a, const col_aabb *b) {
    return (a->min.x <= b->max.x) & (b->min.x <= a->max.x) & (a->min.y <= b->max.y) & (b->min.y <= a->max.y) &
           (a->min.z <= b->max.z) & (b->min.z <= a->max.z);
}

/* The squared distance from the centre to the box against r^2. A centre
 * in the closed box with r tiny or 0 (a point) is in doubt here:
 * col__aabb_sphere_exact decides it by comparisons first. */
static inline col__filtered col__aabb_sphere_filter(const col_aabb *b, const col_sphere *s) {
#ifdef COL__SSE2
    /* Arvo's excess per axis, max(lo - c, 0) + max(c - hi, 0), on x and y
     * together and z beside, squared and summed in col__box_point_dist_sq's
     * order: the same bits */
    const double *pb = (const double *)(const void *)b, *ps = (const double *)(const void *)s;
    __m128d b0 = _mm_loadu_pd(pb), s0 = _mm_loadu_pd(ps), zero = _mm_setzero_pd();
    __m128d max_xy = _mm_loadu_pd(pb + 3); /* (max.x, max.y) */
    __m128d exy = _mm_add_pd(_mm_max_pd(_mm_sub_pd(b0, s0), zero), _mm_max_pd(_mm_sub_pd(s0, max_xy), zero));
    double c = ps[2], below = pb[2] - c, above = c - pb[5];
    double ez = (below > 0.0 ? below : 0.0) + (above > 0.0 ? above : 0.0), r = ps[3];
    __m128d sq = _mm_mul_pd(exy, exy);
    return col__le_filtered((_mm_cvtsd_f64(sq) + _mm_cvtsd_f64(_mm_unpackhi_pd(sq, sq))) + ez * ez, r * r);
#else
    return col__le_filtered(col__box_point_dist_sq(b->min, b->max, s->c), s->r * s->r);
#endif
}

static inline bool col__overlap_aabb_sphere_u(const col_aabb *b, const col_sphere *s) {
    col__filtered f = col__aabb_sphere_filter(b, s);
    if (f.doubt) return col__valid_aabb(b) && col__valid_sphere(s) && col__aabb_sphere_exact(b, s);
    return f.yes;
}

/* OBB-OBB SAT without validation (box.c). */
bool col__overlap_obb_obb_u(const col_obb *A, const col_obb *B);

/* col_overlap_segment_triangle, col_overlap_aabb_triangle and
 * col_overlap_triangle_triangle without validation (triangle.c), exact as
 * they are, for finite input beyond COL_HUGE too: the closed-form distances
 * (distance_private.h), which a sweep calls on shapes moved there (a
 * segment moved 1e49 through a triangle 5e49 wide, its corner beyond 1e50,
 * was put apart and the sweep's t1 came at its t0,
 * fuzz/regressions/dynamic/capsule-still-in-a-triangle-after-its-sweeps-t1). */
bool col__overlap_segment_triangle_u(const col_segment *sg, const col_triangle *t);
bool col__overlap_aabb_triangle_u(const col_aabb *b, const col_triangle *t);
bool col__overlap_triangle_triangle_u(const col_triangle *ta, const col_triangle *tb);

/* Test hook (exact.c): where lanes is 2, even where the CPU has AVX2's
 * four, col_overlap_many's sphere pairs in two lanes (SSE2), its segment
 * pairs one at a time, the static segment-AABB test by its two-lane
 * filter, the segment-triangle and triangle-triangle filters in scalar
 * form; 0, the default:
 * the widest the CPU has. So tests and fuzzers run
 * each path on the same pairs. Builds without lanes (float,
 * COLLIDE_NO_SIMD) ignore it. */
void col__batch_lanes_force(int lanes);

/* Test hook (batch.c): how many pairs col_overlap_many's four lanes of
 * segments against boxes or triangles left to the one-pair test (in doubt
 * or refused: a triangle not surely solid), since the start. Relaxed
 * atomic: exact only when one thread calls. */
unsigned long col__batch_segment_doubts(void);

#ifdef COL__SSE2
/* Two lanes at a time (SSE2, every x86-64): every number within COL_HUGE by
 * its absolute value (false for NaN) and both radii >= 0, col__valid_sphere
 * of both; the filter is the shared one (two lanes too). */
static inline bool col__overlap_sphere_sphere_k(const col_sphere *a, const col_sphere *b) {
    const double *pa = (const double *)(const void *)a, *pb = (const double *)(const void *)b;
    __m128d a0 = _mm_loadu_pd(pa), a1 = _mm_loadu_pd(pa + 2), b0 = _mm_loadu_pd(pb), b1 = _mm_loadu_pd(pb + 2);
    __m128d ok = _mm_and_pd(_mm_and_pd(col__lanes_valid(a0), col__lanes_valid(a1)),
                            _mm_and_pd(col__lanes_valid(b0), col__lanes_valid(b1)));
    ok = _mm_and_pd(ok, _mm_cmpge_pd(_mm_unpackhi_pd(a1, b1), _mm_setzero_pd())); /* the radii >= 0 */
    int valid = _mm_movemask_pd(ok) == 3;
    col__filtered f = col__sphere_sphere_filter(a, b);
    if (f.doubt) return valid && col__sphere_sphere_exact(a, b); /* rare: exact only on valid input */
    return f.yes & valid;
}
#else
static inline bool col__overlap_sphere_sphere_k(const col_sphere *a, const col_sphere *b) {
    int valid = (int)col__valid_sphere(a) & (int)col__valid_sphere(b);
    col__filtered f = col__sphere_sphere_filter(a, b);
    if (f.doubt) return valid && col__sphere_sphere_exact(a, b); /* rare: exact only on valid input */
    return f.yes & valid;
}
#endif

#ifdef COL__SSE2
/* Two lanes at a time (SSE2): the box's six doubles as three pairs (min.x
 * min.y | min.z max.x | max.y max.z). Per axis, the
 * greater min at most the lesser max is the overlap and both boxes' min <=
 * max at once (four comparisons in one, exact). Each min at least
 * -COL_HUGE and each max at most COL_HUGE (one comparison each, false for a
 * NaN; min.z's as -min.z <= COL_HUGE, beside max.x's): with min <= max,
 * every coordinate within COL_HUGE. The answer of col__valid_aabb and the
 * six comparisons (the scalar kernel below, which the float build and
 * other machines use), in about half the instructions. */

static inline bool col__overlap_aabb_aabb_k(const col_aabb *a, const col_aabb *b) {
    const double *pa = (const double *)(const void *)a, *pb = (const double *)(const void *)b;
    __m128d a0 = _mm_loadu_pd(pa), a1 = _mm_loadu_pd(pa + 2), a2 = _mm_loadu_pd(pa + 4);
    __m128d b0 = _mm_loadu_pd(pb), b1 = _mm_loadu_pd(pb + 2), b2 = _mm_loadu_pd(pb + 4);
    /* the bounds: min.xy >= -COL_HUGE, (-min.z, max.x) and max.yz <= COL_HUGE */
    const __m128d huge = _mm_set1_pd((double)COL_HUGE), low = _mm_set1_pd(-(double)COL_HUGE),
                  flip_z = _mm_set_pd(0.0, -0.0);
    __m128d ok = _mm_and_pd(_mm_cmpge_pd(a0, low), _mm_cmpge_pd(b0, low));
    ok = _mm_and_pd(ok, _mm_and_pd(_mm_cmple_pd(a2, huge), _mm_cmple_pd(b2, huge)));
    ok = _mm_and_pd(ok,
                    _mm_and_pd(_mm_cmple_pd(_mm_xor_pd(a1, flip_z), huge), _mm_cmple_pd(_mm_xor_pd(b1, flip_z), huge)));
    /* x and y: max(a.min, b.min) <= min(a.max, b.max) (a NaN that max or
     * min passes over failed its bound above) */
    __m128d amax_xy = _mm_shuffle_pd(a1, a2, 1), bmax_xy = _mm_shuffle_pd(b1, b2, 1);
    ok = _mm_and_pd(ok, _mm_cmple_pd(_mm_max_pd(a0, b0), _mm_min_pd(amax_xy, bmax_xy)));
    /* z: (a.min.z, b.min.z) against (a.max.z, b.max.z) and its swap */
    __m128d zmin = _mm_unpacklo_pd(a1, b1), zmax = _mm_unpackhi_pd(a2, b2);
    ok = _mm_and_pd(ok, _mm_and_pd(_mm_cmple_pd(zmin, zmax), _mm_cmple_pd(zmin, _mm_shuffle_pd(zmax, zmax, 1))));
    return _mm_movemask_pd(ok) == 3;
}
#else
static inline bool col__overlap_aabb_aabb_k(const col_aabb *a, const col_aabb *b) {
    bool hit = (a->min.x <= b->max.x) & (b->min.x <= a->max.x) & (a->min.y <= b->max.y) & (b->min.y <= a->max.y) &
               (a->min.z <= b->max.z) & (b->min.z <= a->max.z);
    return (int)hit & (int)col__valid_aabb(a) & (int)col__valid_aabb(b);
}
#endif

#ifdef COL__SSE2
/* Two lanes at a time (SSE2): col__valid_aabb and col__valid_sphere as in
 * the kernels above; the filter is the shared one (two lanes too). */
static inline bool col__overlap_aabb_sphere_k(const col_aabb *b, const col_sphere *s) {
    const double *pb = (const double *)(const void *)b, *ps = (const double *)(const void *)s;
    __m128d b0 = _mm_loadu_pd(pb), b1 = _mm_loadu_pd(pb + 2), b2 = _mm_loadu_pd(pb + 4);
    __m128d s0 = _mm_loadu_pd(ps), s1 = _mm_loadu_pd(ps + 2);
    __m128d ok = _mm_and_pd(_mm_and_pd(col__lanes_valid(b0), col__lanes_valid(b1)), col__lanes_valid(b2));
    ok = _mm_and_pd(ok, _mm_and_pd(col__lanes_valid(s0), col__lanes_valid(s1)));
    ok = _mm_and_pd(ok, _mm_cmple_pd(b0, _mm_shuffle_pd(b1, b2, 1))); /* min <= max on x and y */
    /* min.z <= max.z and 0 <= r as two lanes: (min.z, 0) <= (max.z, r) */
    __m128d zlo = _mm_unpacklo_pd(b1, _mm_setzero_pd()), zhi = _mm_unpackhi_pd(b2, s1);
    ok = _mm_and_pd(ok, _mm_cmple_pd(zlo, zhi));
    int valid = _mm_movemask_pd(ok) == 3;
    col__filtered f = col__aabb_sphere_filter(b, s);
    if (f.doubt) return valid && col__aabb_sphere_exact(b, s);
    return f.yes & valid;
}
#else
static inline bool col__overlap_aabb_sphere_k(const col_aabb *b, const col_sphere *s) {
    int valid = (int)col__valid_aabb(b) & (int)col__valid_sphere(s);
    col__filtered f = col__aabb_sphere_filter(b, s);
    if (f.doubt) return valid && col__aabb_sphere_exact(b, s);
    return f.yes & valid;
}
#endif

/* p in the OBB's frame: ((p - c) . u_k). Inline: a call passes p through
 * the stack, and the callee's wide loads of the caller's narrower stores
 * stall store forwarding (7% of the closed-form capsule-box distance). */
static inline col_vec3 col__obb_to_local(const col_obb *b, col_vec3 p) {
    col_vec3 d = col_v3_sub(p, b->c);
    return col_v3(col_v3_dot(d, b->u[0]), col_v3_dot(d, b->u[1]), col_v3_dot(d, b->u[2]));
}
/* Its inverse: the point c + x u_0 + y u_1 + z u_2 of the OBB's frame. */
static inline col_vec3 col__obb_to_world(const col_obb *b, col_vec3 p) {
    return col_v3_madd(col_v3_madd(col_v3_madd(b->c, p.x, b->u[0]), p.y, b->u[1]), p.z, b->u[2]);
}

/* true when axis L separates the box [lo, hi] from the convex hull of the n
 * points; a zero L never separates. */
bool col__box_points_separated(col_vec3 lo, col_vec3 hi, const col_vec3 *pts, int n, col_vec3 L);

#endif
