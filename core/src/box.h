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
 * of the checked kernel is exactly "unchecked answer and both valid"). */
static inline bool col__overlap_sphere_sphere_u(const col_sphere *a, const col_sphere *b) {
    col_real rs = a->r + b->r;
    return col_v3_len_sq(col_v3_sub(a->c, b->c)) <= rs * rs;
}

static inline bool col__overlap_aabb_aabb_u(const col_aabb *a, const col_aabb *b) {
    return (a->min.x <= b->max.x) & (b->min.x <= a->max.x) & (a->min.y <= b->max.y) & (b->min.y <= a->max.y) &
           (a->min.z <= b->max.z) & (b->min.z <= a->max.z);
}

static inline bool col__overlap_aabb_sphere_u(const col_aabb *b, const col_sphere *s) {
    return col__box_point_dist_sq(b->min, b->max, s->c) <= s->r * s->r;
}

/* OBB-OBB SAT without validation (box.c). */
bool col__overlap_obb_obb_u(const col_obb *A, const col_obb *B);

static inline bool col__overlap_sphere_sphere_k(const col_sphere *a, const col_sphere *b) {
    col_real rs = a->r + b->r;
    return (col_v3_len_sq(col_v3_sub(a->c, b->c)) <= rs * rs) & (int)col__valid_sphere(a) & (int)col__valid_sphere(b);
}

static inline bool col__overlap_aabb_aabb_k(const col_aabb *a, const col_aabb *b) {
    bool hit = (a->min.x <= b->max.x) & (b->min.x <= a->max.x) & (a->min.y <= b->max.y) & (b->min.y <= a->max.y) &
               (a->min.z <= b->max.z) & (b->min.z <= a->max.z);
    return (int)hit & (int)col__valid_aabb(a) & (int)col__valid_aabb(b);
}

static inline bool col__overlap_aabb_sphere_k(const col_aabb *b, const col_sphere *s) {
    return (col__box_point_dist_sq(b->min, b->max, s->c) <= s->r * s->r) & (int)col__valid_aabb(b) &
           (int)col__valid_sphere(s);
}

/* p in the OBB's frame: ((p - c) . u_k). */
col_vec3 col__obb_to_local(const col_obb *b, col_vec3 p);

/* true when axis L separates the box [lo, hi] from the convex hull of the n
 * points; a zero L never separates. */
bool col__box_points_separated(col_vec3 lo, col_vec3 hi, const col_vec3 *pts, int n, col_vec3 L);

#endif
