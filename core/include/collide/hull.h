/*
 * collide/hull.h — the convex hull of a point set (quickhull), with its
 * faces, their planes and adjacency (half edges).
 *
 * The hull is exact in its combinatorics: every decision of which side of a
 * face a point lies on is the exact orientation predicate (Shewchuk's
 * filter, exact arithmetic where the sign is in doubt), so no input, however
 * degenerate (duplicates, collinear and coplanar points, a cloud 10^6 away
 * from the origin, slivers), gives a hull that leaves a point outside or
 * folds over itself. Coplanar triangles are merged into one polygonal face
 * (exactly coplanar), and a vertex exactly on the straight line between its
 * neighbours on a face is dropped: each face is a strictly convex polygon,
 * each vertex a corner of the hull. Only the face planes are rounded (see
 * col_hull_face).
 *
 * Sources: C. B. Barber, D. P. Dobkin, H. Huhdanpaa, The Quickhull Algorithm
 * for Convex Hulls, ACM TOMS 22(4) 1996 (the farthest point of a face's
 * outside set, the horizon, the cone of new faces, the outside sets
 * reassigned); D. Gregorius, Implementing Quickhull (GDC 2014: the half-edge
 * mesh, merging coplanar faces); J. R. Shewchuk 1997 (the predicates).
 * T. J. Dekker, A floating-point technique for extending the available
 * precision, Numer. Math. 18 (1971) (the faces' normals in double-double).
 */
#ifndef COLLIDE_HULL_H
#define COLLIDE_HULL_H

#include <stddef.h>

#include "collide/shapes.h"

COL_EXTERN_C_BEGIN

/* A half edge: from vertex `origin` to the origin of edge `next`, with face
 * `face` on its left seen from outside the hull (so each face's edges run
 * counter-clockwise seen from outside); `twin` is the same edge in the
 * neighbouring face, reversed. A segment's two half edges have face -1. */
typedef struct col_hull_edge {
    int origin, twin, next, face;
} col_hull_edge;

/* A face: its plane (outward unit normal n, offset d: n . x = d on the
 * plane) and one of its half edges (follow `next` for the rest). The
 * normal is the sum of the cross products of the face's fan, computed in
 * double-double arithmetic (exact differences, Dekker's products) and then
 * rounded and normalized, so a sliver face of a thin hull (its points a few
 * ulps off a line) still gets its direction to rounding, not the noise of
 * rounded differences; d is the greatest n . v over the face's vertices, so
 * each of them is on or below the plane as computed. Every other vertex of
 * the hull lies strictly below the exact face, and below the computed plane
 * unless it is within its rounding: a few ulps of the hull's largest
 * coordinate for a vertex near the plane. */
typedef struct col_hull_face {
    col_plane plane;
    int edge;
} col_hull_face;

/*
 * The hull: dimension 3 (a solid: faces close around it, V - E + F = 2),
 * 2 (all points in one plane: a convex polygon as two faces back to back,
 * see col_hull_build), 1 (all on a line:
 * its two end points and one edge, two half edges with face -1) or 0 (every
 * point the same: one vertex). vertices are copies of input points, in the
 * order of their first occurrence in the input; edges and faces are owned
 * by the hull (col_hull_free).
 */
typedef struct col_hull {
    int dimension;
    int vertex_count, edge_count, face_count; /* edge_count counts half edges */
    col_vec3 *vertices;
    col_hull_edge *edges;
    col_hull_face *faces;
} col_hull;

/*
 * The convex hull of the n points. false, *out zeroed, for n == 0, a NULL
 * array, n above INT_MAX / 4, a point that is not finite or beyond COL_HUGE,
 * or an allocation that fails. Expected time O(n log n) on points in general
 * position (quickhull's outside sets); exact predicates decide every side,
 * so a degenerate input costs their exact path (GMP), not a wrong hull. The
 * same points in the same order give the same hull, bit for bit.
 * A flat input (dimension 2) gets two faces, the first facing along the
 * normal (b - a) x (c - a) of the points a, b, c the construction starts
 * from (a the least point in x, then y, then z; b the farthest from it; c
 * the farthest from their line, each by the first index on a tie), the
 * second the other way.
 */
COL_API bool col_hull_build(const col_vec3 *points, size_t n, col_hull *out);

/* Frees what col_hull_build allocated and zeroes *h (NULL or a zeroed hull:
 * nothing). */
COL_API void col_hull_free(col_hull *h);

/* The hull's vertices as a polytope shape (borrowing h's array: valid
 * while h is), for every query that takes a col_polytope. */
COL_API col_polytope col_hull_polytope(const col_hull *h);

/* The number of vertices of face f (its half edges), 0 for an f out of
 * range. */
COL_API int col_hull_face_size(const col_hull *h, int f);

/* ---- the separating-axis test between two hulls (seed 004) ---- */

/* Which axis gave col_hull_sat's answer. */
typedef enum col_hull_axis {
    COL_HULL_AXIS_FACE_A = 0, /* a face normal of A (feature_a the face) */
    COL_HULL_AXIS_FACE_B = 1, /* a face normal of B (feature_b the face) */
    COL_HULL_AXIS_EDGES = 2   /* the cross product of an edge of each (the half edges) */
} col_hull_axis;

typedef struct col_hull_sat_result {
    col_real separation; /* the greatest gap along the axes: > 0 apart, <= 0 overlapping */
    col_vec3 normal;     /* unit, from B toward A along the axis of that gap */
    col_hull_axis axis;
    int feature_a, feature_b; /* a face or a half edge of each (-1: none) */
} col_hull_sat_result;

/*
 * The separating-axis test between two solid hulls (dimension 3) in one
 * frame: the gap min over A of n . a - max over B of n . b along each
 * candidate axis n (from B toward A): the faces' normals of both, and the
 * cross products of an edge of each only where the two edges' arcs on the
 * Gauss map cross (the edges then build a face of the Minkowski difference
 * A - B; Gregorius, "The Separating Axis Test between Convex Polyhedra",
 * GDC 2013), axes within a few degrees of parallel edges left to the faces.
 * The greatest gap is the answer: > 0, the hulls are apart, by at least it
 * (the distance where the closest features are a face and a vertex, edge or
 * face; less than the distance otherwise); <= 0, they overlap, and -
 * separation is the penetration depth (A moved by that along normal
 * touches B: the least overlap over the Minkowski difference's faces), to
 * rounding of a few ulps of the hulls' size. The normal is the face's or the
 * edges' cross product, oriented from A's centroid outward, then from B
 * toward A. Ties go to A's faces, then B's, then edge pairs, in index
 * order: the same hulls give the same answer. O(F_A V_B + F_B V_A + E_A E_B).
 * false, *out zeroed, for a hull that is not a solid (dimension below 3:
 * its Gauss map is not a sphere's cover; GJK and EPA, col_gjk_distance and
 * col_epa_penetration on col_hull_polytope, serve any shape) or NULL. GJK's
 * distance is the second method in the tests and fuzzing.
 */
COL_API bool col_hull_sat(const col_hull *a, const col_hull *b, col_hull_sat_result *out);

COL_EXTERN_C_END

#endif /* COLLIDE_HULL_H */
