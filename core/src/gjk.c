/*
 * GJK (collide/gjk.h): the distance of two proxies by the signed-volumes
 * simplex solver (Montanari et al. 2017), falling back where it makes no
 * progress to the robust solver (Voronoi regions on faces and edges, the best
 * of both on slivers) and then to Gilbert's step (also when a support point
 * repeats), with relative and size termination and a hard cap. Gilbert,
 * Johnson and Keerthi 1988; van den Bergen 1999; Montanari, Petrinic and
 * Barbieri 2017; Catto.
 */
#include "convex.h"

#include <string.h>

/* A tetrahedron whose volume is below this many ulps of the product of the
 * three edge lengths that form it is treated as flat by the simplex solver: the rounding
 * noise of its volume (a few ulps of that product) could flip the sign tests
 * that decide whether the origin is inside. */
#define GJK_FLAT_ULPS COL_R(64.0)

/* The least product of three squared edges (of a simplex scaled to [-1, 1])
 * whose flat test is taken in squares: far enough from the least normal
 * number that (GJK_FLAT_ULPS eps)^2 = 2^-92 (double; 2^-34 float) times it,
 * and the squared volume at that bound, are normal (2^-900 double, 2^-80
 * float, whose least normal is 2^-126). */
#if defined(COLLIDE_REAL_FLOAT) && COLLIDE_REAL_FLOAT
#define COL_SV_FLAT_SQUARES_MIN 0x1p-80f
#else
#define COL_SV_FLAT_SQUARES_MIN 0x1p-900
#endif

svert col__support_pair(const col__proxy *A, const col__proxy *B, col_vec3 d) {
    return col__support_pair_inline(A, B, d);
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
    /* per size (the sum in the same order for each): GCC 12 at -O3 cannot
     * tell that a loop to n reads only what set1/set2 wrote */
    col_vec3 p = col_v3(0, 0, 0);
    switch (s->n) {
    case 1: return s->v[0].w;
    case 2: return col_v3_madd(col_v3_madd(p, s->bc[0], s->v[0].w), s->bc[1], s->v[1].w);
    case 3:
        return col_v3_madd(col_v3_madd(col_v3_madd(p, s->bc[0], s->v[0].w), s->bc[1], s->v[1].w), s->bc[2], s->v[2].w);
    case 4:
        p = col_v3_madd(col_v3_madd(p, s->bc[0], s->v[0].w), s->bc[1], s->v[1].w);
        return col_v3_madd(col_v3_madd(p, s->bc[2], s->v[2].w), s->bc[3], s->v[3].w);
    default: return p;
    }
}

typedef struct sv_pick sv_pick;
static void sv_segment(const col_vec3 *w, int i, int j, sv_pick *out);

/* Closest point of segment ab to the origin: the signed-volumes segment
 * (sv_segment) on a copy scaled to [-1, 1] (the weights are scale-free, and
 * tiny coordinates would underflow in the products). */
static void solve_segment(const svert *a, const svert *b, simplex *out);

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
    /* cleared: GCC 12 at -O3 cannot tell that simplex_point reads only the
     * vertices solve_segment wrote (the robust path: rare, so the clearing
     * costs nothing measurable) */
    simplex cand;
    memset(&cand, 0, sizeof cand);
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

/* The signed areas of the origin's projection on the plane of abc with each
 * edge, times |n|^2, n = (b - a) x (c - a): C[0] opposite a, C[1] opposite b,
 * C[2] opposite c (the origin's barycentric coordinates times |n|^2; the
 * projection drops out of the triple products). Their error is a few ulps of
 * |b||c| |n|, where Ericson's dot-product form (products of four coordinates)
 * squares a sliver's condition. Both solvers' face test. */
static col_vec3 face_areas(col_vec3 a, col_vec3 b, col_vec3 c, col_real C[3]) {
    col_vec3 n = col_v3_cross(col_v3_sub(b, a), col_v3_sub(c, a));
    C[0] = col_v3_dot(col_v3_cross(b, c), n);
    C[1] = col_v3_dot(col_v3_cross(c, a), n);
    C[2] = col_v3_dot(col_v3_cross(a, b), n);
    return n;
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
    col_real m = col__max_finite(col__max_abs3(A->w), col__max_finite(col__max_abs3(B->w), col__max_abs3(C->w)));
    if (!(m > COL_R(0.0))) return;
    col_vec3 a = col_v3_div(A->w, m), b = col_v3_div(B->w, m), c = col_v3_div(C->w, m);
    /* barycentric weights of the origin's projection on the plane (face_areas) */
    col_real ar[3];
    col_vec3 n = face_areas(a, b, c, ar);
    col_real nn = col_v3_dot(n, n);
    if (!(nn > COL_R(0.0))) return;
    col_real wa = ar[0] / nn, wb = ar[1] / nn, wc = ar[2] / nn;
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
    for (int i = 0; i < 4; ++i) m = col__max_finite(m, col__max_abs3(s->v[i].w));
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

/* ---- the signed-volumes solver (Montanari, Petrinic and Barbieri 2017) ----
 *
 * The closest point to the origin of a simplex whose newest vertex is the
 * last: the origin's barycentric coordinates in the simplex's affine hull as
 * signed volumes (for a tetrahedron the four cofactors, their sum the
 * determinant, so their signs agree with it exactly; for a triangle the
 * triple products of the robust solver's face test), and only the faces
 * whose coordinate has the wrong sign searched below. No candidate is
 * computed where the region says it cannot be closest, and no simplex is
 * copied: the result is a choice of vertices and their weights. GJK falls
 * back to the robust solver above (every region compared) where this one
 * makes no progress, which rounding on slivers can cause. */
struct sv_pick {
    int n;
    int idx[4];
    col_real bc[4];
    bool has_at; /* a face (n 3) whose point is its plane's: at (face_point) */
    col_vec3 at;
};

/* The point p picks of the points w, summed in simplex_point's order (per
 * size, as there: GCC 12 at -O3 cannot tell that a loop to n reads only what
 * the solvers wrote). */
static COL__ALWAYS_INLINE col_vec3 sv_sum(const col_vec3 *w, const sv_pick *p) {
    col_vec3 q = col_v3_scale(w[p->idx[0]], p->bc[0]);
    switch (p->n) {
    case 4:
        q = col_v3_madd(q, p->bc[1], w[p->idx[1]]);
        q = col_v3_madd(q, p->bc[2], w[p->idx[2]]);
        return col_v3_madd(q, p->bc[3], w[p->idx[3]]);
    case 3: q = col_v3_madd(q, p->bc[1], w[p->idx[1]]); return col_v3_madd(q, p->bc[2], w[p->idx[2]]);
    case 2: return col_v3_madd(q, p->bc[1], w[p->idx[1]]);
    default: return q;
    }
}

static col_real sv_d2(const col_vec3 *w, const sv_pick *p) {
    col_vec3 q = sv_sum(w, p);
    return col_v3_dot(q, q);
}

/* The candidate c in *best when closer (ties: the first). */
static void sv_keep(const col_vec3 *w, sv_pick *best, col_real *best_d2, const sv_pick *c) {
    col_real d2 = sv_d2(w, c);
    if (d2 < *best_d2) {
        *best_d2 = d2;
        *best = *c;
    }
}

static void sv_segment(const col_vec3 *w, int i, int j, sv_pick *out) {
    col_vec3 t = col_v3_sub(w[j], w[i]);
    col_real num = -col_v3_dot(w[i], t), den = col_v3_dot(t, t);
    if (!(num > COL_R(0.0))) {
        out->n = 1, out->idx[0] = i, out->bc[0] = COL_R(1.0);
    } else if (!(num < den)) {
        out->n = 1, out->idx[0] = j, out->bc[0] = COL_R(1.0);
    } else {
        col_real u = num / den;
        out->n = 2, out->idx[0] = i, out->idx[1] = j, out->bc[0] = COL_R(1.0) - u, out->bc[1] = u;
    }
}

static void solve_segment(const svert *a, const svert *b, simplex *out) {
    col_real m = col__max_finite(col__max_abs3(a->w), col__max_abs3(b->w));
    if (!(m > COL_R(0.0))) {
        set1(out, a);
        return;
    }
    const col_vec3 w[2] = {col_v3_div(a->w, m), col_v3_div(b->w, m)};
    sv_pick p;
    sv_segment(w, 0, 1, &p);
    if (p.n == 2)
        set2(out, a, b, p.bc[1]);
    else
        set1(out, p.idx[0] == 0 ? a : b);
}

/* The origin's projection n (n.a) / n.n on the plane through a of normal n
 * (face_point's form), into *out; false where n.n is below the least
 * normal number (a degenerate plane). */
static bool plane_point(col_vec3 n, col_vec3 a, col_vec3 *out) {
    col_real nn = col_v3_dot(n, n);
    if (!(nn >= COL__REAL_MIN)) return false;
    *out = col_v3_scale(n, col_v3_dot(n, a) / nn);
    return true;
}

static void sv_triangle(const col_vec3 *w, int i, int j, int k, sv_pick *out) {
    col_real ar[3];
    col_vec3 n = face_areas(w[i], w[j], w[k], ar);
    col_real ca = ar[0], cb = ar[1], cc = ar[2], sum = ca + cb + cc;
    if (ca >= COL_R(0.0) && cb >= COL_R(0.0) && cc >= COL_R(0.0) && sum > COL_R(0.0)) {
        out->n = 3, out->idx[0] = i, out->idx[1] = j, out->idx[2] = k;
        out->bc[1] = cb / sum, out->bc[2] = cc / sum, out->bc[0] = COL_R(1.0) - out->bc[1] - out->bc[2];
        /* the point by the plane (face_point), from the normal at hand */
        out->has_at = plane_point(n, w[i], &out->at);
        return;
    }
    /* outside an edge: the closest of the edges it is outside (all three
     * when the signs say nothing: a degenerate triangle, NaN) */
    bool none = !(ca < COL_R(0.0) || cb < COL_R(0.0) || cc < COL_R(0.0));
    sv_pick cand;
    col_real best = COL_REAL_MAX;
    out->n = 0;
    if (none || cc < COL_R(0.0)) sv_segment(w, i, j, &cand), sv_keep(w, out, &best, &cand);
    if (none || ca < COL_R(0.0)) sv_segment(w, j, k, &cand), sv_keep(w, out, &best, &cand);
    if (none || cb < COL_R(0.0)) sv_segment(w, i, k, &cand), sv_keep(w, out, &best, &cand);
    if (out->n == 0) out->n = 1, out->idx[0] = i, out->bc[0] = COL_R(1.0); /* overflow */
}

/* The robust solver's flat test (GJK_FLAT_ULPS) on a tetrahedron scaled to
 * [-1, 1], of volume det and edges e1, e2, e3: compared in squares where
 * the product of the squared edges is far from underflow (the edges are at
 * most 2 long: no overflow), which takes one multiplication per edge where
 * three safe lengths took three divisions and a root each; the lengths
 * otherwise. The two forms differ only where |det| is within rounding of the
 * bound, a volume that is noise either way. */
static bool sv_flat(col_real det, col_vec3 e1, col_vec3 e2, col_vec3 e3) {
    col_real p = col_v3_dot(e1, e1) * col_v3_dot(e2, e2) * col_v3_dot(e3, e3);
    col_real k = GJK_FLAT_ULPS * COL_EPSILON;
    if (p > COL_SV_FLAT_SQUARES_MIN) return !(det * det > k * k * p);
    return !(col_abs(det) > k * col__len_safe(e1) * col__len_safe(e2) * col__len_safe(e3));
}

/* true when the origin lies in the tetrahedron w[0..3] (out: its weights) */
static bool sv_tetra(const col_vec3 *w, sv_pick *out) {
    col_vec3 a = w[0], b = w[1], c = w[2], d = w[3];
    col_vec3 cd = col_v3_cross(c, d);
    /* the cofactors: the volumes with the origin in place of each vertex */
    col_real C[4] = {col_v3_dot(b, cd), -col_v3_dot(a, cd), col_v3_dot(a, col_v3_cross(b, d)),
                     -col_v3_dot(a, col_v3_cross(b, c))};
    col_real det = C[0] + C[1] + C[2] + C[3];
    col_vec3 e1 = col_v3_sub(b, a), e2 = col_v3_sub(c, a), e3 = col_v3_sub(d, a);
    /* flat: the volume within its own rounding noise (the robust solver's
     * test): the signs say nothing, every face is searched */
    bool flat = sv_flat(det, e1, e2, e3);
    bool wrong[4], inside = !flat;
    for (int x = 0; x < 4; ++x) {
        wrong[x] = flat || (det > COL_R(0.0) ? C[x] < COL_R(0.0) : C[x] > COL_R(0.0));
        inside = inside && !wrong[x];
    }
    if (inside) {
        out->n = 4;
        for (int x = 0; x < 4; ++x) out->idx[x] = x, out->bc[x] = C[x] / det;
        return true;
    }
    static const int face[4][3] = {{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}};
    sv_pick cand;
    col_real best = COL_REAL_MAX;
    out->n = 0;
    for (int x = 0; x < 4; ++x) {
        if (!wrong[x]) continue;
        sv_triangle(w, face[x][0], face[x][1], face[x][2], &cand);
        sv_keep(w, out, &best, &cand);
    }
    if (out->n == 0) out->n = 1, out->idx[0] = 3, out->bc[0] = COL_R(1.0); /* overflow */
    return false;
}

/* The signed-volumes solution of s (its newest vertex last) as a choice of
 * its vertices and their weights in *p: true when the origin lies in the
 * tetrahedron. */
static bool sv_solve(const simplex *s, sv_pick *p) {
    /* on a copy scaled to [-1, 1] by one reciprocal (a power of two's
     * scaling of the shapes changes no bit): no product of three
     * coordinates underflows or overflows */
    col_real m = COL_R(0.0);
    for (int i = 0; i < s->n; ++i) m = col__max_finite(m, col__max_abs3(s->v[i].w));
    col_vec3 w[4];
    col_real inv = m > COL_R(0.0) ? COL_R(1.0) / m : COL_R(1.0);
    for (int i = 0; i < s->n; ++i) w[i] = col_v3_scale(s->v[i].w, inv);
    bool inside = false;
    switch (s->n) {
    case 2: sv_segment(w, 0, 1, p); break;
    case 3: sv_triangle(w, 0, 1, 2, p); break;
    default: inside = sv_tetra(w, p); break;
    }
    if (p->n == 3 && p->has_at) p->at = col_v3_scale(p->at, m > COL_R(0.0) ? m : COL_R(1.0));
    return inside;
}

/* a, b and c over the largest |component| of the three, *m (no product
 * of the scaled points underflows or overflows); false where that is 0 or
 * not finite. */
static bool face_scaled(col_vec3 *a, col_vec3 *b, col_vec3 *c, col_real *m) {
    *m = col__max_finite(col__max_abs3(*a), col__max_finite(col__max_abs3(*b), col__max_abs3(*c)));
    if (!(*m > COL_R(0.0) && *m <= COL_REAL_MAX)) return false;
    col_real inv = COL_R(1.0) / *m;
    *a = col_v3_scale(*a, inv), *b = col_v3_scale(*b, inv), *c = col_v3_scale(*c, inv);
    return true;
}

/* The origin's projection on the plane of the triangle abc, whose closest
 * point to the origin is inside it (sum: that point as its weights sum the
 * vertices, returned where the plane is degenerate). The weighted sum cancels
 * to a point |v| from the origin out of vertices |w| from it, with an error
 * of a few ulps of |w| in every direction: its direction is off by about
 * eps |w| / |v|, which near touching (|v| 1e-7 of |w|) is 1e-9, and the
 * support point along it is then no better than a tie (a segment touching a
 * box's edge, ties on both: GJK stopped 9e-8 short at size 512). The plane's
 * normal is a cross product of the edges, its direction good to a few ulps
 * on a triangle of any distance: v = n (n.a) / (n.n), on a copy scaled to
 * [-1, 1] (no product underflows). */
static col_vec3 face_point(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 sum) {
    col_real m;
    col_vec3 p;
    if (!face_scaled(&a, &b, &c, &m)) return sum;
    return plane_point(col_v3_cross(col_v3_sub(b, a), col_v3_sub(c, a)), a, &p) ? col_v3_scale(p, m) : sum;
}

/* The closest point of the solved simplex s: a face by its plane (face_point). */
static col_vec3 solved_point(const simplex *s) {
    col_vec3 sum = simplex_point(s);
    return s->n == 3 ? face_point(s->v[0].w, s->v[1].w, s->v[2].w, sum) : sum;
}

/* The point of s that p picks (unscaled): a face's by its plane (face_point,
 * computed by sv_triangle), else summed in simplex_point's order. */
static COL__ALWAYS_INLINE col_vec3 sv_point(const simplex *s, const sv_pick *p) {
    if (p->n == 3 && p->has_at) return p->at;
    col_vec3 w[4];
    for (int i = 0; i < s->n; ++i) w[i] = s->v[i].w;
    return sv_sum(w, p);
}

/* s reduced in place to the vertices p picks, with their weights (the picks
 * are in increasing order, so no vertex is overwritten before it is read). */
static void sv_apply(simplex *s, const sv_pick *p) {
    for (int i = 0; i < p->n; ++i) {
        if (p->idx[i] != i) s->v[i] = s->v[p->idx[i]];
        s->bc[i] = p->bc[i];
    }
    s->n = p->n;
}

/* Witness points of the simplex (in the frame). */
void col__witness(const simplex *s, col_vec3 *pa, col_vec3 *pb) {
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

/* Gilbert's step: the simplex reduced to the segment from v (a point of
 * A - B, with its witnesses on the current simplex) to the support point w,
 * on which the distance decreases strictly while w is closer along -v.
 * Writes the segment's solution to out and returns its |v|^2. */
static col_real gilbert_step(const simplex *s, col_vec3 v, const svert *w, simplex *out) {
    svert vp;
    vp.w = v;
    vp.ia = vp.ib = -1; /* no vertex of either core */
    col__witness(s, &vp.a, &vp.b);
    solve_segment(&vp, w, out);
    col_vec3 v2 = simplex_point(out);
    return col_v3_dot(v2, v2);
}

/* The robust solver on in (every region compared) into t; true when the
 * origin lies in the tetrahedron (t then holds in with its weights). */
static bool robust_solve(const simplex *in, simplex *t) {
    *t = *in; /* the solvers write t while reading the vertices of in: never the same memory */
    switch (in->n) {
    case 2: solve_segment(&in->v[0], &in->v[1], t); return false;
    case 3: solve_triangle(&in->v[0], &in->v[1], &in->v[2], t); return false;
    default: return solve_tetra(t);
    }
}

/* A simplex of one vertex: its point, weight 1; false for more. */
static bool one_vertex(simplex *s, col_vec3 *v) {
    if (s->n > 1) return false;
    s->bc[0] = COL_R(1.0);
    *v = s->v[0].w;
    return true;
}

/* The closest point of a simplex of 1 to 4 vertices to the origin, every
 * region compared (the robust solver; no assumption about which vertex is
 * newest, as GJK ray casting moves the ray's point between steps): s reduced
 * in place to that feature with its weights, *v the point; true when the
 * origin lies in the tetrahedron. */
bool col__simplex_closest(simplex *s, col_vec3 *v) {
    if (one_vertex(s, v)) return false;
    simplex t;
    bool inside = robust_solve(s, &t);
    *s = t;
    *v = simplex_point(s);
    return inside;
}

bool col__simplex_closest_fast(simplex *s, col_vec3 *v) {
    if (one_vertex(s, v)) return false;
    sv_pick p;
    bool inside = sv_solve(s, &p);
    *v = sv_point(s, &p);
    sv_apply(s, &p);
    return inside;
}

/* The warm start: the simplex of the vertices g->warm_* name (duplicates
 * dropped), solved, into s with its closest point v (|v|^2 in *vv). 0: no
 * start (none asked, or an id a core does not have: the cold start then), 1:
 * a start, 2: the origin lies in it (the cores overlap). Any points of A - B
 * are a valid start; the cached ones are the last query's closest features,
 * so a pair that moved a little converges in a step or two. */
static int warm_start(const col__proxy *A, const col__proxy *B, const gjk_state *g, simplex *s, col_vec3 *v,
                      col_real *vv) {
    int n = 0;
    for (int i = 0; i < g->warm_n && i < 4; ++i) {
        svert *x = &s->v[n]; /* built in place, kept unless a duplicate */
        x->ia = g->warm_ia[i];
        x->ib = g->warm_ib[i];
        if (!col__proxy_vertex(A, x->ia, &x->a) || !col__proxy_vertex(B, x->ib, &x->b)) return 0;
        x->w = col_v3_sub(x->a, x->b);
        bool dup = false;
        for (int j = 0; j < n; ++j) dup = dup || col__same_point(s->v[j].w, x->w);
        n += !dup;
    }
    if (n == 0) return 0;
    s->n = n;
    if (n == 1) {
        s->bc[0] = COL_R(1.0);
        *v = s->v[0].w;
    } else {
        sv_pick p;
        bool inside = sv_solve(s, &p);
        if (!inside) *v = sv_point(s, &p); /* inside: the origin, never read */
        sv_apply(s, &p);
        if (inside) return 2;
    }
    *vv = col_v3_dot(*v, *v);
    return 1;
}

/* A closest point of squared length vv2 nearer than the lower bound bw /
 * sqrt(bv) that a support point proved, by more than half of apart_by (the
 * size tolerance: a point at the bound itself rounds to either side of it,
 * as the exact closest point of a segment and a box's face did, an ulp
 * below). The root and the quotient only where the squares say below. */
static bool below_proven(col_real vv2, col_real bw, col_real bv, col_real apart_by) {
    if (!(vv2 * bv < bw * bw)) return false;
    return col_sqrt(vv2) < bw / col_sqrt(bv) - COL_R(0.5) * apart_by;
}

void col__gjk_run(const col__proxy *A, const col__proxy *B, gjk_state *g) {
    g->scale = A->size + B->size;
    g->overlap = false;
    g->converged = true;
    col_real touch = COL_GJK_OVERLAP_TOLERANCE * g->scale;
    /* two simplices, the current one s[c] and the next: the solvers read one
     * and write the other, and no step copies a whole simplex; the first is
     * g's own (the common end: no copy back) */
    simplex other, *s[2] = {&g->s, &other};
    int c = 0;
    col_vec3 v = col_v3(0, 0, 0);
    col_real vv = COL_R(0.0);
    int warm = warm_start(A, B, g, s[0], &v, &vv);
    if (warm == 2) {
        g->overlap = true;
        g->iterations = 0;
        return;
    }
    if (warm == 0) {
        /* Start from the support point along the line between the cores'
         * first points (a centre, a segment's first end, the frame's origin). */
        col_vec3 d0 = col_v3_sub(col_v3_add(B->p[0], B->shift), col_v3_add(A->p[0], A->shift));
        if (col__same_point(d0, col_v3(0, 0, 0))) d0 = col_v3(1, 0, 0);
        svert w0 = col__support_pair_inline(A, B, d0);
        set1(s[0], &w0);
        v = w0.w;
        vv = col_v3_dot(v, v);
    }
    int it = 0;
    bool inside = false;
    /* The best lower bound of the distance a support point has proven,
     * v.w / |v| (> 0), kept as (bw, bv) = (v.w, |v|^2): no division. Once it
     * proves the cores apart by more than rounding (the yes/no question's
     * bound, miss radius 0), a closest point nearer than it, or a solver's
     * "inside", is a sliver's noise (a curved core's nearly coincident
     * support points), not progress: the run stops on the simplex it had
     * (fuzz/regressions/distance/ellipsoid-9e-10-from-a-tetrahedron-inside-
     * a-sliver-simplex, ellipsoid-8e-10-from-a-box-below-the-proven-gap). */
    const col_real apart_by = COL_R(2.0) * COL_GJK_SIZE_TOLERANCE * g->scale;
    col_real bw = COL_R(0.0), bv = COL_R(1.0);
    bool proven_apart = false;
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
        svert w = col__support_pair_inline(A, B, col_v3_neg(v));
        col_real vw = col_v3_dot(v, w.w);
        col_real gap = vv - vw;
        col_real vlen = col_sqrt(vv);
        /* A yes/no question: w proves the cores at least v.w / |v| apart (a
         * lower bound of the distance; the final witness distance is never
         * below it), so beyond the radii and rounding the answer is a miss. */
        if (g->miss_radius >= COL_R(0.0) && vw > vlen * (g->miss_radius + apart_by)) break;
        if (vw > COL_R(0.0) && vw * vw * bv > bw * bw * vv) bw = vw, bv = vv;
        proven_apart = proven_apart || vw > vlen * apart_by;
        /* converged: the distance is known to the relative tolerance, or to
         * the size tolerance (base.h) */
        if (gap <= COL_GJK_TOLERANCE * vv) break;
        if (gap <= COL_GJK_SIZE_TOLERANCE * vlen * g->scale) {
            /* known to the size tolerance: within it of zero is touching */
            g->overlap = vlen <= COL_GJK_SIZE_TOLERANCE * g->scale;
            break;
        }
        simplex *cur = s[c], *t = s[1 - c];
        /* Stuck on a support point it has. (The lower bound v.w / |v| that w
         * proves is no basis for calling the shapes touching here: v carries
         * an absolute error of a few ulps of the shapes' size, so the gap is
         * noise of the order eps * size^2.) */
        bool dup = false;
        for (int i = 0; i < cur->n; ++i) dup = dup || col__same_point(cur->v[i].w, w.w);
        if (dup) {
            /* w is a vertex the simplex has, yet the gap says it lies closer
             * along -v: the solver's point v is off the simplex's closest point
             * (cancellation on a sliver, e.g. two nearly coplanar triangles
             * sharing a vertex, where it stopped 1e-9 of the size short of the
             * shared point). Gilbert's step on the segment from v to w
             * decreases the distance strictly; without progress, stop. */
            if (cur->n == 1) break;
            col_real vv2 = gilbert_step(cur, v, &w, t);
            if (!(vv2 < vv) || (proven_apart && below_proven(vv2, bw, bv, apart_by))) break;
            c = 1 - c;
            v = simplex_point(t);
            vv = vv2;
            continue;
        }
        /* the signed volumes on the simplex with w (its newest vertex last),
         * applied in place when they make progress */
        cur->v[cur->n++] = w;
        sv_pick p;
        if (sv_solve(cur, &p)) {
            if (proven_apart) {
                --cur->n;
                break;
            }
            sv_apply(cur, &p);
            inside = true;
            break;
        }
        col_vec3 v2 = sv_point(cur, &p);
        col_real vv2 = col_v3_dot(v2, v2);
        if (vv2 < vv) {
            if (proven_apart && below_proven(vv2, bw, bv, apart_by)) { /* nearer than proven: noise */
                --cur->n;
                break;
            }
            sv_apply(cur, &p);
            v = v2;
            vv = vv2;
            continue;
        }
        /* no progress: every region compared (the robust solver) */
        if (robust_solve(cur, t)) {
            if (proven_apart) {
                --cur->n;
                break;
            }
            c = 1 - c;
            inside = true;
            break;
        }
        v2 = solved_point(t);
        vv2 = col_v3_dot(v2, v2);
        --cur->n; /* the simplex as it was, for Gilbert's step */
        if (!(vv2 < vv) && cur->n > 1) {
            /* No progress although the gap says w is closer along -v: the
             * solver lost it to cancellation on a sliver simplex (smooth shapes
             * make nearly coincident support points). Collapse the simplex to
             * v itself (a point of A - B with its witnesses) and w: on that
             * segment the distance decreases strictly, as in Gilbert's
             * original step. */
            vv2 = gilbert_step(cur, v, &w, t);
            v2 = simplex_point(t);
        }
        if (!(vv2 < vv) || (proven_apart && below_proven(vv2, bw, bv, apart_by)))
            break; /* no progress: rounding decides from here */
        c = 1 - c;
        v = v2;
        vv = vv2;
    }
    if (c == 1) g->s = other;
    if (inside) g->overlap = true;
    g->vv = vv;
    g->iterations = it;
}

/* The witnesses of a triangle simplex whose weights do not reproduce its
 * closest point (|pa - pb|^2 above vv by more than 2^-20 of it: the
 * solver's own |v|^2, or for an overlap the touching tolerance's square,
 * overlap_witness): a needle, two of its vertices nearly one, whose weights
 * split the long way by the area's rounding over its tiny area; each of its
 * edges' closest pair (a segment's weight is well conditioned), the least
 * apart, where nearer than the weights' (every such pair is one point of
 * each core: the cores are convex). A pancake's rim 1.2e-4 from a flat
 * polytope ended on a needle 850 long whose weights put the witnesses
 * 7.2e-4 apart (fuzz/regressions/distance/gjk-witnesses-of-a-needle-
 * simplex). */
static void needle_witness(const simplex *s, col_real vv, col_vec3 *pa, col_vec3 *pb) {
    col_vec3 d = col_v3_sub(*pa, *pb);
    col_real best = col_v3_dot(d, d);
    if (s->n != 3 || !(best > vv + COL_R(0x1p-20) * vv)) return;
    for (int i = 0; i < 3; ++i) {
        const svert *x = &s->v[i], *y = &s->v[(i + 1) % 3];
        col_vec3 e = col_v3_sub(y->w, x->w);
        col_real ee = col_v3_dot(e, e), t = COL_R(0.0);
        if (ee > COL_R(0.0)) t = col__clamp(-col_v3_dot(x->w, e) / ee, COL_R(0.0), COL_R(1.0));
        col_vec3 a = col_v3_madd(x->a, t, col_v3_sub(y->a, x->a)), b = col_v3_madd(x->b, t, col_v3_sub(y->b, x->b));
        col_vec3 de = col_v3_sub(a, b);
        col_real dd = col_v3_dot(de, de);
        if (dd < best) {
            best = dd;
            *pa = a;
            *pb = b;
        }
    }
}

/* The witnesses of an overlap found in a tetrahedron: its weights, where
 * they reproduce the origin (to the touching tolerance); else the nearest
 * of its faces' closest points. A nearly flat tetrahedron (a curved shape's
 * nearly coincident support points) can hold the origin while its volume
 * weights are noise: two such weights put the common point of a triangle
 * touching an ellipsoid 0.127 outside the ellipsoid (fuzz/regressions/
 * dynamic/sweep-point-off-an-ellipsoid-from-a-flat-tetrahedron); a face of
 * a flat tetrahedron about the origin passes within its thickness of it.
 * An overlap found on a triangle (or that nearest face) whose weights put
 * the witnesses farther apart than the touching tolerance: its edges'
 * pairs where nearer (needle_witness). An ellipsoid flat to 2^-774 across,
 * touching a segment 2.2e11 long 10^11 from the origin, ended on a needle
 * triangle 4.3 wide whose weights put the common point 50810 off the
 * ellipsoid (fuzz/regressions/dynamic/sweep-point-off-a-flat-ellipsoid-
 * from-a-needle-triangle: fuzz_dynamic's finding of the thirty-sixth
 * session, in the code before it too). */
static void overlap_witness(const gjk_state *g, col_vec3 *pa, col_vec3 *pb) {
    col__witness(&g->s, pa, pb);
    col_real touch = COL_GJK_OVERLAP_TOLERANCE * g->scale;
    col_vec3 v = simplex_point(&g->s);
    if (g->s.n < 4 || col_v3_dot(v, v) <= touch * touch) {
        needle_witness(&g->s, touch * touch, pa, pb);
        return;
    }
    static const int faces[4][3] = {{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}};
    col_real best = COL_REAL_MAX;
    simplex nearest = g->s; /* (kept, the tetrahedron's weights, where no face's point is a number) */
    for (int f = 0; f < 4; ++f) {
        simplex t;
        t.n = 3;
        solve_triangle(&g->s.v[faces[f][0]], &g->s.v[faces[f][1]], &g->s.v[faces[f][2]], &t);
        col_vec3 p = simplex_point(&t);
        col_real d = col_v3_dot(p, p);
        if (d < best) {
            best = d;
            nearest = t;
        }
    }
    col__witness(&nearest, pa, pb);
    needle_witness(&nearest, touch * touch, pa, pb);
}

col_real col__separation(const col__proxy *A, const col__proxy *B, col_vec3 n) {
    return col_v3_dot(col__support_pair(A, B, col_v3_neg(n)).w, n);
}

/* The normal of cores apart whose simplex ends on a face: the witnesses'
 * difference or the face's normal (its plane's point, face_point), the one
 * the supports separate further. The difference's direction rounds by the
 * weights' error over the distance, which on a sliver face grows by its
 * aspect: a point 1.2e-9 from a face of a polytope 1738 long and 5.4 wide
 * had the difference 2.8e-3 rad off the face's normal, and A's support
 * along it 4.0 beyond A's point (fuzz/regressions/distance/point-by-a-
 * sliver-face-of-a-polytope). The face's normal is a secant's where the
 * face's points lie on a curved core, 2.4e-7 rad off for an ellipsoid
 * 1.2e-4 from a polytope's edge, whose difference was within 1e-9 rad:
 * so the supports decide. The distance stays the difference's length.
 * Only within 2^-10 of the size (the check's two supports cost 6% of a
 * box-box distance; further apart the difference's direction holds to 2^10
 * eps over the aspect): at sqrt(eps), a disc 6.5e-5 from a polytope's face
 * nearly parallel to it (size 1000) kept the difference, 7e-7 rad off, and
 * B's support along it lay 7.3e-4 beyond point_b (regressions/distance/
 * disc-6e-5-from-a-nearly-parallel-polytope-face). */
static bool face_normal(const col__proxy *A, const col__proxy *B, const simplex *s, col_vec3 d, col_vec3 normal,
                        col_vec3 *out) {
    if (s->n != 3) return false;
    col_vec3 n = col__unit_or(face_point(s->v[0].w, s->v[1].w, s->v[2].w, d), normal);
    if (!(col_v3_dot(n, normal) > COL_R(0.0)) || !(col__separation(A, B, n) > col__separation(A, B, normal)))
        return false;
    *out = n;
    return true;
}

/* The unit normal of the plane of a, b, c (points of A - B) in the sense
 * along which the supports separate the cores further, into *n, and that
 * separation; false where the points span no plane. Its sense not by the
 * plane's side of the origin (face_point's): where the plane passes within
 * rounding of the origin, that side is rounding (a point 4e-14 inside a
 * face of a sliver hull 1700 long, which GJK calls 4.8e-12 apart: the
 * face's normal by face_point pointed either way, and the witnesses'
 * difference, along which the hull reached 1438 past the point, was kept;
 * fuzz/regressions/distance/point-a-rounding-inside-a-face-of-a-sliver-
 * hull). */
static bool oriented_face(const col__proxy *A, const col__proxy *B, col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 *n,
                          col_real *sep) {
    col_real m;
    if (!face_scaled(&a, &b, &c, &m)) return false;
    col_vec3 f = col_v3_cross(col_v3_sub(b, a), col_v3_sub(c, a)), zero = col_v3(0, 0, 0);
    f = col__unit_or(f, zero);
    if (f.x == COL_R(0.0) && f.y == COL_R(0.0) && f.z == COL_R(0.0)) return false;
    col_real up = col__separation(A, B, f), down = col__separation(A, B, col_v3_neg(f));
    *n = up >= down ? f : col_v3_neg(f);
    *sep = up >= down ? up : down;
    return true;
}

/* The normal across the edge e of A - B that separates the cores the most,
 * turned about e from n by at most 1/16 rad (a ternary search of the
 * separation, which is concave along the turn where it is positive), into
 * *out where its separation exceeds beat. The turn about the edge is what
 * the witnesses' difference leaves undetermined where two edges of the
 * cores run parallel within a rounding of each other: its direction is
 * rounding over the distance (two hulls 2.9e-11 apart at size 1000, A flat,
 * B's edge along A's diagonal, got one 3e-3 rad off A's face normal, along
 * which they overlapped by 0.059, and neither the face of the edge and the
 * support toward the origin nor an axis did better:
 * fuzz/regressions/distance/parallel-edges-of-hulls-a-rounding-apart-
 * normal-turned-about-them). */
static bool edge_turn(const col__proxy *A, const col__proxy *B, col_vec3 e, col_vec3 n, col_real beat, col_vec3 *out) {
    col_vec3 u, w;
    if (!col__unit_across(n, e, &u)) return false;
    w = col__unit_or(col_v3_cross(col__unit_or(e, col_v3(0, 0, 0)), u), col_v3(0, 0, 0));
    if (w.x == COL_R(0.0) && w.y == COL_R(0.0) && w.z == COL_R(0.0)) return false;
    col_real lo = COL_R(-0.0625), hi = COL_R(0.0625);
    for (int it = 0; it < 72; ++it) {
        col_real t1 = lo + (hi - lo) / COL_R(3.0), t2 = hi - (hi - lo) / COL_R(3.0);
        col_real s1 = col__separation(A, B, col__unit_or(col_v3_madd(u, t1, w), u)),
                 s2 = col__separation(A, B, col__unit_or(col_v3_madd(u, t2, w), u));
        if (s1 < s2)
            lo = t1;
        else
            hi = t2;
    }
    col_vec3 m = col__unit_or(col_v3_madd(u, COL_R(0.5) * (lo + hi), w), u);
    if (!(col__separation(A, B, m) > beat)) return false;
    *out = m;
    return true;
}

/* The normal of cores apart by d = pa - pb, within 2^-10 of the size (the
 * caller's test, on the rounded distance): face_normal's; then, within
 * 2^-20, where the supports separate the cores along the normal so far by
 * less than their distance by more than 2^-28 of the size (its direction
 * failed; where it holds, the true normal is near it, and an axis is not the
 * true normal where a vertex meets an edge), the separating axis that parts
 * polytope cores (boxes, triangles, segments, points) the most
 * (col__sat_separating_axis), where the simplex ends on a face of A - B its
 * normal (oriented_face), and where it ends on an edge of A - B the
 * witnesses' direction without its part along the edge, and if the normal
 * still fails, the normal of the face of the edge and A - B's support toward
 * the origin (GJK stopped short of that face: two hulls 3.7e-9 apart
 * overlapped by 6.5e-3 along the edge's direction,
 * fuzz/regressions/distance/hulls-4e-9-apart-on-an-edge-normal-6e-3-short),
 * each taken where the supports separate the cores further along it than
 * along the best so far. GJK stops within COL_GJK_SIZE_TOLERANCE of the
 * size, and its witnesses' direction holds only to that over the distance:
 * an AABB 4.5e-10 below an OBB (size 436) got a normal 9.4e-4 rad off the
 * AABB's face, along which the OBB reached 0.028 past the AABB's point; two
 * hulls 7.5e-9 apart (size 2036, on an edge of A - B) one along which they
 * overlapped by 1.6e-3. Out of line, so that the common case pays one
 * comparison. */
COL__NOINLINE static bool near_normal(const col__proxy *A, const col__proxy *B, const simplex *s, col_vec3 d,
                                      col_vec3 normal, col_vec3 *out) {
    bool turned = face_normal(A, B, s, d, normal, out);
    if (turned) normal = *out;
    col_real size = A->size + B->size, dist = col_v3_len(d);
    if (!(dist <= COL_R(0x1p-20) * size)) return turned;
    col_real sep = col__separation(A, B, normal);
    col_vec3 n;
    if (!(dist - sep > COL_R(0x1p-28) * size)) return turned;
    /* a later candidate must beat the best by more than the separations'
     * rounding: where the contact lies on an edge of A - B, a normal
     * anywhere in the edge's wedge separates the cores by the distance to
     * second order (an AABB's face normal and a direction 9.4e-4 rad off it,
     * 4.5e-10 apart, differed by 1.7e-17), and the axis is kept */
    col_real tie = COL_R(64.0) * COL_EPSILON * size;
    if (col__sat_separating_axis(A, B, &n)) {
        col_real sn = col__separation(A, B, n);
        if (sn > sep + tie) {
            *out = n;
            sep = sn;
            turned = true;
        }
    }
    if (s->n == 3) {
        /* a face of A - B: its normal, in the sense that separates */
        col_real sn;
        if (oriented_face(A, B, s->v[0].w, s->v[1].w, s->v[2].w, &n, &sn) && sn > sep + tie) {
            *out = n;
            sep = sn;
            turned = true;
        }
    }
    if (s->n == 2) {
        /* an edge of A - B: the normal without its part along the edge,
         * tried whatever the axis gave (an axis may part the cores to
         * within the test of their distance and still be no normal where a
         * vertex meets an edge: convex_pairs.c's closed_form_axis_normal) */
        col_real sn;
        if (col__unit_across(normal, col_v3_sub(s->v[1].w, s->v[0].w), &n) &&
            (sn = col__separation(A, B, n)) > sep + tie) {
            *out = n;
            sep = sn;
            turned = true;
        }
        if (dist - sep > COL_R(0x1p-28) * size) {
            /* still failing: GJK stopped short of the face of A - B beside
             * the edge; the face of the edge and A - B's support toward
             * the origin along the normal so far */
            col_vec3 dir = turned ? *out : normal;
            if (oriented_face(A, B, s->v[0].w, s->v[1].w, col__support_pair(A, B, col_v3_neg(dir)).w, &n, &sn) &&
                sn > sep + tie) {
                *out = n;
                sep = sn;
                turned = true;
            }
        }
        if (dist - sep > COL_R(0x1p-28) * size &&
            edge_turn(A, B, col_v3_sub(s->v[1].w, s->v[0].w), turned ? *out : normal, sep + tie, &n)) {
            *out = n;
            turned = true;
        }
    }
    return turned;
}

/* GJK on two support shapes; the result in the frame. */
col_distance_result col__gjk_distance(const col__proxy *A, const col__proxy *B, gjk_state *g) {
    col__gjk_run(A, B, g);
    col_vec3 pa, pb;
    if (g->overlap)
        overlap_witness(g, &pa, &pb);
    else {
        col__witness(&g->s, &pa, &pb);
        needle_witness(&g->s, g->vv, &pa, &pb);
    }
    /* The answer written whole where it is returned, from the rounded
     * result's fields (a result changed field by field and returned was
     * assembled in a temporary and copied out with loads across the
     * fields' own stores, which store forwarding cannot serve). */
    col_distance_result r = col__rounded_result(pa, A->radius, g->overlap ? pa : pb, B->radius);
    col_vec3 n, point_a = r.point_a, point_b = r.point_b, normal = r.normal;
    /* (the cores' distance from the result's: the difference's square
     * again cost the far pairs 25 instructions) */
    if (!g->overlap && r.status == COL_MISS &&
        r.distance + A->radius + B->radius <= COL_R(0x1p-10) * (A->size + B->size) &&
        near_normal(A, B, &g->s, col_v3_sub(pa, pb), r.normal, &n)) {
        normal = col__no_neg_zero(n);
        point_a = col_v3_madd(pa, -A->radius, n);
        point_b = col_v3_madd(pb, B->radius, n);
    }
    return (col_distance_result){
        g->converged ? r.status : COL_NOT_CONVERGED, r.distance, point_a, point_b, normal, g->iterations};
}
