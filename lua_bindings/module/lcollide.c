/*
 * The Lua module `collide`: generic queries over shape userdata (overlap,
 * classify), the plane and line queries, rotation helpers, and luaopen_collide.
 * Every argument is validated here before the core is called; no query
 * allocates (results are numbers and booleans on the stack).
 */
#include <math.h>

#include "lcollide.h"

static col_plane check_plane(lua_State *L, int idx) {
    return *(const col_plane *)lcol_check_kind(L, idx, COL_SHAPE_PLANE);
}

/* collide.overlap(a, b) --> boolean */
static int l_overlap(lua_State *L) {
    /* In place, without copying the shapes into col_shape, unchecked: a shape
     * userdata is valid by construction (lshape.c). The kinds by the
     * metatables' identities (upvalue 1, lcol_kinds), which leave the two
     * metatables on the stack above the arguments (the result is the top
     * value); whether the pair is supported from the same userdata's table
     * (not a call into the core on every miss: 28 of a miss's ~780
     * instructions with the bench's loop). */
    const lcol_kinds *ks = lua_touserdata(L, lua_upvalueindex(1));
    void *a = NULL, *b = NULL;
    int ka = lcol_fast_kind(L, 1, ks, &a);
    if (ka < 0) return luaL_typeerror(L, 1, "collide shape");
    int kb = lcol_fast_kind(L, 2, ks, &b);
    if (kb < 0) {
        lua_pop(L, 1); /* A's metatable: the error names argument 2 as given ("no value", not "table") */
        return luaL_typeerror(L, 2, "collide shape");
    }
    if (!ks->overlap_supported[ka][kb]) return lcol_pair_error(L, 2, (col_shape_kind)ka, (col_shape_kind)kb);
    lua_pushboolean(L, col_overlap_unchecked((col_shape_kind)ka, a, (col_shape_kind)kb, b));
    return 1;
}

/* collide.classify(shape, plane) --> -1 | 0 | 1 */
static int l_classify(lua_State *L) {
    col_shape s;
    lcol_check_shape(L, 1, &s);
    col_plane pl = check_plane(L, 2);
    if (!col_classify_supported(s.kind))
        return luaL_argerror(L, 1,
                             lua_pushfstring(L, "cannot classify a %s against a plane", col_shape_kind_name(s.kind)));
    lua_pushinteger(L, (lua_Integer)col_classify(&s, &pl));
    return 1;
}

/* collide.segmentPlane(segment, plane) --> t, px,py,pz, inPlane | nil */
static int l_segment_plane(lua_State *L) {
    const col_segment *s = lcol_check_kind(L, 1, COL_SHAPE_SEGMENT);
    col_plane pl = check_plane(L, 2);
    col_segment_plane_hit h = col_intersect_segment_plane(s, &pl);
    if (h.status != COL_HIT) {
        luaL_pushfail(L);
        return 1;
    }
    lua_pushnumber(L, (lua_Number)h.t);
    lcol_push_vec3(L, h.point);
    lua_pushboolean(L, h.in_plane);
    return 5;
}

/* collide.trianglePlane(triangle, plane) --> side [, px,py,pz, qx,qy,qz, coplanar] */
static int l_triangle_plane(lua_State *L) {
    const col_triangle *t = lcol_check_kind(L, 1, COL_SHAPE_TRIANGLE);
    col_plane pl = check_plane(L, 2);
    col_triangle_plane_hit h = col_intersect_triangle_plane(t, &pl);
    lua_pushinteger(L, (lua_Integer)h.side);
    if (h.status != COL_HIT) return 1;
    lcol_push_vec3(L, h.p);
    lcol_push_vec3(L, h.q);
    lua_pushboolean(L, h.coplanar);
    return 8;
}

/* collide.intersectPlanes(p1, p2, p3) --> x,y,z | nil */
static int l_intersect_planes(lua_State *L) {
    col_plane a = check_plane(L, 1), b = check_plane(L, 2), c = check_plane(L, 3);
    col_three_planes_hit h = col_intersect_three_planes(&a, &b, &c);
    if (h.status != COL_HIT) {
        luaL_pushfail(L);
        return 1;
    }
    return lcol_push_vec3(L, h.point);
}

/* collide.closestPointsLines(p1, d1, p2, d2 as 12 numbers)
 *   --> s, t, ax,ay,az, bx,by,bz, parallel */
static int l_closest_points_lines(lua_State *L) {
    col_real v[12];
    lcol_check_reals(L, 1, v, 12);
    col_line l1 = {lcol_v3(v), lcol_v3(v + 3)}, l2 = {lcol_v3(v + 6), lcol_v3(v + 9)};
    if (!col_line_is_valid(&l1)) luaL_argerror(L, 4, "direction must be non-zero");
    if (!col_line_is_valid(&l2)) luaL_argerror(L, 10, "direction must be non-zero");
    col_line_line_result r = col_closest_points_lines(&l1, &l2);
    lua_pushnumber(L, (lua_Number)r.s);
    lua_pushnumber(L, (lua_Number)r.t);
    lcol_push_vec3(L, r.pa);
    lcol_push_vec3(L, r.pb);
    lua_pushboolean(L, r.parallel);
    return 9;
}

/* collide.transformAabb(box, m00,m01,m02, m10,m11,m12, m20,m21,m22 [, tx,ty,tz])
 *   --> minx,miny,minz, maxx,maxy,maxz   (matrix given by rows) */
static int l_transform_aabb(lua_State *L) {
    const col_aabb *b = lcol_check_kind(L, 1, COL_SHAPE_AABB);
    col_real m[9], t[3] = {0, 0, 0};
    lcol_check_reals(L, 2, m, 9);
    if (!lua_isnoneornil(L, 11)) lcol_check_reals(L, 11, t, 3);
    /* rows in, columns stored */
    col_mat3 M = col_m3_cols(col_v3(m[0], m[3], m[6]), col_v3(m[1], m[4], m[7]), col_v3(m[2], m[5], m[8]));
    return lcol_push_aabb(L, col_aabb_transform(b, M, lcol_v3(t)));
}

static int push_axes(lua_State *L, col_mat3 m) {
    lcol_push_vec3(L, m.c0);
    lcol_push_vec3(L, m.c1);
    return 6 + lcol_push_vec3(L, m.c2);
}

/* collide.axesFromQuat(w, x, y, z) --> ux,uy,uz, vx,vy,vz, wx,wy,wz */
static int l_axes_from_quat(lua_State *L) {
    col_real q[4];
    lcol_check_reals(L, 1, q, 4);
    if (q[0] == 0 && q[1] == 0 && q[2] == 0 && q[3] == 0) luaL_argerror(L, 1, "quaternion must be non-zero");
    col_quat cq = {q[0], q[1], q[2], q[3]};
    return push_axes(L, col_m3_from_quat(cq));
}

/* collide.axesFromAxisAngle(ax, ay, az, angle) --> ux,uy,uz, vx,vy,vz, wx,wy,wz */
static int l_axes_from_axis_angle(lua_State *L) {
    col_real v[4];
    lcol_check_reals(L, 1, v, 4);
    if (v[0] == 0 && v[1] == 0 && v[2] == 0) luaL_argerror(L, 1, "axis must be non-zero");
    return push_axes(L, col_m3_from_axis_angle(lcol_v3(v), v[3]));
}

static bool try_vec3(lua_State *L, int arg, col_vec3 *out);

/* collide.raycast's plain calls, raycast(shape, ox,oy,oz, dx,dy,dz [, maxT])
 * with numbers: the shape by its metatable's identity (upvalue 1, as
 * collide.overlap), the numbers by one call each, the cast by kind and
 * struct (col_raycast_kind, no col_shape built). 0 where anything is not as
 * expected (the general path then reads the arguments again and raises the
 * error that names one); else the number of results. */
static int raycast_plain(lua_State *L, int top) {
    const lcol_kinds *ks = lua_touserdata(L, lua_upvalueindex(1));
    void *shape = NULL;
    int kind = lcol_fast_kind(L, 1, ks, &shape);
    if (kind < 0) return 0;
    col_vec3 o, d;
    int given = 1;
    lua_Number max_t = top == 8 ? lua_tonumberx(L, 8, &given) : HUGE_VAL;
    if (!given || !(max_t >= 0) || !try_vec3(L, 2, &o) || !try_vec3(L, 5, &d)) {
        lua_settop(L, top); /* the metatable lcol_fast_kind left */
        return 0;
    }
    col_ray r = {o, d, (col_real)(max_t > (lua_Number)COL_REAL_MAX ? HUGE_VAL : max_t)};
    col_ray_hit h = col_raycast_kind((col_shape_kind)kind, shape, &r);
    if (h.status == COL_INVALID) {
        /* a kind without a cast or an invalid shape: the general path raises
         * the error, or answers again */
        lua_settop(L, top);
        return 0;
    }
    if (h.status != COL_HIT) {
        luaL_pushfail(L);
        return 1;
    }
    return lcol_push_ray_hit(L, h);
}

/* collide.raycast(shape, ox,oy,oz, dx,dy,dz [, maxT [, method [, sides]]])
 *   --> t, px,py,pz, nx,ny,nz, inside | nil */
static int l_raycast(lua_State *L) {
    static const char *const methods[] = {"default", "slabs", "woo", "watertight", "moller", "badouel", NULL};
    static const char *const sides_names[] = {"twosided", "cull", NULL};
    int top = lua_gettop(L), n = top == 7 || top == 8 ? raycast_plain(L, top) : 0;
    if (n) return n;
    col_shape s;
    lcol_check_shape(L, 1, &s);
    if (!col_raycast_supported(s.kind))
        return luaL_argerror(L, 1, lua_pushfstring(L, "cannot raycast a %s", col_shape_kind_name(s.kind)));
    col_ray r = lcol_check_ray(L, 2);
    /* the options only when given (luaL_checkoption compares strings; the
     * stack's height tells most calls that they are absent) */
    int method = top < 9 || lua_isnil(L, 9) ? 0 : luaL_checkoption(L, 9, "default", methods);
    col_triangle_sides sides = top >= 10 && !lua_isnil(L, 10) && luaL_checkoption(L, 10, "twosided", sides_names)
                                   ? COL_CULL_BACKFACES
                                   : COL_TWO_SIDED;
    const char *kind = col_shape_kind_name(s.kind);
    if ((method == 1 || method == 2) && s.kind != COL_SHAPE_AABB)
        return luaL_argerror(L, 9, lua_pushfstring(L, "'%s' applies to an aabb, not a %s", methods[method], kind));
    if (method >= 3 && s.kind != COL_SHAPE_TRIANGLE)
        return luaL_argerror(L, 9, lua_pushfstring(L, "'%s' applies to a triangle, not a %s", methods[method], kind));
    if (sides == COL_CULL_BACKFACES && s.kind != COL_SHAPE_TRIANGLE)
        return luaL_argerror(L, 10, lua_pushfstring(L, "'cull' applies to a triangle, not a %s", kind));
    col_ray_hit h;
    switch (method) {
    case 1: h = col_raycast_aabb_slabs(&r, &s.u.aabb); break;
    case 2: h = col_raycast_aabb_woo(&r, &s.u.aabb); break;
    case 3: h = col_raycast_triangle(&r, &s.u.triangle, sides); break;
    case 4: h = col_raycast_triangle_mt(&r, &s.u.triangle, sides); break;
    case 5: h = col_raycast_triangle_badouel(&r, &s.u.triangle, sides); break;
    default: h = s.kind == COL_SHAPE_TRIANGLE ? col_raycast_triangle(&r, &s.u.triangle, sides) : col_raycast(&s, &r);
    }
    if (h.status != COL_HIT) {
        luaL_pushfail(L);
        return 1;
    }
    return lcol_push_ray_hit(L, h);
}

col_ray lcol_check_ray(lua_State *L, int arg) {
    col_real v[6];
    lcol_check_reals(L, arg, v, 6);
    /* maxT by one call where it is a number (luaL_optnumber asks its type first) */
    int given = 0;
    lua_Number max_t = lua_tonumberx(L, arg + 6, &given);
    if (!given) max_t = lua_isnoneornil(L, arg + 6) ? HUGE_VAL : luaL_checknumber(L, arg + 6);
    if (!(max_t >= 0)) luaL_argerror(L, arg + 6, "maxT must be >= 0");
    col_ray r = {lcol_v3(v), lcol_v3(v + 3), (col_real)(max_t > (lua_Number)COL_REAL_MAX ? HUGE_VAL : max_t)};
    return r;
}

/* One result order everywhere: the scalars, then the points, then the normal. */
int lcol_push_ray_hit(lua_State *L, col_ray_hit h) {
    lua_pushnumber(L, (lua_Number)h.t);
    lcol_push_vec3(L, h.point);
    lcol_push_vec3(L, h.normal);
    lua_pushboolean(L, h.inside);
    return 8;
}

int lcol_push_sweep(lua_State *L, col_sweep_hit h) {
    lua_pushnumber(L, (lua_Number)h.t0);
    lua_pushnumber(L, (lua_Number)h.t1);
    lcol_push_vec3(L, h.point);
    lcol_push_vec3(L, h.normal);
    lua_pushboolean(L, h.initially_overlapping);
    return 9;
}

void lcol_check_3d_shape(lua_State *L, int arg, col_shape *out) {
    lcol_check_shape(L, arg, out);
    if (col_shape_kind_is_2d(out->kind)) {
        lua_pushfstring(L, "3D shape expected, got %s", col_shape_kind_name(out->kind));
        luaL_argerror(L, arg, lua_tostring(L, -1));
    }
}

int lcol_out_table(lua_State *L, int arg) {
    if (lua_isnoneornil(L, arg)) {
        lua_newtable(L);
    } else {
        luaL_checktype(L, arg, LUA_TTABLE);
        lua_pushvalue(L, arg);
    }
    return lua_gettop(L);
}

void lcol_trim(lua_State *L, int out, lua_Integer n) {
    for (lua_Integer i = n + 1; lua_rawgeti(L, out, i) != LUA_TNIL; ++i) {
        lua_pop(L, 1);
        lua_pushnil(L);
        lua_rawseti(L, out, i);
    }
    lua_pop(L, 1);
}

/* collide.sweep(a, dax,day,daz, b [, dbx,dby,dbz])
 *   --> t0, t1, px,py,pz, nx,ny,nz, initiallyOverlapping | nil */
/* The arguments shared by sweep and sweepConvex: a, dax,day,daz, b [, dbx,dby,dbz]. */
static void read_sweep(lua_State *L, col_shape *a, col_vec3 *da, col_shape *b, col_vec3 *db) {
    col_real v[6] = {0, 0, 0, 0, 0, 0};
    lcol_check_shape(L, 1, a);
    lcol_check_reals(L, 2, v, 3);
    lcol_check_shape(L, 5, b);
    if (!lua_isnoneornil(L, 6)) lcol_check_reals(L, 6, v + 3, 3);
    *da = lcol_v3(v);
    *db = lcol_v3(v + 3);
}

/* A finite number with |x| <= COL_HUGE (as lcol_check_real) at t[i]
 * (1-based) of the table on the top of the stack, for field `name` of the
 * options at arg. */
static col_real spin_number(lua_State *L, int arg, const char *name, int i) {
    lua_rawgeti(L, -1, i);
    int ok = 0;
    lua_Number x = lua_tonumberx(L, -1, &ok);
    lua_pop(L, 1);
    if (!ok || !(x >= -(lua_Number)COL_HUGE && x <= (lua_Number)COL_HUGE))
        luaL_argerror(L, arg, lua_pushfstring(L, "%s[%d] must be a finite number", name, i));
    return (col_real)x;
}

/* The options table's field `name` ({x, y, z, angle}: a rotation by angle
 * radians about the axis (x, y, z) over the step; {x, y, z} for a pivot):
 * false when absent. */
static bool spin_field(lua_State *L, int arg, const char *name, int n, col_real *out) {
    lua_getfield(L, arg, name);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return false;
    }
    if (!lua_istable(L, -1)) luaL_argerror(L, arg, lua_pushfstring(L, "%s must be a table of %d numbers", name, n));
    for (int i = 0; i < n; ++i) out[i] = spin_number(L, arg, name, i + 1);
    lua_pop(L, 1);
    return true;
}

/* The motion of shape s from the options at arg: its displacement d, the
 * rotation `rotate` ({x, y, z, angle}) about `pivot` ({x, y, z}; default:
 * the centre of its bounds). */
static col_rigid_motion spin_motion(lua_State *L, int arg, const col_shape *s, col_vec3 d, const char *rotate,
                                    const char *pivot) {
    col_real r[4] = {0, 0, 0, 0}, p[3];
    col_vec3 rotation = col_v3(0, 0, 0);
    if (spin_field(L, arg, rotate, 4, r) && r[3] != 0) {
        col_vec3 axis = col_v3(r[0], r[1], r[2]);
        col_real len = col_v3_len(axis);
        if (!(len > 0)) luaL_argerror(L, arg, lua_pushfstring(L, "%s has a zero axis", rotate));
        rotation = col_v3_scale(axis, r[3] / len);
    }
    col_rigid_motion m = col_rigid_motion_about_centre(s, d, rotation);
    if (spin_field(L, arg, pivot, 3, p)) m.pivot = col_v3(p[0], p[1], p[2]);
    return m;
}

/* A turning shape that cannot turn (col_shape_can_turn): an argument error. */
static void check_turnable(lua_State *L, int arg, const col_shape *s, const col_rigid_motion *m, const char *field) {
    bool turns = m->rotation.x != 0 || m->rotation.y != 0 || m->rotation.z != 0;
    if (turns && !col_shape_can_turn(s))
        luaL_argerror(L, arg, lua_pushfstring(L, "%s: a %s cannot turn", field, col_shape_kind_name(s->kind)));
}

/* Three numbers from arg as a vector where they are finite numbers within
 * COL_HUGE (lcol_check_real's test, without its error): false otherwise. */
static bool try_vec3(lua_State *L, int arg, col_vec3 *out) {
    int ok[3];
    lua_Number x = lua_tonumberx(L, arg, &ok[0]), y = lua_tonumberx(L, arg + 1, &ok[1]),
               z = lua_tonumberx(L, arg + 2, &ok[2]);
    const lua_Number huge = (lua_Number)COL_HUGE;
    if (!(ok[0] & ok[1] & ok[2]) || !(fabs(x) <= huge && fabs(y) <= huge && fabs(z) <= huge)) return false;
    *out = col_v3((col_real)x, (col_real)y, (col_real)z);
    return true;
}

/* collide.sweep's plain calls, sweep(a, dx,dy,dz, b [, dbx,dby,dbz]) without
 * options: the shapes by their metatables' identities (upvalue 1, as
 * collide.overlap), the numbers by one call each, the sweep by kinds and
 * structs (col_sweep_kind, no col_shape built). 0 where anything is not
 * as expected (the general path then reads the arguments again and raises
 * the error that names one); else the number of results. */
static int sweep_plain(lua_State *L, int top) {
    const lcol_kinds *ks = lua_touserdata(L, lua_upvalueindex(1));
    void *pa = NULL, *pb = NULL;
    int ka = lcol_fast_kind(L, 1, ks, &pa);
    if (ka < 0) return 0;
    int kb = lcol_fast_kind(L, 5, ks, &pb);
    col_vec3 da = col_v3(0, 0, 0), db = col_v3(0, 0, 0);
    if (kb < 0 || !try_vec3(L, 2, &da) || (top == 8 && !try_vec3(L, 6, &db))) {
        lua_settop(L, top); /* the metatables lcol_fast_kind left */
        return 0;
    }
    col_sweep_hit h = col_sweep_kind((col_shape_kind)ka, pa, da, (col_shape_kind)kb, pb, db);
    if (h.status == COL_INVALID) {
        /* an unsupported pair or invalid shapes: the general path raises
         * the error, or answers again */
        lua_settop(L, top);
        return 0;
    }
    if (h.status != COL_HIT && h.status != COL_NOT_CONVERGED) {
        luaL_pushfail(L);
        return 1;
    }
    return lcol_push_sweep(L, h);
}

static int l_sweep(lua_State *L) {
    int top = lua_gettop(L), n = top == 5 || top == 8 ? sweep_plain(L, top) : 0;
    if (n) return n;
    col_shape a, b;
    col_vec3 da = col_v3(0, 0, 0), db = col_v3(0, 0, 0);
    /* the options table: after B's motion, or in its place */
    int opts = lua_istable(L, 6) ? 6 : (lua_istable(L, 9) ? 9 : 0);
    if (opts == 6) {
        col_real v[3];
        lcol_check_shape(L, 1, &a);
        lcol_check_reals(L, 2, v, 3);
        lcol_check_shape(L, 5, &b);
        da = lcol_v3(v);
    } else {
        read_sweep(L, &a, &da, &b, &db);
        if (!lua_isnoneornil(L, 9) && !opts) luaL_typeerror(L, 9, "table");
    }
    if (!col_sweep_supported(a.kind, b.kind)) return lcol_pair_error(L, 5, a.kind, b.kind);
    col_sweep_hit h;
    if (opts) {
        col_rigid_motion ma = spin_motion(L, opts, &a, da, "rotateA", "pivotA");
        col_rigid_motion mb = spin_motion(L, opts, &b, db, "rotateB", "pivotB");
        check_turnable(L, opts, &a, &ma, "rotateA");
        check_turnable(L, opts, &b, &mb, "rotateB");
        h = col_sweep_rotating(&a, &ma, &b, &mb, NULL, NULL);
        if (h.status == COL_INVALID) return luaL_argerror(L, opts, "the motion leaves the valid range");
    } else {
        h = col_sweep(&a, da, &b, db);
    }
    if (h.status != COL_HIT && h.status != COL_NOT_CONVERGED) {
        luaL_pushfail(L);
        return 1;
    }
    return lcol_push_sweep(L, h);
}

static void check_pair(lua_State *L, col_shape *a, col_shape *b) {
    lcol_check_shape(L, 1, a);
    lcol_check_shape(L, 2, b);
    if (!col_distance_supported(a->kind, b->kind)) lcol_pair_error(L, 2, a->kind, b->kind);
}

static int push_distance(lua_State *L, col_distance_result r) {
    lua_pushnumber(L, (lua_Number)r.distance);
    lcol_push_vec3(L, r.point_a);
    lcol_push_vec3(L, r.point_b);
    lcol_push_vec3(L, r.normal);
    lua_pushinteger(L, r.iterations);
    lua_pushboolean(L, r.status != COL_NOT_CONVERGED);
    return 12;
}

/* collide.distance(a, b) --> d, ax,ay,az, bx,by,bz, nx,ny,nz, iterations, converged */
static int l_distance(lua_State *L) {
    col_shape a, b;
    check_pair(L, &a, &b);
    return push_distance(L, col_distance(&a, &b));
}

/* collide.gjkDistance(a, b): as distance, always by GJK (no plane) */
static int l_gjk_distance(lua_State *L) {
    col_shape a, b;
    lcol_check_shape(L, 1, &a);
    lcol_check_shape(L, 2, &b);
    if (!col_support_supported(a.kind))
        return luaL_argerror(L, 1, lua_pushfstring(L, "a %s has no support function", col_shape_kind_name(a.kind)));
    if (!col_support_supported(b.kind))
        return luaL_argerror(L, 2, lua_pushfstring(L, "a %s has no support function", col_shape_kind_name(b.kind)));
    return push_distance(L, col_gjk_distance(&a, &b));
}

static int push_penetration(lua_State *L, col_penetration_result r) {
    if (r.status != COL_HIT && r.status != COL_NOT_CONVERGED) {
        luaL_pushfail(L);
        return 1;
    }
    lua_pushnumber(L, (lua_Number)r.depth);
    lcol_push_vec3(L, r.point_a);
    lcol_push_vec3(L, r.point_b);
    lcol_push_vec3(L, r.normal);
    lua_pushinteger(L, r.iterations);
    lua_pushboolean(L, r.status == COL_HIT);
    return 12;
}

/* collide.penetration(a, b) --> depth, ax,ay,az, bx,by,bz, nx,ny,nz, iterations, converged | nil */
static int l_penetration(lua_State *L) {
    col_shape a, b;
    check_pair(L, &a, &b);
    return push_penetration(L, col_penetration(&a, &b));
}

/* collide.manifold(a, b) --> count, nx,ny,nz, x1,y1,z1,depth1, ... (count points) | nil */
static int l_manifold(lua_State *L) {
    col_shape a, b;
    check_pair(L, &a, &b);
    col_contact_manifold m = col_manifold(&a, &b);
    if (m.status != COL_HIT && m.status != COL_NOT_CONVERGED) {
        luaL_pushfail(L);
        return 1;
    }
    lua_pushinteger(L, m.count);
    lcol_push_vec3(L, m.normal);
    for (int i = 0; i < m.count; ++i) {
        lcol_push_vec3(L, m.point[i]);
        lua_pushnumber(L, (lua_Number)m.depth[i]);
    }
    return 4 + 4 * m.count;
}

/* collide.epaPenetration(a, b): as penetration, always by GJK and EPA */
static int l_epa_penetration(lua_State *L) {
    col_shape a, b;
    check_pair(L, &a, &b);
    return push_penetration(L, col_epa_penetration(&a, &b));
}

/* collide.support(shape, dx,dy,dz) --> x,y,z */
static int l_support(lua_State *L) {
    col_shape s;
    lcol_check_shape(L, 1, &s);
    col_real d[3];
    lcol_check_reals(L, 2, d, 3);
    col_vec3 p;
    if (!col_support_supported(s.kind))
        return luaL_argerror(L, 1, lua_pushfstring(L, "a %s has no support function", col_shape_kind_name(s.kind)));
    (void)col_support(&s, lcol_v3(d), &p);
    return lcol_push_vec3(L, p);
}

/* collide.sweepConvex(a, dax,day,daz, b [, dbx,dby,dbz [, target [, tolerance [, maxIterations]]]])
 *   --> t0, t1, px,py,pz, nx,ny,nz, initiallyOverlapping, iterations, converged | nil, iterations */
static int l_sweep_convex(lua_State *L) {
    col_shape a, b;
    col_vec3 da, db;
    read_sweep(L, &a, &da, &b, &db);
    col_sweep_params p = col_sweep_params_default();
    if (!lua_isnoneornil(L, 9)) {
        p.target = lcol_check_real(L, 9);
        if (!(p.target >= 0)) return luaL_argerror(L, 9, "target must be >= 0");
    }
    if (!lua_isnoneornil(L, 10)) {
        p.tolerance = lcol_check_real(L, 10);
        if (!(p.tolerance >= 0)) return luaL_argerror(L, 10, "tolerance must be >= 0");
    }
    if (!lua_isnoneornil(L, 11)) {
        lua_Integer n = luaL_checkinteger(L, 11);
        if (n < 1 || n > 1000000) return luaL_argerror(L, 11, "maxIterations must be in [1, 1000000]");
        p.max_iterations = (int)n;
    }
    if (!col_distance_supported(a.kind, b.kind)) return lcol_pair_error(L, 5, a.kind, b.kind);
    int iterations = 0;
    col_sweep_hit h = col_sweep_convex(&a, da, &b, db, &p, &iterations);
    if (h.status != COL_HIT && h.status != COL_NOT_CONVERGED) {
        luaL_pushfail(L);
        lua_pushinteger(L, iterations);
        return 2;
    }
    lcol_push_sweep(L, h);
    lua_pushinteger(L, iterations);
    lua_pushboolean(L, h.status == COL_HIT);
    return 11;
}

static const luaL_Reg module_functions[] = {
    {"distance", l_distance},
    {"gjkDistance", l_gjk_distance},
    {"penetration", l_penetration},
    {"manifold", l_manifold},
    {"epaPenetration", l_epa_penetration},
    {"support", l_support},
    {"sweepConvex", l_sweep_convex},
    {"classify", l_classify},
    {"segmentPlane", l_segment_plane},
    {"trianglePlane", l_triangle_plane},
    {"intersectPlanes", l_intersect_planes},
    {"closestPointsLines", l_closest_points_lines},
    {"transformAabb", l_transform_aabb},
    {"axesFromQuat", l_axes_from_quat},
    {"axesFromAxisAngle", l_axes_from_axis_angle},
    {"kind", lcol_kind_of},
    {NULL, NULL},
};

int LCOL_OPEN(lua_State *L) {
    luaL_newlib(L, module_functions);
    lcol_open_shapes(L);
    /* the hot queries, with the shape metatables' identities as upvalue 1 */
    static const luaL_Reg hot_functions[] = {
        {"overlap", l_overlap}, {"raycast", l_raycast}, {"sweep", l_sweep}, {NULL, NULL}};
    lcol_push_kinds(L);
    luaL_setfuncs(L, hot_functions, 1);
    lcol_open_arrays(L);
    lcol_open_frustum(L);
    lcol_open_volumes(L);
    lcol_open_world(L);
    lcol_open_mesh(L);
    lcol_open_grid(L);
    lcol_open_kdop_tree(L);
    lua_pushstring(L, col_version());
    lua_setfield(L, -2, "_VERSION");
    lua_pushstring(L, col_real_name());
    lua_setfield(L, -2, "real");
    lua_pushnumber(L, (lua_Number)COL_HUGE);
    lua_setfield(L, -2, "huge");
    lua_pushnumber(L, (lua_Number)COL_ORTHONORMAL_TOLERANCE);
    lua_setfield(L, -2, "orthonormalTolerance");
    return 1;
}
