/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The control build of the firmware tests (30-levels.t, 70-swincr.t): the
 * library's AArch64 exception-level rules (fw/el_aarch64.c) with
 * MDCR_EL3.SPME put back as found after the library set it, so that the
 * tests show EL3 counting needs it. Only the test image test-el3-nospme
 * links this in place of el_aarch64.o; the library itself has no such mode.
 */
#define pmukit_fw_arch_allow pmukit_fw_arch_allow_as_shipped
#include "fw/el_aarch64.c"
#undef pmukit_fw_arch_allow

void pmukit_fw_arch_allow(struct pmukit_fw_state *s);

void pmukit_fw_arch_allow(struct pmukit_fw_state *s)
{
	pmukit_ureg_t mdcr;

	pmukit_fw_arch_allow_as_shipped(s);
	if (s->el != 3)
		return;
	/*
	 * MDCR_EL3.SPME as found (clear out of reset): event counters do not
	 * count in Secure state. Every counter is still stopped here, so the
	 * library's write just before counts nothing.
	 */
	mdcr = pmukit_read_mdcr_el3() & ~(pmukit_ureg_t)PMUKIT_MDCR_EL3_SPME_BIT;
	pmukit_write_mdcr_el3(mdcr | (s->saved.mdcr & PMUKIT_MDCR_EL3_SPME_BIT));
	pmukit_isb();
}
