/*
 * k-DOPs (collide/volumes.h): the slabs of k = 6, 14, 18 and 26 fixed
 * directions (Ericson 4.6; Klosowski et al., "Efficient Collision Detection
 * Using Bounding Volume Hierarchies of k-DOPs", 1998), built from points,
 * merged, tested against a point (exactly) and another k-DOP.
 */
#include "collide/volumes.h"
#include "geom.h"

/* The thirteen directions: the world axes, the four corner diagonals, the
 * six edge diagonals (components -1, 0, 1: their dot products are sums). */
static const col_real DIRS[13][3] = {{1, 0, 0}, {0, 1, 0},  {0, 0, 1}, {1, 1, 1},  {1, 1, -1}, {1, -1, 1}, {1, -1, -1},
                                     {1, 1, 0}, {1, -1, 0}, {1, 0, 1}, {1, 0, -1}, {0, 1, 1},  {0, 1, -1}};

/* The direction of slab i of a k-DOP (an index into DIRS), -1 out of range. */
static int dir_of(int k, int i) {
    switch (k) {
    case 6: return i >= 0 && i < 3 ? i : -1;
    case 14: return i >= 0 && i < 7 ? i : -1;
    case 18: return i >= 0 && i < 3 ? i : (i >= 3 && i < 9 ? i + 4 : -1);
    case 26: return i >= 0 && i < 13 ? i : -1;
    default: return -1;
    }
}

col_vec3 col_kdop_axis(int k, int i) {
    int d = dir_of(k, i);
    if (d < 0) return col_v3(0, 0, 0);
    return col_v3(DIRS[d][0], DIRS[d][1], DIRS[d][2]);
}

/* Bounds of the diagonal slabs: sums of up to three coordinates within
 * COL_HUGE each, widened (below). */
#define KDOP_BOUND (COL_R(4.0) * COL_HUGE)

bool col_kdop_is_valid(const col_kdop *d) {
    if (!d || dir_of(d->k, 0) < 0) return false;
    for (int i = 0; i < d->k / 2; ++i)
        if (!(d->min[i] >= -KDOP_BOUND && d->max[i] <= KDOP_BOUND && d->min[i] <= d->max[i])) return false;
    return true;
}

/* The terms of p's dot product with direction d: its coordinates times
 * the direction's -1, 0 or 1 (exact; a zero term adds exactly). */
static void terms(int d, col_vec3 p, col_real t[3]) {
    t[0] = DIRS[d][0] * p.x;
    t[1] = DIRS[d][1] * p.y;
    t[2] = DIRS[d][2] * p.z;
}

/* x = a + b and its rounding error y exactly (Knuth's TwoSum; round to
 * nearest, no overflow). */
static void two_sum(col_real a, col_real b, col_real *x, col_real *y) {
    *x = a + b;
    col_real bv = *x - a, av = *x - bv;
    *y = (a - av) + (b - bv);
}

bool col_kdop_from_points(const col_vec3 *points, size_t n, int k, col_kdop *out) {
    if (!points || n == 0 || dir_of(k, 0) < 0) return false;
    for (size_t i = 0; i < n; ++i)
        if (!col_v3_is_valid(points[i])) return false;
    col_kdop d;
    d.k = k;
    int m = k / 2, dirs[COL_KDOP_MAX_AXES];
    for (int i = 0; i < COL_KDOP_MAX_AXES; ++i) {
        d.min[i] = i < m ? COL_REAL_MAX : COL_R(0.0);
        d.max[i] = i < m ? -COL_REAL_MAX : COL_R(0.0);
        dirs[i] = i < m ? dir_of(k, i) : 0;
    }
    /* one pass over the points, every slab */
    for (size_t j = 0; j < n; ++j) {
        for (int i = 0; i < m; ++i) {
            col_real t[3], s1, e1, s, e2;
            terms(dirs[i], points[j], t);
            col_real a = t[0], b = t[1], c = t[2];
            two_sum(a, b, &s1, &e1);
            two_sum(s1, c, &s, &e2);
            /* a sum of up to 3 terms that rounds is off by at most 2 u of
             * their magnitudes' sum: widened by 4 u of it (the widening's
             * own rounding included); an exact sum not at all */
            col_real w = e1 == COL_R(0.0) && e2 == COL_R(0.0)
                             ? COL_R(0.0)
                             : COL_R(2.0) * COL_EPSILON * (col_abs(a) + col_abs(b) + col_abs(c));
            col_real lo = s - w, hi = s + w;
            d.min[i] = lo < d.min[i] ? lo : d.min[i];
            d.max[i] = hi > d.max[i] ? hi : d.max[i];
        }
    }
    *out = d;
    return true;
}

bool col_kdop_merge(const col_kdop *a, const col_kdop *b, col_kdop *out) {
    if (!col_kdop_is_valid(a) || !col_kdop_is_valid(b) || a->k != b->k) return false;
    col_kdop d = *a;
    for (int i = 0; i < a->k / 2; ++i) {
        d.min[i] = b->min[i] < d.min[i] ? b->min[i] : d.min[i];
        d.max[i] = b->max[i] > d.max[i] ? b->max[i] : d.max[i];
    }
    *out = d;
    return true;
}

/* The sign of the exact sum of n <= 4 numbers: Shewchuk's grow-expansion
 * (the components non-overlapping, in increasing magnitude), the sign of
 * its largest non-zero component. */
static int sum_sign(const col_real *v, int n) {
    col_real e[4];
    int m = 0;
    for (int i = 0; i < n; ++i) {
        col_real q = v[i];
        for (int j = 0; j < m; ++j) {
            col_real x, y;
            two_sum(q, e[j], &x, &y);
            e[j] = y;
            q = x;
        }
        e[m++] = q;
    }
    for (int j = m - 1; j >= 0; --j)
        if (e[j] != COL_R(0.0)) return e[j] > COL_R(0.0) ? 1 : -1;
    return 0;
}

bool col_kdop_contains_point(const col_kdop *d, col_vec3 p) {
    if (!col_kdop_is_valid(d) || !col_v3_is_valid(p)) return false;
    for (int i = 0; i < d->k / 2; ++i) {
        col_real v[4];
        terms(dir_of(d->k, i), p, v);
        v[3] = -d->max[i];
        if (sum_sign(v, 4) > 0) return false; /* beyond max */
        v[3] = -d->min[i];
        if (sum_sign(v, 4) < 0) return false; /* below min */
    }
    return true;
}

bool col_kdop_overlap(const col_kdop *a, const col_kdop *b) {
    if (!col_kdop_is_valid(a) || !col_kdop_is_valid(b) || a->k != b->k) return false;
    for (int i = 0; i < a->k / 2; ++i)
        if (a->max[i] < b->min[i] || b->max[i] < a->min[i]) return false;
    return true;
}

bool col_kdop_overlap_aabb(const col_kdop *d, const col_aabb *b) {
    if (!col_kdop_is_valid(d) || !b || !col__valid_aabb(b)) return false;
    col_vec3 c[8];
    for (int i = 0; i < 8; ++i)
        c[i] = col_v3(i & 1 ? b->max.x : b->min.x, i & 2 ? b->max.y : b->min.y, i & 4 ? b->max.z : b->min.z);
    col_kdop e;
    (void)col_kdop_from_points(c, 8, d->k, &e); /* valid corners: never fails */
    return col_kdop_overlap(d, &e);
}
