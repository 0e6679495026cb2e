/* 2D tests (collide/static.h): circle-circle, circle-rectangle, rectangle-rectangle. */
#include "collide/collide.h"

bool col_overlap_circle_circle(const col_circle *a, const col_circle *b) {
    if (!col_circle_is_valid(a) || !col_circle_is_valid(b)) return false;
    col_real rs = a->r + b->r;
    col_vec2 d = col_v2_sub(a->c, b->c);
    return col_v2_dot(d, d) <= rs * rs;
}

bool col_overlap_circle_rect(const col_circle *c, const col_rect *r) {
    if (!col_circle_is_valid(c) || !col_rect_is_valid(r)) return false;
    /* Yip's fold: v - h = |p - centre| - half = max(min - p, p - max) per axis,
     * then u = max(v - h, 0); evaluated without forming centre and half. */
    col_real ux = col_max(col_max(r->min.x - c->c.x, c->c.x - r->max.x), COL_R(0.0));
    col_real uy = col_max(col_max(r->min.y - c->c.y, c->c.y - r->max.y), COL_R(0.0));
    return ux * ux + uy * uy <= c->r * c->r;
}

bool col_overlap_rect_rect(const col_rect *a, const col_rect *b) {
    if (!col_rect_is_valid(a) || !col_rect_is_valid(b)) return false;
    return a->min.x <= b->max.x && b->min.x <= a->max.x && a->min.y <= b->max.y && b->min.y <= a->max.y;
}
