/* Private: the pair table (pair_table.c) and the one pair ordering (order.c),
 * shared by the dispatch, the batch (batch.c) and the convex machinery
 * (convex_pairs.c, sweep_convex.c). */
#ifndef COLLIDE_SRC_PAIRS_H
#define COLLIDE_SRC_PAIRS_H

#include <string.h>

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

/* Closed-form sweep of a pair in the order the function takes it: the
 * structs of the entry's kinds (ka, kb) and their motions. */
typedef col_sweep_hit (*col__sweep_fn)(col_shape_kind ka, const void *a, col_vec3 da, col_shape_kind kb, const void *b,
                                       col_vec3 db);

/* How col_distance and col_penetration find a pair's closest points (the
 * letters of the second grid in collide.h). The pair is ordered as
 * convex_pairs.c takes it: by kind, a plane second. */
typedef enum col__convex {
    COL__NOT_CONVEX = 0, /* '.': no distance */
    COL__EXTENT = 'e',   /* B is a plane: the extent of A along its normal */
    COL__CLOSED = 'c',   /* a closed form on the cores (closest); EPA only when the cores overlap */
    COL__GJK = 'g'       /* GJK on the cores' support proxies, EPA when they overlap */
} col__convex;

/* Closest points px on x and py on y of two cores (the cores of the entry's
 * shapes a and b, in that order: a sphere's centre, a capsule's segment, any
 * other shape itself); iterations of an iterative closed form, else 0. */
typedef void (*col__closest_fn)(const col_shape *x, const col_shape *y, col_vec3 *px, col_vec3 *py, int *iterations);

typedef struct col__pair {
    col__overlap_fn overlap; /* for a <= b by kind: the test; NULL for none, by distance, or a > b */
    col__method method;      /* how overlap decides (a <= b) */
    col__sweep_fn sweep;     /* closed-form sweep taking (a, b) in this order, or NULL */
    col__convex convex;      /* for a <= b by kind, or b a plane: how distances are found */
    col__closest_fn closest; /* with COL__CLOSED: the closed form on the cores of (a, b) */
} col__pair;

/* The table, indexed [kind a][kind b]; built at compile time (pair_table.c). */
extern const col__pair col__pairs[COL_SHAPE_KIND_COUNT][COL_SHAPE_KIND_COUNT];

/* true when the kind is in range. */
static inline bool col__kind_ok(col_shape_kind k) { return (int)k >= 0 && k < COL_SHAPE_KIND_COUNT; }

/* The entry holding the distance machinery of a pair of valid kinds, in
 * either order: [a][b] ordered by kind, a plane second. */
static inline const col__pair *col__convex_entry(col_shape_kind a, col_shape_kind b) {
    if (a == COL_SHAPE_PLANE || (b != COL_SHAPE_PLANE && a > b)) return &col__pairs[b][a];
    return &col__pairs[a][b];
}

/* Size of the struct of each kind (shape.c; col_shape_kind_size). */
extern const size_t col__kind_sizes[COL_SHAPE_KIND_COUNT];

/* col_shape_is_valid of a shape given by its kind and struct (shape.c);
 * false for a kind out of range. */
bool col__kind_data_is_valid(col_shape_kind kind, const void *data);

/* col_shape_translate for a 3D shape known valid (a world body's base):
 * the translated shape validated alone (a NaN or infinite d, or one that
 * takes a coordinate beyond COL_HUGE, makes it invalid: false). */
bool col__shape_translate_valid(const col_shape *s, col_vec3 d, col_vec3 *points, col_shape *out);

/* ---- order.c: the one pair ordering ---- */

/* Numeric order of two shapes: by kind, then two of one kind by their
 * numbers lexicographically (a polytope by its points, never their address);
 * bytes only to break ties between -0 and +0 and to order NaNs. -1, 0, 1. */
int col__shape_order(const col_shape *a, const col_shape *b);

/* The same order for two structs a and b of one valid kind (a col_sphere
 * for COL_SHAPE_SPHERE, ...). */
int col__data_order(col_shape_kind kind, const void *a, const void *b);

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

/* Sign of the first non-zero component: -1, 0 (the zero vector) or 1. */
static inline int col__direction_sign(col_vec3 v) {
    if (v.x != COL_R(0.0)) return v.x < COL_R(0.0) ? -1 : (v.x > COL_R(0.0) ? 1 : 0);
    if (v.y != COL_R(0.0)) return v.y < COL_R(0.0) ? -1 : (v.y > COL_R(0.0) ? 1 : 0);
    return v.z < COL_R(0.0) ? -1 : (v.z > COL_R(0.0) ? 1 : 0);
}

/* col__swap_pair's answer given the pair's order (col__shape_order): by
 * the order, then for identical shapes by the options. */
static inline bool col__swap_by_order(int order, col_vec3 da, col_vec3 db, unsigned options) {
    if (order != 0 || !(options & COL__BY_MOTION)) return order > 0;
    int s = col__direction_sign(col_v3_sub(da, db)); /* NaN components count as zero: such input is refused anyway */
    if (s != 0) return s < 0;
    return (options & COL__MOTION_BYTES) && memcmp(&da, &db, sizeof da) > 0;
}

/* The one ordering of a pair for symmetry: true when (a, b) should be
 * evaluated as (b, a), so both argument orders run the same computation.
 * Without options: col__shape_order(a, b) > 0. */
static inline bool col__swap_pair(const col_shape *a, const col_shape *b, col_vec3 da, col_vec3 db, unsigned options) {
    if ((options & COL__PLANE_LAST) && (a->kind == COL_SHAPE_PLANE || b->kind == COL_SHAPE_PLANE))
        return a->kind == COL_SHAPE_PLANE;
    return col__swap_by_order(col__shape_order(a, b), da, db, options);
}

/* The exact static test of two valid shapes (col_overlap where
 * col_overlap_is_exact), in col_overlap's order: 1 or 0; -1 where the pair
 * has none (decided by distance, or no test). */
static inline int col__exact_overlap(const col_shape *a, const col_shape *b) {
    if (col__swap_pair(a, b, col_v3(0, 0, 0), col_v3(0, 0, 0), 0)) {
        const col_shape *t = a;
        a = b;
        b = t;
    }
    const col__pair *e = &col__pairs[a->kind][b->kind];
    if ((e->method != COL__TEST && e->method != COL__CONVERT) || e->overlap == NULL) return -1;
    return e->overlap(a, b) == 1;
}

/* A distance or penetration witness seen from the other shape: the points
 * exchanged and the normal reversed. */
void col__swap_witness(col_vec3 *point_a, col_vec3 *point_b, col_vec3 *normal);

#endif
