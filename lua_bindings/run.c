/*
 * collide-run: runs a collide scenario (a Lua 5.4 script) in a sandbox with
 * limits, expectations, a trace and a picture.
 *
 *   collide-run [options] script.lua [args...]
 *
 * The sandbox: text chunks only; the base library without load, loadfile,
 * dofile and collectgarbage; string (without rep and dump), math, table,
 * utf8; no io, os, debug, package or coroutine; require resolves "collide"
 * and "collide.float" only. math.randomseed is fixed by --seed.
 *
 * Limits end the run with a message and an exit code of their own: the
 * instruction limit (a count hook; once spent it raises at every instruction,
 * so pcall cannot swallow it), the memory limit (a counting allocator, with a
 * small reserve so the error itself can be reported) and the timeout (wall
 * clock, checked by the hook and, for time spent inside one C call, by an
 * alarm two seconds later).
 *
 * Extras for scripts: expect, expectNear, expectEqual, expectError,
 * expectNoGarbage, record (the trace), draw* (the picture); see
 * docs/lua-api.md. scripts/shim.lua supplies them to plain lua5.4.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lcollide.h"
#include "lualib.h"
#include "svg.h"

enum {
    EXIT_OK = 0,
    EXIT_EXPECT = 1,       /* an expectation failed */
    EXIT_SCRIPT = 2,       /* the script raised an error (or does not compile) */
    EXIT_INSTRUCTIONS = 3, /* --max-instructions spent */
    EXIT_MEMORY = 4,       /* --max-memory exceeded */
    EXIT_TIMEOUT = 5,      /* --timeout passed */
    EXIT_OUTPUT = 6,       /* the trace or the picture could not be written */
    EXIT_USAGE = 64
};

enum { LIMIT_NONE, LIMIT_INSTRUCTIONS, LIMIT_MEMORY, LIMIT_TIMEOUT };

#define HOOK_PERIOD 1000          /* instructions between checks of the limits */
#define MEMORY_RESERVE (64 << 10) /* bytes granted past the limit to report it */

typedef struct runner {
    /* options */
    const char *script;
    lua_Integer seed;
    long long max_instructions; /* 0: unlimited */
    size_t max_memory;          /* 0: unlimited */
    double timeout;             /* seconds; 0: none */
    const char *trace_path, *svg_path;
    svg_view view;
    bool quiet;
    /* state */
    lua_State *L;
    size_t mem_used;
    unsigned long long allocations;
    long long instructions;
    int limit;
    double start;
    int passed, failed;
    FILE *trace;
    bool trace_csv;
    svg_scene *svg;
} runner;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static runner *get_runner(lua_State *L) {
    void *ud;
    (void)lua_getallocf(L, &ud);
    return ud;
}

static const char *limit_message(const runner *r, char *buf, size_t size) {
    switch (r->limit) {
    case LIMIT_INSTRUCTIONS:
        snprintf(buf, size, "instruction limit of %lld reached (--max-instructions)", r->max_instructions);
        break;
    case LIMIT_MEMORY: snprintf(buf, size, "memory limit of %zu bytes reached (--max-memory)", r->max_memory); break;
    case LIMIT_TIMEOUT: snprintf(buf, size, "timeout of %g s reached (--timeout)", r->timeout); break;
    default: snprintf(buf, size, "no limit"); break;
    }
    return buf;
}

/* After a limit: raise at every instruction, so no pcall can keep going. */
static void hook(lua_State *L, lua_Debug *ar);

static void arm_every_instruction(runner *r) {
    if (r->L) lua_sethook(r->L, hook, LUA_MASKCOUNT, 1);
}

static void hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    runner *r = get_runner(L);
    if (r->limit == LIMIT_NONE) {
        r->instructions += HOOK_PERIOD;
        if (r->max_instructions > 0 && r->instructions > r->max_instructions)
            r->limit = LIMIT_INSTRUCTIONS;
        else if (r->timeout > 0 && now() - r->start > r->timeout)
            r->limit = LIMIT_TIMEOUT;
        if (r->limit == LIMIT_NONE) return;
        arm_every_instruction(r);
    }
    char buf[160];
    luaL_error(L, "%s", limit_message(r, buf, sizeof buf));
}

static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    runner *r = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        r->mem_used -= old;
        return NULL;
    }
    if (nsize > old && r->max_memory > 0) {
        size_t allowed = r->max_memory + (r->limit != LIMIT_NONE ? (size_t)MEMORY_RESERVE : 0);
        if (r->mem_used + (nsize - old) > allowed) {
            if (r->limit == LIMIT_NONE) {
                r->limit = LIMIT_MEMORY;
                arm_every_instruction(r);
            }
            return NULL;
        }
    }
    void *p = realloc(ptr, nsize);
    if (!p) return NULL;
    r->mem_used = r->mem_used - old + nsize;
    if (!ptr) ++r->allocations;
    return p;
}

/* The timeout's backstop for time spent inside a single C call. */
static volatile sig_atomic_t alarm_fired;
static void on_alarm(int sig) {
    (void)sig;
    static const char msg[] = "collide-run: timeout reached (--timeout) inside a call that did not return\n";
    alarm_fired = 1;
    ssize_t w = write(2, msg, sizeof msg - 1);
    (void)w;
    _exit(EXIT_TIMEOUT);
}

/* ------------------------------ expectations ------------------------------ */

/* "file:line: " of the calling script line, or "". */
static void where(lua_State *L, char *buf, size_t size) {
    lua_Debug ar;
    buf[0] = 0;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "Sl", &ar) && ar.currentline > 0)
        snprintf(buf, size, "%s:%d: ", ar.short_src, ar.currentline);
}

static void report(lua_State *L, bool ok, const char *msg, const char *detail) {
    runner *r = get_runner(L);
    if (ok) {
        ++r->passed;
        return;
    }
    ++r->failed;
    char at[256];
    where(L, at, sizeof at);
    fprintf(stderr, "FAIL %s%s%s%s\n", at, msg, detail[0] ? ": " : "", detail);
}

static const char *opt_message(lua_State *L, int idx) { return luaL_optstring(L, idx, "expectation"); }

/* expect(cond [, msg]) --> cond */
static int l_expect(lua_State *L) {
    luaL_checkany(L, 1);
    report(L, lua_toboolean(L, 1), opt_message(L, 2), "");
    lua_settop(L, 1);
    return 1;
}

/* Element i of the array at idx against want's: numbers within tol, anything
 * else raw-equal. */
static bool near_value(lua_State *L, int got, int want, lua_Number tol) {
    if (lua_type(L, want) == LUA_TNUMBER)
        return lua_type(L, got) == LUA_TNUMBER && fabs(lua_tonumber(L, got) - lua_tonumber(L, want)) <= tol;
    return lua_rawequal(L, got, want);
}

/* expectNear(a, b, tol [, msg]) --> ok: numbers within tol, or two arrays
 * element by element (numbers within tol, other values equal, same length) */
static int l_expect_near(lua_State *L) {
    lua_Number tol = luaL_checknumber(L, 3);
    if (!(tol >= 0)) return luaL_argerror(L, 3, "tolerance must be >= 0");
    const char *msg = opt_message(L, 4);
    bool ok;
    luaL_Buffer b;
    if (lua_type(L, 1) == LUA_TTABLE && lua_type(L, 2) == LUA_TTABLE) {
        lua_Integer ng = luaL_len(L, 1), nw = luaL_len(L, 2);
        ok = ng == nw;
        for (lua_Integer i = 1; ok && i <= nw; ++i) {
            lua_geti(L, 1, i);
            lua_geti(L, 2, i);
            ok = near_value(L, -2, -1, tol);
            lua_pop(L, 2);
        }
        luaL_buffinit(L, &b);
        if (!ok) {
            luaL_addstring(&b, "got {");
            for (lua_Integer i = 1; i <= ng; ++i) {
                lua_geti(L, 1, i);
                luaL_tolstring(L, -1, NULL);
                lua_remove(L, -2);
                if (i > 1) {
                    lua_pushliteral(L, ", ");
                    lua_insert(L, -2);
                    lua_concat(L, 2);
                }
                luaL_addvalue(&b);
            }
            luaL_addstring(&b, "}");
        }
        luaL_pushresult(&b);
    } else {
        lua_Number x = luaL_checknumber(L, 1), y = luaL_checknumber(L, 2);
        ok = fabs(x - y) <= tol;
        char detail[160];
        snprintf(detail, sizeof detail, "got %.17g, want %.17g +- %g", x, y, tol);
        lua_pushstring(L, ok ? "" : detail);
    }
    report(L, ok, msg, lua_tostring(L, -1));
    lua_pushboolean(L, ok);
    return 1;
}

/* expectEqual(got, want [, msg]) --> ok (raw equality, numbers by value) */
static int l_expect_equal(lua_State *L) {
    luaL_checkany(L, 2);
    bool ok = lua_rawequal(L, 1, 2);
    const char *msg = opt_message(L, 3);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    if (!ok) {
        luaL_addstring(&b, "got ");
        luaL_addstring(&b, luaL_tolstring(L, 1, NULL));
        lua_pop(L, 1);
        luaL_addstring(&b, ", want ");
        luaL_addstring(&b, luaL_tolstring(L, 2, NULL));
        lua_pop(L, 1);
    }
    luaL_pushresult(&b);
    report(L, ok, msg, lua_tostring(L, -1));
    lua_pushboolean(L, ok);
    return 1;
}

/* expectError(text, f, ...) --> ok: f(...) raises an error whose message contains text */
static int l_expect_error(lua_State *L) {
    const char *text = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    int n = lua_gettop(L);
    lua_pushvalue(L, 2);
    for (int i = 3; i <= n; ++i) lua_pushvalue(L, i);
    int status = lua_pcall(L, n - 2, 0, 0);
    runner *r = get_runner(L);
    if (r->limit != LIMIT_NONE) return lua_error(L); /* a limit is not an expected error */
    char detail[512];
    bool ok = false;
    if (status == LUA_OK) {
        snprintf(detail, sizeof detail, "no error raised");
    } else {
        const char *msg = lua_tostring(L, -1);
        ok = msg && strstr(msg, text) != NULL;
        snprintf(detail, sizeof detail, "message was: %s", msg ? msg : "(not a string)");
    }
    char name[600];
    snprintf(name, sizeof name, "error containing '%s'", text);
    report(L, ok, name, ok ? "" : detail);
    lua_pushboolean(L, ok);
    return 1;
}

/* expectNoGarbage(f [, n [, msg]]) --> ok: n calls of f (default 1000)
 * allocate nothing (counted by the runner's allocator) */
static int l_expect_no_garbage(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_Integer n = luaL_optinteger(L, 2, 1000);
    if (n < 1) return luaL_argerror(L, 2, "count must be >= 1");
    const char *msg = luaL_optstring(L, 3, "no allocation per call");
    runner *r = get_runner(L);
    lua_pushvalue(L, 1);
    lua_call(L, 0, 0); /* once first: lazily created state is not garbage */
    unsigned long long before = r->allocations;
    for (lua_Integer i = 0; i < n; ++i) {
        lua_pushvalue(L, 1);
        lua_call(L, 0, 0);
    }
    unsigned long long made = r->allocations - before;
    char detail[96];
    snprintf(detail, sizeof detail, "%llu allocations in %lld calls", made, (long long)n);
    report(L, made == 0, msg, made ? detail : "");
    lua_pushboolean(L, made == 0);
    return 1;
}

/* ------------------------------ the trace ------------------------------ */

/* The shortest %.Ng that reads back as x. */
static void format_number(char *buf, size_t size, lua_Number x) {
    for (int prec = 1; prec <= 17; ++prec) {
        snprintf(buf, size, "%.*g", prec, x);
        if (strtod(buf, NULL) == x) return;
    }
}

static void write_json_string(FILE *f, const char *s, size_t len) {
    fputc('"', f);
    for (size_t i = 0; i < len; ++i) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

static void write_csv_string(FILE *f, const char *s, size_t len) {
    fputc('"', f);
    for (size_t i = 0; i < len; ++i) {
        if (s[i] == '"') fputc('"', f);
        fputc(s[i], f);
    }
    fputc('"', f);
}

/* record(name, ...): one line of the trace (numbers, booleans, strings, nil) */
static int l_record(lua_State *L) {
    const char *name = luaL_checkstring(L, 1);
    int n = lua_gettop(L);
    for (int i = 2; i <= n; ++i) {
        int t = lua_type(L, i);
        if (t != LUA_TNUMBER && t != LUA_TBOOLEAN && t != LUA_TSTRING && t != LUA_TNIL)
            return luaL_typeerror(L, i, "number, boolean, string or nil");
    }
    runner *r = get_runner(L);
    if (!r->trace) return 0;
    FILE *f = r->trace;
    size_t len;
    const char *s = lua_tolstring(L, 1, &len);
    if (r->trace_csv) write_csv_string(f, s, len);
    else {
        fputs("{\"name\":", f);
        write_json_string(f, s, len);
        fputs(",\"values\":[", f);
    }
    (void)name;
    for (int i = 2; i <= n; ++i) {
        if (r->trace_csv || i > 2) fputc(',', f);
        switch (lua_type(L, i)) {
        case LUA_TNUMBER:
            if (lua_isinteger(L, i)) {
                fprintf(f, "%lld", (long long)lua_tointeger(L, i));
            } else {
                lua_Number x = lua_tonumber(L, i);
                if (isnan(x)) fputs(r->trace_csv ? "nan" : "\"nan\"", f);
                else if (isinf(x)) fputs(x > 0 ? (r->trace_csv ? "inf" : "\"inf\"") : (r->trace_csv ? "-inf" : "\"-inf\""), f);
                else {
                    char buf[40];
                    format_number(buf, sizeof buf, x);
                    /* a float keeps a float's look, so it reads back as a float */
                    if (!strpbrk(buf, ".eEn")) strcat(buf, ".0");
                    fputs(buf, f);
                }
            }
            break;
        case LUA_TBOOLEAN: fputs(lua_toboolean(L, i) ? "true" : "false", f); break;
        case LUA_TSTRING:
            s = lua_tolstring(L, i, &len);
            if (r->trace_csv) write_csv_string(f, s, len);
            else write_json_string(f, s, len);
            break;
        default: fputs(r->trace_csv ? "" : "null", f); break;
        }
    }
    fputs(r->trace_csv ? "\n" : "]}\n", f);
    return 0;
}

/* ------------------------------ the sandbox ------------------------------ */

/* Where collide.float's module may be: next to this program (the build tree)
 * or in the installed Lua module directory. */
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

/* require(name): "collide" and "collide.float" only, each loaded once. */
static int l_require(lua_State *L) {
    const char *name = luaL_checkstring(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, "collide-run.loaded");
    if (lua_getfield(L, -1, name) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    if (strcmp(name, "collide") == 0) {
        lua_pushcfunction(L, luaopen_collide);
        lua_pushstring(L, name);
        lua_call(L, 1, 1);
    } else if (strcmp(name, "collide.float") == 0) {
        lua_pushcfunction(L, load_float_module);
        lua_call(L, 0, 1);
    } else {
        return luaL_error(L, "module '%s' is not available in collide-run (only 'collide' and 'collide.float')", name);
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, name);
    return 1;
}

static void open_sandbox(lua_State *L, runner *r) {
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
    lua_getglobal(L, "string");
    lua_pushnil(L);
    lua_setfield(L, -2, "rep");
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_pop(L, 1);
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, "collide-run.loaded");
    static const luaL_Reg extras[] = {{"require", l_require},         {"expect", l_expect},
                                      {"expectNear", l_expect_near},   {"expectEqual", l_expect_equal},
                                      {"expectError", l_expect_error}, {"expectNoGarbage", l_expect_no_garbage},
                                      {"record", l_record},           {NULL, NULL}};
    lua_pushglobaltable(L);
    luaL_setfuncs(L, extras, 0);
    lua_pop(L, 1);
    svg_open(L, r->svg);
    /* the seed */
    lua_getglobal(L, "math");
    lua_getfield(L, -1, "randomseed");
    lua_pushinteger(L, r->seed);
    lua_call(L, 1, 0);
    lua_pop(L, 1);
}

/* ------------------------------ main ------------------------------ */

static void usage(FILE *f) {
    fputs("usage: collide-run [options] script.lua [args...]\n"
          "Runs a collide scenario in a sandbox (see docs/lua-api.md, \"collide-run\").\n"
          "  --seed N               math.randomseed(N) before the script (default 0)\n"
          "  --max-instructions N   stop after about N Lua instructions (default 10000000000; 0: none)\n"
          "  --max-memory BYTES     stop when Lua holds more (default 536870912; 0: none; k, M, G suffixes)\n"
          "  --timeout SECONDS      stop after this wall-clock time (default 60; 0: none)\n"
          "  --trace FILE           write record(...) lines: JSON Lines, or CSV if FILE ends in .csv\n"
          "  --svg FILE             write what the script drew as an SVG picture\n"
          "  --view xy|xz|yz        the picture's projection (default xy)\n"
          "  --quiet                no header line\n"
          "  --help, --version\n"
          "Exit codes: 0 ok, 1 an expectation failed, 2 script error, 3 instruction limit,\n"
          "4 memory limit, 5 timeout, 6 output error, 64 usage.\n",
          f);
}

static bool parse_count(const char *s, long long *out) {
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || errno || v < 0) return false;
    double mul = 1;
    if (*end == 'k' || *end == 'K') mul = 1024, ++end;
    else if (*end == 'M') mul = 1024.0 * 1024, ++end;
    else if (*end == 'G') mul = 1024.0 * 1024 * 1024, ++end;
    if (*end || !(v * mul < 9e18)) return false;
    *out = (long long)(v * mul);
    return true;
}

static int traceback(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (!msg) msg = luaL_tolstring(L, 1, NULL);
    luaL_traceback(L, L, msg, 1);
    return 1;
}

int main(int argc, char **argv) {
    runner r;
    memset(&r, 0, sizeof r);
    r.max_instructions = 10000000000LL;
    r.max_memory = (size_t)512 << 20;
    r.timeout = 60;
    r.view = SVG_VIEW_XY;
    int i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; ++i) {
        const char *o = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        long long n;
        if (strcmp(o, "--help") == 0) {
            usage(stdout);
            return EXIT_OK;
        } else if (strcmp(o, "--version") == 0) {
            printf("collide-run %s (collide %s, %s; %s)\n", col_version(), col_version(), col_real_name(), LUA_RELEASE);
            return EXIT_OK;
        } else if (strcmp(o, "--quiet") == 0) {
            r.quiet = true;
            continue;
        }
        if (!v) {
            fprintf(stderr, "collide-run: %s needs a value\n", o);
            return EXIT_USAGE;
        }
        ++i;
        if (strcmp(o, "--seed") == 0) {
            char *end;
            errno = 0;
            long long s = strtoll(v, &end, 10);
            if (*end || errno) goto bad;
            r.seed = (lua_Integer)s;
        } else if (strcmp(o, "--max-instructions") == 0) {
            if (!parse_count(v, &n)) goto bad;
            r.max_instructions = n;
        } else if (strcmp(o, "--max-memory") == 0) {
            if (!parse_count(v, &n)) goto bad;
            r.max_memory = (size_t)n;
        } else if (strcmp(o, "--timeout") == 0) {
            char *end;
            double t = strtod(v, &end);
            if (*end || !(t >= 0 && t <= 1e6)) goto bad;
            r.timeout = t;
        } else if (strcmp(o, "--trace") == 0) {
            r.trace_path = v;
        } else if (strcmp(o, "--svg") == 0) {
            r.svg_path = v;
        } else if (strcmp(o, "--view") == 0) {
            if (strcmp(v, "xy") == 0) r.view = SVG_VIEW_XY;
            else if (strcmp(v, "xz") == 0) r.view = SVG_VIEW_XZ;
            else if (strcmp(v, "yz") == 0) r.view = SVG_VIEW_YZ;
            else goto bad;
        } else {
            fprintf(stderr, "collide-run: unknown option %s (see --help)\n", o);
            return EXIT_USAGE;
        }
        continue;
    bad:
        fprintf(stderr, "collide-run: bad value for %s: %s\n", o, v);
        return EXIT_USAGE;
    }
    if (i >= argc) {
        usage(stderr);
        return EXIT_USAGE;
    }
    r.script = argv[i];
    if (r.trace_path) {
        size_t len = strlen(r.trace_path);
        r.trace_csv = len >= 4 && strcmp(r.trace_path + len - 4, ".csv") == 0;
        r.trace = fopen(r.trace_path, "w");
        if (!r.trace) {
            fprintf(stderr, "collide-run: cannot write the trace %s: %s\n", r.trace_path, strerror(errno));
            return EXIT_OUTPUT;
        }
    }
    if (r.svg_path && !(r.svg = svg_new(r.view))) {
        fprintf(stderr, "collide-run: out of memory\n");
        return EXIT_OUTPUT;
    }
    lua_State *L = lua_newstate(counting_alloc, &r);
    if (!L) {
        fprintf(stderr, "collide-run: cannot create a Lua state\n");
        return EXIT_MEMORY;
    }
    r.L = L;
    open_sandbox(L, &r);
    if (!r.quiet)
        printf("collide-run: %s, seed %lld, collide %s (%s), %s\n", r.script, (long long)r.seed, col_version(),
               col_real_name(), LUA_RELEASE);
    fflush(stdout);
    /* arg, as lua5.4 sets it */
    lua_createtable(L, argc - i, 1);
    for (int k = i; k < argc; ++k) {
        lua_pushstring(L, argv[k]);
        lua_rawseti(L, -2, k - i);
    }
    lua_setglobal(L, "arg");
    r.start = now();
    if (r.timeout > 0) {
        signal(SIGALRM, on_alarm);
        alarm((unsigned)ceil(r.timeout) + 2);
    }
    lua_sethook(L, hook, LUA_MASKCOUNT, HOOK_PERIOD);
    lua_pushcfunction(L, traceback);
    int status = luaL_loadfilex(L, r.script, "t");
    if (status == LUA_OK) {
        for (int k = i + 1; k < argc; ++k) lua_pushstring(L, argv[k]);
        status = lua_pcall(L, argc - i - 1, 0, 1);
    }
    alarm(0);
    lua_sethook(L, NULL, 0, 0);
    int code = EXIT_OK;
    if (r.limit != LIMIT_NONE) {
        char buf[160];
        fprintf(stderr, "collide-run: %s: %s\n", r.script, limit_message(&r, buf, sizeof buf));
        code = r.limit == LIMIT_INSTRUCTIONS ? EXIT_INSTRUCTIONS : r.limit == LIMIT_MEMORY ? EXIT_MEMORY : EXIT_TIMEOUT;
    } else if (status != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        fprintf(stderr, "collide-run: %s\n", msg ? msg : "(error object is not a string)");
        code = EXIT_SCRIPT;
    } else if (r.failed > 0) {
        code = EXIT_EXPECT;
    }
    printf("%d passed, %d failed\n", r.passed, r.failed);
    lua_close(L);
    if (r.trace && fclose(r.trace) != 0) {
        fprintf(stderr, "collide-run: cannot write the trace %s\n", r.trace_path);
        if (code == EXIT_OK) code = EXIT_OUTPUT;
    }
    if (r.svg) {
        FILE *f = fopen(r.svg_path, "w");
        char title[512];
        static const char *const views[] = {"xy", "xz", "yz"};
        snprintf(title, sizeof title, "%s (view %s, seed %lld)", r.script, views[r.view], (long long)r.seed);
        bool ok = f && svg_write(r.svg, f, title);
        if (f && fclose(f) != 0) ok = false;
        if (!ok) {
            fprintf(stderr, "collide-run: cannot write the picture %s\n", r.svg_path);
            if (code == EXIT_OK) code = EXIT_OUTPUT;
        } else if (!r.quiet) {
            printf("picture: %s\n", r.svg_path);
        }
        svg_free(r.svg);
    }
    return code;
}
