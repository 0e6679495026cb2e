/*
 * libFuzzer harness: the SAT and closed-form tests against the distance-based
 * (GJK) queries, for every pair of convex kinds, polytopes included.
 *
 * Input: a mode byte (grid or raw, see fuzz_input.h), two shapes (each a
 * polytope of 1..8 points when its selector byte says so), an offset.
 * Properties (bands in bands.h):
 *   - distance, GJK distance and penetration are symmetric: swapping A and B
 *     swaps the points and negates the normal, bit for bit;
 *   - invalid input gives COL_INVALID; valid input never gives NaN, a
 *     negative distance or depth, or a non-unit normal where one is promised;
 *   - col_distance (closed forms where they exist) and col_gjk_distance agree
 *     within FZ_BAND_DISTANCE;
 *   - col_overlap agrees with the distance being 0, outside FZ_BAND_TOUCH;
 *   - the closest points are optimal: each is a support point of its shape
 *     along the normal, and they are `distance` apart;
 *   - the normal of polytope cores (boxes, triangles, segments, points,
 *     hulls, and the spheres and capsules around them) separates them,
 *     however near they are (A's least extent along it at least B's
 *     greatest; a hull's to the square root of GJK's tolerance);
 *   - moving A out by the penetration depth along its normal leaves the shapes
 *     touching, and a little further separates them (FZ_BAND_PUSH).
 * Boundary mode (grid, mode bit 1): the properties above where they are
 * hardest, on pairs placed at the boundary. Boxes are turned by a
 * quaternion (the grid's boxes are axis-aligned, so their edge-edge axes
 * never separate them); then B moves along the pair's normal until it is a
 * chosen gap from A: size * 2^-k apart or that deep (k = 8..47, far inside
 * the bands' reach down to about 100 times the distance band), or touching
 * to rounding; two boxes are also placed edge to edge (fz_place_edges), so
 * that their cross-product axes decide. A test fattened by an epsilon, or
 * missing an axis, answers
 * wrongly there, and the distance (GJK, an independent method) says so.
 */
#include "bands.h"
#include "slow_approach.h"

/* A shape, or a polytope over pts (which must outlive it). */
static col_shape fz_convex(fz_input *in, int grid, col_vec3 *pts) {
    uint8_t sel = fz_u8(in);
    if ((sel & 7) != 7) return fz_shape(in, grid);
    col_shape s;
    memset(&s, 0, sizeof s);
    s.kind = COL_SHAPE_POLYTOPE;
    int n = 1 + (sel >> 3) % 8;
    for (int i = 0; i < n; ++i) pts[i] = fz_vec3(in, grid);
    s.u.polytope.points = pts;
    s.u.polytope.count = n;
    return s;
}

/* A kind whose core is a polytope (its normal near touching a face's, an
 * edge's or a separating axis's): not an ellipsoid or a plane. */
static bool polyhedral_kind(col_shape_kind k) {
    return k != COL_SHAPE_ELLIPSOID && k != COL_SHAPE_PLANE && col_distance_method(k, k) != '.';
}

static bool finite3(col_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }

static bool unit(col_vec3 v) { return fabs((double)col_v3_len(v) - 1.0) <= FZ_UNIT; }

static bool same3(col_vec3 a, col_vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

static void print_result(const char *label, col_distance_result r) {
    fprintf(stderr, "  %s: status %d distance %a a (%a %a %a) b (%a %a %a) n (%a %a %a) it %d\n", label, r.status,
            (double)r.distance, (double)r.point_a.x, (double)r.point_a.y, (double)r.point_a.z, (double)r.point_b.x,
            (double)r.point_b.y, (double)r.point_b.z, (double)r.normal.x, (double)r.normal.y, (double)r.normal.z,
            r.iterations);
}

#define CHECK_D(cond, msg, a, b, r)                                                                                    \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            print_result("result", r);                                                                                 \
            FZ_CHECK(false, msg, a, b);                                                                                \
        }                                                                                                              \
    } while (0)

/* A sphere or a capsule against a triangle or a box: the closed-form
 * distance of its core (the centre, the axis; Ericson 5.1.9, 5.1.10) decides
 * the exact overlap test beyond the band, both ways. (EPA's depth, the other check of a yes, is no
 * measure where one shape is flat: fz_flat.) */
static void check_core_distance(const col_shape *a, const col_shape *b) {
    bool closed = b->kind == COL_SHAPE_TRIANGLE || b->kind == COL_SHAPE_AABB || b->kind == COL_SHAPE_OBB;
    if (!closed || (a->kind != COL_SHAPE_SPHERE && a->kind != COL_SHAPE_CAPSULE)) return;
    col_shape core;
    memset(&core, 0, sizeof core);
    double r;
    if (a->kind == COL_SHAPE_SPHERE) {
        core.kind = COL_SHAPE_POINT;
        core.u.point.p = a->u.sphere.c;
        r = (double)a->u.sphere.r;
    } else {
        core.kind = COL_SHAPE_SEGMENT;
        core.u.segment.a = a->u.capsule.a;
        core.u.segment.b = a->u.capsule.b;
        r = (double)a->u.capsule.r;
    }
    double dc = (double)col_distance(&core, b).distance, band = fz_band_touch(a, b);
    bool o = col_overlap(a, b);
    if (dc < r - band)
        FZ_CHECK(o, "a core within its radius of a triangle or box by more than the band overlaps it", a, b);
    if (dc > r + band)
        FZ_CHECK(!o, "a core farther than its radius from a triangle or box by the band does not overlap it", a, b);
}

/* The support value of A - B along the unit m (the whole shapes, radii too):
 * an upper bound of the penetration depth along any m. */
static double support_value(const col_shape *a, const col_shape *b, col_vec3 m) {
    col_vec3 pa, pb;
    if (!col_support(a, m, &pa) || !col_support(b, col_v3_neg(m), &pb)) return HUGE_VAL;
    return (double)col_v3_dot(col_v3_sub(pa, pb), m);
}

/* The least support value of A - B that a projected gradient descent (the
 * support point's part across m is the gradient on the sphere; steps grown
 * and halved by their success) reaches from each of the six axis directions
 * in 200 steps: an upper bound of the least depth, by another method than
 * col_penetration's. */
static double least_support_descent(const col_shape *a, const col_shape *b) {
    double lowest = HUGE_VAL;
    for (int k = 0; k < 6; ++k) {
        col_vec3 m = col_v3(k == 0 ? 1 : k == 1 ? -1 : 0, k == 2 ? 1 : k == 3 ? -1 : 0, k == 4 ? 1 : k == 5 ? -1 : 0);
        double h = support_value(a, b, m), step = 0.25;
        for (int it = 0; it < 200 && step > 1e-12; ++it) {
            col_vec3 pa, pb;
            if (!col_support(a, m, &pa) || !col_support(b, col_v3_neg(m), &pb)) break;
            col_vec3 sd = col_v3_sub(pa, pb), t = col_v3_madd(sd, -col_v3_dot(sd, m), m);
            double tl = (double)col_v3_len(t);
            if (!(tl > 0)) break;
            col_vec3 mn = col_v3_madd(m, (col_real)(-step / tl), t);
            mn = col_v3_scale(mn, COL_R(1.0) / col_v3_len(mn));
            double hn = support_value(a, b, mn);
            if (hn < h) {
                m = mn;
                h = hn;
                step *= 1.5;
            } else {
                step *= 0.5;
            }
        }
        lowest = fmin(lowest, h);
    }
    return lowest;
}

/* Whether col_penetration takes the pair's depth from the separating axes:
 * a box (AABB or OBB) and a box, a triangle, or a point or segment core. */
static bool sat_pair(const col_shape *a, const col_shape *b) {
    col_shape_kind ka = a->kind, kb = b->kind;
    bool box_a = ka == COL_SHAPE_AABB || ka == COL_SHAPE_OBB, box_b = kb == COL_SHAPE_AABB || kb == COL_SHAPE_OBB;
    bool poly_a = box_a || ka == COL_SHAPE_TRIANGLE || ka == COL_SHAPE_POINT || ka == COL_SHAPE_SEGMENT ||
                  ka == COL_SHAPE_SPHERE || ka == COL_SHAPE_CAPSULE;
    bool poly_b = box_b || kb == COL_SHAPE_TRIANGLE || kb == COL_SHAPE_POINT || kb == COL_SHAPE_SEGMENT ||
                  kb == COL_SHAPE_SPHERE || kb == COL_SHAPE_CAPSULE;
    /* and a triangle against a segment or a capsule (A - B of the cores a
     * solid; against a point core it is flat), where the triangle is not
     * collinear (a segment's or a point's: against a segment A - B is flat
     * and may leave the axes none, when the general path decides) */
    bool tri_a = ka == COL_SHAPE_TRIANGLE && fz_aspect(a) > 0, tri_b = kb == COL_SHAPE_TRIANGLE && fz_aspect(b) > 0;
    bool lin_a = ka == COL_SHAPE_SEGMENT || ka == COL_SHAPE_CAPSULE,
         lin_b = kb == COL_SHAPE_SEGMENT || kb == COL_SHAPE_CAPSULE;
    if ((ka == COL_SHAPE_TRIANGLE && !tri_a) || (kb == COL_SHAPE_TRIANGLE && !tri_b)) return (box_a || box_b);
    return (box_a && poly_b) || (box_b && poly_a) || (tri_a && lin_b) || (tri_b && lin_a);
}

/* The contact manifold (col_manifold, issue 17): col_penetration's status,
 * 1 to 4 points, a normal within 64 eps of a unit cosine of col_penetration's;
 * each point on A (in it or on it within the band), each depth at least 0
 * and at most col_penetration's (moving A by that depth leaves no point of A
 * inside B) up to the band; point + depth n on B where the points are
 * matched (the separating axes' pairs and every clip; EPA's a* is only
 * depth from B's supporting plane). */
static void check_manifold(const col_shape *a, const col_shape *b, col_penetration_result p) {
    col_contact_manifold m = col_manifold(a, b);
    FZ_CHECK(m.status == p.status, "the manifold's status is col_penetration's", a, b);
    if (m.status != COL_HIT) return;
    FZ_CHECK(m.count >= 1 && m.count <= 4, "a manifold has 1 to 4 points", a, b);
    FZ_CHECK((double)col_v3_dot(m.normal, p.normal) >= 1 - 64 * (double)COL_EPSILON,
             "the manifold's normal is col_penetration's", a, b);
    bool boxes = (a->kind == COL_SHAPE_AABB || a->kind == COL_SHAPE_OBB) &&
                 (b->kind == COL_SHAPE_AABB || b->kind == COL_SHAPE_OBB);
    if (boxes) fz_count("box pairs whose manifold has more than one point", m.count > 1);
    bool linear = a->kind == COL_SHAPE_CAPSULE || a->kind == COL_SHAPE_SEGMENT || b->kind == COL_SHAPE_CAPSULE ||
                  b->kind == COL_SHAPE_SEGMENT;
    if (linear) fz_count("capsule and segment pairs whose manifold has two points", m.count > 1);
    double band = fz_band_distance(a, b) / fmin(1.0, fmax(1e-12, fmin(fz_aspect(a), fz_aspect(b))));
    /* (EPA's a* is a point of its last face, whose parts on A come from
     * GJK's simplex: where GJK stalls short on a sliver A - B, bands.h's
     * fz_gjk_sliver, they are that far from A's feature: 1.6e-6 at size 512
     * for two triangles sharing a vertex) */
    if (fz_gjk_sliver(a, b) && !sat_pair(a, b)) band = fmax(band, fz_band_support(a, b));
    for (int i = 0; i < m.count; ++i) {
        col_shape wa = {.kind = COL_SHAPE_POINT}, wb = {.kind = COL_SHAPE_POINT};
        wa.u.point.p = m.point[i];
        wb.u.point.p = col_v3_madd(m.point[i], m.depth[i], m.normal);
        double on_a = (double)col_distance(&wa, a).distance;
        double on_b = sat_pair(a, b) || m.count > 1 ? (double)col_distance(&wb, b).distance : 0;
        if (!(on_a <= band && on_b <= band)) {
            fprintf(stderr, "  point %d: %g from A, + depth n %g from B (band %g)\n", i, on_a, on_b, band);
            FZ_CHECK(false, "the manifold's points lie on A, moved by their depth on B", a, b);
        }
        FZ_CHECK(m.depth[i] >= 0 && (double)m.depth[i] <= (double)p.depth + band,
                 "a manifold point is no deeper than the penetration", a, b);
    }
}

/* The separating axes' depth against EPA's (col_epa_penetration, the second
 * method): EPA's is a support value, never below the true depth but for
 * rounding, and within its tolerance above it when it converges (the push
 * band, bands.h). Both agree on whether the pair overlaps, as col_distance
 * and col_gjk_distance do outside the touching band. */
/* The points whose hull is the shape, for a polytope, an AABB or an OBB
 * (its corners, as rounded); 0 for other kinds. */
static int solid_points(const col_shape *s, col_vec3 *out) {
    if (s->kind == COL_SHAPE_POLYTOPE) {
        int n = s->u.polytope.count < 64 ? s->u.polytope.count : 64;
        memcpy(out, s->u.polytope.points, (size_t)n * sizeof(col_vec3));
        return n;
    }
    if (s->kind != COL_SHAPE_AABB && s->kind != COL_SHAPE_OBB) return 0;
    for (int i = 0; i < 8; ++i) {
        if (s->kind == COL_SHAPE_AABB) {
            const col_aabb *b = &s->u.aabb;
            out[i] = col_v3(i & 1 ? b->max.x : b->min.x, i & 2 ? b->max.y : b->min.y, i & 4 ? b->max.z : b->min.z);
        } else {
            const col_obb *b = &s->u.obb;
            col_vec3 c = b->c;
            c = col_v3_madd(c, i & 1 ? b->e.x : -b->e.x, b->u[0]);
            c = col_v3_madd(c, i & 2 ? b->e.y : -b->e.y, b->u[1]);
            out[i] = col_v3_madd(c, i & 4 ? b->e.z : -b->e.z, b->u[2]);
        }
    }
    return 8;
}

/*
 * The separating-axis test between two hulls (collide/hull.h, issue 18)
 * against GJK and EPA on the same points: apart beyond the band, a gap
 * above 0 and never above the distance; overlapping beyond it, the depth
 * EPA's (both exact but for rounding: the least overlap over the Minkowski
 * difference's faces); within it, a gap within the band of 0.
 */
static void check_hull_sat(const col_shape *a, const col_shape *b) {
    col_vec3 pa[64], pb[64];
    int na = solid_points(a, pa), nb = solid_points(b, pb);
    if (na == 0 || nb == 0) return;
    col_hull ha, hb;
    FZ_CHECK(col_hull_build(pa, (size_t)na, &ha) && col_hull_build(pb, (size_t)nb, &hb), "solids have hulls", a, b);
    col_hull_sat_result r;
    if (col_hull_sat(&ha, &hb, &r)) {
        col_shape sa = {.kind = COL_SHAPE_POLYTOPE}, sb = {.kind = COL_SHAPE_POLYTOPE};
        sa.u.polytope = col_hull_polytope(&ha);
        sb.u.polytope = col_hull_polytope(&hb);
        col_distance_result d = col_gjk_distance(&sa, &sb);
        double band = fmax(fz_band_distance(&sa, &sb), fz_band_support(&sa, &sb)), sep = (double)r.separation;
        FZ_CHECK(unit(r.normal), "the hulls' separating axis is a unit vector", a, b);
        if ((double)d.distance > band) {
            if (!(sep > 0 && sep <= (double)d.distance + band))
                fprintf(stderr, "  hull gap %a, GJK distance %a (axis %d, features %d %d; faces %d %d)\n", sep,
                        (double)d.distance, (int)r.axis, r.feature_a, r.feature_b, ha.face_count, hb.face_count);
            FZ_CHECK(sep > 0, "hulls apart beyond the band have a positive gap", a, b);
            FZ_CHECK(sep <= (double)d.distance + band, "the hulls' gap is never above their distance", a, b);
        } else if (d.status == COL_HIT) {
            col_penetration_result e = col_epa_penetration(&sa, &sb);
            if (e.status == COL_HIT) {
                double lo = (double)e.depth - band, hi = (double)e.depth + fz_band_push(&sa, &sb);
                if (!(-sep >= lo && -sep <= hi)) fprintf(stderr, "  hull depth %a, EPA %a\n", -sep, (double)e.depth);
                FZ_CHECK(-sep >= lo && -sep <= hi, "the hulls' depth is EPA's", a, b);
            }
        } else {
            /* (within the band of touching: a gap of 6.08e-5 at the band's
             * edge, GJK's distance 1e-13 below it, fuzz/regressions/distance/
             * hull-gap-at-the-edge-of-the-touching-band) */
            if (!(sep <= (double)d.distance + band))
                fprintf(stderr, "  hull gap %a, GJK distance %a (status %d), band %a\n", sep, (double)d.distance,
                        (int)d.status, band);
            FZ_CHECK(sep <= (double)d.distance + band, "hulls touching to GJK have a gap within the band", a, b);
        }
        fz_count("hull pairs by an edge pair's axis", r.axis == COL_HULL_AXIS_EDGES);
    }
    col_hull_free(&ha);
    col_hull_free(&hb);
}

/* Whether the shape's extreme feature along d (its points within tol of
 * the extreme) is a face: three of them not on a line. */
static bool meets_with_face(const col_shape *s, col_vec3 d, double tol) {
    col_vec3 pts[64], f[64];
    int n = solid_points(s, pts), m = 0;
    double best = -INFINITY;
    for (int i = 0; i < n; ++i) best = fmax(best, (double)col_v3_dot(pts[i], d));
    for (int i = 0; i < n; ++i)
        if ((double)col_v3_dot(pts[i], d) >= best - tol) f[m++] = pts[i];
    for (int i = 0; i < m; ++i)
        for (int j = i + 1; j < m; ++j)
            for (int k = j + 1; k < m; ++k) {
                col_vec3 c = col_v3_cross(col_v3_sub(f[j], f[i]), col_v3_sub(f[k], f[i]));
                if ((double)col_v3_len(c) >
                    tol * (double)(col_v3_len(col_v3_sub(f[j], f[i])) + col_v3_len(col_v3_sub(f[k], f[i]))))
                    return true;
            }
    return false;
}

/* The points of a shape's core where it is given by points (solid_points;
 * a triangle's, a segment's or capsule's axis, a point or sphere's
 * centre); 0 for an ellipsoid or a plane. */
static int core_points(const col_shape *s, col_vec3 *out) {
    switch (s->kind) {
    case COL_SHAPE_TRIANGLE: out[0] = s->u.triangle.a, out[1] = s->u.triangle.b, out[2] = s->u.triangle.c; return 3;
    case COL_SHAPE_SEGMENT: out[0] = s->u.segment.a, out[1] = s->u.segment.b; return 2;
    case COL_SHAPE_CAPSULE: out[0] = s->u.capsule.a, out[1] = s->u.capsule.b; return 2;
    case COL_SHAPE_POINT: out[0] = s->u.point.p; return 1;
    case COL_SHAPE_SPHERE: out[0] = s->u.sphere.c; return 1;
    default: return solid_points(s, out);
    }
}

/* The dimension of A - B of two cores given by points (the hull of their
 * differences), -1 where a core is not given by points or too many. */
static int core_difference_dimension(const col_shape *a, const col_shape *b) {
    col_vec3 pa[64], pb[64];
    int na = core_points(a, pa), nb = core_points(b, pb);
    if (na == 0 || nb == 0 || na * nb > 512) return -1;
    static col_vec3 d[512];
    for (int i = 0; i < na; ++i)
        for (int j = 0; j < nb; ++j) d[i * nb + j] = col_v3_sub(pa[i], pb[j]);
    col_hull h;
    if (!col_hull_build(d, (size_t)(na * nb), &h)) return -1;
    int dim = h.dimension;
    col_hull_free(&h);
    return dim;
}

static void check_sat_depth(const col_shape *a, const col_shape *b, col_penetration_result p, col_distance_result d) {
    if (!sat_pair(a, b)) return;
    col_penetration_result e = col_epa_penetration(a, b);
    double band = fz_band_distance(a, b);
    if ((double)d.distance > band || p.status == COL_MISS) return; /* apart: GJK's decision, checked elsewhere */
    if (e.status != COL_HIT || p.status != COL_HIT) return;
    /* (EPA starts from GJK's simplex, which on a sliver A - B, bands.h's
     * fz_gjk_sliver, may stop up to fz_band_support short: a triangle and a
     * capsule whose axis starts at the triangle's corner got EPA's depth
     * 1.6e-6 below the axes' exact 512,
     * fuzz/regressions/distance/epa-short-at-a-capsule-axis-on-a-triangle-corner) */
    /* Elsewhere EPA's last face is a plane through three support points:
     * its normal and offset round by a few hundred ulps of the size where
     * the face is a sliver, as GJK's simplex does (the distance band): a
     * triangle 1.2e-10 into a box, an exact depth of 2^-33 by the axes, got
     * EPA's 7e-12 less at size 1000 (fuzz/regressions/distance/
     * epa-a-hundred-ulps-below-the-axes-on-a-sliver-face). */
    double lo = (double)p.depth - (fz_gjk_sliver(a, b) ? fz_band_support(a, b) : fz_band_distance(a, b));
    double hi = (double)p.depth + fz_band_push(a, b);
    /* (a rate in [2%, 98%], as CI requires of every counter: deep pairs
     * against those touching within the band, which the boundary mode
     * places) */
    fz_count("separating-axis pairs compared with EPA deeper than the band", (double)p.depth > band);
    /* matched witness points on the contact (issue 17): b* - a* = depth n, a*
     * on A and b* on B (the features that touch once A moves out) */
    double size = fz_size(a, b), tight = 256 * (double)COL_EPSILON * size;
    col_vec3 gap = col_v3_sub(col_v3_sub(p.point_b, p.point_a), col_v3_scale(p.normal, p.depth));
    if (!((double)col_v3_len(gap) <= tight)) {
        fprintf(stderr, "  b* - a* - depth n = (%g, %g, %g)\n", (double)gap.x, (double)gap.y, (double)gap.z);
        FZ_CHECK(false, "the witness points are depth apart along the normal", a, b);
    }
    col_shape wa = {.kind = COL_SHAPE_POINT}, wb = {.kind = COL_SHAPE_POINT};
    wa.u.point.p = p.point_a;
    wb.u.point.p = p.point_b;
    double on_a = (double)col_distance(&wa, a).distance, on_b = (double)col_distance(&wb, b).distance;
    /* a point's distance to a sliver rounds by its inverse aspect (bands.h) */
    band /= fmin(1.0, fmax(1e-12, fmin(fz_aspect(a), fz_aspect(b))));
    if (!(on_a <= band && on_b <= band)) {
        fprintf(stderr, "  a* %g from A, b* %g from B (band %g)\n", on_a, on_b, band);
        FZ_CHECK(false, "the witness points lie on their shapes", a, b);
    }
    if (!((double)e.depth >= lo && (double)e.depth <= hi)) {
        fprintf(stderr, "  separating axes' depth %a, EPA's %a (%d iterations)\n", (double)p.depth, (double)e.depth,
                e.iterations);
        FZ_CHECK(false, "the separating axes' depth is EPA's to its tolerance", a, b);
    }
}

/* Matched witness points for every pair (issue 17), EPA's included: b* -
 * a* = depth n to the push band (EPA's tolerance; the separating axes' are
 * checked tighter in check_sat_depth), and a* on A, b* on B (the supporting
 * features the contact is between) to the same band, on deep overlaps (the
 * boundary mode's touching pairs, flat ones included, are EPA's known limit:
 * bands.h). (Where those features are parallel faces, EPA's decomposition of
 * its face need not put a* over B's face, as the separating axes' clipped
 * witnesses do: two polytopes 0.0039 deep at size 512 got an a* 0.0025
 * beside B, regressions/distance/epa-witness-beside-a-parallel-face.) */
static void check_witnesses(const col_shape *a, const col_shape *b, col_penetration_result p) {
    /* (iterations 0: no polytope, A - B flat or the cores apart; a flat
     * A - B has no face to match the points by: each shape's extreme along
     * the normal, regressions/distance/epa-witnesses-of-a-flat-difference) */
    /* (Newton's method on two smooth shapes, and the features of a
     * polyhedron against an ellipsoid, converge where EPA reaches its cap: a
     * third of random ellipsoid pairs did) */
    if (fz_refined_pair(a, b)) FZ_CHECK(p.status != COL_NOT_CONVERGED, "curved shapes' penetration converges", a, b);
    if (p.status != COL_HIT || !unit(p.normal) || sat_pair(a, b)) return;
    double push = fz_band_push(a, b) + fz_band_epa_curved(a, b);
    /* (cores deeper or further apart than GJK's touching band: within it
     * they touch, depth 0 for the cores, and the witnesses are GJK's, up to
     * the band apart: two balls as ellipsoids 2.1e-10 apart at size 512) */
    double radii = fz_radius(a) + fz_radius(b);
    if (fz_refined_pair(a, b) && fabs((double)p.depth - radii) > fz_band_distance(a, b)) {
        col_vec3 off = col_v3_sub(col_v3_sub(p.point_b, p.point_a), col_v3_scale(p.normal, p.depth));
        /* (a thin ellipsoid taken flat: the flat core's curvature, and the
         * flattened radii, fz_band_flat; a disc seen nearly edge-on: its
         * rim's radius of curvature along the normal, fz_disc_rim_radius,
         * regressions/distance/disc-seen-edge-on-against-a-polytopes-edge) */
        col_shape fa = fz_flattened(a), fb = fz_flattened(b);
        double tight =
            512 * (double)COL_EPSILON * (fz_size(a, b) + fz_curvature_radius(&fa) + fz_curvature_radius(&fb)) +
            fz_band_flat(a, b);
        /* (the depth, a support value at the least, moves by the square of
         * the normal's error only: no rim term) */
        double matched =
            tight + 512 * (double)COL_EPSILON * (fz_disc_rim_radius(&fa, p.normal) + fz_disc_rim_radius(&fb, p.normal));
        if (!((double)col_v3_len(off) <= matched))
            fprintf(stderr, "  b* - a* - depth n = (%g, %g, %g), band %g\n", (double)off.x, (double)off.y,
                    (double)off.z, matched);
        FZ_CHECK((double)col_v3_len(off) <= matched, "curved shapes' witnesses are a matched pair to rounding", a, b);
        /* the least depth, not a local one: a descent from each axis
         * direction (a second method: A's and B's own supports, no EPA, no
         * Newton) ends no lower; every support value bounds the least depth
         * from above */
        double lowest = least_support_descent(a, b);
        if (!((double)p.depth <= lowest + tight))
            fprintf(stderr, "  depth %.17g, a descent from an axis reached %.17g\n", (double)p.depth, lowest);
        FZ_CHECK((double)p.depth <= lowest + tight, "curved shapes' depth is the least over all directions", a, b);
    }
    /* cores given by points, their difference flat too (a ball's centre in
     * a triangle, two coplanar triangles): a matched pair, b* - a* = depth
     * n, from the features facing each other (a ball sunk to its centre in
     * a floor triangle had b* at the triangle's first vertex) */
    int dim = core_difference_dimension(a, b);
    if (dim >= 0 && dim <= 2) { /* (a solid difference: below, EPA's fallbacks allowed) */
        col_vec3 off = col_v3_sub(col_v3_sub(p.point_b, p.point_a), col_v3_scale(p.normal, p.depth));
        if (!((double)col_v3_len(off) <= push))
            fprintf(stderr, "  b* - a* - depth n = (%g, %g, %g), band %g, A - B of dimension %d\n", (double)off.x,
                    (double)off.y, (double)off.z, push, dim);
        FZ_CHECK((double)col_v3_len(off) <= push, "cores given by points get a matched pair", a, b);
    }
    if (p.iterations == 0) return;
    /* flat shapes: only where the cores' difference is a solid (two
     * triangles, a triangle and a polytope...) */
    if ((fz_flat(a) || fz_flat(b)) && dim != 3) return;
    if (!((double)p.depth > 4 * push)) return;
    col_vec3 gap = col_v3_sub(col_v3_sub(p.point_b, p.point_a), col_v3_scale(p.normal, p.depth));
    /* (where EPA ended on no face with the origin's projection in it, the
     * shapes' extreme points along the normal stand in: documented) */
    col_vec3 ea, eb;
    bool extremes = col_support(a, col_v3_neg(p.normal), &ea) && col_support(b, p.normal, &eb) &&
                    fabs((double)col_v3_dot(col_v3_sub(ea, p.point_a), p.normal)) <= push &&
                    fabs((double)col_v3_dot(col_v3_sub(eb, p.point_b), p.normal)) <= push;
    if (!((double)col_v3_len(gap) <= push) && !extremes) {
        fprintf(stderr, "  b* - a* - depth n = (%g, %g, %g), band %g\n", (double)gap.x, (double)gap.y, (double)gap.z,
                push);
        FZ_CHECK(false, "EPA's witness points are depth apart along the normal", a, b);
    }
    /* (ellipsoids too: EPA's last face over an ellipsoid's support points
     * shrinks onto the contact, its point within EPA's tolerance of the
     * surface; a capsule's point offset by its radius along a face's normal
     * once ended 1.1 outside a flat ellipsoid at size 500, regressions/
     * distance/epa-witness-off-a-flat-ellipsoid) */
    col_shape wa = {.kind = COL_SHAPE_POINT}, wb = {.kind = COL_SHAPE_POINT};
    wa.u.point.p = p.point_a;
    wb.u.point.p = p.point_b;
    col_distance_result da = col_distance(&wa, a), db = col_distance(&wb, b);
    /* each within the band of its own shape (in or on it) */
    if (!((double)da.distance <= push && (double)db.distance <= push)) {
        fprintf(stderr, "  a* %g from A, b* %g from B (band %g)\n", (double)da.distance, (double)db.distance, push);
        FZ_CHECK(false, "EPA's witness points lie on their shapes", a, b);
    }
    /* two cores given by points (issue 17): witnesses from the features
     * extreme along EPA's normal, clipped: a* on A's deepest feature and b*
     * on B's (each on its shape's supporting plane, within the band), over
     * each other (b* - a* = depth n, above), in the middle of the region
     * the features share. EPA's decomposition of its last face put a* 0.0025
     * beside B's face at size 512 (regressions/distance/
     * epa-witness-beside-a-parallel-face). (a* in B, b* in A is no
     * property: near a sharp edge of B the region under B's face is thinner
     * than the depth, regressions/distance/witness-under-a-face-near-a-
     * sharp-edge.) */
    /* (two cores given by points whose difference is a solid, decided by
     * EPA: not a separating-axes pair, checked above) */
    if (dim == 3) {
        FZ_CHECK(extremes, "a polytope contact's witness points lie on the supporting features", a, b);
        fz_count("point-core contacts with a flat shape (two triangles, a triangle and a hull...)",
                 fz_flat(a) || fz_flat(b));
        fz_count("polytope contacts where B meets A with a face",
                 meets_with_face(b, p.normal, 64 * (double)COL_EPSILON * fz_size(a, b)));
    }
}

/* The entry of a ray into the hull of h's points by brute force, a second
 * method beside GJK ray casting: the least t over the exact two-sided casts
 * against every triangle of three points (the hull's boundary is covered by
 * such triangles, and every one lies in the hull). The decision is exact;
 * the t is the plane's crossing of the triangle that gives it, *sure false
 * where a triangle the ray meets gives no reliable t (a sliver, whose plane
 * is ill-conditioned, or a ray within 1e-3 rad of its plane: a ray 1e-9 off
 * a flat hull's plane got t = 0.0847 for 1 from the cast; the cast's own t,
 * from edge functions of coordinates taken at the ray's origin, also loses
 * distance / size ulps on a small triangle far away: 3e-10 of t for one
 * 0.125 wide 900 out, which the plane's crossing does not). */
static bool brute_hull_entry(const col_shape *h, const col_ray *r, col_real *t, bool *sure) {
    const col_vec3 *p = h->u.polytope.points;
    int m = h->u.polytope.count;
    bool hit = false;
    *sure = true;
    for (int i = 0; i < m; ++i)
        for (int j = i; j < m; ++j)
            for (int k = j; k < m; ++k) {
                col_triangle tri = {p[i], p[j], p[k]};
                col_ray_hit x = col_raycast_triangle(r, &tri, COL_TWO_SIDED);
                if (x.status != COL_HIT) continue;
                col_shape ts;
                memset(&ts, 0, sizeof ts);
                ts.kind = COL_SHAPE_TRIANGLE;
                ts.u.triangle = tri;
                col_vec3 nn = col_v3_cross(col_v3_sub(tri.b, tri.a), col_v3_sub(tri.c, tri.a));
                double den = (double)col_v3_dot(nn, r->delta);
                double across = fabs(den) - 1e-3 * (double)col_v3_len(nn) * (double)col_v3_len(r->delta);
                if (!(fz_aspect(&ts) > 1e-3 && den != 0 && across >= 0)) {
                    *sure = false;
                    hit = true;
                    continue;
                }
                double tt = (double)col_v3_dot(nn, col_v3_sub(tri.a, r->origin)) / den;
                if (!(tt >= 0)) tt = 0;
                if (!hit || tt < (double)*t) *t = (col_real)tt;
                hit = true;
            }
    return hit;
}

/*
 * Ray casts against a polytope (issue 17: GJK ray casting): from A's first
 * support point towards one of B's points, the middle of two of them or
 * their centroid, ending there (on the hull where that point is on it),
 * short of it, beyond it, or a few ulps either side (bits of `pick`).
 * Properties: a hit exactly when the static test says the segment meets the
 * hull (the contract, issue 16); the inside flag exactly when it says the
 * origin does; a hit's normal a unit vector facing the ray; and against the
 * brute-force entry (brute_hull_entry): both hit or both miss outside the
 * distance band, and a hit's t agrees within the distance band divided by
 * the rate at which the ray closes on the hull there (GJK stops within its
 * size tolerance of the hull; a grazing ray runs that far at a slant).
 */
static void check_polytope_ray(const col_shape *a, const col_shape *b, uint8_t pick) {
    if (b->kind != COL_SHAPE_POLYTOPE || !col_support_supported(a->kind)) return;
    const col_vec3 *p = b->u.polytope.points;
    int m = b->u.polytope.count;
    col_vec3 o, target;
    (void)col_support(a, col_v3(COL_R(0.375), COL_R(-0.5), COL_R(1.0)), &o);
    int i = pick % m, j = (pick / 8) % m;
    switch ((pick >> 6) & 3) {
    case 0: target = p[i]; break;
    case 1: target = col_v3_scale(col_v3_add(p[i], p[j]), COL_R(0.5)); break;
    default: {
        target = col_v3(0, 0, 0);
        for (int k = 0; k < m; ++k) target = col_v3_add(target, p[k]);
        target = col_v3_scale(target, COL_R(1.0) / (col_real)m);
        break;
    }
    }
    col_ray r = {o, col_v3_sub(target, o), COL_R(1.0)};
    static const double ends[8] = {1, 1, 0.5, 2, 0.999, 1.001, 1, 1};
    r.max_t = (col_real)ends[(pick >> 3) & 7];
    if (((pick >> 3) & 7) >= 6) /* 1 and 2 ulps either side of ending on the point */
        r.max_t = (col_real)nextafter(nextafter(1.0, pick & 1 ? 2.0 : 0.0), (pick & 2) ? 1.0 : (pick & 1 ? 2.0 : 0.0));
    if (!col_ray_is_valid(&r)) return;
    col_ray_hit h = col_raycast(b, &r);
    col_vec3 end = col_v3_add(r.origin, col_v3_scale(r.delta, r.max_t));
    col_shape seg, pt;
    memset(&seg, 0, sizeof seg);
    seg.kind = COL_SHAPE_SEGMENT;
    seg.u.segment.a = r.origin;
    seg.u.segment.b = end;
    pt = seg;
    pt.u.segment.b = r.origin;
    FZ_CHECK((h.status == COL_HIT) == col_overlap(&seg, b), "a ray hits a polytope exactly when its segment meets it",
             &seg, b);
    FZ_CHECK(h.status != COL_HIT || h.inside == col_overlap(&pt, b),
             "a ray starts inside a polytope exactly when its origin is in it", &pt, b);
    /* (facing it to the normal's rounding: a ray in the plane of a face,
     * ending on its vertex, got that face's normal at 1e-15 beyond square) */
    if (!(h.status != COL_HIT || h.inside ||
          (unit(h.normal) && (double)col_v3_dot(h.normal, r.delta) <= 1e-9 * (double)col_v3_len(r.delta))))
        fprintf(stderr, "  t %g normal (%g %g %g) |n| %g, n . d %g\n", (double)h.t, (double)h.normal.x,
                (double)h.normal.y, (double)h.normal.z, (double)col_v3_len(h.normal),
                (double)col_v3_dot(h.normal, r.delta));
    FZ_CHECK(h.status != COL_HIT || h.inside ||
                 (unit(h.normal) && (double)col_v3_dot(h.normal, r.delta) <= 1e-9 * (double)col_v3_len(r.delta)),
             "a ray's hit on a polytope has a unit normal facing the ray", &seg, b);
    col_real bt = COL_R(0.0);
    bool sure = true;
    bool brute = brute_hull_entry(b, &r, &bt, &sure);
    double band = fz_band_distance(&seg, b), len = (double)col_v3_len(r.delta);
    if (brute != (h.status == COL_HIT)) {
        /* (GJK's distance of a segment nearly in the plane of a flat hull
         * stalls as on a sliver: bands.h, fz_gjk_sliver; 4.4e-10 at size
         * 104 for a segment ending on a flat octagon's edge) */
        col_distance_result d = col_distance(&seg, b);
        double graze = fmax(band, fz_band_support(&seg, b));
        if (!((double)d.distance <= graze))
            fprintf(stderr, "  distance %g, band %g, brute t %g\n", (double)d.distance, graze, (double)bt);
        FZ_CHECK((double)d.distance <= graze, "a ray cast and the brute-force entry differ only on a graze", &seg, b);
        return;
    }
    fz_count("rays at a polytope that hit", brute);
    if (!brute || h.inside) return;
    /* the rate at which the ray closes on the hull just before the entry
     * (the distance there, by GJK, over the way left): GJK's cast stops
     * within its tolerance of the hull, so within that over the rate of the
     * entry (a ray along a face, or along a flat hull, closes slowly) */
    /* (taken near the entry: where it lies near the origin, 2^-20 of the
     * way back is most of the way there, and the ray may close on another
     * feature of the hull first; a ray entering at t 1.6e-6 at a slant of
     * 0.014 was measured at 0.48 over that stretch, and the cast's stall
     * over the true slant taken for an error:
     * fuzz/regressions/distance/polytope-ray-slant-measured-near-the-origin) */
    col_real back = (col_real)fmin(ldexp(1.0, -20), (double)bt / 64);
    double slant = 0;
    if (sure && bt > back) {
        col_shape before = pt;
        before.u.segment.a = before.u.segment.b = col_v3_madd(r.origin, bt - back, r.delta);
        slant = (double)col_distance(&before, b).distance / ((double)back * len);
    }
    /* (an origin within GJK's stall of the hull, sqrt(eps) of the size:
     * the cast cannot resolve its separating direction there, and along a
     * grazing ray the entry lies that over the slant further: a known limit,
     * fuzz/regressions/distance/polytope-ray-starting-in-the-stall) */
    bool stalled = (double)col_distance(&pt, b).distance <= 4 * fz_band_support(&seg, b);
    bool compared = sure && slant >= 1e-3 && !stalled; /* else the entry is ill-conditioned */
    fz_count("polytope hits whose entry is compared with the brute force", compared);
    if (!compared) return;
    /* The cast's point lies within GJK's stall of the hull (bands.h,
     * fz_band_support) and never past the entry. (Where the ray passes an
     * edge of the last simplex into the face beside it, GJK's v is too noisy
     * in direction to advance further: a ray at a slant of 0.014 stopped
     * 3.4e-7 from a hull 1000 across, 2.5e-5 before the entry along the
     * ray; near such an edge the slant measured a little before the entry
     * is another feature's, so the gap along the ray is not held to it:
     * fuzz/regressions/distance/polytope-ray-slant-measured-near-the-origin,
     * polytope-ray-stalled-at-an-edge-before-a-face.) */
    col_shape at = pt;
    at.u.segment.a = at.u.segment.b = col_v3_madd(r.origin, h.t, r.delta);
    double off = (double)col_distance(&at, b).distance;
    if (!(off <= fz_band_support(&seg, b)) || ((double)h.t - (double)bt) * len > 4 * band / slant + 2 * band) {
        fprintf(stderr, "  ray t %a, brute force %a (slant %g, band %g, the point %g from the hull)\n", (double)h.t,
                (double)bt, slant, band, off);
        FZ_CHECK(false, "a ray enters a polytope where the brute-force entry is", &seg, b);
    }
}

/* Depth of the overlap of a and b posed at u by their motions (0: apart or touching). */
static double posed_depth(const col_shape *a, const col_rigid_motion *ma, const col_shape *b,
                          const col_rigid_motion *mb, col_real u, bool *ok) {
    col_vec3 sa[8], sb[8];
    col_shape pa, pb;
    *ok = col_shape_moved(a, ma, u, sa, &pa) && col_shape_moved(b, mb, u, sb, &pb);
    if (!*ok) return 0;
    col_penetration_result p = col_penetration(&pa, &pb);
    return p.status == COL_HIT ? (double)p.depth : 0.0;
}

/*
 * Sweeps under rotation (issue 17, item 3: col_sweep_rotating): A turning
 * about its centre (an axis and an angle of up to 2.4 rad from `pick`) and
 * moving towards B's centre, B turning the other way. Properties against
 * dense sampling of the motion (a second method: the static distance at
 * each time): no overlap deeper than the band at any of 48 sampled times
 * before t0 (at any time, for a miss); at t0 the shapes within the sweep's
 * tolerance of touching; without rotation, col_sweep_convex's t0. Three in
 * four pass beside B, faster (`pass`).
 */
static void check_rotating_sweep(const col_shape *a, const col_shape *b, uint8_t pick, uint8_t pass) {
    if (a->kind == COL_SHAPE_PLANE || b->kind == COL_SHAPE_PLANE) return;
    /* slivers too: a collinear triangle turned by rounding into a sliver
     * once got col_distance 18.9 to a sphere one step after 0.0073, and the
     * advancement jumped past the contact (fuzz/regressions/distance/
     * rotating-sweep-past-a-turned-collinear-triangle); and a sliver posed
     * here was 60 deep to the separating axes from a point 1322 away
     * (regressions/distance/sat-depth-of-a-sliver-and-a-point-segment) */
    static const col_real axes[4][3] = {
        {0, 0, 1}, {1, 0, 0}, {COL_R(0.6), COL_R(0.8), 0}, {COL_R(0.48), -COL_R(0.6), COL_R(0.64)}};
    col_aabb ba, bb;
    if (!col_shape_bounds(a, &ba) || !col_shape_bounds(b, &bb)) return;
    col_vec3 ca = col_v3_scale(col_v3_add(ba.min, ba.max), COL_R(0.5));
    col_vec3 cb = col_v3_scale(col_v3_add(bb.min, bb.max), COL_R(0.5));
    const col_real *x = axes[pick & 3];
    col_real angle = COL_R(0.3) * (col_real)(1 + ((pick >> 2) & 7));
    col_vec3 axis = col_v3(x[0], x[1], x[2]);
    bool still = (pick >> 5) == 7; /* one in eight without rotation: the linear sweep's answer */
    col_vec3 ra = still ? col_v3(0, 0, 0) : col_v3_scale(axis, angle);
    col_vec3 rb = still ? col_v3(0, 0, 0) : col_v3_scale(axis, -COL_R(0.5) * angle);
    col_vec3 da = col_v3_scale(col_v3_sub(cb, ca), COL_R(0.25) * (col_real)(1 + ((pick >> 5) & 3)));
    /* `pass`: a motion up to 8 times as long, aimed beside B by up to 1.2
     * of the pair's size across the rotation axis (a fast body passing a
     * slowly turning one: the separating-axis step's turning frame, whose
     * curvature then comes mostly from the relative motion) */
    if (pass & 3) {
        col_vec3 side = col_v3_cross(col_v3_sub(cb, ca), axis);
        col_real sl = col_v3_len(side),
                 reach = col_v3_len(col_v3_sub(ba.max, ba.min)) + col_v3_len(col_v3_sub(bb.max, bb.min));
        if (sl > COL_R(0.0) && reach <= COL_HUGE)
            da = col_v3_add(col_v3_scale(da, (col_real)(1 << ((pass >> 2) & 3))),
                            col_v3_scale(side, COL_R(0.4) * (col_real)(pass & 3) * reach / sl));
    }
    col_rigid_motion ma = col_rigid_motion_about_centre(a, da, ra),
                     mb = col_rigid_motion_about_centre(b, col_v3(0, 0, 0), rb);
    /* an ellipsoid of unequal radii cannot turn: invalid, as documented */
    bool egg = (a->kind == COL_SHAPE_ELLIPSOID &&
                !(a->u.ellipsoid.r.x == a->u.ellipsoid.r.y && a->u.ellipsoid.r.y == a->u.ellipsoid.r.z)) ||
               (b->kind == COL_SHAPE_ELLIPSOID &&
                !(b->u.ellipsoid.r.x == b->u.ellipsoid.r.y && b->u.ellipsoid.r.y == b->u.ellipsoid.r.z));
    col_sweep_hit h = col_sweep_rotating(a, &ma, b, &mb, NULL, NULL);
    if (egg && !still) {
        FZ_CHECK(h.status == COL_INVALID, "a turning ellipsoid of unequal radii is invalid", a, b);
        return;
    }
    if (h.status == COL_INVALID) return; /* a pose beyond the valid range */
    if (h.status == COL_NOT_CONVERGED) return;
    double size = fz_size(a, b) + (double)col_v3_len(da);
    double band = fmax(fz_band_push(a, b), 1e-7 * size) + (double)COL_SWEEP_TOLERANCE * size * 4;
    col_real end = h.status == COL_HIT ? h.t0 : COL_R(1.0);
    bool ok = !h.initially_overlapping;
    for (int k = 0; k < 48 && ok; ++k) {
        col_real u = end * (col_real)k / COL_R(48.0);
        if (h.status == COL_MISS) u = (col_real)(k + 1) / COL_R(48.0);
        double depth = posed_depth(a, &ma, b, &mb, u, &ok);
        if (ok && depth > band) {
            fprintf(stderr, "  u %g depth %g band %g (t0 %g, status %d)\n", (double)u, depth, band, (double)h.t0,
                    h.status);
            col_vec3 sa[8], sb[8];
            col_shape pa, pb;
            if (col_shape_moved(a, &ma, u, sa, &pa) && col_shape_moved(b, &mb, u, sb, &pb))
                fprintf(stderr, "  distance there %g, overlap %d\n", (double)col_distance(&pa, &pb).distance,
                        col_overlap(&pa, &pb));
            FZ_CHECK(false, "no overlap at any sampled time before a rotating sweep's t0", a, b);
        }
    }
    fz_count("rotating sweeps that hit", h.status == COL_HIT);
    if (h.status == COL_HIT && !h.initially_overlapping) {
        col_vec3 sa[8], sb[8];
        col_shape pa, pb;
        if (col_shape_moved(a, &ma, h.t0, sa, &pa) && col_shape_moved(b, &mb, h.t0, sb, &pb)) {
            col_distance_result d = col_distance(&pa, &pb);
            FZ_CHECK((double)d.distance <= band, "at a rotating sweep's t0 the shapes touch", a, b);
        }
    }
    if (still) {
        col_sweep_hit l = col_sweep_convex(a, da, b, col_v3(0, 0, 0), NULL, NULL);
        if (l.status == COL_HIT && h.status == COL_HIT) {
            /* both stop at the first time the distance comes within their
             * tolerance, which differ a little (their scales): along a graze
             * the distance stays near that for a long time (5.8e-7 down to 0
             * from t = 0.64 to 1: fuzz/regressions/distance/rotating-sweep-
             * grazing-a-sliver-hull), so the property is that the linear t0
             * is a touch for the rotating sweep's poses too (to the band, and
             * GJK's stall on slivers, bands.h) */
            double lband = band + 4 * fz_band_support(a, b);
            col_vec3 sa[8], sb[8];
            col_shape pa, pb;
            if (col_shape_moved(a, &ma, l.t0, sa, &pa) && col_shape_moved(b, &mb, l.t0, sb, &pb)) {
                double dl = (double)col_distance(&pa, &pb).distance;
                if (!(dl <= lband))
                    fprintf(stderr, "  linear t0 %.17g, rotating %.17g: distance %g at the linear one (band %g)\n",
                            (double)l.t0, (double)h.t0, dl, lband);
                FZ_CHECK(dl <= lband, "without rotation, the rotating sweep is the linear one", a, b);
            }
        }
    }
}

static void check_pair(const col_shape *a, const col_shape *b, int grid) {
    bool supported = col_distance_supported(a->kind, b->kind);
    bool valid = col_shape_is_valid(a) && col_shape_is_valid(b);
    col_distance_result d = col_distance(a, b), e = col_distance(b, a);
    col_penetration_result p = col_penetration(a, b), q = col_penetration(b, a);
    if (!supported || !valid) {
        CHECK_D(d.status == COL_INVALID && p.status == COL_INVALID, "invalid or unsupported input is COL_INVALID", a, b,
                d);
        return;
    }
    /* symmetry, bit for bit */
    CHECK_D(d.status == e.status && d.distance == e.distance && same3(d.point_a, e.point_b) &&
                same3(d.point_b, e.point_a),
            "distance(B, A) swaps the points of distance(A, B)", a, b, d);
    CHECK_D(d.normal.x == -e.normal.x && d.normal.y == -e.normal.y && d.normal.z == -e.normal.z,
            "distance(B, A) negates the normal", a, b, d);
    FZ_CHECK(p.status == q.status && p.depth == q.depth, "penetration is symmetric", a, b);
    /* results are numbers */
    CHECK_D(d.status != COL_INVALID, "valid input is not COL_INVALID", a, b, d);
    CHECK_D(isfinite(d.distance) && d.distance >= 0 && finite3(d.point_a) && finite3(d.point_b) && finite3(d.normal),
            "distance results are finite and non-negative", a, b, d);
    CHECK_D(d.status != COL_MISS || unit(d.normal), "a separated pair has a unit normal", a, b, d);
    CHECK_D(d.status != COL_HIT || d.distance == 0, "overlap means distance 0", a, b, d);
    FZ_CHECK(p.status == COL_MISS ||
                 (isfinite(p.depth) && p.depth >= 0 && finite3(p.normal) && finite3(p.point_a) && finite3(p.point_b)),
             "penetration results are finite", a, b);
    /* (shapes within 1e-30 of the origin were exempt here until col_distance
     * and col_penetration scaled tiny pairs up: a point 1.3e-162 off a flat
     * hull of points 2e-158 from the origin was touching to col_distance,
     * regressions/distance/point-on-a-tiny-hull-apart-to-penetration) */
    FZ_CHECK((p.status == COL_MISS) == (d.status == COL_MISS || (d.status == COL_NOT_CONVERGED && d.distance > 0)),
             "penetration and distance agree on overlap", a, b);
    if (!grid) return; /* the geometric properties need well-conditioned input */
    check_sat_depth(a, b, p, d);
    check_hull_sat(a, b);
    check_manifold(a, b, p);
    check_witnesses(a, b, p);
    check_polytope_ray(a, b, (uint8_t)(d.iterations * 37 + (int)a->kind * 5 + (int)b->kind));
    check_polytope_ray(b, a, (uint8_t)(d.iterations * 11 + (int)a->kind * 3 + (int)b->kind * 7));
    check_rotating_sweep(a, b, (uint8_t)(d.iterations * 23 + (int)a->kind * 13 + (int)b->kind),
                         (uint8_t)(d.iterations * 5 + (int)a->kind * 3 + (int)b->kind * 11));
    fz_count("overlapping (grid)", d.status == COL_HIT);
    double band = fz_band_touch(a, b);
    /* GJK against the closed forms */
    if (col_support_supported(a->kind) && col_support_supported(b->kind)) {
        col_distance_result g = col_gjk_distance(a, b);
        /* a sliver's plane is ill-conditioned for GJK's simplex solver: the
         * band grows by its inverse aspect (bands.h; a point 5.3e-7 from a
         * triangle 1100 long and 0.375 wide at one end is touching to GJK) */
        double slack = fmin(1.0, fmax(1e-12, fmin(fz_aspect(a), fz_aspect(b))));
        /* (GJK stopping short on a sliver A - B: bands.h, fz_gjk_sliver) */
        double gband =
            fz_gjk_sliver(a, b) ? fmax(fz_band_distance(a, b), fz_band_support(a, b)) : fz_band_distance(a, b);
        /* where the distance is GJK's too (no closed form: two polytopes),
         * the two runs may stall on different simplices, either one up to
         * the stall's reach short (bands.h, FZ_BAND_SUPPORT: two polytopes
         * touching to 8e-16, a vertex of one within 0.125 of a tie on a face
         * of the other, were put 1e-6 apart at size 512 by the cold run, 0
         * by the warm one: fuzz/regressions/distance/gjk-stalls-on-a-face-
         * near-a-tie) */
        double wband = col_distance_method(a->kind, b->kind) == 'g' ? fmax(gband, fz_band_support(a, b)) : gband;
        if (fabs((double)g.distance - (double)d.distance) > gband / slack) {
            print_result("gjk", g);
            CHECK_D(false, "GJK agrees with the closed-form distance", a, b, d);
        }
        /* warm-started GJK (col_gjk_cache), from the simplex of A a little
         * elsewhere, and its repeat in the other order: GJK's own answers */
        col_vec3 store[8];
        col_shape moved = fz_translated(a, col_v3(COL_R(0.25), COL_R(-0.125), COL_R(0.0625)), store);
        col_gjk_cache cache = {0};
        (void)col_gjk_distance_cached(&moved, b, &cache);
        col_distance_result w = col_gjk_distance_cached(a, b, &cache), w2 = col_gjk_distance_cached(b, a, &cache);
        if (fabs((double)w.distance - (double)d.distance) > wband / slack ||
            fabs((double)w2.distance - (double)d.distance) > wband / slack) {
            print_result("warm gjk", w);
            print_result("warm gjk, b a", w2);
            CHECK_D(false, "warm-started GJK agrees with the closed-form distance", a, b, d);
        }
    }
    check_core_distance(a, b);
    check_core_distance(b, a);
    /* the overlap tests against the distance, outside the band */
    if (col_overlap_supported(a->kind, b->kind)) {
        bool o = col_overlap(a, b);
        double apart = band; /* bands.h: a closed form or GJK's resolution */
        if ((double)d.distance > apart) FZ_CHECK(!o, "shapes apart by more than the band do not overlap", a, b);
        /* EPA on two flat shapes that touch (A - B is flat near the origin)
         * is no measure of depth: a triangle's vertex touching another
         * triangle, placed there by the boundary mode, got a depth of 2.8e-4
         * at size 512 where the exact test finds no overlap, and so did a
         * triangle touching a flat box (a known limit, regressions/distance/
         * epa-depth-of-touching-triangles, epa-depth-of-a-triangle-touching-
         * a-flat-box; the separating axes' depth replaces EPA where a box is
         * one of the two: sat_pair) */
        /* nor for two turned boxes placed touching by the boundary mode, where
         * GJK finds them touching and the exact SAT apart (EPA's depth on a
         * touching contact: regressions/distance/epa-depth-of-turned-boxes-
         * placed-touching, a CI finding; the separating axes' depth now
         * replaces EPA there) */
        /* nor for a flat shape grazing another where GJK calls them touching
         * and the exact test apart: a segment passing 1e-8 from a thin box's
         * edge at size 512 got an EPA depth of 6.8 (CI finding on 6396689,
         * regressions/distance/epa-depth-of-a-segment-grazing-a-box-edge;
         * the exact segment-box test found it, where the old rounded SAT
         * agreed with GJK) */
        /* (a box against a box, a triangle, a segment or a point core:
         * the separating axes give the depth, not EPA, and need no
         * exemption: sat_pair) */
        bool flat_touch = !sat_pair(a, b) &&
                          ((fz_flat(a) || fz_flat(b)) || (a->kind == COL_SHAPE_OBB && b->kind == COL_SHAPE_OBB)) &&
                          (double)d.distance <= apart;
        /* and on a curved shape EPA's depth is known to about 1e-6 of the
         * size, as for the push-out below (a point touching an ellipsoid got
         * 8.5e-5 at size 512: regressions/distance/epa-depth-of-a-point-
         * touching-an-ellipsoid) */
        double deep = band + fz_band_epa_curved(a, b);
        if (p.status != COL_MISS && (double)p.depth > deep && !flat_touch)
            FZ_CHECK(o, "shapes deeper than the band overlap", a, b);
    }
    /* optimal closest points */
    if (d.status == COL_MISS && (double)d.distance > band && col_support_supported(a->kind) &&
        col_support_supported(b->kind)) {
        col_vec3 sa, sb;
        (void)col_support(a, col_v3_neg(d.normal), &sa);
        (void)col_support(b, d.normal, &sb);
        /* the normal is the difference of two points each rounded to ulps of
         * the size, divided by the distance: a support point a size away moves
         * by size^2 / distance ulps along it */
        double size = fz_size(a, b);
        double tol = (fz_band_distance(a, b) + 64 * (double)COL_EPSILON * size * size / (double)d.distance +
                      fz_band_support(a, b)) /
                     fmin(1.0, fmax(1e-12, fmin(fz_aspect(a), fz_aspect(b))));
        CHECK_D(fabs((double)col_v3_dot(col_v3_sub(sa, d.point_a), d.normal)) <= tol,
                "point_a is A's support point toward B", a, b, d);
        CHECK_D(fabs((double)col_v3_dot(col_v3_sub(sb, d.point_b), d.normal)) <= tol,
                "point_b is B's support point toward A", a, b, d);
        CHECK_D(fabs((double)col_v3_len(col_v3_sub(d.point_a, d.point_b)) - (double)d.distance) <= tol,
                "the closest points are distance apart", a, b, d);
    }
    /* the normal separates the cores however near they are, where they
     * are polytopes (polyhedral_kind): A's least extent along it at least
     * B's greatest, to the supports' band. The closest points' difference
     * is rounding within ulps of the size and points anywhere (a segment an
     * ulp above a turned box's face 1000 from the origin had a normal 37
     * degrees off the face's, along which the box reached 90 past the
     * segment), and GJK's within its size tolerance over the distance (a box
     * 4.5e-10 from an OBB got 9.4e-4 rad off; two hulls 3.7e-9 apart one
     * along which they overlapped by 6.5e-3); the optimal-points check
     * above stops at the distance band. */
    if (d.status == COL_MISS && polyhedral_kind(a->kind) && polyhedral_kind(b->kind)) {
        col_vec3 sa, sb;
        (void)col_support(a, col_v3_neg(d.normal), &sa);
        (void)col_support(b, d.normal, &sb);
        double sep = (double)col_v3_dot(col_v3_sub(sa, sb), d.normal);
        /* a hull's is GJK's: where it ends on an edge or a vertex of A - B,
         * its direction holds to the square root of its relative tolerance
         * of the size (the distance is stationary in it): two hulls 2.4e-7
         * apart at size 512, on an edge, got one along which they overlap
         * by 3.4e-5 (fuzz/regressions/distance/hulls-2e-7-apart-on-an-edge-
         * normal-3e-5-short) */
        bool hull = a->kind == COL_SHAPE_POLYTOPE || b->kind == COL_SHAPE_POLYTOPE;
        double tol = fz_band_distance(a, b) + fz_band_support(a, b) +
                     (hull ? sqrt((double)COL_GJK_TOLERANCE) * fz_size(a, b) : 0.0);
        if (!(sep >= -tol)) fprintf(stderr, "  separation along the normal %g (tolerance %g)\n", sep, tol);
        CHECK_D(sep >= -tol, "the normal separates the shapes", a, b, d);
    }
    /* push-out */
    if (p.status == COL_HIT && p.depth > COL_R(0.0) && unit(p.normal)) {
        col_vec3 store[8];
        /* on a curved shape EPA knows the depth to about 1e-6 of the size (a
         * polytope of its support points: a capsule 507 deep in an ellipsoid
         * needs 2.7e-4 more of 1000, regressions/distance/
         * epa-capsule-deep-in-an-ellipsoid-depth-short; as fuzz_motion) */
        double push = fz_band_push(a, b) + fz_band_epa_curved(a, b);
        col_shape at = fz_translated(a, col_v3_scale(p.normal, p.depth), store);
        col_distance_result t = col_distance(&at, b);
        CHECK_D((double)t.distance <= push, "moved out by the depth, the shapes touch", a, b, t);
        col_shape beyond = fz_translated(a, col_v3_scale(p.normal, p.depth + (col_real)(2 * push)), store);
        col_distance_result u = col_distance(&beyond, b);
        CHECK_D(u.status != COL_HIT, "moved a little further, they are apart", a, b, u);
    }
}

/* A box turned by a quaternion of four signed bytes (unchanged when they are
 * all zero): col_m3_from_quat's columns are orthonormal to rounding. */
static void fz_turn(fz_input *in, col_shape *s) {
    col_quat q = {(col_real)(int8_t)fz_u8(in), (col_real)(int8_t)fz_u8(in), (col_real)(int8_t)fz_u8(in),
                  (col_real)(int8_t)fz_u8(in)};
    if (s->kind != COL_SHAPE_OBB || (q.w == 0 && q.x == 0 && q.y == 0 && q.z == 0)) return;
    col_mat3 m = col_m3_from_quat(q);
    s->u.obb.u[0] = m.c0;
    s->u.obb.u[1] = m.c1;
    s->u.obb.u[2] = m.c2;
}

/* B moved along the pair's normal so that it is `gap` from A (a negative gap:
 * that deep), from the distance when they are apart and from the
 * penetration when they overlap. false when the pair has no normal (invalid,
 * unsupported, touching, or an iterative method that did not converge). */
static bool fz_place(const col_shape *a, col_shape *b, double gap, col_vec3 *store) {
    if (!col_shape_is_valid(a) || !col_shape_is_valid(b) || !col_distance_supported(a->kind, b->kind)) return false;
    col_distance_result d = col_distance(a, b);
    col_vec3 move; /* B moves against the normal (it points from B toward A) */
    if (d.status == COL_MISS) {
        move = col_v3_scale(d.normal, d.distance - (col_real)gap);
    } else if (d.status == COL_HIT) {
        col_penetration_result p = col_penetration(a, b);
        if (p.status != COL_HIT || !unit(p.normal)) return false;
        move = col_v3_scale(p.normal, -(p.depth + (col_real)gap));
    } else {
        return false;
    }
    *b = fz_translated(b, move, store);
    return finite3(move);
}

/* Two boxes placed edge to edge (their cross-product axes decide; placing B
 * along the pair's normal mostly leaves a face against a corner): edge i of A
 * and edge j of B, each the one that supports its box along n = uA_i x uB_j
 * (B's along -n), and B moved so that its edge crosses A's at the chosen
 * points (alpha, beta of the half lengths, inside the edges) and then `gap`
 * along n. The distance is then exactly the gap, to the rounding of the
 * construction (a few ulps of the size). false when the edges are nearly
 * parallel or a face is nearly perpendicular to n (no single edge supports). */
static bool fz_place_edges(fz_input *in, const col_shape *a, col_shape *b, double gap) {
    uint8_t e = fz_u8(in);
    double alpha = (int8_t)fz_u8(in) / 144.0, beta = (int8_t)fz_u8(in) / 144.0;
    const col_obb *oa = &a->u.obb, *ob = &b->u.obb;
    int i = e % 3, j = (e / 3) % 3;
    col_vec3 n = col_v3_cross(oa->u[i], ob->u[j]);
    double len = (double)col_v3_len(n);
    if (len < 0x1p-4) return false;
    n = col_v3_scale(n, (col_real)(1 / len));
    col_vec3 pa = col_v3_madd(oa->c, (col_real)alpha * col_v3_get(oa->e, i), oa->u[i]);
    col_vec3 pb = col_v3_madd(ob->c, (col_real)beta * col_v3_get(ob->e, j), ob->u[j]);
    for (int m = 0; m < 3; ++m) {
        double sa = (double)col_v3_dot(n, oa->u[m]), sb = (double)col_v3_dot(n, ob->u[m]);
        if (m != i) {
            if (fabs(sa) < 0x1p-4) return false;
            pa = col_v3_madd(pa, sa > 0 ? col_v3_get(oa->e, m) : -col_v3_get(oa->e, m), oa->u[m]);
        }
        if (m != j) {
            if (fabs(sb) < 0x1p-4) return false;
            pb = col_v3_madd(pb, sb < 0 ? col_v3_get(ob->e, m) : -col_v3_get(ob->e, m), ob->u[m]);
        }
    }
    col_vec3 move = col_v3_madd(col_v3_sub(pa, pb), (col_real)gap, n);
    *b = fz_translated(b, move, NULL);
    return finite3(move);
}

/* A polytope of 13..24 points about B's box (its centre and half extents
 * times fixed directions on a 1/64 grid, a Fibonacci sphere's: exact; flat
 * where the box is), against A's ellipsoid or disc: more points than the
 * curved contacts take every pair and three of (EXHAUSTIVE_POINTS, 8), so
 * their hull's features are the ones checked (penetration_smooth.c,
 * curved_hull); the grid's polytopes have at most 8. The penetration's
 * witnesses and least depth (check_witnesses) and its push-out, both
 * orders, on the grid's shapes (well conditioned: raw input 1e-110 across
 * leaves EPA short of converging, its volumes' cubes below the subnormals). */
static void check_dense_polytope(const col_shape *a, const col_shape *b, size_t size) {
    col_aabb box;
    if (!col_shape_is_valid(a) || !col_shape_bounds(b, &box)) return;
    col_vec3 c = col_v3_scale(col_v3_add(box.min, box.max), COL_R(0.5)),
             h = col_v3_scale(col_v3_sub(box.max, box.min), COL_R(0.5));
    if (!finite3(c) || !finite3(h)) return;
    col_vec3 pts[24];
    int n = 13 + (int)(size % 12);
    for (int k = 0; k < n; ++k) {
        double z = 1.0 - (2.0 * k + 1.0) / n, r = sqrt(fmax(0.0, 1.0 - z * z)), t = 2.399963229728653 * k;
        col_vec3 u = col_v3((col_real)(round(64 * r * cos(t)) / 64), (col_real)(round(64 * r * sin(t)) / 64),
                            (col_real)(round(64 * z) / 64));
        pts[k] = col_v3_add(c, col_v3(h.x * u.x, h.y * u.y, h.z * u.z));
    }
    col_shape dense;
    memset(&dense, 0, sizeof dense);
    dense.kind = COL_SHAPE_POLYTOPE;
    dense.u.polytope.points = pts;
    dense.u.polytope.count = n;
    for (int order = 0; order < 2; ++order) {
        const col_shape *x = order ? &dense : a, *y = order ? a : &dense;
        col_penetration_result p = col_penetration(x, y);
        fz_count("ellipsoids penetrating a polytope of 13 to 24 points", p.status == COL_HIT);
        check_witnesses(x, y, p);
        if (p.status != COL_HIT || !(p.depth > COL_R(0.0)) || !unit(p.normal)) continue;
        double push = fz_band_push(x, y) + fz_band_epa_curved(x, y);
        col_vec3 shifted[24];
        col_shape at = fz_translated(x, col_v3_scale(p.normal, p.depth), shifted);
        col_distance_result t = col_distance(&at, y);
        CHECK_D((double)t.distance <= push, "moved out by the depth, the shapes touch", x, y, t);
    }
}

/* The input's pair: decoded, and in boundary mode turned and placed. false
 * when a boundary pair cannot be placed (nothing to check). */
static bool fz_pair(const uint8_t *data, size_t size, col_shape *a, col_shape *b, col_vec3 *pa, col_vec3 *pb, int *grid,
                    bool *exact) {
    fz_input in = {data, size, 0};
    uint8_t mode = fz_u8(&in);
    *grid = mode & 1;
    *a = fz_convex(&in, *grid, pa);
    *b = fz_convex(&in, *grid, pb);
    *exact = *grid && sizeof(col_real) == sizeof(double);
    if (!*exact || !(mode & 2)) return true;
    /* slivers are left out, as from the contact-time properties (bands.h,
     * FZ_SLIVER): their closest points round by the inverse aspect */
    if (fz_aspect(a) < FZ_SLIVER || fz_aspect(b) < FZ_SLIVER) return false;
    fz_turn(&in, a);
    fz_turn(&in, b);
    uint8_t k = fz_u8(&in);
    double gap = (k & 63) >= 40 ? 0 : ldexp(fz_size(a, b), -(8 + (k & 63)));
    if (k & 64) gap = -gap;
    col_vec3 moved[8];
    bool edges = (k & 128) && a->kind == COL_SHAPE_OBB && b->kind == COL_SHAPE_OBB;
    bool placed = edges ? fz_place_edges(&in, a, b, gap) : fz_place(a, b, gap, moved);
    fz_count(edges ? "boxes placed edge to edge" : "boundary pairs placed", placed);
    if (placed && b->kind == COL_SHAPE_POLYTOPE) { /* its points now live in pb */
        for (int i = 0; i < b->u.polytope.count; ++i) pb[i] = moved[i];
        b->u.polytope.points = pb;
    }
    return placed;
}

static void zero_axis(col_vec3 *v, int i) {
    if (i == 0) v->x = 0;
    if (i == 1) v->y = 0;
    if (i == 2) v->z = 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    col_vec3 pa[8], pb[8];
    col_shape a, b;
    int grid;
    bool exact;
    if (fz_pair(data, size, &a, &b, pa, pb, &grid, &exact)) {
        check_pair(&a, &b, exact);
        /* the general sweep's slow approaches (slow_approach.h), here with
         * polytopes: the pairs whose sweep casts GJK with radii */
        fz_slow_case sc;
        (void)fz_slow_approach(&a, &b, (uint8_t)(size * 29u + (size_t)a.kind * 7u), &sc);
    }
    /* A's ellipsoid or disc made thin beyond the aspect limit (its least
     * positive radius, or for a needle two, by 2^-26 .. 2^-40):
     * col_penetration takes it flat (fz_flattened), which the grid's radii,
     * 2^12 apart at most, never reach */
    if (grid && (fz_positive_ellipsoid(&a) || fz_disc(&a))) {
        col_shape thin = a;
        col_real *r = &thin.u.ellipsoid.r.x;
        int lo = -1; /* (a disc: its lesser positive radius) */
        for (int i = 0; i < 3; ++i)
            if (r[i] > 0 && (lo < 0 || r[i] < r[lo])) lo = i;
        int next = (lo + 1 + (r[(lo + 1) % 3] > r[(lo + 2) % 3])) % 3;
        col_real f = (col_real)ldexp(1.0, -26 - (int)(size % 15));
        r[lo] *= f;
        if ((size & 1) && fz_positive_ellipsoid(&a)) r[next] *= f;
        fz_count("thin ellipsoid penetrating (grid)", col_penetration(&thin, &b).status == COL_HIT);
        check_pair(&thin, &b, false);
    }
    if (grid && (fz_positive_ellipsoid(&a) || fz_disc(&a))) check_dense_polytope(&a, &b, size);
    /* two ellipsoids, B's centre moved 64 times nearer A's: deep contacts
     * where A - B is nearly round about the origin, and EPA's normal can
     * stop by a saddle of its support (fz_smooth_pair's witnesses find it) */
    if (a.kind == COL_SHAPE_ELLIPSOID && b.kind == COL_SHAPE_ELLIPSOID) {
        col_vec3 off = col_v3_sub(b.u.ellipsoid.c, a.u.ellipsoid.c);
        for (int k = 6; k <= 12; k += 6) { /* 1/64 and 1/4096 of the offset */
            col_shape near = b;
            near.u.ellipsoid.c = col_v3_add(a.u.ellipsoid.c, col_v3_scale(off, (col_real)ldexp(1.0, -k)));
            check_pair(&a, &near, false);
        }
        /* and both brought to sizes about 1 (A's radii to [1, 1.5], B's to
         * [0.25, 1.25], each by its largest), B's centre within 0.01 of A's
         * along the offset: a smaller B inside A, unlike it, whose
         * difference's support has basins of nearly equal depth (EPA's
         * normal in one of them left Newton's method 1e-3 above the least
         * depth, before it tried the others) */
        const col_vec3 ra = a.u.ellipsoid.r, rb = b.u.ellipsoid.r;
        col_real ma = col_max(ra.x, col_max(ra.y, ra.z)), mb = col_max(rb.x, col_max(rb.y, rb.z));
        col_real mo = col_max(col_abs(off.x), col_max(col_abs(off.y), col_abs(off.z)));
        if (ma > 0 && mb > 0 && ma <= COL_HUGE && mb <= COL_HUGE && mo <= COL_HUGE) {
            col_shape outer = a, inner = b;
            outer.u.ellipsoid.r = col_v3_add(col_v3(1, 1, 1), col_v3_scale(ra, COL_R(0.5) / ma));
            inner.u.ellipsoid.r = col_v3_add(col_v3(0.25, 0.25, 0.25), col_v3_scale(rb, COL_R(1.0) / mb));
            inner.u.ellipsoid.c =
                mo > 0 ? col_v3_add(a.u.ellipsoid.c, col_v3_scale(off, COL_R(0.01) / mo)) : a.u.ellipsoid.c;
            check_pair(&outer, &inner, false);
            /* and the two flattened into discs across each other (A's least
             * radius 0, B's next axis's: fz_refined_pair), crossing near
             * their centres */
            int ax = ra.x <= ra.y && ra.x <= ra.z ? 0 : (ra.y <= ra.z ? 1 : 2);
            zero_axis(&outer.u.ellipsoid.r, ax);
            zero_axis(&inner.u.ellipsoid.r, (ax + 1) % 3);
            check_pair(&outer, &inner, false);
        }
    }
    return 0;
}

/* The case as a Lua scenario (fuzz/repro). */
void fz_repro(const uint8_t *data, size_t size);
void fz_repro(const uint8_t *data, size_t size) {
    col_vec3 pa[8], pb[8];
    col_shape a, b;
    int grid;
    bool exact;
    bool placed = fz_pair(data, size, &a, &b, pa, pb, &grid, &exact);
    printf("-- fuzz_distance case (%s mode%s): distance, GJK, penetration, overlap\n", grid ? "grid" : "raw",
           placed ? "" : "; a boundary pair that could not be placed");
    printf("local collide = require \"collide\"\n");
    fz_lua_shape(stdout, "a", &a);
    fz_lua_shape(stdout, "b", &b);
    printf("print(\"distance(a, b)\", pcall(collide.distance, a, b))\n");
    printf("print(\"distance(b, a)\", pcall(collide.distance, b, a))\n");
    printf("print(\"gjkDistance(a, b)\", pcall(collide.gjkDistance, a, b))\n");
    printf("print(\"penetration(a, b)\", pcall(collide.penetration, a, b))\n");
    printf("print(\"overlap(a, b)\", pcall(collide.overlap, a, b))\n");
}
