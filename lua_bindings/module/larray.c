/*
 * Shape arrays of the module `collide` (metatable "collide.ShapeArray"): many
 * shapes of one kind packed as the core's C structs in one userdata, and the
 * batch query collide.overlapMany over them (col_overlap_many_unchecked:
 * every shape userdata is valid by construction, see lshape.c), which
 * answers a pair for a few nanoseconds where a call per pair from Lua costs
 * tens.
 */
#include <string.h>

#include "lcollide.h"

#define ATNAME LCOL_TNAME("ShapeArray")

/* Most shapes in one array: keeps sizes far from overflow (4e7 OBBs, 4.8 GB). */
#define LCOL_ARRAY_MAX 40000000

typedef struct larray {
    col_shape_kind kind;
    size_t count;
    col_real data[]; /* count structs of the kind, packed (each a run of reals) */
} larray;

/* The block fits its header: a kind that can be packed and count elements. */
static bool block_ok(const larray *a, size_t len) {
    if (len < sizeof(larray) || (unsigned)a->kind >= COL_SHAPE_KIND_COUNT || a->kind == COL_SHAPE_POLYTOPE ||
        a->count > LCOL_ARRAY_MAX)
        return false;
    return len == sizeof(larray) + a->count * lcol_kind_size(a->kind);
}

/* The ShapeArray at idx or NULL: its metatable is the registered one
 * (luaL_testudata compares identities; scripts cannot reach it, see
 * lcol_protect) and its block fits its header. */
static larray *test_array(lua_State *L, int idx) {
    larray *a = luaL_testudata(L, idx, ATNAME);
    return a && block_ok(a, lua_rawlen(L, idx)) ? a : NULL;
}

static larray *check_array(lua_State *L, int idx) {
    larray *a = test_array(L, idx);
    if (!a) luaL_typeerror(L, idx, ATNAME);
    return a;
}

static void *element(const larray *a, size_t i) { return (char *)a->data + i * lcol_kind_size(a->kind); }

static size_t check_index(lua_State *L, const larray *a, int arg) {
    lua_Integer i = luaL_checkinteger(L, arg);
    if (i < 1 || (lua_Unsigned)i > a->count)
        luaL_argerror(L, arg, lua_pushfstring(L, "index must be in [1, %I], got %I", (lua_Integer)a->count, i));
    return (size_t)(i - 1);
}

/* The kind of the shape at idx, with errors naming it as element i of arg. */
static col_shape_kind element_kind(lua_State *L, int idx, int arg, lua_Integer i) {
    int k = lcol_shape_kind(L, idx);
    if (k < 0)
        luaL_argerror(L, arg,
                      lua_pushfstring(L, "element %I is not a collide shape (got %s)", i, luaL_typename(L, idx)));
    if (k == COL_SHAPE_POLYTOPE)
        luaL_argerror(L, arg, lua_pushfstring(L, "element %I is a polytope, which cannot be packed", i));
    return (col_shape_kind)k;
}

/* collide.pack(shapes) --> ShapeArray */
static int l_pack(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer n = luaL_len(L, 1);
    if (n < 1) return luaL_argerror(L, 1, "a non-empty list of shapes expected");
    if (n > LCOL_ARRAY_MAX) return luaL_argerror(L, 1, lua_pushfstring(L, "at most %d shapes", LCOL_ARRAY_MAX));
    lua_rawgeti(L, 1, 1);
    col_shape_kind kind = element_kind(L, -1, 1, 1);
    lua_pop(L, 1);
    size_t size = lcol_kind_size(kind);
    larray *a = lua_newuserdatauv(L, sizeof(larray) + (size_t)n * size, 0);
    a->kind = kind;
    a->count = (size_t)n;
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, 1, i);
        col_shape_kind k = element_kind(L, -1, 1, i);
        if (k != kind)
            return luaL_argerror(L, 1,
                                 lua_pushfstring(L, "element %I is a %s, element 1 a %s: an array holds one kind", i,
                                                 col_shape_kind_name(k), col_shape_kind_name(kind)));
        memcpy(element(a, (size_t)(i - 1)), lua_touserdata(L, -1), size);
        lua_pop(L, 1);
    }
    luaL_setmetatable(L, ATNAME);
    return 1;
}

static int a_len(lua_State *L) {
    lua_pushinteger(L, (lua_Integer)check_array(L, 1)->count);
    return 1;
}

/* array:get(i) --> a new shape, a copy of element i */
static int a_get(lua_State *L) {
    const larray *a = check_array(L, 1);
    size_t i = check_index(L, a, 2);
    lcol_push_shape(L, a->kind, element(a, i));
    return 1;
}

/* array:set(i, shape) --> array */
static int a_set(lua_State *L) {
    larray *a = check_array(L, 1);
    size_t i = check_index(L, a, 2);
    col_shape_kind k;
    const void *data = lcol_check_any_shape(L, 3, &k);
    if (k != a->kind)
        return luaL_argerror(L, 3,
                             lua_pushfstring(L, "a %s expected (the array's kind), got a %s",
                                             col_shape_kind_name(a->kind), col_shape_kind_name(k)));
    memcpy(element(a, i), data, lcol_kind_size(a->kind));
    lua_settop(L, 1);
    return 1;
}

static int a_kind(lua_State *L) {
    lua_pushstring(L, col_shape_kind_name(check_array(L, 1)->kind));
    return 1;
}

static int a_tostring(lua_State *L) {
    const larray *a = check_array(L, 1);
    lua_pushfstring(L, "ShapeArray(%s, %I)", col_shape_kind_name(a->kind), (lua_Integer)a->count);
    return 1;
}

/* collide.overlapMany(array, arrayOrShape [, out]) --> count */
static int l_overlap_many(lua_State *L) {
    const larray *a = check_array(L, 1);
    const larray *barr = test_array(L, 2);
    col_shape one;
    const void *b;
    col_shape_kind kb;
    size_t bsize = 0;
    if (barr) {
        if (barr->count != a->count)
            return luaL_argerror(L, 2,
                                 lua_pushfstring(L, "array of %I shapes expected (as many as argument 1), got %I",
                                                 (lua_Integer)a->count, (lua_Integer)barr->count));
        b = barr->data;
        kb = barr->kind;
        bsize = lcol_kind_size(kb);
    } else {
        if (lcol_shape_kind(L, 2) < 0) return luaL_typeerror(L, 2, "ShapeArray or collide shape");
        lcol_check_shape(L, 2, &one); /* a polytope's points stay in its userdata, on the stack */
        b = &one.u;
        kb = one.kind;
    }
    if (!col_overlap_supported(a->kind, kb)) return lcol_pair_error(L, 2, a->kind, kb);
    bool single = barr == NULL;
    size_t hits = 0;
    if (lua_isnoneornil(L, 3)) {
        hits = col_overlap_many_unchecked(a->kind, a->data, kb, b, single, a->count, NULL);
    } else {
        luaL_checktype(L, 3, LUA_TTABLE);
        enum { CHUNK = 512 };
        unsigned char answers[CHUNK];
        for (size_t i = 0; i < a->count; i += CHUNK) {
            size_t m = a->count - i < CHUNK ? a->count - i : CHUNK;
            const void *bi = single ? b : (const char *)b + i * bsize;
            col_overlap_many_unchecked(a->kind, element(a, i), kb, bi, single, m, answers);
            for (size_t j = 0; j < m; ++j) {
                if (!answers[j]) continue;
                lua_pushinteger(L, (lua_Integer)(i + j + 1));
                lua_rawseti(L, 3, (lua_Integer)++hits);
            }
        }
        lua_pushnil(L); /* ends the sequence after the last index written */
        lua_rawseti(L, 3, (lua_Integer)hits + 1);
    }
    lua_pushinteger(L, (lua_Integer)hits);
    return 1;
}

void lcol_open_arrays(lua_State *L) {
    static const luaL_Reg methods[] = {{"get", a_get}, {"set", a_set}, {"kind", a_kind}, {NULL, NULL}};
    lcol_new_type(L, ATNAME, methods, a_tostring, a_len);
    lua_pushcfunction(L, l_pack);
    lua_setfield(L, -2, "pack");
    lua_pushcfunction(L, l_overlap_many);
    lua_setfield(L, -2, "overlapMany");
}
