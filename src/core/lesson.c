/*
 * lesson: a scenario's narrative as data. See lesson.h.
 */
#include "core/lesson.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/base/units.h"

struct lesson *
lesson_new(void)
{
    return xcalloc(1, sizeof(struct lesson));
}

static void
step_fini(struct lesson_step *st)
{
    free(st->text);
    free(st->view);
    free(st->frame);
    free(st->ask);
    free(st->answer);
    free(st->hide);
}

void
lesson_free(struct lesson *l)
{
    if (l == NULL)
        return;
    for (int i = 0; i < l->n; i++)
        step_fini(&l->step[i]);
    free(l->step);
    free(l);
}

static char *
dup_or_null(const char *s)
{
    return s ? xstrdup(s) : NULL;
}

struct lesson *
lesson_clone(const struct lesson *l)
{
    struct lesson *c;

    if (l == NULL)
        return NULL;
    c = lesson_new();
    c->n = l->n;
    c->step = xcalloc((size_t)(l->n ? l->n : 1), sizeof *c->step);
    for (int i = 0; i < l->n; i++) {
        const struct lesson_step *a = &l->step[i];
        struct lesson_step *b = &c->step[i];
        *b = *a;
        b->text = xstrdup(a->text);
        b->view = dup_or_null(a->view);
        b->frame = dup_or_null(a->frame);
        b->ask = dup_or_null(a->ask);
        b->answer = dup_or_null(a->answer);
        b->hide = NULL;
        if (a->nhide > 0) {
            b->hide = xcalloc((size_t)a->nhide, sizeof *b->hide);
            memcpy(b->hide, a->hide, (size_t)a->nhide * sizeof *b->hide);
        }
    }
    return c;
}

struct lesson_step *
lesson_add(struct lesson *l, const char *text, int line)
{
    struct lesson_step *st;

    l->step = xreallocarray(l->step, (size_t)l->n + 1, sizeof *l->step);
    st = &l->step[l->n++];
    memset(st, 0, sizeof *st);
    st->text = xstrdup(text);
    st->tolerance = LESSON_TOLERANCE;
    st->line = line;
    return st;
}

/* Whether step st names flow f (its focus, hidden flows or prediction). */
static int
names_flow(const struct lesson_step *st, int f)
{
    if (st->flow == f || st->predict == f)
        return 1;
    for (int k = 0; k < st->nhide; k++)
        if (st->hide[k] == f)
            return 1;
    return 0;
}

int
lesson_del_flow(struct lesson *l, int f)
{
    if (l == NULL)
        return 0;
    for (int i = 0; i < l->n; i++)
        if (names_flow(&l->step[i], f))
            return i + 1;
    for (int i = 0; i < l->n; i++) {
        struct lesson_step *st = &l->step[i];
        st->flow -= st->flow > f;
        st->predict -= st->predict > f;
        for (int k = 0; k < st->nhide; k++)
            st->hide[k] -= st->hide[k] > f;
    }
    return 0;
}

void
lesson_focus(const struct lesson *l, int i, struct lesson_focus *f)
{
    memset(f, 0, sizeof *f);
    if (l == NULL)
        return;
    if (i >= l->n)
        i = l->n - 1;
    for (int k = 0; k <= i; k++) {
        const struct lesson_step *st = &l->step[k];
        if (st->view)
            f->view = st->view;
        if (st->frame)
            f->frame = st->frame;
        if (st->tstep > 0)
            f->tstep = st->tstep;
        if (st->flow > 0)
            f->flow = st->flow;
    }
}

int
lesson_hides(const struct lesson_step *st, int f)
{
    if (st->predict == f && f > 0)
        return 1;
    for (int k = 0; k < st->nhide; k++)
        if (st->hide[k] == f)
            return 1;
    return 0;
}

/* A decimal number from *s, with '.' or ',' as the point; advances *s.
   Returns 0, or -1 when there is none. */
static int
decimal(const char **s, double *v)
{
    char buf[64];
    size_t n = 0;
    const char *p = *s;
    char *end;

    while ((isdigit((unsigned char)*p) || *p == '.' || *p == ',') &&
           n + 1 < sizeof buf) {
        buf[n++] = *p == ',' ? '.' : *p;
        p++;
    }
    buf[n] = '\0';
    if (n == 0)
        return -1;
    *v = strtod(buf, &end);
    if (*end != '\0')
        return -1;
    *s = p;
    return 0;
}

static const char *
blanks(const char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    return s;
}

int
lesson_parse_number(const char *text, double *v)
{
    const char *p = blanks(text);
    double a, b;
    int neg = 0;

    if (*p == '-' || *p == '+') {
        neg = *p == '-';
        p = blanks(p + 1);
    }
    if (decimal(&p, &a) != 0)
        return -1;
    p = blanks(p);
    if (*p == '/') {
        p = blanks(p + 1);
        if (decimal(&p, &b) != 0 || b == 0)
            return -1;
        a /= b;
    } else if (*p == '%') {
        a /= 100;
        p++;
    }
    if (*blanks(p) != '\0' || !isfinite(a))
        return -1;
    *v = neg ? -a : a;
    return 0;
}

int
lesson_check(const char *text, double truth, double tol, double *typed)
{
    double v;

    if (lesson_parse_number(text, &v) != 0)
        return LESSON_UNREADABLE;
    if (typed != NULL)
        *typed = v;
    if (fabs(v - truth) <= tol + 1e-9)
        return LESSON_RIGHT;
    return v > truth ? LESSON_TOO_HIGH : LESSON_TOO_LOW;
}

void
lesson_to_lua(const struct lesson *l, struct strbuf *out)
{
    char num[40];

    if (l == NULL || l->n == 0)
        return;
    strbuf_puts(out, "{\n");
    for (int i = 0; i < l->n; i++) {
        const struct lesson_step *st = &l->step[i];
        strbuf_puts(out, "    { text = ");
        strbuf_lua_quote(out, st->text);
        if (st->view || st->frame || st->tstep || st->flow) {
            const char *sep = " ";
            strbuf_puts(out, ", focus = {");
            if (st->view) {
                strbuf_puts(out, " view = ");
                strbuf_lua_quote(out, st->view);
                sep = ", ";
            }
            if (st->frame) {
                strbuf_printf(out, "%sframe = ", sep);
                strbuf_lua_quote(out, st->frame);
                sep = ", ";
            }
            if (st->tstep) {
                strbuf_printf(out, "%sstep = %d", sep, st->tstep);
                sep = ", ";
            }
            if (st->flow)
                strbuf_printf(out, "%sflow = %d", sep, st->flow);
            strbuf_puts(out, " }");
        }
        if (st->ask) {
            strbuf_puts(out, ", ask = ");
            strbuf_lua_quote(out, st->ask);
        }
        if (st->answer) {
            strbuf_puts(out, ", answer = ");
            strbuf_lua_quote(out, st->answer);
        }
        if (st->nhide > 0) {
            strbuf_puts(out, ", hide = {");
            for (int k = 0; k < st->nhide; k++)
                strbuf_printf(out, "%s%d", k ? ", " : " ", st->hide[k]);
            strbuf_puts(out, " }");
        }
        if (st->predict)
            strbuf_printf(out, ", predict = %d", st->predict);
        if (st->tolerance != LESSON_TOLERANCE)
            strbuf_printf(out, ", tolerance = %s",
                          units_fmt_num(num, sizeof num, st->tolerance));
        strbuf_puts(out, " },\n");
    }
    strbuf_puts(out, "  }");
}
