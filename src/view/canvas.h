/*
 * canvas: a grid of cells, each a character (a Unicode code point), a role
 * and optional attribute overrides, that the views draw into and the
 * terminal layer copies to the screen (tui_blit) -- or that `rho --dump`
 * prints as text, so a screen can be compared with a golden file without a
 * terminal (style S9; tmux's grid and screen-write).
 *
 * Rules every drawing function follows:
 * - Coordinates are columns and rows from the top left; drawing clips at
 *   the edges, so any x, y, w, h is safe (negative sizes draw nothing).
 * - Nothing allocates except canvas_init() and canvas_resize(); the
 *   printf-style functions format into a 1 KiB stack buffer.
 * - Widths are display columns. East Asian wide and fullwidth characters
 *   (and wide emoji) take two cells: the character, then a cell whose ch is
 *   CELL_WIDE_TAIL. Zero-width characters (combining marks, joiners) are
 *   dropped. Control characters show as '?', tabs and newlines as ' '.
 *   Overwriting half of a wide character blanks the other half.
 * - In an ASCII canvas (ascii set at init) every glyph is replaced as it
 *   is drawn by its ASCII stand-in (glyph_ascii()): box lines become - | +,
 *   blocks #, a wide character "??" (two cells, so layouts match the
 *   UTF-8 canvas column for column).
 * - Roles are enum theme_role values (view/roles.h); nothing here knows
 *   colours.
 *
 * Views (struct cview, below) are the clipped side of the same toolkit: a
 * rectangle of a canvas through which every write stays inside it, so
 * that a screen is laid out as nested rectangles that cannot draw over
 * each other. They add clipping to the functions above, which do the
 * drawing.
 */
#ifndef RHO_VIEW_CANVAS_H
#define RHO_VIEW_CANVAS_H

#include <stdint.h>

#include "core/base/strbuf.h"

/* The ch of the cell right of a wide character; tui_blit draws nothing
   for it (the terminal fills it with the wide character's right half). */
#define CELL_WIDE_TAIL 0u

struct cell {
    uint32_t ch;   /* a code point, or CELL_WIDE_TAIL */
    uint8_t role;  /* enum theme_role */
    uint8_t attrs; /* ATTR_* bits added to the role's (canvas_set_attrs) */
};

struct canvas {
    int w, h;
    int ascii;         /* draw with ASCII only */
    struct cell *cell; /* h rows of w cells; owned by the canvas */
};

/*
 * Make c (caller's storage) w x h blanks in ROLE_DEFAULT; sizes below 1
 * become 1. ascii chooses ASCII glyphs for everything drawn later. The
 * cells are allocated here (out of memory is fatal, rho_alloc.h). Release
 * with canvas_fini().
 */
void canvas_init(struct canvas *c, int w, int h, int ascii);

/* Release c's cells; c may be reused with canvas_init(). NULL is a no-op. */
void canvas_fini(struct canvas *c);

/* Change the size, keeping ascii; the contents are cleared. */
void canvas_resize(struct canvas *c, int w, int h);

/* Fill everything with blanks of a role, without attribute overrides. */
void canvas_clear(struct canvas *c, int role);

/* The cell at (x, y), or NULL outside. Borrowed until canvas_resize() or
   canvas_fini(). */
struct cell *canvas_at(struct canvas *c, int x, int y);

/*
 * One character at (x, y) (ASCII-mapped in ASCII mode; a wide character
 * also fills x + 1 with its tail, or becomes ' ' in the last column). ch
 * CELL_WIDE_TAIL is stored as is, so that cells can be copied one by one;
 * zero-width characters are ignored. Clears the cell's attribute overrides.
 */
void canvas_put(struct canvas *c, int x, int y, uint32_t ch, int role);

/*
 * UTF-8 text at (x, y), at most maxw columns (maxw < 0: to the right edge).
 * A wide character that would straddle the limit is left out. Returns the
 * columns written. Invalid UTF-8 shows as '?'. s must not be NULL.
 */
int canvas_text(struct canvas *c, int x, int y, int maxw, int role,
                const char *s);

/* printf into the canvas, as canvas_text() (output past 1023 bytes is
   cut). */
int canvas_printf(struct canvas *c, int x, int y, int maxw, int role,
                  const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/*
 * Text right-aligned in the w columns from x, so that it ends at column
 * x + w - 1. Text wider than w keeps its start and ends in "..." at that
 * column (a number cut at its left would read as another number). Returns
 * the columns written.
 */
int canvas_text_right(struct canvas *c, int x, int y, int w, int role,
                      const char *s);

/*
 * The number v right-aligned in w columns with decimals digits after the
 * point (0-9; outside: clamped). If it does not fit, fewer decimals, then
 * the shortest %g form that fits; if nothing fits, w '#' characters, like
 * a spreadsheet. NaN shows as "-", infinities as "inf"/"-inf". Returns the
 * columns written.
 */
int canvas_number(struct canvas *c, int x, int y, int w, int role, double v,
                  int decimals);

/* A rectangle of one character (a wide character every second column). */
void canvas_fill(struct canvas *c, int x, int y, int w, int h, uint32_t ch,
                 int role);

/* Change the role of the cells of a rectangle (keeping their characters
   and attribute overrides). */
void canvas_paint(struct canvas *c, int x, int y, int w, int h, int role);

/* Set the attribute overrides (ATTR_* bits, added to the role's style) of
   the cells of a rectangle; 0 removes them. */
void canvas_set_attrs(struct canvas *c, int x, int y, int w, int h, int attrs);

/* A horizontal or vertical line of w (h) cells: ─ and │, ASCII - and |. */
void canvas_hline(struct canvas *c, int x, int y, int w, int role);
void canvas_vline(struct canvas *c, int x, int y, int h, int role);

/*
 * A box of w x h cells (nothing if w or h < 2) with ┌─┐│└┘ (ASCII + - |)
 * and, if title is not NULL or "", " title " in its top edge from x + 1
 * (in ROLE_HEADER, cut to fit).
 */
void canvas_box(struct canvas *c, int x, int y, int w, int h, int role,
                const char *title);

/*
 * A horizontal bar w columns wide filled to frac (0..1; NaN and less than
 * 0 are 0, more than 1 is 1), left to right, in eighth blocks rounded to
 * the nearest eighth (ASCII: '#', a partial cell also '#'); the rest are
 * spaces of empty_role.
 */
void canvas_bar(struct canvas *c, int x, int y, int w, double frac, int role,
                int empty_role);

/*
 * A vertical bar h rows tall whose bottom cell is at (x, y + h - 1),
 * filled upwards to frac (clamped as canvas_bar) in lower eighth blocks
 * ▁▂▃▄▅▆▇█ rounded to the nearest eighth (ASCII: '_' for up to half a
 * cell, '#' above); the rest are spaces of empty_role. A value above 0
 * always shows at least one eighth.
 */
void canvas_vbar(struct canvas *c, int x, int y, int h, double frac, int role,
                 int empty_role);

/*
 * Words of s wrapped into lines of at most w columns from (x, y), at most
 * maxh lines; a word longer than w is cut. Newlines in s start a new line.
 * Returns the lines used (or that would be needed, if more than maxh).
 */
int canvas_wrap(struct canvas *c, int x, int y, int w, int maxh, int role,
                const char *s);

/* ---- views: clipped rectangles of a canvas ---- */

/*
 * A view is a rectangle of a canvas, and everything drawn through it is
 * clipped to it: no cview_* call changes a cell outside the view. The one
 * exception is the canvas's rule for wide characters: overwriting one half
 * of a wide character that straddles the view's edge blanks its other
 * half, outside, so that the canvas never holds half a character.
 *
 * Coordinates (col, row) count from the view's top left. Any value is
 * safe as long as col + w and row + h fit in an int, and a negative size
 * draws nothing. What an edge cuts:
 * - Cells, text, fills, lines and boxes are cut: what lies outside is not
 *   drawn. A wide character that would straddle an edge is left out of
 *   text; put in the last column it shows as ' ' (ASCII canvas: '?'),
 *   just as at the canvas's edge, and put left of the view it is not drawn.
 * - Sub-views and fields (right-aligned text, numbers, bars) are fitted:
 *   they keep the part of their rectangle inside the view and are laid out
 *   in it, so a column cut by the right edge still ends with its units and
 *   a bar shows its fraction of the columns left.
 *
 * A view is a value: copy it freely. It borrows its canvas, which must not
 * be resized or released while the view is used. A view made by hand,
 * {c, x, y, w, h}, may reach past the canvas: the canvas then clips as
 * well, and what is drawn keeps its place (a view from cview_of() starts
 * at the part inside the canvas). No function takes a NULL view. Nothing
 * here allocates; cview_printf() formats into a 1 KiB stack buffer.
 */
struct cview {
    struct canvas *c;
    int x, y; /* its top left cell, in canvas coordinates */
    int w, h; /* its size in cells, >= 0 */
};

/* The part of the rectangle (x, y, w, h) that lies inside c, as a view
   (w or h 0 when nothing does). c must not be NULL. */
struct cview cview_of(struct canvas *c, int x, int y, int w, int h);

/*
 * The part of the rectangle (col, row, w, h) of v that lies inside v, as
 * a view of its own: its top left is that part's, so a rectangle that
 * starts left of or above v loses its left or top rows and columns and
 * what is drawn into it starts at v's edge. w or h is 0 when nothing is
 * inside. Sub-views nest: a sub-view of a sub-view lies inside both.
 */
struct cview cview_sub(const struct cview *v, int col, int row, int w, int h);

/* One character at (col, row), as canvas_put(), cut at the view's edges. */
void cview_put(const struct cview *v, int col, int row, uint32_t ch, int role);

/*
 * UTF-8 text from (col, row), at most maxw columns (maxw < 0: to the
 * view's right edge), cut at the view's edges: columns left of the view
 * are skipped, and a wide character that would straddle the left or right
 * edge or the limit is left out. Returns the columns the text takes from
 * col, those cut on the left included (as canvas_text(), so that col +=
 * cview_text(...) goes on after it); 0 when row is outside the view or col
 * is at or past its right edge. s must not be NULL.
 */
int cview_text(const struct cview *v, int col, int row, int maxw, int role,
               const char *s);

/* cview_text() of a name in at most maxw columns: one that is wider ends
   in "…" at the limit, so that the reader sees it is cut. */
int cview_text_cut(const struct cview *v, int col, int row, int maxw, int role,
                   const char *s);

/* printf into a view, as cview_text() (output past 1023 bytes is cut). */
int cview_printf(const struct cview *v, int col, int row, int maxw, int role,
                 const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/*
 * Text right-aligned (canvas_text_right()) in the part of the field of w
 * columns from (col, row) that lies inside the view: a field cut by the
 * right edge ends at it. Returns the columns written.
 */
int cview_text_right(const struct cview *v, int col, int row, int w, int role,
                     const char *s);

/* A number (canvas_number()) fitted to the part of its field of w columns
   from (col, row) inside the view. Returns the columns written. */
int cview_number(const struct cview *v, int col, int row, int w, int role,
                 double val, int decimals);

/*
 * The part of the rectangle (col, row, w, h) inside the view filled with
 * one character; a wide character goes every second column from that
 * part's left edge, and an odd last column gets ' ' (ASCII: '?').
 */
void cview_fill(const struct cview *v, int col, int row, int w, int h,
                uint32_t ch, int role);

/* canvas_paint() and canvas_set_attrs() of the part of a rectangle inside
   the view. */
void cview_paint(const struct cview *v, int col, int row, int w, int h,
                 int role);
void cview_set_attrs(const struct cview *v, int col, int row, int w, int h,
                     int attrs);

/* Lines, as canvas_hline() and canvas_vline(), cut at the view's edges. */
void cview_hline(const struct cview *v, int col, int row, int w, int role);
void cview_vline(const struct cview *v, int col, int row, int h, int role);

/* A box with an optional title, as canvas_box(), cut at the view's edges
   (the parts of its lines inside are drawn). */
void cview_box(const struct cview *v, int col, int row, int w, int h, int role,
               const char *title);

/* A bar (canvas_bar()) in the part of its w columns from (col, row) that
   lies inside the view: cut by an edge, it is drawn that much narrower. */
void cview_bar(const struct cview *v, int col, int row, int w, double frac,
               int role, int empty_role);

/* A vertical bar (canvas_vbar()) in the part of its h rows from (col,
   row) that lies inside the view: its bottom is the lowest of them. */
void cview_vbar(const struct cview *v, int col, int row, int h, double frac,
                int role, int empty_role);

/*
 * Words of s wrapped as canvas_wrap() into lines of at most w columns from
 * (col, row), at most maxh lines, each cut at the view's edges as
 * cview_text(). Returns the lines used (or needed, if more than maxh).
 */
int cview_wrap(const struct cview *v, int col, int row, int w, int maxh,
               int role, const char *s);

/*
 * cview_wrap() without a widow: when the last line would hold one word
 * alone, the lines are made narrower (down to two thirds of w, never
 * more of them) until it holds two. For a paragraph of prose. Returns
 * the lines used.
 */
int cview_wrap_pretty(const struct cview *v, int col, int row, int w,
                      int maxh, int role, const char *s);

/* ---- dumps, comparison, UTF-8 ---- */

/*
 * The canvas as text, appended to out: one line per row without trailing
 * blanks, each ended by '\n', the tails of wide characters left out. With
 * ascii set, every glyph is ASCII-mapped (a wide character as "??").
 */
void canvas_dump(const struct canvas *c, struct strbuf *out, int ascii);

/*
 * The roles of the canvas, appended to out, for golden screens that check
 * colours as well as text:
 *
 *   -- roles
 *   AAAAAAAAAAAAAAAAAAAA
 *   BBB   CC
 *   -- legend
 *   A title
 *   B tree.rc
 *   C heat.3
 *
 * One symbol per cell (lines without trailing blanks); ROLE_DEFAULT is a
 * blank and the others get A-Z, a-z, 0-9, then punctuation in the order
 * they first appear, row by row, so that adding a role to roles.h does
 * not change existing dumps. The legend lists the symbols used. Attribute
 * overrides are not shown.
 */
void canvas_dump_roles(const struct canvas *c, struct strbuf *out);

/*
 * Compare two canvases cell by cell (character, role, attributes).
 * Returns the number of cells that differ (0: the same), or -1 when the
 * sizes differ. If out is not NULL, appends one line per difference, at
 * most max lines, as "x,y: 'a' title | 'b' default", then "... N more"; or
 * "size 80x24 | 100x30".
 */
int canvas_diff(const struct canvas *a, const struct canvas *b,
                struct strbuf *out, int max);

/* The display columns of a code point: 0 (combining marks, zero-width
   characters, CELL_WIDE_TAIL), 2 (East Asian wide and fullwidth, wide
   emoji) or 1. */
int utf8_cp_width(uint32_t cp);

/* The display columns of UTF-8 text (s must not be NULL). */
int utf8_width(const char *s);

/*
 * The length in bytes of the longest prefix of s that fits in maxw columns
 * (never splitting a character); its width into *width if width is not
 * NULL. For cutting labels before handing them to a canvas.
 */
int utf8_prefix(const char *s, int maxw, int *width);

/*
 * Decode one UTF-8 character at *s and advance *s past it (never past the
 * terminating NUL). Invalid, overlong or surrogate sequences give '?' and
 * advance by the bytes examined. *s must not point at the NUL itself.
 */
uint32_t utf8_next(const char **s);

/* Encode cp as UTF-8 into buf (at least 4 bytes; not terminated); returns
   the length. Code points past U+10FFFF or surrogates encode '?'. */
int utf8_put(char *buf, uint32_t cp);

/* The ASCII stand-in for a glyph the views use: cp itself if ASCII, '?'
   for unknown ones. */
uint32_t glyph_ascii(uint32_t cp);

#endif
