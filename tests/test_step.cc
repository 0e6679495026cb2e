// Stepping a world (collide/step.h): velocities, a bullet against a thin wall
// in swept mode (stopped, at the right time) and discrete mode (tunnels), a
// ball bouncing between two walls with restitution, a slide that keeps the
// tangential velocity, sensors crossed with begin and end events, overlaps
// begun and ended in discrete mode, events in order of (t, ids), a removed
// body's pairs ended, bad input, the same steps in a rebuilt tree, and a
// crowd's step rebuilding the movable tree with brute force's results.
#include "helpers.h"

#include <cmath>
#include <cstring>
#include <vector>

using namespace ct;

namespace {

const double kSkin = static_cast<double>(COL_WORLD_DEFAULT_SKIN);
const double kTol = sizeof(col_real) == sizeof(float) ? 2e-4 : 1e-9; // positions after a step

struct World {
    col_world *w = col_world_create();
    ~World() { col_world_destroy(w); }
    col_body_id Add(const col_shape &s, bool is_static = true, bool sensor = false) {
        col_body_def d = col_body_def_default();
        d.shape = s;
        d.is_static = is_static;
        d.is_sensor = sensor;
        col_body_id id = COL_BODY_NULL;
        EXPECT_EQ(col_world_add(w, &d, &id), COL_WORLD_OK);
        return id;
    }
    col_body_id Mover(const col_shape &s, col_vec3 v) {
        col_body_id id = Add(s, false);
        EXPECT_EQ(col_world_set_velocity(w, id, v), COL_WORLD_OK);
        return id;
    }
    struct Step {
        col_world_status st;
        col_step_result r;
        std::vector<col_event> events;
    };
    Step Run(double dt, col_step_def def = col_step_def_default()) {
        Step s;
        s.events.resize(64);
        s.st = col_world_step(w, R(dt), &def, s.events.data(), s.events.size(), &s.r);
        s.events.resize(s.st == COL_WORLD_OK ? std::min<size_t>(s.r.event_count, 64) : 0);
        char why[256];
        EXPECT_TRUE(col_world_validate(w, why, sizeof why)) << why;
        return s;
    }
    col_vec3 Pos(col_body_id id) {
        col_vec3 p = V(kNaN, kNaN, kNaN);
        EXPECT_TRUE(col_world_position(w, id, &p));
        return p;
    }
    col_vec3 Vel(col_body_id id) {
        col_vec3 v = V(kNaN, kNaN, kNaN);
        EXPECT_TRUE(col_world_velocity(w, id, &v));
        return v;
    }
};

col_step_def Mode(col_step_mode m, col_response r = COL_RESPONSE_SLIDE, double restitution = 1) {
    col_step_def d = col_step_def_default();
    d.mode = m;
    d.response = r;
    d.restitution = R(restitution);
    return d;
}

} // namespace

TEST(Step, NamesAndDefaults) {
    EXPECT_STREQ(col_step_mode_name(COL_STEP_SWEPT), "swept");
    EXPECT_STREQ(col_step_mode_name(COL_STEP_DISCRETE), "discrete");
    EXPECT_STREQ(col_event_kind_name(COL_EVENT_HIT), "hit");
    EXPECT_STREQ(col_event_kind_name(COL_EVENT_BEGIN), "begin");
    EXPECT_STREQ(col_event_kind_name(COL_EVENT_END), "end");
    EXPECT_STREQ(col_event_kind_name(static_cast<col_event_kind>(7)), "?");
    col_step_def d = col_step_def_default();
    EXPECT_EQ(d.mode, COL_STEP_SWEPT);
    EXPECT_EQ(d.response, COL_RESPONSE_SLIDE);
    EXPECT_EQ(d.restitution, 1);
}

TEST(Step, Velocities) {
    World w;
    col_body_id wall = w.Add(Aabb(0, 0, 0, 1, 1, 1));
    col_body_id ball = w.Add(Sphere(5, 5, 5, 1), false);
    EXPECT_TRUE(w.Vel(ball).x == 0 && w.Vel(ball).y == 0 && w.Vel(ball).z == 0);
    EXPECT_EQ(col_world_set_velocity(w.w, ball, V(1, 2, 3)), COL_WORLD_OK);
    EXPECT_EQ(w.Vel(ball).z, 3);
    EXPECT_EQ(col_world_set_velocity(w.w, ball, V(kNaN, 0, 0)), COL_WORLD_INVALID_ARGUMENT);
    EXPECT_EQ(col_world_set_velocity(w.w, ball, V(kInf, 0, 0)), COL_WORLD_INVALID_ARGUMENT);
    EXPECT_EQ(col_world_set_velocity(w.w, wall, V(1, 0, 0)), COL_WORLD_INVALID_ARGUMENT); // static
    EXPECT_EQ(w.Vel(ball).z, 3);
    ASSERT_EQ(col_world_remove(w.w, ball), COL_WORLD_OK);
    EXPECT_EQ(col_world_set_velocity(w.w, ball, V(1, 0, 0)), COL_WORLD_STALE_ID);
    EXPECT_FALSE(col_world_velocity(w.w, ball, nullptr));
}

TEST(Step, ABulletStopsAtAThinWallSweptAndTunnelsDiscrete) {
    // a bullet of radius 0.01 at 1000 units/s, a wall 0.001 thick at x = 5
    for (col_step_mode mode : {COL_STEP_SWEPT, COL_STEP_DISCRETE}) {
        World w;
        col_body_id wall = w.Add(Aabb(5, -1, -1, 5.001, 1, 1));
        col_body_id bullet = w.Mover(Sphere(0, 0, 0, 0.01), V(1000, 0, 0));
        World::Step s = w.Run(1.0 / 60, Mode(mode, COL_RESPONSE_TOUCH));
        ASSERT_EQ(s.st, COL_WORLD_OK);
        EXPECT_EQ(s.r.moved, 1u);
        if (mode == COL_STEP_SWEPT) {
            ASSERT_EQ(s.events.size(), 1u);
            const col_event &e = s.events[0];
            EXPECT_EQ(e.kind, COL_EVENT_HIT);
            EXPECT_EQ(e.a, bullet);
            EXPECT_EQ(e.b, wall);
            EXPECT_EQ(e.response, COL_RESPONSE_TOUCH);
            // it stopped the skin short of the wall, at that time of the step
            double stop = 5 - 0.01 - kSkin, travel = 1000.0 / 60;
            EXPECT_NEAR(static_cast<double>(w.Pos(bullet).x), stop, kTol);
            EXPECT_NEAR(static_cast<double>(e.t), stop / travel, kTol);
            EXPECT_NEAR(static_cast<double>(e.normal.x), -1, kTol);
            EXPECT_EQ(w.Vel(bullet).x, 0); // a touch stops it
        } else {
            EXPECT_EQ(s.events.size(), 0u); // through the wall, unseen
            EXPECT_NEAR(static_cast<double>(w.Pos(bullet).x), 1000.0 / 60, kTol);
            EXPECT_EQ(w.Vel(bullet).x, 1000);
        }
    }
}

TEST(Step, ABallBouncesBetweenTwoWallsWithRestitution) {
    World w;
    col_body_id left = w.Add(Aabb(-11, -5, -5, -10, 5, 5));
    col_body_id right = w.Add(Aabb(10, -5, -5, 11, 5, 5));
    col_body_id ball = w.Mover(Sphere(0, 0, 0, 1), V(30, 0, 0));
    // a step long enough to cross to the right wall (9 units) and back to
    // the left (18 more) at full speed, then on at half
    World::Step s = w.Run(1.0, Mode(COL_STEP_SWEPT, COL_RESPONSE_BOUNCE, 1));
    ASSERT_EQ(s.st, COL_WORLD_OK);
    ASSERT_EQ(s.events.size(), 2u);
    EXPECT_EQ(s.events[0].b, right);
    EXPECT_EQ(s.events[1].b, left);
    EXPECT_LT(s.events[0].t, s.events[1].t);
    EXPECT_EQ(w.Vel(ball).x, 30); // reflected twice
    // 30 units: 9 to the right wall (less the skin), 18 back (less two
    // skins), then the rest on
    EXPECT_NEAR(static_cast<double>(w.Pos(ball).x), -6 + 4 * kSkin, kTol);
    // restitution 0.5: the reflected speed halves
    World w2;
    w2.Add(Aabb(10, -5, -5, 11, 5, 5));
    col_body_id b2 = w2.Mover(Sphere(0, 0, 0, 1), V(18, 0, 0));
    ASSERT_EQ(w2.Run(1.0, Mode(COL_STEP_SWEPT, COL_RESPONSE_BOUNCE, 0.5)).st, COL_WORLD_OK);
    EXPECT_NEAR(static_cast<double>(w2.Vel(b2).x), -9, kTol);
    // 9 to the wall (less the skin), then the 9 left (and the skin)
    // reflected at half
    EXPECT_NEAR(static_cast<double>(w2.Pos(b2).x), 4.5 - 1.5 * kSkin, kTol);
}

TEST(Step, ASlideKeepsTheTangentialVelocity) {
    World w;
    w.Add(Aabb(-100, -1, -5, 100, 0, 5));
    col_body_id ball = w.Mover(Sphere(0, 2, 0, 1), V(4, -3, 0));
    ASSERT_EQ(w.Run(1.0).st, COL_WORLD_OK);
    col_vec3 v = w.Vel(ball);
    EXPECT_EQ(v.x, 4);
    EXPECT_EQ(v.y, 0); // the floor took the normal part
    EXPECT_NEAR(static_cast<double>(w.Pos(ball).y), -1 + kSkin, kTol);
}

TEST(Step, SensorsAreCrossedWithBeginAndEndEvents) {
    World w;
    col_body_id zone = w.Add(Aabb(4, -2, -2, 6, 2, 2), true, true);
    EXPECT_TRUE(col_world_is_sensor(w.w, zone));
    col_body_id ball = w.Mover(Sphere(0, 0, 0, 0.5), V(5, 0, 0));
    EXPECT_FALSE(col_world_is_sensor(w.w, ball));
    // step 1: from 0 to 5, into the zone: a crossing hit and a begin
    World::Step s = w.Run(1.0, Mode(COL_STEP_SWEPT, COL_RESPONSE_TOUCH));
    ASSERT_EQ(s.st, COL_WORLD_OK);
    ASSERT_EQ(s.events.size(), 2u);
    EXPECT_EQ(s.events[0].kind, COL_EVENT_HIT);
    EXPECT_EQ(s.events[0].response, COL_RESPONSE_CROSS);
    EXPECT_NEAR(static_cast<double>(s.events[0].t), 3.5 / 5, kTol);
    EXPECT_EQ(s.events[1].kind, COL_EVENT_BEGIN);
    EXPECT_EQ(s.events[1].a, zone < ball ? zone : ball);
    EXPECT_EQ(s.events[1].b, zone < ball ? ball : zone);
    EXPECT_EQ(s.events[1].t, 1);
    EXPECT_NEAR(static_cast<double>(w.Pos(ball).x), 5, kTol); // a sensor never blocks
    // step 2: still inside: nothing new
    ASSERT_EQ(col_world_set_velocity(w.w, ball, V(0.25, 0, 0)), COL_WORLD_OK);
    s = w.Run(1.0);
    EXPECT_EQ(s.events.size(), 0u);
    // step 3: out: an end
    ASSERT_EQ(col_world_set_velocity(w.w, ball, V(5, 0, 0)), COL_WORLD_OK);
    s = w.Run(1.0);
    ASSERT_EQ(s.events.size(), 1u);
    EXPECT_EQ(s.events[0].kind, COL_EVENT_END);
}

TEST(Step, DiscreteOverlapsBeginAndEndAndRemovedBodiesEndTheirPairs) {
    World w;
    col_body_id box = w.Add(Aabb(2, -1, -1, 3, 1, 1));
    col_body_id a = w.Mover(Sphere(0, 0, 0, 0.5), V(2, 0, 0));
    col_body_id b = w.Mover(Sphere(0, 3, 0, 0.5), V(2, -3, 0));
    World::Step s = w.Run(1.0, Mode(COL_STEP_DISCRETE));
    ASSERT_EQ(s.st, COL_WORLD_OK);
    EXPECT_EQ(s.r.moved, 2u);
    // both end at (2, 0, 0), inside the box and each other: three begins,
    // in order of ids
    ASSERT_EQ(s.events.size(), 3u);
    for (const col_event &e : s.events) {
        EXPECT_EQ(e.kind, COL_EVENT_BEGIN);
        EXPECT_LT(e.a, e.b);
    }
    EXPECT_TRUE(s.events[0].a < s.events[1].a || (s.events[0].a == s.events[1].a && s.events[0].b < s.events[1].b));
    EXPECT_TRUE(s.events[1].a < s.events[2].a || (s.events[1].a == s.events[2].a && s.events[1].b < s.events[2].b));
    // removing b ends its two pairs at the next step
    ASSERT_EQ(col_world_remove(w.w, b), COL_WORLD_OK);
    ASSERT_EQ(col_world_set_velocity(w.w, a, V(0, 0, 0)), COL_WORLD_OK);
    s = w.Run(1.0, Mode(COL_STEP_DISCRETE));
    ASSERT_EQ(s.events.size(), 2u);
    for (const col_event &e : s.events) {
        EXPECT_EQ(e.kind, COL_EVENT_END);
        EXPECT_TRUE(e.a == b || e.b == b);
    }
    (void)box;
}

TEST(Step, EventsComeInOrderOfTimeThenIds) {
    World w;
    w.Add(Aabb(10, -100, -5, 11, 100, 5));
    std::vector<col_body_id> balls;
    // ten balls at staggered distances from the wall, two at each distance
    for (int i = 0; i < 10; ++i) balls.push_back(w.Mover(Sphere(5 - (i % 5), 3 * i, 0, 0.5), V(20, 0, 0)));
    World::Step s = w.Run(1.0, Mode(COL_STEP_SWEPT, COL_RESPONSE_TOUCH));
    ASSERT_EQ(s.st, COL_WORLD_OK);
    ASSERT_EQ(s.events.size(), 10u);
    for (size_t i = 1; i < s.events.size(); ++i) {
        const col_event &p = s.events[i - 1], &q = s.events[i];
        EXPECT_TRUE(p.t < q.t || (p.t == q.t && p.a < q.a)) << i;
    }
    (void)balls;
}

TEST(Step, BadInputIsAnError) {
    World w;
    col_body_id ball = w.Mover(Sphere(0, 0, 0, 1), V(1, 0, 0));
    col_step_def d = col_step_def_default();
    EXPECT_EQ(col_world_step(w.w, R(kNaN), &d, nullptr, 0, nullptr), COL_WORLD_INVALID_ARGUMENT);
    EXPECT_EQ(col_world_step(w.w, R(-1), &d, nullptr, 0, nullptr), COL_WORLD_INVALID_ARGUMENT);
    EXPECT_EQ(col_world_step(w.w, R(kInf), &d, nullptr, 0, nullptr), COL_WORLD_INVALID_ARGUMENT);
    EXPECT_EQ(col_world_step(w.w, 1, nullptr, nullptr, 0, nullptr), COL_WORLD_INVALID_ARGUMENT);
    EXPECT_EQ(col_world_step(nullptr, 1, &d, nullptr, 0, nullptr), COL_WORLD_INVALID_ARGUMENT);
    EXPECT_EQ(col_world_step(w.w, 1, &d, nullptr, 3, nullptr), COL_WORLD_INVALID_ARGUMENT);
    col_step_def bad = d;
    bad.mode = static_cast<col_step_mode>(5);
    EXPECT_EQ(col_world_step(w.w, 1, &bad, nullptr, 0, nullptr), COL_WORLD_INVALID_ARGUMENT);
    bad = d;
    bad.restitution = R(-1);
    EXPECT_EQ(col_world_step(w.w, 1, &bad, nullptr, 0, nullptr), COL_WORLD_INVALID_ARGUMENT);
    EXPECT_EQ(w.Pos(ball).x, 0); // nothing moved
    // a respond callback cannot change the world
    w.Add(Aabb(3, -5, -5, 4, 5, 5));
    struct Ctx {
        col_world *w;
        col_world_status seen;
    } ctx{w.w, COL_WORLD_OK};
    d.respond = [](void *p, col_body_id, col_body_id other, void *, col_real *) {
        Ctx *c = static_cast<Ctx *>(p);
        c->seen = col_world_remove(c->w, other);
        return COL_RESPONSE_TOUCH;
    };
    d.ctx = &ctx;
    EXPECT_EQ(col_world_step(w.w, 5, &d, nullptr, 0, nullptr), COL_WORLD_OK);
    EXPECT_EQ(ctx.seen, COL_WORLD_LOCKED);
    // a jump beyond the coordinate range moves nothing
    const double huge = sizeof(col_real) == sizeof(float) ? 1e9 : 1e49;
    ASSERT_EQ(col_world_set_velocity(w.w, ball, V(huge, 0, 0)), COL_WORLD_OK);
    col_vec3 before = w.Pos(ball);
    bad = Mode(COL_STEP_DISCRETE);
    EXPECT_EQ(col_world_step(w.w, 10, &bad, nullptr, 0, nullptr), COL_WORLD_INVALID_ARGUMENT);
    EXPECT_EQ(w.Pos(ball).x, before.x);
}

TEST(Step, StepsMovesAndCharactersEqualBruteForce) {
    // 40 balls bouncing in a box of walls (a few of its posts sensors), a
    // box pushed by moves and a capsule character walking, in a world built
    // incrementally, in one whose static tree is rebuilt, and in one forced
    // to brute force (no tree walked): positions, velocities, hits and
    // events, bit for bit
    std::vector<unsigned char> trace[3];
    for (int pass = 0; pass < 3; ++pass) {
        World w;
        w.Add(Aabb(-21, -21, -5, -20, 21, 5));
        w.Add(Aabb(20, -21, -5, 21, 21, 5));
        w.Add(Aabb(-21, -21, -5, 21, -20, 5));
        w.Add(Aabb(-21, 20, -5, 21, 21, 5));
        for (int i = 0; i < 10; ++i) w.Add(Aabb(-15 + 3 * i, -2, -5, -14.5 + 3 * i, 2, 5), true, i % 3 == 0);
        std::vector<col_body_id> balls;
        for (int i = 0; i < 40; ++i)
            balls.push_back(w.Mover(Sphere(-18 + (i % 8) * 4.5, -18 + (i / 8) * 4, 0, 0.6),
                                    V(7 * std::cos(i * 1.3), 7 * std::sin(i * 1.3), 0)));
        col_body_id crate = w.Add(Aabb(-19, 15, -1, -18, 16, 1), false);
        col_body_id hero = w.Add(ct::Capsule(V(15, -19.5 + 0.002, 0), V(15, -18.5, 0), 0.5), false);
        col_character ch = col_character_default(hero);
        ch.step_height = R(0.3);
        if (pass == 1) {
            ASSERT_EQ(col_world_optimize(w.w), COL_WORLD_OK);
        }
        if (pass == 2) {
            ASSERT_EQ(col_world_set_brute_force(w.w, true), COL_WORLD_OK);
        }
        EXPECT_EQ(col_world_brute_force(w.w), pass == 2);
        auto put = [&](const void *p, size_t n) {
            const unsigned char *c = static_cast<const unsigned char *>(p);
            trace[pass].insert(trace[pass].end(), c, c + n);
        };
        for (int step = 0; step < 60; ++step) {
            World::Step s = w.Run(1.0 / 30, Mode(COL_STEP_SWEPT, COL_RESPONSE_BOUNCE, 0.9));
            ASSERT_EQ(s.st, COL_WORLD_OK);
            col_move_hit hits[16];
            std::memset(hits, 0, sizeof hits); // the trace takes whole records, padding too
            col_move_result mr;
            col_move_def md = col_move_def_default();
            ASSERT_EQ(col_world_move(w.w, crate, V(0.9, -0.4 * std::sin(step * 0.3), 0), &md, hits, 16, &mr),
                      COL_WORLD_OK);
            put(&mr.position, sizeof mr.position);
            for (size_t i = 0; i < std::min<size_t>(mr.hit_count, 16); ++i) put(&hits[i], sizeof hits[i]);
            col_character_result cr;
            std::memset(hits, 0, sizeof hits);
            ASSERT_EQ(col_character_move(w.w, &ch, V(step < 30 ? -0.3 : 0.3, -0.05, 0), hits, 16, &cr), COL_WORLD_OK);
            put(&cr.position, sizeof cr.position);
            put(&cr.ground_state, sizeof cr.ground_state);
            for (const col_event &e : s.events) {
                put(&e.kind, sizeof e.kind);
                put(&e.a, sizeof e.a);
                put(&e.b, sizeof e.b);
                put(&e.t, sizeof e.t);
            }
            for (col_body_id b : balls) {
                col_vec3 p = w.Pos(b), v = w.Vel(b);
                put(&p, sizeof p);
                put(&v, sizeof v);
            }
        }
    }
    EXPECT_GT(trace[0].size(), 1000u);
    EXPECT_TRUE(trace[0] == trace[1]);
    EXPECT_TRUE(trace[0] == trace[2]);
}

// A step that moves a crowd out of its fat boxes rebuilds the movable tree
// (collide/step.h: at least half of 1024 or more leaves reinserted):
// after it, col_world_optimize finds the tree as a rebuild makes it; a step
// that moves a few bodies keeps the tree it has. The tree's shape changes
// no result: the steps' events and positions equal brute force's, bit for
// bit (swept, then discrete).
TEST(Step, ACrowdMovedFarGetsARebuiltTreeAndTheSameResultsAsBruteForce) {
    const int n = 2100, side = 13; // 13^3 = 2197 cells of 2 units
    std::vector<unsigned char> trace[2];
    for (int pass = 0; pass < 2; ++pass) {
        World w;
        w.Add(Aabb(-1, -2, -1, 2 * side + 1, -1, 2 * side + 1));
        std::vector<col_body_id> balls;
        for (int i = 0; i < n; ++i) {
            double x = i % side, y = (i / side) % side, z = i / (side * side);
            double a = 2.4 * i, b = std::sin(1.7 * i);
            double c = std::sqrt(1 - b * b);
            balls.push_back(w.Mover(Sphere(2 * x + 0.5 * std::cos(i), 2 * y + 0.25, 2 * z + 0.5 * std::sin(i), 0.4),
                                    V(3 * c * std::cos(a), 3 * b, 3 * c * std::sin(a))));
        }
        if (pass == 1) {
            ASSERT_EQ(col_world_set_brute_force(w.w, true), COL_WORLD_OK);
        }
        auto movable = [&] { return col_world_stats_of(w.w).movable_tree; };
        auto same = [](const col_tree_stats &x, const col_tree_stats &y) {
            return x.leaf_count == y.leaf_count && x.node_count == y.node_count && x.height == y.height &&
                   x.area_ratio == y.area_ratio && x.internal_area == y.internal_area;
        };
        auto optimized = [&] {
            col_tree_stats before = movable();
            EXPECT_EQ(col_world_optimize(w.w), COL_WORLD_OK);
            return same(before, movable());
        };
        auto put = [&](const void *p, size_t k) {
            const unsigned char *c = static_cast<const unsigned char *>(p);
            trace[pass].insert(trace[pass].end(), c, c + k);
        };
        auto record = [&] {
            size_t count = 0;
            const col_event *e = col_world_events(w.w, &count);
            put(&count, sizeof count);
            for (size_t i = 0; i < count; ++i) {
                put(&e[i].kind, sizeof e[i].kind);
                put(&e[i].a, sizeof e[i].a);
                put(&e[i].b, sizeof e[i].b);
                put(&e[i].t, sizeof e[i].t);
                put(&e[i].point, sizeof e[i].point);
                put(&e[i].normal, sizeof e[i].normal);
            }
            for (col_body_id id : balls) {
                col_vec3 p = w.Pos(id), v = w.Vel(id);
                put(&p, sizeof p);
                put(&v, sizeof v);
            }
        };
        // the tree the adds grew is not what a rebuild makes of it (the
        // check below can tell), and a worse one
        if (pass == 0) {
            col_tree_stats grown = movable();
            EXPECT_FALSE(optimized());
            EXPECT_LT(movable().area_ratio, grown.area_ratio);
        }
        // a step moving a twentieth of the crowd keeps its tree
        for (int i = 0; i < n; ++i)
            if (i % 20) {
                ASSERT_EQ(col_world_set_velocity(w.w, balls[i], V(0, 0, 0)), COL_WORLD_OK);
            }
        ASSERT_EQ(w.Run(1, Mode(COL_STEP_DISCRETE)).st, COL_WORLD_OK);
        record();
        if (pass == 0) {
            EXPECT_FALSE(optimized());
        }
        for (int i = 0; i < n; ++i) {
            double a = 2.4 * i, b = std::sin(1.7 * i);
            double c = std::sqrt(1 - b * b);
            ASSERT_EQ(col_world_set_velocity(w.w, balls[i], V(3 * c * std::cos(a), 3 * b, 3 * c * std::sin(a))),
                      COL_WORLD_OK);
        }
        for (col_step_mode mode : {COL_STEP_SWEPT, COL_STEP_DISCRETE}) {
            World::Step s = w.Run(1, Mode(mode));
            ASSERT_EQ(s.st, COL_WORLD_OK);
            EXPECT_GT(s.r.moved, static_cast<size_t>(n / 2));
            record();
            if (pass == 0) {
                EXPECT_TRUE(optimized()) << "mode " << col_step_mode_name(mode);
            }
        }
    }
    EXPECT_GT(trace[0].size(), 100000u);
    EXPECT_TRUE(trace[0] == trace[1]);
}
