/*
 * theme: YAML themes through libyaml's event API. See theme.h.
 *
 * libyaml's functions return 1 on success and 0 on failure, the opposite
 * of rho's; the conversion happens in next_event(). Every event is deleted
 * once read, and the parser and file are released after one out: label.
 * A file is applied to a copy of the theme, which replaces the caller's
 * only when the whole file was read without error.
 */
#include "theme/theme.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#define INHERIT_DEPTH 8

void
theme_default(struct theme *t)
{
    memset(t, 0, sizeof *t);
    snprintf(t->name, sizeof t->name, "default");
    for (int r = 0; r < ROLE_COUNT; r++)
        role_default(r, &t->role[r].fg, &t->role[r].bg, &t->role[r].attrs);
}

/* ---- colours and attributes ---- */

static const char *const colour_names[16] = {
    "black",        "red",          "green",        "yellow",
    "blue",         "magenta",      "cyan",         "white",
    "bright-black", "bright-red",   "bright-green", "bright-yellow",
    "bright-blue",  "bright-magenta", "bright-cyan", "bright-white",
};

static void
rgb256(int c, int *r, int *g, int *b)
{
    static const int level[6] = {0, 95, 135, 175, 215, 255};

    if (c < 232) {
        c -= 16;
        *r = level[c / 36];
        *g = level[(c / 6) % 6];
        *b = level[c % 6];
    } else {
        *r = *g = *b = 8 + 10 * (c - 232);
    }
}

int
theme_colour(const char *s, int *out, struct rho_err *err)
{
    char *end;
    long v;

    if (strcmp(s, "default") == 0 || strcmp(s, "none") == 0) {
        *out = -1;
        return 0;
    }
    for (int k = 0; k < 16; k++)
        if (strcmp(s, colour_names[k]) == 0) {
            *out = k;
            return 0;
        }
    if (strcmp(s, "grey") == 0 || strcmp(s, "gray") == 0) {
        *out = 8;
        return 0;
    }
    if (s[0] == '#' && strlen(s) == 7) {
        unsigned long rgb = strtoul(s + 1, &end, 16);
        long best = -1, bd = 0;
        if (*end == '\0') {
            int r = (int)(rgb >> 16) & 255, g = (int)(rgb >> 8) & 255,
                b = (int)rgb & 255;
            for (int c = 16; c < 256; c++) { /* 0-15 vary by terminal */
                int r2, g2, b2;
                long d;
                rgb256(c, &r2, &g2, &b2);
                d = (long)(r - r2) * (r - r2) + (long)(g - g2) * (g - g2) +
                    (long)(b - b2) * (b - b2);
                if (best < 0 || d < bd) {
                    best = c;
                    bd = d;
                }
            }
            *out = (int)best;
            return 0;
        }
    }
    v = strtol(s, &end, 10);
    if (s[0] != '\0' && *end == '\0' && v >= 0 && v <= 255) {
        *out = (int)v;
        return 0;
    }
    return rho_err_set(err, RHO_EINPUT,
                       "unknown colour '%s' (expected default, black, red, "
                       "green, yellow, blue, magenta, cyan, white, "
                       "bright-NAME, grey, 0-255 or #rrggbb)",
                       s);
}

static int
attr_of(const char *s)
{
    static const struct {
        const char *name;
        int bit;
    } tab[] = {
        {"bold", ATTR_BOLD},           {"dim", ATTR_DIM},
        {"underline", ATTR_UNDERLINE}, {"reverse", ATTR_REVERSE},
        {"italic", ATTR_ITALIC},       {"normal", 0},
    };

    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (strcmp(s, tab[i].name) == 0)
            return tab[i].bit;
    return -1;
}

/* "red on default bold": a colour, optionally "on" a colour, attributes. */
static int
parse_style_text(const char *text, struct theme_style *st, struct rho_err *err)
{
    char buf[256], *tok, *save = NULL;
    int fg_set = 0, want_bg = 0, attrs = -1;

    /* a style string says it all: what it leaves out is the default */
    st->fg = st->bg = -1;
    snprintf(buf, sizeof buf, "%s", text);
    for (tok = strtok_r(buf, " \t,", &save); tok;
         tok = strtok_r(NULL, " \t,", &save)) {
        int a, c;
        if (strcmp(tok, "on") == 0) {
            want_bg = 1;
            continue;
        }
        if (want_bg) {
            if (theme_colour(tok, &st->bg, err) != 0)
                return -1;
            want_bg = 0;
            continue;
        }
        if ((a = attr_of(tok)) >= 0) {
            attrs = (attrs < 0 ? 0 : attrs) | a;
            continue;
        }
        if (fg_set)
            return rho_err_set(err, RHO_EINPUT,
                               "'%s': expected 'on', an attribute (bold, "
                               "dim, underline, reverse, italic) or nothing "
                               "after the colour",
                               tok);
        if (theme_colour(tok, &c, err) != 0)
            return -1;
        st->fg = c;
        fg_set = 1;
    }
    if (want_bg)
        return rho_err_set(err, RHO_EINPUT, "'on' without a colour after it");
    st->attrs = attrs < 0 ? 0 : attrs;
    return 0;
}

/* ---- the parser ---- */

struct rd {
    yaml_parser_t p;
    const char *path;
    const char *datadir;
    int depth;
    struct theme *t;
    char set[ROLE_COUNT]; /* roles this file set */
    int named;            /* the file gave a name */
    struct rho_err *err;
};

/* Fill err with "path:line:col: msg" at mark m. */
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

/* The next event; -1 with err filled from libyaml's problem on error. */
static int
next_event(struct rd *r, yaml_event_t *ev)
{
    if (yaml_parser_parse(&r->p, ev))
        return 0;
    return rho_err_set(r->err, RHO_EINPUT, "%s:%zu:%zu: %s%s%s", r->path,
                       r->p.problem_mark.line + 1,
                       r->p.problem_mark.column + 1,
                       r->p.problem ? r->p.problem : "bad YAML",
                       r->p.context ? " " : "",
                       r->p.context ? r->p.context : "");
}

/* Skip a whole value (its start event is ev, already read). */
static int
skip_value(struct rd *r, yaml_event_t *ev)
{
    int depth = ev->type == YAML_MAPPING_START_EVENT ||
                ev->type == YAML_SEQUENCE_START_EVENT;

    while (depth > 0) {
        yaml_event_t e;
        if (next_event(r, &e) != 0)
            return -1;
        if (e.type == YAML_MAPPING_START_EVENT ||
            e.type == YAML_SEQUENCE_START_EVENT)
            depth++;
        else if (e.type == YAML_MAPPING_END_EVENT ||
                 e.type == YAML_SEQUENCE_END_EVENT)
            depth--;
        yaml_event_delete(&e);
    }
    return 0;
}

/* { fg: ..., bg: ..., attrs: [..] } into st; the start event was read. */
static int
parse_style_map(struct rd *r, struct theme_style *st)
{
    for (;;) {
        yaml_event_t k, v;
        char key[32];
        int rc = 0;

        if (next_event(r, &k) != 0)
            return -1;
        if (k.type == YAML_MAPPING_END_EVENT) {
            yaml_event_delete(&k);
            return 0;
        }
        if (k.type != YAML_SCALAR_EVENT) {
            rc = fail(r, &k.start_mark, "expected fg, bg or attrs");
            yaml_event_delete(&k);
            return rc;
        }
        snprintf(key, sizeof key, "%s", (const char *)k.data.scalar.value);
        if (next_event(r, &v) != 0) {
            yaml_event_delete(&k);
            return -1;
        }
        if (strcmp(key, "fg") == 0 || strcmp(key, "bg") == 0) {
            struct rho_err e;
            if (v.type != YAML_SCALAR_EVENT)
                rc = fail(r, &v.start_mark, "%s: expected a colour", key);
            else if (theme_colour((const char *)v.data.scalar.value,
                                  key[0] == 'f' ? &st->fg : &st->bg, &e) != 0)
                rc = fail(r, &v.start_mark, "%s", e.msg);
        } else if (strcmp(key, "attrs") == 0) {
            int attrs = 0;
            if (v.type == YAML_SCALAR_EVENT) {
                struct theme_style tmp = *st;
                struct rho_err e;
                if (parse_style_text((const char *)v.data.scalar.value, &tmp,
                                     &e) != 0 ||
                    tmp.fg != -1 || tmp.bg != -1)
                    rc = fail(r, &v.start_mark,
                              "attrs: expected bold, dim, underline, reverse "
                              "or italic");
                else
                    attrs = tmp.attrs;
            } else if (v.type == YAML_SEQUENCE_START_EVENT) {
                for (;;) {
                    yaml_event_t a;
                    int bit;
                    if (next_event(r, &a) != 0) {
                        rc = -1;
                        break;
                    }
                    if (a.type == YAML_SEQUENCE_END_EVENT) {
                        yaml_event_delete(&a);
                        break;
                    }
                    if (a.type != YAML_SCALAR_EVENT ||
                        (bit = attr_of((const char *)a.data.scalar.value)) <
                            0) {
                        rc = fail(r, &a.start_mark,
                                  "unknown attribute '%s' (expected bold, "
                                  "dim, underline, reverse, italic)",
                                  a.type == YAML_SCALAR_EVENT
                                      ? (const char *)a.data.scalar.value
                                      : "?");
                        yaml_event_delete(&a);
                        break;
                    }
                    attrs |= bit;
                    yaml_event_delete(&a);
                }
            } else {
                rc = fail(r, &v.start_mark, "attrs: expected a list");
            }
            if (rc == 0)
                st->attrs = attrs;
        } else {
            rc = fail(r, &k.start_mark,
                      "unknown style field '%s' (expected fg, bg, attrs)",
                      key);
        }
        yaml_event_delete(&k);
        if (v.type == YAML_MAPPING_START_EVENT && rc == 0)
            rc = skip_value(r, &v);
        yaml_event_delete(&v);
        if (rc != 0)
            return -1;
    }
}

static int load_rec(struct theme *t, const char *path, const char *datadir,
                    int depth, struct rho_err *err);

/* A mapping of roles (or of groups of roles under prefix). */
static int
parse_roles(struct rd *r, const char *prefix)
{
    for (;;) {
        yaml_event_t k, v;
        char key[128];
        int role, rc = 0;

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
        snprintf(key, sizeof key, "%s%s", prefix,
                 (const char *)k.data.scalar.value);
        if (next_event(r, &v) != 0) {
            yaml_event_delete(&k);
            return -1;
        }
        role = role_lookup(key);
        if (prefix[0] == '\0' && (strcmp(key, "name") == 0 ||
                                  strcmp(key, "description") == 0)) {
            if (v.type != YAML_SCALAR_EVENT)
                rc = fail(r, &v.start_mark, "%s: expected text", key);
            else if (key[0] == 'n') {
                snprintf(r->t->name, sizeof r->t->name, "%s",
                         (const char *)v.data.scalar.value);
                r->named = 1;
            }
        } else if (prefix[0] == '\0' && strcmp(key, "inherits") == 0) {
            char found[1024];
            struct theme base;
            struct rho_err e;
            if (v.type != YAML_SCALAR_EVENT)
                rc = fail(r, &v.start_mark, "inherits: expected a theme name");
            else if (r->depth >= INHERIT_DEPTH)
                rc = fail(r, &v.start_mark, "inherits: more than %d deep",
                          INHERIT_DEPTH);
            else if (strcmp((const char *)v.data.scalar.value, "default") ==
                         0 &&
                     theme_find("default", r->datadir, found, sizeof found,
                                &e) != 0) {
                theme_default(&base); /* the built-in one will do */
                for (int x = 0; x < ROLE_COUNT; x++)
                    if (!r->set[x])
                        r->t->role[x] = base.role[x];
            } else if (theme_find((const char *)v.data.scalar.value,
                                  r->datadir, found, sizeof found, &e) != 0)
                rc = fail(r, &v.start_mark, "inherits: %s", e.msg);
            else {
                theme_default(&base);
                if (load_rec(&base, found, r->datadir, r->depth + 1, &e) != 0)
                    rc = rho_err_set(r->err, e.code, "%s", e.msg);
                else
                    for (int x = 0; x < ROLE_COUNT; x++)
                        if (!r->set[x]) /* this file's own lines win */
                            r->t->role[x] = base.role[x];
            }
        } else if (role >= 0) {
            struct theme_style st = r->t->role[role];
            struct rho_err e;
            if (v.type == YAML_SCALAR_EVENT) {
                if (parse_style_text((const char *)v.data.scalar.value, &st,
                                     &e) != 0)
                    rc = fail(r, &v.start_mark, "%s: %s", key, e.msg);
            } else if (v.type == YAML_MAPPING_START_EVENT) {
                rc = parse_style_map(r, &st);
            } else {
                rc = fail(r, &v.start_mark,
                          "%s: expected a style such as \"red on default "
                          "bold\" or { fg: red, attrs: [bold] }",
                          key);
            }
            if (rc == 0) {
                r->t->role[role] = st;
                r->set[role] = 1;
            }
        } else if (v.type == YAML_MAPPING_START_EVENT) {
            /* a group: heat: { 0: ..., 1: ... } means heat.0, heat.1 */
            char sub[140];
            int known = 0;
            snprintf(sub, sizeof sub, "%s.", key);
            for (int x = 0; x < ROLE_COUNT; x++)
                known |= strncmp(role_key(x), sub, strlen(sub)) == 0;
            if (!known)
                rc = fail(r, &k.start_mark, "unknown role '%s'", key);
            else
                rc = parse_roles(r, sub);
        } else {
            rc = fail(r, &k.start_mark, "unknown role '%s'", key);
        }
        yaml_event_delete(&k);
        yaml_event_delete(&v);
        if (rc != 0)
            return -1;
    }
}

static int
load_rec(struct theme *t, const char *path, const char *datadir, int depth,
         struct rho_err *err)
{
    struct rd r;
    struct theme tmp = *t;
    FILE *f = fopen(path, "rb");
    yaml_event_t ev;
    int rc = -1, started = 0;

    if (f == NULL)
        return rho_err_set(err, RHO_EIO, "%s: cannot open: %s", path,
                           strerror(errno));
    memset(&r, 0, sizeof r);
    r.path = path;
    r.datadir = datadir;
    r.depth = depth;
    r.t = &tmp;
    r.err = err;
    if (!yaml_parser_initialize(&r.p)) {
        rho_err_set(err, RHO_EIO, "%s: libyaml: out of memory", path);
        goto out;
    }
    started = 1;
    yaml_parser_set_input_file(&r.p, f);
    for (;;) {
        if (next_event(&r, &ev) != 0)
            goto out;
        if (ev.type == YAML_STREAM_END_EVENT) {
            yaml_event_delete(&ev);
            break;
        }
        if (ev.type == YAML_MAPPING_START_EVENT) {
            yaml_event_delete(&ev);
            if (parse_roles(&r, "") != 0)
                goto out;
            continue;
        }
        if (ev.type == YAML_SCALAR_EVENT || ev.type == YAML_SEQUENCE_START_EVENT) {
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
    fclose(f);
    return rc;
}

int
theme_load(struct theme *t, const char *path, const char *datadir,
           struct rho_err *err)
{
    return load_rec(t, path, datadir, 0, err);
}

/* ---- finding themes ---- */

static int
ends_with(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);

    return a >= b && strcmp(s + a - b, suf) == 0;
}

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

    if (strchr(name, '/') || ends_with(name, ".yaml") ||
        ends_with(name, ".yml")) {
        FILE *f = fopen(name, "rb");
        if (f == NULL)
            return rho_err_set(err, RHO_EIO, "%s: cannot open: %s", name,
                               strerror(errno));
        fclose(f);
        snprintf(out, n, "%s", name);
        return 0;
    }
    nd = theme_dirs(datadir, dirs);
    for (int d = 0; d < nd; d++) {
        static const char *const ext[] = {".yaml", ".yml"};
        for (int e = 0; e < 2; e++) {
            char path[4200];
            FILE *f;
            snprintf(path, sizeof path, "%s/%s%s", dirs[d], name, ext[e]);
            if ((f = fopen(path, "rb")) != NULL) {
                fclose(f);
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

static int
cmp_name(const void *a, const void *b)
{
    const char *x = a, *y = b;

    if (strcmp(x, "default") == 0)
        return strcmp(y, "default") != 0 ? -1 : 0;
    if (strcmp(y, "default") == 0)
        return 1;
    return strcmp(x, y);
}

int
theme_list(const char *datadir, char (*names)[64], int max)
{
    char dirs[3][1024];
    int nd = theme_dirs(datadir, dirs), n = 0;

    for (int d = 0; d < nd; d++) {
        DIR *dir = opendir(dirs[d]);
        struct dirent *e;
        if (dir == NULL)
            continue;
        while ((e = readdir(dir)) != NULL) {
            char nm[64];
            size_t len = strlen(e->d_name);
            int dup = 0;
            if (ends_with(e->d_name, ".yaml"))
                len -= 5;
            else if (ends_with(e->d_name, ".yml"))
                len -= 4;
            else
                continue;
            if (len == 0 || len >= sizeof nm)
                continue;
            snprintf(nm, sizeof nm, "%.*s", (int)len, e->d_name);
            for (int k = 0; k < n && k < max; k++)
                dup |= strcmp(names[k], nm) == 0;
            if (!dup) {
                if (n < max)
                    snprintf(names[n], 64, "%s", nm);
                n++;
            }
        }
        closedir(dir);
    }
    if (n < max) { /* the built-in default is always there */
        int has = 0;
        for (int k = 0; k < n; k++)
            has |= strcmp(names[k], "default") == 0;
        if (!has)
            snprintf(names[n++], 64, "default");
    }
    qsort(names, (size_t)(n < max ? n : max), 64, cmp_name);
    return n;
}
