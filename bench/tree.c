/*
 * bench/tree.c — the broad phase: collide's dynamic AABB tree
 * (collide/tree.h) and hashed grid (collide/grid.h, no ray query) against Bullet's btDbvt (when libbullet-dev is installed)
 * and brute force, at 10^3 .. 10^6 boxes: incremental build, top-down
 * rebuild, box queries, ray queries, moves inside and outside the fat box,
 * removal, and the tree's height. Every implementation answers the same
 * queries; their answer counts are compared (a tree that skips a box, or
 * reports one too many, shows as disagreement).
 *
 * The scene: n boxes of sides 0.5..1.5 spread uniformly in a cube holding
 * about one box per 8 unit cells, so a query box of side 3 finds a few.
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "bench_tree.h"

/* ---- collide ---- */

typedef struct ctree {
    col_tree t;
    int32_t *proxy; /* by box index */
} ctree;

static void *c_create(size_t n) {
    ctree *c = calloc(1, sizeof *c);
    col_tree_init(&c->t);
    c->t.margin = COL_R(0.1);
    c->proxy = malloc(n * sizeof *c->proxy);
    return c;
}
static void c_destroy(void *p) {
    ctree *c = p;
    col_tree_free(&c->t);
    free(c->proxy);
    free(c);
}
static void c_insert(void *p, size_t i, const col_aabb *b) {
    ctree *c = p;
    c->proxy[i] = col_tree_insert(&c->t, b, (uint64_t)i);
}
static void c_remove(void *p, size_t i) {
    ctree *c = p;
    col_tree_remove(&c->t, c->proxy[i]);
}
static void c_move(void *p, size_t i, const col_aabb *b) {
    ctree *c = p;
    col_tree_move(&c->t, c->proxy[i], b);
}
static void c_rebuild(void *p) {
    ctree *c = p;
    col_tree_rebuild(&c->t);
}
static bool count_one(void *ctx, int32_t proxy, uint64_t user) {
    (void)proxy;
    (void)user;
    ++*(size_t *)ctx;
    return true;
}
static size_t c_query(void *p, const col_aabb *b) {
    ctree *c = p;
    size_t k = 0;
    col_tree_query_aabb(&c->t, b, count_one, &k);
    return k;
}
static col_real count_ray(void *ctx, const col_ray *ray, int32_t proxy, uint64_t user) {
    (void)proxy;
    (void)user;
    ++*(size_t *)ctx;
    return ray->max_t;
}
static size_t c_ray(void *p, const col_ray *r) {
    ctree *c = p;
    size_t k = 0;
    col_tree_raycast(&c->t, r, count_ray, &k);
    return k;
}
static int c_height(void *p) { return col_tree_height(&((ctree *)p)->t); }
static size_t c_bytes(void *p) { return col_tree_stats_of(&((ctree *)p)->t).bytes; }

static const bench_tree_impl collide_tree = {"collide col_tree", c_create, c_destroy, c_insert, c_remove, c_move,
                                             c_rebuild,          c_query,  c_ray,     c_height, c_bytes};

/* ---- collide's hashed grid (collide/grid.h), cells of edge 4: a fattened
 * box (sides up to 1.7) touches at most 8, a query box (side 3) at most 8
 * (cells of edge 2 made queries look up 27-64 cells: slower) ---- */

static col_aabb fattened(const col_aabb *b) {
    col_aabb f = *b;
    f.min = col_v3_sub(b->min, col_v3(COL_R(0.1), COL_R(0.1), COL_R(0.1)));
    f.max = col_v3_add(b->max, col_v3(COL_R(0.1), COL_R(0.1), COL_R(0.1)));
    return f;
}
static void *g_create(size_t n) {
    (void)n;
    col_grid *g = calloc(1, sizeof *g);
    col_grid_init(g, COL_R(4.0));
    return g;
}
static void g_destroy(void *p) {
    col_grid_free(p);
    free(p);
}
static void g_insert(void *p, size_t i, const col_aabb *b) {
    col_aabb f = fattened(b);
    (void)i; /* ids come in insertion order: id i for box i */
    col_grid_insert(p, &f, (uint64_t)i);
}
static void g_remove(void *p, size_t i) { col_grid_remove(p, (int32_t)i); }
static void g_move(void *p, size_t i, const col_aabb *b) {
    col_aabb f = fattened(b);
    col_grid_move(p, (int32_t)i, &f);
}
static bool count_grid(void *ctx, int32_t id, uint64_t user) {
    (void)id;
    (void)user;
    ++*(size_t *)ctx;
    return true;
}
static size_t g_query(void *p, const col_aabb *b) {
    size_t k = 0;
    col_grid_query_aabb(p, b, count_grid, &k);
    return k;
}
static size_t g_bytes(void *p) { return col_grid_stats_of(p).bytes; }

static const bench_tree_impl collide_grid = {
    "collide col_grid (cell 4)", g_create, g_destroy, g_insert, g_remove, g_move, NULL, g_query, NULL, NULL, g_bytes};

/* ---- brute force: every box against the query ---- */

typedef struct brute {
    col_aabb *box;
    size_t n;
} brute;

static void *b_create(size_t n) {
    brute *b = calloc(1, sizeof *b);
    b->box = malloc(n * sizeof *b->box);
    return b;
}
static void b_destroy(void *p) {
    brute *b = p;
    free(b->box);
    free(b);
}
static void b_insert(void *p, size_t i, const col_aabb *box) {
    brute *b = p;
    /* fattened as the trees' boxes, so the counts compare */
    b->box[i] = *box;
    b->box[i].min = col_v3_sub(box->min, col_v3(COL_R(0.1), COL_R(0.1), COL_R(0.1)));
    b->box[i].max = col_v3_add(box->max, col_v3(COL_R(0.1), COL_R(0.1), COL_R(0.1)));
    if (i + 1 > b->n) b->n = i + 1;
}
static size_t b_query(void *p, const col_aabb *q) {
    brute *b = p;
    size_t k = 0;
    for (size_t i = 0; i < b->n; ++i)
        k += (b->box[i].min.x <= q->max.x) & (b->box[i].max.x >= q->min.x) & (b->box[i].min.y <= q->max.y) &
             (b->box[i].max.y >= q->min.y) & (b->box[i].min.z <= q->max.z) & (b->box[i].max.z >= q->min.z);
    return k;
}
static size_t b_ray(void *p, const col_ray *r) {
    brute *b = p;
    size_t k = 0;
    for (size_t i = 0; i < b->n; ++i) k += col_raycast_aabb_slabs(r, &b->box[i]).status == COL_HIT;
    return k;
}

static const bench_tree_impl brute_force = {
    "brute force (every box)", b_create, b_destroy, b_insert, NULL, NULL, NULL, b_query, b_ray, NULL, NULL};

/* ---- the driver ---- */

static uint64_t rng_state;
static double urand(void) { return bench_urand(&rng_state); }

typedef struct scene {
    size_t n, q;
    col_aabb *boxes, *moved_in, *moved_out, *queries;
    col_ray *rays;
} scene;

static col_aabb box_at(double x, double y, double z, double sx, double sy, double sz) {
    col_aabb b = {col_v3((col_real)x, (col_real)y, (col_real)z),
                  col_v3((col_real)(x + sx), (col_real)(y + sy), (col_real)(z + sz))};
    return b;
}

static void make_scene(scene *s, size_t n, size_t q) {
    rng_state = 0x5eed0000u + n;
    s->n = n;
    s->q = q;
    double side = 2.0 * cbrt((double)n); /* one box per 8 unit cells */
    s->boxes = malloc(n * sizeof *s->boxes);
    s->moved_in = malloc(n * sizeof *s->moved_in);
    s->moved_out = malloc(n * sizeof *s->moved_out);
    for (size_t i = 0; i < n; ++i) {
        double x = urand() * side, y = urand() * side, z = urand() * side;
        double sx = 0.5 + urand(), sy = 0.5 + urand(), sz = 0.5 + urand();
        s->boxes[i] = box_at(x, y, z, sx, sy, sz);
        double e = 0.05 * (urand() - 0.5); /* within the 0.1 margin */
        s->moved_in[i] = box_at(x + e, y - e, z + e, sx, sy, sz);
        s->moved_out[i] = box_at(urand() * side, urand() * side, urand() * side, sx, sy, sz);
    }
    s->queries = malloc(q * sizeof *s->queries);
    s->rays = malloc(q * sizeof *s->rays);
    for (size_t i = 0; i < q; ++i) {
        double x = urand() * side, y = urand() * side, z = urand() * side;
        s->queries[i] = box_at(x, y, z, 3, 3, 3);
        /* rays of length 10 in random directions */
        double dx = urand() - 0.5, dy = urand() - 0.5, dz = urand() - 0.5, l = sqrt(dx * dx + dy * dy + dz * dz) + 1e-9;
        s->rays[i].origin = col_v3((col_real)x, (col_real)y, (col_real)z);
        s->rays[i].delta = col_v3((col_real)(10 * dx / l), (col_real)(10 * dy / l), (col_real)(10 * dz / l));
        s->rays[i].max_t = 1;
    }
}

static void free_scene(scene *s) {
    free(s->boxes);
    free(s->moved_in);
    free(s->moved_out);
    free(s->queries);
    free(s->rays);
}

enum { MAX_ROWS = 256, MAX_TREE_REPS = 64 };

typedef struct row {
    const char *op;
    const char *impl;
    size_t n;
    double ns;     /* the median of the samples */
    size_t answer; /* total count of the queries (0 for operations) */
    double sample[MAX_TREE_REPS];
    int samples;
} row;

static row rows[MAX_ROWS];
static int nrows;

static row *find_row_exact(const char *op, const char *impl, size_t n) {
    for (int i = 0; i < nrows; ++i)
        if (rows[i].n == n && strcmp(rows[i].op, op) == 0 && strcmp(rows[i].impl, impl) == 0) return &rows[i];
    return NULL;
}

/* One sample of a row (a repetition adds to the row of the same operation,
 * implementation and size). */
static void add_row(const char *op, const char *impl, size_t n, double ns, size_t answer) {
    row *r = find_row_exact(op, impl, n);
    if (!r) {
        if (nrows == MAX_ROWS) return;
        r = &rows[nrows++];
        *r = (row){op, impl, n, 0, answer, {0}, 0};
    }
    if (r->samples < MAX_TREE_REPS) r->sample[r->samples++] = ns;
}

static int cmp_sample(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Each row's time: the median of its samples. */
static void settle_rows(int first) {
    for (int r = first; r < nrows; ++r) {
        row *w = &rows[r];
        int k = w->samples;
        qsort(w->sample, (size_t)k, sizeof w->sample[0], cmp_sample);
        w->ns = k % 2 ? w->sample[k / 2] : 0.5 * (w->sample[k / 2 - 1] + w->sample[k / 2]);
    }
}

static const row *find_row(const char *op, const char *impl_prefix, size_t n) {
    for (int i = 0; i < nrows; ++i)
        if (rows[i].n == n && strcmp(rows[i].op, op) == 0 &&
            strncmp(rows[i].impl, impl_prefix, strlen(impl_prefix)) == 0)
            return &rows[i];
    return NULL;
}

static void run_impl(const bench_tree_impl *im, const scene *s, int *height, size_t *bytes) {
    size_t n = s->n, q = s->q, k;
    void *t = im->create(n);
    double t0 = bench_now_ns();
    for (size_t i = 0; i < n; ++i) im->insert(t, i, &s->boxes[i]);
    double t1 = bench_now_ns();
    if (im->remove) add_row("insert", im->name, n, (t1 - t0) / (double)n, 0);
    if (height) *height = im->height ? im->height(t) : -1;
    if (bytes) *bytes = im->bytes ? im->bytes(t) : 0;

    k = 0;
    t0 = bench_now_ns();
    for (size_t i = 0; i < q; ++i) k += im->query(t, &s->queries[i]);
    add_row("query box", im->name, n, (bench_now_ns() - t0) / (double)q, k);
    if (im->ray) {
        k = 0;
        t0 = bench_now_ns();
        for (size_t i = 0; i < q; ++i) k += im->ray(t, &s->rays[i]);
        add_row("query ray", im->name, n, (bench_now_ns() - t0) / (double)q, k);
    }

    if (im->move) {
        t0 = bench_now_ns();
        for (size_t i = 0; i < n; ++i) im->move(t, i, &s->moved_in[i]);
        add_row("move inside the fat box", im->name, n, (bench_now_ns() - t0) / (double)n, 0);
        t0 = bench_now_ns();
        for (size_t i = 0; i < n; ++i) im->move(t, i, &s->moved_out[i]);
        add_row("move elsewhere (reinsert)", im->name, n, (bench_now_ns() - t0) / (double)n, 0);
    }
    if (im->rebuild) {
        t0 = bench_now_ns();
        im->rebuild(t);
        add_row("rebuild top-down", im->name, n, (bench_now_ns() - t0) / (double)n, 0);
        k = 0;
        t0 = bench_now_ns();
        for (size_t i = 0; i < q; ++i) k += im->query(t, &s->queries[i]);
        add_row("query box after rebuild", im->name, n, (bench_now_ns() - t0) / (double)q, k);
    }
    if (im->remove) {
        t0 = bench_now_ns();
        for (size_t i = 0; i < n; ++i) im->remove(t, i);
        add_row("remove", im->name, n, (bench_now_ns() - t0) / (double)n, 0);
    }
    im->destroy(t);
}

static int misses;

static void target(const char *what, double got, double want, const char *unit) {
    if (!(got >= 0) || !(want > 0)) return;
    int ok = got <= want;
    misses += !ok;
    printf("  %-66s %9.2f %s (<= %.2f) %s\n", what, got, unit, want, ok ? "met" : "MISSED");
}

/* Mesh picking: a heightfield of 2 k^2 triangles, 10^4 rays from above at
 * random points, col_mesh_raycast against testing every triangle (the
 * closest hit). */
static void mesh_rows(size_t max_n) {
    static const int sides[] = {16, 64, 256};
    for (int si = 0; si < 3; ++si) {
        int k = sides[si];
        size_t nt = (size_t)2 * (size_t)k * (size_t)k;
        if (nt > max_n) break;
        rng_state = 0xfeed0000u + (uint64_t)k;
        size_t nv = (size_t)(k + 1) * (size_t)(k + 1);
        col_vec3 *v = malloc(nv * sizeof *v);
        int32_t *idx = malloc(nt * 3 * sizeof *idx);
        for (int j = 0; j <= k; ++j)
            for (int i = 0; i <= k; ++i)
                v[j * (k + 1) + i] = col_v3((col_real)i, (col_real)j, (col_real)(urand() * 2 - 1));
        size_t t = 0;
        for (int j = 0; j < k; ++j)
            for (int i = 0; i < k; ++i) {
                int32_t a = j * (k + 1) + i, b = a + 1, c = a + k + 1, d = c + 1;
                const int32_t q[6] = {a, b, d, a, d, c};
                for (int e = 0; e < 6; ++e) idx[t++] = q[e];
            }
        col_mesh *m = col_mesh_create(v, (int32_t)nv, idx, (int32_t)nt, NULL, NULL);
        enum { RAYS = 10000 };
        col_ray *rays = malloc(RAYS * sizeof *rays);
        for (int r = 0; r < RAYS; ++r) {
            double x = urand() * k, y = urand() * k;
            rays[r].origin = col_v3((col_real)x, (col_real)y, 5);
            rays[r].delta = col_v3((col_real)(urand() - 0.5), (col_real)(urand() - 0.5), -10);
            rays[r].max_t = 1;
        }
        int brute_rays = nt > 10000 ? RAYS / 10 : RAYS;
        /* answers: the hits among the rays brute force also runs */
        size_t hits = 0;
        double t0 = bench_now_ns();
        for (int r = 0; r < RAYS; ++r)
            hits += (size_t)((col_mesh_raycast(m, &rays[r], COL_TWO_SIDED).status == COL_HIT) & (r < brute_rays));
        add_row("mesh pick", "collide col_mesh_raycast", nt, (bench_now_ns() - t0) / RAYS, hits);
        size_t bh = 0;
        t0 = bench_now_ns();
        for (int r = 0; r < brute_rays; ++r) {
            col_ray ray = rays[r];
            bool hit = false;
            for (size_t i = 0; i < nt; ++i) {
                col_triangle tri = {v[idx[3 * i]], v[idx[3 * i + 1]], v[idx[3 * i + 2]]};
                col_ray_hit h = col_raycast_triangle(&ray, &tri, COL_TWO_SIDED);
                if (h.status == COL_HIT) {
                    hit = true;
                    ray.max_t = h.t;
                }
            }
            bh += (size_t)hit;
        }
        add_row("mesh pick", "brute force (every triangle)", nt, (bench_now_ns() - t0) / brute_rays, bh);
        col_mesh_destroy(m);
        free(v);
        free(idx);
        free(rays);
    }
}

/* A time as the README writes it: whole ns from 100 up, one decimal below. */
static void md_ns(char *out, size_t size, double ns) { snprintf(out, size, ns >= 100 ? "%.0f" : "%.1f", ns); }

static const char *md_power(size_t n) {
    return n == 1000 ? "10^3" : n == 10000 ? "10^4" : n == 100000 ? "10^5" : n == 1000000 ? "10^6" : "?";
}

/* The README's broad-phase table (--markdown): per size, collide's row, btDbvt's
 * with collide's time over its own in parentheses, and brute force's queries. */
static void print_markdown(const size_t *sizes, size_t count, const int *heights, const size_t *bytes) {
    static const char *ops[] = {"insert",
                                "query box",
                                "query ray",
                                "move inside the fat box",
                                "move elsewhere (reinsert)",
                                "rebuild top-down",
                                "query box after rebuild",
                                "remove"};
    enum { OPS = sizeof ops / sizeof ops[0] };
    static const struct {
        const char *prefix, *label;
    } impls[] = {{"collide", "collide"}, {"Bullet", "btDbvt"}, {"brute", "brute force"}};
    printf("\n| n | implementation | insert | box query | ray query | move inside the fat box | move elsewhere | "
           "rebuild (per box) | box query after rebuild | remove | height, bytes per box |\n");
    printf("|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|---|\n");
    for (size_t si = 0; si < count; ++si) {
        size_t n = sizes[si];
        for (size_t k = 0; k < sizeof impls / sizeof impls[0]; ++k) {
            if (!find_row("query box", impls[k].prefix, n)) continue;
            printf("| %s | %s |", md_power(n), impls[k].label);
            for (int o = 0; o < OPS; ++o) {
                const row *r = find_row(ops[o], impls[k].prefix, n), *c = find_row(ops[o], "collide", n);
                char cell[64] = "";
                if (r) {
                    md_ns(cell, sizeof cell, r->ns);
                    if (k == 1 && c && r->ns > 0) {
                        size_t len = strlen(cell);
                        snprintf(cell + len, sizeof cell - len, " (%.2f\xc3\x97)", c->ns / r->ns);
                    }
                }
                printf(" %s |", cell);
            }
            if (k == 0)
                printf(" %d (%.2f log2 n), %.0f |\n", heights[si], heights[si] / log2((double)n),
                       (double)bytes[si] / (double)n);
            else
                printf("  |\n");
        }
    }
}

int bench_tree_run(size_t max_n, int reps, int markdown) {
    if (reps < 1) reps = 1;
    if (reps > MAX_TREE_REPS) reps = MAX_TREE_REPS;
    const bench_tree_impl *impls[5] = {&collide_tree, &collide_grid, NULL, NULL, NULL};
    int ni = 2;
    if (bench_tree_dbvt.name) impls[ni++] = &bench_tree_dbvt;
    impls[ni++] = &brute_force;
    printf("broad phase: n boxes (sides 0.5..1.5, one per 8 unit cells), 10^4 queries (boxes of side 3, rays of "
           "length 10); ns per operation or query, the median of %d repetitions taken in turns; answers: the "
           "queries' total count\n",
           reps);
    printf("%-28s %-34s %9s %11s %12s\n", "operation", "implementation", "n", "ns", "answers");
    static const size_t sizes[] = {1000, 10000, 100000, 1000000};
    static int heights[4];
    static size_t bytes[4];
    for (size_t si = 0; si < 4 && sizes[si] <= max_n; ++si) {
        size_t n = sizes[si];
        scene s;
        make_scene(&s, n, 10000);
        int first = nrows;
        /* the implementations take turns in every repetition, so a change of
           the machine's speed during the run falls on all of them; brute
           force (the slowest, and no target reads it) runs once */
        for (int rep = 0; rep < reps; ++rep)
            for (int i = 0; i < ni; ++i) {
                if (impls[i] == &brute_force && (n > 100000 || rep > 0)) continue; /* 10^10 box tests */
                run_impl(impls[i], &s, i == 0 ? &heights[si] : NULL, i == 0 ? &bytes[si] : NULL);
            }
        settle_rows(first);
        for (int r = first; r < nrows; ++r) {
            const row *base = find_row(rows[r].op, "collide", n);
            char ans[32] = "";
            if (rows[r].answer || strncmp(rows[r].op, "query", 5) == 0)
                snprintf(ans, sizeof ans, "%zu%s", rows[r].answer,
                         base && base->answer != rows[r].answer ? " (differs)" : "");
            printf("%-28s %-34s %9zu %11.1f %12s\n", rows[r].op, rows[r].impl, n, rows[r].ns, ans);
        }
        printf("%-28s %-34s %9zu %11d   (2 log2 n = %.1f); %.0f bytes per box\n", "height", "collide col_tree", n,
               heights[si], 2 * log2((double)n), (double)bytes[si] / (double)n);
        free_scene(&s);
    }
    int first_mesh = nrows;
    mesh_rows(max_n);
    settle_rows(first_mesh);
    for (int r = 0; r < nrows; ++r)
        if (strcmp(rows[r].op, "mesh pick") == 0) {
            const row *base = find_row("mesh pick", "collide", rows[r].n);
            printf("%-28s %-34s %9zu %11.1f %12zu%s\n", "mesh pick (triangles)", rows[r].impl, rows[r].n, rows[r].ns,
                   rows[r].answer, base && base->answer != rows[r].answer ? " (differs)" : "");
        }
    if (markdown) {
        size_t count = 0;
        while (count < 4 && sizes[count] <= max_n) ++count;
        print_markdown(sizes, count, heights, bytes);
    }
    printf("\ntargets (broad phase):\n");
    for (size_t si = 0; si < 4 && sizes[si] <= max_n; ++si) {
        size_t n = sizes[si];
        char what[128];
        const row *c = find_row("query box", "collide", n), *d = find_row("query box", "Bullet", n);
        if (n == 100000 && c && d) {
            snprintf(what, sizeof what, "box query at %zu boxes vs btDbvt (x; aim 0.7)", n);
            target(what, c->ns / d->ns, 1.0, "x");
        }
        c = find_row("query ray", "collide", n);
        d = find_row("query ray", "Bullet", n);
        if (c && d) {
            snprintf(what, sizeof what, "ray query at %zu boxes vs btDbvt rayTest (x)", n);
            target(what, c->ns / d->ns, 1.0, "x");
        }
        c = find_row("move inside the fat box", "collide", n);
        if (c) {
            snprintf(what, sizeof what, "a move inside the fat box at %zu boxes (ns)", n);
            target(what, c->ns, 20, "ns");
        }
        snprintf(what, sizeof what, "tree height at %zu boxes / log2 n", n);
        target(what, heights[si] / log2((double)n), 2.0, "x");
    }
    return misses;
}
