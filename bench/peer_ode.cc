// bench/peer_ode.cc — ODE 0.16 (Debian's libode-dev, double precision):
// dBoxTouchesBox (the yes/no box test ODE's own box-box collider starts
// from), and dCollide for box/box and sphere/sphere on geoms created and
// posed in prepare() (not timed), as a simulation holds them.
#include <ode/ode.h>

#include <cstdlib>
#include <new>
#include <vector>

#include "bench.h"

namespace {

struct Box {
    dVector3 p;
    dMatrix3 R;
    dVector3 side; // full side lengths, as ODE takes them
};

// ODE's R maps body to world: its columns are the box's axes (row-major 3x4).
void to_ode(const col_obb &b, Box &o) {
    o.p[0] = b.c.x, o.p[1] = b.c.y, o.p[2] = b.c.z, o.p[3] = 0;
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            const col_vec3 &u = b.u[j];
            o.R[i * 4 + j] = i == 0 ? u.x : (i == 1 ? u.y : u.z);
        }
        o.R[i * 4 + 3] = 0;
    }
    o.side[0] = 2 * b.e.x, o.side[1] = 2 * b.e.y, o.side[2] = 2 * b.e.z, o.side[3] = 0;
}

void ensure_init() {
    static bool done = false;
    if (!done) {
        dInitODE2(0);
        done = true;
    }
}

struct Boxes {
    std::vector<Box> a, b;
};

void *prepare_boxes(const bench_workload *w) {
    Boxes *c = new Boxes;
    c->a.resize(w->n);
    c->b.resize(w->n);
    const col_obb *a = static_cast<const col_obb *>(w->a), *b = static_cast<const col_obb *>(w->b);
    for (size_t i = 0; i < w->n; ++i) {
        to_ode(a[i], c->a[i]);
        to_ode(b[i], c->b[i]);
    }
    return c;
}

void release_boxes(void *ctx) { delete static_cast<Boxes *>(ctx); }

void run_touches(const void *ctx, size_t n, unsigned char *out) {
    const Boxes *c = static_cast<const Boxes *>(ctx);
    for (size_t i = 0; i < n; ++i) {
        const Box &a = c->a[i], &b = c->b[i];
        out[i] = (unsigned char)(dBoxTouchesBox(a.p, a.R, a.side, b.p, b.R, b.side) != 0);
    }
}

struct Geoms {
    std::vector<dGeomID> a, b;
};

dGeomID make_geom(col_shape_kind kind, const void *shape) {
    if (kind == COL_SHAPE_SPHERE) {
        const col_sphere *s = static_cast<const col_sphere *>(shape);
        dGeomID g = dCreateSphere(0, s->r);
        dGeomSetPosition(g, s->c.x, s->c.y, s->c.z);
        return g;
    }
    Box o;
    to_ode(*static_cast<const col_obb *>(shape), o);
    dGeomID g = dCreateBox(0, o.side[0], o.side[1], o.side[2]);
    dGeomSetPosition(g, o.p[0], o.p[1], o.p[2]);
    dGeomSetRotation(g, o.R);
    return g;
}

void *prepare_geoms(const bench_workload *w) {
    ensure_init();
    Geoms *c = new Geoms;
    c->a.resize(w->n);
    c->b.resize(w->n);
    for (size_t i = 0; i < w->n; ++i) {
        c->a[i] = make_geom(w->ka, bench_at(w->a, w->ka, i));
        c->b[i] = make_geom(w->kb, bench_at(w->b, w->kb, i));
    }
    return c;
}

void release_geoms(void *ctx) {
    Geoms *c = static_cast<Geoms *>(ctx);
    for (dGeomID g : c->a) dGeomDestroy(g);
    for (dGeomID g : c->b) dGeomDestroy(g);
    delete c;
}

void run_collide(const void *ctx, size_t n, unsigned char *out) {
    const Geoms *c = static_cast<const Geoms *>(ctx);
    dContactGeom contacts[4];
    for (size_t i = 0; i < n; ++i)
        out[i] = (unsigned char)(dCollide(c->a[i], c->b[i], 4, contacts, sizeof(dContactGeom)) > 0);
}

} // namespace

extern "C" const bench_impl bench_peer_ode[] = {
    {"obb_obb", "ODE dBoxTouchesBox", prepare_boxes, run_touches, release_boxes, nullptr},
    {"obb_obb", "ODE dCollide box/box (up to 4 contacts)", prepare_geoms, run_collide, release_geoms, nullptr},
    {"sphere_sphere", "ODE dCollide sphere/sphere", prepare_geoms, run_collide, release_geoms, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr, nullptr},
};
