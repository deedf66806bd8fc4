/* fuzz_replay.c - runs a fuzz target over stored inputs, without libFuzzer.
 *
 *   fuzz_<name>_replay FILE_OR_DIR...
 *
 * Feeds every file (every regular file of a directory, in name order) to
 * LLVMFuzzerTestOneInput, so CTest replays each target's corpus in the
 * normal build and under ASan+UBSan. A broken contract aborts inside the
 * target; a file that cannot be read is exit status 2. Prints how many
 * inputs ran.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Runs the target on one file. Returns 0, or -1 when it cannot be read. */
static int run_file(const char *path) {
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    size_t n = 0, cap = 0;
    int ok;
    if (!f)
        return -1;
    for (;;) {
        size_t got;
        if (n == cap) {
            unsigned char *nb = realloc(buf, cap = cap ? 2 * cap : 4096);
            if (!nb) {
                free(buf);
                fclose(f);
                return -1;
            }
            buf = nb;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    ok = !ferror(f);
    fclose(f);
    if (ok)
        LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return ok ? 0 : -1;
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs the target on every regular file of directory `dir`, in name order.
 * Returns the number run, or -1 on an error. */
static long run_dir(const char *dir) {
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL, path[4096];
    size_t n = 0, cap = 0, i;
    long ran = 0;
    if (!d)
        return -1;
    while (ran >= 0 && (e = readdir(d)) != NULL) {
        char **nn = names;
        if (e->d_name[0] == '.')
            continue;
        if (n == cap)
            nn = realloc(names, sizeof *names * (cap = cap ? 2 * cap : 64));
        if (nn)
            names = nn;
        if (!nn || !(names[n] = strdup(e->d_name)))
            ran = -1;
        else
            n++;
    }
    closedir(d);
    if (n > 0)
        qsort(names, n, sizeof *names, by_name);
    for (i = 0; i < n; i++) {
        struct stat st;
        if (ran >= 0) {
            if (snprintf(path, sizeof path, "%s/%s", dir, names[i]) >= (int)sizeof path ||
                stat(path, &st) != 0)
                ran = -1;
            else if (S_ISREG(st.st_mode))
                ran = run_file(path) == 0 ? ran + 1 : -1;
        }
        free(names[i]);
    }
    free(names);
    return ran;
}

int main(int argc, char **argv) {
    long total = 0;
    int i;
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE_OR_DIR...\n", argv[0]);
        return 2;
    }
    for (i = 1; i < argc; i++) {
        struct stat st;
        long ran = stat(argv[i], &st) != 0 ? -1
                   : S_ISDIR(st.st_mode) ? run_dir(argv[i])
                   : run_file(argv[i]) == 0 ? 1 : -1;
        if (ran < 0) {
            fprintf(stderr, "%s: cannot read '%s'\n", argv[0], argv[i]);
            return 2;
        }
        total += ran;
    }
    printf("%ld inputs\n", total);
    return 0;
}
