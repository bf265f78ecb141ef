/*
 * lview: lessons in front of a class. See lview.h.
 */
#include "view/lview.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/model.h"
#include "core/pcie/pcie.h"
#include "view/canvas.h"
#include "view/roles.h"
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

/* ---- checking a lesson's focus ---- */

/* The views of the models that apply to s (its kind's, whatever a
   session runs), but the Lesson view, into views[VIEW_MAX] as indices
   into view_table; returns how many. */
static int
kind_views(const struct scenario *s, int *views)
{
    int n = 0;

    for (int k = 0; model_table[k] != NULL; k++) {
        const char *p = model_table[k]->views;
        if (model_table[k]->applies != NULL && !model_table[k]->applies(s))
            continue;
        while (*p != '\0' && n < VIEW_MAX) {
            char name[32];
            size_t len = strcspn(p, " ");
            int v, seen = 0;
            snprintf(name, sizeof name, "%.*s", (int)len, p);
            v = view_find(name);
            for (int j = 0; j < n; j++)
                seen |= views[j] == v;
            if (v >= 0 && !seen && view_table[v] != &lview_entry)
                views[n++] = v;
            p += len;
            p += strspn(p, " ");
        }
    }
    return n;
}

/* The names of views[n] that pass want (NULL: all), "a, b or c", into
   buf (n bytes), quoted when quote is set. */
static char *
view_names(const int *views, int nv, int (*want)(int v), int quote, char *buf,
           size_t n)
{
    int total = 0, k = 0;
    size_t used = 0;

    buf[0] = '\0';
    for (int i = 0; i < nv; i++)
        total += want == NULL || want(views[i]);
    for (int i = 0; i < nv && used < n; i++) {
        if (want != NULL && !want(views[i]))
            continue;
        k++;
        used += (size_t)snprintf(buf + used, n - used, "%s%s%s%s",
                                 k == 1       ? ""
                                 : k == total ? " or "
                                              : ", ",
                                 quote ? "\"" : "", view_table[views[i]]->name,
                                 quote ? "\"" : "");
    }
    return buf;
}

static int
has_frames(int v)
{
    return view_table[v]->frame != NULL;
}

static int
has_steps(int v)
{
    const struct view_family *f = view_table[v]->family;

    return f != NULL && f->focus != NULL;
}

/* Whether channel c of p is a port (not the root's own up or down,
   which joins nothing). */
static int
tree_port(const struct pcie *p, int c)
{
    int k = pcie_chan_kind(p, c);

    return (k != PCIE_CH_UP && k != PCIE_CH_DOWN) ||
           (pcie_chan_tail(p, c) >= 0 && pcie_chan_head(p, c) >= 0);
}

/* Whether spec is written as a frame of s's tree: a number from 1, a
   step (A, B, C, D8, D9), a port ("SB->K2"), or a step and a port; 0,
   or -1 with err filled. */
static int
frame_syntax(const struct scenario *s, const char *spec, struct rho_err *err)
{
    static const char *const steps[] = {"A", "B", "C", "D8", "D9"};
    const char *port = spec;
    char *end, name[96];
    long n = strtol(spec, &end, 10);

    if (end != spec && *end == '\0') {
        if (n < 1)
            return rho_err_set(err, RHO_EINPUT,
                               "frame %ld: frames count from 1", n);
        return 0;
    }
    for (int k = 0; k < 5; k++) {
        size_t len = strlen(steps[k]);
        if (strncmp(spec, steps[k], len) == 0 &&
            (spec[len] == '\0' || spec[len] == ' '))
            port = spec[len] ? spec + len + 1 : NULL;
    }
    if (port == NULL)
        return 0;
    for (int c = 0; s->pcie != NULL && c < pcie_nchan(s->pcie); c++)
        if (tree_port(s->pcie, c) &&
            strcmp(pcie_chan_name(s->pcie, c, name, sizeof name), port) == 0)
            return 0;
    name[0] = '\0';
    if (s->pcie != NULL && pcie_nchan(s->pcie) > 0)
        pcie_chan_name(s->pcie, pcie_nchan(s->pcie) - 1, name, sizeof name);
    if (port != spec)
        return rho_err_set(err, RHO_EINPUT,
                           "frame '%s': the tree has no port %s (a port is "
                           "written as the frames name it%s%s)",
                           spec, port, name[0] ? ", such as " : "", name);
    return rho_err_set(err, RHO_EINPUT,
                       "frame '%s': not a frame (give a number from 1, a "
                       "step A, B, C, D8 or D9, or a port%s%s)",
                       spec, name[0] ? " such as " : "", name);
}

int
lview_check_step(const struct scenario *s, int i, struct rho_err *err)
{
    const struct lesson *l = s->lesson;
    const struct lesson_step *st;
    struct lesson_focus f;
    int views[VIEW_MAX], nv, v = -1, in = 0;
    char names[400];

    if (l == NULL || i < 0 || i >= l->n)
        return 0;
    st = &l->step[i];
    nv = kind_views(s, views);
    if (st->view != NULL) {
        v = view_find(st->view);
        for (int k = 0; k < nv; k++)
            in |= views[k] == v;
        if (v >= 0 && view_table[v] == &lview_entry)
            return rho_err_set(
                err, RHO_EINPUT,
                "focus: the lesson view shows the lesson "
                "itself (give the view its step looks at: "
                "%s)",
                view_names(views, nv, NULL, 0, names, sizeof names));
        if (!in)
            return rho_err_set(
                err, RHO_EINPUT,
                "focus: no %s view for this scenario (it has: "
                "%s)",
                st->view, view_names(views, nv, NULL, 0, names, sizeof names));
    }
    lesson_focus(l, i, &f);
    v = f.view != NULL ? view_find(f.view) : -1;
    if (st->frame != NULL) {
        /* (an exercise's frame needs no view: the factor after it is
           what the class predicts) */
        if ((v < 0 || !has_frames(v)) && st->predict == 0) {
            view_names(views, nv, has_frames, 1, names, sizeof names);
            if (names[0] == '\0')
                return rho_err_set(err, RHO_EINPUT,
                                   "focus: frame '%s': no view of this "
                                   "scenario has frames (a PCIe tree's "
                                   "stepper and teach views have)",
                                   st->frame);
            if (v < 0)
                return rho_err_set(err, RHO_EINPUT,
                                   "focus: frame '%s' with no view to show "
                                   "it (give view = %s, in this step or one "
                                   "before)",
                                   st->frame, names);
            return rho_err_set(err, RHO_EINPUT,
                               "focus: frame '%s': the %s view has no frames "
                               "(give view = %s)",
                               st->frame, f.view, names);
        }
        if (frame_syntax(s, st->frame, err) != 0) {
            rho_err_prefix(err, "focus");
            return -1;
        }
    }
    if (st->tstep > 0) {
        int any = 0;
        for (int k = 0; k < nv; k++)
            any |= has_steps(views[k]);
        if (!any)
            return rho_err_set(err, RHO_EINPUT,
                               "focus: step %d: this scenario's views have "
                               "no time steps (a PCIe tree's have)",
                               st->tstep);
    }
    return 0;
}

/* "path:line: lesson step N" in front of err's message. */
static int
located(const struct scenario *s, int i, struct rho_err *err)
{
    int line = s->lesson->step[i].line;

    if (s->path != NULL && line > 0)
        rho_err_prefix(err, "%s:%d: lesson step %d", s->path, line, i + 1);
    else if (s->path != NULL)
        rho_err_prefix(err, "%s: lesson step %d", s->path, i + 1);
    else
        rho_err_prefix(err, "lesson step %d", i + 1);
    return -1;
}

int
lview_check(const struct scenario *s, struct rho_err *err)
{
    for (int i = 0; s->lesson != NULL && i < s->lesson->n; i++)
        if (lview_check_step(s, i, err) != 0)
            return located(s, i, err);
    return 0;
}

int
lview_check_run(struct session *ss, struct rho_err *err)
{
    const struct scenario *s = session_scenario(ss);
    const struct lesson *l = s->lesson;
    const struct view_family *fam = NULL;

    if (lview_check(s, err) != 0)
        return -1;
    /* the family whose model's run has time steps and frames */
    for (int k = 0; view_table[k] != NULL && fam == NULL; k++)
        if (view_table[k]->family != NULL &&
            view_table[k]->family->value != NULL)
            fam = view_table[k]->family;
    for (int i = 0; fam != NULL && l != NULL && i < l->n; i++) {
        const struct lesson_step *st = &l->step[i];
        struct lesson_focus f;
        int v;
        double x;
        if (st->frame == NULL && st->tstep == 0 && st->predict == 0)
            continue;
        lesson_focus(l, i, &f);
        v = f.view != NULL ? view_find(f.view) : -1;
        /* the step's time step alone, or its frame in its time step (a
           frame kept from a step before, shown in another time step) */
        if (fam->value(ss, 0, f.tstep > 0 ? f.tstep - 1 : 0,
                       (v >= 0 && has_frames(v)) || st->predict ? f.frame
                                                                : NULL,
                       &x, NULL, 0, err) != 0) {
            rho_err_prefix(err, "focus");
            return located(s, i, err);
        }
    }
    return 0;
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

/* ---- the lesson pane ---- */

void
lview_init(struct lview_state *ls)
{
    memset(ls, 0, sizeof *ls);
    ls->verdict = -1;
    ls->truth = NAN;
}

void
lview_goto(struct lview_state *ls, const struct lesson *l, int i)
{
    lview_init(ls);
    if (l == NULL || l->n == 0)
        return;
    ls->step = i < 0 ? 0 : i >= l->n ? l->n - 1 : i;
}

int
lview_hidden(const struct lesson *l, const struct lview_state *ls, int nflows,
             char *hidden)
{
    int n = 0;

    if (nflows > 0) /* a network has no flows, and hidden may be NULL */
        memset(hidden, 0, (size_t)nflows);
    if (l == NULL || ls->step < 0 || ls->step >= l->n || ls->revealed)
        return 0;
    for (int f = 0; f < nflows; f++)
        if (lesson_hides(&l->step[ls->step], f + 1)) {
            hidden[f] = 1;
            n++;
        }
    return n;
}

int
lview_reveal(struct session *ss, struct lview_state *ls, int on,
             struct rho_err *err)
{
    const struct lesson *l = session_scenario(ss)->lesson;

    if (l == NULL || ls->step >= l->n)
        return rho_err_set(err, RHO_EINPUT, "no lesson");
    if (on && l->step[ls->step].predict > 0 &&
        lview_truth(ss, ls->step, &ls->truth, ls->where, sizeof ls->where,
                    err) != 0)
        return -1;
    ls->revealed = on;
    return 0;
}

int
lview_predict(struct session *ss, struct lview_state *ls, const char *text,
              char *msg, size_t n)
{
    const struct lesson *l = session_scenario(ss)->lesson;
    const struct lesson_step *st;
    struct rho_err err;
    double truth, typed;
    char where[256];

    if (l == NULL || ls->step >= l->n || l->step[ls->step].predict == 0) {
        snprintf(msg, n, "this step asks to predict nothing");
        return -1;
    }
    st = &l->step[ls->step];
    if (lview_truth(ss, ls->step, &truth, where, sizeof where, &err) != 0) {
        snprintf(msg, n, "rho cannot work out the answer: %s", err.msg);
        return -1;
    }
    snprintf(ls->typed, sizeof ls->typed, "%s", text);
    ls->verdict = lesson_check(text, truth, st->tolerance, &typed);
    switch (ls->verdict) {
    case LESSON_RIGHT:
        ls->revealed = 1;
        ls->truth = truth;
        snprintf(ls->where, sizeof ls->where, "%s", where);
        snprintf(msg, n, "right: %g is %s", typed, where);
        break;
    case LESSON_TOO_HIGH:
    case LESSON_TOO_LOW:
        snprintf(msg, n, "%g is too %s: try again, or = reveals it", typed,
                 ls->verdict == LESSON_TOO_HIGH ? "high" : "low");
        break;
    default:
        snprintf(msg, n, "'%s' is not a number: write 0.3, 3/10 or 30%%", text);
        break;
    }
    return ls->verdict;
}

/* Lines text takes wrapped at w (a scratch canvas: the same wrapping as
   the pane's). */
static int
wrapped(const char *text, int w)
{
    struct canvas c;
    int n;

    if (w < 1)
        return 1;
    canvas_init(&c, w, 1, 0);
    n = canvas_wrap(&c, 0, 0, w, 0, ROLE_DEFAULT, text);
    canvas_fini(&c);
    return n > 0 ? n : 1;
}

/* The exercise's line into buf (n bytes): "Predict the factor of flow 3
   (3→2), to within 0.005: p types it", or that an edit removed the flow.
   Without s (the flows unknown) the line names the flow by its number
   alone. Returns whether the flow is gone. */
static int
predict_text(const struct scenario *s, const struct lesson_step *st, char *buf,
             size_t n)
{
    if (s != NULL && st->predict > s->nflows) { /* an edit removed it */
        snprintf(buf, n,
                 "Predict the factor of flow %d: the scenario has %d "
                 "flow%s now (u undoes the edit)",
                 st->predict, s->nflows, s->nflows == 1 ? "" : "s");
        return 1;
    }
    if (s != NULL) {
        const struct scen_flow *f = &s->flow[st->predict - 1];
        snprintf(buf, n,
                 "Predict the factor of flow %d (%s\u2192%s), to within %g: "
                 "p types it",
                 st->predict, pcie_node(s->pcie, f->src)->name,
                 pcie_node(s->pcie, f->dst)->name, st->tolerance);
    } else {
        snprintf(buf, n,
                 "Predict the factor of flow %d, to within %g: p types it",
                 st->predict, st->tolerance);
    }
    return 0;
}

/* The line under the exercise into buf (n bytes): rho's answer once
   revealed (what it is with where set), else the verdict on what was
   typed; "" when neither. Its role into *role. */
static const char *
verdict_text(const struct lview_state *ls, int where, char *buf, size_t n,
             int *role)
{
    char frac[32];

    buf[0] = '\0';
    *role = ROLE_STEP_CHANGED;
    if (ls->revealed && !isnan(ls->truth)) {
        snprintf(
            buf, n, "%s%s%.4g%s%s%s%s%s",
            ls->verdict == LESSON_RIGHT ? "right, " : "", "rho: ", ls->truth,
            lview_fraction(ls->truth, frac, sizeof frac)[0] ? " = " : "", frac,
            where ? " (" : "", where ? ls->where : "", where ? ")" : "");
    } else if (ls->typed[0]) {
        /* (a right answer hidden again by =: still right) */
        snprintf(buf, n, "%s: %s", ls->typed,
                 ls->verdict == LESSON_RIGHT      ? "right (= shows rho's)"
                 : ls->verdict == LESSON_TOO_HIGH ? "too high, try again"
                 : ls->verdict == LESSON_TOO_LOW  ? "too low, try again"
                                                  : "not a number");
        if (ls->verdict != LESSON_RIGHT)
            *role = ROLE_WARNING;
    }
    return buf;
}

/* lview_pane_height() of the scenario s (NULL: its flows unknown, the
   exercise's line then as predict_text() writes it without them). */
static int
pane_height(const struct scenario *s, const struct lesson *l,
            const struct lview_state *ls, int w, int max)
{
    const struct lesson_step *st;
    char line[512];
    int h, role;

    if (l == NULL || l->n == 0)
        return 0;
    st = &l->step[ls->step < l->n ? ls->step : l->n - 1];
    h = 1 + wrapped(st->text, w - 2);
    if (st->ask)
        h += wrapped(st->ask, w - 5);
    if (st->ask && ls->revealed && st->answer)
        h += wrapped(st->answer, w - 5);
    else if (st->ask)
        h++;
    if (st->predict) {
        int gone = predict_text(s, st, line, sizeof line);
        h += wrapped(line, w - 2);
        if (!gone && verdict_text(ls, 1, line, sizeof line, &role)[0])
            h += wrapped(line, w - 5);
        else if (!gone)
            h++; /* (room for the verdict to come) */
    }
    return h < max ? h : max;
}

int
lview_pane_height(const struct lesson *l, const struct lview_state *ls, int w,
                  int max)
{
    return pane_height(NULL, l, ls, w, max);
}

void
lview_draw(const struct cview *v, const struct scenario *s,
           const struct lview_state *ls, int index, int count)
{
    static const char *const hints[] = {
        " PgDn next  PgUp back  = reveal  p predict ",
        " PgDn next  = reveal  p predict ", " PgDn next "};
    const struct lesson *l = s->lesson;
    const struct lesson_step *st;
    char head[320];
    int y = 1, w = v->w, hw;

    if (l == NULL || l->n == 0 || v->h < 1)
        return;
    st = &l->step[ls->step < l->n ? ls->step : l->n - 1];
    cview_hline(v, 0, 0, w, ROLE_BORDER_FOCUS);
    if (count > 0)
        snprintf(head, sizeof head, " Lesson %d of %d \u00b7 step %d of %d ",
                 index + 1, count, ls->step + 1, l->n);
    else
        snprintf(head, sizeof head, " Lesson \u00b7 step %d of %d ",
                 ls->step + 1, l->n);
    hw = cview_text(v, 2, 0, w - 4, ROLE_HEADER, head);
    /* the key hints that fit right of it (a rule between), else none */
    for (int k = 0; k < (int)(sizeof hints / sizeof hints[0]); k++)
        if (2 + hw + 1 + utf8_width(hints[k]) <= w - 1) {
            cview_text_right(v, 0, 0, w - 1, ROLE_DIM, hints[k]);
            break;
        }
    y += cview_wrap(v, 1, y, w - 2, v->h - y, ROLE_EMPHASIS, st->text);
    if (st->ask && y < v->h) {
        cview_text(v, 1, y, 3, ROLE_HEADER, "Q:");
        y += cview_wrap(v, 4, y, w - 5, v->h - y, ROLE_HEADER, st->ask);
        if (ls->revealed && st->answer) {
            cview_text(v, 1, y, 3, ROLE_STEP_CHANGED, "A:");
            y += cview_wrap(v, 4, y, w - 5, v->h - y, ROLE_STEP_CHANGED,
                            st->answer);
        } else if (y < v->h) {
            cview_text(v, 4, y++, w - 5, ROLE_DIM,
                       st->answer ? "= reveals the answer"
                                  : "(the lesson gives no answer)");
        }
    }
    if (st->predict && y < v->h) {
        char line[512];
        int role;
        if (predict_text(s, st, line, sizeof line)) {
            cview_wrap(v, 1, y, w - 2, v->h - y, ROLE_ERROR, line);
            return;
        }
        y += cview_wrap_pretty(v, 1, y, w - 2, v->h - y, ROLE_HEADER, line);
        /* what rho's number is left out when the pane cannot hold it */
        if (y < v->h && verdict_text(ls, 1, line, sizeof line, &role)[0] &&
            wrapped(line, w - 5) > v->h - y)
            verdict_text(ls, 0, line, sizeof line, &role);
        if (y < v->h && line[0])
            cview_wrap_pretty(v, 4, y, w - 5, v->h - y, role, line);
    }
}

/* ---- the Lesson view ---- */

static int
lesson_shown(const struct session *ss)
{
    const struct lesson *l = session_scenario(ss)->lesson;

    return l != NULL && l->n > 0;
}

static void
lesson_init(void *st)
{
    struct lview_view *lv = st;

    lview_init(&lv->ls);
    lv->applied = -1;
    lv->focus = -1;
}

static void
lesson_fini(void *st)
{
    struct lview_view *lv = st;

    free(lv->hidden);
    lv->hidden = NULL;
}

/* The context of view v below the pane. */
static struct view_ctx
below(const struct lview_view *lv, struct view_ctx *vc, int v)
{
    struct view_ctx c = *vc;
    int top = lv->pane_h + lv->bad_h;

    c.fam = ui_family_state(vc->u, view_table[v]->family);
    c.h = vc->h - top > 1 ? vc->h - top : 1;
    return c;
}

/* The view the step looks at: its focus if the session has it, else the
   first other tab. */
static int
focus_view(struct view_ctx *vc, const struct lesson_focus *f)
{
    const struct ui *u = vc->u;
    int want = f->view != NULL ? view_find(f->view) : -1, first = -1;

    for (int k = 0; k < u->ntabs; k++) {
        if (u->tabs[k] == want)
            return want;
        if (first < 0 && view_table[u->tabs[k]] != &lview_entry)
            first = u->tabs[k];
    }
    return first;
}

/* What step i's focus cannot show, on the status line where the lesson's
   errors go: "scenarios/x.lua:12: lesson step 3: focus: ...". */
static void
focus_error(struct view_ctx *vc, int i, struct rho_err *err)
{
    rho_err_prefix(err, "focus");
    located(session_scenario(vc->ss), i, err);
    ui_status(vc->u, 1, "%s", err->msg);
}

/* Whether every model of the session has its result of the current
   state: what a lesson's focus names can be checked against the runs. */
static int
runs_done(const struct session *ss)
{
    const struct model_entry *m;
    struct session_run r;

    for (int k = 0; (m = session_model(ss, k)) != NULL; k++)
        if (session_run(ss, m, &r) != 0 || r.result == NULL || r.busy ||
            r.version != session_version(ss))
            return 0;
    return 1;
}

/* Go where step ls.step looks: the view, the flow and the time step, the
   frame. What the session cannot show is said on the status line. */
static void
apply_focus(struct lview_view *lv, struct view_ctx *vc,
            const struct lesson *l)
{
    const struct view_entry *e;
    struct lesson_focus f;
    struct view_ctx c;
    struct rho_err err;

    lesson_focus(l, lv->ls.step, &f);
    lv->applied = lv->ls.step;
    if ((lv->focus = focus_view(vc, &f)) < 0)
        return;
    e = view_table[lv->focus];
    c = below(lv, vc, lv->focus);
    if (e->family != NULL && e->family->focus != NULL &&
        (f.flow > 0 || f.tstep > 0)) {
        if (e->family->focus(c.fam, &c, f.flow - 1, f.tstep - 1, &err) != 0) {
            focus_error(vc, lv->ls.step, &err);
            return;
        }
        if (e->family->sync) /* the step it chose, evaluated */
            e->family->sync(c.fam, &c);
    }
    if (e->sync)
        e->sync(ui_state(vc->u, e->name), &c);
    if (f.frame != NULL && e->frame != NULL &&
        e->frame(ui_state(vc->u, e->name), &c, f.frame, &err) != 0) {
        focus_error(vc, lv->ls.step, &err); /* (err names the frame) */
        return;
    }
    /* in place of what the family said of its time step */
    ui_status(vc->u, 0, "lesson step %d of %d: %s", lv->ls.step + 1, l->n,
              e->title);
}

static void
lesson_sync(void *st, struct view_ctx *vc)
{
    struct lview_view *lv = st;
    const struct scenario *s = session_scenario(vc->ss);
    const struct lesson *l = s->lesson;
    const struct view_entry *e;
    struct view_ctx c;
    unsigned long ver;
    int said = 1;

    lv->nsteps = l != NULL ? l->n : 0;
    if (l == NULL || l->n == 0) {
        lv->focus = -1;
        return;
    }
    if (lv->ls.step >= l->n) /* a reload shortened the lesson */
        lview_goto(&lv->ls, l, l->n - 1);
    lv->pane_h = pane_height(s, l, &lv->ls, vc->w, vc->h / 2);
    if (lv->applied != lv->ls.step) {
        apply_focus(lv, vc, l);
        said = 0;
    }
    /* the whole lesson's focus, checked at each edit and again once its
       runs are there; what is wrong stays on the status line as the
       steps go */
    ver = session_version(vc->ss) + 1;
    if (lv->checked != ver || (lv->ran != ver && runs_done(vc->ss))) {
        struct rho_err err;
        int done = runs_done(vc->ss);
        lv->checked = ver;
        lv->ran = done ? ver : 0;
        lv->bad[0] = '\0';
        if ((done ? lview_check_run(vc->ss, &err) : lview_check(s, &err)) != 0)
            snprintf(lv->bad, sizeof lv->bad, "%s", err.msg);
        said = 0;
    }
    if (!said && lv->bad[0] != '\0')
        ui_status(vc->u, 1, "%s", lv->bad);
    /* and in full under the step, where the status line would cut it */
    lv->bad_h = lv->bad[0] != '\0' ? wrapped(lv->bad, vc->w - 2) : 0;
    if (lv->bad_h > 0 && lv->pane_h + lv->bad_h > vc->h / 2)
        lv->bad_h = vc->h / 2 - lv->pane_h > 1 ? vc->h / 2 - lv->pane_h : 1;
    if (lv->nhidden != s->nflows) {
        free(lv->hidden);
        lv->hidden = xcalloc((size_t)s->nflows + 1, 1);
        lv->nhidden = s->nflows;
    }
    lview_hidden(l, &lv->ls, s->nflows, lv->hidden);
    lv->fst = lv->ffam = NULL;
    if (lv->focus < 0)
        return;
    e = view_table[lv->focus];
    c = below(lv, vc, lv->focus);
    if (e->sync)
        e->sync(ui_state(vc->u, e->name), &c);
    lv->fst = ui_state(vc->u, e->name);
    lv->ffam = c.fam;
}

/* The views below name PgDn among the keys that scroll them ("lines 1-13
   of 17 (j/k, PgDn)", view/scroll.h), but under the pane PgDn is the
   lesson's next step: in v the hint loses it, the rest of the line
   moved right by as much. */
static void
unhint_pgdn(const struct cview *v)
{
    static const char key[] = ", PgDn)";
    const int n = (int)sizeof key - 1, cut = n - 1;

    for (int r = 0; r < v->h; r++) {
        struct cell *row = &v->c->cell[(v->y + r) * v->c->w + v->x];
        for (int x = 0; x + n <= v->w; x++) {
            int k, a = x;
            for (k = 0; k < n && row[x + k].ch == (unsigned char)key[k]; k++)
                ;
            if (k < n)
                continue;
            /* the line's start: its role, single blanks only */
            while (a > 0 && row[a - 1].role == row[x].role &&
                   !(row[a - 1].ch == ' ' && a > 1 && row[a - 2].ch == ' '))
                a--;
            memmove(&row[a + cut], &row[a], (size_t)(x - a) * sizeof *row);
            for (k = a; k < a + cut; k++) {
                row[k].ch = ' ';
                row[k].role = a > 0 ? row[a - 1].role : ROLE_DEFAULT;
                row[k].attrs = 0;
            }
        }
    }
}

static void
lesson_draw(const void *st, const struct cview *v,
            const struct view_draw_ctx *dc)
{
    const struct lview_view *lv = st;
    const struct scenario *s = session_scenario(dc->ss);
    struct cview pane, rest;
    struct view_draw_ctx d = *dc;
    int ph = lv->pane_h < v->h ? lv->pane_h : v->h;

    pane = cview_sub(v, 0, 0, v->w, ph);
    lview_draw(&pane, s, &lv->ls, 0, 0);
    if (lv->bad_h > 0 && ph < v->h) { /* the lesson's focus is wrong */
        int eh = lv->bad_h < v->h - ph ? lv->bad_h : v->h - ph;
        cview_wrap(v, 1, ph, v->w - 2, eh, ROLE_ERROR, lv->bad);
        ph += eh;
    }
    if (lv->focus < 0 || ph >= v->h)
        return;
    rest = cview_sub(v, 0, ph, v->w, v->h - ph);
    d.fam = lv->ffam;
    d.hidden = lv->hidden;
    view_table[lv->focus]->draw(lv->fst, &rest, &d);
    unhint_pgdn(&rest);
}

/* Enter on the prediction prompt: check it. */
static int
predicted(void *st, struct view_ctx *vc, const char *line)
{
    struct lview_view *lv = st;
    char msg[400];
    int v = lview_predict(vc->ss, &lv->ls, line, msg, sizeof msg);

    ui_status(vc->u, v != LESSON_RIGHT, "%s", msg);
    return UI_REDRAW;
}

static int
lesson_key(void *st, struct view_ctx *vc, int act)
{
    struct lview_view *lv = st;
    const struct lesson *l = session_scenario(vc->ss)->lesson;
    const struct view_entry *e;
    struct rho_err err;
    struct view_ctx c;
    int fx;

    if (l == NULL || l->n == 0)
        return VIEW_NOT_MINE;
    switch (act) {
    case ACT_LESSON_NEXT:
    case ACT_LESSON_PREV: {
        int to = lv->ls.step + (act == ACT_LESSON_NEXT ? 1 : -1);
        if (to < 0 || to >= l->n) {
            ui_status(vc->u, 0, "%s step of the lesson",
                      to < 0 ? "the first" : "the last");
            return UI_REDRAW;
        }
        lview_goto(&lv->ls, l, to); /* the sync goes where it looks */
        return UI_REDRAW;
    }
    case ACT_REVEAL:
        if (lview_reveal(vc->ss, &lv->ls, !lv->ls.revealed, &err) != 0)
            ui_status(vc->u, 1, "%s", err.msg);
        return UI_REDRAW;
    case ACT_PREDICT:
        if (l->step[lv->ls.step].predict == 0) {
            ui_status(vc->u, 1, "this step asks to predict nothing");
            return UI_REDRAW;
        }
        {
            char label[64];
            snprintf(label, sizeof label, "predict the factor of flow %d: ",
                     l->step[lv->ls.step].predict);
            ui_prompt(vc->u, label, NULL, predicted, lv);
        }
        return UI_REDRAW;
    default:
        break;
    }
    if (lv->focus < 0) /* the rest is the view's below */
        return VIEW_NOT_MINE;
    e = view_table[lv->focus];
    c = below(lv, vc, lv->focus);
    if (e->key &&
        (fx = e->key(ui_state(vc->u, e->name), &c, act)) != VIEW_NOT_MINE)
        return fx;
    if (e->family && e->family->key)
        return e->family->key(c.fam, &c, act);
    return VIEW_NOT_MINE;
}

static int
lesson_frames(const void *st)
{
    const struct lview_view *lv = st;

    return lv->nsteps;
}

/* --frame N: step N of the lesson, where it looks. */
static int
lesson_frame(void *st, struct view_ctx *vc, const char *spec,
             struct rho_err *err)
{
    struct lview_view *lv = st;
    const struct lesson *l = session_scenario(vc->ss)->lesson;
    char *end;
    long n = strtol(spec, &end, 10);

    if (l == NULL || l->n == 0)
        return rho_err_set(err, RHO_EINPUT, "the scenario has no lesson");
    if (end == spec || *end != '\0' || n < 1 || n > l->n)
        return rho_err_set(err, RHO_EINPUT,
                           "'%s': the lesson's frames are its steps, 1 to %d",
                           spec, l->n);
    lview_goto(&lv->ls, l, (int)n - 1);
    lesson_sync(st, vc); /* where it looks */
    if (lv->bad[0] != '\0') /* (a screen of a lesson that is wrong) */
        return rho_err_set(err, RHO_EINPUT, "%s", lv->bad);
    return 0;
}

/* '/', 'n' and 'N' find in the view below. */
static int
lesson_find(void *st, struct view_ctx *vc, const char *text, int dir)
{
    struct lview_view *lv = st;
    const struct view_entry *e;
    struct view_ctx c;

    if (lv->focus < 0) {
        ui_status(vc->u, 1, "'%s': the lesson shows no view to find in", text);
        return 0;
    }
    e = view_table[lv->focus];
    c = below(lv, vc, lv->focus);
    if (e->find)
        return e->find(ui_state(vc->u, e->name), &c, text, dir);
    if (e->family && e->family->find)
        return e->family->find(c.fam, &c, text, dir);
    ui_status(vc->u, 1, "'%s': the %s view finds nothing", text, e->title);
    return 0;
}

const struct view_entry lview_entry = {
    .name = "lesson",
    .title = "Lesson",
    .size = sizeof(struct lview_view),
    .init = lesson_init,
    .fini = lesson_fini,
    .sync = lesson_sync,
    .draw = lesson_draw,
    .key = lesson_key,
    .find = lesson_find,
    .shown = lesson_shown,
    .opens = 1,
    .frames = lesson_frames,
    .frame = lesson_frame,
};
