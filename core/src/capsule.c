/* Capsule and ellipsoid tests (collide/static.h). */
#include "box.h"
#include "exact.h"
#include "geom.h"

/* Both tests work relative to one of the shapes (the sphere centre, the first
 * segment's start): the answer then depends only on coordinate differences,
 * so it does not change when the scene is moved, and stays accurate far from
 * the origin. */

bool col_overlap_capsule_sphere(const col_capsule *c, const col_sphere *s) {
    if (!col__valid_capsule(c) || !col__valid_sphere(s)) return false;
    /* exact (exact.h): the decision of the ray casts against a sphere, a
     * point and a capsule's cap */
    return col__segment_meets_ball(c->a, c->b, s->c, c->r, s->r);
}

bool col_overlap_capsule_capsule(const col_capsule *a, const col_capsule *b) {
    if (!col__valid_capsule(a) || !col__valid_capsule(b)) return false;
    /* exact (exact.h): the decision of the ray casts against a capsule and a segment */
    return col__segment_meets_capsule(a->a, a->b, b->a, b->b, a->r, b->r);
}

/* The capsule (a, b, r) against the box [lo, hi], both valid: the axis
 * within r of the box iff it meets the box, or an end lies within r of it,
 * or an edge of the box within r of the axis -- one facing the axis
 * (col__box_edges_facing): disjoint, a closest pair has its point of the
 * axis on an end or its point of the box on an edge (were both inside, the
 * axis would run parallel to a face, and sliding the pair along it keeps
 * the distance until one reaches an end or an edge). Each part exact. */
static bool capsule_meets_box(col_vec3 a, col_vec3 b, col_real r, col_vec3 lo, col_vec3 hi) {
    /* the boxes apart (the box as the segment between its corners): exact
     * comparisons, the far pair's answer */
    if (col__segment_capsule_extents_apart(lo, hi, a, b, r)) return false;
    if (col__segment_meets_box(a, b, lo, hi)) return true;
    const col_aabb box = {lo, hi};
    const col_sphere ends[2] = {{a, r}, {b, r}};
    if (col__overlap_aabb_sphere_k(&box, &ends[0]) || col__overlap_aabb_sphere_k(&box, &ends[1])) return true;
    col_vec3 e[12][2];
    int n = col__box_edges_facing(a, b, lo, hi, e);
    for (int k = 0; k < n; ++k)
        if (col__segment_meets_capsule(e[k][0], e[k][1], a, b, COL_R(0.0), r)) return true;
    return false;
}

bool col_overlap_capsule_aabb(const col_capsule *c, const col_aabb *b) {
    if (!col__valid_capsule(c) || !col__valid_aabb(b)) return false;
    return capsule_meets_box(c->a, c->b, c->r, b->min, b->max);
}

bool col_overlap_capsule_obb(const col_capsule *c, const col_obb *b) {
    if (!col__valid_capsule(c) || !col__valid_obb(b)) return false;
    /* in the box's frame: the axis's ends rounded there, as the OBB-sphere
     * test rounds the centre; then exact */
    return capsule_meets_box(col__obb_to_local(b, c->a), col__obb_to_local(b, c->b), c->r, col_v3_neg(b->e), b->e);
}

bool col_overlap_segment_ellipsoid(const col_segment *s, const col_ellipsoid *e) {
    if (!col__valid_segment(s) || !col__valid_ellipsoid(e)) return false;
    return col__segment_meets_ellipsoid(s->a, s->b, e->c, e->r);
}

bool col_overlap_point_ellipsoid(const col_point *p, const col_ellipsoid *e) {
    if (!col__valid_point(p) || !col__valid_ellipsoid(e)) return false;
    /* exact (exact.h): the decision of the ray cast's inside test */
    return col__segment_meets_ellipsoid(p->p, p->p, e->c, e->r);
}
