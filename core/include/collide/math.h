/*
 * collide/math.h — small vector and rotation math, by value.
 *
 * col_vec3, col_vec2, col_mat3 (3x3, stored as three columns) and col_quat.
 * One-liners are static inline here and valid C++ (no compound literals), so
 * the C++ tests include this header as it is. Nothing here checks for NaN:
 * validation happens once, at the query boundary (see shapes.h).
 */
#ifndef COLLIDE_MATH_H
#define COLLIDE_MATH_H

#include "collide/base.h"

COL_EXTERN_C_BEGIN

typedef struct col_vec3 {
    col_real x, y, z;
} col_vec3;

typedef struct col_vec2 {
    col_real x, y;
} col_vec2;

/* A 3x3 matrix stored by columns: M * v = c0 * v.x + c1 * v.y + c2 * v.z.
 * For a rotation, the columns are the rotated x, y and z axes. */
typedef struct col_mat3 {
    col_vec3 c0, c1, c2;
} col_mat3;

/* A quaternion w + xi + yj + zk. Rotations use unit quaternions. */
typedef struct col_quat {
    col_real w, x, y, z;
} col_quat;

static inline col_vec3 col_v3(col_real x, col_real y, col_real z) {
    col_vec3 v = {x, y, z};
    return v;
}
static inline col_vec2 col_v2(col_real x, col_real y) {
    col_vec2 v = {x, y};
    return v;
}
static inline col_vec3 col_v3_add(col_vec3 a, col_vec3 b) { return col_v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline col_vec3 col_v3_sub(col_vec3 a, col_vec3 b) { return col_v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline col_vec3 col_v3_scale(col_vec3 a, col_real s) { return col_v3(a.x * s, a.y * s, a.z * s); }
static inline col_vec3 col_v3_neg(col_vec3 a) { return col_v3(-a.x, -a.y, -a.z); }
/* a / s componentwise (a division per component: unlike a * (1 / s), it does
 * not overflow when s is denormal). */
static inline col_vec3 col_v3_div(col_vec3 a, col_real s) { return col_v3(a.x / s, a.y / s, a.z / s); }
/* a + s * b */
static inline col_vec3 col_v3_madd(col_vec3 a, col_real s, col_vec3 b) {
    return col_v3(a.x + s * b.x, a.y + s * b.y, a.z + s * b.z);
}
static inline col_real col_v3_dot(col_vec3 a, col_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline col_vec3 col_v3_cross(col_vec3 a, col_vec3 b) {
    return col_v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static inline col_real col_v3_len_sq(col_vec3 a) { return col_v3_dot(a, a); }
static inline col_real col_v3_len(col_vec3 a) { return col_sqrt(col_v3_dot(a, a)); }
static inline col_vec3 col_v3_abs(col_vec3 a) { return col_v3(col_abs(a.x), col_abs(a.y), col_abs(a.z)); }
static inline col_vec3 col_v3_lerp(col_vec3 a, col_vec3 b, col_real t) {
    return col_v3(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y), a.z + t * (b.z - a.z));
}
/* Component i (0, 1, 2) of a. */
static inline col_real col_v3_get(col_vec3 a, int i) { return i == 0 ? a.x : (i == 1 ? a.y : a.z); }
static inline bool col_v3_is_valid(col_vec3 a) {
    return (int)col_is_valid_real(a.x) & (int)col_is_valid_real(a.y) & (int)col_is_valid_real(a.z);
}

static inline col_vec2 col_v2_add(col_vec2 a, col_vec2 b) { return col_v2(a.x + b.x, a.y + b.y); }
static inline col_vec2 col_v2_sub(col_vec2 a, col_vec2 b) { return col_v2(a.x - b.x, a.y - b.y); }
static inline col_vec2 col_v2_scale(col_vec2 a, col_real s) { return col_v2(a.x * s, a.y * s); }
static inline col_real col_v2_dot(col_vec2 a, col_vec2 b) { return a.x * b.x + a.y * b.y; }
/* z of the 3D cross product (a.x, a.y, 0) x (b.x, b.y, 0). */
static inline col_real col_v2_cross(col_vec2 a, col_vec2 b) { return a.x * b.y - a.y * b.x; }
static inline col_real col_v2_len(col_vec2 a) { return col_sqrt(col_v2_dot(a, a)); }
static inline bool col_v2_is_valid(col_vec2 a) { return col_is_valid_real(a.x) && col_is_valid_real(a.y); }

static inline col_mat3 col_m3_cols(col_vec3 c0, col_vec3 c1, col_vec3 c2) {
    col_mat3 m = {c0, c1, c2};
    return m;
}
static inline col_mat3 col_m3_identity(void) { return col_m3_cols(col_v3(1, 0, 0), col_v3(0, 1, 0), col_v3(0, 0, 1)); }
/* Column i (0, 1, 2). */
static inline col_vec3 col_m3_col(col_mat3 m, int i) { return i == 0 ? m.c0 : (i == 1 ? m.c1 : m.c2); }
/* M * v */
static inline col_vec3 col_m3_mul_v3(col_mat3 m, col_vec3 v) {
    return col_v3_add(col_v3_add(col_v3_scale(m.c0, v.x), col_v3_scale(m.c1, v.y)), col_v3_scale(m.c2, v.z));
}
/* M^T * v: the coordinates of v in the frame whose axes are M's columns. */
static inline col_vec3 col_m3_tmul_v3(col_mat3 m, col_vec3 v) {
    return col_v3(col_v3_dot(m.c0, v), col_v3_dot(m.c1, v), col_v3_dot(m.c2, v));
}

/* M^T. */
COL_API col_mat3 col_m3_transpose(col_mat3 m);

/* A * B. */
COL_API col_mat3 col_m3_mul(col_mat3 a, col_mat3 b);

/* Rotation by `angle` radians about `axis` (right-handed; Rodrigues' formula).
 * The axis is normalized here; a zero or non-finite axis gives the identity. */
COL_API col_mat3 col_m3_from_axis_angle(col_vec3 axis, col_real angle);

/* The rotation matrix of quaternion q (columns = rotated x, y, z axes).
 * q is normalized first, so any non-zero finite quaternion is accepted; a zero
 * or non-finite quaternion gives the identity. Convention: Hamilton product,
 * v' = q v q*, so col_quat{cos(a/2), sin(a/2)*axis} rotates by a about axis.
 * Source: Shoemake, "Animating rotation with quaternion curves", SIGGRAPH 1985. */
COL_API col_mat3 col_m3_from_quat(col_quat q);

/* true when M's columns are unit length and mutually perpendicular within
 * COL_ORTHONORMAL_TOLERANCE, and every entry is finite. Handedness is not
 * checked: a reflection is an acceptable set of box axes. */
COL_API bool col_m3_is_orthonormal(col_mat3 m);

/* The nearest-in-spirit orthonormal frame to M by Gram-Schmidt: c0 is
 * normalized, c1 made perpendicular to it and normalized, c2 = c0 x c1 (so the
 * result is a rotation). Use it to repair axes computed in lower precision
 * (float data, accumulated rotations) before building an OBB. Returns the
 * identity when c0 and c1 are zero, parallel or non-finite. */
COL_API col_mat3 col_m3_orthonormalize(col_mat3 m);

COL_EXTERN_C_END

#endif /* COLLIDE_MATH_H */
