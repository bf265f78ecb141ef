/*
 * nview_stats: what the Classes view draws -- statistics of the bytes
 * per link class (core/net/net_stats.h) as box plots on one scale, and a
 * histogram of one class's used links. Drawing and roles are as nview.h
 * says.
 */
#ifndef RHO_VIEW_NET_NVIEW_STATS_H
#define RHO_VIEW_NET_NVIEW_STATS_H

#include "core/net/net.h"
#include "core/net/net_stats.h"
#include "view/canvas.h"
#include "view/plot.h"

/* The histogram of one class's used links, counted: what the Classes
   view keeps once per run, phase, class and width, so that a draw makes
   no pass over the links (2.7 million on the thesis system). */
struct nview_hist {
    int cls;     /* the class counted (a net class id; -1: all links) */
    int w;       /* the width binned for */
    int n;       /* its used links (finite bytes > 0) */
    double hi;   /* their largest bytes */
    double unit; /* the IEC unit that suits hi, in bytes */
    int bins;    /* plot_histogram_bins() for n and w */
    int count[PLOT_MAX_BINS];
};

/* Count h for the links of class cls (-1: all) whose bytes are bytes, in
   a plot w columns wide. O(links), two passes; allocates nothing. */
void nview_hist_count(struct nview_hist *h, const struct net *net,
                      const double *bytes, int cls, int w);

/*
 * One row per link class of st that has links ("all" first): the class
 * name, links used / links, a box plot (plot_boxplot) on a scale shared
 * by every row (0 .. the largest max, in the IEC unit that suits it,
 * named in the header), and the max; then the scale, and a histogram
 * (plot_histogram, bins by Rice's rule) of the bytes of the used links of
 * class st->cls[sel] (sel an index into st->cls, 0 = all; -1: none) in
 * the rows left, if there are at least 6 (a blank, then the plot). The
 * selected class's name is selected. Class rows that do not fit are left
 * out with a note; narrow rectangles drop the max, then used/links. st
 * NULL: computed here (allocates; pass one to avoid it). The histogram
 * comes from hist when it is of that class and w (nview_hist_count()),
 * else it is counted here (O(links), on the stack; hist may be NULL).
 * Returns the class rows drawn, or -1 (too small).
 */
int nview_stats(struct canvas *c, int x, int y, int w, int h,
                const struct net *net, const double *bytes,
                const struct net_stats *st, int sel,
                const struct nview_hist *hist);

#endif
