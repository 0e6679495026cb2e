/*
 * collide/distance.h — closest points and closed-form distances.
 *
 * Shapes are closed solids (a triangle and a segment are their point sets):
 * the closest point of a shape to a point inside it is that point itself.
 * Every function accepts any input; invalid input (non-finite, beyond
 * COL_HUGE, negative sizes) gives false or COL_INVALID and leaves nothing
 * half-written that could carry NaN.
 *
 * Distances are computed without squaring coordinates where a square could
 * overflow or underflow (lengths are scaled by their largest component), so
 * distances are exact to rounding over the whole valid range.
 *
 * Sources: Ericson, Real-Time Collision Detection, 5.1 (closest points on a
 * segment 5.1.2, plane 5.1.1, AABB 5.1.3, OBB 5.1.4, triangle 5.1.5, between
 * segments 5.1.9); Eberly, "Distance from a Point to an Ellipse, an Ellipsoid,
 * or a Hyperellipsoid" (2013), for the ellipsoid.
 */
#ifndef COLLIDE_DISTANCE_H
#define COLLIDE_DISTANCE_H

#include "collide/shapes.h"

COL_EXTERN_C_BEGIN

/*
 * Result of a distance query.
 *   status    COL_MISS: separated, distance > 0; COL_HIT: overlapping or
 *             touching, distance 0; COL_INVALID: invalid input (everything
 *             else zero); COL_NOT_CONVERGED: an iterative method reached its
 *             cap, distance and points are its best (an upper bound).
 *   distance  >= 0.
 *   point_a, point_b  closest points, on A and on B. When overlapping both are
 *             one point common to A and B (to rounding).
 *   normal    unit vector from point_b toward point_a when separated (the
 *             direction that moves A away from B fastest); zero when
 *             overlapping (see collide/gjk.h for penetration normals).
 *   iterations  iterations of the iterative method used (0 for closed forms).
 */
typedef struct col_distance_result {
    col_status status;
    col_real distance;
    col_vec3 point_a, point_b;
    col_vec3 normal;
    int iterations;
} col_distance_result;

/* ---- closest point of a shape to a point p (false: invalid input) ---- */

/* On segment s (Ericson 5.1.2): p projected on the line and clamped; a
 * zero-length segment gives its point. */
COL_API bool col_closest_point_segment(const col_segment *s, col_vec3 p, col_vec3 *out);

/* On triangle t by Voronoi regions (Ericson 5.1.5); a degenerate (collinear)
 * triangle is its longest edge. */
COL_API bool col_closest_point_triangle(const col_triangle *t, col_vec3 p, col_vec3 *out);

/* On plane pl: p minus its signed distance along the unit normal. */
COL_API bool col_closest_point_plane(const col_plane *pl, col_vec3 p, col_vec3 *out);

/* In solid sphere s: p when inside, else the point of the surface on the ray
 * from the centre through p. Radius 0 is the centre. */
COL_API bool col_closest_point_sphere(const col_sphere *s, col_vec3 p, col_vec3 *out);

/* In AABB b: p clamped to [min, max] per axis (Ericson 5.1.3). */
COL_API bool col_closest_point_aabb(const col_aabb *b, col_vec3 p, col_vec3 *out);

/* In OBB b: p's coordinates along the box axes clamped to the half extents
 * (Ericson 5.1.4), computed relative to the centre. */
COL_API bool col_closest_point_obb(const col_obb *b, col_vec3 p, col_vec3 *out);

/* In capsule c: the closest point of its segment, moved toward p by at most
 * r. Radius 0 is the segment. */
COL_API bool col_closest_point_capsule(const col_capsule *c, col_vec3 p, col_vec3 *out);

/*
 * In solid ellipsoid e: p when inside; else the surface point x where p - x
 * is normal to the surface. Eberly's method: axes with a zero radius are
 * flat (x = 0 there), and the remaining x_i = r_i^2 y_i / (t + r_i^2) with t
 * > 0 the root of sum (r_i y_i / (t + r_i^2))^2 = 1, found by bisection in
 * coordinates scaled to [0, 1] and stopped when the bracket cannot shrink
 * (full precision) or after COL_ELLIPSOID_MAX_ITERATIONS. *iterations (may be
 * NULL) receives the bisection steps taken.
 */
COL_API bool col_closest_point_ellipsoid(const col_ellipsoid *e, col_vec3 p, col_vec3 *out, int *iterations);

/* Bisection cap of col_closest_point_ellipsoid: more than the steps needed to
 * reach the precision of col_real from [0, 2] (about 1100 in double). */
#define COL_ELLIPSOID_MAX_ITERATIONS 1200

/* ---- closed-form distances ---- */

/* Sphere-sphere: |ca - cb| - ra - rb, closest points on the centre line.
 * Coincident centres (overlapping) give the centre as the common point. */
COL_API col_distance_result col_distance_sphere_sphere(const col_sphere *a, const col_sphere *b);

/* AABB-AABB: the per-axis gaps; the closest points are the centre of the
 * overlap interval on axes that overlap and the facing faces on the others.
 * Overlapping boxes report the centre of the intersection box. */
COL_API col_distance_result col_distance_aabb_aabb(const col_aabb *a, const col_aabb *b);

/* Segment-segment closest points (Ericson 5.1.9; parallel and zero-length
 * segments handled, parallel ones with a scale-relative test). */
COL_API col_distance_result col_distance_segment_segment(const col_segment *a, const col_segment *b);

/* Capsule-capsule: the segments' distance minus both radii. */
COL_API col_distance_result col_distance_capsule_capsule(const col_capsule *a, const col_capsule *b);

/* Point-to-shape distances through the closest-point functions above; the
 * sphere against any of them is the centre's distance minus the radius. The
 * OBB's offset (centre minus closest point) is taken in the box's frame, so
 * a face's normal is its axis to an ulp however far from the box's centre
 * the contact lies (world points that far round it by an ulp of the
 * distance). */
COL_API col_distance_result col_distance_point_triangle(col_vec3 p, const col_triangle *t);
COL_API col_distance_result col_distance_sphere_triangle(const col_sphere *s, const col_triangle *t);
COL_API col_distance_result col_distance_sphere_aabb(const col_sphere *s, const col_aabb *b);
COL_API col_distance_result col_distance_sphere_obb(const col_sphere *s, const col_obb *b);
COL_API col_distance_result col_distance_sphere_capsule(const col_sphere *s, const col_capsule *c);
COL_API col_distance_result col_distance_sphere_ellipsoid(const col_sphere *s, const col_ellipsoid *e);

COL_EXTERN_C_END

#endif /* COLLIDE_DISTANCE_H */
