/*
 * tabs: the tab bar. See tabs.h.
 */
#include "view/tabs.h"

#include <stdio.h>
#include <string.h>

#include "view/roles.h"
#include "view/view.h"

int
tabs_compact(const struct session *ss, int w)
{
    int views[VIEW_MAX], nv = view_list(ss, views), need = 0;

    for (int k = 0; k < nv; k++)
        need += (k + 1 >= 10 ? 4 : 3) +
                (int)strlen(view_table[views[k]]->title) + 2;
    return need > w;
}

int
tabs_at(const struct session *ss, int w, int x)
{
    int views[VIEW_MAX], nv = view_list(ss, views), col = 0;
    int compact = tabs_compact(ss, w);

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
tabs_draw(const struct cview *v, const struct session *ss, int current)
{
    int col = 0, views[VIEW_MAX], nv = view_list(ss, views);
    int compact = tabs_compact(ss, v->w);

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
