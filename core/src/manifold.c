/* Contact manifolds (collide/gjk.h, col_manifold): the points of a resting
 * contact of two boxes, or a box and a triangle, by clipping one's face
 * against the other's (the reference and incident faces of ODE's dBoxBox
 * and Box2D's b2ClipPolygons, in 3D); of a capsule or segment lying along a
 * face or along another capsule, by clipping its axis (Box2D's capsule
 * manifolds, in 3D); and col_penetration's one point for every other
 * contact. */
#include "convex.h"
#include "geom.h"
#include "ray.h"

/* A box or a triangle: the solids whose faces clip. */
typedef struct solid {
    bool box;
    col_obb b;
    col_vec3 v[3];
} solid;

/* A face: its outward normal, its corners counterclockwise about it, and
 * the planes of its sides (side[i] . x <= lim[i] inside: a box's along its
 * axes across the face, so that a flat box's face of zero width keeps
 * them). */
typedef struct face {
    col_vec3 n, v[4], side[4];
    col_real lim[4];
    int nv;
} face;

static bool as_solid(const col_shape *s, solid *out) {
    out->box = true;
    if (s->kind == COL_SHAPE_OBB) {
        out->b = s->u.obb;
        return true;
    }
    if (s->kind == COL_SHAPE_AABB) {
        out->b = col_obb_from_aabb(&s->u.aabb);
        return true;
    }
    if (s->kind == COL_SHAPE_TRIANGLE) {
        out->box = false;
        out->v[0] = s->u.triangle.a;
        out->v[1] = s->u.triangle.b;
        out->v[2] = s->u.triangle.c;
        return true;
    }
    return false;
}

/* The face of s whose outward normal is most nearly along d (the first of
 * equals; a triangle's two sides: the one along d), *align the |cosine|;
 * its corners turned counterclockwise about the normal (an OBB's axes may
 * be of either hand). nv 0: a degenerate triangle (no normal). */
static face facing(const solid *s, col_vec3 d, col_real *align) {
    face f;
    if (s->box) {
        const col_obb *b = &s->b;
        const col_real e[3] = {b->e.x, b->e.y, b->e.z};
        int k = 0;
        col_real best = -COL_R(1.0), sign = COL_R(1.0);
        for (int i = 0; i < 3; ++i) {
            col_real c = col_v3_dot(b->u[i], d);
            if (col_abs(c) > best) {
                best = col_abs(c);
                k = i;
                sign = c >= COL_R(0.0) ? COL_R(1.0) : COL_R(-1.0);
            }
        }
        *align = best;
        col_vec3 t1 = b->u[(k + 1) % 3], t2 = b->u[(k + 2) % 3];
        col_real h1 = e[(k + 1) % 3], h2 = e[(k + 2) % 3];
        col_vec3 c = col_v3_madd(b->c, sign * e[k], b->u[k]);
        f.n = col_v3_scale(b->u[k], sign);
        f.v[0] = col_v3_madd(col_v3_madd(c, -h1, t1), -h2, t2);
        f.v[1] = col_v3_madd(col_v3_madd(c, h1, t1), -h2, t2);
        f.v[2] = col_v3_madd(col_v3_madd(c, h1, t1), h2, t2);
        f.v[3] = col_v3_madd(col_v3_madd(c, -h1, t1), h2, t2);
        f.nv = 4;
        col_real c1 = col_v3_dot(t1, c), c2 = col_v3_dot(t2, c);
        f.side[0] = t1, f.lim[0] = c1 + h1;
        f.side[1] = col_v3_neg(t1), f.lim[1] = h1 - c1;
        f.side[2] = t2, f.lim[2] = c2 + h2;
        f.side[3] = col_v3_neg(t2), f.lim[3] = h2 - c2;
    } else {
        col_vec3 tn =
            col__unit_or(col_v3_cross(col_v3_sub(s->v[1], s->v[0]), col_v3_sub(s->v[2], s->v[0])), col_v3(0, 0, 0));
        col_real c = col_v3_dot(tn, d);
        *align = col_abs(c);
        f.n = c >= COL_R(0.0) ? tn : col_v3_neg(tn);
        for (int i = 0; i < 3; ++i) f.v[i] = s->v[i];
        f.nv = col__same_point(tn, col_v3(0, 0, 0)) ? 0 : 3;
    }
    if (f.nv >= 3 &&
        col_v3_dot(col_v3_cross(col_v3_sub(f.v[1], f.v[0]), col_v3_sub(f.v[2], f.v[0])), f.n) < COL_R(0.0)) {
        col_vec3 t = f.v[1]; /* clockwise about n: reversed */
        f.v[1] = f.v[f.nv - 1];
        f.v[f.nv - 1] = t;
    }
    if (!s->box)
        for (int e = 0; e < f.nv; ++e) { /* each edge across the normal, outward */
            f.side[e] = col_v3_cross(col_v3_sub(f.v[(e + 1) % f.nv], f.v[e]), f.n);
            f.lim[e] = col_v3_dot(f.side[e], f.v[e]);
        }
    return f;
}

/* The polygon p (n points, in order around it) clipped to the half-space
 * a . x <= lim; into out (at most n + 1 points), its count. */
static int clip_half(const col_vec3 *p, int n, col_vec3 a, col_real lim, col_vec3 *out) {
    int m = 0;
    for (int i = 0; i < n; ++i) {
        col_vec3 s = p[i], e = p[(i + 1) % n];
        col_real ds = col_v3_dot(a, s) - lim, de = col_v3_dot(a, e) - lim;
        if (ds <= COL_R(0.0)) out[m++] = s;
        if ((ds <= COL_R(0.0)) != (de <= COL_R(0.0))) {
            col_real f = ds / (ds - de);
            out[m++] = col_v3_madd(s, f, col_v3_sub(e, s));
        }
    }
    return m;
}

/* Twice the area of the triangle (a, b, c) seen along n. */
static col_real area2(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 n) {
    return col_v3_dot(col_v3_cross(col_v3_sub(b, a), col_v3_sub(c, a)), n);
}

/* Up to four of the n points (n > 4) that span the most: the deepest, the
 * farthest from it, the one making the largest triangle with them, and the
 * one adding the most area beyond one of that triangle's edges (the first
 * of equals each time: the order is the clip's, fixed by the shapes); into
 * p and d counterclockwise about nr, their count. */
static int reduce4(col_vec3 *p, col_real *d, int n, col_vec3 nr) {
    int pick[3], k = 0;
    for (int i = 1; i < n; ++i)
        if (d[i] > d[k]) k = i;
    pick[0] = k;
    col_real best = -COL_R(1.0);
    pick[1] = pick[0] == 0 ? 1 : 0;
    for (int i = 0; i < n; ++i) {
        col_real l = col_v3_len_sq(col_v3_sub(p[i], p[pick[0]]));
        if (i != pick[0] && l > best) {
            best = l;
            pick[1] = i;
        }
    }
    best = -COL_R(1.0);
    pick[2] = -1;
    for (int i = 0; i < n; ++i) {
        if (i == pick[0] || i == pick[1]) continue;
        col_real a = col_abs(area2(p[pick[0]], p[pick[1]], p[i], nr));
        if (a > best) {
            best = a;
            pick[2] = i;
        }
    }
    /* the triangle counterclockwise along nr, so that "beyond an edge" is
     * the negative side of each */
    if (area2(p[pick[0]], p[pick[1]], p[pick[2]], nr) < COL_R(0.0)) {
        int t = pick[1];
        pick[1] = pick[2];
        pick[2] = t;
    }
    best = COL_R(0.0);
    int fourth = -1, edge = 0;
    for (int i = 0; i < n; ++i) {
        if (i == pick[0] || i == pick[1] || i == pick[2]) continue;
        for (int e = 0; e < 3; ++e) {
            col_real a = -area2(p[pick[e]], p[pick[(e + 1) % 3]], p[i], nr);
            if (a > best) {
                best = a;
                fourth = i;
                edge = e;
            }
        }
    }
    /* counterclockwise, the fourth between the ends of its edge */
    int order[4], m = 0;
    for (int e = 0; e < 3; ++e) {
        order[m++] = pick[e];
        if (fourth >= 0 && e == edge) order[m++] = fourth;
    }
    col_vec3 q[4];
    col_real qd[4];
    for (int i = 0; i < m; ++i) {
        q[i] = p[order[i]];
        qd[i] = d[order[i]];
    }
    for (int i = 0; i < m; ++i) {
        p[i] = q[i];
        d[i] = qd[i];
    }
    return m;
}

/* The manifold of two overlapping solids (boxes, or a box and a triangle)
 * whose penetration normal n (from B toward A) is a face's: false where it
 * is no face's (an edge against an edge: one point) or where the clip
 * leaves no point (rounding). */
static bool clip_faces(const solid *A, const solid *B, col_vec3 n, col_contact_manifold *m) {
    col_real align_a, align_b, align_i;
    face fa = facing(A, col_v3_neg(n), &align_a), fb = facing(B, n, &align_b);
    /* a face's normal is n itself: within rounding of a unit cosine (an
     * edge pair's axis this near a face's clips as the face) */
    const col_real aligned = COL_R(1.0) - COL_R(64.0) * COL_EPSILON;
    if ((align_a < aligned || fa.nv == 0) && (align_b < aligned || fb.nv == 0)) return false;
    /* the reference face: B's facing A (along n), or A's facing B (against
     * n) where A's is the better aligned; the incident face: the other
     * solid's face most nearly against it (a triangle: itself) */
    bool ref_b = fb.nv > 0 && (fa.nv == 0 || align_b >= align_a);
    face rf = ref_b ? fb : fa, inc = facing(ref_b ? A : B, col_v3_neg(rf.n), &align_i);
    col_vec3 poly[8], tmp[8];
    int np = inc.nv;
    for (int i = 0; i < np; ++i) poly[i] = inc.v[i];
    if (np == 0) { /* a degenerate incident triangle: its corners all the same */
        const solid *I = ref_b ? A : B;
        for (int i = 0; i < 3; ++i) poly[i] = I->v[i];
        np = 3;
    }
    /* the side planes of the reference face */
    col_real size = COL_R(0.0);
    for (int e = 0; e < rf.nv; ++e) {
        if (np > 0) np = clip_half(poly, np, rf.side[e], rf.lim[e], tmp);
        for (int i = 0; i < np; ++i) poly[i] = tmp[i];
        size = col_max(size, col__abs_max(rf.v[e]));
    }
    for (int i = 0; i < inc.nv; ++i) size = col_max(size, col__abs_max(inc.v[i]));
    /* the points below the reference face (or on it within rounding: a
     * resting contact touching exactly keeps its points), with their depths;
     * each as a point of A: on A's incident face, or (B's incident face)
     * moved out onto A's reference face */
    col_vec3 pts[8];
    col_real dep[8];
    int k = 0;
    col_real h = col_v3_dot(rf.n, rf.v[0]), tol = COL_R(16.0) * COL_EPSILON * size;
    for (int i = 0; i < np; ++i) {
        col_real depth = h - col_v3_dot(rf.n, poly[i]);
        if (!(depth >= -tol)) continue;
        depth = col_max(depth, COL_R(0.0));
        pts[k] = ref_b ? poly[i] : col_v3_madd(poly[i], depth, rf.n);
        dep[k++] = depth;
    }
    if (k == 0) return false;
    if (k > 4) k = reduce4(pts, dep, k, rf.n);
    /* the reference face's own normal, from B toward A: point + depth *
     * normal on its plane exactly as the depths were taken */
    m->normal = ref_b ? rf.n : col_v3_neg(rf.n);
    m->count = k;
    for (int i = 0; i < k; ++i) {
        m->point[i] = pts[i];
        m->depth[i] = dep[i];
    }
    return true;
}

/* A capsule or a segment (radius 0): its axis and radius. */
static bool as_linear(const col_shape *s, col_vec3 *p0, col_vec3 *p1, col_real *r) {
    if (s->kind == COL_SHAPE_CAPSULE) {
        *p0 = s->u.capsule.a, *p1 = s->u.capsule.b, *r = s->u.capsule.r;
        return true;
    }
    if (s->kind == COL_SHAPE_SEGMENT) {
        *p0 = s->u.segment.a, *p1 = s->u.segment.b, *r = COL_R(0.0);
        return true;
    }
    return false;
}

/* The segment q[0] q[1] clipped to the half-space a . x <= lim (clip_half
 * on two points): false where none of it is left. */
static bool clip_segment_half(col_vec3 q[2], col_vec3 a, col_real lim) {
    col_real d0 = col_v3_dot(a, q[0]) - lim, d1 = col_v3_dot(a, q[1]) - lim;
    if (d0 > COL_R(0.0) && d1 > COL_R(0.0)) return false;
    if (d0 > COL_R(0.0)) q[0] = col_v3_madd(q[0], d0 / (d0 - d1), col_v3_sub(q[1], q[0]));
    if (d1 > COL_R(0.0)) q[1] = col_v3_madd(q[1], d1 / (d1 - d0), col_v3_sub(q[0], q[1]));
    return true;
}

/* The two points of a linear shape's axis, clipped to q, with their depths
 * d, as a manifold of two points (normal n, from B toward A; the points
 * as points of A: p[i] on A already, or moved out by their depth along n
 * where they are B's): false where either is not in contact (an axis not
 * along the contact: col_penetration's one point) or the two coincide. */
static bool two_points(col_vec3 p[2], col_real d[2], col_vec3 n, bool on_a, col_real tol, col_contact_manifold *m) {
    if (!(d[0] >= -tol && d[1] >= -tol)) return false;
    if (!(col_v3_len_sq(col_v3_sub(p[1], p[0])) > tol * tol)) return false;
    m->normal = n;
    m->count = 2;
    for (int i = 0; i < 2; ++i) {
        m->depth[i] = col_max(d[i], COL_R(0.0));
        m->point[i] = on_a ? p[i] : col_v3_madd(p[i], -m->depth[i], n);
    }
    return true;
}

/* A capsule or segment (axis p0 p1, radius r) lying along a face of the
 * solid S (the box's or triangle's face whose normal is the penetration
 * normal n, from B toward A, within rounding; lin_a: the linear shape is
 * A): its axis clipped to the face's side planes, at each end the point a
 * radius from it toward the face (the end's ball's deepest; the capsule's
 * surface for an axis along the face, within it for a tilted one) with its
 * depth below the face's plane. */
static bool clip_axis_face(col_vec3 p0, col_vec3 p1, col_real r, const solid *S, bool lin_a, col_vec3 n,
                           col_contact_manifold *m) {
    col_real align;
    face f = facing(S, lin_a ? n : col_v3_neg(n), &align); /* S's face toward the linear shape */
    if (f.nv == 0 || align < COL_R(1.0) - COL_R(64.0) * COL_EPSILON) return false;
    col_vec3 q[2] = {p0, p1};
    col_real size = col_max(col__abs_max(p0), col__abs_max(p1)) + r;
    for (int e = 0; e < f.nv; ++e) {
        if (!clip_segment_half(q, f.side[e], f.lim[e])) return false;
        size = col_max(size, col__abs_max(f.v[e]));
    }
    col_real h = col_v3_dot(f.n, f.v[0]);
    col_vec3 p[2];
    col_real d[2];
    for (int i = 0; i < 2; ++i) {
        p[i] = col_v3_madd(q[i], -r, f.n);
        d[i] = h - col_v3_dot(f.n, p[i]);
    }
    /* the face's own normal, from B toward A */
    return two_points(p, d, lin_a ? f.n : col_v3_neg(f.n), lin_a, COL_R(16.0) * COL_EPSILON * size, m);
}

/* Two capsules or segments lying along each other: A's axis clipped to the
 * slab across B's axis, and at each end q the depth along n of the line q +
 * t n through both (B's far side toward A, by a ray cast from beyond B down
 * that line, against A's near side q - ra n). A line that misses B (axes
 * crossing) is no contact there. */
static bool clip_axes(col_vec3 a0, col_vec3 a1, col_real ra, col_vec3 b0, col_vec3 b1, col_real rb, col_vec3 n,
                      col_contact_manifold *m) {
    col_vec3 q[2] = {a0, a1}, db = col_v3_sub(b1, b0);
    if (col__same_point(db, col_v3(0, 0, 0))) return false; /* B is a ball or a point */
    if (!clip_segment_half(q, db, col_v3_dot(db, b1)) || !clip_segment_half(q, col_v3_neg(db), -col_v3_dot(db, b0)))
        return false;
    col_real size =
        col_max(col_max(col__abs_max(a0), col__abs_max(a1)), col_max(col__abs_max(b0), col__abs_max(b1))) + ra + rb;
    col_real reach = col_v3_len(col_v3_sub(a1, a0)) + col_v3_len(db) + ra + rb;
    col_vec3 p[2];
    col_real d[2];
    for (int i = 0; i < 2; ++i) {
        /* from beyond B along the line (every point of B lies below q +
         * reach n along n), down the line */
        col_real top = col_v3_dot(n, col_v3_sub(b0, q[i])) + reach;
        col_ray ray = {col_v3_madd(q[i], top, n), col_v3_neg(n), COL_R(2.0) * (col_abs(top) + reach)};
        col_ray_hit h = col__raycast_capsule_raw(&ray, b0, b1, rb);
        if (h.status != COL_HIT || h.inside) return false;
        p[i] = col_v3_madd(q[i], -ra, n);
        d[i] = top - h.t + ra; /* B's far side at q + (top - t) n, A's near side at q - ra n */
    }
    return two_points(p, d, n, true, COL_R(16.0) * COL_EPSILON * size, m);
}

/* The manifold of a linear shape against a solid or another linear shape
 * (col_manifold's second kind of contact): false where it is one point. */
static bool clip_linear(const col_shape *a, const col_shape *b, col_vec3 n, col_contact_manifold *m) {
    col_vec3 a0 = col_v3(0, 0, 0), a1 = a0, b0 = a0, b1 = a0;
    col_real ra = COL_R(0.0), rb = COL_R(0.0);
    solid S;
    bool la = as_linear(a, &a0, &a1, &ra), lb = as_linear(b, &b0, &b1, &rb);
    if (la && lb) return clip_axes(a0, a1, ra, b0, b1, rb, n, m);
    if (la && as_solid(b, &S)) return clip_axis_face(a0, a1, ra, &S, true, n, m);
    if (lb && as_solid(a, &S)) return clip_axis_face(b0, b1, rb, &S, false, n, m);
    return false;
}

col_contact_manifold col_manifold(const col_shape *a, const col_shape *b) {
    col_contact_manifold m;
    memset(&m, 0, sizeof m);
    col_penetration_result p = col_penetration(a, b);
    m.status = p.status;
    if (p.status != COL_HIT && p.status != COL_NOT_CONVERGED) return m;
    m.normal = p.normal;
    solid A, B;
    /* (a face's own normal, negated: no negative zeros, as col_penetration's) */
    if ((p.status == COL_HIT && as_solid(a, &A) && as_solid(b, &B) && (A.box || B.box) &&
         clip_faces(&A, &B, p.normal, &m)) ||
        (p.status == COL_HIT && clip_linear(a, b, p.normal, &m))) {
        m.normal = col__no_neg_zero(m.normal);
        return m;
    }
    m.count = 1;
    m.point[0] = p.point_a;
    m.depth[0] = p.depth;
    return m;
}
