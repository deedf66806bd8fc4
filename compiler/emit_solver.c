/* emit_solver.c - writes the runtime's solver core as <prefix>_lcp.h/.c
 * for the firmware target (see emit_solver.h). */
#include <ctype.h>
#include <string.h>
#include "emit_solver.h"

/* The pieces of the single-file solver, in the order they are written. */
static const char *const header_files[] = {
    "real.h", "layout.h", "lcp.h", "assemble.h", NULL};
static const char *const source_files[] = {
    "lcp_internal.h", "layout.c", "kernel_plain.c", "dense.c", "lemke.c",
    "assemble.c", "solve.c", NULL};

static const ncs_embedded_file *find_file(const char *name) {
    const ncs_embedded_file *f;
    for (f = ncs_solver_sources; f->name; f++)
        if (strcmp(f->name, name) == 0)
            return f;
    return NULL;
}

static int is_id_start(int ch) {
    return isalpha((unsigned char)ch) || ch == '_';
}

static int is_id_char(int ch) {
    return isalnum((unsigned char)ch) || ch == '_';
}

static void raw(ncs_buf *out, const char *p, size_t n) {
    if (n > 0)
        ncs_buf_printf(out, "%.*s", (int)n, p);
}

/* If the line at p includes a project header (`#include "..."`), returns
 * a pointer to the header name after the quote; else NULL. */
static const char *project_include(const char *p) {
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p != '#')
        return NULL;
    p++;
    while (*p == ' ' || *p == '\t')
        p++;
    if (strncmp(p, "include", 7) != 0)
        return NULL;
    p += 7;
    while (*p == ' ' || *p == '\t')
        p++;
    return *p == '"' ? p + 1 : NULL;
}

/* libm functions whose float forms end in 'f' (NCS_RT_FLOAT). */
static int is_libm(const char *q, size_t n) {
    static const char *const names[] = {
        "sqrt", "fabs", "floor", "ceil", "sin", "cos", "tan", "atan", "atan2",
        "exp", "log", "pow", "fmod", "fmin", "fmax", "hypot", "copysign", NULL};
    int i;
    for (i = 0; names[i]; i++)
        if (strlen(names[i]) == n && strncmp(q, names[i], n) == 0)
            return 1;
    return 0;
}

/* Appends the pp-number q..p, with an 'f' when it is an unsuffixed decimal
 * floating constant and NCS_RT_FLOAT is set. */
static void number(ncs_buf *out, const char *q, const char *p, int flags) {
    const char *t;
    int fl = 0;
    raw(out, q, (size_t)(p - q));
    if (!(flags & NCS_RT_FLOAT) || (q[0] == '0' && (q[1] == 'x' || q[1] == 'X')))
        return;
    for (t = q; t < p; t++) {
        if (*t == '.' || *t == 'e' || *t == 'E')
            fl = 1;
        else if (!isdigit((unsigned char)*t) && *t != '+' && *t != '-')
            return;         /* a suffix already (or not a plain constant) */
    }
    if (fl)
        raw(out, "f", 1);
}

/* Appends the identifier q..p, renamed per the flags. */
static void ident(ncs_buf *out, const char *q, const char *p, const char *lo,
                  const char *up, int flags) {
    size_t n = (size_t)(p - q);
    if (n > 4 && strncmp(q, "ncs_", 4) == 0) {
        ncs_buf_printf(out, "%s_", lo);
        raw(out, q + 4, n - 4);
    } else if (n > 4 && strncmp(q, "NCS_", 4) == 0) {
        ncs_buf_printf(out, "%s_", up);
        raw(out, q + 4, n - 4);
    } else if ((flags & NCS_RT_REAL) && n == 6 && strncmp(q, "double", 6) == 0) {
        ncs_buf_printf(out, "%s_real", lo);
    } else if ((flags & NCS_RT_FLOAT) && n == 8 && strncmp(q, "HUGE_VAL", 8) == 0) {
        raw(out, "HUGE_VALF", 9);
    } else {
        raw(out, q, n);
        if ((flags & NCS_RT_FLOAT) && is_libm(q, n))
            raw(out, "f", 1);
    }
}

void ncs_emit_retarget(ncs_buf *out, const char *text, const char *lo,
                       const char *up, int flags) {
    const char *p = text, *inc;
    int comment = 0;        /* 1 inside a block comment, 2 inside a line comment */
    int line_start = 1;
    while (*p) {
        const char *q = p;
        if (line_start && !comment && (inc = project_include(p)) != NULL &&
            (flags & (NCS_RT_DROP_INCLUDES | NCS_RT_LCP_INCLUDE))) {
            int lcp = strncmp(inc, "ncs/", 4) == 0;
            while (*p && *p != '\n')
                p++;
            if (*p)
                p++;
            if ((flags & NCS_RT_DROP_INCLUDES) || !lcp)
                raw(out, q, (flags & NCS_RT_DROP_INCLUDES) ? 0 : (size_t)(p - q));
            else
                ncs_buf_printf(out, "#include \"%s_lcp.h\"\n", lo);
            continue;
        }
        line_start = 0;
        if (comment == 1) {
            if (p[0] == '*' && p[1] == '/') {
                comment = 0;
                raw(out, p, 2);
                p += 2;
                continue;
            }
        } else if (comment == 0 && p[0] == '/' && p[1] == '*') {
            comment = 1;
            raw(out, p, 2);
            p += 2;
            continue;
        } else if (comment == 0 && p[0] == '/' && p[1] == '/') {
            comment = 2;
        } else if (comment == 0 && (*p == '"' || *p == '\'')) {
            char quote = *p++;
            while (*p && *p != quote && *p != '\n')
                p += p[0] == '\\' && p[1] ? 2 : 1;
            if (*p == quote)
                p++;
            raw(out, q, (size_t)(p - q));
            continue;
        }
        if (isdigit((unsigned char)*p) || (*p == '.' && isdigit((unsigned char)p[1]))) {
            while (is_id_char(*p) || *p == '.' ||
                   ((*p == '+' || *p == '-') && strchr("eEpP", p[-1])))
                p++;
            if (comment)
                raw(out, q, (size_t)(p - q));
            else
                number(out, q, p, flags);
            continue;
        }
        if (is_id_start(*p)) {
            while (is_id_char(*p))
                p++;
            if (comment)    /* comments: the renaming only */
                ident(out, q, p, lo, up, 0);
            else
                ident(out, q, p, lo, up, flags);
            continue;
        }
        if (*p == '\n') {
            line_start = 1;
            if (comment == 2)
                comment = 0;
        }
        raw(out, p, 1);
        p++;
    }
}

/* Appends the named embedded files, renamed. Returns -1 when one is missing. */
static int append_files(ncs_buf *out, const char *const *names, const char *from,
                        const char *lo, const char *up) {
    int i, j;
    for (i = 0; names[i]; i++) {
        const ncs_embedded_file *f = find_file(names[i]);
        ncs_buf text;
        if (!f)
            return -1;
        memset(&text, 0, sizeof text);
        for (j = 0; f->lines[j]; j++)
            ncs_buf_printf(&text, "%s", f->lines[j]);
        ncs_buf_printf(out, "\n/* ---- from the ncs runtime: %s/%s ---- */\n", from,
                       names[i]);
        if (text.oom)
            out->oom = 1;
        else if (text.s)
            ncs_emit_retarget(out, text.s, lo, up, NCS_RT_DROP_INCLUDES);
        ncs_buf_free(&text);
    }
    return 0;
}

int ncs_emit_solver(const char *prefix, const char *upper, int real_float,
                    ncs_buf *h, ncs_buf *c) {
    return ncs_emit_solver_for(prefix, upper, real_float, -1, -1, 0, h, c);
}

int ncs_emit_solver_for(const char *prefix, const char *upper, int real_float,
                        int form, int nfric, int assemble, ncs_buf *h, ncs_buf *c) {
    static const char *const notice =
        " * Generated by ncsc (--target embedded) from the ncs runtime's solver\n"
        " * core. It is the ncs project's own code, under the project's\n"
        " * MIT license (LICENSE): it links no GSL and may be shipped in firmware.\n"
        " * No heap, no stdio, no global state; only memcpy, memset and libm's\n"
        " * fabs/sqrt (or fabsf/sqrtf). See docs/solver.md for the strategy,\n"
        " * the statuses and the tolerances.\n";
    ncs_buf_printf(h, "%s\n", NCS_EMIT_SPDX);
    ncs_buf_printf(h, "/* %s_lcp.h - the LCP solver of the %s simulator (%s).\n%s */\n",
                   prefix, prefix, real_float ? "float" : "double", notice);
    ncs_buf_printf(h, "#ifndef %s_LCP_FIRMWARE_H\n#define %s_LCP_FIRMWARE_H\n\n", upper,
                   upper);
    ncs_buf_printf(h, "/* the element type %s_real: float (1) or double (0) */\n"
                      "#undef %s_REAL_FLOAT\n#define %s_REAL_FLOAT %d\n",
                   prefix, upper, upper, real_float ? 1 : 0);
    if (assemble)
        ncs_buf_printf(h, "/* with the reference assembler: the rigid-body step assembles each\n"
                          " * island's LCP with %s_lcp_assemble */\n", prefix);
    else
        ncs_buf_printf(h, "/* the reference assembler is not part of the firmware copy */\n"
                          "#ifndef %s_LCP_NO_ASSEMBLE\n#define %s_LCP_NO_ASSEMBLE 1\n#endif\n",
                       upper, upper);
    ncs_buf_printf(h, "\n#include <stddef.h>\n");
    if (append_files(h, header_files, "runtime/include/ncs", prefix, upper) != 0)
        return -1;
    ncs_buf_printf(h, "\n#endif\n");

    ncs_buf_printf(c, "%s\n", NCS_EMIT_SPDX);
    ncs_buf_printf(c, "/* %s_lcp.c - the LCP solver of the %s simulator (%s).\n%s */\n",
                   prefix, prefix, real_float ? "float" : "double", notice);
    ncs_buf_printf(c, "#include <math.h>\n#include <string.h>\n#include \"%s_lcp.h\"\n\n"
                      "/* functions shared by the solver's parts: local to this file */\n"
                      "#define %s_INTERNAL static\n",
                   prefix, upper);
    if (form >= 0)
        ncs_buf_printf(c, "/* specialised for one scene: formulation %d only */\n"
                          "#define %s_LCP_ONLY_FORM %d\n", form, upper, form);
    if (nfric == 0)
        ncs_buf_printf(c, "/* specialised for one scene: no friction */\n"
                          "#define %s_LCP_NO_FRICTION 1\n", upper);
    if (form >= 0)      /* docs/embedded.md, "The 16 KB goal" */
        ncs_buf_printf(c, "/* specialised: without the Newton polish, the host's last resort\n"
                          " * (never needed in the solver's test batteries; about 1 KB of text).\n"
                          " * Compile with -D%s_LCP_KEEP_NEWTON for the host's exact strategy. */\n"
                          "#ifndef %s_LCP_KEEP_NEWTON\n#define %s_LCP_NO_NEWTON 1\n#endif\n"
                          "/* specialised: Lemke's eager tableau only (the lazy one for small m\n"
                          " * is faster but about 0.9 KB of text) */\n"
                          "#ifndef %s_LEMKE_LAZY_MAX_M\n#define %s_LEMKE_LAZY_MAX_M 0\n#endif\n"
                          "/* specialised: without the selection path's shortcuts that only save\n"
                          " * time (solve.c; the same results, fewer bytes of text) */\n"
                          "#ifndef %s_LCP_SMALL\n#define %s_LCP_SMALL 1\n#endif\n",
                       upper, upper, upper, upper, upper, upper, upper);
    return append_files(c, source_files, "runtime/src", prefix, upper);
}
