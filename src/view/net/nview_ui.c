/*
 * nview_ui: what the link model's views share -- the header, the family
 * (the phase shown, its statistics) and small helpers. See nview_ui.h.
 */
#include "view/net/nview_ui.h"

#include <stdio.h>
#include <string.h>

#include "core/base/strbuf.h"
#include "core/base/units.h"
#include "core/net/route.h"
#include "view/keys.h"
#include "view/progress.h"
#include "view/roles.h"
#include "view/ui.h"

const struct net_run *
nview_run(const struct session *ss)
{
    const struct net_run *lr = model_net_run(ss);

    return lr != NULL && lr->res != NULL ? lr : NULL;
}

struct nview_show
nview_show(const void *fam, const struct net_run *lr)
{
    const struct nview_fam *f = fam;
    struct nview_show s;

    s.res = lr->res;
    s.bytes = lr->res->bytes;
    s.st = lr->st;
    s.peak = lr->peak;
    s.phase = 0;
    s.nphases = lr->res->nphases;
    if (f != NULL && f->phase > 0 && f->phase <= s.nphases && f->st != NULL &&
        f->of == lr->id && f->of_phase == f->phase) {
        s.res = lr->res->phase[f->phase - 1];
        s.bytes = s.res->bytes;
        s.st = f->st;
        s.peak = f->peak;
        s.phase = f->phase;
    }
    return s;
}

int
nview_hot(const struct net_run *lr, const struct nview_show *sh, int *buf,
          const int **list)
{
    _Static_assert(NET_RUN_HOT == NVIEW_TOP_MAX, "one list for both");
    if (lr->hot != NULL && sh->phase >= 0 && sh->phase <= lr->res->nphases) {
        *list = lr->hot + (size_t)sh->phase * NET_RUN_HOT;
        return lr->nhot[sh->phase];
    }
    *list = buf;
    return nview_top(lr->scen->net->net, sh->bytes, -1, NVIEW_TOP_MAX, buf);
}

const char *
nview_phase_traffic(const struct net_run *lr, int k, char *buf, size_t n)
{
    const struct net_scen *l = lr->scen->net;
    size_t len = 0;

    buf[0] = '\0';
    if (l->njobs == 1) {
        const struct pattern *p = pattern_phase(l->job[0].pattern, k - 1);
        snprintf(buf, n, "%s", p != NULL ? pattern_name(p) : "idle");
        return buf;
    }
    for (int j = 0; j < l->njobs && len + 1 < n; j++)
        if (pattern_phase(l->job[j].pattern, k - 1) != NULL) {
            int w = snprintf(buf + len, n - len, "%s%s", len ? ", " : "jobs ",
                             l->job[j].name);
            len = w < 0 ? n : len + (size_t)w;
        }
    return buf;
}

/* The result shown is not the current scenario's: an edit, undo or redo
   made a new version whose run computes, was stopped or failed. */
static int
stale(const struct session *ss, const struct session_run *run,
      const struct net_run *lr)
{
    return lr != NULL && lr->res != NULL && run->result != NULL &&
           run->version != session_version(ss);
}

/* What the numbers of lr are, and what the current scenario (now) asks,
   where they differ: the routing ("SD" and "AD"), the placement
   ("placement linear"), both, or neither (another edit: the seed, the
   paths, the script). */
static void
stale_names(const struct net_scen *was, const struct net_scen *now, char *a,
            char *b, size_t n)
{
    int rt = was->routing != now->routing || was->minimal != now->minimal;
    int pl = (was->place_desc == NULL) != (now->place_desc == NULL) ||
             (was->place_desc != NULL &&
              strcmp(was->place_desc, now->place_desc) != 0);

    if (!rt && !pl) {
        snprintf(a, n, "the numbers before the last edit");
        snprintf(b, n, "the edit");
        return;
    }
    snprintf(a, n, "%s%s%s%s%s", rt ? net_routing_name(was->routing) : "",
             rt && was->minimal == ROUTE_ALL ? " (all paths)" : "",
             rt && pl ? ", " : "", pl ? "placement " : "",
             pl && was->place_desc ? was->place_desc
             : pl                  ? "?"
                                   : "");
    snprintf(a + strlen(a), n - strlen(a), "'s numbers");
    snprintf(b, n, "%s%s%s%s%s", rt ? net_routing_name(now->routing) : "",
             rt && now->minimal == ROUTE_ALL ? " (all paths)" : "",
             rt && pl ? ", " : "", pl ? "placement " : "",
             pl && now->place_desc ? now->place_desc
             : pl                  ? "?"
                                   : "");
}

/* The header -- what ran, and what is computing -- drawn into v if v is
   not NULL; returns the rows it takes (a blank one under it). With
   phases, the second line starts with the phase shown. While the
   numbers shown are not the current scenario's, the second line says
   whose they are, "old: SD's numbers; computing AD: routing 40%, about 2
   s left in this phase" (the overlay dims them). */
static int
header(const struct cview *v, const struct session *ss, const void *fam)
{
    const struct net_run *lr = model_net_run(ss);
    const struct net_scen *l = session_scenario(ss)->net;
    struct session_run run;
    char a[48], b[48], line[640]; /* "old: " + 2 x 160 + 200 of a message */
    int y = 0, role = ROLE_DIM;

    if (l == NULL || session_run(ss, &model_net_entry, &run) != 0)
        return 0;
    {
        /* routing and placement are what an edit changes: they always
           show, and a long network description gives way, cut with an
           ellipsis ("df-thesis: Jain Ch.3 dragon…  routing SD ...") */
        const char *desc = l->net_desc ? l->net_desc : "network";
        char rp[160];
        int room, dw;

        snprintf(rp, sizeof rp, "  routing %s%s  placement %s",
                 net_routing_name(l->routing),
                 l->minimal == ROUTE_ALL ? " (all paths)" : "",
                 l->place_desc ? l->place_desc : "?");
        room = (v != NULL ? v->w - 2 : 1 << 20) - utf8_width(rp);
        dw = utf8_width(desc);
        if (dw <= room)
            snprintf(line, sizeof line, "%s%s", desc, rp);
        else if (room > 1)
            snprintf(line, sizeof line, "%.*s…%s",
                     utf8_prefix(desc, room - 1, NULL), desc, rp);
        else
            snprintf(line, sizeof line, "%s", rp + 2);
    }
    if (v != NULL)
        cview_text(v, 1, y, v->w - 2, ROLE_HEADER, line);
    y++;
    if (stale(ss, &run, lr)) {
        char was[160], now[160], prog[160];
        stale_names(lr->scen->net, l, was, now, sizeof was);
        if (run.busy)
            snprintf(line, sizeof line, "old: %s; computing %s: %s", was, now,
                     progress_text(&run, prog, sizeof prog));
        else if (run.stopped)
            snprintf(line, sizeof line,
                     "old: %s; %s was stopped (Esc): an edit runs the model "
                     "again",
                     was, now);
        else if (run.error != NULL)
            snprintf(line, sizeof line, "old: %s; %s failed: %.200s", was, now,
                     run.error->msg);
        else
            snprintf(line, sizeof line, "old: %s; %s waits to run", was, now);
        role = run.error != NULL ? ROLE_ERROR : ROLE_PROGRESS;
    } else if (run.busy) {
        char prog[160];
        snprintf(line, sizeof line, "computing the link model: %s",
                 progress_text(&run, prog, sizeof prog));
        role = ROLE_PROGRESS;
    } else if (run.error != NULL) {
        if (v != NULL)
            cview_printf(v, 1, y, v->w - 2, ROLE_ERROR, "%s: %s",
                         model_net_entry.title, run.error->msg);
        return y + 2;
    } else if (lr != NULL && lr->res != NULL) {
        struct nview_show sh = nview_show(fam, lr);
        const struct net_stats *st = sh.st;
        char ph[192] = "", tr[128], m[48];
        if (sh.phase > 0)
            snprintf(ph, sizeof ph, "phase %d of %d (%s): ", sh.phase,
                     sh.nphases,
                     nview_phase_traffic(lr, sh.phase, tr, sizeof tr));
        else if (sh.nphases > 0)
            snprintf(ph, sizeof ph,
                     "all %d phases summed ([ ] picks one): ", sh.nphases);
        snprintf(line, sizeof line,
                 "%s%s, %s; hop-bytes %s; %.3g hops per message%s", ph,
                 units_fmt_count(m, sizeof m, st->msgs, "message"),
                 units_fmt_size(a, sizeof a, st->total_bytes),
                 units_fmt_size(b, sizeof b, st->hop_bytes), st->avg_hops,
                 lr->nrounds > 0 ? "; adaptive: see Rounds" : "");
        /* the pointer to Rounds gives way before the numbers do */
        if (v != NULL && lr->nrounds > 0 && utf8_width(line) > v->w - 2)
            line[strlen(line) - strlen("; adaptive: see Rounds")] = '\0';
        if (sh.nphases > 0)
            role = ROLE_HEADER;
    } else {
        return y + 1;
    }
    if (v != NULL)
        cview_text(v, 1, y, v->w - 2, role, line);
    y++;
    y += nview_compare_lines(v, y, ss, fam);
    return y + 1;
}

/* Numbers that are not the current scenario's are drawn dimmed, below
   the header (whose second line says whose they are: the text mark for
   a terminal without dim). */
static void
fam_overlay(const void *fam, const struct cview *v,
            const struct view_draw_ctx *dc)
{
    struct session_run run;
    int y;

    if (session_run(dc->ss, &model_net_entry, &run) != 0 ||
        !stale(dc->ss, &run, model_net_run(dc->ss)))
        return;
    y = header(NULL, dc->ss, fam);
    if (v->h > y)
        cview_set_attrs(v, 0, y, v->w, v->h - y, ATTR_DIM);
}

int
nview_header_rows(const struct session *ss, const void *fam)
{
    return header(NULL, ss, fam);
}

const struct net_run *
nview_frame(const struct cview *v, const struct view_draw_ctx *dc,
            struct cview *body)
{
    const struct net_run *lr = nview_run(dc->ss);
    int y = header(v, dc->ss, dc->fam);
    struct session_run run;

    *body = cview_sub(v, 0, y, v->w, v->h - y);
    if (lr == NULL) {
        if (session_run(dc->ss, &model_net_entry, &run) != 0 || !run.busy)
            cview_text(v, 1, y, v->w - 2, ROLE_DIM,
                       "no result of the link model yet");
        return NULL;
    }
    return v->h - y < 3 ? NULL : lr;
}

int
nview_explain_status(struct view_ctx *vc, const struct net_run *lr, int phase,
                     int link)
{
    struct rho_err err;
    struct strbuf sb;

    strbuf_init(&sb);
    if (net_run_explain_phase(lr, phase, link, &sb, &err) == 0) {
        size_t len = sb.len; /* one line, without its newline */
        if (len > 0 && strbuf_str(&sb)[len - 1] == '\n')
            len--;
        ui_status(vc->u, 0, "%.*s", (int)len, strbuf_str(&sb));
    } else {
        ui_status(vc->u, 1, "%s", err.msg);
    }
    strbuf_fini(&sb);
    return UI_REDRAW;
}

void
nview_rows_note(const struct cview *v, int row, int first, int k, int n,
                long long used)
{
    char f[3][96];
    int end = 0;

    if (row < 0 || row >= v->h)
        return;
    for (int x = 0; x < v->w; x++) { /* the end of what the row shows */
        int cx = v->x + x, cy = v->y + row;
        if (cx >= 0 && cx < v->c->w && cy >= 0 && cy < v->c->h &&
            v->c->cell[(size_t)cy * (size_t)v->c->w + (size_t)cx].ch != ' ')
            end = x + 1;
    }
    if (used > n) {
        snprintf(f[0], sizeof f[0], " rows %d-%d of the %d hottest of %lld",
                 first + 1, first + k, n, used);
        snprintf(f[1], sizeof f[1], " %d-%d of %d/%lld", first + 1, first + k,
                 n, used);
    } else {
        snprintf(f[0], sizeof f[0], " rows %d-%d of %d", first + 1, first + k,
                 n);
        snprintf(f[1], sizeof f[1], " %d-%d of %d", first + 1, first + k, n);
    }
    snprintf(f[2], sizeof f[2], " %d-%d", first + 1, first + k);
    for (int i = 0; i < 3; i++)
        if (end + 1 + utf8_width(f[i]) <= v->w) {
            cview_text_right(v, 0, row, v->w, ROLE_DIM, f[i]);
            return;
        }
}

int
nview_clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

int
nview_moved(int cur, int n, int act)
{
    switch (act) {
    case ACT_TOP:
        return 0;
    case ACT_BOTTOM:
        return n - 1;
    default:
        return keys_motion(act) == 0
                   ? -1
                   : nview_clamp(cur + keys_motion(act), 0, n - 1);
    }
}

/* ---- the family ---- */

static void
fam_fini(void *fam)
{
    struct nview_fam *f = fam;

    net_stats_free(f->st);
    f->st = NULL;
    net_diff_free(f->diff);
    f->diff = NULL;
}

/* The picked phase's statistics, once per run and phase; a phase the new
   run does not have falls back to the sum. */
static void
phase_sync(struct nview_fam *f, struct view_ctx *vc, const struct net_run *lr)
{
    const struct net_result *r;
    struct rho_err err;

    if (f->phase > lr->res->nphases)
        f->phase = 0;
    if (f->phase == 0 || (f->of == lr->id && f->of_phase == f->phase))
        return;
    net_stats_free(f->st);
    f->of = 0;
    r = lr->res->phase[f->phase - 1];
    if ((f->st = net_stats_result(lr->scen->net->net, r, 10, &err)) == NULL) {
        ui_status(vc->u, 1, "phase %d: %s", f->phase, err.msg);
        f->phase = 0;
        return;
    }
    f->peak = nview_peak(lr->scen->net->net, r->bytes);
    f->of = lr->id;
    f->of_phase = f->phase;
}

/* The phase, then compare mode on that phase. */
static void
fam_sync(void *fam, struct view_ctx *vc)
{
    struct nview_fam *f = fam;
    const struct net_run *lr = nview_run(vc->ss);

    if (lr == NULL)
        return;
    phase_sync(f, vc, lr);
    nview_compare_sync(f, vc);
}

/* '[' and ']': the previous and next phase, round through "all". */
static int
fam_phase(struct nview_fam *f, struct view_ctx *vc, const struct net_run *lr,
          int act)
{
    int n = lr->res->nphases;
    char tr[128];

    if (n == 0) {
        ui_status(vc->u, 0, "the traffic has one phase");
        return UI_REDRAW;
    }
    f->phase = (f->phase + (act == ACT_TIME_NEXT ? 1 : n)) % (n + 1);
    if (f->phase == 0)
        ui_status(vc->u, 0, "all %d phases, summed", n);
    else
        ui_status(vc->u, 0, "phase %d of %d: %s", f->phase, n,
                  nview_phase_traffic(lr, f->phase, tr, sizeof tr));
    return UI_REDRAW;
}

/* While the first run computes, the moves say so. */
static int
fam_key(void *fam, struct view_ctx *vc, int act)
{
    const struct net_run *lr = nview_run(vc->ss);

    if (act == ACT_COMPARE)
        return nview_compare_toggle(fam, vc);
    if (lr != NULL && (act == ACT_TIME_NEXT || act == ACT_TIME_PREV))
        return fam_phase(fam, vc, lr, act);
    if (lr != NULL)
        return VIEW_NOT_MINE;
    switch (act) {
    case ACT_UP:
    case ACT_DOWN:
    case ACT_LEFT:
    case ACT_RIGHT:
    case ACT_OPEN:
    case ACT_TIME_NEXT:
    case ACT_TIME_PREV:
        ui_status(vc->u, 0, "the link model is still computing");
        return UI_REDRAW;
    default:
        return VIEW_NOT_MINE;
    }
}

/* A view without a find of its own finds routers in the Network view. */
static int
fam_find(void *fam, struct view_ctx *vc, const char *text, int dir)
{
    (void)fam;
    return ui_find_in(vc->u, vc->ss, "network", text, dir);
}

static const struct view_hint hints[] = {
    {"F1", "Help"},   {"Tab", "View"},    {"Enter", "Open"},
    {"R", "Routing"}, {"P", "Placement"}, {"u", "Undo"},
    {"s", "Save"},    {"q", "Quit"},      {NULL, NULL},
};

const struct view_family nview_family = {
    .name = "link",
    .size = sizeof(struct nview_fam),
    .fini = fam_fini,
    .sync = fam_sync,
    .key = fam_key,
    .find = fam_find,
    .hints = hints,
    .overlay = fam_overlay,
};
