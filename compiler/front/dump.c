/* dump.c - front end: ncs_scene_dump: every field of the checked scene as stable,
 * indented text (`ncsc --dump-ast`, golden tests). Doubles use %.17g so a
 * dump round-trips; locations are printed as @line:col.
 */
#include "parse.h"

static void pad(FILE *out, int depth) {
    for (int i = 0; i < depth; i++)
        fputs("  ", out);
}

static void vec(FILE *out, int depth, const char *key, ncs_vec2 v) {
    pad(out, depth);
    fprintf(out, "%s (%.17g, %.17g)\n", key, v.x, v.y);
}

static void num(FILE *out, int depth, const char *key, double v) {
    pad(out, depth);
    fprintf(out, "%s %.17g\n", key, v);
}

static void num_or_auto(FILE *out, int depth, const char *key, double v, int is_auto) {
    if (is_auto) {
        pad(out, depth);
        fprintf(out, "%s auto\n", key);
    } else {
        num(out, depth, key, v);
    }
}

static void ring(FILE *out, int depth, const char *key, const ncs_ring *r) {
    pad(out, depth);
    fprintf(out, "%s %d @%d:%d\n", key, r->n, r->at.line, r->at.col);
    for (int i = 0; i < r->n; i++) {
        pad(out, depth + 1);
        fprintf(out, "(%.17g, %.17g) @%d:%d\n", r->pt[i].x, r->pt[i].y, r->loc[i].line,
                r->loc[i].col);
    }
}

/* kind's name, or "?" out of range */
static const char *obstacle_kind_name(int kind) {
    return kind >= 0 && kind < NCS_NOBST_KINDS ? ncs_obstacle_kinds[kind].name : "?";
}

static void step(FILE *out, int depth, int st) {
    pad(out, depth);
    if (st == NCS_EXPECT_END)
        fputs("step end\n", out);
    else if (st == NCS_EXPECT_EVERY)
        fputs("step every\n", out);
    else
        fprintf(out, "step %d\n", st);
}

void ncs_scene_dump(const ncs_scene *s, FILE *out) {
    fprintf(out, "scene %s @%d:%d\n", s->name ? s->name : "?", s->loc.line, s->loc.col);
    fprintf(out, "  file %s\n", s->file ? s->file : "?");
    num(out, 1, "h", s->h);
    fprintf(out, "  steps %d\n", s->steps);
    vec(out, 1, "gravity", s->gravity);
    fprintf(out, "  formulation %s\n", ncs_formulation_name(s->form));
    num_or_auto(out, 1, "gamma", s->gamma, s->gamma_auto);
    num_or_auto(out, 1, "epsilon", s->epsilon, s->epsilon_auto);
    num(out, 1, "friction", s->friction);
    num_or_auto(out, 1, "margin", s->margin, s->margin_auto);
    if (s->capacity == 0)
        fputs("  capacity auto\n", out);
    else
        fprintf(out, "  capacity %d\n", s->capacity);
    num(out, 1, "restitution", s->restitution);
    num(out, 1, "restitution_threshold", s->restitution_threshold);
    num(out, 1, "erp", s->erp);

    fprintf(out, "  obstacles %d\n", s->nobstacles);
    for (int i = 0; i < s->nobstacles; i++) {
        const ncs_obstacle *o = &s->obstacles[i];
        fprintf(out, "    obstacle %s %s @%d:%d\n", o->name, obstacle_kind_name(o->kind),
                o->loc.line, o->loc.col);
        fprintf(out, "      friction %.17g%s\n", o->friction,
                o->has_friction ? "" : " (scene default)");
        if (o->kind == NCS_OBST_POLYGON) {
            ring(out, 3, "outer", &o->outer);
            fprintf(out, "      holes %d\n", o->nholes);
            for (int k = 0; k < o->nholes; k++)
                ring(out, 4, "hole", &o->holes[k]);
        } else {
            fprintf(out, "      sides %d\n", o->nsides);
            for (int k = 0; k < o->nsides; k++) {
                const ncs_side *sd = &o->sides[k];
                fprintf(out, "        side (%.17g, %.17g) normal (%.17g, %.17g) @%d:%d\n",
                        sd->point.x, sd->point.y, sd->normal.x, sd->normal.y, sd->loc.line,
                        sd->loc.col);
            }
        }
    }

    fprintf(out, "  bodies %d\n", s->nbodies);
    for (int i = 0; i < s->nbodies; i++) {
        const ncs_body *b = &s->bodies[i];
        const ncs_body_kind_info *k = ncs_body_kind_info_of(b->kind);
        fprintf(out, "    body %s %s%s @%d:%d\n", b->name, b->kinematic ? "kinematic " : "",
                k ? k->name : "?", b->loc.line, b->loc.col);
        num(out, 3, "mass", b->mass);
        num(out, 3, "radius", b->radius);
        if (b->kind == NCS_POLYGON)
            ring(out, 3, "shape", &b->shape);
        fprintf(out, "      inertia %.17g%s\n", b->inertia,
                b->kind == NCS_POLYGON && !b->has_inertia ? " (computed)" : "");
        vec(out, 3, "position", b->pos);
        num(out, 3, "angle", b->angle);
        vec(out, 3, "velocity", b->vel);
        num(out, 3, "omega", b->omega);
        vec(out, 3, "force", b->force);
        num(out, 3, "torque", b->torque);
        fprintf(out, "      friction %.17g%s\n", b->friction,
                b->has_friction ? "" : " (scene default)");
        fprintf(out, "      restitution %.17g%s\n", b->restitution,
                b->has_restitution ? "" : " (scene default)");
    }

    fprintf(out, "  joints %d\n", s->njoints);
    for (int i = 0; i < s->njoints; i++) {
        const ncs_joint *j = &s->joints[i];
        fprintf(out, "    joint %s %s @%d:%d\n", j->name, ncs_joint_kind_name(j->kind),
                j->loc.line, j->loc.col);
        fprintf(out, "      a %s (%d)\n", s->bodies[j->a].name, j->a);
        if (j->b >= 0)
            fprintf(out, "      b %s (%d)\n", s->bodies[j->b].name, j->b);
        else
            fputs("      b world\n", out);
        if (j->has_at)
            vec(out, 3, "at", j->at);
        if (j->motor) {
            num(out, 3, "motor_speed", j->speed);
            if (j->max_torque >= 0)
                num(out, 3, "max_torque", j->max_torque);
            else
                fputs("      max_torque unbounded\n", out);
        }
        if (j->kind == NCS_JOINT_ROD)
            num(out, 3, "length", j->length);
    }

    fprintf(out, "  expects %d\n", s->nexpects);
    for (int i = 0; i < s->nexpects; i++) {
        const ncs_expect *e = &s->expects[i];
        fprintf(out, "    expect %s @%d:%d\n", ncs_enum_name_of(ncs_expect_kinds, NCS_NEXPECT_KINDS, e->kind), e->loc.line,
                e->loc.col);
        if (e->body >= 0 && e->body < s->nbodies)
            fprintf(out, "      body %s (%d)\n", s->bodies[e->body].name, e->body);
        else
            fputs("      body none\n", out);
        if (e->kind == NCS_EXPECT_VALUE || e->kind == NCS_EXPECT_BOUND)
            fprintf(out, "      coord %s\n", ncs_enum_name_of(ncs_coords, NCS_NCOORDS, e->coord));
        fprintf(out, "      op %s\n", ncs_enum_name_of(ncs_cmps, NCS_NCMPS, e->op));
        step(out, 3, e->step);
        if (e->kind == NCS_EXPECT_POSITION || e->kind == NCS_EXPECT_VELOCITY)
            vec(out, 3, "value", e->value);
        if (e->kind == NCS_EXPECT_VALUE || e->kind == NCS_EXPECT_BOUND)
            num(out, 3, "scalar", e->scalar);
        num(out, 3, "tol", e->tol);
    }
}
