#!/usr/bin/python3
"""browser_check.py - drives a page written by ncs in headless Chromium
(Debian's chromium, chromium-driver and python3-selenium) through its test
hook window.ncs (docs/web.md) and checks it.

  browser_check.py replay PAGE [OPTION|CSV:N]... [--shot PNG]
      after N frames from the start the page shows the CSV's positions at
      the frame's step (to 1e-12: the page holds the CSV's numbers), and
      frame 0 is the CSV's step 0
  browser_check.py live PAGE [OPTION|CSV:N[:FORM]]... [--drag] [--shot PNG]
      from a reset, after N steps with formulation FORM (default: the
      page's first) the page's WebAssembly stepper has the native run's
      positions (the CSV's at step N) to 1e-9; --drag: a body dragged and
      thrown moves away, and stepping goes on

Options, each for the checks after it on the same page:
  --joints N    the page draws N joints, each closed: a pin's and a weld's
                two ends at one point, a rod's at its length (to 1e-4)
  --contacts    the frame shown draws contacts with some normal impulse
More pages may follow in the same browser: an argument ending in .html
loads the next page (the options start afresh).

Every page must load with no console error and no uncaught exception.
Exit status 0 when every check passed, 1 when one failed, 77 when the
browser cannot be used (the test is then skipped)."""
import csv
import math
import os
import shutil
import sys
import tempfile
import time

SKIP = 77


def fail(msg):
    print("browser_check: FAIL: " + msg, file=sys.stderr)
    sys.exit(1)


def browser():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as e:
        print("browser_check: SKIP: python3-selenium is missing (%s)" % e, file=sys.stderr)
        sys.exit(SKIP)
    chrome = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not chrome or not driver:
        print("browser_check: SKIP: chromium or chromedriver is missing "
              "(Debian: apt-get install chromium chromium-driver)", file=sys.stderr)
        sys.exit(SKIP)
    profile = tempfile.mkdtemp(prefix="ncs-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = chrome
    for a in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--disable-background-networking", "--disable-component-update",
              "--disable-sync", "--no-first-run", "--window-size=1200,800",
              "--user-data-dir=" + profile):
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        d = webdriver.Chrome(service=Service(executable_path=driver), options=opts)
    except Exception as e:  # no display, broken install: not this test's failure
        shutil.rmtree(profile, ignore_errors=True)
        print("browser_check: SKIP: chromium does not start: %s" % e, file=sys.stderr)
        sys.exit(SKIP)
    d.set_script_timeout(60)
    d.ncs_profile = profile
    return d


def errors_in(d):
    return [e for e in d.get_log("browser") if e.get("level") == "SEVERE"]


def load(d, page):
    d.get("file://" + os.path.abspath(page))
    for _ in range(200):
        if d.execute_script("return !!(window.ncs && window.ncs.ready)"):
            break
        time.sleep(0.05)
    errs = errors_in(d)
    if errs:
        fail("%s: console errors: %s" % (page, errs))
    if not d.execute_script("return !!(window.ncs && window.ncs.ready)"):
        fail("%s: window.ncs.ready is not true after 10 s" % page)


def page_end(d, page):
    errs = errors_in(d)
    if errs:
        fail("%s: console errors: %s" % (page, errs))


def csv_state(path, step):
    rows = {}
    with open(path) as f:
        for r in csv.DictReader(f):
            if int(r["step"]) == step:
                rows[r["body"]] = (float(r["x"]), float(r["y"]), float(r["theta"]))
    if not rows:
        fail("%s has no rows for step %d" % (path, step))
    return rows


def compare(got, want, tol, what):
    names = sorted(b["name"] for b in got)
    if names != sorted(want):
        fail("%s: bodies %s, the CSV has %s" % (what, names, sorted(want)))
    worst = 0.0
    for b in got:
        w = want[b["name"]]
        for k, v in zip(("x", "y", "theta"), w):
            g = b[k]
            if g is None or not math.isfinite(g):
                fail("%s: %s.%s is %r" % (what, b["name"], k, g))
            worst = max(worst, abs(g - v))
            if abs(g - v) > tol:
                fail("%s: %s.%s = %r, the native run has %r (difference %g > %g)"
                     % (what, b["name"], k, g, v, abs(g - v), tol))
    return worst


def run_steps(d, n):
    return d.execute_async_script(
        "var cb = arguments[arguments.length - 1];"
        "Promise.resolve(window.ncs.step(%d)).then(cb);" % n)


def check_replay(d, path, n, njoints=None, contacts=False):
    step = run_steps(d, n)
    got = d.execute_script("return window.ncs.state()")
    worst = compare(got, csv_state(path, int(step)), 1e-12,
                    "replay frame %d (step %s)" % (n, step))
    check_drawn(d, njoints, contacts, "replay frame %d" % n)
    d.execute_script("window.ncs.seek(0)")
    compare(d.execute_script("return window.ncs.state()"), csv_state(path, 0), 0.0,
            "replay frame 0")
    print("browser_check: replay: frame %d is step %s, largest difference %g" % (n, step, worst))


def check_live(d, path, n, form, njoints=None, contacts=False):
    if form:
        ok = d.execute_async_script(
            "var cb = arguments[arguments.length - 1];"
            "Promise.resolve(window.ncs.formulation(%r)).then(cb);" % form)
        if ok is not True:
            fail("the page cannot switch to formulation %s: %r" % (form, ok))
    d.execute_script("window.ncs.reset()")
    step = run_steps(d, n)
    if int(step) != n:
        fail("live: step(%d) reached step %s" % (n, step))
    got = d.execute_script("return window.ncs.state()")
    worst = compare(got, csv_state(path, n), 1e-9, "live step %d" % n)
    check_drawn(d, njoints, contacts, "live step %d" % n)
    info = d.execute_script("return window.ncs.info()")
    if form and info.get("formulation") != form:
        fail("live: the page runs %r, not %s" % (info.get("formulation"), form))
    print("browser_check: live %s: step %d, largest difference from the native run %g"
          % (info.get("formulation"), n, worst))


def check_drag(d):
    d.execute_script("window.ncs.reset()")
    before = d.execute_script("return window.ncs.state()")[0]
    r = d.execute_script(
        "var b = window.ncs.state()[0];"
        "return window.ncs.drag(b.name, b.x + 0.02, b.y + 0.02, 3, 2);")
    if r is not True:
        fail("drag: window.ncs.drag refused a small move: %r" % r)
    run_steps(d, 5)
    after = d.execute_script("return window.ncs.state()")[0]
    moved = math.hypot(after["x"] - before["x"], after["y"] - before["y"])
    if not moved > 0.04:
        fail("drag: the thrown body moved %g from its start" % moved)
    print("browser_check: drag: the thrown body moved %g" % moved)


def check_drawn(d, njoints, contacts, what):
    """What the page drew in its last frame (window.ncs.drawn())."""
    dr = d.execute_script("return window.ncs.drawn()")
    if njoints is not None:
        js = dr["joints"]
        if len(js) != njoints:
            fail("%s: %d joints drawn, expected %d" % (what, len(js), njoints))
        worst = 0.0
        for k, j in enumerate(js):
            ends = j["a"] + j["b"]
            if any(v is None or not math.isfinite(v) for v in ends):
                fail("%s: joint %d has ends %r" % (what, k, ends))
            dist = math.hypot(j["a"][0] - j["b"][0], j["a"][1] - j["b"][1])
            off = abs(dist - j["len"]) if j["kind"] == "rod" else dist
            if j["kind"] == "rod" and not j["len"] > 0:
                fail("%s: rod %d has length %r" % (what, k, j["len"]))
            worst = max(worst, off)
            if off > 1e-4:
                fail("%s: %s %d drawn with ends %r, %r: off by %g"
                     % (what, j["kind"], k, j["a"], j["b"], off))
        print("browser_check: %s: %d joints drawn, ends off by at most %g"
              % (what, njoints, worst))
    if contacts:
        if not (dr["contacts"] > 0 and dr["impulse"] > 0):
            fail("%s: %r contacts drawn with impulse %r" % (what, dr["contacts"], dr["impulse"]))
        print("browser_check: %s: %d contacts drawn, normal impulses %g"
              % (what, dr["contacts"], dr["impulse"]))


def main(argv):
    if len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    mode = argv[1]
    if mode not in ("replay", "live"):
        fail("unknown mode %s" % mode)
    d = browser()
    shot, page, njoints, contacts, i = None, None, None, False, 2
    try:
        while i < len(argv):
            a = argv[i]
            if a.endswith(".html"):
                if page:
                    page_end(d, page)
                page, njoints, contacts = a, None, False
                load(d, page)
            elif a == "--shot":
                shot = argv[i + 1]
                i += 1
            elif a == "--drag":
                check_drag(d)
            elif a == "--joints":
                njoints = int(argv[i + 1])
                i += 1
            elif a == "--contacts":
                contacts = True
            else:
                sp = a.split(":")
                if mode == "replay":
                    check_replay(d, sp[0], int(sp[1]), njoints, contacts)
                else:
                    check_live(d, sp[0], int(sp[1]), sp[2] if len(sp) > 2 else None,
                               njoints, contacts)
            i += 1
        if page is None:
            fail("no page given")
        if shot:
            d.save_screenshot(shot)
        page_end(d, page)
    finally:
        d.quit()
        shutil.rmtree(d.ncs_profile, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
