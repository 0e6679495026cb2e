/*
 * collide/character.h — a character mover: a body (a capsule, standing on
 * its axis, is what it is made for) walked through a world (collide/world.h)
 * by the moves of collide/motion.h, with the rules games give characters:
 *
 *   up            the character's up (a unit vector; (0, 1, 0) by default);
 *   ground        a surface whose normal is within max_slope of up is
 *                 walkable: falling onto it stops there (no sliding down a
 *                 gentle slope under gravity); a steeper one is not: the
 *                 character slides down it and cannot walk up it (walking
 *                 into it slides along it horizontally, as along a wall);
 *   steps         walking into something that stops it while on the ground,
 *                 the character tries the same walk raised by step_height
 *                 (across up only) and lowered again: it keeps that when it
 *                 lands on walkable ground at most step_height above where
 *                 it stood and further than the plain walk went (it climbed
 *                 a step); a wall taller than the step stops it as before;
 *   snap          walking on the ground without rising (down stairs, over
 *                 the crest of a slope), the character follows the ground
 *                 down by up to `snap` instead of leaving it;
 *   ground state  after every move, what it stands on: walkable ground,
 *                 steep ground, or nothing (in the air), with the normal,
 *                 point and body.
 *
 * Seams. A floor built of many boxes or triangles meets the character at
 * their shared edges too, where an edge's contact normal points sideways (a
 * "ghost" or internal-edge contact, the classic cause of characters catching
 * on tile seams). The character does not catch: it rests a skin above the
 * floor (so walking along a flat floor meets no edge at all); an edge a hair
 * higher than its neighbour meets a capsule's rounded bottom with a
 * near-vertical normal, which is walkable, so it is walked over (a capsule
 * of radius r walks over edges up to r (1 - cos max_slope) high this way,
 * without steps); a taller one is a step; and of the contacts the ground
 * probe finds at the same time, the one whose normal is closest to up is
 * the ground.
 *
 * A move. col_character_move splits the displacement into its horizontal
 * part (across up) and its vertical part (along up), and moves the body
 * through these phases, each a path of col_world_move's sliding moves:
 *   1. the horizontal part (and a step, as above);
 *   2. the vertical part: rising, it slides along what it meets; falling, it
 *      stops on walkable ground and slides down steep ground (with `snap`
 *      added when it was on walkable ground and does not rise);
 *   3. a ground probe: a cast down by a little more than the skin.
 * Other bodies do not move. Bodies the character's respond callback answers
 * with COL_RESPONSE_CROSS are crossed and reported, COL_RESPONSE_NONE
 * ignored; any other response blocks it by the rules above (a character
 * does not bounce).
 *
 * Hits come in the order they happened; a hit's t is its time within the
 * phase that met it (each phase runs from 0 to 1), so t is in order within
 * a phase only. A step that is not kept leaves no hits.
 *
 * Non-finite input is refused (COL_WORLD_INVALID_ARGUMENT, nothing changes);
 * an `up` of any finite non-zero length works (tiny or huge: normalized by
 * way of its largest component). Sources: the phases (step up, walk, step
 * down) and the ground states are those of the usual kinematic character
 * controllers (Bullet's btKinematicCharacterController, Jolt's
 * CharacterVirtual); the contact planes are collide/motion.h's.
 */
#ifndef COLLIDE_CHARACTER_H
#define COLLIDE_CHARACTER_H

#include "collide/motion.h"

COL_EXTERN_C_BEGIN

/* What a character stands on. */
typedef enum col_ground_state {
    COL_GROUND_AIR = 0, /* nothing within the probe */
    COL_GROUND_STEEP,   /* a surface steeper than max_slope */
    COL_GROUND_WALKABLE /* a surface within max_slope of up */
} col_ground_state;

/* "air", "steep", "walkable" ("?" for other values). */
COL_API const char *col_ground_state_name(col_ground_state s);

/*
 * A character: its body, its rules and its ground state. A plain struct the
 * caller owns (col_character_default fills it); col_character_move reads
 * the rules and updates the state.
 */
typedef struct col_character {
    col_body_id body;
    col_vec3 up;          /* finite, not zero (used normalized) */
    col_real step_height; /* finite, >= 0 (0: no steps) */
    col_real max_slope;   /* radians from up, in [0, pi/2) */
    col_real snap;        /* finite, >= 0 */
    /* which bodies it meets: NULL, those its body's masks pass */
    const col_filter *filter;
    /* per body: COL_RESPONSE_CROSS, _NONE, or anything else to block; NULL: block */
    col_response_fn *respond;
    void *ctx;
    int max_segments; /* of each phase; <= 0: COL_MOVE_MAX_SEGMENTS */
    /* the ground state, as the last move or probe left it */
    col_ground_state ground_state;
    col_body_id ground;     /* the body it stands on (0 in the air) */
    col_vec3 ground_normal; /* unit, on the ground toward the character (0 in the air) */
    col_vec3 ground_point;  /* the contact (0 in the air) */
} col_character;

/* A character for `body` with up (0, 1, 0), no steps (step_height 0),
 * max_slope 45 degrees, snap 0, the body's masks, everything blocking, in
 * the air until its first move or probe. */
COL_API col_character col_character_default(col_body_id body);

/* What a character's move did. */
typedef struct col_character_result {
    col_vec3 position; /* after the move */
    col_vec3 moved;    /* position after - position before */
    size_t hit_count;  /* hits in all (may exceed the caller's cap) */
    col_real stepped;  /* the height of a step it climbed (0: none) */
    bool complete;     /* false when a phase's segment cap ended it with motion left */
    /* the ground state where it ends (as the move leaves it in the character) */
    col_ground_state ground_state;
    col_body_id ground;
    col_vec3 ground_normal, ground_point;
} col_character_result;

/*
 * Moves the character by `delta` (see above), writing up to `cap` hits to
 * `hits` (NULL with cap 0: none) and a summary to *result (may be NULL), and
 * updates its ground state. COL_WORLD_INVALID_ARGUMENT for a NULL or invalid
 * character (its rules: up zero or not finite, a negative or non-finite
 * step_height or snap, max_slope outside [0, pi/2)), a non-finite delta, a
 * mesh body, or a move that leaves the coordinate range;
 * COL_WORLD_STALE_ID, COL_WORLD_LOCKED, COL_WORLD_NO_MEMORY as elsewhere.
 * Neither the body nor the character changes unless COL_WORLD_OK.
 */
COL_API col_world_status col_character_move(col_world *w, col_character *c, col_vec3 delta, col_move_hit *hits,
                                            size_t cap, col_character_result *result);

/* The same move, computed without moving the body or changing the
 * character (the ground state where it would end is in *result). */
COL_API col_world_status col_character_check(col_world *w, const col_character *c, col_vec3 delta, col_move_hit *hits,
                                             size_t cap, col_character_result *result);

/* Updates the character's ground state where it stands (after a teleport,
 * or before its first move), with col_character_move's probe. Errors as
 * col_character_move's; the character changes only on COL_WORLD_OK. */
COL_API col_world_status col_character_probe(col_world *w, col_character *c);

COL_EXTERN_C_END

#endif /* COLLIDE_CHARACTER_H */
