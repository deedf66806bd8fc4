/* geom_out.c - geometry: the groups as JSON (ncsc --dump-groups) and as an SVG
 * picture (ncsc --svg-groups). Both are deterministic: doubles as %.17g in
 * JSON, fixed-point pixels in SVG.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "geom.h"

/* ---- JSON --------------------------------------------------------------- */

static void json_string(FILE *f, const char *s) {
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static void json_vec(FILE *f, ncs_vec2 v) {
    fprintf(f, "[%.17g, %.17g]", v.x, v.y);
}

/* Writes groups [g0, g1) of c as a JSON array; with s, each side names
 * its obstacle (obstacle pieces, not a body's own). */
static void json_groups(FILE *f, const ncs_scene *sc, const ncs_cspace *c, int g0, int g1,
                        const char *indent) {
    fputc('[', f);
    for (int k = g0; k < g1; k++) {
        const ncs_group *g = &c->groups[k];
        fprintf(f, "%s\n%s  {\"piece\": %d, \"vertices\": [", k > g0 ? "," : "",
                indent, g->piece);
        for (int v = 0; v < g->nverts; v++) {
            fputs(v ? ", " : "", f);
            json_vec(f, c->verts[g->first_vert + v]);
        }
        fputs("],\n", f);
        fprintf(f, "%s   \"sides\": [", indent);
        for (int j = 0; j < g->nsides; j++) {
            const ncs_gside *s = &c->sides[g->first_side + j];
            fprintf(f, "%s\n%s     {\"point\": ", j ? "," : "", indent);
            json_vec(f, s->point);
            fputs(", \"normal\": ", f);
            json_vec(f, s->normal);
            fprintf(f, ", \"internal\": %d", s->internal);
            if (sc && s->obstacle >= 0 && s->obstacle < sc->nobstacles) {
                fputs(", \"obstacle\": ", f);
                json_string(f, sc->obstacles[s->obstacle].name);
            }
            fputc('}', f);
        }
        fputs("]}", f);
    }
    fprintf(f, "%s]", g1 > g0 ? "\n    " : "");
}

/* Writes the obstacles of space c (groups ordered obstacle by obstacle). */
static void json_obstacles(FILE *f, const ncs_scene *s, const ncs_geometry *g,
                           const ncs_cspace *c, const char *indent) {
    int k = 0;
    fputc('[', f);
    for (int i = 0; i < s->nobstacles; i++) {
        int k1 = k;
        while (k1 < c->ngroups && c->groups[k1].obstacle == i)
            k1++;
        fprintf(f, "%s\n%s{\"name\": ", i ? "," : "", indent);
        json_string(f, s->obstacles[i].name);
        fprintf(f, ", \"kind\": \"%s\", \"area\": %.17g, \"groups\": ",
                ncs_obstacle_kinds[s->obstacles[i].kind].name,
                g->area[i]);
        json_groups(f, s, c, k, k1, indent);
        fputc('}', f);
        k = k1;
    }
    fputs(s->nobstacles ? "\n  ]" : "]", f);
}

/* Writes the solids: the union of the polygon obstacles, each with its
 * obstacles, rings and the obstacle of every ring edge. */
static void json_solids(FILE *f, const ncs_scene *s, const ncs_geometry *g) {
    fputc('[', f);
    for (int k = 0; k < g->nsolids; k++) {
        const ncs_solid *sd = &g->solids[k];
        fprintf(f, "%s\n    {\"obstacles\": [", k ? "," : "");
        for (int m = 0; m < sd->nmembers; m++) {
            fputs(m ? ", " : "", f);
            json_string(f, s->obstacles[sd->members[m]].name);
        }
        fputs("], \"rings\": [", f);
        for (int r = 0; r < sd->nrings; r++) {
            fprintf(f, "%s\n      {\"vertices\": [", r ? "," : "");
            for (int v = sd->ring_start[r]; v < sd->ring_start[r + 1]; v++) {
                fputs(v > sd->ring_start[r] ? ", " : "", f);
                json_vec(f, sd->verts[v]);
            }
            fputs("],\n       \"edge_obstacles\": [", f);
            for (int v = sd->ring_start[r]; v < sd->ring_start[r + 1]; v++) {
                fputs(v > sd->ring_start[r] ? ", " : "", f);
                json_string(f, s->obstacles[sd->edge_obstacle[v]].name);
            }
            fputs("]}", f);
        }
        fputs("]}", f);
    }
    fputs(g->nsolids ? "\n  ]" : "]", f);
}

int ncs_geom_dump_json(const ncs_scene *s, const ncs_geometry *g, FILE *out) {
    fputs("{\n  \"scene\": ", out);
    json_string(out, s->name);
    fputs(",\n  \"solids\": ", out);
    json_solids(out, s, g);
    fputs(",\n  \"obstacles\": ", out);
    json_obstacles(out, s, g, &g->pieces, "    ");
    fputs(",\n  \"spaces\": [", out);
    for (int j = 0; j < g->nspaces; j++) {
        fprintf(out, "%s\n   {\"radius\": %.17g, \"bodies\": [", j ? "," : "",
                g->spaces[j].radius);
        int first = 1;
        for (int b = 0; b < g->nbodies; b++) {
            if (g->body_space[b] != j)
                continue;
            fputs(first ? "" : ", ", out);
            json_string(out, s->bodies[b].name);
            first = 0;
        }
        fputs("],\n    \"obstacles\": ", out);
        json_obstacles(out, s, g, &g->spaces[j], "    ");
        fputc('}', out);
    }
    fputs(g->nspaces ? "\n  ],\n  \"bodies\": [" : "],\n  \"bodies\": [", out);
    int nb = 0;
    for (int b = 0; b < g->nbodies; b++) {
        if (s->bodies[b].kind != NCS_POLYGON)
            continue;
        fprintf(out, "%s\n    {\"name\": ", nb++ ? "," : "");
        json_string(out, s->bodies[b].name);
        fputs(", \"pieces\": ", out);
        json_groups(out, NULL, &g->body_pieces[b], 0, g->body_pieces[b].ngroups, "    ");
        fputc('}', out);
    }
    fputs(nb ? "\n  ]\n}\n" : "]\n}\n", out);
    return ferror(out) ? -1 : 0;
}

/* ---- SVG ---------------------------------------------------------------- */

/** Maps scene coordinates to pixels (y up in the scene, down in SVG). */
typedef struct view {
    double x0, y1, scale, pad;  /* left, top, pixels per unit, margin */
} view;

static double px(const view *v, double x) { return v->pad + (x - v->x0) * v->scale; }
static double py(const view *v, double y) { return v->pad + (v->y1 - y) * v->scale; }

static void xml_text(FILE *f, const char *s) {
    for (; s && *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default: fputc(*s, f);
        }
    }
}

static const char *const PALETTE[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759",
                                      "#76b7b2", "#edc948", "#b07aa1", "#9c755f"};

static void box_add(double b[4], ncs_vec2 p, double r) {
    b[0] = fmin(b[0], p.x - r);
    b[1] = fmin(b[1], p.y - r);
    b[2] = fmax(b[2], p.x + r);
    b[3] = fmax(b[3], p.y + r);
}

static ncs_vec2 place(const ncs_body *b, ncs_vec2 p) {
    double c = cos(b->angle), s = sin(b->angle);
    ncs_vec2 r = {b->pos.x + c * p.x - s * p.y, b->pos.y + s * p.x + c * p.y};
    return r;
}

/* Draws a group's piece: filled, boundary edges solid, internal dashed. */
static void svg_piece(FILE *f, const view *v, const ncs_cspace *c, const ncs_group *g,
                      const char *fill, ncs_vec2 (*map)(const ncs_body *, ncs_vec2),
                      const ncs_body *body) {
    fprintf(f, "  <polygon fill=\"%s\" fill-opacity=\"0.45\" stroke=\"none\" points=\"",
            fill);
    for (int k = 0; k < g->nverts; k++) {
        ncs_vec2 p = c->verts[g->first_vert + k];
        if (map)
            p = map(body, p);
        fprintf(f, "%s%.2f,%.2f", k ? " " : "", px(v, p.x), py(v, p.y));
    }
    fputs("\"/>\n", f);
    for (int k = 0; k < g->nverts; k++) {
        ncs_vec2 a = c->verts[g->first_vert + k];
        ncs_vec2 b = c->verts[g->first_vert + (k + 1) % g->nverts];
        if (map) {
            a = map(body, a);
            b = map(body, b);
        }
        int internal = k < g->nsides && c->sides[g->first_side + k].internal;
        if (internal && (a.x > b.x || (a.x == b.x && a.y > b.y)))
            continue;   /* shared by two pieces: draw it once */
        fprintf(f, "  <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" %s/>\n",
                px(v, a.x), py(v, a.y), px(v, b.x), py(v, b.y),
                internal ? "stroke=\"#555\" stroke-width=\"0.8\" stroke-dasharray=\"4 3\""
                         : "stroke=\"#000\" stroke-width=\"1.6\"");
    }
}

int ncs_geom_write_svg(const ncs_scene *s, const ncs_geometry *g, FILE *out) {
    const ncs_cspace *c = &g->pieces;
    double bx[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (int k = 0; k < c->nverts; k++)
        box_add(bx, c->verts[k], 0);
    for (int k = 0; k < c->nsides; k++)
        box_add(bx, c->sides[k].point, 0);
    for (int b = 0; b < s->nbodies; b++) {
        const ncs_body *body = &s->bodies[b];
        box_add(bx, body->pos, body->radius);
        for (int k = 0; body->kind == NCS_POLYGON && k < body->shape.n; k++)
            box_add(bx, place(body, body->shape.pt[k]), 0);
    }
    if (!(bx[0] <= bx[2])) {
        bx[0] = bx[1] = -1;
        bx[2] = bx[3] = 1;
    }
    double w = fmax(bx[2] - bx[0], 1e-9), h = fmax(bx[3] - bx[1], 1e-9);
    double extra = 0.05 * fmax(w, h);   /* room for explicit group lines */
    bx[0] -= extra; bx[1] -= extra; bx[2] += extra; bx[3] += extra;
    w += 2 * extra;
    h += 2 * extra;
    view v = {bx[0], bx[3], 760.0 / fmax(w, h), 20};
    double W = w * v.scale + 2 * v.pad, H = h * v.scale + 2 * v.pad;
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.2f %.2f\" font-family=\"sans-serif\" font-size=\"12\">\n",
            ceil(W), ceil(H), W, H);
    fputs("  <title>", out);
    xml_text(out, s->name);
    fputs(": obstacle pieces (dashed: internal diagonals)</title>\n", out);
    fprintf(out, "  <rect width=\"%.2f\" height=\"%.2f\" fill=\"#fff\"/>\n", W, H);
    for (int k = 0; k < c->ngroups; k++) {
        const ncs_group *gr = &c->groups[k];
        const char *fill = PALETTE[gr->obstacle % 8];
        if (gr->nverts > 0) {
            svg_piece(out, &v, c, gr, fill, NULL, NULL);
            continue;
        }
        for (int j = 0; j < gr->nsides; j++) {     /* explicit group: its lines */
            const ncs_gside *sd = &c->sides[gr->first_side + j];
            ncs_vec2 t = {-sd->normal.y, sd->normal.x}, p = sd->point;
            double L = 0.15 * fmax(w, h);
            fprintf(out, "  <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
                    "stroke=\"%s\" stroke-width=\"2\"/>\n",
                    px(&v, p.x - L * t.x), py(&v, p.y - L * t.y),
                    px(&v, p.x + L * t.x), py(&v, p.y + L * t.y), fill);
            fprintf(out, "  <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
                    "stroke=\"%s\" stroke-width=\"1\"/>\n", px(&v, p.x), py(&v, p.y),
                    px(&v, p.x + 0.04 * fmax(w, h) * sd->normal.x),
                    py(&v, p.y + 0.04 * fmax(w, h) * sd->normal.y), fill);
        }
    }
    for (int k = 0; k < g->nsolids; k++) {  /* merged solids: their outline */
        const ncs_solid *sd = &g->solids[k];
        if (sd->nmembers < 2)
            continue;
        fputs("  <path fill=\"none\" stroke=\"#222\" stroke-width=\"3\" "
              "stroke-opacity=\"0.6\" d=\"", out);
        for (int r = 0; r < sd->nrings; r++)
            for (int vv = sd->ring_start[r]; vv < sd->ring_start[r + 1]; vv++)
                fprintf(out, "%s%.2f,%.2f%s", vv == sd->ring_start[r] ? "M" : " L",
                        px(&v, sd->verts[vv].x), py(&v, sd->verts[vv].y),
                        vv + 1 == sd->ring_start[r + 1] ? " Z " : "");
        fputs("\"><title>solid: union of", out);
        for (int m = 0; m < sd->nmembers; m++) {
            fputs(" ", out);
            xml_text(out, s->obstacles[sd->members[m]].name);
        }
        fputs("</title></path>\n", out);
    }
    for (int i = 0, k = 0; i < s->nobstacles; i++) {   /* labels */
        ncs_vec2 at = {0, 0};
        int n = 0;
        double big = -1;
        for (; k < c->ngroups && c->groups[k].obstacle == i; k++) {
            const ncs_group *gr = &c->groups[k];
            double area = 0;
            ncs_vec2 sum = {0, 0};
            for (int j = 0; j < gr->nverts; j++) {
                ncs_vec2 a = c->verts[gr->first_vert + j];
                ncs_vec2 b = c->verts[gr->first_vert + (j + 1) % gr->nverts];
                area += a.x * b.y - b.x * a.y;
                sum.x += a.x;
                sum.y += a.y;
            }
            if (gr->nverts > 0 && area > big) {  /* at the largest piece */
                big = area;
                at.x = sum.x;
                at.y = sum.y;
                n = gr->nverts;
            }
            for (int j = 0; gr->nverts == 0 && j < gr->nsides; j++, n++) {
                at.x += c->sides[gr->first_side + j].point.x;
                at.y += c->sides[gr->first_side + j].point.y;
            }
        }
        const ncs_ring *own = &s->obstacles[i].outer;
        for (int j = 0; n == 0 && s->obstacles[i].kind == NCS_OBST_POLYGON && j < own->n;
             j++) {     /* merged into a solid whose pieces carry another name */
            at.x += own->pt[own->n - 1 - j].x;
            at.y += own->pt[own->n - 1 - j].y;
            if (j + 1 == own->n)
                n = own->n;
        }
        if (n == 0)
            continue;
        fprintf(out, "  <text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\">",
                px(&v, at.x / n), py(&v, at.y / n));
        xml_text(out, s->obstacles[i].name);
        fputs("</text>\n", out);
    }
    for (int b = 0; b < s->nbodies; b++) {
        const ncs_body *body = &s->bodies[b];
        if (body->kind == NCS_POLYGON && g->body_pieces) {
            const ncs_cspace *bc = &g->body_pieces[b];
            for (int k = 0; k < bc->ngroups; k++)
                svg_piece(out, &v, bc, &bc->groups[k], "#d62728", place, body);
        } else {
            double r = body->kind == NCS_DISC ? body->radius * v.scale : 3;
            fprintf(out, "  <circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"#d62728\" "
                    "fill-opacity=\"0.5\" stroke=\"#900\"/>\n",
                    px(&v, body->pos.x), py(&v, body->pos.y), r);
        }
        fprintf(out, "  <text x=\"%.2f\" y=\"%.2f\" fill=\"#900\">",
                px(&v, body->pos.x) + 5, py(&v, body->pos.y) - 5);
        xml_text(out, body->name);
        fputs("</text>\n", out);
    }
    fputs("</svg>\n", out);
    return ferror(out) ? -1 : 0;
}
