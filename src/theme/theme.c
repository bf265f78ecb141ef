/*
 * theme: YAML themes through libyaml's event API. See theme.h.
 *
 * libyaml's functions return 1 on success and 0 on failure, the opposite
 * of rho's; the conversion happens in next_event() and at
 * yaml_parser_initialize(). Every event is deleted once read, and the
 * parser and the file's text are released after one out: label. A file is
 * applied to a copy of the theme, which replaces the caller's only when the
 * whole file was read without error.
 *
 * The file is read whole and given to libyaml as a string, so that an
 * encoding error, which libyaml reports as a byte offset only, can be
 * placed by line and column. A key met twice in one file is an error (the
 * dotted and the nested form of a role are the same key), and so is an
 * alias: YAML would let the last of two keys win, or an alias stand for
 * any node, where a theme wants one obvious reading.
 *
 * Every value is read to its end by the function that parses it (a style
 * mapping to its MAPPING_END, an attrs list to its SEQUENCE_END), and any
 * error stops the whole file, so no value is ever skipped unread.
 */
#include "theme/theme.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <yaml.h>

#include "core/base/readfile.h"
#include "core/base/rho_alloc.h"

#define INHERIT_DEPTH 8

/* What a style string must look like, for messages. */
#define STYLE_EXPECTED                                                         \
    "expected a style such as \"red on default bold\" or { fg: red, "          \
    "attrs: [bold] }"

/* What a file set of a role, so that inherits fills in only the rest. */
enum { SET_FG = 1, SET_BG = 2, SET_ATTRS = 4, SET_ALL = 7 };

void
theme_default(struct theme *t)
{
    memset(t, 0, sizeof *t);
    snprintf(t->name, sizeof t->name, "default");
    for (int r = 0; r < ROLE_COUNT; r++) {
        struct theme_style *st = &t->role[r];
        theme_role_default(r, &st->fg, &st->bg, &st->attrs);
        st->fg_rgb = st->bg_rgb = -1;
    }
}

/* ---- colours ---- */

static const char *const colour_names[16] = {
    "black",        "red",
    "green",        "yellow",
    "blue",         "magenta",
    "cyan",         "white",
    "bright-black", "bright-red",
    "bright-green", "bright-yellow",
    "bright-blue",  "bright-magenta",
    "bright-cyan",  "bright-white",
};

int
theme_palette_rgb(int c)
{
    static const int base[16] = {
        0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd,
        0x00cdcd, 0xe5e5e5, 0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00,
        0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff,
    };
    static const int level[6] = {0, 95, 135, 175, 215, 255};

    if (c < 0 || c > 255)
        return -1;
    if (c < 16)
        return base[c];
    if (c < 232) {
        c -= 16;
        return level[c / 36] << 16 | level[(c / 6) % 6] << 8 | level[c % 6];
    }
    c = 8 + 10 * (c - 232);
    return c << 16 | c << 8 | c;
}

/* The "redmean" distance of two colours: cheap, and closer to what the eye
   sees than plain RGB distance. */
static long
distance(int a, int b)
{
    long r1 = a >> 16 & 255, g1 = a >> 8 & 255, b1 = a & 255;
    long r2 = b >> 16 & 255, g2 = b >> 8 & 255, b2 = b & 255;
    long rm = (r1 + r2) / 2, dr = r1 - r2, dg = g1 - g2, db = b1 - b2;

    return (((512 + rm) * dr * dr) >> 8) + 4 * dg * dg +
           (((767 - rm) * db * db) >> 8);
}

/* The nearest palette colour of the depth, leaving out colour skip. */
static int
nearest_but(int rgb, int ncolors, int skip)
{
    int from = 0, to, best = -1;
    long bd = 0;

    if (ncolors <= THEME_MONO || rgb < 0)
        return -1;
    if (ncolors >= THEME_256) {
        from = 16;
        to = 256;
    } else {
        to = ncolors >= THEME_16 ? 16 : 8;
    }
    for (int c = from; c < to; c++) {
        long d;
        if (c == skip)
            continue;
        d = distance(rgb, theme_palette_rgb(c));
        if (best < 0 || d < bd) {
            best = c;
            bd = d;
        }
    }
    return best;
}

int
theme_nearest(int rgb, int ncolors)
{
    return nearest_but(rgb, ncolors, -1);
}

int
theme_degrade_colour(int index, int rgb, int ncolors)
{
    if (index < 0 || ncolors <= THEME_MONO)
        return -1;
    if (ncolors >= THEME_256)
        return index;
    if (rgb < 0 && index < (ncolors >= THEME_16 ? 16 : 8))
        return index;
    return theme_nearest(rgb >= 0 ? rgb : theme_palette_rgb(index), ncolors);
}

static int luma(int rgb);

/* The colour of the terminal's own background t is most likely meant for,
   at a depth under 256: white behind a dark default text (a light theme),
   else black. */
static int
assumed_bg(const struct theme *t, int ncolors)
{
    const struct theme_style *d = &t->role[ROLE_DEFAULT];
    int rgb = d->fg_rgb >= 0 ? d->fg_rgb : theme_palette_rgb(d->fg);

    if (d->bg >= 0) /* the theme paints its own background */
        return -1;
    if (rgb >= 0 && luma(rgb) < 128)
        return ncolors >= THEME_16 ? 15 : 7;
    return 0;
}

/* Is 0xrrggbb a grey (its channels within 24 of each other)? */
static int
greyish(int rgb)
{
    int r = rgb >> 16 & 255, g = rgb >> 8 & 255, b = rgb & 255;
    int hi = r > g ? (r > b ? r : b) : (g > b ? g : b);
    int lo = r < g ? (r < b ? r : b) : (g < b ? g : b);

    return hi - lo <= 24;
}

void
theme_degrade(struct theme *t, int ncolors)
{
    int tbg = ncolors > THEME_MONO && ncolors < THEME_256
                  ? assumed_bg(t, ncolors)
                  : -1;

    for (int r = 0; r < ROLE_COUNT; r++) {
        struct theme_style *st = &t->role[r];
        int fg, bg;
        if (ncolors <= THEME_MONO) {
            if (st->fg >= 0 || st->bg >= 0)
                st->attrs |= theme_role_mono(r);
            st->fg = st->bg = st->fg_rgb = st->bg_rgb = -1;
            continue;
        }
        fg = theme_degrade_colour(st->fg, st->fg_rgb, ncolors);
        bg = theme_degrade_colour(st->bg, st->bg_rgb, ncolors);
        if (fg >= 0 && fg == bg && st->fg != st->bg && ncolors < THEME_256)
            fg = nearest_but(st->fg_rgb >= 0 ? st->fg_rgb
                                             : theme_palette_rgb(st->fg),
                             ncolors, bg);
        if (fg >= 0 && bg < 0 && tbg >= 0 &&
            (fg == tbg || (tbg != 0 && (fg == 7 || fg == 15)))) {
            /* a faint colour on the terminal's own background would vanish
               (grey guides and idle dots black on black): a grey becomes
               the grey or the text colour the terminal has, dimmed, another
               colour the next nearest */
            int rgb = st->fg_rgb >= 0 ? st->fg_rgb : theme_palette_rgb(st->fg);
            if (greyish(rgb)) {
                fg = ncolors >= THEME_16 ? 8 : tbg == 0 ? 7 : 0;
                if (ncolors < THEME_16)
                    st->attrs |= ATTR_DIM;
            } else {
                fg = nearest_but(rgb, ncolors, tbg);
            }
        }
        st->fg = fg;
        st->bg = bg;
        if (ncolors < THEME_TRUECOLOR)
            st->fg_rgb = st->bg_rgb = -1;
    }
}

static int
hexval(int ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    ch = tolower(ch);
    return ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

/* "#rrggbb" or "#rgb" as 0xrrggbb, or -1. */
static int
parse_hex(const char *s)
{
    size_t n = strlen(s);
    int v = 0;

    if (s[0] != '#' || (n != 7 && n != 4))
        return -1;
    for (size_t i = 1; i < n; i++) {
        int h = hexval((unsigned char)s[i]);
        if (h < 0)
            return -1;
        v = n == 7 ? v << 4 | h : v << 8 | h << 4 | h;
    }
    return v;
}

int
theme_colour(const char *s, int *index, int *rgb, struct rho_err *err)
{
    char *end;
    long v;
    int hex;

    if (rgb)
        *rgb = -1;
    if (strcmp(s, "default") == 0 || strcmp(s, "none") == 0) {
        *index = -1;
        return 0;
    }
    for (int k = 0; k < 16; k++)
        if (strcmp(s, colour_names[k]) == 0) {
            *index = k;
            return 0;
        }
    if (strcmp(s, "grey") == 0 || strcmp(s, "gray") == 0) {
        *index = 8;
        return 0;
    }
    if ((hex = parse_hex(s)) >= 0) {
        *index = theme_nearest(hex, THEME_256);
        if (rgb)
            *rgb = hex;
        return 0;
    }
    v = strtol(s, &end, 10);
    if (isdigit((unsigned char)s[0]) && *end == '\0' && v >= 0 && v <= 255) {
        *index = (int)v;
        return 0;
    }
    return rho_err_set(err, RHO_EINPUT,
                       "unknown colour '%s' (expected default, black, red, "
                       "green, yellow, blue, magenta, cyan, white, "
                       "bright-NAME, grey, 0-255 or #rrggbb)",
                       s);
}

/* ---- attributes and style strings ---- */

static const struct {
    const char *name;
    int bit;
} attr_tab[] = {
    {"bold", ATTR_BOLD},           {"dim", ATTR_DIM},
    {"underline", ATTR_UNDERLINE}, {"reverse", ATTR_REVERSE},
    {"italic", ATTR_ITALIC},       {"normal", 0},
};

static int
attr_of(const char *s)
{
    for (size_t i = 0; i < sizeof attr_tab / sizeof attr_tab[0]; i++)
        if (strcmp(s, attr_tab[i].name) == 0)
            return attr_tab[i].bit;
    return -1;
}

/* The words of buf (a copy of a style or attributes string, cut up in
   place), separated by blanks and commas: the first with *save NULL. */
static char *
next_word(char *buf, char **save)
{
    return strtok_r(*save ? NULL : buf, " \t,", save);
}

/* The style string text into *st; buf is a copy of text to cut up. */
static int
style_words(char *buf, struct theme_style *st, struct rho_err *err)
{
    char *tok, *save = NULL;
    int fg_set = 0, bg_set = 0, want_bg = 0, words = 0;

    for (; (tok = next_word(buf, &save)) != NULL; words++) {
        int a;
        if (strcmp(tok, "on") == 0 && !want_bg) {
            if (bg_set)
                return rho_err_set(err, RHO_EINPUT,
                                   "a second 'on' (a style has one "
                                   "background)");
            want_bg = bg_set = 1;
            continue;
        }
        if (want_bg) {
            if (theme_colour(tok, &st->bg, &st->bg_rgb, err) != 0)
                return -1;
            want_bg = 0;
            continue;
        }
        if ((a = attr_of(tok)) >= 0) {
            st->attrs |= a;
            continue;
        }
        if (fg_set)
            return rho_err_set(err, RHO_EINPUT,
                               "'%s': expected 'on', an attribute (bold, "
                               "dim, underline, reverse, italic) or nothing "
                               "after the colour",
                               tok);
        if (theme_colour(tok, &st->fg, &st->fg_rgb, err) != 0)
            return -1;
        fg_set = 1;
    }
    if (want_bg)
        return rho_err_set(err, RHO_EINPUT, "'on' without a colour after it");
    if (words == 0) /* "" would be the default: "default" says so */
        return rho_err_set(err, RHO_EINPUT, STYLE_EXPECTED);
    return 0;
}

/* "red on default bold": a colour, optionally "on" a colour, attributes,
   of any length. A style string says it all: what it leaves out is the
   default. */
static int
parse_style_text(const char *text, struct theme_style *st, struct rho_err *err)
{
    char *buf = xstrdup(text);
    int rc;

    st->fg = st->bg = st->fg_rgb = st->bg_rgb = -1;
    st->attrs = 0;
    rc = style_words(buf, st, err);
    free(buf);
    return rc;
}

/* One colour as a theme writes it. */
static void
colour_text(int index, int rgb, char *buf, size_t n)
{
    if (rgb >= 0)
        snprintf(buf, n, "#%06x", (unsigned)rgb & 0xffffffu);
    else if (index < 0 || index > 255)
        snprintf(buf, n, "default");
    else if (index < 16)
        snprintf(buf, n, "%s", colour_names[index]);
    else
        snprintf(buf, n, "%d", index);
}

int
theme_style_format(const struct theme_style *st, char *buf, size_t n)
{
    char text[128], c[16];
    size_t len;

    colour_text(st->fg, st->fg_rgb, text, sizeof text);
    if (st->bg >= 0 || st->bg_rgb >= 0) {
        colour_text(st->bg, st->bg_rgb, c, sizeof c);
        len = strlen(text);
        snprintf(text + len, sizeof text - len, " on %s", c);
    }
    for (size_t i = 0; i < sizeof attr_tab / sizeof attr_tab[0]; i++)
        if (attr_tab[i].bit & st->attrs) {
            len = strlen(text);
            snprintf(text + len, sizeof text - len, " %s", attr_tab[i].name);
        }
    return snprintf(buf, buf ? n : 0, "%s", text);
}

/* ---- the parser ---- */

/* A key met in a file, and where. */
struct seen {
    char *role; /* owned: the role of a style field ("title"), else NULL */
    char *name; /* owned: the field ("fg"), or the dotted key ("heat.0") */
    yaml_mark_t mark;
};

struct rd {
    yaml_parser_t p;
    const char *path;
    const char *text; /* the file's text, as given to the parser */
    size_t len;
    const char *datadir;
    int depth;
    struct theme *t;
    unsigned char set[ROLE_COUNT]; /* SET_* bits: what this file set */
    int named;                     /* the file gave a name */
    struct seen *seen;             /* owned: every key so far */
    size_t nseen, capseen;
    struct rho_err *err;
};

/* Fill err with "path:line:col: msg" at mark m (0-based, shown 1-based). */
__attribute__((format(printf, 3, 4))) static int
fail(struct rd *r, const yaml_mark_t *m, const char *fmt, ...)
{
    char msg[400];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return rho_err_set(r->err, RHO_EINPUT, "%s:%zu:%zu: %s", r->path,
                       m->line + 1, m->column + 1, msg);
}

/*
 * The place of byte offset in the text, as libyaml marks it (0-based):
 * lines end at LF, CR LF or CR; columns count characters, not the bytes
 * that continue one, nor a byte order mark.
 */
static yaml_mark_t
mark_at(const struct rd *r, size_t offset)
{
    const unsigned char *s = (const unsigned char *)r->text;
    yaml_mark_t m = {offset, 0, 0};
    size_t i = 0;

    if (offset > r->len)
        offset = r->len;
    if (r->len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
        i = 3;
    for (; i < offset; i++) {
        if (s[i] == '\n' ||
            (s[i] == '\r' && (i + 1 >= r->len || s[i + 1] != '\n'))) {
            m.line++;
            m.column = 0;
        } else if (s[i] != '\r' && (s[i] & 0xc0) != 0x80) {
            m.column++;
        }
    }
    return m;
}

/*
 * The next event: 0, or -1 with err filled from libyaml's problem, at its
 * place: "x.yaml:3:1: found unexpected end of stream while scanning a
 * quoted scalar (from 1:8)", where the context started. An encoding
 * error has no mark, only a byte offset. An alias is refused.
 */
static int
next_event(struct rd *r, yaml_event_t *ev)
{
    char from[48] = "";
    yaml_mark_t m;

    if (yaml_parser_parse(&r->p, ev) == 1) {
        int rc;
        if (ev->type != YAML_ALIAS_EVENT)
            return 0;
        rc = fail(r, &ev->start_mark,
                  "aliases (*%s) are not supported in themes",
                  (const char *)ev->data.alias.anchor);
        yaml_event_delete(ev);
        return rc;
    }
    if (r->p.error == YAML_READER_ERROR)
        m = mark_at(r, r->p.problem_offset);
    else
        m = r->p.problem_mark;
    if (r->p.context)
        snprintf(from, sizeof from, " (from %zu:%zu)",
                 r->p.context_mark.line + 1, r->p.context_mark.column + 1);
    return rho_err_set(
        r->err, RHO_EINPUT, "%s:%zu:%zu: %s%s%s%s", r->path, m.line + 1,
        m.column + 1, r->p.problem ? r->p.problem : "bad YAML",
        r->p.context ? " " : "", r->p.context ? r->p.context : "", from);
}

/*
 * Remember the key at mark m: a role or group's dotted name (role NULL)
 * or the field name of role. Refuses one met before in this file.
 */
static int
once(struct rd *r, const char *role, const char *name, const yaml_mark_t *m)
{
    struct seen *s;

    for (size_t i = 0; i < r->nseen; i++) {
        s = &r->seen[i];
        if ((role ? s->role && strcmp(s->role, role) == 0 : !s->role) &&
            strcmp(s->name, name) == 0)
            return fail(r, m, "%s%s'%s' given twice (first at %zu:%zu)",
                        role ? role : "", role ? ": " : "", name,
                        s->mark.line + 1, s->mark.column + 1);
    }
    if (r->nseen == r->capseen) {
        r->capseen = rho_grow_cap(r->capseen, r->nseen + 1);
        r->seen = xreallocarray(r->seen, r->capseen, sizeof *r->seen);
    }
    s = &r->seen[r->nseen++];
    s->role = role ? xstrdup(role) : NULL;
    s->name = xstrdup(name);
    s->mark = *m;
    return 0;
}

static const char *
scalar(const yaml_event_t *ev)
{
    return (const char *)ev->data.scalar.value;
}

/* Is v YAML's null: nothing, ~ or null, unquoted? */
static int
is_null(const yaml_event_t *v)
{
    static const char *const nulls[] = {"", "~", "null", "Null", "NULL"};

    if (v->type != YAML_SCALAR_EVENT ||
        v->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return 0;
    for (size_t i = 0; i < sizeof nulls / sizeof nulls[0]; i++)
        if (strcmp(scalar(v), nulls[i]) == 0)
            return 1;
    return 0;
}

/* Does any role's key start with "key."? */
static int
is_group(const char *key)
{
    size_t n = strlen(key);

    for (int x = 0; x < ROLE_COUNT; x++) {
        const char *k = theme_role_key(x);
        if (strncmp(k, key, n) == 0 && k[n] == '.')
            return 1;
    }
    return 0;
}

/* attrs: [bold, ...] or attrs: "bold underline" (of any length) of role
   key; v was read. */
static int
parse_attrs(struct rd *r, const char *key, const yaml_event_t *v, int *out)
{
    int attrs = 0, rc = 0;

    if (v->type == YAML_SCALAR_EVENT) {
        char *buf = xstrdup(scalar(v)), *tok, *save = NULL;
        while (rc == 0 && (tok = next_word(buf, &save)) != NULL) {
            int bit = attr_of(tok);
            if (bit < 0)
                rc = fail(r, &v->start_mark,
                          "%s: unknown attribute '%s' (expected bold, "
                          "dim, underline, reverse, italic)",
                          key, tok);
            else
                attrs |= bit;
        }
        free(buf);
        if (rc == 0)
            *out = attrs;
        return rc;
    }
    if (v->type != YAML_SEQUENCE_START_EVENT)
        return fail(r, &v->start_mark, "%s: attrs: expected a list", key);
    for (;;) {
        yaml_event_t a;
        int bit;
        if (next_event(r, &a) != 0)
            return -1;
        if (a.type == YAML_SEQUENCE_END_EVENT) {
            yaml_event_delete(&a);
            break;
        }
        if (a.type != YAML_SCALAR_EVENT || (bit = attr_of(scalar(&a))) < 0) {
            rc = fail(r, &a.start_mark,
                      "%s: unknown attribute '%s' (expected bold, dim, "
                      "underline, reverse, italic)",
                      key, a.type == YAML_SCALAR_EVENT ? scalar(&a) : "?");
            yaml_event_delete(&a);
            return rc;
        }
        attrs |= bit;
        yaml_event_delete(&a);
    }
    *out = attrs;
    return 0;
}

static int parse_value(struct rd *r, const char *key, const yaml_event_t *k,
                       const yaml_event_t *v);

/*
 * The mapping value of key (its start event was read): style fields (fg,
 * bg, attrs) if key is a role, which change only what they name, and
 * roles under key ("heat: { 0: ... }" is heat.0) if key is a group.
 */
static int
parse_mapping(struct rd *r, const char *key, int role)
{
    struct theme_style st = {-1, -1, 0, -1, -1};
    int fields = 0, group = is_group(key);

    if (role >= 0)
        st = r->t->role[role];
    for (;;) {
        yaml_event_t k, v;
        char sub[160];
        const char *name;
        int rc = 0;

        if (next_event(r, &k) != 0)
            return -1;
        if (k.type == YAML_MAPPING_END_EVENT) {
            yaml_event_delete(&k);
            break;
        }
        if (k.type != YAML_SCALAR_EVENT) {
            rc = fail(r, &k.start_mark, "%s",
                      role >= 0 ? "expected fg, bg or attrs"
                                : "expected a role name");
            yaml_event_delete(&k);
            return rc;
        }
        if (next_event(r, &v) != 0) {
            yaml_event_delete(&k);
            return -1;
        }
        name = scalar(&k);
        snprintf(sub, sizeof sub, "%s.%s", key, name);
        if (role >= 0 && (strcmp(name, "fg") == 0 || strcmp(name, "bg") == 0)) {
            struct rho_err e;
            int fg = name[0] == 'f';
            if (once(r, key, name, &k.start_mark) != 0)
                rc = -1;
            else if (v.type != YAML_SCALAR_EVENT)
                rc = fail(r, &v.start_mark, "%s: %s: expected a colour", key,
                          name);
            else if (theme_colour(scalar(&v), fg ? &st.fg : &st.bg,
                                  fg ? &st.fg_rgb : &st.bg_rgb, &e) != 0)
                rc = fail(r, &v.start_mark, "%s: %s", key, e.msg);
            fields |= fg ? SET_FG : SET_BG;
        } else if (role >= 0 && strcmp(name, "attrs") == 0) {
            rc = once(r, key, name, &k.start_mark);
            if (rc == 0)
                rc = parse_attrs(r, key, &v, &st.attrs);
            fields |= SET_ATTRS;
        } else if (group && (theme_role_lookup(sub) >= 0 || is_group(sub))) {
            rc = once(r, NULL, sub, &k.start_mark);
            if (rc == 0)
                rc = parse_value(r, sub, &k, &v);
        } else if (group && role >= 0) {
            rc =
                fail(r, &k.start_mark, "unknown style field or role '%s'", sub);
        } else if (group) {
            rc = fail(r, &k.start_mark, "unknown role '%s'", sub);
        } else {
            rc =
                fail(r, &k.start_mark,
                     "unknown style field '%s' (expected fg, bg, attrs)", name);
        }
        yaml_event_delete(&k);
        yaml_event_delete(&v);
        if (rc != 0)
            return -1;
    }
    if (role >= 0 && fields != 0) {
        r->t->role[role] = st;
        r->set[role] |= (unsigned char)fields;
    }
    return 0;
}

/* The value v of the role or group key (k is its key event, for marks). */
static int
parse_value(struct rd *r, const char *key, const yaml_event_t *k,
            const yaml_event_t *v)
{
    int role = theme_role_lookup(key);

    if (v->type == YAML_MAPPING_START_EVENT) {
        if (role < 0 && !is_group(key))
            return fail(r, &k->start_mark, "unknown role '%s'", key);
        return parse_mapping(r, key, role);
    }
    if (role < 0)
        return fail(r, &k->start_mark, "unknown role '%s'", key);
    if (is_null(v)) /* its mark may be the next line's */
        return fail(r, &k->start_mark, "%s: %s", key, STYLE_EXPECTED);
    if (v->type == YAML_SCALAR_EVENT) {
        struct theme_style st;
        struct rho_err e;
        if (parse_style_text(scalar(v), &st, &e) != 0)
            return fail(r, &v->start_mark, "%s: %s", key, e.msg);
        r->t->role[role] = st;
        r->set[role] = SET_ALL;
        return 0;
    }
    return fail(r, &v->start_mark, "%s: %s", key, STYLE_EXPECTED);
}

static int load_rec(struct theme *t, const char *path, const char *datadir,
                    int depth, struct rho_err *err);

static int
ends_with(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);

    return a >= b && strcmp(s + a - b, suf) == 0;
}

static int
is_path(const char *name)
{
    return strchr(name, '/') || ends_with(name, ".yaml") ||
           ends_with(name, ".yml");
}

/* Can path be opened for reading? Without blocking: it may be a FIFO
   (which load_rec() then refuses with a message). errno says why not. */
static int
readable(const char *path)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

    if (fd < 0)
        return 0;
    close(fd);
    return 1;
}

/* inherits: NAME -- load it, then keep this file's own roles. */
static int
inherit(struct rd *r, const yaml_event_t *v)
{
    const char *name = scalar(v);
    char found[1024];
    struct theme base;
    struct rho_err e;
    const char *slash = strrchr(r->path, '/');

    if (r->depth >= INHERIT_DEPTH)
        return fail(r, &v->start_mark, "inherits: more than %d deep",
                    INHERIT_DEPTH);
    found[0] = '\0';
    if (is_path(name) && name[0] != '/' && slash != NULL) {
        /* a relative path: beside the file that inherits, first */
        snprintf(found, sizeof found, "%.*s/%s", (int)(slash - r->path),
                 r->path, name);
        if (!readable(found))
            found[0] = '\0';
    }
    theme_default(&base);
    if (found[0] == '\0' &&
        theme_find(name, r->datadir, found, sizeof found, &e) != 0) {
        if (strcmp(name, "default") != 0)
            return fail(r, &v->start_mark, "inherits: %s", e.msg);
        found[0] = '\0'; /* the built-in default will do */
    }
    if (found[0] && load_rec(&base, found, r->datadir, r->depth + 1, &e) != 0)
        return rho_err_set(r->err, e.code, "%s", e.msg);
    for (int x = 0; x < ROLE_COUNT; x++) {
        /* this file's own lines win, wherever they stand */
        struct theme_style *st = &r->t->role[x];
        if (!(r->set[x] & SET_FG)) {
            st->fg = base.role[x].fg;
            st->fg_rgb = base.role[x].fg_rgb;
        }
        if (!(r->set[x] & SET_BG)) {
            st->bg = base.role[x].bg;
            st->bg_rgb = base.role[x].bg_rgb;
        }
        if (!(r->set[x] & SET_ATTRS))
            st->attrs = base.role[x].attrs;
    }
    return 0;
}

/* The top-level mapping: name, description, inherits and roles. */
static int
parse_top(struct rd *r)
{
    for (;;) {
        yaml_event_t k, v;
        const char *key;
        int rc = 0;

        if (next_event(r, &k) != 0)
            return -1;
        if (k.type == YAML_MAPPING_END_EVENT) {
            yaml_event_delete(&k);
            return 0;
        }
        if (k.type != YAML_SCALAR_EVENT) {
            rc = fail(r, &k.start_mark, "expected a role name");
            yaml_event_delete(&k);
            return rc;
        }
        if (next_event(r, &v) != 0) {
            yaml_event_delete(&k);
            return -1;
        }
        key = scalar(&k);
        if (once(r, NULL, key, &k.start_mark) != 0) {
            rc = -1;
        } else if (strcmp(key, "name") == 0 ||
                   strcmp(key, "description") == 0) {
            if (v.type != YAML_SCALAR_EVENT) {
                rc = fail(r, &v.start_mark, "%s: expected text", key);
            } else if (key[0] == 'n') {
                snprintf(r->t->name, sizeof r->t->name, "%s", scalar(&v));
                r->named = 1;
            }
        } else if (strcmp(key, "inherits") == 0) {
            if (v.type != YAML_SCALAR_EVENT)
                rc = fail(r, &v.start_mark, "inherits: expected a theme name");
            else
                rc = inherit(r, &v);
        } else {
            rc = parse_value(r, key, &k, &v);
        }
        yaml_event_delete(&k);
        yaml_event_delete(&v);
        if (rc != 0)
            return -1;
    }
}

/* The largest theme file read (bytes). */
#define THEME_MAX_BYTES (1 << 20)

/* A theme file's text (terminated, its length in *len; caller frees),
   or NULL with err filled: see readfile(). */
static char *
read_theme(const char *path, size_t *len, struct rho_err *err)
{
    return readfile(path, THEME_MAX_BYTES, "a theme", len, err);
}

static int
load_rec(struct theme *t, const char *path, const char *datadir, int depth,
         struct rho_err *err)
{
    struct rd r;
    struct theme tmp = *t;
    size_t len = 0;
    char *text = read_theme(path, &len, err);
    yaml_event_t ev;
    int rc = -1, started = 0;

    if (text == NULL)
        return -1;
    memset(&r, 0, sizeof r);
    r.path = path;
    r.text = text;
    r.len = len;
    r.datadir = datadir;
    r.depth = depth;
    r.t = &tmp;
    r.err = err;
    if (yaml_parser_initialize(&r.p) != 1) {
        rho_err_set(err, RHO_EIO, "%s: libyaml: out of memory", path);
        goto out;
    }
    started = 1;
    yaml_parser_set_input_string(&r.p, (const unsigned char *)text, len);
    for (;;) {
        if (next_event(&r, &ev) != 0)
            goto out;
        if (ev.type == YAML_STREAM_END_EVENT) {
            yaml_event_delete(&ev);
            break;
        }
        if (ev.type == YAML_MAPPING_START_EVENT) {
            yaml_event_delete(&ev);
            if (parse_top(&r) != 0)
                goto out;
            continue;
        }
        if (ev.type == YAML_SCALAR_EVENT ||
            ev.type == YAML_SEQUENCE_START_EVENT) {
            fail(&r, &ev.start_mark,
                 "expected a mapping of roles to styles (role: style)");
            yaml_event_delete(&ev);
            goto out;
        }
        yaml_event_delete(&ev); /* stream, document start and end */
    }
    snprintf(tmp.path, sizeof tmp.path, "%s", path);
    if (!r.named) { /* no name given: the file's */
        const char *base = strrchr(path, '/');
        const char *dot;
        base = base ? base + 1 : path;
        dot = strrchr(base, '.');
        snprintf(tmp.name, sizeof tmp.name, "%.*s",
                 (int)(dot ? dot - base : (long)strlen(base)), base);
    }
    *t = tmp;
    rc = 0;
out:
    if (started)
        yaml_parser_delete(&r.p);
    for (size_t i = 0; i < r.nseen; i++) {
        free(r.seen[i].role);
        free(r.seen[i].name);
    }
    free(r.seen);
    free(text);
    return rc;
}

int
theme_load(struct theme *t, const char *path, const char *datadir,
           struct rho_err *err)
{
    struct rho_err local;

    return load_rec(t, path, datadir, 0, err ? err : &local);
}

/* ---- finding themes ---- */

/* The directories themes live in, in lookup order. */
static int
theme_dirs(const char *datadir, char dirs[3][1024])
{
    const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    int n = 0;

    if (xdg && *xdg)
        snprintf(dirs[n++], 1024, "%s/rho/themes", xdg);
    else if (home && *home)
        snprintf(dirs[n++], 1024, "%s/.config/rho/themes", home);
    if (datadir && *datadir)
        snprintf(dirs[n++], 1024, "%s/themes", datadir);
    snprintf(dirs[n++], 1024, "themes");
    return n;
}

int
theme_find(const char *name, const char *datadir, char *out, size_t n,
           struct rho_err *err)
{
    char dirs[3][1024], looked[3200] = "";
    int nd;

    if (is_path(name)) {
        if (!readable(name))
            return rho_err_set(err, RHO_EIO, "%s: cannot open: %s", name,
                               strerror(errno));
        snprintf(out, n, "%s", name);
        return 0;
    }
    nd = theme_dirs(datadir, dirs);
    for (int d = 0; d < nd; d++) {
        static const char *const ext[] = {".yaml", ".yml"};
        for (int e = 0; e < 2; e++) {
            char path[4200];
            snprintf(path, sizeof path, "%s/%s%s", dirs[d], name, ext[e]);
            if (readable(path)) {
                snprintf(out, n, "%s", path);
                return 0;
            }
        }
        snprintf(looked + strlen(looked), sizeof looked - strlen(looked),
                 "%s%s", d ? ", " : "", dirs[d]);
    }
    return rho_err_set(err, RHO_EIO, "theme '%s' not found (looked in %.400s)",
                       name, looked);
}

int
theme_open(struct theme *t, const char *name, const char *datadir,
           struct rho_err *err)
{
    char path[1024];

    theme_default(t);
    if (theme_find(name, datadir, path, sizeof path, err) != 0) {
        if (strcmp(name, "default") != 0)
            return -1;
        rho_err_clear(err); /* the built-in one */
        return 0;
    }
    return theme_load(t, path, datadir, err); /* t unchanged on error */
}

/* A palette index or 24-bit value as 0xrrggbb; -1 for the default. */
static int
rgb_of(int index, int rgb)
{
    return rgb >= 0 ? rgb : theme_palette_rgb(index);
}

/* Perceived brightness of 0xrrggbb, 0-255. */
static int
luma(int rgb)
{
    return ((rgb >> 16 & 255) * 299 + (rgb >> 8 & 255) * 587 +
            (rgb & 255) * 114) /
           1000;
}

void
theme_export_palette(const struct theme *t, int ncolors,
                     struct export_palette *p)
{
    struct theme d = *t;
    const struct theme_style *def = &t->role[ROLE_DEFAULT];
    int mono = ncolors <= THEME_MONO;

    theme_degrade(&d, ncolors);
    p->depth = ncolors;
    for (int r = 0; r < ROLE_COUNT; r++) {
        p->role[r].fg = d.role[r].fg;
        p->role[r].bg = d.role[r].bg;
        p->role[r].fg_rgb =
            mono ? -1 : rgb_of(t->role[r].fg, t->role[r].fg_rgb);
        p->role[r].bg_rgb =
            mono ? -1 : rgb_of(t->role[r].bg, t->role[r].bg_rgb);
        p->role[r].attrs = mono ? d.role[r].attrs : t->role[r].attrs;
    }
    p->fg_rgb = mono ? -1 : rgb_of(def->fg, def->fg_rgb);
    p->bg_rgb = mono ? -1 : rgb_of(def->bg, def->bg_rgb);
    if (p->bg_rgb < 0)
        p->bg_rgb =
            p->fg_rgb >= 0 && luma(p->fg_rgb) < 128 ? 0xffffff : 0x1c1c1c;
    if (p->fg_rgb < 0)
        p->fg_rgb = luma(p->bg_rgb) < 128 ? 0xd0d0d0 : 0x1c1c1c;
}

static int
cmp_name(const void *a, const void *b)
{
    return strcmp(a, b);
}

#define LIST_MAX 256 /* names counted exactly; more are not expected */

int
theme_list(const char *datadir, char (*names)[64], int max)
{
    char dirs[3][1024], seen[LIST_MAX][64];
    int nd = theme_dirs(datadir, dirs), n = 0;

    for (int d = 0; d < nd; d++) {
        DIR *dir = opendir(dirs[d]);
        struct dirent *e;
        if (dir == NULL)
            continue;
        while ((e = readdir(dir)) != NULL && n < LIST_MAX) {
            size_t len = strlen(e->d_name);
            int dup = 0;
            if (ends_with(e->d_name, ".yaml"))
                len -= 5;
            else if (ends_with(e->d_name, ".yml"))
                len -= 4;
            else
                continue;
            if (len == 0 || len >= sizeof seen[0] ||
                (len == 7 && strncmp(e->d_name, "default", 7) == 0))
                continue; /* default is always there, and first */
            snprintf(seen[n], sizeof seen[n], "%.*s", (int)len, e->d_name);
            for (int k = 0; k < n; k++)
                dup |= strcmp(seen[k], seen[n]) == 0;
            if (!dup)
                n++;
        }
        closedir(dir);
    }
    qsort(seen, (size_t)n, sizeof seen[0], cmp_name);
    if (max > 0)
        snprintf(names[0], 64, "default");
    for (int k = 0; k < n && k + 1 < max; k++)
        snprintf(names[k + 1], 64, "%s", seen[k]);
    return n + 1;
}
