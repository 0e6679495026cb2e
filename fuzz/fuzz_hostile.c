/*
 * libFuzzer harness: hostile input to every public query by name (the other
 * harnesses mostly reach the pair functions through the generic dispatch).
 * Shapes and vectors are raw IEEE doubles (NaN, infinities, signed zeros,
 * denormals, values beyond COL_HUGE). Properties: no sanitizer report, no
 * hang; a boolean query of an invalid shape is false and a classification
 * COL_SIDE_INVALID; a result record of invalid input is COL_INVALID; a
 * reported hit, distance or penetration never carries NaN or infinity.
 */
#include "fuzz_input.h"

static col_shape raw_of(fz_input *in, col_shape_kind kind) {
    col_shape s;
    memset(&s, 0, sizeof s);
    s.kind = kind;
    col_real *r = fz_reals(&s);
    for (int i = 0; i < fz_real_count(kind); ++i) r[i] = fz_real(in, 0);
    return s;
}

static bool finite3(col_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }

#define BOOL_Q(call, va, vb, a, b)                                                                                     \
    do {                                                                                                               \
        bool r_ = (call);                                                                                              \
        if (!((va) && (vb))) FZ_CHECK(!r_, #call " is false for invalid input", a, b);                                 \
    } while (0)

#define SIDE_Q(call, va, vb, a, b)                                                                                     \
    do {                                                                                                               \
        col_side s_ = (call);                                                                                          \
        if (!((va) && (vb)))                                                                                           \
            FZ_CHECK(s_ == COL_SIDE_INVALID, #call " is COL_SIDE_INVALID for invalid input", a, b);                    \
        else                                                                                                           \
            FZ_CHECK(s_ != COL_SIDE_INVALID, #call " classifies valid input", a, b);                                   \
    } while (0)

#define RAY_Q(call, valid, s, rs)                                                                                      \
    do {                                                                                                               \
        col_ray_hit h_ = (call);                                                                                       \
        if (!(valid)) FZ_CHECK(h_.status == COL_INVALID, #call " is COL_INVALID for invalid input", s, rs);            \
        if (h_.status == COL_HIT)                                                                                      \
            FZ_CHECK(isfinite(h_.t) && finite3(h_.point) && finite3(h_.normal), #call " hits are finite", s, rs);      \
    } while (0)

#define SWEEP_Q(call, valid, a, b)                                                                                     \
    do {                                                                                                               \
        col_sweep_hit h_ = (call);                                                                                     \
        if (!(valid)) FZ_CHECK(h_.status == COL_INVALID, #call " is COL_INVALID for invalid input", a, b);             \
        if (h_.status == COL_HIT)                                                                                      \
            FZ_CHECK(isfinite(h_.t0) && isfinite(h_.t1) && finite3(h_.point) && finite3(h_.normal),                    \
                     #call " hits are finite", a, b);                                                                  \
    } while (0)

#define DIST_Q(call, valid, a, b)                                                                                      \
    do {                                                                                                               \
        col_distance_result d_ = (call);                                                                               \
        if (!(valid))                                                                                                  \
            FZ_CHECK(d_.status == COL_INVALID, #call " is COL_INVALID for invalid input", a, b);                       \
        else                                                                                                           \
            FZ_CHECK(isfinite(d_.distance) && d_.distance >= 0 && finite3(d_.point_a) && finite3(d_.point_b) &&        \
                         finite3(d_.normal),                                                                           \
                     #call " results are finite", a, b);                                                               \
    } while (0)

#define CLOSEST_Q(call, valid, out, s)                                                                                 \
    do {                                                                                                               \
        bool ok_ = (call);                                                                                             \
        FZ_CHECK(ok_ == (valid), #call " accepts exactly valid input", s, s);                                          \
        if (ok_) FZ_CHECK(finite3(out), #call " gives a finite point", s, s);                                          \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_input in = {data, size, 0};
    col_shape pt = raw_of(&in, COL_SHAPE_POINT), sg = raw_of(&in, COL_SHAPE_SEGMENT);
    col_shape tr = raw_of(&in, COL_SHAPE_TRIANGLE), pl = raw_of(&in, COL_SHAPE_PLANE);
    col_shape sp = raw_of(&in, COL_SHAPE_SPHERE), cp = raw_of(&in, COL_SHAPE_CAPSULE);
    col_shape ab = raw_of(&in, COL_SHAPE_AABB), ob = raw_of(&in, COL_SHAPE_OBB);
    col_shape el = raw_of(&in, COL_SHAPE_ELLIPSOID), ci = raw_of(&in, COL_SHAPE_CIRCLE);
    col_shape re = raw_of(&in, COL_SHAPE_RECT);
    col_vec3 v1 = fz_vec3(&in, 0);
    col_vec3 v2 = fz_vec3(&in, 0);
    const col_point *P = &pt.u.point;
    const col_segment *S = &sg.u.segment;
    const col_triangle *T = &tr.u.triangle;
    const col_plane *L = &pl.u.plane;
    const col_sphere *Sp = &sp.u.sphere;
    const col_capsule *C = &cp.u.capsule;
    const col_aabb *B = &ab.u.aabb;
    const col_obb *O = &ob.u.obb;
    const col_ellipsoid *E = &el.u.ellipsoid;
    bool vP = col_point_is_valid(P), vS = col_segment_is_valid(S), vT = col_triangle_is_valid(T);
    bool vL = col_plane_is_valid(L), vSp = col_sphere_is_valid(Sp), vC = col_capsule_is_valid(C);
    bool vB = col_aabb_is_valid(B), vO = col_obb_is_valid(O), vE = col_ellipsoid_is_valid(E);
    bool vCi = col_circle_is_valid(&ci.u.circle), vRe = col_rect_is_valid(&re.u.rect);
    bool v1ok = col_v3_is_valid(v1), v2ok = col_v3_is_valid(v2);

    /* plane classification and overlap */
    SIDE_Q(col_classify_point_plane(P, L), vP, vL, &pt, &pl);
    SIDE_Q(col_classify_segment_plane(S, L), vS, vL, &sg, &pl);
    SIDE_Q(col_classify_triangle_plane(T, L), vT, vL, &tr, &pl);
    SIDE_Q(col_classify_sphere_plane(Sp, L), vSp, vL, &sp, &pl);
    SIDE_Q(col_classify_capsule_plane(C, L), vC, vL, &cp, &pl);
    SIDE_Q(col_classify_aabb_plane(B, L), vB, vL, &ab, &pl);
    SIDE_Q(col_classify_obb_plane(O, L), vO, vL, &ob, &pl);
    SIDE_Q(col_classify_ellipsoid_plane(E, L), vE, vL, &el, &pl);
    BOOL_Q(col_overlap_point_plane(P, L), vP, vL, &pt, &pl);
    BOOL_Q(col_overlap_segment_plane(S, L), vS, vL, &sg, &pl);
    BOOL_Q(col_overlap_triangle_plane(T, L), vT, vL, &tr, &pl);
    BOOL_Q(col_overlap_sphere_plane(Sp, L), vSp, vL, &sp, &pl);
    BOOL_Q(col_overlap_capsule_plane(C, L), vC, vL, &cp, &pl);
    BOOL_Q(col_overlap_aabb_plane(B, L), vB, vL, &ab, &pl);
    BOOL_Q(col_overlap_obb_plane(O, L), vO, vL, &ob, &pl);
    BOOL_Q(col_overlap_ellipsoid_plane(E, L), vE, vL, &el, &pl);
    {
        col_segment_plane_hit h = col_intersect_segment_plane(S, L);
        if (!(vS && vL)) FZ_CHECK(h.status == COL_INVALID, "segment-plane of invalid input", &sg, &pl);
        if (h.status == COL_HIT) FZ_CHECK(isfinite(h.t) && finite3(h.point), "segment-plane hit is finite", &sg, &pl);
        col_triangle_plane_hit t = col_intersect_triangle_plane(T, L);
        if (!(vT && vL)) FZ_CHECK(t.status == COL_INVALID, "triangle-plane of invalid input", &tr, &pl);
        if (t.status == COL_HIT) FZ_CHECK(finite3(t.p) && finite3(t.q), "triangle-plane segment is finite", &tr, &pl);
        col_three_planes_hit x = col_intersect_three_planes(L, L, L);
        FZ_CHECK(x.status != COL_HIT || finite3(x.point), "three planes: a finite point", &pl, &pl);
        col_line l1 = {v1, v2}, l2 = {P->p, S->b};
        col_line_line_result ll = col_closest_points_lines(&l1, &l2);
        if (!(col_line_is_valid(&l1) && col_line_is_valid(&l2)))
            FZ_CHECK(ll.status == COL_INVALID, "closest points of invalid lines", &pt, &sg);
        if (ll.status == COL_HIT)
            FZ_CHECK(isfinite(ll.s) && isfinite(ll.t) && finite3(ll.pa) && finite3(ll.pb), "line points are finite",
                     &pt, &sg);
    }
    /* pair tests */
    BOOL_Q(col_overlap_sphere_sphere(Sp, Sp), vSp, true, &sp, &sp);
    BOOL_Q(col_overlap_aabb_aabb(B, B), vB, true, &ab, &ab);
    BOOL_Q(col_overlap_aabb_sphere(B, Sp), vB, vSp, &ab, &sp);
    BOOL_Q(col_overlap_obb_sphere(O, Sp), vO, vSp, &ob, &sp);
    BOOL_Q(col_overlap_obb_obb(O, O), vO, true, &ob, &ob);
    BOOL_Q(col_overlap_aabb_obb(B, O), vB, vO, &ab, &ob);
    BOOL_Q(col_overlap_aabb_segment(B, S), vB, vS, &ab, &sg);
    BOOL_Q(col_overlap_obb_segment(O, S), vO, vS, &ob, &sg);
    BOOL_Q(col_overlap_sphere_triangle(Sp, T), vSp, vT, &sp, &tr);
    BOOL_Q(col_overlap_aabb_triangle(B, T), vB, vT, &ab, &tr);
    BOOL_Q(col_overlap_obb_triangle(O, T), vO, vT, &ob, &tr);
    BOOL_Q(col_overlap_segment_triangle(S, T), vS, vT, &sg, &tr);
    BOOL_Q(col_overlap_segment_segment(S, S), vS, true, &sg, &sg);
    BOOL_Q(col_overlap_triangle_triangle(T, T), vT, true, &tr, &tr);
    BOOL_Q(col_overlap_capsule_sphere(C, Sp), vC, vSp, &cp, &sp);
    BOOL_Q(col_overlap_capsule_capsule(C, C), vC, true, &cp, &cp);
    BOOL_Q(col_overlap_point_ellipsoid(P, E), vP, vE, &pt, &el);
    BOOL_Q(col_overlap_circle_circle(&ci.u.circle, &ci.u.circle), vCi, true, &ci, &ci);
    BOOL_Q(col_overlap_circle_rect(&ci.u.circle, &re.u.rect), vCi, vRe, &ci, &re);
    BOOL_Q(col_overlap_rect_rect(&re.u.rect, &re.u.rect), vRe, true, &re, &re);
    {
        col_aabb x = col_aabb_from_obb(O);
        if (vO) FZ_CHECK(finite3(x.min) && finite3(x.max), "the AABB of a valid OBB is finite", &ob, &ob);
        if (!vO) FZ_CHECK(!col_aabb_is_valid(&x), "the AABB of an invalid OBB is rejected", &ob, &ob);
        col_aabb y = col_aabb_transform(B, col_m3_from_axis_angle(v1, v2.x), v2);
        if (vB && v1ok && v2ok) FZ_CHECK(finite3(y.min) && finite3(y.max), "a transformed AABB is finite", &ab, &ab);
    }
    /* ray casts */
    col_ray ray = {v1, v2, fz_real(&in, 0)};
    bool vR = col_ray_is_valid(&ray);
    col_shape rs = raw_of(&in, COL_SHAPE_SEGMENT);
    /* the validator by its definition, each coordinate by itself (it
     * decides by sums of magnitudes first: base.h's COL_HUGE contract) */
    FZ_CHECK(vR == (col_v3_is_valid(ray.origin) && col_v3_is_valid(ray.delta) && ray.max_t >= 0),
             "col_ray_is_valid: each coordinate within COL_HUGE, max_t >= 0", &rs, &rs);
    RAY_Q(col_raycast_plane(&ray, L), vR && vL, &pl, &rs);
    RAY_Q(col_raycast_sphere(&ray, Sp), vR && vSp, &sp, &rs);
    RAY_Q(col_raycast_aabb_slabs(&ray, B), vR && vB, &ab, &rs);
    RAY_Q(col_raycast_aabb_woo(&ray, B), vR && vB, &ab, &rs);
    RAY_Q(col_raycast_obb(&ray, O), vR && vO, &ob, &rs);
    RAY_Q(col_raycast_triangle(&ray, T, COL_TWO_SIDED), vR && vT, &tr, &rs);
    RAY_Q(col_raycast_triangle_mt(&ray, T, COL_CULL_BACKFACES), vR && vT, &tr, &rs);
    RAY_Q(col_raycast_triangle_badouel(&ray, T, COL_TWO_SIDED), vR && vT, &tr, &rs);
    RAY_Q(col_raycast_capsule(&ray, C), vR && vC, &cp, &rs);
    RAY_Q(col_raycast_ellipsoid(&ray, E), vR && vE, &el, &rs);
    RAY_Q(col_raycast_point(&ray, P), vR && vP, &pt, &rs);
    RAY_Q(col_raycast_segment(&ray, S), vR && vS, &sg, &rs);
    /* sweeps */
    bool vm = v1ok && v2ok;
    SWEEP_Q(col_sweep_sphere_plane(Sp, v1, L, v2), vSp && vL && vm, &sp, &pl);
    SWEEP_Q(col_sweep_sphere_sphere(Sp, v1, Sp, v2), vSp && vm, &sp, &sp);
    SWEEP_Q(col_sweep_aabb_aabb(B, v1, B, v2), vB && vm, &ab, &ab);
    SWEEP_Q(col_sweep_sphere_aabb(Sp, v1, B, v2), vSp && vB && vm, &sp, &ab);
    SWEEP_Q(col_sweep_sphere_triangle(Sp, v1, T, v2), vSp && vT && vm, &sp, &tr);
    SWEEP_Q(col_sweep_capsule_plane(C, v1, L, v2), vC && vL && vm, &cp, &pl);
    SWEEP_Q(col_sweep_convex(&ob, v1, &el, v2, NULL, NULL), vO && vE && vm, &ob, &el);
    SWEEP_Q(col_sweep_convex(&cp, v1, &tr, v2, NULL, NULL), vC && vT && vm, &cp, &tr);
    /* closest points and distances */
    col_vec3 q = col_v3(0, 0, 0);
    CLOSEST_Q(col_closest_point_segment(S, v1, &q), vS && v1ok, q, &sg);
    CLOSEST_Q(col_closest_point_triangle(T, v1, &q), vT && v1ok, q, &tr);
    CLOSEST_Q(col_closest_point_plane(L, v1, &q), vL && v1ok, q, &pl);
    CLOSEST_Q(col_closest_point_sphere(Sp, v1, &q), vSp && v1ok, q, &sp);
    CLOSEST_Q(col_closest_point_aabb(B, v1, &q), vB && v1ok, q, &ab);
    CLOSEST_Q(col_closest_point_obb(O, v1, &q), vO && v1ok, q, &ob);
    CLOSEST_Q(col_closest_point_capsule(C, v1, &q), vC && v1ok, q, &cp);
    CLOSEST_Q(col_closest_point_ellipsoid(E, v1, &q, NULL), vE && v1ok, q, &el);
    DIST_Q(col_distance_sphere_sphere(Sp, Sp), vSp, &sp, &sp);
    DIST_Q(col_distance_aabb_aabb(B, B), vB, &ab, &ab);
    DIST_Q(col_distance_segment_segment(S, S), vS, &sg, &sg);
    DIST_Q(col_distance_capsule_capsule(C, C), vC, &cp, &cp);
    DIST_Q(col_distance_point_triangle(v1, T), v1ok && vT, &tr, &tr);
    DIST_Q(col_distance_sphere_triangle(Sp, T), vSp && vT, &sp, &tr);
    DIST_Q(col_distance_sphere_aabb(Sp, B), vSp && vB, &sp, &ab);
    DIST_Q(col_distance_sphere_obb(Sp, O), vSp && vO, &sp, &ob);
    DIST_Q(col_distance_sphere_capsule(Sp, C), vSp && vC, &sp, &cp);
    DIST_Q(col_distance_sphere_ellipsoid(Sp, E), vSp && vE, &sp, &el);
    DIST_Q(col_gjk_distance(&ob, &el), vO && vE, &ob, &el);
    DIST_Q(col_distance(&cp, &tr), vC && vT, &cp, &tr);
    {
        col_penetration_result pen = col_penetration(&ob, &cp);
        if (!(vO && vC)) FZ_CHECK(pen.status == COL_INVALID, "penetration of invalid input", &ob, &cp);
        if (pen.status == COL_HIT || pen.status == COL_NOT_CONVERGED)
            FZ_CHECK(isfinite(pen.depth) && finite3(pen.normal) && finite3(pen.point_a) && finite3(pen.point_b),
                     "penetration results are finite", &ob, &cp);
        col_vec3 sup;
        if (col_support(&el, v1, &sup)) FZ_CHECK(finite3(sup), "support points are finite", &el, &el);
    }
    /* constructors and helpers of shapes.h and math.h never produce NaN from valid input */
    {
        col_plane mk = col_plane_make(v1, v2.x);
        FZ_CHECK(!col_plane_is_valid(&mk) || (finite3(mk.n) && isfinite(mk.d)), "col_plane_make", &pl, &pl);
        col_plane fp = col_plane_from_points(v1, v2, P->p);
        FZ_CHECK(!col_plane_is_valid(&fp) || finite3(fp.n), "col_plane_from_points", &pt, &pt);
        col_mat3 m = col_m3_orthonormalize(col_m3_from_quat((col_quat){v1.x, v1.y, v1.z, v2.x}));
        FZ_CHECK(!v1ok || !isfinite(v2.x) || (finite3(m.c0) && finite3(m.c1) && finite3(m.c2)) ||
                     !col_m3_is_orthonormal(m),
                 "rotation helpers", &pt, &pt);
        col_vec3 nrm = col_triangle_normal(T);
        FZ_CHECK(finite3(nrm), "col_triangle_normal is finite", &tr, &tr);
        col_frustum fr = col_frustum_from_camera(v1, v2, P->p, COL_R(1.0), COL_R(1.5), COL_R(0.1), COL_R(100.0));
        if (col_frustum_is_valid(&fr))
            for (int i = 0; i < 6; ++i) FZ_CHECK(finite3(fr.planes[i].n), "frustum planes are finite", &pt, &pt);
    }
    return 0;
}

void fz_repro(const uint8_t *data, size_t size);
void fz_repro(const uint8_t *data, size_t size) {
    (void)data;
    printf("-- a fuzz_hostile input (%zu bytes) calls every C query: replay it with replay_hostile\n", size);
}
