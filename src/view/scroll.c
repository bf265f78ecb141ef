/*
 * scroll: a view's window on larger text. See scroll.h.
 */
#include "view/scroll.h"

#include <stdio.h>

#include "view/keys.h"
#include "view/roles.h"

void
scroll_extent(const struct canvas *content, int *w, int *h)
{
    *w = *h = 0;
    for (int y = 0; y < content->h; y++)
        for (int x = content->w - 1; x >= 0; x--) {
            const struct cell *c = &content->cell[y * content->w + x];
            if (c->ch != ' ' || c->role != ROLE_DEFAULT) {
                if (x + 1 > *w)
                    *w = x + 1;
                *h = y + 1;
                break;
            }
        }
}

int
scroll_rows(int cw, int ch, int w, int h)
{
    return (cw > w || ch > h) && h > 1 ? h - 1 : h;
}

void
scroll_clamp(struct scroll *s, int cw, int ch, int w, int h)
{
    int rows = scroll_rows(cw, ch, w, h);

    if (s->y > ch - rows)
        s->y = ch - rows;
    if (s->y < 0)
        s->y = 0;
    if (s->x > cw - w)
        s->x = cw - w;
    if (s->x < 0)
        s->x = 0;
}

int
scroll_key(struct scroll *s, int act, int horiz, int cw, int ch, int w, int h)
{
    int rows = scroll_rows(cw, ch, w, h), page = rows > 2 ? rows - 1 : 1;

    switch (act) {
    case ACT_UP:
        s->y--;
        break;
    case ACT_DOWN:
        s->y++;
        break;
    case ACT_PAGE_UP:
        s->y -= page;
        break;
    case ACT_PAGE_DOWN:
        s->y += page;
        break;
    case ACT_TOP:
        s->y = 0;
        s->x = 0;
        break;
    case ACT_BOTTOM:
        s->y = ch;
        break;
    case ACT_LEFT:
        if (!horiz)
            return 0;
        s->x -= SCROLL_STEP;
        break;
    case ACT_RIGHT:
        if (!horiz)
            return 0;
        s->x += SCROLL_STEP;
        break;
    default:
        return 0;
    }
    scroll_clamp(s, cw, ch, w, h);
    return 1;
}

/* Does row y of content hold anything but blanks in columns [x0, x1)? */
static int
holds(const struct canvas *content, int y, int x0, int x1)
{
    for (int x = x0 < 0 ? 0 : x0; x < x1 && x < content->w; x++) {
        const struct cell *c = &content->cell[y * content->w + x];
        if (c->ch != ' ' || c->role != ROLE_DEFAULT)
            return 1;
    }
    return 0;
}

void
scroll_blit(const struct cview *v, const struct canvas *content, int cw,
            int ch, const struct scroll *s)
{
    scroll_blit_keys(v, content, cw, ch, s, "j/k, PgDn", "h/l");
}

void
scroll_blit_keys(const struct cview *v, const struct canvas *content, int cw,
                 int ch, const struct scroll *s, const char *vkeys,
                 const char *hkeys)
{
    struct scroll at = *s;
    int rows = scroll_rows(cw, ch, v->w, v->h), ascii = v->c->ascii;

    scroll_clamp(&at, cw, ch, v->w, v->h);
    for (int r = 0; r < rows && at.y + r < content->h; r++) {
        int y = at.y + r;
        for (int c = 0; c < v->w && at.x + c < content->w; c++) {
            const struct cell *cl = &content->cell[y * content->w + at.x + c];
            if (cl->ch == CELL_WIDE_TAIL && c == 0)
                continue; /* the other half is left of the window */
            if (cl->ch != ' ' || cl->role != ROLE_DEFAULT)
                cview_put(v, c, r, cl->ch, cl->role);
        }
        if (at.x > 0 && holds(content, y, 0, at.x))
            cview_put(v, 0, r, ascii ? '<' : 0x2039 /* ‹ */, ROLE_SCROLLBAR);
        if (holds(content, y, at.x + v->w, cw))
            cview_put(v, v->w - 1, r, ascii ? '>' : 0x203A /* › */,
                      ROLE_SCROLLBAR);
    }
    if (rows < v->h) { /* where the window is */
        char line[128];
        int n = 0;
        if (ch > rows)
            n += snprintf(line + n, sizeof line - (size_t)n,
                          "lines %d-%d of %d (%s)", at.y + 1,
                          at.y + rows < ch ? at.y + rows : ch, ch, vkeys);
        if (cw > v->w)
            snprintf(line + n, sizeof line - (size_t)n,
                     "%scols %d-%d of %d (%s)", n ? "  " : "", at.x + 1,
                     at.x + v->w, cw, hkeys);
        cview_text_right(v, 0, v->h - 1, v->w, ROLE_DIM, line);
    }
}
