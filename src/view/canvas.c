/*
 * canvas: the cell grid the views draw into. See canvas.h.
 *
 * Every write to a cell goes through store(), which keeps wide characters
 * whole: a wide character is a head cell and a tail cell (CELL_WIDE_TAIL);
 * writing over either half blanks the other, as tmux's grid does.
 *
 * Views clip and then call the canvas functions, which draw; the two
 * composite shapes, boxes and wrapped text, are drawn once, through views
 * (canvas_box() and canvas_wrap() use a view of their own rectangle).
 */
#include "view/canvas.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
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
    if (c == NULL)
        return;
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

/* ---- UTF-8 and character widths ---- */

struct range {
    uint32_t lo, hi;
};

/* Zero-width: combining marks, zero-width spaces and joiners, bidi and
   invisible format characters, variation selectors. */
static const struct range zero_width[] = {
    {0x0300, 0x036f}, {0x0483, 0x0489},   {0x0591, 0x05bd}, {0x0610, 0x061a},
    {0x064b, 0x065f}, {0x0e31, 0x0e31},   {0x0e34, 0x0e3a}, {0x0e47, 0x0e4e},
    {0x1ab0, 0x1aff}, {0x1dc0, 0x1dff},   {0x200b, 0x200f}, {0x202a, 0x202e},
    {0x2060, 0x2064}, {0x20d0, 0x20ff},   {0xfe00, 0xfe0f}, {0xfe20, 0xfe2f},
    {0xfeff, 0xfeff}, {0xe0100, 0xe01ef},
};

/* East Asian Wide and Fullwidth (the main blocks) and wide emoji. */
static const struct range wide[] = {
    {0x1100, 0x115f},   {0x231a, 0x231b},   {0x2329, 0x232a},
    {0x23e9, 0x23ec},   {0x23f0, 0x23f0},   {0x23f3, 0x23f3},
    {0x25fd, 0x25fe},   {0x2614, 0x2615},   {0x2648, 0x2653},
    {0x267f, 0x267f},   {0x2693, 0x2693},   {0x26a1, 0x26a1},
    {0x26aa, 0x26ab},   {0x26bd, 0x26be},   {0x26c4, 0x26c5},
    {0x26ce, 0x26ce},   {0x26d4, 0x26d4},   {0x26ea, 0x26ea},
    {0x26f2, 0x26f3},   {0x26f5, 0x26f5},   {0x26fa, 0x26fa},
    {0x26fd, 0x26fd},   {0x2705, 0x2705},   {0x270a, 0x270b},
    {0x2728, 0x2728},   {0x274c, 0x274c},   {0x274e, 0x274e},
    {0x2753, 0x2755},   {0x2757, 0x2757},   {0x2795, 0x2797},
    {0x27b0, 0x27b0},   {0x27bf, 0x27bf},   {0x2b1b, 0x2b1c},
    {0x2b50, 0x2b50},   {0x2b55, 0x2b55},   {0x2e80, 0x303e},
    {0x3041, 0x33ff},   {0x3400, 0x4dbf},   {0x4e00, 0x9fff},
    {0xa000, 0xa4cf},   {0xa960, 0xa97f},   {0xac00, 0xd7a3},
    {0xf900, 0xfaff},   {0xfe10, 0xfe19},   {0xfe30, 0xfe6f},
    {0xff00, 0xff60},   {0xffe0, 0xffe6},   {0x16fe0, 0x16fe4},
    {0x17000, 0x18aff}, {0x1b000, 0x1b2ff}, {0x1f004, 0x1f004},
    {0x1f0cf, 0x1f0cf}, {0x1f18e, 0x1f18e}, {0x1f191, 0x1f19a},
    {0x1f200, 0x1f202}, {0x1f210, 0x1f23b}, {0x1f240, 0x1f248},
    {0x1f250, 0x1f251}, {0x1f300, 0x1f320}, {0x1f32d, 0x1f335},
    {0x1f337, 0x1f37c}, {0x1f37e, 0x1f393}, {0x1f3a0, 0x1f3ca},
    {0x1f3cf, 0x1f3d3}, {0x1f3e0, 0x1f3f0}, {0x1f3f4, 0x1f3f4},
    {0x1f3f8, 0x1f43e}, {0x1f440, 0x1f440}, {0x1f442, 0x1f4fc},
    {0x1f4ff, 0x1f53d}, {0x1f54b, 0x1f54e}, {0x1f550, 0x1f567},
    {0x1f57a, 0x1f57a}, {0x1f595, 0x1f596}, {0x1f5a4, 0x1f5a4},
    {0x1f5fb, 0x1f64f}, {0x1f680, 0x1f6c5}, {0x1f6cc, 0x1f6cc},
    {0x1f6d0, 0x1f6d2}, {0x1f6d5, 0x1f6d7}, {0x1f6eb, 0x1f6ec},
    {0x1f6f4, 0x1f6fc}, {0x1f7e0, 0x1f7eb}, {0x1f90c, 0x1f93a},
    {0x1f93c, 0x1f945}, {0x1f947, 0x1f9ff}, {0x1fa70, 0x1faff},
    {0x20000, 0x2fffd}, {0x30000, 0x3fffd},
};

static int
in_ranges(uint32_t cp, const struct range *r, size_t n)
{
    size_t lo = 0, hi = n;

    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cp < r[mid].lo)
            hi = mid;
        else if (cp > r[mid].hi)
            lo = mid + 1;
        else
            return 1;
    }
    return 0;
}

int
utf8_cp_width(uint32_t cp)
{
    if (cp == CELL_WIDE_TAIL)
        return 0;
    if (cp < 0x300)
        return 1; /* ASCII, Latin-1 and controls (drawn as '?') */
    if (in_ranges(cp, zero_width, sizeof zero_width / sizeof zero_width[0]))
        return 0;
    if (cp >= 0x1100 && in_ranges(cp, wide, sizeof wide / sizeof wide[0]))
        return 2;
    return 1;
}

uint32_t
utf8_next(const char **s)
{
    const unsigned char *p = (const unsigned char *)*s;
    uint32_t cp, min;
    int n;

    if (p[0] < 0x80) {
        *s += 1;
        return p[0];
    }
    if (p[0] >= 0xc2 && p[0] <= 0xdf) {
        cp = p[0] & 0x1f;
        n = 1;
        min = 0x80;
    } else if ((p[0] & 0xf0) == 0xe0) {
        cp = p[0] & 0x0f;
        n = 2;
        min = 0x800;
    } else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
        cp = p[0] & 0x07;
        n = 3;
        min = 0x10000;
    } else {
        *s += 1; /* a continuation byte, 0xc0, 0xc1 or 0xf5-0xff */
        return '?';
    }
    for (int i = 1; i <= n; i++) {
        if ((p[i] & 0xc0) != 0x80) { /* also stops at the NUL */
            *s += i;
            return '?';
        }
        cp = (cp << 6) | (p[i] & 0x3f);
    }
    *s += n + 1;
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return '?';
    return cp;
}

int
utf8_put(char *buf, uint32_t cp)
{
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        cp = '?';
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

/* A character as text shows it: tabs and newlines are blanks, other
   control characters '?' (never raw escapes to the terminal). */
static uint32_t
printable(uint32_t cp)
{
    if (cp == '\n' || cp == '\t')
        return ' ';
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
        return '?';
    return cp;
}

int
utf8_width(const char *s)
{
    int w = 0;

    while (*s)
        w += utf8_cp_width(printable(utf8_next(&s)));
    return w;
}

int
utf8_prefix(const char *s, int maxw, int *width)
{
    const char *p = s;
    int w = 0;

    while (*p) {
        const char *q = p;
        int cw = utf8_cp_width(printable(utf8_next(&q)));
        if (w + cw > maxw)
            break;
        w += cw;
        p = q;
    }
    if (width)
        *width = w;
    return (int)(p - s);
}

uint32_t
glyph_ascii(uint32_t cp)
{
    if (cp < 128)
        return cp;
    switch (cp) {
    case 0x2500: /* ─ */
    case 0x2501: /* ━ */
    case 0x254c:
    case 0x2574: /* ╴ */
    case 0x2576: /* ╶ */
        return '-';
    case 0x2550: /* ═ */
        return '=';
    case 0x2502: /* │ */
    case 0x2503: /* ┃ */
    case 0x2551: /* ║ */
    case 0x2575: /* ╵ */
    case 0x2577: /* ╷ */
    case 0x2595: /* ▕ */
        return '|';
    case 0x250c: /* ┌ */
    case 0x2510: /* ┐ */
    case 0x2514: /* └ */
    case 0x2518: /* ┘ */
    case 0x253c: /* ┼ */
    case 0x252c: /* ┬ */
    case 0x2534: /* ┴ */
    case 0x256d: /* ╭ */
    case 0x256e: /* ╮ */
    case 0x256f: /* ╯ */
    case 0x2570: /* ╰ */
    case 0x2554: /* ╔ */
    case 0x2557: /* ╗ */
    case 0x255a: /* ╚ */
    case 0x255d: /* ╝ */
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
    case 0x25c6: /* ◆ */
    case 0x2666: /* ♦ */
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
    case 0x2581:
    case 0x2582:
    case 0x2583:
    case 0x2584: /* ▁▂▃▄ */
        return '_';
    case 0x2585:
    case 0x2586:
    case 0x2587: /* ▅▆▇ */
        return '#';
    default:
        return '?';
    }
}

/* ---- cells ---- */

static int
is_head(uint32_t ch)
{
    return ch >= 0x1100 && utf8_cp_width(ch) == 2;
}

/*
 * Store ch at (x, y), which is inside. Writing over the tail of a wide
 * character blanks its head (unless ch is itself the tail being copied);
 * writing over a head blanks its tail.
 */
static void
store(struct canvas *c, int x, int y, uint32_t ch, int role)
{
    struct cell *row = &c->cell[y * c->w];

    if (row[x].ch == CELL_WIDE_TAIL && ch != CELL_WIDE_TAIL && x > 0 &&
        is_head(row[x - 1].ch))
        row[x - 1].ch = ' ';
    if (is_head(row[x].ch) && x + 1 < c->w && row[x + 1].ch == CELL_WIDE_TAIL)
        row[x + 1].ch = ' ';
    row[x].ch = ch;
    row[x].role = (uint8_t)role;
    row[x].attrs = 0;
}

/* canvas_put() with the right edge at column xend (<= c->w): a wide
   character in the column before it is cut as at the canvas's edge. */
static void
put_upto(struct canvas *c, int x, int y, uint32_t ch, int role, int xend)
{
    int wd;

    if (x < 0 || y < 0 || x >= xend || y >= c->h)
        return;
    if (ch == CELL_WIDE_TAIL) { /* copying cells one by one */
        store(c, x, y, ch, role);
        return;
    }
    ch = printable(ch);
    wd = utf8_cp_width(ch);
    if (wd == 0)
        return;
    if (wd == 1) {
        store(c, x, y, c->ascii ? glyph_ascii(ch) : ch, role);
    } else if (c->ascii) {
        store(c, x, y, '?', role);
        if (x + 1 < xend)
            store(c, x + 1, y, '?', role);
    } else if (x + 1 < xend) {
        store(c, x, y, ch, role);
        store(c, x + 1, y, CELL_WIDE_TAIL, role);
    } else {
        store(c, x, y, ' ', role); /* half a character would not do */
    }
}

void
canvas_put(struct canvas *c, int x, int y, uint32_t ch, int role)
{
    put_upto(c, x, y, ch, role, c->w);
}

/* canvas_text() of the bytes before end (NULL: to the NUL). */
static int
text_n(struct canvas *c, int x, int y, int maxw, int role, const char *s,
       const char *end)
{
    int n = 0;

    if (maxw < 0)
        maxw = c->w - x;
    while (*s && (end == NULL || s < end)) {
        uint32_t cp = printable(utf8_next(&s));
        int wd = utf8_cp_width(cp);
        if (wd == 0)
            continue;
        if (n + wd > maxw)
            break;
        canvas_put(c, x + n, y, cp, role);
        n += wd;
    }
    return n;
}

int
canvas_text(struct canvas *c, int x, int y, int maxw, int role, const char *s)
{
    return text_n(c, x, y, maxw, role, s, NULL);
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
    int len = utf8_width(s), pw;

    if (w <= 0 || len <= 0)
        return 0;
    if (len <= w)
        return canvas_text(c, x + w - len, y, len, role, s);
    /* too wide: its start and "..." -- never its end alone, which for a
       number reads as another number ("838656 TiB" for 1e30 TiB) */
    utf8_prefix(s, w - 1, &pw);
    canvas_text(c, x + w - 1 - pw, y, pw, role, s);
    canvas_put(c, x + w - 1, y, 0x2026, role);
    return w;
}

/* "-0", "-0.00": a negative number rounded to zero loses its sign. */
static void
unminus_zero(char *buf)
{
    if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
        memmove(buf, buf + 1, strlen(buf));
}

int
canvas_number(struct canvas *c, int x, int y, int w, int role, double v,
              int decimals)
{
    char buf[64];

    if (w <= 0)
        return 0;
    if (isnan(v))
        return canvas_text_right(c, x, y, w, role, "-");
    if (isinf(v))
        return canvas_text_right(c, x, y, w, role, v > 0 ? "inf" : "-inf");
    if (decimals < 0)
        decimals = 0;
    if (decimals > 9)
        decimals = 9;
    for (int d = decimals; d >= 0; d--) {
        snprintf(buf, sizeof buf, "%.*f", d, v);
        unminus_zero(buf);
        if ((int)strlen(buf) <= w)
            return canvas_text_right(c, x, y, w, role, buf);
    }
    for (int p = 6; p >= 1; p--) {
        snprintf(buf, sizeof buf, "%.*g", p, v);
        if ((int)strlen(buf) <= w)
            return canvas_text_right(c, x, y, w, role, buf);
    }
    canvas_fill(c, x, y, w, 1, '#', role);
    return w;
}

void
canvas_fill(struct canvas *c, int x, int y, int w, int h, uint32_t ch, int role)
{
    int step = ch == CELL_WIDE_TAIL ? 1 : utf8_cp_width(printable(ch));

    if (step == 0)
        return;
    for (int j = y; j < y + h; j++)
        for (int i = x; i < x + w; i += step)
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
canvas_set_attrs(struct canvas *c, int x, int y, int w, int h, int attrs)
{
    for (int j = y; j < y + h; j++)
        for (int i = x; i < x + w; i++) {
            struct cell *cl = canvas_at(c, i, j);
            if (cl)
                cl->attrs = (uint8_t)(attrs & ATTR_MASK);
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
    struct cview v = {c, x, y, w > 0 ? w : 0, h > 0 ? h : 0};

    cview_box(&v, 0, 0, w, h, role, title);
}

/* frac clamped to 0..1, NaN as 0. */
static double
clamp01(double frac)
{
    if (!(frac > 0))
        return 0;
    return frac > 1 ? 1 : frac;
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
    frac = clamp01(frac);
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

void
canvas_vbar(struct canvas *c, int x, int y, int h, double frac, int role,
            int empty_role)
{
    static const uint32_t lower[9] = {' ',    0x2581, 0x2582, 0x2583, 0x2584,
                                      0x2585, 0x2586, 0x2587, 0x2588};
    int units, full, part;

    if (h <= 0)
        return;
    frac = clamp01(frac);
    units = (int)(frac * h * 8 + 0.5);
    if (frac > 0 && units == 0)
        units = 1;
    full = units / 8;
    part = units % 8;
    for (int i = 0; i < h; i++) {
        int row = y + h - 1 - i;
        if (i < full)
            canvas_put(c, x, row, 0x2588, role);
        else if (i == full && part > 0)
            canvas_put(c, x, row, lower[part], role);
        else
            canvas_put(c, x, row, ' ', empty_role);
    }
}

int
canvas_wrap(struct canvas *c, int x, int y, int w, int maxh, int role,
            const char *s)
{
    struct cview v = {c, x, y, w > 0 ? w : 0, maxh > 0 ? maxh : 0};

    return cview_wrap(&v, 0, 0, w, maxh, role, s);
}

/* ---- views ---- */

struct cview
cview_of(struct canvas *c, int x, int y, int w, int h)
{
    struct cview all = {c, 0, 0, c->w, c->h};

    return cview_sub(&all, x, y, w, h);
}

/* lo .. lo + n clamped to 0 .. size: the start into *from, the length
   returned (0 when they do not meet). */
static int
overlap(int lo, int n, int size, int *from)
{
    long long a = lo, b = (long long)lo + n;

    if (size < 0)
        size = 0;
    a = a < 0 ? 0 : a > size ? size : a;
    b = b > size ? size : b;
    *from = (int)a;
    return b > a ? (int)(b - a) : 0;
}

struct cview
cview_sub(const struct cview *v, int col, int row, int w, int h)
{
    struct cview s;
    int x0, y0;

    s.c = v->c;
    s.w = overlap(col, w, v->w, &x0);
    s.h = overlap(row, h, v->h, &y0);
    s.x = v->x + x0;
    s.y = v->y + y0;
    return s;
}

void
cview_put(const struct cview *v, int col, int row, uint32_t ch, int role)
{
    int xend = v->x + v->w < v->c->w ? v->x + v->w : v->c->w;

    if (col < 0 || row < 0 || col >= v->w || row >= v->h)
        return;
    put_upto(v->c, v->x + col, v->y + row, ch, role, xend);
}

/* cview_text() of the bytes before end (NULL: to the NUL). */
static int
view_text(const struct cview *v, int col, int row, int maxw, int role,
          const char *s, const char *end)
{
    long long room = (long long)v->w - col;
    int n = 0;

    if (row < 0 || row >= v->h || room <= 0)
        return 0;
    if (maxw < 0 || maxw > room)
        maxw = room < INT_MAX ? (int)room : INT_MAX;
    /* the characters that start left of the view are left out */
    while (col + n < 0 && *s && (end == NULL || s < end)) {
        const char *q = s;
        int wd = utf8_cp_width(printable(utf8_next(&q)));
        if (wd > maxw - n)
            return n;
        s = q;
        n += wd;
    }
    return n +
           text_n(v->c, v->x + (col + n), v->y + row, maxw - n, role, s, end);
}

int
cview_text(const struct cview *v, int col, int row, int maxw, int role,
           const char *s)
{
    return view_text(v, col, row, maxw, role, s, NULL);
}

int
cview_text_cut(const struct cview *v, int col, int row, int maxw, int role,
               const char *s)
{
    char buf[1024];
    int cw, n;

    if (maxw < 1 || utf8_width(s) <= maxw)
        return view_text(v, col, row, maxw, role, s, NULL);
    n = utf8_prefix(s, maxw - 1, &cw);
    if (n > (int)sizeof buf - 4)
        n = utf8_prefix(s, 255, &cw); /* (1000 bytes hold 255 columns) */
    snprintf(buf, sizeof buf, "%.*s\u2026", n, s);
    return view_text(v, col, row, maxw, role, buf, NULL);
}

int
cview_printf(const struct cview *v, int col, int row, int maxw, int role,
             const char *fmt, ...)
{
    char buf[1024];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return view_text(v, col, row, maxw, role, buf, NULL);
}

int
cview_text_right(const struct cview *v, int col, int row, int w, int role,
                 const char *s)
{
    struct cview f = cview_sub(v, col, row, w, 1);

    if (f.w < 1 || f.h < 1)
        return 0;
    return canvas_text_right(f.c, f.x, f.y, f.w, role, s);
}

int
cview_number(const struct cview *v, int col, int row, int w, int role,
             double val, int decimals)
{
    struct cview f = cview_sub(v, col, row, w, 1);

    if (f.w < 1 || f.h < 1)
        return 0;
    return canvas_number(f.c, f.x, f.y, f.w, role, val, decimals);
}

void
cview_fill(const struct cview *v, int col, int row, int w, int h, uint32_t ch,
           int role)
{
    struct cview f = cview_sub(v, col, row, w, h);
    int step = ch == CELL_WIDE_TAIL ? 1 : utf8_cp_width(printable(ch));

    if (step == 0)
        return;
    for (int j = 0; j < f.h; j++)
        for (int i = 0; i < f.w; i += step)
            cview_put(&f, i, j, ch, role);
}

void
cview_paint(const struct cview *v, int col, int row, int w, int h, int role)
{
    struct cview f = cview_sub(v, col, row, w, h);

    canvas_paint(f.c, f.x, f.y, f.w, f.h, role);
}

void
cview_set_attrs(const struct cview *v, int col, int row, int w, int h,
                int attrs)
{
    struct cview f = cview_sub(v, col, row, w, h);

    canvas_set_attrs(f.c, f.x, f.y, f.w, f.h, attrs);
}

void
cview_hline(const struct cview *v, int col, int row, int w, int role)
{
    cview_fill(v, col, row, w, 1, 0x2500, role);
}

void
cview_vline(const struct cview *v, int col, int row, int h, int role)
{
    cview_fill(v, col, row, 1, h, 0x2502, role);
}

void
cview_box(const struct cview *v, int col, int row, int w, int h, int role,
          const char *title)
{
    if (w < 2 || h < 2)
        return;
    cview_hline(v, col + 1, row, w - 2, role);
    cview_hline(v, col + 1, row + h - 1, w - 2, role);
    cview_vline(v, col, row + 1, h - 2, role);
    cview_vline(v, col + w - 1, row + 1, h - 2, role);
    cview_put(v, col, row, 0x250c, role);
    cview_put(v, col + w - 1, row, 0x2510, role);
    cview_put(v, col, row + h - 1, 0x2514, role);
    cview_put(v, col + w - 1, row + h - 1, 0x2518, role);
    if (title && *title && w > 4) {
        cview_put(v, col + 1, row, ' ', role);
        int n = cview_text(v, col + 2, row, w - 4, ROLE_HEADER, title);
        cview_put(v, col + 2 + n, row, ' ', role);
    }
}

void
cview_bar(const struct cview *v, int col, int row, int w, double frac, int role,
          int empty_role)
{
    struct cview f = cview_sub(v, col, row, w, 1);

    if (f.w > 0 && f.h > 0)
        canvas_bar(f.c, f.x, f.y, f.w, frac, role, empty_role);
}

void
cview_vbar(const struct cview *v, int col, int row, int h, double frac,
           int role, int empty_role)
{
    struct cview f = cview_sub(v, col, row, 1, h);

    if (f.w > 0 && f.h > 0)
        canvas_vbar(f.c, f.x, f.y, f.h, frac, role, empty_role);
}

/* The end of the line of s wrapped at w columns: the longest run of
   whole words that fits (a word longer than w cut). */
static const char *
line_end(const char *s, int w)
{
    const char *p = s, *brk = NULL;
    int n = 0;

    while (*p && *p != '\n') {
        const char *q = p;
        int cw = utf8_cp_width(printable(utf8_next(&q)));
        if (n + cw > w)
            break;
        if (*p == ' ')
            brk = p;
        p = q;
        n += cw;
    }
    if (*p && *p != '\n' && *p != ' ' && brk != NULL)
        p = brk;
    if (p == s && *p && *p != '\n') /* a character wider than w */
        utf8_next(&p);
    return p;
}

/* The start of the next line after a line that ends at p. */
static const char *
next_line(const char *p)
{
    while (*p == ' ')
        p++;
    if (*p == '\n')
        p++;
    return p;
}

int
cview_wrap(const struct cview *v, int col, int row, int w, int maxh, int role,
           const char *s)
{
    int line = 0;

    if (w <= 0)
        return 0;
    while (*s) {
        const char *p = line_end(s, w);
        if (line < maxh)
            view_text(v, col, row + line, w, role, s, p);
        line++;
        s = next_line(p);
    }
    return line;
}

/* The lines of s wrapped at w, and whether its last line is one word. */
static int
wrap_lines(const char *s, int w, int *widow)
{
    int line = 0;

    *widow = 0;
    while (*s) {
        const char *p = line_end(s, w), *q = s;
        while (q < p && *q != ' ')
            q++;
        *widow = q == p; /* no blank inside the line: one word */
        line++;
        s = next_line(p);
    }
    return line;
}

int
cview_wrap_pretty(const struct cview *v, int col, int row, int w, int maxh,
                  int role, const char *s)
{
    int widow, n = wrap_lines(s, w, &widow), best = w;

    if (w <= 0)
        return 0;
    /* narrower lines, as many of them, until the last has two words */
    for (int ww = w - 1; widow && n > 1 && ww >= w * 2 / 3; ww--) {
        int wid;
        if (wrap_lines(s, ww, &wid) != n)
            break;
        if (!wid) {
            best = ww;
            break;
        }
    }
    return cview_wrap(v, col, row, best, maxh, role, s);
}

/* ---- dumps and comparison ---- */

void
canvas_dump(const struct canvas *c, struct strbuf *out, int ascii)
{
    char buf[8];

    for (int y = 0; y < c->h; y++) {
        const struct cell *row = &c->cell[y * c->w];
        int end = c->w;
        while (end > 0 && row[end - 1].ch == ' ')
            end--;
        for (int x = 0; x < end; x++) {
            uint32_t cp = row[x].ch;
            if (cp == CELL_WIDE_TAIL) {
                if (!ascii)
                    continue;
                cp = '?';
            } else if (ascii) {
                cp = glyph_ascii(cp);
            }
            strbuf_add(out, buf, (size_t)utf8_put(buf, cp));
        }
        strbuf_add(out, "\n", 1);
    }
}

void
canvas_dump_roles(const struct canvas *c, struct strbuf *out)
{
    static const char symbols[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                  "abcdefghijklmnopqrstuvwxyz"
                                  "0123456789!#$%&*+-/:;<=>?@^~";
    char sym[ROLE_COUNT];
    int order[ROLE_COUNT], nused = 0;

    memset(sym, 0, sizeof sym);
    strbuf_puts(out, "-- roles\n");
    for (int y = 0; y < c->h; y++) {
        const struct cell *row = &c->cell[y * c->w];
        int end = c->w;
        while (end > 0 && row[end - 1].role == ROLE_DEFAULT)
            end--;
        for (int x = 0; x < end; x++) {
            int r = row[x].role < ROLE_COUNT ? row[x].role : ROLE_DEFAULT;
            if (r != ROLE_DEFAULT && sym[r] == 0) {
                sym[r] = nused < (int)sizeof symbols - 1 ? symbols[nused] : '.';
                order[nused++] = r;
            }
            strbuf_add(out, r == ROLE_DEFAULT ? " " : &sym[r], 1);
        }
        strbuf_add(out, "\n", 1);
    }
    strbuf_puts(out, "-- legend\n");
    for (int i = 0; i < nused; i++)
        strbuf_printf(out, "%c %s\n", sym[order[i]], theme_role_key(order[i]));
}

/* "'x' role" or "'x' role +attrs 8" of a cell. */
static void
describe(struct strbuf *out, const struct cell *cl)
{
    char buf[8];
    int n = cl->ch == CELL_WIDE_TAIL ? 0 : utf8_put(buf, cl->ch);
    const char *key = theme_role_key(cl->role);

    strbuf_printf(out, "'%.*s' %s", n, buf, key ? key : "?");
    if (cl->attrs)
        strbuf_printf(out, " +attrs %d", cl->attrs);
}

int
canvas_diff(const struct canvas *a, const struct canvas *b, struct strbuf *out,
            int max)
{
    int n = 0;

    if (a->w != b->w || a->h != b->h) {
        if (out)
            strbuf_printf(out, "size %dx%d | %dx%d\n", a->w, a->h, b->w, b->h);
        return -1;
    }
    for (int i = 0; i < a->w * a->h; i++) {
        const struct cell *p = &a->cell[i], *q = &b->cell[i];
        if (p->ch == q->ch && p->role == q->role && p->attrs == q->attrs)
            continue;
        if (out && n < max) {
            strbuf_printf(out, "%d,%d: ", i % a->w, i / a->w);
            describe(out, p);
            strbuf_puts(out, " | ");
            describe(out, q);
            strbuf_puts(out, "\n");
        }
        n++;
    }
    if (out && n > max && max >= 0)
        strbuf_printf(out, "... %d more\n", n - max);
    return n;
}
