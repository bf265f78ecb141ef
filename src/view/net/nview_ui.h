/*
 * nview_ui: the link model's views (Network, Links, Map, Classes,
 * Rounds, Metrics, Jobs) as entries of the view table (view/view.h), on
 * the session's last finished link-model run (model_net_run()) while a
 * newer one may compute: their states, and what they share -- the family
 * (the keys while no run is in, a find that goes to the Network view,
 * the hints) and the header every one of them draws first. One file per
 * view (nview_network.c, nview_links.c, nview_map.c, nview_classes.c,
 * nview_rounds.c, nview_metrics.c, nview_jobs.c) on this header and
 * nview_ui.c; they draw with the pure drawing files of the family
 * (nview.h).
 */
#ifndef RHO_VIEW_NET_NVIEW_UI_H
#define RHO_VIEW_NET_NVIEW_UI_H

#include "core/model_net.h"
#include "core/net/net_features.h"
#include "core/session.h"
#include "view/scroll.h"
#include "view/canvas.h"
#include "view/net/nview.h"
#include "view/net/nview_stats.h"
#include "view/view.h"

/* The Network view: the hierarchy of the run, folded. */
struct nview_network {
    int row;        /* the selected row */
    int first;      /* the first row shown */
    int find;       /* what '/' found last: the nodes above the routers
                       in row order, then routers, then links, numbered
                       on; -1 none */
    long long *ids; /* the unfolded nodes' row ids, sorted;
                       owned */
    int nids;
    struct nview_hier *hier; /* the rows of the run; owned */
    unsigned long hier_of;   /* the run (net_run.id) hier is of */
    int hier_phase;          /* and its phase (nview_show()) */
    /* compare mode: the same rows on the bytes of the run before (the
       same network: nview_diff()), for each row's change; owned */
    struct nview_hier *was;
    unsigned long was_of, was_for; /* the run before, and hier's run */
    int was_phase;                 /* the phase both are of */
};

/* The Links view: the links that carry traffic, hottest first. */
struct nview_links {
    int row;   /* the selected row, hottest first */
    int *list; /* n: every link with traffic of the run and phase
                  below, hottest first; on a network of more than
                  NVIEW_LINKS_ALL links the NVIEW_TOP_MAX hottest
                  (net_run.hot); owned */
    int n;
    long long used;   /* the links with traffic (n, or more if cut) */
    unsigned long of; /* the run list is of (net_run.id), 0: none */
    int of_phase;     /* and the phase */
};

/* The Links view lists every link with traffic on a network of at most
   this many links (sorted on the loop thread: O(links log links) once
   per result and phase), else the run's NVIEW_TOP_MAX hottest. */
#define NVIEW_LINKS_ALL (1 << 16)

/* The Map view: a torus minimap, or a dragonfly's group matrix and one
   group. */
struct nview_map {
    int dx, dy; /* torus: the dimensions across and down */
    int dir;    /* torus: 0 both directions, 1 + links, 2 - links */
    int plane;  /* torus: 0 the projection, 1 the selected cell's plane */
    int x, y;   /* the selected cell (groups of a dragonfly's matrix) */
    int group;  /* dragonfly: -1 the matrix, else the group shown */
    int first;  /* another network: the first of its hottest links shown
                   (y the selected one) */
};

/* The Classes view: statistics per link class. */
struct nview_classes {
    int row;               /* the selected class (0: all links) */
    struct nview_hist hist; /* its histogram, counted in sync */
    unsigned long hist_of; /* the run hist is of (net_run.id), 0: none */
    int hist_phase;        /* and the phase */
};

/* The Rounds view: the adaptive solve's allocation rounds. */
struct nview_rounds {
    int round;        /* the round shown */
    struct scroll sc; /* the window on the round's text */
};

/* The Metrics view: Jain's Ch. 4 indicators of what the views show. */
struct nview_metrics {
    int first;                    /* the first line shown */
    const struct net_features *f; /* of the run and phase below, made on
                                     a thread of the run's
                                     (net_run_features()); borrowed from
                                     the run; NULL until made */
    unsigned long of;             /* the run f is of (net_run.id), 0: none */
    int of_phase;                 /* the phase f is of */
    int state;                    /* enum net_feat_state of f */
    double frac;                  /* NET_FEAT_COMPUTING: the part done */
    char err[256];                /* NET_FEAT_FAILED: why */
};

/* The Jobs view: the jobs of a multi-job workload, a row each. */
struct nview_jobs {
    int job;      /* the selected job (its index in the scenario) */
    int row;      /* its row in the order shown */
    int first;    /* the first row shown */
    int sort_col; /* the column sorted on (0: the jobs' order) */
    int sort_rev; /* descending */
    int *order;   /* n: the jobs in the order shown; owned */
    int n;
    struct net_jobs_stats *js; /* of the run and phase below; owned */
    unsigned long of;          /* the run js is of (net_run.id), 0: none */
    int of_phase;              /* the phase js is of */
    char err[256];             /* why js is NULL, if it is */
};

/* What the views share: the phase they show (traffic in phases, Jain
   Sec. 3.2.2: net_phases.h) and that phase's statistics. */
struct nview_fam {
    int phase;            /* 0: every phase, summed (or the only one);
                             k: phase k alone */
    unsigned long of;     /* the run st is of (net_run.id), 0: none */
    int of_phase;         /* the phase st is of */
    struct net_stats *st; /* phase of_phase's statistics; owned */
    double peak;          /* its busiest link's bytes / bandwidth (s) */
    /* compare mode (c): the last result against the one before it */
    int compare;              /* on */
    struct net_diff *diff;    /* of the runs below; owned */
    unsigned long diff_of;    /* the run diff is of (net_run.id), 0: none */
    unsigned long diff_prev;  /* and the run it is compared with */
    int diff_phase;           /* and the phase (0: the sum) of both */
    char diff_err[160];       /* why diff is NULL, if it is */
};

/* What the link views show of a run: the sum of its phases, or one. */
struct nview_show {
    const struct net_result *res; /* the run's, or its phase's own */
    const double *bytes;          /* res->bytes */
    const struct net_stats *st;   /* their statistics, 10 hottest a class */
    double peak;                  /* what the views colour as load 1 */
    int phase;                    /* 0: the sum (or the only phase) */
    int nphases;                  /* the run's (0: traffic of one phase) */
};

/* What the views show of lr: the phase the family state fam (NULL: none)
   picked once its statistics are in (the family's sync), else the sum. */
struct nview_show nview_show(const void *fam, const struct net_run *lr);

/* The hottest links (at most NVIEW_TOP_MAX, hottest first) of what sh
   shows of lr into *list: the run's own list (net_run.hot, made on its
   thread) when it kept one, else counted into buf (NVIEW_TOP_MAX ints of
   the caller's; O(links)). Returns how many. */
int nview_hot(const struct net_run *lr, const struct nview_show *sh, int *buf,
              const int **list);

/* What runs in phase k (1-based) of lr, into buf: the pattern of a lone
   job, else the names of the jobs that have a phase k. Returns buf. */
const char *nview_phase_traffic(const struct net_run *lr, int k, char *buf,
                                size_t n);

extern const struct view_family nview_family;

/* ---- compare mode (nview_compare.c) ---- */

/* Bring the family's comparison in line with the session's last two
   runs (only while compare mode is on; O(links) once per pair). */
void nview_compare_sync(struct nview_fam *f, struct view_ctx *vc);

/* c: compare mode on or off, said in the status line. */
int nview_compare_toggle(struct nview_fam *f, struct view_ctx *vc);

/* The comparison the views show, or NULL: compare mode is off, there is
   no earlier result, the network changed, or the run before has no
   phase like the one picked. Borrowed from fam. It compares the bytes of
   the phase picked ('[' ']'; 0: the sum), *phase (may be NULL) set to it:
   nview_phase_res() of both runs gives them. */
const struct net_diff *nview_diff(const void *fam, const struct session *ss,
                                  int *phase);

/* What run r found in phase k alone (1..r->res->nphases), or its result
   (k 0: the sum, or the only phase); NULL for a phase r does not have.
   Borrowed from r. */
const struct net_result *nview_phase_res(const struct net_run *r, int k);

/* The lines of compare mode under a link view's header, drawn into v
   from row y if v is not NULL; returns how many (0: compare mode off). */
int nview_compare_lines(const struct cview *v, int y, const struct session *ss,
                        const void *fam);

/* The change from a to b in per cent into buf ("-24%", "+0%", "new"; "-"
   if either is NaN); *role (NULL: not wanted) the role compare mode
   draws a change in: heat.8 up, heat.2 down, dim unchanged (within 1e-9
   of the larger, as net_stats_diff()). Returns buf. */
const char *nview_change(char *buf, size_t n, double a, double b, int *role);

/* What changed from the run before lr to lr ("routing SD -> AD",
   "placement RDN -> RDR", "the last edit") into buf. Returns buf. */
const char *nview_compare_what(const struct net_run *prev,
                               const struct net_run *lr, char *buf, size_t n);

/* The session's last finished link-model run, if it has a result; else
   NULL. Borrowed as model_net_run(). */
const struct net_run *nview_run(const struct session *ss);

/* The rows the header of every link view takes (nview_frame()). */
int nview_header_rows(const struct session *ss, const void *fam);

/*
 * The header of a link view (what ran, what computes) in v, and below it
 * *body, the rest of v. Returns the run to draw, or NULL when there is
 * none yet (it says so) or no room: then draw nothing more.
 */
const struct net_run *nview_frame(const struct cview *v,
                                  const struct view_draw_ctx *dc,
                                  struct cview *body);

/* Link `link` of lr explained (net_run_explain_phase(), phase as
   nview_show's) in the status line as one line, or the error that
   stopped it. Returns UI_REDRAW. */
int nview_explain_status(struct view_ctx *vc, const struct net_run *lr,
                         int phase, int link);

/* Which rows of a list of n (the hottest of used links with traffic,
   if used > n) show, k from first (0-based), right-aligned in row `row`
   of v after what that row already shows: " rows 1-32 of 360", " rows
   1-32 of the 256 hottest of 2048", or as short a form as fits
   ("1-32 of 256/2048", "1-32"); nothing if none does. */
void nview_rows_note(const struct cview *v, int row, int first, int k, int n,
                     long long used);

/* cur moved by a motion action (keys_motion()) within [0, n), or -1 for
   another action. */
int nview_moved(int cur, int n, int act);

/* v within [lo, hi]. */
int nview_clamp(int v, int lo, int hi);

#endif
