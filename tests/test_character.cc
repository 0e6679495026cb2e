// The character mover (collide/character.h) on hand-built levels, with y up:
// falling onto the ground and standing (the ground state), floors of many
// tiles and of triangles crossed at full speed without catching, steps
// climbed and walls too tall for a step, walkable slopes walked up and stood
// on, steep ones slid down, snapping down stairs, ceilings, crossed bodies,
// bad input, and the same walk in a tree-shaped world and a rebuilt one.
#include "helpers.h"

#include <cmath>
#include <cstring>
#include <vector>

using namespace ct;

namespace {

const double kSkin = static_cast<double>(COL_WORLD_DEFAULT_SKIN);
const bool kFloat = sizeof(col_real) == sizeof(float);
const double kTol = kFloat ? 2e-4 : 1e-9;

struct Level {
    col_world *w = col_world_create();
    std::vector<col_mesh *> meshes;
    ~Level() {
        col_world_destroy(w);
        for (col_mesh *m : meshes) col_mesh_destroy(m);
    }
    col_body_id Add(const col_shape &s, bool is_static = true) {
        col_body_def d = col_body_def_default();
        d.shape = s;
        d.is_static = is_static;
        col_body_id id = COL_BODY_NULL;
        EXPECT_EQ(col_world_add(w, &d, &id), COL_WORLD_OK);
        return id;
    }
    // A capsule of radius 0.5 standing on its axis, its bottom at (x, y, z).
    col_body_id Capsule(double x, double y, double z) {
        return Add(ct::Capsule(V(x, y + 0.5, z), V(x, y + 1.5, z), 0.5), false);
    }
    col_body_id Box(double x0, double y0, double z0, double x1, double y1, double z1) {
        return Add(Aabb(x0, y0, z0, x1, y1, z1));
    }
    // A slab sloping up along +x at `degrees`, its top surface through the
    // origin's edge at x = 0 (a rotated box, thick 1, 20 long and wide).
    col_body_id Slope(double degrees) {
        double a = degrees * 3.14159265358979323846 / 180;
        col_mat3 r = RotZ(a);
        col_vec3 c = col_v3_add(col_m3_mul_v3(r, V(10, -0.5, 0)), V(0, 0, 0));
        return Add(Obb(c, V(10, 0.5, 10), r));
    }
    void Validate() {
        char why[256];
        EXPECT_TRUE(col_world_validate(w, why, sizeof why)) << why;
    }
};

col_vec3 Pos(col_world *w, col_body_id id) {
    col_vec3 p = V(kNaN, kNaN, kNaN);
    EXPECT_TRUE(col_world_position(w, id, &p));
    return p;
}

// The bottom of a capsule standing on its axis (y up), where it is now.
col_vec3 Foot(col_world *w, col_body_id id) {
    const col_shape *s = col_world_shape(w, id);
    EXPECT_TRUE(s && s->kind == COL_SHAPE_CAPSULE);
    return col_v3_sub(s->u.capsule.a, V(0, static_cast<double>(s->u.capsule.r), 0));
}

struct Step {
    col_character_result r{};
    std::vector<col_move_hit> hits = std::vector<col_move_hit>(32);
    col_world_status st = COL_WORLD_OK;
};

Step Walk(col_world *w, col_character &c, col_vec3 d) {
    Step s;
    s.st = col_character_move(w, &c, d, s.hits.data(), s.hits.size(), &s.r);
    return s;
}

col_character Character(col_body_id id, double step = 0, double snap = 0) {
    col_character c = col_character_default(id);
    c.step_height = R(step);
    c.snap = R(snap);
    return c;
}

} // namespace

TEST(Character, DefaultsAreDocumented) {
    col_character c = col_character_default(7);
    EXPECT_EQ(c.body, 7u);
    EXPECT_TRUE(c.up.x == 0 && c.up.y == 1 && c.up.z == 0);
    EXPECT_EQ(c.step_height, 0);
    EXPECT_EQ(c.snap, 0);
    EXPECT_NEAR(static_cast<double>(c.max_slope), 3.14159265358979323846 / 4, 1e-6);
    EXPECT_EQ(c.ground_state, COL_GROUND_AIR);
    EXPECT_STREQ(col_ground_state_name(COL_GROUND_WALKABLE), "walkable");
    EXPECT_STREQ(col_ground_state_name(COL_GROUND_STEEP), "steep");
    EXPECT_STREQ(col_ground_state_name(COL_GROUND_AIR), "air");
    EXPECT_STREQ(col_ground_state_name(static_cast<col_ground_state>(9)), "?");
}

TEST(Character, FallsOntoTheGroundAndStandsThere) {
    Level l;
    col_body_id floor = l.Box(-10, -1, -10, 10, 0, 10);
    col_body_id id = l.Capsule(0, 2, 0);
    col_character c = Character(id);
    Step s = Walk(l.w, c, V(0, -5, 0));
    ASSERT_EQ(s.st, COL_WORLD_OK);
    // it rests the skin above the floor, straight below where it started
    col_vec3 p = Pos(l.w, id);
    EXPECT_EQ(p.x, 0);
    EXPECT_EQ(p.z, 0);
    EXPECT_NEAR(static_cast<double>(p.y), -2 + kSkin, kTol);
    EXPECT_EQ(s.r.ground_state, COL_GROUND_WALKABLE);
    EXPECT_EQ(c.ground_state, COL_GROUND_WALKABLE);
    EXPECT_EQ(c.ground, floor);
    EXPECT_NEAR(static_cast<double>(c.ground_normal.y), 1, kTol);
    EXPECT_NEAR(static_cast<double>(c.ground_point.y), 0, kTol);
    ASSERT_EQ(s.r.hit_count, 1u);
    EXPECT_EQ(s.hits[0].other, floor);
    EXPECT_EQ(s.hits[0].response, COL_RESPONSE_TOUCH); // walkable ground stops a fall
    // standing under gravity: it stays exactly where it is
    for (int i = 0; i < 10; ++i) {
        Step g = Walk(l.w, c, V(0, -0.01, 0));
        ASSERT_EQ(g.st, COL_WORLD_OK);
        EXPECT_TRUE(g.r.moved.x == 0 && g.r.moved.z == 0);
        EXPECT_NEAR(static_cast<double>(Pos(l.w, id).y), -2 + kSkin, kTol);
        EXPECT_EQ(c.ground_state, COL_GROUND_WALKABLE);
    }
    // jumping leaves the ground
    Step j = Walk(l.w, c, V(0, 0.5, 0));
    ASSERT_EQ(j.st, COL_WORLD_OK);
    EXPECT_EQ(c.ground_state, COL_GROUND_AIR);
    EXPECT_EQ(c.ground, 0u);
    l.Validate();
}

// Walks 40 units along floors built of unit tiles (boxes; the tops exactly
// level, or a hair apart in height: below and above the skin) with gravity
// every frame: the character never catches on a seam (every frame keeps at
// least 98% of its walk, the whole walk arrives) and never leaves the ground.
static void WalkOverTiles(double jitter, bool boxes_mover, double min_normal_y = 0.999) {
    Level l;
    for (int i = -2; i < 42; ++i) {
        // heights up and down by `jitter`, no two neighbours alike
        double top = jitter * ((i * 7) % 5 - 2) / 2.0;
        l.Box(i, top - 1, -3, i + 1, top, 3);
    }
    col_body_id id = boxes_mover ? l.Add(Aabb(0.1, 0.001, -0.4, 0.9, 1.801, 0.4), false) : l.Capsule(0.5, 0.01, 0);
    col_character c = Character(id, boxes_mover ? 0.1 : 0, 0.05);
    ASSERT_EQ(col_character_probe(l.w, &c), COL_WORLD_OK);
    EXPECT_EQ(c.ground_state, COL_GROUND_AIR); // 0.01 above the floor: more than the probe's reach
    Walk(l.w, c, V(0, -0.1, 0));
    ASSERT_EQ(c.ground_state, COL_GROUND_WALKABLE);
    double x0 = static_cast<double>(Pos(l.w, id).x);
    for (int frame = 0; frame < 200; ++frame) {
        // the check computes what the move does, and changes nothing
        col_character before = c;
        col_character_result checked;
        col_vec3 at = Pos(l.w, id);
        ASSERT_EQ(col_character_check(l.w, &c, V(0.2, -0.02, 0), nullptr, 0, &checked), COL_WORLD_OK);
        EXPECT_EQ(std::memcmp(&before, &c, sizeof c), 0);
        col_vec3 still = Pos(l.w, id);
        EXPECT_EQ(std::memcmp(&at, &still, sizeof at), 0);
        Step s = Walk(l.w, c, V(0.2, -0.02, 0));
        EXPECT_EQ(std::memcmp(&checked, &s.r, sizeof checked), 0) << frame;
        EXPECT_EQ(c.ground_state, s.r.ground_state);
        EXPECT_EQ(c.ground, s.r.ground);
        ASSERT_EQ(s.st, COL_WORLD_OK) << frame;
        EXPECT_GT(static_cast<double>(s.r.moved.x), 0.98 * 0.2) << "caught at frame " << frame;
        EXPECT_EQ(c.ground_state, COL_GROUND_WALKABLE) << frame;
        EXPECT_GT(static_cast<double>(c.ground_normal.y), min_normal_y) << frame; // never a ghost normal
        EXPECT_TRUE(s.r.complete);
    }
    EXPECT_GT(static_cast<double>(Pos(l.w, id).x) - x0, 0.99 * 40);
    l.Validate();
}

TEST(Character, WalksOverLevelTilesWithoutCatching) { WalkOverTiles(0, false); }
TEST(Character, WalksOverTilesAHairApartBelowTheSkin) { WalkOverTiles(kSkin / 4, false); }
// (neighbours differ by up to 8 skins: its round bottom rests on the higher
// tile's edge for a moment, a normal up to acos((0.5 - 0.009) / 0.5), 11
// degrees, from up)
TEST(Character, WalksOverTilesAHairApartAboveTheSkin) { WalkOverTiles(4 * kSkin, false, 0.98); }
TEST(Character, ABoxWalksOverUnevenTilesByStepping) { WalkOverTiles(4 * kSkin, true); }

TEST(Character, WalksOverAFloorOfTrianglesWithoutCatching) {
    // a 40 x 6 grid of unit squares, two triangles each, as one mesh
    Level l;
    std::vector<col_vec3> v;
    std::vector<int32_t> idx;
    const int nx = 44, nz = 6;
    for (int i = 0; i <= nx; ++i)
        for (int k = 0; k <= nz; ++k) v.push_back(V(i - 2, 0, k - 3));
    for (int i = 0; i < nx; ++i)
        for (int k = 0; k < nz; ++k) {
            int32_t a = i * (nz + 1) + k, b = a + nz + 1;
            for (int32_t t : {a, a + 1, b, b, a + 1, b + 1}) idx.push_back(t);
        }
    col_mesh *mesh = col_mesh_create(v.data(), static_cast<int32_t>(v.size()), idx.data(),
                                     static_cast<int32_t>(idx.size() / 3), nullptr, nullptr);
    ASSERT_NE(mesh, nullptr);
    l.meshes.push_back(mesh);
    col_body_def d = col_body_def_default();
    col_body_id floor = COL_BODY_NULL;
    ASSERT_EQ(col_world_add_mesh(l.w, mesh, &d, &floor), COL_WORLD_OK);
    col_body_id id = l.Capsule(0.5, 0.5, 0.25);
    col_character c = Character(id, 0, 0.05);
    Walk(l.w, c, V(0, -1, 0));
    ASSERT_EQ(c.ground_state, COL_GROUND_WALKABLE);
    EXPECT_EQ(c.ground, floor);
    for (int frame = 0; frame < 190; ++frame) {
        // diagonally, across the triangles' hypotenuses too
        Step s = Walk(l.w, c, V(0.2, -0.02, frame % 40 < 20 ? 0.01 : -0.01));
        ASSERT_EQ(s.st, COL_WORLD_OK) << frame;
        EXPECT_GT(static_cast<double>(s.r.moved.x), 0.98 * 0.2) << "caught at frame " << frame;
        EXPECT_EQ(c.ground_state, COL_GROUND_WALKABLE) << frame;
        EXPECT_GT(static_cast<double>(c.ground_normal.y), 0.999) << frame;
    }
}

TEST(Character, ClimbsStepsUpToItsStepHeight) {
    // a staircase of 0.2 steps, 1 deep, from x = 2; then a 1.5 wall at x = 12
    Level l;
    l.Box(-10, -1, -5, 30, 0, 5);
    for (int i = 0; i < 5; ++i) l.Box(2 + i, 0, -5, 30, 0.2 * (i + 1), 5);
    l.Box(12, 0, -5, 13, 2.5, 5);
    col_body_id id = l.Capsule(0, 0.001, 0);
    col_character c = Character(id, 0.3, 0.3);
    ASSERT_EQ(col_character_probe(l.w, &c), COL_WORLD_OK);
    int steps = 0;
    for (int frame = 0; frame < 100; ++frame) {
        Step s = Walk(l.w, c, V(0.25, -0.02, 0));
        ASSERT_EQ(s.st, COL_WORLD_OK);
        if (s.r.stepped > 0) {
            ++steps;
            EXPECT_LE(static_cast<double>(s.r.stepped), 0.3 + kTol);
        }
        EXPECT_EQ(c.ground_state, COL_GROUND_WALKABLE) << frame;
    }
    EXPECT_EQ(steps, 5); // each step climbed once
    col_vec3 p = Foot(l.w, id);
    // on top of the stairs (1.0 high), stopped by the wall the skin short
    EXPECT_NEAR(static_cast<double>(p.y), 1.0 + kSkin, 1e-6);
    EXPECT_NEAR(static_cast<double>(p.x), 12 - 0.5 - kSkin, 1e-6);
    EXPECT_EQ(p.z, 0);
    l.Validate();
}

TEST(Character, AStepTallerThanItsStepHeightIsAWall) {
    Level l;
    l.Box(-10, -1, -5, 30, 0, 5);
    l.Box(2, 0, -5, 30, 0.35, 5);
    col_body_id id = l.Capsule(0, 0.001, 0);
    col_character c = Character(id, 0.3, 0.3);
    ASSERT_EQ(col_character_probe(l.w, &c), COL_WORLD_OK);
    for (int frame = 0; frame < 20; ++frame) {
        Step s = Walk(l.w, c, V(0.25, -0.02, 0));
        ASSERT_EQ(s.st, COL_WORLD_OK);
        EXPECT_EQ(s.r.stepped, 0);
    }
    col_vec3 p = Foot(l.w, id);
    EXPECT_NEAR(static_cast<double>(p.y), kSkin, 1e-6);
    // the capsule's round bottom meets the step's edge 0.35 up: stopped
    // where the sphere (centre 0.5 up) is the skin from the edge
    double dy = 0.5 + kSkin - 0.35;
    EXPECT_NEAR(static_cast<double>(p.x), 2 - std::sqrt((0.5 + kSkin) * (0.5 + kSkin) - dy * dy), 1e-3);
}

TEST(Character, WalksUpAWalkableSlopeAndStandsOnIt) {
    Level l;
    l.Box(-10, -1, -5, 0, 0, 5);
    l.Slope(30);
    col_body_id id = l.Capsule(-3, 0.001, 0);
    col_character c = Character(id, 0, 0.2);
    ASSERT_EQ(col_character_probe(l.w, &c), COL_WORLD_OK);
    for (int frame = 0; frame < 60; ++frame) {
        Step s = Walk(l.w, c, V(0.2, -0.02, 0));
        ASSERT_EQ(s.st, COL_WORLD_OK);
        EXPECT_EQ(c.ground_state, COL_GROUND_WALKABLE) << frame;
    }
    col_vec3 p = Foot(l.w, id);
    EXPECT_GT(static_cast<double>(p.x), 3);
    // on the slope: its bottom sphere rests the skin from the surface y = x tan 30
    double t = std::tan(3.14159265358979323846 / 6);
    double cx = static_cast<double>(p.x), cy = static_cast<double>(p.y) + 0.5;
    double gap = (cy - cx * t) * std::cos(3.14159265358979323846 / 6) - 0.5;
    EXPECT_NEAR(gap, kSkin, 1e-4);
    EXPECT_NEAR(static_cast<double>(c.ground_normal.y), std::cos(3.14159265358979323846 / 6), 1e-6);
    // standing on it under gravity: not a hair down the slope
    col_vec3 before = p;
    for (int frame = 0; frame < 30; ++frame) {
        Step s = Walk(l.w, c, V(0, -0.02, 0));
        ASSERT_EQ(s.st, COL_WORLD_OK);
        EXPECT_EQ(c.ground_state, COL_GROUND_WALKABLE);
    }
    col_vec3 after = Foot(l.w, id);
    EXPECT_EQ(after.x, before.x);
    EXPECT_NEAR(static_cast<double>(after.y), static_cast<double>(before.y), 1e-6);
}

TEST(Character, SlidesDownASteepSlopeAndCannotWalkUpIt) {
    Level l;
    l.Box(-10, -1, -5, 0, 0, 5);
    l.Slope(60);
    // dropped onto the steep slope at x = 2: it slides down to the floor
    col_body_id id = l.Capsule(2, 4, 0);
    col_character c = Character(id);
    bool was_steep = false;
    for (int frame = 0; frame < 100; ++frame) {
        Step s = Walk(l.w, c, V(0, -0.1, 0));
        ASSERT_EQ(s.st, COL_WORLD_OK);
        was_steep = was_steep || c.ground_state == COL_GROUND_STEEP;
    }
    EXPECT_TRUE(was_steep);
    EXPECT_EQ(c.ground_state, COL_GROUND_WALKABLE);
    col_vec3 p = Foot(l.w, id);
    EXPECT_LT(static_cast<double>(p.x), 0); // off the slope, on the floor
    EXPECT_NEAR(static_cast<double>(p.y), kSkin, 1e-6);
    // walking into it: along it, never up it
    for (int frame = 0; frame < 50; ++frame) {
        Step s = Walk(l.w, c, V(0.2, -0.02, 0.05));
        ASSERT_EQ(s.st, COL_WORLD_OK);
        EXPECT_LT(static_cast<double>(Foot(l.w, id).y), 0.05) << frame;
    }
    EXPECT_GT(static_cast<double>(Foot(l.w, id).z), 2); // it slid sideways along the foot
}

TEST(Character, SnapFollowsTheGroundDownStairs) {
    // stairs down along +x: 0.2 steps, 1 deep
    for (double snap : {0.0, 0.3}) {
        Level l;
        for (int i = 0; i < 6; ++i) l.Box(i - 1, -1, -5, i, -0.2 * i, 5);
        l.Box(5, -3, -5, 20, -1.2, 5);
        col_body_id id = l.Capsule(-0.5, 0.001, 0);
        col_character c = Character(id, 0.3, snap);
        ASSERT_EQ(col_character_probe(l.w, &c), COL_WORLD_OK);
        int airborne = 0;
        for (int frame = 0; frame < 30; ++frame) {
            Step s = Walk(l.w, c, V(0.25, -0.01, 0));
            ASSERT_EQ(s.st, COL_WORLD_OK);
            airborne += c.ground_state == COL_GROUND_AIR;
        }
        if (snap > 0)
            EXPECT_EQ(airborne, 0);
        else
            EXPECT_GT(airborne, 3);
    }
}

TEST(Character, ARiseStopsAtTheCeiling) {
    Level l;
    l.Box(-10, -1, -5, 10, 0, 5);
    col_body_id ceiling = l.Box(-10, 3, -5, 10, 4, 5);
    col_body_id id = l.Capsule(0, 0.001, 0);
    col_character c = Character(id);
    Step s = Walk(l.w, c, V(0, 5, 0));
    ASSERT_EQ(s.st, COL_WORLD_OK);
    EXPECT_NEAR(static_cast<double>(Foot(l.w, id).y), 1 - kSkin, 1e-6); // the top (2 up) the skin below 3
    ASSERT_EQ(s.r.hit_count, 1u);
    EXPECT_EQ(s.hits[0].other, ceiling);
    EXPECT_EQ(c.ground_state, COL_GROUND_AIR);
}

TEST(Character, CrossedBodiesAreReportedAndIgnored) {
    Level l;
    l.Box(-10, -1, -5, 10, 0, 5);
    col_body_id coin = l.Add(Sphere(2, 1, 0, 0.3));
    col_body_id id = l.Capsule(0, 0.001, 0);
    col_character c = Character(id);
    struct Ctx {
        col_body_id coin;
    } ctx{coin};
    c.respond = [](void *p, col_body_id, col_body_id other, void *, col_real *) {
        return other == static_cast<Ctx *>(p)->coin ? COL_RESPONSE_CROSS : COL_RESPONSE_SLIDE;
    };
    c.ctx = &ctx;
    Step s = Walk(l.w, c, V(4, 0, 0));
    ASSERT_EQ(s.st, COL_WORLD_OK);
    EXPECT_NEAR(static_cast<double>(Pos(l.w, id).x), 4, kTol);
    ASSERT_EQ(s.r.hit_count, 1u);
    EXPECT_EQ(s.hits[0].other, coin);
    EXPECT_EQ(s.hits[0].response, COL_RESPONSE_CROSS);
}

TEST(Character, BadInputIsAnErrorAndChangesNothing) {
    Level l;
    l.Box(-10, -1, -5, 10, 0, 5);
    col_body_id id = l.Capsule(0, 0.001, 0);
    col_character good = Character(id);
    ASSERT_EQ(col_character_probe(l.w, &good), COL_WORLD_OK);
    auto bad = [&](void (*spoil)(col_character &), col_vec3 d) {
        col_character c = good;
        spoil(c);
        col_character before = c;
        col_character_result r;
        EXPECT_EQ(col_character_move(l.w, &c, d, nullptr, 0, &r), COL_WORLD_INVALID_ARGUMENT);
        EXPECT_EQ(std::memcmp(&c, &before, sizeof c), 0);
        EXPECT_TRUE(Pos(l.w, id).x == 0);
    };
    bad([](col_character &c) { c.up = V(0, 0, 0); }, V(1, 0, 0));
    bad([](col_character &c) { c.up = V(kNaN, 1, 0); }, V(1, 0, 0));
    bad([](col_character &c) { c.step_height = R(-1); }, V(1, 0, 0));
    bad([](col_character &c) { c.step_height = R(kInf); }, V(1, 0, 0));
    bad([](col_character &c) { c.snap = R(kNaN); }, V(1, 0, 0));
    bad([](col_character &c) { c.max_slope = R(1.5707963267948966); }, V(1, 0, 0));
    bad([](col_character &c) { c.max_slope = R(-0.1); }, V(1, 0, 0));
    bad([](col_character &) {}, V(kNaN, 0, 0));
    bad([](col_character &) {}, V(0, kInf, 0));
    EXPECT_EQ(col_character_move(l.w, nullptr, V(1, 0, 0), nullptr, 0, nullptr), COL_WORLD_INVALID_ARGUMENT);
    EXPECT_EQ(col_character_move(nullptr, &good, V(1, 0, 0), nullptr, 0, nullptr), COL_WORLD_INVALID_ARGUMENT);
    col_move_hit h;
    EXPECT_EQ(col_character_move(l.w, &good, V(1, 0, 0), nullptr, 1, nullptr), COL_WORLD_INVALID_ARGUMENT);
    (void)h;
    // a removed body
    ASSERT_EQ(col_world_remove(l.w, id), COL_WORLD_OK);
    EXPECT_EQ(col_character_move(l.w, &good, V(1, 0, 0), nullptr, 0, nullptr), COL_WORLD_STALE_ID);
    EXPECT_EQ(col_character_probe(l.w, &good), COL_WORLD_STALE_ID);
}

TEST(Character, AnyUpWorks) {
    // the same fall and walk with z up, and with up given unnormalized
    for (col_vec3 up : {V(0, 0, 1), V(0, 0, 3)}) {
        Level l;
        l.Box(-10, -5, -1, 10, 5, 0);
        col_body_id id = l.Add(ct::Capsule(V(0, 0, 2.5), V(0, 0, 3.5), 0.5), false);
        col_character c = Character(id);
        c.up = up;
        Step s = Walk(l.w, c, V(0, 0, -5));
        ASSERT_EQ(s.st, COL_WORLD_OK);
        EXPECT_NEAR(static_cast<double>(Pos(l.w, id).z), -2 + kSkin, kTol);
        EXPECT_EQ(c.ground_state, COL_GROUND_WALKABLE);
        EXPECT_NEAR(static_cast<double>(c.ground_normal.z), 1, kTol);
        s = Walk(l.w, c, V(1, 1, -0.1));
        EXPECT_NEAR(static_cast<double>(Pos(l.w, id).x), 1, kTol);
        EXPECT_EQ(c.ground_state, COL_GROUND_WALKABLE);
    }
}

TEST(Character, TheWalkDoesNotDependOnTheTreesShape) {
    // the staircase walk in an incrementally built world and in a rebuilt one
    std::vector<col_vec3> a, b;
    for (int pass = 0; pass < 2; ++pass) {
        Level l;
        for (int i = 0; i < 40; ++i) l.Box(i * 0.5, -1, -5, i * 0.5 + 0.5, 0.01 * ((i * 3) % 7), 5);
        col_body_id id = l.Capsule(-0.5, 0.2, 0);
        if (pass == 1) {
            ASSERT_EQ(col_world_optimize(l.w), COL_WORLD_OK);
        }
        col_character c = Character(id, 0.1, 0.1);
        for (int frame = 0; frame < 100; ++frame) {
            Walk(l.w, c, V(0.2, -0.05, 0.01 * (frame % 3 - 1)));
            (pass ? b : a).push_back(Pos(l.w, id));
        }
    }
    ASSERT_EQ(a.size(), b.size());
    EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof a[0]), 0);
}
