/*
 * The tolerance bands of the fuzz properties, in one place. Each is relative
 * to `size`, the largest coordinate magnitude of the two shapes' bounds plus 1
 * (fz_size), because rounding grows with the coordinates, not with the
 * distance between the shapes. Outside a band a property must hold exactly;
 * inside it the two methods may legitimately disagree.
 *
 * Which properties have no band (issue 16): every exact test against every
 * other (fuzz_static: touching at constructed boundary points overlaps), and
 * every ray cast with a finite max_t against the static test of its segment
 * (fuzz_ray, fuzz_dynamic: both make the one exact decision of exact.h, on
 * the grid, on boundary rays and off the grid), every closed-form sweep
 * against the static test at u = 0 and u = 1, with zero relative velocity
 * and apart on an axis without motion (fuzz_static's boundary sweeps: the
 * sweeps decide exactly, the motion never rounded), and the filters against
 * exact arithmetic (fuzz_ray, fuzz_static, col__exact_always). The bands that remain all
 * compare an exact or closed-form answer with an iterative or rounded one,
 * where the arithmetic itself requires them:
 *   - FZ_BAND_DISTANCE / TOUCH: GJK's distance (a rounded barycentric
 *     combination; curved shapes approached linearly, 1e-7 of the size);
 *   - FZ_BAND_SUPPORT: a support point past a closest point (second-order
 *     gain below an ulp: sqrt(eps) of the size), and GJK stuck on sliver
 *     Minkowski differences (fz_gjk_sliver, GJK against the closed forms);
 *   - FZ_BAND_PUSH: EPA's tolerance on a push-out, and fz_flat: EPA's depth
 *     for two flat shapes that touch is no measure of depth;
 *   - FZ_BAND_CONTACT: the general sweep's stopping tolerance;
 *   - FZ_SLIVER, FZ_UNIT, FZ_IN_PLANE: a contact time's rounding on slivers,
 *     a rounded normal's length, and the methods' documented edge-on rays.
 * Segment-, capsule- and triangle-triangle and segment- and capsule-box
 * distances are closed forms (their exact tests are held to the tight band
 * against them; GJK, the second method, to its sliver band against
 * triangles, its tight band against boxes). A box against a box, a
 * triangle or a point or segment core, and a triangle against a segment
 * core, take their depth from the separating axes
 * (col_penetration), held to EPA (col_epa_penetration, the second method)
 * within FZ_BAND_PUSH above (and, on the triangle pairs, FZ_BAND_SUPPORT
 * below: EPA starts from GJK's simplex, fz_gjk_sliver), and need none of
 * the EPA exemptions for touching flat shapes (fuzz_distance, sat_pair).
 */
#ifndef COLLIDE_FUZZ_BANDS_H
#define COLLIDE_FUZZ_BANDS_H

#include "fuzz_input.h"

/* Largest coordinate magnitude of the shapes' bounds, plus 1. */
static inline double fz_size(const col_shape *a, const col_shape *b) {
    double m = 1.0;
    const col_shape *s[2] = {a, b};
    for (int i = 0; i < 2; ++i) {
        col_aabb box;
        if (!col_shape_bounds(s[i], &box)) continue;
        m = fmax(m, fmax(fabs((double)box.min.x), fabs((double)box.max.x)));
        m = fmax(m, fmax(fabs((double)box.min.y), fabs((double)box.max.y)));
        m = fmax(m, fmax(fabs((double)box.min.z), fabs((double)box.max.z)));
    }
    return m;
}

/* Two smooth, strictly convex shapes (ellipsoids of positive radii, balls and
 * points, one an ellipsoid): col_penetration finishes EPA's answer by
 * Newton's method on the difference's support (penetration_smooth.c), so
 * its depth, normal and witnesses need no EPA band: the witnesses are the
 * supports at the least support value, b* - a* - depth n its part across
 * the normal, zero to 128 eps of the size and of the largest radius of
 * curvature there (fz_curvature_radius). */
/* An ellipsoid's radii that are 0 (-1 for other kinds). Two: a segment along
 * the third (a needle), three: a point; the core takes them as such (given
 * by points: col__proxy_make), so they are polyhedral and smooth cores
 * below. */
static inline int fz_zero_radii(const col_shape *s) {
    if (s->kind != COL_SHAPE_ELLIPSOID) return -1;
    const col_vec3 r = s->u.ellipsoid.r;
    return (r.x == 0) + (r.y == 0) + (r.z == 0);
}
/* A curved core: an ellipsoid but a needle or a point (fz_zero_radii). */
static inline bool fz_curved(const col_shape *s) { return s->kind == COL_SHAPE_ELLIPSOID && fz_zero_radii(s) < 2; }
static inline bool fz_positive_ellipsoid(const col_shape *s) {
    const col_vec3 r = s->u.ellipsoid.r;
    return s->kind == COL_SHAPE_ELLIPSOID && r.x > 0 && r.y > 0 && r.z > 0;
}
static inline bool fz_smooth_core(const col_shape *s) {
    return s->kind == COL_SHAPE_SPHERE || s->kind == COL_SHAPE_POINT || fz_positive_ellipsoid(s) ||
           fz_zero_radii(s) == 3;
}
static inline bool fz_smooth_pair(const col_shape *a, const col_shape *b) {
    return fz_smooth_core(a) && fz_smooth_core(b) && (fz_positive_ellipsoid(a) || fz_positive_ellipsoid(b));
}

/* An ellipsoid of positive radii against a shape whose core is polyhedral
 * (a segment, a capsule, a triangle, a box, a polytope, a needle):
 * col_penetration
 * finishes EPA's answer by the polyhedron's features (penetration_smooth.c),
 * a vertex, an edge or a face each solved on its own, with the same
 * conditions and tolerance as a smooth pair. fz_refined_pair: either kind,
 * the pairs whose contact is exact to rounding without the separating
 * axes, cores overlapping or apart (a disc too: fz_disc). */
static inline bool fz_polyhedral_core(const col_shape *s) {
    switch (s->kind) {
    case COL_SHAPE_SEGMENT:
    case COL_SHAPE_CAPSULE:
    case COL_SHAPE_TRIANGLE:
    case COL_SHAPE_AABB:
    case COL_SHAPE_OBB:
    case COL_SHAPE_POLYTOPE: return true;
    default: return fz_zero_radii(s) == 2;
    }
}
/* The radius a shape rounds its core by (a sphere's, a capsule's). */
static inline double fz_radius(const col_shape *s) {
    return s->kind == COL_SHAPE_SPHERE    ? (double)s->u.sphere.r
           : s->kind == COL_SHAPE_CAPSULE ? (double)s->u.capsule.r
                                          : 0.0;
}
/* An ellipsoid with exactly one radius 0, the others positive: a disc
 * (its face along that axis, its rim smooth), refined as the curved side
 * against a polyhedron, a smooth shape or a disc across it (not one of its
 * own axis: overlapping, the two lie in one plane). fz_disc_axis: that
 * axis, -1 for other shapes. */
static inline bool fz_disc(const col_shape *s) {
    const col_vec3 r = s->u.ellipsoid.r;
    return fz_zero_radii(s) == 1 && r.x >= 0 && r.y >= 0 && r.z >= 0;
}
static inline int fz_disc_axis(const col_shape *s) {
    if (!fz_disc(s)) return -1;
    const col_vec3 r = s->u.ellipsoid.r;
    return r.x == 0 ? 0 : (r.y == 0 ? 1 : 2);
}
/* The largest radius of curvature of an ellipsoid (a disc's rim's):
 * r_max^2 / r_min over its positive radii, 0 for other shapes. A refined
 * contact's tolerance grows by it (penetration_smooth.c): a support point
 * moves by it times the rounding of the direction. */
static inline double fz_radii_span(const col_shape *s, double *lo) { /* largest radius; least positive in *lo */
    const col_vec3 r = s->u.ellipsoid.r;
    double hi = fmax((double)r.x, fmax((double)r.y, (double)r.z));
    *lo = hi;
    if (r.x > 0) *lo = fmin(*lo, (double)r.x);
    if (r.y > 0) *lo = fmin(*lo, (double)r.y);
    if (r.z > 0) *lo = fmin(*lo, (double)r.z);
    return hi;
}
static inline double fz_curvature_radius(const col_shape *s) {
    if (s->kind != COL_SHAPE_ELLIPSOID) return 0;
    double lo, hi = fz_radii_span(s, &lo);
    return lo > 0 ? hi * (hi / lo) : 0;
}
/* A disc (an ellipsoid with one radius 0) seen along the unit n: its rim's
 * radius of curvature as the support sees it there, r_max^2 / |R n| (R the
 * radii), where that exceeds fz_curvature_radius (n within |R n| / r_min
 * of the disc's axis: nearly edge-on, the support point runs along the rim
 * by it per radian of n, so the contact's points match no nearer than it
 * times n's rounding; penetration_smooth.c's tolerance_at); else 0. */
static inline double fz_disc_rim_radius(const col_shape *s, col_vec3 n) {
    if (s->kind != COL_SHAPE_ELLIPSOID) return 0;
    const col_vec3 r = s->u.ellipsoid.r;
    if ((r.x == 0) + (r.y == 0) + (r.z == 0) != 1) return 0;
    double lo, hi = fz_radii_span(s, &lo);
    double x = (double)r.x * (double)n.x, y = (double)r.y * (double)n.y, z = (double)r.z * (double)n.z;
    double rn = sqrt(x * x + y * y + z * z);
    return rn > 0 && rn < lo ? hi * (hi / rn) : 0;
}
/* An ellipsoid's positive radii within a factor 2^25 of each other (2^10 in
 * float): beyond, an ellipsoid against a polyhedron stays with EPA (the
 * contact's tolerance, which grows with that ratio, would pass 2^-20 of the
 * largest radius, 2^-6 in float, penetration_smooth.c); a disc against a
 * smooth shape or a disc within a factor 2^16 (256 in float:
 * fz_moderate_aspect), where Newton's method in polar angles holds. */
static inline bool fz_curved_aspect(const col_shape *s) {
    if (s->kind != COL_SHAPE_ELLIPSOID) return true;
    double lo, hi = fz_radii_span(s, &lo);
    return hi <= ((double)COL_EPSILON < 1e-10 ? 0x1p25 : 0x1p10) * lo;
}
static inline bool fz_moderate_aspect(const col_shape *s) {
    if (s->kind != COL_SHAPE_ELLIPSOID) return true;
    double lo, hi = fz_radii_span(s, &lo);
    return hi <= ((double)COL_EPSILON < 1e-10 ? 0x1p16 : 256) * lo;
}
/* An ellipsoid of positive radii (or a disc) whose largest is more than
 * 2^25 (2^10 in float) times its least positive one: col_penetration takes its radii below r_max /
 * 2^25 as 0 (flatten, penetration_smooth.c), a disc or a needle within them
 * of its surface, solves that, and lifts the witnesses to the surface:
 * fz_flat_radius is the largest such radius (0 for other shapes),
 * fz_flattened the shape so taken, and the witnesses and the depth hold to
 * fz_band_flat beside the flat contact's own band. */
static inline double fz_flat_radius(const col_shape *s) {
    if (!fz_positive_ellipsoid(s) && !fz_disc(s)) return 0;
    double lo, hi = fz_radii_span(s, &lo), ratio = (double)COL_EPSILON < 1e-10 ? 0x1p25 : 0x1p10, out = 0;
    if (!(lo * ratio < hi)) return 0;
    const double r[3] = {(double)s->u.ellipsoid.r.x, (double)s->u.ellipsoid.r.y, (double)s->u.ellipsoid.r.z};
    for (int i = 0; i < 3; ++i)
        if (r[i] * ratio < hi) out = fmax(out, r[i]);
    return out;
}
static inline col_shape fz_flattened(const col_shape *s) {
    col_shape f = *s;
    double flat = fz_flat_radius(s);
    if (flat > 0) {
        col_vec3 *r = &f.u.ellipsoid.r;
        if ((double)r->x <= flat) r->x = 0;
        if ((double)r->y <= flat) r->y = 0;
        if ((double)r->z <= flat) r->z = 0;
    }
    return f;
}
static inline double fz_band_flat(const col_shape *a, const col_shape *b) {
    return 4 * (fz_flat_radius(a) + fz_flat_radius(b));
}
static inline bool fz_refined_pair_as_given(const col_shape *a, const col_shape *b);
static inline bool fz_refined_pair(const col_shape *a, const col_shape *b) {
    if (fz_flat_radius(a) > 0 || fz_flat_radius(b) > 0) {
        /* flat, a curved or smooth pair as any other; a needle against a
         * polyhedral core by EPA on the flat cores, exact there */
        col_shape fa = fz_flattened(a), fb = fz_flattened(b);
        return fz_refined_pair_as_given(&fa, &fb) || (fz_polyhedral_core(&fa) && fz_polyhedral_core(&fb));
    }
    return fz_refined_pair_as_given(a, b);
}
static inline bool fz_refined_pair_as_given(const col_shape *a, const col_shape *b) {
    bool ea = (fz_positive_ellipsoid(a) || fz_disc(a)) && fz_curved_aspect(a),
         eb = (fz_positive_ellipsoid(b) || fz_disc(b)) && fz_curved_aspect(b);
    bool disc_smooth = (fz_disc(a) && fz_moderate_aspect(a) && fz_smooth_core(b)) ||
                       (fz_disc(b) && fz_moderate_aspect(b) && fz_smooth_core(a));
    bool discs_across = fz_disc(a) && fz_disc(b) && fz_moderate_aspect(a) && fz_moderate_aspect(b) &&
                        fz_disc_axis(a) != fz_disc_axis(b);
    return fz_smooth_pair(a, b) || disc_smooth || discs_across || (ea && fz_polyhedral_core(b)) ||
           (eb && fz_polyhedral_core(a));
}

/* 2 area / longest edge^2 of a triangle (1 for other kinds): small for
 * slivers, whose plane is ill-conditioned. A closest point or a contact time
 * on a sliver rounds by the inverse aspect times more than on a fat triangle,
 * so the bands that involve one are divided by its aspect. */
static inline double fz_aspect(const col_shape *s) {
    if (s->kind != COL_SHAPE_TRIANGLE) return 1.0;
    const col_triangle *t = &s->u.triangle;
    col_vec3 ab = col_v3_sub(t->b, t->a), bc = col_v3_sub(t->c, t->b), ca = col_v3_sub(t->a, t->c);
    double l = fmax((double)col_v3_len_sq(ab), fmax((double)col_v3_len_sq(bc), (double)col_v3_len_sq(ca)));
    return l > 0 ? (double)col_v3_len(col_v3_cross(ab, col_v3_neg(ca))) / l : 0.0;
}

/*
 * FZ_BAND_DISTANCE: GJK against a closed-form distance. Polytope pairs end
 * exactly up to the rounding of the simplex's barycentric combination (a few
 * hundred ulps of the size). A curved shape is approached, linearly, and GJK
 * stops when its steps no longer make progress in rounding: a flattened
 * ellipsoid (radii 96 and 498 and 0 on the grid) against a box face leaves
 * the closest point on a chord of the ellipse, up to about 4e-8 of the size
 * along the normal; touching a face, about 1e-10 (see collide/base.h). The
 * band for curved shapes is 1e-7 of the size. (A known limit of GJK on
 * smooth shapes; a restart from the final direction would tighten it.)
 */
static inline double fz_gjk_size_units(col_shape_kind k) {
    /* a bound, in units of fz_size, of the size GJK measures for a shape in
     * its frame (support.c): the largest coordinate of the core (up to twice
     * fz_size in a frame at the other shape), plus the radius; an AABB sums
     * its two corners', an OBB adds its three half extents (each up to sqrt(3)
     * fz_size), an ellipsoid its largest radius */
    switch (k) {
    case COL_SHAPE_SPHERE:
    case COL_SHAPE_CAPSULE: return 3;
    case COL_SHAPE_AABB:
    case COL_SHAPE_ELLIPSOID: return 4;
    case COL_SHAPE_OBB: return 8;
    default: return 2;
    }
}

static inline double fz_band_distance(const col_shape *a, const col_shape *b) {
    /* GJK calls cores closer than COL_GJK_SIZE_TOLERANCE of the sum of the
     * two shapes' sizes touching (collide/base.h), each size measured in a
     * frame at the shapes (fz_gjk_size_units): segments 2.6e-10 apart, 1000
     * long, placed there by the boundary mode, touch to GJK, and so did a
     * segment 4.66e-10 from a box's corner at size 512 (the box's size the
     * sum of its corners', 2365 in that frame), which the closed form found
     * apart; 64 more for the rounding of GJK's own distance, which it
     * compares: two polytopes 4.65712e-10 apart at size 512, called touching,
     * against a band of exactly 1024 of 4.65661e-10 (regressions/distance/
     * polytopes-touching-by-gjks-rounded-distance-just-past-its-band) */
    double eps = (double)COL_EPSILON;
    if (fz_curved(a) || fz_curved(b)) return 1e-7 * fz_size(a, b);
    return (1024 + 64) * eps * (fz_gjk_size_units(a->kind) + fz_gjk_size_units(b->kind)) * fz_size(a, b);
}

/*
 * FZ_BAND_SUPPORT: how far past a closest point a support point may project
 * along the normal. The distance is accurate to second order (a support point
 * g past the witness shortens it by about g^2 / size), so once the gain drops
 * below an ulp of |v|^2 GJK cannot see it: g stays up to about sqrt(eps) times
 * the size while the distance is right to rounding. (A face nearly parallel to
 * the normal, 1000 units long, leaves g = 7e-7 on the grid.)
 */
static inline double fz_band_support(const col_shape *a, const col_shape *b) {
    return 4 * sqrt((double)COL_EPSILON) * fz_size(a, b);
}

/*
 * FZ_BAND_TOUCH: an overlap test and a distance may disagree only when the
 * shapes are this close to touching: the exact tests are exact for the
 * numbers they are given, GJK decides within its overlap tolerance, and the
 * closed-form distances round their squares and roots.
 */
static inline double fz_band_touch(const col_shape *a, const col_shape *b) { return fz_band_distance(a, b); }

/*
 * FZ_BAND_PUSH: after moving A out by the penetration depth along its normal,
 * the shapes touch to this much (EPA's tolerance, COL_EPA_TOLERANCE, on a
 * converged answer; rounding of the moved coordinates otherwise) and moving
 * further by it separates them.
 */
static inline double fz_band_push(const col_shape *a, const col_shape *b) {
    return (sizeof(col_real) == sizeof(double) ? 1e-7 : 1e-2) * fz_size(a, b);
}

/*
 * fz_band_epa_curved: EPA's depth on a curved shape (an ellipsoid that
 * col_penetration does not refine: fz_refined_pair), about 1e-6 of the
 * size: its polytope of support points only approaches the surface (a point
 * touching an ellipsoid got 8.5e-5 at size 512: regressions/distance/epa-
 * depth-of-a-point-touching-an-ellipsoid; two flat ellipsoids touching at
 * size 2e11 got 1.6e5, 3 iterations: regressions/dynamic/epa-depth-of-two-
 * flat-ellipsoids-at-a-sweeps-contact); elsewhere fz_band_flat.
 */
static inline double fz_band_epa_curved(const col_shape *a, const col_shape *b) {
    return (fz_curved(a) || fz_curved(b)) && !fz_refined_pair(a, b) ? 1e-6 * fz_size(a, b) : fz_band_flat(a, b);
}

/*
 * FZ_BAND_CONTACT: a sweep's contact. The general sweep stops within
 * COL_SWEEP_TOLERANCE (1e-9) of the larger of the shapes' size and the
 * motion's length; the distance that checks it adds its own band. Four times
 * the tolerance leaves room for the rounding of the moved coordinates.
 */
static inline double fz_band_contact(const col_shape *a, const col_shape *b, col_vec3 motion) {
    double m = fmax(fabs((double)motion.x), fmax(fabs((double)motion.y), fabs((double)motion.z)));
    return 4 * (double)COL_SWEEP_TOLERANCE * (fz_size(a, b) + m) + fz_band_distance(a, b);
}

/*
 * fz_gjk_sliver: pairs whose Minkowski difference GJK may stop short on.
 * A - B of two triangles that share a vertex or nearly share an edge (or lie
 * nearly in one plane) is a sliver however fat each triangle is, and so is
 * A - B of a triangle and a segment (or a capsule's axis) crossing an edge at
 * a shallow angle, or of two nearly parallel segments (or capsules' axes). GJK's simplex solver loses the closest point to
 * cancellation there, and neither its step nor Gilbert's (w is about the
 * size away, the gain below an ulp of |v|^2) improves it, so it may stop up
 * to the first-order resolution (fz_band_support, sqrt(eps) of the size)
 * short: two triangles sharing a vertex were reported 1.6e-6 apart at size
 * 1024, a segment crossing a triangle's edge, which the exact test calls
 * touching, 3.3e-8 apart at size 512 (fuzz/regressions/distance/
 * gjk-stuck-on-*). GJK against the closed forms, and the general sweep
 * (which follows GJK), are held to that band on these pairs.
 */
static inline bool fz_flat(const col_shape *s);
/* A polytope thinner than 1e-3 of its extent (its PCA box's least extent
 * against its greatest) is a sliver whatever it meets: GJK put a point of
 * a face of a pyramid 0.125 high and 990 wide 5.2e-7 from it at size 512
 * (fuzz/regressions/distance/gjk-stuck-on-a-point-on-a-thin-polytopes-face). */
static inline bool fz_thin_polytope(const col_shape *s) {
    if (s->kind != COL_SHAPE_POLYTOPE) return false;
    col_obb box;
    if (!col_obb_from_points(s->u.polytope.points, (size_t)s->u.polytope.count, COL_OBB_PCA, &box)) return false;
    double lo = fmin((double)box.e.x, fmin((double)box.e.y, (double)box.e.z)),
           hi = fmax((double)box.e.x, fmax((double)box.e.y, (double)box.e.z));
    return lo < 1e-3 * hi;
}
static inline bool fz_gjk_sliver(const col_shape *a, const col_shape *b) {
    if (fz_thin_polytope(a) || fz_thin_polytope(b)) return true;
    bool ta = a->kind == COL_SHAPE_TRIANGLE, tb = b->kind == COL_SHAPE_TRIANGLE;
    col_shape_kind other = ta ? b->kind : a->kind;
    if ((ta || tb) && (other == COL_SHAPE_TRIANGLE || other == COL_SHAPE_SEGMENT || other == COL_SHAPE_CAPSULE))
        return true;
    /* a box flat on an axis is a rectangle or a segment: against a triangle,
     * as a triangle or a segment is (GJK put a box 32 long and of no
     * thickness, in a triangle's plane to 1e-13, 2.5e-7 from it at size
     * 512: fuzz/regressions/distance/gjk-stuck-on-a-flat-box-in-a-triangles-plane) */
    if ((ta || tb) && (other == COL_SHAPE_AABB || other == COL_SHAPE_OBB) && fz_flat(ta ? b : a)) return true;
    /* and a box with an edge nearly parallel to a triangle's plane: A - B has
     * a face nearly square to the normal, its corners' distances within
     * rounding of v's direction (GJK stopped on a box edge 16 long, 1.7e-8
     * rad off a triangle's plane, 2.6e-7 from it where the corner is 7.5e-9
     * away at size 512: fuzz/regressions/distance/gjk-stuck-on-a-box-edge-
     * along-a-triangles-face) */
    if ((ta || tb) && (other == COL_SHAPE_AABB || other == COL_SHAPE_OBB)) {
        const col_triangle *t = ta ? &a->u.triangle : &b->u.triangle;
        const col_shape *box = ta ? b : a;
        col_vec3 n = col_v3_cross(col_v3_sub(t->b, t->a), col_v3_sub(t->c, t->a));
        double len = sqrt((double)n.x * (double)n.x + (double)n.y * (double)n.y + (double)n.z * (double)n.z);
        for (int k = 0; k < 3 && len > 0; ++k) {
            col_vec3 axis = box->kind == COL_SHAPE_OBB ? box->u.obb.u[k] : col_v3(k == 0, k == 1, k == 2);
            double c = fabs((double)axis.x * (double)n.x + (double)axis.y * (double)n.y + (double)axis.z * (double)n.z);
            if (c < 1e-4 * len) return true; /* within about 1e-4 rad */
        }
    }
    /* two segment cores nearly parallel make a sliver parallelogram: GJK
     * called two segments 864 and 143 long, at 3.3e-4 rad, touching where
     * the closed form has them 4.2e-10 apart at size 512
     * (fuzz/regressions/distance/gjk-stuck-on-nearly-parallel-segments) */
    bool la = a->kind == COL_SHAPE_SEGMENT || a->kind == COL_SHAPE_CAPSULE,
         lb = b->kind == COL_SHAPE_SEGMENT || b->kind == COL_SHAPE_CAPSULE;
    if (la && lb) return true;
    /* and so does a segment core nearly parallel to a box's edge: GJK put
     * a segment 898 long, 4e-4 rad off a box's z edges (the box 0.375 thick
     * there), 2.4e-7 from the box it touches at size 512
     * (fuzz/regressions/distance/gjk-stuck-on-a-segment-along-a-box-edge) */
    const col_shape *line = la ? a : (lb ? b : NULL), *box = la ? b : a;
    if (!line || (box->kind != COL_SHAPE_AABB && box->kind != COL_SHAPE_OBB)) return false;
    col_vec3 p = line->kind == COL_SHAPE_SEGMENT ? line->u.segment.a : line->u.capsule.a,
             q = line->kind == COL_SHAPE_SEGMENT ? line->u.segment.b : line->u.capsule.b;
    col_vec3 d = col_v3_sub(q, p);
    double len = sqrt((double)d.x * (double)d.x + (double)d.y * (double)d.y + (double)d.z * (double)d.z);
    if (!(len > 0)) return false;
    for (int k = 0; k < 3; ++k) {
        col_vec3 axis = box->kind == COL_SHAPE_OBB ? box->u.obb.u[k] : col_v3(k == 0, k == 1, k == 2);
        double c = fabs((double)axis.x * (double)d.x + (double)axis.y * (double)d.y + (double)axis.z * (double)d.z);
        if (c > (1 - 1e-4) * len) return true; /* within about 0.014 rad */
    }
    return false;
}

/* fz_flat: a shape without volume (a triangle, segment or point, a box or
 * ellipsoid with a zero extent, a capsule or sphere of radius 0, a polytope
 * of at most three points). EPA's depth for two of them touching is no
 * measure of depth: their A - B is flat near the origin (see fuzz_distance's
 * push-out and overlap properties). */
static inline bool fz_flat(const col_shape *s) {
    switch (s->kind) {
    case COL_SHAPE_TRIANGLE:
    case COL_SHAPE_SEGMENT:
    case COL_SHAPE_POINT: return true;
    case COL_SHAPE_SPHERE: return s->u.sphere.r == 0;
    case COL_SHAPE_CAPSULE: return s->u.capsule.r == 0;
    case COL_SHAPE_AABB:
        return s->u.aabb.min.x == s->u.aabb.max.x || s->u.aabb.min.y == s->u.aabb.max.y ||
               s->u.aabb.min.z == s->u.aabb.max.z;
    case COL_SHAPE_OBB: return s->u.obb.e.x == 0 || s->u.obb.e.y == 0 || s->u.obb.e.z == 0;
    case COL_SHAPE_ELLIPSOID: return s->u.ellipsoid.r.x == 0 || s->u.ellipsoid.r.y == 0 || s->u.ellipsoid.r.z == 0;
    case COL_SHAPE_POLYTOPE: return s->u.polytope.count <= 3;
    default: return false;
    }
}

/* FZ_SLIVER: triangles with an aspect (fz_aspect) below this are left out of
 * the contact-time properties, whose rounding grows with the inverse aspect. */
#define FZ_SLIVER 1e-2

/* FZ_UNIT: how far from 1 the length of a reported unit normal may be (the
 * normals are normalized in col_real; this only catches a wrong one). */
#define FZ_UNIT 1e-3

/* FZ_IN_PLANE: a ray whose direction makes a sine below this with a
 * triangle's plane lies in it for the method comparison (the methods treat an
 * edge-on ray differently, as each documents). */
#define FZ_IN_PLANE 1e-9

#endif
