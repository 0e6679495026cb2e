/*
 * Ray casts (collide/raycast.h): plane, sphere, AABB (slabs and Woo), OBB,
 * capsule, ellipsoid, point and segment. Triangles are in raytri.c.
 */
#include <stdint.h>
#include <string.h>

#include "exact.h"
#include "ray.h"

/* -u (unit) for a ray direction, the normal used where a shape has no face
 * (a point, the tip of a segment). */
static col_vec3 against(const col_ray *r) { return col__unit_or(col_v3_neg(r->delta), col_v3(0, 0, 0)); }

/* v normalized, or against(r) where v is zero (a hit at a point or on an
 * axis: no face); the fallback is computed only then. col__unit_len:
 * inline, one root and one division in the common range (a call to
 * col__unit_or, its vectors through the stack, cost a capsule's cast more
 * than its three divisions). */
static COL__ALWAYS_INLINE col_vec3 unit_or_against(col_vec3 v, const col_ray *r) {
    col_vec3 n = col__unit_len(v, col_v3(0, 0, 0), NULL);
    if (n.x == COL_R(0.0) && n.y == COL_R(0.0) && n.z == COL_R(0.0)) return against(r);
    return n;
}

/* The rest of both decisions, once the segment [origin, end] is known to
 * meet the shape: the cast h where it agrees, the inside hit where the
 * origin is in the shape, else the boundary hit near() (the cast missed, or
 * put the origin inside, by rounding: the segment grazes the shape or ends
 * on it). */
static col_ray_hit settle(const col_ray *r, col_ray_hit h, col_vec3 end, col__meets_fn meets, col__near_fn near,
                          const void *shape) {
    if (h.status == COL_HIT && !h.inside) return h;
    if (meets(r->origin, r->origin, shape)) return col__ray_inside(r);
    return near(r, end, shape);
}

/* The rest of a decision the filter takes: f its answer for the segment
 * [origin, end] (1 meets, 0 does not, 2 in doubt: the exact test meets()
 * decides), then settle. */
static col_ray_hit settle_filtered(const col_ray *r, col_ray_hit h, col_vec3 end, int f, col__meets_fn meets,
                                   col__near_fn near, const void *shape) {
    if (f == 0 || (f == 2 && !meets(r->origin, end, shape))) return col__ray_miss();
    return settle(r, h, end, meets, near, shape);
}

col_ray_hit col__ray_judge(const col_ray *r, col_ray_hit h, col__meets_fn meets, col__near_fn near, const void *shape) {
    col_vec3 end;
    if (!col__ray_end(r, &end)) return h;                     /* a ray without end: the cast's own decision */
    return settle_filtered(r, h, end, 2, meets, near, shape); /* no filter: the exact test */
}

/* col__ray_judge with the cast run only when needed: fast(p, q, shape)
 * decides first from bounded double arithmetic (1 meets, 0 does not, 2 in
 * doubt), so a clear miss costs that alone; cast(r, shape) is the
 * floating-point cast (it gives t and the normal). Inline, so that the
 * function pointers resolve at each kind's call. */
static inline col_ray_hit ray_decide(const col_ray *r, col__cast_shape_fn cast, col__fast_fn fast, col__meets_fn meets,
                                     col__near_fn near, const void *shape) {
    col_vec3 end;
    if (!col__ray_end(r, &end)) return cast(r, shape);
    int f = fast(r->origin, end, shape);
    if (f == 0) return col__ray_miss();
    return settle_filtered(r, cast(r, shape), end, f, meets, near, shape);
}

/* t clamped to [0, max_t] (NaN: 0). */
static col_real clamp_t(const col_ray *r, col_real t) { return t > COL_R(0.0) ? col_min(t, r->max_t) : COL_R(0.0); }

/* The exact decisions and the boundary hits of each kind (col__ray_judge). */
static bool meets_plane(col_vec3 p, col_vec3 q, const void *s) {
    const col_plane *pl = s;
    return col__segment_meets_plane(p, q, pl->n, pl->d);
}

static col_ray_hit near_plane(const col_ray *r, col_vec3 end, const void *s) {
    (void)end;
    const col_plane *pl = s;
    col_real s0 = col_plane_signed_distance(pl, r->origin), dn = col_v3_dot(pl->n, r->delta);
    int side = col__plane_side(pl->n, pl->d, r->origin);
    col_real t = dn != COL_R(0.0) ? clamp_t(r, -s0 / dn) : COL_R(0.0);
    return col__ray_accept(r, t, col__unit_or(side > 0 ? pl->n : col_v3_neg(pl->n), pl->n));
}

static bool meets_sphere(col_vec3 p, col_vec3 q, const void *s) {
    const col_sphere *sp = s;
    return col__segment_meets_ball(p, q, sp->c, sp->r, COL_R(0.0));
}

/* The closest approach of the ray's segment to c, with the normal from c
 * (or against the ray, for radius 0). */
static col_ray_hit near_ball(const col_ray *r, col_vec3 c, col_real radius) {
    col_vec3 m = col_v3_sub(r->origin, c);
    col_real dd = col_v3_len_sq(r->delta); /* 0 for a delta whose square underflows */
    col_real t = dd > COL_R(0.0) ? clamp_t(r, -col_v3_dot(m, r->delta) / dd) : COL_R(0.0);
    col_ray_hit h = col__ray_accept(r, t, col_v3(0, 0, 0));
    if (h.status == COL_HIT)
        h.normal = col__no_neg_zero(unit_or_against(radius > COL_R(0.0) ? col_v3_sub(h.point, c) : col_v3(0, 0, 0), r));
    return h;
}

static col_ray_hit near_sphere(const col_ray *r, col_vec3 end, const void *s) {
    (void)end;
    const col_sphere *sp = s;
    return near_ball(r, sp->c, sp->r);
}

static bool meets_point(col_vec3 p, col_vec3 q, const void *s) {
    const col_point *pt = s;
    return col__segments_meet(p, q, pt->p, pt->p);
}

static col_ray_hit near_point(const col_ray *r, col_vec3 end, const void *s) {
    (void)end;
    const col_point *pt = s;
    return near_ball(r, pt->p, COL_R(0.0));
}

/* The entry of the ray into the slabs [lo, hi] (o and d in the box's frame),
 * clamped: the boundary hit of a box. */
static col_ray_hit near_slabs(const col_ray *r, col_vec3 o, col_vec3 d, col_vec3 lo, col_vec3 hi,
                              const col_vec3 *axes) {
    col_real tmin = COL_R(0.0);
    col_vec3 n = against(r);
    for (int k = 0; k < 3; ++k) {
        col_real dk = col_v3_get(d, k);
        if (dk == COL_R(0.0)) continue;
        col_real t = ((dk > COL_R(0.0) ? col_v3_get(lo, k) : col_v3_get(hi, k)) - col_v3_get(o, k)) / dk;
        if (t > tmin) {
            tmin = t;
            n = col_v3_scale(axes[k], dk > COL_R(0.0) ? COL_R(-1.0) : COL_R(1.0));
        }
    }
    return col__ray_accept(r, clamp_t(r, tmin), n);
}

static const col_vec3 world_axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};

static bool meets_aabb(col_vec3 p, col_vec3 q, const void *s) {
    const col_aabb *b = s;
    return col__segment_meets_box(p, q, b->min, b->max);
}

static int fast_aabb(col_vec3 p, col_vec3 q, const void *s) {
    const col_aabb *b = s;
    return col__segment_box_fast(p, q, b->min, b->max);
}

static col_ray_hit cast_aabb(const col_ray *r, const void *s) {
    const col_aabb *b = s;
    return col__raycast_box_slabs(r, r->origin, r->delta, b->min, b->max, world_axes);
}

static col_ray_hit near_aabb(const col_ray *r, col_vec3 end, const void *s) {
    (void)end;
    const col_aabb *b = s;
    return near_slabs(r, r->origin, r->delta, b->min, b->max, world_axes);
}

static bool meets_obb(col_vec3 p, col_vec3 q, const void *s) {
    const col_obb *b = s;
    return col__segment_meets_obb(p, q, b->c, b->u, b->e);
}

static col_ray_hit near_obb(const col_ray *r, col_vec3 end, const void *s) {
    (void)end;
    const col_obb *b = s;
    col_vec3 m = col_v3_sub(r->origin, b->c);
    col_vec3 o = col_v3(col_v3_dot(m, b->u[0]), col_v3_dot(m, b->u[1]), col_v3_dot(m, b->u[2]));
    col_vec3 d = col_v3(col_v3_dot(r->delta, b->u[0]), col_v3_dot(r->delta, b->u[1]), col_v3_dot(r->delta, b->u[2]));
    return near_slabs(r, o, d, col_v3_neg(b->e), b->e, b->u);
}

static bool meets_capsule(col_vec3 p, col_vec3 q, const void *s) {
    const col_capsule *c = s;
    return col__segment_meets_capsule(p, q, c->a, c->b, c->r, COL_R(0.0));
}

/* The closest approach of the ray's segment to the axis [a, b], with the
 * normal from the axis (or against the ray, for radius 0). */
static col_ray_hit near_axis(const col_ray *r, col_vec3 end, col_vec3 a, col_vec3 b, col_real radius) {
    col_real sp = COL_R(0.0), sa = COL_R(0.0);
    col_vec3 c1, c2;
    (void)col__closest_segment_segment(r->origin, end, a, b, &sp, &sa, &c1, &c2);
    col_ray_hit h = col__ray_accept(r, clamp_t(r, sp * r->max_t), col_v3(0, 0, 0));
    if (h.status == COL_HIT)
        h.normal =
            col__no_neg_zero(unit_or_against(radius > COL_R(0.0) ? col_v3_sub(h.point, c2) : col_v3(0, 0, 0), r));
    return h;
}

static col_ray_hit near_capsule(const col_ray *r, col_vec3 end, const void *s) {
    const col_capsule *c = s;
    return near_axis(r, end, c->a, c->b, c->r);
}

static bool meets_segment(col_vec3 p, col_vec3 q, const void *s) {
    const col_segment *sg = s;
    return col__segments_meet(p, q, sg->a, sg->b);
}

static col_ray_hit near_segment(const col_ray *r, col_vec3 end, const void *s) {
    const col_segment *sg = s;
    return near_axis(r, end, sg->a, sg->b, COL_R(0.0));
}

col_ray_hit col_raycast_plane(const col_ray *r, const col_plane *pl) {
    if (!col__valid_ray(r) || !col__valid_plane(pl)) return col__ray_invalid();
    col_real s0 = col_plane_signed_distance(pl, r->origin), dn = col_v3_dot(pl->n, r->delta);
    if (s0 == COL_R(0.0) && col__plane_side(pl->n, pl->d, r->origin) == 0) return col__ray_inside(r);
    col_ray_hit h = col__ray_miss();
    /* t = -s0 / dn; parallel (dn = 0), negative (moving away) or beyond max_t misses. */
    if (dn != COL_R(0.0)) h = col__ray_accept(r, -s0 / dn, s0 > COL_R(0.0) ? pl->n : col_v3_neg(pl->n));
    return col__ray_judge(r, h, meets_plane, near_plane, pl);
}

/* The line of a ray past the cast's early outs: the parameter of the
 * closest approach to the centre (k, the ray's point origin + k delta) and
 * the squared distance there (qq); NaN where the cast stopped before them
 * or took the scaled path (sphere_line_scaled). */
typedef struct ball_line {
    col_real k, qq;
} ball_line;

/* |delta|^2 where it neither overflows nor loses a component's square to
 * underflow (one below COL__REAL_MIN is far below the sum's last bit): there
 * the cast divides by dd itself, and scaling the ray by a power of two
 * changes no bit of k or t. */
static inline bool sphere_dd_plain(col_real dd) {
    return dd >= COL__REAL_MIN / (COL_EPSILON * COL_EPSILON) && dd <= (COL_EPSILON * COL_EPSILON) / COL__REAL_MIN;
}

/* The cast's line for any other non-zero delta (denormal or beyond the
 * range of dd): on a copy of delta scaled to [-1, 1] by its largest
 * component; *t the entry (NaN: the line passes by); line->k stays NaN (the
 * certificate then leaves the decision to the exact test). */
static COL__NOINLINE col_real sphere_line_scaled(const col_ray *r, col_real r2, col_vec3 m, ball_line *line) {
    col_real dlen = col__len_safe(r->delta);
    if (!(dlen > COL_R(0.0))) return (col_real)NAN;
    col_vec3 u = col_v3_div(r->delta, dlen);
    col_real s = -col_v3_dot(m, u);       /* distance along the ray to the closest approach, > 0 */
    col_vec3 perp = col_v3_madd(m, s, u); /* centre -> closest approach point */
    col_real qq = col_v3_len_sq(perp), h2 = r2 - qq;
    line->qq = qq;
    if (!(h2 >= COL_R(0.0))) return (col_real)NAN;
    return (s - col_sqrt(h2)) / dlen;
}

/* The cast against the ball (c, radius), from m = origin - c, mm = |m|^2
 * and b = m . delta (seed 004; the precise root of Haines et al. 2019, in
 * the ray's parameter: the closest approach at k = -b / |delta|^2, its
 * squared distance qq = |m + k delta|^2, the entry k - sqrt((r^2 - qq) /
 * |delta|^2): two divisions and a root, none in a chain with another);
 * *line: its quantities, for the certificate of a finite max_t
 * (ball_line_certificate). */
static col_ray_hit sphere_cast_tiny(const col_ray *r, col_real radius, col_vec3 m);

/* Below this, an offset's and a radius's squares lose bits to underflow
 * (mm and r^2 within a few smallest normals of each other decide nothing). */
#define TINY_BALL (COL_R(64.0) * COL__REAL_MIN / (COL_EPSILON * COL_EPSILON))
/* its square root, rounded down enough (a coordinate below it: its square below TINY_BALL) */
#define SQRT_TINY_BALL (COL_R(4.0) * col_sqrt(COL__REAL_MIN) / COL_EPSILON)

static COL__ALWAYS_INLINE col_ray_hit sphere_hit(const col_ray *r, col_real t, col_vec3 m, col_real r2);

/* |m + k delta|^2, the squared distance from the centre of the ray's
 * point at k: on x86-64, x and y in the two lanes of one register (SSE2),
 * the same operations in the same order, so the same bits; in the
 * casts' chain, from the quotient k to the entry, where the scalar form's
 * six registers pushed a part out to the stack and back (1.5 ns a finite
 * cast, whose certificate keeps more alive). */
static inline col_real ball_line_qq(col_vec3 m, col_real k, const col_vec3 *delta) {
#ifdef COL__SSE2
    __m128d qxy =
        _mm_add_pd(_mm_set_pd(m.y, m.x), _mm_mul_pd(_mm_set1_pd(k), _mm_loadu_pd((const double *)(const void *)delta)));
    __m128d sq = _mm_mul_pd(qxy, qxy);
    col_real qz = m.z + k * delta->z;
    return (_mm_cvtsd_f64(sq) + _mm_cvtsd_f64(_mm_unpackhi_pd(sq, sq))) + qz * qz;
#else
    return col_v3_len_sq(col_v3_madd(m, k, *delta));
#endif
}

/* The entry into the ball: the closest approach k less the half chord,
 * sqrt(h2 / dd), h2 = r^2 - qq >= 0. */
static inline col_real sphere_entry(col_real k, col_real h2, col_real dd) { return k - col_sqrt(h2 / dd); }

/* sphere_cast_line, its hit with a normal (sphere_hit) or, where with_normal
 * is false, only t, the point and the status (the same) and a zero normal. */
static COL__ALWAYS_INLINE col_ray_hit sphere_cast_line_as(const col_ray *r, col_real radius, col_vec3 m, col_real mm,
                                                          col_real b, ball_line *line, bool with_normal);

static COL__ALWAYS_INLINE col_ray_hit sphere_cast_line(const col_ray *r, col_real radius, col_vec3 m, col_real mm,
                                                       col_real b, ball_line *line) {
    return sphere_cast_line_as(r, radius, m, mm, b, line, true);
}

static COL__ALWAYS_INLINE col_ray_hit sphere_cast_line_as(const col_ray *r, col_real radius, col_vec3 m, col_real mm,
                                                          col_real b, ball_line *line, bool with_normal) {
    col_real r2 = radius * radius;
    /* an origin and a ball both within sqrt(TINY_BALL) of the centre: the
     * cast on copies scaled by a power of two (a ray 1.7e-218 from a point
     * was inside: |m|^2 underflowed to 0) */
    if (mm < TINY_BALL && r2 < TINY_BALL) return sphere_cast_tiny(r, radius, m);
    if (mm <= r2) return col__ray_inside(r);
    /* Early out (seed 004): outside and moving away, or standing still. */
    if (!(b < COL_R(0.0))) return col__ray_miss();
    col_real dd = col_v3_len_sq(r->delta), t;
    if (sphere_dd_plain(dd)) {
        col_real k = -b / dd; /* > 0 */
        col_real qq = ball_line_qq(m, k, &r->delta), h2 = r2 - qq;
        line->k = k;
        line->qq = qq;
        if (!(h2 >= COL_R(0.0))) return col__ray_miss();
        t = sphere_entry(k, h2, dd);
    } else {
        t = sphere_line_scaled(r, r2, m, line);
        if (t != t) return col__ray_miss();
    }
    if (!with_normal) return col__ray_accept(r, t > COL_R(0.0) ? t : COL_R(0.0), col_v3(0, 0, 0));
    return sphere_hit(r, t, m, r2);
}

/* The hit of a cast at t (clamped to 0 from behind the origin), its normal
 * from m = origin - c, r2 = radius^2. */
static COL__ALWAYS_INLINE col_ray_hit sphere_hit(const col_ray *r, col_real t, col_vec3 m, col_real r2) {
    col_ray_hit h = col__ray_accept(r, t > COL_R(0.0) ? t : COL_R(0.0), col_v3(0, 0, 0));
    if (h.status != COL_HIT) return h;
    /* radius 0 (a point, a segment's end): no face, against the ray; the
     * rounded hit point minus c would be noise in any direction (a ray along
     * x reaching a segment's end got +x). Else the radius from c to the hit,
     * m + t delta: no rounded point's cancellation against c far from the
     * origin. */
    col_vec3 n = r2 > COL_R(0.0) ? col_v3_madd(m, h.t, r->delta) : col_v3(0, 0, 0);
    col_real nn = col_v3_len_sq(n);
    /* Where |n|^2 neither overflows nor loses a component's square to
     * underflow (one below COL__REAL_MIN is far below the sum's last bit),
     * n / |n| directly: exact for an axis, and scaling n by a power of two
     * changes no bit; else the scaled normalization of col__unit_or. */
    if (nn >= COL__REAL_MIN / (COL_EPSILON * COL_EPSILON) && nn <= (COL_EPSILON * COL_EPSILON) / COL__REAL_MIN)
        h.normal = col__no_neg_zero(col_v3_div(n, col_sqrt(nn)));
    else
        h.normal = col__no_neg_zero(unit_or_against(n, r));
    return h;
}

/* sphere_cast_line for an origin and a radius so small that their squares
 * underflow: m and the radius scaled by a power of two 2^s that brings the
 * larger to [1/2, 1) (two factors where 2^s is beyond col_real: a
 * denormal), the cast on the copies, then t scaled back (t is linear in m
 * and the radius for a fixed delta; scaling by a power of two rounds
 * nothing). The hit point is the ray's at that t. */
static COL__NOINLINE col_ray_hit sphere_cast_tiny(const col_ray *r, col_real radius, col_vec3 m) {
    col_real big = col_max(col__abs_max(m), radius);
    if (big == COL_R(0.0)) return col__ray_inside(r); /* the origin is the point */
    col_real s1, s2;
    col__pow2_split(big, &s1, &s2);
    col_vec3 ms = col_v3_scale(col_v3_scale(m, s1), s2);
    col_real rs = radius * s1 * s2;
    ball_line line = {(col_real)NAN, (col_real)NAN};
    col_ray scaled = *r; /* its t runs 2^-e times as far: so does max_t (inf where that overflows: the
                            accept below clips) */
    scaled.max_t = r->max_t * s1 * s2;
    col_ray_hit h = sphere_cast_line(&scaled, rs, ms, col_v3_len_sq(ms), col_v3_dot(ms, r->delta), &line);
    if (h.status != COL_HIT) return h;
    if (h.inside) return col__ray_inside(r);
    /* t' = t 2^-e: back to t (underflow to 0 only for a t below the
     * smallest subnormal, where the ray starts on the ball) */
    col_real t = h.t / s1 / s2;
    /* (beyond max_t only where the scaled max_t overflowed: a miss) */
    return col__ray_accept(r, t, h.normal);
}

static COL__ALWAYS_INLINE col_ray_hit sphere_cast(const col_ray *r, col_real radius, col_vec3 m, col_real mm,
                                                  col_real b) {
    ball_line line;
    return sphere_cast_line(r, radius, m, mm, b, &line);
}

/* The cast against the ball (c, radius) from the ray alone: m, |m|^2 and
 * m . delta, then sphere_cast. */
static COL__ALWAYS_INLINE col_ray_hit sphere_cast_at(const col_ray *r, col_vec3 c, col_real radius) {
    col_vec3 m = col_v3_sub(r->origin, c);
    return sphere_cast(r, radius, m, col_v3_len_sq(m), col_v3_dot(m, r->delta));
}

col_ray_hit col__raycast_sphere_at(const col_ray *r, col_vec3 c, col_real radius) {
    return sphere_cast_at(r, c, radius);
}

col_ray_hit col__raycast_sphere_t(const col_ray *r, col_vec3 c, col_real radius) {
    col_vec3 m = col_v3_sub(r->origin, c);
    ball_line line;
    return sphere_cast_line_as(r, radius, m, col_v3_len_sq(m), col_v3_dot(m, r->delta), &line, false);
}

/* col__sphere_sweep_cast (ray.h): the cast on rel = (origin - c, delta,
 * max_t) against the ball at 0, and col__ball_sure's certificate for r
 * from the cast's own quantities (ball_line_certificate, defined below). */
static COL__ALWAYS_INLINE int sweep_certificate(const col_ray *r, col_vec3 c, col_real radius, col_real mm, col_real b,
                                                const ball_line *line);

/* col__sphere_sweep_cast past the far pairs (below): an origin inside, or
 * outside and moving closer. */
static COL__NOINLINE bool sphere_sweep_near(const col_ray *r, const col_ray *rel, col_vec3 c, col_real radius,
                                            col_real mm, col_real b, col_ray_hit *h, col_real *t1, int *sure) {
    col_vec3 m = rel->origin;
    col_real r2 = radius * radius, dd = col_v3_len_sq(rel->delta);
    ball_line line = {(col_real)NAN, (col_real)NAN};
    if (mm <= r2) { /* the origin inside: the cast's inside hit, and the exit */
        bool still = rel->delta.x == COL_R(0.0) && rel->delta.y == COL_R(0.0) && rel->delta.z == COL_R(0.0);
        if (!still && !sphere_dd_plain(dd)) return false;
        *h = col__ray_inside(rel);
        *t1 = rel->max_t;
        if (!still) {
            col_real k = -b / dd, h2 = r2 - col_v3_len_sq(col_v3_madd(m, k, rel->delta));
            col_real out = k + (h2 > COL_R(0.0) ? col_sqrt(h2 / dd) : COL_R(0.0));
            if (out < *t1) *t1 = out > COL_R(0.0) ? out : COL_R(0.0);
        }
        *sure = sweep_certificate(r, c, radius, mm, b, &line);
        return true;
    }
    if (!sphere_dd_plain(dd)) return false;
    /* sphere_cast_line_as's plain path, the same operations */
    col_real k = -b / dd;
    col_real qq = col_v3_len_sq(col_v3_madd(m, k, rel->delta)), h2 = r2 - qq;
    line.k = k;
    line.qq = qq;
    *sure = sweep_certificate(r, c, radius, mm, b, &line);
    if (!(h2 >= COL_R(0.0))) {
        *h = col__ray_miss();
        return true;
    }
    col_real half = col_sqrt(h2 / dd); /* sphere_entry's half chord */
    *h = sphere_hit(rel, k - half, m, r2);
    /* the exit: the other root, at most the end, at least the entry */
    col_real out = k + half;
    *t1 = out < rel->max_t ? out : rel->max_t;
    if (h->status == COL_HIT && *t1 < h->t) *t1 = h->t;
    return true;
}

bool col__sphere_sweep_cast(const col_ray *r, col_vec3 c, col_real radius, col_ray_hit *h, col_real *t1, int *sure) {
    col_ray rel = {col_v3_sub(r->origin, c), r->delta, r->max_t};
    col_real mm = col_v3_len_sq(rel.origin), b = col_v3_dot(rel.origin, rel.delta), r2 = radius * radius;
    if (mm < TINY_BALL && r2 < TINY_BALL) return false; /* tiny: the caller's casts */
    if (mm > r2 && !(b < COL_R(0.0))) { /* outside and moving away, or standing still: the cast's miss */
        ball_line line = {(col_real)NAN, (col_real)NAN};
        *sure = sweep_certificate(r, c, radius, mm, b, &line);
        if (*sure != 0) *h = col__ray_miss(); /* (a sure miss: the caller's own) */
        return true;
    }
    return sphere_sweep_near(r, &rel, c, radius, mm, b, h, t1, sure);
}

/* A distance x to c, known as x2 = fl(x^2), surely below (above) rho, known
 * as rho2 = fl(rho^2): the slack K (rho2 + w), K = 128 u, w >= |m|^2 (and
 * |end - c|^2 where that is the point), covers errors up to K' |m| with
 * K' < 30 u (2 rho K' |m| <= K' (rho^2 + |m|^2)) and the squares' relative
 * roundings; 64 smallest normals cover underflowed products. */
static inline col_real ball_slack(col_real rho2, col_real w) {
    return COL_R(64.0) * COL_EPSILON * (rho2 + w) + COL_R(64.0) * COL__REAL_MIN;
}

/*
 * Whether the segment [origin, end] of a ray meets the ball (c, radius),
 * from the cast's first quantities, without division or root: 1 surely, 0
 * surely not, 2 in doubt. m = origin - c, mm = fl(|m|^2), b = fl(m . delta).
 * With u col_real's unit roundoff:
 *   - X = fl(mm dd - b^2), dd = fl(|delta|^2), is D^2 dd within 20 u mm dd +
 *     u X, D the line's distance to c (Lagrange's identity); the closest
 *     approach's distance along the ray, -b / |delta|, is within 4.1 u |m|;
 *   - the end, fl(origin + fl(max_t delta)), is within sqrt(3) u (|max_t
 *     delta|inf + |end|inf) <= 1.8 u (|origin|inf + 2.02 max_t |delta|inf)
 *     of the ray's point at max_t, so every point of the segment is that
 *     close to one of the ray's [0, max_t] and back;
 *   - delta (ball_delta): that twice, the clamping of the closest approach
 *     to [0, max_t], and the bound's own roundings: at most 16 u
 *     (|origin|inf + 2 max_t |delta|inf), plus a few smallest normals
 *     (absolute underflows); ball_delta takes 16 u of the scale
 *     (col__ray_end_scale), which is at least that magnitude.
 * Then the segment surely meets the ball where the line passes within
 * radius - delta (its closest approach on [0, max_t]) or the end lies within
 * it (the end's own rounding needs no delta, but a caller's end may stand
 * for an exact one it rounds: col__ball_sure), and surely misses where the
 * origin moves away or the line passes, or the end lies (the ray enters
 * after max_t), beyond radius + delta; the slack of
 * ball_slack covers the terms in u |m|. dd, mm and mm dd normal: else in
 * doubt (their roundings would not be relative).
 */
static inline col_real ball_scale(const col_ray *r) { return col__ray_end_scale(r); }

/* 8 eps scale and a few smallest normals (above), and 9 sqrt(COL__REAL_MIN)
 * more for ball_surely_receding (below; 1.4e-153 in double, 9.8e-19 in
 * float: no ball's certificate is in doubt for it in practice) */
static inline col_real ball_delta(col_real scale) {
    return COL_R(8.0) * COL_EPSILON * scale + (COL_R(4.0) * COL__REAL_MIN + COL_R(9.0) * col_sqrt(COL__REAL_MIN));
}

/*
 * The origin surely outside the ball and moving away from it (b >= 0): no
 * point of the segment comes within radius (delta: ball_delta). The far
 * rays' test (a ray pointing away decides here), so in two products and a
 * comparison where the certificate's other tests take ball_slack's sum:
 * with M = fl(mm), hi = fl(radius + delta), u the unit roundoff and h the
 * sum without delta's 9 sqrt(COL__REAL_MIN) (so hi^2 >= h^2 (1 - 4u) + 80
 * COL__REAL_MIN), fl(M (1 - 256 eps)) > fl(hi^2) gives M (1 - 255 eps) >
 * hi^2, so M (1 - 253 eps) > h^2 + 80 COL__REAL_MIN (h^2 < M), and with
 * fl(h^2) <= h^2 (1 + u): M - fl(h^2) > 120 eps (fl(h^2) + M) + 80
 * COL__REAL_MIN, more than ball_slack(fl(h^2), M) (64 eps (fl(h^2) + M) +
 * 64 COL__REAL_MIN: the slack the certificate's proof needs, which asks
 * for 30 eps) with the slack's own roundings. An infinite scale (its
 * product overflowed) fails it.
 */
static inline bool ball_surely_receding(col_real mm, col_real b, col_real radius, col_real delta) {
    col_real hi = radius + delta;
    return !(b < COL_R(0.0)) && mm * (COL_R(1.0) - COL_R(256.0) * COL_EPSILON) > hi * hi;
}

/* The end's part of both certificates (below): surely outside where the
 * closest approach is not within [0, max_t] (the segment's nearest point
 * to c is then its end: a closest approach off by the cast's few ulps
 * changes that distance's square by far less than the slack), surely
 * inside by delta too (a caller's end may be a rounded one, a sweep's, and
 * the ray's own costs little in doubt). */
static inline int ball_end_sure(col_vec3 end, col_vec3 c, col_real lo, col_real hi2, col_real mm, bool within) {
    col_real e2 = col_v3_len_sq(col_v3_sub(end, c)), lo2 = lo * lo;
    if (!within && e2 > hi2 + ball_slack(hi2, mm + e2)) return 0; /* beyond the end: the end surely outside */
    return lo > COL_R(0.0) && e2 + ball_slack(lo2, e2) < lo2 ? 1 : 2;
}

/* end: the segment's end as the caller's static test takes it, or NULL for
 * the ray's own (computed where needed; valid where S <= COL_HUGE, as
 * ball_decide's). */
static COL__ALWAYS_INLINE int ball_certificate(const col_ray *r, const col_vec3 *end, col_vec3 c, col_real radius,
                                               col_real mm, col_real b, col_real delta) {
    col_real r2 = radius * radius;
    if (mm <= r2) return mm + ball_slack(r2, mm) < r2 ? 1 : 2; /* the origin surely inside */
    if (!(b < COL_R(0.0))) return ball_surely_receding(mm, b, radius, delta) ? 0 : 2;
    col_real hi = radius + delta, hi2 = hi * hi, lo = radius - delta;
    col_real dd = col_v3_len_sq(r->delta), md = mm * dd;
    if (!(dd >= COL_R(4.0) * COL__REAL_MIN && mm >= COL_R(4.0) * COL__REAL_MIN && md >= COL_R(0x1p40) * COL__REAL_MIN))
        return 2;
    col_real x = md - b * b, reach = r->max_t * dd;
    if (x > (hi2 + ball_slack(hi2, mm)) * dd + COL_R(64.0) * COL__REAL_MIN) return 0; /* the line passes by */
    bool within = -b <= reach; /* the closest approach within [0, max_t] (b < 0) */
    col_real lo2 = lo * lo;
    if (within && lo > COL_R(0.0) && x < (lo2 - ball_slack(lo2, mm)) * dd - COL_R(64.0) * COL__REAL_MIN) return 1;
    return ball_end_sure(end ? *end : col_v3_add(r->origin, col_v3_scale(r->delta, r->max_t)), c, lo, hi2, mm, within);
}

/* The certificate's yes (below): the closest approach on [0, max_t] and
 * surely within radius - delta of c. */
static COL__ALWAYS_INLINE bool ball_line_surely_within(const col_ray *r, col_real radius, col_real mm,
                                                       const ball_line *line, col_real delta) {
    col_real lo = radius - delta, lo2 = lo * lo;
    return line->k <= r->max_t && lo > COL_R(0.0) && line->qq < lo2 - ball_slack(lo2, mm);
}

/* The same certificate from the cast's own quantities (ball_line), once it
 * has run. Its closest approach perp = fl(m + fl(k) delta), k = -b / dd,
 * is within 14 u |m| of the ray's point at the computed k, less c: m's
 * rounding (u |m|), the product's and the sum's (2.1 u |m|, as |k delta|
 * <= 1.01 |m|); and that point is no nearer c than the true closest
 * approach and farther by at most 8.2 u |m| (k's error times |delta|: b's
 * and dd's roundings, the quotient's), a square of 68 u^2 mm. So qq takes
 * the place of X / dd with the same slack, and k <= max_t (exact) puts that
 * point on [0, max_t]. No division, root or product beyond the cast's but
 * the bound's: what a hit costs beside the cast. */
static COL__ALWAYS_INLINE int ball_line_certificate(const col_ray *r, col_vec3 c, col_real radius, col_real mm,
                                                    col_real b, const ball_line *line, col_real delta) {
    col_real r2 = radius * radius;
    if (mm <= r2) return mm + ball_slack(r2, mm) < r2 ? 1 : 2; /* the origin surely inside */
    if (!(b < COL_R(0.0))) return ball_surely_receding(mm, b, radius, delta) ? 0 : 2;
    col_real hi = radius + delta, hi2 = hi * hi, lo = radius - delta;
    if (line->qq > hi2 + ball_slack(hi2, mm)) return 0; /* the line passes by */
    /* NaN (no line, or the scaled one): neither within nor beyond */
    if (ball_line_surely_within(r, radius, mm, line, delta)) return 1;
    bool beyond = line->k > r->max_t;
    /* valid: S <= COL_HUGE (ball_decide) */
    col_vec3 end = col_v3_add(r->origin, col_v3_scale(r->delta, r->max_t));
    return ball_end_sure(end, c, lo, hi2, mm, !beyond);
}

/* col__sphere_sweep_cast's certificate: ball_line_certificate where r's
 * end is within range (S <= COL_HUGE) and the test hook is off, else in
 * doubt (col__ball_sure's answer there). */
static COL__ALWAYS_INLINE int sweep_certificate(const col_ray *r, col_vec3 c, col_real radius, col_real mm, col_real b,
                                                const ball_line *line) {
    col_real scale = col__ray_end_scale(r);
    if (col__exact_always || !(scale <= (col_real)COL_HUGE)) return 2;
    return ball_line_certificate(r, c, radius, mm, b, line, ball_delta(scale));
}

int col__ball_sure(const col_ray *r, col_vec3 end, col_vec3 c, col_real radius) {
    if (col__exact_always) return 2;
    col_vec3 m = col_v3_sub(r->origin, c);
    return ball_certificate(r, &end, c, radius, col_v3_len_sq(m), col_v3_dot(m, r->delta), ball_delta(ball_scale(r)));
}

/* The rest of ball_decide where the certificate leaves the decision open
 * (sure 2: the filter and the exact test, as ray_decide) or the cast missed
 * a segment surely meeting the ball (sure 1: settle's boundary hit); *h is
 * the cast's result, and becomes the answer. An end beyond COL_HUGE: the
 * cast's own decision. */
static COL__NOINLINE void ball_doubt(const col_ray *r, col_ray_hit *h, int sure, col_vec3 c, col_real radius,
                                     col__meets_fn meets, col__near_fn near, const void *shape) {
    col_vec3 end;
    if (!col__ray_end(r, &end)) return;
    int f = sure == 2 ? col__segment_ball_fast(r->origin, end, c, radius, COL_R(0.0)) : 1;
    *h = settle_filtered(r, *h, end, f, meets, near, shape);
}

/* A sphere's or a point's cast with a finite max_t past the far case
 * (ball_cast): the cast, then its certificate from the cast's own
 * quantities (ball_line_certificate), and where it is in doubt ball_doubt.
 * The certificate computes the end only where it needs it, known valid
 * where S (col__ray_end_scale, ball_delta's scale) is at most COL_HUGE
 * (each coordinate of fl(origin + fl(max_t delta)) is then within S); else
 * ball_doubt decides (col__ray_end checks the end).
 * The centre by address, and S, m, |m|^2 and m . delta computed again (the
 * same operations, so the same bits): the caller's fast path then keeps
 * nothing alive for this rare call (S kept for it pushed the quotient k of
 * the cast out to the stack, in its chain: 1 ns a call). */
static COL__NOINLINE col_ray_hit ball_decide(const col_ray *r, const col_vec3 *cp, col_real radius, col__meets_fn meets,
                                             col__near_fn near, const void *shape) {
    const col_real scale = ball_scale(r);
    const col_vec3 c = *cp, m = col_v3_sub(r->origin, c);
    const col_real mm = col_v3_len_sq(m), b = col_v3_dot(m, r->delta);
    ball_line line = {(col_real)NAN, (col_real)NAN};
    col_ray_hit h = sphere_cast_line(r, radius, m, mm, b, &line);
    bool plain = !col__exact_always && scale <= (col_real)COL_HUGE;
    /* the common case first: a hit from outside (k is NaN from inside) */
    if (!(plain && h.status == COL_HIT && ball_line_surely_within(r, radius, mm, &line, ball_delta(scale)))) {
        int sure = !plain ? 2 : ball_line_certificate(r, c, radius, mm, b, &line, ball_delta(scale));
        if (sure == 0) {
            if (h.status == COL_HIT) h = col__ray_miss();
        } else if (!(sure == 1 && h.status == COL_HIT))
            ball_doubt(r, &h, sure, c, radius, meets, near, shape);
    }
    return h;
}

/* The finite max_t's usual cases, decided with the cast's own arithmetic
 * and its certificate (ball_line_certificate's first cases, on the same
 * quantities): an origin surely outside and moving away, a line surely
 * passing by (BALL_MISS), or a closest approach on [0, max_t] surely
 * within the ball (BALL_HIT: the cast's hit, built once, in *h);
 * BALL_DOUBT (or a case off the plain path: tiny, inside, a dd beyond the
 * plain range) is left to ball_decide. A verdict, not the result: the
 * caller builds the result where it returns it (a result written here and
 * copied out cost the far rays a stalled reload). */
enum { BALL_DOUBT, BALL_MISS, BALL_HIT };

/*
 * ball_line_surely_within's test on the cast's own h2 = fl(r2 - qq), r2 =
 * fl(radius^2), for an origin outside (mm > r2) and not tiny (mm >=
 * TINY_BALL): fl(fl(radius fl(4 delta)) + fl(256 eps mm)) < h2, in fewer
 * operations than (radius - delta)^2 and its slack, and on a number the
 * cast computes anyway. With u the unit roundoff, the test gives r2 - qq >
 * (4 radius delta + 256 eps mm)(1 - 3u) in exact arithmetic, and since
 * (radius - delta)^2 >= r2 (1 - u) - 2 radius delta and lo2 = fl((radius -
 * delta)^2) <= mm (1 + u), qq + ball_slack(lo2, mm) < qq + 64 eps (2 + u)
 * mm + 64 COL__REAL_MIN is below (radius - delta)^2 with about 128 eps mm
 * to spare (more than u r2, the factors' 3u and 64 COL__REAL_MIN, which
 * mm >= TINY_BALL dwarfs): ball_line_surely_within's condition in exact
 * arithmetic, which its proof asks for (with the slack's own roundings
 * covered twice over). radius > delta follows (h2 <= r2). NaN: false.
 */
static inline bool ball_chord_surely_within(col_real radius, col_real mm, col_real h2, col_real delta) {
    return h2 > radius * (COL_R(4.0) * delta) + COL_R(256.0) * COL_EPSILON * mm;
}

static COL__ALWAYS_INLINE int ball_fast(const col_ray *r, col_real radius, col_vec3 m, col_real mm, col_real b,
                                        col_real scale, col_ray_hit *h) {
    col_real delta = ball_delta(scale);
    /* moving away first (the far rays' answer: an end beyond COL_HUGE, where
     * the cast decides alone, is the cast's miss too), the test hook after */
    if (!(b < COL_R(0.0)))
        return ball_surely_receding(mm, b, radius, delta) && !col__exact_always ? BALL_MISS : BALL_DOUBT;
    if (col__exact_always || !(scale <= (col_real)COL_HUGE)) return BALL_DOUBT;
    col_real r2 = radius * radius;
    col_real dd = col_v3_len_sq(r->delta);
    if (!(mm > r2 && !(mm < TINY_BALL && r2 < TINY_BALL) && sphere_dd_plain(dd))) return BALL_DOUBT;
    col_real k = -b / dd, qq = ball_line_qq(m, k, &r->delta), h2 = r2 - qq;
    /* the hit first (the common case near; a line surely within radius -
     * delta cannot pass beyond radius + delta) */
    if (k <= r->max_t && ball_chord_surely_within(radius, mm, h2, delta)) {
        *h = sphere_hit(r, sphere_entry(k, h2, dd), m, r2);
        return BALL_HIT;
    }
    col_real hi = radius + delta, hi2 = hi * hi;
    return qq > hi2 + ball_slack(hi2, mm) ? BALL_MISS : BALL_DOUBT;
}

/* A sphere's or a point's cast: the cast alone for a ray without end; for a
 * finite max_t, ball_fast, else ball_decide. */
static COL__ALWAYS_INLINE col_ray_hit ball_finite(const col_ray *r, col_real scale, const col_vec3 *c, col_real radius,
                                                  col_vec3 m, col_real mm, col_real b, col__meets_fn meets,
                                                  col__near_fn near, const void *shape) {
    col_ray_hit h;
    int fast = ball_fast(r, radius, m, mm, b, scale, &h);
    if (fast == BALL_MISS) return col__ray_miss();
    if (fast == BALL_HIT) return h;
    return ball_decide(r, c, radius, meets, near, shape);
}

static COL__ALWAYS_INLINE col_ray_hit ball_cast(const col_ray *r, col_real scale, const col_vec3 *c, col_real radius,
                                                col__meets_fn meets, col__near_fn near, const void *shape) {
    col_vec3 m = col_v3_sub(r->origin, *c);
    col_real mm = col_v3_len_sq(m), b = col_v3_dot(m, r->delta);
    if (!(r->max_t <= COL_REAL_MAX)) return sphere_cast(r, radius, m, mm, b); /* without end: the cast */
    if (!(b < COL_R(0.0)) && ball_surely_receding(mm, b, radius, ball_delta(scale)) && !col__exact_always)
        return col__ray_miss();
    return ball_finite(r, scale, c, radius, m, mm, b, meets, near, shape);
}

col_ray_hit col_raycast_sphere(const col_ray *r, const col_sphere *s) {
    col_real scale;
    if (!col__valid_ray_scaled(r, &scale) || !col__valid_sphere(s)) return col__ray_invalid();
    return ball_cast(r, scale, &s->c, s->r, meets_sphere, near_sphere, s);
}

col_ray_hit col_raycast_point(const col_ray *r, const col_point *p) {
    col_real scale;
    if (!col__valid_ray_scaled(r, &scale) || !col__valid_point(p)) return col__ray_invalid();
    return ball_cast(r, scale, &p->p, COL_R(0.0), meets_point, near_point, p);
}

/* The slab method's state: the greatest entry and least exit times so far,
 * the axis and sign of the entry face, whether the origin is in every slab
 * so far. */
typedef struct slabs {
    col_real tmin, tmax, sign;
    int axis;
    bool inside;
} slabs;

static inline slabs slabs_start(const col_ray *r) {
    slabs s = {COL_R(0.0), r->max_t, COL_R(0.0), -1, true};
    return s;
}

/* One axis k of the slab method (origin ok, direction dk, slab [l, h]): 1
 * when the ray may still meet the box, 0 when it runs parallel outside the
 * slab, -1 when its entry is now after its exit. */
static inline int slab_step(slabs *s, int k, col_real ok, col_real dk, col_real l, col_real h) {
    if (ok < l || ok > h) s->inside = false;
    if (dk == COL_R(0.0)) return (ok < l || ok > h) ? 0 : 1; /* parallel: outside the slab, or never leaving it */
    /* Divisions, not a reciprocal: a numerator of 0 over a tiny dk is 0, never 0 * inf. */
    col_real t1 = (l - ok) / dk, t2 = (h - ok) / dk;
    /* entered through the min face moving forward, the max face moving
     * back: by the sign of dk, not by the order of t1 and t2, which tie
     * for a flat box (a ray down onto one got the face's normal upside
     * down; found by fuzz_dynamic's "the normal faces the ray") */
    col_real sg = dk > COL_R(0.0) ? COL_R(-1.0) : COL_R(1.0);
    if (t1 > t2) {
        col_real tmp = t1;
        t1 = t2;
        t2 = tmp;
    }
    if (t1 > s->tmin) {
        s->tmin = t1;
        s->axis = k;
        s->sign = sg;
    }
    if (t2 < s->tmax) s->tmax = t2;
    return s->tmin <= s->tmax ? 1 : -1;
}

/* The slab method's hit once every axis passed; axes[k] is face +k's normal. */
static inline col_ray_hit slabs_hit(const col_ray *r, const slabs *s, const col_vec3 *axes) {
    if (s->inside) return col__ray_inside(r);
    if (s->axis < 0) return col__ray_miss(); /* unreachable for an outside origin: kept for safety */
    return col__ray_accept(r, s->tmin, col_v3_scale(axes[s->axis], s->sign));
}

/* Slabs against the box [lo, hi] for origin o and direction d in one frame;
 * axes[k] gives the world normal of face +k. */
col_ray_hit col__raycast_box_slabs(const col_ray *r, col_vec3 o, col_vec3 d, col_vec3 lo, col_vec3 hi,
                                   const col_vec3 *axes) {
    slabs s = slabs_start(r);
    for (int k = 0; k < 3; ++k)
        if (slab_step(&s, k, col_v3_get(o, k), col_v3_get(d, k), col_v3_get(lo, k), col_v3_get(hi, k)) <= 0)
            return col__ray_miss();
    return slabs_hit(r, &s, axes);
}

/*
 * The slab cast of the segment [origin, end] itself (end as col__ray_end
 * computes it) against an AABB, in the segment's own parameter s in [0, 1]:
 * direction D = fl(end - origin), each coordinate within u of the exact
 * difference (or exact where it is subnormal; zero exactly where the
 * segment does not move on the axis, so that axis is the exact parallel
 * test). *sure is 1 when the segment surely meets the box, 0 when it surely
 * misses it, 2 in doubt (then col__segment_box_fast and the exact test
 * decide). The hit's t is s max_t (a point within about one ulp of the
 * coordinates of the ray's own entry point).
 *
 * The bound: each slab time fl(fl(L - P) / D) is the segment's exact time
 * (L - P) / (Q - P) times (1 + a), |a| <= 3.01 u where the quotient is
 * normal, and within the smallest normal where it underflows (a difference
 * that is subnormal is exact). So the segment's greatest entry is at most
 * tmin (1 + 3.01 u) + COL__REAL_MIN (tmin >= 0: the clamp at 0 is exact) and
 * its least exit at least tmax (1 - 3.01 u) - COL__REAL_MIN where tmax >=
 * 0 (the clamp at 1 is exact); the test's margin of 4 eps = 8 u also
 * covers the roundings of the comparison's own terms (a hit: fl(tmin (1 +
 * 8u)) + 2 COL__REAL_MIN is at least tmin (1 + 5.9 u) + 1.9 COL__REAL_MIN,
 * fl(tmax (1 - 8u)) at most tmax (1 - 6.9 u) + COL__REAL_MIN u). An overflowed time
 * is infinite on the side the exact one lies far beyond, so no bound needs
 * it. No ratio of the coordinates to the motion enters: the cost beside the
 * cast is the end, three subtractions and two comparisons.
 */
enum { AABB_CAST_MISS, AABB_CAST_INSIDE, AABB_CAST_HIT };

static COL__ALWAYS_INLINE int aabb_cast_certified(const col_ray *r, col_vec3 end, const col_aabb *b, slabs *sl,
                                                  int *sure) {
    const col_real e = COL_R(4.0) * COL_EPSILON;
    col_vec3 d = col_v3_sub(end, r->origin);
    *sl = (slabs){COL_R(0.0), COL_R(1.0), COL_R(0.0), -1, true};
    *sure = 2;
    for (int k = 0; k < 3; ++k) {
        int step =
            slab_step(sl, k, col_v3_get(r->origin, k), col_v3_get(d, k), col_v3_get(b->min, k), col_v3_get(b->max, k));
        if (step == 0) { /* parallel outside the slab: the segment's coordinate is the origin's, exact */
            *sure = 0;
            return AABB_CAST_MISS;
        }
        if (step < 0) { /* the cast misses: surely, when the bounds part them */
            if (sl->tmin - e * sl->tmin - COL__REAL_MIN > sl->tmax + e * col_abs(sl->tmax) + COL__REAL_MIN) *sure = 0;
            return AABB_CAST_MISS;
        }
    }
    if (sl->inside) { /* the origin in every slab: exact comparisons */
        *sure = 1;
        return AABB_CAST_INSIDE;
    }
    /* NaN (0 inf): in doubt */
    if (sl->tmin * (COL_R(1.0) + e) + COL_R(2.0) * COL__REAL_MIN < sl->tmax * (COL_R(1.0) - e)) *sure = 1;
    /* no axis: unreachable for an outside origin, kept for safety */
    return sl->axis < 0 ? AABB_CAST_MISS : AABB_CAST_HIT;
}

/* The cast's hit (AABB_CAST_HIT): at s max_t, s = tmin in [0, 1], so within
 * [0, max_t] (rounding is monotone), its point within the end's range (S
 * <= COL_HUGE): col__ray_accept takes it. */
static inline col_ray_hit aabb_certified_hit(const col_ray *r, const slabs *sl) {
    return col__ray_accept(r, sl->tmin * r->max_t, col_v3_scale(world_axes[sl->axis], sl->sign));
}

/* The rest of col_raycast_aabb_slabs where the certificate leaves the
 * decision open (sure 2: the filter and the exact test) or the cast missed
 * a segment surely meeting the box (sure 1: settle's boundary hit), from the
 * cast's verdict; the answer. */
static COL__NOINLINE col_ray_hit aabb_doubt(const col_ray *r, int cast, const slabs *sl, col_vec3 end, int sure,
                                            const col_aabb *b) {
    col_ray_hit h = cast == AABB_CAST_HIT      ? aabb_certified_hit(r, sl)
                    : cast == AABB_CAST_INSIDE ? col__ray_inside(r)
                                               : col__ray_miss();
    return settle_filtered(r, h, end, sure == 2 ? fast_aabb(r->origin, end, b) : 1, meets_aabb, near_aabb, b);
}

col_ray_hit col_raycast_aabb_slabs(const col_ray *r, const col_aabb *b) {
    col_real scale;
    if (!col__valid_ray_scaled(r, &scale) || !col__valid_aabb(b)) return col__ray_invalid();
    /* An origin outside a slab and not moving into it: the end lies on the
     * same side (fl(o + fl(max_t d)) moves from o with d's sign, rounding
     * is monotone), so every ray and segment misses: exact comparisons,
     * before the end (the cast's own early out, as cheap). */
    if (col__ray_receding_from_box(r->origin, r->delta, b->min, b->max, COL_R(0.0))) return col__ray_miss();
    col_vec3 end;
    if (!col__ray_end_scaled(r, scale, &end)) return cast_aabb(r, b); /* a ray without end: the cast's own decision */
    slabs sl;
    int sure, cast = aabb_cast_certified(r, end, b, &sl, &sure);
    if (col__exact_always) sure = 2; /* no certificate decides */
    /* each result built where it is returned (a hit built in a temporary
     * and copied out cost a stalled reload of the copy) */
    if (sure == 0) return col__ray_miss();
    if (sure == 1 && cast == AABB_CAST_HIT) return aabb_certified_hit(r, &sl);
    if (sure == 1 && cast == AABB_CAST_INSIDE) return col__ray_inside(r);
    return aabb_doubt(r, cast, &sl, end, sure, b);
}

col_ray_hit col_raycast_aabb_woo(const col_ray *r, const col_aabb *b) {
    if (!col__valid_ray(r) || !col__valid_aabb(b)) return col__ray_invalid();
    col_real cand[3], maxt[3];
    int quadrant[3]; /* -1 left of the slab, +1 right, 0 within */
    bool inside = true;
    for (int k = 0; k < 3; ++k) {
        col_real ok = col_v3_get(r->origin, k), l = col_v3_get(b->min, k), h = col_v3_get(b->max, k);
        if (ok < l) {
            quadrant[k] = -1;
            cand[k] = l;
            inside = false;
        } else if (ok > h) {
            quadrant[k] = 1;
            cand[k] = h;
            inside = false;
        } else {
            quadrant[k] = 0;
            cand[k] = COL_R(0.0);
        }
    }
    if (inside) return col__ray_inside(r);
    /* Parameters to the candidate planes; -1 marks "no candidate". */
    for (int k = 0; k < 3; ++k) {
        col_real dk = col_v3_get(r->delta, k);
        maxt[k] = (quadrant[k] != 0 && dk != COL_R(0.0)) ? (cand[k] - col_v3_get(r->origin, k)) / dk : COL_R(-1.0);
    }
    int which = 0;
    for (int k = 1; k < 3; ++k)
        if (maxt[k] > maxt[which]) which = k;
    col_real t = maxt[which];
    if (!(t >= COL_R(0.0) && t <= r->max_t)) return col__ray_miss();
    /* The hit point must lie within the other two slabs (closed). A slab whose
     * own candidate plane the ray reached by t (maxt[k] <= t) has been entered
     * on its near side: only its far side is checked, since o + t d can round
     * past the near plane when the ray enters through an edge (equal t's). */
    for (int k = 0; k < 3; ++k) {
        if (k == which) continue;
        col_real x = col_v3_get(r->origin, k) + t * col_v3_get(r->delta, k);
        bool entered = quadrant[k] != 0 && maxt[k] >= COL_R(0.0);
        bool below_ok = (entered && quadrant[k] < 0) || x >= col_v3_get(b->min, k);
        bool above_ok = (entered && quadrant[k] > 0) || x <= col_v3_get(b->max, k);
        if (!(below_ok && above_ok)) return col__ray_miss();
    }
    col_ray_hit h = col__ray_accept(r, t, col_v3_scale(world_axes[which], (col_real)quadrant[which]));
    /* The hit lies on the candidate plane exactly. */
    if (h.status == COL_HIT) {
        if (which == 0) h.point.x = cand[0];
        if (which == 1) h.point.y = cand[1];
        if (which == 2) h.point.z = cand[2];
    }
    return h;
}

col_ray_hit col_raycast_obb(const col_ray *r, const col_obb *b) {
    if (!col__valid_ray(r) || !col__valid_obb(b)) return col__ray_invalid();
    col_vec3 m = col_v3_sub(r->origin, b->c);
    col_vec3 o = col_v3(col_v3_dot(m, b->u[0]), col_v3_dot(m, b->u[1]), col_v3_dot(m, b->u[2]));
    col_vec3 d = col_v3(col_v3_dot(r->delta, b->u[0]), col_v3_dot(r->delta, b->u[1]), col_v3_dot(r->delta, b->u[2]));
    return col__ray_judge(r, col__raycast_box_slabs(r, o, d, col_v3_neg(b->e), b->e, b->u), meets_obb, near_obb, b);
}

/* Where a ray meets a capsule's cylinder body (cylinder_body): on the body
 * (its first point of the capsule), entering the infinite cylinder below
 * the end a or above the end b (then only that end's ball can come first:
 * to reach the other it would cross the body's disc at this end, inside
 * the ball), never within the radius of the axis (its line passes
 * farther, or it moves away from outside: no ball either), or none of these (parallel to the axis, moving away from
 * it, a zero-length axis: both balls). Rounding at the seams and in
 * grazing rays can move a hit between the parts by a few ulps; the exact
 * decision of a finite max_t does not depend on it. */
enum { BODY_ON, BODY_BELOW, BODY_ABOVE, BODY_NEVER, BODY_EITHER };

/*
 * The cylinder body of a capsule (between the end planes), for an origin
 * outside the capsule; radius may be 0. *where: as above.
 *
 * With delta >= 0 (ball_delta: the end's rounding), *sure certifies the
 * exact decision of the segment [origin, end] from the cast's own
 * quantities: 1 where it surely meets the capsule, 0 where it surely
 * misses it, else 2. Its point P(s) = origin + s delta, s the computed
 * closest approach to the axis line (any number in [0, max_t] makes a
 * point of the ray's segment), lies at distance |q| from the axis line and
 * at z_s = m . u + s (delta . u) along it; computed with a unit u within
 * 5u of the axis direction (ab rounded, then its length), |q| and z_s are
 * within e = 128 u (|m|inf + s |delta|inf) (+ 64 smallest normals) of P(s)'s
 * exact ones (a few dozen roundings of magnitude |m| + s |delta|, times
 * sqrt(3)), len within 4u len. So where z_s lies in [e, len (1 - 8u) - e]
 * and |q| + e + delta < radius, a point of the segment (within delta of
 * P(s)) lies in the capsule. Where the ray's line passes the axis line
 * farther than radius + 4e + delta (its direction at least 15 degrees from
 * the axis's, so that the computed s is within 100 u (|m| + s |delta|) of
 * the exact closest approach, times the speed across the axis), no point
 * of the segment comes within radius of the axis: a miss.
 */
enum { BODY_K = 128 };

/* The bound e at parameter tau, from mmax = |m|inf (m = origin - a) and
 * dmax = |delta|inf. */
static inline col_real body_slack(col_real mmax, col_real dmax, col_real tau) {
    return (col_real)BODY_K * COL_EPSILON * (mmax + tau * dmax) + COL_R(64.0) * COL__REAL_MIN;
}

/* The body's frame: m = origin - a, its parts mp across and mu along the
 * unit axis u, the direction's dp and du, the axis length; |m|inf and
 * |delta|inf for body_slack. */
typedef struct body_frame {
    col_vec3 mp, dp;
    col_real mu, du, len, mmax, dmax;
} body_frame;

/* P(tau) = origin + tau delta surely within radius - delta of the axis
 * segment: tau in [0, max_t], its axial coordinate in [e, len (1 - 8u) -
 * e], its distance across the axis below radius - e - delta (e:
 * body_slack). NaN: false. */
static inline bool body_inside_at(const col_ray *r, const body_frame *f, col_real tau, col_real qq, col_real radius,
                                  col_real delta) {
    if (!(tau >= COL_R(0.0) && tau <= r->max_t)) return false;
    col_real e = body_slack(f->mmax, f->dmax, tau), z = f->mu + tau * f->du, lo = radius - e - delta;
    return lo > COL_R(0.0) && z >= e && z <= f->len * (COL_R(1.0) - COL_R(8.0) * COL_EPSILON) - e &&
           qq + COL_R(64.0) * COL__REAL_MIN < lo * lo * (COL_R(1.0) - COL_R(8.0) * COL_EPSILON);
}

/* body_inside_at at any tau (qq: P(tau)'s squared distance across the axis, computed) */
static inline bool body_point_inside(const col_ray *r, const body_frame *f, col_real tau, col_real radius,
                                     col_real delta) {
    return body_inside_at(r, f, tau, col_v3_len_sq(col_v3_madd(f->mp, tau, f->dp)), radius, delta);
}

/*
 * The ray's line surely misses the capsule grown by delta, where it enters
 * the cylinder beyond the end c (a below, b above; m = origin - c, mm =
 * |m|^2, mb = m . delta, u the unit axis from a to b): it passes c's ball
 * grown by delta (ball_certificate's line test, Lagrange's identity), and
 * the axis point nearest to it lies beyond c. The squared distance g(z) of
 * the line from the axis point c + z u is a convex quadratic with g'(0) =
 * 2 T / |delta|^2, T = (m . delta)(delta . u) - (m . u)|delta|^2; T > 0 at a
 * (T < 0 at b) puts its least value over the axis segment at c, so the line
 * is as far from the segment as from c. T's error: m within u |m|, u
 * within 5u of the axis, each dot product's 3u and the products' roundings
 * sum to under 28 u |m|2 |delta|^2 <= 49 u |m|inf |delta|^2; the bound is 64
 * u |m|inf fl(|delta|^2) (+ 64 smallest normals), the products normal past
 * ball_certificate's guards. The segment [origin, end] (within delta of the
 * line) then misses the capsule.
 */
static inline bool end_line_clear(const col_ray *r, col_vec3 m, col_real mm, col_real mb, col_vec3 u, col_real radius,
                                  col_real delta, bool below) {
    col_real dd = col_v3_len_sq(r->delta), md = mm * dd;
    if (!(dd >= COL_R(4.0) * COL__REAL_MIN && mm >= COL_R(4.0) * COL__REAL_MIN && md >= COL_R(0x1p40) * COL__REAL_MIN))
        return false;
    col_real hi = radius + delta, hi2 = hi * hi;
    if (!(md - mb * mb > (hi2 + ball_slack(hi2, mm)) * dd + COL_R(64.0) * COL__REAL_MIN)) return false;
    col_real t = mb * col_v3_dot(r->delta, u) - col_v3_dot(m, u) * dd;
    col_real bound = COL_R(64.0) * COL_EPSILON * col__abs_max(m) * dd + COL_R(64.0) * COL__REAL_MIN;
    return below ? t > bound : t < -bound;
}

/*
 * The segment [origin, end] surely misses the capsule where the ray's line,
 * at any angle to the axis (a ray nearly along it, whose closest approach
 * is too uncertain for the test across the axis), surely passes the axis
 * line farther than radius + delta: g(tau) = |mp + tau dp|^2, on the
 * computed mp and dp, is within e(tau) <= e(max_t) (body_slack) of each
 * segment point's true distance for tau in [0, max_t], and its least value
 * over every tau is at least the computed qq less 8 u |mp|^2: the point
 * q = fl(mp + fl(s dp)) lies within 2.1 u |mp| of the exact one (|s dp| is
 * |mp . dp| / |dp| <= |mp| to rounding), so |q|^2 and fl(|q|^2) within 7.6
 * u |mp|^2 of g(s), and g(s) exceeds the least value by dd (s - s*)^2 <=
 * (8 u |mp|)^2 (s within 5 u |s*| + 3 u |mp| / |dp| of the exact s*). The
 * test takes 32 u |mp|^2 (16 eps) and 64 smallest normals (underflow), and
 * (radius + delta + e(max_t))^2 grown by 8 eps for its own roundings: the
 * whole line, so every point of the segment (within delta of the ray's),
 * passes the infinite cylinder, which holds the capsule.
 */
static inline bool body_segment_clear(const col_ray *r, col_vec3 m, col_vec3 mp, col_real qq, col_real radius,
                                      col_real delta) {
    col_real hi = radius + delta + body_slack(col__abs_max(m), col__abs_max(r->delta), r->max_t);
    return qq - COL_R(16.0) * COL_EPSILON * col_v3_len_sq(mp) - COL_R(64.0) * COL__REAL_MIN >
           hi * hi * (COL_R(1.0) + COL_R(8.0) * COL_EPSILON);
}

static COL__ALWAYS_INLINE col_ray_hit cylinder_body(const col_ray *r, col_vec3 a, col_vec3 b, col_real radius,
                                                    col_real delta, int *where, int *sure) {
    *where = BODY_EITHER;
    *sure = 2;
    col_vec3 ab = col_v3_sub(b, a);
    col_real len = col_v3_len(ab);
    if (!(len > COL_R(0.0))) return col__ray_miss();
    col_vec3 u = col_v3_div(ab, len);
    col_vec3 m = col_v3_sub(r->origin, a);
    col_real mu = col_v3_dot(m, u), du = col_v3_dot(r->delta, u);
    col_vec3 mp = col_v3_madd(m, -mu, u);        /* origin offset across the axis */
    col_vec3 dp = col_v3_madd(r->delta, -du, u); /* direction across the axis */
    col_real dd = col_v3_len_sq(dp);
    if (!(dd > COL_R(0.0))) return col__ray_miss(); /* parallel to the axis: only the caps */
    col_real s = -col_v3_dot(mp, dp) / dd;          /* closest approach to the axis line */
    col_real r2 = radius * radius;
    if (!(s >= COL_R(0.0))) { /* moving away from the axis: from outside the cylinder, never in it */
        if (col_v3_len_sq(mp) > r2) *where = BODY_NEVER;
        return col__ray_miss();
    }
    col_vec3 q = col_v3_madd(mp, s, dp);
    col_real qq = col_v3_len_sq(q), h2 = r2 - qq;
    if (!(h2 >= COL_R(0.0))) {
        if (h2 < COL_R(0.0)) *where = BODY_NEVER;
        /* the line surely passes by (a direction across the axis: dd >= |delta|^2 / 16) */
        if (delta >= COL_R(0.0) && dd >= COL_R(0.0625) * col_v3_len_sq(r->delta)) {
            col_real hi = radius + COL_R(4.0) * body_slack(col__abs_max(m), col__abs_max(r->delta), s) + delta;
            if (qq - COL_R(64.0) * COL__REAL_MIN > hi * hi * (COL_R(1.0) + COL_R(8.0) * COL_EPSILON)) *sure = 0;
        } else if (delta >= COL_R(0.0) && body_segment_clear(r, m, mp, qq, radius, delta)) {
            *sure = 0; /* nearly along the axis: the segment surely passes by */
        }
        return col__ray_miss();
    }
    col_real w = col_sqrt(h2 / dd), t = s - w;
    if (t < COL_R(0.0)) t = COL_R(0.0);
    col_real z = mu + t * du; /* axial coordinate at t */
    if (!(z >= COL_R(0.0) && z <= len)) {
        if (z < COL_R(0.0)) *where = BODY_BELOW;
        if (z > len) *where = BODY_ABOVE;
        return col__ray_miss();
    }
    *where = BODY_ON;
    if (delta >= COL_R(0.0)) {
        /* the closest approach to the axis, else (beyond an end or max_t)
         * the middle between the entry and where the ray leaves the body */
        body_frame f = {mp, dp, mu, du, len, col__abs_max(m), col__abs_max(r->delta)};
        if (body_inside_at(r, &f, s, qq, radius, delta)) { /* qq: the cast's own, at s */
            *sure = 1;
        } else {
            col_real hi = col_min(s, r->max_t), zh = mu + hi * du;
            if (zh < COL_R(0.0)) hi = -mu / du; /* z crosses 0 between t and hi: du != 0 */
            if (zh > len) hi = (len - mu) / du;
            if (body_point_inside(r, &f, COL_R(0.5) * (t + hi), radius, delta)) *sure = 1;
        }
    }
    col_vec3 radial = radius > COL_R(0.0) ? col_v3_madd(mp, t, dp) : col_v3(0, 0, 0); /* a segment: no face */
    return col__ray_accept(r, t, unit_or_against(radial, r));
}

/* The earlier of two results (hits before misses). */
static col_ray_hit first_of(col_ray_hit a, col_ray_hit b) {
    if (b.status != COL_HIT) return a;
    if (a.status != COL_HIT || b.t < a.t) return b;
    return a;
}

/* The capsule's cast; with delta >= 0, *sure as cylinder_body's, or where
 * the ray enters the cylinder beyond an end, 1 where the ball certificate
 * finds the segment [origin, end] surely in that end's ball (2 in doubt,
 * or inside). Inlined: the cast without certificate (delta < 0) keeps no
 * trace of it. */
static col_ray_hit capsule_cast_tiny(const col_ray *r, col_vec3 m, col_vec3 ab, col_real radius, col_real big);

/* The capsule's offsets from the origin and radius all so small that their
 * squares underflow (capsule_cast_tiny's case): only asked where the
 * origin's squared distance to the axis is below TINY_BALL (a segment:
 * where the origin is not on it), so the common ray pays a comparison. */
static COL__NOINLINE bool capsule_tiny(col_vec3 ra, col_vec3 rb, col_real radius, col_real *big) {
    *big = col_max(col_max(col__abs_max(ra), col__abs_max(rb)), radius);
    return *big * *big<TINY_BALL && * big> COL_R(0.0);
}

static COL__NOINLINE col_ray_hit capsule_doubt(const col_ray *r, const col_capsule *c);

/*
 * The capsule's result h with its certificate sure (1: the segment [origin,
 * end] surely meets the capsule, 0: surely not, 2: in doubt): h where the
 * certificate agrees with it, else capsule_doubt's decision; h itself for
 * the cast alone (c NULL).
 *
 * Every result of the decided cast is settled where it is made and
 * returned from there, never returned first and judged by the caller: GCC
 * (12) builds a result that a caller keeps and returns later in a
 * temporary and copies it out, reloading its fields across the callee's
 * narrower stores, which store forwarding cannot serve (5 ns a call, about
 * half of what the decided cast cost beyond the cast alone); a result
 * returned at once goes straight to the caller's.
 */
static COL__ALWAYS_INLINE col_ray_hit capsule_settle(const col_ray *r, const col_capsule *c, col_ray_hit h, int sure) {
    if (!c) return h;
    int hit = h.status == COL_HIT; /* bitwise: one branch, on the verdict */
    if (((int)(sure == 1) & hit) | ((int)(sure == 0) & !hit)) return h;
    return capsule_doubt(r, c);
}

/* A capsule's cast entering its cylinder beyond the end c (a below, b
 * above): only that end's ball can come first (the body's miss is no hit),
 * its cast, settled (capsule_settle, c the capsule) with its certificate: a
 * hit by the ball certificate, from the ball cast's own quantities where
 * they settle it; a miss where the line surely passes the capsule grown by
 * delta (end_line_clear); else in doubt. */
static COL__NOINLINE col_ray_hit end_ball_certified(const col_ray *r, const col_capsule *cap, col_real delta,
                                                    bool below) {
    const col_vec3 c = below ? cap->a : cap->b;
    col_vec3 m = col_v3_sub(r->origin, c);
    col_real mm = col_v3_len_sq(m), mb = col_v3_dot(m, r->delta), radius = cap->r;
    ball_line line = {(col_real)NAN, (col_real)NAN};
    col_ray_hit h = sphere_cast_line(r, radius, m, mm, mb, &line);
    int sure = 2;
    if (h.status == COL_HIT) {
        if (ball_line_surely_within(r, radius, mm, &line, delta) ||
            ball_certificate(r, NULL, c, radius, mm, mb, delta) == 1)
            sure = 1;
    } else {
        /* the unit axis as cylinder_body computes it (the same bits) */
        col_vec3 ab = col_v3_sub(cap->b, cap->a), axis = col_v3_div(ab, col_v3_len(ab));
        if (end_line_clear(r, m, mm, mb, axis, radius, delta, below)) sure = 0;
    }
    return capsule_settle(r, cap, h, sure);
}

/* col__raycast_sphere_at for a centre in memory (the capsule's end), by
 * address: no vector through the stack. */
static COL__NOINLINE col_ray_hit end_ball_cast(const col_ray *r, const col_vec3 *c, col_real radius) {
    return sphere_cast_at(r, *c, radius);
}

/* The capsule's cast (ends a, b by address, radius); with c, the capsule
 * whose segment [origin, end] it decides (delta >= 0: ball_delta's, else
 * no certificate), each result settled (capsule_settle) with the
 * certificate of cylinder_body or of the end's ball (end_ball_certified);
 * without (NULL), the cast alone. */
static COL__ALWAYS_INLINE col_ray_hit capsule_cast(const col_ray *r, const col_vec3 *pa, const col_vec3 *pb,
                                                   col_real radius, col_real delta, const col_capsule *c) {
    /* inside: distance from the origin to the segment within the radius; for
     * radius 0 (a segment) the exact on-segment test, as the static tests use.
     * The ends by address: the calls for an end's ball read them where they
     * are (vectors passed by value went through the stack) */
    const col_vec3 a = *pa, b = *pb;
    col_vec3 ra = col_v3_sub(a, r->origin), rb = col_v3_sub(b, r->origin);
    col_real big;
    if (radius == COL_R(0.0)) {
        /* (before the on-segment test, whose products underflow too) */
        if (col__abs_max(ra) < SQRT_TINY_BALL && capsule_tiny(ra, rb, radius, &big))
            return capsule_settle(r, c, capsule_cast_tiny(r, col_v3_neg(ra), col_v3_sub(rb, ra), radius, big), 2);
        if (col__point_on_segment(col_v3(0, 0, 0), ra, rb)) return capsule_settle(r, c, col__ray_inside(r), 2);
    } else {
        col_real d2 = col_v3_len_sq(col__closest_on_segment(col_v3(0, 0, 0), ra, rb, NULL));
        if (d2 < TINY_BALL && capsule_tiny(ra, rb, radius, &big))
            return capsule_settle(r, c, capsule_cast_tiny(r, col_v3_neg(ra), col_v3_sub(rb, ra), radius, big), 2);
        if (d2 <= radius * radius) return capsule_settle(r, c, col__ray_inside(r), 2);
    }
    int where, sure;
    col_ray_hit h = cylinder_body(r, a, b, radius, delta, &where, &sure);
    /* a segment (radius 0): every part, its ends are what a ray meets most */
    if (radius == COL_R(0.0)) where = BODY_EITHER;
    if (where == BODY_ON || where == BODY_NEVER) return capsule_settle(r, c, h, sure);
    if (c && delta >= COL_R(0.0) && (where == BODY_BELOW || where == BODY_ABOVE))
        return end_ball_certified(r, c, delta, where == BODY_BELOW);
    if (where != BODY_ABOVE) h = first_of(h, end_ball_cast(r, pa, radius));
    if (where != BODY_BELOW) h = first_of(h, end_ball_cast(r, pb, radius));
    return capsule_settle(r, c, h, 2);
}

/* An origin outside the capsule's box and not moving into it: the miss by
 * comparisons, exact (the far rays', with max_t or without). */
static inline bool capsule_receding(const col_ray *r, col_vec3 a, col_vec3 b, col_real radius) {
    col_vec3 lo, hi;
    col__capsule_box(a, b, &lo, &hi);
    return col__ray_receding_from_box(r->origin, r->delta, lo, hi, radius);
}

/* The cast in floating point, no certificate (delta < 0: the end is not read). */
/* The capsule's cast alone on a copy scaled by a power of two, as
 * sphere_cast_tiny: the origin, the axis and the radius all so small that
 * their squares underflow (rays 2^-700 from capsules 2^-700 long were
 * nearly all inside them). */
static COL__NOINLINE col_ray_hit capsule_cast_tiny(const col_ray *r, col_vec3 m, col_vec3 ab, col_real radius,
                                                   col_real big) {
    /* the geometry by 2^-e (s1 s2), the direction by 2^-f (d1 d2): t'
     * = t 2^(f - e), max_t alike (inf where that overflows: the accept
     * below clips) */
    col_real s1, s2, d1, d2;
    col__pow2_split(big, &s1, &s2);
    col_real dm = col__abs_max(r->delta);
    if (!(dm > COL_R(0.0))) return col__ray_miss(); /* a point query outside (the origin is not on the axis) */
    col__pow2_split(dm, &d1, &d2);
    col_ray scaled = {col_v3_scale(col_v3_scale(m, s1), s2), col_v3_scale(col_v3_scale(r->delta, d1), d2),
                      r->max_t * s1 * s2 / d1 / d2};
    const col_vec3 zero = col_v3(0, 0, 0), end = col_v3_scale(col_v3_scale(ab, s1), s2);
    col_ray_hit h = capsule_cast(&scaled, &zero, &end, radius * s1 * s2, COL_R(-1.0), NULL);
    if (h.status != COL_HIT) return h;
    if (h.inside) return col__ray_inside(r);
    /* (beyond max_t only where the scaled max_t overflowed: a miss) */
    return col__ray_accept(r, h.t * d1 * d2 / s1 / s2, h.normal);
}

/* The capsule's cast, decided for c's segment where c is not NULL (then
 * a, b and radius are c's), alone else: one copy of the cast for both. */
static COL__NOINLINE col_ray_hit capsule_run(const col_ray *r, const col_vec3 *a, const col_vec3 *b, col_real radius,
                                             col_real delta, const col_capsule *c) {
    return capsule_cast(r, a, b, radius, delta, c);
}

static inline col_ray_hit capsule_cast_alone(const col_ray *r, const col_vec3 *a, const col_vec3 *b, col_real radius) {
    return capsule_run(r, a, b, radius, COL_R(-1.0), NULL);
}

col_ray_hit col__raycast_capsule_raw(const col_ray *r, col_vec3 a, col_vec3 b, col_real radius) {
    if (capsule_receding(r, a, b, radius)) return col__ray_miss();
    return capsule_cast_alone(r, &a, &b, radius);
}

static int fast_capsule(col_vec3 p, col_vec3 q, const void *s) {
    const col_capsule *c = s;
    if (c->r == COL_R(0.0)) return 2; /* a segment: its own exact test (meets_capsule) decides */
    return col__segment_capsule_fast(p, q, c->a, c->b, c->r);
}

static col_ray_hit cast_capsule(const col_ray *r, const void *s) {
    const col_capsule *c = s;
    return col__raycast_capsule_raw(r, c->a, c->b, c->r);
}

/* The rest of the finite segment's decision where the cast's certificate
 * leaves it open: the cast's result (the cast alone again: this rare call
 * takes no result from its caller, so the common one keeps none in memory)
 * becomes the answer. An end beyond the coordinates: the cast's own
 * decision; boxes apart (exact comparisons): the far segment's miss; else
 * the filter and the exact test. */
static COL__NOINLINE col_ray_hit capsule_doubt(const col_ray *r, const col_capsule *c) {
    col_ray_hit h = capsule_cast_alone(r, &c->a, &c->b, c->r);
    col_vec3 end;
    if (!col__ray_end(r, &end)) return h;
    if (col__segment_capsule_extents_apart(r->origin, end, c->a, c->b, c->r)) return col__ray_miss();
    return settle_filtered(r, h, end, col__segment_capsule_fast(r->origin, end, c->a, c->b, c->r), meets_capsule,
                           near_capsule, c);
}

col_ray_hit col_raycast_capsule(const col_ray *r, const col_capsule *c) {
    col_real scale;
    if (!col__valid_ray_scaled(r, &scale) || !col__valid_capsule(c)) return col__ray_invalid();
    if (capsule_receding(r, c->a, c->b, c->r)) return col__ray_miss(); /* before the end, with max_t or without */
    if (!(r->max_t <= COL_REAL_MAX)) return capsule_cast_alone(r, &c->a, &c->b, c->r); /* the cast's own decision */
    /* a segment (radius 0): its exact test decides (ray_decide) */
    if (c->r == COL_R(0.0)) return ray_decide(r, cast_capsule, fast_capsule, meets_capsule, near_capsule, c);
    /* the cast's own certificate (cylinder_body, capsule_cast) decides the
     * common rays, where S (ball_delta's scale) is at most COL_HUGE: the end
     * it may compute is then valid; where it is in doubt, boxes apart (exact
     * comparisons) are the far segment's miss, the filter and the exact test
     * the rest. An end beyond the coordinates: the cast's own decision. */
    col_real delta = col__exact_always || !(scale <= (col_real)COL_HUGE) ? COL_R(-1.0) : ball_delta(scale);
    return capsule_run(r, &c->a, &c->b, c->r, delta, c);
}

col_ray_hit col_raycast_segment(const col_ray *r, const col_segment *s) {
    if (!col__valid_ray(r) || !col__valid_segment(s)) return col__ray_invalid();
    return col__ray_judge(r, col__raycast_capsule_raw(r, s->a, s->b, COL_R(0.0)), meets_segment, near_segment, s);
}

static col_ray_hit raycast_ellipsoid(const col_ray *r, const col_ellipsoid *e);

static bool meets_ellipsoid(col_vec3 p, col_vec3 q, const void *s) {
    const col_ellipsoid *e = s;
    return col__segment_meets_ellipsoid(p, q, e->c, e->r);
}

/* Where the segment touches a flat axis's plane, or else its closest
 * approach to the centre in the ellipsoid's metric; the normal of the
 * nearest face (a flat axis: its plane, facing the ray). */
static col_ray_hit near_ellipsoid(const col_ray *r, col_vec3 end, const void *s) {
    (void)end;
    const col_ellipsoid *e = s;
    /* t = -sum m_k d_k / r_k^2 / sum d_k^2 / r_k^2 on copies scaled so that
     * nothing overflows (t is unchanged): m and d by their largest
     * coordinate, 1 / r_k^2 by the largest, 1 / rmin^2 (a ray from 2^102
     * through an ellipsoid of radii 1e-23 and 1e-163 at the origin took
     * inf / inf, so t = 0 for a hit near its end: fuzz/regressions/world/
     * ellipsoid-hit-near-the-end-of-a-ray-from-afar) */
    col_vec3 m = col_v3_sub(r->origin, e->c);
    col_real rmin = COL_REAL_MAX, sc = col_max(col__abs_max(m), col__abs_max(r->delta));
    for (int k = 0; k < 3; ++k) {
        col_real rk = col_v3_get(e->r, k);
        if (rk > COL_R(0.0) && rk < rmin) rmin = rk;
    }
    col_real num = COL_R(0.0), den = COL_R(0.0);
    for (int k = 0; k < 3; ++k) {
        col_real rk = col_v3_get(e->r, k), dk = col_v3_get(r->delta, k), mk = col_v3_get(m, k);
        if (rk == COL_R(0.0)) {
            if (dk == COL_R(0.0)) continue;
            col_vec3 n = col_v3(k == 0, k == 1, k == 2);
            return col__ray_accept(r, clamp_t(r, -mk / dk), dk > COL_R(0.0) ? col_v3_neg(n) : n);
        }
        col_real q = rmin / rk, w = q * q, ms = mk / sc, ds = dk / sc;
        num -= w * ms * ds;
        den += w * ds * ds;
    }
    col_real t = den > COL_R(0.0) ? clamp_t(r, num / den) : COL_R(0.0);
    col_ray_hit h = col__ray_accept(r, t, col_v3(0, 0, 0));
    if (h.status != COL_HIT) return h;
    col_vec3 g = col_v3_sub(h.point, e->c);
    g = col_v3(e->r.x > 0 ? g.x / e->r.x / e->r.x : 0, e->r.y > 0 ? g.y / e->r.y / e->r.y : 0,
               e->r.z > 0 ? g.z / e->r.z / e->r.z : 0);
    h.normal = col__no_neg_zero(unit_or_against(g, r));
    return h;
}

col_ray_hit col_raycast_ellipsoid(const col_ray *r, const col_ellipsoid *e) {
    if (!col__valid_ray(r) || !col__valid_ellipsoid(e)) return col__ray_invalid();
    return col__ray_judge(r, raycast_ellipsoid(r, e), meets_ellipsoid, near_ellipsoid, e);
}

/* The cast in floating point (col__ray_judge decides a finite ray exactly). */
static col_ray_hit raycast_ellipsoid(const col_ray *r, const col_ellipsoid *e) {
    col_point o = {r->origin};
    if (col_overlap_point_ellipsoid(&o, e)) return col__ray_inside(r);
    int zeros = (e->r.x == COL_R(0.0)) + (e->r.y == COL_R(0.0)) + (e->r.z == COL_R(0.0));
    if (zeros == 0) {
        /* Into the unit sphere: x' = (x - c) / r componentwise; t is unchanged. */
        col_ray rs = *r;
        rs.origin =
            col_v3((r->origin.x - e->c.x) / e->r.x, (r->origin.y - e->c.y) / e->r.y, (r->origin.z - e->c.z) / e->r.z);
        rs.delta = col_v3(r->delta.x / e->r.x, r->delta.y / e->r.y, r->delta.z / e->r.z);
        if (!col_v3_is_valid(rs.origin) || !col_v3_is_valid(rs.delta)) return col__ray_miss();
        col_ray_hit h = col__raycast_sphere_at(&rs, col_v3(0, 0, 0), COL_R(1.0));
        if (h.status != COL_HIT) return h;
        h = col__ray_accept(r, h.t, col_v3(0, 0, 0));
        if (h.status != COL_HIT) return h;
        col_vec3 g = col_v3_sub(h.point, e->c);
        /* two divisions, not one by r^2, which can underflow to 0 */
        g = col_v3(g.x / e->r.x / e->r.x, g.y / e->r.y / e->r.y, g.z / e->r.z / e->r.z);
        h.normal = col__no_neg_zero(unit_or_against(g, r));
        return h;
    }
    if (zeros == 1) {
        /* A filled ellipse in the plane x_k = c_k: the crossing, if inside it. */
        int k = e->r.x == COL_R(0.0) ? 0 : (e->r.y == COL_R(0.0) ? 1 : 2);
        if (col_v3_get(r->origin, k) == col_v3_get(e->c, k) && col_v3_get(r->delta, k) == COL_R(0.0)) {
            /* A ray lying in that plane: the ellipse is the unit circle of the
             * scaled plane, which is what the unit sphere leaves of it. */
            col_ellipsoid thick = *e;
            if (k == 0) thick.r.x = COL_R(1.0);
            if (k == 1) thick.r.y = COL_R(1.0);
            if (k == 2) thick.r.z = COL_R(1.0);
            return raycast_ellipsoid(r, &thick);
        }
        col_vec3 n = world_axes[k];
        col_plane pl = {n, col_v3_get(e->c, k)};
        col_ray_hit h = col_raycast_plane(r, &pl);
        if (h.status != COL_HIT) return h;
        col_point p = {h.point};
        p.p.x = k == 0 ? e->c.x : p.p.x; /* exactly on the plane */
        p.p.y = k == 1 ? e->c.y : p.p.y;
        p.p.z = k == 2 ? e->c.z : p.p.z;
        if (!col_overlap_point_ellipsoid(&p, e)) return col__ray_miss();
        h.point = p.p;
        return h;
    }
    /* Two zero radii: the segment along the third axis; three: the point. */
    col_vec3 half = e->r;
    col_segment s = {col_v3_sub(e->c, half), col_v3_add(e->c, half)}; /* decided as the segment's cast */
    return col_raycast_segment(r, &s);
}
