/*
 * bench/bench.h — the benchmark harness shared by collide's own rows, the
 * naive floor and the peer adapters (libccd, ODE, Bullet, FCL).
 *
 * A family is one kind of query (sphere-sphere overlap, ray-triangle, GJK
 * box-box, ...) with one fixed-seed workload of n query pairs. Every
 * implementation of the family runs the whole workload, writing its yes/no
 * answer for each pair into an array, so the work cannot be optimised away
 * and the answers can be compared with collide's (the agreement rate).
 * Implementations convert the workload into their own representation in
 * prepare(), which is not timed: only run() is.
 */
#ifndef COLLIDE_BENCH_H
#define COLLIDE_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "collide/collide.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The shapes of one workload: n pairs (a[i], b[i]) as collide structs of the
 * family's kinds, packed without padding (kind_size bytes each), plus the
 * motions of sweeps and the rays of ray casts. */
typedef struct bench_workload {
    size_t n;
    col_shape_kind ka, kb; /* kinds of a and b; ka is unused by ray families */
    void *a, *b;           /* n structs each (a is NULL for ray families) */
    col_ray *rays;         /* ray families: n rays against b[i] */
    col_ray *rays_endless; /* the same rays with max_t = inf (the casts without an exact step) */
    col_vec3 *da, *db;     /* sweep families: motions of a and b */
    col_vec3 *points;      /* polytope families: the points the polytopes borrow */
} bench_workload;

/* One implementation of a family. prepare (may be NULL: ctx = the workload)
 * builds the implementation's own data; run answers the n queries into
 * out[i] (1 = overlap / hit, 0 = not); release frees what prepare built. */
typedef struct bench_impl {
    const char *family; /* the family's id, e.g. "obb_obb" */
    const char *name;   /* shown in the table, e.g. "ODE dBoxTouchesBox" */
    void *(*prepare)(const bench_workload *w);
    void (*run)(const void *ctx, size_t n, unsigned char *out);
    void (*release)(void *ctx);
    const char *note; /* shown under the table when the row is printed (may be NULL) */
} bench_impl;

/* Defines run_<name>, a bench_impl run function answering fn(&a[i], &b[i])
 * for the workload's arrays of ta and tb (used by collide's rows and the
 * floor's). */
#define BENCH_RUN2(name, ta, tb, fn)                                                                                   \
    static void run_##name(const void *ctx, size_t n, unsigned char *out) {                                            \
        const bench_workload *w = ctx;                                                                                 \
        const ta *a = w->a;                                                                                            \
        const tb *b = w->b;                                                                                            \
        for (size_t i = 0; i < n; ++i) out[i] = (unsigned char)fn(&a[i], &b[i]);                                       \
    }

/* The helpers every part of collide-bench shares (main.c): a monotonic
 * clock in ns; a fixed pseudo-random sequence in [0, 1) (a 64-bit LCG on
 * *state, Knuth's MMIX constants); qsort's comparison of doubles. */
double bench_now_ns(void);
double bench_urand(uint64_t *state);
int bench_cmp_double(const void *a, const void *b);

/* Size in bytes of the struct of a kind (col_sphere for COL_SHAPE_SPHERE...). */
size_t bench_kind_size(col_shape_kind kind);

/* The i-th struct of an array of structs of `kind`. */
const void *bench_at(const void *array, col_shape_kind kind, size_t i);

/* Peer tables, each ending with a zero entry; defined only when the peer's
 * Debian package was found at configure time. */
extern const bench_impl bench_peer_ccd[];
extern const bench_impl bench_peer_ode[];
extern const bench_impl bench_peer_bullet[];
extern const bench_impl bench_peer_fcl[];

/* The naive floor: straight-line textbook versions in their own translation
 * unit (as collide's functions are in the library), see naive.c. */
extern const bench_impl bench_naive[];

#ifdef __cplusplus
}
#endif

#endif /* COLLIDE_BENCH_H */
