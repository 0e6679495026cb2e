/*
 * collide/step.h — stepping a world (collide/world.h): bodies with
 * velocities, moved together by one call, with events.
 *
 * Velocity. Every movable body has one ((0, 0, 0) at first); a step of dt
 * moves each movable body with a non-zero velocity by velocity * dt, one
 * after another in order of body id, the others staying where they are
 * during each move. Static and mesh bodies never move.
 *
 * Modes.
 *   swept     each body moves by col_world_move (collide/motion.h): sweeps,
 *             so nothing passes through anything at any speed. The step's
 *             responses (its respond callback, or its one response; slide
 *             by default) decide what a body does at what it meets, and its
 *             velocity changes as its motion does: a touch stops it, a
 *             slide keeps the part along the contact planes, a bounce
 *             reflects it (with the restitution).
 *   discrete  each body jumps to position + velocity * dt and is tested
 *             there only: what it passed on the way is missed (tunnelling,
 *             on purpose, to compare), and it may end inside others.
 *             Velocities do not change.
 *
 * The broad phase. A step whose moves took at least half the movable
 * tree's leaves (1024 or more) out of their fat boxes rebuilds that tree by
 * binned SAH after them (as col_world_optimize does): a crowd moving a few
 * units a step keeps a tree as good as a fresh build, for about what the
 * reinsertions themselves cost. Results never depend on the tree's shape
 * (see Events).
 *
 * Sensors (col_body_def.is_sensor) never block: moves cross them (reported
 * as hits with COL_RESPONSE_CROSS), and a moving sensor passes through
 * everything.
 *
 * Events. A step reports
 *   hit    a body met another during its swept move (the move's hits:
 *          a = the mover, b = the other, t = when it took effect in the
 *          step, in [0, 1], its response, point and normal; a body crossed
 *          that the mover was inside when the step began is no new hit);
 *   begin  a pair of bodies (one of them movable) that overlaps after the
 *          step and did not after the last one (a < b, t = 1);
 *   end    a pair that overlapped after the last step and does not now (or
 *          one of whose bodies was removed; a < b, t = 1).
 * Overlap means col_overlap of the shapes (col_mesh_overlap for a mesh)
 * between bodies whose masks pass each other's category. Events come in
 * order of (t, a, b, kind) — never of memory, hash or tree shape (a world
 * forced to brute force, col_world_set_brute_force, gives the same bytes).
 * Sources: the responses are bump.lua's (collide/motion.h); begin / end /
 * hit events and sensors as in Box2D v3's contact and sensor events.
 */
#ifndef COLLIDE_STEP_H
#define COLLIDE_STEP_H

#include "collide/motion.h"

COL_EXTERN_C_BEGIN

typedef enum col_step_mode { COL_STEP_SWEPT = 0, COL_STEP_DISCRETE } col_step_mode;

/* "swept", "discrete" ("?" for other values). */
COL_API const char *col_step_mode_name(col_step_mode m);

typedef enum col_event_kind { COL_EVENT_HIT = 0, COL_EVENT_BEGIN, COL_EVENT_END } col_event_kind;

/* "hit", "begin", "end" ("?" for other values). */
COL_API const char *col_event_kind_name(col_event_kind k);

/* An event of a step (see above). */
typedef struct col_event {
    col_event_kind kind;
    col_body_id a, b;
    col_real t;
    col_response response;  /* a hit's (COL_RESPONSE_NONE for begin and end) */
    col_vec3 point, normal; /* a hit's contact and unit normal (on b toward a); zero for begin and end */
} col_event;

/* A movable body's velocity (length units per time unit). INVALID_ARGUMENT
 * for a non-finite velocity, a static or mesh body; STALE_ID, LOCKED. */
COL_API col_world_status col_world_set_velocity(col_world *w, col_body_id id, col_vec3 v);

/* A body's velocity (false for a stale id; (0, 0, 0) for a static body). */
COL_API bool col_world_velocity(const col_world *w, col_body_id id, col_vec3 *out);

/* Whether a body is a sensor (false for a stale id). */
COL_API bool col_world_is_sensor(const col_world *w, col_body_id id);

/* How to step. col_step_def_default: swept, every body slides the movers
 * (sensors are crossed), restitution 1. */
typedef struct col_step_def {
    col_step_mode mode;
    col_response_fn *respond; /* as col_move_def's (not asked about sensors); NULL: `response` */
    void *ctx;
    col_response response;
    col_real restitution; /* finite, >= 0 */
} col_step_def;

/* The defaults above. */
COL_API col_step_def col_step_def_default(void);

/* What a step did. */
typedef struct col_step_result {
    size_t event_count; /* events in all (may exceed the caller's cap) */
    size_t moved;       /* bodies that moved */
} col_step_result;

/*
 * Steps the world by dt (finite, >= 0): moves every movable body with a
 * velocity (see above) and writes up to `cap` events to `events` (NULL with
 * cap 0: none) in order, and a summary to *result (may be NULL).
 * COL_WORLD_INVALID_ARGUMENT for a bad dt or def, or when a body would
 * leave the coordinate range (nothing moves then, in discrete mode; in swept
 * mode the bodies before it in id order have moved); LOCKED, NO_MEMORY as
 * elsewhere.
 */
COL_API col_world_status col_world_step(col_world *w, col_real dt, const col_step_def *def, col_event *events,
                                        size_t cap, col_step_result *result);

/* The events of the last step (all of them, also those past the caller's
 * cap), in order; valid until the next step or the world's destruction. Their
 * count in *count (may be NULL); NULL with 0 before the first step. */
COL_API const col_event *col_world_events(const col_world *w, size_t *count);

COL_EXTERN_C_END

#endif /* COLLIDE_STEP_H */
