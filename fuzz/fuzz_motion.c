/*
 * fuzz_motion: moves through random worlds (collide/motion.h). Each input is
 * a mode byte (grid: valid shapes on the k/8 grid, where touching and
 * coincident cases are common; raw: any doubles, so invalid shapes and
 * motions must be refused), a few bodies, each with the response a mover
 * gets from it (none, touch, cross, slide, bounce with a restitution), and
 * a sequence of operations: move a body (check first, then move), teleport
 * it, remove it, change the skin. Properties of every move:
 *   - a check and the move that follows give the same result, bit for bit,
 *     and running the whole input twice gives the same bytes;
 *   - an invalid motion or a removed body is refused and nothing moves;
 *   - after the move the body overlaps no blocking body (touch, slide,
 *     bounce) it did not overlap before (exact pairs; GJK pairs beyond
 *     their band), and is no deeper in one it overlapped;
 *   - the path (start, the position at each blocking contact, the end)
 *     enters no blocking body the mover was clear of at the leg's start
 *     (checked by closed-form sweeps of each leg against every body);
 *   - hits come in order of t in [0, 1], with finite unit normals (or zero
 *     for a body overlapped at the start), and a move that ends on a touch
 *     ends where that touch put it;
 *   - the world validates after every operation.
 * With bit 2 of the mode byte, the moves are a character's
 * (collide/character.h; see check_character); with bit 4, steps of the
 * world (collide/step.h; see check_step).
 * Pairs that meet on a set of measure zero (a point and a segment: see
 * dimension) are exempt from the overlap and path properties.
 */
#include "bands.h"
#include "fuzz_input.h"

#define MAX_BODIES 12
#define MAX_HITS 256

static void fail(const char *what, const char *detail) {
    fprintf(stderr, "fuzz_motion: %s%s%s\n", what, detail && *detail ? ": " : "", detail ? detail : "");
    abort();
}

typedef struct scene {
    col_world *w;
    col_body_id ids[MAX_BODIES];
    col_response response[MAX_BODIES]; /* what a mover gets from body i */
    col_real restitution[MAX_BODIES];
    int n;
    uint64_t hash; /* of every result, for the second run */
} scene;

static int index_of(const scene *s, col_body_id id) {
    for (int i = 0; i < s->n; ++i)
        if (s->ids[i] == id) return i;
    return -1;
}

static col_response respond(void *ctx, col_body_id mover, col_body_id other, void *user, col_real *e) {
    (void)mover;
    (void)user;
    const scene *s = ctx;
    int i = index_of(s, other);
    if (i < 0) fail("respond", "asked about a body that is not in the world");
    *e = s->restitution[i];
    return s->response[i];
}

static void mix(scene *s, const void *p, size_t n) {
    const uint8_t *b = p;
    for (size_t i = 0; i < n; ++i) s->hash = (s->hash ^ b[i]) * 1099511628211ull;
}

static bool blocks(col_response r) {
    return r == COL_RESPONSE_TOUCH || r == COL_RESPONSE_SLIDE || r == COL_RESPONSE_BOUNCE;
}

static bool same_bits(col_vec3 a, col_vec3 b) { return memcmp(&a, &b, sizeof a) == 0; }

/* The mover's shape at a position (polytopes are not decoded here). */
static bool shape_at(const col_shape *base, col_vec3 offset, col_shape *out) {
    return col_shape_translate(base, offset, NULL, out);
}

/* The dimension of a shape's point set (0 a point, 1 a segment, 2 a flat
 * one, 3 a solid). Two shapes whose dimensions sum below 2 meet, moving, on
 * a set of measure zero (a point sweeping a segment meets it only when
 * exactly aligned): whether they touch is decided by the last bit of the
 * motion's rounding, so those pairs are not held to the path properties. */
static int dimension(const col_shape *s) {
    switch (s->kind) {
    case COL_SHAPE_POINT: return 0;
    case COL_SHAPE_SEGMENT: return same_bits(s->u.segment.a, s->u.segment.b) ? 0 : 1;
    case COL_SHAPE_TRIANGLE: {
        const col_triangle *t = &s->u.triangle;
        col_vec3 n = col_v3_cross(col_v3_sub(t->b, t->a), col_v3_sub(t->c, t->a));
        if (n.x != 0 || n.y != 0 || n.z != 0) return 2;
        return same_bits(t->a, t->b) && same_bits(t->a, t->c) ? 0 : 1; /* collinear: a segment */
    }
    case COL_SHAPE_PLANE: return 2;
    case COL_SHAPE_SPHERE: return s->u.sphere.r > 0 ? 3 : 0;
    case COL_SHAPE_CAPSULE: return s->u.capsule.r > 0 ? 3 : same_bits(s->u.capsule.a, s->u.capsule.b) ? 0 : 1;
    case COL_SHAPE_AABB:
        return (s->u.aabb.max.x > s->u.aabb.min.x) + (s->u.aabb.max.y > s->u.aabb.min.y) +
               (s->u.aabb.max.z > s->u.aabb.min.z);
    case COL_SHAPE_OBB: return (s->u.obb.e.x > 0) + (s->u.obb.e.y > 0) + (s->u.obb.e.z > 0);
    case COL_SHAPE_ELLIPSOID: return (s->u.ellipsoid.r.x > 0) + (s->u.ellipsoid.r.y > 0) + (s->u.ellipsoid.r.z > 0);
    default: return 3;
    }
}

/* Overlap beyond the band of touching for pairs that GJK decides. */
static bool overlaps(const col_shape *a, const col_shape *b) {
    if (!col_overlap_supported(a->kind, b->kind) || !col_overlap(a, b)) return false;
    if (col_overlap_is_exact(a->kind, b->kind)) return true;
    col_penetration_result p = col_penetration(a, b);
    return p.status == COL_HIT && (double)p.depth > fz_band_touch(a, b);
}

/* The penetration depth, or -1 when EPA did not converge (its depth is an
 * upper bound, no measure of what a move did). */
static double depth(const col_shape *a, const col_shape *b) {
    col_penetration_result p = col_penetration(a, b);
    return p.status == COL_HIT ? (double)p.depth : p.status == COL_NOT_CONVERGED ? -1.0 : 0.0;
}

/* Against every blocking body j: the mover (body k, `start` before and
 * `end` after a move by `moved`) ends inside none it was clear of, and no
 * deeper in one it overlapped; the straight legs between the nl positions
 * (from `base`, the shape at position 0) enter none. */
static void check_entries(const scene *s, int k, const col_shape *start_p, const col_shape *end_p,
                          const col_shape *base_p, col_vec3 moved, const col_vec3 *legs, int nl) {
    const col_shape start = *start_p, end = *end_p, base = *base_p;
    const col_vec3 zero = col_v3(0, 0, 0);
    for (int j = 0; j < s->n; ++j) {
        if (j == k || !blocks(s->response[j])) continue;
        const col_shape *other = col_world_shape(s->w, s->ids[j]);
        if (!col_overlap_supported(start.kind, other->kind) || dimension(&start) + dimension(other) < 2) continue;
        bool was = col_overlap(&start, other);
        /* touching to rounding at the start (distance within the band, though
         * the exact test says apart) may end touching to rounding */
        bool near = !was && (double)col_distance(&start, other).distance <= fz_band_touch(&start, other);
        if (!was && !near && overlaps(&end, other)) {
            fz_print_shape("mover before", &start);
            fz_print_shape("mover after", &end);
            fz_print_shape("other", other);
            fprintf(stderr, "  (body %d: depth after %a, distance before %a)\n", j, depth(&end, other),
                    (double)col_distance(&start, other).distance);
            fail("move", "the body ends inside a body it was clear of");
        }
        if (was && col_overlap(&end, other)) {
            /* on a curved shape EPA knows the depth to about 1e-6 of the
             * size, and the normal the move leaves along to an angle a:
             * moving |v| along it deepens by up to |v| sin a. EPA's 64
             * iterations leave a of a few 1e-3 on an ellipsoid (two
             * spheres of radius 255 as ellipsoids: 2e-3, regressions/motion/
             * ellipsoid-leaves-another-along-an-epa-normal); a known limit */
            double d0 = depth(&start, other), d1 = depth(&end, other);
            /* (an ellipsoid of positive radii against an ellipsoid, a ball,
             * or a shape with a polyhedral core: col_penetration takes them
             * to the least depth, no EPA slack, penetration_smooth.c) */
            double slack = (fz_curved(&start) || fz_curved(other)) && !fz_refined_pair(&start, other)
                               ? 1e-6 * fz_size(&start, other) + 1e-2 * (double)col_v3_len(moved)
                               : fz_band_flat(&start, other);
            if (d0 >= 0 && d1 >= 0 && d1 > d0 + fz_band_push(&start, other) + fz_band_push(&end, other) + slack) {
                fprintf(stderr, "  depth %a before, %a after\n", d0, d1);
                fz_print_shape("mover before", &start);
                fz_print_shape("mover after", &end);
                fz_print_shape("other", other);
                fail("move", "a move deepened a penetration");
            }
        }
        for (int l = 0; l + 1 < nl; ++l) {
            col_shape a;
            if (!shape_at(&base, legs[l], &a)) continue;
            /* a leg that starts touching the body to rounding (a point on a
             * triangle's edge) is decided by rounding: col_overlap may say
             * apart where the sweep says contact at 0 (reported on issue 16) */
            if (!col_sweep_has_closed_form(a.kind, other->kind) || col_overlap(&a, other) ||
                (double)col_distance(&a, other).distance <= fz_band_touch(&a, other))
                continue;
            col_vec3 leg = col_v3_sub(legs[l + 1], legs[l]);
            col_sweep_hit sw = col_sweep(&a, leg, other, zero);
            /* a leg that only grazes the body touches it on a set of measure
             * zero, where rounding decides (the move's sweep runs a skin
             * longer, and may miss it): no entry. Its motion runs along the
             * surface at the contact (a point in a triangle's plane through
             * its vertex, regressions/motion/point-grazes-a-triangle-vertex-in-its-plane),
             * or it passes through an edge or a vertex: the sweep back from
             * the leg's end meets the body where the sweep forward did, so
             * the leg is in contact at one instant only
             * (regressions/motion/point-passes-exactly-through-a-box-edge) */
            bool graze = sw.status == COL_HIT && col_abs(col_v3_dot(sw.normal, leg)) <= COL_R(1e-9) * col_v3_len(leg);
            col_shape b;
            if (sw.status == COL_HIT && !graze && shape_at(&base, legs[l + 1], &b) && !col_overlap(&b, other)) {
                col_sweep_hit back = col_sweep(&b, col_v3_neg(leg), other, zero);
                graze = back.status == COL_HIT && !back.initially_overlapping &&
                        (double)((1 - back.t0) - sw.t0) <= 1e-9 + 64 * (double)COL_EPSILON;
            }
            if (sw.status == COL_HIT && !sw.initially_overlapping && !graze && sw.t0 < COL_R(1.0) - COL_R(1e-6)) {
                fz_print_shape("mover at the leg's start", &a);
                fz_print_shape("other", other);
                fprintf(stderr, "  leg %d: t0 %a\n", l, (double)sw.t0);
                fail("move", "the path passes through a blocking body");
            }
        }
    }
}

static void check_move(scene *s, int k, col_vec3 delta) {
    col_body_id id = s->ids[k];
    col_vec3 before;
    if (!col_world_position(s->w, id, &before)) fail("position", "a live body has none");
    col_shape start = *col_world_shape(s->w, id);
    col_vec3 zero = col_v3(0, 0, 0);
    col_shape base;                                           /* the shape as given: the one at position 0 */
    if (!shape_at(&start, col_v3_neg(before), &base)) return; /* cannot rebuild it exactly: skip */
    col_move_def def = col_move_def_default();
    def.respond = respond;
    def.ctx = s;
    static col_move_hit hits[MAX_HITS], again[MAX_HITS];
    col_move_result r, r2;
    col_world_status st = col_world_check(s->w, id, delta, &def, hits, MAX_HITS, &r);
    col_world_status st2 = col_world_move(s->w, id, delta, &def, again, MAX_HITS, &r2);
    mix(s, &st2, sizeof st2);
    if (st != st2) fail("move", "check and move disagree on the status");
    col_vec3 after;
    col_world_position(s->w, id, &after);
    if (st2 != COL_WORLD_OK) {
        if (!same_bits(after, before)) fail("move", "a refused move moved the body");
        if (col_v3_is_valid(delta) && st2 != COL_WORLD_INVALID_ARGUMENT) fail("move", "an unexpected status");
        return;
    }
    if (!col_v3_is_valid(delta)) fail("move", "an invalid motion is accepted");
    if (!same_bits(r.position, r2.position) || r.hit_count != r2.hit_count || r.segments != r2.segments ||
        r.complete != r2.complete)
        fail("move", "check and move disagree");
    size_t nh = r.hit_count < MAX_HITS ? r.hit_count : MAX_HITS;
    for (size_t i = 0; i < nh; ++i)
        if (memcmp(&hits[i], &again[i], sizeof hits[i]) != 0) fail("move", "check and move report other hits");
    if (!same_bits(after, r2.position)) fail("move", "the body is not where the result says");
    mix(s, &r2.position, sizeof r2.position);
    mix(s, &r2.hit_count, sizeof r2.hit_count);
    for (size_t i = 0; i < nh; ++i) {
        mix(s, &again[i].t, sizeof again[i].t);
        mix(s, &again[i].other, sizeof again[i].other);
    }
    col_shape end = *col_world_shape(s->w, id);
    if (getenv("FZ_MOTION_TRACE")) {
        fprintf(stderr, "move body %d by %a %a %a: %zu hits, %d sweeps, at %a %a %a\n", k, (double)delta.x,
                (double)delta.y, (double)delta.z, r.hit_count, r.segments, (double)r.position.x, (double)r.position.y,
                (double)r.position.z);
        fz_print_shape("mover", &start);
        fprintf(stderr, "  from %a %a %a\n", (double)before.x, (double)before.y, (double)before.z);
        for (size_t i = 0; i < nh; ++i)
            fprintf(stderr, "  hit body %d %s t %a at %a %a %a normal %a %a %a%s\n", index_of(s, hits[i].other),
                    col_response_name(hits[i].response), (double)hits[i].t, (double)hits[i].position.x,
                    (double)hits[i].position.y, (double)hits[i].position.z, (double)hits[i].normal.x,
                    (double)hits[i].normal.y, (double)hits[i].normal.z, hits[i].initially_overlapping ? " inside" : "");
    }
    /* the hits */
    col_real last_t = 0;
    for (size_t i = 0; i < nh; ++i) {
        const col_move_hit *h = &hits[i];
        if (!(h->t >= last_t && h->t <= 1)) fail("hits", "t out of order or out of [0, 1]");
        last_t = h->t;
        if (index_of(s, h->other) < 0 || h->other == id) fail("hits", "a hit on no other body");
        col_real len = col_v3_len(h->normal);
        bool zero_ok = h->initially_overlapping && same_bits(h->normal, zero);
        if (!zero_ok && !(col_abs(len - 1) <= COL_R(1e-4))) fail("hits", "a normal that is not unit");
        if (!col_v3_is_valid(h->point) || !col_v3_is_valid(h->position)) fail("hits", "a non-finite point");
        if (h->response != s->response[index_of(s, h->other)]) fail("hits", "a response the filter did not give");
    }
    if (nh > 0 && nh == r.hit_count && hits[nh - 1].response == COL_RESPONSE_TOUCH &&
        !hits[nh - 1].initially_overlapping && !same_bits(hits[nh - 1].position, r.position))
        fail("touch", "the move went on after a touch");
    fz_count("moves with a hit", nh > 0);
    /* no new overlap, no deeper overlap; the legs of the path enter nothing */
    col_vec3 legs[MAX_HITS + 2];
    int nl = 0;
    legs[nl++] = before;
    for (size_t i = 0; i < nh; ++i)
        if (blocks(hits[i].response) && !same_bits(hits[i].position, legs[nl - 1])) legs[nl++] = hits[i].position;
    if (!same_bits(r.position, legs[nl - 1])) legs[nl++] = r.position;
    check_entries(s, k, &start, &end, &base, r2.moved, legs, nl);
}

/* A character's move (collide/character.h) of body k by delta, with rules
 * from the input: probed first, then checked, then moved. The same
 * properties as a move's but the legs (a character's phases start where the
 * last ended, not at a hit), and its own: the check equals the move, bodies
 * answered "cross" are crossed and every other hit is a touch or a slide,
 * the ground state is one of three with a unit normal unless in the air. */
static void check_character(scene *s, fz_input *in, int k, col_vec3 delta, int grid) {
    col_body_id id = s->ids[k];
    uint8_t r0 = fz_u8(in), r1 = fz_u8(in), r2 = fz_u8(in);
    col_character c = col_character_default(id);
    c.step_height = (col_real)(r0 & 15) / COL_R(8.0);
    c.snap = (col_real)(r0 >> 4) / COL_R(8.0);
    c.max_slope = (col_real)r1 / COL_R(256.0) * COL_R(1.5);
    static const col_vec3 ups[3] = {{0, 1, 0}, {0, 0, 1}, {1, 1, 0}};
    c.up = r2 % 4 < 3 ? ups[r2 % 4] : fz_vec3(in, grid);
    c.respond = respond;
    c.ctx = s;
    col_vec3 before;
    if (!col_world_position(s->w, id, &before)) fail("position", "a live body has none");
    col_shape start = *col_world_shape(s->w, id), base;
    if (!shape_at(&start, col_v3_neg(before), &base)) return;
    col_world_status st0 = col_character_probe(s->w, &c);
    bool valid_up = col_v3_is_valid(c.up) && (c.up.x != 0 || c.up.y != 0 || c.up.z != 0);
    if (st0 != COL_WORLD_OK) {
        if (valid_up && col_world_mesh(s->w, id) == NULL) {
            fprintf(stderr, "  probe: %s\n", col_world_status_text(st0));
            fz_print_shape("character", &start);
            fail("character", "a probe refused");
        }
        return;
    }
    static col_move_hit hits[MAX_HITS], again[MAX_HITS];
    col_character_result r, r2m;
    col_character before_c = c;
    col_world_status st = col_character_check(s->w, &c, delta, hits, MAX_HITS, &r);
    if (memcmp(&before_c, &c, sizeof c) != 0) fail("character", "a check changed the character");
    col_world_status st2 = col_character_move(s->w, &c, delta, again, MAX_HITS, &r2m);
    mix(s, &st2, sizeof st2);
    if (st != st2) fail("character", "check and move disagree on the status");
    col_vec3 after;
    col_world_position(s->w, id, &after);
    if (st2 != COL_WORLD_OK) {
        if (!same_bits(after, before) || memcmp(&before_c, &c, sizeof c) != 0)
            fail("character", "a refused move changed something");
        if (col_v3_is_valid(delta) && st2 != COL_WORLD_INVALID_ARGUMENT) fail("character", "an unexpected status");
        return;
    }
    if (!col_v3_is_valid(delta)) fail("character", "an invalid motion is accepted");
    if (memcmp(&r, &r2m, sizeof r) != 0) fail("character", "check and move disagree");
    size_t nh = r.hit_count < MAX_HITS ? r.hit_count : MAX_HITS;
    if (memcmp(hits, again, nh * sizeof hits[0]) != 0) fail("character", "check and move report other hits");
    if (!same_bits(after, r.position)) fail("character", "the body is not where the result says");
    mix(s, &r.position, sizeof r.position);
    mix(s, &r.ground_state, sizeof r.ground_state);
    if (c.ground_state != r.ground_state || c.ground != r.ground) fail("character", "the state is not the result's");
    if (r.ground_state == COL_GROUND_AIR) {
        if (r.ground != 0) fail("character", "a ground body in the air");
    } else if (r.ground_state == COL_GROUND_STEEP || r.ground_state == COL_GROUND_WALKABLE) {
        int g = index_of(s, r.ground);
        if (g < 0 || g == k || !blocks(s->response[g])) fail("character", "the ground is no blocking body");
        col_real len = col_v3_len(r.ground_normal);
        if (!(col_abs(len - 1) <= COL_R(1e-4)) && !same_bits(r.ground_normal, col_v3(0, 0, 0)))
            fail("character", "a ground normal that is not unit");
    } else {
        fail("character", "a ground state of no kind");
    }
    if (!(r.stepped >= 0) || r.stepped > c.step_height + COL_R(1.0)) fail("character", "a step out of range");
    for (size_t i = 0; i < nh; ++i) {
        const col_move_hit *h = &hits[i];
        int o = index_of(s, h->other);
        if (o < 0 || h->other == id) fail("character", "a hit on no other body");
        if (!(h->t >= 0 && h->t <= 1)) fail("character", "t out of [0, 1]");
        col_response want = s->response[o];
        bool ok = want == COL_RESPONSE_CROSS
                      ? h->response == COL_RESPONSE_CROSS
                      : blocks(want) && (h->response == COL_RESPONSE_TOUCH || h->response == COL_RESPONSE_SLIDE);
        if (!ok) {
            fprintf(stderr, "  hit %zu: %s where the filter says %s\n", i, col_response_name(h->response),
                    col_response_name(want));
            fail("character", "a response other than the filter's or the character's rules");
        }
    }
    fz_count("character moves with a hit", nh > 0);
    col_shape end = *col_world_shape(s->w, id);
    check_entries(s, k, &start, &end, &base, r.moved, NULL, 0);
}

/* A pair of live bodies that overlap (ids a < b). */
typedef struct idpair {
    col_body_id a, b;
} idpair;

#define MAX_PAIRS (MAX_BODIES * MAX_BODIES)

/* Every pair with a movable body that overlaps now, by brute force (the
 * second method for the step's begin and end events), sorted by (a, b). */
static int brute_pairs(const scene *s, idpair *out) {
    int n = 0;
    for (int i = 0; i < s->n; ++i)
        for (int j = i + 1; j < s->n; ++j) {
            bool si, sj;
            col_world_body(s->w, s->ids[i], NULL, NULL, NULL, &si);
            col_world_body(s->w, s->ids[j], NULL, NULL, NULL, &sj);
            if (si && sj) continue;
            const col_shape *a = col_world_shape(s->w, s->ids[i]), *b = col_world_shape(s->w, s->ids[j]);
            if (!col_overlap_supported(a->kind, b->kind) || !col_overlap(a, b)) continue;
            col_body_id x = s->ids[i], y = s->ids[j];
            out[n].a = x < y ? x : y;
            out[n].b = x < y ? y : x;
            n++;
        }
    for (int i = 1; i < n; ++i) /* insertion sort: a few pairs */
        for (int j = i; j > 0 && (out[j].a < out[j - 1].a || (out[j].a == out[j - 1].a && out[j].b < out[j - 1].b));
             --j) {
            idpair t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

/* A step (collide/step.h): body k gets a velocity from the input (refused
 * when not finite or the body is static), then the world steps by a dt from
 * the input in the mode bit 3 of op gives. Properties: in discrete mode every
 * body with a velocity ends at position + v dt exactly, or the step is
 * refused and nothing moved; the begin and end events are exactly the
 * difference of the overlapping pairs (by brute force) from the last step's,
 * in order; events come in order of (t, a, b); in swept mode a pair clear
 * at the start whose bodies both block (or one blocks and the other did not
 * move) does not overlap at the end. */
static void check_step(scene *s, fz_input *in, uint8_t op, int k, int grid, idpair *last, int *nlast) {
    col_vec3 v = fz_vec3(in, grid);
    bool is_static;
    col_world_body(s->w, s->ids[k], NULL, NULL, NULL, &is_static);
    col_world_status sv = col_world_set_velocity(s->w, s->ids[k], v);
    if ((sv == COL_WORLD_OK) != (col_v3_is_valid(v) && !is_static)) fail("step", "set_velocity's status");
    col_real dt = (col_real)fz_u8(in) / COL_R(64.0);
    col_step_def def = col_step_def_default();
    def.mode = op & 8 ? COL_STEP_DISCRETE : COL_STEP_SWEPT;
    def.respond = respond;
    def.ctx = s;
    col_vec3 before[MAX_BODIES], vel[MAX_BODIES];
    bool was[MAX_BODIES][MAX_BODIES];
    for (int i = 0; i < s->n; ++i) {
        col_world_position(s->w, s->ids[i], &before[i]);
        col_world_velocity(s->w, s->ids[i], &vel[i]);
        for (int j = 0; j < s->n; ++j) {
            const col_shape *a = col_world_shape(s->w, s->ids[i]), *b = col_world_shape(s->w, s->ids[j]);
            was[i][j] = i != j && col_overlap_supported(a->kind, b->kind) &&
                        (col_overlap(a, b) || (double)col_distance(a, b).distance <= fz_band_touch(a, b));
        }
    }
    col_step_result r;
    col_world_status st = col_world_step(s->w, dt, &def, NULL, 0, &r);
    mix(s, &st, sizeof st);
    if (st != COL_WORLD_OK) {
        if (st != COL_WORLD_INVALID_ARGUMENT) fail("step", "an unexpected status");
        if (def.mode == COL_STEP_DISCRETE)
            for (int i = 0; i < s->n; ++i) {
                col_vec3 p;
                col_world_position(s->w, s->ids[i], &p);
                if (!same_bits(p, before[i])) fail("step", "a refused discrete step moved a body");
            }
        return;
    }
    size_t ne;
    const col_event *ev = col_world_events(s->w, &ne);
    if (ne != r.event_count) fail("step", "the events' count");
    for (size_t i = 0; i < ne; ++i) {
        mix(s, &ev[i].kind, sizeof ev[i].kind);
        mix(s, &ev[i].a, sizeof ev[i].a);
        mix(s, &ev[i].b, sizeof ev[i].b);
        mix(s, &ev[i].t, sizeof ev[i].t);
        if (i > 0 && (ev[i].t < ev[i - 1].t || (ev[i].t == ev[i - 1].t && ev[i].a < ev[i - 1].a)))
            fail("step", "events out of order");
        if (!(ev[i].t >= 0 && ev[i].t <= 1)) fail("step", "an event's t out of [0, 1]");
    }
    /* begin and end against brute force */
    idpair now[MAX_PAIRS], want[2 * MAX_PAIRS];
    col_event_kind kinds[2 * MAX_PAIRS];
    int nn = brute_pairs(s, now), nw = 0, i = 0, j = 0;
    while (i < nn || j < *nlast) {
        int c = i == nn                 ? 1
                : j == *nlast           ? -1
                : now[i].a != last[j].a ? (now[i].a < last[j].a ? -1 : 1)
                : now[i].b != last[j].b ? (now[i].b < last[j].b ? -1 : 1)
                                        : 0;
        if (c == 0) {
            i++;
            j++;
        } else if (c < 0) {
            kinds[nw] = COL_EVENT_BEGIN;
            want[nw++] = now[i++];
        } else {
            kinds[nw] = COL_EVENT_END;
            want[nw++] = last[j++];
        }
    }
    int seen = 0;
    for (size_t e = 0; e < ne; ++e) {
        if (ev[e].kind == COL_EVENT_HIT) continue;
        if (seen >= nw || ev[e].kind != kinds[seen] || ev[e].a != want[seen].a || ev[e].b != want[seen].b) {
            fprintf(stderr, "  event %zu: %s %llu %llu\n", e, col_event_kind_name(ev[e].kind),
                    (unsigned long long)ev[e].a, (unsigned long long)ev[e].b);
            fail("step", "begin and end events are not the overlaps' difference (brute force)");
        }
        seen++;
    }
    if (seen != nw) fail("step", "a begin or end event is missing");
    memcpy(last, now, (size_t)nn * sizeof *now);
    *nlast = nn;
    fz_count("steps with an event", ne > 0);
    /* positions */
    for (int a = 0; a < s->n; ++a) {
        col_vec3 p;
        col_world_position(s->w, s->ids[a], &p);
        mix(s, &p, sizeof p);
        if (def.mode == COL_STEP_DISCRETE && !same_bits(p, col_v3_add(before[a], col_v3_scale(vel[a], dt))) &&
            !same_bits(p, before[a]))
            fail("step", "a discrete step did not put a body at position + v dt");
    }
    if (def.mode != COL_STEP_SWEPT) return;
    for (int a = 0; a < s->n; ++a)
        for (int b = a + 1; b < s->n; ++b) {
            if (was[a][b]) continue;
            col_vec3 pa, pb;
            col_world_position(s->w, s->ids[a], &pa);
            col_world_position(s->w, s->ids[b], &pb);
            bool ma = !same_bits(pa, before[a]), mb = !same_bits(pb, before[b]);
            bool guarded = (blocks(s->response[a]) && blocks(s->response[b])) ||
                           (ma && !mb && blocks(s->response[b])) || (mb && !ma && blocks(s->response[a]));
            const col_shape *x = col_world_shape(s->w, s->ids[a]), *y = col_world_shape(s->w, s->ids[b]);
            if (!guarded || dimension(x) + dimension(y) < 2) continue;
            if (overlaps(x, y)) {
                fz_print_shape("a", x);
                fz_print_shape("b", y);
                fail("step", "a swept step ends two blocking bodies inside each other");
            }
        }
}

static void run(scene *s, const uint8_t *data, size_t size) {
    fz_input in = {data, size, 0};
    uint8_t mode = fz_u8(&in);
    int grid = mode & 1;
    bool characters = mode & 2; /* the moves are characters' */
    bool steps = mode & 4;      /* the moves are steps of the world */
    static idpair last[MAX_PAIRS];
    int nlast = 0;
    s->w = col_world_create();
    if (!s->w) fail("create", "out of memory");
    int want = 2 + fz_u8(&in) % (MAX_BODIES - 1);
    for (int i = 0; i < want; ++i) {
        col_body_def d = col_body_def_default();
        d.shape = fz_shape(&in, grid);
        uint8_t flags = fz_u8(&in);
        d.is_static = flags & 1;
        col_body_id id;
        if (col_world_add(s->w, &d, &id) != COL_WORLD_OK) continue;
        s->ids[s->n] = id;
        s->response[s->n] = (col_response)((flags >> 1) % 5);
        s->restitution[s->n] = (col_real)(flags >> 4) / COL_R(8.0);
        s->n++;
    }
    while (in.pos < in.size && s->n > 0) {
        uint8_t op = fz_u8(&in);
        int k = (int)(fz_u8(&in) % (unsigned)s->n);
        switch (op % 8) {
        case 0: { /* teleport */
            col_vec3 p = fz_vec3(&in, grid);
            col_vec3 before;
            col_world_position(s->w, s->ids[k], &before);
            col_world_status st = col_world_set_position(s->w, s->ids[k], p);
            col_vec3 after;
            col_world_position(s->w, s->ids[k], &after);
            if (st == COL_WORLD_OK ? !same_bits(after, p) : !same_bits(after, before))
                fail("set_position", "the position is not what the status says");
            break;
        }
        case 1: { /* remove, then a move of the stale id */
            col_body_id gone = s->ids[k];
            if (col_world_remove(s->w, gone) != COL_WORLD_OK) fail("remove", "a live body");
            s->ids[k] = s->ids[s->n - 1];
            s->response[k] = s->response[s->n - 1];
            s->restitution[k] = s->restitution[s->n - 1];
            s->n--;
            col_move_def def = col_move_def_default();
            if (col_world_move(s->w, gone, col_v3(1, 0, 0), &def, NULL, 0, NULL) != COL_WORLD_STALE_ID)
                fail("move", "a removed body moves");
            break;
        }
        case 2: { /* skin */
            col_real skin = (col_real)fz_u8(&in) / COL_R(64.0);
            if (col_world_set_skin(s->w, skin) != COL_WORLD_OK) fail("set_skin", "a valid skin refused");
            break;
        }
        default:
            if (steps)
                check_step(s, &in, op, k, grid, last, &nlast);
            else if (characters)
                check_character(s, &in, k, fz_vec3(&in, grid), grid);
            else
                check_move(s, k, fz_vec3(&in, grid));
            break;
        }
        char why[256];
        if (!col_world_validate(s->w, why, sizeof why)) fail("the world does not validate", why);
    }
    col_world_destroy(s->w);
    s->w = NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    scene a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    run(&a, data, size);
    run(&b, data, size);
    if (a.hash != b.hash) fail("determinism", "two runs of the same input differ");
    return 0;
}

/* The case as a Lua scenario (fuzz/repro): the bodies, their responses, and
 * the operations as w:move / w:setPosition / w:remove / w:setSkin calls,
 * each move printed with its result. */
void fz_repro(const uint8_t *data, size_t size);
void fz_repro(const uint8_t *data, size_t size) {
    static const char *const names[] = {"nil", "\"touch\"", "\"cross\"", "\"slide\"", "\"bounce\""};
    fz_input in = {data, size, 0};
    uint8_t mode = fz_u8(&in);
    int grid = mode & 1;
    bool characters = mode & 2, steps = mode & 4;
    printf("-- fuzz_motion case (%s mode%s)\nlocal collide = require \"collide\"\nlocal w = collide.world()\n",
           grid ? "grid" : "raw",
           steps        ? ", steps"
           : characters ? ", characters"
                        : "");
    printf("local ids, response, restitution = {}, {}, {}\n");
    int want = 2 + fz_u8(&in) % (MAX_BODIES - 1), n = 0;
    for (int i = 0; i < want; ++i) {
        col_shape s = fz_shape(&in, grid);
        uint8_t flags = fz_u8(&in);
        col_body_def d = col_body_def_default();
        d.shape = s;
        col_world *probe = col_world_create();
        col_body_id id;
        bool ok = probe && col_world_add(probe, &d, &id) == COL_WORLD_OK;
        col_world_destroy(probe);
        if (!ok) continue;
        char name[16];
        snprintf(name, sizeof name, "s%d", n + 1);
        fz_lua_shape(stdout, name, &s);
        printf("ids[%d] = w:add(%s, %d, { static = %s })\n", n + 1, name, n + 1, flags & 1 ? "true" : "false");
        printf("response[%d], restitution[%d] = %s, %d / 8\n", n + 1, n + 1, names[(flags >> 1) % 5], flags >> 4);
        n++;
    }
    printf("local function filter(item, other) return response[other], restitution[other] end\n");
    while (in.pos < in.size && n > 0) {
        uint8_t op = fz_u8(&in);
        int k = (int)(fz_u8(&in) % (unsigned)n);
        switch (op % 8) {
        case 0: {
            col_vec3 p = fz_vec3(&in, grid);
            fz_lua_vec3(stdout, "p", p);
            printf("pcall(w.setPosition, w, ids[%d], p[1], p[2], p[3])\n", k + 1);
            break;
        }
        case 1:
            printf("w:remove(ids[%d]); ids[%d] = ids[#ids]; ids[#ids] = nil\n", k + 1, k + 1);
            n--;
            break;
        case 2: printf("w:setSkin(%d / 64)\n", fz_u8(&in)); break;
        default: {
            col_vec3 d = fz_vec3(&in, grid);
            fz_lua_vec3(stdout, "d", d);
            if (steps) {
                printf("pcall(w.setVelocity, w, ids[%d], d[1], d[2], d[3])\n", k + 1);
                printf("print(\"step\", pcall(w.step, w, %d / 64, \"%s\", filter))\n", fz_u8(&in),
                       op & 8 ? "discrete" : "swept");
                break;
            }
            if (!characters) {
                printf("print(\"move\", ids[%d], pcall(w.move, w, ids[%d], d[1], d[2], d[3], filter))\n", k + 1, k + 1);
                break;
            }
            uint8_t r0 = fz_u8(&in), r1 = fz_u8(&in), r2 = fz_u8(&in);
            static const char *const ups[3] = {"{0, 1, 0}", "{0, 0, 1}", "{1, 1, 0}"};
            if (r2 % 4 == 3) fz_lua_vec3(stdout, "up", fz_vec3(&in, grid));
            printf("local ok, ch = pcall(w.character, w, ids[%d], {stepHeight = %d / 8, snap = %d / 8, "
                   "maxSlope = %d / 256 * 1.5, up = %s})\n",
                   k + 1, r0 & 15, r0 >> 4, r1, r2 % 4 < 3 ? ups[r2 % 4] : "up");
            printf("if ok then print(\"character\", ids[%d], pcall(ch.move, ch, d[1], d[2], d[3], filter)) end\n",
                   k + 1);
            break;
        }
        }
    }
}
