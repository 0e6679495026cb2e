#include "bench.h"
extern "C" const bench_impl bench_peer_bullet[] = {{NULL, NULL, NULL, NULL, NULL, NULL}};
