/*
 * Private parts of the world (world.c, world_move.c): body slots, the world
 * itself, ids, and the internal cast the moves run while the world is
 * locked. Not part of the public API.
 */
#ifndef COLLIDE_SRC_WORLD_PRIVATE_H
#define COLLIDE_SRC_WORLD_PRIVATE_H

#include "collide/motion.h"
#include "collide/kdop_tree.h"
#include "collide/world.h"
#include "pairs.h"
#include "tree_private.h"

/*
 * A body. Its shape is `base` (as given to add or set_shape) translated by
 * `offset` (the sum of its moves since): one rounding from the shape as
 * given, however many moves, so a shape never drifts out of its form. A
 * polytope's points are the world's own: `points` holds 2 count points, the
 * base's and then the translated shape's.
 */
typedef struct body {
    col_shape shape;      /* in the world: base + offset; kind COL_SHAPE_KIND_COUNT for a mesh body */
    col_shape base;       /* as given */
    col_vec3 offset;      /* translation of base (0 until the body moves) */
    col_vec3 *points;     /* a polytope's points (owned), else NULL */
    const col_mesh *mesh; /* a mesh body's mesh (borrowed), else NULL */
    col_aabb bounds;      /* the padded bounds (not for a plane) */
    void *user;
    uint64_t category, mask;
    uint32_t generation;
    int32_t proxy;     /* in trees[is_static ? 0 : 1]; COL_TREE_NULL for a plane */
    int32_t next_free; /* free slots, chained */
    col_vec3 velocity; /* for col_world_step */
    bool live, is_static, is_plane, is_sensor;
} body;

/* A polytope body's translated copy not in use by its shape (where a move
 * builds shapes and col__world_place writes the next one); NULL for other
 * bodies. */
static inline col_vec3 *col__body_spare_points(const body *b) {
    if (!b->points) return NULL;
    int n = b->base.u.polytope.count;
    return b->shape.u.polytope.points == b->points + n ? b->points + 2 * n : b->points + n;
}

/* A shape cast's hit on a body, as the internal cast reports it. */
typedef struct col__world_hit {
    int32_t slot;
    col_sweep_hit sweep;
    /* the move's own notes */
    col_response response;
    col_real restitution;
    col_vec3 normal;
    bool blocking;
    bool near; /* the sweep said overlapping at the start; col_overlap says apart */
} col__world_hit;

struct col_world {
    body *bodies;
    int32_t slot_count, slot_cap, free_slot;
    size_t live, static_count, plane_count;
    col_tree trees[2]; /* 0: static (no margin), 1: movable (fat boxes) */
    /* leaves reinserted into trees[1] (a move out of its fat box), ever: a
     * step compares it before and after (col__world_tidy_movable) */
    uint64_t movable_reinserts;
    /* the static bodies' k-DOP tree (col_world_set_static_kdop): of k
     * kdop_k (0: off), built at static_version (kdop_version; bumped by
     * every change to trees[0]), its users the bodies' slots */
    int kdop_k;
    uint64_t static_version, kdop_version;
    col_kdop_tree kdop;
    int32_t *planes; /* slots of the plane bodies */
    size_t planes_cap;
    int locked;
    col_real skin;    /* moves rest this far from what stops them (motion.h) */
    bool brute_force; /* queries scan every body, not the trees (col_world_set_brute_force) */
    /* scratch of the queries, reused */
    void *scratch;
    size_t scratch_bytes;
    col__world_hit *move_hits; /* the moves' casts */
    size_t move_hits_cap;
    int32_t *move_slots; /* the moves' overlap queries */
    size_t move_slots_cap;
    int32_t *move_near; /* the bodies the last move's cast came near (col__world_cast_locked) */
    size_t move_near_count, move_near_cap;
    /* stepping (world_step.c): the pairs overlapping after the last step,
     * sorted, and the events of a step */
    struct col__pair_ids *overlaps;
    size_t overlap_count, overlap_cap;
    struct col_event *events;
    size_t event_count, event_cap;
};

/* After a step's moves: rebuilds the movable tree where the step reinserted
 * many of its leaves (world.c). */
void col__world_tidy_movable(col_world *w, uint64_t reinserted);

static inline col_body_id col__world_id(const col_world *w, int32_t slot) {
    return ((uint64_t)w->bodies[slot].generation << 32) | (uint64_t)(uint32_t)(slot + 1);
}

static inline body *col__world_lookup(const col_world *w, col_body_id id) {
    uint64_t low = id & 0xffffffffu;
    if (low == 0 || low > (uint64_t)w->slot_count) return NULL;
    body *b = &w->bodies[low - 1];
    return b->live && b->generation == (uint32_t)(id >> 32) ? b : NULL;
}

/*
 * Every body but `skip` (a slot, or COL_TREE_NULL) whose masks pass `filter`
 * (its accept callback is not run) that `shape` meets moving by delta, by
 * (t0, slot): *hits points to them (the world's, valid until the next
 * cast). The caller holds the lock. Returns the count, or (size_t)-1 when
 * memory runs out. The cast also leaves in w->move_near (by slot) every body
 * its broad phase passed to the narrow phase: a superset of the bodies
 * `shape` overlaps anywhere along the motion (the trees' boxes and the
 * shape's padded bounds are conservative), which col__world_near_overlaps
 * tests without a walk of the trees.
 */
size_t col__world_cast_locked(col_world *w, const col_shape *shape, col_vec3 delta, const col_filter *filter,
                              int32_t skip, col__world_hit **hits);

/*
 * Every body but `skip` whose masks pass `filter` (its accept callback is
 * not run) that `shape` overlaps, by slot: *slots points to them (the
 * world's, valid until the next call). The caller holds the lock. Returns
 * the count, or (size_t)-1 when memory runs out.
 */
size_t col__world_overlaps_locked(col_world *w, const col_shape *shape, const col_filter *filter, int32_t skip,
                                  int32_t **slots);

/*
 * The bodies of w->move_near (the last cast's, see above) that `shape`
 * overlaps, by slot, as col__world_overlaps_locked would find them for a
 * shape within the cast's motion: *slots points to them (valid until the
 * next call). Returns the count, or (size_t)-1 when memory runs out.
 */
size_t col__world_near_overlaps(col_world *w, const col_shape *shape, int32_t **slots);

/*
 * The rules of one phase of a move (the character's, world_character.c):
 * called at every stop for each blocking contact with the response it got
 * (touch, slide or bounce), the contact and its normal (on the other body,
 * toward the mover); returns the response the move applies (touch, slide or
 * bounce) and may change *plane (preset to the normal), the plane a slide
 * keeps to.
 */
typedef col_response col__contact_fn(void *ctx, int32_t slot, col_response r, const col_sweep_hit *contact,
                                     col_vec3 normal, col_vec3 *plane);

/* A move in progress (world_move.c): the body, its rules, its hits. */
typedef struct col__mover {
    col_world *w;
    body *b;
    const col_move_def *def;
    const col_filter *filter; /* def's, or `own` */
    col_filter own;           /* the body's masks */
    col_body_id id;
    int32_t slot;
    int max_segments;         /* of one path */
    col_move_hit *hits;       /* the caller's buffer */
    size_t cap, count;        /* count: hits in all, also those past cap */
    col_vec3 *net_points;     /* a polytope's points for the safety net's shapes (owned) */
    col_vec3 velocity;        /* changed at each stop as the motion is (touch, bounce, slide) */
    col__contact_fn *contact; /* NULL: the responses as the def gives them */
    void *contact_ctx;
} col__mover;

/* Starts a move of body `id` (validating def, hits and cap as col_world_move
 * does) and locks the world. Nothing to end when it fails. */
col_world_status col__mover_begin(col__mover *m, col_world *w, col_body_id id, const col_move_def *def,
                                  col_move_hit *hits, size_t cap);

/* One path of the move: the body (its shape translated to `start`, not
 * necessarily where it is) carried along delta as col_world_move does, its
 * hits appended to m's; the end in *end. COL_WORLD_INVALID_ARGUMENT for a
 * delta that is not finite or ends beyond the coordinate range. */
col_world_status col__mover_path(col__mover *m, col_vec3 start, col_vec3 delta, col_vec3 *end, int *segments,
                                 bool *complete);

/* The skin a path of m from start along delta keeps (the world's, or 64
 * eps of the coordinates it reaches when that is more: motion.h). */
col_real col__mover_skin(const col__mover *m, col_vec3 start, col_vec3 delta);

/* Whether body b could be placed at `position` (what col__world_place would
 * not refuse for the coordinate range); `points` is room for a polytope's. */
bool col__body_reachable(const body *b, col_vec3 position, col_vec3 *points);

/* Ends the move begun by col__mover_begin: unlocks the world, and when
 * status is COL_WORLD_OK places the body at pos (apply) or checks that it
 * could be. Returns the move's status. */
col_world_status col__mover_end(col__mover *m, col_world_status status, col_vec3 pos, bool apply);

/* Moves body b to base + offset (its shape, bounds and leaf).
 * COL_WORLD_INVALID_ARGUMENT for a mesh body or a translated shape that is
 * invalid (beyond the coordinate range), COL_WORLD_NO_MEMORY; nothing
 * changes then. */
col_world_status col__world_place(col_world *w, body *b, col_vec3 offset);

#endif /* COLLIDE_SRC_WORLD_PRIVATE_H */
