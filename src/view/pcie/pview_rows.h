/*
 * pview_rows: the PCIe tree as rows for a view -- depth, the guide lines
 * to its left ("├─", "│ ", "└─" or ASCII "|-", "| ", "`-"), the node, and
 * the load of its link to its parent in both directions -- with collapsed
 * subtrees left out. Pure: the Tree view draws the rows, tests read them.
 */
#ifndef RHO_VIEW_PCIE_PVIEW_ROWS_H
#define RHO_VIEW_PCIE_PVIEW_ROWS_H

#include "core/pcie/pcie.h"
#include "core/pcie/pcie_model.h"

#define PVIEW_PREFIX_MAX 96

struct pview_row {
    int node;
    int depth;
    char prefix[PVIEW_PREFIX_MAX]; /* guide lines, UTF-8 or ASCII */
    int has_children;
    int collapsed;
    double up, down; /* load of up(node) and down(node): the share of the
                        link's capacity its flows take */
    int nup, ndown;  /* flows on them */
};

/*
 * Loads of every channel for the evaluation held by m: load[c] is the
 * share of channel c's capacity that its active flows take (the sum of
 * their final factors times demand / capacity: the sum of the factors on
 * the paper's trees; 0 on a channel of unlimited capacity), count[c] their
 * number (both arrays of pcie_nchan() entries, caller's; count may be
 * NULL).
 */
void pview_loads(const struct pcie_model *m, double *load, int *count);

/*
 * The same loads in bytes per second: bps[c] is the sum of the rates of
 * the active flows on channel c (pcie_nchan() entries, caller's).
 */
void pview_rates(const struct pcie_model *m, double *bps);

/*
 * Flatten p into rows (at most max written; returns how many rows there
 * are). collapsed (may be NULL) marks nodes whose children are hidden;
 * load and count (may be NULL) come from pview_loads(). ascii picks ASCII
 * guides.
 */
int pview_rows(const struct pcie *p, const char *collapsed, const double *load,
               const int *count, int ascii, struct pview_row *rows, int max);

#endif
