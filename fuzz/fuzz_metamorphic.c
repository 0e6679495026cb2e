/*
 * libFuzzer harness: metamorphic properties on the exact grid (double only).
 *
 *   - Scaling both shapes (and the motions) by a power of two, 2^-16..2^16,
 *     is exact in floating point, and every query is scale-free (tolerances
 *     are relative): overlap, distance status, the penetration status and
 *     the sweep's status and times must be identical, distances and depths
 *     scaled by exactly the factor.
 *   - Translating both shapes by a large offset (up to 2^36, still exact on
 *     the grid): the overlap answer of the exact tests is identical; distances
 *     agree to a few ulps of the offset (the closed forms round their points
 *     at the offset's magnitude), plus GJK's band for curved shapes.
 *   - Argument order: covered bit for bit by the other harnesses.
 */
#include "bands.h"

static void check_scaling(const col_shape *a, const col_shape *b, col_vec3 da, col_vec3 db, int pow2) {
    col_real k = (col_real)ldexp(1.0, pow2);
    col_shape sa = fz_scaled(a, pow2), sb = fz_scaled(b, pow2);
    if (col_overlap_supported(a->kind, b->kind)) fz_count("overlap", col_overlap(a, b));
    if (col_overlap_supported(a->kind, b->kind))
        FZ_CHECK(col_overlap(&sa, &sb) == col_overlap(a, b), "overlap is invariant under exact scaling", a, b);
    if (!col_distance_supported(a->kind, b->kind)) return;
    col_distance_result d = col_distance(a, b), e = col_distance(&sa, &sb);
    FZ_CHECK(d.status == e.status, "distance status is invariant under exact scaling", a, b);
    FZ_CHECK(e.distance == d.distance * k, "distance scales exactly with the shapes", a, b);
    col_penetration_result p = col_penetration(a, b), q = col_penetration(&sa, &sb);
    FZ_CHECK(p.status == q.status && q.depth == p.depth * k, "penetration depth scales exactly", a, b);
    col_sweep_hit h = col_sweep(a, da, b, db), g = col_sweep(&sa, col_v3_scale(da, k), &sb, col_v3_scale(db, k));
    FZ_CHECK(h.status == g.status && (h.status != COL_HIT || (h.t0 == g.t0 && h.t1 == g.t1)),
             "sweep times are invariant under exact scaling", a, b);
}

static void check_translation(const col_shape *a, const col_shape *b, col_vec3 off) {
    col_shape ta = fz_translated(a, off, NULL), tb = fz_translated(b, off, NULL);
    bool exact = col_overlap_is_exact(a->kind, b->kind);
    if (exact) FZ_CHECK(col_overlap(&ta, &tb) == col_overlap(a, b), "exact overlap is invariant far away", a, b);
    if (!col_distance_supported(a->kind, b->kind)) return;
    col_distance_result d = col_distance(a, b), e = col_distance(&ta, &tb);
    double mag = fmax(fabs((double)off.x), fmax(fabs((double)off.y), fabs((double)off.z)));
    double tol = 64 * (double)COL_EPSILON * (mag + fz_size(a, b)) + fz_band_distance(a, b);
    if (fabs((double)d.distance - (double)e.distance) > tol) {
        fprintf(stderr, "  distance %a here, %a at the offset %g (tolerance %g)\n", (double)d.distance,
                (double)e.distance, mag, tol);
        FZ_CHECK(false, "the distance is the same far from the origin", a, b);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (sizeof(col_real) != sizeof(double)) return 0; /* the grid is exact in double only */
    fz_input in = {data, size, 0};
    col_shape a = fz_shape(&in, 1), b = fz_shape(&in, 1);
    col_vec3 da = fz_vec3(&in, 1);
    col_vec3 db = fz_vec3(&in, 1);
    int e = (int)(fz_u8(&in) % 33) - 16;
    int sx = (int)(fz_u8(&in) % 9) - 4;
    int sy = (int)(fz_u8(&in) % 9) - 4;
    int sz = (int)(fz_u8(&in) % 9) - 4;
    int p = 16 + (int)(fz_u8(&in) % 21); /* 2^16 .. 2^36 */
    col_vec3 off = col_v3((col_real)ldexp(sx, p), (col_real)ldexp(sy, p), (col_real)ldexp(sz, p));
    check_scaling(&a, &b, da, db, e);
    check_translation(&a, &b, off);
    return 0;
}

/* The case as a Lua scenario (fuzz/repro). */
void fz_repro(const uint8_t *data, size_t size);
void fz_repro(const uint8_t *data, size_t size) {
    fz_input in = {data, size, 0};
    col_shape a = fz_shape(&in, 1), b = fz_shape(&in, 1);
    printf("-- fuzz_metamorphic case: the pair (scale and offset are in the input's tail)\n");
    printf("local collide = require \"collide\"\n");
    fz_lua_shape(stdout, "a", &a);
    fz_lua_shape(stdout, "b", &b);
    printf("print(\"overlap(a, b)\", pcall(collide.overlap, a, b))\n");
    printf("print(\"distance(a, b)\", pcall(collide.distance, a, b))\n");
}
