/*
 * Tests against a plane n.x = d (collide/static.h): classification of every
 * shape, segment-plane and triangle-plane intersection, three planes, and the
 * closest points of two lines.
 */
#include "exact.h"
#include "geom.h"
#include "pairs.h"

#include <float.h>

#if defined(COLLIDE_REAL_FLOAT) && COLLIDE_REAL_FLOAT
#define TRUE_MIN FLT_TRUE_MIN
#define FILTER_MIN 0x1p-100f /* a filter's bound below this: underflow may have eaten it (exact instead) */
#else
#define TRUE_MIN DBL_TRUE_MIN
#define FILTER_MIN 0x1p-900
#endif

/* Side from the range [lo, hi] of signed distances a shape covers. */
static col_side side_of_range(col_real lo, col_real hi) {
    if (lo > COL_R(0.0)) return COL_FRONT;
    if (hi < COL_R(0.0)) return COL_BACK;
    return COL_STRADDLE;
}

col_side col_classify_point_plane(const col_point *p, const col_plane *pl) {
    if (!col__valid_point(p) || !col__valid_plane(pl)) return COL_SIDE_INVALID;
    /* exact (exact.h): a point on the plane is on it however the dot rounds */
    int sp = col__plane_side(pl->n, pl->d, p->p);
    return sp > 0 ? COL_FRONT : sp < 0 ? COL_BACK : COL_STRADDLE;
}

col_side col_classify_segment_plane(const col_segment *sg, const col_plane *pl) {
    if (!col__valid_segment(sg) || !col__valid_plane(pl)) return COL_SIDE_INVALID;
    /* exact, the decision of the ray-plane cast (exact.h) */
    int sa = col__plane_side(pl->n, pl->d, sg->a), sb = col__plane_side(pl->n, pl->d, sg->b);
    if (sa > 0 && sb > 0) return COL_FRONT;
    if (sa < 0 && sb < 0) return COL_BACK;
    return COL_STRADDLE;
}

/* The side of a point set from its points' exact sides (exact.h): front
 * when every point is in front, back when every one is behind. */
static col_side side_of_points(const col_plane *pl, col_real off_front, col_real off_back, const col_vec3 *x, int n) {
    bool front = true, back = true;
    for (int i = 0; i < n && (front || back); ++i) {
        if (front && col__plane_side_off(pl->n, pl->d, off_front, x[i]) <= 0) front = false;
        if (back && col__plane_side_off(pl->n, pl->d, off_back, x[i]) >= 0) back = false;
    }
    return front ? COL_FRONT : back ? COL_BACK : COL_STRADDLE;
}

col_side col_classify_triangle_plane(const col_triangle *t, const col_plane *pl) {
    if (!col__valid_triangle(t) || !col__valid_plane(pl)) return COL_SIDE_INVALID;
    const col_vec3 v[3] = {t->a, t->b, t->c};
    return side_of_points(pl, COL_R(0.0), COL_R(0.0), v, 3); /* exact: a vertex on the plane straddles */
}

col_side col_classify_sphere_plane(const col_sphere *s, const col_plane *pl) {
    if (!col__valid_sphere(s) || !col__valid_plane(pl)) return COL_SIDE_INVALID;
    /* exact: front when n . c - d - r > 0, back when n . c - d + r < 0, the
     * radius never added to d in floating point (a sphere touching the
     * plane straddles it, the decision of col_sweep_sphere_plane at u = 0) */
    return side_of_points(pl, s->r, -s->r, &s->c, 1);
}

col_side col_classify_capsule_plane(const col_capsule *c, const col_plane *pl) {
    if (!col__valid_capsule(c) || !col__valid_plane(pl)) return COL_SIDE_INVALID;
    const col_vec3 e[2] = {c->a, c->b};
    return side_of_points(pl, c->r, -c->r, e, 2); /* exact, as the sphere's */
}

col_side col_classify_aabb_plane(const col_aabb *b, const col_plane *pl) {
    if (!col__valid_aabb(b) || !col__valid_plane(pl)) return COL_SIDE_INVALID;
    /* The vertex farthest along -n (nearest) and along +n (farthest), each
     * side exact. */
    col_vec3 lo = col_v3(pl->n.x >= 0 ? b->min.x : b->max.x, pl->n.y >= 0 ? b->min.y : b->max.y,
                         pl->n.z >= 0 ? b->min.z : b->max.z);
    col_vec3 hi = col_v3(pl->n.x >= 0 ? b->max.x : b->min.x, pl->n.y >= 0 ? b->max.y : b->min.y,
                         pl->n.z >= 0 ? b->max.z : b->min.z);
    if (col__plane_side(pl->n, pl->d, lo) > 0) return COL_FRONT;
    if (col__plane_side(pl->n, pl->d, hi) < 0) return COL_BACK;
    return COL_STRADDLE;
}

/* The OBB's and the ellipsoid's sides as signs of polynomials of their
 * inputs (exact.h): part 0..2 n . u_k; 3 and 4 the least and the greatest
 * signed distance over the box, n . c - d -+ sum e_k |n . u_k| (|.| by the
 * exact signs in `s`); 5 the ellipsoid's (n . c - d)^2 |n|^2 - sum (n_k r_k)^2. */
typedef struct plane_shape_in {
    const col_plane *pl;
    const col_obb *b;
    const col_ellipsoid *e;
    int part, s[3];
} plane_shape_in;

static col__xd plane_shape_value(col__xs *x, const void *vp) {
    const plane_shape_in *in = vp;
    col__xd3 n = col__xd3_of(x, in->pl->n);
    if (in->part < 3) return col__xd3_dot(x, n, col__xd3_of(x, in->b->u[in->part]));
    col__xd h =
        col__xd_sub(x, col__xd3_dot(x, n, col__xd3_of(x, in->b ? in->b->c : in->e->c)), col__xd_of(x, in->pl->d));
    if (in->part == 5) {
        col__xd3 nr = {col__xd_mul(x, n.x, col__xd_of(x, in->e->r.x)), col__xd_mul(x, n.y, col__xd_of(x, in->e->r.y)),
                       col__xd_mul(x, n.z, col__xd_of(x, in->e->r.z))};
        return col__xd_sub(x, col__xd_mul(x, col__xd_mul(x, h, h), col__xd3_dot(x, n, n)), col__xd3_dot(x, nr, nr));
    }
    for (int k = 0; k < 3; ++k) {
        /* e_k |n . u_k|, the sign applied to e_k (exact: a negation) */
        col_real ek = col_v3_get(in->b->e, k);
        col__xd t =
            col__xd_mul(x, col__xd_of(x, in->s[k] < 0 ? -ek : ek), col__xd3_dot(x, n, col__xd3_of(x, in->b->u[k])));
        h = in->part == 3 ? col__xd_sub(x, h, t) : col__xd_add(x, h, t);
    }
    return h;
}

col_side col_classify_obb_plane(const col_obb *b, const col_plane *pl) {
    if (!col__valid_obb(b) || !col__valid_plane(pl)) return COL_SIDE_INVALID;
    /* Decided exactly (issue 16): the box is c + sum t_k e_k u_k, |t_k| <= 1,
     * with its axes as given; in front when its least signed distance is
     * positive, behind when its greatest is negative. The rounded distances
     * first, with an error bound: 3-term dot products (within 4 eps of
     * their terms' magnitudes), the sums of e_k times them: all within
     * 4 eps (mag + |s0| + r), kept twice over. */
    col_real s0 = col_plane_signed_distance(pl, b->c), r = COL_R(0.0), mag = COL_R(0.0);
    for (int k = 0; k < 3; ++k) {
        col_vec3 u = b->u[k];
        col_real g = col_v3_dot(u, pl->n), ek = col_v3_get(b->e, k);
        r += ek * col_abs(g);
        mag += ek * (col_abs(u.x * pl->n.x) + col_abs(u.y * pl->n.y) + col_abs(u.z * pl->n.z));
    }
    mag += col_abs(pl->n.x * b->c.x) + col_abs(pl->n.y * b->c.y) + col_abs(pl->n.z * b->c.z) + col_abs(pl->d);
    col_real bound = COL_R(8.0) * COL_EPSILON * (mag + col_abs(s0) + r);
    if (!col__exact_always && bound >= FILTER_MIN && bound < COL_R(1e30)) {
        if (s0 - r > bound) return COL_FRONT;
        if (s0 + r < -bound) return COL_BACK;
        if (s0 - r < -bound && s0 + r > bound) return COL_STRADDLE;
    }
    plane_shape_in in = {pl, b, NULL, 0, {0, 0, 0}};
    for (int k = 0; k < 3; ++k) {
        in.part = k;
        in.s[k] = col__xd_sign(plane_shape_value, &in);
    }
    in.part = 3;
    if (col__xd_sign(plane_shape_value, &in) > 0) return COL_FRONT;
    in.part = 4;
    if (col__xd_sign(plane_shape_value, &in) < 0) return COL_BACK;
    return COL_STRADDLE;
}

col_side col_classify_ellipsoid_plane(const col_ellipsoid *e, const col_plane *pl) {
    if (!col__valid_ellipsoid(e) || !col__valid_plane(pl)) return COL_SIDE_INVALID;
    /* Decided exactly (issue 16): the centre's distance is h = n . c - d and
     * the support radius along the unit normal n / |n| is |diag(r) n| / |n|
     * (as a sphere's radius r is compared with h: equal radii are exactly
     * the sphere), so the ellipsoid is in front when h > 0 and
     * h^2 |n|^2 > sum (n_k r_k)^2 (behind: h < 0 and the same); the sign of
     * h and of that polynomial, filtered. The rounded values first: h within
     * 4 eps of its terms' magnitude m, so h^2 within 8 eps m (2 |h| + 4 eps m)
     * + eps h^2, |n|^2 (about 1) and the sum within 4 eps of themselves, the
     * product and difference eps more: 16 eps ((|h| + m)^2 |n|^2 + sum)
     * covers all (twice over). */
    col_real h = col_plane_signed_distance(pl, e->c);
    col_vec3 nr = col_v3(pl->n.x * e->r.x, pl->n.y * e->r.y, pl->n.z * e->r.z);
    col_real k2 = col_v3_len_sq(nr), nn = col_v3_len_sq(pl->n);
    col_real m = col_abs(pl->n.x * e->c.x) + col_abs(pl->n.y * e->c.y) + col_abs(pl->n.z * e->c.z) + col_abs(pl->d);
    col_real q = h * h * nn - k2, bound = COL_R(16.0) * COL_EPSILON * ((col_abs(h) + m) * (col_abs(h) + m) * nn + k2);
    if (!col__exact_always && bound >= FILTER_MIN && bound < COL_R(1e30)) {
        if (q < -bound) return COL_STRADDLE;
        if (q > bound && h > COL_R(8.0) * COL_EPSILON * m) return COL_FRONT;
        if (q > bound && h < -COL_R(8.0) * COL_EPSILON * m) return COL_BACK;
    }
    int sh = col__plane_side(pl->n, pl->d, e->c);
    plane_shape_in in = {pl, NULL, e, 5, {0, 0, 0}};
    if (col__xd_sign(plane_shape_value, &in) <= 0) return COL_STRADDLE;
    return sh > 0 ? COL_FRONT : COL_BACK; /* h^2 |n|^2 > 0, so h != 0 */
}

bool col_overlap_point_plane(const col_point *p, const col_plane *pl) {
    return col_classify_point_plane(p, pl) == COL_STRADDLE;
}
bool col_overlap_segment_plane(const col_segment *s, const col_plane *pl) {
    return col_classify_segment_plane(s, pl) == COL_STRADDLE;
}
bool col_overlap_triangle_plane(const col_triangle *t, const col_plane *pl) {
    return col_classify_triangle_plane(t, pl) == COL_STRADDLE;
}
bool col_overlap_sphere_plane(const col_sphere *s, const col_plane *pl) {
    return col_classify_sphere_plane(s, pl) == COL_STRADDLE;
}
bool col_overlap_capsule_plane(const col_capsule *c, const col_plane *pl) {
    return col_classify_capsule_plane(c, pl) == COL_STRADDLE;
}
bool col_overlap_aabb_plane(const col_aabb *b, const col_plane *pl) {
    return col_classify_aabb_plane(b, pl) == COL_STRADDLE;
}
bool col_overlap_obb_plane(const col_obb *b, const col_plane *pl) {
    return col_classify_obb_plane(b, pl) == COL_STRADDLE;
}
bool col_overlap_ellipsoid_plane(const col_ellipsoid *e, const col_plane *pl) {
    return col_classify_ellipsoid_plane(e, pl) == COL_STRADDLE;
}

/* The point where the edge pq (distances dp, dq of strictly opposite signs)
 * crosses the plane, interpolated from the nearer endpoint so it stays on the
 * edge. */
static col_vec3 edge_crossing(col_vec3 p, col_vec3 q, col_real dp, col_real dq) {
    col_real t = dp / (dp - dq); /* in (0, 1): dp and dq have opposite signs */
    if (t <= COL_R(0.5)) return col_v3_lerp(p, q, t);
    return col_v3_lerp(q, p, dq / (dq - dp));
}

/* The signed distance of x with the exact sign (exact.h): zero exactly when x
 * is on the plane, and where rounding gave the wrong sign (x within an
 * ulp or so of the plane) the smallest value of the right one, so the
 * decisions below are exact and the crossing points stay on their edges. */
static col_real exact_distance(const col_plane *pl, col_vec3 x) {
    int side = col__plane_side(pl->n, pl->d, x);
    col_real d = col_plane_signed_distance(pl, x);
    if (side == 0) return COL_R(0.0);
    if (side > 0 && !(d > COL_R(0.0))) return TRUE_MIN;
    if (side < 0 && !(d < COL_R(0.0))) return -TRUE_MIN;
    return d;
}

col_segment_plane_hit col_intersect_segment_plane(const col_segment *s, const col_plane *pl) {
    col_segment_plane_hit h = {COL_INVALID, 0, {0, 0, 0}, false};
    if (!col__valid_segment(s) || !col__valid_plane(pl)) return h;
    h.status = COL_MISS;
    col_real da = exact_distance(pl, s->a), db = exact_distance(pl, s->b);
    if (da == COL_R(0.0)) {
        h.status = COL_HIT;
        h.point = s->a;
        h.in_plane = db == COL_R(0.0);
        return h;
    }
    if (db == COL_R(0.0)) {
        h.status = COL_HIT;
        h.t = COL_R(1.0);
        h.point = s->b;
        return h;
    }
    if ((da > COL_R(0.0)) == (db > COL_R(0.0))) return h; /* both strictly on one side */
    h.status = COL_HIT;
    h.t = da / (da - db); /* no division by zero: da and db have opposite signs */
    h.point = edge_crossing(s->a, s->b, da, db);
    return h;
}

col_triangle_plane_hit col_intersect_triangle_plane(const col_triangle *t, const col_plane *pl) {
    col_triangle_plane_hit h = {COL_INVALID, COL_SIDE_INVALID, false, {0, 0, 0}, {0, 0, 0}};
    if (!col__valid_triangle(t) || !col__valid_plane(pl)) return h;
    const col_vec3 v[3] = {t->a, t->b, t->c};
    col_real d[3];
    for (int i = 0; i < 3; ++i) d[i] = exact_distance(pl, v[i]);
    h.side = side_of_range(col_min(d[0], col_min(d[1], d[2])), col_max(d[0], col_max(d[1], d[2])));
    if (h.side != COL_STRADDLE) {
        h.status = COL_MISS;
        return h;
    }
    h.status = COL_HIT;
    if (d[0] == COL_R(0.0) && d[1] == COL_R(0.0) && d[2] == COL_R(0.0)) {
        h.coplanar = true;
        h.p = h.q = t->a;
        return h;
    }
    /* Collect the vertices on the plane and the crossings of edges whose ends
     * are strictly on opposite sides; with one vertex not on the plane there
     * are at most two such points. */
    col_vec3 pts[3];
    int n = 0;
    for (int i = 0; i < 3; ++i) {
        int j = (i + 1) % 3;
        if (d[i] == COL_R(0.0)) pts[n++] = v[i];
        if ((d[i] > COL_R(0.0) && d[j] < COL_R(0.0)) || (d[i] < COL_R(0.0) && d[j] > COL_R(0.0)))
            pts[n++] = edge_crossing(v[i], v[j], d[i], d[j]);
    }
    /* n is 1 (touching at a vertex) or 2 (a segment); it cannot exceed 2
     * because one vertex is off the plane. */
    h.p = pts[0];
    h.q = n > 1 ? pts[1] : pts[0];
    return h;
}

col_three_planes_hit col_intersect_three_planes(const col_plane *p1, const col_plane *p2, const col_plane *p3) {
    col_three_planes_hit h = {COL_INVALID, {0, 0, 0}};
    if (!col__valid_plane(p1) || !col__valid_plane(p2) || !col__valid_plane(p3)) return h;
    h.status = COL_MISS;
    col_vec3 n23 = col_v3_cross(p2->n, p3->n), n31 = col_v3_cross(p3->n, p1->n), n12 = col_v3_cross(p1->n, p2->n);
    col_real det = col_v3_dot(p1->n, n23);
    if (det * det <= COL_PARALLEL_TOLERANCE) return h;
    col_vec3 x = col_v3_add(col_v3_add(col_v3_scale(n23, p1->d), col_v3_scale(n31, p2->d)), col_v3_scale(n12, p3->d));
    h.point = col_v3_scale(x, COL_R(1.0) / det);
    h.status = COL_HIT;
    return h;
}

col_line_line_result col_closest_points_lines(const col_line *l1, const col_line *l2) {
    col_line_line_result r = {COL_INVALID, false, 0, 0, {0, 0, 0}, {0, 0, 0}};
    if (!col_line_is_valid(l1) || !col_line_is_valid(l2)) return r;
    r.status = COL_HIT;
    /* Work with unit directions (a = e = 1), then convert the parameters back
     * to the given directions: no product of four lengths is formed. */
    col_real len1 = col_v3_len(l1->d), len2 = col_v3_len(l2->d);
    col_vec3 u1 = col_v3_scale(l1->d, COL_R(1.0) / len1), u2 = col_v3_scale(l2->d, COL_R(1.0) / len2);
    col_vec3 w = col_v3_sub(l1->p, l2->p);
    col_real b = col_v3_dot(u1, u2), c = col_v3_dot(u1, w), f = col_v3_dot(u2, w);
    col_real denom = col_v3_len_sq(col_v3_cross(u1, u2)); /* sin^2 of the angle, >= 0 */
    col_real s, t;
    if (denom <= COL_PARALLEL_TOLERANCE) {
        r.parallel = true;
        s = COL_R(0.0);
        t = f;
    } else {
        s = (b * f - c) / denom;
        t = (f - b * c) / denom;
    }
    r.pa = col_v3_madd(l1->p, s, u1);
    r.pb = col_v3_madd(l2->p, t, u2);
    r.s = s / len1;
    r.t = t / len2;
    return r;
}

/* ---- col_classify (collide/shape.h): a col_shape against a plane ---- */

bool col_classify_supported(col_shape_kind kind) {
    return col__kind_ok(kind) && kind != COL_SHAPE_PLANE && !col_shape_kind_is_2d(kind);
}

col_side col_classify(const col_shape *s, const col_plane *pl) {
    switch (s->kind) {
    case COL_SHAPE_POINT: return col_classify_point_plane(&s->u.point, pl);
    case COL_SHAPE_SEGMENT: return col_classify_segment_plane(&s->u.segment, pl);
    case COL_SHAPE_TRIANGLE: return col_classify_triangle_plane(&s->u.triangle, pl);
    case COL_SHAPE_SPHERE: return col_classify_sphere_plane(&s->u.sphere, pl);
    case COL_SHAPE_CAPSULE: return col_classify_capsule_plane(&s->u.capsule, pl);
    case COL_SHAPE_AABB: return col_classify_aabb_plane(&s->u.aabb, pl);
    case COL_SHAPE_OBB: return col_classify_obb_plane(&s->u.obb, pl);
    case COL_SHAPE_ELLIPSOID: return col_classify_ellipsoid_plane(&s->u.ellipsoid, pl);
    case COL_SHAPE_POLYTOPE: {
        /* the extent of the points along the normal */
        if (!col_polytope_is_valid(&s->u.polytope) || !col__valid_plane(pl)) return COL_SIDE_INVALID;
        col_real lo = col_plane_signed_distance(pl, s->u.polytope.points[0]), hi = lo;
        for (int i = 1; i < s->u.polytope.count; ++i) {
            col_real d = col_plane_signed_distance(pl, s->u.polytope.points[i]);
            lo = col_min(lo, d);
            hi = col_max(hi, d);
        }
        return lo > COL_R(0.0) ? COL_FRONT : (hi < COL_R(0.0) ? COL_BACK : COL_STRADDLE);
    }
    default: return COL_SIDE_INVALID;
    }
}
