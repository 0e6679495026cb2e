/*
 * collide/collide.h — the whole public API of the collide core.
 *
 * collide is a C11 library of collision-detection queries. Layers (each header
 * includes only those above it):
 *
 *   base.h    col_real (double, or float with COLLIDE_REAL=float), col_status,
 *             col_side, the named tolerances, COL_HUGE
 *   math.h    col_vec3, col_vec2, col_mat3, col_quat, by value
 *   shapes.h  one plain struct per shape (also ray, k-DOP, polytope, frustum),
 *             validators, constructors (planes, OBBs, frustum from a camera)
 *   static.h  boolean and classification tests, one function per pair:
 *             col_overlap_<a>_<b>, col_classify_<a>_plane, col_intersect_*
 *   raycast.h ray casts: col_raycast_<shape>, two methods for AABBs (slabs, Woo)
 *             and three for triangles (watertight, Möller-Trumbore, Badouel)
 *   sweep.h   swept tests: col_sweep_<a>_<b>, first contact t0 and last overlap t1
 *   shape.h   col_shape (tagged union) and the symmetric generic dispatch
 *             col_overlap(a, b), col_classify(shape, plane)
 *
 * Function grid of static.h (x: pair test; p: via a degenerate conversion in
 * col_overlap; .: not yet):
 *
 *            point seg  tri  plane sphere caps aabb obb  ellip
 *   point      p    p    p    x     p      p    p    p    x
 *   segment         x    x    x     p      p    x    x    .
 *   triangle             x    x     x      .    x    x    .
 *   plane                     .     x      x    x    x    x
 *   sphere                          x      x    x    x    .
 *   capsule                                x    .    .    .
 *   aabb                                        x    x    .
 *   obb                                              x    .
 *   2D: circle-circle, circle-rect, rect-rect.
 *
 * Ray casts (raycast.h): every 3D shape; AABB by slabs and by Woo; triangle
 * watertight, Möller-Trumbore and Badouel. Sweeps (sweep.h): sphere-plane,
 * capsule-plane, sphere-sphere, AABB-AABB, sphere-AABB, sphere-triangle, and a
 * point against every 3D shape through col_sweep (the ray cast).
 *
 * Robustness: every query accepts any input. Non-finite or out-of-range values
 * give false / COL_SIDE_INVALID / COL_INVALID; degenerate shapes (zero radius,
 * zero extent, zero-length segment, collinear triangle) are legal and give the
 * answer for the point set they are. Results are deterministic: the library is
 * built with -ffp-contract=off and never with -ffast-math.
 */
#ifndef COLLIDE_COLLIDE_H
#define COLLIDE_COLLIDE_H

#include "collide/base.h"
#include "collide/math.h"
#include "collide/shapes.h"
#include "collide/static.h"
#include "collide/raycast.h"
#include "collide/sweep.h"
#include "collide/shape.h"
#include "collide/distance.h"
#include "collide/gjk.h"

#define COLLIDE_VERSION_MAJOR 0
#define COLLIDE_VERSION_MINOR 1
#define COLLIDE_VERSION_PATCH 0

#endif /* COLLIDE_COLLIDE_H */
