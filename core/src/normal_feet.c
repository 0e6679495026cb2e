/*
 * Every normal line of an ellipse or an ellipsoid through a given point
 * (its "normal feet"): the critical directions of a curved shape's support
 * function translated by that point, which the curved penetrations
 * enumerate to find their least (penetration_smooth.c, curved_exhaustive).
 *
 * With the shape centred at the origin on its axes, squared radii lam_i and
 * the point p, a foot y of a normal through p satisfies y - p = -t n with
 * n_i = p_i / (t + lam_i) (the outward normal at y, up to scale) and
 * y_i = lam_i n_i, on the surface where
 *
 *     F(t) = sum_i lam_i p_i^2 / (t + lam_i)^2 = 1.
 *
 * F is a sum of terms c / (t - q)^2 with c >= 0: convex on every interval
 * between its poles q = -lam_i (those with c > 0), increasing from 0 below
 * the lowest pole and decreasing to 0 above the highest. So F = 1 has
 * exactly one root below the lowest pole, one above the highest, and at
 * most two in each interval between (none where F's least there, found on
 * the increasing F', exceeds 1): every root is bracketed where F is
 * monotone, and Newton's method kept in the bracket finds it to the last
 * bits (Eberly, "Distance from a Point to an Ellipse, an Ellipsoid, or a
 * Hyperellipsoid", 2013, takes
 * the root above the highest pole alone: the nearest foot; the others are
 * the remaining critical points, which a least over part of the sphere
 * needs). Where p_i = 0 the pole at -lam_i vanishes and t = -lam_i itself
 * gives the feet off the plane p_i = 0, y_i = +-sqrt(lam_i (1 - sum_{j !=
 * i} lam_j p_j^2 / (lam_j - lam_i)^2)) where that is real.
 *
 * Computed in double in both precisions.
 */
#include <math.h>

#include "geom.h"

/* F(t), F' and F'' over the merged poles q[] with weights w[]. */
static double feet_f(const double *q, const double *w, int m, double t, double *d1, double *d2) {
    double f = 0.0, a = 0.0, b = 0.0;
    for (int j = 0; j < m; ++j) {
        if (t == q[j]) { /* (on a pole: F infinite, no slope; a step from here bisects) */
            *d1 = *d2 = (double)NAN;
            return (double)INFINITY;
        }
        double u = 1.0 / (t - q[j]);
        double u2 = u * u;
        f += w[j] * u2;
        a += w[j] * u2 * u;
        b += w[j] * u2 * u2;
    }
    *d1 = -2.0 * a;
    *d2 = 6.0 * b;
    return f;
}

/* The root of F = 1 in (lo, hi), F monotone there (rising when up): Newton's
 * method on G = F^(-1/2), nearly linear near a pole (exactly so for one
 * term), kept in the bracket, which every value narrows; bisection where a
 * step leaves it; until a step is within a few ulps of t (or of the
 * least distance a root keeps from a pole) or no number lies between. */
static double feet_root(const double *q, const double *w, int m, double lo, double hi, bool up, double scale) {
    double t = 0.5 * (lo + hi);
    for (int it = 0; it < 200; ++it) {
        if (!(t > lo && t < hi)) t = 0.5 * (lo + hi);
        if (!(t > lo && t < hi)) break; /* no number between */
        double d1, d2, f = feet_f(q, w, m, t, &d1, &d2);
        if (f == 1.0) return t;
        if ((f > 1.0) == up)
            hi = t;
        else
            lo = t;
        double g = f > 0.0 ? 1.0 / sqrt(f) : (double)INFINITY, dg = -0.5 * g * g * g * d1;
        double next = dg != 0.0 ? t - (g - 1.0) / dg : (double)NAN; /* (NaN: bisect) */
        if (fabs(next - t) <= 4.0 * DBL_EPSILON * fabs(t) + scale)  /* (converged: the step's own size) */
            return next < lo ? lo : (next > hi ? hi : next);
        t = next;
    }
    return t;
}

/* A place in the pole interval (q[j], q[j + 1]) where F <= 1, the two
 * roots there on either side of it; NaN where F's least there exceeds 1
 * (no root). F >= w / (t - q)^2 of each end's own term, so the roots lie in
 * [q[j] + sqrt(w[j]), q[j + 1] - sqrt(w[j + 1])] (none where that is empty);
 * F' rises (F is convex), and Newton's method on it, kept in its bracket,
 * starts where the two ends' terms alone have their least, (t - q[j]) /
 * (q[j + 1] - t) = (w[j] / w[j + 1])^(1/3), stopping at the first value
 * within 1 or when the least is found. */
static double feet_split(const double *q, const double *w, int m, int j, double scale) {
    double lo = q[j] + sqrt(w[j]), hi = q[j + 1] - sqrt(w[j + 1]);
    if (!(lo <= hi)) return (double)NAN;
    double a = cbrt(w[j] / w[j + 1]);
    double t = q[j] + (q[j + 1] - q[j]) * (a / (1.0 + a));
    for (int it = 0; it < 200; ++it) {
        if (!(t >= lo && t <= hi)) t = 0.5 * (lo + hi);
        double d1, d2, f = feet_f(q, w, m, t, &d1, &d2);
        if (f <= 1.0) return t;
        if (d1 == 0.0) break;
        if (d1 > 0.0)
            hi = t;
        else
            lo = t;
        double next = d2 > 0.0 ? t - d1 / d2 : (double)NAN; /* (NaN: bisect) */
        if (fabs(next - t) <= 4.0 * DBL_EPSILON * fabs(t) + scale) break;
        t = next;
    }
    double d1, d2;
    return t >= q[j] && t <= q[j + 1] && feet_f(q, w, m, t, &d1, &d2) <= 1.0 ? t : (double)NAN;
}

/* p_i as 0 for the feet off its plane (col__normal_feet). */
static bool feet_zero(double p, double lam) { return fabs(p) <= 0x1p-40 * sqrt(lam); }

/* The normal at the root t: n_i = p_i / (t + lam_i) (an axis where t +
 * lam_i is 0 and p_i is not: a disc's rim point in the plane of p). */
static void feet_normal(int k, const double *lam, const double *p, double t, double *n) {
    for (int i = 0; i < k; ++i) {
        double den = t + lam[i];
        if (den == 0.0 && p[i] != 0.0) {
            for (int j = 0; j < k; ++j) n[j] = j == i ? (p[i] > 0.0 ? 1.0 : -1.0) : 0.0;
            return;
        }
        n[i] = den == 0.0 ? 0.0 : p[i] / den;
    }
}

int col__normal_feet(int k, const double *lam, const double *p, double tmin, double (*out)[3], int cap) {
    if (k < 1 || k > 3) return 0;
    for (int i = 0; i < k; ++i)
        if (!(lam[i] >= 0.0 && lam[i] <= DBL_MAX) || !(fabs(p[i]) <= DBL_MAX)) return 0;
    /* the poles, merged where radii are equal, ascending */
    double q[3], w[3];
    int m = 0;
    for (int i = 0; i < k; ++i) {
        double c = lam[i] * p[i] * p[i];
        if (!(c > 0.0)) continue;
        int j = 0;
        while (j < m && q[j] != -lam[i]) ++j;
        if (j < m) {
            w[j] += c;
            continue;
        }
        for (j = m++; j > 0 && q[j - 1] > -lam[i]; --j) q[j] = q[j - 1], w[j] = w[j - 1];
        q[j] = -lam[i], w[j] = c;
    }
    int n = 0;
    double ts[8];
    int nt = 0;
    if (m > 0) {
        double wsum = 0.0;
        for (int j = 0; j < m; ++j) wsum += w[j];
        double reach = sqrt(wsum); /* F <= wsum / (distance to the nearest pole)^2 */
        /* (a step below 4 ulps of t, or below eps of the least distance a
         * root keeps from a pole, sqrt(w), ends Newton's method) */
        double scale = reach, d1, d2;
        for (int j = 0; j < m; ++j) scale = fmin(scale, sqrt(w[j]));
        scale *= DBL_EPSILON;
        /* (each root only where it can lie at tmin or above: a falling F
         * below 1 at tmin has its root below it) */
        if (q[0] > tmin) ts[nt++] = feet_root(q, w, m, q[0] - reach, q[0] - sqrt(w[0]), true, scale);
        for (int j = 0; j + 1 < m; ++j) {
            if (!(q[j + 1] > tmin)) continue;
            double tl = feet_split(q, w, m, j, scale);
            if (!(tl == tl)) continue; /* (NaN: none) */
            if (tl > tmin) ts[nt++] = feet_root(q, w, m, q[j] + sqrt(w[j]), tl, false, scale);
            if (!(tmin > tl && feet_f(q, w, m, tmin, &d1, &d2) > 1.0))
                ts[nt++] = feet_root(q, w, m, tl, q[j + 1] - sqrt(w[j + 1]), true, scale);
        }
        if (!(tmin > q[m - 1] && feet_f(q, w, m, tmin, &d1, &d2) < 1.0))
            ts[nt++] = feet_root(q, w, m, q[m - 1] + sqrt(w[m - 1]), q[m - 1] + reach, false, scale);
    }
    for (int r = 0; r < nt && n < cap; ++r) feet_normal(k, lam, p, ts[r], out[n++]);
    /* t = -lam_i where p_i = 0 (and so on every axis of that radius); also
     * where p_i is so near 0 that the roots by its pole, sqrt(lam_i) |p_i|
     * from it, lie within the rounding of t there (eps lam_i; a margin of
     * 2^12): those roots' directions are noise, these the directions to
     * rounding (a box's edge whose point projected 2e-15 off an
     * ellipsoid's axis, regressions/distance/ellipsoid-on-an-edge-just-
     * off-its-axis) */
    for (int i = 0; i < k; ++i) {
        if (!(lam[i] > 0.0) || !feet_zero(p[i], lam[i]) || -lam[i] < tmin) continue;
        bool first = true, clear = true;
        for (int j = 0; j < k; ++j)
            if (lam[j] == lam[i]) {
                first = first && !(j < i);
                clear = clear && feet_zero(p[j], lam[j]);
            }
        if (!first || !clear) continue;
        double s = 1.0;
        for (int j = 0; j < k; ++j)
            if (lam[j] != lam[i]) {
                double g = p[j] / (lam[j] - lam[i]);
                s -= lam[j] * g * g;
            }
        if (!(s >= 0.0)) continue;
        double yi = sqrt(lam[i] * s);
        for (int sgn = 0; sgn < 2 && n < cap; ++sgn) {
            for (int j = 0; j < k; ++j) out[n][j] = lam[j] != lam[i] ? p[j] / (lam[j] - lam[i]) : 0.0;
            out[n][i] = (sgn ? -yi : yi) / lam[i];
            ++n;
        }
    }
    /* a zero radius's axis, both ways: the support's kink there (a disc's
     * face), a critical direction of its own */
    for (int i = 0; i < k; ++i)
        for (int sgn = 0; sgn < 2 && lam[i] == 0.0 && n < cap; ++sgn, ++n)
            for (int j = 0; j < k; ++j) out[n][j] = j != i ? 0.0 : (sgn ? -1.0 : 1.0);
    for (int r = 0; r < n; ++r)
        for (int j = k; j < 3; ++j) out[r][j] = 0.0;
    return n;
}
