/*
 * collide.kdopTree and the KdopTree userdata (collide.KdopTree: a static
 * tree of k-DOPs, collide/kdop_tree.h) over a list of 3D shapes or of
 * k-DOPs: the items a k-DOP, a shape or a box may overlap, and the nearest
 * item a ray hits (exactly: each candidate's own ray cast). The items are
 * kept in the userdata's user value (a copy of the list), so they live as
 * long as the tree; a polytope's points stay where its userdata holds them.
 */
#include <stdlib.h>
#include <string.h>

#include "lcollide.h"

#define TTNAME LCOL_NAME ".KdopTree"

typedef struct ltree {
    col_kdop_tree t;
    col_shape *shapes; /* by item, or NULL where the items are k-DOPs */
    col_kdop *kdops;   /* by item where the items are k-DOPs */
} ltree;

static ltree *check_tree(lua_State *L, int idx) {
    ltree *t = luaL_checkudata(L, idx, TTNAME);
    if (lua_rawlen(L, idx) != sizeof(ltree)) luaL_typeerror(L, idx, TTNAME);
    return t;
}

static void free_tree(ltree *t) {
    col_kdop_tree_free(&t->t);
    free(t->shapes);
    free(t->kdops);
    t->shapes = NULL;
    t->kdops = NULL;
}

static int t_gc(lua_State *L) {
    ltree *t = luaL_checkudata(L, 1, TTNAME);
    if (lua_rawlen(L, 1) == sizeof(ltree)) free_tree(t);
    return 0;
}

/* collide.kdopTree(items, k): items a list of 3D shapes (not planes) or of
 * k-DOPs of that k, at least one */
static int l_kdop_tree(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    int k = lcol_check_k(L, 2);
    lua_Integer n = luaL_len(L, 1);
    if (n < 1) return luaL_argerror(L, 1, "a list of at least one shape or k-DOP expected");
    if (n > (1 << 30)) return luaL_argerror(L, 1, "too many items");
    lua_settop(L, 2);
    ltree *t = lua_newuserdatauv(L, sizeof(ltree), 1); /* 3 */
    memset(t, 0, sizeof *t);
    luaL_setmetatable(L, TTNAME);
    lua_createtable(L, (int)n, 0); /* 4: the items' copy */
    /* 5: the items' k-DOPs, scratch (collected with the stack on an error) */
    col_kdop *d = lua_newuserdatauv(L, (size_t)n * sizeof *d, 0);
    lua_rawgeti(L, 1, 1);
    bool kdops = lcol_to_kdop(L, -1) != NULL;
    lua_pop(L, 1);
    if (kdops)
        t->kdops = malloc((size_t)n * sizeof *t->kdops);
    else
        t->shapes = malloc((size_t)n * sizeof *t->shapes);
    if (!(kdops ? (void *)t->kdops : (void *)t->shapes)) return luaL_error(L, "collide.kdopTree: out of memory");
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, 1, i); /* 6 */
        const col_kdop *q = lcol_to_kdop(L, 6);
        bool ok;
        const char *why = NULL;
        if (kdops) {
            ok = q && q->k == k;
            if (ok) t->kdops[i - 1] = d[i - 1] = *q;
            why = q ? "a k-DOP of another k" : "a k-DOP expected (the first item is one)";
        } else {
            col_shape_kind kind;
            ok = !q && lcol_shape_kind(L, 6) >= 0;
            if (ok) {
                void *data = lcol_check_any_shape(L, 6, &kind);
                col_shape *s = &t->shapes[i - 1];
                memset(s, 0, sizeof *s);
                s->kind = kind;
                memcpy(&s->u, data, lcol_kind_size(kind));
                ok = col_kdop_of_shape(s, k, &d[i - 1]);
                why = "a 3D shape other than a plane expected";
            } else {
                why = "a shape expected (the first item is one)";
            }
        }
        if (!ok) return luaL_argerror(L, 1, lua_pushfstring(L, "item %I: %s", i, why));
        lua_rawseti(L, 4, i);
    }
    if (!col_kdop_tree_build(&t->t, k, d, NULL, (size_t)n)) return luaL_error(L, "collide.kdopTree: out of memory");
    lua_settop(L, 4);
    lua_setiuservalue(L, 3, 1);
    return 1;
}

typedef struct query_ctx {
    lua_State *L;
    int out;
    lua_Integer n;
} query_ctx;

static bool on_item(void *ctx, int32_t id, uint64_t user) {
    (void)user;
    query_ctx *q = ctx;
    lua_pushinteger(q->L, (lua_Integer)id + 1);
    lua_rawseti(q->L, q->out, ++q->n);
    return true;
}

/* Sorts out[1 .. n] (item indices) ascending: the answer's order is the
 * items', not the tree's. */
static void sort_out(lua_State *L, int out, lua_Integer n) {
    if (n < 2) return;
    lua_Integer *v = malloc((size_t)n * sizeof *v);
    if (!v) luaL_error(L, "kdopTree:query: out of memory");
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, out, i);
        v[i - 1] = lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    for (lua_Integer i = 1; i < n; ++i) { /* insertion sort: the tree's order is nearly sorted by place */
        lua_Integer x = v[i], j = i;
        while (j > 0 && v[j - 1] > x) v[j] = v[j - 1], --j;
        v[j] = x;
    }
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_pushinteger(L, v[i - 1]);
        lua_rawseti(L, out, i);
    }
    free(v);
}

/* tree:query(q [, out]) -> out, n: the indices of the items whose k-DOPs
 * overlap q (a k-DOP of the tree's k, or a 3D shape: its k-DOP), in
 * ascending order */
static int t_query(lua_State *L) {
    ltree *t = check_tree(L, 1);
    col_kdop q;
    const col_kdop *given = lcol_to_kdop(L, 2);
    if (given) {
        if (given->k != t->t.k)
            return luaL_argerror(L, 2, lua_pushfstring(L, "a k-DOP of k = %d expected, got k = %d", t->t.k, given->k));
        q = *given;
    } else {
        col_shape s;
        lcol_check_3d_shape(L, 2, &s);
        if (!col_kdop_of_shape(&s, t->t.k, &q))
            return luaL_argerror(L, 2, lua_pushfstring(L, "a %s has no k-DOP", col_shape_kind_name(s.kind)));
    }
    int out = lcol_out_table(L, 3);
    query_ctx c = {L, out, 0};
    if (!col_kdop_tree_query_kdop(&t->t, &q, on_item, &c)) return luaL_error(L, "kdopTree:query: out of memory");
    sort_out(L, out, c.n);
    lcol_trim(L, out, c.n);
    lua_pushvalue(L, out);
    lua_pushinteger(L, c.n);
    return 2;
}

typedef struct ray_ctx {
    const ltree *t;
    col_ray_hit best;
    int32_t item;
} ray_ctx;

static col_real on_ray(void *ctx, const col_ray *ray, int32_t id, uint64_t user) {
    (void)user;
    ray_ctx *c = ctx;
    col_ray_hit h = c->t->shapes ? col_raycast(&c->t->shapes[id], ray) : col_raycast_kdop(ray, &c->t->kdops[id]);
    if (h.status != COL_HIT) return ray->max_t;
    /* the nearest; of equal t the first item */
    if (c->item < 0 || h.t < c->best.t || (h.t == c->best.t && id < c->item)) {
        c->best = h;
        c->item = id;
    }
    return h.t;
}

/* tree:raycast(ox, oy, oz, dx, dy, dz [, maxT]) -> index, t, px, py, pz,
 * nx, ny, nz, inside: the nearest item the ray hits (its own ray cast; of
 * equal t the first), or nil */
static int t_raycast(lua_State *L) {
    ltree *t = check_tree(L, 1);
    col_ray r = lcol_check_ray(L, 2);
    ray_ctx c = {t, {0}, -1};
    if (!col_kdop_tree_raycast(&t->t, &r, on_ray, &c)) return luaL_error(L, "kdopTree:raycast: out of memory");
    if (c.item < 0) {
        luaL_pushfail(L);
        return 1;
    }
    lua_pushinteger(L, (lua_Integer)c.item + 1);
    return 1 + lcol_push_ray_hit(L, c.best);
}

/* An item's index at arg (1 .. count), or the argument error. */
static lua_Integer check_item(lua_State *L, const ltree *t, int arg) {
    lua_Integer i = luaL_checkinteger(L, arg);
    if (!(i >= 1 && i <= t->t.count))
        luaL_argerror(L, arg, lua_pushfstring(L, "no item %I (1 .. %d)", i, (int)t->t.count));
    return i;
}

/* tree:item(i): the item i as given */
static int t_item(lua_State *L) {
    lua_Integer i = check_item(L, check_tree(L, 1), 2);
    lua_getiuservalue(L, 1, 1);
    lua_rawgeti(L, -1, i);
    return 1;
}

/* tree:kdop([i]): the k-DOP of item i, or of the whole tree (its root) */
static int t_kdop(lua_State *L) {
    ltree *t = check_tree(L, 1);
    int32_t node = 0;
    if (!lua_isnoneornil(L, 2)) {
        lua_Integer i = check_item(L, t, 2);
        for (node = 0; node < t->t.node_count && t->t.nodes[node].item != (int32_t)(i - 1); ++node) {}
    }
    col_kdop d;
    (void)col_kdop_tree_node_kdop(&t->t, node, &d);
    lcol_push_kdop(L, &d);
    return 1;
}

/* tree:stats() -> {count, nodes, height, k, bytes} */
static int t_stats(lua_State *L) {
    ltree *t = check_tree(L, 1);
    lua_createtable(L, 0, 5);
    lua_pushinteger(L, t->t.count);
    lua_setfield(L, -2, "count");
    lua_pushinteger(L, t->t.node_count);
    lua_setfield(L, -2, "nodes");
    lua_pushinteger(L, t->t.height);
    lua_setfield(L, -2, "height");
    lua_pushinteger(L, t->t.k);
    lua_setfield(L, -2, "k");
    size_t bytes = (size_t)t->t.node_count * (sizeof(col_kdop_tree_node) + (size_t)t->t.k * sizeof(col_real)) +
                   (size_t)t->t.count * sizeof(uint64_t);
    lua_pushinteger(L, (lua_Integer)bytes);
    lua_setfield(L, -2, "bytes");
    return 1;
}

static int t_len(lua_State *L) {
    lua_pushinteger(L, check_tree(L, 1)->t.count);
    return 1;
}

static int t_tostring(lua_State *L) {
    ltree *t = check_tree(L, 1);
    lua_pushfstring(L, "%s(%d items, k = %d, height %d)", TTNAME, (int)t->t.count, t->t.k, (int)t->t.height);
    return 1;
}

void lcol_open_kdop_tree(lua_State *L) {
    static const luaL_Reg methods[] = {{"query", t_query}, {"raycast", t_raycast}, {"item", t_item},
                                       {"kdop", t_kdop},   {"stats", t_stats},     {NULL, NULL}};
    lcol_new_type_gc(L, TTNAME, methods, t_tostring, t_len, t_gc);
    lua_pushcfunction(L, l_kdop_tree);
    lua_setfield(L, -2, "kdopTree");
}
