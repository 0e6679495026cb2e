/*
 * collide.mesh (collide/mesh.h) in Lua: a triangle mesh from flat arrays of
 * coordinates and 1-based vertex indices, as a userdata of type
 * collide.Mesh holding a col_mesh (freed by __gc), with picking, overlaps
 * and casts. Triangle numbers are 1-based in Lua.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lcollide.h"

#define MTNAME LCOL_NAME ".Mesh"

typedef struct lmesh {
    col_mesh *m;
    int32_t *buf; /* the triangles of mesh:overlaps, grown as needed (no garbage per query) */
    size_t cap;
} lmesh;

static lmesh *check_lmesh(lua_State *L, int idx) {
    lmesh *lm = luaL_checkudata(L, idx, MTNAME);
    if (lua_rawlen(L, idx) != sizeof(lmesh)) luaL_typeerror(L, idx, MTNAME);
    if (!lm->m) luaL_argerror(L, idx, "the mesh was freed");
    return lm;
}

static col_mesh *check_mesh(lua_State *L, int idx) { return check_lmesh(L, idx)->m; }

col_mesh *lcol_to_mesh(lua_State *L, int idx) {
    lmesh *lm = luaL_testudata(L, idx, MTNAME);
    return lm && lua_rawlen(L, idx) == sizeof(lmesh) ? lm->m : NULL;
}

/* collide.mesh(vertices, indices): vertices = {x1, y1, z1, x2, ...},
 * indices = {a1, b1, c1, a2, ...} (1-based, three per triangle). */
static int l_mesh(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Unsigned nc = lua_rawlen(L, 1), ni = lua_rawlen(L, 2);
    if (nc == 0 || nc % 3 != 0) {
        lua_pushfstring(L, "x, y, z per vertex expected: a multiple of 3 numbers, got %I", (lua_Integer)nc);
        return luaL_argerror(L, 1, lua_tostring(L, -1));
    }
    if (ni == 0 || ni % 3 != 0) {
        lua_pushfstring(L, "three vertex indices per triangle expected: a multiple of 3, got %I", (lua_Integer)ni);
        return luaL_argerror(L, 2, lua_tostring(L, -1));
    }
    const lua_Unsigned limit = (lua_Unsigned)1 << 28;
    if (nc / 3 > limit || ni / 3 > limit) return luaL_argerror(L, nc / 3 > limit ? 1 : 2, "too many (at most 2^28)");
    /* a userdata owns the scratch arrays, so an error below frees them */
    lmesh *lm = lua_newuserdatauv(L, sizeof *lm, 0);
    memset(lm, 0, sizeof *lm);
    luaL_setmetatable(L, MTNAME);
    col_vec3 *v = lua_newuserdatauv(L, (size_t)(nc / 3) * sizeof *v, 0);
    int32_t *idx = lua_newuserdatauv(L, (size_t)ni * sizeof *idx, 0);
    for (lua_Unsigned i = 0; i < nc; ++i) {
        int isnum;
        lua_rawgeti(L, 1, (lua_Integer)i + 1);
        lua_Number x = lua_tonumberx(L, -1, &isnum);
        lua_pop(L, 1);
        if (!isnum || !(fabs(x) <= (lua_Number)COL_HUGE)) {
            if (isnum) {
                char num[32];
                if (isnan(x))
                    strcpy(num, "nan");
                else
                    lcol_format_number(num, sizeof num, (double)x);
                lua_pushfstring(L, "coordinate %I is %s (finite, at most collide.huge in magnitude expected)",
                                (lua_Integer)i + 1, num);
            } else
                lua_pushfstring(L, "coordinate %I is not a number", (lua_Integer)i + 1);
            return luaL_argerror(L, 1, lua_tostring(L, -1));
        }
        col_real *r = (col_real *)(void *)&v[i / 3];
        r[i % 3] = (col_real)x;
    }
    lua_Integer nv = (lua_Integer)(nc / 3);
    for (lua_Unsigned i = 0; i < ni; ++i) {
        lua_rawgeti(L, 2, (lua_Integer)i + 1);
        int isint;
        lua_Integer k = lua_tointegerx(L, -1, &isint);
        lua_pop(L, 1);
        if (!isint || k < 1 || k > nv) {
            if (isint)
                lua_pushfstring(L, "index %I is %I: vertices run from 1 to %I", (lua_Integer)i + 1, k, nv);
            else
                lua_pushfstring(L, "index %I is not an integer", (lua_Integer)i + 1);
            return luaL_argerror(L, 2, lua_tostring(L, -1));
        }
        idx[i] = (int32_t)(k - 1);
    }
    col_mesh_error e;
    lm->m = col_mesh_create(v, (int32_t)nv, idx, (int32_t)(ni / 3), &e, NULL);
    if (!lm->m) return luaL_error(L, "collide.mesh: not enough memory");
    lua_pop(L, 2); /* the scratch arrays */
    return 1;
}

static int m_gc(lua_State *L) {
    lmesh *lm = luaL_checkudata(L, 1, MTNAME);
    if (lua_rawlen(L, 1) != sizeof(lmesh)) return 0;
    col_mesh_destroy(lm->m);
    free(lm->buf);
    memset(lm, 0, sizeof *lm);
    return 0;
}

/* mesh:raycast(ox, oy, oz, dx, dy, dz [, maxT [, sides]])
 *   --> triangle, t, px, py, pz, nx, ny, nz, u, v, w | nil */
static int m_raycast(lua_State *L) {
    col_mesh *m = check_mesh(L, 1);
    col_ray r = lcol_check_ray(L, 2);
    static const char *const sides_names[] = {"twosided", "cull", NULL};
    col_triangle_sides sides = luaL_checkoption(L, 9, "twosided", sides_names) ? COL_CULL_BACKFACES : COL_TWO_SIDED;
    col_mesh_hit h = col_mesh_raycast(m, &r, sides);
    if (h.status != COL_HIT) {
        luaL_pushfail(L);
        return 1;
    }
    lua_pushinteger(L, (lua_Integer)h.triangle + 1);
    lua_pushnumber(L, (lua_Number)h.t);
    lcol_push_vec3(L, h.point);
    lcol_push_vec3(L, h.normal);
    lua_pushnumber(L, (lua_Number)h.u);
    lua_pushnumber(L, (lua_Number)h.v);
    lua_pushnumber(L, (lua_Number)h.w);
    return 11;
}

/* mesh:overlaps(shape [, out]) --> count, out (triangle numbers in order) */
static int m_overlaps(lua_State *L) {
    lmesh *lm = check_lmesh(L, 1);
    col_mesh *m = lm->m;
    lua_settop(L, 3);
    col_shape s;
    lcol_check_3d_shape(L, 2, &s);
    int out = lcol_out_table(L, 3);
    size_t n = col_mesh_overlaps(m, &s, lm->buf, lm->cap);
    if (n == (size_t)-1) return luaL_error(L, "mesh:overlaps: not enough memory");
    if (n > lm->cap) {
        int32_t *b = realloc(lm->buf, n * sizeof *b);
        if (!b) return luaL_error(L, "mesh:overlaps: not enough memory");
        lm->buf = b;
        lm->cap = n;
        col_mesh_overlaps(m, &s, lm->buf, lm->cap);
    }
    const int32_t *tris = lm->buf;
    for (size_t i = 0; i < n; ++i) {
        lua_pushinteger(L, (lua_Integer)tris[i] + 1);
        lua_rawseti(L, out, (lua_Integer)i + 1);
    }
    lcol_trim(L, out, (lua_Integer)n);
    lua_pushinteger(L, (lua_Integer)n);
    lua_pushvalue(L, out);
    return 2;
}

/* mesh:overlap(shape) --> boolean */
static int m_overlap(lua_State *L) {
    col_mesh *m = check_mesh(L, 1);
    col_shape s;
    lcol_check_3d_shape(L, 2, &s);
    lua_pushboolean(L, col_mesh_overlap(m, &s));
    return 1;
}

/* mesh:cast(shape, dx, dy, dz)
 *   --> triangle, t0, t1, px, py, pz, nx, ny, nz, initiallyOverlapping | nil */
static int m_cast(lua_State *L) {
    col_mesh *m = check_mesh(L, 1);
    col_shape s;
    lcol_check_3d_shape(L, 2, &s);
    col_real d[3];
    lcol_check_reals(L, 3, d, 3);
    col_mesh_sweep_hit h = col_mesh_cast(m, &s, lcol_v3(d));
    if (h.triangle < 0) {
        luaL_pushfail(L);
        return 1;
    }
    lua_pushinteger(L, (lua_Integer)h.triangle + 1);
    return 1 + lcol_push_sweep(L, h.hit);
}

/* mesh:triangle(i) --> a collide triangle */
static int m_triangle(lua_State *L) {
    col_mesh *m = check_mesh(L, 1);
    lua_Integer i = luaL_checkinteger(L, 2);
    col_triangle t;
    if (i < 1 || i > col_mesh_triangle_count(m) || !col_mesh_triangle(m, (int32_t)(i - 1), &t)) {
        lua_pushfstring(L, "triangle must be in 1..%I, got %I", (lua_Integer)col_mesh_triangle_count(m), i);
        return luaL_argerror(L, 2, lua_tostring(L, -1));
    }
    lcol_push_shape(L, COL_SHAPE_TRIANGLE, &t);
    return 1;
}

/* mesh:bounds() --> minx, miny, minz, maxx, maxy, maxz */
static int m_bounds(lua_State *L) { return lcol_push_aabb(L, col_mesh_bounds(check_mesh(L, 1))); }

/* mesh:stats() --> {triangles=, vertices=, height=, bytes=} */
static int m_stats(lua_State *L) {
    col_mesh *m = check_mesh(L, 1);
    col_tree_stats s = col_mesh_tree_stats(m);
    lua_createtable(L, 0, 4);
    lua_pushinteger(L, col_mesh_triangle_count(m));
    lua_setfield(L, -2, "triangles");
    lua_pushinteger(L, col_mesh_vertex_count(m));
    lua_setfield(L, -2, "vertices");
    lua_pushinteger(L, s.height);
    lua_setfield(L, -2, "height");
    lua_pushinteger(L, (lua_Integer)(s.bytes + (size_t)col_mesh_vertex_count(m) * sizeof(col_vec3) +
                                     (size_t)col_mesh_triangle_count(m) * 3 * sizeof(int32_t)));
    lua_setfield(L, -2, "bytes");
    return 1;
}

static int m_len(lua_State *L) {
    lua_pushinteger(L, col_mesh_triangle_count(check_mesh(L, 1)));
    return 1;
}

static int m_tostring(lua_State *L) {
    col_mesh *m = check_mesh(L, 1);
    lua_pushfstring(L, "%s(%I triangles, %I vertices)", MTNAME, (lua_Integer)col_mesh_triangle_count(m),
                    (lua_Integer)col_mesh_vertex_count(m));
    return 1;
}

void lcol_open_mesh(lua_State *L) {
    static const luaL_Reg methods[] = {
        {"raycast", m_raycast},   {"overlaps", m_overlaps}, {"overlap", m_overlap}, {"cast", m_cast},
        {"triangle", m_triangle}, {"bounds", m_bounds},     {"stats", m_stats},     {NULL, NULL}};
    lcol_new_type_gc(L, MTNAME, methods, m_tostring, m_len, m_gc);
    lua_pushcfunction(L, l_mesh);
    lua_setfield(L, -2, "mesh");
}
