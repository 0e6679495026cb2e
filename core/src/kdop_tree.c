/*
 * The static k-DOP tree (collide/kdop_tree.h): built top down by binned
 * SAH over the items' centres, nodes in depth-first order (the first child
 * of node i is i + 1), each node's slabs the merge of its children's.
 */
#include <stdlib.h>
#include <string.h>

#include "collide/kdop_tree.h"
#include "geom.h"
#include "ray.h"
#include "tree_private.h"

#define BINS 16
#define MAX_ITEMS (1 << 30)

void col_kdop_tree_free(col_kdop_tree *t) {
    if (!t) return;
    free(t->nodes);
    free(t->slabs);
    free(t->users);
    memset(t, 0, sizeof *t);
}

/* ---- building ---- */

typedef struct kbuilder {
    int m; /* slabs: k / 2 */
    const col_kdop *items;
    int32_t *order; /* item indices, reordered in place by the splits */
    int32_t *tmp;
    col_vec3 *centre; /* twice each item's box centre (by item) */
    col_kdop_tree *t;
} kbuilder;

/* Half the surface area of the box of a k-DOP (its first three slabs). */
static col_real box_area(const col_real *lo, const col_real *hi) {
    col_real x = hi[0] - lo[0], y = hi[1] - lo[1], z = hi[2] - lo[2];
    return x * y + y * z + z * x;
}

static void grow(col_real *lo, col_real *hi, const col_kdop *d, int m) {
    for (int i = 0; i < m; ++i) {
        lo[i] = d->min[i] < lo[i] ? d->min[i] : lo[i];
        hi[i] = d->max[i] > hi[i] ? d->max[i] : hi[i];
    }
}

static void empty_bounds(col_real *lo, col_real *hi, int m) {
    for (int i = 0; i < m; ++i) lo[i] = COL_REAL_MAX, hi[i] = -COL_REAL_MAX;
}

/* Splits order[begin, end) (at least two items) into two non-empty parts
 * and returns where the second starts: the binned SAH cut along the axis
 * of the centres' widest spread; half by order where all centres coincide
 * or no cut separates them. Stable: the items keep their order within a
 * part. */
static int32_t split(kbuilder *b, int32_t begin, int32_t end) {
    col_real lo_a, extent;
    int axis = col__widest_axis(b->centre, b->order, begin, end, &lo_a, &extent);
    int32_t mid = begin + (end - begin) / 2;
    if (!(extent > COL_R(0.0))) return mid;
    int32_t count[BINS] = {0};
    col_real blo[BINS][3], bhi[BINS][3];
    for (int k = 0; k < BINS; ++k) empty_bounds(blo[k], bhi[k], 3);
    for (int32_t i = begin; i < end; ++i) {
        int32_t it = b->order[i];
        col_real f = (col_v3_get(b->centre[it], axis) - lo_a) / extent * BINS;
        int k = f >= BINS - 1 ? BINS - 1 : (int)f;
        grow(blo[k], bhi[k], &b->items[it], 3);
        count[k]++;
    }
    /* the cost of cutting after bin k: area * count on each side */
    col_real right_cost[BINS], alo[3], ahi[3];
    empty_bounds(alo, ahi, 3);
    int32_t n = 0;
    for (int k = BINS - 1; k > 0; --k) {
        if (count[k]) {
            for (int j = 0; j < 3; ++j) {
                alo[j] = blo[k][j] < alo[j] ? blo[k][j] : alo[j];
                ahi[j] = bhi[k][j] > ahi[j] ? bhi[k][j] : ahi[j];
            }
        }
        n += count[k];
        right_cost[k] = n ? box_area(alo, ahi) * (col_real)n : COL_R(0.0);
    }
    empty_bounds(alo, ahi, 3);
    n = 0;
    int best = -1;
    col_real best_cost = COL_REAL_MAX;
    for (int k = 0; k < BINS - 1; ++k) {
        if (count[k]) {
            for (int j = 0; j < 3; ++j) {
                alo[j] = blo[k][j] < alo[j] ? blo[k][j] : alo[j];
                ahi[j] = bhi[k][j] > ahi[j] ? bhi[k][j] : ahi[j];
            }
        }
        n += count[k];
        if (n == 0 || n == end - begin) continue;
        col_real cost = box_area(alo, ahi) * (col_real)n + right_cost[k + 1];
        if (cost < best_cost) best_cost = cost, best = k;
    }
    if (best < 0) return mid;
    /* stable partition by bin */
    int32_t nl = 0, nr = 0;
    for (int32_t i = begin; i < end; ++i) {
        int32_t it = b->order[i];
        col_real f = (col_v3_get(b->centre[it], axis) - lo_a) / extent * BINS;
        int k = f >= BINS - 1 ? BINS - 1 : (int)f;
        if (k <= best)
            b->order[begin + nl++] = it;
        else
            b->tmp[nr++] = it;
    }
    memcpy(b->order + begin + nl, b->tmp, (size_t)nr * sizeof *b->tmp);
    return begin + nl;
}

typedef struct span {
    int32_t begin, end, parent, depth; /* parent: the node whose `next` this span becomes, or -1 */
} span;

static bool build(kbuilder *b, int32_t n) {
    col_kdop_tree *t = b->t;
    span *stack = malloc((size_t)n * sizeof *stack);
    if (!stack) return false;
    int32_t top = 0, next = 0;
    stack[top++] = (span){0, n, -1, 1};
    while (top) {
        span s = stack[--top];
        int32_t node = next++;
        if (s.parent >= 0) t->nodes[s.parent].next = node;
        if (s.depth > t->height) t->height = s.depth;
        if (s.end - s.begin == 1) {
            t->nodes[node] = (col_kdop_tree_node){-1, b->order[s.begin]};
            continue;
        }
        t->nodes[node] = (col_kdop_tree_node){-1, -1};
        int32_t cut = split(b, s.begin, s.end);
        /* the first child is processed next (it becomes node + 1) */
        stack[top++] = (span){cut, s.end, node, s.depth + 1};
        stack[top++] = (span){s.begin, cut, -1, s.depth + 1};
    }
    free(stack);
    /* the slabs, children before parents (a parent precedes its children) */
    int m = b->m, k = 2 * m;
    for (int32_t i = t->node_count - 1; i >= 0; --i) {
        col_real *lo = t->slabs + (size_t)i * (size_t)k, *hi = lo + m;
        const col_kdop_tree_node *nd = &t->nodes[i];
        if (nd->item >= 0) {
            memcpy(lo, b->items[nd->item].min, (size_t)m * sizeof *lo);
            memcpy(hi, b->items[nd->item].max, (size_t)m * sizeof *hi);
            continue;
        }
        const col_real *a = t->slabs + (size_t)(i + 1) * (size_t)k, *c = t->slabs + (size_t)nd->next * (size_t)k;
        for (int j = 0; j < m; ++j) {
            lo[j] = a[j] < c[j] ? a[j] : c[j];
            hi[j] = a[m + j] > c[m + j] ? a[m + j] : c[m + j];
        }
    }
    return true;
}

bool col_kdop_tree_build(col_kdop_tree *t, int k, const col_kdop *items, const uint64_t *users, size_t n) {
    if (!t) return false;
    col_kdop_tree_free(t);
    if (col_kdop_axis(k, 0).x == COL_R(0.0) || n > (size_t)MAX_ITEMS || (n > 0 && !items)) return false;
    for (size_t i = 0; i < n; ++i)
        if (!col_kdop_is_valid(&items[i]) || items[i].k != k) return false;
    t->k = k;
    if (n == 0) return true;
    int32_t count = (int32_t)n, nodes = 2 * count - 1;
    kbuilder b = {k / 2, items, NULL, NULL, NULL, t};
    t->nodes = malloc((size_t)nodes * sizeof *t->nodes);
    t->slabs = malloc((size_t)nodes * (size_t)k * sizeof *t->slabs);
    t->users = malloc(n * sizeof *t->users);
    b.order = malloc(n * sizeof *b.order);
    b.tmp = malloc(n * sizeof *b.tmp);
    b.centre = malloc(n * sizeof *b.centre);
    bool ok = t->nodes && t->slabs && t->users && b.order && b.tmp && b.centre;
    if (ok) {
        t->count = count;
        t->node_count = nodes;
        for (int32_t i = 0; i < count; ++i) {
            const col_kdop *d = &items[i];
            b.order[i] = i;
            /* twice the centre: no halving (a sum of two bounds within 4
             * COL_HUGE stays finite) */
            b.centre[i] = col_v3(d->min[0] + d->max[0], d->min[1] + d->max[1], d->min[2] + d->max[2]);
            t->users[i] = users ? users[i] : (uint64_t)i;
        }
        ok = build(&b, count);
    }
    free(b.order);
    free(b.tmp);
    free(b.centre);
    if (!ok) {
        col_kdop_tree_free(t);
        return false;
    }
    return true;
}

bool col_kdop_tree_node_kdop(const col_kdop_tree *t, int32_t node, col_kdop *out) {
    if (!t || !out || node < 0 || node >= t->node_count) return false;
    int m = t->k / 2;
    const col_real *lo = t->slabs + (size_t)node * (size_t)t->k;
    memset(out, 0, sizeof *out);
    out->k = t->k;
    memcpy(out->min, lo, (size_t)m * sizeof *lo);
    memcpy(out->max, lo + m, (size_t)m * sizeof *lo);
    return true;
}

/* ---- queries ---- */

/* The traversal's stack: at most the tree's height (one sibling pushed per
 * level), on the C stack for trees of height up to 64. */
#define LOCAL_STACK 64

bool col_kdop_tree_query_kdop(const col_kdop_tree *t, const col_kdop *q, col_tree_query_fn *fn, void *ctx) {
    if (!t || !fn || !col_kdop_is_valid(q) || q->k != t->k) return false;
    if (t->count == 0) return true;
    int32_t local[LOCAL_STACK], *stack = local;
    if (t->height > LOCAL_STACK && !(stack = malloc((size_t)t->height * sizeof *stack))) return false;
    int m = t->k / 2;
    int32_t top = 0;
    stack[top++] = 0;
    while (top) {
        int32_t i = stack[--top];
        const col_real *lo = t->slabs + (size_t)i * (size_t)t->k, *hi = lo + m;
        bool apart = false;
        for (int j = 0; j < m; ++j) apart |= (hi[j] < q->min[j]) | (q->max[j] < lo[j]);
        if (apart) continue;
        const col_kdop_tree_node *nd = &t->nodes[i];
        if (nd->item >= 0) {
            if (!fn(ctx, nd->item, t->users[nd->item])) break;
            continue;
        }
        stack[top++] = nd->next;
        stack[top++] = i + 1;
    }
    if (stack != local) free(stack);
    return true;
}

bool col_kdop_tree_query_aabb(const col_kdop_tree *t, const col_aabb *box, col_tree_query_fn *fn, void *ctx) {
    if (!t || !box) return false;
    col_shape s = {.kind = COL_SHAPE_AABB};
    s.u.aabb = *box;
    col_kdop q;
    if (!col_kdop_of_shape(&s, t->k ? t->k : 6, &q)) return false;
    return t->count == 0 ? fn != NULL : col_kdop_tree_query_kdop(t, &q, fn, ctx);
}

/* The ray against the slabs, prepared once: the slabs it clips by (its
 * direction's dot product with their axis a normal number with a finite
 * reciprocal), each with the bound it enters by and the one it leaves by
 * (min and max by the sign) and what to take from them (a . origin, less or
 * plus the widening g); the slabs it runs along (a zero dot product), which
 * only test the origin; the rest (a denormal dot product) do not clip at
 * all (conservative). */
typedef struct kray {
    int m, nclip, npar;
    int near[COL_KDOP_MAX_AXES], far[COL_KDOP_MAX_AXES]; /* offsets into a node's k values */
    col_real near_sub[COL_KDOP_MAX_AXES], far_sub[COL_KDOP_MAX_AXES], inv[COL_KDOP_MAX_AXES];
    int par[COL_KDOP_MAX_AXES];
    col_real par_lo[COL_KDOP_MAX_AXES], par_hi[COL_KDOP_MAX_AXES]; /* o + g, o - g */
} kray;

/*
 * Where the ray enters node i's k-DOP, its slabs widened by g = 64 eps of
 * the tree's magnitude (the root's largest bound, at least every node's)
 * and the origin's: *enter within [0, max_t] or false. Every point origin
 * + t delta of the k-DOP has its dot products within 6 u (2 |origin| +
 * |node|) of the computed o + t v (o's rounding, v's times t, and t |delta|
 * at most |origin| + |node|: the point lies in the node), and the
 * parameters' own roundings, relative, are within u (|bound| + |o| + g) of
 * the slab: g covers both many times over, so the test never rejects a node
 * the exact ray reaches.
 */
static inline bool enter_node(const col_real *lo, const kray *r, col_real max_t, col_real *enter) {
    col_real t0 = COL_R(0.0), t1 = max_t;
    int c = 0, box = r->nclip < 3 ? r->nclip : 3;
    /* the box's slabs (the first, where the ray clips by them) first: most
     * nodes a ray is tested against are missed by the box already */
    for (; c < box; ++c) {
        col_real tn = (lo[r->near[c]] - r->near_sub[c]) * r->inv[c], tf = (lo[r->far[c]] - r->far_sub[c]) * r->inv[c];
        t0 = tn > t0 ? tn : t0;
        t1 = tf < t1 ? tf : t1;
    }
    if (!(t0 <= t1)) return false;
    for (; c < r->nclip; ++c) {
        col_real tn = (lo[r->near[c]] - r->near_sub[c]) * r->inv[c], tf = (lo[r->far[c]] - r->far_sub[c]) * r->inv[c];
        t0 = tn > t0 ? tn : t0;
        t1 = tf < t1 ? tf : t1;
    }
    bool in = t0 <= t1;
    for (int p = 0; p < r->npar; ++p) /* along the slab: the origin within it */
        in = in && lo[r->par[p]] <= r->par_lo[p] && lo[r->m + r->par[p]] >= r->par_hi[p];
    *enter = t0;
    return in;
}

bool col_kdop_tree_raycast(const col_kdop_tree *t, const col_ray *ray, col_tree_ray_fn *fn, void *ctx) {
    if (!t || !fn || !ray || !col__valid_ray(ray)) return false;
    if (t->count == 0) return true;
    kray r;
    int m = t->k / 2;
    col_real mag = COL_R(0.0);
    for (int j = 0; j < t->k; ++j) mag = col_abs(t->slabs[j]) > mag ? col_abs(t->slabs[j]) : mag;
    col_real g = COL_R(64.0) * COL_EPSILON * (mag + col__abs_max(ray->origin)) + COL_R(4.0) * COL__REAL_MIN;
    r.m = m;
    r.nclip = r.npar = 0;
    for (int j = 0; j < m; ++j) {
        col_vec3 a = col_kdop_axis(t->k, j);
        col_real o = col_v3_dot(a, ray->origin), v = col_v3_dot(a, ray->delta);
        if (v == COL_R(0.0)) {
            r.par[r.npar] = j;
            r.par_lo[r.npar] = o + g;
            r.par_hi[r.npar++] = o - g;
            continue;
        }
        col_real inv = COL_R(1.0) / v;
        if (!(inv >= -COL_REAL_MAX && inv <= COL_REAL_MAX)) continue; /* a denormal v: no clip */
        int c = r.nclip++;
        r.inv[c] = inv;
        r.near[c] = v > COL_R(0.0) ? j : m + j;
        r.far[c] = v > COL_R(0.0) ? m + j : j;
        r.near_sub[c] = v > COL_R(0.0) ? o + g : o - g;
        r.far_sub[c] = v > COL_R(0.0) ? o - g : o + g;
    }
    col_ray cur = *ray;
    typedef struct entry {
        int32_t node;
        col_real t;
    } entry;
    entry local[LOCAL_STACK], *stack = local;
    if (t->height > LOCAL_STACK && !(stack = malloc((size_t)t->height * sizeof *stack))) return false;
    int32_t top = 0;
    col_real t_root;
    if (enter_node(t->slabs, &r, cur.max_t, &t_root)) stack[top++] = (entry){0, t_root};
    while (top) {
        entry e = stack[--top];
        if (e.t > cur.max_t) continue; /* clipped since it was pushed */
        const col_kdop_tree_node *nd = &t->nodes[e.node];
        if (nd->item >= 0) {
            col_real nt = fn(ctx, &cur, nd->item, t->users[nd->item]);
            if (!(nt >= COL_R(0.0))) break; /* negative or NaN: stop */
            if (nt < cur.max_t) cur.max_t = nt;
            continue;
        }
        int32_t c[2] = {e.node + 1, nd->next};
        col_real tc[2];
        bool in[2];
        for (int s = 0; s < 2; ++s) in[s] = enter_node(t->slabs + (size_t)c[s] * (size_t)t->k, &r, cur.max_t, &tc[s]);
        /* the nearer child popped first: pushed last (ties: the first) */
        int first = in[0] && in[1] && tc[1] < tc[0] ? 1 : 0;
        for (int s = 1; s >= 0; --s) {
            int w = s ? 1 - first : first;
            if (in[w]) stack[top++] = (entry){c[w], tc[w]};
        }
    }
    if (stack != local) free(stack);
    return true;
}
