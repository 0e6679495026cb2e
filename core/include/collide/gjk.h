/*
 * collide/gjk.h — distance-based queries for any pair of convex shapes:
 * support functions, GJK distance and closest points, penetration depth
 * (EPA), the general convex sweep (conservative advancement), and the generic
 * col_distance / col_penetration dispatch.
 *
 * Convex kinds: point, segment, triangle, sphere, capsule, AABB, OBB,
 * ellipsoid and polytope. Spheres and capsules are handled as a point and a
 * segment with a radius (the "core"), so GJK works on polytopes and
 * ellipsoids only and the radius is applied exactly at the end (as Box2D does).
 * A plane (a flat, unbounded set) pairs with every convex kind through the
 * shape's extent along its normal. 2D kinds are not convex 3D shapes here.
 *
 * Every method works in a frame placed at the first shape's reference point
 * (its centre or first vertex), so far from the origin only the shapes' own
 * rounding matters, not their distance from the origin.
 *
 * Sources: Gilbert, Johnson, Keerthi (1988); van den Bergen, "A Fast and
 * Robust GJK Implementation for Collision Detection of Convex Objects" (1999)
 * for the termination tests; Montanari, Petrinic and Barbieri, "Improving
 * the GJK algorithm for faster and more reliable distance queries between
 * convex objects" (ACM TOG 2017) for the signed-volumes simplex solver GJK
 * runs first; Ericson, Real-Time Collision Detection 5.1.5 and 5.1.6 for the
 * Voronoi-region solver it falls back to where that one makes no progress
 * (every region compared), 9.5 for GJK; Catto (Box2D) for
 * rounded cores; Mirtich (1996) and Catto, "Continuous Collision" (GDC 2013)
 * for conservative advancement. The distance to a convex set moving along a
 * line is a convex function of time, so each advancement step (distance over
 * closing speed) never passes the first contact.
 */
#ifndef COLLIDE_GJK_H
#define COLLIDE_GJK_H

#include "collide/distance.h"
#include "collide/shape.h"

COL_EXTERN_C_BEGIN

/*
 * Result of a penetration query.
 *   status    COL_HIT: overlapping (depth >= 0, touching gives 0);
 *             COL_MISS: separated (everything else zero); COL_INVALID;
 *             COL_NOT_CONVERGED: EPA reached its cap; depth and normal still
 *             separate the shapes (depth is the best upper bound found).
 *   depth     how far A must move along normal to leave B touching it.
 *   normal    unit; moving A by depth * normal leaves A and B touching
 *             (points from B toward A, as the sweep normals do).
 *   point_a   the point of A deepest inside B along the normal;
 *   point_b   the point of B deepest inside A: (point_b - point_a).normal = depth.
 *             Where the separating axes give the depth (col_penetration: a box
 *             and a box, a triangle, or a point or segment core; a triangle
 *             and a segment core; and the features EPA's normal finds for two
 *             solids given by points, a polytope among them) they are a
 *             matched pair on the contact: point_a on A's feature leading
 *             against the normal (a face, an edge or a vertex, within rounding
 *             of the extreme), point_b = point_a + depth * normal on B's
 *             feature facing it, at the middle of the region where the two
 *             features face each other across the normal (the mean of its
 *             corners; a vertex where one feature is a vertex; the closest
 *             points of two edges), moved out by the radii. (Where two
 *             axes' overlaps tie to rounding, 16 ulps of the sizes, and the
 *             features along the first face nothing, the depth and normal
 *             are those of the tied axis whose features face each other.)
 *             For a shallow
 *             contact of two solids point_a lies in or on B where B's feature
 *             is a face and B reaches depth below it over the shared region
 *             (point_b on it, point_a depth under it), and point_b in or on A
 *             where A's does; a vertex, an edge or a face beside a sharp edge
 *             can be thinner than the depth there, and no pair can where one
 *             shape lies within the other's slab along the normal, or where
 *             one is flat.
 *             Two smooth cores (an ellipsoid of positive radii against an
 *             ellipsoid or a point core: a sphere, a point): EPA's answer
 *             taken to the least support value of A - B by Newton's method
 *             (EPA's polytope only approaches a curved difference), from
 *             EPA's normal and from its other nearest faces (another basin
 *             of the support, where the shapes nearly share a centre), and
 *             for a point core from the normal at the ellipsoid's nearest
 *             point to it (Eberly's root, which is the least; radii
 *             within a factor 2^25, 2^10 in float): the
 *             normal is both surfaces' normal at point_a and point_b, each
 *             its shape's support point along it, b* - a* = depth n to
 *             rounding (within 128 eps of the size and of the largest
 *             radius of curvature: a support point moves by that radius
 *             times the direction's rounding), status COL_HIT.
 *             An ellipsoid of positive radii against a polyhedral core (a
 *             segment, capsule, triangle, box or polytope): the least of
 *             every critical direction of every feature of the polyhedron
 *             (each vertex's: the normals of the ellipsoid through it, up to
 *             six, the roots of Eberly's equation in every interval between
 *             its poles, bracketed where it is monotone; each edge's: the
 *             same for the ellipse the ellipsoid shows along the edge; each
 *             face's normal), each kept where the contact's condition holds
 *             (point_b - depth n, on the ellipsoid's side, within that
 *             tolerance of the feature) and polished by Newton's method on
 *             its feature: the least depth over all directions, not a
 *             local one (a polytope of more than 8 points by its hull's
 *             features, col_hull_build; where that hull cannot be
 *             allocated, EPA's answer). point_a and point_b are the
 *             ellipsoid's support point and the point of the feature, a
 *             matched pair to rounding, status COL_HIT.
 *             A disc (an ellipsoid of exactly one radius 0) takes the
 *             same refinement against a polyhedral core, an ellipsoid of
 *             positive radii, a sphere, a point or a disc across it (its
 *             zero radius on another axis): its face (normal along
 *             its axis, the contact's point nearest the disc's centre in
 *             its own metric) or its rim (Newton's method in polar angles
 *             about its axis, where its support has a cone's tip; near the
 *             tip, where that does not converge, from the least of a scan
 *             of 64 polar angles).
 *             Either kind with a radius and the cores apart (a ball or a
 *             capsule within reach of an ellipsoid): the cores' nearest
 *             points are refined the same way from GJK's (which only
 *             approach a curved core, to about 1e-7 of the size).
 *             An ellipsoid of two radii 0 is the segment along its third
 *             (of three, the point at its centre): a polyhedral core, as
 *             that segment's (or point's) contacts, exact as theirs.
 *             An ellipsoid (or a disc) whose positive radii are more than
 *             a factor 2^25 apart (2^10 in float; the contact's tolerance
 *             grows with that ratio) is taken flat: its radii below
 *             r_max / 2^25 (r_max / 2^10) as 0, a disc or a segment within
 *             them of its surface, whose contact is found as above (a
 *             segment against a polyhedral or point core: GJK and EPA on
 *             the flat cores), each witness lifted to the surface, the
 *             depth the support value of A - B along that normal: b* - a*
 *             = depth n and the depth within a few of those radii (EPA
 *             alone left such witnesses up to half the size from matched).
 *             Two discs of one axis (overlapping, they lie in one plane:
 *             depth 0, or within rounding of it) and a disc whose radii
 *             differ by more than a factor 2^16 (256 in float) against a
 *             smooth core or a disc (Newton's method about its axis stops
 *             short beyond) stay with EPA.
 *             Elsewhere (EPA) they are the parts on A and on B of the point
 *             of EPA's last face nearest the origin, a matched pair to EPA's
 *             tolerance (on an ellipsoid, its support point along the
 *             normal to that tolerance: EPA's face shrinks onto it); where
 *             EPA ended on no face (a flat
 *             Minkowski difference), each is its shape's extreme point along
 *             the normal (ties: the first in the core's order). Coincident point cores (concentric spheres, a
 *             point at a sphere's centre, two equal points), where every
 *             direction is a push of ra + rb: normal +x for the call's A, in
 *             any frame and either order; point_a = centre - ra x, point_b =
 *             centre + rb x. A point core against an OBB: the offset taken in
 *             the box's frame (a face's normal is its axis to an ulp, however
 *             far from the box's centre).
 *   iterations  EPA iterations (0 where a closed form or the cores' distance
 *             gave the answer).
 */
typedef struct col_penetration_result {
    col_status status;
    col_real depth;
    col_vec3 normal;
    col_vec3 point_a, point_b;
    int iterations;
} col_penetration_result;

/* Options of the general convex sweep. */
typedef struct col_sweep_params {
    col_real target;    /* contact when the distance is <= target (>= 0; 0 by default) */
    col_real tolerance; /* absolute; < 0 selects COL_SWEEP_TOLERANCE times the scale (default) */
    int max_iterations; /* distance evaluations of each direction; <= 0 selects COL_SWEEP_MAX_ITERATIONS */
} col_sweep_params;

/* true when the kind is a convex 3D shape with a support function (every 3D
 * kind but the plane). */
COL_API bool col_support_supported(col_shape_kind kind);

/*
 * The support point of s along d: a point of s maximising p.d. Ties go to
 * the first vertex in the shape's order (AABB and OBB: the + side for a zero
 * component). d = 0 gives the shape's reference point (first vertex or
 * centre). false for invalid shapes, non-finite d and unsupported kinds.
 */
COL_API bool col_support(const col_shape *s, col_vec3 d, col_vec3 *out);

/*
 * GJK distance and closest points of two convex shapes, always by GJK (no
 * closed form; this is the second method the closed forms are checked
 * against). Result conventions of collide/distance.h; iterations counts GJK
 * iterations. Overlap when the cores' distance is below
 * COL_GJK_OVERLAP_TOLERANCE of their size. Degenerate simplices (coincident
 * or collinear support points) never divide by zero. The normal is the
 * witnesses' direction; where the simplex ends on a face of A - B within
 * 2^-10 of the size, the face's normal instead where the supports
 * separate the shapes further along it (the weighted witnesses of a sliver
 * face turn by eps over the distance and the aspect: 2.8e-3 rad for a
 * point 1.2e-9 from a face 1738 by 5.4). COL_INVALID for invalid shapes and
 * kinds without a support function.
 */
COL_API col_distance_result col_gjk_distance(const col_shape *a, const col_shape *b);

/*
 * A warm start for GJK on a pair queried again as it moves (as Box2D's
 * b2SimplexCache): the vertices of the last query's final simplex, by their
 * index on each shape's core (a corner of a box, an end of a segment or a
 * capsule's axis, a triangle's or a polytope's vertex; a sphere's centre).
 * Zero it before the pair's first query (col_gjk_cache c = {0}); one cache
 * per pair. Shapes of two kinds may come in either order; two shapes of one
 * kind are told apart by the order of the call, so ask in one order (another
 * order costs a slower start, never a wrong answer). Any content is safe: a
 * cache made for other kinds, or naming a vertex the shapes do not have, is
 * ignored (a cold start); an ellipsoid has no vertices and is never cached
 * (but one of two or three radii 0: a segment's two ends, or its centre).
 */
typedef struct col_gjk_cache {
    int count;                  /* vertices cached, 0..4; 0: none */
    int kind_a, kind_b;         /* the kinds of the last call's a and b */
    int index_a[4], index_b[4]; /* each vertex's index on that a's and b's core */
} col_gjk_cache;

/*
 * col_gjk_distance, started from the simplex cached for the pair (cache:
 * NULL for none) and leaving the final one there. The start is any set of
 * points of A - B, so every answer is GJK's own: the same distance to GJK's
 * tolerance (COL_GJK_TOLERANCE relative, COL_GJK_SIZE_TOLERANCE of the
 * size), not bit for bit, since another path rounds otherwise. A pair that
 * moved a little since the cached query converges in a step or two, from the
 * closest features it had. Invalid shapes: COL_INVALID, the cache untouched.
 */
COL_API col_distance_result col_gjk_distance_cached(const col_shape *a, const col_shape *b, col_gjk_cache *cache);

/* true when col_distance and col_penetration accept this pair (in either
 * order): every pair of 3D kinds but plane-plane. */
COL_API bool col_distance_supported(col_shape_kind a, col_shape_kind b);

/*
 * How col_distance and col_penetration find the pair's closest points, in
 * either order (the letters of the second grid in collide/collide.h):
 * 'c' a closed form on the cores (a sphere's centre, a capsule's segment),
 * 'g' GJK on the cores, 'e' the extent of the other shape along a plane's
 * normal, '.' unsupported (also for kinds out of range). Penetration of
 * overlapping cores always goes through EPA.
 */
COL_API char col_distance_method(col_shape_kind a, col_shape_kind b);

/*
 * Distance and closest points of any supported pair: a closed form on the
 * cores where one exists (any two of point, segment, sphere and capsule; a
 * point or sphere against a triangle, AABB, OBB or ellipsoid; a segment or
 * capsule against a triangle, Ericson 5.1.10: the closest of its ends'
 * closest points on the triangle and the edges' closest pairs with it, one
 * common point where the exact test says they meet; a segment or capsule
 * against an AABB or OBB, the closest of its ends' closest points on the box
 * and the closest pairs of the box's edges that face it, in the box's frame;
 * two triangles, the closest of the vertices' closest points on the other
 * and the edges' closest pairs, one common point where the exact test says
 * they meet; a triangle against an AABB or OBB, the closest of its edges'
 * closest pairs with the box and the facing box corners' closest points on
 * it (the nearest vertex's clamp first, returned when it certifies itself);
 * of candidates within rounding of the least distance, the pair whose planes
 * come nearest to separating the cores; AABB-AABB; a plane against any
 * shape: col_distance_method; where both cores are polytopes and lie
 * apart by less than 2^-10 of their coordinates' magnitudes, the normal is
 * the separating axis, of their face normals and edge products, that parts
 * them the most (a point against a segment: the difference's part across
 * the segment), where it parts them further than the closest points'
 * difference, whose direction is then rounding: a segment an ulp above a
 * turned box's face 1000 from the origin has the face's normal, not one 37
 * degrees off it),
 * GJK otherwise (where the cores lie within 2^-10 of their size and the
 * witnesses' direction fails as above, the normal of the simplex's face,
 * the separating axis of box pairs that parts them the most, or the
 * direction without its part along the simplex's edge, or that turned about
 * the edge to the greatest separation, whichever the supports separate them
 * further along: an AABB 4.5e-10 below a turned OBB has the AABB's face
 * normal, not one 9.4e-4 rad off it, and two hulls whose edges run parallel
 * 2.9e-11 apart the normal of the face beside them); where GJK
 * leaves the cores apart and one of them is curved
 * (an ellipsoid against anything but a plane: GJK only approaches a curved
 * core, its witnesses' direction good to about the square root of its
 * tolerance over the radius of curvature), its answer refined as
 * col_penetration's curved contacts are (Newton's method on the least
 * support value of A - B, below 0 here), kept where its witnesses' duality
 * gap (how far each lies from its shape's supporting plane across their
 * direction) is no larger than GJK's and the shapes still apart (whether the shapes touch stays
 * GJK's decision, as in col_overlap and col_penetration): closest points
 * exact to rounding (matched to the contact's tolerance: 128 eps of the
 * sizes and the radii of curvature; the normal the refinement's direction,
 * along which each is its shape's support point) within the aspect limits of
 * col_penetration, GJK's beyond them. Symmetric: swapping A and B swaps the
 * points and negates the normal, bit for bit. A pair within 2^-100 (float:
 * 2^-16) of the origin is measured scaled up by a power of two (base.h).
 */
COL_API col_distance_result col_distance(const col_shape *a, const col_shape *b);

/*
 * Penetration depth and normal of two overlapping shapes: where both cores
 * are points or segments (spheres, capsules, points, segments, and
 * ellipsoids with two radii 0 or below an ulp of their coordinates, taken
 * as the segment along the third), the least push of three valid ones (the
 * cores' closest points' direction when they are apart, exact, and both
 * senses of the normal of the cores' plane, along which crossing cores part
 * at once); from the extent along the normal for a plane (the
 * shallower side); where one core is a box (AABB or OBB) and the other a
 * box, a triangle, a segment or a point (box-box, capsule-box, sphere-box,
 * box-triangle), or one is a triangle and the other a segment core
 * (capsule-triangle, segment-triangle: their A - B is a solid whose facet
 * normals the four axes list; a collinear triangle along the segment, whose
 * A - B is flat, leaves the axes none and takes EPA, and so does a segment
 * of length 0, or a sliver, whose normal is only as good as eps over the
 * sine of its largest angle: below 1/64, where the axes find no separation,
 * EPA decides), by the separating axes
 * of the cores (face normals and edge
 * cross products: the least overlap over them is the depth of two convex
 * polytopes, exact but for rounding; Gottschalk, Lin and Manocha 1996, as
 * ODE's dBoxBox) when the cores overlap, or lie apart, by more than four
 * times COL_GJK_SIZE_TOLERANCE of their size (GJK's touching band: within
 * it, col_distance decides, and the axes' depth, at least 0, is the answer);
 * by EPA over the cores otherwise. EPA starts from GJK's final simplex,
 * grown to a tetrahedron when GJK ended on a lower simplex; a flat Minkowski
 * difference (e.g. two coplanar triangles) has depth 0 for the cores, and
 * their common point (a radius along the normal for a ball or a capsule)
 * is the matched pair of witness points. The other pairs
 * EPA decides whose cores are given by points (polytopes of up to 64
 * points, boxes, triangles, segments and capsules' axes, points and
 * spheres' centres: polytope-polytope, polytope-box, triangle-triangle,
 * triangle-polytope, a ball or a capsule against a polytope) take EPA's
 * depth and normal and the witness points of the separating axes' pairs
 * (see point_a above): the features of their points within 64 ulps of the
 * size of the extremes along the normal, clipped, in the middle of the
 * region they share, moved by a ball's or capsule's radius along the normal
 * (a feature of more than 8 vertices, or more points, or features that do
 * not face each other within rounding: EPA's own).
 * col_hull_sat (collide/hull.h) gives the depth of two hulls by their
 * separating axes, the second method. COL_MISS when the shapes are
 * separated.
 * A shape against an identical copy of itself prefers no direction: the
 * normal is then a deterministic but arbitrary one (swapping two identical
 * shapes is the same call). A pair within 2^-100 (float: 2^-16) of the
 * origin is measured scaled up by a power of two (base.h).
 */
COL_API col_penetration_result col_penetration(const col_shape *a, const col_shape *b);

/*
 * col_penetration always by GJK and EPA over the cores (no closed form, no
 * separating axes; a plane as in col_penetration): the second method the
 * closed forms are checked against, as col_gjk_distance is col_distance's.
 * The depth is within COL_EPA_TOLERANCE of the size of A - B of the true
 * one (or COL_NOT_CONVERGED: an upper bound); two smooth cores are taken
 * to the least depth as by col_penetration (its check there is the
 * contact's own conditions: both surfaces' normals along the push).
 */
COL_API col_penetration_result col_epa_penetration(const col_shape *a, const col_shape *b);

/*
 * A contact manifold: the points of a contact sharing one normal, up to
 * four (a box resting on a box's face).
 *   status  COL_HIT (count >= 1), COL_MISS (apart: count 0, all zero),
 *           COL_INVALID, or COL_NOT_CONVERGED (col_penetration's, count 1).
 *   normal  unit, from B toward A: col_penetration's, or where a box's
 *           face takes part that face's own normal (col_penetration's
 *           within 64 eps of a unit cosine).
 *   point   points of A in or on B, each depth[i] >= 0 deep: point[i] +
 *           depth[i] * normal lies on B's surface (on the plane of B's
 *           face where a face takes part).
 */
typedef struct col_contact_manifold {
    col_status status;
    col_vec3 normal;
    int count;
    col_vec3 point[4];
    col_real depth[4];
} col_contact_manifold;

/*
 * The contact manifold of two shapes (the pairs col_penetration takes).
 * Two boxes (AABB or OBB), or a box and a triangle, whose penetration normal
 * is a face's (a triangle's: either side): the face of the better aligned
 * shape facing the other (the reference face) and the other's face most
 * nearly against it (the incident face; a triangle: itself) are clipped,
 * the incident face to the side planes of the reference face, and the
 * points of the clip below the reference face kept (on it within rounding:
 * a resting contact that touches exactly keeps its points), each with its
 * own depth (a tilted incident face: two or three points; more than four:
 * the deepest, the farthest from it, the largest triangle with them and
 * the point adding the most area beyond it), in order around the contact.
 * A capsule or a segment lying along such a face (the penetration normal
 * the face's) or along another capsule or segment: its axis clipped to the
 * face's side planes (to the slab across the other's axis), two points,
 * each the point a radius from an end of the clipped axis toward the other
 * shape, with its own depth below the face's plane (along the other axis:
 * the depth along the normal of the line through the end, which a crossing
 * axis misses), kept where both are in contact (a capsule tilted
 * until one end lifts off, standing on its end, or crossing another: one
 * point). Box2D's capsule manifolds, in 3D.
 * Every other contact, and edges meeting edge to edge: col_penetration's
 * point_a with its depth
 * (point_a + depth * normal then lies on B's supporting plane across the
 * normal). Points come in an order fixed by the boxes (the clip's), not
 * by memory. Invalid or unsupported shapes (NaN, infinities, sizes beyond
 * COL_HUGE, plane-plane): COL_INVALID, as col_penetration; a degenerate
 * triangle (no normal) is never a reference face, and as an incident one
 * its corners are clipped as given. ODE's dBoxBox and Box2D's
 * b2ClipPolygons, in 3D.
 */
COL_API col_contact_manifold col_manifold(const col_shape *a, const col_shape *b);

/* Default options: target 0, default tolerance, default iteration cap. */
COL_API col_sweep_params col_sweep_params_default(void);

/*
 * The general convex sweep: A moving by da against B moving by db (the
 * conventions of collide/sweep.h), by conservative advancement over the
 * distance (GJK, each step warm-started from the last one's final simplex;
 * closed forms; or the plane's extent): from t = 0, repeatedly
 * advance by (distance - target) / closing speed until the distance is within
 * tolerance of the target (a hit at t0), the shapes recede (a miss) or t
 * passes 1 (a miss). Unless B is a plane or a core is an ellipsoid, the
 * approach is one GJK ray cast on the pair's cores (van den Bergen 2004)
 * instead: each support plane that parts A - B from the origin by more than
 * the radii and the target advances t to where the plane, moving with A,
 * comes within them (a lower bound of the contact, as each step above,
 * without converging the distance at each t), the simplex moving with A,
 * until the simplex's closest point is within tolerance of the target; a
 * last step then puts the plane at the target, as the steps above aim (a
 * hit: the witnesses, the normal of the last advance's plane, which
 * supports both shapes there). Where the cast stalls, conservative
 * advancement takes over from its t. t1 comes from the same
 * advancement run backwards from u = 1. A hit at t = 0 is
 * initially_overlapping when the shapes overlap (touching included); its
 * normal is then the penetration normal. Where GJK cannot resolve the
 * start (a distance within 4 sqrt(eps) of the size) and the pair has an
 * exact static test (col_overlap_is_exact), that test decides, so zero
 * motion is the static test; a touch it finds that the penetration calls
 * apart keeps the distance's normal. params may be NULL (defaults);
 * *iterations (may be NULL) receives the steps: distance evaluations and
 * cast iterations. Reaching the cap (of distance evaluations after the
 * cast) gives COL_NOT_CONVERGED with t0 a time before the contact.
 * COL_INVALID for invalid input, a negative or non-finite target or
 * tolerance, and unsupported pairs (col_distance_supported).
 */
COL_API col_sweep_hit col_sweep_convex(const col_shape *a, col_vec3 da, const col_shape *b, col_vec3 db,
                                       const col_sweep_params *params, int *iterations);

/*
 * A rigid motion over a step u in [0, 1]: every point x of a shape goes to
 * pivot + u linear + R(u) (x - pivot), R(u) the rotation by u |rotation|
 * radians about the axis rotation / |rotation| (right-handed; the zero
 * vector: no rotation). The pivot is a world point at u = 0.
 */
typedef struct col_rigid_motion {
    col_vec3 linear;   /* the pivot's displacement over the step */
    col_vec3 rotation; /* unit axis times the angle turned over the step (radians) */
    col_vec3 pivot;    /* the point turned about, at u = 0 */
} col_rigid_motion;

/* The motion of s turning about the centre of its bounding box
 * (col_shape_bounds: a sphere's, a box's, a capsule's middle); the origin
 * for a shape without bounds. */
COL_API col_rigid_motion col_rigid_motion_about_centre(const col_shape *s, col_vec3 linear, col_vec3 rotation);

/* Whether shape s can turn (col_shape_moved with a rotation): every 3D kind
 * but the plane (its points would move without bound) and the ellipsoid of
 * unequal radii (a turned one has no col_shape); false for NULL, 2D and
 * invalid kinds. Its numbers are not validated (col_shape_is_valid). */
COL_API bool col_shape_can_turn(const col_shape *s);

/*
 * Shape s posed by motion m at time u in *out: a point, segment, triangle,
 * capsule, sphere or polytope with its points moved; an OBB with its centre
 * moved and its axes turned; a turned AABB becomes an OBB; an ellipsoid
 * may turn only with equal radii (a sphere) and a plane not at all (false),
 * both translate. A polytope's points are written to `points` (room for its
 * count). false, with *out unchanged, for invalid input (shape, motion, u
 * outside [0, 1], a polytope without `points`), a 2D shape, or a pose that
 * leaves the valid range. Rodrigues' formula (col_m3_from_axis_angle): the
 * turned axes are orthonormal to rounding.
 */
COL_API bool col_shape_moved(const col_shape *s, const col_rigid_motion *m, col_real u, col_vec3 *points,
                             col_shape *out);

/*
 * The time of impact of A and B under rigid motions (linear and angular:
 * a spinning blade, a tumbling crate), by conservative advancement with an
 * angular motion bound (Mirtich 1996): at each time, the closest points
 * (col_distance of the posed shapes) give a plane normal n separating them
 * by d; no point of A crosses it toward B faster than the relative linear
 * motion along n plus |w_a x n| r_a + |w_b x n| r_b (r: how far the shape
 * reaches from its pivot; a spin about n itself moves nothing across the
 * plane), so the step d / that speed never passes a contact. The fast
 * path, the separating-axis functions of Box2D's b2TimeOfImpact made
 * conservative: the gap along n carried by the world, by A or by B (the
 * one that turns with the contact's face), computed from the support
 * functions at any time, lies above the chord of its values at two times
 * less K h^2 / 8 (K a bound on its second derivative from the rates and
 * reaches), so a bracketed root search on that bound steps up to the
 * contact in a few support evaluations and a distance query or two
 * (quadratic convergence where the gap follows the distance), and certifies
 * a miss of the whole step at once; the longer of the two steps is taken.
 * A hit once the distance is within tolerance of the target (t0 and the
 * contact: the middle of the closest points, the normal on B toward A);
 * t1 from the same advancement backwards from u = 1; a miss where the
 * bounds say the plane is never crossed or the contact would come after
 * u = 1 (a pass that comes within the tolerance of the target without
 * reaching it may be either). Conventions as col_sweep_convex (the point
 * and normal at t0 in world space, initially_overlapping with the
 * penetration normal, params and *iterations (here the distance queries)
 * alike, COL_NOT_CONVERGED at the cap with t0 before the contact). The
 * linear case is col_sweep_convex's answer to its tolerance. COL_INVALID
 * for invalid shapes or motions, unsupported pairs (col_distance_supported),
 * a turning plane or ellipsoid of unequal radii, a pose out of the valid
 * range, or memory for a polytope's posed points not available. Sources:
 * Mirtich, "Impulse-based Dynamic Simulation of Rigid Body Systems", 1996;
 * Catto, "Continuous Collision", GDC 2013 (b2TimeOfImpact).
 */
COL_API col_sweep_hit col_sweep_rotating(const col_shape *a, const col_rigid_motion *ma, const col_shape *b,
                                         const col_rigid_motion *mb, const col_sweep_params *params, int *iterations);

COL_EXTERN_C_END

#endif /* COLLIDE_GJK_H */
