/*
 * The one ordering of shape pairs (pairs.h): by kind, then by the numbers of
 * two shapes of one kind, then (for sweeps of identical shapes) by their
 * relative motion; used by col_overlap, col_sweep, the distance machinery
 * and the general sweep, so every symmetric query evaluates (a, b) and
 * (b, a) alike.
 */
#include "pairs.h"

#include <string.h>

int col__order_reals(const col_real *x, const col_real *y, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        if (x[i] < y[i]) return -1;
        if (x[i] > y[i]) return 1;
    }
    return memcmp(x, y, n * sizeof(col_real));
}

_Static_assert(sizeof(col_vec3) == 3 * sizeof(col_real), "col_vec3 is a run of 3 reals");

int col__data_order(col_shape_kind kind, const void *a, const void *b) {
    if (kind == COL_SHAPE_POLYTOPE) {
        const col_polytope *pa = a, *pb = b;
        if (pa->count != pb->count) return pa->count < pb->count ? -1 : 1;
        if (pa->points == NULL || pb->points == NULL || pa->count < 1) return 0;
        return col__order_reals(&pa->points[0].x, &pb->points[0].x, 3 * (size_t)pa->count);
    }
    return col__order_reals(a, b, col__kind_sizes[kind] / sizeof(col_real));
}

int col__shape_order(const col_shape *a, const col_shape *b) {
    if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
    return col__data_order(a->kind, &a->u, &b->u);
}

void col__swap_witness(col_vec3 *point_a, col_vec3 *point_b, col_vec3 *normal) {
    col_vec3 t = *point_a;
    *point_a = *point_b;
    *point_b = t;
    *normal = col_v3_neg(*normal);
}
