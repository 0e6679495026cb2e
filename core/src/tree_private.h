/*
 * Private helpers of the dynamic AABB tree (tree.c, tree_build.c,
 * tree_query.c) and the world: box arithmetic and the node pool. Not part of
 * the public API.
 */
#ifndef COLLIDE_SRC_TREE_PRIVATE_H
#define COLLIDE_SRC_TREE_PRIVATE_H

#include "collide/tree.h"

/* Half the surface area of a box (the SAH only compares areas). */
static inline col_real col__aabb_area(const col_aabb *b) {
    col_real x = b->max.x - b->min.x, y = b->max.y - b->min.y, z = b->max.z - b->min.z;
    return x * y + y * z + z * x;
}

static inline col_aabb col__aabb_union(const col_aabb *a, const col_aabb *b) {
    col_aabb u;
    u.min.x = a->min.x < b->min.x ? a->min.x : b->min.x;
    u.min.y = a->min.y < b->min.y ? a->min.y : b->min.y;
    u.min.z = a->min.z < b->min.z ? a->min.z : b->min.z;
    u.max.x = a->max.x > b->max.x ? a->max.x : b->max.x;
    u.max.y = a->max.y > b->max.y ? a->max.y : b->max.y;
    u.max.z = a->max.z > b->max.z ? a->max.z : b->max.z;
    return u;
}

/* The axis along which the points c[idx[i]] (idx NULL: c[i]), i in
 * [begin, end) (at least one), spread the most (ties: x, then y): its
 * index, the points' least coordinate along it in *lo and their spread in
 * *extent. The top-down builds' split axis (tree_build.c, kdop_tree.c). */
static inline int col__widest_axis(const col_vec3 *c, const int32_t *idx, int32_t begin, int32_t end, col_real *lo,
                                   col_real *extent) {
    col_vec3 a = c[idx ? idx[begin] : begin], b = a;
    for (int32_t i = begin + 1; i < end; ++i) {
        col_vec3 p = c[idx ? idx[i] : i];
        a = col_v3(p.x < a.x ? p.x : a.x, p.y < a.y ? p.y : a.y, p.z < a.z ? p.z : a.z);
        b = col_v3(p.x > b.x ? p.x : b.x, p.y > b.y ? p.y : b.y, p.z > b.z ? p.z : b.z);
    }
    col_vec3 ext = col_v3_sub(b, a);
    int axis = ext.x >= ext.y && ext.x >= ext.z ? 0 : ext.y >= ext.z ? 1 : 2;
    *lo = col_v3_get(a, axis);
    *extent = col_v3_get(ext, axis);
    return axis;
}

/* outer contains inner (closed). */
static inline bool col__aabb_contains(const col_aabb *outer, const col_aabb *inner) {
    return (int)(outer->min.x <= inner->min.x) & (outer->min.y <= inner->min.y) & (outer->min.z <= inner->min.z) &
           (outer->max.x >= inner->max.x) & (outer->max.y >= inner->max.y) & (outer->max.z >= inner->max.z);
}

/* a and b overlap (closed: touching counts). */
static inline bool col__aabb_overlap(const col_aabb *a, const col_aabb *b) {
    return (int)(a->min.x <= b->max.x) & (a->max.x >= b->min.x) & (a->min.y <= b->max.y) & (a->max.y >= b->min.y) &
           (a->min.z <= b->max.z) & (a->max.z >= b->min.z);
}

/* A shape's bounds grown by 64 eps of their magnitude (and a tiny absolute
 * amount), so no rounding of a narrow-phase test on the shape falls outside:
 * the boxes the world and meshes put in their trees. false for a plane, 2D
 * or invalid shapes, and bounds beyond COL_HUGE / 2 (bounds.c). */
bool col__padded_bounds(const col_shape *s, col_aabb *out);

bool col__tree_reserve(col_tree *t, int32_t extra);
int32_t col__tree_alloc(col_tree *t);
void col__tree_release(col_tree *t, int32_t i);
bool col__tree_is_leaf(const col_tree *t, int32_t proxy);

/* col_tree_query_frustum, with the exact test of leaves (the corner regions)
 * optional: the world classifies each body's own shape instead, so its
 * answer is the shape's classification and never depends on the box's. */
bool col__tree_query_frustum(const col_tree *t, const col_frustum *f, bool exact_leaves, col_tree_cull_fn *fn,
                             void *ctx);

#endif /* COLLIDE_SRC_TREE_PRIVATE_H */
