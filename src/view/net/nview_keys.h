/*
 * nview_keys: keys of the link model's views (Network, Links, Map, Classes,
 * Rounds), on the session's last finished link-model run
 * (model_net_run()). Part of ui.c's dispatch; pure, so tests drive it
 * without a terminal.
 */
#ifndef RHO_VIEW_NET_NVIEW_KEYS_H
#define RHO_VIEW_NET_NVIEW_KEYS_H

#include "view/ui.h"

/* Handle action act in the current link view: returns UI_* effects, or -1
   when the action is not the view's (the caller's global handling runs). */
int nview_key(struct ui *u, struct session *ss, int act);

/* '/' in a link view: select the next link (Links: among the hottest)
   or router (the other views: in Network, unfolded) whose name holds
   text, saying so in the status line. Returns 1 if it handled the
   search. */
int nview_find(struct ui *u, struct session *ss, const char *text);

/* The hierarchy rows of the session's link-model run (made or remade
   when the run changed); NULL while there is no run. */
const struct nview_hier *nview_ui_hier(struct ui *u, const struct session *ss);

/* The Network view's walk (which nodes are open) for u. */
void nview_ui_walk(const struct ui *u, struct nview_walk *wk);

#endif
