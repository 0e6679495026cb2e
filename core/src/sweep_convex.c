/*
 * The general convex sweep (collide/gjk.h, col_sweep_convex): conservative
 * advancement over the distance of the pair, a convex function of time for
 * linear motion, so no step passes the contact. Mirtich 1996; Catto 2013.
 */
#include "convex.h"
#include "pairs.h"
#include "ray.h"

#include <string.h>

col_sweep_params col_sweep_params_default(void) {
    col_sweep_params p;
    p.target = COL_R(0.0);
    p.tolerance = -COL_R(1.0);
    p.max_iterations = 0;
    return p;
}

typedef struct advance {
    col_real t;                /* time reached */
    bool hit;                  /* distance <= target + tolerance at t */
    bool capped;               /* the iteration cap was reached */
    col_distance_result r;     /* the distance at t (in the frame) */
    col_vec3 normal;           /* r.normal, or the last step's when the step lands in exact contact */
    col_distance_result start; /* the distance at t_start */
} advance;

/* Advances from time t_start in direction dir (+1 forward, -1 backward) while
 * A moves by v per unit time. */
static advance advance_run(const pair *P, col_vec3 v, col_real t_start, col_real dir, col_real target, col_real tol,
                           int cap, int *evals) {
    advance out;
    memset(&out, 0, sizeof out);
    col_real u = COL_R(0.0); /* time travelled */
    gjk_state g;
    col__gjk_init(&g, COL_R(-1.0));
    col__proxy As, Bs;
    for (int it = 0;; ++it) {
        col_real t = t_start + dir * u;
        col_distance_result r = col__pair_distance(P, col_v3_scale(v, t), &g, &As, &Bs);
        col__gjk_warm_from_last(&g); /* each step starts from the last one's closest features */
        ++*evals;
        out.t = t;
        out.r = r;
        if (it == 0) out.start = r;
        if (r.distance > COL_R(0.0)) out.normal = r.normal; /* else keep the approach direction */
        if (r.status == COL_HIT || r.distance <= target + tol) {
            out.hit = true;
            return out;
        }
        if (it >= cap) {
            out.capped = true;
            return out;
        }
        /* closing speed along the normal (from B toward A); A moves by dir * v */
        col_real s = -dir * col_v3_dot(v, r.normal);
        if (!(s > COL_R(0.0))) return out; /* receding or parallel: the distance only grows */
        col_real un = u + (r.distance - target) / s;
        if (!(un <= COL_R(1.0))) return out; /* contact after the end */
        if (!(un > u)) {
            out.hit = true; /* the step is below the resolution of time */
            return out;
        }
        u = un;
    }
}

col_sweep_hit col_sweep_convex(const col_shape *a, col_vec3 da, const col_shape *b, col_vec3 db,
                               const col_sweep_params *params, int *iterations) {
    int evals = 0;
    if (iterations) *iterations = 0;
    col_sweep_params prm = params ? *params : col_sweep_params_default();
    if (!col__pair_valid(a, b) || !col_v3_is_valid(da) || !col_v3_is_valid(db) || !col_is_valid_size(prm.target) ||
        !(prm.tolerance <= COL_HUGE))
        return col__sweep_miss(COL_INVALID);
    /* Symmetric order: a plane second; by kind and numbers; two identical
     * shapes by the direction of the relative motion (col__swap_pair). */
    bool swap = col__swap_pair(a, b, da, db, COL__PLANE_LAST | COL__BY_MOTION);
    if (swap) {
        const col_shape *t = a;
        a = b;
        b = t;
        col_vec3 tv = da;
        da = db;
        db = tv;
    }
    pair P;
    col__pair_init(&P, a, b, false);
    col_vec3 v = col_v3_sub(da, db);
    if (!col_v3_is_valid(v)) return col__sweep_miss(COL_INVALID);
    /* scale of the problem for the default tolerance */
    col_real scale = col__max_abs3(v);
    {
        col__proxy As, Bs;
        col__proxy_make(P.a, P.o, col_v3(0, 0, 0), &As);
        scale = col_max(scale, As.size);
        if (P.b->kind != COL_SHAPE_PLANE) {
            col__proxy_make(P.b, P.o, col_v3(0, 0, 0), &Bs);
            scale = col_max(scale, Bs.size);
        }
    }
    col_real tol = prm.tolerance >= COL_R(0.0) ? prm.tolerance : COL_SWEEP_TOLERANCE * scale;
    int cap = prm.max_iterations > 0 ? prm.max_iterations : COL_SWEEP_MAX_ITERATIONS;

    advance fwd = advance_run(&P, v, COL_R(0.0), COL_R(1.0), prm.target, tol, cap, &evals);
    bool touch_by_test = false;
    if (fwd.start.status != COL_HIT && fwd.start.distance > COL_R(0.0) &&
        fwd.start.distance <= COL_R(4.0) * col_sqrt(COL_EPSILON) * scale && col__exact_overlap(a, b) == 1) {
        /* GJK resolves a distance to about sqrt(eps) of the size (its |v|^2
         * is lost in the rounding of dot products of the size's square):
         * there the exact static test decides whether the sweep starts in
         * contact (initially_overlapping), so zero motion is the static test. A segment ending on a
         * disc's rim was left 5.8e-7 apart at size 245 (fuzz/regressions/
         * dynamic/zero-motion-of-a-segment-ending-on-a-discs-rim). */
        touch_by_test = true;
        fwd.hit = true;
        fwd.capped = false;
        fwd.t = COL_R(0.0);
        fwd.r = fwd.start;
        fwd.r.distance = COL_R(0.0);
        fwd.normal = fwd.start.normal;
    }
    if (iterations) *iterations = evals;
    if (!fwd.hit && !fwd.capped) return col__sweep_miss(COL_MISS);
    col_sweep_hit h = col__sweep_miss(fwd.hit ? COL_HIT : COL_NOT_CONVERGED);
    h.t0 = fwd.t;
    h.t1 = fwd.t;
    h.point = col_v3_add(col_v3_scale(col_v3_add(fwd.r.point_a, fwd.r.point_b), COL_R(0.5)),
                         col_v3_add(P.o, col_v3_scale(db, fwd.t)));
    h.normal = fwd.normal;
    if (fwd.hit && fwd.t == COL_R(0.0) && (fwd.r.status == COL_HIT || fwd.r.distance <= COL_R(0.0))) {
        h.initially_overlapping = true;
        col_penetration_result pen = col__pair_penetration(&P, col_v3(0, 0, 0));
        /* (a touch the static test found, which the penetration, deciding
         * by GJK, calls apart: the distance's normal, the way out) */
        h.normal = pen.status != COL_MISS ? pen.normal : touch_by_test ? fwd.normal : col_v3(0, 0, 0);
    } else if (col__same_point(h.normal, col_v3(0, 0, 0))) {
        /* every distance on the way was zero to rounding: the way out at t0 */
        col_penetration_result pen = col__pair_penetration(&P, col_v3_scale(v, fwd.t));
        if (pen.status != COL_MISS) h.normal = pen.normal;
        if (col__same_point(h.normal, col_v3(0, 0, 0))) h.normal = col__unit_or(col_v3_neg(v), col_v3(0, 0, 1));
    }
    if (fwd.hit) {
        /* the last time within the target: the same advancement from u = 1 backwards */
        advance back = advance_run(&P, v, COL_R(1.0), -COL_R(1.0), prm.target, tol, cap, &evals);
        if (back.hit) h.t1 = col_max(back.t, h.t0);
        if (back.capped) h.status = COL_NOT_CONVERGED;
    }
    if (iterations) *iterations = evals;
    h.normal = col__no_neg_zero(swap ? col_v3_neg(h.normal) : h.normal);
    return h;
}
