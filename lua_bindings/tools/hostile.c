/*
 * Hostile scripts for the sandbox, for the fuzz harness fuzz/fuzz_runner.c
 * (it cannot include lua.h; this file can). Each input becomes a Lua program
 * built from the module's and the runner's API: shapes from hostile numbers,
 * every query and method, metatable tampering, finalizers (direct and added
 * later), huge counts for the runner's loops and the table library, floods of
 * output and memory, pictures with hostile labels and coordinates, pairs and
 * tostring, loops that never end. The program runs in the sandbox with small
 * limits and no timeout, so the instruction budget alone must end it.
 *
 * Properties: nothing crashes or trips a sanitizer; the run returns; the
 * memory the state held never passed the limit plus its reserve; the
 * instructions counted never passed the limit by more than one hook period;
 * the picture, written at the end, is bounded; an ended run is ended by a
 * limit, an error or the end of the program.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sandbox.h"

#define HOSTILE_STATEMENTS 40
#define HOSTILE_INSTRUCTIONS 200000
#define HOSTILE_MEMORY (24u << 20)
#define HOSTILE_OUTPUT (64u << 10)
#define HOSTILE_VARS 8

typedef struct gen {
    const uint8_t *data;
    size_t size, pos;
    char *buf;
    size_t len, cap;
    int depth;
} gen;

static uint8_t byte(gen *g) { return g->pos < g->size ? g->data[g->pos++] : 0; }
static bool more(const gen *g) { return g->pos < g->size; }

static void put(gen *g, const char *s) {
    size_t n = strlen(s);
    if (g->len + n + 1 > g->cap) {
        size_t nc = g->cap ? g->cap * 2 : 4096;
        while (nc < g->len + n + 1) nc *= 2;
        char *b = realloc(g->buf, nc);
        if (!b) abort();
        g->buf = b;
        g->cap = nc;
    }
    memcpy(g->buf + g->len, s, n + 1);
    g->len += n;
}

static void putf(gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(gen *g, const char *fmt, ...) {
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    put(g, tmp);
}

/* A number as Lua source: ordinary, on a grid, or hostile. */
static void number(gen *g) {
    static const char *const hostile[] = {
        "0/0",        "1/0",    "-1/0",      "1e308",           "-1e308",          "5e-324", "-0.0", "1e50",
        "1e51",       "1e17",   "1e17 + 16", "math.maxinteger", "math.mininteger", "2^53",   "2^63", "1e-300",
        "0x7fffffff", "3.4e38", "1e-45"};
    uint8_t k = byte(g);
    switch (k % 6) {
    case 0: putf(g, "%s", hostile[byte(g) % (sizeof hostile / sizeof hostile[0])]); break;
    case 1: putf(g, "%d", (int8_t)byte(g)); break;
    case 2: putf(g, "%g", (double)(int8_t)byte(g) / 8.0); break;
    case 3: putf(g, "%d", byte(g) % 4); break;
    default: putf(g, "%g", (double)byte(g) / 16.0); break;
    }
}

static void numbers(gen *g, int n) {
    for (int i = 0; i < n; ++i) {
        if (i) put(g, ", ");
        number(g);
    }
}

/* A count for a loop or a runner function: small, or huge. */
static void count(gen *g) {
    static const char *const counts[] = {"1", "3", "10", "1000", "100000", "1e9", "math.maxinteger", "2^62", "-1", "0"};
    put(g, counts[byte(g) % (sizeof counts / sizeof counts[0])]);
}

static void var(gen *g) { putf(g, "v%d", byte(g) % HOSTILE_VARS + 1); }

/* A string: ordinary, multi-byte, or ill-formed. */
static void string(gen *g) {
    static const char *const strings[] = {
        "\"\"",         "\"label\"",           "\"\\xff\\xfe\"",
        "\"\\xc3\"",    "\"\\xed\\xa0\\x80\"", "\"\\0\\1\\2\"",
        "\"<&>'\\\"\"", "\"\\u{10FFFF}\"",     "\"ééééééééééééééééééééééééééééééééééééééééééé\"",
        "\"%p\"",       "\"%s %s\"",           "\"red\"",
        "\"#ff0000\""};
    put(g, strings[byte(g) % (sizeof strings / sizeof strings[0])]);
}

/* A value of any kind. */
static void value(gen *g) {
    switch (byte(g) % 8) {
    case 0:
    case 1:
    case 2: var(g); break;
    case 3: string(g); break;
    case 4:
        put(g, "{");
        numbers(g, byte(g) % 7);
        put(g, "}");
        break;
    case 5: put(g, byte(g) & 1 ? "nil" : "true"); break;
    case 6: put(g, "collide"); break;
    default: number(g); break;
    }
}

/* Up to max values, each after ", " when comma is set (the list follows
 * another argument), else separated by ", ". */
static void args(gen *g, int max, bool comma) {
    int n = byte(g) % (max + 1);
    for (int i = 0; i < n; ++i) {
        if (i || comma) put(g, ", ");
        value(g);
    }
}

static const char *const constructors[] = {"point",
                                           "segment",
                                           "triangle",
                                           "plane",
                                           "sphere",
                                           "capsule",
                                           "aabb",
                                           "obb",
                                           "ellipsoid",
                                           "circle",
                                           "rect",
                                           "planeFromPoints",
                                           "planeFromPointNormal"};
static const int constructor_args[] = {3, 6, 9, 4, 4, 7, 6, 6, 6, 3, 4, 9, 6};
static const char *const functions[] = {"overlap",
                                        "classify",
                                        "raycast",
                                        "sweep",
                                        "distance",
                                        "gjkDistance",
                                        "penetration",
                                        "support",
                                        "sweepConvex",
                                        "bounds",
                                        "kind",
                                        "overlapMany",
                                        "segmentPlane",
                                        "trianglePlane",
                                        "intersectPlanes",
                                        "transformAabb",
                                        "closestPointsLines",
                                        "axesFromQuat",
                                        "axesFromAxisAngle",
                                        "pack",
                                        "manifold"};
static const char *const methods[] = {"set",   "get",   "kind",   "bounds", "center",   "radius",  "a",
                                      "b",     "c",     "normal", "min",    "max",      "axes",    "halfExtents",
                                      "count", "point", "radii",  "offset", "distance", "position"};

static void statement(gen *g);

static void block(gen *g, int n) {
    for (int i = 0; i < n && more(g); ++i) statement(g);
}

static void statement(gen *g) {
    uint8_t op = byte(g);
    int c;
    switch (op % 24) {
    case 0:
    case 1: /* a shape */
        c = byte(g) % (int)(sizeof constructors / sizeof constructors[0]);
        var(g);
        putf(g, " = select(2, pcall(collide.%s, ", constructors[c]);
        numbers(g, constructor_args[c] + (byte(g) % 3 == 0 ? 9 : 0));
        put(g, ")) or nil\n");
        break;
    case 2: /* a polytope, or an array */
        var(g);
        if (byte(g) & 1) {
            put(g, " = select(2, pcall(collide.convex, {");
            numbers(g, 3 * (1 + byte(g) % 6));
            put(g, "})) or nil\n");
        } else {
            put(g, " = select(2, pcall(collide.pack, {");
            args(g, 4, false);
            put(g, "})) or nil\n");
        }
        break;
    case 3:
    case 4: /* a query */
        putf(g, "pcall(collide.%s", functions[byte(g) % (sizeof functions / sizeof functions[0])]);
        args(g, 9, true);
        put(g, ")\n");
        break;
    case 5:
    case 6: /* a method of whatever a variable holds */
        put(g, "pcall(function() return ");
        var(g);
        putf(g, ":%s(", methods[byte(g) % (sizeof methods / sizeof methods[0])]);
        args(g, 9, false);
        put(g, ") end)\n");
        break;
    case 7: /* tamper with what getmetatable gives */
        put(g, "pcall(function() local m = getmetatable(");
        var(g);
        put(g, "); local o = getmetatable(");
        var(g);
        switch (byte(g) % 4) {
        case 0: put(g, "); m[1] = o[1] end)\n"); break;
        case 1: put(g, "); m.__index = o.__index; m.__name = o.__name end)\n"); break;
        case 2: putf(g, "); m.__index.%s = o.__index.%s end)\n", methods[byte(g) % 20], methods[byte(g) % 20]); break;
        default: put(g, "); setmetatable(m, o) end)\n"); break;
        }
        break;
    case 8: /* finalizers: direct, placeholder, added later */
        switch (byte(g) % 3) {
        case 0: put(g, "pcall(setmetatable, {}, {__gc = function() while true do end end})\n"); break;
        case 1: put(g, "pcall(setmetatable, {}, {__gc = false})\n"); break;
        default:
            put(g, "do local mt = {}; local t = setmetatable({}, mt); mt.__gc = function() expect(false, 'finalizer') "
                   "while true do end end end\n");
        }
        break;
    case 9: /* the runner's loops with huge counts */
        switch (byte(g) % 4) {
        case 0:
            put(g, "pcall(expectNoGarbage, math.random, ");
            count(g);
            put(g, ")\n");
            break;
        case 1:
            put(g, "do local t = setmetatable({}, {__len = function() return ");
            count(g);
            put(g, " end}); pcall(expectNear, t, {1, 2}, 0) end\n");
            break;
        case 2:
            put(g, "pcall(expectNoGarbage, function() return ");
            var(g);
            put(g, " end, ");
            count(g);
            put(g, ")\n");
            break;
        default:
            put(g, "pcall(expectError, ");
            string(g);
            put(g, ", error, ");
            value(g);
            put(g, ")\n");
            break;
        }
        break;
    case 10: /* the table library's loops */
        switch (byte(g) % 4) {
        case 0:
            put(g, "pcall(table.move, {1, 2, 3}, 1, ");
            count(g);
            put(g, ", 2)\n");
            break;
        case 1:
            put(g, "do local t = setmetatable({}, {__len = function() return ");
            count(g);
            put(g,
                byte(g) & 1 ? " end}); pcall(table.insert, t, 1, 0) end\n" : " end}); pcall(table.remove, t, 1) end\n");
            break;
        case 2:
            put(g, "pcall(table.concat, {1, 2}, \",\", 1, ");
            count(g);
            put(g, ")\n");
            break;
        default:
            put(g, "pcall(table.unpack, {}, 1, ");
            count(g);
            put(g, ")\n");
            break;
        }
        break;
    case 11:
    case 12: /* pictures */
        switch (byte(g) % 5) {
        case 0:
            put(g, "pcall(draw, ");
            var(g);
            put(g, ", ");
            string(g);
            put(g, ")\n");
            break;
        case 1:
            put(g, "pcall(drawPoint, ");
            numbers(g, 3);
            put(g, ", {label = ");
            string(g);
            put(g, "})\n");
            break;
        case 2:
            put(g, "pcall(drawNormal, ");
            numbers(g, 6);
            put(g, ", {length = ");
            number(g);
            put(g, "})\n");
            break;
        case 3:
            put(g, "pcall(drawRay, ");
            numbers(g, 6);
            put(g, ")\n");
            break;
        default:
            put(g, "pcall(drawSweep, ");
            var(g);
            put(g, ", ");
            numbers(g, 3);
            put(g, ", {against = ");
            value(g);
            put(g, ", t0 = ");
            number(g);
            put(g, ", color = ");
            string(g);
            put(g, "})\n");
        }
        break;
    case 13: /* the trace and the output */
        put(g, byte(g) & 1 ? "pcall(record, " : "pcall(print, ");
        string(g);
        args(g, 5, true);
        put(g, ")\n");
        break;
    case 14: /* expectations */
        put(g, "pcall(expect, ");
        value(g);
        put(g, ")\npcall(expectEqual, ");
        value(g);
        put(g, ", ");
        value(g);
        put(g, ")\n");
        break;
    case 15: /* pairs, tostring, format */
        put(g, "do local t = {a = 1, b = 2, [1.5] = 3, [true] = 4, {}}; for k, v in pairs(t) do t.b = nil; "
               "pcall(record, tostring(k), tostring(v)) end; pcall(string.format, ");
        string(g);
        put(g, ", ");
        value(g);
        put(g, ", ");
        value(g);
        put(g, ") end\n");
        break;
    case 16: /* a loop */
        if (g->depth < 3) {
            put(g, "for i = 1, ");
            count(g);
            put(g, " do\n");
            ++g->depth;
            block(g, 1 + byte(g) % 3);
            --g->depth;
            put(g, "end\n");
        }
        break;
    case 17: /* a loop that never ends, swallowing errors */
        if (g->depth < 3) {
            put(g, "while true do pcall(function()\n");
            ++g->depth;
            block(g, 1 + byte(g) % 2);
            --g->depth;
            put(g, "end) end\n");
        }
        break;
    case 18: /* memory */
        switch (byte(g) % 3) {
        case 0: put(g, "do local s = 'x'; for i = 1, 40 do s = s .. s end end\n"); break;
        case 1: put(g, "do local t = {}; for i = 1, 1e9 do t[i] = {} end end\n"); break;
        default:
            put(g, "pcall(collide.convex, setmetatable({}, {__len = function() return 1 << 20 end, "
                   "__index = function() return 1 end}))\n");
        }
        break;
    case 19: /* errors with odd objects */
        put(g, "pcall(error, setmetatable({}, {__tostring = function() return ");
        value(g);
        put(g, " end}))\n");
        break;
    case 20: /* the sandbox's walls */
        put(g, "pcall(require, ");
        string(g);
        put(g, ")\npcall(function() return io or os or debug or package or load or string.dump end)\n");
        break;
    case 21: /* an array and its batch */
        put(g, "do local ok, a = pcall(collide.pack, {");
        args(g, 3, false);
        put(g, "}); if ok then pcall(collide.overlapMany, a, ");
        value(g);
        put(g, ", {}); pcall(a.set, a, ");
        count(g);
        put(g, ", ");
        var(g);
        put(g, ") end end\n");
        break;
    case 22: /* a top-level error: ends the program */
        if (byte(g) % 8 == 0) put(g, "error('the end')\n");
        break;
    default: /* assignment between variables */
        var(g);
        put(g, " = ");
        value(g);
        put(g, "\n");
        break;
    }
}

static FILE *null_file(void) {
    static FILE *f;
    if (!f) f = fopen("/dev/null", "w");
    if (!f) abort();
    return f;
}

static void fail(const char *what, const char *program) {
    fprintf(stderr, "collide fuzz (runner): %s\n--- program ---\n%s\n", what, program);
    abort();
}

int lcol_fuzz_runner_one(const uint8_t *data, size_t size);
int lcol_fuzz_runner_one(const uint8_t *data, size_t size) {
    gen g = {data, size, 0, NULL, 0, 0, 0};
    put(&g, "local collide = require 'collide'\nlocal v1, v2, v3, v4, v5, v6, v7, v8\n");
    block(&g, HOSTILE_STATEMENTS);
    if (getenv("COLLIDE_FUZZ_PRINT")) fprintf(stderr, "%s\n", g.buf);
    sandbox_options o;
    memset(&o, 0, sizeof o);
    o.max_instructions = HOSTILE_INSTRUCTIONS;
    o.max_memory = HOSTILE_MEMORY;
    o.max_output = HOSTILE_OUTPUT;
    o.out = o.err = o.trace = null_file();
    o.svg = true;
    static sandbox s;
    if (!sandbox_open(&s, &o)) fail("the sandbox did not open", g.buf);
    const char *message;
    int status = sandbox_run(&s, NULL, g.buf, g.len, "=hostile", 0, NULL, &message);
    if (status != LUA_OK && status != LUA_ERRRUN && status != LUA_ERRMEM && status != LUA_ERRERR &&
        status != LUA_ERRSYNTAX)
        fail("unexpected status", g.buf);
    if (status == LUA_ERRSYNTAX) fail(message ? message : "a syntax error in a generated program", g.buf);
    sandbox_close(&s);
    if (s.mem_peak > HOSTILE_MEMORY + (64u << 10))
        fail("the state held more memory than the limit and its reserve", g.buf);
    if (s.instructions > HOSTILE_INSTRUCTIONS + 1000 && s.limit == LIMIT_NONE)
        fail("instructions past the limit without reaching it", g.buf);
    if (s.output > HOSTILE_OUTPUT + (64u << 10)) fail("output past the limit", g.buf);
    /* the picture is written (bounded, no crash) */
    svg_write(s.svg, null_file(), "hostile \xff title");
    sandbox_free(&s);
    free(g.buf);
    return 0;
}
