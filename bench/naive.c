/*
 * bench/naive.c — the floor: each simple test as the straight-line textbook
 * code, with no validation, no NaN handling and no care for rounding, in its
 * own translation unit so that it is called like collide's functions (one
 * call per query, nothing inlined into the timing loop). collide must stay
 * close to these; where it answers differently (the agreement column), the
 * naive code is the one that is wrong (grazing contacts, rays through edges).
 *
 * Sources: Ericson, Real-Time Collision Detection (2005): 4.2.1 (AABB),
 * 4.4.1 (OBB SAT, with its epsilon), 5.1.9 (capsule-capsule), 5.2.5 (sphere-AABB, Arvo), 5.2.9
 * (triangle-AABB, Akenine-Moller), 5.3.2 (ray-sphere), 5.3.3 (slabs),
 * 5.5.3, 5.5.5 and 5.5.8 (moving sphere-plane, sphere-sphere, AABB-AABB);
 * Moller and Trumbore (1997) for ray-triangle.
 */
#include <math.h>

#include "bench.h"

typedef struct v3 {
    double x, y, z;
} v3;

static v3 mk(col_vec3 a) { return (v3){a.x, a.y, a.z}; }
static v3 sub(v3 a, v3 b) { return (v3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static double dot(v3 a, v3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static v3 cross(v3 a, v3 b) { return (v3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
static double get(v3 a, int i) { return i == 0 ? a.x : (i == 1 ? a.y : a.z); }

/* ---- static tests ---- */

static int sphere_sphere(const col_sphere *a, const col_sphere *b) {
    v3 d = sub(mk(a->c), mk(b->c));
    double r = a->r + b->r;
    return dot(d, d) <= r * r;
}

static int aabb_aabb(const col_aabb *a, const col_aabb *b) {
    if (a->max.x < b->min.x || a->min.x > b->max.x) return 0;
    if (a->max.y < b->min.y || a->min.y > b->max.y) return 0;
    if (a->max.z < b->min.z || a->min.z > b->max.z) return 0;
    return 1;
}

/* The same without branches: one AND of the six comparisons (the strongest
 * textbook form; the compiler keeps it branch-free). */
static int aabb_aabb_branchless(const col_aabb *a, const col_aabb *b) {
    return (a->max.x >= b->min.x) & (a->min.x <= b->max.x) & (a->max.y >= b->min.y) & (a->min.y <= b->max.y) &
           (a->max.z >= b->min.z) & (a->min.z <= b->max.z);
}

static int sphere_aabb(const col_aabb *b, const col_sphere *s) {
    double d2 = 0;
    v3 c = mk(s->c), lo = mk(b->min), hi = mk(b->max);
    for (int i = 0; i < 3; ++i) {
        double v = get(c, i);
        if (v < get(lo, i)) d2 += (get(lo, i) - v) * (get(lo, i) - v);
        if (v > get(hi, i)) d2 += (v - get(hi, i)) * (v - get(hi, i));
    }
    return d2 <= s->r * s->r;
}

static int obb_obb(const col_obb *A, const col_obb *B) {
    const double eps = 1e-6;
    double ra, rb, R[3][3], AbsR[3][3];
    v3 au[3] = {mk(A->u[0]), mk(A->u[1]), mk(A->u[2])}, bu[3] = {mk(B->u[0]), mk(B->u[1]), mk(B->u[2])};
    double a[3] = {A->e.x, A->e.y, A->e.z}, b[3] = {B->e.x, B->e.y, B->e.z};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) R[i][j] = dot(au[i], bu[j]);
    v3 tw = sub(mk(B->c), mk(A->c));
    double t[3] = {dot(tw, au[0]), dot(tw, au[1]), dot(tw, au[2])};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) AbsR[i][j] = fabs(R[i][j]) + eps;
    for (int i = 0; i < 3; i++) {
        ra = a[i];
        rb = b[0] * AbsR[i][0] + b[1] * AbsR[i][1] + b[2] * AbsR[i][2];
        if (fabs(t[i]) > ra + rb) return 0;
    }
    for (int i = 0; i < 3; i++) {
        ra = a[0] * AbsR[0][i] + a[1] * AbsR[1][i] + a[2] * AbsR[2][i];
        rb = b[i];
        if (fabs(t[0] * R[0][i] + t[1] * R[1][i] + t[2] * R[2][i]) > ra + rb) return 0;
    }
    ra = a[1] * AbsR[2][0] + a[2] * AbsR[1][0];
    rb = b[1] * AbsR[0][2] + b[2] * AbsR[0][1];
    if (fabs(t[2] * R[1][0] - t[1] * R[2][0]) > ra + rb) return 0;
    ra = a[1] * AbsR[2][1] + a[2] * AbsR[1][1];
    rb = b[0] * AbsR[0][2] + b[2] * AbsR[0][0];
    if (fabs(t[2] * R[1][1] - t[1] * R[2][1]) > ra + rb) return 0;
    ra = a[1] * AbsR[2][2] + a[2] * AbsR[1][2];
    rb = b[0] * AbsR[0][1] + b[1] * AbsR[0][0];
    if (fabs(t[2] * R[1][2] - t[1] * R[2][2]) > ra + rb) return 0;
    ra = a[0] * AbsR[2][0] + a[2] * AbsR[0][0];
    rb = b[1] * AbsR[1][2] + b[2] * AbsR[1][1];
    if (fabs(t[0] * R[2][0] - t[2] * R[0][0]) > ra + rb) return 0;
    ra = a[0] * AbsR[2][1] + a[2] * AbsR[0][1];
    rb = b[0] * AbsR[1][2] + b[2] * AbsR[1][0];
    if (fabs(t[0] * R[2][1] - t[2] * R[0][1]) > ra + rb) return 0;
    ra = a[0] * AbsR[2][2] + a[2] * AbsR[0][2];
    rb = b[0] * AbsR[1][1] + b[1] * AbsR[1][0];
    if (fabs(t[0] * R[2][2] - t[2] * R[0][2]) > ra + rb) return 0;
    ra = a[0] * AbsR[1][0] + a[1] * AbsR[0][0];
    rb = b[1] * AbsR[2][2] + b[2] * AbsR[2][1];
    if (fabs(t[1] * R[0][0] - t[0] * R[1][0]) > ra + rb) return 0;
    ra = a[0] * AbsR[1][1] + a[1] * AbsR[0][1];
    rb = b[0] * AbsR[2][2] + b[2] * AbsR[2][0];
    if (fabs(t[1] * R[0][1] - t[0] * R[1][1]) > ra + rb) return 0;
    ra = a[0] * AbsR[1][2] + a[1] * AbsR[0][2];
    rb = b[0] * AbsR[2][1] + b[1] * AbsR[2][0];
    if (fabs(t[1] * R[0][2] - t[0] * R[1][2]) > ra + rb) return 0;
    return 1;
}

/* Triangle-triangle by the separating-axis test on the two normals and the
 * nine edge-edge axes (Ericson 5.2.9's axes; coplanar pairs are not handled:
 * the floor a textbook gives). */
static int tri_separated(const v3 *a, const v3 *b, v3 ax) {
    double a0 = dot(a[0], ax), a1 = dot(a[1], ax), a2 = dot(a[2], ax);
    double b0 = dot(b[0], ax), b1 = dot(b[1], ax), b2 = dot(b[2], ax);
    return fmax(a0, fmax(a1, a2)) < fmin(b0, fmin(b1, b2)) || fmax(b0, fmax(b1, b2)) < fmin(a0, fmin(a1, a2));
}

static int triangle_triangle(const col_triangle *ta, const col_triangle *tb) {
    v3 a[3] = {mk(ta->a), mk(ta->b), mk(ta->c)}, b[3] = {mk(tb->a), mk(tb->b), mk(tb->c)};
    v3 ea[3] = {sub(a[1], a[0]), sub(a[2], a[1]), sub(a[0], a[2])};
    v3 eb[3] = {sub(b[1], b[0]), sub(b[2], b[1]), sub(b[0], b[2])};
    if (tri_separated(a, b, cross(ea[0], ea[1])) || tri_separated(a, b, cross(eb[0], eb[1]))) return 0;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            if (tri_separated(a, b, cross(ea[i], eb[j]))) return 0;
    return 1;
}

static int v_triangle_triangle(const col_triangle *a, const col_triangle *b) {
    return col_triangle_is_valid(a) && col_triangle_is_valid(b) && triangle_triangle(a, b);
}

/* Akenine-Moller's 13 axes, box centred at the origin. */
static int triangle_aabb(const col_aabb *box, const col_triangle *tri) {
    v3 c = {(box->min.x + box->max.x) * 0.5, (box->min.y + box->max.y) * 0.5, (box->min.z + box->max.z) * 0.5};
    double e[3] = {(box->max.x - box->min.x) * 0.5, (box->max.y - box->min.y) * 0.5, (box->max.z - box->min.z) * 0.5};
    v3 v[3] = {sub(mk(tri->a), c), sub(mk(tri->b), c), sub(mk(tri->c), c)};
    v3 f[3] = {sub(v[1], v[0]), sub(v[2], v[1]), sub(v[0], v[2])};
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            v3 u = {i == 0, i == 1, i == 2};
            v3 ax = cross(u, f[j]);
            double p0 = dot(v[0], ax), p1 = dot(v[1], ax), p2 = dot(v[2], ax);
            double r = e[0] * fabs(ax.x) + e[1] * fabs(ax.y) + e[2] * fabs(ax.z);
            double lo = fmin(p0, fmin(p1, p2)), hi = fmax(p0, fmax(p1, p2));
            if (lo > r || hi < -r) return 0;
        }
    }
    for (int i = 0; i < 3; ++i) {
        double lo = fmin(get(v[0], i), fmin(get(v[1], i), get(v[2], i)));
        double hi = fmax(get(v[0], i), fmax(get(v[1], i), get(v[2], i)));
        if (lo > e[i] || hi < -e[i]) return 0;
    }
    v3 n = cross(f[0], f[1]);
    double d = dot(n, v[0]);
    double r = e[0] * fabs(n.x) + e[1] * fabs(n.y) + e[2] * fabs(n.z);
    return fabs(d) <= r;
}

/* ---- ray casts (segment origin + t delta, t in [0, max_t]) ----
 * Each computes what collide's casts report: t, the point and the unit
 * normal (a struct the caller reads the answer from), so the floor does the
 * same work without the care. */

typedef struct hit {
    int hit;
    double t;
    v3 point, normal;
} hit;

static v3 madd(v3 a, double s, v3 b) { return (v3){a.x + s * b.x, a.y + s * b.y, a.z + s * b.z}; }
static v3 scale(v3 a, double s) { return (v3){a.x * s, a.y * s, a.z * s}; }

static hit ray_aabb(const col_ray *r, const col_aabb *b) {
    hit h = {0, 0, {0, 0, 0}, {0, 0, 0}};
    double tmin = 0, tmax = r->max_t;
    int axis = -1;
    double sign = 0;
    v3 o = mk(r->origin), d = mk(r->delta), lo = mk(b->min), hi = mk(b->max);
    for (int i = 0; i < 3; ++i) {
        double inv = 1.0 / get(d, i);
        double t1 = (get(lo, i) - get(o, i)) * inv, t2 = (get(hi, i) - get(o, i)) * inv, s = -1;
        if (t1 > t2) {
            double tmp = t1;
            t1 = t2;
            t2 = tmp;
            s = 1;
        }
        if (t1 > tmin) tmin = t1, axis = i, sign = s;
        if (t2 < tmax) tmax = t2;
        if (tmin > tmax) return h;
    }
    h.hit = 1;
    h.t = tmin;
    h.point = madd(o, tmin, d);
    if (axis >= 0) h.normal = (v3){axis == 0 ? sign : 0, axis == 1 ? sign : 0, axis == 2 ? sign : 0};
    return h;
}

static hit ray_triangle(const col_ray *r, const col_triangle *t) {
    const double eps = 1e-12;
    hit h = {0, 0, {0, 0, 0}, {0, 0, 0}};
    v3 e1 = sub(mk(t->b), mk(t->a)), e2 = sub(mk(t->c), mk(t->a)), d = mk(r->delta);
    v3 p = cross(d, e2);
    double det = dot(e1, p);
    if (fabs(det) < eps) return h;
    double inv = 1.0 / det;
    v3 s = sub(mk(r->origin), mk(t->a));
    double u = dot(s, p) * inv;
    if (u < 0 || u > 1) return h;
    v3 q = cross(s, e1);
    double v = dot(d, q) * inv;
    if (v < 0 || u + v > 1) return h;
    double tt = dot(e2, q) * inv;
    if (tt < 0 || tt > r->max_t) return h;
    v3 n = cross(e1, e2);
    double len = sqrt(dot(n, n));
    h.hit = 1;
    h.t = tt;
    h.point = madd(mk(r->origin), tt, d);
    h.normal = scale(n, (det > 0 ? -1.0 : 1.0) / len); /* facing the origin */
    return h;
}

/* Yes/no: does the segment [o, o + max_t d] meet the box? The sign-indexed
 * slab test (Williams, Barrus, Morley and Shirley 2005): the reciprocals of
 * d, the near and far bound of each axis picked by the sign, no swap. */
static hit segment_aabb_signs(const col_ray *r, const col_aabb *b) {
    hit h = {0, 0, {0, 0, 0}, {0, 0, 0}};
    const double bounds[2][3] = {{b->min.x, b->min.y, b->min.z}, {b->max.x, b->max.y, b->max.z}};
    const double o[3] = {r->origin.x, r->origin.y, r->origin.z};
    const double inv[3] = {1.0 / r->delta.x, 1.0 / r->delta.y, 1.0 / r->delta.z};
    double tmin = 0, tmax = r->max_t;
    for (int i = 0; i < 3; ++i) {
        int sg = inv[i] < 0;
        double t0 = (bounds[sg][i] - o[i]) * inv[i], t1 = (bounds[1 - sg][i] - o[i]) * inv[i];
        tmin = t0 > tmin ? t0 : tmin;
        tmax = t1 < tmax ? t1 : tmax;
    }
    h.hit = tmin <= tmax;
    return h;
}

/* Yes/no Moller-Trumbore: the segment [o, o + max_t d] through the triangle,
 * no point, normal or division (the signs against the determinant). */
static hit segment_triangle_mt(const col_ray *r, const col_triangle *t) {
    hit h = {0, 0, {0, 0, 0}, {0, 0, 0}};
    v3 e1 = sub(mk(t->b), mk(t->a)), e2 = sub(mk(t->c), mk(t->a)), d = mk(r->delta);
    v3 p = cross(d, e2);
    double det = dot(e1, p);
    if (det == 0) return h;
    double sg = det > 0 ? 1 : -1, adet = det * sg;
    v3 s = sub(mk(r->origin), mk(t->a));
    double u = dot(s, p) * sg;
    if (u < 0 || u > adet) return h;
    v3 q = cross(s, e1);
    double v = dot(d, q) * sg;
    if (v < 0 || u + v > adet) return h;
    double tt = dot(e2, q) * sg;
    h.hit = tt >= 0 && tt <= r->max_t * adet;
    return h;
}

static hit ray_sphere(const col_ray *r, const col_sphere *s) {
    hit h = {0, 0, {0, 0, 0}, {0, 0, 0}};
    v3 m = sub(mk(r->origin), mk(s->c)), d = mk(r->delta);
    double a = dot(d, d), b = dot(m, d), c = dot(m, m) - s->r * s->r;
    if (c <= 0) {
        h.hit = 1;
        h.point = mk(r->origin);
        return h;
    }
    if (b > 0) return h;
    double disc = b * b - a * c;
    if (disc < 0) return h;
    double t = (-b - sqrt(disc)) / a;
    if (t > r->max_t) return h;
    h.hit = 1;
    h.t = t;
    h.point = madd(mk(r->origin), t, d);
    h.normal = scale(sub(h.point, mk(s->c)), 1.0 / s->r);
    return h;
}

/* ---- sweeps over u in [0, 1] ---- */

static int sweep_sphere_sphere(const col_sphere *a, col_vec3 da, const col_sphere *b, col_vec3 db) {
    v3 s = sub(mk(a->c), mk(b->c)), v = sub(mk(da), mk(db));
    double r = a->r + b->r, c = dot(s, s) - r * r;
    if (c <= 0) return 1;
    double aa = dot(v, v), bb = dot(v, s);
    if (bb >= 0) return 0;
    double d = bb * bb - aa * c;
    if (d < 0) return 0;
    return (-bb - sqrt(d)) / aa <= 1;
}

static int sweep_sphere_plane(const col_sphere *s, col_vec3 da, const col_plane *p, col_vec3 db) {
    v3 n = mk(p->n), v = sub(mk(da), mk(db));
    double dist = dot(n, mk(s->c)) - p->d;
    if (fabs(dist) <= s->r) return 1;
    double denom = dot(n, v);
    if (denom * dist >= 0) return 0;
    double r = dist > 0 ? s->r : -s->r;
    return (r - dist) / denom <= 1;
}

static int sweep_aabb_aabb(const col_aabb *a, col_vec3 da, const col_aabb *b, col_vec3 db) {
    if (aabb_aabb(a, b)) return 1;
    v3 v = sub(mk(db), mk(da)), amin = mk(a->min), amax = mk(a->max), bmin = mk(b->min), bmax = mk(b->max);
    double tfirst = 0, tlast = 1;
    for (int i = 0; i < 3; ++i) {
        double vi = get(v, i);
        if (vi < 0) {
            if (get(bmax, i) < get(amin, i)) return 0;
            if (get(amax, i) < get(bmin, i)) tfirst = fmax((get(amax, i) - get(bmin, i)) / vi, tfirst);
            if (get(bmax, i) > get(amin, i)) tlast = fmin((get(amin, i) - get(bmax, i)) / vi, tlast);
        } else if (vi > 0) {
            if (get(bmin, i) > get(amax, i)) return 0;
            if (get(bmax, i) < get(amin, i)) tfirst = fmax((get(amin, i) - get(bmax, i)) / vi, tfirst);
            if (get(amax, i) > get(bmin, i)) tlast = fmin((get(amax, i) - get(bmin, i)) / vi, tlast);
        } else if (get(bmax, i) < get(amin, i) || get(bmin, i) > get(amax, i)) {
            return 0;
        }
        if (tfirst > tlast) return 0;
    }
    return 1;
}

/* ---- the floor plus collide's input contract: the same straight-line code
 * behind the public validators (finite, |x| <= COL_HUGE, sizes >= 0, OBB
 * axes orthonormal), which collide's functions must also run. The gap
 * between "naive" and this row is the price of the contract; the gap between
 * this row and collide's is collide's own. ---- */

static int v_sphere_sphere(const col_sphere *a, const col_sphere *b) {
    return col_sphere_is_valid(a) && col_sphere_is_valid(b) && sphere_sphere(a, b);
}
static int v_aabb_aabb(const col_aabb *a, const col_aabb *b) {
    return col_aabb_is_valid(a) && col_aabb_is_valid(b) && aabb_aabb(a, b);
}
static int v_obb_obb(const col_obb *a, const col_obb *b) {
    return col_obb_is_valid(a) && col_obb_is_valid(b) && obb_obb(a, b);
}
static int v_sphere_aabb(const col_aabb *b, const col_sphere *s) {
    return col_aabb_is_valid(b) && col_sphere_is_valid(s) && sphere_aabb(b, s);
}
static int v_triangle_aabb(const col_aabb *b, const col_triangle *t) {
    return col_aabb_is_valid(b) && col_triangle_is_valid(t) && triangle_aabb(b, t);
}
static hit v_ray_aabb(const col_ray *r, const col_aabb *b) {
    hit none = {0, 0, {0, 0, 0}, {0, 0, 0}};
    return col_ray_is_valid(r) && col_aabb_is_valid(b) ? ray_aabb(r, b) : none;
}
static hit v_ray_triangle(const col_ray *r, const col_triangle *t) {
    hit none = {0, 0, {0, 0, 0}, {0, 0, 0}};
    return col_ray_is_valid(r) && col_triangle_is_valid(t) ? ray_triangle(r, t) : none;
}
static hit v_ray_sphere(const col_ray *r, const col_sphere *s) {
    hit none = {0, 0, {0, 0, 0}, {0, 0, 0}};
    return col_ray_is_valid(r) && col_sphere_is_valid(s) ? ray_sphere(r, s) : none;
}

/* Capsule-capsule by the closest points of the two segments (Ericson 5.1.9,
 * ClosestPtSegmentSegment, with its epsilon for degenerate segments). */
static int capsule_capsule(const col_capsule *a, const col_capsule *b) {
    const double eps = 1e-12;
    v3 p1 = mk(a->a), q1 = mk(a->b), p2 = mk(b->a), q2 = mk(b->b);
    v3 d1 = sub(q1, p1), d2 = sub(q2, p2), r = sub(p1, p2);
    double A = dot(d1, d1), E = dot(d2, d2), F = dot(d2, r), s, t;
    if (A <= eps && E <= eps) {
        s = t = 0;
    } else if (A <= eps) {
        s = 0;
        t = fmin(fmax(F / E, 0), 1);
    } else {
        double c = dot(d1, r);
        if (E <= eps) {
            t = 0;
            s = fmin(fmax(-c / A, 0), 1);
        } else {
            double b2 = dot(d1, d2), den = A * E - b2 * b2;
            s = den != 0 ? fmin(fmax((b2 * F - c * E) / den, 0), 1) : 0;
            t = (b2 * s + F) / E;
            if (t < 0) {
                t = 0;
                s = fmin(fmax(-c / A, 0), 1);
            } else if (t > 1) {
                t = 1;
                s = fmin(fmax((b2 - c) / A, 0), 1);
            }
        }
    }
    v3 c1 = {p1.x + d1.x * s, p1.y + d1.y * s, p1.z + d1.z * s},
       c2 = {p2.x + d2.x * t, p2.y + d2.y * t, p2.z + d2.z * t};
    v3 d = sub(c1, c2);
    double rs = (double)a->r + (double)b->r;
    return dot(d, d) <= rs * rs;
}
static int v_capsule_capsule(const col_capsule *a, const col_capsule *b) {
    return col_capsule_is_valid(a) && col_capsule_is_valid(b) && capsule_capsule(a, b);
}

/* ---- the table ---- */

#define RUNRAY(name, tb, fn)                                                                                           \
    static void run_##name(const void *ctx, size_t n, unsigned char *out) {                                            \
        const bench_workload *w = ctx;                                                                                 \
        const tb *b = w->b;                                                                                            \
        for (size_t i = 0; i < n; ++i) out[i] = (unsigned char)fn(&w->rays[i], &b[i]).hit;                             \
    }
#define RUNSWEEP(name, ta, tb, fn)                                                                                     \
    static void run_##name(const void *ctx, size_t n, unsigned char *out) {                                            \
        const bench_workload *w = ctx;                                                                                 \
        const ta *a = w->a;                                                                                            \
        const tb *b = w->b;                                                                                            \
        for (size_t i = 0; i < n; ++i) out[i] = (unsigned char)fn(&a[i], w->da[i], &b[i], w->db[i]);                   \
    }

BENCH_RUN2(sphere_sphere, col_sphere, col_sphere, sphere_sphere)
BENCH_RUN2(aabb_aabb, col_aabb, col_aabb, aabb_aabb)
BENCH_RUN2(obb_obb, col_obb, col_obb, obb_obb)
BENCH_RUN2(sphere_aabb, col_aabb, col_sphere, sphere_aabb)
BENCH_RUN2(triangle_aabb, col_aabb, col_triangle, triangle_aabb)
BENCH_RUN2(aabb_aabb_branchless, col_aabb, col_aabb, aabb_aabb_branchless)
RUNRAY(segment_aabb_signs, col_aabb, segment_aabb_signs)
RUNRAY(segment_triangle_mt, col_triangle, segment_triangle_mt)
RUNRAY(ray_aabb, col_aabb, ray_aabb)
RUNRAY(ray_triangle, col_triangle, ray_triangle)
RUNRAY(ray_sphere, col_sphere, ray_sphere)
BENCH_RUN2(v_sphere_sphere, col_sphere, col_sphere, v_sphere_sphere)
BENCH_RUN2(v_aabb_aabb, col_aabb, col_aabb, v_aabb_aabb)
BENCH_RUN2(v_obb_obb, col_obb, col_obb, v_obb_obb)
BENCH_RUN2(v_sphere_aabb, col_aabb, col_sphere, v_sphere_aabb)
BENCH_RUN2(v_triangle_aabb, col_aabb, col_triangle, v_triangle_aabb)
BENCH_RUN2(triangle_triangle, col_triangle, col_triangle, triangle_triangle)
BENCH_RUN2(capsule_capsule, col_capsule, col_capsule, capsule_capsule)
BENCH_RUN2(v_capsule_capsule, col_capsule, col_capsule, v_capsule_capsule)
BENCH_RUN2(v_triangle_triangle, col_triangle, col_triangle, v_triangle_triangle)
RUNRAY(v_ray_aabb, col_aabb, v_ray_aabb)
RUNRAY(v_ray_triangle, col_triangle, v_ray_triangle)
RUNRAY(v_ray_sphere, col_sphere, v_ray_sphere)
RUNSWEEP(sweep_sphere_sphere, col_sphere, col_sphere, sweep_sphere_sphere)
RUNSWEEP(sweep_sphere_plane, col_sphere, col_plane, sweep_sphere_plane)
RUNSWEEP(sweep_aabb_aabb, col_aabb, col_aabb, sweep_aabb_aabb)

const bench_impl bench_naive[] = {
    {"sphere_sphere", "naive: (Ericson 4.3.1)", NULL, run_sphere_sphere, NULL, NULL},
    {"aabb_aabb", "naive: (Ericson 4.2.1)", NULL, run_aabb_aabb, NULL, NULL},
    {"obb_obb", "naive: SAT (Ericson 4.4.1)", NULL, run_obb_obb, NULL, NULL},
    {"sphere_aabb", "naive: Arvo (Ericson 5.2.5)", NULL, run_sphere_aabb, NULL, NULL},
    {"triangle_aabb", "naive: Akenine-Moller", NULL, run_triangle_aabb, NULL, NULL},
    {"triangle_triangle", "naive: SAT, 11 axes (Ericson 5.2.9)", NULL, run_triangle_triangle, NULL, NULL},
    {"capsule_capsule", "naive: closest points (Ericson 5.1.9)", NULL, run_capsule_capsule, NULL, NULL},
    {"capsule_capsule", "naive + validation", NULL, run_v_capsule_capsule, NULL, NULL},
    {"ray_aabb", "naive: slabs, 1/d (Ericson 5.3.3)", NULL, run_ray_aabb, NULL, NULL},
    {"ray_triangle", "naive: Moller-Trumbore", NULL, run_ray_triangle, NULL, NULL},
    {"aabb_aabb", "naive: branch-free (one AND of six comparisons)", NULL, run_aabb_aabb_branchless, NULL, NULL},
    {"ray_aabb", "naive: segment yes/no, sign-indexed slabs (Williams et al. 2005)", NULL, run_segment_aabb_signs, NULL,
     NULL},
    {"ray_triangle", "naive: segment yes/no, Moller-Trumbore without division", NULL, run_segment_triangle_mt, NULL,
     NULL},
    {"ray_sphere", "naive: quadratic (Ericson 5.3.2)", NULL, run_ray_sphere, NULL, NULL},
    {"sphere_sphere", "naive + validation", NULL, run_v_sphere_sphere, NULL, NULL},
    {"aabb_aabb", "naive + validation", NULL, run_v_aabb_aabb, NULL, NULL},
    {"obb_obb", "naive + validation", NULL, run_v_obb_obb, NULL, NULL},
    {"sphere_aabb", "naive + validation", NULL, run_v_sphere_aabb, NULL, NULL},
    {"triangle_aabb", "naive + validation", NULL, run_v_triangle_aabb, NULL, NULL},
    {"triangle_triangle", "naive + validation", NULL, run_v_triangle_triangle, NULL, NULL},
    {"ray_aabb", "naive + validation", NULL, run_v_ray_aabb, NULL, NULL},
    {"ray_triangle", "naive + validation", NULL, run_v_ray_triangle, NULL, NULL},
    {"ray_sphere", "naive + validation", NULL, run_v_ray_sphere, NULL, NULL},
    {"sweep_sphere_sphere", "naive: quadratic (Ericson 5.5.5)", NULL, run_sweep_sphere_sphere, NULL, NULL},
    {"sweep_sphere_plane", "naive: (Ericson 5.5.3)", NULL, run_sweep_sphere_plane, NULL, NULL},
    {"sweep_aabb_aabb", "naive: (Ericson 5.5.8)", NULL, run_sweep_aabb_aabb, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL, NULL},
};
