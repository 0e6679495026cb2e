/*
 * collide/raycast.h — ray casts.
 *
 * A ray is origin + t * delta for t in [0, max_t] (col_ray, shapes.h): max_t = 1
 * makes it the segment origin..origin + delta, +infinity an unbounded ray.
 * Conventions shared by every function here:
 *   - The result starts zeroed. A hit has status COL_HIT, the smallest t in
 *     [0, max_t] at which the ray touches the shape (closed sets: grazing a
 *     face, an edge or a vertex is a hit), the point origin + t * delta, and
 *     the outward unit normal of the shape there. Surfaces without an inside
 *     (plane, triangle) report the normal facing the ray's origin.
 *   - A ray whose origin is in the shape reports t = 0, point = origin and
 *     inside = true; its normal is the zero vector (there is no entry face).
 *   - delta = 0 is legal: a point query at t = 0.
 *   - Invalid input (col_ray_is_valid, the shape's validator) gives
 *     COL_INVALID. A hit never has a NaN or infinite t, point or normal: a hit
 *     so far away that its point would overflow is reported as a miss.
 *   - No division decides a result: axis-parallel rays are handled
 *     explicitly, and every comparison is written so that NaN takes the miss
 *     branch (Badouel's trick, seed 001).
 *   - Decided exactly (issue 16): a ray with a finite max_t hits exactly when
 *     the static test (static.h) says the segment from the origin to
 *     origin + max_t * delta (as rounded) meets the shape -- at a tangent, an
 *     edge, a vertex, and at t = max_t too -- for every cast here except
 *     col_raycast_aabb_woo (kept as the plain floating-point method it
 *     documents). Both make one decision: filtered predicates (double
 *     arithmetic with an error bound, exact arithmetic where the sign is in
 *     doubt), so the common case costs little. The inside flag is the
 *     static test of the origin alone. t, the point and the normal are
 *     computed in floating point; where the rounded method misses a segment
 *     that touches the shape, t is the segment's closest approach, clamped
 *     to [0, max_t]. A ray without end is decided in floating point, except
 *     against triangles (below).
 */
#ifndef COLLIDE_RAYCAST_H
#define COLLIDE_RAYCAST_H

#include "collide/shapes.h"

COL_EXTERN_C_BEGIN

typedef struct col_ray_hit {
    col_status status; /* COL_HIT, COL_MISS or COL_INVALID */
    col_real t;        /* parameter of the hit, in [0, max_t] */
    col_vec3 point;    /* origin + t * delta */
    col_vec3 normal;   /* outward unit normal (zero when inside) */
    bool inside;       /* the origin is in the shape: t = 0 */
} col_ray_hit;

/* Ray-plane. The plane is a two-sided surface: the normal faces the origin.
 * An origin on the plane is inside (t = 0); a ray parallel to the plane and
 * off it misses. Source: seed 003. */
COL_API col_ray_hit col_raycast_plane(const col_ray *r, const col_plane *pl);

/* Ray-sphere, the early-out form of Real-Time Rendering (seed 004): reject a
 * sphere behind an outside origin before the square root; the root is taken
 * from the perpendicular distance (Haines et al., "Precision improvements for
 * ray/sphere intersection", Ray Tracing Gems 2019) to avoid cancellation.
 * Radius 0 is a point. With a finite max_t the decision is certified before
 * the cast from its first quantities, without division or root: the line's
 * distance by Lagrange's identity, |m|^2 |d|^2 - (m . d)^2 (m = origin - c),
 * and the closest approach's place, with bounds for their rounding and the
 * end's; the filter and exact arithmetic decide only where those leave it
 * in doubt (core/src/raycast.c, ball_certificate). */
COL_API col_ray_hit col_raycast_sphere(const col_ray *r, const col_sphere *s);

/* Ray-AABB by slabs (Kay-Kajiya; seed 004): the entry and exit parameters of
 * each slab, intersected. An axis with delta 0 is tested as "origin within
 * the slab" instead of dividing. Normal: the face of the last slab entered. */
COL_API col_ray_hit col_raycast_aabb_slabs(const col_ray *r, const col_aabb *b);

/* Ray-AABB by Woo's method (Graphics Gems I, "Fast ray-box intersection";
 * seed 001): candidate planes from the origin's quadrant, the largest
 * parameter wins, then the hit point is checked against the other slabs.
 * Kept beside the slab method so the two cross-check each other. */
COL_API col_ray_hit col_raycast_aabb_woo(const col_ray *r, const col_aabb *b);

/* Ray-OBB: slabs in the box frame; the normal is a box axis. */
COL_API col_ray_hit col_raycast_obb(const col_ray *r, const col_obb *b);

/* Options of the ray-triangle casts. */
typedef enum col_triangle_sides {
    COL_TWO_SIDED = 0,     /* both faces are hit (default) */
    COL_CULL_BACKFACES = 1 /* a ray arriving from behind (against the normal (b-a)x(c-a)) misses */
} col_triangle_sides;

/*
 * Ray-triangle, decided exactly: a ray with a finite max_t hits exactly
 * when the static test (col_overlap_segment_triangle) says the segment from
 * the origin to origin + max_t delta meets the triangle, at an edge, a
 * vertex or at t = max_t too; a ray without end (max_t = inf) hits exactly
 * when its line meets the triangle ahead of the origin (orientation
 * predicates with Shewchuk's filter and an exact path, collide's exact.c).
 * Shared edges and vertices are hit by every triangle that has them, so a
 * mesh has no cracks. t, for a finite max_t: where the segment crosses the
 * triangle's plane, from the plane's normal (b - a) x (c - a) and the ends'
 * offsets from it, good to a few eps |a - origin| / sin(slant) along the ray
 * whatever the triangle's size; without end: the watertight test's (Woop,
 * Benthin and Wald, "Watertight ray/triangle intersection", JCGT 2013: the
 * triangle sheared into ray space, three edge functions) where it agrees,
 * the plane's otherwise; a ray all but parallel to the plane whose n . delta
 * rounds to zero cannot report its (huge) t and misses. This is the
 * ray-triangle test of the generic dispatch. A ray lying in the triangle's
 * plane, or (with a finite max_t) within rounding of it, hits where it
 * enters the triangle in the plane of the two axes the normal points least
 * along (closed sets, in floating point; t = 0 where its origin lies within
 * the triangle there); an origin on the triangle is inside; a degenerate
 * triangle is its longest edge.
 */
COL_API col_ray_hit col_raycast_triangle(const col_ray *r, const col_triangle *t, col_triangle_sides sides);

/* Ray-triangle by Möller and Trumbore ("Fast, minimum storage ray-triangle
 * intersection", JGT 1997): barycentrics from two cross products, closed
 * tests u >= 0, v >= 0, u + v <= 1. Same conventions as col_raycast_triangle;
 * not watertight (kept as a second method). */
COL_API col_ray_hit col_raycast_triangle_mt(const col_ray *r, const col_triangle *t, col_triangle_sides sides);

/* Ray-triangle by Badouel (Graphics Gems I, "An efficient ray-polygon
 * intersection"; seed 001): the plane hit, then 2D barycentrics on the plane
 * of the two axes the normal points least along, compared as numerators
 * against their common denominator (the listing divides, which rounds points
 * on an edge off it). Same conventions; kept as a third method. */
COL_API col_ray_hit col_raycast_triangle_badouel(const col_ray *r, const col_triangle *t, col_triangle_sides sides);

/* Ray-capsule: the cylinder body between the caps first; where the ray
 * enters the infinite cylinder beyond an end, that end's sphere alone (it
 * comes first); a line that never comes within the radius of the axis
 * misses both. A zero-length capsule is a sphere, radius 0 a segment (hit
 * only by rays passing through it). With a finite max_t (a radius > 0) the
 * cast certifies its own decision: a point of the ray's segment (the
 * closest approach to the axis, or between the entry and where the ray
 * leaves the body) surely within the radius of the axis segment, by bounds
 * for the cast's rounding and the end's; the line surely farther than the
 * radius from the axis line; an end's sphere by ray-sphere's certificate.
 * The segment's bounding box apart from the capsule's rejects before the
 * cast; the filter and exact arithmetic decide only the rays left in doubt
 * (core/src/raycast.c, cylinder_body). Source: Ericson 5.3.7. */
COL_API col_ray_hit col_raycast_capsule(const col_ray *r, const col_capsule *c);

/* Ray-ellipsoid (axis-aligned): scaled into the unit sphere, where
 * col_raycast_sphere's method applies; normal = gradient (p - c) / r^2,
 * normalized. A zero radius flattens it: one zero radius is a filled ellipse
 * (the ray's crossing of its plane), two a segment, three a point. */
COL_API col_ray_hit col_raycast_ellipsoid(const col_ray *r, const col_ellipsoid *e);

/* Ray-point: a hit only when the ray passes exactly through the point (a
 * sphere of radius 0). Ray-segment likewise (a capsule of radius 0). */
COL_API col_ray_hit col_raycast_point(const col_ray *r, const col_point *p);
COL_API col_ray_hit col_raycast_segment(const col_ray *r, const col_segment *s);

/* Ray-polytope: the convex hull of the points, by GJK ray casting (van den
 * Bergen, "Ray Casting against General Convex Objects with Application to
 * Continuous Collision Detection", 2004): GJK's closest point v of the ray's
 * point x to the hull; where a support point proves a plane normal to v
 * separates them, x advances to that plane (never past the hull), and the
 * ray misses where it runs along or away from it or the advance passes
 * max_t. The normal is that plane's (v normalized, facing the ray); t is
 * within the GJK size tolerance (base.h) of the exact entry, relative to
 * the hull's extent from the origin, where GJK's steps stall (v . w is
 * noise once |v| falls below sqrt(eps) of that extent) the last simplex's
 * face (its plane checked to support the hull), edge or vertex giving the
 * entry (a stall at an edge beside a face the simplex solver could not take
 * in, the point's foot on it too near the edge to resolve: that face, where
 * its plane supports the hull and the ray crosses it within the face); where
 * the ray enters through another feature than that (a grazing
 * ray passing an edge into the face beside it), or from an origin within
 * that stall of the hull, the point at t lies within the stall of the hull
 * and before the entry, the gap along the ray that distance over the slant
 * of the hull's surface there (a ray at a slant of 0.014 stopped 3.4e-7
 * from a hull 1000 across, 2.5e-5 before its entry along the ray). With a
 * finite max_t the decision is
 * the static test's: a hit exactly when col_overlap says the segment from
 * the origin to origin + max_t * delta meets the hull (by GJK, within its
 * tolerance: not exact, as for every pair with a polytope), inside exactly
 * when it says the origin does; where the cast disagrees at such a
 * boundary, t is the segment's closest approach (col_distance). Duplicate,
 * coplanar and collinear points are fine (the hull is what counts); an
 * invalid polytope (col_polytope_is_valid) gives COL_INVALID. */
COL_API col_ray_hit col_raycast_polytope(const col_ray *r, const col_polytope *p);

COL_EXTERN_C_END

#endif /* COLLIDE_RAYCAST_H */
