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
enum { UV_ITEMS = 1, UV_SHAPES = 2, UV_POOL = 3, UV_COUNT = 3 };

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

/* The motion methods (lmotion.c), added to the world's. */
extern const luaL_Reg lworld_motion_methods[];

#endif /* COLLIDE_LWORLD_H */
