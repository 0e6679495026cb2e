/*
 * col_overlap_many (collide/shape.h): the batch form of col_overlap, with
 * inline loops for the pairs of spheres (four pairs at a time where the CPU
 * has AVX2, else two with SSE2: sphere_pairs) and AABBs and, for shapes
 * known valid, OBBs;
 * every other pair through col_overlap on shapes built once. Answers are
 * col_overlap's bit for bit (tests/test_dispatch.cc, fuzz_static).
 */
#include <string.h>

#include "box.h"
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
static int forced_lanes = 0;
void col__batch_lanes_force(int lanes) { forced_lanes = lanes; }

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

#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#define COL__AVX2_BATCH 1
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
            block += (size_t)((y & 1) + ((y >> 1) & 1) + ((y >> 2) & 1) + (y >> 3));
            if (out) {
                out[j] = (unsigned char)(y & 1);
                out[j + 1] = (unsigned char)((y >> 1) & 1);
                out[j + 2] = (unsigned char)((y >> 2) & 1);
                out[j + 3] = (unsigned char)(y >> 3);
            }
        }
        hits += redo ? sphere_pairs_one_by_one(a, b, step, i, end, out, checked) : block;
        i = end;
    }
    *done = i;
    return hits;
}
#endif

/* The lanes col_overlap_many's sphere pairs take: 4 (AVX2, where the CPU
 * has it: a load and a test of the compiler's CPU model) unless
 * col__batch_lanes_force asked for 2, else 2. */
static int batch_lanes(void) {
    if (forced_lanes == 2) return 2;
#ifdef COL__AVX2_BATCH
    return __builtin_cpu_supports("avx2") ? 4 : 2;
#else
    return 2;
#endif
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
#ifdef COL__AVX2_BATCH
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
