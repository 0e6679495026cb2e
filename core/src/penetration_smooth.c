/*
 * The penetration of curved shapes to rounding (col_penetration): EPA's
 * polytope of support points only approaches a curved difference, so its
 * coarse answer is finished here by the contact's own conditions. Two
 * smooth cores by Newton's method on the support of their difference; a
 * smooth core against a polyhedral one by every critical direction of
 * every feature of the polyhedron the contact can be on (a vertex, an edge,
 * a face), the least kept.
 */
#include "convex.h"

#include <math.h>
#include <stdlib.h>

/*
 * The contact of two smooth, strictly convex cores (ellipsoids with every
 * radius positive, points: their difference D = A - B is smooth and strictly
 * convex): the least support value h(m) = s_D(m) . m over unit m, where the
 * origin lies in D, is the depth, and at its minimizer s_D(m) is parallel
 * to m (its part across m, t = s_D(m) - h m, is zero). EPA only approaches
 * it by a polytope of D (on an ellipsoid its normal was 1e-3 rad off in the
 * mean and a third of the pairs reached its cap), so Newton's method takes
 * t to zero from EPA's normal: t in a frame across m (e1, e2), its
 * derivative by differences of the support at m + eps^(1/3) e_k (the Hessian of
 * h on the sphere, the curvature radius of D less h: positive definite at a
 * least h), each step at most a quarter radian and halved until h does not
 * grow (the support's own bound keeps every h an upper bound of the depth,
 * so the answer is never deeper than EPA's).
 * Accepted where |t| falls within 128 eps of the size (and of the largest
 * radius of curvature: contact_tolerance), the rounding of the
 * support points: then m is D's normal at its nearest point to that
 * rounding, h the depth, and the supports of A along m and of B against it
 * a matched pair (each unique). Everything is relative to the size and the
 * unit m, so scaling both shapes by a power of two scales h and the points
 * and changes no bit of m.
 * Cores apart are the same problem: the origin outside D, the least h is
 * below 0, minus their distance, and h m = s_D(m) is D's nearest point to
 * the origin (GJK's witnesses only approach a curved core, to about 1e-7 of
 * the size: its normal for a shallow contact was that far off).
 */
static bool smooth_core(const col__proxy *p) {
    return p->type == COL__SUPPORT_POINT ||
           (p->type == COL__SUPPORT_ELLIPSOID && p->e.x > COL_R(0.0) && p->e.y > COL_R(0.0) && p->e.z > COL_R(0.0));
}

/* An ellipsoid core flat along one axis (that radius 0, the two others
 * positive): a disc, whose support is its rim's point (smooth) but along
 * its axis, where it is the whole disc. The axis, or -1. */
static int disc_axis(const col__proxy *p) {
    if (p->type != COL__SUPPORT_ELLIPSOID) return -1;
    const col_real r[3] = {p->e.x, p->e.y, p->e.z};
    int k = -1, zeros = 0;
    for (int i = 0; i < 3; ++i) {
        if (r[i] == COL_R(0.0))
            ++zeros, k = i;
        else if (!(r[i] > COL_R(0.0)))
            return -1;
    }
    return zeros == 1 ? k : -1;
}

/* An ellipsoid's largest radius, and in *lo its least positive one (the
 * largest where none is positive). */
static col_real radii_span(const col__proxy *p, col_real *lo) {
    col_real hi = col_max(p->e.x, col_max(p->e.y, p->e.z));
    *lo = hi;
    if (p->e.x > COL_R(0.0)) *lo = col_min(*lo, p->e.x);
    if (p->e.y > COL_R(0.0)) *lo = col_min(*lo, p->e.y);
    if (p->e.z > COL_R(0.0)) *lo = col_min(*lo, p->e.z);
    return hi;
}

/* The largest ratio of an ellipsoid's positive radii whose contacts are
 * refined: in double 2^25, in float 2^10. The contact's tolerance grows with
 * the largest radius of curvature, r_max times that ratio (128 eps of it:
 * a support point moves by it times the direction's rounding), and these
 * keep it within 2^-20 of r_max in double, 2^-6 in float. (The tenth
 * session's limit, 256 for both, was for the knife's edge where such a
 * surface turns from its flat to its rim, 2e6 against 3e-5 in radius of
 * curvature for an ellipsoid 512 wide and 0.25 thick, which defeated
 * Newton's differences; the edges' bracket on the slope's sign (since the
 * eighteenth session the edges' critical directions in closed form) and the
 * central differences since made it hold: on 500 random ellipsoids and
 * discs of each ratio 10^3, 10^5 and 10^8 against boxes, b* - a* - depth
 * n within 1.1e-11, 1.2e-9 and 1.1e-6 of the size, none deeper than a local
 * search, where EPA's witnesses were 0.004 of the size off in the mean, up
 * to 0.35, and a sixth of its depths above the least; in float at 10^3,
 * 6e-4 in the mean and 7e-3 at most, against EPA's 7e-3 and 0.34.)
 * Beyond, EPA (to its tolerance). */
#define CURVED_ASPECT_MAX (COL_EPSILON < COL_R(1e-10) ? COL_R(0x1p25) : COL_R(0x1p10))

static bool curved_aspect(const col__proxy *p) {
    col_real lo, hi = radii_span(p, &lo);
    return hi <= CURVED_ASPECT_MAX * lo;
}

/* A disc against a smooth core or another disc: its rim's contact is
 * found by Newton's method in polar angles about its axis (polar_newton),
 * up to a ratio of its radii of 2^16 in double, 256 in float. (The tenth
 * session's 256 for both: a disc 507.75 by 0.125 against a ball of radius
 * 512 did not converge, fuzz/regressions/distance/thin-disc-against-a-
 * ball-beyond-the-smooth-pairs-aspect; since the fourteenth session's
 * steps across the pole it does, and of 2000 random overlapping discs of
 * ratio 10^3, 10^4 and 10^5 against balls and ellipsoids up to 512 across,
 * and as many against discs across, every one converged, none deeper than
 * a descent from 26 directions by 5e-16 of the size, b* - a* - depth n
 * within 2e-9 of it; at 2.6e5 three in a thousand stopped short, and
 * beyond, EPA's cap takes one in seven. In float the tolerance, 128 eps of
 * the curvature radius, is 2e-3 of the size at 256 already.) Against a
 * polyhedral core the rim meets a vertex or an edge (their critical
 * directions, curved_exhaustive): CURVED_ASPECT_MAX. */
#define DISC_ASPECT_MAX (COL_EPSILON < COL_R(1e-10) ? COL_R(0x1p16) : COL_R(256.0))

static bool moderate_aspect(const col__proxy *p) {
    col_real lo, hi = radii_span(p, &lo);
    return hi <= DISC_ASPECT_MAX * lo;
}

static col_real v3_get(col_vec3 v, int i) { return i == 0 ? v.x : (i == 1 ? v.y : v.z); }

/* sigma times the world axis ax. */
static col_vec3 axis_dir(int ax, col_real sigma) {
    return col_v3(ax == 0 ? sigma : COL_R(0.0), ax == 1 ? sigma : COL_R(0.0), ax == 2 ? sigma : COL_R(0.0));
}

/* A solved contact: the unit m, h = D's support value along it, e and p
 * its parts (in D: e the curved core's, or the disc's, and p the other's)
 * with e + p = h m to tol. */
typedef struct curved_at {
    col_vec3 m, e, p;
    col_real h;
} curved_at;

/*
 * The disc's face as the contact: E a disc (neg: B's, negated in D), m
 * sigma times its axis, and q[0..n) the other core's points on its support
 * plane along m (in D: a polyhedron's top vertices, a smooth core's support
 * point), hp that plane's height. D's support along m is the disc plus
 * their hull, so the contact holds where a point p of the hull has e = h m
 * - p on the disc: in the disc's own metric (its radii scaled to 1) the
 * point of the hull nearest its centre, within 1 (to tol). Then m is the
 * normal; e and p a matched pair. *exit (if asked): that nearest point, in
 * the disc's metric across its axis, held or not.
 */
static bool disc_face(const col__proxy *E, bool neg, int ax, col_real sigma, const col_vec3 *q, int n, col_real hp,
                      col_real tol, curved_at *out, col_vec3 *exit) {
    if (n < 1) return false;
    col_vec3 c = col_v3_add(E->p[0], E->shift);
    if (neg) c = col_v3_neg(c);
    const int i = (ax + 1) % 3, j = (ax + 2) % 3;
    const col_real ri = v3_get(E->e, i), rj = v3_get(E->e, j);
    /* w(p) = -(p + c) across the axis, scaled by the radii: affine in p */
    col_vec3 w[12], best = col_v3(0, 0, 0);
    for (int k = 0; k < n && k < 12; ++k)
        w[k] = col_v3(-(v3_get(q[k], i) + v3_get(c, i)) / ri, -(v3_get(q[k], j) + v3_get(c, j)) / rj, COL_R(0.0));
    col_real bl = COL_REAL_MAX;
    const col_vec3 o = col_v3(0, 0, 0);
    if (n == 1) best = w[0], bl = col_v3_len(w[0]);
    for (int a = 0; a < n && a < 12; ++a)
        for (int b = a + 1; b < n && b < 12; ++b) {
            col_vec3 x = col__closest_on_segment(o, w[a], w[b], NULL);
            if (col_v3_len(x) < bl) bl = col_v3_len(x), best = x;
            for (int d = b + 1; d < n && d < 12; ++d) {
                x = col__closest_on_triangle(o, w[a], w[b], w[d]);
                if (col_v3_len(x) < bl) bl = col_v3_len(x), best = x;
            }
        }
    if (exit) *exit = best;
    if (!(bl <= COL_R(1.0) + tol / col_min(ri, rj))) return false;
    if (bl > COL_R(1.0)) best = col_v3_scale(best, COL_R(1.0) / bl); /* (within tol: onto the rim) */
    col_real pp[3];
    pp[ax] = sigma * hp;
    pp[i] = -best.x * ri - v3_get(c, i);
    pp[j] = -best.y * rj - v3_get(c, j);
    const col_vec3 m = axis_dir(ax, sigma), p = col_v3(pp[0], pp[1], pp[2]);
    out->m = m;
    out->h = sigma * v3_get(c, ax) + hp;
    out->p = p;
    out->e = col_v3_madd(col_v3_neg(p), out->h, m);
    return true;
}

/* The largest radius of curvature of an ellipsoid's surface (a disc's
 * rim's): r_max^2 / r_min over its positive radii; 0 for other cores. */
static col_real curvature_radius(const col__proxy *p) {
    if (p->type != COL__SUPPORT_ELLIPSOID) return COL_R(0.0);
    col_real lo, hi = radii_span(p, &lo);
    return lo > COL_R(0.0) ? hi * (hi / lo) : COL_R(0.0);
}

/* The tolerance of a refined contact: 128 eps of the size and of the
 * largest radius of curvature. A support point moves by that radius times
 * the direction's change, so where a surface is far flatter than the shape
 * is large (the rim of a disc 506 by 0.125 is 2e6 across at its end) the
 * part across the normal cannot come nearer 0 than the radius times the
 * rounding of the direction. */
static col_real contact_tolerance(const col__proxy *A, const col__proxy *B) {
    return COL_R(128.0) * COL_EPSILON * (A->size + B->size + curvature_radius(A) + curvature_radius(B));
}

/* The tolerance of a refined contact at the unit m whose curved side is a
 * disc: contact_tolerance, or 128 eps of the rim's radius of curvature as
 * the support sees it at m, r_max^2 / |R m| (R the radii), where that is
 * larger. A disc has no largest radius of curvature: seen nearly edge-on
 * (m within |R m| / r_min of its axis) its support point runs along the
 * rim by r_max^2 / |R m| per radian of m, so no representable m matches
 * the contact's points nearer than that times the direction's rounding (a
 * disc 432.5 by 1.5 seen 1.2e-4 off its axis against a polytope's edge:
 * 5e8 per radian, 5.5e-8 per ulp of m, where contact_tolerance was
 * 1.8e-9, and Newton's method on the edge diverged, its differences
 * twenty times below that slope: fuzz/regressions/distance/disc-seen-
 * edge-on-against-a-polytopes-edge). For an ellipsoid of positive radii
 * |R m| >= r_min, within contact_tolerance already. */
static col_real tolerance_at(const col__proxy *E, col_vec3 m, col_real tol) {
    if (disc_axis(E) < 0) return tol;
    col_real lo, hi = radii_span(E, &lo);
    col_real rm = col__len_safe(col_v3(E->e.x * m.x, E->e.y * m.y, E->e.z * m.z));
    if (!(rm > COL_R(0.0))) return tol; /* along the axis: the disc's face (disc_face) */
    return col_max(tol, COL_R(128.0) * COL_EPSILON * hi * (hi / rm));
}

/* D's support along the unit m, its value h and its part across m. */
typedef struct smooth_at {
    svert w;
    col_real h;
    col_vec3 t;
} smooth_at;

static smooth_at smooth_eval(const col__proxy *A, const col__proxy *B, col_vec3 m) {
    smooth_at s;
    s.w = col__support_pair(A, B, m);
    s.h = col_v3_dot(s.w.w, m);
    s.t = col_v3_madd(s.w.w, -s.h, m);
    return s;
}

/* A unit vector across the unit m, from the axis m leans on least. */
static col_vec3 across(col_vec3 m) {
    col_real ax = col_abs(m.x), ay = col_abs(m.y), az = col_abs(m.z);
    col_vec3 a = ax <= ay && ax <= az ? col_v3(1, 0, 0) : (ay <= az ? col_v3(0, 1, 0) : col_v3(0, 0, 1));
    return col__unit_or(col_v3_cross(m, a), col_v3(0, 0, 0));
}

/* Two smooth cores, or a disc and a smooth core, or two discs across each
 * other (their axes apart: the ellipsoids are axis-aligned, so at right
 * angles). Two discs of one axis overlap only in one plane, where A - B is
 * flat (EPA's depth 0), or within rounding of it, where each one's support
 * along the axis is its whole face and disc_face's single point is not. */
static bool smooth_pair(const col__proxy *A, const col__proxy *B) {
    bool da = disc_axis(A) >= 0 && moderate_aspect(A), db = disc_axis(B) >= 0 && moderate_aspect(B);
    return (smooth_core(A) || da) && (smooth_core(B) || db) && !(da && db && disc_axis(A) == disc_axis(B)) &&
           !(A->type == COL__SUPPORT_POINT && B->type == COL__SUPPORT_POINT);
}

/* A disc's faces against a smooth core (either of A and B the disc): the
 * other's support point along each face normal (disc_face); the least
 * that holds, at most upper, into *s and *m (as smooth_at). */
static bool smooth_disc_faces(const col__proxy *A, const col__proxy *B, col_real upper, col_real tol, smooth_at *s,
                              col_vec3 *m) {
    bool found = false;
    for (int side = 0; side < 2; ++side) {
        const col__proxy *E = side ? B : A;
        int ax = disc_axis(E);
        if (ax < 0) continue;
        for (int k = 0; k < 2; ++k) {
            col_real sigma = k ? COL_R(-1.0) : COL_R(1.0);
            col_vec3 n = axis_dir(ax, sigma);
            /* the other core's point along n, in D */
            col_vec3 q = side ? col__proxy_support(A, n) : col_v3_neg(col__proxy_support(B, col_v3_neg(n)));
            curved_at at;
            if (!disc_face(E, side == 1, ax, sigma, &q, 1, col_v3_dot(q, n), tol, &at, NULL) || !(at.h <= upper))
                continue;
            if (found && !(at.h < s->h)) continue;
            found = true;
            *m = at.m;
            s->h = at.h;
            s->w.a = side ? at.p : at.e;
            s->w.b = side ? col_v3_neg(at.e) : col_v3_neg(at.p);
            s->w.w = col_v3_sub(s->w.a, s->w.b);
            s->w.ia = s->w.ib = -1;
            s->t = col_v3(0, 0, 0);
        }
    }
    return found;
}

/* The step of the differences that give Newton's derivatives: in double
 * 2^-17, about the cube root of eps, as where the curvature vanishes (a
 * point at the centre of curvature of an ellipse's tip, a fuzz finding)
 * the part across grows as the cube of the angle, and at sqrt(eps) its
 * differences were rounding alone; in float 2^-11, about sqrt(eps) (at
 * 2^-10 and above the differences' own error left a pair of ellipsoids of
 * the unit tests short of the tolerance). And the shift's floor,
 * 2^-40 of the curvature in double (2^-20 outweighed a vanishing one, whose
 * steps then crawled); in float 2^-17, above the rounding of the lesser
 * eigenvalue (at 2^-40 the shifted Hessian's det, 1e-5 of the greater
 * curvature, rounded to no sign and left no step: a point near the centre
 * of an ellipsoid of two equal radii, NOT_CONVERGED 0.025 deep of 286). */
#define DIFFERENCE_STEP (COL_EPSILON < COL_R(1e-10) ? COL_R(0x1p-17) : COL_R(0x1p-11))
#define SHIFT_FLOOR (COL_EPSILON < COL_R(1e-10) ? COL_R(0x1p-40) : COL_R(0x1p-17))

/* Newton's step (x0, x1) on the 2 x 2 Hessian J (symmetrized) and the
 * gradient (g0, g1), at most a quarter radian long: where J is positive
 * definite, near a least h; else shifted by mu until it is
 * (Levenberg-Marquardt): near a saddle of h (EPA's normal can stop by one
 * where D is nearly round about the origin) the step goes down its
 * negative curvature, and along a ring of least values (an ellipsoid of two
 * equal radii, a point on its axis) it stays put where the Hessian has no
 * curvature. A shifted Hessian is positive definite, so the step is a
 * descent direction. false where there is none: no curvature and no depth
 * (a Hessian of zeros, mu 0), a shift rounded away, or NaN (differences of
 * NaN, a det that underflowed). The gradient's part along the lesser
 * curvature's direction is left out where it is at most settled (0: never). */
static bool shifted_step(col_real J[2][2], col_real g0, col_real g1, col_real h, col_real settled, col_real *x0,
                         col_real *x1) {
    col_real a = J[0][0], b = COL_R(0.5) * (J[0][1] + J[1][0]), d = J[1][1];
    col_real hd = COL_R(0.5) * (a - d), disc = col_sqrt(hd * hd + b * b);
    col_real lo = COL_R(0.5) * (a + d) - disc, hi = COL_R(0.5) * (a + d) + disc;
    col_real floor_ = SHIFT_FLOOR * (col_abs(hi) + col_abs(h)), mu = lo > floor_ ? COL_R(0.0) : floor_ - lo;
    if (lo < hi) {
        /* the gradient's part along the eigenvector of the lesser curvature
         * v (of J + mu I too, so the step then has none along it), where
         * it is settled already: that curvature is noise about 0 along a
         * ring of least values, and its part of the gradient, rounding
         * divided by it, stepped 1e-5 rad along the ring each time, the
         * halvings shrinking the step across the ring with it (a point on
         * the axis of an ellipsoid of two equal radii near its centre,
         * stuck 1.01 tol from converged: a fuzz finding, regressions/
         * distance/point-near-the-centre-of-an-ellipsoid-of-two-equal-
         * radii) */
        col_real vx = a >= d ? b : lo - d, vy = a >= d ? lo - a : b; /* (J - lo I) v = 0 */
        col_real vn = col_sqrt(vx * vx + vy * vy);
        if (vn > COL_R(0.0)) {
            vx /= vn, vy /= vn;
            col_real gv = g0 * vx + g1 * vy;
            if (col_abs(gv) <= settled) g0 -= gv * vx, g1 -= gv * vy;
        }
    }
    col_real ma = a + mu, md = d + mu, det = ma * md - b * b;
    if (!(det > COL_R(0.0))) return false;
    col_real y0 = (b * g1 - md * g0) / det, y1 = (b * g0 - ma * g1) / det;
    col_real len = col_sqrt(y0 * y0 + y1 * y1);
    if (!(len <= COL_R(1e300))) return false;
    if (len > COL_R(0.25)) {
        y0 *= COL_R(0.25) / len;
        y1 *= COL_R(0.25) / len;
    }
    *x0 = y0;
    *x1 = y1;
    return true;
}

/* Whether Newton's method takes the point n after s: a lower h, or one
 * within tol (near the least h rounding makes it flat) with t nearer 0. (A
 * step within tol of h with a greater t wandered: along a ring of least
 * values, where differences leave the Hessian's zero a little negative
 * and the shift sends the step along the ring, t grew at each step; near a
 * disc's axis, steps on an ill-conditioned Hessian went to and fro.) */
static bool better(smooth_at n, smooth_at s, col_real tol) {
    return n.h < s.h || (n.h <= s.h + tol && col__max_abs3(n.t) < col__max_abs3(s.t));
}

/* Newton's method from the unit m0 (above): true where |t| fell within
 * tol; *s and *m the last point either way. */
static bool smooth_newton(const col__proxy *A, const col__proxy *B, col_vec3 m0, col_real tol, smooth_at *s_out,
                          col_vec3 *m_out) {
    const col_real eps = DIFFERENCE_STEP;
    col_vec3 m = m0;
    smooth_at s = smooth_eval(A, B, m);
    for (int it = 0; it < 32 && !(col__max_abs3(s.t) <= tol); ++it) {
        col_vec3 e1 = across(m), e2 = col_v3_cross(m, e1);
        col_real g0 = col_v3_dot(s.t, e1), g1 = col_v3_dot(s.t, e2), J[2][2];
        /* (central differences in double: forward ones of the step 2^-17
         * left the zero curvature along a ring of least values 0.025
         * negative, and the shifted step then ran along the ring; forward
         * ones in float, whose step is sqrt(eps) and whose central ones
         * left a pair of the unit tests unconverged) */
        for (int k = 0; k < 2; ++k) {
            col_vec3 mk = col__unit_or(col_v3_madd(m, eps, k ? e2 : e1), m);
            smooth_at sk = smooth_eval(A, B, mk), sl = s;
            col_real width = eps;
            if (COL_EPSILON < COL_R(1e-10)) {
                sl = smooth_eval(A, B, col__unit_or(col_v3_madd(m, -eps, k ? e2 : e1), m));
                width = COL_R(2.0) * eps;
            }
            J[0][k] = (col_v3_dot(sk.t, e1) - col_v3_dot(sl.t, e1)) / width;
            J[1][k] = (col_v3_dot(sk.t, e2) - col_v3_dot(sl.t, e2)) / width;
        }
        /* Newton's step, shifted where the Hessian is not positive definite
         * (shifted_step), halved until it is better (better) */
        col_real x0, x1;
        if (!shifted_step(J, g0, g1, s.h, COL_R(0.5) * tol, &x0, &x1)) break;
        bool moved = false;
        for (int halving = 0; halving < 24 && !moved; ++halving) {
            col_vec3 mn = col__unit_or(col_v3_madd(col_v3_madd(m, x0, e1), x1, e2), m);
            smooth_at sn = smooth_eval(A, B, mn);
            if (better(sn, s, tol)) {
                m = mn;
                s = sn;
                moved = true;
            }
            x0 *= COL_R(0.5);
            x1 *= COL_R(0.5);
        }
        if (!moved) break;
    }
    *s_out = s;
    *m_out = m;
    return col__max_abs3(s.t) <= tol;
}

/*
 * A disc's support is smooth but along its axis, where it has the tip of a
 * cone (r |m across the axis|): near it the Hessian on the sphere blows up
 * and Newton's steps in a frame across m went round it without converging
 * (a disc against an ellipsoid whose least lay 3.4e-4 rad off the disc's
 * axis). About the axis in polar angles, m = sin(phi) (cos(th) e_i +
 * sin(th) e_j) + cos(phi) sigma e_ax, the support value is smooth for phi >
 * 0: Newton's method there, with the derivatives s . dm/dphi and s .
 * dm/dth (s D's support point), theirs by differences, the shift and the
 * halving of smooth_newton; phi kept positive (through the pole, th turns
 * by pi; with probe, a step across it may stop on this side: polar_solve).
 * true where |t| fell within tol.
 */
static col_vec3 polar_m(int ax, col_real sigma, col_real phi, col_real th, col_vec3 *dphi, col_vec3 *dth) {
    double sp = sin((double)phi), cp = cos((double)phi), st = sin((double)th), ct = cos((double)th);
    col_real m[3], a[3], b[3];
    const int i = (ax + 1) % 3, j = (ax + 2) % 3;
    m[ax] = (col_real)(cp * (double)sigma);
    m[i] = (col_real)(sp * ct);
    m[j] = (col_real)(sp * st);
    a[ax] = (col_real)(-sp * (double)sigma);
    a[i] = (col_real)(cp * ct);
    a[j] = (col_real)(cp * st);
    b[ax] = COL_R(0.0);
    b[i] = (col_real)(-sp * st);
    b[j] = (col_real)(sp * ct);
    *dphi = col_v3(a[0], a[1], a[2]);
    *dth = col_v3(b[0], b[1], b[2]);
    return col_v3(m[0], m[1], m[2]);
}

static bool polar_newton(const col__proxy *A, const col__proxy *B, int ax, col_vec3 m0, col_real tol, bool probe,
                         smooth_at *s_out, col_vec3 *m_out) {
    const col_real eps = DIFFERENCE_STEP;
    const int i = (ax + 1) % 3, j = (ax + 2) % 3;
    col_real sigma = v3_get(m0, ax) < COL_R(0.0) ? COL_R(-1.0) : COL_R(1.0);
    col_real phi = (col_real)acos(fmin(1.0, fabs((double)v3_get(m0, ax))));
    col_real th = (col_real)atan2((double)v3_get(m0, j), (double)v3_get(m0, i));
    if (!(phi > eps)) phi = eps; /* (off the pole, where th means nothing) */
    col_vec3 dp, dt, m = polar_m(ax, sigma, phi, th, &dp, &dt);
    smooth_at s = smooth_eval(A, B, m);
    col_real g0 = col_v3_dot(s.w.w, dp), g1 = col_v3_dot(s.w.w, dt);
    for (int it = 0; it < 48 && !(col__max_abs3(s.t) <= tol); ++it) {
        /* (along th central differences in double: near a thin disc's end
         * the rim's support turns on a scale of r_min / r_max rad, and a
         * forward difference over 2^-17 of it left d g0 / d th 7.8 where
         * it is 0 at the least, 1.6e-7 rad off the pole of a disc 507.75
         * by 0.125 in a ball, which then did not converge:
         * regressions/distance/thin-disc-against-a-ball-beyond-the-smooth-
         * pairs-aspect. Along phi forward ones: h is smooth in phi only on
         * one side of the pole, which a step back would cross.) */
        col_real J[2][2];
        for (int k = 0; k < 2; ++k) {
            /* (along phi at most phi / 2, in double to both sides: g1 grows
             * as phi^2 times the other core's curvature, and a forward step
             * of 2^-17 from 7.8e-6 rad off the pole measured d g1 / d phi
             * twice d g0 / d th, its true value; the steps then swung about
             * the least, each 8% shorter than the last, and left the
             * witnesses 3.7e-6 across the normal: a disc 1 by 3 by the
             * pole of an ellipsoid 1024 by 278 by 23.5, regressions/
             * distance/disc-by-a-flat-pole-least-near-its-axis). Within
             * 2^-8 of the step of the pole, where such differences would be
             * rounding alone, and at it (phi 0, a step's landing), the
             * step itself forward.) */
            col_real step = k || !(phi >= eps * COL_R(0x1p-8)) ? eps : col_min(eps, COL_R(0.5) * phi);
            bool central = COL_EPSILON < COL_R(1e-10) && (k || step < phi);
            col_vec3 dpk, dtk, mk = polar_m(ax, sigma, phi + (k ? 0 : step), th + (k ? step : 0), &dpk, &dtk);
            svert w = col__support_pair(A, B, mk);
            col_real l0 = g0, l1 = g1, width = step;
            if (central) {
                col_vec3 dpl, dtl, ml = polar_m(ax, sigma, phi - (k ? 0 : step), th - (k ? step : 0), &dpl, &dtl);
                svert wl = col__support_pair(A, B, ml);
                l0 = col_v3_dot(wl.w, dpl);
                l1 = col_v3_dot(wl.w, dtl);
                width = COL_R(2.0) * step;
            }
            J[0][k] = (col_v3_dot(w.w, dpk) - l0) / width;
            J[1][k] = (col_v3_dot(w.w, dtk) - l1) / width;
        }
        col_real x0, x1;
        if (!shifted_step(J, g0, g1, s.h, COL_R(0.0), &x0, &x1)) break;
        bool moved = false;
        for (int halving = 0; halving < 40 && !moved; ++halving) {
            col_real pn = phi + x0, tn = th + x1;
            /* a step across the pole: through it (th turns by pi), or with
             * probe, where h's slope f at the pole along tn is negative (near
             * it h ~ h0 + phi f(th) + c phi^2), to the least along tn on
             * this side, at -f / c (polar_solve) */
            if (pn < COL_R(0.0) && probe) {
                col_vec3 dpz, dtz, mz = polar_m(ax, sigma, eps * eps, tn, &dpz, &dtz);
                col_real f = col_v3_dot(col__support_pair(A, B, mz).w, dpz);
                if (f < COL_R(0.0) && J[0][0] > COL_R(0.0) && -f / J[0][0] < phi) pn = -f / J[0][0];
            }
            if (pn < COL_R(0.0)) pn = -pn, tn += COL_R(3.14159265358979323846);
            col_vec3 dpn, dtn, mn = polar_m(ax, sigma, pn, tn, &dpn, &dtn);
            smooth_at sn = smooth_eval(A, B, mn);
            if (better(sn, s, tol)) {
                phi = pn, th = tn, m = mn, s = sn;
                g0 = col_v3_dot(s.w.w, dpn);
                g1 = col_v3_dot(s.w.w, dtn);
                moved = true;
            }
            x0 *= COL_R(0.5);
            x1 *= COL_R(0.5);
        }
        if (!moved) break;
    }
    *s_out = s;
    *m_out = m;
    return col__max_abs3(s.t) <= tol;
}

/* polar_newton with steps across the pole through it, and where that does
 * not converge, with the pole's probe: through the pole alone, the step
 * from 0.072 rad off a disc's axis, 1e-4 past it, went to the far side,
 * where f(th + pi) > 0 at a cone's tip, th no longer moved and phi went to
 * 0, 2.4e-8 deeper than the least 3.5e-5 rad off it (a disc 21 by 0.125 in
 * a ball 512 across, regressions/distance/disc-in-a-ball-step-across-its-
 * pole); with the probe alone, a disc 311 by 50 against an ellipsoid
 * stayed on the side where h was lower at the first step and never reached
 * the least on the far one (regressions/distance/disc-step-across-its-
 * pole-to-the-far-side). */
static bool polar_solve(const col__proxy *A, const col__proxy *B, int ax, col_vec3 m0, col_real tol, smooth_at *s,
                        col_vec3 *m) {
    if (polar_newton(A, B, ax, m0, tol, false, s, m)) return true;
    smooth_at s2;
    col_vec3 m2;
    if (!polar_newton(A, B, ax, m0, tol, true, &s2, &m2)) return false;
    *s = s2;
    *m = m2;
    return true;
}

/* The start at a disc's pole (axis ax, side sigma, E the disc's proxy; side
 * 0: A is the disc, 1: B): near the pole h hardly depends on th (by
 * sin(phi)), so Newton's steps there lost the way (a disc face missed by
 * 0.1%: phi went to 0, th turning by pi at each step): th from where the
 * other core's point along the pole leaves the disc, the rim's point whose
 * normal that is (tan th = (x / rj) / (y / ri) of the exit point x, y in
 * the disc's metric), at phi (at most 1/8). false where that point does not
 * leave the disc. */
static bool pole_start(const col__proxy *A, const col__proxy *B, int side, int ax, col_real sigma, col_real phi,
                       col_real tol, col_vec3 *m0) {
    const col__proxy *E = side ? B : A;
    col_vec3 n = axis_dir(ax, sigma), exit = col_v3(0, 0, 0), dp, dt;
    col_vec3 q = side ? col__proxy_support(A, n) : col_v3_neg(col__proxy_support(B, col_v3_neg(n)));
    curved_at at;
    (void)disc_face(E, side == 1, ax, sigma, &q, 1, col_v3_dot(q, n), tol, &at, &exit);
    const col_real ri = v3_get(E->e, (ax + 1) % 3), rj = v3_get(E->e, (ax + 2) % 3);
    if (exit.x == COL_R(0.0) && exit.y == COL_R(0.0)) return false;
    col_real th = (col_real)atan2((double)(exit.y / rj), (double)(exit.x / ri));
    *m0 = polar_m(ax, sigma, col_max(col_min(phi, COL_R(0.125)), DIFFERENCE_STEP), th, &dp, &dt);
    return true;
}

/* A start about a disc's pole (axis ax, side sigma) from a scan of the polar
 * angle th: near the pole h = h0 + phi f(th) + c(th) phi^2 (the disc's
 * support a cone there, f its slope), fitted at each of 64 angles from
 * phi = p and 2 p (p = DIFFERENCE_STEP / 8); where f < 0 the least along
 * th is h0 - f^2 / 4c at phi = -f / 2c. The start of the lowest of those
 * below h0 by more than tol; false where none is (the pole is the least).
 * The exit point of pole_start takes the rim's point only: where the other
 * core is flat across the pole too its support runs along it as fast as
 * the rim's (a disc 812 by 0.25 across the face of a disc 570 by 56 its
 * point left by 0.5%: the least 9.8e-6 rad off the pole toward th = -0.18,
 * pole_start's th 2.3, and Newton's steps from there went to the pole,
 * 0.0293 deep where the least was 2.1e-6 less, and col_penetration kept
 * 0.0474 along another axis: fuzz/regressions/distance/two-discs-least-
 * depth-missed-by-the-smooth-refinement). */
static bool pole_scan(const col__proxy *A, const col__proxy *B, int ax, col_real sigma, col_real tol, col_vec3 *m0) {
    const col_real p = DIFFERENCE_STEP * COL_R(0.125);
    col_vec3 dp, dt;
    col_real h0 = smooth_eval(A, B, axis_dir(ax, sigma)).h, best = h0 - tol, best_phi = COL_R(0.0),
             best_th = COL_R(0.0);
    for (int k = 0; k < 64; ++k) {
        col_real th = (col_real)k * COL_R(0.09817477042468103); /* 2 pi / 64 */
        col_real h1 = smooth_eval(A, B, polar_m(ax, sigma, p, th, &dp, &dt)).h;
        col_real h2 = smooth_eval(A, B, polar_m(ax, sigma, COL_R(2.0) * p, th, &dp, &dt)).h;
        col_real f = (COL_R(4.0) * h1 - COL_R(3.0) * h0 - h2) / (COL_R(2.0) * p);
        col_real c = (h2 - COL_R(2.0) * h1 + h0) / (COL_R(2.0) * p * p);
        if (!(f < COL_R(0.0))) continue;
        col_real phi = c > COL_R(0.0) ? -f / (COL_R(2.0) * c) : COL_R(2.0) * p;
        col_real v = c > COL_R(0.0) ? h0 - f * f / (COL_R(4.0) * c) : h2;
        if (v < best) best = v, best_phi = phi, best_th = th;
    }
    if (!(best_phi > COL_R(0.0))) return false;
    *m0 = polar_m(ax, sigma, col_min(best_phi, COL_R(0.125)), best_th, &dp, &dt);
    return true;
}

/* Newton's method in polar angles about the axis of the disc on this side
 * (0: A, 1: B): near the pole (EPA's normal within 1/8 rad of it) from the
 * pole's start; else from EPA's normal, and where that does not converge
 * (a least 1e-3 rad from the pole, EPA's normal 0.16 rad off: a disc 4.125
 * by 0.125 deep in a ball 512 across, regressions/distance/disc-in-a-ball-
 * least-near-its-pole) from the pole's start. */
static bool disc_polar(const col__proxy *A, const col__proxy *B, int side, col_vec3 m0, col_real tol, smooth_at *s,
                       col_vec3 *m) {
    int ax = side ? disc_axis(B) : disc_axis(A);
    col_real sigma = v3_get(m0, ax) < COL_R(0.0) ? COL_R(-1.0) : COL_R(1.0);
    col_real phi = (col_real)acos(fmin(1.0, fabs((double)v3_get(m0, ax))));
    col_vec3 pole = m0;
    if (phi < COL_R(0.125)) {
        (void)pole_start(A, B, side, ax, sigma, phi, tol, &pole);
        if (polar_solve(A, B, ax, pole, tol, s, m)) return true;
        /* and where that does not converge, from EPA's normal (the pole's
         * start turned 1.5 rad from the least 0.024 rad off the pole, where
         * h has a saddle along th, and Newton's steps swung across it: a
         * disc 0.5 by 3 deep in an ellipsoid, regressions/distance/disc-
         * pole-start-across-a-saddle) */
        if (!col__same_point(pole, m0) && polar_solve(A, B, ax, m0, tol, s, m)) return true;
        /* and where neither converges, off the pole but near it, in the
         * frame across the last iterate: the polar angles are ill scaled
         * there (th's metric is sin(phi)), and their Hessian was [[6870,
         * -25.5], [-25.5, 0.0947]], whose steps swung about the least 0.0027
         * rad off the pole (a disc 0.5 by 3 deep in an ellipsoid, regressions/
         * distance/disc-near-its-pole-in-ill-scaled-polar-angles) */
        smooth_at s2;
        col_vec3 m2;
        if (smooth_newton(A, B, *m, tol, &s2, &m2)) {
            *s = s2;
            *m = m2;
            return true;
        }
        /* and from the least of a scan about the pole (pole_scan) */
        col_vec3 scan;
        if (!pole_scan(A, B, ax, sigma, tol, &scan) || !polar_solve(A, B, ax, scan, tol, &s2, &m2)) return false;
        *s = s2;
        *m = m2;
        return true;
    }
    if (polar_solve(A, B, ax, m0, tol, s, m)) return true;
    if (!pole_start(A, B, side, ax, sigma, phi, tol, &pole)) return false;
    return polar_solve(A, B, ax, pole, tol, s, m);
}

/* Newton's method for the pair: about a disc's axis where either core is
 * one (disc_polar), else in a frame across m (smooth_newton). Two discs:
 * about A's axis, and where that does not converge (a least near B's axis,
 * the tip of B's cone, where its support is not smooth) about B's. */
static bool smooth_solve(const col__proxy *A, const col__proxy *B, col_vec3 m0, col_real tol, smooth_at *s,
                         col_vec3 *m) {
    bool da = disc_axis(A) >= 0, db = disc_axis(B) >= 0;
    if (!da && !db) return smooth_newton(A, B, m0, tol, s, m);
    bool ok = disc_polar(A, B, da ? 0 : 1, m0, tol, s, m);
    if (ok || !(da && db)) return ok;
    return disc_polar(A, B, 1, m0, tol, s, m);
}

/* The smooth core E, A where e_is_a (else B, negated in D), and a point v
 * of D's other part (a vertex of P, or a point core): E moved onto it (E +
 * v, D's part about v) holds the origin; the unit normal of E's surface at
 * its nearest point to the origin, or zero (a disc, radii beyond
 * curved_aspect, the origin at the centre). With q =
 * -(v + c) (c E's centre, r its radii, in D) the nearest point is x_i =
 * r_i^2 q_i / (r_i^2 + t), its normal along q_i / (r_i^2 + t), t the
 * largest root of F(t) = sum (r_i q_i / (r_i^2 + t))^2 - 1 (Eberly,
 * "Distance from a point to an ellipse, an ellipsoid, or a
 * hyperellipsoid"): F falls and is convex for t > -r_min^2, so Newton's
 * method from t0 = r_min |q_min| - r_min^2 (F(t0) >= 0, q_min q's part
 * along the least radius) rises to it without passing it, and stops where
 * a step no longer raises t (where q_min is 0, the level surface's normal
 * q / r^2, t = 0). (The level surface's normal q / r^2, t = 0, is that
 * normal only on the surface: a box's corner 5e-4 inside the tip of a
 * needle 1017 long and 0.25 thick, beyond the tip's centre of curvature,
 * had several least depths, and Newton's method from the level normal and from EPA's ended
 * in one 1.4% deeper than the corner's own: a fuzz finding, regressions/
 * distance/box-corner-in-the-tip-of-a-needle.) */
static col_vec3 nearest_normal(const col__proxy *E, bool e_is_a, col_vec3 v) {
    if (!(E->e.x > COL_R(0.0) && E->e.y > COL_R(0.0) && E->e.z > COL_R(0.0)) || !curved_aspect(E))
        return col_v3(0, 0, 0);
    col_vec3 ce = col_v3_add(E->p[0], E->shift);
    if (!e_is_a) ce = col_v3_neg(ce);
    /* in units of the largest radius, each then at least 2^-25, its square
     * 2^-50 (the squares of radii about 1e-170 underflowed to 0: a fuzz
     * finding, fuzz/regressions/distance/level-normal-of-an-ellipsoid-whose-
     * radii-square-to-zero) */
    col_real big = col__max_abs3(E->e);
    col_vec3 q = col_v3_scale(col_v3_neg(col_v3_add(v, ce)), COL_R(1.0) / big);
    const col_real r[3] = {E->e.x / big, E->e.y / big, E->e.z / big}, z[3] = {q.x, q.y, q.z};
    col_real r2[3], rz[3], lo = COL_REAL_MAX, pole = COL_R(0.0);
    for (int i = 0; i < 3; ++i) {
        r2[i] = r[i] * r[i];
        rz[i] = r[i] * z[i];
        if (r2[i] < lo || (r2[i] == lo && col_abs(rz[i]) > pole)) lo = r2[i], pole = col_abs(rz[i]);
    }
    if (!(pole > COL_R(0.0))) /* (the origin in E's plane of that axis: the level normal) */
        return col__unit_or(col_v3(z[0] / r2[0], z[1] / r2[1], z[2] / r2[2]), col_v3(0, 0, 0));
    /* in s = t + r_min^2, so that each r_i^2 + t = (r_i^2 - r_min^2) + s is
     * at least s > 0 (t = r_min |q_min| - r_min^2 rounded to -r_min^2 where
     * the origin lies near E's plane of that axis, and divided by 0) */
    col_real d0[3] = {r2[0] - lo, r2[1] - lo, r2[2] - lo}, s = pole;
    for (int it = 0; it < 200; ++it) {
        col_real f = COL_R(-1.0), fp = COL_R(0.0);
        for (int i = 0; i < 3; ++i) {
            col_real w = rz[i] / (d0[i] + s);
            f += w * w;
            fp -= COL_R(2.0) * w * w / (d0[i] + s);
        }
        if (!(f > COL_R(0.0)) || !(fp < COL_R(0.0))) break; /* at the root; NaN */
        col_real sn = s - f / fp;
        if (!(sn > s)) break; /* (rounding) */
        s = sn;
    }
    return col__unit_or(col_v3(z[0] / (d0[0] + s), z[1] / (d0[1] + s), z[2] / (d0[2] + s)), col_v3(0, 0, 0));
}

static bool refine_smooth(const col__proxy *A, const col__proxy *B, epa_out *out) {
    if (!smooth_pair(A, B)) return false;
    col_real tol = contact_tolerance(A, B);
    col_vec3 m0 = col__unit_or(out->n, col_v3(0, 0, 0));
    if (col__same_point(m0, col_v3(0, 0, 0))) return false;
    smooth_at s;
    col_vec3 m;
    /* a disc: its face along its axis first, where its support is not
     * smooth (a least there is the tip of a cone of the support value: no
     * Newton's method converges to it); Newton's method where none holds */
    bool held = smooth_disc_faces(A, B, out->depth + tol, tol, &s, &m);
    if (!held) held = smooth_solve(A, B, m0, tol, &s, &m) && s.h <= out->depth + tol;
    if (!held) return false;
    /* another basin: EPA's polytope lies in D, so a face nearer the origin
     * than the least found may lie under a lesser one of D's (where EPA
     * stopped short of its tolerance: two ellipsoids nearly sharing a
     * centre left one 5e-4 of the depth too deep); Newton's method from
     * each such face's normal, the nearest first, the least value kept.
     * First from -m: D of two cores nearly sharing a centre is nearly
     * symmetric about the origin, its least values in pairs across it, of
     * which EPA's coarse normal may find the higher (in float, EPA's eight
     * nearest faces all lay 0.35 rad or more from the lower) */
    col_vec3 seen[16]; /* m, -m, EPA's faces, the six axes */
    int nseen = 0;
    seen[nseen++] = m;
    for (int i = -1; i < out->ncand; ++i) {
        col_vec3 start = i < 0 ? col_v3_neg(m) : out->cand[i];
        if (i >= 0 && !(out->cand_dist[i] < s.h - tol)) continue;
        /* (a face within 0.3 rad of a least value found lies in its basin,
         * the faces around a least value being the nearest, unless D's
         * support along it is already below that least: refine_curved) */
        bool near = false;
        for (int j = 0; j < nseen && !near; ++j) near = col_v3_dot(start, seen[j]) > COL_R(0.955);
        if (near && !(smooth_eval(A, B, start).h < s.h - tol)) continue;
        smooth_at si;
        col_vec3 mi;
        bool ok = smooth_solve(A, B, start, tol, &si, &mi);
        seen[nseen++] = mi;
        if (ok && si.h < s.h - tol) {
            s = si;
            m = mi;
        }
    }
    /* Then from each world axis not in a basin already searched, or whose
     * support value lies below the least found by more than its rounding
     * (another basin holds a lower one): the ellipsoids are axis-aligned, so without their centres' offset h is
     * symmetric about each axis plane and has its stationary values on the
     * axes, which the offset moves. (A pancake 250 wide and 0.125 thick in
     * an ellipsoid 512 tall: D's least, 485.5, lay along the pancake's axis,
     * at the tip of a curvature radius of 5e5, and EPA's eight nearest
     * faces, all beside the 492.04 of another basin, none within 0.2 rad of
     * it: regressions/distance/pancake-in-a-tall-ellipsoid-least-along-its-
     * axis. By rounding, not tol: in float tol, 128 eps of that curvature
     * radius, is 7.7, and the pancake stayed 6.5 too deep.) */
    const col_real rounding = COL_R(16.0) * COL_EPSILON * (A->size + B->size);
    for (int k = 0; k < 6; ++k) {
        col_vec3 start = axis_dir(k >> 1, (k & 1) ? COL_R(-1.0) : COL_R(1.0));
        /* every axis whose value lies below the least found, and every one
         * not in a basin already searched: a large offset moves a basin's
         * least far from its axis and below the other basins' while the
         * axis's own value stays above them (two ellipsoids 512 across,
         * offset by half that: the least, 680.86, 22 degrees from -z, whose
         * value is 724.9, EPA's normal in the basin of 681.17 along -y:
         * regressions/distance/ellipsoids-least-depth-22-degrees-off-an-
         * axis) */
        bool near = false;
        for (int j = 0; j < nseen && !near; ++j) near = col_v3_dot(start, seen[j]) > COL_R(0.955);
        if (near && !(smooth_eval(A, B, start).h < s.h - rounding)) continue;
        smooth_at si;
        col_vec3 mi;
        bool ok = smooth_solve(A, B, start, tol, &si, &mi);
        if (nseen < (int)(sizeof seen / sizeof seen[0])) seen[nseen++] = mi;
        if (ok && si.h < s.h - rounding) {
            s = si;
            m = mi;
        }
    }
    /* A point core (a ball's centre) against an ellipsoid: D is the
     * ellipsoid moved, and its least lies along the normal at its nearest
     * point to the origin, which nearest_normal finds whatever the basins
     * (a point 1e-6 off the long axis near the tip of a needle 1013 long and
     * 0.25 thick: two least values across the axis 2.1e-6 apart, EPA's
     * normal in the higher's basin, regressions/distance/point-beside-the-
     * axis-of-a-needles-tip). (nearest_normal keeps to curved_aspect,
     * whose ratio its units assume: beyond, a radius squared in units of
     * the largest underflowed to 0 and was divided by, regressions/
     * distance/point-against-an-ellipsoid-beyond-the-curved-aspect.) */
    for (int side = 0; side < 2; ++side) {
        const col__proxy *E = side ? B : A, *P = side ? A : B;
        if (E->type != COL__SUPPORT_ELLIPSOID || P->type != COL__SUPPORT_POINT) continue;
        col_vec3 v = col__proxy_support(P, m);
        col_vec3 start = nearest_normal(E, side == 0, side ? v : col_v3_neg(v));
        if (col__same_point(start, col_v3(0, 0, 0))) continue;
        smooth_at si;
        col_vec3 mi;
        if (smooth_solve(A, B, start, tol, &si, &mi) && si.h < s.h) {
            s = si;
            m = mi;
        }
    }
    out->n = m;
    out->w = s.w;
    out->depth = s.h; /* (below 0 for cores apart) */
    out->converged = true;
    out->has_face = false;
    return true;
}

/*
 * A smooth core against a polyhedral one (an ellipsoid of positive radii
 * against a segment, a triangle, a box or a polytope's points; capsules
 * and rounded shapes by their cores). D = A - B is E + P, E the smooth part
 * (A, or B negated) and P the polyhedral (the other's vertices, negated for
 * B). D's nearest boundary point to the origin inside it is x = h m, h the
 * least support value h(m) = h_E(m) + h_P(m) over unit m, and x = e + p
 * with e E's support along m and p a point of P's face along m: p = h m - e
 * lies in P. The face is a vertex, an edge or a face of P, and each is a
 * smooth problem: a vertex as a point (Newton's method above), an edge by
 * Newton's method on the circle of m across it, a face by its normal. Every
 * critical direction of every feature is enumerated in closed form
 * (curved_exhaustive: the normal feet of a point on an ellipsoid or an
 * ellipse), each checked (p = h m - e with h from P's whole support, within
 * tol of the feature) and polished by its feature's Newton's method, and
 * the least h of those that hold kept (a polytope of many points by its
 * hull's features: curved_hull). Every h is a support value of D, an upper
 * bound of the depth: no answer is deeper than the least. (The
 * same holds for cores apart, h below 0: the nearest point of D outside it.)
 */
typedef struct curved {
    const col__proxy *A, *B;
    const col__proxy *poly; /* P's proxy: A's, or B's */
    bool a_smooth;          /* E is A (P is B negated) */
    int nv;                 /* P's vertex count */
} curved;

static bool polyhedral_core(const col__proxy *p) {
    return p->type == COL__SUPPORT_SEGMENT || p->type == COL__SUPPORT_TRIANGLE || p->type == COL__SUPPORT_BOX ||
           p->type == COL__SUPPORT_OBB || (p->type == COL__SUPPORT_POINTS && p->count >= 1);
}

/* An ellipsoid of positive radii, or a disc: the curved side. */
static bool curved_core(const col__proxy *p) {
    return ((p->type == COL__SUPPORT_ELLIPSOID && smooth_core(p)) || disc_axis(p) >= 0) && curved_aspect(p);
}

static bool curved_pair(const col__proxy *A, const col__proxy *B) {
    return (curved_core(A) && polyhedral_core(B)) || (polyhedral_core(A) && curved_core(B));
}

/* E's support along m (in D). */
static col_vec3 curved_e(const curved *c, col_vec3 m) {
    return c->a_smooth ? col__proxy_support(c->A, m) : col_v3_neg(col__proxy_support(c->B, col_v3_neg(m)));
}

/* P's support value along m (in D): its whole core's. */
static col_real curved_hp(const curved *c, col_vec3 m) {
    col_vec3 s = c->a_smooth ? col_v3_neg(col__proxy_support(c->B, col_v3_neg(m))) : col__proxy_support(c->A, m);
    return col_v3_dot(s, m);
}

/* D's support value along the unit m: an upper bound of the depth. */
static col_real curved_value(const curved *c, col_vec3 m) { return col_v3_dot(curved_e(c, m), m) + curved_hp(c, m); }

/* P's vertex i (in D). */
static col_vec3 curved_vertex(const curved *c, int i) {
    col_vec3 v = col_v3(0, 0, 0);
    (void)col__proxy_vertex(c->poly, i, &v);
    return c->a_smooth ? col_v3_neg(v) : v;
}

/* The feature f[0..k) (in D: a vertex, an edge, or a convex polygon's
 * corners in order) at the unit m: true where h m - e lies within tol of
 * the feature (then it supports P along m and m is its contact). */
static bool curved_check(const curved *c, const col_vec3 *f, int k, col_vec3 m, col_real tol, curved_at *out) {
    tol = tolerance_at(c->a_smooth ? c->A : c->B, m, tol);
    col_vec3 e = curved_e(c, m);
    col_real h = col_v3_dot(e, m) + curved_hp(c, m);
    col_vec3 raw = col_v3_madd(col_v3_neg(e), h, m), p;
    if (k == 1) {
        p = f[0];
    } else if (k == 2) {
        p = col__closest_on_segment(raw, f[0], f[1], NULL);
    } else { /* (the polygon's fan: its nearest triangle) */
        p = col__closest_on_triangle(raw, f[0], f[1], f[2]);
        for (int i = 2; i + 1 < k; ++i) {
            col_vec3 q = col__closest_on_triangle(raw, f[0], f[i], f[i + 1]);
            if (col_v3_len_sq(col_v3_sub(q, raw)) < col_v3_len_sq(col_v3_sub(p, raw))) p = q;
        }
    }
    if (!(col__max_abs3(col_v3_sub(raw, p)) <= tol)) return false;
    out->m = m;
    out->e = e;
    out->p = p;
    out->h = h;
    return true;
}

/* The edge v0 v1 (in D): the least of h_E(m) + v0 . m over the unit m
 * across it, by Newton's method on the turn about it, from m0's part
 * across it: the derivative (e + v0) . m' (m' = d x m, the turn's
 * direction), its own derivative by a difference, shifted where it is not
 * positive as in smooth_newton; each step at most a quarter radian, halved
 * until the value does not grow. */
static col_vec3 edge_across(col_vec3 m, col_vec3 d) { /* m made unit across the unit d */
    return col__unit_or(col_v3_madd(m, -col_v3_dot(m, d), d), col_v3(0, 0, 0));
}

static bool edge_newton(const curved *c, col_vec3 v0, col_vec3 v1, col_vec3 m0, col_real tol, col_vec3 *m_out) {
    col_vec3 d = col__unit_or(col_v3_sub(v1, v0), col_v3(0, 0, 0));
    if (col__same_point(d, col_v3(0, 0, 0))) return false;
    col_vec3 m = edge_across(m0, d);
    if (col__same_point(m, col_v3(0, 0, 0))) m = across(d);
    const col_real eps = DIFFERENCE_STEP;
    const col__proxy *E = c->a_smooth ? c->A : c->B;
    col_real at = tolerance_at(E, m, tol); /* the part across m's tolerance there */
    col_vec3 s = col_v3_add(curved_e(c, m), v0);
    col_real g = col_v3_dot(s, m), gp = col_v3_dot(s, col_v3_cross(d, m));
    /* (one step more once within tol: a weak curvature across the edge
     * turns tol into an angle, 4e-5 rad in float on a tip of curvature
     * radius 0.5 against an edge 0.2 inside it) */
    bool done = col_abs(gp) <= at;
    for (int it = 0; it < 32 && !(done && col_abs(gp) <= at); ++it) {
        done = col_abs(gp) <= at;
        col_vec3 mp = col_v3_cross(d, m);
        col_vec3 mk = edge_across(col_v3_madd(m, eps, mp), d);
        col_real gpp = (col_v3_dot(col_v3_add(curved_e(c, mk), v0), col_v3_cross(d, mk)) - gp) / eps;
        col_real floor_ = SHIFT_FLOOR * (col_abs(gpp) + col_abs(g));
        if (!(gpp > floor_)) gpp = floor_;
        if (!(gpp > COL_R(0.0)) || !(gpp <= COL_REAL_MAX)) break; /* no curvature and no value; NaN */
        col_real x = -gp / gpp;
        if (!(col_abs(x) <= COL_R(0.25))) x = x > COL_R(0.0) ? COL_R(0.25) : COL_R(-0.25);
        bool moved = false;
        for (int halving = 0; halving < 24 && !moved; ++halving) {
            col_vec3 mn = edge_across(col_v3_madd(m, x, mp), d);
            col_vec3 sn = col_v3_add(curved_e(c, mn), v0);
            col_real gn = col_v3_dot(sn, mn);
            if (gn <= g + tol) {
                m = mn;
                g = gn;
                gp = col_v3_dot(sn, col_v3_cross(d, mn));
                at = tolerance_at(E, m, tol);
                moved = true;
            }
            x *= COL_R(0.5);
        }
        if (!moved) break;
    }
    *m_out = m;
    return col_abs(gp) <= at;
}

/* The vertex v of P (in D) as a point core against E: Newton's method of
 * the smooth pairs. */
static bool vertex_newton(const curved *c, col_vec3 v, col_vec3 m0, col_real tol, col_vec3 *m_out) {
    col__proxy pt = *c->poly;
    pt.type = COL__SUPPORT_POINT;
    pt.shift = col_v3(0, 0, 0);
    pt.p[0] = c->a_smooth ? col_v3_neg(v) : v; /* B's vertex, or A's */
    smooth_at s;
    return c->a_smooth ? smooth_solve(c->A, &pt, m0, tol, &s, m_out) : smooth_solve(&pt, c->B, m0, tol, &s, m_out);
}

/* E a disc: its faces against P's top vertices along each (disc_face); the
 * least that holds, at most upper, into *best. */
static void curved_disc_faces(const curved *c, col_real upper, col_real tol, curved_at *best, bool *found) {
    const col__proxy *E = c->a_smooth ? c->A : c->B;
    int ax = disc_axis(E);
    if (ax < 0) return;
    for (int k = 0; k < 2; ++k) {
        col_real sigma = k ? COL_R(-1.0) : COL_R(1.0);
        col_vec3 m = axis_dir(ax, sigma), q[12];
        col_real hp = curved_hp(c, m);
        int n = 0;
        for (int i = 0; i < c->nv && n < 12; ++i) {
            col_vec3 x = curved_vertex(c, i);
            if (!(col_v3_dot(x, m) >= hp - tol)) continue;
            bool seen = false;
            for (int j = 0; j < n && !seen; ++j) seen = col__same_point(q[j], x);
            if (!seen) q[n++] = x;
        }
        curved_at at;
        if (disc_face(E, !c->a_smooth, ax, sigma, q, n, hp, tol, &at, NULL) && at.h <= upper &&
            (!*found || at.h < best->h))
            *best = at, *found = true;
    }
}

/*
 * Every critical direction of the value, each feature's own: the least over
 * the sphere lies at a face's normal, at a critical point of the value
 * along an edge's circle (m across the edge: E projected along it, an
 * ellipse, moved by the edge's point) or at one of the value about a
 * vertex (E moved by the vertex): the normal feet of that point on that
 * ellipse or ellipsoid (col__normal_feet, every one, bracketed where its
 * equation is monotone). So the least of them all, each checked against
 * its feature (or after its Newton's method from there, where rounding
 * left it just off), is the least: no feature is left to a search from
 * EPA's normal. (A degenerate family of critical directions, E's centre
 * on a vertex's line of equal radii, is met where it leaves the vertex's
 * cone, on an edge's circle or a face's normal, at the same value.)
 * A polytope's points are its vertices, every pair an edge and every three
 * a face (a pair or three that is none gives support values, upper bounds,
 * that its check refuses), up to EXHAUSTIVE_POINTS of them; beyond, its
 * hull's features (curved_hull), fewer candidates for the cost of building
 * it. (Callgrind, random shallow contacts of ellipsoids and polytopes of n
 * points on a sphere, instructions a penetration: every pair and three 130k
 * at n = 8 and 333k at 12, the hull's 149k at 8, 235k at 12, 535k at 24,
 * 1.8M at 64.)
 */
enum { EXHAUSTIVE_POINTS = 8 };

/* E's centre in D. */
static col_vec3 curved_centre(const curved *c) {
    const col__proxy *E = c->a_smooth ? c->A : c->B;
    col_vec3 ce = col_v3_add(E->p[0], E->shift);
    return c->a_smooth ? ce : col_v3_neg(ce);
}

/* The candidate direction n (not unit) of the feature f[0..k): taken where
 * its value lies below the least found (or at most upper, where none is)
 * and its feature holds there or after the feature's Newton's method from
 * it, the lower of the two. */
static void curved_try(const curved *c, const col_vec3 *f, int k, col_vec3 n, col_real upper, col_real tol,
                       curved_at *best, bool *found) {
    col_vec3 m = col__unit_or(n, col_v3(0, 0, 0));
    if (col__same_point(m, col_v3(0, 0, 0))) return;
    col_real bar = *found ? best->h : upper;
    if (!(curved_value(c, m) <= bar)) return;
    curved_at at;
    bool held = curved_check(c, f, k, m, tol, &at);
    /* (its feature's Newton's method from there: where it held, the root's
     * rounding may have left it off the least by the curvature times its
     * square, 6e-11 on a disc's rim of curvature radius 7e4; where it did
     * not, for a value lower than the least found by tol only) */
    if (k < 3 && (held || !*found || curved_value(c, m) < best->h - tol)) {
        col_vec3 mn;
        curved_at polished;
        if ((k == 1 ? vertex_newton(c, f[0], m, tol, &mn) : edge_newton(c, f[0], f[1], m, tol, &mn)) &&
            curved_check(c, f, k, mn, tol, &polished) && (!held || polished.h < at.h))
            at = polished, held = true;
    }
    if (held && (*found ? at.h < best->h : at.h <= upper)) *best = at, *found = true;
}

/* The least root t of col__normal_feet whose direction's value can be at
 * most bar: the value there is -t |n| and |n| >= 1 / r_max (its equation
 * sum lam_i n_i^2 = 1), so -t <= bar r_max (t >= 0 where bar is not
 * positive). (With a margin for rounding.) */
static double feet_tmin(const double *lam, int k, col_real bar) {
    double lmax = 0.0;
    for (int i = 0; i < k; ++i) lmax = lam[i] > lmax ? lam[i] : lmax;
    return bar > COL_R(0.0) ? -1.001 * (double)bar * sqrt(lmax) : 0.0;
}

/* A foot's direction (double, any magnitude) as a unit col_real vector
 * (scaled by its largest component first: in float a component beyond
 * FLT_MAX would not convert); zero for a zero one. */
static col_vec3 feet_unit(double x, double y, double z) {
    double big = fmax(fabs(x), fmax(fabs(y), fabs(z)));
    if (!(big > 0.0) || !(big <= DBL_MAX)) return col_v3(0, 0, 0);
    x /= big, y /= big, z /= big;
    double len = sqrt(x * x + y * y + z * z);
    return col_v3((col_real)(x / len), (col_real)(y / len), (col_real)(z / len));
}

/* The vertex v's critical directions: E moved by v, its normals through
 * the origin (the feet of -(centre + v) on E about its centre; E's axes
 * are the world's). */
static void curved_vertex_feet(const curved *c, col_vec3 v, col_real upper, col_real tol, curved_at *best,
                               bool *found) {
    const col__proxy *E = c->a_smooth ? c->A : c->B;
    col_vec3 q = col_v3_neg(col_v3_add(curved_centre(c), v));
    double lam[3] = {(double)E->e.x * (double)E->e.x, (double)E->e.y * (double)E->e.y, (double)E->e.z * (double)E->e.z};
    double p[3] = {(double)q.x, (double)q.y, (double)q.z}, feet[16][3];
    int n = col__normal_feet(3, lam, p, feet_tmin(lam, 3, *found ? best->h : upper), feet, 16);
    for (int i = 0; i < n; ++i)
        curved_try(c, &v, 1, feet_unit(feet[i][0], feet[i][1], feet[i][2]), upper, tol, best, found);
}

/* The edge v0 v1's critical directions across it: E's squared radii seen
 * along the edge, Q2 = [b1 b2]^T diag(r^2) [b1 b2] (b1, b2 across it), on
 * Q2's eigenvectors. */
static void curved_edge_feet(const curved *c, col_vec3 v0, col_vec3 v1, col_real upper, col_real tol, curved_at *best,
                             bool *found) {
    col_vec3 d = col__unit_or(col_v3_sub(v1, v0), col_v3(0, 0, 0));
    if (col__same_point(d, col_v3(0, 0, 0))) return;
    const col__proxy *E = c->a_smooth ? c->A : c->B;
    col_vec3 b1 = across(d), b2 = col_v3_cross(d, b1);
    double r2[3] = {(double)E->e.x * (double)E->e.x, (double)E->e.y * (double)E->e.y, (double)E->e.z * (double)E->e.z};
    double x1[3] = {(double)b1.x, (double)b1.y, (double)b1.z}, x2[3] = {(double)b2.x, (double)b2.y, (double)b2.z};
    double qa = 0.0, qb = 0.0, qc = 0.0;
    for (int i = 0; i < 3; ++i) {
        qa += r2[i] * x1[i] * x1[i];
        qb += r2[i] * x1[i] * x2[i];
        qc += r2[i] * x2[i] * x2[i];
    }
    double th = 0.5 * atan2(2.0 * qb, qa - qc), ct = cos(th), st = sin(th);
    /* (the eigenvalues as Rayleigh quotients: no cancellation of a - c) */
    double lam[2] = {qa * ct * ct + 2.0 * qb * ct * st + qc * st * st,
                     qa * st * st - 2.0 * qb * ct * st + qc * ct * ct};
    for (int i = 0; i < 2; ++i) lam[i] = lam[i] > 0.0 ? lam[i] : 0.0;
    col_vec3 w = col_v3_add(curved_centre(c), v0);
    double w1 = -(double)col_v3_dot(w, b1), w2 = -(double)col_v3_dot(w, b2);
    double p[2] = {ct * w1 + st * w2, -st * w1 + ct * w2}, feet[16][3];
    int n = col__normal_feet(2, lam, p, feet_tmin(lam, 2, *found ? best->h : upper), feet, 16);
    col_vec3 f2[2] = {v0, v1};
    for (int i = 0; i < n; ++i) {
        double a1 = ct * feet[i][0] - st * feet[i][1], a2 = st * feet[i][0] + ct * feet[i][1];
        col_vec3 u = feet_unit(a1, a2, 0.0); /* (on b1, b2) */
        curved_try(c, f2, 2, col_v3_add(col_v3_scale(b1, u.x), col_v3_scale(b2, u.y)), upper, tol, best, found);
    }
}

/* Every feature of P (at most EXHAUSTIVE_POINTS points): a box's corners,
 * edges and faces, or every point, pair and three of the others. */
static void curved_exhaustive(const curved *c, col_real upper, col_real tol, curved_at *best, bool *found) {
    if (c->nv > EXHAUSTIVE_POINTS) return;
    col_vec3 v[EXHAUSTIVE_POINTS];
    for (int i = 0; i < c->nv; ++i) v[i] = curved_vertex(c, i);
    for (int i = 0; i < c->nv; ++i) curved_vertex_feet(c, v[i], upper, tol, best, found);
    bool box = c->poly->type == COL__SUPPORT_BOX || c->poly->type == COL__SUPPORT_OBB;
    for (int i = 0; i < c->nv; ++i)
        for (int j = i + 1; j < c->nv; ++j)
            if (!box || ((i ^ j) & ((i ^ j) - 1)) == 0) /* (a box's edges: corners one bit apart) */
                curved_edge_feet(c, v[i], v[j], upper, tol, best, found);
    if (box) { /* (its six faces, each its four corners in order round it) */
        for (int k = 0; k < 6; ++k) {
            int a = k >> 1, b = (a + 1) % 3, d = (a + 2) % 3;
            col_vec3 ax = c->poly->type == COL__SUPPORT_OBB ? c->poly->u[a] : axis_dir(a, COL_R(1.0));
            col_vec3 m = (k & 1) ? col_v3_neg(ax) : ax;
            /* (the corners highest along m: bit a set or not, as B's are negated in D) */
            int side = col_v3_dot(col_v3_sub(v[1 << a], v[0]), m) > COL_R(0.0) ? 1 << a : 0;
            col_vec3 f4[4] = {v[side], v[side | 1 << b], v[side | 1 << b | 1 << d], v[side | 1 << d]};
            curved_try(c, f4, 4, m, upper, tol, best, found);
        }
        return;
    }
    /* every three points' plane, both ways: where E's support value and the
     * three's highest (a lower bound of P's) already exceed the least found,
     * no further (P's whole support costs a pass over its points) */
    for (int i = 0; i < c->nv; ++i)
        for (int j = i + 1; j < c->nv; ++j)
            for (int k = j + 1; k < c->nv; ++k) {
                col_vec3 f3[3] = {v[i], v[j], v[k]};
                col_vec3 nrm =
                    col__unit_or(col_v3_cross(col_v3_sub(v[j], v[i]), col_v3_sub(v[k], v[i])), col_v3(0, 0, 0));
                for (int sgn = 0; sgn < 2; ++sgn) {
                    col_vec3 m = sgn ? col_v3_neg(nrm) : nrm;
                    col_real low = col_v3_dot(curved_e(c, m), m) + col_v3_dot(v[i], m);
                    if (low <= (*found ? best->h : upper)) curved_try(c, f3, 3, m, upper, tol, best, found);
                }
            }
}

/* A polytope of more than EXHAUSTIVE_POINTS points: its hull's vertices,
 * edges and faces (col_hull_build: exact in its combinatorics, each face a
 * convex polygon with its normal to rounding), each feature's critical
 * directions as curved_exhaustive's. false where the hull cannot be built
 * (no memory for it: the caller keeps EPA's answer). */
static bool curved_hull(const curved *c, col_real upper, col_real tol, curved_at *best, bool *found) {
    size_t n = (size_t)c->nv;
    col_vec3 *v = malloc(2 * n * sizeof *v); /* the points, then a face's corners */
    if (!v) return false;
    for (int i = 0; i < c->nv; ++i) v[i] = curved_vertex(c, i);
    col_hull h;
    bool built = col_hull_build(v, n, &h);
    if (built) {
        for (int i = 0; i < h.vertex_count; ++i) curved_vertex_feet(c, h.vertices[i], upper, tol, best, found);
        for (int e = 0; e < h.edge_count; ++e) {
            int t = h.edges[e].twin;
            if (t >= 0 && t < e) continue; /* (each edge once) */
            col_vec3 from = h.vertices[h.edges[e].origin],
                     to = h.vertices[h.edges[t >= 0 ? t : h.edges[e].next].origin];
            curved_edge_feet(c, from, to, upper, tol, best, found);
        }
        col_vec3 *f = v + n;
        for (int fi = 0; fi < h.face_count; ++fi) {
            int k = 0, e = h.faces[fi].edge;
            do {
                f[k++] = h.vertices[h.edges[e].origin];
                e = h.edges[e].next;
            } while (e != h.faces[fi].edge && k < c->nv);
            curved_try(c, f, k, h.faces[fi].plane.n, upper, tol, best, found);
        }
        col_hull_free(&h);
    }
    free(v);
    return built;
}

static bool refine_curved(const col__proxy *A, const col__proxy *B, epa_out *out) {
    if (!curved_pair(A, B)) return false;
    curved c = {A, B, curved_core(A) ? B : A, curved_core(A), 0};
    switch (c.poly->type) {
    case COL__SUPPORT_SEGMENT: c.nv = 2; break;
    case COL__SUPPORT_TRIANGLE: c.nv = 3; break;
    case COL__SUPPORT_POINTS: c.nv = c.poly->count; break;
    default: c.nv = 8; break; /* a box */
    }
    col_real tol = contact_tolerance(A, B);
    col_vec3 m0 = col__unit_or(out->n, col_v3(0, 0, 0));
    if (col__same_point(m0, col_v3(0, 0, 0))) return false;
    curved_at best = {col_v3(0, 0, 0), col_v3(0, 0, 0), col_v3(0, 0, 0), COL_R(0.0)};
    bool found = false;
    curved_disc_faces(&c, out->depth + tol, tol, &best, &found);
    if (c.nv <= EXHAUSTIVE_POINTS)
        curved_exhaustive(&c, out->depth + tol, tol, &best, &found);
    else if (!curved_hull(&c, out->depth + tol, tol, &best, &found))
        return false;
    if (!found) return false;
    if (!found) return false;
    out->n = best.m;
    if (c.a_smooth) {
        out->w.a = best.e;
        out->w.b = col_v3_neg(best.p);
    } else {
        out->w.a = best.p;
        out->w.b = col_v3_neg(best.e);
    }
    out->w.w = col_v3_sub(out->w.a, out->w.b);
    out->depth = best.h;
    out->converged = true;
    out->has_face = false;
    return true;
}

/*
 * An ellipsoid (or a disc) beyond CURVED_ASPECT_MAX: its least radii, those below
 * r_max / CURVED_ASPECT_MAX, so thin that its face's curvature radius
 * defeats the contact's tolerance (a support point moves by that radius
 * times the direction's rounding), taken as 0 (flatten): a disc, or with
 * two such radii a segment. (In float, radii below 2^-10 of r_max: the
 * depth then up to a thousandth of r_max above the least, EPA's 1e-5,
 * but the witnesses 1e-4 of the size from matched, EPA's up to 0.24, on
 * ellipsoids 2^11 thin against turned boxes; at 2^14 both as EPA's or
 * better.) The flat core lies within the ellipsoid, within
 * those radii of its surface, so its contact (refined as any other) is the
 * ellipsoid's to them: each witness lifted from the flat core to the
 * surface on the contact's side (lift: at most those radii), the depth D's
 * support value along the flat contact's normal (an upper bound, as
 * always: moving A by it separates the shapes), within those radii and the
 * flat contact's tolerance of the least. (EPA alone left such witnesses up
 * to 0.48 of the size from matched: on 500 ellipsoids 200 wide and 2^-28 to
 * 2^-31 of that thick against turned boxes, b* - a* - depth n was 1.3e-2 of
 * the size in the mean; taken flat, within 1e-9 of it, the depth EPA's to
 * 1e-10.)
 */
#define FLAT_RATIO CURVED_ASPECT_MAX

/* The axes of an ellipsoid (or disc) whose radii flatten takes as 0 (those
 * below r_max / FLAT_RATIO, where the least positive one is: a disc's zero
 * radius among them) into flat[]; the largest such radius, 0 where none
 * (the shape is not that thin). */
static col_real flat_axes(const col__proxy *p, bool flat[3]) {
    flat[0] = flat[1] = flat[2] = false;
    if (p->type != COL__SUPPORT_ELLIPSOID) return COL_R(0.0);
    col_real lo, hi = radii_span(p, &lo), r[3] = {p->e.x, p->e.y, p->e.z}, out = COL_R(0.0);
    if (!(lo * FLAT_RATIO < hi)) return COL_R(0.0);
    for (int i = 0; i < 3; ++i) {
        flat[i] = r[i] * FLAT_RATIO < hi;
        if (flat[i]) out = col_max(out, r[i]);
    }
    return out;
}

static bool flatten(const col__proxy *p, col__proxy *out) {
    *out = *p;
    bool flat[3];
    if (!(flat_axes(p, flat) > COL_R(0.0))) return false;
    col_real r[3] = {p->e.x, p->e.y, p->e.z};
    int zeros = 0, keep = 0;
    for (int i = 0; i < 3; ++i) {
        if (flat[i]) {
            r[i] = COL_R(0.0);
            ++zeros;
        } else {
            keep = i;
        }
    }
    out->e = col_v3(r[0], r[1], r[2]);
    if (zeros == 2) { /* a needle: the segment along its one radius, as col__proxy_make makes it */
        col_vec3 h = col_v3(keep == 0 ? r[0] : 0, keep == 1 ? r[1] : 0, keep == 2 ? r[2] : 0), c = p->p[0];
        out->type = COL__SUPPORT_SEGMENT;
        out->p[0] = col_v3_sub(c, h);
        out->p[1] = col_v3_add(c, h);
        out->e = col_v3(0, 0, 0);
    }
    return true;
}

/* The point x of the flat core of E (flatten; shift included) lifted to E's
 * surface on the side of the direction m: the flattened coordinates set
 * to the surface's over x's others (a disc: its axis's, a segment: the
 * cross-section's support along m there). */
static col_vec3 lift(const col__proxy *E, col_vec3 x, col_vec3 m) {
    col_vec3 c = col_v3_add(E->p[0], E->shift), q = col_v3_sub(x, c);
    col_real r[3] = {E->e.x, E->e.y, E->e.z}, v[3] = {q.x, q.y, q.z}, d[3] = {m.x, m.y, m.z};
    bool flat[3];
    (void)flat_axes(E, flat);
    col_real used = COL_R(0.0); /* sum (v_i / r_i)^2 over the kept radii */
    for (int i = 0; i < 3; ++i)
        if (!flat[i]) used += (v[i] / r[i]) * (v[i] / r[i]);
    col_real s = col_sqrt(col_max(COL_R(1.0) - used, COL_R(0.0))), den = COL_R(0.0);
    for (int i = 0; i < 3; ++i)
        if (flat[i]) den += (r[i] * d[i]) * (r[i] * d[i]);
    den = col_sqrt(den);
    for (int i = 0; i < 3; ++i)
        if (flat[i]) v[i] = den > COL_R(0.0) ? s * r[i] * (r[i] * d[i]) / den : COL_R(0.0);
    return col_v3_add(c, col_v3(v[0], v[1], v[2]));
}

static bool flat_polyhedral(const col__proxy *p);

static bool refine_flattened(const col__proxy *A, const col__proxy *B, epa_out *out) {
    col__proxy fa, fb;
    bool flat_a = flatten(A, &fa), flat_b = flatten(B, &fb);
    if (!flat_a && !flat_b) return false;
    epa_out f = *out;
    bool held =
        curved_pair(&fa, &fb) ? refine_curved(&fa, &fb, &f) : smooth_pair(&fa, &fb) && refine_smooth(&fa, &fb, &f);
    bool pa = polyhedral_core(&fa), pb = polyhedral_core(&fb);
    if (!held && flat_polyhedral(&fa) && flat_polyhedral(&fb)) {
        /* a needle (its flat core a segment) against a polyhedron or a
         * point core: GJK on the flat cores, exact but for rounding there;
         * apart, its witnesses; overlapping, EPA's, from the features facing
         * each other (col__points_witness) */
        gjk_state g;
        col__gjk_init(&g, COL_R(-1.0));
        col__gjk_run(&fa, &fb, &g);
        if (!g.overlap) {
            col_vec3 ca, cb;
            col__witness(&g.s, &ca, &cb);
            col_vec3 d = col_v3_sub(cb, ca);
            col_real len = col__len_safe(d);
            held = len > COL_R(0.0);
            if (held) {
                f.n = col_v3_scale(d, COL_R(1.0) / len);
                f.depth = -len;
                f.w.a = ca;
                f.w.b = cb;
            }
        } else if (pa && pb) {
            col__epa_run(&fa, &fb, &g, &f);
            col_real tol = COL_R(64.0) * COL_EPSILON * (fa.size + fb.size);
            held = f.converged && f.depth > COL_R(0.0) &&
                   col__points_witness(&fa, &fb, f.depth, col_v3_neg(f.n), tol, &f.w.a, &f.w.b);
        }
    }
    if (!held) return false;
    col_vec3 m = f.n;
    /* A's witness is its support along m, B's along -m */
    col_vec3 a = flat_a ? lift(A, f.w.a, m) : f.w.a, b = flat_b ? lift(B, f.w.b, col_v3_neg(m)) : f.w.b;
    col_real h = col_v3_dot(col__support_pair(A, B, m).w, m);
    /* no deeper than EPA's but for the flat contact's tolerance and the
     * flattened radii (EPA's depth is a support value too) */
    bool flat[3];
    col_real flattened = flat_axes(A, flat) + flat_axes(B, flat);
    if (!(h <= out->depth + contact_tolerance(&fa, &fb) + flattened)) return false;
    out->n = m;
    out->w.a = a;
    out->w.b = b;
    out->w.w = col_v3_sub(a, b);
    out->w.ia = out->w.ib = -1;
    out->depth = h;
    out->converged = true;
    out->has_face = false;
    return true;
}

/* A core flatten leaves for GJK and EPA: polyhedral, or a point. */
static bool flat_polyhedral(const col__proxy *p) { return polyhedral_core(p) || p->type == COL__SUPPORT_POINT; }

/* (Not the pairs only flatten makes refinable: cores apart, GJK's
 * witnesses on the thin ellipsoid itself are exact to rounding, a capsule's
 * 1e-17 of the size from matched, where lifted ones are the flattened radii
 * off; overlapping, col_penetration's full EPA runs first, then
 * col__epa_refine.) */
bool col__epa_refinable(const col__proxy *A, const col__proxy *B) { return curved_pair(A, B) || smooth_pair(A, B); }

bool col__epa_refine(const col__proxy *A, const col__proxy *B, epa_out *out) {
    /* (a thin ellipsoid flat first, also against a smooth core, whose
     * Newton's method on the ellipsoid itself held only to the tolerance of
     * its face's curvature radius: 6e-6 of the size at a ratio of 2^30) */
    if (refine_flattened(A, B, out)) return true;
    if (curved_pair(A, B)) return refine_curved(A, B, out);
    return smooth_pair(A, B) && refine_smooth(A, B, out);
}
