/* test_emit_commit.c - a failed compile leaves no partial output.
 *
 * Builds compiler/emit/emit.c with a rename() that fails on its n-th call, for
 * every n until a compile goes through, and checks after each failure that
 * the output directory holds exactly what it held before: the same names
 * with the same contents (old files restored, no temporaries, no asides).
 * Then checks the successful compile: the new files, and nothing else new.
 * The same for the firmware target, whose runtime files go into DIR/ncs/:
 * a folder the compile created is removed again when it fails, and old
 * files in an existing one are restored.
 *
 *   test_emit_commit WORKDIR
 */
#define _POSIX_C_SOURCE 200809L

static int test_rename(const char *from, const char *to);
#define NCS_EMIT_RENAME test_rename
#include "emit.c"

#include <dirent.h>
#include <sys/stat.h>
#include "parse.h"
#include "../check.h"

static int rename_calls, rename_fail_at;


/* rename(), except that call number rename_fail_at fails with EIO. */
static int test_rename(const char *from, const char *to) {
    if (++rename_calls == rename_fail_at) {
        errno = EIO;
        return -1;
    }
    return rename(from, to);
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "name=contents\n" for every entry of dir in name order ("name/" for a
 * directory; the first 4 KB of a file), as one malloc'ed string. */
static char *listing(const char *dir) {
    char *names[64], *out;
    int n = 0;
    DIR *d = opendir(dir);
    struct dirent *e;
    if (!d)
        abort();
    while ((e = readdir(d)) != NULL && n < 64)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            names[n++] = strdup(e->d_name);
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], by_name);
    out = calloc(1, 1 << 20);
    if (!out)
        abort();
    for (int i = 0; i < n; i++) {
        char path[1024];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        strcat(out, names[i]);
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            strcat(out, "/\n");
        } else {
            FILE *f = fopen(path, "rb");
            size_t at = strlen(out);
            out[at++] = '=';
            if (f) {
                at += fread(out + at, 1, 4096, f);
                fclose(f);
            }
            out[at++] = '\n';
            out[at] = '\0';
        }
        free(names[i]);
    }
    return out;
}

/* Removes the files in dir and its folders (a previous run's: the
 * firmware target leaves ncs/ behind). */
static void clear(const char *dir) {
    DIR *d = opendir(dir);
    struct dirent *e;
    if (!d)
        abort();
    while ((e = readdir(d)) != NULL) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 && unlink(path) != 0) {
            clear(path);
            rmdir(path);
        }
    }
    closedir(d);
}

static void put(const char *dir, const char *name, const char *text) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0)
        abort();
}

static int exists(const char *dir, const char *name) {
    char path[1024];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return stat(path, &st) == 0;
}

int main(int argc, char **argv) {
    static const char src[] = "scene s { h = 0.01; steps = 1; }\n"
                              "body p particle { mass = 1; }\n";
    char dir[512];
    ncs_diag d;
    ncs_geometry g;
    ncs_geom_options go = ncs_geom_default_options();
    ncs_emit_options o;
    ncs_plan plan;
    FILE *sink = tmpfile();
    if (argc != 2 || !sink) {
        fprintf(stderr, "usage: test_emit_commit WORKDIR\n");
        return 2;
    }
    snprintf(dir, sizeof dir, "%s/emit-commit", argv[1]);
    mkdir(argv[1], 0777);
    mkdir(dir, 0777);
    clear(dir);
    ncs_diag_init(&d, "t.ncs", src, strlen(src));
    d.out = getenv("TEST_VERBOSE") ? stderr : sink;   /* TEST_VERBOSE=1: show messages */
    ncs_scene *s = ncs_parse("t.ncs", src, strlen(src), &d);
    memset(&g, 0, sizeof g);
    if (!s || ncs_geom_build(s, &go, &d, &g) != 0) {
        fprintf(stderr, "test_emit_commit: the scene does not compile\n");
        return 2;
    }
    memset(&o, 0, sizeof o);
    memset(&plan, 0, sizeof plan);
    o.outdir = dir;
    o.prefix = "q";
    o.target = NCS_TARGET_HOST;
    if (ncs_plan_make(&plan, s, &g, o.prefix, &d) != 0) {
        fprintf(stderr, "test_emit_commit: no plan\n");
        return 2;
    }

    /* old q.h and q_main.c (moved aside, then restored), no q.c, a file
     * with the old fixed temporary name, an unrelated file */
    put(dir, "q.h", "old header\n");
    put(dir, "q_main.c", "old main\n");
    put(dir, "q.c.tmp", "not ours\n");
    put(dir, "notes.txt", "keep\n");
    char *before = listing(dir);
    int failed = 0, ok = 0;
    for (int n = 1; n <= 20 && !ok; n++) {
        rename_calls = 0;
        rename_fail_at = n;
        int rc = ncs_emit(&plan, &o, &d);
        char *now = listing(dir);
        if (rc == 0) {
            ok = 1;
            CHECK(rename_calls == 5, "%d renames for 2 asides and 3 files", rename_calls);
            CHECK(exists(dir, "q.c") && exists(dir, "q.h") && exists(dir, "q_main.c"),
                  "generated files missing");
            CHECK(strstr(now, "old header") == NULL && strstr(now, "old main") == NULL,
                  "old files not replaced");
            CHECK(strstr(now, "not ours") != NULL && strstr(now, "notes.txt=keep") != NULL,
                  "unrelated files touched");
            CHECK(!exists(dir, "q.h.old") && strstr(now, ".tmp.") == NULL
                      && strstr(now, ".old.") == NULL,
                  "temporaries or asides left:\n%s", now);
        } else {
            failed++;
            CHECK(rc == 2, "rename failure %d: status %d, expected 2", n, rc);
            CHECK(strcmp(before, now) == 0,
                  "rename failure %d changed the directory.\n--- before\n%s--- after\n%s",
                  n, before, now);
        }
        free(now);
    }
    CHECK(ok, "no compile succeeded");
    CHECK(failed == 5, "%d failing renames tried, expected 5", failed);
    free(before);

    /* the firmware target: fw.h, fw.c, fw_main.c, fw_ncs.h, fw_ncs.c and the
     * runtime core under ncs/, first created by the compile, then replacing
     * an old file there */
    int ncopy = 0;
    char sub[600];
    while (ncs_copy_files[ncopy].name)
        ncopy++;
    snprintf(sub, sizeof sub, "%s/" NCS_COPY_DIR, dir);
    o.target = NCS_TARGET_EMBEDDED;
    o.prefix = "fw";
    ncs_plan_release(&plan);
    memset(&plan, 0, sizeof plan);
    if (ncs_plan_make(&plan, s, &g, o.prefix, &d) != 0) {
        fprintf(stderr, "test_emit_commit: no plan\n");
        return 2;
    }
    for (int round = 0; round < 2; round++) {
        char *before_sub = NULL;
        if (round == 1) {
            put(sub, "world.c", "old engine\n");
            before_sub = listing(sub);
        }
        before = listing(dir);
        failed = ok = 0;
        for (int n = 1; n <= 100 && !ok; n++) {
            rename_calls = 0;
            rename_fail_at = n;
            int rc = ncs_emit(&plan, &o, &d);
            char *now = listing(dir);
            if (rc == 0) {
                char *now_sub = listing(sub);
                ok = 1;
                CHECK(rename_calls == (5 + ncopy) * (1 + round), "round %d: %d renames", round,
                      rename_calls);
                CHECK(exists(dir, "fw_ncs.h") && exists(dir, "fw_ncs.c") &&
                          exists(sub, "world.c") && exists(sub, "one.c"),
                      "round %d: generated files missing", round);
                CHECK(strstr(now_sub, "old engine") == NULL, "old ncs/world.c not replaced");
                CHECK(strstr(now_sub, ".tmp.") == NULL && strstr(now_sub, ".old.") == NULL,
                      "temporaries or asides left in ncs/:\n%s", now_sub);
                free(now_sub);
            } else {
                failed++;
                CHECK(rc == 2, "round %d, rename failure %d: status %d, expected 2", round, n,
                      rc);
                CHECK(strcmp(before, now) == 0,
                      "round %d, rename failure %d changed the directory.\n--- before\n%s"
                      "--- after\n%s", round, n, before, now);
                if (round == 1) {
                    char *now_sub = listing(sub);
                    CHECK(strcmp(before_sub, now_sub) == 0,
                          "rename failure %d changed ncs/.\n--- before\n%s--- after\n%s", n,
                          before_sub, now_sub);
                    free(now_sub);
                }
            }
            free(now);
        }
        CHECK(ok, "round %d: no compile succeeded", round);
        /* round 1 also moves aside every file of round 0 */
        CHECK(failed == (5 + ncopy) * (1 + round),
              "round %d: %d failing renames tried, expected %d", round, failed,
              (5 + ncopy) * (1 + round));
        free(before);
        free(before_sub);
    }
    ncs_plan_release(&plan);
    ncs_geom_free(&g);
    ncs_scene_free(s);
    fclose(sink);
    return CHECK_DONE();
}
