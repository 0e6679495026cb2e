/* Links against the installed library and runs one query of each layer. */
#include <stdio.h>

#include "collide/collide.h"

int main(void) {
    col_sphere a = {{0, 0, 0}, 1}, b = {{2, 0, 0}, 1};
    col_plane ground = col_plane_make(col_v3(0, 0, 2), 0);
    col_shape s = {COL_SHAPE_SPHERE, {.sphere = a}};
    int ok = col_overlap_sphere_sphere(&a, &b) && col_classify(&s, &ground) == COL_STRADDLE;
    printf("collide %s (%s): %s\n", col_version(), col_real_name(), ok ? "ok" : "WRONG");
    return ok ? 0 : 1;
}
