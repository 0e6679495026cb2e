/*
 * The Lua world's userdata (collide.World), shared by lworld.c (bodies and
 * queries) and lmotion.c (positions and moves). Private to the binding.
 */
#ifndef COLLIDE_LWORLD_H
#define COLLIDE_LWORLD_H

#include "lcollide.h"

#define WTNAME LCOL_NAME ".World"

/* The world's user values: items by body id, the meshes of mesh bodies
 * (kept alive while they are bodies), and spare hit records (a move's out
 * table gives back the records it no longer needs, and takes them again). */
enum { UV_ITEMS = 1, UV_SHAPES = 2, UV_POOL = 3, UV_EVENTS = 4, UV_COUNT = 4 };

typedef struct lworld {
    col_world *w;
    /* output buffers of the queries, grown to the body count */
    col_body_id *ids;
    col_cull *classes;
    col_world_ray_hit *rays;
    col_world_cast_hit *casts;
    size_t cap;
    /* the moves' hits, grown as needed */
    col_move_hit *moves;
    size_t moves_cap;
} lworld;

/* The world at idx (an error for anything else, or a closed world). */
lworld *lworld_check(lua_State *L, int idx);

/* A failure of the world itself (locked, out of memory): raises
 * "world:METHOD: <status text>". */
int lworld_raise(lua_State *L, const char *method, col_world_status st);

/* An id argument that names a live body (an error otherwise). */
col_body_id lworld_check_id(lua_State *L, lworld *lw, int arg);

static inline lua_Integer lworld_id_value(col_body_id id) { return (lua_Integer)id; }

/* t[k] = v for the table on the stack top. */
void lworld_set_num(lua_State *L, const char *k, col_real v);

/* A Lua filter of a move in progress (lmotion.c). */
typedef struct lmove {
    lua_State *L;
    int fn;      /* stack index of the filter function */
    int items;   /* stack index of the world's items */
    bool failed; /* the message is on the stack top */
} lmove;

/* The common arguments of a move (w:move, ch:move, w:step): the filter at
 * `filter` (nil, a response name, an integer mask or a function(item,
 * other); see lmotion.c; an error for anything else) read into *d (*mask and *m must outlive the move), the out table
 * at filter + 1 (a new one when nil), and the world's items (the world at
 * stack index `world`) pushed, their index in m->items. Returns out's index. */
int lworld_move_args(lua_State *L, int world, int filter, lmove *m, col_move_def *d, col_filter *mask);

/* Pushes out[i] when it is a table, else a record from the pool (the
 * world's spare tables, stack index `pool`) or a new table of `fields`
 * fields, which becomes out[i]. */
void lworld_record(lua_State *L, int out, lua_Integer i, int pool, int fields);

/* Trims out to n records, giving the tables beyond to the pool. */
void lworld_trim_records(lua_State *L, int out, lua_Integer n, int pool);

/* Whether the world's hit buffer holds n hits; when not, grows it (an
 * error when memory runs out) and returns false: run the move again. */
bool lworld_moves_fit(lua_State *L, lworld *lw, size_t n);

/* out[1..n] = the hits as records (reusing the tables there and the world's
 * spare ones), the records beyond n given back; world and items are stack
 * indices of the world and its items. */
void lworld_put_hits(lua_State *L, int world, int out, int items, const col_move_hit *hits, size_t n);

/* The motion methods (lmotion.c), added to the world's. */
extern const luaL_Reg lworld_motion_methods[];

/* Velocities, sensors and w:step (lstep.c), added to the world's. */
extern const luaL_Reg lworld_step_methods[];

/* w:character (lcharacter.c), added to the world's, and the Character
 * metatable it needs (registered by lcol_open_character). */
extern const luaL_Reg lworld_character_methods[];
void lcol_open_character(lua_State *L);

#endif /* COLLIDE_LWORLD_H */
