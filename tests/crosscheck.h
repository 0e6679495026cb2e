// Shared machinery of the seeded cross-checks (test_crosscheck*.cc): long
// double vectors for the oracles, a seeded generator, the rounding band, and
// the driver that runs random and near-contact pairs against an oracle.
#pragma once

#include <algorithm>
#include <random>
#include <utility>

#include "helpers.h"

namespace ct {

using LD = long double;
struct P {
    LD x, y, z;
};
inline P Add(P a, P b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline P Sub(P a, P b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline P Mul(P a, LD s) { return {a.x * s, a.y * s, a.z * s}; }
inline LD Dot(P a, P b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline P Cross(P a, P b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
inline LD Len(P a) { return std::sqrt(Dot(a, a)); }
inline P ToP(col_vec3 v) { return {v.x, v.y, v.z}; }
inline col_vec3 ToV(P p) { return V(static_cast<double>(p.x), static_cast<double>(p.y), static_cast<double>(p.z)); }

struct Gen {
    std::mt19937_64 rng;
    explicit Gen(uint64_t seed) : rng(seed) {}
    double U(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
    col_vec3 Vec(double lo, double hi) { return V(U(lo, hi), U(lo, hi), U(lo, hi)); }
    col_mat3 Rotation() { return col_m3_from_axis_angle(Vec(-1, 1), R(U(0, 6.3))); }
};

// The band within which rounding decides: 16 ulps of the largest coordinate.
inline double Band(double offset) { return 16 * static_cast<double>(COL_EPSILON) * (4 + std::fabs(offset)); }

// Runs 3000 random pairs at 0, 1e3 and 1e6 from the origin (1e6 is skipped in
// float, whose resolution there is 1/16), each also moved into near contact:
// B is shifted along the oracle's direction so that the pair is separated, or
// overlapping, by four bands. Outside the band the query must equal the
// oracle; hit rates stay within 20-80% and most near-contact cases count.
//   make(g, offset) -> std::pair<A, B>
//   oracle(a, b, &dir) -> gap (> 0 separated), dir: unit direction from A to B
//   move(b, translation);  query(a, b) -> bool
template <class Make, class Oracle, class Move, class Query>
void RunCrossCheck(const char *name, uint64_t seed, Make make, Oracle oracle, Move move, Query query) {
    for (double off : {0.0, 1e3, 1e6}) {
        if (sizeof(col_real) == sizeof(float) && off > 1e3) continue;
        Gen g(seed + static_cast<uint64_t>(off));
        col_vec3 o = V(off, -off, off);
        int checked = 0, hits = 0, skipped = 0, near = 0;
        for (int i = 0; i < CaseCount(3000); ++i) {
            auto ab = make(g, o);
            for (int variant = 0; variant < 3; ++variant) {
                auto a = ab.first;
                auto b = ab.second;
                if (variant > 0) {
                    P dir{0, 0, 0};
                    LD gap = oracle(a, b, &dir);
                    LD target = (variant == 1 ? 4 : -4) * static_cast<LD>(Band(off));
                    move(b, ToV(Mul(dir, target - gap)));
                }
                P unused{0, 0, 0};
                LD gap = oracle(a, b, &unused);
                if (std::fabs(static_cast<double>(gap)) <= Band(off)) {
                    ++skipped;
                    continue;
                }
                if (variant > 0 && std::fabs(static_cast<double>(gap)) < 100 * Band(off)) ++near;
                bool want = gap <= 0, got = query(a, b);
                ASSERT_EQ(got, want) << name << " case " << i << " variant " << variant << " offset " << off
                                     << " oracle gap " << static_cast<double>(gap);
                hits += got;
                ++checked;
            }
        }
        EXPECT_GT(hits, checked / 5) << name << " offset " << off;
        EXPECT_LT(hits, checked * 4 / 5) << name << " offset " << off;
        EXPECT_LT(skipped, checked / 10) << name << " offset " << off;
        EXPECT_GT(near, CaseCount(2000)) << name << " offset " << off << ": too few near-contact cases";
    }
}

} // namespace ct
