/*
 * lview: lessons in front of a class. See lview.h.
 */
#include "view/lview.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "view/canvas.h"
#include "view/ui.h"
#include "view/view.h"

char *
lview_fraction(double x, char *buf, size_t n)
{
    buf[0] = '\0';
    for (int q = 2; q <= 60; q++) { /* the smallest q is lowest terms */
        double p = x * q;
        if (fabs(p - round(p)) < 1e-9 && round(p) > 0 && round(p) < q) {
            snprintf(buf, n, "%ld/%d", (long)round(p), q);
            break;
        }
    }
    return buf;
}

int
lview_truth(struct session *ss, int i, double *v, char *where, size_t n,
            struct rho_err *err)
{
    const struct lesson *l = session_scenario(ss)->lesson;
    struct lesson_focus f;

    if (l == NULL || i < 0 || i >= l->n || l->step[i].predict <= 0)
        return rho_err_set(err, RHO_EINPUT,
                           "step %d of the lesson asks to predict nothing",
                           i + 1);
    lesson_focus(l, i, &f);
    /* the family whose model sets exercises: through the view table */
    for (int k = 0; view_table[k] != NULL; k++) {
        const struct view_family *fam = view_table[k]->family;
        if (fam != NULL && fam->value != NULL)
            return fam->value(ss, l->step[i].predict - 1,
                              f.tstep > 0 ? f.tstep - 1 : 0, f.frame, v,
                              where, n, err);
    }
    return rho_err_set(err, RHO_EINPUT, "no view here sets exercises");
}

/* The display width of the n bytes at s. */
static int
width_n(const char *s, size_t n)
{
    char buf[512];

    if (n >= sizeof buf)
        return (int)n;
    memcpy(buf, s, n);
    buf[n] = '\0';
    return utf8_width(buf);
}

/* Words of s wrapped at width from column indent (the first line's
   indent already written), appended to out. */
static void
wrap(struct strbuf *out, const char *s, int indent, int width)
{
    int col = indent;

    while (*s) {
        const char *e = s;
        int w;
        if (*s == '\n') {
            strbuf_printf(out, "\n%*s", indent, "");
            col = indent;
            s++;
            continue;
        }
        if (*s == ' ') {
            s++;
            continue;
        }
        while (*e && *e != ' ' && *e != '\n')
            e++;
        w = (int)(e - s);
        if (col > indent && col + 1 + w > width) {
            strbuf_printf(out, "\n%*s", indent, "");
            col = indent;
        } else if (col > indent) {
            strbuf_puts(out, " ");
            col++;
        }
        strbuf_add(out, s, (size_t)(e - s));
        col += width_n(s, (size_t)(e - s));
        s = e;
    }
    strbuf_puts(out, "\n");
}

/* Where step i looks, in words, when it changes anything. */
static void
focus_words(const struct scenario *s, const struct lesson_step *st,
            struct strbuf *out)
{
    const char *sep = "";
    char name[96];

    if (!st->view && !st->frame && !st->tstep && !st->flow)
        return;
    strbuf_puts(out, "   Look at: ");
    if (st->view) {
        int v = view_find(st->view);
        strbuf_printf(out, "the %s view", v >= 0 ? view_table[v]->title : st->view);
        sep = ", ";
    }
    if (st->tstep) {
        strbuf_printf(out, "%stime step %d", sep, st->tstep);
        sep = ", ";
    }
    if (st->frame) {
        strbuf_printf(out, "%sframe %s", sep, st->frame);
        sep = ", ";
    }
    if (st->flow) {
        scenario_flow_name(s, st->flow - 1, name, sizeof name);
        strbuf_printf(out, "%sflow %d (%s)", sep, st->flow, name);
    }
    strbuf_puts(out, ".\n");
}

void
lview_handout(struct session *ss, int answers, struct strbuf *out)
{
    const struct scenario *s = session_scenario(ss);
    const struct lesson *l = s->lesson;

    strbuf_printf(out, "%s\n", s->title);
    if (s->path)
        strbuf_printf(out, "(%s)\n", s->path);
    if (l == NULL || l->n == 0) {
        strbuf_puts(out, "no lesson\n");
        return;
    }
    for (int i = 0; i < l->n; i++) {
        const struct lesson_step *st = &l->step[i];
        strbuf_printf(out, "\n%2d. ", i + 1);
        wrap(out, st->text, 4, 76);
        focus_words(s, st, out);
        if (st->ask) {
            strbuf_puts(out, "   Q: ");
            wrap(out, st->ask, 6, 76);
        }
        if (st->predict) {
            struct rho_err err;
            char where[256], frac[32];
            double v;
            if (lview_truth(ss, i, &v, where, sizeof where, &err) != 0) {
                strbuf_printf(out, "   Predict: (rho cannot work it out: %s)\n",
                              err.msg);
                continue;
            }
            {
                char line[400];
                snprintf(line, sizeof line, "%s (to within %g).", where,
                         st->tolerance);
                strbuf_puts(out, "   Predict: ");
                wrap(out, line, 12, 76);
            }
            if (answers)
                strbuf_printf(
                    out, "   A: %.4g%s%s\n", v,
                    lview_fraction(v, frac, sizeof frac)[0] ? " = " : "", frac);
        } else if (st->ask && answers) {
            strbuf_puts(out, "   A: ");
            wrap(out, st->answer ? st->answer : "(the lesson gives none)", 6,
                 76);
        }
        if ((st->ask || st->predict) && !answers)
            strbuf_puts(out, "   Answer: "
                             "______________________________________________"
                             "__\n");
    }
}
