/* cli.c - command-line helpers (see cli.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"

int ncs_opt_value(int argc, char **argv, int *i, const char *name, const char **val) {
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n) != 0)
        return 0;
    if (argv[*i][n] == '=') {
        *val = argv[*i] + n + 1;
        return 1;
    }
    if (argv[*i][n] != '\0')
        return 0;
    if (*i + 1 >= argc)
        return -1;
    *val = argv[++*i];
    return 1;
}

void ncs_remove_made_dirs(const char *path, size_t existing) {
    size_t n = strlen(path);
    char *buf = malloc(n + 1);
    if (!buf)
        return;
    memcpy(buf, path, n + 1);
    while (n > existing) {
        while (n > existing && buf[n - 1] == '/')
            buf[--n] = '\0';            /* "a/b/" -> "a/b" */
        if (n <= existing || rmdir(buf) != 0)
            break;
        while (n > existing && buf[n - 1] != '/')
            buf[--n] = '\0';            /* "a/b" -> "a/" */
    }
    free(buf);
}

int ncs_make_dirs(const char *path, size_t *existing) {
    size_t i, last = 0, n = strlen(path);  /* last: the '/' before the current part */
    struct stat st;
    char *buf = malloc(n + 1);
    if (!buf) {
        errno = ENOMEM;
        return -1;
    }
    memcpy(buf, path, n + 1);
    *existing = n;
    for (i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != '\0')
            continue;
        buf[i] = '\0';
        if (mkdir(buf, 0777) == 0) {
            if (*existing == n)
                *existing = last;   /* the first directory made starts after it */
        } else if (errno != EEXIST || stat(buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
            int e = errno == EEXIST ? ENOTDIR : errno;
            if (*existing < n)
                ncs_remove_made_dirs(buf, *existing);
            free(buf);
            errno = e;
            return -1;
        }
        buf[i] = path[i];
        last = i;
    }
    free(buf);
    return 0;
}

int ncs_read_scene(const char *file, char **text, size_t *len) {
    const int from_stdin = strcmp(file, "-") == 0;
    const char *name = from_stdin ? "<stdin>" : file;
    FILE *f = from_stdin ? stdin : fopen(file, "rb");
    size_t cap = 1 << 16, n = 0, got;
    char *buf = NULL, *nb;
    struct stat st;
    int err = 0, rc = 0;
    if (!f) {
        fprintf(stderr, "ncsc: error: cannot open '%s': %s\n", file, strerror(errno));
        return 2;
    }
    /* a regular file too large is refused before reading; a stream
     * (a pipe, /dev/zero) is read up to one byte past the limit */
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
        (unsigned long long)st.st_size > NCS_SCENE_MAX_BYTES)
        rc = 1;
    while (rc == 0) {
        if (!buf || n == cap) {
            /* doubling, but never past one byte more than the limit */
            size_t want = !buf ? cap : cap > NCS_SCENE_MAX_BYTES / 2 ? NCS_SCENE_MAX_BYTES + 1
                                                                     : cap * 2;
            nb = realloc(buf, want);
            if (!nb) {
                err = ENOMEM;
                break;
            }
            cap = want;
            buf = nb;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n > NCS_SCENE_MAX_BYTES)
            rc = 1;
        if (got == 0)
            break;
    }
    if (rc == 0 && !err && ferror(f))
        err = errno ? errno : EIO;
    if (f != stdin)
        fclose(f);
    if (rc == 1)
        fprintf(stderr, "%s: error: file is larger than %lu bytes (%lu MiB), the limit of a "
                        "scene\n", name, (unsigned long)NCS_SCENE_MAX_BYTES,
                (unsigned long)(NCS_SCENE_MAX_BYTES >> 20));
    else if (err)
        fprintf(stderr, "ncsc: error: cannot read '%s': %s\n", file, strerror(err));
    if (rc != 0 || err) {
        free(buf);
        return rc != 0 ? rc : 2;
    }
    *text = buf;
    *len = n;
    return 0;
}
