/*
 * Whether a closed segment meets a plane, a ball, a capsule, a box or an
 * oriented box, decided exactly (exact.h): each decision is a few signs of
 * polynomials in the input coordinates, through col__xd_sign (a double
 * value with a running error bound first, exact dyadic arithmetic when the
 * sign is in doubt). The static tests of a segment (or a point) against
 * these shapes and the ray casts with a finite max_t make their one decision
 * here, so a ray hits exactly when the static test says its segment meets
 * the shape: at a tangent, an edge, a vertex, and at t = max_t too.
 */
#include "exact.h"

#include <math.h>
#include <string.h>

/* ----------------------------- the plane ----------------------------- */

typedef struct plane_in {
    col_vec3 n, x, v1, v2;
    col_real d, off;
    bool moved; /* x + v1 - v2 for x */
} plane_in;

static col__xd plane_value(col__xs *s, const void *vp) { /* n . x - d - off */
    const plane_in *in = vp;
    col__xd3 x = col__xd3_of(s, in->x);
    if (in->moved) {
        col__xd3 v = col__xd3_sub(s, col__xd3_of(s, in->v1), col__xd3_of(s, in->v2));
        x.x = col__xd_add(s, x.x, v.x);
        x.y = col__xd_add(s, x.y, v.y);
        x.z = col__xd_add(s, x.z, v.z);
    }
    col__xd v = col__xd_sub(s, col__xd3_dot(s, col__xd3_of(s, in->n), x), col__xd_of(s, in->d));
    return in->off == COL_R(0.0) ? v : col__xd_sub(s, v, col__xd_of(s, in->off));
}

/* The sign from scalar double arithmetic with an a-priori bound (1, -1, or
 * 2 in doubt): x + v1 - v2 rounds twice per component (within 2u of
 * |x| + |v1| + |v2|), each product once more, the five-term sum four
 * times: within 8u of S = sum |n_k| (|x_k| + |v1_k| + |v2_k|) + |d| + |off|
 * (u = 2^-53; COL__XS_U is 2u, and twice that margin is kept), plus an
 * underflow's absolute error. The xd evaluation costs several times more. */
static inline int plane_fast(const plane_in *in) {
    if (col__exact_always) return 2;
    double val = -(double)in->d - (double)in->off, mag = fabs((double)in->d) + fabs((double)in->off);
    for (int k = 0; k < 3; ++k) {
        double n = (double)col_v3_get(in->n, k), x = (double)col_v3_get(in->x, k), m = fabs(x);
        if (in->moved) {
            double a = (double)col_v3_get(in->v1, k), b = (double)col_v3_get(in->v2, k);
            x = x + (a - b);
            m += fabs(a) + fabs(b);
        }
        val += n * x;
        mag += fabs(n) * m;
    }
    double bound = 8 * COL__XS_U * mag + 0x1p-1000;
    if (!(mag <= 0x1p900)) return 2;
    return val > bound ? 1 : val < -bound ? -1 : 2;
}

static int plane_sign(const plane_in *in) {
    int fast = plane_fast(in);
    return fast != 2 ? fast : col__xd_sign(plane_value, in);
}

int col__plane_side(col_vec3 n, col_real d, col_vec3 x) {
    plane_in in = {n, x, x, x, d, COL_R(0.0), false};
    return plane_sign(&in);
}

int col__plane_side_off(col_vec3 n, col_real d, col_real off, col_vec3 x) {
    plane_in in = {n, x, x, x, d, off, false};
    return plane_sign(&in);
}

int col__plane_side_moved(col_vec3 n, col_real d, col_real off, col_vec3 x, col_vec3 v1, col_vec3 v2) {
    plane_in in = {n, x, v1, v2, d, off, true};
    return plane_sign(&in);
}

bool col__segment_meets_plane(col_vec3 p, col_vec3 q, col_vec3 n, col_real d) {
    int sp = col__plane_side(n, d, p);
    if (sp == 0) return true;
    return col__plane_side(n, d, q) != sp;
}

/* ----------------------------- the ball ----------------------------- */

/* The segment [p, q] and the ball of radius r1 + r2 (the sum is exact here:
 * a capsule's radius plus a sphere's) around c; or, moving, the segment
 * p + u (v1 - v2), u in [0, 1], with its end never rounded (a sweep). */
typedef struct ball_in {
    col_vec3 p, q, c;
    col_real r1, r2;
    bool moving;
    col_vec3 v1, v2;
    bool cmoved; /* the centre moved instead: c + v1 - v2, the segment [p, q] */
} ball_in;

static col__xd radius_sq(col__xs *s, const ball_in *in) {
    col__xd r = col__xd_add(s, col__xd_of(s, in->r1), col__xd_of(s, in->r2));
    return col__xd_mul(s, r, r);
}

/* e = q - p (or v1 - v2), m = p - c, mq = q - c (or m + e); a moved
 * centre is c + v1 - v2. */
static col__xd3 ball_e(col__xs *s, const ball_in *in) {
    if (in->moving) return col__xd3_sub(s, col__xd3_of(s, in->v1), col__xd3_of(s, in->v2));
    return col__xd3_sub(s, col__xd3_of(s, in->q), col__xd3_of(s, in->p));
}

static col__xd3 ball_from_centre(col__xs *s, const ball_in *in, col_vec3 x) {
    col__xd3 m = col__xd3_sub(s, col__xd3_of(s, x), col__xd3_of(s, in->c));
    if (!in->cmoved) return m;
    return col__xd3_sub(s, m, col__xd3_sub(s, col__xd3_of(s, in->v1), col__xd3_of(s, in->v2)));
}

static col__xd3 ball_m(col__xs *s, const ball_in *in) { return ball_from_centre(s, in, in->p); }

static col__xd3 ball_mq(col__xs *s, const ball_in *in) {
    if (!in->moving) return ball_from_centre(s, in, in->q);
    col__xd3 m = ball_m(s, in), e = ball_e(s, in);
    col__xd3 r = {col__xd_add(s, m.x, e.x), col__xd_add(s, m.y, e.y), col__xd_add(s, m.z, e.z)};
    return r;
}

static col__xd ball_at_p(col__xs *s, const void *vp) { /* |p - c|^2 - r^2 */
    const ball_in *in = vp;
    col__xd3 m = ball_m(s, in);
    return col__xd_sub(s, col__xd3_dot(s, m, m), radius_sq(s, in));
}

static col__xd ball_at_q(col__xs *s, const void *vp) { /* |q - c|^2 - r^2 */
    const ball_in *in = vp;
    col__xd3 m = ball_mq(s, in);
    return col__xd_sub(s, col__xd3_dot(s, m, m), radius_sq(s, in));
}

static col__xd ball_toward_p(col__xs *s, const void *vp) { /* (p - c) . e: >= 0, p is closest */
    const ball_in *in = vp;
    return col__xd3_dot(s, ball_m(s, in), ball_e(s, in));
}

static col__xd ball_toward_q(col__xs *s, const void *vp) { /* (q - c) . e: <= 0, q is closest */
    const ball_in *in = vp;
    return col__xd3_dot(s, ball_mq(s, in), ball_e(s, in));
}

/* |e|^2 dist^2 - |e|^2 r^2 for the interior closest point:
 * (|m|^2 - r^2) |e|^2 - (m . e)^2. */
static col__xd ball_interior(col__xs *s, const void *vp) {
    const ball_in *in = vp;
    col__xd3 m = ball_m(s, in), e = ball_e(s, in);
    col__xd me = col__xd3_dot(s, m, e);
    col__xd mm = col__xd_sub(s, col__xd3_dot(s, m, m), radius_sq(s, in));
    return col__xd_sub(s, col__xd_mul(s, mm, col__xd3_dot(s, e, e)), col__xd_mul(s, me, me));
}

/* The decision, each sign exact; still is whether the segment is a point. */
static bool ball_decide(const ball_in *in, bool still) {
    if (col__xd_sign(ball_at_p, in) <= 0) return true;
    if (still) return false;
    if (col__xd_sign(ball_at_q, in) <= 0) return true;
    /* neither end inside: the closest point must be interior */
    if (col__xd_sign(ball_toward_p, in) >= 0 || col__xd_sign(ball_toward_q, in) <= 0) return false;
    return col__xd_sign(ball_interior, in) <= 0;
}

bool col__moving_meets_ball(col_vec3 p, col_vec3 v1, col_vec3 v2, col_vec3 c, col_real r1, col_real r2) {
    int fast = col__moving_ball_fast(p, v1, v2, c, r1, r2);
    if (fast != 2) return fast == 1;
    ball_in in = {p, p, c, r1, r2, true, v1, v2, false};
    return ball_decide(&in, v1.x == v2.x && v1.y == v2.y && v1.z == v2.z);
}

/* The sign of v against its error bound: 1, -1, or 2 in doubt. */
static int bounded_sign(double v, double err) {
    if (v > err) return 1;
    if (v < -err) return -1;
    return 2;
}

/* The decision in one pass of scalar double arithmetic with a priori error
 * bounds (u = 2^-53; every difference of inputs, square and sum rounds once,
 * relative error <= u): 1 or 0, 2 when a sign it needs is in doubt or the
 * magnitudes leave the range where the bounds hold. */
/* x . y over three components with absolute error bounds dx, dy on the
 * factors: the value and its bound (each product rounds, the two sums
 * round; 2^-1000 per term covers a product that underflowed). */
static double dot_bound(const double x[3], const double dx[3], const double y[3], const double dy[3], double *err) {
    const double u = COL__XS_U; /* twice the unit roundoff: a margin */
    double v = x[0] * y[0] + x[1] * y[1] + x[2] * y[2], e = 0.0;
    for (int k = 0; k < 3; ++k)
        e += fabs(x[k]) * dy[k] + fabs(y[k]) * dx[k] + dx[k] * dy[k] + 2 * u * fabs(x[k] * y[k]);
    *err = e * (1.0 + 0x1p-40) + 0x1p-998;
    return v;
}

/* The ball decision from m = p - c, mq = q - c and e = q - p, each with an
 * absolute error bound per component, in one pass of double arithmetic:
 * 1, 0, or 2 when a sign it needs is in doubt or the magnitudes leave the
 * range where the bounds hold. still: the segment is a point. */
static int ball_fast(const double m[3], const double dm[3], const double mq[3], const double dmq[3], const double e[3],
                     const double de[3], col_real r1, col_real r2, bool still) {
    const double u = COL__XS_U;
    double r = (double)r1 + (double)r2, rr = r * r, err_rr = 3 * u * rr; /* the sum and the square round */
    double eS, S = dot_bound(m, dm, m, dm, &eS);
    if (!(S + rr >= 0x1p-400 && S + rr <= 0x1p400)) return 2;
    double A = S - rr, eA = eS + err_rr + u * fabs(A);
    int sp = bounded_sign(A, eA);
    if (sp == 2) return 2;
    if (sp < 0) return 1;
    if (still) return 0;
    double eme, me = dot_bound(m, dm, e, de, &eme);
    int tp = bounded_sign(me, eme);
    if (tp == 2) return 2;
    if (tp > 0) return 0; /* p outside, and the closest point: moving away */
    double eSq, Sq = dot_bound(mq, dmq, mq, dmq, &eSq);
    if (!(Sq + rr >= 0x1p-400 && Sq + rr <= 0x1p400)) return 2;
    int sq = bounded_sign(Sq - rr, eSq + err_rr + u * fabs(Sq - rr));
    if (sq == 2) return 2;
    if (sq < 0) return 1;
    double eee, ee = dot_bound(e, de, e, de, &eee);
    if (!(ee >= 0x1p-400 && ee <= 0x1p400)) return 2;
    double emqe, mqe = dot_bound(mq, dmq, e, de, &emqe);
    int tq = bounded_sign(mqe, emqe);
    if (tq == 2) return 2;
    if (tq < 0) return 0; /* the closest point is q, outside */
    /* A ee - me^2: each product's error from its factors' and its rounding */
    double Aee = A * ee, me2 = me * me;
    double eI = eA * ee + fabs(A) * eee + eA * eee + u * fabs(Aee) + 2 * fabs(me) * eme + eme * eme + u * me2;
    int si = bounded_sign(Aee - me2, (eI + u * fabs(Aee - me2)) * (1.0 + 0x1p-40));
    return si == 2 ? 2 : si < 0;
}

/* The segment's decision, specialized: every difference of inputs rounds
 * once (relative error <= u), so each bound is a multiple of the sum of the
 * absolute values of its terms (the general ball_fast's bounds, simplified). */
int col__segment_ball_fast(col_vec3 p, col_vec3 q, col_vec3 c, col_real r1, col_real r2) {
    if (col__exact_always) return 2;
    const double u = 0x1p-53;
    double r = (double)r1 + (double)r2;
    /* the segment's extent apart from the ball's on an axis: a far
     * segment's answer, from comparisons. c -+ (r1 + r2) rounds three times
     * by at most u (|c| + r) each; the slack, 8u of that, covers them (one
     * rounding alone could not err: rounding is monotone; r1 + r2's can,
     * test ExactSegment.ACapsuleTouchesABallWhoseRadiiSumRounds). */
    for (int k = 0; k < 3; ++k) {
        double pk = (double)col_v3_get(p, k), qk = (double)col_v3_get(q, k), ck = (double)col_v3_get(c, k);
        double slack = 0x1p-50 * (fabs(ck) + r);
        if ((pk < qk ? qk : pk) < ck - r - slack || (pk < qk ? pk : qk) > ck + r + slack) return 0;
    }
    double px = (double)p.x, py = (double)p.y, pz = (double)p.z, qx = (double)q.x, qy = (double)q.y, qz = (double)q.z,
           cx = (double)c.x, cy = (double)c.y, cz = (double)c.z;
    /* m = p - c, mq = q - c, e = q - p: each rounds once */
    double m0 = px - cx, m1 = py - cy, m2 = pz - cz;
    double rr = r * r;
    double S = m0 * m0 + m1 * m1 + m2 * m2;
    if (!(S + rr >= 0x1p-400 && S + rr <= 0x1p400)) return 2;
    /* |m|^2 - r^2: the squares' sum within 6u S, r^2 within 3u r^2, the difference u */
    double A = S - rr, eA = 8 * u * (S + rr);
    int sp = bounded_sign(A, eA);
    if (sp == 2) return 2;
    if (sp < 0) return 1;
    if (px == qx && py == qy && pz == qz) return 0;
    double e0 = qx - px, e1 = qy - py, e2 = qz - pz;
    /* dot products: each product within 3u, the sum 2u more: 8u of the sum of |products| */
    double me = m0 * e0 + m1 * e1 + m2 * e2;
    double eme = 8 * u * (fabs(m0 * e0) + fabs(m1 * e1) + fabs(m2 * e2));
    int tp = bounded_sign(me, eme);
    if (tp == 2) return 2;
    if (tp > 0) return 0; /* p outside, and the closest point: moving away */
    double mq0 = qx - cx, mq1 = qy - cy, mq2 = qz - cz;
    double mqe = mq0 * e0 + mq1 * e1 + mq2 * e2;
    int tq = bounded_sign(mqe, 8 * u * (fabs(mq0 * e0) + fabs(mq1 * e1) + fabs(mq2 * e2)));
    if (tq <= 0 || tq == 2) {
        /* the closest point may be q: q inside meets; else only a sure
         * closest point q (outside) decides */
        double Sq = mq0 * mq0 + mq1 * mq1 + mq2 * mq2;
        if (!(Sq + rr >= 0x1p-400 && Sq + rr <= 0x1p400)) return 2;
        int sq = bounded_sign(Sq - rr, 8 * u * (Sq + rr));
        if (sq == 2) return 2;
        if (sq < 0) return 1;
        if (tq < 0) return 0; /* the closest point is q, outside */
        return 2;
    }
    /* the closest point is interior (q is beyond it): it decides, A ee - me^2,
     * the products' errors from their factors' and u each */
    double ee = e0 * e0 + e1 * e1 + e2 * e2;
    if (!(ee >= 0x1p-400 && ee <= 0x1p400)) return 2;
    double eee = 8 * u * ee, Aee = A * ee, me2 = me * me;
    double eI = eA * ee + fabs(A) * eee + eA * eee + u * fabs(Aee) + 2 * fabs(me) * eme + eme * eme + u * me2;
    int si = bounded_sign(Aee - me2, 2 * eI + u * fabs(Aee - me2));
    return si == 2 ? 2 : si < 0;
}

/* The decision for the motion p + u (v1 - v2): e = v1 - v2 rounds once,
 * and mq = m + e once more. */
int col__moving_ball_fast(col_vec3 p, col_vec3 v1, col_vec3 v2, col_vec3 c, col_real r1, col_real r2) {
    if (col__exact_always) return 2;
    const double u = COL__XS_U;
    double m[3], mq[3], e[3], dm[3], dmq[3], de[3];
    for (int k = 0; k < 3; ++k) {
        double pk = (double)col_v3_get(p, k), ck = (double)col_v3_get(c, k);
        m[k] = pk - ck;
        e[k] = (double)col_v3_get(v1, k) - (double)col_v3_get(v2, k);
        mq[k] = m[k] + e[k];
        dm[k] = u * fabs(m[k]);
        de[k] = u * fabs(e[k]);
        dmq[k] = dm[k] + de[k] + u * fabs(mq[k]);
    }
    return ball_fast(m, dm, mq, dmq, e, de, r1, r2, v1.x == v2.x && v1.y == v2.y && v1.z == v2.z);
}

bool col__segment_meets_ball(col_vec3 p, col_vec3 q, col_vec3 c, col_real r1, col_real r2) {
    int fast = col__segment_ball_fast(p, q, c, r1, r2);
    if (fast != 2) return fast == 1;
    ball_in in = {p, q, c, r1, r2, false, {0, 0, 0}, {0, 0, 0}, false};
    return ball_decide(&in, p.x == q.x && p.y == q.y && p.z == q.z);
}

/* The segment [p, q] and the ball around c + v1 - v2, never rounded (the
 * end of a moving segment as the centre). Exact, without a scalar filter
 * (each sign's own double evaluation filters it). */
static bool segment_meets_moved_ball(col_vec3 p, col_vec3 q, col_vec3 c, col_vec3 v1, col_vec3 v2, col_real r1,
                                     col_real r2) {
    ball_in in = {p, q, c, r1, r2, false, v1, v2, true};
    return ball_decide(&in, p.x == q.x && p.y == q.y && p.z == q.z);
}

/* ---------------------------- the capsule ---------------------------- */

/* The segments [p, q] and [a, b]; w = (q - p) x (b - a). */
typedef struct caps_in {
    col_vec3 p, q, a, b;
    col_real r1, r2;
    int which;   /* the interior test's part */
    bool moving; /* [p, q] is p + u (v1 - v2), u in [0, 1], never rounded */
    col_vec3 v1, v2;
} caps_in;

static col__xd caps_part(col__xs *s, const void *vp) {
    const caps_in *in = vp;
    col__xd3 P = col__xd3_of(s, in->p), A = col__xd3_of(s, in->a);
    col__xd3 e = in->moving ? col__xd3_sub(s, col__xd3_of(s, in->v1), col__xd3_of(s, in->v2))
                            : col__xd3_sub(s, col__xd3_of(s, in->q), P);
    col__xd3 f = col__xd3_sub(s, col__xd3_of(s, in->b), A);
    col__xd3 w = col__xd3_cross(s, e, f), d0 = col__xd3_sub(s, A, P);
    col__xd ww = col__xd3_dot(s, w, w);
    switch (in->which) {
    case 0: return ww;                                           /* zero: parallel */
    case 1: return col__xd3_dot(s, col__xd3_cross(s, d0, f), w); /* s |w|^2, the parameter on [p, q] */
    case 2: return col__xd_sub(s, ww, col__xd3_dot(s, col__xd3_cross(s, d0, f), w)); /* (1 - s) |w|^2 */
    case 3: return col__xd3_dot(s, col__xd3_cross(s, d0, e), w); /* t |w|^2, the parameter on [a, b] */
    case 4: return col__xd_sub(s, ww, col__xd3_dot(s, col__xd3_cross(s, d0, e), w)); /* (1 - t) |w|^2 */
    default: {                                                                       /* (d0 . w)^2 - r^2 |w|^2 */
        col__xd h = col__xd3_dot(s, d0, w), r = col__xd_add(s, col__xd_of(s, in->r1), col__xd_of(s, in->r2));
        return col__xd_sub(s, col__xd_mul(s, h, h), col__xd_mul(s, col__xd_mul(s, r, r), ww));
    }
    }
}

/* Values with running error bounds, as col__xd's double evaluation, in a
 * struct of two doubles that passes in registers: the fast paths' arithmetic. */
typedef struct bd {
    double v, e;
} bd;

static inline bd bd_in(col_real x) { return (bd){(double)x, 0.0}; }
static inline bd bd_add(bd a, bd b) {
    double v = a.v + b.v;
    return (bd){v, a.e + b.e + COL__XS_U * fabs(v)};
}
static inline bd bd_sub(bd a, bd b) {
    double v = a.v - b.v;
    return (bd){v, a.e + b.e + COL__XS_U * fabs(v)};
}
static inline bd bd_mul(bd a, bd b) {
    double v = a.v * b.v, av = fabs(v);
    if ((a.v == 0.0 && a.e == 0.0) || (b.v == 0.0 && b.e == 0.0)) return (bd){v, 0.0};
    return (bd){v, av >= 0x1p-960 ? fabs(a.v) * b.e + fabs(b.v) * a.e + a.e * b.e + COL__XS_U * av : (double)INFINITY};
}
static inline int bd_sign(bd x) {
    col__xd v = {x.v, x.e, 0};
    return col__xd_fsign(v);
}

/* The capsule decision's first step (issue 16: near pairs cost a few dozen
 * operations, not the bounded arithmetic below): the segments' closest
 * points in plain double (Ericson 5.1.9; any pair of points of the two
 * segments makes a valid test, good ones decide), 1 where they are surely
 * within r1 + r2, 0 where a plane through their difference surely
 * separates the segments by more, else 2. Each computed point is within
 * 4u M of the exact point of its segment at the same parameter (M: the
 * largest |p_k| + |q_k| + |a_k| + |b_k|, or the caller's sum of them and
 * the radii, within an ulp of it or above; a few roundings per component,
 * times sqrt(3)), so the hit holds with 8u M to spare, after the roundings
 * of the squares (16u); the separation's gap, three dot products and a
 * difference, is within 8u S of exact (S: the sum of |n_k| times the
 * coordinates' magnitudes) and (r1 + r2) |n| within 4u. */
static inline double clamp01(double x) { return x > 0.0 ? (x < 1.0 ? x : 1.0) : 0.0; /* NaN: 0 */ }

typedef struct dv3 {
    double x, y, z;
} dv3;
static inline dv3 dv3_of(col_vec3 v) { return (dv3){(double)v.x, (double)v.y, (double)v.z}; }
static inline dv3 dv3_sub(dv3 a, dv3 b) { return (dv3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static inline double dv3_dot(dv3 a, dv3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline double dv3_abs_dot(dv3 a, dv3 b) { return fabs(a.x) * b.x + fabs(a.y) * b.y + fabs(a.z) * b.z; }

static int caps_certify(const caps_in *in, double M) {
    const double u = COL__XS_U;
    dv3 P = dv3_of(in->p), Q = dv3_of(in->q), A = dv3_of(in->a), B = dv3_of(in->b);
    dv3 D1 = dv3_sub(Q, P), D2 = dv3_sub(B, A), R0 = dv3_sub(P, A);
    double aa = dv3_dot(D1, D1), ee = dv3_dot(D2, D2), ff = dv3_dot(D2, R0), cc = dv3_dot(D1, R0);
    double bb = dv3_dot(D1, D2), sp = 0.0, tp = 0.0;
    if (aa > 0.0 && ee > 0.0) {
        double den = aa * ee - bb * bb;
        sp = den > 0.0 ? clamp01((bb * ff - cc * ee) / den) : 0.0;
        tp = (bb * sp + ff) / ee;
        if (!(tp >= 0.0))
            tp = 0.0, sp = clamp01(-cc / aa);
        else if (tp > 1.0)
            tp = 1.0, sp = clamp01((bb - cc) / aa);
    } else if (ee > 0.0) {
        tp = clamp01(ff / ee);
    } else if (aa > 0.0) {
        sp = clamp01(-cc / aa);
    }
    dv3 n = {(P.x + sp * D1.x) - (A.x + tp * D2.x), (P.y + sp * D1.y) - (A.y + tp * D2.y),
             (P.z + sp * D1.z) - (A.z + tp * D2.z)};
    double dd = dv3_dot(n, n), R = (double)in->r1 + (double)in->r2;
    double X = R * (1.0 - 4.0 * u) - 8.0 * u * M;
    if (X > 0x1p-400 && dd * (1.0 + 16.0 * u) < X * X * (1.0 - 16.0 * u)) return 1;
    if (!(dd >= 0x1p-900)) return 2;
    double gp = dv3_dot(n, P), gq = dv3_dot(n, Q), ga = dv3_dot(n, A), gb = dv3_dot(n, B);
    dv3 mag = {fabs(P.x) + fabs(Q.x) + fabs(A.x) + fabs(B.x), fabs(P.y) + fabs(Q.y) + fabs(A.y) + fabs(B.y),
               fabs(P.z) + fabs(Q.z) + fabs(A.z) + fabs(B.z)};
    double S = dv3_abs_dot(n, mag);
    double gap = (gp < gq ? gp : gq) - (ga > gb ? ga : gb), need = R * (1.0 + 4.0 * u) * sqrt(dd);
    double slack = 8.0 * u * S + 0x1p-1000 + 4.0 * u * need;
    return gap - slack > need ? 0 : 2;
}

/* The gap of [p, q] and [a, b] on one axis, their boxes grown by rsum:
 * surely apart (1) when it exceeds the sums' rounding, 4u of the largest
 * term; *most: the largest magnitude so far (NaN kept). */
static inline bool caps_axis_apart(double p, double q, double a, double b, double rsum, double *most) {
    double lo1 = p < q ? p : q, hi1 = p < q ? q : p, lo2 = a < b ? a : b, hi2 = a < b ? b : a;
    double gap = lo2 - hi1 > lo1 - hi2 ? lo2 - hi1 : lo1 - hi2; /* the boxes' gap on the axis */
    double mag = fabs(lo1) + fabs(hi1) + fabs(lo2) + fabs(hi2) + rsum;
    *most = !(mag <= *most) ? mag : *most;
    return gap - rsum > 4 * COL__XS_U * mag && mag < 0x1p900;
}

/* The capsule decision from one pass of double arithmetic with running
 * error bounds (1, 0, or 2 in doubt): where the lines' closest points are
 * surely interior to both segments they decide alone; otherwise the four
 * end-to-segment distances do (ball_fast). */
static int caps_fast(const caps_in *in) {
    if (col__exact_always) return 2;
    /* the segments' bounding boxes, grown by the radii, surely apart on an
     * axis: apart (the sums round once each, within u of their magnitude;
     * a margin of 4u of the largest term covers both) */
    double rsum = (double)in->r1 + (double)in->r2, most = 0.0;
    if (caps_axis_apart((double)in->p.x, (double)in->q.x, (double)in->a.x, (double)in->b.x, rsum, &most) ||
        caps_axis_apart((double)in->p.y, (double)in->q.y, (double)in->a.y, (double)in->b.y, rsum, &most) ||
        caps_axis_apart((double)in->p.z, (double)in->q.z, (double)in->a.z, (double)in->b.z, rsum, &most))
        return 0;
    int cert = caps_certify(in, most);
    if (cert != 2) return cert;
    bd e[3], f[3], d0[3], w[3], g[3], h3[3];
    for (int k = 0; k < 3; ++k) {
        bd P = bd_in(col_v3_get(in->p, k)), A = bd_in(col_v3_get(in->a, k));
        e[k] = bd_sub(bd_in(col_v3_get(in->q, k)), P);
        f[k] = bd_sub(bd_in(col_v3_get(in->b, k)), A);
        d0[k] = bd_sub(A, P);
    }
    for (int k = 0; k < 3; ++k) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        w[k] = bd_sub(bd_mul(e[i], f[j]), bd_mul(e[j], f[i]));    /* e x f */
        g[k] = bd_sub(bd_mul(d0[i], f[j]), bd_mul(d0[j], f[i]));  /* d0 x f */
        h3[k] = bd_sub(bd_mul(d0[i], e[j]), bd_mul(d0[j], e[i])); /* d0 x e */
    }
    bd ww = bd_add(bd_add(bd_mul(w[0], w[0]), bd_mul(w[1], w[1])), bd_mul(w[2], w[2]));
    int sw = bd_sign(ww), outside = sw == 0; /* parallel: no interior closest pair */
    if (sw == 1) {
        bd sn = bd_add(bd_add(bd_mul(g[0], w[0]), bd_mul(g[1], w[1])), bd_mul(g[2], w[2]));
        bd tn = bd_add(bd_add(bd_mul(h3[0], w[0]), bd_mul(h3[1], w[1])), bd_mul(h3[2], w[2]));
        int s1 = bd_sign(sn), s2 = bd_sign(bd_sub(ww, sn)), s3 = bd_sign(tn), s4 = bd_sign(bd_sub(ww, tn));
        /* the lines' closest pair surely outside a segment: the ends decide */
        outside = (s1 == -1 || s1 == 0 || s2 == -1 || s2 == 0 || s3 == -1 || s3 == 0 || s4 == -1 || s4 == 0);
        if (s1 == 1 && s2 == 1 && s3 == 1 && s4 == 1) { /* interior to both: the lines' distance decides */
            bd h = bd_add(bd_add(bd_mul(d0[0], w[0]), bd_mul(d0[1], w[1])), bd_mul(d0[2], w[2]));
            bd r = bd_add(bd_in(in->r1), bd_in(in->r2));
            int si = bd_sign(bd_sub(bd_mul(h, h), bd_mul(bd_mul(r, r), ww)));
            return si == 2 ? 2 : si <= 0;
        }
    }
    int f1 = col__segment_ball_fast(in->a, in->b, in->p, in->r1, in->r2);
    if (f1 == 1) return 1;
    int f2 = col__segment_ball_fast(in->a, in->b, in->q, in->r1, in->r2);
    if (f2 == 1) return 1;
    int f3 = col__segment_ball_fast(in->p, in->q, in->a, in->r1, in->r2);
    if (f3 == 1) return 1;
    int f4 = col__segment_ball_fast(in->p, in->q, in->b, in->r1, in->r2);
    if (f4 == 1) return 1;
    if (f1 == 2 || f2 == 2 || f3 == 2 || f4 == 2) return 2;
    /* every end surely apart: apart, when the closest pair is surely not interior */
    return outside ? 0 : 2;
}

static bool caps_interior(caps_in *in);

int col__segment_capsule_fast(col_vec3 p, col_vec3 q, col_vec3 a, col_vec3 b, col_real r) {
    caps_in fin = {p, q, a, b, r, COL_R(0.0), 0, false, p, p};
    return caps_fast(&fin);
}

/* The segment [p, q] against the infinite cylinder of radius r around the
 * line through (ci, cj) along axis k, in the projection on the other two
 * axes: the distance from the line is convex along the segment, smallest at
 * p where it grows from p, at q where it shrinks to q, else where the line
 * through p and q passes closest. 0 where that is surely more than r, else 2
 * (a box edge's capsule lies in its cylinder: the sweeps' cheap miss). */
int col__segment_cylinder_fast(col_vec3 p, col_vec3 q, int k, col_real ci, col_real cj, col_real r) {
    if (col__exact_always) return 2;
    int i = (k + 1) % 3, j = (k + 2) % 3;
    bd pi = bd_in(col_v3_get(p, i)), pj = bd_in(col_v3_get(p, j)), qi = bd_in(col_v3_get(q, i)),
       qj = bd_in(col_v3_get(q, j));
    bd P[2] = {bd_sub(pi, bd_in(ci)), bd_sub(pj, bd_in(cj))}, Q[2] = {bd_sub(qi, bd_in(ci)), bd_sub(qj, bd_in(cj))};
    bd D[2] = {bd_sub(qi, pi), bd_sub(qj, pj)}, R = bd_in(r);
    bd R2 = bd_mul(R, R);
    int sp = bd_sign(bd_add(bd_mul(P[0], D[0]), bd_mul(P[1], D[1])));
    if (sp == 0 || sp == 1) return bd_sign(bd_sub(bd_add(bd_mul(P[0], P[0]), bd_mul(P[1], P[1])), R2)) == 1 ? 0 : 2;
    int sq = bd_sign(bd_add(bd_mul(Q[0], D[0]), bd_mul(Q[1], D[1])));
    if (sq == 0 || sq == -1) return bd_sign(bd_sub(bd_add(bd_mul(Q[0], Q[0]), bd_mul(Q[1], Q[1])), R2)) == 1 ? 0 : 2;
    bd cross = bd_sub(bd_mul(P[0], D[1]), bd_mul(P[1], D[0]));
    bd dd = bd_add(bd_mul(D[0], D[0]), bd_mul(D[1], D[1]));
    return bd_sign(bd_sub(bd_mul(cross, cross), bd_mul(R2, dd))) == 1 ? 0 : 2;
}

bool col__segment_meets_capsule(col_vec3 p, col_vec3 q, col_vec3 a, col_vec3 b, col_real r1, col_real r2) {
    if (r1 == COL_R(0.0) && r2 == COL_R(0.0)) return col__segments_meet(p, q, a, b);
    caps_in fin = {p, q, a, b, r1, r2, 0, false, p, p};
    int fast = caps_fast(&fin);
    if (fast != 2) return fast == 1;
    /* the closest points are an end of one segment and a point of the
     * other, or interior to both, where the lines are closest */
    if (col__segment_meets_ball(a, b, p, r1, r2) || col__segment_meets_ball(a, b, q, r1, r2) ||
        col__segment_meets_ball(p, q, a, r1, r2) || col__segment_meets_ball(p, q, b, r1, r2))
        return true;
    caps_in in = {p, q, a, b, r1, r2, 0, false, p, p};
    return caps_interior(&in);
}

/* The ends decided apart: the segments come within r1 + r2 where their
 * lines are closest, interior to both. */
static bool caps_interior(caps_in *in) {
    if (col__xd_sign(caps_part, in) == 0) return false; /* parallel (or a point): the ends decided */
    for (in->which = 1; in->which <= 4; ++in->which)
        if (col__xd_sign(caps_part, in) <= 0) return false; /* the lines are closest outside a segment */
    return col__xd_sign(caps_part, in) <= 0;
}

bool col__moving_meets_capsule(col_vec3 p, col_vec3 v1, col_vec3 v2, col_vec3 a, col_vec3 b, col_real r1, col_real r2) {
    if (col__segment_meets_ball(a, b, p, r1, r2)) return true;
    if (v1.x == v2.x && v1.y == v2.y && v1.z == v2.z) return false; /* still: the start alone */
    if (segment_meets_moved_ball(a, b, p, v1, v2, r1, r2) || col__moving_meets_ball(p, v1, v2, a, r1, r2) ||
        col__moving_meets_ball(p, v1, v2, b, r1, r2))
        return true;
    caps_in in = {p, p, a, b, r1, r2, 0, true, v1, v2};
    return caps_interior(&in);
}

/* ------------------------------ the boxes ------------------------------ */

/*
 * The segment [p, q] and the box {x : lo_k <= u_k . (x - c) <= hi_k}: an
 * AABB (u_k the coordinate axes, c = 0) or an OBB (its axes, centre and
 * extents: the slabs' intersection, the box its axes span when they are
 * orthonormal). Along the segment, x(t) = p + t (q - p) and the box
 * coordinate is P_k + t (Q_k - P_k), P_k = u_k . (p - c), Q_k likewise. The
 * segment meets the box when the intervals of t each slab allows and
 * [0, 1] have a point in common: every lower end at most every upper end,
 * compared as fractions by cross-multiplication (signs of polynomials).
 */
typedef struct box_in {
    col_vec3 p, q, c, lo, hi;
    const col_vec3 *u; /* NULL: the coordinate axes */
    int op, i, j, bi, bj;
    /* for the coordinate axes only: the end p + v1 - v2 instead of q (a
     * sweep), and the box grown by g_k on both sides of axis k (g >= 0) */
    bool moving;
    col_vec3 v1, v2, g;
} box_in;

static col__xd box_coord(col__xs *s, const box_in *in, col_vec3 x, int k) {
    if (!in->u) return col__xd_of(s, col_v3_get(x, k));
    return col__xd3_dot(s, col__xd3_of(s, in->u[k]), col__xd3_sub(s, col__xd3_of(s, x), col__xd3_of(s, in->c)));
}

/* The end's coordinate k: q's, or p + v1 - v2 never rounded. */
static col__xd box_end(col__xs *s, const box_in *in, int k) {
    if (!in->moving) return box_coord(s, in, in->q, k);
    col__xd v = col__xd_sub(s, col__xd_of(s, col_v3_get(in->v1, k)), col__xd_of(s, col_v3_get(in->v2, k)));
    return col__xd_add(s, col__xd_of(s, col_v3_get(in->p, k)), v);
}

/* The bound lo_k - g_k (b = 0) or hi_k + g_k (b = 1). */
static col__xd box_bound(col__xs *s, const box_in *in, int k, int b) {
    col__xd x = col__xd_of(s, col_v3_get(b ? in->hi : in->lo, k));
    col_real g = col_v3_get(in->g, k);
    if (g == COL_R(0.0)) return x;
    return b ? col__xd_add(s, x, col__xd_of(s, g)) : col__xd_sub(s, x, col__xd_of(s, g));
}

static col__xd box_part(col__xs *s, const void *vp) {
    const box_in *in = vp;
    switch (in->op) {
    case 0: return col__xd_sub(s, box_end(s, in, in->i), box_coord(s, in, in->p, in->i));           /* Q_i - P_i */
    case 1: return col__xd_sub(s, box_coord(s, in, in->p, in->i), box_bound(s, in, in->i, in->bi)); /* P_i - bound */
    case 2: return col__xd_sub(s, box_end(s, in, in->i), box_bound(s, in, in->i, in->bi));          /* Q_i - bound */
    default: {
        /* (bound_i - P_i) (Q_j - P_j) - (bound_j - P_j) (Q_i - P_i): the sign
         * of t_i - t_j when Q_i - P_i and Q_j - P_j are both positive */
        col__xd pi = box_coord(s, in, in->p, in->i), pj = box_coord(s, in, in->p, in->j);
        col__xd di = col__xd_sub(s, box_end(s, in, in->i), pi);
        col__xd dj = col__xd_sub(s, box_end(s, in, in->j), pj);
        col__xd ni = col__xd_sub(s, box_bound(s, in, in->i, in->bi), pi);
        col__xd nj = col__xd_sub(s, box_bound(s, in, in->j, in->bj), pj);
        return col__xd_sub(s, col__xd_mul(s, ni, dj), col__xd_mul(s, nj, di));
    }
    }
}

/* The signs the slab test asks for: from one double pass over the box
 * coordinates (fast: *unsure set where a bound does not decide), or each
 * exactly (col__xd_sign on box_part). */
typedef struct box_eval {
    box_in *in;
    bool fast, unsure;
    col__xd P[3], Q[3], B[3][2];
} box_eval;

static int box_sign(box_eval *b, int op, int i, int bi, int j, int bj) {
    if (!b->fast) {
        box_in *in = b->in;
        in->op = op;
        in->i = i;
        in->bi = bi;
        in->j = j;
        in->bj = bj;
        return col__xd_sign(box_part, in);
    }
    col__xs *s = &col__xs_fp;
    col__xd v;
    switch (op) {
    case 0: v = col__xd_sub(s, b->Q[i], b->P[i]); break;
    case 1: v = col__xd_sub(s, b->P[i], b->B[i][bi]); break;
    case 2: v = col__xd_sub(s, b->Q[i], b->B[i][bi]); break;
    default: {
        col__xd di = col__xd_sub(s, b->Q[i], b->P[i]), dj = col__xd_sub(s, b->Q[j], b->P[j]);
        col__xd ni = col__xd_sub(s, b->B[i][bi], b->P[i]), nj = col__xd_sub(s, b->B[j][bj], b->P[j]);
        v = col__xd_sub(s, col__xd_mul(s, ni, dj), col__xd_mul(s, nj, di));
    }
    }
    int sg = col__xd_fsign(v);
    if (sg != 2) return sg;
    b->unsure = true;
    return 0;
}

static bool slabs_logic(box_eval *b) {
    int dir[3];
    for (int k = 0; k < 3; ++k) {
        dir[k] = box_sign(b, 0, k, 0, 0, 0);
        /* the interval of t in slab k meets [0, 1]: p or q on the inner side
         * of each bound */
        if (box_sign(b, 1, k, 0, 0, 0) < 0 && box_sign(b, 2, k, 0, 0, 0) < 0) return false;
        if (box_sign(b, 1, k, 1, 0, 0) > 0 && box_sign(b, 2, k, 1, 0, 0) > 0) return false;
    }
    /* Moving along +k (dir > 0) the slab is entered at lo and left at hi;
     * along -k, entered at hi and left at lo. Every entry no later than every
     * exit: t_in(i) <= t_out(j), that is (b_i - P_i) / D_i <= (b_j - P_j) / D_j,
     * cross-multiplied by D_i D_j (its sign: dir_i dir_j). A slab the segment
     * does not move across (dir 0) holds it throughout (checked above). */
    for (int i = 0; i < 3; ++i) {
        if (dir[i] == 0) continue;
        for (int j = 0; j < 3; ++j) {
            if (j == i || dir[j] == 0) continue;
            int in_i = dir[i] > 0 ? 0 : 1, out_j = dir[j] > 0 ? 1 : 0;
            /* sign of (b_i - P_i) D_j - (b_j - P_j) D_i = D_i D_j (t_i - t_j) */
            if (box_sign(b, 3, i, in_i, j, out_j) * dir[i] * dir[j] > 0) return false;
        }
    }
    return true;
}

/* |n / d - (n + a) / (d + b)| for |a| <= en, |b| <= ed < |d|, plus the
 * division's rounding: the error bound of a ratio of two bounded values. */
static double ratio_error(double t, col__xd n, col__xd d) {
    double ad = d.v < 0 ? -d.v : d.v, at = t < 0 ? -t : t;
    return (n.e + at * d.e) / (ad - d.e) * (1.0 + 0x1p-30) + COL__XS_U * at + 0x1p-1000; /* + an underflow's error */
}

/* The slab test in one double pass: the interval of the segment's parameter
 * each slab allows, each end with its error bound; 1 or 0 where the bounds
 * decide, 2 where they do not. */
static int slabs_fast(const box_eval *b) {
    col__xs *s = &col__xs_fp;
    double lo_max = 0.0, lo_min = 0.0, hi_min = 1.0, hi_max = 1.0; /* the range of max(t_in), min(t_out) */
    for (int k = 0; k < 3; ++k) {
        col__xd D = col__xd_sub(s, b->Q[k], b->P[k]);
        int sd = col__xd_fsign(D);
        if (sd == 2) return 2;
        if (sd == 0) { /* not moving across the slab: inside it or never */
            int sl = col__xd_fsign(col__xd_sub(s, b->P[k], b->B[k][0]));
            int sh = col__xd_fsign(col__xd_sub(s, b->P[k], b->B[k][1]));
            if (sl == 2 || sh == 2) return 2;
            if (sl < 0 || sh > 0) return 0;
            continue;
        }
        col__xd nin = col__xd_sub(s, b->B[k][sd > 0 ? 0 : 1], b->P[k]);
        col__xd nout = col__xd_sub(s, b->B[k][sd > 0 ? 1 : 0], b->P[k]);
        double tin = nin.v / D.v, tout = nout.v / D.v;
        double ein = ratio_error(tin, nin, D), eout = ratio_error(tout, nout, D);
        if (!(ein < 0x1p60 && eout < 0x1p60)) return 2; /* not finite, or no bound: the exact path */
        lo_max = tin + ein > lo_max ? tin + ein : lo_max;
        lo_min = tin - ein > lo_min ? tin - ein : lo_min;
        hi_min = tout - eout < hi_min ? tout - eout : hi_min;
        hi_max = tout + eout < hi_max ? tout + eout : hi_max;
    }
    if (lo_max < hi_min) return 1; /* every entry surely before every exit */
    if (lo_min > hi_max) return 0; /* some entry surely after some exit */
    return 2;
}

/* slabs_fast for an AABB, in scalars: the coordinates are the inputs, so
 * D = Q - P, its reciprocal, the numerators and their products each round
 * once (relative error <= u/2 each, u = COL__XS_U: t is within about 2u |t|
 * of its exact value; 3u |t| with room). */
int col__segment_box_fast(col_vec3 p, col_vec3 q, col_vec3 lo, col_vec3 hi) {
    return col__segment_box_fast_k(p, q, lo, hi);
}

static bool segment_meets_slabs(box_in *in) {
    bool plain = !in->moving && in->g.x == COL_R(0.0) && in->g.y == COL_R(0.0) && in->g.z == COL_R(0.0);
    if (!in->u && plain) {
        int fast = col__segment_box_fast(in->p, in->q, in->lo, in->hi);
        if (fast != 2) return fast == 1;
    }
    box_eval b;
    b.in = in;
    b.fast = true;
    b.unsure = false;
    col__xs *s = &col__xs_fp;
    for (int k = 0; k < 3; ++k) {
        b.P[k] = box_coord(s, in, in->p, k);
        b.Q[k] = box_end(s, in, k);
        b.B[k][0] = box_bound(s, in, k, 0);
        b.B[k][1] = box_bound(s, in, k, 1);
    }
    int fast = slabs_fast(&b);
    if (fast != 2) return fast == 1;
    bool r = slabs_logic(&b);
    if (!b.unsure) return r;
    b.fast = false; /* a sign in doubt: the whole decision again, each sign exact */
    return slabs_logic(&b);
}

/* (out of line: its frame and the box_in it builds cost the usual
 * segment, which the filter decides, nothing) */
COL__NOINLINE bool col__segment_meets_box_exact(col_vec3 p, col_vec3 q, col_vec3 lo, col_vec3 hi) {
    box_in in = {p, q, col_v3(0, 0, 0), lo, hi, NULL, 0, 0, 0, 0, 0, false, p, p, col_v3(0, 0, 0)};
    return segment_meets_slabs(&in);
}

bool col__segment_meets_box(col_vec3 p, col_vec3 q, col_vec3 lo, col_vec3 hi) {
    int fast = col__segment_box_fast_k(p, q, lo, hi);
    if (fast != 2) return fast == 1;
    return col__segment_meets_box_exact(p, q, lo, hi);
}

bool col__segment_meets_obb(col_vec3 p, col_vec3 q, col_vec3 c, const col_vec3 *u, col_vec3 e) {
    box_in in = {p, q, c, col_v3_neg(e), e, u, 0, 0, 0, 0, 0, false, p, p, col_v3(0, 0, 0)};
    return segment_meets_slabs(&in);
}

/* ------------------------- a ball and a box ------------------------- */

/* The squared distance from c to the box [lo, hi] minus r^2: per axis the
 * excess beyond the nearer face, where c is outside the slab (an exact
 * comparison). */
typedef struct ball_box_in {
    col_vec3 c, lo, hi;
    col_real r;
} ball_box_in;

static col__xd ball_box_value(col__xs *s, const void *vp) {
    const ball_box_in *in = vp;
    col__xd d2 = col__xd_of(s, COL_R(0.0));
    for (int k = 0; k < 3; ++k) {
        col_real v = col_v3_get(in->c, k), l = col_v3_get(in->lo, k), h = col_v3_get(in->hi, k);
        if (v >= l && v <= h) continue;
        col__xd e = v < l ? col__xd_sub(s, col__xd_of(s, l), col__xd_of(s, v))
                          : col__xd_sub(s, col__xd_of(s, v), col__xd_of(s, h));
        d2 = col__xd_add(s, d2, col__xd_mul(s, e, e));
    }
    col__xd r = col__xd_of(s, in->r);
    return col__xd_sub(s, d2, col__xd_mul(s, r, r));
}

bool col__ball_meets_box(col_vec3 c, col_real r, col_vec3 lo, col_vec3 hi) {
    ball_box_in in = {c, lo, hi, r};
    return col__xd_sign(ball_box_value, &in) <= 0;
}

/* ----------------------- a moving ball and a box ----------------------- */

/* The box [lo, hi] grown by r (its Minkowski sum with the ball) is the union
 * of the box grown by r along one axis (three boxes) and the capsules of
 * radius r around its twelve edges: a point whose nearest box point is on a
 * face is in the first, on an edge or a corner in the second. */
bool col__moving_ball_meets_box(col_vec3 p, col_vec3 v1, col_vec3 v2, col_real r, col_vec3 lo, col_vec3 hi) {
    box_in in = {p, p, col_v3(0, 0, 0), lo, hi, NULL, 0, 0, 0, 0, 0, true, v1, v2, col_v3(r, r, r)};
    if (!segment_meets_slabs(&in)) return false; /* apart from the box grown on every axis */
    for (int k = 0; k < 3; ++k) {
        in.g = col_v3(k == 0 ? r : 0, k == 1 ? r : 0, k == 2 ? r : 0);
        if (segment_meets_slabs(&in)) return true;
    }
    if (r == COL_R(0.0)) return false; /* the face boxes are the box */
    /* the edges along axis k, at the four corners of the other two; an edge
     * whose capsule's box the segment surely misses is skipped (rounded
     * bounds with a margin of 4 eps of every magnitude involved) */
    for (int k = 0; k < 3; ++k) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        for (int corner = 0; corner < 4; ++corner) {
            col_vec3 a = lo, b = hi;
            col_real ci = corner & 1 ? col_v3_get(hi, i) : col_v3_get(lo, i);
            col_real cj = corner & 2 ? col_v3_get(hi, j) : col_v3_get(lo, j);
            bool skip = false;
            for (int t = 0; t < 2 && !skip; ++t) {
                int ax = t ? j : i;
                col_real c = t ? cj : ci;
                col_real p0 = col_v3_get(p, ax), v = col_v3_get(v1, ax) - col_v3_get(v2, ax), p1 = p0 + v;
                col_real m = COL_R(4.0) * COL_EPSILON *
                             (col_abs(p0) + col_abs(col_v3_get(v1, ax)) + col_abs(col_v3_get(v2, ax)) + col_abs(c) + r);
                skip = col_min(p0, p1) > c + r + m || col_max(p0, p1) < c - r - m;
            }
            if (skip) continue;
            if (i == 0) a.x = b.x = ci;
            if (i == 1) a.y = b.y = ci;
            if (i == 2) a.z = b.z = ci;
            if (j == 0) a.x = b.x = cj;
            if (j == 1) a.y = b.y = cj;
            if (j == 2) a.z = b.z = cj;
            if (col__moving_meets_capsule(p, v1, v2, a, b, r, COL_R(0.0))) return true;
        }
    }
    return false;
}

/* ---------------------- a (moving) ball and a triangle ---------------------- */

/*
 * The ball of radius r around X meets the (not degenerate) triangle abc when
 * X is within r of an edge (a capsule) or projects into the triangle and is
 * within r of its plane (the prism): with the vertices relative to X (A, B,
 * C) and n = (B - A) x (C - A), the sides n . (V_k x V_k+1) are all >= 0 and
 * (n . A)^2 <= r^2 |n|^2, polynomials. A moving centre p + u (v1 - v2)
 * comes within r when it does at an end, or passes within r of an edge, or
 * crosses the triangle (the segment-triangle decision of exact.c with the
 * end never rounded): the closest pair of a segment and a triangle that do
 * not meet is an end and a point of the triangle, or a point of the segment
 * and a point of an edge.
 */
typedef struct tri_in {
    col_vec3 a, b, c, p, v1, v2;
    col_real r;
    bool moved; /* X = p + v1 - v2 (the end), else X = p */
    int op, k;
} tri_in;

/* y - X */
static col__xd3 tri_rel(col__xs *s, const tri_in *in, col_vec3 y, bool moved) {
    col__xd3 d = col__xd3_sub(s, col__xd3_of(s, y), col__xd3_of(s, in->p));
    if (!moved) return d;
    return col__xd3_sub(s, d, col__xd3_sub(s, col__xd3_of(s, in->v1), col__xd3_of(s, in->v2)));
}

static col__xd tri_part(col__xs *s, const void *vp) {
    const tri_in *in = vp;
    bool moved = in->moved && in->op != 3;
    col__xd3 V[3] = {tri_rel(s, in, in->a, moved), tri_rel(s, in, in->b, moved), tri_rel(s, in, in->c, moved)};
    if (in->op == 3) { /* the path's side of edge k: det[v1 - v2, V_k, V_k+1] from the start */
        col__xd3 d = col__xd3_sub(s, col__xd3_of(s, in->v1), col__xd3_of(s, in->v2));
        return col__xd3_dot(s, d, col__xd3_cross(s, V[in->k], V[(in->k + 1) % 3]));
    }
    col__xd3 n = col__xd3_cross(s, col__xd3_sub(s, V[1], V[0]), col__xd3_sub(s, V[2], V[0]));
    switch (in->op) {
    case 0: return col__xd3_dot(s, n, V[0]); /* -(n . (X - a)): X's side, negated */
    case 1: return col__xd3_dot(s, n, col__xd3_cross(s, V[in->k], V[(in->k + 1) % 3])); /* >= 0: inside edge k */
    default: {                                                                          /* (n . A)^2 - r^2 |n|^2 */
        col__xd h = col__xd3_dot(s, n, V[0]), r = col__xd_of(s, in->r);
        return col__xd_sub(s, col__xd_mul(s, h, h), col__xd_mul(s, col__xd_mul(s, r, r), col__xd3_dot(s, n, n)));
    }
    }
}

static int tri_sign(tri_in *in, int op, int k) {
    in->op = op;
    in->k = k;
    return col__xd_sign(tri_part, in);
}

/* X in the prism: projecting into the triangle, within r of its plane. */
static bool tri_prism(tri_in *in) {
    for (int k = 0; k < 3; ++k)
        if (tri_sign(in, 1, k) < 0) return false;
    return tri_sign(in, 2, 0) <= 0;
}

bool col__moving_ball_meets_triangle(col_vec3 p, col_vec3 v1, col_vec3 v2, col_real r, col_vec3 a, col_vec3 b,
                                     col_vec3 c) {
    tri_in in = {a, b, c, p, v1, v2, r, false, 0, 0};
    if (tri_prism(&in)) return true;
    bool still = v1.x == v2.x && v1.y == v2.y && v1.z == v2.z;
    const col_vec3 v[3] = {a, b, c};
    for (int k = 0; k < 3; ++k)
        if (still ? col__segment_meets_ball(v[k], v[(k + 1) % 3], p, r, COL_R(0.0))
                  : col__moving_meets_capsule(p, v1, v2, v[k], v[(k + 1) % 3], r, COL_R(0.0)))
            return true;
    if (still) return false;
    in.moved = true;
    if (tri_prism(&in)) return true;
    /* crossing the plane inside the triangle (a path in the plane meets it
     * only at an end or across an edge: decided above) */
    int sq = tri_sign(&in, 0, 0);
    in.moved = false;
    int sp = tri_sign(&in, 0, 0);
    if (sp * sq > 0 || (sp == 0 && sq == 0)) return false;
    int s1 = tri_sign(&in, 3, 0), s2 = tri_sign(&in, 3, 1), s3 = tri_sign(&in, 3, 2);
    return !((s1 < 0 || s2 < 0 || s3 < 0) && (s1 > 0 || s2 > 0 || s3 > 0));
}

/* The same parts in one pass of double arithmetic with running error
 * bounds (bd): 1 surely in the prism, 0 surely not, 2 in doubt. */
COL__XS_INLINE bd bd3_dot(const bd x[3], const bd y[3]) {
    return bd_add(bd_add(bd_mul(x[0], y[0]), bd_mul(x[1], y[1])), bd_mul(x[2], y[2]));
}

COL__XS_INLINE void bd3_cross(const bd x[3], const bd y[3], bd out[3]) {
    for (int k = 0; k < 3; ++k) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        out[k] = bd_sub(bd_mul(x[i], y[j]), bd_mul(x[j], y[i]));
    }
}

static int prism_fast(bd V[3][3], col_real r, bd n[3], bd *h) {
    *h = bd3_dot(n, V[0]); /* -(n . (X - a)): X's side, negated (always set: the crossing test reads it) */
    bool doubt = false;
    for (int k = 0; k < 3; ++k) {
        bd w[3];
        bd3_cross(V[k], V[(k + 1) % 3], w);
        int side = bd_sign(bd3_dot(n, w));
        if (side == -1) return 0;
        doubt = doubt || side == 2;
    }
    bd rr = bd_mul(bd_in(r), bd_in(r));
    int height = bd_sign(bd_sub(bd_mul(*h, *h), bd_mul(rr, bd3_dot(n, n))));
    if (height == 1) return 0;
    return doubt || height == 2 ? 2 : 1;
}

int col__ball_triangle_fast(col_vec3 p, col_vec3 v1, col_vec3 v2, col_real r, col_vec3 a, col_vec3 b, col_vec3 c) {
    if (col__exact_always) return 2;
    const col_vec3 t[3] = {a, b, c};
    bd V[3][3], W[3][3], d[3];
    bool still = v1.x == v2.x && v1.y == v2.y && v1.z == v2.z;
    for (int k = 0; k < 3; ++k) {
        d[k] = bd_sub(bd_in(col_v3_get(v1, k)), bd_in(col_v3_get(v2, k)));
        for (int i = 0; i < 3; ++i) {
            V[i][k] = bd_sub(bd_in(col_v3_get(t[i], k)), bd_in(col_v3_get(p, k)));
            W[i][k] = bd_sub(V[i][k], d[k]); /* relative to the end */
        }
    }
    bd e1[3], e2[3], n[3], h0, h1;
    for (int k = 0; k < 3; ++k) {
        e1[k] = bd_sub(V[1][k], V[0][k]);
        e2[k] = bd_sub(V[2][k], V[0][k]);
    }
    bd3_cross(e1, e2, n);
    int start = prism_fast(V, r, n, &h0);
    if (start == 1) return 1;
    if (still) return start;
    int end = prism_fast(W, r, n, &h1);
    if (end == 1) return 1;
    bool doubt = start == 2 || end == 2;
    int sp = bd_sign(h0), sq = bd_sign(h1);
    if (sp == 2 || sq == 2) return 2;
    if (sp * sq > 0 || (sp == 0 && sq == 0)) return doubt ? 2 : 0;
    int sk[3];
    for (int k = 0; k < 3; ++k) {
        bd w[3];
        bd3_cross(V[k], V[(k + 1) % 3], w);
        sk[k] = bd_sign(bd3_dot(d, w));
        if (sk[k] == 2) return 2;
    }
    if ((sk[0] < 0 || sk[1] < 0 || sk[2] < 0) && (sk[0] > 0 || sk[1] > 0 || sk[2] > 0)) return doubt ? 2 : 0;
    return 1;
}

/* --------------------------- two moving boxes --------------------------- */

/*
 * Box A = [amin, amax] moving by da and box B = [bmin, bmax] moving by db
 * (a sweep): on axis k they overlap at u when lo_k <= u v_k <= hi_k, with
 * lo_k = bmin_k - amax_k, hi_k = bmax_k - amin_k and v_k = da_k - db_k,
 * none of them rounded. Where v_k != 0 that is the interval of u from
 * in_k = (v_k > 0 ? lo_k : hi_k) / v_k to out_k = (v_k > 0 ? hi_k : lo_k) / v_k;
 * where v_k = 0 (da_k = db_k) every u or none. They meet for some u in
 * [0, 1] when every entry is at most every exit, 1 included, and every exit
 * at least 0: the signs of N_i v_j - M_j v_i, each exact.
 */
typedef struct diffs_in {
    col_real x[8]; /* (x0 - x1)(x2 - x3) - (x4 - x5)(x6 - x7) */
} diffs_in;

static col__xd diffs_value(col__xs *s, const void *vp) {
    const diffs_in *in = vp;
    col__xd d[4];
    for (int i = 0; i < 4; ++i) d[i] = col__xd_sub(s, col__xd_of(s, in->x[2 * i]), col__xd_of(s, in->x[2 * i + 1]));
    return col__xd_sub(s, col__xd_mul(s, d[0], d[1]), col__xd_mul(s, d[2], d[3]));
}

static int diffs_sign(col_real x0, col_real x1, col_real x2, col_real x3, col_real x4, col_real x5, col_real x6,
                      col_real x7) {
    diffs_in in = {{x0, x1, x2, x3, x4, x5, x6, x7}};
    return col__xd_sign(diffs_value, &in);
}

/* The decision from the rounded entry and exit times: each of N, v and N / v
 * rounds once (relative error u each, so a time is within 4u of its
 * magnitude, plus 2^-1000 where it underflows), 1 or 0 where that decides, 2
 * where it does not. x + e |x| is increasing, so the exact latest entry
 * (0 among them) lies within e |lo| of the rounded one lo, the exact
 * earliest exit (1 among them) within e |hi| of hi: one bound at the end
 * (and a sure miss checked per axis), not one per time. Where it returns 1,
 * tin and tout hold every moving axis's rounded times (the sweep's t0 and t1
 * need not divide again). */
int col__moving_boxes_fast(const col_vec3 *amin, const col_vec3 *amax, const col_vec3 *da, const col_vec3 *bmin,
                           const col_vec3 *bmax, const col_vec3 *db, double tin_k[3], double tout_k[3]) {
    if (col__exact_always) return 2;
    const double e = 4 * COL__XS_U, tiny = 0x1p-1000; /* 8u: the three roundings of each time, with room */
    double lo = 0.0, hi = 1.0;
    for (int k = 0; k < 3; ++k) {
        double a0 = (double)col_v3_get(*amin, k), a1 = (double)col_v3_get(*amax, k);
        double b0 = (double)col_v3_get(*bmin, k), b1 = (double)col_v3_get(*bmax, k);
        double va = (double)col_v3_get(*da, k), vb = (double)col_v3_get(*db, k);
        if (va == vb) { /* still on this axis: overlapping throughout or never (exact compares) */
            if (a1 < b0 || b1 < a0) return 0;
            continue;
        }
        double v = va - vb, av = v < 0 ? -v : v;
        if (!(av >= 0x1p-900 && av <= 0x1p900)) return 2; /* the quotients could over- or underflow */
        double tin = ((v > 0 ? b0 - a1 : b1 - a0)) / v, tout = ((v > 0 ? b1 - a0 : b0 - a1)) / v;
        tin_k[k] = tin;
        tout_k[k] = tout;
        lo = tin > lo ? tin : lo;
        hi = tout < hi ? tout : hi;
        /* lo >= 0; an infinite quotient makes a NaN bound: in doubt */
        if (lo - e * lo - tiny > hi + e * (hi < 0 ? -hi : hi) + tiny) return 0;
    }
    if (lo + e * lo + tiny < hi - e * (hi < 0 ? -hi : hi) - tiny) return 1;
    return 2;
}

bool col__moving_boxes_meet(col_vec3 amin, col_vec3 amax, col_vec3 da, col_vec3 bmin, col_vec3 bmax, col_vec3 db) {
    double tin[3], tout[3];
    int fast = col__moving_boxes_fast(&amin, &amax, &da, &bmin, &bmax, &db, tin, tout);
    if (fast != 2) return fast == 1;
    /* per axis: the direction, and the entry's and exit's numerators as
     * (x0 - x1): lo = bmin - amax, hi = bmax - amin */
    int dir[3];
    col_real n_in[3][2], n_out[3][2], v[3][2];
    for (int k = 0; k < 3; ++k) {
        col_real a0 = col_v3_get(amin, k), a1 = col_v3_get(amax, k), b0 = col_v3_get(bmin, k), b1 = col_v3_get(bmax, k);
        col_real va = col_v3_get(da, k), vb = col_v3_get(db, k);
        dir[k] = va > vb ? 1 : va < vb ? -1 : 0;
        v[k][0] = va;
        v[k][1] = vb;
        if (dir[k] == 0) {
            if (a1 < b0 || b1 < a0) return false;
            continue;
        }
        /* the exit at or after u = 0: hi >= 0 (moving up) or lo <= 0 */
        if (dir[k] > 0 ? b1 < a0 : b0 > a1) return false;
        n_in[k][0] = dir[k] > 0 ? b0 : b1;
        n_in[k][1] = dir[k] > 0 ? a1 : a0;
        n_out[k][0] = dir[k] > 0 ? b1 : b0;
        n_out[k][1] = dir[k] > 0 ? a0 : a1;
        /* the entry at or before u = 1: N_in / v <= 1, N_in - v <= 0 times dir */
        if (dir[k] * diffs_sign(n_in[k][0], n_in[k][1], COL_R(1.0), COL_R(0.0), va, vb, COL_R(1.0), COL_R(0.0)) > 0)
            return false;
    }
    /* every entry at most every exit: in_i - out_j = (N_i v_j - M_j v_i) / (v_i v_j) */
    for (int i = 0; i < 3; ++i) {
        if (dir[i] == 0) continue;
        for (int j = 0; j < 3; ++j) {
            if (j == i || dir[j] == 0) continue;
            int sg = diffs_sign(n_in[i][0], n_in[i][1], v[j][0], v[j][1], n_out[j][0], n_out[j][1], v[i][0], v[i][1]);
            if (sg * dir[i] * dir[j] > 0) return false;
        }
    }
    return true;
}

/* ---------------------------- the ellipsoid ---------------------------- */

/*
 * The axis-aligned ellipsoid sum_k ((x_k - c_k) / r_k)^2 <= 1, where an axis
 * of radius 0 (in Z) holds x_k = c_k instead. Over the other axes (S) the
 * inequality is multiplied by W = prod_{j in S} r_j^2, so it reads
 * sum_{k in S} w_k (x_k - c_k)^2 <= W with w_k = prod_{j in S, j != k} r_j^2:
 * a polynomial. Along the segment, x(t) = p + t e (e = q - p): a quadratic
 * A t^2 + 2 B t + C <= 0 on [0, 1] when no axis of Z is crossed, or, when
 * one is (e_k != 0, k in Z), the single point t* = (c_k - p_k) / e_k, tested
 * with the inequality multiplied by e_k^2.
 */
typedef struct ell_in {
    col_vec3 p, q, c, r;
    int zero[3]; /* the axes of radius 0 */
    int op, k;   /* the part; the crossed axis of Z (or the other axis of Z tested) */
    int k0;
} ell_in;

/* w_k (k in S) or, for k = -1, W. */
static col__xd ell_weight(col__xs *s, const ell_in *in, int k) {
    col__xd w = col__xd_of(s, COL_R(1.0));
    for (int j = 0; j < 3; ++j) {
        if (in->zero[j] || j == k) continue;
        col__xd rj = col__xd_of(s, col_v3_get(in->r, j));
        w = col__xd_mul(s, w, col__xd_mul(s, rj, rj));
    }
    return w;
}

static col__xd ell_part(col__xs *s, const void *vp) {
    const ell_in *in = vp;
    col__xd sum = col__xd_of(s, COL_R(0.0));
    switch (in->op) {
    case 0:   /* C: at p */
    case 1: { /* at q */
        col_vec3 x = in->op == 0 ? in->p : in->q;
        for (int k = 0; k < 3; ++k) {
            if (in->zero[k]) continue;
            col__xd m = col__xd_sub(s, col__xd_of(s, col_v3_get(x, k)), col__xd_of(s, col_v3_get(in->c, k)));
            sum = col__xd_add(s, sum, col__xd_mul(s, ell_weight(s, in, k), col__xd_mul(s, m, m)));
        }
        return col__xd_sub(s, sum, ell_weight(s, in, -1));
    }
    case 2:   /* B = sum w_k (p_k - c_k) e_k */
    case 3: { /* A + B = sum w_k (q_k - c_k) e_k */
        col_vec3 x = in->op == 2 ? in->p : in->q;
        for (int k = 0; k < 3; ++k) {
            if (in->zero[k]) continue;
            col__xd m = col__xd_sub(s, col__xd_of(s, col_v3_get(x, k)), col__xd_of(s, col_v3_get(in->c, k)));
            col__xd e = col__xd_sub(s, col__xd_of(s, col_v3_get(in->q, k)), col__xd_of(s, col_v3_get(in->p, k)));
            sum = col__xd_add(s, sum, col__xd_mul(s, ell_weight(s, in, k), col__xd_mul(s, m, e)));
        }
        return sum;
    }
    case 4: { /* A C - B^2 */
        col__xd A = col__xd_of(s, COL_R(0.0)), B = A, C = A;
        for (int k = 0; k < 3; ++k) {
            if (in->zero[k]) continue;
            col__xd w = ell_weight(s, in, k);
            col__xd m = col__xd_sub(s, col__xd_of(s, col_v3_get(in->p, k)), col__xd_of(s, col_v3_get(in->c, k)));
            col__xd e = col__xd_sub(s, col__xd_of(s, col_v3_get(in->q, k)), col__xd_of(s, col_v3_get(in->p, k)));
            A = col__xd_add(s, A, col__xd_mul(s, w, col__xd_mul(s, e, e)));
            B = col__xd_add(s, B, col__xd_mul(s, w, col__xd_mul(s, m, e)));
            C = col__xd_add(s, C, col__xd_mul(s, w, col__xd_mul(s, m, m)));
        }
        C = col__xd_sub(s, C, ell_weight(s, in, -1));
        return col__xd_sub(s, col__xd_mul(s, A, C), col__xd_mul(s, B, B));
    }
    case 5: { /* another axis k of Z at t*: (c_k - p_k) e_k0 - (c_k0 - p_k0) e_k */
        int k = in->k, k0 = in->k0;
        col__xd n0 = col__xd_sub(s, col__xd_of(s, col_v3_get(in->c, k0)), col__xd_of(s, col_v3_get(in->p, k0)));
        col__xd d0 = col__xd_sub(s, col__xd_of(s, col_v3_get(in->q, k0)), col__xd_of(s, col_v3_get(in->p, k0)));
        col__xd nk = col__xd_sub(s, col__xd_of(s, col_v3_get(in->c, k)), col__xd_of(s, col_v3_get(in->p, k)));
        col__xd dk = col__xd_sub(s, col__xd_of(s, col_v3_get(in->q, k)), col__xd_of(s, col_v3_get(in->p, k)));
        return col__xd_sub(s, col__xd_mul(s, nk, d0), col__xd_mul(s, n0, dk));
    }
    default: { /* at t* = N / D: sum w_k (m_k D + N e_k)^2 - W D^2 */
        int k0 = in->k0;
        col__xd N = col__xd_sub(s, col__xd_of(s, col_v3_get(in->c, k0)), col__xd_of(s, col_v3_get(in->p, k0)));
        col__xd D = col__xd_sub(s, col__xd_of(s, col_v3_get(in->q, k0)), col__xd_of(s, col_v3_get(in->p, k0)));
        for (int k = 0; k < 3; ++k) {
            if (in->zero[k]) continue;
            col__xd m = col__xd_sub(s, col__xd_of(s, col_v3_get(in->p, k)), col__xd_of(s, col_v3_get(in->c, k)));
            col__xd e = col__xd_sub(s, col__xd_of(s, col_v3_get(in->q, k)), col__xd_of(s, col_v3_get(in->p, k)));
            col__xd x = col__xd_add(s, col__xd_mul(s, m, D), col__xd_mul(s, N, e));
            sum = col__xd_add(s, sum, col__xd_mul(s, ell_weight(s, in, k), col__xd_mul(s, x, x)));
        }
        return col__xd_sub(s, sum, col__xd_mul(s, ell_weight(s, in, -1), col__xd_mul(s, D, D)));
    }
    }
}

static int ell_sign(ell_in *in, int op) {
    in->op = op;
    return col__xd_sign(ell_part, in);
}

bool col__segment_meets_ellipsoid(col_vec3 p, col_vec3 q, col_vec3 c, col_vec3 r) {
    ell_in in;
    memset(&in, 0, sizeof in);
    in.p = p;
    in.q = q;
    in.c = c;
    in.r = r;
    in.k0 = -1;
    for (int k = 0; k < 3; ++k) {
        in.zero[k] = col_v3_get(r, k) == COL_R(0.0);
        if (!in.zero[k]) continue;
        col_real pk = col_v3_get(p, k), qk = col_v3_get(q, k), ck = col_v3_get(c, k);
        if (pk == qk) {
            if (pk != ck) return false; /* parallel to the flat axis's plane, off it */
        } else if (in.k0 < 0) {
            /* crossing the plane x_k = c_k: at t* in [0, 1], or never */
            if ((ck < pk && ck < qk) || (ck > pk && ck > qk)) return false;
            in.k0 = k;
        }
    }
    if (in.k0 >= 0) {
        /* one point, t*: on every plane of Z and in the rest */
        for (int k = 0; k < 3; ++k) {
            if (!in.zero[k] || k == in.k0 || col_v3_get(p, k) == col_v3_get(q, k)) continue;
            in.k = k;
            if (ell_sign(&in, 5) != 0) return false;
        }
        return ell_sign(&in, 6) <= 0;
    }
    /* the segment lies in every plane of Z: the quadratic over the rest */
    if (ell_sign(&in, 0) <= 0) return true;
    if (p.x == q.x && p.y == q.y && p.z == q.z) return false;
    if (ell_sign(&in, 1) <= 0) return true;
    if (ell_sign(&in, 2) >= 0 || ell_sign(&in, 3) <= 0) return false; /* closest at an end */
    return ell_sign(&in, 4) <= 0;
}
