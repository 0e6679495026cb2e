/* Private box helpers shared by box.c and triangle.c. */
#ifndef COLLIDE_SRC_BOX_H
#define COLLIDE_SRC_BOX_H

#include "geom.h"

/* Arvo's squared distance from p to the box [lo, hi]. */
col_real col__box_point_dist_sq(col_vec3 lo, col_vec3 hi, col_vec3 p);

/* p in the OBB's frame: ((p - c) . u_k). */
col_vec3 col__obb_to_local(const col_obb *b, col_vec3 p);

/* true when axis L separates the box [lo, hi] from the convex hull of the n
 * points; a zero L never separates. */
bool col__box_points_separated(col_vec3 lo, col_vec3 hi, const col_vec3 *pts, int n, col_vec3 L);

/* Segment ab against the box [lo, hi] (both in the same frame). */
bool col__box_segment_overlap(col_vec3 lo, col_vec3 hi, col_vec3 a, col_vec3 b);

#endif
