/* Validators and constructors of collide/shapes.h. */
#include <string.h>

#include "geom.h"

bool col_point_is_valid(const col_point *p) { return col__valid_point(p); }

bool col_segment_is_valid(const col_segment *s) { return col__valid_segment(s); }

bool col_line_is_valid(const col_line *l) {
    return col_v3_is_valid(l->p) && col_v3_is_valid(l->d) && col_v3_len_sq(l->d) > COL_R(0.0);
}

bool col_plane_is_valid(const col_plane *p) { return col__valid_plane(p); }

bool col_triangle_is_valid(const col_triangle *t) { return col__valid_triangle(t); }

bool col_sphere_is_valid(const col_sphere *s) { return col__valid_sphere(s); }

bool col_capsule_is_valid(const col_capsule *c) { return col__valid_capsule(c); }

bool col_aabb_is_valid(const col_aabb *b) { return col__valid_aabb(b); }

bool col_obb_is_valid(const col_obb *b) { return col__valid_obb(b); }

bool col_ellipsoid_is_valid(const col_ellipsoid *e) { return col__valid_ellipsoid(e); }

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
    col_vec3 s = col_v3_div(n, m);
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
    col_plane pl = {col__unit_or(n, col_v3(0, 0, 0)), COL_R(0.0)}; /* n may exceed COL_HUGE */
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
    if (!col_triangle_is_valid(t)) return col_v3(0, 0, 0);
    col_vec3 n = col_v3_cross(col_v3_sub(t->b, t->a), col_v3_sub(t->c, t->a));
    return col__unit_or(n, col_v3(0, 0, 0)); /* n may exceed COL_HUGE: not col_plane_make */
}

bool col_ray_is_valid(const col_ray *r) { return col__valid_ray(r); }

bool col_polytope_is_valid(const col_polytope *p) {
    if (p->points == NULL || p->count < 1) return false;
    for (int i = 0; i < p->count; ++i)
        if (!col_v3_is_valid(p->points[i])) return false;
    return true;
}

bool col_frustum_is_valid(const col_frustum *f) {
    for (int i = 0; i < 6; ++i)
        if (!col_plane_is_valid(&f->planes[i])) return false;
    return true;
}

col_frustum col_frustum_from_camera(col_vec3 position, col_vec3 forward, col_vec3 up, col_real fov_y, col_real aspect,
                                    col_real near_dist, col_real far_dist) {
    col_frustum fr;
    memset(&fr, 0, sizeof fr);
    const col_real pi = COL_R(3.14159265358979323846);
    if (!col_v3_is_valid(position) || !col_v3_is_valid(forward) || !col_v3_is_valid(up) || !(fov_y > 0) ||
        !(fov_y < pi) || !(aspect > 0) || !col_is_valid_real(aspect) || !(near_dist > 0) || !(far_dist > near_dist) ||
        !col_is_valid_real(far_dist))
        return fr;
    /* Unit forward and up (zero when given zero); they must not be parallel. */
    col_vec3 fn = col_plane_make(forward, 0).n, un = col_plane_make(up, 0).n;
    if (col_v3_len_sq(col_v3_cross(fn, un)) <= COL_PARALLEL_TOLERANCE) return fr;
    /* An orthonormal camera frame: f forward, u up, r = f x u right. */
    col_mat3 frame = col_m3_orthonormalize(col_m3_cols(fn, un, col_v3(0, 0, 0)));
    col_vec3 f = frame.c0, u = frame.c1;
    col_vec3 r = col_v3_cross(f, u);
#if defined(COLLIDE_REAL_FLOAT) && COLLIDE_REAL_FLOAT
    col_real ty = tanf(fov_y * COL_R(0.5));
#else
    col_real ty = tan(fov_y * COL_R(0.5));
#endif
    col_real tx = aspect * ty;
    /* Side planes pass through the eye: a point x is inside when, with
     * v = x - position, |r.v| <= tx f.v and |u.v| <= ty f.v. */
    fr.planes[COL_FRUSTUM_LEFT] = col_plane_from_point_normal(position, col_v3_madd(r, tx, f));
    fr.planes[COL_FRUSTUM_RIGHT] = col_plane_from_point_normal(position, col_v3_madd(col_v3_neg(r), tx, f));
    fr.planes[COL_FRUSTUM_BOTTOM] = col_plane_from_point_normal(position, col_v3_madd(u, ty, f));
    fr.planes[COL_FRUSTUM_TOP] = col_plane_from_point_normal(position, col_v3_madd(col_v3_neg(u), ty, f));
    fr.planes[COL_FRUSTUM_NEAR] = col_plane_from_point_normal(col_v3_madd(position, near_dist, f), f);
    fr.planes[COL_FRUSTUM_FAR] = col_plane_from_point_normal(col_v3_madd(position, far_dist, f), col_v3_neg(f));
    if (!col_frustum_is_valid(&fr)) memset(&fr, 0, sizeof fr); /* e.g. a far plane beyond COL_HUGE */
    return fr;
}
