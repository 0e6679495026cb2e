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

void lcol_push_kdop(lua_State *L, const col_kdop *d) { push_kdop(L, d); }

const col_kdop *lcol_to_kdop(lua_State *L, int idx) {
    const col_kdop *d = luaL_testudata(L, idx, KTNAME);
    return d && lua_rawlen(L, idx) == sizeof(col_kdop) ? d : NULL;
}

/* collide.boundingBox(points [, method]): "aabb" (default) an AABB, "pca"
 * an OBB by principal components, "minimum" the OBB of least volume over
 * the hull's directions. */
static int l_bounding_box(lua_State *L) {
    static const char *const methods[] = {"aabb", "pca", "minimum", NULL};
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
    if (!col_obb_from_points(p, n, m == 1 ? COL_OBB_PCA : COL_OBB_MINIMUM, &b))
        return luaL_argerror(
            L, 1, lua_pushfstring(L, "the points spread beyond %f (or out of memory): no box", (lua_Number)COL_HUGE));
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

int lcol_check_k(lua_State *L, int arg) {
    lua_Integer k = luaL_checkinteger(L, arg);
    if (k != 6 && k != 14 && k != 18 && k != 26)
        return luaL_argerror(L, arg, lua_pushfstring(L, "k must be 6, 14, 18 or 26, got %I", k));
    return (int)k;
}

/* collide.kdop(points, k), collide.kdop(shape, k): a 3D shape's k-DOP
 * (col_kdop_of_shape; a polytope's from its points, the same) */
static int l_kdop(lua_State *L) {
    int k = lcol_check_k(L, 2);
    int kind = lcol_shape_kind(L, 1);
    if (kind >= 0 && kind != COL_SHAPE_POLYTOPE) {
        col_shape s;
        lcol_check_3d_shape(L, 1, &s);
        col_kdop d;
        if (!col_kdop_of_shape(&s, k, &d))
            return luaL_argerror(L, 1, lua_pushfstring(L, "a %s has no k-DOP", col_shape_kind_name(s.kind)));
        push_kdop(L, &d);
        return 1;
    }
    size_t n;
    const col_vec3 *p = lcol_check_points(L, 1, &n);
    col_kdop d;
    if (!col_kdop_from_points(p, n, k, &d)) return luaL_argerror(L, 1, "the points make no k-DOP");
    push_kdop(L, &d);
    return 1;
}

/* collide.merge(a, b [, method]): two AABBs, two spheres, two OBBs (by PCA or
 * the least box over their corners) or two k-DOPs of one k. */
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
    if (a.kind == COL_SHAPE_OBB && b.kind == COL_SHAPE_OBB) {
        static const char *const names[] = {"pca", "minimum", NULL};
        static const col_obb_method codes[] = {COL_OBB_PCA, COL_OBB_MINIMUM};
        int m = luaL_checkoption(L, 3, "pca", names);
        col_obb o;
        if (!col_obb_merge(&a.u.obb, &b.u.obb, codes[m], &o))
            return luaL_argerror(L, 2, lua_pushfstring(L, "the boxes spread beyond %f", (lua_Number)COL_HUGE));
        lcol_push_shape(L, COL_SHAPE_OBB, &o);
        return 1;
    }
    return luaL_argerror(L, 2,
                         lua_pushfstring(L, "two aabbs, two spheres, two obbs or two k-DOPs expected, got %s and %s",
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

/* kdop:overlaps(other): another k-DOP of the same k, or an AABB shape */
static int k_overlaps(lua_State *L) {
    const col_kdop *a = check_kdop(L, 1);
    if (lcol_shape_kind(L, 2) == COL_SHAPE_AABB) {
        lua_pushboolean(L, col_kdop_overlap_aabb(a, lcol_check_kind(L, 2, COL_SHAPE_AABB)));
        return 1;
    }
    const col_kdop *b = check_kdop(L, 2);
    if (a->k != b->k) return luaL_argerror(L, 2, lua_pushfstring(L, "a %d-DOP expected, got a %d-DOP", a->k, b->k));
    lua_pushboolean(L, col_kdop_overlap(a, b));
    return 1;
}

/* kdop:k() */
/* d:raycast(ox, oy, oz, dx, dy, dz [, maxT]): col_raycast_kdop, the hit as
 * collide.raycast's (t, point, normal, inside), or nil. */
static int k_raycast(lua_State *L) {
    const col_kdop *d = check_kdop(L, 1);
    col_ray r = lcol_check_ray(L, 2);
    col_ray_hit h = col_raycast_kdop(&r, d);
    if (h.status != COL_HIT) {
        luaL_pushfail(L);
        return 1;
    }
    return lcol_push_ray_hit(L, h);
}

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

/* The hull's owner while the result tables are built (a Lua error there,
 * out of memory, must not leak it): a userdata whose __gc frees it. */
#define HTNAME LCOL_TNAME("HullScratch")

static int hull_gc(lua_State *L) {
    col_hull *h = luaL_checkudata(L, 1, HTNAME);
    col_hull_free(h);
    return 0;
}

static void push_xyz(lua_State *L, col_vec3 v) {
    lua_createtable(L, 3, 0);
    lua_pushnumber(L, (lua_Number)v.x);
    lua_rawseti(L, -2, 1);
    lua_pushnumber(L, (lua_Number)v.y);
    lua_rawseti(L, -2, 2);
    lua_pushnumber(L, (lua_Number)v.z);
    lua_rawseti(L, -2, 3);
}

/* The hull of the points at arg, owned by a scratch userdata pushed on the
 * stack (its __gc frees it: an error before the caller frees it leaks
 * nothing). The points are valid (lcol_check_points): only memory can fail. */
static col_hull *hull_arg(lua_State *L, int arg) {
    size_t n;
    const col_vec3 *p = lcol_check_points(L, arg, &n);
    col_hull *h = lua_newuserdatauv(L, sizeof(col_hull), 0);
    memset(h, 0, sizeof *h);
    luaL_setmetatable(L, HTNAME);
    if (!col_hull_build(p, n, h)) luaL_error(L, "out of memory for the hull of %d points", (int)n);
    return h;
}

/* collide.hull(points): the convex hull as a polytope of its vertices, its
 * faces ({normal = {x, y, z}, d = d, vertices = {i, ...}}, the indices into
 * the polytope's points, counter-clockwise seen from outside) and its
 * dimension (3 a solid, 2 flat, 1 a segment, 0 a point). */
static int l_hull(lua_State *L) {
    col_hull *h = hull_arg(L, 1);
    col_polytope poly = col_hull_polytope(h);
    lcol_push_shape(L, COL_SHAPE_POLYTOPE, &poly);
    lua_createtable(L, h->face_count, 0);
    for (int f = 0; f < h->face_count; ++f) {
        lua_createtable(L, 0, 3);
        push_xyz(L, h->faces[f].plane.n);
        lua_setfield(L, -2, "normal");
        lua_pushnumber(L, (lua_Number)h->faces[f].plane.d);
        lua_setfield(L, -2, "d");
        int m = col_hull_face_size(h, f), e = h->faces[f].edge;
        lua_createtable(L, m, 0);
        for (int i = 1; i <= m; ++i) {
            lua_pushinteger(L, h->edges[e].origin + 1);
            lua_rawseti(L, -2, i);
            e = h->edges[e].next;
        }
        lua_setfield(L, -2, "vertices");
        lua_rawseti(L, -2, f + 1);
    }
    lua_pushinteger(L, h->dimension);
    col_hull_free(h); /* now, not at the next collection */
    return 3;
}

/* hull_arg's hull, refused unless a solid (dimension 3). */
static col_hull *check_hull(lua_State *L, int arg) {
    col_hull *h = hull_arg(L, arg);
    if (h->dimension != 3) {
        static const char *const what[] = {"one point", "on a line", "flat"};
        luaL_argerror(L, arg, lua_pushfstring(L, "the points are %s: a solid hull expected", what[h->dimension]));
    }
    return h;
}

/* collide.separatingAxis(pointsA, pointsB): the separating-axis test of
 * the two hulls: separation, nx, ny, nz (from B toward A), and the axis
 * ("faceA", "faceB", "edges"). */
static int l_separating_axis(lua_State *L) {
    col_hull *a = check_hull(L, 1), *b = check_hull(L, 2);
    col_hull_sat_result r;
    if (!col_hull_sat(a, b, &r)) return luaL_error(L, "collide.separatingAxis: out of memory");
    static const char *const axes[] = {"faceA", "faceB", "edges"};
    lua_pushnumber(L, (lua_Number)r.separation);
    lua_pushnumber(L, (lua_Number)r.normal.x);
    lua_pushnumber(L, (lua_Number)r.normal.y);
    lua_pushnumber(L, (lua_Number)r.normal.z);
    lua_pushstring(L, axes[r.axis]);
    col_hull_free(a);
    col_hull_free(b);
    return 5;
}

/* collide.contains(volume, shape): whether the shape lies wholly in the
 * volume, an AABB, an OBB, a sphere (col_volume_contains) or a k-DOP
 * (col_kdop_contains_shape) */
static int l_contains(lua_State *L) {
    const col_kdop *d = lcol_to_kdop(L, 1);
    col_shape v;
    if (!d) {
        lcol_check_3d_shape(L, 1, &v);
        if (v.kind != COL_SHAPE_AABB && v.kind != COL_SHAPE_OBB && v.kind != COL_SHAPE_SPHERE)
            return luaL_argerror(L, 1,
                                 lua_pushfstring(L, "an aabb, obb, sphere or k-DOP expected as the volume, got %s",
                                                 col_shape_kind_name(v.kind)));
    }
    col_shape s;
    lcol_check_3d_shape(L, 2, &s);
    if (s.kind == COL_SHAPE_PLANE) return luaL_argerror(L, 2, "a plane lies in no volume");
    lua_pushboolean(L, d ? col_kdop_contains_shape(d, &s) : col_volume_contains(&v, &s));
    return 1;
}

void lcol_open_volumes(lua_State *L) {
    luaL_newmetatable(L, HTNAME);
    lua_pushcfunction(L, hull_gc);
    lua_setfield(L, -2, "__gc");
    lcol_protect(L);
    lua_pop(L, 1);
    static const luaL_Reg methods[] = {{"contains", k_contains}, {"overlaps", k_overlaps},
                                       {"raycast", k_raycast},   {"k", k_k},
                                       {"slab", k_slab},         {NULL, NULL}};
    lcol_new_type(L, KTNAME, methods, k_tostring, NULL);
    static const luaL_Reg functions[] = {{"boundingBox", l_bounding_box},
                                         {"boundingSphere", l_bounding_sphere},
                                         {"kdop", l_kdop},
                                         {"merge", l_merge},
                                         {"contains", l_contains},
                                         {"hull", l_hull},
                                         {"separatingAxis", l_separating_axis},
                                         {NULL, NULL}};
    luaL_setfuncs(L, functions, 0);
}
