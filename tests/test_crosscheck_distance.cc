// Seeded random cross-checks of the distance-based tests (spheres, capsules,
// Arvo's box-sphere, sphere-triangle) against independent long-double
// distance oracles written differently from the library (segment-segment by
// endpoint distances plus the interior critical point; point-triangle by
// projection and edge distances; point-box by clamping). Random pairs and the
// same pairs moved into near contact (B shifted along the closest-point
// direction to +-4 bands of contact). Outside a band of 16 ulps of the
// coordinates the library must agree with the oracle; hit rates stay in 20-80%.
#include "crosscheck.h"

using namespace ct;

namespace {

// Closest point on segment ab to p.
P OnSegment(P p, P a, P b) {
    P ab = Sub(b, a);
    LD den = Dot(ab, ab);
    if (den == 0) return a;
    LD t = std::clamp(Dot(Sub(p, a), ab) / den, LD(0), LD(1));
    return Add(a, Mul(ab, t));
}

// Closest pair between segments: the best of the four endpoint projections and,
// when the lines are not parallel, the lines' critical point if it lies inside both.
std::pair<P, P> SegSeg(P a0, P a1, P b0, P b1) {
    std::pair<P, P> best = {a0, OnSegment(a0, b0, b1)};
    auto consider = [&](P x, P y) {
        if (Len(Sub(x, y)) < Len(Sub(best.first, best.second))) best = {x, y};
    };
    consider(a1, OnSegment(a1, b0, b1));
    consider(OnSegment(b0, a0, a1), b0);
    consider(OnSegment(b1, a0, a1), b1);
    P d1 = Sub(a1, a0), d2 = Sub(b1, b0), r = Sub(a0, b0);
    LD a = Dot(d1, d1), e = Dot(d2, d2), b = Dot(d1, d2), c = Dot(d1, r), f = Dot(d2, r);
    LD den = a * e - b * b;
    if (den > 1e-24L * a * e) {
        LD s = (b * f - c * e) / den, t = (a * f - b * c) / den;
        if (s >= 0 && s <= 1 && t >= 0 && t <= 1) consider(Add(a0, Mul(d1, s)), Add(b0, Mul(d2, t)));
    }
    return best;
}

// Closest point of triangle abc to p: inside the prism -> projection; else nearest edge point.
P OnTriangle(P p, P a, P b, P c) {
    P n = Cross(Sub(b, a), Sub(c, a));
    LD nn = Dot(n, n);
    if (nn > 0) {
        P q = Sub(p, Mul(n, Dot(Sub(p, a), n) / nn));
        bool in = Dot(Cross(Sub(b, a), Sub(q, a)), n) >= 0 && Dot(Cross(Sub(c, b), Sub(q, b)), n) >= 0 &&
                  Dot(Cross(Sub(a, c), Sub(q, c)), n) >= 0;
        if (in) return q;
    }
    P best = OnSegment(p, a, b);
    for (P x : {OnSegment(p, b, c), OnSegment(p, c, a)})
        if (Len(Sub(p, x)) < Len(Sub(p, best))) best = x;
    return best;
}

// Closest point of the box {c + sum s_k e_k u_k, |s_k| <= 1} to p, by clamping in the box frame.
P OnObb(P p, const col_obb &b) {
    P c = ToP(b.c), d = Sub(p, c), q = c;
    for (int k = 0; k < 3; ++k) {
        P u = ToP(b.u[k]);
        LD e = col_v3_get(b.e, k);
        q = Add(q, Mul(u, std::clamp(Dot(d, u), -e, e)));
    }
    return q;
}

// Oracle: distance between the cores and the unit direction from A's closest point to B's.
struct Witness {
    LD dist;
    P dir;
};
Witness Between(P a, P b) {
    P d = Sub(b, a);
    LD l = Len(d);
    return {l, l > 0 ? Mul(d, 1 / l) : P{1, 0, 0}};
}

// oracle(a, b) -> Witness between the cores; radii(a, b) -> sum of radii.
template <class Make, class Oracle, class Radii, class Move, class Query>
void CrossCheck(const char *name, Make make, Oracle oracle, Radii radii, Move move, Query query) {
    RunCrossCheck(
        name, 0xd15c, make,
        [&](const auto &a, const auto &b, P *dir) {
            Witness w = oracle(a, b);
            *dir = w.dir;
            return w.dist - radii(a, b);
        },
        move, query);
}

void MoveSphere(col_sphere &s, col_vec3 t) { s.c = col_v3_add(s.c, t); }

col_sphere RandSphere(Gen &g, col_vec3 o, double spread) {
    return {col_v3_add(o, g.Vec(-spread, spread)), R(g.U(0.05, 1))};
}
col_capsule RandCapsule(Gen &g, col_vec3 o, double spread) {
    col_vec3 c = col_v3_add(o, g.Vec(-spread, spread));
    return {col_v3_add(c, g.Vec(-1, 1)), col_v3_add(c, g.Vec(-1, 1)), R(g.U(0.05, 0.5))};
}

} // namespace

TEST(DistanceCrossCheck, SphereSphere) {
    CrossCheck(
        "sphere-sphere",
        [](Gen &g, col_vec3 o) { return std::make_pair(RandSphere(g, o, 1.5), RandSphere(g, o, 1.5)); },
        [](const col_sphere &a, const col_sphere &b) { return Between(ToP(a.c), ToP(b.c)); },
        [](const col_sphere &a, const col_sphere &b) { return LD(a.r) + LD(b.r); }, MoveSphere,
        [](const col_sphere &a, const col_sphere &b) { return col_overlap_sphere_sphere(&a, &b); });
}

TEST(DistanceCrossCheck, CapsuleSphere) {
    CrossCheck(
        "capsule-sphere",
        [](Gen &g, col_vec3 o) { return std::make_pair(RandCapsule(g, o, 1.2), RandSphere(g, o, 1.2)); },
        [](const col_capsule &a, const col_sphere &b) {
            return Between(OnSegment(ToP(b.c), ToP(a.a), ToP(a.b)), ToP(b.c));
        },
        [](const col_capsule &a, const col_sphere &b) { return LD(a.r) + LD(b.r); }, MoveSphere,
        [](const col_capsule &a, const col_sphere &b) { return col_overlap_capsule_sphere(&a, &b); });
}

TEST(DistanceCrossCheck, CapsuleCapsule) {
    CrossCheck(
        "capsule-capsule",
        [](Gen &g, col_vec3 o) { return std::make_pair(RandCapsule(g, o, 1.2), RandCapsule(g, o, 1.2)); },
        [](const col_capsule &a, const col_capsule &b) {
            auto pq = SegSeg(ToP(a.a), ToP(a.b), ToP(b.a), ToP(b.b));
            return Between(pq.first, pq.second);
        },
        [](const col_capsule &a, const col_capsule &b) { return LD(a.r) + LD(b.r); },
        [](col_capsule &c, col_vec3 t) {
            c.a = col_v3_add(c.a, t);
            c.b = col_v3_add(c.b, t);
        },
        [](const col_capsule &a, const col_capsule &b) { return col_overlap_capsule_capsule(&a, &b); });
}

TEST(DistanceCrossCheck, AabbSphereArvo) {
    CrossCheck(
        "aabb-sphere",
        [](Gen &g, col_vec3 o) {
            col_vec3 c = col_v3_add(o, g.Vec(-1.2, 1.2)), e = g.Vec(0.1, 1);
            col_aabb b = {col_v3_sub(c, e), col_v3_add(c, e)};
            return std::make_pair(b, RandSphere(g, o, 1.2));
        },
        [](const col_aabb &a, const col_sphere &s) {
            P p = ToP(s.c), q = {std::clamp(p.x, LD(a.min.x), LD(a.max.x)), std::clamp(p.y, LD(a.min.y), LD(a.max.y)),
                                 std::clamp(p.z, LD(a.min.z), LD(a.max.z))};
            return Between(q, p);
        },
        [](const col_aabb &, const col_sphere &s) { return LD(s.r); }, MoveSphere,
        [](const col_aabb &a, const col_sphere &s) { return col_overlap_aabb_sphere(&a, &s); });
}

TEST(DistanceCrossCheck, ObbSphere) {
    CrossCheck(
        "obb-sphere",
        [](Gen &g, col_vec3 o) {
            col_obb b = col_obb_make(col_v3_add(o, g.Vec(-1.2, 1.2)), g.Vec(0.1, 1), g.Rotation());
            return std::make_pair(b, RandSphere(g, o, 1.2));
        },
        [](const col_obb &b, const col_sphere &s) { return Between(OnObb(ToP(s.c), b), ToP(s.c)); },
        [](const col_obb &, const col_sphere &s) { return LD(s.r); }, MoveSphere,
        [](const col_obb &b, const col_sphere &s) { return col_overlap_obb_sphere(&b, &s); });
}

TEST(DistanceCrossCheck, SphereTriangle) {
    CrossCheck(
        "sphere-triangle",
        [](Gen &g, col_vec3 o) {
            col_vec3 c = col_v3_add(o, g.Vec(-0.8, 0.8));
            col_triangle t = {col_v3_add(c, g.Vec(-1, 1)), col_v3_add(c, g.Vec(-1, 1)), col_v3_add(c, g.Vec(-1, 1))};
            return std::make_pair(t, RandSphere(g, o, 0.8));
        },
        [](const col_triangle &t, const col_sphere &s) {
            return Between(OnTriangle(ToP(s.c), ToP(t.a), ToP(t.b), ToP(t.c)), ToP(s.c));
        },
        [](const col_triangle &, const col_sphere &s) { return LD(s.r); }, MoveSphere,
        [](const col_triangle &t, const col_sphere &s) { return col_overlap_sphere_triangle(&s, &t); });
}

namespace {

// Oracle extent [lo, hi] of signed distances n.x - d over a shape, in long double.
std::pair<LD, LD> Extent(const col_shape &s, P n, LD d) {
    auto sd = [&](P x) { return Dot(n, x) - d; };
    LD lo = 1e300L, hi = -1e300L;
    auto add = [&](LD v) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    };
    switch (s.kind) {
    case COL_SHAPE_SPHERE:
        add(sd(ToP(s.u.sphere.c)) - s.u.sphere.r);
        add(sd(ToP(s.u.sphere.c)) + s.u.sphere.r);
        break;
    case COL_SHAPE_CAPSULE:
        for (col_vec3 e : {s.u.capsule.a, s.u.capsule.b}) {
            add(sd(ToP(e)) - s.u.capsule.r);
            add(sd(ToP(e)) + s.u.capsule.r);
        }
        break;
    case COL_SHAPE_TRIANGLE:
        for (col_vec3 e : {s.u.triangle.a, s.u.triangle.b, s.u.triangle.c}) add(sd(ToP(e)));
        break;
    case COL_SHAPE_OBB:
        for (int i = 0; i < 8; ++i) {
            P c = ToP(s.u.obb.c);
            for (int k = 0; k < 3; ++k)
                c = Add(c, Mul(ToP(s.u.obb.u[k]), ((i >> k) & 1 ? 1 : -1) * LD(col_v3_get(s.u.obb.e, k))));
            add(sd(c));
        }
        break;
    case COL_SHAPE_ELLIPSOID: {
        P r = ToP(s.u.ellipsoid.r);
        LD k = std::sqrt(n.x * n.x * r.x * r.x + n.y * n.y * r.y * r.y + n.z * n.z * r.z * r.z);
        add(sd(ToP(s.u.ellipsoid.c)) - k);
        add(sd(ToP(s.u.ellipsoid.c)) + k);
        break;
    }
    default: break;
    }
    return {lo, hi};
}

} // namespace

TEST(DistanceCrossCheck, PlaneClassification) {
    for (double off : {0.0, 1e3, 1e6}) {
        if (sizeof(col_real) == sizeof(float) && off > 1e3) continue;
        Gen g(0x91a + static_cast<uint64_t>(off));
        col_vec3 o = V(off, -off, off);
        int counts[3] = {0, 0, 0}, checked = 0;
        for (int i = 0; i < 3000; ++i) {
            col_shape s{};
            switch (i % 5) {
            case 0:
                s = Sphere(0, 0, 0, g.U(0.1, 1));
                s.u.sphere.c = col_v3_add(o, g.Vec(-1, 1));
                break;
            case 1: s = Capsule(col_v3_add(o, g.Vec(-1, 1)), col_v3_add(o, g.Vec(-1, 1)), g.U(0.05, 0.5)); break;
            case 2:
                s = Triangle(col_v3_add(o, g.Vec(-1, 1)), col_v3_add(o, g.Vec(-1, 1)), col_v3_add(o, g.Vec(-1, 1)));
                break;
            case 3: s = Obb(col_v3_add(o, g.Vec(-1, 1)), g.Vec(0.1, 1), g.Rotation()); break;
            default:
                s = Ellipsoid(0, 0, 0, g.U(0, 1), g.U(0, 1), g.U(0, 1));
                s.u.ellipsoid.c = col_v3_add(o, g.Vec(-1, 1));
            }
            col_plane pl = col_plane_make(g.Vec(-1, 1), R(0));
            pl.d = col_v3_dot(pl.n, col_v3_add(o, g.Vec(-1, 1)));
            for (int variant = 0; variant < 5; ++variant) {
                col_plane q = pl;
                P n = ToP(q.n);
                if (variant > 0) { // put the nearest or farthest extreme just in front of / behind the plane
                    auto ext = Extent(s, n, q.d);
                    LD edge = variant <= 2 ? ext.first : ext.second;
                    LD shift = edge + ((variant % 2) ? -4 : 4) * LD(Band(off));
                    q.d = R(static_cast<double>(LD(q.d) + shift));
                }
                auto ext = Extent(s, n, q.d);
                double band = Band(off);
                if (std::fabs(static_cast<double>(ext.first)) <= band ||
                    std::fabs(static_cast<double>(ext.second)) <= band)
                    continue;
                col_side want = ext.first > 0 ? COL_FRONT : (ext.second < 0 ? COL_BACK : COL_STRADDLE);
                col_side got = col_classify(&s, &q);
                ASSERT_EQ(got, want) << col_shape_kind_name(s.kind) << " case " << i << " variant " << variant
                                     << " offset " << off;
                ++counts[want + 1];
                ++checked;
            }
        }
        for (int c : counts) EXPECT_GT(c, checked / 10) << "offset " << off;
    }
}
