/*
 * Replay driver: runs saved inputs through a harness without libFuzzer, so
 * every corpus file is a regression test under ctest with any compiler.
 * Usage: replay FILE_OR_DIR...  (directories are read non-recursively, in
 * sorted order). Prints "N passed, 0 failed"; a broken property aborts.
 *        replay --lua FILE: prints the case as a Lua scenario instead
 *        (fz_repro of the harness; see fuzz/repro).
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
void fz_repro(const uint8_t *data, size_t size);
static int lua_mode;

static int run_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return 0;
    }
    uint8_t *buf = NULL;
    size_t size = 0, cap = 0;
    for (;;) {
        if (size == cap) {
            cap = cap ? cap * 2 : 4096;
            uint8_t *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                return 0;
            }
            buf = nb;
        }
        size_t n = fread(buf + size, 1, cap - size, f);
        if (n == 0) break;
        size += n;
    }
    fclose(f);
    if (lua_mode)
        fz_repro(buf, size);
    else
        LLVMFuzzerTestOneInput(buf, size);
    free(buf);
    return 1;
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(int argc, char **argv) {
    int ran = 0, failed = 0;
    if (argc == 3 && strcmp(argv[1], "--lua") == 0) {
        lua_mode = 1;
        return run_file(argv[2]) ? 0 : 1;
    }
    for (int i = 1; i < argc; ++i) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: no such file or directory: %s\n", argv[i]);
            ++failed;
            continue;
        }
        if (!S_ISDIR(st.st_mode)) {
            if (run_file(argv[i]))
                ++ran;
            else
                ++failed;
            continue;
        }
        DIR *d = opendir(argv[i]);
        if (!d) {
            ++failed;
            continue;
        }
        char **names = NULL;
        size_t n = 0;
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.') continue;
            char **nn = realloc(names, (n + 1) * sizeof *names);
            if (!nn) break;
            names = nn;
            size_t len = strlen(argv[i]) + strlen(e->d_name) + 2;
            names[n] = malloc(len);
            if (!names[n]) break;
            snprintf(names[n], len, "%s/%s", argv[i], e->d_name);
            ++n;
        }
        closedir(d);
        qsort(names, n, sizeof *names, cmp);
        for (size_t k = 0; k < n; ++k) {
            if (run_file(names[k]))
                ++ran;
            else
                ++failed;
            free(names[k]);
        }
        free(names);
    }
    printf("%d passed, %d failed\n", ran, failed);
    return failed ? 1 : 0;
}
