/*
 * What collide-run adds for scripts besides the pictures: expect,
 * expectNear, expectEqual, expectError, expectNoGarbage (the expectations
 * that make the "N passed, N failed" line) and record (the trace). Every loop
 * here charges the instruction budget per step; every byte of the trace
 * counts against --max-output before it is written.
 */
#include <math.h>
#include <string.h>

#include "sandbox.h"
#include "text.h"

/* "file:line: " of the calling script line, or "". */
static void where(lua_State *L, char *buf, size_t size) {
    lua_Debug ar;
    buf[0] = 0;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "Sl", &ar) && ar.currentline > 0)
        snprintf(buf, size, "%s:%d: ", ar.short_src, ar.currentline);
}

static void report(lua_State *L, bool ok, const char *msg, const char *detail) {
    sandbox *s = sandbox_of(L);
    pthread_mutex_lock(&s->io);
    if (ok) {
        ++s->passed;
        pthread_mutex_unlock(&s->io);
        return;
    }
    ++s->failed;
    char at[256];
    where(L, at, sizeof at);
    fprintf(s->o.err, "FAIL %s%s%s%s\n", at, msg, detail[0] ? ": " : "", detail);
    pthread_mutex_unlock(&s->io);
}

static const char *opt_message(lua_State *L, int idx, const char *def) { return luaL_optstring(L, idx, def); }

/* expect(cond [, msg]) --> cond */
static int l_expect(lua_State *L) {
    luaL_checkany(L, 1);
    report(L, lua_toboolean(L, 1), opt_message(L, 2, "expectation"), "");
    lua_settop(L, 1);
    return 1;
}

/* Pushes the text of the value at idx: a float in its shortest round-trip
 * form, anything else as tostring. (A luaL_Buffer takes a pushed value only
 * right above its own slot: push, then luaL_addvalue, nothing between.) */
static void push_text(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) == LUA_TNUMBER && !lua_isinteger(L, idx)) {
        char num[40];
        text_number(num, sizeof num, lua_tonumber(L, idx));
        lua_pushstring(L, num);
    } else {
        sandbox_tostring(L, idx);
    }
}

/* Element by element: numbers within tol, anything else raw-equal. */
static bool near_value(lua_State *L, int got, int want, lua_Number tol) {
    if (lua_type(L, want) == LUA_TNUMBER)
        return lua_type(L, got) == LUA_TNUMBER && fabs(lua_tonumber(L, got) - lua_tonumber(L, want)) <= tol;
    return lua_rawequal(L, got, want);
}

#define SHOWN 16 /* array elements a message shows */

/* "{1, 2, 3, ... (n elements)}" of the array at idx (raw access). */
static void add_array(lua_State *L, luaL_Buffer *b, int idx, lua_Integer n) {
    luaL_addchar(b, '{');
    for (lua_Integer i = 1; i <= n && i <= SHOWN; ++i) {
        if (i > 1) luaL_addstring(b, ", ");
        lua_rawgeti(L, idx, i);
        push_text(L, -1);
        lua_remove(L, -2);
        luaL_addvalue(b);
    }
    if (n > SHOWN) {
        lua_pushfstring(L, ", ... (%I elements)", n);
        luaL_addvalue(b);
    }
    luaL_addchar(b, '}');
}

/* expectNear(a, b, tol [, msg]) --> ok: numbers within tol, or two arrays
 * element by element (raw access: their # without __len) */
static int l_expect_near(lua_State *L) {
    lua_Number tol = luaL_checknumber(L, 3);
    if (!(tol >= 0)) return luaL_argerror(L, 3, "tolerance must be >= 0");
    const char *msg = opt_message(L, 4, "expectation");
    bool ok;
    luaL_Buffer b;
    if (lua_type(L, 1) == LUA_TTABLE && lua_type(L, 2) == LUA_TTABLE) {
        lua_Integer ng = (lua_Integer)lua_rawlen(L, 1), nw = (lua_Integer)lua_rawlen(L, 2);
        ok = ng == nw;
        for (lua_Integer i = 1; ok && i <= nw; ++i) {
            if ((i & 1023) == 0) sandbox_charge(L, 1024);
            lua_rawgeti(L, 1, i);
            lua_rawgeti(L, 2, i);
            ok = near_value(L, -2, -1, tol);
            lua_pop(L, 2);
        }
        luaL_buffinit(L, &b);
        if (!ok) {
            luaL_addstring(&b, "got ");
            add_array(L, &b, 1, ng);
            luaL_addstring(&b, ", want ");
            add_array(L, &b, 2, nw);
            char t[40];
            text_number(t, sizeof t, tol);
            luaL_addstring(&b, " +- ");
            luaL_addstring(&b, t);
        }
        luaL_pushresult(&b);
    } else {
        lua_Number x = luaL_checknumber(L, 1), y = luaL_checknumber(L, 2);
        ok = fabs(x - y) <= tol;
        char gx[40], wy[40], t[40];
        text_number(gx, sizeof gx, x);
        text_number(wy, sizeof wy, y);
        text_number(t, sizeof t, tol);
        if (ok) lua_pushliteral(L, "");
        else lua_pushfstring(L, "got %s, want %s +- %s", gx, wy, t);
    }
    report(L, ok, msg, lua_tostring(L, -1));
    lua_pushboolean(L, ok);
    return 1;
}

/* expectEqual(got, want [, msg]) --> ok (raw equality, numbers by value) */
static int l_expect_equal(lua_State *L) {
    luaL_checkany(L, 2);
    bool ok = lua_rawequal(L, 1, 2);
    const char *msg = opt_message(L, 3, "expectation");
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    if (!ok) {
        luaL_addstring(&b, "got ");
        push_text(L, 1);
        luaL_addvalue(&b);
        luaL_addstring(&b, ", want ");
        push_text(L, 2);
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    report(L, ok, msg, lua_tostring(L, -1));
    lua_pushboolean(L, ok);
    return 1;
}

/* expectError(text, f, ...) --> ok: f(...) raises an error whose message
 * contains text */
static int l_expect_error(lua_State *L) {
    const char *text = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    int n = lua_gettop(L);
    lua_pushvalue(L, 2);
    for (int i = 3; i <= n; ++i) lua_pushvalue(L, i);
    int status = lua_pcall(L, n - 2, 0, 0);
    if (sandbox_of(L)->limit != LIMIT_NONE) return lua_error(L); /* a limit is not an expected error */
    bool ok = false;
    if (status == LUA_OK) {
        lua_pushliteral(L, "no error raised");
    } else {
        const char *msg = lua_tostring(L, -1);
        ok = msg && strstr(msg, text) != NULL;
        if (msg) lua_pushfstring(L, "message was: %s", msg);
        else lua_pushfstring(L, "message was not a string but %s", sandbox_tostring(L, -1));
    }
    const char *detail = lua_tostring(L, -1);
    const char *name = lua_pushfstring(L, "error containing '%s'", text);
    report(L, ok, name, ok ? "" : detail);
    lua_pushboolean(L, ok);
    return 1;
}

/* expectNoGarbage(f [, n [, msg]]) --> ok: n calls of f (default 1000)
 * allocate nothing (counted by the sandbox's allocator); each call is charged
 * to the instruction budget (f may be a C function, which runs no Lua
 * instruction the hook could count) */
static int l_expect_no_garbage(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_Integer n = luaL_optinteger(L, 2, 1000);
    if (n < 1) return luaL_argerror(L, 2, "count must be >= 1");
    const char *msg = opt_message(L, 3, "no allocation per call");
    sandbox *s = sandbox_of(L);
    lua_pushvalue(L, 1);
    lua_call(L, 0, 0); /* once first: lazily created state is not garbage */
    unsigned long long before = s->allocations;
    for (lua_Integer i = 0; i < n; ++i) {
        sandbox_charge(L, 1);
        lua_pushvalue(L, 1);
        lua_call(L, 0, 0);
    }
    unsigned long long made = s->allocations - before;
    char detail[96];
    snprintf(detail, sizeof detail, "%llu allocations in %lld calls", made, (long long)n);
    report(L, made == 0, msg, made ? detail : "");
    lua_pushboolean(L, made == 0);
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
    if (csv) text_write_csv(out, str, len);
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
                if (isnan(x)) luaL_addstring(&b, csv ? "nan" : "\"nan\"");
                else if (isinf(x)) luaL_addstring(&b, x > 0 ? (csv ? "inf" : "\"inf\"") : (csv ? "-inf" : "\"-inf\""));
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
            if (csv) text_write_csv(out, str, len);
            else text_write_json(out, str, len);
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
    static const luaL_Reg extras[] = {{"expect", l_expect},
                                      {"expectNear", l_expect_near},
                                      {"expectEqual", l_expect_equal},
                                      {"expectError", l_expect_error},
                                      {"expectNoGarbage", l_expect_no_garbage},
                                      {"record", l_record},
                                      {NULL, NULL}};
    lua_pushglobaltable(L);
    luaL_setfuncs(L, extras, 0);
    lua_pop(L, 1);
}
