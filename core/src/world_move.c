/*
 * Moves through the world (collide/motion.h): a body carried along its
 * displacement by sweeps against every other body, with bump.lua's responses
 * (touch, cross, slide, bounce) and the contact planes of one move solved
 * together, as in Box2D v3's mover (solve the planes, cast along the result,
 * clip), here exactly for the small plane sets a move meets.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "world_private.h"

const char *col_response_name(col_response r) {
    switch (r) {
    case COL_RESPONSE_NONE: return "none";
    case COL_RESPONSE_TOUCH: return "touch";
    case COL_RESPONSE_CROSS: return "cross";
    case COL_RESPONSE_SLIDE: return "slide";
    case COL_RESPONSE_BOUNCE: return "bounce";
    }
    return "?";
}

col_world_status col_world_set_skin(col_world *w, col_real skin) {
    if (!w || !col_is_valid_real(skin) || skin < 0) return COL_WORLD_INVALID_ARGUMENT;
    if (w->locked) return COL_WORLD_LOCKED;
    w->skin = skin;
    return COL_WORLD_OK;
}

col_real col_world_skin(const col_world *w) { return w ? w->skin : 0; }

bool col_world_position(const col_world *w, col_body_id id, col_vec3 *out) {
    const body *b = w ? col__world_lookup(w, id) : NULL;
    if (!b) return false;
    if (out) *out = b->offset;
    return true;
}

col_world_status col_world_set_position(col_world *w, col_body_id id, col_vec3 position) {
    if (!w) return COL_WORLD_INVALID_ARGUMENT;
    if (w->locked) return COL_WORLD_LOCKED;
    body *b = col__world_lookup(w, id);
    if (!b) return COL_WORLD_STALE_ID;
    if (b->mesh || !col_v3_is_valid(position)) return COL_WORLD_INVALID_ARGUMENT;
    return col__world_place(w, b, position);
}

col_move_def col_move_def_default(void) {
    col_move_def d;
    memset(&d, 0, sizeof d);
    d.response = COL_RESPONSE_SLIDE;
    d.restitution = COL_R(1.0);
    return d;
}

/* ------------------------------ contact planes ------------------------------ */

/* The planes (unit normals through the mover) a move's slides have met. */
typedef struct plane_set {
    col_vec3 n[COL_MOVE_MAX_PLANES];
    int count;
} plane_set;

static void add_plane(plane_set *ps, col_vec3 n) {
    /* the same plane twice (tiles of one floor) would make a crease of
     * rounding noise */
    for (int i = 0; i < ps->count; ++i)
        if (col_v3_dot(ps->n[i], n) >= COL_R(1.0) - COL_R(64.0) * COL_EPSILON) return;
    if (ps->count == COL_MOVE_MAX_PLANES) {
        memmove(&ps->n[0], &ps->n[1], (COL_MOVE_MAX_PLANES - 1) * sizeof ps->n[0]);
        ps->count--;
    }
    ps->n[ps->count++] = n;
}

/* x enters none of the planes (to rounding: tol). */
static bool feasible(const plane_set *ps, col_vec3 x, col_real tol) {
    for (int i = 0; i < ps->count; ++i)
        if (col_v3_dot(x, ps->n[i]) < -tol) return false;
    return true;
}

static void consider(const plane_set *ps, col_vec3 v, col_vec3 x, col_real tol, col_vec3 *best, col_real *best_d2) {
    col_vec3 d = col_v3_sub(x, v);
    col_real d2 = col_v3_dot(d, d);
    if (d2 < *best_d2 && feasible(ps, x, tol)) {
        *best = x;
        *best_d2 = d2;
    }
}

/*
 * The motion closest to v that enters none of the planes: min |x - v| with
 * x.n_i >= 0 for every i. The optimum lies on a face of the cone the planes
 * cut, so it is v itself, v's projection on one plane, v's projection on the
 * crease of two, or zero: every candidate is tried and the feasible one
 * closest to v kept (the first of equals, in a fixed order).
 */
static col_vec3 clip(const plane_set *ps, col_vec3 v) {
    col_real tol = COL_R(64.0) * COL_EPSILON * col_v3_len(v);
    if (feasible(ps, v, tol)) return v;
    col_vec3 best = col_v3(0, 0, 0);
    col_real best_d2 = col_v3_dot(v, v);
    for (int i = 0; i < ps->count; ++i) {
        col_real vn = col_v3_dot(v, ps->n[i]);
        if (vn < 0) consider(ps, v, col_v3_sub(v, col_v3_scale(ps->n[i], vn)), tol, &best, &best_d2);
    }
    for (int i = 0; i < ps->count; ++i)
        for (int j = i + 1; j < ps->count; ++j) {
            col_vec3 c = col_v3_cross(ps->n[i], ps->n[j]);
            col_real cc = col_v3_dot(c, c);
            if (!(cc > COL_PARALLEL_TOLERANCE)) continue; /* parallel planes: no crease */
            consider(ps, v, col_v3_scale(c, col_v3_dot(v, c) / cc), tol, &best, &best_d2);
        }
    return best;
}

/* ------------------------------ the move ------------------------------ */

static col_real max_abs3(col_vec3 v) { return col_max(col_abs(v.x), col_max(col_abs(v.y), col_abs(v.z))); }

/* The normal by which the mover leaves `other`, which it overlaps or (near)
 * nearly touches (on the other toward the mover; zero when there is none to
 * be had). */
static col_vec3 leave_normal(const body *other, const col_shape *mover, bool near, col_vec3 sweep_normal) {
    if (near) {
        if (other->mesh) return sweep_normal;
        col_distance_result d = col_distance(mover, &other->shape);
        return d.status == COL_MISS ? d.normal : sweep_normal;
    }
    col_shape t;
    const col_shape *target = &other->shape;
    if (other->mesh) {
        int32_t tri;
        memset(&t, 0, sizeof t);
        t.kind = COL_SHAPE_TRIANGLE;
        if (col_mesh_overlaps(other->mesh, mover, &tri, 1) < 1 || !col_mesh_triangle(other->mesh, tri, &t.u.triangle))
            return col_v3(0, 0, 0);
        target = &t;
    }
    col_penetration_result p = col_penetration(mover, target);
    if (p.status == COL_HIT || p.status == COL_NOT_CONVERGED) return p.normal;
    /* touching to the exact test and apart to the penetration's GJK, within
     * its tolerance (an ellipsoid touching a segment's end exactly, 1.8e-10
     * apart to GJK at size 500): the distance's normal, as for a body nearly
     * touched; a zero normal would let the move go straight in
     * (regressions/motion/ellipsoid-touching-a-segments-end-exactly) */
    col_distance_result d = col_distance(mover, target);
    return d.status == COL_MISS ? d.normal : col_v3(0, 0, 0);
}

/* The unit vector opposite v (v not zero; scaled first, so neither a tiny
 * nor a huge v underflows or overflows). */
static col_vec3 against(col_vec3 v) {
    col_vec3 u = col_v3_div(v, -max_abs3(v));
    return col_v3_scale(u, 1 / col_v3_len(u));
}

bool col__body_reachable(const body *b, col_vec3 position, col_vec3 *points) {
    col_shape s;
    col_aabb bounds;
    if (!col_v3_is_valid(position) || !col__shape_translate_valid(&b->base, position, points, &s)) return false;
    return b->is_plane || col__padded_bounds(&s, &bounds);
}

/* Whether the mover's shape overlaps body `slot`. */
static bool overlaps_body(const col_world *w, int32_t slot, const col_shape *shape) {
    const body *o = &w->bodies[slot];
    return o->mesh ? col_mesh_overlap(o->mesh, shape) : col_overlap(shape, &o->shape);
}

static col_response respond(const col__mover *m, int32_t slot, col_real *restitution);

/* A blocking body the mover would enter (the safety net below). */
typedef struct entry {
    int32_t slot;
    col_response response;
    col_real restitution;
} entry;

static bool blocking(col_response r) {
    return r == COL_RESPONSE_TOUCH || r == COL_RESPONSE_SLIDE || r == COL_RESPONSE_BOUNCE;
}

/* Whether the mover at `pos + u remaining` (its shape built in `points` for
 * a polytope, u in [0, 1]) overlaps a blocking body it does not overlap at
 * `from` (the sweep's start); that body in *e. Any body of the world the
 * sweep's broad phase passed, not only those the sweep reported. false when
 * memory runs out (*failed set). */
static bool enters(const col__mover *m, const col_shape *base, const col_shape *from, col_vec3 pos, col_vec3 remaining,
                   col_real u, col_vec3 *points, entry *e, bool *failed) {
    col_shape at;
    if (!col__shape_translate_valid(base, col_v3_add(pos, col_v3_scale(remaining, u)), points, &at)) return true;
    /* the bodies the segment's cast came near hold every one the mover
     * overlaps anywhere along its sweep: no walk of the trees */
    int32_t *slots;
    size_t n = col__world_near_overlaps(m->w, &at, &slots);
    if (n == (size_t)-1) {
        *failed = true;
        return false;
    }
    for (size_t i = 0; i < n; ++i) {
        if (overlaps_body(m->w, slots[i], from)) continue;
        col_real r;
        col_response resp = respond(m, slots[i], &r);
        if (!blocking(resp)) continue;
        e->slot = slots[i];
        e->response = resp;
        e->restitution = r;
        return true;
    }
    return false;
}

/* The largest u in [0, u_max] (to 2^-30 of u_max, by bisection) at which the
 * mover enters no blocking body it was clear of at the sweep's start: u_max
 * itself when it enters none; the body it enters just past the result in *e. */
static col_real clear_until(const col__mover *m, const col_shape *base, const col_shape *from, col_vec3 pos,
                            col_vec3 remaining, col_real u_max, col_vec3 *points, entry *e, bool *failed) {
    if (!enters(m, base, from, pos, remaining, u_max, points, e, failed)) return u_max;
    col_real lo = 0, hi = u_max;
    for (int i = 0; i < 30 && !*failed; ++i) {
        col_real mid = lo + (hi - lo) * COL_R(0.5);
        entry c;
        if (enters(m, base, from, pos, remaining, mid, points, &c, failed)) {
            hi = mid;
            *e = c;
        } else {
            lo = mid;
        }
    }
    return lo;
}

/*
 * How far back (in u, the sweep's fraction of `remaining`, of length len) a
 * stop rests from a contact at u_block, the mover approaching the body at
 * `approach` (-remaining . normal): the skin along the normal; on a grazing
 * approach (under a tenth of the motion) ten skins of path, which leaves less
 * than a skin along the normal. A mover already within the skin of the body
 * (its normal distance at the start is at least approach u_block, the
 * distance along a straight motion being convex) comes no closer: repeated
 * grazing approaches (a point bouncing in a wedge) would otherwise creep to
 * rounding (regressions/motion/wedge-of-bounces-creeps-to-contact).
 */
static col_real back_off(col_real approach, col_real len, col_real skin, col_real u_block) {
    if (approach * u_block <= skin) return u_block;
    return approach > COL_R(0.1) * len ? skin / approach : COL_R(10.0) * skin / len;
}

/* A blocking contact of one sweep. */
typedef struct blocker {
    int32_t slot;
    col_response response;
    col_real restitution;
    col_vec3 normal;
    col_vec3 plane; /* a slide keeps to it (the normal, unless a phase's rules say otherwise) */
    const col_sweep_hit *sweep;
} blocker;

static col_response respond(const col__mover *m, int32_t slot, col_real *restitution) {
    *restitution = m->def->restitution;
    if (!m->def->respond) return m->def->response;
    col_world *w = m->w;
    col_response r = m->def->respond(m->def->ctx, m->id, col__world_id(w, slot), w->bodies[slot].user, restitution);
    if (!col_is_valid_real(*restitution) || *restitution < 0) *restitution = m->def->restitution;
    return r;
}

static void report(col__mover *m, int32_t slot, col_response r, col_real t, const col_sweep_hit *s, col_vec3 normal,
                   col_vec3 position) {
    if (m->count < m->cap) {
        col_move_hit *h = &m->hits[m->count];
        h->other = col__world_id(m->w, slot);
        h->response = r;
        h->t = t;
        h->point = s->point;
        h->normal = normal;
        h->position = position;
        h->initially_overlapping = s->initially_overlapping;
    }
    m->count++;
}

col_world_status col__mover_begin(col__mover *m, col_world *w, col_body_id id, const col_move_def *def,
                                  col_move_hit *hits, size_t cap) {
    memset(m, 0, sizeof *m);
    if (!w || !def || !col_is_valid_real(def->restitution) || def->restitution < 0 || (cap && !hits))
        return COL_WORLD_INVALID_ARGUMENT;
    if (w->locked) return COL_WORLD_LOCKED;
    body *b = col__world_lookup(w, id);
    if (!b) return COL_WORLD_STALE_ID;
    if (b->mesh) return COL_WORLD_INVALID_ARGUMENT;
    m->w = w;
    m->b = b;
    m->def = def;
    m->id = id;
    m->slot = (int32_t)(b - w->bodies);
    m->hits = hits;
    m->cap = cap;
    m->own = (col_filter){b->category, b->mask, NULL, NULL};
    m->filter = def->filter ? def->filter : &m->own;
    m->max_segments = def->max_segments > 0 ? def->max_segments : COL_MOVE_MAX_SEGMENTS;
    /* a second copy of a polytope's points for the shapes the safety net builds */
    if (b->points && !(m->net_points = malloc((size_t)b->base.u.polytope.count * sizeof *m->net_points)))
        return COL_WORLD_NO_MEMORY;
    w->locked = 1;
    return COL_WORLD_OK;
}

col_world_status col__mover_end(col__mover *m, col_world_status status, col_vec3 pos, bool apply) {
    col_world *w = m->w;
    body *b = m->b;
    w->locked = 0;
    free(m->net_points);
    m->net_points = NULL;
    if (status == COL_WORLD_OK && memcmp(&pos, &b->offset, sizeof pos) != 0) {
        if (apply)
            status = col__world_place(w, b, pos);
        else if (!col__body_reachable(b, pos, col__body_spare_points(b)))
            status = COL_WORLD_INVALID_ARGUMENT;
    }
    return status;
}

col_real col__mover_skin(const col__mover *m, col_vec3 start, col_vec3 delta) {
    /* at least 64 eps of the coordinates the move reaches */
    const body *b = m->b;
    col_aabb box;
    col_real reach = max_abs3(delta) + max_abs3(col_v3_sub(start, b->offset));
    if (!b->is_plane && col_shape_bounds(&b->shape, &box)) reach += col_max(max_abs3(box.min), max_abs3(box.max));
    return col_max(m->w->skin, COL_R(64.0) * COL_EPSILON * reach);
}

col_world_status col__mover_path(col__mover *m, col_vec3 start, col_vec3 delta, col_vec3 *end, int *segments_out,
                                 bool *complete_out) {
    col_world *w = m->w;
    body *b = m->b;
    *end = start;
    if (segments_out) *segments_out = 0;
    if (complete_out) *complete_out = true;
    /* the mover's polytope points live in the body's spare copy while it moves */
    col_vec3 *spare = col__body_spare_points(b);
    col_vec3 *net_points = m->net_points;
    if (!col_v3_is_valid(delta) || !col__body_reachable(b, col_v3_add(start, delta), spare))
        return COL_WORLD_INVALID_ARGUMENT;
    col_real skin = col__mover_skin(m, start, delta);
    col_vec3 pos = start, remaining = delta;
    col_real T = 0;
    plane_set planes;
    planes.count = 0;
    int segments = 0;
    bool complete = true;
    col_world_status status = COL_WORLD_OK;
    while (max_abs3(remaining) > COL_R(1e-6) * skin) {
        if (segments == m->max_segments) {
            complete = false;
            break;
        }
        segments++;
        col_shape shape;
        if (!col__shape_translate_valid(&b->base, pos, spare, &shape)) break; /* beyond the coordinate range: stop */
        /* the sweep runs a skin further than the motion (u in (1, ext]),
         * so a motion that would end within the skin of a body, or exactly
         * touching it (a contact at the sweep's very end, where rounding
         * decides), stops the skin short of it as any other */
        col_real len = col_v3_len(remaining);
        col_real ext = len > 0 ? 1 + skin / len : 1;
        col_vec3 reach_by = col_v3_scale(remaining, ext);
        if (!col_v3_is_valid(reach_by)) { /* beyond the coordinate range */
            status = COL_WORLD_INVALID_ARGUMENT;
            break;
        }
        col__world_hit *list;
        size_t n = col__world_cast_locked(w, &shape, reach_by, m->filter, m->slot, &list);
        if (n == (size_t)-1) {
            status = COL_WORLD_NO_MEMORY;
            break;
        }
        /* "overlapping at the start" means overlapping (col_overlap): a
         * general sweep also says so for a body within its tolerance, which
         * is a contact at t = 0 here */
        for (size_t i = 0; i < n; ++i)
            if (list[i].sweep.initially_overlapping && !overlaps_body(w, list[i].slot, &shape)) {
                list[i].sweep.initially_overlapping = false;
                list[i].sweep.t0 = 0;
                list[i].near = true;
                /* its normal from the distance; when there is none to be
                 * had (two points 1e-192 apart), against the motion */
                col_vec3 nn = leave_normal(&w->bodies[list[i].slot], &shape, true, list[i].sweep.normal);
                if (nn.x == 0 && nn.y == 0 && nn.z == 0) nn = against(remaining);
                list[i].sweep.normal = nn;
            }
        /* pass 1, in order of (t, id) up to the first blocking time: each
         * body's response, and the blocking contacts at that time (ties:
         * every one); the blocking contacts a skin of path later are
         * candidates for the same stop (see below) */
        blocker block[2 * COL_MOVE_MAX_PLANES];
        size_t later[COL_MOVE_MAX_PLANES];
        int nblock = 0, nlater = 0;
        col_real u_block = COL_R(2.0), window = COL_R(2.0);
        size_t seen = 0;
        for (; seen < n && list[seen].sweep.t0 * ext <= window; ++seen) {
            col__world_hit *h = &list[seen];
            h->response = respond(m, h->slot, &h->restitution);
            h->normal = h->sweep.normal;
            h->blocking = false;
            if (!blocking(h->response)) continue;
            if (h->sweep.initially_overlapping || h->near) {
                if (!h->near) h->normal = leave_normal(&w->bodies[h->slot], &shape, false, h->sweep.normal);
                if (col_v3_dot(remaining, h->normal) >= 0) continue; /* leaving it, or along it: free */
            }
            if (nblock > 0 && h->sweep.t0 * ext > u_block) {
                if (nlater < COL_MOVE_MAX_PLANES) later[nlater++] = seen;
                continue;
            }
            if (nblock == COL_MOVE_MAX_PLANES) continue;
            h->blocking = true;
            u_block = h->sweep.t0 * ext;
            window = len > 0 ? u_block + skin / len : u_block;
            block[nblock++] = (blocker){h->slot, h->response, h->restitution, h->normal, h->normal, &h->sweep};
        }
        /* where the mover stops: short of the contact by the skin along the
         * normal (the distance along a straight motion is convex, so it falls
         * no slower than at the contact), or on a grazing approach by ten
         * skins of path; the largest back-off of the contacts at that time */
        col_real u_safe = 1;
        if (nblock > 0) {
            col_real back = 0;
            for (int k = 0; k < nblock && len > 0; ++k)
                back = col_max(back, back_off(-col_v3_dot(remaining, block[k].normal), len, skin, u_block));
            u_safe = col_max(u_block - back, COL_R(0.0));
            if (u_safe >= 1) { /* the motion ends before the skin: nothing stops it */
                u_safe = 1;
                nblock = 0;
                for (size_t i = 0; i < seen; ++i) list[i].blocking = false;
            }
        }
        /* the safety net: a sweep by conservative advancement can report a
         * grazing contact late (its step along a normal known only to
         * rounding, from a start a hair from the body); the mover never ends
         * a sweep inside a blocking body it was clear of at its start */
        col_sweep_hit missed; /* the record of a body the safety net found */
        if (u_safe > 0) {
            entry e;
            bool failed = false;
            col_real clear = clear_until(m, &b->base, &shape, pos, remaining, u_safe, net_points, &e, &failed);
            if (failed) {
                status = COL_WORLD_NO_MEMORY;
                break;
            }
            if (clear < u_safe) {
                /* the body's normal where the mover still clears it (the
                 * reverse of the motion when there is none to be had), and
                 * the skin's back-off from there */
                const body *o = &w->bodies[e.slot];
                memset(&missed, 0, sizeof missed);
                missed.status = COL_HIT;
                col_vec3 normal = col_v3(0, 0, 0);
                col_shape at;
                if (col__shape_translate_valid(&b->base, col_v3_add(pos, col_v3_scale(remaining, clear)), net_points,
                                               &at)) {
                    normal = leave_normal(o, &at, true, col_v3(0, 0, 0));
                    if (!o->mesh) missed.point = col_distance(&at, &o->shape).point_b;
                }
                if (normal.x == 0 && normal.y == 0 && normal.z == 0) normal = col_v3_scale(remaining, -1 / len);
                col_real back = back_off(-col_v3_dot(remaining, normal), len, skin, clear);
                u_safe = col_max(clear - back, COL_R(0.0));
                /* the backed-off stop checked too: along a grazing path within
                 * rounding of a body, the rounded positions wander across its
                 * boundary, so one before a clear one may enter it (a point
                 * in a crease of a capsule and a plane:
                 * regressions/motion/grazing-back-off-enters-a-capsule);
                 * then the stop is the clear one itself */
                entry again;
                if (u_safe < clear && enters(m, &b->base, &shape, pos, remaining, u_safe, net_points, &again, &failed))
                    u_safe = clear;
                if (failed) {
                    status = COL_WORLD_NO_MEMORY;
                    break;
                }
                missed.normal = normal;
                missed.t0 = clear;
                if (nblock == 0) { /* the stop is the body the sweep missed */
                    u_block = clear;
                    block[nblock++] = (blocker){e.slot, e.response, e.restitution, normal, normal, &missed};
                }
            }
        }
        col_vec3 rest_pos = nblock > 0 ? col_v3_add(pos, col_v3_scale(remaining, u_safe)) : col_v3_add(pos, remaining);
        /* the later candidates the mover rests within the skin of (by the
         * distance at the stop, with its normal) meet it at the same stop:
         * a corner, or a crease of a floor and a wall reached at times only
         * rounding tells apart, is solved at once, as Box2D v3's mover
         * collects its planes before it solves them (a sweep per plane
         * otherwise). A candidate whose sweep met it at an ill-defined normal
         * (a tile's corner reached as the mover lands on its neighbour) lies
         * further and waits for a sweep of its own. */
        if (nblock > 0 && nlater > 0) {
            col_shape at;
            bool placed = col__shape_translate_valid(&b->base, rest_pos, net_points, &at);
            for (int k = 0; k < nlater && placed && nblock < 2 * COL_MOVE_MAX_PLANES; ++k) {
                col__world_hit *h = &list[later[k]];
                const body *o = &w->bodies[h->slot];
                if (o->mesh) continue;
                col_distance_result d = col_distance(&at, &o->shape);
                if (d.status != COL_MISS || !(d.distance <= skin * COL_R(1.0625)) ||
                    col_v3_dot(remaining, d.normal) >= 0)
                    continue;
                h->blocking = true;
                h->normal = d.normal;
                h->sweep.normal = d.normal;
                h->sweep.point = d.point_b;
                block[nblock++] = (blocker){h->slot, h->response, h->restitution, h->normal, h->normal, &h->sweep};
            }
            /* the contacts of one stop in order of body id (slot) */
            for (int i = 1; i < nblock; ++i)
                for (int j = i; j > 0 && block[j].slot < block[j - 1].slot; --j) {
                    blocker t = block[j];
                    block[j] = block[j - 1];
                    block[j - 1] = t;
                }
        }
        /* pass 2: the reports, in order: entries of crossed bodies reached
         * (overlapping at a later sweep's start is no new entry), bodies the
         * first sweep starts in and leaves, then the stop */
        for (size_t i = 0; i < seen; ++i) {
            const col__world_hit *h = &list[i];
            col_real u = h->sweep.t0 * ext;
            if (h->blocking || h->response == COL_RESPONSE_NONE || u > u_safe) continue;
            if (h->sweep.initially_overlapping && segments > 1) continue;
            /* a body the mover starts a hair from (not in) and leaves, or
             * moves along, is no contact */
            if (h->near && col_v3_dot(remaining, h->sweep.normal) >= 0) continue;
            report(m, h->slot, h->response, T + u * (1 - T), &h->sweep, h->normal,
                   col_v3_add(pos, col_v3_scale(remaining, u)));
        }
        if (nblock == 0) {
            pos = rest_pos;
            T = 1;
            break;
        }
        col_real t_hit = T + u_safe * (1 - T); /* when it stopped there: hits stay in order of t */
        bool touch = false;
        int bounce = -1;
        for (int k = 0; k < nblock; ++k) {
            /* a phase's own rules (the character's) may change the response
             * and the plane a slide keeps to */
            block[k].plane = block[k].normal;
            if (m->contact)
                block[k].response = m->contact(m->contact_ctx, block[k].slot, block[k].response, block[k].sweep,
                                               block[k].normal, &block[k].plane);
            report(m, block[k].slot, block[k].response, t_hit, block[k].sweep, block[k].normal, rest_pos);
            touch = touch || block[k].response == COL_RESPONSE_TOUCH;
            if (bounce < 0 && block[k].response == COL_RESPONSE_BOUNCE) bounce = k;
        }
        col_vec3 rest = col_v3_scale(remaining, 1 - u_safe);
        pos = rest_pos;
        T += u_safe * (1 - T);
        if (touch) {
            remaining = col_v3(0, 0, 0);
            m->velocity = remaining;
        } else if (bounce >= 0) {
            col_vec3 nb = block[bounce].normal;
            col_real e = 1 + block[bounce].restitution;
            col_real rn = col_v3_dot(rest, nb), vn = col_v3_dot(m->velocity, nb);
            if (rn < 0) rest = col_v3_sub(rest, col_v3_scale(nb, e * rn));
            if (vn < 0) m->velocity = col_v3_sub(m->velocity, col_v3_scale(nb, e * vn));
            planes.count = 0;
            remaining = rest;
        } else {
            for (int k = 0; k < nblock; ++k) add_plane(&planes, block[k].plane);
            m->velocity = clip(&planes, m->velocity);
            col_vec3 next = clip(&planes, rest);
            /* no progress and nothing changed: stuck (a further sweep would
             * find the same) */
            if (u_safe == 0 && memcmp(&next, &remaining, sizeof next) == 0)
                remaining = col_v3(0, 0, 0);
            else
                remaining = next;
        }
    }
    *end = pos;
    if (segments_out) *segments_out = segments;
    if (complete_out) *complete_out = complete;
    return status;
}

static col_world_status run_move(col_world *w, col_body_id id, col_vec3 delta, const col_move_def *def,
                                 col_move_hit *hits, size_t cap, col_move_result *result, bool apply) {
    if (result) memset(result, 0, sizeof *result);
    if (!col_v3_is_valid(delta)) return COL_WORLD_INVALID_ARGUMENT;
    col__mover m;
    col_world_status status = col__mover_begin(&m, w, id, def, hits, cap);
    if (status != COL_WORLD_OK) return status;
    col_vec3 start = m.b->offset, pos;
    int segments;
    bool complete;
    status = col__mover_path(&m, start, delta, &pos, &segments, &complete);
    status = col__mover_end(&m, status, pos, apply);
    if (status != COL_WORLD_OK) return status;
    if (result) {
        result->position = pos;
        result->moved = col_v3_sub(pos, start);
        result->hit_count = m.count;
        result->segments = segments;
        result->complete = complete;
    }
    return COL_WORLD_OK;
}

col_world_status col_world_move(col_world *w, col_body_id id, col_vec3 delta, const col_move_def *def,
                                col_move_hit *hits, size_t cap, col_move_result *result) {
    return run_move(w, id, delta, def, hits, cap, result, true);
}

col_world_status col_world_check(col_world *w, col_body_id id, col_vec3 delta, const col_move_def *def,
                                 col_move_hit *hits, size_t cap, col_move_result *result) {
    return run_move(w, id, delta, def, hits, cap, result, false);
}
