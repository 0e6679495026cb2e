/*
 * Both precisions in one program (issue 13): the double core (col_*) and the
 * float core (colf_*) link side by side, each called from a translation unit
 * of its precision, and each answers in its own precision.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

const char *double_name(void);
const char *float_name(void);
double double_distance(void);
double float_distance(void);

int main(void) {
    int failed = 0;
    const char *dn = double_name(), *fn = float_name();
    double dd = double_distance(), fd = float_distance();
    if (strcmp(dn, "double") != 0 || strcmp(fn, "float") != 0) {
        printf("FAIL: the cores are %s and %s\n", dn, fn);
        ++failed;
    }
    /* 1/3 in double and in float: each to its own precision, and they differ */
    if (!(fabs(dd - 1.0 / 3.0) < 1e-15 && fabs(fd - 1.0 / 3.0) < 1e-6 && fd != dd && (double)(float)fd == fd)) {
        printf("FAIL: distances %.17g (double) and %.17g (float)\n", dd, fd);
        ++failed;
    }
    printf("%d passed, %d failed\n", 2 - failed, failed);
    return failed != 0;
}
