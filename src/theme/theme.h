/*
 * theme: colour themes as YAML files, read with libyaml's event API (style
 * S8). A theme gives roles (view/roles.h) a foreground, a background and
 * attributes, as data: this layer never sees a terminal; tui.c turns a
 * theme into colour pairs. Roles a theme does not mention keep the
 * built-in style (or the style of the theme it inherits). A missing or
 * broken theme is never fatal: the caller gets a message with
 * file:line:column and keeps the built-in default.
 *
 *   # themes/dark.yaml
 *   name: dark
 *   inherits: default
 *   title: { fg: white, bg: "#005f87", attrs: [bold] }
 *   tree.switch: cyan bold
 *   heat:
 *     0: { fg: 22 }
 *     9: red on default bold
 *   tab:                       # a role and a group at once
 *     bg: 236
 *     active: 16 on 39 bold    # tab.active
 *
 * Colours: default (the terminal's), black, red, green, yellow, blue,
 * magenta, cyan, white, their bright- forms (bright-red, ...; grey is
 * bright-black), a number 0-255, or #rrggbb / #rgb (24-bit: kept as
 * written, with the nearest of the 256 beside it). Attributes: bold, dim,
 * underline, reverse, italic.
 *
 * Colour depth is the caller's business: theme_degrade() maps a theme to
 * what a terminal has (24-bit, 256, 16, 8 colours or none) by nearest
 * colour, never by replacement; these are pure functions.
 */
#ifndef RHO_THEME_THEME_H
#define RHO_THEME_THEME_H

#include <stddef.h>

#include "core/base/rho_err.h"
#include "view/export.h"
#include "view/roles.h"

struct theme_style {
    int fg, bg;         /* -1 default, 0-15 ANSI, 16-255 xterm palette */
    int attrs;          /* ATTR_* */
    int fg_rgb, bg_rgb; /* 0xrrggbb if the theme gave #rrggbb, else -1;
                           fg/bg then hold the nearest of 16-255 */
};

struct theme {
    char name[64];
    char path[1024]; /* the file it came from, "" if built in */
    struct theme_style role[ROLE_COUNT];
};

/* Colour depths for theme_degrade() and friends. */
enum {
    THEME_MONO = 0,           /* no colour: attributes only (NO_COLOR, -C) */
    THEME_8 = 8,              /* the ANSI colours 0-7 */
    THEME_16 = 16,            /* and their bright forms 8-15 */
    THEME_256 = 256,          /* the xterm palette */
    THEME_TRUECOLOR = 1 << 24 /* 24-bit: fg_rgb/bg_rgb usable as they are */
};

/* The built-in default (roles.h) into t, named "default" with path "". */
void theme_default(struct theme *t);

/*
 * Read the theme file at path into t, over t's current styles (so a caller
 * may start from theme_default()). An "inherits: NAME" line loads that
 * theme first (found like theme_find(), a relative path first beside the
 * file that inherits; "default" may be the built-in one; at most 8 deep).
 * The theme's name is its name: line, else the file's base name. Returns
 * 0, or -1 with err filled as "path:line:column: what" (RHO_EINPUT) or
 * "path: cannot open: why" (RHO_EIO); t is then unchanged. datadir may be
 * NULL; err may be NULL.
 */
int theme_load(struct theme *t, const char *path, const char *datadir,
               struct rho_err *err);

/*
 * Find a theme by name or path: a path when it holds '/' or ends in .yaml
 * or .yml; else NAME.yaml or NAME.yml in $XDG_CONFIG_HOME/rho/themes
 * (default ~/.config/rho/themes), then datadir/themes (datadir may be
 * NULL), then ./themes. Writes the path into out (n bytes). Returns 0, or
 * -1 with err naming the places looked in.
 */
int theme_find(const char *name, const char *datadir, char *out, size_t n,
               struct rho_err *err);

/*
 * theme_find() then theme_load() over the built-in default, in one call:
 * the theme called name (or at that path) into t. "default" that no file
 * overrides is the built-in theme. Returns 0, or -1 with err filled and t
 * the built-in default (the caller shows the message and goes on).
 */
int theme_open(struct theme *t, const char *name, const char *datadir,
               struct rho_err *err);

/*
 * The names of the themes that can be found (for cycling): "default"
 * first (a file of that name, or the built-in theme), then those in the
 * three directories above, sorted, each once (up to 256 are counted).
 * Writes at most max names of 64 bytes into names; returns how many there
 * are, which may be more than max.
 */
int theme_list(const char *datadir, char (*names)[64], int max);

/*
 * Parse a colour ("red", "bright-blue", "grey", "214", "#ff8700", "#f80",
 * "default" or its synonym "none") into *index (-1 default, 0-255; for
 * #rrggbb the nearest of 16-255) and, if rgb is not NULL, *rgb (0xrrggbb
 * for #rrggbb, else -1). Returns 0, or -1 with err (may be NULL) filled
 * with the names it accepts.
 */
int theme_colour(const char *s, int *index, int *rgb, struct rho_err *err);

/*
 * A style as a theme file would write it: "bright-white on 24 bold",
 * "#005f87 on default", "default reverse". Colours 0-15 by name, 16-255 as
 * numbers, 24-bit ones as #rrggbb; "on BG" only when there is a
 * background; attributes in the order bold, dim, underline, reverse,
 * italic. Read back as a theme line it gives the same style (for saving
 * themes and for rho-theme(5)). Writes at most n bytes into buf (always
 * terminated when n > 0); returns the length it wanted, like snprintf.
 */
int theme_style_format(const struct theme_style *st, char *buf, size_t n);

/* The xterm default 0xrrggbb of palette colour c (0-255); -1 otherwise. */
int theme_palette_rgb(int c);

/*
 * The palette colour nearest to 0xrrggbb among those a terminal of depth
 * ncolors shows: 0-7 (THEME_8), 0-15 (THEME_16) or 16-255 (THEME_256 and
 * up: 0-15 are left out because terminals redefine them). Distance is
 * the "redmean" weighted RGB distance. -1 for THEME_MONO or rgb < 0.
 */
int theme_nearest(int rgb, int ncolors);

/*
 * A colour for a terminal of depth ncolors: index (with its 24-bit value
 * rgb, or -1) as the nearest colour that terminal has. -1 (default) stays
 * -1; everything becomes -1 for THEME_MONO; at THEME_256 and up the index
 * is kept.
 */
int theme_degrade_colour(int index, int rgb, int ncolors);

/*
 * Map every role of t to a terminal of depth ncolors, in place: colours
 * by theme_degrade_colour(), except that a foreground that would become
 * its background takes the next nearest colour, and so does one on the
 * terminal's own background that would be its colour (black on a dark
 * theme, white on a light one: the default role's text says which): a
 * grey becomes grey (16 colours) or the text colour dimmed (8); below
 * THEME_TRUECOLOR the
 * 24-bit values are dropped (-1). For THEME_MONO all colours go and a role
 * that used one gets its monochrome attributes (theme_role_mono()) added
 * to its own, so selections and bars stay visible.
 */
void theme_degrade(struct theme *t, int ncolors);

/*
 * The palette an export (view/export.h) draws with t into *p: the ANSI
 * colours as a terminal of depth ncolors shows them (theme_degrade()),
 * the SVG colours at 24 bits (#rrggbb as the theme gave them, else the
 * xterm palette's), and the SVG's default colours from t's "default"
 * role, else light grey on near-black -- or near-black on white behind a
 * dark default text (a light theme). At THEME_MONO the SVG has no colour
 * either: the roles' monochrome attributes, default colours only.
 */
void theme_export_palette(const struct theme *t, int ncolors,
                          struct export_palette *p);

#endif
