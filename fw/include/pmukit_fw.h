/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pmukit firmware profiling library: count cycles and PMU events around a
 * region of firmware code (TF-A at EL3, U-Boot at EL2, OS-less programs at
 * EL1; 32-bit HYP and SVC), print the counts as CSV, and hand the PMU back
 * as it was found.
 *
 * Freestanding: no libc, no heap, no platform dependency other than an output
 * hook. One profiling session at a time, on the calling CPU.
 *
 *	static struct pmukit_fw_event sel[] = {
 *		PMUKIT_FW_EVENT(INST_RETIRED),	// needs pmukit_fw_events.h
 *		PMUKIT_FW_EV("L1D_CACHE", 0x04),
 *		PMUKIT_FW_EV_CYCLES,
 *		PMUKIT_FW_EV_END
 *	};
 *
 *	pmukit_fw_set_output(my_putc, 0);
 *	if (pmukit_fw_start(sel) == 0) {
 *		code_to_profile();
 *		pmukit_fw_stop(sel);	// prints "PMU EVENT, PREVAL, POSTVAL, DELTA"
 *	}
 */
#ifndef PMUKIT_FW_H
#define PMUKIT_FW_H

/*
 * 64-bit counts. A plain C type, so that this header includes nothing and
 * fits any firmware's own type headers (TF-A's libc, U-Boot's linux/types.h).
 */
typedef unsigned long long pmukit_fw_u64;

/* Special values of pmukit_fw_event.number. */
#define PMUKIT_FW_CYCLES	(-1)	/* the cycle counter (PMCCNTR) */
#define PMUKIT_FW_END		(-2)	/* end of the selection */

/* The most event counters a PMU can have (PMCR.N is 5 bits, 31 is the cycle counter). */
#define PMUKIT_FW_MAX_COUNTERS	31

/* pmukit_fw_event.flags, set by the caller */
#define PMUKIT_FW_PRESET	0x0001u	/* start writes .preset into the counter instead of 0 */
/* pmukit_fw_event.flags, set by pmukit_fw_stop() */
#define PMUKIT_FW_VALID		0x0100u	/* preval and postval are from a completed region */
#define PMUKIT_FW_OVERFLOW	0x0200u	/* the counter overflowed: postval - preval is not the count */
#define PMUKIT_FW_PROHIBITED	0x0400u	/* event counting is prohibited at this level: reads 0 */
#define PMUKIT_FW_OUT_FLAGS	0xff00u

/* Errors, as negative errno values. */
#define PMUKIT_FW_EPERM		(-1)	/* not at a level that may program the PMU (EL0, PL0) */
#define PMUKIT_FW_E2BIG		(-7)	/* more events than PMCR.N counters */
#define PMUKIT_FW_EBUSY		(-16)	/* a session is already running */
#define PMUKIT_FW_ENODEV	(-19)	/* no architected PMU */
#define PMUKIT_FW_EINVAL	(-22)	/* bad selection: event number too wide, two CYCLES, no END */
#define PMUKIT_FW_EOVERFLOW	(-75)	/* the counter overflowed */
#define PMUKIT_FW_ENOENT	(-2)	/* stop without a matching start; an unknown metric */

/**
 * struct pmukit_fw_event - one selected event and its counts
 * @name:    printed in the CSV; "CYCLES" by convention for the cycle counter
 * @number:  PMU event number (PMEVTYPER.evtCount), PMUKIT_FW_CYCLES or PMUKIT_FW_END
 * @flags:   PMUKIT_FW_PRESET in; PMUKIT_FW_VALID, _OVERFLOW, _PROHIBITED out
 * @counter: out: the counter used, 0..30, or 31 for the cycle counter
 * @preset:  with PMUKIT_FW_PRESET: the value the counter starts from
 * @preval:  out: counter value when the region started
 * @postval: out: counter value when the region ended
 */
struct pmukit_fw_event {
	const char *name;
	int number;
	unsigned int flags;
	unsigned int counter;
	pmukit_fw_u64 preset;
	pmukit_fw_u64 preval;
	pmukit_fw_u64 postval;
};

#define PMUKIT_FW_EV(name_, number_)	{ .name = (name_), .number = (number_) }
/* With a core's pmukit_fw_events.h included: PMUKIT_FW_EVENT(L1D_CACHE). */
#define PMUKIT_FW_EVENT(NAME)		PMUKIT_FW_EV(#NAME, PMUKIT_EVT_##NAME)
#define PMUKIT_FW_EV_CYCLES		PMUKIT_FW_EV("CYCLES", PMUKIT_FW_CYCLES)
#define PMUKIT_FW_EV_END		PMUKIT_FW_EV((const char *)0, PMUKIT_FW_END)

/* Output hooks: either may be 0; a string hook is used when given. */
typedef void (*pmukit_fw_putc_fn)(char c);
typedef void (*pmukit_fw_puts_fn)(const char *s);

/**
 * pmukit_fw_set_output() - where the library prints
 * @putc: prints one character (U-Boot's putc() fits)
 * @puts: prints a string, no newline added (U-Boot's puts() fits)
 */
void pmukit_fw_set_output(pmukit_fw_putc_fn putc, pmukit_fw_puts_fn puts);

/**
 * pmukit_fw_set_title() - a heading for the next results printed, or 0
 */
void pmukit_fw_set_title(const char *title);

/**
 * pmukit_fw_start() - start profiling the selected events
 * @ev: selection, terminated by PMUKIT_FW_EV_END; may hold one PMUKIT_FW_EV_CYCLES
 *
 * Checks the selection against PMCR.N (too many: prints why, programs
 * nothing), saves the PMU state, allows counting at the current exception
 * level and security state, programs one counter per event (in array order:
 * counter 0, 1, ...), resets them, reads the pre-values, and starts every
 * counter with one register write so that all of them count the same
 * instructions.
 *
 * Return: 0, or a negative PMUKIT_FW_E* error (then nothing is left programmed).
 */
int pmukit_fw_start(struct pmukit_fw_event *ev);

/**
 * pmukit_fw_stop() - stop profiling, print the results, restore the PMU
 * @ev: the selection given to pmukit_fw_start()
 *
 * Stops every counter with one register write, reads the post-values, prints
 * "PMU EVENT, PREVAL, POSTVAL, DELTA" and one CSV line per event (OVERFLOW in
 * place of the delta for a counter whose overflow flag is set), the derived
 * metrics it can compute, and restores MDCR_EL3/MDCR_EL2 (SDCR/HDCR), PMCR,
 * PMCNTENSET, PMINTENSET, PMOVSSET, PMSELR, PMUSERENR, the type and filter
 * registers and the counter values found by pmukit_fw_start().
 *
 * Return: 0, PMUKIT_FW_EOVERFLOW if a counter overflowed, PMUKIT_FW_ENOENT
 * without a running session.
 */
int pmukit_fw_stop(struct pmukit_fw_event *ev);

/**
 * pmukit_fw_delta() - the count of one event after pmukit_fw_stop()
 * Return: 0, PMUKIT_FW_EOVERFLOW (no valid count) or PMUKIT_FW_EINVAL (no results).
 */
int pmukit_fw_delta(const struct pmukit_fw_event *e, pmukit_fw_u64 *delta);

/* Prints the CSV table of a selection after pmukit_fw_stop() (stop already does). */
void pmukit_fw_print_results(const struct pmukit_fw_event *ev);

/*
 * Prints the metrics whose events are in @ev: IPC, refill and misprediction
 * rates, MPKI; or a core's metrics (pmukit_fw_metrics.h).
 */
void pmukit_fw_print_metrics(const struct pmukit_fw_event *ev);

/* PMCR.N as seen at the current level: the event counters available. */
unsigned int pmukit_fw_num_counters(void);

/* The current exception level and security state, e.g. "EL3 (Secure)", "HYP". */
const char *pmukit_fw_level_name(void);

/* Prints through the output hook. */
void pmukit_fw_print(const char *s);
void pmukit_fw_print_u64(pmukit_fw_u64 v);
void pmukit_fw_print_hex(pmukit_fw_u64 v);

/*
 * Multi-pass runs: more events than counters. The helper splits the
 * selection into passes that fit (each with the cycle counter); the caller
 * runs the profiled code once per pass:
 *
 *	static struct pmukit_fw_passes p;	// about 2.5 KiB: keep it off small stacks
 *
 *	pmukit_fw_passes_init(&p, sel, 0);
 *	while (pmukit_fw_passes_next(&p) > 0) {
 *		code_to_profile();
 *		pmukit_fw_passes_stop(&p);	// prints this pass
 *	}
 *	pmukit_fw_passes_report(&p);		// merged table, CYCLES spread, metrics
 */
#define PMUKIT_FW_MAX_PASSES	16
/* The most metrics one plan may name (a group or a topdown stage counts its metrics). */
#define PMUKIT_FW_MAX_METRICS	160

struct pmukit_fw_passes {
	struct pmukit_fw_event *all;	/* the caller's selection: results land here */
	unsigned int nall;		/* events in it, not counting CYCLES */
	unsigned int per_pass;		/* events in one pass (the later ones: one fewer) */
	unsigned int cap;		/* event counters a pass may use */
	unsigned int npasses;
	unsigned int pass;		/* passes started so far */
	int running;
	struct pmukit_fw_event group[PMUKIT_FW_MAX_COUNTERS + 2];
	pmukit_fw_u64 cycles[PMUKIT_FW_MAX_PASSES];	/* CYCLES delta of each pass */
	unsigned int cycles_flags[PMUKIT_FW_MAX_PASSES];
	/* the events of pass k are the first[k]..first[k + 1]-1-th of the selection */
	unsigned short first[PMUKIT_FW_MAX_PASSES + 1];
	unsigned int nmetrics;		/* metrics planned for; 0: from events */
	unsigned int metric[PMUKIT_FW_MAX_METRICS];	/* their indices in the image's set */
};

/**
 * pmukit_fw_passes_init() - plan the passes
 * @p:       caller's storage
 * @all:     the selection, terminated by PMUKIT_FW_EV_END
 * @max_per_pass: events per pass at most; 0: PMCR.N
 * Return: the number of passes, or a negative PMUKIT_FW_E* error.
 */
int pmukit_fw_passes_init(struct pmukit_fw_passes *p, struct pmukit_fw_event *all,
			  unsigned int max_per_pass);

/*
 * Passes planned from metrics instead of events: the image's metric set
 * (pmukit_fw_metrics.h) names the events, and the planner of the library
 * (pmukit_metric_plan()) puts each metric's events in one pass where the
 * PMCR.N counters allow, CPU_CYCLES on the cycle counter of every pass:
 *
 *	static struct pmukit_fw_passes p;
 *	static struct pmukit_fw_event ev[64];	// filled with the planned events
 *	static const char *const names[] = { "ipc", "MPKI", 0 };
 *
 *	pmukit_fw_passes_init_metrics(&p, ev, 64, names, 0);
 *	// or pmukit_fw_passes_init_metrics(&p, ev, 64, 0, PMUKIT_FW_TOPDOWN2);
 *	// then the pmukit_fw_passes_next()/_stop() loop and _report() as above
 *
 * The report prints only the metrics asked for, topdown stage 1 first; a
 * metric whose events had to be split over passes says which ones.
 */
#define PMUKIT_FW_TOPDOWN1	0x1u	/* the metrics of Arm's topdown stage 1 */
#define PMUKIT_FW_TOPDOWN2	0x3u	/* stage 1, then the stage-2 groups */
/* The most (event, pass) pairs one plan may hold. */
#define PMUKIT_FW_MAX_PLANNED	128

/**
 * pmukit_fw_passes_init_metrics() - plan the passes that count metrics
 * @p:        caller's storage
 * @storage:  filled with the planned events and an end marker: the results
 *            land here (an event needed in two passes is in it twice)
 * @nstorage: entries in @storage
 * @names:    metric names ("ipc") or group names ("MPKI"), NULL-terminated;
 *            may be NULL with a topdown flag
 * @flags:    0, PMUKIT_FW_TOPDOWN1 or PMUKIT_FW_TOPDOWN2: those metrics
 *            first, then @names'
 *
 * Return: the number of passes, or a negative error, printed with its
 * reason: PMUKIT_FW_ENOENT for a name the set does not have (or a topdown
 * flag for a set without the methodology), PMUKIT_FW_E2BIG when @storage,
 * PMUKIT_FW_MAX_METRICS, _MAX_PLANNED or _MAX_PASSES is too small,
 * PMUKIT_FW_EINVAL for nothing to count.
 */
int pmukit_fw_passes_init_metrics(struct pmukit_fw_passes *p, struct pmukit_fw_event *storage,
				  unsigned int nstorage, const char *const *names,
				  unsigned int flags);
/* Starts the next pass: 1 when started, 0 when all passes are done, or an error. */
int pmukit_fw_passes_next(struct pmukit_fw_passes *p);
/* Stops the pass, prints it, and copies its results into the selection. */
int pmukit_fw_passes_stop(struct pmukit_fw_passes *p);
/*
 * Prints the merged table, CYCLES of every pass with their spread, and the
 * metrics (those planned for, or every one whose events were counted).
 */
void pmukit_fw_passes_report(const struct pmukit_fw_passes *p);

#endif /* PMUKIT_FW_H */
