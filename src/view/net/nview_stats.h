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
 * counts the links into bins on the stack, in two passes over them, so
 * with st given nothing is allocated; work is no longer used (it may be
 * NULL) and stays only so that callers need not change. Returns the
 * class rows drawn, or -1 (too small).
 */
int nview_stats(struct canvas *c, int x, int y, int w, int h,
                const struct net *net, const double *bytes,
                const struct net_stats *st, int sel, double *work);

#endif
