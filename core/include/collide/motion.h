/*
 * collide/motion.h — bodies that move through a world (collide/world.h)
 * without ever passing through anything.
 *
 * Position. A body's shape is the shape it was given (col_world_add,
 * col_world_set_shape) translated by its position, which starts at (0, 0, 0)
 * and changes as the body moves. The translated shape is computed from the
 * given one each time (one rounding), so a shape keeps its form exactly
 * however many moves it makes.
 *
 * Moves. col_world_move carries a body along a displacement through the
 * world, as a series of sweeps (col_sweep: closed forms where they exist,
 * conservative advancement otherwise), so nothing is passed through at any
 * speed. For each body met a response decides what happens (the vocabulary of
 * bump.lua, in 3D):
 *   touch   stop at the contact;
 *   cross   pass through it (the entry is reported);
 *   slide   keep the part of the remaining motion that does not enter it;
 *   bounce  reflect the remaining motion off it, scaled by a restitution;
 *   none    ignore it (not reported).
 * A move that stops at a body rests `skin` short of the contact along the
 * approach (see col_world_set_skin), so bodies never rest in exact contact
 * and the next move starts clear. Contacts of one move are solved together
 * as planes: after each slide the remaining motion is the one closest to it
 * that enters none of the planes met so far in this move (one plane: its
 * tangent part; two: along their crease; three independent ones: none), so
 * corners, creases and floors of many tiles neither stop nor trap the body.
 * The contacts of one stop are those at the first contact's time and those
 * met within a skin of path after it that the mover, at the stop, rests
 * within the skin of (by col_distance, whose normal they take): a crease
 * whose two walls the sweep meets at times only rounding tells apart is one
 * stop, not two. A bounce starts a new set of planes. Each sweep's stop is checked: should
 * the mover there overlap a blocking body it was clear of when the sweep
 * started (a general sweep can report a grazing contact late: its steps
 * follow a normal known only to rounding), the stop moves back, by
 * bisection, to where it overlaps none. Every approach counts: a body met
 * again later in the same move (a ball between two walls) stops or deflects
 * it again. A move runs at most max_segments sweeps; what is left after the
 * last is dropped (result.complete false).
 *
 * Time. A move takes the body from time 0 to time 1 along its displacement;
 * after a slide or bounce the remaining time carries the changed motion. A
 * hit's t is when it took effect on that scale: for a crossing, the entry;
 * for a blocking response, the time the mover stopped at the contact (the
 * skin short of it, where `position` says). So the hits of a move come in
 * order of t (then body id).
 *
 * Overlap at the start. A body the mover overlaps when a sweep starts is a
 * hit with `initially_overlapping` set and t at the segment's start. Blocking
 * responses then keep the move from going deeper: motion away from it (along
 * the normal by which the mover would leave it: col_penetration, or for a
 * mesh the first triangle it overlaps) is free, motion into it is stopped
 * (touch), clipped (slide) or reflected (bounce). A crossed body is reported
 * once per entry: overlapping it at the start of a later sweep of the same
 * move is no new entry. A body the mover starts touching to rounding (the
 * sweep's tolerance; apart by col_overlap) is met only when the motion goes
 * into it (along the normal by which they are apart); leaving it, or moving
 * along it, is no hit.
 *
 * The world is locked during a move: a response callback cannot change it
 * (COL_WORLD_LOCKED), and queries from one fail the same way.
 *
 * Mesh bodies do not move (COL_WORLD_INVALID_ARGUMENT); other bodies move
 * among them and are stopped by them.
 */
#ifndef COLLIDE_MOTION_H
#define COLLIDE_MOTION_H

#include "collide/world.h"

COL_EXTERN_C_BEGIN

/* What a move does at a body it meets (see above). */
typedef enum col_response {
    COL_RESPONSE_NONE = 0,
    COL_RESPONSE_TOUCH,
    COL_RESPONSE_CROSS,
    COL_RESPONSE_SLIDE,
    COL_RESPONSE_BOUNCE
} col_response;

/* "none", "touch", "cross", "slide", "bounce" ("?" for other values). */
COL_API const char *col_response_name(col_response r);

/* Default skin of a world (length units): see col_world_set_skin. */
#define COL_WORLD_DEFAULT_SKIN COL_R(1e-3)

/* Default cap on the sweeps of one move. */
#define COL_MOVE_MAX_SEGMENTS 16

/* Planes one move remembers for its slides (more are merged into the set by
 * dropping the oldest). */
#define COL_MOVE_MAX_PLANES 8

/*
 * The distance a stopped move rests short of the contact (finite, >= 0;
 * COL_WORLD_DEFAULT_SKIN at first). The skin a move uses is at least 256 eps
 * times the largest coordinate of the mover's bounds, so far from the origin
 * (and in float) it stays above the rounding of the positions. Measured along
 * the contact normal; on a grazing approach (the motion within about 6
 * degrees of the surface) the mover backs off ten skins along its path
 * instead, which leaves less than a skin along the normal but never contact.
 */
COL_API col_world_status col_world_set_skin(col_world *w, col_real skin);
COL_API col_real col_world_skin(const col_world *w);

/* A body's position: the translation of the shape it was given (false for a
 * stale id). */
COL_API bool col_world_position(const col_world *w, col_body_id id, col_vec3 *out);

/*
 * Puts a body at a position without sweeping (a teleport: it may end up
 * overlapping others). COL_WORLD_INVALID_ARGUMENT for a non-finite position,
 * a mesh body, or a position whose translated shape leaves the coordinate
 * range (col_world_add's limits); nothing changes then.
 */
COL_API col_world_status col_world_set_position(col_world *w, col_body_id id, col_vec3 position);

/* The response to `other` of a body moving (`mover`); may lower or raise
 * *restitution (the bounce's, preset to the move's). */
typedef col_response col_response_fn(void *ctx, col_body_id mover, col_body_id other, void *other_user,
                                     col_real *restitution);

/* How to move. col_move_def_default: every body the mover's masks pass
 * slides it, restitution 1, the world's skin, COL_MOVE_MAX_SEGMENTS. */
typedef struct col_move_def {
    /* which bodies the move meets: when NULL, those whose masks pass the
     * mover's (its category and mask as a filter); when set, this filter's */
    const col_filter *filter;
    col_response_fn *respond; /* NULL: `response` for every body */
    void *ctx;
    col_response response;
    col_real restitution; /* of a bounce: 1 keeps the speed, 0 stops along the normal (finite, >= 0) */
    int max_segments;     /* <= 0: COL_MOVE_MAX_SEGMENTS */
} col_move_def;

/* The defaults above (slide everything the mover's masks pass). */
COL_API col_move_def col_move_def_default(void);

/* A body a move met. */
typedef struct col_move_hit {
    col_body_id other;
    col_response response;
    col_real t;                 /* when it took effect in the move, [0, 1] (see Time) */
    col_vec3 point;             /* contact point (world space) */
    col_vec3 normal;            /* unit, on `other` toward the mover */
    col_vec3 position;          /* the mover's position then (where it stopped, for a blocking response) */
    bool initially_overlapping; /* overlapping when its sweep started (t is that sweep's start) */
} col_move_hit;

/* What a move did. */
typedef struct col_move_result {
    col_vec3 position; /* the mover's position after the move */
    col_vec3 moved;    /* position after - position before */
    size_t hit_count;  /* hits in all (may exceed the caller's cap) */
    int segments;      /* sweeps cast */
    bool complete;     /* false when max_segments ended it with motion left */
} col_move_result;

/*
 * Moves body `id` by `delta` through the world (see above), writing up to
 * `cap` hits to `hits` (NULL with cap 0: none) in order of (t, body id) and a
 * summary to *result (may be NULL). The body's own shape never stops it.
 * COL_WORLD_INVALID_ARGUMENT for a non-finite delta, a NULL or invalid def
 * (restitution), a mesh body, or a move whose end leaves the coordinate
 * range (col_world_add's limits); COL_WORLD_STALE_ID, COL_WORLD_LOCKED,
 * COL_WORLD_NO_MEMORY as elsewhere. The body moves only on COL_WORLD_OK.
 */
COL_API col_world_status col_world_move(col_world *w, col_body_id id, col_vec3 delta, const col_move_def *def,
                                        col_move_hit *hits, size_t cap, col_move_result *result);

/* The same move, computed without moving the body. */
COL_API col_world_status col_world_check(col_world *w, col_body_id id, col_vec3 delta, const col_move_def *def,
                                         col_move_hit *hits, size_t cap, col_move_result *result);

COL_EXTERN_C_END

#endif /* COLLIDE_MOTION_H */
