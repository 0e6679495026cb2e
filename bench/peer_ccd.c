/*
 * bench/peer_ccd.c — libccd 2.x (Debian's libccd-dev, double precision): GJK
 * and MPR intersection and penetration on the same shapes as collide. libccd
 * takes support functions; these are the ones a user of libccd would write
 * for a box, a capsule and a point cloud, over collide's structs (no
 * conversion). libccd answers yes/no (and depth), not a distance.
 */
#include <ccd/ccd.h>
#include <math.h>

#include "bench.h"

static void support_obb(const void *obj, const ccd_vec3_t *d, ccd_vec3_t *out) {
    const col_obb *b = obj;
    col_vec3 dir = col_v3(d->v[0], d->v[1], d->v[2]), p = b->c;
    for (int k = 0; k < 3; ++k) {
        col_real e = k == 0 ? b->e.x : (k == 1 ? b->e.y : b->e.z);
        p = col_v3_madd(p, col_v3_dot(dir, b->u[k]) >= 0 ? e : -e, b->u[k]);
    }
    out->v[0] = p.x, out->v[1] = p.y, out->v[2] = p.z;
}

static void support_capsule(const void *obj, const ccd_vec3_t *d, ccd_vec3_t *out) {
    const col_capsule *c = obj;
    col_vec3 dir = col_v3(d->v[0], d->v[1], d->v[2]);
    col_vec3 p = col_v3_dot(dir, col_v3_sub(c->b, c->a)) >= 0 ? c->b : c->a;
    double len = col_v3_len(dir);
    if (len > 0) p = col_v3_madd(p, c->r / len, dir);
    out->v[0] = p.x, out->v[1] = p.y, out->v[2] = p.z;
}

static void support_polytope(const void *obj, const ccd_vec3_t *d, ccd_vec3_t *out) {
    const col_polytope *p = obj;
    col_vec3 dir = col_v3(d->v[0], d->v[1], d->v[2]);
    int best = 0;
    double best_dot = col_v3_dot(dir, p->points[0]);
    for (int i = 1; i < p->count; ++i) {
        double x = col_v3_dot(dir, p->points[i]);
        if (x > best_dot) best_dot = x, best = i;
    }
    out->v[0] = p->points[best].x, out->v[1] = p->points[best].y, out->v[2] = p->points[best].z;
}

static void center_obb(const void *obj, ccd_vec3_t *out) {
    const col_obb *b = obj;
    out->v[0] = b->c.x, out->v[1] = b->c.y, out->v[2] = b->c.z;
}

static void center_capsule(const void *obj, ccd_vec3_t *out) {
    const col_capsule *c = obj;
    out->v[0] = 0.5 * (c->a.x + c->b.x), out->v[1] = 0.5 * (c->a.y + c->b.y), out->v[2] = 0.5 * (c->a.z + c->b.z);
}

static void center_polytope(const void *obj, ccd_vec3_t *out) {
    const col_polytope *p = obj;
    col_vec3 s = col_v3(0, 0, 0);
    for (int i = 0; i < p->count; ++i) s = col_v3_add(s, p->points[i]);
    s = col_v3_scale(s, 1.0 / p->count);
    out->v[0] = s.x, out->v[1] = s.y, out->v[2] = s.z;
}

static void setup(ccd_t *ccd, col_shape_kind k, int which) {
    ccd_support_fn s = k == COL_SHAPE_OBB ? support_obb : (k == COL_SHAPE_CAPSULE ? support_capsule : support_polytope);
    ccd_center_fn c = k == COL_SHAPE_OBB ? center_obb : (k == COL_SHAPE_CAPSULE ? center_capsule : center_polytope);
    if (which == 1)
        ccd->support1 = s, ccd->center1 = c;
    else
        ccd->support2 = s, ccd->center2 = c;
}

static void init(ccd_t *ccd, const bench_workload *w) {
    CCD_INIT(ccd);
    ccd->max_iterations = 100;
    setup(ccd, w->ka, 1);
    setup(ccd, w->kb, 2);
}

enum { GJK, MPR, GJK_PEN, MPR_PEN };

static void run(const bench_workload *w, size_t n, unsigned char *out, int method) {
    ccd_t ccd;
    init(&ccd, w);
    for (size_t i = 0; i < n; ++i) {
        const void *a = bench_at(w->a, w->ka, i), *b = bench_at(w->b, w->kb, i);
        ccd_real_t depth;
        ccd_vec3_t dir, pos;
        switch (method) {
        case GJK: out[i] = (unsigned char)ccdGJKIntersect(a, b, &ccd); break;
        case MPR: out[i] = (unsigned char)ccdMPRIntersect(a, b, &ccd); break;
        case GJK_PEN: out[i] = (unsigned char)(ccdGJKPenetration(a, b, &ccd, &depth, &dir, &pos) == 0); break;
        default: out[i] = (unsigned char)(ccdMPRPenetration(a, b, &ccd, &depth, &dir, &pos) == 0); break;
        }
    }
}

static void run_gjk(const void *ctx, size_t n, unsigned char *out) { run(ctx, n, out, GJK); }
static void run_mpr(const void *ctx, size_t n, unsigned char *out) { run(ctx, n, out, MPR); }
static void run_gjk_pen(const void *ctx, size_t n, unsigned char *out) { run(ctx, n, out, GJK_PEN); }
static void run_mpr_pen(const void *ctx, size_t n, unsigned char *out) { run(ctx, n, out, MPR_PEN); }

const bench_impl bench_peer_ccd[] = {
    {"obb_obb", "libccd ccdGJKIntersect", NULL, run_gjk, NULL, NULL},
    {"obb_obb", "libccd ccdMPRIntersect", NULL, run_mpr, NULL, NULL},
    {"gjk_box_box", "libccd ccdGJKIntersect", NULL, run_gjk, NULL, NULL},
    {"gjk_box_box", "libccd ccdMPRIntersect", NULL, run_mpr, NULL, NULL},
    {"gjk_capsule_box", "libccd ccdGJKIntersect", NULL, run_gjk, NULL, NULL},
    {"gjk_capsule_box", "libccd ccdMPRIntersect", NULL, run_mpr, NULL, NULL},
    {"gjk_overlap_capsule_box", "libccd ccdGJKIntersect", NULL, run_gjk, NULL, NULL},
    {"gjk_overlap_capsule_box", "libccd ccdMPRIntersect", NULL, run_mpr, NULL, NULL},
    {"gjk_polytope", "libccd ccdGJKIntersect", NULL, run_gjk, NULL, NULL},
    {"gjk_polytope", "libccd ccdMPRIntersect", NULL, run_mpr, NULL, NULL},
    {"penetration_box_box", "libccd ccdGJKPenetration (EPA)", NULL, run_gjk_pen, NULL, NULL},
    {"penetration_box_box", "libccd ccdMPRPenetration", NULL, run_mpr_pen, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL, NULL},
};
