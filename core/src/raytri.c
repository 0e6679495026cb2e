/*
 * Ray-triangle casts (collide/raycast.h): watertight (Woop et al. 2013),
 * Möller-Trumbore and Badouel. The three share the handling of the cases
 * none of the textbook listings covers: a point query (delta = 0), a
 * degenerate triangle, and a ray lying in the triangle's plane.
 */
#include "exact.h"
#include "ray.h"

/* Everything the three methods agree on, computed once. */
typedef struct tri_case {
    col_vec3 a, b, c;
    col_vec3 n;  /* (b - a) x (c - a), not normalized */
    col_real nd; /* n . delta: < 0 front face, > 0 back face, 0 parallel */
} tri_case;

/* The normal reported for a hit: unit, facing the ray's origin. */
static col_vec3 facing(const tri_case *tc) {
    col_vec3 u = col__unit_or(tc->n, col_v3(0, 0, 0));
    return tc->nd > COL_R(0.0) ? col_v3_neg(u) : u;
}

/* 2D cross product of the components (i, j). */
static col_real cross2(col_vec3 p, col_vec3 q, int i, int j) {
    return col_v3_get(p, i) * col_v3_get(q, j) - col_v3_get(p, j) * col_v3_get(q, i);
}

/* A ray lying in the triangle's plane, or within rounding of it, origin off
 * the triangle: the first edge it reaches, solved in the 2D plane of the two
 * axes the normal points least along; t = 0 where the origin lies within the
 * triangle there (within rounding of the triangle in 3D, the ray's line
 * being within rounding of the plane). */
static col_ray_hit coplanar(const col_ray *r, const tri_case *tc) {
    int k = 0;
    col_vec3 an = col_v3_abs(tc->n);
    if (an.y > an.x) k = 1;
    if (an.z > col_v3_get(an, k)) k = 2;
    int i = (k + 1) % 3, j = (k + 2) % 3;
    const col_vec3 v[3] = {tc->a, tc->b, tc->c};
    col_real area = cross2(col_v3_sub(v[1], v[0]), col_v3_sub(v[2], v[0]), i, j);
    bool in = area != COL_R(0.0);
    for (int e = 0; e < 3; ++e)
        in = in && cross2(col_v3_sub(v[(e + 1) % 3], v[e]), col_v3_sub(r->origin, v[e]), i, j) * area >= COL_R(0.0);
    if (in) return col__ray_accept(r, COL_R(0.0), col__unit_or(tc->n, col_v3(0, 0, 0)));
    col_real best = COL_REAL_MAX;
    bool found = false;
    for (int e = 0; e < 3; ++e) {
        col_vec3 p = v[e], q = v[(e + 1) % 3];
        col_vec3 ed = col_v3_sub(q, p), w = col_v3_sub(p, r->origin);
        col_real den = cross2(r->delta, ed, i, j);
        if (den != COL_R(0.0)) {
            col_real t = cross2(w, ed, i, j) / den, s = cross2(w, r->delta, i, j) / den;
            if (s >= COL_R(0.0) && s <= COL_R(1.0) && t >= COL_R(0.0) && t < best) {
                best = t;
                found = true;
            }
        } else if (cross2(w, r->delta, i, j) == COL_R(0.0)) {
            /* the ray runs along this edge's line: it reaches the nearer endpoint */
            col_real dd = col_v3_len_sq(r->delta);
            if (!(dd > COL_R(0.0))) continue; /* a direction too small to square */
            for (int m = 0; m < 2; ++m) {
                col_real t = col_v3_dot(col_v3_sub(m ? q : p, r->origin), r->delta) / dd;
                if (t >= COL_R(0.0) && t < best) {
                    best = t;
                    found = true;
                }
            }
        }
    }
    if (!found) return col__ray_miss();
    return col__ray_accept(r, best, col__unit_or(tc->n, col_v3(0, 0, 0)));
}

/* Validation and the shared special cases. Returns true when *out is final. */
static bool prepare(const col_ray *r, const col_triangle *t, col_triangle_sides sides, tri_case *tc, col_ray_hit *out) {
    if (!col__valid_ray(r) || !col__valid_triangle(t)) {
        *out = col__ray_invalid();
        return true;
    }
    tc->a = t->a;
    tc->b = t->b;
    tc->c = t->c;
    col_vec3 n = col_v3_cross(col_v3_sub(t->b, t->a), col_v3_sub(t->c, t->a));
    /* Degenerate, or so thin that the normal from vertex a rounds to zero. */
    if (col__triangle_is_flat(t->a, t->b, t->c, col_v3_len_sq(n))) {
        /* its longest edge, decided as col_raycast_triangle decides it */
        col_segment e;
        col__triangle_longest_edge(t->a, t->b, t->c, &e.a, &e.b);
        *out = col_raycast_segment(r, &e);
        return true;
    }
    if (col__segment_meets_triangle_at(&r->origin, &r->origin, t)) { /* exactly, as the static tests */
        *out = col__ray_inside(r);
        return true;
    }
    if (col_v3_len_sq(r->delta) == COL_R(0.0)) {
        *out = col__ray_miss(); /* a point query outside the triangle */
        return true;
    }
    tc->n = n;
    tc->nd = col_v3_dot(n, r->delta);
    if (tc->nd == COL_R(0.0)) {
        /* parallel to the plane: in it, or off it */
        bool in_plane = col_v3_dot(tc->n, col_v3_sub(r->origin, t->a)) == COL_R(0.0);
        *out = in_plane && sides == COL_TWO_SIDED ? coplanar(r, tc) : col__ray_miss();
        return true;
    }
    if (sides == COL_CULL_BACKFACES && tc->nd > COL_R(0.0)) {
        *out = col__ray_miss();
        return true;
    }
    return false;
}

#if defined(COLLIDE_REAL_FLOAT) && COLLIDE_REAL_FLOAT
typedef double wide_real; /* the float build recomputes zero edge functions in double */
#else
typedef long double wide_real; /* the double build in long double (80-bit on x86) */
#endif

static col_ray_hit watertight(const col_ray *r, const tri_case *tcp);

/* A ray with a finite max_t hits exactly when the static test says the
 * segment from the origin to origin + max_t delta meets the triangle
 * (exact.h: at an edge, a vertex, or at t = max_t too), at the fraction of
 * max_t where the segment meets the plane (a ray in the plane, or within
 * rounding of it: the first edge it reaches; an origin on the triangle:
 * inside). */
static col_ray_hit segment_cast(const col_ray *r, const col_triangle *t, col_vec3 n, col_triangle_sides sides,
                                col_vec3 end, int filter) {
    col_real f;
    if (!col__segment_triangle_filtered_at(&r->origin, &end, t, filter, &f)) return col__ray_miss();
    if (f <= COL_R(0.0) && col__segment_meets_triangle_at(&r->origin, &r->origin, t)) return col__ray_inside(r);
    tri_case tc = {t->a, t->b, t->c, n, 0};
    tc.nd = col_v3_dot(tc.n, r->delta);
    if (sides == COL_CULL_BACKFACES && !(tc.nd < COL_R(0.0))) return col__ray_miss();
    /* In the plane, or within rounding of it (f -1), or an origin within
     * rounding of it (f 0): the plane's 2D cast. n . delta may round to 0
     * or not there (a ray along the line x = y = z through two vertices
     * got a rounded n . delta of 1e-13; a ray from 7e30 along x = y = z,
     * down an edge from its vertex there to one 2^-815 off the origin,
     * within rounding of the plane, took t = 0, 3.5e30 from the triangle:
     * fuzz_world findings, regressions/world/kdop-clipped-ray-skips-a-
     * triangle-its-origin-lies-on). f 0 with the origin off the triangle
     * (tested exactly above) is a hit near 0, not the origin's. */
    if (tc.nd == COL_R(0.0) || f <= COL_R(0.0)) {
        col_ray_hit h = coplanar(r, &tc);
        if (h.status == COL_HIT) return h;
    }
    col_ray_hit h = col__ray_accept(r, col_min(col_max(f, COL_R(0.0)) * r->max_t, r->max_t), facing(&tc));
    return h.status == COL_HIT ? h : col__ray_accept(r, COL_R(0.0), facing(&tc));
}

/* A ray without end hits exactly when its line crosses the triangle's
 * closed set ahead of the origin (exact.h: at an edge or a vertex too);
 * the watertight test gives t wherever it agrees, the plane elsewhere (a
 * boundary it rounds the other way). A ray lying in the plane is the 2D
 * case of the other casts; an origin on the triangle is inside. */
static col_ray_hit endless_cast(const col_ray *r, const col_triangle *t, col_vec3 n, col_triangle_sides sides) {
    if (col__segment_meets_triangle_at(&r->origin, &r->origin, t)) return col__ray_inside(r);
    if (r->delta.x == COL_R(0.0) && r->delta.y == COL_R(0.0) && r->delta.z == COL_R(0.0))
        return col__ray_miss(); /* a point query outside the triangle */
    tri_case tc = {t->a, t->b, t->c, n, col_v3_dot(n, r->delta)};
    int face;
    int m = col__ray_meets_triangle(r->origin, r->delta, t->a, t->b, t->c, &face);
    if (m < 0) return sides == COL_TWO_SIDED ? coplanar(r, &tc) : col__ray_miss();
    if (m == 0 || (sides == COL_CULL_BACKFACES && face > 0)) return col__ray_miss();
    if (tc.nd != COL_R(0.0)) {
        col_ray_hit h = watertight(r, &tc);
        if (h.status == COL_HIT) return h;
        h = col__ray_accept(r, col_max(col_v3_dot(n, col_v3_sub(t->a, r->origin)) / tc.nd, COL_R(0.0)), facing(&tc));
        if (h.status == COL_HIT) return h;
    }
    /* n . delta rounds to 0 though it is not (a ray all but parallel to the
     * plane, meeting it at a t beyond what col_real holds, or whose point
     * overflows): no hit can be reported */
    return col__ray_miss();
}

col_ray_hit col_raycast_triangle(const col_ray *r, const col_triangle *t, col_triangle_sides sides) {
    if (!col__valid_ray(r) || !col__valid_triangle(t)) return col__ray_invalid();
    /* A ray with an end: its segment's filter first, whose miss is the
     * common answer (it holds for any triangle, so for the longest edge
     * below too: exact signs), before the normal */
    col_vec3 end = r->origin; /* (set by col__ray_end where has_end) */
    bool finite = r->max_t <= COL_REAL_MAX, has_end = finite && col__ray_end(r, &end);
    int filter = has_end ? col__segment_triangle_filter_at(&r->origin, &end, t) : 2;
    if (filter == 0) return col__ray_miss();
    col_vec3 n = col_v3_cross(col_v3_sub(t->b, t->a), col_v3_sub(t->c, t->a));
    /* degenerate, or so thin that its normal underflows: its longest edge */
    if (col__triangle_is_flat(t->a, t->b, t->c, col_v3_len_sq(n))) {
        /* decided as that segment's cast decides (exactly for a finite
         * max_t): the cast alone called a ray passing 3e-163 beside a
         * triangle of three equal points at the origin inside it, where
         * every square underflows (a fuzz_world finding) */
        col_segment e;
        col__triangle_longest_edge(t->a, t->b, t->c, &e.a, &e.b);
        return col_raycast_segment(r, &e);
    }
    if (!finite) return endless_cast(r, t, n, sides);
    return has_end ? segment_cast(r, t, n, sides, end, filter) : col__ray_miss(); /* an end that overflows */
}

/* The watertight cast proper (Woop et al.), for rays without end: the hit,
 * or a miss, as floating point decides it. */
static col_ray_hit watertight(const col_ray *r, const tri_case *tcp) {
    const tri_case tc = *tcp;
    /* Ray space: kz is the dominant axis of delta; kx, ky keep the winding. */
    col_vec3 ad = col_v3_abs(r->delta);
    int kz = 0;
    if (ad.y > ad.x) kz = 1;
    if (ad.z > col_v3_get(ad, kz)) kz = 2;
    int kx = (kz + 1) % 3, ky = (kx + 1) % 3;
    if (col_v3_get(r->delta, kz) < COL_R(0.0)) {
        int tmp = kx;
        kx = ky;
        ky = tmp;
    }
    col_real dz = col_v3_get(r->delta, kz); /* non-zero: delta is not zero */
    col_real sx = col_v3_get(r->delta, kx) / dz, sy = col_v3_get(r->delta, ky) / dz;
    col_vec3 A = col_v3_sub(tc.a, r->origin), B = col_v3_sub(tc.b, r->origin), C = col_v3_sub(tc.c, r->origin);
    /* Shear and scale the vertices into ray space. */
    col_real ax = col_v3_get(A, kx) - sx * col_v3_get(A, kz), ay = col_v3_get(A, ky) - sy * col_v3_get(A, kz);
    col_real bx = col_v3_get(B, kx) - sx * col_v3_get(B, kz), by = col_v3_get(B, ky) - sy * col_v3_get(B, kz);
    col_real cx = col_v3_get(C, kx) - sx * col_v3_get(C, kz), cy = col_v3_get(C, ky) - sy * col_v3_get(C, kz);
    /* Edge functions: the same two vertices give the same value (up to sign)
     * in every triangle that shares them. */
    col_real U = cx * by - cy * bx, V = ax * cy - ay * cx, W = bx * ay - by * ax;
    if (U == COL_R(0.0) || V == COL_R(0.0) || W == COL_R(0.0)) {
        wide_real cxby = (wide_real)cx * (wide_real)by, cybx = (wide_real)cy * (wide_real)bx;
        wide_real axcy = (wide_real)ax * (wide_real)cy, aycx = (wide_real)ay * (wide_real)cx;
        wide_real bxay = (wide_real)bx * (wide_real)ay, byax = (wide_real)by * (wide_real)ax;
        U = (col_real)(cxby - cybx);
        V = (col_real)(axcy - aycx);
        W = (col_real)(bxay - byax);
    }
    if ((U < COL_R(0.0) || V < COL_R(0.0) || W < COL_R(0.0)) && (U > COL_R(0.0) || V > COL_R(0.0) || W > COL_R(0.0)))
        return col__ray_miss();
    col_real det = U + V + W;
    if (det == COL_R(0.0)) return col__ray_miss(); /* edge-on within rounding: the plane test decided parallel */
    /* divisions, not a reciprocal: 1 / dz overflows for a denormal dz */
    col_real az = col_v3_get(A, kz) / dz, bz = col_v3_get(B, kz) / dz, cz = col_v3_get(C, kz) / dz;
    col_real T = U * az + V * bz + W * cz;
    return col__ray_accept(r, T / det, facing(&tc));
}

col_ray_hit col_raycast_triangle_mt(const col_ray *r, const col_triangle *t, col_triangle_sides sides) {
    tri_case tc;
    col_ray_hit out;
    if (prepare(r, t, sides, &tc, &out)) return out;
    col_vec3 e1 = col_v3_sub(tc.b, tc.a), e2 = col_v3_sub(tc.c, tc.a);
    col_vec3 p = col_v3_cross(r->delta, e2);
    col_real det = col_v3_dot(e1, p);
    if (det == COL_R(0.0)) return col__ray_miss();
    col_vec3 s = col_v3_sub(r->origin, tc.a);
    /* Divisions rather than a reciprocal: no 0 * inf for a tiny det. */
    col_real u = col_v3_dot(s, p) / det;
    if (!(u >= COL_R(0.0) && u <= COL_R(1.0))) return col__ray_miss();
    col_vec3 q = col_v3_cross(s, e1);
    col_real v = col_v3_dot(r->delta, q) / det;
    if (!(v >= COL_R(0.0) && u + v <= COL_R(1.0))) return col__ray_miss();
    return col__ray_accept(r, col_v3_dot(e2, q) / det, facing(&tc));
}

col_ray_hit col_raycast_triangle_badouel(const col_ray *r, const col_triangle *t, col_triangle_sides sides) {
    tri_case tc;
    col_ray_hit out;
    if (prepare(r, t, sides, &tc, &out)) return out;
    /* The plane hit; nd != 0 here. */
    col_real tt = col_v3_dot(tc.n, col_v3_sub(tc.a, r->origin)) / tc.nd;
    if (!(tt >= COL_R(0.0) && tt <= r->max_t)) return col__ray_miss();
    col_vec3 P = col_v3_madd(r->origin, tt, r->delta);
    /* Project on the plane of the two axes the normal points least along. */
    col_vec3 absn = col_v3_abs(tc.n);
    int k = 0;
    if (absn.y > absn.x) k = 1;
    if (absn.z > col_v3_get(absn, k)) k = 2;
    int i1 = (k + 1) % 3, i2 = (k + 2) % 3;
    col_real u0 = col_v3_get(P, i1) - col_v3_get(tc.a, i1), v0 = col_v3_get(P, i2) - col_v3_get(tc.a, i2);
    col_real u1 = col_v3_get(tc.b, i1) - col_v3_get(tc.a, i1), v1 = col_v3_get(tc.b, i2) - col_v3_get(tc.a, i2);
    col_real u2 = col_v3_get(tc.c, i1) - col_v3_get(tc.a, i1), v2 = col_v3_get(tc.c, i2) - col_v3_get(tc.a, i2);
    /* P = a + alpha (b - a) + beta (c - a) in the projection, with closed
     * tests: alpha = (u0 v2 - v0 u2) / den and beta = (v0 u1 - u0 v1) / den
     * (Cramer's rule) are compared through their numerators and the
     * denominator, so no division rounds a point on an edge off it. */
    col_real den = v2 * u1 - u2 * v1; /* twice the projected area: non-zero for a non-degenerate triangle */
    if (den == COL_R(0.0)) return col__ray_miss();
    col_real bn = v0 * u1 - u0 * v1; /* beta * den */
    col_real an = u0 * v2 - v0 * u2; /* alpha * den */
    if (den < COL_R(0.0)) {
        den = -den;
        bn = -bn;
        an = -an;
    }
    if (!(an >= COL_R(0.0) && bn >= COL_R(0.0) && an + bn <= den)) return col__ray_miss();
    return col__ray_accept(r, tt, facing(&tc));
}
