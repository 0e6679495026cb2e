/*
 * Private interface between the files of the Lua binding of collide.
 * lua_bindings/ (module/, runner/, tools/) is the only part of collide that
 * includes lua.h.
 */
#ifndef COLLIDE_LCOLLIDE_H
#define COLLIDE_LCOLLIDE_H

#include <math.h>

#include "collide/collide.h"
#include "lauxlib.h"
#include "lua.h"

/* The same sources build two modules: `collide` over the core in col_real =
 * double (or whatever COLLIDE_REAL the build chose), and, with
 * LCOL_FLOAT_MODULE defined and the core built in float, `collide.float`.
 * Their metatables have different names, so a shape of one module is not
 * accepted by the other. */
#if defined(LCOL_FLOAT_MODULE) && LCOL_FLOAT_MODULE
#define LCOL_NAME "collide.float"
#define LCOL_OPEN luaopen_collide_float
#else
#define LCOL_NAME "collide"
#define LCOL_OPEN luaopen_collide
#endif
/* Metatable name of a shape type: "collide.Sphere" or "collide.float.Sphere". */
#define LCOL_TNAME(type) LCOL_NAME "." type

/* Entry point of the module (the only exported symbol of the module). */
COL_API int LCOL_OPEN(lua_State *L);

/* Registers the metatables of every shape type (called by luaopen_collide)
 * and adds the constructors to the module table on top of the stack. */
void lcol_open_shapes(lua_State *L);

/* The shape at index idx as a col_shape (copied), or an argument error
 * "collide shape expected, got <type>". */
void lcol_check_shape(lua_State *L, int idx, col_shape *out);

/* The shape of kind `kind` at idx (its C struct in place), or an argument
 * error "collide.Sphere expected, got ...". The type is proven as for
 * lcol_shape_kind. */
void *lcol_check_kind(lua_State *L, int idx, col_shape_kind kind);

/* Gives the metatable on top of the stack a __metatable field: a public copy
 * holding its __name, __index, __tostring and __len, so getmetatable(x) in a
 * script returns the copy and no script can reach (or change) the metatable
 * that proves x's type. Every metatable of the bindings goes through this. */
void lcol_protect(lua_State *L);

/* Registers a protected userdata type other than a shape (a ShapeArray, a
 * frustum): the metatable `name` with __tostring, __len (when not NULL) and
 * the methods as __index, protected by lcol_protect. Stack unchanged. */
void lcol_new_type(lua_State *L, const char *name, const luaL_Reg *methods, lua_CFunction tostring, lua_CFunction len);

/* lcol_new_type for a userdata that holds C memory: its __gc too. */
void lcol_new_type_gc(lua_State *L, const char *name, const luaL_Reg *methods, lua_CFunction tostring,
                      lua_CFunction len, lua_CFunction gc);

/* The kind of the shape userdata at idx, or -1 when it is not one: the
 * kind's tag in its metatable (which no script can reach without the debug
 * library) and a block of exactly that kind's size (which keeps memory safe
 * even with the debug library; lshape.c, KIND_TAGS). */
int lcol_shape_kind(lua_State *L, int idx);

/* The shape metatables of one Lua state by identity (lua_topointer), held
 * as an upvalue by the hot queries (collide.overlap, ...): a shape's kind
 * then costs no table lookup (lcol_fast_kind). */
typedef struct lcol_kinds {
    const void *mt[COL_SHAPE_KIND_COUNT];
    size_t size[COL_SHAPE_KIND_COUNT]; /* the block of each kind (lcol_kind_size; the polytope's varies) */
    /* A perfect hash of the metatables' addresses: slot[(address * mult) >>
     * 58] is kind + 1 (0: none), mult chosen when the module opens so that no
     * two collide; mult 0 where no such multiplier was found (then a scan). */
    uint64_t mult;
    unsigned char slot[64];
    /* col_overlap_supported of each pair of kinds, asked once (collide.overlap
     * reads it instead of calling the core on every miss) */
    bool overlap_supported[COL_SHAPE_KIND_COUNT][COL_SHAPE_KIND_COUNT];
} lcol_kinds;

/* Pushes the lcol_kinds userdata of the shape metatables registered by
 * lcol_open_shapes. */
void lcol_push_kinds(lua_State *L);

/* Size check of a polytope block (lshape.c): its header says count points,
 * which fill the block exactly, and its pointer points into it. */
bool lcol_polytope_block_ok(const void *ud, size_t len);

/* The slot of the metatable mt in lcol_kinds' perfect hash of multiplier mult. */
static inline unsigned lcol_kinds_slot(uint64_t mult, const void *mt) {
    return (unsigned)(((uint64_t)(uintptr_t)mt * mult) >> 58);
}

/* The kind of a userdata block p of len bytes whose metatable is mt, or -1
 * when it is not a shape (see lshape.c's KIND_TAGS for what proves it). */
static inline int lcol_kind_by_mt(const lcol_kinds *ks, const void *mt, const void *p, size_t len) {
    int k = -1;
    if (ks->mult) {
        k = ks->slot[lcol_kinds_slot(ks->mult, mt)] - 1;
        if (k >= 0 && ks->mt[k] != mt) k = -1;
    } else {
        for (int i = 0; i < COL_SHAPE_KIND_COUNT && k < 0; ++i)
            if (ks->mt[i] == mt) k = i;
    }
    if (k < 0) return -1;
    bool fits = k == COL_SHAPE_POLYTOPE ? lcol_polytope_block_ok(p, len) : len == ks->size[k];
    return fits ? k : -1;
}

/* lcol_shape_kind by the metatable's identity in ks instead of its tag,
 * with the same proof of the block (its size); *data is the block. -1 when
 * not a shape, the stack as it was. A shape's metatable stays on the
 * stack, saving a call (pop it before raising an error about a later
 * argument, whose type the message reads from the stack): use it
 * only where every argument is read by a fixed index and the results are
 * the top values (not where an optional argument is told by the stack's
 * height).
 * Inline: a hot query calls it for each shape (a call each cost
 * collide.overlap about a nanosecond). */
static inline int lcol_fast_kind(lua_State *L, int idx, const lcol_kinds *ks, void **data) {
    void *p = lua_touserdata(L, idx); /* NULL unless a userdata */
    if (!p || !lua_getmetatable(L, idx)) return -1;
    const void *mt = lua_topointer(L, -1); /* left on the stack: see above */
    *data = p;
    int k = lcol_kind_by_mt(ks, mt, p, lua_rawlen(L, idx)); /* rawlen: 0 for a light userdata */
    if (k < 0) lua_pop(L, 1); /* not a shape: nothing left (the error reads the stack as given) */
    return k;
}

/* The points of argument arg: a list as collide.convex takes it ({x1, y1,
 * z1, ...} or {{x, y, z}, ...}: read into a scratch userdata pushed on the
 * stack, each coordinate checked, errors naming the point) or a polytope
 * (its own points, nothing pushed); *count their number (at least 1). */
const col_vec3 *lcol_check_points(lua_State *L, int arg, size_t *count);

/* Size of the C struct a shape userdata of this kind holds (its whole payload
 * but for the polytope, whose points follow it). */
size_t lcol_kind_size(col_shape_kind kind);

/* Pushes a new shape userdata of a kind holding a copy of data (for a
 * polytope, data is a col_polytope whose points are copied). */
void lcol_push_shape(lua_State *L, col_shape_kind kind, const void *data);

/* Registers collide.pack, collide.overlapMany and the ShapeArray metatable
 * (larray.c); module table on top. */
void lcol_open_arrays(lua_State *L);

/* Registers collide.boundingBox, collide.boundingSphere, collide.kdop,
 * collide.merge and the k-DOP metatable (lvolumes.c); module table on top. */
void lcol_open_volumes(lua_State *L);

/* The k-DOP userdata at idx (collide.kdop's), or NULL for anything else
 * (lvolumes.c). */
const col_kdop *lcol_to_kdop(lua_State *L, int idx);

/* Pushes a new k-DOP userdata holding a copy of d (lvolumes.c). */
void lcol_push_kdop(lua_State *L, const col_kdop *d);

/* A k argument of a k-DOP: 6, 14, 18 or 26, or the argument error. */
int lcol_check_k(lua_State *L, int arg);

/* Registers collide.kdopTree and the KdopTree metatable (lkdoptree.c);
 * module table on top. */
void lcol_open_kdop_tree(lua_State *L);

/* Registers collide.frustum and the frustum metatable (lfrustum.c); module
 * table on top. */
void lcol_open_frustum(lua_State *L);

/* The frustum userdata at idx, or an argument error (lfrustum.c). */
const col_frustum *lcol_check_frustum(lua_State *L, int idx);

/* Registers collide.world and the World metatable (lworld.c); module table
 * on top. */
void lcol_open_world(lua_State *L);

/* Registers collide.mesh and the Mesh metatable (lmesh.c); module table on top. */
void lcol_open_mesh(lua_State *L);

/* Registers collide.Grid and collide.grid (lgrid.c). */
void lcol_open_grid(lua_State *L);

/* The mesh of the collide.Mesh userdata at idx, or NULL for anything else. */
col_mesh *lcol_to_mesh(lua_State *L, int idx);

/* collide.kind(v): the kind name of a shape, or nil (fail) for anything else. */
int lcol_kind_of(lua_State *L);

/* The error for a pair of kinds a query has no test for, on the argument
 * of the second shape: "bad argument #2 to 'overlap' (no test for the pair
 * (plane, plane))". Raises. */
int lcol_pair_error(lua_State *L, int arg, col_shape_kind a, col_shape_kind b);

/* The argument error of a number lcol_check_real refuses (raises: "number
 * expected", "finite number expected, got nan", the magnitude beyond
 * COL_HUGE). */
col_real lcol_refuse_real(lua_State *L, int arg);

/* A number argument that is finite with |x| <= COL_HUGE, as col_real. Inline
 * (the hot queries read six to nine of them per call): one API call and one
 * comparison in the common case (NaN, inf and a magnitude beyond COL_HUGE
 * fail it); lcol_refuse_real says why. */
static inline col_real lcol_check_real(lua_State *L, int arg) {
    int ok = 0;
    lua_Number x = lua_tonumberx(L, arg, &ok);
    if (!ok || !(fabs(x) <= (lua_Number)COL_HUGE)) return lcol_refuse_real(L, arg);
    return (col_real)x;
}

/* Reads n col_real arguments starting at arg into out. */
static inline void lcol_check_reals(lua_State *L, int arg, col_real *out, int n) {
    for (int i = 0; i < n; ++i) out[i] = lcol_check_real(L, arg + i);
}

/* Three col_reals as a vector (the readers fill arrays of reals). */
static inline col_vec3 lcol_v3(const col_real *p) { return col_v3(p[0], p[1], p[2]); }

/* The shape at idx, or an argument error "collide shape expected, got ...";
 * its kind in *kind and its C struct in place (for a polytope, a
 * col_polytope whose points follow it), valid while the value stays on the
 * stack. The one shape check of the bindings. */
void *lcol_check_any_shape(lua_State *L, int idx, col_shape_kind *kind);

/* The one rule for printing a number, in tostring, traces and pictures:
 * the fewest significant digits that read back as the same double (so 0.1
 * prints as 0.1 and 1/3 with 16 digits), in plain notation when its decimal
 * exponent is in [-5, 16] (100000, not 1e+05), else in exponent notation
 * (5e-324, 1e+308). buf needs 32 bytes. */
void lcol_format_number(char *buf, size_t size, double x);

/* A ray from the arguments ox, oy, oz, dx, dy, dz [, maxT] starting at arg
 * (maxT: default infinity, must be >= 0). */
col_ray lcol_check_ray(lua_State *L, int arg);

/* Pushes a ray hit as t, px, py, pz, nx, ny, nz, inside (returns 8), and a
 * sweep hit as t0, t1, px, py, pz, nx, ny, nz, initiallyOverlapping (returns
 * 9): the one result order of every query that returns them. */
int lcol_push_ray_hit(lua_State *L, col_ray_hit h);
int lcol_push_sweep(lua_State *L, col_sweep_hit h);

/* The shape at arg, which must be a 3D shape ("3D shape expected, got circle"). */
void lcol_check_3d_shape(lua_State *L, int arg, col_shape *out);

/* The `out` table of a list query: the table at arg, or a new one when nil;
 * pushed, its index returned. lcol_trim clears out[n + 1 ..], what a longer
 * earlier answer left, so a reused table allocates nothing. */
int lcol_out_table(lua_State *L, int arg);
void lcol_trim(lua_State *L, int out, lua_Integer n);

/* Pushes n numbers; returns n. */
int lcol_push_reals(lua_State *L, const col_real *v, int n);

/* Pushes a col_vec3 as three numbers; returns 3. */
static inline int lcol_push_vec3(lua_State *L, col_vec3 v) {
    lua_pushnumber(L, (lua_Number)v.x);
    lua_pushnumber(L, (lua_Number)v.y);
    lua_pushnumber(L, (lua_Number)v.z);
    return 3;
}

/* Pushes the bounds of an AABB as minx, miny, minz, maxx, maxy, maxz; returns 6. */
int lcol_push_aabb(lua_State *L, col_aabb b);

#endif
