/*
 * collide/kdop_tree.h — a static bounding volume hierarchy of k-DOPs
 * (Klosowski, Held, Mitchell, Sowizral and Zikan, "Efficient Collision
 * Detection Using Bounding Volume Hierarchies of k-DOPs", IEEE TVCG 1998):
 * the k-DOP option beside the dynamic AABB tree (collide/tree.h).
 *
 * Built once, top down, over a set of items given by their k-DOPs
 * (col_kdop_of_shape, col_kdop_from_points): a binary tree whose every
 * node holds the k-DOP of the items below it (the slab-wise merge: exact).
 * Where the items are long, thin and turned (rods, beams, ramps, a
 * staircase's diagonal stringers) a k-DOP hugs them far closer than a box,
 * so a ray or a query visits fewer nodes and calls the exact test on fewer
 * items; on boxes of similar size along the axes an AABB tree does as well
 * with less memory (collide-bench --only kdop_tree measures both).
 *
 * The tree does not move: rebuild it when items change (a level's static
 * geometry). Items are numbered 0 .. count - 1 in the order given; each
 * carries a user value (its index when none is given).
 *
 * Results: the callbacks of collide/tree.h (col_tree_query_fn,
 * col_tree_ray_fn), their proxy the item's index. The order is the tree's
 * (depth first, the first child first; a ray visits the nearer child
 * first), which depends only on the items and their order, never on
 * memory addresses: the same input gives the same calls.
 */
#ifndef COLLIDE_KDOP_TREE_H
#define COLLIDE_KDOP_TREE_H

#include "collide/tree.h"
#include "collide/volumes.h"

COL_EXTERN_C_BEGIN

/* A node: a leaf holds an item (item >= 0); an internal node's children
 * are the next node and `next`. */
typedef struct col_kdop_tree_node {
    int32_t next; /* the second child (internal), -1 for a leaf */
    int32_t item; /* the item (leaf), -1 for an internal node */
} col_kdop_tree_node;

/* The tree: zero-initialize, or col_kdop_tree_build, then col_kdop_tree_free. */
typedef struct col_kdop_tree {
    int k;                     /* 6, 14, 18 or 26 */
    int32_t count;             /* items */
    int32_t node_count;        /* 2 count - 1 (0 when empty) */
    int32_t height;            /* nodes on the longest root-to-leaf path (0 when empty) */
    col_kdop_tree_node *nodes; /* depth first: the root is node 0 */
    col_real *slabs;           /* node i's k values: min[0 .. k/2), then max[0 .. k/2) */
    uint64_t *users;           /* by item */
} col_kdop_tree;

/*
 * Builds t over n items (items[i] the k-DOP of item i, each of the given
 * k; users NULL: item i's user value is i). The splits are binned by the
 * surface area heuristic over the items' centres (Wald 2007, as
 * col_tree_rebuild), on the axis of their widest spread; items whose
 * centres coincide are halved by their order. An existing tree in t is
 * freed first (t zero-initialized the first time). false (t left empty)
 * for a k other than 6, 14, 18 or 26, an invalid k-DOP or one of another
 * k (col_kdop_is_valid), NULL items with n > 0, more than 2^30 items, or
 * no memory. n = 0 gives an empty tree.
 */
COL_API bool col_kdop_tree_build(col_kdop_tree *t, int k, const col_kdop *items, const uint64_t *users, size_t n);

/* Frees the tree's memory and leaves it empty (NULL: nothing). */
COL_API void col_kdop_tree_free(col_kdop_tree *t);

/* The k-DOP of a node (0 .. node_count - 1) or of an item's leaf: false
 * for an index out of range. */
COL_API bool col_kdop_tree_node_kdop(const col_kdop_tree *t, int32_t node, col_kdop *out);

/*
 * Every item whose k-DOP overlaps q on every slab (closed: touching
 * counts; col_kdop_overlap: conservative for k > 6). q must have the
 * tree's k. false for an invalid q, another k or no memory for the
 * traversal's stack (the query then did not run); true otherwise, also
 * when the callback stopped it.
 */
COL_API bool col_kdop_tree_query_kdop(const col_kdop_tree *t, const col_kdop *q, col_tree_query_fn *fn, void *ctx);

/* Every item whose k-DOP overlaps the box (the box's own k-DOP, as
 * col_kdop_overlap_aabb). As col_kdop_tree_query_kdop. */
COL_API bool col_kdop_tree_query_aabb(const col_kdop_tree *t, const col_aabb *box, col_tree_query_fn *fn, void *ctx);

/*
 * Every item whose k-DOP the ray reaches for t in [0, max_t], the nearer
 * child first. The slab test is conservative: each node's slabs are
 * widened by 64 eps of its magnitude and the origin's (far beyond the
 * rounding of the ray's dot products with the diagonals and of the
 * parameters), so an item the exact ray touches (at a corner, exactly at
 * max_t) is never skipped; a slab along which the ray's direction is a
 * denormal is not used to clip (conservative too). The callback clips or
 * stops the query as for col_tree_raycast. false for an invalid ray
 * (finite origin and delta, max_t >= 0, possibly infinite) or no memory.
 */
COL_API bool col_kdop_tree_raycast(const col_kdop_tree *t, const col_ray *ray, col_tree_ray_fn *fn, void *ctx);

COL_EXTERN_C_END

#endif /* COLLIDE_KDOP_TREE_H */
