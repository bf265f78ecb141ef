/*
 * recover: unsaved edits kept when rho is killed. See recover.h.
 */
#include "tui/recover.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/base/rho_alloc.h"
#include "core/base/savefile.h"
#include "core/base/strbuf.h"
#include "core/scenario_save.h"

/* sb's text as a string the caller frees; sb is released. */
static char *
take(struct strbuf *sb)
{
    char *s = xstrdup(strbuf_str(sb));

    strbuf_fini(sb);
    return s;
}

/* mkdir -p of dir (modified in place, restored). 0 or -1. */
static int
make_dirs(char *dir)
{
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
            *p = '/';
            return -1;
        }
        *p = '/';
    }
    return mkdir(dir, 0700) != 0 && errno != EEXIST ? -1 : 0;
}

/* The recovery file in the state folder (caller frees), or NULL (no
   folder known, or the script has no absolute path). make: create the
   folder. */
static char *
state_name(const char *path, int make)
{
    const char *xdg = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
    char *abs = realpath(path, NULL);
    struct strbuf sb;

    if (abs == NULL && path[0] == '/')
        abs = xstrdup(path);
    if (abs == NULL)
        return NULL;
    strbuf_init(&sb);
    if (xdg != NULL && xdg[0] == '/')
        strbuf_puts(&sb, xdg);
    else if (home != NULL && home[0] == '/')
        strbuf_printf(&sb, "%s/.local/state", home);
    else {
        free(abs);
        strbuf_fini(&sb);
        return NULL;
    }
    strbuf_puts(&sb, "/rho/recover");
    if (make && make_dirs(sb.s) != 0) {
        free(abs);
        strbuf_fini(&sb);
        return NULL;
    }
    strbuf_puts(&sb, "/");
    if (strchr(abs, '%') == NULL) { /* each '/' as '%' */
        for (const char *c = abs; *c; c++)
            strbuf_add(&sb, *c == '/' ? "%" : c, 1);
    } else {
        /* /a%b.lua and /a/b.lua would both be %a%b.lua: a path with a
           '%' is written "%%" then as a URL's (%25, %2F). No name of the
           other kind starts "%%" (a real path has no "//") */
        strbuf_puts(&sb, "%%");
        for (const char *c = abs; *c; c++)
            if (*c == '/' || *c == '%')
                strbuf_puts(&sb, *c == '/' ? "%2F" : "%25");
            else
                strbuf_add(&sb, c, 1);
    }
    strbuf_puts(&sb, ".lua");
    free(abs);
    return take(&sb);
}

static char *
beside_name(const char *path)
{
    struct strbuf sb;

    strbuf_init(&sb);
    strbuf_printf(&sb, "%s.recover.lua", path);
    return take(&sb);
}

char *
recover_write(const char *path, const struct scenario *s, struct rho_err *err)
{
    struct strbuf text;
    char *where = state_name(path, 1);
    struct rho_err e1;

    strbuf_init(&text);
    scenario_save_lua(s, &text, NULL);
    if (where != NULL &&
        savefile_write(where, strbuf_str(&text), text.len, &e1) == 0) {
        strbuf_fini(&text);
        return where;
    }
    free(where);
    where = beside_name(path);
    if (savefile_write(where, strbuf_str(&text), text.len, err) != 0) {
        free(where);
        where = NULL;
    }
    strbuf_fini(&text);
    return where;
}

char *
recover_find(const char *path)
{
    char *names[2] = {state_name(path, 0), beside_name(path)};
    char *found = NULL;

    for (int i = 0; i < 2; i++) {
        if (found == NULL && names[i] != NULL && access(names[i], R_OK) == 0)
            found = names[i];
        else
            free(names[i]);
    }
    return found;
}
