/* emit_svg.c - the simulator's --svg picture: the scene's drawing data as
 * static tables and a writer that lays the obstacles, the trajectories and
 * a few snapshots of every body out in pixel coordinates (y up in the
 * scene, down in SVG), so the output needs no transforms to read.
 */
#include "emit_sim.h"

/* Appends the coordinates of `n` points as initializer items, each followed
 * by a comma (the caller closes the list). */
static void num_list(ncs_buf *o, const ncs_vec2 *v, int n) {
    int i;
    for (i = 0; i < n; i++) {
        ncs_buf_printf(o, "%s", i % 3 == 0 ? "\n    " : " ");
        ncs_buf_num(o, v[i].x);
        ncs_buf_printf(o, ", ");
        ncs_buf_num(o, v[i].y);
        ncs_buf_printf(o, ",");
    }
}

/* The tables: rings of polygon obstacles (outer ring, then holes), sides
 * of explicit groups, and body kinds, radii and shapes. */
static void emit_data(const ncs_scene *s, ncs_buf *o) {
    int i, j, nr = 0, np = 0, ns = 0, nbp = 0;
    ncs_buf_printf(o, "/* --svg: the scene's drawing data. */\n");
    ncs_buf_printf(o, "static const int svg_ring_first[] = {");
    for (i = 0; i < s->nobstacles; i++) {
        const ncs_obstacle *ob = &s->obstacles[i];
        if (ob->kind != NCS_OBST_POLYGON || !ob->outer.pt)
            continue;
        ncs_buf_printf(o, "%d, ", np);
        np += ob->outer.n;
        nr++;
        for (j = 0; j < ob->nholes; j++) {
            ncs_buf_printf(o, "%d, ", np);
            np += ob->holes[j].n;
            nr++;
        }
    }
    ncs_buf_printf(o, "%d};\n", np);
    /* a new path per obstacle: 1 where a ring opens an obstacle */
    ncs_buf_printf(o, "static const int svg_ring_opens[] = {");
    for (i = 0; i < s->nobstacles; i++) {
        const ncs_obstacle *ob = &s->obstacles[i];
        if (ob->kind != NCS_OBST_POLYGON || !ob->outer.pt)
            continue;
        ncs_buf_printf(o, "1, ");
        for (j = 0; j < ob->nholes; j++)
            ncs_buf_printf(o, "0, ");
    }
    ncs_buf_printf(o, "1};\n#define SVG_NRINGS %d\n", nr);
    ncs_buf_printf(o, "static const double svg_pts[] = {");
    for (i = 0; i < s->nobstacles; i++) {
        const ncs_obstacle *ob = &s->obstacles[i];
        if (ob->kind != NCS_OBST_POLYGON || !ob->outer.pt)
            continue;
        num_list(o, ob->outer.pt, ob->outer.n);

        for (j = 0; j < ob->nholes; j++) {
            num_list(o, ob->holes[j].pt, ob->holes[j].n);
        }
    }
    ncs_buf_printf(o, " 0.0};\n");
    /* explicit groups: point and normal of each side */
    ncs_buf_printf(o, "static const double svg_sides[] = {");
    for (i = 0; i < s->nobstacles; i++) {
        const ncs_obstacle *ob = &s->obstacles[i];
        if (ob->kind != NCS_OBST_GROUP || !ob->sides)
            continue;
        for (j = 0; j < ob->nsides; j++, ns++) {
            ncs_vec2 pn[2];
            pn[0] = ob->sides[j].point;
            pn[1] = ob->sides[j].normal;
            num_list(o, pn, 2);
        }
    }
    ncs_buf_printf(o, " 0.0};\n#define SVG_NSIDES %d\n", ns);
    /* first side of each explicit group, and the end */
    ncs_buf_printf(o, "static const int svg_group_first[] = {");
    for (i = 0, ns = 0, j = 0; i < s->nobstacles; i++) {
        const ncs_obstacle *ob = &s->obstacles[i];
        if (ob->kind != NCS_OBST_GROUP || !ob->sides)
            continue;
        ncs_buf_printf(o, "%d, ", ns);
        ns += ob->nsides;
        j++;
    }
    ncs_buf_printf(o, "%d};\n#define SVG_NGROUPS %d\n", ns, j);
    ncs_buf_printf(o, "/* body kind (0 particle, 1 disc, 2 polygon), radius, shape */\n"
                      "static const int svg_body_kind[] = {");
    for (i = 0; i < s->nbodies; i++)
        ncs_buf_printf(o, "%d, ", s->bodies[i].kind);
    ncs_buf_printf(o, "0};\nstatic const double svg_body_r[] = {");
    for (i = 0; i < s->nbodies; i++) {
        ncs_buf_num(o, s->bodies[i].radius);
        ncs_buf_printf(o, ", ");
    }
    ncs_buf_printf(o, "0.0};\nstatic const int svg_shape_first[] = {");
    for (i = 0; i < s->nbodies; i++) {
        ncs_buf_printf(o, "%d, ", nbp);
        if (s->bodies[i].kind == NCS_BODY_POLYGON && s->bodies[i].shape.pt)
            nbp += s->bodies[i].shape.n;
    }
    ncs_buf_printf(o, "%d};\nstatic const double svg_shape[] = {", nbp);
    for (i = 0; i < s->nbodies; i++) {
        if (s->bodies[i].kind != NCS_BODY_POLYGON || !s->bodies[i].shape.pt)
            continue;
        num_list(o, s->bodies[i].shape.pt, s->bodies[i].shape.n);
    }
    ncs_buf_printf(o, " 0.0};\n\n");
}

static const char *const Writer =
    "/* Pixel mapping of the picture: scene (x, y) -> (px(x), py(y)). */\n"
    "typedef struct svg_view {\n"
    "    double x0, y1, s, pad, top;\n"
    "} svg_view;\n\n"
    "static double svg_px(const svg_view *v, double x) { return v->pad + (x - v->x0) * v->s; }\n"
    "static double svg_py(const svg_view *v, double y) {\n"
    "    return v->top + v->pad + (v->y1 - y) * v->s;\n"
    "}\n\n"
    "/* Largest distance of body b's outline from its reference point. */\n"
    "static double svg_reach(int b) {\n"
    "    double r = svg_body_r[b];\n"
    "    int i;\n"
    "    for (i = svg_shape_first[b]; i < svg_shape_first[b + 1]; i++) {\n"
    "        double d = sqrt(svg_shape[2 * i] * svg_shape[2 * i] +\n"
    "                        svg_shape[2 * i + 1] * svg_shape[2 * i + 1]);\n"
    "        if (d > r)\n"
    "            r = d;\n"
    "    }\n"
    "    return r;\n"
    "}\n\n"
    "/* Highest y of body b's outline at configuration q. */\n"
    "static double svg_top(int b, const double *q) {\n"
    "    double c = cos(q[2]), sn = sin(q[2]), top = q[1] + svg_body_r[b];\n"
    "    int i;\n"
    "    for (i = svg_shape_first[b]; i < svg_shape_first[b + 1]; i++) {\n"
    "        double y = q[1] + sn * svg_shape[2 * i] + c * svg_shape[2 * i + 1];\n"
    "        if (i == svg_shape_first[b] || y > top)\n"
    "            top = y;\n"
    "    }\n"
    "    return top;\n"
    "}\n\n"
    "static void svg_grow(double *bb, double x, double y, double r) {\n"
    "    if (x - r < bb[0]) bb[0] = x - r;\n"
    "    if (y - r < bb[1]) bb[1] = y - r;\n"
    "    if (x + r > bb[2]) bb[2] = x + r;\n"
    "    if (y + r > bb[3]) bb[3] = y + r;\n"
    "}\n\n"
    ;

static const char *const Writer2 =
    "/* Signed distance-like value of point q from side s (point, normal):\n"
    " * <= 0 on the side's invalid (solid) half-plane. */\n"
    "static double svg_side_dist(const double *s, const double *q) {\n"
    "    double nl = sqrt(s[2] * s[2] + s[3] * s[3]);\n"
    "    return ((q[0] - s[0]) * s[2] + (q[1] - s[1]) * s[3]) / nl;\n"
    "}\n\n"
    "/* Clips the polygon pt (n points) to side s's solid half-plane, using\n"
    " * tmp (room for n + 1 points). Returns the new number of points. */\n"
    "static int svg_clip(double *pt, int n, const double *s, double *tmp) {\n"
    "    int i, m = 0;\n"
    "    for (i = 0; i < n; i++) {\n"
    "        const double *a = &pt[2 * i], *b = &pt[2 * ((i + 1) % n)];\n"
    "        double da = svg_side_dist(s, a), db = svg_side_dist(s, b);\n"
    "        if (da <= 0) {\n"
    "            tmp[2 * m] = a[0];\n"
    "            tmp[2 * m + 1] = a[1];\n"
    "            m++;\n"
    "        }\n"
    "        if ((da < 0 && db > 0) || (da > 0 && db < 0)) {\n"
    "            double t = da / (da - db);\n"
    "            tmp[2 * m] = a[0] + t * (b[0] - a[0]);\n"
    "            tmp[2 * m + 1] = a[1] + t * (b[1] - a[1]);\n"
    "            m++;\n"
    "        }\n"
    "    }\n"
    "    memcpy(pt, tmp, 2 * (size_t)m * sizeof(double));\n"
    "    return m;\n"
    "}\n\n"
    "/* Draws body b at configuration q (x, y, theta) as an outline; the last\n"
    " * snapshot (`last`) gets a light fill and a thicker stroke. Snapshots\n"
    " * before it are dashed, so overlapping outlines stay tellable apart. */\n"
    "static void svg_body(FILE *f, const svg_view *v, int b, const double *q,\n"
    "                     const char *color, int last) {\n"
    "    double c = cos(q[2]), sn = sin(q[2]);\n"
    "    const char *style = last ? \"fill-opacity=\\\"0.25\\\" stroke-width=\\\"2\\\"\"\n"
    "                             : \"fill-opacity=\\\"0\\\" stroke-dasharray=\\\"5 3\\\"\";\n"
    "    int i;\n"
    "    if (svg_body_kind[b] == 2) {\n"
    "        fprintf(f, \"<polygon fill=\\\"%s\\\" %s stroke=\\\"%s\\\" points=\\\"\",\n"
    "                color, style, color);\n"
    "        for (i = svg_shape_first[b]; i < svg_shape_first[b + 1]; i++) {\n"
    "            double x = q[0] + c * svg_shape[2 * i] - sn * svg_shape[2 * i + 1];\n"
    "            double y = q[1] + sn * svg_shape[2 * i] + c * svg_shape[2 * i + 1];\n"
    "            fprintf(f, \"%s%.2f,%.2f\", i > svg_shape_first[b] ? \" \" : \"\", svg_px(v, x),\n"
    "                    svg_py(v, y));\n"
    "        }\n"
    "        fprintf(f, \"\\\"/>\\n\");\n"
    "    } else if (svg_body_kind[b] == 1) {\n"
    "        double r = svg_body_r[b];\n"
    "        fprintf(f, \"<circle cx=\\\"%.2f\\\" cy=\\\"%.2f\\\" r=\\\"%.2f\\\" fill=\\\"%s\\\" \"\n"
    "                \"%s stroke=\\\"%s\\\"/>\\n\", svg_px(v, q[0]), svg_py(v, q[1]),\n"
    "                r * v->s, color, style, color);\n"
    "        fprintf(f, \"<line x1=\\\"%.2f\\\" y1=\\\"%.2f\\\" x2=\\\"%.2f\\\" y2=\\\"%.2f\\\" stroke=\\\"%s\\\"/>\\n\",\n"
    "                svg_px(v, q[0]), svg_py(v, q[1]), svg_px(v, q[0] + r * c),\n"
    "                svg_py(v, q[1] + r * sn), color);\n"
    "    } else {\n"
    "        fprintf(f, \"<circle cx=\\\"%.2f\\\" cy=\\\"%.2f\\\" r=\\\"4\\\" fill=\\\"%s\\\" \"\n"
    "                \"fill-opacity=\\\"%s\\\" stroke=\\\"%s\\\"/>\\n\", svg_px(v, q[0]),\n"
    "                svg_py(v, q[1]), color, last ? \"1\" : \"0\", color);\n"
    "    }\n"
    "}\n\n"
    ;

static const char *const Writer3 =
    "/* Writes the picture of records 0..nrec-1 of traj to `path`. */\n"
    "static int write_svg(const char *path, const double *traj, long nrec, long failed_step) {\n"
    "    static const char *const color[] = {\"#1f77b4\", \"#d62728\", \"#2ca02c\", \"#9467bd\",\n"
    "                                        \"#ff7f0e\", \"#17becf\", \"#8c564b\", \"#e377c2\"};\n"
    "    double bb[4] = {1e300, 1e300, -1e300, -1e300}, w, hgt, W, H;\n"
    "    svg_view v;\n"
    "    long k, stride;\n"
    "    double lab[2 * 5 * 8];\n"
    "    int b, g, i, j, bad, nlab = 0;\n"
    "    FILE *f = fopen(path, \"w\");\n"
    "    if (!f) {\n"
    "        fprintf(stderr, \"%s: cannot write '%s': %s\\n\", scene_name, path, strerror(errno));\n"
    "        return -1;\n"
    "    }\n"
    "    for (i = 0; i < svg_ring_first[SVG_NRINGS]; i++)\n"
    "        svg_grow(bb, svg_pts[2 * i], svg_pts[2 * i + 1], 0);\n"
    "    for (i = 0; i < SVG_NSIDES; i++)\n"
    "        svg_grow(bb, svg_sides[4 * i], svg_sides[4 * i + 1], 0);\n"
    "    for (k = 0; k < nrec; k++)\n"
    "        for (b = 0; b < $_NBODIES; b++)\n"
    "            svg_grow(bb, traj[(k * $_NBODIES + b) * 3], traj[(k * $_NBODIES + b) * 3 + 1],\n"
    "                     svg_reach(b));\n"
    "    w = bb[2] - bb[0];\n"
    "    hgt = bb[3] - bb[1];\n"
    "    if (!(w > 1e-9)) { bb[0] -= 0.5; bb[2] += 0.5; w = bb[2] - bb[0]; }\n"
    "    if (!(hgt > 1e-9)) { bb[1] -= 0.5; bb[3] += 0.5; hgt = bb[3] - bb[1]; }\n"
    "    if (SVG_NGROUPS > 0) {\n"
    "        /* room around explicit groups, whose solids are unbounded */\n"
    "        double m = 0.2 * (w > hgt ? w : hgt);\n"
    "        bb[0] -= m; bb[1] -= m; bb[2] += m; bb[3] += m;\n"
    "        w = bb[2] - bb[0];\n"
    "        hgt = bb[3] - bb[1];\n"
    "    }\n"
    "    v.pad = 20;\n"
    "    v.top = 28 + 18 * (double)$_NBODIES;\n"
    "    v.s = 760 / (w > hgt ? w : hgt);\n"
    "    if (hgt * v.s > 560)\n"
    "        v.s = 560 / hgt;\n"
    "    v.x0 = bb[0];\n"
    "    v.y1 = bb[3];\n"
    "    W = w * v.s + 2 * v.pad;\n"
    "    if (W < 360)\n"
    "        W = 360;\n"
    "    H = v.top + hgt * v.s + 2 * v.pad;\n"
    "    fprintf(f, \"<?xml version=\\\"1.0\\\" encoding=\\\"UTF-8\\\"?>\\n\"\n"
    "               \"<svg xmlns=\\\"http://www.w3.org/2000/svg\\\" width=\\\"%.0f\\\" height=\\\"%.0f\\\" \"\n"
    "               \"viewBox=\\\"0 0 %.0f %.0f\\\" font-family=\\\"sans-serif\\\" font-size=\\\"13\\\">\\n\"\n"
    "               \"<title>ncs scene %s</title>\\n\"\n"
    "               \"<rect width=\\\"100%%\\\" height=\\\"100%%\\\" fill=\\\"white\\\"/>\\n\",\n"
    "            W, H, W, H, scene_name);\n"
    "    fprintf(f, \"<text x=\\\"%.0f\\\" y=\\\"18\\\" font-weight=\\\"bold\\\">%s: %ld step%s of %g s\"\n"
    "               \" (t = %g s)%s</text>\\n\", v.pad, scene_name, nrec - 1, nrec == 2 ? \"\" : \"s\", $_H,\n"
    "            (double)(nrec - 1) * $_H, failed_step > 0 ? \", stopped by a failed step\" : \"\");\n"
    "    fprintf(f, \"<g id=\\\"obstacles\\\" fill=\\\"#d0d0d0\\\" stroke=\\\"#555555\\\" \"\n"
    "               \"fill-rule=\\\"evenodd\\\">\\n\");\n"
    "    for (i = 0; i < SVG_NRINGS; i++) {\n"
    "        fprintf(f, \"%s\", svg_ring_opens[i] ? \"<path d=\\\"\" : \" \");\n"
    "        for (j = svg_ring_first[i]; j < svg_ring_first[i + 1]; j++)\n"
    "            fprintf(f, \"%s%.2f %.2f \", j == svg_ring_first[i] ? \"M\" : \"L\",\n"
    "                    svg_px(&v, svg_pts[2 * j]), svg_py(&v, svg_pts[2 * j + 1]));\n"
    "        fprintf(f, \"Z%s\", svg_ring_opens[i + 1] ? \"\\\"/>\\n\" : \"\");\n"
    "    }\n"
    ;

static const char *const Writer3b =
    "    for (g = 0; g < SVG_NGROUPS; g++) {\n"
    "        /* an explicit group: the intersection of its sides' invalid\n"
    "         * half-planes, clipped to the picture, and its sides */\n"
    "        double poly[2 * (SVG_NSIDES + 5)], tmp[2 * (SVG_NSIDES + 5)];\n"
    "        int np = 4;\n"
    "        poly[0] = bb[0]; poly[1] = bb[1]; poly[2] = bb[2]; poly[3] = bb[1];\n"
    "        poly[4] = bb[2]; poly[5] = bb[3]; poly[6] = bb[0]; poly[7] = bb[3];\n"
    "        for (i = svg_group_first[g]; i < svg_group_first[g + 1] && np > 0; i++)\n"
    "            np = svg_clip(poly, np, &svg_sides[4 * i], tmp);\n"
    "        if (np < 3)\n"
    "            continue;\n"
    "        fprintf(f, \"<polygon stroke=\\\"none\\\" points=\\\"\");\n"
    "        for (j = 0; j < np; j++)\n"
    "            fprintf(f, \"%s%.2f,%.2f\", j ? \" \" : \"\", svg_px(&v, poly[2 * j]),\n"
    "                    svg_py(&v, poly[2 * j + 1]));\n"
    "        fprintf(f, \"\\\"/>\\n\");\n"
    "        for (j = 0; j < np; j++) {\n"
    "            const double *a = &poly[2 * j], *c = &poly[2 * ((j + 1) % np)];\n"
    "            for (i = svg_group_first[g]; i < svg_group_first[g + 1]; i++)\n"
    "                if (fabs(svg_side_dist(&svg_sides[4 * i], a)) <= 1e-9 * (w + hgt) &&\n"
    "                    fabs(svg_side_dist(&svg_sides[4 * i], c)) <= 1e-9 * (w + hgt))\n"
    "                    break;\n"
    "            if (i < svg_group_first[g + 1])\n"
    "                fprintf(f, \"<line x1=\\\"%.2f\\\" y1=\\\"%.2f\\\" x2=\\\"%.2f\\\" y2=\\\"%.2f\\\" \"\n"
    "                           \"stroke-width=\\\"2\\\"/>\\n\", svg_px(&v, a[0]), svg_py(&v, a[1]),\n"
    "                        svg_px(&v, c[0]), svg_py(&v, c[1]));\n"
    "        }\n"
    "    }\n"
    ;

static const char *const Writer4 =
    "    fprintf(f, \"</g>\\n<g id=\\\"trajectories\\\" fill=\\\"none\\\" stroke-width=\\\"1.5\\\">\\n\");\n"
    "    stride = nrec > 4000 ? nrec / 4000 + 1 : 1;\n"
    "    for (b = 0; b < $_NBODIES; b++) {\n"
    "        fprintf(f, \"<polyline stroke=\\\"%s\\\" points=\\\"\", color[b % 8]);\n"
    "        for (k = 0; k < nrec; k += stride) {\n"
    "            const double *q = &traj[(k * $_NBODIES + b) * 3];\n"
    "            fprintf(f, \"%s%.2f,%.2f\", k ? \" \" : \"\", svg_px(&v, q[0]), svg_py(&v, q[1]));\n"
    "        }\n"
    "        if ((nrec - 1) % stride != 0) {\n"
    "            const double *q = &traj[((nrec - 1) * $_NBODIES + b) * 3];\n"
    "            fprintf(f, \" %.2f,%.2f\", svg_px(&v, q[0]), svg_py(&v, q[1]));\n"
    "        }\n"
    "        fprintf(f, \"\\\"/>\\n\");\n"
    "    }\n"
    "    fprintf(f, \"</g>\\n<g id=\\\"bodies\\\" stroke-width=\\\"1.2\\\">\\n\");\n"
    "    for (b = 0; b < $_NBODIES; b++)\n"
    "        for (i = 0; i < 5; i++) {\n"
    "            k = (nrec - 1) * i / 4;\n"
    "            if (i > 0 && k == (nrec - 1) * (i - 1) / 4)\n"
    "                continue;\n"
    "            svg_body(f, &v, b, &traj[(k * $_NBODIES + b) * 3], color[b % 8], i == 4);\n"
    "        }\n"
    ;

static const char *const Writer4b =
    "    fprintf(f, \"</g>\\n<g id=\\\"times\\\" font-size=\\\"11\\\" text-anchor=\\\"middle\\\">\\n\");\n"
    "    for (b = 0; b < $_NBODIES; b++)\n"
    "        for (i = 0; i < 5; i++) {\n"
    "            /* \"t = ...\" above the snapshot's outline (later snapshots at\n"
    "             * the same place join the label), moved up while it would\n"
    "             * cover an earlier label; a dot marks the snapshot's reference\n"
    "             * point and a thin leader joins the two */\n"
    "            const double *q, *q2;\n"
    "            double lx, ly;\n"
    "            char txt[128];\n"
    "            int moved = 1, at, i2;\n"
    "            k = (nrec - 1) * i / 4;\n"
    "            if (i > 0 && k == (nrec - 1) * (i - 1) / 4)\n"
    "                continue;\n"
    "            q = &traj[(k * $_NBODIES + b) * 3];\n"
    "            at = snprintf(txt, sizeof txt, \"t = %g\", (double)k * $_H);\n"
    "            for (i2 = i + 1; i2 < 5; i2++) {\n"
    "                long k2 = (nrec - 1) * i2 / 4;\n"
    "                q2 = &traj[(k2 * $_NBODIES + b) * 3];\n"
    "                if (k2 == (nrec - 1) * (i2 - 1) / 4)\n"
    "                    continue;\n"
    "                if (fabs(q2[0] - q[0]) * v.s > 2 || fabs(q2[1] - q[1]) * v.s > 2 ||\n"
    "                    at <= 0 || (size_t)at >= sizeof txt)\n"
    "                    break;\n"
    "                at += snprintf(txt + at, sizeof txt - (size_t)at, \", %g\", (double)k2 * $_H);\n"
    "                i = i2;\n"
    "            }\n"
    "            lx = svg_px(&v, q[0]);\n"
    "            ly = svg_py(&v, svg_top(b, q)) - (svg_body_kind[b] == 0 ? 8 : 4);\n"
    "            while (moved) {\n"
    "                moved = 0;\n"
    "                for (j = 0; j < nlab; j++)\n"
    "                    if (fabs(lab[2 * j] - lx) < 60 && fabs(lab[2 * j + 1] - ly) < 12) {\n"
    "                        ly = lab[2 * j + 1] - 12;\n"
    "                        moved = 1;\n"
    "                    }\n"
    "            }\n"
    "            if (nlab < 5 * 8) {\n"
    "                lab[2 * nlab] = lx;\n"
    "                lab[2 * nlab + 1] = ly;\n"
    "                nlab++;\n"
    "            }\n"
    "            fprintf(f, \"<line x1=\\\"%.2f\\\" y1=\\\"%.2f\\\" x2=\\\"%.2f\\\" y2=\\\"%.2f\\\" \"\n"
    "                       \"stroke=\\\"%s\\\" stroke-width=\\\"0.6\\\" stroke-dasharray=\\\"1 2\\\"/>\",\n"
    "                    lx, ly + 2, svg_px(&v, q[0]), svg_py(&v, q[1]), color[b % 8]);\n"
    "            fprintf(f, \"<circle cx=\\\"%.2f\\\" cy=\\\"%.2f\\\" r=\\\"2\\\" fill=\\\"%s\\\"/>\"\n"
    "                       \"<text x=\\\"%.2f\\\" y=\\\"%.2f\\\" fill=\\\"%s\\\">%s</text>\\n\",\n"
    "                    svg_px(&v, q[0]), svg_py(&v, q[1]), color[b % 8], lx, ly, color[b % 8],\n"
    "                    txt);\n"
    "        }\n"
    "    fprintf(f, \"</g>\\n<g id=\\\"legend\\\">\\n\");\n"
    "    for (b = 0; b < $_NBODIES; b++) {\n"
    "        const double *q0 = &traj[b * 3], *q1 = &traj[((nrec - 1) * $_NBODIES + b) * 3];\n"
    "        fprintf(f, \"<rect x=\\\"%.0f\\\" y=\\\"%.0f\\\" width=\\\"10\\\" height=\\\"10\\\" \"\n"
    "                   \"fill=\\\"%s\\\"/><text x=\\\"%.0f\\\" y=\\\"%.0f\\\">%s: (%.3g, %.3g) to \"\n"
    "                   \"(%.3g, %.3g); outlines at t = 0, T/4, T/2, 3T/4, T (labelled; solid = end)\"\n"
    "                   \"</text>\\n\", v.pad, 27 + 18.0 * b, color[b % 8], v.pad + 16,\n"
    "                36 + 18.0 * b, @_body_name(b), q0[0], q0[1], q1[0], q1[1]);\n"
    "    }\n"
    "    fprintf(f, \"</g>\\n</svg>\\n\");\n"
    "    bad = ferror(f);\n"
    "    if (fclose(f) != 0 || bad) {\n"
    "        fprintf(stderr, \"%s: error writing '%s'\\n\", scene_name, path);\n"
    "        return -1;\n"
    "    }\n"
    "    return 0;\n"
    "}\n\n";

void ncs_emit_main_svg(const ncs_plan *p, ncs_buf *o) {
    emit_data(p->s, o);
    ncs_buf_tpl(o, Writer);
    ncs_buf_tpl(o, Writer2);
    ncs_buf_tpl(o, Writer3);
    ncs_buf_tpl(o, Writer3b);
    ncs_buf_tpl(o, Writer4);
    ncs_buf_tpl(o, Writer4b);
}
