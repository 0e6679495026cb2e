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

bool col_overlap_point_ellipsoid(const col_point *p, const col_ellipsoid *e) {
    if (!col__valid_point(p) || !col__valid_ellipsoid(e)) return false;
    col_real sum = COL_R(0.0);
    for (int k = 0; k < 3; ++k) {
        col_real d = col_v3_get(p->p, k) - col_v3_get(e->c, k), r = col_v3_get(e->r, k);
        if (r == COL_R(0.0)) {
            if (d != COL_R(0.0)) return false; /* flattened axis: only the centre plane */
            continue;
        }
        col_real q = d / r; /* |d| <= 2 COL_HUGE and r > 0: q can be large but is finite or +inf */
        sum += q * q;
    }
    return sum <= COL_R(1.0);
}
