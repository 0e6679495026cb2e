/*
 * Penetration of two polytope cores by separating axes (col_penetration's
 * closed form where a box or a triangle is involved): a box (AABB or OBB)
 * against a box, a triangle, a segment or a point; a triangle against a
 * segment.
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
    bool sliver; /* a triangle whose normal is noise beyond the axes' band (sat_core_make) */
} sat_core;

/* v over its largest |component| (zero stays zero): an axis of the same
 * direction whose products neither overflow nor underflow (a triangle's
 * normal from edges of 1e50 would square to infinity), the same for a copy
 * scaled by a power of two. */
static col_vec3 unit_max(col_vec3 v) {
    col_real m = col__max_abs3(v);
    return m > COL_R(0.0) ? col_v3_div(v, m) : v;
}

/* v times the power of two that brings its largest |component| into
 * [0.5, 1) (zero, and what is not finite, stay as they are): the same
 * direction exactly, with room for products (a triangle's face normal from
 * its edges, unit_max's division rounding none of them first). */
static col_vec3 pow2_scaled(col_vec3 v) {
    col_real m = col__max_abs3(v), s1, s2;
    if (!(m > COL_R(0.0) && m <= COL_REAL_MAX)) return v;
    col__pow2_split(m, &s1, &s2);
    return col_v3_scale(col_v3_scale(v, s1), s2);
}

static bool sat_core_make(const col__proxy *x, sat_core *s) {
    static const col_vec3 world[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    s->box = false;
    s->sliver = false;
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
        /* (unrolled: the loop's index arithmetic cost as much as the products) */
        s->face[0] = col_v3_cross(x->u[1], x->u[2]);
        s->face[1] = col_v3_cross(x->u[2], x->u[0]);
        s->face[2] = col_v3_cross(x->u[0], x->u[1]);
        s->nface = s->nedge = 3;
        return true;
    case COL__SUPPORT_TRIANGLE:
        for (int k = 0; k < 3; ++k) s->p[k] = col_v3_add(x->p[k], x->shift);
        s->np = 3;
        s->edge[0] = unit_max(col_v3_sub(s->p[1], s->p[0]));
        s->edge[1] = unit_max(col_v3_sub(s->p[2], s->p[1]));
        s->edge[2] = unit_max(col_v3_sub(s->p[0], s->p[2]));
        {
            /* the face normal from the two edges at the vertex opposite
             * the longest edge, the largest angle (at least 60 degrees),
             * scaled exactly: the cross product rounds by about eps over
             * the sine of the angle between its edges, and each edge's
             * own rounding (unit_max's division) would add as much again
             * (at a sliver's acute vertex, 700 by 0.25, the normal came
             * 4e-14 rad off the exact one; now within an ulp of it) */
            col_vec3 d[3];
            col_real len[3];
            for (int k = 0; k < 3; ++k) {
                d[k] = col_v3_sub(s->p[(k + 1) % 3], s->p[k]);
                len[k] = col__len_safe(d[k]);
            }
            int k = len[0] >= len[1] && len[0] >= len[2] ? 0 : (len[1] >= len[2] ? 1 : 2), j = (k + 2) % 3;
            col_vec3 dj = pow2_scaled(d[j]), dk = pow2_scaled(d[(j + 2) % 3]), cr = col_v3_cross(dj, col_v3_neg(dk));
            s->face[0] = unit_max(cr);
            /* The normal's direction rounds by about 8 eps over the sine of
             * that angle (the edges' roundings and the product's), so the
             * cores' projections on it by that times their size: within
             * the axes' band (COL_GJK_SIZE_TOLERANCE of the size, four
             * times over) only where the sine is at least 1/64. Below, a
             * sliver, whose normal may miss the separation in its thin
             * direction: a segment along one 1e-15 wide, 0.0058 from it,
             * was 4.2e-4 deep (tests/test_gjk.cc, Penetration.
             * ASegmentAlongASliverOrAPointBesideOneIsApart). (The pow2
             * scalings keep the sine.) */
            col_real m = col__len_safe(dj) * col__len_safe(dk);
            s->sliver = !(col__len_safe(cr) >= m * COL_R(0.015625));
        }
        s->nface = 1;
        s->nedge = 3;
        return true;
    case COL__SUPPORT_SEGMENT:
        s->p[0] = col_v3_add(x->p[0], x->shift);
        s->p[1] = col_v3_add(x->p[1], x->shift);
        /* a segment of length 0 is a point: against a triangle, A - B is
         * flat, and the axes (the triangle's normal, and no edge product)
         * are not all of its facets' (a sliver's normal, noise, found a
         * point 1322 away 60 deep: fuzz/regressions/distance/sat-depth-of-
         * a-sliver-and-a-point-segment) */
        if (col__same_point(s->p[0], s->p[1])) {
            s->np = 1;
            return true;
        }
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

/* a / sqrt(x) < b / sqrt(y) for x, y > 0, without the roots where the
 * squared sides stay clear of underflow (an overlap of 1e-170 against axes
 * of length 1e-33 squared to 0 and lost to an edge axis: a box and a
 * triangle at those scales got the box's size as their depth,
 * fuzz/regressions/distance/sat-overlaps-underflowing-in-the-comparison) */
static inline bool ratio_less(col_real a, col_real x, col_real b, col_real y) {
    if ((a < COL_R(0.0)) != (b < COL_R(0.0))) return a < b;
    col_real p = a * a * y, q = b * b * x, tiny = COL__REAL_MIN / (COL_EPSILON * COL_EPSILON);
    if ((p < tiny && a != COL_R(0.0)) || (q < tiny && b != COL_R(0.0))) return a / col_sqrt(x) < b / col_sqrt(y);
    return a < COL_R(0.0) ? p > q : p < q;
}

/*
 * The axis l (|l|^2 = ll) with overlap ov and A's way out along sign * l
 * into *best where its overlap is the least so far by more than tie (in
 * distance along the axis: 16 ulps of the cores' size, their overlaps'
 * rounding): near-equal overlaps keep the first axis in the
 * order tried (A's faces, B's, the edges), and a way out whose two sides
 * tie (their overlaps within 2 tie of each other) is tie_sign, so that
 * rounding does not choose: a sphere centred on a box's corner leaves
 * through the box's x face, one at the box's centre along its smallest
 * half extent, the box's own axes first (FCL's documented rule for
 * sphere-box), in any frame. Ties on an axis of A's move B along it
 * (tie_sign -1), on B's or an edge axis A (+1).
 */
static COL__ALWAYS_INLINE void sat_keep(sat_best *best, col_real ov, col_real ll, col_vec3 l, col_real sign,
                                        col_real tie) {
    if (!ratio_less(ov, ll, best->ov, best->ll)) return;
    if (best->ov < COL_REAL_MAX && best->ov / col_sqrt(best->ll) - ov / col_sqrt(ll) <= tie) return;
    best->ov = ov;
    best->ll = ll;
    best->l = l;
    best->sign = sign;
}

/* Axis l: false when it parts the cores by more than the band (band2 =
 * band^2: ov < -band |l|); else the least overlap into *best (sat_keep:
 * within the band, the first). */
static COL__ALWAYS_INLINE bool sat_axis(const sat_core *A, const sat_core *B, col_vec3 l, col_real band, col_real tie,
                                        col_real tie_sign, sat_best *best) {
    col_real ll = col_v3_len_sq(l);
    if (!(ll > COL_R(0.0))) return true; /* a zero axis (parallel edges, a degenerate face) bounds nothing */
    col_real alo, ahi, blo, bhi;
    sat_interval(A, l, &alo, &ahi);
    sat_interval(B, l, &blo, &bhi);
    col_real down = ahi - blo, up = bhi - alo; /* A moving along -l, along +l */
    col_real ov = down < up ? down : up;
    if (ov < COL_R(0.0) && ov * ov > band * band * ll) return false;
    col_real sign = down < up ? COL_R(-1.0) : COL_R(1.0);
    if (col_abs(down - up) <= COL_R(2.0) * tie * col_sqrt(ll)) sign = tie_sign;
    sat_keep(best, ov, ll, l, sign, tie);
    return true;
}

/* One axis l (|l|^2 = ll) of two boxes whose centres are cc apart along it
 * and whose radii along it are ra and rb: sat_axis's answer without the
 * intervals (the overlap is ra + rb - |cc|; A leaves against the side B's
 * centre lies on). */
static COL__ALWAYS_INLINE bool box_axis(col_vec3 l, col_real ll, col_real cc, col_real ra, col_real rb, col_real band,
                                        col_real tie, col_real tie_sign, sat_best *best) {
    if (!(ll > COL_R(0.0))) return true;
    col_real ov = ra + rb - col_abs(cc);
    if (ov < COL_R(0.0) && ov * ov > band * band * ll) return false;
    if (ratio_less(ov, ll, best->ov, best->ll)) {
        col_real sign = cc > COL_R(0.0) ? COL_R(-1.0) : COL_R(1.0);
        if (col_abs(cc) <= tie * col_sqrt(ll)) sign = tie_sign;
        sat_keep(best, ov, ll, l, sign, tie);
    }
    return true;
}

/*
 * The fifteen axes of two boxes (parallelepipeds: axes a_i, b_j, half
 * extents al_i, be_j, face normals fa_i = a_(i+1) x a_(i+2), fb_j alike),
 * with the projections by triple products (Gottschalk, Lin and Manocha 1996,
 * for axes that need not be orthonormal): a_k . fa_i = 0 for k != i, so A's
 * radius along its face normal is al_i |det A|; along a_i x b_j, a_k . (a_i x
 * b_j) = b_j . (a_k x a_i) is -+ fa_m . b_j, the third index m, so the radius
 * takes two of the nine products fa . b; B's alike from a . fb; the centres'
 * offset c . (a_i x b_j) = (c x a_i) . b_j. The same quantities as
 * sat_axis's, in a fraction of the work.
 */
static int box_box_axes(const sat_core *A, const sat_core *B, col_real band, col_real tie, sat_best *best) {
    col_vec3 c = col_v3_sub(B->c, A->c);
    col_real al[3] = {A->e.x, A->e.y, A->e.z}, be[3] = {B->e.x, B->e.y, B->e.z};
    col_real P[3][3], Q[3][3], X[3][3];
    /* each family's products only once the one before failed to part the
     * boxes: A's faces, B's, then the edges (a separated pair mostly stops
     * at a face) */
    col_real det_a = col_abs(col_v3_dot(A->u[0], A->face[0])), det_b = col_abs(col_v3_dot(B->u[0], B->face[0]));
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) P[i][j] = col_abs(col_v3_dot(A->face[i], B->u[j]));
        col_real rb = be[0] * P[i][0] + be[1] * P[i][1] + be[2] * P[i][2];
        if (!box_axis(A->face[i], col_v3_len_sq(A->face[i]), col_v3_dot(c, A->face[i]), al[i] * det_a, rb, band, tie,
                      -COL_R(1.0), best))
            return 0;
    }
    for (int j = 0; j < 3; ++j) {
        for (int i = 0; i < 3; ++i) Q[i][j] = col_abs(col_v3_dot(A->u[i], B->face[j]));
        col_real ra = al[0] * Q[0][j] + al[1] * Q[1][j] + al[2] * Q[2][j];
        if (!box_axis(B->face[j], col_v3_len_sq(B->face[j]), col_v3_dot(c, B->face[j]), ra, be[j] * det_b, band, tie,
                      COL_R(1.0), best))
            return 0;
    }
    for (int i = 0; i < 3; ++i) {
        col_vec3 cxa = col_v3_cross(c, A->u[i]);
        for (int j = 0; j < 3; ++j) X[i][j] = col_v3_dot(cxa, B->u[j]);
    }
    for (int i = 0; i < 3; ++i) {
        int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
        for (int j = 0; j < 3; ++j) {
            int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
            col_vec3 l = col_v3_cross(A->u[i], B->u[j]);
            col_real ra = al[i1] * P[i2][j] + al[i2] * P[i1][j], rb = be[j1] * Q[i][j2] + be[j2] * Q[i][j1];
            if (!box_axis(l, col_v3_len_sq(l), X[i][j], ra, rb, band, tie, COL_R(1.0), best)) return 0;
        }
    }
    return 1;
}

/* The kept axis's depth and unit normal (A's way out): the axis over its
 * largest |component| before its length (an edge product of a triangle
 * mixing 1e22 and 1e-115 coordinates squared to a subnormal |l|^2, whose
 * root left the normal 1e-3 off unit: fuzz/regressions/dynamic/sat-normal-
 * of-a-subnormal-axis). */
static void sat_unit(const sat_best *best, col_real *depth, col_vec3 *normal) {
    col_real m = col__max_abs3(best->l);
    col_vec3 lu = col_v3_div(best->l, m);
    col_real len = col_v3_len(lu);
    *depth = best->ov / m / len;
    *normal = col_v3_scale(lu, best->sign / len);
}

/* Every axis of the cores a and b (of the proxies A and B) into *best, the
 * least overlap (sat_keep); false at the first that parts them by more than
 * band. */
static bool sat_axes(const sat_core *a, const sat_core *b, const col__proxy *A, const col__proxy *B, col_real band,
                     sat_best *best) {
    *best = (sat_best){COL_REAL_MAX, COL_R(1.0), COL_R(1.0), {0, 0, 1}};
    /* overlaps within rounding of the cores' size tie (sat_keep) */
    col_real tie = COL_R(16.0) * COL_EPSILON * (A->size + B->size);
    if (a->box && b->box) return box_box_axes(a, b, band, tie, best);
    for (int i = 0; i < a->nface; ++i)
        if (!sat_axis(a, b, a->face[i], band, tie, -COL_R(1.0), best)) return false;
    for (int i = 0; i < b->nface; ++i)
        if (!sat_axis(a, b, b->face[i], band, tie, COL_R(1.0), best)) return false;
    for (int i = 0; i < a->nedge; ++i)
        for (int j = 0; j < b->nedge; ++j)
            if (!sat_axis(a, b, col_v3_cross(a->edge[i], b->edge[j]), band, tie, COL_R(1.0), best)) return false;
    return true;
}

int col__sat_penetration(const col__proxy *A, const col__proxy *B, col_real band, col_real *depth, col_vec3 *normal) {
    sat_core a, b;
    if (!sat_core_make(A, &a) || !sat_core_make(B, &b)) return -1;
    /* a box with any core; a triangle with a segment (A - B a solid: the
     * axes list its facets; a point with a triangle or a segment makes a
     * flat A - B, which the distance decides) */
    bool tri_a = !a.box && a.np == 3, tri_b = !b.box && b.np == 3;
    if (!a.box && !b.box && !((tri_a && b.np == 2) || (tri_b && a.np == 2))) return -1;
    sat_best best;
    if (!sat_axes(&a, &b, A, B, band, &best)) return 0; /* (an axis that parts them proves it, noisy or not) */
    /* no axis: every face normal and edge product zero (a triangle that is
     * a point against one that is a segment, whose A - B is flat), or a
     * sliver's normal, which may have missed the axis that parts them: the
     * general path decides */
    if (!(best.ov < COL_REAL_MAX) || a.sliver || b.sliver) return -1;
    sat_unit(&best, depth, normal);
    return *depth > band ? 1 : 2;
}

bool col__sat_separating_axis(const col__proxy *A, const col__proxy *B, col_vec3 *normal) {
    sat_core a, b;
    if (!sat_core_make(A, &a) || !sat_core_make(B, &b)) return false;
    sat_best best;
    sat_axes(&a, &b, A, B, COL_REAL_MAX, &best); /* (no band: every axis) */
    if (!(best.ov < COL_REAL_MAX)) return false;
    col_real depth;
    sat_unit(&best, &depth, normal);
    return true;
}

int col__sat_edges(const col__proxy *x, col_vec3 edge[3]) {
    sat_core s;
    if (!sat_core_make(x, &s)) return 0;
    for (int k = 0; k < s.nedge; ++k) edge[k] = s.edge[k];
    return s.nedge;
}

/* ---- witness points on the contact ---- */

/* The core's vertices (a box's eight corners), into v; their count. */
static int sat_vertices(const sat_core *s, col_vec3 v[8]) {
    if (!s->box) {
        for (int i = 0; i < s->np; ++i) v[i] = s->p[i];
        return s->np;
    }
    /* corner i: c + (-+e_k) u_k for k = 0, 1, 2 in turn, the + side where
     * bit k of i is set; each sum rounds as c's madd with the signed extent
     * did (-+(e_k u_k) is the product -+e_k times u_k exactly), so each
     * partial sum is computed once and shared by the corners below it */
    col_vec3 h[3], a[2], b[4];
    for (int k = 0; k < 3; ++k) h[k] = col_v3_scale(s->u[k], col_v3_get(s->e, k));
    a[0] = col_v3_sub(s->c, h[0]);
    a[1] = col_v3_add(s->c, h[0]);
    for (int j = 0; j < 4; ++j) b[j] = j & 2 ? col_v3_add(a[j & 1], h[1]) : col_v3_sub(a[j & 1], h[1]);
    for (int i = 0; i < 8; ++i) v[i] = i & 4 ? col_v3_add(b[i & 3], h[2]) : col_v3_sub(b[i & 3], h[2]);
    return 8;
}

/* A 2D point in the plane across n (coordinates along t1, t2). */
typedef col__p2 sat_p2;

/* The feature of a core extreme along d (its vertices within tol of the
 * extreme: a face, an edge or a vertex), as a convex polygon across n in
 * counterclockwise order (up to four points; collinear ones dropped), and
 * the extreme's height along d. */
/* sat_feature of a box, from the signs of its axes along d: an axis of
 * non-zero extent whose flip moves a corner by no more than tol along d is
 * free; none free, a
 * vertex; one, an edge; two, a face, its corners in cyclic order (then
 * turned counterclockwise). -1 where all three are (a tiny box: the general
 * way). */
static int sat_box_feature(const sat_core *s, col_vec3 d, col_vec3 t1, col_vec3 t2, col_real tol, sat_p2 out[4],
                           col_real *height, bool *is_corner, sat_p2 *corner) {
    col_vec3 base = s->c, half[3];
    int free_axes[3], nfree = 0;
    for (int k = 0; k < 3; ++k) {
        col_real dk = col_v3_dot(s->u[k], d), ek = col_v3_get(s->e, k);
        half[k] = col_v3_scale(s->u[k], ek);
        if (ek > COL_R(0.0) && COL_R(2.0) * ek * col_abs(dk) <= tol) /* (a flat box's zero extent: no edge) */
            free_axes[nfree++] = k;
        else
            base = dk > COL_R(0.0) ? col_v3_add(base, half[k]) : col_v3_sub(base, half[k]);
    }
    if (nfree == 3) return -1;
    *height = col_v3_dot(base, d);
    col_vec3 v[4];
    int nv = 1;
    v[0] = base;
    if (nfree == 0) {
        /* a vertex, with the part of each edge from it that stays within
         * tol of it along d: a box nearly square to d has a face within
         * rounding beyond its vertex, where the other shape's edge may
         * cross it (a box corner 1.2e-6 beside a triangle's edge in the
         * triangle's plane, its top face 1.7e-8 rad off that plane, got b*
         * 3.1e-9 off the box at size 512: fuzz/regressions/distance/
         * sat-witness-beside-a-box-corner) */
        for (int k = 0; k < 3; ++k) {
            col_real dk = col_v3_dot(s->u[k], d), drop = COL_R(2.0) * col_v3_get(s->e, k) * col_abs(dk);
            if (!(drop > COL_R(0.0))) continue;
            col_real f = tol < drop ? tol / drop : COL_R(1.0);
            v[nv++] = col_v3_madd(base, (dk > COL_R(0.0) ? COL_R(-2.0) : COL_R(2.0)) * f, half[k]);
        }
        sat_p2 pts[4], hull[9];
        for (int i = 0; i < nv; ++i) pts[i] = (sat_p2){col_v3_dot(v[i], t1), col_v3_dot(v[i], t2)};
        *corner = pts[0];
        *is_corner = true;
        int k = col__chain2d(pts, nv, hull);
        if (k == 2 && hull[0].x == hull[1].x && hull[0].y == hull[1].y) k = 1;
        if (k > 4) k = 4;
        for (int i = 0; i < k; ++i) out[i] = hull[i];
        return k;
    } else if (nfree == 1) {
        v[0] = col_v3_sub(base, half[free_axes[0]]);
        v[1] = col_v3_add(base, half[free_axes[0]]);
        nv = 2;
    } else if (nfree == 2) {
        col_vec3 hi = half[free_axes[0]], hj = half[free_axes[1]];
        v[0] = col_v3_sub(col_v3_sub(base, hi), hj);
        v[1] = col_v3_sub(col_v3_add(base, hi), hj);
        v[2] = col_v3_add(col_v3_add(base, hi), hj);
        v[3] = col_v3_add(col_v3_sub(base, hi), hj);
        nv = 4;
    }
    for (int i = 0; i < nv; ++i) out[i] = (sat_p2){col_v3_dot(v[i], t1), col_v3_dot(v[i], t2)};
    if (nv == 4 && col__cross2(out[0], out[1], out[2]) < COL_R(0.0)) { /* clockwise: reverse */
        sat_p2 t = out[1];
        out[1] = out[3];
        out[3] = t;
    }
    return nv;
}

static int sat_feature(const sat_core *s, col_vec3 d, col_vec3 t1, col_vec3 t2, col_real tol, sat_p2 out[4],
                       col_real *height, bool *is_corner, sat_p2 *corner) {
    *is_corner = false;
    if (s->box) {
        int k = sat_box_feature(s, d, t1, t2, tol, out, height, is_corner, corner);
        if (k > 0) return k;
        *is_corner = false;
    }
    col_vec3 v[8];
    int nv = sat_vertices(s, v);
    col_real h[8], best = -COL_REAL_MAX;
    for (int i = 0; i < nv; ++i) {
        h[i] = col_v3_dot(v[i], d);
        best = h[i] > best ? h[i] : best;
    }
    *height = best;
    sat_p2 pts[8];
    int np = 0;
    for (int i = 0; i < nv; ++i)
        if (h[i] >= best - tol) pts[np++] = (sat_p2){col_v3_dot(v[i], t1), col_v3_dot(v[i], t2)};
    if (np <= 1) {
        out[0] = pts[0];
        return 1;
    }
    /* convex hull (monotone chain over at most 8 points: a box's face has 4) */
    sat_p2 hull[17];
    int k = col__chain2d(pts, np, hull);
    if (k > 4) k = 4;                                                      /* (a box's face, a triangle: never more) */
    if (k == 2 && hull[0].x == hull[1].x && hull[0].y == hull[1].y) k = 1; /* one vertex, twice (a flat box) */
    for (int i = 0; i < k; ++i) out[i] = hull[i];
    return k;
}

/* The polygon p (np points, counterclockwise, or a segment or a point)
 * clipped to the convex polygon q (nq >= 3, counterclockwise): into out,
 * its count. */
static int sat_clip(const sat_p2 *p, int np, const sat_p2 *q, int nq, sat_p2 *out) {
    sat_p2 a[16], b[16];
    int na = np;
    for (int i = 0; i < np; ++i) a[i] = p[i];
    for (int e = 0; e < nq && na > 0; ++e) {
        sat_p2 o = q[e], w = q[(e + 1) % nq];
        int nb = 0;
        int closed = na >= 3; /* a segment is not closed: its last point does not lead back */
        int edges = closed ? na : na - 1;
        if (na == 1) {
            if (col__cross2(o, w, a[0]) >= COL_R(0.0)) b[nb++] = a[0];
        } else {
            for (int i = 0; i < edges; ++i) {
                sat_p2 s0 = a[i], s1 = a[(i + 1) % na];
                col_real d0 = col__cross2(o, w, s0), d1 = col__cross2(o, w, s1);
                if (d0 >= COL_R(0.0)) b[nb++] = s0;
                if ((d0 >= COL_R(0.0)) != (d1 >= COL_R(0.0))) {
                    col_real f = d0 / (d0 - d1);
                    b[nb++] = (sat_p2){s0.x + f * (s1.x - s0.x), s0.y + f * (s1.y - s0.y)};
                }
                if (!closed && i == edges - 1 && d1 >= COL_R(0.0)) b[nb++] = s1;
            }
        }
        na = nb < 16 ? nb : 16;
        for (int i = 0; i < na; ++i) a[i] = b[i];
    }
    for (int i = 0; i < na; ++i) out[i] = a[i];
    return na;
}

/* The point of the 2D feature f (a point, a segment, or a convex polygon
 * counterclockwise) nearest to q. */
static sat_p2 sat_nearest(const sat_p2 *f, int nf, sat_p2 q) {
    if (nf == 1) return f[0];
    bool inside = nf >= 3;
    for (int i = 0; i < nf && inside; ++i) inside = col__cross2(f[i], f[(i + 1) % nf], q) >= COL_R(0.0);
    if (inside) return q;
    sat_p2 best = f[0];
    col_real bd = COL_REAL_MAX;
    int edges = nf >= 3 ? nf : 1;
    for (int i = 0; i < edges; ++i) {
        sat_p2 a = f[i], b = f[(i + 1) % nf];
        col_real dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy;
        col_real t = len2 > COL_R(0.0) ? ((q.x - a.x) * dx + (q.y - a.y) * dy) / len2 : COL_R(0.0);
        t = t < COL_R(0.0) ? COL_R(0.0) : (t > COL_R(1.0) ? COL_R(1.0) : t);
        sat_p2 c = {a.x + t * dx, a.y + t * dy};
        col_real d = (c.x - q.x) * (c.x - q.x) + (c.y - q.y) * (c.y - q.y);
        if (d < bd) {
            bd = d;
            best = c;
        }
    }
    return best;
}

/* The point of f nearest to g (two 2D features that do not overlap: one
 * end of the nearest pair is a vertex of either). */
static sat_p2 sat_nearest_to(const sat_p2 *f, int nf, const sat_p2 *g, int ng) {
    sat_p2 best = f[0];
    col_real bd = COL_REAL_MAX;
    for (int i = 0; i < ng; ++i) {
        sat_p2 c = sat_nearest(f, nf, g[i]);
        col_real d = (c.x - g[i].x) * (c.x - g[i].x) + (c.y - g[i].y) * (c.y - g[i].y);
        if (d < bd) {
            bd = d;
            best = c;
        }
    }
    for (int i = 0; i < nf; ++i) {
        sat_p2 c = sat_nearest(g, ng, f[i]);
        col_real d = (c.x - f[i].x) * (c.x - f[i].x) + (c.y - f[i].y) * (c.y - f[i].y);
        if (d < bd) {
            bd = d;
            best = f[i];
        }
    }
    return best;
}

static bool same2(sat_p2 a, sat_p2 b) { return a.x == b.x && a.y == b.y; }

/* The mean of n 2D points. */
static sat_p2 sat_mean(const sat_p2 *p, int n) {
    sat_p2 m = {COL_R(0.0), COL_R(0.0)};
    for (int i = 0; i < n; ++i) {
        m.x += p[i].x;
        m.y += p[i].y;
    }
    m.x /= (col_real)n;
    m.y /= (col_real)n;
    return m;
}

/* The matched pair of two features across n (A's, fa at height ha along
 * n, facing B's fb): where they face each other, A's vertex; B's vertex,
 * or the middle of the region they share, taken onto A's feature (rounding
 * can part features that touch: then A's point nearest to B's feature);
 * two edges' closest points. *pa lifted to ha, *pb = *pa + depth n. */
static void facing(const sat_p2 *fa, int na, col_real ha, const sat_p2 *fb, int nb, col_real depth, col_vec3 n,
                   col_vec3 t1, col_vec3 t2, col_vec3 *pa, col_vec3 *pb) {
    sat_p2 q, r[16];
    if (na == 1) {
        q = fa[0];
    } else if (nb == 1) {
        q = sat_nearest(fa, na, fb[0]);
    } else if (nb >= 3 || na >= 3) {
        int nr = nb >= 3 ? sat_clip(fa, na, fb, nb, r) : sat_clip(fb, nb, fa, na, r);
        q = nr > 0 ? sat_nearest(fa, na, sat_mean(r, nr)) : sat_nearest_to(fa, na, fb, nb);
    } else {
        col_real s, t;
        col_vec3 c1, c2;
        (void)col__closest_segment_segment(col_v3(fa[0].x, fa[0].y, 0), col_v3(fa[1].x, fa[1].y, 0),
                                           col_v3(fb[0].x, fb[0].y, 0), col_v3(fb[1].x, fb[1].y, 0), &s, &t, &c1, &c2);
        q = (sat_p2){c1.x, c1.y};
    }
    *pa = col_v3_madd(col_v3_madd(col_v3_scale(n, ha), q.x, t1), q.y, t2);
    *pb = col_v3_madd(*pa, depth, n);
}

/* The matched pair from the features within tol of the extremes along n
 * (col__sat_witness); whether they face each other there (b* over B's
 * feature, within tol across n). */
static bool sat_witness_tol(const sat_core *a, const sat_core *b, col_real depth, col_vec3 n, col_vec3 t1, col_vec3 t2,
                            col_real tol, col_vec3 *pa, col_vec3 *pb) {
    sat_p2 fa[4], fb[4], ca, cb;
    col_real ha, hb;
    bool corner_a, corner_b;
    int na = sat_feature(a, col_v3_neg(n), t1, t2, tol, fa, &ha, &corner_a, &ca),
        nb = sat_feature(b, n, t1, t2, tol, fb, &hb, &corner_b, &cb);
    ha = -ha; /* A's lowest point along n */
    /* a box's corner is its feature where it faces the other's edge or
     * face, or lies in the other's face; beside that face, the part of the
     * box within rounding of the corner (sat_box_feature) */
    if (corner_a && (nb < 3 || same2(sat_nearest(fb, nb, ca), ca))) {
        fa[0] = ca;
        na = 1;
    }
    if (corner_b && (na < 3 || same2(sat_nearest(fa, na, cb), cb))) {
        fb[0] = cb;
        nb = 1;
    }
    facing(fa, na, ha, fb, nb, depth, n, t1, t2, pa, pb);
    sat_p2 qb = {col_v3_dot(*pb, t1), col_v3_dot(*pb, t2)}, near = sat_nearest(fb, nb, qb);
    col_real dx = near.x - qb.x, dy = near.y - qb.y;
    return dx * dx + dy * dy <= tol * tol;
}

/* An axis tied with the one kept (col__sat_witness): its depth and unit
 * normal. */
typedef struct sat_tied {
    col_real depth;
    col_vec3 n;
} sat_tied;

/* The axes other than n whose depth lies within tie of depth, each family
 * in the order col__sat_penetration tries it, into out (up to 15); their
 * count. */
static int sat_tied_axes(const sat_core *a, const sat_core *b, col_real depth, col_vec3 n, col_real tie,
                         sat_tied out[15]) {
    col_vec3 axes[15];
    col_real signs[15];
    int nax = 0, nt = 0;
    for (int i = 0; i < a->nface; ++i) axes[nax] = a->face[i], signs[nax++] = -COL_R(1.0);
    for (int i = 0; i < b->nface; ++i) axes[nax] = b->face[i], signs[nax++] = COL_R(1.0);
    for (int i = 0; i < a->nedge; ++i)
        for (int j = 0; j < b->nedge; ++j) axes[nax] = col_v3_cross(a->edge[i], b->edge[j]), signs[nax++] = COL_R(1.0);
    for (int k = 0; k < nax; ++k) {
        sat_best one = {COL_REAL_MAX, COL_R(1.0), COL_R(1.0), {0, 0, 1}};
        (void)sat_axis(a, b, axes[k], COL_REAL_MAX, tie, signs[k], &one);
        if (!(one.ov < COL_REAL_MAX)) continue; /* (a zero axis) */
        sat_tied t;
        sat_unit(&one, &t.depth, &t.n);
        /* (an axis along which the cores touch, apart by rounding: depth 0,
         * as the caller takes a touching pair's, regressions/distance/sat-
         * witness-of-a-tied-axis-apart-by-rounding) */
        t.depth = col_max(t.depth, COL_R(0.0));
        if (!(t.depth <= depth + tie) || col__same_point(t.n, n)) continue;
        out[nt++] = t;
    }
    return nt;
}

bool col__sat_witness(const col__proxy *A, const col__proxy *B, col_real *depth, col_vec3 *n, col_vec3 *pa,
                      col_vec3 *pb) {
    sat_core a, b;
    (void)sat_core_make(A, &a);
    (void)sat_core_make(B, &b);
    col_vec3 t1, t2;
    col__across(*n, &t1, &t2);
    /* the features within rounding of the extremes: A's against n, B's
     * along it */
    col_real size = A->size + B->size, tol = COL_R(64.0) * COL_EPSILON * size;
    if (sat_witness_tol(&a, &b, *depth, *n, t1, t2, tol, pa, pb)) return true;
    /* Where they face nothing, the axis kept is not the contact's, but one
     * whose overlap ties with it (sat_keep keeps the first of overlaps
     * within tie: a triangle through the edge of a box flat in z, along
     * edge products 1e-7 rad apart whose overlaps differed by 7.7e-12 of
     * 8.1e-12, kept the first, along which the triangle's extreme was its
     * corner 8.1e-5 beside the box's edge, regressions/distance/sat-witness-
     * of-an-axis-tied-with-the-contacts): the first axis within tie of its
     * depth whose features face (its depth and normal then, rounding apart
     * the same depth). (Only here: the common case pays nothing. Before
     * these, the features were widened up to 4096 times rounding where
     * they faced nothing, for a sliver's face normal 4e-14 rad off, since
     * exact to an ulp (sat_core_make); widening found the corner facing the
     * box's edge within 3e-8 where the tied axis's features face exactly,
     * regressions/distance/sat-witness-widened-past-a-tied-axis, and no
     * case known since needs it.) */
    sat_tied tied[15];
    int nt = sat_tied_axes(&a, &b, *depth, *n, COL_R(16.0) * COL_EPSILON * size, tied);
    for (int k = 0; k < nt; ++k) {
        col_vec3 u1, u2, wa, wb;
        col__across(tied[k].n, &u1, &u2);
        if (sat_witness_tol(&a, &b, tied[k].depth, tied[k].n, u1, u2, tol, &wa, &wb)) {
            *depth = tied[k].depth;
            *n = tied[k].n;
            *pa = wa;
            *pb = wb;
            return true;
        }
    }
    return false;
}

/* ---- polytopes: EPA's depth and normal, witnesses from the features ---- */

/* The points of a proxy's core given by points (a polytope's points, a
 * box's corners, a triangle's, a segment's or a point's), shift included,
 * into out (room for cap); their count, 0 for other cores (an ellipsoid)
 * or more than cap points. */
static int core_points(const col__proxy *x, col_vec3 *out, int cap) {
    int k = x->type == COL__SUPPORT_POINT      ? 1
            : x->type == COL__SUPPORT_SEGMENT  ? 2
            : x->type == COL__SUPPORT_TRIANGLE ? 3
                                               : 0;
    if (k > 0) {
        for (int i = 0; i < k; ++i) out[i] = col_v3_add(x->p[i], x->shift);
        return k;
    }
    if (x->type == COL__SUPPORT_POINTS) {
        if (x->count > cap) return 0;
        for (int i = 0; i < x->count; ++i) out[i] = col_v3_add(col_v3_sub(x->pts[i], x->origin), x->shift);
        return x->count;
    }
    if (x->type != COL__SUPPORT_BOX && x->type != COL__SUPPORT_OBB) return 0;
    sat_core s;
    (void)sat_core_make(x, &s);
    return sat_vertices(&s, out);
}

/* The feature of points extreme along d (those within tol of the extreme),
 * as a convex polygon across n (coordinates along t1, t2; counterclockwise;
 * collinear points dropped); its count, or -1 beyond 8 vertices or 16
 * points (a face too large for the clipping buffers). *height: the
 * extreme. */
static int points_feature(const col_vec3 *v, int nv, col_vec3 d, col_vec3 t1, col_vec3 t2, col_real tol, sat_p2 out[8],
                          col_real *height) {
    col_real best = -COL_REAL_MAX;
    for (int i = 0; i < nv; ++i) best = col__max_finite(best, col_v3_dot(v[i], d));
    *height = best;
    sat_p2 pts[16];
    int np = 0;
    for (int i = 0; i < nv; ++i)
        if (col_v3_dot(v[i], d) >= best - tol) {
            if (np == 16) return -1;
            pts[np++] = (sat_p2){col_v3_dot(v[i], t1), col_v3_dot(v[i], t2)};
        }
    if (np == 1) {
        out[0] = pts[0];
        return 1;
    }
    sat_p2 hull[33];
    int k = col__chain2d(pts, np, hull);
    if (k >= 3) {
        /* a polygon no wider than tol (points on a line, as rounded across
         * n: an edge of a polytope with a point in its middle) is that
         * line's segment, its two farthest points, so that two crossing
         * edges meet as edges */
        col_real area = COL_R(0.0), diam = COL_R(0.0);
        int i0 = 0, i1 = 1;
        for (int i = 0; i < k; ++i) {
            area += col__cross2(hull[0], hull[i], hull[(i + 1) % k]);
            for (int j = i + 1; j < k; ++j) {
                col_real dx = hull[j].x - hull[i].x, dy = hull[j].y - hull[i].y, dd = dx * dx + dy * dy;
                if (dd > diam) diam = dd, i0 = i, i1 = j;
            }
        }
        if (area <= COL_R(2.0) * tol * col_sqrt(diam)) {
            hull[0] = hull[i0];
            hull[1] = hull[i1];
            k = 2;
        }
    }
    if (k > 8) return -1;
    if (k == 2 && hull[0].x == hull[1].x && hull[0].y == hull[1].y) k = 1;
    for (int i = 0; i < k; ++i) out[i] = hull[i];
    return k;
}

bool col__points_witness(const col__proxy *A, const col__proxy *B, col_real depth, col_vec3 n, col_real tol,
                         col_vec3 *pa, col_vec3 *pb) {
    col_vec3 va[64], vb[64];
    int nva = core_points(A, va, 64), nvb = core_points(B, vb, 64);
    if (nva == 0 || nvb == 0) return false;
    col_vec3 t1, t2;
    col__across(n, &t1, &t2);
    sat_p2 fa[8], fb[8];
    col_real ha, hb;
    int na = points_feature(va, nva, col_v3_neg(n), t1, t2, tol, fa, &ha),
        nb = points_feature(vb, nvb, n, t1, t2, tol, fb, &hb);
    if (na < 0 || nb < 0) return false;
    facing(fa, na, -ha, fb, nb, depth, n, t1, t2, pa, pb);
    /* the features must face each other there (EPA's normal, unlike the
     * axes', can leave them a little apart: a flat polytope's short edge
     * beside a solid's vertex got b* 0.005 off B at size 512): else EPA's
     * own pair */
    sat_p2 qb = {col_v3_dot(*pb, t1), col_v3_dot(*pb, t2)}, nearest = sat_nearest(fb, nb, qb);
    col_real dx = nearest.x - qb.x, dy = nearest.y - qb.y;
    return dx * dx + dy * dy <= tol * tol;
}
