// collide/math.h: vectors, rotations, quaternions, orthonormality.
#include "helpers.h"

using namespace ct;

namespace {

void ExpectVecNear(col_vec3 a, col_vec3 b, double tol) {
    EXPECT_NEAR(a.x, b.x, tol);
    EXPECT_NEAR(a.y, b.y, tol);
    EXPECT_NEAR(a.z, b.z, tol);
}

const double kTol = Ulps(1.0, 16);

} // namespace

// col_min and col_max are C's fmin and fmax, inline: a NaN gives the other
// argument, two NaNs NaN; of equal arguments (+0 and -0) the first, as
// glibc's on x86-64, so results do not change with the machine's libm.
TEST(Real, MinAndMaxAreFminAndFmaxTakingTheFirstOfEquals) {
    const col_real nan = static_cast<col_real>(NAN), one = R(1), two = R(2);
    EXPECT_EQ(col_min(one, two), one);
    EXPECT_EQ(col_min(two, one), one);
    EXPECT_EQ(col_max(one, two), two);
    EXPECT_EQ(col_max(two, one), two);
    EXPECT_EQ(col_min(nan, one), one);
    EXPECT_EQ(col_min(one, nan), one);
    EXPECT_EQ(col_max(nan, one), one);
    EXPECT_EQ(col_max(one, nan), one);
    EXPECT_TRUE(std::isnan(col_min(nan, nan)));
    EXPECT_TRUE(std::isnan(col_max(nan, nan)));
    EXPECT_EQ(col_min(-kInf, one), -kInf);
    EXPECT_EQ(col_max(kInf, one), kInf);
    const col_real pz = R(0), nz = -R(0);
    EXPECT_FALSE(std::signbit(col_max(pz, nz)));
    EXPECT_TRUE(std::signbit(col_max(nz, pz)));
    EXPECT_FALSE(std::signbit(col_min(pz, nz)));
    EXPECT_TRUE(std::signbit(col_min(nz, pz)));
}

TEST(Vec3, ArithmeticIsComponentwise) {
    col_vec3 a = V(1, 2, 3), b = V(-4, 0.5, 2);
    ExpectVecNear(col_v3_add(a, b), V(-3, 2.5, 5), 0);
    ExpectVecNear(col_v3_sub(a, b), V(5, 1.5, 1), 0);
    ExpectVecNear(col_v3_scale(a, R(-2)), V(-2, -4, -6), 0);
    ExpectVecNear(col_v3_madd(a, R(2), b), V(-7, 3, 7), 0);
    EXPECT_EQ(col_v3_dot(a, b), R(-4 + 1 + 6));
    ExpectVecNear(col_v3_lerp(a, b, R(0.5)), V(-1.5, 1.25, 2.5), 0);
    EXPECT_EQ(col_v3_get(a, 0), R(1));
    EXPECT_EQ(col_v3_get(a, 2), R(3));
}

TEST(Vec3, CrossProductIsRightHandedAndOrthogonal) {
    ExpectVecNear(col_v3_cross(V(1, 0, 0), V(0, 1, 0)), V(0, 0, 1), 0);
    ExpectVecNear(col_v3_cross(V(0, 1, 0), V(1, 0, 0)), V(0, 0, -1), 0);
    col_vec3 a = V(1.0 / 3, -2, 0.7), b = V(5, 0.25, -1.0 / 7);
    col_vec3 c = col_v3_cross(a, b);
    EXPECT_NEAR(col_v3_dot(c, a), 0, Ulps(10));
    EXPECT_NEAR(col_v3_dot(c, b), 0, Ulps(10));
}

TEST(Vec3, ValidityRejectsNonFiniteAndHuge) {
    EXPECT_TRUE(col_v3_is_valid(V(0, -1, 1e6)));
    EXPECT_FALSE(col_v3_is_valid(V(kNaN, 0, 0)));
    EXPECT_FALSE(col_v3_is_valid(V(0, kInf, 0)));
    EXPECT_FALSE(col_v3_is_valid(V(0, 0, -kInf)));
    EXPECT_FALSE(col_v3_is_valid(col_v3(0, 0, COL_HUGE * 2)));
    EXPECT_TRUE(col_v3_is_valid(col_v3(0, 0, COL_HUGE)));
    EXPECT_TRUE(col_v3_is_valid(V(std::numeric_limits<double>::denorm_min(), 0, 0)));
}

TEST(Vec2, CrossAndDot) {
    col_vec2 a = col_v2(R(1), R(2)), b = col_v2(R(3), R(-1));
    EXPECT_EQ(col_v2_dot(a, b), R(1));
    EXPECT_EQ(col_v2_cross(a, b), R(-7));
    EXPECT_EQ(col_v2_len(col_v2(R(3), R(4))), R(5));
    EXPECT_FALSE(col_v2_is_valid(col_v2(R(kNaN), R(0))));
}

TEST(Mat3, QuaternionOfQuarterTurnAboutZ) {
    double h = std::sqrt(0.5);
    col_quat q = {R(h), R(0), R(0), R(h)};
    col_mat3 m = col_m3_from_quat(q);
    ExpectVecNear(m.c0, V(0, 1, 0), kTol);
    ExpectVecNear(m.c1, V(-1, 0, 0), kTol);
    ExpectVecNear(m.c2, V(0, 0, 1), kTol);
    EXPECT_TRUE(col_m3_is_orthonormal(m));
}

TEST(Mat3, QuaternionIsNormalizedFirst) {
    col_quat q = {R(2), R(0), R(2), R(0)}; // 90 degrees about y, scaled by 2 sqrt 2
    col_mat3 m = col_m3_from_quat(q);
    ExpectVecNear(m.c0, V(0, 0, -1), kTol);
    ExpectVecNear(m.c2, V(1, 0, 0), kTol);
    col_quat big = {COL_HUGE, R(0), COL_HUGE, R(0)};
    col_mat3 mb = col_m3_from_quat(big);
    ExpectVecNear(mb.c0, V(0, 0, -1), kTol);
}

TEST(Mat3, DegenerateQuaternionGivesIdentity) {
    col_mat3 id = col_m3_identity();
    for (col_quat q : {col_quat{0, 0, 0, 0}, col_quat{R(kNaN), 0, 0, 1}, col_quat{1, R(kInf), 0, 0}}) {
        col_mat3 m = col_m3_from_quat(q);
        ExpectVecNear(m.c0, id.c0, 0);
        ExpectVecNear(m.c1, id.c1, 0);
        ExpectVecNear(m.c2, id.c2, 0);
    }
}

TEST(Mat3, AxisAngleAgreesWithQuaternion) {
    const double axes[][3] = {{1, 2, 3}, {-0.3, 0.1, 0.9}, {0, 0, 1}, {1, -1, 0}};
    const double angles[] = {0.1, 1.0 / 3, 2.5, -1.2};
    for (auto &ax : axes) {
        for (double ang : angles) {
            double n = std::sqrt(ax[0] * ax[0] + ax[1] * ax[1] + ax[2] * ax[2]);
            double s = std::sin(ang / 2) / n;
            col_quat q = {R(std::cos(ang / 2)), R(ax[0] * s), R(ax[1] * s), R(ax[2] * s)};
            col_mat3 a = col_m3_from_quat(q), b = col_m3_from_axis_angle(V(ax[0], ax[1], ax[2]), R(ang));
            ExpectVecNear(a.c0, b.c0, Ulps(1, 64));
            ExpectVecNear(a.c1, b.c1, Ulps(1, 64));
            ExpectVecNear(a.c2, b.c2, Ulps(1, 64));
            EXPECT_TRUE(col_m3_is_orthonormal(a));
            EXPECT_TRUE(col_m3_is_orthonormal(b));
            // The axis is fixed by the rotation.
            col_vec3 axis = V(ax[0] / n, ax[1] / n, ax[2] / n);
            ExpectVecNear(col_m3_mul_v3(b, axis), axis, Ulps(1, 64));
        }
    }
}

TEST(Mat3, TransposeInvertsARotation) {
    col_mat3 r = col_m3_from_axis_angle(V(0.2, -0.5, 1), R(0.7));
    col_mat3 p = col_m3_mul(col_m3_transpose(r), r);
    ExpectVecNear(p.c0, V(1, 0, 0), Ulps(1, 16));
    ExpectVecNear(p.c1, V(0, 1, 0), Ulps(1, 16));
    ExpectVecNear(p.c2, V(0, 0, 1), Ulps(1, 16));
    col_vec3 v = V(1.5, -2, 1.0 / 3);
    ExpectVecNear(col_m3_tmul_v3(r, col_m3_mul_v3(r, v)), v, Ulps(4, 16));
}

TEST(Mat3, OrthonormalityToleranceAcceptsRoundedRotationsOnly) {
    // Axes rounded from an exact rotation pass.
    double h = std::sqrt(0.5);
    EXPECT_TRUE(col_m3_is_orthonormal(col_m3_cols(V(h, h, 0), V(-h, h, 0), V(0, 0, 1))));
    // Axes typed with four decimals (|u|^2 - 1 = -2e-5) do not, in either precision.
    EXPECT_FALSE(col_m3_is_orthonormal(col_m3_cols(V(0.7071, 0.7071, 0), V(-0.7071, 0.7071, 0), V(0, 0, 1))));
    // Scaled, sheared, zero and non-finite axes fail; a reflection passes.
    EXPECT_FALSE(col_m3_is_orthonormal(col_m3_cols(V(2, 0, 0), V(0, 1, 0), V(0, 0, 1))));
    EXPECT_FALSE(col_m3_is_orthonormal(col_m3_cols(V(1, 0.01, 0), V(0, 1, 0), V(0, 0, 1))));
    EXPECT_FALSE(col_m3_is_orthonormal(col_m3_cols(V(0, 0, 0), V(0, 1, 0), V(0, 0, 1))));
    EXPECT_FALSE(col_m3_is_orthonormal(col_m3_cols(V(kNaN, 0, 0), V(0, 1, 0), V(0, 0, 1))));
    EXPECT_TRUE(col_m3_is_orthonormal(col_m3_cols(V(-1, 0, 0), V(0, 1, 0), V(0, 0, 1))));
}

TEST(Library, ReportsVersionAndPrecision) {
    EXPECT_STREQ(col_version(), "0.1.0");
    EXPECT_STREQ(col_real_name(), sizeof(col_real) == sizeof(float) ? "float" : "double");
}

TEST(Mat3, OrthonormalizeRepairsAxesFromFloatData) {
    // Axes rounded to float are off by about 1e-8: too far for the double validator.
    col_mat3 r = col_m3_from_axis_angle(V(1, 2, 3), R(0.8));
    col_mat3 f = col_m3_cols(V(static_cast<float>(r.c0.x), static_cast<float>(r.c0.y), static_cast<float>(r.c0.z)),
                             V(static_cast<float>(r.c1.x), static_cast<float>(r.c1.y), static_cast<float>(r.c1.z)),
                             V(static_cast<float>(r.c2.x), static_cast<float>(r.c2.y), static_cast<float>(r.c2.z)));
    col_mat3 o = col_m3_orthonormalize(f);
    EXPECT_TRUE(col_m3_is_orthonormal(o));
    ExpectVecNear(o.c0, r.c0, 1e-6);
    ExpectVecNear(o.c1, r.c1, 1e-6);
    ExpectVecNear(o.c2, r.c2, 1e-6);
    // A sheared, scaled frame becomes a rotation keeping the first axis's direction.
    col_mat3 s = col_m3_orthonormalize(col_m3_cols(V(2, 0, 0), V(1, 3, 0), V(5, 5, 5)));
    ExpectVecNear(s.c0, V(1, 0, 0), 0);
    ExpectVecNear(s.c1, V(0, 1, 0), 0);
    ExpectVecNear(s.c2, V(0, 0, 1), 0);
    // Degenerate input gives the identity.
    col_mat3 d = col_m3_orthonormalize(col_m3_cols(V(1, 1, 0), V(2, 2, 0), V(0, 0, 1)));
    ExpectVecNear(d.c1, V(0, 1, 0), 0);
    d = col_m3_orthonormalize(col_m3_cols(V(kNaN, 0, 0), V(0, 1, 0), V(0, 0, 1)));
    ExpectVecNear(d.c0, V(1, 0, 0), 0);
}
