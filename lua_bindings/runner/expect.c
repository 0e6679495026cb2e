/*
 * What collide-run adds for scripts besides the pictures: the expectations
 * (expect, expectNear, expectEqual, expectError, expectNoGarbage), written
 * once in Lua (expect.lua, embedded here at build time and loaded by
 * scripts/shim.lua for plain lua5.4) over three primitives of the sandbox
 * (report, the allocation count, the number rule), and record (the trace),
 * whose every byte counts against --max-output before it is written.
 */
#include <math.h>
#include <string.h>

#include "expect_lua.h" /* generated: expect_lua[], the bytes of expect.lua */
#include "sandbox.h"
#include "text.h"

#define EXPECT_CHUNK "=collide-run expect.lua"

/* "file:line: " of the script line that called an expectation (the first
 * Lua frame outside expect.lua), or "". */
static void where(lua_State *L, char *buf, size_t size) {
    lua_Debug ar;
    buf[0] = 0;
    for (int level = 1; lua_getstack(L, level, &ar); ++level) {
        if (!lua_getinfo(L, "Sl", &ar)) break;
        if (ar.currentline > 0 && strcmp(ar.source, EXPECT_CHUNK) != 0) {
            snprintf(buf, size, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
}

/* report(ok, msg, detail): counts an expectation; a failure prints
 * "FAIL file:line: msg: detail". */
static int l_report(lua_State *L) {
    sandbox *s = sandbox_of(L);
    bool ok = lua_toboolean(L, 1);
    const char *msg = luaL_checkstring(L, 2), *detail = luaL_checkstring(L, 3);
    char at[256] = "";
    if (!ok) where(L, at, sizeof at);
    pthread_mutex_lock(&s->io);
    if (ok)
        ++s->passed;
    else {
        ++s->failed;
        fprintf(s->o.err, "FAIL %s%s%s%s\n", at, msg, detail[0] ? ": " : "", detail);
    }
    pthread_mutex_unlock(&s->io);
    return 0;
}

/* allocated(phase): the allocations the sandbox's allocator has made */
static int l_allocated(lua_State *L) {
    lua_pushnumber(L, (lua_Number)sandbox_of(L)->allocations);
    return 1;
}

/* number(x): the text of x by the bindings' rule */
static int l_number(lua_State *L) {
    char buf[40];
    text_number(buf, sizeof buf, luaL_checknumber(L, 1));
    lua_pushstring(L, buf);
    return 1;
}

/* ------------------------------ the trace ------------------------------ */

static void buffer_put(void *ctx, const char *s, size_t n) { luaL_addlstring((luaL_Buffer *)ctx, s, n); }

/* record(name, ...): one line of the trace (numbers, booleans, strings, nil).
 * The line is built in Lua memory (counted), charged to --max-output, then
 * written whole. */
static int l_record(lua_State *L) {
    luaL_checkstring(L, 1);
    int n = lua_gettop(L);
    for (int i = 2; i <= n; ++i) {
        int t = lua_type(L, i);
        if (t != LUA_TNUMBER && t != LUA_TBOOLEAN && t != LUA_TSTRING && t != LUA_TNIL)
            return luaL_typeerror(L, i, "number, boolean, string or nil");
    }
    sandbox *s = sandbox_of(L);
    if (!s->o.trace) return 0;
    bool csv = s->o.trace_csv;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    text_sink out = {buffer_put, &b};
    size_t len;
    const char *str = lua_tolstring(L, 1, &len);
    if (csv)
        text_write_csv(out, str, len);
    else {
        luaL_addstring(&b, "{\"name\":");
        text_write_json(out, str, len);
        luaL_addstring(&b, ",\"values\":[");
    }
    for (int i = 2; i <= n; ++i) {
        if (csv || i > 2) luaL_addchar(&b, ',');
        switch (lua_type(L, i)) {
        case LUA_TNUMBER:
            if (lua_isinteger(L, i)) {
                lua_pushfstring(L, "%I", lua_tointeger(L, i));
                luaL_addvalue(&b);
            } else {
                lua_Number x = lua_tonumber(L, i);
                if (isnan(x))
                    luaL_addstring(&b, csv ? "nan" : "\"nan\"");
                else if (isinf(x))
                    luaL_addstring(&b, x > 0 ? (csv ? "inf" : "\"inf\"") : (csv ? "-inf" : "\"-inf\""));
                else {
                    char num[40];
                    text_number(num, sizeof num, x);
                    /* a float keeps a float's look, so it reads back as a float */
                    if (!strpbrk(num, ".eEn")) strcat(num, ".0");
                    luaL_addstring(&b, num);
                }
            }
            break;
        case LUA_TBOOLEAN: luaL_addstring(&b, lua_toboolean(L, i) ? "true" : "false"); break;
        case LUA_TSTRING:
            str = lua_tolstring(L, i, &len);
            if (csv)
                text_write_csv(out, str, len);
            else
                text_write_json(out, str, len);
            break;
        default:
            if (!csv) luaL_addstring(&b, "null");
            break;
        }
    }
    luaL_addstring(&b, csv ? "\n" : "]}\n");
    luaL_pushresult(&b);
    const char *line = lua_tolstring(L, -1, &len);
    sandbox_output(L, len);
    pthread_mutex_lock(&s->io);
    fwrite(line, 1, len, s->o.trace);
    pthread_mutex_unlock(&s->io);
    return 0;
}

void sandbox_open_expect(lua_State *L) {
    lua_pushglobaltable(L);
    lua_pushcfunction(L, l_record);
    lua_setfield(L, -2, "record");
    /* expect.lua's functions, over the primitives */
    if (luaL_loadbufferx(L, (const char *)expect_lua, sizeof expect_lua, EXPECT_CHUNK, "t") != LUA_OK) lua_error(L);
    lua_call(L, 0, 1);
    lua_createtable(L, 0, 4);
    lua_pushcfunction(L, l_report);
    lua_setfield(L, -2, "report");
    lua_pushcfunction(L, l_allocated);
    lua_setfield(L, -2, "allocated");
    lua_pushliteral(L, "allocations");
    lua_setfield(L, -2, "unit");
    lua_pushcfunction(L, l_number);
    lua_setfield(L, -2, "number");
    lua_call(L, 1, 1); /* the functions */
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_settable(L, -5); /* _G[name] = f */
    }
    lua_pop(L, 2);
}
