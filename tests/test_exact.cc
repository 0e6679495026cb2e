// The filtered exact predicates (core/src/exact.h) and the boundary contract
// they give the triangle tests (issue 16): the filter's sign equals the exact
// sign on points built to lie exactly on a plane and then moved by ulps, at
// every scale; a ray with a finite max_t hits a triangle exactly when the
// static test says its segment meets it, at edges, vertices and t = max_t.
#include "helpers.h"

extern "C" {
#include "box.h" // col__batch_lanes_force
#include "exact.h"
}

#include <cmath>
#include <random>
#include <vector>

using namespace ct;

namespace {

col_vec3 Bump(col_vec3 p, int k, int ulps) {
    col_real *c = k == 0 ? &p.x : k == 1 ? &p.y : &p.z;
    for (int i = 0; i < std::abs(ulps); ++i) *c = std::nextafter(*c, static_cast<col_real>(ulps > 0 ? kInf : -kInf));
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

// Products of two coordinates that underflow lose up to half the smallest
// subnormal each: here v x w's x and y components round to 0 and -2^-1074
// (1.375 and 1 subnormals, 1.25 and 1.5 with the tie to even) where the
// exact ones are 0.375 and -0.25, so u . (v x w) = +0.125 subnormals
// computes to -1 with a relative bound that underflows to 0. The filters'
// absolute part (orient_tiny) leaves it to the exact path, as their range
// test per coordinate once did.
TEST(Exact, FiltersCountTheProductsThatUnderflow) {
    const bool dbl = sizeof(col_real) == sizeof(double);
    const col_real s1 = dbl ? R(0x1p-537) : R(0x1p-74), s2 = dbl ? R(0x1p-537) : R(0x1p-75); // s1 s2 = T
    const col_vec3 o = V(0, 0, 0), u = V(1, 1, 0);
    const col_vec3 v = V(R(1.5) * s1, R(1.375) * s1, s1), w = V(R(1.25) * s2, s2, s2);
    ASSERT_EQ(col__orient3d_exact(o, u, v, w), 1);
    EXPECT_EQ(col__orient3d(o, u, v, w), 1);
    // segments from the origin to q and triangles (a, b, c), q and a on the
    // 1/64 grid, b that grid times s1 and c times s2 (their cross product's
    // terms a few subnormals): the filter's decisions equal the exact path's
    std::mt19937 g(1074);
    int met = 0;
    for (int n = 0; n < 20000; ++n) {
        col_vec3 q = GridPoint(g), a = GridPoint(g), b = GridPoint(g), c = GridPoint(g);
        b = V(b.x * s1, b.y * s1, b.z * s1);
        c = V(c.x * s2, c.y * s2, c.z * s2);
        col__exact_always = true;
        bool want = col__segment_meets_triangle(o, q, a, b, c);
        col__exact_always = false;
        ASSERT_EQ(col__segment_meets_triangle(o, q, a, b, c), want) << n;
        met += want;
    }
    EXPECT_GT(met, 100);
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

// ------------------- segments against planes, balls, capsules, boxes -------------------
// Hand-built boundary cases (touching exactly, then moved by an ulp), near
// the origin and 2^20 from it; the ray cast with a finite max_t hits exactly
// when the static test says its segment meets the shape (both make the one
// exact decision of exact_segment.c).

namespace {

col_vec3 Add(col_vec3 a, col_vec3 b) { return col_v3_add(a, b); }

// The next col_real above x.
double Up(double x) { return std::nextafter(static_cast<col_real>(x), static_cast<col_real>(kInf)); }

// The static test of the segment [o, e] against s, and the ray o -> e
// (max_t 1), which must agree with it where o + (e - o) is e; the static
// answer is returned.
bool CastAgrees(const col_shape &s, col_vec3 o, col_vec3 e) {
    col_ray r = {o, col_v3_sub(e, o), R(1)};
    col_vec3 end = col_v3_add(r.origin, col_v3_scale(r.delta, r.max_t));
    col_shape seg;
    memset(&seg, 0, sizeof seg);
    seg.kind = COL_SHAPE_SEGMENT;
    seg.u.segment.a = o;
    seg.u.segment.b = e;
    bool stat = col_overlap(&seg, &s);
    // the cast's segment is o to o + (e - o), which is e unless e - o rounds
    if (end.x == e.x && end.y == e.y && end.z == e.z) {
        EXPECT_EQ(col_raycast(&s, &r).status == COL_HIT, stat) << "the cast and the static test disagree";
    }
    return stat;
}

// The helpers' shapes from vectors.
col_shape SphereAt(col_vec3 c, double r) { return Sphere(c.x, c.y, c.z, r); }
col_shape Box(col_vec3 lo, col_vec3 hi) { return Aabb(lo.x, lo.y, lo.z, hi.x, hi.y, hi.z); }

const double kFar[] = {0, 1048576}; // near the origin, and 2^20 from it

} // namespace

TEST(ExactSegment, PlaneSidesAreExactForPointsMovedByAnUlp) {
    // n = (3, 5, 7) / 8, x on the plane n . x = d exactly; an ulp of x along
    // an axis moves it to the side n_k points to
    col_vec3 n = V(0.375, 0.625, 0.875);
    for (double far : kFar) {
        col_vec3 x = V(far + 1.5, -2.25, 0.5);
        double d = 0.375 * (far + 1.5) + 0.625 * -2.25 + 0.875 * 0.5; // exact: few bits
        EXPECT_EQ(col__plane_side(n, R(d), x), 0);
        for (int k = 0; k < 3; ++k) {
            EXPECT_EQ(col__plane_side(n, R(d), Bump(x, k, 1)), 1) << "far " << far << " axis " << k;
            EXPECT_EQ(col__plane_side(n, R(d), Bump(x, k, -1)), -1) << "far " << far << " axis " << k;
        }
        // a ray from the origin (its end, 0 + delta, is exact) ending on the
        // plane y = far + 0.5 meets it; ending an ulp short does not
        col_shape pl = Plane(0, 1, 0, far + 0.5);
        col_vec3 e = V(1.5, far + 0.5, 0.5), o = V(0, 0, 0);
        EXPECT_TRUE(CastAgrees(pl, o, e));
        EXPECT_FALSE(CastAgrees(pl, o, Bump(e, 1, -1)));
    }
}

TEST(ExactSegment, BallTangentsAndEndsAreExact) {
    // radius 5 around c; (3, 4, 0) from c is on the sphere; the tangent there
    // runs along (-4, 3, 0), so the segment c + (3, 4, 0) + s (-4, 3, 0),
    // s in [-1, 1], touches at s = 0 only
    for (double far : kFar) {
        col_vec3 c = V(far + 0.5, -far, 0.25);
        col_shape sp = SphereAt(c, 5);
        col_vec3 t = Add(c, V(3, 4, 0));
        col_vec3 a = Add(t, V(4, -3, 0)), b = Add(t, V(-4, 3, 0));
        EXPECT_TRUE(col__segment_meets_ball(a, b, c, R(5), R(0))) << "far " << far;
        EXPECT_TRUE(CastAgrees(sp, a, b)) << "far " << far << ": the tangent grazes";
        // the tangent moved outward by an ulp (y up): apart
        col_vec3 a1 = Bump(a, 1, 1), b1 = Bump(b, 1, 1);
        if (col_v3_get(a1, 1) - col_v3_get(a, 1) == col_v3_get(b1, 1) - col_v3_get(b, 1)) {
            EXPECT_FALSE(col__segment_meets_ball(a1, b1, c, R(5), R(0))) << "far " << far;
            EXPECT_FALSE(CastAgrees(sp, a1, b1)) << "far " << far;
        }
        // and inward: it cuts the ball
        EXPECT_TRUE(CastAgrees(sp, Bump(a, 1, -1), Bump(b, 1, -1)));
        // a ray from the origin (its end exact) entering the sphere around
        // c + (20, 20, 0) exactly at its end, at (-3, -4, 0) from the centre,
        // meets it; one ending an ulp short (outward: -x) does not
        col_vec3 c2 = Add(c, V(20, 20 + 2 * far, 0)), o = V(0, 0, 0), t2 = Add(c2, V(-3, -4, 0));
        col_shape sp2 = SphereAt(c2, 5);
        EXPECT_TRUE(CastAgrees(sp2, o, t2));
        EXPECT_FALSE(CastAgrees(sp2, o, Bump(t2, 0, -1)));
        // the radius as a sum: capsule radius 2 + sphere radius 3
        EXPECT_TRUE(col__segment_meets_ball(a, b, c, R(2), R(3)));
        EXPECT_FALSE(col__segment_meets_ball(a1, b1, c, R(2), R(3)));
        // a point (radius 0) on the segment's interior, and an ulp beside it
        EXPECT_TRUE(col__segment_meets_ball(a, b, t, R(0), R(0)));
        EXPECT_FALSE(col__segment_meets_ball(a, b, Bump(t, 2, 1), R(0), R(0)));
    }
}

TEST(ExactSegment, CapsulesTouchAtExactlyTheirRadius) {
    // the axis from (0,0,0) to (8,0,0) (moved far), radius 1: a skew segment
    // along y at z = 1 over x = 4 touches the cylinder; an ulp higher misses
    for (double far : kFar) {
        col_vec3 off = V(far, far, far);
        col_shape cap = Capsule(Add(off, V(0, 0, 0)), Add(off, V(8, 0, 0)), 1);
        col_vec3 a = Add(off, V(4, -2, 1)), b = Add(off, V(4, 2, 1));
        EXPECT_TRUE(CastAgrees(cap, a, b)) << "far " << far << ": skew, touching the cylinder";
        EXPECT_FALSE(CastAgrees(cap, Bump(a, 2, 1), Bump(b, 2, 1))) << "far " << far;
        // parallel to the axis at distance 1, over the middle: touches
        EXPECT_TRUE(CastAgrees(cap, Add(off, V(2, 0, 1)), Add(off, V(6, 0, 1))));
        EXPECT_FALSE(CastAgrees(cap, Bump(Add(off, V(2, 0, 1)), 2, 1), Bump(Add(off, V(6, 0, 1)), 2, 1)));
        // past the end cap: the cap's extreme (9, 0, 0), approached along x
        EXPECT_TRUE(CastAgrees(cap, Add(off, V(12, 0, 0)), Add(off, V(9, 0, 0))));
        EXPECT_FALSE(CastAgrees(cap, Add(off, V(12, 0, 0)), Bump(Add(off, V(9, 0, 0)), 0, 1)));
        // two capsules: radii 0.5 + 0.5 over the same skew gap
        col_capsule c1 = {Add(off, V(0, 0, 0)), Add(off, V(8, 0, 0)), R(0.5)}, c2 = {a, b, R(0.5)};
        EXPECT_TRUE(col_overlap_capsule_capsule(&c1, &c2));
        c2.a = Bump(a, 2, 1);
        c2.b = Bump(b, 2, 1);
        EXPECT_FALSE(col_overlap_capsule_capsule(&c1, &c2));
    }
}

TEST(ExactSegment, BoxesAtFacesEdgesAndCorners) {
    for (double far : kFar) {
        col_vec3 lo = V(far - 1, -2, -3), hi = V(far + 1, 2, 3);
        col_shape box = Box(lo, hi);
        // a ray from the origin (its end exact) ending on the face x = far + 9
        // of a box beyond; an ulp short
        col_shape box2 = Box(V(far + 9, -2, -3), V(far + 11, 2, 3));
        col_vec3 face = V(far + 9, 0.5, 0.5), o = V(0, 0, 0);
        EXPECT_TRUE(CastAgrees(box2, o, face));
        EXPECT_FALSE(CastAgrees(box2, o, Bump(face, 0, -1)));
        // through the edge x = hi.x, y = hi.y exactly (diagonal in xy), and an ulp outside
        col_vec3 e1 = V(far + 2, 1, 0), e2 = V(far, 3, 0);
        EXPECT_TRUE(CastAgrees(box, e1, e2)) << "far " << far << ": through the edge";
        EXPECT_FALSE(CastAgrees(box, Bump(e1, 1, 1), Bump(e2, 1, 1))) << "far " << far;
        // through the corner (hi.x, hi.y, hi.z) along (1, -1, 1)... from outside to outside
        col_vec3 c1 = V(far + 2, 1, 4), c2 = V(far, 3, 2);
        EXPECT_TRUE(CastAgrees(box, c1, c2)) << "far " << far << ": through the corner";
        EXPECT_FALSE(CastAgrees(box, Bump(c1, 2, 1), Bump(c2, 2, 1))) << "far " << far;
        // along a face, in its plane: touching
        EXPECT_TRUE(CastAgrees(box, V(far - 5, 2, 0), V(far + 5, 2, 0)));
        EXPECT_FALSE(CastAgrees(box, V(far - 5, Up(2.0), 0), V(far + 5, Up(2.0), 0)));
    }
}

// A ray from an origin in general position (off the grid by a third, the
// grid moved by shift) through a point of an edge of a random box, the aim
// moved by 0-2 ulps across the edge.
struct EdgePass {
    col_vec3 p, aim, lo, hi;
};
static EdgePass EdgePassingRay(std::mt19937 &g, double shift) {
    int k = static_cast<int>(g() % 3), j = (k + 1 + static_cast<int>(g() % 2)) % 3;
    double lo[3], hi[3], e[3], o[3];
    for (int m = 0; m < 3; ++m) {
        lo[m] = shift + static_cast<double>(static_cast<int>(g() % 8191) - 4095) / 8;
        hi[m] = lo[m] + 1 + static_cast<double>(g() % 64) / 8;
        e[m] = (lo[m] + hi[m]) / 2;
        o[m] = shift + static_cast<double>(static_cast<int>(g() % 8191) - 4095) / 8 +
               std::ldexp(1.0, -static_cast<int>(g() % 16)) / 3;
    }
    e[k] = hi[k], e[j] = hi[j];                      // a point of the edge along the third axis
    o[k] = hi[k] + 1 + std::abs(o[k] - hi[k]);       // above face k
    o[j] = lo[j] - 1 - std::abs(o[j] - lo[j]) * 0.5; // below slab j: crossing it upward
    int ulps = static_cast<int>(g() % 5) - 2;        // the aim moved across the edge on axis j
    for (int u = 0; u < std::abs(ulps); ++u) e[j] = std::nextafter(e[j], ulps > 0 ? kInf : -kInf);
    return {V(o[0], o[1], o[2]), V(e[0], e[1], e[2]), V(lo[0], lo[1], lo[2]), V(hi[0], hi[1], hi[2])};
}

TEST(ExactSegment, SegmentsPassingABoxEdgeByUlpsDecideAsExactArithmetic) {
    // From an origin in general position (off the grid by a third) through
    // a point of a box edge, moved by 0-2 ulps across it, to twice as far:
    // the segment enters one slab within rounding of leaving another, so
    // the entry and exit times' quotients (rounded two or three times)
    // decide the order only with their error bounds. The filters must
    // decide as exact arithmetic does, and the ray cast as the static test.
    // (A segment ending ulps short of a face is decided by the extents'
    // exact comparison before any quotient.)
    std::mt19937 g(23);
    int hits = 0, n = 6000;
    for (int i = 0; i < n; ++i) {
        EdgePass c = EdgePassingRay(g, 0.0);
        col_vec3 p = c.p, aim = c.aim;
        col_vec3 q = col_v3_add(p, col_v3_scale(col_v3_sub(aim, p), R(2)));
        col_vec3 vlo = c.lo, vhi = c.hi;
        bool f = col__segment_meets_box(p, q, vlo, vhi);
        col_ray r = {p, col_v3_sub(aim, p), R(2)};
        col_aabb box = {vlo, vhi};
        col_ray_hit h = col_raycast_aabb_slabs(&r, &box);
        col_vec3 end = col_v3_add(r.origin, col_v3_scale(r.delta, r.max_t)); // the cast's segment, as rounded
        col__exact_always = true;
        bool x = col__segment_meets_box(p, q, vlo, vhi), xe = col__segment_meets_box(p, end, vlo, vhi);
        col__exact_always = false;
        ASSERT_EQ(f, x) << i;
        ASSERT_EQ(h.status == COL_HIT, xe) << i;
        hits += x;
    }
    EXPECT_GT(hits, n / 5);
    EXPECT_LT(hits, n * 4 / 5);
}

TEST(ExactSegment, RayBoxCastsFarFromTheOriginDecideAsExactArithmetic) {
    if (sizeof(col_real) != sizeof(double)) GTEST_SKIP() << "the cases are double's roundings";
    // The ray-AABB cast certifies its own decision from its slab times, which
    // are the ray's (origin + t delta), not the segment's: the end it is
    // judged by, origin + max_t delta, is rounded, by more against the
    // motion the farther the ray is from the origin. The same edge-passing
    // rays as above, 2^10..2^26 from the origin (each tier of the bound, and
    // beyond it the filter), with max_t a third (the end's product rounds),
    // must decide as exact arithmetic on that end does.
    std::mt19937 g(29);
    int hits = 0, n = 8000;
    for (int i = 0; i < n; ++i) {
        double shift = std::ldexp(1.0, 10 + static_cast<int>(g() % 17));
        EdgePass c = EdgePassingRay(g, shift);
        col_vec3 p = c.p, aim = c.aim;
        col_ray r = {p, col_v3_scale(col_v3_sub(aim, p), R(3)), R(2.0 / 3)};
        col_aabb box = {c.lo, c.hi};
        col_ray_hit h = col_raycast_aabb_slabs(&r, &box);
        col_vec3 end = col_v3_add(r.origin, col_v3_scale(r.delta, r.max_t));
        col__exact_always = true;
        bool x = col__segment_meets_box(p, end, box.min, box.max);
        col_ray_hit hx = col_raycast_aabb_slabs(&r, &box);
        col__exact_always = false;
        ASSERT_EQ(h.status == COL_HIT, x) << i << " shift " << shift;
        ASSERT_EQ(h.status, hx.status) << i;
        if (x) {
            ASSERT_EQ(h.t, hx.t) << i; // the certificate keeps the cast's own time
        }
        hits += x;
    }
    EXPECT_GT(hits, n / 5);
    EXPECT_LT(hits, n * 4 / 5);
}

TEST(ExactSegment, RayBoxCastsEndingByAFractionOfAnUlpOnAFace) {
    if (sizeof(col_real) != sizeof(double)) GTEST_SKIP() << "the cases are double's roundings";
    // A ray aimed at a point of a box face (or edge), with max_t = 1 - k
    // 2^-53: the ray itself stops a fraction of an ulp short of the face,
    // but its end, origin + max_t delta, rounds onto it, and the segment it
    // is judged by touches the box. The cast's times are the ray's: its
    // certificate must count the end's rounding (large against the motion
    // far from the origin), or it calls these misses.
    std::mt19937 g(31);
    int n = 6000, short_of_it = 0;
    for (int i = 0; i < n; ++i) {
        double shift = std::ldexp(1.0, 4 + static_cast<int>(g() % 23));
        int k = static_cast<int>(g() % 3);
        double lo[3], hi[3], aim[3], o[3];
        for (int m = 0; m < 3; ++m) {
            lo[m] = shift + static_cast<double>(static_cast<int>(g() % 64) - 32) / 8;
            hi[m] = lo[m] + 1 + static_cast<double>(g() % 64) / 8;
            // a point of the face's rectangle on the grid, its edges included
            aim[m] = lo[m] + static_cast<double>(g() % 9) / 8 * (hi[m] - lo[m]);
            o[m] = shift + static_cast<double>(static_cast<int>(g() % 256) - 128) / 8 +
                   std::ldexp(1.0, -static_cast<int>(g() % 16)) / 3;
        }
        aim[k] = lo[k];
        o[k] = lo[k] - 1 - std::abs(o[k] - lo[k]); // before the face: moving up along k
        col_vec3 p = V(o[0], o[1], o[2]), a = V(aim[0], aim[1], aim[2]);
        double t = 1 - std::ldexp(static_cast<double>(1 + g() % 4096), -53);
        col_ray r = {p, col_v3_sub(a, p), R(t)};
        col_aabb box = {V(lo[0], lo[1], lo[2]), V(hi[0], hi[1], hi[2])};
        col_ray_hit h = col_raycast_aabb_slabs(&r, &box);
        col_vec3 end = col_v3_add(r.origin, col_v3_scale(r.delta, r.max_t));
        col__exact_always = true;
        bool x = col__segment_meets_box(p, end, box.min, box.max);
        col__exact_always = false;
        ASSERT_EQ(h.status == COL_HIT, x) << i << " shift " << shift;
        short_of_it += !(col_v3_get(end, k) < lo[k]) && x;
    }
    EXPECT_GT(short_of_it, n / 4) << "most ends should round onto the face";
}

TEST(ExactSegment, RayBoxCastsAmongSubnormalsDecideAsExactArithmetic) {
    // Coordinates a few multiples of the smallest subnormal: max_t delta
    // rounds there by up to half that step, far more than any relative
    // bound, so the cast's certificate must leave such rays to the filter.
    // In both precisions (the float build's subnormals are the point).
    const bool flt = sizeof(col_real) != sizeof(double);
    const double step = std::ldexp(1.0, flt ? -149 : -1074);
    std::mt19937 g(37);
    int hits = 0, n = 4000;
    for (int i = 0; i < n; ++i) {
        auto at = [&](int lo, int span) { return step * static_cast<double>(lo + static_cast<int>(g() % span)); };
        col_aabb box = {V(at(-8, 8), at(-8, 8), at(-8, 8)), V(at(1, 8), at(1, 8), at(1, 8))};
        col_vec3 o = V(at(-40, 80), at(-40, 80), at(-40, 80)), aim = V(at(-10, 20), at(-10, 20), at(-10, 20));
        col_ray r = {o, col_v3_sub(aim, o), R(0.5 + static_cast<double>(g() % 8) / 3)}; // aimed near the box
        col_ray_hit h = col_raycast_aabb_slabs(&r, &box);
        col_vec3 end = col_v3_add(r.origin, col_v3_scale(r.delta, r.max_t));
        col__exact_always = true;
        bool x = col__segment_meets_box(r.origin, end, box.min, box.max);
        col__exact_always = false;
        ASSERT_EQ(h.status == COL_HIT, x) << i;
        hits += x;
    }
    EXPECT_GT(hits, n / 20);
    EXPECT_LT(hits, n * 19 / 20);
}

// A sphere cast with a finite max_t against the exact decision of its
// segment [origin, origin + max_t delta] (that end as rounded): the status
// must agree; with every sign exact (col__exact_always), the same status
// and, for a hit, the same t (the certificate keeps the cast's own time).
// The cast's decision equals the exact test's (meets_exact(p, q, shape) on
// the segment the static test judges), and the answer and t equal those of
// the cast deciding by exact arithmetic alone (col__exact_always).
template <class Shape, class Meets>
static bool CastAgreesWithExact(const col_ray &r, const Shape &s, col_ray_hit (*cast)(const col_ray *, const Shape *),
                                Meets meets_exact, bool *meets) {
    col_ray_hit h = cast(&r, &s);
    col_vec3 end = col_v3_add(r.origin, col_v3_scale(r.delta, r.max_t));
    col__exact_always = true;
    bool x = meets_exact(r.origin, end, s);
    col_ray_hit hx = cast(&r, &s);
    col__exact_always = false;
    *meets = x;
    return (h.status == COL_HIT) == x && h.status == hx.status && (!x || h.t == hx.t);
}

static bool SphereCastAgreesWithExact(const col_ray &r, const col_sphere &s, bool *meets) {
    return CastAgreesWithExact(
        r, s, col_raycast_sphere,
        [](col_vec3 p, col_vec3 q, const col_sphere &b) { return col__segment_meets_ball(p, q, b.c, b.r, R(0)); },
        meets);
}

// A point on the sphere of radius 5 * 2^j around c, from a Pythagorean
// quadruple (exact: every coordinate a small dyadic), and a unit-free
// tangent direction there.
struct SpherePoint {
    col_vec3 c, on, tangent;
    double radius;
};
static SpherePoint PointOnSphere(std::mt19937 &g, double shift) {
    static const int q[][3] = {{3, 4, 0}, {0, 3, 4}, {4, 0, 3}, {5, 0, 0}, {0, 0, 5}};
    static const int t[][3] = {{-4, 3, 0}, {0, -4, 3}, {-3, 0, 4}, {0, 1, 2}, {2, -1, 0}};
    int k = static_cast<int>(g() % 5), sx = g() % 2 ? 1 : -1, sy = g() % 2 ? 1 : -1;
    double scale = std::ldexp(1.0, static_cast<int>(g() % 7) - 3);
    col_vec3 c = V(shift + static_cast<double>(static_cast<int>(g() % 8191) - 4095) / 8,
                   shift + static_cast<double>(static_cast<int>(g() % 8191) - 4095) / 8,
                   shift + static_cast<double>(static_cast<int>(g() % 8191) - 4095) / 8);
    col_vec3 on = Add(c, V(sx * q[k][0] * scale, sy * q[k][1] * scale, q[k][2] * scale));
    return {c, on, V(sx * t[k][0], sy * t[k][1], t[k][2]), 5 * scale};
}

TEST(ExactSegment, RaySphereCastsFarFromTheOriginDecideAsExactArithmetic) {
    if (sizeof(col_real) != sizeof(double)) GTEST_SKIP() << "the cases are double's roundings";
    // The ray-sphere certificate bounds the cast's closest approach and the
    // rounding of the end the static test judges, which grows with the
    // distance from the origin while the shapes stay small. Rays from about
    // 10 away to a rounded tangent point of a sphere 2^10..2^30 from the
    // origin (so the line passes within a few ulps of the sphere, in or out)
    // and on, their end rounded: the segment's distance to the centre then
    // moves by as much as the rounding of the tangent point, and each cast
    // must decide as exact arithmetic on its rounded end does. Near the
    // origin the same rays pass within the rounding of the cast's own
    // quantities. Also lattice tangents (exact), moved by 0-2 ulps.
    std::mt19937 g(41);
    std::uniform_real_distribution<double> u(-1, 1);
    int hits = 0, n = 8000;
    for (int i = 0; i < n; ++i) {
        double shift = i % 8 < 2 ? 0 : std::ldexp(1.0, 10 + static_cast<int>(g() % 21));
        col_vec3 c, aim, p;
        double radius;
        if (i % 2) {
            SpherePoint sp = PointOnSphere(g, shift);
            int ulps = static_cast<int>(g() % 5) - 2;
            c = sp.c, radius = sp.radius;
            aim = Bump(sp.on, static_cast<int>(g() % 3), ulps);
            p = col_v3_sub(aim, col_v3_scale(sp.tangent, R(1 + static_cast<double>(g() % 64) / 8)));
        } else {
            c = V(shift + 8 * u(g), shift + 8 * u(g), shift + 8 * u(g));
            radius = 1 + 3 * (u(g) + 1);
            double a = 3.14159265358979 * u(g), z = u(g), w = std::sqrt(1 - z * z);
            double nx = w * std::cos(a), ny = w * std::sin(a), nz = z; // the outward normal at the tangent point
            double tx = -ny, ty = nx, tz = 0, tl = std::sqrt(tx * tx + ty * ty); // a tangent there
            aim = V(c.x + radius * nx, c.y + radius * ny, c.z + radius * nz);    // rounded: off the sphere by ulps
            double back = 4 + 8 * (u(g) + 1);
            p = V(aim.x - back * tx / tl, aim.y - back * ty / tl, aim.z - back * tz / tl);
        }
        double beyond = 1 + 0.5 * (u(g) + 1); // the tangent point at 1/beyond of the segment
        col_ray r = {p, col_v3_scale(col_v3_sub(aim, p), R(3)), R(beyond / 3)};
        col_sphere s = {c, R(radius)};
        bool x;
        ASSERT_TRUE(SphereCastAgreesWithExact(r, s, &x)) << i << " shift " << shift;
        hits += x;
    }
    EXPECT_GT(hits, n / 5);
    EXPECT_LT(hits, n * 4 / 5);
}

TEST(ExactSegment, RaySphereCastsEndingByAFractionOfAnUlpOnTheSphere) {
    if (sizeof(col_real) != sizeof(double)) GTEST_SKIP() << "the cases are double's roundings";
    // A ray aimed at an exact point of a sphere, from outside along the
    // normal there (or slanted), with max_t = 1 - k 2^-53: the ray stops a
    // fraction of an ulp short, but its end may round onto the sphere. The
    // certificate must count the end's rounding, or it calls these misses.
    std::mt19937 g(43);
    int n = 6000, hits = 0;
    for (int i = 0; i < n; ++i) {
        double shift = std::ldexp(1.0, 4 + static_cast<int>(g() % 23));
        SpherePoint sp = PointOnSphere(g, shift);
        col_vec3 out = col_v3_sub(sp.on, sp.c); // outward, exact
        double away = 1 + static_cast<double>(g() % 16) / 4, slant = static_cast<double>(g() % 5) / 4;
        col_vec3 p = col_v3_add(sp.on, col_v3_add(col_v3_scale(out, R(away)), col_v3_scale(sp.tangent, R(slant))));
        double t = 1 - std::ldexp(static_cast<double>(1 + g() % 4096), -53);
        col_ray r = {p, col_v3_sub(sp.on, p), R(t)};
        col_sphere s = {sp.c, R(sp.radius)};
        bool x;
        ASSERT_TRUE(SphereCastAgreesWithExact(r, s, &x)) << i << " shift " << shift;
        hits += x;
    }
    EXPECT_GT(hits, n / 10) << "some ends should round onto the sphere";
    EXPECT_LT(hits, n) << "and some stop short of it";
}

TEST(ExactSegment, RaySphereCastsLeavingFromWithinRoundingOfTheSphereDecideAsExactArithmetic) {
    // Rays starting on a sphere as floating point puts them there (a
    // direction scaled to the radius, then moved by -2..2 ulps on an axis:
    // inside, on or just outside, |origin - c|^2 rounding either way) and
    // moving away from it, or along it: a ray from inside or on the sphere
    // hits at t = 0, one from outside misses, as the exact test says. The
    // certificate of a ray moving away (the far rays' early answer) must
    // count the rounding of the squares: a test of |m|^2 > r^2 alone calls
    // some of the inside ones misses. Near the origin and 2^10..2^30 away,
    // in both precisions.
    std::mt19937 g(59);
    std::uniform_real_distribution<double> u(-1, 1);
    int hits = 0, n = 60000;
    for (int i = 0; i < n; ++i) {
        double shift = i % 4 < 2 ? 0 : std::ldexp(1.0, 10 + static_cast<int>(g() % 21));
        double radius = static_cast<double>(1 + g() % 63) / 8;
        col_vec3 c = V(shift + 8 * u(g), shift + 8 * u(g), shift + 8 * u(g));
        col_vec3 dir = V(u(g), u(g), u(g));
        double len = static_cast<double>(col_v3_len(dir));
        if (!(len > 0.1)) continue;
        col_vec3 on = Add(c, col_v3_scale(dir, R(radius / len)));
        on = Bump(on, static_cast<int>(g() % 3), static_cast<int>(g() % 5) - 2);
        // away along the radius, turned by up to 90 degrees toward a tangent
        col_vec3 t = col_v3_cross(dir, V(u(g), u(g), u(g)));
        col_vec3 d = Add(col_v3_scale(dir, R(g() % 4 ? 1 : 0)), col_v3_scale(t, R(2 * u(g))));
        col_ray r = {on, d, R(1 + static_cast<double>(g() % 8) / 4)};
        col_sphere s = {c, R(radius)};
        bool x;
        ASSERT_TRUE(SphereCastAgreesWithExact(r, s, &x)) << i << " shift " << shift;
        hits += x;
    }
    EXPECT_GT(hits, n / 5) << "some origins should be inside or on the sphere";
    EXPECT_LT(hits, n * 4 / 5) << "and some just outside it";
}

TEST(ExactSegment, RaySphereCastsAmongSubnormalsDecideAsExactArithmetic) {
    // Spheres and rays a few multiples of the smallest subnormal across:
    // products and squares underflow, so the certificate must leave these
    // to the filter and the exact test. In both precisions.
    const bool flt = sizeof(col_real) != sizeof(double);
    const double step = std::ldexp(1.0, flt ? -149 : -1074);
    std::mt19937 g(47);
    int hits = 0, n = 4000;
    for (int i = 0; i < n; ++i) {
        auto at = [&](int lo, int span) { return step * static_cast<double>(lo + static_cast<int>(g() % span)); };
        col_sphere s = {V(at(-4, 8), at(-4, 8), at(-4, 8)), R(at(1, 8))};
        col_vec3 o = V(at(-40, 80), at(-40, 80), at(-40, 80)), aim = V(at(-10, 20), at(-10, 20), at(-10, 20));
        col_ray r = {o, col_v3_sub(aim, o), R(0.5 + static_cast<double>(g() % 8) / 3)};
        bool x;
        ASSERT_TRUE(SphereCastAgreesWithExact(r, s, &x)) << i;
        hits += x;
    }
    EXPECT_GT(hits, n / 20);
    EXPECT_LT(hits, n * 19 / 20);
}

// n rays from 3-5 away aimed within 0.7 of the centre c of make(c, i, g)'s
// shape, ending at 1-2 times that: each answer equals the exact one
// (agrees(r, shape, &x)); the number of hits and of exact predicates the
// casts (cast(r, shape)) ran.
struct NearRays {
    int hits;
    unsigned long exact;
};
template <class Make, class Cast, class Agrees>
static NearRays CastNearRays(unsigned seed, int n, Make make, Cast cast, Agrees agrees) {
    std::mt19937 g(seed);
    std::uniform_real_distribution<double> u(-1, 1);
    NearRays out = {0, 0};
    for (int i = 0; i < n; ++i) {
        col_vec3 c = V(100 * u(g), 100 * u(g), 100 * u(g));
        auto shape = make(c, i, g);
        col_vec3 dir = V(u(g), u(g), u(g));
        col_vec3 p = Add(c, col_v3_scale(dir, R(4 / std::max(0.1, static_cast<double>(col_v3_len(dir))))));
        col_vec3 aim = Add(c, V(0.7 * u(g), 0.7 * u(g), 0.7 * u(g)));
        col_ray r = {p, col_v3_sub(aim, p), R(1 + 0.5 * (u(g) + 1))};
        unsigned long before = col__exact_count();
        col_ray_hit h = cast(r, shape);
        out.exact += col__exact_count() - before;
        bool x;
        EXPECT_TRUE(agrees(r, shape, &x)) << i;
        EXPECT_EQ(h.status == COL_HIT, x) << i;
        out.hits += x;
    }
    return out;
}

TEST(ExactSegment, RaySphereCertificateDecidesNearRaysWithoutExactArithmetic) {
    // Spheres of radius 0.5-0.8 (about two rays in three hit): the
    // certificate decides almost all of them, in both precisions.
    int n = 4000;
    NearRays got = CastNearRays(
        53, n,
        [](col_vec3 c, int, std::mt19937 &g) {
            return col_sphere{c, R(0.65 + 0.15 * std::uniform_real_distribution<double>(-1, 1)(g))};
        },
        [](const col_ray &r, const col_sphere &s) { return col_raycast_sphere(&r, &s); }, SphereCastAgreesWithExact);
    EXPECT_GT(got.hits, n / 3);
    EXPECT_LT(got.hits, n * 9 / 10);
    EXPECT_LT(got.exact, static_cast<unsigned long>(n / 100)) << "the certificate should decide near rays";
}

static bool CapsuleCastAgreesWithExact(const col_ray &r, const col_capsule &c, bool *meets) {
    return CastAgreesWithExact(
        r, c, col_raycast_capsule,
        [](col_vec3 p, col_vec3 q, const col_capsule &k) {
            return col__segment_meets_capsule(p, q, k.a, k.b, k.r, R(0));
        },
        meets);
}

// A point exactly on a capsule's surface: the axis a + lambda w (w one of a
// few Pythagorean directions, lambda in [0, len], dyadic), the radius 5 *
// 2^j, the point on the body across the axis by p (|p| = radius, p . w =
// 0) or at an end's pole; every coordinate a small dyadic, so exact.
struct CapsulePoint {
    col_capsule c;
    col_vec3 on, out, tangent; // out: the outward normal there (unnormalized), tangent: a direction along the surface
};
static CapsulePoint PointOnCapsule(std::mt19937 &g, double shift) {
    static const int w[][3] = {{3, 4, 0}, {0, 3, 4}, {4, 0, 3}, {5, 0, 0}, {0, 0, 5}};
    static const int p[][3] = {{-4, 3, 0}, {0, -4, 3}, {-3, 0, 4}, {0, 5, 0}, {5, 0, 0}};
    static const int q[][3] = {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 1, 0}}; // w x p, scaled
    int k = static_cast<int>(g() % 5), side = g() % 2 ? 1 : -1;
    double scale = std::ldexp(1.0, static_cast<int>(g() % 5) - 3); // the radius 5 * scale
    double len = static_cast<double>(1 + g() % 16) / 4;            // |b - a| = 5 len
    col_vec3 a = V(shift + static_cast<double>(static_cast<int>(g() % 8191) - 4095) / 8,
                   shift + static_cast<double>(static_cast<int>(g() % 8191) - 4095) / 8,
                   shift + static_cast<double>(static_cast<int>(g() % 8191) - 4095) / 8);
    col_vec3 W = V(w[k][0], w[k][1], w[k][2]), P = V(p[k][0] * side, p[k][1] * side, p[k][2] * side);
    CapsulePoint cp;
    cp.c = {a, Add(a, col_v3_scale(W, R(len))), R(5 * scale)};
    int where = static_cast<int>(g() % 6);
    if (where == 0) { // the pole of end a
        cp.on = col_v3_sub(a, col_v3_scale(W, R(scale)));
        cp.out = col_v3_neg(W);
        cp.tangent = P;
    } else { // the body, the seams (lambda 0, len) included
        double lambda = where == 1 ? 0 : where == 2 ? len : len * static_cast<double>(g() % 9) / 8;
        cp.on = Add(Add(a, col_v3_scale(W, R(lambda))), col_v3_scale(P, R(scale)));
        cp.out = P;
        cp.tangent = g() % 2 ? W : V(q[k][0], q[k][1], q[k][2]);
    }
    return cp;
}

TEST(ExactSegment, RayCapsuleCastsEndingOnOrByAnUlpBesideTheSurface) {
    // Rays ending exactly on a capsule (its body, the seams, a pole), or
    // stopping a fraction of an ulp short (max_t = 1 - k 2^-53, the end may
    // round onto it), or aimed a few ulps beside a point and running along
    // the surface: the cast's certificate must count every rounding, or it
    // decides some of them unlike the exact test. Near and 2^4..2^26 away.
    std::mt19937 g(61);
    int n = CaseCount(12000), hits = 0;
    for (int i = 0; i < n; ++i) {
        double shift = i % 4 == 0 ? 0 : std::ldexp(1.0, 4 + static_cast<int>(g() % 23));
        CapsulePoint cp = PointOnCapsule(g, shift);
        col_ray r;
        if (i % 3 == 2) { // a turned capsule, a point near it (rounded), a ray from afar ending about there
            std::uniform_real_distribution<double> u(-1, 1);
            col_vec3 a = V(shift + 8 * u(g), shift + 8 * u(g), shift + 8 * u(g)), w = V(u(g), u(g), u(g));
            double radius = 0.25 + u(g) + 1, lambda = 0.5 * (u(g) + 1), wl = static_cast<double>(col_v3_len(w));
            col_vec3 across = col_v3_cross(w, V(u(g), u(g), u(g)));
            double nl = static_cast<double>(col_v3_len(across));
            if (wl < 0.1 || nl < 0.1) continue;
            cp.c = {a, Add(a, col_v3_scale(w, R(2 / wl))), R(radius)};
            cp.on = Add(Add(a, col_v3_scale(w, R(2 * lambda / wl))), col_v3_scale(across, R(radius / nl)));
            double far = std::ldexp(1.0, static_cast<int>(g() % 17));
            if (g() % 2) { // towards the point, ending about on it
                col_vec3 from =
                    col_v3_scale(Add(col_v3_scale(across, R(1 / nl)), V(0.3 * u(g), 0.3 * u(g), 0.3 * u(g))), R(far));
                double t = 1 + std::ldexp(static_cast<double>(static_cast<int>(g() % 4096) - 2048), -52);
                r = {Add(cp.on, from), col_v3_neg(from), R(t)};
            } else { // grazing: along the surface through the point, across the axis, and on
                col_vec3 along = col_v3_cross(w, across);
                col_vec3 from = col_v3_scale(along, R(far / static_cast<double>(col_v3_len(along))));
                r = {Add(cp.on, from), col_v3_neg(from), R(2)};
            }
        } else if (i % 2) { // from outside towards the point, ending on it or just short
            double away = 1 + static_cast<double>(g() % 16) / 4, slant = static_cast<double>(g() % 5) / 4;
            col_vec3 p = Add(cp.on, Add(col_v3_scale(cp.out, R(away)), col_v3_scale(cp.tangent, R(slant))));
            double t = g() % 4 == 0 ? 1 : 1 - std::ldexp(static_cast<double>(1 + g() % 4096), -53);
            r = {p, col_v3_sub(cp.on, p), R(t)};
        } else { // along the surface through a point a few ulps beside it
            // from near, or from up to 2^20 back (|origin - a| >> radius:
            // the cast's rounding then dwarfs the radius's ulps)
            col_vec3 aim = Bump(cp.on, static_cast<int>(g() % 3), static_cast<int>(g() % 5) - 2);
            double back = std::ldexp(1 + static_cast<double>(g() % 64) / 8, static_cast<int>(g() % 21));
            col_vec3 p = col_v3_sub(aim, col_v3_scale(cp.tangent, R(back)));
            r = {p, col_v3_sub(aim, p), R(1 + static_cast<double>(g() % 8) / 8)};
        }
        bool x;
        ASSERT_TRUE(CapsuleCastAgreesWithExact(r, cp.c, &x)) << i << " shift " << shift;
        hits += x;
    }
    EXPECT_GT(hits, n / 5);
    EXPECT_LT(hits, n * 9 / 10);
}

TEST(ExactSegment, RayCapsuleCastsAtAnEndsBallBeyondItsPlane) {
    // Points on an end's ball beyond the end's plane, exactly: a + s (-3 W +
    // 4 P) (|W| = |P| = 5, W along the axis, radius 25 s), on the ball and
    // inside the infinite cylinder. Rays ending there or an ulp short,
    // from outside along the normal or slanted; rays grazing the ball there
    // (across the axis, at that point's height, or along the ball's meridian)
    // through a point a few ulps beside it: such a ray enters the cylinder
    // beyond the plane, and the cast decides it from that end's ball and the
    // line's part within the radius (its miss certificate); the decision
    // must be the exact test's. Near and 2^4..2^26 away.
    static const int w[][3] = {{3, 4, 0}, {0, 3, 4}, {4, 0, 3}, {5, 0, 0}, {0, 0, 5}};
    static const int p[][3] = {{-4, 3, 0}, {0, -4, 3}, {-3, 0, 4}, {0, 5, 0}, {5, 0, 0}};
    static const int q[][3] = {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 1, 0}}; // along W x P
    std::mt19937 g(67);
    int n = CaseCount(12000), hits = 0;
    for (int i = 0; i < n; ++i) {
        double shift = i % 4 == 0 ? 0 : std::ldexp(1.0, 4 + static_cast<int>(g() % 23));
        int k = static_cast<int>(g() % 5), side = g() % 2 ? 1 : -1, end = static_cast<int>(g() % 2);
        double s = std::ldexp(1.0, static_cast<int>(g() % 5) - 6), len = static_cast<double>(1 + g() % 16) / 4;
        col_vec3 a = V(shift + static_cast<double>(static_cast<int>(g() % 8191) - 4095) / 8,
                       shift + static_cast<double>(static_cast<int>(g() % 8191) - 4095) / 8,
                       shift + static_cast<double>(static_cast<int>(g() % 8191) - 4095) / 8);
        col_vec3 W = V(w[k][0], w[k][1], w[k][2]), P = V(p[k][0] * side, p[k][1] * side, p[k][2] * side);
        col_vec3 Q = V(q[k][0], q[k][1], q[k][2]), b = Add(a, col_v3_scale(W, R(25 * s * len)));
        col_capsule c = {a, b, R(25 * s)};
        // beyond a (against W) or beyond b (along it)
        col_vec3 along = end ? W : col_v3_neg(W), out = Add(col_v3_scale(along, R(3)), col_v3_scale(P, R(4)));
        col_vec3 on = Add(end ? b : a, col_v3_scale(out, R(s)));
        col_ray r;
        int kind = static_cast<int>(g() % 4);
        if (kind == 0) { // from outside, along the normal slanted, ending on the point or an ulp short
            double slant = static_cast<double>(static_cast<int>(g() % 9) - 4) / 4;
            col_vec3 from = Add(on, Add(col_v3_scale(out, R(s)), col_v3_scale(Q, R(slant * 25 * s))));
            double t = g() % 4 == 0 ? 1 : 1 - std::ldexp(static_cast<double>(1 + g() % 4096), -53);
            r = {from, col_v3_sub(on, from), R(t)};
        } else { // grazing: across the axis at the point's height, or along the meridian (4 W' - 3 P)
            col_vec3 tangent = kind == 1 ? Q : Add(col_v3_scale(along, R(-4)), col_v3_scale(P, R(3)));
            if (kind == 3) tangent = Add(tangent, col_v3_scale(Q, R(5 * (g() % 2 ? 1 : -1))));
            col_vec3 aim = Bump(on, static_cast<int>(g() % 3), static_cast<int>(g() % 5) - 2);
            double back = std::ldexp(1 + static_cast<double>(g() % 64) / 8, static_cast<int>(g() % 21) - 4);
            col_vec3 from = col_v3_sub(aim, col_v3_scale(tangent, R(back * s)));
            r = {from, col_v3_sub(aim, from), R(1 + static_cast<double>(g() % 8) / 8)};
        }
        bool x;
        ASSERT_TRUE(CapsuleCastAgreesWithExact(r, c, &x)) << i << " shift " << shift << " kind " << kind;
        hits += x;
    }
    EXPECT_GT(hits, n / 5);
    EXPECT_LT(hits, n * 9 / 10);
}

TEST(ExactSegment, RayCapsuleCastsNearlyAlongTheAxisGrazingTheBody) {
    // Rays nearly along a capsule's axis (1 to 14 degrees off it, where
    // the closest approach to the axis is too uncertain for the miss test
    // across it and the cast's certificate takes the line's least distance
    // instead): in the body's tangent plane at an exact point of it, so
    // touching there, aimed exactly or a few ulps beside it, or moved off
    // the surface by 2^-40..2^-20 of the radius either way, from a dyadic
    // origin or one off the grid; ending before the point, on it or past
    // it. Near and 2^4..2^26 away. The decision must be the exact test's.
    static const int w[][3] = {{3, 4, 0}, {0, 3, 4}, {4, 0, 3}, {5, 0, 0}, {0, 0, 5}};
    static const int p[][3] = {{-4, 3, 0}, {0, -4, 3}, {-3, 0, 4}, {0, 5, 0}, {5, 0, 0}};
    static const int q[][3] = {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 1, 0}}; // w x p, scaled
    std::mt19937 g(71);
    int n = CaseCount(12000), hits = 0;
    for (int i = 0; i < n; ++i) {
        double shift = i % 4 == 0 ? 0 : std::ldexp(1.0, 4 + static_cast<int>(g() % 23));
        int k = static_cast<int>(g() % 5), side = g() % 2 ? 1 : -1;
        double s = std::ldexp(1.0, static_cast<int>(g() % 5) - 3), len = static_cast<double>(1 + g() % 16) / 4;
        col_vec3 a = V(shift + static_cast<double>(static_cast<int>(g() % 8191) - 4095) / 8,
                       shift + static_cast<double>(static_cast<int>(g() % 8191) - 4095) / 8,
                       shift + static_cast<double>(static_cast<int>(g() % 8191) - 4095) / 8);
        col_vec3 W = V(w[k][0], w[k][1], w[k][2]), P = V(p[k][0] * side, p[k][1] * side, p[k][2] * side);
        col_vec3 Q = V(q[k][0], q[k][1], q[k][2]);
        col_capsule c = {a, Add(a, col_v3_scale(W, R(len))), R(5 * s)};
        double lambda = len * static_cast<double>(1 + g() % 7) / 8; // within the body
        col_vec3 on = Add(Add(a, col_v3_scale(W, R(lambda))), col_v3_scale(P, R(s)));
        // off the surface along its normal P: out (+) or in (-), or not
        int off = static_cast<int>(g() % 3) - 1;
        if (off != 0) on = Add(on, col_v3_scale(P, R(off * s * std::ldexp(1.0, -20 - static_cast<int>(g() % 21)))));
        // along the axis, turned towards Q by a slope of 1/4 .. 1/64 (14 to 0.9 degrees), either way along both
        double slope = std::ldexp(1.0, -2 - static_cast<int>(g() % 5)) * (g() % 2 ? 1 : -1);
        col_vec3 dir = col_v3_scale(Add(W, col_v3_scale(Q, R(5 * slope))), R(g() % 2 ? 1 : -1));
        col_vec3 aim = Bump(on, static_cast<int>(g() % 3), static_cast<int>(g() % 5) - 2);
        // from a dyadic distance back, or one in thirds (the origin off the
        // grid: the ray passes within rounding of the point, and every
        // quantity of the cast rounds)
        double back = std::ldexp(1 + static_cast<double>(g() % 64) / 8, static_cast<int>(g() % 8) - 4) * s;
        if (g() % 2) back *= 1 + 1.0 / 3;
        col_vec3 from = col_v3_sub(aim, col_v3_scale(dir, R(back)));
        static const double ends[] = {0.5, 1, 1, 2};
        col_ray r = {from, col_v3_sub(aim, from), R(ends[g() % 4])};
        bool x;
        ASSERT_TRUE(CapsuleCastAgreesWithExact(r, c, &x)) << i << " shift " << shift << " off " << off;
        hits += x;
    }
    EXPECT_GT(hits, n / 5);
    EXPECT_LT(hits, n * 9 / 10);
}

TEST(ExactSegment, RayCapsuleCertificateDecidesNearRaysWithoutExactArithmetic) {
    // Capsules short (0.6 long, radius 0.5, a ball-like one) or a
    // character's (1.6 long, radius 0.3), turned at random: the cast's own
    // certificate or the filter decides all but a few.
    int n = 4000;
    NearRays got = CastNearRays(
        59, n,
        [](col_vec3 c, int i, std::mt19937 &g) {
            std::uniform_real_distribution<double> u(-1, 1);
            col_vec3 axis = V(u(g), u(g), u(g));
            double half = i % 2 ? 0.3 : 0.8, radius = i % 2 ? 0.5 : 0.3;
            axis = col_v3_scale(axis, R(half / std::max(0.1, static_cast<double>(col_v3_len(axis)))));
            return col_capsule{col_v3_sub(c, axis), Add(c, axis), R(radius)};
        },
        [](const col_ray &r, const col_capsule &c) { return col_raycast_capsule(&r, &c); }, CapsuleCastAgreesWithExact);
    EXPECT_GT(got.hits, n / 4);
    EXPECT_LT(got.hits, n * 9 / 10);
    EXPECT_LT(got.exact, static_cast<unsigned long>(n / 100))
        << "the certificate and the filter should decide near rays";
}

TEST(ExactSegment, ACapsuleTouchesABallWhoseRadiiSumRounds) {
    if (sizeof(col_real) != sizeof(double)) GTEST_SKIP() << "the case is double's rounding";
    // The ball (-1024, 0, 0) of radius 2^-52 and a capsule of radius 1025
    // whose axis ends at x = 1 + 2^-52: exactly r1 + r2 apart, touching. But
    // 1025 + 2^-52 rounds to 1025, and c + 1025 = 1 < 1 + 2^-52: the
    // extents' pre-reject of the filter must widen c -+ r by the rounding of
    // r1 + r2 (with one rounding alone, c + r, it could not err: rounding is
    // monotone), or it calls them apart.
    double tiny = std::ldexp(1.0, -52);
    col_shape cap = Capsule(V(1 + tiny, 0, 0), V(9, 0, 0), 1025);
    col_shape ball = Sphere(-1024, 0, 0, tiny);
    EXPECT_TRUE(col_overlap(&cap, &ball));
    col_shape apart = Capsule(V(1 + 2 * tiny, 0, 0), V(9, 0, 0), 1025);
    EXPECT_FALSE(col_overlap(&apart, &ball));
}

TEST(ExactSegment, AnOrientedBoxIsItsSlabs) {
    // axes a signed permutation (exact): the same cases as the AABB
    col_shape s;
    memset(&s, 0, sizeof s);
    s.kind = COL_SHAPE_OBB;
    s.u.obb.c = V(10, 0, 0);
    s.u.obb.u[0] = V(0, 1, 0);
    s.u.obb.u[1] = V(0, 0, -1);
    s.u.obb.u[2] = V(1, 0, 0);
    s.u.obb.e = V(2, 3, 1); // |y| <= 2, |z| <= 3, |x - 10| <= 1
    EXPECT_TRUE(CastAgrees(s, V(15, 0.5, 0.5), V(11, 0.5, 0.5)));
    EXPECT_FALSE(CastAgrees(s, V(15, 0.5, 0.5), V(Up(11.0), 0.5, 0.5)));
    EXPECT_TRUE(CastAgrees(s, V(12, 1, 0), V(10, 3, 0)));
    EXPECT_FALSE(CastAgrees(s, V(12, Up(1.0), 0), V(10, Up(3.0), 0)));
    // turned by a rotation whose axes are not dyadic: the decision is the
    // slabs' exactly, and the cast agrees with the static test either side
    col_quat q = {R(0.8), R(0.1), R(0.3), R(0.5)};
    col_mat3 m = col_m3_from_quat(q);
    s.u.obb.u[0] = m.c0;
    s.u.obb.u[1] = m.c1;
    s.u.obb.u[2] = m.c2;
    std::mt19937 g(7);
    int hits = 0;
    for (int n = 0; n < 2000; ++n) {
        col_vec3 a = Add(GridPoint(g), V(10, 0, 0)), b = Add(GridPoint(g), V(10, 0, 0));
        hits += CastAgrees(s, a, b);
    }
    EXPECT_GT(hits, 100);
}

TEST(ExactSegment, TheFilterDecidesRandomInputAndTheExactPathTheBoundary) {
    // random segments and balls: the filter decides about all; the exact
    // path runs on the tangent built above
    std::mt19937 g(11);
    unsigned long before = col__exact_count();
    for (int n = 0; n < 1000; ++n) {
        col_vec3 c = GridPoint(g);
        (void)col__segment_meets_ball(GridPoint(g), GridPoint(g), c, R(std::abs(Grid(g))), R(0));
    }
    EXPECT_LT(col__exact_count() - before, 20u);
}

TEST(ExactSegment, EllipsoidsFullAndFlatAreTouchedExactly) {
    for (double far : kFar) {
        col_vec3 c = V(far + 0.5, far, -0.25);
        col_shape s;
        memset(&s, 0, sizeof s);
        s.kind = COL_SHAPE_ELLIPSOID;
        s.u.ellipsoid.c = c;
        // radii (4, 2, 1): the tangent at c + (4, 0, 0) along y touches; an ulp out misses
        s.u.ellipsoid.r = V(4, 2, 1);
        col_vec3 a = Add(c, V(4, -1, 0)), b = Add(c, V(4, 1, 0));
        EXPECT_TRUE(CastAgrees(s, a, b)) << "far " << far;
        EXPECT_FALSE(CastAgrees(s, Bump(a, 0, 1), Bump(b, 0, 1))) << "far " << far;
        EXPECT_TRUE(CastAgrees(s, Bump(a, 0, -1), Bump(b, 0, -1))) << "far " << far;
        // flat (radius 0 along z): crossing its plane at the rim, and an ulp outside it
        s.u.ellipsoid.r = V(4, 2, 0);
        col_vec3 u = Add(c, V(4, 0, -1)), w = Add(c, V(4, 0, 1));
        EXPECT_TRUE(CastAgrees(s, u, w)) << "far " << far;
        EXPECT_FALSE(CastAgrees(s, Bump(u, 0, 1), Bump(w, 0, 1))) << "far " << far;
        // lying in its plane, tangent to the rim
        EXPECT_TRUE(CastAgrees(s, a, b)) << "far " << far;
        EXPECT_FALSE(CastAgrees(s, Bump(a, 0, 1), Bump(b, 0, 1))) << "far " << far;
        // parallel to the plane an ulp above it
        EXPECT_FALSE(CastAgrees(s, Bump(Add(c, V(-1, 0, 0)), 2, 1), Bump(Add(c, V(1, 0, 0)), 2, 1)));
        // two zero radii: the segment from c - (4, 0, 0) to c + (4, 0, 0);
        // a segment through its end point, and one passing an ulp beside it
        s.u.ellipsoid.r = V(4, 0, 0);
        col_vec3 f = Add(c, V(4, -1, -1)), g = Add(c, V(4, 1, 1));
        EXPECT_TRUE(CastAgrees(s, f, g)) << "far " << far;
        EXPECT_FALSE(CastAgrees(s, f, Bump(g, 2, 1))) << "far " << far;
        // three: the point c
        s.u.ellipsoid.r = V(0, 0, 0);
        EXPECT_TRUE(CastAgrees(s, Add(c, V(-1, -2, -3)), Add(c, V(1, 2, 3))));
        EXPECT_FALSE(CastAgrees(s, Add(c, V(-1, -2, -3)), Bump(Add(c, V(1, 2, 3)), 0, 1)));
    }
}

// ------------------------- the closed-form sweeps, decided exactly -------------------------
// A sweep hits exactly when the static test says the shapes meet for some u
// in [0, 1], the motion never rounded (issue 16): touching at u = 0 is the
// static test's answer, arriving to touch at u = 1 hits, an ulp short misses.

namespace {

// A two-decimal value in [lo, hi) / 100: rounded in binary, so the filters'
// bounds are exercised.
double Decimal(std::mt19937 &g, int lo, int hi) {
    return static_cast<double>(lo + static_cast<int>(g() % static_cast<unsigned>(hi - lo))) / 100;
}

col_sweep_hit Sweep(const col_shape &a, col_vec3 da, const col_shape &b, col_vec3 db = V(0, 0, 0)) {
    return col_sweep(&a, da, &b, db);
}

bool Hits(const col_shape &a, col_vec3 da, const col_shape &b, col_vec3 db = V(0, 0, 0)) {
    return Sweep(a, da, b, db).status == COL_HIT;
}

// A sweep's answer as computed (filters and certificates first), the answer
// with every sign exact, and how many exact predicates the first used.
struct Answers {
    bool hit, exact_hit;
    unsigned long exact_calls;
};
Answers HitsBothWays(const col_shape &a, col_vec3 da, const col_shape &b) {
    unsigned long before = col__exact_count();
    bool f = Hits(a, da, b);
    unsigned long calls = col__exact_count() - before;
    col__exact_always = true;
    bool x = Hits(a, da, b);
    col__exact_always = false;
    return {f, x, calls};
}

// n near sweeps, make(a, da, b) building each: every answer equal to the one
// with every sign exact, between a fifth and four fifths of them hits, and
// fewer exact predicates in all than n / 100 (the certificates decide).
template <typename Make> void ExpectCertifiedNearSweeps(int n, Make make) {
    int hits = 0;
    unsigned long exact = 0;
    for (int i = 0; i < n; ++i) {
        col_shape a, b;
        col_vec3 da;
        make(&a, &da, &b);
        Answers r = HitsBothWays(a, da, b);
        exact += r.exact_calls;
        ASSERT_EQ(r.hit, r.exact_hit) << i;
        hits += r.hit;
    }
    EXPECT_GT(hits, n / 5);
    EXPECT_LT(hits, n * 4 / 5);
    EXPECT_LT(exact, static_cast<unsigned long>(n / 100)) << "the certificates should decide near sweeps";
}

} // namespace

TEST(ExactSweep, ObbAndEllipsoidPlaneSidesAreExactAtTouches) {
    // An OBB whose axes are signed coordinate axes is an AABB, and an
    // ellipsoid with equal radii a sphere, whose plane sides are exact: on
    // planes with decimal normals through (within rounding of) a vertex or
    // tangent to the sphere, a coin toss of the roundings, the answers agree,
    // and the filters agree with exact arithmetic.
    std::mt19937 g(31);
    auto dec = [&](int lo, int hi) { return Decimal(g, lo, hi); };
    const col_vec3 axes[3][3] = {{V(1, 0, 0), V(0, 1, 0), V(0, 0, 1)},
                                 {V(0, 1, 0), V(0, 0, -1), V(-1, 0, 0)},
                                 {V(0, 0, 1), V(-1, 0, 0), V(0, -1, 0)}};
    int straddle = 0, apart = 0;
    auto exact = [](auto classify) {
        col__exact_always = true;
        col_side s = classify();
        col__exact_always = false;
        return s;
    };
    for (int n = 0; n < 20000; ++n) {
        col_vec3 c = GridPoint(g);
        col_vec3 e = V(1 + (g() % 64) / 64.0, 1 + (g() % 64) / 64.0, 1 + (g() % 64) / 64.0);
        col_aabb box = {col_v3_sub(c, e), col_v3_add(c, e)};
        col_vec3 nn = V(dec(-100, 100), dec(-100, 100), dec(-100, 100));
        if (col_v3_len_sq(nn) < R(0.01)) continue;
        col_plane pl = col_plane_make(nn, R(0));
        col_vec3 v = V(n & 1 ? box.max.x : box.min.x, n & 2 ? box.max.y : box.min.y, n & 4 ? box.max.z : box.min.z);
        pl.d = col_v3_dot(pl.n, v); // through the vertex, within rounding
        col_obb o;
        o.c = c;
        for (int k = 0; k < 3; ++k) {
            o.u[k] = axes[n % 3][k];
            col_vec3 a = col_v3_abs(o.u[k]);
            col_real ek = a.x * e.x + a.y * e.y + a.z * e.z; // the extent along that axis
            if (k == 0) o.e.x = ek;
            if (k == 1) o.e.y = ek;
            if (k == 2) o.e.z = ek;
        }
        col_side want = col_classify_aabb_plane(&box, &pl), got = col_classify_obb_plane(&o, &pl);
        ASSERT_EQ(got, want) << n;
        ASSERT_EQ(exact([&] { return col_classify_obb_plane(&o, &pl); }), want) << n;
        // the sphere of radius e.x at c, and the plane tangent to it within rounding
        col_sphere sp = {c, e.x};
        col_ellipsoid el = {c, V(e.x, e.x, e.x)};
        pl.d = col_v3_dot(pl.n, c) + (n & 8 ? e.x : -e.x);
        col_side ws = col_classify_sphere_plane(&sp, &pl), gs = col_classify_ellipsoid_plane(&el, &pl);
        ASSERT_EQ(gs, ws) << n;
        ASSERT_EQ(exact([&] { return col_classify_ellipsoid_plane(&el, &pl); }), ws) << n;
        straddle += want == COL_STRADDLE && ws == COL_STRADDLE;
        apart += want != COL_STRADDLE && ws != COL_STRADDLE;
    }
    EXPECT_GT(straddle, 1000);
    EXPECT_GT(apart, 1000);
}

TEST(ExactSweep, SpheresAndCapsulesArriveAtAPlaneExactlyAtUOne) {
    for (double far : kFar) {
        // the plane x = far + 0.5 (either normal); a sphere of radius 2 from
        // x = far + 10 moving by -7.5 touches it at u = 1; by an ulp less, not
        for (int flip = 0; flip < 2; ++flip) {
            double s = flip ? -1 : 1;
            col_shape pl = Plane(s, 0, 0, s * (far + 0.5));
            col_shape sp = Sphere(far + 10, 1, 2, 2);
            EXPECT_TRUE(Hits(sp, V(-7.5, 3, 0), pl)) << "far " << far;
            EXPECT_EQ(Sweep(sp, V(-7.5, 3, 0), pl).t0, R(1));
            EXPECT_FALSE(Hits(sp, V(Up(-7.5), 3, 0), pl)) << "far " << far;
            // the plane moving instead: the same relative motion
            EXPECT_TRUE(Hits(sp, V(-3.5, 0, 0), pl, V(4, 0, 0))) << "far " << far;
            EXPECT_FALSE(Hits(sp, V(Up(-3.5), 0, 0), pl, V(4, 0, 0))) << "far " << far;
            // touching at u = 0 (the static test: straddling) and leaving
            col_shape touching = Sphere(far + 2.5, 1, 2, 2);
            EXPECT_EQ(col_classify(&touching, &pl.u.plane), COL_STRADDLE);
            col_sweep_hit leave = Sweep(touching, V(3, 0, 0), pl);
            EXPECT_EQ(leave.status, COL_HIT);
            EXPECT_TRUE(leave.initially_overlapping);
            EXPECT_EQ(leave.t0, R(0));
            col_shape apart = Sphere(Up(far + 2.5), 1, 2, 2);
            EXPECT_EQ(col_classify(&apart, &pl.u.plane), flip ? COL_BACK : COL_FRONT);
            EXPECT_FALSE(Hits(apart, V(3, 0, 0), pl));
            // from behind: x = far - 3.5, radius 2, moving +2 arrives at u = 1
            col_shape behind = Sphere(far - 3.5, 0, 0, 2);
            EXPECT_TRUE(Hits(behind, V(2, 0, 0), pl));
            EXPECT_FALSE(Hits(behind, V(std::nextafter(R(2), R(0)), 0, 0), pl));
            // a capsule lying across the motion, its nearer end arriving at u = 1
            col_shape cap = Capsule(V(far + 10, 0, 0), V(far + 14, 4, 0), 2);
            EXPECT_TRUE(Hits(cap, V(-7.5, 0, 0), pl)) << "far " << far;
            EXPECT_FALSE(Hits(cap, V(Up(-7.5), 0, 0), pl)) << "far " << far;
            col_shape cap_touching = Capsule(V(far + 9, 0, 0), V(far + 2.5, 4, 0), 2);
            EXPECT_TRUE(Sweep(cap_touching, V(5, 0, 0), pl).initially_overlapping);
            col_shape cap_apart = Capsule(V(far + 9, 0, 0), V(Up(far + 2.5), 4, 0), 2);
            EXPECT_FALSE(Hits(cap_apart, V(5, 0, 0), pl));
        }
    }
}

TEST(ExactSweep, PlaneDecisionsTheRoundedDistanceGotWrong) {
    if (sizeof(col_real) != sizeof(double)) GTEST_SKIP() << "the cases are double's roundings";
    // Found with exact rational arithmetic over two-decimal inputs; each
    // pair of values is equal in decimal, and their doubles are not.
    // |0.04 - 2.3| rounds to 2.26 but exceeds the double 2.26: apart (back).
    col_shape pl = Plane(1, 0, 0, 2.3), sp = Sphere(0.04, 0, 0, 2.26);
    EXPECT_EQ(col_classify(&sp, &pl.u.plane), COL_BACK);
    EXPECT_FALSE(Overlap(sp, pl));
    // 6.91 - 5.84 - 0.92 exceeds 0.15 exactly: the sphere stops short (the
    // rounded quotient said it arrives, at t0 = 1)
    col_shape pl2 = Plane(1, 0, 0, 0.92);
    EXPECT_FALSE(Hits(Sphere(6.91, 0, 0, 0.15), V(-5.84, 0, 0), pl2));
    EXPECT_FALSE(Hits(Capsule(V(6.91, 0, 0), V(7.5, 1, 0), 0.15), V(-5.84, 0, 0), pl2));
    // 5.84 - 4.88 - 0.69 is at most 0.27 exactly: it arrives (the rounded
    // quotient said it stops short); t0 is then 1
    col_shape pl3 = Plane(1, 0, 0, 0.69);
    col_sweep_hit h = Sweep(Sphere(5.84, 0, 0, 0.27), V(-4.88, 0, 0), pl3);
    EXPECT_EQ(h.status, COL_HIT);
    EXPECT_EQ(h.t0, R(1));
    EXPECT_EQ(h.t1, R(1));
    EXPECT_EQ(h.normal.x, R(1));
}

TEST(ExactSweep, BoxesArriveLeaveAndStayApartExactly) {
    for (double far : kFar) {
        col_shape a = Aabb(far, 0, 0, far + 1, 1, 1);
        col_shape b = Aabb(far + 4, 0.5, 0.5, far + 6, 2, 2);
        // arriving by 3 along x touches the face x = far + 4 at u = 1
        EXPECT_TRUE(Hits(a, V(3, 0, 0), b)) << "far " << far;
        EXPECT_EQ(Sweep(a, V(3, 0, 0), b).t0, R(1));
        EXPECT_FALSE(Hits(a, V(std::nextafter(R(3), R(0)), 0, 0), b)) << "far " << far;
        // B moving to meet it instead
        EXPECT_TRUE(Hits(a, V(1, 0, 0), b, V(-2, 0, 0)));
        EXPECT_FALSE(Hits(a, V(1, 0, 0), b, V(std::nextafter(R(-2), R(0)), 0, 0)));
        // diagonally: the edge (far + 1, 1) reaching (far + 4, 2.5), the
        // corner of B's face, at u = 1; x arriving an ulp late misses
        col_shape c = Aabb(far + 4, 2.5, 0, far + 6, 4, 1);
        EXPECT_TRUE(Hits(a, V(3, 1.5, 0), c));
        EXPECT_FALSE(Hits(a, V(std::nextafter(R(3), R(0)), 1.5, 0), c));
        EXPECT_FALSE(Hits(a, V(3, std::nextafter(R(1.5), R(0)), 0), c));
        // entering one slab exactly as it leaves another: x enters at u = 1/2,
        // y is left at u = 1/2 (touching at that instant only); leaving y a
        // little sooner, never
        col_shape d = Aabb(far + 2, 0, 0, far + 3, 3, 1);
        col_sweep_hit h = Sweep(a, V(2, -2, 0), d);
        EXPECT_EQ(h.status, COL_HIT) << "far " << far;
        EXPECT_EQ(h.t0, R(0.5));
        EXPECT_EQ(h.t1, R(0.5));
        EXPECT_FALSE(Hits(a, V(2, std::nextafter(R(-2), R(-kInf)), 0), d));
        // zero relative velocity on an axis where they are apart: never,
        // however they move on the others; touching on it: they meet
        col_shape e = Aabb(far + 2, Up(1), 0, far + 3, 3, 1);
        EXPECT_FALSE(Hits(e, V(-5, 0, 0), a, V(0, 0, 0)));
        EXPECT_FALSE(Hits(e, V(-5, 7, 0), a, V(0, 7, 0)));
        col_shape f = Aabb(far + 2, 1, 0, far + 3, 3, 1);
        EXPECT_TRUE(Hits(f, V(-5, 7, 0), a, V(0, 7, 0)));
        // touching at u = 0 and leaving
        col_sweep_hit leave = Sweep(a, V(-3, 0, 0), Aabb(far + 1, 1, 1, far + 2, 2, 2));
        EXPECT_TRUE(leave.initially_overlapping);
        EXPECT_EQ(leave.t0, R(0));
    }
}

TEST(ExactSweep, BoxDecisionsTheRoundedQuotientGotWrong) {
    if (sizeof(col_real) != sizeof(double)) GTEST_SKIP() << "the case is double's rounding";
    // 8.63 - 0.08 exceeds 8.55 exactly (the rounded entry time was 1): the
    // box stops short
    EXPECT_FALSE(Hits(Aabb(0, 0, 0, 0.08, 1, 1), V(8.55, 0, 0), Aabb(8.63, 0, 0, 9, 1, 1)));
}

TEST(ExactSweep, TheFiltersEqualTheExactPath) {
    // random two-decimal boxes and motions (rounded, so the filter's bounds
    // are exercised): the same answers with every sign computed exactly
    std::mt19937 g(5);
    auto dec = [&](int lo, int hi) { return Decimal(g, lo, hi); };
    for (int n = 0; n < 20000; ++n) {
        double x0 = dec(-300, 300), y0 = dec(-300, 300), z0 = dec(-300, 300);
        col_shape a = Aabb(x0, y0, z0, x0 + dec(0, 200), y0 + dec(0, 200), z0 + dec(0, 200));
        double u0 = dec(-300, 300), v0 = dec(-300, 300), w0 = dec(-300, 300);
        col_shape b = Aabb(u0, v0, w0, u0 + dec(0, 200), v0 + dec(0, 200), w0 + dec(0, 200));
        col_vec3 da = V(dec(-600, 600), dec(-600, 600), n % 3 ? dec(-600, 600) : 0), db = V(dec(-99, 99), 0, 0);
        col_shape s = Sphere(x0, y0, z0, dec(1, 200));
        col_shape pl = Plane(0.6, 0.8, 0, u0);
        bool boxes = Hits(a, da, b, db), sphere = Hits(s, da, pl, db);
        col__exact_always = true;
        bool boxes_exact = Hits(a, da, b, db), sphere_exact = Hits(s, da, pl, db);
        col__exact_always = false;
        ASSERT_EQ(boxes, boxes_exact) << n;
        ASSERT_EQ(sphere, sphere_exact) << n;
    }
}

TEST(ExactSweep, SpheresArriveAtABoxFaceEdgeAndCornerExactlyAtUOne) {
    for (double far : kFar) {
        col_shape box = Aabb(far, 0, 0, far + 4, 2, 2);
        // a face: radius 1, centre arriving at x = far + 5 (1 beyond the face x = far + 4)
        col_shape s = Sphere(far + 9, 1, 1, 1);
        EXPECT_TRUE(Hits(s, V(-4, 0, 0), box)) << "far " << far;
        EXPECT_EQ(Sweep(s, V(-4, 0, 0), box).t0, R(1));
        EXPECT_FALSE(Hits(s, V(std::nextafter(R(-4), R(0)), 0, 0), box)) << "far " << far;
        // an edge (x = far + 4, y = 2): radius 5, arriving at (3, 4) from it
        // along y, passing nowhere nearer before
        col_shape e = Sphere(far + 7, 10, 1, 5);
        EXPECT_TRUE(Hits(e, V(0, -4, 0), box)) << "far " << far;
        EXPECT_FALSE(Hits(e, V(0, std::nextafter(R(-4), R(0)), 0), box)) << "far " << far;
        // the same edge with B moving up to meet it
        EXPECT_TRUE(Hits(e, V(0, -1, 0), box, V(0, 3, 0))) << "far " << far;
        EXPECT_FALSE(Hits(e, V(0, -1, 0), box, V(0, std::nextafter(R(3), R(0)), 0))) << "far " << far;
        // a corner (far + 4, 2, 2): radius 3, arriving at (1, 2, 2) from it
        col_shape c = Sphere(far + 5, 4 + 8, 4, 3);
        EXPECT_TRUE(Hits(c, V(0, -8, 0), box)) << "far " << far;
        EXPECT_FALSE(Hits(c, V(0, std::nextafter(R(-8), R(0)), 0), box)) << "far " << far;
        // grazing the edge at mid-sweep: passing the edge x = far + 4, y = 2
        // along z at (3, 4) from it touches at the closest approach; an ulp farther misses
        col_shape g = Sphere(far + 7, 6, -5, 5);
        col_sweep_hit h = Sweep(g, V(0, 0, 10), box);
        EXPECT_EQ(h.status, COL_HIT) << "far " << far;
        EXPECT_FALSE(Hits(Sphere(Up(far + 7), 6, -5, 5), V(0, 0, 10), box)) << "far " << far;
        // touching at u = 0 (the static test's answer) and leaving
        col_shape t = Sphere(far + 7, 6, 1, 5);
        EXPECT_TRUE(Overlap(t, box));
        EXPECT_TRUE(Sweep(t, V(5, 5, 0), box).initially_overlapping);
        EXPECT_FALSE(Overlap(Sphere(far + 7, Up(6), 1, 5), box));
    }
}

TEST(ExactSweep, SpheresGrazingAnEdgeAcrossItDecideAsTheExactPath) {
    // A path crossing an edge's cylinder tangentially: (3, 4) + s (-4, 3)
    // from the edge line in the plane across it, s in [-1, 1], comes within
    // exactly 5 of it at s = 0 and nowhere nearer to the box (or triangle).
    // Radius 5 hits, an ulp less misses, with the filters (the box edge's
    // cylinder, the triangle edge's point certificate) as with exact signs.
    auto check = [](const col_shape &s, col_vec3 da, const col_shape &b, bool want, const char *what) {
        col__exact_always = true;
        bool x = Hits(s, da, b);
        col__exact_always = false;
        EXPECT_EQ(Hits(s, da, b), want) << what;
        EXPECT_EQ(x, want) << what;
    };
    for (double far : kFar) {
        for (int k = 0; k < 3; ++k) {
            for (int corner = 0; corner < 4; ++corner) {
                // box [far, far + 8]^3; the edge along k at coordinates 0 or 8 on the other two axes
                int i = (k + 1) % 3, j = (k + 2) % 3;
                double si = corner & 1 ? 1 : -1, sj = corner & 2 ? 1 : -1;
                double ei = corner & 1 ? 8 : 0, ej = corner & 2 ? 8 : 0;
                double p0[3], p1[3];
                p0[i] = far + ei + si * 7, p0[j] = far + ej + sj * 1, p0[k] = far + 2;
                p1[i] = far + ei - si * 1, p1[j] = far + ej + sj * 7, p1[k] = far + 6;
                col_shape box = Aabb(far, far, far, far + 8, far + 8, far + 8);
                col_vec3 da = V(p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]);
                check(Sphere(p0[0], p0[1], p0[2], 5), da, box, true, "box edge at 5");
                check(Sphere(p0[0], p0[1], p0[2], std::nextafter(R(5), R(0))), da, box, false, "box edge below 5");
            }
        }
        // the triangle (0,0,0) (8,0,0) (0,8,0) moved by far; its edge y = 0,
        // crossed in the plane x = 4 + ... from (-7, -1) to (-1, 7) in (y, z)
        col_vec3 o = V(far, far, far);
        col_shape t = Triangle(o, Add(o, V(8, 0, 0)), Add(o, V(0, 8, 0)));
        col_vec3 c = Add(o, V(3, -7, -1)), da = V(2, 6, 8);
        check(SphereAt(c, 5), da, t, true, "triangle edge at 5");
        check(SphereAt(c, std::nextafter(R(5), R(0))), da, t, false, "triangle edge below 5");
    }
}

TEST(ExactSweep, FiltersAtDecimalTouchesEqualTheExactPath) {
    // Touches built in decimal and rounded to binary: the exact answer is
    // decided by the roundings, a coin toss the filters must call as exact
    // arithmetic does (a filter trusting its rounding, or a margin dropped,
    // gets some of them wrong).
    std::mt19937 g(21);
    auto dec = [&](int lo, int hi) { return Decimal(g, lo, hi); };
    auto same = [](const col_shape &a, col_vec3 da, const col_shape &b, col_vec3 db) {
        bool f = Hits(a, da, b, db), o = Overlap(a, b);
        col__exact_always = true;
        bool x = Hits(a, da, b, db), xo = Overlap(a, b);
        col__exact_always = false;
        return f == x && o == xo;
    };
    int wrong = 0;
    for (int n = 0; n < CaseCount(3000); ++n) {
        // a sphere touching the plane 0.6 x + 0.8 y = d at the start: the
        // centre (x, y) with 0.6 x + 0.8 y - d = r in decimal
        double x = dec(-900, 900), y = dec(-900, 900), d = dec(-900, 900);
        double r = (60 * std::round(x * 100) + 80 * std::round(y * 100) - 100 * std::round(d * 100)) / 10000;
        col_vec3 da = V(dec(-99, 99), dec(-99, 99), 0), db = V(dec(-9, 9), dec(-9, 9), 0);
        if (r > 0) wrong += !same(Sphere(x, y, dec(-9, 9), r), da, Plane(0.6, 0.8, 0, d), db);
        // a sphere crossing a box edge along z at (ex, ey) tangentially:
        // the path (3, 4) s + (-4, 3) s w from it, w in [-1, 1], radius 5 s
        double sc = dec(1, 300), ex = dec(-900, 900), ey = dec(-900, 900), z = dec(-900, 900);
        col_shape box = Aabb(ex - dec(1, 900), ey - dec(1, 900), z - 5, ex, ey, z + 5);
        col_shape sp = Sphere(ex + 7 * sc, ey + 1 * sc, z - 1, 5 * sc);
        col_vec3 move = V(-8 * sc + dec(-9, 9), 6 * sc, 2), bm = V(dec(-9, 9), 0, 0);
        move.x += bm.x;
        wrong += !same(sp, move, box, bm);
        // the same across a triangle's edge y = ey (x from ex to ex + 9) in the plane x = ex + 4
        col_shape tri = Triangle(V(ex, ey, z), V(ex + 9, ey, z), V(ex, ey + 9, z));
        col_shape st = Sphere(ex + 4, ey - 7 * sc, z - 1 * sc, 5 * sc);
        col_vec3 tm = V(0, 6 * sc + bm.x, 8 * sc);
        wrong += !same(st, tm, tri, bm);
    }
    EXPECT_EQ(wrong, 0);
}

TEST(ExactSweep, SphereBoxFilterEqualsTheExactPath) {
    // random two-decimal spheres, boxes and motions, many passing near an
    // edge or a corner: the same answers with every sign exact
    std::mt19937 g(9);
    auto dec = [&](int lo, int hi) { return Decimal(g, lo, hi); };
    int hits = 0;
    for (int n = 0; n < 4000; ++n) {
        col_shape box = Aabb(0, 0, 0, dec(1, 300), dec(1, 300), dec(1, 300));
        col_shape s = Sphere(dec(-600, 900), dec(-600, 900), dec(-600, 900), dec(1, 300));
        col_vec3 da = V(dec(-900, 900), dec(-900, 900), dec(-900, 900)), db = V(dec(-99, 99), 0, 0);
        bool f = Hits(s, da, box, db);
        col__exact_always = true;
        bool x = Hits(s, da, box, db);
        col__exact_always = false;
        ASSERT_EQ(f, x) << n;
        hits += f;
    }
    EXPECT_GT(hits, 200);
}

TEST(ExactSweep, SphereBoxCertificatesDecideNearSweepsWithoutExactArithmetic) {
    // Near sweeps in floating point (random directions aimed near a box,
    // about half hitting, many passing an edge or a corner): the cast's hit
    // certificate and the separating-plane miss certificate decide almost
    // all of them without exact arithmetic, and every answer equals the one
    // with every sign exact.
    std::mt19937 g(17);
    std::uniform_real_distribution<double> u(-1, 1);
    ExpectCertifiedNearSweeps(4000, [&](col_shape *s, col_vec3 *da, col_shape *box) {
        double cx = 100 * u(g), cy = 100 * u(g), cz = 100 * u(g);
        *box = Aabb(cx - 1 - u(g) * 0.5, cy - 1 - u(g) * 0.5, cz - 1 - u(g) * 0.5, cx + 1 + u(g) * 0.5,
                    cy + 1 + u(g) * 0.5, cz + 1 + u(g) * 0.5);
        col_vec3 from = V(cx + 4 * u(g), cy + 4 * u(g), cz + 4 * u(g));
        if (std::abs(from.x - cx) < 2.5 && std::abs(from.y - cy) < 2.5) from.z = cz + 4; // start outside
        *s = Sphere(from.x, from.y, from.z, 0.3 + 0.2 * (u(g) + 1));
        col_vec3 aim = V(cx + 2.5 * u(g), cy + 2.5 * u(g), cz + 2.5 * u(g));
        *da = V(2 * (aim.x - from.x), 2 * (aim.y - from.y), 2 * (aim.z - from.z));
    });
}

TEST(ExactSweep, SphereTriangleCertificatesDecideNearSweepsWithoutExactArithmetic) {
    // Near sweeps against small triangles (spheres from 5-8 away aimed within
    // 3 of the triangle's centre and past it, as collide-bench's workload:
    // most enter and leave by an edge or a corner): the separating axes'
    // miss certificate and the cast's hit certificate (a point of the path
    // surely within r - mm of the triangle) decide them with the filters,
    // and every answer equals the one with every sign exact.
    std::mt19937 g(23);
    std::uniform_real_distribution<double> u(-1, 1);
    auto unit = [&]() {
        for (;;) {
            col_vec3 v = V(u(g), u(g), u(g));
            double l = std::sqrt(static_cast<double>(col_v3_len_sq(v)));
            if (l > 0.1 && l <= 1) return col_v3_scale(v, R(1 / l));
        }
    };
    ExpectCertifiedNearSweeps(4000, [&](col_shape *s, col_vec3 *da, col_shape *t) {
        col_vec3 p = V(50 * u(g), 50 * u(g), 50 * u(g)), w[3];
        for (auto &x : w) x = Add(p, col_v3_scale(unit(), R(1.25 + 0.75 * u(g))));
        *t = Triangle(w[0], w[1], w[2]);
        col_vec3 from = Add(p, col_v3_scale(unit(), R(6.5 + 1.5 * u(g))));
        col_vec3 aim = Add(p, col_v3_scale(unit(), R(1.5 + 1.5 * u(g))));
        *s = SphereAt(from, R(1 + 0.5 * u(g)));
        *da = col_v3_scale(col_v3_sub(aim, from), R(1.5));
    });
}

TEST(ExactSweep, SphereSphereCertificateDecidesNearSweepsWithoutExactArithmetic) {
    // Spheres moving from 3-5 away towards a point within 1.5 of another's
    // centre (about half hit, in both orders of the motion): the ray
    // certificate over A's centre path (its motion and end rounded, the
    // radius a rounded sum), or where it is in doubt the general filter,
    // decides almost all of them without exact arithmetic, and each answer
    // equals the one with every sign exact (as computed, in both orders). Then the same sweeps 2^20 from the origin, grazing: the
    // answers still equal exact arithmetic's.
    std::mt19937 g(59);
    std::uniform_real_distribution<double> u(-1, 1);
    for (double far : {0.0, 1048576.0}) {
        int hits = 0, n = 4000;
        unsigned long exact = 0;
        for (int i = 0; i < n; ++i) {
            col_vec3 c = V(far + 100 * u(g), far + 100 * u(g), far + 100 * u(g));
            col_shape b = SphereAt(c, 0.5 + 0.3 * (u(g) + 1) / 2);
            col_vec3 dir = V(u(g), u(g), u(g));
            double len = std::max(0.1, static_cast<double>(col_v3_len(dir)));
            col_shape a = SphereAt(Add(c, col_v3_scale(dir, R(4 / len))), 0.3 + 0.2 * (u(g) + 1));
            col_vec3 aim = Add(c, V(1.5 * u(g), 1.5 * u(g), 1.5 * u(g)));
            col_vec3 da = col_v3_scale(col_v3_sub(aim, a.u.sphere.c), R(1.5));
            unsigned long before = col__exact_count();
            bool f = Hits(a, da, b), fs = Hits(b, col_v3_neg(da), a);
            exact += col__exact_count() - before;
            col__exact_always = true;
            bool x = Hits(a, da, b);
            col__exact_always = false;
            ASSERT_EQ(f, x) << i << " far " << far;
            ASSERT_EQ(fs, x) << i << " far " << far;
            hits += x;
        }
        EXPECT_GT(hits, n / 4);
        EXPECT_LT(hits, n * 3 / 4);
        if (far == 0) {
            EXPECT_LT(exact, static_cast<unsigned long>(n / 100)) << "the certificate and the filter should decide";
        }
    }
}

TEST(ExactSweep, SpheresArriveAtATriangleFaceEdgeAndVertexExactlyAtUOne) {
    for (double far : kFar) {
        // the triangle (0,0,0) (8,0,0) (0,8,0) moved far, in the plane z = 0
        col_vec3 o = V(far, far, 0);
        col_shape t = Triangle(Add(o, V(0, 0, 0)), Add(o, V(8, 0, 0)), Add(o, V(0, 8, 0)));
        // the face: radius 2, arriving at z = 2 over (2, 2)
        col_shape s = SphereAt(Add(o, V(2, 2, 7)), 2);
        EXPECT_TRUE(Hits(s, V(0, 0, -5), t)) << "far " << far;
        EXPECT_EQ(Sweep(s, V(0, 0, -5), t).t0, R(1));
        EXPECT_FALSE(Hits(s, V(0, 0, std::nextafter(R(-5), R(0))), t)) << "far " << far;
        // the edge y = 0: radius 5, arriving at (4, -3, -4)... (3, 4) from it in the yz plane
        col_shape e = SphereAt(Add(o, V(4, -3, -4 - 6)), 5);
        EXPECT_TRUE(Hits(e, V(0, 0, 6), t)) << "far " << far;
        EXPECT_FALSE(Hits(e, V(0, 0, std::nextafter(R(6), R(0))), t)) << "far " << far;
        // the vertex (0, 0, 0): radius 3, arriving at (-1, -2, -2) from it
        col_shape v = SphereAt(Add(o, V(-1, -2, -2 - 4)), 3);
        EXPECT_TRUE(Hits(v, V(0, 0, 4), t)) << "far " << far;
        EXPECT_FALSE(Hits(v, V(0, 0, std::nextafter(R(4), R(0))), t)) << "far " << far;
        // the triangle moving to meet it instead
        EXPECT_TRUE(Hits(s, V(0, 0, -1), t, V(0, 0, 4))) << "far " << far;
        EXPECT_FALSE(Hits(s, V(0, 0, -1), t, V(0, 0, std::nextafter(R(4), R(0))))) << "far " << far;
        // grazing the edge y = 0 mid-sweep: passing along x at (3, 4) from it
        col_shape g = SphereAt(Add(o, V(-10, -3, -4)), 5);
        EXPECT_TRUE(Hits(g, V(20, 0, 0), t)) << "far " << far;
        EXPECT_FALSE(Hits(SphereAt(Add(o, V(-10, -3, std::nextafter(R(-4), R(-kInf)))), 5), V(20, 0, 0), t));
        // through the face: crossing the plane inside the triangle with radius 0
        col_shape pnt = SphereAt(Add(o, V(1, 1, 3)), 0);
        EXPECT_TRUE(Hits(pnt, V(0, 0, -6), t));
        // touching at u = 0 (the static test) and leaving
        col_shape touch = SphereAt(Add(o, V(2, 2, 2)), 2);
        EXPECT_TRUE(Overlap(touch, t));
        EXPECT_TRUE(Sweep(touch, V(0, 0, 5), t).initially_overlapping);
        EXPECT_FALSE(Overlap(SphereAt(Add(o, V(2, 2, Up(2))), 2), t));
    }
}

TEST(ExactSweep, SphereTriangleFilterEqualsTheExactPath) {
    std::mt19937 g(13);
    auto dec = [&](int lo, int hi) { return Decimal(g, lo, hi); };
    int hits = 0;
    for (int n = 0; n < 3000; ++n) {
        col_shape t = Triangle(V(dec(-300, 300), dec(-300, 300), dec(-300, 300)),
                               V(dec(-300, 300), dec(-300, 300), dec(-300, 300)),
                               V(dec(-300, 300), dec(-300, 300), dec(-300, 300)));
        col_shape s = Sphere(dec(-600, 600), dec(-600, 600), dec(-600, 600), dec(1, 300));
        col_vec3 da = V(dec(-900, 900), dec(-900, 900), dec(-900, 900)), db = V(dec(-99, 99), 0, 0);
        bool f = Hits(s, da, t, db), o = Overlap(s, t);
        col__exact_always = true;
        bool x = Hits(s, da, t, db), xo = Overlap(s, t);
        col__exact_always = false;
        ASSERT_EQ(f, x) << n;
        ASSERT_EQ(o, xo) << n;
        hits += f;
    }
    EXPECT_GT(hits, 200);
}

TEST(ExactSweep, PointsThroughATriangleByAnEdgeDecideAsExactArithmetic) {
    if (sizeof(col_real) != sizeof(double)) GTEST_SKIP() << "the cases are double's roundings";
    // The closed-form sphere-triangle sweep's filters against its exact
    // decision where only exactness tells: points (radius 0) and specks
    // (radius 2^-60) through the triangle's
    // plane, aimed at a point of an edge moved by 0-3 ulps across it, off
    // the grid and up to 2^20 from the origin, must decide as exact
    // arithmetic does.
    std::mt19937 g(31);
    std::uniform_real_distribution<double> u(-1, 1), s(0.05, 0.95);
    int hits = 0, n = CaseCount(20000);
    for (int i = 0; i < n; ++i) {
        double shift = i % 2 ? std::ldexp(1.0, static_cast<int>(g() % 21)) : 0.0;
        col_vec3 o = V(shift, -shift, shift / 3);
        col_vec3 a = col_v3_add(o, V(u(g), u(g), u(g))), b = col_v3_add(o, V(2 + u(g), u(g), u(g))),
                 c = col_v3_add(o, V(u(g), 2 + u(g), u(g)));
        col_triangle t = {a, b, c};
        col_vec3 e0 = i % 3 == 0 ? a : (i % 3 == 1 ? b : c), e1 = i % 3 == 0 ? b : (i % 3 == 1 ? c : a);
        double f = s(g);
        col_vec3 aim = col_v3_add(e0, col_v3_scale(col_v3_sub(e1, e0), R(f)));
        for (int k = static_cast<int>(g() % 4); k > 0; --k) // ulps away from the triangle's inside
            aim = V(std::nextafter(aim.x, aim.x + (aim.x - (a.x + b.x + c.x) / 3)),
                    std::nextafter(aim.y, aim.y + (aim.y - (a.y + b.y + c.y) / 3)), aim.z);
        col_vec3 dir = V(u(g), u(g), 2 + u(g));
        col_sphere p = {col_v3_add(aim, dir), R(i % 4 < 2 ? 0.0 : std::ldexp(1.0, -60))};
        col_vec3 d = col_v3_scale(dir, R(-2));
        col_sweep_hit h = col_sweep_sphere_triangle(&p, d, &t, V(0, 0, 0));
        col__exact_always = true;
        col_sweep_hit x = col_sweep_sphere_triangle(&p, d, &t, V(0, 0, 0));
        col__exact_always = false;
        ASSERT_EQ(h.status, x.status) << i;
        hits += x.status == COL_HIT;
    }
    EXPECT_GT(hits, n / 10);
    EXPECT_LT(hits, n * 9 / 10);
}

// The separating axes' filter (exact.h) at its boundary: segments touching a
// box's edge exactly where only a cross axis decides, built on dyadic
// coordinates (exact), then moved by one ulp outward and inward, at the
// origin and 2^20 away (where the filter's bound grows with the
// coordinates and the exact test decides).
TEST(AabbSegment, TouchingAnEdgeAndAnUlpOffByTheCrossAxes) {
    for (col_real off : {static_cast<col_real>(0.0), static_cast<col_real>(1048576.0)}) {
        col_aabb box = {{off, off, off}, {off + 1, off + 1, off + 1}};
        // x + y = 2 + 2 off at z = off + 0.5: touches the edge x = y = off + 1
        const col_real half = static_cast<col_real>(0.5);
        col_segment on = {{off + 2, off, off + half}, {off, off + 2, off + half}};
        EXPECT_TRUE(col_overlap_aabb_segment(&box, &on)) << off;
        col_segment out = on, in = on;
        const col_real inf = static_cast<col_real>(INFINITY);
        out.a.x = std::nextafter(out.a.x, inf);
        out.b.y = std::nextafter(out.b.y, inf);
        in.a.x = std::nextafter(in.a.x, -inf);
        in.b.y = std::nextafter(in.b.y, -inf);
        EXPECT_FALSE(col_overlap_aabb_segment(&box, &out)) << off;
        EXPECT_TRUE(col_overlap_aabb_segment(&box, &in)) << off;
        // the same with the exact predicates alone
        col__exact_always = true;
        EXPECT_TRUE(col_overlap_aabb_segment(&box, &on)) << off;
        EXPECT_FALSE(col_overlap_aabb_segment(&box, &out)) << off;
        EXPECT_TRUE(col_overlap_aabb_segment(&box, &in)) << off;
        col__exact_always = false;
        // parallel to an axis (a null cross axis): along the edge, and an ulp beside it
        col_segment along = {{off - 1, off + 1, off + 1}, {off + 2, off + 1, off + 1}};
        EXPECT_TRUE(col_overlap_aabb_segment(&box, &along)) << off;
        along.a.y = along.b.y = std::nextafter(static_cast<col_real>(off + 1), inf);
        EXPECT_FALSE(col_overlap_aabb_segment(&box, &along)) << off;
    }
}

// The two-lane filter of col_overlap_aabb_segment (box.c, one bound for the
// three cross axes), and its four-lane form where the CPU has AVX2, against
// the scalar one (col__segment_box_sat_fast, a bound per axis) and the
// exact test alone: the same answer on segments and boxes on a coarse grid
// (many touch exactly, many lie along an axis), moved by an ulp, scaled to
// 2^-30 and 2^30 and moved 2^20 away, with invalid numbers mixed in.
TEST(AabbSegment, TheTwoLaneFilterAnswersAsTheScalarOneAndTheExactTest) {
    for (int lanes : {2, 0}) { // (the two-lane form forced, then the widest)
        col__batch_lanes_force(lanes);
        std::mt19937_64 rng(20261129);
        std::uniform_int_distribution<int> grid(-4, 4), pick(0, 63);
        const col_real inf = static_cast<col_real>(INFINITY);
        const col_real odd[] = {static_cast<col_real>(NAN), inf, -inf, static_cast<col_real>(COL_HUGE) * 2};
        int n = 0;
        for (col_real scale :
             {static_cast<col_real>(1.0), static_cast<col_real>(0x1p-30), static_cast<col_real>(0x1p30)})
            for (col_real off : {static_cast<col_real>(0.0), static_cast<col_real>(1048576.0)})
                for (int it = 0; it < CaseCount(20000); ++it, ++n) {
                    col_real v[12];
                    for (col_real &x : v) {
                        x = off + scale * static_cast<col_real>(grid(rng)) / 2;
                        int r = pick(rng);
                        if (r == 0) x = std::nextafter(x, inf);
                        if (r == 1) x = std::nextafter(x, -inf);
                    }
                    if (pick(rng) == 0) v[pick(rng) % 12] = odd[pick(rng) % 4];
                    col_aabb box = {{std::min(v[0], v[3]), std::min(v[1], v[4]), std::min(v[2], v[5])},
                                    {std::max(v[0], v[3]), std::max(v[1], v[4]), std::max(v[2], v[5])}};
                    if (pick(rng) == 0) std::swap(box.min.y, box.max.y); // sometimes min > max
                    col_segment seg = {{v[6], v[7], v[8]}, {v[9], v[10], v[11]}};
                    bool got = col_overlap_aabb_segment(&box, &seg);
                    bool valid = col_aabb_is_valid(&box) && col_segment_is_valid(&seg);
                    int fast = col__segment_box_sat_fast(seg.a, seg.b, box.min, box.max);
                    bool scalar =
                        valid && (fast == 2 ? col__segment_meets_box_exact(seg.a, seg.b, box.min, box.max) : fast == 1);
                    col__exact_always = true;
                    bool exact = col_overlap_aabb_segment(&box, &seg);
                    col__exact_always = false;
                    ASSERT_EQ(got, scalar) << it << " scale " << scale << " off " << off << " lanes " << lanes;
                    ASSERT_EQ(got, exact) << it << " scale " << scale << " off " << off << " lanes " << lanes;
                }
        EXPECT_EQ(n, 6 * CaseCount(20000));
    }
    col__batch_lanes_force(0);
}

// Numbers for the lane forms' tests below: off + scale * a small integer,
// some moved an ulp either way (touching cases that rounding decides).
static void GridNumbers(std::mt19937_64 &rng, col_real *v, int n, col_real scale, col_real off) {
    std::uniform_int_distribution<int> grid(-2, 2), pick(0, 63);
    const col_real inf = static_cast<col_real>(INFINITY);
    for (int i = 0; i < n; ++i) {
        v[i] = off + scale * static_cast<col_real>(grid(rng));
        int r = pick(rng);
        if (r == 0) v[i] = std::nextafter(v[i], inf);
        if (r == 1) v[i] = std::nextafter(v[i], -inf);
    }
}

#ifdef COL__HAS_AVX2
// The segment-triangle filter's four-lane form (exact.c, AVX2; what
// col__segment_triangle_filter_at runs on such a CPU) answers as
// the scalar one for every input: segments and triangles on a coarse grid
// (many touch, lie in the triangle's plane or along an edge; segments of one
// point and triangles of one line), moved by an ulp, scaled to 2^-30 and
// 2^30 and moved 2^20 away, with NaN, infinities and numbers beyond COL_HUGE
// mixed in; and col_overlap_segment_triangle answers as the exact test alone
// with either form.
TEST(SegmentTriangle, TheFourLaneFilterAnswersAsTheScalarOne) {
    if (!__builtin_cpu_supports("avx2")) GTEST_SKIP() << "no AVX2 on this CPU";
    std::mt19937_64 rng(20261203);
    std::uniform_int_distribution<int> pick(0, 63);
    const col_real inf = static_cast<col_real>(INFINITY);
    const col_real odd[] = {static_cast<col_real>(NAN), inf, -inf, static_cast<col_real>(COL_HUGE) * 2};
    int n = 0, decided[3] = {0, 0, 0};
    for (col_real scale : {static_cast<col_real>(1.0), static_cast<col_real>(0x1p-30), static_cast<col_real>(0x1p30)})
        for (col_real off : {static_cast<col_real>(0.0), static_cast<col_real>(1048576.0)})
            for (int it = 0; it < CaseCount(20000); ++it, ++n) {
                col_real v[15];
                GridNumbers(rng, v, 15, scale, off);
                if (pick(rng) < 2) std::copy(v, v + 3, v + 3);      // a point
                if (pick(rng) < 2) std::copy(v + 6, v + 9, v + 12); // two corners at one point
                if (pick(rng) == 0) v[pick(rng) % 15] = odd[pick(rng) % 4];
                col_segment sg = {{v[0], v[1], v[2]}, {v[3], v[4], v[5]}};
                col_triangle t = {{v[6], v[7], v[8]}, {v[9], v[10], v[11]}, {v[12], v[13], v[14]}};
                col__batch_lanes_force(2);
                int scalar = col__segment_triangle_filter_at(&sg.a, &sg.b, &t);
                col__batch_lanes_force(0);
                int four = col__segment_triangle_filter_at(&sg.a, &sg.b, &t);
                ASSERT_EQ(four, scalar) << it << " scale " << scale << " off " << off;
                ++decided[four];
                bool got[2];
                for (int lanes : {2, 0}) {
                    col__batch_lanes_force(lanes);
                    got[lanes == 0] = col_overlap_segment_triangle(&sg, &t);
                }
                col__batch_lanes_force(0);
                col__exact_always = true;
                bool exact = col_overlap_segment_triangle(&sg, &t);
                ASSERT_EQ(col__segment_triangle_filter_at(&sg.a, &sg.b, &t), 2); // (nothing decided by the filter)
                col__exact_always = false;
                ASSERT_EQ(got[0], exact) << it << " scale " << scale << " off " << off;
                ASSERT_EQ(got[1], exact) << it << " scale " << scale << " off " << off;
            }
    EXPECT_EQ(n, 6 * CaseCount(20000));
    // every answer of the filter taken often
    EXPECT_GT(decided[0], n / 10);
    EXPECT_GT(decided[1], n / 100);
    EXPECT_GT(decided[2], n / 100);
}
#endif

// col_overlap_triangle_triangle's filter of eleven axes in four lanes
// (triangle.c, AVX2) and in scalar form answer as the exact test alone:
// triangles on a coarse grid (sharing corners and edges, coplanar, crossing,
// touching; some with two corners at one point), moved by an ulp, scaled to
// 2^-30 and 2^30 and moved 2^20 away, invalid numbers mixed in; both orders.
TEST(TriangleTriangle, TheFourLaneFilterAnswersAsTheScalarOneAndTheExactTest) {
    std::mt19937_64 rng(20261203);
    std::uniform_int_distribution<int> pick(0, 63);
    const col_real inf = static_cast<col_real>(INFINITY);
    const col_real odd[] = {static_cast<col_real>(NAN), inf, -inf, static_cast<col_real>(COL_HUGE) * 2};
    int n = 0, yes = 0;
    for (col_real scale : {static_cast<col_real>(1.0), static_cast<col_real>(0x1p-30), static_cast<col_real>(0x1p30)})
        for (col_real off : {static_cast<col_real>(0.0), static_cast<col_real>(1048576.0)})
            for (int it = 0; it < CaseCount(20000); ++it, ++n) {
                col_real v[18];
                GridNumbers(rng, v, 18, scale, off);
                if (pick(rng) < 8) std::copy(v, v + 3, v + 9);      // a shared corner
                if (pick(rng) < 4) std::copy(v + 3, v + 6, v + 12); // and a shared edge
                if (pick(rng) < 2) std::copy(v, v + 3, v + 6);      // two corners at one point
                if (pick(rng) == 0) v[pick(rng) % 18] = odd[pick(rng) % 4];
                col_triangle s = {{v[0], v[1], v[2]}, {v[3], v[4], v[5]}, {v[6], v[7], v[8]}};
                col_triangle t = {{v[9], v[10], v[11]}, {v[12], v[13], v[14]}, {v[15], v[16], v[17]}};
                col__exact_always = true;
                bool exact = col_overlap_triangle_triangle(&s, &t);
                col__exact_always = false;
                yes += exact;
                for (int lanes : {2, 0}) {
                    col__batch_lanes_force(lanes);
                    ASSERT_EQ(col_overlap_triangle_triangle(&s, &t), exact)
                        << it << " scale " << scale << " off " << off << " lanes " << lanes;
                    ASSERT_EQ(col_overlap_triangle_triangle(&t, &s), exact)
                        << it << " scale " << scale << " off " << off << " lanes " << lanes;
                }
                col__batch_lanes_force(0);
            }
    EXPECT_EQ(n, 6 * CaseCount(20000));
    EXPECT_GT(yes, n / 10); // (both answers often)
    EXPECT_LT(yes, n * 9 / 10);
}

// col_penetration's early out for boxes far apart (their balls parted by a
// sixteenth of their radii: convex_pairs.c, boxes_far_apart) answers as the
// whole path does: pairs from face to face touching out to far apart, in
// steps across the early out's threshold (the balls' radii times 1 +- 2^-k
// of 1.0625), AABBs and rotated OBBs, both orders, far from the origin too.
TEST(ExactPenetration, BoxesFarApartAnswerAsTheWholePath) {
    std::mt19937 g(2027);
    std::uniform_real_distribution<double> u(-1, 1), e(0.25, 2);
    int misses = 0, hits = 0;
    for (int n = 0; n < 4000; ++n) {
        double far = n % 4 == 0 ? 1e6 : 0;
        col_vec3 c = V(far + 50 * u(g), 50 * u(g), 50 * u(g)), ea = V(e(g), e(g), e(g)), eb = V(e(g), e(g), e(g));
        col_vec3 dir = V(u(g), u(g), u(g));
        double len = std::sqrt(static_cast<double>(col_v3_len_sq(dir)));
        if (!(len > 0.1)) continue;
        double r = (ea.x + ea.y + ea.z + eb.x + eb.y + eb.z) * (1 + 2 * static_cast<double>(COL_ORTHONORMAL_TOLERANCE));
        // distances: touching-ish (a face's gap), around the threshold, far
        double k = static_cast<double>(n % 7) - 3;
        double d = n % 3 == 0 ? (ea.x + eb.x) * (1 + std::ldexp(1.0, -20) * k)
                              : 1.0625 * r * (1 + std::ldexp(1.0, -4 - n % 40) * k);
        if (n % 3 == 0) dir = V(1, 0, 0), len = 1;
        col_vec3 cb = col_v3_add(c, col_v3_scale(dir, R(d / len)));
        col_shape a, b;
        if (n % 2) {
            a = Aabb(c.x - ea.x, c.y - ea.y, c.z - ea.z, c.x + ea.x, c.y + ea.y, c.z + ea.z);
            b = Obb(cb, eb, n % 3 == 0 ? col_m3_identity() : RotAxis(V(u(g), u(g), 1), u(g)));
        } else {
            a = Obb(c, ea, n % 3 == 0 ? col_m3_identity() : RotAxis(V(1, u(g), u(g)), u(g)));
            b = Aabb(cb.x - eb.x, cb.y - eb.y, cb.z - eb.z, cb.x + eb.x, cb.y + eb.y, cb.z + eb.z);
        }
        for (int order = 0; order < 2; ++order) {
            const col_shape *x = order ? &b : &a, *y = order ? &a : &b;
            for (int epa = 0; epa < 2; ++epa) {
                col__exact_always = true; // the early out off: the whole path
                col_penetration_result want = epa ? col_epa_penetration(x, y) : col_penetration(x, y);
                col__exact_always = false;
                col_penetration_result got = epa ? col_epa_penetration(x, y) : col_penetration(x, y);
                ASSERT_EQ(got.status, want.status) << n;
                if (got.status == COL_MISS) continue;
                EXPECT_EQ(got.depth, want.depth) << n;
                EXPECT_EQ(got.normal.x, want.normal.x) << n;
                EXPECT_EQ(got.point_a.y, want.point_a.y) << n;
            }
        }
        (col_penetration(&a, &b).status == COL_MISS ? misses : hits)++;
    }
    EXPECT_GT(misses, 1000);
    EXPECT_GT(hits, 300);
}
