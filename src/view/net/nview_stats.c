/*
 * nview_stats: statistics per link class as box plots on one scale,
 * and one class's histogram. See nview_stats.h.
 */
#include "view/net/nview_stats.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/base/units.h"
#include "view/net/nview_int.h"
#include "view/plot.h"
#include "view/roles.h"

/* The IEC unit for values up to hi: its size, its name into *name. */
/* "used/links" of a class, in thousands as the rest of rho writes them. */
static void
used_text(char *buf, size_t n, const struct net_class_stats *cs)
{
    char u[32], l[32];

    snprintf(buf, n, "%s/%s", units_fmt_int(u, sizeof u, cs->used),
             units_fmt_int(l, sizeof l, cs->links));
}

static double
unit_pick(double hi, const char **name)
{
    static const char *const u[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    double d = 1;
    int i = 0;

    while (i < 5 && hi >= 1024 * d) {
        d *= 1024;
        i++;
    }
    *name = u[i];
    return d;
}

/* Does link l carry traffic (finite bytes > 0) in class cls (-1: any)? */
static int
used_in(const struct net *net, const double *bytes, int l, int cls)
{
    double v = bytes[l];

    return v > 0 && isfinite(v) && (cls < 0 || net_link_class(net, l) == cls);
}

void
nview_hist_count(struct nview_hist *h, const struct net *net,
                 const double *bytes, int cls, int w)
{
    int nl = net_links(net);
    const char *uname;

    memset(h, 0, sizeof *h);
    h->cls = cls;
    h->w = w;
    for (int l = 0; l < nl; l++)
        if (used_in(net, bytes, l, cls)) {
            h->n++;
            if (bytes[l] > h->hi)
                h->hi = bytes[l];
        }
    if (h->n == 0)
        return;
    h->unit = unit_pick(h->hi, &uname);
    /* Rice's rule, at least 5 bins */
    h->bins = plot_histogram_bins(
        h->n, 5 + (int)ceil(2 * cbrt((double)h->n)), w);
    if (w < 1 || h->bins < 1)
        return;
    for (int l = 0; l < nl; l++) {
        int b;
        if (used_in(net, bytes, l, cls) &&
            (b = plot_bin_of(bytes[l] / h->unit, h->bins, 0,
                             h->hi / h->unit)) >= 0)
            h->count[b]++;
    }
}

/*
 * From row of r down: the histogram of the bytes of the used links of
 * class cs, in the IEC unit that suits the largest, or "no traffic":
 * hist's counts when they are of that class and width, else counted
 * here (two passes over the links; nothing copied or allocated).
 */
static void
histogram(const struct cview *r, int row, const struct net *net,
          const double *bytes, const struct net_class_stats *cs,
          const struct nview_hist *hist)
{
    struct cview hr = cview_sub(r, 0, row, r->w, r->h - row);
    struct plot_axes ax;
    struct nview_hist mine;
    const struct nview_hist *h = hist;
    const char *uname;
    char xl[96];

    if (h == NULL || h->cls != cs->cls || h->w != hr.w) {
        nview_hist_count(&mine, net, bytes, cs->cls, hr.w);
        h = &mine;
    }
    if (h->n == 0) {
        cview_printf(r, 0, row, r->w, ROLE_DIM, "%s: no traffic", cs->name);
        return;
    }
    unit_pick(h->hi, &uname);
    snprintf(xl, sizeof xl, "%s: bytes per used link (%s)", cs->name, uname);
    memset(&ax, 0, sizeof ax);
    ax.xlo = 0;
    ax.xhi = h->hi / h->unit;
    ax.xlabel = xl;
    ax.ylabel = "links";
    if (hr.w < 1 || hr.h < 1 || h->bins < 1)
        return;
    plot_histogram_counts(hr.c, hr.x, hr.y, hr.w, hr.h, h->count, h->bins,
                          &ax);
}

int
nview_stats(struct canvas *c, int x, int y, int w, int h, const struct net *net,
            const double *bytes, const struct net_stats *st, int sel,
            const struct nview_hist *hist)
{
    struct cview r = {c, x, y, w, h};
    struct net_stats *own = NULL;
    double hi = 0, unit;
    const char *uname;
    int show[NET_MAX_CLASSES + 1], ns = 0, nw = 5, uw = 10, mw = 9, bw;
    int k, row, usedcol, maxcol, boxcol, left, drawn;
    char buf[96];

    if (w < 1 || h < 1)
        return -1;
    if (net == NULL || bytes == NULL)
        return nview_too_small(&r, "no data");
    if (st == NULL)
        st = own = net_stats_new(net, bytes, 0, NULL);
    if (st == NULL)
        return nview_too_small(&r, "no statistics");
    for (int i = 0; i < st->nclasses && ns < NET_MAX_CLASSES + 1; i++) {
        const struct net_class_stats *cs = &st->cls[i];
        int len;
        if (cs->links == 0)
            continue;
        show[ns++] = i;
        if (cs->max > hi)
            hi = cs->max;
        if ((len = utf8_width(cs->name)) > nw)
            nw = len;
        used_text(buf, sizeof buf, cs);
        len = (int)strlen(buf);
        if (len > uw)
            uw = len;
    }
    if (nw > 16)
        nw = 16;
    unit = unit_pick(hi, &uname);
    /* columns: name used box max; narrow: drop max, then used */
    bw = w - nw - uw - mw - 3;
    if (bw < 10) {
        mw = 0;
        bw = w - nw - uw - 2;
    }
    if (bw < 10) {
        uw = 0;
        bw = w - nw - 1;
    }
    if (bw < 5)
        bw = 0;
    if (w < 4 || h < 2) {
        net_stats_free(own);
        return nview_too_small(&r, "too small");
    }
    usedcol = nw + 1;
    boxcol = usedcol + (uw ? uw + 1 : 0);
    maxcol = boxcol + bw + 1;

    row = 0;
    cview_text(&r, 0, row, nw, ROLE_HEADER, "class");
    if (uw)
        cview_text_right(&r, usedcol, row, uw, ROLE_HEADER, "used/links");
    if (bw) {
        snprintf(buf, sizeof buf, "bytes per link (%s)", uname);
        cview_text(&r, boxcol, row, bw, ROLE_HEADER, buf);
    }
    if (mw)
        cview_text_right(&r, maxcol, row, mw, ROLE_HEADER, "max");
    row++;
    left = h - 1;
    k = ns;
    if (k > left) {
        k = left - 1; /* the last row says how many more */
        if (k < 0)
            k = 0;
    }
    for (int i = 0; i < k; i++) {
        const struct net_class_stats *cs = &st->cls[show[i]];
        struct plot_summary s;
        cview_text(&r, 0, row, nw, ROLE_DEFAULT, cs->name);
        if (show[i] == sel)
            cview_paint(&r, 0, row, nw, 1, ROLE_SELECTED);
        if (uw) {
            used_text(buf, sizeof buf, cs);
            cview_text_right(&r, usedcol, row, uw, ROLE_NUMBER, buf);
        }
        if (bw) {
            struct cview br = cview_sub(&r, boxcol, row, bw, 1);
            s.min = cs->min / unit;
            s.q1 = cs->q1 / unit;
            s.median = cs->median / unit;
            s.mean = cs->mean / unit;
            s.q3 = cs->q3 / unit;
            s.max = cs->max / unit;
            if (br.w > 0 && br.h > 0)
                plot_boxplot(c, br.x, br.y, br.w, &s, 0, hi / unit);
        }
        if (mw)
            cview_text_right(&r, maxcol, row, mw, ROLE_NUMBER,
                             nview_fmt_bytes(buf, sizeof buf, cs->max));
        row++;
    }
    drawn = k;
    if (k < ns) {
        if (row < h)
            cview_printf(&r, 0, row++, w, ROLE_DIM, "+%d more classes", ns - k);
        net_stats_free(own);
        return drawn;
    }
    /* the shared scale */
    if (bw && h - row >= 2) {
        struct cview sr = cview_sub(&r, boxcol, row, bw, 2);
        if (sr.w > 0 && sr.h == 2)
            plot_scale(c, sr.x, sr.y, sr.w, 0, hi / unit, 0);
        row += 2;
    }
    /* the histogram of the selected class's used links */
    if (sel >= 0 && sel < st->nclasses && h - row >= 6)
        histogram(&r, row + 1, net, bytes, &st->cls[sel],
                  hist); /* a blank row */
    net_stats_free(own);
    return drawn;
}
