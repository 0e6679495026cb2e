/*
 * Queries of the dynamic AABB tree (collide/tree.h): boxes, points, rays,
 * moving boxes and frustums. Each query walks the tree with an explicit
 * stack sized from the root's height (a depth-first walk holds at most one
 * pending node per level, plus the two just pushed), so no child is ever
 * dropped however deep the tree grows.
 */
#include <math.h>
#include <stdlib.h>

#include "box.h"
#include "geom.h"
#include "ray.h"
#include "tree_private.h"

#define LOCAL_STACK 128

typedef struct stack {
    int32_t local[LOCAL_STACK];
    int32_t *items;
    int32_t top;
} stack;

static bool stack_open(stack *s, const col_tree *t) {
    int32_t need = t->root == COL_TREE_NULL ? 1 : t->nodes[t->root].height + 2;
    s->top = 0;
    s->items = need <= LOCAL_STACK ? s->local : malloc((size_t)need * sizeof(int32_t));
    return s->items != NULL;
}

static void stack_close(stack *s) {
    if (s->items != s->local) free(s->items);
}

bool col_tree_query_aabb(const col_tree *t, const col_aabb *box, col_tree_query_fn *fn, void *ctx) {
    if (!col_aabb_is_valid(box)) return false;
    if (t->root == COL_TREE_NULL) return true;
    stack s;
    if (!stack_open(&s, t)) return false;
    const col_tree_node *nodes = t->nodes;
    /* every node on the stack overlaps the box: children are tested before
       they are pushed, so a missed child costs no push and no pop */
    if (col__aabb_overlap(&nodes[t->root].box, box)) s.items[s.top++] = t->root;
    while (s.top > 0) {
        int32_t i = s.items[--s.top];
        const col_tree_node *n = &nodes[i];
        if (n->height == 0) {
            if (!fn(ctx, i, n->user)) break;
            continue;
        }
        int32_t c0 = n->child[0], c1 = n->child[1];
        bool o0 = col__aabb_overlap(&nodes[c0].box, box), o1 = col__aabb_overlap(&nodes[c1].box, box);
        if (o1) s.items[s.top++] = c1;
        if (o0) s.items[s.top++] = c0;
    }
    stack_close(&s);
    return true;
}

bool col_tree_query_point(const col_tree *t, col_vec3 p, col_tree_query_fn *fn, void *ctx) {
    col_aabb b = {p, p};
    return col_tree_query_aabb(t, &b, fn, ctx);
}

/* ------------------------------ rays ------------------------------ */

/* A moving box [lo + t d, hi + t d] (a ray: lo = hi = origin), prepared for
 * conservative slab tests against node boxes [mn, mx]. On each axis the
 * times u = (mn - hi) / d and w = (mx - lo) / d are those of the box's near
 * and far faces in either order: moving forward (d > 0) u <= w, the entry
 * and the exit, moving back w <= u; both come out so ordered after
 * rounding too (mn - hi <= mx - lo, and rounding and the product by 1 / d
 * are monotone), so the entry is min(w, u) and the exit max(u, w) whatever
 * the sign, with no choice of faces per query. An axis without motion (d =
 * +-0) has 1 / d = +infinity: its times are -infinity or +infinity (no
 * constraint, or no overlap ever), or NaN where a face is exactly at the
 * mover's (touching); the operand order of min(w, u) and max(u, w) (the
 * second operand where either is NaN, as _mm_min_pd and _mm_max_pd) keeps
 * a NaN u as the entry and a NaN w as the exit, both of which the
 * comparisons ignore (a NaN entry with an infinite exit, or the other way
 * round, is a touch: kept), so the closed set is kept without a branch.
 * When 1 / d overflows for a non-zero d (|d| below 1 / COL_REAL_MAX), the
 * query divides instead (`divide`). */
typedef struct mover {
    col_real lo[3], hi[3], inv[3], d[3];
    bool divide;
#ifdef COL__SSE2
    /* the same numbers in lanes (x, y) and (z, unused) for mover_reaches_sse2 */
    __m128d lo_xy, lo_z, hi_xy, hi_z, inv_xy, inv_z;
#endif
} mover;

/* Each slab time is (a - b) * (1 / d) or (a - b) / d: at most three roundings,
 * a relative error below 3u / (1 - 3u) < 2 eps. Widening by 4 eps, plus the
 * smallest normal number for results in the subnormal range, keeps every
 * box the exact motion reaches: an entry time x becomes the lesser of x (1
 * - W) and x (1 + W) (W = 4 eps: 1 -+ W are exact, so each product is x -+
 * W |x| rounded once, as a subtraction of the exact W |x| would be, but for
 * underflow, which the smallest normal covers) less that normal, so x (1 -+
 * 4 eps) (1 + u) for x of either sign, within x_true (1 +- 2 eps): below
 * x_true by about 1.5 eps |x_true| at least; an exit time the greater, the
 * same way up. An infinite time stays infinite and a NaN one NaN (no
 * difference of infinities). */
#define SLAB_WIDEN (COL_R(4.0) * COL_EPSILON)
#define SLAB_TINY COL__REAL_MIN

static void mover_init(mover *m, col_vec3 lo, col_vec3 hi, col_vec3 d) {
    const col_real l[3] = {lo.x, lo.y, lo.z}, h[3] = {hi.x, hi.y, hi.z}, v[3] = {d.x, d.y, d.z};
    m->divide = false;
    for (int i = 0; i < 3; ++i) {
        m->d[i] = v[i];
        m->lo[i] = l[i];
        m->hi[i] = h[i];
        /* +infinity for +-0 (written out: the fuzz build traps division by zero) */
        m->inv[i] = v[i] != 0 ? COL_R(1.0) / v[i] : (col_real)HUGE_VAL;
        if (v[i] != 0 && !(col_abs(m->inv[i]) <= COL_REAL_MAX)) m->divide = true;
    }
#ifdef COL__SSE2
    m->lo_xy = _mm_set_pd(l[1], l[0]);
    m->lo_z = _mm_set_sd(l[2]);
    m->hi_xy = _mm_set_pd(h[1], h[0]);
    m->hi_z = _mm_set_sd(h[2]);
    m->inv_xy = _mm_set_pd(m->inv[1], m->inv[0]);
    m->inv_z = _mm_set_sd(m->inv[2]);
#endif
}

/* An entry time lowered and an exit time raised (SLAB_WIDEN) */
static inline col_real slab_lower(col_real a) {
    col_real x = a * (COL_R(1.0) - SLAB_WIDEN), y = a * (COL_R(1.0) + SLAB_WIDEN);
    return (x < y ? x : y) - SLAB_TINY;
}
static inline col_real slab_raise(col_real z) {
    col_real x = z * (COL_R(1.0) - SLAB_WIDEN), y = z * (COL_R(1.0) + SLAB_WIDEN);
    return (x > y ? x : y) + SLAB_TINY;
}

/* Whether the moving box reaches box b for some t in [0, max_t]; the
 * (lowered) entry time in *enter. Conservative: never false when the exact
 * motion reaches b. */
static inline bool mover_reaches_scalar(const mover *m, const col_aabb *b, col_real max_t, col_real *enter) {
    const col_real mn[3] = {b->min.x, b->min.y, b->min.z}, mx[3] = {b->max.x, b->max.y, b->max.z};
    col_real t0 = 0, t1 = max_t;
    for (int i = 0; i < 3; ++i) {
        col_real u, w;
        if (m->divide && m->d[i] != 0) {
            u = (mn[i] - m->hi[i]) / m->d[i];
            w = (mx[i] - m->lo[i]) / m->d[i];
        } else {
            u = (mn[i] - m->hi[i]) * m->inv[i];
            w = (mx[i] - m->lo[i]) * m->inv[i];
        }
        col_real a = slab_lower(w < u ? w : u), z = slab_raise(u > w ? u : w);
        t0 = a > t0 ? a : t0; /* NaN (touching with no motion) constrains nothing */
        t1 = z < t1 ? z : t1;
    }
    *enter = t0;
    return t0 <= t1;
}

#ifdef COL__SSE2
/* One pair of lanes of mover_reaches_scalar's axes: the entry times (a) and
 * exit times (z), widened, by the same operations (so the same bits). */
static COL__ALWAYS_INLINE void slab_lanes(__m128d mn, __m128d mx, __m128d lo, __m128d hi, __m128d inv, __m128d *a,
                                          __m128d *z) {
    __m128d u = _mm_mul_pd(_mm_sub_pd(mn, hi), inv), w = _mm_mul_pd(_mm_sub_pd(mx, lo), inv);
    __m128d ea = _mm_min_pd(w, u), ez = _mm_max_pd(u, w);
    const __m128d down = _mm_set1_pd(COL_R(1.0) - SLAB_WIDEN), up = _mm_set1_pd(COL_R(1.0) + SLAB_WIDEN),
                  tiny = _mm_set1_pd(SLAB_TINY);
    *a = _mm_sub_pd(_mm_min_pd(_mm_mul_pd(ea, down), _mm_mul_pd(ea, up)), tiny);
    *z = _mm_add_pd(_mm_max_pd(_mm_mul_pd(ez, down), _mm_mul_pd(ez, up)), tiny);
}

/* mover_reaches_scalar without division (m->divide false) in two lanes:
 * the same times, so the same answer and the same entry; maxima as the
 * scalar's (a > t0 ? a : t0: _mm_max_pd's rule, a NaN a keeps t0). */
static COL__ALWAYS_INLINE bool mover_reaches_sse2(const mover *m, const col_aabb *b, col_real max_t, col_real *enter) {
    const double *p = (const double *)(const void *)b; /* min.xyz, max.xyz (box.h: no padding) */
    __m128d mn_xy = _mm_loadu_pd(p), mx_xy = _mm_loadu_pd(p + 3), mn_z = _mm_load_sd(p + 2), mx_z = _mm_load_sd(p + 5);
    __m128d a_xy, z_xy, a_z, z_z;
    slab_lanes(mn_xy, mx_xy, m->lo_xy, m->hi_xy, m->inv_xy, &a_xy, &z_xy);
    slab_lanes(mn_z, mx_z, m->lo_z, m->hi_z, m->inv_z, &a_z, &z_z);
    /* x, then y, then z, as the scalar loop (lane 0 only for z) */
    __m128d t0 = _mm_max_sd(a_xy, _mm_setzero_pd()), t1 = _mm_min_sd(z_xy, _mm_set_sd(max_t));
    t0 = _mm_max_sd(_mm_unpackhi_pd(a_xy, a_xy), t0);
    t1 = _mm_min_sd(_mm_unpackhi_pd(z_xy, z_xy), t1);
    t0 = _mm_max_sd(a_z, t0);
    t1 = _mm_min_sd(z_z, t1);
    double e = _mm_cvtsd_f64(t0);
    *enter = e;
    return e <= _mm_cvtsd_f64(t1); /* neither is NaN: each began as a number and kept it */
}
#endif

static COL__ALWAYS_INLINE bool mover_reaches(const mover *m, const col_aabb *b, col_real max_t, col_real *enter) {
#ifdef COL__SSE2
    if (!m->divide) return mover_reaches_sse2(m, b, max_t, enter);
#endif
    return mover_reaches_scalar(m, b, max_t, enter);
}

typedef struct pending {
    int32_t node;
    col_real enter;
} pending;

/* The walk shared by rays and moving boxes: children in order of entry. */
static bool cast(const col_tree *t, const mover *m, col_ray ray, col_tree_ray_fn *fn, void *ctx) {
    if (t->root == COL_TREE_NULL) return true;
    int32_t need = t->nodes[t->root].height + 2;
    pending local[LOCAL_STACK];
    pending *st = need <= LOCAL_STACK ? local : malloc((size_t)need * sizeof(pending));
    if (!st) return false;
    const col_tree_node *nodes = t->nodes;
    int32_t top = 0;
    col_real enter;
    if (mover_reaches(m, &nodes[t->root].box, ray.max_t, &enter)) st[top++] = (pending){t->root, enter};
    while (top > 0) {
        pending p = st[--top];
        if (p.enter > ray.max_t) continue; /* clipped since it was pushed */
        const col_tree_node *n = &nodes[p.node];
        if (n->height == 0) {
            col_real r = fn(ctx, &ray, p.node, n->user);
            if (!(r >= 0)) break;
            if (r < ray.max_t) ray.max_t = r;
            continue;
        }
        col_real e1, e2;
        bool h1 = mover_reaches(m, &nodes[n->child[0]].box, ray.max_t, &e1);
        bool h2 = mover_reaches(m, &nodes[n->child[1]].box, ray.max_t, &e2);
        /* push the farther first, so the nearer is visited first */
        if (h1 && h2 && e2 < e1) {
            st[top++] = (pending){n->child[0], e1};
            st[top++] = (pending){n->child[1], e2};
        } else {
            if (h2) st[top++] = (pending){n->child[1], e2};
            if (h1) st[top++] = (pending){n->child[0], e1};
        }
    }
    if (st != local) free(st);
    return true;
}

/* A ray with an end counts as the segment to fl(origin + fl(max_t delta)),
 * as the exact casts take it (col_raycast: issue 16), and that end lies off
 * the exact ray's point at max_t by up to about u (|origin| + 2 max_t
 * |delta|) on each axis: beyond what the slab times' relative widening
 * covers where the ray crosses a slab at a small angle (a ray whose rounded
 * end lands on a box's face while the exact ray stops 1e-15 short of it).
 * So the ray is cast as a box around the origin grown by 4 eps of that
 * magnitude (twice the bound), plus the smallest normal number; not where
 * the end overflows (the casts then decide by their own arithmetic). */
static col_real ray_end_margin(const col_ray *r) {
    if (!(r->max_t <= COL_REAL_MAX)) return COL_R(0.0);
    col_real m = COL_R(4.0) * COL_EPSILON * col__ray_end_scale(r) + COL__REAL_MIN;
    return m <= (col_real)COL_HUGE ? m : COL_R(0.0);
}

bool col_tree_raycast(const col_tree *t, const col_ray *ray, col_tree_ray_fn *fn, void *ctx) {
    if (!col_ray_is_valid(ray)) return false;
    col_real g = ray_end_margin(ray);
    col_vec3 grow = col_v3(g, g, g);
    mover m;
    mover_init(&m, col_v3_sub(ray->origin, grow), col_v3_add(ray->origin, grow), ray->delta);
    return cast(t, &m, *ray, fn, ctx);
}

bool col_tree_cast_aabb(const col_tree *t, const col_aabb *box, col_vec3 delta, col_real max_t, col_tree_ray_fn *fn,
                        void *ctx) {
    col_ray ray = {col_v3_scale(col_v3_add(box->min, box->max), COL_R(0.5)), delta, max_t};
    if (!col_aabb_is_valid(box) || !col_ray_is_valid(&ray)) return false;
    mover m;
    mover_init(&m, box->min, box->max, delta);
    return cast(t, &m, ray, fn, ctx);
}

/* ------------------------------ frustums ------------------------------ */

static col_cull planes_class(const col_frustum *f, const col_aabb *b) {
    bool inside = true;
    for (int i = 0; i < 6; ++i) {
        col_side s = col_classify_aabb_plane(b, &f->planes[i]);
        if (s == COL_BACK) return COL_CULL_OUTSIDE;
        inside = inside && s == COL_FRONT;
    }
    return inside ? COL_CULL_INSIDE : COL_CULL_INTERSECTING;
}

/* Stack entries: a node index, or -(index + 2) for a node whose subtree is
 * inside (no tests below it). */
bool col__tree_query_frustum(const col_tree *t, const col_frustum *f, bool exact_leaves, col_tree_cull_fn *fn,
                             void *ctx) {
    if (!col_frustum_is_valid(f)) return false;
    if (t->root == COL_TREE_NULL) return true;
    stack s;
    if (!stack_open(&s, t)) return false;
    const col_tree_node *nodes = t->nodes;
    s.items[s.top++] = t->root;
    while (s.top > 0) {
        int32_t e = s.items[--s.top];
        bool accepted = e < 0;
        int32_t i = accepted ? -e - 2 : e;
        const col_tree_node *n = &nodes[i];
        col_cull c = COL_CULL_INSIDE;
        if (!accepted) {
            c = planes_class(f, &n->box);
            if (c == COL_CULL_OUTSIDE) continue;
            if (exact_leaves && n->height == 0 && c == COL_CULL_INTERSECTING) {
                c = col_frustum_classify_aabb(f, &n->box);
                if (c == COL_CULL_OUTSIDE) continue;
            }
        }
        if (n->height == 0) {
            if (!fn(ctx, i, n->user, c)) break;
        } else if (c == COL_CULL_INSIDE) {
            s.items[s.top++] = -n->child[1] - 2;
            s.items[s.top++] = -n->child[0] - 2;
        } else {
            s.items[s.top++] = n->child[1];
            s.items[s.top++] = n->child[0];
        }
    }
    stack_close(&s);
    return true;
}

bool col_tree_query_frustum(const col_tree *t, const col_frustum *f, col_tree_cull_fn *fn, void *ctx) {
    return col__tree_query_frustum(t, f, true, fn, ctx);
}
