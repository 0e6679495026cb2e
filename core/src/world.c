/*
 * The world (collide/world.h): body slots with generations, two trees
 * (static, movable) and a list of planes, and the scene queries: broad phase
 * on the trees, narrow phase through the generic dispatch, results sorted by
 * body id or by (t, body id).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide/mesh.h"
#include "geom.h"
#include "world_private.h"

#define id_of col__world_id
#define lookup col__world_lookup

const char *col_world_status_text(col_world_status s) {
    switch (s) {
    case COL_WORLD_OK: return "ok";
    case COL_WORLD_INVALID_SHAPE: return "invalid shape (non-finite, out of range, degenerate beyond repair, or 2D)";
    case COL_WORLD_STALE_ID: return "no such body (removed, or never added)";
    case COL_WORLD_LOCKED: return "the world is locked: a query is running (called from a filter or callback)";
    case COL_WORLD_NO_MEMORY: return "out of memory";
    case COL_WORLD_INVALID_ARGUMENT: return "invalid argument";
    }
    return "unknown status";
}

col_body_def col_body_def_default(void) {
    col_body_def d;
    memset(&d, 0, sizeof d);
    d.shape.kind = COL_SHAPE_KIND_COUNT;
    d.category = 1;
    d.mask = ~(uint64_t)0;
    return d;
}

col_filter col_filter_default(void) {
    col_filter f;
    memset(&f, 0, sizeof f);
    f.category = ~(uint64_t)0;
    f.mask = ~(uint64_t)0;
    return f;
}

col_world *col_world_create(void) {
    col_world *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->free_slot = COL_TREE_NULL;
    col_tree_init(&w->trees[0]);
    col_tree_init(&w->trees[1]);
    w->trees[0].margin = 0;
    w->skin = COL_WORLD_DEFAULT_SKIN;
    return w;
}

col_world_status col_world_set_margin(col_world *w, col_real margin) {
    if (!w || !col_is_valid_real(margin) || margin < 0) return COL_WORLD_INVALID_ARGUMENT;
    if (w->locked) return COL_WORLD_LOCKED;
    w->trees[1].margin = margin;
    return COL_WORLD_OK;
}

void col_world_destroy(col_world *w) {
    if (!w) return;
    col_tree_free(&w->trees[0]);
    col_tree_free(&w->trees[1]);
    col_kdop_tree_free(&w->kdop);
    for (int32_t i = 0; i < w->slot_count; ++i) free(w->bodies[i].points);
    free(w->bodies);
    free(w->planes);
    free(w->scratch);
    free(w->move_hits);
    free(w->move_slots);
    free(w->move_near);
    free(w->overlaps);
    free(w->events);
    free(w);
}

/* ------------------------------ bodies ------------------------------ */

static bool valid_3d(const col_shape *s) {
    return s && s->kind >= 0 && s->kind < COL_SHAPE_KIND_COUNT && !col_shape_kind_is_2d(s->kind) &&
           col_shape_is_valid(s);
}

/* Checks a new shape; its bounds (for a bounded shape) in *bounds. */
static col_world_status check_shape(const col_shape *s, col_aabb *bounds, bool *is_plane) {
    if (!valid_3d(s)) return COL_WORLD_INVALID_SHAPE;
    *is_plane = s->kind == COL_SHAPE_PLANE;
    if (!*is_plane && !col__padded_bounds(s, bounds)) return COL_WORLD_INVALID_SHAPE;
    return COL_WORLD_OK;
}

static bool reserve_planes(col_world *w) {
    if (w->plane_count < w->planes_cap) return true;
    size_t cap = w->planes_cap ? w->planes_cap * 2 : 8;
    int32_t *p = realloc(w->planes, cap * sizeof *p);
    if (!p) return false;
    w->planes = p;
    w->planes_cap = cap;
    return true;
}

static void drop_plane(col_world *w, int32_t slot) {
    for (size_t i = 0; i < w->plane_count; ++i)
        if (w->planes[i] == slot) {
            memmove(&w->planes[i], &w->planes[i + 1], (w->plane_count - i - 1) * sizeof *w->planes);
            w->plane_count--;
            return;
        }
}

/* The padded box of a mesh (its bounds as an AABB shape, padded like a shape's). */
static bool mesh_bounds(const col_mesh *m, col_aabb *out) {
    col_shape s;
    memset(&s, 0, sizeof s);
    s.kind = COL_SHAPE_AABB;
    s.u.aabb = col_mesh_bounds(m);
    return col__padded_bounds(&s, out);
}

/* The world's copies of a polytope's points for a body: 3 count of them
 * (the base's, then room for two translated shapes: a move writes the one
 * not in use and switches only when the result is valid). NULL for other
 * kinds, with *ok true; NULL with *ok false when memory runs out. */
static col_vec3 *own_points(const col_shape *s, bool *ok) {
    *ok = true;
    if (s->kind != COL_SHAPE_POLYTOPE) return NULL;
    size_t n = (size_t)s->u.polytope.count;
    col_vec3 *p = malloc(3 * n * sizeof *p);
    if (!p) {
        *ok = false;
        return NULL;
    }
    memcpy(p, s->u.polytope.points, n * sizeof *p);
    memcpy(p + n, s->u.polytope.points, n * sizeof *p);
    return p;
}

/* Gives body b the shape s at position 0, with the points from own_points. */
static void adopt_shape(body *b, const col_shape *s, col_vec3 *points) {
    col_shape copy = *s; /* s may be b's own shape */
    free(b->points);
    b->points = points;
    b->base = b->shape = copy;
    b->offset = col_v3(0, 0, 0);
    if (points) {
        b->base.u.polytope.points = points;
        b->shape.u.polytope.points = points + copy.u.polytope.count;
    }
}

/* Body b's base at `offset`, in *out (a polytope's points written to
 * `points`): the base itself, bit for bit, at a zero offset (translating by
 * zero would turn its -0 coordinates into +0), else translated (the base is
 * valid: col__shape_translate_valid). */
static bool placed_shape(const body *b, col_vec3 offset, col_vec3 *points, col_shape *out) {
    if (offset.x != 0 || offset.y != 0 || offset.z != 0)
        return col__shape_translate_valid(&b->base, offset, points, out);
    *out = b->base;
    if (b->base.kind == COL_SHAPE_POLYTOPE) {
        if (!points) return false;
        memcpy(points, b->base.u.polytope.points, (size_t)b->base.u.polytope.count * sizeof *points);
        out->u.polytope.points = points;
    }
    return true;
}

/* Adds a body of a shape (mesh NULL) or of a mesh. */
static col_world_status add_body(col_world *w, const col_body_def *def, const col_mesh *mesh, col_body_id *id) {
    if (id) *id = COL_BODY_NULL;
    if (!w || !def) return COL_WORLD_INVALID_ARGUMENT;
    if (w->locked) return COL_WORLD_LOCKED;
    col_aabb bounds;
    bool is_plane = false;
    if (mesh) {
        if (!mesh_bounds(mesh, &bounds)) return COL_WORLD_INVALID_SHAPE;
    } else {
        col_world_status st = check_shape(&def->shape, &bounds, &is_plane);
        if (st != COL_WORLD_OK) return st;
    }
    /* a slot: the last freed, or a new one */
    int32_t slot = w->free_slot;
    if (slot == COL_TREE_NULL) {
        if (w->slot_count == w->slot_cap) {
            if (w->slot_cap >= INT32_MAX / 2) return COL_WORLD_NO_MEMORY;
            int32_t cap = w->slot_cap ? w->slot_cap * 2 : 16;
            body *b = realloc(w->bodies, (size_t)cap * sizeof *b);
            if (!b) return COL_WORLD_NO_MEMORY;
            w->bodies = b;
            w->slot_cap = cap;
        }
        slot = w->slot_count;
        memset(&w->bodies[slot], 0, sizeof(body));
        w->bodies[slot].next_free = COL_TREE_NULL;
    }
    body *b = &w->bodies[slot];
    bool ok;
    col_vec3 *points = mesh ? NULL : own_points(&def->shape, &ok);
    if (!mesh && !ok) return COL_WORLD_NO_MEMORY;
    int32_t proxy = COL_TREE_NULL;
    if (is_plane) {
        if (!reserve_planes(w)) return COL_WORLD_NO_MEMORY;
    } else {
        proxy = col_tree_insert(&w->trees[def->is_static ? 0 : 1], &bounds, (uint64_t)slot);
        w->static_version += def->is_static;
        if (proxy == COL_TREE_NULL) {
            free(points);
            return COL_WORLD_NO_MEMORY;
        }
    }
    if (slot == w->free_slot)
        w->free_slot = b->next_free;
    else
        w->slot_count++;
    b->points = NULL;
    b->mesh = mesh;
    if (mesh) {
        memset(&b->shape, 0, sizeof b->shape);
        b->shape.kind = COL_SHAPE_KIND_COUNT;
        b->base = b->shape;
        b->offset = col_v3(0, 0, 0);
    } else {
        adopt_shape(b, &def->shape, points);
    }
    b->bounds = bounds;
    b->user = def->user;
    b->category = def->category;
    b->mask = def->mask;
    b->proxy = proxy;
    b->next_free = COL_TREE_NULL;
    b->live = true;
    b->is_static = def->is_static;
    b->is_sensor = def->is_sensor;
    b->velocity = col_v3(0, 0, 0);
    b->is_plane = is_plane;
    if (is_plane) w->planes[w->plane_count++] = slot;
    w->live++;
    w->static_count += def->is_static;
    if (id) *id = id_of(w, slot);
    return COL_WORLD_OK;
}

col_world_status col_world_add(col_world *w, const col_body_def *def, col_body_id *id) {
    if (id) *id = COL_BODY_NULL;
    if (!w || !def) return COL_WORLD_INVALID_ARGUMENT;
    return add_body(w, def, NULL, id);
}

col_world_status col_world_add_mesh(col_world *w, const col_mesh *mesh, const col_body_def *def, col_body_id *id) {
    if (id) *id = COL_BODY_NULL;
    if (!w || !def || !mesh) return COL_WORLD_INVALID_ARGUMENT;
    return add_body(w, def, mesh, id);
}

col_world_status col_world_remove(col_world *w, col_body_id id) {
    if (!w) return COL_WORLD_INVALID_ARGUMENT;
    if (w->locked) return COL_WORLD_LOCKED;
    body *b = lookup(w, id);
    if (!b) return COL_WORLD_STALE_ID;
    int32_t slot = (int32_t)(b - w->bodies);
    if (b->is_plane)
        drop_plane(w, slot);
    else
        col_tree_remove(&w->trees[b->is_static ? 0 : 1], b->proxy);
    w->static_version += b->is_static;
    w->live--;
    w->static_count -= b->is_static;
    free(b->points);
    b->points = NULL;
    b->live = false;
    b->generation++;
    b->proxy = COL_TREE_NULL;
    b->next_free = w->free_slot;
    w->free_slot = slot;
    return COL_WORLD_OK;
}

/* Puts body b's leaf (or plane entry) where a shape with these bounds (is_plane:
 * none) belongs; nothing changes on failure. */
static col_world_status relocate(col_world *w, body *b, const col_aabb *bounds, bool is_plane) {
    int32_t slot = (int32_t)(b - w->bodies);
    col_tree *tree = &w->trees[b->is_static ? 0 : 1];
    w->static_version += b->is_static; /* (a new shape: the k-DOP tree's items change) */
    if (is_plane != b->is_plane) {
        /* between the tree and the plane list */
        if (is_plane) {
            if (!reserve_planes(w)) return COL_WORLD_NO_MEMORY;
            col_tree_remove(tree, b->proxy);
            b->proxy = COL_TREE_NULL;
            w->planes[w->plane_count++] = slot;
        } else {
            int32_t proxy = col_tree_insert(tree, bounds, (uint64_t)slot);
            if (proxy == COL_TREE_NULL) return COL_WORLD_NO_MEMORY;
            drop_plane(w, slot);
            b->proxy = proxy;
        }
    } else if (!is_plane) {
        if (b->is_static) {
            /* static bodies have exact boxes: always reinsert */
            int32_t proxy = col_tree_insert(tree, bounds, (uint64_t)slot);
            if (proxy == COL_TREE_NULL) return COL_WORLD_NO_MEMORY;
            col_tree_remove(tree, b->proxy);
            b->proxy = proxy;
        } else {
            int moved = col_tree_move(tree, b->proxy, bounds);
            if (moved < 0) return COL_WORLD_NO_MEMORY;
            w->movable_reinserts += (uint64_t)moved;
        }
    }
    b->is_plane = is_plane;
    if (!is_plane) b->bounds = *bounds;
    return COL_WORLD_OK;
}

col_world_status col_world_set_shape(col_world *w, col_body_id id, const col_shape *shape) {
    if (!w) return COL_WORLD_INVALID_ARGUMENT;
    if (w->locked) return COL_WORLD_LOCKED;
    body *b = lookup(w, id);
    if (!b) return COL_WORLD_STALE_ID;
    col_aabb bounds;
    bool is_plane = false, ok;
    col_world_status st = check_shape(shape, &bounds, &is_plane);
    if (st != COL_WORLD_OK) return st;
    col_vec3 *points = own_points(shape, &ok);
    if (!ok) return COL_WORLD_NO_MEMORY;
    st = relocate(w, b, &bounds, is_plane);
    if (st != COL_WORLD_OK) {
        free(points);
        return st;
    }
    adopt_shape(b, shape, points);
    b->mesh = NULL;
    return COL_WORLD_OK;
}

col_world_status col__world_place(col_world *w, body *b, col_vec3 offset) {
    if (b->mesh) return COL_WORLD_INVALID_ARGUMENT;
    col_vec3 *spare = col__body_spare_points(b);
    col_shape moved;
    col_aabb bounds = {{0, 0, 0}, {0, 0, 0}};
    if (!placed_shape(b, offset, spare, &moved)) return COL_WORLD_INVALID_ARGUMENT;
    if (!b->is_plane && !col__padded_bounds(&moved, &bounds)) return COL_WORLD_INVALID_ARGUMENT;
    col_world_status st = relocate(w, b, &bounds, b->is_plane);
    if (st != COL_WORLD_OK) return st;
    b->shape = moved;
    b->offset = offset;
    return COL_WORLD_OK;
}

col_world_status col_world_set_filter(col_world *w, col_body_id id, uint64_t category, uint64_t mask) {
    if (!w) return COL_WORLD_INVALID_ARGUMENT;
    if (w->locked) return COL_WORLD_LOCKED;
    body *b = lookup(w, id);
    if (!b) return COL_WORLD_STALE_ID;
    b->category = category;
    b->mask = mask;
    return COL_WORLD_OK;
}

bool col_world_contains(const col_world *w, col_body_id id) { return w && lookup(w, id) != NULL; }

const col_shape *col_world_shape(const col_world *w, col_body_id id) {
    body *b = w ? lookup(w, id) : NULL;
    return b && !b->mesh ? &b->shape : NULL;
}

const col_mesh *col_world_mesh(const col_world *w, col_body_id id) {
    body *b = w ? lookup(w, id) : NULL;
    return b ? b->mesh : NULL;
}

bool col_world_body(const col_world *w, col_body_id id, void **user, uint64_t *category, uint64_t *mask,
                    bool *is_static) {
    body *b = w ? lookup(w, id) : NULL;
    if (!b) return false;
    if (user) *user = b->user;
    if (category) *category = b->category;
    if (mask) *mask = b->mask;
    if (is_static) *is_static = b->is_static;
    return true;
}

bool col_world_bounds(const col_world *w, col_body_id id, col_aabb *out) {
    body *b = w ? lookup(w, id) : NULL;
    if (!b || b->is_plane) return false;
    if (out) *out = b->bounds;
    return true;
}

size_t col_world_count(const col_world *w) { return w ? w->live : 0; }

size_t col_world_bodies(const col_world *w, col_body_id *out, size_t cap) {
    if (!w) return 0;
    size_t n = 0;
    for (int32_t s = 0; s < w->slot_count; ++s)
        if (w->bodies[s].live) {
            if (out && n < cap) out[n] = id_of(w, s);
            n++;
        }
    return n;
}

/* Whether b's shape is placed_shape(b, its offset), bit for bit. */
static bool shape_is_placed(const body *b) {
    bool zero = b->offset.x == 0 && b->offset.y == 0 && b->offset.z == 0;
    if (b->base.kind == COL_SHAPE_POLYTOPE) {
        int n = b->base.u.polytope.count;
        const col_vec3 *p = b->shape.u.polytope.points;
        if (!b->points || b->base.u.polytope.points != b->points || b->shape.u.polytope.count != n ||
            (p != b->points + n && p != b->points + 2 * n))
            return false;
        for (int i = 0; i < n; ++i) {
            col_vec3 q = zero ? b->points[i] : col_v3_add(b->points[i], b->offset);
            if (memcmp(&q, &p[i], sizeof q) != 0) return false;
        }
        return true;
    }
    col_shape t;
    return b->points == NULL && placed_shape(b, b->offset, NULL, &t) && memcmp(&t, &b->shape, sizeof t) == 0;
}

static bool wfail(char *why, size_t size, const char *msg, long a) {
    if (why && size > 0) snprintf(why, size, msg, a);
    return false;
}

bool col_world_validate(const col_world *w, char *why, size_t why_size) {
    if (!w) return wfail(why, why_size, "no world%ld", 0);
    for (int k = 0; k < 2; ++k)
        if (!col_tree_validate(&w->trees[k], why, why_size)) return false;
    size_t live = 0, stat = 0, planes = 0;
    int32_t leaves[2] = {0, 0};
    for (int32_t s = 0; s < w->slot_count; ++s) {
        const body *b = &w->bodies[s];
        if (!b->live) continue;
        live++;
        stat += b->is_static;
        if (!b->mesh && !shape_is_placed(b)) return wfail(why, why_size, "body %ld's shape is not its base moved", s);
        if (b->is_plane) {
            planes++;
            if (b->proxy != COL_TREE_NULL) return wfail(why, why_size, "plane body %ld has a proxy", s);
            if (b->shape.kind != COL_SHAPE_PLANE) return wfail(why, why_size, "body %ld is no plane", s);
            continue;
        }
        const col_tree *t = &w->trees[b->is_static ? 0 : 1];
        col_aabb fat;
        uint64_t user;
        if (!col_tree_proxy(t, b->proxy, &fat, &user)) return wfail(why, why_size, "body %ld has no leaf", s);
        if (user != (uint64_t)s) return wfail(why, why_size, "body %ld's leaf names another slot", s);
        /* written out, not by the tree's own containment test, so a defect
         * there (a move that keeps a box that left) shows here */
        bool inside = true;
        for (int k = 0; k < 3; ++k)
            inside = inside && col_v3_get(fat.min, k) <= col_v3_get(b->bounds.min, k) &&
                     col_v3_get(b->bounds.max, k) <= col_v3_get(fat.max, k);
        if (!inside) return wfail(why, why_size, "body %ld's leaf misses its bounds", s);
        col_aabb tight;
        if (!(b->mesh ? mesh_bounds(b->mesh, &tight) : col__padded_bounds(&b->shape, &tight)) ||
            memcmp(&tight, &b->bounds, sizeof tight) != 0)
            return wfail(why, why_size, "body %ld's bounds are not its shape's", s);
        leaves[b->is_static ? 0 : 1]++;
    }
    if (live != w->live || stat != w->static_count || planes != w->plane_count)
        return wfail(why, why_size, "counts disagree (%ld live bodies found)", (long)live);
    for (int k = 0; k < 2; ++k)
        if (leaves[k] != w->trees[k].leaf_count) return wfail(why, why_size, "tree %ld has leaves of no body", k);
    for (size_t i = 0; i < w->plane_count; ++i) {
        int32_t s = w->planes[i];
        if (s < 0 || s >= w->slot_count || !w->bodies[s].live || !w->bodies[s].is_plane)
            return wfail(why, why_size, "plane list names slot %ld", s);
    }
    int32_t dead = 0;
    for (int32_t s = w->free_slot; s != COL_TREE_NULL; s = w->bodies[s].next_free) {
        if (s < 0 || s >= w->slot_count || w->bodies[s].live || ++dead > w->slot_count)
            return wfail(why, why_size, "free slot list reaches %ld", s);
    }
    if ((size_t)dead + live != (size_t)w->slot_count)
        return wfail(why, why_size, "%ld slots neither live nor free", (long)w->slot_count - dead - (long)live);
    if (why && why_size) why[0] = 0;
    return true;
}

col_world_status col_world_optimize(col_world *w) {
    if (!w) return COL_WORLD_INVALID_ARGUMENT;
    if (w->locked) return COL_WORLD_LOCKED;
    /* (each rebuild leaves its tree as it was where memory runs out) */
    bool ok = col_tree_rebuild(&w->trees[0]);
    ok = col_tree_rebuild(&w->trees[1]) && ok;
    return ok ? COL_WORLD_OK : COL_WORLD_NO_MEMORY;
}

/* A step's reinsertions into the movable tree: where they were at least
 * half its leaves (a crowd whose bodies each moved past their fat boxes,
 * as balls moving a few units a step do), the tree is rebuilt by binned
 * SAH (col_tree_rebuild). Insertion by the surface-area heuristic with
 * rotations keeps a tree valid but not as good as a top-down build: on
 * bench/lua_bench.lua's crowd of 10^5 balls a swept step took 7.3 us per
 * ball on the tree kept by insertions and 5.2 on one rebuilt after each
 * step, the rebuild included. The rebuild (0.39-0.43 us per leaf at 10^5,
 * 0.22 at 10^3) costs at most about the step's own reinsertions (0.82 us
 * each at 10^5, 0.46 at 10^3) and no step waits on a rebuild that earlier
 * steps' moves called for. Below about 1000 leaves it saves no more than
 * it costs (10^3 balls: 1.95-1.97 us per ball with it, 1.90-1.94 without;
 * 2000: 2.21-2.34 against 2.32-2.39), so none below 1024. Out of memory,
 * the tree stays as it was (valid): the step goes on. */
void col__world_tidy_movable(col_world *w, uint64_t reinserted) {
    const col_tree *t = &w->trees[1];
    if (t->leaf_count >= 1024 && reinserted >= (uint64_t)t->leaf_count / 2) (void)col_tree_rebuild(&w->trees[1]);
}

col_world_status col_world_set_static_kdop(col_world *w, int k) {
    if (!w || (k != 0 && col_kdop_axis(k, 0).x == COL_R(0.0))) return COL_WORLD_INVALID_ARGUMENT;
    if (w->locked) return COL_WORLD_LOCKED;
    if (k != w->kdop_k) {
        col_kdop_tree_free(&w->kdop);
        w->kdop_k = k;
        w->static_version++; /* built anew at the next ray query */
    }
    return COL_WORLD_OK;
}

int col_world_static_kdop(const col_world *w) { return w ? w->kdop_k : 0; }

/* The static bodies' k-DOP tree, current (built where the static bodies
 * changed since): false where the option is off or memory ran out (the
 * query then takes the AABB tree). */
static bool static_kdop_ready(col_world *w) {
    if (w->kdop_k == 0) return false;
    if (w->kdop_version == w->static_version && (w->kdop.count > 0 || w->trees[0].leaf_count == 0)) return true;
    size_t n = (size_t)w->trees[0].leaf_count;
    col_kdop *d = n ? malloc(n * sizeof *d) : NULL;
    uint64_t *users = n ? malloc(n * sizeof *users) : NULL;
    bool ok = n == 0 || (d && users);
    size_t m = 0;
    for (int32_t i = 0; ok && i < w->slot_count; ++i) {
        const body *b = &w->bodies[i];
        if (!b->live || !b->is_static || b->is_plane || m >= n) continue;
        col_shape box = {.kind = COL_SHAPE_AABB};
        box.u.aabb = b->bounds;
        /* a mesh by its bounds; a shape by its own k-DOP (its bounds
         * where that fails, which no valid bounded shape does) */
        if (b->mesh || !col_kdop_of_shape(&b->shape, w->kdop_k, &d[m])) ok = col_kdop_of_shape(&box, w->kdop_k, &d[m]);
        /* padded as the body's box is (col__padded_bounds: 64 eps of its
         * magnitude and 1e-30 on each coordinate, a diagonal's sum of up to
         * three of them), so no rounding of the narrow phase falls outside:
         * a point 2^-991 from the origin was hit by a ray from 1.7e-218 away
         * (the cast's squares underflow: inside), and the tree must not cull
         * what the AABB tree visits (a fuzz_world finding) */
        col_real mag = col_max(col__abs_max(b->bounds.min), col__abs_max(b->bounds.max));
        col_real pad = mag * (COL_R(64.0) * COL_EPSILON) + COL_R(1e-30);
        for (int j = 0; ok && j < w->kdop_k / 2; ++j) {
            col_vec3 a = col_kdop_axis(w->kdop_k, j);
            col_real g = pad * (col_abs(a.x) + col_abs(a.y) + col_abs(a.z));
            d[m].min[j] -= g;
            d[m].max[j] += g;
        }
        users[m++] = (uint64_t)i;
    }
    ok = ok && col_kdop_tree_build(&w->kdop, w->kdop_k, d, users, m);
    free(d);
    free(users);
    if (!ok) {
        col_kdop_tree_free(&w->kdop);
        return false;
    }
    w->kdop_version = w->static_version;
    return true;
}

col_world_stats col_world_stats_of(const col_world *w) {
    col_world_stats s;
    memset(&s, 0, sizeof s);
    if (!w) return s;
    s.bodies = w->live;
    s.static_bodies = w->static_count;
    s.movable_bodies = w->live - w->static_count;
    s.planes = w->plane_count;
    s.static_tree = col_tree_stats_of(&w->trees[0]);
    s.movable_tree = col_tree_stats_of(&w->trees[1]);
    s.bytes = sizeof *w + (size_t)w->slot_cap * sizeof(body) + w->planes_cap * sizeof(int32_t) + w->scratch_bytes +
              w->move_hits_cap * sizeof(col__world_hit) + w->move_slots_cap * sizeof(int32_t) +
              w->move_near_cap * sizeof(int32_t) + s.static_tree.bytes + s.movable_tree.bytes;
    return s;
}

/* ------------------------------ query machinery ------------------------------ */

/* What a query collects per body: the slot and, by query, a class or a hit. */
typedef struct found {
    int32_t slot;
    col_cull cull;
    col_real t;
    union {
        col_ray_hit ray;
        col_sweep_hit sweep;
    } hit;
} found;

typedef struct query {
    col_world *w;
    const col_filter *filter;
    col_world_status status;
    size_t count; /* entries in w->scratch */
    /* the query's own input */
    const col_shape *shape;
    const col_frustum *frustum;
    col_ray ray;
    col_vec3 delta;
    int32_t skip; /* a body the query ignores (the moves' own), or COL_TREE_NULL */
    bool near;    /* a move's cast: every body the narrow phase tests into w->move_near */
    /* the closest so far (closest queries) */
    bool closest;
    int32_t best_slot;
    col_real best_t;
    found best;
} query;

static bool masks_pass(const col_filter *f, const body *b) {
    return !f || ((b->category & f->mask) != 0 && (f->category & b->mask) != 0);
}

static bool accept(const query *q, int32_t slot) {
    const col_filter *f = q->filter;
    return !f || !f->accept || f->accept(f->ctx, id_of(q->w, slot), q->w->bodies[slot].user);
}

static found *push(query *q) {
    col_world *w = q->w;
    if ((q->count + 1) * sizeof(found) > w->scratch_bytes) {
        size_t bytes = w->scratch_bytes ? w->scratch_bytes * 2 : 64 * sizeof(found);
        void *p = realloc(w->scratch, bytes);
        if (!p) {
            q->status = COL_WORLD_NO_MEMORY;
            return NULL;
        }
        w->scratch = p;
        w->scratch_bytes = bytes;
    }
    found *f = (found *)w->scratch + q->count++;
    memset(f, 0, sizeof *f);
    return f;
}

static int by_slot(const void *pa, const void *pb) {
    const found *a = pa, *b = pb;
    return (a->slot > b->slot) - (a->slot < b->slot);
}

static int by_t_slot(const void *pa, const void *pb) {
    const found *a = pa, *b = pb;
    if (a->t != b->t) return a->t < b->t ? -1 : 1;
    return (a->slot > b->slot) - (a->slot < b->slot);
}

/* f[0..n) by slot, or by (t, slot): each a total order (a slot is found
 * once), so any sort gives the same order; an insertion sort for the
 * common few, qsort beyond 32. */
static void sort_found(found *f, size_t n, bool by_t) {
    if (n > 32) {
        qsort(f, n, sizeof *f, by_t ? by_t_slot : by_slot);
        return;
    }
    for (size_t i = 1; i < n; ++i) {
        found x = f[i];
        size_t j = i;
        for (; j > 0; --j) {
            const found *y = &f[j - 1];
            bool before = by_t && x.t != y->t ? x.t < y->t : x.slot < y->slot;
            if (!before) break;
            f[j] = *y;
        }
        f[j] = x;
    }
}

/* A query over w's bodies but `skip` (a slot, or COL_TREE_NULL). */
static void init_query(query *q, col_world *w, const col_filter *filter, int32_t skip) {
    memset(q, 0, sizeof *q);
    q->w = w;
    q->filter = filter;
    q->best_slot = COL_TREE_NULL;
    q->skip = skip;
}

static bool begin(col_world *w, query *q, const col_filter *filter, col_world_status *status) {
    init_query(q, w, filter, COL_TREE_NULL);
    if (!w) {
        if (status) *status = COL_WORLD_INVALID_ARGUMENT;
        return false;
    }
    if (w->locked) {
        if (status) *status = COL_WORLD_LOCKED;
        return false;
    }
    w->locked = 1;
    return true;
}

static size_t fail_query(query *q, col_world_status st, col_world_status *status) {
    if (q->w) q->w->locked = 0;
    if (status) *status = st;
    return (size_t)-1;
}

/* Sorts what was found, runs the accept callback in that order, and copies
 * ids (and classes) out. */
static size_t finish_ids(query *q, col_body_id *out, col_cull *classes, size_t cap, col_world_status *status) {
    if (q->status != COL_WORLD_OK) return fail_query(q, q->status, status);
    found *f = (found *)q->w->scratch;
    sort_found(f, q->count, false);
    size_t n = 0;
    for (size_t i = 0; i < q->count; ++i) {
        if (!accept(q, f[i].slot)) continue;
        if (n < cap) {
            if (out) out[n] = id_of(q->w, f[i].slot);
            if (classes) classes[n] = f[i].cull;
        }
        n++;
    }
    q->w->locked = 0;
    if (status) *status = COL_WORLD_OK;
    return n;
}

/* Visits every body in the trees whose box overlaps `box` and every plane,
 * calling visit(q, slot) for those whose masks pass. */
typedef void visit_fn(query *q, int32_t slot);

typedef struct box_ctx {
    query *q;
    visit_fn *visit;
} box_ctx;

static bool box_visit(void *ctx, int32_t proxy, uint64_t user) {
    (void)proxy;
    box_ctx *c = ctx;
    int32_t slot = (int32_t)user;
    if (masks_pass(c->q->filter, &c->q->w->bodies[slot])) c->visit(c->q, slot);
    return c->q->status == COL_WORLD_OK;
}

static void visit_planes(query *q, visit_fn *visit) {
    for (size_t i = 0; i < q->w->plane_count && q->status == COL_WORLD_OK; ++i) {
        int32_t slot = q->w->planes[i];
        if (masks_pass(q->filter, &q->w->bodies[slot])) visit(q, slot);
    }
}

/* every bounded body (for a query shape without bounds: a plane) */
static void visit_all_bounded(query *q, visit_fn *visit) {
    for (int32_t s = 0; s < q->w->slot_count && q->status == COL_WORLD_OK; ++s) {
        const body *b = &q->w->bodies[s];
        if (b->live && !b->is_plane && masks_pass(q->filter, b)) visit(q, s);
    }
}

static void visit_box(query *q, const col_aabb *box, visit_fn *visit) {
    if (q->w->brute_force) {
        visit_all_bounded(q, visit);
        visit_planes(q, visit);
        return;
    }
    box_ctx c = {q, visit};
    for (int k = 0; k < 2 && q->status == COL_WORLD_OK; ++k)
        if (!col_tree_query_aabb(&q->w->trees[k], box, box_visit, &c) && q->status == COL_WORLD_OK)
            q->status = COL_WORLD_NO_MEMORY;
    visit_planes(q, visit);
}

static void overlap_visit(query *q, int32_t slot) {
    if (slot == q->skip) return;
    const body *b = &q->w->bodies[slot];
    if (b->mesh ? col_mesh_overlap(b->mesh, q->shape) : col_overlap(q->shape, &b->shape)) {
        found *f = push(q);
        if (f) f->slot = slot;
    }
}

/* ------------------------------ overlap queries ------------------------------ */

/* Every body whose masks pass that q->shape overlaps, into the scratch. */
static void walk_overlaps(query *q) {
    col_aabb box;
    if (col__padded_bounds(q->shape, &box)) {
        visit_box(q, &box, overlap_visit);
    } else {
        visit_all_bounded(q, overlap_visit);
        visit_planes(q, overlap_visit);
    }
}

size_t col_world_query_shape(col_world *w, const col_shape *shape, const col_filter *filter, col_body_id *out,
                             size_t cap, col_world_status *status) {
    query q;
    if (!begin(w, &q, filter, status)) return (size_t)-1;
    if (!valid_3d(shape)) return fail_query(&q, COL_WORLD_INVALID_SHAPE, status);
    q.shape = shape;
    walk_overlaps(&q);
    return finish_ids(&q, out, NULL, cap, status);
}

size_t col_world_query_aabb(col_world *w, const col_aabb *box, const col_filter *filter, col_body_id *out, size_t cap,
                            col_world_status *status) {
    if (!box || !col_aabb_is_valid(box)) {
        if (status) *status = COL_WORLD_INVALID_ARGUMENT;
        return (size_t)-1;
    }
    col_shape s;
    memset(&s, 0, sizeof s);
    s.kind = COL_SHAPE_AABB;
    s.u.aabb = *box;
    return col_world_query_shape(w, &s, filter, out, cap, status);
}

size_t col_world_query_point(col_world *w, col_vec3 p, const col_filter *filter, col_body_id *out, size_t cap,
                             col_world_status *status) {
    if (!col_v3_is_valid(p)) {
        if (status) *status = COL_WORLD_INVALID_ARGUMENT;
        return (size_t)-1;
    }
    col_shape s;
    memset(&s, 0, sizeof s);
    s.kind = COL_SHAPE_POINT;
    s.u.point.p = p;
    return col_world_query_shape(w, &s, filter, out, cap, status);
}

/* ------------------------------ frustum ------------------------------ */

static bool cull_visit(void *ctx, int32_t proxy, uint64_t user, col_cull cull) {
    (void)proxy;
    query *q = ctx;
    int32_t slot = (int32_t)user;
    const body *b = &q->w->bodies[slot];
    if (!masks_pass(q->filter, b)) return true;
    if (cull != COL_CULL_INSIDE)
        cull = b->mesh ? col_frustum_classify_mesh(q->frustum, b->mesh)
                       : col_frustum_classify_shape(q->frustum, &b->shape);
    if (cull == COL_CULL_INSIDE || cull == COL_CULL_INTERSECTING) {
        found *f = push(q);
        if (f) {
            f->slot = slot;
            f->cull = cull;
        }
    }
    return q->status == COL_WORLD_OK;
}

static void cull_plane(query *q, int32_t slot) { cull_visit(q, COL_TREE_NULL, (uint64_t)slot, COL_CULL_INTERSECTING); }

size_t col_world_query_frustum(col_world *w, const col_frustum *f, const col_filter *filter, col_body_id *out,
                               col_cull *classes, size_t cap, col_world_status *status) {
    query q;
    if (!begin(w, &q, filter, status)) return (size_t)-1;
    if (!f || !col_frustum_is_valid(f)) return fail_query(&q, COL_WORLD_INVALID_ARGUMENT, status);
    q.frustum = f;
    for (int k = 0; k < 2 && q.status == COL_WORLD_OK; ++k)
        if (!col__tree_query_frustum(&w->trees[k], f, false, cull_visit, &q) && q.status == COL_WORLD_OK)
            q.status = COL_WORLD_NO_MEMORY;
    visit_planes(&q, cull_plane);
    return finish_ids(&q, out, classes, cap, status);
}

/* ------------------------------ rays ------------------------------ */

/* The ray cast of a body's shape (or mesh). */
static col_ray_hit ray_body(const body *b, const col_ray *r) {
    if (b->mesh) {
        col_mesh_hit mh = col_mesh_raycast(b->mesh, r, COL_TWO_SIDED);
        col_ray_hit h;
        memset(&h, 0, sizeof h);
        h.status = mh.status;
        h.t = mh.t;
        h.point = mh.point;
        h.normal = mh.normal;
        return h;
    }
    return col_raycast(&b->shape, r); /* a polytope by GJK ray casting */
}

static bool better(const query *q, col_real t, int32_t slot) {
    return q->best_slot == COL_TREE_NULL || t < q->best_t || (t == q->best_t && slot < q->best_slot);
}

/* A hit: the closest query keeps it when better and accepted; the "all"
 * query stores it. */
static void offer(query *q, int32_t slot, col_real t, const found *hit) {
    if (q->closest) {
        if (better(q, t, slot) && accept(q, slot)) {
            q->best_slot = slot;
            q->best_t = t;
            q->best = *hit;
            q->best.slot = slot;
            q->best.t = t;
        }
        return;
    }
    found *f = push(q);
    if (f) {
        *f = *hit;
        f->slot = slot;
        f->t = t;
    }
}

static void ray_visit(query *q, int32_t slot) {
    found h;
    memset(&h, 0, sizeof h);
    h.hit.ray = ray_body(&q->w->bodies[slot], &q->ray);
    if (h.hit.ray.status == COL_HIT) offer(q, slot, h.hit.ray.t, &h);
}

static col_real ray_tree_visit(void *ctx, const col_ray *ray, int32_t proxy, uint64_t user) {
    (void)proxy;
    query *q = ctx;
    int32_t slot = (int32_t)user;
    /* the body is tested against the whole ray, not the tree's clipped one:
     * a polytope's hit is computed over the ray up to its box's exit or the
     * ray's end, so a clipped end would make its t depend on the order the
     * tree visits bodies in (the tree's shape) */
    (void)ray;
    if (masks_pass(q->filter, &q->w->bodies[slot])) ray_visit(q, slot);
    if (q->status != COL_WORLD_OK) return -1;
    return q->closest && q->best_slot != COL_TREE_NULL ? q->best_t : q->ray.max_t;
}

static size_t run_ray(col_world *w, const col_ray *ray, const col_filter *filter, bool closest, query *q,
                      col_world_status *status) {
    if (!begin(w, q, filter, status)) return (size_t)-1;
    if (!ray || !col_ray_is_valid(ray)) return fail_query(q, COL_WORLD_INVALID_ARGUMENT, status);
    q->closest = closest;
    q->ray = *ray;
    visit_planes(q, ray_visit);
    if (w->brute_force) visit_all_bounded(q, ray_visit);
    for (int k = 0; k < 2 && q->status == COL_WORLD_OK && !w->brute_force; ++k) {
        col_ray r = *ray;
        if (closest && q->best_slot != COL_TREE_NULL) r.max_t = q->best_t;
        bool walked = k == 0 && static_kdop_ready(w) ? col_kdop_tree_raycast(&w->kdop, &r, ray_tree_visit, q)
                                                     : col_tree_raycast(&w->trees[k], &r, ray_tree_visit, q);
        if (!walked && q->status == COL_WORLD_OK) q->status = COL_WORLD_NO_MEMORY;
    }
    if (q->status != COL_WORLD_OK) return fail_query(q, q->status, status);
    return 0;
}

bool col_world_raycast(col_world *w, const col_ray *ray, const col_filter *filter, col_world_ray_hit *out,
                       col_world_status *status) {
    query q;
    if (run_ray(w, ray, filter, true, &q, status) == (size_t)-1) return false;
    w->locked = 0;
    if (status) *status = COL_WORLD_OK;
    if (q.best_slot == COL_TREE_NULL) return false;
    if (out) {
        out->body = id_of(w, q.best_slot);
        out->hit = q.best.hit.ray;
    }
    return true;
}

/* Sorts hits by (t, id), runs the accept callback in that order and copies
 * them out with the copy function. */
typedef void copy_fn(const col_world *w, const found *f, void *out, size_t i);

static size_t finish_hits(query *q, void *out, size_t cap, copy_fn *copy, col_world_status *status) {
    if (q->status != COL_WORLD_OK) return fail_query(q, q->status, status);
    found *f = (found *)q->w->scratch;
    sort_found(f, q->count, true);
    size_t n = 0;
    for (size_t i = 0; i < q->count; ++i) {
        if (!accept(q, f[i].slot)) continue;
        if (out && n < cap) copy(q->w, &f[i], out, n);
        n++;
    }
    q->w->locked = 0;
    if (status) *status = COL_WORLD_OK;
    return n;
}

static void copy_ray(const col_world *w, const found *f, void *out, size_t i) {
    col_world_ray_hit *o = (col_world_ray_hit *)out + i;
    o->body = id_of(w, f->slot);
    o->hit = f->hit.ray;
}

size_t col_world_raycast_all(col_world *w, const col_ray *ray, const col_filter *filter, col_world_ray_hit *out,
                             size_t cap, col_world_status *status) {
    query q;
    if (run_ray(w, ray, filter, false, &q, status) == (size_t)-1) return (size_t)-1;
    return finish_hits(&q, out, cap, copy_ray, status);
}

/* ------------------------------ casts ------------------------------ */

static void note_near(query *q, int32_t slot);

static void cast_visit(query *q, int32_t slot) {
    if (slot == q->skip) return;
    if (q->near) note_near(q, slot);
    found h;
    memset(&h, 0, sizeof h);
    const body *b = &q->w->bodies[slot];
    if (b->mesh)
        h.hit.sweep = col_mesh_cast(b->mesh, q->shape, q->delta).hit;
    else
        h.hit.sweep = col_sweep(q->shape, q->delta, &b->shape, col_v3(0, 0, 0));
    if (h.hit.sweep.status == COL_HIT || h.hit.sweep.status == COL_NOT_CONVERGED) offer(q, slot, h.hit.sweep.t0, &h);
}

static col_real cast_tree_visit(void *ctx, const col_ray *ray, int32_t proxy, uint64_t user) {
    (void)proxy;
    query *q = ctx;
    int32_t slot = (int32_t)user;
    if (masks_pass(q->filter, &q->w->bodies[slot])) cast_visit(q, slot);
    /* never clipped to the best t0 so far: a sweep by conservative
     * advancement reports a t0 before its contact (within its tolerance, or
     * at its iteration cap), possibly before the time the motion enters the
     * body's box, so a box entered later may still hold the first hit */
    return q->status != COL_WORLD_OK ? -1 : ray->max_t;
}

/* Every body whose masks pass that q->shape meets moving by q->delta (the
 * closest, or all into the scratch). */
static void walk_cast(query *q) {
    visit_planes(q, cast_visit);
    col_aabb box;
    if (!q->w->brute_force && col__padded_bounds(q->shape, &box)) {
        for (int k = 0; k < 2 && q->status == COL_WORLD_OK; ++k)
            if (!col_tree_cast_aabb(&q->w->trees[k], &box, q->delta, COL_R(1.0), cast_tree_visit, q) &&
                q->status == COL_WORLD_OK)
                q->status = COL_WORLD_NO_MEMORY;
    } else {
        visit_all_bounded(q, cast_visit);
    }
}

static size_t run_cast(col_world *w, const col_shape *shape, col_vec3 delta, const col_filter *filter, bool closest,
                       query *q, col_world_status *status) {
    if (!begin(w, q, filter, status)) return (size_t)-1;
    if (!valid_3d(shape)) return fail_query(q, COL_WORLD_INVALID_SHAPE, status);
    if (!col_v3_is_valid(delta)) return fail_query(q, COL_WORLD_INVALID_ARGUMENT, status);
    q->closest = closest;
    q->shape = shape;
    q->delta = delta;
    walk_cast(q);
    if (q->status != COL_WORLD_OK) return fail_query(q, q->status, status);
    return 0;
}

bool col_world_cast(col_world *w, const col_shape *shape, col_vec3 delta, const col_filter *filter,
                    col_world_cast_hit *out, col_world_status *status) {
    query q;
    if (run_cast(w, shape, delta, filter, true, &q, status) == (size_t)-1) return false;
    w->locked = 0;
    if (status) *status = COL_WORLD_OK;
    if (q.best_slot == COL_TREE_NULL) return false;
    if (out) {
        out->body = id_of(w, q.best_slot);
        out->hit = q.best.hit.sweep;
    }
    return true;
}

static void copy_cast(const col_world *w, const found *f, void *out, size_t i) {
    col_world_cast_hit *o = (col_world_cast_hit *)out + i;
    o->body = id_of(w, f->slot);
    o->hit = f->hit.sweep;
}

size_t col_world_cast_all(col_world *w, const col_shape *shape, col_vec3 delta, const col_filter *filter,
                          col_world_cast_hit *out, size_t cap, col_world_status *status) {
    query q;
    if (run_cast(w, shape, delta, filter, false, &q, status) == (size_t)-1) return (size_t)-1;
    return finish_hits(&q, out, cap, copy_cast, status);
}

/* ------------------------------ the moves' cast ------------------------------ */

/* buf (of *cap elements of `size` bytes, need > *cap) reallocated with
 * room for at least `need` (*cap updated); NULL when memory runs out (buf is
 * then still valid). */
static void *grow(void *buf, size_t *cap, size_t need, size_t size) {
    size_t c = *cap ? *cap : 16;
    while (c < need) c *= 2;
    void *p = realloc(buf, c * size);
    if (p) *cap = c;
    return p;
}

static void note_near(query *q, int32_t slot) {
    col_world *w = q->w;
    if (w->move_near_count == w->move_near_cap) {
        int32_t *p = grow(w->move_near, &w->move_near_cap, w->move_near_count + 1, sizeof *p);
        if (!p) {
            q->status = COL_WORLD_NO_MEMORY;
            return;
        }
        w->move_near = p;
    }
    w->move_near[w->move_near_count++] = slot;
}

size_t col__world_cast_locked(col_world *w, const col_shape *shape, col_vec3 delta, const col_filter *filter,
                              int32_t skip, col__world_hit **hits) {
    query q;
    init_query(&q, w, filter, skip);
    q.shape = shape;
    q.delta = delta;
    q.near = true;
    w->move_near_count = 0;
    walk_cast(&q);
    if (q.status != COL_WORLD_OK) return (size_t)-1;
    if (q.count > w->move_hits_cap) {
        col__world_hit *h = grow(w->move_hits, &w->move_hits_cap, q.count, sizeof *h);
        if (!h) return (size_t)-1;
        w->move_hits = h;
    }
    found *f = (found *)w->scratch;
    sort_found(f, q.count, true);
    for (size_t i = 0; i < q.count; ++i) {
        memset(&w->move_hits[i], 0, sizeof w->move_hits[i]);
        w->move_hits[i].slot = f[i].slot;
        w->move_hits[i].sweep = f[i].hit.sweep;
    }
    col__sort_int32(w->move_near, w->move_near_count);
    *hits = w->move_hits;
    return q.count;
}

size_t col__world_near_overlaps(col_world *w, const col_shape *shape, int32_t **slots) {
    if (w->move_near_count > w->move_slots_cap) {
        int32_t *out = grow(w->move_slots, &w->move_slots_cap, w->move_near_count, sizeof *out);
        if (!out) return (size_t)-1;
        w->move_slots = out;
    }
    size_t n = 0;
    for (size_t i = 0; i < w->move_near_count; ++i) {
        const body *b = &w->bodies[w->move_near[i]];
        if (b->mesh ? col_mesh_overlap(b->mesh, shape) : col_overlap(shape, &b->shape))
            w->move_slots[n++] = w->move_near[i];
    }
    *slots = w->move_slots;
    return n;
}

size_t col__world_overlaps_locked(col_world *w, const col_shape *shape, const col_filter *filter, int32_t skip,
                                  int32_t **slots) {
    query q;
    init_query(&q, w, filter, skip);
    q.shape = shape;
    walk_overlaps(&q);
    if (q.status != COL_WORLD_OK) return (size_t)-1;
    if (q.count > w->move_slots_cap) {
        int32_t *out = grow(w->move_slots, &w->move_slots_cap, q.count, sizeof *out);
        if (!out) return (size_t)-1;
        w->move_slots = out;
    }
    found *f = (found *)w->scratch;
    sort_found(f, q.count, false);
    for (size_t i = 0; i < q.count; ++i) w->move_slots[i] = f[i].slot;
    *slots = w->move_slots;
    return q.count;
}

col_world_status col_world_set_brute_force(col_world *w, bool on) {
    if (!w) return COL_WORLD_INVALID_ARGUMENT;
    if (w->locked) return COL_WORLD_LOCKED;
    w->brute_force = on;
    return COL_WORLD_OK;
}

bool col_world_brute_force(const col_world *w) { return w && w->brute_force; }
