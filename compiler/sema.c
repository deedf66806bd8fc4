/* sema.c - semantic checks: the raw tree of front.h becomes an ncs_scene.
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
#include <stdint.h>
#include <string.h>
#include "front.h"
#include "parse.h"

typedef struct sema {
    ncs_front *p;       /* the parse */
    ncs_diag *d;        /* diagnostics */
    ncs_scene *s;       /* scene being built */
    int have_steps;     /* s->steps is known (for `at step N` checks) */
    int nomem;          /* an allocation failed */
} sema;

/* ---- names ---------------------------------------------------------------- */

static const char *const form_names[] = {
    "stewart", "max", "summation", "diff", "diff-accurate", NULL
};

int ncs_formulation_from_name(const char *name, const char **suggestion) {
    for (int i = 0; form_names[i]; i++)
        if (strcmp(name, form_names[i]) == 0) {
            if (suggestion)
                *suggestion = NULL;
            return i;
        }
    if (suggestion)
        *suggestion = ncs_suggest(name, form_names);
    return -1;
}

const char *ncs_formulation_name(int f) {
    return f >= 0 && f <= NCS_FORM_DIFF_ACCURATE ? form_names[f] : "?";
}

enum { SC_H, SC_STEPS, SC_DURATION, SC_GRAVITY, SC_FORMULATION, SC_GAMMA,
       SC_EPSILON, SC_FRICTION, SC_MARGIN, SC_CAPACITY, SC_COUNT };
static const char *const scene_settings[] = {
    "h", "steps", "duration", "gravity", "formulation", "gamma", "epsilon",
    "friction", "margin", "capacity", NULL
};

enum { OB_FRICTION, OB_COUNT };
static const char *const obstacle_settings[] = {"friction", NULL};

enum { BO_MASS, BO_POSITION, BO_VELOCITY, BO_ANGLE, BO_OMEGA, BO_FORCE,
       BO_TORQUE, BO_FRICTION, BO_RADIUS, BO_INERTIA, BO_COUNT };
static const char *const body_settings[] = {
    "mass", "position", "velocity", "angle", "omega", "force", "torque",
    "friction", "radius", "inertia", NULL
};

static const char *const obstacle_kinds[] = {"polygon", "group", NULL};
static const char *const body_kinds[] = {"particle", "disc", "polygon", NULL};
static const char *const members[] = {
    "x", "y", "theta", "vx", "vy", "omega", "position", "velocity", NULL
};
enum { MEMBER_POSITION = 6, MEMBER_VELOCITY = 7 };

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
    char q[80], hint[100];
    if (it->val.kind != NCS_RV_NAME) {
        ncs_error(S->d, it->val.loc,
                  "formulation must be stewart, max, summation, diff or diff-accurate, got %s",
                  describe(q, &it->val));
        return;
    }
    int f = ncs_formulation_from_name(it->val.text, NULL);
    if (f < 0)
        ncs_error(S->d, it->val.loc, "unknown formulation %s%s", ncs_quote(q, it->val.text, 32),
                  did_you_mean(hint, it->val.text, form_names)[0] ? hint
                  : " (expected stewart, max, summation, diff or diff-accurate)");
    else
        S->s->form = f;
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
            scene_constant(S, it, form, NCS_FORM_MAX, &s->gamma, &s->gamma_auto);
            break;
        case SC_EPSILON:
            scene_constant(S, it, form, NCS_FORM_SUMMATION, &s->epsilon, &s->epsilon_auto);
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
        default:
            break;
        }
    }
    if (S->p->form_override >= 0)
        s->form = S->p->form_override;
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
}

static void check_obstacle(sema *S, const ncs_rblock *b, ncs_obstacle *o) {
    const ncs_ritem *slot[OB_COUNT] = {0};
    const ncs_ritem *outer = NULL;
    char q[80], hint[100];

    o->name = b->name.text;
    o->loc = b->name.loc;
    o->kind = lookup(b->kindname.text, obstacle_kinds);
    if (o->kind < 0 && b->kindname.text)
        ncs_error(S->d, b->kindname.loc, "unknown obstacle kind %s%s",
                  ncs_quote(q, b->kindname.text, 32),
                  did_you_mean(hint, b->kindname.text, obstacle_kinds)[0] ? hint
                  : " (expected polygon or group)");

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
    if (it->kind != NCS_RI_VERTICES) {
        ncs_error(S->d, it->loc, "'%s' is not allowed in a body%s", item_word(it->kind),
                  it->kind == NCS_RI_SIDE ? "" : "; polygon bodies use 'vertices'");
    } else if (o->kind >= 0 && o->kind != NCS_BODY_POLYGON) {
        ncs_error(S->d, it->loc, "'vertices' is not allowed in a %s body; "
                  "only polygon bodies have vertices", body_kinds[o->kind]);
    } else if (*verts) {
        ncs_error(S->d, it->loc, "repeated 'vertices'");
        ncs_note(S->d, (*verts)->loc, "first 'vertices' is here");
    } else {
        *verts = it;
        if (o->kind == NCS_BODY_POLYGON)
            o->shape = make_ring(S, it);
    }
}

/* A setting that exists but not for this kind of body: warned, ignored. */
static int applies(sema *S, const ncs_ritem *it, const ncs_body *o, int kind) {
    if (o->kind == kind)
        return 1;
    if (o->kind >= 0)
        ncs_warning(S->d, it->loc, "'%s' does not apply to a %s body; ignored", it->name,
                    body_kinds[o->kind]);
    return 0;
}

static void check_body(sema *S, const ncs_rblock *b, ncs_body *o) {
    const ncs_ritem *slot[BO_COUNT] = {0};
    const ncs_ritem *verts = NULL;
    char q[80], hint[100];

    o->name = b->name.text;
    o->loc = b->name.loc;
    o->kind = lookup(b->kindname.text, body_kinds);
    if (o->kind < 0 && b->kindname.text)
        ncs_error(S->d, b->kindname.loc, "unknown body kind %s%s",
                  ncs_quote(q, b->kindname.text, 32),
                  did_you_mean(hint, b->kindname.text, body_kinds)[0] ? hint
                  : " (expected particle, disc or polygon)");

    fill_slots(b, body_settings, slot);
    for (const ncs_ritem *it = b->items; it; it = it->next) {
        if (it->kind != NCS_RI_SETTING) {
            body_vertices(S, it, o, &verts);
            continue;
        }
        switch (setting_index(S, it, body_settings, slot, "body")) {
        case BO_MASS: get_range(S, it, 0, &o->mass); break;
        case BO_POSITION: get_vec(S, it, &o->pos); break;
        case BO_VELOCITY: get_vec(S, it, &o->vel); break;
        case BO_ANGLE: get_number(S, it, &o->angle); break;
        case BO_OMEGA: get_number(S, it, &o->omega); break;
        case BO_FORCE: get_vec(S, it, &o->force); break;
        case BO_TORQUE: get_number(S, it, &o->torque); break;
        case BO_FRICTION:
            if (get_range(S, it, 1, &o->friction))
                o->has_friction = 1;
            break;
        case BO_RADIUS:
            if (applies(S, it, o, NCS_BODY_DISC))
                get_range(S, it, 0, &o->radius);
            break;
        case BO_INERTIA:
            if (applies(S, it, o, NCS_BODY_POLYGON) && get_range(S, it, 0, &o->inertia))
                o->has_inertia = 1;
            break;
        default:
            break;
        }
    }
    if (o->kind == NCS_BODY_POLYGON && !slot[BO_INERTIA])
        o->inertia = polygon_inertia(&o->shape, o->mass);
    if (b->damaged)
        return;
    if (!slot[BO_MASS])
        ncs_error(S->d, o->loc, "body '%s' has no mass; add 'mass = ...;'", o->name);
    if (o->kind == NCS_BODY_DISC && !slot[BO_RADIUS])
        ncs_error(S->d, o->loc, "disc '%s' has no radius; add 'radius = ...;'", o->name);
    if (o->kind == NCS_BODY_POLYGON && !verts)
        ncs_error(S->d, o->loc, "polygon body '%s' has no shape; add 'vertices (x, y) ...;'",
                  o->name);
}

/* ---- unique names ------------------------------------------------------------ */

typedef struct name_slot {
    const char *name;           /* NULL: empty */
    const ncs_rblock *decl;     /* the first block with this name */
    int body;                   /* body index, or -1 for an obstacle */
} name_slot;

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

/* ---- expectations -------------------------------------------------------- */

/* `at step N` / `at end` into *step; 1 when valid. */
static int check_when(sema *S, const ncs_rwhen *w, int *step) {
    char q[80];
    if (w->end) {
        *step = NCS_STEP_END;
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

    e->loc = b->loc;
    e->body = -1;
    e->step = NCS_STEP_EVERY;
    e->op = NCS_CMP_EQ;
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
        ncs_error(S->d, x->target.loc, "'%s' is an obstacle; expectations are about bodies",
                  ns->name);
        ncs_note(S->d, ns->decl->name.loc, "'%s' is declared here", ns->name);
    } else {
        e->body = ns->body;
    }
    int m = lookup(x->member.text, members);
    if (m < 0)
        ncs_error(S->d, x->member.loc, "unknown quantity %s%s", ncs_quote(q, x->member.text, 32),
                  did_you_mean(hint, x->member.text, members)[0] ? hint
                  : " (expected position, velocity, x, y, theta, vx, vy or omega)");

    /* when */
    const ncs_rwhen *w = x->when1.given ? &x->when1 : x->when2.given ? &x->when2 : NULL;
    if (x->when1.given && x->when2.given) {
        ncs_error(S->d, x->when2.loc, "'at' given twice");
        ncs_note(S->d, x->when1.loc, "first 'at' is here");
    } else if (w) {
        check_when(S, w, &e->step);
    } else if (x->op == NCS_CMP_EQ) {
        ncs_error(S->d, x->oploc, "'==' needs a time: add 'at step N' or 'at end'");
    }

    /* value */
    int vector = m == MEMBER_POSITION || m == MEMBER_VELOCITY;
    e->op = x->op;
    if (m < 0)
        return;
    if (vector) {
        e->kind = m == MEMBER_POSITION ? NCS_EXPECT_POSITION : NCS_EXPECT_VELOCITY;
        if (x->op != NCS_CMP_EQ)
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
        e->kind = x->op == NCS_CMP_EQ ? NCS_EXPECT_VALUE : NCS_EXPECT_BOUND;
        if (x->value.kind != NCS_RV_NUMBER)
            ncs_error(S->d, x->value.loc, "'%s' is a number: compare it with a number, got %s",
                      members[m], describe(q, &x->value));
        else
            e->scalar = x->value.num;
        if (!x->has_tol && x->op == NCS_CMP_EQ)
            e->tol = 1e-9;
    }
}

/* ---- the whole file --------------------------------------------------------- */

/* Allocates the scene's arrays and the name table (first declarations,
 * filled silently so that expectations may name later bodies). */
static int prepare(sema *S, name_table *names) {
    ncs_front *p = S->p;
    ncs_scene *s = S->s;
    size_t nobst = 0, nbody = 0, nexp = 0;
    for (const ncs_rblock *b = p->items; b; b = b->next) {
        nobst += b->kind == NCS_RB_OBSTACLE;
        nbody += b->kind == NCS_RB_BODY;
        nexp += b->kind == NCS_RB_EXPECT;
    }
    if (nobst > INT_MAX / 4 || nbody > INT_MAX / 4 || nexp > INT_MAX)
        return -1;
    size_t size = 16;
    while (size < 2 * (nobst + nbody))
        size *= 2;
    names->mask = size - 1;
    names->slot = ncs_arena_array(p->arena, size, sizeof *names->slot);
    s->obstacles = ncs_arena_array(p->arena, nobst, sizeof *s->obstacles);
    s->bodies = ncs_arena_array(p->arena, nbody, sizeof *s->bodies);
    s->expects = ncs_arena_array(p->arena, nexp, sizeof *s->expects);
    if (!s->obstacles || !s->bodies || !s->expects || !names->slot)
        return -1;
    int body = 0;
    for (const ncs_rblock *b = p->items; b; b = b->next) {
        if (b->kind != NCS_RB_OBSTACLE && b->kind != NCS_RB_BODY)
            continue;
        body += b->kind == NCS_RB_BODY;
        if (!b->name.text)
            continue;                   /* head broken by a syntax error */
        name_slot *ns = name_find(names, b->name.text);
        if (!ns->name) {
            ns->name = b->name.text;
            ns->decl = b;
            ns->body = b->kind == NCS_RB_BODY ? body - 1 : -1;
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
        else
            check_body(&S, b, &s->bodies[s->nbodies++]);
    }
    if (S.nomem) {
        ncs_error(p->d, nowhere, "out of memory");
        p->nomem = 1;
        return NULL;
    }
    if (p->syntax_errors == 0 && !scene)
        ncs_error(p->d, nowhere, "no scene block; the file must start with "
                  "'scene NAME { h = ...; steps = ...; }'");
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

    s->arena = p->arena;
    return ncs_diag_errors(p->d) > errors_before ? NULL : s;
}
