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
 * conservative slab tests against node boxes. On each axis the entry time
 * is (b_enter - oa) * inv and the exit time (b_exit - oz) * inv, where the
 * box's near and far faces (ia, iz: indices into its six reals) and the
 * origins (oa, oz) are chosen once per query by the sign of 1/d. An axis
 * without motion has inv = +-infinity: its times are -infinity or
 * +infinity (no constraint, or no overlap ever), or NaN when the face is
 * exactly at the origin (touching), which the comparisons ignore: the
 * closed set is kept without a branch. When 1/d overflows for a non-zero d
 * (|d| below 1/COL_REAL_MAX), the query divides instead (`divide`). */
typedef struct mover {
    col_real oa[3], oz[3], inv[3], d[3];
    int ia[3], iz[3];
    bool divide;
#ifdef COL__SSE2
    /* the same numbers in lanes (x, y) and (z, unused) for mover_reaches_sse2:
     * the mover's faces lo and hi, 1 / d, and all ones where 1 / d > 0 */
    __m128d lo_xy, lo_z, hi_xy, hi_z, inv_xy, inv_z, fwd_xy, fwd_z;
#endif
} mover;

/* Each slab time is (a - b) * (1 / d) or (a - b) / d: at most three roundings,
 * a relative error below 3u / (1 - 3u) < 2 eps. Widening by 4 eps, plus the
 * smallest normal number for results in the subnormal range, keeps every
 * box the exact motion reaches: an entry time x becomes x - W |x| (W = 4 eps,
 * a power of two: W |x| is exact but for underflow, which the smallest
 * normal covers), rounded once more, so x (1 -+ 4 eps) (1 + u) for x of
 * either sign, within x_true (1 +- 2 eps): below x_true by about 1.5 eps
 * |x_true| at least; an exit time the same way up. W |x| is capped at the
 * largest finite number, so an infinite time stays infinite (inf - inf
 * would be NaN, which constrains nothing). */
#define SLAB_WIDEN (COL_R(4.0) * COL_EPSILON)
#define SLAB_TINY COL__REAL_MIN

static void mover_init(mover *m, col_vec3 lo, col_vec3 hi, col_vec3 d) {
    const col_real l[3] = {lo.x, lo.y, lo.z}, h[3] = {hi.x, hi.y, hi.z}, v[3] = {d.x, d.y, d.z};
    m->divide = false;
    for (int i = 0; i < 3; ++i) {
        m->d[i] = v[i];
        /* +-infinity for +-0 (written out: the fuzz build traps division by zero) */
        col_real inf = (col_real)HUGE_VAL;
        m->inv[i] = v[i] != 0 ? COL_R(1.0) / v[i] : signbit(v[i]) ? -inf : inf;
        if (v[i] != 0 && !(col_abs(m->inv[i]) <= COL_REAL_MAX)) m->divide = true;
        bool forward = m->inv[i] > 0;
        m->ia[i] = forward ? i : i + 3; /* entered through the min face moving forward */
        m->iz[i] = forward ? i + 3 : i;
        m->oa[i] = forward ? h[i] : l[i];
        m->oz[i] = forward ? l[i] : h[i];
    }
#ifdef COL__SSE2
    m->lo_xy = _mm_set_pd(l[1], l[0]);
    m->lo_z = _mm_set_sd(l[2]);
    m->hi_xy = _mm_set_pd(h[1], h[0]);
    m->hi_z = _mm_set_sd(h[2]);
    m->inv_xy = _mm_set_pd(m->inv[1], m->inv[0]);
    m->inv_z = _mm_set_sd(m->inv[2]);
    m->fwd_xy = _mm_cmpgt_pd(m->inv_xy, _mm_setzero_pd());
    m->fwd_z = _mm_cmpgt_pd(m->inv_z, _mm_setzero_pd());
#endif
}

/* Whether the moving box reaches box b for some t in [0, max_t]; the
 * (lowered) entry time in *enter. Conservative: never false when the exact
 * motion reaches b. */
static inline bool mover_reaches_scalar(const mover *m, const col_aabb *b, col_real max_t, col_real *enter) {
    const col_real bb[6] = {b->min.x, b->min.y, b->min.z, b->max.x, b->max.y, b->max.z};
    col_real t0 = 0, t1 = max_t;
    for (int i = 0; i < 3; ++i) {
        col_real a, z;
        if (m->divide && m->d[i] != 0) {
            a = (bb[m->ia[i]] - m->oa[i]) / m->d[i];
            z = (bb[m->iz[i]] - m->oz[i]) / m->d[i];
        } else {
            a = (bb[m->ia[i]] - m->oa[i]) * m->inv[i];
            z = (bb[m->iz[i]] - m->oz[i]) * m->inv[i];
        }
        a = a - col_min(SLAB_WIDEN * col_abs(a), COL_REAL_MAX) - SLAB_TINY; /* (an infinity stays one) */
        z = z + col_min(SLAB_WIDEN * col_abs(z), COL_REAL_MAX) + SLAB_TINY;
        t0 = a > t0 ? a : t0; /* NaN (touching with no motion) constrains nothing */
        t1 = z < t1 ? z : t1;
    }
    *enter = t0;
    return t0 <= t1;
}

#ifdef COL__SSE2
static inline __m128d select_lanes(__m128d mask, __m128d yes, __m128d no) {
    return _mm_or_pd(_mm_and_pd(mask, yes), _mm_andnot_pd(mask, no));
}

/* One pair of lanes of mover_reaches_scalar's axes: the entry times (a) and
 * exit times (z), widened, by the same operations (so the same bits). Moving forward, a box
 * is entered through its min face by the mover's hi face, u = (min - hi) /
 * d, and left through its max face by the lo face, w = (max - lo) / d;
 * moving back, the other way round. */
static inline void slab_lanes(__m128d mn, __m128d mx, __m128d lo, __m128d hi, __m128d inv, __m128d fwd, __m128d *a,
                              __m128d *z) {
    __m128d u = _mm_mul_pd(_mm_sub_pd(mn, hi), inv), w = _mm_mul_pd(_mm_sub_pd(mx, lo), inv);
    __m128d ea = select_lanes(fwd, u, w), ez = select_lanes(fwd, w, u);
    const __m128d widen = _mm_set1_pd(SLAB_WIDEN), tiny = _mm_set1_pd(SLAB_TINY), sign = _mm_set1_pd(-0.0),
                  most = _mm_set1_pd(COL_REAL_MAX);
    *a = _mm_sub_pd(_mm_sub_pd(ea, _mm_min_pd(_mm_mul_pd(widen, _mm_andnot_pd(sign, ea)), most)), tiny);
    *z = _mm_add_pd(_mm_add_pd(ez, _mm_min_pd(_mm_mul_pd(widen, _mm_andnot_pd(sign, ez)), most)), tiny);
}

/* mover_reaches_scalar without division (m->divide false) in two lanes:
 * the same times, so the same answer and the same entry; maxima as the
 * scalar's (a > t0 ? a : t0: _mm_max_pd's rule, a NaN a keeps t0). */
static inline bool mover_reaches_sse2(const mover *m, const col_aabb *b, col_real max_t, col_real *enter) {
    const double *p = (const double *)(const void *)b; /* min.xyz, max.xyz (box.h: no padding) */
    __m128d mn_xy = _mm_loadu_pd(p), mx_xy = _mm_loadu_pd(p + 3), mn_z = _mm_load_sd(p + 2), mx_z = _mm_load_sd(p + 5);
    __m128d a_xy, z_xy, a_z, z_z;
    slab_lanes(mn_xy, mx_xy, m->lo_xy, m->hi_xy, m->inv_xy, m->fwd_xy, &a_xy, &z_xy);
    slab_lanes(mn_z, mx_z, m->lo_z, m->hi_z, m->inv_z, m->fwd_z, &a_z, &z_z);
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

static inline bool mover_reaches(const mover *m, const col_aabb *b, col_real max_t, col_real *enter) {
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
