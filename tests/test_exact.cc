// The filtered exact predicates (core/src/exact.h) and the boundary contract
// they give the triangle tests (issue 16): the filter's sign equals the exact
// sign on points built to lie exactly on a plane and then moved by ulps, at
// every scale; a ray with a finite max_t hits a triangle exactly when the
// static test says its segment meets it, at edges, vertices and t = max_t.
#include "helpers.h"

extern "C" {
#include "exact.h"
}

#include <cmath>
#include <random>
#include <vector>

using namespace ct;

namespace {

col_vec3 Bump(col_vec3 p, int k, int ulps) {
    col_real *c = k == 0 ? &p.x : k == 1 ? &p.y : &p.z;
    for (int i = 0; i < std::abs(ulps); ++i) *c = std::nextafter(*c, ulps > 0 ? kInf : -kInf);
    return p;
}

// A dyadic in [-8, 8) on the 1/64 grid: every sum and product below is exact.
double Grid(std::mt19937 &g) { return static_cast<double>(static_cast<int>(g() % 1024) - 512) / 64; }

col_vec3 GridPoint(std::mt19937 &g) { return V(Grid(g), Grid(g), Grid(g)); }

bool RayHits(col_vec3 o, col_vec3 d, double max_t, const col_triangle &t) {
    col_ray r = {o, d, R(max_t)};
    return col_raycast_triangle(&r, &t, COL_TWO_SIDED).status == COL_HIT;
}

bool SegmentMeets(col_vec3 a, col_vec3 b, const col_triangle &t) {
    col_segment s = {a, b};
    return col_overlap_segment_triangle(&s, &t);
}

} // namespace

TEST(Exact, Orient3dFilterEqualsExactOnPlanesMovedByUlps) {
    std::mt19937 g(16);
    int zero = 0, decided = 0;
    const bool dbl = sizeof(col_real) == sizeof(double);
    // exact scalings (float: its range, and the construction rounds: only
    // filter = exact is checked there)
    const std::vector<double> scales = dbl ? std::vector<double>{1.0, 0x1p-600, 0x1p-300, 0x1p-40, 0x1p40, 0x1p130}
                                           : std::vector<double>{1.0, 0x1p-20, 0x1p20};
    for (double scale : scales) {
        for (int n = 0; n < 2000; ++n) {
            col_vec3 a = GridPoint(g), b = GridPoint(g), c = GridPoint(g);
            // d = a + s (b - a) + u (c - a): on the plane, exactly on the grid
            double s = Grid(g) / 8, u = Grid(g) / 8;
            col_vec3 d = V(a.x + s * (b.x - a.x) + u * (c.x - a.x), a.y + s * (b.y - a.y) + u * (c.y - a.y),
                           a.z + s * (b.z - a.z) + u * (c.z - a.z));
            auto sc = [scale](col_vec3 p) { return V(p.x * scale, p.y * scale, p.z * scale); };
            a = sc(a), b = sc(b), c = sc(c), d = sc(d);
            if (col__orient3d_exact(a, b, c, d) == 0) {
                EXPECT_EQ(col__orient3d(a, b, c, d), 0);
                zero++;
            }
            for (int k = 0; k < 3; ++k)
                for (int ulps : {-2, -1, 1, 2}) {
                    col_vec3 e = Bump(d, k, ulps);
                    int want = col__orient3d_exact(a, b, c, e);
                    ASSERT_EQ(col__orient3d(a, b, c, e), want) << "scale " << scale << " n " << n;
                    decided += want != 0;
                }
        }
    }
    if (dbl) {
        EXPECT_GT(zero, 10000);     // the construction is exact: on the plane
        EXPECT_GT(decided, 100000); // and an ulp off it is decided, either side
    }
}

TEST(Exact, Orient2dFilterEqualsExact) {
    std::mt19937 g(2);
    int off = 0;
    for (int n = 0; n < 20000; ++n) {
        col_vec3 p = GridPoint(g), q = GridPoint(g);
        if (p.x == q.x && p.y == q.y) continue;
        double s = Grid(g) / 8;
        col_vec3 r = V(p.x + s * (q.x - p.x), p.y + s * (q.y - p.y), 0);
        ASSERT_EQ(col__orient2d(p, q, r, 0, 1), col__orient2d_exact(p, q, r, 0, 1));
        for (int k = 0; k < 2; ++k)
            for (int ulps : {-1, 1}) {
                col_vec3 e = Bump(r, k, ulps);
                int want = col__orient2d_exact(p, q, e, 0, 1);
                ASSERT_EQ(col__orient2d(p, q, e, 0, 1), want);
                off += want != 0; // 0 only when the bump runs along an axis-aligned line
            }
    }
    if (sizeof(col_real) == sizeof(double)) {
        EXPECT_GT(off, 70000);
    }
}

TEST(Exact, TheIssueExampleHitsAsTheSegmentTouches) {
    col_triangle tri = {V(-3.90625, -3.3125, 2.515625), V(-0.8125, -2.546875, -1.484375), V(-2, 3.625, 3.34375)};
    col_vec3 o = V(-3.796875, -8.984375, 9.6875), d = V(0.55078125, 11.109375, -10.447265625);
    EXPECT_TRUE(SegmentMeets(o, col_v3_add(o, d), tri));
    EXPECT_TRUE(RayHits(o, d, 1, tri));
}

TEST(Exact, RaysAtEdgesVerticesAndSegmentEndsAgreeWithTheStaticTest) {
    // rays from grid points aimed exactly at grid points of an edge or at a
    // vertex: the segment that ends there (t = max_t = 1) and the one that
    // runs past it (max_t = 2) both meet the triangle; aimed an ulp beside,
    // the ray and the static test still give the same answer
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "the grid's sums round in float";
    std::mt19937 g(64);
    int checked = 0;
    for (int n = 0; n < 3000; ++n) {
        col_triangle t = {GridPoint(g), GridPoint(g), GridPoint(g)};
        if (col__triangle_is_degenerate(t.a, t.b, t.c)) continue;
        const col_vec3 v[3] = {t.a, t.b, t.c};
        int e = static_cast<int>(g() % 3);
        double s = static_cast<double>(g() % 5) / 4; // 0 and 1: vertices
        col_vec3 p = col_v3_add(v[e], col_v3_scale(col_v3_sub(v[(e + 1) % 3], v[e]), R(s)));
        col_vec3 o = GridPoint(g), d = col_v3_sub(p, o);
        if (d.x == 0 && d.y == 0 && d.z == 0) continue;
        EXPECT_TRUE(SegmentMeets(o, p, t));
        EXPECT_TRUE(RayHits(o, d, 1, t)) << "n " << n << ": the segment ends on the edge";
        EXPECT_TRUE(RayHits(o, d, 2, t)) << "n " << n << ": the ray passes through the edge";
        // without end too (the line meets the triangle at t = 1)
        EXPECT_TRUE(RayHits(o, d, HUGE_VAL, t)) << "n " << n << ": the ray without end passes through the edge";
        // o not in the plane: the line meets it once, near t = 1, so the ray
        // without end hits exactly when the one with max_t = 2 does
        col_vec3 nt = col_v3_cross(col_v3_sub(t.b, t.a), col_v3_sub(t.c, t.a));
        bool in_plane = col_v3_dot(nt, col_v3_sub(o, t.a)) == 0; // exact on the grid
        for (int k = 0; k < 3; ++k)
            for (int ulps : {-1, 1}) {
                col_vec3 q = Bump(p, k, ulps);
                col_vec3 dq = col_v3_sub(q, o);
                ASSERT_EQ(RayHits(o, dq, 1, t), SegmentMeets(o, col_v3_add(o, dq), t)) << "n " << n;
                col_vec3 end2 = col_v3_add(o, col_v3_scale(dq, 2));
                bool exact_end = true; // o + 2 dq without rounding (Knuth's two-sum error is 0)
                for (int ax = 0; ax < 3; ++ax) {
                    double a = col_v3_get(o, ax), b = 2 * (double)col_v3_get(dq, ax), x = col_v3_get(end2, ax);
                    double bv = x - a;
                    exact_end = exact_end && (a - (x - bv)) + (b - bv) == 0;
                }
                if (!in_plane && exact_end) {
                    ASSERT_EQ(RayHits(o, dq, HUGE_VAL, t), SegmentMeets(o, end2, t)) << "n " << n << " without end";
                }
                checked++;
            }
    }
    EXPECT_GT(checked, 10000);
}
