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
 * x + w - 1. Text wider than w loses its left end (it keeps the units of a
 * number). Returns the columns written.
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
