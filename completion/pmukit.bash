# SPDX-License-Identifier: MIT
# shellcheck shell=bash disable=SC2207 # compgen -W words have no spaces: the usual idiom
# bash completion for pmukit. Installed as
# /usr/share/bash-completion/completions/pmukit.
#
# Everything offered is asked of the pmukit being completed, at completion
# time, so that nothing here goes stale when a command, an option, an event
# or a metric is added: the commands from 'pmukit --help', each command's
# options from 'pmukit COMMAND --help', the events of this machine's core
# (or of --cpu NAME) from 'pmukit list', its metrics and metric groups from
# 'pmukit list --metrics', the cores from 'pmukit list --cores'.

# The commands: the indented lines under "commands:" in 'pmukit --help'.
_pmukit_commands()
{
	"$1" --help 2>/dev/null | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p'
}

# The options of one command: every -x and --long at the start of an option
# line of its help text (the option table's lines begin "  -").
_pmukit_options()
{
	"$1" "$2" --help 2>/dev/null |
		sed -n 's/^  \(-[^ ].*\)$/\1/p' |
		sed -e 's/  .*//' | tr ',' '\n' | sed -n 's/^ *\(--*[A-Za-z][A-Za-z0-9-]*\).*/\1/p'
}

# The events of the core: the 'event' column of 'pmukit list' (--all adds the
# common ones the core's table leaves out).
_pmukit_events()
{
	"$@" 2>/dev/null | awk '$1 ~ /^0x[0-9a-fA-F]+$/ { print $2 }'
}

# The metric groups (lines "Group (description)") and metrics (indented, the
# name up to two spaces) of 'pmukit list --metrics', up to the topdown tree.
_pmukit_metrics()
{
	"$@" 2>/dev/null | awk '
		/^topdown / { exit }
		/^[A-Za-z0-9_]+ \(/ && !/\): / { print $1; next }
		/^  [^ ]/ { sub(/^  /, ""); sub(/  .*/, ""); print }' | sort -u
}

# COMPREPLY for a comma-separated list (-e, -M): the words matching the last
# element of $cur, each after the elements before it; a word with spaces (a
# generic metric's name) has them escaped.
_pmukit_list_reply()
{
	local cur=$1 words=$2 head="" last=$1 w
	case $cur in
	*,*) head=${cur%,*}, last=${cur##*,} ;;
	esac
	last=${last//\\ / }
	COMPREPLY=()
	while IFS= read -r w; do
		[ -n "$w" ] || continue
		case $w in
		"$last"*) COMPREPLY+=("$head${w// /\\ }") ;;
		esac
	done <<<"$words"
	compopt -o nospace 2>/dev/null
}

_pmukit()
{
	local prog=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]}
	local prev="" cmd="" cmd_i=0 cpu="" i w
	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}

	# The command: the first word after pmukit that is not an option.
	for ((i = 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		case $w in
		-*) ;;
		*) cmd=$w cmd_i=$i; break ;;
		esac
	done
	if [ -z "$cmd" ]; then
		COMPREPLY=($(compgen -W "$(_pmukit_commands "$prog") --help --version" -- "$cur"))
		return 0
	fi

	# --cpu NAME chooses the core whose events and metrics are offered
	# (list and metrics name cores; stat, regs and calibrate take a CPU number).
	for ((i = cmd_i + 1; i < COMP_CWORD; i++)); do
		if [ "${COMP_WORDS[i]}" = --cpu ] && [ $((i + 1)) -lt "$COMP_CWORD" ]; then
			case ${COMP_WORDS[i + 1]} in
			*[!0-9]*) cpu=${COMP_WORDS[i + 1]} ;;
			esac
		fi
	done

	# stat: past its options comes the command to run, completed as bash
	# completes a command line (from the word after '--', or the first word
	# that is neither an option nor an option's value).
	if [ "$cmd" = stat ]; then
		for ((i = cmd_i + 1; i < COMP_CWORD; i++)); do
			case ${COMP_WORDS[i]} in
			--) ((i++)); break ;;
			-e | --event | -M | --metrics | -r | --repeat | --path | -x | \
				--field-separator | --cpu | -o | --output | --level | \
				-C | --cpu-list | -p | --pid | -t | --tid | -I | \
				--interval-print | --interval-count | --duration) ((i++)) ;;
			-*) ;;
			*) break ;;
			esac
		done
		if ((i < COMP_CWORD)) || { ((i == COMP_CWORD)) &&
			[[ $cur != -* || ${COMP_WORDS[i - 1]} == -- ]]; }; then
			if declare -F _command_offset >/dev/null; then
				_command_offset "$i"
			else
				COMPREPLY=($(compgen -c -- "$cur"))
			fi
			return 0
		fi
	fi

	case $prev in
	-e | --event)
		_pmukit_list_reply "$cur" "$(_pmukit_events "$prog" list --all ${cpu:+--cpu "$cpu"})"
		return 0 ;;
	-M | --metrics)
		if [ "$cmd" != list ]; then
			_pmukit_list_reply "$cur" "$(_pmukit_metrics "$prog" list --metrics ${cpu:+--cpu "$cpu"})"
			return 0
		fi ;;
	--path)
		COMPREPLY=($(compgen -W "auto direct perf perf-mmap clock all" -- "$cur"))
		return 0 ;;
	--level)
		COMPREPLY=($(compgen -W "1 2" -- "$cur"))
		return 0 ;;
	--cpu)
		case $cmd in
		list | metrics)
			COMPREPLY=($(compgen -W "$("$prog" list --cores 2>/dev/null | awk '{ print $1 }')" -- "$cur")) ;;
		*)
			COMPREPLY=($(compgen -W "$(seq 0 $(($(getconf _NPROCESSORS_CONF 2>/dev/null || echo 1) - 1)))" -- "$cur")) ;;
		esac
		return 0 ;;
	-o | --output | --svg)
		COMPREPLY=($(compgen -f -- "$cur"))
		return 0 ;;
	--input-format)
		COMPREPLY=($(compgen -W "perf-csv perf-json topdown-tool likwid pmukit-csv pmukit-json firmware pmukit-table" -- "$cur"))
		return 0 ;;
	-r | --repeat | -n | -x | --field-separator | --input-separator)
		return 0 ;;
	esac

	case $cur in
	-*) COMPREPLY=($(compgen -W "$(_pmukit_options "$prog" "$cmd")" -- "$cur")) ;;
	*) [ "$cmd" = metrics ] && COMPREPLY=($(compgen -f -- "$cur")) ;;
	esac
	return 0
}
complete -F _pmukit pmukit
