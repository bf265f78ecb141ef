/*
 * theme: colour themes as YAML files, read with libyaml's event API (style
 * S8). A theme gives roles (view/roles.h) a foreground, a background and
 * attributes; roles it does not mention keep the built-in style (or the
 * style of the theme it inherits). A missing or broken theme is never
 * fatal: the caller gets a message with file:line:column and keeps the
 * built-in default.
 *
 *   # themes/dark.yaml
 *   name: dark
 *   inherits: default
 *   title: { fg: white, bg: "#005f87", attrs: [bold] }
 *   tree.switch: cyan bold
 *   heat:
 *     0: { fg: 22 }
 *     9: red on default bold
 *
 * Colours: default (the terminal's), black, red, green, yellow, blue,
 * magenta, cyan, white, their bright- forms (bright-red, ...; grey is
 * bright-black), a number 0-255, or #rrggbb (the nearest of the 256).
 * Attributes: bold, dim, underline, reverse, italic.
 */
#ifndef RHO_THEME_THEME_H
#define RHO_THEME_THEME_H

#include <stddef.h>

#include "core/rho_err.h"
#include "view/roles.h"

struct theme_style {
    int fg, bg; /* -1 default, 0-255 */
    int attrs;  /* ATTR_* */
};

struct theme {
    char name[64];
    char path[1024]; /* the file it came from, "" if built in */
    struct theme_style role[ROLE_COUNT];
};

/* The built-in default (roles.h) into t. */
void theme_default(struct theme *t);

/*
 * Read the theme file at path into t, over t's current styles (so a caller
 * may start from theme_default()). An "inherits: NAME" line loads that
 * theme first (found like theme_find(); at most 8 deep). Returns 0, or -1
 * with err filled as "path:line:column: what" (RHO_EIO if the file cannot
 * be read); t is then unchanged.
 */
int theme_load(struct theme *t, const char *path, const char *datadir,
               struct rho_err *err);

/*
 * Find a theme by name or path: a path when it holds '/' or ends in .yaml
 * or .yml; else NAME.yaml or NAME.yml in $XDG_CONFIG_HOME/rho/themes
 * (default ~/.config/rho/themes), then datadir/themes (may be NULL), then
 * ./themes. Writes the path into out (n bytes). Returns 0, or -1 with err
 * naming the places looked in.
 */
int theme_find(const char *name, const char *datadir, char *out, size_t n,
               struct rho_err *err);

/*
 * The names of the themes that can be found (for cycling): those in the
 * three directories above, sorted, each once, "default" first. Writes at
 * most max names of 64 bytes; returns how many there are.
 */
int theme_list(const char *datadir, char (*names)[64], int max);

/* Parse a colour ("red", "bright-blue", "214", "#ff8700", "default") into
   -1..255. Returns 0, or -1 with err filled. */
int theme_colour(const char *s, int *out, struct rho_err *err);

#endif
