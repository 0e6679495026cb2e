/*
 * Private: what the convex machinery's files share (support.c, gjk.c, epa.c,
 * convex_pairs.c, sweep_convex.c). Shapes enter as proxies (a core's support
 * function with its data, plus a radius), translated into a local frame at
 * the first shape's reference point; the algorithms see only proxies.
 */
#ifndef COLLIDE_SRC_CONVEX_H
#define COLLIDE_SRC_CONVEX_H

#include "distance_private.h"
#include "pairs.h"

/* max of two numbers that are not NaN (the vertices and directions here are
 * finite: the shapes were validated): a comparison, where col_max is a call
 * to fmax for its NaN rules. */
static inline col_real col__max_finite(col_real a, col_real b) { return a > b ? a : b; }

/* How a proxy's support point is found: what its data are (not the shape's
 * kind: a sphere's core is a point, a capsule's a segment). */
typedef enum col__support_type {
    COL__SUPPORT_POINT,     /* p[0] */
    COL__SUPPORT_SEGMENT,   /* p[0], p[1] */
    COL__SUPPORT_TRIANGLE,  /* p[0..2] */
    COL__SUPPORT_BOX,       /* centre p[0], half extents p[1] */
    COL__SUPPORT_OBB,       /* centre p[0], axes u, half extents e */
    COL__SUPPORT_ELLIPSOID, /* centre p[0], radii e */
    COL__SUPPORT_POINTS     /* pts[0..count) - origin */
} col__support_type;

/* What GJK, EPA and conservative advancement see of a shape: its core's
 * support type with the data it reads, a radius, a shift and a size. The
 * conversion from col_shape happens once (col__proxy_make, support.c): no
 * algorithm looks at a shape's kind. */
typedef struct col__proxy {
    col__support_type type; /* chosen once, by col__proxy_make */
    col_vec3 p[3];          /* vertices; AABB: centre and half extents; OBB, ellipsoid: centre in p[0] */
    col_vec3 u[3];          /* OBB axes */
    col_vec3 e;             /* OBB half extents, ellipsoid radii */
    const col_vec3 *pts;    /* polytope points (world), ... */
    int count;              /* ... how many, ... */
    col_vec3 origin;        /* ... and the frame origin subtracted from them */
    col_real radius;        /* sphere and capsule radius, else 0 */
    col_vec3 shift;         /* added to every support point (motion) */
    col_real size;          /* largest |coordinate| of the core in the frame, plus the radius */
} col__proxy;

typedef struct svert {
    col_vec3 w, a, b; /* w = a - b: a support point of A - B and its parts */
    int ia, ib;       /* a's and b's vertex ids on their cores (col__proxy_vertex), -1 for none */
} svert;

typedef struct simplex {
    svert v[4];
    col_real bc[4]; /* barycentric weights of the closest point */
    int n;
} simplex;

typedef struct gjk_state {
    /* Set by the caller (gjk_state_init): >= 0 for a yes/no question about
     * shapes whose cores are rounded by this sum of radii; GJK then stops as
     * soon as a support point proves the cores further apart than it (plus
     * twice the size tolerance: rounding), whose answer is a miss whatever the
     * remaining iterations would do. < 0: the distance is wanted. */
    col_real miss_radius;
    simplex s;
    /* Set by the caller for a warm start (col_gjk_cache): the vertex ids on
     * each core of a previous final simplex, a start GJK checks and solves
     * before its first step; 0 vertices: the cold start. */
    int warm_n;
    int warm_ia[4], warm_ib[4];
    col_real scale; /* size of the problem: tolerances are relative to it */
    col_real vv;    /* |v|^2 of the run's last closest point (its solver's own) */
    bool overlap;   /* the cores touch or overlap */
    bool converged; /* false: the iteration cap was reached */
    int iterations;
} gjk_state;

typedef struct epa_out {
    col_vec3 n;     /* outward normal of A - B at the nearest boundary point (A moves along -n) */
    col_real depth; /* support value of A - B along n, >= 0 */
    svert w;        /* the support point along n */
    /* the face of the polytope whose normal is n, and the weights of the
     * origin's projection on it (clamped into it): its parts give matched
     * witness points, sum bc a on A and sum bc b on B, whose difference is
     * the projection (has_face false: none, a flat A - B) */
    svert face[3];
    col_real bc[3];
    bool has_face; /* converged on that face, the projection in it */
    bool converged;
    int iterations;
    /* the polytope's nearest faces when EPA stopped, nearest first: their
     * normals and distances (where col__epa_refine looks for another
     * basin of D's least support value) */
    col_vec3 cand[8];
    col_real cand_dist[8];
    int ncand;
} epa_out;

/* A pair evaluated at a relative shift of A (a plane, if any, is B). */
typedef struct pair {
    const col_shape *a, *b;   /* valid shapes, as given (A not yet shifted); the caller's */
    const col_shape *ca, *cb; /* their cores, set only for a closed form: core_a, core_b or a, b (core_of) */
    col_shape core_a, core_b; /* a sphere's point, a capsule's segment (kind and member only) */
    col_real ra, rb;          /* their radii */
    col_vec3 o;               /* frame origin: A's reference point */
    col__closest_fn closest;  /* the closed form on the cores (the pair table's), or NULL */
    bool use_gjk;             /* B is no plane and the cores have no closed form */
    bool force_gjk;           /* GJK's answer asked for (col_gjk_distance): no closed form, no separating axes */
} pair;

/* ---- penetration_sat.c ---- */

/* The cores of A and B by the separating axes of polytopes (face normals
 * and edge cross products) when one is a box (AABB or OBB) and the other a
 * box, a triangle, a segment or a point, or one is a triangle and the other
 * a segment (shifts included): 1 when they overlap by more
 * than band, with their depth (the least overlap over the axes: exact but
 * for rounding) and the unit normal along which A leaves B; 0 when an axis
 * parts them by more than band (their distance is at least that); 2 in
 * between; -1 for other pairs, and where every axis is zero (a degenerate
 * triangle against a segment parallel to it: A - B is flat). */
int col__sat_penetration(const col__proxy *A, const col__proxy *B, col_real band, col_real *depth, col_vec3 *normal);

/* The unit normal (from B to A) of the separating axis along which the
 * polytope cores of A and B (boxes, triangles, segments, points; shifts
 * included) are parted the most, or overlap the least: their face normals
 * and edge cross products, as col__sat_penetration's, for any two of these
 * kinds. false where there is no axis (a point against a point or a
 * segment, every product zero) or a core is no polytope. The closed-form
 * distances (closed_form_axis_normal) and GJK's (near_normal) take it where
 * the cores lie within rounding of each other and their normal failed. */
bool col__sat_separating_axis(const col__proxy *A, const col__proxy *B, col_vec3 *normal);

/* The edge directions of x's polytope core as the axes take them (over
 * their largest |component|): a box's three axes, a triangle's three edges,
 * a segment's one, into edge; their count, 0 for a point or a core that is
 * no polytope. The closed forms' near normals take the difference across
 * each (closed_form_axis_normal). */
int col__sat_edges(const col__proxy *x, col_vec3 edge[3]);

/* Matched witness points of the cores' separating-axes depth along n (from
 * col__sat_penetration): *pa on A's deepest feature against n, *pb = *pa +
 * depth n on B's extreme feature along it, at the middle of the region where
 * the two features face each other across n (a vertex where one is a
 * vertex; two edges' closest points). Where they face nothing along n, the
 * first other axis whose overlap lies within rounding (16 ulps of the
 * size) of the depth and whose features face each other: *depth and *n
 * become its own. false where none faces: *pa and *pb are then the
 * features' pair along n, b* possibly off B. */
bool col__sat_witness(const col__proxy *A, const col__proxy *B, col_real *depth, col_vec3 *n, col_vec3 *pa,
                      col_vec3 *pb);

/* Matched witness points of two cores given by points (polytopes' points
 * up to 64, boxes' corners, triangles', segments' and points'; shifts
 * included; no radius) overlapping by depth (0: touching, or a flat A - B)
 * along n (EPA's): as col__sat_witness, each feature the points within tol
 * of the extreme. false for other cores, more points, or a feature of more
 * than 8 vertices (16 points), or features that do not face each other
 * across n within tol: the caller keeps EPA's own. */
bool col__points_witness(const col__proxy *A, const col__proxy *B, col_real depth, col_vec3 n, col_real tol,
                         col_vec3 *pa, col_vec3 *pb);

/* ---- support.c: proxies ---- */

/* The reference point of a valid shape: the origin of its frame. */
col_vec3 col__shape_ref(const col_shape *s);

/* Largest |component| of v (finite input). */
static inline col_real col__max_abs3(col_vec3 v) {
    return col__max_finite(col_abs(v.x), col__max_finite(col_abs(v.y), col_abs(v.z)));
}

/* The proxy of a valid convex shape's core in the frame at o, moved by
 * shift: the only place that looks at the shape's kind. */
void col__proxy_make(const col_shape *s, col_vec3 o, col_vec3 shift, col__proxy *out);

/* The support functions, one per support type: a point of the core
 * maximising p.d (ties: the first in the core's order), in the frame, and
 * its vertex id (col__proxy_vertex; -1 for an ellipsoid, which has none). */
static inline col_vec3 col__support_segment(const col__proxy *s, col_vec3 d, int *id) {
    *id = col_v3_dot(s->p[1], d) > col_v3_dot(s->p[0], d) ? 1 : 0;
    return s->p[*id];
}

static inline col_vec3 col__support_triangle(const col__proxy *s, col_vec3 d, int *id) {
    /* the first of the greatest, without branches (the winner is data) */
    int best = 0;
    col_real bv = col_v3_dot(s->p[0], d);
    for (int i = 1; i < 3; ++i) {
        col_real v = col_v3_dot(s->p[i], d);
        bool more = v > bv;
        bv = more ? v : bv;
        best = more ? i : best;
    }
    *id = best;
    return s->p[best];
}

/* x, or -x unless keep: a product with +-1 read from a table, exact (the
 * same bits as the negation) and without a branch (a direction's signs are
 * data, and GCC compiles a select between x and -x to a branch that
 * mispredicts half the time on them); flipping the sign bit through an
 * integer register cost a round trip out of and back into the vector
 * registers, seven instructions where this is one multiply. */
static const col_real col__keep_sign[2] = {COL_R(-1.0), COL_R(1.0)};
static inline col_real col__negate_unless(col_real x, bool keep) { return x * col__keep_sign[keep]; }

/* A box's corner by its id: bit k set for the + side of axis k. */
static inline col_vec3 col__box_corner(const col__proxy *s, int id) {
    return col_v3(s->p[0].x + col__negate_unless(s->p[1].x, id & 1), s->p[0].y + col__negate_unless(s->p[1].y, id & 2),
                  s->p[0].z + col__negate_unless(s->p[1].z, id & 4));
}

static inline col_vec3 col__support_aabb(const col__proxy *s, col_vec3 d, int *id) {
    *id = (d.x >= COL_R(0.0) ? 1 : 0) | (d.y >= COL_R(0.0) ? 2 : 0) | (d.z >= COL_R(0.0) ? 4 : 0);
    return col__box_corner(s, *id);
}

/* An OBB's corner by its id: bit k set for the + side of axis u[k]. */
static inline col_vec3 col__obb_corner(const col__proxy *s, int id) {
    /* unrolled, as col__support_obb (the same sums in the same order: the
     * same bits); a loop over the id's bits compiled to twice the
     * instructions, and GJK's warm start takes up to eight corners */
    col_vec3 r = col_v3_madd(s->p[0], col__negate_unless(s->e.x, id & 1), s->u[0]);
    r = col_v3_madd(r, col__negate_unless(s->e.y, id & 2), s->u[1]);
    return col_v3_madd(r, col__negate_unless(s->e.z, id & 4), s->u[2]);
}

static inline col_vec3 col__support_obb(const col__proxy *s, col_vec3 d, int *id) {
    /* col__obb_corner of the id, its signs taken from the comparisons
     * themselves (the same sums in the same order: the same bits) */
    bool p0 = col_v3_dot(s->u[0], d) >= COL_R(0.0), p1 = col_v3_dot(s->u[1], d) >= COL_R(0.0),
         p2 = col_v3_dot(s->u[2], d) >= COL_R(0.0);
    *id = (p0 ? 1 : 0) | (p1 ? 2 : 0) | (p2 ? 4 : 0);
    col_vec3 r = col_v3_madd(s->p[0], col__negate_unless(s->e.x, p0), s->u[0]);
    r = col_v3_madd(r, col__negate_unless(s->e.y, p1), s->u[1]);
    return col_v3_madd(r, col__negate_unless(s->e.z, p2), s->u[2]);
}

static inline col_vec3 col__support_ellipsoid(const col__proxy *s, col_vec3 d, int *id) {
    /* c + R^2 d / |R d|, with d scaled first so nothing overflows */
    *id = -1;
    col_real m = col__max_abs3(d);
    col_vec3 r = s->p[0];
    if (!(m > COL_R(0.0))) return r;
    col_vec3 dn = col_v3_div(d, m);
    col_vec3 q = col_v3(s->e.x * dn.x, s->e.y * dn.y, s->e.z * dn.z);
    col_real len = col__len_safe(q);
    if (!(len > COL_R(0.0))) return r;
    return col_v3_add(r, col_v3(s->e.x * (q.x / len), s->e.y * (q.y / len), s->e.z * (q.z / len)));
}

static inline col_vec3 col__support_points(const col__proxy *s, col_vec3 d, int *id) {
    int best = 0;
    col_real bv = col_v3_dot(col_v3_sub(s->pts[0], s->origin), d);
    for (int i = 1; i < s->count; ++i) {
        col_real v = col_v3_dot(col_v3_sub(s->pts[i], s->origin), d);
        if (v > bv) {
            bv = v;
            best = i;
        }
    }
    *id = best;
    return col_v3_sub(s->pts[best], s->origin);
}

/* The support point of the proxy's core along d, shift included, and its
 * vertex id (inline: GJK and EPA call it in their inner loops; the id folds
 * away where it is not read). Always inline where GJK takes the support of
 * A - B (col__support_pair): there a call's frame and the vectors passed
 * through memory cost as much as a box's support; col__proxy_support_id,
 * the same, leaves the choice to the compiler elsewhere. */
static COL__ALWAYS_INLINE col_vec3 col__proxy_support_inline(const col__proxy *s, col_vec3 d, int *id) {
    col_vec3 r;
    switch (s->type) {
    case COL__SUPPORT_SEGMENT: r = col__support_segment(s, d, id); break;
    case COL__SUPPORT_TRIANGLE: r = col__support_triangle(s, d, id); break;
    case COL__SUPPORT_BOX: r = col__support_aabb(s, d, id); break;
    case COL__SUPPORT_OBB: r = col__support_obb(s, d, id); break;
    case COL__SUPPORT_ELLIPSOID: r = col__support_ellipsoid(s, d, id); break;
    case COL__SUPPORT_POINTS: r = col__support_points(s, d, id); break;
    default: *id = 0, r = s->p[0]; break; /* a point */
    }
    return col_v3_add(r, s->shift);
}

static inline col_vec3 col__proxy_support_id(const col__proxy *s, col_vec3 d, int *id) {
    return col__proxy_support_inline(s, d, id);
}

static inline col_vec3 col__proxy_support(const col__proxy *s, col_vec3 d) {
    int id;
    return col__proxy_support_id(s, d, &id);
}

/* The vertex of the proxy's core with this id (as the support functions give
 * it), shift included; false for an id the core does not have. */
static COL__ALWAYS_INLINE bool col__proxy_vertex(const col__proxy *s, int id, col_vec3 *out) {
    col_vec3 r;
    switch (s->type) {
    case COL__SUPPORT_SEGMENT:
    case COL__SUPPORT_TRIANGLE:
        if (id < 0 || id >= (s->type == COL__SUPPORT_SEGMENT ? 2 : 3)) return false;
        r = s->p[id];
        break;
    case COL__SUPPORT_BOX:
    case COL__SUPPORT_OBB:
        if (id < 0 || id >= 8) return false;
        r = s->type == COL__SUPPORT_BOX ? col__box_corner(s, id) : col__obb_corner(s, id);
        break;
    case COL__SUPPORT_POINTS:
        if (id < 0 || id >= s->count) return false;
        r = col_v3_sub(s->pts[id], s->origin);
        break;
    case COL__SUPPORT_ELLIPSOID: return false;
    default:
        if (id != 0) return false;
        r = s->p[0];
        break;
    }
    *out = col_v3_add(r, s->shift);
    return true;
}

/* ---- gjk.c: the distance of two proxies ---- */

/* The support point of A - B along d, with its parts. */
svert col__support_pair(const col__proxy *A, const col__proxy *B, col_vec3 d);

/* The cores' separation along the unit n (from B to A): A's least extent
 * along n less B's greatest, a lower bound of their distance, greatest at
 * the true normal (the normal checks of GJK's and the closed forms'
 * distances compare two directions by it). */
col_real col__separation(const col__proxy *A, const col__proxy *B, col_vec3 n);

/* The same, inline (for the inner loops outside gjk.c: a call passes the
 * result through memory). */
static COL__ALWAYS_INLINE svert col__support_pair_inline(const col__proxy *A, const col__proxy *B, col_vec3 d) {
    svert s;
    s.a = col__proxy_support_inline(A, d, &s.ia);
    s.b = col__proxy_support_inline(B, col_v3_neg(d), &s.ib);
    s.w = col_v3_sub(s.a, s.b);
    return s;
}

/* A state for a run: miss_radius >= 0 asks yes/no (see gjk_state). Inline:
 * the caller's compiler merges the clearing with its own stores. */
static inline void col__gjk_init(gjk_state *g, col_real miss_radius) {
    /* the fields a run reads before it writes them (not the simplex: ~400
     * bytes the run sets before anyone reads them) */
    g->miss_radius = miss_radius;
    g->s.n = 0;
    g->warm_n = 0;
    g->scale = COL_R(0.0);
    g->vv = COL_R(0.0);
    g->overlap = false;
    g->converged = true;
    g->iterations = 0;
}

/* The warm start of g's next run from its last final simplex (none when a
 * vertex of it has no id): for a pair queried again a little moved, as
 * conservative advancement does. */
static inline void col__gjk_warm_from_last(gjk_state *g) {
    g->warm_n = 0;
    for (int i = 0; i < g->s.n; ++i)
        if (g->s.v[i].ia < 0 || g->s.v[i].ib < 0) return;
    for (int i = 0; i < g->s.n; ++i) {
        g->warm_ia[i] = g->s.v[i].ia;
        g->warm_ib[i] = g->s.v[i].ib;
    }
    g->warm_n = g->s.n;
}

/* GJK on two proxies (Gilbert-Johnson-Keerthi; van den Bergen 1999). */
void col__gjk_run(const col__proxy *A, const col__proxy *B, gjk_state *g);

/* The closest point *v of simplex s (1 to 4 vertices, in any order) to the
 * origin, every region compared; s reduced to its feature with the weights.
 * True when the origin lies in the tetrahedron. */
bool col__simplex_closest(simplex *s, col_vec3 *v);

/* The same by the signed volumes (GJK's first solver: sv_solve), which
 * compares the sub-simplices the signs point to, whatever the vertices'
 * order: several times cheaper than every region, as exact but where a
 * sliver's signs are noise (GJK then falls back to the robust solver; a
 * caller that stops on no progress may use this alone). */
bool col__simplex_closest_fast(simplex *s, col_vec3 *v);

/* The witness points of a simplex, on A and on B (in the frame). */
void col__witness(const simplex *s, col_vec3 *pa, col_vec3 *pb);

/* GJK's run as a distance result, in the frame. */
col_distance_result col__gjk_distance(const col__proxy *A, const col__proxy *B, gjk_state *g);

/* Equal coordinates. */
static inline bool col__same_point(col_vec3 a, col_vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

/* ---- epa.c, penetration_smooth.c: the penetration of two proxies ---- */

/* EPA from GJK's final simplex (van den Bergen 2001). */
void col__epa_run(const col__proxy *A, const col__proxy *B, const gjk_state *g, epa_out *out);
/* The same to another tolerance (a fraction of the size, as
 * COL_EPA_TOLERANCE): a coarser start for col__epa_refine. */
void col__epa_run_to(const col__proxy *A, const col__proxy *B, const gjk_state *g, col_real tolerance, epa_out *out);
/* Whether the pair's contact is refined past EPA (penetration_smooth.c):
 * two smooth cores (an ellipsoid of positive radii against an ellipsoid or
 * a point; a disc, an ellipsoid of one radius 0, against either, or against
 * a disc across it), or a curved core (such an ellipsoid or disc) against a
 * polyhedral one (a segment, a triangle, a box, a polytope's points; an
 * ellipsoid of two radii 0 is a segment core); an ellipsoid or disc
 * only where its positive radii lie within a factor 2^25 (2^10 in float)
 * against a polyhedral core, 2^16 (256) for a disc against the others.
 * (col__epa_refine also takes an ellipsoid thinner than that flat: see
 * there.) */
bool col__epa_refinable(const col__proxy *A, const col__proxy *B);
/* Such a pair: EPA's answer (out->n its start, out->depth an upper bound,
 * its nearest faces further starts) finished to the least support value of
 * A - B, by Newton's method on the support for two smooth cores, by the
 * polyhedron's features near the normal (a vertex, an edge or a face, each
 * solved and checked against the contact's condition) for a curved core
 * against a polyhedral one; a disc's face as its own candidate. Also for
 * cores apart (out->depth below 0: minus their distance). true where it
 * held: out->n, w (the matched pair, b* - a* = depth n within
 * contact_tolerance) and depth replaced, converged set, has_face cleared;
 * false leaves out as it was. An ellipsoid (or disc) whose positive radii
 * are more than 2^25 apart (2^10 in float) is first taken flat (its least radii 0: a
 * disc or a segment), that contact found (a segment against a polyhedral or
 * point core by GJK and EPA on the flat cores), its witnesses lifted back
 * to the surface and the depth the support value along its normal: matched
 * to a few of the flattened radii. */
bool col__epa_refine(const col__proxy *A, const col__proxy *B, epa_out *out);

/* ---- convex_pairs.c: pairs of shapes (closed forms on cores, GJK, planes) ---- */

/* A pair ready to evaluate: cores, radii, frame. */
void col__pair_init(pair *P, const col_shape *a, const col_shape *b, bool force_gjk);

/* Distance of A (moved by shift) and B, in the frame; the GJK state when GJK ran. */
col_distance_result col__pair_distance(const pair *P, col_vec3 shift, gjk_state *g, col__proxy *As, col__proxy *Bs);

/* Penetration of the pair with A moved by shift, in the frame. */
col_penetration_result col__pair_penetration(const pair *P, col_vec3 shift);

/* Both shapes valid and the pair supported by the distance machinery. */
bool col__pair_valid(const col_shape *a, const col_shape *b);

#endif
