/* sim.c - the standalone simulator of every generated scene (ncs/sim.h):
 * options, the time loop, expectations, CSV, LCP dumps, the progress bar
 * and the summary line. The --svg picture is in svg.c, the --html replay
 * page in html.c. Host only: stdio,
 * heap, and POSIX where there is one (isatty, mkdir, stat, fcntl, a
 * monotonic clock).
 *
 * Numbers in the CSV, the messages and the summary are the shortest text
 * that reads back as the same double (ncs_sim_shortest, sim_num.c).
 */
#if !defined(_POSIX_C_SOURCE) && (defined(__unix__) || defined(__APPLE__))
#define _POSIX_C_SOURCE 200809L /* isatty, fileno, access, clock_gettime */
#endif
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__unix__) || defined(__APPLE__)
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#define SIM_POSIX 1 /* descriptors, stat: outputs compared by file */
#define IS_TTY(f) isatty(fileno(f))
#define MAKE_DIR(d) mkdir(d, 0777)
#define DIR_WRITABLE(d) (access(d, W_OK | X_OK) == 0)
#elif defined(_WIN32)
#include <direct.h>
#define IS_TTY(f) 0
#define MAKE_DIR(d) _mkdir(d)
#define DIR_WRITABLE(d) 1
#else
#define IS_TTY(f) 0
#define MAKE_DIR(d) (errno = ENOSYS, -1)
#define DIR_WRITABLE(d) 1
#endif
#include "ncs/lcp_dat.h"
#include "sim_out.h"
#include "sim_input.h"

#if NCS_REAL_IS_FLOAT
#error "the simulator is host-only: build it with ncs_real = double"
#endif

/* NCS_STATE_MAX as the messages show it */
#define STATE_MAX_TEXT "1e150"

/* ---- numbers ------------------------------------------------------------- */

/* A number as text (the shortest that reads back); the buffers rotate so a
 * message can hold several. */
#define NUM_BUFS 8
typedef struct numbuf {
    char s[NUM_BUFS][32];
    int next;
} numbuf;

static const char *num(numbuf *nb, double v) {
    char *s = nb->s[nb->next];
    nb->next = (nb->next + 1) % NUM_BUFS;
    ncs_sim_shortest(s, sizeof nb->s[0], v);
    return s;
}

/* ---- the run's context ---------------------------------------------------- */

/* An output file, opened before the run. */
typedef struct out_file {
    const char *option;         /* the option that asked for it (messages) */
    const char *path;           /* NULL: not asked for; "-": standard output */
    FILE *f;
    int created;                /* 1: did not exist before (removed on failure) */
    int err;                    /* errno of its first failed write, 0: none */
} out_file;

/* Outputs written from the recorded trajectory after the run: one row
 * here and a writer function each. `frames`: the writer needs the replay's
 * frames (velocities, statistics, contacts), not only the positions. */
static const struct {
    const char *option;
    ncs_sim_writer write;
    int frames;
} writers[] = {
    {"--svg", ncs_sim_svg, 0},
    {"--html", ncs_sim_html, 1},
};
#define NWRITERS ((int)(sizeof writers / sizeof writers[0]))

/* Where LCPs go: every solve into `dir` (--dump-lcp); otherwise a failed
 * solve into ./<prefix>-fail-step-NNNNNN.dat, removed again when the step
 * still succeeds (a fixpoint iterate that failed). */
typedef struct dump_ctx {
    const char *prog;
    const char *dir;            /* --dump-lcp DIR or NULL */
    char stem[1024];            /* "step" or "<prefix>-fail-step" */
    int nbodies;
    int failed;                 /* a file could not be written */
    char *zline;                /* the "ncs-z:" line */
    size_t zcap;
    ncs_real *lcp;              /* the hook's B and b (ncs_world_set_hook_buffer): the
                                   engine's state has no B */
    char path[4096];            /* the file being written */
    char fail_file[4096];       /* this step's failed solve's file, or "" */
} dump_ctx;

/* What became of one expectation. */
typedef struct exp_state {
    int reached, failed;
    char msg[512];              /* the value found and the step */
} exp_state;

/* The progress bar. */
typedef struct progress {
    int on;                     /* may be shown (a terminal or NCS_PROGRESS=always,
                                   not --quiet) */
    int decided, shown;         /* decided whether to show it; showing it */
    long steps;
    double t0, drawn;           /* start; last time it was drawn */
    int width;                  /* characters of the last line drawn */
    const char *name;
} progress;

typedef struct sim_run {
    const ncs_sim_desc *sim;
    const ncs_scene_desc *sc;
    ncs_world *w;
    const char *prog;           /* program name for messages */
    const char *prefix;         /* the generated code's prefix */
    long steps;
    int check, quiet;
    int nset;                   /* --set options applied */
    long fix_iters;             /* 0: the scene's */
    double fix_tol;             /* < 0: the scene's */
    out_file csv;
    out_file contacts;          /* --contacts */
    ncs_contact_report *log;    /* the contacts of a step */
    int log_cap;                /* its room */
    int log_warned;             /* 1 after saying a step had more */
    out_file out[NWRITERS];
    dump_ctx dump;
    exp_state *ex;
    ncs_sim_traj traj;
    int recording;              /* 1 while the trajectory is recorded */
    ncs_view_contact *pend;     /* frames: the contacts of the step being taken */
    int *pend_root;             /* their islands */
    int npend, pend_cap;
    ncs_scene_desc desc;        /* --set friction: the scene with other tables */
    ncs_side *sides;            /* its obstacle sides (NULL: the scene's own) */
    ncs_corner *corners;        /* its corners */
    ncs_body_desc *bodies;      /* its bodies */
    progress bar;
    numbuf nb;
    const char *input_path;     /* --input FILE or NULL */
    ncs_sim_input input;        /* its rows */
} sim_run;

static const char *body_name(const ncs_scene_desc *sc, int b) {
    return sc->body_name && b >= 0 && b < sc->nbodies && sc->body_name[b] ? sc->body_name[b]
                                                                           : "?";
}

/* ---- usage ---------------------------------------------------------------- */

static void usage(const sim_run *r, FILE *f) {
    const ncs_scene_desc *sc = r->sc;
    char h[32], tol[32];
    ncs_sim_shortest(h, sizeof h, (double)sc->h);
    ncs_sim_shortest(tol, sizeof tol, (double)sc->fix_tol);
    fprintf(f,
            "usage: %s [--steps N] [--csv FILE|-] [--contacts FILE|-] [--svg FILE] [--html FILE]"
            " [--dump-lcp DIR] [--set [BODY.]FIELD=VALUE]... [--input FILE] [--no-check]"
            " [--check]"
            " [--fixpoint N]"
            " [--fixpoint-tol D] [--quiet] [--help]\n"
            "Simulates scene '%s' (%ld steps of %s s by default) and checks its\n"
            "expectations. Every option with a value also takes it as --OPTION=VALUE.\n"
            "  --steps N       run N steps instead (N in decimal digits only: no sign,\n"
            "                  no blanks)\n"
            "  --csv FILE|-    write a header line, then one row per body and step:\n"
            "                  step,t,body,x,y,theta,vx,vy,omega,status,pivots,m,\n"
            "                  solves\n"
            "                  status: the body's solver status in the step\n"
            "                  (\"solved\", or \"none\" when no LCP was solved: no\n"
            "                  contact near, or step 0); pivots and LCP size m\n"
            "                  of that solve; solves: LCP solves of the body's\n"
            "                  island in the step (more than 1 only with the\n"
            "                  fixpoint iteration). A failed step writes no row.\n"
            "  --contacts FILE|-  write a header line, then one row per contact that\n"
            "                  carried an impulse in a step:\n"
            "                  step,t,body,other,x,y,nx,ny,pn,pt,fn,ft\n"
            "                  other: the other body (empty: an obstacle); (x, y)\n"
            "                  the contact point; (nx, ny) the unit normal into\n"
            "                  body; pn, pt the normal and friction impulse on body\n"
            "                  (pt along (-ny, nx)); fn, ft the contact force of the\n"
            "                  acceleration-level LCP when the contact was at rest\n"
            "                  (at rest fn = pn / h), empty otherwise\n"
            "  --svg FILE      draw the obstacles on axes with a scale bar, every\n"
            "                  body's trajectory, and the bodies at t = 0, T/4,\n"
            "                  T/2, 3T/4 and T as outlines labelled with their time\n"
            "                  (at most %d records: a longer run keeps every k-th\n"
            "                  step, k = steps / %d + 1, and the last)\n"
            "  --html FILE     write a replay page: one self-contained HTML file (it\n"
            "                  loads nothing) that animates the run with play, pause,\n"
            "                  step, scrub and speed; the obstacles and on demand\n"
            "                  their convex pieces (the nonconvex groups), the bodies\n"
            "                  with velocities and contact normals and impulses, and\n"
            "                  plots of energy, penetration, LCP size and pivots\n"
            "                  (the same records as --svg)\n"
            "  --dump-lcp DIR  write each step's LCP as DIR/step-NNNNNN.dat, or\n"
            "                  DIR/step-NNNNNN-bI.dat (the island of body I) when the\n"
            "                  scene has several bodies; DIR is created when missing\n",
            r->prefix, sc->name ? sc->name : r->prefix, sc->steps, h, NCS_TRAJ_MAX_FRAMES,
            NCS_TRAJ_MAX_FRAMES - 2);
    fprintf(f, /* two strings: C99 promises 4095 characters in one */
            "  --set BODY.FIELD=VALUE\n"
            "                  start BODY from another state: position=(X,Y),\n"
            "                  velocity=(VX,VY), angle=A, omega=W (or one of x, y,\n"
            "                  theta, vx, vy); may be repeated. The state was sized\n"
            "                  for the scene's own start: a much faster one makes\n"
            "                  steps slower (substeps) or fails them\n"
            "  --set friction=MU, --set BODY.friction=MU\n"
            "                  the friction coefficient of every obstacle and body,\n"
            "                  or of one body (against an obstacle a pair has\n"
            "                  sqrt(mu_body mu_obstacle)); MU >= 0. Needs a scene\n"
            "                  compiled with friction (some coefficient > 0)\n"
            "  --set restitution=E, --set BODY.restitution=E\n"
            "                  the restitution of every body and the obstacles, or\n"
            "                  of one body (a pair takes the larger of its two);\n"
            "                  0 <= E <= 1\n"
            "  --input FILE    replay a control sequence: a CSV with the header\n"
            "                  step,body,fx,fy,torque; a row at step K sets BODY's\n"
            "                  external force (fx, fy) and torque from the state of\n"
            "                  step K on (0: from the first step), held until\n"
            "                  changed; steps never decrease. A bad row is an error\n"
            "                  FILE:LINE: error: ... and nothing is simulated\n"
            "  --no-check      do not evaluate the scene's expectations (by default\n"
            "                  each failed one is named as FILE:LINE:COL with the\n"
            "                  value found, in source order, and the exit status is 1)\n"
            "  --check         evaluate them (the default; kept for old scripts)\n"
            "  --fixpoint N    at most N LCP solves per step: the fixpoint\n"
            "                  iteration (docs/rigid.md; default %d, 1: off)\n"
            "  --fixpoint-tol D  iterate while the predicted end-of-step\n"
            "                  penetration exceeds D (default %s)\n"
            "  --quiet         no summary and no progress bar. Otherwise the summary\n"
            "                  goes to stderr (steps, steps with contacts and the\n"
            "                  mean and largest LCP solves per such step, final\n"
            "                  positions, whether the expectations held), with a\n"
            "                  progress bar (rate, time left) when stderr is a\n"
            "                  terminal and the run takes more than about 2 s\n"
            "                  (in the environment NCS_PROGRESS=always shows it\n"
            "                  on any stderr and run, NCS_PROGRESS=never never)\n"
            "  --help          show this help\n"
            "Outputs: each goes to its own file; '-' (--csv, --contacts) is standard\n"
            "output, which must be open; two outputs naming one file (by path, or\n"
            "the same regular file) are a usage error.\n"
            "A failed step stops the run: the message names the step, the status,\n"
            "the body and, for an LCP not solved, the file its LCP was written to\n"
            "(./%s-fail-step-NNNNNN.dat, or the --dump-lcp directory). A step whose\n"
            "end state would hold a coordinate that is not finite or beyond %s in\n"
            "magnitude fails as a state overflow; a start beyond it is refused.\n"
            "Exit status: 0 every step solved and every checked expectation held;\n"
            "1 a failed step or expectation; 2 bad usage, a start state beyond the\n"
            "bound, or an output that cannot be created: nothing was simulated;\n"
            "3 an output failed to write during or after the run (the reason is\n"
            "said; the files the run created are removed).\n",
            sc->fix_iters, tol, r->prefix, STATE_MAX_TEXT);
}

static int try_help(const sim_run *r) {
    fprintf(stderr, "Try '%s --help' for more information.\n", r->prog);
    return 2;
}

static int usage_error(const sim_run *r, const char *fmt, ...) {
    va_list ap;
    fprintf(stderr, "%s: ", r->prog);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return try_help(r);
}

/* ---- options -------------------------------------------------------------- */

enum { O_STEPS, O_CSV, O_CONTACTS, O_DUMP, O_SET, O_CHECK, O_NO_CHECK, O_QUIET, O_FIX,
       O_FIX_TOL, O_HELP, O_INPUT, O_WRITER };

static const struct {
    const char *name;
    int id, value;              /* value: 1 when the option takes one */
} options[] = {
    {"--steps", O_STEPS, 1},    {"--csv", O_CSV, 1},         {"--dump-lcp", O_DUMP, 1},
    {"--set", O_SET, 1},        {"--check", O_CHECK, 0},     {"--no-check", O_NO_CHECK, 0},
    {"--quiet", O_QUIET, 0},    {"--fixpoint", O_FIX, 1},    {"--fixpoint-tol", O_FIX_TOL, 1},
    {"--help", O_HELP, 0},      {"--contacts", O_CONTACTS, 1}, {"--input", O_INPUT, 1},
};
#define NOPTIONS ((int)(sizeof options / sizeof options[0]))

/* The option argv[*i] names: its id (O_WRITER + k for writer k), its value
 * from "--opt=VALUE" or the next argument (*i then moves on). Returns the
 * id, or -1 after a usage message (*rc set). */
static int option_of(const sim_run *r, int argc, char **argv, int *i, const char **val,
                     int *rc) {
    const char *a = argv[*i], *eq = strchr(a, '=');
    size_t len = eq ? (size_t)(eq - a) : strlen(a);
    int k, id = -1, takes = 0;
    for (k = 0; k < NOPTIONS && id < 0; k++)
        if (strlen(options[k].name) == len && !strncmp(a, options[k].name, len)) {
            id = options[k].id;
            takes = options[k].value;
        }
    for (k = 0; k < NWRITERS && id < 0; k++)
        if (strlen(writers[k].option) == len && !strncmp(a, writers[k].option, len)) {
            id = O_WRITER + k;
            takes = 1;
        }
    *val = NULL;
    if (id < 0 || a[0] != '-' || a[1] != '-') {
        *rc = usage_error(r, "unknown option '%s'", a);
        return -1;
    }
    if (!takes && eq) {
        *rc = usage_error(r, "option '%.*s' takes no value", (int)len, a);
        return -1;
    }
    if (takes) {
        if (eq) {
            *val = eq + 1;
        } else if (*i + 1 < argc) {
            *val = argv[++*i];
        } else {
            *rc = usage_error(r, "option '%s' needs a value", a);
            return -1;
        }
    }
    return id;
}


/* Reads a finite number, skipping blanks around it; *s moves past it.
 * Returns 0, or -1. */
static int parse_real(const char **s, double *out) {
    char *end;
    double v;
    while (**s == ' ' || **s == '\t')
        ++*s;
    errno = 0;
    v = strtod(*s, &end);
    if (end == *s || errno == ERANGE || !(v - v == 0))
        return -1;
    for (*s = end; **s == ' ' || **s == '\t'; ++*s)
        ;
    *out = v;
    return 0;
}

/* Reads "(X, Y)" (or "X,Y"): the whole of s. Returns 0, or -1. */
static int parse_vec(const char *s, double xy[2]) {
    int paren;
    while (*s == ' ' || *s == '\t')
        s++;
    paren = *s == '(';
    s += paren;
    if (parse_real(&s, &xy[0]) != 0 || *s++ != ',' || parse_real(&s, &xy[1]) != 0)
        return -1;
    if (paren && *s++ != ')')
        return -1;
    while (*s == ' ' || *s == '\t')
        s++;
    return *s ? -1 : 0;
}

/* Fields of --set: the coordinates of the vocabulary (ncs_coords: x, y,
 * theta, vx, vy, omega; NCS_COORD_* is an index into q, or 3 + an index
 * into v), the vectors position and velocity (ncs_expect_kinds: two
 * coordinates from NCS_COORD_X or NCS_COORD_VX), and the words of --set's
 * own: angle (theta), friction and restitution. */
enum { SET_FRICTION = 6, SET_RESTITUTION = 7 };
static const struct {
    const char *name;
    int coord;
} set_own[] = {{"angle", NCS_COORD_THETA}, {"friction", SET_FRICTION},
               {"restitution", SET_RESTITUTION}};
#define NSET_OWN ((int)(sizeof set_own / sizeof set_own[0]))

/* 1 when the n characters at s are the word w */
static int is_word(const char *w, const char *s, size_t n) {
    return strlen(w) == n && !strncmp(w, s, n);
}

/* The --set field named by the n characters at f: *coord its (first)
 * coordinate or SET_*, *vec 1 for a vector. Returns 0, or -1 when unknown. */
static int set_field(const char *f, size_t n, int *coord, int *vec) {
    int k;
    *vec = 0;
    for (k = 0; k < NCS_NCOORDS; k++)
        if (is_word(ncs_coords[k].name, f, n))
            return *coord = k, 0;
    for (k = 0; k < NSET_OWN; k++)
        if (is_word(set_own[k].name, f, n))
            return *coord = set_own[k].coord, 0;
    *vec = 1;
    if (is_word(ncs_expect_kinds[NCS_EXPECT_POSITION].name, f, n))
        return *coord = NCS_COORD_X, 0;
    if (is_word(ncs_expect_kinds[NCS_EXPECT_VELOCITY].name, f, n))
        return *coord = NCS_COORD_VX, 0;
    return -1;
}

/* The --set fields' names, for the message of an unknown one. */
static const char *set_field_names(char *buf, size_t size) {
    size_t k, n = 0;
    const char *w;
    buf[0] = 0;
    for (k = 0; k < 2 + NCS_NCOORDS + NSET_OWN; k++) {
        w = k == 0 ? ncs_expect_kinds[NCS_EXPECT_POSITION].name
          : k == 1 ? ncs_expect_kinds[NCS_EXPECT_VELOCITY].name
          : k < 2 + NCS_NCOORDS ? ncs_coords[k - 2].name : set_own[k - 2 - NCS_NCOORDS].name;
        n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s", k ? ", " : "", w);
    }
    return buf;
}

/* The scene's tables that --set friction changes, copied once: the state
 * then steps the copy (r->desc). Returns 0, or -1 when out of memory. */
static int own_tables(sim_run *r) {
    const ncs_scene_desc *sc = r->sc;
    int i, nsides = 0;
    if (r->bodies)
        return 0;
    for (i = 0; i < sc->obst.npieces; i++)
        if (sc->obst.piece[i].side0 + sc->obst.piece[i].nside > nsides)
            nsides = sc->obst.piece[i].side0 + sc->obst.piece[i].nside;
    r->bodies = (ncs_body_desc *)malloc(sizeof *r->bodies * (size_t)sc->nbodies);
    r->sides = (ncs_side *)malloc(sizeof *r->sides * (size_t)(nsides + 1));
    r->corners = (ncs_corner *)malloc(sizeof *r->corners * (size_t)(sc->ncorners + 1));
    if (!r->bodies || !r->sides || !r->corners)
        return -1;
    memcpy(r->bodies, sc->body, sizeof *r->bodies * (size_t)sc->nbodies);
    if (nsides > 0)
        memcpy(r->sides, sc->obst.side, sizeof *r->sides * (size_t)nsides);
    if (sc->ncorners > 0)
        memcpy(r->corners, sc->corner, sizeof *r->corners * (size_t)sc->ncorners);
    r->desc = *sc;
    r->desc.body = r->bodies;
    r->desc.obst.side = r->sides;
    r->desc.corner = r->corners;
    return 0;
}

/* --set [BODY.]friction=MU: the friction of every obstacle and body, or of
 * one body (b >= 0; its pairs then have sqrt(MU mu_obstacle)). The sizes
 * and constants of the scene do not depend on friction as long as the
 * scene has friction rows, so the state stays valid: it steps a copy of
 * the scene's tables with the new coefficients (the memory laid out for
 * the scene is the same). Returns 0, or 2 after a message. */
static int set_friction(sim_run *r, int b, const char *spec, double mu) {
    const ncs_scene_desc *sc = r->sc;
    int i, j;
    if (!(mu >= 0) || mu > 1e150)
        return usage_error(r, "bad --set '%s': a friction coefficient is a number >= 0", spec);
    if (sc->nfric == 0 && mu > 0) {
        fprintf(stderr, "%s: bad --set '%s': scene '%s' was compiled without friction (every "
                        "coefficient 0, so its LCPs have no friction rows); give the scene a "
                        "friction > 0 to sweep it\n", r->prog, spec, sc->name ? sc->name : "?");
        return try_help(r);
    }
    if (own_tables(r) != 0) {
        fprintf(stderr, "%s: out of memory\n", r->prog);
        return 2;
    }
    for (i = 0; i < sc->nbodies; i++)
        if (b < 0 || i == b)
            r->bodies[i].mu = (ncs_real)mu;
    for (i = 0; b < 0 && i < sc->obst.npieces; i++)
        for (j = 0; j < sc->obst.piece[i].nside; j++)
            r->sides[sc->obst.piece[i].side0 + j].mu = (ncs_real)mu;
    for (i = 0; b < 0 && i < sc->ncorners; i++)
        r->corners[i].mu = (ncs_real)mu;
    /* the state was laid out for r->sc, whose sizes the copy shares: only
     * the scene it reads its coefficients from changes */
    r->w->sc = &r->desc;
    return 0;
}

/* --set [BODY.]restitution=E: the restitution of every body and of the
 * obstacles, or of one body (b >= 0; a pair takes the larger of its two).
 * Restitution is a velocity change after each solve that needs no memory
 * of its own beyond what every state has, so any scene takes it: the
 * state steps a copy of the tables, as for friction. Returns 0, or 2 after
 * a message. */
static int set_restitution(sim_run *r, int b, const char *spec, double e) {
    int i;
    if (!(e >= 0 && e <= 1))
        return usage_error(r, "bad --set '%s': a restitution is a number from 0 to 1", spec);
    if (own_tables(r) != 0) {
        fprintf(stderr, "%s: out of memory\n", r->prog);
        return 2;
    }
    for (i = 0; i < r->sc->nbodies; i++)
        if (b < 0 || i == b)
            r->bodies[i].e = (ncs_real)e;
    if (b < 0)
        r->desc.restitution = (ncs_real)e;
    r->w->sc = &r->desc;
    return 0;
}

/* --set BODY.FIELD=VALUE: changes the initial state in w; --set
 * [BODY.]friction=MU the friction, [BODY.]restitution=E the restitution.
 * Returns 0, or 2 after a usage message. */
static int set_state(sim_run *r, const char *spec) {
    const ncs_scene_desc *sc = r->sc;
    const char *dot = strchr(spec, '.'), *eq = strchr(spec, '='), *fld;
    size_t blen, flen;
    double xy[2];
    int b, k, c, vec;
    if (eq && (!dot || dot > eq) &&
        ((eq - spec == 8 && !strncmp(spec, "friction", 8)) ||
         (eq - spec == 11 && !strncmp(spec, "restitution", 11)))) {
        const char *s = eq + 1;
        if (parse_real(&s, &xy[0]) != 0 || *s)
            return usage_error(r, "bad --set '%s': expected a finite number after '='", spec);
        return *spec == 'f' ? set_friction(r, -1, spec, xy[0])
                            : set_restitution(r, -1, spec, xy[0]);
    }
    if (!dot || !eq || dot > eq || dot == spec)
        return usage_error(r, "bad --set '%s': expected BODY.FIELD=VALUE, e.g. %s.position=(0,1)",
                           spec, body_name(sc, 0));
    blen = (size_t)(dot - spec);
    fld = dot + 1;
    flen = (size_t)(eq - fld);
    for (b = 0; b < sc->nbodies; b++)
        if (strlen(body_name(sc, b)) == blen && !strncmp(body_name(sc, b), spec, blen))
            break;
    if (b == sc->nbodies) {
        fprintf(stderr, "%s: bad --set '%s': no body '%.*s' (bodies:", r->prog, spec, (int)blen,
                spec);
        for (k = 0; k < sc->nbodies; k++)
            fprintf(stderr, "%s %s", k ? "," : "", body_name(sc, k));
        fprintf(stderr, ")\n");
        return try_help(r);
    }
    if (set_field(fld, flen, &c, &vec) != 0) {
        char names[160];
        return usage_error(r, "bad --set '%s': unknown field '%.*s' (%s)", spec, (int)flen, fld,
                           set_field_names(names, sizeof names));
    }
    if (vec) {
        if (parse_vec(eq + 1, xy) != 0)
            return usage_error(r, "bad --set '%s': expected a vector (X,Y) of finite numbers "
                                  "after '='", spec);
    } else {
        const char *s = eq + 1;
        if (parse_real(&s, &xy[0]) != 0 || *s)
            return usage_error(r, "bad --set '%s': expected a finite number after '='", spec);
    }
    if (c == SET_FRICTION)
        return set_friction(r, b, spec, xy[0]);
    if (c == SET_RESTITUTION)
        return set_restitution(r, b, spec, xy[0]);
    for (k = 0; k <= vec; k++)
        if (!(fabs(xy[k]) <= (double)NCS_STATE_MAX))
            return usage_error(r, "bad --set '%s': a coordinate of a state is at most "
                                  STATE_MAX_TEXT " in magnitude", spec);
    for (k = 0; k <= vec; k++) {
        int j = c + k;
        if (j < 3)
            r->w->mem.q[b][j] = (ncs_real)xy[k];
        else
            r->w->mem.v[b][j - 3] = (ncs_real)xy[k];
    }
    return 0;
}

/* ---- output files ---------------------------------------------------------- */

/* Creates directory `dir` and its missing parents (--dump-lcp). Returns 0,
 * or -1 after saying why on stderr. */
static int make_dirs(const char *prog, const char *dir) {
    char path[4096];
    size_t i, n = strlen(dir);
    if (n == 0 || n >= sizeof path) {
        fprintf(stderr, "%s: bad --dump-lcp directory '%s'\n", prog, dir);
        return -1;
    }
    memcpy(path, dir, n + 1);
    for (i = 1; i <= n; i++)
        if (path[i] == '/' || path[i] == '\0') {
            char c = path[i];
            path[i] = '\0';
            if (MAKE_DIR(path) != 0 && errno != EEXIST) {
                fprintf(stderr, "%s: cannot create '%s': %s\n", prog, path, strerror(errno));
                return -1;
            }
            path[i] = c;
        }
#if SIM_POSIX
    {
        struct stat st;
        if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode)) {
            fprintf(stderr, "%s: cannot write into '%s': %s\n", prog, dir, strerror(ENOTDIR));
            return -1;
        }
    }
#endif
    if (!DIR_WRITABLE(dir)) {
        fprintf(stderr, "%s: cannot write into '%s': %s\n", prog, dir, strerror(errno));
        return -1;
    }
    return 0;
}

/* Keeps descriptors 0, 1 and 2 taken (by /dev/null where one is closed),
 * so that no output file gets one of them and is written to as standard
 * output. Returns 1 when standard output was closed, else 0. */
static int hold_std_fds(void) {
    int closed = 0;
#if SIM_POSIX
    int fd;
    for (fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) == -1) {
            int got = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
            if (got >= 0 && got != fd)
                close(got);
            closed |= fd == 1;
        }
#endif
    return closed;
}

/* The name an output is shown under. */
static const char *out_name(const out_file *o) {
    return strcmp(o->path, "-") ? o->path : "standard output";
}

/* Opens o for appending, which creates it without truncating it yet
 * ("-": standard output, which must be open). Returns 0, or -1 after
 * saying why. */
static int out_open(const char *prog, out_file *o, int stdout_closed) {
    int existed;
#if SIM_POSIX
    struct stat st;
#endif
    if (!o->path)
        return 0;
    if (!strcmp(o->path, "-")) {
        if (stdout_closed) {
            fprintf(stderr, "%s: %s -: standard output is closed\n", prog, o->option);
            return -1;
        }
        o->f = stdout;
        return 0;
    }
#if SIM_POSIX
    existed = stat(o->path, &st) == 0;
#else
    {
        FILE *probe = fopen(o->path, "r");
        existed = probe != NULL;
        if (probe)
            fclose(probe);
    }
#endif
    o->f = fopen(o->path, "a");
    if (!o->f) {
        fprintf(stderr, "%s: cannot write '%s': %s\n", prog, o->path, strerror(errno));
        return -1;
    }
    o->created = !existed;
    return 0;
}

/* Closes o; removes it if it was created here. */
static void out_drop(out_file *o) {
    if (o->f && o->f != stdout)
        fclose(o->f);
    o->f = NULL;
    if (o->created)
        remove(o->path);
    o->created = 0;
}

/* Notes o's first failed write (its errno). Returns 1 when o has failed. */
static int out_failed(out_file *o) {
    if (o->f && !o->err && ferror(o->f))
        o->err = errno ? errno : EIO;
    return o->err != 0;
}

/* Flushes and closes o after the run (standard output is only flushed).
 * Returns 0, or -1 when a write failed (o->err says why). */
static int out_close(out_file *o) {
    if (!o->f)
        return o->err ? -1 : 0;
    errno = 0;
    if (fflush(o->f) != 0 && !o->err)
        o->err = errno ? errno : EIO;
    out_failed(o);
    if (o->f != stdout && fclose(o->f) != 0 && !o->err)
        o->err = errno ? errno : EIO;
    o->f = NULL;
    return o->err ? -1 : 0;
}

/* Are outputs a and b one file: the same path, or (POSIX) the same regular
 * file under two names (both are open here; "-" is standard output)? */
static int out_same(const out_file *a, const out_file *b) {
#if SIM_POSIX
    struct stat sa, sb;
#endif
    if (!strcmp(a->path, b->path))
        return 1;
#if SIM_POSIX
    if (a->f && b->f && fstat(fileno(a->f), &sa) == 0 && fstat(fileno(b->f), &sb) == 0 &&
        S_ISREG(sa.st_mode) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino)
        return 1;
#endif
    return 0;
}

/* The outputs of r: --csv, --contacts and the writers'. Returns how many. */
static int outputs(sim_run *r, out_file **all) {
    int k, n = 0;
    all[n++] = &r->csv;
    all[n++] = &r->contacts;
    for (k = 0; k < NWRITERS; k++)
        all[n++] = &r->out[k];
    return n;
}

/* Every output, before the run: the --dump-lcp directory, then the files,
 * which are created first and truncated only once all of them could be
 * and no two of them are one file. Returns 0, or 2 after saying why
 * (files created here removed again). */
static int open_outputs(sim_run *r) {
    out_file *all[2 + NWRITERS];
    int k, j, n = outputs(r, all), closed = hold_std_fds(), bad = 0;
    for (k = 0; k < n && r->dump.dir; k++)
        if (all[k]->path && strcmp(all[k]->path, r->dump.dir) == 0) {
            usage_error(r, "--dump-lcp and %s both write '%s': give each output a file of its own",
                        all[k]->option, r->dump.dir);
            return 2;
        }
    if (r->dump.dir && make_dirs(r->prog, r->dump.dir) != 0)
        return 2;
    for (k = 0; k < n && !bad; k++)
        bad = out_open(r->prog, all[k], closed) != 0;
    for (k = 0; k < n && !bad; k++)
        for (j = k + 1; j < n && !bad && all[k]->path; j++)
            if (all[j]->path && out_same(all[k], all[j])) {
                usage_error(r, "%s and %s both write '%s': give each output a file of its own",
                            all[k]->option, all[j]->option, out_name(all[j]));
                bad = 1;
            }
    for (k = 0; k < n && !bad; k++)
        if (all[k]->f && all[k]->f != stdout &&
            !(all[k]->f = freopen(all[k]->path, "w", all[k]->f))) {
            fprintf(stderr, "%s: cannot write '%s': %s\n", r->prog, all[k]->path,
                    strerror(errno));
            bad = 1;
        }
    if (bad)
        for (k = 0; k < n; k++)
            out_drop(all[k]);
    return bad ? 2 : 0;
}

/* After the run: closes every output; when one failed to write (or
 * `failed`: an LCP dump did), says why and removes every file the run
 * created (all of them: the run's output is incomplete). Returns 0, or -1
 * when an output failed. */
static int close_outputs(sim_run *r, int failed) {
    out_file *all[2 + NWRITERS];
    int k, n = outputs(r, all), bad = failed;
    for (k = 0; k < n; k++)
        if (out_close(all[k]) != 0) {
            fprintf(stderr, "%s: cannot write %s '%s': %s\n", r->prog, all[k]->option,
                    out_name(all[k]), strerror(all[k]->err));
            bad = 1;
        }
    for (k = 0; k < n && bad; k++)
        if (all[k]->created) {
            fprintf(stderr, "%s: removed '%s' (%s)\n", r->prog, all[k]->path,
                    all[k]->err ? "written in part" : "the run's output is incomplete");
            out_drop(all[k]);
        }
    return bad ? -1 : 0;
}

/* ---- LCP dumps ---------------------------------------------------------------- */

static void dump_hook(void *ctx, long step, int body, const ncs_layout *L, int m,
                      const ncs_real *B, const ncs_real *b, const ncs_real *z, int st) {
    dump_ctx *d = (dump_ctx *)ctx;
    size_t at;
    int n, k;
    char num_s[32];
    if ((!d->dir && st == 0) || !B || !b)
        return;
    at = (size_t)snprintf(d->zline, d->zcap, "ncs-z: status=%d", st);
    for (k = 0; k < m && at + 40 < d->zcap; k++) {
        ncs_sim_shortest(num_s, sizeof num_s, (double)z[k]);
        at += (size_t)snprintf(d->zline + at, d->zcap - at, " %s", num_s);
    }
    if (d->nbodies == 1)
        n = snprintf(d->path, sizeof d->path, "%s/%s-%06ld.dat", d->dir ? d->dir : ".",
                     d->stem, step);
    else
        n = snprintf(d->path, sizeof d->path, "%s/%s-%06ld-b%d.dat", d->dir ? d->dir : ".",
                     d->stem, step, body);
    if (n < 0 || (size_t)n >= sizeof d->path ||
        ncs_lcp_write_dat(d->path, m, B, m, b, L, d->zline) != 0) {
        if (!d->failed)
            fprintf(stderr, "%s: cannot write '%s': %s\n", d->prog, d->path, strerror(errno));
        d->failed = 1;
    } else if (st != 0) {
        memcpy(d->fail_file, d->path, sizeof d->path);
    }
}

/* ---- expectations ------------------------------------------------------------- */

static void expect_fail(sim_run *r, int i, const char *fmt, ...) {
    exp_state *e = &r->ex[i];
    va_list ap;
    if (e->failed)
        return;
    e->failed = 1;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
}

/* Coordinate c of body b: x, y, theta, vx, vy, omega. */
static double coord(const ncs_world *w, int b, int c) {
    return c < 3 ? (double)w->mem.q[b][c] : (double)w->mem.v[b][c - 3];
}

/* Evaluates the expectations after step `step` (0: the initial state). */
static void check_state(sim_run *r, long step, int at_end) {
    const ncs_world *w = r->w;
    int i, b;
    for (i = 0; i < r->sim->nexpect; i++) {
        const ncs_expect_desc *e = &r->sim->expect[i];
        double x, y, tol = e->tol;
        if (e->kind <= NCS_EXPECT_BOUND) {
            if (!(e->step == NCS_EXPECT_EVERY || e->step == step ||
                  (at_end && e->step == NCS_EXPECT_END)))
                continue;
            r->ex[i].reached = 1;
        }
        if (r->ex[i].failed)
            continue;
        switch (e->kind) {
        case NCS_EXPECT_POSITION:
        case NCS_EXPECT_VELOCITY:
            x = coord(w, e->body, e->kind == NCS_EXPECT_POSITION ? 0 : 3);
            y = coord(w, e->body, e->kind == NCS_EXPECT_POSITION ? 1 : 4);
            if (!(fabs(x - e->value[0]) <= tol && fabs(y - e->value[1]) <= tol))
                expect_fail(r, i, "got (%s, %s) at step %ld", num(&r->nb, x), num(&r->nb, y),
                            step);
            break;
        case NCS_EXPECT_VALUE:
            x = coord(w, e->body, e->coord);
            if (!(fabs(x - e->value[0]) <= tol))
                expect_fail(r, i, "got %s at step %ld", num(&r->nb, x), step);
            break;
        case NCS_EXPECT_BOUND:
            x = coord(w, e->body, e->coord);
            if (!(e->op == NCS_EXPECT_LE ? x <= e->value[0] + tol : x >= e->value[0] - tol))
                expect_fail(r, i, "got %s at step %ld", num(&r->nb, x), step);
            break;
        case NCS_EXPECT_NO_PENETRATION:
            for (b = 0; b < r->sc->nbodies; b++) {
                x = (double)ncs_world_penetration(w, b);
                if (!(x <= tol)) {
                    expect_fail(r, i, "%s is %s deep at step %ld", body_name(r->sc, b),
                                num(&r->nb, x), step);
                    break;
                }
            }
            break;
        default: /* every step solved: settled at the end */
            break;
        }
    }
}

/* After the run (`failed`: the step that failed, 0 when none): what was
 * never reached fails, then every failure is reported in source order.
 * Returns the number of failed expectations. */
static int report_expectations(sim_run *r, long failed) {
    const ncs_sim_desc *sim = r->sim;
    int i, j, n = 0, *order;
    for (i = 0; i < sim->nexpect; i++) {
        const ncs_expect_desc *e = &sim->expect[i];
        if (e->kind == NCS_EXPECT_ALL_SOLVED && failed > 0)
            expect_fail(r, i, "step %ld was not solved", failed);
        else if (e->kind <= NCS_EXPECT_BOUND && e->step != NCS_EXPECT_EVERY && !r->ex[i].reached)
            expect_fail(r, i, "not reached: the run ended after step %ld", r->w->step);
        n += r->ex[i].failed;
    }
    order = (int *)malloc(sizeof(int) * ((size_t)sim->nexpect + 1));
    for (i = 0; i < sim->nexpect; i++) {
        /* insertion sort by (line, col); stable, and the lists are short */
        const ncs_expect_desc *e = &sim->expect[i];
        if (!order)
            break;
        for (j = i; j > 0; j--) {
            const ncs_expect_desc *p = &sim->expect[order[j - 1]];
            if (p->line < e->line || (p->line == e->line && p->col <= e->col))
                break;
            order[j] = order[j - 1];
        }
        order[j] = i;
    }
    for (j = 0; j < sim->nexpect; j++) {
        const ncs_expect_desc *e = &sim->expect[order ? order[j] : j];
        const exp_state *st = &r->ex[order ? order[j] : j];
        if (!st->failed)
            continue;
        if (e->col > 0)
            fprintf(stderr, "%s:%d:%d: expectation failed: %s: %s\n", sim->file, e->line, e->col,
                    e->text ? e->text : "", st->msg);
        else
            fprintf(stderr, "%s:%d: expectation failed: %s: %s\n", sim->file, e->line,
                    e->text ? e->text : "", st->msg);
    }
    free(order);
    return n;
}

/* ---- CSV --------------------------------------------------------------------- */

/* One row per body after step `step`: the body's solver status in the step
 * ("none" when no LCP was solved: no contact near, or step 0), its pivots
 * and LCP size, and the LCP solves of its island. */
static void csv_rows(sim_run *r, long step) {
    const ncs_world *w = r->w;
    int b, c;
    for (b = 0; b < r->sc->nbodies; b++) {
        ncs_step_info in = ncs_world_body_info(w, b);
        char t[32];
        if (step == 0 || in.m <= 0)
            in.m = in.pivots = in.iters = 0;
        ncs_sim_shortest(t, sizeof t, (double)step * (double)r->sc->h);
        fprintf(r->csv.f, "%ld,%s,%s", step, t, body_name(r->sc, b));
        for (c = 0; c < 6; c++) {
            ncs_sim_shortest(t, sizeof t, coord(w, b, c));
            fprintf(r->csv.f, ",%s", t);
        }
        fprintf(r->csv.f, ",%s,%d,%d,%d\n",
                in.m > 0 ? ncs_lcp_status_name(in.lcp_status) : "none", in.pivots, in.m,
                in.iters);
    }
}

/* The contacts of step `step` (ncs_world_set_contact_log), one row each. */
static void contact_rows(sim_run *r, long step) {
    int n = ncs_world_contact_count(r->w), i, c;
    char t[32];
    if (n > r->log_cap && !r->log_warned) {
        fprintf(stderr, "%s: warning: step %ld had %d contacts; --contacts lists the first %d\n",
                r->prog, step, n, r->log_cap);
        r->log_warned = 1;
    }
    ncs_sim_shortest(t, sizeof t, (double)step * (double)r->sc->h);
    for (i = 0; i < n && i < r->log_cap; i++) {
        const ncs_contact_report *R = &r->log[i];
        const double v[] = {R->x, R->y, R->nx, R->ny, R->pn, R->pt, R->fn, R->ft};
        fprintf(r->contacts.f, "%ld,%s,%s,%s", step, t, body_name(r->sc, R->body),
                R->other >= 0 ? body_name(r->sc, R->other) : "");
        for (c = 0; c < 8; c++)
            fprintf(r->contacts.f, ",%s", c >= 6 && !R->resting ? "" : num(&r->nb, v[c]));
        fputc('\n', r->contacts.f);
    }
}

/* ---- the trajectory ---------------------------------------------------------- */

/* Grows *p (elements of `size` bytes) to `cap` elements. Returns 0, or -1
 * (*p unchanged). */
static int grow(void **p, long cap, size_t size) {
    void *n;
    if ((size_t)cap > (size_t)-1 / size / 4)
        return -1;
    n = realloc(*p, (size_t)cap * size);
    if (!n)
        return -1;
    *p = n;
    return 0;
}

/* Is the state after step `step` one the trajectory keeps: step 0, every
 * stride-th step and the run's last (at most NCS_TRAJ_MAX_FRAMES). */
static int kept(const sim_run *r, long step) {
    return r->recording && (step % r->traj.stride == 0 || step == r->steps);
}

/* Appends a record of the state after step `step`: every body's
 * configuration and, for a replay (--html), the velocities, the statistics
 * and the contacts of the step just taken. Returns 0, or -1 when out of
 * memory (recording then stops: what is drawn from it is not written). */
static int record(sim_run *r, long step) {
    ncs_sim_traj *t = &r->traj;
    const ncs_world *w = r->w;
    size_t per = 3 * (size_t)t->nbodies;
    long k = t->nrec, i;
    int b, c;
    if (!r->recording)
        return 0;
    if (k + 1 >= t->cap) {
        long cap = t->cap < 256 ? 256 : 2 * t->cap;
        if (cap > NCS_TRAJ_MAX_FRAMES)
            cap = NCS_TRAJ_MAX_FRAMES;
        if (cap <= k || grow((void **)&t->q, cap, sizeof *t->q * per) != 0 ||
            grow((void **)&t->step, cap, sizeof *t->step) != 0 ||
            (t->frames && (grow((void **)&t->fv, cap, sizeof *t->fv * per) != 0 ||
                           grow((void **)&t->fstat, cap, sizeof *t->fstat * NCS_TRAJ_NSTAT) != 0 ||
                           grow((void **)&t->fcon, cap + 1, sizeof *t->fcon) != 0)))
            goto lost;
        t->cap = cap;
    }
    if (t->frames && t->ncon + r->npend > t->ccap) {
        long cap = t->ccap < 1024 ? 1024 : 2 * t->ccap;
        while (cap < t->ncon + r->npend)
            cap *= 2;
        if (grow((void **)&t->con, cap, sizeof *t->con) != 0)
            goto lost;
        t->ccap = cap;
    }
    t->step[k] = step;
    for (b = 0; b < t->nbodies; b++)
        for (c = 0; c < 3; c++) {
            t->q[(size_t)k * per + 3 * (size_t)b + (size_t)c] = (double)w->mem.q[b][c];
            if (t->frames)
                t->fv[(size_t)k * per + 3 * (size_t)b + (size_t)c] = (double)w->mem.v[b][c];
        }
    if (t->frames) {
        t->fstat[k * NCS_TRAJ_NSTAT + NCS_TRAJ_ENERGY] = (double)ncs_world_energy(w);
        t->fstat[k * NCS_TRAJ_NSTAT + NCS_TRAJ_DEPTH] = ncs_view_depth(w);
        t->fstat[k * NCS_TRAJ_NSTAT + NCS_TRAJ_M] = step > 0 ? (double)w->last.m : 0;
        t->fstat[k * NCS_TRAJ_NSTAT + NCS_TRAJ_PIVOTS] = step > 0 ? (double)w->last.pivots : 0;
        if (k == 0)
            t->fcon[0] = 0;
        for (i = 0; i < r->npend; i++)
            t->con[t->ncon++] = r->pend[i];
        t->fcon[k + 1] = t->ncon;
    }
    t->nrec++;
    return 0;
lost:
    fprintf(stderr, "%s: no memory to record the run beyond step %ld: what is drawn from it "
                    "is not written\n", r->prog, k > 0 ? t->step[k - 1] : 0);
    r->recording = 0;
    t->lost = 1;
    return -1;
}

/* The LCP observer: LCP dumps (dump_hook), and for the replay the contacts
 * of every island's last solve in this step. */
static void sim_hook(void *ctx, long step, int body, const ncs_layout *L, int m,
                     const ncs_real *B, const ncs_real *b, const ncs_real *z, int st) {
    sim_run *r = (sim_run *)ctx;
    dump_hook(&r->dump, step, body, L, m, B, b, z, st);
    if (r->traj.frames && r->pend)
        r->npend = ncs_view_collect(r->pend, r->pend_root, r->npend, r->pend_cap, r->w, body, L,
                                    z, st);
}

/* ---- the progress bar ---------------------------------------------------------- */

/* Seconds on a monotonic clock (processor time where there is none). */
static double now(void) {
#if defined(CLOCK_MONOTONIC)
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) == 0)
        return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
#endif
    return (double)clock() / CLOCKS_PER_SEC;
}

/* The bar is decided on after DECIDE seconds: shown when the whole run
 * would take more than LONG seconds; redrawn every REDRAW seconds. */
#define BAR_DECIDE 0.4
#define BAR_LONG 2.0
#define BAR_REDRAW 0.1

static void progress_init(progress *p, const char *name, long steps, int quiet) {
    const char *env = getenv("NCS_PROGRESS");
    int always = env && !strcmp(env, "always");
    memset(p, 0, sizeof *p);
    p->name = name;
    p->steps = steps;
    p->on = !quiet && steps > 0 && (always || IS_TTY(stderr)) && !(env && !strcmp(env, "never"));
    p->decided = p->shown = p->on && always;
    p->t0 = now();
}

/* m:ss or h:mm:ss. */
static void clock_text(char *s, size_t n, double sec) {
    long t = sec > 0 && sec < 1e9 ? (long)(sec + 0.5) : 0;
    if (t >= 3600)
        snprintf(s, n, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(s, n, "%ld:%02ld", t / 60, t % 60);
}

static void progress_draw(progress *p, long n, double t) {
    char bar[41], rate[32], eta[32], line[256];
    double el = t - p->t0, sps = el > 0 ? (double)n / el : 0;
    int i, len, fill = (int)(40.0 * (double)n / (double)p->steps);
    for (i = 0; i < 40; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[40] = '\0';
    snprintf(rate, sizeof rate, sps >= 10 ? "%.0f" : "%.2f", sps);
    clock_text(eta, sizeof eta, n < p->steps && sps > 0 ? (double)(p->steps - n) / sps : el);
    len = snprintf(line, sizeof line, "%s [%s] %3d%% step %ld/%ld, %s steps/s, %s %s", p->name,
                   bar, (int)(100.0 * (double)n / (double)p->steps), n, p->steps, rate,
                   n < p->steps ? "ETA" : "took", eta);
    fprintf(stderr, "\r%s%*s", line, p->width > len ? p->width - len : 0, "");
    p->width = len;
    p->drawn = t;
    if (n == p->steps)
        fputc('\n', stderr);
}

/* After step n. */
static void progress_step(progress *p, long n) {
    double t;
    if (!p->on)
        return;
    t = now();
    if (!p->decided && t - p->t0 >= BAR_DECIDE) {
        p->decided = 1;
        p->shown = (t - p->t0) * (double)p->steps / (double)n > BAR_LONG;
    }
    if (p->shown && (n == p->steps || t - p->drawn >= BAR_REDRAW))
        progress_draw(p, n, t);
}

/* Ends the bar's line before a message when the run stops early. */
static void progress_break(progress *p) {
    if (p->shown && p->width > 0)
        fputc('\n', stderr);
    p->shown = 0;
}

/* ---- the run ------------------------------------------------------------------ */

/* Parses the options into r and applies --set to the state. Returns -1 to
 * go on, or an exit status (0 after --help). */
static int parse(sim_run *r, int argc, char **argv) {
    int i, rc = 2;
    for (i = 1; i < argc; i++) {
        const char *v;
        int id = option_of(r, argc, argv, &i, &v, &rc);
        switch (id) {
        case -1:
            return rc;
        case O_STEPS:
            if (ncs_sim_parse_long(v, 0, 1000000000000L, &r->steps) != 0)
                return usage_error(r, "bad --steps value '%s' (a whole number >= 0 in decimal "
                                      "digits only)", v);
            break;
        case O_CSV:
            r->csv.path = v;
            break;
        case O_CONTACTS:
            r->contacts.path = v;
            break;
        case O_DUMP:
            r->dump.dir = v;
            break;
        case O_SET:
            if (set_state(r, v) != 0)
                return 2;
            r->nset++;
            break;
        case O_CHECK:
            r->check = 1;
            break;
        case O_NO_CHECK:
            r->check = 0;
            break;
        case O_QUIET:
            r->quiet = 1;
            break;
        case O_FIX:
            if (ncs_sim_parse_long(v, 1, 1000, &r->fix_iters) != 0)
                return usage_error(r, "bad --fixpoint value '%s' (1 to 1000 in decimal digits "
                                      "only)", v);
            break;
        case O_FIX_TOL: {
            const char *s = v;
            if (parse_real(&s, &r->fix_tol) != 0 || *s || !(r->fix_tol >= 0))
                return usage_error(r, "bad --fixpoint-tol value '%s' (a number >= 0)", v);
            break;
        }
        case O_HELP:
            usage(r, stdout);
            return 0;
        case O_INPUT:
            r->input_path = v;
            break;
        default:
            if (!strcmp(v, "-"))
                return usage_error(r, "%s cannot write to standard output",
                                   writers[id - O_WRITER].option);
            r->out[id - O_WRITER].path = v;
            break;
        }
    }
    return -1;
}

/* Says why step n failed. */
static void report_step(const sim_run *r, long n, int status) {
    const ncs_step_info *in = &r->w->last;
    const char *what = status == NCS_STEP_CAPACITY    ? "capacity exceeded"
                       : status == NCS_STEP_LCP_FAILED ? "LCP not solved"
                       : status == NCS_STEP_INADMISSIBLE
                           ? "the end state would leave a body inside solid matter or beyond "
                             "the contacts considered"
                       : status == NCS_STEP_OVERFLOW
                           ? "state overflow: the end state would hold a coordinate that is "
                             "not finite or beyond " STATE_MAX_TEXT " in magnitude"
                           : "unknown status";
    int body = in->body >= 0 && in->body < r->sc->nbodies;
    fprintf(stderr, "%s: step %ld failed: %s", r->sim->file, n, what);
    if (body)
        fprintf(stderr, " (body %s", body_name(r->sc, in->body));
    if (status == NCS_STEP_LCP_FAILED)
        fprintf(stderr, "%ssolver status %s", body ? ", " : " (",
                ncs_lcp_status_name(in->lcp_status));
    if (body || status == NCS_STEP_LCP_FAILED)
        fputc(')', stderr);
    if (status == NCS_STEP_LCP_FAILED && r->dump.fail_file[0])
        fprintf(stderr, "; its LCP was written to %s", r->dump.fail_file);
    fputc('\n', stderr);
}

/* Warns when --set left a body inside solid matter. */
static void warn_overlaps(sim_run *r) {
    int b;
    for (b = 0; b < r->sc->nbodies; b++) {
        double d = (double)ncs_world_penetration(r->w, b);
        if (d > (double)r->sc->admit_tol)
            fprintf(stderr, "%s: warning: %s starts %s deep inside solid matter\n", r->prog,
                    body_name(r->sc, b), num(&r->nb, d));
    }
}

/* Sets up the outputs, runs, reports. Returns the exit status. */
static int run(sim_run *r) {
    const ncs_scene_desc *sc = r->sc;
    ncs_world *w = r->w;
    long n, contact_steps = 0, solves = 0, failed = 0;
    int b, k, status = NCS_STEP_OK, most = 0, io = 0, nfail = 0;
    if ((b = ncs_world_overflow(w)) >= 0) {
        fprintf(stderr, "%s: %s starts with a coordinate that is not finite or beyond "
                        STATE_MAX_TEXT " in magnitude: nothing simulated\n", r->prog,
                body_name(sc, b));
        return 2;
    }
    if (r->nset > 0)
        warn_overlaps(r);
    ncs_world_set_fixpoint(w, r->fix_iters > 0 ? (int)r->fix_iters : w->fix_iters,
                           r->fix_tol >= 0 ? (ncs_real)r->fix_tol : w->fix_tol);
    if (open_outputs(r) != 0)
        return 2;
    r->dump.prog = r->prog;
    r->dump.nbodies = sc->nbodies;
    r->dump.zcap = 26 * (size_t)(sc->max_m > 0 ? sc->max_m : 1) + 64;
    r->dump.zline = (char *)malloc(r->dump.zcap);
    r->dump.lcp = (ncs_real *)malloc(sizeof(ncs_real) * NCS_WORLD_HOOK_REALS(sc->max_m));
    r->traj.nbodies = sc->nbodies;
    for (k = 0; k < NWRITERS; k++) {
        r->recording |= r->out[k].f != NULL;
        r->traj.frames |= r->out[k].f != NULL && writers[k].frames;
    }
    /* at most NCS_TRAJ_MAX_FRAMES records: steps 0, stride, 2 stride, ...
     * (steps / stride + 1 of them) and the last */
    r->traj.stride = r->steps / (NCS_TRAJ_MAX_FRAMES - 2) + 1;
    if (r->traj.frames) {
        r->pend_cap = sc->max_contacts * sc->nbodies;
        r->pend = (ncs_view_contact *)malloc(sizeof *r->pend * (size_t)r->pend_cap);
        r->pend_root = (int *)malloc(sizeof *r->pend_root * (size_t)r->pend_cap);
        if (!r->pend || !r->pend_root)
            r->pend_cap = 0;
    }
    if (!r->dump.zline || !r->dump.lcp) {
        fprintf(stderr, "%s: out of memory\n", r->prog);
        return 2;
    }
    if (r->dump.dir)
        snprintf(r->dump.stem, sizeof r->dump.stem, "step");
    else
        snprintf(r->dump.stem, sizeof r->dump.stem, "%s-fail-step", r->prefix);
    ncs_world_set_hook_buffer(w, r->dump.lcp, NCS_WORLD_HOOK_REALS(sc->max_m));
    ncs_world_set_hook(w, sim_hook, r);
    if (record(r, 0) != 0)
        io = 1;
    if (r->csv.f) {
        fprintf(r->csv.f, "step,t,body,x,y,theta,vx,vy,omega,status,pivots,m,solves\n");
        csv_rows(r, 0);
    }
    if (r->contacts.f) {
        r->log_cap = 4 * sc->max_srefs + 16;
        r->log = (ncs_contact_report *)calloc((size_t)r->log_cap, sizeof *r->log);
        if (!r->log) {
            fprintf(stderr, "%s: out of memory\n", r->prog);
            return 2;
        }
        ncs_world_set_contact_log(w, r->log, r->log_cap);
        fprintf(r->contacts.f, "step,t,body,other,x,y,nx,ny,pn,pt,fn,ft\n");
    }
    if (r->check)
        check_state(r, 0, r->steps == 0);
    progress_init(&r->bar, sc->name ? sc->name : r->prefix, r->steps, r->quiet);
    for (n = 1; n <= r->steps; n++) {
        r->dump.fail_file[0] = '\0';
        r->npend = 0;
        if (r->input_path && ncs_sim_input_apply(&r->input, w, n - 1) != 0) {
            fprintf(stderr, "%s: %s: a force could not be set before step %ld\n", r->prog,
                    r->input_path, n);
            status = NCS_STEP_OVERFLOW;
            failed = n;
            break;
        }
        status = ncs_world_step(w);
        if (status != NCS_STEP_OK) {
            progress_break(&r->bar);
            report_step(r, n, status);
            failed = n;
            break;
        }
        if (r->dump.fail_file[0] && !r->dump.dir)
            remove(r->dump.fail_file); /* a failed fixpoint iterate; the step solved */
        k = w->last.m > 0 ? w->last.iters : 0;
        contact_steps += k > 0;
        solves += k;
        most = k > most ? k : most;
        if (kept(r, n) && record(r, n) != 0)
            io = 1;
        if (r->csv.f)
            csv_rows(r, n);
        if (r->contacts.f)
            contact_rows(r, n);
        if (io || out_failed(&r->csv) || out_failed(&r->contacts) || r->dump.failed) {
            progress_break(&r->bar);
            io = 1; /* a write failed: the rest of the run is lost anyway */
            break;
        }
        if (r->check)
            check_state(r, n, n == r->steps);
        progress_step(&r->bar, n);
    }
    /* a run that stopped early ends the replay with the state it kept and
     * the contacts of the step that failed */
    if (r->traj.nrec > 0 && r->traj.step[r->traj.nrec - 1] != w->step && record(r, w->step) != 0)
        io = 1;
    ncs_world_set_hook(w, NULL, NULL);
    ncs_world_set_hook_buffer(w, NULL, 0);
    ncs_world_set_contact_log(w, NULL, 0);
    r->traj.failed_step = failed;
    for (k = 0; k < NWRITERS && !io; k++) {
        if (!r->out[k].f)
            continue;
        if (!r->recording) {
            out_drop(&r->out[k]);
            continue;
        }
        /* a writer fails only when writing does: out_failed says so */
        writers[k].write(r->out[k].f, r->sim, &r->traj);
        out_failed(&r->out[k]);
    }
    io |= r->dump.failed;
    if (close_outputs(r, io) != 0)
        io = 1;
    if (r->check && !io)
        nfail = report_expectations(r, failed);
    if (!r->quiet) {
        fprintf(stderr, "%s: %ld steps (%ld with contacts; LCP solves per such step: mean %.3f, "
                        "max %d)", sc->name ? sc->name : r->prefix, w->step, contact_steps,
                contact_steps > 0 ? (double)solves / (double)contact_steps : 0.0, most);
        for (b = 0; b < sc->nbodies; b++)
            fprintf(stderr, "; %s at (%s, %s)", body_name(sc, b), num(&r->nb, coord(w, b, 0)),
                    num(&r->nb, coord(w, b, 1)));
        if (io)
            fprintf(stderr, "; writing an output FAILED");
        else if (r->check && r->sim->nexpect > 0)
            fprintf(stderr, "; expectations %s", nfail ? "FAILED" : "passed");
        fputc('\n', stderr);
    }
    return io ? 3 : failed || nfail ? 1 : 0;
}

int ncs_sim_main(const ncs_sim_desc *sim, ncs_world *w, int argc, char **argv) {
    const ncs_scene_desc *scene;
    sim_run r;
    int rc, k;
    memset(&r, 0, sizeof r);
    r.sim = sim;
    r.sc = sim->scene;
    r.w = w;
    r.prefix = sim->prefix ? sim->prefix : sim->scene->name ? sim->scene->name : "ncs";
    r.prog = argc > 0 && argv[0] && argv[0][0] ? argv[0] : r.prefix;
    r.steps = sim->scene->steps;
    r.check = 1;
    r.fix_tol = -1;
    r.csv.option = "--csv";
    r.contacts.option = "--contacts";
    for (k = 0; k < NWRITERS; k++)
        r.out[k].option = writers[k].option;
    scene = w->sc;
    rc = parse(&r, argc, argv);
    if (rc < 0 && sim->nexpect > 0 &&
        !(r.ex = (exp_state *)calloc((size_t)sim->nexpect, sizeof *r.ex))) {
        fprintf(stderr, "%s: out of memory\n", r.prog);
        rc = 2;
    }
    if (rc < 0 && r.input_path && ncs_sim_input_load(&r.input, r.input_path, r.sc) != 0)
        rc = 2;
    if (rc < 0)
        rc = run(&r);
    ncs_sim_input_free(&r.input);
    w->sc = scene; /* --set friction stepped a copy that ends here */
    free(r.ex);
    free(r.dump.zline);
    free(r.dump.lcp);
    free(r.traj.q);
    free(r.traj.step);
    free(r.traj.fv);
    free(r.traj.fstat);
    free(r.traj.fcon);
    free(r.traj.con);
    free(r.pend);
    free(r.pend_root);
    free(r.bodies);
    free(r.sides);
    free(r.corners);
    free(r.log);
    return rc;
}
