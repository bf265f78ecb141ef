/*
 * nview_ui: the link model's views (Network, Links, Map, Classes,
 * Rounds) as entries of the view table (view/view.h), on the session's
 * last finished link-model run (model_net_run()) while a newer one may
 * compute: their states, and what they share -- the family (the keys
 * while no run is in, a find that goes to the Network view, the hints)
 * and the header every one of them draws first. One file per view
 * (nview_network.c, nview_links.c, nview_map.c, nview_classes.c,
 * nview_rounds.c) on this header and nview_ui.c; they draw with the
 * pure drawing files of the family (nview.h).
 */
#ifndef RHO_VIEW_NET_NVIEW_UI_H
#define RHO_VIEW_NET_NVIEW_UI_H

#include "core/model_net.h"
#include "core/session.h"
#include "view/canvas.h"
#include "view/net/nview.h"
#include "view/view.h"

/* The Network view: the hierarchy of the run, folded. */
struct nview_network {
    int row;        /* the selected row */
    int first;      /* the first row shown */
    int find;       /* the router '/' found last */
    long long *ids; /* the unfolded nodes' row ids, sorted;
                       owned */
    int nids;
    struct nview_hier *hier; /* the rows of the run; owned */
    unsigned long hier_of;   /* the run (net_run.id) hier is of */
};

/* The Links view: the hottest links. */
struct nview_links {
    int row; /* the selected row, hottest first */
};

/* The Map view: a torus minimap, or a dragonfly's group matrix and one
   group. */
struct nview_map {
    int dx, dy; /* torus: the dimensions across and down */
    int dir;    /* torus: 0 both directions, 1 + links, 2 - links */
    int plane;  /* torus: 0 the projection, 1 the selected cell's plane */
    int x, y;   /* the selected cell (groups of a dragonfly's matrix) */
    int group;  /* dragonfly: -1 the matrix, else the group shown */
};

/* The Classes view: statistics per link class. */
struct nview_classes {
    int row; /* the selected class (0: all links) */
};

/* The Rounds view: the adaptive solve's allocation rounds. */
struct nview_rounds {
    int round; /* the round shown */
};

extern const struct view_family nview_family;

/* The session's last finished link-model run, if it has a result; else
   NULL. Borrowed as model_net_run(). */
const struct net_run *nview_run(const struct session *ss);

/* The rows the header of every link view takes (nview_frame()). */
int nview_header_rows(const struct session *ss);

/*
 * The header of a link view (what ran, what computes) in v, and below it
 * *body, the rest of v. Returns the run to draw, or NULL when there is
 * none yet (it says so) or no room: then draw nothing more.
 */
const struct net_run *nview_frame(const struct cview *v,
                                  const struct view_draw_ctx *dc,
                                  struct cview *body);

/* cur moved by a motion action (keys_motion()) within [0, n), or -1 for
   another action. */
int nview_moved(int cur, int n, int act);

/* v within [lo, hi]. */
int nview_clamp(int v, int lo, int hi);

#endif
