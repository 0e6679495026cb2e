/*
 * Penetration of two polytope cores by separating axes (col_penetration's
 * closed form where a box is involved): a box (AABB or OBB) against a box, a
 * triangle, a segment or a point.
 *
 * The depth of two convex polytopes that overlap is the least, over the unit
 * directions L, of how far A must move along L (or -L) to leave B: the
 * distance from the origin to the boundary of their Minkowski difference
 * A - B, which is reached along one of its facet normals. Every facet of A -
 * B is spanned by a face of A, a face of B, or an edge of each, so its
 * normal is among the face normals of A and B and the cross products of
 * their edge directions; every other direction of that list only gives an
 * upper bound. The least over the list is therefore the depth, exactly but
 * for rounding (Gottschalk, Lin and Manocha 1996 for the axes; the
 * depth-by-axes reading as in Ericson 5.2.1 and ODE's dBoxBox). A box has
 * three face normals and three edge directions (its axes), a triangle one
 * normal and three edges, a segment one edge, a point none: at most 15
 * axes, each costing two intervals and one square root.
 *
 * Where the least overlap is negative the cores are apart along that axis by
 * at least its magnitude (a lower bound of their distance).
 */
#include "convex.h"

/* A core as the axes see it: a box (centre, unit-ish axes, half extents) or
 * up to three points; its face normals and edge directions. */
typedef struct sat_core {
    bool box;
    col_vec3 c, u[3], e; /* box */
    col_vec3 p[3];       /* points (triangle, segment, point) */
    int np, nface, nedge;
    col_vec3 face[3], edge[3];
} sat_core;

/* v over its largest |component| (zero stays zero): an axis of the same
 * direction whose products neither overflow nor underflow (a triangle's
 * normal from edges of 1e50 would square to infinity), the same for a copy
 * scaled by a power of two. */
static col_vec3 unit_max(col_vec3 v) {
    col_real m = col__max_abs3(v);
    return m > COL_R(0.0) ? col_v3_div(v, m) : v;
}

static bool sat_core_make(const col__proxy *x, sat_core *s) {
    static const col_vec3 world[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    s->box = false;
    s->np = s->nface = s->nedge = 0;
    switch (x->type) {
    case COL__SUPPORT_BOX:
        s->box = true;
        s->c = col_v3_add(x->p[0], x->shift);
        s->e = x->p[1];
        for (int k = 0; k < 3; ++k) s->u[k] = s->face[k] = s->edge[k] = world[k];
        s->nface = s->nedge = 3;
        return true;
    case COL__SUPPORT_OBB:
        /* the box as the SAT tests take it: the parallelepiped of its axes
         * (orthonormal only to COL_ORTHONORMAL_TOLERANCE), whose faces are
         * spanned by two axes each */
        s->box = true;
        s->c = col_v3_add(x->p[0], x->shift);
        s->e = x->e;
        for (int k = 0; k < 3; ++k) s->u[k] = s->edge[k] = x->u[k];
        for (int k = 0; k < 3; ++k) s->face[k] = col_v3_cross(x->u[(k + 1) % 3], x->u[(k + 2) % 3]);
        s->nface = s->nedge = 3;
        return true;
    case COL__SUPPORT_TRIANGLE:
        for (int k = 0; k < 3; ++k) s->p[k] = col_v3_add(x->p[k], x->shift);
        s->np = 3;
        s->edge[0] = unit_max(col_v3_sub(s->p[1], s->p[0]));
        s->edge[1] = unit_max(col_v3_sub(s->p[2], s->p[1]));
        s->edge[2] = unit_max(col_v3_sub(s->p[0], s->p[2]));
        s->face[0] = col_v3_cross(s->edge[0], col_v3_neg(s->edge[2]));
        s->nface = 1;
        s->nedge = 3;
        return true;
    case COL__SUPPORT_SEGMENT:
        s->p[0] = col_v3_add(x->p[0], x->shift);
        s->p[1] = col_v3_add(x->p[1], x->shift);
        s->np = 2;
        s->edge[0] = unit_max(col_v3_sub(s->p[1], s->p[0]));
        s->nedge = 1;
        return true;
    case COL__SUPPORT_POINT:
        s->p[0] = col_v3_add(x->p[0], x->shift);
        s->np = 1;
        return true;
    default: return false;
    }
}

/* The core's extent [*lo, *hi] along l (any length). */
static COL__ALWAYS_INLINE void sat_interval(const sat_core *s, col_vec3 l, col_real *lo, col_real *hi) {
    if (s->box) {
        col_real m = col_v3_dot(s->c, l);
        col_real r = s->e.x * col_abs(col_v3_dot(s->u[0], l)) + s->e.y * col_abs(col_v3_dot(s->u[1], l)) +
                     s->e.z * col_abs(col_v3_dot(s->u[2], l));
        *lo = m - r;
        *hi = m + r;
        return;
    }
    col_real a = col_v3_dot(s->p[0], l), b = a;
    for (int i = 1; i < s->np; ++i) {
        col_real t = col_v3_dot(s->p[i], l);
        a = t < a ? t : a;
        b = t > b ? t : b;
    }
    *lo = a;
    *hi = b;
}

/* The least overlap so far: ov / sqrt(ll) along l, A leaving B along
 * sign * l. */
typedef struct sat_best {
    col_real ov, ll, sign;
    col_vec3 l;
} sat_best;

/* a / sqrt(x) < b / sqrt(y) for x, y > 0, without the roots */
static inline bool ratio_less(col_real a, col_real x, col_real b, col_real y) {
    if ((a < COL_R(0.0)) != (b < COL_R(0.0))) return a < b;
    return a < COL_R(0.0) ? a * a * y > b * b * x : a * a * y < b * b * x;
}

/* Axis l: false when it parts the cores by more than the band (band2 =
 * band^2: ov < -band |l|); else the least overlap into *best (the first of
 * equals). */
static COL__ALWAYS_INLINE bool sat_axis(const sat_core *A, const sat_core *B, col_vec3 l, col_real band2,
                                        sat_best *best) {
    col_real ll = col_v3_len_sq(l);
    if (!(ll > COL_R(0.0))) return true; /* a zero axis (parallel edges, a degenerate face) bounds nothing */
    col_real alo, ahi, blo, bhi;
    sat_interval(A, l, &alo, &ahi);
    sat_interval(B, l, &blo, &bhi);
    col_real down = ahi - blo, up = bhi - alo; /* A moving along -l, along +l */
    col_real ov = down < up ? down : up;
    if (ov < COL_R(0.0) && ov * ov > band2 * ll) return false;
    if (ratio_less(ov, ll, best->ov, best->ll)) {
        best->ov = ov;
        best->ll = ll;
        best->l = l;
        best->sign = down < up ? COL_R(-1.0) : COL_R(1.0);
    }
    return true;
}

int col__sat_penetration(const col__proxy *A, const col__proxy *B, col_real band, col_real *depth,
                         col_vec3 *normal) {
    if ((A->type != COL__SUPPORT_BOX && A->type != COL__SUPPORT_OBB) &&
        (B->type != COL__SUPPORT_BOX && B->type != COL__SUPPORT_OBB))
        return -1;
    sat_core a, b;
    if (!sat_core_make(A, &a) || !sat_core_make(B, &b)) return -1;
    sat_best best = {COL_REAL_MAX, COL_R(1.0), COL_R(1.0), {0, 0, 1}};
    col_real band2 = band * band;
    for (int i = 0; i < a.nface; ++i)
        if (!sat_axis(&a, &b, a.face[i], band2, &best)) return 0;
    for (int i = 0; i < b.nface; ++i)
        if (!sat_axis(&a, &b, b.face[i], band2, &best)) return 0;
    for (int i = 0; i < a.nedge; ++i)
        for (int j = 0; j < b.nedge; ++j)
            if (!sat_axis(&a, &b, col_v3_cross(a.edge[i], b.edge[j]), band2, &best)) return 0;
    if (!(best.ov < COL_REAL_MAX)) return 2; /* no axis (unreachable with a box) */
    col_real len = col_sqrt(best.ll);
    *depth = best.ov / len;
    *normal = col_v3_scale(best.l, best.sign / len);
    return *depth > band ? 1 : 2;
}
