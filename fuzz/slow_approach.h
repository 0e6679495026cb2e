/*
 * fuzz/slow_approach.h: a boundary family of the general sweep
 * (col_sweep_convex) for every harness that makes pairs of shapes.
 *
 * Slow approaches (issue 16's boundary sweeps): A placed d from B along
 * their distance's normal, then moved along it by d + delta (or B against
 * it), d and |delta| each 2^-2, 2^-8, 2^-14 or 2^-20 of the size: the
 * distance falls linearly to the contact at d / (d + delta) where delta > 0
 * (the shapes end delta deep), and never reaches 0 where delta < 0. The
 * planes the general sweep advances on then close at d + delta per unit of
 * time, down to a millionth of the size, which random motions almost never
 * do (a sweep that calls a slowly closing plane a miss, or forgets the
 * radii: fuzz/mutants). The answer is known from the construction to the
 * distance's band and the placement's rounding, far below |delta|: the
 * distance changes no faster than the motion, so it stays above |delta| for
 * delta < 0 (> -d; beyond, A recedes from the start), and at d / (d +
 * delta) the closest points meet. The general sweep, which stops within its
 * tolerance of the target: the closed forms decide exactly (a point aimed
 * at a segment by a rounded normal may pass it by an ulp).
 */
#ifndef COLLIDE_FUZZ_SLOW_APPROACH_H
#define COLLIDE_FUZZ_SLOW_APPROACH_H

#include <float.h>
#include <math.h>
#include <stdio.h>

#include "bands.h"
#include "fuzz_input.h"

/* A slow approach as swept: A placed, the motions, the answer. */
typedef struct fz_slow_case {
    col_shape a;
    col_vec3 store[64]; /* A's points when it is a polytope */
    col_vec3 da, db;
    col_sweep_hit h;
} fz_slow_case;

/* The case k picks for a0 and b (none where the pair has no sweep, is 2D,
 * invalid, a sliver, already touching, or its construction's error is not
 * far below d and delta; float, whose bands are above the smallest steps),
 * checked: false where none was made. */
static inline bool fz_slow_approach(const col_shape *a0, const col_shape *b, uint8_t k, fz_slow_case *c) {
    if (sizeof(col_real) != sizeof(double)) return false;
    if (col_shape_kind_is_2d(a0->kind) || col_shape_kind_is_2d(b->kind)) return false;
    if (!col_sweep_supported(a0->kind, b->kind) || !col_distance_supported(a0->kind, b->kind)) return false;
    if (!col_shape_is_valid(a0) || !col_shape_is_valid(b)) return false;
    if (fz_aspect(a0) < FZ_SLIVER || fz_aspect(b) < FZ_SLIVER) return false;
    if ((a0->kind == COL_SHAPE_POLYTOPE && a0->u.polytope.count > 64) ||
        (b->kind == COL_SHAPE_POLYTOPE && b->u.polytope.count > 64))
        return false;
    col_distance_result r = col_distance(a0, b);
    if (r.status != COL_MISS) return false;
    double size = fz_size(a0, b);
    double d = ldexp(size, -2 - 6 * (k & 3)), delta = ldexp(size, -2 - 6 * ((k >> 2) & 3));
    if (k & 16) delta = -delta;
    /* the construction's error: the distance's own (its band, GJK's stall
     * on slivers), which turns the normal by up to twice that over the
     * distance, so placing A moves it sideways by that angle times the
     * shift (the distance there is then within it of d: it is convex in the
     * shift, its slope the true normal), and at d / (d + delta) the moved
     * closest points are within the distance times the angle, twice the
     * band; and the sweep's tolerance */
    double bd = fz_band_distance(a0, b) + (fz_gjk_sliver(a0, b) ? fz_band_support(a0, b) : 0.0);
    /* A plane's normal is unit only to the plane's tolerance, and the
     * distance to it is n . x - d with n as given (the distance returns it as
     * its normal): a point moved by s along n gets |n|^2 s nearer, so both
     * moves are divided by |n|^2 (|n| = 1 + 3.6e-12 left a point moved 4.4e6
     * along n 1.6e-5 off its mark, 2.2e6 from the origin:
     * fuzz/regressions/dynamic/slow-approach-along-a-planes-normal-not-quite-
     * unit). 1 for the other shapes' unit normals. */
    double nn = (double)col_v3_len_sq(r.normal);
    if (!(nn > 0)) return false;
    double angle = 2 * bd / (double)r.distance, shift = fabs(d - (double)r.distance);
    col_vec3 m = col_v3_scale(r.normal, -(col_real)((d + delta) / nn)), zero = col_v3(0, 0, 0);
    /* and the placement's own rounding: A's numbers moved by the shift, at
     * most a few ulps of the shift and of their magnitude (a plane's offset
     * is its distance from B, which fz_size does not see: a plane 1.2e33
     * from a point near the origin, placed 6e-5 from it, landed on it) */
    double placed = 4 * DBL_EPSILON * (size + (double)r.distance + shift);
    double band = 2 * bd + shift * fmin(angle, 1.0) + placed + fz_band_contact(a0, b, m);
    if (!(fabs(delta) > 4 * band && d > 4 * band)) return false;
    c->a = fz_translated(a0, col_v3_scale(r.normal, (col_real)((d - (double)r.distance) / nn)), c->store);
    bool b_moves = (k & 32) != 0;
    c->da = b_moves ? zero : m;
    c->db = b_moves ? col_v3_neg(m) : zero;
    c->h = col_sweep_convex(&c->a, c->da, b, c->db, NULL, NULL);
    if (c->h.status == COL_NOT_CONVERGED || c->h.status == COL_INVALID) return false; /* (out of the valid range) */
    fz_count("slow approaches that hit", c->h.status == COL_HIT);
    const col_shape *a = &c->a;
    /* where delta > 0, the hit is certain only where the path goes in: a
     * flat shape (a disc, a triangle) met at its rim by the normal touches
     * at d / (d + delta) and then parts, a graze decided within the
     * distance's accuracy; so where the shapes overlap more than the band at
     * the end (the distance is convex along the path: within the tolerance
     * from the touch on) */
    bool deep = true;
    if (delta > 0) {
        col_vec3 ma[64], mb[64];
        col_shape ea = fz_translated(a, c->da, ma), eb = fz_translated(b, c->db, mb);
        col_penetration_result p = col_penetration(&ea, &eb);
        deep = p.status == COL_HIT && (double)p.depth > 2 * band;
        fz_count("slow approaches that end deep", deep);
    }
    if (delta > 0 && deep) {
        if (c->h.status != COL_HIT)
            fprintf(stderr, "  d %g delta %g (size %g), band %g: status %d\n", d, delta, size, band, c->h.status);
        FZ_CHECK(c->h.status == COL_HIT, "a slow approach that ends delta deep hits", a, b);
        FZ_CHECK(!c->h.initially_overlapping, "a slow approach starts apart", a, b);
        double expect = d / (d + delta), slack = 2 * band / (d + delta);
        if (!(fabs((double)c->h.t0 - expect) <= slack))
            fprintf(stderr, "  d %g delta %g: t0 %.17g, expected %.17g within %g\n", d, delta, (double)c->h.t0, expect,
                    slack);
        FZ_CHECK(fabs((double)c->h.t0 - expect) <= slack, "a slow approach meets at d / (d + delta)", a, b);
    } else if (delta < 0) {
        if (c->h.status != COL_MISS)
            fprintf(stderr, "  d %g delta %g (size %g), band %g: t0 %.17g\n", d, delta, size, band, (double)c->h.t0);
        FZ_CHECK(c->h.status == COL_MISS, "a slow approach that stops short misses", a, b);
    }
    return true;
}

#endif
