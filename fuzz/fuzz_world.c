/*
 * fuzz_world: operation sequences on a world (collide/world.h). Each input
 * is a mode byte (grid: valid shapes on the k/8 grid, where touching and
 * coincident cases are common; raw: any doubles, so invalid shapes, NaN and
 * infinities must be refused) and a sequence of operations: add (static or
 * movable, category bits), remove, replace a shape, move a shape by an
 * offset, optimize, and every query (shape, box, point, ray closest and all,
 * cast closest and all, frustum). After every operation the world validates
 * (both trees, leaves, counts, free slots), and every query's answer equals
 * brute force over the live bodies (the same narrow-phase test on each body,
 * in the documented order: by id, or by (t, id)), with and without a mask.
 */
#include "fuzz_input.h"

#define MAX_BODIES 48

static void fail(const char *what, const char *detail) {
    fprintf(stderr, "fuzz_world: %s%s%s\n", what, detail && *detail ? ": " : "", detail ? detail : "");
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
static int live_sorted(const col_world *w, col_body_id *out) {
    return (int)col_world_bodies(w, out, MAX_BODIES + 1);
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

static void query_shape(col_world *w, const col_shape *q, const col_filter *f) {
    col_body_id ids[MAX_BODIES + 1], got[MAX_BODIES + 1], want[MAX_BODIES + 1];
    int n = live_sorted(w, ids);
    size_t m = 0;
    for (int i = 0; i < n; ++i)
        if (passes(w, ids[i], f) && col_overlap(q, col_world_shape(w, ids[i]))) want[m++] = ids[i];
    col_world_status st;
    size_t k = col_world_query_shape(w, q, f, got, MAX_BODIES + 1, &st);
    bool valid = col_shape_is_valid(q) && !col_shape_kind_is_2d(q->kind);
    if (!valid) {
        if (k != (size_t)-1 || st != COL_WORLD_INVALID_SHAPE) fail("an invalid query shape is accepted", "");
        return;
    }
    if (st != COL_WORLD_OK) fail("a valid shape query fails", col_world_status_text(st));
    expect_ids("query_shape", got, k, want, m);
    fz_count("shape queries finding a body", k > 0);
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

static void raycast(col_world *w, const col_ray *r, const col_filter *f) {
    col_body_id ids[MAX_BODIES + 1];
    hit want[MAX_BODIES + 1];
    int n = live_sorted(w, ids);
    size_t m = 0;
    for (int i = 0; i < n; ++i) {
        if (!passes(w, ids[i], f)) continue;
        col_ray_hit h = col_raycast(col_world_shape(w, ids[i]), r);
        if (h.status == COL_HIT) want[m++] = (hit){h.t, ids[i]};
    }
    qsort(want, m, sizeof(hit), by_t_id);
    col_world_ray_hit got[MAX_BODIES + 1];
    col_world_status st;
    size_t k = col_world_raycast_all(w, r, f, got, MAX_BODIES + 1, &st);
    if (!col_ray_is_valid(r)) {
        if (k != (size_t)-1 || st != COL_WORLD_INVALID_ARGUMENT) fail("an invalid ray is accepted", "");
        return;
    }
    if (k != m) fail("raycast_all", "a different number of hits than brute force");
    for (size_t i = 0; i < k; ++i)
        if (got[i].body != want[i].id || got[i].hit.t != want[i].t) fail("raycast_all", "a different hit or order");
    col_world_ray_hit first;
    bool any = col_world_raycast(w, r, f, &first, &st);
    if (any != (m > 0)) fail("raycast", "closest hit disagrees with raycast_all");
    if (any && (first.body != want[0].id || first.hit.t != want[0].t)) fail("raycast", "not the first of all hits");
    fz_count("rays hitting a body", m > 0);
}

static void cast(col_world *w, const col_shape *q, col_vec3 delta, const col_filter *f) {
    col_body_id ids[MAX_BODIES + 1];
    hit want[MAX_BODIES + 1];
    int n = live_sorted(w, ids);
    size_t m = 0;
    bool valid = col_shape_is_valid(q) && !col_shape_kind_is_2d(q->kind) && col_v3_is_valid(delta);
    for (int i = 0; valid && i < n; ++i) {
        if (!passes(w, ids[i], f)) continue;
        col_sweep_hit h = col_sweep(q, delta, col_world_shape(w, ids[i]), col_v3(0, 0, 0));
        if (h.status == COL_HIT || h.status == COL_NOT_CONVERGED) want[m++] = (hit){h.t0, ids[i]};
    }
    qsort(want, m, sizeof(hit), by_t_id);
    col_world_cast_hit got[MAX_BODIES + 1];
    col_world_status st;
    size_t k = col_world_cast_all(w, q, delta, f, got, MAX_BODIES + 1, &st);
    if (!valid) {
        if (k != (size_t)-1) fail("an invalid cast is accepted", "");
        return;
    }
    if (k != m) fail("cast_all", "a different number of hits than brute force");
    for (size_t i = 0; i < k; ++i)
        if (got[i].body != want[i].id || got[i].hit.t0 != want[i].t) fail("cast_all", "a different hit or order");
    col_world_cast_hit first;
    bool any = col_world_cast(w, q, delta, f, &first, &st);
    if (any != (m > 0)) fail("cast", "closest hit disagrees with cast_all");
    if (any && (first.body != want[0].id || first.hit.t0 != want[0].t)) fail("cast", "not the first of all hits");
    fz_count("casts meeting a body", m > 0);
}

static void frustum(col_world *w, const col_frustum *fr, const col_filter *f) {
    col_body_id ids[MAX_BODIES + 1], got[MAX_BODIES + 1], want[MAX_BODIES + 1];
    col_cull cls[MAX_BODIES + 1], want_cls[MAX_BODIES + 1];
    int n = live_sorted(w, ids);
    size_t m = 0;
    for (int i = 0; i < n; ++i) {
        if (!passes(w, ids[i], f)) continue;
        col_cull c = col_frustum_classify_shape(fr, col_world_shape(w, ids[i]));
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
    expect_ids("query_frustum", got, k, want, m);
    for (size_t i = 0; i < k; ++i)
        if (cls[i] != want_cls[i]) fail("query_frustum", "a different class than classifying the body alone");
    fz_count("frustums seeing a body", k > 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_input in = {data, size, 0};
    int grid = (fz_u8(&in) & 1) == 0;
    col_world *w = col_world_create();
    if (!w) return 0;
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
        case 0:
        case 1: {
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
            if (pick) {
                /* a small move (often inside the fat box) */
                col_vec3 t = fz_vec3(&in, grid);
                if (grid) t = col_v3_scale(t, COL_R(1.0) / COL_R(64.0));
                col_shape s = fz_translated(col_world_shape(w, pick), t, NULL);
                col_world_set_shape(w, pick, &s);
            }
            break;
        case 5: {
            col_shape q = fz_shape(&in, grid);
            query_shape(w, &q, f);
            break;
        }
        case 6: {
            col_ray r;
            r.origin = fz_vec3(&in, grid);
            r.delta = fz_vec3(&in, grid);
            uint8_t k = fz_u8(&in);
            r.max_t = k & 1 ? (col_real)INFINITY : k & 2 ? COL_R(1.0) : fz_real(&in, grid);
            raycast(w, &r, f);
            break;
        }
        case 7: {
            col_shape q = fz_shape(&in, grid);
            col_vec3 d = fz_vec3(&in, grid);
            cast(w, &q, d, f);
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
    col_world_destroy(w);
    return 0;
}

void fz_repro(const uint8_t *data, size_t size);
void fz_repro(const uint8_t *data, size_t size) {
    (void)data;
    printf("-- a fuzz_world input (%zu bytes): replay it with replay_world\n", size);
}
