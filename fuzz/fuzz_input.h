/*
 * Turning fuzzer bytes into bounded collide inputs.
 *
 * Two modes, chosen by the first byte:
 *   raw  - every number is 8 raw bytes reinterpreted as a double, so NaN, +-inf,
 *          +-0, denormals, huge values and exact ties all occur; shapes may be
 *          invalid on purpose.
 *   grid - every coordinate is k / 8 with |k| < 4096 and every shape is valid:
 *          radii and extents >= 0, min <= max, OBB axes a signed permutation
 *          (exactly orthonormal), plane normals along an axis. On this grid the
 *          queries' arithmetic is exact in double, so properties such as
 *          translation invariance must hold bit for bit.
 * Reads past the end of the input give zeros.
 */
#ifndef COLLIDE_FUZZ_INPUT_H
#define COLLIDE_FUZZ_INPUT_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide/collide.h"

typedef struct fz_input {
    const uint8_t *data;
    size_t size, pos;
} fz_input;

static inline uint8_t fz_u8(fz_input *in) { return in->pos < in->size ? in->data[in->pos++] : 0; }

static inline double fz_raw_double(fz_input *in) {
    uint8_t b[8] = {0};
    for (int i = 0; i < 8; ++i) b[i] = fz_u8(in);
    double d;
    memcpy(&d, b, sizeof d);
    return d;
}

/* A double as col_real without undefined behaviour: out-of-range values
 * become +-infinity in the float build instead of overflowing the cast. */
static inline col_real fz_to_real(double d) {
    if (sizeof(col_real) < sizeof(double) && !isnan(d) && fabs(d) > (double)COL_REAL_MAX)
        return d > 0 ? (col_real)INFINITY : (col_real)-INFINITY;
    return (col_real)d;
}

/* k / 8 with k in [-4096, 4095]. */
static inline col_real fz_grid(fz_input *in) {
    unsigned hi = fz_u8(in), lo = fz_u8(in);
    int k = (int)((hi << 8 | lo) % 8192u) - 4096;
    return (col_real)k / COL_R(8.0);
}

static inline col_real fz_real(fz_input *in, int grid) { return grid ? fz_grid(in) : fz_to_real(fz_raw_double(in)); }

/* Three reals read in order (x, then y, then z). Never write
 * col_v3(fz_real(in), fz_real(in), fz_real(in)): the order in which function
 * arguments are evaluated is unspecified, and gcc and clang differ. */
static inline col_vec3 fz_vec3(fz_input *in, int grid) {
    col_real x = fz_real(in, grid);
    col_real y = fz_real(in, grid);
    col_real z = fz_real(in, grid);
    return col_v3(x, y, z);
}

/* x moved by |steps| ulps of double on axis k (0, 1, else 2), up for
 * steps > 0 (the boundary checks run in double only). */
static inline col_vec3 fz_ulps_on_axis(col_vec3 x, int k, int steps) {
    col_real *c = k == 0 ? &x.x : k == 1 ? &x.y : &x.z;
    for (int i = 0; i < (steps < 0 ? -steps : steps); ++i)
        *c = (col_real)nextafter((double)*c, steps < 0 ? -INFINITY : INFINITY);
    return x;
}

/* The kinds fz_shape decodes, in the order of the byte that selects them.
 * Fixed, so saved inputs keep their meaning when kinds are added to the core
 * (a polytope borrows its points and is decoded by the harnesses that need it). */
static const col_shape_kind fz_kinds[] = {COL_SHAPE_POINT,     COL_SHAPE_SEGMENT, COL_SHAPE_TRIANGLE, COL_SHAPE_PLANE,
                                          COL_SHAPE_SPHERE,    COL_SHAPE_CAPSULE, COL_SHAPE_AABB,     COL_SHAPE_OBB,
                                          COL_SHAPE_ELLIPSOID, COL_SHAPE_CIRCLE,  COL_SHAPE_RECT};
#define FZ_KIND_COUNT ((int)(sizeof fz_kinds / sizeof fz_kinds[0]))

/* Number of col_real fields of a kind (every shape struct but the polytope
 * is a run of reals). */
static inline int fz_real_count(col_shape_kind kind) {
    switch (kind) {
    case COL_SHAPE_POINT: return 3;
    case COL_SHAPE_SEGMENT: return 6;
    case COL_SHAPE_TRIANGLE: return 9;
    case COL_SHAPE_PLANE: return 4;
    case COL_SHAPE_SPHERE: return 4;
    case COL_SHAPE_CAPSULE: return 7;
    case COL_SHAPE_AABB: return 6;
    case COL_SHAPE_OBB: return 15;
    case COL_SHAPE_ELLIPSOID: return 6;
    case COL_SHAPE_CIRCLE: return 3;
    case COL_SHAPE_RECT: return 4;
    default: return 0;
    }
}

static inline col_real *fz_reals(col_shape *s) { return (col_real *)(void *)&s->u; }

/* A signed permutation matrix, one of 48, as OBB axes. */
static inline col_mat3 fz_signed_permutation(uint8_t code) {
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    const int *p = perms[(code >> 3) % 6];
    col_vec3 axes[3];
    for (int i = 0; i < 3; ++i) {
        col_real v[3] = {0, 0, 0};
        v[p[i]] = (code >> i) & 1 ? COL_R(-1.0) : COL_R(1.0);
        axes[i] = col_v3(v[0], v[1], v[2]);
    }
    return col_m3_cols(axes[0], axes[1], axes[2]);
}

static inline void fz_sort(col_real *lo, col_real *hi) {
    if (*lo > *hi) {
        col_real t = *lo;
        *lo = *hi;
        *hi = t;
    }
}

/* Reads one shape; in grid mode it is made valid as described above. */
static inline col_shape fz_shape(fz_input *in, int grid) {
    col_shape s;
    memset(&s, 0, sizeof s);
    s.kind = fz_kinds[fz_u8(in) % FZ_KIND_COUNT];
    col_real *r = fz_reals(&s);
    for (int i = 0; i < fz_real_count(s.kind); ++i) r[i] = fz_real(in, grid);
    if (!grid) return s;
    switch (s.kind) {
    case COL_SHAPE_PLANE: {
        uint8_t axis = fz_u8(in);
        col_real n[3] = {0, 0, 0};
        n[axis % 3] = (axis & 4) ? COL_R(-1.0) : COL_R(1.0);
        s.u.plane.n = col_v3(n[0], n[1], n[2]);
        break;
    }
    case COL_SHAPE_SPHERE: s.u.sphere.r = col_abs(s.u.sphere.r); break;
    case COL_SHAPE_CAPSULE: s.u.capsule.r = col_abs(s.u.capsule.r); break;
    case COL_SHAPE_AABB:
        fz_sort(&s.u.aabb.min.x, &s.u.aabb.max.x);
        fz_sort(&s.u.aabb.min.y, &s.u.aabb.max.y);
        fz_sort(&s.u.aabb.min.z, &s.u.aabb.max.z);
        break;
    case COL_SHAPE_OBB: {
        col_mat3 m = fz_signed_permutation(fz_u8(in));
        s.u.obb.u[0] = m.c0;
        s.u.obb.u[1] = m.c1;
        s.u.obb.u[2] = m.c2;
        s.u.obb.e = col_v3_abs(s.u.obb.e);
        break;
    }
    case COL_SHAPE_ELLIPSOID: s.u.ellipsoid.r = col_v3_abs(s.u.ellipsoid.r); break;
    case COL_SHAPE_CIRCLE: s.u.circle.r = col_abs(s.u.circle.r); break;
    case COL_SHAPE_RECT:
        fz_sort(&s.u.rect.min.x, &s.u.rect.max.x);
        fz_sort(&s.u.rect.min.y, &s.u.rect.max.y);
        break;
    default: break;
    }
    return s;
}

/* The shape moved by t (a plane shifts its offset; 2D shapes move by t.x, t.y).
 * A polytope's points are copied, moved, into store (room for its count;
 * may be NULL for other kinds). */
static inline col_shape fz_translated(const col_shape *src, col_vec3 t, col_vec3 *store) {
    col_shape s = *src;
    col_real *r = fz_reals(&s);
    switch (s.kind) {
    case COL_SHAPE_PLANE: s.u.plane.d += col_v3_dot(s.u.plane.n, t); return s;
    case COL_SHAPE_OBB: s.u.obb.c = col_v3_add(s.u.obb.c, t); return s;
    case COL_SHAPE_ELLIPSOID: s.u.ellipsoid.c = col_v3_add(s.u.ellipsoid.c, t); return s;
    case COL_SHAPE_SPHERE: s.u.sphere.c = col_v3_add(s.u.sphere.c, t); return s;
    case COL_SHAPE_CIRCLE: s.u.circle.c = col_v2_add(s.u.circle.c, col_v2(t.x, t.y)); return s;
    case COL_SHAPE_RECT:
        s.u.rect.min = col_v2_add(s.u.rect.min, col_v2(t.x, t.y));
        s.u.rect.max = col_v2_add(s.u.rect.max, col_v2(t.x, t.y));
        return s;
    case COL_SHAPE_POLYTOPE:
        for (int i = 0; store && i < s.u.polytope.count; ++i) store[i] = col_v3_add(s.u.polytope.points[i], t);
        if (store) s.u.polytope.points = store;
        return s;
    default: /* point, segment, triangle, capsule, aabb: runs of points (capsule's radius last) */
        for (int i = 0; i + 2 < fz_real_count(s.kind); i += 3) {
            r[i] += t.x;
            r[i + 1] += t.y;
            r[i + 2] += t.z;
        }
        return s;
    }
}

/* The shape scaled by 2^e (exact while nothing overflows or underflows):
 * every number but an OBB's axes and a plane's normal. Not for a polytope
 * (its points live elsewhere). */
static inline col_shape fz_scaled(const col_shape *src, int e) {
    col_shape t = *src;
    if (t.kind == COL_SHAPE_OBB) {
        t.u.obb.c =
            col_v3((col_real)ldexp(t.u.obb.c.x, e), (col_real)ldexp(t.u.obb.c.y, e), (col_real)ldexp(t.u.obb.c.z, e));
        t.u.obb.e =
            col_v3((col_real)ldexp(t.u.obb.e.x, e), (col_real)ldexp(t.u.obb.e.y, e), (col_real)ldexp(t.u.obb.e.z, e));
        return t;
    }
    if (t.kind == COL_SHAPE_PLANE) {
        t.u.plane.d = (col_real)ldexp(t.u.plane.d, e);
        return t;
    }
    col_real *r = fz_reals(&t);
    for (int i = 0; i < fz_real_count(t.kind); ++i) r[i] = (col_real)ldexp(r[i], e);
    return t;
}

/* Prints a shape with hex floats (exact) to stderr. */
static inline void fz_print_shape(const char *label, const col_shape *s) {
    fprintf(stderr, "  %s: %s {", label, col_shape_kind_name(s->kind));
    if (s->kind == COL_SHAPE_POLYTOPE) {
        for (int i = 0; s->u.polytope.points && i < s->u.polytope.count; ++i) {
            col_vec3 p = s->u.polytope.points[i];
            fprintf(stderr, "%s %a, %a, %a", i ? "," : "", (double)p.x, (double)p.y, (double)p.z);
        }
        fprintf(stderr, " }\n");
        return;
    }
    const col_real *r = (const col_real *)(const void *)&s->u;
    for (int i = 0; i < fz_real_count(s->kind); ++i) fprintf(stderr, "%s%a", i ? ", " : " ", (double)r[i]);
    fprintf(stderr, " }\n");
}

/* ---- hit rates: a harness reports how often its queries hit, so it
 * cannot drift into testing misses only (make fuzz checks the lines) ---- */

typedef struct fz_rate {
    const char *name;
    unsigned long long n, hits;
} fz_rate;

#define FZ_MAX_RATES 16
static fz_rate fz_rates[FZ_MAX_RATES];
static int fz_nrates;

static void fz_report_rates(void) {
    for (int i = 0; i < fz_nrates; ++i)
        if (fz_rates[i].n > 0)
            fprintf(stderr, "collide fuzz: hit rate %s %.1f%% of %llu\n", fz_rates[i].name,
                    100.0 * (double)fz_rates[i].hits / (double)fz_rates[i].n, fz_rates[i].n);
}

/* Counts one query of the named kind; the rates are printed at exit. */
static inline void fz_count(const char *name, bool hit) {
    int i = 0;
    while (i < fz_nrates && strcmp(fz_rates[i].name, name) != 0) ++i;
    if (i == fz_nrates) {
        if (fz_nrates == FZ_MAX_RATES) return;
        if (fz_nrates == 0) atexit(fz_report_rates);
        fz_rates[fz_nrates++].name = name;
    }
    ++fz_rates[i].n;
    if (hit) ++fz_rates[i].hits;
}

/* ---- repro: a decoded case as a Lua scenario (see fuzz/repro) ---- */

/* A number as an exact Lua literal (hex float; nan and infinities spelled out). */
static inline void fz_lua_number(FILE *f, double x) {
    if (isnan(x))
        fputs("(0/0)", f);
    else if (isinf(x))
        fputs(x > 0 ? "math.huge" : "-math.huge", f);
    else
        fprintf(f, "%a", x);
}

static inline void fz_lua_numbers(FILE *f, const col_real *v, int n) {
    for (int i = 0; i < n; ++i) {
        if (i) fputs(", ", f);
        fz_lua_number(f, (double)v[i]);
    }
}

/* `local name = <constructor>`, under pcall: a shape the Lua layer refuses
 * (non-finite, beyond collide.huge, non-orthonormal axes) ends the scenario
 * with the reason. */
static inline void fz_lua_shape(FILE *f, const char *name, const col_shape *s) {
    static const char *const ctor[] = {"point", "segment", "triangle",  "plane",  "sphere", "capsule",
                                       "aabb",  "obb",     "ellipsoid", "convex", "circle", "rect"};
    fprintf(f, "local ok_%s, %s = pcall(collide.%s, ", name, name,
            (int)s->kind < (int)(sizeof ctor / sizeof ctor[0]) ? ctor[s->kind] : "point");
    const col_real *r = (const col_real *)(const void *)&s->u;
    if (s->kind == COL_SHAPE_POLYTOPE) {
        fputs("{ ", f);
        for (int i = 0; s->u.polytope.points && i < s->u.polytope.count; ++i) {
            col_vec3 p = s->u.polytope.points[i];
            const col_real v[3] = {p.x, p.y, p.z};
            if (i) fputs(", ", f);
            fz_lua_numbers(f, v, 3);
        }
        fputs(" }", f);
    } else if (s->kind == COL_SHAPE_OBB) {
        const col_obb *b = &s->u.obb; /* constructor order: c, e, axes */
        const col_real v[15] = {b->c.x,    b->c.y,    b->c.z,    b->e.x,    b->e.y,    b->e.z,    b->u[0].x, b->u[0].y,
                                b->u[0].z, b->u[1].x, b->u[1].y, b->u[1].z, b->u[2].x, b->u[2].y, b->u[2].z};
        fz_lua_numbers(f, v, 15);
    } else {
        fz_lua_numbers(f, r, fz_real_count(s->kind));
    }
    fprintf(f, ")\nif not ok_%s then print(\"%s is refused by the Lua layer: \" .. %s) return end\n", name, name, name);
    fprintf(f, "print(\"%s\", %s)\n", name, name);
}

static inline void fz_lua_vec3(FILE *f, const char *name, col_vec3 v) {
    const col_real r[3] = {v.x, v.y, v.z};
    fprintf(f, "local %s = { ", name);
    fz_lua_numbers(f, r, 3);
    fputs(" }\n", f);
}

/* Always-on check: prints the property, the case and aborts. */
#define FZ_CHECK(cond, msg, a, b)                                                                                      \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            fprintf(stderr, "collide fuzz: property violated: %s (%s:%d)\n", msg, __FILE__, __LINE__);                 \
            fz_print_shape("a", a);                                                                                    \
            fz_print_shape("b", b);                                                                                    \
            abort();                                                                                                   \
        }                                                                                                              \
    } while (0)

#endif
