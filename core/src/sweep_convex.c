/*
 * The general convex sweep (collide/gjk.h, col_sweep_convex): conservative
 * advancement over the distance of the pair, a convex function of time for
 * linear motion, so no step passes the contact, its approach by one GJK ray
 * cast on the pair's cores (unless B is a plane or a core an ellipsoid).
 * Mirtich 1996; van den Bergen 2004; Catto 2013.
 */
#include "convex.h"
#include "distance_private.h"
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
    col_distance_result start; /* the distance at t_start (after a cast: a miss, its distance a lower bound) */
} advance;

/* How the approach by ray casting ended (cast_approach). */
typedef enum {
    CAST_NONE, /* no advance: conservative advancement from the start */
    CAST_MISS, /* a plane certified a miss */
    CAST_NEAR, /* stalled at a time before the contact: advancement from there */
    CAST_HIT   /* the contact, within tolerance of the target */
} cast_end;

/* A (its proxy As) to its place at time t, the simplex's points of A with
 * it. */
static void cast_move(col__proxy *As, simplex *s, col_vec3 v, col_real t) {
    col_vec3 shift = col_v3_scale(v, t), delta = col_v3_sub(shift, As->shift);
    As->shift = shift;
    for (int i = 0; i < s->n; ++i) {
        s->v[i].a = col_v3_add(s->v[i].a, delta);
        s->v[i].w = col_v3_sub(s->v[i].a, s->v[i].b);
    }
}

/*
 * The approach of conservative advancement by GJK ray casting (van den
 * Bergen 2004; gjk_raycast in raycast_convex.c casts a ray at one core, this
 * the motion at the pair): the cores' difference M(u) = A - B, A moved by
 * dir v u, is searched for its point v nearest the origin as GJK does, and
 * where a support point w along -v proves the plane through w normal to v
 * keeps M further than rho (the sum of the radii and the target) from the
 * origin, u advances to where that plane, moving at v . dir v, comes within
 * rho (less the rounding of v . w), and the simplex's points move with A.
 * Each advance is conservative advancement's step on a lower bound of the
 * distance, taken without first converging the distance at u: one GJK run
 * for the whole approach instead of one per step. A miss where a plane
 * recedes or stays (v . dir v >= 0) or its advance passes u = 1, as
 * advance_run's; CAST_HIT where |v| comes within tol of rho (the distance
 * is then within tolerance of the target), after a last step of the plane
 * onto rho: *r, in the frame, and *n_out the last advance's plane normal;
 * CAST_NEAR where the cast stops
 * making progress before (no new support point at a standing u, the origin
 * in the simplex to rounding, the cap), at a time no later than the
 * contact: advance_run takes over from there, warm-started from the cast's
 * simplex (g). *sep0 is the largest distance the planes prove at u = 0 (-1:
 * none); CAST_NONE where no plane advanced u, or for a curved core (an
 * ellipsoid's support moves continuously: the cast converges slowly
 * there), with u = 0. *steps counts the iterations. Pairs whose distance
 * has a closed form take the cast too: a capsule swept against a box or a
 * triangle (a character's moves) took 6.2 and 5.3 distances, 1369 and 2056
 * ns near (collide-bench, sweep_general_capsule_*), and takes 1194 and 859
 * by the cast.
 */
static cast_end cast_approach(const pair *P, col_vec3 v, col_real t_start, col_real dir, col_real target, col_real tol,
                              gjk_state *g, col_real *u_out, col_vec3 *n_out, col_real *sep0, col_distance_result *r,
                              int *steps) {
    *u_out = COL_R(0.0);
    *sep0 = -COL_R(1.0);
    col__proxy As, Bs;
    col__proxy_make(P->a, P->o, col_v3_scale(v, t_start), &As);
    col__proxy_make(P->b, P->o, col_v3(0, 0, 0), &Bs);
    if (As.type == COL__SUPPORT_ELLIPSOID || Bs.type == COL__SUPPORT_ELLIPSOID) return CAST_NONE;
    const col_real rho = target + P->ra + P->rb, reach = rho + tol;
    const col_vec3 m = col_v3_scale(v, dir); /* A's motion per unit u */
    col_real u = COL_R(0.0);
    col_vec3 n = col_v3(0, 0, 0);
    /* the start: M's point along the line between the cores' first points, as GJK's */
    col_vec3 d0 = col_v3_sub(col_v3_add(Bs.p[0], Bs.shift), col_v3_add(As.p[0], As.shift));
    if (col__same_point(d0, col_v3(0, 0, 0))) d0 = col_v3(1, 0, 0);
    simplex *s = &g->s;
    s->v[0] = col__support_pair(&As, &Bs, d0);
    s->bc[0] = COL_R(1.0);
    s->n = 1;
    col_vec3 x = s->v[0].w;
    col_real xx = col_v3_dot(x, x);
    bool reached = false;
    for (int it = 0;; ++it) {
        col_real xlen = col_sqrt(xx);
        /* within tolerance of the target: one last plane step (below), so
         * that the contact lies where the planes meet rho, as conservative
         * advancement's steps aim, not anywhere within the tolerance */
        bool last = xlen <= reach;
        if (!last && (!(xlen > reach) || it >= COL_GJK_MAX_ITERATIONS)) break; /* NaN, the cap: the distances decide */
        ++*steps;
        svert w = col__support_pair_inline(&As, &Bs, col_v3_neg(x));
        col_real xw = col_v3_dot(x, w.w);
        if (last) {
            /* (aimed as conservative advancement aims its steps, on the
             * distance itself: the plane without the margin for x . w's
             * rounding, which in float, 5.7e-5 of a contact 15 from the
             * frame's origin, stopped a capsule rising into a ceiling that
             * far short; the simplex has converged here, its rounding no
             * more than the distance's own) */
            col_real xm = col_v3_dot(x, m), aim = xw - rho * xlen;
            col_real un = xm < COL_R(0.0) ? u + aim / -xm : COL_R(2.0); /* (2: no step) */
            if (aim > COL_R(0.0) && un <= COL_R(1.0) && u > COL_R(0.0)) {
                cast_move(&As, s, v, t_start + dir * un);
                u = un;
                n = x;
            }
            reached = true;
            break;
        }
        /* the plane parts M from the origin by more than rho where x . w
         * exceeds rho |x| by more than its rounding (x carries the simplex's,
         * w M's size), as in gjk_raycast */
        col_real noise = COL_R(32.0) * COL_EPSILON * xlen * (col_abs(w.w.x) + col_abs(w.w.y) + col_abs(w.w.z));
        col_real gap = xw - rho * xlen - noise;
        bool apart = gap > COL_R(0.0);
        if (apart) {
            if (u == COL_R(0.0)) *sep0 = col_max(*sep0, (xw - noise) / xlen - P->ra - P->rb);
            col_real xm = col_v3_dot(x, m);
            if (!(xm < COL_R(0.0))) return CAST_MISS; /* the plane stays or recedes */
            col_real un = u + gap / -xm;
            if (!(un <= COL_R(1.0))) return CAST_MISS; /* contact after the end (NaN too) */
            /* A to its place at un, the simplex's points and w with it */
            col_vec3 before = As.shift;
            cast_move(&As, s, v, t_start + dir * un);
            w.a = col_v3_add(w.a, col_v3_sub(As.shift, before));
            w.w = col_v3_sub(w.a, w.b);
            u = un;
            n = x;
        }
        bool dup = false;
        for (int i = 0; i < s->n; ++i) dup = dup || col__same_point(s->v[i].w, w.w);
        if (dup && !apart) break; /* no new point and no advance: the distance at u is known to rounding */
        if (!dup) s->v[s->n++] = w;
        col_vec3 x2;
        bool in = col__simplex_closest_fast(s, &x2);
        col_real xx2 = col_v3_dot(x2, x2);
        if (in) break;                    /* the cores meet at u (rounding): the distance decides */
        if (!apart && !(xx2 < xx)) break; /* no progress at a standing u */
        x = x2;
        xx = xx2;
    }
    if (u == COL_R(0.0)) return CAST_NONE; /* no advance: the distances decide from the start */
    *u_out = u;
    *n_out = col__unit_or(n, col_v3(0, 0, 0));
    if (reached) {
        /* the contact: the simplex's witnesses, whose distance |x| is within
         * tol of rho (x is a point of M(u)); the normal is the last
         * advance's plane, which parts the cores by rho there (a supporting
         * plane of both shapes at the contact; the witnesses' difference is
         * as long as the tolerance, its direction noise) */
        col_vec3 pa, pb;
        col__witness(s, &pa, &pb);
        *r = col__rounded_result(pa, P->ra, pb, P->rb);
        /* (the witnesses themselves within tolerance too: where |x| rounds
         * away from them, 1e24 from the origin, the distances decide) */
        if (r->status == COL_HIT || r->distance <= target + tol) return CAST_HIT;
    }
    col__gjk_warm_from_last(g);
    return CAST_NEAR;
}

/* Advances from time t_start in direction dir (+1 forward, -1 backward) while
 * A moves by v per unit time: by a ray cast (cast_approach) where B is no
 * plane and the distance at the start is known to be above start_floor,
 * then, where the cast stalls, by conservative advancement over converged
 * distances up to the contact. */
static advance advance_run(const pair *P, col_vec3 v, col_real t_start, col_real dir, col_real target, col_real tol,
                           int cap, int *evals, col_real start_floor) {
    advance out;
    memset(&out, 0, sizeof out);
    col_real u = COL_R(0.0); /* time travelled */
    gjk_state g;
    col__gjk_init(&g, COL_R(-1.0));
    if (P->b->kind != COL_SHAPE_PLANE) {
        col_real sep0;
        cast_end c = cast_approach(P, v, t_start, dir, target, tol, &g, &u, &out.normal, &sep0, &out.r, evals);
        if (c != CAST_NONE && sep0 > start_floor) {
            /* the start known to be apart by at least sep0 (its distance
             * is read only to be compared with start_floor) */
            out.start.status = COL_MISS;
            out.start.distance = sep0;
            if (c == CAST_MISS) return out;
            if (c == CAST_HIT) {
                out.t = t_start + dir * u;
                out.hit = true;
                return out;
            }
        } else {
            u = COL_R(0.0);
            out.normal = col_v3(0, 0, 0);
            col__gjk_init(&g, COL_R(-1.0));
        }
    }
    const bool cast = u > COL_R(0.0);
    col__proxy As, Bs;
    for (int it = 0;; ++it) {
        col_real t = t_start + dir * u;
        col_distance_result r = col__pair_distance(P, col_v3_scale(v, t), &g, &As, &Bs);
        col__gjk_warm_from_last(&g); /* each step starts from the last one's closest features */
        ++*evals;
        out.t = t;
        out.r = r;
        if (it == 0 && !cast) out.start = r;
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

    /* (the start's distance decides below where within 4 sqrt(eps) of the scale) */
    col_real near_start = COL_R(4.0) * col_sqrt(COL_EPSILON) * scale;
    advance fwd = advance_run(&P, v, COL_R(0.0), COL_R(1.0), prm.target, tol, cap, &evals, near_start);
    bool touch_by_test = false;
    if (fwd.start.status != COL_HIT && fwd.start.distance > COL_R(0.0) && fwd.start.distance <= near_start &&
        col__exact_overlap(a, b) == 1) {
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
        advance back = advance_run(&P, v, COL_R(1.0), -COL_R(1.0), prm.target, tol, cap, &evals, -COL_R(1.0));
        if (back.hit) h.t1 = col_max(back.t, h.t0);
        if (back.capped) h.status = COL_NOT_CONVERGED;
    }
    if (iterations) *iterations = evals;
    h.normal = col__no_neg_zero(swap ? col_v3_neg(h.normal) : h.normal);
    return h;
}
