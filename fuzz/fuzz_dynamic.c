/*
 * fuzz_dynamic: properties of the ray casts and sweeps (raycast.h, sweep.h).
 *
 * Input: a mode byte, two shapes, A's and B's motion, and a ray (see
 * fuzz_input.h). Properties, each an always-on check that prints the case:
 *   every mode
 *     - no crash or sanitizer report on any input; invalid input gives
 *       COL_INVALID; a hit never carries NaN or infinity: t in [0, max_t]
 *       (t0 <= t1 in [0, 1] for sweeps), a finite point, and a unit normal
 *       (facing the ray at an entry; zero only for an inside hit / an initial overlap);
 *     - the sweep of (B, A) is that of (A, B) with the normal reversed;
 *     - a point's sweep is the ray cast along da - db (one implementation).
 *   grid mode (valid shapes, exact arithmetic)
 *     - zero motion is the static test: the sweep hits exactly when
 *       col_overlap says so, and then as an initial overlap;
 *     - Galilean invariance: (A by da, B by db) and (A by da - db, B still)
 *       give the same status, t0 and t1;
 *     - slabs, Woo and the OBB slab test agree on AABBs whenever the rays are
 *       axis-parallel (no rounding in t); all three triangle methods agree
 *       on rays whose plane hit is exact (axis-parallel rays against
 *       axis-aligned triangles).
 */
#include "bands.h"
#include "slow_approach.h"

static bool finite3(col_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }

static bool unit_or_zero(col_vec3 n, bool may_be_zero) {
    col_real l2 = col_v3_len_sq(n);
    if (may_be_zero && l2 == COL_R(0.0)) return true;
    return col_abs(l2 - COL_R(1.0)) <= (col_real)FZ_UNIT;
}

static void check_ray_hit(col_ray_hit h, const col_ray *r, const col_shape *s, int grid) {
    col_shape rs;
    memset(&rs, 0, sizeof rs);
    rs.kind = COL_SHAPE_SEGMENT;
    rs.u.segment.a = r->origin;
    rs.u.segment.b = r->delta;
    if (!col_ray_is_valid(r) || !col_shape_is_valid(s) || !col_raycast_supported(s->kind))
        FZ_CHECK(h.status == COL_INVALID, "invalid ray cast input gives COL_INVALID", s, &rs);
    if (h.status != COL_HIT) return;
    FZ_CHECK(isfinite(h.t) && h.t >= 0 && h.t <= r->max_t, "ray hit t in [0, max_t]", s, &rs);
    FZ_CHECK(finite3(h.point), "ray hit point finite", s, &rs);
    FZ_CHECK(unit_or_zero(h.normal, h.inside), "ray hit normal is unit (zero only inside)", s, &rs);
    FZ_CHECK(!h.inside || h.t == 0, "inside means t = 0", s, &rs);
    /* the surface normal at an entry faces the ray (grazing: perpendicular
     * to it, to rounding), on the grid (raw input mixes subnormal sizes with
     * huge ones, where a normal is rounding noise) */
    double dl = (double)col_v3_len(r->delta);
    if (grid && !h.inside && isfinite(dl))
        FZ_CHECK((double)col_v3_dot(h.normal, r->delta) <= 1e-6 * dl, "ray hit normal faces the ray", s, &rs);
}

static void check_sweep_hit(col_sweep_hit h, const col_shape *a, const col_shape *b) {
    if (h.status != COL_HIT) return;
    FZ_CHECK(isfinite(h.t0) && isfinite(h.t1) && 0 <= h.t0 && h.t0 <= h.t1 && h.t1 <= 1, "0 <= t0 <= t1 <= 1", a, b);
    FZ_CHECK(finite3(h.point), "sweep point finite", a, b);
    FZ_CHECK(unit_or_zero(h.normal, h.initially_overlapping), "sweep normal is unit (zero only initially)", a, b);
    FZ_CHECK(!h.initially_overlapping || h.t0 == 0, "initial overlap means t0 = 0", a, b);
}

static bool same_sweep(col_sweep_hit x, col_sweep_hit y) {
    if (x.status != y.status) return false;
    if (x.status != COL_HIT) return true;
    return x.t0 == y.t0 && x.t1 == y.t1 && x.initially_overlapping == y.initially_overlapping;
}

/* The shape at time t of its motion d. */
static col_shape at_time(const col_shape *s, col_vec3 d, col_real t) {
    return fz_translated(s, col_v3_scale(d, t), NULL);
}

/* Static vs swept on the grid: at t0 the shapes touch; halfway to t0 they do
 * not overlap deeper than the band; a miss overlaps at none of t = 0, 1/4,
 * 1/2, 3/4, 1; the closed-form sweep agrees with the general sweep. */
/* Whether EPA's depth says the pair overlaps deeper than the band (and, on
 * a curved shape, than EPA's own band there: bands.h, fz_band_epa_curved,
 * as fuzz_distance takes it); not for two flat shapes that touch, where
 * EPA's depth is no measure of depth (bands.h, fz_flat; fuzz_distance
 * exempts them alike). */
static bool deeper_than(const col_shape *a, const col_shape *b, double band) {
    col_penetration_result p = col_penetration(a, b);
    if (p.status == COL_MISS || (double)p.depth <= band + fz_band_epa_curved(a, b)) return false;
    return !(fz_flat(a) && fz_flat(b) && (double)col_distance(a, b).distance <= fz_band_support(a, b));
}

static void check_contact(const col_shape *a, col_vec3 da, const col_shape *b, col_vec3 db, col_sweep_hit h) {
    if (!col_distance_supported(a->kind, b->kind)) return;
    /* slivers: the contact time's rounding grows with the inverse aspect;
     * fuzz_ray and the unit tests cover them */
    if (fz_aspect(a) < FZ_SLIVER || fz_aspect(b) < FZ_SLIVER) return;
    col_vec3 v = col_v3_sub(da, db);
    double band = fz_band_contact(a, b, v);
    /* two triangles (or a segment or a capsule and a triangle): GJK, which
     * the general sweep follows, may stop up to the support band short
     * (bands.h, fz_gjk_sliver; triangles sharing a vertex, moved) */
    if (fz_gjk_sliver(a, b)) band = fmax(band, fz_band_support(a, b));
    if (h.status == COL_HIT && !h.initially_overlapping) {
        col_shape at_a = at_time(a, da, h.t0), at_b = at_time(b, db, h.t0);
        col_distance_result d = col_distance(&at_a, &at_b);
        if (!((double)d.distance <= band))
            fprintf(stderr, "  t0 %a: distance there %g, band %g\n", (double)h.t0, (double)d.distance, band);
        FZ_CHECK((double)d.distance <= band, "at t0 the shapes touch", a, b);
        /* the contact point at t0 on both (sweep.h): within the band of
         * each shape there */
        col_shape pt = {.kind = COL_SHAPE_POINT};
        pt.u.point.p = h.point;
        double on_a = (double)col_distance(&pt, &at_a).distance, on_b = (double)col_distance(&pt, &at_b).distance;
        if (!(on_a <= band && on_b <= band))
            fprintf(stderr,
                    "  t0 %a: the point (%a, %a, %a) %g from A, %g from B, band %g; da (%a, %a, %a), db (%a, %a, %a)\n",
                    (double)h.t0, (double)h.point.x, (double)h.point.y, (double)h.point.z, on_a, on_b, band,
                    (double)da.x, (double)da.y, (double)da.z, (double)db.x, (double)db.y, (double)db.z);
        FZ_CHECK(on_a <= band && on_b <= band, "the contact point lies on both shapes at t0", a, b);
        col_real half = h.t0 * COL_R(0.5);
        col_shape ha = at_time(a, da, half), hb = at_time(b, db, half);
        FZ_CHECK(!deeper_than(&ha, &hb, band), "before t0 the shapes do not overlap", a, b);
        /* no step passes the contact: at t0 itself the shapes touch without
         * overlapping deeper than the band (a step 0.1% long or one that
         * forgot the radii lands inside, where the distance is 0 too) */
        FZ_CHECK(!deeper_than(&at_a, &at_b, band), "at t0 the shapes do not overlap deeper than the band", a, b);
    }
    /* the last contact t1 (sweep.h): between t0 and t1 the shapes overlap;
     * where t1 comes before the end they touch there and part after it */
    if (h.status == COL_HIT) {
        col_real mid = h.t0 + (h.t1 - h.t0) * COL_R(0.5);
        col_shape ma = at_time(a, da, mid), mb = at_time(b, db, mid);
        double dm = (double)col_distance(&ma, &mb).distance;
        if (!(dm <= band))
            fprintf(stderr, "  t0 %a t1 %a: distance %g between them, band %g\n", (double)h.t0, (double)h.t1, dm, band);
        FZ_CHECK(dm <= band, "between t0 and t1 the shapes overlap", a, b);
        if (h.t1 < COL_R(1.0)) {
            col_shape ea = at_time(a, da, h.t1), eb = at_time(b, db, h.t1);
            double de = (double)col_distance(&ea, &eb).distance;
            if (!(de <= band)) fprintf(stderr, "  t1 %a: distance there %g, band %g\n", (double)h.t1, de, band);
            FZ_CHECK(de <= band, "at t1 the shapes touch", a, b);
            FZ_CHECK(!deeper_than(&ea, &eb, band), "at t1 the shapes do not overlap deeper than the band", a, b);
            col_real after = h.t1 + (COL_R(1.0) - h.t1) * COL_R(0.5);
            col_shape aa = at_time(a, da, after), ab = at_time(b, db, after);
            if (deeper_than(&aa, &ab, band))
                fprintf(stderr, "  t0 %a t1 %a; da (%a, %a, %a), db (%a, %a, %a)\n", (double)h.t0, (double)h.t1,
                        (double)da.x, (double)da.y, (double)da.z, (double)db.x, (double)db.y, (double)db.z);
            FZ_CHECK(!deeper_than(&aa, &ab, band), "after t1 the shapes do not overlap", a, b);
        }
    }
    if (h.status == COL_MISS) {
        for (int k = 0; k <= 4; ++k) {
            col_real t = (col_real)k / COL_R(4.0);
            col_shape ta = at_time(a, da, t), tb = at_time(b, db, t);
            FZ_CHECK(!deeper_than(&ta, &tb, band), "a missed sweep never overlaps", a, b);
        }
    }
    /* the closed form against the general sweep */
    if (col_sweep_has_closed_form(a->kind, b->kind)) {
        col_sweep_hit g = col_sweep_convex(a, da, b, db, NULL, NULL);
        if (g.status != h.status && (g.status == COL_HIT || h.status == COL_HIT)) {
            /* only a graze: where the hit says contact, the shapes are within the band */
            const col_sweep_hit *hit = g.status == COL_HIT ? &g : &h;
            col_shape ta = at_time(a, da, hit->t0), tb = at_time(b, db, hit->t0);
            FZ_CHECK((double)col_distance(&ta, &tb).distance <= band, "closed-form and general sweeps agree", a, b);
        }
        if (g.status == COL_HIT && h.status == COL_HIT) {
            double speed = (double)col_v3_len(v);
            /* the contact times differ by at most the band over the closing speed;
             * a grazing approach closes slowly, so compare the distances there */
            if (fabs((double)g.t0 - (double)h.t0) * speed > band) {
                col_shape ga = at_time(a, da, g.t0), gb = at_time(b, db, g.t0);
                col_shape ca = at_time(a, da, h.t0), cb = at_time(b, db, h.t0);
                FZ_CHECK((double)col_distance(&ga, &gb).distance <= band &&
                             (double)col_distance(&ca, &cb).distance <= band,
                         "closed-form and general sweeps find the same contact", a, b);
            }
        }
    }
}

static void check_sweeps(const col_shape *a, col_vec3 da, const col_shape *b, col_vec3 db, int grid) {
    col_sweep_hit ab = col_sweep(a, da, b, db), ba = col_sweep(b, db, a, da);
    bool supported = col_sweep_supported(a->kind, b->kind);
    if (!supported) FZ_CHECK(ab.status == COL_INVALID, "unsupported sweep is invalid", a, b);
    check_sweep_hit(ab, a, b);
    FZ_CHECK(same_sweep(ab, ba), "sweep(B, A) has the times of sweep(A, B)", a, b);
    /* (A, da) identical to (B, db): both calls are one call, and the
     * penetration normal of a shape against itself is any direction */
    bool identical = a->kind == b->kind &&
                     memcmp(&a->u, &b->u, (size_t)fz_real_count(a->kind) * sizeof(col_real)) == 0 &&
                     memcmp(&da, &db, sizeof da) == 0;
    if (ab.status == COL_HIT && !identical)
        FZ_CHECK(ab.normal.x == -ba.normal.x && ab.normal.y == -ba.normal.y && ab.normal.z == -ba.normal.z &&
                     ab.point.x == ba.point.x,
                 "sweep(B, A) reverses the normal and keeps the point", a, b);
    /* (point, point) pairs are ordered by their bytes, and may be cast from B's point */
    if (a->kind == COL_SHAPE_POINT && b->kind != COL_SHAPE_POINT && col_raycast_supported(b->kind) &&
        col_v3_is_valid(da) && col_v3_is_valid(db)) { /* huge motions are invalid for a sweep, not for a ray */
        col_ray r = {a->u.point.p, col_v3_sub(da, db), COL_R(1.0)};
        col_ray_hit rh = col_raycast(b, &r);
        FZ_CHECK(rh.status == ab.status && (rh.status != COL_HIT || rh.t == ab.t0), "a point's sweep is the ray cast",
                 a, b);
    }
    if (grid && supported) fz_count("sweep (grid)", ab.status == COL_HIT);
    if (!grid || !supported || sizeof(col_real) != sizeof(double)) return;
    /* zero motion is the static test */
    col_sweep_hit still = col_sweep(a, col_v3(0, 0, 0), b, col_v3(0, 0, 0));
    if (col_overlap_supported(a->kind, b->kind)) {
        bool o = col_overlap(a, b);
        if (col_sweep_has_closed_form(a->kind, b->kind) && col_overlap_is_exact(a->kind, b->kind)) {
            FZ_CHECK((still.status == COL_HIT) == o, "zero motion: sweep hits exactly when the shapes overlap", a, b);
            FZ_CHECK(still.status != COL_HIT || still.initially_overlapping, "zero motion hit is initial", a, b);
        } else if (col_overlap_is_exact(a->kind, b->kind)) {
            /* the general sweep: its start decided by the exact test where
             * GJK cannot resolve it (col_sweep_convex), so overlapping shapes
             * hit at once with no band; a pair within its tolerance of
             * touching is a contact at t = 0 too */
            FZ_CHECK(!o || (still.status == COL_HIT && still.initially_overlapping),
                     "zero motion: overlapping shapes hit at once, initially overlapping", a, b);
            if (still.status == COL_HIT && !o)
                FZ_CHECK((double)col_distance(a, b).distance <= fz_band_contact(a, b, col_v3(0, 0, 0)),
                         "zero motion: a hit without overlap is within the sweep tolerance", a, b);
        } else {
            /* the general sweep calls a pair within its tolerance of touching
             * a contact at t = 0 */
            /* (two triangles sharing a vertex can be left up to the support
             * band apart by GJK, which the general sweep follows: bands.h,
             * fz_gjk_sliver) */
            bool stuck = fz_gjk_sliver(a, b) && (double)col_distance(a, b).distance <= fz_band_support(a, b);
            FZ_CHECK(!o || still.status == COL_HIT || stuck, "zero motion: overlapping shapes hit at once", a, b);
            if (still.status == COL_HIT && !o)
                FZ_CHECK((double)col_distance(a, b).distance <= fz_band_contact(a, b, col_v3(0, 0, 0)),
                         "zero motion: a hit without overlap is within the sweep tolerance", a, b);
        }
    }
    /* Galilean invariance */
    col_sweep_hit rel = col_sweep(a, col_v3_sub(da, db), b, col_v3(0, 0, 0));
    FZ_CHECK(same_sweep(ab, rel), "only the relative motion matters", a, b);
    check_contact(a, da, b, db, ab);
}

/* Axis-parallel rays: every box method computes the same t exactly. */
static void check_ray_methods(const col_shape *s, const col_ray *r) {
    int axis_parallel = (r->delta.x != 0) + (r->delta.y != 0) + (r->delta.z != 0) == 1;
    if (!axis_parallel) return;
    if (s->kind == COL_SHAPE_AABB) {
        col_ray_hit h1 = col_raycast_aabb_slabs(r, &s->u.aabb), h2 = col_raycast_aabb_woo(r, &s->u.aabb);
        col_obb o = col_obb_from_aabb(&s->u.aabb);
        col_ray_hit h3 = col_raycast_obb(r, &o);
        FZ_CHECK(h1.status == h2.status && (h1.status != COL_HIT || h1.t == h2.t), "slabs and Woo agree", s, s);
        /* the OBB of an AABB rounds its centre: compare status only away from that rounding */
        if (col_obb_is_valid(&o) && o.c.x - o.e.x == s->u.aabb.min.x && o.c.x + o.e.x == s->u.aabb.max.x &&
            o.c.y - o.e.y == s->u.aabb.min.y && o.c.y + o.e.y == s->u.aabb.max.y && o.c.z - o.e.z == s->u.aabb.min.z &&
            o.c.z + o.e.z == s->u.aabb.max.z)
            FZ_CHECK(h1.status == h3.status, "slabs on the AABB and on its OBB agree", s, s);
    }
    if (s->kind == COL_SHAPE_TRIANGLE) {
        const col_triangle *t = &s->u.triangle;
        /* an axis-aligned triangle: all vertices share one coordinate */
        bool flat = (t->a.x == t->b.x && t->b.x == t->c.x) || (t->a.y == t->b.y && t->b.y == t->c.y) ||
                    (t->a.z == t->b.z && t->b.z == t->c.z);
        if (!flat) return;
        col_ray_hit w = col_raycast_triangle(r, t, COL_TWO_SIDED), m = col_raycast_triangle_mt(r, t, COL_TWO_SIDED),
                    b = col_raycast_triangle_badouel(r, t, COL_TWO_SIDED);
        FZ_CHECK(w.status == m.status && w.status == b.status, "the three triangle methods agree", s, s);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_input in = {data, size, 0};
    int grid = fz_u8(&in) & 1;
    col_shape a = fz_shape(&in, grid), b = fz_shape(&in, grid);
    col_vec3 da = fz_vec3(&in, grid);
    col_vec3 db = fz_vec3(&in, grid);
    col_ray r;
    r.origin = fz_vec3(&in, grid);
    r.delta = fz_vec3(&in, grid);
    r.max_t = fz_real(&in, grid);
    if (grid) {
        uint8_t mode = fz_u8(&in);
        r.max_t = (mode & 1) ? COL_R(1.0) : (col_real)INFINITY;
        if (mode & 2) { /* axis-parallel ray */
            col_real d = r.delta.x;
            r.delta = col_v3(0, 0, 0);
            if ((mode >> 2) % 3 == 0) r.delta.x = d;
            if ((mode >> 2) % 3 == 1) r.delta.y = d;
            if ((mode >> 2) % 3 == 2) r.delta.z = d;
        }
    }
    check_ray_hit(col_raycast(&a, &r), &r, &a, grid);
    check_ray_hit(col_raycast(&b, &r), &r, &b, grid);
    if (grid) check_ray_methods(&a, &r);
    check_sweeps(&a, da, &b, db, grid);
    /* the general sweep on slow approaches (slow_approach.h), with the
     * contact properties of every sweep (the input's length stirs the
     * choice: short inputs read zeros here) */
    fz_slow_case sc;
    if (fz_slow_approach(&a, &b, (uint8_t)(fz_u8(&in) ^ (uint8_t)(size * 29u)), &sc))
        check_contact(&sc.a, sc.da, &b, sc.db, sc.h);
    return 0;
}

/* The case as a Lua scenario (fuzz/repro). */
void fz_repro(const uint8_t *data, size_t size);
void fz_repro(const uint8_t *data, size_t size) {
    fz_input in = {data, size, 0};
    int grid = fz_u8(&in) & 1;
    col_shape a = fz_shape(&in, grid), b = fz_shape(&in, grid);
    col_vec3 da = fz_vec3(&in, grid);
    col_vec3 db = fz_vec3(&in, grid);
    col_vec3 ro = fz_vec3(&in, grid);
    col_vec3 rd = fz_vec3(&in, grid);
    printf("-- fuzz_dynamic case (%s mode): sweeps both ways, the general sweep, ray casts\n", grid ? "grid" : "raw");
    printf("local collide = require \"collide\"\n");
    fz_lua_shape(stdout, "a", &a);
    fz_lua_shape(stdout, "b", &b);
    fz_lua_vec3(stdout, "da", da);
    fz_lua_vec3(stdout, "db", db);
    fz_lua_vec3(stdout, "ro", ro);
    fz_lua_vec3(stdout, "rd", rd);
    printf("local u = table.unpack\n");
    printf("print(\"sweep(a, b)\", pcall(collide.sweep, a, da[1], da[2], da[3], b, u(db)))\n");
    printf("print(\"sweep(b, a)\", pcall(collide.sweep, b, db[1], db[2], db[3], a, u(da)))\n");
    printf("print(\"sweepConvex(a, b)\", pcall(collide.sweepConvex, a, da[1], da[2], da[3], b, u(db)))\n");
    printf("print(\"still\", pcall(collide.sweep, a, 0, 0, 0, b), pcall(collide.overlap, a, b))\n");
    printf("print(\"raycast(a)\", pcall(collide.raycast, a, ro[1], ro[2], ro[3], u(rd)))\n");
    printf("print(\"raycast(b)\", pcall(collide.raycast, b, ro[1], ro[2], ro[3], u(rd)))\n");
}
