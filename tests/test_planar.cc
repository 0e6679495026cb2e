// 2D tests: circle-circle, circle-rectangle (the seed's fold), rectangle-rectangle.
#include "helpers.h"

using namespace ct;

namespace {
const col_shape kRect = Rect(0, 0, 2, 1);
}

TEST(CircleRect, InsideEdgeAndCorner) {
    EXPECT_TRUE(OverlapEverywhere(kRect, Circle(1, 0.5, 0.25))); // inside
    EXPECT_TRUE(OverlapEverywhere(kRect, Circle(3, 0.5, 1)));    // touching the right edge
    EXPECT_FALSE(OverlapEverywhere(kRect, Circle(3 + kGap, 0.5, 1)));
    EXPECT_TRUE(OverlapEverywhere(kRect, Circle(-0.75, -1, 1.25))); // corner (0,0): offset (0.75, 1)
    EXPECT_FALSE(OverlapEverywhere(kRect, Circle(-0.75, -1 - kGap, 1.25)));
    EXPECT_TRUE(OverlapEverywhere(kRect, Circle(1, 0.5, 10))); // containing the rectangle
}

TEST(CircleRect, SeedExampleAllFourQuadrants) {
    // Yip's fold maps every quadrant to the first: the four mirrored corners behave alike.
    col_shape r = Rect(-1, -1, 1, 1);
    for (double sx : {-1.0, 1.0})
        for (double sy : {-1.0, 1.0}) {
            EXPECT_TRUE(Overlap(r, Circle(sx * 1.75, sy * 2, 1.25)));
            EXPECT_FALSE(Overlap(r, Circle(sx * 1.75, sy * 2, 1.25 - kGap)));
        }
}

TEST(CircleRect, DegenerateShapes) {
    EXPECT_TRUE(Overlap(Rect(1, 1, 1, 1), Circle(1, 2, 1))); // point rectangle
    EXPECT_TRUE(Overlap(kRect, Circle(2, 1, 0)));            // point circle on the corner
    EXPECT_FALSE(Overlap(kRect, Circle(2 + kGap, 1, 0)));
    EXPECT_FALSE(Overlap(kRect, Circle(kNaN, 0, 1)));
    EXPECT_FALSE(Overlap(kRect, Circle(0, 0, -1)));
}

TEST(RectRect, ClosedIntervals) {
    EXPECT_TRUE(OverlapEverywhere(kRect, Rect(2, 1, 3, 3))); // corners touch
    EXPECT_TRUE(OverlapEverywhere(kRect, Rect(0.5, 0.25, 1, 0.5)));
    EXPECT_FALSE(OverlapEverywhere(kRect, Rect(2 + kGap, 0, 3, 1)));
    EXPECT_FALSE(OverlapEverywhere(kRect, Rect(0, -2, 2, -kGap)));
    EXPECT_FALSE(Overlap(kRect, Rect(1, 1, 0, 2))); // invalid: min > max
}

TEST(CircleCircle, TouchingCounts) {
    EXPECT_TRUE(OverlapEverywhere(Circle(0, 0, 2), Circle(3, 4, 3)));
    EXPECT_FALSE(OverlapEverywhere(Circle(0, 0, 2), Circle(3, 4 + kGap, 3)));
    EXPECT_TRUE(Overlap(Circle(0, 0, 0), Circle(0, 0, 0)));
}

TEST(Planar, TwoDimensionalShapesDoNotMeetThreeDimensionalOnes) {
    EXPECT_FALSE(col_overlap_supported(COL_SHAPE_CIRCLE, COL_SHAPE_SPHERE));
    EXPECT_FALSE(col_overlap_supported(COL_SHAPE_AABB, COL_SHAPE_RECT));
    col_shape c = Circle(0, 0, 1), s = Sphere(0, 0, 0, 1);
    EXPECT_FALSE(Overlap(c, s));
}
