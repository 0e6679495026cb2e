/*
 * EPA (collide/gjk.h, col_penetration): the penetration of two proxies,
 * grown from GJK's final simplex; the reported depth is always a support
 * value, so pushing out by it separates. van den Bergen 2001.
 */
#include "convex.h"

#include <stdint.h>
#include <string.h>

#define EPA_MAX_VERTS (4 + COL_EPA_MAX_ITERATIONS)
#define EPA_MAX_FACES (2 * EPA_MAX_VERTS + 8)
_Static_assert(EPA_MAX_VERTS <= 128, "the horizon's edge keys and seen-edge rows hold a vertex in 7 bits");

#if defined(COLLIDE_REAL_FLOAT) && COLLIDE_REAL_FLOAT
#define EPA_EDGE_LO 0x1p-28f
#define EPA_EDGE_HI 0x1p28f
#else
#define EPA_EDGE_LO 0x1p-240
#define EPA_EDGE_HI 0x1p240
#endif

typedef struct epa_face {
    int i[3];
    col_vec3 n;    /* outward unit normal; zero for a degenerate face */
    col_real dist; /* n . v: distance of the face's plane from the origin */
} epa_face;

static void epa_face_make(epa_face *f, const svert *v, int a, int b, int c) {
    f->i[0] = a;
    f->i[1] = b;
    f->i[2] = c;
    /* The cross product of the edges, normalized by its length (one root,
     * one division) where its largest component lies within
     * COL__SQUARES_LO..HI (its square neither underflows nor overflows; a
     * product of the edges' components that underflowed is below its
     * rounding there, one that overflowed left it infinite); an axis by the
     * division (exact: a touching face's normal is -x, not the ulp off it
     * that x * (1 / |x|) may round to). Else the edges within 2^-240..2^240
     * (the squares' range's roots) as they are, others scaled to [-1, 1]
     * first (the cross product of tiny edges would underflow into denormals
     * and lose the normal's direction), normalized by col__unit_or. */
    col_vec3 e1 = col_v3_sub(v[b].w, v[a].w), e2 = col_v3_sub(v[c].w, v[a].w);
    col_vec3 cr = col_v3_cross(e1, e2);
    col_real m = col__abs_max(cr);
    if (m >= COL__SQUARES_LO && m <= COL__SQUARES_HI) {
        int zeros = (cr.x == COL_R(0.0)) + (cr.y == COL_R(0.0)) + (cr.z == COL_R(0.0));
        f->n = zeros == 2 ? col_v3_div(cr, m) : col_v3_scale(cr, COL_R(1.0) / col_v3_len(cr));
        f->dist = col_v3_dot(f->n, v[a].w);
        return;
    }
    col_real m1 = col__max_abs3(e1), m2 = col__max_abs3(e2);
    const col_real lo = EPA_EDGE_LO, hi = EPA_EDGE_HI;
    if (m1 >= lo && m1 <= hi && m2 >= lo && m2 <= hi) {
        f->n = col__unit_or(cr, col_v3(0, 0, 0));
    } else {
        col_vec3 n = col_v3_cross(m1 > COL_R(0.0) ? col_v3_div(e1, m1) : e1, m2 > COL_R(0.0) ? col_v3_div(e2, m2) : e2);
        f->n = col__unit_or(n, col_v3(0, 0, 0)); /* unit: normalized after scaling, never by a denormal length */
    }
    if (col__same_point(f->n, col_v3(0, 0, 0))) {
        f->dist = COL_REAL_MAX; /* never the nearest face, never visible */
        return;
    }
    f->dist = col_v3_dot(f->n, v[a].w);
}

/* Grows GJK's simplex (the origin in or on it, to the tolerance) to a
 * tetrahedron. Returns false when A - B is flat (a point, a segment or a
 * polygon): the depth is then 0 along out->n. */
static bool epa_seed(const col__proxy *A, const col__proxy *B, const simplex *s, col_real tiny, svert *v,
                     epa_out *out) {
    int n = s->n;
    for (int i = 0; i < n; ++i) v[i] = s->v[i];
    static const col_real axes[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    out->n = col_v3(0, 0, 0);
    if (n == 1) {
        for (int k = 0; k < 6 && n == 1; ++k) {
            svert w = col__support_pair(A, B, col_v3(axes[k][0], axes[k][1], axes[k][2]));
            if (col__max_abs3(col_v3_sub(w.w, v[0].w)) > tiny) v[n++] = w;
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
            svert w = col__support_pair(A, B, dirs[k]);
            col_vec3 off = col_v3_cross(col_v3_sub(w.w, v[0].w), du);
            if (col__max_abs3(off) > tiny) v[n++] = w;
        }
        if (n == 2) {
            out->n = p1; /* A - B is a segment */
            return false;
        }
    }
    if (n == 3) {
        col_vec3 nrm =
            col__unit_or(col_v3_cross(col_v3_sub(v[1].w, v[0].w), col_v3_sub(v[2].w, v[0].w)), col_v3(0, 0, 0));
        if (col__same_point(nrm, col_v3(0, 0, 0))) return false; /* unreachable: GJK keeps proper triangles */
        svert w = col__support_pair(A, B, nrm);
        if (col_v3_dot(col_v3_sub(w.w, v[0].w), nrm) > tiny) {
            v[n++] = w;
        } else {
            w = col__support_pair(A, B, col_v3_neg(nrm));
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

/* The weights bc of the origin's projection on the plane of face (normal
 * n), by the signed areas of the sub-triangles it makes with each edge
 * (along n), clamped to the face (a projection a rounding outside it) and
 * normalized: 1 where it lies in the face, 0 where it needed the clamp, -1
 * where they vanish (a degenerate face). */
static int face_weights(const svert face[3], col_vec3 n, col_real bc[3]) {
    col_vec3 w0 = face[0].w, w1 = face[1].w, w2 = face[2].w;
    col_vec3 q = col_v3_scale(n, col_v3_dot(n, w0)); /* the projection */
    col_real l[3] = {col_v3_dot(col_v3_cross(col_v3_sub(w1, q), col_v3_sub(w2, q)), n),
                     col_v3_dot(col_v3_cross(col_v3_sub(w2, q), col_v3_sub(w0, q)), n),
                     col_v3_dot(col_v3_cross(col_v3_sub(w0, q), col_v3_sub(w1, q)), n)};
    col_real sum = COL_R(0.0);
    int inside = 1;
    for (int j = 0; j < 3; ++j) {
        if (!(l[j] >= COL_R(0.0))) l[j] = COL_R(0.0), inside = 0; /* NaN too */
        sum += l[j];
    }
    if (!(sum > COL_R(0.0) && sum <= COL_REAL_MAX)) return -1;
    for (int j = 0; j < 3; ++j) bc[j] = l[j] / sum;
    return inside;
}

/* The nearest faces (out->cand, up to 8, nearest first): where an
 * ellipsoid core may take them (col__epa_refine's smooth pairs). */
static void keep_nearest(const epa_face *f, int nf, epa_out *out) {
    const int cap = (int)(sizeof out->cand / sizeof out->cand[0]);
    out->ncand = 0;
    for (int i = 0; i < nf; ++i) {
        if (!(f[i].dist < COL_REAL_MAX)) continue;
        int j = out->ncand < cap ? out->ncand++ : cap;
        if (j == cap && !(f[i].dist < out->cand_dist[cap - 1])) continue;
        if (j == cap) j = cap - 1;
        for (; j > 0 && f[i].dist < out->cand_dist[j - 1]; --j) {
            out->cand[j] = out->cand[j - 1];
            out->cand_dist[j] = out->cand_dist[j - 1];
        }
        out->cand[j] = f[i].n;
        out->cand_dist[j] = f[i].dist;
    }
}

void col__epa_run(const col__proxy *A, const col__proxy *B, const gjk_state *g, epa_out *out) {
    col__epa_run_to(A, B, g, COL_EPA_TOLERANCE, out);
}

void col__epa_run_to(const col__proxy *A, const col__proxy *B, const gjk_state *g, col_real tolerance, epa_out *out) {
    svert v[EPA_MAX_VERTS];
    col_real vx[EPA_MAX_VERTS]; /* v[i].w.x: the duplicate test's first filter */
    epa_face f[EPA_MAX_FACES];
    int edges[3 * EPA_MAX_FACES], seen_faces[EPA_MAX_FACES][3];
    /* bit b of row a: a seen face has the edge a -> b; a vertex's row
     * cleared when it is added, every row cleared again after each use */
    uint64_t seen_edges[EPA_MAX_VERTS][2];
    col_real tiny = COL_GJK_OVERLAP_TOLERANCE * g->scale;
    /* the nearest faces are the smooth refinements' starts (col__epa_refine),
     * which take an ellipsoid core on one side at least: none else */
    bool want_cand = A->type == COL__SUPPORT_ELLIPSOID || B->type == COL__SUPPORT_ELLIPSOID;
    out->depth = COL_R(0.0);
    out->converged = true;
    out->iterations = 0;
    out->has_face = false;
    out->ncand = 0;
    memset(&out->w, 0, sizeof out->w);
    if (!epa_seed(A, B, &g->s, tiny, v, out)) {
        /* flat: the origin is on the boundary of A - B */
        out->w = g->s.v[0];
        return;
    }
    int nv = 4, nf = 4;
    for (int i = 0; i < 4; ++i) {
        vx[i] = v[i].w.x;
        seen_edges[i][0] = seen_edges[i][1] = 0;
    }
    epa_face_make(&f[0], v, 0, 1, 2);
    epa_face_make(&f[1], v, 0, 3, 1);
    epa_face_make(&f[2], v, 0, 2, 3);
    epa_face_make(&f[3], v, 1, 3, 2);
    col_real tol = tolerance * g->scale;
    col_real best = COL_REAL_MAX;
    out->converged = false;
    for (int it = 1; it <= COL_EPA_MAX_ITERATIONS; ++it) {
        out->iterations = it;
        /* the nearest face: the first of the least distance (branch-free:
         * which face wins is data, and a branch on it mispredicted half the
         * time); degenerate faces (COL_REAL_MAX) never */
        int k = -1;
        col_real dk = COL_REAL_MAX;
        for (int i = 0; i < nf; ++i) {
            bool nearer = f[i].dist < dk;
            dk = nearer ? f[i].dist : dk;
            k = nearer ? i : k;
        }
        if (k < 0) break;
        col_vec3 n = f[k].n;
        svert w = col__support_pair_inline(A, B, n);
        col_real upper = col_v3_dot(w.w, n);
        if (upper < best) {
            best = upper;
            out->n = n;
            out->w = w;
        }
        if (upper - f[k].dist <= tol) {
            /* converged on face k: its distance is the depth to the
             * tolerance, so its point at the origin's projection is the
             * contact (the best bound's face, reported so far, may lie
             * short of it by more); taken where the projection lies in it */
            col_real bc[3];
            const svert fk[3] = {v[f[k].i[0]], v[f[k].i[1]], v[f[k].i[2]]};
            if (face_weights(fk, n, bc) == 1) {
                best = upper;
                out->n = n;
                out->w = w;
                for (int j = 0; j < 3; ++j) out->face[j] = fk[j], out->bc[j] = bc[j];
                out->has_face = true;
                out->converged = true;
                out->depth = col_max(best, COL_R(0.0));
                if (want_cand) keep_nearest(f, nf, out);
                return;
            }
            out->converged = true;
            break;
        }
        bool dup = false;
        /* the vertices' x first, from their own array, as one condition;
         * the whole points only where one matches */
        bool same_x = false;
        for (int i = 0; i < nv; ++i) same_x |= vx[i] == w.w.x;
        for (int i = 0; i < nv && same_x; ++i) dup = dup || col__same_point(v[i].w, w.w);
        if (dup || nv == EPA_MAX_VERTS) break;
        int iw = nv;
        v[nv++] = w;
        vx[iw] = w.w.x;
        seen_edges[iw][0] = seen_edges[iw][1] = 0;
        /* Remove the faces w sees (the kept ones stay in order; every face
         * copied, a seen one's vertices listed), then their unshared edges
         * form the horizon, in the seen faces' order: a directed edge a -> b
         * of a seen face whose reverse b -> a no seen face has (each
         * directed edge belongs to one face of the closed polytope). The
         * seen edges as bits of a table by their first vertex, set, read
         * and cleared in loops of one length, so that no step branches on
         * which face or edge it met (a search of a list for each edge's
         * reverse mispredicted its exit at every edge). */
        int kept = 0, nseen = 0;
        for (int i = 0; i < nf; ++i) {
            int seen = col_v3_dot(f[i].n, col_v3_sub(w.w, v[f[i].i[0]].w)) > COL_R(0.0);
            for (int e = 0; e < 3; ++e) seen_faces[nseen][e] = f[i].i[e];
            nseen += seen;
            f[kept] = f[i];
            kept += 1 - seen;
        }
        nf = kept;
        for (int t = 0; t < nseen; ++t)
            for (int e = 0; e < 3; ++e) {
                int a = seen_faces[t][e], b = seen_faces[t][e == 2 ? 0 : e + 1];
                seen_edges[a][b >> 6] |= (uint64_t)1 << (b & 63);
            }
        int nh = 0;
        for (int t = 0; t < nseen; ++t)
            for (int e = 0; e < 3; ++e) {
                int a = seen_faces[t][e], b = seen_faces[t][e == 2 ? 0 : e + 1];
                edges[nh] = a * 256 + b;
                nh += (int)(~seen_edges[b][a >> 6] >> (a & 63) & 1);
            }
        for (int t = 0; t < nseen; ++t)
            for (int e = 0; e < 3; ++e) seen_edges[seen_faces[t][e]][0] = seen_edges[seen_faces[t][e]][1] = 0;
        if (nh == 0 || nf + nh > EPA_MAX_FACES) break;
        for (int j = 0; j < nh; ++j) epa_face_make(&f[nf++], v, edges[j] >> 8, edges[j] & 255, iw);
    }
    /* Stopped without converging (no face left, a support point already a
     * vertex, no horizon): where the least support value found is within the
     * tolerance of 0, the depth, which lies between 0 (the origin is in A -
     * B) and any support value, is 0 to the tolerance, converged. A touching
     * contact whose origin lies on the boundary of A - B, outside the seed's
     * faces, ends so: a disc and a triangle meeting at the disc's centre,
     * EPA's nearest face 1024 on the wrong side of the origin and its
     * support point a vertex already (fuzz/regressions/distance/
     * epa-touching-disc-and-triangle-outside-the-seed). */
    if (!out->converged && best <= tol) out->converged = true;
    out->depth = best < COL_REAL_MAX ? col_max(best, COL_R(0.0)) : COL_R(0.0);
    if (want_cand) keep_nearest(f, nf, out);
}
