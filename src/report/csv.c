/* csv: RFC 4180 fields, shortest numbers (see csv.h). */
#include "report/csv.h"

#include <math.h>
#include <string.h>

#include "core/base/units.h"

void
csv_begin(struct csv *c, FILE *out)
{
    c->out = out;
    c->col = 0;
}

static void
sep(struct csv *c)
{
    if (c->col++ > 0)
        fputc(',', c->out);
}

void
csv_field(FILE *out, const char *s)
{
    if (strpbrk(s, ",\"\r\n") == NULL) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

void
csv_str(struct csv *c, const char *s)
{
    sep(c);
    if (s != NULL)
        csv_field(c->out, s);
}

void
csv_header(struct csv *c, const char *const *names)
{
    for (; *names != NULL; names++)
        csv_str(c, *names);
    csv_row(c);
}

void
csv_num(struct csv *c, double v)
{
    char buf[40];

    sep(c);
    if (isnan(v))
        return;
    if (isinf(v)) {
        fputs(v > 0 ? "inf" : "-inf", c->out);
        return;
    }
    fputs(units_fmt_num(buf, sizeof buf, v), c->out);
}

void
csv_int(struct csv *c, long long v)
{
    sep(c);
    fprintf(c->out, "%lld", v);
}

void
csv_empty(struct csv *c)
{
    sep(c);
}

void
csv_row(struct csv *c)
{
    fputc('\n', c->out);
    c->col = 0;
}
