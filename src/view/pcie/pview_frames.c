/*
 * pview_frames: Algorithm 1 frame by frame. See pview_frames.h.
 *
 * The frames replay the model's own record: the factor a flow has after a
 * port is the rho of its hop there, so the last frame agrees with the
 * model's D9 column exactly.
 */
#include "view/pcie/pview_frames.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/base/strbuf.h"
#include "core/model_pcie.h"

static struct pview_frame *
new_frame(struct pview_frames *st, int step, int chan, const double *cur,
          const double *prev)
{
    struct pview_frame *fr;

    if (st->n == st->cap) {
        st->cap = (int)rho_grow_cap((size_t)st->cap, (size_t)st->n + 1);
        st->frame =
            xreallocarray(st->frame, (size_t)st->cap, sizeof *st->frame);
    }
    fr = &st->frame[st->n++];
    fr->step = step;
    fr->chan = chan;
    fr->text = NULL;
    fr->masked = NULL;
    fr->marked = NULL;
    fr->factor = xcalloc((size_t)(st->nflows ? st->nflows : 1), sizeof(double));
    fr->changed = xcalloc((size_t)(st->nflows ? st->nflows : 1), 1);
    memcpy(fr->factor, cur, (size_t)st->nflows * sizeof(double));
    for (int i = 0; i < st->nflows; i++)
        fr->changed[i] = prev == NULL ? cur[i] != 0 : cur[i] != prev[i];
    return fr;
}

void
pview_frames_fini(struct pview_frames *st)
{
    for (int i = 0; i < st->n; i++) {
        free(st->frame[i].text);
        free(st->frame[i].masked);
        free(st->frame[i].marked);
        free(st->frame[i].factor);
        free(st->frame[i].changed);
    }
    free(st->frame);
    memset(st, 0, sizeof *st);
}

/* Flow b's hop at channel c (which must be on its path). */
static const struct pcie_hop *
hop_at(const struct pcie_model *m, int b, int c)
{
    return &pcie_model_hops(m, b)[pcie_model_hop_index(m, b, c)];
}

/* The channel by which flow b enters channel c. */
static int
in_chan(const struct pcie_model *m, int b, int c)
{
    return hop_at(m, b, c)[-1].chan;
}

/* The numbers of a frame's sentence are marked, so that a lesson can
   show them as "?" (pview_frame_show()): a factor the frame works out (a
   result, not an input) as MARK_ON x MARK_OFF, hidden while any flow is;
   a number that tells of flows (a flow's factor coming in, the sum of a
   port's flows) as MARK_FLOWS "i,j" MARK_SEP x MARK_OFF (flows from 0),
   hidden while one of them is. */
#define MARK_ON '\x01'
#define MARK_OFF '\x02'
#define MARK_FLOWS '\x03'
#define MARK_SEP '\x04'

static void
result(struct strbuf *sb, double x)
{
    strbuf_printf(sb, "%c%.4g%c", MARK_ON, x, MARK_OFF);
}

/* x, a number that tells of the n flows fl (from 0). */
static void
of_flows(struct strbuf *sb, const int *fl, int n, double x)
{
    strbuf_printf(sb, "%c", MARK_FLOWS);
    for (int i = 0; i < n; i++)
        strbuf_printf(sb, "%s%d", i ? "," : "", fl[i]);
    strbuf_printf(sb, "%c%.4g%c", MARK_SEP, x, MARK_OFF);
}

/* The frame's texts from sb's: the marks dropped; with the factors it
   works out as "?" when there is one; and the marked text when it has
   any mark. */
static void
set_text(struct pview_frame *fr, const char *marked)
{
    size_t n = strlen(marked);
    char *t = xmalloc(n + 1), *m = xmalloc(n + 2);
    size_t a = 0, b = 0;
    int any = 0, results = 0, in_flows = 0, in_result = 0;

    for (const char *p = marked; *p; p++) {
        if (*p == MARK_ON) {
            any = results = in_result = 1;
            m[b++] = '?';
        } else if (*p == MARK_FLOWS) {
            any = in_flows = 1;
        } else if (*p == MARK_SEP) {
            in_flows = 0;
        } else if (*p == MARK_OFF) {
            in_result = 0;
        } else if (!in_flows) {
            t[a++] = *p;
            if (!in_result)
                m[b++] = *p;
        }
    }
    t[a] = m[b] = '\0';
    fr->text = t;
    fr->marked = any ? xstrdup(marked) : NULL;
    if (results) {
        fr->masked = m;
    } else {
        free(m);
        fr->masked = NULL;
    }
}

const char *
pview_frame_text(const struct pview_frame *fr, int hide)
{
    return hide && fr->masked != NULL ? fr->masked : fr->text;
}

void
pview_frame_show(const char *text, const char *marked, const char *hidden,
                 int nflows, struct strbuf *out)
{
    int any = 0;

    for (int i = 0; hidden != NULL && i < nflows; i++)
        any |= hidden[i];
    if (!any || marked == NULL) {
        strbuf_puts(out, text);
        return;
    }
    for (const char *p = marked; *p; p++) {
        int hide = 0;
        if (*p == MARK_ON) {
            hide = 1;
        } else if (*p == MARK_FLOWS) {
            char *end;
            for (p++; *p && *p != MARK_SEP; p = *end == ',' ? end + 1 : end) {
                long f = strtol(p, &end, 10);
                if (end == p)
                    break;
                hide |= f >= 0 && f < nflows && hidden[f];
            }
            if (*p != MARK_SEP)
                break; /* (cannot happen: set by of_flows()) */
        } else {
            strbuf_add(out, p, 1);
            continue;
        }
        /* the number, up to its MARK_OFF */
        if (hide)
            strbuf_puts(out, "?");
        for (p++; *p && *p != MARK_OFF; p++)
            if (!hide)
                strbuf_add(out, p, 1);
        if (*p == '\0')
            break;
    }
}

/* Step B at up channel c. */
static void
text_b(struct strbuf *sb, const struct scenario *s, const struct pcie_model *m,
       int c, const int *fl, int n)
{
    char ch[96];
    const struct pcie_hop *h0 = hop_at(m, fl[0], c);

    pcie_chan_name(s->pcie, c, ch, sizeof ch);
    strbuf_printf(sb, "Step B at %s, the upstream port of %s: ", ch,
                  pcie_chan_tail_name(s->pcie, c));
    for (int i = 0; i < n; i++) {
        const struct pcie_hop *h = hop_at(m, fl[i], c);
        strbuf_printf(sb, "%sflow %d comes in with ",
                      i ? (i == n - 1 ? " and " : ", ") : "", fl[i] + 1);
        of_flows(sb, &fl[i], 1, h->rin);
        if (h->ratio != 1) { /* links of different speeds: its share */
            strbuf_puts(sb, " (a share ");
            of_flows(sb, &fl[i], 1, h->rin * h->ratio);
            strbuf_puts(sb, " of the link)");
        }
    }
    strbuf_puts(sb, n > 1 ? "; they add up to " : "; that is ");
    of_flows(sb, fl, n, h0->sum);
    if (h0->arb) {
        strbuf_puts(sb, " > 1, so each is divided by ");
        of_flows(sb, fl, n, h0->sum);
        strbuf_puts(sb, " (Eq. 6).");
    } else {
        strbuf_puts(sb, " <= 1: no arbitration, the factors pass.");
    }
}

/* Step C at down channel c. */
static void
text_c(struct strbuf *sb, const struct scenario *s, const struct pcie_model *m,
       int c, const int *fl, int n, double tau)
{
    char ch[96], in[96];
    int done[256] = {0}, grp[256], k = 0;
    const struct pcie_hop *h0 = hop_at(m, fl[0], c);

    pcie_chan_name(s->pcie, c, ch, sizeof ch);
    strbuf_printf(sb, "Step C at %s, the %s port of %s: ", ch,
                  h0->rc_tail ? "root-complex" : "downstream",
                  pcie_chan_tail_name(s->pcie, c));
    strbuf_printf(sb, "%d super communication%s", h0->ngroups,
                  h0->ngroups > 1 ? "s" : "");
    for (int i = 0; i < n && i < 256; i++) {
        const struct pcie_hop *hi;
        int prev, ng = 0;
        if (done[i])
            continue;
        hi = hop_at(m, fl[i], c);
        prev = in_chan(m, fl[i], c);
        pcie_chan_name(s->pcie, prev, in, sizeof in);
        strbuf_printf(sb, "%s{", k++ ? "; " : ": ");
        for (int j = i; j < n && j < 256; j++) {
            int pj = in_chan(m, fl[j], c);
            if (pj != prev)
                continue;
            done[j] = 1;
            strbuf_printf(sb, "%s%d", ng ? " " : "", fl[j] + 1);
            grp[ng++] = fl[j];
        }
        strbuf_printf(sb, "} in by %s, R ", in);
        of_flows(sb, grp, ng, hi->R); /* the group's flows' sum */
        if (hi->in_cr)
            strbuf_puts(sb, ", crosses the RC");
    }
    strbuf_puts(sb, ". ");
    if (!h0->arb) {
        strbuf_puts(sb, "They add up to ");
        of_flows(sb, fl, n, h0->sum);
        strbuf_puts(sb, " <= 1: no arbitration.");
        return;
    }
    if (h0->rc_tail && h0->sum <= 1 + 1e-9)
        strbuf_puts(sb, "A port of the root complex always arbitrates. ");
    strbuf_printf(sb, "Round robin gives each at most 1/%d", h0->ngroups);
    if (h0->cr_any) {
        strbuf_puts(sb, "; a group holding a flow across the root complex gets "
                        "1/n - tau = ");
        result(sb, fmax(1.0 / h0->ngroups - tau, 0));
        if (h0->ngroups > 1) {
            strbuf_puts(sb, " and the others 1/n + tau = ");
            result(sb, 1.0 / h0->ngroups + tau);
        }
    }
    strbuf_puts(sb, ", never more than they bring (Eq. 7).");
}

void
pview_frames_build(struct pview_frames *st, const struct scenario *s,
                   const struct pcie_model *m, int fold)
{
    int nf = s->nflows, na = pcie_model_nactive(m), nused = 0;
    double *cur = xcalloc((size_t)(nf ? nf : 1), sizeof *cur);
    double *prev = xcalloc((size_t)(nf ? nf : 1), sizeof *prev);
    int *used = NULL, fl[256];
    const int *rank = pcie_chan_rank(s->pcie);
    struct strbuf sb;
    struct pview_frame *fr;
    int nhol = 0;

    memset(st, 0, sizeof *st);
    st->nflows = nf;
    strbuf_init(&sb);

    /* A */
    for (int k = 0; k < na; k++)
        cur[pcie_model_active(m, k)] = 1;
    strbuf_puts(&sb, "Step A, source arbitration: a device sends one flow at "
                     "a time, first come first served; flows waiting behind "
                     "another of their source get 0. Sending:");
    for (int k = 0; k < na; k++)
        strbuf_printf(&sb, " %d", pcie_model_active(m, k) + 1);
    strbuf_puts(&sb, ".");
    fr = new_frame(st, STEP_A, -1, cur, NULL);
    set_text(fr, strbuf_str(&sb));

    /* the channels in use, in the algorithm's order */
    used = xcalloc((size_t)pcie_nchan(s->pcie), sizeof *used);
    for (int k = 0; k < na; k++) {
        int f = pcie_model_active(m, k);
        const struct pcie_hop *h = pcie_model_hops(m, f);
        for (int j = 1; j < pcie_model_path_len(m, f); j++) {
            int dup = 0;
            for (int u = 0; u < nused && !dup; u++)
                dup = used[u] == h[j].chan;
            if (!dup)
                used[nused++] = h[j].chan;
        }
    }
    for (int i = 1; i < nused; i++) { /* insertion sort by rank */
        int c = used[i], j = i - 1;
        while (j >= 0 && rank[used[j]] > rank[c]) {
            used[j + 1] = used[j];
            j--;
        }
        used[j + 1] = c;
    }

    for (int u = 0; u < nused; u++) {
        int c = used[u], n = pcie_model_chan_flows(m, c, fl, 256);
        int up = hop_at(m, fl[0], c)->step == STEP_B, change = 0;
        memcpy(prev, cur, (size_t)nf * sizeof *cur);
        for (int i = 0; i < n && i < 256; i++) {
            double r = hop_at(m, fl[i], c)->rho;
            change |= r != cur[fl[i]];
            cur[fl[i]] = r;
        }
        if (fold && !change && n < 2)
            continue;
        strbuf_reset(&sb);
        if (up)
            text_b(&sb, s, m, c, fl, n < 256 ? n : 256);
        else
            text_c(&sb, s, m, c, fl, n < 256 ? n : 256, pcie_model_tau(m));
        fr = new_frame(st, up ? STEP_B : STEP_C, c, cur, prev);
        set_text(fr, strbuf_str(&sb));
    }

    /* D8 */
    memcpy(prev, cur, (size_t)nf * sizeof *cur);
    strbuf_reset(&sb);
    strbuf_puts(&sb, "Step D(8), head-of-line blocking: a flow sharing a port "
                     "with a flow that is cut further down its path drops to "
                     "that flow's factor, for the shared buffer runs out of "
                     "credits.");
    for (int k = 0; k < na; k++) {
        int f = pcie_model_active(m, k);
        const struct pcie_factors *F = pcie_model_factors(m, f);
        char at[96], where[96];
        if (!F->hol)
            continue;
        pcie_chan_name(s->pcie, F->hol_at, at, sizeof at);
        pcie_chan_name(s->pcie, F->hol_chan, where, sizeof where);
        strbuf_printf(&sb, " Flow %d shares %s with flow %d, cut to ", f + 1,
                      at, F->hol_by + 1);
        result(&sb, F->col[STEP_D8]);
        strbuf_printf(&sb, " at %s: %d drops to ", where, f + 1);
        result(&sb, F->col[STEP_D8]);
        strbuf_puts(&sb, ".");
        cur[f] = F->col[STEP_D8];
        nhol++;
    }
    if (nhol == 0)
        strbuf_puts(&sb, " No flow is blocked here.");
    fr = new_frame(st, STEP_D8, -1, cur, prev);
    set_text(fr, strbuf_str(&sb));

    /* D9 */
    memcpy(prev, cur, (size_t)nf * sizeof *cur);
    strbuf_reset(&sb);
    strbuf_puts(&sb, "Step D(9): at each port, what blocked flows no longer "
                     "use is shared equally by the others there, and each "
                     "unblocked flow takes the lowest of its shares over the "
                     "ports that arbitrated it.");
    for (int k = 0; k < na; k++) {
        int f = pcie_model_active(m, k);
        const struct pcie_factors *F = pcie_model_factors(m, f);
        if (!F->hol && F->col[STEP_D9] != cur[f]) {
            strbuf_printf(&sb, " Flow %d: ", f + 1);
            of_flows(&sb, &f, 1, cur[f]);
            strbuf_puts(&sb, " -> ");
            result(&sb, F->col[STEP_D9]);
            strbuf_puts(&sb, ".");
        }
        cur[f] = F->col[STEP_D9];
    }
    if (nhol == 0)
        strbuf_puts(&sb, " Nothing to share.");
    fr = new_frame(st, STEP_D9, -1, cur, prev);
    set_text(fr, strbuf_str(&sb));

    strbuf_fini(&sb);
    free(used);
    free(cur);
    free(prev);
}

int
pview_frames_of_session(struct pview_frames *st, struct session *ss, int k)
{
    struct pcie_sim *sim = model_pcie_sim(ss);
    const struct pcie_sim_result *res = model_pcie_result(ss);

    memset(st, 0, sizeof *st);
    if (sim == NULL || k < 0 || k >= res->nsteps)
        return 0;
    pcie_sim_eval_step(sim, res, k);
    pview_frames_build(st, session_scenario(ss), pcie_sim_model(sim), 0);
    return st->n;
}

static const char *const step_names[] = {"A", "B", "C", "D8", "D9"};

const char *
pview_step_name(int step)
{
    return step >= 0 && step < 5 ? step_names[step] : "?";
}

int
pview_frames_find(const struct pview_frames *st, const struct scenario *s,
                  const char *spec, struct rho_err *err)
{
    char *end, want[96];
    long n = strtol(spec, &end, 10);
    const char *port = spec;
    int step = -1;

    if (st->n == 0)
        return rho_err_set(err, RHO_EINPUT,
                           "no stepper frames here (no flow sends in this "
                           "time step)");
    if (end != spec && *end == '\0') {
        if (n < 1 || n > st->n)
            return rho_err_set(err, RHO_EINPUT,
                               "frame %ld: time step has %d frames", n, st->n);
        return (int)n - 1;
    }
    for (int k = 0; k < 5; k++) {
        size_t len = strlen(step_names[k]);
        if (strncmp(spec, step_names[k], len) == 0 &&
            (spec[len] == '\0' || spec[len] == ' ')) {
            step = k;
            port = spec[len] ? spec + len + 1 : NULL;
        }
    }
    for (int f = 0; f < st->n; f++) {
        const struct pview_frame *fr = &st->frame[f];
        if (step >= 0 && fr->step != step)
            continue;
        if (port == NULL)
            return f;
        if (fr->chan < 0)
            continue;
        pcie_chan_name(s->pcie, fr->chan, want, sizeof want);
        if (strcmp(want, port) == 0)
            return f;
    }
    want[0] = '\0';
    for (int f = 0; f < st->n && want[0] == '\0'; f++)
        if (st->frame[f].chan >= 0)
            pcie_chan_name(s->pcie, st->frame[f].chan, want, sizeof want);
    return rho_err_set(err, RHO_EINPUT,
                       "frame '%s': no such frame in this time step (give a "
                       "number from 1 to %d, a step A, B, C, D8 or D9, or a "
                       "port%s%s)",
                       spec, st->n, want[0] ? " such as " : "", want);
}
