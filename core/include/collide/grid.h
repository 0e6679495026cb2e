/*
 * collide/grid.h — a uniform grid over axis-aligned boxes, hashed (issue 18):
 * a second broad phase beside the dynamic tree (collide/tree.h), for many
 * boxes of about one size.
 *
 * Space is cut into cubes of edge `cell`; a box is listed in every cell its
 * closed extent touches, and the cells live in a hash table keyed by their
 * integer coordinates (i, j, k) = floor(p / cell), so only occupied cells
 * cost memory and the world has no bounds. The hash is the multiplicative one
 * of Teschner et al., "Optimized Spatial Hashing for Collision Detection of
 * Deformable Objects" (VMV 2003) — (i p1) xor (j p2) xor (k p3) — in the line
 * of Graphics Gems' "3D Grid Hashing Function" (Wyvill, 1990), which packs the
 * low bits of i, j and k; open addressing with linear probing, the table
 * doubled past half full.
 *
 * A box that would span more than COL_GRID_MAX_CELLS cells, or lies beyond
 * the coordinates a cell index can hold, goes to one list every query scans
 * (a few huge boxes then cost a comparison each, not thousands of cells).
 *
 * Determinism: a query calls back in ascending id order, each overlapping id
 * once, whatever the hash table's layout; ids are handed out lowest free
 * first. Queries are const and may run concurrently; changing the grid from a
 * callback is undefined. Allocation: malloc/realloc/free; a failed
 * allocation returns the operation's failure value and leaves the grid as it
 * was.
 */
#ifndef COLLIDE_GRID_H
#define COLLIDE_GRID_H

#include <stddef.h>
#include <stdint.h>

#include "collide/shapes.h"

COL_EXTERN_C_BEGIN

/* The null id (no entry). */
#define COL_GRID_NULL (-1)

/* The most cells a box is listed in; a larger box goes to the scanned list. */
#define COL_GRID_MAX_CELLS 64

typedef struct col_grid_entry col_grid_entry;
typedef struct col_grid_cell col_grid_cell;

/* The grid. Initialise with col_grid_init, release with col_grid_free; the
 * fields are read-only. */
typedef struct col_grid {
    col_real cell;           /* the cells' edge length (> 0, finite) */
    int32_t count;           /* live entries */
    int32_t capacity;        /* entries allocated (ids below it) */
    col_grid_entry *entries; /* by id */
    int32_t *free_ids;       /* the free ids below capacity, a min-heap (capacity slots) */
    int32_t free_count;      /* how many */
    col_grid_cell *cells;    /* the hash table (cell_capacity slots, a power of two) */
    size_t cell_capacity;    /* slots */
    size_t cell_used;        /* slots holding a cell (empty cells included) */
    int32_t *large;          /* ids of the boxes every query scans */
    int32_t large_count, large_capacity;
} col_grid;

/* Figures of a grid (col_grid_stats_of). */
typedef struct col_grid_stats {
    int32_t count;   /* live entries */
    int32_t large;   /* of which in the scanned list */
    size_t cells;    /* occupied cells */
    size_t listings; /* (cell, id) pairs over all cells */
    size_t slots;    /* hash table slots */
    size_t bytes;    /* memory held */
} col_grid_stats;

/* An empty grid of cells of edge `cell`; false (the grid left empty and
 * unusable) for a cell size that is not positive and finite. Allocates
 * nothing. */
COL_API bool col_grid_init(col_grid *g, col_real cell);

/* Frees everything; the grid is empty (and usable, same cell) afterwards. */
COL_API void col_grid_free(col_grid *g);

/* Adds a box with a user value; its id (>= 0, the lowest free), or
 * COL_GRID_NULL for an invalid box (col_aabb_is_valid) or when memory runs
 * out. */
COL_API int32_t col_grid_insert(col_grid *g, const col_aabb *box, uint64_t user);

/* Removes an entry; false (nothing changes) when `id` is not live. */
COL_API bool col_grid_remove(col_grid *g, int32_t id);

/* The entry's box is now `box`: 0 when it touches the same cells (only the
 * box changes), 1 when it was relisted, -1 (nothing changes) for an id that
 * is not live, an invalid box, or memory running out. */
COL_API int col_grid_move(col_grid *g, int32_t id, const col_aabb *box);

/* The entry's box and user value; false when `id` is not live. */
COL_API bool col_grid_entry_of(const col_grid *g, int32_t id, col_aabb *box, uint64_t *user);

/* Called for each entry of a query: return false to stop. */
typedef bool col_grid_query_fn(void *ctx, int32_t id, uint64_t user);

/*
 * Every entry whose box overlaps `box` (closed: touching counts; the exact
 * comparison col_overlap_aabb_aabb makes), once each, in ascending id
 * order. false for an invalid box or when memory for the candidates runs
 * out (the query then did not run); true otherwise, also when the callback
 * stopped it.
 */
COL_API bool col_grid_query_aabb(const col_grid *g, const col_aabb *box, col_grid_query_fn *fn, void *ctx);

/* The grid's figures. */
COL_API col_grid_stats col_grid_stats_of(const col_grid *g);

COL_EXTERN_C_END

#endif
