/*
 * Triangle meshes (collide/mesh.h): copies of the vertices and indices, a
 * static tree over the triangles' boxes (binned SAH), picking by the
 * watertight ray-triangle test, overlaps and casts through the generic
 * dispatch.
 */
#include <stdlib.h>
#include <string.h>

#include "collide/mesh.h"
#include "tree_private.h"

struct col_mesh {
    col_vec3 *v;
    int32_t nv;
    int32_t *idx; /* 3 per triangle */
    int32_t nt;
    col_tree tree; /* user value: the triangle's index */
    col_aabb bounds;
};

static col_triangle tri_of(const col_mesh *m, int32_t i) {
    col_triangle t = {m->v[m->idx[3 * i]], m->v[m->idx[3 * i + 1]], m->v[m->idx[3 * i + 2]]};
    return t;
}

/* Triangle i as a col_shape (for the generic dispatch). */
static col_shape tri_shape(const col_mesh *m, int32_t i) {
    col_shape s;
    memset(&s, 0, sizeof s);
    s.kind = COL_SHAPE_TRIANGLE;
    s.u.triangle = tri_of(m, i);
    return s;
}

static col_mesh *refuse(col_mesh *m, col_mesh_error e, int32_t at, col_mesh_error *error, int32_t *where) {
    if (error) *error = e;
    if (where) *where = at;
    col_mesh_destroy(m);
    return NULL;
}

col_mesh *col_mesh_create(const col_vec3 *vertices, int32_t vertex_count, const int32_t *indices,
                          int32_t triangle_count, col_mesh_error *error, int32_t *where) {
    if (error) *error = COL_MESH_OK;
    if (where) *where = -1;
    const int32_t limit = (int32_t)1 << 28;
    if (!vertices || !indices || vertex_count < 1 || triangle_count < 1 || vertex_count > limit ||
        triangle_count > limit)
        return refuse(NULL, COL_MESH_BAD_COUNT, -1, error, where);
    for (int32_t i = 0; i < vertex_count; ++i) {
        const col_real c[3] = {vertices[i].x, vertices[i].y, vertices[i].z};
        for (int k = 0; k < 3; ++k)
            if (!col_is_valid_real(c[k])) return refuse(NULL, COL_MESH_BAD_COORDINATE, 3 * i + k, error, where);
    }
    size_t ni = (size_t)triangle_count * 3;
    for (size_t i = 0; i < ni; ++i)
        if (indices[i] < 0 || indices[i] >= vertex_count)
            return refuse(NULL, COL_MESH_BAD_INDEX, (int32_t)i, error, where);
    col_mesh *m = calloc(1, sizeof *m);
    if (!m) return refuse(NULL, COL_MESH_NO_MEMORY, -1, error, where);
    col_tree_init(&m->tree);
    m->tree.margin = 0;
    m->v = malloc((size_t)vertex_count * sizeof *m->v);
    m->idx = malloc(ni * sizeof *m->idx);
    if (!m->v || !m->idx || !col__tree_reserve(&m->tree, 2 * triangle_count))
        return refuse(m, COL_MESH_NO_MEMORY, -1, error, where);
    memcpy(m->v, vertices, (size_t)vertex_count * sizeof *m->v);
    memcpy(m->idx, indices, ni * sizeof *m->idx);
    m->nv = vertex_count;
    m->nt = triangle_count;
    for (int32_t i = 0; i < triangle_count; ++i) {
        col_shape s = tri_shape(m, i);
        col_aabb b, exact;
        col__padded_bounds(&s, &b); /* valid: coordinates checked above */
        col_tree_insert(&m->tree, &b, (uint64_t)i);
        col_shape_bounds(&s, &exact);
        m->bounds = i == 0 ? exact : col__aabb_union(&m->bounds, &exact);
    }
    if (!col_tree_rebuild(&m->tree)) return refuse(m, COL_MESH_NO_MEMORY, -1, error, where);
    return m;
}

void col_mesh_destroy(col_mesh *m) {
    if (!m) return;
    col_tree_free(&m->tree);
    free(m->v);
    free(m->idx);
    free(m);
}

int32_t col_mesh_triangle_count(const col_mesh *m) { return m ? m->nt : 0; }
int32_t col_mesh_vertex_count(const col_mesh *m) { return m ? m->nv : 0; }

bool col_mesh_triangle(const col_mesh *m, int32_t i, col_triangle *out) {
    if (!m || i < 0 || i >= m->nt) return false;
    if (out) *out = tri_of(m, i);
    return true;
}

col_aabb col_mesh_bounds(const col_mesh *m) {
    col_aabb z;
    memset(&z, 0, sizeof z);
    return m ? m->bounds : z;
}

col_tree_stats col_mesh_tree_stats(const col_mesh *m) {
    col_tree_stats s;
    memset(&s, 0, sizeof s);
    return m ? col_tree_stats_of(&m->tree) : s;
}

/* ------------------------------ picking ------------------------------ */

/* Barycentrics of a point of the triangle (Ericson 3.4); a degenerate
 * triangle gives those of the point on its longest edge. */
static void barycentrics(const col_triangle *t, col_vec3 p, col_real *u, col_real *v, col_real *w) {
    col_vec3 e0 = col_v3_sub(t->b, t->a), e1 = col_v3_sub(t->c, t->a), e2 = col_v3_sub(p, t->a);
    col_real d00 = col_v3_dot(e0, e0), d01 = col_v3_dot(e0, e1), d11 = col_v3_dot(e1, e1);
    col_real d20 = col_v3_dot(e2, e0), d21 = col_v3_dot(e2, e1);
    col_real den = d00 * d11 - d01 * d01;
    if (den > COL_EPSILON * d00 * d11 && den > 0) {
        *v = (d11 * d20 - d01 * d21) / den;
        *w = (d00 * d21 - d01 * d20) / den;
        *u = COL_R(1.0) - *v - *w;
        return;
    }
    /* the longest edge: parameter s of p along it */
    const col_vec3 pts[3] = {t->a, t->b, t->c};
    int best = 0;
    col_real len = -1;
    for (int k = 0; k < 3; ++k) {
        col_vec3 e = col_v3_sub(pts[(k + 1) % 3], pts[k]);
        col_real l = col_v3_dot(e, e);
        if (l > len) {
            len = l;
            best = k;
        }
    }
    col_vec3 e = col_v3_sub(pts[(best + 1) % 3], pts[best]);
    col_real s = len > 0 ? col_v3_dot(col_v3_sub(p, pts[best]), e) / len : 0;
    s = s < 0 ? 0 : s > 1 ? 1 : s;
    col_real bc[3] = {0, 0, 0};
    bc[best] = COL_R(1.0) - s;
    bc[(best + 1) % 3] = s;
    *u = bc[0];
    *v = bc[1];
    *w = bc[2];
}

typedef struct pick {
    const col_mesh *m;
    const col_ray *ray; /* the caller's: each triangle's test is the one brute force makes */
    col_triangle_sides sides;
    col_mesh_hit best;
} pick;

static col_real pick_visit(void *ctx, const col_ray *ray, int32_t proxy, uint64_t user) {
    (void)proxy;
    pick *p = ctx;
    int32_t i = (int32_t)user;
    col_triangle t = tri_of(p->m, i);
    /* the caller's ray, not the one the walk clipped to the best t: a ray's
     * decision at an edge depends on where its segment ends (exact.h), and
     * the pick must equal testing every triangle with the caller's */
    col_ray_hit h = col_raycast_triangle(p->ray, &t, p->sides);
    if (h.status == COL_HIT &&
        (p->best.status != COL_HIT || h.t < p->best.t || (h.t == p->best.t && i < p->best.triangle))) {
        p->best.status = COL_HIT;
        p->best.triangle = i;
        p->best.t = h.t;
        p->best.point = h.point;
        p->best.normal = h.normal;
    }
    return p->best.status == COL_HIT ? p->best.t : ray->max_t;
}

col_mesh_hit col_mesh_raycast(const col_mesh *m, const col_ray *r, col_triangle_sides sides) {
    pick p;
    memset(&p, 0, sizeof p);
    p.m = m;
    p.ray = r;
    p.sides = sides;
    p.best.status = COL_MISS;
    p.best.triangle = -1;
    if (!m || !r || !col_ray_is_valid(r)) {
        p.best.status = COL_INVALID;
        return p.best;
    }
    if (!col_tree_raycast(&m->tree, r, pick_visit, &p)) {
        p.best.status = COL_INVALID;
        return p.best;
    }
    if (p.best.status == COL_HIT) {
        col_triangle t = tri_of(m, p.best.triangle);
        barycentrics(&t, p.best.point, &p.best.u, &p.best.v, &p.best.w);
    }
    return p.best;
}

/* ------------------------------ overlaps ------------------------------ */

typedef struct collect {
    const col_mesh *m;
    const col_shape *s;
    int32_t *out;
    size_t cap, n;
    bool stop_at_first;
    /* indices found, before sorting */
    int32_t *found;
    size_t found_cap;
    bool failed;
} collect;

static bool overlap_visit(void *ctx, int32_t proxy, uint64_t user) {
    (void)proxy;
    collect *c = ctx;
    int32_t i = (int32_t)user;
    col_shape t = tri_shape(c->m, i);
    if (!col_overlap(c->s, &t)) return true;
    if (c->stop_at_first) {
        c->n = 1;
        return false;
    }
    if (c->n == c->found_cap) {
        size_t cap = c->found_cap ? 2 * c->found_cap : 64;
        int32_t *f = realloc(c->found, cap * sizeof *f);
        if (!f) {
            c->failed = true;
            return false;
        }
        c->found = f;
        c->found_cap = cap;
    }
    c->found[c->n++] = i;
    return true;
}

static int by_index(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static bool run_overlaps(const col_mesh *m, const col_shape *s, bool stop_at_first, collect *c) {
    memset(c, 0, sizeof *c);
    c->m = m;
    c->s = s;
    c->stop_at_first = stop_at_first;
    if (!m || !s || col_shape_kind_is_2d(s->kind) || !col_shape_is_valid(s)) return false;
    col_aabb box;
    if (col__padded_bounds(s, &box)) {
        if (!col_tree_query_aabb(&m->tree, &box, overlap_visit, c)) return false;
    } else { /* a plane: every triangle */
        for (int32_t i = 0; i < m->nt && !(c->stop_at_first && c->n); ++i)
            if (!overlap_visit(c, COL_TREE_NULL, (uint64_t)i)) break;
    }
    return !c->failed;
}

size_t col_mesh_overlaps(const col_mesh *m, const col_shape *s, int32_t *out, size_t cap) {
    collect c;
    bool ok = run_overlaps(m, s, false, &c);
    size_t n = c.n;
    if (ok) {
        if (n > 1) qsort(c.found, n, sizeof *c.found, by_index);
        for (size_t i = 0; out && i < n && i < cap; ++i) out[i] = c.found[i];
    }
    free(c.found);
    return ok ? n : (size_t)-1;
}

bool col_mesh_overlap(const col_mesh *m, const col_shape *s) {
    collect c;
    bool ok = run_overlaps(m, s, true, &c);
    free(c.found);
    return ok && c.n > 0;
}

/* ------------------------------ casts ------------------------------ */

typedef struct sweep {
    const col_mesh *m;
    const col_shape *s;
    col_vec3 delta;
    col_mesh_sweep_hit best;
} sweep;

static col_real cast_visit(void *ctx, const col_ray *ray, int32_t proxy, uint64_t user) {
    (void)proxy;
    sweep *c = ctx;
    int32_t i = (int32_t)user;
    col_shape t = tri_shape(c->m, i);
    col_sweep_hit h = col_sweep(c->s, c->delta, &t, col_v3(0, 0, 0));
    bool hit = h.status == COL_HIT || h.status == COL_NOT_CONVERGED;
    bool have = c->best.triangle >= 0;
    if (hit && (!have || h.t0 < c->best.hit.t0 || (h.t0 == c->best.hit.t0 && i < c->best.triangle))) {
        c->best.hit = h;
        c->best.triangle = i;
    }
    return c->best.triangle >= 0 ? c->best.hit.t0 : ray->max_t;
}

col_mesh_sweep_hit col_mesh_cast(const col_mesh *m, const col_shape *s, col_vec3 delta) {
    sweep c;
    memset(&c, 0, sizeof c);
    c.m = m;
    c.s = s;
    c.delta = delta;
    c.best.triangle = -1;
    c.best.hit.status = COL_MISS;
    if (!m || !s || col_shape_kind_is_2d(s->kind) || !col_shape_is_valid(s) || !col_v3_is_valid(delta)) {
        c.best.hit.status = COL_INVALID;
        return c.best;
    }
    col_aabb box;
    if (col__padded_bounds(s, &box)) {
        if (!col_tree_cast_aabb(&m->tree, &box, delta, COL_R(1.0), cast_visit, &c)) c.best.hit.status = COL_INVALID;
    } else {
        col_ray r = {col_v3(0, 0, 0), delta, COL_R(1.0)};
        for (int32_t i = 0; i < m->nt; ++i) cast_visit(&c, &r, COL_TREE_NULL, (uint64_t)i);
    }
    return c.best;
}

col_cull col_frustum_classify_mesh(const col_frustum *f, const col_mesh *m) {
    if (!m || !col_frustum_is_valid(f)) return COL_CULL_INVALID;
    bool all_inside = true, all_outside = true;
    for (int32_t i = 0; i < m->nt && (all_inside || all_outside); ++i) {
        col_shape t = tri_shape(m, i);
        col_cull c = col_frustum_classify_shape(f, &t);
        all_inside = all_inside && c == COL_CULL_INSIDE;
        all_outside = all_outside && c == COL_CULL_OUTSIDE;
    }
    return all_inside ? COL_CULL_INSIDE : all_outside ? COL_CULL_OUTSIDE : COL_CULL_INTERSECTING;
}
