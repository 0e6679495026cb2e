/* One precision's half of tests/both_precisions, compiled twice: as it is
 * (the double core, names double_*) and with COLLIDE_REAL_FLOAT=1 (the float
 * core, colf_ at link time through collide/base.h; names float_*). */
#include "collide/collide.h"

#if defined(COLLIDE_REAL_FLOAT) && COLLIDE_REAL_FLOAT
#define NAME(x) float_##x
#else
#define NAME(x) double_##x
#endif

const char *NAME(name)(void);
const char *NAME(name)(void) { return col_real_name(); }

/* Distance of two unit spheres whose centres are 2 + 1/3 apart (1/3 in this precision). */
double NAME(distance)(void);
double NAME(distance)(void) {
    col_sphere a = {{0, 0, 0}, 1}, b = {{COL_R(2.0 + 1.0 / 3.0), 0, 0}, 1};
    col_shape sa = {COL_SHAPE_SPHERE, {.sphere = a}}, sb = {COL_SHAPE_SPHERE, {.sphere = b}};
    return (double)col_distance(&sa, &sb).distance;
}
