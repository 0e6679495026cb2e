// Tests against a plane: classification of every shape, segment-plane,
// triangle-plane, three planes, closest points of two lines.
#include "helpers.h"

using namespace ct;

namespace {

col_side Classify(const col_shape &s, const col_shape &plane) {
    col_side side = col_classify(&s, &plane.u.plane);
    // overlap through the dispatch agrees with the classification, both ways
    if (side != COL_SIDE_INVALID) {
        EXPECT_EQ(Overlap(s, plane), side == COL_STRADDLE);
    }
    return side;
}

const col_shape kGround = Plane(0, 0, 1, 0); // z = 0, front is +z

} // namespace

TEST(ClassifyPoint, SignOfTheDistanceAndZeroStraddles) {
    EXPECT_EQ(Classify(Point(5, -3, 1e-30), kGround), COL_FRONT);
    EXPECT_EQ(Classify(Point(5, -3, -1e-30), kGround), COL_BACK);
    EXPECT_EQ(Classify(Point(5, -3, 0), kGround), COL_STRADDLE);
    EXPECT_EQ(Classify(Point(5, -3, -0.0), kGround), COL_STRADDLE);
}

TEST(ClassifySphere, TouchingEitherSideStraddles) {
    EXPECT_EQ(Classify(Sphere(0, 0, 2, 1), kGround), COL_FRONT);
    EXPECT_EQ(Classify(Sphere(0, 0, 1, 1), kGround), COL_STRADDLE);
    EXPECT_EQ(Classify(Sphere(0, 0, -1, 1), kGround), COL_STRADDLE);
    EXPECT_EQ(Classify(Sphere(0, 0, -1.5, 1), kGround), COL_BACK);
    EXPECT_EQ(Classify(Sphere(0, 0, 0, 0), kGround), COL_STRADDLE); // a point on the plane
    EXPECT_EQ(Classify(Sphere(0, 0, 0.25, 0), kGround), COL_FRONT); // a point in front
}

TEST(ClassifySphere, TiltedPlaneSeedCase) {
    // Plane x + y + z = 3 (normalized); the sphere at the origin touches it when r = sqrt(3).
    col_shape pl = Plane(1, 1, 1, 3);
    EXPECT_EQ(Classify(Sphere(0, 0, 0, std::sqrt(3.0) * (1 - 1e-4)), pl), COL_BACK);
    EXPECT_EQ(Classify(Sphere(0, 0, 0, std::sqrt(3.0) * (1 + 1e-4)), pl), COL_STRADDLE);
    EXPECT_EQ(Classify(Sphere(4, 4, 4, 1), pl), COL_FRONT);
}

TEST(ClassifySegmentAndTriangle, VerticesDecide) {
    EXPECT_EQ(Classify(Segment(V(0, 0, 1), V(1, 1, 2)), kGround), COL_FRONT);
    EXPECT_EQ(Classify(Segment(V(0, 0, 1), V(1, 1, -2)), kGround), COL_STRADDLE);
    EXPECT_EQ(Classify(Segment(V(0, 0, 0), V(1, 1, 2)), kGround), COL_STRADDLE); // endpoint touches
    EXPECT_EQ(Classify(Segment(V(0, 0, -1), V(0, 0, -1)), kGround), COL_BACK);   // zero length
    EXPECT_EQ(Classify(Triangle(V(0, 0, 1), V(1, 0, 2), V(0, 1, 3)), kGround), COL_FRONT);
    EXPECT_EQ(Classify(Triangle(V(0, 0, 0), V(1, 0, 2), V(0, 1, 3)), kGround), COL_STRADDLE); // vertex touches
    EXPECT_EQ(Classify(Triangle(V(0, 0, -1), V(1, 0, -2), V(0, 1, -3)), kGround), COL_BACK);
    EXPECT_EQ(Classify(Triangle(V(0, 0, 0), V(1, 0, 0), V(0, 1, 0)), kGround), COL_STRADDLE); // in the plane
}

TEST(ClassifyCapsule, EndpointsAgainstTheRadius) {
    EXPECT_EQ(Classify(Capsule(V(0, 0, 1.5), V(3, 0, 4), 1), kGround), COL_FRONT);
    EXPECT_EQ(Classify(Capsule(V(0, 0, 1), V(3, 0, 4), 1), kGround), COL_STRADDLE); // lower cap touches
    EXPECT_EQ(Classify(Capsule(V(0, 0, -1.5), V(3, 0, -1.25), 1), kGround), COL_BACK);
    EXPECT_EQ(Classify(Capsule(V(0, 0, 1), V(0, 0, -1), 0), kGround), COL_STRADDLE);
}

TEST(ClassifyAabb, NearestAndFarthestVertices) {
    EXPECT_EQ(Classify(Aabb(0, 0, 0.5, 1, 1, 2), kGround), COL_FRONT);
    EXPECT_EQ(Classify(Aabb(0, 0, 0, 1, 1, 2), kGround), COL_STRADDLE);  // face on the plane
    EXPECT_EQ(Classify(Aabb(0, 0, -2, 1, 1, 0), kGround), COL_STRADDLE); // face on the plane from behind
    EXPECT_EQ(Classify(Aabb(0, 0, -2, 1, 1, -1), kGround), COL_BACK);
    // Plane x + y = 2 touches the box [0,1]^3 only at its edge x = y = 1.
    col_shape diag = Plane(1, 1, 0, 2); // normalized: (x + y) / sqrt 2 = 2 / sqrt 2
    EXPECT_EQ(Classify(Aabb(0, 0, 0, 1, 1, 1), diag), COL_STRADDLE);
    EXPECT_EQ(Classify(Aabb(0, 0, 0, 0.875, 1, 1), diag), COL_BACK);
    EXPECT_EQ(Classify(Aabb(1.125, 1, 0, 2, 2, 1), diag), COL_FRONT);
    // A zero-extent box is a point.
    EXPECT_EQ(Classify(Aabb(2, 2, 0, 2, 2, 0), kGround), COL_STRADDLE);
}

TEST(ClassifyObb, ProjectedRadius) {
    // A unit-half cube turned 45 degrees about x has its ridge at z = c + sqrt 2.
    col_mat3 rot = RotAxis(V(1, 0, 0), M_PI / 4);
    double r = std::sqrt(2.0);
    EXPECT_EQ(Classify(Obb(V(0, 0, r * (1 + 1e-4)), V(1, 1, 1), rot), kGround), COL_FRONT);
    EXPECT_EQ(Classify(Obb(V(0, 0, r * (1 - 1e-4)), V(1, 1, 1), rot), kGround), COL_STRADDLE);
    EXPECT_EQ(Classify(Obb(V(0, 0, -2), V(1, 1, 1), col_m3_identity()), kGround), COL_BACK);
    EXPECT_EQ(Classify(Obb(V(0, 0, -1), V(1, 1, 1), col_m3_identity()), kGround), COL_STRADDLE); // touching
}

TEST(ClassifyEllipsoid, SupportRadiusAlongTheNormal) {
    // Radii (1, 2, 3): support along z is 3, along x is 1.
    EXPECT_EQ(Classify(Ellipsoid(0, 0, 3, 1, 2, 3), kGround), COL_STRADDLE);
    EXPECT_EQ(Classify(Ellipsoid(0, 0, 3.25, 1, 2, 3), kGround), COL_FRONT);
    EXPECT_EQ(Classify(Ellipsoid(-1, 0, 0, 1, 2, 3), Plane(1, 0, 0, 0)), COL_STRADDLE);
    EXPECT_EQ(Classify(Ellipsoid(-1.25, 0, 0, 1, 2, 3), Plane(1, 0, 0, 0)), COL_BACK);
    // Along (0, 3, 4)/5 the support radius is sqrt((0.6*2)^2 + (0.8*3)^2) = sqrt(7.2).
    col_shape tilted = Plane(0, 3, 4, 0);
    double k = std::sqrt(7.2);
    EXPECT_EQ(Classify(Ellipsoid(0, 0.6 * k * 1.001, 0.8 * k * 1.001, 1, 2, 3), tilted), COL_FRONT);
    EXPECT_EQ(Classify(Ellipsoid(0, 0.6 * k * 0.999, 0.8 * k * 0.999, 1, 2, 3), tilted), COL_STRADDLE);
    // A flattened ellipsoid (rz = 0) lying on the plane straddles; just above it is in front.
    EXPECT_EQ(Classify(Ellipsoid(0, 0, 0, 5, 5, 0), kGround), COL_STRADDLE);
    EXPECT_EQ(Classify(Ellipsoid(0, 0, 1e-6, 5, 5, 0), kGround), COL_FRONT);
}

TEST(Classify, FarFromTheOriginGivesTheSameSides) {
    const col_shape shapes[] = {Sphere(0, 0, 1, 1),
                                Aabb(0, 0, 0, 1, 1, 2),
                                Segment(V(0, 0, 0.5), V(1, 0, 2)),
                                Triangle(V(0, 0, -1), V(1, 0, -2), V(0, 1, -0.5)),
                                Capsule(V(0, 0, 1), V(3, 0, 4), 1),
                                Ellipsoid(0, 0, 3, 1, 2, 3),
                                Point(0, 0, 0)};
    col_vec3 far = V(1048576.0, -1048576.0, 1048576.0);
    for (const col_shape &s : shapes) {
        col_shape ts = Translated(s, far), tp = Translated(kGround, far);
        EXPECT_EQ(col_classify(&s, &kGround.u.plane), col_classify(&ts, &tp.u.plane)) << col_shape_kind_name(s.kind);
    }
}

TEST(Classify, InvalidInputIsReportedNotGuessed) {
    col_shape s = Sphere(kNaN, 0, 0, 1);
    EXPECT_EQ(col_classify(&s, &kGround.u.plane), COL_SIDE_INVALID);
    s = Sphere(0, 0, 0, 1);
    col_plane bad = {V(0, 0, 0), R(0)};
    EXPECT_EQ(col_classify(&s, &bad), COL_SIDE_INVALID);
    col_shape c = Circle(0, 0, 1);
    EXPECT_EQ(col_classify(&c, &kGround.u.plane), COL_SIDE_INVALID);
    EXPECT_FALSE(col_classify_supported(COL_SHAPE_PLANE));
    EXPECT_FALSE(col_classify_supported(COL_SHAPE_RECT));
    EXPECT_TRUE(col_classify_supported(COL_SHAPE_ELLIPSOID));
}

TEST(SegmentPlane, ParameterAndPoint) {
    col_segment s = {V(1, 2, 3), V(1, 2, -1)};
    col_segment_plane_hit h = col_intersect_segment_plane(&s, &kGround.u.plane);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_EQ(h.t, R(0.75));
    EXPECT_EQ(h.point.z, R(0));
    EXPECT_EQ(h.point.x, R(1));
    EXPECT_FALSE(h.in_plane);
}

TEST(SegmentPlane, EndpointsGiveExactlyZeroAndOne) {
    col_segment s = {V(0.1, 0.2, 0), V(1.0 / 3, 5, 7)};
    col_segment_plane_hit h = col_intersect_segment_plane(&s, &kGround.u.plane);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_EQ(h.t, R(0));
    EXPECT_EQ(h.point.x, R(0.1));
    col_segment e = {V(1.0 / 3, 5, 7), V(0.1, 0.2, 0)};
    h = col_intersect_segment_plane(&e, &kGround.u.plane);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_EQ(h.t, R(1));
    EXPECT_EQ(h.point.y, R(0.2));
}

TEST(SegmentPlane, ParallelSegmentsMissOrLieInThePlane) {
    col_segment above = {V(0, 0, 1), V(5, 5, 1)};
    EXPECT_EQ(col_intersect_segment_plane(&above, &kGround.u.plane).status, COL_MISS);
    col_segment in = {V(0, 0, 0), V(5, 5, 0)};
    col_segment_plane_hit h = col_intersect_segment_plane(&in, &kGround.u.plane);
    EXPECT_EQ(h.status, COL_HIT);
    EXPECT_TRUE(h.in_plane);
    EXPECT_EQ(h.t, R(0));
    col_segment pt = {V(2, 2, 0), V(2, 2, 0)};
    h = col_intersect_segment_plane(&pt, &kGround.u.plane);
    EXPECT_EQ(h.status, COL_HIT);
    EXPECT_TRUE(h.in_plane);
}

TEST(SegmentPlane, SameSideMissesAndInvalidIsReported) {
    col_segment s = {V(0, 0, 1), V(0, 0, 1e-30)};
    EXPECT_EQ(col_intersect_segment_plane(&s, &kGround.u.plane).status, COL_MISS);
    col_segment n = {V(0, 0, kNaN), V(0, 0, -1)};
    EXPECT_EQ(col_intersect_segment_plane(&n, &kGround.u.plane).status, COL_INVALID);
}

TEST(SegmentPlane, HitPointLiesOnTheSegmentFarFromTheOrigin) {
    col_shape pl = Plane(0, 0, 1, 1e6);
    col_segment s = {V(1e6, 1e6, 1e6 - 1.0 / 3), V(1e6 + 1, 1e6, 1e6 + 2.0 / 3)};
    col_segment_plane_hit h = col_intersect_segment_plane(&s, &pl.u.plane);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_NEAR(h.t, 1.0 / 3, Ulps(1e6, 4));
    EXPECT_NEAR(h.point.z, 1e6, Ulps(1e6, 4));
    EXPECT_GE(h.point.x, s.a.x);
    EXPECT_LE(h.point.x, s.b.x);
}

TEST(TrianglePlane, CrossingGivesTheSegmentOnBothEdges) {
    col_triangle t = {V(0, 0, -1), V(2, 0, 1), V(0, 2, 1)};
    col_triangle_plane_hit h = col_intersect_triangle_plane(&t, &kGround.u.plane);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_EQ(h.side, COL_STRADDLE);
    EXPECT_FALSE(h.coplanar);
    EXPECT_EQ(h.p.z, R(0));
    EXPECT_EQ(h.q.z, R(0));
    // crossings at the midpoints of edges ab and ca
    EXPECT_EQ(h.p.x, R(1));
    EXPECT_EQ(h.p.y, R(0));
    EXPECT_EQ(h.q.x, R(0));
    EXPECT_EQ(h.q.y, R(1));
}

TEST(TrianglePlane, VertexEdgeAndCoplanarContacts) {
    col_triangle vtx = {V(1, 1, 0), V(2, 0, 1), V(0, 2, 1)};
    col_triangle_plane_hit h = col_intersect_triangle_plane(&vtx, &kGround.u.plane);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_EQ(h.p.x, R(1));
    EXPECT_EQ(h.q.x, R(1)); // a single point
    col_triangle edge = {V(0, 0, 0), V(3, 0, 0), V(0, 1, -2)};
    h = col_intersect_triangle_plane(&edge, &kGround.u.plane);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_EQ(h.p.x, R(0));
    EXPECT_EQ(h.q.x, R(3));
    col_triangle in = {V(0, 0, 0), V(3, 0, 0), V(0, 1, 0)};
    h = col_intersect_triangle_plane(&in, &kGround.u.plane);
    EXPECT_EQ(h.status, COL_HIT);
    EXPECT_TRUE(h.coplanar);
    col_triangle vertex_and_cross = {V(0, 0, 0), V(2, 0, 1), V(2, 0, -1)}; // one vertex on, opposite edge crosses
    h = col_intersect_triangle_plane(&vertex_and_cross, &kGround.u.plane);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_EQ(h.p.x, R(0));
    EXPECT_EQ(h.q.x, R(2));
    EXPECT_EQ(h.q.z, R(0));
}

TEST(TrianglePlane, MissReportsTheSide) {
    col_triangle t = {V(0, 0, 1), V(2, 0, 1), V(0, 2, 3)};
    col_triangle_plane_hit h = col_intersect_triangle_plane(&t, &kGround.u.plane);
    EXPECT_EQ(h.status, COL_MISS);
    EXPECT_EQ(h.side, COL_FRONT);
    col_triangle bad = {V(0, 0, 1), V(2, kInf, 1), V(0, 2, 3)};
    EXPECT_EQ(col_intersect_triangle_plane(&bad, &kGround.u.plane).status, COL_INVALID);
}

TEST(ThreePlanes, CoordinatePlanesMeetAtTheirOffsets) {
    col_shape a = Plane(1, 0, 0, 1), b = Plane(0, 1, 0, -2), c = Plane(0, 0, 2, 6);
    col_three_planes_hit h = col_intersect_three_planes(&a.u.plane, &b.u.plane, &c.u.plane);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_EQ(h.point.x, R(1));
    EXPECT_EQ(h.point.y, R(-2));
    EXPECT_EQ(h.point.z, R(3));
}

TEST(ThreePlanes, GeneralPointLiesOnAllThree) {
    col_shape a = Plane(1, 2, 3, 1.0 / 3), b = Plane(-1, 0.5, 2, 4), c = Plane(0.3, -1, 0.2, -2);
    col_three_planes_hit h = col_intersect_three_planes(&a.u.plane, &b.u.plane, &c.u.plane);
    ASSERT_EQ(h.status, COL_HIT);
    for (const col_shape *p : {&a, &b, &c}) EXPECT_NEAR(col_plane_signed_distance(&p->u.plane, h.point), 0, Ulps(16));
}

TEST(ThreePlanes, DependentNormalsHaveNoUniquePoint) {
    col_shape a = Plane(1, 0, 0, 1), b = Plane(1, 0, 0, 2), c = Plane(0, 0, 1, 0); // two parallel
    EXPECT_EQ(col_intersect_three_planes(&a.u.plane, &b.u.plane, &c.u.plane).status, COL_MISS);
    col_shape d = Plane(1, 1, 0, 0); // three normals in the xy plane: a line (a pencil)
    col_shape e = Plane(0, 1, 0, 0);
    EXPECT_EQ(col_intersect_three_planes(&a.u.plane, &d.u.plane, &e.u.plane).status, COL_MISS);
    col_plane bad = {V(0, 0, 0), R(0)};
    EXPECT_EQ(col_intersect_three_planes(&a.u.plane, &bad, &c.u.plane).status, COL_INVALID);
}

TEST(ClosestPointsLines, IntersectingLinesMeet) {
    col_line a = {V(0, 0, 0), V(2, 0, 0)}, b = {V(1, -1, 0), V(0, 4, 0)};
    col_line_line_result r = col_closest_points_lines(&a, &b);
    ASSERT_EQ(r.status, COL_HIT);
    EXPECT_FALSE(r.parallel);
    EXPECT_NEAR(r.s, 0.5, Ulps(1)); // parameters are in the given directions' units
    EXPECT_NEAR(r.t, 0.25, Ulps(1));
    EXPECT_NEAR(r.pa.x, 1, Ulps(1));
    EXPECT_NEAR(r.pb.y, 0, Ulps(1));
}

TEST(ClosestPointsLines, SkewLinesGiveTheCommonPerpendicular) {
    col_line a = {V(0, 0, 0), V(1, 0, 0)}, b = {V(3, 5, 2), V(0, 1, 0)};
    col_line_line_result r = col_closest_points_lines(&a, &b);
    ASSERT_EQ(r.status, COL_HIT);
    EXPECT_NEAR(r.pa.x, 3, Ulps(4));
    EXPECT_NEAR(r.pb.y, 0, Ulps(8));
    EXPECT_NEAR(r.pb.z, 2, Ulps(4));
    col_vec3 d = col_v3_sub(r.pb, r.pa);
    EXPECT_NEAR(col_v3_dot(d, a.d), 0, Ulps(8));
    EXPECT_NEAR(col_v3_dot(d, b.d), 0, Ulps(8));
}

TEST(ClosestPointsLines, ParallelLinesAreFlagged) {
    col_line a = {V(0, 0, 0), V(1, 1, 0)}, b = {V(0, 2, 0), V(-3, -3, 0)};
    col_line_line_result r = col_closest_points_lines(&a, &b);
    ASSERT_EQ(r.status, COL_HIT);
    EXPECT_TRUE(r.parallel);
    EXPECT_EQ(r.s, R(0));
    // pb is the projection of a.p on line b: distance sqrt 2
    EXPECT_NEAR(col_v3_len(col_v3_sub(r.pb, r.pa)), std::sqrt(2.0), Ulps(4));
    col_line z = {V(0, 0, 0), V(0, 0, 0)};
    EXPECT_EQ(col_closest_points_lines(&a, &z).status, COL_INVALID);
}
