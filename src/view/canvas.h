/*
 * canvas: a grid of cells, each a character (a Unicode code point) and a
 * role, that the views draw into and the terminal layer copies to the
 * screen (tui_blit) -- or that `rho --dump` prints as text, so a screen can
 * be compared with a golden file without a terminal (style S9; tmux's
 * grid). Drawing clips at the edges and never allocates. In ASCII mode the
 * box, block and arrow glyphs the views use are replaced by ASCII ones.
 */
#ifndef RHO_VIEW_CANVAS_H
#define RHO_VIEW_CANVAS_H

#include <stdint.h>

#include "core/strbuf.h"

struct cell {
    uint32_t ch;   /* a code point; never 0 */
    uint8_t role;  /* enum theme_role */
    uint8_t attrs; /* extra ATTR_* bits over the role's */
};

struct canvas {
    int w, h;
    int ascii; /* draw with ASCII only */
    struct cell *cell;
};

/* Make c (caller's storage) w x h of blanks in ROLE_DEFAULT. Release with
   canvas_fini(). */
void canvas_init(struct canvas *c, int w, int h, int ascii);
void canvas_fini(struct canvas *c);

/* Change the size (the contents are cleared). */
void canvas_resize(struct canvas *c, int w, int h);

/* Fill everything with blanks of a role. */
void canvas_clear(struct canvas *c, int role);

/* The cell at (x, y), or NULL outside. */
struct cell *canvas_at(struct canvas *c, int x, int y);

/* One character (ASCII-mapped in ASCII mode). */
void canvas_put(struct canvas *c, int x, int y, uint32_t ch, int role);

/*
 * UTF-8 text at (x, y), at most maxw columns (maxw < 0: to the right edge),
 * one column per character. Returns the columns written. Invalid UTF-8
 * shows as '?'.
 */
int canvas_text(struct canvas *c, int x, int y, int maxw, int role,
                const char *s);

/* printf into the canvas. */
int canvas_printf(struct canvas *c, int x, int y, int maxw, int role,
                  const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Text right-aligned so that it ends at column x + w - 1. */
int canvas_text_right(struct canvas *c, int x, int y, int w, int role,
                      const char *s);

/* A rectangle of one character. */
void canvas_fill(struct canvas *c, int x, int y, int w, int h, uint32_t ch,
                 int role);

/* Change the role of the cells of a rectangle (keeping their characters). */
void canvas_paint(struct canvas *c, int x, int y, int w, int h, int role);

/* Lines and a box with an optional title in its top edge. */
void canvas_hline(struct canvas *c, int x, int y, int w, int role);
void canvas_vline(struct canvas *c, int x, int y, int h, int role);
void canvas_box(struct canvas *c, int x, int y, int w, int h, int role,
                const char *title);

/*
 * A horizontal bar w columns wide filled to frac (0..1, clipped), in eighth
 * blocks (ASCII: '#'), the rest as spaces of empty_role.
 */
void canvas_bar(struct canvas *c, int x, int y, int w, double frac, int role,
                int empty_role);

/*
 * Words of s wrapped into lines of at most w columns from (x, y), at most
 * maxh lines. Returns the lines used (or that would be needed, if more).
 */
int canvas_wrap(struct canvas *c, int x, int y, int w, int maxh, int role,
                const char *s);

/*
 * The canvas as text, one line per row without trailing blanks, appended
 * to out; ASCII-mapped when ascii is set.
 */
void canvas_dump(const struct canvas *c, struct strbuf *out, int ascii);

/* The number of characters (columns) of UTF-8 text. */
int utf8_width(const char *s);

/* Decode one UTF-8 character at *s, advancing it; '?' if invalid. */
uint32_t utf8_next(const char **s);

/* Encode cp as UTF-8 into buf (5 bytes); returns the length. */
int utf8_put(char *buf, uint32_t cp);

/* The ASCII stand-in for a glyph the views use (cp itself if ASCII). */
uint32_t glyph_ascii(uint32_t cp);

#endif
