/*
 * side_by_side: one query family timed on one build of the core, for
 * bench/side_by_side.sh, which builds this file against two trees' static
 * libraries (for example before and after a change) and runs them in turn on
 * the same pairs. Small kernels move by tens of percent with the code's
 * layout between two binaries and with a busy machine: the script takes the
 * least of several runs of each, alternating, and the counts of
 * instructions (callgrind) are the steadier measure of a small change.
 *
 *   side_by_side FAMILY [near|far] [PASSES]
 *
 * FAMILY: sweeps sphere-AABB (b), sphere-triangle (t), sphere-sphere (s),
 * sphere-plane (p), AABB-AABB (a), capsule-plane (c); ray casts against an
 * AABB (Rb), a sphere (Rs), a capsule (Rc), a triangle (Rt); static
 * sphere-sphere (OS), sphere-AABB (OB), capsule-capsule (OC). 4000 pairs of
 * shapes of size ~1 about 100 apart, each motion or ray from 3-5 away aimed
 * at a point within SPREAD / 2 of the other shape's centre (environment
 * variable SPREAD, default 5: about 40% of the sphere-AABB sweeps hit;
 * 1.6: all of them); far: the motions reversed. The rays' max_t is 1, or
 * MAX_T from the environment (MAX_T=inf: the casts without end, the
 * floating-point cast deciding alone, what the exact decision of a finite
 * max_t costs beside it). Prints the least ns per query over PASSES passes
 * (default 200) and the share of hits.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "collide/collide.h"

#define N 4000

static col_sphere S[N], S2[N];
static col_aabb B[N], A2[N];
static col_triangle T[N];
static col_plane P[N];
static col_capsule C[N];
static col_vec3 D[N];
static col_real max_t = 1.0;

static double rnd(void) { return rand() / (double)RAND_MAX; }

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static void make_pairs(double spread, int far) {
    srand(7);
    for (int i = 0; i < N; ++i) {
        col_vec3 c = col_v3(100 * rnd(), 100 * rnd(), 100 * rnd());
        double r = 0.3 + 0.4 * rnd();
        B[i].min = col_v3(c.x - 0.5 - rnd() * 0.5, c.y - 0.5 - rnd() * 0.5, c.z - 0.5 - rnd() * 0.5);
        B[i].max = col_v3(c.x + 0.5 + rnd() * 0.5, c.y + 0.5 + rnd() * 0.5, c.z + 0.5 + rnd() * 0.5);
        T[i].a = col_v3(c.x - 1 + rnd(), c.y - 1 + rnd(), c.z + rnd() - 0.5);
        T[i].b = col_v3(c.x + 1 + rnd(), c.y - 1 + rnd(), c.z + rnd() - 0.5);
        T[i].c = col_v3(c.x + rnd() - 0.5, c.y + 1 + rnd(), c.z + rnd() - 0.5);
        S2[i].c = c;
        S2[i].r = 0.5 + 0.3 * rnd();
        P[i].n = col_v3(0, 0, 1);
        P[i].d = c.z;
        col_vec3 dir = col_v3(rnd() - 0.5, rnd() - 0.5, rnd() - 0.5);
        double len = 3 + 2 * rnd();
        col_vec3 start = col_v3_add(c, col_v3_scale(dir, len / col_v3_len(dir)));
        S[i].c = start;
        S[i].r = r;
        A2[i].min = col_v3(start.x - 0.4, start.y - 0.3, start.z - 0.5);
        A2[i].max = col_v3(start.x + 0.4, start.y + 0.3, start.z + 0.5);
        C[i].a = col_v3(start.x - 0.3, start.y, start.z + 0.2);
        C[i].b = col_v3(start.x + 0.3, start.y + 0.1, start.z - 0.2);
        C[i].r = r;
        col_vec3 aim = col_v3_add(c, col_v3(spread * (rnd() - 0.5), spread * (rnd() - 0.5), spread * (rnd() - 0.5)));
        D[i] = col_v3_scale(col_v3_sub(aim, start), 2.0);
        if (far) D[i] = col_v3_neg(D[i]);
    }
}

/* The families, by the letters on the command line. */
enum { SW_BOX, SW_TRI, SW_SPH, SW_PLANE, SW_AABB, SW_CAPS_PLANE, R_BOX, R_SPH, R_TRI, R_CAPS, O_SPH, O_BOX, O_CAPS };
static const char *const names[] = {"b", "t", "s", "p", "a", "c", "Rb", "Rs", "Rt", "Rc", "OS", "OB", "OC"};

/* Query i of the family: whether it hits (each case computes only what it uses). */
static int query(int family, int i) {
    col_vec3 z = col_v3(0, 0, 0);
    switch (family) {
    case SW_BOX: return col_sweep_sphere_aabb(&S[i], D[i], &B[i], z).status == COL_HIT;
    case SW_TRI: return col_sweep_sphere_triangle(&S[i], D[i], &T[i], z).status == COL_HIT;
    case SW_SPH: return col_sweep_sphere_sphere(&S[i], D[i], &S2[i], z).status == COL_HIT;
    case SW_PLANE: return col_sweep_sphere_plane(&S[i], D[i], &P[i], z).status == COL_HIT;
    case SW_AABB: return col_sweep_aabb_aabb(&A2[i], D[i], &B[i], z).status == COL_HIT;
    case SW_CAPS_PLANE: return col_sweep_capsule_plane(&C[i], D[i], &P[i], z).status == COL_HIT;
    case R_BOX: {
        col_ray ray = {S[i].c, D[i], max_t};
        return col_raycast_aabb_slabs(&ray, &B[i]).status == COL_HIT;
    }
    case R_SPH: {
        col_ray ray = {S[i].c, D[i], max_t};
        return col_raycast_sphere(&ray, &S2[i]).status == COL_HIT;
    }
    case R_TRI: {
        col_ray ray = {S[i].c, D[i], max_t};
        return col_raycast_triangle(&ray, &T[i], COL_TWO_SIDED).status == COL_HIT;
    }
    case R_CAPS: {
        col_ray ray = {S[i].c, D[i], max_t};
        col_vec3 to_other = col_v3_sub(S2[i].c, S[i].c);
        col_capsule c = {col_v3_add(C[i].a, to_other), col_v3_add(C[i].b, to_other), C[i].r};
        return col_raycast_capsule(&ray, &c).status == COL_HIT;
    }
    case O_SPH: {
        col_sphere moved = {col_v3_madd(S[i].c, 0.4, D[i]), S[i].r};
        return col_overlap_sphere_sphere(&moved, &S2[i]);
    }
    case O_BOX: {
        col_sphere moved = {col_v3_madd(S[i].c, 0.4, D[i]), S[i].r};
        return col_overlap_aabb_sphere(&B[i], &moved);
    }
    default: {
        col_capsule a = {col_v3_madd(C[i].a, 0.4, D[i]), col_v3_madd(C[i].b, 0.4, D[i]), C[i].r};
        col_capsule b = {S2[i].c, col_v3_add(S2[i].c, col_v3(0.5, 0.2, -0.3)), 0.4};
        return col_overlap_capsule_capsule(&a, &b);
    }
    }
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: side_by_side FAMILY [near|far] [PASSES]\n");
        return 64;
    }
    int family = -1;
    for (int k = 0; k < (int)(sizeof names / sizeof names[0]); ++k)
        if (strcmp(argv[1], names[k]) == 0) family = k;
    if (family < 0) {
        fprintf(stderr, "side_by_side: unknown family %s\n", argv[1]);
        return 64;
    }
    int far = argc > 2 && strcmp(argv[2], "far") == 0, passes = argc > 3 ? atoi(argv[3]) : 200;
    if (getenv("MAX_T")) max_t = (col_real)strtod(getenv("MAX_T"), NULL);
    make_pairs(getenv("SPREAD") ? atof(getenv("SPREAD")) : 5.0, far);
    double best = 1e300;
    int hits = 0;
    for (int pass = 0; pass < passes; ++pass) {
        double t0 = now();
        hits = 0;
        for (int i = 0; i < N; ++i) hits += query(family, i);
        double t = (now() - t0) / N;
        if (t < best) best = t;
    }
    printf("%s %s %.1f ns (hits %d%%)\n", argv[1], far ? "far" : "near", best, hits * 100 / N);
    return 0;
}
