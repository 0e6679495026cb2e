/*
 * Exact geometric predicates, filtered (see exact.h): a floating-point value
 * with Shewchuk's error bound first, then, only when its sign is in doubt,
 * the exact sign in dyadic arithmetic on GMP integers.
 */
#include "exact.h"

#include <gmp.h>
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>

/* ------------------------------ dyadic numbers ------------------------------ */

/* m 2^e, m an integer of any size: sums, differences and products of
 * floating-point numbers, exactly. */
typedef struct xn {
    mpz_t m;
    long e;
} xn;

static atomic_ulong exact_runs;

unsigned long col__exact_count(void) { return atomic_load_explicit(&exact_runs, memory_order_relaxed); }

static void xn_init(xn *x) {
    mpz_init(x->m);
    x->e = 0;
}

static void xn_clear(xn *x) { mpz_clear(x->m); }

/* x = v, exactly (v finite: the callers validate their input). */
static void xn_set(xn *x, col_real v) {
    int e;
    double f = frexp((double)v, &e); /* v = f 2^e, 0.5 <= |f| < 1: f 2^53 is an integer */
    mpz_set_d(x->m, ldexp(f, 53));
    x->e = (long)e - 53;
}

/* r = a + s b (s = 1 or -1); r may be a or b. */
static void xn_add(xn *r, const xn *a, const xn *b, int s, mpz_t tmp) {
    const xn *hi = a->e >= b->e ? a : b, *lo = a->e >= b->e ? b : a;
    /* the one with the larger exponent shifted onto the smaller */
    mpz_mul_2exp(tmp, hi->m, (mp_bitcnt_t)(hi->e - lo->e));
    long e = lo->e;
    if (s > 0) {
        mpz_add(r->m, tmp, lo->m);
    } else if (hi == a) {
        mpz_sub(r->m, tmp, lo->m);
    } else {
        mpz_sub(r->m, lo->m, tmp);
    }
    r->e = e;
}

static void xn_mul(xn *r, const xn *a, const xn *b) {
    mpz_mul(r->m, a->m, b->m);
    r->e = a->e + b->e;
}

/* A 3-vector of dyadic numbers with its scratch. */
typedef struct xv {
    xn c[3];
} xv;

static void xv_init(xv *v) {
    for (int k = 0; k < 3; ++k) xn_init(&v->c[k]);
}

static void xv_clear(xv *v) {
    for (int k = 0; k < 3; ++k) xn_clear(&v->c[k]);
}

/* v = p - q exactly. */
static void xv_diff(xv *v, col_vec3 p, col_vec3 q, xn *t, mpz_t tmp) {
    for (int k = 0; k < 3; ++k) {
        xn_set(&v->c[k], col_v3_get(p, k));
        xn_set(t, col_v3_get(q, k));
        xn_add(&v->c[k], &v->c[k], t, -1, tmp);
    }
}

/* sign of det[u, v, w] = u . (v x w) */
static int xv_det_sign(const xv *u, const xv *v, const xv *w) {
    xn sum, p, q;
    mpz_t tmp;
    xn_init(&sum);
    xn_init(&p);
    xn_init(&q);
    mpz_init(tmp);
    for (int k = 0; k < 3; ++k) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        /* u_k (v_i w_j - v_j w_i) */
        xn_mul(&p, &v->c[i], &w->c[j]);
        xn_mul(&q, &v->c[j], &w->c[i]);
        xn_add(&p, &p, &q, -1, tmp);
        xn_mul(&p, &p, &u->c[k]);
        xn_add(&sum, &sum, &p, 1, tmp);
    }
    int s = mpz_sgn(sum.m);
    xn_clear(&sum);
    xn_clear(&p);
    xn_clear(&q);
    mpz_clear(tmp);
    atomic_fetch_add_explicit(&exact_runs, 1, memory_order_relaxed);
    return s;
}

int col__orient3d_exact(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d) {
    xv u, v, w;
    xn t;
    mpz_t tmp;
    xv_init(&u);
    xv_init(&v);
    xv_init(&w);
    xn_init(&t);
    mpz_init(tmp);
    xv_diff(&u, b, a, &t, tmp);
    xv_diff(&v, c, a, &t, tmp);
    xv_diff(&w, d, a, &t, tmp);
    int s = xv_det_sign(&u, &v, &w);
    xv_clear(&u);
    xv_clear(&v);
    xv_clear(&w);
    xn_clear(&t);
    mpz_clear(tmp);
    return s;
}

int col__orient2d_exact(col_vec3 p, col_vec3 q, col_vec3 r, int i, int j) {
    xn a, b, c, d, t;
    mpz_t tmp;
    xn_init(&a);
    xn_init(&b);
    xn_init(&c);
    xn_init(&d);
    xn_init(&t);
    mpz_init(tmp);
    /* (q - p)_i (r - p)_j - (q - p)_j (r - p)_i */
    xn_set(&a, col_v3_get(q, i));
    xn_set(&t, col_v3_get(p, i));
    xn_add(&a, &a, &t, -1, tmp);
    xn_set(&b, col_v3_get(r, j));
    xn_set(&t, col_v3_get(p, j));
    xn_add(&b, &b, &t, -1, tmp);
    xn_set(&c, col_v3_get(q, j));
    xn_set(&t, col_v3_get(p, j));
    xn_add(&c, &c, &t, -1, tmp);
    xn_set(&d, col_v3_get(r, i));
    xn_set(&t, col_v3_get(p, i));
    xn_add(&d, &d, &t, -1, tmp);
    xn_mul(&a, &a, &b);
    xn_mul(&c, &c, &d);
    xn_add(&a, &a, &c, -1, tmp);
    int s = mpz_sgn(a.m);
    xn_clear(&a);
    xn_clear(&b);
    xn_clear(&c);
    xn_clear(&d);
    xn_clear(&t);
    mpz_clear(tmp);
    atomic_fetch_add_explicit(&exact_runs, 1, memory_order_relaxed);
    return s;
}

/* ------------------------------ the filters ------------------------------ */

/*
 * Shewchuk's bounds, with e = COL_EPSILON / 2 the unit roundoff: orient3d's
 * computed determinant (from three rounded differences) is within
 * (7 + 56 e) e of its permanent (the same sum with every product in
 * absolute value) of the exact one, orient2d's within (3 + 16 e) e; rounded
 * up here to 4 and 2 COL_EPSILON. They assume no product underflows or
 * overflows: every non-zero difference within [RANGE_LO, RANGE_HI] keeps
 * products of three normal and finite (double: 2^-900 to 2^900; float:
 * 2^-108 to 2^120), and a difference outside goes to the exact path. A
 * zero difference is exact (x - y rounds to 0 only for x = y).
 *
 * orient3d's filters take the range differently, with no test per
 * coordinate (twelve of them cost a segment-triangle test a fifth of its
 * time): with underflow, a product is xy (1 + d) + h, |h| at most half the
 * smallest subnormal T, and a sum or difference has no h (Higham, 2nd
 * ed., section 2.1). In u . (v x w) the six products of v and w carry an h
 * each, scaled by at most M = the largest coordinate of u (and the
 * roundings that follow), and the three products with u one more: (3 M +
 * 1.5) T (1 + 5 u) in all, covered by orient_tiny's N (M + 1), N the
 * smallest normal (far above 8 T), beside the permanent's bound (which the
 * h's lower by a negligible 4 e of that). Overflow needs no test: a product or sum that overflows makes the
 * permanent, whose terms dominate the determinant's (monotone rounding),
 * infinite, and an infinite or NaN bound decides nothing.
 */
#define O3_BOUND (COL_R(4.0) * COL_EPSILON)
#define O2_BOUND (COL_R(2.0) * COL_EPSILON)
#if defined(COLLIDE_REAL_FLOAT) && COLLIDE_REAL_FLOAT
#define RANGE_LO 0x1p-36f
#define RANGE_HI 0x1p40f
#else
#define RANGE_LO 0x1p-300
#define RANGE_HI 0x1p300
#endif

/* (without a branch: the filters ask it of every difference they take) */
static inline bool in_range(col_real x) {
    col_real a = col_abs(x);
    return (int)(x == COL_R(0.0)) | ((int)(a >= RANGE_LO) & (int)(a <= RANGE_HI));
}

static inline bool v_in_range(col_vec3 v) { return (int)in_range(v.x) & (int)in_range(v.y) & (int)in_range(v.z); }

/* The absolute part of an orient3d filter's bound (above), M at least the
 * largest coordinate of the determinant's rows: the smallest normal times
 * M + 1, above 8 T (M + 1) and never itself subnormal (a subnormal operand
 * in every query's bound cost a segment-triangle test a third more time). */
static inline col_real orient_tiny(col_real m) { return COL__REAL_MIN * (m + COL_R(1.0)); }

/* The sign of u . (v x w) from the rounded rows when the bound decides it;
 * 2 when it does not. */
static int det_filtered(col_vec3 u, col_vec3 v, col_vec3 w) {
    if (col__exact_always) return 2;
    col_real p1 = v.y * w.z, p2 = v.z * w.y, p3 = v.z * w.x, p4 = v.x * w.z, p5 = v.x * w.y, p6 = v.y * w.x;
    col_real det = u.x * (p1 - p2) + u.y * (p3 - p4) + u.z * (p5 - p6);
    col_real perm = col_abs(u.x) * (col_abs(p1) + col_abs(p2)) + col_abs(u.y) * (col_abs(p3) + col_abs(p4)) +
                    col_abs(u.z) * (col_abs(p5) + col_abs(p6));
    col_real bound = O3_BOUND * perm + orient_tiny(col__abs_max(u)); /* NaN or inf: no decision */
    if (det > bound) return 1;
    if (det < -bound) return -1;
    /* every product has a zero factor: exactly zero, where none can have
     * underflowed to 0 (the coordinates in range: the axis-aligned
     * configurations, floors and walls, decide here) */
    if (perm == COL_R(0.0) && v_in_range(u) && v_in_range(v) && v_in_range(w)) return 0;
    return 2;
}

int col__orient3d(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d) {
    int s = det_filtered(col_v3_sub(b, a), col_v3_sub(c, a), col_v3_sub(d, a));
    return s != 2 ? s : col__orient3d_exact(a, b, c, d);
}

/* The sign of det[u - o, v - o, d] for a direction d (no difference of its
 * own): the filter of orient3d (one row fewer rounded), then the exact
 * sign. */
static int orient3d_dir(col_vec3 o, col_vec3 u, col_vec3 v, col_vec3 d) {
    int s = det_filtered(col_v3_sub(u, o), col_v3_sub(v, o), d);
    if (s != 2) return s;
    xv U, V, W;
    xn t;
    mpz_t tmp;
    xv_init(&U);
    xv_init(&V);
    xv_init(&W);
    xn_init(&t);
    mpz_init(tmp);
    xv_diff(&U, u, o, &t, tmp);
    xv_diff(&V, v, o, &t, tmp);
    for (int k = 0; k < 3; ++k) xn_set(&W.c[k], col_v3_get(d, k));
    s = xv_det_sign(&U, &V, &W);
    xv_clear(&U);
    xv_clear(&V);
    xv_clear(&W);
    xn_clear(&t);
    mpz_clear(tmp);
    return s;
}

static bool meets_exact(col_vec3 p, col_vec3 q, col_vec3 a, col_vec3 b, col_vec3 c);

int col__ray_meets_triangle(col_vec3 o, col_vec3 d, col_vec3 a, col_vec3 b, col_vec3 c, int *facing) {
    int so = col__orient3d(a, b, c, o); /* the side of the plane the origin is on */
    int sd = orient3d_dir(a, b, c, d);  /* the sign of n . d */
    if (facing) *facing = sd;
    if (so == 0) {
        if (sd == 0) return -1; /* in the plane: the caller's 2D case */
        return meets_exact(o, o, a, b, c) ? 1 : 0;
    }
    if (sd != -so) return 0; /* parallel off the plane, or moving away from it */
    /* the line crosses the plane ahead: at a point of the triangle when no
     * two edges see it on strictly opposite sides (as meets_exact, with the
     * direction for the segment's second end minus its first) */
    int s1 = orient3d_dir(o, a, b, d), s2 = orient3d_dir(o, b, c, d), s3 = orient3d_dir(o, c, a, d);
    return (s1 < 0 || s2 < 0 || s3 < 0) && (s1 > 0 || s2 > 0 || s3 > 0) ? 0 : 1;
}

int col__orient2d(col_vec3 p, col_vec3 q, col_vec3 r, int i, int j) {
    col_real qx = col_v3_get(q, i) - col_v3_get(p, i), qy = col_v3_get(q, j) - col_v3_get(p, j);
    col_real rx = col_v3_get(r, i) - col_v3_get(p, i), ry = col_v3_get(r, j) - col_v3_get(p, j);
    if (!col__exact_always) {
        /* the two products' underflow (at most T / 2 each, section above)
         * within the smallest normal; an overflow decides nothing */
        col_real l = qx * ry, rr = qy * rx, det = l - rr, bound = O2_BOUND * (col_abs(l) + col_abs(rr)) + COL__REAL_MIN;
        if (det > bound) return 1;
        if (det < -bound) return -1;
        /* exactly 0 where neither product can have underflowed to 0 */
        if (l == COL_R(0.0) && rr == COL_R(0.0) && in_range(qx) && in_range(qy) && in_range(rx) && in_range(ry))
            return 0;
    }
    return col__orient2d_exact(p, q, r, i, j);
}

/* ------------------------------ segment and triangle ------------------------------ */

/* x on the closed 2D segment uv, given that the three are collinear. */
static bool on_collinear(col_vec3 u, col_vec3 v, col_vec3 x, int i, int j) {
    for (int k = 0; k < 2; ++k) {
        int c = k ? j : i;
        col_real a = col_v3_get(u, c), b = col_v3_get(v, c), y = col_v3_get(x, c);
        if (y < col_min(a, b) || y > col_max(a, b)) return false;
    }
    return true;
}

/* Whether the closed 2D segments pq and uv meet (exactly). */
static bool segments_meet_2d(col_vec3 p, col_vec3 q, col_vec3 u, col_vec3 v, int i, int j) {
    int d1 = col__orient2d(u, v, p, i, j), d2 = col__orient2d(u, v, q, i, j);
    int d3 = col__orient2d(p, q, u, i, j), d4 = col__orient2d(p, q, v, i, j);
    if (d1 * d2 < 0 && d3 * d4 < 0) return true;
    return (d1 == 0 && on_collinear(u, v, p, i, j)) || (d2 == 0 && on_collinear(u, v, q, i, j)) ||
           (d3 == 0 && on_collinear(p, q, u, i, j)) || (d4 == 0 && on_collinear(p, q, v, i, j));
}

bool col__segments_meet(col_vec3 p, col_vec3 q, col_vec3 u, col_vec3 v) {
    /* Off one plane they cannot meet. On one (a point or two parallel
     * segments always are), they meet iff their shadows meet on all three
     * coordinate planes: meeting in 3D they meet in every shadow, and the
     * shadow along an axis the common plane (or line) is not parallel to
     * is one to one. */
    if (col__orient3d(p, q, u, v) != 0) return false;
    return segments_meet_2d(p, q, u, v, 0, 1) && segments_meet_2d(p, q, u, v, 1, 2) &&
           segments_meet_2d(p, q, u, v, 2, 0);
}

/* x in the closed 2D triangle abc of orientation o (not 0). */
static bool inside_2d(col_vec3 x, col_vec3 a, col_vec3 b, col_vec3 c, int o, int i, int j) {
    return col__orient2d(a, b, x, i, j) * o >= 0 && col__orient2d(b, c, x, i, j) * o >= 0 &&
           col__orient2d(c, a, x, i, j) * o >= 0;
}

/* Every coordinate of v finite (x - x is 0 for a finite x, NaN otherwise). */
static bool finite3(col_vec3 v) {
    return (int)(v.x - v.x == COL_R(0.0)) & (int)(v.y - v.y == COL_R(0.0)) & (int)(v.z - v.z == COL_R(0.0));
}

/* The exact decision (see exact.h), sign by sign. */
static bool meets_exact(col_vec3 p, col_vec3 q, col_vec3 a, col_vec3 b, col_vec3 c) {
    /* finite coordinates only (exact arithmetic takes no NaN or infinity):
     * a caller may filter before it validates (col_overlap_segment_triangle),
     * and a NaN or an infinity meets nothing. Finite beyond COL_HUGE is
     * decided: a sweep's moved shapes reach there (the closed forms'
     * col__overlap_segment_triangle_u) */
    if (!finite3(p) || !finite3(q) || !finite3(a) || !finite3(b) || !finite3(c)) return false;
    int sp = col__orient3d(a, b, c, p), sq = col__orient3d(a, b, c, q);
    if (sp * sq > 0) return false; /* both strictly on one side */
    if (sp != 0 || sq != 0) {
        /* the segment's line crosses the plane once, within the segment: at a
         * point of the triangle when no two edges see the line on strictly
         * opposite sides */
        int s1 = col__orient3d(p, q, a, b), s2 = col__orient3d(p, q, b, c), s3 = col__orient3d(p, q, c, a);
        return !((s1 < 0 || s2 < 0 || s3 < 0) && (s1 > 0 || s2 > 0 || s3 > 0));
    }
    /* all in the triangle's plane: in 2D, dropping the axis the normal points
     * most along (any axis on which the triangle keeps an area is exact) */
    col_vec3 n = col_v3_abs(col_v3_cross(col_v3_sub(b, a), col_v3_sub(c, a)));
    int k = 0;
    if (n.y > n.x) k = 1;
    if (n.z > col_v3_get(n, k)) k = 2;
    for (int tries = 0; tries < 3; ++tries, k = (k + 1) % 3) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        int o = col__orient2d(a, b, c, i, j);
        if (o == 0) continue; /* the triangle is edge-on along this axis */
        if (inside_2d(p, a, b, c, o, i, j) || inside_2d(q, a, b, c, o, i, j)) return true;
        return segments_meet_2d(p, q, a, b, i, j) || segments_meet_2d(p, q, b, c, i, j) ||
               segments_meet_2d(p, q, c, a, i, j);
    }
    return false; /* no area on any axis: a degenerate triangle (callers handle those first) */
}

/* The sign of v when |v| > bound; 2 when the bound does not decide it. */
static int sign_by(col_real v, col_real bound) {
    if (col__exact_always) return 2;
    return v > bound ? 1 : v < -bound ? -1 : 2;
}

/*
 * The fraction of the segment pq at which it crosses the plane of the
 * triangle abc (not degenerate), in [0, 1], or -1 where the segment runs
 * within rounding of the plane (its fraction not determined: a 2D question).
 * From the plane's normal n = (b - a) x (c - a) and each end's offset
 * n . (a - p), n . (a - q), each within 32 eps |b - a| |c - a| |a - p|
 * (max norms) of its exact value: the point is off by about eps |a - p| /
 * sin(slant) along the segment. (The decision's determinants, relative to
 * p, are within eps of |a - p| |b - p| |c - p|: for a triangle of size s at
 * a distance D, (D / s)^2 times as much; a ray from 500 units away to a
 * triangle 2 units wide ended 6.5e-9 before the plane: fuzz_world's
 * regressions/world/kdop-clipped-ray-misses-a-thin-triangles-earlier-hit.)
 * The two offsets' difference within both their bounds: level with the
 * plane. The segment crosses it (the caller decided so exactly), so both
 * offsets are then within that of 0, and so is every point of the segment.
 * p's offset within them: 0 (p within rounding of the plane).
 */
static col_real plane_fraction(col_vec3 p, col_vec3 q, col_vec3 a, col_vec3 b, col_vec3 c) {
    col_vec3 e1 = col_v3_sub(b, a), e2 = col_v3_sub(c, a), ap = col_v3_sub(a, p), aq = col_v3_sub(a, q);
    col_vec3 n = col_v3_cross(e1, e2);
    col_real hp = col_v3_dot(n, ap), hq = col_v3_dot(n, aq);
    col_real bound =
        COL_R(32.0) * COL_EPSILON * col__abs_max(e1) * col__abs_max(e2) * (col__abs_max(ap) + col__abs_max(aq)) +
        orient_tiny(COL_R(0.0));
    if (!(col_abs(hp - hq) > bound)) return COL_R(-1.0); /* (NaN too: an overflow decides nothing) */
    /* p within rounding of the plane: 0, within rounding of the fraction */
    if (!(col_abs(hp) > bound)) return COL_R(0.0);
    return col__clamp(hp / (hp - hq), COL_R(0.0), COL_R(1.0));
}

/* The filter of the decision below: 0 where the segment surely misses the
 * triangle, 1 where it surely crosses it (every sign strict and
 * consistent), 2 where the exact signs decide. Its misses hold for any
 * triangle, degenerate too: each is strict signs of determinants, exact,
 * and a triangle whose corners are collinear has every plane side 0 and
 * edge signs in the ratio l, m - l, -m (two of them strictly opposite only
 * for a segment off its line's plane, which misses it). */
static COL__ALWAYS_INLINE int segment_triangle_filter(col_vec3 p, col_vec3 q, col_vec3 a, col_vec3 b, col_vec3 c) {
    /*
     * The five determinants of the decision from one set of rounded
     * differences, relative to p: A = a - p, B = b - p, C = c - p, E = q - p.
     * orient3d(a, b, c, p) = -det[A, B, C]; orient3d(p, q, a, b) = det[E, A, B]
     * (and b c, c a alike); orient3d(a, b, c, q) = -det[A - E, B - E, C - E]
     * = -(det[A, B, C] - det[E, B, C] - det[E, C, A] - det[E, A, B]), so q's
     * side costs three additions: its bound is the sum of the four
     * determinants' bounds plus those additions' rounding (within 3 u of
     * the four determinants' magnitudes, each at most its permanent).
     */
    col_vec3 A = col_v3_sub(a, p), B = col_v3_sub(b, p), C = col_v3_sub(c, p), E = col_v3_sub(q, p);
    /* Semi-static bounds: a determinant of rows X, Y, Z has a permanent of
     * at most 6 |X|inf |Y|inf |Z|inf, so its filter's bound is at most 22
     * COL_EPSILON times that product (the permanent's (7 + 56 u) u, with
     * u = COL_EPSILON / 2), taken as 24 for the bound's own roundings; q's
     * side (three more additions, each within u of the four determinants'
     * sum) twice the sum of theirs. The absolute part (orient_tiny) from
     * the rows' largest coordinate: no range test per coordinate; an
     * overflow makes a bound infinite or NaN, which decides nothing. */
    col_real ma = col__abs_max(A), mb = col__abs_max(B), mc = col__abs_max(C), me = col__abs_max(E);
    col_real m1 = ma > mb ? ma : mb, m2 = mc > me ? mc : me; /* (not col_max: its NaN rule costs) */
    col_real tiny = orient_tiny(m1 > m2 ? m1 : m2);
    const col_real k = COL_R(24.0) * COL_EPSILON;
    if (E.x == COL_R(0.0) && E.y == COL_R(0.0) && E.z == COL_R(0.0)) {
        /* a point: off the plane (the common case) by p's side alone */
        return sign_by(col_v3_dot(A, col_v3_cross(B, C)), k * (ma * mb * mc) + tiny) != 2 ? 0 : 2;
    }
    /* The line against the edges first: two of its signs strictly
     * opposite put it outside the triangle, whatever the plane's sides
     * (the exact decision's crossing case: a sign that is not 0 means
     * the five points are not coplanar, and for a segment in the plane
     * of a triangle, which callers have not degenerate, every such sign
     * is 0), and most misses end there, after two determinants or
     * three. (A sign is 1, -1, or 2 undecided: a product of -1 is
     * strictly opposite.) */
    col_real pab = me * ma * mb, pbc = me * mb * mc, pca = me * mc * ma, pabc = ma * mb * mc;
    col_vec3 bc = col_v3_cross(B, C);
    col_real d1 = col_v3_dot(E, col_v3_cross(A, B)), d2 = col_v3_dot(E, bc);
    int s1 = sign_by(d1, k * pab + tiny), s2 = sign_by(d2, k * pbc + tiny);
    if (s1 * s2 == -1) return 0;
    col_real d3 = col_v3_dot(E, col_v3_cross(C, A));
    int s3 = sign_by(d3, k * pca + tiny);
    if (s3 * s1 == -1 || s3 * s2 == -1) return 0;
    col_real d0 = col_v3_dot(A, bc);
    col_real dq = d0 - d1 - d2 - d3;
    int sp = -sign_by(d0, k * pabc + tiny),
        sq = -sign_by(dq, COL_R(2.0) * k * (pabc + pab + pbc + pca) + COL_R(4.0) * tiny);
    bool sides_known = sp != -2 && sq != -2;
    if (sides_known && sp * sq > 0) return 0;
    if (sides_known && s1 != 2 && s2 != 2 && s3 != 2) /* crossing the plane (no side 0: the filter says none is) */
        return (s1 < 0 || s2 < 0 || s3 < 0) && (s1 > 0 || s2 > 0 || s3 > 0) ? 0 : 1;
    return 2;
}

#ifdef COL__HAS_AVX2
#include <immintrin.h>
/* (r0[0], r1[0], r2[0], r3[0]): one coordinate of four points, by 8-byte loads */
__attribute__((target("avx2"))) static inline __m256d column4(const double *r0, const double *r1, const double *r2,
                                                              const double *r3) {
    __m128d lo = _mm_loadh_pd(_mm_load_sd(r0), r1), hi = _mm_loadh_pd(_mm_load_sd(r2), r3);
    return _mm256_insertf128_pd(_mm256_castpd128_pd256(lo), hi, 1);
}

/*
 * segment_triangle_filter in four lanes (AVX2): the same answer for every
 * input, NaN and infinities too, from the same operations in the same
 * order (the same bits), about half its instructions (a single call to
 * col_overlap_segment_triangle 17.4 -> 10.3 ns on the bench's rays, where
 * Moller-Trumbore's yes/no takes 9.7). The rows A, B, C, E as columns
 * X = (A.x, B.x, C.x, E.x), Y, Z; lane i of U, V and W the rows of
 * determinant i of (d1, d2, d3, d0) = (E.(A x B), E.(B x C), E.(C x A),
 * A.(B x C)): U = (A, B, C, B), V = (B, C, A, C), W = (E, E, E, A); their
 * bounds' products (pab, pbc, pca, pabc) from the rows' largest
 * coordinates permuted alike, each product in the scalar form's order.
 */
__attribute__((target("avx2"))) static int segment_triangle_filter4(const col_vec3 *p, const col_vec3 *q,
                                                                    const col_vec3 *ta, const col_vec3 *tb,
                                                                    const col_vec3 *tc) {
    if (col__exact_always) return 2; /* (as sign_by: every sign undecided) */
    const double *a = &ta->x, *b = &tb->x, *c = &tc->x, *e = &q->x, *o = &p->x;
    __m256d X = _mm256_sub_pd(column4(a, b, c, e), _mm256_broadcast_sd(o)),
            Y = _mm256_sub_pd(column4(a + 1, b + 1, c + 1, e + 1), _mm256_broadcast_sd(o + 1)),
            Z = _mm256_sub_pd(column4(a + 2, b + 2, c + 2, e + 2), _mm256_broadcast_sd(o + 2));
    /* (ma, mb, mc, me): max_pd(x, y) is x > y ? x : y, col__abs_max's choice */
    const __m256d sign = _mm256_set1_pd(-0.0);
    __m256d M =
        _mm256_max_pd(_mm256_max_pd(_mm256_andnot_pd(sign, X), _mm256_andnot_pd(sign, Y)), _mm256_andnot_pd(sign, Z));
    __m256d M12 = _mm256_max_pd(M, _mm256_permute_pd(M, 5)); /* (m1, m1', m2, m2') */
    __m256d Mall = _mm256_max_pd(M12, _mm256_permute2f128_pd(M12, M12, 1));
    double m = _mm256_cvtsd_f64(Mall), tiny = orient_tiny(m);
    const double k = COL_R(24.0) * COL_EPSILON;
#define COL__U(v) _mm256_permute4x64_pd(v, _MM_SHUFFLE(1, 2, 1, 0))
#define COL__V(v) _mm256_permute4x64_pd(v, _MM_SHUFFLE(2, 0, 2, 1))
#define COL__W(v) _mm256_permute4x64_pd(v, _MM_SHUFFLE(0, 3, 3, 3))
    __m256d Ux = COL__U(X), Uy = COL__U(Y), Uz = COL__U(Z), Vx = COL__V(X), Vy = COL__V(Y), Vz = COL__V(Z);
    __m256d cx = _mm256_sub_pd(_mm256_mul_pd(Uy, Vz), _mm256_mul_pd(Uz, Vy)),
            cy = _mm256_sub_pd(_mm256_mul_pd(Uz, Vx), _mm256_mul_pd(Ux, Vz)),
            cz = _mm256_sub_pd(_mm256_mul_pd(Ux, Vy), _mm256_mul_pd(Uy, Vx));
    __m256d D = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(COL__W(X), cx), _mm256_mul_pd(COL__W(Y), cy)),
                              _mm256_mul_pd(COL__W(Z), cz));
    __m256d Pr = _mm256_mul_pd(_mm256_mul_pd(COL__W(M), COL__U(M)), COL__V(M)); /* (pab, pbc, pca, pabc) */
#undef COL__U
#undef COL__V
#undef COL__W
    __m256d bound = _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(k), Pr), _mm256_set1_pd(tiny));
    int pos = _mm256_movemask_pd(_mm256_cmp_pd(D, bound, _CMP_GT_OQ)),
        neg = _mm256_movemask_pd(_mm256_cmp_pd(D, _mm256_xor_pd(bound, sign), _CMP_LT_OQ));
    __m256d zero = _mm256_setzero_pd();
    int point = _mm256_movemask_pd(
                    _mm256_and_pd(_mm256_and_pd(_mm256_cmp_pd(X, zero, _CMP_EQ_OQ), _mm256_cmp_pd(Y, zero, _CMP_EQ_OQ)),
                                  _mm256_cmp_pd(Z, zero, _CMP_EQ_OQ))) &
                8;
    if (point) return (pos | neg) & 8 ? 0 : 2; /* E = 0: p's side alone */
    if ((pos & 7) && (neg & 7)) return 0;      /* two edge signs strictly opposite */
    double d[4], pr[4];
    _mm256_storeu_pd(d, D);
    _mm256_storeu_pd(pr, Pr);
    double dq = d[3] - d[0] - d[1] - d[2];
    int sq = sign_by(dq, COL_R(2.0) * k * (pr[3] + pr[0] + pr[1] + pr[2]) + COL_R(4.0) * tiny);
    int sp = pos & 8 ? 1 : neg & 8 ? -1 : 2; /* (the sign of d0: the scalar form's sp negated) */
    if (sp == 2 || sq == 2) return 2;
    if (sp == sq) return 0;                /* both ends strictly on one side of the plane */
    return ((pos | neg) & 7) == 7 ? 1 : 2; /* crossing the plane, every edge sign strict and none opposite */
}
#endif

/* The filter in four lanes where the CPU has AVX2 (col__use_avx2), else
 * the scalar form: the same answer. */
static COL__ALWAYS_INLINE int segment_triangle_filter_any(const col_vec3 *p, const col_vec3 *q, const col_vec3 *a,
                                                          const col_vec3 *b, const col_vec3 *c) {
#ifdef COL__HAS_AVX2
    if (col__use_avx2()) return segment_triangle_filter4(p, q, a, b, c);
#endif
    return segment_triangle_filter(*p, *q, *a, *b, *c);
}

/* (by address: where the CPU has AVX2 the filter reads the points where
 * they lie, no copies) */
static COL__ALWAYS_INLINE bool segment_triangle_after(int f, const col_vec3 *pp, const col_vec3 *qp, const col_vec3 *ap,
                                                      const col_vec3 *bp, const col_vec3 *cp, col_real *t) {
    if (f == 0) return false;
    const col_vec3 p = *pp, q = *qp, a = *ap, b = *bp, c = *cp;
    if (f == 1) {
        if (t) *t = plane_fraction(p, q, a, b, c);
        return true;
    }
    if (!meets_exact(p, q, a, b, c)) return false;
    /* a point: 0; a segment in the plane (both ends, exactly): 0, whatever
     * the rounded sides (each of them 0 in exact arithmetic) say */
    if (t)
        *t = !(p.x == q.x && p.y == q.y && p.z == q.z) &&
                     (col__orient3d(a, b, c, p) != 0 || col__orient3d(a, b, c, q) != 0)
                 ? plane_fraction(p, q, a, b, c)
                 : COL_R(0.0);
    return true;
}

static COL__ALWAYS_INLINE bool segment_triangle(const col_vec3 *pp, const col_vec3 *qp, const col_vec3 *ap,
                                                const col_vec3 *bp, const col_vec3 *cp, col_real *t) {
    return segment_triangle_after(segment_triangle_filter_any(pp, qp, ap, bp, cp), pp, qp, ap, bp, cp, t);
}

bool col__segment_triangle(col_vec3 p, col_vec3 q, col_vec3 a, col_vec3 b, col_vec3 c, col_real *t) {
    return segment_triangle(&p, &q, &a, &b, &c, t);
}

bool col__segment_meets_triangle(col_vec3 p, col_vec3 q, col_vec3 a, col_vec3 b, col_vec3 c) {
    return segment_triangle(&p, &q, &a, &b, &c, NULL);
}

bool col__segment_meets_triangle_at(const col_vec3 *p, const col_vec3 *q, const col_triangle *t) {
    return segment_triangle(p, q, &t->a, &t->b, &t->c, NULL);
}

bool col__segment_triangle_at(const col_vec3 *p, const col_vec3 *q, const col_triangle *t, col_real *f) {
    return segment_triangle(p, q, &t->a, &t->b, &t->c, f);
}

bool col__segment_triangle_filtered_at(const col_vec3 *p, const col_vec3 *q, const col_triangle *t, int filter,
                                       col_real *f) {
    return segment_triangle_after(filter, p, q, &t->a, &t->b, &t->c, f);
}

int col__segment_triangle_filter_at(const col_vec3 *p, const col_vec3 *q, const col_triangle *t) {
    return segment_triangle_filter_any(p, q, &t->a, &t->b, &t->c);
}

bool col__segment_meets_triangle_exact_at(const col_vec3 *p, const col_vec3 *q, const col_triangle *t) {
    return meets_exact(*p, *q, t->a, t->b, t->c);
}

/* ------------------------ polynomial signs, filtered ------------------------ */

/*
 * The engine of col__xd_sign (exact.h): an expression is written once, as a
 * function of its inputs over col__xd values, and run twice at most. First in
 * double with a running error bound (Higham, Accuracy and Stability of
 * Numerical Algorithms, 2nd ed., section 3.3): every value carries e, a bound
 * on its distance from the exact value of the same expression; a sum adds
 * the operands' bounds and half an ulp of the result, a product
 * |a| eb + |b| ea + ea eb and half an ulp, plus the largest error of a
 * subnormal result. The rounding of the bounds' own arithmetic is covered by
 * a factor 1 + 2^-30 at the decision (it loses at most a relative 2^-40 over
 * the few hundred operations an expression has). Where the value lies within
 * its bound, is not finite, or so tiny that the bounds may have underflowed,
 * the same function runs again on exact dyadic numbers.
 */
#define XS_REGS 256

struct col__xs {
    bool exact;
    int n;
    mpz_t tmp;
    xn *reg; /* XS_REGS registers, allocated for an exact evaluation */
};

bool col__exact_always = false;

/* (box.h, geom.h; here, below every file that reads it: box.c, batch.c and
 * this one's segment-triangle filter) */
int col__forced_lanes = 0;
void col__batch_lanes_force(int lanes) { col__forced_lanes = lanes; }

struct col__xs col__xs_fp = {false, 0, {{0, 0, NULL}}, NULL};

static col__xd xs_new(col__xs *s) {
    col__xd r = {0.0, 0.0, -1};
    if (s->n >= XS_REGS) abort(); /* an expression larger than the engine: a defect of the caller */
    r.r = s->n++;
    xn_init(&s->reg[r.r]);
    return r;
}

col__xd col__xd_of_exact(col__xs *s, col_real x) {
    col__xd r = xs_new(s);
    xn_set(&s->reg[r.r], x);
    return r;
}

col__xd col__xd_add_exact(col__xs *s, col__xd a, col__xd b, int sign) {
    col__xd r = xs_new(s);
    xn_add(&s->reg[r.r], &s->reg[a.r], &s->reg[b.r], sign, s->tmp);
    return r;
}

col__xd col__xd_mul_exact(col__xs *s, col__xd a, col__xd b) {
    col__xd r = xs_new(s);
    xn_mul(&s->reg[r.r], &s->reg[a.r], &s->reg[b.r]);
    return r;
}

int col__xd_sign(col__xd_fn f, const void *in) {
    int sign = col__xd_fsign(f(&col__xs_fp, in));
    if (sign != 2) return sign;
    col__xs xs;
    xs.exact = true;
    xs.n = 0;
    xs.reg = malloc(XS_REGS * sizeof *xs.reg);
    if (!xs.reg) abort();
    mpz_init(xs.tmp);
    col__xd x = f(&xs, in);
    sign = mpz_sgn(xs.reg[x.r].m);
    for (int i = 0; i < xs.n; ++i) xn_clear(&xs.reg[i]);
    mpz_clear(xs.tmp);
    free(xs.reg);
    atomic_fetch_add_explicit(&exact_runs, 1, memory_order_relaxed);
    return sign;
}
