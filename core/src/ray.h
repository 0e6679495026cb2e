/* Private helpers shared by the ray-cast and sweep sources. */
#ifndef COLLIDE_SRC_RAY_H
#define COLLIDE_SRC_RAY_H

#include <string.h>

#include "collide/raycast.h"
#include "geom.h"

/* Zeroed results: miss, invalid, and the inside hit (t = 0 at the origin). */
col_ray_hit col__ray_miss(void);
col_ray_hit col__ray_invalid(void);
col_ray_hit col__ray_inside(const col_ray *r);

/* v normalized (overflow-safe), or fallback when v is zero or not finite. */
col_vec3 col__unit_or(col_vec3 v, col_vec3 fallback);

/* A hit at t with the given normal when t is in [0, max_t] and the point and
 * normal are finite; otherwise a miss. */
col_ray_hit col__ray_accept(const col_ray *r, col_real t, col_vec3 normal);

/* The shapes' casts without validation (callers validate). */
col_ray_hit col__raycast_sphere_at(const col_ray *r, col_vec3 c, col_real radius);
col_ray_hit col__raycast_box_slabs(const col_ray *r, col_vec3 o, col_vec3 d, col_vec3 lo, col_vec3 hi,
                                   const col_vec3 axes[3]);
col_ray_hit col__raycast_capsule_raw(const col_ray *r, col_vec3 a, col_vec3 b, col_real radius);

#endif
