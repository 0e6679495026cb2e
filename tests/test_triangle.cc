// Triangle tests: sphere-triangle, box-triangle SAT, segment-triangle,
// segment-segment, triangle-triangle SAT.
#include <cmath>
#include <random>

#include "helpers.h"

using namespace ct;

namespace {

// The right triangle (0,0,0), (2,0,0), (0,2,0) in the plane z = 0.
const col_shape kTri = Triangle(V(0, 0, 0), V(2, 0, 0), V(0, 2, 0));
const double kStep = kGap;

} // namespace

TEST(SphereTriangle, FaceEdgeAndVertexRegions) {
    EXPECT_TRUE(OverlapEverywhere(kTri, Sphere(0.5, 0.5, 1, 1))); // face, touching
    EXPECT_FALSE(OverlapEverywhere(kTri, Sphere(0.5, 0.5, 1 + kStep, 1)));
    EXPECT_TRUE(OverlapEverywhere(kTri, Sphere(1, -0.75, 1, 1.25))); // edge ab, (0.75, 1) from (1,0,0)
    EXPECT_FALSE(OverlapEverywhere(kTri, Sphere(1, -0.75, 1 + kStep, 1.25)));
    EXPECT_TRUE(OverlapEverywhere(kTri, Sphere(-1, -2, -2, 3))); // vertex a, distance 3
    EXPECT_FALSE(OverlapEverywhere(kTri, Sphere(-1, -2, -2 - kStep, 3)));
    EXPECT_TRUE(Overlap(kTri, Sphere(0.5, 0.5, 0, 0))); // a point inside the face
    EXPECT_TRUE(Overlap(kTri, Point(1, 1, 0)));         // a point on the hypotenuse
    EXPECT_FALSE(Overlap(kTri, Point(1.25, 1, 0)));
}

TEST(SphereTriangle, HypotenuseRegionOfAThinTriangle) {
    // Edge bc runs from (2,0,0) to (0,2,0); the sphere sits beyond it.
    double d = std::sqrt(2.0); // distance of (2,2,0) from the hypotenuse
    EXPECT_TRUE(Overlap(kTri, Sphere(2, 2, 0, d * 1.0001)));
    EXPECT_FALSE(Overlap(kTri, Sphere(2, 2, 0, d * 0.9999)));
}

TEST(SphereTriangle, DegenerateTriangleIsItsEdges) {
    col_shape line = Triangle(V(0, 0, 0), V(1, 0, 0), V(4, 0, 0)); // collinear: the segment 0..4
    EXPECT_TRUE(Overlap(line, Sphere(3, 1, 0, 1)));
    EXPECT_FALSE(Overlap(line, Sphere(3, 1 + kStep, 0, 1)));
    EXPECT_TRUE(Overlap(line, Sphere(5, 0, 0, 1)));
    col_shape dot = Triangle(V(1, 1, 1), V(1, 1, 1), V(1, 1, 1));
    EXPECT_TRUE(Overlap(dot, Sphere(1, 1, 2, 1)));
    EXPECT_FALSE(Overlap(dot, Sphere(1, 1, 2 + kStep, 1)));
}

TEST(AabbTriangle, SlicingTouchingAndSeparated) {
    col_shape box = Aabb(0, 0, 0, 1, 1, 1);
    EXPECT_TRUE(OverlapEverywhere(box, Triangle(V(-1, -1, 0.5), V(3, -1, 0.5), V(-1, 3, 0.5)))); // slices
    EXPECT_TRUE(OverlapEverywhere(box, Triangle(V(-1, -1, 1), V(3, -1, 1), V(-1, 3, 1))));       // on the top face
    EXPECT_FALSE(OverlapEverywhere(box, Triangle(V(-1, -1, 1 + kStep), V(3, -1, 1 + kStep), V(-1, 3, 1 + kStep))));
    EXPECT_TRUE(OverlapEverywhere(box, Triangle(V(0.25, 0.25, 0.25), V(0.5, 0.25, 0.25), V(0.25, 0.5, 0.5)))); // inside
    // A big triangle containing the box's cross-section entirely.
    EXPECT_TRUE(Overlap(box, Triangle(V(-10, -10, 0.5), V(10, -10, 0.5), V(0, 10, 0.5))));
}

TEST(AabbTriangle, PlaneThroughTheCornerNeedsTheNormalAxis) {
    // Triangle on the plane x + y + z = 3 touches the cube [0,1]^3 only at its corner (1,1,1).
    col_shape box = Aabb(0, 0, 0, 1, 1, 1);
    EXPECT_TRUE(OverlapEverywhere(box, Triangle(V(3, 0, 0), V(0, 3, 0), V(0, 0, 3))));
    // Moved out along the normal by 2^-16 per coordinate: separated by the normal axis only.
    double o = kStep;
    EXPECT_FALSE(OverlapEverywhere(box, Triangle(V(3 + o, o, o), V(o, 3 + o, o), V(o, o, 3 + o))));
    EXPECT_TRUE(OverlapEverywhere(box, Triangle(V(3 - o, -o, -o), V(-o, 3 - o, -o), V(-o, -o, 3 - o))));
}

TEST(AabbTriangle, EdgeCrossAxisSeparatesAnEdgeNearAnEdge) {
    // A thin sliver triangle whose long edge runs diagonally past the box edge x = y = 1
    // (the line x + y = 2, z from -1 to 2): bounding boxes and the normal overlap,
    // only an edge cross product separates when it is moved outward.
    col_shape box = Aabb(0, 0, 0, 1, 1, 1);
    auto sliver = [](double s) { return Triangle(V(2 + s, 0, -1), V(0, 2 + s, 2), V(3 + s, 3 + s, 0.5)); };
    EXPECT_TRUE(OverlapEverywhere(box, sliver(0)));
    EXPECT_FALSE(OverlapEverywhere(box, sliver(2 * kStep)));
}

TEST(AabbTriangle, DegenerateTrianglesAreSegmentsOrPoints) {
    col_shape box = Aabb(0, 0, 0, 1, 1, 1);
    EXPECT_TRUE(Overlap(box, Triangle(V(-1, 0.5, 0.5), V(0.5, 0.5, 0.5), V(2, 0.5, 0.5))));
    // collinear on the line x + y = 2 + 2 kStep, just beyond the box edge x = y = 1
    double k = kStep;
    EXPECT_FALSE(Overlap(box, Triangle(V(2 + 2 * k, 0, 0.5), V(0, 2 + 2 * k, 0.5), V(1 + k, 1 + k, 0.5))));
    EXPECT_TRUE(Overlap(box, Triangle(V(2, 0, 0.5), V(0, 2, 0.5), V(1, 1, 0.5))));
    EXPECT_TRUE(Overlap(box, Triangle(V(1, 1, 1), V(1, 1, 1), V(1, 1, 1))));
    EXPECT_FALSE(Overlap(box, Triangle(V(1, 1, 1 + kStep), V(1, 1, 1 + kStep), V(1, 1, 1 + kStep))));
}

TEST(ObbTriangle, TriangleInTheBoxFrame) {
    col_shape box = Obb(V(0, 0, 0), V(1, 1, 1), RotZ(M_PI / 4)); // diamond |x| + |y| <= sqrt 2
    double r = std::sqrt(2.0);
    EXPECT_TRUE(Overlap(box, Triangle(V(r * 0.9999, 0, 0), V(5, -1, 0), V(5, 1, 0.5)))); // vertex in the corner
    EXPECT_FALSE(Overlap(box, Triangle(V(r * 1.0001, 0, 0), V(5, -1, 0), V(5, 1, 0.5))));
    // Accepted by the AABB of the box, rejected by the box.
    EXPECT_TRUE(Overlap(Aabb(-r, -r, -1, r, r, 1), Triangle(V(1.2, 1.2, 0), V(3, 1.2, 0), V(1.2, 3, 0))));
    EXPECT_FALSE(Overlap(box, Triangle(V(1.2, 1.2, 0), V(3, 1.2, 0), V(1.2, 3, 0))));
}

// col_distance of a pair in both orders (the same distance) and GJK's
// (within its accuracy): the closed form's answer.
static col_distance_result ClosedFormAgainstGjk(const col_shape &a, const col_shape &b, int i) {
    col_distance_result d = col_distance(&a, &b), e = col_distance(&b, &a), g = col_gjk_distance(&a, &b);
    EXPECT_EQ(d.distance, e.distance) << i;
    EXPECT_NEAR(static_cast<double>(d.distance), static_cast<double>(g.distance),
                sizeof(col_real) == sizeof(double) ? 1e-6 : 1e-2)
        << i;
    return d;
}

TEST(BoxTriangle, ClosedFormDistanceInEveryRegion) {
    // the box [0, 2]^3, as an AABB and as OBBs (identity axes, turned a
    // quarter about z exactly): a triangle's vertex over a face, a box corner
    // under a triangle's face, an edge of each skew, parallel faces,
    // slicing (0 and one common point on both), a triangle inside (0)
    struct Case {
        col_shape t;
        double d;
    };
    const Case cases[] = {
        {Triangle(V(1, 1, 3), V(0, 0, 5), V(2, 0, 5)), 1},                   // vertex over face z = 2
        {Triangle(V(5, 2, 2), V(2, 5, 2), V(2, 2, 5)), std::sqrt(3.0)},      // corner (2, 2, 2) under the face's centre
        {Triangle(V(3, -1, 3), V(3, 3, 3), V(5, 1, 9)), 1.4142135623730951}, // edge over edge x = z = 2, skew
        {Triangle(V(0.5, 0.5, 2.5), V(1.5, 0.5, 2.5), V(0.5, 1.5, 2.5)), 0.5}, // parallel faces
        {Triangle(V(-1, 1, 1), V(3, 1, 1), V(1, 1, 4)), 0},                    // slicing
        {Triangle(V(0.5, 0.5, 0.5), V(1.5, 0.5, 0.5), V(0.5, 1.5, 1.5)), 0},   // inside
    };
    const col_mat3 id = {V(1, 0, 0), V(0, 1, 0), V(0, 0, 1)}, quarter = {V(0, 1, 0), V(-1, 0, 0), V(0, 0, 1)};
    const col_shape boxes[3] = {Aabb(0, 0, 0, 2, 2, 2), Obb(V(1, 1, 1), V(1, 1, 1), id),
                                Obb(V(1, 1, 1), V(1, 1, 1), quarter)};
    for (const col_shape &box : boxes)
        for (const Case &c : cases)
            for (int order = 0; order < 2; ++order) {
                const double want = c.d;
                col_distance_result d = order ? col_distance(&c.t, &box) : col_distance(&box, &c.t);
                EXPECT_NEAR(static_cast<double>(d.distance), want, Ulps(8)) << &c - cases;
                EXPECT_EQ(d.iterations, 0) << "a closed form, not GJK";
                EXPECT_EQ(d.status == COL_HIT, want == 0) << &c - cases;
                EXPECT_EQ(Overlap(box, c.t), want == 0) << &c - cases;
                if (want == 0) {
                    EXPECT_TRUE(d.point_a.x == d.point_b.x && d.point_a.y == d.point_b.y && d.point_a.z == d.point_b.z);
                    col_vec3 q;
                    ASSERT_TRUE(col_closest_point_triangle(&c.t.u.triangle, d.point_a, &q));
                    EXPECT_NEAR(static_cast<double>(col_v3_len(col_v3_sub(q, d.point_a))), 0, Ulps(4));
                }
            }
}

TEST(BoxTriangle, ClosedFormAgreesWithGjkAndTheExactTest) {
    std::mt19937 g(83);
    std::uniform_real_distribution<double> u(-1, 1);
    int yes = 0, n = 2000;
    auto vec = [&] { return V(2 * u(g), 2 * u(g), 2 * u(g)); };
    for (int i = 0; i < n; ++i) {
        col_shape t = Triangle(vec(), vec(), vec());
        col_vec3 axis = vec();
        if (col_v3_len_sq(axis) < R(0.01)) axis = V(0, 0, 1);
        col_shape obb = Obb(V(u(g), u(g), u(g)), V(0.5 * (u(g) + 1), 0.5 * (u(g) + 1), 0.5 * (u(g) + 1)),
                            RotAxis(col_v3_scale(axis, 1 / col_v3_len(axis)), 3 * u(g)));
        col_shape aabb = Aabb(u(g) - 1, u(g) - 1, u(g) - 1, u(g) + 1, u(g) + 1, u(g) + 1);
        for (const col_shape *box : {&obb, &aabb}) {
            bool o = Overlap(*box, t);
            col_distance_result d = ClosedFormAgainstGjk(*box, t, i);
            if (d.distance > Ulps(64)) {
                ASSERT_FALSE(o) << i;
            }
            if (d.status == COL_HIT && box == &aabb) {
                ASSERT_TRUE(o) << i; // the same exact test (an OBB's distance works in its frame)
            }
            yes += o;
        }
    }
    EXPECT_GT(yes, n / 5);
    EXPECT_LT(yes, n * 9 / 5);
}

TEST(SegmentTriangle, InteriorEdgeAndVertexHits) {
    EXPECT_TRUE(OverlapEverywhere(kTri, Segment(V(0.5, 0.5, -1), V(0.5, 0.5, 1)))); // through the face
    EXPECT_TRUE(OverlapEverywhere(kTri, Segment(V(1, 0, -1), V(1, 0, 1))));         // through edge ab
    EXPECT_TRUE(OverlapEverywhere(kTri, Segment(V(0, 0, -1), V(0, 0, 1))));         // through vertex a
    EXPECT_TRUE(OverlapEverywhere(kTri, Segment(V(1, 1, -1), V(1, 1, 1))));         // through the hypotenuse
    EXPECT_FALSE(OverlapEverywhere(kTri, Segment(V(1 + kStep, 1, -1), V(1 + kStep, 1, 1))));
    EXPECT_FALSE(OverlapEverywhere(kTri, Segment(V(0.5, 0.5, 0.25), V(0.5, 0.5, 1)))); // stops short
    EXPECT_TRUE(OverlapEverywhere(kTri, Segment(V(0.5, 0.5, 0), V(0.5, 0.5, 1))));     // endpoint on the face
}

TEST(SegmentTriangle, CoplanarAndParallelSegments) {
    EXPECT_TRUE(OverlapEverywhere(kTri, Segment(V(-1, 0.5, 0), V(3, 0.5, 0)))); // in the plane, crossing
    EXPECT_TRUE(OverlapEverywhere(kTri, Segment(V(2, 0, 0), V(3, 0, 0))));      // in the plane, touching b
    EXPECT_FALSE(OverlapEverywhere(kTri, Segment(V(2 + kStep, 0, 0), V(3, 0, 0))));
    EXPECT_FALSE(OverlapEverywhere(kTri, Segment(V(1.5, 1.5, 0), V(3, 3, 0))));          // in the plane, outside
    EXPECT_FALSE(OverlapEverywhere(kTri, Segment(V(-1, 0.5, kStep), V(3, 0.5, kStep)))); // parallel above
    EXPECT_TRUE(OverlapEverywhere(kTri, Segment(V(0.25, 0.25, 0), V(0.25, 0.25, 0))));   // a point on the face
}

TEST(SegmentTriangle, DegenerateTriangle) {
    col_shape line = Triangle(V(0, 0, 0), V(2, 0, 0), V(1, 0, 0));
    EXPECT_TRUE(Overlap(line, Segment(V(1.5, -1, 0), V(1.5, 1, 0))));
    EXPECT_FALSE(Overlap(line, Segment(V(1.5, -1, kStep), V(1.5, 1, kStep))));
    // Two corners at one point: the triangle is the segment from (0.5,-1.5,-2.5)
    // to (0,1.5,3), in the plane z = x + 2y. The segment from (0.5,0.5,1.5) to
    // (-1,-1,-3) lies in that plane and crosses it at (3,3,9)/14; its start
    // moved an ulp along x, it leaves the plane and meets it only at its
    // other end, so it misses. Every orient3d of the five points is then
    // within rounding of 0 (the filter leaves it open), and the SAT's
    // rounded in-plane axes called it touching; the longest edge is now met
    // exactly. Through the same edge, triangle-triangle alike.
    const col_real half_up = std::nextafter(static_cast<col_real>(0.5), static_cast<col_real>(1));
    col_shape twice = Triangle(V(0.5, -1.5, -2.5), V(0, 1.5, 3), V(0.5, -1.5, -2.5));
    EXPECT_TRUE(Overlap(twice, Segment(V(0.5, 0.5, 1.5), V(-1, -1, -3))));
    EXPECT_FALSE(Overlap(twice, Segment(V(half_up, 0.5, 1.5), V(-1, -1, -3))));
    EXPECT_TRUE(Overlap(twice, Triangle(V(0.5, 0.5, 1.5), V(-1, -1, -3), V(0.5, 0.5, 1.5))));
    EXPECT_FALSE(Overlap(twice, Triangle(V(half_up, 0.5, 1.5), V(-1, -1, -3), V(half_up, 0.5, 1.5))));
    EXPECT_TRUE(Overlap(twice, Segment(V(0.5, -1.5, -2.5), V(-1, -1, -3)))); // from its corner
}

TEST(SegmentSegment, CrossingSkewAndCollinear) {
    col_shape a = Segment(V(0, 0, 0), V(2, 0, 0));
    EXPECT_TRUE(OverlapEverywhere(a, Segment(V(1, -1, 0), V(1, 1, 0))));          // X
    EXPECT_FALSE(OverlapEverywhere(a, Segment(V(1, -1, kStep), V(1, 1, kStep)))); // skew, just above
    EXPECT_TRUE(OverlapEverywhere(a, Segment(V(2, 0, 0), V(3, 5, 0))));           // endpoint touch
    EXPECT_TRUE(OverlapEverywhere(a, Segment(V(1, 0, 0), V(3, 0, 0))));           // collinear overlap
    EXPECT_TRUE(OverlapEverywhere(a, Segment(V(2, 0, 0), V(3, 0, 0))));           // collinear touch
    EXPECT_FALSE(OverlapEverywhere(a, Segment(V(2 + kStep, 0, 0), V(3, 0, 0))));  // collinear gap
    EXPECT_FALSE(OverlapEverywhere(a, Segment(V(0, 1, 0), V(2, 1, 0))));          // parallel
    EXPECT_TRUE(OverlapEverywhere(a, Segment(V(0.5, 0, 0), V(0.5, 0, 0))));       // point on it
    EXPECT_FALSE(OverlapEverywhere(a, Segment(V(0.5, kStep, 0), V(0.5, kStep, 0))));
    EXPECT_TRUE(OverlapEverywhere(Segment(V(1, 1, 1), V(1, 1, 1)), Segment(V(1, 1, 1), V(1, 1, 1))));
    EXPECT_FALSE(OverlapEverywhere(Segment(V(1, 1, 1), V(1, 1, 1)), Segment(V(1, 1, 2), V(1, 1, 2))));
}

// A point or a parallel segment very near a long, skew segment: the offset
// perpendicular to the segment must not round to eps of the segment's length
// along it (a point 4.8e-7 from a segment 1000 long was touching; found by
// fuzz_distance's boundary mode).
TEST(SegmentSegment, PointAndParallelSegmentNearALongSegment) {
    // a = (-400, 300, -600) + s (800, -600, 1200): its points at s = k / 8 are exact
    col_shape a = Segment(V(-400, 300, -600), V(400, -300, 600));
    col_vec3 on = V(-300, 225, -450); // s = 1/8
    col_vec3 off = V(0.6, 0.8, 0);    // unit, perpendicular to (4, -3, 6)
    // gaps down to 1e-9 (eps of the length is 2.2e-13; the test also moves
    // everything 2^20 from the origin, where eps is 2.3e-10); in float kGap
    const double f = kGap, gaps[3] = {sizeof(col_real) == sizeof(float) ? 4 * f : 4.8e-7,
                                      sizeof(col_real) == sizeof(float) ? 2 * f : 1e-8,
                                      sizeof(col_real) == sizeof(float) ? f : 1e-9};
    for (double gap : gaps) {
        col_vec3 p = col_v3_madd(on, (col_real)gap, off);
        EXPECT_FALSE(OverlapEverywhere(a, Segment(p, p))) << gap;
        col_vec3 q = col_v3_madd(p, COL_R(0.25), V(4, -3, 6));
        EXPECT_FALSE(OverlapEverywhere(a, Segment(p, q))) << gap; // parallel, beside it
    }
    EXPECT_TRUE(OverlapEverywhere(a, Segment(on, on)));
    EXPECT_TRUE(OverlapEverywhere(a, Segment(on, V(-200, 150, -300)))); // collinear, inside
}

// Skew segments, one ending exactly on the other's midpoint: they touch; the
// end moved one ulp off the line in any coordinate: they do not (decided
// exactly; the SAT's in-plane axes rounded such touches apart).
TEST(SegmentSegment, EndOnAnotherSegmentExactlyAndOneUlpOff) {
    col_segment a = {V(-1.75, 3.125, 0.5), V(5.25, -0.875, 2.5)}; // midpoint (1.75, 1.125, 1.5)
    col_segment b = {V(1.75, 1.125, 1.5), V(9, 7, -3)};
    EXPECT_TRUE(col_overlap_segment_segment(&a, &b));
    EXPECT_TRUE(col_overlap_segment_segment(&b, &a));
    for (int k = 0; k < 3; ++k)
        for (double dir : {-1.0, 1.0}) {
            col_segment c = b;
            col_real *x = k == 0 ? &c.a.x : k == 1 ? &c.a.y : &c.a.z;
            *x = std::nextafter(*x, (col_real)(dir * 100));
            EXPECT_FALSE(col_overlap_segment_segment(&a, &c)) << k << " " << dir;
            EXPECT_FALSE(col_overlap_segment_segment(&c, &a)) << k << " " << dir;
        }
    col_segment p = {V(1.75, 1.125, 1.5), V(1.75, 1.125, 1.5)}; // the midpoint as a point
    EXPECT_TRUE(col_overlap_segment_segment(&a, &p));
}

// A vertex of one triangle on an edge of another in another plane: they touch
// at that point (decided exactly; the SAT's in-plane axes rounded this one,
// from fuzz_static's boundary mode, apart).
TEST(TriangleTriangle, VertexOnTheEdgeOfATriangleInAnotherPlane) {
    col_shape a = Triangle(V(0, 0, 0), V(4, 0, 0), V(0, 0, 4)); // in y = 0
    // b's edge from (4, -1, 1) to (4, 1, -1) has its midpoint at a's vertex (4, 0, 0)
    EXPECT_TRUE(OverlapEverywhere(a, Triangle(V(4, -1, 1), V(4, 1, -1), V(6, 0, 5))));
    EXPECT_FALSE(OverlapEverywhere(a, Triangle(V(4 + kStep, -1, 1), V(4 + kStep, 1, -1), V(6, 0, 5))));
    if (sizeof(col_real) == sizeof(double)) { // the case the fuzzer found, exactly
        col_triangle ta = {V(0x1.3p+1, 0x1.ffep+8, 0x1.ffep+8), V(-0x1.e02p+8, 0x1.ffep+8, -0x1.ffep+8),
                           V(-0x1.cp+8, 0x1.ffep+8, 0x1.ffep+8)};
        col_triangle tb = {V(-0x1.73fcp+10, 0x1.fep+5, 0x1p-4), V(-0x1.f01p+8, 0x1p+5, 0x1p-4),
                           V(-0x1.d03p+8, 0x1.efep+9, -0x1.ffe8p+9)};
        EXPECT_TRUE(col_overlap_triangle_triangle(&ta, &tb));
        EXPECT_TRUE(col_overlap_triangle_triangle(&tb, &ta));
    }
}

TEST(TriangleTriangle, CrossingAndStacked) {
    col_shape vertical = Triangle(V(0.5, 0.5, -1), V(0.5, 0.5, 1), V(5, 5, 0));
    EXPECT_TRUE(OverlapEverywhere(kTri, vertical)); // pierces the face
    col_shape above = Triangle(V(0, 0, kStep), V(2, 0, kStep), V(0, 2, kStep));
    EXPECT_FALSE(OverlapEverywhere(kTri, above));                          // parallel planes
    col_shape touching = Triangle(V(0.5, 0.5, 0), V(1, 1, 1), V(0, 1, 1)); // vertex on the face
    EXPECT_TRUE(OverlapEverywhere(kTri, touching));
    col_shape lifted = Triangle(V(0.5, 0.5, kStep), V(1, 1, 1), V(0, 1, 1));
    EXPECT_FALSE(OverlapEverywhere(kTri, lifted));
}

TEST(TriangleTriangle, EdgeAgainstEdge) {
    // B's edge crosses A's edge ab from above to below at x = 1: they touch.
    col_shape b = Triangle(V(1, -1, 0), V(1, 1, 0), V(1, 0, 5));
    EXPECT_TRUE(OverlapEverywhere(kTri, Triangle(V(1, -1, 0), V(1, 0, 0), V(1, -1, 5)))); // touch at (1,0,0)
    EXPECT_TRUE(OverlapEverywhere(kTri, b));
    EXPECT_FALSE(OverlapEverywhere(kTri, Triangle(V(1, -1, 0), V(1, -kStep, 0), V(1, -1, 5))));
}

TEST(TriangleTriangle, CoplanarCases) {
    EXPECT_TRUE(OverlapEverywhere(kTri, Triangle(V(1, 1, 0), V(3, 1, 0), V(1, 3, 0)))); // share point (1,1)
    EXPECT_TRUE(OverlapEverywhere(kTri, Triangle(V(2, 0, 0), V(0, 2, 0), V(2, 2, 0)))); // share edge
    EXPECT_TRUE(OverlapEverywhere(kTri, Triangle(V(2, 0, 0), V(3, 0, 0), V(3, 1, 0)))); // share vertex
    EXPECT_TRUE(OverlapEverywhere(kTri, Triangle(V(0.25, 0.25, 0), V(0.5, 0.25, 0), V(0.25, 0.5, 0)))); // inside
    EXPECT_TRUE(OverlapEverywhere(kTri, Triangle(V(-1, -1, 0), V(5, -1, 0), V(-1, 5, 0))));             // containing
    EXPECT_FALSE(OverlapEverywhere(kTri, Triangle(V(1.25, 1, 0), V(3, 1, 0), V(3, 3, 0)))); // beyond hypotenuse
    EXPECT_FALSE(OverlapEverywhere(kTri, Triangle(V(2 + kStep, 0, 0), V(3, 0, 0), V(3, 1, 0))));
    // Star of David: overlapping with no vertex inside the other.
    EXPECT_TRUE(Overlap(Triangle(V(0, 0, 0), V(4, 0, 0), V(2, 3, 0)), Triangle(V(0, 2, 0), V(4, 2, 0), V(2, -1, 0))));
}

TEST(TriangleTriangle, SharedVerticesAlwaysTouch) {
    // Two triangles of a mesh sharing an edge, with non-dyadic coordinates.
    col_vec3 p = V(1.0 / 3, 0.1, 2.7), q = V(-0.7, 1.0 / 7, 3.3);
    EXPECT_TRUE(Overlap(Triangle(p, q, V(5, -2, 1)), Triangle(q, p, V(-3, 4, 6))));
    EXPECT_TRUE(Overlap(Triangle(p, V(5, -2, 1), V(2, 2, 2)), Triangle(V(-3, 4, 6), V(1, 1, -1), p)));
}

TEST(TriangleTriangle, DegenerateTriangles) {
    col_shape seg = Triangle(V(0.5, 0.5, -1), V(0.5, 0.5, 1), V(0.5, 0.5, 0)); // a vertical segment
    EXPECT_TRUE(Overlap(kTri, seg));
    EXPECT_TRUE(Overlap(seg, seg));
    col_shape seg2 = Triangle(V(0, 0, 0.5), V(1, 1, 0.5), V(2, 2, 0.5));
    EXPECT_TRUE(Overlap(seg, seg2));
    EXPECT_FALSE(Overlap(kTri, seg2));
    col_shape dot = Triangle(V(1, 0.5, 0), V(1, 0.5, 0), V(1, 0.5, 0));
    EXPECT_TRUE(Overlap(kTri, dot));
    EXPECT_FALSE(Overlap(Translated(kTri, V(0, 0, kStep)), dot));
}

TEST(TriangleTriangle, ClosedFormDistanceInEveryRegion) {
    // kTri in z = 0; the other triangle: a vertex over the face, an edge
    // skew over an edge, a vertex beside a vertex, parallel faces (any pair
    // of the overlap: only the distance is fixed), crossing (0 and one
    // common point on both), sharing a vertex (0)
    struct Case {
        col_shape t;
        double d;
    };
    const Case cases[] = {
        {Triangle(V(0.5, 0.5, 1), V(0, 0, 3), V(1, 0, 3)), 1},                 // vertex over the face
        {Triangle(V(1, -2, 1), V(1, 1, 1), V(1, -2, 4)), 1},                   // edge skew over edge ab
        {Triangle(V(-0.75, -1, 0), V(-3, -1, 0), V(-3, -3, 1)), 1.25},         // vertex beside vertex a
        {Triangle(V(0.25, 0.25, 0.5), V(1, 0.25, 0.5), V(0.25, 1, 0.5)), 0.5}, // parallel faces
        {Triangle(V(0.5, 0.5, -1), V(0.5, 0.5, 1), V(3, 3, 0)), 0},            // crossing
        {Triangle(V(2, 0, 0), V(3, 1, 1), V(3, -1, 1)), 0},                    // sharing vertex b
    };
    for (const Case &c : cases)
        for (int order = 0; order < 2; ++order) {
            col_distance_result d = order ? col_distance(&c.t, &kTri) : col_distance(&kTri, &c.t);
            EXPECT_NEAR(static_cast<double>(d.distance), c.d, Ulps(4)) << &c - cases;
            EXPECT_EQ(d.iterations, 0) << "a closed form, not GJK";
            EXPECT_EQ(d.status == COL_HIT, c.d == 0) << &c - cases;
            EXPECT_EQ(Overlap(kTri, c.t), c.d == 0) << &c - cases;
            if (c.d == 0) { // one common point, on both triangles
                EXPECT_TRUE(d.point_a.x == d.point_b.x && d.point_a.y == d.point_b.y && d.point_a.z == d.point_b.z);
                col_vec3 q;
                ASSERT_TRUE(col_closest_point_triangle(&kTri.u.triangle, d.point_a, &q));
                EXPECT_NEAR(static_cast<double>(col_v3_len(col_v3_sub(q, d.point_a))), 0, Ulps(4));
                ASSERT_TRUE(col_closest_point_triangle(&c.t.u.triangle, d.point_a, &q));
                EXPECT_NEAR(static_cast<double>(col_v3_len(col_v3_sub(q, d.point_a))), 0, Ulps(4));
            }
        }
    // the triangles sharing a vertex that GJK stalled 1.6e-6 short on
    // (tests/test_gjk.cc): touching, in both precisions, both orders
    col_shape a = Triangle(V(130, -505.75, -478), V(-512, -512, -512), V(-510.875, -512, -95.875));
    col_shape b = Triangle(V(130, -505.875, -478), V(-512, -512, -512), V(-510.875, -512, -96));
    EXPECT_EQ(col_distance(&a, &b).status, COL_HIT);
    EXPECT_EQ(col_distance(&b, &a).status, COL_HIT);
}

TEST(TriangleTriangle, ClosedFormAgreesWithGjkAndTheExactTest) {
    // Random pairs: the exact test answers yes exactly where the closed-form
    // distance says 0, but within rounding of touching; GJK agrees on the
    // distance; both orders swap the points.
    std::mt19937 g(79);
    std::uniform_real_distribution<double> u(-1, 1);
    int yes = 0, n = 3000;
    auto vec = [&] { return V(2 * u(g), 2 * u(g), 2 * u(g)); };
    for (int i = 0; i < n; ++i) {
        col_shape s = Triangle(vec(), vec(), vec()), t = Triangle(vec(), vec(), vec());
        bool o = Overlap(s, t);
        col_distance_result d = ClosedFormAgainstGjk(s, t, i);
        ASSERT_EQ(d.status == COL_HIT, o) << i << " distance " << d.distance;
        yes += o;
    }
    EXPECT_GT(yes, n / 10);
    EXPECT_LT(yes, n * 9 / 10);
}

TEST(TriangleTriangle, InvalidInputIsFalse) {
    col_shape bad = Triangle(V(0, 0, 0), V(kNaN, 0, 0), V(0, 1, 0));
    EXPECT_FALSE(Overlap(kTri, bad));
    EXPECT_FALSE(Overlap(bad, bad));
}

TEST(CapsuleTriangle, TouchingTheFaceAnEdgeOrAVertexOverlapsAndAGapDoesNot) {
    // kTri is (0,0,0), (2,0,0), (0,2,0) in z = 0; capsules of radius 1/2
    // placed to touch it exactly (dyadic coordinates), then a gap beside.
    double r = 0.5;
    // over the face, the axis parallel to it
    EXPECT_TRUE(OverlapEverywhere(kTri, Capsule(V(0.25, 0.25, r), V(0.75, 0.5, r), r)));
    EXPECT_FALSE(OverlapEverywhere(kTri, Capsule(V(0.25, 0.25, r + kStep), V(0.75, 0.5, r + kStep), r)));
    // beside edge ab (y = 0), in the triangle's plane, the axis along the edge
    EXPECT_TRUE(OverlapEverywhere(kTri, Capsule(V(0.5, -r, 0), V(3, -r, 0), r)));
    EXPECT_FALSE(OverlapEverywhere(kTri, Capsule(V(0.5, -r - kStep, 0), V(3, -r - kStep, 0), r)));
    // an end on vertex a's far side, the axis pointing away
    EXPECT_TRUE(OverlapEverywhere(kTri, Capsule(V(-r, 0, 0), V(-3, -1, 0), r)));
    EXPECT_FALSE(OverlapEverywhere(kTri, Capsule(V(-r - kStep, 0, 0), V(-3, -1, 0), r)));
    // the axis crossing over edge ab, skew to it, r above the plane: the
    // closest pair is interior to both the axis and the edge... and the face
    EXPECT_TRUE(OverlapEverywhere(kTri, Capsule(V(1, -2, r), V(1, 0.5, r), r)));
    EXPECT_FALSE(OverlapEverywhere(kTri, Capsule(V(1, -2, r + kStep), V(1, 0.5, r + kStep), r)));
    // the axis crossing below edge ab's line only, beside the triangle: the
    // edge decides (the ends and the face are farther)
    EXPECT_TRUE(OverlapEverywhere(kTri, Capsule(V(1, -1, -4), V(1, -1, 4), 1)));
    EXPECT_FALSE(OverlapEverywhere(kTri, Capsule(V(1, -1 - kStep, -4), V(1, -1 - kStep, 4), 1)));
    // piercing the face, and lying in it
    EXPECT_TRUE(OverlapEverywhere(kTri, Capsule(V(0.5, 0.5, -1), V(0.5, 0.5, 1), r)));
    EXPECT_TRUE(OverlapEverywhere(kTri, Capsule(V(0.25, 0.25, 0), V(0.5, 0.5, 0), 0)));
    // radius 0: a segment
    EXPECT_TRUE(OverlapEverywhere(kTri, Capsule(V(1, 1, 0), V(3, 3, 0), 0)));
    EXPECT_FALSE(OverlapEverywhere(kTri, Capsule(V(1 + kStep, 1, 0), V(3, 3, 0), 0)));
    // a degenerate triangle is its longest edge
    col_shape line = Triangle(V(0, 0, 0), V(1, 0, 0), V(4, 0, 0));
    EXPECT_TRUE(Overlap(line, Capsule(V(3, 1, -1), V(3, 1, 1), 1)));
    EXPECT_FALSE(Overlap(line, Capsule(V(3, 1 + kStep, -1), V(3, 1 + kStep, 1), 1)));
    EXPECT_TRUE(col_overlap_is_exact(COL_SHAPE_CAPSULE, COL_SHAPE_TRIANGLE));
}

TEST(CapsuleTriangle, AgreesWithTheDistanceOutsideRoundingAndIsSymmetric) {
    // Random capsules near random triangles: the exact test answers yes
    // exactly where the closed-form distance says <= 0, but within rounding
    // of touching; both argument orders agree, as does GJK's distance.
    std::mt19937 g(71);
    std::uniform_real_distribution<double> u(-1, 1);
    int yes = 0, n = 3000;
    for (int i = 0; i < n; ++i) {
        col_shape t =
            Triangle(V(2 * u(g), 2 * u(g), 2 * u(g)), V(2 * u(g), 2 * u(g), 2 * u(g)), V(2 * u(g), 2 * u(g), 2 * u(g)));
        col_shape c = Capsule(V(2 * u(g), 2 * u(g), 2 * u(g)), V(2 * u(g), 2 * u(g), 2 * u(g)), 0.5 * (u(g) + 1));
        bool o = col_overlap(&c, &t);
        ASSERT_EQ(o, col_overlap(&t, &c)) << i;
        col_distance_result d = col_distance(&c, &t), gd = col_gjk_distance(&c, &t);
        if (d.status == COL_MISS && d.distance > 1e-9) {
            ASSERT_FALSE(o) << i << " distance " << d.distance;
        }
        if (d.status == COL_HIT) {
            ASSERT_TRUE(o) << i;
        }
        ASSERT_NEAR(static_cast<double>(d.distance), static_cast<double>(gd.distance), 1e-6) << i;
        yes += o;
    }
    EXPECT_GT(yes, n / 5);
    EXPECT_LT(yes, n * 4 / 5);
}

TEST(SegmentTriangle, ClosedFormDistanceInEveryRegion) {
    // kTri in z = 0: the closest pair on an end and the face, an end and an
    // edge, the segment's interior and an edge, a vertex; crossing: 0 with
    // one common point.
    auto dist = [](col_shape s) { return static_cast<double>(col_distance(&s, &kTri).distance); };
    EXPECT_EQ(dist(Segment(V(0.5, 0.5, 1), V(0.5, 0.5, 3))), 1.0); // an end over the face
    EXPECT_EQ(dist(Segment(V(1, -1, 0), V(1, -3, 0))), 1.0);       // an end beside edge ab
    EXPECT_EQ(dist(Segment(V(1, -1, -5), V(1, -1, 5))), 1.0);      // across edge ab's line, beside it
    EXPECT_EQ(dist(Segment(V(-1, -1, 0), V(-1, -1, 2))), static_cast<double>(R(std::sqrt(2.0)))); // vertex a
    col_shape cross = Segment(V(0.5, 0.25, -1), V(0.5, 0.25, 3));
    col_distance_result d = col_distance(&cross, &kTri);
    EXPECT_EQ(d.status, COL_HIT);
    EXPECT_EQ(d.distance, 0);
    EXPECT_EQ(d.point_a.x, d.point_b.x);
    EXPECT_EQ(d.point_a.y, d.point_b.y);
    EXPECT_EQ(d.point_a.z, d.point_b.z);
    EXPECT_NEAR(static_cast<double>(d.point_a.z), 0.0, 1e-12);
    EXPECT_EQ(d.iterations, 0) << "a closed form, not GJK";
}

TEST(SegmentTriangle, NearTieOfAVertexAndTheEdgeBesideItGivesTheTrueNormal) {
    // fuzz_distance's finding (regressions/distance/closest-vertex-chosen-
    // over-the-edge-point-beside-it): the segment passes 1.7e-3 from vertex
    // c; the truly closest point of the triangle lies 6e-9 from c on edge bc,
    // closer by 3e-17 of a squared distance of 2.8e-6, below its rounding.
    // Taking c turned the normal by 3e-6 rad, and vertex b (512 away) then
    // lay 1.7e-3 beyond the plane through the closest point: the closest
    // pair must be the one whose planes separate the shapes.
    const col_vec3 c = V(-0x1.feep+8, -0x1p+9, -0x1.8p+6);
    col_shape seg = Segment(V(-0x1p+9, -0x1p+9, -0x1p+9), V(-0x1.feep+8, -0x1p+9, -0x1.7d8p+6));
    col_shape tri = Triangle(V(0x1.04p+7, -0x1.ffep+8, 0x1.62p+8), V(-0x1p+9, 0, -0x1p+9), c);
    for (int order = 0; order < 2; ++order) {
        col_distance_result d = order ? col_distance(&tri, &seg) : col_distance(&seg, &tri);
        ASSERT_EQ(d.status, COL_MISS);
        const double dist = static_cast<double>(d.distance);
        EXPECT_NEAR(dist, 0.0016876626141, 64 * static_cast<double>(COL_EPSILON) * 512); // GJK's, in double
        // each shape on its side of the planes through its closest point
        const double tol = 64 * static_cast<double>(COL_EPSILON) * 512 * 512 / dist;
        const col_shape &a = order ? tri : seg, &b = order ? seg : tri;
        col_vec3 sa, sb;
        (void)col_support(&a, col_v3_neg(d.normal), &sa);
        (void)col_support(&b, d.normal, &sb);
        EXPECT_LE(std::fabs(static_cast<double>(col_v3_dot(col_v3_sub(sa, d.point_a), d.normal))), tol);
        EXPECT_LE(std::fabs(static_cast<double>(col_v3_dot(col_v3_sub(sb, d.point_b), d.normal))), tol);
    }
}
