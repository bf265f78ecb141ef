/*
 * canvas: the cell grid the views draw into. See canvas.h.
 */
#include "view/canvas.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rho_alloc.h"
#include "view/roles.h"

void
canvas_init(struct canvas *c, int w, int h, int ascii)
{
    c->w = w > 0 ? w : 1;
    c->h = h > 0 ? h : 1;
    c->ascii = ascii;
    c->cell = xcalloc((size_t)c->w * (size_t)c->h, sizeof *c->cell);
    canvas_clear(c, ROLE_DEFAULT);
}

void
canvas_fini(struct canvas *c)
{
    free(c->cell);
    c->cell = NULL;
    c->w = c->h = 0;
}

void
canvas_resize(struct canvas *c, int w, int h)
{
    int ascii = c->ascii;

    canvas_fini(c);
    canvas_init(c, w, h, ascii);
}

void
canvas_clear(struct canvas *c, int role)
{
    for (int i = 0; i < c->w * c->h; i++) {
        c->cell[i].ch = ' ';
        c->cell[i].role = (uint8_t)role;
        c->cell[i].attrs = 0;
    }
}

struct cell *
canvas_at(struct canvas *c, int x, int y)
{
    if (x < 0 || y < 0 || x >= c->w || y >= c->h)
        return NULL;
    return &c->cell[y * c->w + x];
}

uint32_t
glyph_ascii(uint32_t cp)
{
    if (cp < 128)
        return cp;
    switch (cp) {
    case 0x2500: /* ─ */
    case 0x2501:
    case 0x254c:
        return '-';
    case 0x2502: /* │ */
    case 0x2503:
        return '|';
    case 0x250c: /* ┌ */
    case 0x2510: /* ┐ */
    case 0x2514: /* └ */
    case 0x2518: /* ┘ */
    case 0x253c: /* ┼ */
    case 0x252c: /* ┬ */
    case 0x2534: /* ┴ */
        return '+';
    case 0x251c: /* ├ */
        return '|';
    case 0x2524: /* ┤ */
        return '|';
    case 0x2588: /* █ */
    case 0x2589:
    case 0x258a:
    case 0x258b:
    case 0x258c:
    case 0x258d:
    case 0x258e:
    case 0x258f:
    case 0x2593:
        return '#';
    case 0x2592: /* ▒ */
        return '=';
    case 0x2591: /* ░ */
        return ':';
    case 0x00b7: /* · */
    case 0x2022: /* • */
        return '.';
    case 0x2191: /* ↑ */
    case 0x25b2:
        return '^';
    case 0x2193: /* ↓ */
    case 0x25bc:
        return 'v';
    case 0x2192: /* → */
    case 0x25b6:
        return '>';
    case 0x2190: /* ← */
    case 0x25c0:
        return '<';
    case 0x2026: /* … */
        return '~';
    case 0x2013: /* – */
    case 0x2014: /* — */
    case 0x2212: /* − */
        return '-';
    case 0x25cf: /* ● */
        return '*';
    case 0x2580: /* ▀ */
        return '^';
    case 0x00d7: /* × */
        return 'x';
    case 0x2264: /* ≤ */
        return '<';
    case 0x2265: /* ≥ */
        return '>';
    case 0x00b5: /* µ */
        return 'u';
    case 0x2581: case 0x2582: case 0x2583: case 0x2584: /* ▁▂▃▄ */
        return '_';
    case 0x2585: case 0x2586: case 0x2587: /* ▅▆▇ */
        return '#';
    default:
        return '?';
    }
}

void
canvas_put(struct canvas *c, int x, int y, uint32_t ch, int role)
{
    struct cell *cl = canvas_at(c, x, y);

    if (cl == NULL)
        return;
    cl->ch = c->ascii ? glyph_ascii(ch) : ch;
    cl->role = (uint8_t)role;
    cl->attrs = 0;
}

uint32_t
utf8_next(const char **s)
{
    const unsigned char *p = (const unsigned char *)*s;
    uint32_t cp;
    int n;

    if (p[0] < 0x80) {
        *s += 1;
        return p[0];
    }
    if ((p[0] & 0xe0) == 0xc0) {
        cp = p[0] & 0x1f;
        n = 1;
    } else if ((p[0] & 0xf0) == 0xe0) {
        cp = p[0] & 0x0f;
        n = 2;
    } else if ((p[0] & 0xf8) == 0xf0) {
        cp = p[0] & 0x07;
        n = 3;
    } else {
        *s += 1;
        return '?';
    }
    for (int i = 1; i <= n; i++) {
        if ((p[i] & 0xc0) != 0x80) {
            *s += i;
            return '?';
        }
        cp = (cp << 6) | (p[i] & 0x3f);
    }
    *s += n + 1;
    return cp;
}

int
utf8_put(char *buf, uint32_t cp)
{
    if (cp < 0x80) {
        buf[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        buf[0] = (char)(0xc0 | (cp >> 6));
        buf[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        buf[0] = (char)(0xe0 | (cp >> 12));
        buf[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        buf[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    buf[0] = (char)(0xf0 | (cp >> 18));
    buf[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
    buf[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
    buf[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

int
utf8_width(const char *s)
{
    int w = 0;

    while (*s) {
        utf8_next(&s);
        w++;
    }
    return w;
}

int
canvas_text(struct canvas *c, int x, int y, int maxw, int role, const char *s)
{
    int n = 0;

    if (maxw < 0)
        maxw = c->w - x;
    while (*s && n < maxw) {
        uint32_t cp = utf8_next(&s);
        if (cp == '\n' || cp == '\t')
            cp = ' ';
        canvas_put(c, x + n, y, cp, role);
        n++;
    }
    return n;
}

int
canvas_printf(struct canvas *c, int x, int y, int maxw, int role,
              const char *fmt, ...)
{
    char buf[1024];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return canvas_text(c, x, y, maxw, role, buf);
}

int
canvas_text_right(struct canvas *c, int x, int y, int w, int role,
                  const char *s)
{
    int len = utf8_width(s);

    if (len > w) {
        for (int i = 0; i < len - w; i++)
            utf8_next(&s);
        len = w;
    }
    return canvas_text(c, x + w - len, y, len, role, s);
}

void
canvas_fill(struct canvas *c, int x, int y, int w, int h, uint32_t ch,
            int role)
{
    for (int j = y; j < y + h; j++)
        for (int i = x; i < x + w; i++)
            canvas_put(c, i, j, ch, role);
}

void
canvas_paint(struct canvas *c, int x, int y, int w, int h, int role)
{
    for (int j = y; j < y + h; j++)
        for (int i = x; i < x + w; i++) {
            struct cell *cl = canvas_at(c, i, j);
            if (cl)
                cl->role = (uint8_t)role;
        }
}

void
canvas_hline(struct canvas *c, int x, int y, int w, int role)
{
    canvas_fill(c, x, y, w, 1, 0x2500, role);
}

void
canvas_vline(struct canvas *c, int x, int y, int h, int role)
{
    canvas_fill(c, x, y, 1, h, 0x2502, role);
}

void
canvas_box(struct canvas *c, int x, int y, int w, int h, int role,
           const char *title)
{
    if (w < 2 || h < 2)
        return;
    canvas_hline(c, x + 1, y, w - 2, role);
    canvas_hline(c, x + 1, y + h - 1, w - 2, role);
    canvas_vline(c, x, y + 1, h - 2, role);
    canvas_vline(c, x + w - 1, y + 1, h - 2, role);
    canvas_put(c, x, y, 0x250c, role);
    canvas_put(c, x + w - 1, y, 0x2510, role);
    canvas_put(c, x, y + h - 1, 0x2514, role);
    canvas_put(c, x + w - 1, y + h - 1, 0x2518, role);
    if (title && *title && w > 4) {
        canvas_put(c, x + 1, y, ' ', role);
        int n = canvas_text(c, x + 2, y, w - 4, ROLE_HEADER, title);
        canvas_put(c, x + 2 + n, y, ' ', role);
    }
}

void
canvas_bar(struct canvas *c, int x, int y, int w, double frac, int role,
           int empty_role)
{
    static const uint32_t eighths[9] = {' ',    0x258f, 0x258e, 0x258d, 0x258c,
                                        0x258b, 0x258a, 0x2589, 0x2588};
    int units, full, part;

    if (w <= 0)
        return;
    if (!(frac > 0))
        frac = 0;
    if (frac > 1)
        frac = 1;
    units = (int)(frac * w * 8 + 0.5);
    full = units / 8;
    part = units % 8;
    for (int i = 0; i < w; i++) {
        if (i < full)
            canvas_put(c, x + i, y, 0x2588, role);
        else if (i == full && part > 0)
            canvas_put(c, x + i, y, c->ascii ? '#' : eighths[part], role);
        else
            canvas_put(c, x + i, y, ' ', empty_role);
    }
}

int
canvas_wrap(struct canvas *c, int x, int y, int w, int maxh, int role,
            const char *s)
{
    int line = 0;

    if (w <= 0)
        return 0;
    while (*s) {
        const char *p = s, *brk = NULL;
        int n = 0;
        /* the longest run of whole words that fits in w columns */
        while (*p && *p != '\n' && n < w) {
            const char *q = p;
            utf8_next(&q);
            if (*p == ' ')
                brk = p;
            p = q;
            n++;
        }
        if (*p && *p != '\n' && *p != ' ' && brk != NULL)
            p = brk;
        if (line < maxh) {
            char buf[1024];
            size_t len = (size_t)(p - s);
            if (len >= sizeof buf)
                len = sizeof buf - 1;
            memcpy(buf, s, len);
            buf[len] = '\0';
            canvas_text(c, x, y + line, w, role, buf);
        }
        line++;
        s = p;
        while (*s == ' ')
            s++;
        if (*s == '\n')
            s++;
    }
    return line;
}

void
canvas_dump(const struct canvas *c, struct strbuf *out, int ascii)
{
    char buf[8];

    for (int y = 0; y < c->h; y++) {
        int end = c->w;
        while (end > 0 && c->cell[y * c->w + end - 1].ch == ' ')
            end--;
        for (int x = 0; x < end; x++) {
            uint32_t cp = c->cell[y * c->w + x].ch;
            if (ascii)
                cp = glyph_ascii(cp);
            strbuf_add(out, buf, (size_t)utf8_put(buf, cp));
        }
        strbuf_add(out, "\n", 1);
    }
}
