/* Private: the pair table (pairs.c) and the one pair ordering (order.c),
 * shared by the dispatch, the batch (batch.c) and the convex machinery
 * (convex_pairs.c, sweep_convex.c). */
#ifndef COLLIDE_SRC_PAIRS_H
#define COLLIDE_SRC_PAIRS_H

#include "collide/collide.h"

/* How col_overlap decides a pair (the letters of the grid in collide.h). */
typedef enum col__method {
    COL__NONE = 0,      /* '.': no test */
    COL__TEST = 'x',    /* a pair test of static.h */
    COL__CONVERT = 'p', /* a pair test after a degenerate conversion (point = sphere, segment = capsule) */
    COL__DISTANCE = 'g' /* by col_distance: GJK on the cores, or a closed form on them */
} col__method;

/* Overlap of an ordered pair (a->kind <= b->kind): 1 or 0. */
typedef int (*col__overlap_fn)(const col_shape *a, const col_shape *b);

/* Closed-form sweep of a pair in the order the function takes it. */
typedef col_sweep_hit (*col__sweep_fn)(const col_shape *a, col_vec3 da, const col_shape *b, col_vec3 db);

typedef struct col__pair {
    col__overlap_fn overlap; /* for a <= b by kind: the test; NULL for none or a > b */
    col__method method;      /* how overlap decides (a <= b) */
    col__sweep_fn sweep;     /* closed-form sweep taking (a, b) in this order, or NULL */
} col__pair;

/* The table, indexed [kind a][kind b]; built at compile time (pairs.c). */
extern const col__pair col__pairs[COL_SHAPE_KIND_COUNT][COL_SHAPE_KIND_COUNT];

/* true when the kind is in range. */
static inline bool col__kind_ok(col_shape_kind k) { return (int)k >= 0 && k < COL_SHAPE_KIND_COUNT; }

/* ---- order.c: the one pair ordering ---- */

/* Numeric order of two shapes: by kind, then two of one kind by their
 * numbers lexicographically (a polytope by its points, never their address);
 * bytes only to break ties between -0 and +0 and to order NaNs. -1, 0, 1. */
int col__shape_order(const col_shape *a, const col_shape *b);

/* The same order for two runs of n reals. */
int col__order_reals(const col_real *x, const col_real *y, size_t n);

/* Options of col__swap_pair. */
enum {
    COL__PLANE_LAST = 1,  /* a plane goes second (the distance machinery takes it so) */
    COL__BY_MOTION = 2,   /* identical shapes: by the direction of the relative motion da - db
                              (first non-zero component positive), which swapping negates and
                              moving or scaling both keeps */
    COL__MOTION_BYTES = 4 /* ... and with no relative motion, by the bytes of da and db */
};

/* The one ordering of a pair for symmetry: true when (a, b) should be
 * evaluated as (b, a), so both argument orders run the same computation.
 * Without options: col__shape_order(a, b) > 0. */
bool col__swap_pair(const col_shape *a, const col_shape *b, col_vec3 da, col_vec3 db, unsigned options);

/* A distance or penetration witness seen from the other shape: the points
 * exchanged and the normal reversed. */
void col__swap_witness(col_vec3 *point_a, col_vec3 *point_b, col_vec3 *normal);

#endif
