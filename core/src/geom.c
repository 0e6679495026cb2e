/* Private closest-point helpers (see geom.h). */
#include <math.h>
#include <stdlib.h>

#include "exact.h"
#include "geom.h"

/* col__valid_ray where a sum of magnitudes exceeds COL_HUGE (or is NaN):
 * each coordinate by itself. */
bool col__valid_ray_slow(const col_ray *r) {
    return (int)col_v3_is_valid(r->origin) & (int)col_v3_is_valid(r->delta) & (r->max_t >= COL_R(0.0));
}

col_real col__closest_segment_segment(col_vec3 p1, col_vec3 q1, col_vec3 p2, col_vec3 q2, col_real *s_out,
                                      col_real *t_out, col_vec3 *c1, col_vec3 *c2) {
    col_vec3 d1 = col_v3_sub(q1, p1), d2 = col_v3_sub(q2, p2), r = col_v3_sub(p1, p2);
    col_real a = col_v3_dot(d1, d1), e = col_v3_dot(d2, d2), f = col_v3_dot(d2, r);
    col_real s, t;
    if (a <= COL_R(0.0) && e <= COL_R(0.0)) {
        s = t = COL_R(0.0); /* both are points */
    } else if (a <= COL_R(0.0)) {
        s = COL_R(0.0); /* first is a point */
        t = col__clamp(f / e, COL_R(0.0), COL_R(1.0));
    } else {
        col_real c = col_v3_dot(d1, r);
        if (e <= COL_R(0.0)) {
            t = COL_R(0.0); /* second is a point */
            s = col__clamp(-c / a, COL_R(0.0), COL_R(1.0));
        } else {
            col_real b = col_v3_dot(d1, d2);
            col_real denom = a * e - b * b; /* = |d1 x d2|^2 >= 0 */
            /* Not parallel: closest point of the infinite lines, clamped to the
             * first segment. Parallel (sin^2 <= tolerance): any s works; pick 0. */
            if (denom > COL_PARALLEL_TOLERANCE * a * e)
                s = col__clamp((b * f - c * e) / denom, COL_R(0.0), COL_R(1.0));
            else
                s = COL_R(0.0);
            /* The point of the second segment closest to p1 + s d1 ... */
            t = (b * s + f) / e;
            /* ... and when it falls outside, clamp it and recompute s. */
            if (t < COL_R(0.0)) {
                t = COL_R(0.0);
                s = col__clamp(-c / a, COL_R(0.0), COL_R(1.0));
            } else if (t > COL_R(1.0)) {
                t = COL_R(1.0);
                s = col__clamp((b - c) / a, COL_R(0.0), COL_R(1.0));
            }
        }
    }
    col_vec3 x1 = col_v3_madd(p1, s, d1), x2 = col_v3_madd(p2, t, d2);
    if (s_out) *s_out = s;
    if (t_out) *t_out = t;
    if (c1) *c1 = x1;
    if (c2) *c2 = x2;
    return col_v3_len_sq(col_v3_sub(x1, x2));
}

int col__box_edges_facing(col_vec3 p, col_vec3 q, col_vec3 lo, col_vec3 hi, col_vec3 e[12][2]) {
    const col_real P[3] = {p.x, p.y, p.z}, Q[3] = {q.x, q.y, q.z}, B[2][3] = {{lo.x, lo.y, lo.z}, {hi.x, hi.y, hi.z}};
    /* beyond[0][k]: an end on or below lo_k; beyond[1][k]: on or above hi_k */
    bool beyond[2][3];
    for (int k = 0; k < 3; ++k) {
        beyond[0][k] = P[k] <= B[0][k] || Q[k] <= B[0][k];
        beyond[1][k] = P[k] >= B[1][k] || Q[k] >= B[1][k];
    }
    int n = 0;
    for (int k = 0; k < 3; ++k) { /* edges along axis k */
        int i = k == 2 ? 0 : k + 1, j = k == 0 ? 2 : k - 1;
        for (int si = 0; si < 2; ++si) {
            if (!beyond[si][i]) continue;
            for (int sj = 0; sj < 2; ++sj) {
                if (!beyond[sj][j]) continue;
                col_real c[3];
                c[i] = B[si][i];
                c[j] = B[sj][j];
                c[k] = B[0][k];
                e[n][0] = col_v3(c[0], c[1], c[2]);
                c[k] = B[1][k];
                e[n][1] = col_v3(c[0], c[1], c[2]);
                ++n;
            }
        }
    }
    return n;
}

/* 0: ab is the longest edge (c opposite), 1: bc (a opposite), 2: ca (b opposite). */
static int longest_edge(col_vec3 a, col_vec3 b, col_vec3 c) {
    col_real lab = col_v3_len_sq(col_v3_sub(b, a)), lbc = col_v3_len_sq(col_v3_sub(c, b)),
             lca = col_v3_len_sq(col_v3_sub(a, c));
    /* the index without a branch (a random triangle's longest edge is a
     * coin toss for the predictor): 0, else 1 or 2, as the comparisons say */
    int not0 = !((int)(lab >= lbc) & (int)(lab >= lca));
    return not0 * (1 + !(lbc >= lca));
}

void col__triangle_longest_edge(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 *p, col_vec3 *q) {
    const col_vec3 v[3] = {a, b, c};
    int i = longest_edge(a, b, c);
    *p = v[i];
    *q = v[(i + 1) % 3];
}

bool col__triangle_is_degenerate_slow(col_vec3 a, col_vec3 b, col_vec3 c) {
    /* Measure the angle at the vertex opposite the longest edge: the edges
     * leaving it are the two shorter ones, and a small angle there means the
     * vertex lies on (or next to) the longest edge. */
    const col_vec3 v[3] = {a, b, c};
    int i = longest_edge(a, b, c);
    col_vec3 o = v[(i + 2) % 3];
    col_vec3 e1 = col_v3_sub(v[i], o), e2 = col_v3_sub(v[(i + 1) % 3], o);
    col_real l1 = col_v3_len_sq(e1), l2 = col_v3_len_sq(e2);
    if (l1 <= COL_R(0.0) || l2 <= COL_R(0.0)) return true;
    return col_v3_len_sq(col_v3_cross(e1, e2)) <= COL_PARALLEL_TOLERANCE * l1 * l2;
}

static col_vec3 closest_on_edges(col_vec3 p, col_vec3 a, col_vec3 b, col_vec3 c) {
    col_vec3 best = col__closest_on_segment(p, a, b, NULL);
    col_real bd = col_v3_len_sq(col_v3_sub(p, best));
    col_vec3 x = col__closest_on_segment(p, b, c, NULL);
    col_real xd = col_v3_len_sq(col_v3_sub(p, x));
    if (xd < bd) {
        best = x;
        bd = xd;
    }
    x = col__closest_on_segment(p, c, a, NULL);
    xd = col_v3_len_sq(col_v3_sub(p, x));
    if (xd < bd) best = x;
    return best;
}

/*
 * A thin triangle's closest point (col__closest_on_triangle): p projected on
 * the plane where the projection lies in the triangle, else the nearest of
 * the three edges' closest points. The normal is the cross product of the
 * two shorter edges (at the vertex o opposite the longest, the best
 * conditioned pair); a projection misjudged in or out by rounding lies
 * within that rounding of an edge, so either answer is as near. The
 * Voronoi regions' products (d1 d4 - d3 d2 and the like) cancel on a thin
 * triangle, an error that grows with the inverse square of its aspect
 * where this one grows with the inverse aspect: a point 1.8e-14 from a
 * triangle 640 long and 0.5 wide got a closest point 0.0026 away
 * (fuzz/regressions/distance/closest-point-on-a-needle-triangle).
 */
static col_vec3 closest_on_thin_triangle(col_vec3 p, col_vec3 a, col_vec3 b, col_vec3 c, int longest) {
    const col_vec3 v[3] = {a, b, c};
    col_vec3 o = v[(longest + 2) % 3], n = col_v3_cross(col_v3_sub(v[longest], o), col_v3_sub(v[(longest + 1) % 3], o));
    col_real nn = col_v3_len_sq(n);
    if (nn > COL_R(0.0)) {
        col_vec3 q = col_v3_madd(p, -col_v3_dot(n, col_v3_sub(p, o)) / nn, n);
        bool inside = col_v3_dot(n, col_v3_cross(col_v3_sub(b, a), col_v3_sub(q, a))) >= COL_R(0.0) &&
                      col_v3_dot(n, col_v3_cross(col_v3_sub(c, b), col_v3_sub(q, b))) >= COL_R(0.0) &&
                      col_v3_dot(n, col_v3_cross(col_v3_sub(a, c), col_v3_sub(q, c))) >= COL_R(0.0);
        if (inside && col_v3_is_valid(q)) return q;
    }
    return closest_on_edges(p, a, b, c);
}

col_vec3 col__closest_on_triangle(col_vec3 p, col_vec3 a, col_vec3 b, col_vec3 c) {
    if (col__triangle_is_degenerate(a, b, c)) {
        /* Its longest edge: the same set the ray casts use, so a point on a
         * degenerate triangle is on it for every query alike. */
        col_vec3 p0, q0;
        col__triangle_longest_edge(a, b, c, &p0, &q0);
        return col__closest_on_segment(p, p0, q0, NULL);
    }
    col_vec3 ab = col_v3_sub(b, a), ac = col_v3_sub(c, a), ap = col_v3_sub(p, a);
    {
        /* thin (2 area below 1/16 of the longest edge squared): the
         * projection and the edges instead of the Voronoi regions */
        col_vec3 bc = col_v3_sub(c, b);
        col_real lab = col_v3_len_sq(ab), lbc = col_v3_len_sq(bc), lca = col_v3_len_sq(ac);
        int longest = lab >= lbc && lab >= lca ? 0 : (lbc >= lca ? 1 : 2);
        col_real l2 = longest == 0 ? lab : (longest == 1 ? lbc : lca);
        if (col_v3_len_sq(col_v3_cross(ab, ac)) < COL_R(0.00390625) * l2 * l2)
            return closest_on_thin_triangle(p, a, b, c, longest);
    }
    col_real d1 = col_v3_dot(ab, ap), d2 = col_v3_dot(ac, ap);
    if (d1 <= COL_R(0.0) && d2 <= COL_R(0.0)) return a; /* vertex region a */
    col_vec3 bp = col_v3_sub(p, b);
    col_real d3 = col_v3_dot(ab, bp), d4 = col_v3_dot(ac, bp);
    if (d3 >= COL_R(0.0) && d4 <= d3) return b; /* vertex region b */
    col_real vc = d1 * d4 - d3 * d2;
    if (vc <= COL_R(0.0) && d1 >= COL_R(0.0) && d3 <= COL_R(0.0)) { /* edge region ab */
        /* d1 - d3 = |ab|^2 > 0 up to rounding; the guard keeps 0/0 out */
        col_real den = d1 - d3;
        return den > COL_R(0.0) ? col_v3_madd(a, d1 / den, ab) : closest_on_edges(p, a, b, c);
    }
    col_vec3 cp = col_v3_sub(p, c);
    col_real d5 = col_v3_dot(ab, cp), d6 = col_v3_dot(ac, cp);
    if (d6 >= COL_R(0.0) && d5 <= d6) return c; /* vertex region c */
    col_real vb = d5 * d2 - d1 * d6;
    if (vb <= COL_R(0.0) && d2 >= COL_R(0.0) && d6 <= COL_R(0.0)) { /* edge region ac */
        col_real den = d2 - d6;
        return den > COL_R(0.0) ? col_v3_madd(a, d2 / den, ac) : closest_on_edges(p, a, b, c);
    }
    col_real va = d3 * d6 - d5 * d4;
    if (va <= COL_R(0.0) && (d4 - d3) >= COL_R(0.0) && (d5 - d6) >= COL_R(0.0)) { /* edge region bc */
        col_real den = (d4 - d3) + (d5 - d6);
        return den > COL_R(0.0) ? col_v3_madd(b, (d4 - d3) / den, col_v3_sub(c, b)) : closest_on_edges(p, a, b, c);
    }
    col_real sum = va + vb + vc;
    /* Inside the face. sum = |ab x ac|^2 > 0 for a non-degenerate triangle;
     * the guard only catches rounding on nearly degenerate ones. */
    if (!(sum > COL_R(0.0))) return closest_on_edges(p, a, b, c);
    col_real v = vb / sum, w = vc / sum;
    return col_v3_add(a, col_v3_add(col_v3_scale(ab, v), col_v3_scale(ac, w)));
}

void col__pow2_split(col_real big, col_real *s1, col_real *s2) {
    int e;
    (void)frexp((double)big, &e);
    int e1 = -e / 2, e2 = -e - e1;
    *s1 = (col_real)ldexp(1.0, e1);
    *s2 = (col_real)ldexp(1.0, e2);
}

bool col__point_on_segment(col_vec3 p, col_vec3 a, col_vec3 b) {
    col_vec3 d = col_v3_sub(b, a), w = col_v3_sub(p, a), c = col_v3_cross(d, w);
    if (c.x != COL_R(0.0) || c.y != COL_R(0.0) || c.z != COL_R(0.0)) return false;
    col_real u = col_v3_dot(w, d);
    return u >= COL_R(0.0) && u <= col_v3_dot(d, d) &&
           (col_v3_len_sq(d) > COL_R(0.0) || col_v3_len_sq(w) == COL_R(0.0));
}

static int p2_order(const void *pa, const void *pb) {
    const col__p2 *a = pa, *b = pb;
    if (a->x != b->x) return a->x < b->x ? -1 : 1;
    if (a->y != b->y) return a->y < b->y ? -1 : 1;
    return 0;
}

/* o, a, b turn counterclockwise, exactly (the rounded cross product's sign
 * can differ between the lower and the upper chain on nearly collinear
 * points, and the chain then holds a point twice: a shadow 1500 long and 3
 * wide came out as six corners of five points). */
static bool left_turn(col__p2 o, col__p2 a, col__p2 b) {
    return col__orient2d(col_v3(o.x, o.y, 0), col_v3(a.x, a.y, 0), col_v3(b.x, b.y, 0), 0, 1) > 0;
}

int col__chain2d(col__p2 *pts, int n, col__p2 *hull) {
    if (n > 16) {
        qsort(pts, (size_t)n, sizeof *pts, p2_order);
    } else { /* a few points (a feature's): insertion sort, no call */
        for (int i = 1; i < n; ++i)
            for (int j = i; j > 0 && p2_order(&pts[j], &pts[j - 1]) < 0; --j) {
                col__p2 t = pts[j];
                pts[j] = pts[j - 1];
                pts[j - 1] = t;
            }
    }
    int m = n > 0 ? 1 : 0; /* equal points once (their turns are exact zeros, the predicate's slow path) */
    for (int i = 1; i < n; ++i)
        if (pts[i].x != pts[m - 1].x || pts[i].y != pts[m - 1].y) pts[m++] = pts[i];
    n = m;
    int k = 0;
    for (int i = 0; i < n; ++i) {
        while (k >= 2 && !left_turn(hull[k - 2], hull[k - 1], pts[i])) --k;
        hull[k++] = pts[i];
    }
    for (int i = n - 2, lower = k + 1; i >= 0; --i) {
        while (k >= lower && !left_turn(hull[k - 2], hull[k - 1], pts[i])) --k;
        hull[k++] = pts[i];
    }
    return k > 1 ? k - 1 : k; /* the last point repeats the first */
}

void col__across(col_vec3 n, col_vec3 *t1, col_vec3 *t2) {
    col_vec3 an = col_v3(col_abs(n.x), col_abs(n.y), col_abs(n.z));
    col_vec3 least =
        an.x <= an.y && an.x <= an.z ? col_v3(1, 0, 0) : (an.y <= an.z ? col_v3(0, 1, 0) : col_v3(0, 0, 1));
    *t1 = col__unit_or(col_v3_cross(n, least), col_v3(1, 0, 0));
    *t2 = col_v3_cross(n, *t1);
}

static int int32_order(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

void col__sort_int32(int32_t *a, size_t n) {
    if (n > 32) {
        qsort(a, n, sizeof *a, int32_order);
        return;
    }
    for (size_t i = 1; i < n; ++i) {
        int32_t x = a[i];
        size_t j = i;
        for (; j > 0 && a[j - 1] > x; --j) a[j] = a[j - 1];
        a[j] = x;
    }
}
