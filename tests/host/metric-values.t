#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""TAP test: every metric of every set, evaluated by the library against Python.

test_metric_sets --dump lists each metric of the library's tables (the generic
set and one set per file of Arm's telemetry data) with its formula text and
events. This script evaluates each formula itself, with exact fractions
(Python's ast and fractions, nothing of the generator), and has the library
evaluate the same counts (test_metric_sets --eval):
  - counts drawn at random (seeded), and every event's count the same (so
    that a difference of two events can be 0): the library's fraction is
    exactly Python's;
  - each event in turn counted 0: a zero divisor is n/a "divided by 0",
    naming the event when the divisor is that event, else no event; never a
    value where Python has none, nor the reverse;
  - each event in turn not counted: n/a "not counted", naming the first
    event of the formula, left to right, that was not counted.
When PMUKIT_TELEMETRY_DATA names the data, each set's formulas are also
those of its data file.
"""

import json
import os
import platform
import random
import subprocess
import sys
from fractions import Fraction

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(ROOT, "tests"))
import metric_formula  # noqa: E402 (tests/metric_formula.py)
import tap  # noqa: E402 (tests/tap.py)
from tap import ok  # noqa: E402

OK, NOT_COUNTED, ZERO_DIVISOR, RANGE = 0, 1, 2, 3


def arch():
    m = platform.machine()
    return {"aarch64": "arm64"}.get(m, "arm" if m.startswith(("armv7", "armv8")) else m)


PROG = os.path.join(ROOT, "build", arch(), "tests", "host", "test_metric_sets")


class NA(Exception):
    def __init__(self, status, event):
        super().__init__(status, event)
        self.status = status
        self.event = event


def evaluate(formula, events, counts, counted):
    """The formula's value as a Fraction; NA(status, event index) when it has none."""
    def count(name):
        k = events.index(name)
        if not counted[k]:
            raise NA(NOT_COUNTED, k)
        return counts[k]
    try:
        return metric_formula.value(formula, count)
    except metric_formula.ZeroDivisor as z:
        raise NA(ZERO_DIVISOR, -1 if z.name is None else events.index(z.name)) from None


def dump():
    p = subprocess.run([PROG, "--dump"], capture_output=True, text=True, check=True)
    rows = []
    for line in p.stdout.splitlines():
        f = line.split("\t")
        evs = [e.split("=") for e in f[5:]]
        rows.append({"set": f[0], "index": int(f[1]), "name": f[2], "scale": int(f[3]),
                     "formula": f[4], "events": [e[0] for e in evs],
                     "codes": [int(e[1]) for e in evs]})
    return rows


def cases(row, rng):
    """(what, counts, counted) for one metric."""
    n = len(row["events"])
    every = [True] * n
    out = [("random counts", [rng.randint(1, 10 ** 6) for _ in range(n)], every),
           ("equal counts", [1000] * n, every)]
    for k in range(n):
        zero = [rng.randint(1, 10 ** 6) for _ in range(n)]
        zero[k] = 0
        out.append((f"{row['events'][k]} counted 0", zero, every))
        missing = list(every)
        missing[k] = False
        out.append((f"{row['events'][k]} not counted", zero, missing))
    return out


def expected(row, counts, counted):
    try:
        v = evaluate(row["formula"], row["events"], counts, counted) * row["scale"]
        return (OK, -1, v)
    except NA as na:
        return (na.status, na.event, None)


def check_values(rows):
    rng = random.Random(13)
    lines, want = [], []
    for row in rows:
        for what, counts, counted in cases(row, rng):
            mask = sum(1 << k for k, c in enumerate(counted) if c)
            lines.append(f"{row['set']} {row['index']} {mask} " +
                         " ".join(str(c) for c in counts))
            want.append((row, what, expected(row, counts, counted)))
    p = subprocess.run([PROG, "--eval"], input="\n".join(lines) + "\n", capture_output=True,
                       text=True, check=True)
    got = p.stdout.splitlines()
    ok(len(got) == len(want), f"the library evaluated {len(want)} cases", p.stderr)
    bad = {}
    for (row, what, (status, event, value)), line in zip(want, got):
        f = line.split()
        if f[0] == "error":
            res = "error"
        else:
            st, evi, num, den = (int(x) for x in f)
            if st != status or (st != OK and evi != event) or \
               (st == OK and Fraction(num, den) != value):
                res = (f"got status {st} event {evi} value {num}/{den}, "
                       f"want status {status} event {event} value {value}")
            else:
                continue
        bad.setdefault(row["set"], []).append(f"{row['name']} ({row['formula']}), {what}: {res}")
    sets = []
    for row in rows:
        if row["set"] not in sets:
            sets.append(row["set"])
    for s in sets:
        n = sum(1 for r in rows if r["set"] == s)
        ok(s not in bad, f"{s}: {n} metrics: values, zero divisors and missing counts "
           "as exact fractions agree", "\n".join(bad.get(s, [])[:10]))


def check_data(rows):
    data = os.environ.get("PMUKIT_TELEMETRY_DATA")
    if not data:
        tap.skip("formulas are those of the telemetry data", "PMUKIT_TELEMETRY_DATA not set")
        return
    top = os.path.join(data, "pmu", "cpu")
    formulas = {}
    for family in sorted(os.listdir(top)):
        for fn in sorted(os.listdir(os.path.join(top, family))):
            try:
                with open(os.path.join(top, family, fn), encoding="utf-8") as f:
                    d = json.load(f)
            except ValueError:
                continue
            for name, m in d["metrics"].items():
                formulas.setdefault(name, set()).add(m["formula"])
    diff = [f"{r['set']} {r['name']}: {r['formula']}" for r in rows
            if r["set"] != "generic" and r["formula"] not in formulas.get(r["name"], ())]
    ok(not diff, "every formula of the tables is one of the data's for that metric",
       "\n".join(diff[:10]))


def main():
    tap.header()
    if not os.path.exists(PROG):
        print(f"1..0 # SKIP {PROG} is not built (make check-host)")
        return 0
    rows = dump()
    ok(len(rows) > 0 and any(r["set"] == "generic" for r in rows),
       f"the tables list {len(rows)} metrics")
    check_values(rows)
    check_data(rows)
    return tap.done()


if __name__ == "__main__":
    sys.exit(main())
