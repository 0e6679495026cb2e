/*
 * The world's resting contacts (collide/world.h, col_world_contacts): the
 * bodies a body's shape overlaps or touches, each with the contact manifold
 * of the pair (col_manifold), one for each triangle of a mesh.
 */
#include <stdlib.h>
#include <string.h>

#include "world_private.h"

/* Appends one contact (counted always, written while there is room). */
static void put(col_world_contact *out, size_t cap, size_t *n, col_body_id other, int32_t tri,
                const col_contact_manifold *m) {
    if (*n < cap) {
        out[*n].other = other;
        out[*n].triangle = tri;
        out[*n].manifold = *m;
    }
    ++*n;
}

static size_t fail(col_world_status *status, col_world_status s) {
    if (status) *status = s;
    return (size_t)-1;
}

size_t col_world_contacts(col_world *w, col_body_id id, const col_filter *filter, col_world_contact *out, size_t cap,
                          col_world_status *status) {
    if (status) *status = COL_WORLD_OK;
    if (!w || (cap > 0 && !out)) return fail(status, COL_WORLD_INVALID_ARGUMENT);
    if (w->locked) return fail(status, COL_WORLD_LOCKED);
    if (!col_world_contains(w, id)) return fail(status, COL_WORLD_STALE_ID);
    if (col_world_mesh(w, id)) return fail(status, COL_WORLD_INVALID_ARGUMENT);
    const col_shape *shape = col_world_shape(w, id);
    /* the bodies the shape overlaps, by id (the world's own query, in one
     * pass: at most every body, so the filter runs once for each) */
    size_t room = col_world_count(w);
    col_body_id *ids = malloc((room ? room : 1) * sizeof *ids);
    if (!ids) return fail(status, COL_WORLD_NO_MEMORY);
    col_world_status st;
    size_t found = col_world_query_shape(w, shape, filter, ids, room, &st);
    if (found != (size_t)-1 && found > room) { /* not expected (room counts every body): ask again */
        col_body_id *more = realloc(ids, found * sizeof *ids);
        if (!more) {
            free(ids);
            return fail(status, COL_WORLD_NO_MEMORY);
        }
        ids = more;
        room = found;
        found = col_world_query_shape(w, shape, filter, ids, room, &st);
    }
    if (found == (size_t)-1 || found > room) {
        free(ids);
        return fail(status, found == (size_t)-1 ? st : COL_WORLD_INVALID_ARGUMENT);
    }
    size_t n = 0;
    for (size_t i = 0; i < found; ++i) {
        if (ids[i] == id) continue;
        const col_mesh *mesh = col_world_mesh(w, ids[i]);
        if (!mesh) {
            col_contact_manifold m = col_manifold(shape, col_world_shape(w, ids[i]));
            if (m.status == COL_HIT || m.status == COL_NOT_CONVERGED) put(out, cap, &n, ids[i], -1, &m);
            continue;
        }
        size_t nt = col_mesh_overlaps(mesh, shape, NULL, 0);
        int32_t *tris = nt == (size_t)-1 ? NULL : malloc((nt ? nt : 1) * sizeof *tris);
        if (!tris) {
            free(ids);
            return fail(status, COL_WORLD_NO_MEMORY);
        }
        nt = col_mesh_overlaps(mesh, shape, tris, nt);
        for (size_t k = 0; k < nt && nt != (size_t)-1; ++k) {
            col_shape t;
            memset(&t, 0, sizeof t);
            t.kind = COL_SHAPE_TRIANGLE;
            if (!col_mesh_triangle(mesh, tris[k], &t.u.triangle)) continue;
            col_contact_manifold m = col_manifold(shape, &t);
            if (m.status == COL_HIT || m.status == COL_NOT_CONVERGED) put(out, cap, &n, ids[i], tris[k], &m);
        }
        free(tris);
    }
    free(ids);
    return n;
}
