#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""TAP test: pmukit metrics on counts other collectors wrote, against Python.

The recorded files of tests/fixtures/collectors are each format pmukit
metrics reads beside its own: perf stat -x (a comma; ';' with -I and -A; the
two-character '::' with -r), perf stat -j (plain; -I and -A), pmukit stat
-x's lines in perf's layout, both of several core types (pmukit stat's
blocks per type, perf's hybrid PMUs: a result per type, each from that
type's counts and with that type's set), Arm topdown-tool's events CSV (two runs, as
without multiplexing), and likwid-perfctr -O. LIKWID's file is written as
likwid.lua's CSV output writes it (STRUCT,Info then TABLE,Group N Raw,
rows per event, a column per HWThread), not from a run: Debian packages
LIKWID for amd64 only. The perf61-* files are Linux perf 6.1's own output,
from Debian's package run in the QEMU guests (tests/guest/perf-metrics-tests.sh).

The counts each file holds are written out below, by Arm's event names,
independently of the readers. For every metric of neoverse-n1 whose events
the file has, this script evaluates the formula (test_metric_sets --dump)
with exact fractions and compares pmukit metrics --json's value (4
decimals); a metric with an event perf did not count, did not support or
left blank is n/a, its reason naming that event; a metric from counts perf
scaled carries the lowest percentage among its events, and is marked as
perhaps never counted together exactly when two of its events were counted
for 100 % of the time or less between them.
"""

import json
import os
import platform
import subprocess
import sys
from fractions import Fraction

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(ROOT, "tests"))
import metric_formula  # noqa: E402 (tests/metric_formula.py)
import tap  # noqa: E402 (tests/tap.py)
from tap import ok  # noqa: E402


def arch():
    m = platform.machine()
    return {"aarch64": "arm64"}.get(m, "arm" if m.startswith(("armv7", "armv8")) else m)


BUILD = os.path.join(ROOT, "build", arch())
PMUKIT = os.path.join(BUILD, "bin", "pmukit")
DUMP = os.path.join(BUILD, "tests", "host", "test_metric_sets")
FIX = os.path.join(ROOT, "tests", "fixtures", "collectors")

NC, NS = "not counted", "not supported"


def c(value, pct=100.0, name=None):
    """A count: its value (or NC/NS), the percentage of the time counted, its name in the file."""
    return {"value": value, "pct": pct, "name": name}


RK3399 = ("cortex-a53", "cortex-a72")
SM8550 = ("cortex-a510", "cortex-a715", "cortex-x3")


def alternating(cores, big, small, interval=None):
    """pmukit stat's counts of test_cli_types' stand-ins: the first type (and every other
    one) counted big cycles and small instructions, the others the other way round."""
    return {(interval, None, core): {1: {"CPU_CYCLES": c(small if i % 2 else big),
                                         "INST_RETIRED": c(big if i % 2 else small)}}
            for i, core in enumerate(cores)}


def one_sided(n):
    """An interval of the RK3399's -I run where the A53's stand-in counted n cycles and the
    A72's n instructions, and each type's other count is 0: no count by the library's rule."""
    return {"cortex-a53": {1: {"CPU_CYCLES": c(n), "INST_RETIRED": c(NC, name="instructions:u")}},
            "cortex-a72": {1: {"CPU_CYCLES": c(NC, name="cycles:u"), "INST_RETIRED": c(n)}}}


# perf-hybrid-x.csv and -j.json: each type's events by its PMU's name.
PERF_HYBRID = {
    (None, None, "cortex-a53"): {1: {
        "CPU_CYCLES": c(3000000), "INST_RETIRED": c(1500000), "L1D_CACHE": c(600000, 50.0),
        "L1D_CACHE_REFILL": c(12000, 50.0), "BR_MIS_PRED": c(9000), "BR_PRED": c(300000)}},
    (None, None, "cortex-a72"): {1: {
        "CPU_CYCLES": c(5000000), "INST_RETIRED": c(8000000), "L1D_CACHE": c(2000000),
        "L1D_CACHE_REFILL": c(NC, 0.0, "armv8_cortex_a72/l1d_cache_refill/u"),
        "BR_MIS_PRED": c(4000, 50.0), "BR_PRED": c(800000, 40.0)}},
}

# file -> {(interval, cpu[, core type]): {pass: {ARM_EVENT: count}}}; None: the input has none
EXPECTED = {
    "perf-x.csv": {(None, None): {1: {
        "CPU_CYCLES": c(1000000, name="cycles:u"),
        "INST_RETIRED": c(1500000, name="instructions:u"),
        "STALL_FRONTEND": c(120000, name="stalled-cycles-frontend:u"),
        "STALL_BACKEND": c(300000, name="stalled-cycles-backend:u"),
        "BR_MIS_PRED_RETIRED": c(4000, 50.0, "armv8_pmuv3_0/br_mis_pred_retired/u"),
        "BR_RETIRED": c(200000, 50.0, "armv8_pmuv3_0/event=0x21/u"),
        "DTLB_WALK": c(3000, 60.0, "r34:u"),
        "L1D_TLB": c(90000, 40.0, "armv8_pmuv3_0/l1d_tlb/u"),
        "L1D_CACHE_REFILL": c(NC, 0.0, "l1d_cache_refill:u"),
        "L1D_CACHE": c(60000, name="L1D_CACHE:u"),
        "LL_CACHE_RD": c(NS, name="armv8_pmuv3_0/ll_cache_rd/u"),
        "LL_CACHE_MISS_RD": c(2000, name="armv8_neoverse_n1/r37/u"),
    }}},
    "perf-x-IA.csv": {
        (1.001, 0): {1: {"CPU_CYCLES": c(1000000), "INST_RETIRED": c(2000000),
                         "STALL_FRONTEND": c(250000), "STALL_BACKEND": c(100000)}},
        (1.001, 1): {1: {"CPU_CYCLES": c(3000000), "INST_RETIRED": c(1000000),
                         "STALL_FRONTEND": c(300000), "STALL_BACKEND": c(1200000)}},
        (2.002, 0): {1: {"CPU_CYCLES": c(1100000), "INST_RETIRED": c(3300000),
                         "STALL_FRONTEND": c(110000), "STALL_BACKEND": c(55000)}},
        (2.002, 1): {1: {"CPU_CYCLES": c(NC, 0.0, "cycles"), "INST_RETIRED": c(NC, 0.0),
                         "STALL_FRONTEND": c(NC, 0.0), "STALL_BACKEND": c(NC, 0.0)}},
    },
    # -r: perf's means, rounded to whole counts
    "perf-x-r.txt": {(None, None): {1: {
        "CPU_CYCLES": c(700000), "INST_RETIRED": c(1400001),
        "STALL_FRONTEND": c(70001), "STALL_BACKEND": c(140000)}}},
    "perf-j.json": {(None, None): {1: {
        "CPU_CYCLES": c(1000000), "INST_RETIRED": c(2500000),
        "STALL_FRONTEND": c(100000, 75.0, "stall_frontend"),
        "STALL_BACKEND": c(300000, 75.0, "STALL_BACKEND"),
        "L1I_CACHE_REFILL": c(NC, 0.0, "l1i_cache_refill"),
        "L1I_CACHE": c(NS, name="l1i_cache"),
        "BR_MIS_PRED_RETIRED": c(7000, 50.0, "armv8_pmuv3_0/br_mis_pred_retired/"),
    }}},
    "perf-j-IA.json": {
        (1.001, 0): {1: {"CPU_CYCLES": c(1000000), "INST_RETIRED": c(2000000)}},
        (1.001, 1): {1: {"CPU_CYCLES": c(3000000), "INST_RETIRED": c(1000000)}},
        (2.002, 0): {1: {"CPU_CYCLES": c(1100000), "INST_RETIRED": c(3300000)}},
        (2.002, 1): {1: {"CPU_CYCLES": c(NC, 0.0, "cycles"), "INST_RETIRED": c(NC, 0.0)}},
    },
    # Linux perf 6.1's own output (Debian's linux-perf, run in the QEMU guests
    # of tests/guest/perf-metrics-tests.sh under -icount, so that a user-space
    # CPU_CYCLES equals INST_RETIRED): perf's JSON event names, an event left
    # <not counted>, "(null)" metric units and the "# started on" line of -o.
    "perf61-n1-x.csv": {(None, None): {1: {
        "INST_RETIRED": c(212424), "CPU_CYCLES": c(212424), "STALL_FRONTEND": c(0),
        "STALL_BACKEND": c(0), "BR_MIS_PRED_RETIRED": c(0), "BR_RETIRED": c(0), "L1D_CACHE": c(0),
        "L1D_CACHE_REFILL": c(NC, 0.0, "l1d_cache_refill:u")}}},
    "perf61-n1-j.json": {(None, None): {1: {
        "INST_RETIRED": c(212424), "CPU_CYCLES": c(212424), "STALL_FRONTEND": c(0),
        "STALL_BACKEND": c(0), "BR_MIS_PRED_RETIRED": c(0), "BR_RETIRED": c(0), "L1D_CACHE": c(0),
        "L1D_CACHE_REFILL": c(NC, 0.0, "l1d_cache_refill:u")}}},
    # -a -A -I 20: five intervals of CPU0, the last partial
    "perf61-n1-x-IA.csv": {
        (0.02, 0): {1: {"INST_RETIRED": c(20088653), "CPU_CYCLES": c(20088718),
                       "STALL_FRONTEND": c(0), "STALL_BACKEND": c(0)}},
        (0.04, 0): {1: {"INST_RETIRED": c(20336572), "CPU_CYCLES": c(20336572),
                       "STALL_FRONTEND": c(0), "STALL_BACKEND": c(0)}},
        (0.061, 0): {1: {"INST_RETIRED": c(20315440), "CPU_CYCLES": c(20315440),
                       "STALL_FRONTEND": c(0), "STALL_BACKEND": c(0)}},
        (0.081, 0): {1: {"INST_RETIRED": c(20315184), "CPU_CYCLES": c(20315184),
                       "STALL_FRONTEND": c(0), "STALL_BACKEND": c(0)}},
        (0.083, 0): {1: {"INST_RETIRED": c(1558125), "CPU_CYCLES": c(1558125),
                       "STALL_FRONTEND": c(0), "STALL_BACKEND": c(0)}},
    },
    "perf61-n1-j-IA.json": {
        (0.02, 0): {1: {"INST_RETIRED": c(20082775), "CPU_CYCLES": c(20082827),
                       "STALL_FRONTEND": c(0), "STALL_BACKEND": c(0)}},
        (0.04, 0): {1: {"INST_RETIRED": c(20330826), "CPU_CYCLES": c(20330826),
                       "STALL_FRONTEND": c(0), "STALL_BACKEND": c(0)}},
        (0.061, 0): {1: {"INST_RETIRED": c(20321040), "CPU_CYCLES": c(20321040),
                       "STALL_FRONTEND": c(0), "STALL_BACKEND": c(0)}},
        (0.081, 0): {1: {"INST_RETIRED": c(20320896), "CPU_CYCLES": c(20320896),
                       "STALL_FRONTEND": c(0), "STALL_BACKEND": c(0)}},
        (0.083, 0): {1: {"INST_RETIRED": c(1553900), "CPU_CYCLES": c(1553900),
                       "STALL_FRONTEND": c(0), "STALL_BACKEND": c(0)}},
    },
    # The Cortex-A53 guest: perf's generic names, the PMU's sysfs name, raw
    # numbers; stalled-cycles-frontend and -backend <not supported> (the
    # kernel's A53 map has none), r23 counting STALL_FRONTEND instead; one
    # event <not counted>. INST_RETIRED is there twice (instructions:u and
    # armv8_pmuv3/inst_retired/u): in the -j run perf multiplexed and scaled
    # instructions:u (71 %), and the count taken all the time stands for it.
    "perf61-a53-x.csv": {(None, None): {1: {
        "INST_RETIRED": c(212464), "CPU_CYCLES": c(212464), "STALL_FRONTEND": c(0),
        "L1D_CACHE": c(0), "BR_MIS_PRED": c(0), "BR_PRED": c(0),
        "L1D_CACHE_REFILL": c(NC, 0.0, "r03:u")}}},
    "perf61-a53-j.json": {(None, None): {1: {
        "INST_RETIRED": c(212464), "CPU_CYCLES": c(212464), "STALL_FRONTEND": c(0),
        "L1D_CACHE": c(0), "BR_MIS_PRED": c(0), "BR_PRED": c(0),
        "L1D_CACHE_REFILL": c(0, 28.0)}}},
    "perf61-a53-x-IA.csv": {
        (0.02, 0): {1: {"INST_RETIRED": c(20078758), "CPU_CYCLES": c(20078823), "STALL_FRONTEND": c(0),
                       "STALL_BACKEND": c(NS, name="stalled-cycles-backend")}},
        (0.04, 0): {1: {"INST_RETIRED": c(20334199), "CPU_CYCLES": c(20334199), "STALL_FRONTEND": c(0),
                       "STALL_BACKEND": c(NS, name="stalled-cycles-backend")}},
        (0.061, 0): {1: {"INST_RETIRED": c(20313928), "CPU_CYCLES": c(20313928), "STALL_FRONTEND": c(0),
                       "STALL_BACKEND": c(NS, name="stalled-cycles-backend")}},
        (0.081, 0): {1: {"INST_RETIRED": c(20316775), "CPU_CYCLES": c(20316775), "STALL_FRONTEND": c(0),
                       "STALL_BACKEND": c(NS, name="stalled-cycles-backend")}},
        (0.083, 0): {1: {"INST_RETIRED": c(1622530), "CPU_CYCLES": c(1622528), "STALL_FRONTEND": c(0),
                       "STALL_BACKEND": c(NS, name="stalled-cycles-backend")}},
    },
    # Several core types (metrics per type, never across types): pmukit
    # stat's own output of the RK3399 and SM8550 fixtures, from the runs of
    # tests/host/test_cli_types.c (-x, --json, -M -x, -I -x, the table), whose
    # stand-ins count CPU_CYCLES and INST_RETIRED the other way round on
    # alternate types; the sums over the types are left out, so a value
    # taken from them or from another type would differ. Keys add the type.
    "pmukit-types-rk3399-x.csv": alternating(RK3399, 19426967, 61),
    "pmukit-types-rk3399.json": alternating(RK3399, 19728726, 61),
    "pmukit-types-rk3399-M-x.csv": alternating(RK3399, 20807136, 60),
    # -I 10: a 0 of a stand-in is no count by the library's rule (n/a, named).
    "pmukit-types-rk3399-x-I.csv": {
        **alternating(RK3399, 4549268, 60, 0.018),
        **{(t, None, core): want for t, n in ((0.026, 3047066), (0.034, 3886102), (0.041, 3904019),
                                              (0.054, 4202242))
           for core, want in one_sided(n).items()},
        **alternating(RK3399, 19588697, 60),
    },
    # stat's table (its blocks per type, the sums' block, -M's metrics after them)
    "pmukit-types-rk3399-table.txt": alternating(RK3399, 19719702, 61),
    "pmukit-types-rk3399-M-table.txt": alternating(RK3399, 19638191, 61),
    "pmukit-types-sm8550-table.txt": alternating(SM8550, 19633834, 62),
    "pmukit-types-sm8550-x.csv": alternating(SM8550, 19538844, 60),
    "pmukit-types-sm8550.json": alternating(SM8550, 19454229, 62),
    # perf 6.1's layout of a hybrid machine's events, each named by its
    # type's PMU (armv8_cortex_a53/.../, as perf -e takes them there), with
    # scaled counts and one <not counted>; and an x86 hybrid's cpu_core and
    # cpu_atom, which name no Arm core (the generic set).
    "perf-hybrid-x.csv": PERF_HYBRID,
    "perf-hybrid-j.json": PERF_HYBRID,     # the same counts in perf -j's layout
    "perf-cpu-core-x.csv": {
        (None, None, "cpu_core"): {1: {"CPU_CYCLES": c(120000000), "INST_RETIRED": c(360000000)}},
        (None, None, "cpu_atom"): {1: {"CPU_CYCLES": c(50000000),
                                       "INST_RETIRED": c(NC, 0.0, "cpu_atom/instructions/")}},
    },
    "pmukit-stat-x.csv": {(None, None): {
        1: {"CPU_CYCLES": c(1000), "INST_RETIRED": c(2500), "STALL_FRONTEND": c(100),
            "STALL_BACKEND": c(300), "DTLB_WALK": c(30)},
        2: {"CPU_CYCLES": c(2000), "INST_RETIRED": c(5000), "BR_MIS_PRED_RETIRED": c(10),
            "BR_RETIRED": c(400), "L1D_TLB": c(600),
            "L1D_CACHE_REFILL": c(NC, name="L1D_CACHE_REFILL:u"),
            "L1D_CACHE": c(NC, name="L1D_CACHE")},     # <wrapped>: "overflowed"
    }},
    "neoverse_n1_events.csv": {(None, None): {
        1: {"CPU_CYCLES": c(1000000), "INST_RETIRED": c(2500000), "STALL_FRONTEND": c(100000),
            "STALL_BACKEND": c(300000), "DTLB_WALK": c(3000)},
        2: {"CPU_CYCLES": c(2000000), "INST_RETIRED": c(5000000),
            "BR_MIS_PRED_RETIRED": c(10000), "BR_RETIRED": c(400000), "L1D_TLB": c(600000),
            "L1I_CACHE_REFILL": c(NC, name="L1I_CACHE_REFILL")},
    }},
    "likwid.csv": {
        (None, 0): {1: {"CPU_CYCLES": c(1000000), "INST_RETIRED": c(2500000),
                        "STALL_FRONTEND": c(100000), "STALL_BACKEND": c(300000),
                        "L1D_CACHE_RD": c(80000), "BR_MIS_PRED": c(5000)}},
        (None, 1): {1: {"CPU_CYCLES": c(2000000), "INST_RETIRED": c(1000000),
                        "STALL_FRONTEND": c(400000), "STALL_BACKEND": c(NC, name="STALL_BACKEND"),
                        "L1D_CACHE_RD": c(90000), "BR_MIS_PRED": c(7000)}},
    },
}


def evaluate(formula, counts):
    """The formula's value as a Fraction, None for a division by 0."""
    try:
        return metric_formula.value(formula, lambda name: counts[name])
    except metric_formula.ZeroDivisor:
        return None


def metrics_of(set_name):
    p = subprocess.run([DUMP, "--dump"], capture_output=True, text=True, check=True)
    out = []
    for line in p.stdout.splitlines():
        f = line.split("\t")
        if f[0] == set_name:
            out.append({"name": f[2], "scale": int(f[3]), "formula": f[4],
                        "events": [e.split("=")[0] for e in f[5:]]})
    return out


def expect_metric(m, passes):
    """What the metric's entry must say: ("value", Fraction, pct, apart), ("n/a", event), or None."""
    # As pmukit: the first pass with all its events, else none (passes combined: not checked here).
    for p in sorted(passes):
        have = passes[p]
        if all(e in have for e in m["events"]):
            for e in m["events"]:
                if have[e]["value"] in (NC, NS):
                    return ("n/a", have[e]["name"] or e)
            counts = {e: have[e]["value"] for e in m["events"]}
            v = evaluate(m["formula"], counts)
            if v is None:
                return ("n/a", None)
            pcts = [have[e]["pct"] for e in m["events"]]
            apart = any(pcts[i] + pcts[j] <= 100.0 and pcts[i] < 100.0
                        for i in range(len(pcts)) for j in range(i + 1, len(pcts))
                        if m["events"][i] != m["events"][j])
            return ("value", v * m["scale"], min(pcts), apart)
    if all(any(e in passes[p] for p in passes) for e in m["events"]):
        return ("combined",)
    return None


def slices_of(doc):
    """{(interval, cpu[, core type]): [metric objects]} of pmukit metrics --json."""
    if "results" not in doc:
        return {(None, None): doc["metrics"]}
    return {(round(r["interval"], 3) if "interval" in r else None, r.get("cpu"))
            + ((r["core"],) if "core" in r else ()): r["metrics"]
            for r in doc["results"]}


def typed(want):
    """Counts of several core types: each type names its core (no --cpu), its own set."""
    return all(len(key) == 3 for key in want)


def check_file(fn, want, sets):
    args = [PMUKIT, "metrics", "--json", os.path.join(FIX, fn)]
    if not fn.endswith("_events.csv") and fn != "likwid.csv" and not typed(want):
        args[2:2] = ["--cpu", "neoverse-n1"]
    p = subprocess.run(args, capture_output=True, text=True)
    if not ok(p.returncode == 0, f"{fn}: pmukit metrics --json exits 0", p.stdout + p.stderr):
        return
    doc = json.loads(p.stdout)
    got = slices_of(doc)
    ok(sorted(got, key=str) == sorted(want, key=str),
       f"{fn}: a result for each interval and CPU{' and core type, none of the sums' if typed(want) else ''}",
       f"got {sorted(got, key=str)}, want {sorted(want, key=str)}")
    bad, checked = [], 0
    for key, passes in want.items():
        # By name and formula: the generic set names two metrics "branch mispredict rate".
        entries = {(m["name"], m["formula"]): m for m in got.get(key, [])}
        # A type's metrics are its core's set: these cores have Arm's data for none (the generic set).
        for m in sets["generic" if len(key) == 3 else "neoverse-n1"]:
            exp = expect_metric(m, passes)
            if exp is None:
                if (m["name"], m["formula"]) in entries:
                    bad.append(f"{key} {m['name']}: shown, though an event is not in the file")
                continue
            e = entries.get((m["name"], m["formula"]))
            if e is None:
                bad.append(f"{key} {m['name']}: missing")
                continue
            checked += 1
            if exp[0] == "combined":
                if "combined" not in e:
                    bad.append(f"{key} {m['name']}: passes combined without a note")
                continue
            if exp[0] == "n/a":
                if e["value"] is not None or (exp[1] and exp[1] not in e.get("reason", "")):
                    bad.append(f"{key} {m['name']}: want n/a naming {exp[1]}, got {e}")
                continue
            _, v, pct, apart = exp
            if e["value"] is None or abs(Fraction(str(e["value"])) - v) > Fraction(1, 20000):
                bad.append(f"{key} {m['name']} ({m['formula']}): got {e['value']}, want {float(v):.6f}")
            if pct < 100.0:
                if e.get("counted_percent") != pct or e.get("counted_together") != (not apart):
                    bad.append(f"{key} {m['name']}: want counted_percent {pct}, together {not apart}; "
                               f"got {e.get('counted_percent')}, {e.get('counted_together')}")
            elif "counted_percent" in e:
                bad.append(f"{key} {m['name']}: marked scaled, though every count was counted all the time")
    ok(checked > 0 and not bad, f"{fn}: {checked} metrics agree with exact fractions, n/a and scaling marks",
       "\n".join(bad[:12]))


def main():
    tap.header()
    if not os.path.exists(PMUKIT) or not os.path.exists(DUMP):
        print(f"1..0 # SKIP {PMUKIT} or {DUMP} is not built (make check-host)")
        return 0
    sets = {name: metrics_of(name) for name in ("neoverse-n1", "generic")}
    ok(len(sets["neoverse-n1"]) > 20, f"neoverse-n1 has {len(sets['neoverse-n1'])} metrics")
    for fn in sorted(EXPECTED):
        check_file(fn, EXPECTED[fn], sets)
    return tap.done()


if __name__ == "__main__":
    sys.exit(main())
