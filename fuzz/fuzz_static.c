/*
 * fuzz_static: properties of the static tests (collide/static.h, shape.h).
 *
 * Input: a mode byte, two shapes, a witness point and a translation (see
 * fuzz_input.h). Properties, each an always-on check that prints the case:
 *   every mode
 *     - col_overlap is symmetric and false for invalid shapes or unsupported
 *       pairs; col_classify is COL_SIDE_INVALID for invalid input;
 *     - results with a status never report NaN (segment-plane, triangle-plane,
 *       three planes, closest points of lines), bounds are finite.
 *   grid mode (valid shapes, exact arithmetic)
 *     - translation invariance: moving both shapes by a multiple of 2^12 gives
 *       the same overlap and classification, bit for bit;
 *     - AABB family vs OBB family: an OBB with signed-permutation axes is an
 *       AABB; overlap and classification must equal the AABB's (different code
 *       paths: Arvo/interval/absolute-coordinate SAT vs box-frame SAT);
 *     - AABB classification equals the combination of its 8 vertices' point
 *       classifications;
 *     - witness: a point that is inside both shapes together with its six
 *       neighbours at 1/16 (so the shapes share a small ball) forces overlap;
 *     - boundary (mode bit 1): B moved, exactly, so that a point of B's
 *       boundary (a vertex, an endpoint, an extreme point of a sphere,
 *       capsule or ellipsoid along an axis, a midpoint of an edge) lands on
 *       one of A's: the shapes touch exactly and every exact test must say
 *       they overlap (a test that calls touching apart, `<` for `<=`, fails);
 *       and, for the sweeps decided exactly (sphere-sphere, sphere- and
 *       capsule-plane, AABB-AABB, sphere-AABB, sphere-triangle, a point
 *       against any shape), a sweep of A
 *       arriving by a grid vector d to touch at u = 1 (or B arriving by -d),
 *       or leaving from the touch at u = 0, hits (at t0 = 0 leaving); with
 *       zero relative velocity (both moving by d) the touching pair hits at
 *       once and the pair d apart exactly when it overlaps; and a pair apart
 *       on an axis it does not move along (two boxes, or a grid plane's
 *       normal) never meets;
 *     - mid-sweep grazes (mode bits 2 and 3): a sphere passing a box's edge
 *       or corner, or a triangle's edge, within exactly r at u = 1/2 hits,
 *       an ulp thinner misses, and off the grid the sweeps' filters and
 *       certificates decide as exact arithmetic does.
 *   touches within rounding (any mode, double): a plane through a shape's
 *   lowest point, a sphere (mode bit 4; its sweeps with bit 5) at a
 *   sphere's or a box's boundary point along a tilted direction (rounded),
 *   moved by ulps, near the origin or 2^10..2^30 from it: the
 *   classification, the sweep and the static test decide as exact
 *   arithmetic does.
 *   frustum culling (a camera decoded from the bytes after the rest; a sphere,
 *   AABB or OBB among the two shapes), against GJK's distance from the shape
 *   to the frustum's hull (its eight corners), a second method:
 *     - a valid camera and shape never give COL_CULL_INVALID;
 *     - "outside" never where GJK finds a common point; always where GJK
 *       finds them clearly apart (10^-4 of the scene's size);
 *     - the planes-only verdict, when "outside" or "inside", equals the exact
 *       one, and "inside" comes only from the planes.
 */
#include <float.h>

#include "bands.h"

extern bool col__exact_always;                 /* core/src/exact.h: every filter in doubt */
extern void col__batch_lanes_force(int lanes); /* core/src/box.h: the two-lane forms where 2 */
static int fz_lanes;                           /* this input's choice (2 or 0), as forced */
/* core/src/exact.h: the balls' exact decisions */
bool col__segment_meets_ball(col_vec3 p, col_vec3 q, col_vec3 c, col_real r1, col_real r2);
bool col__ball_meets_box(col_vec3 c, col_real r, col_vec3 lo, col_vec3 hi);
int col__orient3d(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d); /* exact */
int col__orient2d(col_vec3 p, col_vec3 q, col_vec3 r, int i, int j);

static col_shape as_aabb_of_obb(const col_shape *o) {
    col_shape s;
    memset(&s, 0, sizeof s);
    s.kind = COL_SHAPE_AABB;
    s.u.aabb = col_aabb_from_obb(&o->u.obb); /* exact for signed-permutation axes */
    return s;
}

static bool finite3(col_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }

/* Queries with result records never report NaN. */
static void check_records(const col_shape *a, const col_shape *b) {
    if (a->kind == COL_SHAPE_SEGMENT && b->kind == COL_SHAPE_PLANE) {
        col_segment_plane_hit h = col_intersect_segment_plane(&a->u.segment, &b->u.plane);
        FZ_CHECK(h.status != COL_HIT || (isfinite(h.t) && h.t >= 0 && h.t <= 1 && finite3(h.point)),
                 "segment-plane hit has t in [0,1] and a finite point", a, b);
        FZ_CHECK((h.status == COL_INVALID) == !(col_shape_is_valid(a) && col_shape_is_valid(b)),
                 "segment-plane is invalid exactly for invalid input", a, b);
    }
    if (a->kind == COL_SHAPE_TRIANGLE && b->kind == COL_SHAPE_PLANE) {
        col_triangle_plane_hit h = col_intersect_triangle_plane(&a->u.triangle, &b->u.plane);
        FZ_CHECK(h.status != COL_HIT || (finite3(h.p) && finite3(h.q)), "triangle-plane segment is finite", a, b);
        FZ_CHECK(h.status == COL_INVALID || (h.status == COL_HIT) == (h.side == COL_STRADDLE),
                 "triangle-plane hit iff straddling", a, b);
    }
    if (a->kind == COL_SHAPE_PLANE && b->kind == COL_SHAPE_PLANE) {
        col_plane third = col_plane_make(col_v3_cross(a->u.plane.n, b->u.plane.n), a->u.plane.d);
        col_three_planes_hit h = col_intersect_three_planes(&a->u.plane, &b->u.plane, &third);
        FZ_CHECK(h.status != COL_HIT || finite3(h.point), "three-plane point is finite", a, b);
    }
    if (a->kind == COL_SHAPE_SEGMENT && b->kind == COL_SHAPE_SEGMENT) {
        col_line l1 = {a->u.segment.a, col_v3_sub(a->u.segment.b, a->u.segment.a)};
        col_line l2 = {b->u.segment.a, col_v3_sub(b->u.segment.b, b->u.segment.a)};
        col_line_line_result r = col_closest_points_lines(&l1, &l2);
        FZ_CHECK(r.status != COL_HIT || (isfinite(r.s) && isfinite(r.t) && finite3(r.pa) && finite3(r.pb)),
                 "closest points of lines are finite", a, b);
    }
    col_aabb box;
    if (col_shape_bounds(a, &box))
        FZ_CHECK(finite3(box.min) && finite3(box.max) && box.min.x <= box.max.x, "bounds are finite and ordered", a, b);
}

/* An AABB's validity by its definition (SPEC 2: every coordinate finite
 * and within COL_HUGE, min <= max on each axis), not by the core's
 * validator, which col_shape_is_valid shares with the queries. */
static bool aabb_valid_by_definition(const col_aabb *b) {
    const col_real c[6] = {b->min.x, b->min.y, b->min.z, b->max.x, b->max.y, b->max.z};
    for (int i = 0; i < 6; ++i)
        if (!(isfinite((double)c[i]) && fabs((double)c[i]) <= (double)COL_HUGE)) return false;
    return b->min.x <= b->max.x && b->min.y <= b->max.y && b->min.z <= b->max.z;
}

/* Each coordinate of a, in turn, made invalid (NaN, an infinity, twice
 * COL_HUGE of either sign; then an AABB's axis reversed, a radius negated)
 * on a pair that overlaps: the shape is then
 * invalid by SPEC 2 and the pair answers no, both ways and from the
 * batch. Random bytes seldom put an infinity where only one comparison of
 * a validator would see it, beside an overlap that would hide its absence
 * (a lane of the AABB test's validation dropped survived a minute). */
/* An invalid shape p of b's kind in an array of pairs beside valid ones
 * (the batch's lanes take pairs four at a time, then two, then one): (p, b),
 * (b, b), (b, p), (p, b), (b, b), (p, b), (b, b); every pair with p
 * answers no, the others as col_overlap(b, b). */
static void check_beside(const col_shape *p, const col_shape *b) {
    if (p->kind != b->kind || b->kind == COL_SHAPE_POLYTOPE) return;
    size_t sz = (size_t)fz_real_count(p->kind) * sizeof(col_real);
    const col_shape *xs[7] = {p, b, b, p, b, p, b}, *ys[7] = {b, b, p, b, b, b, b};
    unsigned char px[7 * sizeof p->u], py[7 * sizeof p->u], o7[7];
    for (int i = 0; i < 7; ++i) {
        memcpy(px + (size_t)i * sz, &xs[i]->u, sz);
        memcpy(py + (size_t)i * sz, &ys[i]->u, sz);
    }
    bool bb = col_overlap(b, b);
    FZ_CHECK(col_overlap_many(p->kind, px, b->kind, py, false, 7, o7) == 3 * (size_t)bb && o7[0] == 0 && o7[1] == bb &&
                 o7[2] == 0 && o7[3] == 0 && o7[4] == bb && o7[5] == 0 && o7[6] == bb,
             "an invalid pair beside valid ones in an array overlaps nothing", p, b);
}

/* The invalid pair (p, q) beside the valid (a, b) (p of a's kind, q of
 * b's) in an array of seven, (p, q), (a, b), (a, b), (p, q), (a, b), (p,
 * q), (a, b), and the same with the sides swapped: the pairs (p, q) answer
 * no, the others as col_overlap(a, b). (Pairs of two kinds: the segment
 * pairs' lanes take them four at a time, an invalid lane beside valid ones.) */
static void check_beside_of(const col_shape *p, const col_shape *q, const col_shape *a, const col_shape *b) {
    if (a->kind == COL_SHAPE_POLYTOPE || b->kind == COL_SHAPE_POLYTOPE) return;
    size_t sa = (size_t)fz_real_count(a->kind) * sizeof(col_real),
           sb = (size_t)fz_real_count(b->kind) * sizeof(col_real);
    const col_shape *xs[7] = {p, a, a, p, a, p, a}, *ys[7] = {q, b, b, q, b, q, b};
    unsigned char px[7 * sizeof a->u], py[7 * sizeof b->u], o7[7], o7r[7];
    for (int i = 0; i < 7; ++i) {
        memcpy(px + (size_t)i * sa, &xs[i]->u, sa);
        memcpy(py + (size_t)i * sb, &ys[i]->u, sb);
    }
    bool ab = col_overlap(a, b);
    size_t n = col_overlap_many(a->kind, px, b->kind, py, false, 7, o7);
    size_t nr = col_overlap_many(b->kind, py, a->kind, px, false, 7, o7r);
    bool same = n == 4 * (size_t)ab && nr == n;
    for (int i = 0; i < 7; ++i) same = same && o7[i] == (xs[i] == a && ab) && o7r[i] == o7[i];
    FZ_CHECK(same, "an invalid pair beside valid ones in an array overlaps nothing", p, q);
}

/* The pair scaled by a power of two until its largest number lies beyond
 * COL_HUGE (by 1 to 4 times): the same geometry, every number finite, but
 * invalid, so no overlap, alone or beside the pair itself in an array (a
 * filter that decides a scaled pair by its geometry alone must still
 * refuse it). */
static void check_scaled_past_huge(const col_shape *a, const col_shape *b) {
    if (a->kind == COL_SHAPE_POLYTOPE || b->kind == COL_SHAPE_POLYTOPE) return;
    /* the largest number the scaling scales (not an OBB's axes or a
     * plane's normal): those a doubling changes */
    double m = 0;
    const col_shape *ab[2] = {a, b};
    for (int k = 0; k < 2; ++k) {
        col_shape t = *ab[k], t2 = fz_scaled(ab[k], 1);
        for (int i = 0; i < fz_real_count(t.kind); ++i)
            if (fz_reals(&t2)[i] != fz_reals(&t)[i]) m = fmax(m, fabs((double)fz_reals(&t)[i]));
    }
    if (!(m > 0)) return;
    int e = (int)ceil(log2((double)COL_HUGE) - log2(m)) + 1; /* (COL_HUGE / m may overflow) */
    col_shape sa = fz_scaled(a, e), sb = fz_scaled(b, e);
    FZ_CHECK(!col_shape_is_valid(&sa) || !col_shape_is_valid(&sb), "a pair scaled past COL_HUGE is invalid", &sa, &sb);
    FZ_CHECK(!col_overlap(&sa, &sb), "a pair scaled past COL_HUGE overlaps nothing", &sa, &sb);
    check_beside_of(&sa, &sb, a, b);
}

static void check_poisoned(const col_shape *a, const col_shape *b) {
    if (a->kind == COL_SHAPE_POLYTOPE || !col_overlap(a, b)) return;
    check_scaled_past_huge(a, b);
    const col_real huge = (col_real)COL_HUGE;
    const col_real bad[] = {(col_real)NAN, (col_real)INFINITY, -(col_real)INFINITY, 2 * huge, -2 * huge};
    for (int i = 0; i < fz_real_count(a->kind); ++i)
        for (size_t j = 0; j < sizeof bad / sizeof bad[0]; ++j) {
            col_shape p = *a;
            fz_reals(&p)[i] = bad[j];
            FZ_CHECK(!col_shape_is_valid(&p), "a coordinate beyond COL_HUGE or not finite makes a shape invalid", &p,
                     b);
            unsigned char out = 7;
            FZ_CHECK(!col_overlap(&p, b) && !col_overlap(b, &p) &&
                         col_overlap_many(p.kind, &p.u, b->kind, &b->u, true, 1, &out) == 0 && out == 0,
                     "a shape with one coordinate made invalid overlaps nothing", &p, b);
            check_beside(&p, b);
            if (a->kind != b->kind) check_beside_of(&p, b, a, b);
        }
    /* finite but invalid: an AABB's min above its max on one axis, a
     * negative radius (the comparisons a two-lane validator folds together) */
    for (int k = 0; k < 4; ++k) {
        col_shape p = *a;
        if (a->kind == COL_SHAPE_AABB && k < 3) {
            col_real *lo = &p.u.aabb.min.x + k, *hi = &p.u.aabb.max.x + k;
            if (!(*lo < *hi)) continue;
            col_real t = *lo;
            *lo = *hi;
            *hi = t;
        } else if (k == 3 && (a->kind == COL_SHAPE_SPHERE || a->kind == COL_SHAPE_CAPSULE)) {
            col_real *r = a->kind == COL_SHAPE_SPHERE ? &p.u.sphere.r : &p.u.capsule.r;
            if (!(*r > 0)) continue;
            *r = -*r;
        } else {
            continue;
        }
        FZ_CHECK(!col_shape_is_valid(&p), "a min above its max or a negative radius makes a shape invalid", &p, b);
        unsigned char out = 7;
        FZ_CHECK(!col_overlap(&p, b) && !col_overlap(b, &p) &&
                     col_overlap_many(p.kind, &p.u, b->kind, &b->u, true, 1, &out) == 0 && out == 0,
                 "a shape with a min above its max or a negative radius overlaps nothing", &p, b);
        check_beside(&p, b);
        if (a->kind != b->kind) check_beside_of(&p, b, a, b);
    }
}

static void check_generic(const col_shape *a, const col_shape *b) {
    if (a->kind == COL_SHAPE_AABB)
        FZ_CHECK(col_shape_is_valid(a) == aabb_valid_by_definition(&a->u.aabb),
                 "an AABB is valid exactly by its definition", a, b);
    bool ab = col_overlap(a, b), ba = col_overlap(b, a);
    FZ_CHECK(ab == ba, "overlap is symmetric", a, b);
    /* the batch form answers as col_overlap, pairwise, one against many and
     * with b repeated (three copies of a against one b, and a b array) */
    unsigned char out[3] = {7, 7, 7};
    FZ_CHECK(col_overlap_many(a->kind, &a->u, b->kind, &b->u, true, 1, out) == (size_t)ab && out[0] == ab,
             "col_overlap_many answers as col_overlap", a, b);
    if (a->kind != COL_SHAPE_POLYTOPE && b->kind != COL_SHAPE_POLYTOPE) {
        /* packed arrays of the structs (seven: the lanes take four pairs at
         * a time, then the rest one by one); col_shape's union member is
         * at the same offset in each */
        unsigned char pa[7 * sizeof a->u], pb[7 * sizeof b->u], o7[7];
        size_t sa = (size_t)fz_real_count(a->kind) * sizeof(col_real),
               sb = (size_t)fz_real_count(b->kind) * sizeof(col_real);
        for (int i = 0; i < 7; ++i) {
            memcpy(pa + (size_t)i * sa, &a->u, sa);
            memcpy(pb + (size_t)i * sb, &b->u, sb);
        }
        size_t n = col_overlap_many(a->kind, pa, b->kind, pb, false, 7, o7);
        bool all = n == 7 * (size_t)ab;
        for (int i = 0; i < 7; ++i) all = all && o7[i] == ab;
        FZ_CHECK(all, "col_overlap_many over arrays answers as col_overlap", a, b);
        n = col_overlap_many(a->kind, pa, b->kind, &b->u, true, 7, o7);
        all = n == 7 * (size_t)ab;
        for (int i = 0; i < 7; ++i) all = all && o7[i] == ab;
        FZ_CHECK(all, "col_overlap_many of an array against one shape answers as col_overlap", a, b);
        /* for valid shapes, so does the unchecked form; for invalid ones it is defined (no crash) */
        n = col_overlap_many_unchecked(a->kind, pa, b->kind, pb, false, 7, o7);
        all = n == 7 * (size_t)ab;
        for (int i = 0; i < 7; ++i) all = all && o7[i] == ab;
        if (col_shape_is_valid(a) && col_shape_is_valid(b))
            FZ_CHECK(all, "col_overlap_many_unchecked answers as col_overlap for valid shapes", a, b);
        /* different pairs side by side, (a, b), (a, a), (b, b), (b, a), (a,
         * b), (a, a), (b, a): the batch's lanes take pairs four at a time
         * (AVX2), then two (SSE2), then one; each answer in its own place */
        if (a->kind == b->kind) {
            const col_shape *xs[7] = {a, a, b, b, a, a, b}, *ys[7] = {b, a, b, a, b, a, a};
            unsigned char px[7 * sizeof a->u], py[7 * sizeof a->u];
            bool want[7], same = true;
            size_t expect = 0;
            for (int i = 0; i < 7; ++i) {
                memcpy(px + (size_t)i * sa, &xs[i]->u, sa);
                memcpy(py + (size_t)i * sa, &ys[i]->u, sa);
                want[i] = col_overlap(xs[i], ys[i]);
                expect += want[i];
            }
            n = col_overlap_many(a->kind, px, b->kind, py, false, 7, o7);
            for (int i = 0; i < 7; ++i) same = same && o7[i] == want[i];
            FZ_CHECK(n == expect && same, "col_overlap_many answers each pair of an array in its place", a, b);
        }
    }
    bool valid = col_shape_is_valid(a) && col_shape_is_valid(b);
    if (!valid || !col_overlap_supported(a->kind, b->kind)) FZ_CHECK(!ab, "invalid or unsupported gives false", a, b);
    if (b->kind == COL_SHAPE_PLANE) {
        col_side side = col_classify(a, &b->u.plane);
        if (!valid || !col_classify_supported(a->kind))
            FZ_CHECK(side == COL_SIDE_INVALID, "classify of invalid input is invalid", a, b);
        else
            FZ_CHECK(side != COL_SIDE_INVALID && ((side == COL_STRADDLE) == ab), "classify agrees with overlap", a, b);
    }
    check_records(a, b);
}

/* Point classification of an AABB's vertices, combined. */
static col_side aabb_by_vertices(const col_aabb *b, const col_plane *pl) {
    bool front = true, back = true;
    for (int i = 0; i < 8; ++i) {
        col_point p = {col_v3(i & 1 ? b->max.x : b->min.x, i & 2 ? b->max.y : b->min.y, i & 4 ? b->max.z : b->min.z)};
        col_side s = col_classify_point_plane(&p, pl);
        front = front && s == COL_FRONT;
        back = back && s == COL_BACK;
    }
    return front ? COL_FRONT : (back ? COL_BACK : COL_STRADDLE);
}

static bool point_in(col_vec3 p, const col_shape *s) {
    col_shape ps;
    memset(&ps, 0, sizeof ps);
    ps.kind = COL_SHAPE_POINT;
    ps.u.point.p = p;
    return col_overlap_supported(COL_SHAPE_POINT, s->kind) && col_overlap(&ps, s);
}

static bool deep_inside(col_vec3 p, const col_shape *s) {
    const col_real h = COL_R(1.0) / COL_R(16.0);
    if (!point_in(p, s)) return false;
    for (int k = 0; k < 6; ++k) {
        col_vec3 q = p;
        col_real d = (k & 1) ? -h : h;
        if (k / 2 == 0) q.x += d;
        if (k / 2 == 1) q.y += d;
        if (k / 2 == 2) q.z += d;
        if (!point_in(q, s)) return false;
    }
    return true;
}

/* Within GJK's band of touching for curved shapes (collide/base.h): a curved
 * shape is approached, never reached, so exact contact on the grid resolves to
 * a distance of about 1e-10 of the size rather than the ulp. */
static bool in_gjk_band(const col_shape *a, const col_shape *b) {
    col_aabb ba, bb;
    col_real size = COL_R(1.0);
    if (col_shape_bounds(a, &ba))
        size += col_abs(ba.max.x - ba.min.x) + col_abs(ba.max.y - ba.min.y) + col_abs(ba.max.z - ba.min.z);
    if (col_shape_bounds(b, &bb))
        size += col_abs(bb.max.x - bb.min.x) + col_abs(bb.max.y - bb.min.y) + col_abs(bb.max.z - bb.min.z);
    return col_distance(a, b).distance <= COL_R(1e-8) * size;
}

static void check_grid(const col_shape *a, const col_shape *b, col_vec3 witness, col_vec3 offset) {
    bool ab = col_overlap(a, b);
    if (col_overlap_supported(a->kind, b->kind)) fz_count("overlap (grid)", ab);
    /* translation invariance: exact for the exact tests; GJK orders a pair by
     * its bytes, which a translation can reorder, so within its band it may not be */
    col_shape ta = fz_translated(a, offset, NULL), tb = fz_translated(b, offset, NULL);
    if (col_overlap_is_exact(a->kind, b->kind) || !in_gjk_band(a, b))
        FZ_CHECK(col_overlap(&ta, &tb) == ab, "overlap is invariant under exact translation", a, b);
    if (b->kind == COL_SHAPE_PLANE && col_classify_supported(a->kind))
        FZ_CHECK(col_classify(&ta, &tb.u.plane) == col_classify(a, &b->u.plane),
                 "classification is invariant under exact translation", a, b);
    /* AABB family vs OBB family */
    if (a->kind == COL_SHAPE_OBB) {
        col_shape box = as_aabb_of_obb(a);
        /* exact tests only: GJK may differ within its band of touching */
        if (col_overlap_is_exact(COL_SHAPE_AABB, b->kind) && col_overlap_is_exact(COL_SHAPE_OBB, b->kind))
            FZ_CHECK(col_overlap(&box, b) == ab, "an axis-aligned OBB overlaps as its AABB does", a, b);
        if (b->kind == COL_SHAPE_PLANE)
            FZ_CHECK(col_classify(&box, &b->u.plane) == col_classify(a, &b->u.plane),
                     "an axis-aligned OBB classifies as its AABB does", a, b);
    }
    if (a->kind == COL_SHAPE_AABB && b->kind == COL_SHAPE_PLANE)
        FZ_CHECK(col_classify(a, &b->u.plane) == aabb_by_vertices(&a->u.aabb, &b->u.plane),
                 "AABB classification equals its vertices'", a, b);
    /* witness of a deep overlap */
    if (col_overlap_supported(a->kind, b->kind) && deep_inside(witness, a) && deep_inside(witness, b))
        FZ_CHECK(ab, "shapes sharing a ball around a witness point overlap", a, b);
}

/* Points exactly on the boundary of a grid shape (sums and halves of grid
 * values are exact in double); the count, at most 16. */
static int boundary_points(const col_shape *s, col_vec3 *out) {
    int n = 0;
    static const col_vec3 axis[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    switch (s->kind) {
    case COL_SHAPE_POINT: out[n++] = s->u.point.p; break;
    case COL_SHAPE_SEGMENT:
        out[n++] = s->u.segment.a;
        out[n++] = s->u.segment.b;
        out[n++] = col_v3_scale(col_v3_add(s->u.segment.a, s->u.segment.b), COL_R(0.5));
        break;
    case COL_SHAPE_TRIANGLE: {
        const col_vec3 v[3] = {s->u.triangle.a, s->u.triangle.b, s->u.triangle.c};
        for (int i = 0; i < 3; ++i) {
            out[n++] = v[i];
            out[n++] = col_v3_scale(col_v3_add(v[i], v[(i + 1) % 3]), COL_R(0.5));
        }
        break;
    }
    case COL_SHAPE_SPHERE:
        for (int i = 0; i < 6; ++i) out[n++] = col_v3_madd(s->u.sphere.c, s->u.sphere.r, axis[i]);
        break;
    case COL_SHAPE_CAPSULE:
        for (int i = 0; i < 6; ++i) {
            out[n++] = col_v3_madd(s->u.capsule.a, s->u.capsule.r, axis[i]);
            out[n++] = col_v3_madd(s->u.capsule.b, s->u.capsule.r, axis[i]);
        }
        break;
    case COL_SHAPE_ELLIPSOID: {
        const col_real r[3] = {s->u.ellipsoid.r.x, s->u.ellipsoid.r.y, s->u.ellipsoid.r.z};
        for (int i = 0; i < 6; ++i) out[n++] = col_v3_madd(s->u.ellipsoid.c, r[i / 2], axis[i]);
        break;
    }
    case COL_SHAPE_AABB:
        for (int i = 0; i < 8; ++i)
            out[n++] = col_v3(i & 1 ? s->u.aabb.max.x : s->u.aabb.min.x, i & 2 ? s->u.aabb.max.y : s->u.aabb.min.y,
                              i & 4 ? s->u.aabb.max.z : s->u.aabb.min.z);
        break;
    case COL_SHAPE_OBB: /* the grid's axes are signed unit vectors: exact */
        for (int i = 0; i < 8; ++i) {
            col_vec3 p = s->u.obb.c;
            p = col_v3_madd(p, i & 1 ? s->u.obb.e.x : -s->u.obb.e.x, s->u.obb.u[0]);
            p = col_v3_madd(p, i & 2 ? s->u.obb.e.y : -s->u.obb.e.y, s->u.obb.u[1]);
            p = col_v3_madd(p, i & 4 ? s->u.obb.e.z : -s->u.obb.e.z, s->u.obb.u[2]);
            out[n++] = p;
        }
        break;
    case COL_SHAPE_PLANE: out[n++] = col_v3_scale(s->u.plane.n, s->u.plane.d); break; /* n is a signed axis */
    default: break;
    }
    return n;
}

/* The closed-form sweeps decided exactly (issue 16): sphere-sphere, sphere-
 * and capsule-plane, AABB-AABB, sphere-AABB, sphere-triangle, and a point
 * against any shape with a cast (the cast of the point along da - db). */
static bool exact_sweep(col_shape_kind a, col_shape_kind b) {
    if (a > b) {
        col_shape_kind t = a;
        a = b;
        b = t;
    }
    if (a == COL_SHAPE_POINT && col_raycast_supported(b)) return true;
    if (b == COL_SHAPE_POINT && col_raycast_supported(a)) return true;
    return (a == COL_SHAPE_SPHERE && b == COL_SHAPE_SPHERE) || (a == COL_SHAPE_AABB && b == COL_SHAPE_AABB) ||
           ((a == COL_SHAPE_SPHERE || b == COL_SHAPE_SPHERE) &&
            (a == COL_SHAPE_AABB || b == COL_SHAPE_AABB || a == COL_SHAPE_TRIANGLE || b == COL_SHAPE_TRIANGLE)) ||
           ((a == COL_SHAPE_SPHERE || a == COL_SHAPE_CAPSULE || b == COL_SHAPE_SPHERE || b == COL_SHAPE_CAPSULE) &&
            (a == COL_SHAPE_PLANE || b == COL_SHAPE_PLANE));
}

/* The shape with its coordinates and sizes times f (rounded): a plane's
 * offset, an oriented box's centre and extents, every number of the others. */
static col_shape scaled(const col_shape *src, col_real f) {
    col_shape s = *src;
    col_real *x = fz_reals(&s);
    switch (s.kind) {
    case COL_SHAPE_PLANE: s.u.plane.d *= f; break;
    case COL_SHAPE_OBB:
        s.u.obb.c = col_v3_scale(s.u.obb.c, f);
        s.u.obb.e = col_v3_scale(s.u.obb.e, f);
        break;
    case COL_SHAPE_POLYTOPE: break;
    default:
        for (int i = 0; i < fz_real_count(s.kind); ++i) x[i] *= f;
    }
    return s;
}

/* An axis on which two grid shapes are surely apart, or -1: for two boxes,
 * one whose intervals do not meet; for a sphere or capsule and a grid plane
 * (its normal a signed axis), the normal's axis when the shape is off the
 * plane. */
static int separated_axis(const col_shape *a, const col_shape *b) {
    if (a->kind == COL_SHAPE_AABB && b->kind == COL_SHAPE_AABB) {
        for (int k = 0; k < 3; ++k)
            if (col_v3_get(a->u.aabb.max, k) < col_v3_get(b->u.aabb.min, k) ||
                col_v3_get(b->u.aabb.max, k) < col_v3_get(a->u.aabb.min, k))
                return k;
        return -1;
    }
    const col_shape *pl = a->kind == COL_SHAPE_PLANE ? a : b->kind == COL_SHAPE_PLANE ? b : NULL;
    const col_shape *o = pl == a ? b : a;
    if (!pl || (o->kind != COL_SHAPE_SPHERE && o->kind != COL_SHAPE_CAPSULE)) return -1;
    col_vec3 n = pl->u.plane.n;
    int k = n.x != 0 ? 0 : n.y != 0 ? 1 : 2;
    if ((k == 0 && (n.y != 0 || n.z != 0)) || (k == 1 && n.z != 0)) return -1; /* not an axis */
    col_side side = col_classify(o, &pl->u.plane);
    return side == COL_FRONT || side == COL_BACK ? k : -1;
}

/* B moved exactly so that boundary point j of B lands on boundary point i of
 * A: an exact test must call them overlapping (they touch at that point). */
static void check_touching(const col_shape *a, const col_shape *b, uint8_t i, uint8_t j) {
    /* a degenerate triangle is its longest edge (collide/static.h), not the
     * set its three vertices span: slivers are left out, as elsewhere
     * (bands.h, FZ_SLIVER; the library's degeneracy tolerance is far below) */
    if (fz_aspect(a) < FZ_SLIVER || fz_aspect(b) < FZ_SLIVER) return;
    col_vec3 pa[16], pb[16];
    int na = boundary_points(a, pa), nb = boundary_points(b, pb);
    if (na == 0 || nb == 0 || !col_overlap_supported(a->kind, b->kind) || !col_overlap_is_exact(a->kind, b->kind))
        return;
    col_shape moved = fz_translated(b, col_v3_sub(pa[i % na], pb[j % nb]), NULL);
    if (!col_shape_is_valid(&moved)) return;
    FZ_CHECK(col_overlap(a, &moved), "shapes touching exactly at a boundary point overlap", a, &moved);
    FZ_CHECK(col_overlap(&moved, a), "shapes touching exactly at a boundary point overlap (swapped)", &moved, a);
    /* Boundary sweeps (issue 16): a closed-form sweep whose shapes touch
     * exactly at u = 1 (A arriving by d) or at u = 0 (A leaving by d) hits,
     * at t0 = 0 for the second; d a grid vector, so the start a - d is exact. */
    if (!exact_sweep(a->kind, b->kind) || sizeof(col_real) != sizeof(double)) return;
    col_vec3 d =
        col_v3((col_real)((int)(i >> 4) - 8) / 4, (col_real)((int)(j >> 4) - 8) / 4, (col_real)((i ^ j) & 7) - 3);
    col_shape start = fz_translated(a, col_v3_neg(d), NULL);
    if (!col_shape_is_valid(&start) || (d.x == 0 && d.y == 0 && d.z == 0)) return;
    col_sweep_hit arrive = col_sweep(&start, d, &moved, col_v3(0, 0, 0));
    FZ_CHECK(arrive.status == COL_HIT, "a sweep whose shapes touch exactly at u = 1 hits", &start, &moved);
    col_sweep_hit leave = col_sweep(a, d, &moved, col_v3(0, 0, 0));
    FZ_CHECK(leave.status == COL_HIT && leave.t0 == 0, "a sweep whose shapes touch exactly at u = 0 hits at t0 = 0", a,
             &moved);
    /* B moving instead, by -d: the same relative motion */
    col_sweep_hit meet = col_sweep(&start, col_v3(0, 0, 0), &moved, col_v3_neg(d));
    FZ_CHECK(meet.status == COL_HIT, "a sweep whose shapes touch exactly at u = 1 hits (B moving)", &start, &moved);
    /* zero relative velocity: both moving by d, the touching pair touches
     * throughout; the pair a distance d apart meets exactly when it overlaps */
    col_sweep_hit together = col_sweep(a, d, &moved, d);
    FZ_CHECK(together.status == COL_HIT && together.initially_overlapping,
             "shapes touching and moving together hit at once", a, &moved);
    col_sweep_hit apart = col_sweep(&start, d, &moved, d);
    FZ_CHECK((apart.status == COL_HIT) == col_overlap(&start, &moved),
             "shapes moving together meet exactly when they overlap", &start, &moved);
    /* off the grid: the pair and the motion scaled by 1/10, which rounds, so
     * the touch at u = 1 is off by ulps, where the filters are in doubt: they
     * decide as exact arithmetic does (every sign exact: col__exact_always) */
    col_shape s10 = scaled(&start, COL_R(0.1)), m10 = scaled(&moved, COL_R(0.1));
    col_vec3 d10 = col_v3_scale(d, COL_R(0.1));
    /* and the motion moved by up to two ulps per component (the bits of i
     * and j): the touch is off by a few ulps either way, within the
     * rounding of the filters' quotients */
    for (int k = 0; k < 3; ++k) /* (double only: above) */
        d10 = fz_ulps_on_axis(d10, k, (int)((i >> (2 * k)) & 3) - 1 - (int)((j >> k) & 1));
    /* (on an eighth of the inputs: the exact path is slow) */
    if (((i ^ j) & 7) == 0 && col_shape_is_valid(&s10) && col_shape_is_valid(&m10)) {
        /* both moving, B by w: da = d10 + w rounds, so the relative motion
         * is d10 plus that rounding, and da - db rounds again */
        col_vec3 w = col_v3_scale(col_v3(COL_R(0.3), COL_R(-0.7), COL_R(1.1)), (col_real)(1 + (j & 15)));
        col_vec3 dw = col_v3_add(d10, w);
        /* and the touching pair scaled, leaving by d10: touching at u = 0
         * within rounding, so the start's side is the filters' coin toss */
        col_shape a10 = scaled(a, COL_R(0.1));
        col_sweep_hit f = col_sweep(&s10, d10, &m10, col_v3(0, 0, 0)), fb = col_sweep(&s10, d10, &m10, d10),
                      fw = col_sweep(&s10, dw, &m10, w), fl = col_sweep(&a10, d10, &m10, col_v3(0, 0, 0));
        col__exact_always = true;
        col_sweep_hit x = col_sweep(&s10, d10, &m10, col_v3(0, 0, 0)), xb = col_sweep(&s10, d10, &m10, d10),
                      xw = col_sweep(&s10, dw, &m10, w), xl = col_sweep(&a10, d10, &m10, col_v3(0, 0, 0));
        col__exact_always = false;
        FZ_CHECK(f.status == x.status && fb.status == xb.status && fw.status == xw.status,
                 "a sweep's filters decide as exact arithmetic does", &s10, &m10);
        FZ_CHECK(fl.status == xl.status && fl.initially_overlapping == xl.initially_overlapping,
                 "a sweep's filters decide a touch at u = 0 as exact arithmetic does", &a10, &m10);
        fz_count("boundary sweeps off the grid that hit", f.status == COL_HIT);
    }
    /* zero relative velocity on one axis only, an axis on which the pair is
     * apart (a box's, or a grid plane's normal): never, however the rest
     * moves */
    int axis = separated_axis(&start, &moved);
    if (axis >= 0) {
        col_vec3 db = col_v3(0, 0, 0);
        if (axis == 0) db.x = d.x;
        if (axis == 1) db.y = d.y;
        if (axis == 2) db.z = d.z;
        col_sweep_hit slide = col_sweep(&start, d, &moved, db);
        FZ_CHECK(slide.status == COL_MISS, "shapes apart on an axis they do not move along never meet", &start, &moved);
    }
}

/* A shape of one kind from its numbers (the union's layout, as fz_reals). */
static col_shape made(col_shape_kind kind, const col_real *x) {
    col_shape s;
    memset(&s, 0, sizeof s);
    s.kind = kind;
    memcpy(fz_reals(&s), x, (size_t)fz_real_count(kind) * sizeof(col_real));
    return s;
}

/* A sweep off the grid (all numbers times 1/10, the motion moved by up to
 * two ulps per component as `wiggle`'s bits say): the filters and
 * certificates decide as exact arithmetic does. */
static bool check_off_grid(const col_shape *a, col_vec3 da, const col_shape *b, uint8_t wiggle, const char *what) {
    col_shape a10 = scaled(a, COL_R(0.1)), b10 = scaled(b, COL_R(0.1));
    col_vec3 d10 = col_v3_scale(da, COL_R(0.1));
    double to = (wiggle & 64) ? INFINITY : -INFINITY;
    for (int n = 0; n < (int)(wiggle & 3); ++n) d10.x = (col_real)nextafter((double)d10.x, to);
    for (int n = 0; n < (int)((wiggle >> 2) & 3); ++n) d10.y = (col_real)nextafter((double)d10.y, -to);
    for (int n = 0; n < (int)((wiggle >> 4) & 3); ++n) d10.z = (col_real)nextafter((double)d10.z, to);
    col_sweep_hit f = col_sweep(&a10, d10, &b10, col_v3(0, 0, 0));
    col__exact_always = true;
    col_sweep_hit x = col_sweep(&a10, d10, &b10, col_v3(0, 0, 0));
    col__exact_always = false;
    FZ_CHECK(f.status == x.status, what, &a10, &b10);
    return f.status == COL_HIT;
}

/* A box grazing another mid-sweep (issue 16): B built from the grid box A
 * and a grid motion d so that A enters B's slab on axis k exactly when it
 * leaves B's slab on axis l, at u = 1/2: they touch along an edge for that
 * instant (t0 = t1 = 1/2); moved off by ulps (off the grid: A, B and d
 * scaled by 1/10, d moved by ulps) the filters decide as exact arithmetic
 * does. An entry compared with an exit of another axis is the cross check
 * of col__moving_boxes_meet, which touches at u = 0 or 1 do not reach. */
static void check_box_graze(const col_shape *a0, uint8_t i, uint8_t j) {
    if (a0->kind != COL_SHAPE_AABB || sizeof(col_real) != sizeof(double)) return;
    /* A moved (exactly) to end near the origin, at (5, 3, 7) / 8: the times'
     * roundings off the grid are then of the order of the ulps the motion is
     * moved by, where the filter's margins matter */
    col_vec3 to = col_v3(COL_R(0.625), COL_R(0.375), COL_R(0.875));
    col_shape moved_a = fz_translated(a0, col_v3_sub(to, a0->u.aabb.max), NULL);
    const col_shape *a = &moved_a;
    int k = i % 3, l = (k + 1 + j % 2) % 3, m = 3 - k - l;
    col_real dk = (col_real)(1 + (i >> 4)) / 2,
             dl = -(col_real)(1 + (j >> 4)) / 2; /* enter k upward, leave l downward */
    const col_aabb *A = &a->u.aabb;
    col_real lo[3], hi[3], d[3];
    /* on axis k: B starts at A's top plus half the motion (A reaches it at u = 1/2) */
    lo[k] = col_v3_get(A->max, k) + dk / 2;
    hi[k] = lo[k] + 4;
    /* on axis l: B's bottom is A's top plus half the (downward) motion: A's
     * top passes below it at u = 1/2 */
    lo[l] = col_v3_get(A->max, l) + dl / 2;
    hi[l] = lo[l] + 4;
    lo[m] = col_v3_get(A->min, m);
    hi[m] = col_v3_get(A->max, m);
    d[k] = dk;
    d[l] = dl;
    d[m] = 0; /* still on the third axis */
    col_shape b;
    memset(&b, 0, sizeof b);
    b.kind = COL_SHAPE_AABB;
    b.u.aabb.min = col_v3(lo[0], lo[1], lo[2]);
    b.u.aabb.max = col_v3(hi[0], hi[1], hi[2]);
    col_vec3 dv = col_v3(d[0], d[1], d[2]);
    if (!col_shape_is_valid(&b)) return;
    col_sweep_hit h = col_sweep(a, dv, &b, col_v3(0, 0, 0));
    FZ_CHECK(h.status == COL_HIT && h.t0 == COL_R(0.5) && h.t1 == COL_R(0.5),
             "a box entering one slab as it leaves another touches at that instant", a, &b);
    /* off the grid: scaled and moved by ulps, the filters against exact arithmetic */
    uint8_t wiggle = (uint8_t)((j & 15) | (((i >> 3) & 1) << 4) | (i & 64));
    bool off = check_off_grid(a, dv, &b, wiggle, "a grazing box sweep's filter decides as exact arithmetic does");
    fz_count("grazing box sweeps off the grid that hit", off);
}

/* Spheres grazing a box's edge or corner, or a triangle's edge, at mid-sweep
 * (issue 16): built on the grid from A's bounds so that the centre's path
 * comes within exactly r of the feature at u = 1/2 and nowhere nearer to
 * the shape (the 3-4-5 and 1-2-2 triangles: across an edge the path's
 * offsets from it are (7 - 8u, 1 + 6u) s, at u = 1/2 (3, 4) s, |.| = 5 s;
 * past a corner (1 + 2u, 3 - 2u, 1) s, at u = 1/2 (2, 2, 1) s, |.| = 3 s).
 * Radius r hits, with A or B moving; the radius an ulp below misses; off
 * the grid the filters decide as exact arithmetic does. These are the
 * grazes no touch at u = 0 or 1 reaches, where the sweeps' hit and miss
 * certificates and their margins matter. */
static void check_sphere_graze(const col_shape *a0, uint8_t i, uint8_t j) {
    if (sizeof(col_real) != sizeof(double)) return; /* the grid is exact in double only */
    col_aabb bounds;
    if (!col_shape_bounds(a0, &bounds)) return;
    col_real s = (col_real)(1 + (i & 7)) / 8; /* the construction's scale */
    int k = (i >> 3) % 3, e1 = (k + 1) % 3, e2 = (k + 2) % 3, form = j % 3;
    col_real sign1 = (j & 4) ? 1 : -1, sign2 = (j & 8) ? 1 : -1, sign3 = (j & 16) ? 1 : -1;
    col_real lo[3], hi[3], c[3], d[3], r;
    /* half of them far from the origin, where the path's roundings are
     * large against r and a missing margin shows */
    col_real shift = (i & 32) ? COL_R(4096.0) : COL_R(0.0);
    for (int n = 0; n < 3; ++n) {
        lo[n] = col_v3_get(bounds.min, n) + shift;
        hi[n] = lo[n] + 8 * s + (col_real)(((j >> 5) & 1) + n) / 8; /* at least 8 s: the far faces are farther */
    }
    /* the feature: the edge along k at the sides sign1 (axis e1) and sign2 (e2) */
    col_real f1 = sign1 > 0 ? hi[e1] : lo[e1], f2 = sign2 > 0 ? hi[e2] : lo[e2];
    col_shape b;
    if (form == 1) { /* the corner at the sides sign3 (axis k), sign1, sign2 */
        col_real fk = sign3 > 0 ? hi[k] : lo[k];
        c[k] = fk + sign3 * s, c[e1] = f1 + sign1 * 3 * s, c[e2] = f2 + sign2 * s;
        d[k] = sign3 * 2 * s, d[e1] = -sign1 * 2 * s, d[e2] = 0;
        r = 3 * s;
    } else {
        c[k] = (lo[k] + hi[k]) / 2, c[e1] = f1 + sign1 * 7 * s, c[e2] = f2 + sign2 * s;
        d[k] = 0, d[e1] = -sign1 * 8 * s, d[e2] = sign2 * 6 * s;
        r = 5 * s;
    }
    if (form == 2) { /* the triangle with that edge, reaching inward along e1 in the plane e2 = f2 */
        col_real v[9];
        for (int n = 0; n < 3; ++n) v[n] = v[3 + n] = v[6 + n] = n == e1 ? f1 : (n == e2 ? f2 : lo[k]);
        v[3 + k] = hi[k];
        v[6 + e1] = sign1 > 0 ? lo[e1] : hi[e1];
        b = made(COL_SHAPE_TRIANGLE, v);
    } else {
        col_real box[6] = {lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]};
        b = made(COL_SHAPE_AABB, box);
    }
    col_real sph[4] = {c[0], c[1], c[2], r};
    col_shape a = made(COL_SHAPE_SPHERE, sph);
    col_vec3 dv = col_v3(d[0], d[1], d[2]), e = col_v3(COL_R(0.125), COL_R(-0.25), COL_R(0.375));
    if (!col_shape_is_valid(&a) || !col_shape_is_valid(&b)) return;
    static const char *what[3] = {"sphere grazes of a box edge off the grid that hit",
                                  "sphere grazes of a box corner off the grid that hit",
                                  "sphere grazes of a triangle edge off the grid that hit"};
    /* One check per input (each is decided by exact arithmetic, slow under
     * the sanitizers), chosen by two bits: at exactly r it hits; an ulp
     * thinner it misses (A moving, or both: the relative motion the same,
     * exactly); off the grid (two of the four) the filters and certificates
     * decide as exact arithmetic does. */
    col_vec3 db = (i & 64) ? e : col_v3(0, 0, 0), da = col_v3_add(dv, db);
    switch ((j >> 6) & 3) {
    case 0: {
        col_sweep_hit h = col_sweep(&a, da, &b, db);
        FZ_CHECK(h.status == COL_HIT, "a sphere grazing a feature mid-sweep at exactly r hits", &a, &b);
        FZ_CHECK(h.status != COL_HIT || (h.t0 <= COL_R(0.5) + COL_R(1e-6) && h.t1 >= COL_R(0.5) - COL_R(1e-6)),
                 "a mid-sweep graze is timed at u = 1/2", &a, &b);
        break;
    }
    case 1: {
        col_shape thinner = a;
        thinner.u.sphere.r = (col_real)nextafter((double)r, 0.0);
        FZ_CHECK(col_sweep(&thinner, da, &b, db).status == COL_MISS,
                 "a sphere an ulp thinner than a mid-sweep graze misses", &thinner, &b);
        break;
    }
    default: {
        /* the motion moved by other ulps in the two cases */
        bool off =
            check_off_grid(&a, dv, &b, (uint8_t)((j >> 6) == 2 ? i : i ^ j),
                           "a sphere's mid-sweep graze off the grid: the filters decide as exact arithmetic does");
        fz_count(what[form], off); /* a coin toss of the roundings */
    }
    }
}

/* The exact and the planes-only frustum classification of s (a sphere, AABB
 * or OBB), or false for other kinds. */
static bool cull(const col_frustum *f, const col_shape *s, col_cull *exact, col_cull *planes) {
    switch (s->kind) {
    case COL_SHAPE_SPHERE:
        *exact = col_frustum_classify_sphere(f, &s->u.sphere);
        *planes = col_frustum_classify_sphere_planes(f, &s->u.sphere);
        return true;
    case COL_SHAPE_AABB:
        *exact = col_frustum_classify_aabb(f, &s->u.aabb);
        *planes = col_frustum_classify_aabb_planes(f, &s->u.aabb);
        return true;
    case COL_SHAPE_OBB:
        *exact = col_frustum_classify_obb(f, &s->u.obb);
        *planes = col_frustum_classify_obb_planes(f, &s->u.obb);
        return true;
    default: return false;
    }
}

/* s (a sphere, AABB or OBB) grown by `by` on every side. */
static col_shape grow(const col_shape *s, col_real by) {
    col_shape g = *s;
    col_vec3 d = col_v3(by, by, by);
    switch (s->kind) {
    case COL_SHAPE_SPHERE: g.u.sphere.r += by; break;
    case COL_SHAPE_AABB:
        g.u.aabb.min = col_v3_sub(s->u.aabb.min, d);
        g.u.aabb.max = col_v3_add(s->u.aabb.max, d);
        break;
    case COL_SHAPE_OBB: g.u.obb.e = col_v3_add(s->u.obb.e, d); break;
    default: break;
    }
    return g;
}

/* ---- bounding volumes from point sets (collide/volumes.h) ---- */

/* The points that define a shape (a box's corners, a segment's ends, a
 * sphere's centre, ...), appended to p (room for 8 more); none for a plane
 * or a 2D shape. */
static size_t shape_points(const col_shape *s, col_vec3 *p, size_t n) {
    switch (s->kind) {
    case COL_SHAPE_POINT: p[n++] = s->u.point.p; break;
    case COL_SHAPE_SEGMENT: p[n++] = s->u.segment.a, p[n++] = s->u.segment.b; break;
    case COL_SHAPE_TRIANGLE: p[n++] = s->u.triangle.a, p[n++] = s->u.triangle.b, p[n++] = s->u.triangle.c; break;
    case COL_SHAPE_SPHERE: p[n++] = s->u.sphere.c; break;
    case COL_SHAPE_CAPSULE: p[n++] = s->u.capsule.a, p[n++] = s->u.capsule.b; break;
    case COL_SHAPE_ELLIPSOID: p[n++] = s->u.ellipsoid.c; break;
    case COL_SHAPE_AABB:
        for (int i = 0; i < 8; ++i)
            p[n++] = col_v3(i & 1 ? s->u.aabb.max.x : s->u.aabb.min.x, i & 2 ? s->u.aabb.max.y : s->u.aabb.min.y,
                            i & 4 ? s->u.aabb.max.z : s->u.aabb.min.z);
        break;
    case COL_SHAPE_OBB:
        for (int i = 0; i < 8; ++i) {
            col_vec3 q = s->u.obb.c;
            for (int k = 0; k < 3; ++k)
                q = col_v3_madd(q, (i >> k & 1 ? COL_R(1.0) : COL_R(-1.0)) * col_v3_get(s->u.obb.e, k), s->u.obb.u[k]);
            p[n++] = q;
        }
        break;
    case COL_SHAPE_POLYTOPE:
        for (int i = 0; i < s->u.polytope.count && i < 8; ++i) p[n++] = s->u.polytope.points[i];
        break;
    default: break;
    }
    return n;
}

static bool cloud_holds(const col_shape *vol, col_vec3 q) {
    col_shape pt = {.kind = COL_SHAPE_POINT};
    pt.u.point.p = q;
    return col_overlap(&pt, vol);
}

/* The radius of the smallest ball over the candidate centres of every
 * support set of up to four points (their circumcentres; a brute force for a
 * few points): each candidate's radius is its farthest point's distance, so
 * every one bounds the minimum from above. */
static double brute_min_radius(const col_vec3 *p, size_t n) {
    double best = INFINITY;
    for (size_t i = 0; i < n; ++i)
        for (size_t j = i; j < n; ++j)
            for (size_t k = j; k < n; ++k)
                for (size_t l = k; l < n; ++l) {
                    /* the circumcentre of p[i], p[j], p[k], p[l] in their
                     * affine hull (double, at p[i]): by their Gram system */
                    double u[3][3], g[3][3], rhs[3];
                    const col_vec3 *q[3] = {&p[j], &p[k], &p[l]};
                    for (int a = 0; a < 3; ++a) {
                        u[a][0] = (double)q[a]->x - (double)p[i].x;
                        u[a][1] = (double)q[a]->y - (double)p[i].y;
                        u[a][2] = (double)q[a]->z - (double)p[i].z;
                    }
                    for (int a = 0; a < 3; ++a) {
                        for (int b = 0; b < 3; ++b) g[a][b] = u[a][0] * u[b][0] + u[a][1] * u[b][1] + u[a][2] * u[b][2];
                        rhs[a] = 0.5 * g[a][a];
                    }
                    /* solve g c = rhs on the independent rows (Gaussian
                     * elimination dropping tiny pivots: a lower-dimensional
                     * support set) */
                    double x[3] = {0, 0, 0}, tiny = 1e-12 * (g[0][0] + g[1][1] + g[2][2]) + 1e-300;
                    int piv[3] = {-1, -1, -1};
                    for (int col = 0, row = 0; col < 3 && row < 3; ++col) {
                        int best_r = -1;
                        double big = tiny; /* (of the Gram matrix before elimination changes it) */
                        for (int r = row; r < 3; ++r)
                            if (fabs(g[r][col]) > big) big = fabs(g[r][col]), best_r = r;
                        if (best_r < 0) continue;
                        for (int c2 = 0; c2 < 3; ++c2) {
                            double t = g[row][c2];
                            g[row][c2] = g[best_r][c2], g[best_r][c2] = t;
                        }
                        double t = rhs[row];
                        rhs[row] = rhs[best_r], rhs[best_r] = t;
                        for (int r = 0; r < 3; ++r) {
                            if (r == row) continue;
                            double f = g[r][col] / g[row][col];
                            for (int c2 = 0; c2 < 3; ++c2) g[r][c2] -= f * g[row][c2];
                            rhs[r] -= f * rhs[row];
                        }
                        piv[row++] = col;
                    }
                    for (int r = 0; r < 3; ++r)
                        if (piv[r] >= 0) x[piv[r]] = rhs[r] / g[r][piv[r]];
                    double c[3] = {(double)p[i].x, (double)p[i].y, (double)p[i].z};
                    for (int a = 0; a < 3; ++a)
                        for (int d = 0; d < 3; ++d) c[d] += x[a] * u[a][d];
                    double r = 0;
                    for (size_t m = 0; m < n; ++m) {
                        double dx = (double)p[m].x - c[0], dy = (double)p[m].y - c[1], dz = (double)p[m].z - c[2];
                        r = fmax(r, sqrt(dx * dx + dy * dy + dz * dz));
                    }
                    best = fmin(best, r);
                }
    return best;
}

/*
 * Every volume of the cloud holds every point exactly (col_overlap of the
 * point; a k-DOP's own exact test); Welzl's minimum radius is never above
 * Ritter's or the AABB-centred one beyond rounding; the 6-DOP is the AABB;
 * a merge of the spheres of two halves holds every point. The cloud: the
 * points of two shapes and of the witness and camera vectors (on the grid:
 * coplanar, collinear and repeated points at once).
 */
/* The convex hull of the points, proven by a certificate independent of
 * its construction (collide/hull.h): vertices are input points; half edges
 * pair with reversed twins and loop within their face; a solid has V - E +
 * F = 2, every face's vertices exactly coplanar, every input point exactly
 * on or below every face and every other vertex strictly below (so the
 * hull is the points' hull, its faces merged, its vertices corners); a
 * flat hull two faces and every point in their plane. */
static void check_hull(const col_vec3 *p, size_t n, const col_shape *a, const col_shape *b) {
    col_hull h;
    FZ_CHECK(col_hull_build(p, n, &h), "the points have a hull", a, b);
    for (int v = 0; v < h.vertex_count; ++v) {
        bool found = false;
        for (size_t i = 0; i < n && !found; ++i) found = memcmp(&p[i], &h.vertices[v], sizeof(col_vec3)) == 0;
        FZ_CHECK(found, "a hull's vertices are input points", a, b);
    }
    for (int e = 0; e < h.edge_count; ++e) {
        const col_hull_edge *E = &h.edges[e];
        FZ_CHECK(E->twin >= 0 && E->twin < h.edge_count && h.edges[E->twin].twin == e && E->next >= 0 &&
                     E->next < h.edge_count && h.edges[E->twin].origin == h.edges[E->next].origin &&
                     E->face == h.edges[E->next].face,
                 "a hull's half edges pair and loop", a, b);
    }
    if (h.dimension == 3)
        FZ_CHECK(h.vertex_count - h.edge_count / 2 + h.face_count == 2, "a solid hull meets Euler's formula", a, b);
    FZ_CHECK(h.dimension != 2 || h.face_count == 2, "a flat hull has two faces", a, b);
    for (int f = 0; f < h.face_count; ++f) {
        int e = h.faces[f].edge;
        col_vec3 t[3];
        for (int i = 0; i < 3; ++i, e = h.edges[e].next) t[i] = h.vertices[h.edges[e].origin];
        for (size_t i = 0; i < n; ++i) {
            int s = col__orient3d(t[0], t[1], t[2], p[i]);
            FZ_CHECK(h.dimension == 3 ? s <= 0 : s == 0, "every point lies on or below every face of the hull", a, b);
        }
        /* no vertex on the straight line between its neighbours */
        int g0 = h.faces[f].edge, g = g0;
        do {
            col_vec3 u = h.vertices[h.edges[g].origin], v = h.vertices[h.edges[h.edges[g].next].origin],
                     w = h.vertices[h.edges[h.edges[h.edges[g].next].next].origin];
            FZ_CHECK(col__orient2d(u, v, w, 0, 1) != 0 || col__orient2d(u, v, w, 1, 2) != 0 ||
                         col__orient2d(u, v, w, 2, 0) != 0,
                     "a hull's face turns at every vertex", a, b);
            g = h.edges[g].next;
        } while (g != g0);
        if (h.dimension != 3) continue;
        for (int v = 0; v < h.vertex_count; ++v) {
            bool on = false;
            int k = g0;
            do {
                on = on || h.edges[k].origin == v;
                k = h.edges[k].next;
            } while (k != g0);
            int s = col__orient3d(t[0], t[1], t[2], h.vertices[v]);
            FZ_CHECK(on ? s == 0 : s < 0, "a face's vertices on it, the others strictly below", a, b);
        }
    }
    col_hull_free(&h);
}

/* The least box over the same candidates as COL_OBB_MINIMUM's, by brute
 * force on a few points, for the least box to be held to: the hull's faces
 * (every triangle of the points with none beyond it, exactly, col__orient3d;
 * not a sliver, whose rounded normal is noise: a box 5% below the least
 * came from one on points 1e-308 apart) and edges (pairs on two such
 * triangles of different planes) as the first
 * axis, every difference of two points' shadows as a side of the rectangle
 * across it (the least rectangle has a side along the shadow's hull, and
 * the others are rectangles too). Volumes in double, as halves' products. */
/* v / |v| in double, scaled by its largest component first (a subnormal
 * difference's square underflows, and an axis of the wrong length would
 * measure a box too small); (0, 0, 0) for a zero vector. */
static col_vec3 unit3(col_vec3 v) {
    double m = fmax(fabs((double)v.x), fmax(fabs((double)v.y), fabs((double)v.z)));
    if (!(m > 0)) return col_v3(0, 0, 0);
    double x = (double)v.x / m, y = (double)v.y / m, z = (double)v.z / m, l = sqrt(x * x + y * y + z * z);
    return col_v3((col_real)(x / l), (col_real)(y / l), (col_real)(z / l));
}

static double brute_least_box(const col_vec3 *p, size_t n) {
    double best = INFINITY;
    for (size_t i = 0; i < n; ++i)
        for (size_t j = i + 1; j < n; ++j) {
            /* the pair's triangles with no point beyond: their normals */
            col_vec3 normals[64];
            int nn = 0;
            for (size_t k = 0; k < n; ++k) {
                if (k == i || k == j) continue;
                col_vec3 nrm = col_v3_cross(col_v3_sub(p[j], p[i]), col_v3_sub(p[k], p[i]));
                /* a sliver's rounded normal points anywhere: left out (the
                 * brute force then tries fewer axes, never a better one
                 * by rounding's luck) */
                double l2 = fmax(
                    (double)col_v3_len_sq(col_v3_sub(p[j], p[i])),
                    fmax((double)col_v3_len_sq(col_v3_sub(p[k], p[i])), (double)col_v3_len_sq(col_v3_sub(p[k], p[j]))));
                if (!((double)col_v3_len_sq(nrm) > 1e-6 * l2 * l2)) continue;
                int side = 0;
                bool face = true;
                for (size_t m = 0; m < n && face; ++m) {
                    int o = col__orient3d(p[i], p[j], p[k], p[m]);
                    if (o != 0 && side != 0 && o != side) face = false;
                    if (o != 0) side = o;
                }
                if (face && nn < 64) normals[nn++] = unit3(side > 0 ? col_v3_neg(nrm) : nrm);
            }
            bool edge = false;
            for (int u = 0; u < nn && !edge; ++u)
                for (int v = u + 1; v < nn && !edge; ++v)
                    edge = (double)col_v3_len_sq(col_v3_cross(normals[u], normals[v])) > 1e-20;
            col_vec3 axes[65];
            int na = 0;
            for (int u = 0; u < nn; ++u) axes[na++] = normals[u];
            if (edge) axes[na++] = unit3(col_v3_sub(p[j], p[i]));
            for (int u = 0; u < na; ++u) {
                col_vec3 f = axes[u], w = fabs((double)f.x) < 0.5 ? col_v3(1, 0, 0) : col_v3(0, 1, 0);
                col_vec3 b1 = unit3(col_v3_cross(f, w)), b2 = col_v3_cross(f, b1);
                double lo = INFINITY, hi = -INFINITY;
                for (size_t m = 0; m < n; ++m) {
                    double x = (double)col_v3_dot(p[m], f);
                    lo = fmin(lo, x), hi = fmax(hi, x);
                }
                for (size_t q = 0; q < n; ++q)
                    for (size_t r = q + 1; r < n; ++r) {
                        col_vec3 d = unit3(col_v3_sub(p[r], p[q]));
                        double dx = (double)col_v3_dot(d, b1), dy = (double)col_v3_dot(d, b2), l = hypot(dx, dy);
                        if (!(l > 1e-9)) continue; /* along the axis: no side across it */
                        dx /= l, dy /= l;
                        double l1 = INFINITY, h1 = -INFINITY, l2 = INFINITY, h2 = -INFINITY;
                        for (size_t m = 0; m < n; ++m) {
                            double x = (double)col_v3_dot(p[m], b1), y = (double)col_v3_dot(p[m], b2);
                            double s1 = x * dx + y * dy, s2 = -x * dy + y * dx;
                            l1 = fmin(l1, s1), h1 = fmax(h1, s1), l2 = fmin(l2, s2), h2 = fmax(h2, s2);
                        }
                        best = fmin(best, 0.5 * (hi - lo) * 0.5 * (h1 - l1) * 0.5 * (h2 - l2));
                    }
            }
        }
    return best;
}

/* An OBB from points: valid, and holding each of them. */
static bool box_holds_all(const col_obb *box, const col_vec3 *p, size_t n) {
    col_shape vol = {.kind = COL_SHAPE_OBB};
    vol.u.obb = *box;
    bool ok = col_obb_is_valid(box);
    for (size_t i = 0; i < n && ok; ++i) ok = cloud_holds(&vol, p[i]);
    return ok;
}

static void check_volumes(const col_vec3 *p, size_t n, const col_shape *a, const col_shape *b) {
    if (n == 0) return;
    check_hull(p, n, a, b);
    col_aabb box;
    FZ_CHECK(col_aabb_from_points(p, n, &box), "the points have a box", a, b);
    col_shape vol = {.kind = COL_SHAPE_AABB};
    vol.u.aabb = box;
    for (size_t i = 0; i < n; ++i) FZ_CHECK(cloud_holds(&vol, p[i]), "the box holds every point", a, b);
    /* the box holds the points' hull, exactly (col_volume_contains), and
     * not the hull moved out by an ulp along x */
    col_shape cloud = {.kind = COL_SHAPE_POLYTOPE};
    cloud.u.polytope = (col_polytope){p, (int)n};
    bool whole = col_shape_is_valid(&cloud);
    if (whole) FZ_CHECK(col_volume_contains(&vol, &cloud), "the box holds the points' hull", a, b);
    if (whole && n == 1) {
        col_shape past = {.kind = COL_SHAPE_POINT};
        col_real x = p[0].x, up = sizeof(col_real) == sizeof(float) ? (col_real)nextafterf((float)x, INFINITY)
                                                                    : (col_real)nextafter((double)x, (double)INFINITY);
        past.u.point.p = col_v3(up, p[0].y, p[0].z);
        FZ_CHECK(!col_volume_contains(&vol, &past), "a box of a point holds no point an ulp beside it", a, b);
    }
    /* spheres and the PCA box exist unless the points spread beyond COL_HUGE */
    col_vec3 ext = col_v3_sub(box.max, box.min);
    bool spread = fmax((double)ext.x, fmax((double)ext.y, (double)ext.z)) > (double)COL_HUGE / 2;
    double r[3] = {0, 0, 0};
    const col_sphere_method methods[3] = {COL_SPHERE_AABB_CENTRE, COL_SPHERE_RITTER, COL_SPHERE_MINIMUM};
    for (int m = 0; m < 3; ++m) {
        col_sphere s;
        bool ok = col_sphere_from_points(p, n, methods[m], &s);
        FZ_CHECK(ok || spread, "the points have a sphere", a, b);
        if (!ok) return;
        vol.kind = COL_SHAPE_SPHERE;
        vol.u.sphere = s;
        for (size_t i = 0; i < n; ++i)
            FZ_CHECK(cloud_holds(&vol, p[i]), "a sphere of the points holds every point", a, b);
        r[m] = (double)s.r;
    }
    double slack = 64 * (double)COL_EPSILON * r[0] + 1e-300;
    if (!(r[2] <= r[1] + slack && r[2] <= r[0] + slack))
        fprintf(stderr, "  radii: aabb centre %a, ritter %a, minimum %a\n", r[0], r[1], r[2]);
    FZ_CHECK(r[2] <= r[1] + slack && r[2] <= r[0] + slack, "the minimum sphere is the smallest", a, b);
    fz_count("clouds whose minimum sphere is 1% below Ritter's", r[2] < 0.99 * r[1]);
    /* against the brute force where its circumcentres are well posed
     * (coordinates at least 1e-100: no square underflows; a few points) */
    if (n <= 10 && !spread && r[0] > 1e-100 && r[0] < 1e100) {
        /* (relative: 1e-9 in double, the circumcentres' rounding; 64 ulps
         * in float, where the core rounds every product) */
        double b2 = brute_min_radius(p, n), rel = fmax(1e-9, 64 * (double)COL_EPSILON);
        /* (and the smallest normal col_real the core's radius is grown by) */
        double tiny = 2 * (sizeof(col_real) == sizeof(float) ? (double)FLT_MIN : DBL_MIN);
        if (!(r[2] <= b2 * (1 + rel) + tiny)) fprintf(stderr, "  minimum radius %a, brute force %a\n", r[2], b2);
        FZ_CHECK(r[2] <= b2 * (1 + rel) + tiny, "the minimum sphere is no larger than the brute force's", a, b);
    }
    col_obb obb;
    bool pca = col_obb_from_points(p, n, COL_OBB_PCA, &obb);
    if (pca) {
        FZ_CHECK(box_holds_all(&obb, p, n), "the PCA box is valid and holds every point", a, b);
    } else {
        FZ_CHECK(spread, "the points have a PCA box", a, b);
    }
    /* the least box on small clouds and one other in four (its hull and search, and the
     * brute force, cost the harness its pace: the sweep mutants, caught in
     * 20-60 s, need every input it can run) */
    uint64_t bits = 0;
    memcpy(&bits, &p[0].x, sizeof p[0].x < sizeof bits ? sizeof p[0].x : sizeof bits);
    bits ^= bits >> 29;
    col_obb least;
    bool picked = n <= 8 || (bits + n) % 4 == 0;
    if (picked && col_obb_from_points(p, n, COL_OBB_MINIMUM, &least)) {
        FZ_CHECK(box_holds_all(&least, p, n), "the least box is valid and holds every point", a, b);
        /* never above PCA's (the same fit; both built, or neither) */
        FZ_CHECK(pca, "a least box means a PCA box", a, b);
        double lv = (double)least.e.x * (double)least.e.y * (double)least.e.z,
               pv = (double)obb.e.x * (double)obb.e.y * (double)obb.e.z;
        FZ_CHECK(lv <= pv, "the least box's volume is no more than PCA's", a, b);
        /* the merge of the two boxes holds every point too (it holds both) */
        col_obb merged;
        if (col_obb_merge(&obb, &least, (col_obb_method)(n % 2), &merged))
            FZ_CHECK(box_holds_all(&merged, p, n), "the merge of two boxes of the points holds every point", a, b);
        fz_count("clouds whose least box is 1% below PCA's", lv < 0.99 * pv);
        if (n <= 6 && n >= 4) { /* (more points cost the harness its pace) */
            /* as small as the brute force over the same candidates, to the
             * fit's rounding (each extent grown by a few ulps of the size: a
             * flat cloud's box is that thick) */
            col_shape lb = {.kind = COL_SHAPE_OBB};
            lb.u.obb = least;
            double brute = brute_least_box(p, n), size = fz_size(&lb, &lb);
            double loose = (sizeof(col_real) == sizeof(double) ? 1e-9 : 1e-3) * brute +
                           256 * (double)COL_EPSILON * size * size * size;
            if (!(lv <= brute + loose)) fprintf(stderr, "  least box %g, brute force %g\n", lv, brute);
            FZ_CHECK(!isfinite(brute) || lv <= brute + loose, "the least box is the brute force's over its candidates",
                     a, b);
        }
    } else if (picked) {
        FZ_CHECK(spread, "the points have a least box", a, b);
    }
    const int ks[4] = {6, 14, 18, 26};
    for (int j = 0; j < 4; ++j) {
        col_kdop d;
        FZ_CHECK(col_kdop_from_points(p, n, ks[j], &d), "the points have a k-DOP", a, b);
        if (whole) FZ_CHECK(col_kdop_contains_shape(&d, &cloud), "a k-DOP holds the points' hull", a, b);
        for (size_t i = 0; i < n; ++i) {
            FZ_CHECK(col_kdop_contains_point(&d, p[i]), "a k-DOP holds every point", a, b);
            /* conservative against a box: never apart from one at a point it holds */
            col_aabb at = {p[i], p[i]};
            FZ_CHECK(col_kdop_overlap_aabb(&d, &at), "a k-DOP overlaps a box at each of its points", a, b);
        }
        /* a ray cast is conservative: one ending exactly on a point it holds
         * (from another point moved off, or beside, along a fixed turn),
         * and the ray without end, hit by then; a hit's point lies in the
         * k-DOP widened by a few ulps of the sizes */
        for (size_t i = 0; i < n && i < 2 && (size_t)j == n % 4; ++i) { /* (one k per cloud: the harness's pace) */
            col_vec3 from = col_v3_add(p[(i + 1) % n], col_v3(COL_R(0.75), COL_R(-1.5), COL_R(0.375)));
            col_ray ray = {from, col_v3_sub(p[i], from), COL_R(1.0)};
            if (!col_ray_is_valid(&ray)) continue;
            col_ray_hit h = col_raycast_kdop(&ray, &d), e;
            col_vec3 end = col_v3_add(ray.origin, col_v3_scale(ray.delta, ray.max_t));
            bool onto = end.x == p[i].x && end.y == p[i].y && end.z == p[i].z; /* (the end can round off it) */
            fz_count("k-DOP rays whose end rounds onto the point", onto);
            if (!onto) continue;
            FZ_CHECK(h.status == COL_HIT, "a ray ending on a point of a k-DOP hits it", a, b);
            ray.max_t = (col_real)INFINITY;
            e = col_raycast_kdop(&ray, &d);
            /* (both entries are lower bounds of the exact one, which is at
             * most 1 here; the longer segment's bound need not be the lower) */
            FZ_CHECK(e.status == COL_HIT && (double)e.t <= 1 + 1e-9,
                     "the ray without end hits a k-DOP by a point it holds", a, b);
            fz_count("k-DOP rays from outside", !h.inside);
            if (h.inside) continue;
            double size = 1;
            for (int s = 0; s < ks[j] / 2; ++s) size = fmax(size, fmax(fabs((double)d.min[s]), fabs((double)d.max[s])));
            size += fmax(fabs((double)from.x), fmax(fabs((double)from.y), fabs((double)from.z)));
            for (int s = 0; s < ks[j] / 2; ++s) {
                col_vec3 ax = col_kdop_axis(ks[j], s);
                double x = (double)ax.x * (double)h.point.x + (double)ax.y * (double)h.point.y +
                           (double)ax.z * (double)h.point.z;
                double tol = 1e3 * (double)COL_EPSILON * size;
                FZ_CHECK(x >= (double)d.min[s] - tol && x <= (double)d.max[s] + tol,
                         "a k-DOP ray's hit lies on the k-DOP", a, b);
            }
        }
        if (ks[j] == 6)
            FZ_CHECK(d.min[0] == box.min.x && d.max[1] == box.max.y && d.min[2] == box.min.z, "the 6-DOP is the box", a,
                     b);
    }
    /* the spheres of two halves, merged */
    if (n >= 2) {
        col_sphere h1, h2, m;
        if (col_sphere_from_points(p, n / 2, COL_SPHERE_MINIMUM, &h1) &&
            col_sphere_from_points(p + n / 2, n - n / 2, COL_SPHERE_MINIMUM, &h2) && col_sphere_merge(&h1, &h2, &m)) {
            vol.kind = COL_SHAPE_SPHERE;
            vol.u.sphere = m;
            for (size_t i = 0; i < n; ++i)
                FZ_CHECK(cloud_holds(&vol, p[i]), "two spheres' merge holds every point", a, b);
        }
    }
}

static void check_frustum(const col_frustum *f, const col_shape *s) {
    col_cull exact, planes;
    if (!cull(f, s, &exact, &planes)) return;
    bool valid = col_frustum_is_valid(f) && col_shape_is_valid(s);
    FZ_CHECK((exact == COL_CULL_INVALID) == !valid, "frustum: invalid exactly for invalid input", s, s);
    FZ_CHECK((planes == COL_CULL_INVALID) == !valid, "frustum planes: invalid exactly for invalid input", s, s);
    if (!valid) return;
    fz_count("frustum: outside though no plane separates", planes != COL_CULL_OUTSIDE && exact == COL_CULL_OUTSIDE);
    if (planes == COL_CULL_OUTSIDE || planes == COL_CULL_INSIDE)
        FZ_CHECK(exact == planes, "frustum: the planes' outside/inside is the exact verdict", s, s);
    else
        FZ_CHECK(exact != COL_CULL_INSIDE, "frustum: inside only when the planes say so", s, s);
    col_vec3 c[8];
    if (!col_frustum_corners(f, c)) return;
    col_shape hull;
    memset(&hull, 0, sizeof hull);
    hull.kind = COL_SHAPE_POLYTOPE;
    hull.u.polytope.points = c;
    hull.u.polytope.count = 8;
    col_distance_result d = col_gjk_distance(s, &hull);
    col_aabb sb;
    (void)col_shape_bounds(s, &sb); /* a valid sphere, AABB or OBB has finite bounds */
    col_real hull_scale = COL_R(1.0);
    for (int i = 0; i < 8; ++i)
        hull_scale = col_max(hull_scale, col_max(col_abs(c[i].x), col_max(col_abs(c[i].y), col_abs(c[i].z))));
    col_vec3 lo = col_v3_abs(sb.min), hi = col_v3_abs(sb.max);
    col_real scale =
        col_max(hull_scale, col_max(col_max(lo.x, col_max(lo.y, lo.z)), col_max(hi.x, col_max(hi.y, hi.z))));
    /* GJK calls the shapes touching within its size tolerance (base.h:
     * COL_GJK_SIZE_TOLERANCE of the sum of the proxies' sizes, each at most
     * twice the largest coordinate, plus the shift into the frame): its hit
     * contradicts an exact "outside" only when the shape grown by that band is
     * outside too (regressions/static/frustum-gjk-tolerance-of-a-huge-thin-box:
     * a box 10^33 long a fraction of a unit away; .../frustum-gjk-band-of-a-
     * box-1e11-long: 1/64 away from a frustum 2^33 from the origin, within
     * 1024 ulps of 1.6e11) */
    if (d.status == COL_HIT && exact == COL_CULL_OUTSIDE) {
        col_shape grown = grow(s, COL_R(8.0) * COL_GJK_SIZE_TOLERANCE * scale);
        col_cull grown_exact, grown_planes;
        /* (the grown shape is of s's kind, which cull took above) */
        if (cull(f, &grown, &grown_exact, &grown_planes))
            FZ_CHECK(grown_exact != COL_CULL_OUTSIDE, "frustum: outside though GJK finds a common point", s, &hull);
    }
    /* completeness, at any ratio of the shape's size to the frustum's (a
     * point 6e30 away from a triangle of size 1e-2 once got distance 0:
     * regressions/static/frustum-huge-sphere-point-triangle-distance-zero) */
    if (d.status == COL_MISS && d.distance > COL_R(1e-4) * scale)
        FZ_CHECK(exact == COL_CULL_OUTSIDE, "frustum: GJK finds them clearly apart, the exact test does not", s, &hull);
}

/* A plane through A's lowest point along B's normal, within rounding (issue
 * 16): d = n . c minus A's support radius, rounded, so A's side is a coin
 * toss of the roundings. A's classification, and for a sphere or capsule
 * its sweep leaving or arriving along n, decide as exact arithmetic does. */
static void check_plane_touch(const col_shape *a, const col_shape *b, uint8_t g1, uint8_t g2) {
    /* double only, as the other boundary checks (the float build's private
     * names, col__exact_always among them, are its own) */
    if (sizeof(col_real) != sizeof(double)) return;
    if (b->kind != COL_SHAPE_PLANE || !col_shape_is_valid(a) || !col_shape_is_valid(b)) return;
    col_plane pl = b->u.plane;
    /* the harness's valid planes have axis normals, along which every
     * distance is exact: tilted by g1 and g2 and normalized (rounded) */
    col_vec3 tilt = col_v3((col_real)(g2 & 7) - COL_R(3.5), (col_real)((g2 >> 3) & 7) - COL_R(3.5),
                           (col_real)((g1 >> 2) & 7) - COL_R(3.5));
    col_vec3 n = col_v3_add(col_v3_scale(pl.n, COL_R(4.0)), col_v3_scale(tilt, COL_R(0.75)));
    col_real len = col_v3_len(n);
    if (!(len > COL_R(0.5))) return;
    n = col_v3_scale(n, COL_R(1.0) / len);
    pl.n = n;
    col_real low; /* A's least n . x, rounded */
    switch (a->kind) {
    case COL_SHAPE_SPHERE: low = col_v3_dot(n, a->u.sphere.c) - a->u.sphere.r; break;
    case COL_SHAPE_CAPSULE: {
        col_real la = col_v3_dot(n, a->u.capsule.a), lb = col_v3_dot(n, a->u.capsule.b);
        low = (la < lb ? la : lb) - a->u.capsule.r;
        break;
    }
    case COL_SHAPE_OBB: {
        const col_obb *o = &a->u.obb;
        low = col_v3_dot(n, o->c) - o->e.x * col_abs(col_v3_dot(n, o->u[0])) -
              o->e.y * col_abs(col_v3_dot(n, o->u[1])) - o->e.z * col_abs(col_v3_dot(n, o->u[2]));
        break;
    }
    case COL_SHAPE_ELLIPSOID: {
        const col_ellipsoid *e = &a->u.ellipsoid;
        col_vec3 nr = col_v3(n.x * e->r.x, n.y * e->r.y, n.z * e->r.z);
        low = col_v3_dot(n, e->c) - col_sqrt(col_v3_len_sq(nr) / col_v3_len_sq(n));
        break;
    }
    default: return;
    }
    /* moved by each of -2..2 ulps: the rounded gap is then rarely zero
     * (which a filter sends to exact arithmetic anyway), its sign the
     * roundings' (every offset on each input: a filter's margin is missed
     * at one of them only, and the harness has few inputs a second) */
    const col_plane base = pl;
    const col_real low0 = low;
    for (int steps = -2; steps <= 2; ++steps) {
        pl = base;
        pl.d = low0;
        for (int k = 0; k < (steps < 0 ? -steps : steps); ++k)
            pl.d = (col_real)nextafter((double)pl.d, steps < 0 ? -INFINITY : INFINITY); /* double only (above) */
        low = pl.d;
        if (g1 & 1) { /* or the plane flipped, A touching it from behind */
            pl.n = col_v3_neg(pl.n);
            pl.d = -low;
        }
        col_shape plane = *b;
        plane.u.plane = pl;
        if (!col_shape_is_valid(&plane)) continue;
        /* leaving or arriving along n (bit 1), with a sideways part */
        col_real speed = COL_R(1.0) + (col_real)(g2 & 63) / COL_R(16.0);
        col_vec3 side = col_v3((col_real)((g2 >> 6) & 1), COL_R(0.5), COL_R(-0.25));
        col_vec3 da = col_v3_add(col_v3_scale(pl.n, g1 & 2 ? speed : -speed), side);
        bool sweeps = col_sweep_has_closed_form(a->kind, COL_SHAPE_PLANE);
        col_sweep_hit h, xh;
        memset(&h, 0, sizeof h);
        xh = h;
        col_side c = col_classify(a, &pl);
        if (sweeps) h = col_sweep(a, da, &plane, col_v3(0, 0, 0));
        col__exact_always = true;
        col_side xc = col_classify(a, &pl);
        if (sweeps) xh = col_sweep(a, da, &plane, col_v3(0, 0, 0));
        col__exact_always = false;
        FZ_CHECK(c == xc, "a shape touching a plane within rounding: its side as exact arithmetic decides", a, &plane);
        FZ_CHECK(h.status == xh.status && h.initially_overlapping == xh.initially_overlapping,
                 "a sweep from a touch with a plane within rounding decides as exact arithmetic does", a, &plane);
        fz_count("shapes touching a plane within rounding that straddle it", c == COL_STRADDLE);
        /* a second method: the ellipsoid with a sphere's three radii is that sphere */
        if (a->kind == COL_SHAPE_SPHERE) {
            col_shape el;
            memset(&el, 0, sizeof el);
            el.kind = COL_SHAPE_ELLIPSOID;
            el.u.ellipsoid.c = a->u.sphere.c;
            el.u.ellipsoid.r = col_v3(a->u.sphere.r, a->u.sphere.r, a->u.sphere.r);
            FZ_CHECK(col_classify(&el, &pl) == c, "an ellipsoid with equal radii touching a plane is the sphere", &el,
                     &plane);
        }
    }
}

/* A triangle or a segment touching a triangle B within rounding: A moved so
 * its first corner (end) lies at a point of B (rounded: tenths of its edges
 * on its face, on the edge ab, or the corner b), that corner then -2..2 ulps
 * on each axis: col_overlap decides both ways as exact arithmetic does (the
 * segment-triangle and triangle-triangle filters' margins, in scalar form
 * and in four lanes where the CPU has them). */
static void check_triangle_touch(const col_shape *a, const col_shape *b, uint8_t g1, uint8_t g2) {
    if (b->kind != COL_SHAPE_TRIANGLE || (a->kind != COL_SHAPE_TRIANGLE && a->kind != COL_SHAPE_SEGMENT)) return;
    if (!col_shape_is_valid(a) || !col_shape_is_valid(b)) return;
    const col_triangle *t = &b->u.triangle;
    col_vec3 e1 = col_v3_sub(t->b, t->a), e2 = col_v3_sub(t->c, t->a);
    col_real s1 = (col_real)(1 + (g2 & 3)) / COL_R(10.0), s2 = (col_real)(1 + ((g2 >> 2) & 3)) / COL_R(10.0);
    col_vec3 p = (g1 & 3) == 0   ? t->b
                 : (g1 & 3) == 1 ? col_v3_madd(t->a, s1 + s2, e1)
                                 : col_v3_madd(col_v3_madd(t->a, s1, e1), s2, e2);
    const col_vec3 ref = a->kind == COL_SHAPE_TRIANGLE ? a->u.triangle.a : a->u.segment.a;
    col_shape placed = fz_translated(a, col_v3_sub(p, ref), NULL);
    for (int axis = 0; axis < 3; ++axis)
        for (int steps = -2; steps <= 2; ++steps) {
            if (steps == 0 && axis > 0) continue; /* the placement itself, once */
            col_shape moved = placed;
            col_vec3 c = fz_ulps_on_axis(p, axis, steps);
            if (moved.kind == COL_SHAPE_TRIANGLE)
                moved.u.triangle.a = c;
            else
                moved.u.segment.a = c;
            if (!col_shape_is_valid(&moved)) return;
            col__exact_always = true;
            bool x = col_overlap(&moved, b);
            col__exact_always = false;
            for (int lanes = 2; lanes >= 0; lanes -= 2) { /* (each form on every input: the scalar, the widest) */
                col__batch_lanes_force(lanes);
                bool f = col_overlap(&moved, b), fs = col_overlap(b, &moved);
                col__batch_lanes_force(fz_lanes);
                FZ_CHECK(f == x && fs == x,
                         "a triangle or a segment touching a triangle within rounding: as exact arithmetic decides",
                         &moved, b);
            }
            fz_count("triangles and segments touching a triangle within rounding that overlap", x);
        }
}

/* A sphere touching a sphere or a box within rounding (issue 16): A's
 * centre placed at B's boundary point P plus r_A along a tilted outward
 * direction n (normalized: rounded), P a point of B's sphere along n, or a
 * face, edge or corner point of B's box with n in its region, then moved by
 * -2..2 ulps on each axis in turn. Squared distance and squared radius both round,
 * so the filter's sign is a coin toss of roundings: the static test decides
 * as exact arithmetic does, both ways round. */
static void check_ball_touch(const col_shape *a, const col_shape *b, uint8_t mode, uint8_t g1, uint8_t g2) {
    if (sizeof(col_real) != sizeof(double)) return; /* double only, as check_plane_touch */
    if (!col_shape_is_valid(a) || !col_shape_is_valid(b)) return;
    /* any pair serves: a sphere from A's first number, a box from B's bounds
     * (or one of their spheres), where they are not already a sphere and a
     * sphere or a box */
    col_shape sa = *a, sb = *b;
    if (a->kind != COL_SHAPE_SPHERE) {
        memset(&sa, 0, sizeof sa);
        sa.kind = COL_SHAPE_SPHERE;
        sa.u.sphere.r = col_abs(fz_reals((col_shape *)a)[0]) + COL_R(0.125);
        a = &sa;
    }
    if (b->kind == COL_SHAPE_TRIANGLE) {
        /* a sphere far smaller than the triangle (2^-3..2^-10 of its
         * extent): the filters' roundings scale with the triangle, the
         * touch with the radius */
        col_aabb box;
        if (!col_shape_bounds(b, &box)) return;
        col_vec3 size = col_v3_sub(box.max, box.min);
        col_real ext = size.x > size.y ? (size.x > size.z ? size.x : size.z) : (size.y > size.z ? size.y : size.z);
        sa.u.sphere.r = ext * (col_real)ldexp(1.0, -3 - (int)((g2 >> 5) & 7));
    } else if (b->kind != COL_SHAPE_SPHERE && b->kind != COL_SHAPE_AABB) {
        col_aabb box;
        if (!col_shape_bounds(b, &box)) return;
        memset(&sb, 0, sizeof sb);
        sb.kind = COL_SHAPE_AABB;
        sb.u.aabb = box;
        if (g1 & 16) {
            sb.kind = COL_SHAPE_SPHERE;
            sb.u.sphere.c = col_v3_scale(col_v3_add(box.min, box.max), COL_R(0.5));
            sb.u.sphere.r = (box.max.x - box.min.x) / COL_R(2.0);
        }
        b = &sb;
        if (!col_shape_is_valid(b)) return;
    }
    col_vec3 n, p;
    if (b->kind == COL_SHAPE_TRIANGLE) { /* on its face, an edge or a vertex (g2), outward from it */
        const col_triangle *t = &b->u.triangle;
        col_vec3 e1 = col_v3_sub(t->b, t->a), e2 = col_v3_sub(t->c, t->a);
        col_vec3 nf = col_v3_cross(e1, e2);
        col_real l1 = col_v3_len(e1), l2 = col_v3_len(e2), ln = col_v3_len(nf);
        if (!(ln > COL_R(1e-3) * l1 * l2)) return; /* flat or tiny: no direction to build on (no 0 / 0) */
        nf = col_v3_scale(nf, (g1 & 4 ? COL_R(1.0) : COL_R(-1.0)) / ln);
        col_real s1 = (col_real)(1 + (g2 & 3)) / COL_R(8.0), s2 = (col_real)(1 + ((g2 >> 2) & 3)) / COL_R(8.0);
        switch (g1 & 24) {
        case 0: /* the face */
            p = col_v3_madd(col_v3_madd(t->a, s1, e1), s2, e2);
            n = nf;
            break;
        case 8: { /* the edge ab, tilted out of the face's plane */
            p = col_v3_madd(t->a, s1 + s2, e1);
            col_vec3 out = col_v3_cross(e1, nf); /* in the plane, away from c or towards it */
            if (col_v3_dot(out, e2) > COL_R(0.0)) out = col_v3_neg(out);
            out = col_v3_scale(out, COL_R(1.0) / col_v3_len(out));
            n = col_v3_madd(out, s1 * COL_R(4.0), nf);
            n = col_v3_scale(n, COL_R(1.0) / col_v3_len(n));
            break;
        }
        default: { /* the vertex a, into its region */
            p = t->a;
            n = col_v3_add(col_v3_scale(e1, COL_R(-1.0) / l1), col_v3_scale(e2, COL_R(-1.0) / l2));
            n = col_v3_madd(n, s1, nf);
            n = col_v3_scale(n, COL_R(1.0) / col_v3_len(n));
            break;
        }
        }
    } else if (b->kind == COL_SHAPE_SPHERE) {
        n = col_v3((col_real)(g2 & 7) - COL_R(3.5), (col_real)((g2 >> 3) & 7) - COL_R(3.5),
                   (col_real)((g1 >> 2) & 7) - COL_R(3.5));
        n = col_v3_scale(n, COL_R(1.0) / col_v3_len(n));
        p = col_v3_madd(b->u.sphere.c, b->u.sphere.r, n);
    } else { /* per axis: below, within (the slab's middle) or above; a tilt into the region */
        const col_aabb *box = &b->u.aabb;
        col_real w[3], q[3];
        int side[3] = {(int)(g2 % 3) - 1, (int)((g2 / 3) % 3) - 1, (int)((g2 / 9) % 3) - 1};
        if (side[0] == 0 && side[1] == 0 && side[2] == 0) side[(g1 >> 2) % 3] = 1;
        for (int k = 0; k < 3; ++k) {
            col_real lo = col_v3_get(box->min, k), hi = col_v3_get(box->max, k);
            q[k] = side[k] < 0 ? lo : side[k] > 0 ? hi : (lo + hi) / COL_R(2.0);
            w[k] = (col_real)side[k] * (COL_R(1.0) + (col_real)((g1 >> (2 + k)) & 3) / COL_R(3.0));
        }
        n = col_v3(w[0], w[1], w[2]);
        n = col_v3_scale(n, COL_R(1.0) / col_v3_len(n));
        p = col_v3(q[0], q[1], q[2]);
    }
    /* far from the origin (g1 bit 7): B moved by 2^10..2^30 first (exactly),
     * so the roundings of the placement are far larger than the sphere */
    col_shape far_b;
    if (g1 & 128) {
        col_real t = (col_real)ldexp(1.0, 10 + g2 % 21);
        col_vec3 by = col_v3(t, -t, t / 2);
        far_b = fz_translated(b, by, NULL);
        if (!col_shape_is_valid(&far_b)) return;
        b = &far_b;
        p = col_v3_add(p, by);
    }
    col_shape moved = *a;
    const col_vec3 touch = col_v3_madd(p, a->u.sphere.r, n);
    /* every placement -2..2 ulps on each axis (13 points about the touch):
     * each rounds otherwise, and a filter without its margin errs on few
     * (a small sphere on a triangle's face: about 1 in 2000) */
    for (int axis = 0; axis < 3; ++axis)
        for (int steps = -2; steps <= 2; ++steps) {
            if (steps == 0 && axis > 0) continue; /* the touch itself, once */
            col_vec3 c = fz_ulps_on_axis(touch, axis, steps);
            moved.u.sphere.c = c;
            if (!col_shape_is_valid(&moved)) return;
            bool f = col_overlap(&moved, b), fs = col_overlap(b, &moved);
            /* the exact predicates themselves (the static tests' filters do
             * not consult col__exact_always: they sit on the hot path) */
            col__exact_always = true;
            bool x =
                b->kind == COL_SHAPE_SPHERE ? col__segment_meets_ball(c, c, b->u.sphere.c, a->u.sphere.r, b->u.sphere.r)
                : b->kind == COL_SHAPE_TRIANGLE ? col_overlap_sphere_triangle(&moved.u.sphere, &b->u.triangle)
                                                : col__ball_meets_box(c, a->u.sphere.r, b->u.aabb.min, b->u.aabb.max);
            col__exact_always = false;
            FZ_CHECK(f == x && fs == x,
                     "a sphere touching a sphere, a box or a triangle within rounding: as exact arithmetic decides",
                     &moved, b);
            if (b->kind == COL_SHAPE_TRIANGLE)
                fz_count("small spheres touching a large triangle within rounding that overlap", x);
            fz_count("spheres touching a sphere or a box within rounding that overlap", x);
        }
    /* and arriving there: from 1..4.75 along n (start and end rounded, so
     * the exact end is within rounding of the touch), or leaving it; from
     * each of the five placements -2..2 ulps on the axis the input names:
     * the roundings that decide differ for each */
    if (!(mode & 32)) return; /* the sweeps on half of those */
    col_vec3 v = col_v3_scale(n, -(COL_R(1.0) + (col_real)((g2 >> 5) & 7) / COL_R(2.0)));
    if (g1 & 2) v = col_v3_neg(v);
    for (int steps = -2; steps <= 2; ++steps) {
        col_shape start = moved;
        start.u.sphere.c = fz_ulps_on_axis(touch, (int)(g1 & 3), steps);
        if (!(g1 & 2)) start.u.sphere.c = col_v3_sub(start.u.sphere.c, v);
        if (!col_shape_is_valid(&start)) return;
        col_sweep_hit h = col_sweep(&start, v, b, col_v3(0, 0, 0));
        col__exact_always = true;
        col_sweep_hit xh = col_sweep(&start, v, b, col_v3(0, 0, 0));
        col__exact_always = false;
        FZ_CHECK(h.status == xh.status, "a sphere arriving at or leaving a touch within rounding: as exact arithmetic",
                 &start, b);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* the two-lane (SSE2) forms on inputs of odd size, the widest the CPU
     * has (AVX2) on the others: each path on every machine */
    fz_lanes = size & 1 ? 2 : 0;
    col__batch_lanes_force(fz_lanes);
    fz_input in = {data, size, 0};
    uint8_t mode = fz_u8(&in);
    int grid = mode & 1;
    col_shape a = fz_shape(&in, grid), b = fz_shape(&in, grid);
    col_vec3 witness = fz_vec3(&in, grid);
    int ox = (int)(fz_u8(&in) % 16) - 8;
    int oy = (int)(fz_u8(&in) % 16) - 8; /* one read per statement: a defined order */
    int oz = (int)(fz_u8(&in) % 16) - 8;
    col_vec3 offset = col_v3((col_real)ox * COL_R(4096.0), (col_real)oy * COL_R(4096.0), (col_real)oz * COL_R(4096.0));
    check_generic(&a, &b);
    check_generic(&b, &a);
    check_poisoned(&a, &b);
    check_poisoned(&b, &a);
    /* grid arithmetic is exact only in double */
    if (grid && sizeof(col_real) == sizeof(double)) {
        FZ_CHECK(col_shape_is_valid(&a) && col_shape_is_valid(&b), "grid shapes are valid", &a, &b);
        check_grid(&a, &b, witness, offset);
        check_grid(&b, &a, witness, offset);
        if (mode & 2) check_touching(&a, &b, (uint8_t)ox, (uint8_t)oy);
    }
    /* a camera from the remaining bytes: eye, a view direction, up, a field
     * of view in [0.05, 3.05], aspect in [0.25, 4.2], near in (0, 4], far
     * beyond it */
    col_vec3 eye = fz_vec3(&in, grid), forward = fz_vec3(&in, grid), up = fz_vec3(&in, grid);
    col_real fov = COL_R(0.05) + COL_R(3.0) * (col_real)fz_u8(&in) / COL_R(255.0);
    col_real aspect = COL_R(0.25) + (col_real)fz_u8(&in) / COL_R(64.0);
    col_real near_dist = COL_R(1.0) / COL_R(64.0) + (col_real)fz_u8(&in) / COL_R(64.0);
    col_real far_dist = near_dist + COL_R(0.5) + (col_real)fz_u8(&in);
    col_vec3 cloud[24];
    size_t np = shape_points(&b, cloud, shape_points(&a, cloud, 0)), nv = 0;
    cloud[np++] = witness, cloud[np++] = eye, cloud[np++] = forward, cloud[np++] = up;
    for (size_t i = 0; i < np; ++i) /* (the valid ones: an invalid shape's points may not be) */
        if (col_v3_is_valid(cloud[i])) cloud[nv++] = cloud[i];
    check_volumes(cloud, nv, &a, &b);
    col_frustum f = col_frustum_from_camera(eye, forward, up, fov, aspect, near_dist, far_dist);
    if (col_frustum_is_valid(&f)) {
        check_frustum(&f, &a);
        check_frustum(&f, &b);
    }
    /* a grazing box sweep from A and the last two bytes */
    uint8_t g1 = fz_u8(&in);
    uint8_t g2 = fz_u8(&in);
    if (grid && (mode & 2)) check_box_graze(&a, g1, g2);
    if (grid && (mode & 12) == 12) check_sphere_graze(&a, g1, g2);
    check_plane_touch(&a, &b, g1, g2);
    check_plane_touch(&b, &a, g2, g1);
    if (mode & 16) check_ball_touch(&a, &b, mode, g1, g2); /* half the inputs: its exact sweeps are slow */
    check_triangle_touch(&a, &b, g1, g2);
    check_triangle_touch(&b, &a, g2, g1);
    return 0;
}

/* The case as a Lua scenario (fuzz/repro). */
void fz_repro(const uint8_t *data, size_t size);
void fz_repro(const uint8_t *data, size_t size) {
    fz_input in = {data, size, 0};
    int grid = fz_u8(&in) & 1;
    col_shape a = fz_shape(&in, grid), b = fz_shape(&in, grid);
    printf("-- fuzz_static case (%s mode): overlap both ways, classification, distance\n", grid ? "grid" : "raw");
    printf("local collide = require \"collide\"\n");
    fz_lua_shape(stdout, "a", &a);
    fz_lua_shape(stdout, "b", &b);
    printf("print(\"overlap(a, b)\", pcall(collide.overlap, a, b))\n");
    printf("print(\"overlap(b, a)\", pcall(collide.overlap, b, a))\n");
    printf("if b:kind() == \"plane\" then print(\"classify(a, b)\", pcall(collide.classify, a, b)) end\n");
    printf("print(\"distance(a, b)\", pcall(collide.distance, a, b))\n");
}
