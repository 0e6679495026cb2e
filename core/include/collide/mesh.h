/*
 * collide/mesh.h — triangle meshes with a static bounding-volume hierarchy:
 * picking (the closest ray hit with its triangle, barycentrics and normal),
 * the triangles a shape overlaps, and shape casts against the mesh.
 *
 * A mesh copies its vertices and indices and builds a dynamic AABB tree
 * (collide/tree.h) over the triangles' boxes with no margin, rebuilt top down
 * by binned SAH. Ray casts use the watertight ray-triangle test
 * (col_raycast_triangle): a ray through an edge or a vertex the mesh's
 * triangles share hits at least one of them, so no ray passes between two
 * triangles of the mesh (the tests check it on fans and grids). Source: seed
 * 004 (Real-Time Rendering's picking and BVHs); Woop, Benthin and Wald 2013.
 *
 * Order: of several triangles hit at the same t, the pick is the one with
 * the least index; lists of triangles come in index order; the answers never
 * depend on the tree's shape.
 */
#ifndef COLLIDE_MESH_H
#define COLLIDE_MESH_H

#include <stdint.h>

#include "collide/tree.h"

COL_EXTERN_C_BEGIN

typedef struct col_mesh col_mesh;

/* Why col_mesh_create refused its input (`index` says where). */
typedef enum col_mesh_error {
    COL_MESH_OK = 0,
    COL_MESH_BAD_COORDINATE, /* vertex coordinate `index` (0-based, x y z per vertex) is not finite or beyond COL_HUGE */
    COL_MESH_BAD_INDEX,      /* indices[index] is negative or not below the vertex count */
    COL_MESH_BAD_COUNT,      /* no vertices or no triangles, or counts beyond 2^30 */
    COL_MESH_NO_MEMORY
} col_mesh_error;

/*
 * A mesh of `triangle_count` triangles, triangle i being vertices
 * indices[3i], indices[3i+1], indices[3i+2] (counter-clockwise seen from the
 * front). NULL on failure, with the reason in *error and the offending
 * position in *where (both may be NULL). Degenerate triangles are legal (each
 * is the point set it is).
 */
COL_API col_mesh *col_mesh_create(const col_vec3 *vertices, int32_t vertex_count, const int32_t *indices,
                                  int32_t triangle_count, col_mesh_error *error, int32_t *where);

/* Frees a mesh (NULL: nothing). */
COL_API void col_mesh_destroy(col_mesh *m);

/* Counts (0 for NULL), triangle i as given (false out of range or for NULL),
 * and the exact bounds of the vertices (zero for NULL). */
COL_API int32_t col_mesh_triangle_count(const col_mesh *m);
COL_API int32_t col_mesh_vertex_count(const col_mesh *m);
COL_API bool col_mesh_triangle(const col_mesh *m, int32_t i, col_triangle *out);
COL_API col_aabb col_mesh_bounds(const col_mesh *m);

/* Figures of the mesh's tree (height, areas, bytes of the nodes; zero for NULL). */
COL_API col_tree_stats col_mesh_tree_stats(const col_mesh *m);

/* A pick: the triangle, t, the point, the unit normal facing the ray's
 * origin (the triangle's own for a ray from behind with COL_CULL_BACKFACES),
 * and the barycentrics (u, v, w) of the point: point = u a + v b + w c. */
typedef struct col_mesh_hit {
    col_status status; /* COL_HIT, COL_MISS or COL_INVALID */
    int32_t triangle;
    col_real t;
    col_vec3 point;
    col_vec3 normal;
    col_real u, v, w;
} col_mesh_hit;

/* The closest hit of the ray on the mesh (the least triangle index among
 * equal t). COL_INVALID for an invalid ray or a NULL mesh. */
COL_API col_mesh_hit col_mesh_raycast(const col_mesh *m, const col_ray *r, col_triangle_sides sides);

/*
 * The triangles the shape overlaps (col_overlap with each), in index order:
 * writes up to `cap` indices to out and returns how many there are ((size_t)-1
 * for an invalid or 2D shape, or when memory runs out).
 */
COL_API size_t col_mesh_overlaps(const col_mesh *m, const col_shape *s, int32_t *out, size_t cap);

/* true when the shape overlaps some triangle of the mesh (false for invalid input). */
COL_API bool col_mesh_overlap(const col_mesh *m, const col_shape *s);

/* A shape cast's first contact with the mesh: the sweep (col_sweep, the mesh
 * at rest) and the triangle it meets, the least index among equal t0. */
typedef struct col_mesh_sweep_hit {
    col_sweep_hit hit;
    int32_t triangle;
} col_mesh_sweep_hit;

/* The shape moving by delta against the mesh: the first contact (t0 = 0 with
 * initially_overlapping when the shape overlaps the mesh at the start).
 * hit.status COL_INVALID for invalid input. */
COL_API col_mesh_sweep_hit col_mesh_cast(const col_mesh *m, const col_shape *s, col_vec3 delta);

/* The mesh against a frustum: INSIDE when every triangle is, OUTSIDE when
 * every triangle is (col_frustum_classify_shape of each: never OUTSIDE for
 * a triangle that touches the frustum), INTERSECTING otherwise.
 * COL_CULL_INVALID for an invalid frustum or a NULL mesh. */
COL_API col_cull col_frustum_classify_mesh(const col_frustum *f, const col_mesh *m);

COL_EXTERN_C_END

#endif /* COLLIDE_MESH_H */
