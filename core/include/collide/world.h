/*
 * collide/world.h — a world of bodies and its scene queries.
 *
 * A body holds a 3D shape (col_shape), a user pointer, category and mask bits
 * and whether it is static. Bounded bodies live in two dynamic AABB trees
 * (collide/tree.h): static bodies in one with no margin, movable bodies in one
 * with fat boxes (COL_TREE_DEFAULT_MARGIN); planes, which are unbounded, are
 * kept beside the trees and tested by every query.
 *
 * Every query runs the broad phase on the trees and the narrow phase through
 * the generic dispatch (collide/shape.h): col_overlap for box, point and shape
 * queries, col_raycast for rays, col_sweep for shape casts and
 * col_frustum_classify_shape for frustums. A body's box in the tree is its
 * shape's bounds (col_shape_bounds) grown by 64 eps of the coordinates'
 * magnitude, so no rounding of a narrow-phase test falls outside it: a query
 * answers exactly what testing every body by itself would (the tests check
 * this against brute force, order included).
 *
 * Order. Results never depend on the trees' shapes or on addresses: overlap
 * results come by body id (slot, see col_body_id), ray and cast results by
 * (t, body id), and the closest hit is the one with the least t, the least
 * body id among equal t.
 *
 * Filters. A query's col_filter passes a body when (body.category &
 * filter.mask) != 0 and (filter.category & body.mask) != 0 (the masks are
 * checked before anything else), and then, when set, filter.accept(ctx, id,
 * user) returns true. While a query runs the world is locked: adding,
 * removing or changing a body from a callback fails with COL_WORLD_LOCKED.
 *
 * Ids. A body id is a 64-bit value: the low 32 bits are the body's slot + 1,
 * the high 32 bits the slot's generation, which changes when the body is
 * removed; so an id of a removed body is refused (COL_WORLD_STALE_ID), never
 * taken for the body that reuses its slot. 0 is never a body (COL_BODY_NULL).
 *
 * Shapes are copied into the world, a polytope's points included (the
 * caller's may go away after add). Bodies move (collide/motion.h): a body's
 * shape is the shape it was given translated by its position.
 */
#ifndef COLLIDE_WORLD_H
#define COLLIDE_WORLD_H

#include <stddef.h>
#include <stdint.h>

#include "collide/gjk.h"
#include "collide/mesh.h"

COL_EXTERN_C_BEGIN

typedef uint64_t col_body_id;
#define COL_BODY_NULL ((col_body_id)0)

/* What a world function reports. */
typedef enum col_world_status {
    COL_WORLD_OK = 0,
    COL_WORLD_INVALID_SHAPE,   /* the shape fails col_shape_is_valid, or is 2D */
    COL_WORLD_STALE_ID,        /* no such body: removed, never added, or from another slot's generation */
    COL_WORLD_LOCKED,          /* called from inside a query's callback */
    COL_WORLD_NO_MEMORY,       /* an allocation failed; nothing changed */
    COL_WORLD_INVALID_ARGUMENT /* a NULL pointer, an invalid box, ray, motion or frustum */
} col_world_status;

/* A short English description of a status ("the body was removed", ...). */
COL_API const char *col_world_status_text(col_world_status s);

/* How to make a body. col_body_def_default gives category 1, mask all bits,
 * movable, no user pointer, and a shape of kind COL_SHAPE_KIND_COUNT (to be
 * set). */
typedef struct col_body_def {
    col_shape shape;
    void *user;
    uint64_t category;
    uint64_t mask;
    bool is_static;
    /* a sensor never blocks a move (moves cross it) and reports overlaps
     * (collide/step.h) */
    bool is_sensor;
} col_body_def;

/* A definition with the defaults above (set its shape before col_world_add). */
COL_API col_body_def col_body_def_default(void);

/* Which bodies a query sees (see above). col_filter_default passes every body. */
typedef struct col_filter {
    uint64_t category;
    uint64_t mask;
    bool (*accept)(void *ctx, col_body_id id, void *user);
    void *ctx;
} col_filter;

/* A filter that passes every body: all category and mask bits, no callback. */
COL_API col_filter col_filter_default(void);

typedef struct col_world col_world;

/* A new, empty world; NULL when memory runs out. */
COL_API col_world *col_world_create(void);

/* The fat-box margin of movable bodies added or moved from now on (finite,
 * >= 0; COL_TREE_DEFAULT_MARGIN at first). A larger margin makes small moves
 * cheaper and queries a little slower. COL_WORLD_INVALID_ARGUMENT otherwise. */
COL_API col_world_status col_world_set_margin(col_world *w, col_real margin);

/* Frees the world and everything it holds (NULL: nothing). */
COL_API void col_world_destroy(col_world *w);

/*
 * Adds a body; its id in *id (COL_BODY_NULL on failure). Refuses an invalid
 * or 2D shape (COL_WORLD_INVALID_SHAPE); a shape whose bounds reach beyond
 * COL_HUGE / 2 counts as invalid (the padded bounds must stay valid).
 */
COL_API col_world_status col_world_add(col_world *w, const col_body_def *def, col_body_id *id);

/*
 * Adds a body made of a triangle mesh (collide/mesh.h), which is borrowed:
 * it must outlive the body. Its box is the mesh's bounds, padded; queries
 * test its triangles (col_mesh_overlap, col_mesh_raycast two-sided,
 * col_mesh_cast; against a frustum it is inside when every triangle is,
 * outside when every triangle is). def->shape is not read. col_world_shape
 * gives NULL for it, col_world_mesh the mesh; col_world_set_shape turns it
 * into a body of that shape.
 */
COL_API col_world_status col_world_add_mesh(col_world *w, const col_mesh *mesh, const col_body_def *def,
                                            col_body_id *id);

/* A live mesh body's mesh; NULL for other bodies and stale ids. */
COL_API const col_mesh *col_world_mesh(const col_world *w, col_body_id id);

/* Removes a body (its id becomes stale). */
COL_API col_world_status col_world_remove(col_world *w, col_body_id id);

/* Replaces a body's shape (of any kind), keeping everything else but its
 * position, which becomes (0, 0, 0): the new shape is where it says. The
 * body moves in its tree (col_tree_move: reinserted only when it leaves its
 * fat box). */
COL_API col_world_status col_world_set_shape(col_world *w, col_body_id id, const col_shape *shape);

/* Changes a body's category and mask bits. */
COL_API col_world_status col_world_set_filter(col_world *w, col_body_id id, uint64_t category, uint64_t mask);

/* true when the id names a live body. */
COL_API bool col_world_contains(const col_world *w, col_body_id id);

/* A live body's shape where it is now (NULL for a mesh body; valid until the
 * body next changes), user pointer, bits and kind; NULL / false for a stale
 * id. */
COL_API const col_shape *col_world_shape(const col_world *w, col_body_id id);
COL_API bool col_world_body(const col_world *w, col_body_id id, void **user, uint64_t *category, uint64_t *mask,
                            bool *is_static);

/* The box a body has in its tree (the shape's bounds, padded), and for a
 * plane false: it has none. */
COL_API bool col_world_bounds(const col_world *w, col_body_id id, col_aabb *out);

/* Number of live bodies. */
COL_API size_t col_world_count(const col_world *w);

/*
 * Every live body in id order: writes up to `cap` ids to out (out may be NULL
 * with cap 0) and returns the number of bodies.
 */
COL_API size_t col_world_bodies(const col_world *w, col_body_id *out, size_t cap);

/*
 * Checks every invariant of the world: both trees (col_tree_validate), each
 * live bounded body's leaf in the right tree with its slot as the user value
 * and a fat box containing its bounds, the plane list, the counts and the
 * free slots. true when all hold; otherwise false with a description in `why`
 * (may be NULL; at most why_size bytes). For tests and fuzzing.
 */
COL_API bool col_world_validate(const col_world *w, char *why, size_t why_size);

/* Rebuilds both trees, the static bodies' and the movable ones', by binned
 * SAH (after loading a level, or adding many bodies): a top-down build
 * queries faster than a tree grown by insertions. A step rebuilds the
 * movable tree by itself after moving many of its bodies far (collide/
 * step.h). COL_WORLD_NO_MEMORY leaves a tree as it was. */
COL_API col_world_status col_world_optimize(col_world *w);

/*
 * The k-DOP option of the static bodies (issue 18; collide/kdop_tree.h):
 * with k = 14, 18 or 26 (or 6), the ray queries (col_world_raycast,
 * col_world_raycast_all) reach the static bodies through a static tree of
 * their k-DOPs (col_kdop_of_shape; a mesh by its bounds) instead of the
 * static AABB tree: where static bodies are long, thin and turned (beams,
 * ramps, rods), a ray hands the exact test fewer of them (collide-bench
 * --only kdop_tree). The answers are the same bit for bit: only the time
 * changes. The tree is built at the first ray query after the static
 * bodies change (added, removed, given a new shape) or the option is set,
 * so it suits a level's static geometry; where its memory runs out the
 * query takes the AABB tree. k = 0 (the default) turns it off and frees
 * it. COL_WORLD_INVALID_ARGUMENT for another k, LOCKED during a query.
 */
COL_API col_world_status col_world_set_static_kdop(col_world *w, int k);
COL_API int col_world_static_kdop(const col_world *w);

/* Forced brute force (for tests and benchmarks, the second method): when
 * on, the box, shape, point, ray and cast queries (and so the moves and
 * steps of motion.h and step.h) test every body instead of walking the
 * trees, with the same answers bit for bit (the order of results never
 * depends on the trees; the frustum query still walks them). Off at first;
 * LOCKED during a query. */
COL_API col_world_status col_world_set_brute_force(col_world *w, bool on);
COL_API bool col_world_brute_force(const col_world *w);

/* Figures of the world: bodies, planes, the two trees' stats. */
typedef struct col_world_stats {
    size_t bodies, static_bodies, movable_bodies, planes;
    col_tree_stats static_tree, movable_tree;
    size_t bytes; /* memory held by the world: slots, trees, scratch */
} col_world_stats;

/* The world's figures (zero for NULL). */
COL_API col_world_stats col_world_stats_of(const col_world *w);

/* ------------------------------ queries ------------------------------ */
/*
 * The overlap queries write up to `cap` ids of the bodies found to `out`, by
 * id, and return how many there are in all (so a caller whose buffer was too
 * small can ask again with a larger one); (size_t)-1 with *status set (status
 * may be NULL) for invalid input or a locked world or when memory runs out.
 * `filter` may be NULL (every body).
 */

/* Bodies whose shape overlaps the box (col_overlap with the box as an AABB). */
COL_API size_t col_world_query_aabb(col_world *w, const col_aabb *box, const col_filter *filter, col_body_id *out,
                                    size_t cap, col_world_status *status);

/* Bodies whose shape contains the point (col_overlap with a point). */
COL_API size_t col_world_query_point(col_world *w, col_vec3 p, const col_filter *filter, col_body_id *out, size_t cap,
                                     col_world_status *status);

/* Bodies whose shape overlaps the shape (col_overlap; pairs it does not
 * support, such as plane-plane, are never reported). */
COL_API size_t col_world_query_shape(col_world *w, const col_shape *shape, const col_filter *filter, col_body_id *out,
                                     size_t cap, col_world_status *status);

/* Bodies not outside the frustum, with their class in `classes` (may be
 * NULL) beside their ids: col_frustum_classify_shape of the body's shape; the
 * trees only skip nodes whose box is behind one of the six planes (so is the
 * shape) and accept, as INSIDE, nodes whose box is in front of all six (so is
 * the shape). */
COL_API size_t col_world_query_frustum(col_world *w, const col_frustum *f, const col_filter *filter, col_body_id *out,
                                       col_cull *classes, size_t cap, col_world_status *status);

/* A contact of a body with another (col_world_contacts). */
typedef struct col_world_contact {
    col_body_id other;             /* the body touched */
    int32_t triangle;              /* a mesh body's triangle touched; -1 for a shape */
    col_contact_manifold manifold; /* col_manifold(the body's shape, the other's): points on the body */
} col_world_contact;

/*
 * The resting contacts of body `id`: every other body its shape overlaps or
 * touches (col_overlap: closed sets, so a box lying exactly on the floor
 * touches it) that passes the filter, each with the contact manifold of the
 * body's shape against the other's (col_manifold: up to four points for a
 * box face on a box face or a triangle, the normal on the other toward the
 * body, each point on the body with its depth); against a mesh body, one
 * contact for each triangle the shape overlaps. In order of the other's id,
 * then the triangle's index (never of memory or tree shape). Writes up to
 * `cap` to `out` and returns how many there are in all; (size_t)-1 with
 * *status set for a stale id, a mesh body as `id` (INVALID_ARGUMENT), a
 * locked world, or memory that runs out.
 */
COL_API size_t col_world_contacts(col_world *w, col_body_id id, const col_filter *filter, col_world_contact *out,
                                  size_t cap, col_world_status *status);

/* A ray's hit on a body. */
typedef struct col_world_ray_hit {
    col_body_id body;
    col_ray_hit hit; /* raycast.h conventions: t, point, outward normal, inside */
} col_world_ray_hit;

/*
 * The closest body the ray hits (col_raycast; a polytope by GJK ray
 * casting, within GJK's size tolerance): true
 * with the hit in *out, false when nothing is hit (or on an error: *status).
 * A ray starting inside a body hits it at t = 0 with `inside` set.
 */
COL_API bool col_world_raycast(col_world *w, const col_ray *ray, const col_filter *filter, col_world_ray_hit *out,
                               col_world_status *status);

/* Every body the ray hits, by (t, id); counts as the overlap queries. */
COL_API size_t col_world_raycast_all(col_world *w, const col_ray *ray, const col_filter *filter, col_world_ray_hit *out,
                                     size_t cap, col_world_status *status);

/* A shape cast's hit on a body. */
typedef struct col_world_cast_hit {
    col_body_id body;
    col_sweep_hit hit; /* sweep.h conventions, the body as B (at rest): t0, point, normal on the body toward the
                          shape, initially_overlapping (t0 = 0) */
} col_world_cast_hit;

/*
 * The first body the shape meets moving by delta (u in [0, 1]; col_sweep): a
 * body the shape overlaps at the start is reported with t0 = 0 and
 * initially_overlapping set, never skipped. As col_world_raycast otherwise.
 * A sweep that reached its iteration cap (COL_NOT_CONVERGED: t0 is a time
 * before the contact) is reported as a hit with that status.
 */
COL_API bool col_world_cast(col_world *w, const col_shape *shape, col_vec3 delta, const col_filter *filter,
                            col_world_cast_hit *out, col_world_status *status);

/* Every body the moving shape meets, by (t0, id). */
COL_API size_t col_world_cast_all(col_world *w, const col_shape *shape, col_vec3 delta, const col_filter *filter,
                                  col_world_cast_hit *out, size_t cap, col_world_status *status);

COL_EXTERN_C_END

#endif /* COLLIDE_WORLD_H */
