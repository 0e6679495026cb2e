/*
 * collide.frustum (collide/frustum.h): a view frustum from a camera or six
 * planes, and frustum culling of spheres, AABBs and OBBs. A frustum is a
 * userdata of type collide.Frustum holding a col_frustum; its metatable is
 * protected like the shapes' (lcol_protect) and its block size is checked,
 * so a metatable moved onto another userdata is refused.
 */
#include <math.h>
#include <string.h>

#include "lcollide.h"

#define FTNAME "collide.Frustum"

static col_frustum *check_frustum(lua_State *L, int idx) {
    col_frustum *f = luaL_checkudata(L, idx, FTNAME);
    if (lua_rawlen(L, idx) != sizeof(col_frustum)) luaL_typeerror(L, idx, FTNAME);
    return f;
}

const col_frustum *lcol_check_frustum(lua_State *L, int idx) { return check_frustum(L, idx); }

static void push_frustum(lua_State *L, const col_frustum *f) {
    *(col_frustum *)lua_newuserdatauv(L, sizeof *f, 0) = *f;
    luaL_setmetatable(L, FTNAME);
}

/* collide.frustum(eyex, eyey, eyez, targetx, targety, targetz, upx, upy, upz,
 * fovy, aspect, near, far) or collide.frustum(left, right, bottom, top, near,
 * far) with six planes whose normals point inward. */
static int l_frustum(lua_State *L) {
    col_frustum f;
    if (lua_type(L, 1) != LUA_TNUMBER) {
        static const char *const names[6] = {"left", "right", "bottom", "top", "near", "far"};
        for (int i = 0; i < 6; ++i) {
            col_shape_kind k;
            void *p = lcol_check_any_shape(L, i + 1, &k);
            if (k != COL_SHAPE_PLANE) {
                lua_pushfstring(L, "plane expected (the %s plane), got %s", names[i], col_shape_kind_name(k));
                return luaL_argerror(L, i + 1, lua_tostring(L, -1));
            }
            f.planes[i] = *(const col_plane *)p;
        }
        luaL_argcheck(L, lua_isnone(L, 7), 7, "six planes expected");
        push_frustum(L, &f);
        return 1;
    }
    col_real v[13];
    lcol_check_reals(L, 1, v, 13);
    col_vec3 eye = lcol_v3(v), forward = col_v3_sub(lcol_v3(v + 3), eye), up = lcol_v3(v + 6);
    luaL_argcheck(L, v[9] > 0 && v[9] < COL_R(3.14159265358979323846), 10, "fovy must be in (0, pi) radians");
    luaL_argcheck(L, v[10] > 0, 11, "aspect must be > 0");
    luaL_argcheck(L, v[11] > 0, 12, "near must be > 0");
    luaL_argcheck(L, v[12] > v[11], 13, "far must be > near");
    luaL_argcheck(L, col_v3_is_valid(forward) && col_v3_len_sq(forward) > 0, 4, "target must differ from the eye");
    f = col_frustum_from_camera(eye, forward, up, v[9], v[10], v[11], v[12]);
    luaL_argcheck(L, col_frustum_is_valid(&f), 7, "up must be non-zero and not along the view direction");
    push_frustum(L, &f);
    return 1;
}

/* frustum:classify(shape [, method]): "outside", "intersecting" or "inside";
 * method "exact" (default) or "planes" (spheres, AABBs and OBBs; every other
 * 3D shape is classified exactly, col_frustum_classify_shape). */
static int f_classify(lua_State *L) {
    const col_frustum *f = check_frustum(L, 1);
    col_shape_kind k;
    const void *s = lcol_check_any_shape(L, 2, &k);
    static const char *const methods[] = {"exact", "planes", NULL};
    bool planes = luaL_checkoption(L, 3, "exact", methods) == 1;
    col_cull c;
    switch (k) {
    case COL_SHAPE_SPHERE:
        c = planes ? col_frustum_classify_sphere_planes(f, s) : col_frustum_classify_sphere(f, s);
        break;
    case COL_SHAPE_AABB: c = planes ? col_frustum_classify_aabb_planes(f, s) : col_frustum_classify_aabb(f, s); break;
    case COL_SHAPE_OBB: c = planes ? col_frustum_classify_obb_planes(f, s) : col_frustum_classify_obb(f, s); break;
    default: {
        col_shape sh;
        lcol_check_3d_shape(L, 2, &sh);
        if (planes) {
            lua_pushfstring(L, "'planes' applies to a sphere, aabb or obb, not a %s", col_shape_kind_name(k));
            return luaL_argerror(L, 3, lua_tostring(L, -1));
        }
        c = col_frustum_classify_shape(f, &sh);
    }
    }
    if (c == COL_CULL_INVALID) return luaL_argerror(L, 1, "invalid frustum (a plane with a zero normal)");
    lua_pushstring(L, col_cull_name(c));
    return 1;
}

/* frustum:corner(i): corner i (1..8) as x, y, z; nil when the planes bound
 * no hexahedron. */
static int f_corner(lua_State *L) {
    const col_frustum *f = check_frustum(L, 1);
    lua_Integer i = luaL_checkinteger(L, 2);
    luaL_argcheck(L, i >= 1 && i <= 8, 2, "corner index must be in 1..8");
    col_vec3 c[8];
    if (!col_frustum_corners(f, c)) {
        luaL_pushfail(L);
        return 1;
    }
    return lcol_push_vec3(L, c[i - 1]);
}

/* frustum:plane(i): plane i (1..6: left, right, bottom, top, near, far). */
static int f_plane(lua_State *L) {
    const col_frustum *f = check_frustum(L, 1);
    lua_Integer i = luaL_checkinteger(L, 2);
    luaL_argcheck(L, i >= 1 && i <= 6, 2, "plane index must be in 1..6");
    lcol_push_shape(L, COL_SHAPE_PLANE, &f->planes[i - 1]);
    return 1;
}

static int f_tostring(lua_State *L) {
    const col_frustum *f = check_frustum(L, 1);
    col_vec3 c[8];
    if (!col_frustum_corners(f, c)) {
        lua_pushstring(L, "collide.Frustum(six planes bounding no hexahedron)");
        return 1;
    }
    /* the near and far centres: where it looks from and to */
    char a[3][32], b[3][32];
    col_vec3 n = col_v3_scale(col_v3_add(c[0], c[3]), COL_R(0.5)),
             fa = col_v3_scale(col_v3_add(c[4], c[7]), COL_R(0.5));
    const col_real nv[3] = {n.x, n.y, n.z}, fv[3] = {fa.x, fa.y, fa.z};
    for (int i = 0; i < 3; ++i) {
        lcol_format_number(a[i], sizeof a[i], (double)nv[i]);
        lcol_format_number(b[i], sizeof b[i], (double)fv[i]);
    }
    lua_pushfstring(L, "collide.Frustum(near centre %s, %s, %s; far centre %s, %s, %s)", a[0], a[1], a[2], b[0], b[1],
                    b[2]);
    return 1;
}

void lcol_open_frustum(lua_State *L) {
    static const luaL_Reg methods[] = {
        {"classify", f_classify}, {"corner", f_corner}, {"plane", f_plane}, {NULL, NULL}};
    lcol_new_type(L, FTNAME, methods, f_tostring, NULL);
    lua_pushcfunction(L, l_frustum);
    lua_setfield(L, -2, "frustum");
}
