/*
 * GJK distance, EPA penetration, conservative-advancement sweeps and the
 * generic distance dispatch (collide/gjk.h).
 *
 * Shapes enter as cores (a sphere is a point, a capsule a segment) with a
 * radius, translated into a local frame at the first shape's reference point.
 */
#include "distance_private.h"
#include "pairs.h"
#include "ray.h"

/* ------------------------------------------------------------------------ */
/* Support shapes                                                            */
/* ------------------------------------------------------------------------ */

typedef struct sshape {
    col_shape_kind kind; /* core kind: point, segment, triangle, aabb, obb, ellipsoid, polytope */
    col_vec3 p[3];       /* vertices; AABB: centre and half extents; OBB, ellipsoid: centre in p[0] */
    col_vec3 u[3];       /* OBB axes */
    col_vec3 e;          /* OBB half extents, ellipsoid radii */
    const col_vec3 *pts; /* polytope points (world), ... */
    int count;           /* ... how many, ... */
    col_vec3 origin;     /* ... and the frame origin subtracted from them */
    col_real radius;     /* sphere and capsule radius, else 0 */
    col_vec3 shift;      /* added to every support point (motion) */
    col_real size;       /* largest |coordinate| of the core in the frame, plus the radius */
} sshape;

bool col_support_supported(col_shape_kind kind) {
    return (int)kind >= 0 && kind < COL_SHAPE_KIND_COUNT && kind != COL_SHAPE_PLANE && !col_shape_kind_is_2d(kind);
}

/* The reference point of a valid shape: the origin of the frame. */
static col_vec3 shape_ref(const col_shape *s) {
    switch (s->kind) {
    case COL_SHAPE_POINT: return s->u.point.p;
    case COL_SHAPE_SEGMENT: return s->u.segment.a;
    case COL_SHAPE_TRIANGLE: return s->u.triangle.a;
    case COL_SHAPE_SPHERE: return s->u.sphere.c;
    case COL_SHAPE_CAPSULE: return s->u.capsule.a;
    case COL_SHAPE_AABB: return col_v3_scale(col_v3_add(s->u.aabb.min, s->u.aabb.max), COL_R(0.5));
    case COL_SHAPE_OBB: return s->u.obb.c;
    case COL_SHAPE_ELLIPSOID: return s->u.ellipsoid.c;
    case COL_SHAPE_POLYTOPE: return s->u.polytope.points[0];
    case COL_SHAPE_PLANE: return col_v3_scale(s->u.plane.n, s->u.plane.d);
    default: return col_v3(0, 0, 0);
    }
}

/* max of two numbers that are not NaN (the vertices and directions here are
 * finite: the shapes were validated): a comparison, where col_max is a call
 * to fmax for its NaN rules. */
static inline col_real max_finite(col_real a, col_real b) { return a > b ? a : b; }

static col_real max_abs3(col_vec3 v) { return max_finite(col_abs(v.x), max_finite(col_abs(v.y), col_abs(v.z))); }

/* The core of a valid convex shape in the frame at o, moved by shift. */
static void make_sshape(const col_shape *s, col_vec3 o, col_vec3 shift, sshape *out) {
    memset(out, 0, sizeof *out);
    out->shift = shift;
    col_real size = COL_R(0.0);
    switch (s->kind) {
    case COL_SHAPE_POINT:
    case COL_SHAPE_SPHERE:
        out->kind = COL_SHAPE_POINT;
        out->p[0] = col_v3_sub(s->kind == COL_SHAPE_POINT ? s->u.point.p : s->u.sphere.c, o);
        out->radius = s->kind == COL_SHAPE_SPHERE ? s->u.sphere.r : COL_R(0.0);
        size = max_abs3(out->p[0]);
        break;
    case COL_SHAPE_SEGMENT:
    case COL_SHAPE_CAPSULE: {
        col_segment g = {s->u.segment.a, s->u.segment.b};
        if (s->kind == COL_SHAPE_CAPSULE) {
            g.a = s->u.capsule.a;
            g.b = s->u.capsule.b;
            out->radius = s->u.capsule.r;
        }
        out->kind = COL_SHAPE_SEGMENT;
        out->p[0] = col_v3_sub(g.a, o);
        out->p[1] = col_v3_sub(g.b, o);
        size = col_max(max_abs3(out->p[0]), max_abs3(out->p[1]));
        break;
    }
    case COL_SHAPE_TRIANGLE:
        out->kind = COL_SHAPE_TRIANGLE;
        out->p[0] = col_v3_sub(s->u.triangle.a, o);
        out->p[1] = col_v3_sub(s->u.triangle.b, o);
        out->p[2] = col_v3_sub(s->u.triangle.c, o);
        for (int i = 0; i < 3; ++i) size = col_max(size, max_abs3(out->p[i]));
        break;
    case COL_SHAPE_AABB:
        out->kind = COL_SHAPE_AABB;
        out->p[0] = col_v3_sub(col_v3_scale(col_v3_add(s->u.aabb.min, s->u.aabb.max), COL_R(0.5)), o);
        out->p[1] = col_v3_scale(col_v3_sub(s->u.aabb.max, s->u.aabb.min), COL_R(0.5));
        size = max_abs3(out->p[0]) + max_abs3(out->p[1]);
        break;
    case COL_SHAPE_OBB:
        out->kind = COL_SHAPE_OBB;
        out->p[0] = col_v3_sub(s->u.obb.c, o);
        for (int i = 0; i < 3; ++i) out->u[i] = s->u.obb.u[i];
        out->e = s->u.obb.e;
        size = max_abs3(out->p[0]) + s->u.obb.e.x + s->u.obb.e.y + s->u.obb.e.z;
        break;
    case COL_SHAPE_ELLIPSOID:
        out->kind = COL_SHAPE_ELLIPSOID;
        out->p[0] = col_v3_sub(s->u.ellipsoid.c, o);
        out->e = s->u.ellipsoid.r;
        size = max_abs3(out->p[0]) + max_abs3(out->e);
        break;
    case COL_SHAPE_POLYTOPE:
        out->kind = COL_SHAPE_POLYTOPE;
        out->pts = s->u.polytope.points;
        out->count = s->u.polytope.count;
        out->origin = o;
        for (int i = 0; i < out->count; ++i) size = col_max(size, max_abs3(col_v3_sub(out->pts[i], o)));
        break;
    default: break;
    }
    out->size = size + out->radius + max_abs3(shift);
}

/* A point of the core maximising p.d (ties: the first in the shape's order). */
static col_vec3 core_support(const sshape *s, col_vec3 d) {
    col_vec3 r;
    switch (s->kind) {
    case COL_SHAPE_SEGMENT: r = col_v3_dot(s->p[1], d) > col_v3_dot(s->p[0], d) ? s->p[1] : s->p[0]; break;
    case COL_SHAPE_TRIANGLE: {
        int best = 0;
        col_real bv = col_v3_dot(s->p[0], d);
        for (int i = 1; i < 3; ++i) {
            col_real v = col_v3_dot(s->p[i], d);
            if (v > bv) {
                bv = v;
                best = i;
            }
        }
        r = s->p[best];
        break;
    }
    case COL_SHAPE_AABB:
        r = col_v3(s->p[0].x + (d.x >= COL_R(0.0) ? s->p[1].x : -s->p[1].x),
                   s->p[0].y + (d.y >= COL_R(0.0) ? s->p[1].y : -s->p[1].y),
                   s->p[0].z + (d.z >= COL_R(0.0) ? s->p[1].z : -s->p[1].z));
        break;
    case COL_SHAPE_OBB: {
        const col_real e[3] = {s->e.x, s->e.y, s->e.z};
        r = s->p[0];
        for (int i = 0; i < 3; ++i) r = col_v3_madd(r, col_v3_dot(s->u[i], d) >= COL_R(0.0) ? e[i] : -e[i], s->u[i]);
        break;
    }
    case COL_SHAPE_ELLIPSOID: {
        /* c + R^2 d / |R d|, with d scaled first so nothing overflows */
        col_real m = max_abs3(d);
        r = s->p[0];
        if (!(m > COL_R(0.0))) break;
        col_vec3 dn = col_v3_div(d, m);
        col_vec3 q = col_v3(s->e.x * dn.x, s->e.y * dn.y, s->e.z * dn.z);
        col_real len = col__len_safe(q);
        if (!(len > COL_R(0.0))) break;
        r = col_v3_add(r, col_v3(s->e.x * (q.x / len), s->e.y * (q.y / len), s->e.z * (q.z / len)));
        break;
    }
    case COL_SHAPE_POLYTOPE: {
        int best = 0;
        col_real bv = col_v3_dot(col_v3_sub(s->pts[0], s->origin), d);
        for (int i = 1; i < s->count; ++i) {
            col_real v = col_v3_dot(col_v3_sub(s->pts[i], s->origin), d);
            if (v > bv) {
                bv = v;
                best = i;
            }
        }
        r = col_v3_sub(s->pts[best], s->origin);
        break;
    }
    default: r = s->p[0]; break;
    }
    return col_v3_add(r, s->shift);
}

bool col_support(const col_shape *s, col_vec3 d, col_vec3 *out) {
    if (!col_support_supported(s->kind) || !col_shape_is_valid(s) || !col_v3_is_valid(d)) return false;
    sshape ss;
    col_vec3 o = shape_ref(s);
    make_sshape(s, o, col_v3(0, 0, 0), &ss);
    col_vec3 p = core_support(&ss, d);
    if (ss.radius > COL_R(0.0)) p = col_v3_madd(p, ss.radius, col__unit_or(d, col_v3(0, 0, 0)));
    *out = col_v3_add(p, o);
    return true;
}

/* ------------------------------------------------------------------------ */
/* GJK                                                                       */
/* ------------------------------------------------------------------------ */

/* A tetrahedron whose volume is below this many ulps of the product of the
 * three edge lengths that form it is treated as flat by the simplex solver: the rounding
 * noise of its volume (a few ulps of that product) could flip the sign tests
 * that decide whether the origin is inside. */
#define GJK_FLAT_ULPS COL_R(64.0)

typedef struct svert {
    col_vec3 w, a, b; /* w = a - b: a support point of A - B and its parts */
} svert;

typedef struct simplex {
    svert v[4];
    col_real bc[4]; /* barycentric weights of the closest point */
    int n;
} simplex;

static svert support_pair(const sshape *A, const sshape *B, col_vec3 d) {
    svert s;
    s.a = core_support(A, d);
    s.b = core_support(B, col_v3_neg(d));
    s.w = col_v3_sub(s.a, s.b);
    return s;
}

static void set1(simplex *out, const svert *a) {
    out->n = 1;
    out->v[0] = *a;
    out->bc[0] = COL_R(1.0);
}

static void set2(simplex *out, const svert *a, const svert *b, col_real t) {
    out->n = 2;
    out->v[0] = *a;
    out->v[1] = *b;
    out->bc[0] = COL_R(1.0) - t;
    out->bc[1] = t;
}

static col_vec3 simplex_point(const simplex *s) {
    if (s->n == 1) return s->v[0].w;
    col_vec3 p = col_v3(0, 0, 0);
    for (int i = 0; i < s->n; ++i) p = col_v3_madd(p, s->bc[i], s->v[i].w);
    return p;
}

/* Closest point of segment ab to the origin. t = num / den only when 0 < num
 * < den, so the division is defined and t in (0, 1). */
static void solve_segment(const svert *a, const svert *b, simplex *out) {
    /* on a copy scaled to [-1, 1]: the weights are scale-free, and tiny
     * coordinates would underflow in the products */
    col_real m = max_finite(max_abs3(a->w), max_abs3(b->w));
    if (!(m > COL_R(0.0))) {
        set1(out, a);
        return;
    }
    col_vec3 aw = col_v3_div(a->w, m);
    col_vec3 ab = col_v3_sub(col_v3_div(b->w, m), aw);
    col_real num = -col_v3_dot(aw, ab), den = col_v3_dot(ab, ab);
    if (!(num > COL_R(0.0)))
        set1(out, a);
    else if (!(num < den))
        set1(out, b);
    else
        set2(out, a, b, num / den);
}

/* The closest point to the origin of two candidates (ties: the first). */
static void keep_closer(simplex *best, col_real *best_d2, const simplex *cand) {
    col_vec3 p = simplex_point(cand);
    col_real d2 = col_v3_dot(p, p);
    if (d2 < *best_d2) {
        *best_d2 = d2;
        *best = *cand;
    }
}

/* out must not hold A, B or C. */
static void solve_edges(const svert *A, const svert *B, const svert *C, simplex *out) {
    simplex cand;
    col_real best = COL_REAL_MAX;
    out->n = 0;
    solve_segment(A, B, &cand);
    keep_closer(out, &best, &cand);
    solve_segment(B, C, &cand);
    keep_closer(out, &best, &cand);
    solve_segment(A, C, &cand);
    keep_closer(out, &best, &cand);
    if (out->n == 0) set1(out, A); /* only when every candidate overflowed */
}

/* Closest point of triangle ABC to the origin. The face candidate is kept
 * only when its barycentric weights are all >= 0 and it beats the closest
 * point of every edge (Ericson 5.1.5's regions, decided by comparison). Choosing the
 * minimum instead of trusting the region tests alone keeps GJK moving on the
 * slivers that smooth shapes produce (nearly coincident support points),
 * where the region tests suffer cancellation: every candidate is a point of
 * the triangle, so the minimum is never closer than the truth. */
static void try_face(const svert *A, const svert *B, const svert *C, simplex *out, col_real *best_d2);

static void solve_triangle(const svert *A, const svert *B, const svert *C, simplex *out) {
    solve_edges(A, B, C, out);
    col_vec3 pe = simplex_point(out);
    col_real best = col_v3_dot(pe, pe);
    try_face(A, B, C, out, &best);
}

/* The face candidate of ABC (the origin's projection, when inside the
 * triangle), kept in out when closer than *best_d2. */
static void try_face(const svert *A, const svert *B, const svert *C, simplex *out, col_real *best_d2) {
    /* the face weights on a copy scaled to [-1, 1] (products of four
     * coordinates would underflow for tiny ones) */
    col_real m = max_finite(max_abs3(A->w), max_finite(max_abs3(B->w), max_abs3(C->w)));
    if (!(m > COL_R(0.0))) return;
    col_vec3 a = col_v3_div(A->w, m), b = col_v3_div(B->w, m), c = col_v3_div(C->w, m);
    /* Barycentric weights of the origin's projection on the plane:
     * w_a = (b x c).n / n.n and so on (the projection drops out of the triple
     * products). Their error is a few ulps of |b||c| / |n|, where Ericson's
     * dot-product form (products of four coordinates) squares the sliver's
     * condition. */
    col_vec3 n = col_v3_cross(col_v3_sub(b, a), col_v3_sub(c, a));
    col_real nn = col_v3_dot(n, n);
    if (!(nn > COL_R(0.0))) return;
    col_real wa = col_v3_dot(col_v3_cross(b, c), n) / nn, wb = col_v3_dot(col_v3_cross(c, a), n) / nn,
             wc = col_v3_dot(col_v3_cross(a, b), n) / nn;
    if (!(wa >= COL_R(0.0) && wb >= COL_R(0.0) && wc >= COL_R(0.0))) return;
    col_real sum = wa + wb + wc; /* 1 up to rounding; 0 when the products underflow */
    if (!(sum > COL_R(0.0))) return;
    col_real v = wb / sum, w = wc / sum;
    simplex face;
    face.n = 3;
    face.v[0] = *A;
    face.v[1] = *B;
    face.v[2] = *C;
    face.bc[0] = COL_R(1.0) - v - w;
    face.bc[1] = v;
    face.bc[2] = w;
    keep_closer(out, best_d2, &face);
}

/* Closest point of tetrahedron s->v[0..3] to the origin (Ericson 5.1.6): the
 * best of the faces whose plane separates the origin from the fourth vertex.
 * A (nearly) flat tetrahedron is the union of its faces, all of them tried.
 * Returns true (and leaves s unchanged) when the origin is inside. */
static bool solve_tetra(simplex *s) {
    static const int faces[4][4] = {{0, 1, 2, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {1, 3, 2, 0}};
    /* the sign tests on a copy scaled to [-1, 1]: no product overflows */
    col_real m = COL_R(0.0);
    for (int i = 0; i < 4; ++i) m = max_finite(m, max_abs3(s->v[i].w));
    if (!(m > COL_R(0.0))) { /* every vertex is the origin */
        for (int i = 0; i < 4; ++i) s->bc[i] = COL_R(0.25);
        return true;
    }
    col_vec3 w[4];
    for (int i = 0; i < 4; ++i) w[i] = col_v3_div(s->v[i].w, m);
    simplex best, cand;
    col_real best_d2 = COL_REAL_MAX;
    bool any = false;
    best.n = 0;
    for (int f = 0; f < 4; ++f) {
        col_vec3 p0 = w[faces[f][0]], p1 = w[faces[f][1]], p2 = w[faces[f][2]], q = w[faces[f][3]];
        col_vec3 e1 = col_v3_sub(p1, p0), e2 = col_v3_sub(p2, p0);
        col_vec3 n = col_v3_cross(e1, e2);
        col_vec3 dq = col_v3_sub(q, p0);
        col_real sp = -col_v3_dot(p0, n), sd = col_v3_dot(dq, n);
        /* flat: the volume is within its own rounding noise (a few ulps of the
         * product of the three edge lengths: the cross product of nearly
         * parallel edges cancels), so the sign tests would be noise too */
        bool flat =
            !(col_abs(sd) > GJK_FLAT_ULPS * COL_EPSILON * col__len_safe(e1) * col__len_safe(e2) * col__len_safe(dq));
        bool outside = (sp > COL_R(0.0) && sd < COL_R(0.0)) || (sp < COL_R(0.0) && sd > COL_R(0.0));
        any = any || outside || flat;
    }
    if (any) {
        /* Outside: the closest point of the boundary, over all four faces (the
         * sign tests only decide inside or not; trusting them to pick the face
         * fails on thin tetrahedra, where they are ill-conditioned). */
        /* the six edges once (each is shared by two faces), then the faces */
        static const int edges[6][2] = {{0, 1}, {1, 2}, {0, 2}, {2, 3}, {0, 3}, {1, 3}};
        for (int e = 0; e < 6; ++e) {
            solve_segment(&s->v[edges[e][0]], &s->v[edges[e][1]], &cand);
            keep_closer(&best, &best_d2, &cand);
        }
        for (int f = 0; f < 4; ++f)
            try_face(&s->v[faces[f][0]], &s->v[faces[f][1]], &s->v[faces[f][2]], &best, &best_d2);
    }
    if (!any || best.n == 0) {
        /* inside: the origin's barycentric coordinates, by signed volumes
         * (the tetrahedron is not flat, so the volume is not zero) */
        col_vec3 e1 = col_v3_sub(w[1], w[0]), e2 = col_v3_sub(w[2], w[0]), e3 = col_v3_sub(w[3], w[0]);
        col_vec3 o = col_v3_neg(w[0]);
        col_real vol = col_v3_dot(e1, col_v3_cross(e2, e3));
        col_real b1 = col_v3_dot(o, col_v3_cross(e2, e3)), b2 = col_v3_dot(e1, col_v3_cross(o, e3)),
                 b3 = col_v3_dot(e1, col_v3_cross(e2, o));
        col_real bw[4] = {vol - b1 - b2 - b3, b1, b2, b3}, sum = COL_R(0.0);
        for (int i = 0; i < 4; ++i) {
            if (vol < COL_R(0.0)) bw[i] = -bw[i];
            bw[i] = col_max(bw[i], COL_R(0.0)); /* rounding */
            sum += bw[i];
        }
        for (int i = 0; i < 4; ++i) s->bc[i] = sum > COL_R(0.0) ? bw[i] / sum : COL_R(0.25);
        return true;
    }
    *s = best;
    return false;
}

/* Witness points of the simplex (in the frame). */
static void witness(const simplex *s, col_vec3 *pa, col_vec3 *pb) {
    if (s->n == 1) {
        *pa = s->v[0].a;
        *pb = s->v[0].b;
        return;
    }
    col_vec3 a = col_v3(0, 0, 0), b = col_v3(0, 0, 0);
    for (int i = 0; i < s->n; ++i) {
        a = col_v3_madd(a, s->bc[i], s->v[i].a);
        b = col_v3_madd(b, s->bc[i], s->v[i].b);
    }
    *pa = a;
    *pb = b;
}

typedef struct gjk_state {
    /* Set by the caller (gjk_state_init): >= 0 for a yes/no question about
     * shapes whose cores are rounded by this sum of radii; GJK then stops as
     * soon as a support point proves the cores further apart than it (plus
     * twice the size tolerance: rounding), whose answer is a miss whatever the
     * remaining iterations would do. < 0: the distance is wanted. */
    col_real miss_radius;
    simplex s;
    col_real scale; /* size of the problem: tolerances are relative to it */
    bool overlap;   /* the cores touch or overlap */
    bool converged; /* false: the iteration cap was reached */
    int iterations;
} gjk_state;

static bool same_point(col_vec3 a, col_vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

static void gjk_state_init(gjk_state *g, col_real miss_radius) {
    memset(g, 0, sizeof *g);
    g->miss_radius = miss_radius;
}

static void gjk_run(const sshape *A, const sshape *B, gjk_state *g) {
    g->scale = A->size + B->size;
    g->overlap = false;
    g->converged = true;
    col_real touch = COL_GJK_OVERLAP_TOLERANCE * g->scale;
    /* Start from the support point along the line between the references. */
    col_vec3 d0 = col_v3_sub(core_support(B, col_v3(0, 0, 0)), core_support(A, col_v3(0, 0, 0)));
    if (same_point(d0, col_v3(0, 0, 0))) d0 = col_v3(1, 0, 0);
    svert w0 = support_pair(A, B, d0);
    set1(&g->s, &w0);
    col_vec3 v = w0.w;
    col_real vv = col_v3_dot(v, v);
    int it = 0;
    for (;;) {
        if (vv <= touch * touch) {
            g->overlap = true;
            break;
        }
        if (it >= COL_GJK_MAX_ITERATIONS) {
            g->converged = false;
            break;
        }
        ++it;
        svert w = support_pair(A, B, col_v3_neg(v));
        col_real vw = col_v3_dot(v, w.w);
        col_real gap = vv - vw;
        col_real vlen = col_sqrt(vv);
        /* A yes/no question: w proves the cores at least v.w / |v| apart (a
         * lower bound of the distance; the final witness distance is never
         * below it), so beyond the radii and rounding the answer is a miss. */
        if (g->miss_radius >= COL_R(0.0) &&
            vw > vlen * (g->miss_radius + COL_R(2.0) * COL_GJK_SIZE_TOLERANCE * g->scale))
            break;
        /* converged: the distance is known to the relative tolerance, or to
         * the size tolerance (base.h) */
        if (gap <= COL_GJK_TOLERANCE * vv) break;
        if (gap <= COL_GJK_SIZE_TOLERANCE * vlen * g->scale) {
            /* known to the size tolerance: within it of zero is touching */
            g->overlap = vlen <= COL_GJK_SIZE_TOLERANCE * g->scale;
            break;
        }
        /* Stuck on a support point it has. (The lower bound v.w / |v| that w
         * proves is no basis for calling the shapes touching here: v carries
         * an absolute error of a few ulps of the shapes' size, so the gap is
         * noise of the order eps * size^2.) */
        bool dup = false;
        for (int i = 0; i < g->s.n; ++i) dup = dup || same_point(g->s.v[i].w, w.w);
        if (dup) {
            /* w is a vertex the simplex has, yet the gap says it lies closer
             * along -v: the solver's point v is off the simplex's closest point
             * (cancellation on a sliver, e.g. two nearly coplanar triangles
             * sharing a vertex, where it stopped 1e-9 of the size short of the
             * shared point). Gilbert's step on the segment from v to w
             * decreases the distance strictly; without progress, stop. */
            if (g->s.n == 1) break;
            simplex t;
            svert vp;
            vp.w = v;
            witness(&g->s, &vp.a, &vp.b);
            solve_segment(&vp, &w, &t);
            col_vec3 v2 = simplex_point(&t);
            col_real vv2 = col_v3_dot(v2, v2);
            if (!(vv2 < vv)) break;
            g->s = t;
            v = v2;
            vv = vv2;
            continue;
        }
        simplex in = g->s, t;
        in.v[in.n++] = w;
        t = in; /* the solvers write t while reading the vertices of in: never the same memory */
        switch (in.n) {
        case 2: solve_segment(&in.v[0], &in.v[1], &t); break;
        case 3: solve_triangle(&in.v[0], &in.v[1], &in.v[2], &t); break;
        default:
            if (solve_tetra(&t)) {
                g->s = t;
                g->overlap = true;
                g->iterations = it;
                return;
            }
            break;
        }
        col_vec3 v2 = simplex_point(&t);
        col_real vv2 = col_v3_dot(v2, v2);
        if (!(vv2 < vv) && g->s.n > 1) {
            /* No progress although the gap says w is closer along -v: the
             * solver lost it to cancellation on a sliver simplex (smooth shapes
             * make nearly coincident support points). Collapse the simplex to
             * v itself (a point of A - B with its witnesses) and w: on that
             * segment the distance decreases strictly, as in Gilbert's
             * original step. */
            svert vp;
            vp.w = v;
            witness(&g->s, &vp.a, &vp.b);
            solve_segment(&vp, &w, &t);
            v2 = simplex_point(&t);
            vv2 = col_v3_dot(v2, v2);
        }
        if (!(vv2 < vv)) break; /* no progress: rounding decides from here */
        g->s = t;
        v = v2;
        vv = vv2;
    }
    g->iterations = it;
}

static col_distance_result translate_result(col_distance_result r, col_vec3 o) {
    r.point_a = col_v3_add(r.point_a, o);
    r.point_b = col_v3_add(r.point_b, o);
    return r;
}

/* GJK on two support shapes; the result in the frame. */
static col_distance_result gjk_distance(const sshape *A, const sshape *B, gjk_state *g) {
    gjk_run(A, B, g);
    col_vec3 pa, pb;
    witness(&g->s, &pa, &pb);
    col_distance_result r = g->overlap ? col__rounded_result(pa, A->radius, pa, B->radius)
                                       : col__rounded_result(pa, A->radius, pb, B->radius);
    r.iterations = g->iterations;
    if (!g->converged) r.status = COL_NOT_CONVERGED;
    return r;
}

/* ------------------------------------------------------------------------ */
/* EPA                                                                       */
/* ------------------------------------------------------------------------ */

#define EPA_MAX_VERTS (4 + COL_EPA_MAX_ITERATIONS)
#define EPA_MAX_FACES (2 * EPA_MAX_VERTS + 8)

typedef struct epa_face {
    int i[3];
    col_vec3 n;    /* outward unit normal; zero for a degenerate face */
    col_real dist; /* n . v: distance of the face's plane from the origin */
} epa_face;

static void epa_face_make(epa_face *f, const svert *v, int a, int b, int c) {
    f->i[0] = a;
    f->i[1] = b;
    f->i[2] = c;
    /* the edges scaled to [-1, 1] first: the cross product of tiny edges
     * would underflow into denormals and lose the normal's direction */
    col_vec3 e1 = col_v3_sub(v[b].w, v[a].w), e2 = col_v3_sub(v[c].w, v[a].w);
    col_real m1 = max_abs3(e1), m2 = max_abs3(e2);
    col_vec3 n = col_v3_cross(m1 > COL_R(0.0) ? col_v3_div(e1, m1) : e1, m2 > COL_R(0.0) ? col_v3_div(e2, m2) : e2);
    f->n = col__unit_or(n, col_v3(0, 0, 0)); /* unit: normalized after scaling, never by a denormal length */
    if (same_point(f->n, col_v3(0, 0, 0))) {
        f->dist = COL_REAL_MAX; /* never the nearest face, never visible */
        return;
    }
    f->dist = col_v3_dot(f->n, v[a].w);
}

typedef struct epa_out {
    col_vec3 n;     /* outward normal of A - B at the nearest boundary point (A moves along -n) */
    col_real depth; /* support value of A - B along n, >= 0 */
    svert w;        /* the support point along n */
    bool converged;
    int iterations;
} epa_out;

/* Grows GJK's simplex (the origin in or on it, to the tolerance) to a
 * tetrahedron. Returns false when A - B is flat (a point, a segment or a
 * polygon): the depth is then 0 along out->n. */
static bool epa_seed(const sshape *A, const sshape *B, const simplex *s, col_real tiny, svert *v, epa_out *out) {
    int n = s->n;
    for (int i = 0; i < n; ++i) v[i] = s->v[i];
    static const col_real axes[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    out->n = col_v3(0, 0, 0);
    if (n == 1) {
        for (int k = 0; k < 6 && n == 1; ++k) {
            svert w = support_pair(A, B, col_v3(axes[k][0], axes[k][1], axes[k][2]));
            if (max_abs3(col_v3_sub(w.w, v[0].w)) > tiny) v[n++] = w;
        }
        if (n == 1) return false; /* A - B is a point */
    }
    if (n == 2) {
        col_vec3 d = col_v3_sub(v[1].w, v[0].w);
        col_vec3 ad = col_v3(col_abs(d.x), col_abs(d.y), col_abs(d.z));
        col_vec3 axis =
            (ad.x <= ad.y && ad.x <= ad.z) ? col_v3(1, 0, 0) : (ad.y <= ad.z ? col_v3(0, 1, 0) : col_v3(0, 0, 1));
        col_vec3 p1 = col__unit_or(col_v3_cross(d, axis), col_v3(0, 0, 1));
        col_vec3 p2 = col__unit_or(col_v3_cross(d, p1), col_v3(0, 1, 0));
        const col_vec3 dirs[4] = {p1, col_v3_neg(p1), p2, col_v3_neg(p2)};
        col_vec3 du = col__unit_or(d, col_v3(1, 0, 0));
        for (int k = 0; k < 4 && n == 2; ++k) {
            svert w = support_pair(A, B, dirs[k]);
            col_vec3 off = col_v3_cross(col_v3_sub(w.w, v[0].w), du);
            if (max_abs3(off) > tiny) v[n++] = w;
        }
        if (n == 2) {
            out->n = p1; /* A - B is a segment */
            return false;
        }
    }
    if (n == 3) {
        col_vec3 nrm =
            col__unit_or(col_v3_cross(col_v3_sub(v[1].w, v[0].w), col_v3_sub(v[2].w, v[0].w)), col_v3(0, 0, 0));
        if (same_point(nrm, col_v3(0, 0, 0))) return false; /* unreachable: GJK keeps proper triangles */
        svert w = support_pair(A, B, nrm);
        if (col_v3_dot(col_v3_sub(w.w, v[0].w), nrm) > tiny) {
            v[n++] = w;
        } else {
            w = support_pair(A, B, col_v3_neg(nrm));
            if (col_v3_dot(col_v3_sub(w.w, v[0].w), nrm) < -tiny) {
                v[n++] = w;
            } else {
                out->n = nrm; /* A - B is flat */
                return false;
            }
        }
    }
    /* orient: face (0, 1, 2) must face away from vertex 3 */
    col_vec3 nn = col_v3_cross(col_v3_sub(v[1].w, v[0].w), col_v3_sub(v[2].w, v[0].w));
    if (col_v3_dot(nn, col_v3_sub(v[3].w, v[0].w)) > COL_R(0.0)) {
        svert t = v[1];
        v[1] = v[2];
        v[2] = t;
    }
    return true;
}

static void epa_run(const sshape *A, const sshape *B, const gjk_state *g, epa_out *out) {
    svert v[EPA_MAX_VERTS];
    epa_face f[EPA_MAX_FACES];
    int edges[3 * EPA_MAX_FACES][2];
    col_real tiny = COL_GJK_OVERLAP_TOLERANCE * g->scale;
    out->depth = COL_R(0.0);
    out->converged = true;
    out->iterations = 0;
    memset(&out->w, 0, sizeof out->w);
    if (!epa_seed(A, B, &g->s, tiny, v, out)) {
        /* flat: the origin is on the boundary of A - B */
        out->w = g->s.v[0];
        return;
    }
    int nv = 4, nf = 4;
    epa_face_make(&f[0], v, 0, 1, 2);
    epa_face_make(&f[1], v, 0, 3, 1);
    epa_face_make(&f[2], v, 0, 2, 3);
    epa_face_make(&f[3], v, 1, 3, 2);
    col_real tol = COL_EPA_TOLERANCE * g->scale;
    col_real best = COL_REAL_MAX;
    out->converged = false;
    for (int it = 1; it <= COL_EPA_MAX_ITERATIONS; ++it) {
        out->iterations = it;
        int k = -1;
        for (int i = 0; i < nf; ++i)
            if (f[i].dist < COL_REAL_MAX && (k < 0 || f[i].dist < f[k].dist)) k = i;
        if (k < 0) break;
        col_vec3 n = f[k].n;
        svert w = support_pair(A, B, n);
        col_real upper = col_v3_dot(w.w, n);
        if (upper < best) {
            best = upper;
            out->n = n;
            out->w = w;
        }
        if (upper - f[k].dist <= tol) {
            out->converged = true;
            break;
        }
        bool dup = false;
        for (int i = 0; i < nv; ++i) dup = dup || same_point(v[i].w, w.w);
        if (dup || nv == EPA_MAX_VERTS) break;
        int iw = nv;
        v[nv++] = w;
        /* remove the faces w sees; their unshared edges form the horizon */
        int ne = 0, kept = 0;
        for (int i = 0; i < nf; ++i) {
            if (!(col_v3_dot(f[i].n, col_v3_sub(w.w, v[f[i].i[0]].w)) > COL_R(0.0))) {
                f[kept++] = f[i];
                continue;
            }
            for (int e = 0; e < 3; ++e) {
                int a = f[i].i[e], b = f[i].i[(e + 1) % 3], found = -1;
                for (int j = 0; j < ne && found < 0; ++j)
                    if (edges[j][0] == b && edges[j][1] == a) found = j;
                if (found >= 0) {
                    for (int j = found; j + 1 < ne; ++j) {
                        edges[j][0] = edges[j + 1][0];
                        edges[j][1] = edges[j + 1][1];
                    }
                    --ne;
                } else {
                    edges[ne][0] = a;
                    edges[ne][1] = b;
                    ++ne;
                }
            }
        }
        nf = kept;
        if (ne == 0 || nf + ne > EPA_MAX_FACES) break;
        for (int j = 0; j < ne; ++j) epa_face_make(&f[nf++], v, edges[j][0], edges[j][1], iw);
    }
    out->depth = best < COL_REAL_MAX ? col_max(best, COL_R(0.0)) : COL_R(0.0);
}

/* ------------------------------------------------------------------------ */
/* The pair machinery: closed forms on cores, GJK otherwise, planes          */
/* ------------------------------------------------------------------------ */

bool col_distance_supported(col_shape_kind a, col_shape_kind b) {
    bool pa = a == COL_SHAPE_PLANE, pb = b == COL_SHAPE_PLANE;
    if (pa && pb) return false;
    return (pa || col_support_supported(a)) && (pb || col_support_supported(b));
}

/* A copy of a non-polytope shape translated by d. */
static col_shape translated(const col_shape *s, col_vec3 d) {
    col_shape t = *s;
    switch (s->kind) {
    case COL_SHAPE_POINT: t.u.point.p = col_v3_add(t.u.point.p, d); break;
    case COL_SHAPE_SEGMENT:
        t.u.segment.a = col_v3_add(t.u.segment.a, d);
        t.u.segment.b = col_v3_add(t.u.segment.b, d);
        break;
    case COL_SHAPE_TRIANGLE:
        t.u.triangle.a = col_v3_add(t.u.triangle.a, d);
        t.u.triangle.b = col_v3_add(t.u.triangle.b, d);
        t.u.triangle.c = col_v3_add(t.u.triangle.c, d);
        break;
    case COL_SHAPE_SPHERE: t.u.sphere.c = col_v3_add(t.u.sphere.c, d); break;
    case COL_SHAPE_CAPSULE:
        t.u.capsule.a = col_v3_add(t.u.capsule.a, d);
        t.u.capsule.b = col_v3_add(t.u.capsule.b, d);
        break;
    case COL_SHAPE_AABB:
        t.u.aabb.min = col_v3_add(t.u.aabb.min, d);
        t.u.aabb.max = col_v3_add(t.u.aabb.max, d);
        break;
    case COL_SHAPE_OBB: t.u.obb.c = col_v3_add(t.u.obb.c, d); break;
    case COL_SHAPE_ELLIPSOID: t.u.ellipsoid.c = col_v3_add(t.u.ellipsoid.c, d); break;
    case COL_SHAPE_PLANE: t.u.plane.d = t.u.plane.d + col_v3_dot(t.u.plane.n, d); break;
    default: break;
    }
    return t;
}

/* Core and radius of a convex shape (sphere: point; capsule: segment). */
static col_shape core_of(const col_shape *s, col_real *radius) {
    col_shape c = *s;
    *radius = COL_R(0.0);
    if (s->kind == COL_SHAPE_SPHERE) {
        c.kind = COL_SHAPE_POINT;
        c.u.point.p = s->u.sphere.c;
        *radius = s->u.sphere.r;
    } else if (s->kind == COL_SHAPE_CAPSULE) {
        col_capsule cap = s->u.capsule;
        c.kind = COL_SHAPE_SEGMENT;
        c.u.segment.a = cap.a;
        c.u.segment.b = cap.b;
        *radius = cap.r;
    }
    return c;
}

/* Closest points of two cores by a closed form, for x.kind <= y.kind; false
 * when the pair has none. */
static bool closed_core(const col_shape *x, const col_shape *y, col_vec3 *px, col_vec3 *py, int *iterations) {
    *iterations = 0;
    if (x->kind == COL_SHAPE_POINT) {
        col_vec3 p = x->u.point.p;
        *px = p;
        switch (y->kind) {
        case COL_SHAPE_POINT: *py = y->u.point.p; return true;
        case COL_SHAPE_SEGMENT: *py = col__closest_on_segment_exact(p, y->u.segment.a, y->u.segment.b); return true;
        case COL_SHAPE_TRIANGLE: *py = col__closest_on_triangle_exact(p, &y->u.triangle); return true;
        case COL_SHAPE_AABB: (void)col_closest_point_aabb(&y->u.aabb, p, py); return true;
        case COL_SHAPE_OBB: *py = col__closest_on_obb(&y->u.obb, p); return true;
        case COL_SHAPE_ELLIPSOID: *py = col__closest_on_ellipsoid(&y->u.ellipsoid, p, iterations); return true;
        default: return false;
        }
    }
    if (x->kind == COL_SHAPE_SEGMENT && y->kind == COL_SHAPE_SEGMENT) {
        (void)col__closest_segment_segment(x->u.segment.a, x->u.segment.b, y->u.segment.a, y->u.segment.b, NULL, NULL,
                                           px, py);
        return true;
    }
    if (x->kind == COL_SHAPE_AABB && y->kind == COL_SHAPE_AABB) {
        col_distance_result r = col_distance_aabb_aabb(&x->u.aabb, &y->u.aabb);
        *px = r.point_a;
        *py = r.point_b;
        return true;
    }
    return false;
}

/* true when closed_core handles the two core kinds (in either order). */
static bool has_closed_core(col_shape_kind x, col_shape_kind y) {
    if (x > y) {
        col_shape_kind t = x;
        x = y;
        y = t;
    }
    if (x == COL_SHAPE_POINT) return y != COL_SHAPE_POLYTOPE;
    return (x == COL_SHAPE_SEGMENT && y == COL_SHAPE_SEGMENT) || (x == COL_SHAPE_AABB && y == COL_SHAPE_AABB);
}

/* A pair evaluated at a relative shift of A (a plane, if any, is B). */
typedef struct pair {
    col_shape a, b;   /* valid shapes, as given (A not yet shifted) */
    col_shape ca, cb; /* their cores */
    col_real ra, rb;  /* their radii */
    col_vec3 o;       /* frame origin: A's reference point */
    bool use_gjk;     /* no closed form for the cores */
} pair;

static void pair_init(pair *P, const col_shape *a, const col_shape *b, bool force_gjk) {
    P->a = *a;
    P->b = *b;
    P->ca = core_of(a, &P->ra);
    P->cb = core_of(b, &P->rb);
    P->o = shape_ref(a);
    P->use_gjk = force_gjk || (b->kind != COL_SHAPE_PLANE && !has_closed_core(P->ca.kind, P->cb.kind));
}

/* A against a plane B: the extent of A's core along the plane normal. */
static col_distance_result plane_distance(const pair *P, col_vec3 shift, col_penetration_result *pen) {
    sshape A;
    make_sshape(&P->a, P->o, shift, &A);
    col_plane pl = P->b.u.plane;
    col_vec3 n = pl.n;
    col_real d = pl.d - col_v3_dot(n, P->o); /* the plane in the frame */
    col_vec3 plo = core_support(&A, col_v3_neg(n)), phi = core_support(&A, n);
    col_real lo = col_v3_dot(n, plo) - P->ra, hi = col_v3_dot(n, phi) + P->ra;
    col_distance_result r;
    memset(&r, 0, sizeof r);
    if (pen) memset(pen, 0, sizeof *pen);
    if (lo > d) {
        r.status = COL_MISS;
        r.distance = lo - d;
        r.normal = n;
        r.point_a = col_v3_madd(plo, -P->ra, n);
        r.point_b = col_v3_madd(r.point_a, -r.distance, n);
    } else if (hi < d) {
        r.status = COL_MISS;
        r.distance = d - hi;
        r.normal = col_v3_neg(n);
        r.point_a = col_v3_madd(phi, P->ra, n);
        r.point_b = col_v3_madd(r.point_a, r.distance, n);
    } else {
        /* a common point: on the segment from the lowest to the highest point */
        r.status = COL_HIT;
        col_vec3 low = col_v3_madd(plo, -P->ra, n), high = col_v3_madd(phi, P->ra, n);
        col_real span = hi - lo;
        col_real t = span > COL_R(0.0) ? col__clamp((d - lo) / span, COL_R(0.0), COL_R(1.0)) : COL_R(0.0);
        col_vec3 p = col_v3_madd(low, t, col_v3_sub(high, low));
        r.point_a = r.point_b = col_v3_madd(p, d - col_v3_dot(n, p), n); /* onto the plane */
        if (pen) {
            pen->status = COL_HIT;
            if (hi - d < d - lo) { /* shallower to push A down through the back */
                pen->depth = hi - d;
                pen->normal = col_v3_neg(n);
                pen->point_a = high;
            } else {
                pen->depth = d - lo;
                pen->normal = n;
                pen->point_a = low;
            }
            pen->point_b = col_v3_madd(pen->point_a, pen->depth, pen->normal);
        }
    }
    return r;
}

/* Distance of A (moved by shift) and B, in the frame; the GJK state when GJK ran. */
static col_distance_result pair_distance(const pair *P, col_vec3 shift, gjk_state *g, sshape *As, sshape *Bs) {
    g->iterations = 0;
    if (P->b.kind == COL_SHAPE_PLANE) return plane_distance(P, shift, NULL);
    if (!P->use_gjk) {
        /* closed form, in world coordinates, then into the frame */
        col_shape x = translated(&P->ca, shift);
        col_vec3 px, py;
        int it;
        if (x.kind <= P->cb.kind)
            (void)closed_core(&x, &P->cb, &px, &py, &it);
        else
            (void)closed_core(&P->cb, &x, &py, &px, &it);
        col_distance_result r = col__rounded_result(col_v3_sub(px, P->o), P->ra, col_v3_sub(py, P->o), P->rb);
        r.iterations = it;
        return r;
    }
    make_sshape(&P->a, P->o, shift, As);
    make_sshape(&P->b, P->o, col_v3(0, 0, 0), Bs);
    return gjk_distance(As, Bs, g);
}

static bool pair_valid(const col_shape *a, const col_shape *b) {
    return col_distance_supported(a->kind, b->kind) && col_shape_is_valid(a) && col_shape_is_valid(b);
}

/* Orders a pair for symmetry (col__swap_pair: a plane always second,
 * otherwise by col__shape_order). true when swapped. */
static bool order_pair(const col_shape **a, const col_shape **b) {
    bool swap = col__swap_pair(*a, *b, col_v3(0, 0, 0), col_v3(0, 0, 0), COL__PLANE_LAST);
    if (swap) {
        const col_shape *t = *a;
        *a = *b;
        *b = t;
    }
    return swap;
}

static col_distance_result swap_result(col_distance_result r) {
    col__swap_witness(&r.point_a, &r.point_b, &r.normal);
    r.normal = col__no_neg_zero(r.normal);
    return r;
}

static col_distance_result distance_impl(const col_shape *a, const col_shape *b, bool force_gjk, bool yes_no) {
    if (!pair_valid(a, b)) return col__distance_invalid();
    if (force_gjk && (a->kind == COL_SHAPE_PLANE || b->kind == COL_SHAPE_PLANE)) return col__distance_invalid();
    bool swap = order_pair(&a, &b);
    pair P;
    pair_init(&P, a, b, force_gjk);
    gjk_state g;
    gjk_state_init(&g, yes_no ? P.ra + P.rb : COL_R(-1.0));
    sshape As, Bs;
    col_distance_result r = translate_result(pair_distance(&P, col_v3(0, 0, 0), &g, &As, &Bs), P.o);
    r.normal = col__no_neg_zero(r.normal);
    return swap ? swap_result(r) : r;
}

col_distance_result col_gjk_distance(const col_shape *a, const col_shape *b) {
    return distance_impl(a, b, true, false);
}

col_distance_result col_distance(const col_shape *a, const col_shape *b) { return distance_impl(a, b, false, false); }

bool col__overlap_by_distance(const col_shape *a, const col_shape *b) {
    return distance_impl(a, b, false, true).status == COL_HIT;
}

/* Penetration of the pair with A moved by shift, in the frame. */
static col_penetration_result pair_penetration(const pair *P, col_vec3 shift) {
    col_penetration_result pen;
    memset(&pen, 0, sizeof pen);
    if (P->b.kind == COL_SHAPE_PLANE) {
        col_distance_result r = plane_distance(P, shift, &pen);
        if (r.status != COL_HIT) pen.status = COL_MISS;
        return pen;
    }
    gjk_state g;
    gjk_state_init(&g, COL_R(-1.0));
    sshape As, Bs;
    col_distance_result r = pair_distance(P, shift, &g, &As, &Bs);
    if (r.status == COL_MISS || r.status == COL_NOT_CONVERGED) {
        if (r.status == COL_NOT_CONVERGED && r.distance <= COL_R(0.0)) {
            /* fall through to the overlap cases below */
        } else {
            pen.status = COL_MISS;
            return pen;
        }
    }
    /* Overlapping. Are the cores apart? Then the answer is exact. */
    bool cores_apart;
    col_vec3 ca, cb;
    if (P->use_gjk) {
        cores_apart = !g.overlap;
        witness(&g.s, &ca, &cb);
    } else {
        col_shape x = translated(&P->ca, shift);
        int it;
        if (x.kind <= P->cb.kind)
            (void)closed_core(&x, &P->cb, &ca, &cb, &it);
        else
            (void)closed_core(&P->cb, &x, &cb, &ca, &it);
        ca = col_v3_sub(ca, P->o);
        cb = col_v3_sub(cb, P->o);
        cores_apart = !same_point(ca, cb);
    }
    pen.status = COL_HIT;
    make_sshape(&P->a, P->o, shift, &As);
    make_sshape(&P->b, P->o, col_v3(0, 0, 0), &Bs);
    if (cores_apart) {
        col_vec3 d = col_v3_sub(ca, cb);
        col_real len = col__len_safe(d);
        /* apart by more than rounding: the direction between them is exact */
        if (len > COL_GJK_OVERLAP_TOLERANCE * (As.size + Bs.size)) {
            col_vec3 n = col__unit_or(d, col_v3(0, 0, 1));
            pen.depth = col_max(COL_R(0.0), (P->ra + P->rb) - len);
            pen.normal = n;
            pen.point_a = col_v3_madd(ca, -P->ra, n);
            pen.point_b = col_v3_madd(cb, P->rb, n);
            return pen;
        }
    }
    /* The cores overlap: EPA on the cores. */
    if (!P->use_gjk) {
        gjk_run(&As, &Bs, &g);
        if (!g.overlap) {
            /* rounding put the closed form and GJK on different sides: touching */
            witness(&g.s, &ca, &cb);
        }
    }
    epa_out e;
    epa_run(&As, &Bs, &g, &e);
    col_vec3 n = col_v3_neg(e.n); /* A moves against the face normal of A - B */
    pen.depth = e.depth + P->ra + P->rb;
    pen.normal = n;
    pen.iterations = e.iterations;
    if (!e.converged) pen.status = COL_NOT_CONVERGED;
    if (same_point(e.n, col_v3(0, 0, 0))) {
        /* A - B is a single point: no direction is preferred */
        pen.point_a = pen.point_b = ca;
        return pen;
    }
    /* deepest points: A's support along the face normal, B's against it */
    pen.point_a = col_v3_madd(core_support(&As, e.n), P->ra, e.n);
    pen.point_b = col_v3_madd(core_support(&Bs, col_v3_neg(e.n)), -P->rb, e.n);
    return pen;
}

col_penetration_result col_penetration(const col_shape *a, const col_shape *b) {
    col_penetration_result pen;
    memset(&pen, 0, sizeof pen);
    if (!pair_valid(a, b)) {
        pen.status = COL_INVALID;
        return pen;
    }
    bool swap = order_pair(&a, &b);
    pair P;
    pair_init(&P, a, b, false);
    pen = pair_penetration(&P, col_v3(0, 0, 0));
    if (pen.status == COL_MISS) {
        memset(&pen, 0, sizeof pen);
        pen.status = COL_MISS;
        return pen;
    }
    pen.point_a = col_v3_add(pen.point_a, P.o);
    pen.point_b = col_v3_add(pen.point_b, P.o);
    if (swap) {
        /* moving B by depth along n is moving A by depth along -n */
        col__swap_witness(&pen.point_a, &pen.point_b, &pen.normal);
    }
    pen.normal = col__no_neg_zero(pen.normal);
    return pen;
}

/* ------------------------------------------------------------------------ */
/* Conservative advancement                                                  */
/* ------------------------------------------------------------------------ */

col_sweep_params col_sweep_params_default(void) {
    col_sweep_params p;
    p.target = COL_R(0.0);
    p.tolerance = -COL_R(1.0);
    p.max_iterations = 0;
    return p;
}

typedef struct advance {
    col_real t;            /* time reached */
    bool hit;              /* distance <= target + tolerance at t */
    bool capped;           /* the iteration cap was reached */
    col_distance_result r; /* the distance at t (in the frame) */
    col_vec3 normal;       /* r.normal, or the last step's when the step lands in exact contact */
} advance;

/* Advances from time t_start in direction dir (+1 forward, -1 backward) while
 * A moves by v per unit time. */
static advance advance_run(const pair *P, col_vec3 v, col_real t_start, col_real dir, col_real target, col_real tol,
                           int cap, int *evals) {
    advance out;
    memset(&out, 0, sizeof out);
    col_real u = COL_R(0.0); /* time travelled */
    gjk_state g;
    gjk_state_init(&g, COL_R(-1.0));
    sshape As, Bs;
    for (int it = 0;; ++it) {
        col_real t = t_start + dir * u;
        col_distance_result r = pair_distance(P, col_v3_scale(v, t), &g, &As, &Bs);
        ++*evals;
        out.t = t;
        out.r = r;
        if (r.distance > COL_R(0.0)) out.normal = r.normal; /* else keep the approach direction */
        if (r.status == COL_HIT || r.distance <= target + tol) {
            out.hit = true;
            return out;
        }
        if (it >= cap) {
            out.capped = true;
            return out;
        }
        /* closing speed along the normal (from B toward A); A moves by dir * v */
        col_real s = -dir * col_v3_dot(v, r.normal);
        if (!(s > COL_R(0.0))) return out; /* receding or parallel: the distance only grows */
        col_real un = u + (r.distance - target) / s;
        if (!(un <= COL_R(1.0))) return out; /* contact after the end */
        if (!(un > u)) {
            out.hit = true; /* the step is below the resolution of time */
            return out;
        }
        u = un;
    }
}

col_sweep_hit col_sweep_convex(const col_shape *a, col_vec3 da, const col_shape *b, col_vec3 db,
                               const col_sweep_params *params, int *iterations) {
    int evals = 0;
    if (iterations) *iterations = 0;
    col_sweep_params prm = params ? *params : col_sweep_params_default();
    if (!pair_valid(a, b) || !col_v3_is_valid(da) || !col_v3_is_valid(db) || !col_is_valid_size(prm.target) ||
        !(prm.tolerance <= COL_HUGE))
        return col__sweep_miss(COL_INVALID);
    /* Symmetric order: a plane second; by kind and numbers; two identical
     * shapes by the direction of the relative motion (col__swap_pair). */
    bool swap = col__swap_pair(a, b, da, db, COL__PLANE_LAST | COL__BY_MOTION);
    if (swap) {
        const col_shape *t = a;
        a = b;
        b = t;
        col_vec3 tv = da;
        da = db;
        db = tv;
    }
    pair P;
    pair_init(&P, a, b, false);
    col_vec3 v = col_v3_sub(da, db);
    if (!col_v3_is_valid(v)) return col__sweep_miss(COL_INVALID);
    /* scale of the problem for the default tolerance */
    col_real scale = max_abs3(v);
    {
        sshape As, Bs;
        make_sshape(&P.a, P.o, col_v3(0, 0, 0), &As);
        scale = col_max(scale, As.size);
        if (P.b.kind != COL_SHAPE_PLANE) {
            make_sshape(&P.b, P.o, col_v3(0, 0, 0), &Bs);
            scale = col_max(scale, Bs.size);
        }
    }
    col_real tol = prm.tolerance >= COL_R(0.0) ? prm.tolerance : COL_SWEEP_TOLERANCE * scale;
    int cap = prm.max_iterations > 0 ? prm.max_iterations : COL_SWEEP_MAX_ITERATIONS;

    advance fwd = advance_run(&P, v, COL_R(0.0), COL_R(1.0), prm.target, tol, cap, &evals);
    if (iterations) *iterations = evals;
    if (!fwd.hit && !fwd.capped) return col__sweep_miss(COL_MISS);
    col_sweep_hit h = col__sweep_miss(fwd.hit ? COL_HIT : COL_NOT_CONVERGED);
    h.t0 = fwd.t;
    h.t1 = fwd.t;
    h.point = col_v3_add(col_v3_scale(col_v3_add(fwd.r.point_a, fwd.r.point_b), COL_R(0.5)),
                         col_v3_add(P.o, col_v3_scale(db, fwd.t)));
    h.normal = fwd.normal;
    if (fwd.hit && fwd.t == COL_R(0.0) && (fwd.r.status == COL_HIT || fwd.r.distance <= COL_R(0.0))) {
        h.initially_overlapping = true;
        col_penetration_result pen = pair_penetration(&P, col_v3(0, 0, 0));
        h.normal = pen.status == COL_MISS ? col_v3(0, 0, 0) : pen.normal;
    } else if (same_point(h.normal, col_v3(0, 0, 0))) {
        /* every distance on the way was zero to rounding: the way out at t0 */
        col_penetration_result pen = pair_penetration(&P, col_v3_scale(v, fwd.t));
        if (pen.status != COL_MISS) h.normal = pen.normal;
        if (same_point(h.normal, col_v3(0, 0, 0))) h.normal = col__unit_or(col_v3_neg(v), col_v3(0, 0, 1));
    }
    if (fwd.hit) {
        /* the last time within the target: the same advancement from u = 1 backwards */
        advance back = advance_run(&P, v, COL_R(1.0), -COL_R(1.0), prm.target, tol, cap, &evals);
        if (back.hit) h.t1 = col_max(back.t, h.t0);
        if (back.capped) h.status = COL_NOT_CONVERGED;
    }
    if (iterations) *iterations = evals;
    h.normal = col__no_neg_zero(swap ? col_v3_neg(h.normal) : h.normal);
    return h;
}
