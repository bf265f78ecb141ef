/*
 * tabs: the tab bar -- n views (indices into view_table, the session's
 * in tab order: view_list(), ui.tabs) as " 1 Tree   2 Flows  ...", or
 * compact ("1Tree 2Flows ...", numbers up to 9) when the full labels do
 * not fit -- drawn, and hit by a click.
 */
#ifndef RHO_VIEW_TABS_H
#define RHO_VIEW_TABS_H

#include "view/canvas.h"

/* Are the tabs of views[0 .. n) compact at width w? */
int tabs_compact(const int *views, int n, int w);

/* The view (an index into view_table) whose tab covers column x of a
   tab bar w wide, or -1. */
int tabs_at(const int *views, int n, int w, int x);

/* The tab bar in the first row of v, view `current` (an index into
   view_table) active. */
void tabs_draw(const struct cview *v, const int *views, int n, int current);

#endif
