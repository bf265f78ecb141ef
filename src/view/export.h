/*
 * export: a canvas as a file for a slide or a handout -- plain text (what
 * `rho --dump` prints), ANSI (escape sequences with the theme's colours at
 * a terminal's colour depth, as the TUI shows them), or SVG (a vector
 * drawing of the same cells: a rectangle per run of background, text in
 * the theme's colours and attributes, box-drawing lines and block
 * elements drawn as shapes so that they join whatever font renders the
 * text). Pure: a canvas and a palette in, text out; nothing here knows a
 * terminal, a theme file or a file.
 *
 * Colours come as data (struct export_palette), made from a theme by
 * theme_export_palette() (theme/theme.h): this layer may not see themes.
 * An SVG cell is EXPORT_CELL_W x EXPORT_CELL_H user units, so the cell at
 * (x, y) covers [x * W, (x + 1) * W) x [y * H, (y + 1) * H) and a picture
 * of a w x h canvas is w * W by h * H: tests render it and probe pixels.
 */
#ifndef RHO_VIEW_EXPORT_H
#define RHO_VIEW_EXPORT_H

#include "core/base/rho_err.h"
#include "core/base/strbuf.h"
#include "view/canvas.h"
#include "view/roles.h"

/* The size of one cell in an SVG, in user units (pixels at 1:1), and the
   font size that fits it (DejaVu Sans Mono advances 0.6 em). */
#define EXPORT_CELL_W 10
#define EXPORT_CELL_H 20
#define EXPORT_FONT_PX 16

/* The monospace fonts an SVG asks for, best first: what Debian, macOS
   and Windows have, ending with the generic family. */
#define EXPORT_FONTS                                                           \
    "'DejaVu Sans Mono', 'Liberation Mono', Menlo, Consolas, "                 \
    "'Courier New', monospace"

enum export_fmt {
    EXPORT_TEXT, /* the characters only (--dump) */
    EXPORT_ANSI, /* characters with SGR escape sequences */
    EXPORT_SVG   /* a vector drawing */
};

/* Colour depths of ANSI output: the numbers of theme.h's THEME_*. */
enum {
    EXPORT_MONO = 0,           /* attributes only */
    EXPORT_8 = 8,              /* SGR 30-37 / 40-47 */
    EXPORT_16 = 16,            /* and 90-97 / 100-107 */
    EXPORT_256 = 256,          /* 38;5;N / 48;5;N */
    EXPORT_TRUECOLOR = 1 << 24 /* 38;2;R;G;B where the theme gave #rrggbb */
};

/* How a role looks. */
struct export_style {
    int fg, bg;         /* for ANSI: -1 the terminal's default, 0-255 (already
                           within the palette's depth) */
    int fg_rgb, bg_rgb; /* for SVG and 24-bit ANSI: 0xrrggbb, or -1 for the
                           palette's default colours */
    int attrs;          /* ATTR_* */
};

struct export_palette {
    int depth;          /* of ANSI output: EXPORT_MONO ... EXPORT_TRUECOLOR */
    int fg_rgb, bg_rgb; /* the default colours of an SVG (0xrrggbb) */
    struct export_style role[ROLE_COUNT];
};

/*
 * The format called name: "text", "ansi" (256 colours), "ansi8",
 * "ansi16", "ansi256", "ansi24" (24-bit) or "svg"; *depth gets the ANSI
 * colour depth the name asks for (EXPORT_256 for the others). Returns 0,
 * or -1 with err (may be NULL) naming the formats.
 */
int export_parse_fmt(const char *name, int *fmt, int *depth,
                     struct rho_err *err);

/* The file name extension of a format, without the dot: "txt", "ans",
   "svg". */
const char *export_ext(int fmt);

/*
 * Append c in format fmt to out. p may be NULL for EXPORT_TEXT (it is not
 * read) and must not be NULL otherwise. ascii maps every glyph to ASCII
 * in text (as canvas_dump()). title (may be NULL) becomes the SVG's
 * <title>. Text and ANSI end every row with '\n' (no trailing blanks in
 * the default style; ANSI rows start from and return to SGR 0).
 */
void export_canvas(const struct canvas *c, int fmt,
                   const struct export_palette *p, int ascii, const char *title,
                   struct strbuf *out);

/* The colour a cell's text (fg) or background (bg) is drawn in, in an SVG
   (0xrrggbb): its role's, its attributes applied (reverse swaps, dim
   blends the text towards the background). For tests. */
int export_cell_rgb(const struct export_palette *p, const struct cell *cl,
                    int bg);

#endif
