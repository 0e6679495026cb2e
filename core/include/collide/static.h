/*
 * collide/static.h — static (boolean and classification) tests.
 *
 * Conventions shared by every function here:
 *   - Shapes are closed sets: touching counts as overlapping; a shape touching
 *     a plane straddles it (COL_STRADDLE).
 *   - The shape is the first argument and the name says the pair:
 *     col_overlap_<a>_<b>(const col_<a> *, const col_<b> *).
 *   - Invalid input (see shapes.h: non-finite, |x| > COL_HUGE, negative sizes,
 *     zero plane normal, non-orthonormal OBB axes) gives false, COL_SIDE_INVALID
 *     or status COL_INVALID. Never undefined behaviour, never a loop.
 *   - No tolerance fattens a shape: two shapes separated by more than the
 *     rounding of their coordinates are reported separated. Near-parallel
 *     directions are handled by skipping a separating axis whose direction is
 *     rounding noise (COL_PARALLEL_TOLERANCE), never by inflating every axis.
 *   - Sources: seed 000 is Gomez, "Simple Intersection Tests for Games" (1999);
 *     001 the Badouel/Woo/Arvo notes; 002 Yip's circle-rectangle; 003 the
 *     "Primitive Collision Detecting" plane tests; 004 Real-Time Rendering's
 *     intersection chapter. "Ericson" is Real-Time Collision Detection (2005).
 */
#ifndef COLLIDE_STATIC_H
#define COLLIDE_STATIC_H

#include "collide/shapes.h"

COL_EXTERN_C_BEGIN

/* ======================= against a plane ======================= */
/*
 * col_classify_<shape>_plane: COL_FRONT when the whole shape has n.x - d > 0,
 * COL_BACK when the whole shape has n.x - d < 0, COL_STRADDLE otherwise
 * (touching included), COL_SIDE_INVALID for invalid input.
 * col_overlap_<shape>_plane is true exactly when the classification is
 * COL_STRADDLE. Degenerate shapes are classified as the point set they are.
 */

/* Point: the sign of n.p - d, exact (a filtered predicate: the rounded dot
 * product with an error bound, exact arithmetic when the sign is in doubt);
 * exactly 0 straddles. Source: seed 003. */
COL_API col_side col_classify_point_plane(const col_point *p, const col_plane *pl);
COL_API bool col_overlap_point_plane(const col_point *p, const col_plane *pl);

/* Segment: the exact signs of its two endpoints (as for a point), the
 * decision of col_raycast_plane too. Source: seed 003. */
COL_API col_side col_classify_segment_plane(const col_segment *s, const col_plane *pl);
COL_API bool col_overlap_segment_plane(const col_segment *s, const col_plane *pl);

/* Triangle: the exact signs of its three vertices (as for a point).
 * Source: seed 003. */
COL_API col_side col_classify_triangle_plane(const col_triangle *t, const col_plane *pl);
COL_API bool col_overlap_triangle_plane(const col_triangle *t, const col_plane *pl);

/* Sphere: signed centre distance s = n.c - d against r (|s| == r straddles),
 * exact: the signs of n.c - d - r and n.c - d + r, r never added to d in
 * floating point (the decision of col_sweep_sphere_plane at u = 0).
 * Sources: seeds 001, 003. */
COL_API col_side col_classify_sphere_plane(const col_sphere *s, const col_plane *pl);
COL_API bool col_overlap_sphere_plane(const col_sphere *s, const col_plane *pl);

/* Capsule: the endpoint distances against r, exact as the sphere's. */
COL_API col_side col_classify_capsule_plane(const col_capsule *c, const col_plane *pl);
COL_API bool col_overlap_capsule_plane(const col_capsule *c, const col_plane *pl);

/* AABB: the two box vertices extreme along n (the "n- and p-vertex" of
 * seed 004 and Gomez, seed 000), each classified as a point, so the answer for
 * a box with a vertex on the plane is exactly that of the vertex (exact). */
COL_API col_side col_classify_aabb_plane(const col_aabb *b, const col_plane *pl);
COL_API bool col_overlap_aabb_plane(const col_aabb *b, const col_plane *pl);

/* OBB: centre distance against the projected radius sum e_i |u_i . n|,
 * decided exactly for the box c + sum t_i e_i u_i (|t_i| <= 1, the axes as
 * given): a box whose lowest vertex is on the plane straddles it, an ulp
 * above is in front (a filter first, exact arithmetic within its error
 * bound). Source: seeds 000, 003. */
COL_API col_side col_classify_obb_plane(const col_obb *b, const col_plane *pl);
COL_API bool col_overlap_obb_plane(const col_obb *b, const col_plane *pl);

/* Axis-aligned ellipsoid: centre distance against the support radius
 * sqrt((n.x r.x)^2 + (n.y r.y)^2 + (n.z r.z)^2) (the K of seed 003's
 * derivation) over |n|, which rounds near 1 (so equal radii r answer
 * exactly as a sphere of radius r does), decided exactly without the
 * square root: the signs of n . c - d and of its square times |n|^2 minus
 * the sum (filtered); zero radii flatten the ellipsoid and need no special
 * case. */
COL_API col_side col_classify_ellipsoid_plane(const col_ellipsoid *e, const col_plane *pl);
COL_API bool col_overlap_ellipsoid_plane(const col_ellipsoid *e, const col_plane *pl);

/* Result of col_intersect_segment_plane. */
typedef struct col_segment_plane_hit {
    col_status status; /* COL_HIT, COL_MISS or COL_INVALID */
    col_real t;        /* parameter of the hit on a + t (b - a), in [0, 1] */
    col_vec3 point;    /* the hit point */
    bool in_plane;     /* the whole segment lies in the plane; t = 0 then */
} col_segment_plane_hit;

/*
 * Where the segment ab meets the plane: the smallest t in [0, 1] with
 * a + t (b - a) on the plane. t comes from the endpoint distances
 * da / (da - db), which is exact at the endpoints (t = 0 or 1 when an endpoint
 * is on the plane); whether it meets the plane, and where an endpoint is on
 * it, is decided by the endpoints' exact sides, as col_classify_segment_plane
 * does. It never divides by zero: a segment parallel to the plane
 * either misses or lies in it (in_plane, t = 0). A zero-length segment is a
 * point. Source: seed 003 (which divides by n.v == 0 without a guard).
 */
COL_API col_segment_plane_hit col_intersect_segment_plane(const col_segment *s, const col_plane *pl);

/* Result of col_intersect_triangle_plane. */
typedef struct col_triangle_plane_hit {
    col_status status; /* COL_HIT when the triangle touches or crosses the plane */
    col_side side;     /* classification of the triangle */
    bool coplanar;     /* all three vertices on the plane: p, q are then a, a */
    col_vec3 p, q;     /* the intersection segment (p == q when touching at a vertex) */
} col_triangle_plane_hit;

/*
 * The segment where triangle and plane meet, decided by the vertices' exact
 * sides (as col_classify_triangle_plane). A vertex on the plane is kept
 * exactly; an edge whose endpoints are strictly on opposite sides contributes
 * its crossing (interpolated from the endpoint distances, so it lies on the
 * edge). An edge lying in the plane gives that edge. A triangle lying in the
 * plane reports coplanar (the intersection is the whole triangle). A degenerate
 * triangle is handled the same way as the point set it is. Source: seed 003.
 */
COL_API col_triangle_plane_hit col_intersect_triangle_plane(const col_triangle *t, const col_plane *pl);

/* Result of col_intersect_three_planes. */
typedef struct col_three_planes_hit {
    col_status status; /* COL_HIT: a unique point; COL_MISS: two or more normals (nearly) dependent */
    col_vec3 point;
} col_three_planes_hit;

/*
 * The single point common to three planes:
 *   x = (d1 (n2 x n3) + d2 (n3 x n1) + d3 (n1 x n2)) / (n1 . (n2 x n3)).
 * When |n1 . (n2 x n3)|^2 <= COL_PARALLEL_TOLERANCE the normals are (nearly)
 * linearly dependent and there is no unique point: COL_MISS (the planes meet
 * in a line, a plane or not at all). Source: Goldman, "Intersection of three
 * planes", Graphics Gems I (1990).
 */
COL_API col_three_planes_hit col_intersect_three_planes(const col_plane *p1, const col_plane *p2, const col_plane *p3);

/* Result of col_closest_points_lines. */
typedef struct col_line_line_result {
    col_status status; /* COL_HIT (always for valid lines) or COL_INVALID */
    bool parallel;     /* the lines are parallel: s = 0 and t is the projection */
    col_real s, t;     /* pa = l1.p + s l1.d, pb = l2.p + t l2.d */
    col_vec3 pa, pb;   /* the closest points; pa == pb when the lines intersect */
} col_line_line_result;

/*
 * Closest points of two infinite lines p1 + s d1 and p2 + t d2. With
 * r = p1 - p2, a = d1.d1, e = d2.d2, b = d1.d2, c = d1.r, f = d2.r and
 * denom = a e - b^2 = |d1 x d2|^2: s = (b f - c e) / denom, t = (a f - b c) / denom.
 * Lines whose sin^2 angle is <= COL_PARALLEL_TOLERANCE are parallel: every pair
 * of points at the common distance is closest; the result takes s = 0 and
 * projects p1 onto the other line. Source: Goldman, "Intersection of two lines
 * in three-space", Graphics Gems I (1990); Ericson 5.1.8.
 */
COL_API col_line_line_result col_closest_points_lines(const col_line *l1, const col_line *l2);

/* ======================= spheres and boxes ======================= */

/* |c1 - c2|^2 <= (r1 + r2)^2, decided exactly (issue 16): the rounded
 * squares L and R decide unless |L - R| <= 16 eps (L + R + the smallest
 * normal) (a touch, or squares that underflowed), then exact arithmetic
 * does, r1 + r2 never rounded (core/src/box.h).
 * Radius 0 is a point. Source: seed 000. */
COL_API bool col_overlap_sphere_sphere(const col_sphere *a, const col_sphere *b);

/* Interval overlap on x, y and z (closed). Zero-extent boxes are points,
 * segments or faces. Source: seed 000. */
COL_API bool col_overlap_aabb_aabb(const col_aabb *a, const col_aabb *b);

/* Arvo's test: the squared distance from the centre to the box, summed per
 * axis, against r^2, decided exactly as sphere-sphere (filtered, exact
 * arithmetic at a touch). Source: Arvo,
 * "A simple method for box-sphere intersection testing", Graphics Gems I;
 * seeds 000, 002. */
COL_API bool col_overlap_aabb_sphere(const col_aabb *b, const col_sphere *s);

/* Arvo's test in the OBB's frame: the centre is expressed in the box axes. */
COL_API bool col_overlap_obb_sphere(const col_obb *b, const col_sphere *s);

/*
 * OBB-OBB by the separating axis theorem on the 15 axes: the 3 + 3 face axes
 * and the 9 cross products of edge directions (Gottschalk 1996; Gomez, seed
 * 000). Everything is computed in A's frame from R = A^T B and t = A^T (cB - cA).
 * Each cross axis L is projected consistently (the radius of B on L is formed
 * from the entries of R, not from the cofactor identity), so a reported
 * separation holds for the computed boxes up to the rounding of one projection.
 * A cross axis with |L|^2 <= COL_PARALLEL_TOLERANCE (parallel edges; the test
 * is dimensionless, so it scales with the boxes) is skipped: for exactly
 * parallel edges the face axes already decide the test. No epsilon is added to
 * |R|, so near-touching boxes are not fattened. Zero extents are legal.
 */
COL_API bool col_overlap_obb_obb(const col_obb *a, const col_obb *b);

/* The AABB as an OBB with identity axes, then col_overlap_obb_obb. */
COL_API bool col_overlap_aabb_obb(const col_aabb *a, const col_obb *b);

/*
 * Segment-box, decided exactly: the intervals of the segment's parameter that
 * the three slabs allow have a point in common with [0, 1], each comparison
 * of two interval ends the sign of a cross-multiplied product (a filtered
 * predicate: floating point with an error bound, exact arithmetic when the
 * sign is in doubt), so a segment touching a face, an edge or a corner
 * overlaps and one an ulp beside does not. The same decision as
 * col_raycast_aabb_slabs with a finite max_t. A zero-length segment is a
 * point. Source: the slab test (Kay and Kajiya 1986; Gomez's SAT, seed 000,
 * decides the same set).
 */
COL_API bool col_overlap_aabb_segment(const col_aabb *b, const col_segment *s);

/* The same exact test for the OBB as the slabs |u_k . (x - c)| <= e_k (the
 * box its axes span when they are orthonormal), the decision of
 * col_raycast_obb with a finite max_t. Source: seed 000 ("transform the
 * segment into the OBB's frame"), decided in the world frame here. */
COL_API bool col_overlap_obb_segment(const col_obb *b, const col_segment *s);

/* The smallest AABB containing the OBB: half extent along world axis k is
 * sum_i e_i |u_i.k|. Source: seed 000 ("OBB to AABB conversion").
 * Invalid input gives the empty box (min = +inf, max = -inf), which
 * col_aabb_is_valid rejects and which merging into another box leaves it
 * unchanged. */
COL_API col_aabb col_aabb_from_obb(const col_obb *b);

/*
 * The smallest AABB containing M * x + t for every x of the box (Arvo,
 * "Transforming axis-aligned bounding boxes", Graphics Gems I (1990)): for
 * each output axis i, add min/max of M_ij * min_j and M_ij * max_j. Any finite
 * M works (rotation, scale, shear). Invalid input (an invalid box, a
 * non-finite M or t) gives the empty box (min = +inf, max = -inf), which
 * col_aabb_is_valid rejects.
 */
COL_API col_aabb col_aabb_transform(const col_aabb *b, col_mat3 m, col_vec3 t);

/* ======================= triangles ======================= */

/* The centre within r of the triangle, decided exactly (issue 16): within r
 * of an edge (the segment-ball decision), or projecting into the triangle
 * and within r of its plane ((n . (c - a))^2 <= r^2 |n|^2, signs of
 * polynomials: filtered, exact where in doubt), so a sphere touching a
 * face, an edge or a vertex overlaps and one an ulp away does not.
 * A degenerate (collinear, col__triangle_is_degenerate's tolerance)
 * triangle is its longest edge. Source: Ericson 5.1.5 (the closest point,
 * which the sweep's contact point still uses). */
COL_API bool col_overlap_sphere_triangle(const col_sphere *s, const col_triangle *t);

/*
 * Triangle-AABB SAT on 13 axes: the 3 box normals, the triangle normal and the
 * 9 cross products of box axes with triangle edges (Akenine-Möller, "Fast
 * 3D triangle-box overlap testing", 2001), in the box's centre frame. Zero axes
 * (degenerate triangle, edges parallel to box axes) never separate; the
 * remaining axes still form a complete set for a segment or a point.
 */
COL_API bool col_overlap_aabb_triangle(const col_aabb *b, const col_triangle *t);

/* The same test with the triangle expressed in the OBB's frame. */
COL_API bool col_overlap_obb_triangle(const col_obb *b, const col_triangle *t);

/*
 * Segment-triangle intersection (closed sets), decided exactly: the five
 * orientations that decide it (the ends against the triangle's plane, the
 * segment's line against each edge) first in floating point with a proven
 * error bound (in four lanes where the CPU has AVX2: the same answer), and
 * in exact arithmetic where that bound leaves a sign in doubt (exact.h).
 * Complete for segments parallel to or lying in the triangle's plane, and
 * for zero-length segments. A degenerate triangle, or one whose normal's
 * square underflows (base.h), is its longest edge, met exactly
 * (col_overlap_segment_segment's decision). Invalid input: false. Sources:
 * the orientation form of Moller and Trumbore's test (as in Guigue and
 * Devillers, JGT 2003); Shewchuk's filtered predicates.
 */
COL_API bool col_overlap_segment_triangle(const col_segment *s, const col_triangle *t);

/*
 * Segment-segment intersection (closed), decided exactly for every finite
 * input: the four end points must be coplanar (one orient3d), and then the
 * segments' shadows must meet on all three coordinate planes (orient2d),
 * which for coplanar segments is the same as meeting. Either segment may be
 * a point. Filtered predicates (Shewchuk's bounds, an exact path on GMP
 * integers only when the sign is in doubt). Source: the orientation tests
 * of O'Rourke, Computational Geometry in C, 7.2; before it a SAT whose
 * in-plane axes rounded touching segments apart.
 */
COL_API bool col_overlap_segment_segment(const col_segment *a, const col_segment *b);

/*
 * Capsule-triangle (a character against a mesh's triangle), decided
 * exactly: the axis segment within r of the closed triangle iff it meets the
 * triangle (col_overlap_segment_triangle), or an end of it lies within r of
 * the triangle (col_overlap_sphere_triangle), or an edge of the triangle
 * lies within r of the axis (col_overlap_capsule_capsule's decision with
 * radii 0 and r): two disjoint compact convex sets have their closest pair
 * on an end or an edge. So a capsule touching a face, an edge or a vertex
 * overlaps and one an ulp away does not. Boxes apart (exact comparisons
 * with a margin for the radius's rounding) answer first. Radius 0 is a
 * segment; a degenerate triangle (col_overlap_sphere_triangle's tolerance)
 * is its longest edge. NaN, infinite or invalid shapes: false. Source:
 * Ericson 5.1.10 (the closest points), the exact predicates of exact.h.
 */
COL_API bool col_overlap_capsule_triangle(const col_capsule *c, const col_triangle *t);

/*
 * Capsule-AABB (a character against a crate or a level's block), decided
 * exactly: the axis segment within r of the closed box iff it meets the box
 * (col_overlap_aabb_segment), or an end of it lies within r of the box
 * (col_overlap_aabb_sphere), or an edge of the box that faces the axis lies
 * within r of it (col_overlap_capsule_capsule's decision with radii 0 and
 * r); two disjoint compact convex sets have their closest pair on an end of
 * the segment or an edge of the box. So a capsule touching a face, an edge
 * or a corner overlaps and one an ulp away does not. Boxes apart (exact
 * comparisons with a margin for the radius's rounding) answer first. Radius
 * 0 is a segment; zero extents are legal. NaN, infinite or invalid shapes:
 * false. Source: Ericson 5.1.9 and 5.5.7 (the parts), the exact predicates
 * of exact.h.
 */
COL_API bool col_overlap_capsule_aabb(const col_capsule *c, const col_aabb *b);

/* Capsule-OBB: the capsule's end points taken into the box's frame (three
 * dot products each, rounded, as col_overlap_obb_sphere takes the centre),
 * then col_overlap_capsule_aabb's exact decision against [-e, e]. */
COL_API bool col_overlap_capsule_obb(const col_capsule *c, const col_obb *b);

/*
 * Triangle-triangle intersection (closed), decided exactly: the triangles'
 * bounding boxes apart first (exact comparisons, the far pair's answer);
 * then a filter, the separating-axis test on both normals and the 9 edge
 * cross products in floating point (four axes at a time where the CPU has
 * AVX2), trusted only when an axis separates the triangles by more than its
 * proven rounding (the common case); otherwise two triangles meet iff an
 * edge of one meets the other, each by the exact segment-triangle decision
 * (col_overlap_segment_triangle). A degenerate triangle, or one whose
 * normal's square underflows (base.h), is its longest edge (or its point).
 * Invalid input: false. Sources: Eberly, Geometric Tools (the SAT
 * axes); Guigue and Devillers, "Fast and robust triangle-triangle overlap
 * test using orientation predicates", JGT 2003 (deciding by orientations).
 */
COL_API bool col_overlap_triangle_triangle(const col_triangle *a, const col_triangle *b);

/* ======================= capsules ======================= */

/* Distance from the sphere centre to the capsule segment <= rc + rs, decided
 * exactly (filtered signs of the squared distances, the sum rc + rs exact
 * too): the decision of the ray casts against spheres, points and capsules'
 * caps with a finite max_t. A zero-length capsule is a sphere. Source:
 * Ericson 4.5.1. */
COL_API bool col_overlap_capsule_sphere(const col_capsule *c, const col_sphere *s);

/* Distance between the two segments <= r1 + r2, decided exactly: the closest
 * points are an end of one and a point of the other (four point-segment
 * tests) or interior to both, where the lines are closest (signs of the
 * parameters' numerators and of (d . w)^2 - (r1 + r2)^2 |w|^2, w the cross
 * product of the directions); two segments (radii 0) by the exact
 * segment-segment test. The decision of col_raycast_capsule and
 * col_raycast_segment with a finite max_t. Source: Ericson 5.1.9. */
COL_API bool col_overlap_capsule_capsule(const col_capsule *a, const col_capsule *b);

/* Point-in-ellipsoid: sum ((p - c)_i / r_i)^2 <= 1; an axis with r_i = 0
 * requires (p - c)_i == 0. Decided exactly (the inequality multiplied by the
 * radii's squares, a filtered predicate). */
COL_API bool col_overlap_point_ellipsoid(const col_point *p, const col_ellipsoid *e);

/* Segment-ellipsoid, decided exactly: the quadratic the ellipsoid's
 * inequality becomes along the segment (multiplied by the radii's squares) is
 * <= 0 somewhere on [0, 1]; a zero radius holds x_i = c_i, so the segment
 * crosses that plane at one parameter, tested there, or lies in it. The
 * decision of col_raycast_ellipsoid with a finite max_t. Invalid input gives
 * false. */
COL_API bool col_overlap_segment_ellipsoid(const col_segment *s, const col_ellipsoid *e);

/* ======================= 2D ======================= */

/* |c1 - c2|^2 <= (r1 + r2)^2. */
COL_API bool col_overlap_circle_circle(const col_circle *a, const col_circle *b);

/*
 * Circle-rectangle, the seed's form (Yip, seed 002): fold the centre into the
 * first quadrant of the rectangle's frame, v = |p - c|, clamp u = max(v - h, 0)
 * and compare u.u <= r^2 (closed). v - h is evaluated as
 * max(min - p, p - max) per axis, which equals |p - c| - h without rounding
 * c and h, so a circle touching an edge or corner exactly is kept.
 */
COL_API bool col_overlap_circle_rect(const col_circle *c, const col_rect *r);

/* Interval overlap on x and y (closed). */
COL_API bool col_overlap_rect_rect(const col_rect *a, const col_rect *b);

COL_EXTERN_C_END

#endif /* COLLIDE_STATIC_H */
