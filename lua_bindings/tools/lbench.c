/*
 * collide.bench: the baselines of the Lua benchmarks (bench/lua_bench.lua).
 * nop() does nothing; yes(a, b) returns true without looking at its
 * arguments, the cost of a call from Lua into C with a query's arguments and
 * result; worldAabbC(boxes, queries, reps) runs the world's box query in C,
 * the floor of w:queryAABB. Built with the benchmarks only
 * (COLLIDE_BUILD_BENCH), not installed.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdlib.h>
#include <time.h>

#include "collide/collide.h"
#include "lauxlib.h"
#include "lua.h"

#if defined(__GNUC__)
#define LBENCH_EXPORT __attribute__((visibility("default")))
#else
#define LBENCH_EXPORT
#endif

static int nop(lua_State *L) {
    (void)L;
    return 0;
}

static int yes(lua_State *L) {
    lua_pushboolean(L, 1);
    return 1;
}

/* n boxes from a flat array {minx, miny, minz, maxx, maxy, maxz, ...} (a
 * userdata holds them, so an error frees them). */
static col_aabb *read_boxes(lua_State *L, int arg, size_t *n) {
    luaL_checktype(L, arg, LUA_TTABLE);
    size_t len = (size_t)lua_rawlen(L, arg);
    *n = len / 6;
    col_aabb *b = lua_newuserdatauv(L, (*n ? *n : 1) * sizeof *b, 0);
    for (size_t i = 0; i < *n; ++i) {
        col_real v[6];
        for (int k = 0; k < 6; ++k) {
            lua_rawgeti(L, arg, (lua_Integer)(6 * i + (size_t)k + 1));
            v[k] = (col_real)lua_tonumber(L, -1);
            lua_pop(L, 1);
        }
        b[i].min = col_v3(v[0], v[1], v[2]);
        b[i].max = col_v3(v[3], v[4], v[5]);
    }
    return b;
}

/* worldAabbC(boxes, queries, reps) --> ns per query, total results: a
 * world of movable AABB bodies, each query box asked `reps` times with an
 * id buffer made once (the C floor of w:queryAABB with an out table). */
static int world_aabb_c(lua_State *L) {
    size_t nb, nq;
    const col_aabb *boxes = read_boxes(L, 1, &nb);
    const col_aabb *queries = read_boxes(L, 2, &nq);
    lua_Integer reps = luaL_checkinteger(L, 3);
    col_world *w = col_world_create();
    col_body_id *ids = malloc((nb + 1) * sizeof *ids);
    if (!w || !ids) {
        col_world_destroy(w);
        free(ids);
        return luaL_error(L, "not enough memory");
    }
    for (size_t i = 0; i < nb; ++i) {
        col_body_def d = col_body_def_default();
        d.shape.kind = COL_SHAPE_AABB;
        d.shape.u.aabb = boxes[i];
        col_world_add(w, &d, NULL);
    }
    struct timespec t0, t1;
    size_t total = 0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (lua_Integer r = 0; r < reps; ++r)
        for (size_t q = 0; q < nq; ++q) total += col_world_query_aabb(w, &queries[q], NULL, ids, nb + 1, NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ns = ((double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec)) /
                ((double)reps * (double)(nq ? nq : 1));
    col_world_destroy(w);
    free(ids);
    lua_pushnumber(L, ns);
    lua_pushinteger(L, (lua_Integer)total);
    return 2;
}

LBENCH_EXPORT int luaopen_collide_bench(lua_State *L);

int luaopen_collide_bench(lua_State *L) {
    static const luaL_Reg functions[] = {{"nop", nop}, {"yes", yes}, {"worldAabbC", world_aabb_c}, {NULL, NULL}};
    luaL_newlib(L, functions);
    return 1;
}
