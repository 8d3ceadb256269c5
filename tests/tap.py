# SPDX-License-Identifier: MIT
"""TAP 13 helpers for pmukit's Python tests (as tests/tap.sh for shell, tests/tap.h for C).

    import tap                      (with tests/ on sys.path)
    tap.header()                    "TAP version 13"
    tap.ok(cond, name, diag=None)   "ok N - name" / "not ok N - name", diag's lines as "# "
    tap.eq(got, want, name)         ok when got == want; both as diag otherwise
    tap.skip(name, reason)          "ok N - name # SKIP reason"
    tap.diag(text)                  "# text", line by line
    sys.exit(tap.done())            prints the plan; exit status 1 if a test failed
"""

import sys

n = 0
failed = 0


def header():
    print("TAP version 13")
    sys.stdout.flush()


def diag(text, indent=""):
    for line in (text or "").splitlines():
        print(f"# {indent}{line}")
    sys.stdout.flush()


def ok(cond, name, diag_text=None):
    global n, failed
    n += 1
    print(f"{'' if cond else 'not '}ok {n} - {name}")
    if not cond:
        failed += 1
        diag(diag_text, "  ")
    sys.stdout.flush()
    return cond


def eq(got, want, name):
    return ok(got == want, name, f"got:\n{got}\nwant:\n{want}")


def skip(name, reason):
    global n
    n += 1
    print(f"ok {n} - {name} # SKIP {reason}")
    sys.stdout.flush()


def done():
    print(f"1..{n}")
    sys.stdout.flush()
    return 1 if failed else 0
