/*
 * collide-run: runs a collide scenario (a Lua 5.4 script) in a sandbox with
 * limits, expectations, a trace and a picture.
 *
 *   collide-run [options] script.lua [args...]
 *
 * The sandbox and its limits are sandbox.c's (see sandbox.h for what they
 * guarantee); this file reads the command line, opens the outputs, runs the
 * script on a thread of its own under a watchdog, and reports. The watchdog
 * is the timeout's backstop for time spent inside one C call (which no hook
 * can interrupt): --timeout plus two seconds after the start, it flushes the
 * trace and the expectations' summary and ends the process.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sandbox.h"

enum {
    EXIT_OK = 0,
    EXIT_EXPECT = 1,       /* an expectation failed */
    EXIT_SCRIPT = 2,       /* the script raised an error (or does not compile) */
    EXIT_INSTRUCTIONS = 3, /* --max-instructions spent */
    EXIT_MEMORY = 4,       /* --max-memory exceeded */
    EXIT_TIMEOUT = 5,      /* --timeout passed */
    EXIT_OUTPUT = 6,       /* an output could not be written, or --max-output was reached */
    EXIT_USAGE = 64
};

#define WATCHDOG_GRACE 2.0 /* seconds past --timeout before the watchdog ends the run */

static void usage(FILE *f) {
    fputs("usage: collide-run [options] script.lua [args...]\n"
          "Runs a collide scenario in a sandbox (see docs/lua-api.md, \"collide-run\").\n"
          "Options come before the script; what follows it is the script's arguments.\n"
          "  --seed N               math.randomseed(N) before the script (an integer; default 0)\n"
          "  --max-instructions N   stop after about N Lua instructions (default 10000000000; 0: none)\n"
          "  --max-memory BYTES     stop when Lua holds more (default 536870912; 0: none; k, M, G suffixes)\n"
          "  --max-output BYTES     stop when the trace and print have written more (default 268435456;\n"
          "                         0: none; k, M, G suffixes)\n"
          "  --timeout SECONDS      stop after this wall-clock time (default 60; 0: none)\n"
          "  --trace FILE           write record(...) lines: JSON Lines, or CSV if FILE ends in .csv\n"
          "  --svg FILE             write what the script drew as an SVG picture\n"
          "  --view xy|xz|yz        the picture's projection (default xy)\n"
          "  --frames animate|strip a picture's frames (frame()) as an animation (default) or a strip\n"
          "  --quiet                no header line\n"
          "  --help, --version\n"
          "Exit codes: 0 ok, 1 an expectation failed, 2 script error, 3 instruction limit,\n"
          "4 memory limit, 5 timeout, 6 output error or output limit, 64 usage.\n",
          f);
}

/* A count: digits, optionally with a fraction, then an optional k, M or G;
 * the value must be a whole number (0.5M is 524288; 0.5 is refused) and "0"
 * only when written as zero (a fraction that rounds to 0 is refused). */
static bool parse_count(const char *s, long long *out) {
    if (!(*s >= '0' && *s <= '9')) return false; /* no sign, no space, not empty */
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || errno) return false;
    double mul = 1;
    if (*end == 'k' || *end == 'K')
        mul = 1024, ++end;
    else if (*end == 'M')
        mul = 1024.0 * 1024, ++end;
    else if (*end == 'G')
        mul = 1024.0 * 1024 * 1024, ++end;
    double n = v * mul;
    if (*end || !(n < 9e18) || n != floor(n) || (n == 0 && v != 0)) return false;
    *out = (long long)n;
    return true;
}

static bool parse_seconds(const char *s, double *out) {
    if (!((*s >= '0' && *s <= '9') || *s == '.')) return false;
    char *end;
    errno = 0;
    double t = strtod(s, &end);
    if (end == s || *end || errno || !(t >= 0 && t <= 1e6)) return false;
    *out = t;
    return true;
}

static bool parse_seed(const char *s, lua_Integer *out) {
    if (!*s || (*s != '-' && !(*s >= '0' && *s <= '9'))) return false;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end || errno) return false;
    *out = (lua_Integer)v;
    return true;
}

/* How many values a collide-run option takes (0 or 1), or -1 for anything
 * that is not one of its options. */
static int option_values(const char *arg) {
    static const char *const valued[] = {
        "--seed",  "--max-instructions", "--max-memory", "--max-output", "--timeout", "--trace", "--svg", "--view",
        "--frames"};
    for (size_t q = 0; q < sizeof valued / sizeof valued[0]; ++q)
        if (strcmp(arg, valued[q]) == 0) return 1;
    return strcmp(arg, "--quiet") == 0 ? 0 : -1;
}

/* Is path the same file as the script (by name or, when both exist, by
 * device and inode)? */
static bool same_file(const char *path, const char *script) {
    if (strcmp(path, script) == 0) return true;
    struct stat a, b;
    return stat(path, &a) == 0 && stat(script, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* The run, shared between the script's thread and the watchdog. */
typedef struct run {
    sandbox sb;
    const char *script;
    int argc;
    char **argv;
    int status;
    const char *message;
    bool done;
    pthread_mutex_t lock;
    pthread_cond_t cond;
} run;

static void *script_thread(void *arg) {
    run *r = arg;
    int status = sandbox_run(&r->sb, r->script, NULL, 0, r->script, r->argc, r->argv, &r->message);
    /* copy the message out: it lives in the state, which closes now (under
     * the watchdog too: the limits stay armed) */
    static char message[4096];
    if (r->message) {
        snprintf(message, sizeof message, "%s", r->message);
        r->message = message;
    }
    sandbox_close(&r->sb);
    pthread_mutex_lock(&r->lock);
    r->status = status;
    r->done = true;
    pthread_cond_signal(&r->cond);
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

/* Waits for the script's thread; false when the deadline passed first. */
static bool wait_for(run *r, double timeout) {
    pthread_mutex_lock(&r->lock);
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    double at = (double)deadline.tv_sec + 1e-9 * (double)deadline.tv_nsec + timeout + WATCHDOG_GRACE;
    deadline.tv_sec = (time_t)floor(at);
    deadline.tv_nsec = (long)((at - floor(at)) * 1e9);
    while (!r->done) {
        if (timeout <= 0)
            pthread_cond_wait(&r->cond, &r->lock);
        else if (pthread_cond_timedwait(&r->cond, &r->lock, &deadline) == ETIMEDOUT)
            break;
    }
    bool done = r->done;
    pthread_mutex_unlock(&r->lock);
    return done;
}

int main(int argc, char **argv) {
    sandbox_options o;
    memset(&o, 0, sizeof o);
    o.max_instructions = 10000000000LL;
    o.max_memory = (size_t)512 << 20;
    o.max_output = (size_t)256 << 20;
    o.timeout = 60;
    o.view = SVG_VIEW_XY;
    const char *trace_path = NULL, *svg_path = NULL;
    bool quiet = false;
    int i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; ++i) {
        const char *opt = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        long long n;
        if (strcmp(opt, "--help") == 0) {
            usage(stdout);
            return EXIT_OK;
        } else if (strcmp(opt, "--version") == 0) {
            printf("collide-run %s (collide %s, %s; %s)\n", col_version(), col_version(), col_real_name(), LUA_RELEASE);
            return EXIT_OK;
        } else if (strcmp(opt, "--quiet") == 0) {
            quiet = true;
            continue;
        }
        if (!v) {
            fprintf(stderr, "collide-run: %s needs a value\n", opt);
            return EXIT_USAGE;
        }
        ++i;
        if (strcmp(opt, "--seed") == 0) {
            if (!parse_seed(v, &o.seed)) goto bad;
        } else if (strcmp(opt, "--max-instructions") == 0) {
            if (!parse_count(v, &n)) goto bad;
            o.max_instructions = n;
        } else if (strcmp(opt, "--max-memory") == 0) {
            if (!parse_count(v, &n)) goto bad;
            o.max_memory = (size_t)n;
        } else if (strcmp(opt, "--max-output") == 0) {
            if (!parse_count(v, &n)) goto bad;
            o.max_output = (size_t)n;
        } else if (strcmp(opt, "--timeout") == 0) {
            if (!parse_seconds(v, &o.timeout)) goto bad;
        } else if (strcmp(opt, "--trace") == 0) {
            trace_path = v;
        } else if (strcmp(opt, "--svg") == 0) {
            svg_path = v;
        } else if (strcmp(opt, "--view") == 0) {
            if (strcmp(v, "xy") == 0)
                o.view = SVG_VIEW_XY;
            else if (strcmp(v, "xz") == 0)
                o.view = SVG_VIEW_XZ;
            else if (strcmp(v, "yz") == 0)
                o.view = SVG_VIEW_YZ;
            else
                goto bad;
        } else if (strcmp(opt, "--frames") == 0) {
            if (strcmp(v, "animate") == 0)
                o.frames = SVG_FRAMES_ANIMATE;
            else if (strcmp(v, "strip") == 0)
                o.frames = SVG_FRAMES_STRIP;
            else
                goto bad;
        } else {
            fprintf(stderr, "collide-run: unknown option %s (see --help)\n", opt);
            return EXIT_USAGE;
        }
        continue;
    bad:
        fprintf(stderr, "collide-run: bad value for %s: '%s' (see --help)\n", opt, v);
        return EXIT_USAGE;
    }
    if (i >= argc) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *script = argv[i];
    /* the outputs never overwrite the script, nor each other */
    const char *outputs[2] = {trace_path, svg_path};
    const char *names[2] = {"--trace", "--svg"};
    for (int k = 0; k < 2; ++k)
        if (outputs[k] && same_file(outputs[k], script)) {
            fprintf(stderr, "collide-run: %s %s would overwrite the script; write it elsewhere\n", names[k],
                    outputs[k]);
            return EXIT_USAGE;
        }
    if (trace_path && svg_path && same_file(trace_path, svg_path)) {
        fprintf(stderr, "collide-run: --trace and --svg name the same file %s\n", trace_path);
        return EXIT_USAGE;
    }
    /* collide-run's options after the script would be the script's
     * arguments, and the run would not do what they ask: refuse, with the
     * command line in the right order (options, then the script and its own
     * arguments) */
    int misplaced = 0;
    for (int k = i + 1; k < argc && !misplaced; ++k)
        if (option_values(argv[k]) >= 0) misplaced = k;
    if (misplaced) {
        fprintf(stderr, "collide-run: refusing '%s' after the script: options come before it; did you mean\n  %s",
                argv[misplaced], argv[0]);
        for (int k = 1; k < i; ++k) fprintf(stderr, " %s", argv[k]);
        for (int k = i + 1; k < argc; ++k) { /* the options after the script, with their values */
            int n = option_values(argv[k]);
            for (int j = 0; j <= n && k + j < argc; ++j) fprintf(stderr, " %s", argv[k + j]);
            if (n > 0) k += n;
        }
        fprintf(stderr, " %s", script);
        for (int k = i + 1; k < argc; ++k) { /* the script's own arguments */
            int n = option_values(argv[k]);
            if (n < 0)
                fprintf(stderr, " %s", argv[k]);
            else
                k += n;
        }
        fputc('\n', stderr);
        return EXIT_USAGE;
    }
    if (trace_path) {
        size_t len = strlen(trace_path);
        o.trace_csv = len >= 4 && strcmp(trace_path + len - 4, ".csv") == 0;
        o.trace = fopen(trace_path, "w");
        if (!o.trace) {
            fprintf(stderr, "collide-run: cannot write the trace %s: %s\n", trace_path, strerror(errno));
            return EXIT_OUTPUT;
        }
    }
    o.svg = svg_path != NULL;
    o.out = stdout;
    o.err = stderr;
    static run r; /* static: the watchdog may end the process with the script's thread still in it */
    r.script = script;
    r.argc = argc - i - 1;
    r.argv = argv + i + 1;
    pthread_mutex_init(&r.lock, NULL);
    pthread_cond_init(&r.cond, NULL);
    if (!sandbox_open(&r.sb, &o)) {
        fprintf(stderr, "collide-run: cannot create a Lua state within --max-memory\n");
        return EXIT_MEMORY;
    }
    if (!quiet)
        printf("collide-run: %s, seed %lld, collide %s (%s), %s\n", script, (long long)o.seed, col_version(),
               col_real_name(), LUA_RELEASE);
    fflush(stdout);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, (size_t)16 << 20); /* the C stack of a deep Lua call chain */
    pthread_t thread;
    if (pthread_create(&thread, &attr, script_thread, &r) != 0) {
        fprintf(stderr, "collide-run: cannot start the script's thread\n");
        return EXIT_MEMORY;
    }
    pthread_attr_destroy(&attr);
    if (!wait_for(&r, o.timeout)) {
        /* the script has been inside one call (into C, where no hook runs)
         * since before the timeout: report what it did and end the process */
        pthread_mutex_lock(&r.sb.io);
        fprintf(stderr,
                "collide-run: %s: timeout of %g s reached (--timeout); a call into C was still running %g s later, "
                "so the run was ended there\n",
                script, o.timeout, WATCHDOG_GRACE);
        printf("%d passed, %d failed\n", r.sb.passed, r.sb.failed);
        fflush(stdout);
        if (o.trace) fflush(o.trace);
        _exit(EXIT_TIMEOUT); /* the script's thread still runs: no exit handlers */
    }
    pthread_join(thread, NULL);
    int code = EXIT_OK;
    char buf[160];
    if (r.sb.limit != LIMIT_NONE) {
        fprintf(stderr, "collide-run: %s: %s\n", script, sandbox_limit_message(&r.sb, buf, sizeof buf));
        code = r.sb.limit == LIMIT_INSTRUCTIONS ? EXIT_INSTRUCTIONS
               : r.sb.limit == LIMIT_MEMORY     ? EXIT_MEMORY
               : r.sb.limit == LIMIT_OUTPUT     ? EXIT_OUTPUT
                                                : EXIT_TIMEOUT;
    } else if (r.status != LUA_OK) {
        fprintf(stderr, "collide-run: %s\n", r.message ? r.message : "(no message)");
        code = EXIT_SCRIPT;
    } else if (r.sb.failed > 0) {
        code = EXIT_EXPECT;
    }
    printf("%d passed, %d failed\n", r.sb.passed, r.sb.failed);
    if (o.trace && fclose(o.trace) != 0) {
        fprintf(stderr, "collide-run: cannot write the trace %s\n", trace_path);
        if (code == EXIT_OK) code = EXIT_OUTPUT;
    }
    if (svg_path) {
        FILE *f = fopen(svg_path, "w");
        char title[512];
        static const char *const views[] = {"xy", "xz", "yz"};
        snprintf(title, sizeof title, "%s (view %s, seed %lld)", script, views[o.view], (long long)o.seed);
        bool ok = f && r.sb.svg && svg_write(r.sb.svg, f, title);
        if (f && fclose(f) != 0) ok = false;
        if (!ok) {
            fprintf(stderr, "collide-run: cannot write the picture %s\n", svg_path);
            if (code == EXIT_OK) code = EXIT_OUTPUT;
        } else if (!quiet) {
            printf("picture: %s\n", svg_path);
        }
    }
    sandbox_free(&r.sb);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "collide-run: cannot write to standard output: %s\n", strerror(errno));
        if (code == EXIT_OK) code = EXIT_OUTPUT;
    }
    return code;
}
