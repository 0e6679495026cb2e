/*
 * fuzz_world: operation sequences on a world (collide/world.h). Each input
 * is a mode byte (grid: valid shapes on the k/8 grid, where touching and
 * coincident cases are common; raw: any doubles, so invalid shapes, NaN and
 * infinities must be refused) and a sequence of operations: add (static or
 * movable, category bits), remove, replace a shape, move a shape by an
 * offset, optimize, and every query (shape, box, point, ray closest and all,
 * cast closest and all, frustum) and mesh bodies (small heightfields). After
 * every operation the world validates
 * (both trees, leaves, counts, free slots), and every query's answer equals
 * brute force over the live bodies (the same narrow-phase test on each body,
 * in the documented order: by id, or by (t, id)), with and without a mask.
 */
#include "fuzz_input.h"

#define MAX_BODIES 48
#define MAX_MESHES 8

static void fail(const char *what, const char *detail) {
    fprintf(stderr, "collide fuzz: fuzz_world: %s%s%s\n", what, detail && *detail ? ": " : "", detail ? detail : "");
    abort();
}

static void check_world(const col_world *w) {
    char why[256];
    if (!col_world_validate(w, why, sizeof why)) fail("the world does not validate", why);
}

typedef struct shadow {
    col_body_id ids[MAX_BODIES];
    int n;
} shadow;

static uint64_t slot(col_body_id id) { return id & 0xffffffffu; }

static bool passes(const col_world *w, col_body_id id, const col_filter *f) {
    uint64_t category, mask;
    col_world_body(w, id, NULL, &category, &mask, NULL);
    return !f || ((category & f->mask) != 0 && (f->category & mask) != 0);
}

/* The live ids in id order (by slot). */
static int live_sorted(const col_world *w, col_body_id *out) { return (int)col_world_bodies(w, out, MAX_BODIES + 1); }

/* The narrow phase of one body, shape or mesh, as the world documents it. */
static bool body_overlap(const col_world *w, col_body_id id, const col_shape *q) {
    const col_mesh *m = col_world_mesh(w, id);
    return m ? col_mesh_overlap(m, q) : col_overlap(q, col_world_shape(w, id));
}

static col_ray_hit body_raycast(const col_world *w, col_body_id id, const col_ray *r) {
    const col_mesh *m = col_world_mesh(w, id);
    if (!m) return col_raycast(col_world_shape(w, id), r);
    col_mesh_hit mh = col_mesh_raycast(m, r, COL_TWO_SIDED);
    col_ray_hit h;
    memset(&h, 0, sizeof h);
    h.status = mh.status;
    h.t = mh.t;
    h.point = mh.point;
    h.normal = mh.normal;
    return h;
}

static col_sweep_hit body_sweep(const col_world *w, col_body_id id, const col_shape *q, col_vec3 delta) {
    const col_mesh *m = col_world_mesh(w, id);
    return m ? col_mesh_cast(m, q, delta).hit : col_sweep(q, delta, col_world_shape(w, id), col_v3(0, 0, 0));
}

static col_cull body_classify(const col_world *w, col_body_id id, const col_frustum *f) {
    const col_mesh *m = col_world_mesh(w, id);
    return m ? col_frustum_classify_mesh(f, m) : col_frustum_classify_shape(f, col_world_shape(w, id));
}

static void expect_ids(const char *what, const col_body_id *got, size_t n, const col_body_id *want, size_t m) {
    if (n != m) {
        char d[64];
        snprintf(d, sizeof d, "%zu results, brute force %zu", n, m);
        fail(what, d);
    }
    for (size_t i = 0; i < n; ++i)
        if (got[i] != want[i]) fail(what, "a different body or order than brute force");
}

/* Two shapes that overlap share a point, which lies in both bounds; an
 * overlap (or a contact) reported for shapes whose bounds are apart is a
 * defect of the pair's own test, not of the world: raw inputs reach such
 * defects at extreme scale ratios (a point 1e-9 from the origin "touching"
 * a triangle of size 1e-32 there: col_overlap_sphere_triangle's closest
 * point, the defect reported on the exact-and-fast issue). On the grid it
 * fails the run; in raw mode the query is not compared. */
static bool boxes_apart(const col_aabb *a, const col_aabb *b) {
    return a->max.x < b->min.x || b->max.x < a->min.x || a->max.y < b->min.y || b->max.y < a->min.y ||
           a->max.z < b->min.z || b->max.z < a->min.z;
}

static bool pair_defect(const col_world *w, col_body_id id, const col_shape *q, col_vec3 delta, int grid) {
    col_aabb a, b;
    if (!col_world_bounds(w, id, &b) || !col_shape_bounds(q, &a)) return false;
    /* the query's bounds over its motion */
    col_aabb moved = {col_v3_add(a.min, delta), col_v3_add(a.max, delta)};
    a.min = col_v3(col_min(a.min.x, moved.min.x), col_min(a.min.y, moved.min.y), col_min(a.min.z, moved.min.z));
    a.max = col_v3(col_max(a.max.x, moved.max.x), col_max(a.max.y, moved.max.y), col_max(a.max.z, moved.max.z));
    if (!boxes_apart(&a, &b)) return false;
    if (grid) fail("a pair test reports contact between shapes whose bounds are apart", col_shape_kind_name(q->kind));
    return true;
}

/* Whether box a moving by t delta, t in [0, 1], reaches box b (slabs, in
 * double, with a relative slack so that "does not" is certain). */
static bool moving_box_reaches(const col_aabb *a, col_vec3 delta, const col_aabb *b) {
    double t0 = 0, t1 = 1;
    for (int k = 0; k < 3; ++k) {
        double lo = (double)col_v3_get(b->min, k) - (double)col_v3_get(a->max, k);
        double hi = (double)col_v3_get(b->max, k) - (double)col_v3_get(a->min, k);
        double d = (double)col_v3_get(delta, k), slack = 1e-9 * (fabs(lo) + fabs(hi)) + 1e-300;
        if (d == 0) {
            if (lo > slack || hi < -slack) return false;
            continue;
        }
        double ta = (lo - slack) / d, tb = (hi + slack) / d;
        if (ta > tb) {
            double x = ta;
            ta = tb;
            tb = x;
        }
        t0 = fmax(t0, ta);
        t1 = fmin(t1, tb);
    }
    return t0 <= t1 + 1e-9 * fabs(t1) + 1e-300;
}

/* A sweep's contact with a body the query's moving box never reaches: the
 * general sweep (conservative advancement) calls shapes within its
 * tolerance, COL_SWEEP_TOLERANCE of the motion's length, touching, while
 * the world's tree never tests a body its moving box does not reach (a
 * sphere 1e-129 across moving 1.4e16 "hit" an ellipsoid 1e-13 to its side
 * at t0 = 0: fuzz/regressions/world/general-sweep-tolerance-beyond-the-
 * moving-box). Not compared; on the grid a closed-form sweep doing it is a
 * defect. */
static bool sweep_beyond_reach(const col_world *w, col_body_id id, const col_shape *q, col_vec3 delta, int grid) {
    col_aabb a, b;
    if (!col_world_bounds(w, id, &b) || !col_shape_bounds(q, &a)) return false;
    if (moving_box_reaches(&a, delta, &b)) return false;
    const col_shape *s = col_world_shape(w, id);
    if (grid && s && col_sweep_has_closed_form(q->kind, s->kind))
        fail("a closed-form sweep reports contact beyond the moving box", col_shape_kind_name(q->kind));
    return true;
}

static void query_shape(col_world *w, const col_shape *q, const col_filter *f, int grid) {
    col_body_id ids[MAX_BODIES + 1], got[MAX_BODIES + 1], want[MAX_BODIES + 1];
    int n = live_sorted(w, ids);
    size_t m = 0;
    for (int i = 0; i < n; ++i)
        if (passes(w, ids[i], f) && body_overlap(w, ids[i], q)) {
            if (pair_defect(w, ids[i], q, col_v3(0, 0, 0), grid)) return;
            want[m++] = ids[i];
        }
    col_world_status st;
    size_t k = col_world_query_shape(w, q, f, got, MAX_BODIES + 1, &st);
    bool valid = col_shape_is_valid(q) && !col_shape_kind_is_2d(q->kind);
    if (!valid) {
        if (k != (size_t)-1 || st != COL_WORLD_INVALID_SHAPE) fail("an invalid query shape is accepted", "");
        return;
    }
    if (st != COL_WORLD_OK) fail("a valid shape query fails", col_world_status_text(st));
    if (k != m) {
        fz_print_shape("query", q);
        for (size_t i = 0; i < m; ++i) {
            fz_print_shape("brute force", col_world_shape(w, want[i]));
            col_aabb b;
            if (col_world_bounds(w, want[i], &b))
                fprintf(stderr, "  bounds %a %a %a  %a %a %a\n", (double)b.min.x, (double)b.min.y, (double)b.min.z,
                        (double)b.max.x, (double)b.max.y, (double)b.max.z);
        }
    }
    expect_ids("query_shape", got, k, want, m);
    fz_count("shape queries finding a body", k > 0);
}

/* col_world_contacts of body `id` against brute force: every other live
 * body passing the filter that its shape overlaps, in id order, each with
 * col_manifold of the pair (per overlapped triangle for a mesh), bit for
 * bit. On the grid (raw input reaches the pairs' own defects, as above). */
static void check_contacts(col_world *w, col_body_id id, const col_filter *f, int grid) {
    if (!grid || !id || !col_world_shape(w, id) || col_world_mesh(w, id)) return;
    const col_shape *s = col_world_shape(w, id);
    enum { MAX_CONTACTS = 4 * (MAX_BODIES + 1) };
    static col_world_contact want[MAX_CONTACTS], got[MAX_CONTACTS];
    col_body_id ids[MAX_BODIES + 1];
    int n = live_sorted(w, ids);
    size_t m = 0;
    for (int i = 0; i < n && m < MAX_CONTACTS; ++i) {
        if (ids[i] == id || !passes(w, ids[i], f) || !body_overlap(w, ids[i], s)) continue;
        if (pair_defect(w, ids[i], s, col_v3(0, 0, 0), grid)) return;
        const col_mesh *mesh = col_world_mesh(w, ids[i]);
        if (!mesh) {
            col_contact_manifold cm = col_manifold(s, col_world_shape(w, ids[i]));
            if (cm.status != COL_HIT && cm.status != COL_NOT_CONVERGED) continue;
            memset(&want[m], 0, sizeof want[m]);
            want[m].other = ids[i];
            want[m].triangle = -1;
            want[m++].manifold = cm;
            continue;
        }
        int32_t tris[64];
        size_t nt = col_mesh_overlaps(mesh, s, tris, 64);
        if (nt == (size_t)-1 || nt > 64) return; /* beyond this check's room */
        for (size_t k = 0; k < nt && m < MAX_CONTACTS; ++k) {
            col_shape t;
            memset(&t, 0, sizeof t);
            t.kind = COL_SHAPE_TRIANGLE;
            if (!col_mesh_triangle(mesh, tris[k], &t.u.triangle)) continue;
            col_contact_manifold cm = col_manifold(s, &t);
            if (cm.status != COL_HIT && cm.status != COL_NOT_CONVERGED) continue;
            memset(&want[m], 0, sizeof want[m]);
            want[m].other = ids[i];
            want[m].triangle = tris[k];
            want[m++].manifold = cm;
        }
    }
    if (m >= MAX_CONTACTS) return;
    col_world_status st;
    memset(got, 0, sizeof got);
    size_t k = col_world_contacts(w, id, f, got, MAX_CONTACTS, &st);
    if (st != COL_WORLD_OK || k == (size_t)-1) fail("contacts fails", col_world_status_text(st));
    if (k != m) fail("contacts", "a different number of contacts than brute force");
    for (size_t i = 0; i < k; ++i) {
        const col_contact_manifold *a = &got[i].manifold, *b = &want[i].manifold;
        bool same = got[i].other == want[i].other && got[i].triangle == want[i].triangle && a->count == b->count &&
                    a->status == b->status && memcmp(&a->normal, &b->normal, sizeof a->normal) == 0;
        for (int j = 0; same && j < a->count; ++j)
            same = memcmp(&a->point[j], &b->point[j], sizeof a->point[j]) == 0 && a->depth[j] == b->depth[j];
        if (!same) fail("contacts", "a contact differs from the pair's own manifold");
    }
    fz_count("contact queries finding a body", k > 0);
}

typedef struct hit {
    col_real t;
    col_body_id id;
} hit;

static int by_t_id(const void *pa, const void *pb) {
    const hit *a = pa, *b = pb;
    if (a->t != b->t) return a->t < b->t ? -1 : 1;
    return (slot(a->id) > slot(b->id)) - (slot(a->id) < slot(b->id));
}

/* A ray hit whose point lies outside the body's box is a defect of the
 * shape's ray cast, not of the world (the point is on the shape, so in its
 * bounds): the extreme scale ratios of raw inputs reach such defects of
 * col_raycast_triangle (a ray starting 1e39 away from a triangle of size
 * 1e-52 hits it at t = 0; reported on the boundaries issue). On the grid,
 * where everything is moderate and exact, it fails the run; in raw mode the
 * body is left out of the comparison. */
static bool hit_in_bounds(const col_world *w, col_body_id id, const col_ray_hit *h, int grid) {
    col_aabb b;
    if (!col_world_bounds(w, id, &b)) return true; /* a plane */
    col_vec3 p = h->point;
    bool in = p.x >= b.min.x && p.x <= b.max.x && p.y >= b.min.y && p.y <= b.max.y && p.z >= b.min.z && p.z <= b.max.z;
    if (!in && grid)
        fail("a ray cast hits a shape outside its bounds", col_shape_kind_name(col_world_shape(w, id)->kind));
    return in;
}

static void raycast(col_world *w, const col_ray *r, const col_filter *f, int grid) {
    col_body_id ids[MAX_BODIES + 1];
    hit want[MAX_BODIES + 1];
    int n = live_sorted(w, ids);
    size_t m = 0;
    col_body_id skipped = COL_BODY_NULL;
    for (int i = 0; i < n; ++i) {
        if (!passes(w, ids[i], f)) continue;
        col_ray_hit h = body_raycast(w, ids[i], r);
        if (h.status != COL_HIT) continue;
        if (hit_in_bounds(w, ids[i], &h, grid))
            want[m++] = (hit){h.t, ids[i]};
        else
            skipped = ids[i];
    }
    if (skipped != COL_BODY_NULL) return; /* the world may or may not report it: no comparison */
    qsort(want, m, sizeof(hit), by_t_id);
    col_world_ray_hit got[MAX_BODIES + 1];
    col_world_status st;
    size_t k = col_world_raycast_all(w, r, f, got, MAX_BODIES + 1, &st);
    if (!col_ray_is_valid(r)) {
        if (k != (size_t)-1 || st != COL_WORLD_INVALID_ARGUMENT) fail("an invalid ray is accepted", "");
        return;
    }
    if (k != m) {
        fprintf(stderr, "  ray origin %a %a %a delta %a %a %a max_t %a\n", (double)r->origin.x, (double)r->origin.y,
                (double)r->origin.z, (double)r->delta.x, (double)r->delta.y, (double)r->delta.z, (double)r->max_t);
        for (size_t i = 0; i < m; ++i) {
            fprintf(stderr, "  brute force: body %llu t %a\n", (unsigned long long)slot(want[i].id), (double)want[i].t);
            fz_print_shape("shape", col_world_shape(w, want[i].id));
            col_aabb b;
            if (col_world_bounds(w, want[i].id, &b))
                fprintf(stderr, "  bounds %a %a %a  %a %a %a\n", (double)b.min.x, (double)b.min.y, (double)b.min.z,
                        (double)b.max.x, (double)b.max.y, (double)b.max.z);
        }
        for (size_t i = 0; i < k && k != (size_t)-1; ++i)
            fprintf(stderr, "  world: body %llu t %a\n", (unsigned long long)slot(got[i].body), (double)got[i].hit.t);
        fail("raycast_all", "a different number of hits than brute force");
    }
    for (size_t i = 0; i < k; ++i)
        if (got[i].body != want[i].id || got[i].hit.t != want[i].t) fail("raycast_all", "a different hit or order");
    col_world_ray_hit first;
    bool any = col_world_raycast(w, r, f, &first, &st);
    if (any != (m > 0)) fail("raycast", "closest hit disagrees with raycast_all");
    if (any && (first.body != want[0].id || first.hit.t != want[0].t)) fail("raycast", "not the first of all hits");
    fz_count("rays hitting a body", m > 0);
}

static void cast(col_world *w, const col_shape *q, col_vec3 delta, const col_filter *f, int grid) {
    col_body_id ids[MAX_BODIES + 1];
    hit want[MAX_BODIES + 1];
    int n = live_sorted(w, ids);
    size_t m = 0;
    bool valid = col_shape_is_valid(q) && !col_shape_kind_is_2d(q->kind) && col_v3_is_valid(delta);
    for (int i = 0; valid && i < n; ++i) {
        if (!passes(w, ids[i], f)) continue;
        col_sweep_hit h = body_sweep(w, ids[i], q, delta);
        if (h.status != COL_HIT && h.status != COL_NOT_CONVERGED) continue;
        if (pair_defect(w, ids[i], q, delta, grid) || sweep_beyond_reach(w, ids[i], q, delta, grid)) return;
        /* raw input: a general sweep's contact within its tolerance (a
         * fraction of the motion's length) at scale ratios of 1e300 is no
         * basis for a comparison (a segment 1e16 long moving 3e29 "hit" a box
         * 1e-66 across: regressions/world/general-sweep-at-extreme-scale) */
        const col_shape *bs = col_world_shape(w, ids[i]);
        if (!grid && (!bs || !col_sweep_has_closed_form(q->kind, bs->kind))) return;
        want[m++] = (hit){h.t0, ids[i]};
    }
    qsort(want, m, sizeof(hit), by_t_id);
    col_world_cast_hit got[MAX_BODIES + 1];
    col_world_status st;
    size_t k = col_world_cast_all(w, q, delta, f, got, MAX_BODIES + 1, &st);
    if (!valid) {
        if (k != (size_t)-1) fail("an invalid cast is accepted", "");
        return;
    }
    if (k != m) {
        fz_print_shape("cast shape", q);
        fprintf(stderr, "  delta %a %a %a\n", (double)delta.x, (double)delta.y, (double)delta.z);
        for (size_t i = 0; i < m; ++i) {
            fprintf(stderr, "  brute force: body %llu t0 %a\n", (unsigned long long)slot(want[i].id),
                    (double)want[i].t);
            const col_shape *bs = col_world_shape(w, want[i].id);
            if (bs) fz_print_shape("shape", bs);
            col_aabb b;
            if (col_world_bounds(w, want[i].id, &b))
                fprintf(stderr, "  bounds %a %a %a  %a %a %a%s\n", (double)b.min.x, (double)b.min.y, (double)b.min.z,
                        (double)b.max.x, (double)b.max.y, (double)b.max.z, bs ? "" : " (a mesh)");
        }
        for (size_t i = 0; i < k && k != (size_t)-1; ++i)
            fprintf(stderr, "  world: body %llu t0 %a\n", (unsigned long long)slot(got[i].body), (double)got[i].hit.t0);
        fail("cast_all", "a different number of hits than brute force");
    }
    for (size_t i = 0; i < k; ++i)
        if (got[i].body != want[i].id || got[i].hit.t0 != want[i].t) fail("cast_all", "a different hit or order");
    col_world_cast_hit first;
    bool any = col_world_cast(w, q, delta, f, &first, &st);
    if (any != (m > 0)) fail("cast", "closest hit disagrees with cast_all");
    if (any && (first.body != want[0].id || first.hit.t0 != want[0].t)) {
        fprintf(stderr, "  closest: body %llu t0 %a; first of all: body %llu t0 %a\n",
                (unsigned long long)slot(first.body), (double)first.hit.t0, (unsigned long long)slot(want[0].id),
                (double)want[0].t);
        fz_print_shape("cast", q);
        if (col_world_shape(w, want[0].id)) fz_print_shape("first of all", col_world_shape(w, want[0].id));
        fail("cast", "not the first of all hits");
    }
    fz_count("casts meeting a body", m > 0);
}

static void frustum(col_world *w, const col_frustum *fr, const col_filter *f) {
    col_body_id ids[MAX_BODIES + 1], got[MAX_BODIES + 1], want[MAX_BODIES + 1];
    col_cull cls[MAX_BODIES + 1], want_cls[MAX_BODIES + 1];
    int n = live_sorted(w, ids);
    size_t m = 0;
    for (int i = 0; i < n; ++i) {
        if (!passes(w, ids[i], f)) continue;
        col_cull c = body_classify(w, ids[i], fr);
        if (c == COL_CULL_INSIDE || c == COL_CULL_INTERSECTING) {
            want_cls[m] = c;
            want[m++] = ids[i];
        }
    }
    col_world_status st;
    size_t k = col_world_query_frustum(w, fr, f, got, cls, MAX_BODIES + 1, &st);
    if (!col_frustum_is_valid(fr)) {
        if (k != (size_t)-1) fail("an invalid frustum is accepted", "");
        return;
    }
    if (k != m) {
        for (int i = 0; i < 6; ++i)
            fprintf(stderr, "  frustum plane %d: n %a %a %a d %a\n", i, (double)fr->planes[i].n.x,
                    (double)fr->planes[i].n.y, (double)fr->planes[i].n.z, (double)fr->planes[i].d);
        for (size_t i = 0; i < m; ++i) {
            fz_print_shape("brute force", col_world_shape(w, want[i]));
            col_aabb b;
            if (col_world_bounds(w, want[i], &b))
                fprintf(stderr, "  bounds %a %a %a  %a %a %a (planes: %s)\n", (double)b.min.x, (double)b.min.y,
                        (double)b.min.z, (double)b.max.x, (double)b.max.y, (double)b.max.z,
                        col_cull_name(col_frustum_classify_aabb_planes(fr, &b)));
        }
    }
    expect_ids("query_frustum", got, k, want, m);
    for (size_t i = 0; i < k; ++i)
        if (cls[i] != want_cls[i]) fail("query_frustum", "a different class than classifying the body alone");
    fz_count("frustums seeing a body", k > 0);
}

/* The hashed grid (collide/grid.h, issue 18) as a second broad phase: over
 * the live bodies' bounds, each query box (every body's bounds, the union
 * of two neighbours', a point at a corner) finds in the grid exactly the
 * boxes brute force finds, and a tree of margin 0 the same; then every box
 * moves by a third of a cell (relisted or not) and the queries run again. */
typedef struct found {
    int32_t idx[MAX_BODIES + 1];
    int n;
} found;

static bool grid_found(void *ctx, int32_t id, uint64_t user) {
    (void)id;
    found *f = ctx;
    if (f->n <= MAX_BODIES) f->idx[f->n++] = (int32_t)user;
    return true;
}

static bool tree_found(void *ctx, int32_t proxy, uint64_t user) {
    (void)proxy;
    found *f = ctx;
    if (f->n <= MAX_BODIES) f->idx[f->n++] = (int32_t)user;
    return true;
}

static int by_index(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static void grid_queries(const col_grid *g, const col_tree *t, const col_aabb *boxes, int n) {
    for (int i = 0; i < 2 * n; ++i) {
        col_aabb q = boxes[i % n];
        if (i >= n) { /* the union with the next box, then a point at its corner */
            col_aabb o = boxes[(i + 1) % n];
            q.min = col_v3(col_min(q.min.x, o.min.x), col_min(q.min.y, o.min.y), col_min(q.min.z, o.min.z));
            q.max = col_v3(col_max(q.max.x, o.max.x), col_max(q.max.y, o.max.y), col_max(q.max.z, o.max.z));
            if (i % 2) q.min = q.max;
        }
        found brute = {{0}, 0}, fg = {{0}, 0}, ft = {{0}, 0};
        for (int j = 0; j < n; ++j)
            if (col_overlap_aabb_aabb(&boxes[j], &q)) brute.idx[brute.n++] = j;
        if (!col_grid_query_aabb(g, &q, grid_found, &fg)) fail("a grid query failed", "");
        if (!col_tree_query_aabb(t, &q, tree_found, &ft)) fail("a tree query failed", "");
        qsort(ft.idx, (size_t)ft.n, sizeof ft.idx[0], by_index);
        /* the grid's order is its ids', which are the boxes' indices here */
        if (fg.n != brute.n || memcmp(fg.idx, brute.idx, (size_t)brute.n * sizeof brute.idx[0]) != 0)
            fail("the grid finds what brute force finds, in id order", "");
        if (ft.n != brute.n || memcmp(ft.idx, brute.idx, (size_t)brute.n * sizeof brute.idx[0]) != 0)
            fail("the tree finds what brute force finds", "");
    }
}

static void check_grid(const col_world *w, uint8_t k) {
    col_body_id ids[MAX_BODIES + 1];
    int nb = live_sorted(w, ids), n = 0;
    col_aabb boxes[MAX_BODIES + 1];
    for (int i = 0; i < nb; ++i)
        if (col_world_bounds(w, ids[i], &boxes[n])) ++n;
    if (n == 0) return;
    col_grid g;
    col_real cell = (col_real)ldexp(1.0, (int)(k % 8) - 3); /* 1/8 .. 16 */
    if (!col_grid_init(&g, cell)) fail("a grid of a valid cell size", "");
    col_tree t;
    col_tree_init(&t);
    t.margin = COL_R(0.0);
    int32_t proxies[MAX_BODIES + 1];
    for (int i = 0; i < n; ++i) {
        if (col_grid_insert(&g, &boxes[i], (uint64_t)i) != i) fail("the grid hands out the lowest free id", "");
        if ((proxies[i] = col_tree_insert(&t, &boxes[i], (uint64_t)i)) < 0) fail("a tree insertion", "");
    }
    grid_queries(&g, &t, boxes, n);
    col_real shift = cell / COL_R(3.0);
    col_aabb moved[MAX_BODIES + 1];
    bool valid = true;
    for (int i = 0; i < n; ++i) {
        moved[i].min = col_v3_add(boxes[i].min, col_v3(shift, -shift, shift));
        moved[i].max = col_v3_add(boxes[i].max, col_v3(shift, -shift, shift));
        valid = valid && col_aabb_is_valid(&moved[i]); /* else past the coordinates collide accepts */
    }
    for (int i = 0; valid && i < n; ++i) {
        if (col_grid_move(&g, i, &moved[i]) < 0) fail("a grid move", "");
        if (col_tree_move(&t, proxies[i], &moved[i]) < 0) fail("a tree move", "");
    }
    if (valid) grid_queries(&g, &t, moved, n);
    col_grid_free(&g);
    col_tree_free(&t);
}

/* The k-DOP tree (collide/kdop_tree.h) over the live bodies' shapes (k
 * from the input): each body's k-DOP, and its union with the next's, finds
 * exactly the items brute force finds; a ray from each body's box corner
 * to the next body's support point toward it (ending exactly on that
 * shape where the point is exact), and through it, reaches every item
 * whose own ray cast hits, and a clipping callback ends on the least t. */
typedef struct kdop_ray_ctx {
    const col_shape *const *shapes;
    const col_ray *ray; /* the whole ray: each item's t from it (a cast with a
                           shorter max_t decides a rounded end of its own, which
                           may touch a segment the whole ray's misses) */
    found all;
    col_real t;
} kdop_ray_ctx;

static col_real kdop_ray_all(void *ctx, const col_ray *ray, int32_t item, uint64_t user) {
    (void)user;
    kdop_ray_ctx *c = ctx;
    if (c->all.n <= MAX_BODIES) c->all.idx[c->all.n++] = item;
    return ray->max_t;
}

static col_real kdop_ray_clip(void *ctx, const col_ray *ray, int32_t item, uint64_t user) {
    (void)user;
    kdop_ray_ctx *c = ctx;
    col_ray_hit h = col_raycast(c->shapes[item], c->ray);
    if (h.status != COL_HIT || !(h.t <= ray->max_t)) return ray->max_t;
    if (h.t < c->t) c->t = h.t;
    return h.t;
}

static void check_kdop_tree(const col_world *w, uint8_t code) {
    static const int ks[4] = {6, 14, 18, 26};
    int k = ks[code % 4];
    col_body_id ids[MAX_BODIES + 1];
    int nb = live_sorted(w, ids), n = 0;
    const col_shape *shapes[MAX_BODIES + 1];
    col_kdop d[MAX_BODIES + 1];
    col_aabb boxes[MAX_BODIES + 1];
    for (int i = 0; i < nb; ++i) {
        const col_shape *s = col_world_shape(w, ids[i]);
        if (!s || col_world_mesh(w, ids[i]) || !col_kdop_of_shape(s, k, &d[n]) ||
            !col_world_bounds(w, ids[i], &boxes[n]))
            continue;
        shapes[n++] = s;
    }
    if (n == 0) return;
    col_kdop_tree t = {0};
    if (!col_kdop_tree_build(&t, k, d, NULL, (size_t)n)) fail("a k-DOP tree over valid k-DOPs", "");
    for (int i = 0; i < 2 * n; ++i) {
        col_kdop q = d[i % n];
        if (i >= n) (void)col_kdop_merge(&q, &d[(i + 1) % n], &q);
        found brute = {{0}, 0}, got = {{0}, 0};
        for (int j = 0; j < n; ++j)
            if (col_kdop_overlap(&d[j], &q)) brute.idx[brute.n++] = j;
        if (!col_kdop_tree_query_kdop(&t, &q, tree_found, &got)) fail("a k-DOP tree query failed", "");
        qsort(got.idx, (size_t)got.n, sizeof got.idx[0], by_index);
        if (got.n != brute.n || memcmp(got.idx, brute.idx, (size_t)brute.n * sizeof brute.idx[0]) != 0)
            fail("the k-DOP tree finds what brute force finds", "");
    }
    for (int i = 0; i < 2 * n; ++i) {
        col_vec3 o = (i / n) ? boxes[i % n].max : boxes[i % n].min, p;
        const col_shape *aim = shapes[(i + 1) % n];
        if (!col_support(
                aim,
                col_v3_sub(o, col_v3_scale(col_v3_add(boxes[(i + 1) % n].min, boxes[(i + 1) % n].max), COL_R(0.5))),
                &p))
            continue;
        col_ray r = {o, col_v3_sub(p, o), (i & 1) ? COL_R(1.0) : COL_R(2.0)};
        if (!col_v3_is_valid(r.delta)) continue;
        kdop_ray_ctx c = {shapes, &r, {{0}, 0}, COL_REAL_MAX};
        if (!col_kdop_tree_raycast(&t, &r, kdop_ray_all, &c)) continue; /* an invalid ray */
        qsort(c.all.idx, (size_t)c.all.n, sizeof c.all.idx[0], by_index);
        col_real least = COL_REAL_MAX;
        for (int j = 0; j < n; ++j) {
            col_ray_hit h = col_raycast(shapes[j], &r);
            if (h.status != COL_HIT) continue;
            if (h.t < least) least = h.t;
            if (!bsearch(&j, c.all.idx, (size_t)c.all.n, sizeof c.all.idx[0], by_index))
                fail("the k-DOP tree's ray reaches every item the ray hits", "");
        }
        fz_count("k-DOP tree rays that hit an item", least < COL_REAL_MAX);
        c.t = COL_REAL_MAX;
        (void)col_kdop_tree_raycast(&t, &r, kdop_ray_clip, &c);
        if (c.t != least) fail("the k-DOP tree's clipped ray ends on the nearest hit", "");
    }
    col_kdop_tree_free(&t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_input in = {data, size, 0};
    int grid = (fz_u8(&in) & 1) == 0;
    col_world *w = col_world_create();
    if (!w) return 0;
    /* the static bodies' rays through a k-DOP tree, by the input's third
     * last byte: the world's answers (checked against brute force) must
     * not change */
    static const int kdop_ks[4] = {6, 14, 18, 26};
    uint8_t mode = size > 2 ? data[size - 3] : 0;
    if (mode & 1) (void)col_world_set_static_kdop(w, kdop_ks[(mode >> 1) & 3]);
    fz_count("worlds whose static rays take a k-DOP tree", (mode & 1) != 0);
    col_mesh *meshes[MAX_MESHES];
    int nmeshes = 0;
    col_filter masked = col_filter_default();
    masked.mask = 0x5;
    masked.category = 0x3;
    for (int step = 0; step < 64 && in.pos < in.size; ++step) {
        uint8_t op = fz_u8(&in);
        const col_filter *f = (op & 0x80) ? &masked : NULL;
        col_body_id ids[MAX_BODIES + 1];
        int n = live_sorted(w, ids);
        col_body_id pick = n > 0 ? ids[fz_u8(&in) % n] : COL_BODY_NULL;
        switch (op % 10) {
        case 1:
            if (n < MAX_BODIES && nmeshes < MAX_MESHES) {
                /* a k x k heightfield at an offset, heights from the input */
                int k = 1 + fz_u8(&in) % 3;
                col_vec3 at = fz_vec3(&in, grid);
                col_vec3 v[16];
                int32_t idx[54];
                for (int j = 0; j <= k; ++j)
                    for (int i = 0; i <= k; ++i)
                        v[j * (k + 1) + i] = col_v3_add(at, col_v3((col_real)i, (col_real)j, fz_real(&in, grid)));
                int t = 0;
                for (int j = 0; j < k; ++j)
                    for (int i = 0; i < k; ++i) {
                        int32_t a = j * (k + 1) + i, b = a + 1, c = a + k + 1, dd = c + 1;
                        const int32_t q[6] = {a, b, dd, a, dd, c};
                        for (int e = 0; e < 6; ++e) idx[t++] = q[e];
                    }
                col_mesh *m = col_mesh_create(v, (k + 1) * (k + 1), idx, 2 * k * k, NULL, NULL);
                if (!grid) fz_count("raw heightfields accepted as meshes", m != NULL);
                if (!m) break; /* raw coordinates may be refused */
                meshes[nmeshes++] = m;
                col_body_def d = col_body_def_default();
                d.is_static = fz_u8(&in) & 1;
                col_body_id id;
                col_world_status st = col_world_add_mesh(w, m, &d, &id);
                if (st != COL_WORLD_OK && (grid || st != COL_WORLD_INVALID_SHAPE))
                    fail("a mesh body is refused", col_world_status_text(st));
            }
            break;
        case 0: {
            if (n >= MAX_BODIES) break;
            col_body_def d = col_body_def_default();
            d.shape = fz_shape(&in, grid);
            uint8_t bits = fz_u8(&in);
            d.is_static = bits & 1;
            d.category = (uint64_t)1 << (bits >> 1 & 3);
            d.mask = (bits & 0x20) ? ~(uint64_t)1 : ~(uint64_t)0;
            col_body_id id;
            col_world_status st = col_world_add(w, &d, &id);
            bool valid = col_shape_is_valid(&d.shape) && !col_shape_kind_is_2d(d.shape.kind);
            if (st == COL_WORLD_OK && !valid) fail("an invalid shape became a body", col_shape_kind_name(d.shape.kind));
            if (st != COL_WORLD_OK && st != COL_WORLD_INVALID_SHAPE) fail("add failed", col_world_status_text(st));
            if (grid && valid && st != COL_WORLD_OK) fail("a valid grid shape is refused", "");
            break;
        }
        case 2:
            if (pick) {
                if (col_world_remove(w, pick) != COL_WORLD_OK) fail("remove of a live body failed", "");
                if (col_world_contains(w, pick) || col_world_remove(w, pick) != COL_WORLD_STALE_ID)
                    fail("a removed id is still taken", "");
            }
            break;
        case 3: {
            col_shape s = fz_shape(&in, grid);
            if (pick) {
                col_world_status st = col_world_set_shape(w, pick, &s);
                bool valid = col_shape_is_valid(&s) && !col_shape_kind_is_2d(s.kind);
                if (valid != (st == COL_WORLD_OK) && !(valid && !grid && st == COL_WORLD_INVALID_SHAPE))
                    fail("set_shape", col_world_status_text(st));
            }
            break;
        }
        case 4:
            if (pick && col_world_shape(w, pick)) { /* (a mesh body is not moved) */
                /* a small move (often inside the fat box) */
                col_vec3 t = fz_vec3(&in, grid);
                if (grid) t = col_v3_scale(t, COL_R(1.0) / COL_R(64.0));
                col_shape s = fz_translated(col_world_shape(w, pick), t, NULL);
                col_world_set_shape(w, pick, &s);
            }
            break;
        case 5: {
            col_shape q = fz_shape(&in, grid);
            query_shape(w, &q, f, grid);
            check_contacts(w, pick, f, grid);
            break;
        }
        case 6: {
            col_ray r;
            r.origin = fz_vec3(&in, grid);
            r.delta = fz_vec3(&in, grid);
            uint8_t k = fz_u8(&in);
            r.max_t = k & 1 ? (col_real)INFINITY : k & 2 ? COL_R(1.0) : fz_real(&in, grid);
            raycast(w, &r, f, grid);
            break;
        }
        case 7: {
            col_shape q = fz_shape(&in, grid);
            col_vec3 d = fz_vec3(&in, grid);
            cast(w, &q, d, f, grid);
            break;
        }
        case 8: {
            col_vec3 eye = fz_vec3(&in, grid), target = fz_vec3(&in, grid);
            uint8_t k = fz_u8(&in);
            col_frustum fr = col_frustum_from_camera(eye, col_v3_sub(target, eye), col_v3(0, 0, 1),
                                                     COL_R(0.3) + COL_R(0.01) * (col_real)(k % 200), COL_R(1.5),
                                                     COL_R(0.5), COL_R(600.0));
            frustum(w, &fr, f);
            break;
        }
        default:
            if (col_world_optimize(w) != COL_WORLD_OK) fail("optimize failed", "");
            break;
        }
        check_world(w);
    }
    check_grid(w, size > 0 ? data[size - 1] : 0);
    check_kdop_tree(w, size > 1 ? data[size - 2] : 0);
    col_world_destroy(w);
    for (int i = 0; i < nmeshes; ++i) col_mesh_destroy(meshes[i]);
    return 0;
}

void fz_repro(const uint8_t *data, size_t size);
void fz_repro(const uint8_t *data, size_t size) {
    (void)data;
    printf("-- a fuzz_world input (%zu bytes): replay it with replay_world\n", size);
}
