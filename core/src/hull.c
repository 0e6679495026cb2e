/*
 * The convex hull of a point set (collide/hull.h): quickhull on triangles
 * with exact side tests, then coplanar triangles merged into faces and the
 * half-edge mesh built. Flat and collinear inputs have their own exact
 * paths (a 2D monotone chain on a projection that keeps orientation).
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "collide/hull.h"
#include "exact.h"

/* ---- growable arrays ---- */

static bool grow(void **p, int *cap, int need, size_t size) {
    if (need <= *cap) return true;
    int c = *cap ? *cap : 64;
    while (c < need) {
        if (c > INT_MAX / 2) return false;
        c *= 2;
    }
    void *q = realloc(*p, (size_t)c * size);
    if (!q) return false;
    *p = q;
    *cap = c;
    return true;
}

/* ---- the triangles of the construction ---- */

/* Triangle v[0] v[1] v[2], counter-clockwise seen from outside; adj[i] the
 * triangle across edge v[i] -> v[i + 1]. Its outside set is a list of input
 * indices (head, then next_point), each point strictly beyond its plane. */
typedef struct tri {
    int v[3], adj[3];
    int head, far;   /* the outside set and its farthest point (-1: empty) */
    col_real far_d;  /* the farthest point's determinant (a ranking, rounded) */
    int alive, seen; /* seen: the stamp of the last horizon search that tested it */
    int visible;
} tri;

typedef struct builder {
    const col_vec3 *p;
    int n;
    tri *t;
    int nt, cap_t;
    int *next_point; /* per input point: the next in its outside set */
    int *stack, cap_stack;
    int *work, nwork, cap_work; /* triangles with an outside set to process */
    int stamp;
} builder;

/* The rounded determinant (d - a) . ((b - a) x (c - a)): a ranking of
 * points beyond one plane by their distance (exact signs come from
 * col__orient3d). */
static col_real det_of(col_vec3 a, col_vec3 b, col_vec3 c, col_vec3 d) {
    col_vec3 n = col_v3_cross(col_v3_sub(b, a), col_v3_sub(c, a));
    return col_v3_dot(n, col_v3_sub(d, a));
}

static bool beyond(const builder *B, const tri *t, int q) {
    return col__orient3d(B->p[t->v[0]], B->p[t->v[1]], B->p[t->v[2]], B->p[q]) > 0;
}

static int new_tri(builder *B, int a, int b, int c) {
    if (!grow((void **)&B->t, &B->cap_t, B->nt + 1, sizeof(tri))) return -1;
    tri *t = &B->t[B->nt];
    t->v[0] = a;
    t->v[1] = b;
    t->v[2] = c;
    t->adj[0] = t->adj[1] = t->adj[2] = -1;
    t->head = t->far = -1;
    t->far_d = COL_R(0.0);
    t->alive = 1;
    t->seen = 0;
    t->visible = 0;
    return B->nt++;
}

/* Puts point q in triangle k's outside set (q strictly beyond it). */
static void add_outside(builder *B, int k, int q) {
    tri *t = &B->t[k];
    B->next_point[q] = t->head;
    t->head = q;
    col_real d = det_of(B->p[t->v[0]], B->p[t->v[1]], B->p[t->v[2]], B->p[q]);
    /* ties and NaN keep the earlier farthest; a first point always counts */
    if (t->far < 0 || d > t->far_d) {
        t->far = q;
        t->far_d = d;
    }
}

static bool push_work(builder *B, int k) {
    if (!grow((void **)&B->work, &B->cap_work, B->nwork + 1, sizeof(int))) return false;
    B->work[B->nwork++] = k;
    return true;
}

/* Assigns each point of the list (head, linked by next_point) to the first
 * of the triangles first..last - 1 it lies strictly beyond; the others are
 * inside the hull so far and dropped. skip: a point not to assign (the new
 * vertex). */
static bool assign(builder *B, int head, int first, int last, int skip) {
    for (int q = head; q >= 0;) {
        int nq = B->next_point[q];
        if (q != skip) {
            for (int k = first; k < last; ++k) {
                if (beyond(B, &B->t[k], q)) {
                    if (B->t[k].head < 0 && !push_work(B, k)) return false;
                    add_outside(B, k, q);
                    break;
                }
            }
        }
        q = nq;
    }
    return true;
}

/* The index i of t's edge from a to b (t->v[i] == a, v[i + 1] == b), -1 if none. */
static int edge_of(const tri *t, int a, int b) {
    for (int i = 0; i < 3; ++i)
        if (t->v[i] == a && t->v[(i + 1) % 3] == b) return i;
    return -1;
}

/* A horizon edge: a -> b of a visible triangle, whose neighbour `out`
 * (not visible) has the edge b -> a. */
typedef struct horizon_edge {
    int a, b, out;
} horizon_edge;

/* Adds point q (beyond triangle k) to the hull: the triangles it sees
 * (exactly, strictly beyond), found from k across edges; the horizon
 * around them (a simple cycle: the visible set of a convex polytope is a
 * disc); a cone of triangles from the horizon to q; the outside sets of
 * the visible triangles given to the new ones. false: out of memory, or a
 * horizon that is not a cycle (never, with exact predicates: kept as a
 * refusal rather than a broken mesh). */
static bool add_point(builder *B, int k, int q, horizon_edge **hz, int *cap_hz, int *vstart, int *vstamp) {
    int stamp = ++B->stamp;
    int nstack = 0, nh = 0;
    if (!grow((void **)&B->stack, &B->cap_stack, 1, sizeof(int))) return false;
    B->stack[nstack++] = k;
    B->t[k].seen = stamp;
    B->t[k].visible = 1;
    /* the visible set: depth first over visible triangles; B->stack keeps
     * them all (entries below `top` are done) */
    int top = 0;
    while (top < nstack) {
        int c = B->stack[top++];
        for (int i = 0; i < 3; ++i) {
            int u = B->t[c].adj[i];
            if (B->t[u].seen != stamp) {
                B->t[u].seen = stamp;
                B->t[u].visible = beyond(B, &B->t[u], q);
                if (B->t[u].visible) {
                    if (!grow((void **)&B->stack, &B->cap_stack, nstack + 1, sizeof(int))) return false;
                    B->stack[nstack++] = u;
                }
            }
            if (!B->t[u].visible) {
                if (!grow((void **)hz, cap_hz, nh + 1, sizeof(horizon_edge))) return false;
                horizon_edge e = {B->t[c].v[i], B->t[c].v[(i + 1) % 3], u};
                (*hz)[nh++] = e;
            }
        }
    }
    /* the horizon as a cycle: each vertex starts exactly one horizon edge */
    for (int h = 0; h < nh; ++h) {
        int a = (*hz)[h].a;
        if (vstamp[a] == stamp) return false; /* not a simple cycle */
        vstamp[a] = stamp;
        vstart[a] = h;
    }
    /* the cone: triangle (a, b, q) for each horizon edge, in cycle order */
    int first = B->nt;
    int h = 0;
    for (int m = 0; m < nh; ++m) {
        horizon_edge e = (*hz)[h];
        int nk = new_tri(B, e.a, e.b, q);
        if (nk < 0) return false;
        tri *o = &B->t[e.out];
        int oi = edge_of(o, e.b, e.a);
        if (oi < 0) return false;
        o->adj[oi] = nk;
        B->t[nk].adj[0] = e.out;
        if (vstamp[e.b] != stamp) return false;
        h = vstart[e.b];
        /* back at the start before every horizon edge is used: more than
         * one cycle (never, with exact predicates) */
        if (h == 0 && m + 1 < nh) return false;
    }
    if (h != 0) return false; /* the walk did not close */
    int last = B->nt;
    /* the cone's own adjacency: (a, b, q)'s edge b -> q meets the next
     * triangle's q -> b (its edge 2), and so around */
    for (int m = 0; m < nh; ++m) {
        int cur = first + m, nxt = first + (m + 1) % nh;
        B->t[cur].adj[1] = nxt;
        B->t[nxt].adj[2] = cur;
    }
    /* the visible triangles die; their outside sets go to the cone */
    for (int s = 0; s < nstack; ++s) {
        tri *t = &B->t[B->stack[s]];
        t->alive = 0;
        int head = t->head;
        t->head = -1;
        t->far = -1;
        if (!assign(B, head, first, last, q)) return false;
    }
    return true;
}

/* ---- degenerate inputs ---- */

static bool same(col_vec3 a, col_vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

/* Exactly collinear: every coordinate projection of the three is. */
static bool collinear(col_vec3 a, col_vec3 b, col_vec3 c) {
    return col__orient2d(a, b, c, 0, 1) == 0 && col__orient2d(a, b, c, 1, 2) == 0 && col__orient2d(a, b, c, 2, 0) == 0;
}

static int lex_cmp(col_vec3 a, col_vec3 b) {
    if (a.x != b.x) return a.x < b.x ? -1 : 1;
    if (a.y != b.y) return a.y < b.y ? -1 : 1;
    if (a.z != b.z) return a.z < b.z ? -1 : 1;
    return 0;
}

/* ---- output ---- */

typedef struct out_builder {
    col_hull *h;
    int cap_e, cap_f, cap_v;
    int *vmap; /* input index -> vertex index, -1 */
} out_builder;

static int out_vertex(out_builder *O, const col_vec3 *p, int i) {
    if (O->vmap[i] >= 0) return O->vmap[i];
    col_hull *h = O->h;
    if (!grow((void **)&h->vertices, &O->cap_v, h->vertex_count + 1, sizeof(col_vec3))) return -1;
    h->vertices[h->vertex_count] = p[i];
    return O->vmap[i] = h->vertex_count++;
}

/* The vertices of the listed input indices, numbered in input order (so a
 * hull's vertices are the input's order, whatever the faces' order). */
static bool number_used(out_builder *O, const col_vec3 *p, int n, const int *list, int count) {
    for (int i = 0; i < count; ++i) O->vmap[list[i]] = -2;
    for (int i = 0; i < n; ++i)
        if (O->vmap[i] == -2) {
            O->vmap[i] = -1;
            if (out_vertex(O, p, i) < 0) return false;
        }
    return true;
}

/* ---- a face's normal in double-double ----
 * A face of an exact hull may be a sliver (three points a few ulps off a
 * line: a thin tetrahedron's face), whose normal from rounded differences
 * and products points anywhere; the separating axes need it right. Each
 * difference is exact as a double-double (two_sum), each product of two
 * as well (Dekker's split), so the fan's cross products are summed to
 * about 2^-100 of their terms, then rounded: the normal's direction is
 * right to rounding unless the face's area is below about 2^-100 of its
 * edges' squared lengths (or products underflow: coordinates below about
 * 1e-150). Inputs within COL_HUGE (1e50): no split or product overflows. */
typedef struct dd {
    double hi, lo;
} dd;

static dd dd_two_sum(double a, double b) {
    double s = a + b, bb = s - a;
    dd r = {s, (a - (s - bb)) + (b - bb)};
    return r;
}

static dd dd_fast(double a, double b) { /* |a| >= |b| */
    double s = a + b;
    dd r = {s, b - (s - a)};
    return r;
}

static dd dd_two_prod(double a, double b) {
    const double split = 134217729.0; /* 2^27 + 1 */
    double p = a * b, ca = split * a, cb = split * b;
    double ah = ca - (ca - a), al = a - ah, bh = cb - (cb - b), bl = b - bh;
    dd r = {p, ((ah * bh - p) + ah * bl + al * bh) + al * bl};
    return r;
}

static dd dd_add(dd a, dd b) {
    dd s = dd_two_sum(a.hi, b.hi);
    return dd_fast(s.hi, s.lo + a.lo + b.lo);
}

static dd dd_mul(dd a, dd b) {
    dd p = dd_two_prod(a.hi, b.hi);
    return dd_fast(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi));
}

static dd dd_neg(dd a) {
    dd r = {-a.hi, -a.lo};
    return r;
}

/* (a x b)_k = a_i b_j - a_j b_i, (i, j) = (k + 1, k + 2) */
static dd dd_cross_k(const dd *a, const dd *b, int k) {
    int i = (k + 1) % 3, j = (k + 2) % 3;
    return dd_add(dd_mul(a[i], b[j]), dd_neg(dd_mul(a[j], b[i])));
}

/* The outward unit normal of the loop (counter-clockwise seen from
 * outside), from the fan about its first vertex in double-double; d the
 * greatest n . v over the loop. */
static col_plane face_plane(const col_vec3 *v, const int *loop, int m) {
    dd n[3] = {{0, 0}, {0, 0}, {0, 0}};
    col_vec3 c = v[loop[0]];
    for (int i = 1; i + 1 < m; ++i) {
        dd a[3], b[3];
        for (int k = 0; k < 3; ++k) {
            a[k] = dd_two_sum((double)col_v3_get(v[loop[i]], k), -(double)col_v3_get(c, k));
            b[k] = dd_two_sum((double)col_v3_get(v[loop[i + 1]], k), -(double)col_v3_get(c, k));
        }
        for (int k = 0; k < 3; ++k) n[k] = dd_add(n[k], dd_cross_k(a, b, k));
    }
    /* rounded, then scaled by a power of two to about 1 (a tiny or huge
     * face: the square of its length neither underflows nor overflows) */
    double x = n[0].hi + n[0].lo, y = n[1].hi + n[1].lo, z = n[2].hi + n[2].lo;
    double big = fabs(x) > fabs(y) ? fabs(x) : fabs(y);
    big = big > fabs(z) ? big : fabs(z);
    int e = 0;
    if (big > 0) (void)frexp(big, &e);
    col_vec3 nr = col_v3((col_real)ldexp(x, -e), (col_real)ldexp(y, -e), (col_real)ldexp(z, -e));
    col_vec3 u = col__unit_or(nr, col_v3(0, 0, 1));
    col_real d = col_v3_dot(u, v[loop[0]]);
    for (int i = 1; i < m; ++i) {
        col_real di = col_v3_dot(u, v[loop[i]]);
        if (di > d) d = di;
    }
    col_plane pl = {u, d};
    return pl;
}

/* A face from a loop of input indices (counter-clockwise seen from
 * outside), its half edges appended (twins set later). */
static bool out_face(out_builder *O, const col_vec3 *p, const int *loop, int m, int *vloop) {
    col_hull *h = O->h;
    for (int i = 0; i < m; ++i) {
        vloop[i] = out_vertex(O, p, loop[i]);
        if (vloop[i] < 0) return false;
    }
    if (!grow((void **)&h->faces, &O->cap_f, h->face_count + 1, sizeof(col_hull_face))) return false;
    if (!grow((void **)&h->edges, &O->cap_e, h->edge_count + m, sizeof(col_hull_edge))) return false;
    int f = h->face_count++, e0 = h->edge_count;
    for (int i = 0; i < m; ++i) {
        col_hull_edge e = {vloop[i], -1, e0 + (i + 1) % m, f};
        h->edges[e0 + i] = e;
    }
    h->edge_count += m;
    memset(&h->faces[f], 0, sizeof h->faces[f]); /* padding too: the same input, the same bytes */
    h->faces[f].plane = face_plane(h->vertices, vloop, m);
    h->faces[f].edge = e0;
    return true;
}

/* Twins by sorting the half edges on (lesser, greater) vertex: each edge
 * of a closed mesh appears once each way. */
typedef struct edge_key {
    int lo, hi, idx;
} edge_key;

static int edge_key_cmp(const void *x, const void *y) {
    const edge_key *a = x, *b = y;
    if (a->lo != b->lo) return a->lo < b->lo ? -1 : 1;
    if (a->hi != b->hi) return a->hi < b->hi ? -1 : 1;
    return (a->idx > b->idx) - (a->idx < b->idx);
}

static bool link_twins(col_hull *h) {
    int m = h->edge_count;
    edge_key *k = malloc((size_t)(m > 0 ? m : 1) * sizeof(edge_key));
    if (!k) return false;
    for (int i = 0; i < m; ++i) {
        int a = h->edges[i].origin, b = h->edges[h->edges[i].next].origin;
        edge_key e = {a < b ? a : b, a < b ? b : a, i};
        k[i] = e;
    }
    qsort(k, (size_t)m, sizeof(edge_key), edge_key_cmp);
    bool ok = m % 2 == 0;
    for (int i = 0; ok && i + 1 < m; i += 2) {
        col_hull_edge *a = &h->edges[k[i].idx], *b = &h->edges[k[i + 1].idx];
        /* the two ways of one edge, and no third */
        ok = k[i].lo == k[i + 1].lo && k[i].hi == k[i + 1].hi && a->origin != b->origin &&
             (i + 2 >= m || k[i + 2].lo != k[i].lo || k[i + 2].hi != k[i].hi);
        if (ok) {
            a->twin = k[i + 1].idx;
            b->twin = k[i].idx;
        }
    }
    free(k);
    return ok;
}

/* ---- the three kinds of degenerate hull ---- */

static bool hull_point(out_builder *O, const col_vec3 *p) {
    O->h->dimension = 0;
    return out_vertex(O, p, 0) >= 0;
}

static bool hull_segment(out_builder *O, const col_vec3 *p, int n) {
    /* on a line, lexicographic order is the order along it */
    int lo = 0, hi = 0;
    for (int i = 1; i < n; ++i) {
        if (lex_cmp(p[i], p[lo]) < 0) lo = i;
        if (lex_cmp(p[i], p[hi]) > 0) hi = i;
    }
    col_hull *h = O->h;
    h->dimension = 1;
    int a = lo < hi ? lo : hi, b = lo < hi ? hi : lo; /* vertices in input order */
    if (out_vertex(O, p, a) < 0 || out_vertex(O, p, b) < 0) return false;
    if (!grow((void **)&h->edges, &O->cap_e, 2, sizeof(col_hull_edge))) return false;
    col_hull_edge e0 = {0, 1, 1, -1}, e1 = {1, 0, 0, -1};
    h->edges[0] = e0;
    h->edges[1] = e1;
    h->edge_count = 2;
    return true;
}

/* A flat hull's point on the projection (u, v), for the sort. */
typedef struct flat_key {
    col_real u, v;
    int idx;
} flat_key;

static int flat_cmp(const void *x, const void *y) {
    const flat_key *a = x, *b = y;
    if (a->u != b->u) return a->u < b->u ? -1 : 1;
    if (a->v != b->v) return a->v < b->v ? -1 : 1;
    return (a->idx > b->idx) - (a->idx < b->idx);
}

/* All points in the plane of a, b, c (not collinear): Andrew's monotone
 * chain on the projection (i, j) where abc keeps its orientation (exact
 * orient2d there is the plane's, up to its sign), strict turns only; two
 * faces, the first counter-clockwise about (b - a) x (c - a). */
static bool hull_flat(out_builder *O, const col_vec3 *p, int n, int a, int b, int c) {
    int pi = 0, pj = 1, s = col__orient2d(p[a], p[b], p[c], 0, 1);
    if (s == 0) {
        pi = 1, pj = 2, s = col__orient2d(p[a], p[b], p[c], 1, 2);
    }
    if (s == 0) {
        pi = 2, pj = 0, s = col__orient2d(p[a], p[b], p[c], 2, 0);
    }
    flat_key *key = malloc((size_t)n * sizeof(flat_key));
    int *idx = malloc((size_t)n * sizeof(int)), *chain = malloc((size_t)(2 * n + 1) * sizeof(int)),
        *vloop = malloc((size_t)(2 * n + 1) * sizeof(int));
    bool ok = key && idx && chain && vloop;
    if (ok) {
        for (int i = 0; i < n; ++i) {
            flat_key k = {col_v3_get(p[i], pi), col_v3_get(p[i], pj), i};
            key[i] = k;
        }
        qsort(key, (size_t)n, sizeof(flat_key), flat_cmp);
        for (int i = 0; i < n; ++i) idx[i] = key[i].idx;
        /* lower then upper chain: counter-clockwise on (i, j) */
        int m = 0;
        for (int pass = 0; pass < 2; ++pass) {
            int base = m;
            for (int k = 0; k < n; ++k) {
                int q = idx[pass == 0 ? k : n - 1 - k];
                if (m > 0 && same(p[chain[m - 1]], p[q])) continue; /* duplicates */
                while (m - base >= 2 && col__orient2d(p[chain[m - 2]], p[chain[m - 1]], p[q], pi, pj) <= 0) --m;
                chain[m++] = q;
            }
            --m; /* each chain's last point starts the other */
        }
        /* counter-clockwise about the plane's normal (b - a) x (c - a): the
         * projection's order when it keeps orientation (s > 0) */
        if (s < 0)
            for (int i = 0, j = m - 1; i < j; ++i, --j) {
                int t = chain[i];
                chain[i] = chain[j];
                chain[j] = t;
            }
        O->h->dimension = 2;
        ok = m >= 3 && number_used(O, p, n, chain, m) && out_face(O, p, chain, m, vloop);
        for (int i = 0, j = m - 1; ok && i < j; ++i, --j) {
            int t = chain[i];
            chain[i] = chain[j];
            chain[j] = t;
        }
        ok = ok && out_face(O, p, chain, m, vloop) && link_twins(O->h);
    }
    free(key);
    free(idx);
    free(chain);
    free(vloop);
    return ok;
}

/* ---- the solid hull ---- */

/* Union-find over triangles (coplanar neighbours share a face). */
static int find_root(int *parent, int x) {
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* The faces: alive triangles joined across edges whose neighbour's third
 * vertex lies exactly in their plane; each group's boundary, walked from
 * its least triangle, is one convex polygon; vertices exactly collinear
 * with their neighbours on it dropped. */
static bool emit_solid(out_builder *O, builder *B) {
    int nt = B->nt;
    int *parent = malloc((size_t)nt * sizeof(int)), *loop = NULL, *vloop = NULL, *emitted = NULL;
    int *faces = NULL, *starts = NULL; /* the faces' loops, one after another, and where each starts */
    int cap_loop = 0, cap_faces = 0, cap_starts = 0, nfaces = 0, nstarts = 0, max_m = 0;
    bool ok = parent != NULL;
    for (int k = 0; ok && k < nt; ++k) parent[k] = k;
    for (int k = 0; ok && k < nt; ++k) {
        if (!B->t[k].alive) continue;
        const tri *t = &B->t[k];
        for (int i = 0; i < 3; ++i) {
            int u = t->adj[i];
            if (u < k) continue; /* each pair once (u > k) */
            const tri *o = &B->t[u];
            int third = o->v[0] + o->v[1] + o->v[2] - t->v[i] - t->v[(i + 1) % 3];
            if (col__orient3d(B->p[t->v[0]], B->p[t->v[1]], B->p[t->v[2]], B->p[third]) == 0) {
                int ra = find_root(parent, k), rb = find_root(parent, u);
                if (ra != rb) parent[ra > rb ? ra : rb] = ra < rb ? ra : rb;
            }
        }
    }
    emitted = ok ? calloc((size_t)nt, sizeof(int)) : NULL;
    ok = ok && emitted;
    /* faces in the order of their least triangle (deterministic) */
    for (int k = 0; ok && k < nt; ++k) {
        if (!B->t[k].alive) continue;
        int root = find_root(parent, k);
        if (emitted[root]) continue;
        emitted[root] = 1;
        /* walk the boundary: from a boundary edge of k, the next boundary
         * edge turns about its end vertex through the group's triangles */
        int start_t = -1, start_i = -1;
        for (int s = k; s < nt && start_t < 0; ++s) {
            if (!B->t[s].alive || find_root(parent, s) != root) continue;
            for (int i = 0; i < 3 && start_t < 0; ++i)
                if (find_root(parent, B->t[s].adj[i]) != root) start_t = s, start_i = i;
        }
        if (start_t < 0) {
            ok = false; /* a face with no boundary: the whole hull flat (never: dimension 3) */
            break;
        }
        int m = 0, ct = start_t, ci = start_i;
        do {
            if (!grow((void **)&loop, &cap_loop, m + 1, sizeof(int))) {
                ok = false;
                break;
            }
            loop[m++] = B->t[ct].v[ci];
            if (m > B->n) { /* a walk that does not close: refuse */
                ok = false;
                break;
            }
            /* next edge from v[ci + 1]: turn through group triangles about it */
            int v = B->t[ct].v[(ci + 1) % 3];
            int nti = ct, nii = (ci + 1) % 3; /* edge v -> ... of triangle nti */
            for (int guard = 0; guard <= nt; ++guard) {
                int u = B->t[nti].adj[nii];
                if (find_root(parent, u) != root) break;
                /* in u, the edge into v is (x -> v); the edge out of v follows it */
                int j = edge_of(&B->t[u], B->t[nti].v[(nii + 1) % 3], v);
                if (j < 0) {
                    ok = false;
                    break;
                }
                nti = u;
                nii = (j + 1) % 3;
            }
            ct = nti;
            ci = nii;
        } while (ok && !(ct == start_t && ci == start_i));
        if (!ok) break;
        /* drop vertices on the straight line between their neighbours */
        int *kept = malloc((size_t)m * sizeof(int));
        if (!kept) {
            ok = false;
            break;
        }
        int mk = 0;
        for (int i = 0; i < m; ++i)
            if (!collinear(B->p[loop[(i + m - 1) % m]], B->p[loop[i]], B->p[loop[(i + 1) % m]])) kept[mk++] = loop[i];
        ok = mk >= 3 && grow((void **)&faces, &cap_faces, nfaces + mk, sizeof(int)) &&
             grow((void **)&starts, &cap_starts, nstarts + 2, sizeof(int));
        if (ok) {
            if (nstarts == 0) starts[nstarts++] = 0;
            memcpy(faces + nfaces, kept, (size_t)mk * sizeof(int));
            nfaces += mk;
            starts[nstarts++] = nfaces;
            if (mk > max_m) max_m = mk;
        }
        free(kept);
    }
    /* the vertices in input order, then the faces in the order found */
    ok = ok && number_used(O, B->p, B->n, faces, nfaces);
    vloop = ok ? malloc((size_t)(max_m > 0 ? max_m : 1) * sizeof(int)) : NULL;
    ok = ok && vloop;
    for (int f = 0; ok && f + 1 < nstarts; ++f)
        ok = out_face(O, B->p, faces + starts[f], starts[f + 1] - starts[f], vloop);
    ok = ok && link_twins(O->h);
    free(faces);
    free(starts);
    free(parent);
    free(loop);
    free(vloop);
    free(emitted);
    return ok;
}

static bool hull_solid(out_builder *O, builder *B, int i0, int i1, int i2, int i3) {
    const col_vec3 *p = B->p;
    /* orient the first tetrahedron: i3 below abc */
    if (col__orient3d(p[i0], p[i1], p[i2], p[i3]) > 0) {
        int t = i1;
        i1 = i2;
        i2 = t;
    }
    int f0 = new_tri(B, i0, i1, i2), f1 = new_tri(B, i0, i3, i1), f2 = new_tri(B, i1, i3, i2),
        f3 = new_tri(B, i2, i3, i0);
    if (f3 < 0) return false;
    /* adjacency of the tetrahedron by shared edges */
    int fs[4] = {f0, f1, f2, f3};
    for (int a = 0; a < 4; ++a)
        for (int i = 0; i < 3; ++i)
            for (int b = 0; b < 4; ++b)
                if (b != a && edge_of(&B->t[fs[b]], B->t[fs[a]].v[(i + 1) % 3], B->t[fs[a]].v[i]) >= 0)
                    B->t[fs[a]].adj[i] = fs[b];
    /* every other point to the first face it lies beyond */
    for (int q = 0; q < B->n; ++q) B->next_point[q] = -1;
    int head = -1;
    for (int q = B->n - 1; q >= 0; --q) {
        if (q == i0 || q == i1 || q == i2 || q == i3) continue;
        B->next_point[q] = head;
        head = q;
    }
    if (!assign(B, head, 0, 4, -1)) return false;
    int *vstart = malloc((size_t)B->n * sizeof(int)), *vstamp = calloc((size_t)B->n, sizeof(int));
    horizon_edge *hz = NULL;
    int cap_hz = 0;
    bool ok = vstart && vstamp;
    /* the pending triangles in order (a queue: the oldest first) */
    for (int w = 0; ok && w < B->nwork; ++w) {
        int k = B->work[w];
        if (!B->t[k].alive || B->t[k].head < 0) continue;
        ok = add_point(B, k, B->t[k].far, &hz, &cap_hz, vstart, vstamp);
    }
    free(vstart);
    free(vstamp);
    free(hz);
    O->h->dimension = 3;
    return ok && emit_solid(O, B);
}

bool col_hull_build(const col_vec3 *points, size_t n, col_hull *out) {
    if (!out) return false;
    memset(out, 0, sizeof *out);
    if (!points || n == 0 || n > (size_t)(INT_MAX / 4)) return false;
    for (size_t i = 0; i < n; ++i)
        if (!col_v3_is_valid(points[i])) return false;
    int N = (int)n;
    out_builder O = {out, 0, 0, 0, malloc(n * sizeof(int))};
    builder B = {points, N, NULL, 0, 0, malloc(n * sizeof(int)), NULL, 0, NULL, 0, 0, 0};
    bool ok = O.vmap && B.next_point;
    if (ok) {
        for (int i = 0; i < N; ++i) O.vmap[i] = -1;
        /* the first simplex: i0 the least point, i1 the farthest from it, i2
         * the farthest from their line, i3 from their plane (rounded
         * rankings; each confirmed exactly, else the first point that is) */
        int i0 = 0, i1 = -1, i2 = -1, i3 = -1;
        for (int i = 1; i < N; ++i)
            if (lex_cmp(points[i], points[i0]) < 0) i0 = i;
        col_real best = COL_R(-1.0);
        for (int i = 0; i < N; ++i) {
            col_real d = col_v3_len_sq(col_v3_sub(points[i], points[i0]));
            if (!same(points[i], points[i0]) && (i1 < 0 || d > best)) i1 = i, best = d;
        }
        if (i1 >= 0) {
            col_vec3 a = points[i0], ab = col_v3_sub(points[i1], a);
            best = COL_R(-1.0);
            for (int i = 0; i < N; ++i) {
                col_real d = col_v3_len_sq(col_v3_cross(ab, col_v3_sub(points[i], a)));
                if (d > best && !collinear(a, points[i1], points[i])) i2 = i, best = d;
            }
            if (i2 < 0) /* every point exactly on the line (rounding may call some off it: checked) */
                for (int i = 0; i < N && i2 < 0; ++i)
                    if (!collinear(a, points[i1], points[i])) i2 = i;
        }
        if (i2 >= 0) {
            best = COL_R(-1.0);
            for (int i = 0; i < N; ++i) {
                col_real d = col_abs(det_of(points[i0], points[i1], points[i2], points[i]));
                if (d > best && col__orient3d(points[i0], points[i1], points[i2], points[i]) != 0) i3 = i, best = d;
            }
        }
        if (i1 < 0)
            ok = hull_point(&O, points);
        else if (i2 < 0)
            ok = hull_segment(&O, points, N);
        else if (i3 < 0)
            ok = hull_flat(&O, points, N, i0, i1, i2);
        else
            ok = hull_solid(&O, &B, i0, i1, i2, i3);
    }
    free(O.vmap);
    free(B.t);
    free(B.next_point);
    free(B.stack);
    free(B.work);
    if (!ok) col_hull_free(out);
    return ok;
}

void col_hull_free(col_hull *h) {
    if (!h) return;
    free(h->vertices);
    free(h->edges);
    free(h->faces);
    memset(h, 0, sizeof *h);
}

col_polytope col_hull_polytope(const col_hull *h) {
    col_polytope p = {h ? h->vertices : NULL, h ? h->vertex_count : 0};
    return p;
}

int col_hull_face_size(const col_hull *h, int f) {
    if (!h || f < 0 || f >= h->face_count) return 0;
    int m = 0, e = h->faces[f].edge;
    do {
        ++m;
        e = h->edges[e].next;
    } while (e != h->faces[f].edge && m <= h->edge_count);
    return m;
}

/* ---- the separating-axis test (Gregorius 2013) ---- */

/* The least n . (v - origin) over the hull's vertices (a support query
 * against n). */
static col_real least_along(const col_hull *h, col_vec3 n, col_vec3 origin) {
    col_real m = col_v3_dot(n, col_v3_sub(h->vertices[0], origin));
    for (int v = 1; v < h->vertex_count; ++v) {
        col_real x = col_v3_dot(n, col_v3_sub(h->vertices[v], origin));
        if (x < m) m = x;
    }
    return m;
}

/* The best face of `from` against `to`: the greatest gap min over `to` of
 * n . (v - p), p a vertex of the face, n its outward normal. */
static col_real best_face(const col_hull *from, const col_hull *to, int *face) {
    col_real best = (col_real)-INFINITY;
    *face = -1;
    for (int f = 0; f < from->face_count; ++f) {
        const col_hull_face *F = &from->faces[f];
        col_real gap = least_along(to, F->plane.n, from->vertices[from->edges[F->edge].origin]);
        if (*face < 0 || gap > best) {
            best = gap;
            *face = f;
        }
    }
    return best;
}

static col_vec3 centroid(const col_hull *h) {
    col_vec3 c = col_v3(0, 0, 0), o = h->vertices[0];
    for (int v = 0; v < h->vertex_count; ++v) c = col_v3_add(c, col_v3_sub(h->vertices[v], o));
    return col_v3_add(o, col_v3_scale(c, COL_R(1.0) / (col_real)h->vertex_count));
}

/* An edge of B as the edge pairs see it: a point r on it, its direction v,
 * its faces' normals negated (the arc of -B on the Gauss map: the Minkowski
 * difference A - B's) and their cross product. */
typedef struct b_edge {
    col_vec3 r, v, c, d, dxc;
    col_real t; /* |d x c|: the arc's sine */
    int index;
} b_edge;

/* The arcs' tests take a pair unless it surely fails them: each product
 * of two triple products (sines of the normals' angles to the other arc's
 * plane, times the arcs' sines s and t) must be beyond ARC_TOLERANCE times
 * s^2, t^2 or s t on the failing side, and an arc whose sine is below
 * ARC_SHORT (nearly coplanar faces, exactly coplanar ones being merged)
 * takes every pair: its plane is rounding's. A pair taken wrongly costs
 * its gap, computed on the hulls themselves, never a wrong answer; a pair
 * dropped wrongly could lose the axis that parts them (fuzz_distance: an
 * edge between three nearly coplanar faces of a hull, whose arcs of a few
 * ulps each the rounded test called apart from the box's edge they met). */
#define ARC_TOLERANCE COL_R(1e-12)
#define ARC_SHORT COL_R(1e-6)

/*
 * The edge pairs: for each edge of A (each once: the half edge whose index
 * is below its twin's) and of B whose arcs on the Gauss map cross (a face of
 * A - B: Gregorius's test, with a, b A's faces' normals and c, d -B's, each
 * pair of arcs shorter than a half circle: c and d on either side of the
 * plane of a and b, a and b on either side of c and d's, and on the same
 * hemisphere), the gap along their cross product oriented out of A (from
 * A's centroid): the gap along it measured on the hulls (a true gap,
 * never above the distance, whatever the rounded tests decided; see
 * ARC_TOLERANCE). e: B's edges, prepared.
 */
static col_real best_edges(const col_hull *A, const col_hull *B, const b_edge *e, int ne, int *ea, int *eb,
                           col_vec3 *axis) {
    col_real best = (col_real)-INFINITY;
    *ea = *eb = -1;
    col_vec3 ca = centroid(A);
    for (int i = 0; i < A->edge_count; ++i) {
        const col_hull_edge *E = &A->edges[i];
        if (E->twin < i) continue;
        col_vec3 p = A->vertices[E->origin], u = col_v3_sub(A->vertices[A->edges[E->next].origin], p);
        col_vec3 a = A->faces[E->face].plane.n, b = A->faces[A->edges[E->twin].face].plane.n, bxa = col_v3_cross(b, a);
        col_real s = col_v3_len(bxa);
        for (int j = 0; j < ne; ++j) {
            const b_edge *G = &e[j];
            /* all four products, then one branch (the signs are a coin toss
             * per pair: a branch on each mispredicts) */
            col_real cba = col_v3_dot(G->c, bxa), dba = col_v3_dot(G->d, bxa);
            col_real adc = col_v3_dot(a, G->dxc), bdc = col_v3_dot(b, G->dxc), t = G->t;
            if (!((s < ARC_SHORT) | (t < ARC_SHORT) |
                  ((cba * dba < ARC_TOLERANCE * s * s) & (adc * bdc < ARC_TOLERANCE * t * t) &
                   (cba * bdc > -ARC_TOLERANCE * s * t))))
                continue;
            /* nearly parallel edges keep their axis, however rounded its
             * direction: its gap is measured on the hulls, and where a hull
             * is a sliver (its faces' normals two antipodal clusters) no
             * face's axis stands in for it (fuzz_distance: two edges 0.1
             * degrees apart gave the depth, 9e-10, where the faces' least
             * was 0.04); exactly parallel ones have none */
            col_vec3 l = col__unit_or(col_v3_cross(u, G->v), col_v3(0, 0, 0));
            if (l.x == COL_R(0.0) && l.y == COL_R(0.0) && l.z == COL_R(0.0)) continue;
            if (col_v3_dot(l, col_v3_sub(p, ca)) < COL_R(0.0)) l = col_v3_neg(l);
            /* the gap between the edges along l: the hulls' gap where the
             * edges support them (a face of A - B), never below it (r in B,
             * p in A); where it would improve the answer, the hulls' own
             * gap along l replaces it, so a pair the rounded arc test took
             * wrongly (nearly coplanar faces: an arc of a few ulps) gives a
             * true gap, never more than the distance */
            col_real gap = col_v3_dot(l, col_v3_sub(G->r, p));
            /* |gap| bounds the hulls' gap along l either way (B beyond A:
             * at most gap; A beyond B: at most -gap), so a pair it cannot
             * improve is done; else both ways on the hulls (a pair the
             * rounded tests took wrongly may part them the other way: the
             * centroid orients only a true face of A - B) */
            if (*ea >= 0 && !(col_abs(gap) > best)) continue;
            col_real beyond = least_along(B, l, p) + least_along(A, col_v3_neg(l), p),
                     before = least_along(A, l, p) + least_along(B, col_v3_neg(l), p);
            gap = beyond;
            if (before > beyond) {
                gap = before;
                l = col_v3_neg(l);
            }
            if (*ea < 0 || gap > best) {
                best = gap;
                *ea = i;
                *eb = G->index;
                *axis = l;
            }
        }
    }
    return best;
}

bool col_hull_sat(const col_hull *a, const col_hull *b, col_hull_sat_result *out) {
    if (!out) return false;
    memset(out, 0, sizeof *out);
    if (!a || !b || a->dimension != 3 || b->dimension != 3) return false;
    int fa, fb, ea = -1, eb = -1;
    col_vec3 l = col_v3(0, 0, 0);
    col_real sa = best_face(a, b, &fa), sb = best_face(b, a, &fb), se = (col_real)-INFINITY;
    /* B's edges, each once, prepared for the pairs (on the stack for a
     * small hull; where the allocation fails: false) */
    b_edge small[128], *e = b->edge_count / 2 <= 128 ? small : malloc((size_t)(b->edge_count / 2) * sizeof(b_edge));
    if (!e) return false;
    int ne = 0;
    for (int j = 0; j < b->edge_count; ++j) {
        const col_hull_edge *G = &b->edges[j];
        if (G->twin < j) continue;
        b_edge x;
        x.r = b->vertices[G->origin];
        x.v = col_v3_sub(b->vertices[b->edges[G->next].origin], x.r);
        x.c = col_v3_neg(b->faces[G->face].plane.n);
        x.d = col_v3_neg(b->faces[b->edges[G->twin].face].plane.n);
        x.dxc = col_v3_cross(x.d, x.c);
        x.t = col_v3_len(x.dxc);
        x.index = j;
        e[ne++] = x;
    }
    se = best_edges(a, b, e, ne, &ea, &eb, &l);
    if (e != small) free(e);
    /* A's face: B lies beyond it along +n, so from B toward A is -n */
    out->separation = sa;
    out->normal = col_v3_neg(a->faces[fa].plane.n);
    out->axis = COL_HULL_AXIS_FACE_A;
    out->feature_a = fa;
    out->feature_b = -1;
    if (sb > out->separation) {
        out->separation = sb;
        out->normal = b->faces[fb].plane.n;
        out->axis = COL_HULL_AXIS_FACE_B;
        out->feature_a = -1;
        out->feature_b = fb;
    }
    if (ea >= 0 && se > out->separation) {
        out->separation = se;
        out->normal = col_v3_neg(l);
        out->axis = COL_HULL_AXIS_EDGES;
        out->feature_a = ea;
        out->feature_b = eb;
    }
    out->normal = col__no_neg_zero(out->normal);
    return true;
}
