/*
 * A hashed uniform grid over axis-aligned boxes (collide/grid.h): the cells
 * a box touches, in an open-addressing table keyed by their integer
 * coordinates; huge boxes in one scanned list.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "collide/grid.h"
#include "collide/static.h"
#include "geom.h"

/* An entry: its box, user value and cell range; state 0 free, 1 listed in
 * its cells, 2 in the scanned list. */
struct col_grid_entry {
    col_aabb box;
    uint64_t user;
    int32_t lo[3], hi[3];
    int32_t state;
};

/* A cell of the table: its coordinates and the ids listed in it (an empty
 * cell keeps its slot until the table is rebuilt). */
struct col_grid_cell {
    int32_t key[3];
    int32_t used; /* the slot holds a cell */
    int32_t count, cap;
    int32_t *ids;
};

#if defined(COLLIDE_REAL_FLOAT) && COLLIDE_REAL_FLOAT
#define col_floor floorf
#else
#define col_floor floor
#endif

/* A cell index stays within +-2^30: beyond, the box is a scanned one. The
 * index floor(x / cell) is monotone in x (a correctly rounded quotient by a
 * positive number is), so two boxes that overlap share the cell of any
 * common point: the grid finds every overlapping pair however x / cell
 * rounds. */
#define GRID_INDEX_LIMIT COL_R(1073741824.0)

bool col_grid_init(col_grid *g, col_real cell) {
    memset(g, 0, sizeof *g);
    if (!(cell > COL_R(0.0) && cell <= COL_REAL_MAX)) return false;
    g->cell = cell;
    return true;
}

void col_grid_free(col_grid *g) {
    for (size_t i = 0; i < g->cell_capacity; ++i) free(g->cells[i].ids);
    free(g->cells);
    free(g->entries);
    free(g->free_ids);
    free(g->large);
    col_real cell = g->cell;
    memset(g, 0, sizeof *g);
    g->cell = cell;
}

/* Teschner et al.'s primes; the xor of the products, mixed so that the low
 * bits (the table's mask) depend on every coordinate's bits. */
static size_t cell_hash(const int32_t k[3]) {
    uint64_t h = (uint64_t)(uint32_t)k[0] * 73856093u ^ (uint64_t)(uint32_t)k[1] * 19349663u ^
                 (uint64_t)(uint32_t)k[2] * 83492791u;
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9u;
    h ^= h >> 32;
    return (size_t)h;
}

static bool same_key(const int32_t a[3], const int32_t b[3]) { return a[0] == b[0] && a[1] == b[1] && a[2] == b[2]; }

/* The slot of the cell k, or of the empty slot where it would go. */
static size_t cell_slot(const col_grid *g, const int32_t k[3]) {
    size_t mask = g->cell_capacity - 1, i = cell_hash(k) & mask;
    while (g->cells[i].used && !same_key(g->cells[i].key, k)) i = (i + 1) & mask;
    return i;
}

/* The table with room for one more cell (at most half full), rebuilt
 * without its empty cells when it grows. */
static bool cells_reserve(col_grid *g) {
    if (g->cell_capacity && 2 * (g->cell_used + 1) <= g->cell_capacity) return true;
    size_t live = 0;
    for (size_t i = 0; i < g->cell_capacity; ++i) live += g->cells[i].used && g->cells[i].count > 0;
    size_t cap = 64;
    while (cap < 4 * (live + 1)) cap *= 2;
    col_grid_cell *t = calloc(cap, sizeof *t);
    if (!t) return false;
    col_grid old = *g;
    g->cells = t;
    g->cell_capacity = cap;
    g->cell_used = 0;
    for (size_t i = 0; i < old.cell_capacity; ++i) {
        col_grid_cell *c = &old.cells[i];
        if (!c->used) continue;
        if (c->count == 0) {
            free(c->ids);
            continue;
        }
        size_t j = cell_slot(g, c->key);
        g->cells[j] = *c;
        ++g->cell_used;
    }
    free(old.cells);
    return true;
}

/* The cell range of a box; false where an index would leave +-2^30 or the
 * range would cover more than COL_GRID_MAX_CELLS cells (a scanned box). */
static bool cell_range(const col_grid *g, const col_aabb *b, int32_t lo[3], int32_t hi[3]) {
    double n = 1.0;
    for (int k = 0; k < 3; ++k) {
        col_real a = col_floor(col_v3_get(b->min, k) / g->cell), z = col_floor(col_v3_get(b->max, k) / g->cell);
        if (!(a >= -GRID_INDEX_LIMIT && z <= GRID_INDEX_LIMIT)) return false;
        lo[k] = (int32_t)a;
        hi[k] = (int32_t)z;
        n *= (double)hi[k] - (double)lo[k] + 1.0;
    }
    return n <= COL_GRID_MAX_CELLS;
}

/* Lists id in the cell k. A cell that exists (if empty) takes it without
 * touching the table, so relisting a box just unlisted allocates nothing. */
static bool cell_add(col_grid *g, const int32_t k[3], int32_t id) {
    size_t i = g->cell_capacity ? cell_slot(g, k) : 0;
    if (!g->cell_capacity || !g->cells[i].used) {
        if (!cells_reserve(g)) return false;
        i = cell_slot(g, k);
    }
    col_grid_cell *c = &g->cells[i];
    if (!c->used) {
        memset(c, 0, sizeof *c);
        c->used = 1;
        memcpy(c->key, k, sizeof c->key);
        ++g->cell_used;
    }
    if (c->count == c->cap) {
        int32_t cap = c->cap ? 2 * c->cap : 4;
        int32_t *ids = realloc(c->ids, (size_t)cap * sizeof *ids);
        if (!ids) return false;
        c->ids = ids;
        c->cap = cap;
    }
    c->ids[c->count++] = id;
    return true;
}

static void cell_drop(col_grid *g, const int32_t k[3], int32_t id) {
    if (!g->cell_capacity) return;
    col_grid_cell *c = &g->cells[cell_slot(g, k)];
    if (!c->used) return;
    for (int32_t i = 0; i < c->count; ++i)
        if (c->ids[i] == id) {
            c->ids[i] = c->ids[--c->count];
            return;
        }
}

static void unlist(col_grid *g, int32_t id) {
    col_grid_entry *e = &g->entries[id];
    if (e->state == 2) {
        for (int32_t i = 0; i < g->large_count; ++i)
            if (g->large[i] == id) {
                g->large[i] = g->large[--g->large_count];
                break;
            }
        return;
    }
    int32_t k[3];
    for (k[0] = e->lo[0]; k[0] <= e->hi[0]; ++k[0])
        for (k[1] = e->lo[1]; k[1] <= e->hi[1]; ++k[1])
            for (k[2] = e->lo[2]; k[2] <= e->hi[2]; ++k[2]) cell_drop(g, k, id);
}

/* Lists the entry id (its box set) in its cells or the scanned list; on a
 * failed allocation, undoes what it listed and returns false. */
static bool list(col_grid *g, int32_t id) {
    col_grid_entry *e = &g->entries[id];
    if (!cell_range(g, &e->box, e->lo, e->hi)) {
        if (g->large_count == g->large_capacity) {
            int32_t cap = g->large_capacity ? 2 * g->large_capacity : 8;
            int32_t *l = realloc(g->large, (size_t)cap * sizeof *l);
            if (!l) return false;
            g->large = l;
            g->large_capacity = cap;
        }
        g->large[g->large_count++] = id;
        e->state = 2;
        return true;
    }
    e->state = 1;
    int32_t k[3];
    for (k[0] = e->lo[0]; k[0] <= e->hi[0]; ++k[0])
        for (k[1] = e->lo[1]; k[1] <= e->hi[1]; ++k[1])
            for (k[2] = e->lo[2]; k[2] <= e->hi[2]; ++k[2])
                if (!cell_add(g, k, id)) {
                    unlist(g, id); /* drops what was added (a missing listing is no harm) */
                    return false;
                }
    return true;
}

/* The free ids' min-heap. */
static void heap_push(col_grid *g, int32_t id) {
    int32_t i = g->free_count++;
    g->free_ids[i] = id;
    while (i > 0 && g->free_ids[(i - 1) / 2] > g->free_ids[i]) {
        int32_t p = (i - 1) / 2, t = g->free_ids[p];
        g->free_ids[p] = g->free_ids[i];
        g->free_ids[i] = t;
        i = p;
    }
}

static int32_t heap_pop(col_grid *g) {
    int32_t top = g->free_ids[0], i = 0, n = --g->free_count;
    g->free_ids[0] = g->free_ids[n];
    for (;;) {
        int32_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && g->free_ids[l] < g->free_ids[m]) m = l;
        if (r < n && g->free_ids[r] < g->free_ids[m]) m = r;
        if (m == i) break;
        int32_t t = g->free_ids[m];
        g->free_ids[m] = g->free_ids[i];
        g->free_ids[i] = t;
        i = m;
    }
    return top;
}

int32_t col_grid_insert(col_grid *g, const col_aabb *box, uint64_t user) {
    if (!box || !col_aabb_is_valid(box) || !(g->cell > COL_R(0.0))) return COL_GRID_NULL;
    if (g->free_count == 0) {
        if (g->capacity >= INT32_MAX / 2) return COL_GRID_NULL;
        int32_t cap = g->capacity ? 2 * g->capacity : 16;
        col_grid_entry *e = realloc(g->entries, (size_t)cap * sizeof *e);
        if (!e) return COL_GRID_NULL;
        g->entries = e;
        int32_t *f = realloc(g->free_ids, (size_t)cap * sizeof *f);
        if (!f) return COL_GRID_NULL; /* entries grown, nothing else changed */
        g->free_ids = f;
        for (int32_t i = g->capacity; i < cap; ++i) {
            memset(&g->entries[i], 0, sizeof g->entries[i]);
            heap_push(g, i);
        }
        g->capacity = cap;
    }
    int32_t id = g->free_ids[0];
    col_grid_entry *e = &g->entries[id];
    e->box = *box;
    e->user = user;
    if (!list(g, id)) {
        e->state = 0;
        return COL_GRID_NULL;
    }
    (void)heap_pop(g);
    ++g->count;
    return id;
}

static bool live(const col_grid *g, int32_t id) { return id >= 0 && id < g->capacity && g->entries[id].state != 0; }

bool col_grid_remove(col_grid *g, int32_t id) {
    if (!live(g, id)) return false;
    unlist(g, id);
    g->entries[id].state = 0;
    heap_push(g, id);
    --g->count;
    return true;
}

int col_grid_move(col_grid *g, int32_t id, const col_aabb *box) {
    if (!live(g, id) || !box || !col_aabb_is_valid(box)) return -1;
    col_grid_entry *e = &g->entries[id];
    int32_t lo[3], hi[3];
    bool small = cell_range(g, box, lo, hi);
    if (small && e->state == 1 && memcmp(lo, e->lo, sizeof lo) == 0 && memcmp(hi, e->hi, sizeof hi) == 0) {
        e->box = *box;
        return 0;
    }
    col_grid_entry before = *e;
    unlist(g, id);
    e->box = *box;
    if (!list(g, id)) {
        *e = before; /* relist the old box: its cells and their room are still there */
        (void)list(g, id);
        return -1;
    }
    return 1;
}

bool col_grid_entry_of(const col_grid *g, int32_t id, col_aabb *box, uint64_t *user) {
    if (!live(g, id)) return false;
    if (box) *box = g->entries[id].box;
    if (user) *user = g->entries[id].user;
    return true;
}

/* The candidates of a query: a buffer on the stack first, then the heap
 * (grown by doubling). */
typedef struct candidates {
    int32_t *ids;
    size_t n, cap;
    int32_t local[256];
} candidates;

/* Appends id; false when memory runs out. */
static bool push_candidate(candidates *c, int32_t id) {
    if (c->n == c->cap) {
        size_t nc = 2 * c->cap;
        int32_t *t = c->ids == c->local ? malloc(nc * sizeof *t) : realloc(c->ids, nc * sizeof *t);
        if (!t) return false;
        if (c->ids == c->local) memcpy(t, c->local, sizeof c->local);
        c->ids = t;
        c->cap = nc;
    }
    c->ids[c->n++] = id;
    return true;
}

/* Whether the cell k is the first cell (lowest on every axis) that the
 * entry's cell range shares with the query's (from lo): an entry listed in
 * several of the query's cells is taken there only, once; and whether its
 * box overlaps the query's. */
static bool first_common_cell(const col_grid *g, int32_t id, const int32_t k[3], const int32_t lo[3],
                              const col_aabb *box) {
    const col_grid_entry *e = &g->entries[id];
    for (int a = 0; a < 3; ++a)
        if (k[a] != (e->lo[a] > lo[a] ? e->lo[a] : lo[a])) return false;
    return col_overlap_aabb_aabb(&e->box, box);
}

bool col_grid_query_aabb(const col_grid *g, const col_aabb *box, col_grid_query_fn *fn, void *ctx) {
    if (!box || !col_aabb_is_valid(box) || !fn) return false;
    candidates c;
    c.ids = c.local;
    c.n = 0;
    c.cap = sizeof c.local / sizeof c.local[0];
    bool ok = true;
    for (int32_t i = 0; i < g->large_count && ok; ++i)
        if (col_overlap_aabb_aabb(&g->entries[g->large[i]].box, box)) ok = push_candidate(&c, g->large[i]);
    /* the query's cells, or (a query wider than the table's cells, or
     * beyond the indices) every cell */
    int32_t lo[3], hi[3];
    bool ranged = true;
    double span = 1.0;
    for (int k = 0; k < 3; ++k) {
        col_real a = col_floor(col_v3_get(box->min, k) / g->cell), z = col_floor(col_v3_get(box->max, k) / g->cell);
        a = a < -GRID_INDEX_LIMIT ? -GRID_INDEX_LIMIT : a;
        z = z > GRID_INDEX_LIMIT ? GRID_INDEX_LIMIT : z;
        if (!(a <= z)) ranged = false; /* beyond the indices on one side: no cell */
        lo[k] = ranged ? (int32_t)a : 0;
        hi[k] = ranged ? (int32_t)z : -1;
        span *= ranged ? (double)hi[k] - (double)lo[k] + 1.0 : 0.0;
    }
    if (ranged && span > (double)g->cell_used) {
        for (size_t i = 0; i < g->cell_capacity && ok; ++i) {
            const col_grid_cell *cell = &g->cells[i];
            if (!cell->used) continue;
            bool in = true;
            for (int k = 0; k < 3; ++k) in = in && cell->key[k] >= lo[k] && cell->key[k] <= hi[k];
            for (int32_t j = 0; in && j < cell->count && ok; ++j)
                if (first_common_cell(g, cell->ids[j], cell->key, lo, box)) ok = push_candidate(&c, cell->ids[j]);
        }
    } else if (ranged && g->cell_capacity) {
        int32_t k[3];
        for (k[0] = lo[0]; k[0] <= hi[0] && ok; ++k[0])
            for (k[1] = lo[1]; k[1] <= hi[1] && ok; ++k[1])
                for (k[2] = lo[2]; k[2] <= hi[2] && ok; ++k[2]) {
                    const col_grid_cell *cell = &g->cells[cell_slot(g, k)];
                    for (int32_t j = 0; cell->used && j < cell->count && ok; ++j)
                        if (first_common_cell(g, cell->ids[j], k, lo, box)) ok = push_candidate(&c, cell->ids[j]);
                }
    }
    if (ok) {
        col__sort_int32(c.ids, c.n);
        for (size_t i = 0; i < c.n; ++i)
            if (!fn(ctx, c.ids[i], g->entries[c.ids[i]].user)) break;
    }
    if (c.ids != c.local) free(c.ids);
    return ok;
}

col_grid_stats col_grid_stats_of(const col_grid *g) {
    col_grid_stats s;
    memset(&s, 0, sizeof s);
    s.count = g->count;
    s.large = g->large_count;
    s.slots = g->cell_capacity;
    s.bytes = g->cell_capacity * sizeof *g->cells + (size_t)g->capacity * (sizeof *g->entries + sizeof(int32_t)) +
              (size_t)g->large_capacity * sizeof(int32_t);
    for (size_t i = 0; i < g->cell_capacity; ++i) {
        const col_grid_cell *c = &g->cells[i];
        if (!c->used) continue;
        s.cells += c->count > 0;
        s.listings += (size_t)c->count;
        s.bytes += (size_t)c->cap * sizeof(int32_t);
    }
    return s;
}
