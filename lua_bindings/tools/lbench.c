/*
 * collide.bench: the baseline of the Lua benchmarks (bench/lua_bench.lua).
 * nop() does nothing; yes(a, b) returns true without looking at its
 * arguments, the cost of a call from Lua into C with a query's arguments and
 * result. Built with the benchmarks only (COLLIDE_BUILD_BENCH), not installed.
 */
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

LBENCH_EXPORT int luaopen_collide_bench(lua_State *L);

int luaopen_collide_bench(lua_State *L) {
    static const luaL_Reg functions[] = {{"nop", nop}, {"yes", yes}, {NULL, NULL}};
    luaL_newlib(L, functions);
    return 1;
}
