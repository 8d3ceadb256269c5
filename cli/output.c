// SPDX-License-Identifier: MIT
/*
 * Tables, numbers and output files for the pmukit command; its CSV fields
 * and JSON go through the library's writers (pmukit/csv.h, pmukit/json.h).
 * Numbers are printed with the C locale's '.' (the command never calls
 * setlocale), so CSV and JSON are the same on every system.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "cli.h"
#include "output.h"

/* The @n digits @d into @out, a ',' between each three from the right. Return: what it wrote. */
static size_t group3(char *out, const char *d, size_t n)
{
	size_t i, o = 0;

	for (i = 0; i < n; i++) {
		if (i && (n - i) % 3 == 0)
			out[o++] = ',';
		out[o++] = d[i];
	}
	return o;
}

char *fmt_count(char *buf, size_t len, uint64_t v)
{
	char digits[32], tmp[48];
	int n = snprintf(digits, sizeof(digits), "%llu", (unsigned long long)v);

	tmp[group3(tmp, digits, (size_t)n)] = '\0';
	snprintf(buf, len, "%s", tmp);
	return buf;
}

char *fmt_real(char *buf, size_t len, double v, int prec)
{
	char s[400], out[520];
	const char *p = s;
	size_t n, o = 0;

	snprintf(s, sizeof(s), "%.*f", prec, v);
	if (!isfinite(v)) {
		snprintf(buf, len, "%s", s);
		return buf;
	}
	if (*p == '-')
		out[o++] = *p++;
	n = strcspn(p, ".");
	o += group3(out + o, p, n);
	snprintf(out + o, sizeof(out) - o, "%s", p + n);
	snprintf(buf, len, "%s", out);
	return buf;
}

/* ---- output files -------------------------------------------------------- */

#ifndef PROC_SUPER_MAGIC
#define PROC_SUPER_MAGIC	0x9fa0
#endif

/*
 * A symbolic link that names an open file rather than a file: /dev/stdout,
 * /dev/stderr (links into /proc/self/fd) and /dev/fd/N (an entry of
 * /proc/self/fd). Writing there is writing to that descriptor, as '>'
 * would; replacing the link would be absurd (and, as root, would replace
 * /dev/stdout).
 */
static int names_descriptor(const char *name)
{
	char link[64], dir[4096];
	struct statfs fs;
	ssize_t n = readlink(name, link, sizeof(link) - 1);

	if (n > 0) {
		link[n] = '\0';
		if (!strncmp(link, "/proc/", 6))
			return 1;
	}
	snprintf(dir, sizeof(dir), "%s", name);
	return !statfs(dirname(dir), &fs) && fs.f_type == PROC_SUPER_MAGIC;
}

/* An out_file with nothing open or held: no stream, buffer or descriptor. */
static void out_file_empty(struct out_file *of)
{
	memset(of, 0, sizeof(*of));
	of->fd = -1;
}

int out_file_open(struct out_file *of, const char *cmd, const char *name)
{
	struct stat st;
	mode_t mask;
	int fd, err, in_place;

	out_file_empty(of);
	of->name = name;
	if (lstat(name, &st)) {
		if (errno != ENOENT)
			goto fail;
		st.st_mode = 0;
	}
	if (S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		goto fail;
	}
	/*
	 * A device, a pipe or a descriptor: nothing there to keep or replace,
	 * the text goes in as '>' would send it.
	 */
	in_place = st.st_mode && !S_ISREG(st.st_mode) &&
		   (!S_ISLNK(st.st_mode) || names_descriptor(name));
	if (in_place) {
		fd = open(name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0666);
		if (fd < 0)
			goto fail;
	} else {
		/*
		 * A file (or nothing, or a link to either): a new file beside it,
		 * renamed over the name only once the text is all in, so that a
		 * run that fails leaves the previous result as it was. The name
		 * itself is replaced: a link there by the file, and the file it
		 * pointed to is left alone. Close-on-exec: the measured command
		 * must not inherit it.
		 */
		const char *slash = strrchr(name, '/');
		size_t dir = slash ? (size_t)(slash - name) + 1 : 0;

		of->tmp = malloc(dir + sizeof(".pmukit-XXXXXX"));
		if (!of->tmp)
			goto fail;
		memcpy(of->tmp, name, dir);
		memcpy(of->tmp + dir, ".pmukit-XXXXXX", sizeof(".pmukit-XXXXXX"));
		fd = mkostemp(of->tmp, O_CLOEXEC);
		if (fd < 0)
			goto fail;
		of->fd = fd;
		/* A file replaced keeps its permissions; a new one gets 0666 less the umask. */
		mask = umask(0);
		umask(mask);
		if (fchmod(fd, S_ISREG(st.st_mode) ? st.st_mode & 0777 : 0666 & ~mask))
			goto fail;
	}
	of->fd = fd;
	of->mem = open_memstream(&of->buf, &of->len);
	if (!of->mem)
		goto fail;
	return 0;
fail:
	err = errno;
	cli_error(cmd, "cannot write %s: %s", name, strerror(err));
	out_file_discard(of);
	return CLI_FAIL;
}

int out_file_stream(struct out_file *of, const char *cmd, const char *name)
{
	int fd, err;

	out_file_empty(of);
	of->name = name;
	fd = open(name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0666);
	if (fd >= 0) {
		of->mem = fdopen(fd, "w");
		if (of->mem) {
			of->stream = 1;
			return 0;
		}
	}
	err = errno;
	if (fd >= 0)
		close(fd);
	cli_error(cmd, "cannot write %s: %s", name, strerror(err));
	return CLI_FAIL;
}

void out_file_discard(struct out_file *of)
{
	if (of->mem)
		fclose(of->mem);
	if (of->fd >= 0)
		close(of->fd);
	if (of->tmp && of->fd >= 0)
		unlink(of->tmp);
	free(of->tmp);
	free(of->buf);
	out_file_empty(of);
}

/* All of @len bytes at @fd. Return: 0 or an errno. */
static int write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? errno : EIO;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int out_file_close(struct out_file *of, const char *cmd, int to_stdout)
{
	int err = 0;

	errno = 0;
	if (of->stream) {
		/* What is left in the stream's buffer; nothing kept to fall back on. */
		if (fclose(of->mem))
			err = errno ? errno : EIO;
		if (err)
			cli_error(cmd, "cannot write %s: %s", of->name, strerror(err));
		out_file_empty(of);
		return err ? CLI_FAIL : 0;
	}
	/* The memory stream fails only without memory: then there is nothing to save. */
	if (fclose(of->mem))
		err = errno ? errno : ENOMEM;
	of->mem = NULL;
	if (!err)
		err = write_all(of->fd, of->buf, of->len);
	/* The text on the disk before its name: a crash leaves the old file or the new. */
	if (!err && of->tmp && fsync(of->fd))
		err = errno;
	if (close(of->fd) && !err)
		err = errno;
	of->fd = -1;
	if (!err && of->tmp && rename(of->tmp, of->name))
		err = errno;
	if (err && of->tmp)
		unlink(of->tmp);
	to_stdout = to_stdout && err && of->buf;
	if (err)
		cli_error(cmd, "cannot write %s: %s%s", of->name, strerror(err),
			  to_stdout ? "; the result follows on stdout" : "");
	if (to_stdout)
		fwrite(of->buf, 1, of->len, stdout);
	free(of->tmp);
	free(of->buf);
	out_file_empty(of);
	return err ? CLI_FAIL : 0;
}

/* ---- tables -------------------------------------------------------------- */

void table_init(struct table *t, unsigned int ncols, const char *const *head,
		const char *align)
{
	unsigned int i;

	memset(t, 0, sizeof(*t));
	t->ncols = ncols > TABLE_MAX_COLS ? TABLE_MAX_COLS : ncols;
	for (i = 0; i < t->ncols; i++) {
		t->head[i] = head[i];
		t->align[i] = align && align[i] == 'r' ? 'r' : 'l';
	}
}

int table_add(struct table *t, const char *const *cells)
{
	unsigned int i;

	if (t->nrows == t->cap) {
		unsigned int cap = t->cap ? 2 * t->cap : 16;
		char **c = realloc(t->cells, (size_t)cap * t->ncols * sizeof(*c));
		char **n;

		if (!c)
			return -1;
		t->cells = c;
		n = realloc(t->notes, (size_t)cap * sizeof(*n));
		if (!n)
			return -1;
		memset(n + t->cap, 0, (size_t)(cap - t->cap) * sizeof(*n));
		t->notes = n;
		t->cap = cap;
	}
	for (i = 0; i < t->ncols; i++) {
		char *s = strdup(cells[i] ? cells[i] : "");

		if (!s)
			return -1;
		t->cells[(size_t)t->nrows * t->ncols + i] = s;
	}
	t->nrows++;
	return 0;
}

int table_note(struct table *t, const char *text)
{
	char *s;

	if (!t->nrows || !text || !text[0])
		return 0;
	s = strdup(text);
	if (!s)
		return -1;
	free(t->notes[t->nrows - 1]);
	t->notes[t->nrows - 1] = s;
	return 0;
}

#define NOTE_WIDTH	80

/* @text in brackets, from column @col on, lines broken between words. */
static void table_note_print(FILE *f, int col, const char *text)
{
	int room = NOTE_WIDTH - col > 20 ? NOTE_WIDTH - col : 20;
	int used = 0;
	const char *p = text;

	fprintf(f, "%*s[", col, "");
	used = 1;
	while (*p) {
		size_t n = strcspn(p, " ");
		int last = !p[n] || !p[n + strspn(p + n, " ")];

		if (used > 1 && used + 1 + (int)n + last > room) {
			fprintf(f, "\n%*s ", col, "");
			used = 1;
		} else if (used > 1) {
			fputc(' ', f);
			used++;
		}
		fwrite(p, 1, n, f);
		used += (int)n;
		p += n;
		p += strspn(p, " ");
	}
	fputs("]\n", f);
}

static void table_line(const struct table *t, FILE *f, const char *indent,
		       const int *w, const char *const *cells)
{
	unsigned int i;
	int last_nonempty = -1;

	for (i = 0; i < t->ncols; i++)
		if (cells[i][0] || t->align[i] == 'r')
			last_nonempty = (int)i;
	fputs(indent, f);
	for (i = 0; i < t->ncols; i++) {
		if ((int)i > last_nonempty)
			break;
		if (i)
			fputs("  ", f);
		/* No trailing blanks: the last left-aligned cell is not padded. */
		if (t->align[i] == 'r')
			fprintf(f, "%*s", w[i], cells[i]);
		else if ((int)i == last_nonempty)
			fputs(cells[i], f);
		else
			fprintf(f, "%-*s", w[i], cells[i]);
	}
	fputc('\n', f);
}

void table_print(const struct table *t, FILE *f, const char *indent)
{
	int w[TABLE_MAX_COLS] = { 0 };
	unsigned int i, r;

	for (i = 0; i < t->ncols; i++) {
		w[i] = (int)strlen(t->head[i]);
		for (r = 0; r < t->nrows; r++) {
			int l = (int)strlen(t->cells[(size_t)r * t->ncols + i]);

			if (l > w[i])
				w[i] = l;
		}
	}
	table_line(t, f, indent, w, t->head);
	for (r = 0; r < t->nrows; r++) {
		table_line(t, f, indent, w, (const char *const *)&t->cells[(size_t)r * t->ncols]);
		if (t->notes[r]) {
			int col = (int)strlen(indent);

			for (i = 0; i < t->note_col && i < t->ncols; i++)
				col += w[i] + 2;
			table_note_print(f, col, t->notes[r]);
		}
	}
}

void table_free(struct table *t)
{
	size_t i;

	for (i = 0; i < (size_t)t->nrows * t->ncols; i++)
		free(t->cells[i]);
	for (i = 0; i < t->nrows; i++)
		free(t->notes[i]);
	free(t->cells);
	free(t->notes);
	memset(t, 0, sizeof(*t));
}
