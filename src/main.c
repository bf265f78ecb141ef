/*
 * main: the command line. Parses options (declared in one table that also
 * prints --help), loads the scenario through the Lua binding, and runs the
 * chosen mode. The only file that sees every layer.
 *
 * Built with -DRHO_MPI (make MPI=1) this file becomes rho-mpi: the ranks
 * of an MPI job split a --search or --sweep, rank 0 merges the parts and
 * prints what rho would print on one machine.
 *
 * Exit status: 0 success, 1 the model could not be computed (starved),
 * 2 bad input (file, line and reason on stderr), 3 a budget ran out,
 * 70 internal error.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "rho_config.h"

#ifdef RHO_MPI
#include <mpi.h>
#endif

#include "cli_machine.h"
#include "core/base/clock.h"
#include "core/net/net_stats.h"
#include "core/model_pcie.h"
#include "core/pcie/pcie_sim.h"
#include "core/base/rho_err.h"
#include "core/scenario.h"
#include "core/search.h"
#include "core/sweep.h"
#include "core/base/units.h"
#include "report/report.h"
#include "script/lx.h"
#include "core/session.h"
#include "tui/app.h"
#include "view/canvas.h"
#include "core/pcie_explain.h"
#include "view/keys.h"
#include "view/screen.h"
#include "view/ui.h"
#include "view/pcie/stepper.h"

static int mpi_rank = 0, mpi_size = 1; /* 0 and 1 without MPI */

enum opt_id {
    OPT_BATCH,
    OPT_FORMAT,
    OPT_STEPS,
    OPT_TIMELINE,
    OPT_NO_COLOR,
    OPT_NO_MOUSE,
    OPT_READONLY,
    OPT_THEME,
    OPT_DUMP,
    OPT_ASCII,
    OPT_STEPPER,
    OPT_EXPLAIN,
    OPT_AT,
    OPT_SEARCH,
    OPT_SAMPLE,
    OPT_SEED,
    OPT_THREADS,
    OPT_CURVE,
    OPT_SWEEP,
    OPT_QUIET,
    OPT_PARAM,
    OPT_LUA_INSN,
    OPT_LUA_MEM,
    OPT_LINKS,
    OPT_MESSAGES,
    OPT_IMPORT,
    OPT_MATRIX,
    OPT_MODEL,
    OPT_HELP,
    OPT_VERSION,
    OPT_KEYS_MAN,
};

struct opt {
    int id;
    char shrt;
    const char *lng;
    const char *arg; /* NULL: a flag */
    const char *help;
    const char *model; /* the model (model_entry.name) the option is
                          for, or NULL */
};

static const struct opt options[] = {
    {OPT_BATCH, 'b', "batch", NULL,
     "print results and exit (no interactive screen)", NULL},
    {OPT_FORMAT, 'f', "format", "FMT",
     "output format: text (default), csv or yaml", NULL},
    {OPT_STEPS, 0, "steps", NULL,
     "print the factor after each step of Algorithm 1 (A B C D8 D9) for the "
     "flows present at the first start",
     "pcie"},
    {OPT_TIMELINE, 0, "timeline", NULL,
     "print the time steps of the congestion graph with every flow's factor",
     "pcie"},
    {OPT_NO_COLOR, 'C', "no-color", NULL,
     "no colours, attributes only (NO_COLOR does the same)", NULL},
    {OPT_NO_MOUSE, 'M', "no-mouse", NULL, "ignore the mouse", NULL},
    {OPT_READONLY, 0, "readonly", NULL, "never write files (s refuses)", NULL},
    {OPT_THEME, 't', "theme", "NAME",
     "colour theme: a name (default, dark, light, colorblind, mono, or one "
     "of yours in ~/.config/rho/themes) or a path to a YAML file", NULL},
    {OPT_DUMP, 0, "dump", "WxH:VIEW",
     "print the interactive screen as text, WxH characters, showing VIEW "
     "(tree, flows, explain, stepper, timeline, heat, stats, search; "
     "network, links, map, classes, rounds for the link model); "
     "--explain N selects flow N, --at TIME a time step", NULL},
    {OPT_ASCII, 'U', "ascii", NULL,
     "draw with ASCII characters only (no UTF-8 box drawing)", NULL},
    {OPT_STEPPER, 0, "stepper", NULL,
     "print Algorithm 1 one port at a time, with what each step does and "
     "every flow's factor after it (for teaching)",
     "pcie"},
    {OPT_EXPLAIN, 'e', "explain", "FLOW",
     "explain how flow number FLOW got its factor: every port it crosses, "
     "the rule applied there and the numbers",
     "pcie"},
    {OPT_AT, 0, "at", "TIME",
     "with --explain, the moment to explain (default: the first start)", NULL},
    {OPT_SEARCH, 0, "search", NULL,
     "try every order of each source's flows (or a random sample) and "
     "report the fastest, median and slowest schedules",
     "pcie"},
    {OPT_SAMPLE, 0, "sample", "N",
     "search N random schedules (default: all when there are at most 50 "
     "million, else 1000000)", NULL},
    {OPT_SEED, 0, "seed", "N", "seed of the random sample (default 1)", NULL},
    {OPT_THREADS, 'j', "threads", "N",
     "threads for --search, --sweep and the link model (default: one per "
     "CPU); the result is the same "
     "for any N", NULL},
    {OPT_CURVE, 0, "curve", "FILE",
     "with --search, also write the sorted times as CSV (rank,time_s)", NULL},
    {OPT_SWEEP, 0, "sweep", "NAME=VALUES",
     "evaluate the scenario for every combination of values (repeatable): "
     "tau, bandwidth, or any rho.param NAME; VALUES is a,b,c or "
     "lo:hi:step or lo:hi:*factor", NULL},
    {OPT_QUIET, 'q', "quiet", NULL, "no progress bar", NULL},
    {OPT_PARAM, 'p', "param", "NAME=VALUE",
     "override rho.param(NAME, ...) in the scenario (repeatable)", NULL},
    {OPT_LUA_INSN, 0, "lua-instructions", "N",
     "stop a script after N Lua instructions (default 200000000)", NULL},
    {OPT_LUA_MEM, 0, "lua-memory", "MIB",
     "stop a script that uses more than MIB MiB (default 512)", NULL},
    {OPT_LINKS, 'l', "links", NULL,
     "link model: also list every directed link with its bytes (with "
     "--format csv: link,from,to,class,bytes,...)",
     "link"},
    {OPT_MESSAGES, 0, "messages", NULL,
     "link model: list every message with the bandwidth it obtained "
     "(adaptive routings)",
     "link"},
    {OPT_IMPORT, 0, "import", "KIND",
     "print a scenario of a real machine: --import hwloc [FILE.xml] (no "
     "file: the machine rho runs on)",
     NULL},
    {OPT_MATRIX, 0, "matrix", NULL,
     "print the machine's bandwidth matrix (host memory and GPUs, source x "
     "destination: one copy at a time and every copy at once)",
     NULL},
    {OPT_MODEL, 'm', "model", "NAME[,NAME]",
     "run and print only these models (default: every one that applies to "
     "the scenario; the names are below)",
     NULL},
    {OPT_HELP, 'h', "help", NULL, "show this help and exit", NULL},
    {OPT_VERSION, 'V', "version", NULL, "show the version and exit", NULL},
    {OPT_KEYS_MAN, 0, "keys-man", NULL, NULL, NULL}, /* for man/rho.1 */
};
#define NOPTIONS ((int)(sizeof options / sizeof options[0]))

/* What a model's option says when the scenario has no such model. */
static const struct {
    const char *model, *why;
} no_model[] = {
    {"pcie", "is for PCIe trees; this scenario is a network (the link model: "
             "try --batch, --links or --messages)"},
    {"link", "lists the link model's results; this scenario has no link "
             "model (give a PCIe tree a routing, e.g. routing = \"SD\", or "
             "use a network topology)"},
};

struct args {
    int batch, steps, timeline, search, quiet, explain, stepper, ascii;
    int links, messages, matrix;
    const char *import;
    char given[NOPTIONS]; /* the options on the command line */
    const char *models;   /* -m, or NULL */
    unsigned run;         /* the models to run (bits of model_table) */
    int dump_w, dump_h, dump_view;
    int no_color, no_mouse, readonly;
    const char *theme;
    double at;
    int has_at;
    long long sample, seed;
    int threads;
    const char *curve;
    struct sweep sweep;
    enum report_fmt fmt;
    const char *file;
    const char *params[64];
    int nparams;
    struct lx_opts lx;
};

static void
usage(FILE *out)
{
    fprintf(out, "usage: rho [OPTIONS] [SCENARIO.lua]\n\n"
                 "Explore congestion in PCIe trees and HPC networks.\n"
                 "Without a scenario, rho opens scenarios/default.lua.\n\n"
                 "options:\n");
    for (int i = 0; i < NOPTIONS; i++) {
        const struct opt *o = &options[i];
        char left[64];
        if (o->help == NULL) /* maintainers' options */
            continue;
        snprintf(left, sizeof left, "%s%c%s--%s%s%s", o->shrt ? "-" : "",
                 o->shrt ? o->shrt : ' ', o->shrt ? ", " : "  ", o->lng,
                 o->arg ? " " : "", o->arg ? o->arg : "");
        fprintf(out, "  %-28s %s\n", o->shrt ? left : left + 1, o->help);
    }
    fprintf(out, "\nmodels (-m):");
    for (int k = 0; model_table[k] != NULL; k++)
        fprintf(out, "%s %s (the %s)", k ? "," : "", model_table[k]->name,
                model_table[k]->title);
    fprintf(out, "\n\nexit status: 0 ok, 1 the model starved, 2 bad input, "
                 "3 a budget ran out (script, or adaptive link model memory)\n"
                 "see rho(1), rho-lua(7), rho-model(7)\n");
}

__attribute__((format(printf, 1, 2))) static int
bad_usage(const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "rho: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'rho --help'.\n");
    return 2;
}

static int
apply(struct args *a, const struct opt *o, const char *val)
{
    struct rho_err err;
    char *end;

    switch (o->id) {
    case OPT_BATCH:
        a->batch = 1;
        break;
    case OPT_FORMAT:
        if (report_parse_fmt(val, &a->fmt, &err) != 0)
            return bad_usage("%s", err.msg);
        break;
    case OPT_STEPS:
        a->steps = 1;
        break;
    case OPT_TIMELINE:
        a->timeline = 1;
        break;
    case OPT_DUMP: {
        char view[32];
        int v = -1;
        if (sscanf(val, "%dx%d:%31s", &a->dump_w, &a->dump_h, view) != 3 ||
            a->dump_w < 1 || a->dump_h < 1 || a->dump_w > 1000 ||
            a->dump_h > 1000)
            return bad_usage("--dump expects WxH:VIEW such as 100x30:tree, "
                             "got '%s'",
                             val);
        for (int k = 0; k < VIEW_COUNT; k++)
            if (strcmp(view, ui_view_name(k)) == 0)
                v = k;
        if (v < 0)
            return bad_usage("--dump: unknown view '%s' (tree, flows, "
                             "explain, stepper, timeline, heat, stats, "
                             "search; on networks network, links, map, "
                             "classes, rounds)",
                             view);
        a->dump_view = v;
        break;
    }
    case OPT_ASCII:
        a->ascii = 1;
        break;
    case OPT_NO_COLOR:
        a->no_color = 1;
        break;
    case OPT_NO_MOUSE:
        a->no_mouse = 1;
        break;
    case OPT_READONLY:
        a->readonly = 1;
        break;
    case OPT_THEME:
        a->theme = val;
        break;
    case OPT_STEPPER:
        a->stepper = 1;
        break;
    case OPT_EXPLAIN:
        a->explain = (int)strtol(val, &end, 10);
        if (*end != '\0' || a->explain <= 0)
            return bad_usage("--explain expects a flow number (1, 2, ...), "
                             "got '%s'",
                             val);
        break;
    case OPT_AT:
        if (units_parse(UNIT_TIME, val, &a->at, &err) != 0)
            return bad_usage("--at: %s", err.msg);
        a->has_at = 1;
        break;
    case OPT_SEARCH:
        a->search = 1;
        break;
    case OPT_SAMPLE:
        a->sample = strtoll(val, &end, 10);
        if (*end != '\0' || a->sample <= 0)
            return bad_usage("--sample expects a positive number, got '%s'",
                             val);
        break;
    case OPT_SEED:
        a->seed = strtoll(val, &end, 10);
        if (*end != '\0')
            return bad_usage("--seed expects a number, got '%s'", val);
        break;
    case OPT_THREADS:
        a->threads = (int)strtol(val, &end, 10);
        if (*end != '\0' || a->threads <= 0 || a->threads > 64)
            return bad_usage("--threads expects a number from 1 to 64, got "
                             "'%s'",
                             val);
        break;
    case OPT_CURVE:
        a->curve = val;
        break;
    case OPT_LINKS:
        a->links = 1;
        break;
    case OPT_MESSAGES:
        a->messages = 1;
        break;
    case OPT_IMPORT:
        a->import = val;
        break;
    case OPT_MATRIX:
        a->matrix = 1;
        break;
    case OPT_MODEL:
        if (model_parse_list(NULL, val, &a->run, &err) != 0)
            return bad_usage("-m: %s", err.msg);
        a->models = val;
        break;
    case OPT_SWEEP:
        if (sweep_add_axis(&a->sweep, val, &err) != 0)
            return bad_usage("--sweep: %s", err.msg);
        break;
    case OPT_QUIET:
        a->quiet = 1;
        break;
    case OPT_PARAM:
        if (strchr(val, '=') == NULL)
            return bad_usage("--param expects NAME=VALUE, got '%s'", val);
        if (a->nparams == (int)(sizeof a->params / sizeof a->params[0]) - 1)
            return bad_usage("too many --param options");
        a->params[a->nparams++] = val;
        a->params[a->nparams] = NULL;
        break;
    case OPT_LUA_INSN:
        a->lx.max_instructions = strtoll(val, &end, 10);
        if (*end != '\0' || a->lx.max_instructions <= 0)
            return bad_usage("--lua-instructions expects a positive number, "
                             "got '%s'",
                             val);
        break;
    case OPT_LUA_MEM: {
        long long mib = strtoll(val, &end, 10);
        if (*end != '\0' || mib <= 0 || mib > (1LL << 20))
            return bad_usage("--lua-memory expects a number of MiB, got '%s'",
                             val);
        a->lx.max_memory = (size_t)mib << 20;
        break;
    }
    case OPT_HELP:
        usage(stdout);
        exit(0);
    case OPT_VERSION:
        printf("rho %s\n", RHO_VERSION);
        exit(0);
    case OPT_KEYS_MAN: {
        struct strbuf sb;
        strbuf_init(&sb);
        keys_man(&sb);
        fputs(strbuf_str(&sb), stdout);
        strbuf_fini(&sb);
        exit(0);
    }
    }
    return 0;
}

static int
parse_args(int argc, char **argv, struct args *a)
{
    int only_files = 0;

    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *val = NULL;
        const struct opt *o = NULL;
        char name[64];

        if (only_files || arg[0] != '-' || arg[1] == '\0') {
            if (a->file != NULL)
                return bad_usage("one scenario at a time (got '%s' too)", arg);
            a->file = arg;
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            only_files = 1;
            continue;
        }
        if (arg[1] == '-') {
            const char *eq = strchr(arg + 2, '=');
            size_t n = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);
            snprintf(name, sizeof name, "%.*s", (int)n, arg + 2);
            for (int k = 0; k < NOPTIONS; k++)
                if (strcmp(options[k].lng, name) == 0)
                    o = &options[k];
            if (o == NULL)
                return bad_usage("unknown option '%s'", arg);
            if (eq)
                val = eq + 1;
        } else {
            for (int k = 0; k < NOPTIONS; k++)
                if (options[k].shrt == arg[1])
                    o = &options[k];
            if (o == NULL || (arg[2] != '\0' && o->arg == NULL))
                return bad_usage("unknown option '%s'", arg);
            if (arg[2] != '\0')
                val = arg + 2;
        }
        if (o->arg != NULL && val == NULL) {
            if (i + 1 >= argc)
                return bad_usage("option '%s' needs a value", arg);
            val = argv[++i];
        } else if (o->arg == NULL && val != NULL) {
            return bad_usage("option '%s' takes no value", arg);
        }
        a->given[o - options] = 1;
        if (apply(a, o, val) != 0)
            return 2;
    }
    return 0;
}

/* The default scenario: ./scenarios/default.lua, else the installed one. */
static const char *
default_scenario(void)
{
    static const char *const where[] = {
        "scenarios/default.lua",
        RHO_DATADIR "/scenarios/default.lua",
    };

    for (size_t i = 0; i < sizeof where / sizeof where[0]; i++)
        if (access(where[i], R_OK) == 0)
            return where[i];
    return where[0];
}

static int
exit_code(const struct rho_err *err)
{
    switch (err->code) {
    case RHO_ESTARVED:
        return 1;
    case RHO_ELIMIT:
        return 3;
    default:
        return 2;
    }
}

/* The progress bar: on a terminal only, on stderr, redrawn in place. */
struct progress {
    double t0;
    int drawn;
};

static int
draw_progress(void *ctx, long long done, long long total)
{
    struct progress *p = ctx;
    double el = rho_wall() - p->t0, rate = el > 0 ? (double)done / el : 0;
    int width = 30, fill = total ? (int)((double)done / total * width) : 0;
    char bar[64];

    if (done >= total) {
        if (p->drawn)
            fputs("\r\033[K", stderr);
        return 0;
    }
    memset(bar, '#', (size_t)fill);
    memset(bar + fill, '.', (size_t)(width - fill));
    bar[width] = '\0';
    fprintf(stderr, "\r[%s] %3d%%  %lld/%lld  %.0f/s  %.1f s left\033[K", bar,
            (int)(100.0 * (double)done / (double)total), done, total, rate,
            rate > 0 ? (double)(total - done) / rate : 0.0);
    p->drawn = 1;
    return 0;
}

#ifdef RHO_MPI
/*
 * Every rank searches its own range of the schedules (or of the sample),
 * rank 0 gathers the times and merges them as if it had run them all.
 * Returns 0 (rank 0's res holds the whole result), or -1 with err on every
 * rank.
 */
static int
mpi_search(const struct scenario *s, struct search_opts *o,
           struct search_result *res, struct rho_err *err)
{
    struct search_space *sp = search_space_new(s, err);
    long long total, all, lo, hi, n, *counts = NULL;
    struct search_result part;
    int rc, bad;

    if (sp == NULL)
        return -1;
    total = search_space_total(sp);
    search_space_free(sp);
    if (o->sample > 0 || total > SEARCH_DEFAULT_MAX)
        all = o->sample > 0 ? o->sample : SEARCH_DEFAULT_SAMPLE;
    else
        all = total;
    if (all > SEARCH_DEFAULT_MAX && o->sample == 0)
        o->sample = all;
    lo = all * mpi_rank / mpi_size;
    hi = all * (mpi_rank + 1) / mpi_size;
    o->first = lo;
    o->count = hi - lo;
    memset(res, 0, sizeof *res);
    if (hi == lo) { /* more ranks than schedules */
        memset(&part, 0, sizeof part);
        rc = 0;
    } else {
        rc = search_run(s, o, &part, err);
        /* a range where every schedule starved is still a part */
        if (rc != 0 && err->code == RHO_ESTARVED && part.time != NULL)
            rc = 0;
    }
    MPI_Allreduce(&rc, &bad, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (bad != 0) {
        if (rc == 0)
            rho_err_set(err, RHO_EINPUT, "another rank failed");
        search_result_fini(&part);
        return -1;
    }
    n = part.n;
    if (mpi_rank == 0)
        counts = calloc((size_t)mpi_size, sizeof *counts);
    MPI_Gather(&n, 1, MPI_LONG_LONG, counts, 1, MPI_LONG_LONG, 0,
               MPI_COMM_WORLD);
    if (mpi_rank == 0) {
        struct search_result *parts = calloc((size_t)mpi_size, sizeof *parts);
        parts[0] = part;
        for (int r = 1; r < mpi_size; r++) {
            parts[r] = part; /* the same space, seed and baseline */
            parts[r].n = counts[r];
            parts[r].time =
                calloc((size_t)(counts[r] ? counts[r] : 1), sizeof(double));
            parts[r].id =
                calloc((size_t)(counts[r] ? counts[r] : 1), sizeof(long long));
            parts[r].sorted = NULL;
            MPI_Recv(parts[r].time, (int)counts[r], MPI_DOUBLE, r, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Recv(parts[r].id, (int)counts[r], MPI_LONG_LONG, r, 2,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Recv(&parts[r].seconds, 1, MPI_DOUBLE, r, 3, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            MPI_Recv(&parts[r].threads, 1, MPI_INT, r, 4, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        }
        rc = search_merge(parts, mpi_size, res, err);
        for (int r = 1; r < mpi_size; r++) {
            free(parts[r].time);
            free(parts[r].id);
        }
        free(parts);
        free(counts);
    } else {
        long long *ids = calloc((size_t)(n ? n : 1), sizeof *ids);
        for (long long i = 0; i < n; i++)
            ids[i] = part.id ? part.id[i] : lo + i;
        MPI_Send(part.time, (int)n, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD);
        MPI_Send(ids, (int)n, MPI_LONG_LONG, 0, 2, MPI_COMM_WORLD);
        MPI_Send(&part.seconds, 1, MPI_DOUBLE, 0, 3, MPI_COMM_WORLD);
        MPI_Send(&part.threads, 1, MPI_INT, 0, 4, MPI_COMM_WORLD);
        free(ids);
        rc = 0;
    }
    search_result_fini(&part);
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rc != 0 && mpi_rank != 0)
        rho_err_set(err, RHO_ESTARVED, "every schedule starved");
    return rc;
}
#else
static int
mpi_search(const struct scenario *s, struct search_opts *o,
           struct search_result *res, struct rho_err *err)
{
    return search_run(s, o, res, err);
}
#endif

static int
run_search(struct args *a, struct scenario *s)
{
    struct search_opts o;
    struct search_result r;
    struct progress p = {rho_wall(), 0};
    struct rho_err err;
    int rc = 0;

    memset(&o, 0, sizeof o);
    o.threads = a->threads;
    o.sample = a->sample;
    o.seed = (uint64_t)(a->seed ? a->seed : 1);
    if (!a->quiet && isatty(STDERR_FILENO)) {
        o.progress = draw_progress;
        o.ctx = &p;
    }
    if (mpi_size > 1) {
        if (mpi_search(s, &o, &r, &err) != 0) {
            if (mpi_rank == 0)
                fprintf(stderr, "rho: %s: %s\n", s->path ? s->path : "scenario",
                        err.msg);
            return exit_code(&err);
        }
        if (mpi_rank != 0) {
            search_result_fini(&r);
            return 0;
        }
    } else if (search_run(s, &o, &r, &err) != 0) {
        fprintf(stderr, "rho: %s: %s\n", s->path ? s->path : "scenario",
                err.msg);
        return exit_code(&err);
    }
    if (report_search(stdout, s, &r, a->fmt, &err) != 0)
        rc = 2;
    if (rc == 0 && a->curve != NULL) {
        FILE *f = fopen(a->curve, "w");
        if (f == NULL) {
            fprintf(stderr, "rho: %s: cannot write: %s\n", a->curve,
                    strerror(errno));
            rc = 2;
        } else {
            if (report_search_curve(f, &r, &err) != 0)
                rc = 2;
            if (fclose(f) != 0)
                rc = 2;
        }
    }
    search_result_fini(&r);
    return rc;
}

/* ---- sweeps ---- */

struct sweep_ctx {
    struct args *a;
    const struct scenario *base; /* when only tau/bandwidth are swept */
    int lua;                     /* some axis is a rho.param */
    long lo, hi;                 /* the points this rank evaluates */
    int width;                   /* numbers per point */
    int off[MODEL_MAX];          /* each model's first one */
};

static int
builtin_axis(const char *name)
{
    return strcmp(name, "tau") == 0 || strcmp(name, "bandwidth") == 0;
}

static int
eval_point(void *vctx, long i, const char *const *values, double *out,
           struct rho_err *err)
{
    struct sweep_ctx *c = vctx;
    const struct sweep *sw = &c->a->sweep;
    struct scenario *s;
    char buf[SWEEP_MAX_AXES][256];
    const char *params[64 + SWEEP_MAX_AXES + 1];
    int np = 0, rc = 0;

    for (int k = 0; k < c->width; k++)
        out[k] = 0; /* another rank's point, a model that does not run */
    if (i < c->lo || i >= c->hi)
        return 0;
    if (c->lua) {
        struct lx_opts o = c->a->lx;
        for (int k = 0; k < sw->naxes; k++)
            if (!builtin_axis(sw->axis[k].name)) {
                snprintf(buf[k], sizeof buf[k], "%s=%s", sw->axis[k].name,
                         values[k]);
                params[np++] = buf[k]; /* first match wins in rho.param */
            }
        for (int k = 0; k < c->a->nparams; k++)
            params[np++] = c->a->params[k];
        params[np] = NULL;
        o.params = params;
        o.log = NULL;
        if ((s = lx_run_file(c->a->file, &o, err)) == NULL)
            return -1;
    } else {
        s = scenario_clone(c->base);
    }
    for (int k = 0; k < sw->naxes && rc == 0; k++) {
        const char *n = sw->axis[k].name;
        if (strcmp(n, "tau") == 0) {
            char *end;
            double t = strtod(values[k], &end);
            if (*end != '\0' || !(t >= 0 && t <= 1))
                rc = rho_err_set(err, RHO_EINPUT,
                                 "tau must be a number from 0 to 1, got '%s'",
                                 values[k]);
            s->tau = t;
        } else if (strcmp(n, "bandwidth") == 0) {
            rc = units_parse(UNIT_RATE, values[k], &s->bandwidth, err);
        }
    }
    if (rc != 0) {
        scenario_free(s);
        return -1;
    }
    /* every model that runs, one thread (points run in parallel) */
    {
        struct session_opts so = {NULL, c->a->run, 1, 0};
        struct session *ss = session_new_with(s, &so);
        const struct model_entry *m;
        if ((rc = session_wait(ss, err)) == 0)
            for (int k = 0; (m = session_model(ss, k)) != NULL; k++) {
                int at = c->off[model_find(NULL, m->name)];
                out[at + m->ncols] = m->sweep(session_result(ss, m), out + at);
            }
        session_free(ss);
    }
    return rc;
}

/* Is name one of the lines of list? */
static int
name_listed(const char *list, const char *name)
{
    size_t n = strlen(name);

    for (const char *p = list; *p; p = strchr(p, '\n') + 1) {
        if (strncmp(p, name, n) == 0 && p[n] == '\n')
            return 1;
        if (strchr(p, '\n') == NULL)
            break;
    }
    return 0;
}

static int
run_sweep(struct args *a, struct scenario *s, const struct strbuf *read)
{
    struct sweep_ctx c = {a, s, 0, 0, 0, 0, {0}};
    struct progress p = {rho_wall(), 0};
    struct rho_err err;
    long n = sweep_count(&a->sweep);
    double *data;
    int rc = 0;

    for (int k = 0; k < a->sweep.naxes; k++) {
        const char *name = a->sweep.axis[k].name;
        if (builtin_axis(name))
            continue;
        if (!name_listed(strbuf_str(read), name)) {
            fprintf(stderr,
                    "rho: %s: the scenario does not read rho.param(\"%s\", "
                    "...): only tau, bandwidth and the names it reads can be "
                    "swept\n",
                    a->file, name);
            return 2;
        }
        c.lua = 1;
    }
    c.width = model_sweep_layout(NULL, c.off);
    data = calloc((size_t)n * (size_t)c.width, sizeof *data);
    if (data == NULL) {
        fprintf(stderr, "rho: out of memory for %ld sweep points\n", n);
        return 70;
    }
    c.lo = n * mpi_rank / mpi_size;
    c.hi = n * (mpi_rank + 1) / mpi_size;
    if (sweep_run(&a->sweep, a->threads, c.width, eval_point, &c, data,
                  !a->quiet && isatty(STDERR_FILENO) && mpi_rank == 0
                      ? draw_progress
                      : NULL,
                  &p, &err) != 0)
        rc = exit_code(&err);
#ifdef RHO_MPI
    if (mpi_size > 1) {
        /* every point was computed by one rank; the others hold zeros */
        struct {
            int rc;
            int rank;
        } mine = {rc, mpi_rank}, first;
        double *sum =
            mpi_rank == 0 ? calloc((size_t)n * (size_t)c.width, sizeof *sum)
                          : NULL;
        MPI_Reduce(data, sum, (int)(n * c.width), MPI_DOUBLE, MPI_SUM, 0,
                   MPI_COMM_WORLD);
        /* the lowest rank that failed reports its (lowest) point */
        mine.rank = rc != 0 ? mpi_rank : mpi_size;
        MPI_Allreduce(&mine.rank, &first.rank, 1, MPI_INT, MPI_MIN,
                      MPI_COMM_WORLD);
        if (first.rank < mpi_size) {
            if (first.rank != 0 && mpi_rank == first.rank)
                MPI_Send(&err, (int)sizeof err, MPI_BYTE, 0, 5, MPI_COMM_WORLD);
            if (mpi_rank == 0 && first.rank != 0)
                MPI_Recv(&err, (int)sizeof err, MPI_BYTE, first.rank, 5,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            rc = exit_code(&err);
        }
        free(data);
        data = sum;
        if (mpi_rank != 0)
            return rc;
    }
#endif
    if (rc != 0)
        fprintf(stderr, "rho: %s: %s\n", a->file, err.msg);
    else if (report_sweep(stdout, s->title, &a->sweep, data, NULL, a->run,
                          a->fmt, &err) != 0)
        rc = 2;
    free(data);
    return rc;
}

/* --dump: the interactive screen, drawn into a canvas and printed. */
static int
run_dump(struct args *a, struct scenario *s)
{
    struct session_opts so = {NULL, a->run, a->threads, MODEL_KEEP_VIEWS};
    struct session *ss = session_new_with(scenario_clone(s), &so);
    struct ui u;
    struct canvas c;
    struct screen_ctx x;
    struct strbuf sb;
    struct rho_err err;
    int views[VIEW_COUNT], nv, ok = 0;

    ui_init(&u, ss);
    nv = ui_views(ss, views);
    for (int k = 0; k < nv; k++)
        ok |= views[k] == a->dump_view;
    if (!ok) {
        fprintf(stderr,
                "rho: %s: no %s view for this scenario (it has:", a->file,
                ui_view_name(a->dump_view));
        for (int k = 0; k < nv; k++)
            fprintf(stderr, " %s", ui_view_name(views[k]));
        fprintf(stderr, ")\n");
        ui_fini(&u);
        session_free(ss);
        return 2;
    }
    u.view = a->dump_view;
    if (session_wait(ss, &err) != 0) {
        fprintf(stderr, "rho: %s: %s\n", a->file, err.msg);
        ui_fini(&u);
        session_free(ss);
        return exit_code(&err);
    }
    if (a->explain > 0) {
        if (a->explain > s->nflows) {
            fprintf(stderr,
                    "rho: %s: --explain %d: the scenario has %d "
                    "flows\n",
                    a->file, a->explain, s->nflows);
            ui_fini(&u);
            session_free(ss);
            return 2;
        }
        u.flow = a->explain - 1;
    }
    if (a->has_at) {
        int k = pcie_sim_step_at(model_pcie_result(ss), a->at);
        if (k >= 0)
            u.step = k;
    }
    memset(&x, 0, sizeof x);
    x.ss = ss;
    x.u = &u;
    canvas_init(&c, a->dump_w, a->dump_h, a->ascii);
    screen_draw(&c, &x);
    strbuf_init(&sb);
    canvas_dump(&c, &sb, a->ascii);
    fputs(strbuf_str(&sb), stdout);
    strbuf_fini(&sb);
    canvas_fini(&c);
    ui_fini(&u);
    session_free(ss);
    return 0;
}

/* The interactive program's way to load the scenario again. */
static struct scenario *
reload(const char *path, void *ctx, struct rho_err *err)
{
    const struct args *a = ctx;
    struct lx_opts o = a->lx;

    o.log = NULL;
    o.params_read = NULL;
    return lx_run_file(path, &o, err);
}

/* Returns the exit status, or -1 if there is no terminal to use. */
static int
run_tui(struct args *a, struct scenario **s)
{
#ifdef RHO_MPI
    /* rho-mpi is a batch driver: it has no terminal front end. */
    (void)a;
    (void)s;
    return -1;
#else
    struct app_opts o;

    memset(&o, 0, sizeof o);
    o.no_color = a->no_color;
    o.no_mouse = a->no_mouse;
    o.ascii = a->ascii;
    o.readonly = a->readonly;
    o.theme = a->theme;
    o.datadir = RHO_DATADIR;
    o.load = reload;
    o.load_ctx = a;
    o.session.only = a->run;
    o.session.threads = a->threads;
    o.session.keep = MODEL_KEEP_VIEWS;
    return app_run(a->file, s, &o);
#endif
}

/*
 * The models to run on s: -m's (every model by default), narrowed to the
 * models the options given are for (--steps: the PCIe model, --links: the
 * link model), and to those that apply to s. Returns 0, or 2 when an
 * option's model does not run (printed).
 */
static int
select_models(struct args *a, const struct scenario *s)
{
    unsigned want = a->models ? a->run : ~0u, named = 0, applies = 0;
    int n = model_count(NULL);
    char names[128];

    for (int k = 0; k < n; k++)
        applies |= (unsigned)(model_table[k]->applies(s) != 0) << k;
    for (int i = 0; i < NOPTIONS; i++) {
        const struct opt *o = &options[i];
        int k = o->model ? model_find(NULL, o->model) : -1;
        if (!a->given[i] || k < 0)
            continue;
        named |= 1u << k;
        if (a->dump_w > 0) /* --dump reads --explain and --at, nothing else */
            continue;
        if (!(applies >> k & 1)) {
            const char *why = "needs a model this scenario does not have";
            for (size_t j = 0; j < sizeof no_model / sizeof no_model[0]; j++)
                if (strcmp(no_model[j].model, o->model) == 0)
                    why = no_model[j].why;
            fprintf(stderr, "rho: %s: --%s %s\n", a->file, o->lng, why);
            return 2;
        }
        if (!(want >> k & 1)) {
            fprintf(stderr, "rho: %s: --%s is for the %s, which -m %s leaves "
                            "out\n",
                    a->file, o->lng, model_table[k]->title, a->models);
            return 2;
        }
    }
    if (named != 0 && a->dump_w == 0)
        want &= named;
    a->run = want & applies;
    if (a->run == 0) {
        names[0] = '\0';
        for (int k = 0, used = 0; k < n; k++)
            if (applies >> k & 1)
                used += snprintf(names + used, sizeof names - (size_t)used,
                                 "%s%s", used ? ", " : "",
                                 model_table[k]->name);
        fprintf(stderr, "rho: %s: -m %s: no such model for this scenario (it "
                        "has: %s)\n",
                a->file, a->models ? a->models : "", names);
        return 2;
    }
    return 0;
}

/* Batch: each model's report in table order (one in CSV and YAML: a
   stream holds one document). */
static int
run_batch(struct args *a, struct scenario *s)
{
    const char *path = s->path ? s->path : "scenario";
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    struct session_opts so = {NULL, a->run, 0, MODEL_KEEP_VIEWS};
    struct report_opts ro = {a->fmt, 0, a->explain, a->has_at ? a->at : NAN};
    const struct model_entry *m;
    struct session *ss;
    int rc = 0;

    if (a->fmt != REPORT_TEXT) /* the first only */
        so.only = a->run & (~a->run + 1);
    so.threads = a->threads > 0 ? a->threads : cpus > 0 ? (int)cpus : 1;
    ro.what = (a->steps ? REPORT_STEPS : 0) |
              (a->timeline ? REPORT_TIMELINE : 0) |
              (a->stepper ? REPORT_STEPPER : 0) |
              (a->links ? REPORT_LINK_LINKS : 0) |
              (a->messages ? REPORT_LINK_MSGS : 0);
    if (a->messages)
        so.keep |= MODEL_KEEP_ITEMS;
    ss = session_new_with(scenario_clone(s), &so);
    session_wait(ss, NULL);
    for (int k = 0; (m = session_model(ss, k)) != NULL; k++) {
        struct session_run r;
        struct rho_err err;
        if (k > 0)
            printf("\n%s\n", m->title);
        session_run(ss, m, &r);
        if (r.error != NULL) {
            err = *r.error;
            fprintf(stderr, "rho: %s: %s\n", path, err.msg);
        } else if (report_model(stdout, m, r.result, &ro, &err) != 0) {
            if (err.code == RHO_EIO)
                fprintf(stderr, "rho: %s\n", err.msg);
            else
                fprintf(stderr, "rho: %s: %s\n", path, err.msg);
        } else {
            continue;
        }
        if (rc == 0)
            rc = exit_code(&err);
        if (err.code != RHO_ESTARVED) /* the model's own failure: go on */
            break;
    }
    session_free(ss);
    return rc;
}

static int
rho_main(int argc, char **argv)
{
    struct args a;
    struct rho_err err;
    struct scenario *s;
    struct strbuf log, read;
    int rc;

    memset(&a, 0, sizeof a);
    sweep_init(&a.sweep);
    a.fmt = REPORT_TEXT;
    if ((rc = parse_args(argc, argv, &a)) != 0)
        return rc;
    if (a.import != NULL)
        return cli_import(a.import, a.file);
    if (a.file == NULL)
        a.file = default_scenario();
    strbuf_init(&log);
    strbuf_init(&read);
    a.lx.log = &log;
    a.lx.params = a.nparams ? a.params : NULL;
    a.lx.params_read = &read;
    s = lx_run_file(a.file, &a.lx, &err);
    a.lx.params_read = NULL;
    if (log.len > 0)
        fputs(strbuf_str(&log), stderr);
    strbuf_fini(&log);
    if (s == NULL) {
        fprintf(stderr, "rho: %s\n", err.msg);
        strbuf_fini(&read);
        sweep_fini(&a.sweep);
        return exit_code(&err);
    }
    if ((rc = select_models(&a, s)) != 0)
        ; /* said why */
    else if (a.dump_w > 0)
        rc = run_dump(&a, s);
    else if (a.matrix)
        rc = cli_matrix(s, a.fmt);
    else if (a.sweep.naxes > 0)
        rc = run_sweep(&a, s, &read);
    else if (a.search)
        rc = run_search(&a, s);
    else if (!a.batch && !a.steps && !a.timeline && !a.explain && !a.stepper &&
             !a.links && !a.messages && mpi_size == 1 &&
             (rc = run_tui(&a, &s)) >= 0)
        ; /* the interactive program ran (and took s) */
    else
        rc = run_batch(&a, s);
    scenario_free(s);
    strbuf_fini(&read);
    sweep_fini(&a.sweep);
    return rc;
}

int
main(int argc, char **argv)
{
    int rc;

#ifdef RHO_MPI
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &mpi_size);
    if (mpi_rank != 0) { /* one voice: rank 0's */
        if (freopen("/dev/null", "w", stdout) == NULL ||
            freopen("/dev/null", "w", stderr) == NULL)
            return 70;
    }
#endif
    rc = rho_main(argc, argv);
#ifdef RHO_MPI
    MPI_Finalize();
#endif
    return rc;
}
