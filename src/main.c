/*
 * main: the command line. Parses the options (declared in one table that
 * also prints --help) into a struct cli_args, loads the scenario through
 * the Lua binding, chooses the models to run, and runs the first mode of
 * the mode table that applies (src/cli: one file per mode). Compiled
 * once: rho and rho-mpi differ only in cli/mpi.c.
 *
 * Exit status: 0 success, 1 the model could not be computed (starved),
 * 2 bad input (file, line and reason on stderr), 3 a budget ran out,
 * 4 a prediction checked by --answer is off, 70 internal error
 * (rho_fatal(): out of memory; RHO_EINTERNAL). rho(1) and --help list
 * them; keep the three in step.
 */
#include <errno.h>
#include <limits.h>
#include <getopt.h>
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rho_config.h"

#include "cli/cli.h"
#include "core/base/savefile.h"
#include "core/base/rho_alloc.h"
#include "core/base/rho_err.h"
#include "core/base/units.h"
#include "core/model.h"
#include "core/net/net_model.h"
#include "core/scenario.h"
#include "report/report.h"
#include "script/lx.h"
#include "view/export.h"
#include "view/keys.h"
#include "view/view.h"

/* The modes, in the order they are tried: the first whose `when` holds
   runs (a mode may decline: the next one runs). --import runs instead of
   loading a scenario. */
static const struct cli_mode *const modes[] = {
    &cli_import_mode,  &cli_handout_mode, &cli_export_mode,
    &cli_dump_mode,    &cli_matrix_mode,  &cli_compare_mode,
    &cli_sweep_mode,   &cli_search_mode,  &cli_tui_mode,
    &cli_batch_mode,   NULL,
};

enum opt_id {
    OPT_BATCH,
    OPT_FORMAT,
    OPT_STEPS,
    OPT_TIMELINE,
    OPT_NO_COLOR,
    OPT_NO_MOUSE,
    OPT_READONLY,
    OPT_NO_AHEAD,
    OPT_THEME,
    OPT_DUMP,
    OPT_EXPORT,
    OPT_FRAME,
    OPT_FRAMES,
    OPT_ASCII,
    OPT_LESSON,
    OPT_HANDOUT,
    OPT_ANSWERS,
    OPT_ANSWER,
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
    OPT_LUA_TIME,
    OPT_MAX_MEMORY,
    OPT_MAX_TIME,
    OPT_LINKS,
    OPT_MESSAGES,
    OPT_METRICS,
    OPT_COMPARE,
    OPT_PLOT,
    OPT_ENGINE,
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
    const char *arg; /* NULL: a flag; two words ("FMT WxH:VIEW"): two
                        values, the second the next argument */
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
    {OPT_READONLY, 0, "readonly", NULL,
     "never write files (s, X and --frames refuse)", NULL},
    {OPT_NO_AHEAD, 0, "no-ahead", NULL,
     "in the explorer, do not compute the routing R brings (or the "
     "placement P brings) while you read (by default the link model "
     "computes it once it has the state on screen, so that the key shows "
     "it at once)",
     NULL},
    {OPT_THEME, 't', "theme", "NAME",
     "colour theme: a name (default, dark, light, colorblind, mono, or one "
     "of yours in ~/.config/rho/themes) or a path to a YAML file",
     NULL},
    {OPT_DUMP, 0, "dump", "WxH:VIEW",
     "print the interactive screen as text, WxH characters, showing VIEW "
     "(tree, flows, explain, stepper, timeline, heat, stats, search, "
     "teach, lesson; "
     "network, links, map, classes, rounds, metrics for the link "
     "model; queue); VIEW may be a comma list or all (every view the "
     "scenario has), each screen after a line naming it; "
     "--explain N selects flow N, --at TIME a time step, --frame F a "
     "stepper frame",
     NULL},
    {OPT_EXPORT, 0, "export", "FMT WxH:VIEW",
     "print the interactive screen as --dump does, in format FMT: text, "
     "ansi (256 colours; ansi8, ansi16, ansi24 for other terminals) or svg "
     "(a vector drawing for slides), in the colours of --theme",
     NULL},
    {OPT_FRAME, 0, "frame", "F",
     "with --dump or --export, the frame of Algorithm 1 the stepper or teach "
     "view shows: a number from 1, a step (A, B, C, D8, D9) or a port "
     "(SB->K2); of the lesson view, a step of the lesson",
     NULL},
    {OPT_FRAMES, 0, "frames", "PREFIX",
     "with --export of the stepper or teach view, write every frame of the "
     "time step shown (of the lesson view, every step of the lesson) as "
     "PREFIX-01.svg, PREFIX-02.svg, ... (the extension is the format's) "
     "and print their names",
     NULL},
    {OPT_LESSON, 0, "lesson", "N",
     "open lesson N of a sequence: the scenarios of a folder in the order "
     "of their names (the folder given as the scenario, else "
     "scenarios/lessons); a folder alone opens its first",
     NULL},
    {OPT_HANDOUT, 0, "handout", NULL,
     "print the scenario's lesson for a class: every step, where to look, "
     "the questions, and a line for each answer",
     NULL},
    {OPT_ANSWERS, 0, "answers", NULL,
     "with --handout, the answers instead of the lines (the lecturer's "
     "copy; rho works out the exercises' numbers)",
     NULL},
    {OPT_ANSWER, 0, "answer", "VALUE",
     "check a prediction of the lesson's exercise (0.3, 3/10, 30%): exit "
     "0 when right, 4 when off by more than its tolerance",
     NULL},
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
     "with --explain, the moment to explain (default: the first start); "
     "with --stepper, --dump or --export, the time step to show",
     NULL},
    {OPT_SEARCH, 0, "search", NULL,
     "try every order of each source's flows (or a random sample) and "
     "report the fastest, median and slowest schedules",
     "pcie"},
    {OPT_SAMPLE, 0, "sample", "N",
     "search N random schedules (default: all when there are at most 50 "
     "million, else 1000000)",
     NULL},
    {OPT_SEED, 0, "seed", "N", "seed of the random sample (default 1)", NULL},
    {OPT_THREADS, 'j', "threads", "N",
     "threads for --search, --sweep and the link model (default: one per "
     "CPU); the result is the same "
     "for any N",
     NULL},
    {OPT_CURVE, 0, "curve", "FILE",
     "with --search, also write the sorted times as CSV (rank,time_s)", NULL},
    {OPT_SWEEP, 0, "sweep", "NAME=VALUES",
     "evaluate the scenario for every combination of values (repeatable): "
     "tau, bandwidth, or any rho.param NAME; VALUES is a,b,c or "
     "lo:hi:step or lo:hi:*factor",
     NULL},
    {OPT_COMPARE, 0, "compare", "NAME=VALUES",
     "designs side by side (Jain Ch. 6): load the scenario with each value "
     "of the rho.param NAME (a network family, a preset, a radix), run the "
     "link model and print each network's cost, link loads, estimate, rate "
     "and rate per dollar",
     NULL},
    {OPT_PLOT, 0, "plot", NULL,
     "with --sweep, also plot every column in the terminal: a bar per "
     "point",
     NULL},
    {OPT_QUIET, 'q', "quiet", NULL, "no progress bar", NULL},
    {OPT_PARAM, 'p', "param", "NAME=VALUE",
     "override rho.param(NAME, ...) in the scenario (repeatable)", NULL},
    {OPT_LUA_INSN, 0, "lua-instructions", "N",
     "stop a script after N Lua instructions (default 200000000)", NULL},
    {OPT_LUA_MEM, 0, "lua-memory", "MIB",
     "stop a script that uses more than MIB MiB (default 512)", NULL},
    {OPT_LUA_TIME, 0, "lua-time", "SECONDS",
     "stop a script that runs longer than SECONDS of wall time, whatever "
     "it does (default 10)",
     NULL},
    {OPT_MAX_MEMORY, 0, "max-memory", "SIZE",
     "refuse a search or a link-model solve that would keep more than SIZE "
     "(\"8 GiB\"; default half the machine's memory for a search, 16 GiB "
     "or 3/4 of it for a solve)",
     NULL},
    {OPT_MAX_TIME, 0, "max-time", "SECONDS",
     "refuse a search or a link-model run estimated to take longer than "
     "SECONDS (default 3600)",
     NULL},
    {OPT_LINKS, 'l', "links", NULL,
     "link model: also list every directed link with its bytes (with "
     "--format csv: link,from,to,class,bytes,...)",
     "link"},
    {OPT_MESSAGES, 0, "messages", NULL,
     "link model: list every message with the bandwidth it obtained "
     "(adaptive routings)",
     "link"},
    {OPT_METRICS, 0, "metrics", NULL,
     "link model: also print Jain's Ch. 4 indicators (Tables 4.1, 4.2: "
     "link bytes per class with their outliers, dilation, injection FIFO; "
     "with --format csv: scope,feature,value)",
     "link"},
    {OPT_ENGINE, 0, "engine", "NAME",
     "link model engine: fast (default), exact or reference (see "
     "rho-model(7))",
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

/* The command line: what the modes read, and which options were on it. */
struct args {
    struct cli_args c;
    char given[NOPTIONS];
    int print_exit; /* OPT_HELP, OPT_VERSION, OPT_KEYS_MAN: print that and
                       exit 0; else 0 */
};

static void
usage(FILE *out)
{
    fprintf(out, "usage: rho [OPTIONS] [SCENARIO.lua | -]\n\n"
                 "Explore congestion in PCIe trees and HPC networks.\n"
                 "Without a scenario, rho opens scenarios/default.lua; - "
                 "reads it from standard\n"
                 "input (with --batch or another mode that prints).\n"
                 "Short options bundle (-bfcsv = -b -f csv); a long option "
                 "may be shortened\n"
                 "to any prefix of it alone (--bat = --batch).\n\n"
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
    fprintf(out, "\n\nexit status: 0 ok; 1 the model starved; 2 bad input "
                 "(options, file, script error);\n"
                 "  3 a budget ran out (a script's instructions, memory or "
                 "time, its file's size,\n"
                 "  or the memory an adaptive link model would need);\n"
                 "  4 --answer: the prediction is off; 70 internal error (out "
                 "of memory, or a\n"
                 "  script's process died)\n"
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

/* WxH:VIEW of --dump and --export into a's geometry; --dump also takes a
   comma list of views or "all" (every view the scenario has). */
static int
parse_geometry(struct cli_args *a, const char *opt, const char *val)
{
    char views[512], *end, *name, *save = NULL;
    long w, h;

    /* strtol, not sscanf's %d: a width past INT_MAX must not wrap */
    errno = 0;
    w = strtol(val, &end, 10);
    h = *end == 'x' ? strtol(end + 1, &end, 10) : -1;
    if (errno == 0 && end != val && *end == ':' && (w > 1000 || h > 1000))
        return bad_usage("%s: a screen of at most 1000x1000 characters, got "
                         "'%s'",
                         opt, val);
    if (errno != 0 || end == val || *end != ':' || w < 1 || h < 1 ||
        w > 1000 || h > 1000 || strlen(end + 1) >= sizeof views ||
        end[1] == '\0')
        return bad_usage("%s expects WxH:VIEW such as 100x30:tree, got '%s'",
                         opt, val);
    a->dump_w = (int)w;
    a->dump_h = (int)h;
    snprintf(views, sizeof views, "%s", end + 1);
    a->dump_all = strcmp(views, "all") == 0;
    a->dump_list = a->dump_all || strchr(views, ',') != NULL;
    if (a->dump_list && strcmp(opt, "--dump") != 0)
        return bad_usage("%s shows one view, got '%s' (--dump prints several)",
                         opt, end + 1);
    a->ndump = 0;
    a->dump_view = -1;
    if (a->dump_all)
        return 0;
    for (name = strtok_r(views, ",", &save); name != NULL;
         name = strtok_r(NULL, ",", &save)) {
        int v = view_find(name);
        if (v < 0) {
            /* the views each model lists: "PCIe model: tree, ..." */
            char list[512] = "";
            size_t n = 0;
            for (int k = 0; model_table[k] != NULL && n < sizeof list; k++)
                n += (size_t)snprintf(list + n, sizeof list - n, "%s%s: %s",
                                      k ? "; " : "", model_table[k]->title,
                                      model_table[k]->views);
            return bad_usage("%s: unknown view '%s' (%s; or all)", opt, name,
                             list);
        }
        if (a->ndump == VIEW_MAX)
            return bad_usage("%s: more than %d views in '%s'", opt, VIEW_MAX,
                             end + 1);
        a->dump_views[a->ndump++] = v;
    }
    if (a->ndump == 0)
        return bad_usage("%s expects WxH:VIEW such as 100x30:tree, got '%s'",
                         opt, val);
    a->dump_view = a->dump_views[0];
    return 0;
}

static int
apply(struct cli_args *a, const struct opt *o, const char *val,
      const char *val2)
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
    case OPT_DUMP:
        return parse_geometry(a, "--dump", val);
    case OPT_EXPORT:
        if (export_parse_fmt(val, &a->export_fmt, &a->export_depth, &err) != 0)
            return bad_usage("--export: %s", err.msg);
        return parse_geometry(a, "--export", val2);
    case OPT_FRAME:
        a->frame = val;
        break;
    case OPT_LESSON:
        a->lesson = (int)strtol(val, &end, 10);
        if (*end != '\0' || a->lesson <= 0)
            return bad_usage("--lesson expects a lesson number (1, 2, ...), "
                             "got '%s'",
                             val);
        break;
    case OPT_HANDOUT:
        a->handout = 1;
        break;
    case OPT_ANSWERS:
        a->answers = 1;
        break;
    case OPT_ANSWER:
        a->answer = val;
        break;
    case OPT_FRAMES:
        a->frames = val;
        break;
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
    case OPT_NO_AHEAD:
        a->no_ahead = 1;
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
        errno = 0;
        a->seed = strtoll(val, &end, 10);
        if (*end != '\0' || end == val || errno != 0)
            return bad_usage("--seed expects a whole number up to %lld, got "
                             "'%s'",
                             LLONG_MAX, val);
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
    case OPT_METRICS:
        a->metrics = 1;
        break;
    case OPT_ENGINE:
        if ((a->net.engine = net_engine_parse(val)) < 0)
            return bad_usage("--engine expects fast, exact or reference, got "
                             "'%s'",
                             val);
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
    case OPT_PLOT:
        a->plot = 1;
        break;
    case OPT_COMPARE:
        if (a->compare.naxes > 0)
            return bad_usage("--compare: one parameter at a time");
        if (sweep_add_axis(&a->compare, val, &err) != 0)
            return bad_usage("--compare: %s", err.msg);
        break;
    case OPT_QUIET:
        a->quiet = 1;
        break;
    case OPT_PARAM:
        if (strchr(val, '=') == NULL)
            return bad_usage("--param expects NAME=VALUE, got '%s'", val);
        if (a->nparams == CLI_MAX_PARAMS - 1)
            return bad_usage("too many --param options");
        for (int i = 0; i < a->nparams; i++) {
            size_t n = (size_t)(strchr(val, '=') - val);
            if (strncmp(a->params[i], val, n + 1) == 0)
                return bad_usage("--param %.*s given twice ('%s' and '%s')",
                                 (int)n, val, a->params[i], val);
        }
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
    case OPT_LUA_TIME:
        a->lx.max_seconds = strtod(val, &end);
        if (*end != '\0' || end == val || !(a->lx.max_seconds > 0) ||
            a->lx.max_seconds > 86400)
            return bad_usage("--lua-time expects a number of seconds (at "
                             "most 86400), got '%s'",
                             val);
        break;
    case OPT_MAX_MEMORY: {
        struct rho_err perr;
        if (units_parse(UNIT_SIZE, val, &a->max_memory, &perr) != 0 ||
            !(a->max_memory > 0))
            return bad_usage("--max-memory expects a size such as \"8 GiB\", "
                             "got '%s'",
                             val);
        a->net.mem_limit = a->max_memory;
        break;
    }
    case OPT_MAX_TIME:
        a->max_time = strtod(val, &end);
        if (*end != '\0' || end == val || !(a->max_time > 0))
            return bad_usage("--max-time expects a number of seconds, got "
                             "'%s'",
                             val);
        break;
    case OPT_HELP:
    case OPT_VERSION:
    case OPT_KEYS_MAN: /* parse_args() */
        break;
    }
    return 0;
}

/* getopt_long's code for options[i] given by its long name: past every
   char, so that a short option's code (its letter) is never one of them */
#define LONG_CODE(i) (256 + (i))

/* The option of a code getopt_long returned, or NULL. */
static const struct opt *
opt_of(int code)
{
    if (code >= LONG_CODE(0) && code < LONG_CODE(NOPTIONS))
        return &options[code - LONG_CODE(0)];
    for (int k = 0; code > 0 && k < NOPTIONS; k++)
        if (options[k].shrt == code)
            return &options[k];
    return NULL;
}

/*
 * A long option getopt_long refused without naming it (optopt 0): unknown,
 * or a prefix of several (--s: --steps, --stepper, ...). arg is the
 * argument as the user typed it ("--s" or "--s=1"). Returns 2.
 */
static int
bad_long(const char *arg)
{
    const char *name = arg + 2 * (strncmp(arg, "--", 2) == 0),
               *eq = strchr(name, '=');
    size_t n = eq ? (size_t)(eq - name) : strlen(name);
    char list[512] = "";
    size_t used = 0;
    int found = 0;

    if (strncmp(arg, "--", 2) != 0)
        return bad_usage("unknown option '%s'", arg);
    for (int k = 0; n > 0 && k < NOPTIONS; k++)
        if (strncmp(options[k].lng, name, n) == 0 && used < sizeof list) {
            used += (size_t)snprintf(list + used, sizeof list - used, "%s--%s",
                                     found ? ", " : "", options[k].lng);
            found++;
        }
    if (found > 1)
        return bad_usage("option '%.*s' is ambiguous (%s)", (int)(n + 2), arg,
                         list);
    return bad_usage("unknown option '%s'", arg);
}

/*
 * The command line into a, by getopt_long(3) over options[] (the long
 * options and the short letters are made from the table here): short
 * flags bundle (-bC, -bfcsv), long names may be shortened to any prefix of
 * one option (--bat), values follow as --opt=V, --opt V, -fV or -f V, and
 * "--" ends the options. Options and the scenario come in any order; "-"
 * is the scenario on standard input. An option of two values ("FMT
 * WxH:VIEW") takes the next argument as its second. getopt_long prints
 * nothing (opterr 0): the messages are rho's, naming the option as typed.
 *
 * Returns 0; 2 after a message on stderr; or -1 when an option that prints
 * and exits (--help, --version, --keys-man) was met: its id is in
 * a->print_exit, nothing after it was read.
 */
static int
parse_args(int argc, char **argv, struct args *a)
{
    /* "-": arguments that are not options come back in order (code 1),
       whatever POSIXLY_CORRECT says, so that `rho FILE -b` works
       everywhere; ":": a missing value is ':' and not '?' */
    char shorts[2 + 2 * NOPTIONS + 1] = "-:";
    struct option longs[NOPTIONS + 1];
    size_t ns = 2;
    int code;

    for (int k = 0; k < NOPTIONS; k++) {
        longs[k].name = options[k].lng;
        longs[k].has_arg = options[k].arg ? required_argument : no_argument;
        longs[k].flag = NULL;
        longs[k].val = LONG_CODE(k);
        if (options[k].shrt) {
            shorts[ns++] = options[k].shrt;
            if (options[k].arg)
                shorts[ns++] = ':';
        }
    }
    memset(&longs[NOPTIONS], 0, sizeof longs[NOPTIONS]);
    shorts[ns] = '\0';
    opterr = 0;
    optind = 0; /* a whole new scan (glibc), also for a second call */
    for (;;) {
        /* the argument getopt_long is about to read: with options in
           order (no permutation), the one it reads or is inside of */
        int at = optind > 0 ? optind : 1;
        const char *arg = at < argc ? argv[at] : "";
        const char *val2 = NULL;
        const struct opt *o;

        if ((code = getopt_long(argc, argv, shorts, longs, NULL)) == -1)
            break;
        if (code == 1) { /* the scenario */
            if (a->c.file != NULL)
                return bad_usage("one scenario at a time (got '%s' too)",
                                 optarg);
            a->c.file = optarg;
            continue;
        }
        if (code == '?' || code == ':') {
            int is_long = arg[0] == '-' && arg[1] == '-';
            char shrt[3] = {'-', (char)optopt, '\0'};
            if (code == '?' && optopt == 0)
                return bad_long(arg);
            if (code == ':')
                return bad_usage("option '%s' needs a value",
                                 is_long ? arg : shrt);
            if (is_long)
                return bad_usage("option '%s' takes no value", arg);
            if (strcmp(arg, shrt) != 0)
                return bad_usage("unknown option '%s' (in '%s')", shrt, arg);
            return bad_usage("unknown option '%s'", shrt);
        }
        if ((o = opt_of(code)) == NULL)
            return bad_usage("unknown option '%s'", arg); /* cannot be */
        if (o->arg != NULL && strchr(o->arg, ' ') != NULL) {
            /* "FMT WxH:VIEW": an option of two values, the second the
               next argument whatever it looks like */
            if (optind >= argc)
                return bad_usage("option '%s' needs two values (%s)", arg,
                                 o->arg);
            val2 = argv[optind++];
        }
        a->given[o - options] = 1;
        if (o->id == OPT_HELP || o->id == OPT_VERSION || o->id == OPT_KEYS_MAN) {
            a->print_exit = o->id;
            return -1;
        }
        if (apply(&a->c, o, optarg, val2) != 0)
            return 2;
    }
    /* after "--": every argument is a scenario */
    for (; optind < argc; optind++) {
        if (a->c.file != NULL)
            return bad_usage("one scenario at a time (got '%s' too)",
                             argv[optind]);
        a->c.file = argv[optind];
    }
    return 0;
}

/* What --help, --version and --keys-man print. */
static void
print_exit(int id)
{
    if (id == OPT_HELP) {
        usage(stdout);
    } else if (id == OPT_VERSION) {
        printf("rho %s\n", RHO_VERSION);
    } else {
        struct strbuf sb;
        strbuf_init(&sb);
        keys_man(&sb);
        fputs(strbuf_str(&sb), stdout);
        strbuf_fini(&sb);
    }
}

/* Was the option with this id given? */
static int
given(const struct args *pa, int id)
{
    for (int i = 0; i < NOPTIONS; i++)
        if (options[i].id == id)
            return pa->given[i];
    return 0;
}

/* The long name of the option with this id. */
static const char *
long_name(int id)
{
    for (int i = 0; i < NOPTIONS; i++)
        if (options[i].id == id)
            return options[i].lng;
    return "?";
}

/*
 * Options that cannot go together: one of them would be dropped without a
 * word (the mode table runs one mode; the report prints one of two
 * tables). Returns 0, or 2 with the refusal printed.
 */
static int
conflicts(const struct args *pa)
{
    static const struct {
        int a, b;
        const char *why;
    } pairs[] = {
        {OPT_SEARCH, OPT_SWEEP,
         "a sweep runs the model at each point and a search orders one "
         "scenario's flows; run them one after the other"},
        {OPT_SEARCH, OPT_COMPARE,
         "--compare runs the model on each design and a search orders one "
         "scenario's flows; run them one after the other"},
        {OPT_SWEEP, OPT_COMPARE,
         "--compare is a sweep of one parameter shown side by side; give "
         "the values to one of them"},
        {OPT_STEPS, OPT_TIMELINE,
         "each prints its own table; run rho once for each"},
    };

    /* options read only by another's mode: alone they would do nothing */
    static const struct {
        int opt, needs;
    } with[] = {
        {OPT_CURVE, OPT_SEARCH}, {OPT_SAMPLE, OPT_SEARCH},
        {OPT_SEED, OPT_SEARCH},  {OPT_FRAMES, OPT_EXPORT},
        {OPT_PLOT, OPT_SWEEP},   {OPT_ANSWERS, OPT_HANDOUT},
    };

    for (size_t i = 0; i < sizeof with / sizeof with[0]; i++)
        if (given(pa, with[i].opt) && !given(pa, with[i].needs))
            return bad_usage("--%s is for --%s, which is not given: alone it "
                             "would do nothing",
                             long_name(with[i].opt), long_name(with[i].needs));
    if (given(pa, OPT_AT) && !given(pa, OPT_EXPLAIN) &&
        !given(pa, OPT_STEPPER) && !given(pa, OPT_DUMP) &&
        !given(pa, OPT_EXPORT))
        return bad_usage("--at is for --explain, --stepper, --dump or "
                         "--export, none of which is given: alone it would "
                         "do nothing");
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        if (given(pa, pairs[i].a) && given(pa, pairs[i].b))
            return bad_usage("--%s and --%s cannot go together: %s",
                             long_name(pairs[i].a), long_name(pairs[i].b),
                             pairs[i].why);
    {
        /* the options that choose a mode: the mode table runs the first,
           the others would be dropped */
        static const int mode_opt[] = {
            OPT_IMPORT, OPT_HANDOUT, OPT_ANSWER, OPT_EXPORT, OPT_DUMP,
            OPT_MATRIX, OPT_COMPARE, OPT_SWEEP,  OPT_SEARCH,
        };
        int first = -1;
        for (size_t i = 0; i < sizeof mode_opt / sizeof mode_opt[0]; i++) {
            if (!given(pa, mode_opt[i]))
                continue;
            if (first >= 0)
                return bad_usage("--%s and --%s cannot go together: each "
                                 "prints its own output; run rho once for "
                                 "each",
                                 long_name(first), long_name(mode_opt[i]));
            first = mode_opt[i];
        }
        /* --matrix and --import run no model: the tables of a run, and
           the options narrowing the models to one, would be dropped */
        if (first == OPT_MATRIX || first == OPT_IMPORT) {
            static const int run_opt[] = {
                OPT_STEPS, OPT_TIMELINE, OPT_STEPPER, OPT_EXPLAIN,
                OPT_LINKS, OPT_MESSAGES, OPT_METRICS,
            };
            for (size_t i = 0; i < sizeof run_opt / sizeof run_opt[0]; i++)
                if (given(pa, run_opt[i]))
                    return bad_usage("--%s prints no model's results: --%s "
                                     "would do nothing with it",
                                     long_name(first), long_name(run_opt[i]));
        }
    }
    {
        /* the tables of one run that a mode printing its own table
           (one row per point, per design, the schedules' times) never
           prints: they would be dropped */
        static const struct {
            int mode, opt;
        } unread[] = {
            {OPT_SWEEP, OPT_STEPS},     {OPT_SWEEP, OPT_TIMELINE},
            {OPT_SEARCH, OPT_STEPS},    {OPT_SEARCH, OPT_TIMELINE},
            {OPT_COMPARE, OPT_LINKS},   {OPT_COMPARE, OPT_MESSAGES},
            {OPT_COMPARE, OPT_METRICS},
        };
        for (size_t i = 0; i < sizeof unread / sizeof unread[0]; i++)
            if (given(pa, unread[i].mode) && given(pa, unread[i].opt))
                return bad_usage("--%s prints its own table: --%s would do "
                                 "nothing with it",
                                 long_name(unread[i].mode),
                                 long_name(unread[i].opt));
    }
    {
        /* a -p NAME that --sweep or --compare also gives: their values
           would replace it (as -p refuses a name given twice) */
        const struct {
            int opt;
            const struct sweep *sw;
        } axes[] = {{OPT_SWEEP, &pa->c.sweep}, {OPT_COMPARE, &pa->c.compare}};
        for (size_t i = 0; i < sizeof axes / sizeof axes[0]; i++)
            for (int k = 0; k < axes[i].sw->naxes; k++)
                for (int p = 0; p < pa->c.nparams; p++) {
                    const char *name = axes[i].sw->axis[k].name;
                    size_t n = strlen(name);
                    if (strncmp(pa->c.params[p], name, n) == 0 &&
                        pa->c.params[p][n] == '=')
                        return bad_usage("%s given twice (--param '%s' and "
                                         "--%s %s=...): the %s's values "
                                         "would replace the --param",
                                         name, pa->c.params[p],
                                         long_name(axes[i].opt), name,
                                         long_name(axes[i].opt));
                }
    }
    if (savefile_same(pa->c.curve, pa->c.file))
        return bad_usage("--curve %s is the scenario: it would be "
                         "overwritten; give another file",
                         pa->c.curve);
    if (pa->c.file != NULL && strcmp(pa->c.file, "-") == 0) {
        /* the mode that would run: the explorer watches and saves its
           file; rho-mpi's other ranks have no standard input */
        for (int k = 0; modes[k] != NULL; k++)
            if (modes[k]->when == NULL || modes[k]->when(&pa->c)) {
                if (modes[k] == &cli_tui_mode)
                    return bad_usage("a scenario on standard input runs with "
                                     "--batch (or another printing mode); "
                                     "the explorer needs a file it can "
                                     "watch and save");
                break;
            }
        if (cli_mpi_size() > 1)
            return bad_usage("a scenario on standard input reaches one rank "
                             "only; give rho-mpi a file");
    }
    if (pa->c.fmt != REPORT_TEXT) {
        const char *fmt = pa->c.fmt == REPORT_CSV ? "csv" : "yaml";
        /* the mode that will run, and the text-only options of batch */
        for (int k = 0; modes[k] != NULL; k++)
            if (modes[k]->when != NULL && modes[k]->when(&pa->c)) {
                if (modes[k]->text_only != NULL)
                    return bad_usage("%s: -f %s is not supported with it",
                                     modes[k]->text_only, fmt);
                break;
            }
        if (given(pa, OPT_PLOT))
            return bad_usage("--plot draws in text only: -f %s is not "
                             "supported with it",
                             fmt);
        if (given(pa, OPT_EXPLAIN))
            return bad_usage("--explain prints text only: -f %s is not "
                             "supported with it",
                             fmt);
        if (given(pa, OPT_STEPPER))
            return bad_usage("--stepper prints text only: -f %s is not "
                             "supported with it (--steps prints the "
                             "factors as %s)", fmt, fmt);
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

/*
 * The models to run on s: -m's (every model by default), narrowed to the
 * models the options given are for (--steps: the PCIe model, --links: the
 * link model), and to those that apply to s. Returns 0, or 2 when an
 * option's model does not run (printed).
 */
static int
select_models(struct args *pa, const struct scenario *s)
{
    struct cli_args *a = &pa->c;
    /* -m on the command line, else the script's models = { ... }, else
       every model that applies */
    unsigned want = a->models ? a->run : s->models ? s->models : ~0u;
    unsigned named = 0, applies = 0;
    int n = model_count(NULL);
    char names[128];

    for (int k = 0; k < n; k++)
        applies |= (unsigned)(model_table[k]->applies(s) != 0) << k;
    for (int i = 0; i < NOPTIONS; i++) {
        const struct opt *o = &options[i];
        int k = o->model ? model_find(NULL, o->model) : -1;
        if (!pa->given[i] || k < 0)
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
            fprintf(stderr,
                    "rho: %s: --%s is for the %s, which -m %s leaves "
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
                used +=
                    snprintf(names + used, sizeof names - (size_t)used, "%s%s",
                             used ? ", " : "", model_table[k]->name);
        if (a->models == NULL && s->models != 0) { /* the script's */
            char asked[128];
            asked[0] = '\0';
            for (int k = 0, used = 0; k < n; k++)
                if (s->models >> k & 1)
                    used += snprintf(asked + used, sizeof asked - (size_t)used,
                                     "%s\"%s\"", used ? ", " : "",
                                     model_table[k]->name);
            fprintf(stderr,
                    "rho: %s: models = { %s }: no such model for this "
                    "scenario (it has: %s)\n",
                    a->file, asked, names);
        } else
            fprintf(stderr,
                    "rho: %s: -m %s: no such model for this scenario (it "
                    "has: %s)\n",
                    a->file, a->models ? a->models : "", names);
        return 2;
    }
    {
        /* the link model on a network too large for the time budget is
           refused before it starts, not left to run for days */
        int link = model_find(NULL, "link");
        if (link >= 0 && (a->run >> link & 1) && a->dump_w == 0)
            return cli_net_budget(a, s);
    }
    return 0;
}

static int
rho_main(int argc, char **argv)
{
    struct args pa;
    struct cli_args *a = &pa.c;
    struct rho_err err;
    struct scenario *s;
    struct strbuf log, read;
    int rc = -1, ended;

    /* tests/fault/run.sh: fail the Nth C allocation (rho_alloc.h) */
    if (getenv("RHO_FAIL_ALLOC") != NULL)
        rho_alloc_fail_at(atol(getenv("RHO_FAIL_ALLOC")));
    memset(&pa, 0, sizeof pa);
    a->export_fmt = -1;
    sweep_init(&a->sweep);
    sweep_init(&a->compare);
    a->fmt = REPORT_TEXT;
    net_opts_init(&a->net);
    if ((rc = parse_args(argc, argv, &pa)) != 0 ||
        (rc = conflicts(&pa)) != 0) {
        sweep_fini(&a->sweep);
        sweep_fini(&a->compare);
        if (rc == -1) {
            print_exit(pa.print_exit);
            rc = 0;
        }
        return rc;
    }
    net_opts_set_defaults(&a->net); /* --engine, --max-memory */
    for (int k = 0; modes[k] != NULL; k++)
        if (modes[k]->before_load && modes[k]->when(a)) {
            sweep_fini(&a->sweep);
            sweep_fini(&a->compare);
            return modes[k]->run(a, NULL);
        }
    if ((rc = cli_lesson_resolve(a)) != 0) {
        sweep_fini(&a->sweep);
        sweep_fini(&a->compare);
        cli_lesson_fini(a);
        return rc;
    }
    if (a->file == NULL)
        a->file = default_scenario();
    if (strcmp(a->file, "-") == 0) { /* read once: sweeps run the text */
        a->file = LX_STDIN_NAME;
        a->lx.from_stdin = 1;
    }
    strbuf_init(&log);
    strbuf_init(&read);
    a->lx.log = &log;
    a->lx.params = a->nparams ? a->params : NULL;
    a->lx.params_read = &read;
    {
        /* the explorer loads its script beside its screen, which answers
           keys while a slow script runs (cli_tui_load()); else, and
           without a terminal, here */
        const struct cli_mode *first = NULL;
        for (int k = 0; modes[k] != NULL && first == NULL; k++)
            if (!modes[k]->before_load &&
                (modes[k]->when == NULL || modes[k]->when(a)))
                first = modes[k];
        rc = -1;
        s = first == &cli_tui_mode ? cli_tui_load(a, &err, &rc) : NULL;
        if (s == NULL && rc < 0)
            s = lx_run_file(a->file, &a->lx, &err);
    }
    a->lx.log = NULL;
    a->lx.params_read = NULL;
    a->params_read = &read;
    if (log.len > 0)
        fputs(strbuf_str(&log), stderr);
    strbuf_fini(&log);
    ended = s == NULL && rc >= 0;
    /* rho-mpi: a rank that could not load stops every rank (the lowest
       says why), and every rank must have loaded the same scenario */
    if (!ended && cli_mpi_agree(s == NULL, &err) != 0) {
        scenario_free(s);
        s = NULL;
    }
    if (ended) {
        /* the explorer ended during its load: a key, a signal, or an
           error it said */
    } else if (s == NULL) {
        fprintf(stderr, "rho: %s\n", err.msg);
        rc = cli_exit_code(&err);
    } else if ((rc = cli_mpi_same_scenario(s, a->file)) == 0 &&
               (rc = cli_params_check(a)) == 0 &&
               (rc = select_models(&pa, s)) == 0) {
        rc = -1;
        for (int k = 0; modes[k] != NULL && rc < 0; k++)
            if (!modes[k]->before_load &&
                (modes[k]->when == NULL || modes[k]->when(a)))
                rc = modes[k]->run(a, &s); /* -1: declined */
    }
    scenario_free(s);
    strbuf_fini(&read);
    sweep_fini(&a->sweep);
    sweep_fini(&a->compare);
    cli_lesson_fini(a);
    return rc;
}

int
main(int argc, char **argv)
{
    int rc;

#ifdef M_MMAP_THRESHOLD
    /* Big arrays (a link model's per-link sums: 22 MB each on the
       thesis's dragonfly) always come fresh from the system, zeroed by
       the pages' first touch, never from a heap that calloc() must clear
       first: so a run starts, and is cancelled, in a millisecond (glibc
       would otherwise raise the threshold after the first free). */
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
#endif
    rc = cli_mpi_init(&argc, &argv);

    if (rc == 0)
        rc = rho_main(argc, argv);
    /* whatever a mode printed: a full disk must not pass for success
       (stdio may hold all of a short output until now) */
    if ((fflush(stdout) != 0 || ferror(stdout)) && rc == 0) {
        fprintf(stderr, "rho: cannot write the output\n");
        rc = 2;
    }
    cli_mpi_fini();
    return rc;
}
