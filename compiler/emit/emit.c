/* emit.c - emission: the code generator's driver. Checks the prefix and the
 * target (before the plan is made), renders the plan's files and renames
 * them into place only when all of them were written (see emit.h). The file
 * contents come from emit_scene.c and, for the firmware target, emit_copy.c
 * and the runtime files embedded in ncsc (ncs_copy_files), which go into
 * DIR/ncs/. */
#define _POSIX_C_SOURCE 200809L     /* mkstemp, fdopen, fchmod, umask */
#define _DEFAULT_SOURCE             /* flock */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "emit.h"
#include "emit_scene.h"
#include "emit_copy.h"

/* host: <p>.h, <p>.c, <p>_main.c; embedded adds <p>_ncs.h, <p>_ncs.c */
enum { NGEN = 5 };

/* Is `s` a C identifier that is safe as a prefix? */
static int is_ident(const char *s) {
    const char *p;
    if (!s || !*s || !(isalpha((unsigned char)*s) || *s == '_'))
        return 0;
    for (p = s; *p; p++)
        if (!(isalnum((unsigned char)*p) || *p == '_'))
            return 0;
    return strlen(s) <= 64;
}

static char *join(const char *dir, const char *name) {
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s", dir, name);
    return p;
}

/* ---- putting the files in place: all of them or none ------------------ */

/* Tests replace rename() to make the n-th call fail. */
#ifndef NCS_EMIT_RENAME
#define NCS_EMIT_RENAME rename
#endif

/* One output file on its way into place. */
typedef struct emit_out {
    const char *data;   /* its contents */
    size_t len;         /* their length */
    char *final;        /* DIR/PREFIX.h, ..., DIR/ncs/world.c */
    char *tmp;          /* the new text under a unique name (NULL: none yet) */
    char *aside;        /* the old file, moved out of the way (NULL: none) */
    int placed;         /* 1 once tmp was renamed to final */
} emit_out;

/* DIR/PREFIXSUFFIX.tmp.XXXXXX (or .old.XXXXXX) created empty with a unique
 * name, so nothing of the user's is ever overwritten or removed by mistake.
 * Returns the name and the open descriptor, or NULL with errno set. */
static char *unique_file(const char *final, const char *tag, int *fd) {
    size_t n = strlen(final) + strlen(tag) + sizeof "..XXXXXX";
    char *name = malloc(n);
    if (!name) {
        errno = ENOMEM;
        return NULL;
    }
    snprintf(name, n, "%s.%s.XXXXXX", final, tag);
    *fd = mkstemp(name);
    if (*fd < 0) {
        int e = errno;
        free(name);
        errno = e;
        return NULL;
    }
    return name;
}

/* Writes o->data into a new unique temporary next to o->final, with the
 * mode a plain fopen would give (mkstemp's is 0600). Returns 0, or -1 with
 * errno set and nothing left behind. */
static int write_temp(emit_out *o) {
    int fd, ok, e;
    mode_t mask = umask(0);
    umask(mask);
    o->tmp = unique_file(o->final, "tmp", &fd);
    if (!o->tmp)
        return -1;
    FILE *f = fdopen(fd, "wb");
    if (!f) {
        e = errno;
        close(fd);
        goto fail;
    }
    ok = fchmod(fd, 0666 & ~mask) == 0 && (o->len == 0 || fwrite(o->data, 1, o->len, f) == o->len);
    e = errno;
    if (fclose(f) != 0 && ok) {
        ok = 0;
        e = errno;
    }
    if (ok)
        return 0;
fail:
    unlink(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
    errno = e ? e : EIO;
    return -1;
}

/* Can o->final be replaced by a file? Missing or a regular file (or a link
 * to one) is fine; a directory or anything else is reported. Returns 0 or
 * 2. */
static int check_target(const emit_out *o, ncs_diag *d) {
    struct stat st;
    if (stat(o->final, &st) != 0) {
        if (errno == ENOENT)
            return 0;
        ncs_diag_io_error(d, "cannot write '%s': %s\n", o->final,
                strerror(errno));
        return 2;
    }
    if (S_ISDIR(st.st_mode)) {
        ncs_diag_io_error(d, "cannot write '%s': it is a directory\n",
                o->final);
        return 2;
    }
    if (!S_ISREG(st.st_mode)) {
        ncs_diag_io_error(d, "cannot write '%s': it is not a regular file\n", o->final);
        return 2;
    }
    return 0;
}

/* Moves an existing o->final to a unique name next to it. Returns 0 (also
 * when there was nothing to move), or -1 with errno set. */
static int move_aside(emit_out *o) {
    struct stat st;
    int fd;
    if (lstat(o->final, &st) != 0)
        return errno == ENOENT ? 0 : -1;
    o->aside = unique_file(o->final, "old", &fd);
    if (!o->aside)
        return -1;
    close(fd);
    if (NCS_EMIT_RENAME(o->final, o->aside) != 0) {
        int e = errno;
        unlink(o->aside);
        free(o->aside);
        o->aside = NULL;
        errno = e;
        return -1;
    }
    return 0;
}

/* Undoes a failed commit of out[0..n): removes what was put in place, puts
 * the old files back and removes the temporaries. A step that fails here is
 * reported (the old file then stays under its aside name). */
static void roll_back(emit_out *out, int n, ncs_diag *d) {
    for (int i = 0; i < n; i++) {
        if (out[i].tmp && !out[i].placed)
            unlink(out[i].tmp);
        if (out[i].placed && unlink(out[i].final) == 0)
            out[i].placed = 0;
        if (out[i].aside) {
            if (!out[i].placed && NCS_EMIT_RENAME(out[i].aside, out[i].final) == 0) {
                free(out[i].aside);
                out[i].aside = NULL;
            } else {
                ncs_diag_io_error(d, "could not restore '%s'; the old file is '%s'\n",
                                  out[i].final, out[i].aside);
            }
        }
    }
}

/* Is DIR/<sub> usable for files: a directory, or missing (then *missing
 * is set)? Returns 0, or 2 with the problem reported. */
static int check_subdir(const char *path, int *missing, ncs_diag *d) {
    struct stat st;
    *missing = 0;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT) {
            *missing = 1;
            return 0;
        }
        ncs_diag_io_error(d, "cannot write into '%s': %s\n", path,
                strerror(errno));
        return 2;
    }
    if (!S_ISDIR(st.st_mode)) {
        ncs_diag_io_error(d, "cannot write into '%s': it is not a directory\n", path);
        return 2;
    }
    return 0;
}

/* Takes the folder's lock: an exclusive flock(2) on the directory itself
 * (no lock file is left behind), held until the returned descriptor is
 * closed. Concurrent ncsc -o into one folder then put their sets into
 * place one after the other, so the folder ends with one run's complete
 * set and no run sees another's files come and go (issue 28). Waits for
 * the lock. Returns the descriptor, or -1 where the folder cannot be
 * opened or its file system has no flock (e.g. some network file systems):
 * the commit then goes on unlocked, as before. */
static int lock_dir(const char *dir) {
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    while (flock(fd, LOCK_EX) != 0) {
        if (errno != EINTR) {
            close(fd);
            return -1;
        }
    }
    return fd;
}

/* Puts out[0..n) (contents and names relative to dir, set by the caller;
 * names under NCS_COPY_DIR "/" go into that folder, created when missing)
 * into place under the folder's lock (lock_dir): all of them, or (on any
 * failure, reported on d->out) none,
 * with every file that was there before left as it was (and a folder
 * created here removed again). Returns 0, or 2 (I/O error, or out of
 * memory). Frees what it allocated in out[]. */
static int commit_files(const char *dir, emit_out *out, const char *const *names, int n,
                        ncs_diag *d) {
    struct stat st;
    char *sub = NULL;
    int i, rc = 0, need_sub = 0, sub_missing = 0, sub_made = 0, lock = -1;
    if (stat(dir, &st) != 0) {
        ncs_diag_io_error(d, "cannot write into '%s': %s\n", dir,
                strerror(errno));
        return 2;
    }
    if (!S_ISDIR(st.st_mode)) {
        ncs_diag_io_error(d, "cannot write into '%s': it is not a directory\n", dir);
        return 2;
    }
    for (i = 0; i < n; i++) {
        need_sub |= strchr(names[i], '/') != NULL;
        out[i].final = join(dir, names[i]);
        if (!out[i].final) {
            ncs_diag_io_error(d, "out of memory while generating code\n");
            rc = 2;
            goto done;
        }
    }
    lock = lock_dir(dir);
    if (need_sub) {
        sub = join(dir, NCS_COPY_DIR);
        if (!sub) {
            ncs_diag_io_error(d, "out of memory while generating code\n");
            rc = 2;
            goto done;
        }
        rc = check_subdir(sub, &sub_missing, d);
    }
    /* nothing is touched before every target is known to be replaceable (a
     * file in a folder that is still missing is) */
    for (i = 0; i < n && rc == 0; i++)
        if (!(sub_missing && strchr(names[i], '/')))
            rc = check_target(&out[i], d);
    if (rc == 0 && sub_missing) {
        if (mkdir(sub, 0777) == 0) {
            sub_made = 1;
        } else if (errno != EEXIST) {   /* EEXIST: a concurrent ncsc made it */
            ncs_diag_io_error(d, "cannot create '%s': %s\n", sub,
                    strerror(errno));
            rc = 2;
        }
        for (i = 0; i < n && rc == 0; i++)
            if (strchr(names[i], '/'))
                rc = check_target(&out[i], d);
    }
    for (i = 0; i < n && rc == 0; i++) {
        if (write_temp(&out[i]) != 0) {
            ncs_diag_io_error(d, "cannot write a temporary file for '%s': %s\n", out[i].final,
                              strerror(errno));
            rc = 2;
        }
    }
    for (i = 0; i < n && rc == 0; i++) {
        if (move_aside(&out[i]) != 0) {
            ncs_diag_io_error(d, "cannot move the old '%s' aside: %s\n",
                    out[i].final, strerror(errno));
            rc = 2;
        }
    }
    for (i = 0; i < n && rc == 0; i++) {
        if (NCS_EMIT_RENAME(out[i].tmp, out[i].final) != 0) {
            ncs_diag_io_error(d, "cannot rename '%s' to '%s': %s\n",
                    out[i].tmp, out[i].final, strerror(errno));
            rc = 2;
        } else {
            out[i].placed = 1;
        }
    }
    if (rc != 0) {
        roll_back(out, n, d);
        if (sub_made)
            rmdir(sub);     /* empty again unless someone else wrote there */
    } else {
        for (i = 0; i < n; i++)
            if (out[i].aside)
                unlink(out[i].aside);
    }
done:
    if (lock >= 0)
        close(lock);    /* the lock goes with the descriptor */
    for (i = 0; i < n; i++) {
        free(out[i].final);
        free(out[i].tmp);
        free(out[i].aside);
    }
    free(sub);
    return rc;
}

int ncs_emit_check(const ncs_scene *s, const ncs_emit_options *o, ncs_diag *d) {
    const char *prefix = o->prefix ? o->prefix : s->name;
    if (!is_ident(prefix)) {
        ncs_error(d, s->loc, "prefix '%s' is not a C identifier (letters, digits, "
                  "'_', at most 64 characters, not starting with a digit)", prefix);
        return 1;
    }
    if (o->target != NCS_TARGET_HOST && o->target != NCS_TARGET_EMBEDDED) {
        ncs_error(d, s->loc, "unknown target %d", o->target);
        return 1;
    }
    return 0;
}

int ncs_emit(const ncs_plan *plan, const ncs_emit_options *o, ncs_diag *d) {
    static const char *const suffix[NGEN] = {".h", ".c", "_main.c", "_ncs.h", "_ncs.c"};
    const ncs_scene *s = plan->s;
    ncs_buf buf[NGEN];
    emit_ctx e;
    emit_out *out = NULL;
    char **names = NULL;
    int ngen = 3, ncopy = 0, n;
    const char *prefix = plan->prefix;
    int i, rc = 0;

    memset(buf, 0, sizeof buf);
    e.p = plan;
    e.embedded = o->target == NCS_TARGET_EMBEDDED;
    e.real_float = e.embedded && o->real_float;
    if (e.embedded) {
        ngen = NGEN;
        while (ncs_copy_files[ncopy].name)
            ncopy++;
    }
    /* every file ncsc generates is the project's own code under its licence
     * (MIT, LICENSE) */
    for (i = 0; i < ngen; i++) {
        buf[i].lo = plan->prefix;
        buf[i].up = plan->upper;
        ncs_buf_printf(&buf[i], "%s\n", NCS_EMIT_SPDX);
    }
    ncs_emit_scene_header(&e, &buf[0]);
    ncs_emit_scene_source(&e, &buf[1]);
    if (e.embedded) {
        ncs_emit_fw_main(&e, &buf[2]);
        ncs_emit_copy_settings(&e, &buf[3]);
        ncs_emit_copy_unit(&e, &buf[4]);
    } else {
        ncs_emit_scene_main(&e, &buf[2]);
    }
    for (i = 0; i < ngen; i++) {
        if (buf[i].nonfinite) {
            ncs_error(d, s->loc, "a constant of the generated code is not finite; "
                      "the scene's numbers are too extreme (masses, speeds, sizes)");
            rc = 1;
            goto done;
        }
        if (buf[i].oom) {
            ncs_diag_io_error(d, "out of memory while generating code\n");
            rc = 2;
            goto done;
        }
    }
    n = ngen + ncopy;
    out = calloc((size_t)n, sizeof *out);
    names = calloc((size_t)n, sizeof *names);
    for (i = 0; out && names && i < n; i++) {
        const char *stem = i < ngen ? prefix : NCS_COPY_DIR "/";
        const char *tail = i < ngen ? suffix[i] : ncs_copy_files[i - ngen].name;
        size_t len = strlen(stem) + strlen(tail) + 1;
        names[i] = malloc(len);
        if (!names[i])
            break;
        snprintf(names[i], len, "%s%s", stem, tail);
        out[i].data = i < ngen ? buf[i].s : (const char *)ncs_copy_files[i - ngen].bytes;
        out[i].len = i < ngen ? buf[i].len : ncs_copy_files[i - ngen].size;
    }
    if (!out || !names || i < n) {
        ncs_diag_io_error(d, "out of memory while generating code\n");
        rc = 2;
        goto done;
    }
    rc = commit_files(o->outdir, out, (const char *const *)names, n, d);
done:
    for (i = 0; names && i < ngen + ncopy; i++)
        free(names[i]);
    free(names);
    free(out);
    for (i = 0; i < NGEN; i++)
        ncs_buf_free(&buf[i]);
    return rc;
}
