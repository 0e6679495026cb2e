/*
 * Pairs of convex shapes (collide/gjk.h): col_distance, col_gjk_distance,
 * col_penetration and the yes/no overlap col_overlap asks of GJK pairs.
 * The pair table (pair_table.c) says how: a closed form on the cores, a plane
 * by its extent, or GJK and EPA on proxies; every pair in a frame at its
 * first shape, ordered by col__swap_pair.
 */
#include "convex.h"
#include "exact.h"
#include "pairs.h"
#include "ray.h"

#include <math.h>
#include <string.h>

char col_distance_method(col_shape_kind a, col_shape_kind b) {
    if (!col__kind_ok(a) || !col__kind_ok(b)) return '.';
    col__convex c = col__convex_entry(a, b)->convex;
    return c == COL__NOT_CONVEX ? '.' : (char)c;
}

bool col_distance_supported(col_shape_kind a, col_shape_kind b) { return col_distance_method(a, b) != '.'; }

/* A non-polytope shape s translated by d, into *t: its kind and its own
 * member of the union only (a whole copy reads the union's unused tail, and
 * reads back in wide loads what narrower stores just wrote, which stalls
 * store forwarding). */
static void translate_into(const col_shape *s, col_vec3 d, col_shape *t) {
    t->kind = s->kind;
    switch (s->kind) {
    case COL_SHAPE_POINT: t->u.point.p = col_v3_add(s->u.point.p, d); break;
    case COL_SHAPE_SEGMENT:
        t->u.segment.a = col_v3_add(s->u.segment.a, d);
        t->u.segment.b = col_v3_add(s->u.segment.b, d);
        break;
    case COL_SHAPE_TRIANGLE:
        t->u.triangle.a = col_v3_add(s->u.triangle.a, d);
        t->u.triangle.b = col_v3_add(s->u.triangle.b, d);
        t->u.triangle.c = col_v3_add(s->u.triangle.c, d);
        break;
    case COL_SHAPE_SPHERE:
        t->u.sphere.c = col_v3_add(s->u.sphere.c, d);
        t->u.sphere.r = s->u.sphere.r;
        break;
    case COL_SHAPE_CAPSULE:
        t->u.capsule.a = col_v3_add(s->u.capsule.a, d);
        t->u.capsule.b = col_v3_add(s->u.capsule.b, d);
        t->u.capsule.r = s->u.capsule.r;
        break;
    case COL_SHAPE_AABB:
        t->u.aabb.min = col_v3_add(s->u.aabb.min, d);
        t->u.aabb.max = col_v3_add(s->u.aabb.max, d);
        break;
    case COL_SHAPE_OBB:
        t->u.obb = s->u.obb;
        t->u.obb.c = col_v3_add(s->u.obb.c, d);
        break;
    case COL_SHAPE_ELLIPSOID:
        t->u.ellipsoid = s->u.ellipsoid;
        t->u.ellipsoid.c = col_v3_add(s->u.ellipsoid.c, d);
        break;
    case COL_SHAPE_PLANE:
        t->u.plane = s->u.plane;
        t->u.plane.d = s->u.plane.d + col_v3_dot(s->u.plane.n, d);
        break;
    default: *t = *s; break;
    }
}

/* A's core moved by shift: the core itself where shift is zero (either
 * sign: adding it would change nothing but a -0 coordinate into +0), else
 * translated into *buf. */
static const col_shape *moved_core(const pair *P, col_vec3 shift, col_shape *buf) {
    if (shift.x == COL_R(0.0) && shift.y == COL_R(0.0) && shift.z == COL_R(0.0)) return P->ca;
    translate_into(P->ca, shift, buf);
    return buf;
}

/* The radius of a convex shape: a sphere's or a capsule's, 0 for the rest. */
static col_real radius_of(const col_shape *s) {
    if (s->kind == COL_SHAPE_SPHERE) return s->u.sphere.r;
    if (s->kind == COL_SHAPE_CAPSULE) return s->u.capsule.r;
    return COL_R(0.0);
}

/* The core of a convex shape: a sphere's centre or a capsule's segment,
 * built in *buf (its kind and that member only), or the shape itself for
 * the rest. */
static const col_shape *core_of(const col_shape *s, col_shape *buf) {
    if (s->kind == COL_SHAPE_SPHERE) {
        buf->kind = COL_SHAPE_POINT;
        buf->u.point.p = s->u.sphere.c;
        return buf;
    }
    if (s->kind == COL_SHAPE_CAPSULE) {
        buf->kind = COL_SHAPE_SEGMENT;
        buf->u.segment.a = s->u.capsule.a;
        buf->u.segment.b = s->u.capsule.b;
        return buf;
    }
    return s;
}

/* Whether penetration takes the pair's cores by the separating axes
 * (col__sat_penetration): a box and a box, a triangle, or a point or
 * segment core (a sphere's, a capsule's). */
static bool sat_kinds(col_shape_kind a, col_shape_kind b) {
    bool box_a = a == COL_SHAPE_AABB || a == COL_SHAPE_OBB, box_b = b == COL_SHAPE_AABB || b == COL_SHAPE_OBB;
    bool poly_a = box_a || a == COL_SHAPE_TRIANGLE || a == COL_SHAPE_POINT || a == COL_SHAPE_SEGMENT ||
                  a == COL_SHAPE_SPHERE || a == COL_SHAPE_CAPSULE;
    bool poly_b = box_b || b == COL_SHAPE_TRIANGLE || b == COL_SHAPE_POINT || b == COL_SHAPE_SEGMENT ||
                  b == COL_SHAPE_SPHERE || b == COL_SHAPE_CAPSULE;
    /* a triangle against a segment core (a capsule, a segment): A - B of
     * the cores is a solid whose facets the four axes list; a triangle
     * against a point core is flat (the distance decides); two triangles
     * take EPA (their witness points by the axes' features were off A by
     * 3e-3 on slivers sharing a vertex: not yet) */
    bool tri_a = a == COL_SHAPE_TRIANGLE, tri_b = b == COL_SHAPE_TRIANGLE;
    bool lin_a = a == COL_SHAPE_SEGMENT || a == COL_SHAPE_CAPSULE,
         lin_b = b == COL_SHAPE_SEGMENT || b == COL_SHAPE_CAPSULE;
    return (box_a && poly_b) || (box_b && poly_a) || (tri_a && lin_b) || (tri_b && lin_a);
}

/* Whether EPA's witness points of the pair are replaced by its features'
 * (col__points_witness): two cores given by points (polytopes, boxes'
 * corners, triangles, segments and capsules' axes, points and spheres'
 * centres, an ellipsoid of two or three radii 0: a segment or a point), as
 * EPA leaves them (the separating axes take boxes against
 * these, and triangles against segment cores, first). */
static bool point_cores(const col_shape *s) {
    col_shape_kind k = s->kind;
    return k == COL_SHAPE_POLYTOPE || k == COL_SHAPE_AABB || k == COL_SHAPE_OBB || k == COL_SHAPE_TRIANGLE ||
           k == COL_SHAPE_SEGMENT || k == COL_SHAPE_CAPSULE || k == COL_SHAPE_POINT || k == COL_SHAPE_SPHERE ||
           (k == COL_SHAPE_ELLIPSOID && col__ellipsoid_is_linear(&s->u.ellipsoid));
}

void col__pair_init(pair *P, const col_shape *a, const col_shape *b, bool force_gjk) {
    P->a = a;
    P->b = b;
    P->ra = radius_of(a);
    P->rb = radius_of(b);
    P->o = col__shape_ref(a);
    const col__pair *e = col__convex_entry(a->kind, b->kind);
    P->closest = force_gjk || e->convex != COL__CLOSED ? NULL : e->closest;
    P->use_gjk = b->kind != COL_SHAPE_PLANE && P->closest == NULL;
    P->force_gjk = force_gjk;
    if (P->closest) { /* the cores, once: GJK and the plane's extent take the shapes */
        P->ca = core_of(a, &P->core_a);
        P->cb = core_of(b, &P->core_b);
    }
}

/* A against a plane B: the extent of A's core along the plane normal. */
static col_distance_result plane_distance(const pair *P, col_vec3 shift, col_penetration_result *pen) {
    col__proxy A;
    col__proxy_make(P->a, P->o, shift, &A);
    col_plane pl = P->b->u.plane;
    col_vec3 n = pl.n;
    col_real d = pl.d - col_v3_dot(n, P->o); /* the plane in the frame */
    col_vec3 plo = col__proxy_support(&A, col_v3_neg(n)), phi = col__proxy_support(&A, n);
    col_real lo = col_v3_dot(n, plo) - P->ra, hi = col_v3_dot(n, phi) + P->ra;
    col_distance_result r;
    memset(&r, 0, sizeof r);
    if (pen) memset(pen, 0, sizeof *pen);
    if (lo > d) {
        r.status = COL_MISS;
        r.distance = lo - d;
        r.normal = n;
        r.point_a = col_v3_madd(plo, -P->ra, n);
        r.point_b = col_v3_madd(r.point_a, -r.distance, n);
    } else if (hi < d) {
        r.status = COL_MISS;
        r.distance = d - hi;
        r.normal = col_v3_neg(n);
        r.point_a = col_v3_madd(phi, P->ra, n);
        r.point_b = col_v3_madd(r.point_a, r.distance, n);
    } else {
        /* a common point: on the segment from the lowest to the highest point */
        r.status = COL_HIT;
        col_vec3 low = col_v3_madd(plo, -P->ra, n), high = col_v3_madd(phi, P->ra, n);
        col_real span = hi - lo;
        col_real t = span > COL_R(0.0) ? col__clamp((d - lo) / span, COL_R(0.0), COL_R(1.0)) : COL_R(0.0);
        col_vec3 p = col_v3_madd(low, t, col_v3_sub(high, low));
        r.point_a = r.point_b = col_v3_madd(p, d - col_v3_dot(n, p), n); /* onto the plane */
        if (pen) {
            pen->status = COL_HIT;
            if (hi - d < d - lo) { /* shallower to push A down through the back */
                pen->depth = hi - d;
                pen->normal = col_v3_neg(n);
                pen->point_a = high;
            } else {
                pen->depth = d - lo;
                pen->normal = n;
                pen->point_a = low;
            }
            pen->point_b = col_v3_madd(pen->point_a, pen->depth, pen->normal);
        }
    }
    return r;
}

/* ca - cb for the closest points (ca on x, A's core moved, cb on B's core)
 * a closed form gave: for a point core against an OBB, taken in the box's
 * frame (col__obb_offset), so that a face's normal is the box's axis
 * within rounding however far from the box's centre the contact lies. */
static COL__ALWAYS_INLINE col_vec3 core_difference(const pair *P, const col_shape *x, col_vec3 ca, col_vec3 cb) {
    col_vec3 q;
    if (x->kind == COL_SHAPE_POINT && P->cb->kind == COL_SHAPE_OBB)
        return col__obb_offset(&P->cb->u.obb, x->u.point.p, &q);
    if (x->kind == COL_SHAPE_OBB && P->cb->kind == COL_SHAPE_POINT)
        return col_v3_neg(col__obb_offset(&x->u.obb, P->cb->u.point.p, &q));
    return col_v3_sub(ca, cb);
}

/* A bound of the magnitudes of the coordinates a closed form on the
 * polytope core s rounds at: the sum of its points' |components| (a box's
 * centre's and half extents'); sums cost less than maxima, and the bound
 * only scales the caller's generous 2^-10. */
static COL__ALWAYS_INLINE col_real core_magnitude(const col_shape *s) {
    switch (s->kind) {
    case COL_SHAPE_POINT: return col__abs_sum(s->u.point.p);
    case COL_SHAPE_SEGMENT: return col__abs_sum(col_v3_add(col_v3_abs(s->u.segment.a), col_v3_abs(s->u.segment.b)));
    case COL_SHAPE_TRIANGLE:
        return col__abs_sum(col_v3_add(col_v3_add(col_v3_abs(s->u.triangle.a), col_v3_abs(s->u.triangle.b)),
                                       col_v3_abs(s->u.triangle.c)));
    case COL_SHAPE_AABB: return col__abs_sum(col_v3_add(col_v3_abs(s->u.aabb.min), col_v3_abs(s->u.aabb.max)));
    default: return col__abs_sum(col_v3_add(col_v3_abs(s->u.obb.c), s->u.obb.e)); /* an OBB */
    }
}

/* A closed form's normal where the cores are polytopes within 2^-10 of the
 * magnitudes it rounds at (the caller's test; GJK's face_normal, of the
 * size): the closest points' difference points anywhere when it is rounding
 * (a box's corner 2e-14 off a triangle's face 900 wide, size 1000: its
 * difference lay along the box's flat face, -x, across which the triangle
 * runs 600 either way, and a move of the triangle into the box slid along it
 * 33.8 deep,
 * fuzz/regressions/motion/move-into-a-corner-by-a-triangle-a-rounding-off-it;
 * a segment 1e-13 above an OBB's face, 1000 from the origin, got a normal
 * 45-89 degrees off the face's on 3 pairs in 4), so the direction that parts
 * the cores the most of these: the separating axis that parts them the most
 * (col__sat_separating_axis: their face normals and edge products, signed by
 * the cores' extents along it, not by the difference), the normal where a
 * face or two edges meet; and the difference without its part along each
 * edge of either core, the normal where a vertex meets an edge's inside,
 * which no axis is (a point an ulp off a segment 1000 from the origin had a
 * normal 0.26 along it). Only where the difference's direction has failed:
 * where the supports separate the cores along it by less than their distance
 * dist by more than 2^-32 of the magnitudes m (the property fuzz_distance
 * checks, to 4 sqrt(eps), 2^-24, of the size; m, of sums, reaches 20 sizes:
 * at 2^-28 of it two triangles 7.5e-9 apart, vertex to edge, m 9000, kept a
 * difference along which they overlapped by 3.2e-5 at size 508,
 * fuzz/regressions/distance/triangles-at-a-vertex-and-an-edge-difference-3e-5-short).
 * That test fails a sound difference too: its direction is only as good as
 * the closest points' rounding over their distance, and a long edge across
 * it loses that angle times its length (an OBB's corner 1.9e-6 from a
 * segment 480 long, m 2240: the difference, 3e-8 rad off the true normal,
 * separated them by -8.3e-6). So every candidate, the axis too, must part
 * the cores further than the best so far: an axis alone is not the normal
 * where a vertex meets an edge (that corner took an edge product 2.5e-3 rad
 * off,
 * fuzz/regressions/distance/slow-approach-to-a-corner-beside-a-long-segment;
 * a segment 1.9e-6 from an OBB's edge took one 0.65 rad off, and a sweep's
 * conservative advancement closing along it overshot the contact time by 1%,
 * fuzz/regressions/distance/slow-approach-of-a-segment-closing-along-an-axis-not-its-normal).
 * The normal only: the distance and the points stay the closed form's. */
COL__NOINLINE static bool closed_form_axis_normal(const pair *P, col_vec3 shift, col_vec3 normal, col_real dist,
                                                  col_real m, col_vec3 *out) {
    /* (out of line, and called only where the cores are that near: inlined,
     * or taking the result, it cost every closed form 80 instructions) */
    col__proxy A, B;
    col__proxy_make(P->ca, P->o, shift, &A);
    col__proxy_make(P->cb, P->o, col_v3(0, 0, 0), &B);
    col_real best = col__separation(&A, &B, normal), sn;
    if (!(dist - best > COL_R(0x1p-32) * m)) return false;
    col_vec3 n;
    bool found = false;
    /* better only by more than the separations' rounding (gjk.c's
     * near_normal: where any normal of a wedge will do, the axis) */
    col_real tie = COL_R(64.0) * COL_EPSILON * m;
    if (col__sat_separating_axis(&A, &B, &n) && (sn = col__separation(&A, &B, n)) > best + tie) {
        *out = n;
        best = sn;
        found = true;
    }
    /* the difference without its part along each edge of either core (a
     * segment's, a triangle's, a box's axes): the normal where a vertex
     * meets that edge's inside, which is no separating axis */
    for (int i = 0; i < 2; ++i) {
        col_vec3 e[3];
        int k = col__sat_edges(i == 0 ? &A : &B, e);
        for (int j = 0; j < k; ++j)
            if (col__unit_across(normal, e[j], &n) && (sn = col__separation(&A, &B, n)) > best + tie) {
                *out = n;
                best = sn;
                found = true;
            }
    }
    return found;
}

/* Distance of A (moved by shift) and B, in the frame; the GJK state when GJK ran. */
col_distance_result col__pair_distance(const pair *P, col_vec3 shift, gjk_state *g, col__proxy *As, col__proxy *Bs) {
    g->iterations = 0;
    if (P->b->kind == COL_SHAPE_PLANE) return plane_distance(P, shift, NULL);
    if (!P->use_gjk) {
        /* closed form, in world coordinates, then into the frame */
        col_shape buf;
        const col_shape *x = moved_core(P, shift, &buf);
        col_vec3 px, py;
        int it;
        P->closest(x, P->cb, &px, &py, &it);
        col_distance_result r = col__rounded_result_d(col_v3_sub(px, P->o), P->ra, col_v3_sub(py, P->o), P->rb,
                                                      core_difference(P, x, px, py));
        col_vec3 n;
        /* the cores' distance against the magnitudes the closed form rounded
         * at (world coordinates: the cores' and the closest point's), where
         * both are polytopes (an ellipsoid has no separating axes) */
        col_real dist = r.distance + P->ra + P->rb, m;
        if (r.status == COL_MISS && x->kind != COL_SHAPE_ELLIPSOID && P->cb->kind != COL_SHAPE_ELLIPSOID &&
            dist <= COL_R(0x1p-10) * (m = col__abs_sum(px) + core_magnitude(x) + core_magnitude(P->cb)) &&
            closed_form_axis_normal(P, shift, r.normal, dist, m, &n)) {
            col_vec3 ca = col_v3_sub(px, P->o), cb = col_v3_sub(py, P->o);
            r.normal = col__no_neg_zero(n);
            r.point_a = col_v3_madd(ca, -P->ra, n);
            r.point_b = col_v3_madd(cb, P->rb, n);
        }
        /* written whole where it is returned (see col__gjk_distance) */
        return (col_distance_result){r.status, r.distance, r.point_a, r.point_b, r.normal, it};
    }
    col__proxy_make(P->a, P->o, shift, As);
    col__proxy_make(P->b, P->o, col_v3(0, 0, 0), Bs);
    return col__gjk_distance(As, Bs, g);
}

bool col__pair_valid(const col_shape *a, const col_shape *b) {
    return col_distance_supported(a->kind, b->kind) && col_shape_is_valid(a) && col_shape_is_valid(b);
}

/* Orders a pair for symmetry (col__swap_pair: a plane always second,
 * otherwise by col__shape_order). true when swapped. */
static bool order_pair(const col_shape **a, const col_shape **b) {
    bool swap = col__swap_pair(*a, *b, col_v3(0, 0, 0), col_v3(0, 0, 0), COL__PLANE_LAST);
    if (swap) {
        const col_shape *t = *a;
        *a = *b;
        *b = t;
    }
    return swap;
}

/* The warm start the cache holds for the pair (A, B) in GJK's order (swap:
 * A is the caller's b), into g. The cache is in the order of the call that
 * made it: shapes of two kinds are told apart by their kinds, whichever order
 * this call gives them; two of one kind by the order of the call. None when
 * it was made for other kinds. */
static void cache_load(const col_gjk_cache *cache, const col_shape *A, const col_shape *B, bool swap, gjk_state *g) {
    int ka = (int)A->kind, kb = (int)B->kind;
    bool direct = cache->kind_a == ka && cache->kind_b == kb, crossed = cache->kind_a == kb && cache->kind_b == ka;
    if (!(direct || crossed) || cache->count < 1 || cache->count > 4) return;
    bool flip = ka == kb ? swap : !direct; /* the cache's a is B */
    const int *ia = flip ? cache->index_b : cache->index_a, *ib = flip ? cache->index_a : cache->index_b;
    g->warm_n = cache->count;
    /* all four slots, without a loop on the count (those past it are
     * copied, never read) */
    for (int i = 0; i < 4; ++i) {
        g->warm_ia[i] = ia[i];
        g->warm_ib[i] = ib[i];
    }
}

/* GJK's final simplex into the cache, in the caller's order (none when a
 * vertex has no id: an ellipsoid's point, Gilbert's step's). */
static void cache_store(col_gjk_cache *cache, const col_shape *A, const col_shape *B, bool swap, const gjk_state *g) {
    cache->kind_a = (int)(swap ? B->kind : A->kind);
    cache->kind_b = (int)(swap ? A->kind : B->kind);
    /* the ids written in one pass, the count 0 where one is missing (-1:
     * either negative makes their bitwise or negative) */
    int missing = 0;
    for (int i = 0; i < g->s.n; ++i) {
        int ia = g->s.v[i].ia, ib = g->s.v[i].ib;
        missing |= ia | ib;
        cache->index_a[i] = swap ? ib : ia;
        cache->index_b[i] = swap ? ia : ib;
    }
    cache->count = missing < 0 ? 0 : g->s.n;
}

/* Cores apart, one of them curved (the pairs col__epa_refine takes): GJK's
 * witnesses only approach a curved core (its stopping tolerance bounds the
 * distance's error; the witnesses' direction is good to about the square
 * root of that over the radius of curvature, 1e-6 rad at size 512, so a
 * polytope's face 1000 wide had its support point 2e-3 off the witness), so
 * their direction n = (a - b) / len, len = |a - b|, starts the refinement
 * of EPA's curved contacts on the least support value of A - B, here below 0
 * (minus the cores' distance; -len bounds it from below, the support value
 * along -n from above). true where it held: *e holds the least value and
 * the matched supports there. */
static bool refine_cores_apart(const col__proxy *A, const col__proxy *B, col_vec3 n, col_real len, epa_out *e) {
    if (!col__epa_refinable(A, B)) return false;
    memset(e, 0, sizeof *e);
    e->n = col_v3_neg(n);
    e->depth = col_v3_dot(col__support_pair(A, B, e->n).w, e->n);
    e->ncand = 1;
    e->cand[0] = e->n;
    e->cand_dist[0] = -len;
    return col__epa_refine(A, B, e);
}

/* The duality gap of core witnesses w = a - b (cores apart): |w| minus the
 * lower bound of the distance that the support along -w / |w| proves, the
 * sum of how far each witness lies from its core's supporting plane across
 * that direction. */
static col_real core_gap(const col__proxy *A, const col__proxy *B, col_vec3 w) {
    col_real len = col__len_safe(w);
    if (!(len > COL_R(0.0))) return COL_REAL_MAX;
    col_vec3 n = col_v3_scale(w, COL_R(1.0) / len);
    return len - col_v3_dot(col__support_pair(A, B, col_v3_neg(n)).w, n);
}

/* GJK's answer on cores apart, one of them curved, refined to the cores'
 * least support value (refine_cores_apart): exact witnesses and normal
 * where GJK's only approach them. Kept where the refined witnesses are no
 * further apart than GJK's and their duality gap (core_gap) no larger, to
 * the gaps' rounding (the refinement stops on the part
 * of w across its direction within its tolerance, 128 eps of the sizes and
 * the radii of curvature: 6e-8 for a disc 512 by 0.125, which 1.2e-4 from
 * another turned w 5e-4 rad, its support 9e-4 off; GJK's was 2e-10,
 * fuzz/regressions/distance/refined-witnesses-of-a-thin-disc-turned-off-
 * the-normal) and the shapes still apart. */
static col_distance_result refine_distance(const pair *P, const gjk_state *g, const col__proxy *As,
                                           const col__proxy *Bs, col_distance_result r) {
    if (r.status != COL_MISS || g->overlap) return r;
    col_vec3 ca, cb;
    col__witness(&g->s, &ca, &cb);
    col_vec3 d = col_v3_sub(ca, cb);
    col_real len = col__len_safe(d);
    if (!(len > COL_GJK_SIZE_TOLERANCE * (As->size + Bs->size))) return r;
    epa_out e;
    if (!refine_cores_apart(As, Bs, col_v3_scale(d, COL_R(1.0) / len), len, &e)) return r;
    /* the gaps are measured along each answer's own normal, which rounding
     * turns by a few ulps of the size over the distance: across a face as
     * wide as the size that moves the support by 64 eps size^2 / distance
     * (in float, 0.3 for a box 2000 wide 0.375 from an ellipsoid), below
     * which the nearer pair decides */
    col_real lr = col__len_safe(e.w.w), size = col_max(As->size, Bs->size);
    if (!(lr > COL_R(0.0) && lr <= len)) return r; /* (touching: the decision stays GJK's, below) */
    col_real noise = COL_R(64.0) * COL_EPSILON * size * (size / lr);
    if (!(core_gap(As, Bs, e.w.w) <= core_gap(As, Bs, d) + noise)) return r;
    col_distance_result x = col__rounded_result(e.w.a, P->ra, e.w.b, P->rb);
    if (x.status == COL_MISS) {
        /* the normal: the refinement's direction, along which each witness
         * is its core's support point, not the witnesses' difference, whose
         * part across it is only within the contact's tolerance (128 eps
         * of the sizes and the radii of curvature): a disc 1023 by 7 6.5e-5
         * from a polytope's face had the difference 3.5e-6 rad off, and
         * the disc's support along it 3.6e-4 beyond a*, fuzz/regressions/
         * distance/refined-normal-of-a-disc-by-a-nearly-parallel-face */
        col_vec3 m = col__unit_or(col_v3_neg(e.n), x.normal);
        x.normal = col__no_neg_zero(m);
        x.point_a = col_v3_madd(e.w.a, -P->ra, m);
        x.point_b = col_v3_madd(e.w.b, P->rb, m);
    }
    x.iterations = r.iterations;
    /* the decision stays GJK's, as col_penetration's and col_overlap's: a
     * pair built to touch, which GJK left 1.3e-8 apart at size 700 and the
     * refinement at 0, is apart to all three (fuzz/regressions/distance/
     * refined-distance-of-a-touching-ball-and-box) */
    return x.status == r.status ? x : r;
}

/* ------------------------- tiny pairs, scaled up ------------------------- */

/*
 * A pair whose every coordinate lies within TINY_PAIR of the origin is
 * measured scaled up by a power of two (exact: no bit is lost going up),
 * its largest coordinate into [0.5, 1), and the answer scaled back. GJK's
 * and EPA's squared lengths and triple products underflow below about the
 * sixth root of the least normal number: a point 1.3e-162 off a flat hull
 * of points 2e-158 from the origin, its |v|^2 rounded to 0, was touching
 * to col_distance (fuzz/regressions/distance/point-on-a-tiny-hull-apart-
 * to-penetration). The cost elsewhere: two reference points compared (the
 * bounds only where both lie that near the origin). A polytope of more
 * than TINY_POINTS points, and a plane, are measured as given.
 */
#define TINY_PAIR (COL_EPSILON < COL_R(1e-10) ? COL_R(0x1p-100) : COL_R(0x1p-16))
#define TINY_POINTS 64

typedef struct tiny_pair {
    col_shape a, b;
    col_vec3 pa[TINY_POINTS], pb[TINY_POINTS];
    int k; /* the coordinates times 2^k */
} tiny_pair;

static col_real scale_by(col_real x, int k) { return (col_real)ldexp((double)x, k); }

static col_vec3 scale3_by(col_vec3 v, int k) { return col_v3(scale_by(v.x, k), scale_by(v.y, k), scale_by(v.z, k)); }

/* s with every coordinate and length times 2^k into *out (a polytope's
 * points into pts); false for a plane, a polytope of more than TINY_POINTS
 * points, or a kind without coordinates. */
static bool scaled_shape(const col_shape *s, int k, col_shape *out, col_vec3 *pts) {
    *out = *s;
    switch (s->kind) {
    case COL_SHAPE_POINT: out->u.point.p = scale3_by(s->u.point.p, k); return true;
    case COL_SHAPE_SEGMENT:
        out->u.segment.a = scale3_by(s->u.segment.a, k);
        out->u.segment.b = scale3_by(s->u.segment.b, k);
        return true;
    case COL_SHAPE_TRIANGLE:
        out->u.triangle.a = scale3_by(s->u.triangle.a, k);
        out->u.triangle.b = scale3_by(s->u.triangle.b, k);
        out->u.triangle.c = scale3_by(s->u.triangle.c, k);
        return true;
    case COL_SHAPE_SPHERE:
        out->u.sphere.c = scale3_by(s->u.sphere.c, k);
        out->u.sphere.r = scale_by(s->u.sphere.r, k);
        return true;
    case COL_SHAPE_CAPSULE:
        out->u.capsule.a = scale3_by(s->u.capsule.a, k);
        out->u.capsule.b = scale3_by(s->u.capsule.b, k);
        out->u.capsule.r = scale_by(s->u.capsule.r, k);
        return true;
    case COL_SHAPE_AABB:
        out->u.aabb.min = scale3_by(s->u.aabb.min, k);
        out->u.aabb.max = scale3_by(s->u.aabb.max, k);
        return true;
    case COL_SHAPE_OBB: /* (its axes are directions) */
        out->u.obb.c = scale3_by(s->u.obb.c, k);
        out->u.obb.e = scale3_by(s->u.obb.e, k);
        return true;
    case COL_SHAPE_ELLIPSOID:
        out->u.ellipsoid.c = scale3_by(s->u.ellipsoid.c, k);
        out->u.ellipsoid.r = scale3_by(s->u.ellipsoid.r, k);
        return true;
    case COL_SHAPE_POLYTOPE:
        if (s->u.polytope.count > TINY_POINTS) return false;
        for (int i = 0; i < s->u.polytope.count; ++i) pts[i] = scale3_by(s->u.polytope.points[i], k);
        out->u.polytope.points = pts;
        return true;
    default: return false;
    }
}

/* Whether the reference points of a and b lie within TINY_PAIR of the
 * origin (the common pair's answer, no: the first comparison). */
static inline bool tiny_refs(const col_shape *a, const col_shape *b) {
    return col__max_abs3(col__shape_ref(a)) < TINY_PAIR && col__max_abs3(col__shape_ref(b)) < TINY_PAIR;
}

/* true where the valid pair a, b lies within TINY_PAIR of the origin (and
 * not all at it): *t its copy scaled up (tiny_pair). */
static bool tiny_scaled(const col_shape *a, const col_shape *b, tiny_pair *t) {
    col_aabb ba, bb;
    if (!col_shape_bounds(a, &ba) || !col_shape_bounds(b, &bb)) return false; /* (a plane) */
    col_real m = col_max(col_max(col__max_abs3(ba.min), col__max_abs3(ba.max)),
                         col_max(col__max_abs3(bb.min), col__max_abs3(bb.max)));
    if (!(m < TINY_PAIR) || !(m > COL_R(0.0))) return false;
    int e;
    (void)frexp((double)m, &e); /* m = f 2^e, f in [0.5, 1) */
    t->k = -e;
    return scaled_shape(a, t->k, &t->a, t->pa) && scaled_shape(b, t->k, &t->b, t->pb);
}

static col_distance_result distance_impl(const col_shape *a, const col_shape *b, bool force_gjk, bool yes_no,
                                         col_gjk_cache *cache);

/* distance_impl of a tiny pair scaled up (tiny_scaled) into *out; false
 * where the pair is not one. Out of line: its copies stay off the common
 * call's stack. */
COL__NOINLINE static bool tiny_distance(const col_shape *a, const col_shape *b, bool force_gjk, bool yes_no,
                                        col_gjk_cache *cache, col_distance_result *out) {
    tiny_pair t;
    if (!tiny_scaled(a, b, &t)) return false;
    col_distance_result r = distance_impl(&t.a, &t.b, force_gjk, yes_no, cache);
    r.distance = scale_by(r.distance, -t.k);
    /* apart by less than the least subnormal: that, not 0 (apart, as to
     * col_penetration; a distance rounded down is within its spacing) */
    if (r.status != COL_HIT && r.distance == COL_R(0.0)) r.distance = COL__REAL_TRUE_MIN;
    r.point_a = scale3_by(r.point_a, -t.k);
    r.point_b = scale3_by(r.point_b, -t.k);
    *out = r;
    return true;
}

static col_distance_result distance_impl(const col_shape *a, const col_shape *b, bool force_gjk, bool yes_no,
                                         col_gjk_cache *cache) {
    if (!col__pair_valid(a, b)) return col__distance_invalid();
    col_distance_result tiny;
    if (tiny_refs(a, b) && tiny_distance(a, b, force_gjk, yes_no, cache, &tiny)) return tiny;
    if (force_gjk && (a->kind == COL_SHAPE_PLANE || b->kind == COL_SHAPE_PLANE)) return col__distance_invalid();
    bool swap = order_pair(&a, &b);
    pair P;
    col__pair_init(&P, a, b, force_gjk);
    gjk_state g;
    col__gjk_init(&g, yes_no ? P.ra + P.rb : COL_R(-1.0));
    if (cache && P.use_gjk) cache_load(cache, a, b, swap, &g);
    col__proxy As, Bs;
    col_distance_result r = col__pair_distance(&P, col_v3(0, 0, 0), &g, &As, &Bs);
    if (P.use_gjk && !force_gjk && !yes_no) r = refine_distance(&P, &g, &As, &Bs, r);
    if (cache && P.use_gjk) cache_store(cache, a, b, swap, &g);
    /* into the world, in the caller's order: the answer written whole
     * where it is returned (see col__gjk_distance) */
    col_vec3 pa = col_v3_add(r.point_a, P.o), pb = col_v3_add(r.point_b, P.o);
    return (col_distance_result){r.status,
                                 r.distance,
                                 swap ? pb : pa,
                                 swap ? pa : pb,
                                 col__no_neg_zero(swap ? col_v3_neg(r.normal) : r.normal),
                                 r.iterations};
}

col_distance_result col_gjk_distance(const col_shape *a, const col_shape *b) {
    return distance_impl(a, b, true, false, NULL);
}

col_distance_result col_gjk_distance_cached(const col_shape *a, const col_shape *b, col_gjk_cache *cache) {
    return distance_impl(a, b, true, false, cache);
}

col_distance_result col_distance(const col_shape *a, const col_shape *b) {
    return distance_impl(a, b, false, false, NULL);
}

bool col__overlap_by_distance(const col_shape *a, const col_shape *b) {
    return distance_impl(a, b, false, true, NULL).status == COL_HIT;
}

/* Penetration of the pair with A moved by shift, in the frame. */
/* The direction of a point or segment core (zero for a point); false for
 * other cores. */
static bool linear_direction(const col_shape *c, col_vec3 *d) {
    if (c->kind == COL_SHAPE_POINT) {
        *d = col_v3(0, 0, 0);
        return true;
    }
    if (c->kind != COL_SHAPE_SEGMENT) return false;
    *d = col_v3_sub(c->u.segment.b, c->u.segment.a);
    return true;
}

/* A unit normal of the flat Minkowski difference of two touching point or
 * segment cores: the cross product of their directions, or, for parallel
 * ones (or a point and a segment), the perpendicular of the direction along
 * the axis it points least along. Zero for two points, or cores of other
 * kinds. */
static col_vec3 flat_normal(const col_shape *a, const col_shape *b) {
    col_vec3 da, db, zero = col_v3(0, 0, 0);
    if (!linear_direction(a, &da) || !linear_direction(b, &db)) return zero;
    col_real la = col__max_abs3(da), lb = col__max_abs3(db);
    if (la > 0 && lb > 0) {
        /* scaled to [-1, 1] first: no overflow or underflow in the products */
        col_vec3 c = col_v3_cross(col_v3_scale(da, COL_R(1.0) / la), col_v3_scale(db, COL_R(1.0) / lb));
        if (col__max_abs3(c) > COL_R(64.0) * COL_EPSILON) return col__unit_or(c, zero);
    }
    col_vec3 d = la >= lb ? da : db;
    if (!(col__max_abs3(d) > 0)) return zero;
    col_vec3 ad = col_v3_abs(d);
    col_vec3 axis = ad.x <= ad.y && ad.x <= ad.z ? col_v3(1, 0, 0) : ad.y <= ad.z ? col_v3(0, 1, 0) : col_v3(0, 0, 1);
    return col__unit_or(col_v3_cross(col_v3_scale(d, COL_R(1.0) / col__max_abs3(d)), axis), zero);
}

/* The end points of a point or segment core in the frame at o, moved by
 * shift; the count (1 or 2), 0 for other cores. */
static int linear_points(const col_shape *c, col_vec3 o, col_vec3 shift, col_vec3 p[2]) {
    if (c->kind == COL_SHAPE_POINT) {
        p[0] = col_v3_add(col_v3_sub(c->u.point.p, o), shift);
        return 1;
    }
    if (c->kind != COL_SHAPE_SEGMENT) return 0;
    p[0] = col_v3_add(col_v3_sub(c->u.segment.a, o), shift);
    p[1] = col_v3_add(col_v3_sub(c->u.segment.b, o), shift);
    return 2;
}

/* The point or segment core of s, built in *buf where it is not s: a
 * sphere's centre, a capsule's segment, a linear ellipsoid's
 * (col__ellipsoid_linear: two radii 0 or below an ulp of its coordinates);
 * NULL for other shapes. */
static const col_shape *linear_core(const col_shape *s, col_shape *buf) {
    if (s->kind == COL_SHAPE_POINT || s->kind == COL_SHAPE_SEGMENT) return s;
    if (s->kind == COL_SHAPE_SPHERE || s->kind == COL_SHAPE_CAPSULE) return core_of(s, buf);
    col_vec3 h;
    if (s->kind != COL_SHAPE_ELLIPSOID || !col__ellipsoid_linear(&s->u.ellipsoid, &h)) return NULL;
    const col_vec3 c = s->u.ellipsoid.c;
    if (col__same_point(h, col_v3(0, 0, 0))) {
        buf->kind = COL_SHAPE_POINT;
        buf->u.point.p = c;
        return buf;
    }
    buf->kind = COL_SHAPE_SEGMENT;
    buf->u.segment.a = col_v3_sub(c, h);
    buf->u.segment.b = col_v3_add(c, h);
    return buf;
}

/*
 * Penetration of two shapes whose cores are points or segments (spheres,
 * capsules, points, segments): for a unit direction n, moving A by
 * depth(n) = h(n) + ra + rb along n, where h(n) = max over the cores'
 * difference of -n.x (from their end points, exactly as supports), leaves
 * the cores at least ra + rb apart, so every candidate is a valid push; the
 * least of three is taken: the direction between the closest points (exact
 * when they are well apart), and both senses of the normal of the cores'
 * plane (the cross product of the directions; a perpendicular for parallel
 * ones or a point), along which touching or crossing cores part at once
 * (their difference is flat there). The closest points of two nearly
 * parallel segments that meet are ill-conditioned: their direction alone
 * once gave a push too short (a fuzz finding). false for two point cores
 * that coincide (no direction: the caller's case) and for other cores.
 */
static bool linear_penetration(const pair *P, const col_shape *la, const col_shape *lb, col_vec3 shift, col_vec3 ca,
                               col_vec3 cb, bool cores_apart, col_penetration_result *pen) {
    col_vec3 pa[2] = {{0, 0, 0}, {0, 0, 0}}, pb[2] = {{0, 0, 0}, {0, 0, 0}};
    int na = linear_points(la, P->o, shift, pa), nb = linear_points(lb, P->o, col_v3(0, 0, 0), pb);
    if (!na || !nb) return false;
    col_vec3 cand[3];
    int nc = 0;
    col_vec3 d = col_v3_sub(ca, cb);
    if (cores_apart && col__len_safe(d) > COL_R(0.0)) cand[nc++] = col__unit_or(d, col_v3(0, 0, 1));
    col_vec3 n = flat_normal(la, lb);
    if (!col__same_point(n, col_v3(0, 0, 0))) {
        cand[nc++] = n;
        cand[nc++] = col_v3_neg(n);
    }
    if (nc == 0) return false;
    int best = -1;
    col_real best_depth = COL_REAL_MAX;
    for (int k = 0; k < nc; ++k) {
        col_real amin = col_v3_dot(cand[k], pa[0]), bmax = col_v3_dot(cand[k], pb[0]);
        if (na == 2) amin = col_min(amin, col_v3_dot(cand[k], pa[1]));
        if (nb == 2) bmax = col_max(bmax, col_v3_dot(cand[k], pb[1]));
        col_real depth = (bmax - amin) + P->ra + P->rb;
        if (depth < best_depth) {
            best_depth = depth;
            best = k;
        }
    }
    pen->depth = col_max(COL_R(0.0), best_depth);
    pen->normal = cand[best];
    pen->point_a = col_v3_madd(ca, -P->ra, cand[best]);
    pen->point_b = col_v3_madd(cb, P->rb, cand[best]);
    return true;
}

/* The penetration of cores overlapping by depth along n (the separating
 * axes'), with the radii: matched points on the contact (col__sat_witness),
 * moved out by the radii. touch (or NULL): a point of both cores, to take
 * where the features along n face nothing (the cores touch within GJK's
 * band, where several axes give about zero depth and n's need not be the
 * one whose features meet: a triangle's edge through the edge of a box
 * flat in z, along an axis 2e-4 rad from the edges' own, put b* 8.1e-5 off
 * the box, fuzz/regressions/distance/sat-witness-of-a-touching-pair-facing-
 * nothing): a* there, b* = a* + depth n. */
static col_penetration_result sat_result(const pair *P, const col__proxy *As, const col__proxy *Bs, col_real depth,
                                         col_vec3 n, const col_vec3 *touch) {
    col_vec3 ca, cb;
    if (!col__sat_witness(As, Bs, &depth, &n, &ca, &cb) && touch) {
        ca = *touch;
        cb = col_v3_madd(ca, depth, n);
    }
    /* written whole where it is returned (see penetration_impl) */
    return (col_penetration_result){
        COL_HIT, depth + P->ra + P->rb, n, col_v3_madd(ca, -P->ra, n), col_v3_madd(cb, P->rb, n), 0};
}

/* The band within which the separating axes leave the decision to the
 * general path, as col_distance takes it: GJK calls cores touching up to
 * COL_GJK_SIZE_TOLERANCE of their size. false for shapes so small that
 * fourth powers of their size underflow (1e-73 in double): the closed-form
 * distances lose products there (a triangle's squared normal; a fuzz
 * finding at 1e-98, where col_distance called a pair apart that the exact
 * test and the axes find overlapping), so the general path decides, as
 * col_distance does, and the two agree. */
static bool axes_band(const col__proxy *A, const col__proxy *B, col_vec3 o, col_real *band) {
    col_real size = A->size + B->size;
    /* and the rounding of the coordinates into the frame at o, relative to
     * o: two tiny boxes 1e-13 from the origin, touching exactly, were put
     * 1e-29 apart by it, beyond a band relative to their size (1e-22), and
     * penetration said apart where the distance said touching */
    *band = COL_R(4.0) * COL_GJK_SIZE_TOLERANCE * size + COL_R(8.0) * COL_EPSILON * col__abs_max(o);
    return size * size * (size * size) >= COL__REAL_MIN / COL_EPSILON;
}

/* The penetration from a refined epa_out (col__epa_refine): the least
 * support value and the supports there, a matched pair (b* - a* = depth n). */
static void refined_result(const epa_out *e, col_real ra, col_real rb, col_penetration_result *pen) {
    pen->depth = col_max(e->depth + ra + rb, COL_R(0.0));
    pen->normal = col_v3_neg(e->n);
    pen->iterations = e->iterations;
    pen->point_a = col_v3_madd(e->w.a, ra, e->n);
    pen->point_b = col_v3_madd(e->w.b, -rb, e->n);
}

/* The penetration of rounded shapes whose cores are apart, one of them
 * curved, from the refined cores (refine_cores_apart). true where it held:
 * *pen set. */
static bool refine_apart(const col__proxy *A, const col__proxy *B, col_vec3 n, col_real len, col_real ra, col_real rb,
                         col_penetration_result *pen) {
    epa_out e;
    if (!refine_cores_apart(A, B, n, len, &e)) return false;
    refined_result(&e, ra, rb, pen);
    return true;
}

col_penetration_result col__pair_penetration(const pair *P, col_vec3 shift) {
    col_penetration_result pen;
    memset(&pen, 0, sizeof pen);
    if (P->b->kind == COL_SHAPE_PLANE) {
        col_distance_result r = plane_distance(P, shift, &pen);
        if (r.status != COL_HIT) pen.status = COL_MISS;
        return pen;
    }
    gjk_state g;
    /* a yes/no question first: cores proven apart by more than the radii
     * (and rounding) are the miss, whatever GJK's remaining iterations
     * would do (the distance itself is never asked of a miss) */
    col__gjk_init(&g, P->ra + P->rb);
    col__proxy As, Bs;
    /* A box and a polytope core: the separating axes decide where the cores
     * overlap, or (no radii) lie apart, by more than a band that covers
     * their rounding and the distance's (GJK's touching tolerance and its
     * error on polytopes), so that col_distance agrees; inside the band, and
     * for cores apart with radii, the general path decides, and where the
     * cores touch the axes give the depth instead of EPA. */
    int sat = -1;
    col_real sat_depth = COL_R(0.0);
    col_vec3 sat_n = col_v3(0, 0, 1);
    if (!P->force_gjk && sat_kinds(P->a->kind, P->b->kind)) {
        col__proxy_make(P->a, P->o, shift, &As);
        col__proxy_make(P->b, P->o, col_v3(0, 0, 0), &Bs);
        col_real band;
        if (axes_band(&As, &Bs, P->o, &band)) sat = col__sat_penetration(&As, &Bs, band, &sat_depth, &sat_n);
        if (sat == 1) return sat_result(P, &As, &Bs, sat_depth, sat_n, NULL);
        if (sat == 0 && P->ra == COL_R(0.0) && P->rb == COL_R(0.0)) return (col_penetration_result){.status = COL_MISS};
    }
    col_distance_result r = col__pair_distance(P, shift, &g, &As, &Bs);
    if (r.status == COL_MISS || r.status == COL_NOT_CONVERGED) {
        if (r.status == COL_NOT_CONVERGED && r.distance <= COL_R(0.0)) {
            /* fall through to the overlap cases below */
        } else {
            return (col_penetration_result){.status = COL_MISS};
        }
    }
    /* Overlapping. Are the cores apart? Then the answer is exact. */
    bool cores_apart;
    col_vec3 ca, cb, dcore;
    if (P->use_gjk) {
        cores_apart = !g.overlap;
        col__witness(&g.s, &ca, &cb);
        dcore = col_v3_sub(ca, cb);
    } else {
        col_shape buf;
        const col_shape *x = moved_core(P, shift, &buf);
        int it;
        P->closest(x, P->cb, &ca, &cb, &it);
        dcore = core_difference(P, x, ca, cb);
        ca = col_v3_sub(ca, P->o);
        cb = col_v3_sub(cb, P->o);
        cores_apart = !col__same_point(ca, cb);
    }
    pen.status = COL_HIT;
    col__proxy_make(P->a, P->o, shift, &As);
    col__proxy_make(P->b, P->o, col_v3(0, 0, 0), &Bs);
    {
        col_shape bufa, bufb;
        const col_shape *la = linear_core(P->a, &bufa), *lb = linear_core(P->b, &bufb);
        if (la && lb && linear_penetration(P, la, lb, shift, ca, cb, cores_apart, &pen)) return pen;
    }
    if (cores_apart) {
        col_vec3 d = dcore;
        col_real len = col__len_safe(d);
        /* apart by more than rounding: the direction between them is exact.
         * GJK's witnesses are each rounded to ulps of the size, so below
         * its touching band (COL_GJK_SIZE_TOLERANCE) their difference
         * points anywhere within a few ulps / len: the cores touch, and
         * EPA takes the normal (a capsule of radius 507 whose segment
         * touched an ellipsoid's pole 1.4e-11 away was pushed along a
         * direction 0.009 rad off, 0.0106 short of out, a CI finding,
         * regressions/distance/capsule-core-touching-an-ellipsoid-pushed-
         * along-a-rounded-direction) */
        col_real apart = P->use_gjk ? COL_GJK_SIZE_TOLERANCE : COL_GJK_OVERLAP_TOLERANCE;
        if (len > apart * (As.size + Bs.size)) {
            col_vec3 n = col__unit_or(d, col_v3(0, 0, 1));
            if (refine_apart(&As, &Bs, n, len, P->ra, P->rb, &pen)) return pen;
            pen.depth = col_max(COL_R(0.0), (P->ra + P->rb) - len);
            pen.normal = n;
            pen.point_a = col_v3_madd(ca, -P->ra, n);
            pen.point_b = col_v3_madd(cb, P->rb, n);
            return pen;
        }
    }
    /* The cores overlap: EPA on the cores. */
    if (!P->use_gjk) {
        col__gjk_run(&As, &Bs, &g);
        if (!g.overlap) {
            /* rounding put the closed form and GJK on different sides: touching */
            col__witness(&g.s, &ca, &cb);
        }
    }
    if (sat >= 0) /* within the band: the cores touch at ca */
        return sat_result(P, &As, &Bs, col_max(sat_depth, COL_R(0.0)), sat_n, &ca);
    epa_out e;
    /* two smooth cores (ellipsoids, points): EPA to 1e-4 of the size only
     * (its polytope approaches a curved difference slowly: a third of
     * random ellipsoid pairs reached its cap at 1e-10), then Newton's method
     * to the least support value; the full EPA where that fails */
    bool smooth = false;
    if (col__epa_refinable(&As, &Bs)) {
        col__epa_run_to(&As, &Bs, &g, col_max(COL_R(1e-4), COL_EPA_TOLERANCE), &e);
        smooth = e.depth > COL_R(0.0) && col__epa_refine(&As, &Bs, &e);
    }
    if (!smooth) {
        col__epa_run(&As, &Bs, &g, &e);
        smooth = e.depth > COL_R(0.0) && col__epa_refine(&As, &Bs, &e);
    }
    if (smooth) {
        e.depth = col_max(e.depth, COL_R(0.0)); /* (cores overlapping: below 0 by rounding only) */
        refined_result(&e, P->ra, P->rb, &pen);
        return pen;
    }
    col_vec3 n = col_v3_neg(e.n); /* A moves against the face normal of A - B */
    pen.depth = e.depth + P->ra + P->rb;
    pen.normal = n;
    pen.iterations = e.iterations;
    if (!e.converged) pen.status = COL_NOT_CONVERGED;
    if (col__same_point(e.n, col_v3(0, 0, 0))) {
        /* A - B is a single point (coincident point cores: concentric
         * spheres, a point at a sphere's centre): every direction is a push
         * of ra + rb; the rule is +x, in any frame and either order */
        pen.normal = col_v3(1, 0, 0);
        pen.point_a = col_v3_madd(ca, -P->ra, pen.normal);
        pen.point_b = col_v3_madd(cb, P->rb, pen.normal);
        return pen;
    }
    /* a matched pair on the contact (issue 17): where EPA converged on a
     * face with the origin's projection in it, that point's parts on A and
     * on B (each shape's own extreme point along the normal would be an
     * arbitrary corner of a face contact): a* on A's supporting feature, b*
     * on B's, b* - a* = depth n to EPA's tolerance; else A's support along
     * the face normal and B's against it */
    /* two cores given by points (point_cores): the features of
     * their points extreme along EPA's normal, clipped, give a matched pair
     * over both (EPA's decomposition of its face may put a* beside B's face
     * where the features are parallel faces); the features are the points
     * within rounding of the extremes, as the separating axes' are (EPA's
     * normal is its last face's, a facet of A - B to rounding where it
     * converged; a wider band put a* 2.6e-7 off A at size 512, lifted to
     * the extreme's height from a point of a feature tilted within it) */
    if (point_cores(P->a) && point_cores(P->b) && e.converged && e.depth >= COL_R(0.0)) {
        col_vec3 wa, wb;
        col_real tol = COL_R(64.0) * COL_EPSILON * (As.size + Bs.size);
        if (col__points_witness(&As, &Bs, e.depth, n, tol, &wa, &wb)) {
            pen.point_a = col_v3_madd(wa, -P->ra, n); /* a radius on: the shapes' surfaces */
            pen.point_b = col_v3_madd(wb, P->rb, n);
            return pen;
        }
    }
    /* a flat A - B (two coplanar triangles, a segment lying on a face): depth
     * 0 for the cores, whose common point (GJK's witnesses, or the closed
     * form's closest points, equal to rounding) is a matched pair; each
     * shape's extreme along the normal could be any corner of the contact (a
     * segment lying on a flat box's face got its far end, 928 from a*) */
    if (e.depth == COL_R(0.0) && e.converged) {
        pen.point_a = col_v3_madd(ca, -P->ra, n);
        pen.point_b = col_v3_madd(cb, P->rb, n);
        return pen;
    }
    if (e.has_face) {
        col_vec3 wa = col_v3(0, 0, 0), wb = col_v3(0, 0, 0);
        for (int j = 0; j < 3; ++j) {
            wa = col_v3_madd(wa, e.bc[j], e.face[j].a);
            wb = col_v3_madd(wb, e.bc[j], e.face[j].b);
        }
        pen.point_a = col_v3_madd(wa, P->ra, e.n);
        pen.point_b = col_v3_madd(wb, -P->rb, e.n);
        return pen;
    }
    pen.point_a = col_v3_madd(col__proxy_support(&As, e.n), P->ra, e.n);
    pen.point_b = col_v3_madd(col__proxy_support(&Bs, col_v3_neg(e.n)), -P->rb, e.n);
    return pen;
}

/* Coincident point cores (concentric spheres, a point at a sphere's
 * centre, two equal points): every direction is a push of ra + rb, and the
 * rule is +x for the call's A (col__pair_penetration's single-point case,
 * taken after the pair's order is undone), so that no frame and neither
 * order changes it. */
static void coincident_rule(const col_shape *a, const col_shape *b, col_vec3 *normal, col_vec3 *point_a,
                            col_vec3 *point_b) {
    col_shape buf_a, buf_b;
    const col_shape *ca = core_of(a, &buf_a), *cb = core_of(b, &buf_b);
    if (ca->kind != COL_SHAPE_POINT || cb->kind != COL_SHAPE_POINT || !col__same_point(ca->u.point.p, cb->u.point.p))
        return;
    *normal = col_v3(1, 0, 0);
    *point_a = col_v3_madd(ca->u.point.p, -radius_of(a), *normal);
    *point_b = col_v3_madd(cb->u.point.p, radius_of(b), *normal);
}

/* A ball about a valid AABB or OBB: its centre and a radius at least its
 * circumradius, the sum of its extents (an OBB's corner c + sum_i +-e_i
 * u_i lies within sum_i e_i |u_i| of c, its axes unit to
 * COL_ORTHONORMAL_TOLERANCE: the radius allows twice that). */
static col_real box_ball(const col_shape *s, col_vec3 *c) {
    col_vec3 e;
    if (s->kind == COL_SHAPE_AABB) {
        *c = col_v3_scale(col_v3_add(s->u.aabb.min, s->u.aabb.max), COL_R(0.5));
        e = col_v3_scale(col_v3_sub(s->u.aabb.max, s->u.aabb.min), COL_R(0.5));
    } else {
        *c = s->u.obb.c;
        e = s->u.obb.e;
    }
    return (e.x + e.y + e.z) * (COL_R(1.0) + COL_R(2.0) * (col_real)COL_ORTHONORMAL_TOLERANCE);
}

/* Two valid boxes (AABB or OBB) surely apart, by far more than any band
 * within which col_distance or the penetration's paths call shapes
 * touching: their balls (box_ball) part by more than a sixteenth of their
 * radii (the bands are COL_GJK_SIZE_TOLERANCE of the sizes, at most 1024
 * eps) plus 64 eps of the centres' largest coordinate (the centre's and
 * the squares' rounding, a few eps, and the frame's, 8 eps). Every path
 * then answers the miss, so col_penetration gives it without building the
 * pair: the far pairs' answer, in a few dozen instructions. */
static bool boxes_far_apart(const col_shape *a, const col_shape *b) {
    bool box_a = a->kind == COL_SHAPE_AABB || a->kind == COL_SHAPE_OBB,
         box_b = b->kind == COL_SHAPE_AABB || b->kind == COL_SHAPE_OBB;
    if (!(box_a && box_b)) return false;
    col_vec3 ca, cb;
    col_real r = box_ball(a, &ca) + box_ball(b, &cb);
    col_real reach = COL_R(1.0625) * r + COL_R(64.0) * COL_EPSILON * (col__abs_max(ca) + col__abs_max(cb) + r);
    return col_v3_len_sq(col_v3_sub(ca, cb)) > reach * reach;
}

static col_penetration_result penetration_impl(const col_shape *a, const col_shape *b, bool force_gjk);

/* penetration_impl of a tiny pair scaled up, as tiny_distance. */
COL__NOINLINE static bool tiny_penetration(const col_shape *a, const col_shape *b, bool force_gjk,
                                           col_penetration_result *out) {
    tiny_pair t;
    if (!tiny_scaled(a, b, &t)) return false;
    col_penetration_result p = penetration_impl(&t.a, &t.b, force_gjk);
    p.depth = scale_by(p.depth, -t.k);
    p.point_a = scale3_by(p.point_a, -t.k);
    p.point_b = scale3_by(p.point_b, -t.k);
    *out = p;
    return true;
}

static col_penetration_result penetration_impl(const col_shape *a, const col_shape *b, bool force_gjk) {
    if (!col__pair_valid(a, b)) return (col_penetration_result){.status = COL_INVALID};
    col_penetration_result tiny;
    if (tiny_refs(a, b) && tiny_penetration(a, b, force_gjk, &tiny)) return tiny;
    if (!col__exact_always && boxes_far_apart(a, b)) return (col_penetration_result){.status = COL_MISS};
    const col_shape *call_a = a, *call_b = b;
    bool swap = order_pair(&a, &b);
    pair P;
    col__pair_init(&P, a, b, force_gjk);
    col_penetration_result pen = col__pair_penetration(&P, col_v3(0, 0, 0));
    if (pen.status == COL_MISS) return (col_penetration_result){.status = COL_MISS};
    /* Into the world, in the caller's order. Each result is written whole
     * where it is returned: one changed field by field and returned was
     * assembled in a temporary and copied out with loads across the
     * fields' own stores, which store forwarding cannot serve. */
    col_vec3 normal = pen.normal, point_a = col_v3_add(pen.point_a, P.o), point_b = col_v3_add(pen.point_b, P.o);
    if (swap) {
        /* moving B by depth along n is moving A by depth along -n */
        col__swap_witness(&point_a, &point_b, &normal);
    }
    coincident_rule(call_a, call_b, &normal, &point_a, &point_b);
    return (col_penetration_result){pen.status, pen.depth, col__no_neg_zero(normal), point_a, point_b, pen.iterations};
}

col_penetration_result col_penetration(const col_shape *a, const col_shape *b) { return penetration_impl(a, b, false); }

col_penetration_result col_epa_penetration(const col_shape *a, const col_shape *b) {
    return penetration_impl(a, b, true);
}
