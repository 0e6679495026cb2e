/*
 * Shape userdata of the module `collide`: one metatable per kind
 * ("collide.Sphere", ...), constructors that validate every argument, :set
 * with the constructor's arguments, :get returning them, accessors,
 * __tostring. A shape userdata holds exactly the core's C struct.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lcollide.h"

/* What proves a shape userdata's kind:
 *  - its metatable: each kind's metatable holds, at integer key 1, a light
 *    userdata pointing to KIND_TAGS[kind], which gives the kind by its
 *    offset with one rawgeti (the array part, no hashing); the hot queries
 *    (collide.overlap) compare the metatable's identity with the registered
 *    ones instead (an lcol_kinds, their upvalue, kept in the registry under
 *    KINDS_KEY). No script can reach either: __metatable hands getmetatable
 *    a public copy (lcol_protect), setmetatable takes tables only, Lua code
 *    cannot make a light userdata, and collide and collide.float have their
 *    own metatables and tags;
 *  - its block's size: with the debug library a script reaches everything
 *    (it can copy a tag into a real metatable, or put another kind's real
 *    metatable on a userdata), so what keeps memory safe is that a
 *    userdata counts as kind k only when its block is exactly kind k's
 *    struct (a polytope's header must describe its own block). A same-size
 *    forgery (a sphere read as a plane) gives wrong answers or errors,
 *    never an access outside the block. */
static const char KIND_TAGS[COL_SHAPE_KIND_COUNT] = {0};
static const char KINDS_KEY = 0;

col_real lcol_refuse_real(lua_State *L, int arg) {
    lua_Number x = luaL_checknumber(L, arg); /* raises for a non-number */
    if (isnan(x)) luaL_argerror(L, arg, "finite number expected, got nan");
    if (isinf(x)) luaL_argerror(L, arg, x > 0 ? "finite number expected, got inf" : "finite number expected, got -inf");
    lua_pushfstring(L, "magnitude must be <= %f, got %f", (lua_Number)COL_HUGE, x);
    luaL_argerror(L, arg, lua_tostring(L, -1));
    return 0; /* not reached */
}

int lcol_pair_error(lua_State *L, int arg, col_shape_kind a, col_shape_kind b) {
    return luaL_argerror(
        L, arg, lua_pushfstring(L, "no test for the pair (%s, %s)", col_shape_kind_name(a), col_shape_kind_name(b)));
}

int lcol_push_reals(lua_State *L, const col_real *v, int n) {
    for (int i = 0; i < n; ++i) lua_pushnumber(L, (lua_Number)v[i]);
    return n;
}

int lcol_push_aabb(lua_State *L, col_aabb b) {
    lcol_push_vec3(L, b.min);
    return 3 + lcol_push_vec3(L, b.max);
}

static void check_size(lua_State *L, int arg, col_real v, const char *what) {
    if (!(v >= COL_R(0.0))) {
        lua_pushfstring(L, "%s must be >= 0", what);
        luaL_argerror(L, arg, lua_tostring(L, -1));
    }
}

static void check_min_max(lua_State *L, int arg_max, col_real mn, col_real mx, const char *axis) {
    if (!(mn <= mx)) {
        lua_pushfstring(L, "max%s must be >= min%s", axis, axis);
        luaL_argerror(L, arg_max, lua_tostring(L, -1));
    }
}

/* ---- one reader per constructor: arguments from `arg` on into `out` ---- */

static void read_point(lua_State *L, int arg, void *out) {
    col_real v[3];
    lcol_check_reals(L, arg, v, 3);
    ((col_point *)out)->p = lcol_v3(v);
}

static void read_segment(lua_State *L, int arg, void *out) {
    col_real v[6];
    lcol_check_reals(L, arg, v, 6);
    col_segment *s = out;
    s->a = lcol_v3(v);
    s->b = lcol_v3(v + 3);
}

static void read_triangle(lua_State *L, int arg, void *out) {
    col_real v[9];
    lcol_check_reals(L, arg, v, 9);
    col_triangle *t = out;
    t->a = lcol_v3(v);
    t->b = lcol_v3(v + 3);
    t->c = lcol_v3(v + 6);
}

static void read_plane(lua_State *L, int arg, void *out) {
    col_real v[4];
    lcol_check_reals(L, arg, v, 4);
    col_plane p = col_plane_make(lcol_v3(v), v[3]);
    if (!col_plane_is_valid(&p)) luaL_argerror(L, arg, "normal must be non-zero");
    *(col_plane *)out = p;
}

static void read_sphere(lua_State *L, int arg, void *out) {
    col_real v[4];
    lcol_check_reals(L, arg, v, 4);
    check_size(L, arg + 3, v[3], "radius");
    col_sphere *s = out;
    s->c = lcol_v3(v);
    s->r = v[3];
}

static void read_capsule(lua_State *L, int arg, void *out) {
    col_real v[7];
    lcol_check_reals(L, arg, v, 7);
    check_size(L, arg + 6, v[6], "radius");
    col_capsule *c = out;
    c->a = lcol_v3(v);
    c->b = lcol_v3(v + 3);
    c->r = v[6];
}

static void read_aabb(lua_State *L, int arg, void *out) {
    col_real v[6];
    lcol_check_reals(L, arg, v, 6);
    check_min_max(L, arg + 3, v[0], v[3], "x");
    check_min_max(L, arg + 4, v[1], v[4], "y");
    check_min_max(L, arg + 5, v[2], v[5], "z");
    col_aabb *b = out;
    b->min = lcol_v3(v);
    b->max = lcol_v3(v + 3);
}

static void read_obb(lua_State *L, int arg, void *out) {
    col_real v[15];
    lcol_check_reals(L, arg, v, 6);
    for (int i = 0; i < 3; ++i) check_size(L, arg + 3 + i, v[3 + i], "half extent");
    col_mat3 axes = col_m3_identity();
    if (!lua_isnoneornil(L, arg + 6)) {
        lcol_check_reals(L, arg + 6, v + 6, 9);
        axes = col_m3_cols(lcol_v3(v + 6), lcol_v3(v + 9), lcol_v3(v + 12));
        if (!col_m3_is_orthonormal(axes)) {
            lua_pushfstring(L, "axes must be orthonormal within %f; build them with axesFromQuat or axesFromAxisAngle",
                            (lua_Number)COL_ORTHONORMAL_TOLERANCE);
            luaL_argerror(L, arg + 6, lua_tostring(L, -1));
        }
    }
    *(col_obb *)out = col_obb_make(lcol_v3(v), lcol_v3(v + 3), axes);
}

static void read_ellipsoid(lua_State *L, int arg, void *out) {
    col_real v[6];
    lcol_check_reals(L, arg, v, 6);
    for (int i = 0; i < 3; ++i) check_size(L, arg + 3 + i, v[3 + i], "radius");
    col_ellipsoid *e = out;
    e->c = lcol_v3(v);
    e->r = lcol_v3(v + 3);
}

static void read_circle(lua_State *L, int arg, void *out) {
    col_real v[3];
    lcol_check_reals(L, arg, v, 3);
    check_size(L, arg + 2, v[2], "radius");
    col_circle *c = out;
    c->c = col_v2(v[0], v[1]);
    c->r = v[2];
}

static void read_rect(lua_State *L, int arg, void *out) {
    col_real v[4];
    lcol_check_reals(L, arg, v, 4);
    check_min_max(L, arg + 2, v[0], v[2], "x");
    check_min_max(L, arg + 3, v[1], v[3], "y");
    col_rect *r = out;
    r->min = col_v2(v[0], v[1]);
    r->max = col_v2(v[2], v[3]);
}

/* ---- :get(), the constructor's arguments back ---- */

/* Every shape struct is a run of col_real in the order of its constructor's
 * arguments, except the OBB (stored c, u[3], e; constructed c, e, u[3]). */
_Static_assert(sizeof(col_obb) == 15 * sizeof(col_real), "col_obb is a run of 15 reals");
_Static_assert(sizeof(col_triangle) == 9 * sizeof(col_real), "col_triangle is a run of 9 reals");

static int get_values(col_shape_kind kind, size_t size, const void *p, col_real *v) {
    int n = (int)(size / sizeof(col_real));
    if (kind == COL_SHAPE_OBB) {
        const col_obb *b = p;
        const col_vec3 parts[5] = {b->c, b->e, b->u[0], b->u[1], b->u[2]};
        memcpy(v, parts, sizeof parts);
        return n;
    }
    memcpy(v, p, size);
    return n;
}

/* ---- the kinds ---- */

/* What the binding adds to each kind (its name, struct size and constructor
 * name come from the core: col_shape_kind_name, col_shape_kind_size). */
typedef struct kind_info {
    const char *tname; /* metatable name, also __name */
    void (*read)(lua_State *L, int arg, void *out);
} kind_info;

static const kind_info kinds[COL_SHAPE_KIND_COUNT] = {
    {LCOL_TNAME("Point"), read_point},         {LCOL_TNAME("Segment"), read_segment},
    {LCOL_TNAME("Triangle"), read_triangle},   {LCOL_TNAME("Plane"), read_plane},
    {LCOL_TNAME("Sphere"), read_sphere},       {LCOL_TNAME("Capsule"), read_capsule},
    {LCOL_TNAME("Aabb"), read_aabb},           {LCOL_TNAME("Obb"), read_obb},
    {LCOL_TNAME("Ellipsoid"), read_ellipsoid}, {LCOL_TNAME("Polytope"), NULL}, /* collide.convex */
    {LCOL_TNAME("Circle"), read_circle},       {LCOL_TNAME("Rect"), read_rect},
};

static size_t kind_size(col_shape_kind k) { return col_shape_kind_size(k); }

/* kinds' perfect hash (lcol_kinds): odd multipliers from a fixed sequence
 * (splitmix64) until the metatables' slots are all distinct; 12 addresses in
 * 64 slots part for about a third of multipliers, so 200 tries fail with
 * odds below 1e-35 (then mult 0: lcol_kind_by_mt scans). */
static void kinds_hash(lcol_kinds *ks) {
    uint64_t x = 0x9E3779B97F4A7C15u;
    for (int attempt = 0; attempt < 200; ++attempt) {
        x += 0x9E3779B97F4A7C15u;
        uint64_t z = x;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
        uint64_t mult = (z ^ (z >> 31)) | 1u;
        memset(ks->slot, 0, sizeof ks->slot);
        bool apart = true;
        for (int k = 0; k < COL_SHAPE_KIND_COUNT && apart; ++k) {
            unsigned char *s = &ks->slot[lcol_kinds_slot(mult, ks->mt[k])];
            apart = *s == 0;
            *s = (unsigned char)(k + 1);
        }
        if (apart) {
            ks->mult = mult;
            return;
        }
    }
    ks->mult = 0;
}

/* The kind of the shape userdata at idx, or -1 when it is not one (by its
 * tag; see KIND_TAGS). */
static int shape_kind(lua_State *L, int idx) {
    if (lua_type(L, idx) != LUA_TUSERDATA || !lua_getmetatable(L, idx)) return -1;
    lua_rawgeti(L, -1, 1);
    const char *tag = lua_touserdata(L, -1); /* NULL unless a (light) userdata */
    lua_pop(L, 2);
    uintptr_t k = (uintptr_t)tag - (uintptr_t)KIND_TAGS; /* integer arithmetic: defined for any pointer */
    if (k >= COL_SHAPE_KIND_COUNT) return -1;
    size_t len = lua_rawlen(L, idx);
    bool fits = k == COL_SHAPE_POLYTOPE ? lcol_polytope_block_ok(lua_touserdata(L, idx), len)
                                        : len == kind_size((col_shape_kind)k);
    return fits ? (int)k : -1;
}

int lcol_shape_kind(lua_State *L, int idx) { return shape_kind(L, idx); }

void lcol_push_kinds(lua_State *L) { lua_rawgetp(L, LUA_REGISTRYINDEX, &KINDS_KEY); }

void lcol_protect(lua_State *L) {
    /* metatable on top: its public copy holds what scripts may read */
    lua_createtable(L, 0, 3);
    static const char *const fields[] = {"__name", "__index", "__tostring", "__len"};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; ++i) {
        lua_getfield(L, -2, fields[i]);
        lua_setfield(L, -2, fields[i]);
    }
    lua_setfield(L, -2, "__metatable");
}

void lcol_new_type(lua_State *L, const char *name, const luaL_Reg *methods, lua_CFunction tostring, lua_CFunction len) {
    luaL_newmetatable(L, name);
    lua_pushcfunction(L, tostring);
    lua_setfield(L, -2, "__tostring");
    if (len) {
        lua_pushcfunction(L, len);
        lua_setfield(L, -2, "__len");
    }
    lua_newtable(L); /* __index: the methods (luaL_newlib needs an array, not a pointer) */
    luaL_setfuncs(L, methods, 0);
    lua_setfield(L, -2, "__index");
    lcol_protect(L);
    lua_pop(L, 1);
}

void lcol_new_type_gc(lua_State *L, const char *name, const luaL_Reg *methods, lua_CFunction tostring,
                      lua_CFunction len, lua_CFunction gc) {
    lcol_new_type(L, name, methods, tostring, len);
    luaL_getmetatable(L, name);
    lua_pushcfunction(L, gc);
    lua_setfield(L, -2, "__gc");
    lua_pop(L, 1);
}

size_t lcol_kind_size(col_shape_kind kind) { return kind_size(kind); }

static void push_polytope(lua_State *L, const col_polytope *src);

void lcol_push_shape(lua_State *L, col_shape_kind kind, const void *data) {
    if (kind == COL_SHAPE_POLYTOPE) {
        push_polytope(L, data);
        return;
    }
    void *ud = lua_newuserdatauv(L, kind_size(kind), 0);
    memcpy(ud, data, kind_size(kind));
    luaL_setmetatable(L, kinds[kind].tname);
}

void *lcol_check_any_shape(lua_State *L, int idx, col_shape_kind *kind) {
    int k = shape_kind(L, idx);
    if (k < 0) {
        luaL_typeerror(L, idx, "collide shape"); /* raises: never returns */
        k = 0;                                   /* for the compiler's bounds analysis */
    }
    *kind = (col_shape_kind)k;
    return lua_touserdata(L, idx);
}

/* The col_shape of a shape userdata's block of that kind (valid while the
 * value stays on the stack). */
static void shape_at(col_shape_kind kind, const void *data, col_shape *out) {
    out->kind = kind;
    /* each kind by its own type (a copy of a known size, inline: memcpy of
     * kind_size was a call into libc) */
#define LCOL_COPY(K, member, type)                                                                                     \
    case K: out->u.member = *(const type *)data; break;
    switch (kind) {
        LCOL_COPY(COL_SHAPE_POINT, point, col_point)
        LCOL_COPY(COL_SHAPE_SEGMENT, segment, col_segment)
        LCOL_COPY(COL_SHAPE_TRIANGLE, triangle, col_triangle)
        LCOL_COPY(COL_SHAPE_PLANE, plane, col_plane)
        LCOL_COPY(COL_SHAPE_SPHERE, sphere, col_sphere)
        LCOL_COPY(COL_SHAPE_CAPSULE, capsule, col_capsule)
        LCOL_COPY(COL_SHAPE_AABB, aabb, col_aabb)
        LCOL_COPY(COL_SHAPE_OBB, obb, col_obb)
        LCOL_COPY(COL_SHAPE_ELLIPSOID, ellipsoid, col_ellipsoid)
        LCOL_COPY(COL_SHAPE_POLYTOPE, polytope, col_polytope)
        LCOL_COPY(COL_SHAPE_CIRCLE, circle, col_circle)
        LCOL_COPY(COL_SHAPE_RECT, rect, col_rect)
    default: memcpy(&out->u, data, kind_size(kind)); break;
    }
#undef LCOL_COPY
}

void lcol_check_shape(lua_State *L, int idx, col_shape *out) {
    col_shape_kind kind;
    const void *data = lcol_check_any_shape(L, idx, &kind);
    shape_at(kind, data, out);
}

/* Self argument of a method: any shape, with its kind. */
static void *check_self(lua_State *L, col_shape_kind *kind) { return lcol_check_any_shape(L, 1, kind); }

static void *check_kind(lua_State *L, int idx, col_shape_kind kind) {
    if (shape_kind(L, idx) != (int)kind) luaL_typeerror(L, idx, kinds[kind].tname);
    return lua_touserdata(L, idx);
}

void *lcol_check_kind(lua_State *L, int idx, col_shape_kind kind) { return check_kind(L, idx, kind); }

/* Every shape userdata is valid (col_shape_is_valid): the readers check each
 * number and constraint with a message naming the argument, and this catches
 * anything they let through (a plane whose offset overflows when
 * normalized, ...), so queries may skip re-validating (overlapMany). */
static void check_valid(lua_State *L, int arg, const col_shape *s) {
    if (!col_shape_is_valid(s))
        luaL_argerror(L, arg,
                      lua_pushfstring(L,
                                      "the numbers do not make a valid %s (a magnitude beyond %f after normalizing?)",
                                      col_shape_kind_name(s->kind), (lua_Number)COL_HUGE));
}

/* Constructors share one C function; the kind is its upvalue. */
static int shape_new(lua_State *L) {
    col_shape_kind kind = (col_shape_kind)lua_tointeger(L, lua_upvalueindex(1));
    union {
        col_shape s;
        char bytes[sizeof(col_shape)];
    } tmp;
    kinds[kind].read(L, 1, &tmp.s.u); /* validate before allocating */
    tmp.s.kind = kind;
    check_valid(L, 1, &tmp.s);
    void *ud = lua_newuserdatauv(L, kind_size(kind), 0);
    memcpy(ud, &tmp.s.u, kind_size(kind));
    luaL_setmetatable(L, kinds[kind].tname);
    return 1;
}

static int plane_from_points(lua_State *L) {
    col_real v[9];
    lcol_check_reals(L, 1, v, 9);
    col_plane p = col_plane_from_points(lcol_v3(v), lcol_v3(v + 3), lcol_v3(v + 6));
    if (!col_plane_is_valid(&p)) luaL_argerror(L, 7, "points must not be collinear or coincident");
    *(col_plane *)lua_newuserdatauv(L, sizeof p, 0) = p;
    luaL_setmetatable(L, kinds[COL_SHAPE_PLANE].tname);
    return 1;
}

static int plane_from_point_normal(lua_State *L) {
    col_real v[6];
    lcol_check_reals(L, 1, v, 6);
    col_plane p = col_plane_from_point_normal(lcol_v3(v), lcol_v3(v + 3));
    if (!col_plane_is_valid(&p)) luaL_argerror(L, 4, "normal must be non-zero");
    *(col_plane *)lua_newuserdatauv(L, sizeof p, 0) = p;
    luaL_setmetatable(L, kinds[COL_SHAPE_PLANE].tname);
    return 1;
}

/* ---- convex polytopes: the points live in the userdata, after the header ---- */

typedef struct lpolytope {
    col_polytope hdr; /* hdr.points points at pts, in the same block */
    col_vec3 pts[];
} lpolytope;

bool lcol_polytope_block_ok(const void *ud, size_t len) {
    const lpolytope *p = ud;
    return len >= sizeof(lpolytope) && p->hdr.count >= 1 && p->hdr.points == p->pts &&
           (len - sizeof(lpolytope)) / sizeof(col_vec3) == (size_t)p->hdr.count &&
           (len - sizeof(lpolytope)) % sizeof(col_vec3) == 0;
}

/* Largest number of points of a polytope from Lua. */
#define LCOL_MAX_POINTS (1 << 20)

/* The coordinate at the top of the stack, for point i (1-based), coordinate
 * j, of the point list at argument arg. */
static col_real polytope_coord(lua_State *L, int arg, lua_Integer i, int j) {
    static const char *const names[3] = {"x", "y", "z"};
    if (lua_type(L, -1) != LUA_TNUMBER)
        luaL_argerror(L, arg,
                      lua_pushfstring(L, "point %I: %s must be a number, got %s", (lua_Integer)i, names[j],
                                      luaL_typename(L, -1)));
    lua_Number x = lua_tonumber(L, -1);
    if (!(fabs(x) <= (lua_Number)COL_HUGE))
        luaL_argerror(L, arg,
                      lua_pushfstring(L, "point %I: %s must be finite with magnitude <= %f, got %f", (lua_Integer)i,
                                      names[j], (lua_Number)COL_HUGE, x));
    lua_pop(L, 1);
    return (col_real)x;
}

/* The number of points of the point list at arg ({x1,y1,z1, ...} or
 * {{x,y,z}, ...}: *nested says which), or an argument error. */
static lua_Integer point_count(lua_State *L, int arg, bool *nested) {
    luaL_checktype(L, arg, LUA_TTABLE);
    lua_Integer n = luaL_len(L, arg);
    if (n < 1) return luaL_argerror(L, arg, "at least one point expected, got an empty table");
    *nested = lua_geti(L, arg, 1) == LUA_TTABLE;
    lua_pop(L, 1);
    if (!*nested && n % 3 != 0)
        return luaL_argerror(L, arg, lua_pushfstring(L, "a flat array needs 3 numbers per point, got %I numbers", n));
    lua_Integer count = *nested ? n : n / 3;
    if (count > LCOL_MAX_POINTS)
        return luaL_argerror(L, arg, lua_pushfstring(L, "at most %d points, got %I", LCOL_MAX_POINTS, count));
    return count;
}

/* The count points of the list at arg into out, each coordinate checked
 * (errors name the point and the coordinate). */
static void read_points(lua_State *L, int arg, bool nested, lua_Integer count, col_vec3 *out) {
    for (lua_Integer i = 1; i <= count; ++i) {
        col_real c[3];
        if (nested) {
            if (lua_geti(L, arg, i) != LUA_TTABLE)
                luaL_argerror(
                    L, arg, lua_pushfstring(L, "point %I: table {x, y, z} expected, got %s", i, luaL_typename(L, -1)));
            if (luaL_len(L, -1) != 3)
                luaL_argerror(L, arg,
                              lua_pushfstring(L, "point %I: 3 coordinates expected, got %I", i, luaL_len(L, -1)));
            for (int j = 0; j < 3; ++j) {
                lua_geti(L, -1, j + 1); /* the point table is on top: each coordinate is popped */
                c[j] = polytope_coord(L, arg, i, j);
            }
            lua_pop(L, 1);
        } else {
            for (int j = 0; j < 3; ++j) {
                lua_geti(L, arg, 3 * (i - 1) + j + 1);
                c[j] = polytope_coord(L, arg, i, j);
            }
        }
        out[i - 1] = col_v3(c[0], c[1], c[2]);
    }
}

/* collide.convex(points): from {x1,y1,z1, x2,y2,z2, ...} or {{x,y,z}, ...}. */
static int polytope_new(lua_State *L) {
    bool nested;
    lua_Integer count = point_count(L, 1, &nested);
    lpolytope *p = lua_newuserdatauv(L, sizeof(lpolytope) + (size_t)count * sizeof(col_vec3), 0);
    read_points(L, 1, nested, count, p->pts);
    p->hdr.points = p->pts;
    p->hdr.count = (int)count;
    luaL_setmetatable(L, kinds[COL_SHAPE_POLYTOPE].tname);
    return 1;
}

const col_vec3 *lcol_check_points(lua_State *L, int arg, size_t *count) {
    if (shape_kind(L, arg) == COL_SHAPE_POLYTOPE) { /* a polytope's own points, in place */
        const lpolytope *p = lua_touserdata(L, arg);
        *count = (size_t)p->hdr.count;
        return p->pts;
    }
    bool nested;
    lua_Integer n = point_count(L, arg, &nested);
    col_vec3 *pts = lua_newuserdatauv(L, (size_t)n * sizeof(col_vec3), 0);
    read_points(L, arg, nested, n, pts);
    *count = (size_t)n;
    return pts;
}

/* A polytope userdata holding a copy of src's points. */
static void push_polytope(lua_State *L, const col_polytope *src) {
    lpolytope *p = lua_newuserdatauv(L, sizeof(lpolytope) + (size_t)src->count * sizeof(col_vec3), 0);
    if (src->count > 0) memcpy(p->pts, src->points, (size_t)src->count * sizeof(col_vec3));
    p->hdr.points = p->pts;
    p->hdr.count = src->count;
    luaL_setmetatable(L, kinds[COL_SHAPE_POLYTOPE].tname);
}

static int polytope_count(lua_State *L) {
    const lpolytope *p = check_kind(L, 1, COL_SHAPE_POLYTOPE);
    lua_pushinteger(L, p->hdr.count);
    return 1;
}

static int polytope_point(lua_State *L) {
    const lpolytope *p = check_kind(L, 1, COL_SHAPE_POLYTOPE);
    lua_Integer i = luaL_checkinteger(L, 2);
    if (i < 1 || i > p->hdr.count)
        return luaL_argerror(L, 2, lua_pushfstring(L, "index must be in [1, %d], got %I", p->hdr.count, i));
    return lcol_push_vec3(L, p->pts[i - 1]);
}

/* ---- methods ---- */

static int m_set(lua_State *L) {
    col_shape_kind kind;
    void *ud = check_self(L, &kind);
    if (kind == COL_SHAPE_POLYTOPE)
        return luaL_argerror(L, 1, "a polytope cannot be changed; build another with convex");
    union {
        col_shape s;
        char bytes[sizeof(col_shape)];
    } tmp;
    kinds[kind].read(L, 2, &tmp.s.u); /* validate everything before changing the shape */
    tmp.s.kind = kind;
    check_valid(L, 2, &tmp.s);
    memcpy(ud, &tmp.s.u, kind_size(kind));
    lua_settop(L, 1);
    return 1;
}

static int m_get(lua_State *L) {
    col_shape_kind kind;
    void *ud = check_self(L, &kind);
    if (kind == COL_SHAPE_POLYTOPE) {
        /* the points as a flat list of coordinates */
        const lpolytope *p = ud;
        luaL_checkstack(L, 3 * p->hdr.count, "too many points to return");
        for (int i = 0; i < p->hdr.count; ++i) lcol_push_vec3(L, p->pts[i]);
        return 3 * p->hdr.count;
    }
    col_real v[15];
    return lcol_push_reals(L, v, get_values(kind, kind_size(kind), ud, v));
}

static int m_kind(lua_State *L) {
    col_shape_kind kind;
    check_self(L, &kind);
    lua_pushstring(L, col_shape_kind_name(kind));
    return 1;
}

static int m_bounds(lua_State *L) {
    col_shape s;
    lcol_check_shape(L, 1, &s);
    col_aabb b;
    if (!col_shape_bounds(&s, &b)) {
        lua_pushfstring(L, "a %s has no 3D bounds", col_shape_kind_name(s.kind));
        luaL_argerror(L, 1, lua_tostring(L, -1));
    }
    return lcol_push_aabb(L, b);
}

void lcol_format_number(char *buf, size_t size, double x) {
    int prec = 1;
    for (; prec < 17; ++prec) {
        snprintf(buf, size, "%.*g", prec, x);
        if (strtod(buf, NULL) == x) break;
    }
    snprintf(buf, size, "%.*g", prec, x);
    const char *e = strchr(buf, 'e');
    if (!e || !isfinite(x)) return;
    int exp10 = atoi(e + 1);
    if (exp10 >= -5 && exp10 <= 16) {
        /* the same digits in plain notation: %g goes plain when prec > exponent */
        snprintf(buf, size, "%.*g", exp10 + 1 > prec ? exp10 + 1 : prec, x);
    }
}

static int m_tostring(lua_State *L) {
    col_shape_kind kind;
    void *ud = check_self(L, &kind);
    if (kind == COL_SHAPE_POLYTOPE) {
        const lpolytope *p = ud;
        lua_pushfstring(L, "%s(%d points)", kinds[kind].tname, p->hdr.count);
        return 1;
    }
    col_real v[15];
    int n = get_values(kind, kind_size(kind), ud, v);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addstring(&b, kinds[kind].tname);
    luaL_addchar(&b, '(');
    for (int i = 0; i < n; ++i) {
        char num[32];
        lcol_format_number(num, sizeof num, (double)v[i]);
        if (i) luaL_addstring(&b, ", ");
        luaL_addstring(&b, num);
    }
    luaL_addchar(&b, ')');
    luaL_pushresult(&b);
    return 1;
}

/* Accessors. Each returns numbers; the kind is checked by check_kind. */
#define SELF(T, K) const T *s = check_kind(L, 1, K)

static int point_position(lua_State *L) {
    SELF(col_point, COL_SHAPE_POINT);
    return lcol_push_vec3(L, s->p);
}
static int segment_a(lua_State *L) {
    SELF(col_segment, COL_SHAPE_SEGMENT);
    return lcol_push_vec3(L, s->a);
}
static int segment_b(lua_State *L) {
    SELF(col_segment, COL_SHAPE_SEGMENT);
    return lcol_push_vec3(L, s->b);
}
static int triangle_a(lua_State *L) {
    SELF(col_triangle, COL_SHAPE_TRIANGLE);
    return lcol_push_vec3(L, s->a);
}
static int triangle_b(lua_State *L) {
    SELF(col_triangle, COL_SHAPE_TRIANGLE);
    return lcol_push_vec3(L, s->b);
}
static int triangle_c(lua_State *L) {
    SELF(col_triangle, COL_SHAPE_TRIANGLE);
    return lcol_push_vec3(L, s->c);
}
static int triangle_normal(lua_State *L) {
    SELF(col_triangle, COL_SHAPE_TRIANGLE);
    return lcol_push_vec3(L, col_triangle_normal(s));
}
static int plane_normal(lua_State *L) {
    SELF(col_plane, COL_SHAPE_PLANE);
    return lcol_push_vec3(L, s->n);
}
static int plane_offset(lua_State *L) {
    SELF(col_plane, COL_SHAPE_PLANE);
    lua_pushnumber(L, (lua_Number)s->d);
    return 1;
}
static int plane_distance(lua_State *L) {
    SELF(col_plane, COL_SHAPE_PLANE);
    col_real p[3];
    lcol_check_reals(L, 2, p, 3);
    lua_pushnumber(L, (lua_Number)col_plane_signed_distance(s, lcol_v3(p)));
    return 1;
}
static int sphere_center(lua_State *L) {
    SELF(col_sphere, COL_SHAPE_SPHERE);
    return lcol_push_vec3(L, s->c);
}
static int sphere_radius(lua_State *L) {
    SELF(col_sphere, COL_SHAPE_SPHERE);
    lua_pushnumber(L, (lua_Number)s->r);
    return 1;
}
static int capsule_a(lua_State *L) {
    SELF(col_capsule, COL_SHAPE_CAPSULE);
    return lcol_push_vec3(L, s->a);
}
static int capsule_b(lua_State *L) {
    SELF(col_capsule, COL_SHAPE_CAPSULE);
    return lcol_push_vec3(L, s->b);
}
static int capsule_radius(lua_State *L) {
    SELF(col_capsule, COL_SHAPE_CAPSULE);
    lua_pushnumber(L, (lua_Number)s->r);
    return 1;
}
static int aabb_min(lua_State *L) {
    SELF(col_aabb, COL_SHAPE_AABB);
    return lcol_push_vec3(L, s->min);
}
static int aabb_max(lua_State *L) {
    SELF(col_aabb, COL_SHAPE_AABB);
    return lcol_push_vec3(L, s->max);
}
static int aabb_center(lua_State *L) {
    SELF(col_aabb, COL_SHAPE_AABB);
    return lcol_push_vec3(L, col_v3_scale(col_v3_add(s->min, s->max), COL_R(0.5)));
}
static int aabb_half_extents(lua_State *L) {
    SELF(col_aabb, COL_SHAPE_AABB);
    return lcol_push_vec3(L, col_v3_scale(col_v3_sub(s->max, s->min), COL_R(0.5)));
}
static int obb_center(lua_State *L) {
    SELF(col_obb, COL_SHAPE_OBB);
    return lcol_push_vec3(L, s->c);
}
static int obb_half_extents(lua_State *L) {
    SELF(col_obb, COL_SHAPE_OBB);
    return lcol_push_vec3(L, s->e);
}
static int obb_axes(lua_State *L) {
    SELF(col_obb, COL_SHAPE_OBB);
    lcol_push_vec3(L, s->u[0]);
    lcol_push_vec3(L, s->u[1]);
    return 6 + lcol_push_vec3(L, s->u[2]);
}
static int ellipsoid_center(lua_State *L) {
    SELF(col_ellipsoid, COL_SHAPE_ELLIPSOID);
    return lcol_push_vec3(L, s->c);
}
static int ellipsoid_radii(lua_State *L) {
    SELF(col_ellipsoid, COL_SHAPE_ELLIPSOID);
    return lcol_push_vec3(L, s->r);
}
static int circle_center(lua_State *L) {
    SELF(col_circle, COL_SHAPE_CIRCLE);
    const col_real v[2] = {s->c.x, s->c.y};
    return lcol_push_reals(L, v, 2);
}
static int circle_radius(lua_State *L) {
    SELF(col_circle, COL_SHAPE_CIRCLE);
    lua_pushnumber(L, (lua_Number)s->r);
    return 1;
}
static int rect_min(lua_State *L) {
    SELF(col_rect, COL_SHAPE_RECT);
    const col_real v[2] = {s->min.x, s->min.y};
    return lcol_push_reals(L, v, 2);
}
static int rect_max(lua_State *L) {
    SELF(col_rect, COL_SHAPE_RECT);
    const col_real v[2] = {s->max.x, s->max.y};
    return lcol_push_reals(L, v, 2);
}

/* Methods every shape has. */
static const luaL_Reg common_methods[] = {{"set", m_set}, {"get", m_get}, {"kind", m_kind}, {NULL, NULL}};

/* Per-kind accessors, in kind order. */
static const luaL_Reg point_methods[] = {{"position", point_position}, {NULL, NULL}};
static const luaL_Reg segment_methods[] = {{"a", segment_a}, {"b", segment_b}, {NULL, NULL}};
static const luaL_Reg triangle_methods[] = {
    {"a", triangle_a}, {"b", triangle_b}, {"c", triangle_c}, {"normal", triangle_normal}, {NULL, NULL}};
static const luaL_Reg plane_methods[] = {
    {"normal", plane_normal}, {"offset", plane_offset}, {"distance", plane_distance}, {NULL, NULL}};
static const luaL_Reg sphere_methods[] = {{"center", sphere_center}, {"radius", sphere_radius}, {NULL, NULL}};
static const luaL_Reg capsule_methods[] = {
    {"a", capsule_a}, {"b", capsule_b}, {"radius", capsule_radius}, {NULL, NULL}};
static const luaL_Reg aabb_methods[] = {
    {"min", aabb_min}, {"max", aabb_max}, {"center", aabb_center}, {"halfExtents", aabb_half_extents}, {NULL, NULL}};
static const luaL_Reg obb_methods[] = {
    {"center", obb_center}, {"halfExtents", obb_half_extents}, {"axes", obb_axes}, {NULL, NULL}};
static const luaL_Reg ellipsoid_methods[] = {{"center", ellipsoid_center}, {"radii", ellipsoid_radii}, {NULL, NULL}};
static const luaL_Reg polytope_methods[] = {{"count", polytope_count}, {"point", polytope_point}, {NULL, NULL}};
static const luaL_Reg circle_methods[] = {{"center", circle_center}, {"radius", circle_radius}, {NULL, NULL}};
static const luaL_Reg rect_methods[] = {{"min", rect_min}, {"max", rect_max}, {NULL, NULL}};

static const luaL_Reg *const kind_methods[COL_SHAPE_KIND_COUNT] = {
    point_methods, segment_methods, triangle_methods,  plane_methods,    sphere_methods, capsule_methods,
    aabb_methods,  obb_methods,     ellipsoid_methods, polytope_methods, circle_methods, rect_methods};

void lcol_open_shapes(lua_State *L) {
    /* module table on top; the kinds' metatables by identity, filled below */
    lcol_kinds *ks = lua_newuserdatauv(L, sizeof *ks, 0);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &KINDS_KEY);
    for (int a = 0; a < COL_SHAPE_KIND_COUNT; ++a)
        for (int b = 0; b < COL_SHAPE_KIND_COUNT; ++b)
            ks->overlap_supported[a][b] = col_overlap_supported((col_shape_kind)a, (col_shape_kind)b);
    for (int k = 0; k < COL_SHAPE_KIND_COUNT; ++k) {
        /* luaL_newmetatable's work, with room for key 1 in the array part */
        lua_createtable(L, 1, 3);
        lua_pushstring(L, kinds[k].tname);
        lua_setfield(L, -2, "__name");
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, kinds[k].tname);
        ks->mt[k] = lua_topointer(L, -1);
        ks->size[k] = kind_size((col_shape_kind)k);
        lua_pushlightuserdata(L, (void *)(uintptr_t)&KIND_TAGS[k]);
        lua_rawseti(L, -2, 1);
        lua_pushcfunction(L, m_tostring);
        lua_setfield(L, -2, "__tostring");
        lua_newtable(L); /* __index: the methods */
        luaL_setfuncs(L, common_methods, 0);
        luaL_setfuncs(L, kind_methods[k], 0);
        if (!col_shape_kind_is_2d((col_shape_kind)k) && k != COL_SHAPE_PLANE) {
            lua_pushcfunction(L, m_bounds);
            lua_setfield(L, -2, "bounds");
        }
        lua_setfield(L, -2, "__index");
        lcol_protect(L);
        lua_pop(L, 1);
        /* constructor */
        if (kinds[k].read == NULL) continue; /* the polytope: collide.convex */
        lua_pushinteger(L, k);
        lua_pushcclosure(L, shape_new, 1);
        lua_setfield(L, -2, col_shape_kind_name((col_shape_kind)k));
    }
    kinds_hash(ks);
    lua_pushcfunction(L, polytope_new);
    lua_setfield(L, -2, "convex");
    lua_pushcfunction(L, plane_from_points);
    lua_setfield(L, -2, "planeFromPoints");
    lua_pushcfunction(L, plane_from_point_normal);
    lua_setfield(L, -2, "planeFromPointNormal");
    lua_pushcfunction(L, m_bounds);
    lua_setfield(L, -2, "bounds");
}

int lcol_kind_of(lua_State *L) {
    int k = shape_kind(L, 1);
    if (k < 0) {
        luaL_checkany(L, 1);
        luaL_pushfail(L);
    } else {
        lua_pushstring(L, col_shape_kind_name((col_shape_kind)k));
    }
    return 1;
}
