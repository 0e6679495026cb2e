/* Closest points and closed-form distances (collide/distance.h). */
#include "distance_private.h"

#include "box.h"
#include "exact.h"

/* ------------------------------ results ------------------------------ */

col_distance_result col__distance_invalid(void) {
    col_distance_result r;
    memset(&r, 0, sizeof r);
    r.status = COL_INVALID;
    return r;
}

/* ---------------------------- closest points ---------------------------- */

bool col_closest_point_segment(const col_segment *s, col_vec3 p, col_vec3 *out) {
    if (!col__valid_segment(s) || !col_v3_is_valid(p)) return false;
    *out = col__closest_on_segment_exact(p, s->a, s->b);
    return true;
}

col_vec3 col__closest_on_triangle_exact(col_vec3 p, const col_triangle *t) {
    return col__point_on_triangle(p, t) ? p : col__closest_on_triangle(p, t->a, t->b, t->c);
}

col_vec3 col__closest_on_segment_exact(col_vec3 p, col_vec3 a, col_vec3 b) {
    return col__point_on_segment(p, a, b) ? p : col__closest_on_segment(p, a, b, NULL);
}

/* How far the pair (x on A, y on B) is from certifying itself: the largest
 * amount by which a vertex of B lies beyond y, or a vertex of A short of x,
 * along n = x - y (unscaled). 0 for the closest pair of two polytopes: the
 * planes through x and y normal to n then separate them. */
static col_real pair_violation(col_vec3 x, col_vec3 y, const col_vec3 *va, int na, const col_vec3 *vb, int nb) {
    col_vec3 n = col_v3_sub(x, y);
    col_real m = COL_R(0.0);
    for (int i = 0; i < na; ++i) {
        col_real v = col_v3_dot(col_v3_sub(x, va[i]), n);
        m = v > m ? v : m;
    }
    for (int i = 0; i < nb; ++i) {
        col_real v = col_v3_dot(col_v3_sub(vb[i], y), n);
        m = v > m ? v : m;
    }
    return m;
}

static col_real max_abs_of(const col_vec3 *v, int n) {
    col_real m = COL_R(0.0);
    for (int i = 0; i < n; ++i) {
        col_real x = col__abs_max(v[i]);
        m = x > m ? x : m;
    }
    return m;
}

int col__pick_closest_pair(const col__pair_candidate *c, int n, const col_vec3 *va, int na, const col_vec3 *vb,
                           int nb) {
    int best = 0;
    for (int k = 1; k < n; ++k)
        if (c[k].d2 < c[best].d2) best = k;
    /* each candidate's points are rounded to ulps of the largest coordinate,
     * so its distance is known to a few of them: a candidate that far from
     * the best may be the true closest pair, whose direction (the normal)
     * can differ from the best's by far more than rounding (a vertex of a
     * triangle chosen, by 3e-17 of a squared distance of 2.8e-6, over the
     * point 6e-9 from it on the next edge that is truly closest: the normal
     * turned by 3e-6, a fuzz_distance finding); 16 eps of it: at 64 a
     * segment 2.2e-5 from a thin triangle's edge, 2^31 from the origin, took
     * a pair 5.2e-5 apart as a tie, its violation below the best's by
     * rounding alone (fuzz/regressions/metamorphic/segment-by-a-thin-
     * triangle-far-away-takes-a-pair-twice-as-far) */
    col_real sa = max_abs_of(va, na), sb = max_abs_of(vb, nb), scale = sa > sb ? sa : sb;
    col_real tol = COL_R(16.0) * COL_EPSILON * scale, reach = col_sqrt(c[best].d2) + tol, limit = reach * reach;
    /* of the near ties, the pair nearest to certifying itself is the closest
     * (a pair whose planes separate A and B by d - v proves the distance at
     * least d - v), however near the best it lies: what looks like the same
     * pair found twice may be two (a segment's end taken over the point 7e-12
     * inside it that is truly closest, 3.2e-9 from a box, turned the normal
     * by 1.5e-3 rad, a CI finding) */
    col_real least = COL_R(-1.0);
    int pick = best;
    for (int k = 0; k < n; ++k) {
        if (k == best || !(c[k].d2 <= limit)) continue;
        if (least < COL_R(0.0)) least = pair_violation(c[best].a, c[best].b, va, na, vb, nb);
        col_real v = pair_violation(c[k].a, c[k].b, va, na, vb, nb);
        if (v < least) least = v, pick = k;
    }
    return pick;
}

/* Whether the candidate pair c (an end of a segment and the closest point
 * of the other shape to it) is the closest pair: the segment's other end
 * lies on or beyond the plane through the end normal to their difference
 * (the other shape lies behind the plane through its closest point). */
static bool end_certified(col__pair_candidate c, col_vec3 other) {
    return col_v3_dot(col_v3_sub(other, c.a), col_v3_sub(c.a, c.b)) >= COL_R(0.0);
}

/* end_certified for an end whose closest point of a triangle is rounded:
 * that point is the closest to the rounding of the distances compared,
 * delta = 64 eps of the largest coordinate, and a point of the triangle
 * only delta farther lies up to sqrt(2 d delta) aside of the true one (the
 * distance is stationary there), so the difference's direction is known
 * to that much: the segment must run away by more. (An end 0.125 from a
 * triangle's vertex and 0.124996 from the edge beside it, 2^37 from the
 * origin, took the vertex, a difference normal to the segment: certified
 * at 0 where the segment's middle is 0.1205 away, a fuzz_metamorphic
 * finding, regressions/metamorphic/segment-end-certified-by-a-rounded-
 * closest-point.) */
static bool end_certified_rounded(col__pair_candidate c, col_vec3 other, col_real scale) {
    col_vec3 u = col_v3_sub(other, c.a);
    col_real dot = col_v3_dot(u, col_v3_sub(c.a, c.b));
    col_real delta = COL_R(64.0) * COL_EPSILON * scale;
    col_real aside2 = COL_R(2.0) * col_sqrt(c.d2) * delta + delta * delta;
    return dot > COL_R(0.0) && dot * dot > col_v3_len_sq(u) * aside2;
}

col_real col__closest_segment_triangle(col_vec3 p, col_vec3 q, const col_triangle *t, col_vec3 *ps, col_vec3 *pt) {
    /* the closest pair of two disjoint compact convex sets has a point on
     * the relative boundary of one of them: an end of the segment and its
     * closest point of the triangle, or an edge and its closest pair with
     * the segment (Ericson 5.1.10); of near ties, the pair nearest to
     * certifying itself (col__pick_closest_pair), so the normal is the true one to
     * rounding */
    const col_vec3 v[3] = {t->a, t->b, t->c}, e[2] = {p, q};
    col__pair_candidate c[5];
    for (int k = 0; k < 2; ++k) {
        c[k].a = e[k];
        c[k].b = col__closest_on_triangle_exact(e[k], t);
        c[k].d2 = col_v3_len_sq(col_v3_sub(c[k].a, c[k].b));
    }
    /* the nearer end's pair, certified (the common case), unless rounding
     * certified it where the segment meets the triangle (exact test) */
    col_segment sg = {p, q};
    int near = c[1].d2 < c[0].d2;
    col_real scale = col_max(max_abs_of(e, 2), max_abs_of(v, 3));
    if (end_certified_rounded(c[near], e[1 - near], scale) && !col__triangle_is_degenerate(t->a, t->b, t->c) &&
        !col__overlap_segment_triangle_u(&sg, t)) {
        *ps = c[near].a;
        *pt = c[near].b;
        return c[near].d2;
    }
    for (int k = 0; k < 3; ++k)
        c[2 + k].d2 = col__closest_segment_segment(p, q, v[k], v[(k + 1) % 3], NULL, NULL, &c[2 + k].a, &c[2 + k].b);
    int i = col__pick_closest_pair(c, 5, e, 2, v, 3);
    col_real best = c[i].d2;
    col_vec3 cs = c[i].a, ct = c[i].b;
    if (best > COL_R(0.0) && col__overlap_segment_triangle_u(&sg, t)) {
        /* they meet (decided exactly): where the segment crosses the plane,
         * or, lying in it, the closest pair found (apart by rounding) */
        col_vec3 n = col_v3_cross(col_v3_sub(t->b, t->a), col_v3_sub(t->c, t->a)), d = col_v3_sub(q, p);
        col_real dn = col_v3_dot(n, d);
        if (dn != COL_R(0.0) && !col__triangle_is_degenerate(t->a, t->b, t->c)) {
            col_real u = col__clamp(col_v3_dot(n, col_v3_sub(t->a, p)) / dn, COL_R(0.0), COL_R(1.0));
            cs = col_v3_madd(p, u, d);
            ct = col__closest_on_triangle_exact(cs, t);
        }
        cs = ct; /* one common point */
        best = COL_R(0.0);
    }
    *ps = cs;
    *pt = ct;
    return best;
}

/* The corners of the box [lo, hi]: bit 0 of the index picks hi.x, bit 1
 * hi.y, bit 2 hi.z. */
static void box_vertices(col_vec3 lo, col_vec3 hi, col_vec3 v[8]) {
    for (int k = 0; k < 8; ++k) v[k] = col_v3(k & 1 ? hi.x : lo.x, k & 2 ? hi.y : lo.y, k & 4 ? hi.z : lo.z);
}

/* The segment [p, q] and the box [lo, hi], known not to meet, where the
 * nearer end's pair (c[0..1], the ends' and their clamps into the box) did
 * not certify itself: the closest pair has a point on an end of the segment
 * or on an edge of the box facing it (col__box_edges_facing). Out of line:
 * the rare case. */
static col_real segment_box_edges(const col_vec3 e[2], const col_vec3 *lo, const col_vec3 *hi,
                                  col__pair_candidate c[14], col_vec3 *ps, col_vec3 *pb) {
    col_vec3 edges[12][2];
    int n = col__box_edges_facing(e[0], e[1], *lo, *hi, edges);
    for (int k = 0; k < n; ++k)
        c[2 + k].d2 =
            col__closest_segment_segment(e[0], e[1], edges[k][0], edges[k][1], NULL, NULL, &c[2 + k].a, &c[2 + k].b);
    col_vec3 v[8];
    box_vertices(*lo, *hi, v);
    int i = col__pick_closest_pair(c, 2 + n, e, 2, v, 8);
    *ps = c[i].a;
    *pb = c[i].b;
    return c[i].d2;
}

/* The segment [p, q] and the box [lo, hi], known not to meet: the nearer
 * end's pair certifies itself when the segment runs away from it along
 * their difference (the box lies behind its closest point to the end, a
 * support point in that direction): the common case; else the box's
 * facing edges too (segment_box_edges). */
static COL__ALWAYS_INLINE col_real segment_box_apart(col_vec3 p, col_vec3 q, col_vec3 lo, col_vec3 hi, col_vec3 *ps,
                                                     col_vec3 *pb) {
    const col_vec3 e[2] = {p, q};
    col__pair_candidate c[14];
    for (int k = 0; k < 2; ++k) {
        c[k].a = e[k];
        c[k].b = col__clamp_to_box(e[k], lo, hi);
        c[k].d2 = col_v3_len_sq(col_v3_sub(c[k].a, c[k].b));
    }
    int near = c[1].d2 < c[0].d2;
    if (end_certified(c[near], e[1 - near])) {
        *ps = c[near].a;
        *pb = c[near].b;
        return c[near].d2;
    }
    return segment_box_edges(e, &lo, &hi, c, ps, pb);
}

/* col__closest_segment_box, inlined into the OBB's (its arguments stay in
 * registers: a call passes each col_vec3 through the stack, and a wide
 * load of what narrower stores just wrote stalls store forwarding). */
static COL__ALWAYS_INLINE col_real closest_segment_box(col_vec3 p, col_vec3 q, col_vec3 lo, col_vec3 hi, col_vec3 *ps,
                                                       col_vec3 *pb) {
    /* both ends beyond one face's plane (exact comparisons): apart without
     * the exact test */
    if (!col__segment_box_apart(p, q, lo, hi) && col__segment_meets_box(p, q, lo, hi)) {
        /* they meet (decided exactly): the segment's entry into the slabs,
         * clamped into the box (off the segment by rounding only) */
        col_vec3 d = col_v3_sub(q, p);
        col_real t = COL_R(0.0);
        for (int k = 0; k < 3; ++k) {
            col_real dk = col_v3_get(d, k), pk = col_v3_get(p, k);
            if (dk > COL_R(0.0)) t = col_max(t, (col_v3_get(lo, k) - pk) / dk);
            if (dk < COL_R(0.0)) t = col_max(t, (col_v3_get(hi, k) - pk) / dk);
        }
        col_vec3 x = col_v3_madd(p, col__clamp(t, COL_R(0.0), COL_R(1.0)), d);
        *ps = *pb = col__clamp_to_box(x, lo, hi);
        return COL_R(0.0);
    }
    return segment_box_apart(p, q, lo, hi, ps, pb);
}

col_real col__closest_segment_box(col_vec3 p, col_vec3 q, col_vec3 lo, col_vec3 hi, col_vec3 *ps, col_vec3 *pb) {
    return closest_segment_box(p, q, lo, hi, ps, pb);
}

col_real col__closest_segment_obb(col_vec3 p, col_vec3 q, const col_obb *b, col_vec3 *ps, col_vec3 *pb) {
    /* in the box's frame, then back */
    col_vec3 x, y;
    col_real d2 = closest_segment_box(col__obb_to_local(b, p), col__obb_to_local(b, q), col_v3_neg(b->e), b->e, &x, &y);
    *ps = col__obb_to_world(b, x);
    *pb = col__obb_to_world(b, y);
    return d2;
}

col_real col__closest_triangle_triangle(const col_triangle *s, const col_triangle *t, col_vec3 *ps, col_vec3 *pt) {
    const col_vec3 u[3] = {s->a, s->b, s->c}, v[3] = {t->a, t->b, t->c};
    if (col__overlap_triangle_triangle_u(s, t)) {
        /* they meet (decided exactly), so an edge of one meets the other:
         * its common point (col__closest_segment_triangle) */
        for (int k = 0; k < 6; ++k) {
            const col_vec3 *w = k < 3 ? u : v;
            const col_triangle *other = k < 3 ? t : s;
            col_vec3 x, y;
            col_segment e = {w[k % 3], w[(k + 1) % 3]};
            if (!col__overlap_segment_triangle_u(&e, other)) continue;
            (void)col__closest_segment_triangle(e.a, e.b, other, &x, &y);
            *ps = *pt = y;
            return COL_R(0.0);
        }
    }
    /* disjoint: the closest pair of two polytopes has a vertex of one and
     * its closest point of the other, or a point on an edge of each
     * (Ericson 5.1.9; Eberly, "Distance between two triangles") */
    col__pair_candidate c[15];
    for (int k = 0; k < 3; ++k) {
        c[k].a = u[k];
        c[k].b = col__closest_on_triangle_exact(u[k], t);
        c[3 + k].b = v[k];
        c[3 + k].a = col__closest_on_triangle_exact(v[k], s);
    }
    for (int k = 0; k < 6; ++k) c[k].d2 = col_v3_len_sq(col_v3_sub(c[k].a, c[k].b));
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            col__pair_candidate *e = &c[6 + 3 * i + j];
            e->d2 = col__closest_segment_segment(u[i], u[(i + 1) % 3], v[j], v[(j + 1) % 3], NULL, NULL, &e->a, &e->b);
        }
    int i = col__pick_closest_pair(c, 15, u, 3, v, 3);
    *ps = c[i].a;
    *pt = c[i].b;
    return c[i].d2;
}

col_real col__closest_box_triangle(col_vec3 lo, col_vec3 hi, const col_triangle *t, col_vec3 *pb, col_vec3 *pt) {
    const col_vec3 w[3] = {t->a, t->b, t->c};
    /* the nearest vertex and its closest point of the box (exact: a clamp)
     * certify themselves when the triangle runs away from the vertex along
     * their difference (the box lies behind its closest point, a support
     * point in that direction) by more than the rounding of that test could
     * hide (were they to meet, the triangle would run back by |n|^2): the
     * common case, without the exact test */
    col__pair_candidate cv[3];
    for (int k = 0; k < 3; ++k) {
        cv[k].b = w[k];
        cv[k].a = col__clamp_to_box(w[k], lo, hi);
        cv[k].d2 = col_v3_len_sq(col_v3_sub(cv[k].b, cv[k].a));
    }
    int m = cv[1].d2 < cv[0].d2 ? 1 : 0;
    m = cv[2].d2 < cv[m].d2 ? 2 : m;
    {
        col_vec3 n = col_v3_sub(cv[m].b, cv[m].a), e1 = col_v3_sub(w[(m + 1) % 3], w[m]),
                 e2 = col_v3_sub(w[(m + 2) % 3], w[m]);
        col_real l1 = col__abs_max(e1), l2 = col__abs_max(e2), slack = COL_R(16.0) * COL_EPSILON * (l1 > l2 ? l1 : l2);
        if (col_v3_dot(e1, n) >= COL_R(0.0) && col_v3_dot(e2, n) >= COL_R(0.0) && cv[m].d2 > slack * slack) {
            *pb = cv[m].a;
            *pt = cv[m].b;
            return cv[m].d2;
        }
    }
    col_vec3 v[8];
    box_vertices(lo, hi, v);
    const col_aabb box = {lo, hi};
    if (col__overlap_aabb_triangle_u(&box, t)) {
        /* they meet (decided exactly), so an edge of one meets the other:
         * its common point */
        col_vec3 x, y;
        for (int k = 0; k < 3; ++k)
            if (col__segment_meets_box(w[k], w[(k + 1) % 3], lo, hi)) {
                (void)col__closest_segment_box(w[k], w[(k + 1) % 3], lo, hi, &x, &y);
                *pb = *pt = y;
                return COL_R(0.0);
            }
        for (int i = 0; i < 8; ++i)
            for (int bit = 1; bit < 8; bit <<= 1) { /* the 12 edges: v[i] to v[i | bit] */
                if (i & bit) continue;
                col_segment e = {v[i], v[i | bit]};
                if (!col__overlap_segment_triangle_u(&e, t)) continue;
                (void)col__closest_segment_triangle(e.a, e.b, t, &x, &y);
                *pb = *pt = y;
                return COL_R(0.0);
            }
    }
    /* disjoint: the closest pair of two polytopes has a vertex of one and
     * its closest point of the other, or a point on an edge of each: the
     * triangle's edges against the box (its vertices and the box's edges,
     * col__closest_segment_box), and the box's vertices that face the
     * triangle (the triangle reaches on or beyond each of the vertex's
     * three faces' planes: the closest pair's direction is in the vertex's
     * normal cone) against it */
    col__pair_candidate c[11];
    int n = 0;
    for (int k = 0; k < 3; ++k, ++n) c[n].d2 = segment_box_apart(w[k], w[(k + 1) % 3], lo, hi, &c[n].b, &c[n].a);
    col_vec3 tlo = w[0], thi = w[0];
    for (int k = 1; k < 3; ++k) {
        tlo = col_v3(w[k].x < tlo.x ? w[k].x : tlo.x, w[k].y < tlo.y ? w[k].y : tlo.y, w[k].z < tlo.z ? w[k].z : tlo.z);
        thi = col_v3(w[k].x > thi.x ? w[k].x : thi.x, w[k].y > thi.y ? w[k].y : thi.y, w[k].z > thi.z ? w[k].z : thi.z);
    }
    for (int k = 0; k < 8; ++k) {
        bool fx = k & 1 ? thi.x >= hi.x : tlo.x <= lo.x, fy = k & 2 ? thi.y >= hi.y : tlo.y <= lo.y,
             fz = k & 4 ? thi.z >= hi.z : tlo.z <= lo.z;
        if (!(fx && fy && fz)) continue;
        c[n].a = v[k];
        c[n].b = col__closest_on_triangle(v[k], t->a, t->b, t->c); /* apart: no vertex on it */
        c[n].d2 = col_v3_len_sq(col_v3_sub(c[n].a, c[n].b));
        ++n;
    }
    int i = col__pick_closest_pair(c, n, v, 8, w, 3);
    *pb = c[i].a;
    *pt = c[i].b;
    return c[i].d2;
}

col_real col__closest_obb_triangle(const col_obb *b, const col_triangle *t, col_vec3 *pb, col_vec3 *pt) {
    /* in the box's frame, then back */
    col_triangle local = {col__obb_to_local(b, t->a), col__obb_to_local(b, t->b), col__obb_to_local(b, t->c)};
    col_vec3 x, y;
    col_real d2 = col__closest_box_triangle(col_v3_neg(b->e), b->e, &local, &x, &y);
    *pb = col__obb_to_world(b, x);
    *pt = col__obb_to_world(b, y);
    return d2;
}

bool col_closest_point_triangle(const col_triangle *t, col_vec3 p, col_vec3 *out) {
    if (!col__valid_triangle(t) || !col_v3_is_valid(p)) return false;
    *out = col__closest_on_triangle_exact(p, t);
    return true;
}

bool col_closest_point_plane(const col_plane *pl, col_vec3 p, col_vec3 *out) {
    if (!col__valid_plane(pl) || !col_v3_is_valid(p)) return false;
    *out = col_v3_madd(p, -col_plane_signed_distance(pl, p), pl->n);
    return true;
}

col_vec3 col__closest_on_sphere(col_vec3 c, col_real r, col_vec3 p) {
    col_vec3 d = col_v3_sub(p, c);
    col_real len = col__len_safe(d);
    if (len <= r) return p;
    return col_v3_madd(c, r / len, d);
}

bool col_closest_point_sphere(const col_sphere *s, col_vec3 p, col_vec3 *out) {
    if (!col__valid_sphere(s) || !col_v3_is_valid(p)) return false;
    *out = col__closest_on_sphere(s->c, s->r, p);
    return true;
}

bool col_closest_point_aabb(const col_aabb *b, col_vec3 p, col_vec3 *out) {
    if (!col__valid_aabb(b) || !col_v3_is_valid(p)) return false;
    *out = col__clamp_to_box(p, b->min, b->max);
    return true;
}

col_vec3 col__obb_offset(const col_obb *b, col_vec3 p, col_vec3 *closest) {
    col_vec3 d = col_v3_sub(p, b->c), q = b->c, off = col_v3(0, 0, 0);
    const col_real e[3] = {b->e.x, b->e.y, b->e.z};
    bool inside = true;
    for (int i = 0; i < 3; ++i) {
        col_real l = col_v3_dot(d, b->u[i]), c = col__clamp(l, -e[i], e[i]);
        inside = inside && col_abs(l) <= e[i];
        q = col_v3_madd(q, c, b->u[i]);
        /* l - c: 0 within the slab, else exact where l is within twice the
         * extent (Sterbenz), so a face's offset lies along its axis exactly */
        off = col_v3_madd(off, l - c, b->u[i]);
    }
    /* inside: p itself, not p rebuilt from its coordinates (which rounds) */
    *closest = inside ? p : q;
    return inside ? col_v3(0, 0, 0) : off;
}

col_vec3 col__closest_on_obb(const col_obb *b, col_vec3 p) {
    col_vec3 q;
    (void)col__obb_offset(b, p, &q);
    return q;
}

bool col_closest_point_obb(const col_obb *b, col_vec3 p, col_vec3 *out) {
    if (!col__valid_obb(b) || !col_v3_is_valid(p)) return false;
    *out = col__closest_on_obb(b, p);
    return true;
}

bool col_closest_point_capsule(const col_capsule *c, col_vec3 p, col_vec3 *out) {
    if (!col__valid_capsule(c) || !col_v3_is_valid(p)) return false;
    *out = col__closest_on_sphere(col__closest_on_segment_exact(p, c->a, c->b), c->r, p);
    return true;
}

/* Root t > 0 of F(t) = sum (e_i y_i / (t + e_i^2))^2 - 1 by bisection; e, y in
 * [0, 1], e_i^2 > 0, with F(0) > 0. F decreases on t > 0. */
static col_real ellipsoid_root(const col_real *e, const col_real *y, int n, int *iterations) {
    /* F(t) <= sum (e_i y_i)^2 / t^2 - 1, so F <= 0 at t = |(e_i y_i)| <= sum e_i y_i
     * (the sum, not the root of squares: nothing to underflow) */
    col_real hi = COL_R(0.0), lo = COL_R(0.0);
    for (int i = 0; i < n; ++i) hi += e[i] * y[i];
    int it = 0;
    while (it < COL_ELLIPSOID_MAX_ITERATIONS) {
        col_real mid = lo + (hi - lo) * COL_R(0.5);
        ++it;
        if (!(mid > lo && mid < hi)) break; /* the bracket is one ulp: full precision */
        col_real f = -COL_R(1.0);
        for (int i = 0; i < n; ++i) {
            col_real q = e[i] * y[i] / (mid + e[i] * e[i]);
            f += q * q;
        }
        if (f > COL_R(0.0))
            lo = mid;
        else if (f < COL_R(0.0))
            hi = mid;
        else {
            lo = hi = mid;
            break;
        }
    }
    *iterations = it;
    return hi; /* the side where F <= 0: the point is on or just inside the surface */
}

col_vec3 col__closest_on_ellipsoid(const col_ellipsoid *el, col_vec3 p, int *iterations) {
    *iterations = 0;
    const col_real pc[3] = {p.x - el->c.x, p.y - el->c.y, p.z - el->c.z};
    const col_real rad[3] = {el->r.x, el->r.y, el->r.z};
    /* Scale so every coordinate and radius is in [0, 1]: no square overflows. */
    col_real scale = COL_R(0.0);
    for (int i = 0; i < 3; ++i) scale = col_max(scale, col_max(col_abs(pc[i]), rad[i]));
    if (!(scale > COL_R(0.0))) return p; /* p is the centre and the ellipsoid a point */
    col_real e[3], y[3], x[3] = {0, 0, 0};
    int axis[3], n = 0;
    bool inside = true;
    col_real g = -COL_R(1.0);
    for (int i = 0; i < 3; ++i) {
        col_real yi = col_abs(pc[i]) / scale, ei = rad[i] / scale;
        if (!(ei * ei > COL_R(0.0))) {
            /* flat: zero, or so thin that its square underflows at this scale
             * (below 1e-154 of it in double) */
            if (yi > ei) inside = false; /* off a flat axis */
            continue;                    /* x_i = 0 */
        }
        col_real z = yi / ei;
        g += z * z;
        e[n] = ei;
        y[n] = yi;
        axis[n++] = i;
    }
    if (inside && g <= COL_R(0.0)) return p;
    if (n > 0) {
        if (g <= COL_R(0.0)) {
            /* Only flat axes separate p: project onto the flat ellipsoid. */
            for (int k = 0; k < n; ++k) x[axis[k]] = y[k];
        } else {
            col_real t = ellipsoid_root(e, y, n, iterations);
            for (int k = 0; k < n; ++k) x[axis[k]] = col_min(y[k], e[k] * e[k] * y[k] / (t + e[k] * e[k]));
        }
    }
    col_real q[3];
    for (int i = 0; i < 3; ++i) {
        col_real v = x[i] * scale;
        if (v > rad[i]) v = rad[i]; /* rounding of the scale: stay within the box of the radii */
        q[i] = pc[i] < COL_R(0.0) ? -v : v;
    }
    return col_v3(el->c.x + q[0], el->c.y + q[1], el->c.z + q[2]);
}

bool col_closest_point_ellipsoid(const col_ellipsoid *e, col_vec3 p, col_vec3 *out, int *iterations) {
    int it = 0;
    if (iterations) *iterations = 0;
    if (!col__valid_ellipsoid(e) || !col_v3_is_valid(p)) return false;
    *out = col__closest_on_ellipsoid(e, p, &it);
    if (iterations) *iterations = it;
    return true;
}

/* ------------------------------ distances ------------------------------ */

col_distance_result col_distance_sphere_sphere(const col_sphere *a, const col_sphere *b) {
    if (!col__valid_sphere(a) || !col__valid_sphere(b)) return col__distance_invalid();
    return col__rounded_result(a->c, a->r, b->c, b->r);
}

col_distance_result col_distance_aabb_aabb(const col_aabb *a, const col_aabb *b) {
    if (!col__valid_aabb(a) || !col__valid_aabb(b)) return col__distance_invalid();
    return col__distance_aabb_aabb_u(a, b);
}

col_distance_result col__distance_aabb_aabb_u(const col_aabb *a, const col_aabb *b) {
    const col_real amin[3] = {a->min.x, a->min.y, a->min.z}, amax[3] = {a->max.x, a->max.y, a->max.z};
    const col_real bmin[3] = {b->min.x, b->min.y, b->min.z}, bmax[3] = {b->max.x, b->max.y, b->max.z};
    col_real pa[3], pb[3];
    for (int i = 0; i < 3; ++i) {
        if (amax[i] < bmin[i]) {
            pa[i] = amax[i];
            pb[i] = bmin[i];
        } else if (bmax[i] < amin[i]) {
            pa[i] = amin[i];
            pb[i] = bmax[i];
        } else {
            /* overlapping on this axis: the centre of the common interval */
            col_real lo = col_max(amin[i], bmin[i]), hi = col_min(amax[i], bmax[i]);
            pa[i] = pb[i] = lo + (hi - lo) * COL_R(0.5);
        }
    }
    return col__rounded_result(col_v3(pa[0], pa[1], pa[2]), 0, col_v3(pb[0], pb[1], pb[2]), 0);
}

col_distance_result col_distance_segment_segment(const col_segment *a, const col_segment *b) {
    if (!col__valid_segment(a) || !col__valid_segment(b)) return col__distance_invalid();
    col_vec3 ca, cb;
    (void)col__closest_segment_segment(a->a, a->b, b->a, b->b, NULL, NULL, &ca, &cb);
    return col__rounded_result(ca, 0, cb, 0);
}

col_distance_result col_distance_capsule_capsule(const col_capsule *a, const col_capsule *b) {
    if (!col__valid_capsule(a) || !col__valid_capsule(b)) return col__distance_invalid();
    col_vec3 ca, cb;
    (void)col__closest_segment_segment(a->a, a->b, b->a, b->b, NULL, NULL, &ca, &cb);
    return col__rounded_result(ca, a->r, cb, b->r);
}

col_distance_result col_distance_point_triangle(col_vec3 p, const col_triangle *t) {
    if (!col_v3_is_valid(p) || !col__valid_triangle(t)) return col__distance_invalid();
    return col__rounded_result(p, 0, col__closest_on_triangle_exact(p, t), 0);
}

col_distance_result col_distance_sphere_triangle(const col_sphere *s, const col_triangle *t) {
    if (!col__valid_sphere(s) || !col__valid_triangle(t)) return col__distance_invalid();
    return col__rounded_result(s->c, s->r, col__closest_on_triangle_exact(s->c, t), 0);
}

col_distance_result col_distance_sphere_aabb(const col_sphere *s, const col_aabb *b) {
    if (!col__valid_sphere(s) || !col__valid_aabb(b)) return col__distance_invalid();
    col_vec3 q;
    (void)col_closest_point_aabb(b, s->c, &q);
    return col__rounded_result(s->c, s->r, q, 0);
}

col_distance_result col_distance_sphere_obb(const col_sphere *s, const col_obb *b) {
    if (!col__valid_sphere(s) || !col__valid_obb(b)) return col__distance_invalid();
    col_vec3 q, d = col__obb_offset(b, s->c, &q);
    return col__rounded_result_d(s->c, s->r, q, 0, d);
}

col_distance_result col_distance_sphere_capsule(const col_sphere *s, const col_capsule *c) {
    if (!col__valid_sphere(s) || !col__valid_capsule(c)) return col__distance_invalid();
    return col__rounded_result(s->c, s->r, col__closest_on_segment_exact(s->c, c->a, c->b), c->r);
}

col_distance_result col_distance_sphere_ellipsoid(const col_sphere *s, const col_ellipsoid *e) {
    if (!col__valid_sphere(s) || !col__valid_ellipsoid(e)) return col__distance_invalid();
    int it;
    col_distance_result r = col__rounded_result(s->c, s->r, col__closest_on_ellipsoid(e, s->c, &it), 0);
    r.iterations = it;
    return r;
}
