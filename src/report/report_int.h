/*
 * report_int: what the report family's files share (report.c, the
 * models' printers report_pcie.c and report_net.c) -- text tables sized
 * to their cells, formatted strings, CSV fields, the output check. Not
 * for use outside src/report.
 */
#ifndef RHO_REPORT_REPORT_INT_H
#define RHO_REPORT_REPORT_INT_H

#include <stdio.h>

#include "core/base/rho_err.h"
#include "report/report.h"

#define TAB_MAXCOL 16

/* A text table: cells first, printed with the widths they need. */
struct tab {
    int ncol, nrow, cap;
    char **cell; /* nrow x ncol, owned */
    char left[TAB_MAXCOL];
};

/* Set up t (caller's storage) with ncol (<= TAB_MAXCOL) columns, their
   headers (copied) and alignments (left[c] 'l': left, else right). */
void report_tab_init(struct tab *t, int ncol, const char *const *head,
                     const char *left);

/* A new row of ncol cells, all NULL: the caller fills them with strings
   the table takes (NULL prints nothing). Valid until the next call. */
char **report_tab_row(struct tab *t);

/* Print t to out (no trailing blanks) and free it. */
void report_tab_print(struct tab *t, FILE *out);

/* A formatted string (at most 255 bytes); caller owns it. */
char *report_strf(const char *f, ...) __attribute__((format(printf, 1, 2)));

/* Flush out: 0, or -1 with err (RHO_EIO) when writing failed. */
int report_check_io(FILE *out, struct rho_err *err);

/*
 * A model's batch printer (report_model() finds it by the model's name):
 * res is a result of the model's run. Returns 0, or -1 with err as
 * report_model() says.
 */
typedef int report_print_fn(FILE *out, void *res, const struct report_opts *o,
                            struct rho_err *err);

report_print_fn report_pcie_batch; /* report_pcie.c: a struct pcie_run */
report_print_fn report_net_batch;  /* report_net.c: a struct net_run */
report_print_fn report_queue_batch; /* report_queue.c: a queue_run */

#endif
