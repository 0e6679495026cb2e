/*
 * The ray casts of the primitive kinds as one function (col__raycast_kind:
 * each by its own function in raycast.c and raytri.c, triangles two-sided),
 * and which kinds have a ray cast. col_raycast itself, which adds the
 * polytope (built on GJK and the static tests, a layer above the pair
 * table whose point sweeps use this dispatch), is in raycast_convex.c.
 */
#include "pairs.h"
#include "ray.h"

#include <string.h>

bool col_raycast_supported(col_shape_kind kind) { return col__kind_ok(kind) && !col_shape_kind_is_2d(kind); }

col_ray_hit col__raycast_kind(col_shape_kind kind, const void *shape, const col_ray *r) {
    switch (kind) {
    case COL_SHAPE_POINT: return col_raycast_point(r, shape);
    case COL_SHAPE_SEGMENT: return col_raycast_segment(r, shape);
    case COL_SHAPE_TRIANGLE: return col_raycast_triangle(r, shape, COL_TWO_SIDED);
    case COL_SHAPE_PLANE: return col_raycast_plane(r, shape);
    case COL_SHAPE_SPHERE: return col_raycast_sphere(r, shape);
    case COL_SHAPE_CAPSULE: return col_raycast_capsule(r, shape);
    case COL_SHAPE_AABB: return col_raycast_aabb_slabs(r, shape);
    case COL_SHAPE_OBB: return col_raycast_obb(r, shape);
    case COL_SHAPE_ELLIPSOID: return col_raycast_ellipsoid(r, shape);
    default: {
        col_ray_hit h;
        memset(&h, 0, sizeof h);
        h.status = COL_INVALID;
        return h;
    }
    }
}
