#!/usr/bin/python3
"""replay_contacts.py PAGE CONTACTS.CSV - the replay page (--html) and the
simulator's --contacts CSV of the same run agree: at every frame the sum of
the normal impulses the page draws is the CSV's sum for that step (to 1e-5
relative: the page keeps 6 digits), and some frames have contacts. Exit
status 0 when they agree, 1 when not."""
import csv
import json
import re
import sys


def load_run(page, who):
    """The recorded run of a replay page (window.NCS_RUN), or None after
    saying why on stderr (`who`: the program's name)."""
    text = open(page).read()
    m = re.search(r"window\.NCS_RUN = (\{.*?\});\n", text, re.S)
    if not m:
        print("%s: %s has no window.NCS_RUN" % (who, page), file=sys.stderr)
        return None
    return json.loads(m.group(1))


def main(page, path):
    run = load_run(page, "replay_contacts")
    if run is None:
        return 1
    want = {}
    with open(path) as f:
        for r in csv.DictReader(f):
            want[int(r["step"])] = want.get(int(r["step"]), 0.0) + float(r["pn"])
    with_contacts = 0
    for k, step in enumerate(run["step"]):
        con = run["con"][7 * run["con0"][k]:7 * run["con0"][k + 1]]
        got = sum(con[i + 4] for i in range(0, len(con), 7) if con[i + 4] > 0)
        w = want.get(step, 0.0)
        if abs(got - w) > 1e-5 * max(1.0, abs(w)):
            print("replay_contacts: %s step %d: the page's normal impulses sum to %r, "
                  "%s's to %r" % (page, step, got, path, w), file=sys.stderr)
            return 1
        with_contacts += got > 0
    if with_contacts == 0:
        print("replay_contacts: %s draws no impulse at all" % page, file=sys.stderr)
        return 1
    print("replay_contacts: %s: %d frames, %d with impulses, as in %s"
          % (page, len(run["step"]), with_contacts, path))
    return 0


def cli(check, doc):
    """Runs check(PAGE, CSV) on the command line; usage (`doc`) and exit
    status 2 without exactly those two arguments."""
    if len(sys.argv) != 3:
        print(doc, file=sys.stderr)
        sys.exit(2)
    sys.exit(check(sys.argv[1], sys.argv[2]))


if __name__ == "__main__":
    cli(main, __doc__)
