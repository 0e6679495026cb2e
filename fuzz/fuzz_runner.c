/*
 * libFuzzer harness: hostile scripts against collide-run's sandbox. Each
 * input becomes a Lua program (lua_bindings/tools/hostile.c builds and runs
 * it: the only code that may include lua.h) that attacks the sandbox with
 * the module's and the runner's API: metatable tampering, finalizers, huge
 * counts and coordinates, floods of output and memory. Properties: no crash
 * or sanitizer report, and every limit holds (instructions, memory, output);
 * libFuzzer's -timeout catches a run that never ends.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

int lcol_fuzz_runner_one(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return lcol_fuzz_runner_one(data, size); }

/* fuzz/repro: an input is a program; COLLIDE_FUZZ_PRINT=1 replay_runner FILE prints it. */
void fz_repro(const uint8_t *data, size_t size);
void fz_repro(const uint8_t *data, size_t size) {
    (void)data;
    printf("-- a fuzz_runner input (%zu bytes) is a program: COLLIDE_FUZZ_PRINT=1 replay_runner FILE prints it\n",
           size);
}
