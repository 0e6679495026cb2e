/*
 * Sweeps under rotation (collide/gjk.h, col_sweep_rotating): rigid motions
 * (a pivot's displacement and a rotation about it over the step), the poses
 * they give a shape (col_shape_moved), and the time of impact of two shapes
 * so moving by conservative advancement with an angular motion bound
 * (Mirtich, "Impulse-based Dynamic Simulation of Rigid Body Systems", 1996,
 * ch. 4; Catto, "Continuous Collision", GDC 2013).
 */
#include "convex.h"
#include "pairs.h"
#include "ray.h"

#include <stdlib.h>
#include <string.h>

col_rigid_motion col_rigid_motion_about_centre(const col_shape *s, col_vec3 linear, col_vec3 rotation) {
    col_rigid_motion m;
    m.linear = linear;
    m.rotation = rotation;
    m.pivot = col_v3(0, 0, 0);
    col_aabb box;
    if (s && col_shape_bounds(s, &box)) m.pivot = col_v3_scale(col_v3_add(box.min, box.max), COL_R(0.5));
    return m;
}

static bool motion_valid(const col_rigid_motion *m) {
    return m && col_v3_is_valid(m->linear) && col_v3_is_valid(m->rotation) && col_v3_is_valid(m->pivot);
}

static bool turns(const col_rigid_motion *m) {
    return m->rotation.x != COL_R(0.0) || m->rotation.y != COL_R(0.0) || m->rotation.z != COL_R(0.0);
}

/* The rotation of the motion at time u. */
static col_mat3 rotation_at(const col_rigid_motion *m, col_real u) {
    col_real angle = col_v3_len(m->rotation);
    if (!(angle > COL_R(0.0))) return col_m3_identity();
    return col_m3_from_axis_angle(m->rotation, u * angle);
}

/* x under the pose (R, the pivot p, its displacement at u). */
static col_vec3 posed(col_vec3 x, col_mat3 R, col_vec3 p, col_vec3 moved) {
    return col_v3_add(moved, col_m3_mul_v3(R, col_v3_sub(x, p)));
}

bool col_shape_can_turn(const col_shape *s) {
    if (!s || !col__kind_ok(s->kind) || col_shape_kind_is_2d(s->kind) || s->kind == COL_SHAPE_PLANE) return false;
    if (s->kind == COL_SHAPE_ELLIPSOID) {
        col_vec3 r = s->u.ellipsoid.r;
        return r.x == r.y && r.y == r.z;
    }
    return true;
}

bool col_shape_moved(const col_shape *s, const col_rigid_motion *m, col_real u, col_vec3 *points, col_shape *out) {
    if (!s || !out || !col_shape_is_valid(s) || col_shape_kind_is_2d(s->kind) || !motion_valid(m) ||
        !(u >= COL_R(0.0) && u <= COL_R(1.0)))
        return false;
    if (s->kind == COL_SHAPE_POLYTOPE && !points) return false;
    bool turning = turns(m);
    if (turning && !col_shape_can_turn(s)) return false;
    if (!turning || u == COL_R(0.0)) return col_shape_translate(s, col_v3_scale(m->linear, u), points, out);
    col_mat3 R = rotation_at(m, u);
    col_vec3 p = m->pivot, to = col_v3_madd(p, u, m->linear);
    col_shape r = *s;
    switch (s->kind) {
    case COL_SHAPE_POINT: r.u.point.p = posed(s->u.point.p, R, p, to); break;
    case COL_SHAPE_SEGMENT:
        r.u.segment.a = posed(s->u.segment.a, R, p, to);
        r.u.segment.b = posed(s->u.segment.b, R, p, to);
        break;
    case COL_SHAPE_TRIANGLE:
        r.u.triangle.a = posed(s->u.triangle.a, R, p, to);
        r.u.triangle.b = posed(s->u.triangle.b, R, p, to);
        r.u.triangle.c = posed(s->u.triangle.c, R, p, to);
        break;
    case COL_SHAPE_SPHERE: r.u.sphere.c = posed(s->u.sphere.c, R, p, to); break;
    case COL_SHAPE_ELLIPSOID: r.u.ellipsoid.c = posed(s->u.ellipsoid.c, R, p, to); break; /* equal radii */
    case COL_SHAPE_CAPSULE:
        r.u.capsule.a = posed(s->u.capsule.a, R, p, to);
        r.u.capsule.b = posed(s->u.capsule.b, R, p, to);
        break;
    case COL_SHAPE_AABB: { /* a turned box: an OBB on R's columns */
        col_vec3 c = col_v3_scale(col_v3_add(s->u.aabb.min, s->u.aabb.max), COL_R(0.5));
        memset(&r, 0, sizeof r);
        r.kind = COL_SHAPE_OBB;
        r.u.obb.c = posed(c, R, p, to);
        r.u.obb.u[0] = R.c0;
        r.u.obb.u[1] = R.c1;
        r.u.obb.u[2] = R.c2;
        r.u.obb.e = col_v3_scale(col_v3_sub(s->u.aabb.max, s->u.aabb.min), COL_R(0.5));
        break;
    }
    case COL_SHAPE_OBB:
        r.u.obb.c = posed(s->u.obb.c, R, p, to);
        for (int i = 0; i < 3; ++i) r.u.obb.u[i] = col_m3_mul_v3(R, s->u.obb.u[i]);
        break;
    case COL_SHAPE_POLYTOPE:
        for (int i = 0; i < s->u.polytope.count; ++i) points[i] = posed(s->u.polytope.points[i], R, p, to);
        r.u.polytope.points = points;
        break;
    default: return false;
    }
    if (!col_shape_is_valid(&r)) return false;
    *out = r;
    return true;
}

/* The farthest any point of s lies from the pivot p (rotation keeps it). */
static col_real reach(const col_shape *s, col_vec3 p) {
    col_real far = COL_R(0.0);
#define FAR(x, extra) far = col_max(far, col_v3_len(col_v3_sub((x), p)) + (extra))
    switch (s->kind) {
    case COL_SHAPE_POINT: FAR(s->u.point.p, 0); break;
    case COL_SHAPE_SEGMENT:
        FAR(s->u.segment.a, 0);
        FAR(s->u.segment.b, 0);
        break;
    case COL_SHAPE_TRIANGLE:
        FAR(s->u.triangle.a, 0);
        FAR(s->u.triangle.b, 0);
        FAR(s->u.triangle.c, 0);
        break;
    case COL_SHAPE_SPHERE: FAR(s->u.sphere.c, s->u.sphere.r); break;
    case COL_SHAPE_ELLIPSOID: FAR(s->u.ellipsoid.c, col__max_abs3(s->u.ellipsoid.r)); break;
    case COL_SHAPE_CAPSULE:
        FAR(s->u.capsule.a, s->u.capsule.r);
        FAR(s->u.capsule.b, s->u.capsule.r);
        break;
    case COL_SHAPE_AABB: {
        col_vec3 c = col_v3_scale(col_v3_add(s->u.aabb.min, s->u.aabb.max), COL_R(0.5));
        FAR(c, col_v3_len(col_v3_scale(col_v3_sub(s->u.aabb.max, s->u.aabb.min), COL_R(0.5))));
        break;
    }
    case COL_SHAPE_OBB: FAR(s->u.obb.c, col_v3_len(s->u.obb.e)); break;
    case COL_SHAPE_POLYTOPE:
        for (int i = 0; i < s->u.polytope.count; ++i) FAR(s->u.polytope.points[i], 0);
        break;
    default: break;
    }
#undef FAR
    /* a few ulps over: the bound must not fall short by rounding */
    return far * (COL_R(1.0) + COL_R(8.0) * COL_EPSILON);
}

/* One moving shape: the shape, its motion, its reach, room for a polytope. */
typedef struct mover {
    const col_shape *s;
    const col_rigid_motion *m;
    col_real reach, spin; /* reach from the pivot, |rotation| */
    col_vec3 *points;
} mover;

typedef struct advance {
    col_real t;
    bool hit, capped, failed;
    col_distance_result r; /* the distance at t (world) */
    col_vec3 normal;       /* r.normal, or the last step's where the shapes touch at t */
} advance;

/* The pair's distance at time u (false: a pose left the valid range). */
static bool distance_at(const mover *a, const mover *b, col_real u, col_distance_result *out) {
    col_shape sa, sb;
    if (!col_shape_moved(a->s, a->m, u, a->points, &sa) || !col_shape_moved(b->s, b->m, u, b->points, &sb))
        return false;
    *out = col_distance(&sa, &sb);
    return out->status != COL_INVALID;
}

/*
 * Conservative advancement from t_start in direction dir (+1: forward, -1:
 * backward in time). At each time, the closest points give a plane normal n
 * (from B toward A) that separates the shapes by the distance d; no point
 * of A approaches B across it faster than mu = -dir (la - lb) . n + |wa| ra
 * + |wb| rb (a point's velocity is the pivot's plus w x (x - pivot), at most
 * |w| times the reach), so no contact comes before (d - target) / mu.
 */
static advance advance_run(const mover *a, const mover *b, col_real t_start, col_real dir, col_real target,
                           col_real tol, int cap, int *evals) {
    advance out;
    memset(&out, 0, sizeof out);
    col_vec3 lin = col_v3_sub(a->m->linear, b->m->linear);
    col_real spin = a->spin * a->reach + b->spin * b->reach;
    col_real u = COL_R(0.0);
    for (int it = 0;; ++it) {
        col_real t = t_start + dir * u;
        if (!distance_at(a, b, t, &out.r)) {
            out.failed = true;
            return out;
        }
        ++*evals;
        out.t = t;
        if (out.r.distance > COL_R(0.0)) out.normal = out.r.normal;
        if (out.r.status == COL_HIT || out.r.distance <= target + tol) {
            out.hit = true;
            return out;
        }
        if (it >= cap) {
            out.capped = true;
            return out;
        }
        col_real mu = -dir * col_v3_dot(lin, out.r.normal) + spin;
        if (!(mu > COL_R(0.0))) return out; /* the plane is never crossed */
        col_real un = u + (out.r.distance - target) / mu;
        if (!(un <= COL_R(1.0))) return out; /* contact after the step's end */
        if (!(un > u)) {                     /* a step below the resolution of time */
            out.hit = true;
            return out;
        }
        u = un;
    }
}

col_sweep_hit col_sweep_rotating(const col_shape *a, const col_rigid_motion *ma, const col_shape *b,
                                 const col_rigid_motion *mb, const col_sweep_params *params, int *iterations) {
    int evals = 0;
    if (iterations) *iterations = 0;
    col_sweep_params prm = params ? *params : col_sweep_params_default();
    if (!a || !b || !col_shape_is_valid(a) || !col_shape_is_valid(b) || !col_distance_supported(a->kind, b->kind) ||
        !motion_valid(ma) || !motion_valid(mb) || !col_is_valid_size(prm.target) || !(prm.tolerance <= COL_HUGE))
        return col__sweep_miss(COL_INVALID);
    if ((turns(ma) && !col_shape_can_turn(a)) || (turns(mb) && !col_shape_can_turn(b)))
        return col__sweep_miss(COL_INVALID);
    mover A = {a, ma, reach(a, ma->pivot), col_v3_len(ma->rotation), NULL};
    mover B = {b, mb, reach(b, mb->pivot), col_v3_len(mb->rotation), NULL};
    if (!turns(ma)) A.spin = COL_R(0.0), A.reach = COL_R(0.0); /* a plane's reach is unbounded */
    if (!turns(mb)) B.spin = COL_R(0.0), B.reach = COL_R(0.0);
    /* room for the poses of a polytope's points */
    int na = a->kind == COL_SHAPE_POLYTOPE ? a->u.polytope.count : 0,
        nb = b->kind == COL_SHAPE_POLYTOPE ? b->u.polytope.count : 0;
    col_vec3 *room = NULL;
    if (na + nb > 0) {
        room = malloc((size_t)(na + nb) * sizeof *room);
        if (!room) return col__sweep_miss(COL_INVALID);
        A.points = room;
        B.points = room + na;
    }
    /* the scale of the problem for the default tolerance: the shapes' and the motions' */
    col_aabb ba, bb;
    col_real scale = COL_R(0.0);
    if (col_shape_bounds(a, &ba)) scale = col_max(scale, col_max(col__max_abs3(ba.min), col__max_abs3(ba.max)));
    if (b->kind != COL_SHAPE_PLANE && col_shape_bounds(b, &bb))
        scale = col_max(scale, col_max(col__max_abs3(bb.min), col__max_abs3(bb.max)));
    scale = col_max(scale, col_max(col__max_abs3(ma->linear), col__max_abs3(mb->linear)));
    scale = col_max(scale, col_max(A.spin * A.reach, B.spin * B.reach));
    col_real tol = prm.tolerance >= COL_R(0.0) ? prm.tolerance : COL_SWEEP_TOLERANCE * scale;
    int cap = prm.max_iterations > 0 ? prm.max_iterations : COL_SWEEP_MAX_ITERATIONS;

    col_sweep_hit h = col__sweep_miss(COL_MISS);
    advance fwd = advance_run(&A, &B, COL_R(0.0), COL_R(1.0), prm.target, tol, cap, &evals);
    if (fwd.failed) {
        h.status = COL_INVALID;
    } else if (fwd.hit || fwd.capped) {
        h.status = fwd.hit ? COL_HIT : COL_NOT_CONVERGED;
        h.t0 = h.t1 = fwd.t;
        h.point = col_v3_scale(col_v3_add(fwd.r.point_a, fwd.r.point_b), COL_R(0.5));
        h.normal = fwd.normal;
        if (fwd.hit && fwd.t == COL_R(0.0) && (fwd.r.status == COL_HIT || fwd.r.distance <= COL_R(0.0))) {
            h.initially_overlapping = true;
            col_penetration_result pen = col_penetration(a, b);
            h.normal = pen.status == COL_MISS ? col_v3(0, 0, 0) : pen.normal;
        }
        if (fwd.hit) { /* the last time within the target: the same advancement from u = 1 backwards */
            advance back = advance_run(&A, &B, COL_R(1.0), -COL_R(1.0), prm.target, tol, cap, &evals);
            if (back.hit) h.t1 = col_max(back.t, h.t0);
            if (back.capped) h.status = COL_NOT_CONVERGED;
        }
        h.normal = col__no_neg_zero(h.normal);
    }
    free(room);
    if (iterations) *iterations = evals;
    return h;
}
