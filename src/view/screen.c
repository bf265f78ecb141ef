/*
 * screen: the frame, drawn into a canvas. See screen.h.
 *
 * Layout (ui.h): row 0 the title bar, row 1 the tabs, then the current
 * view's rectangle (less an error pane at its bottom when a reload
 * failed), then the status (or prompt) line and the key hints. The title
 * bar's right side and the hints are those of the family of the
 * session's first view (view_family.title, .hints), else the frame's own.
 */
#include "view/screen.h"

#include <stdio.h>
#include <string.h>

#include "view/keys.h"
#include "view/roles.h"
#include "view/tabs.h"

static const struct view_hint default_hints[] = {
    {"F1", "Help"}, {"Tab", "View"}, {"u", "Undo"},
    {"s", "Save"},  {"q", "Quit"},   {NULL, NULL},
};

/* The family of the session's first view, or NULL. */
static const struct view_family *
first_family(const struct ui *u)
{
    return u->ntabs > 0 ? view_table[u->tabs[0]]->family : NULL;
}

/* The title bar: the scenario, and on the right whether it was edited
   and what the first family says (or the first model, or that a run
   computes). */
static void
draw_title(struct canvas *c, const struct screen_ctx *x)
{
    const struct session *ss = x->ss;
    const struct scenario *s = session_scenario(ss);
    const struct view_family *f = first_family(x->u);
    const struct model_entry *m;
    char what[128], right[160], left[512];
    int rw, room;

    if (f != NULL && f->title != NULL) {
        struct view_draw_ctx dc = {ss, ui_family_state(x->u, f), &x->env,
                                   NULL};
        f->title(dc.fam, &dc, what, sizeof what);
    } else {
        int busy = 0;
        snprintf(what, sizeof what, "no model");
        for (int k = 0; (m = session_model(ss, k)) != NULL; k++) {
            struct session_run r;
            session_run(ss, m, &r);
            busy |= r.busy;
            if (k == 0)
                snprintf(what, sizeof what, "%s", m->title);
        }
        if (busy)
            snprintf(what, sizeof what, "computing\u2026");
    }
    canvas_fill(c, 0, 0, c->w, 1, ' ', ROLE_TITLE);
    snprintf(right, sizeof right, "%s%s ",
             session_dirty(ss) ? "\u25cf edited  " : "", what);
    rw = utf8_width(right) + 20 < c->w ? utf8_width(right) : 0;
    room = c->w - 2 - (rw ? rw + 2 : 0); /* two blanks before the right */
    /* the title and the file; short of room, the file's name without its
       folder, then the title alone, cut with an ellipsis if it must be:
       never run into the right side */
    for (int pass = 0; pass < 3; pass++) {
        const char *path = s->path, *slash;
        if (pass == 1 && path && (slash = strrchr(path, '/')) != NULL)
            path = slash + 1;
        if (pass == 2) /* the title alone */
            path = NULL;
        snprintf(left, sizeof left, "rho  %s%s%s", s->title,
                 path ? "  \u2014  " : "", path ? path : "");
        if (utf8_width(left) <= room)
            break;
    }
    if (utf8_width(left) > room && room > 1) {
        int n = utf8_prefix(left, room - 1, NULL);
        snprintf(left + n, sizeof left - (size_t)n, "\u2026");
    }
    canvas_text(c, 1, 0, room, ROLE_TITLE, left);
    if (rw)
        canvas_text_right(c, 0, 0, c->w, ROLE_TITLE, right);
}

/* The key hints, " KEY label " each, in order while they fit: one that
   does not fit whole (its last blank aside) is left out, with those
   after it, never cut. */
static void
draw_hints(struct canvas *c, const struct ui *u)
{
    const struct view_family *f = first_family(u);
    const struct view_hint *h = f && f->hints ? f->hints : default_hints;
    int col = 0, y = c->h - 1;

    canvas_fill(c, 0, y, c->w, 1, ' ', ROLE_KEYHINT_TEXT);
    for (; h->key != NULL; h++) {
        if (col + 1 + utf8_width(h->key) + 1 + utf8_width(h->label) > c->w)
            break;
        col +=
            canvas_printf(c, col, y, c->w - col, ROLE_KEYHINT, " %s ", h->key);
        col += canvas_printf(c, col, y, c->w - col, ROLE_KEYHINT_TEXT, "%s ",
                             h->label);
    }
}

static void
draw_status(struct canvas *c, const struct ui *u)
{
    int y = c->h - 2, role = u->status_error ? ROLE_STATUS_ERROR : ROLE_STATUS;

    if (u->prompt != PROMPT_NONE) {
        int n, first = 0, w = c->w;
        struct cell *cl;
        canvas_fill(c, 0, y, c->w, 1, ' ', ROLE_PROMPT);
        if (ui_prompt_full(u)) { /* keys typed now are refused: said */
            char full[48];
            snprintf(full, sizeof full, " full: %d characters at most ",
                     UI_PROMPT_MAX - 1);
            if ((int)strlen(full) + 20 > c->w)
                snprintf(full, sizeof full, " full ");
            w -= canvas_text_right(c, 0, y, c->w, ROLE_STATUS_ERROR, full);
        }
        n = canvas_text(c, 0, y, w, ROLE_PROMPT, u->label);
        /* a line wider than the room scrolls to keep the cursor in the
           last column, a "…" where its start went */
        if (w - n >= 4 && u->cur > w - n - 1) {
            first = u->cur - (w - n - 2);
            canvas_text(c, n++, y, 1, ROLE_PROMPT, "\u2026");
        }
        canvas_text(c, n, y, w - n, ROLE_PROMPT, u->line + first);
        if ((cl = canvas_at(c, n + u->cur - first, y)) != NULL)
            cl->attrs |= ATTR_REVERSE; /* the cursor */
        return;
    }
    canvas_fill(c, 0, y, c->w, 1, ' ', role);
    /* a message too long keeps its start and ends in an ellipsis, as
       canvas_text_right() cuts it */
    if (utf8_width(u->status) <= c->w - 2)
        canvas_text(c, 1, y, c->w - 2, role, u->status);
    else
        canvas_text_right(c, 1, y, c->w - 2, role, u->status);
}

void
screen_help_text(struct strbuf *out)
{
    strbuf_puts(out, "rho: keys (j/k or arrows scroll, Space/PgDn and "
                     "PgUp page, g/G ends; Esc, q or any other key "
                     "closes)\n\n");
    keys_help(out);
}

/* The help box on a screen of cw x ch: its place and size. */
static void
help_box(int cw, int ch, int *x0, int *y0, int *w, int *h)
{
    *w = cw - 8 < 76 ? cw - 8 : 76;
    *h = ch - 4;
    *x0 = (cw - *w) / 2;
    *y0 = 2;
}

/* Append line (len bytes) to out wrapped at w columns: a continuation
   starts under the key's description ("  KEYS<pad> text"), else two
   columns in from the line's own indent. Returns the rows written. */
static int
wrap_line(struct strbuf *out, const char *line, size_t len, int w)
{
    char buf[512], *p = buf;
    int rows = 0, lead = 0, hang;

    if (len >= sizeof buf)
        len = sizeof buf - 1;
    memcpy(buf, line, len);
    buf[len] = '\0';
    while (buf[lead] == ' ')
        lead++;
    hang = lead == 2 && len > 23 && buf[22] == ' ' ? 23 : lead + 2;
    if (hang > w / 2)
        hang = w / 2 > 0 ? w / 2 : 0;
    for (int first = 1;; first = 0) {
        int pad = first ? 0 : hang, room = w - pad, cut, brk = -1;
        if (room < 1)
            room = 1;
        if (utf8_width(p) <= room) {
            strbuf_printf(out, "%*s%s\n", pad, "", p);
            return rows + 1;
        }
        cut = utf8_prefix(p, room, NULL);
        for (int i = cut; i > 0; i--) /* the last blank that fits */
            if (p[i] == ' ' && i > (first ? lead : 0)) {
                brk = i;
                break;
            }
        if (brk < 0)
            brk = cut > 0 ? cut : 1; /* a word longer than the line */
        strbuf_printf(out, "%*s%.*s\n", pad, "", brk, p);
        rows++;
        p += brk;
        while (*p == ' ')
            p++;
        if (*p == '\0')
            return rows;
    }
}

int
screen_help_lines(int cw, int ch, struct strbuf *out, int *page)
{
    struct strbuf sb;
    int x0, y0, w, h, rows = 0;
    const char *p;

    help_box(cw, ch, &x0, &y0, &w, &h);
    *page = h - 2 > 1 ? h - 2 : 1;
    strbuf_init(&sb);
    screen_help_text(&sb);
    for (p = strbuf_str(&sb); *p;) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        rows += wrap_line(out, p, len, w - 4);
        p = e ? e + 1 : p + len;
    }
    strbuf_fini(&sb);
    return rows;
}

static void
draw_help(struct canvas *c, const struct ui *u)
{
    struct strbuf sb;
    int x0, y0, w, h, page, n, top, line = 0;
    const char *p;
    char foot[96];

    help_box(c->w, c->h, &x0, &y0, &w, &h);
    strbuf_init(&sb);
    n = screen_help_lines(c->w, c->h, &sb, &page);
    top = u->help_scroll > n - page ? n - page : u->help_scroll;
    if (top < 0)
        top = 0;
    canvas_fill(c, x0, y0, w, h, ' ', ROLE_HELP);
    canvas_box(c, x0, y0, w, h, ROLE_HELP, "Help");
    for (p = strbuf_str(&sb); *p; line++) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (line >= top && line - top < page) {
            char buf[512];
            int y = y0 + 1 + line - top;
            if (len >= sizeof buf)
                len = sizeof buf - 1;
            memcpy(buf, p, len);
            buf[len] = '\0';
            canvas_text(c, x0 + 2, y, w - 4, ROLE_HELP, buf);
            if (buf[0] == ' ' && buf[1] == ' ' && buf[2] != ' ')
                canvas_paint(c, x0 + 4, y, 20, 1, ROLE_HELP_KEY);
        }
        p = e ? e + 1 : p + len;
    }
    if (n > page) { /* where we are, on the bottom border (between its
                       corners; the keys that move on, when they do) */
        int last = top + page >= n, end = last ? n : top + page;
        snprintf(foot, sizeof foot, " lines %d-%d of %d  %s ", top + 1, end, n,
                 last ? "PgUp back" : "Space/PgDn more, PgUp back");
        if (utf8_width(foot) > w - 4)
            snprintf(foot, sizeof foot, " lines %d-%d of %d ", top + 1, end, n);
        if (utf8_width(foot) > w - 4)
            snprintf(foot, sizeof foot, " %d-%d/%d ", top + 1, end, n);
        if (utf8_width(foot) <= w - 4)
            canvas_text_right(c, x0 + 1, y0 + h - 1, w - 3, ROLE_HELP, foot);
    }
    strbuf_fini(&sb);
}

/* The rows of the error pane under a body of h rows (error not empty). */
static int
pane_rows(struct canvas *c, const char *error, int h)
{
    int n = canvas_wrap(c, 0, 0, c->w - 4, 0, ROLE_ERROR, error) + 2;

    return n > h / 2 ? h / 2 : n;
}

/* The pane of the last script error: its rows from y, under the view. */
static void
draw_error(struct canvas *c, const char *error, int y, int h)
{
    canvas_fill(c, 0, y, c->w, h, ' ', ROLE_DEFAULT);
    canvas_box(c, 0, y, c->w, h, ROLE_ERROR,
               "script error: the last good result stays");
    canvas_wrap(c, 2, y + 1, c->w - 4, h - 2, ROLE_ERROR, error);
}

void
screen_draw_small(struct canvas *c)
{
    /* the longest of these that fits on one line, centred: what is
       needed before what there is, a line never cut */
    char form[4][96];
    int k, x;

    canvas_clear(c, ROLE_DEFAULT);
    snprintf(form[0], sizeof form[0],
             "terminal too small: %dx%d, rho needs %dx%d", c->w, c->h,
             SCREEN_MIN_W, SCREEN_MIN_H);
    snprintf(form[1], sizeof form[1], "too small: %dx%d < %dx%d", c->w, c->h,
             SCREEN_MIN_W, SCREEN_MIN_H);
    snprintf(form[2], sizeof form[2], "%dx%d needed", SCREEN_MIN_W,
             SCREEN_MIN_H);
    snprintf(form[3], sizeof form[3], "%dx%d", SCREEN_MIN_W, SCREEN_MIN_H);
    for (k = 0; k < 3 && (int)strlen(form[k]) > c->w; k++)
        ;
    x = (c->w - (int)strlen(form[k])) / 2;
    canvas_text(c, x > 0 ? x : 0, c->h / 2, c->w, ROLE_WARNING, form[k]);
}

void
screen_draw_loading(struct canvas *c, const struct screen_loading *l)
{
    char line[1200];
    int y, w;

    if (c->w < SCREEN_MIN_W || c->h < SCREEN_MIN_H) {
        screen_draw_small(c);
        return;
    }
    canvas_clear(c, ROLE_DEFAULT);
    canvas_fill(c, 0, 0, c->w, 1, ' ', ROLE_TITLE);
    snprintf(line, sizeof line, "rho  %s", l->path);
    if (utf8_width(line) > c->w - 2) {
        int n = utf8_prefix(line, c->w - 3, NULL);
        snprintf(line + n, sizeof line - (size_t)n, "\u2026");
    }
    canvas_text(c, 1, 0, c->w - 2, ROLE_TITLE, line);
    canvas_text_right(c, 0, 0, c->w, ROLE_TITLE, "loading ");
    /* the middle: what runs, and for how long */
    w = c->w - 4;
    y = c->h / 2 - 2;
    snprintf(line, sizeof line, "loading %s \u2026 %.1f s", l->path,
             l->seconds);
    y += canvas_wrap(c, 2, y, w, 3, ROLE_DEFAULT, line);
    canvas_wrap(c, 2, y + 1, w, 3, ROLE_DEFAULT,
                "the explorer opens when the script has run (within its "
                "--lua-time budget); q, Esc or Ctrl-C quits now");
    /* the status line and the hints, as the explorer's */
    canvas_fill(c, 0, c->h - 2, c->w, 1, ' ', ROLE_STATUS);
    snprintf(line, sizeof line, "loading the scenario: %.1f s", l->seconds);
    canvas_text(c, 0, c->h - 2, c->w, ROLE_STATUS, line);
    canvas_fill(c, 0, c->h - 1, c->w, 1, ' ', ROLE_KEYHINT_TEXT);
    {
        int col = canvas_text(c, 0, c->h - 1, c->w, ROLE_KEYHINT, " F1 ");
        col += canvas_text(c, col, c->h - 1, c->w - col, ROLE_KEYHINT_TEXT,
                           "Help ");
        col += canvas_text(c, col, c->h - 1, c->w - col, ROLE_KEYHINT, " q ");
        canvas_text(c, col, c->h - 1, c->w - col, ROLE_KEYHINT_TEXT, "Quit ");
    }
    if (l->help) {
        int bw = c->w - 8 < 70 ? c->w - 8 : 70, bh = 6;
        int bx = (c->w - bw) / 2, by = (c->h - bh) / 2;
        canvas_fill(c, bx, by, bw, bh, ' ', ROLE_HELP);
        canvas_box(c, bx, by, bw, bh, ROLE_HELP, "Help");
        canvas_wrap(c, bx + 2, by + 1, bw - 4, bh - 2, ROLE_HELP,
                    "rho is running the scenario's script; the explorer and "
                    "its keys (F1 there lists them all) come when it is "
                    "done, or its error. Now: q, Esc or Ctrl-C quits. Any "
                    "key closes this help.");
    }
}

void
screen_draw(struct canvas *c, const struct screen_ctx *x)
{
    const struct ui *u = x->u;
    const char *error = x->error && x->error[0] ? x->error : NULL;
    int pane = 0;
    struct cview v;

    if (c->w >= SCREEN_MIN_W && c->h >= SCREEN_MIN_H) {
        /* the body: between the tabs and the status line, one row of
           which the PCIe screens leave blank; less the pane */
        pane = error ? pane_rows(c, error, c->h - 5) : 0;
        x->u->body_w = c->w;
        x->u->body_h = c->h - 4 - pane;
        x->u->screen_w = c->w;
        x->u->screen_h = c->h;
    }
    ui_sync(x->u, x->ss);
    x->u->env = x->env;
    canvas_clear(c, ROLE_DEFAULT);
    if (c->w < SCREEN_MIN_W || c->h < SCREEN_MIN_H) {
        screen_draw_small(c);
        return;
    }
    /* from here on, nothing changes the ui or the session */
    draw_title(c, x);
    v = cview_of(c, 0, UI_ROW_TABS, c->w, 1);
    tabs_draw(&v, u->tabs, u->ntabs, u->view);
    v = cview_of(c, 0, UI_ROW_BODY, u->body_w, u->body_h);
    if (error != NULL)
        draw_error(c, error, v.y + v.h, pane);
    if (u->view >= 0 && view_table[u->view]->draw != NULL) {
        const struct view_entry *e = view_table[u->view];
        struct view_draw_ctx dc = {x->ss, ui_family_state(x->u, e->family),
                                   &x->env, NULL};
        e->draw(u->state[u->view], &v, &dc);
        if (e->family != NULL && e->family->overlay != NULL)
            e->family->overlay(dc.fam, &v, &dc);
    }
    draw_status(c, u);
    draw_hints(c, u);
    if (u->help)
        draw_help(c, u);
}
