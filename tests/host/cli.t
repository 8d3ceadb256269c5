#!/bin/sh
# SPDX-License-Identifier: MIT
# The pmukit command on this machine (TAP): every usage error (exit 2 and
# its message), event specs through the command line, --help everywhere,
# and calibrate, stat and selftest on the access paths that work here
# (x86-64: the TSC and perf's software events), skipped with the reason
# 'pmukit info' gives where a path does not work.
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, arch, tmp_dir; TAP 13: ok, nok, skip, diag
P=$top/build/$arch/bin/pmukit
tmp_dir cli

if [ ! -x "$P" ]; then
	skip_all "$P is not built (make cli)"
	exit 0
fi

# run CMD...: sets out (stdout and stderr) and rc
run() { out=$("$P" "$@" 2>&1); rc=$?; }

# expect RC REGEX DESC -- ARGS...: exit status and a line of output
expect() {
	want=$1 re=$2 desc=$3
	shift 4
	run "$@"
	if [ "$rc" = "$want" ] && printf '%s\n' "$out" | grep -Eq -- "$re"; then
		ok "$desc"
	else
		nok "$desc"
		diag "pmukit $*: exit $rc (want $want), output:" "$out"
	fi
}

# ---- usage errors: exit 2 and a message naming the problem ---------------
expect 2 '^usage: pmukit' "no command: usage" --
expect 2 "no command 'frob' \(the commands: info, regs, list, calibrate, stat, selftest, metrics, doctor; see pmukit --help\)" "unknown command" -- frob
expect 2 "^did you mean: stat\$" "a misspelt command: did you mean" -- stt
expect 2 "unknown option '--frob'" "unknown global option" -- --frob
expect 2 "no command 'nope'" "help for an unknown command" -- help nope
expect 2 "unexpected argument 'extra'" "info: extra argument" -- info extra
expect 2 "pmukit info: unknown option '--frob'" "info: unknown option" -- info --frob
expect 2 "unknown option '-z'" "regs: unknown short option" -- regs -z
expect 2 "--cpu takes a CPU number, not 'x'" "regs: --cpu x" -- regs --cpu x
expect 2 "option '--cpu' needs a value" "regs: --cpu without a value" -- regs --cpu
expect 2 "no event table for a core named 'cortex-a99'" "list: unknown core" -- list --cpu cortex-a99
expect 2 "did you mean: .*cortex-a53" "list: an unknown core gets suggestions" -- list --cpu cortex_a530
expect 1 "^pmukit list: no event matches 'zzz' in " "list: a PATTERN nothing matches" -- list zzz
expect 2 "-n takes a number of pairs from 1" "calibrate: -n 0" -- calibrate -n 0
expect 2 "-n takes a number of pairs" "calibrate: -n 12x" -- calibrate -n 12x
expect 2 "unknown path 'warp'" "calibrate: unknown path" -- calibrate --path warp
expect 2 "-x and --json exclude each other" "calibrate: -x with --json" -- calibrate -x, --json
expect 2 "--histogram draws next to the table" "calibrate: --histogram with --json" -- calibrate --json --histogram
expect 2 "-x needs a separator" "calibrate: empty -x" -- calibrate -x ''
expect 2 "no command to run" "stat: no command" -- stat
expect 2 "no command to run" "stat: events but no command" -- stat -e CPU_CYCLES
expect 2 "-r takes a number of runs from 1" "stat: -r 0" -- stat -r 0 -- true
expect 2 "-r takes a number of runs" "stat: -r -1" -- stat -r -1 -- true
expect 2 "perf-mmap reads the counters of the calling thread only" "stat: --path perf-mmap" -- stat --path perf-mmap -- true
expect 2 "unknown path 'fast'" "stat: unknown path" -- stat --path fast -- true
expect 2 "-x and --json exclude each other" "stat: -x with --json" -- stat -x, --json -- true
expect 2 "-e needs an event" "stat: empty -e" -- stat -e '' -- true
expect 2 "-e needs an event" "stat: -e of commas" -- stat -e ,, -- true
expect 2 "more than 64 events" "stat: too many events" -- stat -e "$(printf 'CPU_CYCLES,%.0s' $(seq 65))" -- true
expect 2 "--cpu takes a CPU number" "stat: --cpu -1" -- stat --cpu -1 -- true
# A separator that breaks CSV records.
sep_msg="^pmukit stat: -x SEP cannot hold a newline, a carriage return or '\"': they break the CSV records\$"
expect 2 "$sep_msg" "stat: -x newline" -- stat -x '
' -- true
expect 2 "$sep_msg" "stat: -x carriage return" -- stat -x "$(printf 'a\r')" -- true
expect 2 "$sep_msg" "stat: -x double quote" -- stat -x '"' -- true
expect 2 "^pmukit calibrate: -x SEP cannot hold" "calibrate: -x newline" -- calibrate -x '
'
expect 2 "^pmukit stat: -x needs a separator\$" "stat: empty -x" -- stat -x '' -- true
# A long spec: quoted up to 64 bytes, the reason whole.
long=$(printf 'A%.0s' $(seq 2000))
expect 2 "^pmukit stat: '$(printf 'A%.0s' $(seq 64))\.\.\.' is not an event spec: NAME, 0xHEX or rHEX, then :u, :k or :uk\$" \
	"stat: a 2000-byte spec, its reason shown" -- stat -e "$long" -- true
expect 2 "option '-o' needs a value" "stat: -o without a file" -- stat -o
expect 2 "the selftest counts events" "selftest: --path clock" -- selftest --path clock
expect 2 "-n takes a number of iterations" "selftest: -n abc" -- selftest -n abc
expect 2 "unexpected argument 'now'" "selftest: extra argument" -- selftest now

# ---- event specs through the command line (parsed before anything runs) ---
expect 2 "unknown event 'NO_SUCH_EVENT'" "unknown event: exit 2 and its name" -- stat -e NO_SUCH_EVENT -- true
expect 2 "did you mean .*L1D_CACHE_REFILL" "a misspelt event gets suggestions" -- stat -e l1d_cache_refil -- true
expect 2 "did you mean .*cycles" "a misspelt generic name gets suggestions" -- stat -e cylces -- true
expect 2 "the modifier is :u" "a bad modifier" -- stat -e CPU_CYCLES:x -- true
expect 2 "not an event spec" "a raw number above 0xffff" -- stat -e 0x10000 -- true
expect 2 "not an event spec" "a number without 0x or r" -- stat -e 12 -- true
expect 2 "the modifier is" "an empty modifier" -- stat -e CPU_CYCLES: -- true
expect 2 "unknown event 'BOGUS'" "the bad one among good ones" -- stat -e CPU_CYCLES,BOGUS -- true

# ---- help and version: exit 0 -------------------------------------------
for c in info regs list calibrate stat selftest; do
	expect 0 "^usage: pmukit $c" "$c --help" -- $c --help
done
expect 0 "^usage: pmukit stat" "help stat" -- help stat
expect 0 "^usage: pmukit \[" "--help" -- --help
expect 0 "^pmukit [0-9]" "--version" -- --version
run stat --help
if printf '%s\n' "$out" | grep -q "pins itself" && printf '%s\n' "$out" | grep -q "anything else that"; then
	ok "stat --help says what the direct path's pinning implies"
else nok "stat --help explains the direct path"; fi

# ---- information commands ----------------------------------------------
expect 0 "^access paths:" "info: exit 0 and the access paths" -- info
info=$out
expect 0 "^  0x08  +INST_RETIRED" "list --cpu cortex-a53: INST_RETIRED is 0x08" -- list --cpu cortex-a53
expect 0 "common armv8-a events not in cortex-a53's table" "list --all adds the common events" -- list --all --cpu Cortex-A53
expect 0 "^cortex-a53 +armv8-a +MIDR 0x4100d030" "list --cores" -- list --cores
expect 0 "^The data has no events for arm1136jf-s, and no common table applies to armv6" "list --cpu arm1136jf-s: says its table is empty and why" -- list --cpu arm1136jf-s
expect 0 "^raw 0x815c is not named here|STALL_FRONTEND_TLB is 0xe2 on cortex-a55, not the common 0x815c" "list --all --cpu cortex-a55: the common number it renumbers is not listed as its own" -- list --all --cpu cortex-a55
# Where the PMU is not an Arm one, list shows what counts there: perf's
# generic events and the clock, each with the path that counts it or why not.
if [ "$arch" = x86_64 ]; then
	expect 0 "^  task-clock +software +(yes \(perf path: task-clock\)|no: )" \
		"list on x86-64: perf's generic events, with where each counts" -- list
	if printf '%s\n' "$out" | grep -Eq "^  cycles +cpu-cycles +hardware +(yes|no)" &&
	   ! printf '%s\n' "$out" | grep -Eq "^  0x[0-9a-f]+ +[A-Z]"; then
		ok "list on x86-64: cycles (also cpu-cycles), no Arm table"
	else nok "list on x86-64: cycles, no Arm table"; diag "$out"; fi
else
	skip "this machine's PMU is an Arm one" "list on x86-64: perf's generic events"
	skip "this machine's PMU is an Arm one" "list on x86-64: cycles, no Arm table"
fi
run list --all --cpu cortex-a55
if printf '%s\n' "$out" | grep -Eq "^  0x815c "; then nok "list --all --cpu cortex-a55 lists no 0x815c row"
else ok "list --all --cpu cortex-a55 lists no 0x815c row"; fi
PMUKIT_PATH=bogus
export PMUKIT_PATH
for c in info stat calibrate selftest; do
	args=; [ "$c" = stat ] && args="-- true"
	expect 2 "PMUKIT_PATH=bogus is not an access path: auto, direct, perf, perf-mmap or clock" "$c: a bad \$PMUKIT_PATH is an error" -- $c $args
done
unset PMUKIT_PATH
PMUKIT_PATH=clock expect 0 "\(path clock\)" "stat: \$PMUKIT_PATH chooses for auto" -- stat -- true
PMUKIT_PATH=clock expect 0 "^  auto +yes +stat: \\\$PMUKIT_PATH: clock" "info: auto for stat follows \$PMUKIT_PATH" -- info
# big.LITTLE, from the fixture trees of tests/fixtures/sysfs: info lists the core types.
export PMUKIT_SYSFS_ROOT="$top/tests/fixtures/sysfs/rk3399"
expect 0 "^cores +cortex-a53 \(cpus 0-3\), cortex-a72 \(cpus 4-5\)$" "info on an RK3399 tree: the core types and their CPUs" -- info
export PMUKIT_SYSFS_ROOT="$top/tests/fixtures/sysfs/rk3588"
expect 0 "^cores +cortex-a55 \(cpus 0-3\), cortex-a76 \(cpus 4-7\)$" "info on an RK3588 tree: the core types and their CPUs" -- info
export PMUKIT_SYSFS_ROOT="$top/tests/fixtures/sysfs/rpi3-armhf"
run info
if [ "$rc" = 0 ] && ! printf '%s\n' "$out" | grep -q '^cores' &&
   printf '%s\n' "$out" | grep -q '^core  *cortex-a53 (MIDR 0x410fd034'; then
	ok "info on a Raspberry Pi 3 tree (32-bit kernel): cortex-a53 from /proc/cpuinfo, no cores line"
else nok "info on a Raspberry Pi 3 tree: one core type"; diag "$out"; fi
unset PMUKIT_SYSFS_ROOT
if [ "$arch" = x86_64 ]; then
	expect 1 "no ARM PMU registers" "regs on x86-64: nothing to show, exit 1" -- regs
else
	expect 0 "PMUSERENR" "regs: PMUSERENR shown" -- regs
fi

# works PATH: 'pmukit info' says the path works here
works() { printf '%s\n' "$info" | grep -Eq "^  $1 +yes"; }
why() { printf '%s\n' "$info" | sed -n "s/^  $1 *no *//p"; }

# ---- calibrate ------------------------------------------------------------
if works direct; then
	expect 0 '^path,event,n,min,max,mean,sd,median,p5,p95,discarded,not_counted,why_not$' "calibrate -x,: header" \
		-- calibrate --path direct -n 200 -x,
	row=$(printf '%s\n' "$out" | sed -n 2p)
	IFS=, read -r p ev cnt min max mean sd med p5 p95 disc nc why_not <<EOF
$row
EOF
	if [ "$p" = direct ] && [ $((cnt + disc)) = 200 ] && [ "$min" -le "$max" ] && [ -z "$nc$why_not" ] &&
	   awk -v a="$min" -v m="$med" -v b="$max" 'BEGIN { exit !(a <= m && m <= b) }'; then
		ok "calibrate direct: 200 pairs, min <= median <= max ($row)"
	else nok "calibrate direct row: $row"; fi
	expect 0 '"path": "direct"' "calibrate --json" -- calibrate --path direct -n 50 --json
	if command -v python3 >/dev/null; then
		if printf '%s\n' "$out" | python3 -m json.tool >/dev/null 2>&1; then ok "calibrate --json is valid JSON"
		else nok "calibrate --json is valid JSON"; diag "$out"; fi
	else skip "no python3" "calibrate --json is valid JSON"; fi
	expect 0 '\|#+ +[0-9]+$' "calibrate --histogram draws bars" -- calibrate --path direct -n 300 --histogram
	run calibrate --path direct -n 100 --svg "$tmp/plot.svg"
	if [ "$rc" = 0 ] && head -c 5 "$tmp/plot.svg" | grep -q '<?xml' && grep -q '</svg>' "$tmp/plot.svg" &&
	   grep -q '<rect x=' "$tmp/plot.svg"; then ok "calibrate --svg writes an SVG with bars"
	else nok "calibrate --svg"; diag "$out"; fi
	expect 1 "cannot write /nonexistent/dir/p.svg" "calibrate --svg to a bad place: exit 1" \
		-- calibrate --path direct -n 10 --svg /nonexistent/dir/p.svg
else
	for t in "calibrate -x" "calibrate row" "calibrate --json" "valid JSON" "--histogram" "--svg" "--svg bad"; do
		skip "direct path: $(why direct)" "$t"
	done
fi
expect 0 "^  path " "calibrate (all paths): a table" -- calibrate -n 100
if printf '%s\n' "$info" | grep -Eq '^  perf-mmap +no'; then
	if printf '%s\n' "$out" | grep -q "perf-mmap not measured: "; then ok "calibrate: a path that does not work says why"
	else nok "calibrate names the path it could not measure"; diag "$out"; fi
else skip "perf-mmap works here" "calibrate: a path that does not work says why"; fi

# ---- stat -----------------------------------------------------------------
if works direct; then
	expect 0 "^[0-9]+,," "stat --path direct -x,: a CSV line" -- stat --path direct -e CPU_CYCLES -x, -- true
	v=$(printf '%s\n' "$out" | cut -d, -f1 | head -n1)
	if [ "${v:-0}" -gt 0 ]; then ok "stat direct: the command took some cycles ($v)"
	else nok "stat direct: cycles > 0"; diag "$out"; fi
	expect 0 "overhead subtracted from each run" "stat direct subtracts the empty measurement" \
		-- stat --path direct -e CPU_CYCLES -- true
	run stat --path direct -e CPU_CYCLES --raw -- true
	if [ "$rc" = 0 ] && ! printf '%s\n' "$out" | grep -q "overhead subtracted"; then ok "stat --raw: nothing subtracted"
	else nok "stat --raw"; diag "$out"; fi
	expect 3 "exited with status 3 \(3 of 3 runs" "stat: the command's own failure is shown, and its status is stat's (3), as perf's" \
		-- stat --path direct -e CPU_CYCLES -r 3 -- sh -c 'exit 3'
	expect 137 "was killed by signal 9" "stat: a command killed by signal 9: shown, exit 128 + 9" \
		-- stat --path direct -e CPU_CYCLES -- sh -c 'kill -9 $$'
	expect 1 "cannot run '/nonexistent/cmd'" "stat: a command that cannot run: exit 1" \
		-- stat --path direct -e CPU_CYCLES -- /nonexistent/cmd
	run stat --path direct -e CPU_CYCLES -o "$tmp/out.json" --json -- true
	if [ "$rc" = 0 ] && grep -q '"path": "direct"' "$tmp/out.json"; then ok "stat -o FILE --json"
	else nok "stat -o FILE --json"; diag "$out"; fi
	expect 1 "cannot write" "stat -o to a bad place: exit 1" -- stat --path direct -e CPU_CYCLES -o /nonexistent/x -- true
else
	for t in "stat direct" "cycles > 0" "overhead" "--raw" "status 3" "signal" "cannot run" "-o" "-o bad"; do
		skip "direct path: $(why direct)" "stat $t"
	done
fi
if works perf; then
	# 'info' says perf works when it counts user space at least: without
	# root, kernel.perf_event_paranoid 2 refuses the kernel's share, and
	# the events are then given as :u.
	u=
	run stat --path perf -e task-clock -- true
	if [ "$rc" = 1 ] && printf '%s\n' "$out" | grep -q "count user space only"; then
		u=:u
		diag "perf counts user space only here: the events as :u"
	fi
	run stat --path perf -e "task-clock$u,page-faults$u" -r 3 --json -- true
	if [ "$rc" = 0 ] && printf '%s\n' "$out" | grep -q '"runs": 3' &&
	   printf '%s\n' "$out" | grep -q "\"event\": \"page-faults$u\""; then
		ok "stat --path perf: software events, 3 runs, JSON"
	else nok "stat --path perf: software events"; diag "$out"; fi
	pf=$(printf '%s\n' "$out" | awk -v ev="\"event\": \"page-faults$u\"" 'index($0, ev) { f = 1 } f && /"value"/ { gsub(/[^0-9]/, ""); print; exit }')
	if [ "${pf:-0}" -gt 0 ]; then ok "stat perf: the command took page faults ($pf), counted from its exec"
	else nok "stat perf: page faults > 0"; fi
	expect 0 "task-clock$u .*\( \+- " "stat perf table: mean ( +- sd% )" -- stat --path perf -e "task-clock$u" -r 2 -- true
	lacks=$( [ "$arch" = x86_64 ] && echo L1D_CACHE || echo r3ff )
	expect 1 "is an Arm PMU event|not implemented|cannot count" "stat: an event this machine lacks: exit 1" \
		-- stat --path perf -e "$lacks" -- true
	# As perf: what can be counted is, the rest is <not supported> with the reason; exit 1.
	run stat --path perf -x, -e "$lacks,task-clock$u,page-faults$u" -- true
	if [ "$rc" = 1 ] &&
	   printf '%s\n' "$out" | grep -Eq "^<not supported>,,$lacks,0,0\.00,,,,not supported,.+" &&
	   printf '%s\n' "$out" | grep -Eq "^[0-9]+\.[0-9]{2},msec,task-clock$u,[0-9]+,100\.00,[0-9.]+,CPUs utilized,1,,\$" &&
	   printf '%s\n' "$out" | grep -Eq "^[0-9]+,,page-faults$u,[0-9]+,100\.00,,,1,,\$" &&
	   printf '%s\n' "$out" | grep -q "^pmukit stat: $lacks not supported here, not counted: "; then
		ok "stat -e $lacks,task-clock,page-faults: $lacks <not supported>, the others counted in perf's CSV fields; exit 1"
	else nok "stat: partial counting"; diag "exit $rc" "$out"; fi
	run stat --path perf -e "task-clock$u,$lacks" -- true
	if [ "$rc" = 1 ] && printf '%s\n' "$out" | grep -Eq "^ +<not supported> +$lacks\$" &&
	   printf '%s\n' "$out" | grep -Eq "^ +[0-9]+\.[0-9]{2} msec task-clock$u +# +[0-9.]+ +CPUs utilized" &&
	   printf '%s\n' "$out" | grep -Eq "^ +[0-9]+\.[0-9]{9} seconds time elapsed\$" &&
	   printf '%s\n' "$out" | grep -Eq "^ +[0-9]+\.[0-9]{9} seconds user\$" &&
	   printf '%s\n' "$out" | grep -Eq "^ +[0-9]+\.[0-9]{9} seconds sys\$"; then
		ok "stat table: <not supported> in its place, task-clock in msec with CPUs utilized, perf's time lines"
	else nok "stat table: not supported, msec, times"; diag "exit $rc" "$out"; fi
	run stat --path perf -r 3 -x, -e "task-clock$u" -- true
	if [ "$rc" = 0 ] && printf '%s\n' "$out" | grep -Eq "^[0-9]+\.[0-9]{2},msec,task-clock$u,[0-9]+\.[0-9]{2}%,[0-9]+,100\.00,"; then
		ok "stat -r 3 -x,: perf's variance field after the event"
	else nok "stat -r 3 -x,: variance field"; diag "exit $rc" "$out"; fi
	# The mean of one run, not the 3 runs' total: at least the 0.01 s each
	# sleep takes, and at most a third of the whole command's wall time as
	# measured from here (which holds however loaded the machine is).
	t0=$(date +%s%N)
	run stat --path perf -r 3 -e "task-clock$u" -- sleep 0.01
	t1=$(date +%s%N)
	mean=$(printf '%s\n' "$out" | sed -En 's/^ +([0-9]+\.[0-9]+) \+- [0-9.]+ seconds time elapsed  \( \+- +[0-9.]+% \)$/\1/p')
	if [ "$rc" = 0 ] && [ -n "$mean" ] &&
	   awk -v m="$mean" -v t="$(( (t1 - t0) / 1000 ))" 'BEGIN { exit !(m >= 0.01 && m * 1e6 <= t / 3) }'; then
		ok "stat -r 3: the mean time of one run (at least 0.01 s, at most a third of the whole) +- its sd of the mean"
	else nok "stat -r 3: elapsed per run"; diag "exit $rc, $(( (t1 - t0) / 1000 )) us in all" "$out"; fi
	# -o is opened before the command runs: a bad one and the command is not run.
	expect 1 "^pmukit stat: cannot write /nonexistent/dir/out: No such file or directory\$" \
		"stat -o in a directory that does not exist: exit 1 at once" \
		-- stat -o /nonexistent/dir/out -e "task-clock$u" -- touch "$tmp/ran"
	if [ ! -e "$tmp/ran" ]; then ok "stat -o bad: the command was not run"
	else nok "stat -o bad: the command was not run"; fi
	if [ -w /dev/full ]; then
		stdout=$("$P" stat -o /dev/full -x, -e "task-clock$u" -- true 2>"$tmp/err"); rc=$?
		if [ "$rc" = 1 ] && printf '%s\n' "$stdout" | grep -Eq "^[0-9]+\.[0-9]{2},msec,task-clock$u," &&
		   grep -qx "pmukit stat: cannot write /dev/full: No space left on device; the result follows on stdout" "$tmp/err"; then
			ok "stat -o a full disk: the counts on stdout, the message, exit 1"
		else nok "stat -o /dev/full"; diag "exit $rc" "$stdout" "$(cat "$tmp/err")"; fi
	else skip "no /dev/full" "stat -o a full disk"; fi
	# JSON is valid UTF-8 whatever the bytes of the command line.
	run stat --json -o "$tmp/bad.json" -e "task-clock$u" -- sh -c : "$(printf 'x\377y\303')" "$(printf 'caf\303\251')"
	if [ "$rc" = 0 ] && grep -q "$(printf '"x\357\277\275y\357\277\275"')" "$tmp/bad.json" &&
	   grep -q "$(printf '"caf\303\251"')" "$tmp/bad.json"; then
		ok "stat --json: invalid UTF-8 in an argument is U+FFFD, valid UTF-8 unchanged"
	else nok "stat --json with invalid UTF-8"; diag "$out" "$(cat "$tmp/bad.json")"; fi
	if command -v python3 >/dev/null; then
		if python3 -c 'import json, sys; json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))' "$tmp/bad.json" 2>/dev/null
		then ok "stat --json with invalid UTF-8 in the input: valid UTF-8 and JSON"
		else nok "stat --json: valid UTF-8 and JSON"; fi
	else skip "no python3" "stat --json: valid UTF-8 and JSON"; fi
else
	for t in "software events" "page faults" "table" "unsupported" "-o bad" "not run" "-o full" "UTF-8" "valid JSON"; do
		skip "perf: $(why perf)" "stat perf $t"
	done
fi
# calibrate --svg: the file is opened before anything is measured.
stdout=$("$P" calibrate --path clock -n 10 --svg /nonexistent/dir/p.svg 2>"$tmp/err"); rc=$?
if [ "$rc" = 1 ] && [ -z "$stdout" ] &&
   grep -qx "pmukit calibrate: cannot write /nonexistent/dir/p.svg: No such file or directory" "$tmp/err"; then
	ok "calibrate --svg to a bad place: refused before measuring, exit 1"
else nok "calibrate --svg to a bad place refuses first"; diag "exit $rc" "$stdout" "$(cat "$tmp/err")"; fi

# ---- output: -o files and standard output (the clock path works everywhere) ---
# -o is close-on-exec: the command's open descriptors do not include it.
mkdir "$tmp/o"
run stat --path clock -x, -o "$tmp/o/result" -- sh -c 'ls -l /proc/self/fd/ > "$1"' sh "$tmp/fds"
if [ "$rc" = 0 ] && [ -s "$tmp/fds" ] && ! grep -q "$tmp/o" "$tmp/fds" && grep -q ',clock' "$tmp/o/result"; then
	ok "stat -o: the command does not inherit the file"
else nok "stat -o: the command does not inherit the file"; diag "exit $rc" "$out" "$(cat "$tmp/fds")"; fi
# A run that fails leaves the previous result as it was, and no new file behind.
printf 'previous\n' >"$tmp/o/result"
chmod 640 "$tmp/o/result"
for failing in "-e NO_SUCH_EVENT -- true" "-- /nonexistent/cmd"; do
	# shellcheck disable=SC2086 # the words of the command line
	run stat --path clock -o "$tmp/o/result" $failing
	if [ "$rc" != 0 ] && [ "$(cat "$tmp/o/result")" = previous ] &&
	   [ "$(ls -A "$tmp/o")" = result ]; then
		ok "stat -o ... $failing: exit $rc, the previous file kept"
	else nok "stat -o ... $failing: the previous file kept"; diag "exit $rc" "$out" "$(ls -lA "$tmp/o")"; fi
done
run stat --path clock -x, -o "$tmp/o/result" -- true
if [ "$rc" = 0 ] && grep -q ',clock' "$tmp/o/result" && [ "$(stat -c %a "$tmp/o/result")" = 640 ] &&
   [ "$(ls -A "$tmp/o")" = result ]; then
	ok "stat -o over a previous file: replaced, its mode (640) kept"
else nok "stat -o over a previous file"; diag "exit $rc" "$out" "$(ls -lA "$tmp/o")"; fi
# A symbolic link at the name is replaced by the file; the file it named is untouched.
printf 'target\n' >"$tmp/o/target"
ln -s target "$tmp/o/link"
run stat --path clock -x, -o "$tmp/o/link" -- true
if [ "$rc" = 0 ] && [ ! -L "$tmp/o/link" ] && grep -q ',clock' "$tmp/o/link" &&
   [ "$(cat "$tmp/o/target")" = target ]; then
	ok "stat -o a symbolic link: the link replaced by the result, its target untouched"
else nok "stat -o a symbolic link"; diag "exit $rc" "$out" "$(ls -lA "$tmp/o")"; fi
# A name of a descriptor (/dev/stdout) is written to, not replaced.
stdout=$("$P" stat --path clock -x, -o /dev/stdout -- true 2>"$tmp/err"); rc=$?
if [ "$rc" = 0 ] && printf '%s\n' "$stdout" | grep -q ',clock' && [ -L /dev/stdout ]; then
	ok "stat -o /dev/stdout: the result on stdout"
else nok "stat -o /dev/stdout"; diag "exit $rc" "$stdout" "$(cat "$tmp/err")"; fi
# Every command checks its output at exit: a full disk is exit 1 and said.
if [ -w /dev/full ]; then
	for c in "list" "list --cores" "info" "metrics --cpu neoverse-n1 $top/tests/fixtures/metrics/stat.csv" "--help"; do
		# shellcheck disable=SC2086 # the words of the command line
		"$P" $c >/dev/full 2>"$tmp/err"; rc=$?
		if [ "$rc" = 1 ] &&
		   grep -qx "pmukit: write error on standard output: No space left on device" "$tmp/err"; then
			ok "pmukit $c >/dev/full: exit 1 and the message"
		else nok "pmukit $c >/dev/full: exit 1 and the message"; diag "exit $rc" "$(cat "$tmp/err")"; fi
	done
	# stat's result goes to stderr: lost there, the exit status says so.
	"$P" stat --path clock -- true 2>/dev/full; rc=$?
	expect_eq "pmukit stat 2>/dev/full: exit 1" "$rc" 1
	"$P" stat --path clock -o /dev/full -x, -- true >/dev/full 2>"$tmp/err"; rc=$?
	if [ "$rc" = 1 ] && grep -q "^pmukit stat: cannot write /dev/full: No space left on device; the result follows on stdout" "$tmp/err" &&
	   grep -qx "pmukit: write error on standard output: No space left on device" "$tmp/err"; then
		ok "stat -o /dev/full >/dev/full: both said, exit 1"
	else nok "stat -o /dev/full >/dev/full"; diag "exit $rc" "$(cat "$tmp/err")"; fi
else
	skip "no /dev/full" "output to a full disk"
fi

# ---- stat and signals (the clock path; each signal sent once the command runs) ---
# SIGINT_DEFAULT: run pmukit with SIGINT at its default action, which '&'
# in this shell (no job control) would set to ignored.
if env --default-signal=INT true 2>/dev/null; then
	mkdir "$tmp/s"
	# The third run waits for the file go, created after the signal was sent.
	cat >"$tmp/s/third-waits" <<'EOS'
#!/bin/sh
echo $$ >>"$1/runs"
if [ "$(wc -l <"$1/runs")" -eq 3 ]; then
	: >"$1/third"
	while [ ! -e "$1/go" ]; do sleep 0.01; done
fi
sleep 0.2
EOS
	chmod +x "$tmp/s/third-waits"
	env --default-signal=INT "$P" stat --path clock -r 5 -- "$tmp/s/third-waits" "$tmp/s" 2>"$tmp/s/err" &
	pid=$!
	while [ ! -e "$tmp/s/third" ] && kill -0 $pid 2>/dev/null; do sleep 0.01; done
	kill -INT $pid
	: >"$tmp/s/go"
	wait $pid 2>/dev/null; rc=$?
	if [ "$rc" = 130 ] && grep -q "(2 runs; path clock)" "$tmp/s/err" &&
	   grep -q "^ interrupted (SIGINT): 2 of 5 runs counted; the run under way was left out$" "$tmp/s/err" &&
	   [ "$(wc -l <"$tmp/s/runs")" = 3 ]; then
		ok "stat -r 5, SIGINT in run 3: the 2 runs before it reported, run 3 left out, no run after, exit by SIGINT (130)"
	else nok "stat -r 5 and SIGINT"; diag "exit $rc" "$(cat "$tmp/s/err")" "runs: $(wc -l <"$tmp/s/runs")"; fi
else
	skip "env has no --default-signal (coreutils 8.31)" "stat and SIGINT"
fi
# SIGTERM, SIGHUP: passed on to the command; pmukit waits for it, then ends by the signal.
cat >"$tmp/traps" <<'EOS'
#!/bin/sh
trap 'echo "$2" >"$1/got"; exit 0' TERM HUP
echo $$ >>"$1/runs"
while :; do sleep 0.02; done
EOS
chmod +x "$tmp/traps"
# pmukit keeps a signal it was started with ignored (nohup: SIGHUP), as it
# should: so each runs with the signal at its default (env --default-signal),
# and where that cannot be had and the signal is ignored here, is skipped.
sig_ignored() { awk -v n="$1" '$1 == "SigIgn:" { d = substr($2, length($2) - int((n - 1) / 4), 1); v = index("0123456789abcdef", d) - 1; print (int(v / 2 ^ ((n - 1) % 4)) % 2 ? "yes" : "no") }' /proc/$$/status; }
dfl_env=
env --default-signal=TERM true 2>/dev/null && dfl_env="env --default-signal=TERM,HUP"
for sig in TERM HUP; do
	case $sig in TERM) want=143 num=15 ;; HUP) want=129 num=1 ;; esac
	if [ -z "$dfl_env" ] && [ "$(sig_ignored $num)" = yes ]; then
		skip "SIG$sig is ignored here (nohup?) and env has no --default-signal" "stat and SIG$sig"
		continue
	fi
	mkdir "$tmp/$sig"
	printf 'previous\n' >"$tmp/$sig/out"
	$dfl_env "$P" stat --path clock -r 5 -o "$tmp/$sig/out" -- "$tmp/traps" "$tmp/$sig" "$sig" 2>"$tmp/$sig/err" &
	pid=$!
	while [ ! -s "$tmp/$sig/runs" ] && kill -0 $pid 2>/dev/null; do sleep 0.01; done
	kill -$sig $pid
	# A pmukit that did not end of it would leave this script waiting for ever.
	# (its output away from the TAP pipe: its sleep may outlive the subshell killed below)
	( sleep 30; kill -KILL $pid 2>/dev/null ) >/dev/null 2>&1 &
	watchdog=$!
	wait $pid 2>/dev/null; rc=$?
	kill $watchdog 2>/dev/null
	child=$(cat "$tmp/$sig/runs")
	if [ "$rc" = "$want" ] && [ "$(cat "$tmp/$sig/got" 2>/dev/null)" = "$sig" ] &&
	   ! kill -0 "$child" 2>/dev/null && [ "$(wc -l <"$tmp/$sig/runs")" = 1 ] &&
	   grep -qx "pmukit stat: SIG$sig: passed on to the command, which has ended; nothing reported" "$tmp/$sig/err" &&
	   [ "$(cat "$tmp/$sig/out")" = previous ]; then
		ok "stat and SIG$sig: the command got it and is gone, no other run, -o kept, exit by SIG$sig ($want)"
	else nok "stat and SIG$sig"; diag "exit $rc (want $want), got: $(cat "$tmp/$sig/got" 2>/dev/null)" "$(cat "$tmp/$sig/err")"; fi
	kill "$child" 2>/dev/null	# a command left behind would loop for ever
done
# An ignored SIGINT stays ignored for the command (SigIgn bit 1: signal 2).
sigint_ignored() { sed -n 's/^SigIgn:[[:space:]]*//p' "$1" | awk '{ print (index("2367abef", substr($0, length($0), 1)) ? "yes" : "no") }'; }
(trap '' INT; "$P" stat --path clock -- sh -c 'cat /proc/self/status >"$1"' sh "$tmp/ign" 2>/dev/null)
expect_eq "stat with SIGINT ignored: the command has it ignored too" "$(sigint_ignored "$tmp/ign")" yes
if env --default-signal=INT true 2>/dev/null; then
	env --default-signal=INT "$P" stat --path clock -- sh -c 'cat /proc/self/status >"$1"' sh "$tmp/dfl" 2>/dev/null
	expect_eq "stat with SIGINT at its default: the command gets the default too" "$(sigint_ignored "$tmp/dfl")" no
else skip "env has no --default-signal" "stat with SIGINT at its default"; fi

# ---- selftest ---------------------------------------------------------------
# Where perf counts instructions here, the loops' exact counts are checked
# (exit 0); where nothing exact can be measured (no hardware perf events, as
# in many virtual machines: the TSC counts every level, not the loops' :u),
# selftest says it skipped, having checked nothing, and exits 4 (a skip).
run selftest
if printf '%s\n' "$out" | grep -Eq "^selftest: skipped: (nothing checked: no exact count could be measured here|nothing measured: )"; then
	expect_eq "selftest: nothing exact measurable here: 'skipped', never 'ok', exit 4" "$rc" 4
elif [ "$rc" = 0 ] && printf '%s\n' "$out" | grep -q "^selftest: ok: [1-9][0-9]* exact counts right, 0 wrong"; then
	ok "selftest: exact counts right, exit 0"
else nok "selftest: exact counts right, exit 0"; diag "$out"; fi
if printf '%s\n' "$out" | grep -q ' \.\.\.$'; then nok "selftest: no reason is cut"; diag "$out"
else ok "selftest: no reason is cut"; fi
if printf '%s\n' "$out" | grep -q "^store loop: 100 iterations"; then ok "selftest: the store loop is there"
else nok "selftest: store loop"; fi

# calibrate --cpu C measures there on every path (the direct path pins for
# itself; the others are pinned by calibrate): seen in its affinity while
# it measures the clock path's 10,000,000 pairs, C the second CPU this
# test may run on.
c=$(python3 -c 'import os; c = sorted(os.sched_getaffinity(0)); print(c[1] if len(c) > 1 else "")' 2>/dev/null)
if [ -n "$c" ]; then
	"$P" calibrate --cpu "$c" --path clock -n 10000000 >/dev/null 2>&1 & pid=$!
	seen=
	for _ in $(seq 1000); do
		seen=$(awk '/^Cpus_allowed_list:/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
		[ "$seen" = "$c" ] && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.01
	done
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	expect_eq "calibrate --cpu $c --path clock: it measures pinned to CPU $c" "$seen" "$c"
else
	skip "one CPU here (or no python3)" "calibrate --cpu C: pinned there"
fi

tap_end
