/*
 * export: a canvas as text, ANSI or SVG. See export.h.
 *
 * SVG, layer by layer: one rectangle of the default background, a
 * rectangle per run of cells of another background on each row, the
 * shapes (box-drawing lines as bars through the cell's centre, block
 * elements as rectangles) in one path per run of one colour, underlines,
 * then the text: one <text> per word of one style, every character placed
 * at its cell by an x list, so that the grid holds whatever the font's
 * advance. Lines are rectangles on whole units, so they join from cell
 * to cell and render crisp at 1:1.
 */
#include "view/export.h"

#include <stdio.h>
#include <string.h>

static const char *const fmt_ext[] = {"txt", "ans", "svg"};

int
export_parse_fmt(const char *name, int *fmt, int *depth, struct rho_err *err)
{
    static const struct {
        const char *name;
        int fmt, depth;
    } names[] = {
        {"text", EXPORT_TEXT, EXPORT_256},
        {"txt", EXPORT_TEXT, EXPORT_256},
        {"ansi", EXPORT_ANSI, EXPORT_256},
        {"ansi256", EXPORT_ANSI, EXPORT_256},
        {"ansi16", EXPORT_ANSI, EXPORT_16},
        {"ansi8", EXPORT_ANSI, EXPORT_8},
        {"ansi24", EXPORT_ANSI, EXPORT_TRUECOLOR},
        {"svg", EXPORT_SVG, EXPORT_256},
    };

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i].name) == 0) {
            *fmt = names[i].fmt;
            *depth = names[i].depth;
            return 0;
        }
    rho_err_set(err, RHO_EINPUT,
                "unknown export format '%s' (expected text, ansi, ansi8, "
                "ansi16, ansi256, ansi24 or svg)",
                name);
    return -1;
}

const char *
export_ext(int fmt)
{
    return fmt >= 0 && fmt <= EXPORT_SVG ? fmt_ext[fmt] : "txt";
}

/* ---- styles ---- */

static int
cell_attrs(const struct export_palette *p, const struct cell *cl)
{
    return (p->role[cl->role < ROLE_COUNT ? cl->role : 0].attrs | cl->attrs) &
           ATTR_MASK;
}

/* a * (1 - k) + b * k, per channel */
static int
blend(int a, int b, double k)
{
    int out = 0;

    for (int sh = 16; sh >= 0; sh -= 8) {
        double x = (a >> sh & 255) * (1 - k) + (b >> sh & 255) * k;
        out |= ((int)(x + 0.5) & 255) << sh;
    }
    return out;
}

int
export_cell_rgb(const struct export_palette *p, const struct cell *cl, int bg)
{
    const struct export_style *st =
        &p->role[cl->role < ROLE_COUNT ? cl->role : 0];
    int attrs = cell_attrs(p, cl);
    int f = st->fg_rgb >= 0 ? st->fg_rgb : p->fg_rgb;
    int b = st->bg_rgb >= 0 ? st->bg_rgb : p->bg_rgb;

    if (attrs & ATTR_REVERSE) {
        int t = f;
        f = b;
        b = t;
    }
    if (bg)
        return b;
    return attrs & ATTR_DIM ? blend(f, b, 0.4) : f;
}

/* ---- ANSI ---- */

/* The SGR sequence of a cell's style into buf ("\033[0;1;38;5;214m"). */
static void
sgr(const struct export_palette *p, const struct cell *cl, char *buf, size_t n)
{
    const struct export_style *st =
        &p->role[cl->role < ROLE_COUNT ? cl->role : 0];
    int attrs = cell_attrs(p, cl), used;
    static const struct {
        int bit, code;
    } at[] = {{ATTR_BOLD, 1},
              {ATTR_DIM, 2},
              {ATTR_ITALIC, 3},
              {ATTR_UNDERLINE, 4},
              {ATTR_REVERSE, 7}};

    used = snprintf(buf, n, "\033[0");
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++)
        if (attrs & at[i].bit)
            used += snprintf(buf + used, n - (size_t)used, ";%d", at[i].code);
    for (int k = 0; k < 2 && p->depth > EXPORT_MONO; k++) {
        int c = k ? st->bg : st->fg, rgb = k ? st->bg_rgb : st->fg_rgb;
        if (c < 0)
            continue;
        if (p->depth >= EXPORT_TRUECOLOR && c >= 16 && rgb >= 0)
            used += snprintf(buf + used, n - (size_t)used, ";%d;2;%d;%d;%d",
                             k ? 48 : 38, rgb >> 16 & 255, rgb >> 8 & 255,
                             rgb & 255);
        else if (p->depth >= EXPORT_256)
            used += snprintf(buf + used, n - (size_t)used, ";%d;5;%d",
                             k ? 48 : 38, c);
        else if (c < 8)
            used += snprintf(buf + used, n - (size_t)used, ";%d",
                             (k ? 40 : 30) + c);
        else
            used += snprintf(buf + used, n - (size_t)used, ";%d",
                             (k ? 100 : 90) + (c & 7));
    }
    snprintf(buf + used, n - (size_t)used, "m");
}

/* Whether a blank cell shows: a background or a line of its own. */
static int
blank_shows(const struct export_palette *p, const struct cell *cl)
{
    const struct export_style *st =
        &p->role[cl->role < ROLE_COUNT ? cl->role : 0];

    return st->bg >= 0 || (st->bg_rgb >= 0 && p->depth >= EXPORT_TRUECOLOR) ||
           (cell_attrs(p, cl) & (ATTR_REVERSE | ATTR_UNDERLINE));
}

static void
export_ansi(const struct canvas *c, const struct export_palette *p, int ascii,
            struct strbuf *out)
{
    char cur[96], want[96], u[4];

    for (int y = 0; y < c->h; y++) {
        const struct cell *row = &c->cell[y * c->w];
        int last = -1;
        for (int x = 0; x < c->w; x++)
            if ((row[x].ch != ' ' && row[x].ch != CELL_WIDE_TAIL) ||
                blank_shows(p, &row[x]))
                last = x;
        cur[0] = '\0';
        for (int x = 0; x <= last; x++) {
            uint32_t ch = row[x].ch;
            if (ch == CELL_WIDE_TAIL)
                continue;
            sgr(p, &row[x], want, sizeof want);
            if (strcmp(want, cur) != 0) {
                strbuf_puts(out, want);
                memcpy(cur, want, sizeof cur);
            }
            if (ascii && ch >= 128) {
                if (x + 1 < c->w && row[x + 1].ch == CELL_WIDE_TAIL) {
                    strbuf_puts(out, "??");
                    continue;
                }
                ch = glyph_ascii(ch);
            }
            strbuf_add(out, u, (size_t)utf8_put(u, ch));
        }
        strbuf_puts(out, last >= 0 ? "\033[0m\n" : "\n");
    }
}

/* ---- SVG ---- */

enum { ARM_L = 1, ARM_R = 2, ARM_U = 4, ARM_D = 8 };

/* The arms of a box-drawing character and their weight (1 light, 2 heavy,
   3 double); 0 if cp is not one drawn as lines. */
static int
box_arms(uint32_t cp, int *weight)
{
    static const struct {
        uint32_t cp;
        unsigned char arms, weight;
    } box[] = {
        {0x2500, ARM_L | ARM_R, 1},
        {0x2501, ARM_L | ARM_R, 2},
        {0x2502, ARM_U | ARM_D, 1},
        {0x2503, ARM_U | ARM_D, 2},
        {0x250c, ARM_R | ARM_D, 1},
        {0x250f, ARM_R | ARM_D, 2},
        {0x2510, ARM_L | ARM_D, 1},
        {0x2513, ARM_L | ARM_D, 2},
        {0x2514, ARM_R | ARM_U, 1},
        {0x2517, ARM_R | ARM_U, 2},
        {0x2518, ARM_L | ARM_U, 1},
        {0x251b, ARM_L | ARM_U, 2},
        {0x251c, ARM_U | ARM_D | ARM_R, 1},
        {0x2523, ARM_U | ARM_D | ARM_R, 2},
        {0x2524, ARM_U | ARM_D | ARM_L, 1},
        {0x252b, ARM_U | ARM_D | ARM_L, 2},
        {0x252c, ARM_L | ARM_R | ARM_D, 1},
        {0x2533, ARM_L | ARM_R | ARM_D, 2},
        {0x2534, ARM_L | ARM_R | ARM_U, 1},
        {0x253b, ARM_L | ARM_R | ARM_U, 2},
        {0x253c, ARM_L | ARM_R | ARM_U | ARM_D, 1},
        {0x254b, ARM_L | ARM_R | ARM_U | ARM_D, 2},
        {0x254c, ARM_L | ARM_R, 1},
        {0x2550, ARM_L | ARM_R, 3},
        {0x2551, ARM_U | ARM_D, 3},
        {0x2554, ARM_R | ARM_D, 3},
        {0x2557, ARM_L | ARM_D, 3},
        {0x255a, ARM_R | ARM_U, 3},
        {0x255d, ARM_L | ARM_U, 3},
        {0x2560, ARM_U | ARM_D | ARM_R, 3},
        {0x2563, ARM_U | ARM_D | ARM_L, 3},
        {0x2566, ARM_L | ARM_R | ARM_D, 3},
        {0x2569, ARM_L | ARM_R | ARM_U, 3},
        {0x256c, ARM_L | ARM_R | ARM_U | ARM_D, 3},
        {0x256d, ARM_R | ARM_D, 1},
        {0x256e, ARM_L | ARM_D, 1},
        {0x256f, ARM_L | ARM_U, 1},
        {0x2570, ARM_R | ARM_U, 1},
        {0x2574, ARM_L, 1},
        {0x2575, ARM_U, 1},
        {0x2576, ARM_R, 1},
        {0x2577, ARM_D, 1},
        {0x2578, ARM_L, 2},
        {0x2579, ARM_U, 2},
        {0x257a, ARM_R, 2},
        {0x257b, ARM_D, 2},
    };

    if (cp < 0x2500 || cp > 0x257f)
        return 0;
    for (size_t i = 0; i < sizeof box / sizeof box[0]; i++)
        if (box[i].cp == cp) {
            *weight = box[i].weight;
            return box[i].arms;
        }
    return 0;
}

/* A block element as a rectangle of its cell, in eighths (x0, y0, x1, y1
   from the cell's top left; 8 = the far edge), and for the shades the
   share of the text colour over the background; 0 if cp is none. */
static int
block_rect(uint32_t cp, int r[4], double *shade)
{
    *shade = 1;
    r[0] = r[1] = 0;
    r[2] = r[3] = 8;
    if (cp == 0x2588) /* █ */
        return 1;
    if (cp >= 0x2581 && cp <= 0x2587) { /* ▁ .. ▇: lower k eighths */
        r[1] = 8 - (int)(cp - 0x2580);
        return 1;
    }
    if (cp >= 0x2589 && cp <= 0x258f) { /* ▉ .. ▏: left k eighths */
        r[2] = (int)(0x2590 - cp);
        return 1;
    }
    switch (cp) {
    case 0x2580: /* ▀ */
        r[3] = 4;
        return 1;
    case 0x2590: /* ▐ */
        r[0] = 4;
        return 1;
    case 0x2594: /* ▔ */
        r[3] = 1;
        return 1;
    case 0x2595: /* ▕ */
        r[0] = 7;
        return 1;
    case 0x2591: /* ░ ▒ ▓ */
    case 0x2592:
    case 0x2593:
        *shade = (double)(cp - 0x2590) / 4;
        return 1;
    }
    return 0;
}

static void
hexcol(struct strbuf *out, int rgb)
{
    strbuf_printf(out, "#%06x", rgb & 0xffffff);
}

/* One path of rectangles of one colour, gathered cell by cell. */
struct shapes {
    struct strbuf d;
    int rgb; /* -1: empty */
};

static void
shapes_flush(struct shapes *s, struct strbuf *out)
{
    if (s->rgb < 0 || s->d.len == 0)
        return;
    strbuf_puts(out, "<path fill=\"");
    hexcol(out, s->rgb);
    strbuf_printf(out, "\" d=\"%s\"/>\n", strbuf_str(&s->d));
    strbuf_reset(&s->d);
    s->rgb = -1;
}

/* A rectangle in user units (tenths kept: eighths of a 10 x 20 cell). */
static void
shapes_rect(struct shapes *s, struct strbuf *out, int rgb, double x, double y,
            double w, double h)
{
    if (w <= 0 || h <= 0)
        return;
    if (s->rgb != rgb)
        shapes_flush(s, out);
    s->rgb = rgb;
    strbuf_printf(&s->d, "M%g %gh%gv%gh%gz", x, y, w, h, -w);
}

/* The lines of a box-drawing character in the cell at (x0, y0). */
static void
box_draw(struct shapes *s, struct strbuf *out, int rgb, int arms, int weight,
         int x0, int y0)
{
    const int W = EXPORT_CELL_W, H = EXPORT_CELL_H;
    int cx = x0 + W / 2, cy = y0 + H / 2;
    /* the bars' offsets from the centre: one bar, or two for double */
    int t = weight == 2 ? 4 : 2, nb = weight == 3 ? 2 : 1;
    static const int dbl[2] = {-3, 3};

    for (int b = 0; b < nb; b++) {
        int o = nb == 2 ? dbl[b] : 0;
        int lo = -t / 2; /* a bar's near edge from its line */
        /* horizontal arms at cy + o, vertical at cx + o; each arm runs to
           the far side of the crossing bar so that corners close */
        int ext = nb == 2 ? 3 + t / 2 : t / 2;
        if (arms & ARM_L)
            shapes_rect(s, out, rgb, x0, cy + o + lo, cx - x0 + ext, t);
        if (arms & ARM_R)
            shapes_rect(s, out, rgb, cx - ext, cy + o + lo, x0 + W - cx + ext,
                        t);
        if (arms & ARM_U)
            shapes_rect(s, out, rgb, cx + o + lo, y0, t, cy - y0 + ext);
        if (arms & ARM_D)
            shapes_rect(s, out, rgb, cx + o + lo, cy - ext, t,
                        y0 + H - cy + ext);
    }
}

static void
xml_char(struct strbuf *out, uint32_t ch)
{
    char u[4];

    switch (ch) {
    case '&':
        strbuf_puts(out, "&amp;");
        return;
    case '<':
        strbuf_puts(out, "&lt;");
        return;
    case '>':
        strbuf_puts(out, "&gt;");
        return;
    case '"':
        strbuf_puts(out, "&quot;");
        return;
    }
    /* what XML 1.0 does not allow in a document (C0 controls but tab,
       newline and return; surrogates; U+FFFE, U+FFFF): '?', as the
       screen's cells show it */
    if ((ch < 0x20 && ch != '\t' && ch != '\n' && ch != '\r') ||
        (ch >= 0xd800 && ch <= 0xdfff) || ch == 0xfffe || ch == 0xffff ||
        ch > 0x10ffff)
        ch = '?';
    strbuf_add(out, u, (size_t)utf8_put(u, ch));
}

static void
xml_text(struct strbuf *out, const char *s)
{
    while (*s)
        xml_char(out, utf8_next(&s));
}

/* Whether a cell is drawn as a shape (not as text). */
static int
is_shape(uint32_t ch)
{
    int w, r[4];
    double sh;

    return box_arms(ch, &w) != 0 || block_rect(ch, r, &sh) != 0;
}

static void
export_svg(const struct canvas *c, const struct export_palette *p,
           const char *title, struct strbuf *out)
{
    const int W = EXPORT_CELL_W, H = EXPORT_CELL_H;
    struct shapes s;

    strbuf_init(&s.d);
    s.rgb = -1;
    strbuf_printf(out,
                  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
                  "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
                  c->w * W, c->h * H, c->w * W, c->h * H);
    if (title != NULL) {
        strbuf_puts(out, "<title>");
        xml_text(out, title);
        strbuf_puts(out, "</title>\n");
    }
    /* backgrounds */
    strbuf_printf(out,
                  "<g shape-rendering=\"crispEdges\">\n<rect width=\"%d\" "
                  "height=\"%d\" fill=\"",
                  c->w * W, c->h * H);
    hexcol(out, p->bg_rgb);
    strbuf_puts(out, "\"/>\n");
    for (int y = 0; y < c->h; y++)
        for (int x = 0; x < c->w;) {
            int rgb = export_cell_rgb(p, &c->cell[y * c->w + x], 1), n = 1;
            while (x + n < c->w &&
                   export_cell_rgb(p, &c->cell[y * c->w + x + n], 1) == rgb)
                n++;
            if (rgb != p->bg_rgb)
                shapes_rect(&s, out, rgb, x * W, y * H, n * W, H);
            x += n;
        }
    shapes_flush(&s, out);
    /* lines and blocks, then underlines */
    for (int y = 0; y < c->h; y++)
        for (int x = 0; x < c->w; x++) {
            const struct cell *cl = &c->cell[y * c->w + x];
            int weight, arms = box_arms(cl->ch, &weight), r[4];
            int fg = export_cell_rgb(p, cl, 0);
            double shade;
            if (arms != 0)
                box_draw(&s, out, fg, arms, weight, x * W, y * H);
            else if (block_rect(cl->ch, r, &shade))
                shapes_rect(&s, out,
                            shade < 1
                                ? blend(export_cell_rgb(p, cl, 1), fg, shade)
                                : fg,
                            x * W + r[0] * W / 8.0, y * H + r[1] * H / 8.0,
                            (r[2] - r[0]) * W / 8.0, (r[3] - r[1]) * H / 8.0);
        }
    for (int y = 0; y < c->h; y++)
        for (int x = 0; x < c->w; x++) {
            const struct cell *cl = &c->cell[y * c->w + x];
            if (cell_attrs(p, cl) & ATTR_UNDERLINE)
                shapes_rect(&s, out, export_cell_rgb(p, cl, 0), x * W,
                            y * H + H - 3, W, 1);
        }
    shapes_flush(&s, out);
    strbuf_puts(out, "</g>\n");
    /* text: one element per word of one colour and weight */
    strbuf_printf(out, "<g font-family=\"%s\" font-size=\"%d\">\n",
                  EXPORT_FONTS, EXPORT_FONT_PX);
    for (int y = 0; y < c->h; y++)
        for (int x = 0; x < c->w;) {
            const struct cell *cl = &c->cell[y * c->w + x];
            int rgb, attrs, n;
            if (cl->ch == ' ' || cl->ch == CELL_WIDE_TAIL || is_shape(cl->ch)) {
                x++;
                continue;
            }
            rgb = export_cell_rgb(p, cl, 0);
            attrs = cell_attrs(p, cl) & (ATTR_BOLD | ATTR_ITALIC);
            for (n = 1; x + n < c->w; n++) {
                const struct cell *d = &c->cell[y * c->w + x + n];
                if (d->ch == CELL_WIDE_TAIL)
                    continue;
                if (d->ch == ' ' || is_shape(d->ch) ||
                    export_cell_rgb(p, d, 0) != rgb ||
                    (cell_attrs(p, d) & (ATTR_BOLD | ATTR_ITALIC)) != attrs)
                    break;
            }
            strbuf_puts(out, "<text x=\"");
            for (int k = 0; k < n; k++)
                if (cl[k].ch != CELL_WIDE_TAIL)
                    strbuf_printf(out, "%s%d", k ? " " : "", (x + k) * W);
            strbuf_printf(out, "\" y=\"%d\" fill=\"", y * H + H * 3 / 4);
            hexcol(out, rgb);
            strbuf_puts(out, "\"");
            if (attrs & ATTR_BOLD)
                strbuf_puts(out, " font-weight=\"bold\"");
            if (attrs & ATTR_ITALIC)
                strbuf_puts(out, " font-style=\"italic\"");
            strbuf_puts(out, ">");
            for (int k = 0; k < n; k++)
                if (cl[k].ch != CELL_WIDE_TAIL)
                    xml_char(out, cl[k].ch);
            strbuf_puts(out, "</text>\n");
            x += n;
        }
    strbuf_puts(out, "</g>\n</svg>\n");
    strbuf_fini(&s.d);
}

void
export_canvas(const struct canvas *c, int fmt, const struct export_palette *p,
              int ascii, const char *title, struct strbuf *out)
{
    switch (fmt) {
    case EXPORT_ANSI:
        export_ansi(c, p, ascii, out);
        break;
    case EXPORT_SVG:
        export_svg(c, p, title, out);
        break;
    default:
        canvas_dump(c, out, ascii);
        break;
    }
}
