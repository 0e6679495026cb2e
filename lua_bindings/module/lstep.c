/*
 * Stepping in Lua (collide/step.h): w:setVelocity, w:velocity, w:isSensor
 * and w:step(dt [, mode [, filter [, out]]]), whose events fill `out` as
 * records reused from step to step (the world's own pool of event records,
 * apart from the moves' hit records, whose fields differ). The filter is
 * w:move's; an error in it is raised after the step, which has happened
 * (the world is consistent: the bodies before the failing one in id order
 * moved by the filter's answers so far, the rest with "none" answers).
 */
#include <string.h>

#include "lworld.h"

/* w:setVelocity(id, vx, vy, vz) */
static int w_set_velocity(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    col_body_id id = lworld_check_id(L, lw, 2);
    col_real v[3];
    lcol_check_reals(L, 3, v, 3);
    col_world_status st = col_world_set_velocity(lw->w, id, lcol_v3(v));
    if (st == COL_WORLD_INVALID_ARGUMENT) return luaL_argerror(L, 2, "a static or mesh body has no velocity");
    if (st != COL_WORLD_OK) return lworld_raise(L, "setVelocity", st);
    return 0;
}

/* w:velocity(id) --> vx, vy, vz */
static int w_velocity(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    col_body_id id = lworld_check_id(L, lw, 2);
    col_vec3 v;
    col_world_velocity(lw->w, id, &v);
    return lcol_push_vec3(L, v);
}

/* w:isSensor(id) --> boolean */
static int w_is_sensor(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    col_body_id id = lworld_check_id(L, lw, 2);
    lua_pushboolean(L, col_world_is_sensor(lw->w, id));
    return 1;
}

/* out[i] = {type=, a=, b=, aid=, bid=, t=, response=, x=, y=, z=, nx=, ny=, nz=}, reusing a record */
static void put_event(lua_State *L, int out, lua_Integer i, int items, int pool, const col_event *e) {
    lworld_record(L, out, i, pool, 13);
    lua_pushstring(L, col_event_kind_name(e->kind));
    lua_setfield(L, -2, "type");
    lua_rawgeti(L, items, lworld_id_value(e->a));
    lua_setfield(L, -2, "a");
    lua_rawgeti(L, items, lworld_id_value(e->b));
    lua_setfield(L, -2, "b");
    lua_pushinteger(L, lworld_id_value(e->a));
    lua_setfield(L, -2, "aid");
    lua_pushinteger(L, lworld_id_value(e->b));
    lua_setfield(L, -2, "bid");
    lworld_set_num(L, "t", e->t);
    if (e->kind == COL_EVENT_HIT)
        lua_pushstring(L, col_response_name(e->response));
    else
        lua_pushboolean(L, false);
    lua_setfield(L, -2, "response");
    lworld_set_num(L, "x", e->point.x);
    lworld_set_num(L, "y", e->point.y);
    lworld_set_num(L, "z", e->point.z);
    lworld_set_num(L, "nx", e->normal.x);
    lworld_set_num(L, "ny", e->normal.y);
    lworld_set_num(L, "nz", e->normal.z);
    lua_pop(L, 1);
}

/* w:step(dt [, mode [, filter [, out]]]) --> n, out */
static int w_step(lua_State *L) {
    static const char *const modes[] = {"swept", "discrete", NULL};
    lworld *lw = lworld_check(L, 1);
    lua_settop(L, 5);
    lua_Number dt = luaL_checknumber(L, 2);
    if (!(dt >= 0) || !(dt <= (lua_Number)COL_HUGE)) return luaL_argerror(L, 2, "a finite number >= 0 expected");
    col_step_def def = col_step_def_default();
    def.mode = (col_step_mode)luaL_checkoption(L, 3, "swept", modes);
    lmove m;
    col_move_def md;
    col_filter mask;
    int out = lworld_move_args(L, 1, 4, &m, &md, &mask);
    if (md.filter) return luaL_argerror(L, 4, "filter: a response name or a function expected (a mask: w:setFilter)");
    def.respond = md.respond;
    def.ctx = md.ctx;
    def.response = md.response;
    col_step_result r;
    col_world_status st = col_world_step(lw->w, (col_real)dt, &def, NULL, 0, &r);
    if (m.failed) return luaL_error(L, "world:step: filter: %s", lua_tostring(L, -1));
    if (st == COL_WORLD_INVALID_ARGUMENT)
        return luaL_error(L, "world:step: a body would leave the coordinate range (|x| <= %f)", (lua_Number)COL_HUGE);
    if (st != COL_WORLD_OK) return lworld_raise(L, "step", st);
    const col_event *events = col_world_events(lw->w, NULL);
    lua_getiuservalue(L, 1, UV_EVENTS);
    int pool = lua_gettop(L);
    for (size_t i = 0; i < r.event_count; ++i) put_event(L, out, (lua_Integer)i + 1, m.items, pool, &events[i]);
    lworld_trim_records(L, out, (lua_Integer)r.event_count, pool);
    lua_pushinteger(L, (lua_Integer)r.event_count);
    lua_pushvalue(L, out);
    return 2;
}

const luaL_Reg lworld_step_methods[] = {{"setVelocity", w_set_velocity},
                                        {"velocity", w_velocity},
                                        {"isSensor", w_is_sensor},
                                        {"step", w_step},
                                        {NULL, NULL}};
