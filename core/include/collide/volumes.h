/*
 * collide/volumes.h — bounding volumes built from point sets: the AABB, the
 * sphere (by the AABB's centre, by Ritter's method, and the minimum by
 * Welzl's algorithm), the OBB by principal component analysis and the
 * least OBB over the convex hull's directions, and the k-DOP (k = 6, 14,
 * 18, 26); merging two volumes; a point in a k-DOP, two k-DOPs
 * overlapping, a k-DOP and an AABB overlapping, a ray against a k-DOP.
 *
 * Every constructor takes n >= 1 points and returns false, leaving *out as
 * it was, for none (n == 0 or a NULL array) or for a point that is not
 * finite or beyond COL_HUGE (col_v3_is_valid); duplicates, collinear and
 * coplanar points are fine. Every volume contains every input point
 * exactly, in exact arithmetic on the numbers it holds: the AABB and the
 * k-DOP by their own comparisons (a k-DOP's diagonal slabs widened by their
 * sums' rounding), the sphere and the OBB grown past each point's rounded
 * distance or projection by its rounding bound (8 ulps), so that
 * col_overlap of each point with the volume is true. The AABB, the k-DOP
 * and the AABB-centred sphere do not depend on the points' order; Ritter's
 * sphere does (it grows in order), and the minimum sphere and PCA's box may
 * differ in rounding for another order (Welzl's algorithm shuffles with a
 * fixed seed); the same points in the same order give the same bits.
 *
 * Sources: Ericson, Real-Time Collision Detection (2005), 4.2 (AABB), 4.3.2
 * (Ritter's sphere, Ritter 1990 in Graphics Gems), 4.3.4-4.3.5 (Welzl 1991,
 * with Gärtner's move-to-front, "Fast and Robust Smallest Enclosing Balls",
 * ESA 1999), 4.4.3 (PCA and the Jacobi method), 4.6 (k-DOPs); seed 004;
 * H. Freeman and R. Shapira, Determining the minimum-area encasing
 * rectangle for an arbitrary closed curve, CACM 18(7) 1975; G. Toussaint,
 * Solving geometric problems with the rotating calipers, MELECON 1983;
 * J. O'Rourke, Finding minimal enclosing boxes, Int. J. Comput. Inf. Sci.
 * 14(3) 1985.
 */
#ifndef COLLIDE_VOLUMES_H
#define COLLIDE_VOLUMES_H

#include <stddef.h>

#include "collide/raycast.h"
#include "collide/shape.h"
#include "collide/shapes.h"

COL_EXTERN_C_BEGIN

/* ---- AABB ---- */

/* The smallest AABB of the points (their coordinates' minima and maxima:
 * exact). */
COL_API bool col_aabb_from_points(const col_vec3 *points, size_t n, col_aabb *out);

/* The smallest AABB containing both (exact). false, *out untouched, when
 * either is invalid (col_aabb_is_valid). */
COL_API bool col_aabb_merge(const col_aabb *a, const col_aabb *b, col_aabb *out);

/* ---- sphere ---- */

typedef enum col_sphere_method {
    COL_SPHERE_AABB_CENTRE = 0, /* centred on the points' AABB; the farthest point sets the radius */
    COL_SPHERE_RITTER = 1,      /* Ritter 1990: two far points, then grown to each point outside */
    COL_SPHERE_MINIMUM = 2      /* the smallest enclosing sphere (Welzl 1991, move-to-front) */
} col_sphere_method;

/*
 * A sphere containing every point, by the method (an unknown method: false).
 * COL_SPHERE_MINIMUM is the smallest enclosing sphere to rounding: Welzl's
 * algorithm on the points in a shuffled order (a fixed seed), the sphere of
 * each support set of up to four points by its circumcentre (three collinear
 * or four coplanar support points, where that is ill-conditioned: the
 * smallest sphere of their subsets that holds them all), relative to the
 * points' AABB centre, scaled by a power of two to [-1, 1] (so clouds far
 * from the origin, tiny or huge lose no precision), then grown to contain
 * every point exactly; where rounding on a nearly degenerate support set
 * leaves it a few ulps larger than the AABB-centred or Ritter's sphere,
 * that one is returned, so its radius is never above the other two
 * methods'. Expected time O(n); the others are O(n). Allocates a copy of
 * the points and two ints per point (the move-to-front list): false also
 * where that allocation fails or n passes INT_MAX.
 */
COL_API bool col_sphere_from_points(const col_vec3 *points, size_t n, col_sphere_method method, col_sphere *out);

/* The smallest sphere containing both spheres (one, where it holds the
 * other), grown to contain both exactly. false, *out untouched, when either
 * is invalid. */
COL_API bool col_sphere_merge(const col_sphere *a, const col_sphere *b, col_sphere *out);

/* ---- OBB ---- */

typedef enum col_obb_method {
    COL_OBB_PCA = 0,    /* the axes of the points' covariance (principal components) */
    COL_OBB_MINIMUM = 1 /* the least volume over the hull's face normals and edge directions */
} col_obb_method;

/*
 * An OBB containing every point, by the method (an unknown method: false).
 * COL_OBB_PCA: the eigenvectors of the points' covariance matrix (about
 * their mean, computed relative to their AABB's centre) by the cyclic Jacobi
 * method, ordered by decreasing eigenvalue (ties: as Jacobi leaves them,
 * deterministic), each turned so that its largest component is positive, the
 * third the cross product of the first two (right-handed, orthonormal to
 * rounding); the extents the points' projections' spans, grown by their
 * rounding so that every point is inside exactly. A single point, or points
 * whose covariance is zero, get the world axes; collinear or coplanar points
 * a box of zero extent across them. PCA's box is not the smallest: its axes
 * follow the points' spread, not the hull (a cube's corners give the cube,
 * a few outliers can turn it).
 *
 * COL_OBB_MINIMUM: the box of least volume found over the points' convex
 * hull (col_hull_build): for each candidate first axis -- every face's
 * normal, then every edge's direction -- the rectangle of least area around
 * the points' shadow across it (its 2D hull by Andrew's monotone chain; a
 * side along one of the shadow's edges by rotating calipers: Freeman and
 * Shapira 1975, Toussaint 1983), and PCA's box; the least volume wins
 * (ties: the least sum of extents, then the first found), and that box is
 * fitted to every point as PCA's is, so its volume is never above PCA's.
 * A box of least volume has a face flush with a hull face or two adjacent
 * faces flush with hull edges (O'Rourke 1985); the candidates hold the
 * first case and the second where one of the box's axes runs along a hull
 * edge, so the box is the least in those cases and close to it otherwise
 * (an exact O(n^3) search is not run). Flat points get the rectangle of
 * least area in their plane (exact to rounding), collinear points or one
 * point PCA's box (no volume). Axes ordered by decreasing extent, each with
 * its largest component positive, right-handed. Time O(n log n) for the
 * hull plus O(C h log h) for C candidates on a hull of h vertices; where C h
 * passes 2^24 (hulls of more than about 4096 vertices), only the first
 * 2^24 / h candidates are tried, the larger faces first and then the
 * longer edges. false also where an allocation fails. Deterministic: the
 * same points in the same order give the same box.
 */
COL_API bool col_obb_from_points(const col_vec3 *points, size_t n, col_obb_method method, col_obb *out);

/* An OBB holding both boxes (Ericson 4.4.4): col_obb_from_points by the
 * method over their sixteen corners, its extents grown by a bound of the
 * corners' rounding (4 eps of each box's magnitude, twice), so both boxes
 * lie in it. false for an invalid box or method, or a merge beyond
 * COL_HUGE. */
COL_API bool col_obb_merge(const col_obb *a, const col_obb *b, col_obb_method method, col_obb *out);

/* ---- k-DOP ---- */

/* The most slabs a k-DOP holds (k = 26: 13 directions). */
#define COL_KDOP_MAX_AXES 13

/*
 * A k-DOP: the intersection of k / 2 slabs min[i] <= axis_i . x <= max[i],
 * the axes fixed by k (col_kdop_axis): k = 6 the three world axes (an AABB);
 * 14 those and the four corner diagonals (1, +-1, +-1); 18 the three axes
 * and the six edge diagonals (1, +-1, 0), (1, 0, +-1), (0, 1, +-1); 26 all
 * thirteen. The diagonals are not normalized (their dot products are sums
 * and differences of coordinates). The slots past k / 2 are unused.
 */
typedef struct col_kdop {
    int k;
    col_real min[COL_KDOP_MAX_AXES], max[COL_KDOP_MAX_AXES];
} col_kdop;

/* Axis i (0 <= i < k / 2) of a k-DOP's slabs, as above; (0, 0, 0) for a k
 * or an i out of range. */
COL_API col_vec3 col_kdop_axis(int k, int i);

/* Whether d is a k-DOP as above: k one of 6, 14, 18, 26, and each of its
 * k / 2 slabs finite with min <= max, within 4 COL_HUGE (a diagonal's sum of
 * up to three coordinates, widened). NULL: false. */
COL_API bool col_kdop_is_valid(const col_kdop *d);

/* The k-DOP of the points: each slab from the points' least and greatest
 * dot product with its axis (a diagonal's sum of two or three coordinates,
 * where it rounds, widened by its rounding bound: every point lies in every
 * slab exactly; exact sums, as on a grid, are the bounds themselves). false
 * for a k other than 6, 14, 18, 26. */
COL_API bool col_kdop_from_points(const col_vec3 *points, size_t n, int k, col_kdop *out);

/*
 * A k-DOP holding the whole shape (3D kinds but the plane): a point, a
 * segment, a triangle, a polytope and an AABB from their points (exactly,
 * as col_kdop_from_points); an OBB from its corners, each slab widened by
 * 16 eps of the box's magnitude (the corners' rounding); a sphere and a
 * capsule from their centre or segment, an ellipsoid from its centre, each
 * slab widened by the support value r |axis| (the ellipsoid's sqrt of the
 * sum of its radii squared along the axis's non-zero components), rounded
 * up, and by 8 eps of the shape's magnitude (its points rounded to ulps,
 * as col_support gives them, lie inside too). false for a k other than 6, 14, 18, 26, an invalid shape, a plane or
 * a 2D kind.
 */
COL_API bool col_kdop_of_shape(const col_shape *s, int k, col_kdop *out);

/*
 * Whether the shape s lies wholly in the k-DOP d (closed: touching its
 * boundary counts): s's k-DOP (col_kdop_of_shape, of d's k) within d slab
 * by slab. Exact for shapes given by points (a point, a segment, a
 * triangle, a polytope, an AABB: their k-DOPs are exact); for the others
 * true only where s surely lies in d (their k-DOPs are rounded outward, a
 * few ulps of their magnitude: touching d from inside may answer false).
 * false for an invalid k-DOP or shape, a plane and 2D kinds.
 */
COL_API bool col_kdop_contains_shape(const col_kdop *d, const col_shape *s);

/*
 * Whether the shape s lies wholly in the volume v (closed), for a volume
 * that is an AABB (s's 6-DOP within it: exact for shapes given by points,
 * as col_kdop_contains_shape), an OBB (s's extent along each of the box's
 * axes: its vertices' projections, or its centre's or segment's plus the
 * radius, an ellipsoid's plus its reach along the axis) or a sphere (s's
 * vertices' distances from the centre, or its centre's or segment's plus
 * the radius; an ellipsoid by the ball of its largest radius, which it
 * lies in). For the OBB and the sphere, and curved shapes in an AABB, true
 * only where s surely lies in v: each extent is grown by a bound of its
 * rounding (a few ulps of the magnitudes), so a shape touching the
 * boundary from inside may answer false. false for another kind of v, an
 * invalid shape, a plane and 2D kinds (as either argument).
 */
COL_API bool col_volume_contains(const col_shape *v, const col_shape *s);

/* The smallest k-DOP of the same k containing both (slab by slab: exact).
 * false for invalid k-DOPs or different k. */
COL_API bool col_kdop_merge(const col_kdop *a, const col_kdop *b, col_kdop *out);

/* Whether the point lies in every slab (closed), decided exactly (the
 * diagonals' sums by exact arithmetic where rounding could decide). false
 * for an invalid k-DOP or point. */
COL_API bool col_kdop_contains_point(const col_kdop *d, col_vec3 p);

/* Whether two k-DOPs of the same k overlap on every slab (closed): the
 * standard k-DOP test (Ericson 4.6.1), exact for k = 6 (two AABBs) and
 * conservative for larger k (two k-DOPs apart only along an edge-edge
 * direction, not one of the slabs', pass it). false for invalid k-DOPs or
 * different k. */
COL_API bool col_kdop_overlap(const col_kdop *a, const col_kdop *b);

/* Whether a k-DOP and an AABB overlap on every slab (closed): the box's
 * own k-DOP (its corners' slabs, a diagonal's widened where its sum rounds)
 * against d, as col_kdop_overlap: exact for k = 6, conservative above (a
 * box apart from the k-DOP only along an edge-edge direction passes it).
 * false for an invalid k-DOP or box. */
COL_API bool col_kdop_overlap_aabb(const col_kdop *d, const col_aabb *b);

/*
 * The ray origin + t delta, t in [0, max_t], against the k-DOP (closed),
 * for culling: conservative, never a miss where a point of the ray lies in
 * the k-DOP. For k = 6 it is the box's own cast (col_raycast_aabb_slabs:
 * a finite max_t decided exactly, as the static test decides for the
 * segment). Otherwise the ray is clipped to the k-DOP's box grown by 2^-20
 * of its magnitude (a ray without end too), and that segment to each slab
 * widened by the rounding of its dot products and of the segment's end,
 * the parameter bounds by their own rounding: a ray passing within a few
 * ulps of the k-DOP's size outside it may hit (t at the widened entry). An
 * origin in the k-DOP (exactly, col_kdop_contains_point): t = 0, inside,
 * no normal. A hit's t is the entry into the last slab entered, its
 * normal that slab's axis, unit, facing the ray (t = 0 and the normal
 * against the ray where the entry rounds below 0). A zero delta is the
 * origin alone. COL_INVALID for an invalid ray or k-DOP (NULL too).
 */
COL_API col_ray_hit col_raycast_kdop(const col_ray *r, const col_kdop *d);

COL_EXTERN_C_END

#endif /* COLLIDE_VOLUMES_H */
