/*
 * collide/frustum.h — frustum culling: a sphere, AABB or OBB against a view
 * frustum (col_frustum, shapes.h: six planes with inward normals, built by
 * hand or by col_frustum_from_camera), as outside, intersecting or inside.
 * Source: Real-Time Rendering (seed 004), frustum/box and frustum/sphere
 * tests; Ericson 5.2.1 (the separating-axis test for two polyhedra).
 */
#ifndef COLLIDE_FRUSTUM_H
#define COLLIDE_FRUSTUM_H

#include "collide/gjk.h"
#include "collide/shape.h"

COL_EXTERN_C_BEGIN

/* Where a shape lies with respect to a frustum. */
typedef enum col_cull {
    COL_CULL_OUTSIDE = 0,      /* no common point */
    COL_CULL_INTERSECTING = 1, /* a common point and a point outside, or not proven either way */
    COL_CULL_INSIDE = 2,       /* strictly in front of all six planes */
    COL_CULL_INVALID = 3       /* an invalid frustum or shape */
} col_cull;

/*
 * The exact classification. OUTSIDE only when the shape and the frustum are
 * proven disjoint: a plane has the whole shape behind it, or (for a shape in
 * a corner region, which the planes alone cannot decide) a separating axis
 * between the shape and the frustum's hull (its eight corners: the box's
 * axes and the cross products of its edges with the frustum's edges; for a
 * sphere, the distance from its centre to the hull's faces) that clears the
 * rounding of the corners. A shape that touches the frustum is never
 * OUTSIDE; a shape within rounding of touching it is INTERSECTING. INSIDE
 * when every plane has the whole shape strictly in front (col_classify_*_plane
 * gives COL_FRONT), so a shape touching a plane from inside is INTERSECTING.
 * A frustum whose planes do not bound a hexahedron with eight corners (planes
 * given by hand: parallel neighbours, corners outside the other planes) is
 * decided by its planes alone, as the _planes forms. COL_CULL_INVALID for an
 * invalid frustum (col_frustum_is_valid) or shape.
 */
COL_API col_cull col_frustum_classify_sphere(const col_frustum *f, const col_sphere *s);
COL_API col_cull col_frustum_classify_aabb(const col_frustum *f, const col_aabb *b);
COL_API col_cull col_frustum_classify_obb(const col_frustum *f, const col_obb *b);

/*
 * The classification of any 3D shape (the world's frustum query uses it):
 * spheres, AABBs and OBBs as above; every other kind by its plane
 * classifications (col_classify) and, where they cannot decide, by its
 * distance to the frustum's hull (col_distance, GJK for most kinds): OUTSIDE
 * only when that distance clears the rounding of the hull's corners and of
 * the shape's coordinates, so a shape that touches the frustum is never
 * OUTSIDE. A plane (unbounded) is OUTSIDE when all eight corners lie clearly
 * on one side of it and INTERSECTING otherwise, never INSIDE.
 * COL_CULL_INVALID for an invalid frustum or shape, or a 2D shape.
 */
COL_API col_cull col_frustum_classify_shape(const col_frustum *f, const col_shape *s);

/*
 * The fast, conservative classification by the six planes alone (for a box,
 * the p- and n-vertex test of seed 004): OUTSIDE and INSIDE are as exact as
 * above, but a shape near an edge or corner of the frustum yet outside it may
 * be called INTERSECTING (the classic false positive of plane culling).
 */
COL_API col_cull col_frustum_classify_sphere_planes(const col_frustum *f, const col_sphere *s);
COL_API col_cull col_frustum_classify_aabb_planes(const col_frustum *f, const col_aabb *b);
COL_API col_cull col_frustum_classify_obb_planes(const col_frustum *f, const col_obb *b);

/*
 * The eight corners of the frustum: corner i is the common point of the
 * left (bit 0 clear) or right (set) plane, the bottom (bit 1 clear) or top
 * plane, and the near (bit 2 clear) or far plane. false, with the corners
 * zero, for an invalid frustum or planes that do not bound such a
 * hexahedron (see above).
 */
COL_API bool col_frustum_corners(const col_frustum *f, col_vec3 corners[8]);

/* The name of a classification: "outside", "intersecting", "inside" or "invalid". */
COL_API const char *col_cull_name(col_cull c);

COL_EXTERN_C_END

#endif /* COLLIDE_FRUSTUM_H */
