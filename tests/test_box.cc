// Box tests: sphere-sphere, AABB-AABB, Arvo's box-sphere, OBB-OBB SAT,
// box-segment SAT, OBB -> AABB, Arvo's transformed AABB.
#include "helpers.h"

using namespace ct;

namespace {

const double kSqrt2 = std::sqrt(2.0);

// 1 +- a few ulps: configurations just inside or just outside contact.
double Out(double x) { return x * (1 + Ulps(1, 64)); }
double In(double x) { return x * (1 - Ulps(1, 64)); }

} // namespace

TEST(SphereSphere, TouchingCountsAndAGapDoesNot) {
    EXPECT_TRUE(OverlapEverywhere(Sphere(0, 0, 0, 1), Sphere(3, 0, 0, 2)));
    EXPECT_FALSE(OverlapEverywhere(Sphere(0, 0, 0, 1), Sphere(3 + kGap, 0, 0, 2)));  // 3 + 2^-16
    EXPECT_TRUE(OverlapEverywhere(Sphere(0, 0, 0, 1), Sphere(0.5, 0.5, 0.5, 0.25))); // contained
    // 3-4-5: centres 5 apart diagonally.
    EXPECT_TRUE(Overlap(Sphere(1, 1, 1, 2), Sphere(4, 5, 1, 3)));
    EXPECT_FALSE(Overlap(Sphere(1, 1, 1, 2), Sphere(4, 5, 1, In(3))));
    // zero radius: point in and on a sphere
    EXPECT_TRUE(Overlap(Sphere(0, 0, 0, 0), Sphere(0, 0, 1, 1)));
    EXPECT_TRUE(Overlap(Sphere(0, 0, 0, 0), Sphere(0, 0, 0, 0)));
    EXPECT_FALSE(Overlap(Point(0, 0, 0), Point(0, 0, 1e-30)));
}

// Each number of either sphere, in turn, made invalid (NaN, an infinity,
// beyond COL_HUGE, a negative radius) on an overlapping pair: no, from the
// public test and the batch (one kernel, two lanes at a time on x86-64).
TEST(SphereSphere, EachInvalidNumberAnswersNo) {
    const double huge = static_cast<double>(COL_HUGE);
    const double bad[] = {std::nan(""), INFINITY, -INFINITY, 2 * huge, -2 * huge, -1.0};
    for (int which = 0; which < 2; ++which)
        for (int k = 0; k < 4; ++k)
            for (double v : bad) {
                if (v == -1.0 && k < 3) continue; // a centre may be negative
                col_sphere s[2] = {{{0, 0, 0}, 1}, {{1, 1, 0}, 1}};
                ASSERT_TRUE(col_overlap_sphere_sphere(&s[0], &s[1]));
                (&s[which].c.x)[k] = static_cast<col_real>(v);
                EXPECT_FALSE(col_overlap_sphere_sphere(&s[0], &s[1])) << which << " " << k << " " << v;
                EXPECT_FALSE(col_overlap_sphere_sphere(&s[1], &s[0])) << which << " " << k << " " << v;
                unsigned char out = 1;
                EXPECT_EQ(col_overlap_many(COL_SHAPE_SPHERE, &s[0], COL_SHAPE_SPHERE, &s[1], false, 1, &out), 0u);
                EXPECT_EQ(out, 0) << which << " " << k << " " << v;
            }
    // radius -0 is 0; a radius and a centre on the bound are valid
    col_real h = static_cast<col_real>(COL_HUGE);
    col_sphere z = {{0, 0, 0}, -0.0}, big = {{h, 0, 0}, h};
    EXPECT_TRUE(col_overlap_sphere_sphere(&z, &big));
    EXPECT_TRUE(col_overlap_sphere_sphere(&big, &z));
}

TEST(AabbAabb, FacesEdgesAndCornersTouch) {
    col_shape a = Aabb(0, 0, 0, 1, 1, 1);
    EXPECT_TRUE(OverlapEverywhere(a, Aabb(1, 0, 0, 2, 1, 1)));                // face
    EXPECT_TRUE(OverlapEverywhere(a, Aabb(1, 1, 0, 2, 2, 1)));                // edge
    EXPECT_TRUE(OverlapEverywhere(a, Aabb(1, 1, 1, 2, 2, 2)));                // corner
    EXPECT_TRUE(OverlapEverywhere(a, Aabb(0.25, 0.25, 0.25, 0.5, 0.5, 0.5))); // contained
    EXPECT_TRUE(OverlapEverywhere(a, Aabb(-1, -1, -1, 2, 2, 2)));             // containing
    EXPECT_FALSE(OverlapEverywhere(a, Aabb(1 + kGap, 0, 0, 2, 1, 1)));        // 1 + 2^-23
    EXPECT_FALSE(OverlapEverywhere(a, Aabb(0, 0, -2, 1, 1, -0.5)));
    EXPECT_FALSE(OverlapEverywhere(a, Aabb(2, 2, 2, 3, 3, 3)));
}

TEST(AabbAabb, ZeroExtentBoxesArePointsSegmentsAndFaces) {
    col_shape a = Aabb(0, 0, 0, 1, 1, 1);
    EXPECT_TRUE(Overlap(a, Aabb(1, 1, 1, 1, 1, 1)));
    EXPECT_FALSE(Overlap(a, Aabb(1.5, 1, 1, 1.5, 1, 1)));
    EXPECT_TRUE(Overlap(a, Aabb(-1, 0.5, 0.5, 2, 0.5, 0.5)));                 // a segment through
    EXPECT_TRUE(Overlap(Aabb(0, 0, 1, 1, 1, 1), Aabb(0.5, 0.5, 1, 2, 2, 1))); // two coplanar faces
}

// Every coordinate of either box, in turn, made invalid (NaN, an infinity,
// beyond COL_HUGE, a min above its max) on an overlapping pair: no, from
// the public test and the batch, which share one kernel (two lanes at a
// time on x86-64, box.h); on the bound itself, yes.
TEST(AabbAabb, EachInvalidCoordinateAnswersNo) {
    const double huge = static_cast<double>(COL_HUGE);
    const double bad[] = {std::nan(""), INFINITY, -INFINITY, 2 * huge, -2 * huge};
    for (int which = 0; which < 2; ++which) {
        for (int k = 0; k < 6; ++k) {
            for (double v : bad) {
                col_aabb box[2] = {{{0, 0, 0}, {2, 2, 2}}, {{1, 1, 1}, {3, 3, 3}}};
                ASSERT_TRUE(col_overlap_aabb_aabb(&box[0], &box[1]));
                col_real *c = &box[which].min.x + k;
                // a value beyond the bound on its own side stays ordered (min
                // <= max): the bound alone must reject it
                if (v == 2 * huge && k < 3) continue;
                if (v == -2 * huge && k >= 3) continue;
                *c = static_cast<col_real>(v);
                EXPECT_FALSE(col_overlap_aabb_aabb(&box[0], &box[1])) << which << " " << k << " " << v;
                EXPECT_FALSE(col_overlap_aabb_aabb(&box[1], &box[0])) << which << " " << k << " " << v;
                unsigned char out = 1;
                EXPECT_EQ(col_overlap_many(COL_SHAPE_AABB, &box[0], COL_SHAPE_AABB, &box[1], false, 1, &out), 0u);
                EXPECT_EQ(out, 0) << which << " " << k << " " << v;
            }
            // a min above its max on this axis, the other box spanning both
            col_aabb box[2] = {{{-5, -5, -5}, {5, 5, 5}}, {{1, 1, 1}, {2, 2, 2}}};
            col_real *lo = &box[which].min.x + k % 3, *hi = &box[which].max.x + k % 3;
            col_real t = *lo;
            *lo = *hi;
            *hi = t;
            EXPECT_FALSE(col_overlap_aabb_aabb(&box[0], &box[1])) << which << " " << k;
            EXPECT_FALSE(col_overlap_aabb_aabb(&box[1], &box[0])) << which << " " << k;
        }
    }
    // at the bound, and touching there
    col_real h = static_cast<col_real>(COL_HUGE);
    col_aabb big = {{-h, -h, -h}, {h, h, h}}, corner = {{h, h, h}, {h, h, h}}, past = {{-h, -h, -h}, {h, h, h}};
    EXPECT_TRUE(col_overlap_aabb_aabb(&big, &corner));
    EXPECT_TRUE(col_overlap_aabb_aabb(&corner, &big));
    past.max.z = std::nextafter(h, static_cast<col_real>(INFINITY));
    EXPECT_FALSE(col_overlap_aabb_aabb(&big, &past));
    EXPECT_FALSE(col_overlap_aabb_aabb(&past, &big));
}

// Each number of the box or the sphere, in turn, made invalid on an
// overlapping pair (and a box's min above its max, a negative radius): no,
// from the public test and the batch (one kernel, two lanes on x86-64).
TEST(AabbSphere, EachInvalidNumberAnswersNo) {
    const double huge = static_cast<double>(COL_HUGE);
    const double bad[] = {std::nan(""), INFINITY, -INFINITY, 2 * huge, -2 * huge};
    for (int k = 0; k < 10; ++k)
        for (double v : bad) {
            col_aabb b = {{0, 0, 0}, {2, 2, 2}};
            col_sphere s = {{2.5, 1, 1}, 1};
            ASSERT_TRUE(col_overlap_aabb_sphere(&b, &s));
            if (k < 6)
                (&b.min.x)[k] = static_cast<col_real>(v);
            else
                (&s.c.x)[k - 6] = static_cast<col_real>(v);
            EXPECT_FALSE(col_overlap_aabb_sphere(&b, &s)) << k << " " << v;
            unsigned char out = 1;
            EXPECT_EQ(col_overlap_many(COL_SHAPE_AABB, &b, COL_SHAPE_SPHERE, &s, false, 1, &out), 0u);
            EXPECT_EQ(out, 0) << k << " " << v;
        }
    for (int k = 0; k < 3; ++k) { // min above max on one axis, the sphere over both
        col_aabb b = {{0, 0, 0}, {2, 2, 2}};
        col_sphere s = {{1, 1, 1}, 5};
        (&b.min.x)[k] = 3;
        EXPECT_FALSE(col_overlap_aabb_sphere(&b, &s)) << k;
    }
    col_aabb b = {{0, 0, 0}, {2, 2, 2}};
    col_sphere s = {{1, 1, 1}, -1};
    EXPECT_FALSE(col_overlap_aabb_sphere(&b, &s));
    s.r = -0.0; // a point in the box
    EXPECT_TRUE(col_overlap_aabb_sphere(&b, &s));
}

TEST(AabbSphere, ArvoFacesEdgesAndCorners) {
    col_shape box = Aabb(0, 0, 0, 1, 1, 1);
    EXPECT_TRUE(OverlapEverywhere(box, Sphere(0.5, 0.5, 0.5, 0.125))); // inside
    EXPECT_TRUE(OverlapEverywhere(box, Sphere(2, 0.5, 0.5, 1)));       // face touch
    EXPECT_FALSE(OverlapEverywhere(box, Sphere(2 + kGap, 0.5, 0.5, 1)));
    // edge region: centre offset (0.75, 1, 0) from the edge x = y = 1 -> distance exactly 1.25.
    EXPECT_TRUE(OverlapEverywhere(box, Sphere(1.75, 2, 0.5, 1.25)));
    EXPECT_FALSE(Overlap(box, Sphere(1.75, 2, 0.5, In(1.25))));
    // vertex region: offset (1, 2, 2) from the corner (1,1,1) -> distance 3.
    EXPECT_TRUE(OverlapEverywhere(box, Sphere(2, 3, 3, 3)));
    EXPECT_FALSE(Overlap(box, Sphere(2, 3, 3, In(3))));
    // A sphere containing the box, and a point on a face.
    EXPECT_TRUE(Overlap(box, Sphere(0.5, 0.5, 0.5, 10)));
    EXPECT_TRUE(Overlap(box, Point(1, 0.5, 0.25)));
    EXPECT_FALSE(Overlap(box, Point(1 + kGap, 0.5, 0.25)));
}

TEST(ObbSphere, SphereMeetsARotatedBoxAtItsCorner) {
    // A cube of half size 1 turned 45 degrees about z: its corner is at x = sqrt 2.
    col_shape box = Obb(V(0, 0, 0), V(1, 1, 1), RotZ(M_PI / 4));
    EXPECT_TRUE(Overlap(box, Sphere(kSqrt2 + 1, 0, 0, In(1) * 1.0001)));
    EXPECT_FALSE(Overlap(box, Sphere(kSqrt2 + 1, 0, 0, 0.9999)));
    // A sphere that would overlap the axis-aligned box but misses the rotated one.
    EXPECT_TRUE(Overlap(Aabb(-1, -1, -1, 1, 1, 1), Sphere(1.5, 1.5, 0, 0.75)));
    EXPECT_FALSE(Overlap(box, Sphere(1.5, 1.5, 0, 0.75 * 0.5)));
    EXPECT_TRUE(Overlap(box, Point(0.5, 0.5, 0.5)));
    EXPECT_FALSE(Overlap(box, Point(1, 1, 0))); // outside the diamond |x|+|y| <= sqrt 2
}

TEST(ObbObb, IdenticalAndContainedBoxesOverlap) {
    col_mat3 r = RotAxis(V(1, 2, 3), 0.7);
    col_shape a = Obb(V(1, 2, 3), V(1, 0.5, 0.25), r);
    EXPECT_TRUE(Overlap(a, a));
    EXPECT_TRUE(Overlap(a, Obb(V(1, 2, 3), V(0.1, 0.1, 0.1), RotAxis(V(-1, 0, 1), 0.3))));
}

TEST(ObbObb, FaceAxisSeparationIsExactForAxisAlignedBoxes) {
    col_mat3 id = col_m3_identity();
    col_shape a = Obb(V(0, 0, 0), V(1, 1, 1), id);
    EXPECT_TRUE(OverlapEverywhere(a, Obb(V(2, 0, 0), V(1, 1, 1), id)));         // face to face
    EXPECT_TRUE(OverlapEverywhere(a, Obb(V(2, 2, 2), V(1, 1, 1), id)));         // corner to corner
    EXPECT_FALSE(OverlapEverywhere(a, Obb(V(2 + kGap, 0, 0), V(1, 1, 1), id))); // parallel faces, gap
    // Parallel edges: every cross axis is degenerate and skipped; the face axes decide.
    EXPECT_FALSE(OverlapEverywhere(a, Obb(V(2 + kGap, 2, 0), V(1, 1, 1), id)));
}

TEST(ObbObb, AgreesWithAabbAabbOnAxisAlignedBoxes) {
    // A deterministic grid of boxes with dyadic coordinates: exact in both precisions.
    int checked = 0, hits = 0;
    for (int i = 0; i < 6; ++i)
        for (int j = 0; j < 6; ++j)
            for (int k = 0; k < 4; ++k) {
                double cx = 0.5 * i - 1, cy = 0.25 * j - 0.5, cz = 0.5 * k - 0.75;
                double hx = 0.25 + 0.25 * (i % 3), hy = 0.5, hz = 0.125 * (1 + k);
                col_shape o1 = Obb(V(0, 0, 0), V(0.5, 0.75, 0.5), col_m3_identity());
                col_shape o2 = Obb(V(cx, cy, cz), V(hx, hy, hz), col_m3_identity());
                col_shape a1 = Aabb(-0.5, -0.75, -0.5, 0.5, 0.75, 0.5);
                col_shape a2 = Aabb(cx - hx, cy - hy, cz - hz, cx + hx, cy + hy, cz + hz);
                bool o = Overlap(o1, o2);
                EXPECT_EQ(o, Overlap(a1, a2)) << cx << " " << cy << " " << cz;
                EXPECT_EQ(o, Overlap(a1, o2));
                hits += o;
                ++checked;
            }
    EXPECT_GT(hits, checked / 5);
    EXPECT_LT(hits, checked * 4 / 5);
}

TEST(ObbObb, CrossedRidgesAreSeparatedOnlyByTheEdgeAxis) {
    // A is turned 45 degrees about x: its top ridge runs along x at z = sqrt 2.
    // B is turned 45 degrees about y: its bottom ridge runs along y at z = h - sqrt 2.
    // The ridges cross; only the edge-edge axis x cross y = z separates them, for h > 2 sqrt 2.
    col_shape a = Obb(V(0, 0, 0), V(1, 1, 1), RotAxis(V(1, 0, 0), M_PI / 4));
    auto b = [](double h) { return Obb(V(0, 0, h), V(1, 1, 1), RotAxis(V(0, 1, 0), M_PI / 4)); };
    double h = 2 * kSqrt2;
    EXPECT_TRUE(Overlap(a, b(In(h) * 0.9999)));
    EXPECT_TRUE(Overlap(a, b(In(h))));
    EXPECT_FALSE(Overlap(a, b(Out(h))));
    EXPECT_FALSE(Overlap(a, b(h * 1.0001)));
    // The textbook epsilon (1e-6 added to |R|) would report overlap here; we do not fatten.
    EXPECT_FALSE(Overlap(a, b(h + 1e-5)));
}

TEST(ObbObb, NearlyParallelBoxesAreNotFattened) {
    // B is A turned by a tiny angle and moved along x to leave a small gap.
    col_shape a = Obb(V(0, 0, 0), V(1, 1, 1), col_m3_identity());
    double angle = 1e-7;
    // Turned about x, B's half width along x stays 1: the gap is exactly the offset minus 2.
    col_mat3 r = RotAxis(V(1, 0, 0), angle);
    EXPECT_FALSE(Overlap(a, Obb(V(2 + 1e-4, 0, 0), V(1, 1, 1), r)));
    EXPECT_TRUE(Overlap(a, Obb(V(2 - 1e-4, 0, 0), V(1, 1, 1), r)));
    // Turned about z, the corner reaches out by sin(angle): overlap only within that.
    col_mat3 rz = RotZ(1e-3);
    double reach = std::cos(1e-3) + std::sin(1e-3);
    EXPECT_TRUE(Overlap(a, Obb(V(1 + reach * (1 - 1e-6), 0, 0), V(1, 1, 1), rz)));
    EXPECT_FALSE(Overlap(a, Obb(V(1 + reach * (1 + 1e-6), 0, 0), V(1, 1, 1), rz)));
}

TEST(ObbObb, FarFromTheOriginBehavesTheSame) {
    // At 1e6 a float has a resolution of 1/16, a double of 1e-10: the gap is a few of those.
    double gap = sizeof(col_real) == sizeof(float) ? 0.1 : 1e-3;
    col_shape a = Obb(V(0, 0, 0), V(1, 1, 1), RotAxis(V(1, 0, 0), M_PI / 4));
    col_shape b = Obb(V(0, 0, 2 * kSqrt2 * (1 + gap)), V(1, 1, 1), RotAxis(V(0, 1, 0), M_PI / 4));
    col_shape c = Obb(V(0, 0, 2 * kSqrt2 * (1 - gap)), V(1, 1, 1), RotAxis(V(0, 1, 0), M_PI / 4));
    col_vec3 far = V(1e6, -1e6, 1e6);
    EXPECT_FALSE(Overlap(Translated(a, far), Translated(b, far)));
    EXPECT_TRUE(Overlap(Translated(a, far), Translated(c, far)));
}

TEST(ObbObb, ZeroExtentsAndInvalidAxes) {
    col_mat3 id = col_m3_identity();
    col_shape flat = Obb(V(0, 0, 0), V(1, 1, 0), id); // a square face
    // B's axes are turned about z with u2 = (0, 0, 1) exactly, so B's bottom face is at z = 0.
    col_mat3 turn = col_m3_cols(V(0.6, 0.8, 0), V(-0.8, 0.6, 0), V(0, 0, 1));
    EXPECT_TRUE(OverlapEverywhere(flat, Obb(V(0, 0, 1), V(0.5, 0.5, 1), turn))); // touching from above
    EXPECT_FALSE(OverlapEverywhere(flat, Obb(V(0, 0, 1 + kGap), V(0.5, 0.5, 1), turn)));
    col_shape bad = Obb(V(0, 0, 0), V(1, 1, 1), col_m3_cols(V(1, 0, 0), V(1, 1, 0), V(0, 0, 1)));
    EXPECT_FALSE(Overlap(bad, flat));
}

TEST(AabbObb, RotatedBoxAgainstAxisAlignedBox) {
    col_shape a = Aabb(-1, -1, -1, 1, 1, 1);
    col_shape diamond = Obb(V(1 + kSqrt2, 0, 0), V(1, 1, 1), RotZ(M_PI / 4)); // corner touches face x = 1
    EXPECT_TRUE(Overlap(a, Obb(V(1 + kSqrt2 * 0.9999, 0, 0), V(1, 1, 1), RotZ(M_PI / 4))));
    EXPECT_FALSE(Overlap(a, Obb(V(1 + kSqrt2 * 1.0001, 0, 0), V(1, 1, 1), RotZ(M_PI / 4))));
    (void)diamond;
}

TEST(AabbSegment, ThroughAlongAndBeside) {
    col_shape box = Aabb(0, 0, 0, 1, 1, 1);
    EXPECT_TRUE(OverlapEverywhere(box, Segment(V(-1, 0.5, 0.5), V(2, 0.5, 0.5))));     // through
    EXPECT_TRUE(OverlapEverywhere(box, Segment(V(0.5, 0.5, 0.5), V(0.75, 0.5, 0.5)))); // inside
    EXPECT_TRUE(OverlapEverywhere(box, Segment(V(-1, 1, 1), V(2, 1, 1))));             // along an edge
    EXPECT_TRUE(OverlapEverywhere(box, Segment(V(1, 0.5, 0.5), V(2, 0.5, 0.5))));      // endpoint on a face
    EXPECT_FALSE(OverlapEverywhere(box, Segment(V(1 + kGap, 0.5, 0.5), V(2, 0.5, 0.5))));
    EXPECT_FALSE(OverlapEverywhere(box, Segment(V(-1, 1.5, 0.5), V(2, 1.5, 0.5))));   // parallel, beside
    EXPECT_TRUE(OverlapEverywhere(box, Segment(V(0.5, 0.5, 0.5), V(0.5, 0.5, 0.5)))); // point inside
    EXPECT_FALSE(OverlapEverywhere(box, Segment(V(1.5, 0.5, 0.5), V(1.5, 0.5, 0.5))));
}

TEST(AabbSegment, DiagonalPassingACornerNeedsTheCrossAxes) {
    // The segment lies on the line x + y = 2 at z = 0.5: it touches the edge x = y = 1.
    // Its bounding box overlaps the cube, so only a cross axis can separate.
    col_shape box = Aabb(0, 0, 0, 1, 1, 1);
    EXPECT_TRUE(OverlapEverywhere(box, Segment(V(2, 0, 0.5), V(0, 2, 0.5))));
    EXPECT_FALSE(OverlapEverywhere(box, Segment(V(2 + kGap, 0, 0.5), V(0, 2 + kGap, 0.5))));
    // A diagonal through the cube's corner region in 3D.
    EXPECT_TRUE(OverlapEverywhere(box, Segment(V(2, 0, 0), V(0, 0, 2)))); // touches the corner (1, 0, 1)
    EXPECT_FALSE(OverlapEverywhere(box, Segment(V(2 + kGap, 0, 0), V(0, 0, 2 + kGap))));
    EXPECT_FALSE(Overlap(box, Segment(V(3, 0.5, 0), V(0, 0.5, 3))));
}

TEST(ObbSegment, SegmentInTheBoxFrame) {
    col_shape box = Obb(V(0, 0, 0), V(1, 1, 1), RotZ(M_PI / 4)); // diamond in xy, corners at sqrt 2
    EXPECT_TRUE(Overlap(box, Segment(V(-3, 0, 0), V(3, 0, 0))));
    EXPECT_TRUE(Overlap(box, Segment(V(kSqrt2 * 0.9999, 0, 0), V(3, 0, 0))));
    EXPECT_FALSE(Overlap(box, Segment(V(kSqrt2 * 1.0001, 0, 0), V(3, 0, 0))));
    // Parallel to a face of the diamond, just outside it.
    EXPECT_FALSE(Overlap(box, Segment(V(kSqrt2 * 1.0001, 0, 0), V(0, kSqrt2 * 1.0001, 0))));
    EXPECT_TRUE(Overlap(box, Segment(V(kSqrt2 * 0.9999, 0, 0), V(0, kSqrt2 * 0.9999, 0))));
    // A segment the bounding box would accept but the box rejects.
    EXPECT_FALSE(Overlap(box, Segment(V(1.2, 1.2, -5), V(1.2, 1.2, 5))));
}

TEST(ObbToAabb, RotatedCubeGrowsBySqrt2) {
    col_obb o = Obb(V(1, 2, 3), V(1, 1, 1), RotZ(M_PI / 4)).u.obb;
    col_aabb b = col_aabb_from_obb(&o);
    EXPECT_NEAR(b.min.x, 1 - kSqrt2, Ulps(4));
    EXPECT_NEAR(b.max.y, 2 + kSqrt2, Ulps(4));
    EXPECT_NEAR(b.min.z, 2, Ulps(4));
    EXPECT_NEAR(b.max.z, 4, Ulps(4));
    col_obb bad = o;
    bad.e.x = R(kNaN);
    col_aabb z = col_aabb_from_obb(&bad); // the empty box: rejected by the validator
    EXPECT_FALSE(col_aabb_is_valid(&z));
    EXPECT_GT(z.min.x, z.max.x);
    EXPECT_EQ(z.min.x, R(kInf));
    EXPECT_EQ(z.max.z, -R(kInf));
}

TEST(ObbToAabb, ContainsEveryCorner) {
    col_obb o = Obb(V(0.5, -1, 2), V(1, 2, 0.5), RotAxis(V(1, -2, 0.5), 1.1)).u.obb;
    col_aabb b = col_aabb_from_obb(&o);
    for (int i = 0; i < 8; ++i) {
        col_vec3 p = o.c;
        for (int k = 0; k < 3; ++k) p = col_v3_madd(p, ((i >> k) & 1 ? 1 : -1) * col_v3_get(o.e, k), o.u[k]);
        EXPECT_GE(p.x, b.min.x - Ulps(4));
        EXPECT_LE(p.x, b.max.x + Ulps(4));
        EXPECT_GE(p.y, b.min.y - Ulps(4));
        EXPECT_LE(p.z, b.max.z + Ulps(4));
    }
}

TEST(TransformAabb, ArvoRotationScaleAndTranslation) {
    col_aabb b = Aabb(0, 0, 0, 1, 2, 3).u.aabb;
    // Quarter turn about z maps (x, y) to (-y, x).
    col_mat3 r = col_m3_cols(V(0, 1, 0), V(-1, 0, 0), V(0, 0, 1));
    col_aabb t = col_aabb_transform(&b, r, V(10, 0, 0));
    EXPECT_EQ(t.min.x, R(8));
    EXPECT_EQ(t.max.x, R(10));
    EXPECT_EQ(t.min.y, R(0));
    EXPECT_EQ(t.max.y, R(1));
    EXPECT_EQ(t.max.z, R(3));
    // Negative scale flips min and max.
    col_mat3 s = col_m3_cols(V(-2, 0, 0), V(0, 1, 0), V(0, 0, 0.5));
    t = col_aabb_transform(&b, s, V(0, 0, 0));
    EXPECT_EQ(t.min.x, R(-2));
    EXPECT_EQ(t.max.x, R(0));
    EXPECT_EQ(t.max.z, R(1.5));
    // Equals col_aabb_from_obb for a rotation of the box about its centre.
    col_mat3 rot = RotAxis(V(1, 1, 0), 0.4);
    col_aabb c = Aabb(-1, -2, -0.5, 1, 2, 0.5).u.aabb;
    col_aabb viaT = col_aabb_transform(&c, rot, V(3, 4, 5));
    col_obb o = col_obb_make(V(3, 4, 5), V(1, 2, 0.5), rot);
    col_aabb viaO = col_aabb_from_obb(&o);
    EXPECT_NEAR(viaT.min.x, viaO.min.x, Ulps(8, 8));
    EXPECT_NEAR(viaT.max.z, viaO.max.z, Ulps(8, 8));
    col_mat3 nan = r;
    nan.c1.x = R(kNaN);
    t = col_aabb_transform(&b, nan, V(0, 0, 0));
    EXPECT_FALSE(col_aabb_is_valid(&t));
    EXPECT_EQ(t.min.x, R(kInf));
}
