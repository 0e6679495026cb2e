/*
 * collide/sweep.h — swept (dynamic) tests.
 *
 * Shape A moves by da and shape B by db, linearly over normalized time u in
 * [0, 1]. Conventions shared by every function here:
 *   - Only the relative motion da - db matters for the times; the reported
 *     point is in world space at time t0 (both shapes moved by t0 of their
 *     displacement).
 *   - A hit (COL_HIT) reports t0, the first time of contact, and t1, the last
 *     time of overlap, both in [0, 1]; the contact point at t0; and the unit
 *     normal on B pointing toward A at t0. Closed sets: a sweep that ends
 *     exactly in contact (t0 = 1) or grazes is a hit.
 *   - Shapes overlapping at u = 0 report initially_overlapping with t0 = 0;
 *     the normal then points along the shortest way out for A (zero where
 *     that is undefined, e.g. coincident centres) and the point is a point of
 *     the overlap.
 *   - Shapes that never touch during [0, 1], including those moving apart or
 *     in parallel, are COL_MISS. Invalid input (non-finite motion, invalid
 *     shapes) is COL_INVALID; a hit never carries NaN.
 *   - Every sweep here is decided exactly (issue 16): a hit exactly when
 *     the static test says the shapes meet for some u in [0, 1], the motion
 *     A's position plus u (da - db) never rounded (filtered predicates,
 *     core/src/exact.h: floating point with an error bound, exact
 *     arithmetic where in doubt); touching at u = 0 is initial overlap
 *     exactly when the static test says so, arriving to touch at u = 1
 *     hits, and a graze in between hits. t0, t1, the normal and the point
 *     are then computed in floating point and clamped to [0, 1] (for a
 *     graze the rounded cast missed: the closest approach).
 *   - The listings of seed 000 (Gomez) report overlap for boxes separated on
 *     an axis with zero relative velocity, divide by zero without relative
 *     motion and report roots outside [0, 1]; seed 003's sphere-plane sweep
 *     handles one side only. These functions do not, and tests pin each case.
 */
#ifndef COLLIDE_SWEEP_H
#define COLLIDE_SWEEP_H

#include "collide/shapes.h"

COL_EXTERN_C_BEGIN

typedef struct col_sweep_hit {
    col_status status;          /* COL_HIT, COL_MISS or COL_INVALID */
    col_real t0, t1;            /* first contact, last overlap, in [0, 1] */
    col_vec3 point;             /* contact point at t0 (world space) */
    col_vec3 normal;            /* unit normal on B toward A at t0 */
    bool initially_overlapping; /* overlapping at u = 0: t0 = 0 */
} col_sweep_hit;

/* Sphere against a plane, from either side: the signed distance of the
 * centre moves linearly, s(u) = s0 + u n.(da - db); contact when |s| = r.
 * Touching at the start is initial overlap; motion parallel to the plane or
 * away from it misses. Sources: seeds 000, 001, 003 (fixed as above). */
COL_API col_sweep_hit col_sweep_sphere_plane(const col_sphere *a, col_vec3 da, const col_plane *b, col_vec3 db);

/* Sphere against sphere: the ray cast of the centre offset against a sphere
 * of radius ra + rb (col_raycast_sphere's numerically careful root), t1 the
 * same quadratic's other root (its closest approach plus the half chord, at
 * most 1; the reversed cast where the cast's plain path does not apply). No
 * relative motion is the static test. Source: seed
 * 000 (fixed: no division by zero, no roots outside [0, 1], receding spheres
 * miss). Decided exactly: col_raycast_sphere's certificate over A's centre
 * path (its rounded motion, end and radius sum within the bounds), then the
 * filter and exact arithmetic where it is in doubt. The point divides the
 * centres' segment at t0 in the ratio of the radii (where they touch; in
 * both where they start overlapping). (B, A) gives the same bits as (A, B)
 * with the normal reversed. */
COL_API col_sweep_hit col_sweep_sphere_sphere(const col_sphere *a, col_vec3 da, const col_sphere *b, col_vec3 db);

/* AABB against AABB by per-axis entry and exit times (Gomez, seed 000): t0 is
 * the latest entry, t1 the earliest exit. An axis with zero relative velocity
 * is overlapping for all time or never (the seed's listing got this wrong).
 * Normal: the axis entered last. Point: the centre of the touching region. */
COL_API col_sweep_hit col_sweep_aabb_aabb(const col_aabb *a, col_vec3 da, const col_aabb *b, col_vec3 db);

/* Moving sphere against an AABB (Ericson 5.5.7): the centre's ray against the
 * box grown by r, then the edge capsules or corner region where the entry
 * point lies outside the box's face regions. The exact decision costs
 * little in the common case: a miss is certified before the cast by a plane
 * surely separating the path from the box grown by r, a cast hit by the
 * centre in the middle of [t0, t1] surely within r of the box (both with
 * error bounds that cover the path's rounding); only what neither
 * certifies goes to the full filter and exact arithmetic. */
COL_API col_sweep_hit col_sweep_sphere_aabb(const col_sphere *a, col_vec3 da, const col_aabb *b, col_vec3 db);

/* Moving sphere against a triangle: the centre's ray against the triangle's
 * Minkowski sum with the sphere, the union of the triangle moved by +-r along
 * its normal and the three edge capsules (Ericson 5.5.6). A degenerate
 * triangle is its longest edge. Decided exactly (the centre's path within r
 * of the triangle, touching included), cheaply in the common case: a miss
 * is certified by the separating axes of a capsule and a triangle that need
 * no closest points (the triangle's normal, the path's direction across
 * each edge), a cast hit by a point of the path surely within r of the
 * triangle (both with error bounds that cover the path's rounding); only
 * what neither certifies goes to the full filter and exact arithmetic. */
COL_API col_sweep_hit col_sweep_sphere_triangle(const col_sphere *a, col_vec3 da, const col_triangle *b, col_vec3 db);

/* Capsule against a plane, from either side: the endpoints' signed distances
 * move together; contact when the nearer endpoint reaches r. */
COL_API col_sweep_hit col_sweep_capsule_plane(const col_capsule *a, col_vec3 da, const col_plane *b, col_vec3 db);

COL_EXTERN_C_END

#endif /* COLLIDE_SWEEP_H */
