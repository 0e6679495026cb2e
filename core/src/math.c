/* Rotation helpers of collide/math.h and the library's identification. */
#include "collide/collide.h"

#define COL_STR2(x) #x
#define COL_STR(x) COL_STR2(x)

const char *col_version(void) {
    return COL_STR(COLLIDE_VERSION_MAJOR) "." COL_STR(COLLIDE_VERSION_MINOR) "." COL_STR(COLLIDE_VERSION_PATCH);
}

const char *col_real_name(void) { return COL_REAL_NAME; }

col_mat3 col_m3_transpose(col_mat3 m) {
    return col_m3_cols(col_v3(m.c0.x, m.c1.x, m.c2.x), col_v3(m.c0.y, m.c1.y, m.c2.y), col_v3(m.c0.z, m.c1.z, m.c2.z));
}

col_mat3 col_m3_mul(col_mat3 a, col_mat3 b) {
    return col_m3_cols(col_m3_mul_v3(a, b.c0), col_m3_mul_v3(a, b.c1), col_m3_mul_v3(a, b.c2));
}

col_mat3 col_m3_from_axis_angle(col_vec3 axis, col_real angle) {
    if (!col_v3_is_valid(axis) || !col_is_valid_real(angle)) return col_m3_identity();
    col_real len = col_v3_len(axis);
    if (!(len > COL_R(0.0))) return col_m3_identity();
    col_vec3 k = col_v3_div(axis, len);
#if defined(COLLIDE_REAL_FLOAT) && COLLIDE_REAL_FLOAT
    col_real c = cosf(angle), s = sinf(angle);
#else
    col_real c = cos(angle), s = sin(angle);
#endif
    col_real t = COL_R(1.0) - c;
    /* Rodrigues: R = c I + s [k]x + t k k^T, written by columns. */
    col_vec3 c0 = col_v3(c + t * k.x * k.x, t * k.x * k.y + s * k.z, t * k.x * k.z - s * k.y);
    col_vec3 c1 = col_v3(t * k.x * k.y - s * k.z, c + t * k.y * k.y, t * k.y * k.z + s * k.x);
    col_vec3 c2 = col_v3(t * k.x * k.z + s * k.y, t * k.y * k.z - s * k.x, c + t * k.z * k.z);
    return col_m3_cols(c0, c1, c2);
}

col_mat3 col_m3_from_quat(col_quat q) {
    if (!col_is_valid_real(q.w) || !col_is_valid_real(q.x) || !col_is_valid_real(q.y) || !col_is_valid_real(q.z))
        return col_m3_identity();
    /* Scale by the largest component first so the squared norm cannot overflow. */
    col_real m = col_max(col_max(col_abs(q.w), col_abs(q.x)), col_max(col_abs(q.y), col_abs(q.z)));
    if (!(m > COL_R(0.0))) return col_m3_identity();
    col_real w = q.w / m, x = q.x / m, y = q.y / m, z = q.z / m;
    col_real n2 = w * w + x * x + y * y + z * z;
    col_real s = COL_R(2.0) / n2; /* n2 >= 1 after scaling */
    col_real xx = x * x * s, yy = y * y * s, zz = z * z * s;
    col_real xy = x * y * s, xz = x * z * s, yz = y * z * s;
    col_real wx = w * x * s, wy = w * y * s, wz = w * z * s;
    col_vec3 c0 = col_v3(COL_R(1.0) - (yy + zz), xy + wz, xz - wy);
    col_vec3 c1 = col_v3(xy - wz, COL_R(1.0) - (xx + zz), yz + wx);
    col_vec3 c2 = col_v3(xz + wy, yz - wx, COL_R(1.0) - (xx + yy));
    return col_m3_cols(c0, c1, c2);
}

bool col_m3_is_orthonormal(col_mat3 m) {
    if (!col_v3_is_valid(m.c0) || !col_v3_is_valid(m.c1) || !col_v3_is_valid(m.c2)) return false;
    const col_real tol = COL_ORTHONORMAL_TOLERANCE;
    return col_abs(col_v3_dot(m.c0, m.c0) - COL_R(1.0)) <= tol && col_abs(col_v3_dot(m.c1, m.c1) - COL_R(1.0)) <= tol &&
           col_abs(col_v3_dot(m.c2, m.c2) - COL_R(1.0)) <= tol && col_abs(col_v3_dot(m.c0, m.c1)) <= tol &&
           col_abs(col_v3_dot(m.c0, m.c2)) <= tol && col_abs(col_v3_dot(m.c1, m.c2)) <= tol;
}

/* v / |v| computed without overflow or underflow of |v|^2; false when v is
 * zero or non-finite. */
static bool normalize(col_vec3 v, col_vec3 *out) {
    if (!col_v3_is_valid(v)) return false;
    col_real m = col_max(col_abs(v.x), col_max(col_abs(v.y), col_abs(v.z)));
    if (!(m > COL_R(0.0))) return false;
    col_vec3 s = col_v3_div(v, m);
    *out = col_v3_scale(s, COL_R(1.0) / col_v3_len(s));
    return true;
}

col_mat3 col_m3_orthonormalize(col_mat3 m) {
    col_vec3 x, y, c1;
    if (!normalize(m.c0, &x) || !normalize(m.c1, &c1)) return col_m3_identity();
    col_vec3 perp = col_v3_madd(c1, -col_v3_dot(c1, x), x);
    /* c1 (nearly) parallel to c0: what is left is rounding noise */
    if (col_v3_len_sq(perp) <= COL_PARALLEL_TOLERANCE) return col_m3_identity();
    if (!normalize(perp, &y)) return col_m3_identity();
    /* one more pass removes what rounding left of x in y */
    if (!normalize(col_v3_madd(y, -col_v3_dot(y, x), x), &y)) return col_m3_identity();
    return col_m3_cols(x, y, col_v3_cross(x, y));
}
