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

#include <math.h>
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
    col_real reach, spin; /* reach from the pivot and |rotation| where it turns, else 0 */
    col_real extent;      /* reach from the pivot whether it turns or not (inf: a plane) */
    col_vec3 *points;
    col__proxy px;  /* the unmoved shape's support, in the frame at its reference point ... */
    col_vec3 op;    /* ... whose offset from the pivot this is */
    col_vec3 k;     /* the unit rotation axis where it turns */
    bool supported; /* whether it has a support function (not a plane) */
} mover;

bool col__rotating_plain = false;

typedef struct advance {
    col_real t;
    bool hit, capped, failed;
    col_distance_result r; /* the distance at t (world) */
    col_vec3 normal;       /* r.normal, or the last step's where the shapes touch at t */
} advance;

/* The pair posed at time u (false: a pose left the valid range). */
static bool pose_at(const mover *a, const mover *b, col_real u, col_shape *sa, col_shape *sb) {
    return col_shape_moved(a->s, a->m, u, a->points, sa) && col_shape_moved(b->s, b->m, u, b->points, sb);
}

/* The pair's distance at time u (false: a pose left the valid range). */
static bool distance_at(const mover *a, const mover *b, col_real u, col_distance_result *out) {
    col_shape sa, sb;
    if (!pose_at(a, b, u, &sa, &sb)) return false;
    *out = col_distance(&sa, &sb);
    return out->status != COL_INVALID;
}

/* Where the mover's pivot is at time u. */
static col_vec3 pivot_at(const mover *m, col_real u) { return col_v3_madd(m->m->pivot, u, m->m->linear); }

/* d turned by angle about the unit axis k (Rodrigues). */
static col_vec3 turned(col_vec3 d, col_vec3 k, col_real angle) {
    col_real c = (col_real)cos((double)angle), sn = (col_real)sin((double)angle);
    return col_v3_add(col_v3_add(col_v3_scale(d, c), col_v3_scale(col_v3_cross(k, d), sn)),
                      col_v3_scale(k, col_v3_dot(k, d) * (COL_R(1.0) - c)));
}

/* The support value max x . d over the shape posed at time u (d a unit
 * vector): the unmoved shape's support along R(u)^T d, as d . R v = R^T d .
 * v, so no point is posed. */
static col_real support_value_at(const mover *m, col_real u, col_vec3 d) {
    col_vec3 dl = m->spin > COL_R(0.0) ? turned(d, m->k, -u * m->spin) : d;
    col_vec3 x = col__proxy_support(&m->px, dl); /* from the reference point */
    return col_v3_dot(d, pivot_at(m, u)) + col_v3_dot(dl, col_v3_add(x, m->op)) + m->px.radius;
}

/* The gap along the unit axis n (from B toward A) at time u: the least
 * n . x over A less the greatest n . y over B, a lower bound on their
 * distance (a projection gap is never more). */
static col_real gap_at(const mover *a, const mover *b, col_real u, col_vec3 n) {
    return -support_value_at(a, u, col_v3_neg(n)) - support_value_at(b, u, n);
}

/*
 * The separating-axis step (the fast path: the idea of Box2D's
 * b2TimeOfImpact, Catto, "Continuous Collision", GDC 2013, its separating
 * functions made conservative by a bound on their curvature).
 *
 * An axis n(t) carried by a frame over the step (the world's; or A's or
 * B's, turning with that shape: n(t) = R(w (t - t1)) n1), and the gap g(t)
 * along it, a lower bound on the distance. g(t) is the least over A of
 * n(t) . x(t) less the greatest over B of n(t) . y(t): each such function
 * has a second derivative of at most K, so it lies above its chord between
 * two times less K h^2 / 8 over an interval of length h, and so does the
 * least (or greatest) of them against the chord of the least values. Hence
 * on [t1, t1 + h]
 *     g(t) >= min(g(t1), g(t1 + h)) - K h^2 / 8,
 * and the pair surely stays beyond the target where that bound does:
 * phi(h) = min(g1, g(t1 + h)) - K h^2 / 8 - target - slack > 0 (two poses
 * and two support points, no distance query). With w the shapes' rates,
 * rho their reaches from their pivots:
 *   - the world's axis: a point turning about its moving pivot moves along
 *     n as a line plus a sinusoid of amplitude at most |n x w| rho / |w|
 *     and frequency |w|, so K = |n x wa| |wa| rho_a + |n x wb| |wb| rho_b;
 *   - A's axis (B's likewise): A's own term is constant (n turns with A);
 *     for B, n . v with v = y - pivot_a = q + (t - t1) dl + R_b(t) r_y
 *     (q the pivots' offset at t1, dl their relative motion) has the
 *     second derivative n'' . v + 2 n' . v' + n . v'', so K = |wa|^2 (|q|
 *     + h |dl| + rho_b) + 2 |wa| (|dl| + |wb| rho_b) + |wb|^2 rho_b.
 * The world's axis follows a contact on a face that does not turn (a crate
 * tumbling onto a floor), A's a contact on A's turning face (a blade onto
 * a ball): there the gap is the distance to first order and the step comes
 * within K h^2 / 8 of the contact, quadratic convergence, where the
 * Lipschitz step of conservative advancement converges only at the rate v
 * / (v + spin) of the approach speed v.
 */
typedef struct axis_frame {
    col_vec3 k;      /* the frame's unit rotation axis (w = 0: the world's) */
    col_real w;      /* its rate */
    col_real k0, k1; /* the curvature bound K = k0 + k1 h */
    int owner;       /* the shape it turns with: 0 A, 1 B, -1 none (the world's) */
    col_real c;      /* the owner's constant: its extreme along n(t) less n(t) . its pivot at t */
} axis_frame;

typedef struct axis_step {
    const mover *a, *b;
    col_vec3 n;                       /* the axis at t1 */
    col_real t1, dir, g1, floor, tol; /* floor: target + slack */
} axis_step;

/* phi(h) in frame f (false where it is NaN). */
static bool axis_phi(const axis_step *S, const axis_frame *f, col_real h, col_real *phi) {
    col_vec3 n = S->n;
    if (f->w > COL_R(0.0)) n = turned(n, f->k, S->dir * f->w * h); /* the frame's turn since t1 */
    col_real t = S->t1 + S->dir * h, g;
    /* the owner's extreme along an axis turning with it is its pivot's
     * offset along the axis plus a constant (no support point, no turn) */
    if (f->owner == 0)
        g = col_v3_dot(n, pivot_at(S->a, t)) + f->c - support_value_at(S->b, t, n);
    else if (f->owner == 1)
        g = -support_value_at(S->a, t, col_v3_neg(n)) - (col_v3_dot(n, pivot_at(S->b, t)) + f->c);
    else
        g = gap_at(S->a, S->b, t, n);
    *phi = col_min(S->g1, g) - (f->k0 + f->k1 * h) * h * h * COL_R(0.125) - S->floor;
    return *phi == *phi;
}

/* The frame turning with shape f (rate f->spin) for the other shape o, at
 * time t1 with the axis n1 (from B toward A; owner 0 where f is A, 1 where
 * it is B): its curvature bound above, and f's constant (its least n . x
 * for A, greatest for B, less n . pivot, at t1); false where o reaches
 * without bound. */
static bool turning_frame(const mover *f, const mover *o, col_real t1, col_vec3 n1, int owner, axis_frame *out) {
    col_real along = col_v3_dot(n1, pivot_at(f, t1));
    out->owner = owner;
    out->c = owner == 0 ? -support_value_at(f, t1, col_v3_neg(n1)) - along : support_value_at(f, t1, n1) - along;
    if (!(o->extent <= COL_REAL_MAX)) return false;
    col_vec3 dl = col_v3_sub(o->m->linear, f->m->linear);
    col_vec3 q = col_v3_sub(pivot_at(o, t1), pivot_at(f, t1));
    col_real wf = f->spin, wo = o->spin, ldl = col_v3_len(dl);
    out->k = col_v3_scale(f->m->rotation, COL_R(1.0) / wf);
    out->w = wf;
    out->k0 = wf * wf * (col_v3_len(q) + o->extent) + COL_R(2.0) * wf * (ldl + wo * o->extent) + wo * wo * o->extent;
    out->k1 = wf * wf * ldl;
    /* a few ulps over: the bound must not fall short by rounding */
    out->k0 *= COL_R(1.0) + COL_R(16.0) * COL_EPSILON;
    out->k1 *= COL_R(1.0) + COL_R(16.0) * COL_EPSILON;
    return out->k0 <= COL_REAL_MAX && out->k1 <= COL_REAL_MAX;
}

/*
 * The longest step h in (0, hmax] found with phi(h) > 0 (0: none). The
 * frame is the one whose phi is the greatest at a probe, twice the
 * Lipschitz step h_ca (near a contact beyond it in every frame, where the
 * frame that follows the contact falls least); *clear where its phi(hmax)
 * > 0 (no contact before the step's end). Then a bracketed search for phi =
 * tol / 2 (regula falsi with the Illinois rule, where b2TimeOfImpact's root
 * finder alternates the secant and bisection), each point with phi > 0
 * certifying [0, h], ending at the first with phi within the tolerance or
 * after six points.
 */
static col_real axis_advance(const axis_step *S, const axis_frame *frames, int nf, col_real hmax, col_real h_ca,
                             bool *clear) {
    *clear = false;
    col_real probe = col_min(hmax, COL_R(2.0) * h_ca), fp = -(col_real)INFINITY;
    if (!(probe > COL_R(0.0))) return COL_R(0.0);
    int best = 0;
    for (int i = 0; i < nf; ++i) {
        col_real f;
        if (!axis_phi(S, &frames[i], probe, &f)) return COL_R(0.0);
        if (f > fp) fp = f, best = i;
    }
    const axis_frame *F = &frames[best];
    col_real fend = fp;
    if (probe < hmax && !axis_phi(S, F, hmax, &fend)) return COL_R(0.0);
    if (fend > COL_R(0.0)) {
        *clear = true;
        return hmax;
    }
    /* the bracket of psi = phi - tol / 2: psi(lo) > 0 >= psi(hi) */
    col_real half = COL_R(0.5) * S->tol;
    col_real lo = COL_R(0.0), plo = S->g1 - S->floor - half, hi = probe, phi_ = fp - half;
    if (fp > COL_R(0.0)) {
        if (fp <= S->tol) return probe;
        lo = probe, plo = fp - half, hi = hmax, phi_ = fend - half;
    }
    if (!(plo > COL_R(0.0))) return plo + half > COL_R(0.0) ? lo : COL_R(0.0);
    int side = 0;
    for (int k = 0; k < 6; ++k) {
        /* regula falsi with the Illinois rule (an end kept twice has its
         * value halved), so neither end stalls */
        col_real h = lo + plo * (hi - lo) / (plo - phi_);
        if (!(h > lo && h < hi)) h = COL_R(0.5) * (lo + hi);
        if (!(h > lo && h < hi)) break; /* the bracket below the resolution of time */
        col_real f;
        if (!axis_phi(S, F, h, &f)) break;
        if (f > COL_R(0.0) && f <= S->tol) return h; /* certified, and within the tolerance of the contact */
        if (f - half > COL_R(0.0)) {
            lo = h, plo = f - half;
            if (side == 1) phi_ *= COL_R(0.5);
            side = 1;
        } else {
            hi = h, phi_ = f - half;
            if (side == -1) plo *= COL_R(0.5);
            side = -1;
        }
    }
    return lo;
}

/*
 * Conservative advancement from t_start in direction dir (+1: forward, -1:
 * backward in time). At each time, the closest points give a plane normal n
 * (from B toward A) that separates the shapes by the distance d; no point
 * of A approaches B across it faster than mu = -dir (la - lb) . n + |wa x n|
 * ra + |wb x n| rb (a point's velocity is the pivot's plus w x (x - pivot),
 * whose part along n is at most |w x n| times the reach: Mirtich's |w| r,
 * less the spin about n itself), so no contact comes before (d - target) /
 * mu. The separating-axis step (axis_advance) goes further where its
 * bound allows; the longer of the two is taken.
 */
static advance advance_run(const mover *a, const mover *b, col_real t_start, col_real dir, col_real target,
                           col_real tol, col_real slack, int cap, int *evals) {
    advance out;
    memset(&out, 0, sizeof out);
    col_vec3 lin = col_v3_sub(a->m->linear, b->m->linear);
    col_vec3 wa = a->spin > COL_R(0.0) ? a->m->rotation : col_v3(0, 0, 0);
    col_vec3 wb = b->spin > COL_R(0.0) ? b->m->rotation : col_v3(0, 0, 0);
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
        col_vec3 n = out.r.normal;
        col_real sa = col_v3_len(col_v3_cross(wa, n)), sb = col_v3_len(col_v3_cross(wb, n));
        col_real mu = -dir * col_v3_dot(lin, n) + sa * a->reach + sb * b->reach;
        if (!(mu > COL_R(0.0))) return out; /* the plane is never crossed */
        col_real h_ca = (out.r.distance - target) / mu, un = u + h_ca;
        if (!(un <= COL_R(1.0))) return out; /* contact after the step's end */
        if (!col__rotating_plain) {
            axis_step S = {a, b, n, t, dir, COL_R(0.0), target + slack, tol};
            axis_frame frames[3];
            int nf = 1;
            frames[0].k = col_v3(0, 0, 0);
            frames[0].w = COL_R(0.0);
            frames[0].k0 =
                (sa * a->spin * a->reach + sb * b->spin * b->reach) * (COL_R(1.0) + COL_R(16.0) * COL_EPSILON);
            frames[0].k1 = COL_R(0.0);
            frames[0].owner = -1;
            frames[0].c = COL_R(0.0);
            if (a->spin > COL_R(0.0) && a->supported && turning_frame(a, b, t, n, 0, &frames[nf])) ++nf;
            if (b->spin > COL_R(0.0) && b->supported && turning_frame(b, a, t, n, 1, &frames[nf])) ++nf;
            bool clear = false;
            col_real h = COL_R(0.0);
            if (a->supported && b->supported) {
                S.g1 = gap_at(a, b, t, n);
                h = axis_advance(&S, frames, nf, COL_R(1.0) - u, h_ca, &clear);
            }
            if (clear) return out; /* no contact before the step's end */
            un = col_max(un, u + h);
        }
        if (!(un > u)) { /* a step below the resolution of time */
            out.hit = true;
            return out;
        }
        u = un;
    }
}

/* The mover's support data (a valid shape): its proxy at its reference
 * point, and its unit rotation axis. */
static void mover_support(mover *m) {
    m->supported = col_support_supported(m->s->kind);
    m->k = m->spin > COL_R(0.0) ? col_v3_scale(m->m->rotation, COL_R(1.0) / m->spin) : col_v3(0, 0, 0);
    col_vec3 o = col__shape_ref(m->s);
    m->op = col_v3_sub(o, m->m->pivot);
    if (m->supported) col__proxy_make(m->s, o, col_v3(0, 0, 0), &m->px);
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
    col_real ea = a->kind == COL_SHAPE_PLANE ? (col_real)INFINITY : reach(a, ma->pivot),
             eb = b->kind == COL_SHAPE_PLANE ? (col_real)INFINITY : reach(b, mb->pivot);
    mover A, B;
    memset(&A, 0, sizeof A);
    memset(&B, 0, sizeof B);
    A.s = a, A.m = ma, A.reach = A.extent = ea, A.spin = col_v3_len(ma->rotation);
    B.s = b, B.m = mb, B.reach = B.extent = eb, B.spin = col_v3_len(mb->rotation);
    mover_support(&A);
    mover_support(&B);
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
    /* the roundings of a gap along an axis: a few ulps of the scale */
    col_real slack = COL_R(64.0) * COL_EPSILON * scale;
    advance fwd = advance_run(&A, &B, COL_R(0.0), COL_R(1.0), prm.target, tol, slack, cap, &evals);
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
            advance back = advance_run(&A, &B, COL_R(1.0), -COL_R(1.0), prm.target, tol, slack, cap, &evals);
            if (back.hit) h.t1 = col_max(back.t, h.t0);
            if (back.capped) h.status = COL_NOT_CONVERGED;
        }
        h.normal = col__no_neg_zero(h.normal);
    }
    free(room);
    if (iterations) *iterations = evals;
    return h;
}
