/*
 * collide/base.h — scalar type, status codes and the named tolerances.
 *
 * Every other header of collide builds on this one. It defines:
 *   - col_real, the scalar of the whole core: double by default, float when the
 *     library is configured with COLLIDE_REAL=float (the build defines
 *     COLLIDE_REAL_FLOAT=1 then). Both configurations are built and tested.
 *   - COL_R(x), a literal of type col_real, and col_sqrt/col_abs/... that call the
 *     function of the right precision (so the float build never promotes to double).
 *   - col_status, the status of queries that return a result record.
 *   - the tolerances: every tolerance of the library is named here and documented.
 *     No function body contains a bare epsilon.
 *   - Squared distances are compared where the source does; below about
 *     1e-154 (double) or 1e-19 (float) a square underflows, so shapes closer
 *     than that count as touching (and a triangle whose normal's square
 *     underflows is degenerate: its longest edge). Point-point through
 *     col_overlap is exact. col_distance, col_gjk_distance and
 *     col_penetration (and col_overlap where it asks col_distance) measure a
 *     pair whose every coordinate lies within 2^-100 (float: 2^-16) of the
 *     origin scaled up by a power of two, exactly, and scale the answer
 *     back: the same answer as the pair at size 1, scaled.
 *   - COL_HUGE, the largest magnitude a coordinate, radius or extent may have.
 *     Validators reject larger values. The bound keeps every product of four
 *     coordinate differences finite (segment-segment and closest-point-on-
 *     triangle form such products), so no valid input can overflow to infinity
 *     inside a query: 1e50 in double, 2^30 (about 1.07e9) in float.
 */
#ifndef COLLIDE_BASE_H
#define COLLIDE_BASE_H

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
#define COL_EXTERN_C_BEGIN extern "C" {
#define COL_EXTERN_C_END }
#else
#define COL_EXTERN_C_BEGIN
#define COL_EXTERN_C_END
#endif

#if defined(__GNUC__) || defined(__clang__)
#define COL_API __attribute__((visibility("default")))
#else
#define COL_API
#endif

#if defined(COLLIDE_REAL_FLOAT) && COLLIDE_REAL_FLOAT
/* The float core's functions are named colf_ (col_overlap_sphere_sphere is
 * colf_overlap_sphere_sphere at link time), so a program can link both
 * cores: one translation unit per precision. Generated from the sources. */
#include "collide/float_names.h"
typedef float col_real;
#define COL_R(x) ((float)(x))
#define COL_REAL_NAME "float"
#define COL_EPSILON FLT_EPSILON
#define COL_REAL_MAX FLT_MAX
#define col_sqrt sqrtf
#define col_abs fabsf
/* Largest accepted magnitude of a coordinate, radius or extent (float build). */
#define COL_HUGE 1073741824.0f
#else
typedef double col_real;
#define COL_R(x) ((double)(x))
#define COL_REAL_NAME "double"
#define COL_EPSILON DBL_EPSILON
#define COL_REAL_MAX DBL_MAX
#define col_sqrt sqrt
#define col_abs fabs
/* Largest accepted magnitude of a coordinate, radius or extent (double build). */
#define COL_HUGE 1e50
#endif

/*
 * col_min, col_max: C's fmin and fmax (a NaN argument gives the other one;
 * two NaNs, NaN), and of two equal arguments (+0 and -0) the first, as
 * glibc's on x86-64 and on every machine alike. Inline: fmin and fmax are
 * calls to libm unless NaNs are ruled out, and the core takes them in its
 * bounds and boxes on every query.
 */
static inline col_real col_min(col_real a, col_real b) { return (a <= b || b != b) ? a : b; }
static inline col_real col_max(col_real a, col_real b) { return (a >= b || b != b) ? a : b; }

/*
 * COL_UNIT_TOLERANCE: how far |n|^2 of a plane normal may be from 1 before the
 * plane is rejected by col_plane_is_valid (planes built by col_plane_make and
 * col_plane_from_* are normalized, so they always pass).
 *
 * COL_ORTHONORMAL_TOLERANCE: how far an OBB's axes may be from orthonormal:
 * | |u_i|^2 - 1 | and |u_i . u_j| must not exceed it. Axes computed in col_real
 * from an exact rotation (cos/sin, a quaternion) are off by a few ulps and pass
 * with a wide margin; axes typed with 4 decimals (0.7071) do not.
 * The SAT tests treat the axes as given: a box with axes off by this much is
 * a parallelepiped, and every separating-axis test projects that parallelepiped
 * consistently, so a claimed separation is never wrong by more than rounding.
 */
#if defined(COLLIDE_REAL_FLOAT) && COLLIDE_REAL_FLOAT
#define COL_UNIT_TOLERANCE 1e-5f
#define COL_ORTHONORMAL_TOLERANCE 1e-5f
#else
#define COL_UNIT_TOLERANCE 1e-9
#define COL_ORTHONORMAL_TOLERANCE 1e-9
#endif

/*
 * COL_PARALLEL_TOLERANCE: dimensionless threshold on sin^2 of the angle between
 * two unit directions below which their cross product is treated as zero: the
 * separating axis it would define is skipped (SAT tests), two lines are treated
 * as parallel, three planes as having no unique point. It is a few ulps of 1
 * squared, so it only removes axes whose direction is rounding noise. Because it
 * compares a ratio of lengths it is invariant under scaling the scene.
 */
#define COL_PARALLEL_TOLERANCE (COL_R(16.0) * COL_EPSILON * COL_EPSILON)

/*
 * Iterative distance methods (collide/gjk.h). Each has a hard cap; reaching it
 * gives COL_NOT_CONVERGED with the best answer so far. The tolerances are
 * relative (to the distance itself, or to the size of the shapes in the frame
 * the method works in, which is placed at the shapes, not at the origin), so
 * they hold at any scale and any distance from the origin.
 *
 * COL_GJK_TOLERANCE: GJK stops when the duality gap |v|^2 - v.w (v the
 *   current closest point of A - B, w its support point along -v) is below
 *   this fraction of |v|^2, i.e. when the distance is known to this relative
 *   accuracy, or when the distance is known to COL_GJK_SIZE_TOLERANCE of the
 *   size of the shapes (the gap over |v| is below it: below that the dot
 *   products are rounding noise anyway). Polytopes end exactly; curved shapes
 *   converge.
 * COL_GJK_OVERLAP_TOLERANCE: a distance between the cores of two shapes below
 *   this fraction of their size is rounding noise and counts as touching. A
 *   curved shape is approached, never reached: when GJK stops on
 *   COL_GJK_SIZE_TOLERANCE with a distance below that same fraction of the
 *   size, the shapes count as touching too. These two are the band in which
 *   GJK and an exact test may disagree.
 * COL_EPA_TOLERANCE: EPA stops when the support value along the nearest face
 *   normal exceeds that face's distance by less than this fraction of the size
 *   of A - B. The depth it reports is always the support value itself, so
 *   moving A by it separates the shapes exactly even before convergence.
 * COL_SWEEP_TOLERANCE: default distance tolerance of the general convex sweep,
 *   relative to the larger of the shapes' sizes and the motion's length.
 */
#define COL_GJK_MAX_ITERATIONS 128
#define COL_EPA_MAX_ITERATIONS 64
#define COL_SWEEP_MAX_ITERATIONS 64
#define COL_GJK_OVERLAP_TOLERANCE (COL_R(16.0) * COL_EPSILON)
#if defined(COLLIDE_REAL_FLOAT) && COLLIDE_REAL_FLOAT
#define COL_GJK_TOLERANCE 1e-6f
#define COL_GJK_SIZE_TOLERANCE (COL_R(64.0) * COL_EPSILON)
#define COL_EPA_TOLERANCE 1e-5f
#define COL_SWEEP_TOLERANCE 1e-5f
#else
#define COL_GJK_TOLERANCE 1e-12
#define COL_GJK_SIZE_TOLERANCE (COL_R(1024.0) * COL_EPSILON)
#define COL_EPA_TOLERANCE 1e-10
#define COL_SWEEP_TOLERANCE 1e-9
#endif

COL_EXTERN_C_BEGIN

/* Status of queries that return a result record. */
typedef enum col_status {
    COL_MISS = 0,         /* valid input, no hit / no intersection */
    COL_HIT = 1,          /* valid input, hit / intersection found */
    COL_INVALID = 2,      /* non-finite, too large or otherwise invalid input */
    COL_NOT_CONVERGED = 3 /* an iterative method reached its iteration cap */
} col_status;

/* Side of a shape with respect to a plane n.p = d (closed sets: touching the
 * plane is straddling). COL_SIDE_INVALID is returned for invalid input. */
typedef enum col_side { COL_BACK = -1, COL_STRADDLE = 0, COL_FRONT = 1, COL_SIDE_INVALID = 2 } col_side;

/* Library version as "major.minor.patch". */
COL_API const char *col_version(void);

/* "double" or "float": the scalar type this copy of the library was built with. */
COL_API const char *col_real_name(void);

/* true when x is finite and |x| <= COL_HUGE. The common check of all validators. */
static inline bool col_is_valid_real(col_real x) {
    /* NaN fails the comparison; infinities fail the bound. One comparison,
     * no branch: validators combine these with & so they cost a few cycles. */
    return col_abs(x) <= COL_HUGE;
}

/* true when x is finite, |x| <= COL_HUGE and x >= 0 (radii, extents). */
static inline bool col_is_valid_size(col_real x) {
    return (int)(x >= COL_R(0.0)) & (int)(x <= COL_HUGE); /* int: C++ warns of & on bools */
}

COL_EXTERN_C_END

#endif /* COLLIDE_BASE_H */
