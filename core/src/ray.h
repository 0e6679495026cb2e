/* Private helpers shared by the ray-cast and sweep sources. */
#ifndef COLLIDE_SRC_RAY_H
#define COLLIDE_SRC_RAY_H

#include <string.h>

#include "collide/raycast.h"
#include "collide/sweep.h"
#include "geom.h"

/* Zeroed results: miss, invalid, and the inside hit (t = 0 at the origin);
 * inline, so a cast builds its result in place. */
static inline col_ray_hit col__ray_miss(void) {
    col_ray_hit h;
    memset(&h, 0, sizeof h);
    h.status = COL_MISS;
    return h;
}

static inline col_ray_hit col__ray_invalid(void) {
    col_ray_hit h = col__ray_miss();
    h.status = COL_INVALID;
    return h;
}

static inline col_ray_hit col__ray_inside(const col_ray *r) {
    col_ray_hit h = col__ray_miss();
    h.status = COL_HIT;
    h.point = r->origin;
    h.inside = true;
    return h;
}

/* A hit at t with the given normal when t is in [0, max_t] and the point and
 * normal are finite; otherwise a miss. */
static COL__ALWAYS_INLINE col_ray_hit col__ray_accept(const col_ray *r, col_real t, col_vec3 normal) {
    /* NaN fails every comparison and misses. */
    if (!(t >= COL_R(0.0) && t <= r->max_t && t <= COL_REAL_MAX)) return col__ray_miss();
    col_vec3 p = col_v3_madd(r->origin, t, r->delta);
    if (!col_v3_is_valid(p) || !col_v3_is_valid(normal)) return col__ray_miss();
    col_ray_hit h = {COL_HIT, t + COL_R(0.0), p, col__no_neg_zero(normal), false}; /* t never -0 */
    return h;
}

/* The end of a ray with a finite max_t, origin + max_t delta (rounded): the
 * segment the static tests judge the cast by. False for max_t = inf or an
 * end beyond the coordinate range. */
static inline bool col__ray_end(const col_ray *r, col_vec3 *end) {
    if (!(r->max_t <= COL_REAL_MAX)) return false;
    *end = col_v3_add(r->origin, col_v3_scale(r->delta, r->max_t));
    return col_v3_is_valid(*end);
}

/* col__ray_end for a valid ray whose col__ray_end_scale (or
 * col__valid_ray_scaled's) is scale: where scale <= COL_HUGE the end is
 * valid without a test (each |end_k| = |fl(o_k + fl(max_t d_k))| <=
 * fl(|o_k| + fl(max_t |d_k|)) <= fl(|o|1 + fl(2 max_t |d|1)) = scale,
 * by rounding's monotonicity); else (max_t = inf gives inf or NaN)
 * col__ray_end's tests. */
static inline bool col__ray_end_scaled(const col_ray *r, col_real scale, col_vec3 *end) {
    if (!(scale <= (col_real)COL_HUGE)) return col__ray_end(r, end);
    if (r->max_t == COL_R(1.0)) /* a segment's cast: fl(1 d) = d, the same end a product sooner */
        *end = col_v3_add(r->origin, r->delta);
    else
        *end = col_v3_add(r->origin, col_v3_scale(r->delta, r->max_t));
    return true;
}

/* The exact decision of a cast with a finite max_t (issue 16): meets(p, q,
 * shape) decides whether the closed segment [p, q] meets the shape, exactly
 * (exact.h), as the static test does. col__ray_judge returns the floating-
 * point cast h where the decision agrees, a miss where the segment misses,
 * the inside hit where the origin lies in the shape, and near(r, end, shape)
 * -- a hit at the segment's closest approach, clamped to [0, max_t] -- where
 * the rounded cast missed a segment that touches the shape. */
typedef bool (*col__meets_fn)(col_vec3 p, col_vec3 q, const void *shape);
typedef col_ray_hit (*col__near_fn)(const col_ray *r, col_vec3 end, const void *shape);
typedef int (*col__fast_fn)(col_vec3 p, col_vec3 q, const void *shape);
typedef col_ray_hit (*col__cast_shape_fn)(const col_ray *r, const void *shape);
col_ray_hit col__ray_judge(const col_ray *r, col_ray_hit h, col__meets_fn meets, col__near_fn near, const void *shape);

/* The shapes' casts without validation (callers validate). */
col_ray_hit col__raycast_sphere_at(const col_ray *r, col_vec3 c, col_real radius);
/* col__raycast_sphere_at's status, t and point, its normal not computed
 * (zero; the tiny-ball path still gives it): for casts whose normal nobody
 * reads (a sweep's backward cast). */
col_ray_hit col__raycast_sphere_t(const col_ray *r, col_vec3 c, col_real radius);
/* A sweep of two spheres as one cast (sweep.c): r is A's centre and the
 * relative motion (origin a.c, delta fl(da - db), max_t 1), the ball (c,
 * radius) B's centre and the radii's sum; the cast runs on rel = (fl(origin
 * - c), delta, max_t) against the ball of that radius at 0. Where the ball
 * and the origin are not tiny and the cast's plain path applies (or the
 * origin is inside and the ray still): *h the cast of
 * col__raycast_sphere_at(&rel, 0, radius), bit for bit, and where it hits
 * *t1 the exit, the greater root of the same quadratic (k + the half chord;
 * max_t for a ray standing still) at most max_t and at least the entry, in
 * place of a cast backwards from the end; *sure col__ball_sure's verdict
 * on r's segment and the ball (c, radius) (1 surely meets, 0 surely not, 2
 * in doubt), from the cast's own quantities (its m = rel.origin is
 * col__ball_sure's); true (*h unwritten where *sure is 0: the caller's
 * answer is a miss). Else false (the caller casts both ways and asks
 * col__ball_sure). */
bool col__sphere_sweep_cast(const col_ray *r, col_vec3 c, col_real radius, col_ray_hit *h, col_real *t1, int *sure);
/* Whether the segment [origin, end] of a ray with a finite max_t (end as
 * col__ray_end computes it) meets the ball (c, radius), from the cast's
 * first quantities with error bounds (raycast.c): 1 surely, 0 surely not, 2
 * in doubt (always under col__exact_always). The bounds also cover a radius
 * rounded once (a sum of two radii) and an origin, delta or end within a
 * few roundings of the ones the caller decides for (a sweep's motion). */
int col__ball_sure(const col_ray *r, col_vec3 end, col_vec3 c, col_real radius);
col_ray_hit col__raycast_box_slabs(const col_ray *r, col_vec3 o, col_vec3 d, col_vec3 lo, col_vec3 hi,
                                   const col_vec3 *axes);
/* col_raycast for every kind but the polytope (raycast_dispatch.c: the
 * dispatch the pair table's point sweeps use, below the polytope's cast);
 * COL_INVALID for a polytope. */
col_ray_hit col__raycast_kind(col_shape_kind kind, const void *shape, const col_ray *r);
col_ray_hit col__raycast_capsule_raw(const col_ray *r, col_vec3 a, col_vec3 b, col_real radius);

/* A zeroed sweep result with the given status. */
col_sweep_hit col__sweep_miss(col_status status);

/* For the tests and the bench: when set, col_sweep_rotating advances by
 * conservative advancement alone, without its separating-axis steps (the
 * answers must agree to the tolerance; the steps are fewer with them). Not
 * thread-safe; false in every use of the library. */
extern bool col__rotating_plain;

/* A cast of a ray against some convex set described by ctx. */
typedef col_ray_hit (*col__cast_fn)(const col_ray *r, const void *ctx);

/* The sweep of a point starting at p and moving by v (u in [0, 1]) through
 * the convex set cast() describes: t0 and the normal from the forward cast,
 * t1 from the cast backwards from p + v. point is the entry point on the set
 * (callers turn it into the contact point). */
col_sweep_hit col__sweep_cast(col__cast_fn cast, const void *ctx, col_vec3 p, col_vec3 v);
/* The same with the backward cast by back (the same set; only its status and
 * t are read: it may skip the normal). */
col_sweep_hit col__sweep_cast_by(col__cast_fn cast, col__cast_fn back, const void *ctx, col_vec3 p, col_vec3 v);

#endif
