/* Validators and constructors of collide/shapes.h. */
#include "collide/collide.h"

bool col_point_is_valid(const col_point *p) { return col_v3_is_valid(p->p); }

bool col_segment_is_valid(const col_segment *s) { return col_v3_is_valid(s->a) && col_v3_is_valid(s->b); }

bool col_line_is_valid(const col_line *l) {
    return col_v3_is_valid(l->p) && col_v3_is_valid(l->d) && col_v3_len_sq(l->d) > COL_R(0.0);
}

bool col_plane_is_valid(const col_plane *p) {
    if (!col_v3_is_valid(p->n) || !col_is_valid_real(p->d)) return false;
    return col_abs(col_v3_len_sq(p->n) - COL_R(1.0)) <= COL_UNIT_TOLERANCE;
}

bool col_triangle_is_valid(const col_triangle *t) {
    return col_v3_is_valid(t->a) && col_v3_is_valid(t->b) && col_v3_is_valid(t->c);
}

bool col_sphere_is_valid(const col_sphere *s) { return col_v3_is_valid(s->c) && col_is_valid_size(s->r); }

bool col_capsule_is_valid(const col_capsule *c) {
    return col_v3_is_valid(c->a) && col_v3_is_valid(c->b) && col_is_valid_size(c->r);
}

bool col_aabb_is_valid(const col_aabb *b) {
    return col_v3_is_valid(b->min) && col_v3_is_valid(b->max) && b->min.x <= b->max.x && b->min.y <= b->max.y &&
           b->min.z <= b->max.z;
}

bool col_obb_is_valid(const col_obb *b) {
    return col_v3_is_valid(b->c) && col_is_valid_size(b->e.x) && col_is_valid_size(b->e.y) &&
           col_is_valid_size(b->e.z) && col_m3_is_orthonormal(col_obb_axes(b));
}

bool col_ellipsoid_is_valid(const col_ellipsoid *e) {
    return col_v3_is_valid(e->c) && col_is_valid_size(e->r.x) && col_is_valid_size(e->r.y) &&
           col_is_valid_size(e->r.z);
}

bool col_circle_is_valid(const col_circle *c) { return col_v2_is_valid(c->c) && col_is_valid_size(c->r); }

bool col_rect_is_valid(const col_rect *r) {
    return col_v2_is_valid(r->min) && col_v2_is_valid(r->max) && r->min.x <= r->max.x && r->min.y <= r->max.y;
}

col_plane col_plane_make(col_vec3 n, col_real d) {
    col_plane p = {{0, 0, 0}, 0};
    if (!col_v3_is_valid(n) || !col_is_valid_real(d)) return p;
    /* Scale by the largest component first: |n|^2 can neither overflow nor
     * underflow to zero for any finite non-zero n. */
    col_real m = col_max(col_abs(n.x), col_max(col_abs(n.y), col_abs(n.z)));
    if (!(m > COL_R(0.0))) return p;
    col_vec3 s = col_v3_scale(n, COL_R(1.0) / m);
    col_real len = col_v3_len(s) * m;
    p.n = col_v3_scale(s, COL_R(1.0) / col_v3_len(s));
    p.d = d / len;
    return p;
}

col_plane col_plane_from_point_normal(col_vec3 p, col_vec3 n) {
    col_plane pl = col_plane_make(n, COL_R(0.0));
    if (!col_v3_is_valid(p)) {
        col_plane bad = {{0, 0, 0}, 0};
        return bad;
    }
    pl.d = col_v3_dot(pl.n, p);
    return pl;
}

col_plane col_plane_from_points(col_vec3 a, col_vec3 b, col_vec3 c) {
    col_plane bad = {{0, 0, 0}, 0};
    if (!col_v3_is_valid(a) || !col_v3_is_valid(b) || !col_v3_is_valid(c)) return bad;
    col_vec3 n = col_v3_cross(col_v3_sub(b, a), col_v3_sub(c, a));
    col_plane pl = col_plane_make(n, COL_R(0.0));
    if (col_v3_len_sq(pl.n) == COL_R(0.0)) return bad;
    col_vec3 centroid = col_v3_scale(col_v3_add(col_v3_add(a, b), c), COL_R(1.0) / COL_R(3.0));
    pl.d = col_v3_dot(pl.n, centroid);
    return pl;
}

col_obb col_obb_from_aabb(const col_aabb *b) {
    col_obb o;
    o.c = col_v3_scale(col_v3_add(b->min, b->max), COL_R(0.5));
    o.e = col_v3_scale(col_v3_sub(b->max, b->min), COL_R(0.5));
    o.u[0] = col_v3(1, 0, 0);
    o.u[1] = col_v3(0, 1, 0);
    o.u[2] = col_v3(0, 0, 1);
    return o;
}

col_obb col_obb_make(col_vec3 center, col_vec3 half_extents, col_mat3 axes) {
    col_obb o;
    o.c = center;
    o.e = half_extents;
    o.u[0] = axes.c0;
    o.u[1] = axes.c1;
    o.u[2] = axes.c2;
    return o;
}

col_mat3 col_obb_axes(const col_obb *b) { return col_m3_cols(b->u[0], b->u[1], b->u[2]); }

col_real col_plane_signed_distance(const col_plane *pl, col_vec3 p) { return col_v3_dot(pl->n, p) - pl->d; }

col_vec3 col_triangle_normal(const col_triangle *t) {
    col_vec3 n = col_v3_cross(col_v3_sub(t->b, t->a), col_v3_sub(t->c, t->a));
    return col_plane_make(n, COL_R(0.0)).n;
}
