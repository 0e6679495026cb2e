// Seeded random cross-checks of the SAT tests against an independent oracle:
// a brute-force separating-axis search over the shapes' vertices, in long
// double, on every candidate axis (face normals, edge-edge cross products,
// in-plane edge normals), computed from scratch in world space. Pairs whose
// oracle gap lies within a small band of zero are skipped (rounding decides
// them); everywhere else the library must agree exactly. Hit rates are
// required to stay between 20% and 80% so the generators cannot drift into
// all-hit or all-miss. Scenes are also moved 1e3 and 1e6 from the origin.
#include <vector>

#include "crosscheck.h"

using namespace ct;

namespace {

// A convex polytope for the oracle: vertices, face normals, edge directions.
struct Poly {
    std::vector<P> v, normals, edges;
};

Poly BoxPoly(const col_obb &b) {
    Poly p;
    for (int i = 0; i < 8; ++i) {
        P c = ToP(b.c);
        for (int k = 0; k < 3; ++k) {
            LD s = ((i >> k) & 1) ? 1 : -1;
            LD e = col_v3_get(b.e, k);
            c.x += s * e * b.u[k].x;
            c.y += s * e * b.u[k].y;
            c.z += s * e * b.u[k].z;
        }
        p.v.push_back(c);
    }
    for (int k = 0; k < 3; ++k) {
        p.normals.push_back(ToP(b.u[k]));
        p.edges.push_back(ToP(b.u[k]));
    }
    return p;
}

Poly TriPoly(const col_triangle &t) {
    Poly p;
    p.v = {ToP(t.a), ToP(t.b), ToP(t.c)};
    P n = Cross(Sub(p.v[1], p.v[0]), Sub(p.v[2], p.v[0]));
    p.normals.push_back(n);
    for (int i = 0; i < 3; ++i) {
        P e = Sub(p.v[(i + 1) % 3], p.v[i]);
        p.edges.push_back(e);
        p.normals.push_back(Cross(n, e)); // in-plane edge normal
    }
    return p;
}

// Largest separation over all candidate axes, normalized: > 0 separated,
// <= 0 overlapping. *dir receives the unit axis of the largest separation,
// pointing from a towards b.
LD Gap(const Poly &a, const Poly &b, P *dir = nullptr) {
    // A superset of every pair's complete axis set (extra axes are harmless:
    // any axis that separates is a valid witness): face normals, edge x edge,
    // normal x edge (in-plane normals of flat shapes), and (e x f) x e, (e x f) x f
    // (the in-plane normals of two segments' Minkowski difference).
    std::vector<P> axes = a.normals;
    axes.insert(axes.end(), b.normals.begin(), b.normals.end());
    for (const P &e : a.edges)
        for (const P &f : b.edges) {
            P ef = Cross(e, f);
            axes.push_back(ef);
            axes.push_back(Cross(ef, e));
            axes.push_back(Cross(ef, f));
        }
    for (const P &n : a.normals)
        for (const P &f : b.edges) axes.push_back(Cross(n, f));
    for (const P &n : b.normals)
        for (const P &e : a.edges) axes.push_back(Cross(n, e));
    LD best = -1e300L;
    for (const P &L : axes) {
        LD len = std::sqrt(Dot(L, L));
        if (len < 1e-12L) continue;
        LD amin = 1e300L, amax = -1e300L, bmin = 1e300L, bmax = -1e300L;
        for (const P &v : a.v) {
            LD d = Dot(v, L) / len;
            amin = std::min(amin, d);
            amax = std::max(amax, d);
        }
        for (const P &v : b.v) {
            LD d = Dot(v, L) / len;
            bmin = std::min(bmin, d);
            bmax = std::max(bmax, d);
        }
        LD sep = std::max(bmin - amax, amin - bmax);
        if (sep > best) {
            best = sep;
            LD sgn = (bmin - amax >= amin - bmax) ? 1 : -1;
            if (dir) *dir = {sgn * L.x / len, sgn * L.y / len, sgn * L.z / len};
        }
    }
    return best;
}

col_obb RandBox(Gen &g, col_vec3 offset, double spread) {
    return col_obb_make(col_v3_add(offset, g.Vec(-spread, spread)), g.Vec(0.1, 1), g.Rotation());
}
col_triangle RandTri(Gen &g, col_vec3 offset, double spread) {
    col_vec3 c = col_v3_add(offset, g.Vec(-spread, spread));
    return {col_v3_add(c, g.Vec(-1, 1)), col_v3_add(c, g.Vec(-1, 1)), col_v3_add(c, g.Vec(-1, 1))};
}

Poly PolyOf(const col_obb &b) { return BoxPoly(b); }
Poly PolyOf(const col_triangle &t) { return TriPoly(t); }
Poly PolyOf(const col_aabb &a) { return BoxPoly(col_obb_from_aabb(&a)); }
Poly PolyOf(const col_segment &sg) {
    Poly p;
    p.v = {ToP(sg.a), ToP(sg.b)};
    p.edges = {Sub(p.v[1], p.v[0])};
    return p;
}
void Move(col_segment &sg, col_vec3 t) {
    sg.a = col_v3_add(sg.a, t);
    sg.b = col_v3_add(sg.b, t);
}
void Move(col_obb &b, col_vec3 t) { b.c = col_v3_add(b.c, t); }
void Move(col_triangle &x, col_vec3 t) {
    x.a = col_v3_add(x.a, t);
    x.b = col_v3_add(x.b, t);
    x.c = col_v3_add(x.c, t);
}

// Random A and B from two makers, the SAT oracle on their polytopes.
template <class MakeA, class MakeB, class Query>
void CrossCheck(const char *name, MakeA make_a, MakeB make_b, Query query) {
    RunCrossCheck(
        name, 0x5eed,
        [&](Gen &g, col_vec3 o) {
            auto a = make_a(g, o);
            return std::make_pair(a, make_b(g, o));
        },
        [](const auto &a, const auto &b, P *dir) { return Gap(PolyOf(a), PolyOf(b), dir); },
        [](auto &b, col_vec3 t) { Move(b, t); }, query);
}

auto BoxMaker = [](Gen &g, col_vec3 o) { return RandBox(g, o, 1.5); };
auto BoxMakerNear = [](Gen &g, col_vec3 o) { return RandBox(g, o, 0.9); };
auto TriMaker = [](Gen &g, col_vec3 o) { return RandTri(g, o, 0.6); };
auto TriMakerNear = [](Gen &g, col_vec3 o) { return RandTri(g, o, 0.3); }; // triangle pairs meet less often
auto SegmentMaker = [](Gen &g, col_vec3 o) {
    col_vec3 c = col_v3_add(o, g.Vec(-0.9, 0.9));
    col_segment sg = {col_v3_add(c, g.Vec(-1, 1)), col_v3_add(c, g.Vec(-1, 1))};
    return sg;
};
auto AabbMaker = [](Gen &g, col_vec3 o) {
    col_vec3 c = col_v3_add(o, g.Vec(-1.2, 1.2)), e = g.Vec(0.1, 1);
    col_aabb b = {col_v3_sub(c, e), col_v3_add(c, e)};
    return b;
};

} // namespace

TEST(CrossCheck, ObbObbAgreesWithBruteForceSat) {
    CrossCheck("obb-obb", BoxMaker, BoxMaker,
               [](const col_obb &a, const col_obb &b) { return col_overlap_obb_obb(&a, &b); });
}

TEST(CrossCheck, ObbTriangleAgreesWithBruteForceSat) {
    CrossCheck("obb-triangle", BoxMakerNear, TriMaker,
               [](const col_obb &a, const col_triangle &b) { return col_overlap_obb_triangle(&a, &b); });
}

TEST(CrossCheck, AabbTriangleAgreesWithBruteForceSat) {
    CrossCheck("aabb-triangle", AabbMaker, TriMaker,
               [](const col_aabb &a, const col_triangle &b) { return col_overlap_aabb_triangle(&a, &b); });
}

TEST(CrossCheck, TriangleTriangleAgreesWithBruteForceSat) {
    CrossCheck("triangle-triangle", TriMakerNear, TriMakerNear,
               [](const col_triangle &a, const col_triangle &b) { return col_overlap_triangle_triangle(&a, &b); });
}

TEST(CrossCheck, AabbObbAgreesWithBruteForceSat) {
    CrossCheck("aabb-obb", AabbMaker, BoxMaker,
               [](const col_aabb &a, const col_obb &b) { return col_overlap_aabb_obb(&a, &b); });
}

TEST(CrossCheck, AabbSegmentAgreesWithBruteForceSat) {
    CrossCheck("aabb-segment", AabbMaker, SegmentMaker,
               [](const col_aabb &a, const col_segment &b) { return col_overlap_aabb_segment(&a, &b); });
}

TEST(CrossCheck, ObbSegmentAgreesWithBruteForceSat) {
    CrossCheck("obb-segment", BoxMakerNear, SegmentMaker,
               [](const col_obb &a, const col_segment &b) { return col_overlap_obb_segment(&a, &b); });
}

TEST(CrossCheck, SegmentTriangleAgreesWithBruteForceSat) {
    // Segments meet a triangle less often than a solid: both are drawn nearer.
    auto near = [](Gen &g, col_vec3 o) {
        col_vec3 c = col_v3_add(o, g.Vec(-0.3, 0.3));
        col_segment sg = {col_v3_add(c, g.Vec(-1, 1)), col_v3_add(c, g.Vec(-1, 1))};
        return sg;
    };
    CrossCheck("segment-triangle", TriMakerNear, near,
               [](const col_triangle &a, const col_segment &b) { return col_overlap_segment_triangle(&b, &a); });
}
