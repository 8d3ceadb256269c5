#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""TAP test of tools/gen-metrics.

Runs the generator on made-up telemetry data written here (a core with good
and bad formulas, groups and a topdown tree, a second revision with the same
tables, a file that is no JSON): the programs the formulas compile to, what
is left out and why (in the generator's messages and the tables' headers),
deterministic output, stale-file removal. Then checks that the committed
metrics/generic.def is what metrics/generic.json gives and, when
PMUKIT_TELEMETRY_DATA names the data, that all of the committed metrics/ is
exactly what it generates.
"""

import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GEN = os.path.join(ROOT, "tools", "gen-metrics")
SHA = "feedfacefeedfacefeedfacefeedfacefeedface"

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(ROOT, "tests"))
import tap  # noqa: E402 (tests/tap.py)
from tap import eq, ok  # noqa: E402

EVENTS = {"CPU_CYCLES": "0x0011", "INST_RETIRED": "0x0008", "STALL_BACKEND": "0x0024",
          "STALL_FRONTEND": "0x0023", "L1D_CACHE": "0x0004", "L1D_CACHE_REFILL": "0x0003"}


def metric(formula, events, units="percent of cycles", title="T"):
    return {"title": title, "formula": formula, "description": "d", "units": units,
            "events": events, "sample_events": events[:1]}


def core(part, minor, metrics):
    return {
        "product_configuration": {"product_name": "Test Core", "part_num": part,
                                  "major_revision": "0", "minor_revision": str(minor),
                                  "implementer": "0x41", "num_slots": 4},
        "events": {n: {"code": c} for n, c in EVENTS.items()},
        "metrics": metrics,
        "groups": {"metrics": {
            "Cycle_Accounting": {"title": "Cycle Accounting", "description": "c",
                                 "metrics": ["backend_stalled_cycles", "frontend_stalled_cycles"]},
            "General": {"title": "General", "description": "g", "metrics": ["ipc", "nothing"]}}},
        "methodologies": {"topdown_methodology": {
            "metric_grouping": {"stage_1": ["Cycle_Accounting"], "stage_2": ["General"]},
            "decision_tree": {"root_nodes": ["backend_stalled_cycles"], "metrics": [
                {"name": "backend_stalled_cycles", "group": "Cycle_Accounting",
                 "next_items": ["General", "ipc"]}]}}},
    }


GOOD = {
    "backend_stalled_cycles": metric("STALL_BACKEND / CPU_CYCLES * 100",
                                     ["CPU_CYCLES", "STALL_BACKEND"]),
    "frontend_stalled_cycles": metric("(STALL_FRONTEND) / (CPU_CYCLES - 0) * 100",
                                      ["CPU_CYCLES", "STALL_FRONTEND"]),
    "ipc": metric("INST_RETIRED / CPU_CYCLES", ["INST_RETIRED", "CPU_CYCLES"], "per cycle"),
}
BAD = {
    "power": metric("INST_RETIRED ^ 2", ["INST_RETIRED"]),
    "half": metric("INST_RETIRED * 0.5", ["INST_RETIRED"]),
    "negative": metric("-INST_RETIRED / CPU_CYCLES", ["INST_RETIRED", "CPU_CYCLES"]),
    "open": metric("(INST_RETIRED / CPU_CYCLES", ["INST_RETIRED", "CPU_CYCLES"]),
    "unknown_event": metric("NO_SUCH_EVENT / CPU_CYCLES", ["NO_SUCH_EVENT", "CPU_CYCLES"]),
}


def write_data(top):
    os.makedirs(os.path.join(top, "pmu", "cpu", "test"))
    with open(os.path.join(top, "SOURCE"), "w") as f:
        f.write(f"made-up data, commit {SHA}\n")
    files = {"test-core.json": core("0xabc", 0, dict(GOOD, **BAD)),
             "test-core-r0p1.json": core("0xabc", 1, dict(GOOD, **BAD)),
             "broken.json": "test-core.json"}
    for name, d in files.items():
        with open(os.path.join(top, "pmu", "cpu", "test", name), "w") as f:
            f.write(d if isinstance(d, str) else json.dumps(d, indent=1))


def run(*args, data=None):
    env = dict(os.environ)
    env.pop("PMUKIT_TELEMETRY_DATA", None)
    cmd = [sys.executable, GEN] + (["--data", data] if data else []) + list(args)
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    return p.returncode, p.stdout, p.stderr


def read_dir(path):
    out = {}
    for n in sorted(os.listdir(path)):
        if n.endswith(".def"):
            with open(os.path.join(path, n), "rb") as f:
                out[n] = f.read()
    return out


def test_made_up(tmp):
    data = os.path.join(tmp, "data")
    write_data(data)
    rc, out, err = run("--list", data=data)
    ok(rc == 0, "--list succeeds on the made-up data", err)
    names = [line.split()[0] for line in out.splitlines()]
    eq(names, ["generic", "test-core-r0p0", "test-core-r0p1"],
       "--list: the generic set, then a set per revision")
    ok("test/broken.json: left out: not JSON: the file holds only the text 'test-core.json'"
       in err, "a file that is not JSON is reported, not a crash", err)

    rc, out, err = run("--cpu", "test-core-r0p0", data=data)
    ok(rc == 0 and out.splitlines()[1].startswith(
        f"/* Generated by tools/gen-metrics from ARM-software/telemetry-solution commit {SHA} "),
       "the header names the data commit", out[:300])
    ok("PMUKIT_PROG(PMUKIT_EV(1), PMUKIT_EV(0), PMUKIT_DIV, PMUKIT_K(100), PMUKIT_MUL)" in out,
       "STALL_BACKEND / CPU_CYCLES * 100 compiles to postfix", out)
    ok("PMUKIT_PROG(PMUKIT_EV(1), PMUKIT_EV(0), PMUKIT_K(0), PMUKIT_SUB, PMUKIT_DIV, "
       "PMUKIT_K(100), PMUKIT_MUL)" in out, "parentheses and constants", out)
    for name, why in (("power", "'^' is not an event name, a number, + - * / or a parenthesis"),
                      ("half", "'0.5' is not a whole number"),
                      ("negative", "'-' where an operand was expected (no unary operators)"),
                      ("open", "a '(' without its ')'"),
                      ("unknown_event", "no event number for NO_SUCH_EVENT")):
        ok(f"metric {name}: formula" in out and why in out and why in err,
           f"{name}: left out, saying why in the header and the messages ({why})", err)
    ok(" *   group General: names nothing, which is not a metric here" in out,
       "a group naming a metric that is not there: said", out[:2000])
    ok("PMUKIT_NODE(0, 0, 2, PMUKIT_ITEMS(PMUKIT_ITEM(GROUP, 1), PMUKIT_ITEM(METRIC, 2)))" in out,
       "the decision tree points at groups and metrics", out)
    ok("PMUKIT_TOPDOWN(test_core_r0p0, 1, PMUKIT_U16S(0),\n\t1, PMUKIT_U16S(1), 1, "
       "PMUKIT_U16S(0))" in out, "stage 1, stage 2 and the roots", out)

    a, b = os.path.join(tmp, "a"), os.path.join(tmp, "b")
    rc, _, err = run("--all", "--out", a, data=data)
    ok(rc == 0, "--all succeeds", err)
    run("--all", "--out", b, data=data)
    eq(sorted(read_dir(a)), ["generic.def", "sets.def", "test_core_r0p0.def",
                             "test_core_r0p1.def"], "--all: a file per set and the index")
    ok(read_dir(a) == read_dir(b), "the same data gives byte-identical files")
    ds = read_dir(a)
    ok(b"test/broken.json: not JSON" in ds["sets.def"],
       "the index's header names the file left out")
    ok(b'#include "test_core_r0p0.def"' in ds["test_core_r0p1.def"] and
       b"PMUKIT_MSET_SAME(test_core_r0p1, test_core_r0p0," in ds["test_core_r0p1.def"],
       "a revision with the same tables refers to the first one's")
    with open(os.path.join(a, "old_core.def"), "w") as f:
        f.write("/* SPDX-License-Identifier: Apache-2.0 */\n"
                "/* Generated by tools/gen-metrics from old data */\n")
    with open(os.path.join(a, "local.def"), "w") as f:
        f.write("/* mine */\n/* not generated */\n")
    run("--all", "--out", a, data=data)
    ok(not os.path.exists(os.path.join(a, "old_core.def")), "a stale generated file is removed")
    ok(os.path.exists(os.path.join(a, "local.def")), "a file not generated is kept")

    rc, _, err = run("--cpu", "test-cor", data=data)
    ok(rc == 2 and "unknown set 'test-cor'" in err and "test-core-r0p0" in err,
       "an unknown set: status 2 and the close names", err)


def test_generic(tmp):
    out = os.path.join(tmp, "generic")
    rc, _, err = run("--all", "--out", out)
    ok(rc == 0 and "no telemetry data" in err, "without data: the generic set alone", err)
    with open(os.path.join(ROOT, "metrics", "generic.def"), "rb") as f:
        ok(read_dir(out) == {"generic.def": f.read()},
           "the committed metrics/generic.def is what metrics/generic.json gives (make metrics)")


def test_committed(tmp):
    data = os.environ.get("PMUKIT_TELEMETRY_DATA")
    if not data:
        tap.skip("committed metrics/ match the data", "PMUKIT_TELEMETRY_DATA not set")
        return
    out = os.path.join(tmp, "all")
    rc, _, err = run("--all", "--out", out, data=data)
    ok(rc == 0, f"the generator runs on {data}", err)
    want, got = read_dir(out), read_dir(os.path.join(ROOT, "metrics"))
    diff = sorted(set(want) ^ set(got)) + sorted(f for f in set(want) & set(got)
                                                 if want[f] != got[f])
    ok(not diff, "committed metrics/ match the data (make metrics TELEMETRY_DATA=DIR)",
       "differ: " + " ".join(diff))


def main():
    tap.header()
    with tempfile.TemporaryDirectory(prefix="pmukit-gen-metrics-") as tmp:
        test_made_up(tmp)
        test_generic(tmp)
        test_committed(tmp)
    return tap.done()


if __name__ == "__main__":
    sys.exit(main())
