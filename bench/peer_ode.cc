#include "bench.h"
extern "C" const bench_impl bench_peer_ode[] = {{NULL, NULL, NULL, NULL, NULL, NULL}};
