/*
 * k-DOPs (collide/volumes.h): the slabs of k = 6, 14, 18 and 26 fixed
 * directions (Ericson 4.6; Klosowski et al., "Efficient Collision Detection
 * Using Bounding Volume Hierarchies of k-DOPs", 1998), built from points,
 * merged, tested against a point (exactly), another k-DOP, an AABB and a
 * ray (conservatively).
 */
#include <math.h>

#include "collide/raycast.h"
#include "collide/shape.h"
#include "collide/volumes.h"
#include "geom.h"
#include "ray.h"

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

/* t[0] + t[1] + t[2] rounded, and in *w how far the exact sum may lie from
 * it: 0 where the sum is exact (TwoSum's errors are zero), else 2 u of the
 * terms' magnitudes' sum (a sum of up to 3 terms that rounds is off by at
 * most that; the caller's widening by it is rounded with it). */
static col_real widened_sum(const col_real t[3], col_real *w) {
    col_real s1, e1, s, e2;
    two_sum(t[0], t[1], &s1, &e1);
    two_sum(s1, t[2], &s, &e2);
    *w = e1 == COL_R(0.0) && e2 == COL_R(0.0)
             ? COL_R(0.0)
             : COL_R(2.0) * COL_EPSILON * (col_abs(t[0]) + col_abs(t[1]) + col_abs(t[2]));
    return s;
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
            col_real t[3], w;
            terms(dirs[i], points[j], t);
            col_real s = widened_sum(t, &w);
            col_real lo = s - w, hi = s + w;
            d.min[i] = lo < d.min[i] ? lo : d.min[i];
            d.max[i] = hi > d.max[i] ? hi : d.max[i];
        }
    }
    *out = d;
    return true;
}

/* Each slab of d widened by w[i] (the slab's direction's) and by the
 * rounding of the widening itself (4 eps of the bounds' magnitudes, a few
 * smallest normals): min - w, max + w rounded outward of the exact ones. */
static void widen(col_kdop *d, const col_real *w) {
    for (int i = 0; i < d->k / 2; ++i) {
        col_real g = w[i] * (COL_R(1.0) + COL_R(8.0) * COL_EPSILON) +
                     COL_R(4.0) * COL_EPSILON * (col_abs(d->min[i]) + col_abs(d->max[i])) + COL_R(4.0) * COL__REAL_MIN;
        d->min[i] -= g;
        d->max[i] += g;
    }
}

bool col_kdop_of_shape(const col_shape *s, int k, col_kdop *out) {
    if (!s || !out || dir_of(k, 0) < 0 || !col_shape_is_valid(s)) return false;
    col_vec3 p[8];
    col_real w[COL_KDOP_MAX_AXES] = {0};
    int m = k / 2;
    switch (s->kind) {
    case COL_SHAPE_POINT: return col_kdop_from_points(&s->u.point.p, 1, k, out);
    case COL_SHAPE_SEGMENT: p[0] = s->u.segment.a, p[1] = s->u.segment.b; return col_kdop_from_points(p, 2, k, out);
    case COL_SHAPE_TRIANGLE:
        p[0] = s->u.triangle.a, p[1] = s->u.triangle.b, p[2] = s->u.triangle.c;
        return col_kdop_from_points(p, 3, k, out);
    case COL_SHAPE_POLYTOPE: return col_kdop_from_points(s->u.polytope.points, (size_t)s->u.polytope.count, k, out);
    case COL_SHAPE_AABB: {
        const col_aabb *b = &s->u.aabb;
        for (int i = 0; i < 8; ++i)
            p[i] = col_v3(i & 1 ? b->max.x : b->min.x, i & 2 ? b->max.y : b->min.y, i & 4 ? b->max.z : b->min.z);
        return col_kdop_from_points(p, 8, k, out);
    }
    case COL_SHAPE_OBB: {
        /* each corner c + (+-e0 u0) + (+-e1 u1) + (+-e2 u2) is within 3 u
         * (|c| + e0 + e1 + e2) of the exact one per coordinate (the axes
         * unit to rounding), a slab's sum of up to three of them 9 u of
         * that: widened by 16 eps of it */
        col_real mag = col__obb_corners(&s->u.obb, p);
        for (int i = 0; i < m; ++i) w[i] = COL_R(16.0) * COL_EPSILON * mag;
        if (!col_kdop_from_points(p, 8, k, out)) return false;
        break;
    }
    case COL_SHAPE_SPHERE:
    case COL_SHAPE_CAPSULE: {
        /* the centre's (or the segment's) slabs, grown by r |axis|: |axis|
         * is 1, sqrt 2 or sqrt 3 (its non-zero components), rounded up */
        static const col_real len[4] = {0, 1, COL_R(1.4142135623730951), COL_R(1.7320508075688772)}; /* within u */
        col_real r = s->kind == COL_SHAPE_SPHERE ? s->u.sphere.r : s->u.capsule.r;
        int n = 1;
        if (s->kind == COL_SHAPE_SPHERE) {
            p[0] = s->u.sphere.c;
        } else {
            p[0] = s->u.capsule.a, p[1] = s->u.capsule.b, n = 2;
        }
        /* and by 8 eps of the magnitude: the shape's points rounded to
         * ulps (a support point) lie in it too, also where the centre's
         * sum cancels (a sphere at (1e6, -1e6, 0) has the slab x + y of
         * +-r sqrt 2) */
        col_real mag = col__abs_max(p[0]) + r;
        if (n == 2 && col__abs_max(p[1]) + r > mag) mag = col__abs_max(p[1]) + r;
        for (int i = 0; i < m; ++i) {
            int d = dir_of(k, i), nz = (DIRS[d][0] != 0) + (DIRS[d][1] != 0) + (DIRS[d][2] != 0);
            w[i] = r * len[nz] * (COL_R(1.0) + COL_R(4.0) * COL_EPSILON) + COL_R(8.0) * COL_EPSILON * mag;
        }
        if (!col_kdop_from_points(p, (size_t)n, k, out)) return false;
        break;
    }
    case COL_SHAPE_ELLIPSOID: {
        /* h(axis) = axis . c + sqrt(sum of r_j^2 over the axis's non-zero
         * components): the ellipsoid's support value */
        const col_ellipsoid *e = &s->u.ellipsoid;
        col_real rm = e->r.x > e->r.y ? e->r.x : e->r.y, mag = col__abs_max(e->c) + (rm > e->r.z ? rm : e->r.z);
        for (int i = 0; i < m; ++i) {
            int d = dir_of(k, i);
            col_real q = (DIRS[d][0] != 0 ? e->r.x * e->r.x : 0) + (DIRS[d][1] != 0 ? e->r.y * e->r.y : 0) +
                         (DIRS[d][2] != 0 ? e->r.z * e->r.z : 0);
            w[i] = col_sqrt(q) * (COL_R(1.0) + COL_R(4.0) * COL_EPSILON) + COL_R(8.0) * COL_EPSILON * mag;
        }
        if (!col_kdop_from_points(&e->c, 1, k, out)) return false;
        break;
    }
    default: return false; /* a plane, 2D kinds */
    }
    widen(out, w);
    return true;
}

bool col_kdop_contains_shape(const col_kdop *d, const col_shape *s) {
    col_kdop e;
    if (!col_kdop_is_valid(d) || !col_kdop_of_shape(s, d->k, &e)) return false;
    for (int i = 0; i < d->k / 2; ++i)
        if (!(e.min[i] >= d->min[i] && e.max[i] <= d->max[i])) return false;
    return true;
}

/* The points a shape is the hull of, grown by *radius (a point, a segment,
 * a triangle, a box's corners, a polytope's points; a sphere's centre and a
 * capsule's segment with their radius): *n of them in p, or in *many for a
 * polytope. *rounded: the points carry rounding (an OBB's corners: within
 * 3 u of its magnitude). false for an ellipsoid and the kinds without. */
static bool hull_points(const col_shape *s, col_vec3 p[8], const col_vec3 **many, int *n, col_real *radius,
                        col_real *rounded) {
    *many = p;
    *radius = COL_R(0.0);
    *rounded = COL_R(0.0);
    switch (s->kind) {
    case COL_SHAPE_POINT: p[0] = s->u.point.p, *n = 1; return true;
    case COL_SHAPE_SEGMENT: p[0] = s->u.segment.a, p[1] = s->u.segment.b, *n = 2; return true;
    case COL_SHAPE_TRIANGLE:
        p[0] = s->u.triangle.a, p[1] = s->u.triangle.b, p[2] = s->u.triangle.c, *n = 3;
        return true;
    case COL_SHAPE_POLYTOPE: *many = s->u.polytope.points, *n = s->u.polytope.count; return true;
    case COL_SHAPE_SPHERE: p[0] = s->u.sphere.c, *radius = s->u.sphere.r, *n = 1; return true;
    case COL_SHAPE_CAPSULE: p[0] = s->u.capsule.a, p[1] = s->u.capsule.b, *radius = s->u.capsule.r, *n = 2; return true;
    case COL_SHAPE_AABB: {
        const col_aabb *b = &s->u.aabb;
        for (int i = 0; i < 8; ++i)
            p[i] = col_v3(i & 1 ? b->max.x : b->min.x, i & 2 ? b->max.y : b->min.y, i & 4 ? b->max.z : b->min.z);
        *n = 8;
        return true;
    }
    case COL_SHAPE_OBB:
        *n = 8;
        *rounded = COL_R(4.0) * COL_EPSILON * col__obb_corners(&s->u.obb, p);
        return true;
    default: return false;
    }
}

/* s in the OBB v: along each unit axis u, s's extent about v's centre
 * (its points' (p - c) . u, plus the radius; an ellipsoid's centre's plus
 * sqrt(sum (r_j u_j)^2)) within +-e, each grown by 16 eps of the
 * magnitudes (the differences, the dot products, the axes' unit length to
 * rounding, the points' own rounding). */
static bool obb_contains(const col_obb *v, const col_shape *s) {
    col_vec3 buf[8];
    const col_vec3 *p = buf;
    int n = 1;
    col_real radius, rounded;
    bool ell = s->kind == COL_SHAPE_ELLIPSOID;
    if (ell) {
        buf[0] = s->u.ellipsoid.c;
        rounded = COL_R(0.0);
        radius = COL_R(0.0);
    } else if (!hull_points(s, buf, &p, &n, &radius, &rounded)) {
        return false;
    }
    const col_real e[3] = {v->e.x, v->e.y, v->e.z};
    /* the axes are orthonormal to a tolerance (col_obb_is_valid): a point's
     * projection on u_k differs from its box coordinate times e_k by at
     * most twice that deviation of its offset's and the box's magnitudes */
    col_real dev = COL_R(0.0);
    for (int k = 0; k < 3; ++k) {
        col_real a = col_abs(col_v3_dot(v->u[k], v->u[k]) - COL_R(1.0)),
                 b = col_abs(col_v3_dot(v->u[k], v->u[(k + 1) % 3]));
        dev = a > dev ? a : dev;
        dev = b > dev ? b : dev;
    }
    col_real esum = v->e.x + v->e.y + v->e.z;
    for (int k = 0; k < 3; ++k) {
        col_vec3 u = v->u[k];
        col_real reach = radius;
        if (ell) {
            col_vec3 r = s->u.ellipsoid.r;
            reach = col_sqrt(r.x * r.x * u.x * u.x + r.y * r.y * u.y * u.y + r.z * r.z * u.z * u.z);
        }
        for (int i = 0; i < n; ++i) {
            col_vec3 d = col_v3_sub(p[i], v->c);
            col_real x = col_v3_dot(d, u);
            col_real mag = COL_R(3.0) * (col__abs_max(p[i]) + col__abs_max(v->c)) + reach + esum;
            col_real g = (COL_R(16.0) * COL_EPSILON + COL_R(2.0) * dev) * mag + COL_R(2.0) * rounded +
                         COL_R(4.0) * COL__REAL_MIN;
            if (!(col_abs(x) + reach + g <= e[k])) return false;
        }
    }
    return true;
}

/* s in the ball (c, R): each point's distance from c plus the radius (an
 * ellipsoid's centre's plus its largest radius) at most R, each grown by 8
 * eps of the magnitudes. */
static bool sphere_contains(const col_sphere *v, const col_shape *s) {
    col_vec3 buf[8];
    const col_vec3 *p = buf;
    int n = 1;
    col_real radius, rounded;
    if (s->kind == COL_SHAPE_ELLIPSOID) {
        col_vec3 r = s->u.ellipsoid.r;
        buf[0] = s->u.ellipsoid.c;
        radius = r.x > r.y ? (r.x > r.z ? r.x : r.z) : (r.y > r.z ? r.y : r.z);
        rounded = COL_R(0.0);
    } else if (!hull_points(s, buf, &p, &n, &radius, &rounded)) {
        return false;
    }
    for (int i = 0; i < n; ++i) {
        col_real dist = col_sqrt(col_v3_len_sq(col_v3_sub(p[i], v->c)));
        col_real g =
            COL_R(8.0) * COL_EPSILON * (COL_R(3.0) * (col__abs_max(p[i]) + col__abs_max(v->c)) + radius + v->r) +
            COL_R(2.0) * rounded + COL_R(4.0) * COL__REAL_MIN;
        if (!(dist + radius + g <= v->r)) return false;
    }
    return true;
}

bool col_volume_contains(const col_shape *v, const col_shape *s) {
    if (!v || !s || !col_shape_is_valid(v) || !col_shape_is_valid(s)) return false;
    if (s->kind == COL_SHAPE_PLANE || col_shape_kind_is_2d(s->kind)) return false;
    switch (v->kind) {
    case COL_SHAPE_AABB: {
        col_kdop d;
        d.k = 6;
        d.min[0] = v->u.aabb.min.x, d.min[1] = v->u.aabb.min.y, d.min[2] = v->u.aabb.min.z;
        d.max[0] = v->u.aabb.max.x, d.max[1] = v->u.aabb.max.y, d.max[2] = v->u.aabb.max.z;
        return col_kdop_contains_shape(&d, s);
    }
    case COL_SHAPE_OBB: return obb_contains(&v->u.obb, s);
    case COL_SHAPE_SPHERE: return sphere_contains(&v->u.sphere, s);
    default: return false;
    }
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
    /* each slab of the box's own k-DOP from its extreme corners along the
     * slab's axis (the coordinate each component's sign picks), widened
     * where the sum rounds: the slabs col_kdop_from_points gives its
     * corners, or wider by the rounding bound of a corner's sum */
    const col_real lo[3] = {b->min.x, b->min.y, b->min.z}, hi[3] = {b->max.x, b->max.y, b->max.z};
    for (int i = 0; i < d->k / 2; ++i) {
        int dir = dir_of(d->k, i);
        col_real tl[3], th[3], wl, wh;
        for (int j = 0; j < 3; ++j) {
            col_real a = DIRS[dir][j];
            tl[j] = a > COL_R(0.0) ? lo[j] : (a < COL_R(0.0) ? -hi[j] : COL_R(0.0));
            th[j] = a > COL_R(0.0) ? hi[j] : (a < COL_R(0.0) ? -lo[j] : COL_R(0.0));
        }
        col_real emin = widened_sum(tl, &wl), emax = widened_sum(th, &wh);
        if (d->max[i] < emin - wl || emax + wh < d->min[i]) return false;
    }
    return true;
}

/* ---- a ray against a k-DOP ---- */

/* The far end of the ray's part within the k-DOP's box (its first three
 * slabs) grown by 2^-20 of its bounds' and the origin's magnitudes on each
 * axis: at or past the exact box's exit (the rounding of the exit times is
 * far below the growth). -1: the ray surely misses the box (an origin
 * beyond it on an axis and not moving into it, or a box exited before t =
 * 0). A direction of zeros: not asked (the origin alone decides). */
static col_real box_exit(const col_kdop *d, const col_ray *r) {
    col_real t = COL_REAL_MAX;
    for (int k = 0; k < 3; ++k) {
        col_real o = col_v3_get(r->origin, k), v = col_v3_get(r->delta, k);
        col_real g = COL_R(0x1p-20) * (col_abs(d->min[k]) + col_abs(d->max[k]) + col_abs(o)) + COL__REAL_MIN;
        col_real lo = d->min[k] - g, hi = d->max[k] + g;
        if (v == COL_R(0.0)) {
            if (o < lo || o > hi) return COL_R(-1.0);
            continue;
        }
        col_real e = ((v > COL_R(0.0) ? hi : lo) - o) / v;
        if (!(e >= COL_R(0.0))) return COL_R(-1.0); /* beyond the far side, moving away */
        if (e < t) t = e;
    }
    return t;
}

/* The sum of terms(dir, p) and a bound on its rounding (2 u of the terms'
 * magnitudes, as col_kdop_from_points). */
static col_real dir_dot(int dir, col_vec3 p, col_real *err) {
    col_real t[3];
    terms(dir, p, t);
    *err = COL_R(2.0) * COL_EPSILON * (col_abs(t[0]) + col_abs(t[1]) + col_abs(t[2]));
    return t[0] + t[1] + t[2];
}

col_ray_hit col_raycast_kdop(const col_ray *r, const col_kdop *d) {
    if (!r || !col__valid_ray(r) || !col_kdop_is_valid(d)) return col__ray_invalid();
    if (d->k == 6) { /* the box's own cast: exact for a finite max_t */
        col_aabb b = {col_v3(d->min[0], d->min[1], d->min[2]), col_v3(d->max[0], d->max[1], d->max[2])};
        return col_raycast_aabb_slabs(r, &b);
    }
    if (col_kdop_contains_point(d, r->origin)) return col__ray_inside(r);
    if (r->delta.x == COL_R(0.0) && r->delta.y == COL_R(0.0) && r->delta.z == COL_R(0.0)) return col__ray_miss();
    col_real T = box_exit(d, r);
    if (!(T >= COL_R(0.0))) return col__ray_miss();
    if (r->max_t < T) T = r->max_t;
    /* the segment [p0, p1] = [origin, origin + T delta] holds every point
     * of the ray in the k-DOP (T at or past the box's exit, or max_t) */
    col_vec3 p0 = r->origin, p1 = col_v3_madd(r->origin, T, r->delta);
    /* (within the grown box, so finite: a diagonal's bounds reach 4 COL_HUGE) */
    if (!(isfinite(p1.x) && isfinite(p1.y) && isfinite(p1.z))) return col__ray_miss();
    /* along the segment, a . x = (1 - u) f0 + u f1 (u in [0, 1]) exactly
     * for the exact f0, f1; the computed ones are within their rounding
     * plus p1's own (fl(T delta), then the sum with the origin: u (|T delta|
     * + |p1|) <= u (2 |p1| + |origin|) per coordinate, 3 of them), which the margin m
     * every slab is widened by covers; the bounds on u from the widened
     * slab are widened by 4 u of themselves for the difference f1 - f0 and
     * the division that form them. A point of the ray in the k-DOP then
     * lies in every widened interval: never a miss where the ray meets the
     * k-DOP. */
    col_real lo = COL_R(0.0), hi = COL_R(1.0);
    int entry = -1;
    col_real entry_sign = COL_R(0.0);
    for (int i = 0; i < d->k / 2; ++i) {
        int dir = dir_of(d->k, i);
        col_real e0, e1, f0 = dir_dot(dir, p0, &e0), f1 = dir_dot(dir, p1, &e1);
        /* (and the rounding of min - m - f0 and max + m - f0 themselves: 8 u
         * of their terms, so the computed a and b are no tighter than the
         * exact ones; then ua and ub are within 2 u of a / df and b / df) */
        col_real m = COL_R(1.25) * (e0 + e1 + COL_R(12.0) * COL_EPSILON * (col__abs_max(p1) + col__abs_max(p0)) +
                                    COL_R(8.0) * COL_EPSILON *
                                        (col_abs(d->min[i]) + col_abs(d->max[i]) + col_abs(f0) + col_abs(f1))) +
                     COL_R(4.0) * COL__REAL_MIN;
        col_real a = d->min[i] - m - f0, b = d->max[i] + m - f0, df = f1 - f0;
        if (df == COL_R(0.0)) {
            if (a > COL_R(0.0) || b < COL_R(0.0)) return col__ray_miss(); /* parallel, outside */
            continue;
        }
        col_real ua = a / df, ub = b / df;
        col_real ulo = ua < ub ? ua : ub, uhi = ua < ub ? ub : ua;
        ulo -= COL_R(4.0) * COL_EPSILON * col_abs(ulo) + COL__REAL_MIN;
        uhi += COL_R(4.0) * COL_EPSILON * col_abs(uhi) + COL__REAL_MIN;
        if (ulo > lo) {
            lo = ulo;
            entry = dir;
            entry_sign = df > COL_R(0.0) ? COL_R(-1.0) : COL_R(1.0); /* the normal faces the ray */
        }
        if (uhi < hi) hi = uhi;
        if (lo > hi) return col__ray_miss();
    }
    col_real t = lo * T;
    if (!(t <= r->max_t)) t = r->max_t;
    /* the entering slab's axis, facing the ray; none entered above u = 0
     * (the widened slabs hold the origin): against the ray */
    col_vec3 against = col__unit_or(col_v3_neg(r->delta), col_v3(1, 0, 0));
    col_vec3 n =
        entry < 0
            ? against
            : col__unit_or(col_v3_scale(col_v3(DIRS[entry][0], DIRS[entry][1], DIRS[entry][2]), entry_sign), against);
    return col__ray_accept(r, t, n);
}
