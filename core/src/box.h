/* Private box helpers shared by box.c and triangle.c. */
#ifndef COLLIDE_SRC_BOX_H
#define COLLIDE_SRC_BOX_H

#include "geom.h"

/* Arvo's squared distance from p to the box [lo, hi], accumulated per axis. */
static inline col_real col__box_point_dist_sq(col_vec3 lo, col_vec3 hi, col_vec3 p) {
    col_real d2 = COL_R(0.0);
    for (int k = 0; k < 3; ++k) {
        col_real v = col_v3_get(p, k), l = col_v3_get(lo, k), h = col_v3_get(hi, k);
        col_real excess = v < l ? l - v : (v > h ? v - h : COL_R(0.0));
        d2 += excess * excess;
    }
    return d2;
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
 * values (a few roundings of nonnegative terms), so L <= R is decided by
 * them unless they are within 16 eps (L + R) of each other, or so small
 * that a square may have underflowed; then (about never on random input,
 * always at an exact touch off the grid) exact arithmetic decides
 * (col__sphere_sphere_exact, col__aabb_sphere_exact: exact.h). */
#if defined(COLLIDE_REAL_FLOAT) && COLLIDE_REAL_FLOAT
#define COL__FILTER_TINY 0x1p-100f
#else
#define COL__FILTER_TINY 0x1p-900
#endif

/* 1 when L <= R surely, 0 when L > R surely, 2 in doubt (NaN too). */
static inline int col__le_filtered(col_real L, col_real R) {
    if (!(L >= COL__FILTER_TINY && R >= COL__FILTER_TINY)) return 2;
    col_real m = COL_R(16.0) * COL_EPSILON * (L + R), diff = L - R;
    return diff < -m ? 1 : diff > m ? 0 : 2;
}

bool col__sphere_sphere_exact(const col_sphere *a, const col_sphere *b);
bool col__aabb_sphere_exact(const col_aabb *b, const col_sphere *s);

/* 1, 0, or 2 in doubt. Concentric: overlap; two points: equal or not. */
static inline int col__sphere_sphere_filter(const col_sphere *a, const col_sphere *b) {
    col_vec3 d = col_v3_sub(a->c, b->c);
    col_real rs = a->r + b->r;
    if (d.x == COL_R(0.0) && d.y == COL_R(0.0) && d.z == COL_R(0.0)) return 1; /* exact: equal centres */
    if (rs == COL_R(0.0)) return 0;                                            /* two points apart */
    return col__le_filtered(col_v3_len_sq(d), rs * rs);
}

static inline bool col__overlap_sphere_sphere_u(const col_sphere *a, const col_sphere *b) {
    int f = col__sphere_sphere_filter(a, b);
    if (f == 2) return col__valid_sphere(a) && col__valid_sphere(b) && col__sphere_sphere_exact(a, b);
    return f == 1; /* (invalid input: an unspecified answer, never the exact path) */
}

static inline bool col__overlap_aabb_aabb_u(const col_aabb *a, const col_aabb *b) {
    return (a->min.x <= b->max.x) & (b->min.x <= a->max.x) & (a->min.y <= b->max.y) & (b->min.y <= a->max.y) &
           (a->min.z <= b->max.z) & (b->min.z <= a->max.z);
}

/* 1, 0, or 2 in doubt. The centre in the closed box (every excess exactly
 * zero): overlap; a point (r = 0) outside: apart. */
static inline int col__aabb_sphere_filter(const col_aabb *b, const col_sphere *s) {
    col_real d2 = COL_R(0.0);
    int inside = 1;
    for (int k = 0; k < 3; ++k) {
        col_real v = col_v3_get(s->c, k), l = col_v3_get(b->min, k), h = col_v3_get(b->max, k);
        col_real excess = v < l ? l - v : (v > h ? v - h : COL_R(0.0));
        inside &= excess == COL_R(0.0);
        d2 += excess * excess;
    }
    if (inside) return 1;
    if (s->r == COL_R(0.0)) return 0;
    return col__le_filtered(d2, s->r * s->r);
}

static inline bool col__overlap_aabb_sphere_u(const col_aabb *b, const col_sphere *s) {
    int f = col__aabb_sphere_filter(b, s);
    if (f == 2) return col__valid_aabb(b) && col__valid_sphere(s) && col__aabb_sphere_exact(b, s);
    return f == 1;
}

/* OBB-OBB SAT without validation (box.c). */
bool col__overlap_obb_obb_u(const col_obb *A, const col_obb *B);

static inline bool col__overlap_sphere_sphere_k(const col_sphere *a, const col_sphere *b) {
    int valid = (int)col__valid_sphere(a) & (int)col__valid_sphere(b);
    int f = col__sphere_sphere_filter(a, b);
    if (f == 2) return valid && col__sphere_sphere_exact(a, b); /* rare: exact only on valid input */
    return f & valid;
}

static inline bool col__overlap_aabb_aabb_k(const col_aabb *a, const col_aabb *b) {
    bool hit = (a->min.x <= b->max.x) & (b->min.x <= a->max.x) & (a->min.y <= b->max.y) & (b->min.y <= a->max.y) &
               (a->min.z <= b->max.z) & (b->min.z <= a->max.z);
    return (int)hit & (int)col__valid_aabb(a) & (int)col__valid_aabb(b);
}

static inline bool col__overlap_aabb_sphere_k(const col_aabb *b, const col_sphere *s) {
    int valid = (int)col__valid_aabb(b) & (int)col__valid_sphere(s);
    int f = col__aabb_sphere_filter(b, s);
    if (f == 2) return valid && col__aabb_sphere_exact(b, s);
    return f & valid;
}

/* p in the OBB's frame: ((p - c) . u_k). */
col_vec3 col__obb_to_local(const col_obb *b, col_vec3 p);

/* true when axis L separates the box [lo, hi] from the convex hull of the n
 * points; a zero L never separates. */
bool col__box_points_separated(col_vec3 lo, col_vec3 hi, const col_vec3 *pts, int n, col_vec3 L);

#endif
