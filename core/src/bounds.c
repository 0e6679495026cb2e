/*
 * The boxes the world and meshes put in their trees (tree_private.h): a
 * shape's bounds (col_shape_bounds) grown by 64 eps of their magnitude, so
 * no rounding of a narrow-phase test on the shape falls outside its box and
 * the trees never cull a body or triangle its own test would report.
 */
#include "tree_private.h"

static col_real max_abs(col_vec3 v) { return col_max(col_abs(v.x), col_max(col_abs(v.y), col_abs(v.z))); }

/* The shape's bounds grown by 64 eps of their magnitude (and 1e-30, for
 * bounds near zero), so a narrow-phase test's rounding stays inside. false
 * for a plane (unbounded), 2D or invalid shapes, and bounds beyond
 * COL_HUGE / 2. */
bool col__padded_bounds(const col_shape *s, col_aabb *out) {
    if (s->kind == COL_SHAPE_PLANE || !col_shape_bounds(s, out)) return false;
    col_real m = col_max(max_abs(out->min), max_abs(out->max));
    if (!(m <= COL_HUGE * COL_R(0.5))) return false;
    col_real pad = m * (COL_R(64.0) * COL_EPSILON) + COL_R(1e-30);
    out->min = col_v3_sub(out->min, col_v3(pad, pad, pad));
    out->max = col_v3_add(out->max, col_v3(pad, pad, pad));
    return true;
}
