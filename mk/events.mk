# SPDX-License-Identifier: MIT
# PMU event tables: generated from Arm's machine-readable PMU data by
# tools/gen-events, and committed, so a normal build needs neither the data
# nor Python. Regenerate after updating the copy of ARM-software/data.
# events/<core>.def and events/cores.def are X-macro data: the library
# (lib/event_tables.c) and the firmware (fw/include/pmukit_fw_events.h)
# expand the same files.
#
#   make events ARM_DATA=DIR   regenerate the event tables

ARM_DATA ?= $(PMUKIT_ARM_DATA)
PYTHON ?= python3

EVENTS_OUT := events

.PHONY: events
events:
	$(Q)if [ -z "$(strip $(ARM_DATA))" ]; then \
		echo "make events: no PMU data: run 'make events ARM_DATA=DIR' or set" \
		     "PMUKIT_ARM_DATA, with DIR a checkout of" \
		     "https://github.com/ARM-software/data" >&2; \
		exit 1; \
	fi
	$(Q)$(PYTHON) tools/gen-events --data "$(strip $(ARM_DATA))" --all --out $(EVENTS_OUT)

# Metric tables: generated from Arm's telemetry data (the data/ folder of
# ARM-software/telemetry-solution) and metrics/generic.json by
# tools/gen-metrics, and committed like the event tables.
#   make metrics TELEMETRY_DATA=DIR   regenerate them (without DIR: the generic set)
TELEMETRY_DATA ?= $(PMUKIT_TELEMETRY_DATA)

.PHONY: metrics
metrics:
	$(Q)$(PYTHON) tools/gen-metrics $(if $(strip $(TELEMETRY_DATA)),--data "$(strip $(TELEMETRY_DATA))") --all --out metrics
