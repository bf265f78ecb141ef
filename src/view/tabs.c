/*
 * tabs: the tab bar. See tabs.h.
 *
 * One layout serves drawing and clicks. Each tab shows the key that
 * opens it: 1 to 9, then 0 for the 10th; tabs after the 10th have no
 * key of their own (Tab reaches them) and show none. The bar tries, in
 * order: every tab in full (" 1 Tree  2 Flows "); compact ("1Tree 2Flows "); compact
 * with the other tabs' titles cut to as many letters as fit (never fewer
 * than two; the current tab keeps its whole title); and last, a window
 * of tabs around the current one, with '<' and '>' at the ends where
 * tabs are left out -- so that the current tab is always on screen and
 * nothing is cut mid-word at the right edge.
 */
#include "view/tabs.h"

#include <stdio.h>
#include <string.h>

#include "view/roles.h"
#include "view/view.h"

enum { FULL, COMPACT };

struct layout {
    int mode;
    int cut;          /* other tabs' titles cut to this many letters */
    int first, last;  /* the tabs shown, first..last */
    int x[VIEW_MAX];  /* where tab k starts */
    int w[VIEW_MAX];  /* its width with the gap after it; 0: not shown */
};

/* The key that opens tab k (0-based): '1'..'9', '0'; 0 for none. */
static int
key_of(int k)
{
    return k < 9 ? '1' + k : k == 9 ? '0' : 0;
}

/* Tab k's width in a mode, its title cut to cut letters unless current. */
static int
width_of(const int *views, int k, int current, int mode, int cut)
{
    int len = (int)strlen(view_table[views[k]]->title);

    if (mode == FULL)
        return 1 + (key_of(k) ? 2 : 0) + len + 1 + 1; /* " 1 Tree " + gap */
    if (views[k] != current && len > cut)
        len = cut;
    return (key_of(k) ? 1 : 0) + len + 1; /* "1Tree " */
}

static int
total(const int *views, int a, int b, int current, int mode, int cut)
{
    int t = 0;

    for (int k = a; k <= b; k++)
        t += width_of(views, k, current, mode, cut);
    return t;
}

static void
place(struct layout *l, const int *views, int nv, int current, int x0)
{
    int x = x0;

    memset(l->w, 0, sizeof l->w);
    for (int k = 0; k < nv; k++)
        if (k >= l->first && k <= l->last) {
            l->x[k] = x;
            l->w[k] = width_of(views, k, current, l->mode, l->cut);
            x += l->w[k];
        }
}

static void
lay_out(struct layout *l, const int *views, int nv, int w, int current)
{
    int maxlen = 0, cur = 0;

    if (nv > VIEW_MAX)
        nv = VIEW_MAX;
    for (int k = 0; k < nv; k++) {
        int len = (int)strlen(view_table[views[k]]->title);
        maxlen = len > maxlen ? len : maxlen;
        if (views[k] == current)
            cur = k;
    }
    l->first = 0;
    l->last = nv - 1;
    l->mode = FULL;
    l->cut = maxlen;
    if (total(views, 0, nv - 1, current, FULL, maxlen) <= w) {
        place(l, views, nv, current, 0);
        return;
    }
    l->mode = COMPACT;
    for (l->cut = maxlen; l->cut > 2; l->cut--)
        if (total(views, 0, nv - 1, current, COMPACT, l->cut) <= w)
            break;
    if (total(views, 0, nv - 1, current, COMPACT, l->cut) <= w) {
        place(l, views, nv, current, 0);
        return;
    }
    /* a window around the current tab: grow it right, then left, while
       it fits with a column for each '<' or '>' it needs */
    l->first = l->last = cur;
    for (int grown = 1; grown;) {
        grown = 0;
        for (int side = 0; side < 2; side++) {
            int a = l->first - side, b = l->last + !side;
            if (a < 0 || b >= nv)
                continue;
            if (total(views, a, b, current, COMPACT, l->cut) + (a > 0) +
                    (b < nv - 1) <=
                w) {
                l->first = a;
                l->last = b;
                grown = 1;
            }
        }
    }
    place(l, views, nv, current, l->first > 0);
}

int
tabs_compact(const int *views, int nv, int w)
{
    struct layout l;

    lay_out(&l, views, nv, w, views[0]);
    return l.mode == COMPACT;
}

int
tabs_at(const int *views, int nv, int w, int current, int x)
{
    struct layout l;

    lay_out(&l, views, nv, w, current);
    for (int k = l.first; k <= l.last; k++)
        if (x >= l.x[k] && x < l.x[k] + l.w[k])
            return views[k];
    return -1;
}

void
tabs_draw(const struct cview *v, const int *views, int nv, int current)
{
    struct layout l;

    lay_out(&l, views, nv, v->w, current);
    cview_fill(v, 0, 0, v->w, 1, ' ', ROLE_TAB);
    if (l.first > 0)
        cview_text(v, 0, 0, 1, ROLE_TAB, "<");
    if (l.last < nv - 1 && l.last < VIEW_MAX - 1)
        cview_text(v, v->w - 1, 0, 1, ROLE_TAB, ">");
    for (int k = l.first; k <= l.last; k++) {
        const char *title = view_table[views[k]]->title;
        int role = views[k] == current ? ROLE_TAB_ACTIVE : ROLE_TAB;
        int col = l.x[k], len = (int)strlen(title);
        if (l.mode == FULL) {
            if (key_of(k))
                cview_printf(v, col, 0, v->w - col, role, " %c %s ",
                             key_of(k), title);
            else
                cview_printf(v, col, 0, v->w - col, role, " %s ", title);
            continue;
        }
        if (views[k] != current && len > l.cut)
            len = l.cut;
        if (key_of(k))
            col += cview_printf(v, col, 0, v->w - col, role, "%c", key_of(k));
        cview_printf(v, col, 0, v->w - col, role, "%.*s ", len, title);
    }
}
