/* bench/no_dbvt.c — without Bullet, the broad-phase rows have no btDbvt. */
#include "bench_tree.h"

const bench_tree_impl bench_tree_dbvt = {0};
