/*
 * libFuzzer harness: ray casts, method against method, on the exact grid
 * (general directions; fuzz_dynamic covers axis-parallel rays bit for bit).
 *
 *   - AABB: Woo's method and the slab method agree on hit or miss unless the
 *     segment passes within the band of the box's boundary; where both hit, t
 *     agrees within the band over the ray's length.
 *   - Triangle: the watertight test, Möller-Trumbore and Badouel agree unless
 *     the segment passes within the band of an edge, lies (nearly) in the
 *     triangle's plane, or ends (or starts) within the band of it.
 *   - Every cast (col_raycast; the slab cast for boxes) hits exactly when the static test says its segment (origin to origin +
 *     max_t delta) meets the shape, no band (both make one exact decision,
 *     exact.h); on boundary rays too (a first byte >= 192): aimed exactly at
 *     a boundary point (a triangle's or a box's edge or vertex, a sphere's,
 *     an ellipsoid's or a cap's extreme, a point of a segment or a plane), ending there or
 *     running past it, stopping a fraction of an ulp short of it (its end
 *     rounds onto it), or an ulp or two beside it; aimed exactly, they hit.
 *     For triangles the same ray without end (max_t = inf) hits exactly when
 *     the one with max_t = 2 does, and an exact aim off the plane hits at
 *     its aim (t = 1) within the band over the ray's slant to the plane.
 *   - Watertightness: a fan of 3..8 triangles around a shared vertex, and a
 *     ray through the shared vertex or through the midpoint of a shared edge,
 *     crossing the fan: the watertight test hits at least one triangle.
 * Bands: 1024 ulps of the size (bands.h's polytope band), on coordinates
 * where every input is exact.
 */
#include "bands.h"

/* exact.h's switch: every filter in doubt, every sign exact (double build) */
extern bool col__exact_always;
extern void col__batch_lanes_force(int lanes); /* core/src/box.h: the two-lane forms where 2 */
/* core/src/exact.h: the scalar segment-box filter, 0 apart, 1 meets, 2 in doubt */
extern int col__segment_box_filter(col_vec3 p, col_vec3 q, col_vec3 lo, col_vec3 hi);

#define FZ_PI 3.14159265358979323846

static col_shape seg_shape(col_vec3 a, col_vec3 b) {
    col_shape s;
    memset(&s, 0, sizeof s);
    s.kind = COL_SHAPE_SEGMENT;
    s.u.segment.a = a;
    s.u.segment.b = b;
    return s;
}

static col_shape box_shape(col_aabb b) {
    col_shape s;
    memset(&s, 0, sizeof s);
    s.kind = COL_SHAPE_AABB;
    s.u.aabb = b;
    return s;
}

static void print_ray(const col_ray *r) {
    fprintf(stderr, "  ray: origin (%a %a %a) delta (%a %a %a)\n", (double)r->origin.x, (double)r->origin.y,
            (double)r->origin.z, (double)r->delta.x, (double)r->delta.y, (double)r->delta.z);
}

#define CHECK_R(cond, msg, s, r)                                                                                       \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            print_ray(r);                                                                                              \
            FZ_CHECK(false, msg, s, s);                                                                                \
        }                                                                                                              \
    } while (0)

/* col_overlap(seg, s), the static test a cast must agree with, and the
 * batch's answer for the same pair beside copies of itself (the segment
 * pairs' lanes take four at a time, AVX2): five copies of the segment
 * against s, and five of s against the segment, each the same answer. */
static bool segment_meets(const col_shape *seg, const col_shape *s, const col_ray *r) {
    bool meets = col_overlap(seg, s);
    if (s->kind == COL_SHAPE_POLYTOPE) return meets;
    size_t ss = sizeof(col_segment), so = col_shape_kind_size(s->kind);
    unsigned char segs[5 * sizeof(col_segment)], shapes[5 * sizeof s->u], o1[5], o2[5];
    for (size_t i = 0; i < 5; ++i) {
        memcpy(segs + i * ss, &seg->u.segment, ss);
        memcpy(shapes + i * so, &s->u, so);
    }
    size_t n1 = col_overlap_many(COL_SHAPE_SEGMENT, segs, s->kind, &s->u, true, 5, o1);
    size_t n2 = col_overlap_many(s->kind, shapes, COL_SHAPE_SEGMENT, &seg->u.segment, true, 5, o2);
    bool same = n1 == 5 * (size_t)meets && n2 == n1;
    for (int i = 0; i < 5; ++i) same = same && o1[i] == meets && o2[i] == meets;
    CHECK_R(same, "col_overlap_many answers a segment's pairs as col_overlap", s, r);
    return meets;
}

static void check_box(const col_shape *s, const col_ray *r) {
    col_ray_hit h1 = col_raycast_aabb_slabs(r, &s->u.aabb), h2 = col_raycast_aabb_woo(r, &s->u.aabb);
    col_shape seg = seg_shape(r->origin, col_v3_add(r->origin, r->delta));
    double band = fz_band_distance(s, &seg);
    fz_count("ray-aabb", h1.status == COL_HIT);
    CHECK_R((h1.status == COL_HIT) == segment_meets(&seg, s, r), "the slab cast hits exactly where its segment meets",
            s, r);
    if (h1.status != h2.status) {
        /* allowed only for a segment grazing the boundary: it does not reach
         * into the box shrunk by the band */
        col_aabb in = s->u.aabb;
        col_vec3 d = col_v3((col_real)band, (col_real)band, (col_real)band);
        in.min = col_v3_add(in.min, d);
        in.max = col_v3_sub(in.max, d);
        bool grazing = true;
        if (in.min.x <= in.max.x && in.min.y <= in.max.y && in.min.z <= in.max.z) {
            col_shape inner = box_shape(in);
            grazing = !col_overlap(&inner, &seg);
        }
        CHECK_R(grazing, "slabs and Woo agree on hit or miss away from the boundary", s, r);
        return;
    }
    if (h1.status == COL_HIT) {
        double len = (double)col_v3_len(r->delta);
        CHECK_R(len == 0 || fabs((double)h1.t - (double)h2.t) * len <= band, "slabs and Woo find the same t", s, r);
    }
}

/* The smallest distance from the segment to the triangle's edges. */
static double edge_distance(const col_triangle *t, const col_shape *seg) {
    const col_vec3 v[3] = {t->a, t->b, t->c};
    double best = HUGE_VAL;
    for (int i = 0; i < 3; ++i) {
        col_shape e = seg_shape(v[i], v[(i + 1) % 3]);
        best = fmin(best, (double)col_distance(&e, seg).distance);
    }
    return best;
}

static void check_triangle(const col_shape *s, const col_ray *r) {
    const col_triangle *t = &s->u.triangle;
    col_ray_hit w = col_raycast_triangle(r, t, COL_TWO_SIDED), m = col_raycast_triangle_mt(r, t, COL_TWO_SIDED),
                b = col_raycast_triangle_badouel(r, t, COL_TWO_SIDED);
    fz_count("ray-triangle", w.status == COL_HIT);
    /* the default cast hits exactly when the static test says the segment
     * meets the triangle (no band: both are exact, exact.h) */
    col_shape seg = seg_shape(r->origin, col_v3_add(r->origin, col_v3_scale(r->delta, r->max_t)));
    col_vec3 tn = col_triangle_normal(t);
    if (tn.x != 0 || tn.y != 0 || tn.z != 0) /* degenerate: a segment, not exact yet */
        CHECK_R((w.status == COL_HIT) == segment_meets(&seg, s, r), "the ray hits where its segment meets the triangle",
                s, r);
    if (w.status == m.status && w.status == b.status) return;
    double band = fz_band_distance(s, &seg);
    /* near an edge, or (nearly) in the plane: the methods may differ */
    col_vec3 n = col_triangle_normal(t);
    double along = fabs((double)col_v3_dot(n, r->delta)), len = (double)col_v3_len(r->delta);
    bool in_plane = along <= FZ_IN_PLANE * len;
    /* or the hit is at an end of the segment (t = 0 or 1, within rounding) */
    const col_ray_hit *hits[3] = {&w, &m, &b};
    for (int i = 0; i < 3; ++i)
        if (hits[i]->status == COL_HIT &&
            ((double)hits[i]->t * len <= band || (1.0 - (double)hits[i]->t) * len <= band))
            in_plane = true;
    if (!(in_plane || edge_distance(t, &seg) <= band))
        fprintf(stderr, "  watertight %d t %a, Moller-Trumbore %d t %a, Badouel %d t %a; edge distance %g, band %g\n",
                w.status, (double)w.t, m.status, (double)m.t, b.status, (double)b.t, edge_distance(t, &seg), band);
    CHECK_R(in_plane || edge_distance(t, &seg) <= band, "the triangle methods agree away from the edges", s, r);
}

/* The ray without end against a triangle: its line meets the plane at t
 * near 1 (exactly 1 for an exact aim), so it hits exactly when the ray
 * with max_t = 2 does, whose segment the static test decides exactly, when
 * that segment's end o + 2 delta is exact and the ray is not in the plane
 * (the 2D case, in floating point). */
static void check_endless_triangle(const col_shape *s, const col_ray *r, int ulps) {
    const col_triangle *t = &s->u.triangle;
    col_ray two = *r, endless = *r;
    two.max_t = COL_R(2.0);
    endless.max_t = (col_real)INFINITY;
    bool exact_end = true;
    for (int ax = 0; ax < 3; ++ax) {
        double o = (double)col_v3_get(r->origin, ax), d2 = 2 * (double)col_v3_get(r->delta, ax), x = o + d2;
        double bv = x - o; /* Knuth's two-sum: the rounding error of o + d2 */
        exact_end = exact_end && (o - (x - bv)) + (d2 - bv) == 0;
    }
    /* the origin in the plane, exactly: the products of grid coordinates are exact */
    col_vec3 nr = col_v3_cross(col_v3_sub(t->b, t->a), col_v3_sub(t->c, t->a));
    bool in_plane = (double)col_v3_dot(nr, col_v3_sub(r->origin, t->a)) == 0;
    if (!exact_end || in_plane) return;
    col_ray_hit h2 = col_raycast_triangle(&two, t, COL_TWO_SIDED),
                hi = col_raycast_triangle(&endless, t, COL_TWO_SIDED);
    if ((hi.status == COL_HIT) != (h2.status == COL_HIT))
        fprintf(stderr, "  ray o (%a %a %a) d (%a %a %a): without end %d t %a, max_t 2 %d t %a\n", (double)r->origin.x,
                (double)r->origin.y, (double)r->origin.z, (double)r->delta.x, (double)r->delta.y, (double)r->delta.z,
                hi.status, (double)hi.t, h2.status, (double)h2.t);
    CHECK_R((hi.status == COL_HIT) == (h2.status == COL_HIT),
            "a ray without end hits exactly when it does with max_t = 2 (the plane is met near t = 1)", s, &endless);
    if (ulps == 0) CHECK_R(hi.status == COL_HIT, "a ray without end aimed at an edge or a vertex hits it", s, &endless);
}

/* Whether a ray cast against kind k is decided exactly, as the static test
 * of its segment is: every kind with a cast. */
static bool exact_kind(col_shape_kind k) { return col_raycast_supported(k); }

/* A point of the shape's boundary (of the shape, for a flat one), built
 * exactly on the grid: the aim of a boundary ray. False when the
 * construction is not exact. */
static bool boundary_point(col_shape *s, fz_input *in, col_vec3 *p, int *axis_out) {
    uint8_t e = fz_u8(in), f = fz_u8(in);
    col_real k8 = (col_real)(e >> 2 & 7) / COL_R(8.0);
    int axis = e % 3;
    *axis_out = axis;
    col_real sign = (e & 32) ? COL_R(-1.0) : COL_R(1.0);
    col_vec3 unit = col_v3(axis == 0, axis == 1, axis == 2);
    if (s->kind == COL_SHAPE_ELLIPSOID && (f & 6)) { /* flatten it: one or two other radii 0 */
        int z1 = (axis + 1) % 3, z2 = (axis + 2) % 3;
        col_real r[3] = {s->u.ellipsoid.r.x, s->u.ellipsoid.r.y, s->u.ellipsoid.r.z};
        r[(f & 2) ? z1 : z2] = COL_R(0.0);
        if ((f & 6) == 6) r[z2] = COL_R(0.0);
        s->u.ellipsoid.r = col_v3(r[0], r[1], r[2]);
    }
    switch (s->kind) {
    case COL_SHAPE_TRIANGLE: { /* k/8 of the way along an edge: at a vertex too */
        const col_triangle *t = &s->u.triangle;
        const col_vec3 v[3] = {t->a, t->b, t->c};
        *p = col_v3_add(v[axis], col_v3_scale(col_v3_sub(v[(axis + 1) % 3], v[axis]), k8));
        /* or inside: a quarter of the way to the third vertex from there,
         * halfway along the edge at most (a ray ending an ulp short of the
         * face, where only the far end's side is in doubt) */
        if (f & 8) {
            *p = col_v3_add(v[axis], col_v3_scale(col_v3_sub(v[(axis + 1) % 3], v[axis]), k8 * COL_R(0.5)));
            *p = col_v3_add(*p, col_v3_scale(col_v3_sub(v[(axis + 2) % 3], v[axis]), COL_R(0.25)));
        }
        col_vec3 n = col_triangle_normal(t);
        return n.x != 0 || n.y != 0 || n.z != 0; /* a degenerate one is a segment: its own case */
    }
    case COL_SHAPE_SEGMENT:
        *p = col_v3_add(s->u.segment.a, col_v3_scale(col_v3_sub(s->u.segment.b, s->u.segment.a), k8));
        return true;
    case COL_SHAPE_POINT: *p = s->u.point.p; return true;
    case COL_SHAPE_SPHERE: *p = col_v3_madd(s->u.sphere.c, sign * s->u.sphere.r, unit); return true;
    case COL_SHAPE_ELLIPSOID: /* an extreme, or a point k/8 of the way to it (of a flat one's set) */
        *p = col_v3_madd(s->u.ellipsoid.c, sign * col_v3_get(s->u.ellipsoid.r, axis) * (f & 1 ? k8 : COL_R(1.0)), unit);
        return true;
    case COL_SHAPE_CAPSULE: {
        col_capsule *c = &s->u.capsule;
        if (f & 1) { /* the axis along another coordinate axis m: a point of the cylinder k/8 along it */
            int m = (axis + 1 + (f >> 1 & 1)) % 3;
            col_vec3 um = col_v3(m == 0, m == 1, m == 2);
            c->b = col_v3_madd(c->a, col_v3_get(col_v3_sub(c->b, c->a), m), um);
            *p = col_v3_madd(col_v3_add(c->a, col_v3_scale(col_v3_sub(c->b, c->a), k8)), sign * c->r, unit);
            return true;
        }
        /* a cap's extreme along an axis, away from the other end */
        col_real along = col_v3_get(col_v3_sub(c->b, c->a), axis);
        if (along * sign > 0) sign = -sign;
        *p = col_v3_madd(c->a, sign * c->r, unit);
        return true;
    }
    case COL_SHAPE_AABB:
    case COL_SHAPE_OBB: { /* a face, edge or vertex point: axis on a face, the others k/8 across */
        col_vec3 lo = s->kind == COL_SHAPE_AABB ? s->u.aabb.min : col_v3_neg(s->u.obb.e);
        col_vec3 hi = s->kind == COL_SHAPE_AABB ? s->u.aabb.max : s->u.obb.e;
        col_real c[3];
        for (int k = 0; k < 3; ++k) {
            int m = k == axis ? (f >> (2 * k) & 1) : (f >> (2 * k) & 3);
            col_real l = col_v3_get(lo, k), h = col_v3_get(hi, k);
            c[k] = m == 0 ? l : m == 1 ? h : l + (h - l) * (col_real)((f >> 6) + 1) / COL_R(8.0);
        }
        if (s->kind == COL_SHAPE_AABB) {
            *p = col_v3(c[0], c[1], c[2]);
        } else { /* the grid's axes are a signed permutation: exact */
            const col_obb *b = &s->u.obb;
            *p = col_v3_add(b->c, col_v3_add(col_v3_scale(b->u[0], c[0]),
                                             col_v3_add(col_v3_scale(b->u[1], c[1]), col_v3_scale(b->u[2], c[2]))));
        }
        return true;
    }
    case COL_SHAPE_PLANE: { /* the grid's normal is an axis: x_k = d / n_k */
        const col_plane *pl = &s->u.plane;
        *p = fz_vec3(in, 1);
        for (int k = 0; k < 3; ++k)
            if (col_v3_get(pl->n, k) != 0) {
                col_real x = pl->d / col_v3_get(pl->n, k);
                *p = col_v3(k == 0 ? x : p->x, k == 1 ? x : p->y, k == 2 ? x : p->z);
            }
        return true;
    }
    default: return false;
    }
}

/* An ellipsoid with two zero radii is a segment, with three a point: the
 * static test agrees with the segment-segment (or segment-point) test, an
 * independent exact method (exact.h). */
static void check_flat_ellipsoid(const col_shape *s, const col_shape *seg, bool meets, const col_ray *r) {
    const col_ellipsoid *e = &s->u.ellipsoid;
    int zeros = (e->r.x == 0) + (e->r.y == 0) + (e->r.z == 0);
    if (zeros < 2) return;
    col_shape other;
    memset(&other, 0, sizeof other);
    other.kind = COL_SHAPE_SEGMENT;
    other.u.segment.a = col_v3_sub(e->c, e->r);
    other.u.segment.b = col_v3_add(e->c, e->r);
    CHECK_R(col_overlap(seg, &other) == meets, "a flat ellipsoid is the segment (or point) it spans", s, r);
}

/* Boundary rays (issue 16): aimed exactly at a point of a shape's boundary
 * (an edge or a vertex of a triangle or a box, a sphere's or a cap's
 * extreme, a point of a segment or a plane), ending there (t = max_t),
 * running on past it, or aimed an ulp or two beside it: the cast and the
 * static test agree, and the exact constructions hit. */
static void check_boundary_ray(fz_input *in) {
    col_shape s = fz_shape(in, 1);
    if (!exact_kind(s.kind)) return;
    col_vec3 p;
    int axis = 0;
    if (!boundary_point(&s, in, &p, &axis)) return;
    uint8_t how = fz_u8(in);
    col_ray r;
    r.origin = fz_vec3(in, 1);
    if (how & 0x80) { /* from the tangent plane x_axis = p_axis: grazing a sphere, a cap, a box's face */
        if (axis == 0) r.origin.x = p.x;
        if (axis == 1) r.origin.y = p.y;
        if (axis == 2) r.origin.z = p.z;
    }
    r.delta = col_v3_sub(p, r.origin);
    r.max_t = how & 1 ? COL_R(2.0) : COL_R(1.0);
    int ulps = (how >> 1) % 5 - 2;                                /* -2..2 ulps on one axis of the aim */
    r.delta = fz_ulps_on_axis(r.delta, (how >> 4 & 7) % 3, ulps); /* the harness runs in double only */
    /* off the grid: the aim scaled by 1 + 2^-k / 3, which rounds, so the
     * ray passes within rounding of the boundary point on coordinates the
     * double filters see as inexact (their bounds are then what decides) */
    uint8_t off = fz_u8(in);
    /* from an origin off the grid (moved by thirds, sevenths and
     * elevenths), still aimed at the same point: every coordinate of the
     * segment in general position, where the filters' quotients round
     * twice or more and their bounds must cover it (a segment ending an ulp
     * short of a face, its entry time rounding below 1, is one of them) */
    uint8_t shift = fz_u8(in);
    if (shift & 1) {
        col_vec3 aim = col_v3_add(r.origin, r.delta);
        double f = ldexp(1.0, -(int)(shift >> 1 & 15));
        r.origin = col_v3_add(r.origin, col_v3((col_real)(f / 3), (col_real)(-f / 7), (col_real)(f / 11)));
        r.delta = col_v3_sub(aim, r.origin);
        ulps = 1; /* not an exact aim */
    }
    if (off & 1) {
        double f = 1.0 + ldexp(1.0, -(int)(off >> 1 & 63)) / 3.0;
        r.delta = col_v3_scale(r.delta, (col_real)f);
        ulps = 1; /* not an exact aim */
    }
    /* a ray stopping 2^-48..2^-41 of max_t short of its aim: far less than
     * an ulp of its end there, which rounds onto the aim, so the segment it
     * is judged by, origin to the rounded end, reaches the point the ray
     * itself stops short of (a cast certified by its own times must count
     * the end's rounding) */
    uint8_t cut = fz_u8(in);
    if (cut & 1) {
        r.max_t = r.max_t * (col_real)(1.0 - ldexp(1.0 + (cut >> 1), -48));
        ulps = 1; /* not an exact aim */
    }
    /* far from the origin: the shape and the ray moved by 2^10..2^40 (the
     * shape exactly; an origin off the grid rounds), where the end's
     * rounding, about an ulp of its coordinates, outgrows the rounding of
     * the cast's own quantities (of the size of the shape and the ray) */
    uint8_t far = fz_u8(in);
    if (far & 1) { /* a cast's kinds have no polytope: no store */
        col_real t = (col_real)ldexp(1.0, 10 + (far >> 1) % 31);
        col_vec3 by = col_v3(t, far & 2 ? -t : t, far & 4 ? t / 2 : -t);
        s = fz_translated(&s, by, NULL);
        r.origin = col_v3_add(r.origin, by);
        p = col_v3_add(p, by);
    }
    /* leaving the boundary: the ray turned round, running back the way it
     * came (away from the shape, or along it where it grazed), from an
     * origin within 2^-e (e in 0..63) of the boundary point in general
     * position (thirds, sevenths and elevenths of its size), or for a
     * sphere from the origin's direction scaled onto the sphere (within an
     * ulp or two of it, either side, |origin - c|^2 rounding): inside, on
     * or just outside the shape, where the certificates of a ray moving
     * away must count the rounding of the squares. */
    uint8_t leave = fz_u8(in);
    if (leave & 1) {
        col_vec3 o = p;
        col_vec3 m = s.kind == COL_SHAPE_SPHERE ? col_v3_sub(r.origin, s.u.sphere.c) : col_v3(0, 0, 0);
        col_real len = col_v3_len(m);
        if ((leave & 0x80) && len > 0) {
            o = col_v3_add(s.u.sphere.c, col_v3_scale(m, s.u.sphere.r / len));
        } else {
            double f = ldexp(1.0, -(int)(leave >> 1 & 63)) * (1.0 + fabs(p.x) + fabs(p.y) + fabs(p.z));
            o = col_v3_add(p, col_v3((col_real)(f / 3), (col_real)(-f / 7), (col_real)(f / 11)));
        }
        r.origin = o;
        r.delta = col_v3_neg(r.delta);
        ulps = 1; /* not an exact aim */
    }
    if (r.delta.x == 0 && r.delta.y == 0 && r.delta.z == 0) return;
    col_ray_hit w = col_raycast(&s, &r);
    col_shape seg = seg_shape(r.origin, col_v3_add(r.origin, col_v3_scale(r.delta, r.max_t)));
    bool meets = segment_meets(&seg, &s, &r);
    CHECK_R((w.status == COL_HIT) == meets, "a boundary ray hits where its segment meets", &s, &r);
    if (ulps == 0) CHECK_R(w.status == COL_HIT, "a ray aimed exactly at a boundary point hits it", &s, &r);
    fz_count("boundary rays that hit", w.status == COL_HIT);
    /* An exact aim at a triangle's point crosses its plane there, at t = 1,
     * and nowhere else (a line off the plane meets it once): the hit is
     * there, within the band over the ray's slant to the plane (the plane's
     * fraction from the decision's determinants was off by eps (D / s)^2:
     * 6.5e-9 for a ray from 500 units to a triangle 2.5 wide, fuzz_world's
     * regressions/world/kdop-clipped-ray-misses-a-thin-triangles-earlier-
     * hit), and the rounding of an origin moved far. */
    if (s.kind == COL_SHAPE_TRIANGLE && ulps == 0 && !(leave & 1)) {
        col_vec3 n = col_triangle_normal(&s.u.triangle);
        double len = (double)col_v3_len(r.delta), slant = fabs((double)col_v3_dot(n, r.delta)) / len;
        /* (the share of exact aims at a triangle that cross its plane
         * steeply enough to check: a rate that says the property is fed) */
        bool checked = w.status == COL_HIT && !w.inside && slant >= 1e-3;
        fz_count("exact aims at a triangle checked at t = 1 (off its plane)", checked);
        if (checked) {
            double band = fz_band_distance(&s, &seg) +
                          4 * (double)COL_EPSILON * ((double)col_v3_len(r.origin) + len * (double)r.max_t);
            if (!(fabs((double)w.t - 1) * len <= band / slant))
                fprintf(stderr, "  t %a, slant %g, band %g, off %g\n", (double)w.t, slant, band,
                        fabs((double)w.t - 1) * len);
            CHECK_R(fabs((double)w.t - 1) * len <= band / slant,
                    "a ray aimed exactly at a triangle's point off its plane hits there", &s, &r);
        }
    }
    /* (its premise, the plane met near t = 1, is an aimed ray's) */
    if (s.kind == COL_SHAPE_TRIANGLE && !(leave & 1)) check_endless_triangle(&s, &r, ulps);
    if (s.kind == COL_SHAPE_ELLIPSOID) check_flat_ellipsoid(&s, &seg, meets, &r);
    /* The filters (double arithmetic with error bounds, exact.h) decide as
     * exact arithmetic does: the same cast and test with every filter in
     * doubt (col__exact_always) give the same answers (on half the inputs:
     * the exact path is slow). */
    if (!(off & 2)) return;
    col__exact_always = true;
    bool hit_x = col_raycast(&s, &r).status == COL_HIT, meets_x = col_overlap(&seg, &s);
    col__exact_always = false;
    CHECK_R(hit_x == (w.status == COL_HIT) && meets_x == meets, "the filters decide as exact arithmetic does", &s, &r);
    /* the scalar segment-box filter too (the float and no-SIMD builds' static
     * test, a sweep's reject), which the two-lane static test of the double
     * build does not call */
    if (s.kind == COL_SHAPE_AABB && col_shape_is_valid(&seg)) {
        int f = col__segment_box_filter(seg.u.segment.a, seg.u.segment.b, s.u.aabb.min, s.u.aabb.max);
        CHECK_R(f == 2 || (f == 1) == meets_x, "the filters decide as exact arithmetic does", &s, &r);
    }
}

/* Two unit vectors perpendicular to d and to each other. */
static void perp_frame(col_vec3 d, col_vec3 *ax, col_vec3 *ay) {
    col_vec3 a = col_abs(d.x) <= col_abs(d.y) && col_abs(d.x) <= col_abs(d.z) ? col_v3(1, 0, 0)
                 : col_abs(d.y) <= col_abs(d.z)                               ? col_v3(0, 1, 0)
                                                                              : col_v3(0, 0, 1);
    col_vec3 x = col_v3_cross(d, a), y = col_v3_cross(d, x);
    *ax = col_v3_scale(x, COL_R(1.0) / col_v3_len(x));
    *ay = col_v3_scale(y, COL_R(1.0) / col_v3_len(y));
}

/* A fan around c through the shared vertex or a shared edge's midpoint. */
/* true when the case was a proper crossing and was checked */
static bool check_fan(fz_input *in) {
    col_vec3 c = fz_vec3(in, 1);
    int n = 3 + fz_u8(in) % 6;
    col_vec3 v[8];
    for (int i = 0; i < n; ++i) v[i] = fz_vec3(in, 1);
    col_vec3 dir = fz_vec3(in, 1);
    uint8_t mode = fz_u8(in);
    int k = (int)(mode % (unsigned)n);
    col_vec3 target = (mode & 128) ? c : col_v3_scale(col_v3_add(c, v[k]), COL_R(0.5)); /* exact on the grid */
    if (col_v3_len_sq(dir) == 0) return false;
    col_ray r = {col_v3_sub(target, dir), col_v3_scale(dir, COL_R(2.0)), COL_R(1.0)};
    /* The ray must cross the fan there: every triangle at the target faces it
     * well away from edge-on, and the fan's triangles around the target turn
     * the same way as seen along the ray (a proper, non-folded fan). */
    int first = (mode & 128) ? 0 : (k + n - 1) % n, last = (mode & 128) ? n - 1 : k;
    int sign = 0;
    for (int i = first;; i = (i + 1) % n) {
        col_triangle t = {c, v[i], v[(i + 1) % n]};
        col_vec3 cr = col_v3_cross(col_v3_sub(t.b, t.a), col_v3_sub(t.c, t.a));
        double dn = (double)col_v3_dot(cr, dir), scale = (double)col_v3_len(cr) * (double)col_v3_len(dir);
        if (!(fabs(dn) > 1e-3 * scale)) return false; /* edge-on or degenerate */
        int sg = dn > 0 ? 1 : -1;
        if (sign == 0) sign = sg;
        if (sg != sign) return false; /* folded */
        if (i == last) break;
    }
    if (mode & 128) {
        /* around the vertex the fan must close: the projected angles sum to a
         * full turn only for a proper fan; require the projections to wind once */
        double turn = 0;
        col_vec3 ax, ay;
        perp_frame(dir, &ax, &ay);
        for (int i = 0; i < n; ++i) {
            col_vec3 p = col_v3_sub(v[i], c), q = col_v3_sub(v[(i + 1) % n], c);
            double a1 = atan2((double)col_v3_dot(p, ay), (double)col_v3_dot(p, ax));
            double a2 = atan2((double)col_v3_dot(q, ay), (double)col_v3_dot(q, ax));
            double d = a2 - a1;
            while (d > FZ_PI) d -= 2 * FZ_PI;
            while (d < -FZ_PI) d += 2 * FZ_PI;
            turn += d;
        }
        if (fabs(fabs(turn) - 2 * FZ_PI) > 1e-6) return false;
    }
    bool hit = false;
    for (int i = 0; i < n && !hit; ++i) {
        col_triangle t = {c, v[i], v[(i + 1) % n]};
        hit = col_raycast_triangle(&r, &t, COL_TWO_SIDED).status == COL_HIT;
    }
    if (!hit) {
        col_shape s;
        memset(&s, 0, sizeof s);
        s.kind = COL_SHAPE_POINT;
        s.u.point.p = target;
        CHECK_R(false, "a ray through a shared vertex or edge of a fan hits the fan (watertight)", &s, &r);
    }
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* the two-lane (SSE2) forms on inputs of odd size, the widest the CPU
     * has (AVX2) on the others: each path on every machine */
    col__batch_lanes_force(size & 1 ? 2 : 0);
    if (sizeof(col_real) != sizeof(double)) return 0; /* exact grid */
    fz_input in = {data, size, 0};
    uint8_t what = fz_u8(&in);
    if (what >= 192) {
        check_boundary_ray(&in);
        return 0;
    }
    if (what % 3 == 2) {
        fz_count("fan inputs that are proper crossings", check_fan(&in));
        return 0;
    }
    col_shape s = fz_shape(&in, 1);
    col_ray r;
    r.origin = fz_vec3(&in, 1);
    r.delta = fz_vec3(&in, 1);
    r.max_t = COL_R(1.0);
    if (what % 3 == 0) {
        if (s.kind != COL_SHAPE_AABB) {
            col_aabb b;
            if (!col_shape_bounds(&s, &b)) return 0;
            s = box_shape(b);
        }
        check_box(&s, &r);
    } else if (s.kind == COL_SHAPE_TRIANGLE) {
        check_triangle(&s, &r);
    } else if (exact_kind(s.kind)) {
        /* every kind decided exactly: the cast hits exactly when the static
         * test says its segment meets the shape, no band */
        col_ray_hit h = col_raycast(&s, &r);
        col_shape seg = seg_shape(r.origin, col_v3_add(r.origin, r.delta));
        CHECK_R((h.status == COL_HIT) == col_overlap(&seg, &s), "the cast hits exactly where its segment meets", &s,
                &r);
    }
    return 0;
}

void fz_repro(const uint8_t *data, size_t size);
void fz_repro(const uint8_t *data, size_t size) {
    (void)data;
    printf("-- a fuzz_ray input (%zu bytes): replay it with replay_ray\n", size);
}
