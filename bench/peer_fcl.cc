#include "bench.h"
extern "C" const bench_impl bench_peer_fcl[] = {{NULL, NULL, NULL, NULL, NULL, NULL}};
