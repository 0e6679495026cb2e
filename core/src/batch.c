/*
 * col_overlap_many (collide/shape.h): the batch form of col_overlap, with
 * inline loops for the pairs of spheres and AABBs and, for shapes known
 * valid, OBBs; every other pair through col_overlap on shapes built once.
 * Answers are col_overlap's bit for bit (tests/test_dispatch.cc).
 */
#include <string.h>

#include "box.h"
#include "pairs.h"

static inline bool sphere_aabb_k(const col_sphere *s, const col_aabb *b) { return col__overlap_aabb_sphere_k(b, s); }
static inline bool sphere_aabb_u(const col_sphere *s, const col_aabb *b) { return col__overlap_aabb_sphere_u(b, s); }

/* OBB-OBB's SAT without validation, ordered as col_overlap orders the pair
 * (col__shape_order: the test is not symmetric bit for bit). */
static inline bool obb_obb_u(const col_obb *a, const col_obb *b) {
    bool swap = col__order_reals((const col_real *)(const void *)a, (const col_real *)(const void *)b,
                                 sizeof(col_obb) / sizeof(col_real)) > 0;
    return swap ? col__overlap_obb_obb_u(b, a) : col__overlap_obb_obb_u(a, b);
}

/* The pairs with inline kernels: X(kind of a, kind of b, struct of a, struct
 * of b, kernel with validation, kernel for valid shapes). OBB-OBB has no
 * checked kernel here (col_overlap's checks); its row is for valid shapes. */
#define COL__INLINE_PAIRS(X)                                                                                           \
    X(COL_SHAPE_SPHERE, COL_SHAPE_SPHERE, col_sphere, col_sphere, col__overlap_sphere_sphere_k,                        \
      col__overlap_sphere_sphere_u)                                                                                    \
    X(COL_SHAPE_AABB, COL_SHAPE_AABB, col_aabb, col_aabb, col__overlap_aabb_aabb_k, col__overlap_aabb_aabb_u)          \
    X(COL_SHAPE_AABB, COL_SHAPE_SPHERE, col_aabb, col_sphere, col__overlap_aabb_sphere_k, col__overlap_aabb_sphere_u)  \
    X(COL_SHAPE_SPHERE, COL_SHAPE_AABB, col_sphere, col_aabb, sphere_aabb_k, sphere_aabb_u)

/* The batch loops: pair i is a[i] against b[i * step] (step 0: b_single). */
#define COL__BATCH_LOOP(TA, TB, KERNEL)                                                                                \
    do {                                                                                                               \
        const TA *pa = (const TA *)a;                                                                                  \
        const TB *pb = (const TB *)b;                                                                                  \
        for (size_t i = 0; i < count; ++i) {                                                                           \
            bool h = KERNEL(&pa[i], &pb[i * step]);                                                                    \
            hits += h;                                                                                                 \
            if (out) out[i] = (unsigned char)h;                                                                        \
        }                                                                                                              \
    } while (0)

static size_t overlap_many(col_shape_kind ka, const void *a, col_shape_kind kb, const void *b, bool b_single,
                           size_t count, unsigned char *out, bool checked) {
    size_t hits = 0, step = b_single ? 0 : 1;
    if (count == 0) return 0;
    if (!a || !b) {
        if (out) memset(out, 0, count);
        return 0;
    }
    /* the inline pairs are supported by their kinds; the rest asks */
#define COL__BATCH_PAIR(KA, KB, TA, TB, CHECKED, UNCHECKED)                                                            \
    if (ka == KA && kb == KB) {                                                                                        \
        if (checked)                                                                                                   \
            COL__BATCH_LOOP(TA, TB, CHECKED);                                                                          \
        else                                                                                                           \
            COL__BATCH_LOOP(TA, TB, UNCHECKED);                                                                        \
        return hits;                                                                                                   \
    }
    COL__INLINE_PAIRS(COL__BATCH_PAIR)
#undef COL__BATCH_PAIR
    if (!checked && ka == COL_SHAPE_OBB && kb == COL_SHAPE_OBB) {
        COL__BATCH_LOOP(col_obb, col_obb, obb_obb_u);
    } else if (!col_overlap_supported(ka, kb)) {
        if (out) memset(out, 0, count);
    } else {
        /* every other pair through col_overlap, on col_shapes built once */
        size_t sa = col_shape_kind_size(ka), sb = col_shape_kind_size(kb);
        col_shape x, y;
        memset(&x, 0, sizeof x);
        memset(&y, 0, sizeof y);
        x.kind = ka;
        y.kind = kb;
        for (size_t i = 0; i < count; ++i) {
            memcpy(&x.u, (const char *)a + i * sa, sa);
            memcpy(&y.u, (const char *)b + i * step * sb, sb);
            bool h = col_overlap(&x, &y);
            hits += h;
            if (out) out[i] = (unsigned char)h;
        }
    }
    return hits;
}

size_t col_overlap_many(col_shape_kind ka, const void *a, col_shape_kind kb, const void *b, bool b_single, size_t count,
                        unsigned char *out) {
    return overlap_many(ka, a, kb, b, b_single, count, out, true);
}

size_t col_overlap_many_unchecked(col_shape_kind ka, const void *a, col_shape_kind kb, const void *b, bool b_single,
                                  size_t count, unsigned char *out) {
    return overlap_many(ka, a, kb, b, b_single, count, out, false);
}

bool col_overlap_unchecked(col_shape_kind ka, const void *a, col_shape_kind kb, const void *b) {
    /* the inline pairs' kernels called directly (one pair: no loop to set up) */
    if (!a || !b) return false;
#define COL__ONE_PAIR(KA, KB, TA, TB, CHECKED, UNCHECKED)                                                              \
    if (ka == KA && kb == KB) return UNCHECKED((const TA *)a, (const TB *)b);
    COL__INLINE_PAIRS(COL__ONE_PAIR)
#undef COL__ONE_PAIR
    if (ka == COL_SHAPE_OBB && kb == COL_SHAPE_OBB) return obb_obb_u(a, b);
    return overlap_many(ka, a, kb, b, true, 1, NULL, false) == 1;
}
