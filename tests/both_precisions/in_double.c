/* The double core's half of tests/both_precisions (one translation unit per
 * precision: collide/base.h picks the names). */
#include "collide/collide.h"

const char *double_name(void);
const char *double_name(void) { return col_real_name(); }

/* Distance of two unit spheres whose centres are 2 + 1/3 apart (1/3 in this precision). */
double double_distance(void);
double double_distance(void) {
    col_sphere a = {{0, 0, 0}, 1}, b = {{COL_R(2.0 + 1.0 / 3.0), 0, 0}, 1};
    col_shape sa = {COL_SHAPE_SPHERE, {.sphere = a}}, sb = {COL_SHAPE_SPHERE, {.sphere = b}};
    return (double)col_distance(&sa, &sb).distance;
}
