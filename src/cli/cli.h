/*
 * cli: the modes of the command line, a family in tmux's manner. main.c
 * parses the options (its table also prints --help) into a struct
 * cli_args, loads the scenario, chooses the models, and runs the first
 * mode of its table that applies; each mode is one file that exports
 * its struct cli_mode -- batch.c, dump.c, search.c, sweep.c, tui.c,
 * machine.c (--import, --matrix) --
 * and cli.c has what they share (exit status, the progress bar, threads).
 *
 * MPI. Everything MPI is in mpi.c, compiled by mpicc into rho-mpi only;
 * rho links mpi_stub.c (one rank) instead, so every other file, main.c
 * included, is compiled once for both programs. The ranks of rho-mpi
 * split a --search or --sweep and rank 0 prints what rho prints on one
 * machine; rho-mpi has no interactive mode.
 *
 * Like main.c, the files here may include every layer (but never curses,
 * Lua or YAML headers directly: make layers).
 */
#ifndef RHO_CLI_CLI_H
#define RHO_CLI_CLI_H

#include <stdio.h>

#include "core/base/rho_err.h"
#include "core/base/strbuf.h"
#include "core/scenario.h"
#include "core/search.h"
#include "core/sweep.h"
#include "report/report.h"
#include "script/lx.h"
#include "view/canvas.h"
#include "view/ui.h"

#define CLI_MAX_PARAMS 64

/* The command line, parsed (main.c). */
struct cli_args {
    int batch, steps, timeline, search, quiet, explain, stepper, ascii;
    int links, messages, metrics, matrix, plot;
    const char *import;            /* --import KIND, or NULL */
    int dump_w, dump_h, dump_view; /* --dump's, or --export's geometry;
                                      dump_view -1: all */
    int dump_views[VIEW_MAX], ndump; /* --dump's views, in order */
    int dump_all;                    /* --dump WxH:all */
    int dump_list; /* several views asked (all, or a list): each is
                      preceded by a line naming it */
    int export_fmt;                /* enum export_fmt; -1: no --export */
    int export_depth;              /* its ANSI colour depth */
    const char *frame;             /* --frame: a stepper frame, or NULL */
    const char *frames;            /* --frames PREFIX, or NULL */
    int lesson;                    /* --lesson N; 0: not given */
    int handout, answers;          /* --handout, --answers */
    const char *answer;            /* --answer VALUE, or NULL */
    char **lessons;                /* the lesson sequence (a folder's *.lua,
                                      sorted), owned; NULL: none */
    int nlessons, lesson_index;    /* and which of them file is */
    int no_color, no_mouse, readonly;
    int no_ahead; /* --no-ahead */
    const char *theme;
    double at;
    int has_at;
    long long sample, seed;
    int threads; /* -j; 0: not given */
    double max_memory; /* --max-memory in bytes; 0: cli_max_memory()'s */
    double max_time;   /* --max-time in seconds; 0: no limit */
    const char *curve;
    struct sweep sweep;
    struct sweep compare; /* --compare NAME=VALUES: one axis */
    enum report_fmt fmt;
    const char *file;
    const char *params[CLI_MAX_PARAMS];
    int nparams;
    struct lx_opts lx;
    const char *models;               /* -m as given, or NULL */
    unsigned run;                     /* the models to run: bits of
                                         model_table (main.c chooses) */
    const struct strbuf *params_read; /* the names the script passed to
                                         rho.param(), one per line */
    struct net_opts net; /* --engine, --max-memory (net_opts_set_defaults()) */
};

/*
 * A mode: when it applies to the command line (NULL: always), and how it
 * runs on the scenario *s (the mode may take it: *s is then NULL).
 * run returns the exit status, or -1 to decline (the interactive mode
 * without a terminal): the next mode that applies runs instead. A mode
 * before_load runs instead of loading a scenario (s is NULL).
 */
struct cli_mode {
    const char *name;
    int (*when)(const struct cli_args *a);
    int (*run)(struct cli_args *a, struct scenario **s);
    int before_load;
    const char *text_only; /* the mode prints no CSV or YAML: what it
                              prints ("--dump prints a screen, as text"),
                              for the refusal of -f csv|yaml; NULL: it
                              prints every format */
};

extern const struct cli_mode cli_batch_mode;   /* batch.c */
extern const struct cli_mode cli_compare_mode; /* compare.c */
extern const struct cli_mode cli_dump_mode;    /* dump.c */
extern const struct cli_mode cli_export_mode;  /* export.c */
extern const struct cli_mode cli_handout_mode; /* lesson.c: --handout,
                                                  --answer */
extern const struct cli_mode cli_import_mode;  /* machine.c: --import */
extern const struct cli_mode cli_matrix_mode;  /* machine.c: --matrix */
extern const struct cli_mode cli_search_mode;  /* search.c */
extern const struct cli_mode cli_sweep_mode;   /* sweep.c */
extern const struct cli_mode cli_tui_mode;     /* tui.c */

/*
 * tui.c: the interactive mode's first load of a->file, with a->lx, beside
 * the explorer's screen (app_load()): keys answer while the script runs.
 * Returns the scenario (caller owns it; the terminal is restored until
 * the mode runs); or NULL with *rc -1 when the mode would not run on this
 * terminal (not a tty: load it as the other modes do), or NULL with *rc
 * the exit status when rho ends now (q: 0; a signal: 128 + n; the
 * script's error or the terminal's: said on stderr, 2 or 3).
 */
struct scenario *cli_tui_load(struct cli_args *a, struct rho_err *err, int *rc);

/* ---- shared (cli.c) ---- */

/* session_wait() that stops at the first model (table order) that
   fails: -1 with its error, and the models after it are not run (their
   output would not be printed: on the supernode machine under AI the
   link model refuses at once, and the queueing model would take most of
   a minute). */
int cli_wait(struct session *ss, struct rho_err *err);

/* The exit status for err: 1 starved, 3 a budget ran out, else 2. */
int cli_exit_code(const struct rho_err *err);

/* Threads for a run: -j, else one per online CPU. */
int cli_threads(const struct cli_args *a);

/* The memory a computation may take (bytes): --max-memory, else
   CLI_MEMORY_SHARE of the machine's physical memory (4 GiB if unknown). */
double cli_max_memory(const struct cli_args *a);
#define CLI_MEMORY_SHARE 0.5

/* Whether the script passed name to rho.param() (a->params_read). */
int cli_param_read(const struct cli_args *a, const char *name);

/* Each -p NAME=VALUE names a rho.param the script read: 0, or 2 after
   saying on stderr which does not, and which names the script reads. */
int cli_params_check(const struct cli_args *a);

/* The wall time estimated work may take without --max-time (seconds). */
#define CLI_MAX_TIME 3600.0

/* Messages a second the link model routes, for its estimate: measured
   2.8 million a second (df-40 all-to-all, 235,914,240 messages in 83 s
   with SD on two cores while other builds ran), rounded down. */
#define CLI_NET_RATE 2e6

/*
 * Before the link model runs on s: its messages estimated from a sample of
 * each job's pattern, and the time they would take at CLI_NET_RATE. Past
 * --max-time (else CLI_MAX_TIME) prints what it would take and how to
 * allow it and returns 3; else 0.
 */
int cli_net_budget(const struct cli_args *a, const struct scenario *s);

/* The progress bar: on stderr, redrawn in place. */
struct cli_progress {
    double t0;
    int drawn;
    char phase[16]; /* cli_progress_phase(): the phase drawn, since t0 */
};

/* Set up p; 1 when a bar should be drawn (stderr is a terminal, no -q,
   MPI rank 0). */
int cli_progress_init(struct cli_progress *p, const struct cli_args *a);

/* A progress callback (search.h's): draws done of total on p (ctx). */
int cli_progress_draw(void *ctx, long long done, long long total);

/* The bar for a run that reports a phase and the fraction of it done
   (a model run in the background): the time left is the phase's. frac
   >= 1 or a NULL phase clears the bar. */
void cli_progress_phase(struct cli_progress *p, const char *phase,
                        double frac);

/* ---- lessons (lesson.c) ---- */

/*
 * The *.lua files of folder dir, sorted by name, into *paths (caller owns
 * the array and its strings: free each, then it). Returns how many, or -1
 * when the folder cannot be read (*paths NULL).
 */
int cli_lessons_list(const char *dir, char ***paths);

/*
 * Make a->file the lesson to open: with --lesson N or a folder as the
 * scenario, the folder's (or scenarios/lessons', here or installed) N-th
 * lesson (the first without --lesson), keeping the sequence in
 * a->lessons. Nothing changes for a scenario file. Returns 0, or 2 after
 * saying why on stderr (no such lesson, no lessons in the folder).
 * Release with cli_lesson_fini().
 */
int cli_lesson_resolve(struct cli_args *a);
void cli_lesson_fini(struct cli_args *a);

/* ---- the interactive screen without a terminal (dump.c, export.c) ---- */

struct cli_screen {
    struct session *ss;
    struct ui u;
};

/*
 * A session on a copy of s with every model's result (cli_wait()),
 * and a ui showing a->dump_view with --explain, --at and --frame applied:
 * what the terminal would show. Returns 0 (release with
 * cli_screen_close()), or the exit status after saying why on stderr
 * (nothing to release).
 */
int cli_screen_open(struct cli_screen *cs, const struct cli_args *a,
                    const struct scenario *s);

/* The screen into c (its size is the screen's). */
void cli_screen_draw(struct cli_screen *cs, struct canvas *c);

/* The frames of the view shown (view_entry.frames: the stepper frames of
   the time step shown), 0 when it has none; show frame f (0-based): 0,
   or -1 when there is no such frame. */
int cli_screen_frames(struct cli_screen *cs);
int cli_screen_frame(struct cli_screen *cs, int f);

void cli_screen_close(struct cli_screen *cs);

/* ---- MPI (mpi.c in rho-mpi; mpi_stub.c: one rank) ---- */

/* Start MPI; ranks other than 0 lose their stdout and stderr. Returns 0,
   or 70 when that failed. */
int cli_mpi_init(int *argc, char ***argv);
void cli_mpi_fini(void);

/* This process's rank and the number of ranks (0 and 1 without MPI). */
int cli_mpi_rank(void);
int cli_mpi_size(void);

/* 1 in rho-mpi (a batch driver: no interactive mode), 0 in rho. */
int cli_mpi_driver(void);

/*
 * A search split over the ranks: each searches its range of the schedules
 * (or of the sample) and rank 0 merges them as if it had run them all
 * (one rank: search_run()). Returns 0 (rank 0's res holds the whole
 * result; the others' a part to free), or -1 with err on every rank.
 */
int cli_mpi_search(const struct scenario *s, struct search_opts *o,
                   struct search_result *res, struct rho_err *err);

/*
 * After every rank loaded the scenario s (from file, on rank 0): 0 when
 * they all loaded the same (its text, as s would save it, hashed),
 * else 2 on every rank after rank 0 said which rank did not (an MPMD
 * launch of other files, a file that differs between machines).
 */
int cli_mpi_same_scenario(const struct scenario *s, const char *file);

/*
 * Every rank learns whether some rank failed (rc != 0 there, with err):
 * the lowest that did gives its err to every rank, with "rank N: " in
 * front when N is not 0, so that rank 0 prints it and every rank exits
 * with its status. Every rank must call it at the same point. Returns 0
 * (err untouched), or -1 with that err on every rank.
 */
int cli_mpi_agree(int rc, struct rho_err *err);

/*
 * The link model split over the ranks (batch): set o's distributed solve
 * (nranks, rank, reduce and gather hooks) when there is more than one
 * rank; then every rank emits and solves its share of the messages, and
 * rank 0's result is one process's (net_model.h). No-op with one rank.
 */
void cli_mpi_link_opts(struct net_opts *o);

/*
 * A sweep split over the ranks: each computed its points into *data (n
 * points of width numbers; zeros elsewhere) with status rc and err. Rank
 * 0 receives the sum in *data (the old array is freed) and the lowest
 * failing rank's err; returns the exit status (rc with one rank).
 */
int cli_mpi_sweep_merge(double **data, long n, int width, int rc,
                        struct rho_err *err);

#endif
