/*
 * The top-down rebuild of the dynamic AABB tree by binned SAH (Wald,
 * "On fast Construction of SAH-based Bounding Volume Hierarchies", 2007):
 * col_tree_rebuild in collide/tree.h.
 */
#include <stdlib.h>
#include <string.h>

#include "tree_private.h"

#define BINS 16

typedef struct item {
    col_real key; /* the centre's coordinate on the split axis (an even split only) */
    int32_t leaf;
} item;

static int by_key(const void *pa, const void *pb) {
    const item *a = pa, *b = pb;
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    return (a->leaf > b->leaf) - (a->leaf < b->leaf);
}

typedef struct builder {
    col_tree *t;
    int32_t *leaves;  /* the leaves, reordered in place by the splits */
    col_vec3 *centre; /* twice the centre of each leaf's box, by leaf index in `leaves` order */
    item *items;      /* scratch of the even split */
    int32_t *tmp_leaf;
    col_vec3 *tmp_centre;
    unsigned char *bin; /* each leaf's bin in the split at hand, by position in `leaves` */
} builder;

/* Splits leaves[begin, end) (at least two) into two non-empty halves and
 * returns where the second starts. */
static int32_t split(builder *b, int32_t begin, int32_t end, bool even) {
    /* two leaves: one child each, whichever way (no cost to compare) */
    if (end - begin == 2) return begin + 1;
    col_real lo_a, extent;
    int axis = col__widest_axis(b->centre, NULL, begin, end, &lo_a, &extent);
    int32_t mid = begin + (end - begin) / 2;
    if (extent > 0 && !even) {
        int32_t count[BINS];
        col_aabb box[BINS];
        memset(count, 0, sizeof count);
        /* each leaf's bin once, by a product (the partition below reads it) */
        const col_real scale = (col_real)BINS / extent;
        for (int32_t i = begin; i < end; ++i) {
            col_real f = (col_v3_get(b->centre[i], axis) - lo_a) * scale;
            int k = f >= BINS - 1 ? BINS - 1 : (int)f;
            b->bin[i] = (unsigned char)k;
            const col_aabb *lb = &b->t->nodes[b->leaves[i]].box;
            box[k] = count[k] ? col__aabb_union(&box[k], lb) : *lb;
            count[k]++;
        }
        /* the cost of splitting after bin k: area * count on each side */
        col_real right_cost[BINS];
        col_aabb acc;
        int32_t n = 0;
        for (int k = BINS - 1; k > 0; --k) {
            if (count[k]) {
                acc = n ? col__aabb_union(&acc, &box[k]) : box[k];
                n += count[k];
            }
            right_cost[k] = n ? col__aabb_area(&acc) * (col_real)n : 0;
        }
        n = 0;
        int best = -1;
        col_real best_cost = COL_REAL_MAX;
        for (int k = 0; k < BINS - 1; ++k) {
            if (count[k]) {
                acc = n ? col__aabb_union(&acc, &box[k]) : box[k];
                n += count[k];
            }
            if (n == 0 || n == end - begin) continue;
            col_real cost = col__aabb_area(&acc) * (col_real)n + right_cost[k + 1];
            if (cost < best_cost) {
                best_cost = cost;
                best = k;
            }
        }
        if (best >= 0) {
            /* partition: bins 0..best first */
            int32_t i = begin, j = end - 1;
            while (i <= j) {
                if (b->bin[i] <= best) {
                    ++i;
                } else {
                    int32_t tl = b->leaves[i];
                    b->leaves[i] = b->leaves[j];
                    b->leaves[j] = tl;
                    col_vec3 tc = b->centre[i];
                    b->centre[i] = b->centre[j];
                    b->centre[j] = tc;
                    unsigned char tb = b->bin[i];
                    b->bin[i] = b->bin[j];
                    b->bin[j] = tb;
                    --j;
                }
            }
            if (i > begin && i < end) return i;
        }
    }
    /* an even split by centre along the axis (ties by leaf index) */
    int32_t n = end - begin;
    for (int32_t i = 0; i < n; ++i) {
        b->items[i].key = col_v3_get(b->centre[begin + i], axis);
        b->items[i].leaf = begin + i; /* position, to carry the centre along */
    }
    qsort(b->items, (size_t)n, sizeof(item), by_key);
    /* apply the order to the leaves and their centres */
    for (int32_t i = 0; i < n; ++i) {
        b->tmp_leaf[i] = b->leaves[b->items[i].leaf];
        b->tmp_centre[i] = b->centre[b->items[i].leaf];
    }
    memcpy(b->leaves + begin, b->tmp_leaf, (size_t)n * sizeof(int32_t));
    memcpy(b->centre + begin, b->tmp_centre, (size_t)n * sizeof(col_vec3));
    return mid;
}

static int32_t ceil_log2(int32_t n) {
    int32_t k = 0;
    while (((int64_t)1 << k) < n) ++k;
    return k;
}

typedef struct job {
    int32_t begin, end, parent, depth;
    int child; /* 1 or 2: which child of parent; 0 for the root */
} job;

static void build(col_tree *t, builder *bp, job *jobs, int32_t *made) {
    builder b = *bp;
    int32_t n = t->leaf_count;
    int32_t m = 0;
    for (int32_t i = 0; i < t->capacity; ++i) {
        col_tree_node *node = &t->nodes[i];
        if (node->height == 0) {
            b.leaves[m] = i;
            b.centre[m] = col_v3_add(node->box.min, node->box.max);
            m++;
        }
    }
    /* free the internal nodes, highest index first, so the rebuild takes
     * them back lowest index first */
    for (int32_t i = t->capacity - 1; i >= 0; --i)
        if (t->nodes[i].height > 0) col__tree_release(t, i);
    /* no tree taller than 2 ceil(log2 n) + 8: a range switches to even
     * splits (whose subtree is ceil(log2 count) tall) where SAH splits could
     * pass that */
    int32_t max_depth = 2 * ceil_log2(n) + 8;

    int32_t top = 0, made_count = 0;
    jobs[top++] = (job){0, n, COL_TREE_NULL, 0, 0};
    while (top > 0) {
        job j = jobs[--top];
        int32_t node;
        if (j.end - j.begin == 1) {
            node = b.leaves[j.begin];
        } else {
            int32_t mid = split(&b, j.begin, j.end, j.depth + ceil_log2(j.end - j.begin) >= max_depth);
            node = col__tree_alloc(t); /* one of the n - 1 nodes just released */
            t->nodes[node].height = 1;
            made[made_count++] = node;
            jobs[top++] = (job){mid, j.end, node, j.depth + 1, 2};
            jobs[top++] = (job){j.begin, mid, node, j.depth + 1, 1};
        }
        t->nodes[node].parent = j.parent;
        if (j.child == 0)
            t->root = node;
        else if (j.child == 1)
            t->nodes[j.parent].child[0] = node;
        else
            t->nodes[j.parent].child[1] = node;
    }
    /* children were made after their parents: refit in reverse */
    for (int32_t k = made_count - 1; k >= 0; --k) {
        col_tree_node *p = &t->nodes[made[k]];
        const col_tree_node *c1 = &t->nodes[p->child[0]], *c2 = &t->nodes[p->child[1]];
        p->box = col__aabb_union(&c1->box, &c2->box);
        p->height = 1 + (c1->height > c2->height ? c1->height : c2->height);
    }
}

bool col_tree_rebuild(col_tree *t) {
    int32_t n = t->leaf_count;
    if (n < 2) return true;
    builder b = {t,
                 malloc((size_t)n * sizeof(int32_t)),
                 malloc((size_t)n * sizeof(col_vec3)),
                 malloc((size_t)n * sizeof(item)),
                 malloc((size_t)n * sizeof(int32_t)),
                 malloc((size_t)n * sizeof(col_vec3)),
                 malloc((size_t)n)};
    job *jobs = malloc((size_t)n * sizeof(job));
    int32_t *made = malloc((size_t)n * sizeof(int32_t));
    bool ok = b.leaves && b.centre && b.items && b.tmp_leaf && b.tmp_centre && b.bin && jobs && made;
    if (ok) build(t, &b, jobs, made);
    free(b.leaves);
    free(b.centre);
    free(b.items);
    free(b.tmp_leaf);
    free(b.tmp_centre);
    free(b.bin);
    free(jobs);
    free(made);
    return ok;
}
