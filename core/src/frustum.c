/*
 * Frustum culling (collide/frustum.h): the six planes first (each shape's
 * plane classification of static.h), then, for a shape the planes cannot
 * decide, the frustum's hull (its eight corners) for a proof of disjointness:
 * a separating axis for a box, the distance to the hull's faces for a sphere.
 */
#include "collide/frustum.h"

#include <string.h>

#include "distance_private.h"
#include "geom.h"

/* The frustum's corners (collide/frustum.h order) and how far rounding may
 * have put them from the exact common points of their planes. */
typedef struct hull {
    col_vec3 c[8];
    col_real tol;
} hull;

static col_real max_abs3(col_vec3 v) { return col_max(col_abs(v.x), col_max(col_abs(v.y), col_abs(v.z))); }
static col_real l1(col_vec3 v) { return col_abs(v.x) + col_abs(v.y) + col_abs(v.z); }

/* The corners of a valid frustum; false when three planes of a corner are
 * (nearly) dependent or a corner lies outside another plane: no hexahedron. */
static bool make_hull(const col_frustum *f, hull *h) {
    const col_plane *p = f->planes;
    col_real min_det = COL_R(1.0), scale = COL_R(0.0);
    for (int i = 0; i < 8; ++i) {
        const col_plane *a = &p[i & 1 ? COL_FRUSTUM_RIGHT : COL_FRUSTUM_LEFT];
        const col_plane *b = &p[i & 2 ? COL_FRUSTUM_TOP : COL_FRUSTUM_BOTTOM];
        const col_plane *c = &p[i & 4 ? COL_FRUSTUM_FAR : COL_FRUSTUM_NEAR];
        col_vec3 bc = col_v3_cross(b->n, c->n), ca = col_v3_cross(c->n, a->n), ab = col_v3_cross(a->n, b->n);
        col_real det = col_v3_dot(a->n, bc); /* unit normals: |det| <= 1 */
        if (!(col_abs(det) > COL_R(64.0) * COL_EPSILON)) return false;
        col_vec3 x = col_v3_add(col_v3_add(col_v3_scale(bc, a->d), col_v3_scale(ca, b->d)), col_v3_scale(ab, c->d));
        h->c[i] = col_v3_scale(x, COL_R(1.0) / det);
        if (!col_v3_is_valid(h->c[i])) return false;
        min_det = col_min(min_det, col_abs(det));
        scale = col_max(scale, max_abs3(h->c[i]));
    }
    for (int i = 0; i < 6; ++i) scale = col_max(scale, col_abs(p[i].d));
    /* each corner is a few roundings of numbers of size `scale`, divided by det */
    h->tol = COL_R(64.0) * COL_EPSILON * scale / min_det;
    /* Every corner within every plane, and the four corners off each plane's
     * face clearly in front of it: then the hull is a hexahedron whose faces
     * lie on the six planes and it is the frustum, not a flat or partial
     * piece of a region the planes leave open (two planes that coincide). */
    static const int bit_of_plane[6] = {1, 1, 2, 2, 4, 4};
    for (int k = 0; k < 6; ++k)
        for (int i = 0; i < 8; ++i) {
            bool on_face = ((i & bit_of_plane[k]) != 0) == (k & 1); /* right, top, far: the bit set */
            col_real sd = col_plane_signed_distance(&p[k], h->c[i]);
            if (on_face ? sd < -h->tol : !(sd > h->tol)) return false;
        }
    return true;
}

/* The six planes' verdict from the shape's sides. */
static col_cull by_sides(const col_side side[6]) {
    bool all_front = true;
    for (int i = 0; i < 6; ++i) {
        if (side[i] == COL_SIDE_INVALID) return COL_CULL_INVALID;
        if (side[i] == COL_BACK) return COL_CULL_OUTSIDE;
        all_front = all_front && side[i] == COL_FRONT;
    }
    return all_front ? COL_CULL_INSIDE : COL_CULL_INTERSECTING;
}

/* true when axis a separates the box (centre c, unit axes u, half extents e)
 * from the hull by more than rounding. */
static bool separates(const hull *h, col_vec3 a, col_vec3 c, const col_vec3 u[3], col_vec3 e) {
    col_real lo = col_v3_dot(h->c[0], a), hi = lo;
    for (int i = 1; i < 8; ++i) {
        col_real t = col_v3_dot(h->c[i], a);
        lo = col_min(lo, t);
        hi = col_max(hi, t);
    }
    col_real bc = col_v3_dot(c, a);
    col_real br =
        e.x * col_abs(col_v3_dot(u[0], a)) + e.y * col_abs(col_v3_dot(u[1], a)) + e.z * col_abs(col_v3_dot(u[2], a));
    /* the hull's rounding, and the box's and the dot products' (a few ulps of its coordinates) */
    col_real slack = l1(a) * (h->tol + COL_R(16.0) * COL_EPSILON * (max_abs3(c) + e.x + e.y + e.z));
    return bc + br < lo - slack || bc - br > hi + slack;
}

/* The separating-axis test of a box against the hull: the box's axes and
 * the cross products of its axes with the hull's twelve edges (the hull's
 * face normals are the planes, already tested). */
static bool box_outside_hull(const hull *h, col_vec3 c, const col_vec3 u[3], col_vec3 e) {
    for (int k = 0; k < 3; ++k)
        if (separates(h, u[k], c, u, e)) return true;
    for (int i = 0; i < 8; ++i)
        for (int bit = 1; bit < 8; bit <<= 1) {
            if (i & bit) continue;
            col_vec3 edge = col_v3_sub(h->c[i | bit], h->c[i]);
            for (int k = 0; k < 3; ++k)
                if (separates(h, col_v3_cross(edge, u[k]), c, u, e)) return true;
        }
    return false;
}

/* The hull's faces, each a quad of corner indices in cyclic order. */
static const int faces[6][4] = {{0, 2, 6, 4}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 3, 7, 6}, {0, 1, 3, 2}, {4, 5, 7, 6}};

/* true when the sphere is farther from the hull than its radius plus rounding. */
static bool sphere_outside_hull(const col_frustum *f, const hull *h, const col_sphere *s) {
    bool in_front_of_all = true;
    for (int i = 0; i < 6; ++i)
        in_front_of_all = in_front_of_all && col_plane_signed_distance(&f->planes[i], s->c) >= 0;
    if (in_front_of_all) return false; /* the centre is in the frustum */
    col_real d2 = COL_REAL_MAX;
    for (int i = 0; i < 6; ++i)
        for (int t = 0; t < 2; ++t) {
            col_triangle tri = {h->c[faces[i][0]], h->c[faces[i][1 + t]], h->c[faces[i][2 + t]]};
            col_vec3 q = col__closest_on_triangle_exact(s->c, &tri);
            d2 = col_min(d2, col_v3_len_sq(col_v3_sub(s->c, q)));
        }
    col_real slack = h->tol + COL_R(16.0) * COL_EPSILON * (max_abs3(s->c) + s->r);
    return col_sqrt(d2) > s->r + slack;
}

col_cull col_frustum_classify_sphere_planes(const col_frustum *f, const col_sphere *s) {
    if (!col_frustum_is_valid(f)) return COL_CULL_INVALID;
    col_side side[6];
    for (int i = 0; i < 6; ++i) side[i] = col_classify_sphere_plane(s, &f->planes[i]);
    return by_sides(side);
}

col_cull col_frustum_classify_aabb_planes(const col_frustum *f, const col_aabb *b) {
    if (!col_frustum_is_valid(f)) return COL_CULL_INVALID;
    col_side side[6];
    for (int i = 0; i < 6; ++i) side[i] = col_classify_aabb_plane(b, &f->planes[i]);
    return by_sides(side);
}

col_cull col_frustum_classify_obb_planes(const col_frustum *f, const col_obb *b) {
    if (!col_frustum_is_valid(f)) return COL_CULL_INVALID;
    col_side side[6];
    for (int i = 0; i < 6; ++i) side[i] = col_classify_obb_plane(b, &f->planes[i]);
    return by_sides(side);
}

col_cull col_frustum_classify_sphere(const col_frustum *f, const col_sphere *s) {
    col_cull c = col_frustum_classify_sphere_planes(f, s);
    hull h;
    if (c == COL_CULL_INTERSECTING && make_hull(f, &h) && sphere_outside_hull(f, &h, s)) return COL_CULL_OUTSIDE;
    return c;
}

col_cull col_frustum_classify_aabb(const col_frustum *f, const col_aabb *b) {
    col_cull c = col_frustum_classify_aabb_planes(f, b);
    hull h;
    if (c != COL_CULL_INTERSECTING || !make_hull(f, &h)) return c;
    const col_vec3 u[3] = {col_v3(1, 0, 0), col_v3(0, 1, 0), col_v3(0, 0, 1)};
    col_vec3 center = col_v3_scale(col_v3_add(b->min, b->max), COL_R(0.5));
    col_vec3 e = col_v3_scale(col_v3_sub(b->max, b->min), COL_R(0.5));
    return box_outside_hull(&h, center, u, e) ? COL_CULL_OUTSIDE : c;
}

col_cull col_frustum_classify_obb(const col_frustum *f, const col_obb *b) {
    col_cull c = col_frustum_classify_obb_planes(f, b);
    hull h;
    if (c != COL_CULL_INTERSECTING || !make_hull(f, &h)) return c;
    return box_outside_hull(&h, b->c, b->u, b->e) ? COL_CULL_OUTSIDE : c;
}

col_cull col_frustum_classify_shape(const col_frustum *f, const col_shape *s) {
    if (!col_frustum_is_valid(f) || !col_shape_is_valid(s) || col_shape_kind_is_2d(s->kind)) return COL_CULL_INVALID;
    hull h;
    switch (s->kind) {
    case COL_SHAPE_SPHERE: return col_frustum_classify_sphere(f, &s->u.sphere);
    case COL_SHAPE_AABB: return col_frustum_classify_aabb(f, &s->u.aabb);
    case COL_SHAPE_OBB: return col_frustum_classify_obb(f, &s->u.obb);
    case COL_SHAPE_PLANE: {
        /* a plane (unbounded) misses the frustum only with every corner
         * clearly on one side of it */
        if (!make_hull(f, &h)) return COL_CULL_INTERSECTING;
        const col_plane *pl = &s->u.plane;
        col_real slack = h.tol + COL_R(16.0) * COL_EPSILON * col_abs(pl->d);
        bool front = true, back = true;
        for (int i = 0; i < 8; ++i) {
            col_real sd = col_plane_signed_distance(pl, h.c[i]);
            slack = col_max(slack, h.tol + COL_R(16.0) * COL_EPSILON * max_abs3(h.c[i]));
            front = front && sd > slack;
            back = back && sd < -slack;
        }
        return front || back ? COL_CULL_OUTSIDE : COL_CULL_INTERSECTING;
    }
    default: {
        col_side side[6];
        for (int i = 0; i < 6; ++i) side[i] = col_classify(s, &f->planes[i]);
        col_cull c = by_sides(side);
        if (c != COL_CULL_INTERSECTING || !make_hull(f, &h)) return c;
        /* in a corner region: the distance between the shape and the hull */
        col_shape hs;
        memset(&hs, 0, sizeof hs);
        hs.kind = COL_SHAPE_POLYTOPE;
        hs.u.polytope.points = h.c;
        hs.u.polytope.count = 8;
        col_aabb bounds;
        if (!col_shape_bounds(s, &bounds)) return c;
        col_real slack = h.tol + COL_R(64.0) * COL_EPSILON * col_max(max_abs3(bounds.min), max_abs3(bounds.max));
        col_distance_result d = col_distance(&hs, s);
        return d.status == COL_MISS && d.distance > slack ? COL_CULL_OUTSIDE : c;
    }
    }
}

bool col_frustum_corners(const col_frustum *f, col_vec3 corners[8]) {
    hull h;
    if (col_frustum_is_valid(f) && make_hull(f, &h)) {
        memcpy(corners, h.c, sizeof h.c);
        return true;
    }
    for (int i = 0; i < 8; ++i) corners[i] = col_v3(0, 0, 0);
    return false;
}

const char *col_cull_name(col_cull c) {
    switch (c) {
    case COL_CULL_OUTSIDE: return "outside";
    case COL_CULL_INTERSECTING: return "intersecting";
    case COL_CULL_INSIDE: return "inside";
    default: return "invalid";
    }
}
