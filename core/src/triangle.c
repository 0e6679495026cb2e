/*
 * Triangle tests (collide/static.h): sphere-triangle, box-triangle SAT,
 * segment-triangle, segment-segment and triangle-triangle SAT.
 *
 * Every SAT here projects the actual vertices onto each candidate axis, so a
 * separation is only reported when the computed intervals are disjoint: any
 * axis is a valid witness, and a zero axis (parallel edges, degenerate
 * triangle) never separates. Shared vertices project to identical values
 * because both shapes are expressed relative to the same origin. The
 * segment-triangle and triangle-triangle tests decide exactly (exact.h): a
 * filtered SAT first, then exact signs.
 */

#include "box.h"
#include "exact.h"

#define TINY_NORMAL COL__REAL_MIN

/* true when L certainly separates the triangles P and Q, whose vertices are
 * differences w - o rounded once and at most m in magnitude: each
 * projection is within 8 eps m |L|_1 of the exact projection of w - o (three
 * roundings of the dot, one of the difference), plus an absolute term for
 * products in the subnormal range, for whatever L is (any L that separates
 * is a witness). A filter: false decides nothing. */
static bool separated_surely(const col_vec3 *P, const col_vec3 *Q, col_real m, col_vec3 L) {
    col_real p0 = col_v3_dot(P[0], L), p1 = col_v3_dot(P[1], L), p2 = col_v3_dot(P[2], L);
    col_real q0 = col_v3_dot(Q[0], L), q1 = col_v3_dot(Q[1], L), q2 = col_v3_dot(Q[2], L);
    col_real err = (COL_R(16.0) * COL_EPSILON) * m * (col_abs(L.x) + col_abs(L.y) + col_abs(L.z)) +
                   COL_R(16.0) * TINY_NORMAL; /* both sides' errors */
    col_real pmin = col_min(p0, col_min(p1, p2)), pmax = col_max(p0, col_max(p1, p2));
    col_real qmin = col_min(q0, col_min(q1, q2)), qmax = col_max(q0, col_max(q1, q2));
    return pmax + err < qmin || qmax + err < pmin;
}

#ifdef COL__HAS_AVX2
#include <immintrin.h>
/* (v[0].k, v[1].k, v[2].k, v[2].k): coordinate k of three points */
#define COL__COLUMN3(v, k)                                                                                             \
    _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadh_pd(_mm_load_sd(&(v)[0].k), &(v)[1].k)),                      \
                         _mm_load1_pd(&(v)[2].k), 1)

/*
 * triangles_surely_apart's eleven axes four at a time (AVX2, where the CPU
 * has it): the same axes, projections and bounds, each by the scalar
 * form's operations in its order, so the same answer for valid input. The
 * axes as crosses U x V of edges: (ea0 x ea1, eb0 x eb1, ea0 x eb0,
 * ea0 x eb1), (ea0 x eb2, ea1 x eb0, ea1 x eb1, ea1 x eb2), (ea2 x eb0,
 * ea2 x eb1, ea2 x eb2, ea2 x eb2 again), from the edges' coordinates
 * as columns (lane i edge i) permuted; each vertex's coordinates
 * broadcast. Where the triangles' boxes overlap, the bench's near pairs
 * 103 -> 66 ns a test, cache-resident 94 -> 55 (the textbook SAT without
 * validation: 52 and 48).
 */
__attribute__((target("avx2"))) static bool triangles_surely_apart4(const col_vec3 A[3], const col_vec3 B[3],
                                                                    col_real m) {
    __m256d ax = COL__COLUMN3(A, x), ay = COL__COLUMN3(A, y), az = COL__COLUMN3(A, z);
    __m256d bx = COL__COLUMN3(B, x), by = COL__COLUMN3(B, y), bz = COL__COLUMN3(B, z);
    /* edge i = vertex i + 1 - vertex i (lane 3 unused) */
#define COL__NEXT(v) _mm256_permute4x64_pd(v, _MM_SHUFFLE(3, 0, 2, 1))
    __m256d eax = _mm256_sub_pd(COL__NEXT(ax), ax), eay = _mm256_sub_pd(COL__NEXT(ay), ay),
            eaz = _mm256_sub_pd(COL__NEXT(az), az);
    __m256d ebx = _mm256_sub_pd(COL__NEXT(bx), bx), eby = _mm256_sub_pd(COL__NEXT(by), by),
            ebz = _mm256_sub_pd(COL__NEXT(bz), bz);
#undef COL__NEXT
    const __m256d sign = _mm256_set1_pd(-0.0), scale = _mm256_set1_pd((COL_R(16.0) * COL_EPSILON) * m),
                  tiny = _mm256_set1_pd(COL_R(16.0) * TINY_NORMAL);
    for (int g = 0; g < 3; ++g) {
        __m256d ux, uy, uz, vx, vy, vz;
#define COL__P(v, a, b, c, d) _mm256_permute4x64_pd(v, _MM_SHUFFLE(d, c, b, a))
        if (g == 0) { /* U = (ea0, eb0, ea0, ea0), V = (ea1, eb1, eb0, eb1) */
            ux = _mm256_blend_pd(COL__P(eax, 0, 0, 0, 0), COL__P(ebx, 0, 0, 0, 0), 2);
            uy = _mm256_blend_pd(COL__P(eay, 0, 0, 0, 0), COL__P(eby, 0, 0, 0, 0), 2);
            uz = _mm256_blend_pd(COL__P(eaz, 0, 0, 0, 0), COL__P(ebz, 0, 0, 0, 0), 2);
            vx = _mm256_blend_pd(COL__P(eax, 1, 1, 1, 1), COL__P(ebx, 1, 1, 0, 1), 14);
            vy = _mm256_blend_pd(COL__P(eay, 1, 1, 1, 1), COL__P(eby, 1, 1, 0, 1), 14);
            vz = _mm256_blend_pd(COL__P(eaz, 1, 1, 1, 1), COL__P(ebz, 1, 1, 0, 1), 14);
        } else if (g == 1) { /* U = (ea0, ea1, ea1, ea1), V = (eb2, eb0, eb1, eb2) */
            ux = COL__P(eax, 0, 1, 1, 1), uy = COL__P(eay, 0, 1, 1, 1), uz = COL__P(eaz, 0, 1, 1, 1);
            vx = COL__P(ebx, 2, 0, 1, 2), vy = COL__P(eby, 2, 0, 1, 2), vz = COL__P(ebz, 2, 0, 1, 2);
        } else { /* U = (ea2, ea2, ea2, ea2), V = (eb0, eb1, eb2, eb2) */
            ux = COL__P(eax, 2, 2, 2, 2), uy = COL__P(eay, 2, 2, 2, 2), uz = COL__P(eaz, 2, 2, 2, 2);
            vx = COL__P(ebx, 0, 1, 2, 2), vy = COL__P(eby, 0, 1, 2, 2), vz = COL__P(ebz, 0, 1, 2, 2);
        }
#undef COL__P
        /* L = U x V (col_v3_cross's products and differences) */
        __m256d lx = _mm256_sub_pd(_mm256_mul_pd(uy, vz), _mm256_mul_pd(uz, vy)),
                ly = _mm256_sub_pd(_mm256_mul_pd(uz, vx), _mm256_mul_pd(ux, vz)),
                lz = _mm256_sub_pd(_mm256_mul_pd(ux, vy), _mm256_mul_pd(uy, vx));
        /* each vertex's projection (col_v3_dot's order) */
#define COL__DOT(p)                                                                                                    \
    _mm256_add_pd(                                                                                                     \
        _mm256_add_pd(_mm256_mul_pd(_mm256_broadcast_sd(&(p).x), lx), _mm256_mul_pd(_mm256_broadcast_sd(&(p).y), ly)), \
        _mm256_mul_pd(_mm256_broadcast_sd(&(p).z), lz))
        __m256d p0 = COL__DOT(A[0]), p1 = COL__DOT(A[1]), p2 = COL__DOT(A[2]);
        __m256d q0 = COL__DOT(B[0]), q1 = COL__DOT(B[1]), q2 = COL__DOT(B[2]);
#undef COL__DOT
        __m256d l1 = _mm256_add_pd(_mm256_add_pd(_mm256_andnot_pd(sign, lx), _mm256_andnot_pd(sign, ly)),
                                   _mm256_andnot_pd(sign, lz));
        __m256d err = _mm256_add_pd(_mm256_mul_pd(scale, l1), tiny);
        __m256d pmin = _mm256_min_pd(p0, _mm256_min_pd(p1, p2)), pmax = _mm256_max_pd(p0, _mm256_max_pd(p1, p2));
        __m256d qmin = _mm256_min_pd(q0, _mm256_min_pd(q1, q2)), qmax = _mm256_max_pd(q0, _mm256_max_pd(q1, q2));
        __m256d apart = _mm256_or_pd(_mm256_cmp_pd(_mm256_add_pd(pmax, err), qmin, _CMP_LT_OQ),
                                     _mm256_cmp_pd(_mm256_add_pd(qmax, err), pmin, _CMP_LT_OQ));
        if (_mm256_movemask_pd(apart)) return true;
    }
    return false;
}
#undef COL__COLUMN3
#endif

/* The filter of col_overlap_triangle_triangle: the eleven axes of the SAT
 * (two normals, nine edge-edge crosses) in rounded arithmetic, trusted only
 * when one separates the vertices' hulls by more than its rounding (a
 * degenerate triangle's longest edge lies in its hull, so this holds for
 * those too). */
static bool triangles_surely_apart(const col_triangle *ta, const col_triangle *tb) {
    if (col__exact_always) return false; /* the tests' switch: every answer exact */
    const col_vec3 o = ta->a;
    const col_vec3 A[3] = {col_v3_sub(ta->a, o), col_v3_sub(ta->b, o), col_v3_sub(ta->c, o)};
    const col_vec3 B[3] = {col_v3_sub(tb->a, o), col_v3_sub(tb->b, o), col_v3_sub(tb->c, o)};
    col_real m = COL_R(0.0);
    for (int i = 0; i < 3; ++i) {
        col_vec3 x = col_v3_abs(A[i]), y = col_v3_abs(B[i]);
        m = col_max(m, col_max(col_max(x.x, col_max(x.y, x.z)), col_max(y.x, col_max(y.y, y.z))));
    }
#ifdef COL__HAS_AVX2
    if (col__use_avx2()) return triangles_surely_apart4(A, B, m);
#endif
    const col_vec3 ea[3] = {col_v3_sub(A[1], A[0]), col_v3_sub(A[2], A[1]), col_v3_sub(A[0], A[2])};
    const col_vec3 eb[3] = {col_v3_sub(B[1], B[0]), col_v3_sub(B[2], B[1]), col_v3_sub(B[0], B[2])};
    if (separated_surely(A, B, m, col_v3_cross(ea[0], ea[1])) || separated_surely(A, B, m, col_v3_cross(eb[0], eb[1])))
        return true;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            if (separated_surely(A, B, m, col_v3_cross(ea[i], eb[j]))) return true;
    return false;
}

/* Exact for points exactly on the triangle (up to the rounding of the products
 * of coordinate differences, none on a dyadic grid): coplanar, and on the
 * inner side of the three edges; a degenerate triangle's longest edge. Used
 * for a sphere of radius 0, where the closest-point path divides and could
 * put a point lying on an edge a rounding error away from it. */
bool col__point_on_triangle(col_vec3 p, const col_triangle *t) {
    col_vec3 a = col_v3_sub(t->a, p), b = col_v3_sub(t->b, p), c = col_v3_sub(t->c, p); /* p at the origin */
    if (col__triangle_is_degenerate(t->a, t->b, t->c)) {
        col_vec3 q0, q1;
        col__triangle_longest_edge(a, b, c, &q0, &q1);
        return col__point_on_segment(col_v3(0, 0, 0), q0, q1);
    }
    /* exactly, on the given coordinates (a segment of one point) */
    return col__segment_meets_triangle(p, p, t->a, t->b, t->c);
}

/*
 * The sphere-triangle test's filter, from the floating-point closest point:
 * 1 surely touching, 0 surely apart, 2 in doubt (the exact parts decide).
 * In the sphere's frame, the vertices V_i = fl(v_i - c) are within u M of
 * the exact differences (M their largest |coordinate|, u the unit
 * roundoff), so the triangle T' they span is within sqrt(3) u M of the
 * exact one, point for point.
 *   - Touching: q = the computed closest point of T' to the origin is within
 *     about 48 u M of a point of T' (its barycentric weights are rounded and
 *     may sum to 1 + 2 u; each coordinate takes a few roundings of terms
 *     below 2 M), so the exact triangle has a point within |q| + 64 u M of
 *     the centre: touching where that is below r, with 16 u of slack for
 *     |q|'s own rounding and the square.
 *   - Apart: for any direction q, every point x of T' has q . x >= min_i
 *     q . V_i, so its distance to the origin is at least s / |q| with s that
 *     least projection (Cauchy-Schwarz); q need not be the true closest
 *     point, only a witness: apart where s, less its rounding (3 u |q|_1 M
 *     for each dot), exceeds (r + 2 u M) |q|.
 * Non-finite magnitudes fail the comparisons (in doubt); products in the
 * subnormal range, with absolute errors, are covered by the absolute slack
 * (64 smallest normals) on each side.
 */
static int sphere_triangle_fast(const col_sphere *s, const col_triangle *t) {
    if (col__exact_always) return 2;
    const col_vec3 A = col_v3_sub(t->a, s->c), B = col_v3_sub(t->b, s->c), C = col_v3_sub(t->c, s->c);
    col_real M = col__abs_max(A), mb = col__abs_max(B), mc = col__abs_max(C);
    M = M > mb ? M : mb;
    M = M > mc ? M : mc;
    const col_real u = COL_R(0.5) * COL_EPSILON, tiny = COL_R(64.0) * COL__REAL_MIN;
    col_vec3 q = col__closest_on_triangle(col_v3(0, 0, 0), A, B, C);
    col_real nn = col_v3_len_sq(q);
    col_real rd = s->r - COL_R(64.0) * u * M - tiny;
    if (rd > COL_R(0.0) && nn + tiny < rd * rd * (COL_R(1.0) - COL_R(16.0) * u)) return 1;
    col_real p0 = col_v3_dot(q, A), p1 = col_v3_dot(q, B), p2 = col_v3_dot(q, C);
    col_real lo = p0 < p1 ? p0 : p1;
    lo = lo < p2 ? lo : p2;
    lo -= COL_R(12.0) * u * col__abs_max(q) * M + tiny;
    col_real ru = s->r + COL_R(2.0) * u * M + tiny;
    if (lo > COL_R(0.0) && lo * lo > ru * ru * nn * (COL_R(1.0) + COL_R(16.0) * u) + tiny) return 0;
    return 2;
}

bool col_overlap_sphere_triangle(const col_sphere *s, const col_triangle *t) {
    if (!col__valid_sphere(s) || !col__valid_triangle(t)) return false;
    if (s->r == COL_R(0.0)) return col__point_on_triangle(s->c, t);
    if (col__triangle_is_degenerate(t->a, t->b, t->c)) { /* its longest edge: a capsule */
        col_vec3 q0, q1;
        col__triangle_longest_edge(t->a, t->b, t->c, &q0, &q1);
        return col__segment_meets_ball(q0, q1, s->c, s->r, COL_R(0.0));
    }
    /* Decided exactly (issue 16): within r of an edge, or in the prism over
     * the triangle (exact.h); the filters first, each part's exact signs
     * where they are in doubt. */
    int f = sphere_triangle_fast(s, t);
    if (f != 2) return f == 1;
    int prism = col__ball_triangle_fast(s->c, s->c, s->c, s->r, t->a, t->b, t->c);
    if (prism == 1) return true;
    const col_vec3 v[3] = {t->a, t->b, t->c};
    bool apart = prism == 0;
    for (int k = 0; k < 3; ++k) {
        int e = col__segment_ball_fast(v[k], v[(k + 1) % 3], s->c, s->r, COL_R(0.0));
        if (e == 1) return true;
        apart = apart && e == 0;
    }
    return !apart && col__moving_ball_meets_triangle(s->c, s->c, s->c, s->r, t->a, t->b, t->c);
}

/* Box [lo, hi] against triangle v[0..2] in the same frame: Akenine-Möller's 13 axes. */
static bool box_triangle(col_vec3 lo, col_vec3 hi, const col_vec3 v[3]) {
    /* Box faces: the triangle's bounding interval per axis. */
    for (int k = 0; k < 3; ++k) {
        col_real a = col_v3_get(v[0], k), b = col_v3_get(v[1], k), c = col_v3_get(v[2], k);
        if (col__disjoint(col_v3_get(lo, k), col_v3_get(hi, k), col_min(a, col_min(b, c)), col_max(a, col_max(b, c))))
            return false;
    }
    const col_vec3 e[3] = {col_v3_sub(v[1], v[0]), col_v3_sub(v[2], v[1]), col_v3_sub(v[0], v[2])};
    if (col__box_points_separated(lo, hi, v, 3, col_v3_cross(e[0], e[1]))) return false;
    for (int j = 0; j < 3; ++j) {
        /* e_x x f = (0, -f.z, f.y), e_y x f = (f.z, 0, -f.x), e_z x f = (-f.y, f.x, 0). */
        if (col__box_points_separated(lo, hi, v, 3, col_v3(0, -e[j].z, e[j].y))) return false;
        if (col__box_points_separated(lo, hi, v, 3, col_v3(e[j].z, 0, -e[j].x))) return false;
        if (col__box_points_separated(lo, hi, v, 3, col_v3(-e[j].y, e[j].x, 0))) return false;
    }
    return true;
}

bool col_overlap_aabb_triangle(const col_aabb *b, const col_triangle *t) {
    if (!col__valid_aabb(b) || !col__valid_triangle(t)) return false;
    return col__overlap_aabb_triangle_u(b, t);
}

bool col__overlap_aabb_triangle_u(const col_aabb *b, const col_triangle *t) {
    /* relative to the first vertex: the projections then round at the scale
     * of the shapes, not of their distance from the origin (found by
     * fuzz_metamorphic 2^28 away) */
    const col_vec3 o = t->a;
    const col_vec3 v[3] = {col_v3(0, 0, 0), col_v3_sub(t->b, o), col_v3_sub(t->c, o)};
    return box_triangle(col_v3_sub(b->min, o), col_v3_sub(b->max, o), v);
}

bool col_overlap_obb_triangle(const col_obb *b, const col_triangle *t) {
    if (!col__valid_obb(b) || !col__valid_triangle(t)) return false;
    const col_vec3 v[3] = {col__obb_to_local(b, t->a), col__obb_to_local(b, t->b), col__obb_to_local(b, t->c)};
    return box_triangle(col_v3_neg(b->e), b->e, v);
}

bool col_overlap_segment_segment(const col_segment *a, const col_segment *b) {
    if (!col__valid_segment(a) || !col__valid_segment(b)) return false;
    /* exactly (exact.h): the SAT below rounds its in-plane axes (a cross of
     * a cross), so segments touching at an end or a midpoint could come out
     * apart (fuzz_static's boundary mode) */
    return col__segments_meet(a->a, a->b, b->a, b->b);
}

/* A triangle the exact segment test takes: not degenerate, and an area
 * that does not underflow (col_overlap_segment_triangle's guard). */
static bool exact_ready(const col_triangle *t) {
    return !col__triangle_is_flat(t->a, t->b, t->c,
                                  col_v3_len_sq(col_v3_cross(col_v3_sub(t->b, t->a), col_v3_sub(t->c, t->a))));
}

/* A segment and a triangle the exact test does not take (degenerate, or
 * its rounded normal's square underflows: base.h): the triangle is its
 * longest edge, met exactly (col__segments_meet). (A SAT on rounded axes
 * did it before: a segment an ulp off the plane of a triangle of two
 * coincident corners came out touching, and a sliver whose normal's
 * square underflowed answered otherwise than the filter's sure miss:
 * fuzz_static's triangles touching within rounding.) */
static bool segment_flat_triangle(const col_segment *sg, const col_triangle *t) {
    col_vec3 q0, q1;
    col__triangle_longest_edge(t->a, t->b, t->c, &q0, &q1);
    return col__segments_meet(sg->a, sg->b, q0, q1);
}

bool col_overlap_segment_triangle(const col_segment *sg, const col_triangle *t) {
    /* exactly, on the given coordinates (exact.h): the filter's miss first,
     * the common answer, for any triangle (exact signs; it is also invalid
     * input's answer: the filter's arithmetic on a NaN or an infinity
     * decides nothing, and its exact path refuses them); then the
     * triangle's degeneracy (a degenerate one is its longest edge) and the
     * validation */
    int f = col__segment_triangle_filter_at(&sg->a, &sg->b, t);
    if (f == 0) return false;
    if (exact_ready(t))
        return (f == 1 || col__segment_meets_triangle_exact_at(&sg->a, &sg->b, t)) && col__valid_segment(sg) &&
               col__valid_triangle(t);
    if (!col__valid_segment(sg) || !col__valid_triangle(t)) return false;
    return segment_flat_triangle(sg, t);
}

bool col__overlap_segment_triangle_u(const col_segment *sg, const col_triangle *t) {
    int f = col__segment_triangle_filter_at(&sg->a, &sg->b, t);
    if (f == 0) return false;
    if (!exact_ready(t)) return segment_flat_triangle(sg, t);
    return f == 1 || col__segment_meets_triangle_exact_at(&sg->a, &sg->b, t);
}

bool col_overlap_capsule_triangle(const col_capsule *c, const col_triangle *t) {
    if (!col__valid_capsule(c) || !col__valid_triangle(t)) return false;
    /* the boxes apart (the triangle's box as the segment between its
     * corners): exact comparisons, the far pair's answer */
    col_vec3 lo = col_v3(col_min(col_min(t->a.x, t->b.x), t->c.x), col_min(col_min(t->a.y, t->b.y), t->c.y),
                         col_min(col_min(t->a.z, t->b.z), t->c.z));
    col_vec3 hi = col_v3(col_max(col_max(t->a.x, t->b.x), t->c.x), col_max(col_max(t->a.y, t->b.y), t->c.y),
                         col_max(col_max(t->a.z, t->b.z), t->c.z));
    if (col__segment_capsule_extents_apart(lo, hi, c->a, c->b, c->r)) return false;
    if (col__triangle_is_degenerate(t->a, t->b, t->c)) { /* its longest edge: two capsules */
        col_vec3 q0, q1;
        col__triangle_longest_edge(t->a, t->b, t->c, &q0, &q1);
        return col__segment_meets_capsule(c->a, c->b, q0, q1, c->r, COL_R(0.0));
    }
    /* Decided exactly: the segment within r of the triangle iff it meets
     * the triangle, or an end lies within r of it, or an edge within r of
     * the segment (disjoint, their closest pair has a point on an end or an
     * edge: Ericson 5.1.10); each part by its exact test. */
    col_segment axis = {c->a, c->b};
    if (col_overlap_segment_triangle(&axis, t)) return true;
    col_sphere ends[2] = {{c->a, c->r}, {c->b, c->r}};
    if (col_overlap_sphere_triangle(&ends[0], t) || col_overlap_sphere_triangle(&ends[1], t)) return true;
    const col_vec3 v[3] = {t->a, t->b, t->c};
    for (int k = 0; k < 3; ++k)
        if (col__segment_meets_capsule(v[k], v[(k + 1) % 3], c->a, c->b, COL_R(0.0), c->r)) return true;
    return false;
}

/* The triangles' bounding boxes apart on an axis: exact comparisons (each
 * triangle lies in its box), the far pair's answer after a few dozen
 * instructions, without a branch (the bench's far pairs 71 -> 30 ns). NaN compares false;
 * whatever it answers for invalid input, the answer is a miss, as
 * validating first gives. */
static inline bool triangle_boxes_apart(const col_triangle *s, const col_triangle *t) {
    int apart = 0;
    for (int k = 0; k < 3; ++k) {
        col_real s0 = col_v3_get(s->a, k), s1 = col_v3_get(s->b, k), s2 = col_v3_get(s->c, k);
        col_real t0 = col_v3_get(t->a, k), t1 = col_v3_get(t->b, k), t2 = col_v3_get(t->c, k);
        col_real slo = s0 < s1 ? s0 : s1, shi = s0 < s1 ? s1 : s0, tlo = t0 < t1 ? t0 : t1, thi = t0 < t1 ? t1 : t0;
        slo = s2 < slo ? s2 : slo;
        shi = s2 > shi ? s2 : shi;
        tlo = t2 < tlo ? t2 : tlo;
        thi = t2 > thi ? t2 : thi;
        apart |= (int)(shi < tlo) | (int)(thi < slo); /* no branch: the bench's far pairs mispredicted one */
    }
    return apart != 0;
}

bool col_overlap_triangle_triangle(const col_triangle *ta, const col_triangle *tb) {
    if (triangle_boxes_apart(ta, tb)) return false; /* (before the validation: a miss either way) */
    if (!col__valid_triangle(ta) || !col__valid_triangle(tb)) return false;
    return col__overlap_triangle_triangle_u(ta, tb);
}

bool col__overlap_triangle_triangle_u(const col_triangle *ta, const col_triangle *tb) {
    if (triangle_boxes_apart(ta, tb) || triangles_surely_apart(ta, tb))
        return false; /* the common cases: the boxes apart (exact), the filter's sure miss */
    if (exact_ready(ta) && exact_ready(tb)) {
        /* Exactly: two closed triangles meet iff an edge of one meets the
         * other (the ends of their common segment lie on edges; coplanar,
         * one inside the other, its edges are inside too), each edge by the
         * exact segment test. The SAT below rounds its in-plane axes (a
         * cross of a cross): a vertex touching an edge's midpoint of a
         * triangle in another plane came out apart (fuzz_static's boundary
         * mode, regressions/static/triangle-vertex-on-a-triangle-edge). */
        const col_vec3 a[3] = {ta->a, ta->b, ta->c}, b[3] = {tb->a, tb->b, tb->c};
        for (int i = 0; i < 3; ++i)
            if (col__segment_meets_triangle(a[i], a[(i + 1) % 3], tb->a, tb->b, tb->c) ||
                col__segment_meets_triangle(b[i], b[(i + 1) % 3], ta->a, ta->b, ta->c))
                return true;
        return false;
    }
    /* one of them is not taken by the exact test (degenerate, or its rounded
     * normal's square underflows: base.h): it is its longest edge, against
     * the other as a segment (exactly, that one flat too) */
    const col_triangle *flat = exact_ready(ta) ? tb : ta;
    col_segment edge;
    col__triangle_longest_edge(flat->a, flat->b, flat->c, &edge.a, &edge.b);
    return col__overlap_segment_triangle_u(&edge, flat == ta ? tb : ta);
}
