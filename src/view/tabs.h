/*
 * tabs: the tab bar -- the session's views (view_list()) in tab order,
 * " 1 Tree   2 Flows  ...", or compact ("1Tree 2Flows ...", numbers up
 * to 9) when the full labels do not fit -- drawn, and hit by a click.
 */
#ifndef RHO_VIEW_TABS_H
#define RHO_VIEW_TABS_H

#include "core/session.h"
#include "view/canvas.h"

/* Are the tabs of ss compact at width w? */
int tabs_compact(const struct session *ss, int w);

/* The view (an index into view_table) whose tab covers column x of a
   tab bar w wide, or -1. */
int tabs_at(const struct session *ss, int w, int x);

/* The tab bar in the first row of v, view `current` (an index into
   view_table) active. */
void tabs_draw(const struct cview *v, const struct session *ss, int current);

#endif
