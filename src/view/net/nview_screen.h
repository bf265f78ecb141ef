/*
 * nview_screen: the bodies of the link model's views (Network, Links, Map,
 * Classes, Rounds) for screen.c, drawn from the session's link-model run
 * (model_net_run()) with a header line saying what ran and what is
 * computing.
 */
#ifndef RHO_VIEW_NET_NVIEW_SCREEN_H
#define RHO_VIEW_NET_NVIEW_SCREEN_H

#include "view/canvas.h"
#include "view/screen.h"

/* Draw link view `view` in the rectangle (ax, ay, aw, ah). */
void nview_body(struct canvas *c, const struct screen_ctx *x, int view, int ax,
                int ay, int aw, int ah);

#endif
