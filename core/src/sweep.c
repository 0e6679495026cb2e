/*
 * Swept tests (collide/sweep.h). Most reduce to a ray cast of A's reference
 * point, moving by v = da - db relative to B, against the Minkowski sum of B
 * and A; t1 comes from the same cast run backwards from the end position.
 */
#include "box.h"
#include "exact.h"
#include "ray.h"

/* The result as reported: no -0 in the normal. */
static col_sweep_hit sweep_clean(col_sweep_hit h) {
    h.normal = col__no_neg_zero(h.normal);
    return h;
}

/* Built by an initializer, not memset: a memset's stores feeding the
 * returned struct's copy stalled store forwarding (half the cost of a
 * missing sphere-plane sweep). */
col_sweep_hit col__sweep_miss(col_status status) {
    col_sweep_hit h = {status, COL_R(0.0), COL_R(0.0), {0, 0, 0}, {0, 0, 0}, false};
    return h;
}

col_sweep_hit col__sweep_cast(col__cast_fn cast, const void *ctx, col_vec3 p, col_vec3 v) {
    return col__sweep_cast_by(cast, cast, ctx, p, v);
}

col_sweep_hit col__sweep_cast_by(col__cast_fn cast, col__cast_fn back_cast, const void *ctx, col_vec3 p, col_vec3 v) {
    col_ray fwd = {p, v, COL_R(1.0)};
    col_ray_hit h = cast(&fwd, ctx);
    if (h.status != COL_HIT) return col__sweep_miss(h.status);
    col_sweep_hit s = col__sweep_miss(COL_HIT);
    s.t0 = h.t;
    s.normal = h.normal;
    s.point = h.point; /* on the Minkowski sum, in B's frame at u = 0 */
    s.initially_overlapping = h.inside;
    /* The last overlap: cast from the end position backwards. */
    col_ray back = {col_v3_add(p, v), col_v3_neg(v), COL_R(1.0)};
    col_ray_hit e = back_cast(&back, ctx);
    s.t1 = (e.status == COL_HIT) ? COL_R(1.0) - e.t : s.t0; /* a graze: t1 = t0 */
    if (s.t1 < s.t0) s.t1 = s.t0;                           /* rounding of a graze */
    return s;
}

/* Componentwise max and min by comparison (fmax and fmin are calls). */
static inline col_vec3 v3_max(col_vec3 a, col_vec3 b) {
    return col_v3(a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y, a.z > b.z ? a.z : b.z);
}
static inline col_vec3 v3_min(col_vec3 a, col_vec3 b) {
    return col_v3(a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y, a.z < b.z ? a.z : b.z);
}

static bool motion_valid(col_vec3 da, col_vec3 db) { return col_v3_is_valid(da) && col_v3_is_valid(db); }

/* ------------------------- sphere- and capsule-plane ------------------------- */

/* A contact time computed in floating point for a contact the exact
 * decision has found: in [lo, 1], an infinite or NaN quotient to the nearer
 * end. */
static inline col_real contact_time(col_real t, col_real lo) {
    if (!(t >= lo)) return lo; /* NaN too; comparisons, not calls to fmin */
    return t < COL_R(1.0) ? t : COL_R(1.0);
}

/* The time num / w at which a distance reaches the band, for a contact the
 * exact decision has found; w rounded to zero (the motion along n is below
 * rounding, so the start was within rounding of touching): u = 1, where the
 * exact decision says they touch (no division by zero: hostile input). */
static inline col_real band_time(col_real num, col_real w, col_real lo) {
    return w == COL_R(0.0) ? COL_R(1.0) : contact_time(num / w, lo);
}

/* A rounded value and a bound on its rounding error. */
typedef struct bounded {
    col_real v, e;
} bounded;

#if defined(COLLIDE_REAL_FLOAT) && COLLIDE_REAL_FLOAT
#define TINY 0x1p-100f
#else
#define TINY 0x1p-900
#endif

/* n . x - d and n . (da - db): a three-term dot product and one more term,
 * each value within 4 eps (8 roundings of half an eps) of the sum of its
 * terms' magnitudes; plus TINY for an underflow. */
static inline bounded plane_distance(const col_plane *b, col_vec3 x) {
    bounded r = {col_v3_dot(b->n, x) - b->d, COL_R(0.0)}; /* col_plane_signed_distance, inline */
    col_real mag = col_abs(b->n.x * x.x) + col_abs(b->n.y * x.y) + col_abs(b->n.z * x.z) + col_abs(b->d);
    r.e = COL_R(4.0) * COL_EPSILON * mag + TINY;
    return r;
}

static inline bounded plane_motion(const col_plane *b, col_vec3 da, col_vec3 db) {
    bounded r = {col_v3_dot(b->n, col_v3_sub(da, db)), COL_R(0.0)};
    col_real mag = col_abs(b->n.x) * (col_abs(da.x) + col_abs(db.x)) +
                   col_abs(b->n.y) * (col_abs(da.y) + col_abs(db.y)) +
                   col_abs(b->n.z) * (col_abs(da.z) + col_abs(db.z));
    r.e = COL_R(4.0) * COL_EPSILON * mag + TINY;
    return r;
}

/* The sign of a rounded gap g within `bound` of its exact value: 1 or -1
 * where that decides, 2 in doubt, when the bound is not finite, or when the
 * tests and fuzzers ask for the exact path (col__exact_always). */
static inline int gap_sign(col_real g, col_real bound) {
    if (col__exact_always || !(bound < COL_R(1e30))) return 2;
    return g > bound ? 1 : g < -bound ? -1 : 2;
}

/* The sign of s - off for s within e of its exact value (the subtraction's
 * rounding included). The plane sweeps below take it on their leading
 * point, with the same bound (or a larger one); plane_reached per point. */
static inline int side_filtered(bounded s, col_real off) {
    return gap_sign(s.v - off, s.e + COL_R(2.0) * COL_EPSILON * (col_abs(s.v) + col_abs(off)));
}

/* Whether points x[0..n) of a shape with support distance r along n, in
 * front of the plane by more than r (side 1) or behind it (side -1) at
 * u = 0, reach the band |n . x - d| <= r by u = 1, moving by v1 - v2: a
 * point's distance is linear in u, so the first to reach it does so by
 * u = 1 exactly when its end is in the band or beyond. Exact (exact.h: the
 * end x + v1 - v2 is never rounded). */
static inline bool plane_reached(const col_plane *b, col_real r, int side, const col_vec3 *x, const bounded *s, int n,
                                 col_vec3 v1, col_vec3 v2) {
    bounded w = plane_motion(b, v1, v2);
    bool doubt = false;
    for (int i = 0; i < n; ++i) { /* the end's rounded distance first */
        bounded end = {s[i].v + w.v, s[i].e + w.e};
        int f = side_filtered(end, (col_real)side * r);
        if (f != 2 && side * f < 0) return true;
        doubt = doubt || f == 2;
    }
    if (!doubt) return false;
    for (int i = 0; i < n; ++i)
        if (side * col__plane_side_moved(b->n, b->d, (col_real)side * r, x[i], v1, v2) <= 0) return true;
    return false;
}

col_sweep_hit col_sweep_sphere_plane(const col_sphere *a, col_vec3 da, const col_plane *b, col_vec3 db) {
    if (!col__valid_sphere(a) || !col__valid_plane(b) || !motion_valid(da, db)) return col__sweep_miss(COL_INVALID);
    /* Decided exactly (issue 16): touching at u = 0 is the static test's
     * exact classification; afterwards the end's exact side. The times,
     * normal and point come from the rounded distances s0 and w. The
     * filters (side_filtered's bound): the gap |s0| - r at the start, the
     * leading gap at the end. */
    bounded sc = plane_distance(b, a->c);
    col_real s0 = sc.v, r = a->r;
    col_real sgn = s0 < COL_R(0.0) ? COL_R(-1.0) : COL_R(1.0), gap = sgn * s0 - r;
    col_real bound = sc.e + COL_R(2.0) * COL_EPSILON * (sgn * s0 + r);
    int gs = gap_sign(gap, bound);
    col_side start = gs == 2  ? col_classify_sphere_plane(a, b)
                     : gs > 0 ? (sgn > COL_R(0.0) ? COL_FRONT : COL_BACK)
                              : COL_STRADDLE;
    bounded wb = plane_motion(b, da, db);
    col_real w = wb.v;
    col_sweep_hit h = col__sweep_miss(COL_HIT);
    if (start == COL_STRADDLE) {
        /* Touching or overlapping at the start (either side). */
        h.initially_overlapping = true;
        h.t1 = COL_R(1.0);
        if (w > COL_R(0.0)) h.t1 = contact_time((r - s0) / w, COL_R(0.0));
        if (w < COL_R(0.0)) h.t1 = contact_time((-r - s0) / w, COL_R(0.0));
        h.normal = s0 > COL_R(0.0) ? b->n : (s0 < COL_R(0.0) ? col_v3_neg(b->n) : col_v3(0, 0, 0));
        h.point = col_v3_madd(a->c, -s0, b->n); /* the centre's foot on the plane */
        return sweep_clean(h);
    }
    int side = start == COL_FRONT ? 1 : -1;
    /* Receding, parallel, or not there by u = 1: a miss. The end's rounded
     * gap first (plane_reached's filter), its exact side where in doubt. */
    col_real end = s0 + w;
    int ge = gap_sign((col_real)side * end - r, sc.e + wb.e + COL_R(2.0) * COL_EPSILON * (col_abs(end) + r));
    if (ge == 1 || (ge == 2 && !plane_reached(b, r, side, &a->c, &sc, 1, da, db))) return col__sweep_miss(COL_MISS);
    col_real sr = (col_real)side * r;
    h.t0 = band_time(sr - s0, w, COL_R(0.0));
    h.t1 = band_time(-sr - s0, w, h.t0);
    h.normal = col_v3_scale(b->n, (col_real)side);
    col_vec3 centre = col_v3_madd(a->c, h.t0, da);
    h.point = col_v3_madd(centre, -sr, b->n);
    return sweep_clean(h);
}

col_sweep_hit col_sweep_capsule_plane(const col_capsule *a, col_vec3 da, const col_plane *b, col_vec3 db) {
    if (!col__valid_capsule(a) || !col__valid_plane(b) || !motion_valid(da, db)) return col__sweep_miss(COL_INVALID);
    /* Decided exactly, as the sphere's: the endpoints' distances move together. */
    const bounded se[2] = {plane_distance(b, a->a), plane_distance(b, a->b)};
    col_real sa = se[0].v, sb = se[1].v, r = a->r;
    col_real smin = sa < sb ? sa : sb, smax = sa < sb ? sb : sa;
    col_real lo = smin - r, hi = smax + r; /* the capsule's extent along n */
    /* side_filtered with one bound for both ends (the larger: never
     * wrong, at most more often in doubt): in front when the
     * nearer end is, behind when the farther one is, straddling when one end
     * is surely not in front and one surely not behind */
    col_real e = se[0].e > se[1].e ? se[0].e : se[1].e,
             mag = col_abs(smin) > col_abs(smax) ? col_abs(smin) : col_abs(smax);
    col_real bound = e + COL_R(2.0) * COL_EPSILON * (mag + r);
    int gl = gap_sign(lo, bound), gh = gap_sign(hi, bound);
    col_side start = gl == 1                 ? COL_FRONT
                     : gh == -1              ? COL_BACK
                     : (gl == -1 && gh == 1) ? COL_STRADDLE
                                             : col_classify_capsule_plane(a, b);
    bounded wb = plane_motion(b, da, db);
    col_real w = wb.v;
    col_sweep_hit h = col__sweep_miss(COL_HIT);
    if (start == COL_STRADDLE) {
        h.initially_overlapping = true;
        h.t1 = COL_R(1.0);
        if (w > COL_R(0.0)) h.t1 = contact_time(-lo / w, COL_R(0.0));
        if (w < COL_R(0.0)) h.t1 = contact_time(-hi / w, COL_R(0.0));
        col_real mid = (sa + sb) * COL_R(0.5);
        h.normal = mid > COL_R(0.0) ? b->n : (mid < COL_R(0.0) ? col_v3_neg(b->n) : col_v3(0, 0, 0));
        col_vec3 c = col_v3_lerp(a->a, a->b, COL_R(0.5));
        h.point = col_v3_madd(c, -col_plane_signed_distance(b, c), b->n);
        return sweep_clean(h);
    }
    /* In front it must move back; behind, forward. */
    bool front = start == COL_FRONT;
    const col_vec3 ends[2] = {a->a, a->b};
    /* plane_reached's filter for the end that leads (the nearer one's gap
     * lo + w, or the farther one's hi + w), the exact sides where in doubt */
    col_real end = front ? smin + w : smax + w;
    int ge = gap_sign(front ? end - r : -(end + r), e + wb.e + COL_R(2.0) * COL_EPSILON * (col_abs(end) + r));
    if (ge == 1 || (ge == 2 && !plane_reached(b, a->r, front ? 1 : -1, ends, se, 2, da, db)))
        return col__sweep_miss(COL_MISS);
    h.t0 = band_time(front ? -lo : -hi, w, COL_R(0.0));
    h.t1 = band_time(front ? -hi : -lo, w, h.t0);
    col_real side = front ? COL_R(1.0) : COL_R(-1.0);
    h.normal = col_v3_scale(b->n, side);
    /* The nearer endpoint touches (both, when the capsule lies parallel: the midpoint). */
    col_real near_a = side * sa, near_b = side * sb;
    col_vec3 lead = near_a < near_b ? a->a : (near_b < near_a ? a->b : col_v3_lerp(a->a, a->b, COL_R(0.5)));
    h.point = col_v3_madd(col_v3_madd(lead, h.t0, da), -side * a->r, b->n);
    return sweep_clean(h);
}

/* ---------------------------- sphere-sphere ---------------------------- */

typedef struct sphere_ctx {
    col_vec3 c;
    col_real r;
} sphere_ctx;

static col_ray_hit cast_sphere(const col_ray *r, const void *ctx) {
    const sphere_ctx *s = ctx;
    return col__raycast_sphere_at(r, s->c, s->r);
}

static col_ray_hit cast_sphere_t(const col_ray *r, const void *ctx) {
    const sphere_ctx *s = ctx;
    return col__raycast_sphere_t(r, s->c, s->r);
}

col_sweep_hit col_sweep_sphere_sphere(const col_sphere *a, col_vec3 da, const col_sphere *b, col_vec3 db) {
    if (!col__valid_sphere(a) || !col__valid_sphere(b) || !motion_valid(da, db)) return col__sweep_miss(COL_INVALID);
    /* In B's frame, relative to B's centre: A's centre starts at p and moves by v. */
    sphere_ctx ctx = {col_v3(0, 0, 0), a->r + b->r};
    col_vec3 p = col_v3_sub(a->c, b->c), v = col_v3_sub(da, db);
    /* The cast and its exit from one quadratic where it can, with the
     * decision's certificate from the same quantities: A's centre as a ray
     * a->c + u v (v rounded, its end too, the radius a rounded sum: within
     * the certificate's bounds); else forwards and backwards, and the
     * certificate by itself. The general filter where it is in doubt. */
    col_ray ray = {a->c, v, COL_R(1.0)};
    col_ray_hit f;
    col_real t1 = COL_R(1.0);
    col_sweep_hit h;
    int fast;
    if (col__sphere_sweep_cast(&ray, b->c, ctx.r, &f, &t1, &fast)) {
        if (fast == 0) return col__sweep_miss(COL_MISS); /* the far pairs' answer */
        h = col__sweep_miss(f.status);
        if (f.status == COL_HIT) {
            h.t0 = f.t;
            h.t1 = t1;
            h.normal = f.normal;
            h.initially_overlapping = f.inside;
        }
    } else {
        col_vec3 end;
        fast = col__ray_end(&ray, &end) ? col__ball_sure(&ray, end, b->c, ctx.r) : 2;
        h = col__sweep_cast_by(cast_sphere, cast_sphere_t, &ctx, p, v);
    }
    if (fast == 2) fast = col__moving_ball_fast(a->c, da, db, b->c, a->r, b->r);
    if (fast == 0) return col__sweep_miss(COL_MISS);
    /* Decided exactly (issue 16): A's centre moving by da - db (never
     * rounded) comes within r1 + r2 of B's centre for some u in [0, 1]; the
     * cast gives t0, t1 and the normal where it agrees. Where its rounding
     * missed a contact that happens (touching at u = 0 or 1, or grazing),
     * the contact is the closest approach, or u = 0 for touching shapes. */
    if (fast == 2 && !col__moving_meets_ball(a->c, da, db, b->c, a->r, b->r)) return col__sweep_miss(COL_MISS);
    if (h.status != COL_HIT) {
        bool initially = col__segment_meets_ball(a->c, a->c, b->c, a->r, b->r);
        col_real vv = col_v3_len_sq(v), t = COL_R(0.0);
        if (!initially && vv > COL_R(0.0)) t = -col_v3_dot(p, v) / vv;
        t = t > COL_R(0.0) ? col_min(t, COL_R(1.0)) : COL_R(0.0);
        h = col__sweep_miss(COL_HIT);
        h.t0 = h.t1 = t;
        h.initially_overlapping = initially;
        h.normal = col__unit_or_along(col_v3_madd(p, t, v), col_v3_neg(v), col_v3(1, 0, 0));
    }
    /* (col__unit_len: inline, one root and one division in the common range) */
    if (h.initially_overlapping) h.normal = col__unit_len(p, col_v3(0, 0, 0), NULL);
    /* The point at t0 (world space) dividing the centres' segment in the
     * ratio of the radii: where the spheres touch, and a point of both where
     * they start overlapping. Everything above is the same computation on p
     * and v as on -p and -v, each result's sign reversed, or an exact
     * decision; this weighted sum is the same bits with A and B exchanged
     * (a sum and products commute): so col_sweep needs no ordering of two
     * spheres. */
    col_vec3 ca = col_v3_madd(a->c, h.t0, da), cb = col_v3_madd(b->c, h.t0, db);
    col_real sum = a->r + b->r;
    if (sum > COL_R(0.0)) {
        /* two quotients, each in [0, 1] (the reciprocal of a subnormal sum
         * overflows) */
        h.point = col_v3_add(col_v3_scale(ca, b->r / sum), col_v3_scale(cb, a->r / sum));
    } else {
        h.point = col_v3_scale(col_v3_add(ca, cb), COL_R(0.5));
    }
    return sweep_clean(h);
}

/* ---------------------------- AABB-AABB ---------------------------- */

col_sweep_hit col_sweep_aabb_aabb(const col_aabb *a, col_vec3 da, const col_aabb *b, col_vec3 db) {
    if (!col__valid_aabb(a) || !col__valid_aabb(b) || !motion_valid(da, db)) return col__sweep_miss(COL_INVALID);
    /* Decided exactly (issue 16): the motions never rounded, every entry
     * time compared with every exit time by cross-multiplication (exact.h);
     * the times and the normal come from the rounded quotients. */
    double tin[3], tout[3];
    int fast = col__moving_boxes_fast(&a->min, &a->max, &da, &b->min, &b->max, &db, tin, tout);
    if (fast == 0 || (fast == 2 && !col__moving_boxes_meet(a->min, a->max, da, b->min, b->max, db)))
        return col__sweep_miss(COL_MISS);
    col_vec3 v = col_v3_sub(da, db);
    col_real t0 = COL_R(0.0), t1 = COL_R(1.0);
    int axis = -1, apart_axis = -1;
    bool overlapping = col__overlap_aabb_aabb_u(a, b); /* (validated above) */
    for (int k = 0; k < 3; ++k) {
        col_real amin = col_v3_get(a->min, k), amax = col_v3_get(a->max, k);
        col_real bmin = col_v3_get(b->min, k), bmax = col_v3_get(b->max, k), vk = col_v3_get(v, k);
        if (vk == COL_R(0.0)) continue; /* overlapping on this axis for all time (they meet) */
        if (amax < bmin || bmax < amin) apart_axis = k;
        col_real enter, exit; /* the filter's times where it decided (no second division) */
        if (fast == 1) {
            enter = (col_real)tin[k];
            exit = (col_real)tout[k];
        } else {
            enter = vk > COL_R(0.0) ? (bmin - amax) / vk : (bmax - amin) / vk;
            exit = vk > COL_R(0.0) ? (bmax - amin) / vk : (bmin - amax) / vk;
        }
        if (enter > t0) {
            t0 = enter;
            axis = k;
        }
        if (exit < t1) t1 = exit;
    }
    /* the rounded times of a contact the exact decision found, in order */
    t0 = t0 < COL_R(1.0) ? t0 : COL_R(1.0);
    t1 = t1 < COL_R(1.0) ? t1 : COL_R(1.0);
    t1 = t1 > t0 ? t1 : t0;
    col_sweep_hit h = col__sweep_miss(COL_HIT);
    h.t0 = overlapping ? COL_R(0.0) : t0;
    h.t1 = t1;
    h.initially_overlapping = overlapping;
    /* Boxes at t0, and the centre of their touching (or overlapping) region. */
    col_vec3 a0 = col_v3_madd(a->min, h.t0, da), a1 = col_v3_madd(a->max, h.t0, da);
    col_vec3 b0 = col_v3_madd(b->min, h.t0, db), b1 = col_v3_madd(b->max, h.t0, db);
    col_vec3 lo = v3_max(a0, b0), hi = v3_min(a1, b1);
    h.point = col_v3_scale(col_v3_add(lo, hi), COL_R(0.5));
    if (!overlapping) {
        /* The axis entered last; when every entry time rounded to 0 (a gap too
         * small for the speed), the axis that was apart. */
        if (axis < 0) axis = apart_axis;
        col_real vk = col_v3_get(v, axis); /* axis >= 0: apart on an axis without motion, they never meet */
        col_real n[3] = {0, 0, 0};
        n[axis] = vk > COL_R(0.0) ? COL_R(-1.0) : COL_R(1.0); /* A approaches from -axis when vk > 0 */
        h.normal = col_v3(n[0], n[1], n[2]);
        return sweep_clean(h);
    }
    /* Initially overlapping: the axis of least penetration, toward A's centre. */
    col_real best = COL_REAL_MAX;
    for (int k = 0; k < 3; ++k) {
        col_real depth = col_min(col_v3_get(a->max, k), col_v3_get(b->max, k)) -
                         col_max(col_v3_get(a->min, k), col_v3_get(b->min, k));
        col_real ca = col_v3_get(a->min, k) + col_v3_get(a->max, k), cb = col_v3_get(b->min, k) + col_v3_get(b->max, k);
        if (depth < best) {
            best = depth;
            col_real n[3] = {0, 0, 0};
            n[k] = ca > cb ? COL_R(1.0) : (ca < cb ? COL_R(-1.0) : COL_R(0.0));
            h.normal = col_v3(n[0], n[1], n[2]);
        }
    }
    return sweep_clean(h);
}

/* ---------------------------- sphere-AABB ---------------------------- */

typedef struct rounded_box {
    col_vec3 lo, hi;
    col_real r;
} rounded_box;

/* The corner of the box with max coordinates on the axes of `mask`. */
static col_vec3 corner(const rounded_box *b, int mask) {
    return col_v3(mask & 1 ? b->hi.x : b->lo.x, mask & 2 ? b->hi.y : b->lo.y, mask & 4 ? b->hi.z : b->lo.z);
}

/* Ray against the box grown by r with rounded edges and corners (Ericson 5.5.7). */
static col_ray_hit cast_rounded_box(const col_ray *ray, const void *ctx) {
    const rounded_box *b = ctx;
    if (col__box_point_dist_sq(b->lo, b->hi, ray->origin) <= b->r * b->r) return col__ray_inside(ray);
    static const col_vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    col_vec3 grow = col_v3(b->r, b->r, b->r);
    col_ray_hit h =
        col__raycast_box_slabs(ray, ray->origin, ray->delta, col_v3_sub(b->lo, grow), col_v3_add(b->hi, grow), axes);
    if (h.status != COL_HIT) return h;
    /* Which of the box's Voronoi regions the entry point is in. */
    col_vec3 q = h.point;
    int below = 0, above = 0;
    for (int k = 0; k < 3; ++k) {
        if (col_v3_get(q, k) < col_v3_get(b->lo, k)) below |= 1 << k;
        if (col_v3_get(q, k) > col_v3_get(b->hi, k)) above |= 1 << k;
    }
    int m = below | above, bits = (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1);
    if (bits <= 1) return h; /* a face region: the grown box's face is the rounded box's */
    if (bits == 2) {
        /* An edge region: the capsule around the edge along the remaining axis. */
        int free_axis = (~m) & 7;
        col_ray_hit c = col__raycast_capsule_raw(ray, corner(b, above), corner(b, above | free_axis), b->r);
        return c.inside ? col__ray_miss() : c; /* inside cannot happen: checked above */
    }
    /* A corner region: the three capsules of the edges meeting there. */
    col_ray_hit best = col__ray_miss();
    for (int k = 0; k < 3; ++k) {
        col_ray_hit c = col__raycast_capsule_raw(ray, corner(b, above), corner(b, above ^ (1 << k)), b->r);
        if (c.status == COL_HIT && (best.status != COL_HIT || c.t < best.t)) best = c;
    }
    return best;
}

/* The squared distance from x to a box (ctx: two corners) or a triangle
 * (ctx: three vertices). */
typedef col_real (*dist_sq_fn)(col_vec3 x, const col_vec3 *ctx);

static col_real box_dist_sq(col_vec3 x, const col_vec3 *b) { return col__box_point_dist_sq(b[0], b[1], x); }

static col_real triangle_dist_sq(col_vec3 x, const col_vec3 *t) {
    return col_v3_len_sq(col_v3_sub(x, col__closest_on_triangle(x, t[0], t[1], t[2])));
}

/* The time in [0, 1] at which the centre c + t v comes closest to a convex
 * shape (golden-section search on the convex squared distance): the contact
 * of a graze the rounded cast missed. */
static col_real closest_approach(col_vec3 c, col_vec3 v, dist_sq_fn dist_sq, const col_vec3 *shape) {
    const col_real g = COL_R(0.6180339887498949);
    col_real x0 = COL_R(0.0), x1 = COL_R(1.0);
    for (int i = 0; i < 80 && x1 - x0 > COL_EPSILON; ++i) {
        col_real s = x1 - g * (x1 - x0), t = x0 + g * (x1 - x0);
        if (dist_sq(col_v3_madd(c, s, v), shape) <= dist_sq(col_v3_madd(c, t, v), shape))
            x1 = t;
        else
            x0 = s;
    }
    return (x0 + x1) * COL_R(0.5);
}

/* The rounded path [c, q] against capsules [e0[i], e1[i]] of radius r, the
 * exact path being within mm of it: 1 where one is surely met at r - mm,
 * 0 where every one is surely missed at r + mm and the other pieces were
 * (`apart`), else 2. Each capsule is tried for a miss first, the cheap
 * common answer near a shape; only one not surely missed is tried for a hit. */
static int capsules_fast(col_vec3 c, col_vec3 q, const col_vec3 *e0, const col_vec3 *e1, int n, col_real r, col_real mm,
                         bool apart) {
    for (int e = 0; e < n; ++e) {
        if (col__segment_capsule_fast(c, q, e0[e], e1[e], r + mm) == 0) continue;
        if (r > mm && col__segment_capsule_fast(c, q, e0[e], e1[e], r - mm) == 1) return 1;
        apart = false;
    }
    return apart ? 0 : 2;
}

/* The margins of the sphere-AABB sweep's filter on each axis: 4 eps of
 * every magnitude involved, which covers the rounding of the path's points
 * c + u (da - db) (any u in [0, 1]) and of the bounds. A vector computed
 * whole: stores of its components read back as pairs stalled store
 * forwarding (a third of a far sweep's time). */
static inline col_vec3 sphere_box_margins(const col_sphere *a, col_vec3 da, col_vec3 db, const col_aabb *b) {
    col_vec3 r = col_v3(a->r, a->r, a->r), t = col_v3_add(col_v3_add(col_v3_abs(a->c), col_v3_abs(da)), col_v3_abs(db));
    t = col_v3_add(col_v3_add(col_v3_add(t, col_v3_abs(b->min)), col_v3_abs(b->max)), r);
    return col_v3_add(col_v3_scale(t, COL_R(4.0) * COL_EPSILON), col_v3(TINY, TINY, TINY));
}

/* A margin for a whole point, 2 max m_k (its error is at most sqrt(3) max m_k). */
static inline col_real point_margin(col_vec3 m) {
    col_real x = m.x > m.y ? m.x : m.y;
    return COL_R(2.0) * (x > m.z ? x : m.z);
}

/* The rounded path [c, q]'s bounding box apart from the box grown by r and
 * the margins on some axis (comparisons only): the far pairs' answer,
 * before any cast. */
static inline bool sphere_box_bounds_apart(const col_sphere *a, col_vec3 q, const col_aabb *b, col_vec3 m) {
    col_vec3 g = col_v3_add(col_v3(a->r, a->r, a->r), m);
    col_vec3 lo = col_v3_sub(b->min, g), hi = col_v3_add(b->max, g);
    col_vec3 pmin = v3_min(a->c, q), pmax = v3_max(a->c, q);
    return (pmax.x < lo.x) | (pmax.y < lo.y) | (pmax.z < lo.z) | (pmin.x > hi.x) | (pmin.y > hi.y) | (pmin.z > hi.z);
}

/* A sure miss (issue 16: a near miss costs this, not a cast and the
 * filter's pieces): a plane with the rounded path [c, q] on one side, the
 * box [lo, hi] on the other and more than r between them. Its normal is
 * x - y for the path's point x and the box's point y nearest it, found by
 * Newton steps on the squared distance (a convex, piecewise quadratic
 * function of the path's parameter: each step minimises the piece of the
 * axes the point is outside of; any normal makes a valid test, a poor one
 * only leaves the answer to the filter). The exact path lies within mm of
 * the rounded one, so the plane must leave r + mm. The gap (the least n . x
 * over the path minus the box's support along n), rounded, is within 8 eps S
 * of exact (S: the sum of |n_k| times the coordinates' magnitudes: three
 * dot products and a difference); (r + mm) |n|, rounded, within 4 eps of
 * exact (|n| from a rounded square's root). In practice either the margin
 * or the bounds alone would do (each is looser than the rounding it
 * covers); both are kept, as the proof needs them. */
static bool path_box_surely_apart(col_vec3 c, col_vec3 q, col_vec3 lo, col_vec3 hi, col_real r, col_real mm) {
    if (col__exact_always) return false;
    col_vec3 d = col_v3_sub(q, c), mid = col_v3_scale(col_v3_add(lo, hi), COL_R(0.5));
    col_real dd = col_v3_dot(d, d);
    /* the start: the path's point nearest the box's centre (NaN or inf from
     * a tiny motion only steer the normal: clamped) */
    col_real u =
        dd > COL_R(0.0) ? col__clamp(col_v3_dot(col_v3_sub(mid, c), d) / dd, COL_R(0.0), COL_R(1.0)) : COL_R(0.0);
    col_vec3 x = col_v3_madd(c, u, d), y = col__clamp_to_box(x, lo, hi);
    col_real rr = r * r;
    for (int i = 0; i < 6; ++i) {
        if (col_v3_len_sq(col_v3_sub(x, y)) <= rr)
            return false; /* a point of the path within r: no plane (a hit, mostly) */
        col_real num = COL_R(0.0), den = COL_R(0.0);
        for (int k = 0; k < 3; ++k) {
            col_real xk = col_v3_get(x, k), yk = col_v3_get(y, k), dk = col_v3_get(d, k);
            if (xk != yk) { /* outside the slab: on this piece, (c_k + u d_k - y_k)^2 */
                num += dk * (yk - col_v3_get(c, k));
                den += dk * dk;
            }
        }
        if (den == COL_R(0.0)) break; /* in the box, or not moving across the slabs it is outside of */
        col_real w = col__clamp(num / den, COL_R(0.0), COL_R(1.0));
        if (w == u) break;
        u = w;
        x = col_v3_madd(c, u, d);
        y = col__clamp_to_box(x, lo, hi);
    }
    col_vec3 n = col_v3_sub(x, y);
    col_real nn = col_v3_dot(n, n);
    if (!(nn >= TINY)) return false; /* touching or inside, or a normal too short to measure */
    col_real s0 = col_v3_dot(n, c), s1 = col_v3_dot(n, q), h = COL_R(0.0), S = COL_R(0.0);
    for (int k = 0; k < 3; ++k) {
        col_real nk = col_v3_get(n, k), l = col_v3_get(lo, k), hk = col_v3_get(hi, k);
        h += nk > COL_R(0.0) ? nk * hk : nk * l;
        S += col_abs(nk) * (col_abs(col_v3_get(c, k)) + col_abs(col_v3_get(q, k)) + col_abs(l) + col_abs(hk));
    }
    col_real gap = (s0 < s1 ? s0 : s1) - h, len = col_sqrt(nn);
    col_real need = (r + mm) * len, slack = COL_R(8.0) * COL_EPSILON * S + TINY + COL_R(4.0) * COL_EPSILON * need;
    return gap - slack > need;
}

/* A sure hit read off the rounded cast (issue 16: the common hit costs one
 * point test, not the filter): the centre c + u v at a u of the cast's
 * [t0, t1] surely within r - mm of the box (the static test's filter,
 * decided without doubt), so the exact path's point at the same u, within
 * mm of it, is within r. */
static bool sphere_box_certified(const col_sphere *a, col_vec3 v, col_real u, const col_aabb *b, col_real mm) {
    if (col__exact_always || !(a->r > mm)) return false;
    col_sphere s = {col_v3_madd(a->c, u, v), a->r - mm};
    col__filtered f = col__aabb_sphere_filter(b, &s);
    return f.yes & !f.doubt;
}

/* The exact decision's filter: the rounded path [c, q] against boxes that
 * surely contain the rounded box (a miss) or that it surely contains (a
 * hit: the box grown by r along one axis), each moved by the margins m
 * (col__segment_box_fast decides for the rounded path exactly, within its
 * own bounds), then the edge capsules. The sure hits are tried only where
 * the rounded cast hit (`cast_hit`): after a miss they are all but never
 * there. 1, 0, or 2 in doubt. */
COL__NOINLINE static int sphere_box_fast(const col_sphere *a, col_vec3 q, const col_aabb *b, col_vec3 mv, col_real mm,
                                         bool cast_hit) {
    col_real r = a->r, m[3] = {mv.x, mv.y, mv.z};
    col_vec3 grown = col_v3_add(col_v3(r, r, r), mv);
    col_vec3 lo = col_v3_sub(b->min, grown), hi = col_v3_add(b->max, grown);
    if (col__segment_box_fast(a->c, q, lo, hi) == 0) return 0; /* apart from the grown box: most misses */
    for (int k = 0; k < 3 && cast_hit; ++k) {                  /* a face box surely met: the common hit */
        col_real g[3] = {-m[0], -m[1], -m[2]};
        g[k] = r - m[k];
        col_vec3 gv = col_v3(g[0], g[1], g[2]);
        lo = col_v3_sub(b->min, gv);
        hi = col_v3_add(b->max, gv);
        if (lo.x <= hi.x && lo.y <= hi.y && lo.z <= hi.z && col__segment_box_fast(a->c, q, lo, hi) == 1) return 1;
    }
    bool apart = true; /* every piece surely missed, each grown by the margin */
    for (int k = 0; k < 3 && apart; ++k) {
        col_real G[3] = {m[0], m[1], m[2]};
        G[k] = r + m[k];
        col_vec3 gv = col_v3(G[0], G[1], G[2]);
        apart = col__segment_box_fast(a->c, q, col_v3_sub(b->min, gv), col_v3_add(b->max, gv)) == 0;
    }
    if (r == COL_R(0.0)) return apart ? 0 : 2;
    /* the edge capsules, radius r -+ mm (the rounded path is within it of
     * the exact one): a sure hit first, then whether every one is surely
     * missed */
    col_vec3 e0[12], e1[12];
    int n = 0;
    for (int k = 0; k < 3; ++k) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        for (int corner = 0; corner < 4; ++corner) {
            col_real ci = corner & 1 ? col_v3_get(b->max, i) : col_v3_get(b->min, i);
            col_real cj = corner & 2 ? col_v3_get(b->max, j) : col_v3_get(b->min, j);
            /* the path's interval on axes i and j against the capsule's */
            col_real pi0 = col_v3_get(a->c, i), pi1 = col_v3_get(q, i), pj0 = col_v3_get(a->c, j),
                     pj1 = col_v3_get(q, j);
            if (col_min(pi0, pi1) > ci + r + mm || col_max(pi0, pi1) < ci - r - mm || col_min(pj0, pj1) > cj + r + mm ||
                col_max(pj0, pj1) < cj - r - mm || col__segment_cylinder_fast(a->c, q, k, ci, cj, r + mm) == 0)
                continue;
            col_real x0[3] = {b->min.x, b->min.y, b->min.z}, x1[3] = {b->max.x, b->max.y, b->max.z};
            x0[i] = x1[i] = ci;
            x0[j] = x1[j] = cj;
            e0[n] = col_v3(x0[0], x0[1], x0[2]);
            e1[n++] = col_v3(x1[0], x1[1], x1[2]);
        }
    }
    return capsules_fast(a->c, q, e0, e1, n, r, mm, apart);
}

col_sweep_hit col_sweep_sphere_aabb(const col_sphere *a, col_vec3 da, const col_aabb *b, col_vec3 db) {
    if (!col__valid_sphere(a) || !col__valid_aabb(b) || !motion_valid(da, db)) return col__sweep_miss(COL_INVALID);
    /* Decided exactly (issue 16): the centre's path c + u (da - db), never
     * rounded, against the box grown by r (col__moving_ball_meets_box: the
     * three boxes grown along one axis and the twelve edge capsules), after
     * a filter; touching at u = 0 is the exact static test. The cast of the
     * rounded path gives t0, t1 and the normal where it agrees. */
    col_vec3 m = sphere_box_margins(a, da, db, b), v = col_v3_sub(da, db);
    col_vec3 end = col_v3_add(a->c, v); /* the rounded path's */
    if (sphere_box_bounds_apart(a, end, b, m)) return col__sweep_miss(COL_MISS);
    col_real mm = point_margin(m);
    /* A plane surely between the path and the box grown by r: a miss. */
    if (path_box_surely_apart(a->c, end, b->min, b->max, a->r, mm)) return col__sweep_miss(COL_MISS);
    bool initially = col__overlap_aabb_sphere_u(b, a);
    /* In B's frame relative to B's min corner, so the answer does not depend on where the scene is. */
    rounded_box rb = {col_v3(0, 0, 0), col_v3_sub(b->max, b->min), a->r};
    col_vec3 p = col_v3_sub(a->c, b->min);
    col_sweep_hit h = col__sweep_cast(cast_rounded_box, &rb, p, v);
    /* Touching at u = 0 (the exact static test) meets; a cast hit whose
     * middle is surely within r of the box is certified; else (a graze,
     * within rounding of touching) the filter on the rounded path, and
     * exact arithmetic where it is in doubt. */
    if (!initially && !(h.status == COL_HIT && sphere_box_certified(a, v, (h.t0 + h.t1) * COL_R(0.5), b, mm))) {
        int fast = sphere_box_fast(a, end, b, m, mm, h.status == COL_HIT);
        if (fast == 0 || (fast == 2 && !col__moving_ball_meets_box(a->c, da, db, a->r, b->min, b->max)))
            return col__sweep_miss(COL_MISS);
    }
    if (h.status != COL_HIT || h.initially_overlapping != initially) {
        /* the rounded cast disagrees within rounding of touching: touching
         * at u = 0, or a graze at the closest approach */
        const col_vec3 box[2] = {rb.lo, rb.hi};
        col_real t = initially ? COL_R(0.0) : closest_approach(p, v, box_dist_sq, box);
        if (h.status == COL_HIT && !initially) t = COL_R(0.0); /* the cast found it inside: a touch at the start */
        col_real t1 = h.status == COL_HIT ? h.t1 : t;
        h = col__sweep_miss(COL_HIT);
        h.t0 = t;
        h.t1 = col_max(t, t1);
        h.initially_overlapping = initially;
        col_vec3 c = col_v3_madd(p, t, v);
        col_vec3 q = col__clamp_to_box(c, rb.lo, rb.hi);
        h.normal = col__unit_or_along(col_v3_sub(c, q), col_v3_neg(v), col_v3(1, 0, 0));
    }
    /* The contact point: the box point closest to A's centre at t0. */
    col_vec3 c = col_v3_madd(p, h.t0, v);
    col_vec3 q = col__clamp_to_box(c, rb.lo, rb.hi);
    if (h.initially_overlapping) {
        col_vec3 out = col_v3_sub(c, q);
        if (col_v3_len_sq(out) > COL_R(0.0)) {
            h.normal = col__unit_or(out, col_v3(0, 0, 0));
        } else {
            /* centre inside the box: out through the nearest face */
            col_real best = COL_REAL_MAX;
            h.normal = col_v3(0, 0, 0);
            for (int k = 0; k < 3; ++k) {
                col_real lo = col_v3_get(c, k), hi = col_v3_get(rb.hi, k) - col_v3_get(c, k);
                col_real n[3] = {0, 0, 0};
                if (lo < best) {
                    best = lo;
                    n[k] = COL_R(-1.0);
                    h.normal = col_v3(n[0], n[1], n[2]);
                }
                if (hi < best) {
                    best = hi;
                    n[k] = COL_R(1.0);
                    h.normal = col_v3(n[0], n[1], n[2]);
                }
            }
        }
    }
    h.point = col_v3_add(col_v3_add(q, b->min), col_v3_scale(db, h.t0));
    return sweep_clean(h);
}

/* ---------------------------- sphere-triangle ---------------------------- */

/* A triangle grown by a ball of radius r, in the sweep's frame (relative to
 * the sphere's start), with what both of the sweep's casts share: the
 * winding's unit normal n (zero for a degenerate triangle, which has no
 * face) and each edge's inward normal in the plane, n x e_k (the prism's
 * sides); the edges scaled by one factor, 1 / the largest coordinate of
 * any (e[k] = that times v[k+1] - v[k]: the cylinders' roots do not depend
 * on an edge's length, and the squares of their cross products neither
 * overflow nor underflow), with |e[k]|^2 and e[k] . (v[k+1] - v[k]) (the
 * axial coordinate's range). */
typedef struct rounded_triangle {
    col_vec3 v[3];
    col_real r;
    bool flat, edges; /* edges: e, ee and ez computed (rounded_triangle_edges) */
    col_vec3 n, side[3], e[3];
    col_real ee[3], ez[3];
} rounded_triangle;

static COL__ALWAYS_INLINE void rounded_triangle_make(rounded_triangle *t, col_vec3 a, col_vec3 b, col_vec3 c,
                                                     col_real r, bool flat) {
    t->v[0] = a;
    t->v[1] = b;
    t->v[2] = c;
    t->r = r;
    t->flat = flat;
    t->edges = false;
    if (flat) {
        t->n = col_v3(0, 0, 0);
        return;
    }
    t->n = col__unit_len(col_v3_cross(col_v3_sub(b, a), col_v3_sub(c, a)), col_v3(0, 0, 0), NULL);
    /* (written out: GCC at -O2 keeps a loop, with the index's remainder) */
    t->side[0] = col_v3_cross(t->n, col_v3_sub(b, a));
    t->side[1] = col_v3_cross(t->n, col_v3_sub(c, b));
    t->side[2] = col_v3_cross(t->n, col_v3_sub(a, c));
}

/* The scaled edges, on the first cast that reaches them (a face contact
 * needs none). */
static void rounded_triangle_edges(rounded_triangle *t) {
    if (t->edges) return;
    t->edges = true;
    const col_vec3 e[3] = {col_v3_sub(t->v[1], t->v[0]), col_v3_sub(t->v[2], t->v[1]), col_v3_sub(t->v[0], t->v[2])};
    col_real big = COL_R(0.0);
    COL__UNROLL3 for (int k = 0; k < 3; ++k) {
        col_real m = col__abs_max(e[k]);
        big = big > m ? big : m;
    }
    col_real s = COL_R(1.0) / (big > COL__REAL_MIN ? big : COL__REAL_MIN); /* finite for subnormal edges too */
    COL__UNROLL3 for (int k = 0; k < 3; ++k) {
        t->e[k] = col_v3_scale(e[k], s);
        t->ee[k] = col_v3_len_sq(t->e[k]);
        t->ez[k] = col_v3_dot(t->e[k], e[k]);
    }
}

/* 1 / |d|^2, +infinity where the square is 0 (no division by zero). */
static inline col_real recip_len_sq(col_vec3 d) {
    col_real dd = col_v3_len_sq(d);
    return dd > COL_R(0.0) ? COL_R(1.0) / dd : (col_real)INFINITY;
}

/* The roots of |m + s d|^2 = r2 (entry *lo, exit *hi), the precise form
 * of ray-sphere's: the closest approach k = -(m . d) / |d|^2, then back and
 * on by the root over |d|; inv_dd = 1 / |d|^2 (recip_len_sq; the three
 * corners share it). false where the line passes by, or where d's square is
 * 0 or its reciprocal overflows (inv_dd not finite). */
static COL__ALWAYS_INLINE bool line_roots(col_vec3 m, col_vec3 d, col_real inv_dd, col_real r2, col_real *k,
                                          col_real *lo, col_real *hi) {
    if (!(inv_dd <= COL_REAL_MAX)) return false;
    *k = -col_v3_dot(m, d) * inv_dd;
    col_real h2 = r2 - col_v3_len_sq(col_v3_madd(m, *k, d));
    if (!(h2 >= COL_R(0.0))) return false;
    col_real q = col_sqrt(h2 * inv_dd);
    *lo = *k - q;
    *hi = *k + q;
    return true;
}

/* p over the triangle (in its prism): on the inner side of each edge,
 * (p - v_k) . (n x e_k) >= 0. */
static COL__ALWAYS_INLINE bool point_in_prism(col_vec3 p, const rounded_triangle *t) {
    /* the three sides as one condition (which side a point fails is data) */
    bool in = true;
    COL__UNROLL3 for (int k = 0; k < 3; ++k) in &= col_v3_dot(col_v3_sub(p, t->v[k]), t->side[k]) >= COL_R(0.0);
    return in;
}

/* The earliest entry into a round piece so far (s < 0: none), its axis
 * point and direction (0: a ball). */
typedef struct piece_entry {
    col_real s;
    col_vec3 from, along;
} piece_entry;

/* The entry s in [0, 1] into the piece (from, along) in *e where earlier. */
static COL__ALWAYS_INLINE void keep_entry(piece_entry *e, col_real s, col_vec3 from, col_vec3 along) {
    if (!((s >= COL_R(0.0)) & (s <= COL_R(1.0)) & ((e->s < COL_R(0.0)) | (s < e->s)))) return;
    e->s = s;
    e->from = from;
    e->along = along;
}

/* The span of the path s v (s in [0, 1], from the sphere's start at the
 * frame's origin) in the rounded triangle: the union of the triangle moved
 * by +-r along its normal (a prism), the three edges' cylinders and the
 * corners' balls, a convex set, so the path is in it from the least entry
 * of a piece to the greatest exit. *first: the entry (t, point, normal)
 * where want_in (the start is outside: the sweep's exact static test said
 * so), else untouched; *last the exit (> 1 where the end is inside; below 0
 * for none). Returns false where the path never enters.
 *
 * The prism first, which alone decides the common face contact: the centre
 * reaches the plane offset by r on the start's side (farther than r from
 * the plane: within it, outside the prism, it meets an edge's cylinder or a
 * corner's ball first, as it does when the contact falls outside the
 * triangle); a contact inside the triangle is the first (before it the
 * centre is farther than r from the plane, so from every edge), one moving
 * away never comes; and where the path crosses the plane offset by r on the
 * other side inside the triangle, it leaves there for good. Else the round
 * pieces, each one's entry and exit from one pair of roots: a cylinder's
 * through its side between its discs (through a disc the end's ball holds
 * the path longer: the disc lies in it), the entry's normal computed once. */
static bool rounded_triangle_span(col_vec3 v, rounded_triangle *t, bool want_in, col_ray_hit *first, col_real *last) {
    const col_real r = t->r, rr = r * r;
    bool need_in = want_in, need_out = true;
    *last = COL_R(-1.0);
    if (v.x == COL_R(0.0) && v.y == COL_R(0.0) && v.z == COL_R(0.0)) {
        /* no relative motion: outside for good, or inside to the end */
        *last = COL_R(2.0);
        return !want_in;
    }
    if (!t->flat) {
        col_vec3 n = t->n; /* the winding's normal: inside, each edge's cross product points along it */
        const col_vec3 o = col_v3(0, 0, 0);
        col_real h = col_v3_dot(col_v3_sub(o, t->v[0]), n), dn = col_v3_dot(v, n);
        if (h < COL_R(0.0)) n = col_v3_neg(n), h = -h, dn = -dn;
        /* both planes' crossings at once, before the branches on the first
         * (each waits on a division; dn 0: neither is read) */
        col_real dq = dn != COL_R(0.0) ? dn : COL_R(1.0), side = dn < COL_R(0.0) ? -r : r;
        col_real u_in = (h - r) / -dq, u_out = (side - h) / dq;
        if (want_in && h > r) {
            if (!(dn < COL_R(0.0))) return false;
            col_real u = u_in;
            if (!(u <= COL_R(1.0))) return false;
            col_vec3 c = col_v3_madd(o, u, v);
            if (point_in_prism(col_v3_madd(c, -r, n), t)) {
                *first = col__ray_miss();
                first->status = COL_HIT;
                first->t = u;
                first->point = c;
                first->normal = n;
                need_in = false;
            }
        }
        /* the exit through the other side's plane: h + s dn = -r (dn < 0) or r (dn > 0) */
        if (dn != COL_R(0.0)) {
            col_real u = u_out;
            if (point_in_prism(col_v3_madd(col_v3_madd(o, u, v), -side, n), t)) {
                *last = u;
                need_out = false;
            }
        }
        if (!need_in && !need_out) return true;
    }
    rounded_triangle_edges(t);
    piece_entry e = {COL_R(-1.0), col_v3(0, 0, 0), col_v3(0, 0, 0)};
    /* The edges' cylinders first: a corner's ball lies in each adjacent
     * edge's infinite cylinder, so the path enters it no sooner and leaves
     * it no later than that cylinder; where it enters (leaves) a cylinder
     * through its side, the ball's entry (exit) cannot be the first (last),
     * and only the corners without such a neighbour are solved. */
    bool side_in[3] = {false, false, false}, side_out[3] = {false, false, false};
    /* The edge's cylinder, through its side between its discs: |(m + s v)
     * x e|^2 = r^2 |e|^2, the axial coordinate (m + s v) . e in [0, ez].
     * The three cylinders' roots first, without a branch (line_roots'
     * operations, the same bits; the root of a cylinder the path misses
     * is NaN, never read): each root waits on a division and a
     * square root, and solved one cylinder at a time behind the branches
     * on the last one's answer they ran one after another, half the cast's
     * time. */
    col_real mm_[3], me_[3], ve_[3], r2_[3], k_[3], q_[3];
    bool ok_[3];
    COL__UNROLL3 for (int i = 0; i < 3; ++i) {
        col_vec3 m = col_v3_neg(t->v[i]), ed = t->e[i], M = col_v3_cross(m, ed), V = col_v3_cross(v, ed);
        me_[i] = col_v3_dot(m, ed);
        ve_[i] = col_v3_dot(v, ed);
        r2_[i] = rr * t->ee[i];
        mm_[i] = col_v3_len_sq(M);
        /* recip_len_sq's, by selects (no division by zero) */
        col_real vv = col_v3_len_sq(V), inv = COL_R(1.0) / (vv > COL_R(0.0) ? vv : COL_R(1.0));
        inv = vv > COL_R(0.0) ? inv : (col_real)INFINITY;
        k_[i] = -col_v3_dot(M, V) * inv;
        col_real h2 = r2_[i] - col_v3_len_sq(col_v3_madd(M, k_[i], V));
        ok_[i] = (t->ee[i] > COL_R(0.0)) & (inv <= COL_REAL_MAX) & (h2 >= COL_R(0.0));
        q_[i] = col_sqrt(h2 * inv); /* (NaN where h2 < 0 or inv is infinite: never read) */
    }
    COL__UNROLL3 for (int i = 0; i < 3; ++i) {
        if (!ok_[i]) continue;
        col_real k = k_[i], lo = k - q_[i], hi = k + q_[i], me = me_[i], ve = ve_[i], r2 = r2_[i];
        col_vec3 ed = t->e[i];
        if (need_in && mm_[i] > r2 && k > COL_R(0.0)) {
            col_real s = lo >= COL_R(0.0) ? lo : COL_R(0.0), z = me + s * ve;
            if ((z >= COL_R(0.0)) & (z <= t->ez[i])) {
                keep_entry(&e, s, t->v[i], ed);
                side_in[i] = true;
            }
        }
        col_real z = me + hi * ve;
        /* (the tests as one condition, not a branch each: where the path
         * leaves is data, and each branch mispredicted) */
        bool leaves = need_out & (z >= COL_R(0.0)) & (z <= t->ez[i]);
        *last = (leaves & (hi > *last)) ? hi : *last;
        side_out[i] = leaves;
    }
    const col_real inv_vv = recip_len_sq(v);
    COL__UNROLL3 for (int i = 0; i < 3; ++i) {
        int before = (i + 2) % 3; /* the edge ending at corner i */
        bool in = need_in & !side_in[i] & !side_in[before], out = need_out & !side_out[i] & !side_out[before];
        if (!in && !out) continue;
        col_real k, lo, hi;
        col_vec3 m = col_v3_neg(t->v[i]);
        bool roots = line_roots(m, v, inv_vv, rr, &k, &lo, &hi);
        /* the corner's ball: in it by rounding, at once; else ahead, moving toward it */
        if (in)
            keep_entry(&e,
                       !(col_v3_len_sq(m) > rr)  ? COL_R(0.0)
                       : roots && k > COL_R(0.0) ? (lo >= COL_R(0.0) ? lo : COL_R(0.0))
                                                 : COL_R(-1.0),
                       t->v[i], col_v3(0, 0, 0));
        if (roots && out && hi > *last) *last = hi;
    }
    if (need_in) {
        if (!(e.s >= COL_R(0.0))) return false;
        col_vec3 c = col_v3_madd(col_v3(0, 0, 0), e.s, v), w = col_v3_sub(c, e.from);
        col_real aa = col_v3_len_sq(e.along); /* from the axis (a ball's centre, along = 0: w itself) */
        if (aa > COL_R(0.0)) w = col_v3_madd(w, -col_v3_dot(w, e.along) / aa, e.along);
        *first = col__ray_miss();
        first->status = COL_HIT;
        first->t = e.s;
        first->point = c;
        first->normal = col__unit_or_along(w, col_v3_neg(v), col_v3(0, 0, 0));
    }
    return true;
}

/* The sweep's times from the rounded path's span (rounded_triangle_span's
 * entry h and exit last): *t0 the first entry (0 where the exact static
 * test found the sphere initially overlapping), *t1 where it last leaves
 * (1 where the end lies inside, t0 for a graze); *normal the entry's (0
 * for an initial overlap). Numbers, not a result: the caller builds its
 * result once (a result changed field by field is assembled in a
 * temporary and copied out, which stalls store forwarding). */
static inline void span_times(const col_ray_hit *h, col_real last, bool initially, col_real *t0, col_real *t1,
                              col_vec3 *normal) {
    *t0 = initially ? COL_R(0.0) : h->t;
    *normal = initially ? col_v3(0, 0, 0) : h->normal;
    *t1 = last > COL_R(1.0) ? COL_R(1.0) : last;
    if (!(*t1 >= *t0)) *t1 = *t0; /* a graze, or rounding of one */
}

/* A sure hit on one point of the rounded path c + u v: the point at the u
 * where the path's line comes closest to the line of [e0, e1] (clamped to
 * [0, 1]; any u will do, since the exact path's point at u is within the
 * caller's margin of the rounded one) surely within r of the segment. */
static bool edge_point_hit(col_vec3 c, col_vec3 v, col_vec3 e0, col_vec3 e1, col_real r) {
    col_vec3 f = col_v3_sub(e1, e0), w = col_v3_sub(c, e0);
    col_real vv = col_v3_dot(v, v), vf = col_v3_dot(v, f), ff = col_v3_dot(f, f);
    col_real den = vv * ff - vf * vf, u = COL_R(0.0);
    if (den > COL_R(0.0)) u = (vf * col_v3_dot(f, w) - ff * col_v3_dot(v, w)) / den;
    if (!(u >= COL_R(0.0))) u = COL_R(0.0); /* NaN too */
    if (u > COL_R(1.0)) u = COL_R(1.0);
    /* the rounded distance first: a point plainly beyond r is no certificate */
    col_vec3 x = col_v3_madd(c, u, v);
    if (!(col_v3_len_sq(col_v3_sub(x, col__closest_on_segment(x, e0, e1, NULL))) < r * r)) return false;
    return col__segment_ball_fast(e0, e1, x, r, COL_R(0.0)) == 1;
}

/* The 1-norm. */
static inline col_real norm1(col_vec3 v) { return col_abs(v.x) + col_abs(v.y) + col_abs(v.z); }

/* What the triangle's plain-arithmetic face tests (ball_face_static,
 * point_near_triangle) share: the edges E_k = t_(k+1) - t_k and their
 * 1-norms, the winding's normal n = (t1 - t0) x (t2 - t0), and n1 = |E_0|1
 * |E_2|1, n's rounding bound's scale (within 4 eps n1 of the exact). */
typedef struct face_frame {
    col_vec3 E[3], n;
    col_real lE[3], n1;
} face_frame;

static face_frame face_frame_make(const col_vec3 *t) {
    face_frame F;
    F.E[0] = col_v3_sub(t[1], t[0]);
    F.E[1] = col_v3_sub(t[2], t[1]);
    F.E[2] = col_v3_sub(t[0], t[2]);
    COL__UNROLL3 for (int k = 0; k < 3; ++k) F.lE[k] = norm1(F.E[k]);
    F.n = col_v3_cross(F.E[0], col_v3_neg(F.E[2]));
    F.n1 = F.lE[0] * F.lE[2];
    return F;
}

/* col__ball_triangle_fast's answer 0 (the moving ball meets the triangle's
 * face part nowhere: at both ends outside the prism over the triangle or
 * farther than r from its plane, and the path on one side of the plane or
 * crossing it outside the triangle) in plain arithmetic with static error
 * bounds, a tenth of its bounded arithmetic's cost; 2 where in doubt. The
 * signs (P the start, Q = P + d the end, t_k the vertices, E_k = t_(k+1) -
 * t_k, V_k = t_k - P, n = E_0 x (t_2 - t_0)): outside edge k where n . (V_k
 * x E_k) < 0, beyond r where |n . V_0| > r |n|, the crossing's side of edge
 * k by d . (V_k x E_k). Each is computed from differences rounded once
 * (within eps/2 of their magnitude, W_k = V_k - d twice), n within 4 eps
 * |E_0|1 |E_2|1 of the exact, and the products' rounding adds a few eps of
 * the product of the 1-norms; the bounds take 16 eps of those products (8
 * for the height, as start_surely_off_plane). */
static int ball_face_static(col_vec3 p, col_vec3 d, col_real r, const col_vec3 *t, const face_frame *F) {
    if (col__exact_always) return 2;
    const col_real e = COL_EPSILON;
    const col_vec3 *E = F->E, n = F->n;
    const col_real *lE = F->lE, n1 = F->n1;
    col_vec3 V[3], W[3];
    col_real lV[3], lW[3];
    for (int k = 0; k < 3; ++k) {
        V[k] = col_v3_sub(t[k], p);
        W[k] = col_v3_sub(V[k], d);
        lV[k] = norm1(V[k]);
        lW[k] = lV[k] + norm1(d) + norm1(W[k]);
    }
    col_real len = col_sqrt(col_v3_len_sq(n));
    col_real rn = r * (len * (COL_R(1.0) + COL_R(4.0) * e) + COL_R(4.0) * e * n1) + COL__REAL_MIN;
    /* outside the prism, or beyond r of the plane, at the start (X = V) or the end (X = W) */
    col_real h[2];
    bool out[2];
    for (int end = 0; end < 2; ++end) {
        const col_vec3 *X = end ? W : V;
        const col_real *lX = end ? lW : lV;
        h[end] = col_v3_dot(n, X[0]);
        out[end] = col_abs(h[end]) > rn + COL_R(8.0) * e * n1 * lX[0];
        for (int k = 0; k < 3 && !out[end]; ++k)
            out[end] = col_v3_dot(n, col_v3_cross(X[k], E[k])) < -COL_R(16.0) * e * n1 * lX[k] * lE[k];
        if (!out[end]) return 2;
    }
    /* the path's sides of the plane: surely one side, or surely crossing */
    col_real bh0 = COL_R(8.0) * e * n1 * lV[0] + COL__REAL_MIN, bh1 = COL_R(8.0) * e * n1 * lW[0] + COL__REAL_MIN;
    int s0 = h[0] > bh0 ? 1 : (h[0] < -bh0 ? -1 : 0), s1 = h[1] > bh1 ? 1 : (h[1] < -bh1 ? -1 : 0);
    if (s0 == 0 || s1 == 0) return 2;
    if (s0 == s1) return 0;
    /* crossing outside the triangle: the crossing's sides of the edges mixed */
    bool neg = false, pos = false;
    col_real ld = norm1(d);
    for (int k = 0; k < 3; ++k) {
        col_real x = col_v3_dot(d, col_v3_cross(V[k], E[k])), b = COL_R(16.0) * e * ld * lV[k] * lE[k] + COL__REAL_MIN;
        neg = neg || x < -b;
        pos = pos || x > b;
    }
    return neg && pos ? 0 : 2;
}

/* The box of the sphere-triangle filter: the rounded path [c, q] (q = c +
 * fl(da - db)) and the triangle's box grown by r and 2 m on each axis, m
 * covering the rounding of the path's points c + u fl(da - db) (any u in [0,
 * 1]: 4 eps of every magnitude involved, as sphere_box_margins); *mm is the
 * margin of a whole point (2 max m). 0 where the path surely misses the box
 * (so the triangle), else 2. */
#ifdef COL__SSE2
/* In two lanes (SSE2), x and y of a vector beside z in lane 0 of another:
 * the same box, margins and face axes as the scalar form below (minpd and
 * maxpd pick as its comparisons: the same bits), then the cross axes with one bound
 * from the largest magnitude of the twelve numbers
 * (col__segment_box_cross_lanes; a wider doubt where the magnitudes differ
 * a lot, the same sure answers): by callgrind, 170 instructions a call on
 * the benchmark's near sweeps where the scalar form took 388. */
static int sphere_triangle_box(const col_sphere *a, col_vec3 da, col_vec3 db, const col_triangle *b, col_real *mm) {
    const double *t = (const double *)(const void *)b, *c = (const double *)(const void *)a; /* (box.h: no padding) */
    const __m128d sign = _mm_set1_pd(-0.0), r = _mm_set1_pd(a->r);
    /* 8-byte loads, each half of a vector by itself (as box.c's: store
     * forwarding serves a caller that just wrote the shapes a number at a
     * time) */
#define COL__XY(p) _mm_loadh_pd(_mm_load_sd(p), (p) + 1)
    __m128d v0 = COL__XY(t), v1 = COL__XY(t + 3), v2 = COL__XY(t + 6), C = COL__XY(c);
#undef COL__XY
    __m128d v0z = _mm_load_sd(t + 2), v1z = _mm_load_sd(t + 5), v2z = _mm_load_sd(t + 8), Cz = _mm_load_sd(c + 2);
    __m128d xmin = _mm_min_pd(_mm_min_pd(v0, v1), v2), xmax = _mm_max_pd(_mm_max_pd(v0, v1), v2);
    __m128d zmin = _mm_min_pd(_mm_min_pd(v0z, v1z), v2z), zmax = _mm_max_pd(_mm_max_pd(v0z, v1z), v2z);
    __m128d vm = _mm_max_pd(_mm_xor_pd(xmin, sign), xmax), vmz = _mm_max_pd(_mm_xor_pd(zmin, sign), zmax);
    __m128d A = _mm_set_pd(da.y, da.x), Az = _mm_set_sd(da.z), B = _mm_set_pd(db.y, db.x), Bz = _mm_set_sd(db.z);
    /* 4 eps (|c| + |da| + |db| + vm + r) + TINY, per axis; doubled (exact) */
    const __m128d k4 = _mm_set1_pd(COL_R(4.0) * COL_EPSILON), tiny = _mm_set1_pd(TINY);
    __m128d m2 = _mm_add_pd(
        _mm_mul_pd(
            k4,
            _mm_add_pd(_mm_add_pd(_mm_add_pd(_mm_add_pd(col__abs_lanes(C), col__abs_lanes(A)), col__abs_lanes(B)), vm),
                       r)),
        tiny);
    __m128d m2z = _mm_add_pd(
        _mm_mul_pd(
            k4, _mm_add_pd(
                    _mm_add_pd(_mm_add_pd(_mm_add_pd(col__abs_lanes(Cz), col__abs_lanes(Az)), col__abs_lanes(Bz)), vmz),
                    r)),
        tiny);
    m2 = _mm_add_pd(m2, m2);
    m2z = _mm_add_pd(m2z, m2z);
    __m128d most = _mm_max_sd(_mm_max_sd(m2, _mm_unpackhi_pd(m2, m2)), m2z);
    *mm = _mm_cvtsd_f64(most);
    if (col__exact_always) return 2;
    __m128d L = _mm_sub_pd(_mm_sub_pd(xmin, r), m2), Lz = _mm_sub_pd(_mm_sub_pd(zmin, r), m2z);
    __m128d H = _mm_add_pd(_mm_add_pd(xmax, r), m2), Hz = _mm_add_pd(_mm_add_pd(zmax, r), m2z);
    __m128d Q = _mm_add_pd(C, _mm_sub_pd(A, B)), Qz = _mm_add_pd(Cz, _mm_sub_pd(Az, Bz));
    /* the face axes, exactly: both ends below lo or above hi on an axis */
    __m128d out = _mm_or_pd(_mm_and_pd(_mm_cmplt_pd(C, L), _mm_cmplt_pd(Q, L)),
                            _mm_and_pd(_mm_cmpgt_pd(C, H), _mm_cmpgt_pd(Q, H)));
    __m128d outz = _mm_or_pd(_mm_and_pd(_mm_cmplt_pd(Cz, Lz), _mm_cmplt_pd(Qz, Lz)),
                             _mm_and_pd(_mm_cmpgt_pd(Cz, Hz), _mm_cmpgt_pd(Qz, Hz)));
    if (_mm_movemask_pd(out) | (_mm_movemask_pd(outz) & 1)) return 0;
    __m128d m =
        _mm_max_pd(_mm_max_pd(col__abs_lanes(C), col__abs_lanes(Q)), _mm_max_pd(col__abs_lanes(L), col__abs_lanes(H)));
    m = _mm_max_pd(m, _mm_max_sd(_mm_max_sd(col__abs_lanes(Cz), col__abs_lanes(Qz)),
                                 _mm_max_sd(col__abs_lanes(Lz), col__abs_lanes(Hz))));
    m = _mm_max_pd(m, _mm_shuffle_pd(m, m, 1));
    return col__segment_box_cross_lanes(C, Cz, Q, Qz, L, Lz, H, Hz, m) == 0 ? 0 : 2;
}
#else
static int sphere_triangle_box(const col_sphere *a, col_vec3 da, col_vec3 db, const col_triangle *b, col_real *mm) {
    col_vec3 q = col_v3_add(a->c, col_v3_sub(da, db));
    const col_vec3 v[3] = {b->a, b->b, b->c};
    col_real lo[3], hi[3];
    *mm = COL_R(0.0);
    for (int k = 0; k < 3; ++k) {
        /* comparisons: col_max and col_min are library calls (finite
         * here: the shapes and motions were validated) */
        col_real x0 = col_v3_get(v[0], k), x1 = col_v3_get(v[1], k), x2 = col_v3_get(v[2], k);
        col_real xmin = x0 < x1 ? x0 : x1, xmax = x0 > x1 ? x0 : x1;
        xmin = xmin < x2 ? xmin : x2;
        xmax = xmax > x2 ? xmax : x2;
        col_real vm = -xmin > xmax ? -xmin : xmax;
        col_real m =
            COL_R(4.0) * COL_EPSILON *
                (col_abs(col_v3_get(a->c, k)) + col_abs(col_v3_get(da, k)) + col_abs(col_v3_get(db, k)) + vm + a->r) +
            TINY;
        *mm = *mm > COL_R(2.0) * m ? *mm : COL_R(2.0) * m;
        lo[k] = xmin - a->r - COL_R(2.0) * m;
        hi[k] = xmax + a->r + COL_R(2.0) * m;
    }
    return col__segment_box_sat_fast(a->c, q, col_v3(lo[0], lo[1], lo[2]), col_v3(hi[0], hi[1], hi[2])) == 0 ? 0 : 2;
}
#endif

/* The rounded path [c, q] grown by r + mm (the exact path's ball)
 * surely apart from the triangle t[0..2] along the axis n, taken as given
 * (exact): their projections on n apart by more than (r + mm) |n|. Each dot
 * product is within 3 eps |n|1 X of exact (X the largest coordinate
 * magnitude of c, q and t), the gap between two of them rounds by eps of
 * at most 2 |n|1 X and taking the slack off by as much again (8 eps in
 * all; 10 taken, and TINY for products in the subnormal range), and |n| is
 * within 2 eps of fl's root ((1 + 4 eps) taken). An axis too small or too
 * large for its square (a zero cross product: a path along an edge) tests
 * nothing. */
static COL__ALWAYS_INLINE bool path_apart_along(col_vec3 n, col_vec3 c, col_vec3 q, const col_vec3 *t, col_real r,
                                                col_real mm, col_real X) {
    col_real big = col__abs_max(n);
    if (!(big >= COL__SQUARES_LO && big <= COL__SQUARES_HI)) return false;
    col_real pc = col_v3_dot(n, c), pq = col_v3_dot(n, q);
    col_real t0 = col_v3_dot(n, t[0]), t1 = col_v3_dot(n, t[1]), t2 = col_v3_dot(n, t[2]);
    /* minima and maxima as minsd and maxsd (one ternary each: no branch) */
    col_real pmin = pc < pq ? pc : pq, pmax = pc > pq ? pc : pq;
    col_real tmin = t0 < t1 ? t0 : t1, tmax = t0 > t1 ? t0 : t1;
    tmin = tmin < t2 ? tmin : t2;
    tmax = tmax > t2 ? tmax : t2;
    col_real gap = tmin - pmax > pmin - tmax ? tmin - pmax : pmin - tmax;
    gap -= COL_R(10.0) * COL_EPSILON * norm1(n) * X + TINY;
    /* the root only where the projections are apart at all (not for a hit) */
    return gap > COL_R(0.0) && gap > (r + mm) * col_sqrt(col_v3_len_sq(n)) * (COL_R(1.0) + COL_R(4.0) * COL_EPSILON);
}

/* The moving ball surely misses the triangle t[0..2] (not degenerate): its
 * rounded path [c, q] (the exact one within mm of it) apart from it along
 * one of the separating axes of a capsule and a triangle that need no
 * closest points, the triangle's normal and the path's direction across
 * each edge (path_apart_along). false where none shows it (a near miss by
 * a corner, or a hit): the filter decides. */
static bool path_surely_apart(col_vec3 c, col_vec3 q, const col_vec3 *t, col_real r, col_real mm) {
    if (col__exact_always) return false;
    col_vec3 d = col_v3_sub(q, c), e[3];
    col_real X = col__abs_max(c) > col__abs_max(q) ? col__abs_max(c) : col__abs_max(q);
    COL__UNROLL3 for (int k = 0; k < 3; ++k) {
        col_real m = col__abs_max(t[k]);
        X = X > m ? X : m;
        e[k] = col_v3_sub(t[(k + 1) % 3], t[k]);
    }
    if (path_apart_along(col_v3_cross(e[0], e[1]), c, q, t, r, mm, X)) return true;
    COL__UNROLL3 for (int k = 0; k < 3; ++k) {
        if (path_apart_along(col_v3_cross(d, e[k]), c, q, t, r, mm, X)) return true;
    }
    return false;
}

/* The point x surely within r - mm of the triangle t[0..2] (not
 * degenerate; the exact path's point that x rounds is then within r), in
 * plain arithmetic with ball_face_static's error bounds: over the triangle
 * (n . (V_k x E_k) beyond its bound on the inner side of every edge) and
 * nearer its plane than r - mm (|n . V_0| with its bound below r - mm times
 * the least |n| the rounding allows); else within r - mm of the edge whose
 * side x is most surely outside (col__segment_ball_fast: a corner is both
 * its edges' end). false where in doubt. */
static bool point_near_triangle(col_vec3 x, col_real r, col_real mm, const col_vec3 *t, const face_frame *F) {
    if (col__exact_always || !(r > mm)) return false;
    const col_real e = COL_EPSILON;
    const col_vec3 *E = F->E, n = F->n;
    const col_real *lE = F->lE, n1 = F->n1;
    col_vec3 V[3];
    col_real lV[3], side[3];
    COL__UNROLL3 for (int k = 0; k < 3; ++k) {
        V[k] = col_v3_sub(t[k], x);
        lV[k] = norm1(V[k]);
    }
    int worst = 0;
    COL__UNROLL3 for (int k = 0; k < 3; ++k) {
        side[k] = col_v3_dot(n, col_v3_cross(V[k], E[k])) - COL_R(16.0) * e * n1 * lV[k] * lE[k];
        if (side[k] < side[worst]) worst = k;
    }
    if (side[worst] > COL_R(0.0)) {
        col_real len = col_sqrt(col_v3_len_sq(n));
        col_real h = col_abs(col_v3_dot(n, V[0])), bound = COL_R(8.0) * e * n1 * lV[0];
        return h + bound < (r - mm) * (len * (COL_R(1.0) - COL_R(4.0) * e) - COL_R(4.0) * e * n1) - COL__REAL_MIN;
    }
    return col__segment_ball_fast(t[worst], t[(worst + 1) % 3], x, r - mm, COL_R(0.0)) == 1;
}

/* The rest of the exact decision's filter for a triangle that is not
 * degenerate, after sphere_triangle_box (mm its margin): the prism and
 * crossing parts in bounded double arithmetic (exact.h), the edge capsules
 * on the rounded path with radius r -+ mm (as sphere_box_fast). 1, 0, or 2
 * in doubt. */
COL__NOINLINE static int sphere_triangle_fast(const col_sphere *a, col_vec3 da, col_vec3 db, const col_triangle *b,
                                              col_real mm, const face_frame *F) {
    col_vec3 q = col_v3_add(a->c, col_v3_sub(da, db));
    const col_vec3 v[3] = {b->a, b->b, b->c};
    /* the rounded path through the triangle (exactly): the exact path passes
     * within mm of it, so within r when r > mm (the common hit, cheaply) */
    if (a->r > mm && col__segment_meets_triangle(a->c, q, b->a, b->b, b->c)) return 1;
    /* passing by an edge: one point of the path surely within r - mm of it
     * (cheaper than the prism and capsule tests below) */
    col_vec3 d = col_v3_sub(da, db);
    for (int k = 0; k < 3 && a->r > mm; ++k)
        if (edge_point_hit(a->c, d, v[k], v[(k + 1) % 3], a->r - mm)) return 1;
    int f = ball_face_static(a->c, d, a->r, v, F);
    if (f == 2) f = col__ball_triangle_fast(a->c, da, db, a->r, b->a, b->b, b->c);
    if (f == 1) return 1;
    const col_vec3 w[3] = {b->b, b->c, b->a};
    return capsules_fast(a->c, q, v, w, 3, a->r, mm, f == 0);
}

/* The sphere (centre c, radius r) at its start surely farther than r from
 * the plane of the triangle t (its face frame F: e1 = E_0 = fl(b - a) and
 * e2 = -E_2 = fl(c - a), each within u of its own magnitude, N = fl(e1 x
 * e2), within 8 u |e1|1 |e2|1 of the exact e1 x e2 in 1-norm), so apart
 * from the triangle: the exact static test's answer, without it. With w0 =
 * fl(c - a), H0 = fl(w0 . N) is within 12 u |w0|1 |e1|1 |e2|1 of the exact
 * (c - a) . (b - a) x (c - a), and the start's distance from the plane is
 * H0 over |N| (within 7 u of fl(|N|)'s root), so |H0| > r fl(|N|) (1 + 8
 * u) + 16 u |w0|1 |e1|1 |e2|1 (+ the smallest normal, for underflow) puts
 * the ball off the plane. */
static bool start_surely_off_plane(col_vec3 c, col_real r, const col_triangle *t, const face_frame *F) {
    col_vec3 w0 = col_v3_sub(c, t->a);
    col_real h0 = col_v3_dot(w0, F->n), len = col_sqrt(col_v3_len_sq(F->n));
    return col_abs(h0) > r * len * (COL_R(1.0) + COL_R(8.0) * COL_EPSILON) +
                             COL_R(8.0) * COL_EPSILON * norm1(w0) * F->lE[0] * F->lE[2] + COL__REAL_MIN;
}

col_sweep_hit col_sweep_sphere_triangle(const col_sphere *a, col_vec3 da, const col_triangle *b, col_vec3 db) {
    if (!col__valid_sphere(a) || !col__valid_triangle(b) || !motion_valid(da, db)) return col__sweep_miss(COL_INVALID);
    /* Decided exactly (issue 16): the centre's path c + u (da - db), never
     * rounded, within r of the triangle (col__moving_ball_meets_triangle; a
     * degenerate triangle is its longest edge, a capsule), after the
     * certificates (a sure miss by separating axes, a sure hit from the
     * cast) and the filter; touching at u = 0 is the exact static test. The
     * cast of the rounded path gives t0, t1 and the normal where it agrees. */
    /* the world frame's edges and normal, which the plain-arithmetic tests
     * share (face_frame); its normal is the degeneracy test's
     * (col__triangle_is_degenerate: (b - a) x (c - a), E_2 = -(c - a)) */
    const col_vec3 tv[3] = {b->a, b->b, b->c};
    const face_frame F = face_frame_make(tv);
    bool meets, flat = !col__triangle_surely_solid(F.E[0], col_v3_neg(F.E[2]), col_v3_len_sq(F.n)) &&
                       col__triangle_is_degenerate_slow(b->a, b->b, b->c);
    col_vec3 v = col_v3_sub(da, db);
    /* In B's frame relative to the sphere's start, so far-away scenes keep their precision. */
    rounded_triangle rt;
    col_ray_hit entry;
    col_real last = COL_R(-1.0);
    bool spanned = false; /* entry and last hold the rounded path's span, cast as for a start outside */
    if (flat) {
        col_vec3 q0, q1;
        col__triangle_longest_edge(b->a, b->b, b->c, &q0, &q1);
        meets = col__moving_meets_capsule(a->c, da, db, q0, q1, a->r, COL_R(0.0));
        if (!meets) return col__sweep_miss(COL_MISS);
        rounded_triangle_make(&rt, col_v3_sub(b->a, a->c), col_v3_sub(b->b, a->c), col_v3_sub(b->c, a->c), a->r, flat);
    } else {
        col_real mm;
        if (sphere_triangle_box(a, da, db, b, &mm) == 0) return col__sweep_miss(COL_MISS);
        /* The cast first: where the rounded path enters, one of its points
         * (the end where the path stays in, else midway between the entry
         * and the exit) surely within r - mm of the triangle proves the
         * exact path meets it, without the filter's pieces; where it does
         * not enter, the separating axes may prove the miss (tried before
         * the cast, they cost every hit a fifth of its time). */
        rounded_triangle_make(&rt, col_v3_sub(b->a, a->c), col_v3_sub(b->b, a->c), col_v3_sub(b->c, a->c), a->r, flat);
        entry = col__ray_miss();
        entry.status = COL_HIT;
        spanned = rounded_triangle_span(v, &rt, true, &entry, &last);
        meets = false;
        if (spanned) {
            col_real u = last >= COL_R(1.0) ? COL_R(1.0) : COL_R(0.5) * (entry.t + last);
            meets =
                u >= COL_R(0.0) && u <= COL_R(1.0) && point_near_triangle(col_v3_madd(a->c, u, v), a->r, mm, tv, &F);
        } else if (path_surely_apart(a->c, col_v3_add(a->c, v), tv, a->r, mm)) {
            return col__sweep_miss(COL_MISS);
        }
        if (!meets) {
            int fast = sphere_triangle_fast(a, da, db, b, mm, &F);
            meets = fast == 1 || (fast == 2 && col__moving_ball_meets_triangle(a->c, da, db, a->r, b->a, b->b, b->c));
        }
        if (!meets) return col__sweep_miss(COL_MISS);
    }
    bool initially =
        (col__exact_always || !start_surely_off_plane(a->c, a->r, b, &F)) && col_overlap_sphere_triangle(a, b);
    /* the span cast for a start outside serves an initial overlap too (its
     * exit does not depend on the entry's search); else the span of a
     * start inside, or outside where the certificate did not cast */
    if (!spanned) {
        entry = col__ray_miss();
        entry.status = COL_HIT;
        entry.inside = initially;
        spanned = rounded_triangle_span(v, &rt, !initially, &entry, &last);
    }
    col_real t0, t1;
    col_vec3 normal;
    bool cast_contact = spanned && !initially;
    if (spanned) {
        span_times(&entry, last, initially, &t0, &t1, &normal);
    } else {
        /* the rounded cast misses what the exact decision found: a graze at
         * the closest approach (a start inside always spans) */
        t0 = t1 = closest_approach(col_v3(0, 0, 0), v, triangle_dist_sq, rt.v);
        col_vec3 c = col_v3_scale(v, t0);
        normal = col__unit_or(col_v3_sub(c, col__closest_on_triangle(c, rt.v[0], rt.v[1], rt.v[2])),
                              col__unit_or(col_v3_neg(v), col_v3(1, 0, 0)));
    }
    col_vec3 c = col_v3_scale(v, t0); /* A's centre at t0, in this frame */
    /* the triangle's point nearest the centre: r below it along the entry's
     * normal (the face's, or from an edge's axis or a corner), else (and
     * for the normal of an initial overlap) the closest point */
    col_vec3 q = cast_contact ? col_v3_madd(c, -a->r, normal) : col__closest_on_triangle(c, rt.v[0], rt.v[1], rt.v[2]);
    if (initially) normal = col__unit_or(col_v3_sub(c, q), col_v3(0, 0, 0));
    /* one initializer, where the result is returned */
    col_sweep_hit h = {
        COL_HIT, t0, t1, col_v3_add(col_v3_add(q, a->c), col_v3_scale(db, t0)), col__no_neg_zero(normal), initially};
    return h;
}
