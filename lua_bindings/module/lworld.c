/*
 * collide.world (collide/world.h) in Lua: a userdata of type collide.World
 * holding a col_world, with two user values: the items of the bodies and the
 * meshes of mesh bodies (kept alive), both keyed by body id (lworld.h). The
 * motion methods are in lmotion.c.
 *
 * Queries fill an `out` table the caller may pass again (no garbage per
 * query once it has grown), and return the count. A filter is nil, an
 * integer mask (bodies whose category has a bit of it) or a function of the
 * item run under pcall while the world is locked: changing the world from it
 * is an error, which the query raises after unlocking.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lworld.h"

lworld *lworld_check(lua_State *L, int idx) {
    lworld *lw = luaL_checkudata(L, idx, WTNAME);
    if (lua_rawlen(L, idx) != sizeof(lworld)) luaL_typeerror(L, idx, WTNAME);
    if (!lw->w) luaL_argerror(L, idx, "the world was closed");
    return lw;
}

int lworld_raise(lua_State *L, const char *method, col_world_status st) {
    return luaL_error(L, "world:%s: %s", method, col_world_status_text(st));
}

col_body_id lworld_check_id(lua_State *L, lworld *lw, int arg) {
    lua_Integer i = luaL_checkinteger(L, arg);
    col_body_id id = (col_body_id)i;
    if (!col_world_contains(lw->w, id)) {
        lua_pushfstring(L, "no body with id %I (removed, or never added)", i);
        luaL_argerror(L, arg, lua_tostring(L, -1));
    }
    return id;
}

/* Buffers for as many results as there are bodies. */
static void reserve(lua_State *L, lworld *lw) {
    size_t need = col_world_count(lw->w) + 1;
    if (need <= lw->cap) return;
    size_t cap = lw->cap ? lw->cap : 16;
    while (cap < need) cap *= 2;
    col_body_id *ids = realloc(lw->ids, cap * sizeof *ids);
    if (ids) lw->ids = ids;
    col_cull *cl = realloc(lw->classes, cap * sizeof *cl);
    if (cl) lw->classes = cl;
    col_world_ray_hit *r = realloc(lw->rays, cap * sizeof *r);
    if (r) lw->rays = r;
    col_world_cast_hit *c = realloc(lw->casts, cap * sizeof *c);
    if (c) lw->casts = c;
    if (!ids || !cl || !r || !c) luaL_error(L, "not enough memory");
    lw->cap = cap;
}

/* ------------------------------ filters ------------------------------ */

typedef struct lfilter {
    lua_State *L;
    int world;   /* stack index of the world (its items) */
    int fn;      /* stack index of the filter function, 0 for none */
    bool failed; /* the function raised: its error is on the stack top */
    col_filter f;
} lfilter;

static bool call_filter(void *ctx, col_body_id id, void *user) {
    (void)user;
    lfilter *lf = ctx;
    lua_State *L = lf->L;
    if (lf->failed) return false;
    lua_pushvalue(L, lf->fn);
    lua_getiuservalue(L, lf->world, UV_ITEMS);
    lua_rawgeti(L, -1, lworld_id_value(id));
    lua_remove(L, -2);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
        lf->failed = true; /* the message stays on the stack */
        return false;
    }
    bool pass = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return pass;
}

/* The filter argument: nil, an integer mask or a function. */
static const col_filter *read_filter(lua_State *L, int arg, int world, lfilter *lf) {
    memset(lf, 0, sizeof *lf);
    lf->L = L;
    lf->world = world;
    lf->f = col_filter_default();
    switch (lua_type(L, arg)) {
    case LUA_TNONE:
    case LUA_TNIL: return NULL;
    case LUA_TNUMBER: {
        if (!lua_isinteger(L, arg)) luaL_argerror(L, arg, "filter: an integer mask, a function or nil expected");
        lf->f.mask = (uint64_t)lua_tointeger(L, arg);
        return &lf->f;
    }
    case LUA_TFUNCTION:
        lf->fn = lua_absindex(L, arg);
        lf->f.accept = call_filter;
        lf->f.ctx = lf;
        return &lf->f;
    default: luaL_typeerror(L, arg, "filter (nil, integer mask or function)");
    }
    return NULL;
}

/* After a query: the filter's error (raised, with the world unlocked), or
 * the query's status. */
static void check_query(lua_State *L, const lfilter *lf, col_world_status st, const char *method) {
    if (lf->failed) {
        lua_pushfstring(L, "world:%s: filter: %s", method, lua_tostring(L, -1));
        lua_error(L);
    }
    if (st != COL_WORLD_OK) lworld_raise(L, method, st);
}

/* Fills out[1..n] with the items of ids; returns n, out. */
static int push_items(lua_State *L, int world, int out, const col_body_id *ids, const col_cull *classes,
                      int classes_out, size_t n) {
    lua_getiuservalue(L, world, UV_ITEMS);
    int items = lua_gettop(L);
    for (size_t i = 0; i < n; ++i) {
        lua_rawgeti(L, items, lworld_id_value(ids[i]));
        lua_rawseti(L, out, (lua_Integer)i + 1);
        if (classes_out) {
            lua_pushstring(L, col_cull_name(classes[i]));
            lua_rawseti(L, classes_out, (lua_Integer)i + 1);
        }
    }
    lua_pop(L, 1);
    lcol_trim(L, out, (lua_Integer)n);
    if (classes_out) lcol_trim(L, classes_out, (lua_Integer)n);
    lua_pushinteger(L, (lua_Integer)n);
    lua_pushvalue(L, out);
    return 2;
}

/* ------------------------------ the world ------------------------------ */

/* A number option of collide.world: finite, >= 0. */
static col_real real_option(lua_State *L, const char *name, col_real def) {
    col_real v = def;
    if (lua_getfield(L, 1, name) != LUA_TNIL) {
        lua_Number m = lua_tonumber(L, -1);
        if (!lua_isnumber(L, -1) || !(m >= 0) || !(m <= (lua_Number)COL_HUGE)) {
            lua_pushfstring(L, "%s must be a finite number >= 0", name);
            luaL_argerror(L, 1, lua_tostring(L, -1));
        }
        v = (col_real)m;
    }
    lua_pop(L, 1);
    return v;
}

/* collide.world([options]): options.margin, the fat-box margin of movable
 * bodies; options.skin, how far short of a contact moves stop. */
static int l_world(lua_State *L) {
    col_real margin = COL_TREE_DEFAULT_MARGIN, skin = COL_WORLD_DEFAULT_SKIN;
    bool brute = false;
    int kdop = 0;
    if (!lua_isnoneornil(L, 1)) {
        luaL_checktype(L, 1, LUA_TTABLE);
        lua_pushnil(L);
        while (lua_next(L, 1)) {
            const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
            if (!k || (strcmp(k, "margin") != 0 && strcmp(k, "skin") != 0 && strcmp(k, "bruteForce") != 0 &&
                       strcmp(k, "staticKdop") != 0)) {
                lua_pushfstring(L, "unknown option '%s' (options: margin, skin, bruteForce, staticKdop)",
                                k ? k : luaL_typename(L, -2));
                return luaL_argerror(L, 1, lua_tostring(L, -1));
            }
            lua_pop(L, 1);
        }
        margin = real_option(L, "margin", margin);
        skin = real_option(L, "skin", skin);
        lua_getfield(L, 1, "bruteForce");
        brute = lua_toboolean(L, -1);
        lua_pop(L, 1);
        lua_getfield(L, 1, "staticKdop");
        if (!lua_isnil(L, -1)) {
            lua_Integer k = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : -1;
            if (k != 0 && k != 6 && k != 14 && k != 18 && k != 26)
                return luaL_argerror(L, 1, "staticKdop must be 0, 6, 14, 18 or 26");
            kdop = (int)k;
        }
        lua_pop(L, 1);
    }
    lworld *lw = lua_newuserdatauv(L, sizeof *lw, UV_COUNT);
    memset(lw, 0, sizeof *lw);
    luaL_setmetatable(L, WTNAME);
    for (int uv = 1; uv <= UV_COUNT; ++uv) {
        lua_newtable(L);
        lua_setiuservalue(L, -2, uv);
    }
    lw->w = col_world_create();
    if (!lw->w) return luaL_error(L, "not enough memory");
    col_world_set_margin(lw->w, margin);
    col_world_set_skin(lw->w, skin);
    col_world_set_brute_force(lw->w, brute);
    col_world_set_static_kdop(lw->w, kdop);
    return 1;
}

static int w_gc(lua_State *L) {
    lworld *lw = luaL_checkudata(L, 1, WTNAME);
    if (lua_rawlen(L, 1) != sizeof(lworld)) return 0;
    col_world_destroy(lw->w);
    free(lw->ids);
    free(lw->classes);
    free(lw->rays);
    free(lw->casts);
    free(lw->moves);
    memset(lw, 0, sizeof *lw);
    return 0;
}

/* The body options table at arg: category, mask, static. */
static void read_body_options(lua_State *L, int arg, col_body_def *d) {
    if (lua_isnoneornil(L, arg)) return;
    luaL_checktype(L, arg, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, arg)) {
        const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
        if (!k || (strcmp(k, "category") != 0 && strcmp(k, "mask") != 0 && strcmp(k, "static") != 0 &&
                   strcmp(k, "sensor") != 0)) {
            lua_pushfstring(L, "unknown option '%s' (options: category, mask, static, sensor)",
                            k ? k : luaL_typename(L, -2));
            luaL_argerror(L, arg, lua_tostring(L, -1));
        }
        lua_pop(L, 1);
    }
    static const char *const bits[2] = {"category", "mask"};
    uint64_t *dst[2] = {&d->category, &d->mask};
    for (int i = 0; i < 2; ++i) {
        if (lua_getfield(L, arg, bits[i]) != LUA_TNIL) {
            if (!lua_isinteger(L, -1)) {
                lua_pushfstring(L, "%s must be an integer (bits)", bits[i]);
                luaL_argerror(L, arg, lua_tostring(L, -1));
            }
            *dst[i] = (uint64_t)lua_tointeger(L, -1);
        }
        lua_pop(L, 1);
    }
    lua_getfield(L, arg, "static");
    d->is_static = lua_toboolean(L, -1);
    lua_getfield(L, arg, "sensor");
    d->is_sensor = lua_toboolean(L, -1);
    lua_pop(L, 2);
}

/* w:add(shape or mesh [, item [, options]]) --> id (the item defaults to the id) */
static int w_add(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    lua_settop(L, 4); /* shape, item, options: nil when not given */
    col_body_def d = col_body_def_default();
    col_mesh *mesh = lcol_to_mesh(L, 2);
    if (!mesh) {
        if (lcol_shape_kind(L, 2) < 0) return luaL_typeerror(L, 2, "collide shape or mesh");
        lcol_check_shape(L, 2, &d.shape);
    }
    read_body_options(L, 4, &d);
    col_body_id id;
    col_world_status st = mesh ? col_world_add_mesh(lw->w, mesh, &d, &id) : col_world_add(lw->w, &d, &id);
    if (st == COL_WORLD_INVALID_SHAPE) {
        lua_pushfstring(L, "a %s cannot be a body (2D, or too large)", col_shape_kind_name(d.shape.kind));
        return luaL_argerror(L, 2, lua_tostring(L, -1));
    }
    if (st != COL_WORLD_OK) return lworld_raise(L, "add", st);
    lua_getiuservalue(L, 1, UV_ITEMS);
    if (lua_isnil(L, 3))
        lua_pushinteger(L, lworld_id_value(id));
    else
        lua_pushvalue(L, 3);
    lua_rawseti(L, -2, lworld_id_value(id));
    if (mesh) {
        lua_getiuservalue(L, 1, UV_SHAPES);
        lua_pushvalue(L, 2);
        lua_rawseti(L, -2, lworld_id_value(id));
    }
    lua_pushinteger(L, lworld_id_value(id));
    return 1;
}

static void forget(lua_State *L, col_body_id id) {
    for (int uv = UV_ITEMS; uv <= UV_SHAPES; ++uv) {
        lua_getiuservalue(L, 1, uv);
        lua_pushnil(L);
        lua_rawseti(L, -2, lworld_id_value(id));
        lua_pop(L, 1);
    }
}

/* w:remove(id) */
static int w_remove(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    col_body_id id = lworld_check_id(L, lw, 2);
    col_world_status st = col_world_remove(lw->w, id);
    if (st != COL_WORLD_OK) return lworld_raise(L, "remove", st);
    forget(L, id);
    return 0;
}

/* w:setShape(id, shape) */
static int w_set_shape(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    col_body_id id = lworld_check_id(L, lw, 2);
    col_shape s;
    lcol_check_shape(L, 3, &s);
    col_world_status st = col_world_set_shape(lw->w, id, &s);
    if (st == COL_WORLD_INVALID_SHAPE) {
        lua_pushfstring(L, "a %s cannot be a body (2D, or too large)", col_shape_kind_name(s.kind));
        return luaL_argerror(L, 3, lua_tostring(L, -1));
    }
    if (st != COL_WORLD_OK) return lworld_raise(L, "setShape", st);
    lua_getiuservalue(L, 1, UV_SHAPES); /* a mesh it was is no longer held */
    lua_pushnil(L);
    lua_rawseti(L, -2, lworld_id_value(id));
    return 0;
}

/* w:setFilter(id, category, mask) */
static int w_set_filter(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    col_body_id id = lworld_check_id(L, lw, 2);
    uint64_t category = (uint64_t)luaL_checkinteger(L, 3), mask = (uint64_t)luaL_checkinteger(L, 4);
    col_world_status st = col_world_set_filter(lw->w, id, category, mask);
    if (st != COL_WORLD_OK) return lworld_raise(L, "setFilter", st);
    return 0;
}

/* w:contains(id) --> boolean */
static int w_contains(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    lua_pushboolean(L, lua_isinteger(L, 2) && col_world_contains(lw->w, (col_body_id)lua_tointeger(L, 2)));
    return 1;
}

/* The value a body has in user value uv of the world (its item or shape). */
static int body_value(lua_State *L, int uv) {
    lworld *lw = lworld_check(L, 1);
    col_body_id id = lworld_check_id(L, lw, 2);
    lua_getiuservalue(L, 1, uv);
    lua_rawgeti(L, -1, lworld_id_value(id));
    return 1;
}

/* w:shape(id) --> the body's shape where it is now (a new value), or its mesh */
static int w_shape(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    col_body_id id = lworld_check_id(L, lw, 2);
    const col_shape *s = col_world_shape(lw->w, id);
    if (!s) return body_value(L, UV_SHAPES);
    lcol_push_shape(L, s->kind, &s->u);
    return 1;
}

/* w:item(id) --> the body's item */
static int w_item(lua_State *L) { return body_value(L, UV_ITEMS); }

/* w:bounds(id) --> minx, miny, minz, maxx, maxy, maxz of the body's box in
 * the tree (nil for a plane) */
static int w_bounds(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    col_body_id id = lworld_check_id(L, lw, 2);
    col_aabb b;
    if (!col_world_bounds(lw->w, id, &b)) {
        luaL_pushfail(L);
        return 1;
    }
    return lcol_push_aabb(L, b);
}

/* w:optimize(): rebuilds both trees (binned SAH) */
static int w_optimize(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    col_world_status st = col_world_optimize(lw->w);
    if (st != COL_WORLD_OK) return lworld_raise(L, "optimize", st);
    return 0;
}

/* world:setStaticKdop(k): the static bodies' rays through a k-DOP tree
 * (col_world_set_static_kdop); 0 or nil turns it off */
static int w_set_static_kdop(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    lua_Integer k = luaL_optinteger(L, 2, 0);
    if (k != 0 && k != 6 && k != 14 && k != 18 && k != 26)
        return luaL_argerror(L, 2, lua_pushfstring(L, "k must be 0, 6, 14, 18 or 26, got %I", k));
    col_world_status st = col_world_set_static_kdop(lw->w, (int)k);
    if (st != COL_WORLD_OK) return lworld_raise(L, "setStaticKdop", st);
    return 0;
}

static void set_int(lua_State *L, const char *k, lua_Integer v) {
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

/* w:stats() --> {bodies=, static=, movable=, planes=, staticHeight=, movableHeight=,
 * staticAreaRatio=, movableAreaRatio=, nodes=, bytes=} */
static int w_stats(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    col_world_stats s = col_world_stats_of(lw->w);
    lua_createtable(L, 0, 10);
    set_int(L, "bodies", (lua_Integer)s.bodies);
    set_int(L, "static", (lua_Integer)s.static_bodies);
    set_int(L, "movable", (lua_Integer)s.movable_bodies);
    set_int(L, "planes", (lua_Integer)s.planes);
    set_int(L, "staticHeight", s.static_tree.height);
    set_int(L, "movableHeight", s.movable_tree.height);
    set_int(L, "nodes", (lua_Integer)s.static_tree.node_count + s.movable_tree.node_count);
    set_int(L, "bytes",
            (lua_Integer)(s.bytes +
                          (size_t)lw->cap * (sizeof(col_body_id) + sizeof(col_cull) + sizeof(col_world_ray_hit) +
                                             sizeof(col_world_cast_hit)) +
                          lw->moves_cap * sizeof(col_move_hit)));
    lua_pushnumber(L, (lua_Number)s.static_tree.area_ratio);
    lua_setfield(L, -2, "staticAreaRatio");
    lua_pushnumber(L, (lua_Number)s.movable_tree.area_ratio);
    lua_setfield(L, -2, "movableAreaRatio");
    return 1;
}

/* ------------------------------ queries ------------------------------ */

/* w:queryShape(shape [, filter [, out]]) --> count, out */
static int w_query_shape(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    lua_settop(L, 4); /* the optional arguments: nil when not given */
    col_shape s;
    lcol_check_3d_shape(L, 2, &s);
    lfilter lf;
    const col_filter *f = read_filter(L, 3, 1, &lf);
    int out = lcol_out_table(L, 4);
    reserve(L, lw);
    col_world_status st;
    size_t n = col_world_query_shape(lw->w, &s, f, lw->ids, lw->cap, &st);
    check_query(L, &lf, st, "queryShape");
    return push_items(L, 1, out, lw->ids, NULL, 0, n);
}

/* w:queryAABB(minx, miny, minz, maxx, maxy, maxz [, filter [, out]]) --> count, out */
static int w_query_aabb(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    lua_settop(L, 9); /* the optional arguments: nil when not given */
    col_real v[6];
    lcol_check_reals(L, 2, v, 6);
    col_aabb b = {lcol_v3(v), lcol_v3(v + 3)};
    if (!col_aabb_is_valid(&b)) return luaL_argerror(L, 5, "max must be >= min on every axis");
    lfilter lf;
    const col_filter *f = read_filter(L, 8, 1, &lf);
    int out = lcol_out_table(L, 9);
    reserve(L, lw);
    col_world_status st;
    size_t n = col_world_query_aabb(lw->w, &b, f, lw->ids, lw->cap, &st);
    check_query(L, &lf, st, "queryAABB");
    return push_items(L, 1, out, lw->ids, NULL, 0, n);
}

/* w:queryPoint(x, y, z [, filter [, out]]) --> count, out */
static int w_query_point(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    lua_settop(L, 6); /* the optional arguments: nil when not given */
    col_real v[3];
    lcol_check_reals(L, 2, v, 3);
    lfilter lf;
    const col_filter *f = read_filter(L, 5, 1, &lf);
    int out = lcol_out_table(L, 6);
    reserve(L, lw);
    col_world_status st;
    size_t n = col_world_query_point(lw->w, lcol_v3(v), f, lw->ids, lw->cap, &st);
    check_query(L, &lf, st, "queryPoint");
    return push_items(L, 1, out, lw->ids, NULL, 0, n);
}

/* w:queryFrustum(frustum [, filter [, out [, classes]]]) --> count, out, classes */
static int w_query_frustum(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    lua_settop(L, 5); /* the optional arguments: nil when not given */
    const col_frustum *fr = lcol_check_frustum(L, 2);
    if (!col_frustum_is_valid(fr)) return luaL_argerror(L, 2, "invalid frustum");
    lfilter lf;
    const col_filter *f = read_filter(L, 3, 1, &lf);
    int out = lcol_out_table(L, 4);
    int classes = lcol_out_table(L, 5);
    reserve(L, lw);
    col_world_status st;
    size_t n = col_world_query_frustum(lw->w, fr, f, lw->ids, lw->classes, lw->cap, &st);
    check_query(L, &lf, st, "queryFrustum");
    push_items(L, 1, out, lw->ids, lw->classes, classes, n);
    lua_pushvalue(L, classes);
    return 3;
}

/* A hit record: out[i] = {item=, t=, x=, y=, z=, nx=, ny=, nz=, inside=}
 * (t0 and initially overlapping for casts), reusing a record already there. */
void lworld_set_num(lua_State *L, const char *k, col_real v) {
    lua_pushnumber(L, (lua_Number)v);
    lua_setfield(L, -2, k);
}

static void put_record(lua_State *L, int out, lua_Integer i, int items, col_body_id id, col_real t, col_vec3 p,
                       col_vec3 n, bool inside) {
    if (lua_rawgeti(L, out, i) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, 0, 9);
        lua_pushvalue(L, -1);
        lua_rawseti(L, out, i);
    }
    lua_rawgeti(L, items, lworld_id_value(id));
    lua_setfield(L, -2, "item");
    lworld_set_num(L, "t", t);
    lworld_set_num(L, "x", p.x);
    lworld_set_num(L, "y", p.y);
    lworld_set_num(L, "z", p.z);
    lworld_set_num(L, "nx", n.x);
    lworld_set_num(L, "ny", n.y);
    lworld_set_num(L, "nz", n.z);
    lua_pushboolean(L, inside);
    lua_setfield(L, -2, "inside");
    lua_pop(L, 1);
}

/* Fills out[1..n] with the records of the ray hits (rays) or the cast hits
 * in lw's buffers, trims it, and returns n, out. */
static int push_records(lua_State *L, int out, const lworld *lw, size_t n, bool rays) {
    lua_getiuservalue(L, 1, UV_ITEMS);
    int items = lua_gettop(L);
    for (size_t i = 0; i < n; ++i) {
        if (rays) {
            const col_world_ray_hit *h = &lw->rays[i];
            put_record(L, out, (lua_Integer)i + 1, items, h->body, h->hit.t, h->hit.point, h->hit.normal,
                       h->hit.inside);
        } else {
            const col_world_cast_hit *h = &lw->casts[i];
            put_record(L, out, (lua_Integer)i + 1, items, h->body, h->hit.t0, h->hit.point, h->hit.normal,
                       h->hit.initially_overlapping);
        }
    }
    lcol_trim(L, out, (lua_Integer)n);
    lua_pushinteger(L, (lua_Integer)n);
    lua_pushvalue(L, out);
    return 2;
}

/* w:raycast(ox, oy, oz, dx, dy, dz [, maxT [, filter]])
 *   --> item, t, px, py, pz, nx, ny, nz, inside | nil */
static int w_raycast(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    lua_settop(L, 9); /* the optional arguments: nil when not given */
    col_ray r = lcol_check_ray(L, 2);
    lfilter lf;
    const col_filter *f = read_filter(L, 9, 1, &lf);
    col_world_status st;
    col_world_ray_hit h;
    bool hit = col_world_raycast(lw->w, &r, f, &h, &st);
    check_query(L, &lf, st, "raycast");
    if (!hit) {
        luaL_pushfail(L);
        return 1;
    }
    lua_getiuservalue(L, 1, UV_ITEMS);
    lua_rawgeti(L, -1, lworld_id_value(h.body));
    lua_remove(L, -2);
    return 1 + lcol_push_ray_hit(L, h.hit);
}

/* w:raycastAll(ox, oy, oz, dx, dy, dz [, maxT [, filter [, out]]]) --> count, out
 * (out[i] = {item, t, x, y, z, nx, ny, nz, inside}, by (t, id)) */
static int w_raycast_all(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    lua_settop(L, 10); /* the optional arguments: nil when not given */
    col_ray r = lcol_check_ray(L, 2);
    lfilter lf;
    const col_filter *f = read_filter(L, 9, 1, &lf);
    int out = lcol_out_table(L, 10);
    reserve(L, lw);
    col_world_status st;
    size_t n = col_world_raycast_all(lw->w, &r, f, lw->rays, lw->cap, &st);
    check_query(L, &lf, st, "raycastAll");
    return push_records(L, out, lw, n, true);
}

/* w:cast(shape, dx, dy, dz [, filter [, out]]) --> count, out
 * (out[i] = {item, t, x, y, z, nx, ny, nz, inside}: t the first contact t0,
 * the normal on the body toward the shape, inside when overlapping at the
 * start (t = 0); by (t, id)) */
static int w_cast(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    lua_settop(L, 7); /* the optional arguments: nil when not given */
    col_shape s;
    lcol_check_3d_shape(L, 2, &s);
    col_real v[3];
    lcol_check_reals(L, 3, v, 3);
    lfilter lf;
    const col_filter *f = read_filter(L, 6, 1, &lf);
    int out = lcol_out_table(L, 7);
    reserve(L, lw);
    col_world_status st;
    size_t n = col_world_cast_all(lw->w, &s, lcol_v3(v), f, lw->casts, lw->cap, &st);
    check_query(L, &lf, st, "cast");
    return push_records(L, out, lw, n, false);
}

/* w:contacts(id [, filter [, out]]) --> count, out
 * (out[i] = {item = other, triangle = k or nil, nx, ny, nz, count, then
 * x, y, z, depth for each point at [1..4 count]}: col_world_contacts, the
 * manifold of the body's shape against each body (each mesh triangle) it
 * touches; by the other's id, then the triangle) */
static int w_contacts(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    lua_settop(L, 4); /* the optional arguments: nil when not given */
    col_body_id id = lworld_check_id(L, lw, 2);
    if (col_world_mesh(lw->w, id)) luaL_argerror(L, 2, "a mesh body has no contacts of its own (ask the bodies on it)");
    lfilter lf;
    const col_filter *f = read_filter(L, 3, 1, &lf);
    int out = lcol_out_table(L, 4);
    col_world_status st;
    size_t n = col_world_contacts(lw->w, id, f, NULL, 0, &st);
    check_query(L, &lf, st, "contacts");
    /* the contacts in a buffer the collector owns (an error cannot leak it) */
    col_world_contact *c = lua_newuserdatauv(L, (n ? n : 1) * sizeof *c, 0);
    n = col_world_contacts(lw->w, id, f, c, n, &st);
    check_query(L, &lf, st, "contacts");
    lua_getiuservalue(L, 1, UV_ITEMS);
    int items = lua_gettop(L);
    for (size_t i = 0; i < n; ++i) {
        if (lua_rawgeti(L, out, (lua_Integer)i + 1) != LUA_TTABLE) {
            lua_pop(L, 1);
            lua_createtable(L, 16, 6);
            lua_pushvalue(L, -1);
            lua_rawseti(L, out, (lua_Integer)i + 1);
        }
        const col_contact_manifold *m = &c[i].manifold;
        lua_rawgeti(L, items, lworld_id_value(c[i].other));
        lua_setfield(L, -2, "item");
        if (c[i].triangle >= 0)
            lua_pushinteger(L, (lua_Integer)c[i].triangle + 1);
        else
            lua_pushnil(L);
        lua_setfield(L, -2, "triangle");
        lworld_set_num(L, "nx", m->normal.x);
        lworld_set_num(L, "ny", m->normal.y);
        lworld_set_num(L, "nz", m->normal.z);
        lua_pushinteger(L, m->count);
        lua_setfield(L, -2, "count");
        for (int k = 0; k < m->count; ++k) {
            const col_real v[4] = {m->point[k].x, m->point[k].y, m->point[k].z, m->depth[k]};
            for (int j = 0; j < 4; ++j) {
                lua_pushnumber(L, (lua_Number)v[j]);
                lua_rawseti(L, -2, 4 * k + j + 1);
            }
        }
        lcol_trim(L, lua_gettop(L), 4 * (lua_Integer)m->count);
        lua_pop(L, 1);
    }
    lcol_trim(L, out, (lua_Integer)n);
    lua_pushinteger(L, (lua_Integer)n);
    lua_pushvalue(L, out);
    return 2;
}

static int w_len(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    lua_pushinteger(L, (lua_Integer)col_world_count(lw->w));
    return 1;
}

static int w_tostring(lua_State *L) {
    lworld *lw = lworld_check(L, 1);
    col_world_stats s = col_world_stats_of(lw->w);
    lua_pushfstring(L, "%s(%I bodies: %I static, %I movable, %I planes)", WTNAME, (lua_Integer)s.bodies,
                    (lua_Integer)s.static_bodies, (lua_Integer)s.movable_bodies, (lua_Integer)s.planes);
    return 1;
}

void lcol_open_world(lua_State *L) {
    static const luaL_Reg methods[] = {{"add", w_add},
                                       {"remove", w_remove},
                                       {"setShape", w_set_shape},
                                       {"setFilter", w_set_filter},
                                       {"contains", w_contains},
                                       {"shape", w_shape},
                                       {"item", w_item},
                                       {"bounds", w_bounds},
                                       {"optimize", w_optimize},
                                       {"setStaticKdop", w_set_static_kdop},
                                       {"stats", w_stats},
                                       {"queryShape", w_query_shape},
                                       {"queryAABB", w_query_aabb},
                                       {"queryPoint", w_query_point},
                                       {"queryFrustum", w_query_frustum},
                                       {"raycast", w_raycast},
                                       {"raycastAll", w_raycast_all},
                                       {"contacts", w_contacts},
                                       {"cast", w_cast},
                                       {NULL, NULL}};
    lcol_new_type(L, WTNAME, methods, w_tostring, w_len);
    luaL_getmetatable(L, WTNAME);
    lua_getfield(L, -1, "__index");
    luaL_setfuncs(L, lworld_motion_methods, 0);
    luaL_setfuncs(L, lworld_character_methods, 0);
    luaL_setfuncs(L, lworld_step_methods, 0);
    lua_pop(L, 1);
    lua_pushcfunction(L, w_gc);
    lua_setfield(L, -2, "__gc");
    lua_pop(L, 1);
    lua_pushcfunction(L, l_world);
    lua_setfield(L, -2, "world");
    lcol_open_character(L);
}
