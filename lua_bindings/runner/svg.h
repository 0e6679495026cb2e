/*
 * The picture of a collide-run scenario: what the script draws with draw,
 * drawSweep, drawRay, drawPoint, drawNormal and drawPath (in frames when it
 * calls frame()), kept as 2D outlines in one
 * orthographic view (xy, xz or yz) and written as an SVG file at the end of
 * the run, fitted to its contents, with a grid, axes and a legend.
 * Private to lua_bindings/.
 */
#ifndef COLLIDE_SVG_H
#define COLLIDE_SVG_H

/* Largest label kept, in bytes (cut at a character boundary). */
#define SVG_MAX_LABEL 80

#include <stdbool.h>
#include <stdio.h>

#include "lcollide.h"

typedef struct svg_scene svg_scene;

/* The view: which two world axes become the picture's x and y. */
typedef enum svg_view { SVG_VIEW_XY, SVG_VIEW_XZ, SVG_VIEW_YZ } svg_view;

/* How a picture with frames (frame()) shows them: an animation the browser
 * plays (each frame for SVG_FRAME_SECONDS, in a loop; the last one without
 * animation), or a strip of small multiples (up to 12 frames, evenly
 * spaced). */
typedef enum svg_frames { SVG_FRAMES_ANIMATE, SVG_FRAMES_STRIP } svg_frames;

/* Frames in a picture at most. */
#define SVG_MAX_FRAMES 100000

/* A new empty scene for a view whose memory comes from alloc (Lua's
 * allocator protocol: collide-run passes its counting allocator, so the
 * picture counts against --max-memory); NULL when out of memory. */
svg_scene *svg_new(svg_view view, svg_frames frames, lua_Alloc alloc, void *ud);
void svg_free(svg_scene *s);

/* Registers draw, drawSweep, drawRay, drawPoint, drawNormal, drawPath and
 * frame as globals of L,
 * drawing into s (s may be NULL: the functions then validate their arguments
 * and draw nothing, so a script runs the same with and without --svg). */
void svg_open(lua_State *L, svg_scene *s);

/* Writes the scene; title goes in the picture's caption. false on an I/O
 * error. The file is well-formed XML whatever was drawn (labels made valid
 * UTF-8, every coordinate finite, every loop bounded). */
bool svg_write(const svg_scene *s, FILE *f, const char *title);

#endif
