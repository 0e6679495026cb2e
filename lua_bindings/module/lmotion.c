/*
 * The world's motion methods in Lua (collide/motion.h): positions, the skin,
 * and moves with bump.lua's responses.
 *
 * A move's filter is nil (every body the mover's masks pass slides it), a
 * response name for every body ("touch", "cross", "slide", "bounce"), an
 * integer mask (the bodies whose category has a bit of it slide it), or a
 * function(item, other) returning a response name or nil (ignore the body),
 * and optionally a restitution for "bounce". The function runs under pcall
 * with the world locked; an error in it, or a result that is no response, is
 * raised after the move is abandoned (the body does not move). A move is the
 * world's check followed by placing the body where the check ends, so the
 * filter may run more than once for a body when the hits outgrow the buffer.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lworld.h"

static const char *const responses[] = {"none", "touch", "cross", "slide", "bounce", NULL};

static col_response call_respond(void *ctx, col_body_id mover, col_body_id other, void *user, col_real *e) {
    (void)user;
    lmove *m = ctx;
    lua_State *L = m->L;
    if (m->failed) return COL_RESPONSE_NONE;
    lua_pushvalue(L, m->fn);
    lua_rawgeti(L, m->items, lworld_id_value(mover));
    lua_rawgeti(L, m->items, lworld_id_value(other));
    if (lua_pcall(L, 2, 2, 0) != LUA_OK) {
        m->failed = true; /* the message stays on the stack */
        return COL_RESPONSE_NONE;
    }
    col_response r = COL_RESPONSE_NONE;
    const char *bad = NULL;
    if (lua_type(L, -2) == LUA_TSTRING) {
        const char *name = lua_tostring(L, -2);
        int i = 0;
        while (responses[i] && strcmp(responses[i], name) != 0) ++i;
        if (responses[i] && i > 0)
            r = (col_response)i;
        else
            bad = "a response";
    } else if (lua_toboolean(L, -2)) {
        bad = "a response";
    }
    if (!bad && !lua_isnil(L, -1)) {
        lua_Number x = lua_tonumber(L, -1);
        if (!lua_isnumber(L, -1) || !(x >= 0) || !(x <= (lua_Number)COL_HUGE))
            bad = "a restitution";
        else
            *e = (col_real)x;
    }
    if (bad) {
        const char *what = strcmp(bad, "a response") == 0 ? luaL_tolstring(L, -2, NULL) : luaL_tolstring(L, -1, NULL);
        lua_pushfstring(L, "returned %s where %s was expected (%s)", what, bad,
                        strcmp(bad, "a response") == 0 ? "\"touch\", \"cross\", \"slide\", \"bounce\" or nil"
                                                       : "a finite number >= 0 after \"bounce\"");
        lua_replace(L, -4); /* the message replaces the two results and the tostring */
        lua_pop(L, 2);
        m->failed = true;
        return COL_RESPONSE_NONE;
    }
    lua_pop(L, 2);
    return r;
}

/* A move's definition from its filter argument at arg (see above). */
static void read_filter(lua_State *L, int arg, col_move_def *d, col_filter *mask, lmove *m) {
    *d = col_move_def_default();
    switch (lua_type(L, arg)) {
    case LUA_TNONE:
    case LUA_TNIL: return;
    case LUA_TSTRING: {
        const char *name = lua_tostring(L, arg);
        for (int i = 1; responses[i]; ++i)
            if (strcmp(responses[i], name) == 0) {
                d->response = (col_response)i;
                return;
            }
        lua_pushfstring(L, "unknown response '%s' (\"touch\", \"cross\", \"slide\" or \"bounce\")", name);
        luaL_argerror(L, arg, lua_tostring(L, -1));
        return;
    }
    case LUA_TNUMBER:
        if (!lua_isinteger(L, arg)) luaL_argerror(L, arg, "filter: an integer mask expected");
        *mask = col_filter_default();
        mask->mask = (uint64_t)lua_tointeger(L, arg);
        d->filter = mask;
        return;
    case LUA_TFUNCTION:
        m->fn = lua_absindex(L, arg);
        d->respond = call_respond;
        d->ctx = m;
        return;
    default: luaL_typeerror(L, arg, "filter (nil, response name, integer mask or function)");
    }
}

/* out[i] = {other=, id=, response=, t=, x=, y=, z=, nx=, ny=, nz=, px=, py=, pz=, inside=},
 * reusing a record already there. */
static void put_move_record(lua_State *L, int out, lua_Integer i, int items, int pool, const col_move_hit *h) {
    lworld_record(L, out, i, pool, 14);
    lua_rawgeti(L, items, lworld_id_value(h->other));
    lua_setfield(L, -2, "other");
    lua_pushinteger(L, lworld_id_value(h->other));
    lua_setfield(L, -2, "id");
    lua_pushstring(L, col_response_name(h->response));
    lua_setfield(L, -2, "response");
    lworld_set_num(L, "t", h->t);
    lworld_set_num(L, "x", h->point.x);
    lworld_set_num(L, "y", h->point.y);
    lworld_set_num(L, "z", h->point.z);
    lworld_set_num(L, "nx", h->normal.x);
    lworld_set_num(L, "ny", h->normal.y);
    lworld_set_num(L, "nz", h->normal.z);
    lworld_set_num(L, "px", h->position.x);
    lworld_set_num(L, "py", h->position.y);
    lworld_set_num(L, "pz", h->position.z);
    lua_pushboolean(L, h->initially_overlapping);
    lua_setfield(L, -2, "inside");
    lua_pop(L, 1);
}

void lworld_record(lua_State *L, int out, lua_Integer i, int pool, int fields) {
    if (lua_rawgeti(L, out, i) == LUA_TTABLE) return;
    lua_pop(L, 1);
    lua_Integer spare = (lua_Integer)lua_rawlen(L, pool);
    if (spare > 0) {
        lua_rawgeti(L, pool, spare);
        lua_pushnil(L);
        lua_rawseti(L, pool, spare);
    } else {
        lua_createtable(L, 0, fields);
    }
    lua_pushvalue(L, -1);
    lua_rawseti(L, out, i);
}

void lworld_trim_records(lua_State *L, int out, lua_Integer n, int pool) {
    for (lua_Integer i = n + 1; lua_rawgeti(L, out, i) != LUA_TNIL; ++i) {
        if (lua_type(L, -1) == LUA_TTABLE)
            lua_rawseti(L, pool, (lua_Integer)lua_rawlen(L, pool) + 1);
        else
            lua_pop(L, 1);
        lua_pushnil(L);
        lua_rawseti(L, out, i);
    }
    lua_pop(L, 1);
}

int lworld_move_args(lua_State *L, int world, int filter, lmove *m, col_move_def *d, col_filter *mask) {
    memset(m, 0, sizeof *m);
    m->L = L;
    read_filter(L, filter, d, mask, m);
    int out = lcol_out_table(L, filter + 1);
    lua_getiuservalue(L, world, UV_ITEMS);
    m->items = lua_gettop(L);
    return out;
}

bool lworld_moves_fit(lua_State *L, lworld *lw, size_t n) {
    if (n <= lw->moves_cap) return true;
    size_t cap = lw->moves_cap ? lw->moves_cap : 16;
    while (cap < n) cap *= 2;
    col_move_hit *p = realloc(lw->moves, cap * sizeof *p);
    if (!p) luaL_error(L, "not enough memory");
    lw->moves = p;
    lw->moves_cap = cap;
    return false;
}

void lworld_put_hits(lua_State *L, int world, int out, int items, const col_move_hit *hits, size_t n) {
    lua_getiuservalue(L, world, UV_POOL);
    int pool = lua_gettop(L);
    for (size_t i = 0; i < n; ++i) put_move_record(L, out, (lua_Integer)i + 1, items, pool, &hits[i]);
    lworld_trim_records(L, out, (lua_Integer)n, pool);
    lua_pop(L, 1);
}

/* w:move / w:check (id, dx, dy, dz [, filter [, out]]) --> x, y, z, count, out, complete */
static int move_or_check(lua_State *L, bool apply) {
    const char *method = apply ? "move" : "check";
    lworld *lw = lworld_check(L, 1);
    lua_settop(L, 7); /* the optional arguments: nil when not given */
    col_body_id id = lworld_check_id(L, lw, 2);
    if (col_world_mesh(lw->w, id)) return luaL_argerror(L, 2, "a mesh body does not move");
    col_real v[3];
    lcol_check_reals(L, 3, v, 3);
    lmove m;
    col_move_def def;
    col_filter mask;
    int out = lworld_move_args(L, 1, 6, &m, &def, &mask);
    col_move_result r;
    for (;;) {
        col_world_status st = col_world_check(lw->w, id, lcol_v3(v), &def, lw->moves, lw->moves_cap, &r);
        if (m.failed) return luaL_error(L, "world:%s: filter: %s", method, lua_tostring(L, -1));
        if (st == COL_WORLD_INVALID_ARGUMENT)
            return luaL_error(L, "world:%s: the move leaves the coordinate range (|x| <= %f)", method,
                              (lua_Number)COL_HUGE);
        if (st != COL_WORLD_OK) return lworld_raise(L, method, st);
        if (lworld_moves_fit(L, lw, r.hit_count)) break;
    }
    if (apply && (r.moved.x != 0 || r.moved.y != 0 || r.moved.z != 0)) {
        col_world_status st = col_world_set_position(lw->w, id, r.position);
        if (st != COL_WORLD_OK) return lworld_raise(L, method, st);
    }
    lworld_put_hits(L, 1, out, m.items, lw->moves, r.hit_count);
    lcol_push_vec3(L, r.position);
    lua_pushinteger(L, (lua_Integer)r.hit_count);
    lua_pushvalue(L, out);
    lua_pushboolean(L, r.complete);
    return 6;
}

static int w_move(lua_State *L) { return move_or_check(L, true); }
static int w_check(lua_State *L) { return move_or_check(L, false); }

/* w:position(id) --> x, y, z */
static int w_position(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    col_body_id id = lworld_check_id(L, lw, 2);
    col_vec3 p;
    col_world_position(lw->w, id, &p);
    return lcol_push_vec3(L, p);
}

/* w:setPosition(id, x, y, z): a teleport (no sweep) */
static int w_set_position(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    col_body_id id = lworld_check_id(L, lw, 2);
    if (col_world_mesh(lw->w, id)) return luaL_argerror(L, 2, "a mesh body does not move");
    col_real v[3];
    lcol_check_reals(L, 3, v, 3);
    col_world_status st = col_world_set_position(lw->w, id, lcol_v3(v));
    if (st == COL_WORLD_INVALID_ARGUMENT)
        return luaL_error(L, "world:setPosition: the shape would leave the coordinate range (|x| <= %f)",
                          (lua_Number)COL_HUGE);
    if (st != COL_WORLD_OK) return lworld_raise(L, "setPosition", st);
    return 0;
}

/* w:skin() --> the distance moves stop short of a contact */
static int w_skin(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    lua_pushnumber(L, (lua_Number)col_world_skin(lw->w));
    return 1;
}

/* w:setSkin(skin) */
static int w_set_skin(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    lua_Number s = luaL_checknumber(L, 2);
    if (!(s >= 0) || !(s <= (lua_Number)COL_HUGE)) return luaL_argerror(L, 2, "a finite number >= 0 expected");
    col_world_status st = col_world_set_skin(lw->w, (col_real)s);
    if (st != COL_WORLD_OK) return lworld_raise(L, "setSkin", st);
    return 0;
}

const luaL_Reg lworld_motion_methods[] = {{"move", w_move},
                                          {"check", w_check},
                                          {"position", w_position},
                                          {"setPosition", w_set_position},
                                          {"skin", w_skin},
                                          {"setSkin", w_set_skin},
                                          {NULL, NULL}};
