/*
 * collide/collide.h — the whole public API of the collide core.
 *
 * collide is a C11 library of collision-detection queries. Layers (each header
 * includes only those above it):
 *
 *   base.h    col_real (double, or float with COLLIDE_REAL=float), col_status,
 *             col_side, the named tolerances, COL_HUGE
 *   math.h    col_vec3, col_vec2, col_mat3, col_quat, by value
 *   shapes.h  one plain struct per shape (also ray, polytope, frustum),
 *             validators, constructors (planes, OBBs, frustum from a camera)
 *   static.h  boolean and classification tests, one function per pair:
 *             col_overlap_<a>_<b>, col_classify_<a>_plane, col_intersect_*
 *   raycast.h ray casts: col_raycast_<shape>, two methods for AABBs (slabs, Woo)
 *             and three for triangles (watertight, Möller-Trumbore, Badouel)
 *   sweep.h   swept tests: col_sweep_<a>_<b>, first contact t0 and last overlap t1
 *   shape.h   col_shape (tagged union) and the symmetric generic dispatch
 *             col_overlap(a, b), col_classify(shape, plane)
 *   distance.h closest points on each primitive, closed-form distances
 *   gjk.h     support functions, GJK distance, EPA penetration, the general
 *             convex sweep, col_distance(a, b), col_penetration(a, b)
 *   frustum.h frustum culling: a sphere, AABB, OBB or any shape outside, intersecting or
 *             inside a frustum, exactly or by the planes alone
 *   volumes.h bounding volumes from point sets: AABB, sphere (AABB centre,
 *             Ritter, Welzl's minimum), OBB by PCA, k-DOPs (6, 14, 18, 26);
 *             a shape's k-DOP; merges, a point in a k-DOP, k-DOP against k-DOP
 *   hull.h    the convex hull of a point set (quickhull, exact sides):
 *             faces with planes, half edges, a polytope of its vertices
 *   tree.h    the dynamic AABB tree (broad phase): insert, remove, move,
 *             binned-SAH rebuild, validator; box, point, ray, moving-box and
 *             frustum queries
 *   grid.h    the hashed uniform grid over boxes (a second broad phase)
 *   kdop_tree.h  a static tree of k-DOPs (14, 18, 26 slabs: long, turned
 *             items): k-DOP, box and ray queries
 *   mesh.h    triangle meshes over a static tree: picking (watertight), the
 *             triangles a shape overlaps, shape casts
 *   world.h   the world: bodies with ids, filters and two trees; box, point,
 *             shape, frustum, ray and cast queries in a deterministic order
 *   motion.h  bodies that move: positions, moves by sweeps with touch, cross,
 *             slide and bounce responses, contact planes solved together
 *   step.h    stepping: velocities, swept or discrete steps, sensors, hit and
 *             begin / end overlap events in a deterministic order
 *   character.h  a character mover: walkable slopes, steps, ground snapping,
 *             ground state, no catching on the seams of tiled floors
 *
 * Function grid of col_overlap (x: pair test in static.h; p: via a degenerate
 * conversion; g: by col_distance, i.e. GJK on the cores, or a closed form on
 * them (the ellipsoid's closest point for a sphere, a polytope's extent along
 * a plane's normal); .: none). col_overlap_method(a, b) answers from the
 * dispatch's table, and tests/test_dispatch.cc checks this grid against it:
 *
 *            point seg  tri  plane sphere caps aabb obb  ellip poly circle rect
 *   point      p    p    p    x     p      p    p    p    x     g    .      .
 *   segment         x    x    x     p      p    x    x    x     g    .      .
 *   triangle             x    x     x      x    x    x    g     g    .      .
 *   plane                     .     x      x    x    x    x     g    .      .
 *   sphere                          x      x    x    x    g     g    .      .
 *   capsule                                x    x    x    g     g    .      .
 *   aabb                                        x    x    g     g    .      .
 *   obb                                              x    g     g    .      .
 *   ellipsoid                                             g     g    .      .
 *   polytope                                                    g    .      .
 *   circle                                                           x      x
 *   rect                                                                    x
 *
 * Grid of col_distance and col_penetration (gjk.h; col_distance_method(a, b)
 * answers from the same table, checked by the same test): c: a closed form
 * on the cores (a sphere's centre, a capsule's segment); g: GJK on the
 * cores; e: the extent along a plane's normal; .: none. Cores that overlap
 * go to EPA for the penetration.
 *
 *            point seg  tri  plane sphere caps aabb obb  ellip poly circle rect
 *   point      c    c    c    e     c      c    c    c    c     g    .      .
 *   segment         c    c    e     c      c    c    c    g     g    .      .
 *   triangle             c    e     c      c    c    c    g     g    .      .
 *   plane                     .     e      e    e    e    e     e    .      .
 *   sphere                          c      c    c    c    c     g    .      .
 *   capsule                                c    c    c    g     g    .      .
 *   aabb                                        c    g    g     g    .      .
 *   obb                                              g    g     g    .      .
 *   ellipsoid                                             g     g    .      .
 *   polytope                                                    g    .      .
 *   circle                                                           .      .
 *   rect                                                                    .
 *
 * Ray casts (raycast.h): every 3D shape; AABB by slabs and by Woo; triangle
 * watertight, Möller-Trumbore and Badouel. Sweeps (sweep.h): sphere-plane,
 * capsule-plane, sphere-sphere, AABB-AABB, sphere-AABB, sphere-triangle, and a
 * point against every 3D shape through col_sweep (the ray cast); every other
 * pair of 3D shapes but plane-plane through the general convex sweep (gjk.h).
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
#include "collide/frustum.h"
#include "collide/volumes.h"
#include "collide/hull.h"
#include "collide/tree.h"
#include "collide/grid.h"
#include "collide/kdop_tree.h"
#include "collide/mesh.h"
#include "collide/world.h"
#include "collide/motion.h"
#include "collide/character.h"
#include "collide/step.h"

#define COLLIDE_VERSION_MAJOR 0
#define COLLIDE_VERSION_MINOR 1
#define COLLIDE_VERSION_PATCH 0

#endif /* COLLIDE_COLLIDE_H */
