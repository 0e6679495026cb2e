/*
 * collide.grid and the Grid userdata (collide.Grid: a hashed uniform grid
 * over boxes, collide/grid.h): insert, move, remove and query boxes, each
 * with an item (any Lua value, kept in the userdata's user value table,
 * keyed by id).
 */
#include <string.h>

#include "lcollide.h"

#define GTNAME "collide.Grid"

static col_grid *check_grid(lua_State *L, int idx) {
    col_grid *g = luaL_checkudata(L, idx, GTNAME);
    if (lua_rawlen(L, idx) != sizeof(col_grid) || !(g->cell > COL_R(0.0))) luaL_typeerror(L, idx, GTNAME);
    return g;
}

/* Six numbers from arg as a box, or the argument error naming the bad one
 * (min above max: the first of the three pairs). */
static col_aabb check_box(lua_State *L, int arg) {
    col_real v[6];
    lcol_check_reals(L, arg, v, 6);
    col_aabb b = {col_v3(v[0], v[1], v[2]), col_v3(v[3], v[4], v[5])};
    for (int k = 0; k < 3; ++k)
        if (!(v[k] <= v[k + 3])) luaL_argerror(L, arg + k, "the box's min is above its max");
    if (!col_aabb_is_valid(&b)) luaL_argerror(L, arg, "the box is beyond the coordinates collide accepts");
    return b;
}

static int32_t check_id(lua_State *L, const col_grid *g, int arg) {
    lua_Integer id = luaL_checkinteger(L, arg);
    if (!(id >= 0 && id < g->capacity) || !col_grid_entry_of(g, (int32_t)id, NULL, NULL))
        luaL_argerror(L, arg, lua_pushfstring(L, "no entry with id %I (removed, or never inserted)", id));
    return (int32_t)id;
}

/* collide.grid(cell) */
static int l_grid(lua_State *L) {
    col_real cell = lcol_check_real(L, 1);
    col_grid *g = lua_newuserdatauv(L, sizeof(col_grid), 1);
    memset(g, 0, sizeof *g);
    luaL_setmetatable(L, GTNAME);
    if (!col_grid_init(g, cell)) return luaL_argerror(L, 1, "the cell size must be a finite number > 0");
    lua_newtable(L);
    lua_setiuservalue(L, -2, 1);
    return 1;
}

static int g_gc(lua_State *L) {
    col_grid *g = luaL_checkudata(L, 1, GTNAME);
    if (lua_rawlen(L, 1) != sizeof(col_grid)) return 0;
    col_grid_free(g);
    return 0;
}

/* grid:insert(minx, miny, minz, maxx, maxy, maxz [, item]) -> id */
static int g_insert(lua_State *L) {
    col_grid *g = check_grid(L, 1);
    col_aabb b = check_box(L, 2);
    lua_settop(L, 8); /* the item at 8 (nil when absent) */
    int32_t id = col_grid_insert(g, &b, 0);
    if (id == COL_GRID_NULL) return luaL_error(L, "grid:insert: out of memory");
    lua_getiuservalue(L, 1, 1);
    if (lua_isnil(L, 8))
        lua_pushinteger(L, id);
    else
        lua_pushvalue(L, 8);
    lua_rawseti(L, -2, id);
    lua_pushinteger(L, id);
    return 1;
}

/* grid:remove(id) */
static int g_remove(lua_State *L) {
    col_grid *g = check_grid(L, 1);
    int32_t id = check_id(L, g, 2);
    col_grid_remove(g, id);
    lua_getiuservalue(L, 1, 1);
    lua_pushnil(L);
    lua_rawseti(L, -2, id);
    return 0;
}

/* grid:move(id, minx, miny, minz, maxx, maxy, maxz) -> relisted */
static int g_move(lua_State *L) {
    col_grid *g = check_grid(L, 1);
    int32_t id = check_id(L, g, 2);
    col_aabb b = check_box(L, 3);
    int r = col_grid_move(g, id, &b);
    if (r < 0) return luaL_error(L, "grid:move: out of memory");
    lua_pushboolean(L, r == 1);
    return 1;
}

typedef struct query_ctx {
    lua_State *L;
    int items, out;
    lua_Integer n;
} query_ctx;

static bool on_entry(void *ctx, int32_t id, uint64_t user) {
    (void)user;
    query_ctx *q = ctx;
    lua_rawgeti(q->L, q->items, id);
    lua_rawseti(q->L, q->out, ++q->n);
    return true;
}

/* grid:query(minx, miny, minz, maxx, maxy, maxz [, out]) -> out, n: the
 * items of the boxes overlapping it (closed), by ascending id */
static int g_query(lua_State *L) {
    col_grid *g = check_grid(L, 1);
    col_aabb b = check_box(L, 2);
    if (lua_isnoneornil(L, 8)) {
        lua_settop(L, 7);
        lua_newtable(L);
    } else {
        luaL_checktype(L, 8, LUA_TTABLE);
        lua_settop(L, 8);
    }
    lua_getiuservalue(L, 1, 1);
    luaL_checkstack(L, 4, "grid:query");
    query_ctx q = {L, 9, 8, 0};
    if (!col_grid_query_aabb(g, &b, on_entry, &q)) return luaL_error(L, "grid:query: out of memory");
    /* clear what a longer earlier answer left */
    for (lua_Integer i = q.n + 1;; ++i) {
        if (lua_rawgeti(L, 8, i) == LUA_TNIL) {
            lua_pop(L, 1);
            break;
        }
        lua_pop(L, 1);
        lua_pushnil(L);
        lua_rawseti(L, 8, i);
    }
    lua_pushvalue(L, 8);
    lua_pushinteger(L, q.n);
    return 2;
}

/* grid:item(id) */
static int g_item(lua_State *L) {
    col_grid *g = check_grid(L, 1);
    int32_t id = check_id(L, g, 2);
    lua_getiuservalue(L, 1, 1);
    lua_rawgeti(L, -1, id);
    return 1;
}

/* grid:bounds(id) -> minx, miny, minz, maxx, maxy, maxz */
static int g_bounds(lua_State *L) {
    col_grid *g = check_grid(L, 1);
    int32_t id = check_id(L, g, 2);
    col_aabb b;
    col_grid_entry_of(g, id, &b, NULL);
    lua_Number v[6] = {(lua_Number)b.min.x, (lua_Number)b.min.y, (lua_Number)b.min.z,
                       (lua_Number)b.max.x, (lua_Number)b.max.y, (lua_Number)b.max.z};
    for (int i = 0; i < 6; ++i) lua_pushnumber(L, v[i]);
    return 6;
}

/* grid:stats() -> {count, large, cells, listings, slots, bytes, cell} */
static int g_stats(lua_State *L) {
    col_grid *g = check_grid(L, 1);
    col_grid_stats s = col_grid_stats_of(g);
    lua_createtable(L, 0, 7);
    lua_pushinteger(L, s.count);
    lua_setfield(L, -2, "count");
    lua_pushinteger(L, s.large);
    lua_setfield(L, -2, "large");
    lua_pushinteger(L, (lua_Integer)s.cells);
    lua_setfield(L, -2, "cells");
    lua_pushinteger(L, (lua_Integer)s.listings);
    lua_setfield(L, -2, "listings");
    lua_pushinteger(L, (lua_Integer)s.slots);
    lua_setfield(L, -2, "slots");
    lua_pushinteger(L, (lua_Integer)s.bytes);
    lua_setfield(L, -2, "bytes");
    lua_pushnumber(L, (lua_Number)g->cell);
    lua_setfield(L, -2, "cell");
    return 1;
}

static int g_len(lua_State *L) {
    lua_pushinteger(L, check_grid(L, 1)->count);
    return 1;
}

static int g_tostring(lua_State *L) {
    col_grid *g = check_grid(L, 1);
    lua_pushfstring(L, "%s(%I boxes, cell %f)", GTNAME, (lua_Integer)g->count, (lua_Number)g->cell);
    return 1;
}

void lcol_open_grid(lua_State *L) {
    static const luaL_Reg methods[] = {{"insert", g_insert}, {"remove", g_remove}, {"move", g_move},
                                       {"query", g_query},   {"item", g_item},     {"bounds", g_bounds},
                                       {"stats", g_stats},   {NULL, NULL}};
    lcol_new_type_gc(L, GTNAME, methods, g_tostring, g_len, g_gc);
    lua_pushcfunction(L, l_grid);
    lua_setfield(L, -2, "grid");
}
