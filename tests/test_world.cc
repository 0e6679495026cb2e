// The world (collide/world.h): every query against brute force (the same
// narrow-phase test on every body, results in the documented order) on random
// scenes of mixed shapes, static and movable, with planes, through random
// add/remove/set_shape sequences; ids with generations; filters; the lock.
#include "helpers.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <random>
#include <vector>

using namespace ct;

namespace {

struct World {
    col_world *w = col_world_create();
    ~World() { col_world_destroy(w); }
};

std::vector<col_vec3> kHull = {V(-1, -1, -1), V(1, -1, -1), V(0, 1, -1), V(0, 0, 1)};

col_shape RandomShape(std::mt19937_64 &rng, double range, double size) {
    std::uniform_real_distribution<double> c(-range, range), s(0.01 * size, size), u(-1, 1);
    std::uniform_int_distribution<int> kind(0, 8);
    col_vec3 p = V(c(rng), c(rng), c(rng));
    auto near = [&]() { return col_v3_add(p, V(size * u(rng), size * u(rng), size * u(rng))); };
    switch (kind(rng)) {
    case 0: return Point(p.x, p.y, p.z);
    case 1: return Segment(p, near());
    case 2: return Triangle(p, near(), near());
    case 3: return Sphere(p.x, p.y, p.z, s(rng));
    case 4: return Capsule(p, near(), s(rng) * 0.3);
    case 5: {
        double a = s(rng), b = s(rng), d = s(rng);
        return Aabb(p.x - a, p.y - b, p.z - d, p.x + a, p.y + b, p.z + d);
    }
    case 6: return Obb(p, V(s(rng), s(rng), s(rng)), col_m3_from_axis_angle(V(u(rng), u(rng), 1), R(u(rng) * 3)));
    case 7: return Ellipsoid(p.x, p.y, p.z, s(rng), s(rng), s(rng));
    default: return Polytope(kHull.data(), static_cast<int>(kHull.size()));
    }
}

col_vec3 RandomPoint(std::mt19937_64 &rng, double range) {
    std::uniform_real_distribution<double> c(-range, range);
    return V(c(rng), c(rng), c(rng));
}

// The bodies beside the world, for brute force.
struct Body {
    col_shape shape;
    uint64_t category, mask;
};
using Shadow = std::map<uint64_t, Body>; // by slot (id order), value with the id

uint64_t Slot(col_body_id id) { return id & 0xffffffffu; }

bool Passes(const Body &b, const col_filter *f) {
    return !f || ((b.category & f->mask) != 0 && (f->category & b.mask) != 0);
}

std::vector<col_body_id> All(col_world *w, size_t n,
                             size_t (*q)(col_world *, const void *, const col_filter *, col_body_id *, size_t,
                                         col_world_status *),
                             const void *arg, const col_filter *f) {
    std::vector<col_body_id> out(n + 1);
    col_world_status st;
    size_t k = q(w, arg, f, out.data(), out.size(), &st);
    EXPECT_EQ(st, COL_WORLD_OK);
    EXPECT_LE(k, out.size());
    out.resize(std::min(k, out.size()));
    return out;
}

size_t QueryShape(col_world *w, const void *s, const col_filter *f, col_body_id *o, size_t cap, col_world_status *st) {
    return col_world_query_shape(w, static_cast<const col_shape *>(s), f, o, cap, st);
}

TEST(World, QueriesAgreeWithBruteForceThroughRandomEdits) {
    std::mt19937_64 rng(11);
    for (double range : {20.0, 1e5}) {
        World W;
        col_world *w = W.w;
        std::map<uint64_t, std::pair<col_body_id, Body>> live; // by slot
        std::vector<std::vector<col_vec3>> hulls;              // polytope points, kept alive
        hulls.reserve(100000);
        auto make = [&](col_shape s) {
            if (s.kind == COL_SHAPE_POLYTOPE) {
                std::uniform_real_distribution<double> c(-range, range);
                col_vec3 o = V(c(rng), c(rng), c(rng));
                hulls.emplace_back();
                for (col_vec3 v : kHull) hulls.back().push_back(col_v3_add(o, col_v3_scale(v, R(range * 0.02))));
                s.u.polytope.points = hulls.back().data();
            }
            return s;
        };
        std::uniform_int_distribution<int> bits(0, 3);
        auto add = [&](bool is_static) {
            col_body_def d = col_body_def_default();
            d.shape = make(RandomShape(rng, range, range * 0.08));
            d.is_static = is_static;
            d.category = uint64_t{1} << bits(rng);
            d.mask = bits(rng) == 0 ? ~uint64_t{0} ^ 1 : ~uint64_t{0};
            col_body_id id;
            ASSERT_EQ(col_world_add(w, &d, &id), COL_WORLD_OK);
            ASSERT_TRUE(col_world_contains(w, id));
            live[Slot(id)] = {id, Body{d.shape, d.category, d.mask}};
        };
        for (int i = 0; i < 1500; ++i) ASSERT_NO_FATAL_FAILURE(add(i % 3 == 0));
        {
            col_body_def d = col_body_def_default();
            d.shape = Plane(0, 0, 1, -range * 0.5);
            col_body_id id;
            ASSERT_EQ(col_world_add(w, &d, &id), COL_WORLD_OK);
            live[Slot(id)] = {id, Body{d.shape, d.category, d.mask}};
        }
        size_t found[4] = {0, 0, 0, 0}; // results compared, per kind of query
        col_filter masked = col_filter_default();
        masked.mask = 0x5;
        masked.category = 0x2;
        for (int round = 0; round < 30; ++round) {
            // edits
            for (int e = 0; e < 50; ++e) {
                int op = std::uniform_int_distribution<int>(0, 2)(rng);
                auto it = live.begin();
                std::advance(it, std::uniform_int_distribution<size_t>(0, live.size() - 1)(rng));
                if (op == 0) {
                    ASSERT_NO_FATAL_FAILURE(add(e % 2 == 0));
                } else if (op == 1) {
                    col_body_id id = it->second.first;
                    ASSERT_EQ(col_world_remove(w, id), COL_WORLD_OK);
                    EXPECT_EQ(col_world_remove(w, id), COL_WORLD_STALE_ID);
                    EXPECT_FALSE(col_world_contains(w, id));
                    live.erase(it);
                } else {
                    col_shape s = make(RandomShape(rng, range, range * 0.08));
                    ASSERT_EQ(col_world_set_shape(w, it->second.first, &s), COL_WORLD_OK);
                    it->second.second.shape = s;
                }
            }
            ASSERT_EQ(col_world_count(w), live.size());
            for (const col_filter *f : std::vector<const col_filter *>{nullptr, &masked}) {
                // shape, box and point queries
                for (int k = 0; k < 6; ++k) {
                    col_shape q = make(RandomShape(rng, range, range * 0.4));
                    std::vector<col_body_id> want;
                    for (const auto &[slot, e] : live)
                        if (Passes(e.second, f) && col_overlap(&q, &e.second.shape)) want.push_back(e.first);
                    ASSERT_EQ(All(w, live.size(), QueryShape, &q, f), want) << "round " << round << " query " << k;
                    found[0] += want.size();
                }
                // rays: the closest and all, by (t, id)
                for (int k = 0; k < 6; ++k) {
                    col_vec3 o = RandomPoint(rng, range), to = col_v3_sub(RandomPoint(rng, range), o);
                    col_ray r{o, to, R(k % 2 ? 1.0 : kInf)};
                    struct Hit {
                        col_real t;
                        uint64_t slot;
                        col_body_id id;
                    };
                    std::vector<Hit> want;
                    for (const auto &[slot, e] : live) {
                        if (!Passes(e.second, f) || e.second.shape.kind == COL_SHAPE_POLYTOPE) continue;
                        col_ray_hit h = col_raycast(&e.second.shape, &r);
                        if (h.status == COL_HIT) want.push_back({h.t, slot, e.first});
                    }
                    std::vector<col_world_ray_hit> got(live.size());
                    col_world_status st;
                    size_t n = col_world_raycast_all(w, &r, f, got.data(), got.size(), &st);
                    ASSERT_EQ(st, COL_WORLD_OK);
                    got.resize(n);
                    // polytopes answer by the general sweep: leave them out of the comparison
                    got.erase(std::remove_if(got.begin(), got.end(),
                                             [&](const col_world_ray_hit &h) {
                                                 return live[Slot(h.body)].second.shape.kind == COL_SHAPE_POLYTOPE;
                                             }),
                              got.end());
                    std::sort(want.begin(), want.end(),
                              [](const Hit &x, const Hit &y) { return x.t != y.t ? x.t < y.t : x.slot < y.slot; });
                    ASSERT_EQ(got.size(), want.size()) << "round " << round << " ray " << k;
                    found[1] += want.size();
                    for (size_t i = 0; i < want.size(); ++i) {
                        EXPECT_EQ(got[i].body, want[i].id);
                        EXPECT_EQ(got[i].hit.t, want[i].t);
                    }
                    col_world_ray_hit closest;
                    bool hit = col_world_raycast(w, &r, f, &closest, &st);
                    ASSERT_EQ(st, COL_WORLD_OK);
                    ASSERT_EQ(hit, n > 0);
                    if (hit) {
                        col_world_ray_hit all0;
                        col_world_raycast_all(w, &r, f, &all0, 1, &st);
                        EXPECT_EQ(closest.body, all0.body);
                        EXPECT_EQ(closest.hit.t, all0.hit.t);
                    }
                }
                // casts: all by (t0, id), the closest is the first
                for (int k = 0; k < 4; ++k) {
                    col_shape q = make(RandomShape(rng, range, range * 0.15));
                    std::uniform_real_distribution<double> d(-range, range);
                    col_vec3 delta = V(d(rng), d(rng), d(rng));
                    struct Hit {
                        col_real t;
                        uint64_t slot;
                        col_body_id id;
                    };
                    std::vector<Hit> want;
                    for (const auto &[slot, e] : live) {
                        if (!Passes(e.second, f)) continue;
                        col_sweep_hit h = col_sweep(&q, delta, &e.second.shape, V(0, 0, 0));
                        if (h.status == COL_HIT || h.status == COL_NOT_CONVERGED) want.push_back({h.t0, slot, e.first});
                    }
                    std::sort(want.begin(), want.end(),
                              [](const Hit &x, const Hit &y) { return x.t != y.t ? x.t < y.t : x.slot < y.slot; });
                    std::vector<col_world_cast_hit> got(live.size());
                    col_world_status st;
                    size_t n = col_world_cast_all(w, &q, delta, f, got.data(), got.size(), &st);
                    ASSERT_EQ(st, COL_WORLD_OK);
                    ASSERT_EQ(n, want.size()) << "round " << round << " cast " << k;
                    found[2] += n;
                    for (size_t i = 0; i < n; ++i) {
                        EXPECT_EQ(got[i].body, want[i].id);
                        EXPECT_EQ(got[i].hit.t0, want[i].t);
                    }
                    col_world_cast_hit first;
                    bool hit = col_world_cast(w, &q, delta, f, &first, &st);
                    ASSERT_EQ(hit, n > 0);
                    if (hit) {
                        EXPECT_EQ(first.body, want[0].id);
                        EXPECT_EQ(first.hit.t0, want[0].t);
                    }
                }
                // frustums
                for (int k = 0; k < 2; ++k) {
                    col_vec3 eye = RandomPoint(rng, range), dir = col_v3_sub(RandomPoint(rng, range), eye);
                    col_frustum fr =
                        col_frustum_from_camera(eye, dir, V(0, 0, 1), R(1.2), R(1.3), R(range * 0.01), R(range));
                    if (!col_frustum_is_valid(&fr)) continue;
                    std::vector<col_body_id> want;
                    std::vector<col_cull> want_class;
                    for (const auto &[slot, e] : live) {
                        if (!Passes(e.second, f)) continue;
                        col_cull c = col_frustum_classify_shape(&fr, &e.second.shape);
                        if (c == COL_CULL_OUTSIDE) continue;
                        want.push_back(e.first);
                        want_class.push_back(c);
                    }
                    std::vector<col_body_id> got(live.size());
                    std::vector<col_cull> cls(live.size());
                    col_world_status st;
                    size_t n = col_world_query_frustum(w, &fr, f, got.data(), cls.data(), got.size(), &st);
                    ASSERT_EQ(st, COL_WORLD_OK);
                    got.resize(n);
                    cls.resize(n);
                    ASSERT_EQ(got, want);
                    EXPECT_EQ(cls, want_class);
                    found[3] += n;
                }
            }
        }
        // the scenes are dense enough that every kind of query finds many bodies
        EXPECT_GT(found[0], 500u);
        EXPECT_GT(found[1], 500u);
        EXPECT_GT(found[2], 500u);
        EXPECT_GT(found[3], 500u);
        std::printf("range %g: %zu shape-query, %zu ray, %zu cast, %zu frustum results compared\n", range, found[0],
                    found[1], found[2], found[3]);
    }
}

TEST(World, IdsCarryGenerations) {
    World W;
    col_body_def d = col_body_def_default();
    d.shape = Sphere(0, 0, 0, 1);
    col_body_id a, b;
    ASSERT_EQ(col_world_add(W.w, &d, &a), COL_WORLD_OK);
    ASSERT_EQ(col_world_remove(W.w, a), COL_WORLD_OK);
    ASSERT_EQ(col_world_add(W.w, &d, &b), COL_WORLD_OK);
    EXPECT_EQ(Slot(a), Slot(b)) << "the slot is reused";
    EXPECT_NE(a, b) << "with another generation";
    EXPECT_FALSE(col_world_contains(W.w, a));
    EXPECT_EQ(col_world_set_shape(W.w, a, &d.shape), COL_WORLD_STALE_ID);
    EXPECT_EQ(col_world_shape(W.w, a), nullptr);
    EXPECT_NE(col_world_shape(W.w, b), nullptr);
    EXPECT_FALSE(col_world_contains(W.w, COL_BODY_NULL));
    EXPECT_FALSE(col_world_contains(W.w, 12345));
    EXPECT_EQ(col_world_remove(W.w, ~uint64_t{0}), COL_WORLD_STALE_ID);
}

TEST(World, RefusesInvalidShapesAndArguments) {
    World W;
    col_body_def d = col_body_def_default();
    col_body_id id = 99;
    EXPECT_EQ(col_world_add(W.w, &d, &id), COL_WORLD_INVALID_SHAPE); // kind not set
    EXPECT_EQ(id, COL_BODY_NULL);
    d.shape = Sphere(kNaN, 0, 0, 1);
    EXPECT_EQ(col_world_add(W.w, &d, &id), COL_WORLD_INVALID_SHAPE);
    d.shape = Sphere(0, 0, 0, -1);
    EXPECT_EQ(col_world_add(W.w, &d, &id), COL_WORLD_INVALID_SHAPE);
    d.shape = Circle(0, 0, 1);
    EXPECT_EQ(col_world_add(W.w, &d, &id), COL_WORLD_INVALID_SHAPE);
    EXPECT_EQ(col_world_add(W.w, nullptr, &id), COL_WORLD_INVALID_ARGUMENT);
    EXPECT_EQ(col_world_count(W.w), 0u);
    col_world_status st;
    col_aabb bad{V(1, 0, 0), V(0, 1, 1)};
    EXPECT_EQ(col_world_query_aabb(W.w, &bad, nullptr, nullptr, 0, &st), static_cast<size_t>(-1));
    EXPECT_EQ(st, COL_WORLD_INVALID_ARGUMENT);
    col_ray r{V(0, 0, 0), V(kInf, 0, 0), 1};
    EXPECT_FALSE(col_world_raycast(W.w, &r, nullptr, nullptr, &st));
    EXPECT_EQ(st, COL_WORLD_INVALID_ARGUMENT);
    col_shape s = Sphere(0, 0, 0, 1);
    EXPECT_FALSE(col_world_cast(W.w, &s, V(kNaN, 0, 0), nullptr, nullptr, &st));
    EXPECT_EQ(st, COL_WORLD_INVALID_ARGUMENT);
    // a failed query leaves the world unlocked
    d.shape = Sphere(0, 0, 0, 1);
    EXPECT_EQ(col_world_add(W.w, &d, &id), COL_WORLD_OK);
}

struct LockCtx {
    col_world *w;
    col_body_id id;
    col_world_status add, remove, query;
    int calls = 0;
};

bool TryToChange(void *ctx, col_body_id, void *) {
    auto *c = static_cast<LockCtx *>(ctx);
    col_body_def d = col_body_def_default();
    d.shape = Sphere(5, 5, 5, 1);
    col_body_id id;
    c->add = col_world_add(c->w, &d, &id);
    c->remove = col_world_remove(c->w, c->id);
    col_aabb b{V(0, 0, 0), V(1, 1, 1)};
    col_world_query_aabb(c->w, &b, nullptr, nullptr, 0, &c->query);
    c->calls++;
    return true;
}

TEST(World, IsLockedWhileAQueryRuns) {
    World W;
    col_body_def d = col_body_def_default();
    d.shape = Sphere(0, 0, 0, 1);
    col_body_id id;
    ASSERT_EQ(col_world_add(W.w, &d, &id), COL_WORLD_OK);
    LockCtx ctx{W.w, id, COL_WORLD_OK, COL_WORLD_OK, COL_WORLD_OK};
    col_filter f = col_filter_default();
    f.accept = TryToChange;
    f.ctx = &ctx;
    col_body_id out[4];
    col_world_status st;
    col_vec3 p = V(0, 0, 0);
    EXPECT_EQ(col_world_query_point(W.w, p, &f, out, 4, &st), 1u);
    EXPECT_EQ(ctx.calls, 1);
    EXPECT_EQ(ctx.add, COL_WORLD_LOCKED);
    EXPECT_EQ(ctx.remove, COL_WORLD_LOCKED);
    EXPECT_EQ(ctx.query, COL_WORLD_LOCKED);
    EXPECT_TRUE(col_world_contains(W.w, id));
    EXPECT_EQ(col_world_count(W.w), 1u);
    // unlocked afterwards
    EXPECT_EQ(col_world_remove(W.w, id), COL_WORLD_OK);
}

// A cast that starts overlapping is reported at t0 = 0 with the flag; the
// closest hit among equal t is the least id.
TEST(World, CastsStartingInsideAndTies) {
    World W;
    col_body_def d = col_body_def_default();
    col_body_id wall1, wall2, inside;
    d.shape = Aabb(5, -1, -1, 6, 1, 1);
    ASSERT_EQ(col_world_add(W.w, &d, &wall1), COL_WORLD_OK);
    d.shape = Aabb(5, 1, -1, 6, 3, 1); // entered at the same t as wall1 by a wide box
    ASSERT_EQ(col_world_add(W.w, &d, &wall2), COL_WORLD_OK);
    d.shape = Sphere(0, 0, 0, 0.25);
    ASSERT_EQ(col_world_add(W.w, &d, &inside), COL_WORLD_OK);
    col_shape mover = Aabb(-0.5, -0.5, -0.5, 0.5, 1.5, 0.5);
    col_world_cast_hit hits[4];
    col_world_status st;
    size_t n = col_world_cast_all(W.w, &mover, V(10, 0, 0), nullptr, hits, 4, &st);
    ASSERT_EQ(n, 3u);
    EXPECT_EQ(hits[0].body, inside);
    EXPECT_EQ(hits[0].hit.t0, R(0));
    EXPECT_TRUE(hits[0].hit.initially_overlapping);
    EXPECT_EQ(hits[1].body, wall1);
    EXPECT_EQ(hits[2].body, wall2);
    EXPECT_EQ(hits[1].hit.t0, hits[2].hit.t0);
    // the closest, past the sphere: the least id among the tie
    col_filter skip = col_filter_default();
    skip.accept = [](void *ctx, col_body_id id, void *) { return id != *static_cast<col_body_id *>(ctx); };
    skip.ctx = &inside;
    col_world_cast_hit first;
    ASSERT_TRUE(col_world_cast(W.w, &mover, V(10, 0, 0), &skip, &first, &st));
    EXPECT_EQ(first.body, wall1);
    // a ray from inside a body hits it at t = 0
    col_ray r{V(0, 0, 0), V(1, 0, 0), R(kInf)};
    col_world_ray_hit rh;
    ASSERT_TRUE(col_world_raycast(W.w, &r, nullptr, &rh, &st));
    EXPECT_EQ(rh.body, inside);
    EXPECT_TRUE(rh.hit.inside);
}

TEST(World, StaticTreeOptimizeKeepsAnswers) {
    std::mt19937_64 rng(4);
    World W;
    std::vector<col_body_id> ids;
    for (int i = 0; i < 3000; ++i) {
        col_body_def d = col_body_def_default();
        d.shape = RandomShape(rng, 100, 3);
        if (d.shape.kind == COL_SHAPE_POLYTOPE) d.shape = Sphere(0, 0, 0, 1);
        d.is_static = true;
        col_body_id id;
        ASSERT_EQ(col_world_add(W.w, &d, &id), COL_WORLD_OK);
    }
    std::vector<std::vector<col_body_id>> before;
    std::vector<col_shape> queries;
    for (int k = 0; k < 50; ++k) {
        queries.push_back(RandomShape(rng, 100, 20));
        if (queries.back().kind == COL_SHAPE_POLYTOPE) queries.back() = Sphere(1, 2, 3, 10);
        before.push_back(All(W.w, 3000, QueryShape, &queries.back(), nullptr));
    }
    col_world_stats s0 = col_world_stats_of(W.w);
    ASSERT_EQ(col_world_optimize(W.w), COL_WORLD_OK);
    col_world_stats s1 = col_world_stats_of(W.w);
    EXPECT_EQ(s1.static_bodies, 3000u);
    EXPECT_LE(s1.static_tree.height, 2 * 12 + 8);
    EXPECT_LE(s1.static_tree.area_ratio, s0.static_tree.area_ratio * 1.1);
    for (int k = 0; k < 50; ++k) EXPECT_EQ(All(W.w, 3000, QueryShape, &queries[k], nullptr), before[k]);
}

} // namespace

namespace {

// Mesh bodies answer as their triangles: every query against brute force
// over bodies that are shapes or meshes.
TEST(World, MeshBodiesAnswerAsTheirTriangles) {
    std::mt19937_64 rng(77);
    // two 8 x 8 heightfields, one static and one movable, beside spheres and boxes
    std::vector<std::vector<col_vec3>> verts(2);
    std::vector<int32_t> idx;
    for (int j = 0; j < 8; ++j)
        for (int i = 0; i < 8; ++i) {
            int32_t a = j * 9 + i, b = a + 1, c = a + 9, d = c + 1;
            idx.insert(idx.end(), {a, b, d, a, d, c});
        }
    std::uniform_int_distribution<int> h(-16, 16);
    col_mesh *meshes[2];
    for (int k = 0; k < 2; ++k) {
        for (int j = 0; j <= 8; ++j)
            for (int i = 0; i <= 8; ++i) verts[k].push_back(V(i + 9 * k, j, h(rng) / 16.0));
        meshes[k] = col_mesh_create(verts[k].data(), 81, idx.data(), 128, nullptr, nullptr);
        ASSERT_NE(meshes[k], nullptr);
    }
    World W;
    col_body_def d = col_body_def_default();
    col_body_id mid[2];
    d.is_static = true;
    ASSERT_EQ(col_world_add_mesh(W.w, meshes[0], &d, &mid[0]), COL_WORLD_OK);
    d.is_static = false;
    ASSERT_EQ(col_world_add_mesh(W.w, meshes[1], &d, &mid[1]), COL_WORLD_OK);
    EXPECT_EQ(col_world_shape(W.w, mid[0]), nullptr);
    EXPECT_EQ(col_world_mesh(W.w, mid[1]), meshes[1]);
    for (int i = 0; i < 60; ++i) {
        d = col_body_def_default();
        d.shape = RandomShape(rng, 9, 1.5);
        if (d.shape.kind == COL_SHAPE_POLYTOPE) d.shape = Sphere(1, 1, 1, 0.5);
        d.shape = Translated(d.shape, V(8, 4, 0));
        col_body_id id;
        ASSERT_EQ(col_world_add(W.w, &d, &id), COL_WORLD_OK);
    }
    char why[256];
    ASSERT_TRUE(col_world_validate(W.w, why, sizeof why)) << why;
    std::vector<col_body_id> ids(100);
    ids.resize(col_world_bodies(W.w, ids.data(), ids.size()));
    int mesh_found = 0;
    for (int k = 0; k < 200; ++k) {
        col_shape q = Translated(RandomShape(rng, 4, 2), V(8, 4, 0));
        if (q.kind == COL_SHAPE_POLYTOPE) continue;
        std::vector<col_body_id> want;
        for (col_body_id id : ids) {
            const col_mesh *m = col_world_mesh(W.w, id);
            if (m ? col_mesh_overlap(m, &q) : col_overlap(&q, col_world_shape(W.w, id))) want.push_back(id);
            mesh_found += m && col_mesh_overlap(m, &q);
        }
        EXPECT_EQ(All(W.w, ids.size(), QueryShape, &q, nullptr), want) << k;
        // rays
        col_vec3 o = col_v3_add(RandomPoint(rng, 9), V(8, 4, 4)), to = col_v3_add(RandomPoint(rng, 9), V(8, 4, -2));
        col_ray r{o, col_v3_sub(to, o), R(kInf)};
        std::vector<std::pair<col_real, col_body_id>> hits;
        for (col_body_id id : ids) {
            const col_mesh *m = col_world_mesh(W.w, id);
            if (m) {
                col_mesh_hit mh = col_mesh_raycast(m, &r, COL_TWO_SIDED);
                if (mh.status == COL_HIT) hits.push_back({mh.t, id});
            } else {
                col_ray_hit rh = col_raycast(col_world_shape(W.w, id), &r);
                if (rh.status == COL_HIT) hits.push_back({rh.t, id});
            }
        }
        std::sort(hits.begin(), hits.end(), [](const auto &x, const auto &y) {
            return x.first != y.first ? x.first < y.first : Slot(x.second) < Slot(y.second);
        });
        std::vector<col_world_ray_hit> got(ids.size());
        col_world_status st;
        size_t n = col_world_raycast_all(W.w, &r, nullptr, got.data(), got.size(), &st);
        ASSERT_EQ(n, hits.size()) << k;
        for (size_t i = 0; i < n; ++i) {
            EXPECT_EQ(got[i].body, hits[i].second);
            EXPECT_EQ(got[i].hit.t, hits[i].first);
        }
        // casts
        col_vec3 delta = V(0, 0, -6);
        col_shape lifted = Translated(q, V(0, 0, 3));
        std::vector<std::pair<col_real, col_body_id>> met;
        for (col_body_id id : ids) {
            const col_mesh *m = col_world_mesh(W.w, id);
            col_sweep_hit sh = m ? col_mesh_cast(m, &lifted, delta).hit
                                 : col_sweep(&lifted, delta, col_world_shape(W.w, id), V(0, 0, 0));
            if (sh.status == COL_HIT || sh.status == COL_NOT_CONVERGED) met.push_back({sh.t0, id});
        }
        std::sort(met.begin(), met.end(), [](const auto &x, const auto &y) {
            return x.first != y.first ? x.first < y.first : Slot(x.second) < Slot(y.second);
        });
        std::vector<col_world_cast_hit> cg(ids.size());
        n = col_world_cast_all(W.w, &lifted, delta, nullptr, cg.data(), cg.size(), &st);
        ASSERT_EQ(n, met.size()) << k;
        for (size_t i = 0; i < n; ++i) EXPECT_EQ(cg[i].body, met[i].second);
    }
    EXPECT_GT(mesh_found, 20);
    // a frustum looking down on the first mesh: inside; the second, partly
    col_frustum f = col_frustum_from_camera(V(4, 4, 20), V(0, 0, -1), V(0, 1, 0), R(0.5), R(1), R(1), R(40));
    std::vector<col_body_id> seen(ids.size());
    std::vector<col_cull> cls(ids.size());
    col_world_status st;
    size_t n = col_world_query_frustum(W.w, &f, nullptr, seen.data(), cls.data(), seen.size(), &st);
    ASSERT_EQ(st, COL_WORLD_OK);
    bool saw_first = false;
    for (size_t i = 0; i < n; ++i)
        if (seen[i] == mid[0]) {
            saw_first = true;
            EXPECT_EQ(cls[i], COL_CULL_INSIDE);
        }
    EXPECT_TRUE(saw_first);
    ASSERT_TRUE(col_world_validate(W.w, why, sizeof why)) << why;
    for (col_mesh *m : meshes) col_mesh_destroy(m);
}

} // namespace

namespace {
void ExpectNear(col_vec3 got, col_vec3 want, double tol) {
    EXPECT_NEAR(got.x, want.x, tol);
    EXPECT_NEAR(got.y, want.y, tol);
    EXPECT_NEAR(got.z, want.z, tol);
}
} // namespace

TEST(WorldContacts, ABoxRestingOnAFloorGetsItsFourCornersAndTouchesOnlyWhatItMeets) {
    World W;
    col_body_def d = col_body_def_default();
    d.is_static = true;
    d.shape = Aabb(-10, -10, -1, 10, 10, 0); // the floor, its top at z = 0
    col_body_id floor, crate, ball, far;
    ASSERT_EQ(col_world_add(W.w, &d, &floor), COL_WORLD_OK);
    d.is_static = false;
    d.shape = Obb(V(0, 0, 0.5), V(0.5, 0.5, 0.5), col_m3_identity()); // resting exactly on it
    ASSERT_EQ(col_world_add(W.w, &d, &crate), COL_WORLD_OK);
    d.shape = Sphere(0.5 + 0.25, 0, 0.75, 0.25); // against the crate's +x face, above the floor
    ASSERT_EQ(col_world_add(W.w, &d, &ball), COL_WORLD_OK);
    d.shape = Sphere(5, 5, 5, 1);
    ASSERT_EQ(col_world_add(W.w, &d, &far), COL_WORLD_OK);
    col_world_contact c[8];
    col_world_status st;
    size_t n = col_world_contacts(W.w, crate, nullptr, c, 8, &st);
    ASSERT_EQ(n, 2u) << st;
    // by the other's id: the floor, then the ball
    EXPECT_EQ(c[0].other, floor);
    EXPECT_EQ(c[0].triangle, -1);
    ASSERT_EQ(c[0].manifold.count, 4);
    ExpectNear(c[0].manifold.normal, V(0, 0, 1), Ulps(1));
    for (int i = 0; i < 4; ++i) {
        EXPECT_NEAR(c[0].manifold.point[i].z, 0, Ulps(1));
        EXPECT_NEAR(std::fabs(c[0].manifold.point[i].x), 0.5, Ulps(1));
        EXPECT_NEAR(std::fabs(c[0].manifold.point[i].y), 0.5, Ulps(1));
        EXPECT_NEAR(c[0].manifold.depth[i], 0, Ulps(1));
    }
    EXPECT_EQ(c[1].other, ball);
    EXPECT_EQ(c[1].manifold.count, 1);
    ExpectNear(c[1].manifold.normal, V(-1, 0, 0), Ulps(1)); // on the ball toward the crate
    // a filter, a buffer too small (the count in all), errors
    col_filter f = col_filter_default();
    f.ctx = &ball;
    f.accept = [](void *ctx, col_body_id id, void *) { return id != *static_cast<col_body_id *>(ctx); };
    EXPECT_EQ(col_world_contacts(W.w, crate, &f, c, 8, &st), 1u);
    EXPECT_EQ(c[0].other, floor);
    EXPECT_EQ(col_world_contacts(W.w, crate, nullptr, c, 1, &st), 2u);
    EXPECT_EQ(c[0].other, floor);
    EXPECT_EQ(col_world_contacts(W.w, far, nullptr, c, 8, &st), 0u);
    EXPECT_EQ(col_world_contacts(W.w, 12345, nullptr, c, 8, &st), (size_t)-1);
    EXPECT_EQ(st, COL_WORLD_STALE_ID);
    EXPECT_EQ(col_world_contacts(W.w, crate, nullptr, nullptr, 8, &st), (size_t)-1);
    EXPECT_EQ(st, COL_WORLD_INVALID_ARGUMENT);
}

TEST(WorldContacts, ACrateOnAMeshFloorTouchesEachTriangleUnderIt) {
    World W;
    // a floor of two triangles, the diagonal under the crate
    const col_vec3 v[4] = {V(-4, -4, 0), V(4, -4, 0), V(4, 4, 0), V(-4, 4, 0)};
    const int32_t idx[6] = {0, 1, 2, 0, 2, 3};
    col_mesh *mesh = col_mesh_create(v, 4, idx, 2, nullptr, nullptr);
    ASSERT_NE(mesh, nullptr);
    col_body_def d = col_body_def_default();
    d.is_static = true;
    col_body_id floor, crate;
    ASSERT_EQ(col_world_add_mesh(W.w, mesh, &d, &floor), COL_WORLD_OK);
    d.is_static = false;
    d.shape = Obb(V(0, 0, 0.5), V(0.5, 0.5, 0.5), col_m3_identity());
    ASSERT_EQ(col_world_add(W.w, &d, &crate), COL_WORLD_OK);
    col_world_contact c[4];
    col_world_status st;
    ASSERT_EQ(col_world_contacts(W.w, crate, nullptr, c, 4, &st), 2u);
    for (int k = 0; k < 2; ++k) {
        EXPECT_EQ(c[k].other, floor);
        EXPECT_EQ(c[k].triangle, k);       // in the triangles' order
        EXPECT_GE(c[k].manifold.count, 3); // the corners of its half of the crate's face
        ExpectNear(c[k].manifold.normal, V(0, 0, 1), Ulps(1));
    }
    // the mesh as the body asked about: refused
    EXPECT_EQ(col_world_contacts(W.w, floor, nullptr, c, 4, &st), (size_t)-1);
    EXPECT_EQ(st, COL_WORLD_INVALID_ARGUMENT);
    col_mesh_destroy(mesh);
}

// The static bodies' k-DOP option (col_world_set_static_kdop): rays give
// the same answers, bit for bit, as through the AABB tree and by brute
// force, for every k, through additions, removals and new shapes of static
// bodies (the tree rebuilt at the next ray).
TEST(World, StaticKdopOptionChangesNoRayAnswer) {
    std::mt19937_64 rng(2026);
    World a, b;
    std::vector<col_body_id> ids[2];
    for (int i = 0; i < 300; ++i) {
        col_body_def d = col_body_def_default();
        d.shape = RandomShape(rng, 20, 3);
        d.is_static = i % 4 != 0;
        for (int j = 0; j < 2; ++j) {
            col_body_id id;
            ASSERT_EQ(col_world_add(j ? b.w : a.w, &d, &id), COL_WORLD_OK);
            ids[j].push_back(id);
        }
    }
    EXPECT_EQ(col_world_set_static_kdop(b.w, 7), COL_WORLD_INVALID_ARGUMENT);
    EXPECT_EQ(col_world_static_kdop(b.w), 0);
    std::vector<col_world_ray_hit> ha(400), hb(400);
    int hits = 0;
    for (int round = 0; round < 8; ++round) {
        const int ks[4] = {6, 14, 18, 26};
        int k = ks[round % 4];
        ASSERT_EQ(col_world_set_static_kdop(b.w, k), COL_WORLD_OK);
        EXPECT_EQ(col_world_static_kdop(b.w), k);
        for (int q = 0; q < 150; ++q) {
            col_vec3 o = RandomPoint(rng, 30), to = RandomPoint(rng, 15);
            col_ray r = {o, col_v3_sub(to, o), q % 3 ? R(1.5) : (col_real)INFINITY};
            col_world_ray_hit x, y;
            col_world_status s1, s2;
            bool hx = col_world_raycast(a.w, &r, nullptr, &x, &s1), hy = col_world_raycast(b.w, &r, nullptr, &y, &s2);
            ASSERT_EQ(hx, hy) << "k " << k << " ray " << q;
            if (hx) {
                ++hits;
                EXPECT_EQ(x.body, y.body);
                EXPECT_EQ(x.hit.t, y.hit.t);
                EXPECT_EQ(x.hit.normal.x, y.hit.normal.x);
            }
            size_t na = col_world_raycast_all(a.w, &r, nullptr, ha.data(), ha.size(), &s1),
                   nb = col_world_raycast_all(b.w, &r, nullptr, hb.data(), hb.size(), &s2);
            ASSERT_EQ(na, nb) << "k " << k << " ray " << q;
            for (size_t i = 0; i < na && i < ha.size(); ++i) {
                EXPECT_EQ(ha[i].body, hb[i].body);
                EXPECT_EQ(ha[i].hit.t, hb[i].hit.t);
            }
        }
        // edit static bodies in both worlds alike: remove, reshape, add
        for (int e = 0; e < 20; ++e) {
            size_t i = rng() % ids[0].size();
            if (!col_world_contains(a.w, ids[0][i])) continue;
            if (e % 3 == 0) {
                ASSERT_EQ(col_world_remove(a.w, ids[0][i]), COL_WORLD_OK);
                ASSERT_EQ(col_world_remove(b.w, ids[1][i]), COL_WORLD_OK);
            } else if (e % 3 == 1) {
                col_shape s = RandomShape(rng, 20, 3);
                ASSERT_EQ(col_world_set_shape(a.w, ids[0][i], &s), COL_WORLD_OK);
                ASSERT_EQ(col_world_set_shape(b.w, ids[1][i], &s), COL_WORLD_OK);
            } else {
                col_body_def d = col_body_def_default();
                d.shape = RandomShape(rng, 20, 3);
                d.is_static = true;
                col_body_id x, y;
                ASSERT_EQ(col_world_add(a.w, &d, &x), COL_WORLD_OK);
                ASSERT_EQ(col_world_add(b.w, &d, &y), COL_WORLD_OK);
                ids[0].push_back(x);
                ids[1].push_back(y);
            }
        }
    }
    EXPECT_GT(hits, 300);
    ASSERT_EQ(col_world_set_static_kdop(b.w, 0), COL_WORLD_OK);
    EXPECT_EQ(col_world_static_kdop(b.w), 0);
}
