/* sema.c - front end: semantic checks: the raw tree of front.h becomes an ncs_scene.
 *
 * Every check reports at the most precise location it has (the value, the
 * ring keyword, the name) and then carries on, so one run reports every
 * independent problem. Checks that need a complete block ("mass is
 * required") are skipped for blocks a syntax error damaged, and the
 * whole-file checks ("no body") are skipped after any syntax error: those
 * would mostly repeat the syntax error in other words.
 */
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "ncs/lcp.h"    /* NCS_LCP_MAX_M */
#include "front.h"
#include "parse.h"

/* ---- names ---------------------------------------------------------------- */

/* The names of the formulations (ncs_forms) or of the body kinds
 * (ncs_body_kinds) and `kinematic`, NULL-terminated as lookup and
 * ncs_suggest take them; `names` has room for NCS_NFORMS + 1. */
static const char *const *form_names(const char **names) {
    for (int f = 0; f < NCS_NFORMS; f++)
        names[f] = ncs_forms[f].name;
    names[NCS_NFORMS] = NULL;
    return names;
}

/* what may follow a body's name: its kind, or `kinematic` (a disc or a
 * polygon, by its `radius` or `vertices`); `names` has room for
 * NCS_NBODY_KINDS + 2 */
static const char *const *body_heads(const char **names) {
    for (int k = 0; k < NCS_NBODY_KINDS; k++)
        names[k] = ncs_body_kinds[k].name;
    names[NCS_NBODY_KINDS] = "kinematic";
    names[NCS_NBODY_KINDS + 1] = NULL;
    return names;
}

/* The names of the joint kinds (ncs_joint_kinds), NULL-terminated; `names`
 * has room for NCS_NJOINT_KINDS + 1. */
static const char *const *joint_names(const char **names) {
    for (int k = 0; k < NCS_NJOINT_KINDS; k++)
        names[k] = ncs_joint_kinds[k].name;
    names[NCS_NJOINT_KINDS] = NULL;
    return names;
}

/* "a, b, c or d" from a NULL-terminated list of names, into buf (n bytes). */
static const char *name_list(char *buf, size_t n, const char *const *names) {
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; names[i] && at < n; i++)
        at += (size_t)snprintf(buf + at, n - at, "%s%s", i == 0 ? "" : names[i + 1] ? ", " : " or ",
                               names[i]);
    return buf;
}

int ncs_formulation_from_name(const char *name, const char **suggestion) {
    const char *names[NCS_NFORMS + 1];
    int f = ncs_form_from_name(name);
    if (suggestion)
        *suggestion = f >= 0 ? NULL : ncs_suggest(name, form_names(names));
    return f;
}

const char *ncs_formulation_name(int f) {
    return ncs_form_name(f);
}

enum { SC_H, SC_STEPS, SC_DURATION, SC_GRAVITY, SC_FORMULATION, SC_GAMMA,
       SC_EPSILON, SC_FRICTION, SC_MARGIN, SC_CAPACITY, SC_RESTITUTION, SC_THRESHOLD,
       SC_ERP, SC_COUNT };
static const char *const scene_settings[] = {
    "h", "steps", "duration", "gravity", "formulation", "gamma", "epsilon",
    "friction", "margin", "capacity", "restitution", "restitution_threshold", "erp", NULL
};

enum { OB_FRICTION, OB_COUNT };
static const char *const obstacle_settings[] = {"friction", NULL};

enum { BO_MASS, BO_POSITION, BO_VELOCITY, BO_ANGLE, BO_OMEGA, BO_FORCE,
       BO_TORQUE, BO_FRICTION, BO_RADIUS, BO_INERTIA, BO_RESTITUTION, BO_COUNT };
static const char *const body_settings[] = {
    "mass", "position", "velocity", "angle", "omega", "force", "torque",
    "friction", "radius", "inertia", "restitution", NULL
};

enum { JO_A, JO_B, JO_SPEED, JO_TORQUE, JO_COUNT };
static const char *const joint_settings[] = {"a", "b", "motor_speed", "max_torque", NULL};

typedef struct sema {
    ncs_front *p;       /* the parse */
    ncs_diag *d;        /* diagnostics */
    ncs_scene *s;       /* scene being built */
    int have_steps;     /* s->steps is known (for `at step N` checks) */
    int nomem;          /* an allocation failed */
    /* where the numbers were written, for the checks of the quantities
     * derived from them (check_derived) */
    const ncs_ritem *scene_slot[SC_COUNT];   /* the scene's settings */
    const ncs_ritem *(*body_slot)[BO_COUNT]; /* each body's settings */
    const ncs_ritem **obst_friction;         /* each obstacle's friction */
    const ncs_rexpect **expect_src;          /* each expectation as written */
} sema;

const ncs_obstacle_kind_info ncs_obstacle_kinds[NCS_NOBST_KINDS] = {
    {"polygon", "polygons"}, {"group", "groups"}};
/* the obstacle kinds' names, NULL-terminated, for lookup and did_you_mean */
static const char *const *obstacle_kind_names(const char **names) {
    for (int k = 0; k < NCS_NOBST_KINDS; k++)
        names[k] = ncs_obstacle_kinds[k].name;
    names[NCS_NOBST_KINDS] = NULL;
    return names;
}
/* what an expectation may be about: the coordinates (ncs_coords), then
 * the vectors position and velocity (the first two ncs_expect_kinds) */
enum { MEMBER_POSITION = NCS_NCOORDS, MEMBER_VELOCITY, NMEMBERS };
static const char *const *member_names(const char **names) {
    for (int c = 0; c < NCS_NCOORDS; c++)
        names[c] = ncs_coords[c].name;
    names[MEMBER_POSITION] = ncs_expect_kinds[NCS_EXPECT_POSITION].name;
    names[MEMBER_VELOCITY] = ncs_expect_kinds[NCS_EXPECT_VELOCITY].name;
    names[NMEMBERS] = NULL;
    return names;
}

static int lookup(const char *s, const char *const *names) {
    if (!s)
        return -1;
    for (int i = 0; names[i]; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

/* "; did you mean 'x'?" or "" (buf needs 100 bytes). */
static const char *did_you_mean(char *buf, const char *s, const char *const *names) {
    const char *g = ncs_suggest(s, names);
    if (g)
        snprintf(buf, 100, "; did you mean '%s'?", g);
    else
        buf[0] = '\0';
    return buf;
}

/* ---- prefixes -------------------------------------------------------------- */

const char *ncs_prefix_problem(const char *prefix) {
    static const char *const keywords[] = {
        "auto", "break", "case", "char", "const", "continue", "default", "do",
        "double", "else", "enum", "extern", "float", "for", "goto", "if", "inline",
        "int", "long", "register", "restrict", "return", "short", "signed", "sizeof",
        "static", "struct", "switch", "typedef", "union", "unsigned", "void",
        "volatile", "while", /* C23 */ "alignas", "alignof", "bool", "constexpr",
        "false", "nullptr", "static_assert", "thread_local", "true", "typeof",
        "typeof_unqual", NULL
    };
    size_t n = strlen(prefix);
    if (n == 0)
        return "is empty";
    if (!(isalpha((unsigned char)prefix[0]) || prefix[0] == '_'))
        return "is not a C identifier (it must start with a letter)";
    for (size_t i = 0; i < n; i++)
        if (!(isalnum((unsigned char)prefix[i]) || prefix[i] == '_'))
            return "is not a C identifier (letters, digits and '_' only)";
    if (n > NCS_PREFIX_MAX)
        return "is too long (at most 64 characters)";
    if (lookup(prefix, keywords) >= 0)
        return "is a C keyword";
    if (n >= 3 && tolower((unsigned char)prefix[0]) == 'n' &&
        tolower((unsigned char)prefix[1]) == 'c' && tolower((unsigned char)prefix[2]) == 's')
        return "is reserved for the ncs runtime (names starting with 'ncs', in any case, "
               "would clash with its headers ncs/*.h and symbols ncs_*, NCS_*)";
    if (prefix[0] == '_')
        return "starts with '_' (the generated names would be reserved identifiers of C)";
    if (strstr(prefix, "__"))
        return "contains \"__\" (the generated names would be reserved identifiers)";
    if (prefix[n - 1] == '_')
        return "ends with '_' (the generated names PREFIX_... would contain \"__\", "
               "reserved identifiers)";
    return NULL;
}

/* ---- values --------------------------------------------------------------- */

/* A number literal as written, cut after 24 bytes (buf: 80 bytes). */
static const char *shown(char *buf, const char *text) {
    size_t n = strlen(text);
    snprintf(buf, 80, "%.24s%s", text, n > 24 ? "..." : "");
    return buf;
}

/* How a value was written, for "got ..." in messages (buf: 80 bytes). */
static const char *describe(char *buf, const ncs_rvalue *v) {
    switch (v->kind) {
    case NCS_RV_NUMBER: return shown(buf, v->text);
    case NCS_RV_VEC: return "a vector";
    case NCS_RV_AUTO: return "'auto'";
    default: return ncs_quote(buf, v->text, 16);
    }
}

/* The number of setting `it`: 1 when valid, 0 when absent or bad (bad
 * values are reported here, or were by the scanner). */
static int get_number(sema *S, const ncs_ritem *it, double *out) {
    char q[80];
    if (!it)
        return 0;
    if (it->val.kind != NCS_RV_NUMBER) {
        ncs_error(S->d, it->val.loc, "%s must be a number, got %s", it->name,
                  describe(q, &it->val));
        return 0;
    }
    if (isnan(it->val.num))
        return 0;
    *out = it->val.num;
    return 1;
}

/* A number > 0 (or >= 0 when `zero_ok`). */
static int get_range(sema *S, const ncs_ritem *it, int zero_ok, double *out) {
    double v;
    if (!get_number(S, it, &v))
        return 0;
    if (zero_ok ? v < 0 : v <= 0) {
        char q[80];
        ncs_error(S->d, it->val.loc, "%s must be %s 0, got %s", it->name,
                  zero_ok ? ">=" : ">", shown(q, it->val.text));
        return 0;
    }
    *out = v;
    return 1;
}

/* A number in [0, 1]. */
static int get_fraction(sema *S, const ncs_ritem *it, double *out) {
    double v;
    if (!get_range(S, it, 1, &v))
        return 0;
    if (v > 1) {
        char q[80];
        ncs_error(S->d, it->val.loc, "%s must be at most 1, got %s", it->name,
                  shown(q, it->val.text));
        return 0;
    }
    *out = v;
    return 1;
}

/* A number > 0 or `auto`: returns 1 with *is_auto set, 0 when absent/bad. */
static int get_range_or_auto(sema *S, const ncs_ritem *it, double *out, int *is_auto) {
    char q[80];
    if (!it)
        return 0;
    if (it->val.kind == NCS_RV_AUTO) {
        *is_auto = 1;
        return 1;
    }
    if (it->val.kind != NCS_RV_NUMBER) {
        ncs_error(S->d, it->val.loc, "%s must be a number or 'auto', got %s",
                  it->name, describe(q, &it->val));
        return 0;
    }
    *is_auto = 0;
    return get_range(S, it, 0, out);
}

/* An integer >= 1 (or `auto` when auto_ok, giving 0). */
static int get_count(sema *S, const ncs_ritem *it, int auto_ok, int *out) {
    char q[80];
    double v;
    if (!it)
        return 0;
    if (auto_ok && it->val.kind == NCS_RV_AUTO) {
        *out = 0;
        return 1;
    }
    if (it->val.kind != NCS_RV_NUMBER) {
        ncs_error(S->d, it->val.loc, "%s must be an integer%s, got %s", it->name,
                  auto_ok ? " or 'auto'" : "", describe(q, &it->val));
        return 0;
    }
    if (!get_number(S, it, &v))
        return 0;
    if (v < 1 || v != floor(v) || v > INT_MAX) {
        ncs_error(S->d, it->val.loc, "%s must be an integer >= 1%s, got %s", it->name,
                  v > INT_MAX ? " and <= 2147483647" : "", shown(q, it->val.text));
        return 0;
    }
    *out = (int)v;
    return 1;
}

static int get_vec(sema *S, const ncs_ritem *it, ncs_vec2 *out) {
    char q[80];
    if (!it)
        return 0;
    if (it->val.kind != NCS_RV_VEC) {
        ncs_error(S->d, it->val.loc, "%s must be a vector (x, y), got %s", it->name,
                  describe(q, &it->val));
        return 0;
    }
    if (isnan(it->val.vec.x) || isnan(it->val.vec.y))
        return 0;
    *out = it->val.vec;
    return 1;
}

/* ---- numbers out of range ---------------------------------------------------- */

/* Largest magnitude of a body's position and velocity coordinates and of a
 * side's point: the limit of obstacle vertices (geometry), so that the
 * scene's extent, distances and squared speeds stay finite. */
#define NCS_COORD_MAX 1e150
static const char coord_limit_why[] =
    "limited to magnitude 1e+150 (as obstacle vertices are) so that the scene's "
    "extent, distances and squared speeds stay finite";

/* The value of setting `it` as written (buf: 80 bytes). */
static const char *value_text(char *buf, const ncs_ritem *it) {
    if (it->val.kind == NCS_RV_VEC) {
        snprintf(buf, 80, "(%g, %g)", it->val.vec.x, it->val.vec.y);
        return buf;
    }
    return shown(buf, it->val.text ? it->val.text : "?");
}

static void out_of_range(sema *S, const ncs_ritem *it, const char *fmt, ...) NCS_PRINTF(3, 4);

/* Reports the number of setting `it` as unusable, at the number:
 * "NAME = VALUE is " followed by fmt ("too small: 1/h is not a finite
 * number"). */
static void out_of_range(sema *S, const ncs_ritem *it, const char *fmt, ...) {
    char why[400], v[80];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    ncs_error(S->d, it->val.loc, "%s = %s is %s", it->name, value_text(v, it), why);
}

/* A vector setting whose coordinates must stay within NCS_COORD_MAX. */
static void coord_limit(sema *S, const ncs_ritem *it, const char *what) {
    if (fabs(it->val.vec.x) > NCS_COORD_MAX || fabs(it->val.vec.y) > NCS_COORD_MAX)
        out_of_range(S, it, "too large: %s are %s", what, coord_limit_why);
}

/* An angle or angular velocity: a coordinate of the state the runtime
 * steps, which stays within NCS_COORD_MAX (its NCS_STATE_MAX). */
static void angle_limit(sema *S, const ncs_ritem *it) {
    if (fabs(it->val.num) > NCS_COORD_MAX)
        out_of_range(S, it, "too large: angles and angular velocities are limited to "
                     "magnitude 1e+150, as every coordinate of a body's state is (the "
                     "runtime refuses a step beyond it)");
}

/* ---- settings of one block -------------------------------------------------- */

/* Files the first occurrence of each setting of block `b` into
 * slot[index of its name], silently: checks that depend on another setting
 * (duration needs h) look there, whatever the order in the file. */
static void fill_slots(const ncs_rblock *b, const char *const *names, const ncs_ritem **slot) {
    for (const ncs_ritem *it = b->items; it; it = it->next) {
        if (it->kind != NCS_RI_SETTING)
            continue;
        int i = lookup(it->name, names);
        if (i >= 0 && !slot[i])
            slot[i] = it;
    }
}

/* The index of setting `it` when it is the first occurrence of a known
 * setting; otherwise reports it as unknown or repeated and returns -1.
 * `what` names the block kind. */
static int setting_index(sema *S, const ncs_ritem *it, const char *const *names,
                         const ncs_ritem *const *slot, const char *what) {
    char q[80], hint[100];
    int i = lookup(it->name, names);
    if (i < 0) {
        ncs_error(S->d, it->loc, "unknown %s setting %s%s", what, ncs_quote(q, it->name, 32),
                  did_you_mean(hint, it->name, names));
        return -1;
    }
    if (slot[i] != it) {
        ncs_error(S->d, it->loc, "repeated setting '%s'", names[i]);
        ncs_note(S->d, slot[i]->loc, "'%s' was first set here", names[i]);
        return -1;
    }
    return i;
}

/* The value of a number setting, without reporting anything. */
static int peek_number(const ncs_ritem *it, double *v) {
    if (!it || it->val.kind != NCS_RV_NUMBER || isnan(it->val.num))
        return 0;
    *v = it->val.num;
    return 1;
}

static int loc_before(ncs_loc a, ncs_loc b) {
    return a.line < b.line || (a.line == b.line && a.col < b.col);
}

static ncs_ring make_ring(sema *S, const ncs_ritem *it) {
    ncs_ring r;
    memset(&r, 0, sizeof r);
    r.at = it->loc;
    if (it->npts < 3)
        ncs_error(S->d, it->loc, "a polygon needs at least 3 vertices, got %d", it->npts);
    r.pt = ncs_arena_array(S->p->arena, (size_t)it->npts, sizeof *r.pt);
    r.loc = ncs_arena_array(S->p->arena, (size_t)it->npts, sizeof *r.loc);
    if (!r.pt || !r.loc) {
        S->nomem = 1;
        return r;
    }
    for (const ncs_rpoint *q = it->pts; q && r.n < it->npts; q = q->next) {
        r.pt[r.n] = q->v;
        r.loc[r.n] = q->loc;
        r.n++;
    }
    return r;
}

static const char *item_word(int kind) {
    switch (kind) {
    case NCS_RI_OUTER: return "outer";
    case NCS_RI_HOLE: return "hole";
    case NCS_RI_VERTICES: return "vertices";
    case NCS_RI_SIDE: return "side";
    case NCS_RI_AT: return "at";
    default: return "setting";
    }
}

/* ---- scene ---------------------------------------------------------------- */

/* `steps` and `duration` exclude each other: the later one is reported. */
static int steps_and_duration(sema *S, const ncs_ritem *it, const ncs_ritem *other) {
    if (!other)
        return 0;
    if (loc_before(other->loc, it->loc)) {
        ncs_error(S->d, it->loc, "give either 'steps' or 'duration', not both");
        ncs_note(S->d, other->loc, "'%s' is set here", other->name);
    }
    return 1;
}

static void scene_duration(sema *S, const ncs_ritem *it, const ncs_ritem *hit) {
    ncs_scene *s = S->s;
    char q[80], q2[80];
    double T, h;
    if (!get_range(S, it, 0, &T) || !peek_number(hit, &h) || !(h > 0))
        return;
    double n = floor(T / h + 0.5);
    if (n < 1)
        ncs_error(S->d, it->val.loc, "duration %s is less than one time step (h = %s)",
                  shown(q, it->val.text), shown(q2, hit->val.text));
    else if (n > INT_MAX)
        ncs_error(S->d, it->val.loc, "duration %s needs more than 2147483647 steps",
                  shown(q, it->val.text));
    else if (fabs(n * h - T) > 1e-9 * T)
        ncs_error(S->d, it->val.loc, "duration %s is not a multiple of the time step h = %s",
                  shown(q, it->val.text), shown(q2, hit->val.text));
    else {
        s->steps = (int)n;
        S->have_steps = 1;
    }
}

/* The formulation the scene asks for, without reporting (-1: not valid). */
static int peek_formulation(const ncs_ritem *it) {
    if (!it)
        return NCS_FORM_MAX;
    if (it->val.kind != NCS_RV_NAME)
        return -1;
    return ncs_formulation_from_name(it->val.text, NULL);
}

static void scene_formulation(sema *S, const ncs_ritem *it) {
    char q[80], hint[100], all[100], expected[120];
    const char *names[NCS_NFORMS + 1];
    name_list(all, sizeof all, form_names(names));
    if (it->val.kind != NCS_RV_NAME) {
        ncs_error(S->d, it->val.loc, "formulation must be %s, got %s", all,
                  describe(q, &it->val));
        return;
    }
    int f = ncs_formulation_from_name(it->val.text, NULL);
    snprintf(expected, sizeof expected, " (expected %s)", all);
    if (f < 0)
        ncs_error(S->d, it->val.loc, "unknown formulation %s%s", ncs_quote(q, it->val.text, 32),
                  did_you_mean(hint, it->val.text, names)[0] ? hint : expected);
    else
        S->s->form = f;
}

/* The formulation that takes the scene constant `name` (ncs_forms), or -1. */
static int form_taking(const char *name) {
    for (int f = 0; f < NCS_NFORMS; f++)
        if (ncs_forms[f].constant && strcmp(ncs_forms[f].constant, name) == 0)
            return f;
    return -1;
}

/* gamma / epsilon: a number > 0 or auto, only meaningful for one formulation
 * (`form`, the final one: -1 when the scene's is not valid); ignored (not
 * stored) under another. */
static void scene_constant(sema *S, const ncs_ritem *it, int form, int wanted,
                           double *value, int *is_auto) {
    int a = 1;
    double v = 0;
    if (!get_range_or_auto(S, it, &v, &a) || (form >= 0 && form != wanted)) {
        if (form >= 0 && form != wanted)
            ncs_warning(S->d, it->loc, "'%s' only applies to formulation %s, not %s%s; ignored",
                        it->name, ncs_formulation_name(wanted), ncs_formulation_name(form),
                        S->p->form_override >= 0 ? " (set by --formulation)" : "");
        return;
    }
    *is_auto = a;
    if (!a)
        *value = v;
}

static void check_scene(sema *S, const ncs_rblock *b) {
    ncs_scene *s = S->s;
    const ncs_ritem *slot[SC_COUNT] = {0};

    s->name = b->name.text;
    s->loc = b->name.loc;
    const char *why = s->name ? ncs_prefix_problem(s->name) : NULL;
    if (why) {
        char q[80];
        ncs_error(S->d, s->loc, "scene name %s %s; rename the scene (its name "
                  "prefixes the generated code's names and files)", ncs_quote(q, s->name, 32),
                  why);
    }
    fill_slots(b, scene_settings, slot);
    /* the final formulation: the command line's wins over the scene's */
    int form = S->p->form_override >= 0 ? S->p->form_override
                                        : peek_formulation(slot[SC_FORMULATION]);
    for (const ncs_ritem *it = b->items; it; it = it->next) {
        if (it->kind != NCS_RI_SETTING) {
            ncs_error(S->d, it->loc, "'%s' is not allowed in the scene block",
                      item_word(it->kind));
            continue;
        }
        int a = 0;
        switch (setting_index(S, it, scene_settings, slot, "scene")) {
        case SC_H:
            get_range(S, it, 0, &s->h);
            break;
        case SC_STEPS:
            if (!steps_and_duration(S, it, slot[SC_DURATION]))
                S->have_steps = get_count(S, it, 0, &s->steps);
            break;
        case SC_DURATION:
            if (!steps_and_duration(S, it, slot[SC_STEPS]))
                scene_duration(S, it, slot[SC_H]);
            break;
        case SC_GRAVITY:
            get_vec(S, it, &s->gravity);
            break;
        case SC_FORMULATION:
            scene_formulation(S, it);
            break;
        case SC_GAMMA:
            scene_constant(S, it, form, form_taking(scene_settings[SC_GAMMA]), &s->gamma,
                           &s->gamma_auto);
            break;
        case SC_EPSILON:
            scene_constant(S, it, form, form_taking(scene_settings[SC_EPSILON]), &s->epsilon,
                           &s->epsilon_auto);
            break;
        case SC_FRICTION:
            get_range(S, it, 1, &s->friction);
            break;
        case SC_MARGIN:
            if (get_range_or_auto(S, it, &s->margin, &a))
                s->margin_auto = a;
            break;
        case SC_CAPACITY:
            get_count(S, it, 1, &s->capacity);
            break;
        case SC_RESTITUTION:
            get_fraction(S, it, &s->restitution);
            break;
        case SC_THRESHOLD:
            get_range(S, it, 1, &s->restitution_threshold);
            break;
        case SC_ERP:
            get_fraction(S, it, &s->erp);
            break;
        default:
            break;
        }
    }
    if (S->p->form_override >= 0)
        s->form = S->p->form_override;
    memcpy(S->scene_slot, slot, sizeof slot);
    if (b->damaged)
        return;
    if (!slot[SC_H])
        ncs_error(S->d, s->loc, "scene '%s' has no time step; add 'h = ...;'", s->name);
    if (!slot[SC_STEPS] && !slot[SC_DURATION])
        ncs_error(S->d, s->loc, "scene '%s' has no length; add 'steps = N;' or 'duration = T;'",
                  s->name);
}

/* ---- obstacles -------------------------------------------------------------- */

static void obstacle_ring(sema *S, const ncs_ritem *it, ncs_obstacle *o,
                          const ncs_ritem **outer) {
    if (o->kind == NCS_OBST_GROUP) {
        ncs_error(S->d, it->loc, "'%s' is only allowed in polygon obstacles; "
                  "group obstacles have sides", item_word(it->kind));
    } else if (it->kind == NCS_RI_OUTER && *outer) {
        ncs_error(S->d, it->loc, "repeated 'outer' boundary");
        ncs_note(S->d, (*outer)->loc, "first 'outer' is here");
    } else if (it->kind == NCS_RI_OUTER) {
        *outer = it;
        if (o->kind == NCS_OBST_POLYGON)
            o->outer = make_ring(S, it);
    } else if (o->kind == NCS_OBST_POLYGON) {
        o->holes[o->nholes++] = make_ring(S, it);
    }
}

static void obstacle_side(sema *S, const ncs_ritem *it, ncs_obstacle *o) {
    if (o->kind == NCS_OBST_POLYGON) {
        ncs_error(S->d, it->loc, "'side' is only allowed in group obstacles");
        return;
    }
    if (o->kind != NCS_OBST_GROUP)
        return;
    ncs_side *sd = &o->sides[o->nsides++];
    sd->point = it->side_point.vec;
    sd->normal = it->side_normal.vec;
    sd->loc = it->loc;
    if (sd->normal.x == 0 && sd->normal.y == 0)
        ncs_error(S->d, it->side_normal.loc, "side normal must be nonzero");
    if (fabs(sd->point.x) > NCS_COORD_MAX || fabs(sd->point.y) > NCS_COORD_MAX)
        ncs_error(S->d, it->side_point.loc, "side point (%g, %g) is too large: coordinates are %s",
                  sd->point.x, sd->point.y, coord_limit_why);
}

static void check_obstacle(sema *S, const ncs_rblock *b, ncs_obstacle *o) {
    const ncs_ritem *slot[OB_COUNT] = {0};
    const ncs_ritem *outer = NULL;
    char q[80], hint[100];
    const char *kinds[NCS_NOBST_KINDS + 1];

    o->name = b->name.text;
    o->loc = b->name.loc;
    o->kind = lookup(b->kindname.text, obstacle_kind_names(kinds));
    if (o->kind < 0 && b->kindname.text) {
        if (!did_you_mean(hint, b->kindname.text, kinds)[0])
            snprintf(hint, sizeof hint, " (expected %s or %s)",
                     ncs_obstacle_kinds[NCS_OBST_POLYGON].name, ncs_obstacle_kinds[NCS_OBST_GROUP].name);
        ncs_error(S->d, b->kindname.loc, "unknown obstacle kind %s%s",
                  ncs_quote(q, b->kindname.text, 32), hint);
    }

    int nholes = 0, nsides = 0;
    for (const ncs_ritem *it = b->items; it; it = it->next) {
        nholes += it->kind == NCS_RI_HOLE;
        nsides += it->kind == NCS_RI_SIDE;
    }
    o->holes = ncs_arena_array(S->p->arena, (size_t)nholes, sizeof *o->holes);
    o->sides = ncs_arena_array(S->p->arena, (size_t)nsides, sizeof *o->sides);
    if (!o->holes || !o->sides) {
        S->nomem = 1;
        return;
    }

    fill_slots(b, obstacle_settings, slot);
    S->obst_friction[o - S->s->obstacles] = slot[OB_FRICTION];
    for (const ncs_ritem *it = b->items; it; it = it->next) {
        switch (it->kind) {
        case NCS_RI_SETTING:
            if (setting_index(S, it, obstacle_settings, slot, "obstacle") == OB_FRICTION
                && get_range(S, it, 1, &o->friction))
                o->has_friction = 1;
            break;
        case NCS_RI_OUTER:
        case NCS_RI_HOLE:
            obstacle_ring(S, it, o, &outer);
            break;
        case NCS_RI_VERTICES:
            ncs_error(S->d, it->loc, "'vertices' is only allowed in polygon bodies; "
                      "obstacles use 'outer' and 'hole'");
            break;
        case NCS_RI_SIDE:
            obstacle_side(S, it, o);
            break;
        case NCS_RI_AT:
            ncs_error(S->d, it->loc, "'at' is only allowed in joints");
            break;
        default:
            break;
        }
    }
    if (b->damaged)
        return;
    if (o->kind == NCS_OBST_POLYGON && !outer)
        ncs_error(S->d, o->loc, "polygon obstacle '%s' has no boundary; add 'outer (x, y) ...;'",
                  o->name);
    if (o->kind == NCS_OBST_GROUP && o->nsides == 0)
        ncs_error(S->d, o->loc, "group obstacle '%s' has no sides; add 'side (x, y) normal (x, y);'",
                  o->name);
}

/* ---- bodies ----------------------------------------------------------------- */

/* Rotational inertia of a uniform polygon of mass m about its centroid;
 * 0 for a degenerate polygon (geometry validation reports those). */
static double polygon_inertia(const ncs_ring *r, double m) {
    double area2 = 0, cx = 0, cy = 0, j = 0;
    for (int i = 0; i < r->n; i++) {
        ncs_vec2 a = r->pt[i], b = r->pt[(i + 1) % r->n];
        double cr = a.x * b.y - b.x * a.y;
        area2 += cr;
        cx += (a.x + b.x) * cr;
        cy += (a.y + b.y) * cr;
        j += cr * (a.x * a.x + a.x * b.x + b.x * b.x + a.y * a.y + a.y * b.y + b.y * b.y);
    }
    if (r->n < 3 || !(fabs(area2) > 0))
        return 0;
    cx /= 3 * area2;
    cy /= 3 * area2;
    /* polar moment about the origin per unit density is j / 12, the area
     * is area2 / 2; both carry the winding's sign, so the ratio does not */
    double about_origin = m * (j / 12) / (area2 / 2);
    double about_centroid = about_origin - m * (cx * cx + cy * cy);
    return about_centroid > 0 ? about_centroid : 0;
}

static void body_vertices(sema *S, const ncs_ritem *it, ncs_body *o, const ncs_ritem **verts) {
    if (it->kind == NCS_RI_AT) {
        ncs_error(S->d, it->loc, "'at' is only allowed in joints");
    } else if (it->kind != NCS_RI_VERTICES) {
        ncs_error(S->d, it->loc, "'%s' is not allowed in a body%s", item_word(it->kind),
                  it->kind == NCS_RI_SIDE ? "" : "; polygon bodies use 'vertices'");
    } else if (o->kind >= 0 && o->kind != NCS_POLYGON) {
        ncs_error(S->d, it->loc, "'vertices' is not allowed in a %s body; "
                  "only polygon bodies have vertices", ncs_body_kinds[o->kind].name);
    } else if (*verts) {
        ncs_error(S->d, it->loc, "repeated 'vertices'");
        ncs_note(S->d, (*verts)->loc, "first 'vertices' is here");
    } else {
        *verts = it;
        if (o->kind == NCS_POLYGON)
            o->shape = make_ring(S, it);
    }
}

/* A setting that exists but not for this kind of body: warned, ignored. */
static int applies(sema *S, const ncs_ritem *it, const ncs_body *o, int kind) {
    if (o->kind == kind)
        return 1;
    if (o->kind >= 0)
        ncs_warning(S->d, it->loc, "'%s' does not apply to a %s body; ignored", it->name,
                    ncs_body_kinds[o->kind].name);
    return 0;
}

/* A kinematic body: its kind from its shape (`vertices`: a polygon, else a
 * disc), mass 1 for the checks that divide by it (no dynamics uses it).
 * Returns 0 when it has no shape or two (reported). */
static int kinematic_kind(sema *S, const ncs_rblock *b, ncs_body *o,
                          const ncs_ritem *const *slot) {
    const ncs_ritem *verts = NULL;
    for (const ncs_ritem *it = b->items; it && !verts; it = it->next)
        if (it->kind == NCS_RI_VERTICES)
            verts = it;
    o->kinematic = 1;
    o->mass = 1;
    o->kind = verts ? NCS_POLYGON : NCS_DISC;
    if (verts && slot[BO_RADIUS]) {
        ncs_error(S->d, slot[BO_RADIUS]->loc, "kinematic body '%s' has 'vertices' and "
                  "'radius'; keep one (a polygon or a disc)", o->name);
        ncs_note(S->d, verts->loc, "'vertices' is given here");
        return 0;
    }
    if (!verts && !slot[BO_RADIUS] && !b->damaged) {
        ncs_error(S->d, o->loc, "kinematic body '%s' has no shape; add 'vertices (x, y) ...;' "
                  "or 'radius = ...;'", o->name);
        return 0;
    }
    return 1;
}

/* Settings a kinematic body refuses: nothing acts on it. */
static int kinematic_refuses(sema *S, const ncs_ritem *it, int i) {
    if (i != BO_MASS && i != BO_FORCE && i != BO_TORQUE && i != BO_INERTIA)
        return 0;
    ncs_error(S->d, it->loc, "'%s' is not allowed in a kinematic body: it moves with its own "
              "velocity whatever acts on it", it->name);
    return 1;
}

static void check_body(sema *S, const ncs_rblock *b, ncs_body *o) {
    const ncs_ritem *slot[BO_COUNT] = {0};
    const ncs_ritem *verts = NULL;
    char q[80], hint[100], all[100], expected[120];
    const char *heads[NCS_NBODY_KINDS + 2];
    body_heads(heads);
    int kinematic = b->kindname.text && strcmp(b->kindname.text, heads[NCS_NBODY_KINDS]) == 0;

    o->name = b->name.text;
    o->loc = b->name.loc;
    o->kind = ncs_body_kind_from_name(b->kindname.text);
    if (o->kind < 0 && b->kindname.text && !kinematic) {
        snprintf(expected, sizeof expected, " (expected %s)", name_list(all, sizeof all, heads));
        ncs_error(S->d, b->kindname.loc, "unknown body kind %s%s",
                  ncs_quote(q, b->kindname.text, 32),
                  did_you_mean(hint, b->kindname.text, heads)[0] ? hint : expected);
    }

    fill_slots(b, body_settings, slot);
    memcpy(S->body_slot[o - S->s->bodies], slot, sizeof slot);
    if (kinematic && !kinematic_kind(S, b, o, slot))
        return;
    for (const ncs_ritem *it = b->items; it; it = it->next) {
        if (it->kind != NCS_RI_SETTING) {
            body_vertices(S, it, o, &verts);
            continue;
        }
        int i = setting_index(S, it, body_settings, slot, "body");
        if (o->kinematic && kinematic_refuses(S, it, i))
            continue;
        switch (i) {
        case BO_MASS: get_range(S, it, 0, &o->mass); break;
        case BO_POSITION:
            if (get_vec(S, it, &o->pos))
                coord_limit(S, it, "positions");
            break;
        case BO_VELOCITY:
            if (get_vec(S, it, &o->vel))
                coord_limit(S, it, "velocities");
            break;
        case BO_ANGLE:
            if (get_number(S, it, &o->angle))
                angle_limit(S, it);
            break;
        case BO_OMEGA:
            if (get_number(S, it, &o->omega))
                angle_limit(S, it);
            break;
        case BO_FORCE: get_vec(S, it, &o->force); break;
        case BO_TORQUE: get_number(S, it, &o->torque); break;
        case BO_FRICTION:
            if (get_range(S, it, 1, &o->friction))
                o->has_friction = 1;
            break;
        case BO_RADIUS:
            if (applies(S, it, o, NCS_DISC))
                get_range(S, it, 0, &o->radius);
            break;
        case BO_INERTIA:
            if (applies(S, it, o, NCS_POLYGON) && get_range(S, it, 0, &o->inertia))
                o->has_inertia = 1;
            break;
        case BO_RESTITUTION:
            if (get_fraction(S, it, &o->restitution))
                o->has_restitution = 1;
            break;
        default:
            break;
        }
    }
    if (o->kind == NCS_POLYGON && !slot[BO_INERTIA])
        o->inertia = polygon_inertia(&o->shape, o->mass);
    if (b->damaged)
        return;
    if (!slot[BO_MASS] && !o->kinematic)
        ncs_error(S->d, o->loc, "body '%s' has no mass; add 'mass = ...;'", o->name);
    if (o->kind == NCS_DISC && !slot[BO_RADIUS])
        ncs_error(S->d, o->loc, "disc '%s' has no radius; add 'radius = ...;'", o->name);
    if (o->kind == NCS_POLYGON && !verts)
        ncs_error(S->d, o->loc, "polygon body '%s' has no shape; add 'vertices (x, y) ...;'",
                  o->name);
}

/* ---- unique names ------------------------------------------------------------ */

typedef struct name_slot {
    const char *name;           /* NULL: empty */
    const ncs_rblock *decl;     /* the first block with this name */
    int body;                   /* body index, NAME_OBSTACLE or NAME_JOINT */
} name_slot;

enum { NAME_OBSTACLE = -1, NAME_JOINT = -2 };

typedef struct name_table {
    name_slot *slot;    /* open addressing, power-of-two size */
    size_t mask;        /* size - 1 */
} name_table;

static size_t name_hash(const char *s) {
    size_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static name_slot *name_find(name_table *t, const char *name) {
    size_t i = name_hash(name) & t->mask;
    while (t->slot[i].name && strcmp(t->slot[i].name, name) != 0)
        i = (i + 1) & t->mask;
    return &t->slot[i];
}

/* ---- joints ----------------------------------------------------------------- */

/* The body named by joint setting `it` (a name), or -1 (reported). */
static int joint_body(sema *S, const ncs_ritem *it, name_table *names) {
    char q[80], hint[100];
    if (it->val.kind != NCS_RV_NAME) {
        ncs_error(S->d, it->val.loc, "%s must be a body's name, got %s", it->name,
                  describe(q, &it->val));
        return -1;
    }
    name_slot *ns = name_find(names, it->val.text);
    if (ns->name && ns->body >= 0)
        return ns->body;
    if (ns->name) {
        ncs_error(S->d, it->val.loc, "'%s' is %s; a joint joins bodies%s", ns->name,
                  ns->body == NAME_JOINT ? "a joint" : "an obstacle",
                  ns->body == NAME_JOINT ? "" : " (leave out 'b' to join 'a' to the world)");
        return -1;
    }
    const char *g = NULL;
    int bestd = 3;
    for (size_t i = 0; i <= names->mask; i++) {
        const name_slot *t = &names->slot[i];
        if (!t->name || t->body < 0)
            continue;
        int dist = ncs_edit_distance(it->val.text, t->name, 2);
        if (dist < bestd || (dist == bestd && g && strcmp(t->name, g) < 0)) {
            bestd = dist;
            g = t->name;
        }
    }
    if (g)
        snprintf(hint, sizeof hint, "; did you mean '%s'?", g);
    else
        hint[0] = '\0';
    ncs_error(S->d, it->val.loc, "unknown body %s%s", ncs_quote(q, it->val.text, 32), hint);
    return -1;
}

/* A joint block: kind, a, b and `at` (checked against each other here;
 * the rod's length, which needs the bodies' positions, in joint_lengths). */
static void check_joint(sema *S, const ncs_rblock *b, name_table *names, ncs_joint *j) {
    const ncs_ritem *slot[JO_COUNT] = {0}, *at = NULL;
    char q[80], hint[100], all[100], expected[120];
    const char *kinds[NCS_NJOINT_KINDS + 1];
    const char *rod = ncs_joint_kind_name(NCS_JOINT_ROD);

    joint_names(kinds);
    j->name = b->name.text;
    j->loc = j->at_loc = b->name.loc;
    j->a = j->b = -1;
    j->kind = ncs_joint_kind_from_name(b->kindname.text);
    if (j->kind < 0 && b->kindname.text) {
        snprintf(expected, sizeof expected, " (expected %s)", name_list(all, sizeof all, kinds));
        ncs_error(S->d, b->kindname.loc, "unknown joint kind %s%s",
                  ncs_quote(q, b->kindname.text, 32),
                  did_you_mean(hint, b->kindname.text, kinds)[0] ? hint : expected);
    }
    fill_slots(b, joint_settings, slot);
    for (const ncs_ritem *it = b->items; it; it = it->next) {
        if (it->kind == NCS_RI_AT) {
            if (at) {
                ncs_error(S->d, it->loc, "repeated 'at'");
                ncs_note(S->d, at->loc, "'at' was first given here");
                continue;
            }
            at = it;
            if (isnan(it->side_point.vec.x) || isnan(it->side_point.vec.y))
                continue;
            if (fabs(it->side_point.vec.x) > NCS_COORD_MAX ||
                fabs(it->side_point.vec.y) > NCS_COORD_MAX) {
                ncs_error(S->d, it->side_point.loc, "at (%g, %g) is too large: points are %s",
                          it->side_point.vec.x, it->side_point.vec.y, coord_limit_why);
                continue;
            }
            j->has_at = 1;
            j->at = it->side_point.vec;
            j->at_loc = it->loc;
            continue;
        }
        if (it->kind != NCS_RI_SETTING) {
            ncs_error(S->d, it->loc, "'%s' is not allowed in a joint", item_word(it->kind));
            continue;
        }
        switch (setting_index(S, it, joint_settings, slot, "joint")) {
        case JO_A: j->a = joint_body(S, it, names); break;
        case JO_B: j->b = joint_body(S, it, names); break;
        case JO_SPEED:
            if (get_number(S, it, &j->speed)) {
                angle_limit(S, it);
                j->motor = 1;
                j->motor_loc = it->loc;
            }
            break;
        case JO_TORQUE: get_range(S, it, 1, &j->max_torque); break;
        default: break;
        }
    }
    if (!slot[JO_TORQUE])
        j->max_torque = -1; /* unbounded */
    if (b->damaged || j->kind < 0)
        return;
    if (slot[JO_TORQUE] && !slot[JO_SPEED])
        ncs_error(S->d, slot[JO_TORQUE]->loc, "'max_torque' without 'motor_speed': a motor "
                  "needs its speed; add 'motor_speed = ...;'");
    if (slot[JO_SPEED] && j->kind != NCS_JOINT_PIN)
        ncs_error(S->d, slot[JO_SPEED]->loc, "only %s joints have motors; '%s' is a %s",
                  ncs_joint_kind_name(NCS_JOINT_PIN), j->name, ncs_joint_kind_name(j->kind));
    if (!slot[JO_A]) {
        ncs_error(S->d, j->loc, "joint '%s' has no body; add 'a = BODY;'", j->name);
        return;
    }
    if (j->a >= 0 && j->a == j->b) {
        ncs_error(S->d, slot[JO_B]->val.loc, "joint '%s' joins body '%s' to itself", j->name,
                  slot[JO_B]->val.text);
        ncs_note(S->d, slot[JO_A]->val.loc, "'a' is the same body");
    }
    if (j->kind == NCS_JOINT_ROD) {
        if (slot[JO_B] && at) {
            ncs_error(S->d, at->loc, "%s '%s' has two far ends: 'b' and 'at'; keep one", rod,
                      j->name);
            ncs_note(S->d, slot[JO_B]->loc, "'b' is given here");
        } else if (!slot[JO_B] && !at) {
            ncs_error(S->d, j->loc, "%s '%s' has no far end; add 'b = BODY;' or 'at (x, y);'",
                      rod, j->name);
        }
    } else if (!at) {
        ncs_error(S->d, j->loc, "%s '%s' has no point; add 'at (x, y);'",
                  ncs_joint_kind_name(j->kind), j->name);
    }
}

/* Can a motor turn body x (NULL: the world)? A dynamic disc or polygon. */
static int turns(const ncs_body *x) {
    return x && !x->kinematic && x->kind != NCS_PARTICLE;
}

/* What needs every body checked: a joint holds at least one dynamic body
 * (a kinematic body takes no impulse: joined to the world or to another
 * kinematic body nothing could hold the joint), and a motor turns a body
 * that rotates (a dynamic disc or polygon). */
static void joint_bodies(sema *S) {
    for (int i = 0; i < S->s->njoints; i++) {
        const ncs_joint *j = &S->s->joints[i];
        const ncs_body *a = j->a >= 0 ? &S->s->bodies[j->a] : NULL;
        const ncs_body *b = j->b >= 0 ? &S->s->bodies[j->b] : NULL;
        if (a && a->kinematic && (!b || b->kinematic)) {
            ncs_error(S->d, j->loc, "joint '%s' holds kinematic body '%s' to %s: a joint needs "
                      "a dynamic body", j->name, a->name,
                      b ? "another kinematic body" : "the world");
            continue;
        }
        if (j->motor && !turns(a) && !turns(b))
            ncs_error(S->d, j->motor_loc, "the motor of '%s' turns nothing: particles do not "
                      "rotate and kinematic bodies turn as they are set", j->name);
    }
}

/* The rods' lengths from the bodies' initial positions: a rod must have
 * one. */
static void joint_lengths(sema *S) {
    for (int i = 0; i < S->s->njoints; i++) {
        ncs_joint *j = &S->s->joints[i];
        if (j->kind != NCS_JOINT_ROD || j->a < 0)
            continue;
        ncs_vec2 pa = S->s->bodies[j->a].pos, pb = j->b >= 0 ? S->s->bodies[j->b].pos : j->at;
        j->length = hypot(pa.x - pb.x, pa.y - pb.y);
        if (!(j->length > 0) || !isfinite(j->length))
            ncs_error(S->d, j->has_at ? j->at_loc : j->loc,
                      "%s '%s' has length %g: its ends are at the same point (%g, %g)",
                      ncs_joint_kind_name(NCS_JOINT_ROD), j->name, j->length, pa.x, pa.y);
    }
}

/* ---- expectations -------------------------------------------------------- */

/* `at step N` / `at end` into *step; 1 when valid. */
static int check_when(sema *S, const ncs_rwhen *w, int *step) {
    char q[80];
    if (w->end) {
        *step = NCS_EXPECT_END;
        return 1;
    }
    double v = w->step.num;
    if (isnan(v))
        return 0;
    if (v < 1 || v != floor(v) || v > INT_MAX) {
        ncs_error(S->d, w->step.loc, "step must be an integer >= 1, got %s",
                  shown(q, w->step.text));
        return 0;
    }
    if (S->have_steps && v > S->s->steps) {
        ncs_error(S->d, w->step.loc, "step %s is beyond the last step (steps = %d)",
                  shown(q, w->step.text), S->s->steps);
        return 0;
    }
    *step = (int)v;
    return 1;
}

static void check_expect(sema *S, const ncs_rblock *b, name_table *names, ncs_expect *e) {
    const ncs_rexpect *x = b->expect;
    char q[80], hint[100];

    S->expect_src[e - S->s->expects] = x;
    e->loc = b->loc;
    e->body = -1;
    e->step = NCS_EXPECT_EVERY;
    e->op = NCS_EXPECT_EQ;
    if (x->has_tol && !isnan(x->tol.num)) {
        if (x->tol.num < 0)
            ncs_error(S->d, x->tol.loc, "tolerance must be >= 0, got %s",
                      shown(q, x->tol.text));
        e->tol = x->tol.num;
    }
    if (x->form == NCS_RX_PENETRATION) {
        e->kind = NCS_EXPECT_NO_PENETRATION;
        if (!x->has_tol)
            e->tol = 1e-9;
        return;
    }
    if (x->form == NCS_RX_SOLVED) {
        e->kind = NCS_EXPECT_ALL_SOLVED;
        return;
    }

    /* NAME.member */
    name_slot *ns = name_find(names, x->target.text);
    if (!ns->name) {
        const char *g = NULL;
        int bestd = 3;
        for (int i = 0; i < S->s->nbodies; i++) {
            if (!S->s->bodies[i].name)
                continue;               /* head broken by a syntax error */
            int dist = ncs_edit_distance(x->target.text, S->s->bodies[i].name, 2);
            if (dist < bestd) {
                bestd = dist;
                g = S->s->bodies[i].name;
            }
        }
        if (g)
            snprintf(hint, sizeof hint, "; did you mean '%s'?", g);
        else
            hint[0] = '\0';
        ncs_error(S->d, x->target.loc, "unknown body %s%s", ncs_quote(q, x->target.text, 32), hint);
    } else if (ns->body < 0) {
        ncs_error(S->d, x->target.loc, "'%s' is %s; expectations are about bodies", ns->name,
                  ns->body == NAME_JOINT ? "a joint" : "an obstacle");
        ncs_note(S->d, ns->decl->name.loc, "'%s' is declared here", ns->name);
    } else {
        e->body = ns->body;
    }
    const char *members[NMEMBERS + 1];
    int m = lookup(x->member.text, member_names(members));
    if (m < 0) {
        /* the vectors first: "position, velocity, x, ... or omega" */
        const char *listed[NMEMBERS + 1];
        char all[100], expected[120];
        listed[0] = members[MEMBER_POSITION];
        listed[1] = members[MEMBER_VELOCITY];
        memcpy(listed + 2, members, sizeof members[0] * NCS_NCOORDS);
        listed[NMEMBERS] = NULL;
        snprintf(expected, sizeof expected, " (expected %s)", name_list(all, sizeof all, listed));
        ncs_error(S->d, x->member.loc, "unknown quantity %s%s", ncs_quote(q, x->member.text, 32),
                  did_you_mean(hint, x->member.text, members)[0] ? hint : expected);
    }

    /* when */
    const ncs_rwhen *w = x->when1.given ? &x->when1 : x->when2.given ? &x->when2 : NULL;
    if (x->when1.given && x->when2.given) {
        ncs_error(S->d, x->when2.loc, "'at' given twice");
        ncs_note(S->d, x->when1.loc, "first 'at' is here");
    } else if (w) {
        check_when(S, w, &e->step);
    } else if (x->op == NCS_EXPECT_EQ) {
        ncs_error(S->d, x->oploc, "'==' needs a time: add 'at step N' or 'at end'");
    }

    /* value */
    int vector = m == MEMBER_POSITION || m == MEMBER_VELOCITY;
    e->op = x->op;
    if (m < 0)
        return;
    if (vector) {
        e->kind = m == MEMBER_POSITION ? NCS_EXPECT_POSITION : NCS_EXPECT_VELOCITY;
        if (x->op != NCS_EXPECT_EQ)
            ncs_error(S->d, x->oploc, "'%s' can only be compared with '=='", members[m]);
        if (x->value.kind != NCS_RV_VEC)
            ncs_error(S->d, x->value.loc, "'%s' is a vector: compare it with (x, y), got %s",
                      members[m], describe(q, &x->value));
        else
            e->value = x->value.vec;
        if (!x->has_tol)
            e->tol = 1e-9;
    } else {
        e->coord = m;
        e->kind = x->op == NCS_EXPECT_EQ ? NCS_EXPECT_VALUE : NCS_EXPECT_BOUND;
        if (x->value.kind != NCS_RV_NUMBER)
            ncs_error(S->d, x->value.loc, "'%s' is a number: compare it with a number, got %s",
                      members[m], describe(q, &x->value));
        else
            e->scalar = x->value.num;
        if (!x->has_tol && x->op == NCS_EXPECT_EQ)
            e->tol = 1e-9;
    }
}

/* ---- the whole file --------------------------------------------------------- */

/* Allocates the scene's arrays and the name table (first declarations,
 * filled silently so that expectations may name later bodies). */
static int prepare(sema *S, name_table *names) {
    ncs_front *p = S->p;
    ncs_scene *s = S->s;
    size_t nobst = 0, nbody = 0, nexp = 0, njoint = 0;
    for (const ncs_rblock *b = p->items; b; b = b->next) {
        nobst += b->kind == NCS_RB_OBSTACLE;
        nbody += b->kind == NCS_RB_BODY;
        njoint += b->kind == NCS_RB_JOINT;
        nexp += b->kind == NCS_RB_EXPECT;
    }
    if (nobst > INT_MAX / 4 || nbody > INT_MAX / 4 || njoint > INT_MAX / 4 || nexp > INT_MAX)
        return -1;
    size_t size = 16;
    while (size < 2 * (nobst + nbody + njoint))
        size *= 2;
    names->mask = size - 1;
    names->slot = ncs_arena_array(p->arena, size, sizeof *names->slot);
    s->obstacles = ncs_arena_array(p->arena, nobst, sizeof *s->obstacles);
    s->bodies = ncs_arena_array(p->arena, nbody, sizeof *s->bodies);
    s->expects = ncs_arena_array(p->arena, nexp, sizeof *s->expects);
    s->joints = ncs_arena_array(p->arena, njoint, sizeof *s->joints);
    S->body_slot = ncs_arena_array(p->arena, nbody, sizeof *S->body_slot);
    S->obst_friction = ncs_arena_array(p->arena, nobst, sizeof *S->obst_friction);
    S->expect_src = ncs_arena_array(p->arena, nexp, sizeof *S->expect_src);
    if (!s->obstacles || !s->bodies || !s->expects || !s->joints || !names->slot || !S->body_slot ||
        !S->obst_friction || !S->expect_src)
        return -1;
    int body = 0;
    for (const ncs_rblock *b = p->items; b; b = b->next) {
        if (b->kind != NCS_RB_OBSTACLE && b->kind != NCS_RB_BODY && b->kind != NCS_RB_JOINT)
            continue;
        body += b->kind == NCS_RB_BODY;
        if (!b->name.text)
            continue;                   /* head broken by a syntax error */
        name_slot *ns = name_find(names, b->name.text);
        if (!ns->name) {
            ns->name = b->name.text;
            ns->decl = b;
            ns->body = b->kind == NCS_RB_BODY ? body - 1
                     : b->kind == NCS_RB_JOINT ? NAME_JOINT : NAME_OBSTACLE;
        }
    }
    return 0;
}

/* The scene block: the first item, and only once. */
static void scene_block(sema *S, const ncs_rblock *b, const ncs_rblock **scene) {
    if (*scene) {
        ncs_error(S->d, b->loc, "more than one scene block");
        ncs_note(S->d, (*scene)->loc, "the scene block is here");
        return;
    }
    *scene = b;
    if (b != S->p->items) {
        ncs_error(S->d, b->loc, "the scene block must come first");
        ncs_note(S->d, S->p->items->loc, "first item is here");
    }
    check_scene(S, b);
}

/* ---- quantities derived from the numbers ------------------------------------ */

/* The code generator folds the scene's numbers into constants: 1/h,
 * 1/mass, 1/inertia, gravity + force / mass, torque / inertia, epsilon / h,
 * the automatic gamma, epsilon and margin (from the scene's extent D and
 * speed bound Vmax), the contacts' offsets / h, sqrt(mu_body mu_obstacle),
 * bound +- tolerance, ... (plan.c, plan_sizes.c). Each must
 * be a finite number, so each is checked here, at the number that makes it
 * fail, and `--check` refuses what `-o` would. D and the largest coordinate
 * are bounded from the scene's own numbers: the geometry stage grows the
 * obstacles by at most 1.5 r + 0.02 for a disc of radius r (a circumscribed
 * polygon of at least 4 sides, disc_tol 1e-2), so a scene that passes
 * here has finite constants whatever the geometry makes of it. */


/* Friction rows (plan.c, any_friction): some body with friction against
 * an obstacle or another body with friction. */
static int friction_rows(const ncs_scene *s) {
    int bodies = 0, obstacles = 0;
    for (int o = 0; o < s->nobstacles; o++)
        obstacles |= s->obstacles[o].friction > 0;
    for (int b = 0; b < s->nbodies; b++)
        bodies += s->bodies[b].friction > 0;
    return bodies > 0 && (obstacles || bodies > 1);
}

/** Bounds of the scene's size as the code generator will see it. */
typedef struct extent {
    double box[4];  /* every coordinate, grown for the discs (min x, min y, max x, max y) */
    double D;       /* upper bound of the generator's D (its diagonal; 1 for a point) */
    double Dlo;     /* lower bound: the diagonal before growing (0 for a point) */
    double L;       /* largest magnitude of a coordinate in the grown box */
    int ok;         /* 0: an obstacle vertex is out of range (the geometry reports it) */
} extent;

static void box_add(double box[4], ncs_vec2 v) {
    box[0] = fmin(box[0], v.x);
    box[1] = fmin(box[1], v.y);
    box[2] = fmax(box[2], v.x);
    box[3] = fmax(box[3], v.y);
}

static void ring_add(extent *e, const ncs_ring *r) {
    for (int j = 0; j < r->n; j++) {
        if (!(fabs(r->pt[j].x) <= NCS_COORD_MAX && fabs(r->pt[j].y) <= NCS_COORD_MAX))
            e->ok = 0;
        box_add(e->box, r->pt[j]);
    }
}

static void scene_extent(const ncs_scene *s, extent *e) {
    double grow = 0;
    e->box[0] = e->box[1] = HUGE_VAL;
    e->box[2] = e->box[3] = -HUGE_VAL;
    e->ok = 1;
    for (int i = 0; i < s->nobstacles; i++) {
        const ncs_obstacle *o = &s->obstacles[i];
        if (o->kind == NCS_OBST_POLYGON) {
            ring_add(e, &o->outer);
            for (int k = 0; k < o->nholes; k++)
                ring_add(e, &o->holes[k]);
        }
        for (int k = 0; k < o->nsides; k++)
            box_add(e->box, o->sides[k].point);
    }
    for (int i = 0; i < s->nbodies; i++) {
        box_add(e->box, s->bodies[i].pos);
        if (s->bodies[i].kind == NCS_DISC)
            grow = fmax(grow, 1.5 * s->bodies[i].radius + 0.02);
    }
    e->Dlo = hypot(e->box[2] - e->box[0], e->box[3] - e->box[1]);
    e->D = hypot(e->box[2] - e->box[0] + 2 * grow, e->box[3] - e->box[1] + 2 * grow);
    e->D = e->D > 0 ? e->D : 1;
    e->box[0] -= grow;
    e->box[1] -= grow;
    e->box[2] += grow;
    e->box[3] += grow;
    e->L = 0;
    for (int k = 0; k < 4; k++)
        e->L = fmax(e->L, fabs(e->box[k]));
}

/* The setting that makes body b's acceleration gravity + force / mass
 * large: its force when that dominates, else the scene's gravity. */
static const ncs_ritem *accel_source(sema *S, int b) {
    const ncs_body *bd = &S->s->bodies[b];
    const ncs_ritem *force = S->body_slot[b][BO_FORCE];
    ncs_vec2 g = S->s->gravity;
    if (force && hypot(bd->force.x / bd->mass, bd->force.y / bd->mass) >= hypot(g.x, g.y))
        return force;
    return S->scene_slot[SC_GRAVITY] ? S->scene_slot[SC_GRAVITY] : force;
}

/* The inverse inertia of body b (0 for a particle); 1 with *iI set, 0 after
 * reporting the number that makes it, or the inertia, not finite. */
static int body_inverse_inertia(sema *S, int b, double *iI) {
    const ncs_body *bd = &S->s->bodies[b];
    const ncs_ritem *const *bs = S->body_slot[b];
    char q[80];
    *iI = 0;
    if (bd->kind == NCS_DISC && bs[BO_RADIUS]) {
        double r2 = bd->radius * bd->radius, I = 0.5 * bd->mass * r2;
        if (!isfinite(r2)) {
            out_of_range(S, bs[BO_RADIUS], "too large: radius^2 (in the disc's inertia "
                         "mass radius^2 / 2) is not a finite number");
            return 0;
        }
        if (!isfinite(I)) {
            out_of_range(S, bs[BO_MASS], "too large for radius = %s: the disc's inertia "
                         "mass radius^2 / 2 is not a finite number",
                         shown(q, bs[BO_RADIUS]->val.text));
            return 0;
        }
        *iI = 1 / I;
        if (!isfinite(*iI) || !isfinite(*iI * r2)) {
            out_of_range(S, bs[BO_RADIUS], "too small for mass = %s: 1/inertia (the disc's "
                         "inertia mass radius^2 / 2 = %g) is not a finite number",
                         shown(q, bs[BO_MASS]->val.text), I);
            return 0;
        }
    } else if (bd->kind == NCS_POLYGON && bs[BO_INERTIA]) {
        *iI = 1 / bd->inertia;
        if (!isfinite(*iI)) {
            out_of_range(S, bs[BO_INERTIA], "too small: 1/inertia is not a finite number");
            return 0;
        }
    } else if (bd->kind == NCS_POLYGON) {
        double unit = polygon_inertia(&bd->shape, 1);
        if (!isfinite(unit)) {
            ncs_error(S->d, bd->shape.at, "the vertices of '%s' are too large: its inertia "
                      "for uniform density is not a finite number; give 'inertia = ...;'",
                      bd->name);
            return 0;
        }
        if (!(unit > 0))
            return 1;   /* a degenerate shape: the geometry stage reports it */
        *iI = 1 / bd->inertia;
        if (!(bd->inertia > 0) || !isfinite(bd->inertia) || !isfinite(*iI)) {
            out_of_range(S, bs[BO_MASS], "too %s for the vertices of '%s': 1/inertia (the "
                         "inertia for uniform density, %g) is not a finite number; give "
                         "'inertia = ...;'", bd->inertia > 1 ? "large" : "small", bd->name,
                         bd->inertia);
            return 0;
        }
    }
    return 1;
}

/* Which of h^k and x makes the term h^k x large: h's setting when h^k is
 * the larger number (or x has none), else x's setting `src`. */
static const ncs_ritem *term_source(sema *S, double hk, double x, const ncs_ritem *src) {
    return hk > fabs(x) || !src ? S->scene_slot[SC_H] : src;
}

/* One coordinate of body b after a first step free of contacts: speed
 * v1 = v0 + h acc, position q1 = q0 + h v1 (`rot`: the angle). Returns 0
 * after an error at the setting that takes it beyond NCS_COORD_MAX (or
 * makes it not finite): for the speed the larger factor of h acc (h, or
 * acc's source `asrc`), for the position that of the larger of the terms
 * h v0 (v0's source `vsrc`) and h^2 acc. */
static int first_coord(sema *S, int b, int rot, double q0, double v0, double acc,
                       const ncs_ritem *vsrc, const ncs_ritem *asrc) {
    double h = S->s->h, v1 = v0 + h * acc, q1 = q0 + h * v1;
    int speed = !(fabs(v1) <= NCS_COORD_MAX);
    const ncs_ritem *it;
    char q[80];
    if (speed)
        it = term_source(S, h, acc, asrc);
    else if (!(fabs(q1) <= NCS_COORD_MAX))
        it = fabs(h * v0) >= fabs(h * h * acc) ? term_source(S, h, v0, vsrc)
                                               : term_source(S, h * h, acc, asrc);
    else
        return 1;
    out_of_range(S, it, "too large%s%s: the first step already takes the %s%s of '%s' "
                 "to %g, beyond 1e+150 in magnitude (the largest coordinate of a body's "
                 "state)", it == S->scene_slot[SC_H] ? "" : " for h = ",
                 it == S->scene_slot[SC_H] ? "" : shown(q, S->scene_slot[SC_H]->val.text),
                 rot && speed ? "angular " : "",
                 speed ? "velocity" : rot ? "angle" : "position", S->s->bodies[b].name,
                 speed ? v1 : q1);
    return 0;
}

/* Body b's state after its first step free of contacts (accelerations ax,
 * ay, alpha): within NCS_COORD_MAX, or an error at the number that takes it
 * beyond. Returns 0 after an error. */
static int first_step(sema *S, int b, double ax, double ay, double alpha) {
    const ncs_body *bd = &S->s->bodies[b];
    const ncs_ritem *const *bs = S->body_slot[b];
    const ncs_ritem *acc = accel_source(S, b);
    return first_coord(S, b, 0, bd->pos.x, bd->vel.x, ax, bs[BO_VELOCITY], acc) &&
           first_coord(S, b, 0, bd->pos.y, bd->vel.y, ay, bs[BO_VELOCITY], acc) &&
           first_coord(S, b, 1, bd->angle, bd->omega, alpha, bs[BO_OMEGA], bs[BO_TORQUE]);
}

/* Body b's own constants: 1/mass, 1/inertia, torque / inertia, its
 * acceleration and its initial speed (largest square into *v2, largest
 * acceleration into *amax, *amax_body). Returns 0 after an error. */
static int check_body_numbers(sema *S, int b, double *v2, double *amax, int *amax_body) {
    const ncs_body *bd = &S->s->bodies[b];
    const ncs_ritem *const *bs = S->body_slot[b];
    ncs_vec2 g = S->s->gravity;
    double iI, r = bd->kind == NCS_DISC ? bd->radius : 0;
    char q[80];
    if (bd->kinematic) { /* its speed, no acceleration */
        double sp = hypot(bd->vel.x, bd->vel.y) + fabs(bd->omega) * r;
        *v2 = fmax(*v2, sp * sp);
        return 1;
    }
    if (!bs[BO_MASS])
        return 0;
    if (!isfinite(1 / bd->mass)) {
        out_of_range(S, bs[BO_MASS], "too small: 1/mass is not a finite number");
        return 0;
    }
    if (!body_inverse_inertia(S, b, &iI))
        return 0;
    if (bs[BO_TORQUE] && !isfinite(bd->torque * iI)) {
        out_of_range(S, bs[BO_TORQUE], "too large: torque / inertia is not a finite number");
        return 0;
    }
    double ax = g.x + bd->force.x / bd->mass, ay = g.y + bd->force.y / bd->mass;
    double a = hypot(ax, ay);
    if (!isfinite(a)) {
        const ncs_ritem *src = accel_source(S, b);
        if (src)
            out_of_range(S, src, "too large%s%s: the acceleration gravity + force / mass of "
                         "'%s' is not a finite number", src == bs[BO_FORCE] ? " for mass = " : "",
                         src == bs[BO_FORCE] ? shown(q, bs[BO_MASS]->val.text) : "", bd->name);
        return 0;
    }
    double sp = hypot(bd->vel.x, bd->vel.y) + fabs(bd->omega) * r;
    if (!isfinite(sp * sp)) {
        /* |velocity| is within NCS_COORD_MAX * sqrt(2): omega makes it */
        if (bs[BO_OMEGA])
            out_of_range(S, bs[BO_OMEGA], "too large for radius = %s: the squared speed "
                         "(|velocity| + |omega| radius)^2 is not a finite number",
                         shown(q, bs[BO_RADIUS]->val.text));
        return 0;
    }
    if (!first_step(S, b, ax, ay, bd->torque * iI))
        return 0;
    *v2 = fmax(*v2, sp * sp);
    if (a > *amax) {
        *amax = a;
        *amax_body = b;
    }
    return 1;
}

/* sqrt(mu_body mu_obstacle) of every pair; the first pair that overflows
 * is reported at the larger coefficient that was written. */
static void check_friction_pairs(sema *S) {
    const ncs_scene *s = S->s;
    for (int b = 0; b < s->nbodies; b++)
        for (int o = 0; o < s->nobstacles; o++) {
            double fb = s->bodies[b].friction, fo = s->obstacles[o].friction;
            if (isfinite(fb * fo))
                continue;
            const ncs_ritem *it = S->body_slot[b][BO_FRICTION];
            if (!it || (S->obst_friction[o] && fo > fb))
                it = S->obst_friction[o];
            if (!it)
                it = S->scene_slot[SC_FRICTION];
            if (it)
                out_of_range(S, it, "too large: the friction coefficient sqrt(mu_body "
                             "mu_obstacle) of body '%s' and obstacle '%s' is not a finite "
                             "number", s->bodies[b].name, s->obstacles[o].name);
            return;
        }
}

/* Bounds with a slack: bound +- tolerance is a constant of the simulator. */
static void check_expect_numbers(sema *S) {
    char q[80], q2[80];
    for (int i = 0; i < S->s->nexpects; i++) {
        const ncs_expect *e = &S->s->expects[i];
        const ncs_rexpect *x = S->expect_src[i];
        double v = e->op == NCS_EXPECT_LE ? e->scalar + e->tol : e->scalar - e->tol;
        if (e->kind == NCS_EXPECT_BOUND && x && x->has_tol && !isfinite(v))
            ncs_error(S->d, x->tol.loc, "tolerance %s is too large for the bound %s: bound %s "
                      "tolerance is not a finite number", shown(q, x->tol.text),
                      shown(q2, x->value.text ? x->value.text : "?"),
                      e->op == NCS_EXPECT_LE ? "+" : "-");
    }
}

/* An explicit capacity (at most that many pairs in one island: plan.c)
 * whose islands exceed the runtime's limit even when every pair is one
 * convex contact. */
static void check_island_capacity(sema *S) {
    const ncs_scene *s = S->s;
    const ncs_ritem *it = S->scene_slot[SC_CAPACITY];
    if (!it || s->capacity <= 0)
        return;
    long long cap = s->capacity, k = friction_rows(s) ? 2 : 0;
    long long rows = cap * (1 + (k > 0 ? k + 1 : 0));
    if (rows > NCS_LCP_MAX_M)
        out_of_range(S, it, "too large: islands of at least %lld LCP rows (formulation %s), "
                     "above the runtime's limit of %d; choose a smaller capacity", rows,
                     ncs_formulation_name(s->form), NCS_LCP_MAX_M);
}

/* The energy bound of the sizes (plan.c, speed_bound): every body's
 * m v^2 / 2 + I w^2 / 2 + m |a| (extent), and their sum. */
static void check_energy(sema *S, const extent *ex) {
    const ncs_scene *s = S->s;
    double E = 0, w = ex->box[2] - ex->box[0], hgt = ex->box[3] - ex->box[1];
    for (int b = 0; b < s->nbodies; b++) {
        const ncs_body *bd = &s->bodies[b];
        double I = bd->kind == NCS_DISC ? 0.5 * bd->mass * bd->radius * bd->radius
                   : bd->kind == NCS_POLYGON ? bd->inertia : 0;
        double ax = s->gravity.x + bd->force.x / bd->mass;
        double ay = s->gravity.y + bd->force.y / bd->mass;
        double kin = 0.5 * bd->mass * (bd->vel.x * bd->vel.x + bd->vel.y * bd->vel.y);
        double rot = 0.5 * I * bd->omega * bd->omega;
        E += kin + rot + bd->mass * (fabs(ax) * w + fabs(ay) * hgt);
        if (!isfinite(E)) {
            /* the rotation's share is omega's fault, the others the mass's */
            const ncs_ritem *it = S->body_slot[b][BO_MASS];
            if (!(rot <= kin) && S->body_slot[b][BO_OMEGA])
                it = S->body_slot[b][BO_OMEGA];
            if (it)
                out_of_range(S, it, "too large for this scene: the energy bound (sum of "
                             "m v^2 / 2 + I omega^2 / 2 + m |a| D over the bodies) is not a "
                             "finite number");
            return;
        }
    }
}

/* The scene-wide constants: speed bound, automatic gamma, epsilon and
 * margin, offsets / h, the reach of one step. */
static void check_scene_numbers(sema *S, const extent *ex, double v2, double amax,
                                int amax_body) {
    const ncs_scene *s = S->s;
    const ncs_ritem *hit = S->scene_slot[SC_H], *eps = S->scene_slot[SC_EPSILON];
    double h = s->h, vmax = sqrt(v2 + 2 * amax * ex->D);
    char q[80];
    if (!isfinite(vmax)) {
        const ncs_ritem *src = amax_body >= 0 ? accel_source(S, amax_body) : NULL;
        if (src)
            out_of_range(S, src, "too large for this scene (extent D about %g): the speed "
                         "bound sqrt(v^2 + 2 |a| D) is not a finite number", ex->D);
        return;
    }
    if (!isfinite(fmax(ex->L, ex->D) / h)) {
        out_of_range(S, hit, "too small for this scene (coordinates up to about %g): "
                     "coordinate / h (in the contacts' offsets and the automatic gamma) is "
                     "not a finite number", fmax(ex->L, ex->D));
        return;
    }
    if (s->gamma_auto && !isfinite(2 * (ex->D / h + vmax) + 1)) {
        out_of_range(S, hit, "too small for this scene: the automatic gamma "
                     "2 (D / h + Vmax) + 1 is not a finite number");
        return;
    }
    if (!s->epsilon_auto && eps && !isfinite(s->epsilon / h))
        out_of_range(S, eps, "too large for h = %s: epsilon / h is not a finite number",
                     shown(q, hit->val.text));
    else if (!s->epsilon_auto && eps && s->form == NCS_FORM_SUMMATION && !(s->epsilon / h > 0))
        out_of_range(S, eps, "too small for h = %s: epsilon / h is 0 (it underflows)",
                     shown(q, hit->val.text));
    else if (s->epsilon_auto && s->form == NCS_FORM_SUMMATION && ex->Dlo > 0) {
        double k = 1e-9; /* plan.c: PLAN_EPSILON */
        if (!(k * ex->Dlo > 0))
            ncs_error(S->d, s->loc, "scene '%s' is too small (extent %g): the automatic "
                      "epsilon %g D is 0; set 'epsilon = ...;'", s->name, ex->Dlo, k);
        else if (!(k * ex->Dlo / h > 0))
            out_of_range(S, hit, "too large for this scene (extent %g): the automatic "
                         "epsilon / h (%g D / h) is 0 (it underflows); set 'epsilon = ...;'",
                         ex->Dlo, k);
    }
    double reach = 2 * h * (vmax + h * amax);
    double margin = s->margin_auto ? 1e-2 * ex->D : s->margin;
    if (!isfinite(reach))
        out_of_range(S, hit, "too large: the reach of one step 2 h (Vmax + h |a|) is not a "
                     "finite number");
    else if (!isfinite(reach + margin) && S->scene_slot[SC_MARGIN])
        out_of_range(S, S->scene_slot[SC_MARGIN], "too large: the reach of one step "
                     "2 h (Vmax + h |a|) + margin is not a finite number");
    check_energy(S, ex);
}

/* Every derived constant of a scene that passed the other checks. */
static void check_derived(sema *S) {
    const ncs_scene *s = S->s;
    const ncs_ritem *hit = S->scene_slot[SC_H];
    double v2 = 0, amax = 0;
    int ok = 1, amax_body = -1;
    extent ex;
    if (!hit)
        return;
    if (!isfinite(1 / s->h)) {
        out_of_range(S, hit, "too small: 1/h is not a finite number");
        ok = 0;
    } else if (!isfinite(s->h * s->steps)) {
        out_of_range(S, hit, "too large: the simulated time steps * h is not a finite number");
        ok = 0;
    }
    for (int b = 0; b < s->nbodies; b++)
        ok &= check_body_numbers(S, b, &v2, &amax, &amax_body);
    check_friction_pairs(S);
    check_expect_numbers(S);
    check_island_capacity(S);
    scene_extent(s, &ex);
    if (ok && ex.ok)
        check_scene_numbers(S, &ex, v2, amax, amax_body);
}

ncs_scene *ncs_sema(ncs_front *p) {
    ncs_loc nowhere = {0, 0};
    name_table names;
    sema S;
    memset(&S, 0, sizeof S);
    S.p = p;
    S.d = p->d;
    ncs_scene *s = S.s = ncs_arena_alloc(p->arena, sizeof *s);
    if (!s || prepare(&S, &names) != 0) {
        ncs_error(p->d, nowhere, "out of memory");
        p->nomem = 1;
        return NULL;
    }
    int errors_before = ncs_diag_errors(p->d);
    s->file = p->file;
    s->form = p->form_override >= 0 ? p->form_override : NCS_FORM_MAX;
    s->gamma_auto = s->epsilon_auto = s->margin_auto = 1;
    s->restitution_threshold = 1;

    /* every item in file order, so messages come out in file order */
    const ncs_rblock *scene = NULL;
    for (const ncs_rblock *b = p->items; b && !S.nomem; b = b->next) {
        if (b->kind == NCS_RB_SCENE) {
            scene_block(&S, b, &scene);
            continue;
        }
        if (b->kind == NCS_RB_EXPECT) {
            check_expect(&S, b, &names, &s->expects[s->nexpects++]);
            continue;
        }
        name_slot *ns = b->name.text ? name_find(&names, b->name.text) : NULL;
        if (ns && ns->decl != b) {
            ncs_error(p->d, b->name.loc, "duplicate name '%s'", ns->name);
            ncs_note(p->d, ns->decl->name.loc, "'%s' is first declared here", ns->name);
        }
        if (b->kind == NCS_RB_OBSTACLE)
            check_obstacle(&S, b, &s->obstacles[s->nobstacles++]);
        else if (b->kind == NCS_RB_JOINT)
            check_joint(&S, b, &names, &s->joints[s->njoints++]);
        else
            check_body(&S, b, &s->bodies[s->nbodies++]);
    }
    if (S.nomem) {
        ncs_error(p->d, nowhere, "out of memory");
        p->nomem = 1;
        return NULL;
    }
    if (p->syntax_errors == 0 && !scene) {
        /* at the first declaration, or at the end of an empty file */
        ncs_loc at = {p->line, p->col};
        if (p->items)
            at = p->items->loc;
        ncs_error(p->d, at, "no scene block; the file must start with "
                  "'scene NAME { h = ...; steps = ...; }'");
    }
    if (p->syntax_errors == 0 && scene && s->nbodies == 0)
        ncs_error(p->d, s->loc, "scene '%s' has no bodies; add 'body NAME particle { mass = 1; }'",
                  s->name);

    /* scene-wide friction default */
    for (int i = 0; i < s->nobstacles; i++)
        if (!s->obstacles[i].has_friction)
            s->obstacles[i].friction = s->friction;
    for (int i = 0; i < s->nbodies; i++)
        if (!s->bodies[i].has_friction)
            s->bodies[i].friction = s->friction;
    for (int i = 0; i < s->nbodies; i++)
        if (!s->bodies[i].has_restitution)
            s->bodies[i].restitution = s->restitution;
    if (p->syntax_errors == 0 && ncs_diag_errors(p->d) == errors_before)
    {
        joint_lengths(&S);
        joint_bodies(&S);
    }

    if (p->syntax_errors == 0 && scene && ncs_diag_errors(p->d) == errors_before)
        check_derived(&S);

    s->arena = p->arena;
    return ncs_diag_errors(p->d) > errors_before ? NULL : s;
}
