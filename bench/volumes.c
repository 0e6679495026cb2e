/*
 * bench/volumes.c — bounding volumes from point sets (collide/volumes.h):
 * each construction on 10^3, 10^5 and 10^6 points (up to --n), ns per
 * point, the median of the repetitions. The cloud: uniform points in a box
 * 6 x 2 x 1 turned about z, the kind of cloud a mesh's vertices make.
 * Every volume is checked to hold a sample of the points (a wrong volume is
 * no benchmark).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "bench_volumes.h"

static uint64_t state;
static double urand(void) { return bench_urand(&state); }

enum { BUILDS = 7 };
static const char *const names[BUILDS] = {
    "AABB", "sphere, AABB centre", "sphere, Ritter", "sphere, minimum (Welzl)", "OBB by PCA", "14-DOP", "26-DOP"};

/* The volume one construction built: a shape, or a k-DOP. */
typedef struct built {
    bool ok, kdop;
    col_shape vol;
    col_kdop d;
} built;

/* Construction b over the points (the timed part). */
static built build(int b, const col_vec3 *p, size_t n) {
    built v = {false, false, {.kind = COL_SHAPE_POINT}, {0}};
    switch (b) {
    case 0: v.vol.kind = COL_SHAPE_AABB, v.ok = col_aabb_from_points(p, n, &v.vol.u.aabb); break;
    case 1:
        v.vol.kind = COL_SHAPE_SPHERE, v.ok = col_sphere_from_points(p, n, COL_SPHERE_AABB_CENTRE, &v.vol.u.sphere);
        break;
    case 2:
        v.vol.kind = COL_SHAPE_SPHERE, v.ok = col_sphere_from_points(p, n, COL_SPHERE_RITTER, &v.vol.u.sphere);
        break;
    case 3:
        v.vol.kind = COL_SHAPE_SPHERE, v.ok = col_sphere_from_points(p, n, COL_SPHERE_MINIMUM, &v.vol.u.sphere);
        break;
    case 4: v.vol.kind = COL_SHAPE_OBB, v.ok = col_obb_from_points(p, n, COL_OBB_PCA, &v.vol.u.obb); break;
    case 5: v.kdop = true, v.ok = col_kdop_from_points(p, n, 14, &v.d); break;
    default: v.kdop = true, v.ok = col_kdop_from_points(p, n, 26, &v.d); break;
    }
    return v;
}

/* The volume holds a sample of 64 of the points (untimed). */
static bool holds(const built *v, const col_vec3 *p, size_t n) {
    bool ok = v->ok;
    for (size_t i = 0; ok && i < n; i += 1 + n / 64) {
        if (v->kdop) {
            ok = col_kdop_contains_point(&v->d, p[i]);
        } else {
            col_shape q = {.kind = COL_SHAPE_POINT};
            q.u.point.p = p[i];
            ok = col_overlap(&q, &v->vol);
        }
    }
    return ok;
}

int bench_volumes_run(size_t max_n, int reps) {
    static const size_t sizes[] = {1000, 100000, 1000000};
    printf("bounding volumes from n points (uniform in a turned 6 x 2 x 1 box): ns per point, the median of %d\n",
           reps);
    printf("%-26s", "construction");
    for (int si = 0; si < 3; ++si)
        if (sizes[si] <= max_n) printf(" %12zu", sizes[si]);
    printf("\n");
    double row[BUILDS][3] = {{0}};
    int failures = 0;
    for (int si = 0; si < 3 && sizes[si] <= max_n; ++si) {
        size_t n = sizes[si];
        col_vec3 *p = malloc(n * sizeof *p);
        if (!p) return 1;
        state = 0x766f6c756d6573ULL + n; /* "volumes" */
        const double c = cos(0.4), s = sin(0.4);
        for (size_t i = 0; i < n; ++i) {
            double x = urand() * 6 - 3, y = urand() * 2 - 1, z = urand() - 0.5;
            p[i] = col_v3((col_real)(c * x - s * y), (col_real)(s * x + c * y), (col_real)z);
        }
        /* the repetitions take turns over the constructions (this VM's speed drifts) */
        double t[BUILDS][64];
        for (int r = 0; r < reps && r < 64; ++r)
            for (int b = 0; b < BUILDS; ++b) {
                double t0 = bench_now_ns();
                built v = build(b, p, n);
                t[b][r] = (bench_now_ns() - t0) / (double)n;
                failures += !holds(&v, p, n);
            }
        for (int b = 0; b < BUILDS; ++b) {
            qsort(t[b], (size_t)(reps < 64 ? reps : 64), sizeof(double), bench_cmp_double);
            row[b][si] = t[b][(reps < 64 ? reps : 64) / 2];
        }
        free(p);
    }
    for (int b = 0; b < BUILDS; ++b) {
        printf("%-26s", names[b]);
        for (int si = 0; si < 3 && sizes[si] <= max_n; ++si) printf(" %12.2f", row[b][si]);
        printf("\n");
    }
    if (failures) printf("  %d construction(s) failed or missed a point: a defect\n", failures);
    return failures ? 1 : 0;
}
