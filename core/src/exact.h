/*
 * Exact geometric predicates, filtered (internal).
 *
 * Each predicate is the sign of a polynomial in its input coordinates. It is
 * first computed in floating point together with a bound on that value's
 * rounding error; when the value lies outside the bound its sign is the
 * exact sign, otherwise (about never on random input, always on the
 * boundary: points exactly on a plane, an edge or a vertex) the sign is
 * computed exactly, in dyadic arithmetic on GMP integers (every finite
 * floating-point number is m 2^e with integer m), so no input, however
 * close to degenerate, tiny or huge within the coordinate range, is decided
 * by rounding. The bounds are Shewchuk's (1997) for orient2d and orient3d,
 * valid when no product underflows or overflows; inputs whose differences
 * lie outside a range where that is guaranteed go to the exact path.
 *
 * Sources: J. R. Shewchuk, Adaptive Precision Floating-Point Arithmetic and
 * Fast Robust Geometric Predicates, Discrete & Computational Geometry 18
 * (1997); the GMP manual (mpz functions).
 */
#ifndef COLLIDE_EXACT_H
#define COLLIDE_EXACT_H

#include "geom.h"

/* The sign (-1, 0, 1) of det[b - a, c - a, d - a] = (d - a) . ((b - a) x (c - a)):
 * positive when d lies on the side of plane abc that (b - a) x (c - a)
 * points to. Exact. */
int col__orient3d(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d);

/* The sign of the 2D determinant det[q - p, r - p] on coordinates (i, j)
 * of the points (positive: p, q, r counterclockwise). Exact. */
int col__orient2d(col_vec3 p, col_vec3 q, col_vec3 r, int i, int j);

/* The same signs computed exactly, without the filter (for the tests). */
int col__orient3d_exact(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d);
int col__orient2d_exact(col_vec3 p, col_vec3 q, col_vec3 r, int i, int j);

/*
 * Whether the closed segment [p, q] meets the closed triangle abc (not
 * degenerate: see col__triangle_is_degenerate), decided exactly: by the
 * sides of p and q of the triangle's plane and, for a segment crossing it,
 * the sides of the segment's line of the three edges; for a segment in the
 * plane, by 2D orientations on the two axes the normal points least along.
 * p = q is a point. The single decision of every segment-triangle and
 * point-triangle test and of the ray-triangle casts, so they agree at
 * every edge, vertex and end point.
 */
bool col__segment_meets_triangle(col_vec3 p, col_vec3 q, col_vec3 a, col_vec3 b, col_vec3 c);

/* Whether the closed segments [p, q] and [u, v] meet (either may be a point),
 * decided exactly: one orient3d for the common plane, then orient2d on the
 * three coordinate planes. */
bool col__segments_meet(col_vec3 p, col_vec3 q, col_vec3 u, col_vec3 v);

/* Whether the ray without end from o along d (not zero) meets the closed
 * triangle abc (not degenerate), decided exactly: 1 it does, 0 it does not,
 * -1 the ray lies in the triangle's plane (a 2D question, the caller's).
 * *facing (may be NULL) gets the sign of n . d, n = (b - a) x (c - a). */
int col__ray_meets_triangle(col_vec3 o, col_vec3 d, col_vec3 a, col_vec3 b, col_vec3 c, int *facing);

/* The same decision, and for a segment that meets the triangle the fraction
 * of the way from p to q at which its line meets the plane (in [0, 1],
 * rounded; 0 for a segment in the plane). */
bool col__segment_triangle(col_vec3 p, col_vec3 q, col_vec3 a, col_vec3 b, col_vec3 c, col_real *t);

/* How many times the exact path ran (all predicates; for tests and the
 * benchmarks: the filter's failure rate). Not thread-safe to read exactly. */
unsigned long col__exact_count(void);

#endif
