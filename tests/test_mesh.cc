// Triangle meshes (collide/mesh.h): validation with the offending position,
// picking against brute force (the closest t, the least index among ties),
// watertightness across shared edges and vertices (rays aimed exactly at
// them on a grid of exactly representable points), barycentrics, overlaps
// and casts against brute force.
#include "helpers.h"

#include <algorithm>
#include <random>
#include <vector>

using namespace ct;

namespace {

struct Mesh {
    std::vector<col_vec3> v;
    std::vector<int32_t> idx;
    col_mesh *m = nullptr;
    ~Mesh() { col_mesh_destroy(m); }
    int32_t count() const { return static_cast<int32_t>(idx.size() / 3); }
    col_triangle tri(int32_t i) const { return col_triangle{v[idx[3 * i]], v[idx[3 * i + 1]], v[idx[3 * i + 2]]}; }
};

// An n x n heightfield of quads split in two, heights on a 1/64 grid (exact).
void Heightfield(Mesh &M, int n, std::mt19937_64 &rng) {
    std::uniform_int_distribution<int> h(-64, 64);
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i) M.v.push_back(V(i, j, h(rng) / 64.0));
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            int32_t a = j * (n + 1) + i, b = a + 1, c = a + n + 1, d = c + 1;
            M.idx.insert(M.idx.end(), {a, b, d, a, d, c});
        }
    col_mesh_error e;
    M.m = col_mesh_create(M.v.data(), static_cast<int32_t>(M.v.size()), M.idx.data(), M.count(), &e, nullptr);
    ASSERT_NE(M.m, nullptr);
}

TEST(Mesh, RefusesBadInputNamingThePosition) {
    std::vector<col_vec3> v = {V(0, 0, 0), V(1, 0, 0), V(0, 1, 0)};
    std::vector<int32_t> idx = {0, 1, 2};
    col_mesh_error e;
    int32_t where;
    v[1].y = R(kNaN);
    EXPECT_EQ(col_mesh_create(v.data(), 3, idx.data(), 1, &e, &where), nullptr);
    EXPECT_EQ(e, COL_MESH_BAD_COORDINATE);
    EXPECT_EQ(where, 4); // vertex 1, y
    v[1].y = R(kInf);
    EXPECT_EQ(col_mesh_create(v.data(), 3, idx.data(), 1, &e, &where), nullptr);
    EXPECT_EQ(where, 4);
    v[1].y = 0;
    idx[2] = 3;
    EXPECT_EQ(col_mesh_create(v.data(), 3, idx.data(), 1, &e, &where), nullptr);
    EXPECT_EQ(e, COL_MESH_BAD_INDEX);
    EXPECT_EQ(where, 2);
    idx[2] = -1;
    EXPECT_EQ(col_mesh_create(v.data(), 3, idx.data(), 1, &e, &where), nullptr);
    EXPECT_EQ(where, 2);
    idx[2] = 2;
    EXPECT_EQ(col_mesh_create(v.data(), 3, idx.data(), 0, &e, &where), nullptr);
    EXPECT_EQ(e, COL_MESH_BAD_COUNT);
    EXPECT_EQ(col_mesh_create(nullptr, 3, idx.data(), 1, &e, &where), nullptr);
    col_mesh *m = col_mesh_create(v.data(), 3, idx.data(), 1, &e, &where);
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(e, COL_MESH_OK);
    col_ray bad{V(0, 0, 0), V(kNaN, 0, 0), 1};
    EXPECT_EQ(col_mesh_raycast(m, &bad, COL_TWO_SIDED).status, COL_INVALID);
    col_shape c = Circle(0, 0, 1);
    EXPECT_EQ(col_mesh_overlaps(m, &c, nullptr, 0), static_cast<size_t>(-1));
    EXPECT_FALSE(col_mesh_overlap(m, &c));
    col_shape s = Sphere(0, 0, 0, 1);
    EXPECT_EQ(col_mesh_cast(m, &s, V(kInf, 0, 0)).hit.status, COL_INVALID);
    col_mesh_destroy(m);
}

col_mesh_hit BrutePick(const Mesh &M, const col_ray &r) {
    col_mesh_hit best{};
    best.status = COL_MISS;
    best.triangle = -1;
    for (int32_t i = 0; i < M.count(); ++i) {
        col_triangle t = M.tri(i);
        col_ray_hit h = col_raycast_triangle(&r, &t, COL_TWO_SIDED);
        if (h.status == COL_HIT && (best.status != COL_HIT || h.t < best.t)) {
            best.status = COL_HIT;
            best.t = h.t;
            best.triangle = i;
        }
    }
    return best;
}

TEST(Mesh, PicksAsBruteForce) {
    std::mt19937_64 rng(8);
    Mesh M;
    ASSERT_NO_FATAL_FAILURE(Heightfield(M, 24, rng));
    std::uniform_real_distribution<double> u(-2, 26), z(-3, 3);
    int hits = 0;
    for (int k = 0; k < CaseCount(3000); ++k) {
        col_vec3 o = V(u(rng), u(rng), 3 + z(rng) * 0.1), to = V(u(rng), u(rng), z(rng));
        col_ray r{o, col_v3_sub(to, o), R(k % 2 ? 1.0 : kInf)};
        col_mesh_hit got = col_mesh_raycast(M.m, &r, COL_TWO_SIDED), want = BrutePick(M, r);
        ASSERT_EQ(got.status, want.status) << k;
        if (want.status != COL_HIT) continue;
        ++hits;
        EXPECT_EQ(got.t, want.t) << k;
        EXPECT_EQ(got.triangle, want.triangle) << k;
        // barycentrics: the point is their combination, and they sum to 1
        col_triangle t = M.tri(got.triangle);
        col_vec3 p =
            col_v3_add(col_v3_add(col_v3_scale(t.a, got.u), col_v3_scale(t.b, got.v)), col_v3_scale(t.c, got.w));
        EXPECT_NEAR(p.x, got.point.x, Ulps(64, 64));
        EXPECT_NEAR(p.y, got.point.y, Ulps(64, 64));
        EXPECT_NEAR(got.u + got.v + got.w, 1, Ulps(1, 8));
        EXPECT_GE(std::min({got.u, got.v, got.w}), -Ulps(64, 64));
        EXPECT_NEAR(col_v3_dot(got.normal, got.normal), 1, Ulps(1, 8));
        EXPECT_LE(col_v3_dot(got.normal, r.delta), 0) << "the normal faces the origin";
    }
    EXPECT_GT(hits, CaseCount(1000));
}

// Rays aimed exactly at the grid's shared vertices and edge midpoints (exact
// on the 1/64 grid) from random origins above: every one hits the mesh. The
// rays are steeper than any triangle (slopes up to 2, rays at least 4 down
// per unit across), so both triangles at an edge face the ray: at a
// silhouette edge (one triangle seen from behind) a ray through the edge
// touches the mesh only in exact arithmetic, and rounding may take it past
// (the closed-set boundary of the boundaries issue, not a crack).
TEST(Mesh, WatertightAcrossSharedEdgesAndVertices) {
    std::mt19937_64 rng(21);
    Mesh M;
    ASSERT_NO_FATAL_FAILURE(Heightfield(M, 16, rng));
    std::uniform_int_distribution<int> cell(1, 15), off(-64, 64);
    int misses = 0;
    for (int k = 0; k < 20000; ++k) {
        int i = cell(rng), j = cell(rng);
        col_vec3 target = M.v[j * 17 + i];
        int kind = k % 3; // a vertex, an edge midpoint along x, a diagonal midpoint
        if (kind == 1) target = col_v3_scale(col_v3_add(M.v[j * 17 + i], M.v[j * 17 + i + 1]), R(0.5));
        if (kind == 2) target = col_v3_scale(col_v3_add(M.v[j * 17 + i], M.v[(j + 1) * 17 + i + 1]), R(0.5));
        col_vec3 o = col_v3_add(target, V(off(rng) / 64.0, off(rng) / 64.0, 4 + off(rng) / 256.0));
        col_ray r{o, col_v3_sub(target, o), R(2)};
        bool miss = col_mesh_raycast(M.m, &r, COL_TWO_SIDED).status != COL_HIT;
        misses += miss;
    }
    EXPECT_EQ(misses, 0);
}

TEST(Mesh, OverlapsAndCastsAsBruteForce) {
    std::mt19937_64 rng(33);
    Mesh M;
    ASSERT_NO_FATAL_FAILURE(Heightfield(M, 20, rng));
    std::uniform_real_distribution<double> u(-1, 21), z(-1.5, 1.5), s(0.05, 2);
    int found = 0, met = 0;
    for (int k = 0; k < 300; ++k) {
        col_shape q;
        switch (k % 4) {
        case 0: q = Sphere(u(rng), u(rng), z(rng), s(rng)); break;
        case 1: q = Capsule(V(u(rng), u(rng), z(rng)), V(u(rng), u(rng), z(rng)), s(rng) * 0.2); break;
        case 2: {
            double x = u(rng), y = u(rng), zz = z(rng), a = s(rng);
            q = Aabb(x, y, zz, x + a, y + a, zz + a);
            break;
        }
        default: q = Segment(V(u(rng), u(rng), z(rng)), V(u(rng), u(rng), z(rng)));
        }
        std::vector<int32_t> want;
        for (int32_t i = 0; i < M.count(); ++i) {
            col_triangle t = M.tri(i);
            col_shape ts = Triangle(t.a, t.b, t.c);
            if (col_overlap(&q, &ts)) want.push_back(i);
        }
        std::vector<int32_t> got(M.count());
        size_t n = col_mesh_overlaps(M.m, &q, got.data(), got.size());
        got.resize(n);
        ASSERT_EQ(got, want) << k;
        EXPECT_EQ(col_mesh_overlap(M.m, &q), !want.empty());
        found += !want.empty();
        // a cast downward, 3 units
        col_shape lifted = Translated(q, V(0, 0, 2));
        col_vec3 d = V(0.5, -0.25, -3);
        col_real best = 2;
        int32_t best_i = -1;
        for (int32_t i = 0; i < M.count(); ++i) {
            col_triangle t = M.tri(i);
            col_shape ts = Triangle(t.a, t.b, t.c);
            col_sweep_hit h = col_sweep(&lifted, d, &ts, V(0, 0, 0));
            if ((h.status == COL_HIT || h.status == COL_NOT_CONVERGED) && h.t0 < best) {
                best = h.t0;
                best_i = i;
            }
        }
        col_mesh_sweep_hit c = col_mesh_cast(M.m, &lifted, d);
        ASSERT_EQ(c.triangle, best_i) << k;
        if (best_i >= 0) {
            EXPECT_EQ(c.hit.t0, best);
            ++met;
        }
    }
    EXPECT_GT(found, 50);
    EXPECT_GT(met, 50);
}

TEST(Mesh, TieBetweenTrianglesGoesToTheLeastIndex) {
    // two coincident triangles, the second listed first in the tree's order or not
    std::vector<col_vec3> v = {V(0, 0, 0), V(1, 0, 0), V(0, 1, 0)};
    std::vector<int32_t> idx = {0, 1, 2, 0, 2, 1, 2, 1, 0};
    col_mesh_error e;
    col_mesh *m = col_mesh_create(v.data(), 3, idx.data(), 3, &e, nullptr);
    ASSERT_NE(m, nullptr);
    col_ray r{V(0.25, 0.25, 1), V(0, 0, -1), R(kInf)};
    col_mesh_hit h = col_mesh_raycast(m, &r, COL_TWO_SIDED);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_EQ(h.triangle, 0);
    EXPECT_EQ(h.t, R(1));
    EXPECT_EQ(h.normal.z, R(1));
    EXPECT_EQ(h.u, R(0.5));
    EXPECT_EQ(h.v, R(0.25));
    EXPECT_EQ(h.w, R(0.25));
    // culling back faces: triangle 1 faces down, so it is skipped from above
    col_ray up{V(0.25, 0.25, -1), V(0, 0, 1), R(kInf)};
    h = col_mesh_raycast(m, &up, COL_CULL_BACKFACES);
    ASSERT_EQ(h.status, COL_HIT);
    EXPECT_EQ(h.triangle, 1);
    col_mesh_destroy(m);
}

} // namespace
