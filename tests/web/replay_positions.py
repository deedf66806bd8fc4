#!/usr/bin/python3
"""replay_positions.py PAGE RUN.CSV - the replay page (--html) shows the
positions of the simulator's --csv of the same run: every frame is a step of
the CSV (step 0, every stride-th step and the last, issue 28: a long run
keeps a bounded number of frames), and its x, y, theta of every body are the
CSV's to the last digit. Exit status 0 when they agree, 1 when not."""
import csv
import sys

from replay_contacts import cli, load_run


def main(page, path):
    run = load_run(page, "replay_positions")
    if run is None:
        return 1
    rows = {}
    with open(path) as f:
        for r in csv.DictReader(f):
            rows.setdefault(int(r["step"]), []).append(
                [float(r["x"]), float(r["y"]), float(r["theta"])])
    steps, q, stride = run["step"], run["q"], run["stride"]
    last = max(rows)
    for k, step in enumerate(steps):
        if step not in rows:
            print("replay_positions: %s frame %d is step %d, not in %s"
                  % (page, k, step, path), file=sys.stderr)
            return 1
        if step % stride != 0 and step != last:
            print("replay_positions: %s frame %d is step %d: neither a multiple of the stride "
                  "%d nor the last step %d" % (page, k, step, stride, last), file=sys.stderr)
            return 1
        want = [c for body in rows[step] for c in body]
        got = q[len(want) * k:len(want) * (k + 1)]
        if got != want:
            print("replay_positions: %s step %d: the page has %r, %s %r"
                  % (page, step, got, path, want), file=sys.stderr)
            return 1
    if steps[-1] != last or len(steps) != last // stride + 1 + (last % stride != 0):
        print("replay_positions: %s: %d frames ending at step %d; the CSV ends at %d "
              "(stride %d)" % (page, len(steps), steps[-1], last, stride), file=sys.stderr)
        return 1
    print("replay_positions: %s: %d frames (stride %d) at the positions of %s"
          % (page, len(steps), stride, path))
    return 0


if __name__ == "__main__":
    cli(main, __doc__)
