/*
 * The Lua API under random call sequences, for the fuzz harness fuzz/fuzz_lua.c
 * (lua_bindings/ is the only code that includes lua.h, so the interpreter of
 * the bytes lives here).
 *
 * Each input is a program: a sequence of calls of the module's functions and
 * of shape methods, each with 0..12 arguments drawn from a pool (numbers with
 * special bit patterns, integers, nil, booleans, strings, flat and nested
 * tables of numbers, shapes made by earlier calls, the module table itself).
 * Every call runs under lua_pcall. Properties: nothing crashes or trips a
 * sanitizer; an error is a string (a Lua error, never a C failure); a
 * successful query returns numbers, booleans, nil or shapes only; memory
 * stays bounded (a counting allocator refuses past 64 MiB).
 *
 * Between calls the program may tamper with a pooled value's metatable, as a
 * script with the debug library could (issue 12): copy another type's tag
 * into the real metatable, or give the value another type's metatable when
 * that type's block has another size; the next call runs on the forged value
 * (its NaN check skipped: it may read a valid block as the wrong shape) and
 * the metatable is restored after it. The type checks must refuse every
 * forgery that would reach outside the block.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lcollide.h"
#include "lualib.h"

#define FUZZ_MAX_CALLS 48
#define FUZZ_MAX_ARGS 12
#define FUZZ_POOL 16
#define FUZZ_MEMORY (64u << 20)

typedef struct fuzz_in {
    const uint8_t *data;
    size_t size, pos;
    size_t mem;
} fuzz_in;

static uint8_t u8(fuzz_in *in) { return in->pos < in->size ? in->data[in->pos++] : 0; }

static double raw_double(fuzz_in *in) {
    uint8_t b[8];
    for (int i = 0; i < 8; ++i) b[i] = u8(in);
    double d;
    memcpy(&d, b, sizeof d);
    return d;
}

static void *bounded_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    fuzz_in *in = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        in->mem -= old;
        return NULL;
    }
    if (nsize > old && in->mem + (nsize - old) > FUZZ_MEMORY) return NULL;
    void *p = realloc(ptr, nsize);
    if (p) in->mem = in->mem - old + nsize;
    return p;
}

/* Where lcol_fuzz_trace asked the program to be printed (NULL: silent). */
static FILE *trace_out;

void lcol_fuzz_trace(FILE *out);
void lcol_fuzz_trace(FILE *out) { trace_out = out; }

/* The value at idx as the trace shows it (pooled userdata by their type). */
static void trace_value(lua_State *L, int idx) {
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx))
            fprintf(trace_out, "%lld", (long long)lua_tointeger(L, idx));
        else
            fprintf(trace_out, "%a", lua_tonumber(L, idx));
        break;
    case LUA_TSTRING: fprintf(trace_out, "\"%s\"", lua_tostring(L, idx)); break;
    case LUA_TTABLE: fprintf(trace_out, "{#%lld}", (long long)lua_rawlen(L, idx)); break;
    case LUA_TBOOLEAN: fprintf(trace_out, lua_toboolean(L, idx) ? "true" : "false"); break;
    case LUA_TUSERDATA:
        if (luaL_getmetafield(L, idx, "__name") == LUA_TSTRING) {
            fprintf(trace_out, "<%s %p>", lua_tostring(L, -1), lua_topointer(L, idx));
            lua_pop(L, 1);
        } else {
            fprintf(trace_out, "<userdata %p>", lua_topointer(L, idx));
        }
        break;
    default: fprintf(trace_out, "%s", luaL_typename(L, idx)); break;
    }
}

static void fail(const char *what, const char *detail) {
    fprintf(stderr, "collide fuzz (Lua API): %s: %s\n", what, detail ? detail : "");
    abort();
}

/* A number the way scripts write them, or a hostile one. */
static void push_number(lua_State *L, fuzz_in *in) {
    uint8_t k = u8(in);
    switch (k % 8) {
    case 0: lua_pushnumber(L, raw_double(in)); break;                        /* anything: NaN, inf, denormals */
    case 1: lua_pushinteger(L, (lua_Integer)(int8_t)u8(in)); break;          /* small integers */
    case 2: lua_pushnumber(L, (double)(int8_t)u8(in) / 8.0); break;          /* grid values */
    case 3: lua_pushnumber(L, ldexp(1.0, (int)(u8(in) % 200) - 100)); break; /* powers of two */
    case 4: lua_pushnumber(L, (k & 8) ? INFINITY : -INFINITY); break;
    case 5: lua_pushnumber(L, NAN); break;
    case 6: lua_pushnumber(L, (k & 8) ? 1e300 : 1e51); break; /* beyond collide.huge */
    default: lua_pushnumber(L, (double)u8(in) / 16.0); break;
    }
}

/* One argument on the stack; shapes come from the pool table at pool_idx. */
static void push_arg(lua_State *L, fuzz_in *in, int pool_idx, int module_idx) {
    uint8_t k = u8(in);
    switch (k % 16) {
    case 0: lua_pushnil(L); break;
    case 1: lua_pushboolean(L, k & 16); break;
    case 2: {
        static const char *const strings[] = {"",     "1",          "x",      "default", "slabs",
                                              "woo",  "watertight", "moller", "badouel", "twosided",
                                              "cull", "nan",        "sphere"};
        lua_pushstring(L, strings[u8(in) % (sizeof strings / sizeof strings[0])]);
        break;
    }
    case 3: { /* a flat array of numbers */
        int n = u8(in) % 13;
        lua_createtable(L, n, 0);
        for (int i = 1; i <= n; ++i) {
            push_number(L, in);
            lua_rawseti(L, -2, i);
        }
        break;
    }
    case 4: { /* an array of {x, y, z} (sometimes malformed) */
        int n = u8(in) % 5;
        lua_createtable(L, n, 0);
        for (int i = 1; i <= n; ++i) {
            int m = u8(in) % 5;
            lua_createtable(L, m, 0);
            for (int j = 1; j <= m; ++j) {
                push_number(L, in);
                lua_rawseti(L, -2, j);
            }
            lua_rawseti(L, -2, i);
        }
        break;
    }
    case 5:
    case 6:
    case 7:
    case 8: /* a shape (or nil) from the pool */ lua_rawgeti(L, pool_idx, 1 + u8(in) % FUZZ_POOL); break;
    case 9: lua_pushvalue(L, module_idx); break;
    default: push_number(L, in); break;
    }
}

/* Sorted names of the functions in the table at idx (a stable order). */
static int sorted_names(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    lua_newtable(L);
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        if (lua_type(L, -1) == LUA_TFUNCTION && lua_type(L, -2) == LUA_TSTRING) {
            lua_pushvalue(L, -2);
            lua_rawseti(L, -4, ++n);
        }
        lua_pop(L, 1);
    }
    lua_getglobal(L, "table");
    lua_getfield(L, -1, "sort");
    lua_pushvalue(L, -3);
    lua_call(L, 1, 0);
    lua_pop(L, 1);
    return n; /* the names table is on top */
}

/* Forges the type of pool slot a with what slot b's metatable holds, as the
 * debug library could; saves what it changed. Returns whether it did. */
static bool tamper(lua_State *L, fuzz_in *in, int pool_idx, int saved_idx) {
    int a = 1 + u8(in) % FUZZ_POOL, b = 1 + u8(in) % FUZZ_POOL, mode = u8(in) % 3;
    int top = lua_gettop(L);
    lua_rawgeti(L, pool_idx, a);
    lua_rawgeti(L, pool_idx, b);
    int va = top + 1, vb = top + 2;
    bool done = false;
    if (lua_type(L, va) == LUA_TUSERDATA && lua_getmetatable(L, va) && lua_getmetatable(L, vb)) {
        int ma = top + 3, mb = top + 4;
        /* the value itself, not its slot: the forged call's results may
         * overwrite the slot, and the value must stay reachable (a world
         * left with a shape's metatable is never finalized) */
        lua_pushvalue(L, va);
        lua_rawseti(L, saved_idx, 1);
        lua_pushvalue(L, ma);
        lua_rawseti(L, saved_idx, 2);
        lua_rawgeti(L, ma, 1);
        lua_rawseti(L, saved_idx, 3);
        if (mode == 0) { /* what a script sees: the public copy of the metatable */
            if (luaL_getmetafield(L, va, "__metatable") == LUA_TTABLE) {
                lua_rawgeti(L, mb, 1);
                lua_rawseti(L, -2, 1);
            }
            done = true;
        } else if (mode == 1) { /* debug.getmetatable(a)[1] = debug.getmetatable(b)[1] */
            lua_rawgeti(L, mb, 1);
            lua_rawseti(L, ma, 1);
            done = true;
        } else if (lua_type(L, vb) == LUA_TUSERDATA && lua_rawlen(L, va) != lua_rawlen(L, vb)) {
            /* debug.setmetatable(a, debug.getmetatable(b)) onto a block of another size */
            lua_pushvalue(L, mb);
            lua_setmetatable(L, va);
            done = true;
        }
    }
    lua_settop(L, top);
    return done;
}

/* Undoes tamper, on the value it forged (wherever the pool now has it). */
static void restore(lua_State *L, int saved_idx) {
    lua_rawgeti(L, saved_idx, 1); /* the value */
    lua_rawgeti(L, saved_idx, 2); /* its metatable */
    lua_rawgeti(L, saved_idx, 3); /* its tag */
    lua_rawseti(L, -2, 1);
    lua_setmetatable(L, -2);
    lua_pop(L, 1);
    lua_pushnil(L);
    lua_rawseti(L, saved_idx, 1);
}

/* Runs one program; returns normally unless a property fails (abort). */
static int run_program(lua_State *L) {
    fuzz_in *in = lua_touserdata(L, 1);
    luaL_openlibs(L);
    luaL_requiref(L, "collide", LCOL_OPEN, 0);
    int module_idx = lua_gettop(L);
    lua_newtable(L);
    int pool_idx = lua_gettop(L);
    int nf = sorted_names(L, module_idx);
    int names_idx = lua_gettop(L);
    int next_slot = 1;
    lua_newtable(L); /* what a tampering changed: {slot, metatable, tag} */
    int saved_idx = lua_gettop(L);
    bool tampered = false;
    for (int call = 0; call < FUZZ_MAX_CALLS && in->pos < in->size; ++call) {
        int top = lua_gettop(L);
        uint8_t op = u8(in);
        if ((op & 0x1e) == 0x1e && !tampered) {
            tampered = tamper(L, in, pool_idx, saved_idx);
            if (trace_out && tampered) fprintf(trace_out, "-- tampered with a pooled value's metatable\n");
            continue;
        }
        int nargs = u8(in) % (FUZZ_MAX_ARGS + 1);
        char fname[64] = "";
        if (op & 1) {
            /* a module function */
            lua_rawgeti(L, names_idx, 1 + (op >> 1) % nf);
            snprintf(fname, sizeof fname, "%s", lua_tostring(L, -1));
            lua_gettable(L, module_idx);
        } else {
            /* a method of a pooled shape (or of whatever is there) */
            lua_rawgeti(L, pool_idx, 1 + (op >> 1) % FUZZ_POOL);
            int self = lua_gettop(L);
            if (!lua_isuserdata(L, self) || !lua_getmetatable(L, self)) {
                lua_settop(L, top);
                continue;
            }
            lua_getfield(L, -1, "__index");
            int nm = lua_istable(L, -1) ? sorted_names(L, -1) : 0;
            if (nm == 0) {
                lua_settop(L, top);
                continue;
            }
            lua_rawgeti(L, -1, 1 + u8(in) % nm);
            snprintf(fname, sizeof fname, "%s", lua_tostring(L, -1));
            lua_gettable(L, -3);    /* the method: self, mt, index, names, method */
            lua_insert(L, top + 1); /* method, self, mt, index, names */
            lua_settop(L, top + 2); /* method, self */
            nargs = nargs > 0 ? nargs - 1 : 0;
        }
        for (int i = 0; i < nargs; ++i) push_arg(L, in, pool_idx, module_idx);
        int base = top + 1;
        if (trace_out) {
            fprintf(trace_out, "call %d: ", call);
            fprintf(trace_out, "%s%s", (op & 1) ? "collide." : "method ", fname);
            for (int i = base + 1; i <= lua_gettop(L); ++i) {
                fprintf(trace_out, i == base + 1 ? "(" : ", ");
                trace_value(L, i);
            }
            fprintf(trace_out, lua_gettop(L) > base ? ")" : "()");
        }
        int status = lua_pcall(L, lua_gettop(L) - base, LUA_MULTRET, 0);
        if (trace_out) {
            if (status != LUA_OK)
                fprintf(trace_out, " -> error: %s\n", lua_tostring(L, -1));
            else
                fprintf(trace_out, " -> %d results\n", lua_gettop(L) - top);
        }
        if (status != LUA_OK) {
            if (status != LUA_ERRMEM && lua_type(L, -1) != LUA_TSTRING) fail("an error that is not a message", NULL);
        } else {
            for (int i = base; i <= lua_gettop(L); ++i) {
                int t = lua_type(L, i);
                if (t == LUA_TUSERDATA) { /* a new shape: keep it */
                    lua_pushvalue(L, i);
                    lua_rawseti(L, pool_idx, next_slot);
                    next_slot = next_slot % FUZZ_POOL + 1;
                } else if (!tampered && t == LUA_TNUMBER && lua_isinteger(L, i) == 0 && isnan(lua_tonumber(L, i))) {
                    /* a NaN result from valid arguments is a defect */
                    fail("a query returned NaN", luaL_typename(L, base - 1));
                } else if (t != LUA_TNUMBER && t != LUA_TBOOLEAN && t != LUA_TNIL && t != LUA_TSTRING &&
                           t != LUA_TTABLE && t != LUA_TFUNCTION) {
                    fail("a query returned a value of an unexpected type", luaL_typename(L, i));
                }
            }
        }
        lua_settop(L, top);
        if (tampered) {
            restore(L, saved_idx);
            tampered = false;
        }
    }
    /* A forgery the program ended on is undone too: a world left with a
     * shape's metatable would never be finalized (a leak the harness made). */
    if (tampered) restore(L, saved_idx);
    return 0;
}

int lcol_fuzz_one(const uint8_t *data, size_t size);
int lcol_fuzz_one(const uint8_t *data, size_t size) {
    fuzz_in in = {data, size, 0, 0};
    lua_State *L = lua_newstate(bounded_alloc, &in);
    if (!L) return 0;
    lua_pushcfunction(L, run_program);
    lua_pushlightuserdata(L, &in);
    int status = lua_pcall(L, 1, 0, 0);
    if (status != LUA_OK && status != LUA_ERRMEM) {
        const char *msg = lua_tostring(L, -1);
        fail("the program failed outside a call", msg);
    }
    lua_close(L);
    return 0;
}
