/*
 * libFuzzer harness: the Lua API under random call sequences (the program
 * interpreter is lcol_fuzz_one in lua_bindings/tools/lfuzz.c, the only place that
 * may include lua.h). Properties: no crash, no sanitizer report, every error
 * a Lua error message, no NaN from a query, bounded memory.
 */
#include <stddef.h>
#include <stdint.h>

int lcol_fuzz_one(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return lcol_fuzz_one(data, size); }

#include <stdio.h>
/* fuzz/repro lua FILE: a Lua API program is bytes interpreted as calls; this
 * runs it and prints each call, its arguments and its outcome (replaying it,
 * replay_lua FILE, is the reproduction). */
void lcol_fuzz_trace(FILE *out);
void fz_repro(const uint8_t *data, size_t size);
void fz_repro(const uint8_t *data, size_t size) {
    printf("-- a fuzz_lua input (%zu bytes) is a call sequence; as run:\n", size);
    lcol_fuzz_trace(stdout);
    lcol_fuzz_one(data, size);
    lcol_fuzz_trace(NULL);
}
