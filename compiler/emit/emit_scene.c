/* emit_scene.c - emission: the generated files: a scene as data for the runtime's step
 * engine (ncs/world.h) and simulator (ncs/sim.h).
 *
 *   <prefix>.h       sizes, body indices, the state type and its API
 *   <prefix>.c       the scene descriptor: const tables of pieces, sides,
 *                    bodies, constants; the simulator's expectations and
 *                    drawing (host target)
 *   <prefix>_main.c  a few lines that run ncs_sim_main (host; the firmware
 *                    target's printing example is in emit_copy.c)
 *
 * Every value comes from the plan (plan.c); nothing here decides anything.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "emit_scene.h"

/* Appends `s` as the inside of a C string literal. */
static void str_lit(ncs_buf *o, const char *s) {
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            ncs_buf_printf(o, "\\%c", c);
        else if (c < 32 || c > 126)
            ncs_buf_printf(o, "\\%03o", c);
        else if (c == '?')
            ncs_buf_printf(o, "\\?"); /* no trigraphs */
        else
            ncs_buf_printf(o, "%c", c);
    }
}

static const char *coord_name(int c) {
    return ncs_enum_name_of(ncs_coords, NCS_NCOORDS, c);
}

void ncs_expect_text(const ncs_scene *s, const ncs_expect *x, char *out, size_t n) {
    char when[64], a[32], b[32], t[32];
    const char *bn = x->body >= 0 ? s->bodies[x->body].name : "";
    if (x->step == NCS_EXPECT_END)
        snprintf(when, sizeof when, " at end");
    else if (x->step == NCS_EXPECT_EVERY)
        snprintf(when, sizeof when, " at every step");
    else
        snprintf(when, sizeof when, " at step %d", x->step);
    ncs_buf_shortest(t, sizeof t, x->tol);
    switch (x->kind) {
    case NCS_EXPECT_POSITION:
    case NCS_EXPECT_VELOCITY:
        ncs_buf_shortest(a, sizeof a, x->value.x);
        ncs_buf_shortest(b, sizeof b, x->value.y);
        snprintf(out, n, "%s.%s%s == (%s, %s) within %s", bn,
                 ncs_expect_kinds[x->kind].name, when, a, b, t);
        break;
    case NCS_EXPECT_VALUE:
        ncs_buf_shortest(a, sizeof a, x->scalar);
        snprintf(out, n, "%s.%s%s == %s within %s", bn, coord_name(x->coord), when, a, t);
        break;
    case NCS_EXPECT_BOUND:
        ncs_buf_shortest(a, sizeof a, x->scalar);
        snprintf(out, n, "%s.%s %s %s%s (slack %s)", bn, coord_name(x->coord),
                 ncs_cmps[x->op == NCS_EXPECT_LE ? NCS_EXPECT_LE : NCS_EXPECT_GE].name, a, when, t);
        break;
    case NCS_EXPECT_NO_PENETRATION:
        snprintf(out, n, "no penetration within %s", t);
        break;
    default:
        snprintf(out, n, "every step solved");
        break;
    }
}

/* Writes a real literal: double text on the host, a float literal when the
 * target computes in float (its shortest text, with an f). */
static void real_lit(ncs_buf *o, int real_float, double v) {
    char tmp[64];
    if (!isfinite(v)) {
        o->nonfinite = 1;
        v = 0;
    }
    if (v == 0)
        v = 0;
    if (real_float) {
        float f = (float)v;
        int prec;
        if (!isfinite(f)) {
            o->nonfinite = 1;
            f = 0;
        }
        for (prec = 1; prec <= 9; prec++) {
            snprintf(tmp, sizeof tmp, "%.*g", prec, (double)f);
            if ((float)strtod(tmp, NULL) == f)
                break;
        }
        if (!strpbrk(tmp, ".eEn"))
            strcat(tmp, ".0");
        ncs_buf_printf(o, f < 0 ? "(%sf)" : "%sf", tmp);
        return;
    }
    ncs_buf_num(o, v);
}

/* A table of n ints: `static const <type> <prefix>_<name>[] = {...};`. */
static void int_table(ncs_buf *o, const emit_ctx *e, const char *name, const int *v, int n,
                      const char *type, const char *what) {
    int i;
    ncs_buf_printf(o, "/* %s */\nstatic const %s %s_%s[] = {", what, type, e->p->prefix, name);
    for (i = 0; i < (n > 0 ? n : 1); i++)
        ncs_buf_printf(o, "%s%d%s", i % 12 == 0 ? "\n    " : " ", n > 0 ? v[i] : 0,
                       i + 1 < n ? "," : "");
    ncs_buf_printf(o, "\n};\n");
}

/* The rows of a vertex table (its opening line written by the caller):
 * {x, y} literals, four to a line, then the closing brace. */
static void vertex_rows(ncs_buf *o, const emit_ctx *e, int n, const double *vx, const double *vy) {
    int i;
    for (i = 0; i < n; i++) {
        ncs_buf_printf(o, "%s{", i % 4 == 0 ? "\n    " : " ");
        real_lit(o, e->real_float, vx[i]);
        ncs_buf_printf(o, ", ");
        real_lit(o, e->real_float, vy[i]);
        ncs_buf_printf(o, "}%s", i + 1 < n ? "," : "");
    }
    ncs_buf_printf(o, "\n};\n");
}

/* The pieces of table t as three const tables <prefix>_<stem>_pieces,
 * _sides and _verts (one row each, with what the row is in a comment at
 * its head); nothing when the table is empty. */
static void pieces_tables(ncs_buf *o, const emit_ctx *e, const ncs_ptab *t, const char *stem,
                          const char *what) {
    const char *p = e->p->prefix;
    int k, j;
    if (t->npieces == 0)
        return;
    ncs_buf_printf(o, "\n/* %s: per piece its sides, its vertices (none: an explicit group)\n"
                      " * and a circle holding it (radius < 0: unbounded) */\n"
                      "static const ncs_piece %s_%s_pieces[] = {\n", what, p, stem);
    for (k = 0; k < t->npieces; k++) {
        ncs_buf_printf(o, "    {%d, %d, %d, %d, ", t->first[k], t->first[k + 1] - t->first[k],
                       t->vfirst[k], t->vfirst[k + 1] - t->vfirst[k]);
        real_lit(o, e->real_float, t->cx[k]);
        ncs_buf_printf(o, ", ");
        real_lit(o, e->real_float, t->cy[k]);
        ncs_buf_printf(o, ", ");
        real_lit(o, e->real_float, t->rad[k]);
        ncs_buf_printf(o, "}%s\n", k + 1 < t->npieces ? "," : "");
    }
    ncs_buf_printf(o, "};\n/* sides: unit normal, n.p on the true line, overlap, friction, internal */\n"
                      "static const ncs_side %s_%s_sides[] = {\n", p, stem);
    for (j = 0; j < t->nsides; j++) {
        const double v[5] = {t->nx[j], t->ny[j], t->off[j], t->grow[j], t->mu[j]};
        int i;
        ncs_buf_printf(o, "    {");
        for (i = 0; i < 5; i++) {
            real_lit(o, e->real_float, v[i]);
            ncs_buf_printf(o, ", ");
        }
        ncs_buf_printf(o, "%d}%s\n", t->internal[j], j + 1 < t->nsides ? "," : "");
    }
    ncs_buf_printf(o, "};\n");
    if (t->nverts > 0) {
        ncs_buf_printf(o, "static const ncs_vertex %s_%s_verts[] = {", p, stem);
        vertex_rows(o, e, t->nverts, t->vx, t->vy);
    }
}

/* The ncs_pieces initializer of table t (NULLs when it is empty). */
static void pieces_init(ncs_buf *o, const emit_ctx *e, const ncs_ptab *t, const char *stem) {
    const char *p = e->p->prefix;
    if (t->npieces == 0) {
        ncs_buf_printf(o, "    {0, NULL, NULL, NULL},\n");
        return;
    }
    ncs_buf_printf(o, "    {%d, %s_%s_pieces, %s_%s_sides, ", t->npieces, p, stem, p, stem);
    if (t->nverts > 0)
        ncs_buf_printf(o, "%s_%s_verts},\n", p, stem);
    else
        ncs_buf_printf(o, "NULL},\n");
}

/* Upper-case form of a body name for its index macro. */
static void upper_name(char *out, size_t n, const char *name) {
    size_t i;
    for (i = 0; i + 1 < n && name[i]; i++)
        out[i] = (char)(name[i] >= 'a' && name[i] <= 'z' ? name[i] - 'a' + 'A' : name[i]);
    out[i] = '\0';
}

const char *ncs_emit_form_macro(int form) {
    const ncs_form_info *f = ncs_form_info_of(form);
    return f ? f->macro : ncs_forms[NCS_FORM_DIFF_ACCURATE].macro;
}

/* The file name of the scene without directories (no machine-specific
 * text in the output). */
static const char *base_name(const char *path) {
    const char *b = strrchr(path, '/');
    return b ? b + 1 : path;
}

/* The scene file as the simulator's messages name it (ncs_sim_desc.file):
 * as given to ncsc when relative, its base name when absolute, so that no
 * generated file holds a path of the machine that generated it. */
static const char *shown_file(const char *path) {
    return path[0] == '/' ? base_name(path) : path;
}

void ncs_emit_scene_header(const emit_ctx *e, ncs_buf *o) {
    const ncs_plan *pl = e->p;
    const ncs_scene *s = pl->s;
    const char *p = pl->prefix, *P = pl->upper;
    int b;
    ncs_buf_printf(o, "/* %s.h - scene '%s' (formulation %s) for the ncs step engine.\n"
                      " * Generated by ncsc from %s; do not edit.\n"
                      " *\n"
                      " * Declare a %s_state (caller-owned, may be static: %s_STATE_BYTES\n"
                      " * bytes), call %s_init, then %s_step once per %s_TIME_STEP seconds.\n"
                      " * A failed step leaves the state unchanged and says why (%s_last_info).\n"
                      " * The state points into itself: do not copy it (%s_save and\n"
                      " * %s_restore copy its values into another).\n"
                      " */\n",
                   p, s->name, ncs_form_name(s->form), base_name(s->file), p, P, p, p, P, p, p, p);
    ncs_buf_printf(o, "#ifndef %s_H_INCLUDED\n#define %s_H_INCLUDED\n\n", P, P);
    if (e->embedded)
        ncs_buf_printf(o, "/* this scene's copy of the runtime core: its names and settings */\n"
                          "#include \"%s_ncs.h\"\n", p);
    ncs_buf_printf(o, "#include \"ncs/world.h\"\n\n"
                      "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n");
    ncs_buf_printf(o, "#define %s_NBODIES %d /* moving bodies */\n", P, s->nbodies);
    for (b = 0; b < s->nbodies; b++) {
        char up[256];
        upper_name(up, sizeof up, s->bodies[b].name);
        ncs_buf_printf(o, "#define %s_BODY_%s %d /* index of body '%s' */\n", P, up, b,
                       s->bodies[b].name);
    }
    ncs_buf_printf(o, "#define %s_STEPS %d /* steps the scene asks for */\n", P, s->steps);
    ncs_buf_printf(o, "#define %s_TIME_STEP ", P);
    ncs_buf_num(o, s->h);
    ncs_buf_printf(o, " /* seconds per step */\n");
    ncs_buf_printf(o, "#define %s_FORMULATION %s\n", P, ncs_emit_form_macro(s->form));
    ncs_buf_printf(o, "#define %s_NFRIC %d /* friction directions per contact */\n", P, pl->nfric);
    ncs_buf_printf(o,
                   "\n/* Sizes: bounds on what one step can meet (docs/engine.md, \"Sizes\"); a\n"
                   " * step that needs more fails with %s_STEP_CAPACITY. */\n", P);
    ncs_buf_printf(o, "#define %s_MAX_PAIRS %d /* candidate pairs in one step */\n", P,
                   pl->size.pairs);
    ncs_buf_printf(o, "#define %s_MAX_SIDES %d /* their sides */\n", P, pl->size.srefs);
    ncs_buf_printf(o, "#define %s_MAX_CONTACTS %d /* contacts of one island's LCP */\n", P,
                   pl->size.contacts);
    ncs_buf_printf(o, "#define %s_MAX_GROUPS %d /* nonconvex groups of one island */\n", P,
                   pl->size.groups);
    ncs_buf_printf(o, "#define %s_MAX_M %d /* rows of one island's LCP */\n", P, pl->size.m);
    ncs_buf_printf(o, "#define %s_NJOINTS %d /* joints */\n", P, pl->njoints);
    for (b = 0; b < s->njoints; b++) {
        char up[256];
        upper_name(up, sizeof up, s->joints[b].name);
        ncs_buf_printf(o, "#define %s_JOINT_%s %d /* index of joint '%s'%s */\n", P, up, b,
                       s->joints[b].name, s->joints[b].motor ? ", a motor" : "");
    }
    ncs_buf_printf(o, "#define %s_MAX_JOINT_ROWS %d /* joint rows of one island */\n", P,
                   pl->size.jrows);
    ncs_buf_printf(o,
                   "#define %s_MEM_UNITS (NCS_WORLD_MEM_UNITS(%s_NBODIES, %s_MAX_PAIRS, %s_MAX_SIDES, \\\n"
                   "    %s_MAX_CONTACTS, %s_MAX_GROUPS, %s_MAX_M, %s_NFRIC) + \\\n"
                   "    NCS_WORLD_JOINT_UNITS(%s_NBODIES, %s_NJOINTS, %s_MAX_JOINT_ROWS, %s_MAX_CONTACTS, \\\n"
                   "    %s_NFRIC))\n",
                   P, P, P, P, P, P, P, P, P, P, P, P, P);
    if (e->embedded)
        ncs_buf_printf(o, "/** Bytes of a %s_state (= sizeof(%s_state)). */\n", p, p);
    else /* the number ncsc checked against NCS_STATE_MAX_BYTES (plan.c) */
        ncs_buf_printf(o, "/** Bytes of a %s_state (= sizeof(%s_state)): %.0f on a 64-bit host\n"
                          " *  (LP64) in double. */\n",
                       p, p, ncs_plan_state_bytes(pl, &pl->size));
    ncs_buf_printf(o, "#define %s_STATE_BYTES (sizeof(ncs_world) + sizeof(ncs_mem_unit) * %s_MEM_UNITS)\n\n",
                   P, P);
    ncs_buf_printf(o, "/** Step results (ncs/world.h). */\nenum {\n"
                      "    %s_STEP_OK = NCS_STEP_OK,\n"
                      "    %s_STEP_LCP_FAILED = NCS_STEP_LCP_FAILED,\n"
                      "    %s_STEP_CAPACITY = NCS_STEP_CAPACITY,\n"
                      "    %s_STEP_INADMISSIBLE = NCS_STEP_INADMISSIBLE,\n"
                      "    %s_STEP_OVERFLOW = NCS_STEP_OVERFLOW\n};\n\n",
                   P, P, P, P, P);
    ncs_buf_printf(o, "/** What a step did (ncs_step_info). */\ntypedef ncs_step_info %s_info;\n\n", p);
    ncs_buf_printf(o, "/** The state: the engine and the memory it keeps its arrays in. */\n"
                      "typedef struct %s_state {\n"
                      "    ncs_world w;                          /**< the engine */\n"
                      "    ncs_mem_unit mem[%s_MEM_UNITS]; /**< its arrays */\n"
                      "} %s_state;\n\n",
                   p, P, p);
    ncs_buf_printf(o, "/** The scene as data (%s.c). */\nextern const ncs_scene_desc %s_scene;\n", p, p);
    if (!e->embedded)
        ncs_buf_printf(o, "/** Its expectations and drawing, for ncs_sim_main (ncs/sim.h). */\n"
                          "extern const struct ncs_sim_desc %s_sim;\n", p);
    ncs_buf_printf(o, "\n/// Sets the scene's initial conditions. Returns 0, or -1 when the runtime\n"
                      "/// rejects the state's memory (then it must not be stepped).\n"
                      "int %s_init(%s_state *s);\n\n", p, p);
    ncs_buf_tpl(o,
        "/// Back to the initial conditions, keeping the hook. Returns as @_init.\n"
        "static inline int @_reset(@_state *s) { return ncs_world_reset(&s->w); }\n"
        "/// Advances every body by one step. Returns $_STEP_OK, or a failure status\n"
        "/// leaving the state unchanged (@_last_info says which island and why).\n"
        "static inline int @_step(@_state *s) { return ncs_world_step(&s->w); }\n"
        "/// Installs (or with fn NULL removes) the LCP observer. Never fails.\n"
        "static inline void @_set_lcp_hook(@_state *s, ncs_lcp_hook fn, void *ctx) {\n"
        "    ncs_world_set_hook(&s->w, fn, ctx);\n}\n"
        "/// Allows up to `iters` LCP solves per step (fixpoint, seed 002). Never fails.\n"
        "static inline void @_set_fixpoint(@_state *s, int iters, ncs_real tol) {\n"
        "    ncs_world_set_fixpoint(&s->w, iters, tol);\n}\n"
        "/// Position of `body` into xy[2] (indices are not checked). Never fails.\n"
        "static inline void @_position(const @_state *s, int body, ncs_real xy[2]) {\n"
        "    ncs_world_position(&s->w, body, xy);\n}\n"
        "/// Velocity of `body` into v[2]. Never fails.\n"
        "static inline void @_velocity(const @_state *s, int body, ncs_real v[2]) {\n"
        "    ncs_world_velocity(&s->w, body, v);\n}\n"
        "/// Angle of `body` (radians). Never fails.\n"
        "static inline ncs_real @_angle(const @_state *s, int body) {\n"
        "    return ncs_world_angle(&s->w, body);\n}\n"
        "/// Angular velocity of `body`. Never fails.\n"
        "static inline ncs_real @_omega(const @_state *s, int body) {\n"
        "    return ncs_world_omega(&s->w, body);\n}\n"
        "/// What the last step did, for the whole scene. Never fails.\n"
        "static inline @_info @_last_info(const @_state *s) { return s->w.last; }\n"
        "/// What the last step did for `body`'s island. Never fails.\n"
        "static inline @_info @_body_info(const @_state *s, int body) {\n"
        "    return ncs_world_body_info(&s->w, body);\n}\n"
        "/// Deepest penetration of `body` into the solid or another body. Never fails.\n"
        "static inline ncs_real @_penetration(const @_state *s, int body) {\n"
        "    return ncs_world_penetration(&s->w, body);\n}\n"
        "/// Kinetic energy of all bodies. Never fails.\n"
        "static inline ncs_real @_energy(const @_state *s) { return ncs_world_energy(&s->w); }\n"
        "/// Name of `body` as written in the scene. Never fails.\n"
        "static inline const char *@_body_name(int body) { return @_scene.body_name[body]; }\n");
    ncs_buf_tpl(o,
        "\n/* Inputs (docs/embedding.md): each returns NCS_INPUT_OK (0) or a negative\n"
        " * NCS_INPUT_* status and then changes nothing. */\n"
        "/// `body`'s constant force and torque from the next step on, beside gravity.\n"
        "/// Fails with NCS_INPUT_BAD_BODY, NCS_INPUT_NOT_FINITE (NaN, inf) or\n"
        "/// NCS_INPUT_KINEMATIC (a kinematic body: set its velocity instead).\n"
        "static inline int @_set_force(@_state *s, int body, ncs_real fx, ncs_real fy,\n"
        "                              ncs_real torque) {\n"
        "    return ncs_world_set_force(&s->w, body, fx, fy, torque);\n}\n"
        "/// `body`'s velocity and angular velocity (a kinematic body keeps it).\n"
        "/// Fails with NCS_INPUT_BAD_BODY or NCS_INPUT_NOT_FINITE.\n"
        "static inline int @_set_velocity(@_state *s, int body, ncs_real vx, ncs_real vy,\n"
        "                                 ncs_real omega) {\n"
        "    return ncs_world_set_velocity(&s->w, body, vx, vy, omega);\n}\n"
        "/// Moves `body` to (x, y, theta). Fails as @_set_velocity, or with\n"
        "/// NCS_INPUT_OVERLAP when the pose is inside the solid or another body\n"
        "/// beyond the scene's tolerance.\n"
        "static inline int @_set_pose(@_state *s, int body, ncs_real x, ncs_real y,\n"
        "                             ncs_real theta) {\n"
        "    return ncs_world_set_pose(&s->w, body, x, y, theta);\n}\n"
        "/// The motor of pin `joint` ($_JOINT_*): drives omega_a - omega_b to `speed`\n"
        "/// with |torque| <= max_torque from the next step on. Fails with\n"
        "/// NCS_INPUT_BAD_JOINT (no such joint or no motor), NCS_INPUT_NOT_FINITE\n"
        "/// or NCS_INPUT_BAD_TORQUE (max_torque < 0).\n"
        "static inline int @_set_motor(@_state *s, int joint, ncs_real speed,\n"
        "                              ncs_real max_torque) {\n"
        "    return ncs_world_set_motor(&s->w, joint, speed, max_torque);\n}\n"
        "/** A saved state (values only: restore it into any initialised @_state). */\n"
        "typedef struct @_snapshot {\n"
        "    ncs_mem_unit u[NCS_WORLD_SNAPSHOT_UNITS($_NBODIES, $_NJOINTS, $_MAX_SIDES)]; /**< its values */\n"
        "} @_snapshot;\n"
        "/** Bytes of a @_snapshot. */\n"
        "#define $_SNAPSHOT_BYTES (sizeof(@_snapshot))\n"
        "/// Saves what the next steps depend on into *snap. Never fails.\n"
        "static inline void @_save(const @_state *s, @_snapshot *snap) {\n"
        "    ncs_world_save(&s->w, snap->u);\n}\n"
        "/// Puts *snap back into s (initialised by @_init, any address); s then\n"
        "/// steps bit-identically to the state saved. Never fails.\n"
        "static inline void @_restore(@_state *s, const @_snapshot *snap) {\n"
        "    ncs_world_restore(&s->w, snap->u);\n}\n");
    ncs_buf_printf(o, "\n#ifdef __cplusplus\n}\n#endif\n#endif\n");
}

/* The expectations and obstacle outlines of the simulator (host). */
static void sim_tables(ncs_buf *o, const emit_ctx *e) {
    const ncs_scene *s = e->p->s;
    const char *p = e->p->prefix;
    int i, k, j, nr = 0, npts = 0;
    ncs_buf_printf(o, "\n/* ---- the simulator's data (ncs/sim.h) ---- */\n\n");
    ncs_buf_printf(o, "static const ncs_expect_desc %s_expect[] = {\n", p);
    for (i = 0; i < s->nexpects; i++) {
        const ncs_expect *x = &s->expects[i];
        char text[512];
        ncs_expect_text(s, x, text, sizeof text);
        ncs_buf_printf(o, "    {%d, %d, %s, %d, ", x->loc.line, x->loc.col,
                       ncs_enum_macro_of(ncs_expect_kinds, NCS_NEXPECT_KINDS, x->kind), x->body);
        if (x->kind == NCS_EXPECT_VALUE || x->kind == NCS_EXPECT_BOUND)
            ncs_buf_printf(o, "%s, ", ncs_enum_macro_of(ncs_coords, NCS_NCOORDS, x->coord));
        else
            ncs_buf_printf(o, "%d, ", x->coord);
        ncs_buf_printf(o, "%s, ", ncs_enum_macro_of(ncs_cmps, NCS_NCMPS, x->op));
        if (x->step == NCS_EXPECT_END)
            ncs_buf_printf(o, "NCS_EXPECT_END, {");
        else if (x->step == NCS_EXPECT_EVERY)
            ncs_buf_printf(o, "NCS_EXPECT_EVERY, {");
        else
            ncs_buf_printf(o, "%ld, {", (long)x->step);
        if (x->kind == NCS_EXPECT_POSITION || x->kind == NCS_EXPECT_VELOCITY) {
            ncs_buf_num(o, x->value.x);
            ncs_buf_printf(o, ", ");
            ncs_buf_num(o, x->value.y);
        } else {
            ncs_buf_num(o, x->scalar);
            ncs_buf_printf(o, ", 0.0");
        }
        ncs_buf_printf(o, "}, ");
        ncs_buf_num(o, x->tol);
        ncs_buf_printf(o, ", \"");
        str_lit(o, text);
        ncs_buf_printf(o, "\"},\n");
    }
    if (s->nexpects == 0)
        ncs_buf_printf(o, "    {0, 0, 0, -1, 0, 0, 0, {0.0, 0.0}, 0.0, \"\"}\n");
    ncs_buf_printf(o, "};\n");
    /* outlines of the polygon obstacles as written, and explicit sides */
    ncs_buf_printf(o, "static const int %s_ring_first[] = {0", p);
    for (i = 0; i < s->nobstacles; i++) {
        const ncs_obstacle *ob = &s->obstacles[i];
        if (ob->kind != NCS_OBST_POLYGON)
            continue;
        for (k = 0; k <= ob->nholes; k++) {
            npts += (k == 0 ? ob->outer.n : ob->holes[k - 1].n);
            nr++;
            ncs_buf_printf(o, ", %d", npts);
        }
    }
    ncs_buf_printf(o, "};\nstatic const double %s_ring_xy[] = {", p);
    j = 0;
    for (i = 0; i < s->nobstacles; i++) {
        const ncs_obstacle *ob = &s->obstacles[i];
        if (ob->kind != NCS_OBST_POLYGON)
            continue;
        for (k = 0; k <= ob->nholes; k++) {
            const ncs_ring *r = k == 0 ? &ob->outer : &ob->holes[k - 1];
            int v;
            for (v = 0; v < r->n; v++, j++) {
                ncs_buf_printf(o, "%s", j % 3 == 0 ? "\n    " : " ");
                ncs_buf_num(o, r->pt[v].x);
                ncs_buf_printf(o, ", ");
                ncs_buf_num(o, r->pt[v].y);
                ncs_buf_printf(o, ",");
            }
        }
    }
    ncs_buf_printf(o, "%s0.0};\nstatic const unsigned char %s_ring_hole[] = {", j ? "\n    " : "", p);
    for (i = 0, j = 0; i < s->nobstacles; i++) {
        const ncs_obstacle *ob = &s->obstacles[i];
        if (ob->kind != NCS_OBST_POLYGON)
            continue;
        for (k = 0; k <= ob->nholes; k++, j++)
            ncs_buf_printf(o, "%s%d", j ? ", " : "", k > 0);
    }
    ncs_buf_printf(o, "%s};\n\n", j ? "" : "0");
    ncs_buf_printf(o, "const ncs_sim_desc %s_sim = {\n    &%s_scene, \"", p, p);
    str_lit(o, shown_file(s->file));
    ncs_buf_printf(o, "\", \"%s\", %d, %s_expect,\n    %d, %s_ring_first, %s_ring_xy, %s_ring_hole\n};\n",
                   p, s->nexpects, p, nr, p, p, p);
}

void ncs_emit_scene_source(const emit_ctx *e, ncs_buf *o) {
    const ncs_plan *pl = e->p;
    const ncs_scene *s = pl->s;
    const char *p = pl->prefix, *P = pl->upper;
    int b, i, any_poly = 0;
    ncs_buf_printf(o, "/* %s.c - scene '%s' as data for the ncs step engine. Generated by ncsc\n"
                      " * from %s; do not edit. */\n",
                   p, s->name, base_name(s->file));
    ncs_buf_printf(o, "#include <stddef.h>\n#include \"%s.h\"\n", p);
    if (!e->embedded)
        ncs_buf_printf(o, "#include \"ncs/sim.h\"\n");
    ncs_buf_printf(o, "\n/* sizeof(%s_state) is what the header says */\n"
                      "typedef char %s_state_bytes_check[sizeof(%s_state) == %s_STATE_BYTES ? 1 : -1];\n\n",
                   p, p, p, P);
    pieces_tables(o, e, &pl->obst, "obst", "Obstacle pieces: the union of the obstacles, decomposed");
    if (pl->ncorners > 0) {
        ncs_buf_printf(o, "/* convex corners of the solid: obstacle vertex, friction */\n"
                          "static const ncs_corner %s_corners[] = {", p);
        for (i = 0; i < pl->ncorners; i++) {
            ncs_buf_printf(o, "%s{%d, ", i % 4 == 0 ? "\n    " : " ", pl->corner_v[i]);
            real_lit(o, e->real_float, pl->corner_mu[i]);
            ncs_buf_printf(o, "}%s", i + 1 < pl->ncorners ? "," : "");
        }
        ncs_buf_printf(o, "\n};\n");
    }
    if (pl->grid.nx > 0) {
        const ncs_pgrid *g = &pl->grid;
        int cells = g->nx * g->ny;
        int_table(o, e, "grid_start", g->start, cells + 1, "int",
                  "grid: the pieces of cell (i, j) are grid_item[start[j nx + i] ...]");
        int_table(o, e, "grid_item", g->item, g->start[cells], "int", "grid: pieces per cell");
        int_table(o, e, "grid_cstart", g->cstart, cells + 1, "int", "grid: corners per cell");
        int_table(o, e, "grid_citem", g->citem, g->cstart[cells], "int", "grid: corners");
        int_table(o, e, "grid_free", g->free_piece, g->nfree, "int",
                  "grid: pieces without bounds (explicit groups)");
    }
    for (b = 0; b < s->nbodies; b++)
        any_poly |= pl->bodies[b].kind == NCS_POLYGON;
    if (any_poly) {
        pieces_tables(o, e, &pl->bpieces, "bp", "Pieces of the polygon bodies (centroid frames)");
        ncs_buf_printf(o, "/* outline vertices of the polygon bodies (centroid frames) */\n"
                          "static const ncs_vertex %s_bverts[] = {", p);
        vertex_rows(o, e, pl->nbverts, pl->bvx, pl->bvy);
        int_table(o, e, "bvmap", pl->bvmap, pl->bpieces.nverts, "int",
                  "per piece vertex: its outline vertex");
    }
    ncs_buf_printf(o, "\n/* ---- bodies ---- */\nstatic const ncs_body_desc %s_bodies[%s_NBODIES] = {\n", p, P);
    for (b = 0; b < s->nbodies; b++) {
        const ncs_pbody *pb = &pl->bodies[b];
        const double v[] = {pb->im, pb->iI, pb->r, pb->ax, pb->ay, pb->alpha, pb->cx, pb->cy,
                            pb->rad, pb->mu};
        ncs_buf_printf(o, "    {%s, ", ncs_body_kinds[pb->kind == NCS_POLYGON || pb->kind == NCS_DISC
                                               ? pb->kind : NCS_PARTICLE].macro);
        for (i = 0; i < 10; i++) {
            real_lit(o, e->real_float, v[i]);
            ncs_buf_printf(o, ", ");
        }
        ncs_buf_printf(o, "%d, %d, %d, %d,\n     {", pb->vert0, pb->nvert, pb->piece0, pb->npiece);
        for (i = 0; i < 3; i++) {
            real_lit(o, e->real_float, pb->q0[i]);
            ncs_buf_printf(o, i < 2 ? ", " : "}, {");
        }
        for (i = 0; i < 3; i++) {
            real_lit(o, e->real_float, pb->v0[i]);
            ncs_buf_printf(o, i < 2 ? ", " : "}, ");
        }
        real_lit(o, e->real_float, pb->e);
        ncs_buf_printf(o, ", %d}", pb->kinematic);
        ncs_buf_printf(o, "%s /* %s */\n", b + 1 < s->nbodies ? "," : "", s->bodies[b].name);
    }
    ncs_buf_printf(o, "};\nstatic const char *const %s_names[%s_NBODIES] = {", p, P);
    for (b = 0; b < s->nbodies; b++)
        ncs_buf_printf(o, "%s\"%s\"", b ? ", " : "", s->bodies[b].name);
    ncs_buf_printf(o, "};\n\n");
    if (pl->njoints > 0) {
        ncs_buf_printf(o, "/* joints: kind, bodies a and b (-1: the world), anchor on a, anchor on b\n"
                          " * (centroid frames; a world point for the world), rod length, weld angle,\n"
                          " * motor, its speed and torque bound (-1: none) */\n"
                          "static const ncs_joint_desc %s_joints[%s_NJOINTS] = {\n", p, P);
        for (i = 0; i < pl->njoints; i++) {
            const ncs_pjoint *j = &pl->joints[i];
            const double v[] = {j->ax, j->ay, j->bx, j->by, j->len, j->angle};
            int k;
            ncs_buf_printf(o, "    {%s, %d, %d", ncs_joint_kinds[j->kind].macro, j->a, j->b);
            for (k = 0; k < 6; k++) {
                ncs_buf_printf(o, ", ");
                real_lit(o, e->real_float, v[k]);
            }
            ncs_buf_printf(o, ", %d, ", j->motor);
            real_lit(o, e->real_float, j->speed);
            ncs_buf_printf(o, ", ");
            real_lit(o, e->real_float, j->max_torque);
            ncs_buf_printf(o, "}%s /* %s */\n", i + 1 < pl->njoints ? "," : "", s->joints[i].name);
        }
        ncs_buf_printf(o, "};\n\n");
    }
    ncs_buf_printf(o, "const ncs_scene_desc %s_scene = {\n    \"%s\", %s_NBODIES, %s_bodies, %s_names,\n",
                   p, s->name, P, p, p);
    pieces_init(o, e, &pl->obst, "obst");
    if (pl->ncorners > 0)
        ncs_buf_printf(o, "    %d, %s_corners,\n", pl->ncorners, p);
    else
        ncs_buf_printf(o, "    0, NULL,\n");
    if (pl->grid.nx > 0) {
        ncs_buf_printf(o, "    {");
        real_lit(o, e->real_float, pl->grid.x0);
        ncs_buf_printf(o, ", ");
        real_lit(o, e->real_float, pl->grid.y0);
        ncs_buf_printf(o, ", ");
        real_lit(o, e->real_float, pl->grid.cell);
        ncs_buf_printf(o, ", %d, %d, %s_grid_start, %s_grid_item, %s_grid_cstart, %s_grid_citem,\n"
                          "     %d, %s_grid_free},\n",
                       pl->grid.nx, pl->grid.ny, p, p, p, p, pl->grid.nfree, p);
    } else {
        ncs_buf_printf(o, "    {0, 0, 0, 0, 0, NULL, NULL, NULL, NULL, 0, NULL},\n");
    }
    pieces_init(o, e, &pl->bpieces, "bp");
    if (any_poly)
        ncs_buf_printf(o, "    %s_bverts, %s_bvmap,\n", p, p);
    else
        ncs_buf_printf(o, "    NULL, NULL,\n");
    if (pl->njoints > 0)
        ncs_buf_printf(o, "    %s_NJOINTS, %s_joints, ", P, p);
    else
        ncs_buf_printf(o, "    0, NULL, ");
    real_lit(o, e->real_float, s->restitution);
    ncs_buf_printf(o, " /* obstacles' restitution */, ");
    real_lit(o, e->real_float, s->restitution_threshold);
    ncs_buf_printf(o, " /* slowest bounce */, ");
    real_lit(o, e->real_float, s->erp);
    ncs_buf_printf(o, " /* erp */,\n");
    ncs_buf_printf(o, "    %s_FORMULATION, %s_NFRIC, ", P, P);
    {
        const double c[] = {s->h, pl->gamma, pl->epsilon, pl->margin, pl->body_margin,
                            pl->reach_cap, pl->project_tol,
                            e->real_float ? pl->admit_tol_float : pl->admit_tol};
        const char *what[] = {"h", "gamma", "epsilon", "margin", "body margin", "reach cap",
                              "projection tolerance", "admissible depth"};
        for (i = 0; i < 8; i++) {
            ncs_buf_printf(o, "%s", i % 2 == 1 ? "\n    " : "");
            real_lit(o, e->real_float, c[i]);
            ncs_buf_printf(o, " /* %s */, ", what[i]);
        }
    }
    ncs_buf_printf(o, "\n    1, ");
    real_lit(o, e->real_float, pl->fix_tol);
    ncs_buf_printf(o, " /* fixpoint: solves, tolerance */, %s_STEPS,\n"
                      "    %s_MAX_PAIRS, %s_MAX_SIDES, %s_MAX_CONTACTS, %s_MAX_GROUPS, %s_MAX_M,\n"
                      "    %s_MAX_JOINT_ROWS\n};\n\n",
                   P, P, P, P, P, P, P);
    ncs_buf_printf(o, "int %s_init(%s_state *s) {\n"
                      "    return ncs_world_init(&s->w, &%s_scene, s->mem, %s_MEM_UNITS);\n}\n",
                   p, p, p, P);
    if (!e->embedded)
        sim_tables(o, e);
}

void ncs_emit_scene_main(const emit_ctx *e, ncs_buf *o) {
    const char *p = e->p->prefix;
    ncs_buf_printf(o, "/* %s_main.c - the simulator of scene '%s' (ncs_sim_main: options,\n"
                      " * CSV, SVG, expectations; run it with --help). Generated by ncsc; do\n"
                      " * not edit. */\n"
                      "#include <stdio.h>\n#include \"ncs/sim.h\"\n#include \"%s.h\"\n\n"
                      "static %s_state state;\n\n"
                      "int main(int argc, char **argv) {\n"
                      "    if (%s_init(&state) != 0) {\n"
                      "        fputs(\"%s: the runtime rejected the state's memory\\n\", stderr);\n"
                      "        return 2;\n"
                      "    }\n"
                      "    return ncs_sim_main(&%s_sim, &state.w, argc, argv);\n}\n",
                   p, e->p->s->name, p, p, p, p, p);
}
