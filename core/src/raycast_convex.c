/*
 * col_raycast_polytope (collide/raycast.h): a ray against the convex hull of
 * a point set by GJK ray casting (van den Bergen, "Ray Casting against
 * General Convex Objects with Application to Continuous Collision
 * Detection", 2004), decided as the static test decides (issue 16); and
 * col_raycast (collide/shape.h), every kind: the polytope here, the others
 * through raycast_dispatch.c.
 */
#include "convex.h"
#include "ray.h"

/* The cast's answer in the ray's frame: hit (t, the unit normal n facing
 * the ray), or the origin within tolerance of the hull (inside), or a miss. */
typedef struct gjk_cast {
    bool hit, inside;
    col_real t;
    col_vec3 n;
} gjk_cast;

/* Whether the plane through b0 with normal fn (not zero, facing the ray)
 * supports C: no point of C beyond it by more than GJK's size tolerance.
 * *u gets fn as a unit vector. */
static bool plane_supports(const col__proxy *C, col_vec3 b0, col_vec3 fn, col_vec3 *u) {
    *u = col__unit_or(fn, col_v3(0, 0, 0));
    col_real beyond = col_v3_dot(*u, col_v3_sub(col__proxy_support(C, *u), b0));
    return beyond <= COL_GJK_SIZE_TOLERANCE * C->size;
}

/*
 * A stall at an edge b0 b1 of the hull beside a face b0 b1 p that the
 * simplex solver could not take in (the point x's foot on the face's plane
 * lies inside the face by less than its rounding resolves: x 7.5e-4 from a
 * face 1000 across, its foot 7.5e-10 inside the face's edge, the edge's v
 * off the face's normal by 1e-6 rad, and p, 1000 away along the face, on
 * x's side of the plane normal to v by 5e-8; a ray at a slant of 0.03,
 * ending on that edge, stopped at t = 0.99996, 7.5e-4 from the hull:
 * fuzz/regressions/distance/grazing-ray-stops-short-of-a-polytope-it-
 * reaches-at-its-end). Where the face's plane supports the hull and the
 * ray crosses it ahead of the cast, within the face (to GJK's size
 * tolerance), that crossing is the entry: *tp and the face's normal *n.
 */
static bool beside_face(const col__proxy *C, col_vec3 b0, col_vec3 b1, col_vec3 p, col_vec3 d, col_real t, col_real *tp,
                        col_vec3 *n) {
    col_vec3 fn = col_v3_cross(col_v3_sub(b1, b0), col_v3_sub(p, b0));
    col_real den = col_v3_dot(fn, d);
    if (den == COL_R(0.0)) return false;
    col_real tc = col_v3_dot(fn, b0) / den;
    if (!(tc >= t)) return false; /* behind the cast (NaN too) */
    if (den > COL_R(0.0)) fn = col_v3_neg(fn);
    col_vec3 u;
    if (!plane_supports(C, b0, fn, &u)) return false;
    /* the crossing within the face: outside no edge by more than the tolerance */
    col_vec3 X = col_v3_scale(d, tc);
    const col_vec3 v[3] = {b0, b1, p};
    col_real tol = COL_GJK_SIZE_TOLERANCE * C->size;
    col_real sense =
        col_v3_dot(u, col_v3_cross(col_v3_sub(b1, b0), col_v3_sub(p, b0))) > COL_R(0.0) ? COL_R(1.0) : COL_R(-1.0);
    for (int i = 0; i < 3; ++i) {
        col_vec3 e = col_v3_sub(v[(i + 1) % 3], v[i]);
        col_real le = col_v3_len(e);
        /* the signed distance of X inside the edge, in the face's plane */
        col_real in = sense * col_v3_dot(u, col_v3_cross(e, col_v3_sub(X, v[i])));
        if (!(le > COL_R(0.0)) || !(in >= -tol * le)) return false;
    }
    *tp = tc;
    *n = u;
    return true;
}

/*
 * The last steps of a cast, where GJK's steps stall: near the hull, the
 * sign of v . w is noise once |v|^2 falls below the rounding of v . w (eps
 * |v| |w|, w as large as the hull), so the cast stops up to about sqrt(eps)
 * of the hull's size short of it (a ray 1.6e-5 short of a face 1000 across
 * in fuzz_distance). Its final simplex is the hull's feature the ray enters
 * through (three points: a face, two: an edge, one: a vertex); the ray's
 * crossing of that face's plane, or its closest approach to that edge
 * (its line, or the end nearest it) or that vertex, is the entry to rounding. Taken where it lies ahead
 * of the cast's t (a lower bound: t never passes the hull), for a face
 * whose plane supports the hull, for an edge or a vertex no more than the
 * stall can leave (below); a face also gives its normal, facing the ray.
 * beside (may be NULL): a support point the solver dropped at the stall,
 * which with an edge may make the face the ray enters by (beside_face).
 */
static void polish(const col__proxy *C, const simplex *s, col_vec3 d, col_real max_t, const col_vec3 *beside,
                   gjk_cast *out) {
    col_real dd = col_v3_dot(d, d), tp = out->t;
    if (!(dd > COL_R(0.0))) return;
    col_vec3 b0 = s->v[0].b, fn = col_v3(0, 0, 0);
    if (s->n == 2 && beside) {
        col_vec3 fu;
        if (beside_face(C, b0, s->v[1].b, *beside, d, out->t, &tp, &fu)) {
            out->t = tp < max_t ? tp : max_t;
            out->n = fu;
            return;
        }
    }
    if (s->n == 3) {
        fn = col_v3_cross(col_v3_sub(s->v[1].b, b0), col_v3_sub(s->v[2].b, b0));
        col_real den = col_v3_dot(fn, d);
        if (den == COL_R(0.0)) return;
        tp = col_v3_dot(fn, b0) / den;
        if (den > COL_R(0.0)) fn = col_v3_neg(fn); /* facing the ray */
    } else if (s->n == 2) {
        col_vec3 e = col_v3_sub(s->v[1].b, b0);
        col_real de = col_v3_dot(d, e), ee = col_v3_dot(e, e), db = col_v3_dot(d, b0), eb = col_v3_dot(e, b0);
        col_real den = dd * ee - de * de;
        if (!(den > COL_R(0.0))) return;
        /* the edge's point nearest the ray's line, as a fraction se / den
         * of the edge: beyond an end, that end's vertex is the feature (the
         * line's nearest point lies off the edge, where the ray need not
         * come near the hull) */
        col_real se = de * db - dd * eb;
        if (se < COL_R(0.0)) {
            tp = db / dd;
        } else if (se > den) {
            tp = col_v3_dot(d, s->v[1].b) / dd;
        } else {
            tp = (db * ee - de * eb) / den;
        }
    } else {
        tp = col_v3_dot(d, b0) / dd;
    }
    if (!(tp >= out->t)) return; /* behind the cast's lower bound (NaN too) */
    if (s->n == 3) {
        /* a face: where its plane supports the hull (no point beyond it by
         * more than GJK's size tolerance), the ray cannot enter before
         * crossing it, however far the stall left the cast (a ray at a
         * slant of 0.004 to a face stopped 2e-3 short of it, 500 out) */
        col_vec3 u; /* outward: facing the ray */
        if (!plane_supports(C, b0, fn, &u)) return;
        out->n = col__unit_or(fn, out->n);
    } else {
        /* an edge or a vertex: no plane to check; taken within the stall's
         * reach of the cast (64 sqrt(eps) of the size, along the ray) */
        col_real slack = COL_R(64.0) * col_sqrt(COL_EPSILON) * C->size / col_sqrt(dd);
        if (!(tp <= out->t + slack)) return;
    }
    out->t = tp < max_t ? tp : max_t;
}

/*
 * GJK ray casting of the ray t d (t in [0, max_t]) from the frame's origin
 * against the core of C. The ray's point x = t d stands still while GJK
 * looks for the closest point v of x - C (the simplex holds C's support
 * points, each with w = x - p); where a support point p along v proves the
 * plane through p normal to v separates x from C (v . (x - p) > 0), x
 * advances along the ray to that plane, t -= v . w / v . d, which never
 * passes C's first point, and the simplex's w are taken anew from the moved
 * x. A ray moving along or away from such a plane (v . d >= 0) misses, as
 * one whose advance passes max_t. It stops at the hull once |v| is within
 * the size tolerance (base.h) of the problem's scale, the simplex contains
 * x, or no step makes progress (x then lies on the hull to rounding). The
 * normal is the separating v of the last advance (none: inside).
 */
static gjk_cast gjk_raycast(const col__proxy *C, col_vec3 d, col_real max_t) {
    gjk_cast out = {false, false, COL_R(0.0), {0, 0, 0}};
    const col_real eps = COL_GJK_SIZE_TOLERANCE * C->size;
    col_real t = COL_R(0.0);
    col_vec3 x = col_v3(0, 0, 0), n = col_v3(0, 0, 0);
    bool advanced = false;
    /* the start: the simplex of C's point first along the ray, v its
     * closest point to x (every v below is its simplex's closest point, so
     * a step without progress means x is on the hull to rounding) */
    int id0;
    col_vec3 p0 = col__proxy_support_id(C, col_v3_neg(d), &id0);
    simplex s;
    svert first = {col_v3_neg(p0), x, p0, -1, id0};
    s.v[0] = first;
    s.bc[0] = COL_R(1.0);
    s.n = 1;
    col_vec3 v = first.w;
    col_real vv = col_v3_dot(v, v);
    col_vec3 dropped = col_v3(0, 0, 0);
    bool has_dropped = false;
    for (int it = 0; it < COL_GJK_MAX_ITERATIONS; ++it) {
        if (!(vv > eps * eps)) break; /* on the hull (NaN: stop, decided below) */
        int id;
        col_vec3 p = col__proxy_support_id(C, v, &id);
        col_vec3 w = col_v3_sub(x, p);
        col_real vw = col_v3_dot(v, w);
        /* a separating plane only where v . w exceeds its own rounding (v
         * carries the simplex's, w the hull's size): near the hull a noisy
         * v along a grazing ray would advance far past the entry (a ray at
         * a slant of 0.002 went from 1e-6 before the entry to 0.43) */
        col_real noise = COL_R(32.0) * COL_EPSILON * col_sqrt(vv) * (col_abs(w.x) + col_abs(w.y) + col_abs(w.z));
        bool apart = vw > noise;
        if (apart) {
            col_real vd = col_v3_dot(v, d);
            if (!(vd < COL_R(0.0))) return out; /* moving along or away from a separating plane */
            /* to the plane less v . w's rounding: a ray nearly along the
             * plane would cross its rounded place past the hull's point in
             * it (a ray aimed at a vertex, the first plane through it at a
             * slant of 1e-6, went 3.3e-7 past the vertex at size 1000:
             * fuzz/regressions/distance/polytope-ray-past-a-vertex-on-a-
             * grazed-plane) */
            t -= (vw - noise) / vd;
            if (!(t <= max_t)) return out; /* beyond the end (NaN too) */
            x = col_v3_scale(d, t);
            n = v;
            advanced = true;
            for (int i = 0; i < s.n; ++i) {
                s.v[i].a = x;
                s.v[i].w = col_v3_sub(x, s.v[i].b);
            }
        }
        bool dup = false;
        for (int i = 0; i < s.n; ++i) dup = dup || col__same_point(s.v[i].b, p);
        if (dup && !apart) break; /* no new point and no advance: on the hull to rounding */
        if (!dup) {
            svert sv = {col_v3_sub(x, p), x, p, -1, id}; /* w at the moved x */
            s.v[s.n++] = sv;
        }
        col_vec3 v2;
        bool in = col__simplex_closest(&s, &v2);
        col_real vv2 = col_v3_dot(v2, v2);
        if (in) break; /* x in C */
        if (!apart && !(vv2 < vv)) {
            /* no progress at a standing x: a new point the solver dropped
             * may be a face beside the simplex's edge (polish) */
            bool kept = false;
            for (int i = 0; i < s.n; ++i) kept = kept || col__same_point(s.v[i].b, p);
            if (!dup && !kept) {
                dropped = p;
                has_dropped = true;
            }
            break;
        }
        v = v2;
        vv = vv2;
    }
    out.hit = true;
    out.inside = !advanced;
    out.t = t;
    out.n = col__unit_or_along(n, col_v3_neg(d), col_v3(0, 0, 0));
    /* stalled where it started (a stall at the origin: x within sqrt(eps)
     * of the size of a face it grazes) or later: the final simplex's
     * feature gives the entry */
    polish(C, &s, d, max_t, has_dropped ? &dropped : NULL, &out);
    if (out.t > COL_R(0.0)) out.inside = false;
    return out;
}

/* The segment [p, q] as a shape. */
static col_shape segment_shape(col_vec3 p, col_vec3 q) {
    col_shape s;
    memset(&s, 0, sizeof s);
    s.kind = COL_SHAPE_SEGMENT;
    s.u.segment.a = p;
    s.u.segment.b = q;
    return s;
}

col_ray_hit col_raycast_polytope(const col_ray *r, const col_polytope *p) {
    if (!col__valid_ray(r) || !col_polytope_is_valid(p)) return col__ray_invalid();
    col_shape hull;
    memset(&hull, 0, sizeof hull);
    hull.kind = COL_SHAPE_POLYTOPE;
    hull.u.polytope = *p;
    col__proxy C;
    col__proxy_make(&hull, r->origin, col_v3(0, 0, 0), &C); /* the frame at the origin */
    gjk_cast c = gjk_raycast(&C, r->delta, r->max_t);
    col_vec3 end;
    if (!col__ray_end(r, &end)) { /* a ray without end: the cast's own decision */
        if (!c.hit) return col__ray_miss();
        return c.inside ? col__ray_inside(r) : col__ray_accept(r, c.t, c.n);
    }
    /* The decision is the static test's (col_overlap of the segment and the
     * hull, which is col__overlap_by_distance: issue 16's contract that a
     * hit is a meeting segment); the inside flag that of the origin alone. */
    col_shape seg = segment_shape(r->origin, end);
    if (!col__overlap_by_distance(&seg, &hull)) return col__ray_miss();
    col_shape origin = segment_shape(r->origin, r->origin);
    if (col__overlap_by_distance(&origin, &hull)) return col__ray_inside(r);
    if (c.hit && !c.inside) {
        col_ray_hit h = col__ray_accept(r, c.t < r->max_t ? c.t : r->max_t, c.n);
        if (h.status == COL_HIT) return h;
    }
    col_vec3 against = col__unit_or(col_v3_neg(r->delta), col_v3(0, 0, 0));
    if (c.hit && c.inside) {
        /* the cast stopped at the origin, within GJK's tolerance of the
         * hull, which the static test puts outside it: the entry is there,
         * to the tolerance (the overlap's common point would be anywhere in
         * it: a grazing ray's went from t = 1e-6 to 0.43) */
        col_distance_result d0 = col_distance(&origin, &hull);
        col_vec3 n0 = col__unit_or(col_v3_sub(d0.point_a, d0.point_b), against);
        return col__ray_accept(r, COL_R(0.0), col_v3_dot(n0, r->delta) <= COL_R(0.0) ? n0 : against);
    }
    /* The cast missed (a graze, or an end on the hull, within its
     * tolerance): the segment's closest approach, clamped, with the normal
     * from the hull's closest point. */
    col_distance_result dr = col_distance(&seg, &hull);
    col_real dd = col_v3_dot(r->delta, r->delta), t = COL_R(0.0);
    if (dd > COL_R(0.0)) t = col_v3_dot(col_v3_sub(dr.point_a, r->origin), r->delta) / dd;
    if (!(t >= COL_R(0.0))) t = COL_R(0.0);
    if (t > r->max_t) t = r->max_t;
    col_vec3 nr = col__unit_or(col_v3_sub(dr.point_a, dr.point_b), against);
    return col__ray_accept(r, t, col_v3_dot(nr, r->delta) <= COL_R(0.0) ? nr : against);
}

col_ray_hit col_raycast_kind(col_shape_kind kind, const void *shape, const col_ray *r) {
    if (!shape) return col__ray_invalid();
    if (kind == COL_SHAPE_POLYTOPE) return col_raycast_polytope(r, shape);
    return col__raycast_kind(kind, shape, r);
}

col_ray_hit col_raycast(const col_shape *s, const col_ray *r) { return col_raycast_kind(s->kind, &s->u, r); }
