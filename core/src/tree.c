/*
 * The dynamic AABB tree (collide/tree.h): node pool, insertion by the
 * surface-area heuristic with rotations, removal, moves, figures and the
 * validator. The binned-SAH rebuild is in tree_build.c, the queries in
 * tree_query.c.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tree_private.h"

/* ------------------------------ node pool ------------------------------ */

void col_tree_init(col_tree *t) {
    memset(t, 0, sizeof *t);
    t->root = COL_TREE_NULL;
    t->free_list = COL_TREE_NULL;
    t->margin = COL_TREE_DEFAULT_MARGIN;
}

/* The node pool is aligned to a cache line (a node in double is one line). */
#define POOL_ALIGN 64
#ifndef COLLIDE_REAL_FLOAT
_Static_assert(sizeof(col_tree_node) == POOL_ALIGN, "a node in double is one cache line");
#endif

static void *pool_alloc(size_t bytes) {
    bytes = (bytes + POOL_ALIGN - 1) / POOL_ALIGN * POOL_ALIGN; /* aligned_alloc wants a multiple */
#ifdef _MSC_VER
    return _aligned_malloc(bytes, POOL_ALIGN);
#else
    return aligned_alloc(POOL_ALIGN, bytes);
#endif
}

static void pool_free(void *p) {
#ifdef _MSC_VER
    _aligned_free(p);
#else
    free(p);
#endif
}

void col_tree_free(col_tree *t) {
    col_real margin = t->margin;
    pool_free(t->nodes);
    col_tree_init(t);
    t->margin = margin;
}

/* Makes room for `extra` more nodes without a later allocation failing. */
bool col__tree_reserve(col_tree *t, int32_t extra) {
    if (t->capacity - t->node_count >= extra) return true;
    int64_t want = (int64_t)t->node_count + extra;
    int64_t cap = t->capacity > 0 ? t->capacity : 16;
    while (cap < want) cap *= 2;
    if (cap > INT32_MAX || (size_t)cap > (SIZE_MAX - POOL_ALIGN) / sizeof(col_tree_node)) return false;
    col_tree_node *nodes = pool_alloc((size_t)cap * sizeof(col_tree_node));
    if (!nodes) return false;
    if (t->capacity > 0) memcpy(nodes, t->nodes, (size_t)t->capacity * sizeof(col_tree_node));
    pool_free(t->nodes);
    /* chain the new nodes in index order before the old free list */
    int32_t old_cap = t->capacity, new_cap = (int32_t)cap;
    for (int32_t i = old_cap; i < new_cap; ++i) {
        memset(&nodes[i], 0, sizeof nodes[i]);
        nodes[i].parent = i + 1 < new_cap ? i + 1 : t->free_list;
        nodes[i].height = -1;
    }
    t->free_list = old_cap;
    t->nodes = nodes;
    t->capacity = new_cap;
    return true;
}

/* A node from the free list (col__tree_reserve made sure there is one). */
int32_t col__tree_alloc(col_tree *t) {
    int32_t i = t->free_list;
    col_tree_node *n = &t->nodes[i];
    t->free_list = n->parent;
    n->parent = COL_TREE_NULL;
    n->height = 0;
    n->user = 0;
    t->node_count++;
    return i;
}

void col__tree_release(col_tree *t, int32_t i) {
    col_tree_node *n = &t->nodes[i];
    memset(&n->box, 0, sizeof n->box);
    n->user = 0;
    n->height = -1;
    n->parent = t->free_list;
    t->free_list = i;
    t->node_count--;
}

/* ------------------------------ insertion ------------------------------ */

/* The sibling of a new leaf with box d that costs least by the surface-area
 * heuristic: the area of the new parent plus the growth of every ancestor.
 * A branch-and-bound descent: a subtree is entered only when its lower bound
 * (the inherited growth plus the least area a node below could add) beats
 * the best cost so far. */
static int32_t best_sibling(const col_tree *t, const col_aabb *d) {
    const col_tree_node *nodes = t->nodes;
    col_real area_d = col__aabb_area(d);
    int32_t index = t->root;
    col_aabb u = col__aabb_union(&nodes[index].box, d);
    col_real direct = col__aabb_area(&u), inherited = 0;
    int32_t best = index;
    col_real best_cost = direct;
    while (nodes[index].height > 0) {
        int32_t c1 = nodes[index].child[0], c2 = nodes[index].child[1];
        col_real cost = direct + inherited;
        if (cost < best_cost) {
            best = index;
            best_cost = cost;
        }
        inherited += direct - col__aabb_area(&nodes[index].box);

        /* each child: a leaf is a candidate sibling itself; an internal
         * node gets the lower bound of any sibling below it */
        const int32_t kids[2] = {c1, c2};
        bool leaf[2];
        col_real direct_k[2], lower[2] = {COL_REAL_MAX, COL_REAL_MAX};
        for (int k = 0; k < 2; ++k) {
            const col_tree_node *ch = &nodes[kids[k]];
            col_aabb uk = col__aabb_union(&ch->box, d);
            direct_k[k] = col__aabb_area(&uk);
            leaf[k] = ch->height == 0;
            if (leaf[k]) {
                col_real cost_k = direct_k[k] + inherited;
                if (cost_k < best_cost) {
                    best = kids[k];
                    best_cost = cost_k;
                }
            } else {
                col_real growth = area_d - col__aabb_area(&ch->box);
                lower[k] = inherited + direct_k[k] + (growth < 0 ? growth : 0);
            }
        }
        bool leaf1 = leaf[0], leaf2 = leaf[1];
        col_real lower1 = lower[0], lower2 = lower[1], direct1 = direct_k[0], direct2 = direct_k[1];
        if (leaf1 && leaf2) break;
        if (best_cost <= lower1 && best_cost <= lower2) break;
        if (lower1 == lower2 && !leaf1 && !leaf2) {
            /* a tie (typical while the new box lies inside both): the child
             * whose centre is nearer */
            col_vec3 cd = col_v3_add(d->min, d->max);
            col_vec3 e1 = col_v3_sub(col_v3_add(nodes[c1].box.min, nodes[c1].box.max), cd);
            col_vec3 e2 = col_v3_sub(col_v3_add(nodes[c2].box.min, nodes[c2].box.max), cd);
            lower1 = col_v3_dot(e1, e1);
            lower2 = col_v3_dot(e2, e2);
        }
        if (!leaf1 && (leaf2 || lower1 <= lower2)) {
            index = c1;
            direct = direct1;
        } else {
            index = c2;
            direct = direct2;
        }
    }
    return best;
}

/* Replaces child `old` of node `parent` (or the root) by `child`. */
static void replace_child(col_tree *t, int32_t parent, int32_t old, int32_t child) {
    if (parent == COL_TREE_NULL) {
        t->root = child;
    } else {
        t->nodes[parent].child[t->nodes[parent].child[0] == old ? 0 : 1] = child;
    }
    t->nodes[child].parent = parent;
}

static void refit(col_tree *t, int32_t i) {
    col_tree_node *n = &t->nodes[i];
    const col_tree_node *a = &t->nodes[n->child[0]], *b = &t->nodes[n->child[1]];
    n->box = col__aabb_union(&a->box, &b->box);
    n->height = 1 + (a->height > b->height ? a->height : b->height);
}

/* Swaps child `x` of node `a` with grandchild `y` (a child of `c`, the other
 * child of `a`), then refits c and a. */
static void swap_down(col_tree *t, int32_t a, int32_t x, int32_t c, int32_t y) {
    col_tree_node *nodes = t->nodes;
    nodes[a].child[nodes[a].child[0] == x ? 0 : 1] = y;
    nodes[y].parent = a;
    nodes[c].child[nodes[c].child[0] == y ? 0 : 1] = x;
    nodes[x].parent = c;
    refit(t, c);
    refit(t, a);
}

/* The rotation at node a that most reduces the area of the internal nodes
 * below it, if any: a child swapped with one of the other child's children
 * (B<->F, B<->G, C<->D, C<->E for children B = (D, E) and C = (F, G)). Only
 * the grandparent's box changes area, so each candidate's cost is that one
 * area. */
static void rotate(col_tree *t, int32_t a) {
    col_tree_node *nodes = t->nodes;
    if (nodes[a].height < 2) return;
    int32_t b = nodes[a].child[0], c = nodes[a].child[1];
    col_real best = 0; /* the area reduction of the best rotation */
    int32_t best_x = COL_TREE_NULL, best_c = COL_TREE_NULL, best_y = COL_TREE_NULL;
    for (int side = 0; side < 2; ++side) {
        int32_t x = side == 0 ? b : c, p = side == 0 ? c : b; /* x swaps with a child of p */
        if (nodes[p].height == 0) continue;
        col_real area_p = col__aabb_area(&nodes[p].box);
        for (int k = 0; k < 2; ++k) {
            int32_t y = nodes[p].child[k], stay = nodes[p].child[1 - k];
            col_aabb u = col__aabb_union(&nodes[x].box, &nodes[stay].box);
            col_real gain = area_p - col__aabb_area(&u);
            if (gain > best) {
                best = gain;
                best_x = x;
                best_c = p;
                best_y = y;
            }
        }
    }
    if (best_x != COL_TREE_NULL) swap_down(t, a, best_x, best_c, best_y);
}

/* Inserts a leaf (its box set) into the tree, then refits and rotates the
 * ancestors. Needs one free node (the new parent). */
static void insert_leaf(col_tree *t, int32_t leaf) {
    if (t->root == COL_TREE_NULL) {
        t->root = leaf;
        t->nodes[leaf].parent = COL_TREE_NULL;
        return;
    }
    int32_t sibling = best_sibling(t, &t->nodes[leaf].box);
    int32_t old_parent = t->nodes[sibling].parent;
    int32_t parent = col__tree_alloc(t);
    col_tree_node *nodes = t->nodes;
    nodes[parent].child[0] = sibling;
    nodes[parent].child[1] = leaf;
    replace_child(t, old_parent, sibling, parent);
    nodes[sibling].parent = parent;
    nodes[leaf].parent = parent;
    refit(t, parent);
    for (int32_t i = old_parent; i != COL_TREE_NULL; i = nodes[i].parent) {
        refit(t, i);
        rotate(t, i);
    }
}

/* Takes a leaf out of the tree (the leaf node stays allocated); its
 * sibling takes the parent's place and the ancestors are refitted. */
static void remove_leaf(col_tree *t, int32_t leaf) {
    col_tree_node *nodes = t->nodes;
    if (leaf == t->root) {
        t->root = COL_TREE_NULL;
        return;
    }
    int32_t parent = nodes[leaf].parent, grand = nodes[parent].parent;
    int32_t sibling = nodes[parent].child[0] == leaf ? nodes[parent].child[1] : nodes[parent].child[0];
    replace_child(t, grand, parent, sibling);
    col__tree_release(t, parent);
    for (int32_t i = grand; i != COL_TREE_NULL; i = nodes[i].parent) refit(t, i);
    nodes[leaf].parent = COL_TREE_NULL;
}

static col_aabb fatten(const col_aabb *b, col_real m) {
    col_aabb f = *b;
    if (m > 0) {
        f.min = col_v3_sub(f.min, col_v3(m, m, m));
        f.max = col_v3_add(f.max, col_v3(m, m, m));
    }
    return f;
}

static bool valid_margin(col_real m) { return col_is_valid_real(m) && m >= 0; }

bool col__tree_is_leaf(const col_tree *t, int32_t proxy) {
    return proxy >= 0 && proxy < t->capacity && t->nodes[proxy].height == 0;
}

int32_t col_tree_insert(col_tree *t, const col_aabb *box, uint64_t user) {
    if (!col_aabb_is_valid(box) || !valid_margin(t->margin) || !col__tree_reserve(t, 2)) return COL_TREE_NULL;
    int32_t leaf = col__tree_alloc(t);
    t->nodes[leaf].box = fatten(box, t->margin);
    t->nodes[leaf].user = user;
    insert_leaf(t, leaf);
    t->leaf_count++;
    return leaf;
}

bool col_tree_remove(col_tree *t, int32_t proxy) {
    if (!col__tree_is_leaf(t, proxy)) return false;
    remove_leaf(t, proxy);
    col__tree_release(t, proxy);
    t->leaf_count--;
    return true;
}

int col_tree_move(col_tree *t, int32_t proxy, const col_aabb *box) {
    if (!col__tree_is_leaf(t, proxy) || !col_aabb_is_valid(box) || !valid_margin(t->margin)) return -1;
    if (col__aabb_contains(&t->nodes[proxy].box, box)) return 0;
    remove_leaf(t, proxy); /* frees the parent: the reinsertion's new parent takes it */
    t->nodes[proxy].box = fatten(box, t->margin);
    insert_leaf(t, proxy);
    return 1;
}

/* ------------------------------ inspection ------------------------------ */

bool col_tree_proxy(const col_tree *t, int32_t proxy, col_aabb *fat_box, uint64_t *user) {
    if (!col__tree_is_leaf(t, proxy)) return false;
    if (fat_box) *fat_box = t->nodes[proxy].box;
    if (user) *user = t->nodes[proxy].user;
    return true;
}

const col_tree_node *col_tree_node_at(const col_tree *t, int32_t index) {
    return index >= 0 && index < t->capacity ? &t->nodes[index] : NULL;
}

int32_t col_tree_height(const col_tree *t) { return t->root == COL_TREE_NULL ? -1 : t->nodes[t->root].height; }

col_tree_stats col_tree_stats_of(const col_tree *t) {
    col_tree_stats s;
    memset(&s, 0, sizeof s);
    s.leaf_count = t->leaf_count;
    s.node_count = t->node_count;
    s.capacity = t->capacity;
    s.height = col_tree_height(t);
    s.bytes = (size_t)t->capacity * sizeof(col_tree_node);
    for (int32_t i = 0; i < t->capacity; ++i)
        if (t->nodes[i].height > 0) s.internal_area += col__aabb_area(&t->nodes[i].box);
    if (t->root != COL_TREE_NULL) {
        col_real root_area = col__aabb_area(&t->nodes[t->root].box);
        s.area_ratio = root_area > 0 ? s.internal_area / root_area : 0;
    }
    return s;
}

/* ------------------------------ validator ------------------------------ */

static bool fail(char *why, size_t size, const char *fmt, long a, long b) {
    if (why && size > 0) snprintf(why, size, fmt, a, b);
    return false;
}

bool col_tree_validate(const col_tree *t, char *why, size_t why_size) {
    if (t->capacity < 0 || t->node_count < 0 || t->leaf_count < 0 || t->node_count > t->capacity ||
        (t->capacity > 0 && t->nodes == NULL))
        return fail(why, why_size, "bad counts: %ld nodes in use of capacity %ld", t->node_count, t->capacity);
    unsigned char *seen = calloc((size_t)t->capacity + 1, 1);
    int32_t *stack = malloc(((size_t)t->capacity + 1) * sizeof *stack);
    bool ok = seen && stack;
    if (!ok) fail(why, why_size, "out of memory (%ld, %ld)", 0, 0);
    int32_t used = 0, leaves = 0;
    if (ok && t->root != COL_TREE_NULL) {
        if (t->root < 0 || t->root >= t->capacity) {
            ok = fail(why, why_size, "root %ld out of range (capacity %ld)", t->root, t->capacity);
        } else if (t->nodes[t->root].parent != COL_TREE_NULL) {
            ok = fail(why, why_size, "root %ld has parent %ld", t->root, t->nodes[t->root].parent);
        }
        int32_t top = 0;
        if (ok) stack[top++] = t->root;
        while (ok && top > 0) {
            int32_t i = stack[--top];
            const col_tree_node *n = &t->nodes[i];
            if (seen[i]) {
                ok = fail(why, why_size, "node %ld reached twice (a cycle or a shared child)%ld", i, 0);
                break;
            }
            seen[i] = 1;
            used++;
            if (n->height == 0) {
                leaves++;
                if (!col_aabb_is_valid(&n->box)) ok = fail(why, why_size, "leaf %ld has an invalid box%ld", i, 0);
                continue;
            }
            if (n->height < 0) {
                ok = fail(why, why_size, "free node %ld is in the tree (height %ld)", i, n->height);
                break;
            }
            int32_t c[2] = {n->child[0], n->child[1]};
            for (int k = 0; k < 2 && ok; ++k) {
                if (c[k] < 0 || c[k] >= t->capacity)
                    ok = fail(why, why_size, "node %ld has child %ld out of range", i, c[k]);
                else if (t->nodes[c[k]].parent != i)
                    ok = fail(why, why_size, "node %ld's parent is not %ld", c[k], i);
            }
            if (!ok) break;
            const col_tree_node *a = &t->nodes[c[0]], *b = &t->nodes[c[1]];
            int32_t h = 1 + (a->height > b->height ? a->height : b->height);
            col_aabb u = col__aabb_union(&a->box, &b->box);
            if (n->height != h)
                ok = fail(why, why_size, "node %ld has height %ld, not 1 + its children's", i, n->height);
            else if (memcmp(&u, &n->box, sizeof u) != 0)
                ok = fail(why, why_size, "node %ld's box is not the union of its children's%ld", i, 0);
            else if (top + 2 > t->capacity + 1)
                ok = fail(why, why_size, "node %ld: more nodes than the capacity %ld", i, t->capacity);
            else {
                stack[top++] = c[0];
                stack[top++] = c[1];
            }
        }
    }
    if (ok && used != t->node_count)
        ok = fail(why, why_size, "%ld nodes reachable from the root, but node_count is %ld", used, t->node_count);
    if (ok && leaves != t->leaf_count)
        ok = fail(why, why_size, "%ld leaves reachable, but leaf_count is %ld", leaves, t->leaf_count);
    int32_t free_count = 0;
    for (int32_t i = t->free_list; ok && i != COL_TREE_NULL; i = t->nodes[i].parent) {
        if (i < 0 || i >= t->capacity) {
            ok = fail(why, why_size, "free list reaches %ld (capacity %ld)", i, t->capacity);
        } else if (seen[i]) {
            ok = fail(why, why_size, "node %ld is both in the tree or the free list twice%ld", i, 0);
        } else if (t->nodes[i].height != -1) {
            ok = fail(why, why_size, "free node %ld has height %ld", i, t->nodes[i].height);
        } else {
            seen[i] = 1;
            free_count++;
        }
    }
    if (ok && used + free_count != t->capacity)
        ok = fail(why, why_size, "%ld nodes in the tree and the free list, capacity %ld", used + free_count,
                  t->capacity);
    if (ok && why && why_size > 0) why[0] = 0;
    free(seen);
    free(stack);
    return ok;
}
