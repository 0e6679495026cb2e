/*
 * The sandbox of collide-run (see sandbox.h): the Lua state, its limits and
 * the environment a scenario script sees.
 */
#define _POSIX_C_SOURCE 200809L
#include "sandbox.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lualib.h"

#define HOOK_PERIOD 1000          /* instructions between checks of the limits */
#define MEMORY_RESERVE (64 << 10) /* bytes granted past the limit to report it */
#define REG_IDS "collide-run.ids" /* registry: weak table object -> counter */

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

sandbox *sandbox_of(lua_State *L) {
    void *ud;
    (void)lua_getallocf(L, &ud);
    return ud;
}

const char *sandbox_limit_message(const sandbox *s, char *buf, size_t size) {
    switch (s->limit) {
    case LIMIT_INSTRUCTIONS:
        snprintf(buf, size, "instruction limit of %lld reached (--max-instructions)", s->o.max_instructions);
        break;
    case LIMIT_MEMORY: snprintf(buf, size, "memory limit of %zu bytes reached (--max-memory)", s->o.max_memory); break;
    case LIMIT_TIMEOUT: snprintf(buf, size, "timeout of %g s reached (--timeout)", s->o.timeout); break;
    case LIMIT_OUTPUT: snprintf(buf, size, "output limit of %zu bytes reached (--max-output)", s->o.max_output); break;
    default: snprintf(buf, size, "no limit"); break;
    }
    return buf;
}

/* ------------------------------ the limits ------------------------------ */

static void hook(lua_State *L, lua_Debug *ar);

/* After a limit: raise at every instruction, so no pcall can keep going. */
static void reach(sandbox *s, sandbox_limit limit) {
    if (s->limit != LIMIT_NONE) return;
    s->limit = (int)limit;
    if (s->L) lua_sethook(s->L, hook, LUA_MASKCOUNT, 1);
}

static void raise_limit(lua_State *L) {
    char buf[160];
    luaL_error(L, "%s", sandbox_limit_message(sandbox_of(L), buf, sizeof buf));
}

/* Adds n to the instruction count and checks the count and the clock. */
static void count(sandbox *s, long long n) {
    /* saturating: a charge of 2^63 (table.move over math.maxinteger) must not wrap */
    s->instructions = n > LLONG_MAX - s->instructions ? LLONG_MAX : s->instructions + n;
    if (s->o.max_instructions > 0 && s->instructions > s->o.max_instructions)
        reach(s, LIMIT_INSTRUCTIONS);
    else if (s->o.timeout > 0 && now() - s->start > s->o.timeout)
        reach(s, LIMIT_TIMEOUT);
}

static void hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    sandbox *s = sandbox_of(L);
    if (s->limit == LIMIT_NONE) count(s, HOOK_PERIOD);
    if (s->limit != LIMIT_NONE) raise_limit(L);
}

void sandbox_charge(lua_State *L, long long n) {
    sandbox *s = sandbox_of(L);
    if (s->limit == LIMIT_NONE) count(s, n);
    if (s->limit != LIMIT_NONE) raise_limit(L);
}

void sandbox_output(lua_State *L, size_t bytes) {
    sandbox *s = sandbox_of(L);
    s->output += bytes;
    if (s->o.max_output > 0 && s->output > s->o.max_output) reach(s, LIMIT_OUTPUT);
    if (s->limit != LIMIT_NONE) raise_limit(L);
}

static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    sandbox *s = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        s->mem_used -= old;
        return NULL;
    }
    if (nsize > old && s->o.max_memory > 0) {
        size_t allowed = s->o.max_memory + (s->limit != LIMIT_NONE ? (size_t)MEMORY_RESERVE : 0);
        if (nsize - old > allowed || s->mem_used + (nsize - old) > allowed) {
            reach(s, LIMIT_MEMORY);
            return NULL;
        }
    }
    void *p = realloc(ptr, nsize);
    if (!p) return NULL;
    s->mem_used = s->mem_used - old + nsize;
    if (s->mem_used > s->mem_peak) s->mem_peak = s->mem_used;
    if (!ptr) ++s->allocations;
    return p;
}

/* ------------------------- deterministic text -------------------------- */

const char *sandbox_tostring(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    int t = lua_type(L, idx);
    bool by_address =
        t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TUSERDATA || t == LUA_TTHREAD || t == LUA_TLIGHTUSERDATA;
    if (!by_address || luaL_getmetafield(L, idx, "__tostring") != LUA_TNIL) {
        if (by_address) lua_pop(L, 1);
        return luaL_tolstring(L, idx, NULL);
    }
    /* the object's number: given in order of first use, so the same script
     * prints the same names whatever the addresses */
    lua_getfield(L, LUA_REGISTRYINDEX, REG_IDS);
    lua_pushvalue(L, idx);
    lua_rawget(L, -2);
    lua_Integer id = lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (id == 0) {
        lua_rawgeti(L, -1, 0); /* the counter */
        id = lua_tointeger(L, -1) + 1;
        lua_pop(L, 1);
        lua_pushinteger(L, id);
        lua_rawseti(L, -2, 0);
        lua_pushvalue(L, idx);
        lua_pushinteger(L, id);
        lua_rawset(L, -3);
    }
    lua_pop(L, 1);
    const char *kind = luaL_typename(L, idx);
    int named = luaL_getmetafield(L, idx, "__name"); /* pushes it unless nil */
    if (named == LUA_TSTRING) kind = lua_tostring(L, -1);
    lua_pushfstring(L, "%s: #%I", kind, id);
    if (named != LUA_TNIL) lua_remove(L, -2);
    return lua_tostring(L, -1);
}

static int l_tostring(lua_State *L) {
    luaL_checkany(L, 1);
    sandbox_tostring(L, 1);
    return 1;
}

/* print(...): tostring's text, tab-separated, counted against --max-output */
static int l_print(lua_State *L) {
    sandbox *s = sandbox_of(L);
    int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; ++i) {
        if (i > 1) luaL_addchar(&b, '\t');
        sandbox_tostring(L, i);
        luaL_addvalue(&b);
    }
    luaL_addchar(&b, '\n');
    luaL_pushresult(&b);
    size_t len;
    const char *text = lua_tolstring(L, -1, &len);
    sandbox_output(L, len);
    pthread_mutex_lock(&s->io);
    fwrite(text, 1, len, s->o.out);
    pthread_mutex_unlock(&s->io);
    return 0;
}

/* string.format with %s of tables, functions and userdata by tostring's
 * names; %p (an address) refused. */
static int l_format(lua_State *L) {
    size_t len;
    const char *fmt = luaL_checklstring(L, 1, &len);
    int arg = 1;
    for (size_t i = 0; i < len; ++i) {
        if (fmt[i] != '%') continue;
        if (++i < len && fmt[i] == '%') continue;
        while (i < len && strchr("-+ #0123456789.", fmt[i])) ++i; /* flags, width, precision */
        if (i >= len) break;                                      /* the original reports it */
        ++arg;
        if (fmt[i] == 'p')
            return luaL_error(L, "string.format: '%%p' prints an address, which differs between runs; "
                                 "not available in collide-run");
        if (fmt[i] == 's' && arg <= lua_gettop(L)) {
            int t = lua_type(L, arg);
            if (t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TUSERDATA || t == LUA_TTHREAD ||
                t == LUA_TLIGHTUSERDATA) {
                sandbox_tostring(L, arg);
                lua_replace(L, arg);
            }
        }
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* ---------------------- deterministic pairs ---------------------------- */

typedef struct key_info {
    int rank; /* 0 boolean, 1 number, 2 string, 3 anything else */
    bool is_int;
    lua_Integer i;
    lua_Number x;
    const char *s;
    size_t len;
    lua_Integer index; /* position in the collected keys: the tie-break */
} key_info;

static int cmp_keys(const void *pa, const void *pb) {
    const key_info *a = pa, *b = pb;
    if (a->rank != b->rank) return a->rank < b->rank ? -1 : 1;
    int c = 0;
    if (a->rank == 0) {
        c = (int)a->i - (int)b->i;
    } else if (a->rank == 1) {
        if (a->is_int && b->is_int)
            c = a->i < b->i ? -1 : a->i > b->i;
        else {
            lua_Number x = a->is_int ? (lua_Number)a->i : a->x, y = b->is_int ? (lua_Number)b->i : b->x;
            c = x < y ? -1 : x > y ? 1 : (int)b->is_int - (int)a->is_int;
        }
    } else if (a->rank == 2) {
        size_t n = a->len < b->len ? a->len : b->len;
        c = memcmp(a->s, b->s, n);
        if (c == 0) c = a->len < b->len ? -1 : a->len > b->len;
    }
    if (c != 0) return c;
    return a->index < b->index ? -1 : a->index > b->index;
}

/* The iterator: upvalues t, the sorted keys, the position. */
static int pairs_next(lua_State *L) {
    lua_Integer i = lua_tointeger(L, lua_upvalueindex(3));
    lua_Integer n = (lua_Integer)lua_rawlen(L, lua_upvalueindex(2));
    while (i < n) {
        lua_rawgeti(L, lua_upvalueindex(2), ++i);
        lua_pushvalue(L, -1);
        if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) { /* a key removed since is skipped */
            lua_pushinteger(L, i);
            lua_replace(L, lua_upvalueindex(3));
            return 2;
        }
        lua_pop(L, 2);
    }
    lua_pushinteger(L, i);
    lua_replace(L, lua_upvalueindex(3));
    lua_pushnil(L);
    return 1;
}

/* pairs(t): __pairs when there is one; otherwise the keys in a fixed order
 * (see sandbox.h), the others after them in Lua's order. */
static int l_pairs(lua_State *L) {
    luaL_checkany(L, 1);
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    lua_newtable(L); /* 2: the keys as found */
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_rawseti(L, 2, ++n);
    }
    sandbox_charge(L, n);
    key_info *k = lua_newuserdatauv(L, (size_t)n * sizeof(key_info) + 1, 0); /* 3 */
    for (lua_Integer i = 1; i <= n; ++i) {
        key_info *e = &k[i - 1];
        memset(e, 0, sizeof *e);
        e->index = i;
        lua_rawgeti(L, 2, i);
        switch (lua_type(L, -1)) {
        case LUA_TBOOLEAN:
            e->rank = 0;
            e->i = lua_toboolean(L, -1);
            break;
        case LUA_TNUMBER:
            e->rank = 1;
            e->is_int = lua_isinteger(L, -1);
            if (e->is_int)
                e->i = lua_tointeger(L, -1);
            else
                e->x = lua_tonumber(L, -1);
            break;
        case LUA_TSTRING:
            e->rank = 2;
            e->s = lua_tolstring(L, -1, &e->len); /* kept alive by table 2 */
            break;
        default: e->rank = 3; break;
        }
        lua_pop(L, 1);
    }
    qsort(k, (size_t)n, sizeof *k, cmp_keys);
    lua_createtable(L, (int)(n < INT_MAX ? n : 0), 0); /* 4: the keys in order */
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, 2, k[i - 1].index);
        lua_rawseti(L, 4, i);
    }
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 4);
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, pairs_next, 3);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/* ------------------- what the script may not do ------------------------ */

/* setmetatable(t, mt) without finalizers: a __gc would run with hooks off
 * (Lua 5.4 runs finalizers so), outside every limit, even after the run. */
static int l_setmetatable(lua_State *L) {
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_argerror(L, 2,
                                 "__gc is not available in collide-run (finalizers would run outside the limits)");
        lua_pop(L, 1);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* The length of the table argument as the table functions see it (__len
 * included), or 0 when it is not an integer. */
static lua_Integer table_len(lua_State *L, int idx) {
    if (lua_type(L, idx) != LUA_TTABLE && !luaL_getmetafield(L, idx, "__len")) return 0;
    if (lua_type(L, idx) != LUA_TTABLE) lua_pop(L, 1);
    lua_len(L, idx);
    int isint; /* as luaL_len reads it */
    lua_Integer n = lua_tointegerx(L, -1, &isint);
    lua_pop(L, 1);
    return isint ? n : 0;
}

static long long span(lua_Integer a, lua_Integer b) {
    if (b < a) return 0;
    lua_Unsigned d = (lua_Unsigned)b - (lua_Unsigned)a;
    return d >= (lua_Unsigned)LLONG_MAX ? LLONG_MAX : (long long)d + 1;
}

/* table.move, table.insert and table.remove loop in C over as many elements
 * as a script asks (a __len can claim 2^63): each element moved is charged to
 * the instruction budget before the original function runs. */
static int l_table_move(lua_State *L) {
    int fok, eok; /* as luaL_checkinteger reads them: integral floats too */
    lua_Integer f = lua_tointegerx(L, 2, &fok), e = lua_tointegerx(L, 3, &eok);
    if (fok && eok) sandbox_charge(L, span(f, e));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* table.insert(t, pos, v) and table.remove(t, pos) shift the elements from
 * pos to #t; table.insert(t, v) and table.remove(t) shift none. */
static int l_table_shift(lua_State *L) {
    bool shifts = lua_toboolean(L, lua_upvalueindex(2)) ? lua_gettop(L) >= 3 : lua_gettop(L) >= 2;
    int ok;
    lua_Integer pos = lua_tointegerx(L, 2, &ok);
    if (shifts && ok) sandbox_charge(L, span(pos, table_len(L, 1)));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* table.unpack(t [, i [, j]]) and table.concat(t [, sep [, i [, j]]]) visit
 * every element from i (default 1) to j (default #t) in C: charged the same
 * way (upvalue 2: the position of i, 2 or 3). */
static int l_table_range(lua_State *L) {
    int at = lua_toboolean(L, lua_upvalueindex(2)) ? 3 : 2;
    int iok = 1, jok = 1;
    lua_Integer i = lua_isnoneornil(L, at) ? 1 : lua_tointegerx(L, at, &iok);
    lua_Integer j = lua_isnoneornil(L, at + 1) ? table_len(L, 1) : lua_tointegerx(L, at + 1, &jok);
    if (iok && jok) sandbox_charge(L, span(i, j));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* Replaces t[name] (t on top) with f over the original as upvalue 1 (and
 * flag as upvalue 2). */
static void wrap_flag(lua_State *L, const char *name, lua_CFunction f, bool flag) {
    lua_getfield(L, -1, name);
    lua_pushboolean(L, flag);
    lua_pushcclosure(L, f, 2);
    lua_setfield(L, -2, name);
}

static void wrap(lua_State *L, const char *name, lua_CFunction f) { wrap_flag(L, name, f, false); }

/* ------------------------------ modules ------------------------------ */

/* Where collide.float's module may be: next to this program (the build tree)
 * or in the installed Lua module directory (relative to the prefix that holds
 * this program's bin/, or absolute). */
static int load_float_module(lua_State *L) {
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return luaL_error(L, "module 'collide.float' not found: cannot locate collide-run");
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (slash) *slash = 0;
    const char *env = getenv("COLLIDE_FLOAT_MODULE");
    char paths[3][PATH_MAX + 64];
    int np = 0;
    if (env && *env) snprintf(paths[np++], sizeof paths[0], "%s", env);
    snprintf(paths[np++], sizeof paths[0], "%s/collide/float.so", exe);
#ifdef COLLIDE_RUN_CMOD_DIR
    if (COLLIDE_RUN_CMOD_DIR[0] == '/')
        snprintf(paths[np++], sizeof paths[0], "%s/collide/float.so", COLLIDE_RUN_CMOD_DIR);
    else
        snprintf(paths[np++], sizeof paths[0], "%s/../%s/collide/float.so", exe, COLLIDE_RUN_CMOD_DIR);
#endif
    for (int i = 0; i < np; ++i) {
        void *lib = dlopen(paths[i], RTLD_NOW | RTLD_LOCAL);
        if (!lib) continue;
        lua_CFunction open;
        *(void **)(&open) = dlsym(lib, "luaopen_collide_float");
        if (!open) continue;
        lua_pushcfunction(L, open);
        lua_pushstring(L, "collide.float");
        lua_call(L, 1, 1);
        return 1;
    }
    return luaL_error(L, "module 'collide.float' not found (build it with the double module; or set "
                         "COLLIDE_FLOAT_MODULE to its path)");
}

/* require(name): "collide" and "collide.float" only, each loaded once, kept
 * in the registry's _LOADED (where error messages find function names:
 * "bad argument #1 to 'collide.sphere'"). */
static int l_require(lua_State *L) {
    const char *name = luaL_checkstring(L, 1);
    bool is_double = strcmp(name, "collide") == 0, is_float = strcmp(name, "collide.float") == 0;
    if (!is_double && !is_float)
        return luaL_error(L, "module '%s' is not available in collide-run (only 'collide' and 'collide.float')", name);
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    if (lua_getfield(L, -1, name) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    if (is_double) {
        lua_pushcfunction(L, luaopen_collide);
        lua_pushstring(L, name);
        lua_call(L, 1, 1);
    } else {
        lua_pushcfunction(L, load_float_module);
        lua_call(L, 0, 1);
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, name);
    return 1;
}

/* ------------------------------ the state ------------------------------ */

static int open_env(lua_State *L) {
    sandbox *s = sandbox_of(L);
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
    luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
    lua_pop(L, 5);
    static const char *const removed[] = {"load", "loadfile", "dofile", "collectgarbage"};
    for (size_t i = 0; i < sizeof removed / sizeof removed[0]; ++i) {
        lua_pushnil(L);
        lua_setglobal(L, removed[i]);
    }
    /* weak table of the objects tostring has named */
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_setfield(L, LUA_REGISTRYINDEX, REG_IDS);
    lua_pushglobaltable(L);
    wrap(L, "setmetatable", l_setmetatable);
    static const luaL_Reg globals[] = {
        {"require", l_require}, {"pairs", l_pairs}, {"tostring", l_tostring}, {"print", l_print}, {NULL, NULL}};
    luaL_setfuncs(L, globals, 0);
    lua_getfield(L, -1, "string");
    lua_pushnil(L);
    lua_setfield(L, -2, "rep");
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    wrap(L, "format", l_format);
    lua_pop(L, 1);
    lua_getfield(L, -1, "table");
    wrap(L, "move", l_table_move);
    wrap_flag(L, "insert", l_table_shift, true);
    wrap_flag(L, "remove", l_table_shift, false);
    wrap_flag(L, "unpack", l_table_range, false);
    wrap_flag(L, "concat", l_table_range, true);
    lua_pop(L, 2);
    sandbox_open_expect(L);
    svg_open(L, s->svg);
    lua_getglobal(L, "math");
    lua_getfield(L, -1, "randomseed");
    lua_pushinteger(L, s->o.seed);
    lua_call(L, 1, 0);
    return 0;
}

bool sandbox_open(sandbox *s, const sandbox_options *o) {
    memset(s, 0, sizeof *s);
    s->o = *o;
    pthread_mutex_init(&s->io, NULL);
    if (o->svg && !(s->svg = svg_new(o->view, o->frames, counting_alloc, s))) return false;
    s->start = now();
    s->L = lua_newstate(counting_alloc, s);
    if (!s->L) return false;
    lua_pushcfunction(s->L, open_env);
    if (lua_pcall(s->L, 0, 0, 0) != LUA_OK) {
        lua_close(s->L);
        s->L = NULL;
        return false;
    }
    return true;
}

static int traceback(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (!msg) msg = sandbox_tostring(L, 1);
    luaL_traceback(L, L, msg, 1);
    return 1;
}

int sandbox_run(sandbox *s, const char *path, const char *source, size_t source_len, const char *chunkname, int argc,
                char **argv, const char **message) {
    lua_State *L = s->L;
    *message = NULL;
    /* arg, as lua5.4 sets it: arg[0] the script, then its arguments */
    lua_createtable(L, argc, 1);
    lua_pushstring(L, chunkname);
    lua_rawseti(L, -2, 0);
    for (int k = 0; k < argc; ++k) {
        lua_pushstring(L, argv[k]);
        lua_rawseti(L, -2, k + 1);
    }
    lua_setglobal(L, "arg");
    s->start = now();
    lua_sethook(L, hook, LUA_MASKCOUNT, HOOK_PERIOD);
    lua_pushcfunction(L, traceback);
    int status = path ? luaL_loadfilex(L, path, "t") : luaL_loadbufferx(L, source, source_len, chunkname, "t");
    if (status != LUA_OK) {
        /* name the file in every load error (the binary-chunk one lacks it) */
        const char *msg = lua_tostring(L, -1);
        if (msg && strncmp(msg, chunkname, strlen(chunkname)) != 0 && strstr(msg, "binary chunk"))
            lua_pushfstring(L, "%s: %s", chunkname, msg);
        else
            lua_pushvalue(L, -1);
        *message = lua_tostring(L, -1);
        return status;
    }
    int handler = lua_gettop(L) - 1;
    for (int k = 0; k < argc; ++k) lua_pushstring(L, argv[k]);
    status = lua_pcall(L, argc, 0, handler);
    if (status != LUA_OK) *message = lua_tostring(L, -1) ? lua_tostring(L, -1) : "(error object is not a string)";
    return status;
}

void sandbox_close(sandbox *s) {
    if (!s->L) return;
    lua_State *L = s->L;
    /* the limits stay armed: the hook keeps counting during the collection
     * (no script finalizer can run; the module's own are C) */
    lua_close(L);
    s->L = NULL;
}

void sandbox_free(sandbox *s) {
    svg_free(s->svg);
    s->svg = NULL;
    pthread_mutex_destroy(&s->io);
}
