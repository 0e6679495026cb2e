/*
 * collide/shape.h — the generic shape (a tagged union) and the queries that
 * dispatch on both shapes' kinds.
 *
 * The dispatch is symmetric by construction: a pair is ordered by kind (two
 * shapes of the same kind by their numbers, lexicographically; core/src/order.c)
 * before the pair function is chosen, from one table of pairs,
 * so col_overlap(a, b) == col_overlap(b, a) bit for bit, for every pair. Shapes are converted where one is a special case of another: a
 * point is a sphere of radius 0 against spheres, capsules, boxes and
 * triangles; a segment is a capsule of radius 0 against spheres and capsules.
 */
#ifndef COLLIDE_SHAPE_H
#define COLLIDE_SHAPE_H

#include "collide/raycast.h"
#include "collide/static.h"
#include "collide/sweep.h"

COL_EXTERN_C_BEGIN

typedef enum col_shape_kind {
    COL_SHAPE_POINT = 0,
    COL_SHAPE_SEGMENT,
    COL_SHAPE_TRIANGLE,
    COL_SHAPE_PLANE,
    COL_SHAPE_SPHERE,
    COL_SHAPE_CAPSULE,
    COL_SHAPE_AABB,
    COL_SHAPE_OBB,
    COL_SHAPE_ELLIPSOID,
    COL_SHAPE_POLYTOPE,
    COL_SHAPE_CIRCLE,
    COL_SHAPE_RECT,
    COL_SHAPE_KIND_COUNT
} col_shape_kind;

typedef struct col_shape {
    col_shape_kind kind;
    union {
        col_point point;
        col_segment segment;
        col_triangle triangle;
        col_plane plane;
        col_sphere sphere;
        col_capsule capsule;
        col_aabb aabb;
        col_obb obb;
        col_ellipsoid ellipsoid;
        col_polytope polytope; /* borrows its points: see shapes.h */
        col_circle circle;
        col_rect rect;
    } u;
} col_shape;

/* Lower-case name of a kind ("sphere", "aabb", ...); "invalid" out of range. */
COL_API const char *col_shape_kind_name(col_shape_kind kind);

/* true when the kind is in range and the shape passes its validator. */
COL_API bool col_shape_is_valid(const col_shape *s);

/* Size in bytes of the struct a shape of this kind holds in col_shape's union
 * (col_sphere for a sphere, ...; a polytope's header, not its points); 0 for
 * a kind out of range. */
COL_API size_t col_shape_kind_size(col_shape_kind kind);

/* true when the kind is a 2D shape (circle, rect). */
COL_API bool col_shape_kind_is_2d(col_shape_kind kind);

/*
 * true when col_overlap has a test for this pair of kinds (in either order):
 * every pair of 3D kinds but plane-plane, and circle and rect among
 * themselves.
 */
COL_API bool col_overlap_supported(col_shape_kind a, col_shape_kind b);

/*
 * true when col_overlap decides this pair by a closed-form or SAT test (exact
 * for the shapes it is given, up to the rounding of the few products each
 * test forms): every 3D shape but the polytope against a plane (a polytope's
 * extent along the normal comes through col_distance); sphere, capsule, point and
 * segment among themselves; point, segment, sphere, AABB, OBB and triangle
 * among themselves; capsule-triangle; point-ellipsoid; the 2D pairs. false for
 * the pairs decided by GJK (capsule against boxes; the ellipsoid against all but a
 * point and a plane; the polytope), whose answer may differ from the exact one
 * within COL_GJK_OVERLAP_TOLERANCE of touching (collide/base.h), and for
 * unsupported pairs.
 */
COL_API bool col_overlap_is_exact(col_shape_kind a, col_shape_kind b);

/*
 * How col_overlap decides a pair of kinds (in either order), as the grid in
 * collide/collide.h prints it: 'x' a pair test of static.h, 'p' a pair test
 * after a degenerate conversion (a point is a sphere of radius 0, a segment a
 * capsule of radius 0), 'g' by col_distance (GJK on the cores, or a closed
 * form on them), '.' no test (also for kinds out of range). Read from the
 * dispatch's own table, so the documentation cannot drift from it (a test
 * compares the grid with it).
 */
COL_API char col_overlap_method(col_shape_kind a, col_shape_kind b);

/*
 * Overlap of two shapes of any supported pair of kinds, by the pair's test in
 * static.h, or by GJK (collide/gjk.h) for pairs without one. false when either
 * shape is invalid or the pair is unsupported (check col_overlap_supported to
 * tell the two apart).
 */
COL_API bool col_overlap(const col_shape *a, const col_shape *b);

/*
 * Overlap of many pairs in one call: the batch form of col_overlap, for a
 * broad phase's output or one shape against many. `a` holds `count` structs of
 * kind ka packed as an array (col_sphere[] for COL_SHAPE_SPHERE, col_aabb[]
 * for COL_SHAPE_AABB, ...); `b` holds `count` structs of kind kb, or exactly
 * one when b_single is true (then every a[i] is tested against it). Writes
 * out[i] = 1 when pair i overlaps and 0 when not (out may be NULL) and
 * returns the number of overlapping pairs. Each answer is col_overlap's for
 * the same two shapes, bit for bit; the pairs sphere-sphere, AABB-AABB and
 * sphere-AABB (either order) run inline loops without dispatch or branches,
 * sphere-sphere several pairs at a time on x86-64 (four where the CPU has
 * AVX2, chosen at run time, else two; a block of pairs with one in doubt is
 * answered again one pair at a time, exactly). Segment-AABB and
 * segment-triangle (either order: rays' segments against a broad phase's
 * boxes or a mesh's triangles) take four pairs at a time where the CPU has
 * AVX2: each pair's filter of the static test (col_overlap_aabb_segment,
 * col_overlap_segment_triangle) in a lane, its sure answers the exact ones,
 * a pair in doubt (near touching, a triangle nearly degenerate, numbers
 * near COL_HUGE) answered by the static test; else one pair at a time by
 * the static test.
 * Invalid shapes answer 0, as in col_overlap; an unsupported pair or a kind
 * out of range answers 0 for every pair (check col_overlap_supported); a
 * NULL a or b with count > 0 answers 0 for every pair.
 */
COL_API size_t col_overlap_many(col_shape_kind ka, const void *a, col_shape_kind kb, const void *b, bool b_single,
                                size_t count, unsigned char *out);

/*
 * col_overlap_many for shapes the caller knows to be valid (each passes
 * col_shape_is_valid; e.g. shapes built once by validating constructors, as
 * the Lua binding's are): the same answers for valid shapes, without checking
 * them again per pair, which is most of the cost of the cheap tests
 * (sphere-sphere, AABB-AABB, sphere-AABB; OBB-OBB skips its orthonormality
 * check). For invalid shapes the answers are unspecified, but the call is
 * still defined (floating-point arithmetic only, no crash); pairs outside
 * those four still go through col_overlap and its checks.
 */
COL_API size_t col_overlap_many_unchecked(col_shape_kind ka, const void *a, col_shape_kind kb, const void *b,
                                          bool b_single, size_t count, unsigned char *out);

/*
 * One pair of col_overlap_many_unchecked (count 1): col_overlap's answer for
 * two shapes the caller knows to be valid, given by kind and struct (the
 * Lua binding's collide.overlap), by the same kernels (sphere-sphere,
 * AABB-AABB, sphere-AABB either way and OBB-OBB without checks; the others
 * through col_overlap and its checks). False for an unsupported
 * pair or a kind out of range (tell it from a miss by col_overlap_supported)
 * and for a NULL a or b; invalid shapes as in col_overlap_many_unchecked.
 */
COL_API bool col_overlap_unchecked(col_shape_kind ka, const void *a, col_shape_kind kb, const void *b);

/* true when col_classify accepts this kind (every 3D shape but the plane). */
COL_API bool col_classify_supported(col_shape_kind kind);

/* The classification of the shape against the plane (col_classify_*_plane);
 * COL_SIDE_INVALID for invalid input or an unsupported kind. */
COL_API col_side col_classify(const col_shape *s, const col_plane *pl);

/* true when col_raycast accepts this kind: every 3D kind (the polytope by
 * GJK ray casting, col_raycast_polytope; a point swept against a polytope
 * still goes through the general sweep). */
COL_API bool col_raycast_supported(col_shape_kind kind);

/*
 * The ray cast of any 3D shape, with the conventions of raycast.h: a point is
 * a sphere of radius 0, a segment a capsule of radius 0, a triangle uses the
 * watertight two-sided test, an AABB the slab test, a polytope GJK ray
 * casting. COL_INVALID for 2D kinds, invalid kinds and invalid input.
 */
COL_API col_ray_hit col_raycast(const col_shape *s, const col_ray *r);

/*
 * col_raycast of a shape given by its kind and its struct (a col_sphere for
 * COL_SHAPE_SPHERE, ...; a col_polytope with its points), without building a
 * col_shape: the same result, bit for bit (the Lua binding's
 * collide.raycast). COL_INVALID for 2D kinds, kinds out of range, invalid
 * input and a NULL shape.
 */
COL_API col_ray_hit col_raycast_kind(col_shape_kind kind, const void *shape, const col_ray *r);

/* true when col_sweep accepts this pair of kinds (in either order): every
 * pair of 3D kinds but plane-plane. */
COL_API bool col_sweep_supported(col_shape_kind a, col_shape_kind b);

/* true when col_sweep answers this pair by a closed form (in either order):
 * sphere-plane, sphere-sphere, AABB-AABB, sphere-AABB, sphere-triangle,
 * capsule-plane, and a point against every 3D kind but the polytope. The
 * other pairs go through col_sweep_convex (collide/gjk.h), whose contact is
 * within its tolerance (COL_SWEEP_TOLERANCE) of the exact one. */
COL_API bool col_sweep_has_closed_form(col_shape_kind a, col_shape_kind b);

/*
 * The sweep of A moving by da against B moving by db, with the conventions of
 * sweep.h, for every supported pair in either order (closed forms where
 * col_sweep_has_closed_form, col_sweep_convex with its defaults otherwise) (the answer for (B, A) is
 * that for (A, B) with the normal reversed, bit for bit: two shapes of one
 * kind are ordered by their numbers, identical ones by their motions). A point against any shape is the
 * ray cast of the point along da - db against B (col_raycast): one
 * implementation, not two. COL_INVALID for unsupported pairs and invalid input.
 */
COL_API col_sweep_hit col_sweep(const col_shape *a, col_vec3 da, const col_shape *b, col_vec3 db);

/*
 * col_sweep of two shapes given by their kinds and structs (a col_sphere for
 * COL_SHAPE_SPHERE, ...; a col_polytope with its points), without building
 * col_shapes: the same result, bit for bit (the Lua binding's
 * collide.sweep). COL_INVALID for kinds out of range, unsupported pairs,
 * invalid input and a NULL struct.
 */
COL_API col_sweep_hit col_sweep_kind(col_shape_kind ka, const void *a, col_vec3 da, col_shape_kind kb, const void *b,
                                     col_vec3 db);

/*
 * The smallest AABB containing a 3D shape (for a plane, which is unbounded,
 * and for 2D shapes, which are not 3D: false). false for invalid input.
 * Triangles, segments and points give the box of their vertices; spheres,
 * capsules and ellipsoids are exact; OBBs use col_aabb_from_obb.
 */
COL_API bool col_shape_bounds(const col_shape *s, col_aabb *out);

/*
 * The shape translated by d, in *out: every point of it moved by d (a
 * plane's offset by n.d; a 2D shape by d's x and y). A polytope's points are
 * written to `points` (room for its count; out's points then point there),
 * since the polytope's own are borrowed. false, with *out unchanged, for an
 * invalid shape, a non-finite d, a polytope without `points`, or a result
 * that leaves the valid range (col_shape_is_valid). One rounding per
 * coordinate: translating a shape twice is not always translating it once by
 * the sum.
 */
COL_API bool col_shape_translate(const col_shape *s, col_vec3 d, col_vec3 *points, col_shape *out);

COL_EXTERN_C_END

#endif /* COLLIDE_SHAPE_H */
