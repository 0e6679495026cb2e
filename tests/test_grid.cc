// The hashed uniform grid (collide/grid.h, issue 18) against brute force:
// every query finds exactly the live boxes that overlap it (closed), once
// each, in ascending id order, through inserts, moves and removes, with
// boxes on cell boundaries, spanning many cells, huge and far away.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "collide/collide.h"
#include "helpers.h"

using namespace ct;

namespace {

struct Hits {
    std::vector<int32_t> ids;
    std::vector<uint64_t> users;
    int stop_after = -1;
};

bool Collect(void *ctx, int32_t id, uint64_t user) {
    auto *h = static_cast<Hits *>(ctx);
    h->ids.push_back(id);
    h->users.push_back(user);
    return h->stop_after < 0 || static_cast<int>(h->ids.size()) < h->stop_after;
}

col_aabb Box(double x0, double y0, double z0, double x1, double y1, double z1) {
    col_aabb b = {V(x0, y0, z0), V(x1, y1, z1)};
    return b;
}

std::vector<int32_t> Query(const col_grid &g, const col_aabb &q) {
    Hits h;
    EXPECT_TRUE(col_grid_query_aabb(&g, &q, Collect, &h));
    return h.ids;
}

} // namespace

TEST(Grid, EmptyInvalidAndTouching) {
    col_grid g;
    EXPECT_FALSE(col_grid_init(&g, R(0)));
    EXPECT_FALSE(col_grid_init(&g, R(-1)));
    EXPECT_FALSE(col_grid_init(&g, R(kNaN)));
    EXPECT_FALSE(col_grid_init(&g, R(kInf)));
    ASSERT_TRUE(col_grid_init(&g, R(1)));
    col_aabb q = Box(0, 0, 0, 1, 1, 1);
    EXPECT_TRUE(Query(g, q).empty());
    col_aabb bad = Box(1, 0, 0, 0, 1, 1); // min above max
    EXPECT_EQ(col_grid_insert(&g, &bad, 0), COL_GRID_NULL);
    col_aabb nan = Box(kNaN, 0, 0, 1, 1, 1);
    EXPECT_EQ(col_grid_insert(&g, &nan, 0), COL_GRID_NULL);
    EXPECT_FALSE(col_grid_query_aabb(&g, &nan, Collect, nullptr));
    // touching on a cell boundary counts (closed boxes); an ulp apart does not
    col_aabb a = Box(0, 0, 0, 1, 1, 1), b = Box(1, 0, 0, 2, 1, 1);
    int32_t ia = col_grid_insert(&g, &a, 10), ib = col_grid_insert(&g, &b, 11);
    EXPECT_EQ(ia, 0);
    EXPECT_EQ(ib, 1);
    EXPECT_EQ(Query(g, a), (std::vector<int32_t>{0, 1}));
    col_aabb beyond = Box(std::nextafter(R(2), R(3)), 0, 0, 3, 1, 1);
    EXPECT_TRUE(Query(g, beyond).empty());
    col_aabb point = Box(2, 1, 1, 2, 1, 1); // a point at b's corner
    EXPECT_EQ(Query(g, point), (std::vector<int32_t>{1}));
    // ids: the lowest free first
    EXPECT_TRUE(col_grid_remove(&g, ia));
    EXPECT_FALSE(col_grid_remove(&g, ia));
    EXPECT_EQ(col_grid_insert(&g, &b, 12), 0);
    EXPECT_EQ(col_grid_insert(&g, &b, 13), 2);
    col_aabb got;
    uint64_t user = 0;
    ASSERT_TRUE(col_grid_entry_of(&g, 2, &got, &user));
    EXPECT_EQ(user, 13u);
    EXPECT_EQ(col_grid_stats_of(&g).count, 3);
    col_grid_free(&g);
    EXPECT_EQ(col_grid_stats_of(&g).count, 0);
    EXPECT_EQ(g.cell, R(1)); // usable again, same cell
    EXPECT_EQ(col_grid_insert(&g, &a, 1), 0);
    col_grid_free(&g);
}

TEST(Grid, HugeFarAndNegativeBoxesAreFound) {
    col_grid g;
    ASSERT_TRUE(col_grid_init(&g, R(2)));
    // double: cell indices beyond 2^30; float (coordinates up to 2^30): a long box far out
    const bool single = sizeof(col_real) == sizeof(float);
    const double far = single ? 1e9 : 1e40, len = single ? 1e3 : 1e30;
    col_aabb huge = Box(-1000, -1000, -1000, 1000, 1000, 1000), away = Box(far, far, far, far + len, far, far),
             neg = Box(-3.5, -0.5, -7, -2.5, 0.5, -6), q = Box(-3, 0, -6.5, -3, 0, -6.5);
    int32_t h = col_grid_insert(&g, &huge, 0), a = col_grid_insert(&g, &away, 1), n = col_grid_insert(&g, &neg, 2);
    ASSERT_GE(h, 0);
    ASSERT_GE(a, 0);
    ASSERT_GE(n, 0);
    EXPECT_EQ(col_grid_stats_of(&g).large, 2);
    EXPECT_EQ(Query(g, q), (std::vector<int32_t>{h, n}));
    col_aabb there = Box(far, far, far, far, far, far);
    EXPECT_EQ(Query(g, there), (std::vector<int32_t>{a}));
    // a query wider than the occupied cells scans the table, with the same answer
    col_aabb all = Box(-1e6, -1e6, -1e6, 1e6, 1e6, 1e6);
    EXPECT_EQ(Query(g, all), (std::vector<int32_t>{h, n}));
    // moving the huge box into cells, and a small one out to the list
    col_aabb small = Box(10, 10, 10, 11, 11, 11);
    EXPECT_EQ(col_grid_move(&g, h, &small), 1);
    EXPECT_EQ(col_grid_stats_of(&g).large, 1);
    EXPECT_EQ(Query(g, q), (std::vector<int32_t>{n}));
    col_aabb small2 = Box(10.5, 10, 10, 11.5, 11, 11); // the same cells: only the box changes
    EXPECT_EQ(col_grid_move(&g, h, &small2), 0);
    EXPECT_EQ(Query(g, Box(11.25, 10.5, 10.5, 11.25, 10.5, 10.5)), (std::vector<int32_t>{h}));
    EXPECT_EQ(col_grid_move(&g, 99, &small2), -1);
    col_aabb nan = Box(kNaN, 0, 0, 1, 1, 1);
    EXPECT_EQ(col_grid_move(&g, h, &nan), -1);
    col_grid_free(&g);
}

TEST(Grid, AgreesWithBruteForceThroughInsertsMovesAndRemoves) {
    std::mt19937 rng(20261127);
    std::uniform_real_distribution<double> pos(-40, 40), size(0, 6), coin(0, 1);
    for (double cell : {0.75, 2.0, 5.0}) {
        col_grid g;
        ASSERT_TRUE(col_grid_init(&g, R(cell)));
        std::vector<col_aabb> boxes;
        std::vector<bool> alive;
        auto random_box = [&]() {
            // on the grid of quarters often, so boxes meet on cell boundaries exactly
            auto q = [&](double x) { return coin(rng) < 0.5 ? std::round(x * 4) / 4 : x; };
            double x = q(pos(rng)), y = q(pos(rng)), z = q(pos(rng));
            double big = coin(rng) < 0.05 ? 60 : 1; // a few that span many cells
            return Box(x, y, z, x + q(size(rng) * big), y + q(size(rng)), z + q(size(rng) * big));
        };
        for (int step = 0; step < 3000; ++step) {
            double op = coin(rng);
            int live = static_cast<int>(std::count(alive.begin(), alive.end(), true));
            if (op < 0.5 || live == 0) {
                col_aabb b = random_box();
                int32_t id = col_grid_insert(&g, &b, static_cast<uint64_t>(step));
                ASSERT_GE(id, 0);
                // the lowest free id
                int32_t expect = 0;
                while (expect < static_cast<int32_t>(alive.size()) && alive[expect]) ++expect;
                ASSERT_EQ(id, expect);
                if (id == static_cast<int32_t>(boxes.size())) {
                    boxes.push_back(b);
                    alive.push_back(true);
                } else {
                    boxes[id] = b;
                    alive[id] = true;
                }
            } else {
                int32_t id;
                do id = static_cast<int32_t>(rng() % boxes.size());
                while (!alive[id]);
                if (op < 0.75) {
                    col_aabb b = random_box();
                    ASSERT_GE(col_grid_move(&g, id, &b), 0);
                    boxes[id] = b;
                } else {
                    ASSERT_TRUE(col_grid_remove(&g, id));
                    alive[id] = false;
                }
            }
            if (step % 7 == 0) {
                col_aabb q = random_box();
                std::vector<int32_t> expect;
                for (size_t i = 0; i < boxes.size(); ++i)
                    if (alive[i] && col_overlap_aabb_aabb(&boxes[i], &q)) expect.push_back(static_cast<int32_t>(i));
                ASSERT_EQ(Query(g, q), expect) << "cell " << cell << " step " << step;
            }
        }
        // a callback that stops after two
        Hits h;
        h.stop_after = 2;
        col_aabb everything = Box(-1000, -1000, -1000, 1000, 1000, 1000);
        EXPECT_TRUE(col_grid_query_aabb(&g, &everything, Collect, &h));
        EXPECT_EQ(h.ids.size(), 2u);
        col_grid_stats s = col_grid_stats_of(&g);
        EXPECT_EQ(s.count, static_cast<int32_t>(std::count(alive.begin(), alive.end(), true)));
        EXPECT_GT(s.bytes, 0u);
        col_grid_free(&g);
    }
}
