/*
 * Characters in Lua (collide/character.h): w:character(id [, options])
 * returns a collide.Character, a userdata holding a col_character, with the
 * world as its user value (the world stays alive while the character does;
 * a closed world is an error). Options: up = {x, y, z}, stepHeight,
 * maxSlope (radians), snap.
 *
 * ch:move(dx, dy, dz [, filter [, out]]) walks it as col_character_move
 * does, with the filter of w:move (nil, an integer mask, or a
 * function(item, other) whose "cross" crosses a body and nil ignores it;
 * anything else blocks). As w:move, the move is computed first
 * (col_character_check) and applied after, so an error in the filter leaves
 * the body and the character as they were.
 */
#include <math.h>
#include <string.h>

#include "lworld.h"

#define CTNAME LCOL_NAME ".Character"

typedef struct lcharacter {
    col_character c;
} lcharacter;

static lcharacter *check_character(lua_State *L, int idx) {
    lcharacter *lc = luaL_checkudata(L, idx, CTNAME);
    if (lua_rawlen(L, idx) != sizeof(lcharacter)) luaL_typeerror(L, idx, CTNAME);
    return lc;
}

/* The character at 1 and its world (pushed on the stack; its index in
 * *world_idx); an error when the world was closed or the body removed. */
static lworld *character_world(lua_State *L, lcharacter *lc, const char *method, int *world_idx) {
    lua_getiuservalue(L, 1, 1);
    *world_idx = lua_gettop(L);
    lworld *lw = luaL_testudata(L, *world_idx, WTNAME);
    if (!lw || lua_rawlen(L, *world_idx) != sizeof(lworld) || !lw->w)
        luaL_error(L, "character:%s: its world was closed", method);
    if (!col_world_contains(lw->w, lc->c.body))
        luaL_error(L, "character:%s: its body (id %I) was removed", method, (lua_Integer)lc->c.body);
    return lw;
}

/* A number option in [lo, hi) (hi_open) or [lo, hi], or keeps *v when nil. */
static void number_option(lua_State *L, int arg, const char *key, col_real *v, double lo, double hi, bool hi_open,
                          const char *range) {
    if (lua_getfield(L, arg, key) != LUA_TNIL) {
        int isnum;
        lua_Number x = lua_tonumberx(L, -1, &isnum);
        if (!isnum || !(x >= lo) || (hi_open ? !(x < hi) : !(x <= hi))) {
            lua_pushfstring(L, "%s: %s expected, got %s", key, range,
                            isnum ? lua_pushfstring(L, "%f", x) : luaL_typename(L, -1));
            luaL_argerror(L, arg, lua_tostring(L, -1));
        }
        *v = (col_real)x;
    }
    lua_pop(L, 1);
}

/* The options table at arg (nil: none) into c's rules; an error for an
 * unknown key or a bad value, c unchanged then. */
static void read_options(lua_State *L, int arg, col_character *c) {
    if (lua_isnoneornil(L, arg)) return;
    luaL_checktype(L, arg, LUA_TTABLE);
    col_character r = *c;
    lua_pushnil(L);
    while (lua_next(L, arg)) {
        const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
        if (!k || (strcmp(k, "up") != 0 && strcmp(k, "stepHeight") != 0 && strcmp(k, "maxSlope") != 0 &&
                   strcmp(k, "snap") != 0)) {
            lua_pushfstring(L, "unknown option '%s' (options: up, stepHeight, maxSlope, snap)",
                            k ? k : luaL_typename(L, -2));
            luaL_argerror(L, arg, lua_tostring(L, -1));
        }
        lua_pop(L, 1);
    }
    if (lua_getfield(L, arg, "up") != LUA_TNIL) {
        int t = lua_gettop(L);
        col_real v[3] = {0, 0, 0};
        bool ok = lua_type(L, t) == LUA_TTABLE && lua_rawlen(L, t) == 3;
        for (int i = 0; ok && i < 3; ++i) {
            int isnum;
            lua_rawgeti(L, t, i + 1);
            lua_Number x = lua_tonumberx(L, -1, &isnum);
            lua_pop(L, 1);
            ok = isnum && x >= -(lua_Number)COL_HUGE && x <= (lua_Number)COL_HUGE;
            v[i] = (col_real)x;
        }
        ok = ok && (v[0] != 0 || v[1] != 0 || v[2] != 0);
        if (!ok) luaL_argerror(L, arg, "up: a table of three finite numbers, not all zero, expected");
        r.up = lcol_v3(v);
    }
    lua_pop(L, 1);
    number_option(L, arg, "stepHeight", &r.step_height, 0, (double)COL_HUGE, false, "a finite number >= 0");
    number_option(L, arg, "snap", &r.snap, 0, (double)COL_HUGE, false, "a finite number >= 0");
    number_option(L, arg, "maxSlope", &r.max_slope, 0, 1.5707963267948966, true, "an angle in [0, pi/2) (radians)");
    *c = r;
}

/* w:character(id [, options]) --> a collide.Character */
static int w_character(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    col_body_id id = lworld_check_id(L, lw, 2);
    if (col_world_mesh(lw->w, id)) return luaL_argerror(L, 2, "a mesh body does not move");
    col_character c = col_character_default(id);
    read_options(L, 3, &c);
    lcharacter *lc = lua_newuserdatauv(L, sizeof *lc, 1);
    lc->c = c;
    luaL_setmetatable(L, CTNAME);
    lua_pushvalue(L, 1);
    lua_setiuservalue(L, -2, 1);
    /* where it stands */
    col_world_status st = col_character_probe(lw->w, &lc->c);
    if (st != COL_WORLD_OK) return lworld_raise(L, "character", st);
    return 1;
}

/* ch:move(dx, dy, dz [, filter [, out]]) --> x, y, z, count, out, ground, stepped */
static int c_move(lua_State *L) {
    lcharacter *lc = check_character(L, 1);
    lua_settop(L, 6);
    int world;
    lworld *lw = character_world(L, lc, "move", &world);
    col_real v[3];
    lcol_check_reals(L, 2, v, 3);
    lmove m;
    col_move_def def;
    col_filter mask;
    int out = lworld_move_args(L, world, 5, &m, &def, &mask);
    col_character c = lc->c;
    c.filter = def.filter;
    c.respond = def.respond;
    c.ctx = def.ctx;
    col_character_result r;
    for (;;) {
        col_world_status st = col_character_check(lw->w, &c, lcol_v3(v), lw->moves, lw->moves_cap, &r);
        if (m.failed) return luaL_error(L, "character:move: filter: %s", lua_tostring(L, -1));
        if (st == COL_WORLD_INVALID_ARGUMENT)
            return luaL_error(L, "character:move: the move leaves the coordinate range (|x| <= %f)",
                              (lua_Number)COL_HUGE);
        if (st != COL_WORLD_OK) return luaL_error(L, "character:move: %s", col_world_status_text(st));
        if (lworld_moves_fit(L, lw, r.hit_count)) break;
    }
    if (r.moved.x != 0 || r.moved.y != 0 || r.moved.z != 0) {
        col_world_status st = col_world_set_position(lw->w, c.body, r.position);
        if (st != COL_WORLD_OK) return luaL_error(L, "character:move: %s", col_world_status_text(st));
    }
    lc->c.ground_state = r.ground_state;
    lc->c.ground = r.ground;
    lc->c.ground_normal = r.ground_normal;
    lc->c.ground_point = r.ground_point;
    lworld_put_hits(L, world, out, m.items, lw->moves, r.hit_count);
    lcol_push_vec3(L, r.position);
    lua_pushinteger(L, (lua_Integer)r.hit_count);
    lua_pushvalue(L, out);
    lua_pushstring(L, col_ground_state_name(r.ground_state));
    lua_pushnumber(L, (lua_Number)r.stepped);
    return 7;
}

/* ch:ground() --> state [, nx, ny, nz, item, id, px, py, pz] */
static int c_ground(lua_State *L) {
    lcharacter *lc = check_character(L, 1);
    const col_character *c = &lc->c;
    lua_pushstring(L, col_ground_state_name(c->ground_state));
    if (c->ground_state == COL_GROUND_AIR) return 1;
    lcol_push_vec3(L, c->ground_normal);
    lua_getiuservalue(L, 1, 1);
    lua_getiuservalue(L, -1, UV_ITEMS);
    lua_rawgeti(L, -1, lworld_id_value(c->ground));
    lua_replace(L, -3);
    lua_pop(L, 1);
    lua_pushinteger(L, lworld_id_value(c->ground));
    lcol_push_vec3(L, c->ground_point);
    return 9;
}

/* ch:probe() --> state: the ground where it stands (after setPosition) */
static int c_probe(lua_State *L) {
    lcharacter *lc = check_character(L, 1);
    int world;
    lworld *lw = character_world(L, lc, "probe", &world);
    col_world_status st = col_character_probe(lw->w, &lc->c);
    if (st != COL_WORLD_OK) return luaL_error(L, "character:probe: %s", col_world_status_text(st));
    lua_pushstring(L, col_ground_state_name(lc->c.ground_state));
    return 1;
}

/* ch:set(options): changes its rules (the keys given) */
static int c_set(lua_State *L) {
    lcharacter *lc = check_character(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    read_options(L, 2, &lc->c);
    return 0;
}

/* ch:options() --> {up = {x, y, z}, stepHeight =, maxSlope =, snap =} */
static int c_options(lua_State *L) {
    lcharacter *lc = check_character(L, 1);
    lua_createtable(L, 0, 4);
    lua_createtable(L, 3, 0);
    lua_pushnumber(L, (lua_Number)lc->c.up.x);
    lua_rawseti(L, -2, 1);
    lua_pushnumber(L, (lua_Number)lc->c.up.y);
    lua_rawseti(L, -2, 2);
    lua_pushnumber(L, (lua_Number)lc->c.up.z);
    lua_rawseti(L, -2, 3);
    lua_setfield(L, -2, "up");
    lworld_set_num(L, "stepHeight", lc->c.step_height);
    lworld_set_num(L, "maxSlope", lc->c.max_slope);
    lworld_set_num(L, "snap", lc->c.snap);
    return 1;
}

/* ch:id() --> its body's id */
static int c_id(lua_State *L) {
    lcharacter *lc = check_character(L, 1);
    lua_pushinteger(L, lworld_id_value(lc->c.body));
    return 1;
}

static int c_tostring(lua_State *L) {
    lcharacter *lc = check_character(L, 1);
    lua_pushfstring(L, "%s(body %I, %s)", CTNAME, lworld_id_value(lc->c.body),
                    col_ground_state_name(lc->c.ground_state));
    return 1;
}

const luaL_Reg lworld_character_methods[] = {{"character", w_character}, {NULL, NULL}};

void lcol_open_character(lua_State *L) {
    static const luaL_Reg methods[] = {{"move", c_move},       {"ground", c_ground}, {"probe", c_probe}, {"set", c_set},
                                       {"options", c_options}, {"id", c_id},         {NULL, NULL}};
    lcol_new_type(L, CTNAME, methods, c_tostring, NULL);
}
