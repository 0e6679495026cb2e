/* Private helpers shared by distance.c and gjk.c. Not part of the public API. */
#ifndef COLLIDE_SRC_DISTANCE_PRIVATE_H
#define COLLIDE_SRC_DISTANCE_PRIVATE_H

#include <string.h>

#include "collide/collide.h"
#include "geom.h"

/* A result with status COL_INVALID and everything else zero. */
col_distance_result col__distance_invalid(void);

/* The distance result of two rounded shapes from the closest points of their
 * cores (ca on A's core, cb on B's), their radii and d = ca - cb, computed
 * where it is more accurate than the difference of the rounded points
 * (col__obb_offset): separated by |d| - ra - rb along the unit normal from cb
 * toward ca, or overlapping with a common point between ca and cb. Inline: its three
 * vectors through the stack, stored in pieces and reloaded whole, stalled
 * store forwarding (6% of a closed-form distance). */
static inline col_distance_result col__rounded_result_d(col_vec3 ca, col_real ra, col_vec3 cb, col_real rb,
                                                        col_vec3 d) {
    /* Each result written whole by an initializer where it is returned (a
     * memset and the fields' stores, copied out by the caller's wider
     * loads, stalled store forwarding). col__len_safe(d) and, beyond the
     * radii, col__unit_or(d, +z) from one scaling of d (the same
     * operations: the same bits; d / len would lose bits where len is
     * denormal) */
    col_real m = col__abs_max(d), rr = ra + rb;
    col_vec3 s = m > COL_R(0.0) ? col_v3_div(d, m) : col_v3(0, 0, 0);
    col_real sl = col_v3_len(s), len = m > COL_R(0.0) ? m * sl : COL_R(0.0);
    if (len > rr) {
        col_vec3 n = m <= COL_REAL_MAX ? col_v3_scale(s, COL_R(1.0) / sl) : col_v3(0, 0, 1);
        col_real dist = len - rr;
        if (!(dist > COL_R(0.0))) dist = COL_R(0.0); /* rounding: never negative */
        return (col_distance_result){
            COL_MISS, dist, col_v3_madd(ca, -ra, n), col_v3_madd(cb, rb, n), col__no_neg_zero(n), 0};
    }
    /* Overlapping or touching: a common point lies on the segment between the
     * core points, ra / (ra + rb) of the way from ca (within ra of ca and rb of cb). */
    col_vec3 p = ca;
    if (rr > COL_R(0.0)) p = col_v3_madd(ca, ra / rr, col_v3_sub(cb, ca));
    return (col_distance_result){COL_HIT, COL_R(0.0), p, p, {0, 0, 0}, 0};
}

/* The distance result of two rounded shapes from the closest points of their
 * cores (ca on A's core, cb on B's) and their radii: separated by
 * |ca - cb| - ra - rb along the unit normal from cb toward ca, or overlapping
 * with a common point between ca and cb (col__rounded_result_d, d = ca - cb). */
static inline col_distance_result col__rounded_result(col_vec3 ca, col_real ra, col_vec3 cb, col_real rb) {
    return col__rounded_result_d(ca, ra, cb, rb, col_v3_sub(ca, cb));
}

/* col_distance(a, b).status == COL_HIT, for col_overlap: GJK stops as soon as
 * a support point proves the shapes apart by more than rounding (the same
 * answer, sooner; gjk.c). */
bool col__overlap_by_distance(const col_shape *a, const col_shape *b);

/* Closest points of shapes with finite numbers (no validation; beyond
 * COL_HUGE too, where a sweep moves a shape: every closed form below, and
 * the exact tests they call, take those). */
col_vec3 col__closest_on_sphere(col_vec3 c, col_real r, col_vec3 p);
/* col_distance_aabb_aabb without validation. */
col_distance_result col__distance_aabb_aabb_u(const col_aabb *a, const col_aabb *b);
col_vec3 col__closest_on_obb(const col_obb *b, col_vec3 p);
/* p minus its closest point of b (*closest, as col__closest_on_obb), taken
 * in b's frame: the offset from a face or an edge is along the box's axes
 * within a rounding of its own size, where the difference of world points
 * far from the box's centre rounds it by an ulp of that distance (a normal
 * off by log2(distance / offset) bits). 0 for p in the box. */
col_vec3 col__obb_offset(const col_obb *b, col_vec3 p, col_vec3 *closest);
/* Closest points that return p itself (exactly) when the exact predicate
 * says p is on the triangle or the segment. */
col_vec3 col__closest_on_triangle_exact(col_vec3 p, const col_triangle *t);
col_vec3 col__closest_on_segment_exact(col_vec3 p, col_vec3 a, col_vec3 b);
/* A candidate closest pair of two polytopes: a on A, b on B, d2 = |a - b|^2. */
typedef struct col__pair_candidate {
    col_real d2;
    col_vec3 a, b;
} col__pair_candidate;
/* The index of the closest of n candidate pairs of the polytopes with
 * vertices va (A) and vb (B), each the closest pair of a part of them that
 * together hold the true closest pair: the least d2, unless other pairs
 * (not the same one to rounding) lie within rounding of it (64 ulps of the
 * largest vertex coordinate, in distance), then the one of those nearest to
 * certifying itself (the least amount by which a vertex lies beyond the
 * planes through its points normal to a - b; the first of equals). Its
 * normal is then the true one to rounding, where the least d2 alone can pick
 * a vertex next to the closest point of an edge. */
int col__pick_closest_pair(const col__pair_candidate *c, int n, const col_vec3 *va, int na, const col_vec3 *vb, int nb);
/* The closest points *ps of the segment [p, q] and *pt of the triangle t,
 * and their squared distance: 0, and one common point, where they meet
 * (col__overlap_segment_triangle_u, exact); otherwise the closest of the
 * ends' closest points on the triangle and the edges' closest pairs with
 * the segment (Ericson 5.1.10), in floating point. Finite shapes. */
col_real col__closest_segment_triangle(col_vec3 p, col_vec3 q, const col_triangle *t, col_vec3 *ps, col_vec3 *pt);
/* The closest points *ps of the segment [p, q] and *pb of the box [lo, hi]
 * and their squared distance: 0, and one common point, where they meet
 * (col__segment_meets_box, exact); otherwise the closest of the ends'
 * closest points on the box and the facing edges' closest pairs with the
 * segment (col__box_edges_facing). The same for an OBB in its frame (the
 * segment's ends taken there and the points brought back, rounded). Finite
 * shapes. */
col_real col__closest_segment_box(col_vec3 p, col_vec3 q, col_vec3 lo, col_vec3 hi, col_vec3 *ps, col_vec3 *pb);
col_real col__closest_segment_obb(col_vec3 p, col_vec3 q, const col_obb *b, col_vec3 *ps, col_vec3 *pb);
/* The closest points *ps of triangle s and *pt of triangle t and their
 * squared distance: 0, and one common point, where they meet
 * (col__overlap_triangle_triangle_u, exact: a point where an edge of one meets
 * the other); otherwise the closest of the vertices' closest points on the
 * other triangle and the edges' closest pairs. Finite shapes. */
col_real col__closest_triangle_triangle(const col_triangle *s, const col_triangle *t, col_vec3 *ps, col_vec3 *pt);
/* The closest points *pb of the box [lo, hi] and *pt of triangle t and
 * their squared distance: 0, and one common point, where they meet
 * (col__overlap_aabb_triangle_u, exact: where an edge of one meets the other);
 * otherwise the closest of the triangle's edges' closest pairs with the box
 * (col__closest_segment_box) and the facing box vertices' closest points on
 * the triangle. The same for an OBB in its frame (the triangle's vertices
 * taken there, the points brought back, rounded). Finite shapes. */
col_real col__closest_box_triangle(col_vec3 lo, col_vec3 hi, const col_triangle *t, col_vec3 *pb, col_vec3 *pt);
col_real col__closest_obb_triangle(const col_obb *b, const col_triangle *t, col_vec3 *pb, col_vec3 *pt);
col_vec3 col__closest_on_ellipsoid(const col_ellipsoid *e, col_vec3 p, int *iterations);

#endif
