// bench/peer_bullet.cc — Bullet 3.24 (Debian's libbullet-dev, which is built
// in single precision: btScalar is float, so the shapes are rounded to float
// first and answers may differ from collide's on grazing pairs):
// btBoxBoxDetector (ODE's box-box ported), btGjkPairDetector with EPA
// (btVoronoiSimplexSolver + btGjkEpaPenetrationDepthSolver) on boxes with a
// zero collision margin (so they are the same boxes), and
// btTriangleRaycastCallback on single triangles. Shapes and transforms are
// built in prepare() (not timed), as a simulation holds them.
#include <btBulletCollisionCommon.h>
#include <BulletCollision/CollisionDispatch/btBoxBoxDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btRaycastCallback.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

#include <memory>
#include <vector>

#include "bench.h"

namespace {

btVector3 bt(col_vec3 v) { return btVector3(btScalar(v.x), btScalar(v.y), btScalar(v.z)); }

struct Boxes {
    std::vector<std::unique_ptr<btBoxShape>> a, b;
    btAlignedObjectArray<btTransform> ta, tb;
};

btTransform transform_of(const col_obb &o) {
    // btMatrix3x3 takes rows; the box's axes are its columns.
    btMatrix3x3 m(btScalar(o.u[0].x), btScalar(o.u[1].x), btScalar(o.u[2].x), btScalar(o.u[0].y), btScalar(o.u[1].y),
                  btScalar(o.u[2].y), btScalar(o.u[0].z), btScalar(o.u[1].z), btScalar(o.u[2].z));
    return btTransform(m, bt(o.c));
}

void *prepare_boxes(const bench_workload *w) {
    Boxes *c = new Boxes;
    const col_obb *a = static_cast<const col_obb *>(w->a), *b = static_cast<const col_obb *>(w->b);
    c->ta.resize(int(w->n));
    c->tb.resize(int(w->n));
    for (size_t i = 0; i < w->n; ++i) {
        c->a.emplace_back(new btBoxShape(bt(a[i].e)));
        c->b.emplace_back(new btBoxShape(bt(b[i].e)));
        c->a.back()->setMargin(0);
        c->b.back()->setMargin(0);
        c->ta[int(i)] = transform_of(a[i]);
        c->tb[int(i)] = transform_of(b[i]);
    }
    return c;
}

void release_boxes(void *ctx) { delete static_cast<Boxes *>(ctx); }

// Keeps the deepest (smallest signed) distance reported.
struct Deepest : btDiscreteCollisionDetectorInterface::Result {
    int count = 0;
    btScalar depth = BT_LARGE_FLOAT;
    void setShapeIdentifiersA(int, int) override {}
    void setShapeIdentifiersB(int, int) override {}
    void addContactPoint(const btVector3 &, const btVector3 &, btScalar d) override {
        ++count;
        if (d < depth) depth = d;
    }
};

void run_boxbox(const void *ctx, size_t n, unsigned char *out) {
    const Boxes *c = static_cast<const Boxes *>(ctx);
    for (size_t i = 0; i < n; ++i) {
        btBoxBoxDetector detector(c->a[i].get(), c->b[i].get());
        btDiscreteCollisionDetectorInterface::ClosestPointInput in;
        in.m_transformA = c->ta[int(i)];
        in.m_transformB = c->tb[int(i)];
        Deepest r;
        detector.getClosestPoints(in, r, nullptr);
        out[i] = (unsigned char)(r.count > 0);
    }
}

void run_gjk(const void *ctx, size_t n, unsigned char *out) {
    const Boxes *c = static_cast<const Boxes *>(ctx);
    btVoronoiSimplexSolver simplex;
    btGjkEpaPenetrationDepthSolver epa;
    for (size_t i = 0; i < n; ++i) {
        btGjkPairDetector detector(c->a[i].get(), c->b[i].get(), &simplex, &epa);
        btDiscreteCollisionDetectorInterface::ClosestPointInput in;
        in.m_transformA = c->ta[int(i)];
        in.m_transformB = c->tb[int(i)];
        Deepest r;
        detector.getClosestPoints(in, r, nullptr);
        out[i] = (unsigned char)(r.count > 0 && r.depth <= 0);
    }
}

struct RayHit : btTriangleRaycastCallback {
    bool hit = false;
    RayHit() : btTriangleRaycastCallback(btVector3(0, 0, 0), btVector3(0, 0, 0)) {}
    btScalar reportHit(const btVector3 &, btScalar fraction, int, int) override {
        hit = true;
        return fraction;
    }
};

struct Rays {
    std::vector<btVector3> from, to, tri;
};

void *prepare_rays(const bench_workload *w) {
    Rays *c = new Rays;
    const col_triangle *t = static_cast<const col_triangle *>(w->b);
    for (size_t i = 0; i < w->n; ++i) {
        const col_ray &r = w->rays[i];
        c->from.push_back(bt(r.origin));
        c->to.push_back(bt(col_v3_madd(r.origin, r.max_t, r.delta)));
        c->tri.push_back(bt(t[i].a));
        c->tri.push_back(bt(t[i].b));
        c->tri.push_back(bt(t[i].c));
    }
    return c;
}

void release_rays(void *ctx) { delete static_cast<Rays *>(ctx); }

void run_ray(const void *ctx, size_t n, unsigned char *out) {
    const Rays *c = static_cast<const Rays *>(ctx);
    RayHit cb;
    for (size_t i = 0; i < n; ++i) {
        cb.m_from = c->from[i];
        cb.m_to = c->to[i];
        cb.m_hitFraction = 1;
        cb.hit = false;
        btVector3 tri[3] = {c->tri[3 * i], c->tri[3 * i + 1], c->tri[3 * i + 2]};
        cb.processTriangle(tri, 0, 0);
        out[i] = (unsigned char)cb.hit;
    }
}

} // namespace

extern "C" const bench_impl bench_peer_bullet[] = {
    {"obb_obb", "Bullet btBoxBoxDetector (float)", prepare_boxes, run_boxbox, release_boxes, nullptr},
    {"obb_obb", "Bullet btGjkPairDetector (float)", prepare_boxes, run_gjk, release_boxes, nullptr},
    {"gjk_box_box", "Bullet btGjkPairDetector (float)", prepare_boxes, run_gjk, release_boxes, nullptr},
    {"penetration_box_box", "Bullet btGjkPairDetector+EPA (float)", prepare_boxes, run_gjk, release_boxes, nullptr},
    {"ray_triangle", "Bullet btTriangleRaycastCallback (float)", prepare_rays, run_ray, release_rays, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr, nullptr},
};
