/*
 * Stepping (collide/step.h): velocities, a step in swept mode (each body by
 * the sliding move of world_move.c, its velocity changed as its motion is)
 * or discrete mode (a jump, then a test), and the events: the moves' hits,
 * and the overlapping pairs begun and ended, found by the world's overlap
 * query and compared with the last step's sorted list.
 */
#include <stdlib.h>
#include <string.h>

#include "collide/step.h"
#include "world_private.h"

/* A pair of bodies that overlap, a < b. */
struct col__pair_ids {
    col_body_id a, b;
};
typedef struct col__pair_ids pair_ids;

const char *col_step_mode_name(col_step_mode m) {
    switch (m) {
    case COL_STEP_SWEPT: return "swept";
    case COL_STEP_DISCRETE: return "discrete";
    }
    return "?";
}

const char *col_event_kind_name(col_event_kind k) {
    switch (k) {
    case COL_EVENT_HIT: return "hit";
    case COL_EVENT_BEGIN: return "begin";
    case COL_EVENT_END: return "end";
    }
    return "?";
}

col_step_def col_step_def_default(void) {
    col_step_def d;
    memset(&d, 0, sizeof d);
    d.mode = COL_STEP_SWEPT;
    d.response = COL_RESPONSE_SLIDE;
    d.restitution = COL_R(1.0);
    return d;
}

col_world_status col_world_set_velocity(col_world *w, col_body_id id, col_vec3 v) {
    if (!w) return COL_WORLD_INVALID_ARGUMENT;
    if (w->locked) return COL_WORLD_LOCKED;
    body *b = col__world_lookup(w, id);
    if (!b) return COL_WORLD_STALE_ID;
    if (b->is_static || b->mesh || !col_v3_is_valid(v)) return COL_WORLD_INVALID_ARGUMENT;
    b->velocity = v;
    return COL_WORLD_OK;
}

bool col_world_velocity(const col_world *w, col_body_id id, col_vec3 *out) {
    const body *b = w ? col__world_lookup(w, id) : NULL;
    if (!b) return false;
    if (out) *out = b->velocity;
    return true;
}

bool col_world_is_sensor(const col_world *w, col_body_id id) {
    const body *b = w ? col__world_lookup(w, id) : NULL;
    return b && b->is_sensor;
}

/* ------------------------------ the step ------------------------------ */

typedef struct stepper {
    col_world *w;
    const col_step_def *def;
    bool mover_is_sensor;
    size_t count; /* events */
    col_world_status status;
} stepper;

/* The step's response for a mover meeting `other`: a sensor is crossed, a
 * moving sensor crosses nothing and meets nothing. */
static col_response step_respond(void *ctx, col_body_id mover, col_body_id other, void *user, col_real *e) {
    const stepper *s = ctx;
    const body *o = col__world_lookup(s->w, other);
    if (s->mover_is_sensor) return COL_RESPONSE_NONE;
    if (o && o->is_sensor) return COL_RESPONSE_CROSS;
    if (!s->def->respond) return s->def->response;
    return s->def->respond(s->def->ctx, mover, other, user, e);
}

static bool push_event(stepper *s, const col_event *e) {
    col_world *w = s->w;
    if (s->count == w->event_cap) {
        size_t cap = w->event_cap ? 2 * w->event_cap : 64;
        col_event *p = realloc(w->events, cap * sizeof *p);
        if (!p) {
            s->status = COL_WORLD_NO_MEMORY;
            return false;
        }
        w->events = p;
        w->event_cap = cap;
    }
    w->events[s->count++] = *e;
    return true;
}

static int by_id(const void *x, const void *y) {
    col_body_id a = *(const col_body_id *)x, b = *(const col_body_id *)y;
    return (a > b) - (a < b);
}

static int by_pair(const void *x, const void *y) {
    const pair_ids *p = x, *q = y;
    if (p->a != q->a) return (p->a > q->a) - (p->a < q->a);
    return (p->b > q->b) - (p->b < q->b);
}

static int by_event(const void *x, const void *y) {
    const col_event *p = x, *q = y;
    if (p->t != q->t) return (p->t > q->t) - (p->t < q->t);
    if (p->a != q->a) return (p->a > q->a) - (p->a < q->a);
    if (p->b != q->b) return (p->b > q->b) - (p->b < q->b);
    return ((int)p->kind > (int)q->kind) - ((int)p->kind < (int)q->kind);
}

/* Sorts n events by by_event, stably (equal keys keep the order they were
 * found in, which is deterministic): a bottom-up merge through tmp. */
static void sort_events(col_event *e, col_event *tmp, size_t n) {
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) tmp[k++] = by_event(&e[j], &e[i]) < 0 ? e[j++] : e[i++];
            while (i < mid) tmp[k++] = e[i++];
            while (j < hi) tmp[k++] = e[j++];
        }
        memcpy(e, tmp, n * sizeof *e);
    }
}

/* Body `id`'s swept move by its velocity times dt; its hits as events. */
static col_world_status sweep_body(stepper *s, col_body_id id, col_real dt, col_move_hit **hits, size_t *hits_cap) {
    col_world *w = s->w;
    body *b = col__world_lookup(w, id);
    s->mover_is_sensor = b->is_sensor;
    col_move_def def = col_move_def_default();
    def.respond = step_respond;
    def.ctx = s;
    def.restitution = s->def->restitution;
    col_vec3 delta = col_v3_scale(b->velocity, dt);
    if (!col_v3_is_valid(delta)) return COL_WORLD_INVALID_ARGUMENT;
    for (;;) {
        col__mover m;
        col_world_status st = col__mover_begin(&m, w, id, &def, *hits, *hits_cap);
        if (st != COL_WORLD_OK) return st;
        m.velocity = b->velocity;
        col_vec3 start = b->offset, end;
        st = col__mover_path(&m, start, delta, &end, NULL, NULL);
        st = col__mover_end(&m, st, end, false);
        if (st != COL_WORLD_OK) return st;
        if (m.count > *hits_cap) { /* again with room for every hit */
            size_t cap = *hits_cap ? *hits_cap : 16;
            while (cap < m.count) cap *= 2;
            col_move_hit *p = realloc(*hits, cap * sizeof *p);
            if (!p) return COL_WORLD_NO_MEMORY;
            *hits = p;
            *hits_cap = cap;
            continue;
        }
        if (memcmp(&end, &start, sizeof end) != 0 && (st = col__world_place(w, b, end)) != COL_WORLD_OK) return st;
        b->velocity = m.velocity;
        for (size_t i = 0; i < m.count; ++i) {
            const col_move_hit *h = &(*hits)[i];
            if (h->response == COL_RESPONSE_CROSS && h->initially_overlapping) continue; /* no new entry */
            col_event e = {COL_EVENT_HIT, id, h->other, h->t, h->response, h->point, h->normal};
            if (!push_event(s, &e)) return s->status;
        }
        return COL_WORLD_OK;
    }
}

/* The pairs overlapping now (one body movable), sorted, in *out (owned). */
static col_world_status overlapping_pairs(col_world *w, pair_ids **out, size_t *count) {
    pair_ids *pairs = NULL;
    size_t n = 0, cap = 0;
    *out = NULL;
    *count = 0;
    w->locked = 1;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        body *b = &w->bodies[i];
        if (!b->live || b->is_static || b->mesh) continue;
        col_filter f = {b->category, b->mask, NULL, NULL};
        int32_t *slots;
        size_t k = col__world_overlaps_locked(w, &b->shape, &f, i, &slots);
        if (k == (size_t)-1) goto no_memory;
        col_body_id id = col__world_id(w, i);
        for (size_t j = 0; j < k; ++j) {
            const body *o = &w->bodies[slots[j]];
            /* a pair of movable bodies is found from both: keep it once */
            if (!o->is_static && !o->mesh && slots[j] < i) continue;
            if (n == cap) {
                cap = cap ? 2 * cap : 64;
                pair_ids *p = realloc(pairs, cap * sizeof *p);
                if (!p) goto no_memory;
                pairs = p;
            }
            col_body_id other = col__world_id(w, slots[j]);
            pairs[n].a = id < other ? id : other;
            pairs[n].b = id < other ? other : id;
            n++;
        }
    }
    w->locked = 0;
    if (n > 1) qsort(pairs, n, sizeof *pairs, by_pair);
    *out = pairs;
    *count = n;
    return COL_WORLD_OK;
no_memory:
    w->locked = 0;
    free(pairs);
    return COL_WORLD_NO_MEMORY;
}

col_world_status col_world_step(col_world *w, col_real dt, const col_step_def *def, col_event *events, size_t cap,
                                col_step_result *result) {
    if (result) memset(result, 0, sizeof *result);
    if (!w || !def || !col_is_valid_real(dt) || dt < 0 || !col_is_valid_real(def->restitution) ||
        def->restitution < 0 || (def->mode != COL_STEP_SWEPT && def->mode != COL_STEP_DISCRETE) || (cap && !events))
        return COL_WORLD_INVALID_ARGUMENT;
    if (w->locked) return COL_WORLD_LOCKED;
    w->event_count = 0;
    /* the movers, by id */
    col_body_id *movers = NULL;
    size_t nm = 0;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        const body *b = &w->bodies[i];
        if (b->live && !b->is_static && !b->mesh && (b->velocity.x != 0 || b->velocity.y != 0 || b->velocity.z != 0))
            nm++;
    }
    if (nm && !(movers = malloc(nm * sizeof *movers))) return COL_WORLD_NO_MEMORY;
    nm = 0;
    for (int32_t i = 0; i < w->slot_count; ++i) {
        const body *b = &w->bodies[i];
        if (b->live && !b->is_static && !b->mesh && (b->velocity.x != 0 || b->velocity.y != 0 || b->velocity.z != 0))
            movers[nm++] = col__world_id(w, i);
    }
    if (nm > 1) qsort(movers, nm, sizeof *movers, by_id);

    stepper s;
    memset(&s, 0, sizeof s);
    const uint64_t reinserts = w->movable_reinserts;
    s.w = w;
    s.def = def;
    col_world_status st = COL_WORLD_OK;
    size_t moved = 0;
    if (def->mode == COL_STEP_DISCRETE) {
        /* every jump possible first: nothing moves when one is not */
        for (size_t i = 0; i < nm && st == COL_WORLD_OK; ++i) {
            body *b = col__world_lookup(w, movers[i]);
            col_vec3 to = col_v3_add(b->offset, col_v3_scale(b->velocity, dt));
            if (!col__body_reachable(b, to, col__body_spare_points(b))) st = COL_WORLD_INVALID_ARGUMENT;
        }
        for (size_t i = 0; i < nm && st == COL_WORLD_OK; ++i) {
            body *b = col__world_lookup(w, movers[i]);
            col_vec3 to = col_v3_add(b->offset, col_v3_scale(b->velocity, dt));
            if (memcmp(&to, &b->offset, sizeof to) == 0) continue;
            st = col__world_place(w, b, to);
            moved += st == COL_WORLD_OK;
        }
    } else {
        col_move_hit *hits = NULL;
        size_t hits_cap = 0;
        for (size_t i = 0; i < nm && st == COL_WORLD_OK; ++i) {
            col_vec3 before = col__world_lookup(w, movers[i])->offset;
            st = sweep_body(&s, movers[i], dt, &hits, &hits_cap);
            moved +=
                st == COL_WORLD_OK && memcmp(&before, &col__world_lookup(w, movers[i])->offset, sizeof before) != 0;
        }
        free(hits);
    }
    free(movers);
    col__world_tidy_movable(w, w->movable_reinserts - reinserts);
    if (st != COL_WORLD_OK) return st;

    /* the overlaps begun and ended */
    pair_ids *now;
    size_t nn;
    if ((st = overlapping_pairs(w, &now, &nn)) != COL_WORLD_OK) return st;
    size_t i = 0, j = 0;
    while (i < nn || j < w->overlap_count) {
        int c = i == nn ? 1 : j == w->overlap_count ? -1 : by_pair(&now[i], &w->overlaps[j]);
        col_event e;
        memset(&e, 0, sizeof e);
        e.t = 1;
        if (c == 0) {
            i++;
            j++;
            continue;
        }
        if (c < 0) {
            e.kind = COL_EVENT_BEGIN;
            e.a = now[i].a;
            e.b = now[i++].b;
        } else {
            e.kind = COL_EVENT_END;
            e.a = w->overlaps[j].a;
            e.b = w->overlaps[j++].b;
        }
        if (!push_event(&s, &e)) {
            free(now);
            return s.status;
        }
    }
    free(w->overlaps);
    w->overlaps = now;
    w->overlap_count = w->overlap_cap = nn;

    if (s.count > 1) {
        col_event *tmp = malloc(s.count * sizeof *tmp);
        if (!tmp) return COL_WORLD_NO_MEMORY;
        sort_events(w->events, tmp, s.count);
        free(tmp);
    }
    w->event_count = s.count;
    size_t copy = s.count < cap ? s.count : cap;
    if (copy) memcpy(events, w->events, copy * sizeof *events);
    if (result) {
        result->event_count = s.count;
        result->moved = moved;
    }
    return COL_WORLD_OK;
}

const col_event *col_world_events(const col_world *w, size_t *count) {
    if (count) *count = w ? w->event_count : 0;
    return w && w->event_count ? w->events : NULL;
}
