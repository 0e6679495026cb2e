/*
 * The character mover (collide/character.h): a move split into phases, each
 * a path of the world's sliding moves (world_move.c) under its own rules for
 * the contacts it stops at (walkable or steep ground, walls, steps), then a
 * ground probe. The ideas are the usual ones of kinematic character
 * controllers (step up, walk, step down; walkable slope by the normal's angle
 * to up; ground snapping), built on exact plane solving and sweeps only.
 */
#include <math.h>
#include <string.h>

#include "collide/character.h"
#include "world_private.h"

const char *col_ground_state_name(col_ground_state s) {
    switch (s) {
    case COL_GROUND_AIR: return "air";
    case COL_GROUND_STEEP: return "steep";
    case COL_GROUND_WALKABLE: return "walkable";
    }
    return "?";
}

col_character col_character_default(col_body_id id) {
    col_character c;
    memset(&c, 0, sizeof c);
    c.body = id;
    c.up = col_v3(0, 1, 0);
    c.max_slope = COL_R(0.78539816339744831); /* 45 degrees */
    return c;
}

/* ------------------------------ phases ------------------------------ */

typedef enum phase {
    PHASE_WALK,      /* the horizontal part */
    PHASE_RISE,      /* the vertical part, upward */
    PHASE_FALL,      /* the vertical part, downward */
    PHASE_STEP_UP,   /* a step's rise */
    PHASE_STEP_WALK, /* a step's walk: across up only */
    PHASE_STEP_DOWN, /* a step's descent */
    PHASE_PROBE      /* the ground probe */
} phase;

/* The character's rules for the contacts of one phase, and what it met. */
typedef struct rules {
    phase phase;
    col_vec3 up;
    col_real cos_slope; /* a normal with n.up at least this is walkable */
    bool walled;        /* the walk stopped at something not walkable */
    bool landed;        /* the descent stopped on walkable ground */
    col_vec3 landing;   /* where (a step's descent) */
    /* the probe's ground: of the contacts at its stop, the one closest to up */
    bool found;
    int32_t ground_slot;
    col_vec3 ground_normal, ground_point;
} rules;

static col_response contact(void *ctx, int32_t slot, col_response r, const col_sweep_hit *s, col_vec3 normal,
                            col_vec3 *plane) {
    (void)r;
    rules *ru = ctx;
    col_real nu = col_v3_dot(normal, ru->up);
    bool walkable = nu >= ru->cos_slope;
    switch (ru->phase) {
    case PHASE_WALK:
    case PHASE_STEP_WALK:
        /* up a walkable slope, over a seam; but a step's walk only across
         * up, so a step climbs no higher than the step height */
        if (walkable && ru->phase == PHASE_WALK) return COL_RESPONSE_SLIDE;
        ru->walled = true;
        {
            /* a wall, a steep slope or a ceiling: slide along it across up
             * only, never up (or down) it */
            col_vec3 across = col_v3_sub(normal, col_v3_scale(ru->up, nu));
            col_real len = col_v3_len(across);
            if (len > COL_R(1e-6)) *plane = col_v3_scale(across, 1 / len);
        }
        return COL_RESPONSE_SLIDE;
    case PHASE_RISE: return COL_RESPONSE_SLIDE;
    case PHASE_FALL:
        if (!walkable) return COL_RESPONSE_SLIDE; /* down a steep slope */
        ru->landed = true;
        return COL_RESPONSE_TOUCH;
    case PHASE_STEP_UP: return COL_RESPONSE_TOUCH;
    case PHASE_STEP_DOWN:
        if (walkable && !ru->landed) {
            ru->landed = true;
            ru->landing = s->point;
        }
        return COL_RESPONSE_TOUCH;
    case PHASE_PROBE:
        if (!ru->found || nu > col_v3_dot(ru->ground_normal, ru->up)) {
            ru->found = true;
            ru->ground_slot = slot;
            ru->ground_normal = normal;
            ru->ground_point = s->point;
        }
        return COL_RESPONSE_TOUCH;
    }
    return COL_RESPONSE_TOUCH;
}

/* A character's move in progress: the mover, the rules, the skin. */
typedef struct walker {
    col__mover m;
    rules ru;
    col_real skin;
    bool complete;
    col_response_fn *respond; /* the character's */
    void *ctx;
} walker;

/* The character's respond callback, its blocking answers all "slide" (the
 * contact rules then decide; a body left at the start is reported so). */
static col_response respond(void *ctx, col_body_id mover, col_body_id other, void *user, col_real *restitution) {
    const walker *k = ctx;
    col_response r = k->respond ? k->respond(k->ctx, mover, other, user, restitution) : COL_RESPONSE_SLIDE;
    return r == COL_RESPONSE_NONE || r == COL_RESPONSE_CROSS ? r : COL_RESPONSE_SLIDE;
}

/* One phase from `from` along delta; the end in *to. */
static col_world_status run_phase(walker *k, phase ph, col_vec3 from, col_vec3 delta, col_vec3 *to) {
    k->ru.phase = ph;
    k->ru.walled = k->ru.landed = false;
    bool complete = true;
    col_world_status st = col__mover_path(&k->m, from, delta, to, NULL, &complete);
    k->complete = k->complete && complete;
    return st;
}

/* A phase whose hits are not kept (an attempt, the probe). */
static col_world_status run_quiet(walker *k, phase ph, col_vec3 from, col_vec3 delta, col_vec3 *to) {
    col_move_hit *hits = k->m.hits;
    size_t cap = k->m.cap, count = k->m.count;
    k->m.hits = NULL;
    k->m.cap = 0;
    col_world_status st = run_phase(k, ph, from, delta, to);
    k->m.hits = hits;
    k->m.cap = cap;
    k->m.count = count;
    return st;
}

/* A step from `from` along the walk h: up by the step height, the walk, down
 * again; *landed when it came down on walkable ground at most the step
 * height above `ground` (where it stood: a capsule's round bottom can come
 * down on the edge of a taller step, which is no step). */
static col_world_status run_step(walker *k, col_world_status (*run)(walker *, phase, col_vec3, col_vec3, col_vec3 *),
                                 col_vec3 from, col_vec3 h, col_real step_height, col_vec3 ground, col_vec3 *to,
                                 bool *landed) {
    col_vec3 raised, walked;
    *landed = false;
    *to = from;
    col_world_status st = run(k, PHASE_STEP_UP, from, col_v3_scale(k->ru.up, step_height), &raised);
    if (st != COL_WORLD_OK) return st;
    col_real rise = col_v3_dot(col_v3_sub(raised, from), k->ru.up);
    if (!(rise > k->skin)) return COL_WORLD_OK; /* a ceiling: no room to step */
    if ((st = run(k, PHASE_STEP_WALK, raised, h, &walked)) != COL_WORLD_OK) return st;
    if ((st = run(k, PHASE_STEP_DOWN, walked, col_v3_scale(k->ru.up, -rise), to)) != COL_WORLD_OK) return st;
    *landed = k->ru.landed && col_v3_dot(col_v3_sub(k->ru.landing, ground), k->ru.up) <= step_height + k->skin;
    return COL_WORLD_OK;
}

/* The ground under the character at `at`: a cast down by a little more than
 * the skin (it rests a skin from walkable ground along the normal, so up to
 * skin / cos(max_slope) above it). */
static col_world_status probe(walker *k, col_vec3 at) {
    col_real reach = k->skin / col_max(k->ru.cos_slope, COL_R(0.125)) + k->skin;
    col_vec3 end;
    k->ru.found = false;
    return run_quiet(k, PHASE_PROBE, at, col_v3_scale(k->ru.up, -reach), &end);
}

static void set_ground(const walker *k, col_character *c) {
    const rules *ru = &k->ru;
    if (!ru->found) {
        c->ground_state = COL_GROUND_AIR;
        c->ground = 0;
        c->ground_normal = c->ground_point = col_v3(0, 0, 0);
        return;
    }
    c->ground_state = col_v3_dot(ru->ground_normal, ru->up) >= ru->cos_slope ? COL_GROUND_WALKABLE : COL_GROUND_STEEP;
    c->ground = col__world_id(k->m.w, ru->ground_slot);
    c->ground_normal = ru->ground_normal;
    c->ground_point = ru->ground_point;
}

/* Validates the character and starts its move (the world locked). */
static col_world_status begin(walker *k, col_move_def *def, col_world *w, const col_character *c, col_move_hit *hits,
                              size_t cap) {
    memset(k, 0, sizeof *k);
    if (!w || !c || !col_v3_is_valid(c->up) || !col_is_valid_real(c->step_height) || c->step_height < 0 ||
        !col_is_valid_real(c->snap) || c->snap < 0 || !col_is_valid_real(c->max_slope) || c->max_slope < 0 ||
        !(c->max_slope < COL_R(1.5707963267948966)))
        return COL_WORLD_INVALID_ARGUMENT;
    /* normalized by way of its largest component, so a tiny or huge up
     * neither underflows nor overflows */
    col_real big = col_max(col_abs(c->up.x), col_max(col_abs(c->up.y), col_abs(c->up.z)));
    if (!(big > 0)) return COL_WORLD_INVALID_ARGUMENT;
    col_vec3 up = col_v3_div(c->up, big);
    k->ru.up = col_v3_scale(up, 1 / col_v3_len(up));
    /* a slope of exactly max_slope is walkable, to rounding */
    k->ru.cos_slope = (col_real)cos((double)c->max_slope) - COL_R(64.0) * COL_EPSILON;
    *def = col_move_def_default();
    def->filter = c->filter;
    k->respond = c->respond;
    k->ctx = c->ctx;
    def->respond = respond;
    def->ctx = k;
    def->restitution = 0;
    def->max_segments = c->max_segments;
    col_world_status st = col__mover_begin(&k->m, w, c->body, def, hits, cap);
    if (st != COL_WORLD_OK) return st;
    k->m.contact = contact;
    k->m.contact_ctx = &k->ru;
    k->complete = true;
    return COL_WORLD_OK;
}

static void put_ground(const walker *k, col_character_result *r) {
    col_character c;
    memset(&c, 0, sizeof c);
    set_ground(k, &c);
    r->ground_state = c.ground_state;
    r->ground = c.ground;
    r->ground_normal = c.ground_normal;
    r->ground_point = c.ground_point;
}

/* The move of c; applied (the body placed, the ground state set) when
 * `update` is c, else only computed. */
static col_world_status run_character(col_world *w, const col_character *c, col_character *update, col_vec3 delta,
                                      col_move_hit *hits, size_t cap, col_character_result *result) {
    if (result) memset(result, 0, sizeof *result);
    if (!col_v3_is_valid(delta)) return COL_WORLD_INVALID_ARGUMENT;
    walker k;
    col_move_def def;
    col_world_status st = begin(&k, &def, w, c, hits, cap);
    if (st != COL_WORLD_OK) return st;
    const col_vec3 up = k.ru.up;
    k.skin = col__mover_skin(&k.m, k.m.b->offset, delta);
    col_vec3 start = k.m.b->offset, pos = start;
    col_real v = col_v3_dot(delta, up);
    col_vec3 h = col_v3_sub(delta, col_v3_scale(up, v));
    bool grounded = c->ground_state == COL_GROUND_WALKABLE;
    col_real stepped = 0;
    bool kept_step = false;

    /* 1. the walk, and a step when a wall stopped it on the ground */
    if (col_v3_dot(h, h) > 0) {
        col_vec3 walked;
        size_t first = k.m.count;
        st = run_phase(&k, PHASE_WALK, pos, h, &walked);
        if (st == COL_WORLD_OK && k.ru.walled && grounded && c->step_height > 0) {
            col_vec3 dir = col_v3_scale(h, 1 / col_v3_len(h)), stepped_to;
            bool landed;
            st = run_step(&k, run_quiet, pos, h, c->step_height, c->ground_point, &stepped_to, &landed);
            col_real plain = col_v3_dot(col_v3_sub(walked, pos), dir);
            col_real further = col_v3_dot(col_v3_sub(stepped_to, pos), dir);
            if (st == COL_WORLD_OK && landed && further > plain + k.skin) {
                /* keep the step: its phases again, their hits kept */
                k.m.count = first;
                st = run_step(&k, run_phase, pos, h, c->step_height, c->ground_point, &walked, &landed);
                stepped = col_v3_dot(col_v3_sub(walked, pos), up);
                kept_step = true;
            }
        }
        pos = walked;
    }

    /* 2. the vertical part: rising slides; falling stops on walkable ground
     * (following it down by the snap when on the ground and not rising) */
    if (st == COL_WORLD_OK && v > 0) {
        st = run_phase(&k, PHASE_RISE, pos, col_v3_scale(up, v), &pos);
    } else if (st == COL_WORLD_OK) {
        col_real snap = grounded && !kept_step ? c->snap : 0;
        col_real down = -v + snap;
        if (down > 0) {
            size_t first = k.m.count;
            col_vec3 fallen;
            st = run_phase(&k, PHASE_FALL, pos, col_v3_scale(up, -down), &fallen);
            if (st == COL_WORLD_OK && snap > 0 && !k.ru.landed) {
                /* no ground within the snap: the fall alone */
                k.m.count = first;
                fallen = pos;
                if (-v > 0) st = run_phase(&k, PHASE_FALL, pos, col_v3_scale(up, v), &fallen);
            }
            pos = fallen;
        }
    }

    /* 3. the ground where it ends */
    if (st == COL_WORLD_OK) st = probe(&k, pos);
    st = col__mover_end(&k.m, st, pos, update != NULL);
    if (st != COL_WORLD_OK) return st;
    if (update) set_ground(&k, update);
    if (result) {
        put_ground(&k, result);
        result->position = pos;
        result->moved = col_v3_sub(pos, start);
        result->hit_count = k.m.count;
        result->stepped = stepped;
        result->complete = k.complete;
    }
    return COL_WORLD_OK;
}

col_world_status col_character_move(col_world *w, col_character *c, col_vec3 delta, col_move_hit *hits, size_t cap,
                                    col_character_result *result) {
    return run_character(w, c, c, delta, hits, cap, result);
}

col_world_status col_character_check(col_world *w, const col_character *c, col_vec3 delta, col_move_hit *hits,
                                     size_t cap, col_character_result *result) {
    return run_character(w, c, NULL, delta, hits, cap, result);
}

col_world_status col_character_probe(col_world *w, col_character *c) {
    walker k;
    col_move_def def;
    col_world_status st = begin(&k, &def, w, c, NULL, 0);
    if (st != COL_WORLD_OK) return st;
    k.skin = col__mover_skin(&k.m, k.m.b->offset, col_v3(0, 0, 0));
    col_vec3 at = k.m.b->offset;
    st = probe(&k, at);
    st = col__mover_end(&k.m, st, at, false);
    if (st != COL_WORLD_OK) return st;
    set_ground(&k, c);
    return COL_WORLD_OK;
}
