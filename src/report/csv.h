/*
 * csv: the one writer of the CSV tables rho prints (--format csv in every
 * mode). Fields are written as RFC 4180 says: a text field is quoted when
 * it holds a comma, a double quote, a carriage return or a line feed, and
 * its quotes are doubled; numbers are written in the shortest form that
 * strtod() reads back as the same double ("0.3", never
 * "0.29999999999999999"); a missing value is an empty field. Rows end
 * with "\n" (RFC 4180's CRLF is accepted by readers either way; every
 * reader we know takes LF). Column names carry their units: "bytes",
 * "_s", "_Bps".
 *
 *     struct csv c;
 *     csv_begin(&c, out);
 *     csv_str(&c, "link"); csv_str(&c, "bytes"); csv_row(&c);
 *     csv_str(&c, "r0 -> r1"); csv_num(&c, 4096); csv_row(&c);
 */
#ifndef RHO_REPORT_CSV_H
#define RHO_REPORT_CSV_H

#include <stdio.h>

struct csv {
    FILE *out;
    int col; /* fields written in this row */
};

/* Start writing rows to out. */
void csv_begin(struct csv *c, FILE *out);

/* A text field (NULL: an empty field). */
void csv_str(struct csv *c, const char *s);

/* Several text fields, a NULL-terminated list (a header). Ends the row. */
void csv_header(struct csv *c, const char *const *names);

/* A number in its shortest round-trip form; NaN is an empty field,
   infinities "inf" and "-inf" (as strtod() reads them). */
void csv_num(struct csv *c, double v);

/* An integer. */
void csv_int(struct csv *c, long long v);

/* An empty field (a value that does not exist, as of a starved flow). */
void csv_empty(struct csv *c);

/* End the row. */
void csv_row(struct csv *c);

/* Write s to out as one field, quoted and escaped when it must be. */
void csv_field(FILE *out, const char *s);

#endif
