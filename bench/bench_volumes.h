/*
 * bench/bench_volumes.h — the constructions of bounding volumes from point
 * sets (bench/volumes.c), run by collide-bench (`--only volumes` alone).
 */
#ifndef COLLIDE_BENCH_VOLUMES_H
#define COLLIDE_BENCH_VOLUMES_H

#include <stddef.h>

#include "collide/collide.h"

/* Times each construction (AABB, the three spheres, the PCA box, the 14- and
 * 26-DOP, the convex hull) on 10^3, 10^5 and 10^6 points (those up to max_n), the median of
 * `reps` (at most 64) in turns, and prints ns per point; returns 1 where a
 * construction failed or missed a sampled point (a defect), else 0. */
int bench_volumes_run(size_t max_n, int reps);

/* Times col_hull_sat beside GJK's distance and EPA's depth on 2000 pairs of
 * random hulls (24 points each), ns per pair, and checks SAT's sign against
 * GJK's; returns 1 on a failure or a disagreement (a defect), else 0. */
int bench_hull_sat_run(int reps);

/* Times the queries on volumes (k-DOPs of shapes, k-DOP against a point,
 * a k-DOP, a box and a ray, containment of a shape) on random pairs, ns per
 * call; returns 1 where a k-DOP of a shape failed (a defect), else 0. */
int bench_volume_queries_run(int reps);

/* The rotating sweep with and without its separating-axis steps
 * (bench/rotating.c); returns nonzero where the two disagree on a contact. */
int bench_rotating_run(int reps);

#endif /* COLLIDE_BENCH_VOLUMES_H */
