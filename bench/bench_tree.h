/*
 * bench/bench_tree.h — the broad-phase benchmark (bench/tree.c): one
 * implementation of a box tree, driven with box indices 0..n-1.
 */
#ifndef COLLIDE_BENCH_TREE_H
#define COLLIDE_BENCH_TREE_H

#include <stddef.h>

#include "collide/collide.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bench_tree_impl {
    const char *name; /* NULL: not compiled in */
    void *(*create)(size_t n);
    void (*destroy)(void *t);
    void (*insert)(void *t, size_t i, const col_aabb *box); /* fattened by 0.1 */
    void (*remove)(void *t, size_t i);                      /* NULL: no removal */
    void (*move)(void *t, size_t i, const col_aabb *box);   /* reinsert when outside the fat box; NULL: none */
    void (*rebuild)(void *t);                               /* top-down rebuild; NULL: none */
    size_t (*query)(void *t, const col_aabb *box);          /* the number of fat boxes overlapping box */
    size_t (*ray)(void *t, const col_ray *ray); /* the number of fat boxes the segment reaches; NULL: none */
    int (*height)(void *t);                     /* NULL: unknown */
    size_t (*bytes)(void *t);                   /* NULL: unknown */
} bench_tree_impl;

/* Bullet's btDbvt (bench/peer_bullet_dbvt.cc); name NULL without Bullet. */
extern const bench_tree_impl bench_tree_dbvt;

/* Runs the broad-phase rows at 10^3 .. max_n boxes, each the median of
 * `reps` repetitions in which the implementations take turns, and prints them
 * (and with `markdown` the README's table) with their targets; returns the
 * number of targets missed. */
int bench_tree_run(size_t max_n, int reps, int markdown);

/* The k-DOP tree against the AABB tree (bench/kdop_tree.c): the nearest
 * hit of rays among rods, beams and boxes, at 10^3 .. max_n items (up to
 * 10^5), and its target; returns -1 where a tree found another nearest hit
 * (a defect), else the number of targets missed. */
int bench_kdop_tree_run(size_t max_n, int reps);

#ifdef __cplusplus
}
#endif

#endif /* COLLIDE_BENCH_TREE_H */
