/*
 * Private interface between the files of the Lua binding of collide.
 * lua_bindings/ is the only part of collide that includes lua.h.
 */
#ifndef COLLIDE_LCOLLIDE_H
#define COLLIDE_LCOLLIDE_H

#include "collide/collide.h"
#include "lauxlib.h"
#include "lua.h"

/* Entry point of the module `collide` (the only exported symbol of collide.so). */
COL_API int luaopen_collide(lua_State *L);

/* Registers the metatables of every shape type (called by luaopen_collide)
 * and adds the constructors to the module table on top of the stack. */
void lcol_open_shapes(lua_State *L);

/* The shape at index idx as a col_shape (copied), or an argument error
 * "collide shape expected, got <type>". */
void lcol_check_shape(lua_State *L, int idx, col_shape *out);

/* collide.kind(v): the kind name of a shape, or nil (fail) for anything else. */
int lcol_kind_of(lua_State *L);

/* A number argument that is finite with |x| <= COL_HUGE, as col_real. */
col_real lcol_check_real(lua_State *L, int arg);

/* Reads n col_real arguments starting at arg into out. */
void lcol_check_reals(lua_State *L, int arg, col_real *out, int n);

/* Pushes n numbers; returns n. */
int lcol_push_reals(lua_State *L, const col_real *v, int n);

/* Pushes a col_vec3 as three numbers; returns 3. */
int lcol_push_vec3(lua_State *L, col_vec3 v);

/* Pushes the bounds of an AABB as minx, miny, minz, maxx, maxy, maxz; returns 6. */
int lcol_push_aabb(lua_State *L, col_aabb b);

#endif
