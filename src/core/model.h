/*
 * model: the interface every model offers, and the table of the models --
 * in the spirit of tmux's cmd_entry table. A model is one entry of data
 * and function pointers: its name (what -m takes), whether it applies to a
 * scenario, how to run it on a copy of the scenario (on the calling thread
 * or a job thread, with progress and cancel), how to free its result, an
 * explanation of one item of a result, the names of its views, and its
 * columns in a parameter sweep.
 *
 * The session (session.h) runs every model of its table that applies to
 * its scenario and hands the results to every front end (the TUI, batch,
 * --dump, sweeps, MPI) the same way; nothing but a model's own files (its
 * adapter core/model_NAME.{c,h}, its report printer, its views) knows
 * which models there are. To add a model: write core/model_NAME.{c,h}
 * (the entry, the run, the typed accessors), add one line to model_table[]
 * in model.c, and one line to the printer table in report/report.c; its
 * views are bound by name in the view layer (README, "Architecture").
 *
 * A run owns the copy of the scenario it is given and everything it makes;
 * a result is immutable once run() returned, except for what a model's
 * own header says its views may change (the PCIe sim evaluates a chosen
 * time step in place).
 */
#ifndef RHO_CORE_MODEL_H
#define RHO_CORE_MODEL_H

#include "core/base/job.h"
#include "core/base/rho_err.h"
#include "core/base/strbuf.h"
#include "core/scenario.h"

#define MODEL_MAX 8 /* entries in a model table, at most */

/* What a run keeps besides the numbers its sweep columns need (bits). */
enum {
    MODEL_KEEP_VIEWS = 1, /* what the views and the batch report show (the
                             link model: bytes per job, the adaptive
                             solve's rounds) */
    MODEL_KEEP_ITEMS = 2  /* every item a report may list one by one (the
                             link model: each message, for --messages) */
};

/* How a run is run. */
struct model_ctx {
    int threads;     /* threads it may use; < 1 is taken as 1 */
    struct job *job; /* receives the progress and says when to stop
                        (job_cancelled); NULL: run to the end */
    unsigned keep;   /* MODEL_KEEP_* bits */
    double max_bytes; /* > 0: a run that would keep more (by the model's
                         own plan) is refused, RHO_ELIMIT, if the model
                         plans; else its own limit */
};

/* How a sweep column's numbers are written as text (CSV and YAML carry
   every number in full, %.17g). */
enum model_col_kind {
    MODEL_COL_TIME,  /* seconds: units_fmt_time */
    MODEL_COL_BYTES, /* bytes: units_fmt_size */
    MODEL_COL_RATE,  /* bytes per second: units_fmt_rate */
    MODEL_COL_NUMBER /* %.4g */
};

/* A flag of model_col.kind: a text sweep whose last axis is numeric also
   draws the column against it, one series per value of the other axes. */
#define MODEL_COL_PLOT 0x100
#define MODEL_COL_KIND(kind) ((kind)&0xff)

/* One column of a model in a sweep table. */
struct model_col {
    const char *head; /* the text table's header: "makespan" */
    const char *name; /* the CSV and YAML name, with its unit:
                         "makespan_s" */
    int kind;         /* enum model_col_kind, or'ed with MODEL_COL_PLOT */
};

struct model_entry {
    const char *name;  /* "pcie", "link": -m NAME, the report table */
    const char *title; /* "PCIe model": headings and messages */
    const char *views; /* its views' names in tab order, separated by
                          spaces ("tree flows ..."): core cannot see the
                          view layer, which binds the names to code */
    int background;    /* 0: cheap, run at every edit on the calling
                          thread; 1: run on a job thread, the last result
                          stays on screen meanwhile */

    /* Does the model run on s? (A PCIe tree, a network part.) */
    int (*applies)(const struct scenario *s);

    /*
     * Run the model on s, which the run takes (it is freed with the
     * result, or on failure). Returns the result (the caller owns it:
     * result_free()) or NULL with err filled (RHO_ECANCEL when ctx->job
     * was cancelled). Thread-safe: runs may go on in parallel on
     * different scenarios.
     */
    void *(*run)(struct scenario *s, const struct model_ctx *ctx,
                 struct rho_err *err);

    /* Free a result of run(). NULL is a no-op. */
    void (*result_free)(void *res);

    /*
     * Where a run on job j is: its phase ("start" before the first
     * report) and, in *frac, the fraction of the phase done. Safe from
     * another thread. NULL for a model without phases (the job's
     * fraction is then shown).
     */
    const char *(*phase)(const struct job *j, double *frac);

    /*
     * Why item (a flow, a link: the model says) of res has its number at
     * time t (models without time ignore it; NaN: the model's default
     * moment), as lines of text appended to out. Returns 0, or -1 with
     * err filled (no such item). May change what the model's header says
     * its views may change; not thread-safe on one result. NULL: the
     * model explains nothing.
     */
    int (*explain)(void *res, int item, double t, struct strbuf *out,
                   struct rho_err *err);

    /* Its columns in a sweep, and how to fill them from a result: out
       receives ncols numbers; returns 0, or 1 when the run failed in the
       model's own way (then its columns are not shown: failed_word and
       "-" instead). */
    const struct model_col *cols;
    int ncols;
    const char *failed_word; /* "starved", with a status column; NULL:
                                none, and a run with nothing to model
                                (the queueing model's, when no message
                                crosses a link) reads "-" */
    int (*sweep)(const void *res, double *out);

    /* Shrink res, which the session now keeps one generation back
       (session_opts.prev) only to compare the next result with, to what
       a comparison needs (the link model: its bytes per link and its
       scenario, not its messages). NULL: kept whole. */
    void (*retire)(void *res);

    /* res leaves the screen for another state of the scenario, and the
       session remembers it whole, to show it again at once should that
       state come back (an undo, R round to the same routing): stop what
       it computes in the background and return about how many bytes it
       holds. NULL: the model's results are not remembered (a cheap
       model's, or one with a cache of its own). */
    size_t (*shelve)(void *res);

    /* The scenario's fields (scenario_lua_fields()) its runs never read,
       NULL-terminated: the state a result is remembered by leaves them
       out, so that an edit of them alone keeps the result on screen
       (the link model: the queueing model's options). NULL: none. */
    const char *const *unread;
};

/* The models, in the order their reports, views and sweep columns come;
   NULL-terminated. One line per model (model.c). */
extern const struct model_entry *const model_table[];

/* The number of entries of table (NULL: model_table). */
int model_count(const struct model_entry *const *table);

/* The index in table (NULL: model_table) of the model called name, or -1. */
int model_find(const struct model_entry *const *table, const char *name);

/*
 * Parse a comma-separated list of model names ("pcie,link") against table
 * (NULL: model_table) into *mask (bit k: entry k). Returns 0, or -1 with
 * err filled ("unknown model 'x' (the models are pcie, link)", an empty
 * list).
 */
int model_parse_list(const struct model_entry *const *table, const char *list,
                     unsigned *mask, struct rho_err *err);

/* The models of table (NULL: model_table) as "pcie, link" into buf. */
char *model_names(const struct model_entry *const *table, char *buf, int n);

/*
 * The numbers of a sweep point: every entry of table (NULL: model_table)
 * gets its ncols columns and one more (nonzero: the run failed, see
 * sweep()), in table order. Writes entry k's first column's index to
 * off[k] (off may be NULL; room for MODEL_MAX) and returns the numbers per
 * point.
 */
int model_sweep_layout(const struct model_entry *const *table, int *off);

#endif
