// Bounding volumes from point sets (collide/volumes.h): every volume holds
// every point (col_overlap with the point, exact), hand-derived volumes of
// simple clouds, the minimum sphere against brute force over support sets
// and never above Ritter's or the AABB-centred one, PCA's axes on a turned
// box, k-DOP slabs exact at their boundary, merges, invalid input.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "helpers.h"

using namespace ct;

namespace {

constexpr bool kFloat = sizeof(col_real) == sizeof(float);
const double kRel = kFloat ? 1e-5 : 1e-12; // a few ulps, relative

bool Holds(const col_shape &vol, col_vec3 p) {
    col_shape q = Point(static_cast<double>(p.x), static_cast<double>(p.y), static_cast<double>(p.z));
    return col_overlap(&q, &vol);
}

col_shape AsShape(const col_sphere &s) { return Sphere(s.c.x, s.c.y, s.c.z, s.r); }
col_shape AsShape(const col_aabb &b) { return Aabb(b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z); }
col_shape AsShape(const col_obb &b) {
    col_shape s;
    s.kind = COL_SHAPE_OBB;
    s.u.obb = b;
    return s;
}

// The clouds: a cube's corners, a thin sliver, a sphere sample, a flat
// disc, points on a line, duplicates, random points, each also far from the
// origin.
std::vector<std::vector<col_vec3>> Clouds(unsigned seed) {
    std::mt19937 g(seed);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<std::vector<col_vec3>> out;
    std::vector<col_vec3> cube;
    for (int i = 0; i < 8; ++i) cube.push_back(V(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1));
    out.push_back(cube);
    std::vector<col_vec3> sliver, ball, disc, line, dup, rnd;
    for (int i = 0; i < 50; ++i) sliver.push_back(V(u(g) * 100, u(g) * 1e-3, u(g) * 1e-6));
    for (int i = 0; i < 200; ++i) {
        col_vec3 d = V(u(g), u(g), u(g));
        double l = static_cast<double>(col_v3_len(d));
        if (l > 1e-3) ball.push_back(col_v3_scale(d, R(3.0 / l)));
    }
    for (int i = 0; i < 60; ++i) disc.push_back(V(u(g) * 2, u(g) * 2, 0.5));
    for (int i = 0; i < 20; ++i) {
        double t = u(g);
        line.push_back(V(1 + 2 * t, -3 * t, 0.5 * t));
    }
    for (int i = 0; i < 30; ++i) dup.push_back(V(i % 3, 0.25, -1));
    for (int i = 0; i < 3000; ++i) rnd.push_back(V(u(g) * 5, u(g) * 2, u(g)));
    for (auto *c : {&sliver, &ball, &disc, &line, &dup, &rnd}) out.push_back(*c);
    out.push_back({V(0.5, -2, 7)}); // one point
    size_t m = out.size();
    for (size_t i = 0; i < m; ++i) { // each far from the origin
        std::vector<col_vec3> far = out[i];
        for (auto &p : far) p = col_v3_add(p, V(kFloat ? 4096 : 1e6, kFloat ? -2048 : -3e6, kFloat ? 1024 : 5e5));
        out.push_back(far);
    }
    return out;
}

// The smallest ball over every support set of up to four points (brute
// force, for a few points in general position): its radius.
double BruteMinRadius(const std::vector<col_vec3> &p) {
    size_t n = p.size();
    double best = INFINITY;
    auto consider = [&](col_vec3 c) {
        double r = 0;
        for (auto q : p) r = std::max(r, static_cast<double>(col_v3_len(col_v3_sub(q, c))));
        best = std::min(best, r);
    };
    for (size_t i = 0; i < n; ++i) {
        consider(p[i]);
        for (size_t j = i + 1; j < n; ++j) {
            consider(col_v3_scale(col_v3_add(p[i], p[j]), R(0.5)));
            for (size_t k = j + 1; k < n; ++k) {
                col_vec3 a = p[i], u = col_v3_sub(p[j], a), v = col_v3_sub(p[k], a), w = col_v3_cross(u, v);
                double ww = static_cast<double>(col_v3_len_sq(w));
                if (ww > 0) {
                    col_vec3 x = col_v3_add(col_v3_scale(col_v3_cross(v, w), col_v3_len_sq(u)),
                                            col_v3_scale(col_v3_cross(w, u), col_v3_len_sq(v)));
                    consider(col_v3_add(a, col_v3_scale(x, R(0.5 / ww))));
                }
                for (size_t l = k + 1; l < n; ++l) {
                    col_vec3 t = col_v3_sub(p[l], a);
                    double det = static_cast<double>(col_v3_dot(u, col_v3_cross(v, t)));
                    if (det == 0) continue;
                    col_vec3 x = col_v3_add(col_v3_add(col_v3_scale(col_v3_cross(v, t), col_v3_len_sq(u)),
                                                       col_v3_scale(col_v3_cross(t, u), col_v3_len_sq(v))),
                                            col_v3_scale(col_v3_cross(u, v), col_v3_len_sq(t)));
                    consider(col_v3_add(a, col_v3_scale(x, R(0.5 / det))));
                }
            }
        }
    }
    return best;
}

TEST(Volumes, AabbOfPointsIsExactAndMerges) {
    std::vector<col_vec3> p = {V(1, -2, 3), V(-4, 5, 0.5), V(0, 0, -7)};
    col_aabb b;
    ASSERT_TRUE(col_aabb_from_points(p.data(), p.size(), &b));
    EXPECT_EQ(b.min.x, R(-4));
    EXPECT_EQ(b.min.y, R(-2));
    EXPECT_EQ(b.min.z, R(-7));
    EXPECT_EQ(b.max.x, R(1));
    EXPECT_EQ(b.max.y, R(5));
    EXPECT_EQ(b.max.z, R(3));
    col_aabb c = {V(-1, -1, -1), V(10, 0, 0)}, m;
    ASSERT_TRUE(col_aabb_merge(&b, &c, &m));
    EXPECT_EQ(m.min.x, R(-4));
    EXPECT_EQ(m.max.x, R(10));
    EXPECT_EQ(m.min.z, R(-7));
    for (auto &cloud : Clouds(1)) {
        ASSERT_TRUE(col_aabb_from_points(cloud.data(), cloud.size(), &b));
        for (auto q : cloud) EXPECT_TRUE(Holds(AsShape(b), q));
    }
}

TEST(Volumes, SpheresHoldEveryPointAndTheMinimumIsTheSmallest) {
    const col_sphere_method methods[] = {COL_SPHERE_AABB_CENTRE, COL_SPHERE_RITTER, COL_SPHERE_MINIMUM};
    for (auto &cloud : Clouds(2)) {
        double r[3];
        for (int m = 0; m < 3; ++m) {
            col_sphere s;
            ASSERT_TRUE(col_sphere_from_points(cloud.data(), cloud.size(), methods[m], &s));
            ASSERT_TRUE(col_sphere_is_valid(&s));
            for (auto q : cloud)
                ASSERT_TRUE(Holds(AsShape(s), q)) << "method " << m << ", " << cloud.size() << " points";
            r[m] = static_cast<double>(s.r);
        }
        double scale = r[0] + 1e-300;
        EXPECT_LE(r[2], r[1] + kRel * scale) << cloud.size() << " points";
        EXPECT_LE(r[2], r[0] + kRel * scale) << cloud.size() << " points";
    }
}

TEST(Volumes, MinimumSphereOfSimpleClouds) {
    auto min_sphere = [](std::vector<col_vec3> p) {
        col_sphere s;
        EXPECT_TRUE(col_sphere_from_points(p.data(), p.size(), COL_SPHERE_MINIMUM, &s));
        return s;
    };
    // a cube's corners: the circumsphere, sqrt 3 about the centre
    std::vector<col_vec3> cube;
    for (int i = 0; i < 8; ++i) cube.push_back(V(i & 1 ? 3 : 1, i & 2 ? 1 : -1, i & 4 ? 1 : -1));
    col_sphere s = min_sphere(cube);
    EXPECT_NEAR(s.r, std::sqrt(3.0), kRel * 4);
    EXPECT_NEAR(s.c.x, 2, kRel * 4);
    // two points: their midpoint, half their distance; one point: itself, radius ~0
    s = min_sphere({V(0, 0, 0), V(6, 8, 0)});
    EXPECT_NEAR(s.r, 5, kRel * 8);
    EXPECT_NEAR(s.c.y, 4, kRel * 8);
    s = min_sphere({V(1, 2, 3)});
    EXPECT_EQ(s.c.x, R(1));
    EXPECT_LT(static_cast<double>(s.r), 1e-30);
    // an obtuse triangle: the sphere on its longest side, not its circumcircle
    s = min_sphere({V(-1, 0, 0), V(1, 0, 0), V(0, 0.2, 0)});
    EXPECT_NEAR(s.r, 1, kRel * 4);
    // a regular tetrahedron: its circumsphere (radius sqrt(3/8) of the edge 2 sqrt 2)
    s = min_sphere({V(1, 1, 1), V(1, -1, -1), V(-1, 1, -1), V(-1, -1, 1)});
    EXPECT_NEAR(s.r, std::sqrt(3.0), kRel * 4);
    // collinear and coplanar support sets: the points on a segment, a square
    s = min_sphere({V(0, 0, 0), V(1, 1, 1), V(2, 2, 2), V(0.5, 0.5, 0.5)});
    EXPECT_NEAR(s.r, std::sqrt(3.0), kRel * 4);
    s = min_sphere({V(1, 1, 0), V(-1, 1, 0), V(1, -1, 0), V(-1, -1, 0), V(0, 0, 0)});
    EXPECT_NEAR(s.r, std::sqrt(2.0), kRel * 4);
    // random small clouds against brute force over every support set
    std::mt19937 g(3);
    std::uniform_real_distribution<double> u(-1, 1);
    for (int t = 0; t < 200; ++t) {
        std::vector<col_vec3> p;
        int n = 1 + t % 7;
        for (int i = 0; i < n; ++i) p.push_back(V(u(g), u(g) * 0.5, u(g) * 2));
        s = min_sphere(p);
        double b = BruteMinRadius(p);
        EXPECT_NEAR(static_cast<double>(s.r), b, (kFloat ? 1e-4 : 1e-9) * (1 + b)) << t;
    }
}

// A cloud with a point given three times (a fuzz finding older than the
// fourteenth session: fuzz/regressions/static/minimum-sphere-of-a-cloud-with-
// a-point-three-times): a copy of a support point was found outside a nearly
// coplanar four's ball by its circumcentre's rounding, joined the support
// beside its twin, and the ball of the three others left out a point already
// held, 0.65% above the least. The least by brute force over every support
// set (839.5599391289904, in rationals by hand), and random small clouds
// whose points repeat.
TEST(Volumes, MinimumSphereOfCloudsWithRepeatedPoints) {
    if (!kFloat) {
        const double h[10][3] = {{-0x1.e2p+4, -0x1.1p+1, -0x1.e2p+4},     {-0x1.b6p+4, -0x1.e2p+4, 0x1.ffep+8},
                                 {0x1.ffep+8, 0x1.ffep+8, 0x1.e04p+8},    {0x1.ffep+8, 0x1.ec2p+8, -0x1.d3ep+8},
                                 {-0x1.d3ep+8, -0x1.d3ep+8, -0x1.d3ep+8}, {-0x1.d3ep+8, -0x1.d3ep+8, -0x1.d3ep+8},
                                 {-0x1.d3ep+8, -0x1.d3ep+8, -0x1.d3ep+8}, {-0x1.d3ep+8, -0x1.d3ep+8, 0x1.e1p+8},
                                 {-0x1.bap+6, -0x1.bap+6, -0x1p+7},       {-0x1p+9, -0x1p+9, 0x1.8d2p+8}};
        std::vector<col_vec3> p;
        for (const auto &q : h) p.push_back(V(q[0], q[1], q[2]));
        col_sphere s;
        ASSERT_TRUE(col_sphere_from_points(p.data(), p.size(), COL_SPHERE_MINIMUM, &s));
        EXPECT_NEAR(s.r, 839.5599391289904, 1e-9 * 840);
        EXPECT_NEAR(BruteMinRadius(p), 839.5599391289904, 1e-9 * 840);
    }
    std::mt19937 g(5);
    std::uniform_real_distribution<double> u(-1, 1);
    for (int t = 0; t < 300; ++t) {
        std::vector<col_vec3> p;
        int n = 2 + t % 6;
        for (int i = 0; i < n; ++i) p.push_back(V(u(g), u(g) * 0.5, u(g) * 2));
        for (int i = 0; i < n; ++i) // each point again, some a third time
            for (int c = 0; c < 1 + (i + t) % 2; ++c) p.push_back(p[static_cast<size_t>(i)]);
        col_sphere s;
        ASSERT_TRUE(col_sphere_from_points(p.data(), p.size(), COL_SPHERE_MINIMUM, &s));
        double b = BruteMinRadius(p);
        EXPECT_NEAR(static_cast<double>(s.r), b, (kFloat ? 1e-4 : 1e-9) * (1 + b)) << t;
    }
}

TEST(Volumes, SphereMergeHoldsBoth) {
    col_sphere a = {V(0, 0, 0), R(1)}, b = {V(3, 0, 0), R(1)}, m;
    ASSERT_TRUE(col_sphere_merge(&a, &b, &m));
    EXPECT_NEAR(m.r, 2.5, kRel * 4);
    EXPECT_NEAR(m.c.x, 1.5, kRel * 4);
    col_sphere inner = {V(0.25, 0, 0), R(0.5)};
    ASSERT_TRUE(col_sphere_merge(&a, &inner, &m));
    EXPECT_EQ(m.c.x, R(0));
    EXPECT_NEAR(m.r, 1, kRel * 4);
    std::mt19937 g(4);
    std::uniform_real_distribution<double> u(-1, 1);
    for (int t = 0; t < 300; ++t) {
        col_sphere x = {V(u(g) * 4, u(g), u(g)), R(std::fabs(u(g)) * 2)},
                   y = {V(u(g), u(g) * 4, u(g)), R(std::fabs(u(g)))};
        ASSERT_TRUE(col_sphere_merge(&x, &y, &m));
        // each sphere's farthest point from the merged centre lies within it
        for (const col_sphere *s : {&x, &y}) {
            col_vec3 d = col_v3_sub(s->c, m.c);
            double far = static_cast<double>(col_v3_len(d)) + static_cast<double>(s->r);
            EXPECT_LE(far, static_cast<double>(m.r) * (1 + kRel));
        }
        EXPECT_LE(static_cast<double>(m.r),
                  std::max({static_cast<double>(x.r), static_cast<double>(y.r),
                            (static_cast<double>(col_v3_len(col_v3_sub(x.c, y.c))) + x.r + y.r) / 2}) *
                      (1 + kRel));
    }
}

TEST(Volumes, PcaBoxFindsATurnedBoxAndHoldsEveryPoint) {
    // the corners and surface points of a box 3 x 1 x 0.5 (half extents),
    // turned: PCA's axes are the box's, its extents the box's
    col_vec3 axis = col_v3_scale(V(1, 2, 2), R(1.0 / 3));
    col_mat3 rot = col_m3_from_quat(
        {R(std::cos(0.35)), R(std::sin(0.35)) * axis.x, R(std::sin(0.35)) * axis.y, R(std::sin(0.35)) * axis.z});
    const col_vec3 u[3] = {rot.c0, rot.c1, rot.c2};
    const double e[3] = {3, 1, 0.5};
    std::vector<col_vec3> p;
    std::mt19937 g(5);
    std::uniform_real_distribution<double> w(-1, 1);
    for (int i = 0; i < 4000; ++i) { // uniform over the solid: the covariance's axes are the box's
        col_vec3 q = V(10, -20, 5);
        for (int k = 0; k < 3; ++k) q = col_v3_madd(q, R(w(g) * e[k]), u[k]);
        p.push_back(q);
    }
    for (int i = 0; i < 8; ++i) {
        col_vec3 q = V(10, -20, 5);
        for (int k = 0; k < 3; ++k) q = col_v3_madd(q, R((i >> k & 1 ? 1 : -1) * e[k]), u[k]);
        p.push_back(q);
    }
    col_obb b;
    ASSERT_TRUE(col_obb_from_points(p.data(), p.size(), COL_OBB_PCA, &b));
    ASSERT_TRUE(col_obb_is_valid(&b));
    for (int k = 0; k < 3; ++k) {
        EXPECT_GT(std::fabs(static_cast<double>(col_v3_dot(b.u[k], u[k]))), kFloat ? 0.99 : 0.995) << k;
        EXPECT_NEAR(static_cast<double>(col_v3_get(b.e, k)), e[k], kFloat ? 0.1 : 0.06) << k;
    }
    for (auto q : p) EXPECT_TRUE(Holds(AsShape(b), q));
    // every cloud: valid, right-handed, holding every point
    for (auto &cloud : Clouds(6)) {
        ASSERT_TRUE(col_obb_from_points(cloud.data(), cloud.size(), COL_OBB_PCA, &b)) << cloud.size();
        ASSERT_TRUE(col_obb_is_valid(&b));
        EXPECT_GT(static_cast<double>(col_v3_dot(col_v3_cross(b.u[0], b.u[1]), b.u[2])), 0.99);
        for (auto q : cloud) ASSERT_TRUE(Holds(AsShape(b), q)) << cloud.size() << " points";
    }
    // collinear points: no extent across the line
    std::vector<col_vec3> line = {V(0, 0, 0), V(1, 2, 2), V(2, 4, 4), V(-1, -2, -2)};
    ASSERT_TRUE(col_obb_from_points(line.data(), line.size(), COL_OBB_PCA, &b));
    EXPECT_NEAR(b.e.x, 4.5, 1e3 * kRel);
    EXPECT_LT(static_cast<double>(b.e.y), 1e3 * kRel);
    EXPECT_LT(static_cast<double>(b.e.z), 1e3 * kRel);
}

double Volume(const col_obb &b) {
    return static_cast<double>(b.e.x) * static_cast<double>(b.e.y) * static_cast<double>(b.e.z);
}

TEST(Volumes, LeastBoxFindsTheTurnedBoxPcaMisses) {
    // a turned box 3 x 1 x 0.5 (half extents): its corners and 600 points
    // along one face's diagonal, which turn PCA's first axis off the box's;
    // the least box lies flush with the hull's faces, the box's own
    col_vec3 axis = col_v3_scale(V(2, -1, 2), R(1.0 / 3));
    col_mat3 rot = col_m3_from_quat(
        {R(std::cos(0.6)), R(std::sin(0.6)) * axis.x, R(std::sin(0.6)) * axis.y, R(std::sin(0.6)) * axis.z});
    const col_vec3 u[3] = {rot.c0, rot.c1, rot.c2};
    const double e[3] = {3, 1, 0.5};
    for (double off : {0.0, kFloat ? 1000.0 : 1e6}) {
        col_vec3 c = V(off, -off / 2, 7);
        auto at = [&](double x, double y, double z) {
            return col_v3_madd(col_v3_madd(col_v3_madd(c, R(x), u[0]), R(y), u[1]), R(z), u[2]);
        };
        std::vector<col_vec3> p;
        for (int i = 0; i < 8; ++i) p.push_back(at(i & 1 ? e[0] : -e[0], i & 2 ? e[1] : -e[1], i & 4 ? e[2] : -e[2]));
        for (int i = 0; i <= 600; ++i) {
            double t = -1 + i / 300.0;
            p.push_back(at(t * e[0], t * e[1], e[2])); // the top face's diagonal
        }
        col_obb pca, least;
        ASSERT_TRUE(col_obb_from_points(p.data(), p.size(), COL_OBB_PCA, &pca));
        ASSERT_TRUE(col_obb_from_points(p.data(), p.size(), COL_OBB_MINIMUM, &least));
        ASSERT_TRUE(col_obb_is_valid(&least));
        double rel = kFloat ? 1e-3 : 1e-9 * (1 + off / 1e3);
        EXPECT_GT(Volume(pca), 1.05 * 1.5) << "PCA's box is the turned one: the test would prove nothing";
        EXPECT_NEAR(Volume(least), 1.5, 1.5 * rel + (kFloat ? 1e-2 : 0)) << off;
        for (int k = 0; k < 3; ++k) { // the box's axes, by decreasing extent
            EXPECT_NEAR(std::fabs(static_cast<double>(col_v3_dot(least.u[k], u[k]))), 1.0, kFloat ? 1e-4 : 1e-12) << k;
            EXPECT_NEAR(static_cast<double>(col_v3_get(least.e, k)), e[k], kFloat ? 1e-2 : 1e-9 * (1 + off)) << k;
        }
        EXPECT_GT(static_cast<double>(col_v3_dot(col_v3_cross(least.u[0], least.u[1]), least.u[2])), 0.99);
        for (auto q : p) ASSERT_TRUE(Holds(AsShape(least), q));
    }
    // flat: a square turned 30 degrees in the plane z = 0.5 and a cluster
    // along one of its diagonals: the least rectangle is the square
    std::vector<col_vec3> flat;
    double cs = std::cos(0.5235987755982988), sn = std::sin(0.5235987755982988);
    for (int i = 0; i < 4; ++i) {
        double x = i & 1 ? 1 : -1, y = i & 2 ? 1 : -1;
        flat.push_back(V(x * cs - y * sn, x * sn + y * cs, 0.5));
    }
    for (int i = 0; i <= 100; ++i) {
        double t = -0.9 + 1.8 * i / 100.0;
        flat.push_back(V(t * (cs - sn), t * (sn + cs), 0.5));
    }
    col_obb sq;
    ASSERT_TRUE(col_obb_from_points(flat.data(), flat.size(), COL_OBB_MINIMUM, &sq));
    EXPECT_NEAR(static_cast<double>(sq.e.x), 1.0, kFloat ? 1e-5 : 1e-12);
    EXPECT_NEAR(static_cast<double>(sq.e.y), 1.0, kFloat ? 1e-5 : 1e-12);
    EXPECT_LT(static_cast<double>(sq.e.z), kFloat ? 1e-5 : 1e-12);
    for (auto q : flat) ASSERT_TRUE(Holds(AsShape(sq), q));
    // every cloud: valid, right-handed, holding every point, never above PCA
    for (auto &cloud : Clouds(7)) {
        col_obb pca, least;
        ASSERT_TRUE(col_obb_from_points(cloud.data(), cloud.size(), COL_OBB_PCA, &pca));
        ASSERT_TRUE(col_obb_from_points(cloud.data(), cloud.size(), COL_OBB_MINIMUM, &least)) << cloud.size();
        ASSERT_TRUE(col_obb_is_valid(&least));
        EXPECT_GT(static_cast<double>(col_v3_dot(col_v3_cross(least.u[0], least.u[1]), least.u[2])), 0.99);
        EXPECT_LE(Volume(least), Volume(pca)) << cloud.size();
        for (auto q : cloud) ASSERT_TRUE(Holds(AsShape(least), q)) << cloud.size() << " points";
    }
    // the same points in the same order: the same bits
    auto cloud = Clouds(8)[6];
    col_obb b1, b2;
    ASSERT_TRUE(col_obb_from_points(cloud.data(), cloud.size(), COL_OBB_MINIMUM, &b1));
    ASSERT_TRUE(col_obb_from_points(cloud.data(), cloud.size(), COL_OBB_MINIMUM, &b2));
    EXPECT_EQ(0, std::memcmp(&b1, &b2, sizeof b1));
}

TEST(Volumes, KdopSlabsHoldEveryPointExactly) {
    for (int k : {6, 14, 18, 26}) {
        for (auto &cloud : Clouds(7)) {
            col_kdop d;
            ASSERT_TRUE(col_kdop_from_points(cloud.data(), cloud.size(), k, &d));
            ASSERT_TRUE(col_kdop_is_valid(&d));
            for (auto q : cloud) ASSERT_TRUE(col_kdop_contains_point(&d, q)) << k;
            // the k-DOP lies within the AABB's slabs and, for k = 6, is it
            col_aabb b;
            ASSERT_TRUE(col_aabb_from_points(cloud.data(), cloud.size(), &b));
            EXPECT_EQ(d.min[0], b.min.x);
            EXPECT_EQ(d.max[2], b.max.z);
        }
    }
    // the slabs' directions
    EXPECT_EQ(col_kdop_axis(14, 3).z, R(1));
    EXPECT_EQ(col_kdop_axis(18, 3).z, R(0)); // 18: the edge diagonals after the axes
    EXPECT_EQ(col_kdop_axis(18, 3).y, R(1));
    EXPECT_EQ(col_kdop_axis(26, 12).z, R(-1));
    EXPECT_EQ(col_kdop_axis(6, 3).x, R(0)); // out of range
    // exact at the boundary: the corner (1, 1, 1) of a cube's 14-DOP lies on
    // its slab x + y + z <= 3; a point an ulp beyond (on the grid of a sum
    // that rounds) is outside
    std::vector<col_vec3> cube;
    for (int i = 0; i < 8; ++i) cube.push_back(V(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1));
    col_kdop d;
    ASSERT_TRUE(col_kdop_from_points(cube.data(), cube.size(), 14, &d));
    EXPECT_EQ(d.max[3], R(3));
    EXPECT_TRUE(col_kdop_contains_point(&d, V(1, 1, 1)));
    col_real up = std::nextafter(R(1), R(2));
    EXPECT_FALSE(col_kdop_contains_point(&d, col_v3(up, R(1), R(1))));
    // exact where the sum rounds: a slab x + y + z <= 3, and points whose
    // sum rounds to 3 but is exactly 3 (in) or an ulp of 1 above it (out)
    col_kdop h;
    h.k = 14;
    for (int i = 0; i < 7; ++i) h.min[i] = R(-10), h.max[i] = R(10);
    h.max[3] = R(3);
    col_real tiny = kFloat ? R(std::ldexp(1.0, -23)) : R(std::ldexp(1.0, -52));
    EXPECT_TRUE(col_kdop_contains_point(&h, col_v3(R(1) + tiny, R(1), R(1) - tiny)));
    EXPECT_EQ(R(1) + tiny + R(1) + R(1), R(3));                                 // the rounded sum says on the slab ...
    EXPECT_FALSE(col_kdop_contains_point(&h, col_v3(R(1) + tiny, R(1), R(1)))); // ... the exact one beyond
    // merge and overlap: two cubes whose corners face each other across a
    // diagonal gap overlap as AABBs (6-DOPs), not as 14-DOPs
    std::vector<col_vec3> other = cube;
    for (auto &q : other) q = col_v3_add(q, V(1.5, 1.5, 1.5));
    col_kdop e6, d6, e14;
    ASSERT_TRUE(col_kdop_from_points(cube.data(), cube.size(), 6, &d6));
    ASSERT_TRUE(col_kdop_from_points(other.data(), other.size(), 6, &e6));
    ASSERT_TRUE(col_kdop_from_points(other.data(), other.size(), 14, &e14));
    EXPECT_TRUE(col_kdop_overlap(&d6, &e6));
    EXPECT_TRUE(col_kdop_overlap(&d, &e14)); // the 14-DOPs of two cubes: x + y + z slab [1.5, 7.5] vs [-3, 3]
    col_kdop m;
    ASSERT_TRUE(col_kdop_merge(&d, &e14, &m));
    for (auto q : cube) EXPECT_TRUE(col_kdop_contains_point(&m, q));
    for (auto q : other) EXPECT_TRUE(col_kdop_contains_point(&m, q));
    EXPECT_FALSE(col_kdop_merge(&d, &e6, &m)); // different k
    // corners of two octahedra apart along a corner diagonal only
    std::vector<col_vec3> oct = {V(1, 0, 0), V(-1, 0, 0), V(0, 1, 0), V(0, -1, 0), V(0, 0, 1), V(0, 0, -1)};
    std::vector<col_vec3> oct2 = oct;
    for (auto &q : oct2) q = col_v3_add(q, V(0.8, 0.8, 0.8));
    col_kdop o14, p14, o6, p6;
    ASSERT_TRUE(col_kdop_from_points(oct.data(), oct.size(), 14, &o14));
    ASSERT_TRUE(col_kdop_from_points(oct2.data(), oct2.size(), 14, &p14));
    ASSERT_TRUE(col_kdop_from_points(oct.data(), oct.size(), 6, &o6));
    ASSERT_TRUE(col_kdop_from_points(oct2.data(), oct2.size(), 6, &p6));
    EXPECT_TRUE(col_kdop_overlap(&o6, &p6));    // their boxes overlap
    EXPECT_FALSE(col_kdop_overlap(&o14, &p14)); // x + y + z: [-1, 1] and [1.4, 3.4]
}

TEST(Volumes, InvalidInputIsRefused) {
    col_vec3 bad[] = {V(0, 0, 0), V(kNaN, 0, 0)}, huge[] = {V(-1e50, -1e50, -1e50), V(1e50, 1e50, 1e50)},
             ok[] = {V(1, 2, 3)};
    col_aabb b = {V(9, 9, 9), V(9, 9, 9)};
    col_sphere s = {V(9, 9, 9), R(9)};
    col_obb o;
    col_kdop d;
    EXPECT_FALSE(col_aabb_from_points(bad, 2, &b));
    EXPECT_FALSE(col_aabb_from_points(ok, 0, &b));
    EXPECT_FALSE(col_aabb_from_points(nullptr, 1, &b));
    EXPECT_EQ(b.min.x, R(9)); // untouched
    if (!kFloat) {
        EXPECT_FALSE(col_sphere_from_points(huge, 2, COL_SPHERE_RITTER, &s));
    }
    EXPECT_FALSE(col_sphere_from_points(bad, 2, COL_SPHERE_MINIMUM, &s));
    EXPECT_FALSE(col_sphere_from_points(ok, 1, static_cast<col_sphere_method>(7), &s));
    EXPECT_EQ(s.r, R(9));
    EXPECT_FALSE(col_obb_from_points(bad, 2, COL_OBB_PCA, &o));
    EXPECT_FALSE(col_obb_from_points(bad, 2, COL_OBB_MINIMUM, &o));
    EXPECT_FALSE(col_obb_from_points(nullptr, 2, COL_OBB_MINIMUM, &o));
    EXPECT_FALSE(col_obb_from_points(ok, 1, static_cast<col_obb_method>(3), &o));
    EXPECT_FALSE(col_kdop_from_points(ok, 1, 10, &d));
    EXPECT_FALSE(col_kdop_from_points(bad, 2, 14, &d));
    ASSERT_TRUE(col_kdop_from_points(ok, 1, 26, &d));
    EXPECT_FALSE(col_kdop_contains_point(&d, V(kInf, 0, 0)));
    col_kdop broken = d;
    broken.min[5] = R(kNaN);
    EXPECT_FALSE(col_kdop_is_valid(&broken));
    EXPECT_FALSE(col_kdop_overlap(&broken, &d));
    col_sphere neg = {V(0, 0, 0), R(-1)}, good = {V(0, 0, 0), R(1)}, m;
    EXPECT_FALSE(col_sphere_merge(&neg, &good, &m));
}

} // namespace

namespace {

// A k-DOP against an AABB: for k = 6 exactly the boxes' overlap; for every k
// never apart from a box that holds one of its points (conservative), and
// apart from a box beyond one of its slabs.
// A ray against a k-DOP: the octahedron |x| + |y| + |z| <= 1 is its points'
// 14-DOP (the diagonal slabs are its faces), so a ray through the AABB's
// corner misses, one aimed at a face enters it there; conservative on
// random clouds (a ray ending on a point the k-DOP holds hits it); k = 6 is
// the box's own cast.
TEST(Kdop, RayCast) {
    const col_vec3 octa[6] = {V(1, 0, 0), V(-1, 0, 0), V(0, 1, 0), V(0, -1, 0), V(0, 0, 1), V(0, 0, -1)};
    col_kdop d;
    ASSERT_TRUE(col_kdop_from_points(octa, 6, 14, &d));
    col_ray r = {V(5, 5, 0), V(-1, -1, 0), R(INFINITY)};
    col_ray_hit h = col_raycast_kdop(&r, &d);
    ASSERT_EQ(h.status, COL_HIT);
    const double tol = kFloat ? 1e-4 : 1e-9;         // the widened slabs' entry
    EXPECT_NEAR(static_cast<double>(h.t), 4.5, tol); // the edge x + y = 1, z = 0
    EXPECT_NEAR(static_cast<double>(h.normal.x), 1 / std::sqrt(3.0), tol);
    EXPECT_LT(static_cast<double>(col_v3_dot(h.normal, r.delta)), 0); // facing the ray
    r.max_t = R(4.25);                                                // stops short
    EXPECT_NE(col_raycast_kdop(&r, &d).status, COL_HIT);
    r = {V(5, 0.9, 0.9), V(-1, 0, 0), R(INFINITY)}; // through the box's corner, past the octahedron
    EXPECT_NE(col_raycast_kdop(&r, &d).status, COL_HIT);
    col_kdop box6;
    ASSERT_TRUE(col_kdop_from_points(octa, 6, 6, &box6));
    EXPECT_EQ(col_raycast_kdop(&r, &box6).status, COL_HIT); // the 6-DOP, the box, is hit
    r = {V(0.1, 0.2, -0.3), V(1, 0, 0), R(1)};              // from inside
    h = col_raycast_kdop(&r, &d);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_TRUE(h.inside);
    EXPECT_EQ(h.t, R(0));
    r = {V(0, 0, 3), V(0, 0, -2), R(1)}; // ending exactly on the vertex (0, 0, 1)
    h = col_raycast_kdop(&r, &d);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_NEAR(static_cast<double>(h.t), 1.0, tol);
    // conservative on random clouds, every k, and tight: a hit lies on the k-DOP
    std::mt19937 g(9);
    std::uniform_real_distribution<double> u(-1, 1);
    for (int trial = 0; trial < 200; ++trial) {
        std::vector<col_vec3> p;
        auto grid = [](double x) { return std::round(x * 64) / 64; }; // dyadic: the rays' ends are exact
        for (int i = 0; i < 10; ++i) p.push_back(V(grid(u(g) * 3), grid(u(g)), grid(u(g) * 2)));
        int onto = 0;
        for (int k : {6, 14, 18, 26}) {
            ASSERT_TRUE(col_kdop_from_points(p.data(), p.size(), k, &d));
            for (int i = 0; i < 10; ++i) {
                col_vec3 from = V(std::round(u(g) * 10), std::round(u(g) * 10), 5 + std::round(u(g)));
                col_ray ray = {from, col_v3_sub(p[i], from), R(1)};
                col_vec3 end = col_v3_add(ray.origin, ray.delta);
                h = col_raycast_kdop(&ray, &d);
                if (end.x == p[i].x && end.y == p[i].y && end.z == p[i].z) {
                    EXPECT_EQ(h.status, COL_HIT) << trial;
                    ++onto;
                }
                if (h.status != COL_HIT || h.inside) continue;
                for (int s = 0; s < k / 2; ++s) {
                    double x = static_cast<double>(col_v3_dot(col_kdop_axis(k, s), h.point));
                    EXPECT_GE(x, static_cast<double>(d.min[s]) - (kFloat ? 1e-4 : 1e-12)) << trial << " k " << k;
                    EXPECT_LE(x, static_cast<double>(d.max[s]) + (kFloat ? 1e-4 : 1e-12)) << trial << " k " << k;
                }
            }
        }
        EXPECT_EQ(onto, 40) << trial; // every ray's end is its point
    }
    // invalid input
    col_ray ok = {V(0, 0, 0), V(1, 0, 0), R(1)}, bad = {V(kNaN, 0, 0), V(1, 0, 0), R(1)};
    col_kdop broken = d;
    broken.min[0] = R(kNaN);
    EXPECT_EQ(col_raycast_kdop(&bad, &d).status, COL_INVALID);
    EXPECT_EQ(col_raycast_kdop(&ok, &broken).status, COL_INVALID);
    EXPECT_EQ(col_raycast_kdop(&ok, nullptr).status, COL_INVALID);
}

TEST(Kdop, AgainstAnAabb) {
    std::mt19937 g(5);
    std::uniform_real_distribution<double> u(-1, 1);
    for (int trial = 0; trial < 300; ++trial) {
        std::vector<col_vec3> p;
        for (int i = 0; i < 12; ++i) p.push_back(col_v3(u(g), u(g), u(g)));
        col_vec3 lo = col_v3(u(g) * 1.5, u(g) * 1.5, u(g) * 1.5);
        col_aabb b = {lo, col_v3(lo.x + 0.25 * (1 + u(g)), lo.y + 0.25 * (1 + u(g)), lo.z + 0.25 * (1 + u(g)))};
        col_aabb box;
        ASSERT_TRUE(col_aabb_from_points(p.data(), p.size(), &box));
        for (int k : {6, 14, 18, 26}) {
            col_kdop d;
            ASSERT_TRUE(col_kdop_from_points(p.data(), p.size(), k, &d));
            bool o = col_kdop_overlap_aabb(&d, &b);
            if (k == 6) {
                EXPECT_EQ(o, col_overlap_aabb_aabb(&box, &b)) << trial;
            }
            col_aabb at = {p[0], p[0]}; // a box of no size at one of the points
            EXPECT_TRUE(col_kdop_overlap_aabb(&d, &at)) << trial << " k " << k;
            // beyond slab 0's max: apart
            col_aabb beyond = {col_v3(d.max[0] + 0.125, -1, -1), col_v3(d.max[0] + 1, 1, 1)};
            EXPECT_FALSE(col_kdop_overlap_aabb(&d, &beyond));
        }
    }
    col_kdop bad = {};
    col_aabb b = {col_v3(0, 0, 0), col_v3(1, 1, 1)};
    EXPECT_FALSE(col_kdop_overlap_aabb(&bad, &b));
    EXPECT_FALSE(col_kdop_overlap_aabb(nullptr, &b));
}

} // namespace

// A shape wholly in a volume: exact for shapes given by points in an AABB or
// a k-DOP (touching counts, an ulp beyond does not), sure answers for the
// rest (never true for a shape reaching out; a curved one touching from
// inside may be false), and every support point of a contained shape in
// the volume.
TEST(Volumes, ContainsAShape) {
    const bool fl = sizeof(col_real) == sizeof(float);
    col_shape box = Aabb(0, 0, 0, 4, 4, 4);
    col_shape diag = Segment(V(0, 0, 0), V(4, 4, 4));
    EXPECT_TRUE(col_volume_contains(&box, &diag));
    col_shape out = Segment(V(0, 0, 0), V(4, 4, std::nextafter((col_real)4, (col_real)5)));
    EXPECT_FALSE(col_volume_contains(&box, &out));
    col_shape inner = Aabb(1, 1, 1, 4, 4, 4), tri = Triangle(V(0, 0, 0), V(4, 0, 0), V(0, 4, 4));
    EXPECT_TRUE(col_volume_contains(&box, &inner));
    EXPECT_TRUE(col_volume_contains(&box, &tri));
    col_shape ball = Sphere(2, 2, 2, 1.9), big = Sphere(2, 2, 2, 2.1), cap = Capsule(V(1, 1, 1), V(3, 3, 3), 0.9);
    EXPECT_TRUE(col_volume_contains(&box, &ball));
    EXPECT_FALSE(col_volume_contains(&box, &big));
    EXPECT_TRUE(col_volume_contains(&box, &cap));
    col_shape ell = Ellipsoid(2, 2, 2, 1.9, 0.5, 0.5), wide = Ellipsoid(2, 2, 2, 2.5, 0.5, 0.5);
    EXPECT_TRUE(col_volume_contains(&box, &ell));
    EXPECT_FALSE(col_volume_contains(&box, &wide));
    // a box turned 45 degrees about z: the unit square's diagonal fits along its axis
    const double h = std::sqrt(0.5);
    col_mat3 turn = col_m3_cols(V(h, h, 0), V(-h, h, 0), V(0, 0, 1));
    col_shape obb = Obb(V(0, 0, 0), V(2, 0.5, 1), turn);
    col_shape along = Segment(V(-1.3, -1.3, 0), V(1.3, 1.3, 0.9)), across = Segment(V(-1.3, 1.3, 0), V(0, 0, 0));
    EXPECT_TRUE(col_volume_contains(&obb, &along));
    EXPECT_FALSE(col_volume_contains(&obb, &across));
    col_shape rod = Capsule(V(-1, -1, 0), V(1, 1, 0), 0.45), fat = Capsule(V(-1, -1, 0), V(1, 1, 0), 0.55);
    EXPECT_TRUE(col_volume_contains(&obb, &rod));
    EXPECT_FALSE(col_volume_contains(&obb, &fat));
    // a ball: a tetrahedron's corners at distance 1.5 of 1.6, a sphere off centre
    col_shape ball2 = Sphere(1, 1, 1, 1.6);
    col_vec3 pts[4] = {V(2.5, 1, 1), V(1, 2.5, 1), V(1, 1, 2.5), V(-0.5, 1, 1)};
    col_shape poly = Polytope(pts, 4);
    EXPECT_TRUE(col_volume_contains(&ball2, &poly));
    pts[3] = V(-0.7, 1, 1);
    EXPECT_FALSE(col_volume_contains(&ball2, &poly));
    col_shape off = Sphere(1.5, 1, 1, 1.05), off2 = Sphere(1.5, 1, 1, 1.15);
    EXPECT_TRUE(col_volume_contains(&ball2, &off));
    EXPECT_FALSE(col_volume_contains(&ball2, &off2));
    // a k-DOP of points holds their hull exactly, and a shape beyond by an ulp not
    col_vec3 cloud[5] = {V(0, 0, 0), V(3, 1, 0), V(1, 3, 1), V(0, 1, 3), V(2, 2, 2)};
    col_shape hull = Polytope(cloud, 5);
    for (int k : {6, 14, 18, 26}) {
        col_kdop d;
        ASSERT_TRUE(col_kdop_from_points(cloud, 5, k, &d));
        EXPECT_TRUE(col_kdop_contains_shape(&d, &hull)) << k;
        col_shape edge = Segment(cloud[1], cloud[2]);
        EXPECT_TRUE(col_kdop_contains_shape(&d, &edge)) << k;
        col_shape past = Segment(cloud[1], V(std::nextafter((col_real)3, (col_real)4), 1, 0)); // x = 3 is the greatest
        EXPECT_FALSE(col_kdop_contains_shape(&d, &past)) << k;
    }
    // refused: other volumes, planes, 2D, invalid
    col_shape plane = Plane(0, 0, 1, 0), circle = Circle(0, 0, 1), nan = Sphere(NAN, 0, 0, 1);
    EXPECT_FALSE(col_volume_contains(&cap, &ball));
    EXPECT_FALSE(col_volume_contains(&box, &plane));
    EXPECT_FALSE(col_volume_contains(&box, &circle));
    EXPECT_FALSE(col_volume_contains(&box, &nan));
    EXPECT_FALSE(col_volume_contains(&nan, &ball));
    // soundness: a shape said to be inside has every support point inside
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> u(-1, 1);
    int inside = 0;
    for (int i = 0; i < 3000; ++i) {
        col_vec3 c = V(3 * u(rng), 3 * u(rng), 3 * u(rng));
        col_shape vols[3] = {Aabb(-2, -2.5, -3, 2, 2.5, 3), Obb(V(0.1, 0.2, 0.3), V(2, 2.5, 3), turn),
                             Sphere(0.2, -0.1, 0.3, 3)};
        col_shape shapes[4] = {
            Sphere(c.x, c.y, c.z, 0.5 + u(rng) / 2), Capsule(c, col_v3_add(c, V(u(rng), u(rng), u(rng))), 0.3),
            Ellipsoid(c.x, c.y, c.z, 0.6, 0.3, 0.9),
            Obb(c, V(0.5, 0.3, 0.2),
                col_m3_from_quat(col_quat{(col_real)u(rng), (col_real)u(rng), (col_real)u(rng), 1}))};
        for (const col_shape &v : vols)
            for (const col_shape &s : shapes) {
                if (!col_volume_contains(&v, &s)) continue;
                ++inside;
                for (int j = 0; j < 40; ++j) {
                    col_vec3 p;
                    ASSERT_TRUE(col_support(&s, V(u(rng), u(rng), u(rng)), &p));
                    col_shape pt = Point(p.x, p.y, p.z);
                    col_distance_result dr = col_distance(&pt, &v);
                    EXPECT_LE(dr.distance, fl ? 1e-5 : 1e-12) << "a support point outside";
                }
            }
    }
    EXPECT_GT(inside, 1000);
}

// Two OBBs merged (col_obb_merge): every corner of both inside (within the
// corners' rounding), by PCA and by the least box, which is no larger.
TEST(Volumes, ObbMergeHoldsBothBoxes) {
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> u(-1, 1);
    for (int i = 0; i < 200; ++i) {
        col_obb b[2];
        for (int k = 0; k < 2; ++k) {
            col_mat3 m = col_m3_from_quat(col_quat{(col_real)u(rng), (col_real)u(rng), (col_real)u(rng), 1});
            b[k] = col_obb{V(5 * u(rng), 5 * u(rng), 5 * u(rng)),
                           {m.c0, m.c1, m.c2},
                           V(1 + u(rng), 1.5 + u(rng), 0.5 + u(rng) / 4)};
        }
        col_obb pca, least;
        ASSERT_TRUE(col_obb_merge(&b[0], &b[1], COL_OBB_PCA, &pca));
        ASSERT_TRUE(col_obb_merge(&b[0], &b[1], COL_OBB_MINIMUM, &least));
        EXPECT_LE((double)least.e.x * least.e.y * least.e.z, (double)pca.e.x * pca.e.y * pca.e.z * (1 + 1e-9));
        for (const col_obb *m : {&pca, &least}) {
            col_shape ms = Obb(m->c, m->e, col_m3_cols(m->u[0], m->u[1], m->u[2]));
            for (int k = 0; k < 2; ++k)
                for (int c = 0; c < 8; ++c) {
                    col_vec3 p = b[k].c;
                    p = col_v3_madd(p, c & 1 ? b[k].e.x : -b[k].e.x, b[k].u[0]);
                    p = col_v3_madd(p, c & 2 ? b[k].e.y : -b[k].e.y, b[k].u[1]);
                    p = col_v3_madd(p, c & 4 ? b[k].e.z : -b[k].e.z, b[k].u[2]);
                    col_shape pt = Point(p.x, p.y, p.z);
                    EXPECT_LE(col_distance(&pt, &ms).distance, kFloat ? 1e-5 : 1e-13) << "box " << k << " corner " << c;
                }
        }
    }
    col_obb bad = {V(NAN, 0, 0), {V(1, 0, 0), V(0, 1, 0), V(0, 0, 1)}, V(1, 1, 1)}, out;
    col_obb ok = {V(0, 0, 0), {V(1, 0, 0), V(0, 1, 0), V(0, 0, 1)}, V(1, 1, 1)};
    EXPECT_FALSE(col_obb_merge(&bad, &ok, COL_OBB_PCA, &out));
    EXPECT_FALSE(col_obb_merge(&ok, &ok, (col_obb_method)7, &out));
}
