/*
 * collide/tree.h — a dynamic AABB tree: the broad phase of the world
 * (collide/world.h), usable on its own.
 *
 * A binary tree over axis-aligned boxes ("proxies"): each leaf holds a box
 * and a user value, each internal node the union of its children's boxes.
 * Nodes live in one array and are addressed by index (a proxy id is the index
 * of its leaf and stays valid until the proxy is removed, across moves and
 * rebuilds); freed nodes go to a free list; the array grows as needed (no
 * fixed capacity, and no fixed traversal stack: a query's stack is sized from
 * the tree's height, so no child is ever dropped).
 *
 * Fat boxes. A leaf stores its box grown by the tree's margin on every side
 * (col_tree.margin, set before inserting; COL_TREE_DEFAULT_MARGIN unless
 * changed), so a proxy that moves a little keeps its leaf: col_tree_move
 * reinserts only when the new tight box leaves the fat one. A tree of static
 * proxies takes margin 0.
 *
 * Insertion (Box2D v3's dynamic_tree.c, after Catto's GDC 2019 talk
 * "Dynamic Bounding Volume Hierarchies"): the sibling is chosen by the
 * surface-area heuristic with a branch-and-bound descent (the cost of a
 * sibling is the area of the new parent plus the growth of every ancestor),
 * then each ancestor on the way up tries the four rotations that swap a child
 * with a grandchild and keeps the one that most reduces the area. Removal
 * refits the ancestors. col_tree_rebuild builds the whole tree again top down
 * with binned SAH (Wald 2007), for static sets.
 *
 * Determinism: the tree's shape depends only on the sequence of operations
 * and their inputs (never on addresses); queries call back in an order that
 * depends on the tree's shape, so callers that need a canonical order sort
 * (col_world does: by body id, or by (t, body id)).
 *
 * Queries are const and may run concurrently on one tree; changing the tree
 * from inside a query's callback is undefined (col_world refuses it).
 * Allocation: malloc/realloc/free; a failed allocation makes the operation
 * return its failure value and leaves the tree as it was.
 */
#ifndef COLLIDE_TREE_H
#define COLLIDE_TREE_H

#include <stdint.h>

#include "collide/frustum.h"

COL_EXTERN_C_BEGIN

/* The null node index (no parent, no child, no proxy). */
#define COL_TREE_NULL (-1)

/* The margin a new tree grows leaves by (world units; 0.1 as Box2D's). */
#define COL_TREE_DEFAULT_MARGIN COL_R(0.1)

/* A node of the tree. Read-only for users (col_tree_node_at), e.g. to draw
 * the tree; every field is maintained by the tree. A leaf (height 0) holds
 * its user value where an internal node (height > 0) holds its children:
 * 64 bytes in double (40 in float), and the pool is aligned to 64 bytes, so
 * a node in double is one cache line. */
typedef struct col_tree_node {
    col_aabb box; /* a leaf: the fat box; an internal node: the union of its children's */
    union {
        uint64_t user;    /* a leaf: the user value given to col_tree_insert */
        int32_t child[2]; /* an internal node: its two children */
    };
    int32_t parent; /* parent index, COL_TREE_NULL at the root; next free node when free */
    int32_t height; /* 0 for a leaf, 1 + the larger child height otherwise, -1 when free */
} col_tree_node;

/* The tree. Initialise with col_tree_init, release with col_tree_free; the
 * fields are read-only except `margin`. */
typedef struct col_tree {
    col_tree_node *nodes;
    int32_t capacity;   /* nodes allocated */
    int32_t node_count; /* nodes in use (leaves and internal) */
    int32_t leaf_count; /* proxies */
    int32_t root;       /* COL_TREE_NULL when empty */
    int32_t free_list;  /* first free node, chained through `parent` */
    col_real margin;    /* fat-box margin of later insertions and moves (>= 0, finite) */
} col_tree;

/* Figures of a tree (col_tree_stats). */
typedef struct col_tree_stats {
    int32_t leaf_count, node_count, capacity;
    int32_t height;         /* height of the root (0 for one leaf, -1 for an empty tree) */
    col_real area_ratio;    /* sum of the internal nodes' surface areas / the root's (0 when empty
                                  or the root's area is 0): the SAH cost of a query, lower is better */
    col_real internal_area; /* sum of the internal nodes' surface areas */
    size_t bytes;           /* memory held by the node array */
} col_tree_stats;

/* An empty tree with margin COL_TREE_DEFAULT_MARGIN; allocates nothing. */
COL_API void col_tree_init(col_tree *t);

/* Frees the node array; the tree is empty (and usable) afterwards. */
COL_API void col_tree_free(col_tree *t);

/*
 * Adds a proxy for the box (fattened by t->margin) with a user value; returns
 * its id (>= 0), or COL_TREE_NULL when the box is invalid (col_aabb_is_valid),
 * the margin is negative or not finite, or memory runs out.
 */
COL_API int32_t col_tree_insert(col_tree *t, const col_aabb *box, uint64_t user);

/* Removes a proxy; false (and nothing changes) when `proxy` is not a live leaf. */
COL_API bool col_tree_remove(col_tree *t, int32_t proxy);

/*
 * The proxy's tight box is now `box`. When it still lies in the leaf's fat
 * box nothing changes and the result is 0; otherwise the leaf is reinserted
 * with the new box fattened by t->margin and the result is 1. -1 (nothing
 * changes) for a proxy that is not a live leaf, an invalid box, or memory
 * running out.
 */
COL_API int col_tree_move(col_tree *t, int32_t proxy, const col_aabb *box);

/*
 * Rebuilds the whole tree top down by binned SAH (16 bins on the axis where
 * the leaves' centres spread most; an even split by centre when the bins
 * cannot separate them, and wherever SAH splits could make the tree taller
 * than 2 ceil(log2 n) + 8, which it never is).
 * Proxy ids, fat boxes and user values are kept. false (the tree unchanged)
 * when memory runs out.
 */
COL_API bool col_tree_rebuild(col_tree *t);

/* The fat box and user value of a live proxy; false for any other index. */
COL_API bool col_tree_proxy(const col_tree *t, int32_t proxy, col_aabb *fat_box, uint64_t *user);

/* The node at an index (NULL out of range); for drawing and inspection. */
COL_API const col_tree_node *col_tree_node_at(const col_tree *t, int32_t index);

/* Height of the root (-1 when empty). */
COL_API int32_t col_tree_height(const col_tree *t);

/* Counts, height, areas and memory of the tree. */
COL_API col_tree_stats col_tree_stats_of(const col_tree *t);

/*
 * Checks every invariant: the root has no parent; every child's parent is
 * its parent; internal nodes have two children and leaves none; every
 * internal box is exactly the union of its children's; heights are right;
 * the free list holds exactly the unused nodes; the counts agree. Returns
 * true when all hold; otherwise false with a description in `why` (may be
 * NULL; at most `why_size` bytes, NUL-terminated).
 */
COL_API bool col_tree_validate(const col_tree *t, char *why, size_t why_size);

/* ------------------------------ queries ------------------------------ */

/* Called for each proxy a query finds; return false to stop the query. */
typedef bool col_tree_query_fn(void *ctx, int32_t proxy, uint64_t user);

/*
 * Called for each proxy whose fat box the ray (or moving box) reaches within
 * the current [0, max_t]; `ray` holds the current max_t. Returns the new
 * max_t: a value below ray->max_t clips the rest of the query (proxies
 * entered after it are skipped; a proxy entered exactly at it is still
 * visited, so ties can be broken by id), a value >= ray->max_t changes
 * nothing, a negative value (or NaN) stops the query.
 */
typedef col_real col_tree_ray_fn(void *ctx, const col_ray *ray, int32_t proxy, uint64_t user);

/*
 * Called for each proxy of a frustum query with the class of its fat box:
 * COL_CULL_INSIDE when the box (or an ancestor's) is inside the frustum,
 * COL_CULL_INTERSECTING when it may cross it. Return false to stop.
 */
typedef bool col_tree_cull_fn(void *ctx, int32_t proxy, uint64_t user, col_cull cull);

/*
 * Every proxy whose fat box overlaps `box` (closed: touching counts). false
 * for an invalid box or when memory for the traversal stack runs out (the
 * query then did not run); true otherwise, also when the callback stopped it.
 */
COL_API bool col_tree_query_aabb(const col_tree *t, const col_aabb *box, col_tree_query_fn *fn, void *ctx);

/* Every proxy whose fat box contains the point (closed). As col_tree_query_aabb. */
COL_API bool col_tree_query_point(const col_tree *t, col_vec3 p, col_tree_query_fn *fn, void *ctx);

/*
 * Every proxy whose fat box the ray reaches for t in [0, max_t], nearest
 * boxes first where the tree's shape allows (children are visited in order of
 * entry). The slab test is conservative: it widens each slab's interval by
 * its rounding bound, so a box the exact ray touches (even at a corner, or
 * exactly at max_t) is never skipped; for a finite max_t, nor one that the
 * segment to the rounded end origin + max_t delta touches (the segment the
 * exact casts of collide/raycast.h judge), the ray grown by that end's
 * rounding bound. false for an invalid ray (col_ray is
 * valid with finite origin and delta and max_t >= 0, possibly infinite) or
 * when memory runs out.
 */
COL_API bool col_tree_raycast(const col_tree *t, const col_ray *ray, col_tree_ray_fn *fn, void *ctx);

/*
 * Every proxy whose fat box the box `box` moving by t * delta reaches for t in
 * [0, max_t] (the broad phase of a shape cast): the ray cast of the box's
 * centre against every node box grown by the moving box's half extents, with
 * the same conservative bounds. The callback's ray is that of the box's
 * centre (its max_t the current one). As col_tree_raycast otherwise.
 */
COL_API bool col_tree_cast_aabb(const col_tree *t, const col_aabb *box, col_vec3 delta, col_real max_t,
                                col_tree_ray_fn *fn, void *ctx);

/*
 * Every proxy whose fat box is not outside the frustum. Internal nodes are
 * classified by the six planes (col_frustum_classify_aabb_planes: never
 * OUTSIDE for a box that reaches the frustum); a node inside accepts its
 * whole subtree without further tests (each leaf reported INSIDE); leaves are
 * classified exactly (col_frustum_classify_aabb). false for an invalid
 * frustum or when memory runs out.
 */
COL_API bool col_tree_query_frustum(const col_tree *t, const col_frustum *f, col_tree_cull_fn *fn, void *ctx);

COL_EXTERN_C_END

#endif /* COLLIDE_TREE_H */
