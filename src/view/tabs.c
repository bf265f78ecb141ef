/*
 * tabs: the tab bar. See tabs.h.
 */
#include "view/tabs.h"

#include <stdio.h>
#include <string.h>

#include "view/roles.h"
#include "view/view.h"

int
tabs_compact(const int *views, int nv, int w)
{
    int need = 0;

    for (int k = 0; k < nv; k++)
        need += (k + 1 >= 10 ? 4 : 3) +
                (int)strlen(view_table[views[k]]->title) + 2;
    return need > w;
}

int
tabs_at(const int *views, int nv, int w, int x)
{
    int col = 0, compact = tabs_compact(views, nv, w);

    for (int k = 0; k < nv; k++) {
        int len = (int)strlen(view_table[views[k]]->title);
        len += compact ? (k < 9 ? 2 : 1) : (k + 1 >= 10 ? 2 : 1) + 4;
        if (x >= col && x < col + len)
            return views[k];
        col += len;
    }
    return -1;
}

void
tabs_draw(const struct cview *v, const int *views, int nv, int current)
{
    int col = 0, compact = tabs_compact(views, nv, v->w);

    cview_fill(v, 0, 0, v->w, 1, ' ', ROLE_TAB);
    for (int k = 0; k < nv && col < v->w; k++) {
        char t[32];
        const char *title = view_table[views[k]]->title;
        int role = views[k] == current ? ROLE_TAB_ACTIVE : ROLE_TAB;
        if (compact)
            snprintf(t, sizeof t, "%s ", title);
        else
            snprintf(t, sizeof t, " %d %s ", k + 1, title);
        if (compact && k < 9)
            col += cview_printf(v, col, 0, v->w - col, role, "%d", k + 1);
        col += cview_text(v, col, 0, v->w - col, role, t);
        if (!compact)
            col += cview_text(v, col, 0, v->w - col, ROLE_TAB, " ");
    }
}
