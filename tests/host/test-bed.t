#!/bin/sh
# SPDX-License-Identifier: MIT
# The test bed's own logic, on the host without booting anything: bad
# input to tools/qemu-run and tools/fetch-kernels, the matrix definition,
# and how tools/matrix tables results (pass, fail, TODO, SKIP, not run);
# the progress it shows: each cell's "cell n of M", a silent guest's note
# before its timeout, the size of each kernel download.
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, tmp_dir; TAP 13 (tests/tap.sh)
tmp_dir test-bed

# expect_run DESC RC REGEX CMD...: exit status and a line of stdout+stderr
expect_run() {
	desc=$1 want=$2 re=$3
	shift 3
	out=$("$@" 2>&1); rc=$?
	if [ "$rc" = "$want" ] && printf '%s\n' "$out" | grep -Eq -- "$re"; then ok "$desc"
	else nok "$desc"; diag "$*: exit $rc (want $want)" "$out"; fi
}

expect_run "qemu-run --kernel 4.19: exit 2, lists the kernels" 2 \
	"unknown --kernel '4.19': the kernels are 5.10 \(bullseye\), 6.1 \(bookworm\) and 6.12" \
	"$top/tools/qemu-run" --no-build --kernel 4.19 -- true
expect_run "qemu-run --board pi5: exit 2, lists the boards" 2 \
	"unknown --board 'pi5': the boards are raspi2b raspi3b vexpress-a9" \
	"$top/tools/qemu-run" --no-build --board pi5 -- true
expect_run "qemu-run --rt on a 32-bit target: exit 2" 2 "--rt is the arm64 PREEMPT_RT kernel" \
	"$top/tools/qemu-run" --no-build --arch arm --rt -- true
expect_run "qemu-run --el2 with a board: exit 2" 2 "--el2 is for the virt machine" \
	"$top/tools/qemu-run" --no-build --el2 --board raspi3b -- true
expect_run "qemu-run --idle-states with a board: exit 2" 2 "--idle-states is for the virt machine" \
	"$top/tools/qemu-run" --no-build --idle-states --board raspi3b -- true
expect_run "qemu-run --board raspi3b --smp 2: exit 2 (the board has 4 CPUs)" 2 "exactly 4 CPUs" \
	"$top/tools/qemu-run" --no-build --board raspi3b --smp 2 -- true
expect_run "qemu-run --list-boards names each board" 0 "^vexpress-a9 +Arm Versatile Express" \
	"$top/tools/qemu-run" --list-boards
# The idle states in the virt machine's tree (no boot: QEMU only dumps its
# tree). One CPU is the case where QEMU writes no enable-method.
if command -v qemu-system-aarch64 >/dev/null && command -v dtc >/dev/null; then
	for smp in 1 2; do
		if "$top/tools/qemu/dtb-virt" --idle-states arm64 cortex-a53 $smp "$tmp/idle.dtb" 2>"$tmp/err" &&
		   dtc -q -I dtb -O dts -o "$tmp/idle.dts" "$tmp/idle.dtb"; then
			# phandle of the state; per CPU node: method and state list
			got=$(awk '
				/^\t\tcpu@[0-9a-f]+ \{$/ { cpu = 1; next }
				cpu && /enable-method = "psci";/ { m++ }
				cpu && /cpu-idle-states = </ { split($0, a, /[<>]/); s[a[2]]++ }
				/^\t\t\};$/ { cpu = 0 }
				/arm,psci-suspend-param = <0x10000>;/ { p = 1 }
				p && /phandle = </ { split($0, a, /[<>]/); ph = a[2]; p = 0 }
				END { print m + 0, s[ph] + 0 }' "$tmp/idle.dts")
			expect_eq "dtb-virt --idle-states, $smp CPU(s): every cpu node has PSCI and the power-down state" \
				"$got" "$smp $smp"
		else nok "dtb-virt --idle-states arm64 cortex-a53 $smp"; diag "$(cat "$tmp/err")"; fi
	done
else
	skip "no qemu-system-aarch64 or dtc on this host" "dtb-virt --idle-states, 1 CPU"
	skip "no qemu-system-aarch64 or dtc on this host" "dtb-virt --idle-states, 2 CPUs"
fi
# A tree without the PMU node (doctor's suite boots it, then applies doctor's overlay).
if command -v qemu-system-aarch64 >/dev/null && command -v fdtput >/dev/null; then
	if "$top/tools/qemu/dtb-virt" --no-pmu arm64 cortex-a53 1 "$tmp/nopmu.dtb" 2>"$tmp/err" &&
	   "$top/tools/qemu/dtb-virt" arm64 cortex-a53 1 "$tmp/pmu.dtb" 2>>"$tmp/err"; then
		if ! fdtget "$tmp/nopmu.dtb" /pmu compatible >/dev/null 2>&1 &&
		   [ "$(fdtget "$tmp/pmu.dtb" /pmu compatible 2>&1)" = arm,armv8-pmuv3 ]; then
			ok "dtb-virt --no-pmu: the tree has no /pmu (QEMU's own has arm,armv8-pmuv3)"
		else nok "dtb-virt --no-pmu: the tree has no /pmu"; fi
	else nok "dtb-virt --no-pmu arm64 cortex-a53 1"; diag "$(cat "$tmp/err")"; fi
else
	skip "no qemu-system-aarch64 or fdtput on this host" "dtb-virt --no-pmu"
fi
expect_run "qemu-run --dtb with a board: exit 2" 2 "--dtb is for the virt machine" \
	"$top/tools/qemu-run" --no-build --dtb "$top/README.md" --board raspi3b -- true
expect_run "qemu-run --dtb of no file: exit 2" 2 "--dtb /nonexistent.dtb: no such file" \
	"$top/tools/qemu-run" --no-build --dtb /nonexistent.dtb -- true
expect_run "qemu-run --silence x: exit 2" 2 "--silence takes whole seconds" \
	"$top/tools/qemu-run" --no-build --silence x -- true
# A guest that prints nothing for the silence says so once, with the time
# left; one that keeps printing says nothing (no boot: a file stands in for
# the console log).
: >"$tmp/console"
"$top/tools/qemu/quiet-watch" "$tmp/console" 2 30 qemu-run 2>"$tmp/quiet" &
qw=$!
sleep 5; kill "$qw"; wait "$qw" 2>/dev/null
expect_eq "quiet-watch: a guest silent for 2 s is said to maybe hang, once, with the time left" \
	"$(sed 's/([0-9]* s left/(N s left/' "$tmp/quiet")" \
	"qemu-run: no output from the guest for 2 s; it may hang: it is killed after 30 s of silence (N s left; --timeout SEC allows more)"
"$top/tools/qemu/quiet-watch" "$tmp/console" 2 30 qemu-run 2>"$tmp/quiet" &
qw=$!
for i in 1 2 3 4 5 6 7 8 9 10; do echo "line $i" >>"$tmp/console"; sleep 0.5; done
kill "$qw"; wait "$qw" 2>/dev/null
expect_eq "quiet-watch: a guest that keeps printing gets no note" "$(cat "$tmp/quiet")" ""
# The limit is on silence: a guest silent for the timeout is stopped (a
# sleep stands in for QEMU), one that keeps printing past it is not.
sleep 60 & echo $! >"$tmp/pid"
"$top/tools/qemu/quiet-watch" "$tmp/console" 0 2 qemu-run "$tmp/pid" "$tmp/silent" 2>/dev/null &
qw=$!
sleep 4
if ! kill -0 "$(cat "$tmp/pid")" 2>/dev/null && [ -e "$tmp/silent" ]; then
	ok "quiet-watch: a guest silent for the timeout (2 s) is stopped, and marked so"
else nok "quiet-watch: a silent guest stopped"; kill "$(cat "$tmp/pid")" 2>/dev/null; fi
kill "$qw" 2>/dev/null; wait "$qw" 2>/dev/null
rm -f "$tmp/silent"
sleep 60 & echo $! >"$tmp/pid"
"$top/tools/qemu/quiet-watch" "$tmp/console" 0 2 qemu-run "$tmp/pid" "$tmp/silent" 2>/dev/null &
qw=$!
for i in 1 2 3 4 5 6 7 8 9 10; do echo "line $i" >>"$tmp/console"; sleep 0.5; done
if kill -0 "$(cat "$tmp/pid")" 2>/dev/null && [ ! -e "$tmp/silent" ]; then
	ok "quiet-watch: a guest printing for 5 s, past a 2 s timeout, runs on"
else nok "quiet-watch: a printing guest runs on"; fi
kill "$qw" "$(cat "$tmp/pid")" 2>/dev/null; wait "$qw" 2>/dev/null

expect_run "fetch-kernels --kernel 4.19: exit 2, lists the kernels" 2 "unknown kernel '4.19': use one of 5.10 6.1 6.12" \
	"$top/tools/fetch-kernels" --kernel 4.19 arm64
expect_run "fetch-kernels: an unknown flavour, exit 2" 2 "unknown flavour 'x86': use one of arm64 rt-arm64 armmp" \
	"$top/tools/fetch-kernels" x86

# Every cell of the matrix names a runner that exists and known kernels.
cells=$("$top/tools/matrix" list) || cells=
if [ -n "$cells" ]; then ok "matrix list: $(printf '%s\n' "$cells" | wc -l) cells"; else nok "matrix list"; fi
bad=$(printf '%s\n' "$cells" | awk -v t="$top/tests/qemu/" '
	$1 !~ /^(5\.10|6\.1|6\.12)$/ { print "kernel " $1 }
	{ if (system("test -x " t $4)) print "runner " $4 }')
expect_eq "matrix: every cell's kernel is known and its runner exists" "$bad" ""
for k in 5.10 6.1 6.12; do
	printf '%s\n' "$cells" | grep -q "^$k .* kmod\.sh arm64 .* exact" &&
	printf '%s\n' "$cells" | grep -q "^$k .* kmod\.sh arm .* exact" &&
	printf '%s\n' "$cells" | grep -q "^$k .* kmod\.sh aarch32 .* smp"
	expect_eq "matrix: the module suite runs on kernel $k for arm64, armmp and aarch32" $? 0
done

# Each cell's script says which of how many it is as it starts.
"$top/tools/matrix" tests "$tmp/cells" 2>/dev/null
ncells=$(printf '%s\n' "$cells" | wc -l)
first=$(ls "$tmp/cells" | head -n 1) last=$(ls "$tmp/cells" | tail -n 1)
if grep -q "^echo \"matrix: cell 1 of $ncells: " "$tmp/cells/$first" &&
   grep -q "^echo \"matrix: cell $ncells of $ncells: " "$tmp/cells/$last"; then
	ok "matrix tests: the cells' scripts say 'cell 1 of $ncells' ... 'cell $ncells of $ncells'"
else nok "matrix tests: the cells' scripts say 'cell n of $ncells'"; diag "$(cat "$tmp/cells/$first" "$tmp/cells/$last")"; fi

# Each kernel download says its size from the package index, before it
# starts (read from the test bed's indices: only where they were fetched).
if ls "$top"/.cache/apt/state/lists/*Packages* >/dev/null 2>&1; then
	out=$("$top/tools/fetch-kernels" --size --kernel 6.1 arm64 2>&1); rc=$?
	if [ $rc = 0 ] && printf '%s\n' "$out" | grep -Eq '^6\.1 arm64 [^ ]+: .*[0-9.]+ MB: linux-image-[^ ]+-arm64(-unsigned)?:arm64 \([0-9.]+ MB\), linux-headers-[^ ]+-arm64:arm64 \([0-9.]+ MB\), linux-headers-[^ ]+-common \([0-9.]+ MB\), linux-kbuild-[^ ]+:amd64 \([0-9.]+ MB\)$'; then
		ok "fetch-kernels --size: the total and each package's size"
	else nok "fetch-kernels --size: the total and each package's size"; diag "exit $rc" "$out"; fi
else
	skip "the test bed's package indices are not fetched here (make kernels)" "fetch-kernels --size: the total and each package's size"
fi
if grep -q 'say "$series $flavour: version $v (ABI $abi): downloading $(sizes ' "$top/tools/fetch-kernels"; then
	ok "fetch-kernels says the sizes before it downloads"
else nok "fetch-kernels says the sizes before it downloads"; fi

# The table from made-up results: each kind of cell.
res=$tmp/results
mkdir -p "$res"
printf 'TAP version 13\nok 1 - a\nok 2 - b\n1..2\n' > "$res/6.1_board-raspi3b_smoke.tap"
printf 'ok 1 - a\nnot ok 2 - b\n1..2\n' > "$res/6.12_board-raspi3b_smoke.tap"
printf 'ok 1 - a\nnot ok 2 - b # TODO known\n1..2\n' > "$res/6.1_board-raspi2b_smoke.tap"
printf '1..0 # SKIP kernel 5.10 (arm64): no linux-headers-5.10*-common in the indices of bullseye\n' \
	> "$res/5.10_arm64-cortex-a53_kmod-exact.tap"
printf 'ok 1 - a\n' > "$res/6.1_arm64-cortex-a53_kmod-exact.tap"	# no plan: it stopped
table=$(PMUKIT_MATRIX_RESULTS=$res "$top/tools/matrix" table); rc=$?
row() { printf '%s\n' "$table" | awk -v t="$1" -v s="$2" '$1 == t && $2 == s { $1 = $2 = ""; sub(/^ +/, ""); print }'; }
expect_eq "table: passed, failed cells and one not in the matrix" "$(row board/raspi3b smoke)" "- 2/2 FAIL 1/2"
expect_eq "table: a TODO failure counts as a pass and is marked" "$(row board/raspi2b smoke)" "- 1+1T/2 -"
expect_eq "table: a SKIP, a cell without a plan, a cell not run" "$(row arm64/cortex-a53 kmod-exact)" "SKIP FAIL 1/1 not run"
if printf '%s\n' "$table" | grep -q "SKIP 5.10 arm64/cortex-a53 kmod-exact: kernel 5.10 (arm64): no linux-headers"; then
	ok "table: a SKIP's reason is shown"
else nok "table: a SKIP's reason is shown"; diag "$table"; fi
expect_eq "table: exit 1 when a cell failed or did not run" $rc 1
# tools/matrix soak in a copy of the test bed's scripts with a made-up matrix
# of one cell whose second test fails on the second run, and one more TAP
# test: every run's result, the failure with its run, cell and test line,
# the busy loops ended, exit 1. Bad arguments: exit 2.
expect_run "matrix soak without a number of runs: exit 2" 2 "soak needs a number of runs" \
	"$top/tools/matrix" soak
expect_run "matrix soak 2 --load x: exit 2" 2 "--load needs a number of busy loops, not 'x'" \
	"$top/tools/matrix" soak 2 --load x
st=$tmp/soak
mkdir -p "$st/tools/qemu" "$st/tests/qemu" "$st/t"
cp "$top/tools/matrix" "$top/tools/tap-record" "$top/tools/tap-failures" "$st/tools/"
cp "$top/tools/qemu/common.sh" "$st/tools/qemu/"
printf '#!/bin/sh\necho KDIR=/nowhere\n' > "$st/tools/fetch-kernels"
printf 'arm64/cortex-a53 fake 6.1 fake.sh\n' > "$st/tests/qemu/matrix"
cat > "$st/tests/qemu/fake.sh" <<'EOS'
#!/bin/sh
n=$(($(cat "$(dirname "$0")/count" 2>/dev/null || echo 0) + 1))
echo $n > "$(dirname "$0")/count"
echo "1..2"; echo "ok 1 - first"
if [ $n = 2 ]; then echo "not ok 2 - second, run $n"; echo "# got 7"; else echo "ok 2 - second"; fi
EOS
printf '#!/bin/sh\necho 1..1\necho ok 1 - extra\n' > "$st/t/extra.t"
chmod +x "$st/tools/"* "$st/tests/qemu/fake.sh" "$st/t/extra.t"
out=$(cd "$st" && tools/matrix soak 3 --load 1 -- t/extra.t 2>&1); rc=$?
expect_eq "matrix soak: exit 1 when a run failed" "$rc" 1
expect_eq "matrix soak: each run's result" \
	"$(printf '%s\n' "$out" | sed -n 's/^\(soak run [0-9]\/3: [A-Za-z]*\) in .*/\1/p' | tr '\n' ,)" \
	"soak run 1/3: pass,soak run 2/3: FAIL,soak run 3/3: pass,"
if printf '%s\n' "$out" | grep -A3 '^run 2:$' | grep -q 'matrix/t/01-6.1_arm64-cortex-a53_fake.t' &&
   printf '%s\n' "$out" | grep -A3 '^run 2:$' | grep -q 'not ok 2 - second, run 2' &&
   ! printf '%s\n' "$out" | grep -q '^run [13]:$'; then
	ok "matrix soak: the failure is listed with its run, cell and test"
else nok "matrix soak: the failure is listed with its run, cell and test"; diag "$out"; fi
expect_eq "matrix soak: each run's table kept" "$(cat "$st/build/soak/1/table" "$st/build/soak/3/table" | grep -c '1 cells: 1 passed')" 2
loops=$(printf '%s\n' "$out" | sed -n 's/^soak: .*busy loop(s) beside them (\([0-9 ]*\))$/\1/p')
left=
for p in $loops; do kill -0 "$p" 2>/dev/null && left="$left $p"; done
if [ -n "$loops" ] && [ -z "$left" ]; then ok "matrix soak --load 1: the busy loop ($loops) ended with the soak"
else nok "matrix soak --load 1: the busy loops end with the soak"; diag "started: '$loops', left:$left"; fi
tap_end
