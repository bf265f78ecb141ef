/*
 * yamlout: a thin layer over libyaml's emitter for report output: block
 * mappings and sequences, plain or quoted scalars. libyaml returns 1 on
 * success and 0 on failure; here every call returns 0 or -1, and the first
 * failure sticks (later calls do nothing) so that a caller may check once
 * at the end with yo_end().
 */
#ifndef RHO_REPORT_YAMLOUT_H
#define RHO_REPORT_YAMLOUT_H

#include <stdio.h>

#include "core/base/rho_err.h"

struct yo;

/* Start a YAML stream and document on out. Caller owns: yo_end(). */
struct yo *yo_begin(FILE *out);

/* Open and close block collections. */
void yo_map(struct yo *y);
void yo_seq(struct yo *y);
void yo_close_map(struct yo *y);
void yo_close_seq(struct yo *y);

/* Scalars: a string (quoted when it is not plain), a number (NaN, a
   value that does not exist, is written null), a key. */
void yo_str(struct yo *y, const char *s);
void yo_num(struct yo *y, double v);
void yo_int(struct yo *y, long long v);
void yo_bool(struct yo *y, int v);
void yo_null(struct yo *y);

/* key: value shortcuts inside a mapping. */
void yo_kstr(struct yo *y, const char *k, const char *v);
void yo_knum(struct yo *y, const char *k, double v);
void yo_kint(struct yo *y, const char *k, long long v);

/*
 * End the document and stream, flush and free y. Returns 0, or -1 with err
 * filled with libyaml's problem when anything failed on the way.
 */
int yo_end(struct yo *y, struct rho_err *err);

#endif
