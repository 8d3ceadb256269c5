/* SPDX-License-Identifier: MIT */
/*
 * The pmukit command's formatting pieces, each against the text it must
 * give: counts and reals with thousands separators, CSV fields (quoted
 * where the separator, a quote or a line break is in them), the JSON
 * writer's layouts and its UTF-8 strings, and the output file that keeps
 * the previous one until the new text is complete.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/compiler.h"
#include "cli.h"
#include "output.h"
#include "pmukit/json.h"
#include "../tap.h"
#include "util.h"

static void test_numbers(void)
{
	static const struct {
		int line;
		uint64_t v;
		const char *want;
	} counts[] = {
		{ __LINE__, 0, "0" },
		{ __LINE__, 999, "999" },
		{ __LINE__, 1000, "1,000" },
		{ __LINE__, 1234567, "1,234,567" },
		{ __LINE__, UINT64_MAX, "18,446,744,073,709,551,615" },
	};
	static const struct {
		int line;
		double v;
		int prec;
		const char *want;
	} reals[] = {
		{ __LINE__, 0.5, 2, "0.50" },
		{ __LINE__, 999.996, 2, "1,000.00" },
		{ __LINE__, -1234.5, 1, "-1,234.5" },
		{ __LINE__, 1234567.0, 0, "1,234,567" },
	};
	static const struct {
		int line;
		const char *sep, *field, *want;
	} csv[] = {
		{ __LINE__, ",", "plain", "plain" },
		{ __LINE__, ",", "a,b", "\"a,b\"" },
		{ __LINE__, ";", "a,b", "a,b" },
		{ __LINE__, ",", "say \"hi\"", "\"say \"\"hi\"\"\"" },
		{ __LINE__, "::", "a::b", "\"a::b\"" },
		{ __LINE__, ",", "a\rb", "\"a\rb\"" },
		/* A separator of several characters must not start inside a field. */
		{ __LINE__, "aa", "xa", "\"xa\"" },
		{ __LINE__, "::", "x:", "\"x:\"" },
		{ __LINE__, "::", ":x", ":x" },
		{ __LINE__, "ab", "b", "b" },
		{ __LINE__, ",", "", "" },
		{ __LINE__, ",", "x\n", "\"x\n\"" },
		{ __LINE__, ",", "\"", "\"\"\"\"" },
	};
	char buf[64], *out;
	size_t i, len, n;
	FILE *m;

	for (i = 0; i < ARRAY_SIZE(counts); i++)
		tap_ok(!strcmp(fmt_count(buf, sizeof(buf), counts[i].v), counts[i].want),
		       "line %d: count %s", counts[i].line, counts[i].want);
	for (i = 0; i < ARRAY_SIZE(reals); i++)
		if (!tap_ok(!strcmp(fmt_real(buf, sizeof(buf), reals[i].v, reals[i].prec),
				    reals[i].want), "line %d: real %s", reals[i].line, reals[i].want))
			tap_diag("  got %s", buf);
	for (i = 0; i < ARRAY_SIZE(csv); i++) {
		out = NULL;
		m = open_memstream(&out, &len);
		pmukit_csv_field(m, csv[i].sep, 1, csv[i].field);
		fclose(m);
		if (!tap_ok(!strcmp(out, csv[i].want), "line %d: CSV field %s", csv[i].line,
			    csv[i].want))
			tap_diag("  got %s", out);
		free(out);
		/* The buffer's field is the stream's, and says its length. */
		n = pmukit_csv_field_put(buf, sizeof(buf), csv[i].sep, 0, csv[i].field);
		if (!tap_ok(n == strlen(csv[i].sep) + strlen(csv[i].want) &&
			    !strncmp(buf, csv[i].sep, strlen(csv[i].sep)) &&
			    !strcmp(buf + strlen(csv[i].sep), csv[i].want),
			    "line %d: CSV field %s into a buffer, after the separator", csv[i].line,
			    csv[i].want))
			tap_diag("  got %s (%zu)", buf, n);
		n = pmukit_csv_field_put(buf, 3, csv[i].sep, 1, csv[i].field);
		tap_ok(n == strlen(csv[i].want) && strlen(buf) == (n < 3 ? n : 2) &&
		       !strncmp(buf, csv[i].want, strlen(buf)),
		       "line %d: CSV field %s cut at 2 characters, its length said", csv[i].line,
		       csv[i].want);
	}
	/* Every room, from none to more than enough: the field cut, its whole length said. */
	for (len = 1, i = 0; len < 12; len++) {
		n = pmukit_csv_field_put(buf, len, ",", 0, "abcdef");
		i += n == 7 && strlen(buf) == (len > 7 ? 7 : len - 1) &&
		     !strncmp(buf, ",abcdef", strlen(buf));
	}
	tap_ok(i == 11, "CSV field ,abcdef into 1 to 11 bytes: cut to fit, its length 7 said");
}

/* A JSON writer @j into a memory stream, whose text *@out gets at its fclose(). */
static FILE *json_to_memory(struct pmukit_json *j, char **out, size_t *len)
{
	FILE *m = open_memstream(out, len);

	pmukit_json_start(j, m);
	return m;
}

static void test_json_escape(void)
{
	char *out = NULL;
	size_t len;
	struct pmukit_json j;
	FILE *m = json_to_memory(&j, &out, &len);

	pmukit_json_obj(&j, NULL);
	pmukit_json_str(&j, "q", "a \"b\" \\ c\n\t\x01");
	pmukit_json_real(&j, "nan", 0.0 / 0.0, 2);
	pmukit_json_arr(&j, "empty");
	pmukit_json_arr_end(&j);
	pmukit_json_obj_end(&j);
	pmukit_json_finish(&j);
	fclose(m);
	tap_ok(!strcmp(out, "{\n  \"q\": \"a \\\"b\\\" \\\\ c\\n\\t\\u0001\",\n  \"nan\": null,\n"
			    "  \"empty\": []\n}\n"), "JSON: strings escaped, NaN is null, empty array");
	free(out);
}

/*
 * The writer's other layouts: members on one line inside lines, with and
 * without spaces in the braces, and empty nests of each.
 */
static void test_json_flow(void)
{
	char *out = NULL;
	size_t len;
	struct pmukit_json j;
	FILE *m = json_to_memory(&j, &out, &len);

	pmukit_json_obj_flow(&j, NULL, 0);
	pmukit_json_arr(&j, "a");
	pmukit_json_obj_flow(&j, NULL, 0);
	pmukit_json_int(&j, "n", -1);
	pmukit_json_bool(&j, "b", 1);
	pmukit_json_obj_end(&j);
	pmukit_json_obj_flow(&j, NULL, 1);
	pmukit_json_u64(&j, "u", 2);
	pmukit_json_obj_flow(&j, "e", 1);
	pmukit_json_obj_end(&j);
	pmukit_json_obj_flow(&j, "f", 0);
	pmukit_json_obj_end(&j);
	pmukit_json_obj(&j, "o");
	pmukit_json_null(&j, "z");
	pmukit_json_obj_end(&j);
	pmukit_json_obj_end(&j);
	pmukit_json_arr_end(&j);
	pmukit_json_str(&j, "s", NULL);
	pmukit_json_obj_end(&j);
	pmukit_json_finish(&j);
	fclose(m);
	if (!tap_ok(!strcmp(out, "{\"a\": [\n  {\"n\": -1, \"b\": true},\n"
			    "  { \"u\": 2, \"e\": { }, \"f\": {}, \"o\": {\n    \"z\": null\n  } }\n"
			    "], \"s\": null}\n"),
		    "JSON: one-line objects, spaced or not, empty ones, lines indented by the levels of lines around"))
		tap_diag("got:\n%s", out);
	free(out);
}

/* JSON strings are valid UTF-8 whatever the bytes: U+FFFD for a bad one. */
static void test_json_utf8(void)
{
#define FFFD "\xef\xbf\xbd"
	static const struct str_case rows[] = {
		{ __LINE__, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"" },
		{ __LINE__, "\xef\xbf\xbf\xf4\x8f\xbf\xbf", "\"\xef\xbf\xbf\xf4\x8f\xbf\xbf\"" },
		{ __LINE__, "a\xff" "b", "\"a" FFFD "b\"" },
		{ __LINE__, "\x80", "\"" FFFD "\"" },
		{ __LINE__, "\xc3", "\"" FFFD "\"" },
		{ __LINE__, "\xe2\x82x", "\"" FFFD FFFD "x\"" },
		{ __LINE__, "\xc0\xaf", "\"" FFFD FFFD "\"" },			/* overlong '/' */
		{ __LINE__, "\xe0\x80\xaf", "\"" FFFD FFFD FFFD "\"" },	/* overlong */
		{ __LINE__, "\xed\xa0\x80", "\"" FFFD FFFD FFFD "\"" },	/* a surrogate */
		{ __LINE__, "\xf4\x90\x80\x80", "\"" FFFD FFFD FFFD FFFD "\"" },	/* > U+10FFFF */
		{ __LINE__, "\xf5\x80", "\"" FFFD FFFD "\"" },
		{ __LINE__, "\xc3\n", "\"" FFFD "\\n\"" },
	};
#undef FFFD
	char *out;
	size_t i, len;
	FILE *m;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		out = NULL;
		m = open_memstream(&out, &len);
		pmukit_json_string(m, rows[i].in);
		fclose(m);
		if (!tap_ok(!strcmp(out, rows[i].want), "line %d: JSON string", rows[i].line))
			tap_diag("  got %s", out);
		free(out);
	}
}

/* An output file: opened first, the text written at the end, kept on failure. */
static void test_out_file(void)
{
	char name[] = "/tmp/pmukit-out.XXXXXX", *got;
	struct out_file of;
	int fd = mkstemp(name), ret;

	tap_eq(out_file_open(&of, "test", "/nonexistent/dir/out"), CLI_FAIL,
	       "a file in a directory that does not exist: CLI_FAIL at the open");
	if (fd < 0) {
		tap_skip("no temporary file", "out_file writes the file");
	} else {
		close(fd);
		ret = out_file_open(&of, "test", name);
		if (!ret) {
			fputs("counts\n", of.mem);
			ret = out_file_close(&of, "test", 1);
		}
		got = ret ? NULL : slurp(name);
		tap_ok(!ret && got && !strcmp(got, "counts\n"), "out_file writes the file at its close");
		free(got);
		ret = out_file_open(&of, "test", name);
		if (!ret) {
			fputs("other counts\n", of.mem);
			got = slurp(name);
			tap_ok(got && !strcmp(got, "counts\n") && of.tmp && !access(of.tmp, F_OK),
			       "out_file: the previous file as it was while a new one is written beside it");
			free(got);
			out_file_discard(&of);
		}
		got = ret ? NULL : slurp(name);
		tap_ok(!ret && got && !strcmp(got, "counts\n"), "out_file_discard: the previous file kept");
		free(got);
		unlink(name);
	}
	if (access("/dev/full", W_OK)) {
		tap_skip("no /dev/full", "a write that fails");
		return;
	}
	ret = out_file_open(&of, "test", "/dev/full");
	tap_eq(ret, 0, "/dev/full opens");
	if (!ret) {
		fputs("counts\n", of.mem);
		/* The text goes nowhere else here: that is cli.t's test. */
		tap_eq(out_file_close(&of, "test", 0), CLI_FAIL, "a write that fails: CLI_FAIL");
	}
}

int main(void)
{
	test_numbers();
	test_json_escape();
	test_json_flow();
	test_json_utf8();
	test_out_file();
	return tap_done();
}
