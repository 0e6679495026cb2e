/*
 * The sandbox of collide-run, as a library: a Lua state for an untrusted
 * scenario script, its limits, and the extras scripts get (expect*, record,
 * draw*). main.c wraps it in the command line; fuzz/fuzz_runner.c drives it
 * with hostile programs. Private to lua_bindings/runner/.
 *
 * What it guarantees (docs/lua-api.md, "The sandbox"):
 *  - No script reaches memory outside its own objects: no io, os, debug,
 *    package, coroutine, load, string.dump; collide's userdata types are
 *    proven by their metatables' identity, which scripts cannot reach.
 *  - Limits hold until the state is closed: instructions (a count hook; once
 *    spent it raises at every instruction, so no pcall swallows it), memory (a
 *    counting allocator through which every allocation made for the script
 *    goes, the picture's included), output bytes (trace and print), and wall
 *    time. The expectations are Lua code (expect.lua), which the hook counts;
 *    the C loops a script can make long without running Lua code (pairs,
 *    table.move, table.insert, table.remove) charge the instruction budget
 *    per element before they run.
 *    Finalizers are refused (setmetatable rejects a __gc field): Lua runs them
 *    with hooks off, outside every limit.
 *  - Same script, same seed, same bytes: pairs iterates booleans, numbers and
 *    strings in a fixed order (false, true; numbers ascending; strings by
 *    bytes), and tostring, print and string.format's %s name tables,
 *    functions and userdata by a counter ("table: #3"), never by address.
 */
#ifndef COLLIDE_RUNNER_SANDBOX_H
#define COLLIDE_RUNNER_SANDBOX_H

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

#include "lcollide.h"
#include "svg.h"

/* Which limit ended the run. */
typedef enum sandbox_limit { LIMIT_NONE, LIMIT_INSTRUCTIONS, LIMIT_MEMORY, LIMIT_TIMEOUT, LIMIT_OUTPUT } sandbox_limit;

typedef struct sandbox_options {
    lua_Integer seed;           /* math.randomseed before the script */
    long long max_instructions; /* 0: none */
    size_t max_memory;          /* bytes; 0: none */
    double timeout;             /* seconds of wall time; 0: none */
    size_t max_output;          /* bytes of trace and print; 0: none */
    FILE *out;                  /* print's output */
    FILE *err;                  /* FAIL lines */
    FILE *trace;                /* record's output, or NULL */
    bool trace_csv;             /* CSV rather than JSON Lines */
    bool svg;                   /* keep a picture of what draw* draws */
    svg_view view;
    svg_frames frames;
} sandbox_options;

typedef struct sandbox {
    sandbox_options o;
    lua_State *L;
    /* the limits */
    size_t mem_used, mem_peak;
    unsigned long long allocations;
    long long instructions;
    size_t output;
    volatile int limit; /* sandbox_limit; read by the watchdog thread */
    double start;
    /* expectations */
    int passed, failed;
    svg_scene *svg;
    /* held while anything is written to out, err or the trace, so a watchdog
     * can flush them whole (main.c) */
    pthread_mutex_t io;
} sandbox;

/* Opens the sandbox; false when out of memory (a state that cannot even be
 * created within max_memory). */
bool sandbox_open(sandbox *s, const sandbox_options *o);

/* Runs a text chunk (a file, or a string when path is NULL) with args as its
 * `...` and the global `arg`; returns the status of the call (LUA_OK or an
 * error with the message, traceback included, left in *message, which stays
 * valid until sandbox_close). Not reentrant. */
int sandbox_run(sandbox *s, const char *path, const char *source, size_t source_len, const char *chunkname, int argc,
                char **argv, const char **message);

/* Closes the Lua state (with the limits still armed); the picture stays
 * until sandbox_free. */
void sandbox_close(sandbox *s);

/* Frees the picture; after sandbox_close. */
void sandbox_free(sandbox *s);

/* A message for the limit that ended the run ("instruction limit of 1000
 * reached (--max-instructions)"). */
const char *sandbox_limit_message(const sandbox *s, char *buf, size_t size);

/* The sandbox of a state opened by sandbox_open. */
sandbox *sandbox_of(lua_State *L);

/* Charges n units of work done in C on the script's behalf to the instruction
 * budget and checks the limits; raises the limit's error when one is
 * reached (and from then on at every instruction). */
void sandbox_charge(lua_State *L, long long n);

/* Counts bytes written for the script against --max-output; raises when
 * past it. */
void sandbox_output(lua_State *L, size_t bytes);

/* The deterministic text of the value at idx (tostring's): as luaL_tolstring
 * for values with a __tostring or of a basic type, "table: #N" (or the
 * __name) with a per-run counter for the others. Pushes it and returns it. */
const char *sandbox_tostring(lua_State *L, int idx);

/* Registers record and the expectations of expect.lua (expect, expectNear,
 * expectEqual, expectError, expectNoGarbage) over the sandbox's primitives
 * (expect.c). */
void sandbox_open_expect(lua_State *L);

#endif
