/*
 * bench/rotating.c — the rotating sweep (col_sweep_rotating, issue 17):
 * conservative advancement alone (Mirtich's bound, col__rotating_plain)
 * against the same with its separating-axis steps (the fast path), on
 * three scenes of 512 sweeps each from a fixed seed: bullets past a
 * spinning blade, crates tumbling onto a floor, and turning capsules
 * against turning boxes. Prints ns per sweep (the median of the
 * repetitions, the two paths taking turns), distance queries per sweep,
 * hits with the axis steps, the sweeps advancement alone leaves capped
 * (COL_NOT_CONVERGED at COL_SWEEP_MAX_ITERATIONS steps) that the axis
 * steps finish, and checks that both find the same contacts (the same t0
 * to the tolerance where both hit; a pass within the tolerance may be a
 * hit for one and a miss for the other, counted as a graze).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "bench_volumes.h"

extern bool col__rotating_plain; /* core/src/ray.h: the test hook */

enum { SWEEPS = 512 };

typedef struct rot_case {
    col_shape a, b;
    col_rigid_motion ma, mb;
} rot_case;

static col_shape obb(col_vec3 c, col_vec3 e, col_mat3 r) {
    col_shape s;
    s.kind = COL_SHAPE_OBB;
    s.u.obb.c = c;
    s.u.obb.u[0] = r.c0;
    s.u.obb.u[1] = r.c1;
    s.u.obb.u[2] = r.c2;
    s.u.obb.e = e;
    return s;
}

static col_vec3 rvec(uint64_t *st, double scale) {
    return col_v3((col_real)(scale * (2 * bench_urand(st) - 1)), (col_real)(scale * (2 * bench_urand(st) - 1)),
                  (col_real)(scale * (2 * bench_urand(st) - 1)));
}

static void make_scene(int kind, rot_case *c) {
    uint64_t st = 0x5eed0000u + (uint64_t)kind;
    for (int i = 0; i < SWEEPS; ++i) {
        rot_case *k = &c[i];
        if (kind == 0) { /* a bullet (radius 0.05) 12 units across a blade 8 long turning 0.3-2 rad */
            k->b = obb(col_v3(0, 0, 0), col_v3(4, COL_R(0.1), COL_R(0.1)), col_m3_identity());
            double ang = 6.283185307179586 * bench_urand(&st);
            col_vec3 from = col_v3((col_real)(6 * cos(ang)), (col_real)(6 * sin(ang)), 0);
            col_vec3 to = rvec(&st, 3);
            to.z = 0;
            col_vec3 d = col_v3_sub(to, from);
            d = col_v3_scale(d, COL_R(12.0) / col_v3_len(d));
            k->a.kind = COL_SHAPE_SPHERE;
            k->a.u.sphere = (col_sphere){from, COL_R(0.05)};
            k->ma = col_rigid_motion_about_centre(&k->a, d, col_v3(0, 0, 0));
            k->mb = col_rigid_motion_about_centre(&k->b, col_v3(0, 0, 0),
                                                  col_v3(0, 0, (col_real)(0.3 + 1.7 * bench_urand(&st))));
        } else if (kind == 1) { /* a unit crate 2-4 above a floor, dropping 4, turning 0.5-3 rad */
            col_vec3 axis = rvec(&st, 1);
            col_real len = col_v3_len(axis);
            k->a = obb(col_v3(0, (col_real)(2.5 + 2 * bench_urand(&st)), 0), col_v3(COL_R(0.5), COL_R(0.5), COL_R(0.5)),
                       col_m3_from_axis_angle(axis, (col_real)(3 * bench_urand(&st))));
            k->b = obb(col_v3(0, 0, 0), col_v3(10, COL_R(0.5), 10), col_m3_identity());
            col_vec3 spin = col_v3_scale(axis, (col_real)(0.5 + 2.5 * bench_urand(&st)) / len);
            k->ma = col_rigid_motion_about_centre(&k->a, col_v3(0, -4, 0), spin);
            k->mb = col_rigid_motion_about_centre(&k->b, col_v3(0, 0, 0), col_v3(0, 0, 0));
        } else { /* a capsule and a box, both turning up to ~4 rad, the capsule crossing the box's place */
            col_vec3 p0 = rvec(&st, 3);
            k->a.kind = COL_SHAPE_CAPSULE;
            k->a.u.capsule = (col_capsule){p0, col_v3_add(p0, rvec(&st, 1)), (col_real)(0.2 + 0.3 * bench_urand(&st))};
            k->b = obb(rvec(&st, 0.5), col_v3(COL_R(0.6), COL_R(0.4), COL_R(0.5)),
                       col_m3_from_axis_angle(col_v3(1, 2, 3), (col_real)(3 * bench_urand(&st))));
            k->ma = col_rigid_motion_about_centre(&k->a, col_v3_scale(p0, -2), rvec(&st, 4));
            k->mb = col_rigid_motion_about_centre(&k->b, col_v3(0, 0, 0), rvec(&st, 3));
        }
    }
}

/* The least distance over 2000 sampled times of the step (a graze: within
 * the sweep's tolerance of touching). */
static double least_distance(const rot_case *c) {
    double least = INFINITY;
    for (int k = 0; k <= 2000; ++k) {
        col_shape pa, pb;
        col_real u = (col_real)k / COL_R(2000.0);
        if (!col_shape_moved(&c->a, &c->ma, u, NULL, &pa) || !col_shape_moved(&c->b, &c->mb, u, NULL, &pb)) continue;
        col_distance_result d = col_distance(&pa, &pb);
        least = fmin(least, d.status == COL_HIT ? 0.0 : (double)d.distance);
    }
    return least;
}

/* One pass over the scene: ns per sweep; *queries, *hits, the answers in h. */
static double pass(const rot_case *c, bool plain, long *queries, int *hits, col_sweep_hit *h) {
    col__rotating_plain = plain;
    *queries = 0;
    *hits = 0;
    double t = bench_now_ns();
    for (int i = 0; i < SWEEPS; ++i) {
        int it = 0;
        h[i] = col_sweep_rotating(&c[i].a, &c[i].ma, &c[i].b, &c[i].mb, NULL, &it);
        *queries += it;
        *hits += h[i].status == COL_HIT;
    }
    t = (bench_now_ns() - t) / SWEEPS;
    col__rotating_plain = false;
    return t;
}

int bench_rotating_run(int reps) {
    static const char *const names[] = {"bullets past a spinning blade", "crates tumbling onto a floor",
                                        "turning capsules and boxes"};
    rot_case *c = malloc(SWEEPS * sizeof *c);
    col_sweep_hit *hp = malloc(SWEEPS * sizeof *hp), *hf = malloc(SWEEPS * sizeof *hf);
    double *tp = malloc((size_t)reps * sizeof *tp), *tf = malloc((size_t)reps * sizeof *tf);
    if (!c || !hp || !hf || !tp || !tf) return 1;
    int bad = 0;
    printf("rotating sweeps (col_sweep_rotating; %d sweeps per scene, ns per sweep, median of %d; queries: "
           "distance queries per sweep)\n",
           SWEEPS, reps);
    printf("%-32s %14s %8s %14s %8s %7s %7s %7s %7s\n", "scene", "advancement", "queries", "+ axis steps", "queries",
           "ratio", "hits", "capped", "grazes");
    for (int s = 0; s < 3; ++s) {
        make_scene(s, c);
        long qp = 0, qf = 0;
        int np = 0, nf = 0;
        for (int r = 0; r < reps; ++r) {
            tp[r] = pass(c, true, &qp, &np, hp);
            tf[r] = pass(c, false, &qf, &nf, hf);
        }
        qsort(tp, (size_t)reps, sizeof *tp, bench_cmp_double);
        qsort(tf, (size_t)reps, sizeof *tf, bench_cmp_double);
        int grazes = 0, capped = 0;
        for (int i = 0; i < SWEEPS; ++i) {
            if (hp[i].status == COL_NOT_CONVERGED && hf[i].status != COL_NOT_CONVERGED) {
                ++capped; /* advancement alone ran out of steps (COL_SWEEP_MAX_ITERATIONS) */
            } else if (hp[i].status != hf[i].status) {
                /* a pass within the tolerance (1e-9 of a scale about 10)
                 * without touching may be a hit for one and a miss for the
                 * other; between samples the least distance can hide by at
                 * most the speed bound over 4000 */
                ++grazes;
                if (!(least_distance(&c[i]) <= 1e-2)) {
                    printf("collide-bench: rotating sweep %d of scene %d: a hit for one path only, %.3g apart at "
                           "least\n",
                           i, s, least_distance(&c[i]));
                    bad = 1;
                }
            } else if (hp[i].status == COL_HIT && fabs((double)(hp[i].t0 - hf[i].t0)) > 1e-5) {
                printf("collide-bench: rotating sweep %d of scene %d: t0 %.17g alone, %.17g with the axis steps\n", i,
                       s, (double)hp[i].t0, (double)hf[i].t0);
                bad = 1;
            }
        }
        double mp = tp[reps / 2], mf = tf[reps / 2];
        printf("%-32s %14.0f %8.1f %14.0f %8.1f %6.2fx %7d %7d %7d\n", names[s], mp, (double)qp / SWEEPS, mf,
               (double)qf / SWEEPS, mf / mp, nf, capped, grazes);
    }
    free(c);
    free(hp);
    free(hf);
    free(tp);
    free(tf);
    return bad;
}
