/*
 * Box tests (collide/static.h): sphere-sphere, AABB-AABB, Arvo's box-sphere,
 * OBB-OBB SAT, box-segment SAT, OBB -> AABB and Arvo's transformed AABB.
 */
#include "box.h"
#include "exact.h"

#include <math.h>

/* The cheap tests are the inline kernels of box.h; the costly ones (OBB)
 * answer first and validate only a yes (see box.h for why that is the same
 * answer as validating first). */

bool col_overlap_sphere_sphere(const col_sphere *a, const col_sphere *b) { return col__overlap_sphere_sphere_k(a, b); }

bool col_overlap_aabb_aabb(const col_aabb *a, const col_aabb *b) { return col__overlap_aabb_aabb_k(a, b); }

bool col_overlap_aabb_sphere(const col_aabb *b, const col_sphere *s) { return col__overlap_aabb_sphere_k(b, s); }

/* The kernels' exact decisions where their filters are in doubt (box.h). */
bool col__sphere_sphere_exact(const col_sphere *a, const col_sphere *b) {
    return col__segment_meets_ball(a->c, a->c, b->c, a->r, b->r);
}

bool col__aabb_sphere_exact(const col_aabb *b, const col_sphere *s) {
    /* the centre in the closed box, or a point (r = 0) outside it: by comparisons */
    col_vec3 c = s->c;
    if (c.x >= b->min.x && c.x <= b->max.x && c.y >= b->min.y && c.y <= b->max.y && c.z >= b->min.z && c.z <= b->max.z)
        return true;
    if (s->r == COL_R(0.0)) return false;
    return col__ball_meets_box(s->c, s->r, b->min, b->max);
}

bool col_overlap_obb_sphere(const col_obb *b, const col_sphere *s) {
    if (!col__valid_obb(b) || !col__valid_sphere(s)) return false;
    col_vec3 p = col__obb_to_local(b, s->c);
    return col__box_point_dist_sq(col_v3_neg(b->e), b->e, p) <= s->r * s->r;
}

bool col__overlap_obb_obb_u(const col_obb *A, const col_obb *B) {
    const col_real a[3] = {A->e.x, A->e.y, A->e.z}, b[3] = {B->e.x, B->e.y, B->e.z};
    col_real R[3][3], AbsR[3][3], t[3];
    col_vec3 T = col_v3_sub(B->c, A->c);
    /* R[i][j] = A_i . B_j: B's axes in A's frame are the columns of R. */
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            R[i][j] = col_v3_dot(A->u[i], B->u[j]);
            AbsR[i][j] = col_abs(R[i][j]);
        }
        t[i] = col_v3_dot(T, A->u[i]);
    }
    /* Face axes of A. */
    for (int i = 0; i < 3; ++i) {
        col_real rb = b[0] * AbsR[i][0] + b[1] * AbsR[i][1] + b[2] * AbsR[i][2];
        if (col_abs(t[i]) > a[i] + rb) return false;
    }
    /* Face axes of B: the distance is T . B_j, measured in world space so that
     * A and B are treated alike. */
    for (int j = 0; j < 3; ++j) {
        col_real ra = a[0] * AbsR[0][j] + a[1] * AbsR[1][j] + a[2] * AbsR[2][j];
        if (col_abs(col_v3_dot(T, B->u[j])) > ra + b[j]) return false;
    }
    /* Cross axes L = e_i x (column j of R) in A's frame. Every quantity is the
     * projection onto this L of the same two point sets ([-a, a] and B in A's
     * coordinates), so a separation found here is real up to rounding of one
     * projection; no cofactor identity (which only holds for exact rotations)
     * and no epsilon added to |R|. */
    for (int i = 0; i < 3; ++i) {
        int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
        /* B's radius on L = e_i x (column j) is sum_k b_k |L . column k|, L
         * . column k = l1 R[i1][k] + l2 R[i2][k] (l1, l2 below): a 2x2
         * minor of R, 0 exactly for k = j (the same two products), and
         * for the columns j, k the negation, exactly, of the one for k, j
         * (the same products, rounding being symmetric). So the three
         * minors of rows i1, i2 serve all three axes, with the bits of
         * the sum over every k. */
        col_real m01 = col_abs(-R[i2][0] * R[i1][1] + R[i1][0] * R[i2][1]);
        col_real m02 = col_abs(-R[i2][0] * R[i1][2] + R[i1][0] * R[i2][2]);
        col_real m12 = col_abs(-R[i2][1] * R[i1][2] + R[i1][1] * R[i2][2]);
        const col_real rbs[3] = {b[1] * m01 + b[2] * m02, b[0] * m01 + b[2] * m12, b[0] * m02 + b[1] * m12};
        for (int j = 0; j < 3; ++j) {
            /* e_i x c = (components) with L[i] = 0, L[i1] = -c[i2], L[i2] = c[i1]. */
            col_real l1 = -R[i2][j], l2 = R[i1][j];
            if (l1 * l1 + l2 * l2 <= COL_PARALLEL_TOLERANCE) continue; /* parallel edges */
            col_real ra = a[i1] * col_abs(l1) + a[i2] * col_abs(l2);
            if (col_abs(l1 * t[i1] + l2 * t[i2]) > ra + rbs[j]) return false;
        }
    }
    return true;
}

bool col_overlap_obb_obb(const col_obb *A, const col_obb *B) {
    if (!col__overlap_obb_obb_u(A, B)) return false;
    return col__valid_obb(A) && col__valid_obb(B);
}

bool col_overlap_aabb_obb(const col_aabb *a, const col_obb *b) {
    if (!col__valid_aabb(a)) return false;
    col_obb oa = col_obb_from_aabb(a);
    return col_overlap_obb_obb(&oa, b);
}

/* Interval of the box [lo, hi] projected on L. */
static void box_interval(col_vec3 lo, col_vec3 hi, col_vec3 L, col_real *mn, col_real *mx) {
    col_real s0 = COL_R(0.0), s1 = COL_R(0.0);
    for (int k = 0; k < 3; ++k) {
        col_real l = col_v3_get(L, k);
        col_real p = l * col_v3_get(lo, k), q = l * col_v3_get(hi, k);
        s0 += p < q ? p : q;
        s1 += p < q ? q : p;
    }
    *mn = s0;
    *mx = s1;
}

bool col__box_points_separated(col_vec3 lo, col_vec3 hi, const col_vec3 *pts, int n, col_vec3 L) {
    if (L.x == COL_R(0.0) && L.y == COL_R(0.0) && L.z == COL_R(0.0)) return false;
    col_real bmin, bmax;
    box_interval(lo, hi, L, &bmin, &bmax);
    col_real pmin = col_v3_dot(pts[0], L), pmax = pmin;
    for (int k = 1; k < n; ++k) {
        col_real p = col_v3_dot(pts[k], L);
        pmin = p < pmin ? p : pmin;
        pmax = p > pmax ? p : pmax;
    }
    return col__disjoint(bmin, bmax, pmin, pmax);
}

#ifdef COL__SSE2
/* The static segment-AABB test's filter in two lanes (SSE2): x and y of a
 * vector (lane 0, lane 1) beside z in lane 0 of another (its lane 1 unused).
 * The face axes exactly (col__segment_box_apart), then the cross axes with
 * one bound from the largest magnitude of the twelve numbers
 * (col__segment_box_cross_lanes, exact.h). By callgrind, 207 instructions a
 * call where 7 of 10 segments meet their box, against 299 for the scalar
 * filter (when the loads were 16 bytes). */

/* The segment's and the box's validity (col__valid_segment,
 * col__valid_aabb) and col__segment_box_sat_fast's answer, without a
 * branch: *valid, and 0 surely apart, 1 surely meeting, 2 in doubt. */
static inline int aabb_segment_filter(const col_aabb *b, const col_segment *s, int *valid) {
    const double *pb = (const double *)(const void *)b, *ps = (const double *)(const void *)s;
    /* 8-byte loads, each half of a vector by itself: a caller has often just
     * written the segment (from a ray, say) a number at a time, and a
     * 16-byte load of two such stores cannot be served by store forwarding
     * (it waits for them to reach the cache: the near workload's segments
     * 19.0 -> 15.4 ns) */
    __m128d b0 = _mm_loadh_pd(_mm_load_sd(pb), pb + 1), b1 = _mm_loadh_pd(_mm_load_sd(pb + 2), pb + 3),
            b2 = _mm_loadh_pd(_mm_load_sd(pb + 4), pb + 5); /* lo.xy, lo.z hi.x, hi.yz */
    __m128d s0 = _mm_loadh_pd(_mm_load_sd(ps), ps + 1), s1 = _mm_loadh_pd(_mm_load_sd(ps + 2), ps + 3),
            s2 = _mm_loadh_pd(_mm_load_sd(ps + 4), ps + 5); /* p.xy, p.z q.x, q.yz */
    /* x and y; z in lane 0 */
    __m128d L = b0, H = _mm_shuffle_pd(b1, b2, 1), P = s0, Q = _mm_shuffle_pd(s1, s2, 1);
    __m128d Lz = b1, Hz = _mm_unpackhi_pd(b2, b2), Pz = s1, Qz = _mm_unpackhi_pd(s2, s2);
    /* the face axes, exactly: far pairs end here (a miss whatever the
     * validity: every comparison with a NaN is false) */
    if (col__segment_box_apart(s->a, s->b, b->min, b->max)) {
        *valid = 0; /* (not asked) */
        return 0;
    }
    /* validity: every number within COL_HUGE by its absolute value (false
     * for NaN), the box's min <= max */
    __m128d huge = _mm_set1_pd((double)COL_HUGE);
    __m128d ab0 = col__abs_lanes(b0), ab1 = col__abs_lanes(b1), ab2 = col__abs_lanes(b2);
    __m128d as0 = col__abs_lanes(s0), as1 = col__abs_lanes(s1), as2 = col__abs_lanes(s2);
    __m128d ok = _mm_and_pd(_mm_and_pd(_mm_cmple_pd(ab0, huge), _mm_cmple_pd(ab1, huge)), _mm_cmple_pd(ab2, huge));
    ok = _mm_and_pd(ok,
                    _mm_and_pd(_mm_and_pd(_mm_cmple_pd(as0, huge), _mm_cmple_pd(as1, huge)), _mm_cmple_pd(as2, huge)));
    ok = _mm_and_pd(ok, _mm_and_pd(_mm_cmple_pd(L, H), _mm_unpacklo_pd(_mm_cmple_pd(Lz, Hz), ok)));
    *valid = _mm_movemask_pd(ok) == 3;
    /* the largest magnitude m (valid input: a NaN dropped by max makes the
     * pair invalid anyway) */
    __m128d m = _mm_max_pd(_mm_max_pd(_mm_max_pd(ab0, ab1), _mm_max_pd(ab2, as0)), _mm_max_pd(as1, as2));
    m = _mm_max_pd(m, col__swap_lanes(m));
    return col__segment_box_cross_lanes(P, Pz, Q, Qz, L, Lz, H, Hz, m);
}
#endif

#ifdef COL__HAS_AVX2
#include <immintrin.h>
/* [v[0], v[1], v[2], v[2]] by 8-byte loads (store forwarding serves them) */
__attribute__((target("avx2"))) static inline __m256d load_xyzz(const double *v) {
    __m128d xy = _mm_loadh_pd(_mm_load_sd(v), v + 1), zz = _mm_load1_pd(v + 2);
    return _mm256_insertf128_pd(_mm256_castpd128_pd256(xy), zz, 1);
}
/*
 * col_overlap_aabb_segment in four lanes (AVX2, where the CPU has it and no
 * test forced two lanes, col__use_avx2): x, y and z of lo, hi, p and q in
 * lanes 0..2 of one vector each (lane 3 repeats z, so every lane's answer
 * counts), read by 8-byte loads as the two-lane form's; the face axes
 * exactly, then the three cross axes at once, each S by the two-lane form's
 * operations in its order (the same bits) with its bound 512 u m^2 +
 * 2^-1000. Validity for a sure answer from what the filter has: m within
 * COL_HUGE and lo <= hi (m may have dropped a NaN, as max keeps its second
 * operand, but a pair with a NaN is never sure to meet: in the box lo <= hi
 * fails, in the segment D has a NaN, so the two axes across its axis have S
 * NaN and are not null); a pair in doubt is validated in full before the
 * exact test. About a third of the two-lane form's instructions: the near
 * segments 15.4 -> 9.9 ns, cache-resident 12.9 -> 7.5, far 5.6 -> 4.4.
 */
__attribute__((target("avx2"))) static bool overlap_aabb_segment4(const col_aabb *b, const col_segment *s) {
    const double *pb = (const double *)(const void *)b, *ps = (const double *)(const void *)s;
    __m256d L = load_xyzz(pb), H = load_xyzz(pb + 3), P = load_xyzz(ps), Q = load_xyzz(ps + 3);
    __m256d out = _mm256_or_pd(_mm256_and_pd(_mm256_cmp_pd(P, L, _CMP_LT_OQ), _mm256_cmp_pd(Q, L, _CMP_LT_OQ)),
                               _mm256_and_pd(_mm256_cmp_pd(P, H, _CMP_GT_OQ), _mm256_cmp_pd(Q, H, _CMP_GT_OQ)));
    if (_mm256_movemask_pd(out)) return false;
    const __m256d sign = _mm256_set1_pd(-0.0), huge = _mm256_set1_pd((double)COL_HUGE), zero = _mm256_setzero_pd();
    __m256d aL = _mm256_andnot_pd(sign, L), aH = _mm256_andnot_pd(sign, H), aP = _mm256_andnot_pd(sign, P),
            aQ = _mm256_andnot_pd(sign, Q);
    __m256d m = _mm256_max_pd(_mm256_max_pd(aL, aH), _mm256_max_pd(aP, aQ));
    m = _mm256_max_pd(m, _mm256_permute2f128_pd(m, m, 1));
    m = _mm256_max_pd(m, _mm256_permute_pd(m, 5));
    int valid =
        _mm256_movemask_pd(_mm256_and_pd(_mm256_cmp_pd(m, huge, _CMP_LE_OQ), _mm256_cmp_pd(L, H, _CMP_LE_OQ))) == 15;
    __m256d M = _mm256_sub_pd(_mm256_add_pd(P, Q), _mm256_add_pd(L, H)), D = _mm256_sub_pd(Q, P),
            E = _mm256_sub_pd(H, L);
    __m256d e =
        _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(512 * COL__XS_U), _mm256_mul_pd(m, m)), _mm256_set1_pd(0x1p-1000));
    /* lane i: axis i + 2 (j = i, k = i + 1), from the vectors rotated by a
     * lane (X' = [X_y, X_z, X_x]): M_j D_k - M_k D_j = M D' - M' D, the
     * same products and difference as the two-lane form's */
#define COL__YZX(v) _mm256_permute4x64_pd(v, _MM_SHUFFLE(3, 0, 2, 1))
    __m256d M1 = COL__YZX(M), D1 = COL__YZX(D), E1 = COL__YZX(E);
#undef COL__YZX
    __m256d aD = _mm256_andnot_pd(sign, D), aD1 = _mm256_andnot_pd(sign, D1);
    __m256d S = _mm256_sub_pd(_mm256_andnot_pd(sign, _mm256_sub_pd(_mm256_mul_pd(M, D1), _mm256_mul_pd(M1, D))),
                              _mm256_add_pd(_mm256_mul_pd(E, aD1), _mm256_mul_pd(E1, aD)));
    __m256d null = _mm256_and_pd(_mm256_cmp_pd(D, zero, _CMP_EQ_OQ), _mm256_cmp_pd(D1, zero, _CMP_EQ_OQ));
    int apart = _mm256_movemask_pd(_mm256_cmp_pd(S, e, _CMP_GT_OQ)) & 7;
    __m256d sure = _mm256_or_pd(_mm256_cmp_pd(S, _mm256_xor_pd(e, sign), _CMP_LT_OQ), null);
    int meets = (_mm256_movemask_pd(sure) & 7) == 7;
    int fast = apart ? 0 : 2 - meets;
    if (col__exact_always) fast = 2;
    if (fast != 2) return (fast & valid) != 0;
    if (!col__valid_aabb(b) || !col__valid_segment(s)) return false;
    return col__segment_meets_box_exact(s->a, s->b, b->min, b->max);
}
#endif

int col__segment_box_filter(col_vec3 p, col_vec3 q, col_vec3 lo, col_vec3 hi) {
    return col__segment_box_sat_fast(p, q, lo, hi);
}

bool col_overlap_aabb_segment(const col_aabb *b, const col_segment *s) {
    /* exact (exact.h): the decision of the ray cast against a box, the
     * separating axes' filter inline */
#ifdef COL__SSE2
#ifdef COL__HAS_AVX2
    if (col__use_avx2()) return overlap_aabb_segment4(b, s);
#endif
    int valid, fast = aabb_segment_filter(b, s, &valid);
    if (col__exact_always) fast = 2;
    if (fast != 2) return (fast & valid) != 0; /* no branch on the answer: half the pairs of a broad phase meet */
    if (!valid) return false;
#else
    if (!col__valid_aabb(b) || !col__valid_segment(s)) return false;
    int fast = col__segment_box_sat_fast(s->a, s->b, b->min, b->max);
    if (fast != 2) return fast == 1;
#endif
    return col__segment_meets_box_exact(s->a, s->b, b->min, b->max);
}

bool col_overlap_obb_segment(const col_obb *b, const col_segment *s) {
    if (!col__valid_obb(b) || !col__valid_segment(s)) return false;
    /* exact for the slabs |u_k . (x - c)| <= e_k (exact.h): the decision of
     * the ray cast against an OBB */
    return col__segment_meets_obb(s->a, s->b, b->c, b->u, b->e);
}

/* The empty box (+inf, -inf): what a bounding box of invalid input is, since
 * col_aabb_is_valid rejects it and merging it into another box changes
 * nothing. */
static col_aabb empty_aabb(void) {
    const col_real inf = (col_real)INFINITY;
    col_aabb r = {{inf, inf, inf}, {-inf, -inf, -inf}};
    return r;
}

col_aabb col_aabb_from_obb(const col_obb *b) {
    col_aabb r = empty_aabb();
    if (!col__valid_obb(b)) return r;
    /* Half extent along world axis k: sum_i e_i |u_i . e_k| = sum_i e_i |u_i[k]|. */
    col_vec3 h =
        col_v3_add(col_v3_add(col_v3_scale(col_v3_abs(b->u[0]), b->e.x), col_v3_scale(col_v3_abs(b->u[1]), b->e.y)),
                   col_v3_scale(col_v3_abs(b->u[2]), b->e.z));
    r.min = col_v3_sub(b->c, h);
    r.max = col_v3_add(b->c, h);
    return r;
}

col_aabb col_aabb_transform(const col_aabb *b, col_mat3 m, col_vec3 t) {
    col_aabb r = empty_aabb();
    if (!col__valid_aabb(b) || !col_v3_is_valid(m.c0) || !col_v3_is_valid(m.c1) || !col_v3_is_valid(m.c2) ||
        !col_v3_is_valid(t))
        return r;
    col_real lo[3], hi[3];
    for (int i = 0; i < 3; ++i) {
        lo[i] = hi[i] = col_v3_get(t, i);
        for (int j = 0; j < 3; ++j) {
            col_real mij = col_v3_get(col_m3_col(m, j), i);
            col_real e = mij * col_v3_get(b->min, j), f = mij * col_v3_get(b->max, j);
            lo[i] += e < f ? e : f;
            hi[i] += e < f ? f : e;
        }
    }
    r.min = col_v3(lo[0], lo[1], lo[2]);
    r.max = col_v3(hi[0], hi[1], hi[2]);
    return r;
}
