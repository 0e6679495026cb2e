// bench/peer_fcl.cc — FCL 0.7 (Debian's libfcl-dev, double precision):
// fcl::collide on CollisionObjectd pairs of Boxd and Sphered with the default
// request (one contact, libccd GJK solver: FCL answers box/box with its own
// box-box routine and sphere/sphere in closed form), and fcl::distance on
// box/box. Objects are built in prepare() (not timed), as a scene holds them.
#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/collision_object.h>
#include <fcl/narrowphase/distance.h>

#include <memory>
#include <vector>

#include "bench.h"

namespace {

std::unique_ptr<fcl::CollisionObjectd> make_object(col_shape_kind kind, const void *shape) {
    fcl::Transform3d tf = fcl::Transform3d::Identity();
    std::shared_ptr<fcl::CollisionGeometryd> geom;
    if (kind == COL_SHAPE_SPHERE) {
        const col_sphere *s = static_cast<const col_sphere *>(shape);
        geom = std::make_shared<fcl::Sphered>(s->r);
        tf.translation() = fcl::Vector3d(s->c.x, s->c.y, s->c.z);
    } else {
        const col_obb *b = static_cast<const col_obb *>(shape);
        geom = std::make_shared<fcl::Boxd>(2 * b->e.x, 2 * b->e.y, 2 * b->e.z);
        fcl::Matrix3d R;
        for (int j = 0; j < 3; ++j) R.col(j) = fcl::Vector3d(b->u[j].x, b->u[j].y, b->u[j].z);
        tf.linear() = R;
        tf.translation() = fcl::Vector3d(b->c.x, b->c.y, b->c.z);
    }
    return std::unique_ptr<fcl::CollisionObjectd>(new fcl::CollisionObjectd(geom, tf));
}

struct Objects {
    std::vector<std::unique_ptr<fcl::CollisionObjectd>> a, b;
};

void *prepare(const bench_workload *w) {
    Objects *c = new Objects;
    for (size_t i = 0; i < w->n; ++i) {
        c->a.push_back(make_object(w->ka, bench_at(w->a, w->ka, i)));
        c->b.push_back(make_object(w->kb, bench_at(w->b, w->kb, i)));
    }
    return c;
}

void release(void *ctx) { delete static_cast<Objects *>(ctx); }

void run_collide(const void *ctx, size_t n, unsigned char *out) {
    const Objects *c = static_cast<const Objects *>(ctx);
    fcl::CollisionRequestd request;
    for (size_t i = 0; i < n; ++i) {
        fcl::CollisionResultd result;
        out[i] = (unsigned char)(fcl::collide(c->a[i].get(), c->b[i].get(), request, result) > 0);
    }
}

void run_distance(const void *ctx, size_t n, unsigned char *out) {
    const Objects *c = static_cast<const Objects *>(ctx);
    fcl::DistanceRequestd request;
    for (size_t i = 0; i < n; ++i) {
        fcl::DistanceResultd result;
        out[i] = (unsigned char)(fcl::distance(c->a[i].get(), c->b[i].get(), request, result) <= 0);
    }
}

} // namespace

extern "C" const bench_impl bench_peer_fcl[] = {
    {"obb_obb", "FCL collide box/box", prepare, run_collide, release, nullptr},
    {"sphere_sphere", "FCL collide sphere/sphere", prepare, run_collide, release, nullptr},
    {"gjk_box_box", "FCL distance box/box", prepare, run_distance, release, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr, nullptr},
};
