// Capsule and ellipsoid tests: capsule-sphere, capsule-capsule (and through
// the dispatch, segments and points against them), point-ellipsoid.
#include "helpers.h"

using namespace ct;

namespace {
const col_shape kCap = Capsule(V(0, 0, 0), V(4, 0, 0), 1); // along x, radius 1
}

TEST(CapsuleSphere, SideAndCapContacts) {
    EXPECT_TRUE(OverlapEverywhere(kCap, Sphere(2, 2, 0, 1))); // side, touching
    EXPECT_FALSE(OverlapEverywhere(kCap, Sphere(2, 2 + kGap, 0, 1)));
    EXPECT_TRUE(OverlapEverywhere(kCap, Sphere(4.75, 1, 0, 0.25))); // cap: (0.75, 1) from b -> 1.25
    EXPECT_FALSE(OverlapEverywhere(kCap, Sphere(4.75, 1 + kGap, 0, 0.25)));
    EXPECT_TRUE(OverlapEverywhere(kCap, Sphere(-3, 0, 0, 2)));      // beyond a, on the axis
    EXPECT_TRUE(OverlapEverywhere(kCap, Sphere(2, 0.5, 0, 0.125))); // inside
    EXPECT_TRUE(OverlapEverywhere(kCap, Point(4, 0, 1)));           // point on the cap
    EXPECT_FALSE(OverlapEverywhere(kCap, Point(4, 0, 1 + kGap)));
}

TEST(CapsuleSphere, ZeroLengthCapsuleIsASphere) {
    col_shape ball = Capsule(V(1, 1, 1), V(1, 1, 1), 2);
    EXPECT_TRUE(Overlap(ball, Sphere(1, 4, 5, 3))); // distance 5 = 2 + 3
    EXPECT_FALSE(Overlap(ball, Sphere(1, 4, 5 + kGap, 3)));
}

TEST(CapsuleSphere, SegmentAgainstSphereIsAZeroRadiusCapsule) {
    col_shape seg = Segment(V(0, 0, 0), V(4, 0, 0));
    EXPECT_TRUE(OverlapEverywhere(seg, Sphere(2, 1, 0, 1)));
    EXPECT_FALSE(OverlapEverywhere(seg, Sphere(2, 1 + kGap, 0, 1)));
    EXPECT_TRUE(OverlapEverywhere(seg, Point(3, 0, 0)));
    EXPECT_FALSE(OverlapEverywhere(seg, Point(3, kGap, 0)));
}

TEST(CapsuleCapsule, ParallelCrossingAndSkew) {
    EXPECT_TRUE(OverlapEverywhere(kCap, Capsule(V(1, 2, 0), V(3, 2, 0), 1))); // parallel, touching
    EXPECT_FALSE(OverlapEverywhere(kCap, Capsule(V(1, 2 + kGap, 0), V(3, 2 + kGap, 0), 1)));
    EXPECT_TRUE(OverlapEverywhere(kCap, Capsule(V(2, -3, 0), V(2, 3, 0), 0.5)));     // crossing
    EXPECT_TRUE(OverlapEverywhere(kCap, Capsule(V(2, -3, 1.5), V(2, 3, 1.5), 0.5))); // skew, distance 1.5
    EXPECT_FALSE(OverlapEverywhere(kCap, Capsule(V(2, -3, 1.5 + kGap), V(2, 3, 1.5 + kGap), 0.5)));
    EXPECT_TRUE(OverlapEverywhere(kCap, Capsule(V(6, 0, 0), V(9, 0, 0), 1))); // end to end
    EXPECT_FALSE(OverlapEverywhere(kCap, Capsule(V(6 + kGap, 0, 0), V(9, 0, 0), 1)));
    // endpoint regions: closest points are b = (4,0,0) and (4.75, 1, 0) -> distance 1.25
    EXPECT_TRUE(OverlapEverywhere(kCap, Capsule(V(4.75, 1, 0), V(8, 4, 0), 0.25)));
    EXPECT_FALSE(OverlapEverywhere(kCap, Capsule(V(4.75, 1 + kGap, 0), V(8, 4 + kGap, 0), 0.25)));
}

TEST(CapsuleCapsule, NearlyParallelSegmentsFindTheRightDistance) {
    // Long, almost parallel segments 2 apart: the clamped parallel branch must still measure 2.
    col_shape a = Capsule(V(0, 0, 0), V(100, 0, 0), 1);
    EXPECT_TRUE(Overlap(a, Capsule(V(-50, 2, 0), V(50, 2 + 1e-12, 0), 1.0000001)));
    EXPECT_FALSE(Overlap(a, Capsule(V(-50, 2, 0), V(50, 2 + 1e-12, 0), 0.9999)));
}

TEST(CapsuleCapsule, DegenerateCapsulesAndSegments) {
    col_shape p = Capsule(V(2, 3, 0), V(2, 3, 0), 0); // a point at distance 3 from the axis
    EXPECT_FALSE(Overlap(kCap, p));
    EXPECT_TRUE(Overlap(Capsule(V(0, 0, 0), V(4, 0, 0), 3), p));
    EXPECT_TRUE(OverlapEverywhere(Segment(V(0, 0, 0), V(4, 0, 0)), Capsule(V(2, -1, 1), V(2, 1, 1), 1)));
    EXPECT_FALSE(OverlapEverywhere(Segment(V(0, 0, 0), V(4, 0, 0)), Capsule(V(2, -1, 1 + kGap), V(2, 1, 1 + kGap), 1)));
}

TEST(CapsuleCapsule, InvalidInputIsFalse) {
    EXPECT_FALSE(Overlap(kCap, Capsule(V(0, 0, 0), V(1, 0, 0), -1)));
    EXPECT_FALSE(Overlap(kCap, Capsule(V(0, kNaN, 0), V(1, 0, 0), 1)));
}

TEST(PointEllipsoid, InsideOnAndOutside) {
    col_shape e = Ellipsoid(1, 1, 1, 2, 1, 0.5);
    EXPECT_TRUE(OverlapEverywhere(Point(1, 1, 1), e));
    EXPECT_TRUE(OverlapEverywhere(Point(3, 1, 1), e));   // tip along x
    EXPECT_TRUE(OverlapEverywhere(Point(1, 1, 1.5), e)); // tip along z
    EXPECT_FALSE(OverlapEverywhere(Point(3 + kGap, 1, 1), e));
    EXPECT_FALSE(OverlapEverywhere(Point(2.5, 1.75, 1), e)); // (1.5/2)^2 + 0.75^2 = 1.125
    EXPECT_TRUE(OverlapEverywhere(Point(2.5, 1.5, 1), e));   // 0.5625 + 0.25
}

TEST(PointEllipsoid, FlattenedAxesAcceptOnlyTheirPlane) {
    col_shape disc = Ellipsoid(0, 0, 0, 1, 1, 0);
    EXPECT_TRUE(Overlap(Point(0.5, 0.5, 0), disc));
    EXPECT_FALSE(Overlap(Point(0.5, 0.5, 1e-30), disc));
    col_shape dot = Ellipsoid(0, 0, 0, 0, 0, 0);
    EXPECT_TRUE(Overlap(Point(0, 0, 0), dot));
    EXPECT_FALSE(Overlap(Point(1e-30, 0, 0), dot));
    // A tiny radius turns a finite offset into a huge quotient, never into NaN.
    col_shape thin = Ellipsoid(0, 0, 0, 1e-30, 1, 1);
    EXPECT_FALSE(Overlap(Point(1, 0, 0), thin));
}
