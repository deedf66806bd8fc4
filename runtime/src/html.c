/* html.c - the simulator's --html replay page (sim_out.h, docs/web.md):
 * one self-contained HTML file, the page's CSS and JavaScript
 * (runtime/web/view.css, view.js, replay.js, embedded into the runtime at
 * build time) around the scene (view.c's JSON) and the recorded frames.
 * Nothing is loaded from anywhere. Host only (stdio, heap).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_out.h"

/* Writes embedded asset `name`; returns 0, or -1 when the build did not
 * embed it. */
static int asset(FILE *f, const char *name) {
    const ncs_embedded_file *a;
    const char *const *l;
    for (a = ncs_web_assets; a->name; a++)
        if (!strcmp(a->name, name)) {
            for (l = a->lines; *l; l++)
                fputs(*l, f);
            return 0;
        }
    return -1;
}

/* A number exactly (positions: the page's state() is the CSV's). */
static void exact(FILE *f, double v) {
    char s[32];
    if (!(v - v == 0)) {
        fputs("null", f);
        return;
    }
    ncs_sim_shortest(s, sizeof s, v);
    fputs(s, f);
}

/* A number for drawing. */
static void approx(FILE *f, double v) {
    if (!(v - v == 0))
        fputs("null", f);
    else
        fprintf(f, "%.6g", v);
}

static void frames(FILE *f, const ncs_sim_traj *t) {
    long k, i;
    int b, c, nb = t->nbodies;
    fprintf(f, "window.NCS_RUN = {\"stride\":%ld,\"failed\":%ld,\"lost\":%d,\n\"step\":[",
            t->stride, t->failed_step, t->lost);
    for (k = 0; k < t->nrec; k++)
        fprintf(f, "%s%ld", k ? "," : "", t->step[k]);
    fputs("],\n\"q\":[", f);
    for (k = 0; k < t->nrec; k++) {
        const double *q = &t->q[(size_t)k * 3 * (size_t)nb];
        for (b = 0; b < 3 * nb; b++) {
            if (k || b)
                fputc(',', f);
            exact(f, q[b]);
        }
        if (k % 8 == 7)
            fputc('\n', f);
    }
    fputs("],\n\"v\":[", f);
    for (k = 0; k < t->nrec; k++)
        for (b = 0; b < 3 * nb; b++) {
            if (k || b)
                fputc(',', f);
            approx(f, t->fv[(size_t)k * 3 * (size_t)nb + (size_t)b]);
        }
    fputs("],\n\"stat\":[", f);
    for (k = 0; k < t->nrec; k++)
        for (c = 0; c < NCS_TRAJ_NSTAT; c++) {
            if (k || c)
                fputc(',', f);
            approx(f, t->fstat[k * NCS_TRAJ_NSTAT + c]);
        }
    fputs("],\n\"con0\":[", f);
    for (k = 0; k <= t->nrec; k++)
        fprintf(f, "%s%ld", k ? "," : "", t->nrec > 0 ? t->fcon[k] : 0L);
    fputs("],\n\"con\":[", f);
    for (i = 0; t->nrec > 0 && i < t->fcon[t->nrec]; i++) {
        const ncs_view_contact *o = &t->con[i];
        const double v[6] = {o->x, o->y, o->nx, o->ny, o->pn, o->pt};
        for (c = 0; c < 6; c++) {
            if (i || c)
                fputc(',', f);
            approx(f, v[c]);
        }
        fprintf(f, ",%d", o->body);
    }
    fputs("]};\n", f);
}

int ncs_sim_html(FILE *f, const ncs_sim_desc *sim, const ncs_sim_traj *t) {
    size_t n = ncs_view_scene_json(sim, NULL, 0);
    char *json = (char *)malloc(n + 1);
    const char *name = sim->scene->name ? sim->scene->name : "scene";
    if (!json || t->nrec < 1) {
        free(json);
        return -1;
    }
    ncs_view_scene_json(sim, json, n + 1);
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<meta name=\"generator\" content=\"ncs simulator --html\">\n<title>", f);
    for (; *name; name++)
        if (*name == '<' || *name == '&' || *name == '>')
            fprintf(f, "&#%d;", *name);
        else
            fputc(*name, f);
    fputs(" - ncs replay</title>\n<style>\n", f);
    asset(f, "view.css");
    fputs("</style>\n</head>\n<body>\n<div id=\"ncs\"></div>\n<script>\nwindow.NCS_SCENE = ", f);
    fputs(json, f);
    fputs(";\n", f);
    frames(f, t);
    fputs("</script>\n<script>\n", f);
    asset(f, "view.js");
    fputs("</script>\n<script>\n", f);
    asset(f, "replay.js");
    fputs("</script>\n</body>\n</html>\n", f);
    free(json);
    return ferror(f) ? -1 : 0;
}
