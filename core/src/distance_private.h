/* Private helpers shared by distance.c and gjk.c. Not part of the public API. */
#ifndef COLLIDE_SRC_DISTANCE_PRIVATE_H
#define COLLIDE_SRC_DISTANCE_PRIVATE_H

#include <string.h>

#include "collide/collide.h"
#include "geom.h"

/* A result with status COL_INVALID and everything else zero. */
col_distance_result col__distance_invalid(void);

/* The distance result of two rounded shapes from the closest points of their
 * cores (ca on A's core, cb on B's) and their radii: separated by
 * |ca - cb| - ra - rb along the unit normal from cb toward ca, or overlapping
 * with a common point between ca and cb. */
col_distance_result col__rounded_result(col_vec3 ca, col_real ra, col_vec3 cb, col_real rb);

/* col_distance(a, b).status == COL_HIT, for col_overlap: GJK stops as soon as
 * a support point proves the shapes apart by more than rounding (the same
 * answer, sooner; gjk.c). */
bool col__overlap_by_distance(const col_shape *a, const col_shape *b);

/* Closest points of valid shapes (no validation). */
col_vec3 col__closest_on_sphere(col_vec3 c, col_real r, col_vec3 p);
col_vec3 col__closest_on_obb(const col_obb *b, col_vec3 p);
/* Closest points that return p itself (exactly) when the exact predicate
 * says p is on the triangle or the segment. */
col_vec3 col__closest_on_triangle_exact(col_vec3 p, const col_triangle *t);
col_vec3 col__closest_on_segment_exact(col_vec3 p, col_vec3 a, col_vec3 b);
/* The closest points *ps of the segment [p, q] and *pt of the triangle t,
 * and their squared distance: 0, and one common point, where they meet
 * (col_overlap_segment_triangle, exact); otherwise the closest of the
 * ends' closest points on the triangle and the edges' closest pairs with
 * the segment (Ericson 5.1.10), in floating point. Valid shapes. */
col_real col__closest_segment_triangle(col_vec3 p, col_vec3 q, const col_triangle *t, col_vec3 *ps, col_vec3 *pt);
col_vec3 col__closest_on_ellipsoid(const col_ellipsoid *e, col_vec3 p, int *iterations);

#endif
