// Seeded cross-checks of the ray casts: every method against a long-double
// oracle (slabs for boxes, barycentrics for triangles, the quadratic for
// spheres and capsules), at 0, 1e3 and 1e6 from the origin. Cases the oracle
// puts within a band of grazing are skipped; elsewhere hit/miss must agree
// exactly and t must agree to a few ulps of the scene. Hit rates stay in
// 20-80%.
#include <functional>

#include "crosscheck.h"

using namespace ct;

namespace {

struct Oracle {
    bool hit;
    LD t;
    LD margin; // distance (in length units) from the nearest change of the answer
};

// Slabs in long double for the box [lo, hi].
Oracle BoxOracle(const col_ray &r, col_vec3 lo, col_vec3 hi) {
    P o = ToP(r.origin), d = ToP(r.delta), l = ToP(lo), h = ToP(hi);
    LD os[3] = {o.x, o.y, o.z}, ds[3] = {d.x, d.y, d.z}, ls[3] = {l.x, l.y, l.z}, hs[3] = {h.x, h.y, h.z};
    LD tmin = 0, tmax = r.max_t, len = Len(d);
    for (int k = 0; k < 3; ++k) {
        if (ds[k] == 0) {
            if (os[k] < ls[k] || os[k] > hs[k])
                return {false, 0, std::min(std::fabs(os[k] - ls[k]), std::fabs(os[k] - hs[k]))};
            continue;
        }
        LD t1 = (ls[k] - os[k]) / ds[k], t2 = (hs[k] - os[k]) / ds[k];
        if (t1 > t2) std::swap(t1, t2);
        tmin = std::max(tmin, t1);
        tmax = std::min(tmax, t2);
    }
    // the answer changes when the entry/exit interval closes, or the entry passes max_t
    LD margin = std::fabs(tmax - tmin) * len;
    return {tmin <= tmax, tmin, margin};
}

// Barycentric oracle: the plane hit and the distance of the hit from the triangle's edges.
Oracle TriOracle(const col_ray &r, const col_triangle &t) {
    P o = ToP(r.origin), d = ToP(r.delta), a = ToP(t.a), b = ToP(t.b), c = ToP(t.c);
    P n = Cross(Sub(b, a), Sub(c, a));
    LD nd = Dot(n, d);
    if (nd == 0) return {false, 0, 0};
    LD tt = Dot(n, Sub(a, o)) / nd;
    P p = Add(o, Mul(d, tt));
    LD nl = Len(n);
    // signed distances of p from the three edge lines, inside positive
    LD e0 = Dot(Cross(Sub(b, a), Sub(p, a)), n) / (nl * Len(Sub(b, a)));
    LD e1 = Dot(Cross(Sub(c, b), Sub(p, b)), n) / (nl * Len(Sub(c, b)));
    LD e2 = Dot(Cross(Sub(a, c), Sub(p, c)), n) / (nl * Len(Sub(a, c)));
    LD inside = std::min(e0, std::min(e1, e2));
    LD len = Len(d);
    LD margin = std::min(std::fabs(inside), std::min(std::fabs(tt) * len, std::fabs(tt - r.max_t) * len));
    return {inside >= 0 && tt >= 0 && tt <= r.max_t, tt, margin};
}

col_vec3 Centre(const col_aabb &b) { return col_v3_scale(col_v3_add(b.min, b.max), R(0.5)); }
col_vec3 Centre(const col_triangle &t) { return col_v3_scale(col_v3_add(col_v3_add(t.a, t.b), t.c), R(1.0 / 3)); }
col_vec3 Centre(const col_capsule &c) { return col_v3_scale(col_v3_add(c.a, c.b), R(0.5)); }

template <class Shape, class MakeShape, class MakeOracle>
void RayCrossCheck(const char *name, double aim, MakeShape make, MakeOracle oracle,
                   std::vector<std::function<col_ray_hit(const col_ray &, const Shape &)>> methods) {
    for (double off : {0.0, 1e3, 1e6}) {
        if (sizeof(col_real) == sizeof(float) && off > 1e3) continue;
        Gen g(0x4a7 + static_cast<uint64_t>(off));
        col_vec3 o = V(off, -off, off);
        int checked = 0, hits = 0;
        double band = 16 * Band(off);
        for (int i = 0; i < 5000; ++i) {
            Shape s = make(g, o);
            // rays aimed near the shape's centre, some falling short (max_t = 1)
            col_vec3 from = col_v3_add(o, g.Vec(-3, 3)), target = col_v3_add(Centre(s), g.Vec(-aim, aim));
            col_ray r = {from, col_v3_scale(col_v3_sub(target, from), R(g.U(0.4, 1.6))), R(1)};
            Oracle want = oracle(r, s);
            if (want.margin <= band) continue;
            for (size_t m = 0; m < methods.size(); ++m) {
                col_ray_hit h = methods[m](r, s);
                ASSERT_EQ(h.status == COL_HIT, want.hit)
                    << name << " method " << m << " case " << i << " offset " << off;
                if (want.hit) {
                    EXPECT_NEAR(h.t, static_cast<double>(want.t), 1e3 * band / static_cast<double>(Len(ToP(r.delta))))
                        << name << " method " << m << " case " << i;
                    EXPECT_NEAR(col_v3_len(h.normal), h.inside ? 0 : 1, 1e-4)
                        << name << " method " << m << " case " << i;
                }
            }
            hits += want.hit;
            ++checked;
        }
        EXPECT_GT(hits, checked / 5) << name << " offset " << off;
        EXPECT_LT(hits, checked * 4 / 5) << name << " offset " << off;
        EXPECT_GT(checked, sizeof(col_real) == sizeof(float) ? 2500 : 4500) << name << " offset " << off;
    }
}

} // namespace

TEST(RaycastCrossCheck, AabbSlabsWooAndObbAgreeWithTheOracle) {
    RayCrossCheck<col_aabb>(
        "aabb", 1.2,
        [](Gen &g, col_vec3 o) {
            col_vec3 c = col_v3_add(o, g.Vec(-1, 1)), e = g.Vec(0.2, 1.5);
            return col_aabb{col_v3_sub(c, e), col_v3_add(c, e)};
        },
        [](const col_ray &r, const col_aabb &b) {
            // an origin inside is a hit at 0 with margin = its distance to the surface
            Oracle k = BoxOracle(r, b.min, b.max);
            return k;
        },
        {[](const col_ray &r, const col_aabb &b) { return col_raycast_aabb_slabs(&r, &b); },
         [](const col_ray &r, const col_aabb &b) { return col_raycast_aabb_woo(&r, &b); },
         [](const col_ray &r, const col_aabb &b) {
             col_obb ob = col_obb_from_aabb(&b);
             return col_raycast_obb(&r, &ob);
         }});
}

TEST(RaycastCrossCheck, TriangleMethodsAgreeWithTheOracle) {
    RayCrossCheck<col_triangle>(
        "triangle", 0.5,
        [](Gen &g, col_vec3 o) {
            col_vec3 c = col_v3_add(o, g.Vec(-0.5, 0.5));
            return col_triangle{col_v3_add(c, g.Vec(-2, 2)), col_v3_add(c, g.Vec(-2, 2)), col_v3_add(c, g.Vec(-2, 2))};
        },
        [](const col_ray &r, const col_triangle &t) { return TriOracle(r, t); },
        {[](const col_ray &r, const col_triangle &t) { return col_raycast_triangle(&r, &t, COL_TWO_SIDED); },
         [](const col_ray &r, const col_triangle &t) { return col_raycast_triangle_mt(&r, &t, COL_TWO_SIDED); },
         [](const col_ray &r, const col_triangle &t) { return col_raycast_triangle_badouel(&r, &t, COL_TWO_SIDED); }});
}

TEST(RaycastCrossCheck, SpheresAndCapsulesAgreeWithTheOracle) {
    // A capsule of zero length is a sphere: one oracle serves both, by the
    // distance from the ray segment to the capsule's core segment.
    RayCrossCheck<col_capsule>(
        "capsule", 1.2,
        [](Gen &g, col_vec3 o) {
            col_vec3 c = col_v3_add(o, g.Vec(-1, 1));
            bool sphere = g.U(0, 1) < 0.3;
            col_vec3 half = sphere ? V(0, 0, 0) : g.Vec(-1, 1);
            return col_capsule{col_v3_sub(c, half), col_v3_add(c, half), R(g.U(0.2, 1.2))};
        },
        [](const col_ray &r, const col_capsule &c) {
            // first t with distance(core segment, ray point) <= radius, by bisection on the
            // convex distance function, in long double
            P a = ToP(c.a), b = ToP(c.b), o = ToP(r.origin), d = ToP(r.delta);
            auto dist = [&](LD t) {
                P p = Add(o, Mul(d, t)), ab = Sub(b, a);
                LD den = Dot(ab, ab);
                LD u = den > 0 ? std::clamp(Dot(Sub(p, a), ab) / den, LD(0), LD(1)) : 0;
                return Len(Sub(p, Add(a, Mul(ab, u))));
            };
            // minimum of the convex distance over [0, 1] by ternary search
            LD lo = 0, hi = 1;
            for (int k = 0; k < 200; ++k) {
                LD m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
                if (dist(m1) < dist(m2))
                    hi = m2;
                else
                    lo = m1;
            }
            LD tm = (lo + hi) / 2, dm = dist(tm), rad = c.r;
            if (dist(0) <= rad) return Oracle{true, 0, rad - dist(0)};
            if (dm > rad) return Oracle{false, 0, dm - rad};
            LD a0 = 0, a1 = tm; // dist(a0) > rad >= dist(a1)
            for (int k = 0; k < 200; ++k) {
                LD mid = (a0 + a1) / 2;
                if (dist(mid) > rad)
                    a0 = mid;
                else
                    a1 = mid;
            }
            return Oracle{true, a1, std::min(rad - dm, dist(0) - rad)};
        },
        {[](const col_ray &r, const col_capsule &c) { return col_raycast_capsule(&r, &c); },
         [](const col_ray &r, const col_capsule &c) {
             if (c.a.x != c.b.x || c.a.y != c.b.y || c.a.z != c.b.z) return col_raycast_capsule(&r, &c);
             col_sphere s = {c.a, c.r};
             return col_raycast_sphere(&r, &s);
         }});
}
