// Moves through a world (collide/motion.h): positions, and each response
// (touch, cross, slide, bounce, none) on hand-derived scenes: where the mover
// stops (the skin short of the contact), the hits with their times, creases
// and corners, a floor of tiles, bodies overlapped at the start, thin walls at
// any speed; bad input; the lock; shapes that never drift from their form.
#include "helpers.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

using namespace ct;

namespace {

bool Same(col_vec3 a, col_vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

struct World {
    col_world *w = col_world_create();
    ~World() { col_world_destroy(w); }
    col_body_id Add(const col_shape &s, bool is_static = true) {
        col_body_def d = col_body_def_default();
        d.shape = s;
        d.is_static = is_static;
        col_body_id id = COL_BODY_NULL;
        EXPECT_EQ(col_world_add(w, &d, &id), COL_WORLD_OK);
        return id;
    }
    void Validate() {
        char why[256];
        EXPECT_TRUE(col_world_validate(w, why, sizeof why)) << why;
    }
};

struct Move {
    col_move_result r{};
    std::vector<col_move_hit> hits = std::vector<col_move_hit>(64);
    col_world_status st = COL_WORLD_OK;
    size_t Count() const { return r.hit_count; }
};

Move DoMove(col_world *w, col_body_id id, col_vec3 d, const col_move_def &def) {
    Move m;
    m.st = col_world_move(w, id, d, &def, m.hits.data(), m.hits.size(), &m.r);
    return m;
}

col_move_def Def(col_response r) {
    col_move_def d = col_move_def_default();
    d.response = r;
    return d;
}

col_vec3 Pos(col_world *w, col_body_id id) {
    col_vec3 p = V(kNaN, kNaN, kNaN);
    EXPECT_TRUE(col_world_position(w, id, &p));
    return p;
}

double Gap(col_world *w, col_body_id a, col_body_id b) {
    return static_cast<double>(col_distance(col_world_shape(w, a), col_world_shape(w, b)).distance);
}

const double kSkin = static_cast<double>(COL_WORLD_DEFAULT_SKIN);
const double kTol = sizeof(col_real) == sizeof(float) ? 2e-4 : 1e-12;
const double kSum = sizeof(col_real) == sizeof(float) ? 1e-3 : 1e-6; // sums of many moves

} // namespace

TEST(Motion, FreeMoveGoesAllTheWay) {
    World w;
    col_body_id s = w.Add(Sphere(0, 0, 0, 1), false);
    w.Add(Aabb(10, 10, 10, 11, 11, 11));
    Move m = DoMove(w.w, s, V(3, -2, 1), col_move_def_default());
    ASSERT_EQ(m.st, COL_WORLD_OK);
    EXPECT_EQ(m.Count(), 0u);
    EXPECT_TRUE(m.r.complete);
    EXPECT_EQ(m.r.segments, 1);
    EXPECT_TRUE(Same(Pos(w.w, s), V(3, -2, 1)));
    EXPECT_TRUE(Same(m.r.moved, V(3, -2, 1)));
    const col_shape *now = col_world_shape(w.w, s);
    EXPECT_TRUE(Same(now->u.sphere.c, V(3, -2, 1)));
    w.Validate();
}

TEST(Motion, TouchStopsTheSkinShortOfTheContact) {
    World w;
    col_body_id s = w.Add(Sphere(0, 0, 0, 1), false);
    col_body_id wall = w.Add(Aabb(5, -10, -10, 6, 10, 10));
    Move m = DoMove(w.w, s, V(10, 0, 0), Def(COL_RESPONSE_TOUCH));
    ASSERT_EQ(m.st, COL_WORLD_OK);
    ASSERT_EQ(m.Count(), 1u);
    const col_move_hit &h = m.hits[0];
    EXPECT_EQ(h.other, wall);
    EXPECT_EQ(h.response, COL_RESPONSE_TOUCH);
    EXPECT_NEAR(h.t, (4 - kSkin) / 10, kTol); // stopped the skin short of x = 4 (contact at 4 / 10)
    EXPECT_TRUE(Same(h.normal, V(-1, 0, 0)));
    EXPECT_NEAR(h.point.x, 5, kTol);
    EXPECT_FALSE(h.initially_overlapping);
    EXPECT_NEAR(Pos(w.w, s).x, 4 - kSkin, kTol);
    EXPECT_NEAR(h.position.x, 4 - kSkin, kTol);
    EXPECT_NEAR(Gap(w.w, s, wall), kSkin, kTol);
    EXPECT_TRUE(m.r.complete);
    w.Validate();
    // the next move starts clear: the wall is met again, not overlapped
    Move again = DoMove(w.w, s, V(1, 0, 0), Def(COL_RESPONSE_TOUCH));
    ASSERT_EQ(again.Count(), 1u);
    EXPECT_FALSE(again.hits[0].initially_overlapping);
    EXPECT_NEAR(Gap(w.w, s, wall), kSkin, kTol);
}

TEST(Motion, SlideKeepsTheTangentialPart) {
    World w;
    col_body_id s = w.Add(Sphere(0, 2, 0, 1), false);
    col_body_id floor = w.Add(Aabb(-100, -1, -100, 100, 0, 100));
    Move m = DoMove(w.w, s, V(10, -2, 0), col_move_def_default());
    ASSERT_EQ(m.st, COL_WORLD_OK);
    ASSERT_EQ(m.Count(), 1u);
    EXPECT_EQ(m.hits[0].other, floor);
    EXPECT_EQ(m.hits[0].response, COL_RESPONSE_SLIDE);
    EXPECT_NEAR(m.hits[0].t, 0.5 - kSkin / 2, kTol); // contact at 1/2, approaching at 2 a unit of time
    col_vec3 p = Pos(w.w, s);
    EXPECT_NEAR(p.x, 10, kSkin * 10); // the rest of the motion, along the floor
    EXPECT_NEAR(p.y, -1 + kSkin, kTol);
    EXPECT_EQ(p.z, 0);
    EXPECT_NEAR(Gap(w.w, s, floor), kSkin, kTol);
    EXPECT_TRUE(m.r.complete);
}

TEST(Motion, CrossPassesThroughAndReportsTheEntry) {
    World w;
    col_body_id s = w.Add(Sphere(0, 0, 0, 1), false);
    col_body_id zone = w.Add(Aabb(3, -1, -1, 4, 1, 1));
    Move m = DoMove(w.w, s, V(10, 0, 0), Def(COL_RESPONSE_CROSS));
    ASSERT_EQ(m.Count(), 1u);
    EXPECT_EQ(m.hits[0].other, zone);
    EXPECT_EQ(m.hits[0].response, COL_RESPONSE_CROSS);
    EXPECT_NEAR(m.hits[0].t, 0.2, kTol);
    EXPECT_NEAR(m.hits[0].position.x, 2, kTol);
    EXPECT_TRUE(Same(Pos(w.w, s), V(10, 0, 0)));
}

TEST(Motion, NoneIgnoresTheBody) {
    World w;
    col_body_id s = w.Add(Sphere(0, 0, 0, 1), false);
    w.Add(Aabb(3, -1, -1, 4, 1, 1));
    Move m = DoMove(w.w, s, V(10, 0, 0), Def(COL_RESPONSE_NONE));
    EXPECT_EQ(m.Count(), 0u);
    EXPECT_TRUE(Same(Pos(w.w, s), V(10, 0, 0)));
}

TEST(Motion, BounceBetweenTwoWallsCountsEveryApproach) {
    World w;
    col_body_id ball = w.Add(Sphere(0, 0, 0, 1), false);
    col_body_id right = w.Add(Aabb(3, -10, -10, 4, 10, 10));
    col_body_id left = w.Add(Aabb(-4, -10, -10, -3, 10, 10));
    // gap between the walls for the centre: [-2, 2]; 4 units each way
    Move m = DoMove(w.w, ball, V(13, 0, 0), Def(COL_RESPONSE_BOUNCE));
    ASSERT_EQ(m.st, COL_WORLD_OK);
    // 2 to the right wall, 4 back to the left, 4 to the right, 3 back
    ASSERT_EQ(m.Count(), 3u);
    EXPECT_EQ(m.hits[0].other, right);
    EXPECT_EQ(m.hits[1].other, left);
    EXPECT_EQ(m.hits[2].other, right);
    EXPECT_NEAR(m.hits[0].t, 2.0 / 13, 1e-3);
    EXPECT_NEAR(m.hits[1].t, 6.0 / 13, 1e-3);
    EXPECT_NEAR(m.hits[2].t, 10.0 / 13, 1e-3);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(m.hits[i].response, COL_RESPONSE_BOUNCE);
    EXPECT_NEAR(Pos(w.w, ball).x, -1, 1e-2);
    EXPECT_TRUE(m.r.complete);
}

TEST(Motion, BounceWithRestitutionShortensTheNormalPart) {
    World w;
    col_body_id ball = w.Add(Sphere(0, 2, 0, 1), false);
    w.Add(Aabb(-100, -1, -100, 100, 0, 100));
    col_move_def d = Def(COL_RESPONSE_BOUNCE);
    d.restitution = R(0.5);
    // falls 1 (half the time), then rises at half speed for the other half
    Move m = DoMove(w.w, ball, V(4, -2, 0), d);
    ASSERT_EQ(m.Count(), 1u);
    col_vec3 p = Pos(w.w, ball);
    EXPECT_NEAR(p.x, 4, 1e-2);
    EXPECT_NEAR(p.y, -1 + 0.5, 1e-2);
}

TEST(Motion, TheSegmentCapEndsAMoveWithMotionLeft) {
    World w;
    col_body_id ball = w.Add(Sphere(0, 0, 0, 1), false);
    w.Add(Aabb(3, -10, -10, 4, 10, 10));
    w.Add(Aabb(-4, -10, -10, -3, 10, 10));
    col_move_def d = Def(COL_RESPONSE_BOUNCE);
    d.max_segments = 2;
    Move m = DoMove(w.w, ball, V(100, 0, 0), d);
    ASSERT_EQ(m.st, COL_WORLD_OK);
    EXPECT_FALSE(m.r.complete);
    EXPECT_EQ(m.r.segments, 2);
    EXPECT_EQ(m.Count(), 2u);
    col_vec3 p = Pos(w.w, ball);
    EXPECT_GE(p.x, -2);
    EXPECT_LE(p.x, 2);
}

TEST(Motion, CreaseBetweenTwoWallsSlidesAlongIt) {
    // two walls meeting at a right angle along the z axis, open toward -x, -y
    World w;
    col_body_id s = w.Add(Sphere(0, 0, 0, 1), false);
    w.Add(Aabb(2, -50, -50, 3, 50, 50));
    w.Add(Aabb(-50, 2, -50, 50, 3, 50));
    Move m = DoMove(w.w, s, V(10, 10, 5), col_move_def_default());
    ASSERT_EQ(m.st, COL_WORLD_OK);
    col_vec3 p = Pos(w.w, s);
    EXPECT_NEAR(p.x, 1 - kSkin, 1e-9 + kTol);
    EXPECT_NEAR(p.y, 1 - kSkin, 1e-9 + kTol);
    EXPECT_NEAR(p.z, 5, 1e-2); // the crease keeps the motion along z
    EXPECT_GE(m.Count(), 2u);
    EXPECT_TRUE(m.r.complete);
    w.Validate();
}

TEST(Motion, ACreaseReachedAtTimesRoundingTellsApartIsOneStop) {
    // the second wall 4 ulps further than the first: the sweeps meet them at
    // times a few ulps apart, within a skin of path, and the mover rests
    // within the skin of both: both planes are solved at that stop (a sweep
    // for it, one for the slide along the crease), reported at the same t
    World w;
    col_body_id s = w.Add(Sphere(0, 0, 0, 1), false);
    col_body_id a = w.Add(Aabb(2, -50, -50, 3, 50, 50));
    col_body_id b = w.Add(Aabb(-50, 2 + 8 * static_cast<double>(COL_EPSILON), -50, 50, 3, 50));
    Move m = DoMove(w.w, s, V(10, 10, 5), col_move_def_default());
    ASSERT_EQ(m.st, COL_WORLD_OK);
    EXPECT_EQ(m.r.segments, 2);
    ASSERT_EQ(m.Count(), 2u);
    EXPECT_EQ(m.hits[0].other, a); // one stop: in order of body id
    EXPECT_EQ(m.hits[1].other, b);
    EXPECT_EQ(m.hits[0].t, m.hits[1].t);
    EXPECT_TRUE(Same(m.hits[0].normal, V(-1, 0, 0)));
    EXPECT_TRUE(Same(m.hits[1].normal, V(0, -1, 0)));
    col_vec3 p = Pos(w.w, s);
    EXPECT_NEAR(p.x, 1 - kSkin, 1e-9 + kTol);
    EXPECT_NEAR(p.y, 1 - kSkin, 1e-9 + kTol);
    EXPECT_NEAR(p.z, 5, 1e-2);
    EXPECT_GE(Gap(w.w, s, a), 0.99 * kSkin);
    EXPECT_GE(Gap(w.w, s, b), 0.99 * kSkin);
    // the second wall a tenth of a unit further: two stops, three sweeps
    World w2;
    s = w2.Add(Sphere(0, 0, 0, 1), false);
    w2.Add(Aabb(2, -50, -50, 3, 50, 50));
    w2.Add(Aabb(-50, 2.1, -50, 50, 3, 50));
    m = DoMove(w2.w, s, V(10, 10, 5), col_move_def_default());
    ASSERT_EQ(m.st, COL_WORLD_OK);
    EXPECT_EQ(m.r.segments, 3);
    ASSERT_EQ(m.Count(), 2u);
    EXPECT_LT(m.hits[0].t, m.hits[1].t);
}

TEST(Motion, ThreeWallsOfACornerStopTheMove) {
    World w;
    col_body_id s = w.Add(Sphere(0, 0, 0, 1), false);
    w.Add(Aabb(2, -50, -50, 3, 50, 50));
    w.Add(Aabb(-50, 2, -50, 50, 3, 50));
    w.Add(Aabb(-50, -50, 2, 50, 50, 3));
    Move m = DoMove(w.w, s, V(10, 10, 10), col_move_def_default());
    ASSERT_EQ(m.st, COL_WORLD_OK);
    col_vec3 p = Pos(w.w, s);
    for (col_real c : {p.x, p.y, p.z}) {
        EXPECT_LE(c, 1);
        EXPECT_GE(c, 1 - 20 * kSkin);
    }
    EXPECT_TRUE(m.r.complete);
}

TEST(Motion, ABoxSlidesOverAFloorOfTilesWithoutCatching) {
    World w;
    // 100 tiles of 1 x 1, their tops at y = 0
    for (int i = 0; i < 100; ++i) w.Add(Aabb(i, -1, -1, i + 1, 0, 1));
    col_body_id box = w.Add(Aabb(0.25, 0.5, -0.25, 0.75, 1.0, 0.25), false);
    // a frame at a time: forward and down, as gravity would (frame 4 lands
    // exactly as the box's corner reaches a tile's corner: the tile's side,
    // met a few ulps later, is no plane of that stop; see world_move.c)
    for (int frame = 0; frame < 200; ++frame) {
        Move m = DoMove(w.w, box, V(0.45, -0.1, 0), col_move_def_default());
        ASSERT_EQ(m.st, COL_WORLD_OK);
        for (size_t i = 0; i < m.Count(); ++i)
            ASSERT_TRUE(Same(m.hits[i].normal, V(0, 1, 0))) << "frame " << frame << ": caught on a seam";
    }
    col_vec3 p = Pos(w.w, box);
    EXPECT_NEAR(p.x, 90, kSum); // 200 frames of 0.45
    EXPECT_NEAR(p.y, -0.5 + kSkin, kTol);
}

TEST(Motion, ACapsuleSlidesOverAFloorOfTilesWithoutCatching) {
    World w;
    for (int i = 0; i < 50; ++i) w.Add(Aabb(i, -1, -10, i + 1, 0, 10));
    for (int i = 0; i < 50; ++i) w.Add(Aabb(-10, -1, i + 0.5, 0, 0, i + 1.5));
    col_body_id cap = w.Add(Capsule(V(0.5, 1, 0.5), V(0.5, 2, 0.5), 0.3), false);
    for (int frame = 0; frame < 100; ++frame) {
        Move m = DoMove(w.w, cap, V(0.4, -0.2, 0.0), col_move_def_default());
        ASSERT_EQ(m.st, COL_WORLD_OK);
        for (size_t i = 0; i < m.Count(); ++i) ASSERT_GT(m.hits[i].normal.y, 0.999) << "frame " << frame;
    }
    EXPECT_NEAR(Pos(w.w, cap).x, 40, kSum);
}

TEST(Motion, ABodyOverlappedAtTheStartCanBeLeftNotEntered) {
    World w;
    col_body_id s = w.Add(Sphere(0, 0.5, 0, 1), false); // 0.5 deep in the floor
    col_body_id floor = w.Add(Aabb(-100, -1, -100, 100, 0, 100));
    // deeper: the slide keeps the part along the floor
    Move m = DoMove(w.w, s, V(3, -1, 0), col_move_def_default());
    ASSERT_EQ(m.st, COL_WORLD_OK);
    ASSERT_GE(m.Count(), 1u);
    EXPECT_EQ(m.hits[0].other, floor);
    EXPECT_TRUE(m.hits[0].initially_overlapping);
    EXPECT_EQ(m.hits[0].t, 0);
    col_vec3 p = Pos(w.w, s);
    EXPECT_NEAR(p.x, 3, 1e-9);
    EXPECT_NEAR(p.y, 0, 1e-9); // not deeper
    // touch: stopped where it is
    Move t = DoMove(w.w, s, V(0, -1, 0), Def(COL_RESPONSE_TOUCH));
    EXPECT_EQ(t.Count(), 1u);
    EXPECT_TRUE(Same(Pos(w.w, s), p));
    // out: free, and reported once at the start
    Move out = DoMove(w.w, s, V(0, 2, 0), col_move_def_default());
    ASSERT_EQ(out.Count(), 1u);
    EXPECT_TRUE(out.hits[0].initially_overlapping);
    EXPECT_NEAR(Pos(w.w, s).y, 2, 1e-9);
}

TEST(Motion, NoSpeedTunnelsThroughAThinWall) {
    // up to a quarter of the coordinate range (1e9 in double; 2.7e8 in float, whose range is 2^30)
    for (double speed : {1.0, 1e2, 1e4, 1e6, std::min(1e9, static_cast<double>(COL_HUGE) / 4)}) {
        World w;
        col_body_id bullet = w.Add(Sphere(0, 0, 0, 0.01), false);
        col_body_id wall = w.Add(Aabb(1, -1, -1, 1.001, 1, 1));
        Move m = DoMove(w.w, bullet, V(speed, 0, 0), Def(COL_RESPONSE_TOUCH));
        ASSERT_EQ(m.Count(), 1u) << speed;
        EXPECT_EQ(m.hits[0].other, wall);
        EXPECT_LT(Pos(w.w, bullet).x, 1 - 0.01) << speed;
        EXPECT_FALSE(col_overlap(col_world_shape(w.w, bullet), col_world_shape(w.w, wall)));
    }
}

TEST(Motion, EveryKindOfMoverStopsAtAWall) {
    std::vector<col_vec3> hull = {V(-1, -1, -1), V(1, -1, -1), V(0, 1, -1), V(0, 0, 1)};
    const col_shape movers[] = {Point(0, 0, 0),
                                Segment(V(0, -1, 0), V(0, 1, 0)),
                                Triangle(V(0, 0, 0), V(-1, 1, 0), V(-1, -1, 1)),
                                Sphere(0, 0, 0, 1),
                                Capsule(V(0, -1, 0), V(0, 1, 0), 0.5),
                                Aabb(-1, -1, -1, 1, 1, 1),
                                Obb(V(0, 0, 0), V(1, 0.5, 0.5), RotZ(0.3)),
                                Ellipsoid(0, 0, 0, 1, 2, 0.5),
                                Polytope(hull.data(), 4)};
    for (const col_shape &shape : movers) {
        World w;
        col_body_id m = w.Add(shape, false);
        col_body_id wall = w.Add(Obb(V(20, 0, 0), V(0.01, 10, 10), RotZ(0.1)));
        Move mv = DoMove(w.w, m, V(40, 1, 0), Def(COL_RESPONSE_TOUCH));
        ASSERT_EQ(mv.st, COL_WORLD_OK) << col_shape_kind_name(shape.kind);
        ASSERT_EQ(mv.Count(), 1u) << col_shape_kind_name(shape.kind);
        EXPECT_EQ(mv.hits[0].other, wall);
        double gap = Gap(w.w, m, wall);
        EXPECT_GT(gap, 0) << col_shape_kind_name(shape.kind);
        EXPECT_LT(gap, 2 * kSkin) << col_shape_kind_name(shape.kind);
        w.Validate();
    }
}

TEST(Motion, AMoverIsStoppedByAMesh) {
    // a floor of two triangles
    const col_vec3 v[] = {V(-10, 0, -10), V(10, 0, -10), V(10, 0, 10), V(-10, 0, 10)};
    const int32_t idx[] = {0, 2, 1, 0, 3, 2};
    col_mesh *mesh = col_mesh_create(v, 4, idx, 2, NULL, NULL);
    ASSERT_NE(mesh, nullptr);
    World w;
    col_body_def d = col_body_def_default();
    d.is_static = true;
    col_body_id floor;
    ASSERT_EQ(col_world_add_mesh(w.w, mesh, &d, &floor), COL_WORLD_OK);
    col_body_id s = w.Add(Sphere(-5, 3, -5, 1), false);
    Move m = DoMove(w.w, s, V(10, -10, 10), col_move_def_default());
    ASSERT_EQ(m.Count(), 1u);
    EXPECT_EQ(m.hits[0].other, floor);
    col_vec3 p = Pos(w.w, s);
    EXPECT_NEAR(p.y, -2 + kSkin, 100 * kTol);
    EXPECT_NEAR(p.x, 10, 1e-2);
    // a mesh body does not move
    Move mm = DoMove(w.w, floor, V(1, 0, 0), col_move_def_default());
    EXPECT_EQ(mm.st, COL_WORLD_INVALID_ARGUMENT);
    EXPECT_EQ(col_world_set_position(w.w, floor, V(1, 0, 0)), COL_WORLD_INVALID_ARGUMENT);
    col_world_destroy(w.w);
    w.w = nullptr;
    col_mesh_destroy(mesh);
}

TEST(Motion, CheckComputesTheMoveWithoutMoving) {
    World w;
    col_body_id s = w.Add(Sphere(0, 0, 0, 1), false);
    w.Add(Aabb(5, -10, -10, 6, 10, 10));
    Move c;
    c.st = col_world_check(w.w, s, V(10, 0, 0), nullptr, c.hits.data(), c.hits.size(), &c.r);
    EXPECT_EQ(c.st, COL_WORLD_INVALID_ARGUMENT); // a def is required
    col_move_def d = col_move_def_default();
    c.st = col_world_check(w.w, s, V(10, 0, 0), &d, c.hits.data(), c.hits.size(), &c.r);
    ASSERT_EQ(c.st, COL_WORLD_OK);
    EXPECT_TRUE(Same(Pos(w.w, s), V(0, 0, 0)));
    Move m = DoMove(w.w, s, V(10, 0, 0), d);
    EXPECT_TRUE(Same(c.r.position, m.r.position));
    EXPECT_EQ(c.Count(), m.Count());
}

namespace {
struct Responder {
    col_body_id zone, wall;
    int calls = 0;
    col_world *w;
    col_world_status tried = COL_WORLD_OK;
};
col_response Respond(void *ctx, col_body_id mover, col_body_id other, void *user, col_real *e) {
    (void)mover;
    (void)user;
    auto *r = static_cast<Responder *>(ctx);
    r->calls++;
    r->tried = col_world_remove(r->w, other); // the world is locked
    *e = R(0.25);
    return other == r->zone ? COL_RESPONSE_CROSS : COL_RESPONSE_BOUNCE;
}
} // namespace

TEST(Motion, ACallbackChoosesTheResponseWithTheWorldLocked) {
    World w;
    col_body_id s = w.Add(Sphere(0, 0, 0, 1), false);
    Responder r;
    r.w = w.w;
    r.zone = w.Add(Aabb(2, -1, -1, 3, 1, 1));
    r.wall = w.Add(Aabb(6, -10, -10, 7, 10, 10));
    col_move_def d = col_move_def_default();
    d.respond = Respond;
    d.ctx = &r;
    Move m = DoMove(w.w, s, V(8, 0, 0), d);
    ASSERT_EQ(m.st, COL_WORLD_OK);
    EXPECT_EQ(r.tried, COL_WORLD_LOCKED);
    ASSERT_GE(m.Count(), 2u);
    EXPECT_EQ(m.hits[0].other, r.zone);
    EXPECT_EQ(m.hits[0].response, COL_RESPONSE_CROSS);
    EXPECT_EQ(m.hits[1].other, r.wall);
    EXPECT_EQ(m.hits[1].response, COL_RESPONSE_BOUNCE);
    // 5 to the wall, then 3 back at a quarter: x = 5 - 0.75
    EXPECT_NEAR(Pos(w.w, s).x, 4.25, 1e-2);
    w.Validate();
}

TEST(Motion, MasksDecideWhichBodiesAMoveMeets) {
    World w;
    col_body_def d = col_body_def_default();
    d.shape = Sphere(0, 0, 0, 1);
    d.category = 1;
    d.mask = 2; // meets category 2 only
    col_body_id s;
    ASSERT_EQ(col_world_add(w.w, &d, &s), COL_WORLD_OK);
    d.shape = Aabb(3, -1, -1, 4, 1, 1);
    d.category = 4;
    d.mask = ~0ull;
    d.is_static = true;
    col_body_id ghost;
    ASSERT_EQ(col_world_add(w.w, &d, &ghost), COL_WORLD_OK);
    d.shape = Aabb(6, -1, -1, 7, 1, 1);
    d.category = 2;
    col_body_id wall;
    ASSERT_EQ(col_world_add(w.w, &d, &wall), COL_WORLD_OK);
    Move m = DoMove(w.w, s, V(10, 0, 0), Def(COL_RESPONSE_TOUCH));
    ASSERT_EQ(m.Count(), 1u);
    EXPECT_EQ(m.hits[0].other, wall);
}

TEST(Motion, BadInputIsRefused) {
    World w;
    col_body_id s = w.Add(Sphere(0, 0, 0, 1), false);
    col_move_def d = col_move_def_default();
    col_move_result r;
    EXPECT_EQ(col_world_move(w.w, s, V(kNaN, 0, 0), &d, nullptr, 0, &r), COL_WORLD_INVALID_ARGUMENT);
    EXPECT_EQ(col_world_move(w.w, s, V(kInf, 0, 0), &d, nullptr, 0, &r), COL_WORLD_INVALID_ARGUMENT);
    EXPECT_EQ(col_world_move(nullptr, s, V(1, 0, 0), &d, nullptr, 0, &r), COL_WORLD_INVALID_ARGUMENT);
    EXPECT_EQ(col_world_move(w.w, s, V(1, 0, 0), &d, nullptr, 4, &r), COL_WORLD_INVALID_ARGUMENT);
    d.restitution = R(-1);
    EXPECT_EQ(col_world_move(w.w, s, V(1, 0, 0), &d, nullptr, 0, &r), COL_WORLD_INVALID_ARGUMENT);
    d.restitution = R(kNaN);
    EXPECT_EQ(col_world_move(w.w, s, V(1, 0, 0), &d, nullptr, 0, &r), COL_WORLD_INVALID_ARGUMENT);
    d = col_move_def_default();
    EXPECT_EQ(col_world_move(w.w, s + 1, V(1, 0, 0), &d, nullptr, 0, &r), COL_WORLD_STALE_ID);
    EXPECT_EQ(col_world_set_position(w.w, s, V(kNaN, 0, 0)), COL_WORLD_INVALID_ARGUMENT);
    EXPECT_EQ(col_world_set_position(w.w, s, V(1e300, 0, 0)), COL_WORLD_INVALID_ARGUMENT);
    EXPECT_EQ(col_world_set_skin(w.w, R(-1)), COL_WORLD_INVALID_ARGUMENT);
    EXPECT_EQ(col_world_set_skin(w.w, R(kInf)), COL_WORLD_INVALID_ARGUMENT);
    EXPECT_TRUE(Same(Pos(w.w, s), V(0, 0, 0)));
    // a move whose end leaves the coordinate range is refused
    Move far = DoMove(w.w, s, V(static_cast<double>(COL_HUGE), 0, 0), d);
    EXPECT_EQ(far.st, COL_WORLD_INVALID_ARGUMENT);
    Move far_check;
    far_check.st = col_world_check(w.w, s, V(static_cast<double>(COL_HUGE), 0, 0), &d, nullptr, 0, &r);
    EXPECT_EQ(far_check.st, COL_WORLD_INVALID_ARGUMENT);
    EXPECT_TRUE(Same(Pos(w.w, s), V(0, 0, 0)));
    w.Validate();
    col_body_id gone = s;
    ASSERT_EQ(col_world_remove(w.w, s), COL_WORLD_OK);
    EXPECT_EQ(col_world_move(w.w, gone, V(1, 0, 0), &d, nullptr, 0, &r), COL_WORLD_STALE_ID);
    EXPECT_FALSE(col_world_position(w.w, gone, nullptr));
}

TEST(Motion, ShapesKeepTheirFormOverManyMoves) {
    World w;
    std::vector<col_vec3> hull = {V(0.1, 0.2, 0.3), V(1.1, 0.2, 0.3), V(0.1, 1.7, 0.3), V(0.1, 0.2, 1.3)};
    col_body_id cap = w.Add(Capsule(V(0.1, 0.2, 0.3), V(0.7, 1.9, -0.3), 0.3), false);
    col_body_id poly = w.Add(Polytope(hull.data(), 4), false);
    hull.assign(4, V(kNaN, kNaN, kNaN)); // the world holds its own copy
    col_move_def d = Def(COL_RESPONSE_NONE);
    for (int i = 0; i < 1000; ++i) {
        col_vec3 step = V(0.1 * std::sin(i), 0.37 * std::cos(3 * i), 1e3 * std::sin(7 * i));
        ASSERT_EQ(DoMove(w.w, cap, step, d).st, COL_WORLD_OK);
        ASSERT_EQ(DoMove(w.w, poly, step, d).st, COL_WORLD_OK);
    }
    w.Validate(); // shape == base translated by the position, bit for bit
    ASSERT_EQ(col_world_set_position(w.w, cap, V(0, 0, 0)), COL_WORLD_OK);
    ASSERT_EQ(col_world_set_position(w.w, poly, V(0, 0, 0)), COL_WORLD_OK);
    const col_shape *c = col_world_shape(w.w, cap);
    EXPECT_TRUE(Same(c->u.capsule.a, V(0.1, 0.2, 0.3)));
    EXPECT_TRUE(Same(c->u.capsule.b, V(0.7, 1.9, -0.3)));
    const col_shape *p = col_world_shape(w.w, poly);
    EXPECT_TRUE(Same(p->u.polytope.points[2], V(0.1, 1.7, 0.3)));
    // set_shape puts the position back to zero
    ASSERT_EQ(col_world_set_position(w.w, cap, V(5, 5, 5)), COL_WORLD_OK);
    ASSERT_EQ(col_world_set_shape(w.w, cap, col_world_shape(w.w, cap)), COL_WORLD_OK);
    EXPECT_TRUE(Same(Pos(w.w, cap), V(0, 0, 0)));
    EXPECT_TRUE(Same(col_world_shape(w.w, cap)->u.capsule.a, V(5.1, 5.2, 5.3)));
    w.Validate();
}

TEST(Motion, FarFromTheOriginTheSkinGrowsWithTheCoordinates) {
    const double far = sizeof(col_real) == sizeof(float) ? 1e5 : 1e12;
    World w;
    col_body_id s = w.Add(Sphere(far, 0, 0, 1), false);
    col_body_id wall = w.Add(Aabb(far + 5, -10, -10, far + 6, 10, 10));
    Move m = DoMove(w.w, s, V(10, 0, 0), Def(COL_RESPONSE_TOUCH));
    ASSERT_EQ(m.Count(), 1u);
    EXPECT_FALSE(col_overlap(col_world_shape(w.w, s), col_world_shape(w.w, wall)));
    // the skin is at least 64 eps of the coordinates (0.76 at 10^5 in float)
    double floor = 64 * static_cast<double>(COL_EPSILON) * (far + 10);
    EXPECT_GT(Pos(w.w, s).x, 4 - 1.01 * std::max(floor, kSkin));
    // again: it starts clear, so it is met, not overlapped
    Move again = DoMove(w.w, s, V(10, 0, 0), Def(COL_RESPONSE_TOUCH));
    ASSERT_EQ(again.Count(), 1u);
    EXPECT_FALSE(again.hits[0].initially_overlapping);
}

TEST(Motion, ResponseNames) {
    EXPECT_STREQ(col_response_name(COL_RESPONSE_NONE), "none");
    EXPECT_STREQ(col_response_name(COL_RESPONSE_TOUCH), "touch");
    EXPECT_STREQ(col_response_name(COL_RESPONSE_CROSS), "cross");
    EXPECT_STREQ(col_response_name(COL_RESPONSE_SLIDE), "slide");
    EXPECT_STREQ(col_response_name(COL_RESPONSE_BOUNCE), "bounce");
    EXPECT_STREQ(col_response_name(static_cast<col_response>(99)), "?");
}

// Determinism: the same moves in worlds whose trees have other shapes (one
// rebuilt by SAH, another with a huge fat margin that keeps every body in one
// leaf box of the root's size) give the same bits: positions, hits, order.
TEST(Motion, MovesDoNotDependOnTheTreesShape) {
    World a, b, c;
    ASSERT_EQ(col_world_set_margin(c.w, R(1000)), COL_WORLD_OK);
    std::vector<col_body_id> movers;
    unsigned seed = 12345;
    auto rnd = [&seed](double lo, double hi) {
        seed = seed * 1103515245u + 12345u;
        return lo + (hi - lo) * static_cast<double>((seed >> 8) & 0xffff) / 65536.0;
    };
    for (int i = 0; i < 300; ++i) {
        double x = rnd(-20, 20), y = rnd(-20, 20), z = rnd(-20, 20), s = rnd(0.5, 3);
        col_shape shape = i % 3 == 0   ? Sphere(x, y, z, s)
                          : i % 3 == 1 ? Aabb(x, y, z, x + s, y + rnd(0.2, 2), z + s)
                                       : Capsule(V(x, y, z), V(x + s, y, z), 0.4);
        bool movable = i % 10 == 0;
        col_body_id ia = a.Add(shape, !movable), ib = b.Add(shape, !movable), ic = c.Add(shape, !movable);
        ASSERT_EQ(ia, ib);
        ASSERT_EQ(ia, ic);
        if (movable) movers.push_back(ia);
    }
    ASSERT_EQ(col_world_optimize(b.w), COL_WORLD_OK);
    col_world_stats sa = col_world_stats_of(a.w), sb = col_world_stats_of(b.w);
    EXPECT_NE(sa.static_tree.area_ratio, sb.static_tree.area_ratio); // the trees differ
    const col_response kinds[] = {COL_RESPONSE_SLIDE, COL_RESPONSE_BOUNCE, COL_RESPONSE_TOUCH, COL_RESPONSE_CROSS};
    size_t total = 0;
    for (int step = 0; step < 400; ++step) {
        col_body_id id = movers[static_cast<size_t>(step) % movers.size()];
        col_vec3 d = V(rnd(-15, 15), rnd(-15, 15), rnd(-15, 15));
        col_move_def def = Def(kinds[step % 4]);
        Move ma = DoMove(a.w, id, d, def), mb = DoMove(b.w, id, d, def), mc = DoMove(c.w, id, d, def);
        ASSERT_EQ(ma.st, COL_WORLD_OK);
        for (const Move *o : {&mb, &mc}) {
            ASSERT_EQ(o->st, ma.st);
            ASSERT_TRUE(Same(o->r.position, ma.r.position)) << "step " << step;
            ASSERT_EQ(o->r.hit_count, ma.r.hit_count) << "step " << step;
            ASSERT_EQ(o->r.segments, ma.r.segments);
            for (size_t i = 0; i < ma.Count() && i < ma.hits.size(); ++i)
                ASSERT_EQ(std::memcmp(&o->hits[i], &ma.hits[i], sizeof ma.hits[i]), 0)
                    << "step " << step << " hit " << i;
        }
        total += ma.Count();
    }
    EXPECT_GT(total, 100u) << total; // the moves meet things
    a.Validate();
    b.Validate();
    c.Validate();
}

TEST(Motion, AnEllipsoidTouchingASegmentsEndExactlyIsNotLetIn) {
    // fuzz_motion's case (regressions/motion/ellipsoid-touching-a-segments-
    // end-exactly): an ellipsoid of radii (255, 510, 383.25) at (-255, -255,
    // -255) reaches x = 0 exactly at (0, -255, -255), the end of a segment
    // along (0, -1, -1) from the origin. The exact test says they touch
    // (overlapping at the start); the penetration's GJK calls them 1.8e-10
    // apart (within its tolerance) and gave no normal, which let a move of
    // (42.005, -11.472, -11.472) go 41.8 deep into the segment. The normal is now the
    // distance's, (-1, 0, 0): a touch stops, a slide does not go in, a bounce
    // leaves along it.
    for (col_response r : {COL_RESPONSE_TOUCH, COL_RESPONSE_SLIDE, COL_RESPONSE_BOUNCE}) {
        World w;
        col_body_id e = w.Add(Ellipsoid(-255, -255, -255, 255, 510, 383.25), false);
        w.Add(Segment(V(0, 0, 0), V(0, -255, -255)));
        // the fuzz input's move, (42.005, -11.472, -11.472)
        const col_vec3 d =
            V(-0x1.a9fd362aa34bap+7 + 0x1.fep+7, -0x1.0a78d28617225p+8 + 0x1.fep+7, -0x1.0a78d28617225p+8 + 0x1.fep+7);
        Move m = DoMove(w.w, e, d, Def(r));
        ASSERT_EQ(m.st, COL_WORLD_OK);
        ASSERT_GE(m.Count(), 1u);
        EXPECT_TRUE(m.hits[0].initially_overlapping);
        EXPECT_NEAR(static_cast<double>(m.hits[0].normal.x), -1, 1e-6) << col_response_name(r);
        EXPECT_LE(static_cast<double>(m.r.moved.x), 1e-9) << col_response_name(r) << ": not into the segment";
        const col_shape *now = col_world_shape(w.w, e);
        col_segment seg = {V(0, 0, 0), V(0, -255, -255)};
        col_shape s = Segment(seg.a, seg.b);
        col_penetration_result p = col_penetration(now, &s);
        EXPECT_TRUE(p.status == COL_MISS || p.depth <= 1e-6) << col_response_name(r) << " depth " << p.depth;
        w.Validate();
    }
}

TEST(Motion, ASegmentAnUlpAboveATurnedBoxFaceSlidesAlongTheFace) {
    // a segment lying on the face of a box turned by the 3-4-5 rotation, an
    // ulp of x and y above it, 1000 from the origin: the closed-form
    // distance's normal was its closest points' rounded difference, (0, 1, 0),
    // 37 degrees off the face's (0.6, 0.8, 0) (Distance.ASegmentARoundingAbove-
    // ARotatedBoxFaceTakesTheFaceNormal), and the move's hit reported it (the
    // path's sweeps still kept the body out). The hit has the face's normal;
    // every blocking response keeps the body out of the box.
    if (sizeof(col_real) == sizeof(float)) GTEST_SKIP() << "the coordinates are doubles'";
    const col_vec3 u0 = V(0.6, 0.8, 0);
    const col_shape box = Obb(V(1000.5, -700.25, 300), V(100, 80, 60), col_m3_cols(u0, V(-0.8, 0.6, 0), V(0, 0, 1)));
    const col_shape seg = Segment(V(std::nextafter(1116.5, 2e3), std::nextafter(-662.25, 0.0), 270),
                                  V(std::nextafter(1004.5, 2e3), std::nextafter(-578.25, 0.0), 250));
    for (col_response r : {COL_RESPONSE_TOUCH, COL_RESPONSE_SLIDE, COL_RESPONSE_BOUNCE}) {
        World w;
        col_body_id s = w.Add(seg, false);
        w.Add(box);
        Move m = DoMove(w.w, s, V(-14, -2, 0), Def(r));
        ASSERT_EQ(m.st, COL_WORLD_OK);
        ASSERT_GE(m.Count(), 1u);
        EXPECT_NEAR(col_v3_dot(m.hits[0].normal, u0), 1.0, 1e-9) << col_response_name(r);
        EXPECT_GE(col_v3_dot(m.r.moved, u0), -1e-9) << col_response_name(r) << ": not into the face";
        col_penetration_result p = col_penetration(col_world_shape(w.w, s), &box);
        EXPECT_TRUE(p.status == COL_MISS || p.depth <= 1e-9) << col_response_name(r) << " depth " << p.depth;
        w.Validate();
    }
}
