// The static k-DOP tree (collide/kdop_tree.h, issue 18) and a shape's
// k-DOP (col_kdop_of_shape): every shape lies in its k-DOP; every query
// finds exactly the items brute force finds (k-DOP against k-DOP), a ray
// every item it touches, ending exactly on one or grazing a corner; bad
// input refused; the same input, the same calls.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "collide/collide.h"
#include "helpers.h"

using namespace ct;

namespace {

const bool kFloat = sizeof(col_real) == sizeof(float);
const int kKs[] = {6, 14, 18, 26};

struct Calls {
    std::vector<int32_t> ids;
    std::vector<uint64_t> users;
};

bool Collect(void *ctx, int32_t id, uint64_t user) {
    auto *c = static_cast<Calls *>(ctx);
    c->ids.push_back(id);
    c->users.push_back(user);
    return true;
}

// A ray callback that keeps every item the ray reaches (no clipping).
col_real CollectRay(void *ctx, const col_ray *ray, int32_t id, uint64_t user) {
    Collect(ctx, id, user);
    return ray->max_t;
}

// Long thin capsules turned every way: where a box is loose.
std::vector<col_shape> Rods(int n, uint32_t seed, double spread) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<col_shape> s;
    for (int i = 0; i < n; ++i) {
        col_vec3 c = V(spread * u(rng), spread * u(rng), spread * u(rng));
        col_vec3 d = V(u(rng), u(rng), u(rng));
        double len = 1 + 2 * (u(rng) + 1);
        d = col_v3_scale(d, len / std::max(1e-3, (double)col_v3_len(d)));
        s.push_back(Capsule(col_v3_sub(c, d), col_v3_add(c, d), 0.05 + 0.05 * (u(rng) + 1)));
    }
    return s;
}

std::vector<col_kdop> KdopsOf(const std::vector<col_shape> &s, int k) {
    std::vector<col_kdop> d(s.size());
    for (size_t i = 0; i < s.size(); ++i) EXPECT_TRUE(col_kdop_of_shape(&s[i], k, &d[i])) << i;
    return d;
}

} // namespace

TEST(KdopOfShape, HoldsEveryKindsSupportPoints) {
    col_vec3 pts[5] = {V(0, 0, 0), V(1, 0.25, 0), V(0.5, 2, 1), V(-1, 0.5, 3), V(0.25, -1, 1)};
    col_mat3 turn = col_m3_from_quat(col_quat{0.9, 0.3, -0.2, 0.1});
    std::vector<col_shape> shapes = {
        Point(1.5, -2, 3),
        Segment(V(-1, 2, 3), V(4, -5, 6.5)),
        Triangle(V(0, 0, 0), V(3, 1, -2), V(-1, 4, 2)),
        Polytope(pts, 5),
        Aabb(-1, -2, -3, 4, 5, 6),
        Obb(V(1e3, -2e3, 5), V(1, 2, 3), turn),
        Sphere(0.1, 0.2, 0.3, 2.5),
        Capsule(V(-3, 1, 0), V(2, -1, 4), 0.75),
        Ellipsoid(1, 2, 3, 4, 0.5, 2),
        Sphere(1e6, -1e6, 1e6, 1e-3),
    };
    std::mt19937 rng(7);
    std::normal_distribution<double> g(0, 1);
    for (int k : kKs) {
        for (const col_shape &s : shapes) {
            col_kdop d;
            ASSERT_TRUE(col_kdop_of_shape(&s, k, &d)) << col_shape_kind_name(s.kind);
            ASSERT_TRUE(col_kdop_is_valid(&d));
            EXPECT_EQ(d.k, k);
            for (int i = 0; i < 400; ++i) {
                col_vec3 dir = V(g(rng), g(rng), g(rng));
                if (i < 26) // the slabs' own axes first, and their opposites
                    dir = col_v3_scale(col_kdop_axis(26, i % 13), i < 13 ? 1 : -1);
                col_vec3 p;
                ASSERT_TRUE(col_support(&s, dir, &p));
                EXPECT_TRUE(col_kdop_contains_point(&d, p))
                    << col_shape_kind_name(s.kind) << " k " << k << " direction " << i;
            }
        }
    }
}

TEST(KdopOfShape, IsTightAlongTheSlabs) {
    // a sphere's slab along an axis is c +- r |axis|, to a few ulps
    col_shape s = Sphere(1, 2, 3, 2);
    col_kdop d;
    ASSERT_TRUE(col_kdop_of_shape(&s, 26, &d));
    const double tol = kFloat ? 1e-4 : 1e-13; // 8 eps of the magnitude and the roots' rounding up
    EXPECT_NEAR(d.min[0], -1, tol);
    EXPECT_NEAR(d.max[0], 3, tol);
    EXPECT_NEAR(d.max[3], 6 + 2 * std::sqrt(3.0), tol); // (1, 1, 1)
    EXPECT_NEAR(d.min[7], 3 - 2 * std::sqrt(2.0), tol); // (1, 1, 0)
    // an ellipsoid's along (1, 1, 0): sqrt(rx^2 + ry^2)
    col_shape e = Ellipsoid(0, 0, 0, 3, 4, 1);
    ASSERT_TRUE(col_kdop_of_shape(&e, 18, &d));
    EXPECT_NEAR(d.max[3], 5, tol); // slab 3 of an 18-DOP is (1, 1, 0)
    // points and boxes exactly
    col_shape b = Aabb(-1, -2, -3, 4, 5, 6);
    ASSERT_TRUE(col_kdop_of_shape(&b, 14, &d));
    EXPECT_EQ(d.max[3], 15);
    EXPECT_EQ(d.min[3], -6);
}

TEST(KdopOfShape, RefusesWhatHasNone) {
    col_kdop d;
    col_shape plane = Plane(0, 0, 1, 0), circle = Circle(0, 0, 1), sphere = Sphere(0, 0, 0, 1);
    EXPECT_FALSE(col_kdop_of_shape(&plane, 14, &d));
    EXPECT_FALSE(col_kdop_of_shape(&circle, 14, &d));
    EXPECT_FALSE(col_kdop_of_shape(&sphere, 7, &d));
    EXPECT_FALSE(col_kdop_of_shape(nullptr, 14, &d));
    col_shape nan = Sphere(NAN, 0, 0, 1);
    EXPECT_FALSE(col_kdop_of_shape(&nan, 14, &d));
    col_shape neg = Sphere(0, 0, 0, -1);
    EXPECT_FALSE(col_kdop_of_shape(&neg, 14, &d));
}

TEST(KdopTree, BuildsAValidTreeAndRefusesBadInput) {
    std::vector<col_shape> rods = Rods(300, 1, 20);
    for (int k : kKs) {
        std::vector<col_kdop> d = KdopsOf(rods, k);
        col_kdop_tree t = {};
        ASSERT_TRUE(col_kdop_tree_build(&t, k, d.data(), nullptr, d.size()));
        EXPECT_EQ(t.count, 300);
        EXPECT_EQ(t.node_count, 599);
        EXPECT_LE(t.height, 2 * 9); // 2 log2 n
        // every node holds its children, the root every item
        for (int32_t i = 0; i < t.node_count; ++i) {
            col_kdop n, c;
            ASSERT_TRUE(col_kdop_tree_node_kdop(&t, i, &n));
            if (t.nodes[i].item >= 0) {
                ASSERT_TRUE(t.nodes[i].item < 300);
                const col_kdop &it = d[(size_t)t.nodes[i].item];
                for (int j = 0; j < k / 2; ++j) EXPECT_TRUE(n.min[j] == it.min[j] && n.max[j] == it.max[j]);
                continue;
            }
            for (int32_t child : {i + 1, t.nodes[i].next}) {
                ASSERT_TRUE(col_kdop_tree_node_kdop(&t, child, &c));
                for (int j = 0; j < k / 2; ++j) EXPECT_TRUE(n.min[j] <= c.min[j] && c.max[j] <= n.max[j]);
            }
        }
        col_kdop_tree_free(&t);
        EXPECT_EQ(t.count, 0);
        EXPECT_EQ(t.nodes, nullptr);
    }
    std::vector<col_kdop> d = KdopsOf(rods, 14);
    col_kdop_tree t = {};
    EXPECT_FALSE(col_kdop_tree_build(&t, 18, d.data(), nullptr, d.size())); // another k
    EXPECT_FALSE(col_kdop_tree_build(&t, 7, d.data(), nullptr, d.size()));
    EXPECT_FALSE(col_kdop_tree_build(&t, 14, nullptr, nullptr, 3));
    d[17].min[4] = NAN;
    EXPECT_FALSE(col_kdop_tree_build(&t, 14, d.data(), nullptr, d.size()));
    EXPECT_EQ(t.count, 0);
    // empty: queries find nothing, and succeed
    ASSERT_TRUE(col_kdop_tree_build(&t, 14, nullptr, nullptr, 0));
    Calls c;
    col_kdop q = d[0];
    EXPECT_TRUE(col_kdop_tree_query_kdop(&t, &q, Collect, &c));
    col_ray r = {V(0, 0, 0), V(1, 0, 0), 10};
    EXPECT_TRUE(col_kdop_tree_raycast(&t, &r, CollectRay, &c));
    EXPECT_TRUE(c.ids.empty());
    col_kdop_tree_free(&t);
}

TEST(KdopTree, QueriesFindWhatBruteForceFinds) {
    std::vector<col_shape> rods = Rods(500, 2, 15);
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> u(-18, 18);
    for (int k : kKs) {
        std::vector<col_kdop> d = KdopsOf(rods, k);
        std::vector<uint64_t> users(d.size());
        for (size_t i = 0; i < users.size(); ++i) users[i] = 1000 + 7 * i;
        col_kdop_tree t = {};
        ASSERT_TRUE(col_kdop_tree_build(&t, k, d.data(), users.data(), d.size()));
        for (int q = 0; q < 200; ++q) {
            col_vec3 c = V(u(rng), u(rng), u(rng));
            // a query by a shape's k-DOP, and by a box
            col_shape s = Sphere(c.x, c.y, c.z, 1 + std::fabs(u(rng)) / 6);
            col_kdop qd;
            ASSERT_TRUE(col_kdop_of_shape(&s, k, &qd));
            Calls got;
            ASSERT_TRUE(col_kdop_tree_query_kdop(&t, &qd, Collect, &got));
            std::vector<int32_t> want;
            for (size_t i = 0; i < d.size(); ++i)
                if (col_kdop_overlap(&qd, &d[i])) want.push_back((int32_t)i);
            std::vector<int32_t> sorted = got.ids;
            std::sort(sorted.begin(), sorted.end());
            EXPECT_EQ(sorted, want) << "k " << k << " query " << q;
            EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end()) << "each once";
            for (size_t i = 0; i < got.ids.size(); ++i) EXPECT_EQ(got.users[i], 1000 + 7 * (uint64_t)got.ids[i]);
            col_aabb box = {col_v3_sub(c, V(2, 1, 0.5)), col_v3_add(c, V(2, 1, 0.5))};
            Calls gb;
            ASSERT_TRUE(col_kdop_tree_query_aabb(&t, &box, Collect, &gb));
            std::vector<int32_t> wb;
            for (size_t i = 0; i < d.size(); ++i)
                if (col_kdop_overlap_aabb(&d[i], &box)) wb.push_back((int32_t)i);
            std::sort(gb.ids.begin(), gb.ids.end());
            EXPECT_EQ(gb.ids, wb) << "k " << k << " box " << q;
        }
        // the same query twice, the same calls in the same order
        Calls a, b;
        ASSERT_TRUE(col_kdop_tree_query_kdop(&t, &d[5], Collect, &a));
        ASSERT_TRUE(col_kdop_tree_query_kdop(&t, &d[5], Collect, &b));
        EXPECT_EQ(a.ids, b.ids);
        col_kdop_tree_free(&t);
    }
}

TEST(KdopTree, RaysReachEveryItemTheyTouchAndTheNearestClips) {
    std::vector<col_shape> rods = Rods(400, 4, 12);
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> u(-1, 1);
    for (int k : kKs) {
        std::vector<col_kdop> d = KdopsOf(rods, k);
        col_kdop_tree t = {};
        ASSERT_TRUE(col_kdop_tree_build(&t, k, d.data(), nullptr, d.size()));
        int hits = 0;
        for (int q = 0; q < 300; ++q) {
            col_vec3 o = V(20 * u(rng), 20 * u(rng), 20 * u(rng));
            col_vec3 to = V(10 * u(rng), 10 * u(rng), 10 * u(rng));
            col_ray r = {o, col_v3_sub(to, o), q % 3 == 0 ? (col_real)INFINITY : (col_real)(0.5 + u(rng) / 2)};
            Calls got;
            ASSERT_TRUE(col_kdop_tree_raycast(&t, &r, CollectRay, &got));
            std::vector<int32_t> ids = got.ids;
            std::sort(ids.begin(), ids.end());
            EXPECT_EQ(std::adjacent_find(ids.begin(), ids.end()), ids.end()) << "each once";
            // every item whose shape the ray hits is reported; the nearest
            // such hit is what a clipping callback ends with
            double nearest = INFINITY;
            for (size_t i = 0; i < rods.size(); ++i) {
                col_ray_hit h = col_raycast(&rods[i], &r);
                if (h.status != COL_HIT) continue;
                ++hits;
                nearest = std::min(nearest, (double)h.t);
                EXPECT_TRUE(std::binary_search(ids.begin(), ids.end(), (int32_t)i)) << "k " << k << " ray " << q;
            }
            struct Near {
                const std::vector<col_shape> *s;
                double t = INFINITY;
            } nr{&rods};
            auto clip = [](void *ctx, const col_ray *ray, int32_t id, uint64_t) -> col_real {
                auto *n = static_cast<Near *>(ctx);
                col_ray_hit h = col_raycast(&(*n->s)[(size_t)id], ray);
                if (h.status != COL_HIT) return ray->max_t;
                n->t = std::min(n->t, (double)h.t);
                return h.t;
            };
            ASSERT_TRUE(col_kdop_tree_raycast(&t, &r, clip, &nr));
            EXPECT_EQ(nr.t, nearest) << "k " << k << " ray " << q;
        }
        EXPECT_GT(hits, 50) << "the rays must hit something";
        col_kdop_tree_free(&t);
    }
}

TEST(KdopTree, RaysEndingExactlyOnAnItemOrGrazingItReachIt) {
    // boxes on a dyadic grid: rays ending exactly on a face, through an
    // edge and a corner exactly, along a face
    std::vector<col_shape> boxes;
    for (int i = 0; i < 64; ++i) {
        double x = (i % 4) * 4, y = (i / 4 % 4) * 4, z = (i / 16) * 4;
        boxes.push_back(Aabb(x, y, z, x + 1, y + 1, z + 1));
    }
    for (int k : kKs) {
        std::vector<col_kdop> d = KdopsOf(boxes, k);
        col_kdop_tree t = {};
        ASSERT_TRUE(col_kdop_tree_build(&t, k, d.data(), nullptr, d.size()));
        struct Case {
            col_ray r;
            int32_t item;
        } cases[] = {
            {{V(-3, 0.5, 0.5), V(1, 0, 0), 3}, 0},      // ends exactly on box 0's face x = 0
            {{V(-2, -2, 0.5), V(1, 1, 0), 2}, 0},       // ends exactly on its edge x = y = 0
            {{V(-1, -1, -1), V(0.5, 0.5, 0.5), 2}, 0},  // ends exactly on its corner
            {{V(-1, 0, 0.5), V(1, 0, 0), INFINITY}, 0}, // along its face y = 0
            {{V(13, 13, 13), V(-1, -1, -1), 8}, 63},    // from box 63's corner, inwards
            {{V(1, 1, -1), V(0, 0, 1), 1}, 0},          // ends exactly on box 0's edge x = y = 1
            {{V(3, -1, 0.5), V(-1, 1, 0), 2}, 0},       // through box 0's edge x = 1, y = 1 exactly
        };
        for (const Case &c : cases) {
            if (col_raycast(&boxes[(size_t)c.item], &c.r).status != COL_HIT) continue; // not a case of this item
            Calls got;
            ASSERT_TRUE(col_kdop_tree_raycast(&t, &c.r, CollectRay, &got));
            EXPECT_NE(std::find(got.ids.begin(), got.ids.end(), c.item), got.ids.end())
                << "k " << k << " ray from " << c.r.origin.x << " " << c.r.origin.y << " " << c.r.origin.z;
        }
        col_kdop_tree_free(&t);
    }
}

TEST(KdopTree, AKdopTreeTestsFewerItemsOnTurnedRods) {
    // the reason for the option: on rods turned every way a 26-DOP tree
    // hands the exact test far fewer items per ray than boxes (k = 6)
    std::vector<col_shape> rods = Rods(2000, 6, 25);
    std::mt19937 rng(8);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<col_ray> rays;
    for (int q = 0; q < 500; ++q) {
        col_vec3 o = V(30 * u(rng), 30 * u(rng), 30 * u(rng)), to = V(20 * u(rng), 20 * u(rng), 20 * u(rng));
        rays.push_back(col_ray{o, col_v3_sub(to, o), 1});
    }
    size_t calls[2] = {0, 0};
    int ks[2] = {6, 26};
    for (int j = 0; j < 2; ++j) {
        std::vector<col_kdop> d = KdopsOf(rods, ks[j]);
        col_kdop_tree t = {};
        ASSERT_TRUE(col_kdop_tree_build(&t, ks[j], d.data(), nullptr, d.size()));
        for (const col_ray &r : rays) {
            Calls got;
            ASSERT_TRUE(col_kdop_tree_raycast(&t, &r, CollectRay, &got));
            calls[j] += got.ids.size();
        }
        col_kdop_tree_free(&t);
    }
    EXPECT_LT(calls[1] * 2, calls[0]) << "boxes " << calls[0] << ", 26-DOPs " << calls[1];
}
