/*
 * command: ':' commands on a session. See command.h.
 */
#include "view/command.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/net/net_estimate.h"
#include "core/net/route.h"
#include "core/base/units.h"

const char *const command_names[] = {
    "add",  "bandwidth", "budget", "bw",      "del",       "delay",
    "dst",  "load",      "move",   "paths",   "placement", "q",
    "quit", "redo",      "reload", "routing", "save",      "search",
    "seed", "size",      "slim",   "split",   "src",       "start",
    "tau",  "theme",     "undo",   "w",       NULL,
};

const struct command_doc command_docs[] = {
    {"tau X", "the root-complex penalty (a PCIe tree): tau 0.2"},
    {"bandwidth RATE, bw RATE", "the links' bandwidth: bandwidth 10 GiB/s"},
    {"size N SIZE", "flow N's size: size 3 1 MiB"},
    {"start N TIME", "flow N's start: start 2 5 ms"},
    {"src N DEVICE, dst N DEVICE", "flow N's source or destination"},
    {"add SRC DST SIZE [at TIME]", "a new flow: add 0 7 1 MiB at 1 ms"},
    {"del N", "delete flow N"},
    {"move RANK DEVICE", "place a rank on another device"},
    {"routing NAME|next", "the link model's routing (R: next)"},
    {"placement NAME|next",
     "the placement (P: next); returns at once: the model's run builds it"},
    {"seed N", "the seed of every random choice; returns at once"},
    {"paths minimal|all", "on tori, dimension order or every minimal path"},
    {"load X|RATE",
     "the queueing model's offered load: a fraction of the saturation, "
     "or a rate"},
    {"slim X", "slim each level by X below the one before (0 to <1)"},
    {"split NAME",
     "the split reported: built, equal, optimal, reversed or sqrt"},
    {"delay per_link|aggregate", "how the queueing model's delay is summed"},
    {"budget RATE|0", "the capacity the splits share (0: the levels' total)"},
    {"undo, redo", "as u and Ctrl-R"},
    {"save [PATH], w [PATH]",
     "save as s does, or to PATH (never over the script)"},
    {"reload", "load the script again"},
    {"theme [NAME]", "a theme by name or path, or the next (as t)"},
    {"search", "search the schedules in the background (the Search view)"},
    {"quit, q", "quit (asks first if there are unsaved edits)"},
    {NULL, NULL},
};

/* Next word of *p (advancing it); "" at the end. */
static const char *
word(const char **p, char *buf, size_t n)
{
    size_t k = 0;
    const char *s = *p;

    while (isspace((unsigned char)*s))
        s++;
    while (*s && !isspace((unsigned char)*s) && k + 1 < n)
        buf[k++] = *s++;
    buf[k] = '\0';
    *p = s;
    return buf;
}

/* The rest of the line, trimmed. */
static const char *
rest(const char *p, char *buf, size_t n)
{
    size_t len;

    while (isspace((unsigned char)*p))
        p++;
    snprintf(buf, n, "%s", p);
    len = strlen(buf);
    while (len > 0 && isspace((unsigned char)buf[len - 1]))
        buf[--len] = '\0';
    return buf;
}

static int
flow_number(const struct scenario *s, const char *w, int *i,
            struct rho_err *err)
{
    char *end;
    long v = strtol(w, &end, 10);

    if (*w == '\0' || *end != '\0')
        return rho_err_set(err, RHO_EINPUT, "expected a flow number, got '%s'",
                           w);
    if (v < 1 || v > s->nflows)
        return rho_err_set(err, RHO_EINPUT, "no flow %ld (flows 1 to %d)", v,
                           s->nflows);
    *i = (int)v - 1;
    return 0;
}

static int
device(const struct scenario *s, const char *w, int *node, struct rho_err *err)
{
    int id;

    if (s->pcie == NULL)
        return rho_err_set(err, RHO_EINPUT,
                           "the scenario is a network: its traffic is edited "
                           "in its script (here: routing, placement, seed, "
                           "paths)");
    id = pcie_find(s->pcie, w);
    if (*w == '\0')
        return rho_err_set(err, RHO_EINPUT, "expected a device name");
    if (id < 0)
        return rho_err_set(err, RHO_EINPUT, "unknown device '%s'", w);
    if (pcie_node(s->pcie, id)->kind != PCIE_ENDPOINT)
        return rho_err_set(err, RHO_EINPUT, "'%s' is not a device", w);
    *node = id;
    return 0;
}

/* The placements "placement next" cycles through on this network. */
static int
placements(const struct net *net, char (*out)[16])
{
    static const char *const any[] = {"linear", "random", "RDN", "RDR"};
    static const char *const df[] = {"RDC", "RDG", "RRN", "RRR"};
    const struct net_torus_params *tp = net_torus(net);
    int n = 0;

    for (int i = 0; i < 4; i++)
        snprintf(out[n++], 16, "%s", any[i]);
    if (net_dragonfly(net) != NULL)
        for (int i = 0; i < 4; i++)
            snprintf(out[n++], 16, "%s", df[i]);
    if (tp != NULL && tp->nd <= 8) {
        /* BG/Q's orders: the cores of a router fastest, or round robin */
        char dims[16];
        for (int k = 0; k < tp->nd; k++)
            dims[k] = tp->name[k][0] && !tp->name[k][1] ? tp->name[k][0]
                                                        : (char)('A' + k);
        dims[tp->nd] = '\0';
        snprintf(out[n++], 16, "%.9sT", dims);
        snprintf(out[n++], 16, "T%.9s", dims);
    }
    return n;
}

/* load, slim, split, delay, budget: the queueing model's options. */
static int
queue_command(struct session *ss, const char *cmd, const char *arg,
              struct command_result *res, struct rho_err *err)
{
    const struct scenario *s = session_scenario(ss);
    struct queue_scen *o =
        s->queue != NULL ? queue_scen_clone(s->queue) : queue_scen_new();
    char *end;
    double x = strtod(arg, &end);
    int rc = 0, k;

    if (strcmp(cmd, "load") == 0) {
        if (arg[0] != '\0' && *end == '\0') {
            o->load = x;
            o->load_rate = 0;
        } else if (units_parse(UNIT_RATE, arg, &o->load, NULL) == 0) {
            o->load_rate = 1;
        } else {
            rc = rho_err_set(err, RHO_EINPUT,
                             "load: expected a fraction of the saturation "
                             "(0.5) or a rate (8 GB/s), got '%s'",
                             arg);
        }
    } else if (strcmp(cmd, "slim") == 0) {
        if (arg[0] == '\0' || *end != '\0')
            rc = rho_err_set(err, RHO_EINPUT,
                             "slim: expected a number from 0 to less than 1, "
                             "got '%s'",
                             arg);
        o->slim = x;
    } else if (strcmp(cmd, "split") == 0) {
        if ((k = queue_policy_parse(arg)) < 0)
            rc = rho_err_set(err, RHO_EINPUT,
                             "split: expected built, equal, optimal, reversed "
                             "or sqrt, got '%s'",
                             arg);
        o->split = k < 0 ? o->split : k;
    } else if (strcmp(cmd, "delay") == 0) {
        if ((k = queue_delay_parse(arg)) < 0)
            rc = rho_err_set(err, RHO_EINPUT,
                             "delay: expected per_link or aggregate, got '%s'",
                             arg);
        o->opts.delay = k < 0 ? o->opts.delay : k;
    } else { /* budget: a rate, or 0 for the capacities' total */
        if (strcmp(arg, "0") == 0)
            o->budget = 0;
        else if (units_parse(UNIT_RATE, arg, &o->budget, err) != 0)
            rc = -1;
    }
    if (rc == 0 && session_set_queue(ss, o, err) != 0)
        rc = -1;
    if (rc == 0)
        snprintf(res->msg, sizeof res->msg, "%.8s %.200s", cmd, arg);
    queue_scen_free(o);
    return rc;
}

int
command_next_routing(int routing)
{
    return (routing + 1) % NET_ROUTING_COUNT;
}

void
command_placement_after(const struct scenario *s, const char *desc, char *out,
                        size_t n)
{
    char list[16][16];
    int np = placements(s->net->net, list), k = 0;

    for (int i = 0; i < np; i++)
        if (desc != NULL && strcasecmp(desc, list[i]) == 0)
            k = (i + 1) % np;
    snprintf(out, n, "%s", list[k]);
}

void
command_next_placement(const struct scenario *s, char *out, size_t n)
{
    command_placement_after(s, s->net->place_desc, out, n);
}

/* routing, placement, seed, paths: the link model's edits. */
static int
link_command(struct session *ss, const char *cmd, const char *arg,
             struct command_result *res, struct rho_err *err)
{
    const struct scenario *s = session_scenario(ss);
    const struct net_scen *l = s->net;
    char *end;

    if (l == NULL)
        return rho_err_set(err, RHO_EINPUT,
                           "%s: this scenario has no link model (give it a "
                           "network, or a routing)",
                           cmd);
    if (strcmp(cmd, "routing") == 0) {
        int r = strcmp(arg, "next") == 0 ? command_next_routing(l->routing)
                                         : net_routing_parse(arg);
        if (r < 0)
            return rho_err_set(err, RHO_EINPUT,
                               "routing: expected DOR, SD, SI, AD, AI, AH, "
                               "BGQ or next, got '%s'",
                               arg);
        if (session_set_routing(ss, r, err) != 0)
            return -1;
        res->cycle = CMD_CYCLE_ROUTING;
        snprintf(res->msg, sizeof res->msg, "routing %s%s", net_routing_name(r),
                 net_routing_adaptive(r) ? " (adaptive: see Rounds)" : "");
        /* SI routes every packet: say what that costs here before the
           run goes on for minutes (a few ms of sampling) */
        if (r == NET_SI &&
            net_si_warning(session_scenario(ss)->net, session_threads(ss),
                           NET_SI_WARN_S, res->msg, sizeof res->msg - 16)) {
            strcat(res->msg, "; Esc stops it");
            res->warn = 1;
        }
        return 0;
    }
    if (strcmp(cmd, "placement") == 0) {
        char text[64];
        if (strcmp(arg, "next") == 0)
            command_next_placement(s, text, sizeof text);
        else
            snprintf(text, sizeof text, "%s", arg);
        if (session_set_placement(ss, text, err) != 0)
            return -1;
        res->cycle = CMD_CYCLE_PLACEMENT;
        snprintf(res->msg, sizeof res->msg, "placement %s", text);
        return 0;
    }
    if (strcmp(cmd, "seed") == 0) {
        unsigned long long v = strtoull(arg, &end, 10);
        if (arg[0] == '\0' || *end != '\0')
            return rho_err_set(err, RHO_EINPUT,
                               "seed: expected a whole number, got '%s'", arg);
        if (session_set_seed(ss, (uint64_t)v, err) != 0)
            return -1;
        snprintf(res->msg, sizeof res->msg, "seed %llu", v);
        return 0;
    }
    /* paths */
    if (strcmp(arg, "all") != 0 && strcmp(arg, "minimal") != 0)
        return rho_err_set(err, RHO_EINPUT,
                           "paths: expected minimal or all, got '%s'", arg);
    if (session_set_paths(ss, arg[0] == 'a' ? ROUTE_ALL : ROUTE_MIN, err) != 0)
        return -1;
    snprintf(res->msg, sizeof res->msg, "paths %s", arg);
    return 0;
}

int
command_run(struct session *ss, const char *line, struct command_result *res,
            struct rho_err *err)
{
    const struct scenario *s = session_scenario(ss);
    const char *p = line;
    char cmd[64], a[256], b[256], r[1024];
    struct scen_flow f;
    int i, node;
    double v;

    memset(res, 0, sizeof *res);
    res->kind = CMD_EDIT;
    word(&p, cmd, sizeof cmd);
    if (cmd[0] == '\0') {
        res->kind = CMD_NOTHING;
        return 0;
    }
    if (strcmp(cmd, "tau") == 0) {
        char *end;
        rest(p, r, sizeof r);
        v = strtod(r, &end);
        if (r[0] == '\0' || *end != '\0')
            return rho_err_set(err, RHO_EINPUT, "tau: expected a number from "
                                                "0 to 1, got '%s'",
                               r);
        if (session_set_tau(ss, v, err) != 0)
            return -1;
        snprintf(res->msg, sizeof res->msg, "tau = %g", v);
        return 0;
    }
    if (strcmp(cmd, "bandwidth") == 0 || strcmp(cmd, "bw") == 0) {
        if (units_parse(UNIT_RATE, rest(p, r, sizeof r), &v, err) != 0 ||
            session_set_bandwidth(ss, v, err) != 0)
            return -1;
        snprintf(res->msg, sizeof res->msg, "bandwidth = %s",
                 units_fmt_rate(a, sizeof a, v));
        return 0;
    }
    if (strcmp(cmd, "size") == 0 || strcmp(cmd, "start") == 0 ||
        strcmp(cmd, "src") == 0 || strcmp(cmd, "dst") == 0) {
        /* (the flow first: "size 1 MiB" reads flow 1 and the size
           'MiB', so the errors say the form) */
        static const char *const form[] = {"size",  "FLOW SIZE (size 3 1 MiB)",
                                           "start", "FLOW TIME (start 3 1 ms)",
                                           "src",   "FLOW DEVICE",
                                           "dst",   "FLOW DEVICE"};
        const char *how = "";
        for (size_t k = 0; k < sizeof form / sizeof form[0]; k += 2)
            if (strcmp(cmd, form[k]) == 0)
                how = form[k + 1];
        if (flow_number(s, word(&p, a, sizeof a), &i, err) != 0) {
            rho_err_prefix(err, "%s %s", cmd, how);
            return -1;
        }
        f = s->flow[i];
        rest(p, r, sizeof r);
        if (strcmp(cmd, "size") == 0) {
            if (units_parse(UNIT_SIZE, r, &f.bytes, err) != 0) {
                rho_err_prefix(err, "%s %s", cmd, how);
                return -1;
            }
        } else if (strcmp(cmd, "start") == 0) {
            if (units_parse(UNIT_TIME, r, &f.start, err) != 0) {
                rho_err_prefix(err, "%s %s", cmd, how);
                return -1;
            }
        } else {
            if (device(s, r, &node, err) != 0)
                return -1;
            if (strcmp(cmd, "src") == 0) {
                f.src = node;
                f.src_rank = -1;
            } else {
                f.dst = node;
                f.dst_rank = -1;
            }
        }
        if (session_set_flow(ss, i, &f, err) != 0)
            return -1;
        /* (the value as it is kept, not as typed: 80 nines are 1e+62 EB) */
        if (strcmp(cmd, "size") == 0)
            units_fmt_size(r, sizeof r, f.bytes);
        else if (strcmp(cmd, "start") == 0)
            units_fmt_time(r, sizeof r, f.start);
        snprintf(res->msg, sizeof res->msg, "flow %d: %.16s %.64s", i + 1, cmd, r);
        return 0;
    }
    if (strcmp(cmd, "add") == 0) {
        int src, dst;
        memset(&f, 0, sizeof f);
        if (device(s, word(&p, a, sizeof a), &src, err) != 0 ||
            device(s, word(&p, b, sizeof b), &dst, err) != 0)
            return -1;
        rest(p, r, sizeof r);
        {
            /* SIZE [TIME]: the size may hold a space ("1 MiB") */
            char *at = strstr(r, " at ");
            if (at != NULL) {
                *at = '\0';
                if (units_parse(UNIT_TIME, at + 4, &f.start, err) != 0)
                    return -1;
            }
        }
        if (r[0] == '\0')
            return rho_err_set(err, RHO_EINPUT,
                               "add SRC DST SIZE [at TIME], e.g. add 0 5 1 "
                               "MiB at 2 ms");
        if (units_parse(UNIT_SIZE, r, &f.bytes, err) != 0)
            return -1;
        f.src = src;
        f.dst = dst;
        f.src_rank = f.dst_rank = -1;
        if (session_add_flow(ss, &f, err) != 0)
            return -1;
        snprintf(res->msg, sizeof res->msg, "flow %d added: %.64s -> %.64s",
                 session_scenario(ss)->nflows, a, b);
        return 0;
    }
    if (strcmp(cmd, "del") == 0) {
        if (flow_number(s, word(&p, a, sizeof a), &i, err) != 0 ||
            session_del_flow(ss, i, err) != 0)
            return -1;
        snprintf(res->msg, sizeof res->msg, "flow %d deleted", i + 1);
        return 0;
    }
    if (strcmp(cmd, "move") == 0) {
        char *end;
        long rank = strtol(word(&p, a, sizeof a), &end, 10);
        if (a[0] == '\0' || *end != '\0')
            return rho_err_set(err, RHO_EINPUT, "move RANK DEVICE, e.g. move "
                                                "3 7");
        if (rank < 0 || rank > INT_MAX) /* (not cut to another rank) */
            return rho_err_set(err, RHO_EINPUT,
                               "move: no rank %s (ranks count from 0)", a);
        if (device(s, rest(p, r, sizeof r), &node, err) != 0 ||
            session_move_rank(ss, (int)rank, node, err) != 0)
            return -1;
        snprintf(res->msg, sizeof res->msg, "rank %ld on %.64s", rank, r);
        return 0;
    }
    if (strcmp(cmd, "routing") == 0 || strcmp(cmd, "placement") == 0 ||
        strcmp(cmd, "seed") == 0 || strcmp(cmd, "paths") == 0)
        return link_command(ss, cmd, rest(p, r, sizeof r), res, err);
    if (strcmp(cmd, "load") == 0 || strcmp(cmd, "slim") == 0 ||
        strcmp(cmd, "split") == 0 || strcmp(cmd, "delay") == 0 ||
        strcmp(cmd, "budget") == 0)
        return queue_command(ss, cmd, rest(p, r, sizeof r), res, err);
    if (strcmp(cmd, "undo") == 0 || strcmp(cmd, "redo") == 0) {
        int ok = cmd[0] == 'u' ? session_undo(ss) : session_redo(ss);
        if (ok != 0)
            return rho_err_set(err, RHO_EINPUT, "nothing to %s", cmd);
        snprintf(res->msg, sizeof res->msg, "%s", cmd);
        return 0;
    }
    {
        static const struct {
            const char *name;
            int kind;
        } callers[] = {
            {"save", CMD_SAVE},   {"w", CMD_SAVE},     {"reload", CMD_RELOAD},
            {"theme", CMD_THEME}, {"quit", CMD_QUIT},  {"q", CMD_QUIT},
            {"search", CMD_SEARCH},
        };
        for (size_t k = 0; k < sizeof callers / sizeof callers[0]; k++)
            if (strcmp(cmd, callers[k].name) == 0) {
                res->kind = callers[k].kind;
                rest(p, res->arg, sizeof res->arg);
                return 0;
            }
    }
    return rho_err_set(err, RHO_EINPUT,
                       "unknown command '%s' (try tau, bandwidth, size, "
                       "start, src, dst, add, del, move, routing, placement, "
                       "seed, paths, load, slim, split, delay, budget, undo, "
                       "redo, save, reload, theme, quit)",
                       cmd);
}
