/*
 * collide/shapes.h — the shapes of collide as plain structs, their validators
 * and constructors.
 *
 * All shapes are closed sets. A shape is valid when every number in it is
 * finite with magnitude <= COL_HUGE and its own constraints hold (listed per
 * validator). Queries never exhibit undefined behaviour on invalid shapes: a
 * boolean query returns false, a classification COL_SIDE_INVALID, a query with a
 * result record COL_INVALID. Degenerate but finite shapes are valid: a sphere or
 * capsule of radius 0, a box of zero extent, a zero-length segment, a collinear
 * triangle (see each query for what it does with them).
 */
#ifndef COLLIDE_SHAPES_H
#define COLLIDE_SHAPES_H

#include "collide/math.h"

COL_EXTERN_C_BEGIN

typedef struct col_point {
    col_vec3 p;
} col_point;

/* The closed segment from a to b. a == b is a point. */
typedef struct col_segment {
    col_vec3 a, b;
} col_segment;

/* The infinite line p + s * d. d need not be unit length but must be non-zero. */
typedef struct col_line {
    col_vec3 p, d;
} col_line;

/* The plane n . x = d with unit normal n. "Front" is the side n points to. */
typedef struct col_plane {
    col_vec3 n;
    col_real d;
} col_plane;

/* The closed triangle abc (boundary and interior). Counter-clockwise a, b, c
 * seen from the front gives normal (b - a) x (c - a). */
typedef struct col_triangle {
    col_vec3 a, b, c;
} col_triangle;

typedef struct col_sphere {
    col_vec3 c;
    col_real r;
} col_sphere;

/* All points within r of the segment ab. */
typedef struct col_capsule {
    col_vec3 a, b;
    col_real r;
} col_capsule;

/* Axis-aligned box, min <= max on every axis. */
typedef struct col_aabb {
    col_vec3 min, max;
} col_aabb;

/* Oriented box: centre c, orthonormal axes u[0..2], half extents e >= 0 along
 * them (the seeds' {C, U, V, W, L}). The box is { c + s0 u0 + s1 u1 + s2 u2 :
 * |s_i| <= e_i }. */
typedef struct col_obb {
    col_vec3 c;
    col_vec3 u[3];
    col_vec3 e;
} col_obb;

/* Axis-aligned ellipsoid: centre c, radii r >= 0 along x, y, z. A zero radius
 * flattens it into an ellipse (or a segment, or a point). Where two radii
 * are 0, or below an ulp of its coordinates (COL_EPSILON times |c|inf plus
 * the largest radius), GJK, EPA and the penetration take it as the segment
 * along its largest radius (or the point c), which lies within that of it. */
typedef struct col_ellipsoid {
    col_vec3 c;
    col_vec3 r;
} col_ellipsoid;

/* 2D circle and axis-aligned rectangle (min <= max). */
typedef struct col_circle {
    col_vec2 c;
    col_real r;
} col_circle;

typedef struct col_rect {
    col_vec2 min, max;
} col_rect;

/* The ray origin + t * delta for t in [0, max_t] (SPEC section 3): max_t = 1
 * makes it the segment origin..origin + delta, max_t = +infinity an unbounded
 * ray. A zero delta is legal (a point query at t = 0). */
typedef struct col_ray {
    col_vec3 origin, delta;
    col_real max_t;
} col_ray;

/* The convex hull of `count` points, which are borrowed (not copied): they
 * must stay alive and unchanged while the polytope is used. Duplicates,
 * interior and coplanar points are legal. */
typedef struct col_polytope {
    const col_vec3 *points;
    int count;
} col_polytope;

/* Order of a frustum's planes. */
enum { COL_FRUSTUM_LEFT, COL_FRUSTUM_RIGHT, COL_FRUSTUM_BOTTOM, COL_FRUSTUM_TOP, COL_FRUSTUM_NEAR, COL_FRUSTUM_FAR };

/* A view frustum: six planes whose normals point inward, so a point is inside
 * when n . x - d >= 0 for all six (the front side of every plane). */
typedef struct col_frustum {
    col_plane planes[6];
} col_frustum;

/* ---- validators: finite, |x| <= COL_HUGE, and the constraint named. ---- */

COL_API bool col_point_is_valid(const col_point *p);
COL_API bool col_segment_is_valid(const col_segment *s);
/* d must be non-zero: d.d > 0 in col_real (a direction shorter than about
 * 1e-154 in double or 1e-19 in float counts as zero). */
COL_API bool col_line_is_valid(const col_line *l);
/* | |n|^2 - 1 | <= COL_UNIT_TOLERANCE. */
COL_API bool col_plane_is_valid(const col_plane *p);
COL_API bool col_triangle_is_valid(const col_triangle *t);
/* r >= 0. */
COL_API bool col_sphere_is_valid(const col_sphere *s);
/* r >= 0. */
COL_API bool col_capsule_is_valid(const col_capsule *c);
/* min <= max on every axis. */
COL_API bool col_aabb_is_valid(const col_aabb *b);
/* e >= 0 and axes orthonormal within COL_ORTHONORMAL_TOLERANCE
 * (see col_m3_is_orthonormal). */
COL_API bool col_obb_is_valid(const col_obb *b);
/* r >= 0 on every axis. */
COL_API bool col_ellipsoid_is_valid(const col_ellipsoid *e);
/* r >= 0. */
COL_API bool col_circle_is_valid(const col_circle *c);
/* min <= max on both axes. */
COL_API bool col_rect_is_valid(const col_rect *r);

/* origin and delta valid, max_t >= 0 (max_t may be +infinity, never NaN). */
COL_API bool col_ray_is_valid(const col_ray *r);
/* points non-NULL, count >= 1, every point valid. */
COL_API bool col_polytope_is_valid(const col_polytope *p);
/* all six planes valid (unit normals). */
COL_API bool col_frustum_is_valid(const col_frustum *f);

/* ---- constructors ---- */

/* The plane n . x = d for any non-zero n: stores n / |n| and d / |n|, so the
 * point set is the same. A zero or non-finite n gives a plane whose normal is
 * zero, which col_plane_is_valid rejects. */
COL_API col_plane col_plane_make(col_vec3 n, col_real d);

/* The plane through p with normal direction n (normalized here). A zero or
 * non-finite n gives an invalid plane, as col_plane_make. */
COL_API col_plane col_plane_from_point_normal(col_vec3 p, col_vec3 n);

/* The plane through a, b, c with normal (b - a) x (c - a) normalized, so a
 * counter-clockwise triangle seen from the front has the plane's front side.
 * d is computed from the centroid to balance rounding between the points.
 * Collinear or coincident points give an invalid plane (zero normal). */
COL_API col_plane col_plane_from_points(col_vec3 a, col_vec3 b, col_vec3 c);

/* The OBB with the same point set as the AABB (identity axes). */
COL_API col_obb col_obb_from_aabb(const col_aabb *b);

/* An OBB whose axes are the columns of rotation `axes`. */
COL_API col_obb col_obb_make(col_vec3 center, col_vec3 half_extents, col_mat3 axes);

/* The axes of an OBB as a matrix (columns u[0], u[1], u[2]). */
COL_API col_mat3 col_obb_axes(const col_obb *b);

/*
 * The frustum of a perspective camera at `position` looking along `forward`
 * with `up` (made perpendicular to forward; right = forward x up), a vertical
 * field of view `fov_y` in radians (0 < fov_y < pi), width/height `aspect` > 0
 * and clip distances 0 < near_dist < far_dist. Inward normals, order as
 * COL_FRUSTUM_*. Invalid parameters (non-finite, out of range, forward and up
 * parallel or zero) give a frustum of zero planes, which col_frustum_is_valid
 * rejects. Source: Real-Time Rendering, seed 004 (frustum planes).
 */
COL_API col_frustum col_frustum_from_camera(col_vec3 position, col_vec3 forward, col_vec3 up, col_real fov_y,
                                            col_real aspect, col_real near_dist, col_real far_dist);

/* Signed distance of point p from the plane: n . p - d (positive in front). */
COL_API col_real col_plane_signed_distance(const col_plane *pl, col_vec3 p);

/* Unit normal of the triangle, (b - a) x (c - a) normalized; the zero vector
 * when the triangle is degenerate (collinear or coincident vertices). */
COL_API col_vec3 col_triangle_normal(const col_triangle *t);

COL_EXTERN_C_END

#endif /* COLLIDE_SHAPES_H */
