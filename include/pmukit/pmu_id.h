/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * Which PMU a core has and what its event filter can do, decided once from
 * ID register values for the kernel module, the library, the command and the
 * firmware library. Pure functions of values (no register access, usable on
 * any host): callers read the registers where they may (PL1 and up, see
 * pmukit_pmu_version() in sysreg_aarch32.h) or learn them from the module's
 * /sys/kernel/pmukit/id_dfr0 and id_pfr1 (the library at PL0).
 *
 * Facts used (Arm ARM and the cores' TRMs):
 *  - ID_DFR0.PerfMon [27:24] names the AArch32 PMU: 1 PMUv1, 2 PMUv2, 3 PMUv3,
 *    4 and up PMUv3p1 and later, 0xf IMPLEMENTATION DEFINED, 0 none.
 *  - The Cortex-A8 and Cortex-A9 TRMs document ID_DFR0.PerfMon as 0 although
 *    both implement the ARMv7 PMU, version 1: for them the MIDR decides.
 *  - ARM11 cores (ARM1136, ARM1156, ARM1176, ARM11 MPCore; the Raspberry Pi 1
 *    and Zero have an ARM1176) read PerfMon 0 too: their PMU is the ARMv6 one
 *    (PMNC, CCNT, PMN0/1 in CP15 c15), another register layout that pmukit
 *    does not drive.
 *  - PMXEVTYPER's level filter bits P (31, not at PL1) and U (30, not at PL0)
 *    exist on ARMv7 only with the Virtualization Extensions (ID_PFR1
 *    [15:12] != 0: Cortex-A7, A12, A15, A17) and always on PMUv3. A
 *    hypervisor or an emulator without EL2 (QEMU's virt machine) clears
 *    that ID_PFR1 field although the core keeps the filter: for those four
 *    cores the MIDR decides too. On other
 *    ARMv7 cores (Cortex-A5, A8, A9) those bits are not filter bits: such a
 *    core counts at every level, and the cycle counter of ARMv7 has no
 *    filter at all (PMCCFILTR is PMUv3).
 */
#ifndef PMUKIT_PMU_ID_H
#define PMUKIT_PMU_ID_H

#include "sysreg_types.h"
#include "pmu_fields.h"

#define PMUKIT_MIDR_IMPL_ARM	0x41

/* MIDR part numbers (implementer 0x41) the decisions below name. */
#define PMUKIT_PART_ARM11MPCORE	0xb02
#define PMUKIT_PART_ARM1136	0xb36
#define PMUKIT_PART_ARM1156	0xb56
#define PMUKIT_PART_ARM1176	0xb76
#define PMUKIT_PART_CORTEX_A7	0xc07
#define PMUKIT_PART_CORTEX_A8	0xc08
#define PMUKIT_PART_CORTEX_A9	0xc09
#define PMUKIT_PART_CORTEX_A12	0xc0d
#define PMUKIT_PART_CORTEX_A17	0xc0e
#define PMUKIT_PART_CORTEX_A15	0xc0f

/* ID_PFR1.Virtualization: ARMv7 Virtualization Extensions (Hyp mode). */
#define PMUKIT_ID_PFR1_VIRT_SHIFT	12
#define PMUKIT_ID_PFR1_VIRT_MASK	0xfUL

static inline unsigned int pmukit_midr_implementer(uint32_t midr)
{
	return (unsigned int)(midr >> PMUKIT_MIDR_IMPLEMENTER_SHIFT) &
	       PMUKIT_MIDR_IMPLEMENTER_MASK;
}

static inline unsigned int pmukit_midr_part(uint32_t midr)
{
	return (unsigned int)(midr >> PMUKIT_MIDR_PARTNUM_SHIFT) &
	       PMUKIT_MIDR_PARTNUM_MASK;
}

/* 1 for an ARM11 core: the ARMv6 PMU, which pmukit does not drive. */
static inline int pmukit_midr_armv6_pmu(uint32_t midr)
{
	unsigned int part = pmukit_midr_part(midr);

	return pmukit_midr_implementer(midr) == PMUKIT_MIDR_IMPL_ARM &&
	       (part == PMUKIT_PART_ARM11MPCORE || part == PMUKIT_PART_ARM1136 ||
		part == PMUKIT_PART_ARM1156 || part == PMUKIT_PART_ARM1176);
}

/*
 * The PMU version a core implements although its ID_DFR0.PerfMon reads 0
 * (its TRM says so), or 0 when the MIDR names no such core.
 */
static inline unsigned int pmukit_midr_perfmon(uint32_t midr)
{
	unsigned int part = pmukit_midr_part(midr);

	if (pmukit_midr_implementer(midr) != PMUKIT_MIDR_IMPL_ARM)
		return 0;
	if (part == PMUKIT_PART_CORTEX_A8 || part == PMUKIT_PART_CORTEX_A9)
		return PMUKIT_PERFMON_V1;
	return 0;
}

/* 1 for the ARMv7 cores that implement the Virtualization Extensions. */
static inline int pmukit_midr_virt_ext(uint32_t midr)
{
	unsigned int part = pmukit_midr_part(midr);

	return pmukit_midr_implementer(midr) == PMUKIT_MIDR_IMPL_ARM &&
	       (part == PMUKIT_PART_CORTEX_A7 || part == PMUKIT_PART_CORTEX_A12 ||
		part == PMUKIT_PART_CORTEX_A15 || part == PMUKIT_PART_CORTEX_A17);
}

/*
 * pmukit_aarch32_perfmon() - the AArch32 PMU version, PERFMON_* encoding
 * @midr: MIDR
 * @id_dfr0: ID_DFR0, or 0 where it cannot be read (then the MIDR alone decides)
 *
 * Return: ID_DFR0.PerfMon, or the MIDR's version where PerfMon reads 0;
 * 0 for no PMU pmukit can drive (ARM11 included), 0xf IMPLEMENTATION DEFINED.
 */
static inline unsigned int pmukit_aarch32_perfmon(uint32_t midr, uint32_t id_dfr0)
{
	unsigned int v = (unsigned int)(id_dfr0 >> PMUKIT_ID_DFR0_PERFMON_SHIFT) & PMUKIT_PMUVER_MASK;

	if (pmukit_midr_armv6_pmu(midr))
		return PMUKIT_PMUVER_NONE;
	return v != PMUKIT_PMUVER_NONE ? v : pmukit_midr_perfmon(midr);
}

/* PMUv3 or later in the AArch32 encoding (ID_DFR0.PerfMon 3..0xe). */
static inline int pmukit_aarch32_pmuv3(unsigned int perfmon)
{
	return perfmon >= PMUKIT_PERFMON_V3 && perfmon != PMUKIT_PMUVER_IMPDEF;
}

/*
 * pmukit_aarch32_level_filter() - has PMXEVTYPER the P/U level filter?
 * @perfmon: pmukit_aarch32_perfmon()
 * @midr: MIDR
 * @id_pfr1: ID_PFR1
 *
 * Return: 1 on PMUv3 and on ARMv7 cores with the Virtualization Extensions
 * (ID_PFR1, or the MIDR where that field is hidden), else 0: the core
 * counts at every level and P/U must not be written.
 */
static inline int pmukit_aarch32_level_filter(unsigned int perfmon, uint32_t midr,
					      uint32_t id_pfr1)
{
	if (pmukit_aarch32_pmuv3(perfmon) || pmukit_midr_virt_ext(midr))
		return 1;
	return ((id_pfr1 >> PMUKIT_ID_PFR1_VIRT_SHIFT) & PMUKIT_ID_PFR1_VIRT_MASK) != 0;
}

/*
 * What one CPU's PMU allows, as far as a setup applied alike to every CPU
 * (the kernel module's) depends on it. The cores of a big.LITTLE system
 * may differ, so each CPU's are read on that CPU and merged.
 */
struct pmukit_pmu_caps {
	unsigned int version;	/* PMUVER_* (AArch64) or PERFMON_* (AArch32); 0 none */
	int pmuv3;		/* PMUv3 or later (not IMPLEMENTATION DEFINED) */
	int level_filter;	/* PMXEVTYPER has P/U */
	int divider;		/* PMCR.D divides (AArch64: AArch32 at EL0; RES0 without) */
};

/* How a CPU's caps differ from the others' (pmukit_pmu_caps_merge()). */
#define PMUKIT_CAPS_KIND	0x1u	/* PMUv3 on one, not on the other, or the level filter */
#define PMUKIT_CAPS_VERSION	0x2u	/* another version of the same kind */
#define PMUKIT_CAPS_DIVIDER	0x4u	/* PMCR.D divides on one only */

/* A PMU of the architecture's (neither none nor IMPLEMENTATION DEFINED). */
static inline int pmukit_pmu_version_known(unsigned int version)
{
	return version != PMUKIT_PMUVER_NONE && version != PMUKIT_PMUVER_IMPDEF;
}

/*
 * pmukit_pmu_caps_merge() - fold one CPU's caps into those of all CPUs so far
 * @all: the merged caps, from the first CPU's on
 * @cpu: the next CPU's
 *
 * @all keeps what every CPU has: the lower version (the narrower event
 * numbers), the divider only where all have it. A PMUv3 beside an older or
 * IMPLEMENTATION DEFINED PMU, or a level filter on some cores only, merges
 * into nothing that one setup could serve: the caller refuses.
 *
 * Return: the PMUKIT_CAPS_* ways @cpu differs, 0 when it is alike.
 */
static inline unsigned int pmukit_pmu_caps_merge(struct pmukit_pmu_caps *all,
						 const struct pmukit_pmu_caps *cpu)
{
	unsigned int diff = 0;

	if (all->pmuv3 != cpu->pmuv3 || all->level_filter != cpu->level_filter ||
	    pmukit_pmu_version_known(all->version) != pmukit_pmu_version_known(cpu->version))
		diff |= PMUKIT_CAPS_KIND;
	if (all->version != cpu->version) {
		diff |= PMUKIT_CAPS_VERSION;
		if (cpu->version < all->version)
			all->version = cpu->version;
	}
	if (all->divider != cpu->divider) {
		diff |= PMUKIT_CAPS_DIVIDER;
		all->divider = 0;
	}
	return diff;
}

#endif /* PMUKIT_PMU_ID_H */
