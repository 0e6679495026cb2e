/* Contact manifolds (collide/gjk.h, col_manifold): the points of a resting
 * contact of two boxes by clipping one box's face against the other's (the
 * reference and incident faces of ODE's dBoxBox and Box2D's b2ClipPolygons,
 * in 3D), and col_penetration's one point for every other contact. */
#include "convex.h"
#include "geom.h"

/* One face of a box: outward normal, centre, the two axes across it and the
 * half extents along them. */
typedef struct box_face {
    col_vec3 n, c, t[2];
    col_real h[2];
} box_face;

static bool as_obb(const col_shape *s, col_obb *out) {
    if (s->kind == COL_SHAPE_OBB) {
        *out = s->u.obb;
        return true;
    }
    if (s->kind == COL_SHAPE_AABB) {
        *out = col_obb_from_aabb(&s->u.aabb);
        return true;
    }
    return false;
}

/* The axis of b most nearly along d (the first of equals), its |cosine| and
 * the sign of its cosine. */
static int best_axis(const col_obb *b, col_vec3 d, col_real *align, col_real *sign) {
    int k = 0;
    col_real best = -COL_R(1.0);
    *sign = COL_R(1.0);
    for (int i = 0; i < 3; ++i) {
        col_real c = col_v3_dot(b->u[i], d);
        if (col_abs(c) > best) {
            best = col_abs(c);
            k = i;
            *sign = c >= COL_R(0.0) ? COL_R(1.0) : COL_R(-1.0);
        }
    }
    *align = best;
    return k;
}

static box_face face_of(const col_obb *b, int k, col_real sign) {
    box_face f;
    const col_real e[3] = {b->e.x, b->e.y, b->e.z};
    f.n = col_v3_scale(b->u[k], sign);
    f.c = col_v3_madd(b->c, sign * e[k], b->u[k]);
    f.t[0] = b->u[(k + 1) % 3];
    f.t[1] = b->u[(k + 2) % 3];
    f.h[0] = e[(k + 1) % 3];
    f.h[1] = e[(k + 2) % 3];
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
 * of equals each time: the order is the clip's, fixed by the boxes). */
static int reduce4(col_vec3 *p, col_real *d, int n, col_vec3 nr) {
    int pick[4], k = 0;
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
    pick[3] = -1;
    for (int i = 0; i < n; ++i) {
        if (i == pick[0] || i == pick[1] || i == pick[2]) continue;
        for (int e = 0; e < 3; ++e) {
            col_real a = -area2(p[pick[e]], p[pick[(e + 1) % 3]], p[i], nr);
            if (a > best) {
                best = a;
                pick[3] = i;
            }
        }
    }
    int m = pick[3] >= 0 ? 4 : 3;
    col_vec3 q[4];
    col_real qd[4];
    for (int i = 0; i < m; ++i) {
        q[i] = p[pick[i]];
        qd[i] = d[pick[i]];
    }
    for (int i = 0; i < m; ++i) {
        p[i] = q[i];
        d[i] = qd[i];
    }
    return m;
}

/* The manifold of two overlapping boxes whose penetration normal n (from B
 * toward A) is a face's: false where it is no face's (an edge against an
 * edge: one point) or where the clip leaves no point (rounding). */
static bool box_box(const col_obb *A, const col_obb *B, col_vec3 n, col_contact_manifold *m) {
    col_real align_a, align_b, sa, sb;
    int ka = best_axis(A, n, &align_a, &sa), kb = best_axis(B, n, &align_b, &sb);
    /* a face's normal is the axis itself: within rounding of a unit cosine
     * (an edge pair's axis this near a face's clips as the face) */
    const col_real face = COL_R(1.0) - COL_R(64.0) * COL_EPSILON;
    if (align_a < face && align_b < face) return false;
    /* the reference face: B's facing A (along n), or A's facing B (against
     * n) where A's is the better aligned; the incident face: the other
     * box's face most nearly against it */
    bool ref_b = align_b >= align_a;
    const col_obb *I = ref_b ? A : B;
    box_face rf = ref_b ? face_of(B, kb, sb) : face_of(A, ka, -sa);
    col_real ai, si;
    int ki = best_axis(I, rf.n, &ai, &si);
    box_face inc = face_of(I, ki, -si);
    col_vec3 poly[8], tmp[8];
    poly[0] = col_v3_madd(col_v3_madd(inc.c, -inc.h[0], inc.t[0]), -inc.h[1], inc.t[1]);
    poly[1] = col_v3_madd(col_v3_madd(inc.c, inc.h[0], inc.t[0]), -inc.h[1], inc.t[1]);
    poly[2] = col_v3_madd(col_v3_madd(inc.c, inc.h[0], inc.t[0]), inc.h[1], inc.t[1]);
    poly[3] = col_v3_madd(col_v3_madd(inc.c, -inc.h[0], inc.t[0]), inc.h[1], inc.t[1]);
    int np = 4;
    /* the four side planes of the reference face */
    for (int j = 0; j < 2 && np > 0; ++j) {
        col_real c = col_v3_dot(rf.t[j], rf.c);
        np = clip_half(poly, np, rf.t[j], c + rf.h[j], tmp);
        np = clip_half(tmp, np, col_v3_neg(rf.t[j]), -c + rf.h[j], poly);
    }
    /* the points below the reference face (or on it within rounding: a
     * resting contact touching exactly keeps its points), with their depths;
     * each as a point of A: on A's incident face, or (B's incident face)
     * moved out onto A's reference face */
    col_vec3 pts[8];
    col_real dep[8];
    int k = 0;
    col_real h = col_v3_dot(rf.n, rf.c);
    col_real tol = COL_R(16.0) * COL_EPSILON * (col__abs_max(rf.c) + rf.h[0] + rf.h[1] + inc.h[0] + inc.h[1]);
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

col_contact_manifold col_manifold(const col_shape *a, const col_shape *b) {
    col_contact_manifold m;
    memset(&m, 0, sizeof m);
    col_penetration_result p = col_penetration(a, b);
    m.status = p.status;
    if (p.status != COL_HIT && p.status != COL_NOT_CONVERGED) return m;
    m.normal = p.normal;
    col_obb A, B;
    if (p.status == COL_HIT && as_obb(a, &A) && as_obb(b, &B) && box_box(&A, &B, p.normal, &m)) return m;
    m.count = 1;
    m.point[0] = p.point_a;
    m.depth[0] = p.depth;
    return m;
}
