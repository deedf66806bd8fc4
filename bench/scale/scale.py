#!/usr/bin/env python3
"""scale.py - cost-growth benchmarks of issue 18 (docs/performance.md).

    bench/scale/scale.py [--build BUILD] [--reps R] [--quick] PART...

PART is one or more of
  obstacles  one disc resting in the V between two triangles of a row of N
             separate triangles (N = 10 .. 10^4, spacing fixed: equal local
             density); step time per N, its ratio to N = 10 and the
             log-log slope
  bodies     N = 1 .. 1000 particles, discs or boxes resting on a floor,
             2 apart (they never meet); log-log exponent of the step time
             (--capacity C: `capacity = C` in every scene, the pairs an
             island may hold, so that the states of N bodies that could all
             meet on one floor fit; what a user sets when ncsc says so)
  vertices   ncsc wall time on 1e5-vertex scenes (33,334 separate
             triangles; one saw polygon of 50,000 teeth, and smaller saws
             for the growth; --quick: the small saws only), and a 10^4-triangle
             scene through ncsc, gcc -O2 and its run, all told
  piles      100 discs poured into the valley (examples/valley.ncs geometry)
             and a 10-box pyramid resting 10^4 steps: default settings,
             every step must be solved; state bytes and time per step
  all        all of the above

Every scene is generated into a work directory (default
$TMPDIR/ncs-scale), compiled with BUILD/bin/ncsc, and its tables built with
`gcc -std=c99 -O2` together with bench/scale/step_time.c against
BUILD/lib/libncs_runtime.a (the CMake Release build). Each timed program
runs R times from the initial conditions (default 5) and the best run is
reported (the machine is shared: the best is the least disturbed). Run from
the source tree. Reports numbers; asserts nothing (exit status 0 unless a
tool is missing).
"""
import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import time

SRC = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HARNESS = os.path.join(SRC, "bench", "scale", "step_time.c")


def fmt(x):
    return repr(float(x)) if isinstance(x, float) else str(x)


def slope(xs, ys):
    """Least-squares slope of log y against log x."""
    lx = [math.log(x) for x in xs]
    ly = [math.log(y) for y in ys]
    n = len(lx)
    mx, my = sum(lx) / n, sum(ly) / n
    sxx = sum((a - mx) ** 2 for a in lx)
    sxy = sum((a - mx) * (b - my) for a, b in zip(lx, ly))
    return sxy / sxx


class Bench:
    def __init__(self, build, work, reps):
        self.ncsc = os.path.join(build, "bin", "ncsc")
        self.lib = os.path.join(build, "lib")
        self.inc = os.path.join(SRC, "runtime", "include")
        self.work = work
        self.reps = reps
        os.makedirs(work, exist_ok=True)
        for f in (self.ncsc, os.path.join(self.lib, "libncs_runtime.a")):
            if not os.path.exists(f):
                sys.exit("scale.py: %s missing (build first)" % f)

    def ncsc_run(self, name, text):
        """Writes the scene, runs ncsc; returns (dir, prefix, wall seconds)."""
        d = os.path.join(self.work, name)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        scene = os.path.join(d, name + ".ncs")
        with open(scene, "w") as f:
            f.write(text)
        t0 = time.perf_counter()
        r = subprocess.run([self.ncsc, "--prefix", name, "-o", d, scene],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:  # e.g. a state that cannot be held: its first line
            raise RuntimeError("ncsc: " + re.sub(r"^.*?: error: ", "",
                                                 (r.stderr.splitlines() or ["failed"])[0]))
        return d, name, time.perf_counter() - t0

    def gcc(self, d, p):
        """Builds step_time for prefix p in d; returns (exe, wall seconds)."""
        exe = os.path.join(d, "step_time")
        cmd = ["gcc", "-std=c99", "-O2", "-DPFX=" + p, "-DUPFX=" + p.upper(),
               '-DHEADER="%s.h"' % p, "-I" + d, "-I" + self.inc, HARNESS,
               os.path.join(d, p + ".c"), os.path.join(self.lib, "libncs_runtime.a"),
               os.path.join(self.lib, "libncs_layout.a"), "-lgsl", "-lgslcblas", "-lm",
               "-o", exe]
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True)
        return exe, time.perf_counter() - t0

    def run(self, exe, steps=0, reps=None):
        """Runs step_time; returns its key=value line as a dict."""
        r = subprocess.run([exe, str(steps), str(reps or self.reps)], stdout=subprocess.PIPE,
                           text=True)
        out = {}
        for kv in r.stdout.split():
            k, _, v = kv.partition("=")
            out[k] = v
        return out

    def scene(self, name, text, steps=0, reps=None):
        try:
            d, p, tc = self.ncsc_run(name, text)
        except RuntimeError as e:
            return {"error": str(e), "ncsc_s": "-"}
        try:
            exe, tg = self.gcc(d, p)
        except subprocess.CalledProcessError:
            return {"error": "gcc", "ncsc_s": "%.2f" % tc}
        out = self.run(exe, steps, reps)
        out["ncsc_s"] = "%.2f" % tc
        out["gcc_s"] = "%.2f" % tg
        return out


# ---- scenes ----------------------------------------------------------------

def tri_row(n, disc=True, steps=400):
    """n separate triangles in a row (base 0.4, height 0.35, spacing 0.45:
    the V between neighbours is 0.05 wide at the base); a disc of radius 0.1
    dropped into the V in the middle of the row."""
    lines = ["scene tri%d {\n    h = 0.005;\n    steps = %d;\n    gravity = (0, -9.81);\n"
             "    formulation = max;\n    friction = 0.5;\n}\n" % (n, steps)]
    for i in range(n):
        x = 0.45 * i
        lines.append("obstacle t%d polygon { outer (%s, 0) (%s, 0) (%s, 0.35); }\n"
                     % (i, fmt(round(x, 4)), fmt(round(x + 0.4, 4)), fmt(round(x + 0.2, 4))))
    if disc:
        k = n // 2
        xv = round(0.45 * k - 0.025, 4)  # the middle of the gap before triangle k
        lines.append("body ball disc {\n    mass = 1;\n    radius = 0.1;\n"
                     "    position = (%s, 0.6);\n}\n" % fmt(xv))
    lines.append("expect every step solved;\n")
    return "".join(lines)


def saw(n):
    """One polygon of 2 n + 3 vertices: a saw of n touching teeth of width
    1 and height 0.5 on a base 1 deep; a disc above the middle."""
    pts = ["(0, -1)", "(%d, -1)" % n]
    for i in range(n, 0, -1):
        pts.append("(%d, 0)" % i)
        pts.append("(%s, 0.5)" % fmt(i - 0.5))
    pts.append("(0, 0)")
    return ("scene saw%d {\n    h = 0.01;\n    steps = 10;\n    gravity = (0, -9.81);\n"
            "    formulation = max;\n}\n"
            "obstacle saw polygon {\n    outer %s;\n}\n"
            "body ball disc {\n    mass = 1;\n    radius = 0.1;\n    position = (%s, 1);\n}\n"
            % (n, " ".join(pts), fmt(n / 2.0)))


CAPACITY = 0


def separate(kind, n, steps=200):
    """n bodies of one kind resting on a floor, 2 apart (they never meet)."""
    cap = "    capacity = %d;\n" % CAPACITY if CAPACITY > 0 else ""
    lines = ["scene sep_%s_%d {\n    h = 0.01;\n    steps = %d;\n    gravity = (0, -9.81);\n"
             "    formulation = max;\n    friction = 0.5;\n%s}\n" % (kind, n, steps, cap),
             "obstacle floor polygon { outer (-2, -1) (%d, -1) (%d, 0) (-2, 0); }\n"
             % (2 * n, 2 * n)]
    for i in range(n):
        x = 2 * i
        if kind == "particle":
            lines.append("body b%d particle { mass = 1; position = (%d, 0.02); }\n" % (i, x))
        elif kind == "disc":
            lines.append("body b%d disc { mass = 1; radius = 0.25; position = (%d, 0.27); }\n"
                         % (i, x))
        else:
            lines.append("body b%d polygon {\n    vertices (-0.25, -0.25) (0.25, -0.25) "
                         "(0.25, 0.25) (-0.25, 0.25);\n    mass = 1;\n"
                         "    position = (%d, 0.27);\n}\n" % (i, x))
    lines.append("expect every step solved;\n")
    return "".join(lines)


VALLEY = ("obstacle ground polygon {\n    outer (-3, -1) (3, -1) (3, 1.7320508075688772) (0, 0) "
          "(-3, 1.7320508075688772);\n}\n")


def valley_discs(n, steps):
    """n discs of radius 0.1 poured into the valley of examples/valley.ncs:
    a block 10 wide above the V, 0.25 apart, at rest."""
    lines = ["scene valley%d {\n    h = 0.005;\n    steps = %d;\n    gravity = (0, -9.81);\n"
             "    formulation = max;\n    friction = 0.6;\n}\n" % (n, steps), VALLEY]
    for i in range(n):
        x = -1.125 + 0.25 * (i % 10)
        y = 2.0 + 0.25 * (i // 10)
        lines.append("body d%d disc { mass = 1; radius = 0.1; position = (%s, %s); }\n"
                     % (i, fmt(x), fmt(y)))
    lines.append("expect every step solved;\n")
    return "".join(lines)


def pyramid(rows=4, steps=10000):
    """An aligned pyramid of unit boxes (rows 4, 3, 2, 1: 10 boxes) on a
    floor, each box on two below, 1 mm gaps between the rows."""
    lines = ["scene pyramid {\n    h = 0.01;\n    steps = %d;\n    gravity = (0, -9.81);\n"
             "    formulation = max;\n    friction = 0.6;\n}\n" % steps,
             "obstacle floor polygon { outer (-10, -1) (10, -1) (10, 0) (-10, 0); }\n"]
    k = 0
    for r in range(rows):
        for c in range(rows - r):
            x = -(rows - r - 1) * 0.5 + c
            y = 0.5 + r * 1.001 + 0.001
            lines.append("body box%d polygon {\n    vertices (-0.5, -0.5) (0.5, -0.5) (0.5, 0.5) "
                         "(-0.5, 0.5);\n    mass = 1;\n    position = (%s, %s);\n}\n"
                         % (k, fmt(x), fmt(round(y, 6))))
            k += 1
    lines.append("expect every step solved;\n")
    return "".join(lines)


# ncsc's sizing (ncs_plan_sizes) of N polygon bodies grows faster than N:
# 1000 boxes took more than 10 minutes (issue 18 measurements, docs/performance.md)
BOX_MAX = 300


# ---- parts -----------------------------------------------------------------

def part_obstacles(b, quick):
    ns = [10, 100, 1000, 10000] if quick else [10, 30, 100, 300, 1000, 3000, 10000]
    print("## obstacles: one disc dropped into the V in the middle of a row of N triangles, "
          "400 steps of 0.005 s")
    print("%7s %7s %9s %7s %6s %6s %8s %8s" % ("N", "pieces", "us/step", "ratio", "MAX_M",
                                                 "m_met", "ncsc_s", "gcc_s"))
    xs, ys = [], []
    for n in ns:
        o = b.scene("tri%d" % n, tri_row(n))
        if "us_best" not in o or "failed_step" in o:
            print("%7d failed: %s" % (n, o))
            continue
        t = float(o["us_best"])
        xs.append(n)
        ys.append(t)
        print("%7d %7s %9.3f %7.2f %6s %6s %8s %8s" % (n, n, t, t / ys[0], o["max_m"],
                                                         o["m_met"], o["ncsc_s"], o["gcc_s"]))
    if len(xs) > 1:
        print("ratio largest/smallest %.2f (goal <= 1.5); log-log slope %.3f"
              % (ys[-1] / ys[0], slope(xs, ys)))
    print()


def part_bodies(b, quick):
    ns = [1, 10, 100, 1000] if quick else [1, 3, 10, 30, 100, 300, 1000]
    print("## bodies: N separate bodies resting on a floor, 2 apart, 200 steps of 0.01 s%s"
          % (", capacity = %d" % CAPACITY if CAPACITY > 0 else ""))
    for kind in ("particle", "disc", "box"):
        if kind == "box":
            ns = [n for n in ns if n <= BOX_MAX]
        print("%-9s %5s %10s %10s %6s %6s %12s %8s" % ("kind", "N", "us/step", "us/body", "MAX_M",
                                                       "m_met", "state_B", "ncsc_s"))
        xs, ys = [], []
        for n in ns:
            o = b.scene("sep_%s_%d" % (kind, n), separate(kind, n))
            if "failed_step" in o:
                o["error"] = "step %s failed (status %s)" % (o["failed_step"], o["status"])
            if "us_best" not in o or "failed_step" in o:
                print("%-9s %5d %10s %10s %6s %6s %12s %8s %s" % (kind, n, "-", "-", o.get("max_m"),
                                                                 "-", o.get("state_bytes"),
                                                                 o["ncsc_s"], o.get("error")))
                continue
            t = float(o["us_best"])
            xs.append(n)
            ys.append(t)
            print("%-9s %5d %10.3f %10.3f %6s %6s %12s %8s" % (kind, n, t, t / n, o["max_m"],
                                                              o["m_met"], o["state_bytes"],
                                                              o["ncsc_s"]))
        if len(xs) > 1:
            print("%s: log-log exponent %.3f over N = %d..%d (goal <= 1.1)"
                  % (kind, slope(xs, ys), xs[0], xs[-1]))
        print()


def part_vertices(b, quick):
    print("## vertices: ncsc wall time (s)")
    print("%-34s %9s %9s" % ("scene", "vertices", "ncsc_s"))
    n = 33334
    d, p, t = b.ncsc_run("tri%d" % n, tri_row(n))
    print("%-34s %9d %9.2f" % ("%d separate triangles" % n, 3 * n, t))
    xs, ys = [], []
    for teeth in ([3333, 10000] if quick else [3333, 10000, 33333, 50000]):
        d, p, t = b.ncsc_run("saw%d" % teeth, saw(teeth))
        xs.append(2 * teeth + 3)
        ys.append(t)
        print("%-34s %9d %9.2f" % ("saw of %d teeth (one polygon)" % teeth, xs[-1], t))
    print("saw: log-log slope of ncsc time against vertices %.2f" % slope(xs, ys))
    print()
    print("## 10^4 triangles all told: ncsc, gcc -O2, 400 steps (one run)")
    n = 10000
    t0 = time.perf_counter()
    d, p, tc = b.ncsc_run("all%d" % n, tri_row(n))
    exe, tg = b.gcc(d, p)
    t1 = time.perf_counter()
    o = b.run(exe, 0, 1)
    tr = time.perf_counter() - t1
    tot = time.perf_counter() - t0
    size = os.path.getsize(os.path.join(d, p + ".c"))
    print("ncsc %.2f s, generated C %.1f MB, gcc -O2 %.2f s, run %.2f s (%s); total %.2f s "
          "(goal <= 120)" % (tc, size / 1e6, tg, tr, "ok" if "us_best" in o else o, tot))
    print()


def part_piles(b, quick):
    print("## piles: default settings, every step must be solved")
    print("%-22s %6s %7s %10s %6s %6s %9s %s" % ("scene", "steps", "solved", "us/solved",
                                                 "MAX_M", "m_met", "state_B", "failure"))
    for name, text, steps in (("valley100", valley_discs(100, 2000), 2000),
                              ("pyramid", pyramid(4, 10000), 10000)):
        o = b.scene(name, text, steps, 1 if quick else 3)
        fail = "-"
        if "failed_step" in o:
            fail = ("step %s: status %s, island of body %s, lcp_status %s, m %s, %s pivots, "
                    "%s s" % (o["failed_step"], o["status"], o["body"], o["lcp_status"], o["m"],
                              o["pivots_failed"], o["s_failed"]))
        if "us_best" not in o:
            print("%-22s %6d %s" % (name, steps, o))
            continue
        print("%-22s %6d %7s %10.3f %6s %6s %9s %s" % (name, steps, o["steps"], float(o["us_best"]),
                                                       o["max_m"], o["m_met"], o["state_bytes"],
                                                       fail))
    print()
    print("## piles through ncsc: `ncsc --check` (parse, geometry, sizes) on aligned pyramids")
    print("%-8s %6s %8s %s" % ("base", "boxes", "ncsc_s", "verdict"))
    for base in ((4, 6) if quick else (4, 6, 10, 20)):
        path = os.path.join(b.work, "pyramid-base%d.ncs" % base)
        with open(path, "w") as f:
            f.write(pyramid(base, 10000))
        t0 = time.time()
        r = subprocess.run([b.ncsc, "--check", path], capture_output=True, text=True)
        dt = time.time() - t0
        said = (r.stderr.strip().splitlines() or ["(nothing)"])[0]
        said = re.sub(r"^.*?: (error|ok): ", r"\1: ", said)
        print("%-8d %6d %8.2f %s" % (base, base * (base + 1) // 2, dt, said))
    print()


def main():
    global BOX_MAX, CAPACITY
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(SRC, "build"))
    ap.add_argument("--work", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "ncs-scale"))
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="fewer sizes")
    ap.add_argument("--box-max", type=int, default=BOX_MAX,
                    help="largest N of the boxes in `bodies` (default %d)" % BOX_MAX)
    ap.add_argument("--capacity", type=int, default=0,
                    help="`capacity = C` in the scenes of `bodies` (default: none)")
    ap.add_argument("parts", nargs="+")
    a = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)
    BOX_MAX = a.box_max
    CAPACITY = a.capacity
    b = Bench(os.path.abspath(a.build), a.work, a.reps)
    parts = {"obstacles": part_obstacles, "bodies": part_bodies, "vertices": part_vertices,
             "piles": part_piles}
    names = list(parts) if "all" in a.parts else a.parts
    for p in names:
        if p not in parts:
            sys.exit("scale.py: unknown part %s" % p)
    print("# %s, gcc -O2, best of %d runs" % (time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                                              a.reps))
    for p in names:
        parts[p](b, a.quick)


if __name__ == "__main__":
    main()
