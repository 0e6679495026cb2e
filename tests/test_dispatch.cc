// Generic shapes: the symmetric dispatch, supported pairs, hostile input
// through the dispatch, classification and bounds.
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "helpers.h"

extern "C" {
#include "box.h" // col__batch_lanes_force
}

using namespace ct;

namespace {

// A sample of every kind, arranged so that many pairs overlap and many do not.
std::vector<col_shape> Samples() {
    std::vector<col_shape> v;
    for (double x : {0.0, 1.5, 4.0}) {
        v.push_back(Point(x, 0.25, 0));
        v.push_back(Segment(V(x - 1, -1, 0), V(x + 1, 1, 0.5)));
        v.push_back(Triangle(V(x, 0, -1), V(x + 1, 0, 1), V(x, 1, 0)));
        v.push_back(Plane(1, 0, 0, x));
        v.push_back(Sphere(x, 0, 0, 0.75));
        v.push_back(Capsule(V(x, -1, 0), V(x, 1, 0), 0.5));
        v.push_back(Aabb(x - 0.5, -0.5, -0.5, x + 0.5, 0.5, 0.5));
        v.push_back(Obb(V(x, 0, 0), V(0.5, 0.25, 1), RotAxis(V(1, 1, 0), 0.6)));
        v.push_back(Ellipsoid(x, 0, 0, 1, 0.5, 0.25));
        v.push_back(Circle(x, 0, 0.75));
        v.push_back(Rect(x - 0.5, -0.5, x + 0.5, 0.5));
    }
    return v;
}

// Samples() and a unit cube as a polytope (its points static).
std::vector<col_shape> SamplesAndACube() {
    static const col_vec3 cube[] = {V(0, 0, 0), V(1, 0, 0), V(0, 1, 0), V(1, 1, 0),
                                    V(0, 0, 1), V(1, 0, 1), V(0, 1, 1), V(1, 1, 1)};
    std::vector<col_shape> s = Samples();
    col_shape poly;
    poly.kind = COL_SHAPE_POLYTOPE;
    poly.u.polytope = {cube, 8};
    s.push_back(poly);
    return s;
}

} // namespace

TEST(Dispatch, KindNames) {
    EXPECT_STREQ(col_shape_kind_name(COL_SHAPE_SPHERE), "sphere");
    EXPECT_STREQ(col_shape_kind_name(COL_SHAPE_OBB), "obb");
    EXPECT_STREQ(col_shape_kind_name(COL_SHAPE_KIND_COUNT), "invalid");
    EXPECT_STREQ(col_shape_kind_name(static_cast<col_shape_kind>(-1)), "invalid");
}

TEST(Dispatch, SupportIsSymmetricAndMatchesTheDocumentedGrid) {
    int supported = 0;
    for (int a = 0; a < COL_SHAPE_KIND_COUNT; ++a)
        for (int b = 0; b < COL_SHAPE_KIND_COUNT; ++b) {
            auto ka = static_cast<col_shape_kind>(a), kb = static_cast<col_shape_kind>(b);
            EXPECT_EQ(col_overlap_supported(ka, kb), col_overlap_supported(kb, ka));
            if (a <= b) supported += col_overlap_supported(ka, kb);
            // 2D never meets 3D
            if (col_shape_kind_is_2d(ka) != col_shape_kind_is_2d(kb)) {
                EXPECT_FALSE(col_overlap_supported(ka, kb));
            }
        }
    // Every unordered pair of the 10 3D kinds but plane-plane (54: closed forms
    // or GJK), plus 3 in 2D (see the grid in collide/collide.h).
    EXPECT_EQ(supported, 57);
    EXPECT_TRUE(col_overlap_supported(COL_SHAPE_POINT, COL_SHAPE_ELLIPSOID));
    EXPECT_TRUE(col_overlap_supported(COL_SHAPE_OBB, COL_SHAPE_TRIANGLE));
    EXPECT_TRUE(col_overlap_supported(COL_SHAPE_PLANE, COL_SHAPE_ELLIPSOID));
    EXPECT_FALSE(col_overlap_supported(COL_SHAPE_PLANE, COL_SHAPE_PLANE));
    EXPECT_TRUE(col_overlap_supported(COL_SHAPE_CAPSULE, COL_SHAPE_OBB));
    EXPECT_TRUE(col_overlap_supported(COL_SHAPE_SPHERE, COL_SHAPE_ELLIPSOID));
    EXPECT_TRUE(col_overlap_supported(COL_SHAPE_POLYTOPE, COL_SHAPE_PLANE));
    EXPECT_FALSE(col_overlap_supported(COL_SHAPE_POLYTOPE, COL_SHAPE_CIRCLE));
    EXPECT_FALSE(col_overlap_supported(COL_SHAPE_KIND_COUNT, COL_SHAPE_SPHERE));
    // The grid is a formula; the dispatch must have a test for exactly those
    // pairs: a closed form (col_overlap_is_exact asks the dispatch itself) or
    // GJK (then the distance must support the pair).
    for (int a = 0; a < COL_SHAPE_KIND_COUNT; ++a)
        for (int b = 0; b < COL_SHAPE_KIND_COUNT; ++b) {
            auto ka = static_cast<col_shape_kind>(a), kb = static_cast<col_shape_kind>(b);
            bool exact = col_overlap_is_exact(ka, kb);
            if (exact) {
                EXPECT_TRUE(col_overlap_supported(ka, kb)) << a << " " << b;
            }
            if (col_overlap_supported(ka, kb) && !exact) {
                EXPECT_TRUE(col_distance_supported(ka, kb)) << a << " " << b;
            }
        }
}

// The grids printed in collide/collide.h are the dispatch's table: every
// cell of the first (x, p, g or .) is what col_overlap_method answers for
// that pair, every cell of the second (c, g, e or .) what col_distance_method
// answers, in both orders, and every pair appears once in each.
static std::vector<std::vector<std::string>> GridsInCollideH() {
    std::ifstream f(COLLIDE_SOURCE_DIR "/core/include/collide/collide.h");
    std::vector<std::vector<std::string>> grids; // each: the rows' marks, joined
    std::string line;
    size_t columns = 0, rows = 0;
    while (std::getline(f, line)) {
        std::istringstream words(line);
        std::string star, first;
        words >> star >> first;
        if (star != "*") continue;
        if (first == "point" && line.find("seg") != std::string::npos) { // a header
            columns = 1;
            for (std::string w; words >> w;) ++columns;
            rows = 0;
            grids.emplace_back();
            continue;
        }
        if (columns == 0 || rows >= columns || first.empty()) continue;
        std::string marks;
        for (std::string w; words >> w;) marks += w.size() == 1 ? w : "?";
        grids.back().push_back(marks);
        ++rows;
    }
    return grids;
}

TEST(Dispatch, TheGridsInCollideHAreTheTable) {
    auto grids = GridsInCollideH();
    ASSERT_EQ(grids.size(), 2u);
    char (*method[2])(col_shape_kind, col_shape_kind) = {col_overlap_method, col_distance_method};
    for (int g = 0; g < 2; ++g) {
        ASSERT_EQ(grids[g].size(), static_cast<size_t>(COL_SHAPE_KIND_COUNT)) << "grid " << g;
        int cells = 0;
        for (int a = 0; a < COL_SHAPE_KIND_COUNT; ++a) {
            const std::string &marks = grids[g][static_cast<size_t>(a)];
            // row a lists the pairs (a, a), (a, a + 1), ...
            ASSERT_EQ(marks.size(), static_cast<size_t>(COL_SHAPE_KIND_COUNT - a)) << "grid " << g << " row " << a;
            for (size_t i = 0; i < marks.size(); ++i) {
                auto ka = static_cast<col_shape_kind>(a), kb = static_cast<col_shape_kind>(a + static_cast<int>(i));
                char m = marks[i];
                EXPECT_EQ(method[g](ka, kb), m)
                    << "grid " << g << ": " << col_shape_kind_name(ka) << "-" << col_shape_kind_name(kb);
                EXPECT_EQ(method[g](kb, ka), m);
                if (g == 0) {
                    EXPECT_EQ(col_overlap_supported(ka, kb), m != '.');
                    EXPECT_EQ(col_overlap_is_exact(ka, kb), m == 'x' || m == 'p');
                } else {
                    EXPECT_EQ(col_distance_supported(ka, kb), m != '.');
                    EXPECT_EQ(col_distance_supported(kb, ka), m != '.');
                }
                ++cells;
            }
        }
        EXPECT_EQ(cells, COL_SHAPE_KIND_COUNT * (COL_SHAPE_KIND_COUNT + 1) / 2);
        EXPECT_EQ(method[g](COL_SHAPE_KIND_COUNT, COL_SHAPE_SPHERE), '.');
        EXPECT_EQ(method[g](COL_SHAPE_SPHERE, static_cast<col_shape_kind>(-1)), '.');
    }
}

TEST(Dispatch, KindSizesAreTheStructs) {
    EXPECT_EQ(col_shape_kind_size(COL_SHAPE_SPHERE), sizeof(col_sphere));
    EXPECT_EQ(col_shape_kind_size(COL_SHAPE_OBB), sizeof(col_obb));
    EXPECT_EQ(col_shape_kind_size(COL_SHAPE_POLYTOPE), sizeof(col_polytope));
    EXPECT_EQ(col_shape_kind_size(COL_SHAPE_RECT), sizeof(col_rect));
    EXPECT_EQ(col_shape_kind_size(COL_SHAPE_KIND_COUNT), 0u);
}

TEST(Dispatch, EveryPairIsSymmetricAndHitRatesAreBalanced) {
    std::vector<col_shape> s = Samples();
    int pairs = 0, hits = 0;
    for (const col_shape &a : s)
        for (const col_shape &b : s) {
            if (!col_overlap_supported(a.kind, b.kind)) {
                EXPECT_FALSE(col_overlap(&a, &b));
                continue;
            }
            ++pairs;
            hits += Overlap(a, b); // checks both orders
        }
    EXPECT_GT(pairs, 400);
    EXPECT_GT(hits, pairs / 5);
    EXPECT_LT(hits, pairs * 4 / 5);
}

TEST(Dispatch, ConversionsAgreeWithTheDirectTests) {
    // A point is a zero-radius sphere; a segment a zero-radius capsule.
    col_shape p = Point(1, 0.5, 0.25), box = Aabb(0, 0, 0, 1, 1, 1);
    col_sphere ps = {p.u.point.p, 0};
    EXPECT_EQ(Overlap(p, box), col_overlap_aabb_sphere(&box.u.aabb, &ps));
    col_shape seg = Segment(V(0, 0, 0), V(2, 0, 0)), ball = Sphere(1, 1, 0, 1);
    col_capsule sc = {seg.u.segment.a, seg.u.segment.b, 0};
    EXPECT_EQ(Overlap(seg, ball), col_overlap_capsule_sphere(&sc, &ball.u.sphere));
    EXPECT_TRUE(Overlap(seg, ball));
}

TEST(Dispatch, HostileInputNeverOverlapsAndNeverCrashes) {
    const double bad[] = {kNaN, kInf, -kInf, 8 * static_cast<double>(COL_HUGE), -std::numeric_limits<double>::max()};
    std::vector<col_shape> s = Samples();
    int checked = 0;
    for (size_t i = 0; i < s.size(); i += 3) { // one of each kind at x = 0 (Samples interleaves three sets)
        for (int f = 0; f < RealCount(s[i].kind); ++f) {
            for (double b : bad) {
                col_shape t = s[i];
                Reals(t)[f] = R(b);
                for (const col_shape &o : s) {
                    EXPECT_FALSE(col_overlap(&t, &o));
                    EXPECT_FALSE(col_overlap(&o, &t));
                    ++checked;
                }
                if (t.kind == COL_SHAPE_PLANE) {
                    for (const col_shape &o : s) EXPECT_EQ(col_classify(&o, &t.u.plane), COL_SIDE_INVALID);
                } else {
                    col_shape pl = Plane(0, 0, 1, 0);
                    EXPECT_EQ(col_classify(&t, &pl.u.plane), COL_SIDE_INVALID);
                }
                col_aabb bounds;
                EXPECT_FALSE(col_shape_bounds(&t, &bounds));
            }
        }
    }
    EXPECT_GT(checked, 10000);
}

TEST(Dispatch, DenormalsAndSignedZerosAreOrdinaryNumbers) {
    double dn = std::numeric_limits<double>::denorm_min();
    EXPECT_TRUE(Overlap(Sphere(0, 0, 0, 0), Sphere(-0.0, -0.0, -0.0, 0)));
    EXPECT_TRUE(Overlap(Aabb(-0.0, 0, 0, 0, 1, 1), Point(0, 0.5, 0.5)));
    EXPECT_TRUE(Overlap(Sphere(dn, 0, 0, dn), Sphere(0, 0, 0, 0)));
    EXPECT_TRUE(Overlap(Obb(V(0, 0, 0), V(dn, dn, dn), col_m3_identity()), Point(0, 0, 0)));
}

// col_raycast_kind (a kind and its struct) is col_raycast bit for bit, for
// every kind (a polytope too), rays that hit, miss, start inside or graze,
// and invalid input; 2D kinds, kinds out of range and NULL are invalid.
TEST(Dispatch, RaycastByKindIsRaycastBitForBit) {
    std::vector<col_shape> s = SamplesAndACube();
    int hits = 0, casts = 0;
    for (const col_shape &sh : s)
        for (double ox : {-3.0, 0.0, 0.5, 1.5})
            for (double dy : {0.0, 0.25, 1.0, kNaN}) {
                col_ray r = {V(ox, -2, 0.125), V(3, dy + 2, 0.0), R(1.5)};
                col_ray_hit a = col_raycast(&sh, &r), b = col_raycast_kind(sh.kind, &sh.u, &r);
                // field by field (the struct's padding is not part of the result), bits for the numbers
                const col_real fa[] = {a.t, a.point.x, a.point.y, a.point.z, a.normal.x, a.normal.y, a.normal.z};
                const col_real fb[] = {b.t, b.point.x, b.point.y, b.point.z, b.normal.x, b.normal.y, b.normal.z};
                ASSERT_TRUE(a.status == b.status && a.inside == b.inside && std::memcmp(fa, fb, sizeof fa) == 0)
                    << col_shape_kind_name(sh.kind) << " " << ox << " " << dy;
                if (col_shape_kind_is_2d(sh.kind)) {
                    EXPECT_EQ(b.status, COL_INVALID);
                }
                hits += b.status == COL_HIT;
                ++casts;
            }
    EXPECT_GT(hits, casts / 8); // hits and misses both
    EXPECT_LT(hits, casts * 7 / 8);
    col_ray r = {V(0, 0, 0), V(1, 0, 0), R(1)};
    EXPECT_EQ(col_raycast_kind(COL_SHAPE_SPHERE, nullptr, &r).status, COL_INVALID);
    EXPECT_EQ(col_raycast_kind(static_cast<col_shape_kind>(COL_SHAPE_KIND_COUNT), &s[0].u, &r).status, COL_INVALID);
}

// col_sweep_kind (kinds and their structs) is col_sweep bit for bit, for
// every pair of sample shapes (closed forms in both orders, a point's cast,
// the general sweep, a polytope) and motions that hit, miss, start inside or
// are invalid; unsupported pairs, kinds out of range and NULL are invalid.
TEST(Dispatch, SweepByKindIsSweepBitForBit) {
    std::vector<col_shape> s = SamplesAndACube();
    int hits = 0, sweeps = 0, closed = 0;
    for (size_t i = 0; i < s.size(); i += 2)
        for (size_t j = 1; j < s.size(); j += 2)
            for (double dx : {-4.0, 0.0, 3.0, kNaN}) {
                const col_shape &a = s[i], &b = s[j];
                col_vec3 da = V(dx, 0.5, 0.25), db = V(0.125, -1, 0);
                col_sweep_hit x = col_sweep(&a, da, &b, db), y = col_sweep_kind(a.kind, &a.u, da, b.kind, &b.u, db);
                const col_real fx[] = {x.t0, x.t1, x.point.x, x.point.y, x.point.z, x.normal.x, x.normal.y, x.normal.z};
                const col_real fy[] = {y.t0, y.t1, y.point.x, y.point.y, y.point.z, y.normal.x, y.normal.y, y.normal.z};
                ASSERT_TRUE(x.status == y.status && x.initially_overlapping == y.initially_overlapping &&
                            std::memcmp(fx, fy, sizeof fx) == 0)
                    << col_shape_kind_name(a.kind) << "-" << col_shape_kind_name(b.kind) << " " << dx;
                if (!col_sweep_supported(a.kind, b.kind)) {
                    EXPECT_EQ(y.status, COL_INVALID);
                }
                if (std::isnan(dx)) {
                    EXPECT_EQ(y.status, COL_INVALID);
                }
                hits += y.status == COL_HIT;
                closed += col_sweep_has_closed_form(a.kind, b.kind);
                ++sweeps;
            }
    EXPECT_GT(hits, sweeps / 8); // hits and misses both
    EXPECT_LT(hits, sweeps * 7 / 8);
    EXPECT_GT(closed, sweeps / 8); // closed forms and the general sweep both
    EXPECT_LT(closed, sweeps * 7 / 8);
    col_vec3 d = V(1, 0, 0), z = V(0, 0, 0);
    EXPECT_EQ(col_sweep_kind(COL_SHAPE_SPHERE, nullptr, d, COL_SHAPE_SPHERE, &s[0].u, z).status, COL_INVALID);
    EXPECT_EQ(col_sweep_kind(COL_SHAPE_SPHERE, &s[0].u, d, COL_SHAPE_SPHERE, nullptr, z).status, COL_INVALID);
    EXPECT_EQ(
        col_sweep_kind(static_cast<col_shape_kind>(COL_SHAPE_KIND_COUNT), &s[0].u, d, COL_SHAPE_SPHERE, &s[0].u, z)
            .status,
        COL_INVALID);
}

TEST(Dispatch, InvalidKindIsRejected) {
    col_shape a = Sphere(0, 0, 0, 1), b = a;
    b.kind = static_cast<col_shape_kind>(42);
    EXPECT_FALSE(col_overlap(&a, &b));
    EXPECT_FALSE(col_overlap(&b, &a));
    EXPECT_FALSE(col_shape_is_valid(&b));
    col_shape pl = Plane(0, 0, 1, 0);
    EXPECT_EQ(col_classify(&b, &pl.u.plane), COL_SIDE_INVALID);
}

TEST(Bounds, ContainTheShapeAndAreTightForSimpleKinds) {
    col_aabb b;
    col_shape s = Sphere(1, 2, 3, 0.5);
    ASSERT_TRUE(col_shape_bounds(&s, &b));
    EXPECT_EQ(b.min.x, R(0.5));
    EXPECT_EQ(b.max.z, R(3.5));
    s = Capsule(V(0, 0, 0), V(2, -1, 0), 1);
    ASSERT_TRUE(col_shape_bounds(&s, &b));
    EXPECT_EQ(b.min.y, R(-2));
    EXPECT_EQ(b.max.x, R(3));
    s = Triangle(V(0, 5, 0), V(2, -1, 3), V(-1, 0, 1));
    ASSERT_TRUE(col_shape_bounds(&s, &b));
    EXPECT_EQ(b.min.x, R(-1));
    EXPECT_EQ(b.max.y, R(5));
    EXPECT_EQ(b.max.z, R(3));
    s = Ellipsoid(0, 0, 0, 1, 2, 3);
    ASSERT_TRUE(col_shape_bounds(&s, &b));
    EXPECT_EQ(b.max.z, R(3));
    s = Plane(0, 0, 1, 0);
    EXPECT_FALSE(col_shape_bounds(&s, &b));
    s = Circle(0, 0, 1);
    EXPECT_FALSE(col_shape_bounds(&s, &b));
    // every sample's bounds overlap the sample
    for (const col_shape &x : Samples()) {
        if (!col_shape_bounds(&x, &b)) continue;
        col_shape box = Aabb(b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z);
        if (col_overlap_supported(x.kind, COL_SHAPE_AABB)) {
            EXPECT_TRUE(Overlap(x, box)) << col_shape_kind_name(x.kind);
        }
    }
}

namespace {

size_t StructSize(col_shape_kind k) {
    return k == COL_SHAPE_POLYTOPE ? sizeof(col_polytope) : static_cast<size_t>(RealCount(k)) * sizeof(col_real);
}

// The shapes of one kind packed as an array of their structs.
std::vector<unsigned char> Pack(const std::vector<col_shape> &shapes) {
    std::vector<unsigned char> bytes;
    for (const col_shape &s : shapes) {
        const unsigned char *p = reinterpret_cast<const unsigned char *>(&s.u);
        bytes.insert(bytes.end(), p, p + StructSize(s.kind));
    }
    return bytes;
}

// Samples of every kind, valid and not (a NaN, an infinity, a value beyond
// COL_HUGE in turn in each number), grouped by kind.
std::vector<std::vector<col_shape>> SamplesByKind() {
    std::vector<std::vector<col_shape>> by(COL_SHAPE_KIND_COUNT);
    for (const col_shape &s : Samples()) {
        by[s.kind].push_back(s);
        for (int f = 0; f < RealCount(s.kind); f += 2) {
            col_shape t = s;
            Reals(t)[f] = R(f % 4 == 0 ? kNaN : (f % 3 == 0 ? kInf : 4 * static_cast<double>(COL_HUGE)));
            by[s.kind].push_back(t);
        }
    }
    return by;
}

} // namespace

TEST(OverlapMany, EveryAnswerIsOverlapsBitForBit) {
    auto by = SamplesByKind();
    long checked = 0, hits_seen = 0;
    for (int ka = 0; ka < COL_SHAPE_KIND_COUNT; ++ka) {
        for (int kb = 0; kb < COL_SHAPE_KIND_COUNT; ++kb) {
            if (by[ka].empty() || by[kb].empty()) continue; // no polytope among the samples
            // every a against every b: a's list repeated, b's list cycled
            std::vector<col_shape> as, bs;
            for (const col_shape &a : by[ka])
                for (const col_shape &b : by[kb]) as.push_back(a), bs.push_back(b);
            auto pa = Pack(as), pb = Pack(bs);
            std::vector<unsigned char> out(as.size(), 7);
            auto k1 = static_cast<col_shape_kind>(ka), k2 = static_cast<col_shape_kind>(kb);
            size_t n = col_overlap_many(k1, pa.data(), k2, pb.data(), false, as.size(), out.data());
            size_t expect = 0;
            for (size_t i = 0; i < as.size(); ++i) {
                bool want = col_overlap(&as[i], &bs[i]);
                expect += want;
                ASSERT_EQ(out[i], want ? 1 : 0)
                    << col_shape_kind_name(k1) << " vs " << col_shape_kind_name(k2) << " #" << i;
            }
            EXPECT_EQ(n, expect);
            EXPECT_EQ(col_overlap_many(k1, pa.data(), k2, pb.data(), false, as.size(), nullptr), expect);
            if (!col_overlap_supported(k1, k2)) {
                EXPECT_EQ(n, 0u);
            }
            checked += static_cast<long>(as.size());
            hits_seen += static_cast<long>(n);
            // one b against every a
            auto one = Pack({by[kb][0]});
            std::vector<unsigned char> out1(by[ka].size());
            auto pa1 = Pack(by[ka]);
            size_t n1 = col_overlap_many(k1, pa1.data(), k2, one.data(), true, by[ka].size(), out1.data());
            size_t expect1 = 0;
            for (size_t i = 0; i < by[ka].size(); ++i) {
                bool want = col_overlap(&by[ka][i], &by[kb][0]);
                expect1 += want;
                EXPECT_EQ(out1[i], want ? 1 : 0);
            }
            EXPECT_EQ(n1, expect1);
        }
    }
    EXPECT_GT(checked, 15000);
    EXPECT_GT(hits_seen, 200); // most samples are invalid on purpose: the valid ones overlap often
}

TEST(OverlapMany, UncheckedAnswersAsOverlapForValidShapes) {
    auto by = SamplesByKind();
    long checked = 0;
    for (int ka = 0; ka < COL_SHAPE_KIND_COUNT; ++ka)
        for (int kb = 0; kb < COL_SHAPE_KIND_COUNT; ++kb) {
            std::vector<col_shape> as, bs;
            for (const col_shape &a : by[ka])
                for (const col_shape &b : by[kb])
                    if (col_shape_is_valid(&a) && col_shape_is_valid(&b)) as.push_back(a), bs.push_back(b);
            if (as.empty()) continue;
            auto k1 = static_cast<col_shape_kind>(ka), k2 = static_cast<col_shape_kind>(kb);
            auto pa = Pack(as), pb = Pack(bs);
            std::vector<unsigned char> out(as.size(), 7);
            size_t n = col_overlap_many_unchecked(k1, pa.data(), k2, pb.data(), false, as.size(), out.data());
            size_t expect = 0;
            for (size_t i = 0; i < as.size(); ++i) {
                bool want = col_overlap(&as[i], &bs[i]);
                expect += want;
                ASSERT_EQ(out[i], want ? 1 : 0)
                    << col_shape_kind_name(k1) << " vs " << col_shape_kind_name(k2) << " #" << i;
                // one pair at a time (the Lua binding's collide.overlap)
                ASSERT_EQ(col_overlap_unchecked(k1, pa.data() + i * col_shape_kind_size(k1), k2,
                                                pb.data() + i * col_shape_kind_size(k2)),
                          want)
                    << col_shape_kind_name(k1) << " vs " << col_shape_kind_name(k2) << " #" << i;
            }
            EXPECT_EQ(n, expect);
            checked += static_cast<long>(as.size());
        }
    EXPECT_GT(checked, 1000);
    // invalid shapes: unspecified answers, but a defined call (no crash, 0 or 1)
    col_sphere bad[2] = {{{R(kNaN), 0, 0}, 1}, {{0, 0, 0}, R(-kInf)}};
    unsigned char out[2] = {7, 7};
    col_overlap_many_unchecked(COL_SHAPE_SPHERE, bad, COL_SHAPE_SPHERE, bad, false, 2, out);
    EXPECT_LE(out[0], 1);
    EXPECT_LE(out[1], 1);
    (void)col_overlap_unchecked(COL_SHAPE_SPHERE, &bad[0], COL_SHAPE_SPHERE, &bad[1]); // defined, any answer
    // NULL, an unsupported pair and a kind out of range answer no
    EXPECT_FALSE(col_overlap_unchecked(COL_SHAPE_SPHERE, nullptr, COL_SHAPE_SPHERE, &bad[1]));
    col_plane pl = {{0, 0, 1}, 0};
    EXPECT_FALSE(col_overlap_supported(COL_SHAPE_PLANE, COL_SHAPE_PLANE));
    EXPECT_FALSE(col_overlap_unchecked(COL_SHAPE_PLANE, &pl, COL_SHAPE_PLANE, &pl));
    EXPECT_FALSE(
        col_overlap_unchecked(static_cast<col_shape_kind>(COL_SHAPE_KIND_COUNT), &pl, COL_SHAPE_SPHERE, &bad[1]));
}

// The sphere pairs' batch, two pairs at a time in the double build (its
// validity by the sums of the magnitudes, its filter lane by lane): every
// answer as col_overlap_sphere_sphere's, checked and unchecked, on pairs
// touching exactly and moved by an ulp (in doubt: the exact test), valid
// spheres whose numbers sum beyond COL_HUGE, invalid ones beside valid ones
// in the other lane, radii 0, -0 and negative, odd counts and one b.
// (each lanes' path: the widest the CPU has, then two)
class SpherePairs : public ::testing::TestWithParam<int> {
  protected:
    void SetUp() override { col__batch_lanes_force(GetParam()); }
    void TearDown() override { col__batch_lanes_force(0); }
};
INSTANTIATE_TEST_SUITE_P(OverlapMany, SpherePairs, ::testing::Values(0, 2));

TEST_P(SpherePairs, AnswerAsTheOnePairTest) {
    const col_real H = (col_real)COL_HUGE;
    std::mt19937_64 rng(41);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<col_sphere> as, bs;
    for (int i = 0; i < 6000; ++i) {
        col_real scale = R(i % 3 == 0 ? 1.0 : (i % 3 == 1 ? 1024.0 : 1.0 / 64));
        col_sphere a = {V(scale * u(rng), scale * u(rng), scale * u(rng)), scale * R(u(rng) + 1)};
        col_sphere b = {V(scale * u(rng), scale * u(rng), scale * u(rng)), scale * R(u(rng) + 1)};
        // a third plain pairs (the lanes' own answers: a block of pairs with
        // one in doubt or a number beyond COL_HUGE is answered again pair by
        // pair), a third plain with a negative radius here and there (the
        // lanes' own test), the last the cases below at random, beside
        // every other
        int kind = i < 2000 ? 10 : (i < 4000 ? (i % 37 == 0 ? 4 : 10) : static_cast<int>(rng() % 11));
        switch (kind) {
        case 0: // touching exactly along x (dyadic numbers: exact sums), then an ulp apart or into it
        case 1:
        case 2:
            a = {V(R(0.5), R(0.25), 0), R(0.75)};
            b = {V(R(2.0), R(0.25), 0), R(0.75)};
            if (kind == 1) b.c.x = std::nextafter(b.c.x, R(3));
            if (kind == 2) b.c.x = std::nextafter(b.c.x, R(0));
            break;
        case 3: // valid, but the sixteen magnitudes sum beyond COL_HUGE
            a.c = V(R(0.9) * H, R(-0.9) * H, R(0.5) * H);
            b.c = V(R(0.9) * H, R(-0.9) * H, R(0.5) * H - 1);
            break;
        case 4: a.r = R(-1); break; // invalid beside a valid lane
        case 5: b.c.y = std::nextafter(H, R(kInf)); break;
        case 6: a.c.z = R(kNaN); break;
        case 7: b.r = R(-0.0); break;
        case 8: a.r = 0, b.r = 0, b.c = a.c; break; // two points, the same
        default: break;
        }
        as.push_back(a);
        bs.push_back(b);
    }
    for (size_t count : {as.size(), as.size() - 1, size_t{1}, size_t{3}}) {
        std::vector<unsigned char> out(count, 7), outu(count, 7), out1(count, 7);
        size_t n = col_overlap_many(COL_SHAPE_SPHERE, as.data(), COL_SHAPE_SPHERE, bs.data(), false, count, out.data());
        col_overlap_many_unchecked(COL_SHAPE_SPHERE, as.data(), COL_SHAPE_SPHERE, bs.data(), false, count, outu.data());
        size_t n1 = col_overlap_many(COL_SHAPE_SPHERE, as.data(), COL_SHAPE_SPHERE, &bs[0], true, count, out1.data());
        size_t expect = 0, expect1 = 0;
        for (size_t i = 0; i < count; ++i) {
            bool want = col_overlap_sphere_sphere(&as[i], &bs[i]), want1 = col_overlap_sphere_sphere(&as[i], &bs[0]);
            expect += want;
            expect1 += want1;
            ASSERT_EQ(out[i], want ? 1 : 0) << i;
            ASSERT_EQ(out1[i], want1 ? 1 : 0) << i;
            if (col_sphere_is_valid(&as[i]) && col_sphere_is_valid(&bs[i])) {
                ASSERT_EQ(outu[i], want ? 1 : 0) << i;
            }
        }
        EXPECT_EQ(n, expect);
        EXPECT_EQ(n1, expect1);
        if (count > 100) {
            EXPECT_GT(expect, count / 5);
            EXPECT_LT(expect, count - count / 5);
        }
    }
    // the touching pair meets, an ulp apart it does not (the exact decision)
    col_sphere t[3] = {{V(R(0.5), R(0.25), 0), R(0.75)}, {V(R(2.0), R(0.25), 0), R(0.75)}, {V(0, 0, 0), 0}};
    t[2] = t[1];
    t[2].c.x = std::nextafter(R(2.0), R(3));
    col_sphere ta[2] = {t[0], t[0]}, tb[2] = {t[1], t[2]};
    unsigned char o[2] = {7, 7};
    EXPECT_EQ(col_overlap_many(COL_SHAPE_SPHERE, ta, COL_SHAPE_SPHERE, tb, false, 2, o), 1u);
    EXPECT_EQ(o[0], 1);
    EXPECT_EQ(o[1], 0);
}

// The segment pairs' batch (segment-AABB and segment-triangle, either
// order; four pairs at a time where the CPU has AVX2, each lane's sure
// answer the exact one, the pairs in doubt by the one-pair test): every
// answer as the static test's, checked and unchecked, one against many and
// both orders, on pairs built to touch exactly (an end on a face, the
// segment through an edge or a vertex, on a dyadic grid; far from the
// origin too), moved by an ulp either way, pairs grazing a random edge
// within rounding (only the exact test can decide them), segments that are
// points, triangles degenerate and nearly so, invalid shapes beside valid
// ones and pairs scaled past COL_HUGE; the lanes decide nearly every plain
// pair themselves.
class SegmentPairs : public ::testing::TestWithParam<int> {
  protected:
    void SetUp() override { col__batch_lanes_force(GetParam()); }
    void TearDown() override { col__batch_lanes_force(0); }
};
INSTANTIATE_TEST_SUITE_P(OverlapMany, SegmentPairs, ::testing::Values(0, 2));

namespace {

col_real Ulp(col_real x, int dir) { return std::nextafter(x, dir > 0 ? R(kInf) : -R(kInf)); }

// Checks the batch of segments s[i] against shapes o[i] of kind ko (col_aabb
// or col_triangle, packed) against the one-pair static test, every form.
template <typename T>
void ExpectSegmentBatch(const std::vector<col_segment> &s, const std::vector<T> &o, col_shape_kind ko,
                        bool (*one)(const col_segment *, const T *)) {
    for (size_t count : {s.size(), s.size() - 1, size_t{1}, size_t{3}, size_t{5}}) {
        std::vector<unsigned char> o1(count, 7), o2(count, 7), ou(count, 7), os(count, 7), os2(count, 7);
        size_t n1 = col_overlap_many(COL_SHAPE_SEGMENT, s.data(), ko, o.data(), false, count, o1.data());
        size_t n2 = col_overlap_many(ko, o.data(), COL_SHAPE_SEGMENT, s.data(), false, count, o2.data());
        col_overlap_many_unchecked(COL_SHAPE_SEGMENT, s.data(), ko, o.data(), false, count, ou.data());
        // one shape against every segment, and one segment against every shape
        size_t ns = col_overlap_many(COL_SHAPE_SEGMENT, s.data(), ko, &o[1], true, count, os.data());
        size_t ns2 = col_overlap_many(ko, o.data(), COL_SHAPE_SEGMENT, &s[2], true, count, os2.data());
        size_t e = 0, es = 0, es2 = 0;
        for (size_t i = 0; i < count; ++i) {
            bool want = one(&s[i], &o[i]), wants = one(&s[i], &o[1]), wants2 = one(&s[2], &o[i]);
            e += want, es += wants, es2 += wants2;
            ASSERT_EQ(o1[i], want ? 1 : 0) << i;
            ASSERT_EQ(o2[i], want ? 1 : 0) << i;
            ASSERT_EQ(os[i], wants ? 1 : 0) << i;
            ASSERT_EQ(os2[i], wants2 ? 1 : 0) << i;
            col_shape a = {}, b = {};
            a.kind = COL_SHAPE_SEGMENT, a.u.segment = s[i];
            b.kind = ko;
            std::memcpy(&b.u, &o[i], sizeof(T));
            if (col_shape_is_valid(&a) && col_shape_is_valid(&b)) {
                ASSERT_EQ(ou[i], want ? 1 : 0) << i;
            }
        }
        EXPECT_EQ(n1, e);
        EXPECT_EQ(n2, e);
        EXPECT_EQ(ns, es);
        EXPECT_EQ(ns2, es2);
    }
}

bool SegAabb(const col_segment *s, const col_aabb *b) { return col_overlap_aabb_segment(b, s); }

// The plain pairs s[i], o[i] (near contact, not built to touch): between a
// 1/min_share and four fifths of them meet, and the lanes decide all but 1%
// themselves (none go to them where the pairs go one at a time).
template <typename T>
void ExpectLanesDecide(const std::vector<col_segment> &s, const std::vector<T> &o, col_shape_kind ko,
                       size_t min_share) {
    size_t plain = s.size();
    unsigned long before = col__batch_segment_doubts();
    std::vector<unsigned char> out(plain);
    size_t hits = col_overlap_many(COL_SHAPE_SEGMENT, s.data(), ko, o.data(), false, plain, out.data());
    unsigned long doubts = col__batch_segment_doubts() - before;
    EXPECT_GT(hits, plain / min_share);
    EXPECT_LT(hits, plain - plain / 5);
    EXPECT_LT(doubts, plain / 100);
}

} // namespace

TEST_P(SegmentPairs, SegmentAabbAnswersAsTheStaticTest) {
    std::mt19937_64 rng(43);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<col_segment> s;
    std::vector<col_aabb> b;
    const col_real H = (col_real)COL_HUGE;
    // plain pairs near contact at three scales, the largest far from the
    // origin too (the lanes decide them; the filter's bound is absolute, so
    // a small box far out is for the exact test)
    for (int i = 0; i < 4000; ++i) {
        double sc = i % 3 == 0 ? 1.0 : (i % 3 == 1 ? 1024.0 : 1.0 / 64), off = i % 3 == 1 && i % 2 ? 1e6 : 0.0;
        col_vec3 c = V(off + sc * u(rng), sc * u(rng), sc * u(rng));
        col_vec3 h = V(sc * (0.6 + 0.4 * u(rng)), sc * (0.6 + 0.4 * u(rng)), sc * (0.6 + 0.4 * u(rng)));
        b.push_back({col_v3_sub(c, h), col_v3_add(c, h)});
        s.push_back({V(off + 2 * sc * u(rng), 2 * sc * u(rng), 2 * sc * u(rng)),
                     V(off + 2 * sc * u(rng), 2 * sc * u(rng), 2 * sc * u(rng))});
    }
    ExpectLanesDecide(s, b, COL_SHAPE_AABB, 5);
    // grazing an edge of a random box within rounding (through a point of
    // the edge, the ends rounded): the exact test decides, the lanes must
    // not trust their rounded signs
    for (int i = 0; i < 2000; ++i) {
        col_vec3 lo = V(u(rng), u(rng), u(rng)), hi = col_v3_add(lo, V(1 + u(rng), 1 + u(rng), 1 + u(rng)));
        int k = i % 3, j = (k + 1) % 3;
        col_vec3 x = lo;
        for (int c = 0; c < 3; ++c) {
            col_real w = c == k ? col_v3_get(hi, c) : (c == j ? col_v3_get(lo, c) : R(0.5) * (lo.z + hi.z));
            if (c == 0) x.x = w;
            if (c == 1) x.y = w;
            if (c == 2) x.z = w;
        }
        // p beyond the face hi_k within slab j, q beyond lo_j within slab
        // k: the line touches the box along the edge alone (a little along it)
        col_vec3 w = V(0, 0, 0);
        col_real *pw = &w.x;
        pw[k] = R(0.5 + 0.5 * (u(rng) + 1));
        pw[j] = R(0.5 + 0.5 * (u(rng) + 1));
        pw[(k + 2) % 3] = R(0.1 * u(rng));
        s.push_back({col_v3_add(x, w), col_v3_sub(x, w)});
        b.push_back({lo, hi});
    }
    // built to touch exactly on the grid, then moved by an ulp either way
    for (double off : {0.0, 1048576.0, -3.0}) {
        col_aabb box = {V(off, 0, 0), V(off + 1, 1, 1)};
        for (int dir : {0, -1, 1}) {
            col_real x = R(off);
            if (dir) x = Ulp(x, dir);
            // an end on the face x = off
            s.push_back({V(off - 1, 0.5, 0.25), col_v3(x, R(0.5), R(0.25))}), b.push_back(box);
            // through the edge x = off + 1, y = 1 at z = 0.5 (only the cross axis separates when apart)
            s.push_back(
                {V(off + 2, 0, 0.5), col_v3(Ulp(R(off), 0) + (dir ? Ulp(R(off + 1), dir) - R(off) : 1), 2, 0.5)}),
                b.push_back(box);
            s.push_back({col_v3(dir ? Ulp(R(off + 2), dir) : R(off + 2), 0, R(0.5)), V(off, 2, 0.5)}), b.push_back(box);
            // through the corner (off + 1, 1, 1) along (1, 1, 1)'s diagonal of a face pair
            s.push_back({V(off + 2, 0, 2), col_v3(R(off), R(2), dir ? Ulp(R(0), dir) : R(0))}), b.push_back(box);
            // a point on the face, in the box, beside it
            s.push_back({col_v3(x, R(0.5), R(0.5)), col_v3(x, R(0.5), R(0.5))}), b.push_back(box);
        }
    }
    // invalid shapes beside valid ones
    col_segment s0 = s[0];
    col_aabb b0 = b[0];
    for (int k = 0; k < 6; ++k) {
        col_segment bad = s0;
        col_aabb badb = b0;
        col_real *ps = &bad.a.x + k, *pb = &badb.min.x + k;
        *ps = R(k % 3 == 0 ? kNaN : (k % 3 == 1 ? kInf : 2 * static_cast<double>(H)));
        s.push_back(bad), b.push_back(b0);
        s.push_back(s0), b.push_back(b0);
        *pb = R(k % 2 ? -kInf : kNaN);
        s.push_back(s0), b.push_back(badb);
    }
    col_aabb flipped = b0;
    std::swap(flipped.min.y, flipped.max.y);
    s.push_back(s0), b.push_back(flipped);
    // a crossing pair scaled by 2^150 (valid) and 2^170 (every number past
    // COL_HUGE, finite: the geometry alone would say they meet)
    if (sizeof(col_real) == sizeof(double))
        for (int e : {150, 170}) {
            double k = std::ldexp(1.0, e);
            for (int copy = 0; copy < 4; ++copy) { // (four: some in the lanes, whatever the count)
                s.push_back({V(-k, 0.5 * k, 0.5 * k), V(2 * k, 0.25 * k, 0.75 * k)});
                b.push_back({V(0, 0, 0), V(k, k, k)});
            }
        }
    ExpectSegmentBatch(s, b, COL_SHAPE_AABB, SegAabb);
    if (sizeof(col_real) == sizeof(double)) {
        EXPECT_TRUE(SegAabb(&s[s.size() - 5], &b[b.size() - 5]));
        EXPECT_FALSE(SegAabb(&s.back(), &b.back()));
    }
}

TEST_P(SegmentPairs, SegmentTriangleAnswersAsTheStaticTest) {
    std::mt19937_64 rng(47);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<col_segment> s;
    std::vector<col_triangle> t;
    for (int i = 0; i < 4000; ++i) {
        double sc = i % 3 == 0 ? 1.0 : (i % 3 == 1 ? 1024.0 : 1.0 / 64), off = i % 2 ? 0.0 : 1e6;
        t.push_back({V(off + sc * u(rng), sc * u(rng), sc * u(rng)), V(off + sc * u(rng), sc * u(rng), sc * u(rng)),
                     V(off + sc * u(rng), sc * u(rng), sc * u(rng))});
        s.push_back({V(off + sc * u(rng), sc * u(rng), sc * u(rng)), V(off + sc * u(rng), sc * u(rng), sc * u(rng))});
    }
    ExpectLanesDecide(s, t, COL_SHAPE_TRIANGLE, 10);
    // grazing an edge of a random triangle within rounding (through a point
    // rounded onto the edge, the ends rounded): the exact test decides
    for (int i = 0; i < 2000; ++i) {
        col_triangle tri = {V(u(rng), u(rng), u(rng)), V(u(rng), u(rng), u(rng)), V(u(rng), u(rng), u(rng))};
        col_vec3 x = col_v3_lerp(tri.a, tri.b, R(0.5 + 0.4 * u(rng)));
        col_vec3 w = V(u(rng), u(rng), u(rng));
        s.push_back({col_v3_add(x, w), col_v3_sub(x, col_v3_scale(w, R(0.5 + 0.4 * u(rng))))});
        t.push_back(tri);
    }
    for (double off : {0.0, 1048576.0, -3.0}) {
        col_triangle tri = {V(off, 0, 0), V(off + 1, 0, 0), V(off, 1, 0)};
        for (int dir : {0, -1, 1}) {
            col_real z = dir ? Ulp(R(0), dir) : R(0), y = dir ? Ulp(R(0), dir) : R(0);
            s.push_back({V(off + 0.25, 0.25, 1), col_v3(R(off + 0.25), R(0.25), z)}), t.push_back(tri); // an end inside
            s.push_back({col_v3(R(off + 0.5), y, R(1)), V(off + 0.5, 0, -1)}), t.push_back(tri); // through an edge
            s.push_back({col_v3(R(off + 0.5), y, R(1)), col_v3(R(off + 0.5), y, R(-1))}), t.push_back(tri);
            s.push_back({V(off + 0.5, 0.5, 1), col_v3(R(off + 0.5), dir ? Ulp(R(0.5), dir) : R(0.5), R(-1))}),
                t.push_back(tri); // through the hypotenuse
            s.push_back({V(off - 1, 1, 1), col_v3(dir ? Ulp(R(off + 1), dir) : R(off + 1), R(-1), R(-1))}),
                t.push_back(tri); // through the vertex (off, 0, 0)
            s.push_back({V(off + 0.25, 0.25, 0), col_v3(R(off + 2), R(0.25), z)}), t.push_back(tri); // in the plane
            s.push_back({col_v3(R(off + 0.25), R(0.25), z), col_v3(R(off + 0.25), R(0.25), z)}), t.push_back(tri);
            // degenerate: collinear, and a sliver nearly so
            col_triangle line = {V(off, 0, 0), V(off + 1, 1, 0), V(off + 2, 2, 0)};
            col_triangle sliver = {V(off, 0, 0), V(off + 2, 2, 0), col_v3(R(off + 1), Ulp(R(1), dir ? dir : 1), R(0))};
            s.push_back({V(off + 1, 1, 1), col_v3(R(off + 1), R(1), z)}), t.push_back(line);
            s.push_back({V(off + 1, 1, 1), col_v3(R(off + 1), R(1), z)}), t.push_back(sliver);
            s.push_back({V(off, 2, 0), V(off + 2, 0, 0)}), t.push_back(sliver);
        }
    }
    col_segment s0 = s[0];
    col_triangle t0 = t[0];
    for (int k = 0; k < 9; ++k) {
        col_segment bad = s0;
        col_triangle badt = t0;
        if (k < 6) (&bad.a.x)[k] = R(k % 3 == 0 ? kNaN : (k % 3 == 1 ? -kInf : 2 * static_cast<double>(COL_HUGE)));
        (&badt.a.x)[k] = R(k % 2 ? kInf : kNaN);
        s.push_back(bad), t.push_back(t0);
        s.push_back(s0), t.push_back(t0);
        s.push_back(s0), t.push_back(badt);
    }
    if (sizeof(col_real) == sizeof(double))
        for (int e : {150, 170}) { // valid, then past COL_HUGE (as for the boxes)
            double k = std::ldexp(1.0, e);
            for (int copy = 0; copy < 4; ++copy) {
                s.push_back({V(0.25 * k, 0.25 * k, k), V(0.25 * k, 0.25 * k, -k)});
                t.push_back({V(0, 0, 0), V(k, 0, 0), V(0, k, 0)});
            }
        }
    ExpectSegmentBatch(s, t, COL_SHAPE_TRIANGLE, col_overlap_segment_triangle);
    if (sizeof(col_real) == sizeof(double)) {
        EXPECT_TRUE(col_overlap_segment_triangle(&s[s.size() - 5], &t[t.size() - 5]));
        EXPECT_FALSE(col_overlap_segment_triangle(&s.back(), &t.back()));
    }
}

TEST(OverlapMany, DegenerateCallsAnswerNo) {
    col_sphere s[2] = {{{0, 0, 0}, 1}, {{0.5, 0, 0}, 1}};
    unsigned char out[2] = {9, 9};
    EXPECT_EQ(col_overlap_many(COL_SHAPE_SPHERE, s, COL_SHAPE_SPHERE, s, false, 0, out), 0u);
    EXPECT_EQ(out[0], 9); // count 0 writes nothing
    EXPECT_EQ(col_overlap_many(COL_SHAPE_SPHERE, s, COL_SHAPE_SPHERE, s, true, 2, out), 2u);
    EXPECT_EQ(out[0], 1);
    EXPECT_EQ(out[1], 1);
    EXPECT_EQ(col_overlap_many(COL_SHAPE_SPHERE, nullptr, COL_SHAPE_SPHERE, s, false, 2, out), 0u);
    EXPECT_EQ(out[0], 0);
    EXPECT_EQ(out[1], 0);
    out[0] = out[1] = 9;
    EXPECT_EQ(col_overlap_many(COL_SHAPE_PLANE, s, COL_SHAPE_PLANE, s, false, 2, out), 0u); // unsupported pair
    EXPECT_EQ(out[0], 0);
    out[0] = 9;
    EXPECT_EQ(col_overlap_many(COL_SHAPE_KIND_COUNT, s, COL_SHAPE_SPHERE, s, false, 2, out), 0u);
    EXPECT_EQ(out[0], 0);
}
