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

enum { BUILDS = 9 };
static const char *const names[BUILDS] = {
    "AABB",   "sphere, AABB centre",     "sphere, Ritter",          "sphere, minimum (Welzl)", "OBB by PCA", "14-DOP",
    "26-DOP", "convex hull (quickhull)", "OBB, least over the hull"};

/* The volume one construction built: a shape, or a k-DOP. */
typedef struct built {
    bool ok, kdop;
    col_shape vol;
    col_kdop d;
    col_hull h; /* the hull's (vol its polytope); freed after the check */
} built;

/* Construction b over the points (the timed part). */
static built build(int b, const col_vec3 *p, size_t n) {
    built v = {false, false, {.kind = COL_SHAPE_POINT}, {0}, {0}};
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
    case 6: v.kdop = true, v.ok = col_kdop_from_points(p, n, 26, &v.d); break;
    case 8: v.vol.kind = COL_SHAPE_OBB, v.ok = col_obb_from_points(p, n, COL_OBB_MINIMUM, &v.vol.u.obb); break;
    default:
        v.ok = col_hull_build(p, n, &v.h);
        v.vol.kind = COL_SHAPE_POLYTOPE, v.vol.u.polytope = col_hull_polytope(&v.h);
        break;
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
                col_hull_free(&v.h);
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

/* Pairs of hulls of 24 random points each in unit cubes whose centres lie
 * within 1.6 of each other (about a third overlap): col_hull_sat beside GJK's
 * distance and EPA's depth on the hulls' vertices, ns per pair (the hulls
 * built once, untimed), and how often SAT's sign agrees with GJK's. */
int bench_hull_sat_run(int reps) {
    enum { PAIRS = 2000, POINTS = 24 };
    col_hull *ha = calloc(PAIRS, sizeof *ha), *hb = calloc(PAIRS, sizeof *hb);
    if (!ha || !hb) return 1;
    state = 0x73617473617473ULL; /* "satsats" */
    int failures = 0;
    for (int i = 0; i < PAIRS; ++i) {
        col_vec3 pa[POINTS], pb[POINTS],
            off = col_v3((col_real)(urand() * 3.2 - 1.6), (col_real)(urand() * 3.2 - 1.6),
                         (col_real)(urand() * 3.2 - 1.6));
        for (int k = 0; k < POINTS; ++k) {
            pa[k] = col_v3((col_real)(urand() * 2 - 1), (col_real)(urand() * 2 - 1), (col_real)(urand() * 2 - 1));
            pb[k] = col_v3_add(
                off, col_v3((col_real)(urand() * 2 - 1), (col_real)(urand() * 2 - 1), (col_real)(urand() * 2 - 1)));
        }
        failures += !col_hull_build(pa, POINTS, &ha[i]) || !col_hull_build(pb, POINTS, &hb[i]);
    }
    static const char *const rows[3] = {"col_hull_sat (faces, Gauss-map edge pairs)",
                                        "col_gjk_distance on the hulls' vertices", "col_epa_penetration on them"};
    double t[3][64];
    int agree = 0, apart = 0;
    volatile double sink = 0;
    for (int r = 0; r < reps && r < 64; ++r)
        for (int q = 0; q < 3; ++q) {
            double t0 = bench_now_ns();
            for (int i = 0; i < PAIRS; ++i) {
                col_shape a = {.kind = COL_SHAPE_POLYTOPE}, b = {.kind = COL_SHAPE_POLYTOPE};
                a.u.polytope = col_hull_polytope(&ha[i]);
                b.u.polytope = col_hull_polytope(&hb[i]);
                if (q == 0) {
                    col_hull_sat_result s;
                    failures += !col_hull_sat(&ha[i], &hb[i], &s);
                    sink += (double)s.separation;
                } else if (q == 1) {
                    sink += (double)col_gjk_distance(&a, &b).distance;
                } else {
                    sink += (double)col_epa_penetration(&a, &b).depth;
                }
            }
            t[q][r] = (bench_now_ns() - t0) / PAIRS;
        }
    for (int i = 0; i < PAIRS; ++i) { /* untimed: the sign against GJK's */
        col_shape a = {.kind = COL_SHAPE_POLYTOPE}, b = {.kind = COL_SHAPE_POLYTOPE};
        a.u.polytope = col_hull_polytope(&ha[i]);
        b.u.polytope = col_hull_polytope(&hb[i]);
        col_hull_sat_result s;
        (void)col_hull_sat(&ha[i], &hb[i], &s);
        bool gap = col_gjk_distance(&a, &b).distance > 0;
        apart += gap;
        agree += gap == (s.separation > 0);
    }
    printf("\nhull against hull: %d pairs of hulls of %d random points (%d apart), ns per pair, the median of %d\n",
           PAIRS, POINTS, apart, reps);
    for (int q = 0; q < 3; ++q) {
        qsort(t[q], (size_t)(reps < 64 ? reps : 64), sizeof(double), bench_cmp_double);
        printf("  %-46s %10.1f\n", rows[q], t[q][(reps < 64 ? reps : 64) / 2]);
    }
    printf("  SAT's sign agrees with GJK's on %d of %d pairs\n", agree, PAIRS);
    failures += agree != PAIRS;
    for (int i = 0; i < PAIRS; ++i) {
        col_hull_free(&ha[i]);
        col_hull_free(&hb[i]);
    }
    free(ha);
    free(hb);
    (void)sink;
    if (failures) printf("  %d hull build(s), test(s) or sign(s) failed: a defect\n", failures);
    return failures ? 1 : 0;
}

/* The queries on volumes, on 4096 random pairs in a box of side 8 (about
 * half of them meet), each the median of `reps` passes: ns per call. */
int bench_volume_queries_run(int reps) {
    enum { PAIRS = 4096, ROWS = 12 };
    state = 0x766f6c756d6573ULL; /* "volumes" */
    col_kdop *k14 = calloc(2 * PAIRS, sizeof *k14), *k26 = calloc(2 * PAIRS, sizeof *k26);
    col_shape *caps = calloc(PAIRS, sizeof *caps), *boxes = calloc(PAIRS, sizeof *boxes),
              *obbs = calloc(PAIRS, sizeof *obbs), *balls = calloc(PAIRS, sizeof *balls);
    col_vec3 *pts = calloc(PAIRS, sizeof *pts);
    col_ray *rays = calloc(PAIRS, sizeof *rays);
    if (!k14 || !k26 || !caps || !boxes || !obbs || !balls || !pts || !rays) return 1;
    int failures = 0;
    for (int i = 0; i < PAIRS; ++i) {
        col_vec3 c = col_v3((col_real)(urand() * 8), (col_real)(urand() * 8), (col_real)(urand() * 8));
        col_vec3 d = col_v3((col_real)(urand() * 2 - 1), (col_real)(urand() * 2 - 1), (col_real)(urand() * 2 - 1));
        caps[i].kind = COL_SHAPE_CAPSULE;
        caps[i].u.capsule = (col_capsule){col_v3_sub(c, d), col_v3_add(c, d), (col_real)(0.1 + 0.3 * urand())};
        col_vec3 e = col_v3((col_real)(1 + urand()), (col_real)(1 + urand()), (col_real)(1 + urand()));
        col_vec3 bc = col_v3((col_real)(urand() * 8), (col_real)(urand() * 8), (col_real)(urand() * 8));
        boxes[i].kind = COL_SHAPE_AABB;
        boxes[i].u.aabb = (col_aabb){col_v3_sub(bc, e), col_v3_add(bc, e)};
        obbs[i].kind = COL_SHAPE_OBB;
        col_mat3 m = col_m3_from_quat((col_quat){(col_real)urand(), (col_real)urand(), (col_real)urand(), 1});
        obbs[i].u.obb = (col_obb){bc, {m.c0, m.c1, m.c2}, e};
        balls[i].kind = COL_SHAPE_SPHERE;
        balls[i].u.sphere = (col_sphere){bc, (col_real)(1.5 + urand())};
        pts[i] = col_v3((col_real)(urand() * 8), (col_real)(urand() * 8), (col_real)(urand() * 8));
        failures += !col_kdop_of_shape(&caps[i], 14, &k14[i]) || !col_kdop_of_shape(&boxes[i], 14, &k14[PAIRS + i]);
        failures += !col_kdop_of_shape(&caps[i], 26, &k26[i]) || !col_kdop_of_shape(&boxes[i], 26, &k26[PAIRS + i]);
        rays[i] = (col_ray){col_v3(-2, (col_real)(urand() * 8), (col_real)(urand() * 8)),
                            col_v3(12, (col_real)(urand() * 4 - 2), (col_real)(urand() * 4 - 2)), 1};
    }
    static const char *const rows[ROWS] = {"col_kdop_of_shape (capsule, k = 14)",
                                           "col_kdop_of_shape (capsule, k = 26)",
                                           "col_kdop_contains_point (k = 14)",
                                           "col_kdop_overlap (k = 14)",
                                           "col_kdop_overlap (k = 26)",
                                           "col_kdop_overlap_aabb (k = 14)",
                                           "col_raycast_kdop (k = 14)",
                                           "col_kdop_contains_shape (capsule, k = 14)",
                                           "col_volume_contains (AABB, capsule)",
                                           "col_volume_contains (OBB, capsule)",
                                           "col_volume_contains (sphere, capsule)",
                                           "col_overlap (AABB, capsule), for scale"};
    double t[ROWS][64];
    long yes[ROWS] = {0};
    volatile double sink = 0;
    int passes = reps < 1 ? 1 : (reps < 64 ? reps : 64);
    for (int r = 0; r < passes; ++r)
        for (int q = 0; q < ROWS; ++q) {
            long y = 0;
            double t0 = bench_now_ns();
            for (int i = 0; i < PAIRS; ++i) {
                int j = (i * 7 + 3) % PAIRS;
                col_kdop tmp;
                switch (q) {
                case 0: y += col_kdop_of_shape(&caps[i], 14, &tmp), sink += (double)tmp.max[3]; break;
                case 1: y += col_kdop_of_shape(&caps[i], 26, &tmp), sink += (double)tmp.max[12]; break;
                case 2: y += col_kdop_contains_point(&k14[PAIRS + i], pts[j]); break;
                case 3: y += col_kdop_overlap(&k14[i], &k14[PAIRS + j]); break;
                case 4: y += col_kdop_overlap(&k26[i], &k26[PAIRS + j]); break;
                case 5: y += col_kdop_overlap_aabb(&k14[i], &boxes[j].u.aabb); break;
                case 6: y += col_raycast_kdop(&rays[i], &k14[PAIRS + j]).status == COL_HIT; break;
                case 7: y += col_kdop_contains_shape(&k14[PAIRS + j], &caps[i]); break;
                case 8: y += col_volume_contains(&boxes[j], &caps[i]); break;
                case 9: y += col_volume_contains(&obbs[j], &caps[i]); break;
                case 10: y += col_volume_contains(&balls[j], &caps[i]); break;
                default: y += col_overlap(&boxes[j], &caps[i]); break;
                }
            }
            t[q][r] = (bench_now_ns() - t0) / PAIRS;
            yes[q] = y;
        }
    printf("\nqueries on volumes: %d random pairs in a box of side 8, ns per call (the median of %d), and the "
           "share of yes\n",
           PAIRS, passes);
    for (int q = 0; q < ROWS; ++q) {
        qsort(t[q], (size_t)passes, sizeof(double), bench_cmp_double);
        printf("  %-46s %10.1f   %5.1f%%\n", rows[q], t[q][passes / 2], 100.0 * (double)yes[q] / PAIRS);
    }
    (void)sink;
    free(k14);
    free(k26);
    free(caps);
    free(boxes);
    free(obbs);
    free(balls);
    free(pts);
    free(rays);
    if (failures) printf("  %d k-DOP(s) of a shape failed: a defect\n", failures);
    return failures ? 1 : 0;
}
