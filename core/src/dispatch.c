/*
 * The symmetric dispatch over the pair table (pair_table.c): col_overlap,
 * col_sweep and the questions about pairs (supported? exact? closed form?
 * which method?), all answered from the table. The pair ordering they use
 * is order.c's.
 */
#include "pairs.h"

#include <string.h>

#include "distance_private.h"
#include "ray.h"

/* The overlap entry of a pair in either order (the one with a <= b). */
static const col__pair *overlap_entry(col_shape_kind a, col_shape_kind b) {
    return a <= b ? &col__pairs[a][b] : &col__pairs[b][a];
}

/* ------------------------- questions about pairs ------------------------- */

bool col_overlap_supported(col_shape_kind a, col_shape_kind b) {
    return col__kind_ok(a) && col__kind_ok(b) && overlap_entry(a, b)->method != COL__NONE;
}

bool col_overlap_is_exact(col_shape_kind a, col_shape_kind b) {
    if (!col_overlap_supported(a, b)) return false;
    col__method m = overlap_entry(a, b)->method;
    return m == COL__TEST || m == COL__CONVERT;
}

char col_overlap_method(col_shape_kind a, col_shape_kind b) {
    return col_overlap_supported(a, b) ? (char)overlap_entry(a, b)->method : '.';
}

bool col_sweep_has_closed_form(col_shape_kind a, col_shape_kind b) {
    return col__kind_ok(a) && col__kind_ok(b) && (col__pairs[a][b].sweep != NULL || col__pairs[b][a].sweep != NULL);
}

bool col_sweep_supported(col_shape_kind a, col_shape_kind b) {
    return col_sweep_has_closed_form(a, b) || col_distance_supported(a, b);
}

/* ------------------------------ the dispatch ------------------------------ */

/* Kinds whose same-kind overlap test gives bit-identical answers in either
 * argument order (negating a difference and adding two radii or comparing
 * two intervals are exact in both orders): their pairs need no ordering,
 * whose comparisons of coordinates are unpredictable branches. */
static bool symmetric_kind(col_shape_kind k) {
    return k == COL_SHAPE_POINT || k == COL_SHAPE_SPHERE || k == COL_SHAPE_AABB || k == COL_SHAPE_CIRCLE ||
           k == COL_SHAPE_RECT;
}

bool col_overlap(const col_shape *a, const col_shape *b) {
    if (!col__kind_ok(a->kind) || !col__kind_ok(b->kind)) return false;
    /* Order the pair (by kind, two shapes of one kind by their numbers), so
     * both argument orders run the same computation and give the same answer
     * even where rounding could make a pair test lean one way. */
    bool symmetric = a->kind == b->kind && symmetric_kind(a->kind);
    if (!symmetric && col__swap_pair(a, b, col_v3(0, 0, 0), col_v3(0, 0, 0), 0)) {
        const col_shape *t = a;
        a = b;
        b = t;
    }
    const col__pair *e = &col__pairs[a->kind][b->kind];
    if (e->method == COL__DISTANCE) return col__overlap_by_distance(a, b);
    return e->overlap != NULL && e->overlap(a, b) == 1;
}

/* col_sweep_convex with its defaults on shapes built from the structs
 * (apart from col_sweep_kind: their copies stay off its frame). */
static COL__NOINLINE col_sweep_hit sweep_general(col_shape_kind ka, const void *a, col_vec3 da, col_shape_kind kb,
                                                 const void *b, col_vec3 db) {
    col_shape sa, sb;
    sa.kind = ka;
    sb.kind = kb;
    memcpy(&sa.u, a, col__kind_sizes[ka]);
    memcpy(&sb.u, b, col__kind_sizes[kb]);
    return col_sweep_convex(&sa, da, &sb, db, NULL, NULL);
}

col_sweep_hit col_sweep_kind(col_shape_kind ka, const void *a, col_vec3 da, col_shape_kind kb, const void *b,
                             col_vec3 db) {
    if (!col__kind_ok(ka) || !col__kind_ok(kb) || !a || !b) return col__sweep_miss(COL_INVALID);
    /* Two shapes of one kind are ordered as in col_overlap (identical ones by
     * their relative motion), so both argument orders run the same
     * computation; shapes of two kinds take the closed form's own order.
     * Two spheres need none: col_sweep_sphere_sphere's result for (B, A) is
     * that for (A, B), the normal reversed, bit for bit (its comments say
     * why), which spares the comparisons of their numbers, unpredictable
     * branches. */
    bool swap = ka == kb && ka != COL_SHAPE_SPHERE &&
                col__swap_by_order(col__data_order(ka, a, b), da, db, COL__BY_MOTION | COL__MOTION_BYTES);
    col__sweep_fn f = col__pairs[ka][kb].sweep;
    if (!swap && f) return f(ka, a, da, kb, b, db);
    f = col__pairs[kb][ka].sweep;
    if (!f) return sweep_general(ka, a, da, kb, b, db); /* no closed form */
    col_sweep_hit h = f(kb, b, db, ka, a, da);
    h.normal = col__no_neg_zero(col_v3_neg(h.normal)); /* was on A toward B */
    return h;
}

col_sweep_hit col_sweep(const col_shape *a, col_vec3 da, const col_shape *b, col_vec3 db) {
    return col_sweep_kind(a->kind, &a->u, da, b->kind, &b->u, db);
}
