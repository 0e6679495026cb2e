/*
 * Pictures for collide-run (see svg.h). Every shape becomes the convex
 * outline of its orthographic projection (the hull of its vertices, or of its
 * silhouette circles and ellipses sampled at 48 points), so the picture is
 * exact for polyhedra and within 0.2% of the radius for round shapes.
 */
#include "svg.h"

#include "text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Limits that keep a picture (and the memory it takes) bounded. */
#define SVG_MAX_POINTS (1 << 22) /* 2D points over all items */
#define SVG_MAX_ITEMS (1 << 18)
#define SVG_MAX_GRID 64   /* grid lines per axis */
#define SVG_MAX_PIXEL 1e6 /* coordinates are clamped to +-this many pixels */
#define SVG_CIRCLE_SAMPLES 48

typedef enum item_type { IT_POLY, IT_LINE, IT_ARROW, IT_DOT, IT_NORMAL, IT_PLANE, IT_PATH } item_type;

typedef struct item {
    item_type type;
    int first, count; /* 2D points in the scene's array */
    double nx, ny, d; /* IT_PLANE: the trace n . p = d; IT_NORMAL: the direction */
    double length;    /* IT_NORMAL: arrow length (0: a tenth of the picture) */
    char color[24];
    bool fill, dashed, bold;
    double opacity;
    int label; /* index of its legend entry, or -1 */
    int frame; /* 0: in every frame; k > 0: drawn in frame k only (see frame()) */
} item;

struct svg_scene {
    svg_view view;
    lua_Alloc alloc;
    void *ud;
    item *items;
    int n_items, cap_items;
    double *pts; /* x, y pairs */
    int n_pts, cap_pts;
    char (*labels)[SVG_MAX_LABEL + 1];
    char (*label_colors)[24];
    int n_labels, cap_labels, cap_label_colors;
    int palette;
    int frame, frames; /* the frame drawings go to now (0: every frame), and how many there are */
    svg_frames mode;
};

static const char *const palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2"};
#define PALETTE_SIZE ((int)(sizeof palette / sizeof palette[0]))

svg_scene *svg_new(svg_view view, svg_frames mode, lua_Alloc alloc, void *ud) {
    svg_scene *s = alloc(ud, NULL, 0, sizeof *s);
    if (!s) return NULL;
    memset(s, 0, sizeof *s);
    s->view = view;
    s->mode = mode;
    s->alloc = alloc;
    s->ud = ud;
    return s;
}

void svg_free(svg_scene *s) {
    if (!s) return;
    s->alloc(s->ud, s->items, sizeof(item) * (size_t)s->cap_items, 0);
    s->alloc(s->ud, s->pts, sizeof(double) * (size_t)s->cap_pts, 0);
    s->alloc(s->ud, s->labels, sizeof *s->labels * (size_t)s->cap_labels, 0);
    s->alloc(s->ud, s->label_colors, sizeof *s->label_colors * (size_t)s->cap_label_colors, 0);
    s->alloc(s->ud, s, sizeof *s, 0);
}

/* ------------------------------ geometry ------------------------------ */

/* The world axes the picture's x and y show. */
static void view_axes(svg_view v, col_vec3 *ea, col_vec3 *eb) {
    *ea = v == SVG_VIEW_YZ ? col_v3(0, 1, 0) : col_v3(1, 0, 0);
    *eb = v == SVG_VIEW_XY ? col_v3(0, 1, 0) : col_v3(0, 0, 1);
}

typedef struct p2 {
    double x, y;
} p2;

static p2 project(svg_view v, col_vec3 p) {
    col_vec3 ea, eb;
    view_axes(v, &ea, &eb);
    p2 q = {(double)col_v3_dot(p, ea), (double)col_v3_dot(p, eb)};
    return q;
}

static int cmp_p2(const void *a, const void *b) {
    const p2 *p = a, *q = b;
    if (p->x != q->x) return p->x < q->x ? -1 : 1;
    if (p->y != q->y) return p->y < q->y ? -1 : 1;
    return 0;
}

static double cross2(p2 o, p2 a, p2 b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

/* Convex hull in place (Andrew's monotone chain), counter-clockwise; returns
 * its size (1 or 2 for degenerate input). pts needs room for n + 1. */
static int hull(p2 *pts, int n, p2 *out) {
    if (n <= 0) return 0;
    qsort(pts, (size_t)n, sizeof *pts, cmp_p2);
    int k = 0;
    for (int i = 0; i < n; ++i) {
        while (k >= 2 && cross2(out[k - 2], out[k - 1], pts[i]) <= 0) --k;
        out[k++] = pts[i];
    }
    for (int i = n - 2, lo = k + 1; i >= 0; --i) {
        while (k >= lo && cross2(out[k - 2], out[k - 1], pts[i]) <= 0) --k;
        out[k++] = pts[i];
    }
    if (k > 1) --k; /* the last point repeats the first */
    return k;
}

/* ------------------------------ the scene ------------------------------ */

static bool grow(svg_scene *s, void **p, int *cap, int need, size_t size) {
    if (need <= *cap) return true;
    int nc = *cap ? *cap : 64;
    while (nc < need) nc *= 2;
    void *q = s->alloc(s->ud, *p, (size_t)*cap * size, (size_t)nc * size);
    if (!q) return false;
    *p = q;
    *cap = nc;
    return true;
}

/* Room for one more item with npts points, or a Lua error. */
static item *new_item(lua_State *L, svg_scene *s, item_type type, int npts) {
    if (s->n_items >= SVG_MAX_ITEMS || s->n_pts + npts > SVG_MAX_POINTS)
        luaL_error(L, "the picture is full (at most %d drawings and %d points)", SVG_MAX_ITEMS, SVG_MAX_POINTS);
    if (!grow(s, (void **)&s->items, &s->cap_items, s->n_items + 1, sizeof(item)) ||
        !grow(s, (void **)&s->pts, &s->cap_pts, 2 * (s->n_pts + npts), sizeof(double)))
        luaL_error(L, "not enough memory for the picture");
    item *it = &s->items[s->n_items++];
    memset(it, 0, sizeof *it);
    it->type = type;
    it->first = s->n_pts;
    it->count = npts;
    it->label = -1;
    it->opacity = 1.0;
    it->frame = s->frame;
    s->n_pts += npts;
    return it;
}

static void set_point(svg_scene *s, const item *it, int i, p2 p) {
    s->pts[2 * (it->first + i)] = p.x;
    s->pts[2 * (it->first + i) + 1] = p.y;
}

/* A style: a string (the legend label) or a table {color=, label=, fill=,
 * dashed=}; the color defaults to the next one of the palette. */
typedef struct style {
    char color[24];
    char label[SVG_MAX_LABEL + 1];
    bool fill, dashed;
    bool has_label;
} style;

static void read_style(lua_State *L, int idx, svg_scene *s, style *st, bool fill_default) {
    memset(st, 0, sizeof *st);
    st->fill = fill_default;
    const char *color = NULL;
    size_t len;
    if (lua_type(L, idx) == LUA_TSTRING) {
        st->has_label = true;
        const char *text = lua_tolstring(L, idx, &len);
        text_utf8_copy(st->label, sizeof st->label, text, len);
    } else if (lua_type(L, idx) == LUA_TTABLE) {
        if (lua_getfield(L, idx, "label") != LUA_TNIL) {
            if (!lua_isstring(L, -1)) luaL_argerror(L, idx, "style.label must be a string");
            st->has_label = true;
            const char *text = lua_tolstring(L, -1, &len);
            text_utf8_copy(st->label, sizeof st->label, text, len);
        }
        lua_pop(L, 1);
        if (lua_getfield(L, idx, "color") != LUA_TNIL) {
            if (lua_type(L, -1) != LUA_TSTRING) luaL_argerror(L, idx, "style.color must be a string");
            color = lua_tostring(L, -1);
            size_t n = strlen(color);
            bool ok = n > 0 && n < sizeof st->color;
            for (size_t i = 0; ok && i < n; ++i)
                ok = (color[i] >= '0' && color[i] <= '9') || (color[i] >= 'a' && color[i] <= 'z') ||
                     (color[i] >= 'A' && color[i] <= 'Z') || color[i] == '#';
            if (!ok) luaL_argerror(L, idx, "style.color must be a color name or #rrggbb");
            snprintf(st->color, sizeof st->color, "%s", color);
        }
        lua_pop(L, 1);
        if (lua_getfield(L, idx, "fill") != LUA_TNIL) st->fill = lua_toboolean(L, -1);
        lua_pop(L, 1);
        if (lua_getfield(L, idx, "dashed") != LUA_TNIL) st->dashed = lua_toboolean(L, -1);
        lua_pop(L, 1);
    } else if (!lua_isnoneornil(L, idx)) {
        luaL_typeerror(L, idx, "style table or label string");
    }
    if (!color) {
        int k = s ? s->palette++ : 0;
        snprintf(st->color, sizeof st->color, "%s", palette[k % PALETTE_SIZE]);
    }
}

static void apply_style(lua_State *L, svg_scene *s, item *it, const style *st) {
    snprintf(it->color, sizeof it->color, "%s", st->color);
    it->fill = st->fill;
    it->dashed = st->dashed;
    if (!st->has_label) return;
    if (!grow(s, (void **)&s->labels, &s->cap_labels, s->n_labels + 1, sizeof *s->labels) ||
        !grow(s, (void **)&s->label_colors, &s->cap_label_colors, s->n_labels + 1, sizeof *s->label_colors))
        luaL_error(L, "not enough memory for the picture");
    memcpy(s->labels[s->n_labels], st->label, sizeof st->label);
    snprintf(s->label_colors[s->n_labels], 24, "%s", st->color);
    it->label = s->n_labels++;
}

/* The 3D points whose projection's hull is the shape's outline in the view. */
static int shape_points(svg_view v, const col_shape *sh, col_vec3 shift, col_vec3 *out, int cap) {
    col_vec3 ea, eb;
    view_axes(v, &ea, &eb);
    int n = 0;
#define PUT(p)                                                                                                         \
    do {                                                                                                               \
        if (n < cap) out[n++] = col_v3_add((p), shift);                                                                \
    } while (0)
    switch (sh->kind) {
    case COL_SHAPE_POINT: PUT(sh->u.point.p); break;
    case COL_SHAPE_SEGMENT:
        PUT(sh->u.segment.a);
        PUT(sh->u.segment.b);
        break;
    case COL_SHAPE_TRIANGLE:
        PUT(sh->u.triangle.a);
        PUT(sh->u.triangle.b);
        PUT(sh->u.triangle.c);
        break;
    case COL_SHAPE_SPHERE:
    case COL_SHAPE_CAPSULE:
    case COL_SHAPE_ELLIPSOID:
    case COL_SHAPE_CIRCLE: {
        col_vec3 c[2];
        int nc = 1;
        col_real ra, rb;
        if (sh->kind == COL_SHAPE_SPHERE) {
            c[0] = sh->u.sphere.c;
            ra = rb = sh->u.sphere.r;
        } else if (sh->kind == COL_SHAPE_CAPSULE) {
            c[0] = sh->u.capsule.a;
            c[1] = sh->u.capsule.b;
            nc = 2;
            ra = rb = sh->u.capsule.r;
        } else if (sh->kind == COL_SHAPE_ELLIPSOID) {
            c[0] = sh->u.ellipsoid.c;
            ra = col_v3_dot(sh->u.ellipsoid.r, ea);
            rb = col_v3_dot(sh->u.ellipsoid.r, eb);
        } else { /* a circle lies in z = 0 */
            c[0] = col_v3(sh->u.circle.c.x, sh->u.circle.c.y, 0);
            col_vec3 r3 = col_v3(sh->u.circle.r, sh->u.circle.r, 0);
            ra = col_v3_dot(r3, ea);
            rb = col_v3_dot(r3, eb);
        }
        for (int k = 0; k < nc; ++k)
            for (int i = 0; i < SVG_CIRCLE_SAMPLES; ++i) {
                double a = 2.0 * 3.14159265358979323846 * i / SVG_CIRCLE_SAMPLES;
                PUT(col_v3_add(c[k], col_v3_add(col_v3_scale(ea, ra * (col_real)cos(a)),
                                                col_v3_scale(eb, rb * (col_real)sin(a)))));
            }
        break;
    }
    case COL_SHAPE_AABB:
        for (int i = 0; i < 8; ++i)
            PUT(col_v3(i & 1 ? sh->u.aabb.max.x : sh->u.aabb.min.x, i & 2 ? sh->u.aabb.max.y : sh->u.aabb.min.y,
                       i & 4 ? sh->u.aabb.max.z : sh->u.aabb.min.z));
        break;
    case COL_SHAPE_OBB: {
        const col_obb *b = &sh->u.obb;
        for (int i = 0; i < 8; ++i) {
            col_vec3 p = b->c;
            p = col_v3_madd(p, i & 1 ? b->e.x : -b->e.x, b->u[0]);
            p = col_v3_madd(p, i & 2 ? b->e.y : -b->e.y, b->u[1]);
            p = col_v3_madd(p, i & 4 ? b->e.z : -b->e.z, b->u[2]);
            PUT(p);
        }
        break;
    }
    case COL_SHAPE_POLYTOPE:
        for (int i = 0; i < sh->u.polytope.count; ++i) PUT(sh->u.polytope.points[i]);
        break;
    case COL_SHAPE_RECT:
        for (int i = 0; i < 4; ++i)
            PUT(col_v3(i & 1 ? sh->u.rect.max.x : sh->u.rect.min.x, i & 2 ? sh->u.rect.max.y : sh->u.rect.min.y, 0));
        break;
    default: break;
    }
#undef PUT
    return n;
}

/* A scratch buffer as a userdata on the stack: counted by the state's
 * allocator and collected even when an error cuts the drawing short. */
static void *scratch(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 0); }

/* Adds the outline of the hull of pts (projected) as one item. */
static item *add_outline(lua_State *L, svg_scene *s, const col_vec3 *pts, int n) {
    p2 *tmp = scratch(L, sizeof(p2) * (size_t)(2 * n + 2));
    for (int i = 0; i < n; ++i) tmp[i] = project(s->view, pts[i]);
    p2 *h = tmp + n + 1;
    int k = hull(tmp, n, h);
    item *it = NULL;
    if (k == 1) {
        it = new_item(L, s, IT_DOT, 1);
    } else if (k == 2) {
        it = new_item(L, s, IT_LINE, 2);
    } else {
        it = new_item(L, s, IT_POLY, k);
    }
    for (int i = 0; i < k; ++i) set_point(s, it, i, h[i]);
    lua_pop(L, 1);
    return it;
}

/* Points of a shape (*n of them) into a scratch buffer pushed on the stack,
 * with room for as many again (the swept outline). */
static col_vec3 *collect(lua_State *L, svg_scene *s, const col_shape *sh, col_vec3 shift, int *n) {
    int cap = sh->kind == COL_SHAPE_POLYTOPE ? sh->u.polytope.count : 2 * SVG_CIRCLE_SAMPLES;
    col_vec3 *buf = scratch(L, sizeof(col_vec3) * (size_t)(2 * cap + 2));
    *n = shape_points(s->view, sh, shift, buf, cap);
    return buf;
}

static void draw_shape(lua_State *L, svg_scene *s, const col_shape *sh, col_vec3 shift, const style *st, bool dashed,
                       bool bold, double opacity) {
    if (sh->kind == COL_SHAPE_PLANE) {
        col_vec3 ea, eb;
        view_axes(s->view, &ea, &eb);
        col_plane pl = sh->u.plane;
        double na = (double)col_v3_dot(pl.n, ea), nb = (double)col_v3_dot(pl.n, eb);
        if (sqrt(na * na + nb * nb) < 1e-9) return; /* faces the viewer: covers the whole picture */
        item *it = new_item(L, s, IT_PLANE, 0);
        it->nx = na;
        it->ny = nb;
        it->d = (double)(pl.d + col_v3_dot(pl.n, shift));
        apply_style(L, s, it, st);
        it->dashed = true;
        return;
    }
    int n;
    col_vec3 *pts = collect(L, s, sh, shift, &n);
    item *it = add_outline(L, s, pts, n);
    lua_pop(L, 1);
    apply_style(L, s, it, st);
    it->dashed = it->dashed || dashed;
    it->bold = bold;
    it->opacity = opacity;
}

/* ------------------------------ Lua functions ------------------------------ */

static svg_scene *scene(lua_State *L) { return lua_touserdata(L, lua_upvalueindex(1)); }

/* draw(shape [, style]) */
static int l_draw(lua_State *L) {
    col_shape sh;
    lcol_check_shape(L, 1, &sh);
    svg_scene *s = scene(L);
    style st;
    read_style(L, 2, s, &st, true);
    if (s) draw_shape(L, s, &sh, col_v3(0, 0, 0), &st, false, false, 1.0);
    return 0;
}

/* drawSweep(shape, dx, dy, dz [, style]): style.against = shape draws the
 * position at the first contact with it; style.t0 = number at that time. */
static int l_draw_sweep(lua_State *L) {
    col_shape sh;
    lcol_check_shape(L, 1, &sh);
    if (sh.kind == COL_SHAPE_PLANE) luaL_argerror(L, 1, "a plane cannot be swept in a picture");
    col_real d[3];
    lcol_check_reals(L, 2, d, 3);
    col_vec3 dv = col_v3(d[0], d[1], d[2]);
    svg_scene *s = scene(L);
    style st;
    read_style(L, 5, s, &st, true);
    double t0 = -1.0;
    if (lua_type(L, 5) == LUA_TTABLE) {
        if (lua_getfield(L, 5, "t0") != LUA_TNIL) {
            if (!lua_isnumber(L, -1)) luaL_argerror(L, 5, "style.t0 must be a number");
            t0 = lua_tonumber(L, -1);
            if (!(t0 >= 0 && t0 <= 1)) luaL_argerror(L, 5, "style.t0 must be in [0, 1]");
        }
        lua_pop(L, 1);
        if (lua_getfield(L, 5, "against") != LUA_TNIL) {
            col_shape other;
            if (lcol_shape_kind(L, -1) < 0)
                luaL_argerror(
                    L, 5, lua_pushfstring(L, "style.against must be a collide shape, got %s", luaL_typename(L, -1)));
            lcol_check_shape(L, lua_gettop(L), &other);
            col_sweep_hit h = col_sweep(&sh, dv, &other, col_v3(0, 0, 0));
            if (h.status == COL_HIT) t0 = (double)h.t0;
        }
        lua_pop(L, 1);
    }
    if (!s) return 0;
    /* the swept outline: the hull of the start and the end */
    int n;
    col_vec3 *both = collect(L, s, &sh, col_v3(0, 0, 0), &n); /* room for 2n */
    for (int i = 0; i < n; ++i) both[n + i] = col_v3_add(both[i], dv);
    item *swept = add_outline(L, s, both, 2 * n);
    lua_pop(L, 1);
    style faint = st;
    faint.has_label = st.has_label;
    apply_style(L, s, swept, &faint);
    swept->opacity = 0.25;
    swept->dashed = true;
    style plain = st;
    plain.has_label = false;
    draw_shape(L, s, &sh, col_v3(0, 0, 0), &plain, false, false, 0.6);
    draw_shape(L, s, &sh, dv, &plain, true, false, 0.3);
    if (t0 >= 0) draw_shape(L, s, &sh, col_v3_scale(dv, (col_real)t0), &plain, false, true, 0.8);
    return 0;
}

/* drawRay(ox, oy, oz, dx, dy, dz [, style]): the segment from o to o + d, with an arrowhead */
static int l_draw_ray(lua_State *L) {
    col_real v[6];
    lcol_check_reals(L, 1, v, 6);
    svg_scene *s = scene(L);
    style st;
    read_style(L, 7, s, &st, false);
    if (!s) return 0;
    item *it = new_item(L, s, IT_ARROW, 2);
    set_point(s, it, 0, project(s->view, col_v3(v[0], v[1], v[2])));
    set_point(s, it, 1, project(s->view, col_v3(v[0] + v[3], v[1] + v[4], v[2] + v[5])));
    apply_style(L, s, it, &st);
    return 0;
}

/* drawPoint(x, y, z [, style]) */
static int l_draw_point(lua_State *L) {
    col_real v[3];
    lcol_check_reals(L, 1, v, 3);
    svg_scene *s = scene(L);
    style st;
    read_style(L, 4, s, &st, true);
    if (!s) return 0;
    item *it = new_item(L, s, IT_DOT, 1);
    set_point(s, it, 0, project(s->view, col_v3(v[0], v[1], v[2])));
    apply_style(L, s, it, &st);
    return 0;
}

/* drawNormal(px, py, pz, nx, ny, nz [, style]): an arrow from p along n;
 * style.length in world units (default: a tenth of the picture) */
static int l_draw_normal(lua_State *L) {
    col_real v[6];
    lcol_check_reals(L, 1, v, 6);
    svg_scene *s = scene(L);
    style st;
    read_style(L, 7, s, &st, false);
    double length = 0;
    if (lua_type(L, 7) == LUA_TTABLE) {
        if (lua_getfield(L, 7, "length") != LUA_TNIL) {
            length = lua_tonumber(L, -1);
            if (!(length > 0 && length < HUGE_VAL)) luaL_argerror(L, 7, "style.length must be a positive number");
        }
        lua_pop(L, 1);
    }
    if (!s) return 0;
    item *it = new_item(L, s, IT_NORMAL, 1);
    set_point(s, it, 0, project(s->view, col_v3(v[0], v[1], v[2])));
    p2 dir = project(s->view, col_v3(v[3], v[4], v[5]));
    it->nx = dir.x;
    it->ny = dir.y;
    it->length = length;
    apply_style(L, s, it, &st);
    return 0;
}

/* drawPath(points [, style]): the polyline through points, a flat array
 * {x1, y1, z1, x2, y2, z2, ...} of at least two points */
static int l_draw_path(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer len = luaL_len(L, 1);
    if (len < 6 || len % 3 != 0)
        luaL_argerror(L, 1, "points: a flat array x1, y1, z1, x2, y2, z2, ... of at least two points expected");
    if (len / 3 > SVG_MAX_POINTS) luaL_argerror(L, 1, "points: too many points for a picture");
    svg_scene *s = scene(L);
    style st;
    read_style(L, 2, s, &st, false);
    int n = (int)(len / 3);
    item *it = s ? new_item(L, s, IT_PATH, n) : NULL;
    for (int i = 0; i < n; ++i) {
        double v[3];
        for (int c = 0; c < 3; ++c) {
            lua_rawgeti(L, 1, 3 * i + c + 1);
            int isnum;
            v[c] = (double)lua_tonumberx(L, -1, &isnum);
            lua_pop(L, 1);
            if (!isnum || !(fabs(v[c]) <= (double)COL_HUGE))
                luaL_argerror(L, 1, lua_pushfstring(L, "points[%d] must be a finite number", 3 * i + c + 1));
        }
        if (it) set_point(s, it, i, project(s->view, col_v3((col_real)v[0], (col_real)v[1], (col_real)v[2])));
    }
    if (it) apply_style(L, s, it, &st);
    return 0;
}

/* frame([false]) --> the frame number: what is drawn from now on belongs to a
 * new frame (until the next call); frame(false): to every frame again */
static int l_frame(lua_State *L) {
    svg_scene *s = scene(L);
    bool start = lua_isnone(L, 1) || lua_toboolean(L, 1);
    if (!lua_isnone(L, 1) && !lua_isboolean(L, 1)) luaL_typeerror(L, 1, "boolean or none");
    if (!s) {
        lua_pushinteger(L, 0);
        return 1;
    }
    if (start) {
        if (s->frames >= SVG_MAX_FRAMES) luaL_error(L, "the picture has too many frames (at most %d)", SVG_MAX_FRAMES);
        s->frame = ++s->frames;
    } else {
        s->frame = 0;
    }
    lua_pushinteger(L, s->frame);
    return 1;
}

void svg_open(lua_State *L, svg_scene *s) {
    static const luaL_Reg fns[] = {{"draw", l_draw},
                                   {"drawPath", l_draw_path},
                                   {"frame", l_frame},
                                   {"drawSweep", l_draw_sweep},
                                   {"drawRay", l_draw_ray},
                                   {"drawPoint", l_draw_point},
                                   {"drawNormal", l_draw_normal},
                                   {NULL, NULL}};
    lua_pushglobaltable(L);
    lua_pushlightuserdata(L, s);
    luaL_setfuncs(L, fns, 1);
    lua_pop(L, 1);
}

/* ------------------------------ output ------------------------------ */

static void write_escaped(FILE *f, const char *text) { text_write_xml(text_file_sink(f), text); }

typedef struct frame {
    double minx, miny, maxx, maxy; /* world window */
    double scale, margin, width, height;
} frame;

/* Pixels are finite and within +-SVG_MAX_PIXEL whatever the world numbers. */
static double pixel(double v) { return v == v ? fmax(-SVG_MAX_PIXEL, fmin(SVG_MAX_PIXEL, v)) : 0.0; }
static double fx(const frame *fr, double x) { return pixel(fr->margin + (x - fr->minx) * fr->scale); }
static double fy(const frame *fr, double y) { return pixel(fr->height - fr->margin - (y - fr->miny) * fr->scale); }

/* The grid lines of one axis: multiples k * step in [lo, hi], at most
 * SVG_MAX_GRID of them, and none when step is below the resolution of the
 * numbers there (1e17 + 16 == 1e17 + 32 - 16 ...): *k0 and the count. */
static int grid_lines(double lo, double hi, double step, double *k0) {
    double mag = fmax(fabs(lo), fabs(hi));
    if (!(step > 0) || !(step > mag * 1e-12)) return 0;
    double a = ceil(lo / step), b = floor(hi / step);
    if (!(a <= b) || b - a >= SVG_MAX_GRID) return 0;
    *k0 = a;
    return (int)(b - a) + 1;
}

/* Digits that tell grid labels step apart near mag. */
static int label_digits(double mag, double step) {
    double d = mag > step ? floor(log10(mag / step)) + 2 : 1;
    return d < 1 ? 1 : d > 17 ? 17 : (int)d;
}

/* A round grid step: 1, 2 or 5 times a power of ten, about range / 8. */
static double nice_step(double range) {
    double raw = range / 8, p = pow(10, floor(log10(raw))), m = raw / p;
    return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

/* A grid value rounded to the digits that tell the lines apart, then printed
 * by the bindings' one rule for numbers (0.30000000000000004 prints 0.3). */
static void grid_label(char *buf, size_t size, double v, int digits) {
    snprintf(buf, size, "%.*g", digits, v);
    text_number(buf, size, strtod(buf, NULL));
}

static const char *view_names[3][2] = {{"x", "y"}, {"x", "z"}, {"y", "z"}};

/* n points (x, y pairs) as an SVG points list in pixels. */
static void write_points(FILE *f, const frame *fr, const double *p, int n) {
    for (int i = 0; i < n; ++i) fprintf(f, "%s%.2f,%.2f", i ? " " : "", fx(fr, p[2 * i]), fy(fr, p[2 * i + 1]));
}

/* The drawings of frame `which` (0: those in every frame), in order. */
static void write_items(const svg_scene *s, FILE *f, const frame *fr, double wspan, int which) {
    for (int k = 0; k < s->n_items; ++k) {
        const item *it = &s->items[k];
        if (it->frame != which) continue;
        /* a plane has no points (and a picture of planes only has no array) */
        const double *p = it->count > 0 ? s->pts + 2 * it->first : NULL;
        const char *dash = it->dashed ? " stroke-dasharray=\"6 4\"" : "";
        double sw = it->bold ? 2.5 : 1.5;
        switch (it->type) {
        case IT_POLY:
            fprintf(f, "<polygon points=\"");
            write_points(f, fr, p, it->count);
            fprintf(f,
                    "\" fill=\"%s\" fill-opacity=\"%.2f\" stroke=\"%s\" stroke-opacity=\"%.2f\" "
                    "stroke-width=\"%.1f\"%s/>\n",
                    it->fill ? it->color : "none", it->fill ? 0.18 * it->opacity : 0.0, it->color, it->opacity, sw,
                    dash);
            break;
        case IT_LINE:
        case IT_ARROW: {
            double x1 = fx(fr, p[0]), y1 = fy(fr, p[1]), x2 = fx(fr, p[2]), y2 = fy(fr, p[3]);
            fprintf(f,
                    "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" stroke-opacity=\"%.2f\" "
                    "stroke-width=\"%.1f\"%s/>\n",
                    x1, y1, x2, y2, it->color, it->opacity, sw, dash);
            if (it->type == IT_ARROW) {
                double dx = x2 - x1, dy = y2 - y1, len = sqrt(dx * dx + dy * dy);
                if (len > 1e-9) {
                    dx /= len, dy /= len;
                    fprintf(f, "<polygon points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f\" fill=\"%s\"/>\n", x2, y2,
                            x2 - 9 * dx + 4 * dy, y2 - 9 * dy - 4 * dx, x2 - 9 * dx - 4 * dy, y2 - 9 * dy + 4 * dx,
                            it->color);
                }
            }
            break;
        }
        case IT_PATH:
            fprintf(f, "<polyline points=\"");
            write_points(f, fr, p, it->count);
            fprintf(f,
                    "\" fill=\"none\" stroke=\"%s\" stroke-opacity=\"%.2f\" stroke-width=\"%.1f\" "
                    "stroke-linejoin=\"round\"%s/>\n",
                    it->color, it->opacity, sw, dash);
            break;
        case IT_DOT:
            fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"3\" fill=\"%s\" fill-opacity=\"%.2f\"/>\n", fx(fr, p[0]),
                    fy(fr, p[1]), it->color, it->opacity);
            break;
        case IT_NORMAL: {
            /* at most ten times the window: a huge style.length stays finite */
            double len = it->length > 0 ? fmin(it->length, 10 * wspan) : 0.1 * wspan;
            double n = hypot(it->nx, it->ny);
            double x1 = fx(fr, p[0]), y1 = fy(fr, p[1]);
            double x2 = x1, y2 = y1;
            if (n > 0) {
                x2 = fx(fr, p[0] + len * it->nx / n);
                y2 = fy(fr, p[1] + len * it->ny / n);
            }
            fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" stroke-width=\"1.5\"/>\n",
                    x1, y1, x2, y2, it->color);
            double dx = x2 - x1, dy = y2 - y1, l2 = sqrt(dx * dx + dy * dy);
            if (l2 > 1e-9) {
                dx /= l2, dy /= l2;
                fprintf(f, "<polygon points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f\" fill=\"%s\"/>\n", x2, y2,
                        x2 - 8 * dx + 3.5 * dy, y2 - 8 * dy - 3.5 * dx, x2 - 8 * dx - 3.5 * dy, y2 - 8 * dy + 3.5 * dx,
                        it->color);
            }
            break;
        }
        case IT_PLANE: {
            /* the trace n . p = d, clipped to the window (Liang-Barsky) */
            double nn = it->nx * it->nx + it->ny * it->ny;
            double ox = it->nx * it->d / nn, oy = it->ny * it->d / nn, dx = -it->ny, dy = it->nx;
            double t0 = -HUGE_VAL, t1 = HUGE_VAL;
            const double pq[4][2] = {
                {-dx, ox - fr->minx}, {dx, fr->maxx - ox}, {-dy, oy - fr->miny}, {dy, fr->maxy - oy}};
            bool visible = true;
            for (int i = 0; i < 4 && visible; ++i) {
                if (pq[i][0] == 0) {
                    if (pq[i][1] < 0) visible = false;
                } else {
                    double r = pq[i][1] / pq[i][0];
                    if (pq[i][0] < 0)
                        t0 = fmax(t0, r);
                    else
                        t1 = fmin(t1, r);
                }
            }
            if (visible && t0 <= t1)
                fprintf(
                    f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" stroke-width=\"1.5\"%s/>\n",
                    fx(fr, ox + t0 * dx), fy(fr, oy + t0 * dy), fx(fr, ox + t1 * dx), fy(fr, oy + t1 * dy), it->color,
                    dash);
            break;
        }
        }
    }
}

/* The grid with its labels, and the axes through the origin. */
static void write_background(const svg_scene *s, FILE *f, const frame *fr, double wspan, double mag) {
    const double minx = fr->minx, miny = fr->miny, maxx = fr->maxx, maxy = fr->maxy;
    /* grid and labels */
    double step = nice_step(wspan), kx = 0, ky = 0;
    int nx = grid_lines(minx, maxx, step, &kx), ny = grid_lines(miny, maxy, step, &ky);
    fprintf(f, "<g stroke=\"#e6e6e6\" stroke-width=\"1\">\n");
    for (int i = 0; i < nx; ++i) {
        double x = (kx + i) * step;
        fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", fx(fr, x), fy(fr, miny), fx(fr, x),
                fy(fr, maxy));
    }
    for (int i = 0; i < ny; ++i) {
        double y = (ky + i) * step;
        fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", fx(fr, minx), fy(fr, y), fx(fr, maxx),
                fy(fr, y));
    }
    fprintf(f, "</g>\n<g fill=\"#777\">\n");
    int digits = label_digits(mag, step);
    char label[40];
    for (int i = 0; i < nx; ++i) {
        double x = (kx + i) * step;
        grid_label(label, sizeof label, kx + i == 0 ? 0.0 : x, digits);
        fprintf(f, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\">%s</text>\n", fx(fr, x), fy(fr, miny) + 14,
                label);
    }
    for (int i = 0; i < ny; ++i) {
        double y = (ky + i) * step;
        grid_label(label, sizeof label, ky + i == 0 ? 0.0 : y, digits);
        fprintf(f, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"end\">%s</text>\n", fx(fr, minx) - 4, fy(fr, y) + 4,
                label);
    }
    fprintf(f, "<text x=\"%.2f\" y=\"%.2f\" font-weight=\"bold\">%s</text>\n", fx(fr, maxx) + 6, fy(fr, miny) + 4,
            view_names[s->view][0]);
    fprintf(f, "<text x=\"%.2f\" y=\"%.2f\" font-weight=\"bold\">%s</text>\n", fx(fr, minx) - 4, fy(fr, maxy) - 8,
            view_names[s->view][1]);
    fprintf(f, "</g>\n");
    /* axes through the origin */
    fprintf(f, "<g stroke=\"#999\" stroke-width=\"1.2\">\n");
    if (minx <= 0 && maxx >= 0)
        fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", fx(fr, 0), fy(fr, miny), fx(fr, 0),
                fy(fr, maxy));
    if (miny <= 0 && maxy >= 0)
        fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", fx(fr, minx), fy(fr, 0), fx(fr, maxx),
                fy(fr, 0));
    fprintf(f, "</g>\n");
}

/* The legend, its box's left edge at x0, its top at y = top. */
static void write_legend(const svg_scene *s, FILE *f, double x0, int top) {
    if (s->n_labels == 0) return;
    fprintf(f,
            "<g>\n<rect x=\"%.2f\" y=\"%d\" width=\"220\" height=\"%d\" fill=\"white\" fill-opacity=\"0.85\" "
            "stroke=\"#ccc\"/>\n",
            x0, top, 8 + 16 * s->n_labels);
    for (int i = 0; i < s->n_labels; ++i) {
        fprintf(f, "<rect x=\"%.2f\" y=\"%d\" width=\"12\" height=\"10\" fill=\"%s\"/>\n", x0 + 6, top + 6 + 16 * i,
                s->label_colors[i]);
        fprintf(f, "<text x=\"%.2f\" y=\"%d\">", x0 + 24, top + 15 + 16 * i);
        write_escaped(f, s->labels[i]);
        fprintf(f, "</text>\n");
    }
    fprintf(f, "</g>\n");
}

/* The svg element's opening, sized, with the title and a white ground. */
static void write_header(FILE *f, double width, double height, const char *title, bool xlink) {
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\"%s width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
            "font-family=\"sans-serif\" font-size=\"11\">\n",
            xlink ? " xmlns:xlink=\"http://www.w3.org/1999/xlink\"" : "", width, height, width, height);
    fprintf(f, "<title>");
    write_escaped(f, title);
    fprintf(f, "</title>\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
}

static void write_caption(FILE *f, double height, const char *title) {
    fprintf(f, "<text x=\"8\" y=\"%.2f\" fill=\"#555\">", height - 8);
    write_escaped(f, title);
    fprintf(f, "</text>\n</svg>\n");
}

/* Seconds a frame of an animated picture shows. */
#define SVG_FRAME_SECONDS 0.1
/* Panels of a strip at most, and per row. */
#define SVG_STRIP_PANELS 12
#define SVG_STRIP_COLUMNS 4

bool svg_write(const svg_scene *s, FILE *f, const char *title) {
    /* the world window: every drawn point, plus 8% */
    double minx = HUGE_VAL, miny = HUGE_VAL, maxx = -HUGE_VAL, maxy = -HUGE_VAL;
    for (int i = 0; i < s->n_pts; ++i) {
        double x = s->pts[2 * i], y = s->pts[2 * i + 1];
        minx = fmin(minx, x);
        maxx = fmax(maxx, x);
        miny = fmin(miny, y);
        maxy = fmax(maxy, y);
    }
    if (!(minx <= maxx)) minx = miny = -1, maxx = maxy = 1;
    double span = fmax(maxx - minx, maxy - miny);
    double mag = fmax(fmax(fabs(minx), fabs(maxx)), fmax(fabs(miny), fabs(maxy)));
    /* a window too small for the numbers there (or subnormal: 720 / span
     * would overflow) grows to a size they can show */
    if (!(span > 0)) span = fmax(1.0, mag * 1e-6);
    span = fmax(span, fmax(mag * 1e-12, 1e-150));
    double pad = 0.08 * span;
    minx -= pad, maxx += pad, miny -= pad, maxy += pad;
    if (maxx - minx < 0.25 * span) minx -= 0.125 * span, maxx += 0.125 * span;
    if (maxy - miny < 0.25 * span) miny -= 0.125 * span, maxy += 0.125 * span;
    frame fr;
    fr.minx = minx, fr.miny = miny, fr.maxx = maxx, fr.maxy = maxy;
    /* the larger side gets 720 pixels; the canvas follows the content's
     * aspect, at least 400 wide (room for the legend) and 240 high */
    fr.margin = 48;
    fr.scale = 720 / fmax(maxx - minx, maxy - miny);
    fr.width = fmax(400, (maxx - minx) * fr.scale + 2 * fr.margin);
    fr.height = fmax(240, (maxy - miny) * fr.scale + 2 * fr.margin);
    double wspan = fmax(maxx - minx, maxy - miny);

    if (s->frames == 0 || s->mode == SVG_FRAMES_ANIMATE) {
        write_header(f, fr.width, fr.height, title, false);
        write_background(s, f, &fr, wspan, mag);
        write_items(s, f, &fr, wspan, 0);
        /* each frame shows for its time, in a loop (SMIL, discrete); a viewer
         * without animation shows the last */
        int n = s->frames;
        for (int k = 1; k <= n; ++k) {
            fprintf(f, "<g visibility=\"%s\">\n", k == n ? "visible" : "hidden");
            if (k == 1)
                fprintf(f,
                        "<animate attributeName=\"visibility\" calcMode=\"discrete\" values=\"visible;hidden\" "
                        "keyTimes=\"0;%.6f\"",
                        1.0 / n);
            else if (k == n)
                fprintf(f,
                        "<animate attributeName=\"visibility\" calcMode=\"discrete\" values=\"hidden;visible\" "
                        "keyTimes=\"0;%.6f\"",
                        (double)(k - 1) / n);
            else
                fprintf(f,
                        "<animate attributeName=\"visibility\" calcMode=\"discrete\" "
                        "values=\"hidden;visible;hidden\" keyTimes=\"0;%.6f;%.6f\"",
                        (double)(k - 1) / n, (double)k / n);
            fprintf(f, " dur=\"%.1fs\" repeatCount=\"indefinite\"/>\n", n * SVG_FRAME_SECONDS);
            write_items(s, f, &fr, wspan, k);
            fprintf(f, "</g>\n");
        }
        write_legend(s, f, fr.width - 230, 8);
        write_caption(f, fr.height, title);
        return !ferror(f);
    }
    /* a strip of small multiples: up to 12 frames, evenly spaced, first and
     * last included, each over the background in a panel, the legend below */
    int panels = s->frames < SVG_STRIP_PANELS ? s->frames : SVG_STRIP_PANELS;
    int cols = panels < SVG_STRIP_COLUMNS ? panels : SVG_STRIP_COLUMNS, rows = (panels + cols - 1) / cols;
    double sc = 1.0 / cols, pw = fr.width * sc, ph = fr.height * sc + 16;
    double width = fmax(400, cols * pw), height = rows * ph + 16 * s->n_labels + 48;
    write_header(f, width, height, title, true);
    fprintf(f, "<defs>\n<g id=\"background\">\n");
    write_background(s, f, &fr, wspan, mag);
    write_items(s, f, &fr, wspan, 0);
    fprintf(f, "</g>\n</defs>\n");
    for (int i = 0; i < panels; ++i) {
        int k = panels == 1 ? 1 : 1 + (int)((double)i * (s->frames - 1) / (panels - 1) + 0.5);
        double x = (i % cols) * pw, y = (i / cols) * ph;
        fprintf(f, "<text x=\"%.2f\" y=\"%.2f\" fill=\"#555\">frame %d of %d</text>\n", x + 8, y + 12, k, s->frames);
        fprintf(f, "<g transform=\"translate(%.2f,%.2f) scale(%.6f)\">\n<use xlink:href=\"#background\"/>\n", x, y + 16,
                sc);
        write_items(s, f, &fr, wspan, k);
        fprintf(f, "</g>\n");
    }
    write_legend(s, f, 8, (int)(rows * ph) + 8);
    write_caption(f, height, title);
    return !ferror(f);
}
