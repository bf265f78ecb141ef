/*
 * tabs: the tab bar -- n views (indices into view_table, the session's
 * in tab order: view_list(), ui.tabs) as " 1 Tree   2 Flows  ...", or
 * compact ("1Tree 2Flows ...", numbers up to 9) when the full labels do
 * not fit, then with the other tabs' titles cut ("1Tr 2Fl 3Why ..."),
 * and at last as a window around the current tab with '<' and '>' where
 * tabs are left out -- drawn, and hit by a click. The current tab is
 * always whole and on screen.
 */
#ifndef RHO_VIEW_TABS_H
#define RHO_VIEW_TABS_H

#include "view/canvas.h"

/* Are the tabs of views[0 .. n) compact at width w? */
int tabs_compact(const int *views, int n, int w);

/* The view (an index into view_table) whose tab covers column x of a
   tab bar w wide with view current active, or -1. */
int tabs_at(const int *views, int n, int w, int current, int x);

/* The tab bar in the first row of v, view `current` (an index into
   view_table) active. */
void tabs_draw(const struct cview *v, const int *views, int n, int current);

#endif
