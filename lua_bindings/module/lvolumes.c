/*
 * Bounding volumes from point sets (collide/volumes.h): collide.boundingBox,
 * collide.boundingSphere, collide.kdop, collide.merge, and the k-DOP
 * userdata (collide.Kdop: a col_kdop, its metatable protected like the
 * shapes' and its block size checked).
 */
#include <string.h>

#include "lcollide.h"

#define KTNAME LCOL_TNAME("Kdop")

static col_kdop *check_kdop(lua_State *L, int idx) {
    col_kdop *d = luaL_checkudata(L, idx, KTNAME);
    if (lua_rawlen(L, idx) != sizeof(col_kdop)) luaL_typeerror(L, idx, KTNAME);
    return d;
}

static void push_kdop(lua_State *L, const col_kdop *d) {
    *(col_kdop *)lua_newuserdatauv(L, sizeof *d, 0) = *d;
    luaL_setmetatable(L, KTNAME);
}

/* collide.boundingBox(points [, method]): "aabb" (default) an AABB, "pca"
 * an OBB by principal components. */
static int l_bounding_box(lua_State *L) {
    static const char *const methods[] = {"aabb", "pca", NULL};
    int m = luaL_checkoption(L, 2, "aabb", methods); /* before the points, which push a scratch block */
    size_t n;
    const col_vec3 *p = lcol_check_points(L, 1, &n);
    if (m == 0) {
        col_aabb b;
        if (!col_aabb_from_points(p, n, &b)) return luaL_argerror(L, 1, "the points make no box");
        lcol_push_shape(L, COL_SHAPE_AABB, &b);
        return 1;
    }
    col_obb b;
    if (!col_obb_from_points(p, n, COL_OBB_PCA, &b))
        return luaL_argerror(L, 1, lua_pushfstring(L, "the points spread beyond %f: no box", (lua_Number)COL_HUGE));
    lcol_push_shape(L, COL_SHAPE_OBB, &b);
    return 1;
}

/* collide.boundingSphere(points [, method]): "minimum" (default), "ritter",
 * "aabb" (centred on the points' box). */
static int l_bounding_sphere(lua_State *L) {
    static const char *const methods[] = {"minimum", "ritter", "aabb", NULL};
    static const col_sphere_method codes[] = {COL_SPHERE_MINIMUM, COL_SPHERE_RITTER, COL_SPHERE_AABB_CENTRE};
    int m = luaL_checkoption(L, 2, "minimum", methods);
    size_t n;
    const col_vec3 *p = lcol_check_points(L, 1, &n);
    col_sphere s;
    if (!col_sphere_from_points(p, n, codes[m], &s))
        return luaL_argerror(L, 1, lua_pushfstring(L, "the points spread beyond %f: no sphere", (lua_Number)COL_HUGE));
    lcol_push_shape(L, COL_SHAPE_SPHERE, &s);
    return 1;
}

/* collide.kdop(points, k) */
static int l_kdop(lua_State *L) {
    lua_Integer k = luaL_checkinteger(L, 2);
    if (k != 6 && k != 14 && k != 18 && k != 26)
        return luaL_argerror(L, 2, lua_pushfstring(L, "k must be 6, 14, 18 or 26, got %I", k));
    size_t n;
    const col_vec3 *p = lcol_check_points(L, 1, &n);
    col_kdop d;
    if (!col_kdop_from_points(p, n, (int)k, &d)) return luaL_argerror(L, 1, "the points make no k-DOP");
    push_kdop(L, &d);
    return 1;
}

/* collide.merge(a, b): two AABBs, two spheres or two k-DOPs of one k. */
static int l_merge(lua_State *L) {
    if (luaL_testudata(L, 1, KTNAME)) {
        const col_kdop *a = check_kdop(L, 1), *b = check_kdop(L, 2);
        col_kdop d;
        if (!col_kdop_merge(a, b, &d))
            return luaL_argerror(L, 2, lua_pushfstring(L, "a %d-DOP expected, got a %d-DOP", a->k, b->k));
        push_kdop(L, &d);
        return 1;
    }
    col_shape a, b;
    lcol_check_shape(L, 1, &a);
    lcol_check_shape(L, 2, &b);
    if (a.kind == COL_SHAPE_AABB && b.kind == COL_SHAPE_AABB) {
        col_aabb m;
        (void)col_aabb_merge(&a.u.aabb, &b.u.aabb, &m); /* valid by construction */
        lcol_push_shape(L, COL_SHAPE_AABB, &m);
        return 1;
    }
    if (a.kind == COL_SHAPE_SPHERE && b.kind == COL_SHAPE_SPHERE) {
        col_sphere m;
        if (!col_sphere_merge(&a.u.sphere, &b.u.sphere, &m))
            return luaL_argerror(L, 2, lua_pushfstring(L, "the spheres spread beyond %f", (lua_Number)COL_HUGE));
        lcol_push_shape(L, COL_SHAPE_SPHERE, &m);
        return 1;
    }
    return luaL_argerror(L, 2,
                         lua_pushfstring(L, "two aabbs, two spheres or two k-DOPs expected, got %s and %s",
                                         col_shape_kind_name(a.kind), col_shape_kind_name(b.kind)));
}

/* kdop:contains(x, y, z) */
static int k_contains(lua_State *L) {
    const col_kdop *d = check_kdop(L, 1);
    col_real v[3];
    lcol_check_reals(L, 2, v, 3);
    lua_pushboolean(L, col_kdop_contains_point(d, lcol_v3(v)));
    return 1;
}

/* kdop:overlaps(other) */
static int k_overlaps(lua_State *L) {
    const col_kdop *a = check_kdop(L, 1), *b = check_kdop(L, 2);
    if (a->k != b->k) return luaL_argerror(L, 2, lua_pushfstring(L, "a %d-DOP expected, got a %d-DOP", a->k, b->k));
    lua_pushboolean(L, col_kdop_overlap(a, b));
    return 1;
}

/* kdop:k() */
static int k_k(lua_State *L) {
    lua_pushinteger(L, check_kdop(L, 1)->k);
    return 1;
}

/* kdop:slab(i) --> min, max, ax, ay, az */
static int k_slab(lua_State *L) {
    const col_kdop *d = check_kdop(L, 1);
    lua_Integer i = luaL_checkinteger(L, 2);
    if (i < 1 || i > d->k / 2)
        return luaL_argerror(L, 2, lua_pushfstring(L, "slab index must be in [1, %d], got %I", d->k / 2, i));
    lua_pushnumber(L, (lua_Number)d->min[i - 1]);
    lua_pushnumber(L, (lua_Number)d->max[i - 1]);
    return 2 + lcol_push_vec3(L, col_kdop_axis(d->k, (int)i - 1));
}

static int k_tostring(lua_State *L) {
    const col_kdop *d = check_kdop(L, 1);
    char lo[3][32], hi[3][32];
    for (int i = 0; i < 3; ++i) {
        lcol_format_number(lo[i], sizeof lo[i], (double)d->min[i]);
        lcol_format_number(hi[i], sizeof hi[i], (double)d->max[i]);
    }
    lua_pushfstring(L, "collide.Kdop(k %d; x %s..%s, y %s..%s, z %s..%s)", d->k, lo[0], hi[0], lo[1], hi[1], lo[2],
                    hi[2]);
    return 1;
}

void lcol_open_volumes(lua_State *L) {
    static const luaL_Reg methods[] = {
        {"contains", k_contains}, {"overlaps", k_overlaps}, {"k", k_k}, {"slab", k_slab}, {NULL, NULL}};
    lcol_new_type(L, KTNAME, methods, k_tostring, NULL);
    static const luaL_Reg functions[] = {{"boundingBox", l_bounding_box},
                                         {"boundingSphere", l_bounding_sphere},
                                         {"kdop", l_kdop},
                                         {"merge", l_merge},
                                         {NULL, NULL}};
    luaL_setfuncs(L, functions, 0);
}
