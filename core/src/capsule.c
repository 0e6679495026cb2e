/* Capsule and ellipsoid tests (collide/static.h). */
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

bool col_overlap_segment_ellipsoid(const col_segment *s, const col_ellipsoid *e) {
    if (!col__valid_segment(s) || !col__valid_ellipsoid(e)) return false;
    return col__segment_meets_ellipsoid(s->a, s->b, e->c, e->r);
}

bool col_overlap_point_ellipsoid(const col_point *p, const col_ellipsoid *e) {
    if (!col__valid_point(p) || !col__valid_ellipsoid(e)) return false;
    /* exact (exact.h): the decision of the ray cast's inside test */
    return col__segment_meets_ellipsoid(p->p, p->p, e->c, e->r);
}
