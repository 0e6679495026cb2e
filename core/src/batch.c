/*
 * col_overlap_many (collide/shape.h): the batch form of col_overlap, with
 * inline loops for the pairs of spheres (four pairs at a time where the CPU
 * has AVX2, else two with SSE2: sphere_pairs) and AABBs and, for shapes
 * known valid, OBBs; segments against boxes and triangles four pairs at a
 * time where the CPU has AVX2 (segment_pairs), else by their static tests;
 * every other pair through col_overlap on shapes built once. Answers are
 * col_overlap's bit for bit (tests/test_dispatch.cc, fuzz_static, fuzz_ray).
 */
#include <stdatomic.h>
#include <string.h>

#include "box.h"
#include "exact.h"
#include "pairs.h"

static inline bool sphere_aabb_k(const col_sphere *s, const col_aabb *b) { return col__overlap_aabb_sphere_k(b, s); }
static inline bool sphere_aabb_u(const col_sphere *s, const col_aabb *b) { return col__overlap_aabb_sphere_u(b, s); }

/* OBB-OBB's SAT without validation, ordered as col_overlap orders the pair
 * (col__shape_order: the test is not symmetric bit for bit). */
static inline bool obb_obb_u(const col_obb *a, const col_obb *b) {
    bool swap = col__order_reals((const col_real *)(const void *)a, (const col_real *)(const void *)b,
                                 sizeof(col_obb) / sizeof(col_real)) > 0;
    return swap ? col__overlap_obb_obb_u(b, a) : col__overlap_obb_obb_u(a, b);
}

/* The pairs with inline kernels: X(kind of a, kind of b, struct of a, struct
 * of b, kernel with validation, kernel for valid shapes). OBB-OBB has no
 * checked kernel here (col_overlap's checks); its row is for valid shapes. */
#define COL__INLINE_PAIRS(X)                                                                                           \
    X(COL_SHAPE_SPHERE, COL_SHAPE_SPHERE, col_sphere, col_sphere, col__overlap_sphere_sphere_k,                        \
      col__overlap_sphere_sphere_u)                                                                                    \
    X(COL_SHAPE_AABB, COL_SHAPE_AABB, col_aabb, col_aabb, col__overlap_aabb_aabb_k, col__overlap_aabb_aabb_u)          \
    X(COL_SHAPE_AABB, COL_SHAPE_SPHERE, col_aabb, col_sphere, col__overlap_aabb_sphere_k, col__overlap_aabb_sphere_u)  \
    X(COL_SHAPE_SPHERE, COL_SHAPE_AABB, col_sphere, col_aabb, sphere_aabb_k, sphere_aabb_u)

/* The batch loops: pair i is a[i] against b[i * step] (step 0: b_single). */
#define COL__BATCH_LOOP(TA, TB, KERNEL)                                                                                \
    do {                                                                                                               \
        const TA *pa = (const TA *)a;                                                                                  \
        const TB *pb = (const TB *)b;                                                                                  \
        for (size_t i = 0; i < count; ++i) {                                                                           \
            bool h = KERNEL(&pa[i], &pb[i * step]);                                                                    \
            hits += h;                                                                                                 \
            if (out) out[i] = (unsigned char)h;                                                                        \
        }                                                                                                              \
    } while (0)

/* (box.h) */
static atomic_ulong segment_doubts;
unsigned long col__batch_segment_doubts(void) { return atomic_load_explicit(&segment_doubts, memory_order_relaxed); }

#ifdef COL__SSE2
/* The sphere pairs from..to one at a time: the one-pair kernels. */
static size_t sphere_pairs_one_by_one(const col_sphere *a, const col_sphere *b, size_t step, size_t from, size_t to,
                                      unsigned char *out, bool checked) {
    size_t hits = 0;
    for (size_t j = from; j < to; ++j) {
        bool h = checked ? col__overlap_sphere_sphere_k(&a[j], &b[j * step])
                         : col__overlap_sphere_sphere_u(&a[j], &b[j * step]);
        hits += h;
        if (out) out[j] = (unsigned char)h;
    }
    return hits;
}

#ifdef COL__HAS_AVX2 /* (box.h) */
#include <immintrin.h>
/* A movemask of four lanes as four answer bytes (bit k: byte k), and its
 * number of set bits. */
static const unsigned char lane_bytes[16][4] = {
    {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {1, 1, 0, 0}, {0, 0, 1, 0}, {1, 0, 1, 0}, {0, 1, 1, 0}, {1, 1, 1, 0},
    {0, 0, 0, 1}, {1, 0, 0, 1}, {0, 1, 0, 1}, {1, 1, 0, 1}, {0, 0, 1, 1}, {1, 0, 1, 1}, {0, 1, 1, 1}, {1, 1, 1, 1}};
static const unsigned char lane_count[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* Four answers (bits 0..3 of y) into out[j..j+3] (out: NULL for none);
 * their count. By table (bit by bit, they cost the four sphere pairs an
 * eighth of their time). */
static inline size_t lanes_out(unsigned char *out, size_t j, int y) {
    if (out) memcpy(out + j, lane_bytes[y], 4);
    return lane_count[y];
}

/* sphere_pairs in four lanes (AVX2, where the CPU has it: batch_lanes
 * tells), up to a multiple of four pairs (*done): the same operations lane
 * by lane, the spheres transposed from their structs (one 32-byte load
 * each). Compiled for AVX2 alone (no FMA: the products and sums round as
 * in the one-pair kernels). */
__attribute__((target("avx2"))) static size_t sphere_pairs4(const col_sphere *a, const col_sphere *b, size_t step,
                                                            size_t count, unsigned char *out, bool checked,
                                                            size_t *done) {
    const __m256d huge = _mm256_set1_pd((double)COL_HUGE), sign = _mm256_set1_pd(-0.0), zero = _mm256_setzero_pd();
    const __m256d bound = _mm256_set1_pd(16.0 * COL_EPSILON), tiny = _mm256_set1_pd(COL__REAL_MIN);
    size_t hits = 0, i = 0;
    while (i + 3 < count) {
        size_t end = count - i > 64 ? i + 64 : count & ~(size_t)3, block = 0;
        int redo = 0;
        for (size_t j = i; j < end; j += 4) {
            const double *pa = (const double *)(const void *)&a[j];
            __m256d A0 = _mm256_loadu_pd(pa), A1 = _mm256_loadu_pd(pa + 4), A2 = _mm256_loadu_pd(pa + 8),
                    A3 = _mm256_loadu_pd(pa + 12);
            __m256d B0 = _mm256_loadu_pd((const double *)(const void *)&b[j * step]),
                    B1 = _mm256_loadu_pd((const double *)(const void *)&b[(j + 1) * step]),
                    B2 = _mm256_loadu_pd((const double *)(const void *)&b[(j + 2) * step]),
                    B3 = _mm256_loadu_pd((const double *)(const void *)&b[(j + 3) * step]);
            /* (x0 x1 z0 z1), (y0 y1 r0 r1), ... then (x0 x1 x2 x3), ... */
            __m256d ta0 = _mm256_unpacklo_pd(A0, A1), ta1 = _mm256_unpackhi_pd(A0, A1);
            __m256d ta2 = _mm256_unpacklo_pd(A2, A3), ta3 = _mm256_unpackhi_pd(A2, A3);
            __m256d tb0 = _mm256_unpacklo_pd(B0, B1), tb1 = _mm256_unpackhi_pd(B0, B1);
            __m256d tb2 = _mm256_unpacklo_pd(B2, B3), tb3 = _mm256_unpackhi_pd(B2, B3);
            __m256d xa = _mm256_permute2f128_pd(ta0, ta2, 0x20), za = _mm256_permute2f128_pd(ta0, ta2, 0x31);
            __m256d ya = _mm256_permute2f128_pd(ta1, ta3, 0x20), ra = _mm256_permute2f128_pd(ta1, ta3, 0x31);
            __m256d xb = _mm256_permute2f128_pd(tb0, tb2, 0x20), zb = _mm256_permute2f128_pd(tb0, tb2, 0x31);
            __m256d yb = _mm256_permute2f128_pd(tb1, tb3, 0x20), rb = _mm256_permute2f128_pd(tb1, tb3, 0x31);
            __m256d dx = _mm256_sub_pd(xa, xb), dy = _mm256_sub_pd(ya, yb), dz = _mm256_sub_pd(za, zb);
            __m256d rs = _mm256_add_pd(ra, rb);
            __m256d L =
                _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(dx, dx), _mm256_mul_pd(dy, dy)), _mm256_mul_pd(dz, dz));
            __m256d R = _mm256_mul_pd(rs, rs), diff = _mm256_sub_pd(L, R);
            __m256d m = _mm256_mul_pd(bound, _mm256_add_pd(_mm256_add_pd(L, R), tiny));
            __m256d yes = _mm256_cmp_pd(diff, zero, _CMP_LT_OQ);
            __m256d bad = _mm256_cmp_pd(_mm256_andnot_pd(sign, diff), m, _CMP_NGT_UQ); /* doubt */
            if (checked) {
                __m256d sa = _mm256_add_pd(_mm256_add_pd(_mm256_andnot_pd(sign, A0), _mm256_andnot_pd(sign, A1)),
                                           _mm256_add_pd(_mm256_andnot_pd(sign, A2), _mm256_andnot_pd(sign, A3)));
                __m256d sb = _mm256_add_pd(_mm256_add_pd(_mm256_andnot_pd(sign, B0), _mm256_andnot_pd(sign, B1)),
                                           _mm256_add_pd(_mm256_andnot_pd(sign, B2), _mm256_andnot_pd(sign, B3)));
                bad = _mm256_or_pd(bad, _mm256_cmp_pd(_mm256_add_pd(sa, sb), huge, _CMP_NLE_UQ));
                yes = _mm256_and_pd(
                    yes, _mm256_and_pd(_mm256_cmp_pd(ra, zero, _CMP_GE_OQ), _mm256_cmp_pd(rb, zero, _CMP_GE_OQ)));
            }
            int y = _mm256_movemask_pd(yes);
            redo |= _mm256_movemask_pd(bad);
            block += lanes_out(out, j, y);
        }
        hits += redo ? sphere_pairs_one_by_one(a, b, step, i, end, out, checked) : block;
        i = end;
    }
    *done = i;
    return hits;
}
#endif

/* ---- segments against boxes and triangles, four pairs at a time ---- */

/* One pair of either family by its static test (which validates). */
static bool segment_pair_one(const double *s, const double *x, bool triangle) {
    return triangle ? col_overlap_segment_triangle((const col_segment *)(const void *)s,
                                                   (const col_triangle *)(const void *)x)
                    : col_overlap_aabb_segment((const col_aabb *)(const void *)x, (const col_segment *)(const void *)s);
}

#ifdef COL__HAS_AVX2
#define COL__AVX2 __attribute__((target("avx2")))

/* Four 3-vectors, one a lane (x, y and z each a vector of four); passed
 * by value, so the compiler keeps them in registers. */
typedef struct {
    __m256d x, y, z;
} v4x3;

/* Numbers k and k + 1 of four structs of doubles at r0..r3, each as a
 * vector of four (one lane a struct): two 16-byte loads, two inserted into
 * their upper halves (r2's and r3's), unpacked; no shuffle across halves. */
#define COL__PAIR4(r0, r1, r2, r3, k, lo, hi)                                                                          \
    do {                                                                                                               \
        __m256d x02_ =                                                                                                 \
            _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd((r0) + (k))), _mm_loadu_pd((r2) + (k)), 1);       \
        __m256d x13_ =                                                                                                 \
            _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd((r1) + (k))), _mm_loadu_pd((r3) + (k)), 1);       \
        lo = _mm256_unpacklo_pd(x02_, x13_);                                                                           \
        hi = _mm256_unpackhi_pd(x02_, x13_);                                                                           \
    } while (0)

/* Four structs of six doubles (an AABB, a segment) at r0..r3 as two
 * 3-vectors of four lanes. */
COL__AVX2 static inline void load6x4(const double *r0, const double *r1, const double *r2, const double *r3, v4x3 *a,
                                     v4x3 *b) {
    COL__PAIR4(r0, r1, r2, r3, 0, a->x, a->y);
    COL__PAIR4(r0, r1, r2, r3, 2, a->z, b->x);
    COL__PAIR4(r0, r1, r2, r3, 4, b->y, b->z);
}

/* The same for four triangles (nine doubles; the ninth from the pair
 * [7, 8], whose first is dropped). */
COL__AVX2 static inline void load9x4(const double *r0, const double *r1, const double *r2, const double *r3, v4x3 *a,
                                     v4x3 *b, v4x3 *c) {
    __m256d unused;
    COL__PAIR4(r0, r1, r2, r3, 0, a->x, a->y);
    COL__PAIR4(r0, r1, r2, r3, 2, a->z, b->x);
    COL__PAIR4(r0, r1, r2, r3, 4, b->y, b->z);
    COL__PAIR4(r0, r1, r2, r3, 6, c->x, c->y);
    COL__PAIR4(r0, r1, r2, r3, 7, unused, c->z);
    (void)unused;
}

COL__AVX2 static inline __m256d abs4(__m256d v) { return _mm256_andnot_pd(_mm256_set1_pd(-0.0), v); }
COL__AVX2 static inline __m256d max4(__m256d a, __m256d b) { return _mm256_max_pd(a, b); }
COL__AVX2 static inline v4x3 sub4(v4x3 a, v4x3 b) {
    v4x3 r = {_mm256_sub_pd(a.x, b.x), _mm256_sub_pd(a.y, b.y), _mm256_sub_pd(a.z, b.z)};
    return r;
}
/* col_v3_cross and col_v3_dot lane by lane (the same operations) */
COL__AVX2 static inline v4x3 cross4(v4x3 a, v4x3 b) {
    v4x3 r = {_mm256_sub_pd(_mm256_mul_pd(a.y, b.z), _mm256_mul_pd(a.z, b.y)),
              _mm256_sub_pd(_mm256_mul_pd(a.z, b.x), _mm256_mul_pd(a.x, b.z)),
              _mm256_sub_pd(_mm256_mul_pd(a.x, b.y), _mm256_mul_pd(a.y, b.x))};
    return r;
}
COL__AVX2 static inline __m256d dot4(v4x3 a, v4x3 b) {
    return _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(a.x, b.x), _mm256_mul_pd(a.y, b.y)), _mm256_mul_pd(a.z, b.z));
}
/* col__abs_max lane by lane */
COL__AVX2 static inline __m256d absmax4(v4x3 v) { return max4(max4(abs4(v.x), abs4(v.y)), abs4(v.z)); }
/*
 * Four segment-AABB pairs (segments p q, boxes lo hi): the static test's
 * decision lane by lane, as its two-lane filter takes it (box.c,
 * aabb_segment_filter): the face axes exactly, then the three cross axes'
 * S = |M_j D_k - M_k D_j| - (E_j |D_k| + E_k |D_j|) with the same
 * operations and one bound, 512 u m^2 + 2^-1000, m the largest magnitude of
 * the pair's twelve numbers (why it covers S's error: there). Returns the
 * lanes that surely meet (valid pairs only when checked) as bits, and in
 * *doubt the valid pairs the filter leaves to the exact test.
 */
COL__AVX2 static inline int segment_box4(v4x3 p, v4x3 q, v4x3 lo, v4x3 hi, bool checked, int *doubt) {
    const __m256d zero = _mm256_setzero_pd();
#define COL__OUTSIDE(c)                                                                                                \
    _mm256_or_pd(_mm256_and_pd(_mm256_cmp_pd(p.c, lo.c, _CMP_LT_OQ), _mm256_cmp_pd(q.c, lo.c, _CMP_LT_OQ)),            \
                 _mm256_and_pd(_mm256_cmp_pd(p.c, hi.c, _CMP_GT_OQ), _mm256_cmp_pd(q.c, hi.c, _CMP_GT_OQ)))
    __m256d apart = _mm256_or_pd(_mm256_or_pd(COL__OUTSIDE(x), COL__OUTSIDE(y)), COL__OUTSIDE(z));
#undef COL__OUTSIDE
    v4x3 pq = {_mm256_add_pd(p.x, q.x), _mm256_add_pd(p.y, q.y), _mm256_add_pd(p.z, q.z)};
    v4x3 lh = {_mm256_add_pd(lo.x, hi.x), _mm256_add_pd(lo.y, hi.y), _mm256_add_pd(lo.z, hi.z)};
    v4x3 M = sub4(pq, lh), D = sub4(q, p), E = sub4(hi, lo);
    __m256d m = max4(max4(absmax4(p), absmax4(q)), max4(absmax4(lo), absmax4(hi)));
    __m256d e =
        _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(512 * COL__XS_U), _mm256_mul_pd(m, m)), _mm256_set1_pd(0x1p-1000));
    __m256d minus_e = _mm256_sub_pd(zero, e);
    __m256d aDx = abs4(D.x), aDy = abs4(D.y), aDz = abs4(D.z);
    __m256d zx = _mm256_cmp_pd(D.x, zero, _CMP_EQ_OQ), zy = _mm256_cmp_pd(D.y, zero, _CMP_EQ_OQ),
            zz = _mm256_cmp_pd(D.z, zero, _CMP_EQ_OQ);
    __m256d sure = _mm256_castsi256_pd(_mm256_set1_epi64x(-1));
    /* axis i with j = i + 1, k = i + 2: S, and whether D_j = D_k = 0 (a null axis) */
#define COL__CROSS_AXIS(j, k)                                                                                          \
    do {                                                                                                               \
        __m256d S = _mm256_sub_pd(abs4(_mm256_sub_pd(_mm256_mul_pd(M.j, D.k), _mm256_mul_pd(M.k, D.j))),               \
                                  _mm256_add_pd(_mm256_mul_pd(E.j, aD##k), _mm256_mul_pd(E.k, aD##j)));                \
        apart = _mm256_or_pd(apart, _mm256_cmp_pd(S, e, _CMP_GT_OQ));                                                  \
        sure = _mm256_and_pd(sure, _mm256_or_pd(_mm256_cmp_pd(S, minus_e, _CMP_LT_OQ), _mm256_and_pd(z##j, z##k)));    \
    } while (0)
    COL__CROSS_AXIS(y, z);
    COL__CROSS_AXIS(z, x);
    COL__CROSS_AXIS(x, y);
#undef COL__CROSS_AXIS
    /* validity (col__valid_aabb, col__valid_segment): every magnitude, so
     * m, within COL_HUGE and lo <= hi. A lane that fails is surely invalid
     * (a miss). m may have dropped a NaN (max keeps its second operand), but
     * a pair with a NaN is never sure: in the box, lo <= hi fails; in the
     * segment, D has a NaN, so the two axes across its axis have S NaN and
     * are not null. */
    __m256d valid = _mm256_castsi256_pd(_mm256_set1_epi64x(-1));
    if (checked)
        valid = _mm256_and_pd(
            _mm256_cmp_pd(m, _mm256_set1_pd((double)COL_HUGE), _CMP_LE_OQ),
            _mm256_and_pd(_mm256_and_pd(_mm256_cmp_pd(lo.x, hi.x, _CMP_LE_OQ), _mm256_cmp_pd(lo.y, hi.y, _CMP_LE_OQ)),
                          _mm256_cmp_pd(lo.z, hi.z, _CMP_LE_OQ)));
    __m256d open = _mm256_andnot_pd(apart, valid);
    *doubt = _mm256_movemask_pd(_mm256_andnot_pd(sure, open));
    return _mm256_movemask_pd(_mm256_and_pd(sure, open));
}

/* The lanes where |v| exceeds its bound, by sign: +1 in *pos, -1 in *neg. */
COL__AVX2 static inline void signs4(__m256d v, __m256d bound, __m256d *pos, __m256d *neg) {
    *pos = _mm256_cmp_pd(v, bound, _CMP_GT_OQ);
    *neg = _mm256_cmp_pd(v, _mm256_sub_pd(_mm256_setzero_pd(), bound), _CMP_LT_OQ);
}

/*
 * Four segment-triangle pairs (segments p q, triangles a b c): the static
 * test's filter lane by lane (exact.c, col__segment_triangle: the five
 * determinants from the differences relative to p, its bounds from one
 * magnitude), for triangles that test takes by its exact decision
 * (col__triangle_surely_solid, from the same rounded edges; the others are
 * in doubt, for the one-pair test and its degenerate case). Each lane's
 * sure answer is the exact one. Returns the lanes that surely meet (valid
 * pairs only when checked) as bits, and in *doubt the pairs left to the
 * one-pair test.
 */
COL__AVX2 static inline int segment_triangle4(v4x3 p, v4x3 q, v4x3 a, v4x3 b, v4x3 c, bool checked, int *doubt) {
    v4x3 A = sub4(a, p), B = sub4(b, p), C = sub4(c, p), E = sub4(q, p);
    /* the triangle surely solid (geom.h): nn = |ab x ac|^2 in [2^20 N,
     * max], above COL_EPSILON |ab|^2 |ac|^2 */
    v4x3 ab = sub4(b, a), ac = sub4(c, a), n = cross4(ab, ac);
    __m256d nn = dot4(n, n), lab = dot4(ab, ab), lac = dot4(ac, ac);
    __m256d solid = _mm256_and_pd(
        _mm256_and_pd(_mm256_cmp_pd(nn, _mm256_set1_pd(0x1p20 * COL__REAL_MIN), _CMP_GE_OQ),
                      _mm256_cmp_pd(nn, _mm256_set1_pd(COL_REAL_MAX), _CMP_LE_OQ)),
        _mm256_cmp_pd(nn, _mm256_mul_pd(_mm256_set1_pd(COL_EPSILON), _mm256_mul_pd(lab, lac)), _CMP_GT_OQ));
    /* the bounds: as the one-pair filter's, with one magnitude M for the
     * four rows (its products of the rows' largest coordinates are at most
     * M^3): a determinant within 24 COL_EPSILON M^3 + tiny of its exact
     * value, dq (three more additions) within twice the sum of four */
    __m256d big = max4(max4(absmax4(A), absmax4(B)), max4(absmax4(C), absmax4(E)));
    __m256d tiny = _mm256_mul_pd(_mm256_set1_pd(COL__REAL_MIN), _mm256_add_pd(big, _mm256_set1_pd(1.0)));
    __m256d m3 = _mm256_mul_pd(_mm256_mul_pd(big, big), big);
    __m256d bound = _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(24.0 * COL_EPSILON), m3), tiny);
    __m256d bound_q = _mm256_mul_pd(_mm256_set1_pd(8.0), bound);
    v4x3 bc = cross4(B, C);
    __m256d d1 = dot4(E, cross4(A, B)), d2 = dot4(E, bc), d3 = dot4(E, cross4(C, A)), d0 = dot4(A, bc);
    __m256d dq = _mm256_sub_pd(_mm256_sub_pd(_mm256_sub_pd(d0, d1), d2), d3);
    __m256d p1, n1, p2, n2, p3, n3, p0, n0, pq, nq;
    signs4(d1, bound, &p1, &n1);
    signs4(d2, bound, &p2, &n2);
    signs4(d3, bound, &p3, &n3);
    signs4(d0, bound, &p0, &n0);
    signs4(dq, bound_q, &pq, &nq);
    /* apart: two of the line's signs against the edges strictly opposite,
     * or both ends strictly on one side of the plane */
    __m256d any_pos = _mm256_or_pd(_mm256_or_pd(p1, p2), p3), any_neg = _mm256_or_pd(_mm256_or_pd(n1, n2), n3);
    __m256d apart =
        _mm256_or_pd(_mm256_and_pd(any_pos, any_neg), _mm256_or_pd(_mm256_and_pd(p0, pq), _mm256_and_pd(n0, nq)));
    /* meeting: every sign known (the ends on strictly opposite sides) and
     * not apart */
    __m256d known =
        _mm256_and_pd(_mm256_and_pd(_mm256_or_pd(p1, n1), _mm256_or_pd(p2, n2)),
                      _mm256_and_pd(_mm256_or_pd(p3, n3), _mm256_and_pd(_mm256_or_pd(p0, n0), _mm256_or_pd(pq, nq))));
    /* validity (col__valid_segment, col__valid_triangle: every number
     * within COL_HUGE) surely, where fl(M + P) <= COL_HUGE / 4, M the largest
     * magnitude of A, B, C, E and P of p: each coordinate is then within
     * 2 (1 + u) (M + P) of 0. A lane above it is in doubt (valid or not, for
     * the one-pair test). A NaN anywhere makes dq NaN, so that lane is never
     * sure, and never apart: each of d1, d2, d3 leaves out a vertex, so two
     * of them (or the plane's sides, dq) see any NaN. */
    __m256d ok = _mm256_castsi256_pd(_mm256_set1_epi64x(-1));
    if (checked)
        ok = _mm256_cmp_pd(_mm256_add_pd(big, absmax4(p)), _mm256_set1_pd(0.25 * (double)COL_HUGE), _CMP_LE_OQ);
    /* decided: apart, or meeting surely and valid; on a triangle the exact
     * test takes (solid: the one-pair test's degenerate case is its own) */
    __m256d yes = _mm256_and_pd(_mm256_andnot_pd(apart, known), _mm256_and_pd(ok, solid));
    __m256d decided = _mm256_and_pd(solid, _mm256_or_pd(apart, _mm256_and_pd(known, ok)));
    *doubt = _mm256_movemask_pd(decided) ^ 15;
    return _mm256_movemask_pd(yes);
}

/*
 * Segments against boxes or triangles (col_overlap_many's pairs segment-AABB
 * and segment-triangle, either order): seg[i * ss] against other[i * so]
 * (strides in doubles, 0 for the one repeated shape), four pairs at a time
 * where the CPU has AVX2 (segment_box4, segment_triangle4: sure answers, the
 * pairs in doubt by the one-pair test), the rest one at a time by the
 * static test itself. The answers are the static test's (every sure answer
 * is the exact one, and the exact decision is the static test's).
 */
COL__AVX2 static size_t segment_pairs4(const double *seg, size_t ss, const double *other, size_t so, bool triangle,
                                       size_t count, unsigned char *out, bool checked, size_t *done) {
    size_t hits = 0, i = 0;
    for (; i + 3 < count; i += 4) {
        const double *const rs[4] = {seg + i * ss, seg + (i + 1) * ss, seg + (i + 2) * ss, seg + (i + 3) * ss};
        const double *const ro[4] = {other + i * so, other + (i + 1) * so, other + (i + 2) * so, other + (i + 3) * so};
        v4x3 p, q, x, y, z;
        load6x4(rs[0], rs[1], rs[2], rs[3], &p, &q);
        int doubt, yes;
        if (triangle) {
            load9x4(ro[0], ro[1], ro[2], ro[3], &x, &y, &z);
            yes = segment_triangle4(p, q, x, y, z, checked, &doubt);
        } else {
            load6x4(ro[0], ro[1], ro[2], ro[3], &x, &y);
            yes = segment_box4(p, q, x, y, checked, &doubt);
        }
        if (doubt)
            atomic_fetch_add_explicit(&segment_doubts, (unsigned long)__builtin_popcount((unsigned)doubt),
                                      memory_order_relaxed);
        while (doubt) { /* rare: the one-pair test, exact */
            int l = __builtin_ctz((unsigned)doubt);
            doubt &= doubt - 1;
            yes |= (int)segment_pair_one(rs[l], ro[l], triangle) << l;
        }
        hits += lanes_out(out, i, yes);
    }
    *done = i;
    return hits;
}
#endif

/* The lanes col_overlap_many's sphere pairs take: 4 where the AVX2 forms
 * run (col__use_avx2), else 2. */
static int batch_lanes(void) {
#ifdef COL__HAS_AVX2
    return col__use_avx2() ? 4 : 2;
#else
    return 2;
#endif
}

/* The segment pairs (segment_pairs4 where the CPU has AVX2 and no test
 * asked for exact arithmetic throughout, col__exact_always), the rest one
 * at a time by the static test. */
static size_t segment_pairs(const double *seg, size_t ss, const double *other, size_t so, bool triangle, size_t count,
                            unsigned char *out, bool checked) {
    size_t hits = 0, i = 0;
#ifdef COL__HAS_AVX2
    if (batch_lanes() == 4 && !col__exact_always)
        hits = segment_pairs4(seg, ss, other, so, triangle, count, out, checked, &i);
#else
    (void)checked;
#endif
    for (; i < count; ++i) {
        bool h = segment_pair_one(seg + i * ss, other + i * so, triangle);
        hits += h;
        if (out) out[i] = (unsigned char)h;
    }
    return hits;
}

/*
 * The sphere pairs in lanes across pairs (SSE2: pair j in lane 0, pair j +
 * 1 in lane 1; AVX2's four first where the CPU has it), the answers of the
 * one-pair kernels (col__overlap_sphere_sphere_k, _u) bit for bit:
 *   - validity: every coordinate and radius of the spheres of a step within
 *     COL_HUGE where the sum of their magnitudes is (a sum of numbers >= 0
 *     rounds to at least each of them; a NaN fails), and the radii >= 0;
 *   - the filter: the same differences, squares and sums in the same order
 *     as col__sphere_sphere_filter, and col__le_filtered's bound, lane by
 *     lane;
 *   - blocks of 64 pairs without a branch on the data: a block where a sum
 *     exceeds COL_HUGE (or is NaN) or a pair is in doubt is answered again
 *     by the one-pair kernels (which compare each number, and decide a
 *     doubt exactly).
 * The structs' memory is read as doubles (box.h: no padding).
 */
static size_t sphere_pairs(const col_sphere *a, const col_sphere *b, size_t step, size_t count, unsigned char *out,
                           bool checked) {
    const __m128d huge = _mm_set1_pd((double)COL_HUGE), sign = _mm_set1_pd(-0.0), zero = _mm_setzero_pd();
    const __m128d bound = _mm_set1_pd(16.0 * COL_EPSILON), tiny = _mm_set1_pd(COL__REAL_MIN);
    size_t hits = 0, i = 0;
#ifdef COL__HAS_AVX2
    if (batch_lanes() == 4) hits = sphere_pairs4(a, b, step, count, out, checked, &i);
#endif
    while (i + 1 < count) {
        size_t end = count - i > 64 ? i + 64 : count & ~(size_t)1, block = 0;
        int redo = 0;
        for (size_t j = i; j < end; j += 2) {
            const double *a0 = (const double *)(const void *)&a[j], *a1 = a0 + 4;
            const double *b0 = (const double *)(const void *)&b[j * step],
                         *b1 = (const double *)(const void *)&b[(j + 1) * step];
            __m128d A00 = _mm_loadu_pd(a0), A01 = _mm_loadu_pd(a0 + 2), A10 = _mm_loadu_pd(a1),
                    A11 = _mm_loadu_pd(a1 + 2);
            __m128d B00 = _mm_loadu_pd(b0), B01 = _mm_loadu_pd(b0 + 2), B10 = _mm_loadu_pd(b1),
                    B11 = _mm_loadu_pd(b1 + 2);
            /* (x of pair j, x of pair j + 1), ... */
            __m128d xa = _mm_unpacklo_pd(A00, A10), ya = _mm_unpackhi_pd(A00, A10);
            __m128d za = _mm_unpacklo_pd(A01, A11), ra = _mm_unpackhi_pd(A01, A11);
            __m128d xb = _mm_unpacklo_pd(B00, B10), yb = _mm_unpackhi_pd(B00, B10);
            __m128d zb = _mm_unpacklo_pd(B01, B11), rb = _mm_unpackhi_pd(B01, B11);
            __m128d dx = _mm_sub_pd(xa, xb), dy = _mm_sub_pd(ya, yb), dz = _mm_sub_pd(za, zb), rs = _mm_add_pd(ra, rb);
            __m128d L = _mm_add_pd(_mm_add_pd(_mm_mul_pd(dx, dx), _mm_mul_pd(dy, dy)), _mm_mul_pd(dz, dz));
            __m128d R = _mm_mul_pd(rs, rs), diff = _mm_sub_pd(L, R);
            __m128d m = _mm_mul_pd(bound, _mm_add_pd(_mm_add_pd(L, R), tiny));
            __m128d yes = _mm_cmplt_pd(diff, zero), bad = _mm_cmpngt_pd(_mm_andnot_pd(sign, diff), m); /* doubt */
            if (checked) {
                __m128d sa = _mm_add_pd(_mm_add_pd(_mm_andnot_pd(sign, A00), _mm_andnot_pd(sign, A01)),
                                        _mm_add_pd(_mm_andnot_pd(sign, A10), _mm_andnot_pd(sign, A11)));
                __m128d sb = _mm_add_pd(_mm_add_pd(_mm_andnot_pd(sign, B00), _mm_andnot_pd(sign, B01)),
                                        _mm_add_pd(_mm_andnot_pd(sign, B10), _mm_andnot_pd(sign, B11)));
                bad = _mm_or_pd(bad, _mm_cmpnle_pd(_mm_add_pd(sa, sb), huge));
                yes = _mm_and_pd(yes, _mm_and_pd(_mm_cmpge_pd(ra, zero), _mm_cmpge_pd(rb, zero)));
            }
            int y = _mm_movemask_pd(yes);
            redo |= _mm_movemask_pd(bad);
            block += (size_t)((y & 1) + (y >> 1));
            if (out) {
                out[j] = (unsigned char)(y & 1);
                out[j + 1] = (unsigned char)(y >> 1);
            }
        }
        hits += redo ? sphere_pairs_one_by_one(a, b, step, i, end, out, checked) : block;
        i = end;
    }
    return hits + sphere_pairs_one_by_one(a, b, step, i, count, out, checked);
}
#endif

static size_t overlap_many(col_shape_kind ka, const void *a, col_shape_kind kb, const void *b, bool b_single,
                           size_t count, unsigned char *out, bool checked) {
    size_t hits = 0, step = b_single ? 0 : 1;
    if (count == 0) return 0;
    if (!a || !b) {
        if (out) memset(out, 0, count);
        return 0;
    }
    /* the sphere pairs in lanes, the other inline pairs (supported by their
     * kinds) one at a time; the rest asks */
#ifdef COL__SSE2
    if (ka == COL_SHAPE_SPHERE && kb == COL_SHAPE_SPHERE) return sphere_pairs(a, b, step, count, out, checked);
    /* a segment against boxes or triangles, either order (strides in doubles) */
    bool seg_a = ka == COL_SHAPE_SEGMENT, seg_b = kb == COL_SHAPE_SEGMENT;
    col_shape_kind ko = seg_a ? kb : ka;
    if ((seg_a || seg_b) && (ko == COL_SHAPE_AABB || ko == COL_SHAPE_TRIANGLE)) {
        size_t so = ko == COL_SHAPE_TRIANGLE ? 9 : 6;
        const double *pa = (const double *)a, *pb = (const double *)b;
        return seg_a ? segment_pairs(pa, 6, pb, so * step, ko == COL_SHAPE_TRIANGLE, count, out, checked)
                     : segment_pairs(pb, 6 * step, pa, so, ko == COL_SHAPE_TRIANGLE, count, out, checked);
    }
#endif
#define COL__BATCH_PAIR(KA, KB, TA, TB, CHECKED, UNCHECKED)                                                            \
    if (ka == KA && kb == KB) {                                                                                        \
        if (checked)                                                                                                   \
            COL__BATCH_LOOP(TA, TB, CHECKED);                                                                          \
        else                                                                                                           \
            COL__BATCH_LOOP(TA, TB, UNCHECKED);                                                                        \
        return hits;                                                                                                   \
    }
    COL__INLINE_PAIRS(COL__BATCH_PAIR)
#undef COL__BATCH_PAIR
    if (!checked && ka == COL_SHAPE_OBB && kb == COL_SHAPE_OBB) {
        COL__BATCH_LOOP(col_obb, col_obb, obb_obb_u);
    } else if (!col_overlap_supported(ka, kb)) {
        if (out) memset(out, 0, count);
    } else {
        /* every other pair through col_overlap, on col_shapes built once */
        size_t sa = col_shape_kind_size(ka), sb = col_shape_kind_size(kb);
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

size_t col_overlap_many(col_shape_kind ka, const void *a, col_shape_kind kb, const void *b, bool b_single, size_t count,
                        unsigned char *out) {
    return overlap_many(ka, a, kb, b, b_single, count, out, true);
}

size_t col_overlap_many_unchecked(col_shape_kind ka, const void *a, col_shape_kind kb, const void *b, bool b_single,
                                  size_t count, unsigned char *out) {
    return overlap_many(ka, a, kb, b, b_single, count, out, false);
}

bool col_overlap_unchecked(col_shape_kind ka, const void *a, col_shape_kind kb, const void *b) {
    /* the inline pairs' kernels called directly (one pair: no loop to set up) */
    if (!a || !b) return false;
#define COL__ONE_PAIR(KA, KB, TA, TB, CHECKED, UNCHECKED)                                                              \
    if (ka == KA && kb == KB) return UNCHECKED((const TA *)a, (const TB *)b);
    COL__INLINE_PAIRS(COL__ONE_PAIR)
#undef COL__ONE_PAIR
    if (ka == COL_SHAPE_OBB && kb == COL_SHAPE_OBB) return obb_obb_u(a, b);
    return overlap_many(ka, a, kb, b, true, 1, NULL, false) == 1;
}
