/* SPDX-License-Identifier: MIT */
/*
 * Counts read back (lib/input*.c): what other collectors and pmukit wrote,
 * each count with its event and status.
 * Part of pmukit.h, which includes it: include that.
 */
#ifndef PMUKIT_INPUT_API_H
#define PMUKIT_INPUT_API_H

#include <stddef.h>
#include <stdint.h>

#include "export.h"
#include "verdict.h"	/* PMUKIT_VERDICT_WHY_LEN */

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Counts other collectors wrote, read back: 'perf stat -x SEP' (pmukit
 * stat -x's lines too, which follow perf's), 'perf stat -j', Arm
 * topdown-tool's events CSV and 'likwid-perfctr -O'; and pmukit's own:
 * 'pmukit stat --json', its -x lines of the earlier layout, the firmware
 * library's tables, pmukit stat's own table. Each count keeps what
 * the tool said of it: a count perf could not take ("<not counted>",
 * "<not supported>") is no number, and a count it scaled says how much of
 * the time it was counted.
 *
 *	struct pmukit_input in;
 *	char err[256];
 *
 *	if (pmukit_input_read(text, len, NULL, NULL, pmukit_core_by_name("neoverse-n1"),
 *			      &in, err, sizeof(err)) == 0) {
 *		for (i = 0; i < in.n; i++)
 *			use(&in.count[i]);	// .code, .value, .status, .percent
 *		pmukit_input_free(&in);
 *	}
 */
struct pmukit_core_def;		/* events_api.h */
struct pmukit_event_spec;

enum pmukit_input_status {
	PMUKIT_INPUT_COUNTED,		/* value is the count (perf scaled it when percent < 100) */
	PMUKIT_INPUT_NOT_COUNTED,	/* perf's "<not counted>", a blank value, pmukit's "did not count" */
	PMUKIT_INPUT_NOT_SUPPORTED,	/* perf's "<not supported>": the event could not be opened */
	PMUKIT_INPUT_WRAPPED,		/* "<wrapped>", the firmware's OVERFLOW, JSON's null: not known */
	PMUKIT_INPUT_NOT_RUN,		/* the firmware's NOT RUN: its pass did not run */
};

/* Of pmukit_input_count.code: an event of no PMU (perf's task-clock, ...). */
#define PMUKIT_INPUT_NOT_PMU	(-2)
/* Of pmukit_input_count.code: a name no table knows (never guessed). */
#define PMUKIT_INPUT_UNKNOWN	(-1)

#define PMUKIT_INPUT_NAME_LEN	96
#define PMUKIT_INPUT_CORE_LEN	32
#define PMUKIT_INPUT_WHY_LEN	PMUKIT_VERDICT_WHY_LEN
#define PMUKIT_INPUT_MAX_PASSES	64

struct pmukit_input_count {
	char name[PMUKIT_INPUT_NAME_LEN];	/* as the tool wrote it: "armv8_pmuv3_0/l1d_cache/u" */
	int code;			/* event number, or PMUKIT_INPUT_NOT_PMU / _UNKNOWN */
	unsigned excl_user:1, excl_kernel:1;	/* the levels its modifier names (":k", "/u") */
	enum pmukit_input_status status;
	uint64_t value;			/* PMUKIT_INPUT_COUNTED: the count, rounded where it is a mean */
	double percent;			/* of the time it was counted: 100 unless multiplexed */
	double interval;		/* perf -I, topdown-tool's time: seconds; < 0 none */
	int cpu;			/* perf -A, LIKWID's HWThread: the CPU; -1 none */
	unsigned int pass;		/* pmukit's pass, topdown-tool's run; 1 otherwise */
	unsigned int line;		/* where it was read, from 1 */
	char why[PMUKIT_INPUT_WHY_LEN];	/* pmukit's reason a count is none, else "" */
	/*
	 * The core type that counted it where the counts are of several
	 * (pmukit_input_name(): "cortex-a53", perf's "cpu_core"; its event then
	 * looked up in that core's table), else "": counts of one type, or
	 * pmukit stat's sum over the types.
	 */
	char core[PMUKIT_INPUT_CORE_LEN];
};

struct pmukit_input {
	const char *format;	/* "perf stat -x", "perf stat -j", "topdown-tool CSV", "likwid-perfctr CSV",
				   "pmukit stat -x", "pmukit stat --json", "firmware CSV", "pmukit stat" */
	char sep[17];		/* perf stat -x: the separator used */
	char core_name[64];	/* the core the input names (LIKWID's "CPU type:", pmukit stat --json's
				   "metric_set"), else "" */
	uint32_t midr;		/* the MIDR the input records (pmukit stat --json's "midr"), else 0 */
	char path[16];		/* pmukit stat --json: the access path that counted, else "" */
	unsigned has_interval:1, has_cpu:1, has_pass:1;
	unsigned has_core:1;	/* the counts name two or more core types */
	unsigned by_pmukit:1;	/* written by pmukit stat or the firmware library */
	/* pmukit stat --json's "pass_cycles": the cycles of pass k + 1, where it has them. */
	uint64_t pass_cycles[PMUKIT_INPUT_MAX_PASSES];
	unsigned char have_pass_cycles[PMUKIT_INPUT_MAX_PASSES];
	unsigned int n, cap;
	struct pmukit_input_count *count;
};

/**
 * pmukit_input_format_at() - the formats pmukit_input_read() reads, one by one
 * @i: from 0
 *
 * Return: the name @format takes ("perf-csv", "perf-json", "topdown-tool",
 * "likwid", "pmukit-csv": pmukit stat -x's layout before it followed perf's,
 * "pmukit-json", "firmware", "pmukit-table": pmukit stat's table), NULL past
 * the last one.
 */
PMUKIT_API const char *pmukit_input_format_at(unsigned int i);

/**
 * pmukit_input_event() - the event a collector's name for it means
 * @name: as perf, topdown-tool or LIKWID write it: a table name in any case
 *	("STALL_SLOT_BACKEND", "stall_slot_backend"), a raw number ("r11"),
 *	perf's generic names ("cycles", "stalled-cycles-backend": what the
 *	kernel's arm_pmuv3 driver maps them to), its PMU syntax
 *	("armv8_pmuv3_0/l1d_cache/", "armv8_cortex_a76/r11/",
 *	"armv8_pmuv3_0/event=0x11/"), LIKWID's load and store names
 *	("L1D_CACHE_LD"), each with perf's modifiers (":u", ":k", "/uk");
 *	the firmware's "CYCLES", and the names of an event of one core type
 *	(pmukit_input_name())
 * @core: the core whose table names are valid (then its common table), or NULL
 * @out: the event: its number and levels; left alone unless 0 is returned
 *
 * A name that could mean more than one event ("branches": PC_WRITE_RETIRED
 * or BR_RETIRED, by kernel version and core) is no event.
 *
 * Return: 0; 1 for an event of no PMU (perf's software events, @out left
 * alone); -ENOENT when no table knows the name.
 */
PMUKIT_API int pmukit_input_event(const char *name, const struct pmukit_core_def *core,
				  struct pmukit_event_spec *out);

/* A recorded event's name taken apart (pmukit_input_name()). */
struct pmukit_input_name {
	char core[PMUKIT_INPUT_CORE_LEN];	/* the core type, "" when the name gives none */
	char event[PMUKIT_INPUT_NAME_LEN];	/* the event without type and levels: "INST_RETIRED" */
	int code;		/* its number, PMUKIT_INPUT_NOT_PMU or PMUKIT_INPUT_UNKNOWN */
	unsigned excl_user:1, excl_kernel:1;	/* the levels its modifiers name */
};

/**
 * pmukit_input_name() - the one rule for a recorded event's name
 * @name: as a collector wrote it: what pmukit_input_event() reads, the
 *	firmware library's cycle counter ("CYCLES", CPU_CYCLES), pmukit stat's
 *	name of a core type's event ("cortex-a53/INST_RETIRED:u/"), perf's
 *	on a hybrid machine ("armv8_cortex_a53/inst_retired/u": cortex-a53;
 *	"cpu_core/instructions/": cpu_core)
 * @core: the core whose table names are valid (then its common table), or NULL
 * @out: always filled: the core type (only a core pmukit knows by name, or
 *	perf's cpu_core and cpu_atom; "armv8_pmuv3_0" names no type), the
 *	event's name alone (looked up elsewhere when no table knows it), the
 *	levels and the code
 *
 * Return: 0 for an event; 1 for an event of no PMU; -ENOENT when no table
 * knows the event (@out->event is then the name to look up elsewhere).
 */
PMUKIT_API int pmukit_input_name(const char *name, const struct pmukit_core_def *core,
				 struct pmukit_input_name *out);

/**
 * pmukit_input_read() - read counts another collector wrote
 * @text: the output, @len bytes (no NUL needed)
 * @format: one of pmukit_input_format_at(), or NULL to find it from the text
 * @sep: perf stat -x's separator, or NULL to find it from the first count
 * @core: for the events' names (pmukit_input_event()), or NULL
 * @in: filled; pmukit_input_free() it after a 0 return
 * @err: filled with "line N: expected ..." on -EINVAL
 * @errlen: room in @err
 *
 * A name no table knows is read with code PMUKIT_INPUT_UNKNOWN: the caller
 * lists it, nothing guesses it.
 *
 * Return: 0; -EINVAL for text that is none of the formats, or a line that
 * is not what its format says (@err says which and what was expected);
 * -ENOMEM.
 */
PMUKIT_API int pmukit_input_read(const char *text, size_t len, const char *format,
				 const char *sep, const struct pmukit_core_def *core,
				 struct pmukit_input *in, char *err, size_t errlen);

/**
 * pmukit_input_free() - free what pmukit_input_read() allocated
 * @in: as filled; may be all zero
 */
PMUKIT_API void pmukit_input_free(struct pmukit_input *in);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_INPUT_API_H */
