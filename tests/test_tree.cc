// The dynamic AABB tree (collide/tree.h): the validator after every
// operation of random add/remove/move sequences, every query against brute
// force over the same boxes, rays that touch boxes exactly (at max_t, along
// an edge, at a corner), clipping, the binned-SAH rebuild, heights, deep
// trees (the traversal stack grows instead of dropping children) and the
// refusals of invalid input.
#include "helpers.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace ct;

namespace {

void ExpectValid(const col_tree &t) {
    char why[256];
    ASSERT_TRUE(col_tree_validate(&t, why, sizeof why)) << why;
}

col_aabb Box(double x0, double y0, double z0, double x1, double y1, double z1) {
    return col_aabb{V(x0, y0, z0), V(x1, y1, z1)};
}

bool Overlap(const col_aabb &a, const col_aabb &b) {
    return a.min.x <= b.max.x && a.max.x >= b.min.x && a.min.y <= b.max.y && a.max.y >= b.min.y && a.min.z <= b.max.z &&
           a.max.z >= b.min.z;
}

bool Collect(void *ctx, int32_t proxy, uint64_t) {
    static_cast<std::vector<int32_t> *>(ctx)->push_back(proxy);
    return true;
}

col_real CollectRay(void *ctx, const col_ray *ray, int32_t proxy, uint64_t) {
    static_cast<std::vector<int32_t> *>(ctx)->push_back(proxy);
    return ray->max_t;
}

std::vector<int32_t> QueryBox(const col_tree &t, const col_aabb &b) {
    std::vector<int32_t> out;
    EXPECT_TRUE(col_tree_query_aabb(&t, &b, Collect, &out));
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<int32_t> QueryRay(const col_tree &t, const col_ray &r) {
    std::vector<int32_t> out;
    EXPECT_TRUE(col_tree_raycast(&t, &r, CollectRay, &out));
    std::sort(out.begin(), out.end());
    return out;
}

// A random box: centre in [-range, range]^3, sides in [0, size].
col_aabb RandomBox(std::mt19937_64 &rng, double range, double size) {
    std::uniform_real_distribution<double> c(-range, range), s(0, size);
    double x = c(rng), y = c(rng), z = c(rng);
    return Box(x, y, z, x + s(rng), y + s(rng), z + s(rng));
}

// The fat boxes of the live proxies, kept beside the tree.
using Shadow = std::map<int32_t, col_aabb>;

// A tree without margins of a box and another, far from it; the box's proxy.
int32_t BoxAndAnother(col_tree *t, const col_aabb &box, const col_aabb &other) {
    col_tree_init(t);
    t->margin = 0;
    int32_t id = col_tree_insert(t, &box, 0);
    col_tree_insert(t, &other, 0);
    return id;
}

// A tree without margins of 2000 random boxes (centres within range, sides
// up to 5% of it), and their shadow.
Shadow RandomTree(std::mt19937_64 &rng, double range, col_tree *t) {
    col_tree_init(t);
    t->margin = 0;
    Shadow live;
    for (int i = 0; i < 2000; ++i) {
        col_aabb b = RandomBox(rng, range, range * 0.05);
        live[col_tree_insert(t, &b, 0)] = b;
    }
    return live;
}

// A ray's or moving box's answer (got, sorted) against brute force (want):
// every box brute force finds, and only boxes it finds once grown by a hair
// (1e-9 of the range; meets: the brute-force test of a box).
template <class Meets>
::testing::AssertionResult AsBruteForce(const std::vector<int32_t> &got, const std::vector<int32_t> &want,
                                        const Shadow &live, double range, Meets meets) {
    for (int32_t id : want)
        if (!std::binary_search(got.begin(), got.end(), id))
            return ::testing::AssertionFailure() << "misses box " << id;
    for (int32_t id : got) {
        if (std::binary_search(want.begin(), want.end(), id)) continue;
        col_aabb g = live.at(id);
        double pad = range * 1e-9;
        g.min = col_v3_sub(g.min, V(pad, pad, pad));
        g.max = col_v3_add(g.max, V(pad, pad, pad));
        if (!meets(g)) return ::testing::AssertionFailure() << "reports a far box " << id;
    }
    return ::testing::AssertionSuccess();
}

std::vector<int32_t> BruteBox(const Shadow &live, const col_aabb &b) {
    std::vector<int32_t> out;
    for (const auto &[id, box] : live)
        if (Overlap(box, b)) out.push_back(id);
    return out;
}

TEST(Tree, EmptyTreeAnswersNothingAndValidates) {
    col_tree t;
    col_tree_init(&t);
    ExpectValid(t);
    EXPECT_EQ(col_tree_height(&t), -1);
    EXPECT_TRUE(QueryBox(t, Box(-1, -1, -1, 1, 1, 1)).empty());
    col_ray r{V(0, 0, 0), V(1, 0, 0), R(kInf)};
    EXPECT_TRUE(QueryRay(t, r).empty());
    EXPECT_FALSE(col_tree_remove(&t, 0));
    EXPECT_FALSE(col_tree_remove(&t, -1));
    col_aabb b = Box(0, 0, 0, 1, 1, 1);
    EXPECT_EQ(col_tree_move(&t, 0, &b), -1);
    col_tree_stats s = col_tree_stats_of(&t);
    EXPECT_EQ(s.leaf_count, 0);
    EXPECT_EQ(s.height, -1);
    col_tree_free(&t);
}

TEST(Tree, RefusesInvalidBoxesAndMargins) {
    col_tree t;
    col_tree_init(&t);
    col_aabb inverted = Box(1, 0, 0, 0, 1, 1), nan = Box(kNaN, 0, 0, 1, 1, 1), inf = Box(0, 0, 0, kInf, 1, 1);
    EXPECT_EQ(col_tree_insert(&t, &inverted, 1), COL_TREE_NULL);
    EXPECT_EQ(col_tree_insert(&t, &nan, 1), COL_TREE_NULL);
    EXPECT_EQ(col_tree_insert(&t, &inf, 1), COL_TREE_NULL);
    t.margin = R(-1);
    col_aabb ok = Box(0, 0, 0, 1, 1, 1);
    EXPECT_EQ(col_tree_insert(&t, &ok, 1), COL_TREE_NULL);
    t.margin = R(kNaN);
    EXPECT_EQ(col_tree_insert(&t, &ok, 1), COL_TREE_NULL);
    t.margin = R(0.5);
    int32_t p = col_tree_insert(&t, &ok, 7);
    ASSERT_NE(p, COL_TREE_NULL);
    EXPECT_EQ(col_tree_move(&t, p, &nan), -1);
    EXPECT_FALSE(col_tree_query_aabb(&t, &nan, Collect, nullptr));
    col_ray bad{V(0, 0, 0), V(kNaN, 0, 0), 1};
    EXPECT_FALSE(col_tree_raycast(&t, &bad, CollectRay, nullptr));
    bad = col_ray{V(0, 0, 0), V(1, 0, 0), R(-1)};
    EXPECT_FALSE(col_tree_raycast(&t, &bad, CollectRay, nullptr));
    ExpectValid(t);
    col_tree_free(&t);
}

TEST(Tree, FatBoxesAndMoves) {
    col_tree t;
    col_tree_init(&t);
    t.margin = R(0.25);
    col_aabb b = Box(0, 0, 0, 1, 1, 1);
    int32_t p = col_tree_insert(&t, &b, 42);
    col_aabb fat;
    uint64_t user = 0;
    ASSERT_TRUE(col_tree_proxy(&t, p, &fat, &user));
    EXPECT_EQ(user, 42u);
    EXPECT_EQ(fat.min.x, R(-0.25));
    EXPECT_EQ(fat.max.z, R(1.25));
    // a move that stays in the fat box keeps the leaf as it is
    col_aabb small = Box(0.25, -0.25, 0, 1.25, 0.75, 1);
    EXPECT_EQ(col_tree_move(&t, p, &small), 0);
    ASSERT_TRUE(col_tree_proxy(&t, p, &fat, nullptr));
    EXPECT_EQ(fat.min.x, R(-0.25));
    // touching the fat box from inside is still inside (closed)
    col_aabb edge = Box(-0.25, -0.25, -0.25, 1.25, 1.25, 1.25);
    EXPECT_EQ(col_tree_move(&t, p, &edge), 0);
    // leaving it reinserts with a new fat box around the new box
    col_aabb far = Box(10, 0, 0, 11, 1, 1);
    EXPECT_EQ(col_tree_move(&t, p, &far), 1);
    ASSERT_TRUE(col_tree_proxy(&t, p, &fat, nullptr));
    EXPECT_EQ(fat.min.x, R(9.75));
    EXPECT_EQ(fat.max.x, R(11.25));
    ExpectValid(t);
    col_tree_free(&t);
}

// Random inserts, removes and moves with the validator after each, and box
// queries against brute force over the fat boxes after each.
TEST(Tree, RandomOperationsKeepInvariantsAndAnswerAsBruteForce) {
    std::mt19937_64 rng(2024);
    for (double range : {10.0, 1e6}) {
        col_tree t;
        col_tree_init(&t);
        t.margin = R(range * 1e-3);
        Shadow live;
        std::uniform_int_distribution<int> op(0, 9);
        for (int step = 0; step < 3000; ++step) {
            int o = op(rng);
            if (o < 5 || live.size() < 10) {
                col_aabb b = RandomBox(rng, range, range * 0.05);
                int32_t p = col_tree_insert(&t, &b, static_cast<uint64_t>(step));
                ASSERT_NE(p, COL_TREE_NULL);
                ASSERT_EQ(live.count(p), 0u);
                col_aabb fat;
                ASSERT_TRUE(col_tree_proxy(&t, p, &fat, nullptr));
                live[p] = fat;
            } else if (o < 7) {
                auto it = live.begin();
                std::advance(it, std::uniform_int_distribution<size_t>(0, live.size() - 1)(rng));
                ASSERT_TRUE(col_tree_remove(&t, it->first));
                EXPECT_FALSE(col_tree_remove(&t, it->first)); // a removed proxy is refused
                live.erase(it);
            } else {
                auto it = live.begin();
                std::advance(it, std::uniform_int_distribution<size_t>(0, live.size() - 1)(rng));
                // half the moves stay inside the fat box
                col_aabb b = it->second;
                if (o == 9) b = RandomBox(rng, range, range * 0.05);
                int moved = col_tree_move(&t, it->first, &b);
                ASSERT_GE(moved, 0);
                EXPECT_EQ(moved == 0, o != 9 || (b.min.x >= it->second.min.x && b.max.x <= it->second.max.x &&
                                                 b.min.y >= it->second.min.y && b.max.y <= it->second.max.y &&
                                                 b.min.z >= it->second.min.z && b.max.z <= it->second.max.z));
                ASSERT_TRUE(col_tree_proxy(&t, it->first, &it->second, nullptr));
            }
            ExpectValid(t);
            ASSERT_EQ(t.leaf_count, static_cast<int32_t>(live.size()));
            if (step % 10 == 0) {
                col_aabb q = RandomBox(rng, range, range * 0.3);
                ASSERT_EQ(QueryBox(t, q), BruteBox(live, q)) << "step " << step;
                col_vec3 p = RandomBox(rng, range, 0).min;
                col_aabb pb{p, p};
                std::vector<int32_t> got;
                ASSERT_TRUE(col_tree_query_point(&t, p, Collect, &got));
                std::sort(got.begin(), got.end());
                ASSERT_EQ(got, BruteBox(live, pb));
            }
        }
        col_tree_free(&t);
    }
}

// Rays: every box the exact ray reaches is reported (col_raycast_aabb, the
// slab test, decides "reaches"); a box reported beyond that is within
// rounding of the ray.
TEST(Tree, RaysFindEveryBoxTheyReach) {
    std::mt19937_64 rng(7);
    for (double range : {10.0, 1e6}) {
        col_tree t;
        Shadow live = RandomTree(rng, range, &t);
        for (int k = 0; k < 300; ++k) {
            col_aabb a = RandomBox(rng, range, 0), b = RandomBox(rng, range, 0);
            col_ray r{a.min, col_v3_sub(b.min, a.min), R(k % 3 == 0 ? kInf : 1.0)};
            std::vector<int32_t> got = QueryRay(t, r), want;
            for (const auto &[id, box] : live)
                if (col_raycast_aabb_slabs(&r, &box).status == COL_HIT) want.push_back(id);
            EXPECT_TRUE(
                AsBruteForce(got, want, live, range,
                             [&](const col_aabb &g) { return col_raycast_aabb_slabs(&r, &g).status == COL_HIT; }))
                << "ray " << k;
        }
        col_tree_free(&t);
    }
}

TEST(Tree, RaysTouchingBoxesExactly) {
    col_tree t;
    col_aabb b = Box(1, 1, 1, 2, 2, 2);
    int32_t p = BoxAndAnother(&t, b, Box(5, 5, 5, 6, 6, 6));
    std::vector<int32_t> one{p};
    // ends exactly on the box's face (t = max_t)
    EXPECT_EQ(QueryRay(t, col_ray{V(0, 1.5, 1.5), V(1, 0, 0), 1}), one);
    // along an edge's line, along a face's plane, through a corner
    EXPECT_EQ(QueryRay(t, col_ray{V(0, 1, 1), V(1, 0, 0), 10}), one);
    EXPECT_EQ(QueryRay(t, col_ray{V(0, 2, 1.5), V(1, 0, 0), 10}), one);
    EXPECT_EQ(QueryRay(t, col_ray{V(0, 0, 0), V(1, 1, 1), 1}), one);
    EXPECT_EQ(QueryRay(t, col_ray{V(0, 0, 4), V(1, 1, -1), R(1)}), (std::vector<int32_t>{}));
    EXPECT_EQ(QueryRay(t, col_ray{V(3, 0, 0), V(-1, 1, 1), R(2)}), one); // corner (2, 1, 1) at t = 1
    // from inside, zero-length
    EXPECT_EQ(QueryRay(t, col_ray{V(1.5, 1.5, 1.5), V(0, 0, 0), 1}), one);
    // a ray that stops one ulp short misses
    col_real short_t = std::nextafter(R(1), R(0));
    EXPECT_TRUE(QueryRay(t, col_ray{V(0, 1.5, 1.5), V(1, 0, 0), short_t}).size() <= 1u);
    // moving boxes: a unit box sliding along x touches [1, 2]^3 at t = 1 exactly
    col_aabb mover = Box(-1, 1.25, 1.25, 0, 1.75, 1.75);
    std::vector<int32_t> got;
    ASSERT_TRUE(col_tree_cast_aabb(&t, &mover, V(1, 0, 0), R(1), CollectRay, &got));
    EXPECT_EQ(got, one);
    got.clear();
    ASSERT_TRUE(col_tree_cast_aabb(&t, &mover, V(0.5, 0, 0), R(1), CollectRay, &got));
    EXPECT_TRUE(got.empty());
    col_tree_free(&t);
}

// A moving box finds every box the exact sweep (col_sweep_aabb_aabb, decided
// exactly) says it meets for t in [0, 1], and only boxes it comes within a
// hair of: forward, backward and still axes (the slab times infinite or, a
// face exactly on the mover's, NaN), near the origin and 10^6 away.
TEST(Tree, MovingBoxesFindEveryBoxTheySweep) {
    std::mt19937_64 rng(11);
    std::uniform_int_distribution<int> pick(0, 3);
    for (double range : {10.0, 1e6}) {
        col_tree t;
        Shadow live = RandomTree(rng, range, &t);
        int found = 0;
        for (int k = 0; k < 400; ++k) {
            col_aabb m = RandomBox(rng, range, range * 0.05), to = RandomBox(rng, range, 0);
            col_vec3 d = col_v3_sub(to.min, m.min);
            // still axes, some with a face exactly on a box's face
            if (pick(rng) == 0) d.y = 0;
            if (pick(rng) == 0) {
                d.z = 0;
                const col_aabb &any = live.begin()->second;
                col_real h = m.max.z - m.min.z;
                m.min.z = any.max.z;
                m.max.z = any.max.z + h;
            }
            std::vector<int32_t> got, want;
            ASSERT_TRUE(col_tree_cast_aabb(&t, &m, d, R(1), CollectRay, &got));
            std::sort(got.begin(), got.end());
            for (const auto &[id, box] : live)
                if (col_sweep_aabb_aabb(&m, d, &box, V(0, 0, 0)).status == COL_HIT) want.push_back(id);
            EXPECT_TRUE(AsBruteForce(
                got, want, live, range,
                [&](const col_aabb &g) { return col_sweep_aabb_aabb(&m, d, &g, V(0, 0, 0)).status == COL_HIT; }))
                << "cast " << k;
            found += static_cast<int>(want.size());
        }
        EXPECT_GT(found, 400);
        col_tree_free(&t);
    }
}

// Rays that end where they first touch a box, at the least max_t (a double)
// the exact cast accepts (col_raycast_aabb_slabs, decided exactly: found by
// bisection on the doubles), and rays moved sideways to the last position
// where they still graze a box's edge: the tree reports the box every time.
// The exact cast counts the segment to the rounded end, which can land on the
// box's face while the exact ray stops a hair short of it: the tree's ray
// is grown by the end's rounding bound for these (without it, the 266th ray
// here was missed).
TEST(Tree, RaysEndingOrGrazingAtTheBoundaryStillFindTheBox) {
    std::mt19937_64 rng(13);
    std::uniform_real_distribution<double> u(-1, 1);
    col_tree t;
    col_aabb box = Box(0.3, 0.7, 1.1, 1.9, 2.3, 2.9);
    int32_t id = BoxAndAnother(&t, box, Box(40, 40, 40, 41, 41, 41));
    auto hits = [&](const col_ray &r) { return col_raycast_aabb_slabs(&r, &box).status == COL_HIT; };
    int ends = 0, grazes = 0;
    for (int i = 0; i < 4000; ++i) {
        col_vec3 o = V(-3 + u(rng), 1.5 + u(rng), 2 + u(rng)),
                 aim = V(1.1 + 0.7 * u(rng), 1.5 + 0.7 * u(rng), 2 + u(rng));
        col_ray r{o, col_v3_sub(aim, o), 1};
        if (!hits(r)) continue;
        // the least max_t in (0, 1] that still reaches the box
        col_real lo = 0, hi = 1;
        while (std::nextafter(lo, hi) < hi) {
            col_real mid = lo + (hi - lo) / 2;
            if (mid <= lo || mid >= hi) mid = std::nextafter(lo, hi);
            col_ray m{o, r.delta, mid};
            (hits(m) ? hi : lo) = mid;
        }
        r.max_t = hi;
        ASSERT_EQ(QueryRay(t, r), std::vector<int32_t>{id})
            << "ray " << i << " ending at its first touch " << std::hexfloat << o.x << " " << o.y << " " << o.z << " d "
            << r.delta.x << " " << r.delta.y << " " << r.delta.z << " max_t " << r.max_t;
        ++ends;
        // sideways along y to the last origin whose ray (without end) still meets the box
        col_ray s{o, r.delta, R(kInf)};
        col_real a = o.y, b = o.y + 8;
        while (std::nextafter(a, b) < b) {
            col_real mid = a + (b - a) / 2;
            if (mid <= a || mid >= b) mid = std::nextafter(a, b);
            s.origin.y = mid;
            col_ray_hit h = col_raycast_aabb_slabs(&s, &box);
            (h.status == COL_HIT ? a : b) = mid;
        }
        s.origin.y = a;
        ASSERT_EQ(QueryRay(t, s), std::vector<int32_t>{id}) << "ray " << i << " grazing the box";
        ++grazes;
    }
    EXPECT_GT(ends, 1000);
    EXPECT_GT(grazes, 1000);
    col_tree_free(&t);
}

// A callback that clips to the box's entry: boxes behind are skipped, boxes
// entered at the same t still visited.
TEST(Tree, RayClippingSkipsFartherBoxesButNotTies) {
    col_tree t;
    col_tree_init(&t);
    t.margin = 0;
    std::vector<int32_t> ids;
    for (int i = 0; i < 64; ++i) {
        col_aabb b = Box(i, 0, 0, i + 0.5, 1, 1);
        ids.push_back(col_tree_insert(&t, &b, static_cast<uint64_t>(i)));
    }
    col_aabb twin = Box(10, 0.25, 0.25, 10.5, 0.5, 0.5); // entered at the same t as box 10
    int32_t twin_id = col_tree_insert(&t, &twin, 1000);
    struct Ctx {
        std::vector<uint64_t> seen;
    } ctx;
    auto clip_at_10 = [](void *c, const col_ray *ray, int32_t, uint64_t user) -> col_real {
        static_cast<Ctx *>(c)->seen.push_back(user);
        if (user == 10) return R(10) / R(100);
        return ray->max_t;
    };
    col_ray r{V(-0, 0.3, 0.3), V(100, 0, 0), 1};
    ASSERT_TRUE(col_tree_raycast(&t, &r, clip_at_10, &ctx));
    for (uint64_t u : ctx.seen) EXPECT_TRUE(u <= 10 || u == 1000) << u;
    EXPECT_NE(std::find(ctx.seen.begin(), ctx.seen.end(), 10u), ctx.seen.end());
    EXPECT_NE(std::find(ctx.seen.begin(), ctx.seen.end(), 1000u), ctx.seen.end());
    (void)twin_id;
    // a negative answer stops the query
    int calls = 0;
    auto stop = [](void *c, const col_ray *, int32_t, uint64_t) -> col_real {
        ++*static_cast<int *>(c);
        return -1;
    };
    ASSERT_TRUE(col_tree_raycast(&t, &r, stop, &calls));
    EXPECT_EQ(calls, 1);
    col_tree_free(&t);
}

TEST(Tree, RebuildKeepsProxiesAndAnswers) {
    std::mt19937_64 rng(99);
    col_tree t;
    col_tree_init(&t);
    Shadow live;
    for (int i = 0; i < 5000; ++i) {
        col_aabb b = RandomBox(rng, 100, 2);
        int32_t p = col_tree_insert(&t, &b, static_cast<uint64_t>(i));
        col_aabb fat;
        col_tree_proxy(&t, p, &fat, nullptr);
        live[p] = fat;
    }
    // remove a third so the pool has holes
    int k = 0;
    for (auto it = live.begin(); it != live.end();) {
        if (k++ % 3 == 0) {
            ASSERT_TRUE(col_tree_remove(&t, it->first));
            it = live.erase(it);
        } else {
            ++it;
        }
    }
    col_tree_stats before = col_tree_stats_of(&t);
    ASSERT_TRUE(col_tree_rebuild(&t));
    ExpectValid(t);
    col_tree_stats after = col_tree_stats_of(&t);
    EXPECT_EQ(after.leaf_count, before.leaf_count);
    double log2n = std::log2(static_cast<double>(after.leaf_count));
    EXPECT_LE(after.height, 2 * log2n + 8);
    EXPECT_LT(after.area_ratio, before.area_ratio * 1.1) << "binned SAH should not be much worse than incremental";
    for (const auto &[id, box] : live) {
        col_aabb fat;
        uint64_t user;
        ASSERT_TRUE(col_tree_proxy(&t, id, &fat, &user));
        EXPECT_EQ(0, memcmp(&fat, &box, sizeof fat));
    }
    for (int q = 0; q < 200; ++q) {
        col_aabb b = RandomBox(rng, 100, 20);
        ASSERT_EQ(QueryBox(t, b), BruteBox(live, b));
    }
    // inserts after a rebuild go on as before
    col_aabb b = RandomBox(rng, 100, 2);
    ASSERT_NE(col_tree_insert(&t, &b, 1), COL_TREE_NULL);
    ExpectValid(t);
    col_tree_free(&t);
}

TEST(Tree, RebuildOfIdenticalAndCollinearBoxes) {
    col_tree t;
    col_tree_init(&t);
    t.margin = 0;
    col_aabb same = Box(1, 1, 1, 2, 2, 2);
    for (int i = 0; i < 1000; ++i) col_tree_insert(&t, &same, 0);
    ASSERT_TRUE(col_tree_rebuild(&t));
    ExpectValid(t);
    EXPECT_LE(col_tree_height(&t), 12); // an even split: a balanced tree
    col_tree_free(&t);
    // exponentially spaced boxes: SAH would peel one off at a time
    col_tree_init(&t);
    t.margin = 0;
    for (int i = 0; i < 1000; ++i) {
        double x = std::ldexp(1.0, i % 100) * (1 + i / 100);
        col_aabb b = Box(x, 0, 0, x * 1.01, 1, 1);
        col_tree_insert(&t, &b, 0);
    }
    ASSERT_TRUE(col_tree_rebuild(&t));
    ExpectValid(t);
    EXPECT_LE(col_tree_height(&t), 2 * std::log2(1000.0) + 9);
    col_tree_free(&t);
}

// Heights of incrementally built trees stay near log2(n), for random boxes
// and for boxes added in sorted order (the case that degrades naive trees).
TEST(Tree, IncrementalHeightStaysLogarithmic) {
    std::mt19937_64 rng(5);
    for (int pattern = 0; pattern < 2; ++pattern) {
        col_tree t;
        col_tree_init(&t);
        const int n = 20000;
        for (int i = 0; i < n; ++i) {
            col_aabb b = pattern == 0 ? RandomBox(rng, 1000, 2) : Box(i, 0, 0, i + 1, 1, 1);
            col_tree_insert(&t, &b, 0);
        }
        ExpectValid(t);
        double log2n = std::log2(static_cast<double>(n));
        EXPECT_LE(col_tree_height(&t), 2.5 * log2n) << "pattern " << pattern;
        col_tree_free(&t);
    }
}

// Nested boxes make a deep tree; every query still reaches every leaf (the
// stack is sized from the height, not fixed).
TEST(Tree, DeepTreesAreWalkedCompletely) {
    col_tree t;
    col_tree_init(&t);
    t.margin = 0;
    const int n = 600;
    for (int i = 0; i < n; ++i) {
        double s = std::ldexp(1.0, i % 24) * (1 + i / 24); // below float's COL_HUGE
        col_aabb b = Box(-s, -s, -s, s, s, 1e-3 * (i + 1));
        col_tree_insert(&t, &b, 0);
    }
    ExpectValid(t);
    EXPECT_GT(col_tree_height(&t), 128) << "deeper than the queries' local stack, so theirs is allocated";
    col_aabb all = Box(-1, -1, -1, 1, 1, 1);
    EXPECT_EQ(QueryBox(t, all).size(), static_cast<size_t>(n));
    EXPECT_EQ(QueryRay(t, col_ray{V(0, 0, -10), V(0, 0, 1), R(kInf)}).size(), static_cast<size_t>(n));
    col_tree_free(&t);
}

TEST(Tree, FrustumQueryMatchesExactClassificationOfEachBox) {
    std::mt19937_64 rng(3);
    col_tree t;
    col_tree_init(&t);
    Shadow live;
    for (int i = 0; i < 5000; ++i) {
        col_aabb b = RandomBox(rng, 50, 3);
        int32_t p = col_tree_insert(&t, &b, 0);
        col_aabb fat;
        col_tree_proxy(&t, p, &fat, nullptr);
        live[p] = fat;
    }
    int inside = 0;
    for (int k = 0; k < 20; ++k) {
        col_aabb e = RandomBox(rng, 30, 0), g = RandomBox(rng, 30, 0);
        col_frustum f =
            col_frustum_from_camera(e.min, col_v3_sub(g.min, e.min), V(0, 0, 1), R(1.0), R(1.5), R(0.5), R(40));
        if (!col_frustum_is_valid(&f)) continue;
        std::map<int32_t, col_cull> got;
        auto cb = [](void *c, int32_t p, uint64_t, col_cull cl) -> bool {
            auto &m = *static_cast<std::map<int32_t, col_cull> *>(c);
            EXPECT_EQ(m.count(p), 0u);
            m[p] = cl;
            return true;
        };
        ASSERT_TRUE(col_tree_query_frustum(&t, &f, cb, &got));
        for (const auto &[id, box] : live) {
            col_cull want = col_frustum_classify_aabb(&f, &box);
            auto it = got.find(id);
            if (want == COL_CULL_OUTSIDE) {
                EXPECT_TRUE(it == got.end()) << "box " << id << " is outside";
            } else {
                ASSERT_TRUE(it != got.end()) << "box " << id << " is " << col_cull_name(want);
                EXPECT_EQ(it->second, want) << "box " << id;
                inside += want == COL_CULL_INSIDE;
            }
        }
    }
    EXPECT_GT(inside, 100) << "whole subtrees accepted inside";
    col_tree_free(&t);
}

} // namespace
