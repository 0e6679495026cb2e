/*
 * collide-lua: a minimal Lua 5.4 interpreter with the module `collide`
 * linked in and preloaded, so `require "collide"` works in builds whose module
 * cannot be loaded by the stock lua5.4 (sanitizer builds) and without any
 * LUA_CPATH. Usage: collide-lua script.lua [args...]; the arguments are in the
 * global table `arg` as lua5.4 puts them. Exit code 0 on success, 1 on error
 * (the message and a traceback go to stderr).
 */
#include <stdio.h>
#include <stdlib.h>

#include "lcollide.h"
#include "lualib.h"

static int traceback(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    luaL_traceback(L, L, msg ? msg : "(error object is not a string)", 1);
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s script.lua [args...]\n", argv[0]);
        return 2;
    }
    lua_State *L = luaL_newstate();
    if (!L) {
        fprintf(stderr, "collide-lua: cannot create a Lua state\n");
        return 1;
    }
    luaL_openlibs(L);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
    lua_pushcfunction(L, luaopen_collide);
    lua_setfield(L, -2, "collide");
    lua_pop(L, 1);
    lua_createtable(L, argc, 1);
    for (int i = 0; i < argc; ++i) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i - 1);
    }
    lua_setglobal(L, "arg");
    lua_pushcfunction(L, traceback);
    int status = luaL_loadfile(L, argv[1]);
    if (status == LUA_OK) {
        for (int i = 2; i < argc; ++i) lua_pushstring(L, argv[i]);
        status = lua_pcall(L, argc - 2, 0, 1);
    }
    if (status != LUA_OK) fprintf(stderr, "%s\n", lua_tostring(L, -1));
    lua_close(L);
    return status == LUA_OK ? 0 : 1;
}
