/*
 * command: the ':' command line of the interactive program, as a pure
 * function on a session, so every edit a person can type is testable
 * without a terminal. Commands:
 *
 *   tau X                      the root-complex penalty
 *   bandwidth RATE  (bw)       e.g. "bandwidth 10 GiB/s"
 *   size N SIZE                flow N's size ("size 3 1 MiB")
 *   start N TIME               flow N's start
 *   src N DEVICE, dst N DEVICE flow N's ends
 *   add SRC DST SIZE [TIME]    a new flow
 *   del N                      delete flow N
 *   move RANK DEVICE           place a rank on another device
 *   routing R, placement P, seed N, paths minimal|all   the link model's
 *   load X|RATE, slim X, split NAME, delay MODE, budget RATE|0
 *                              the queueing model's options
 *   undo, redo
 *
 * Other words (save, reload, theme, quit, search) are the caller's: the
 * result says which. Flow numbers count from 1, as everywhere in rho.
 */
#ifndef RHO_VIEW_COMMAND_H
#define RHO_VIEW_COMMAND_H

#include "core/base/rho_err.h"
#include "core/session.h"

enum command_kind {
    CMD_EDIT,   /* the session was changed */
    CMD_NOTHING,/* an empty line */
    CMD_SAVE,   /* the caller saves (arg: a path, or "") */
    CMD_RELOAD,
    CMD_THEME,  /* arg: a theme name or path, or "" for the next */
    CMD_QUIT,
    CMD_SEARCH
};

struct command_result {
    int kind;       /* enum command_kind */
    char arg[1024]; /* the rest of the line, for the caller's commands */
    char msg[256];  /* what happened, for the status line */
    int warn;       /* msg warns (SI on a scenario where it takes long) */
    int cycle;      /* a routing or a placement edit (R, P and their
                       commands): enum command_cycle, else 0 */
};

/* What R and P cycle through (what the explorer looks ahead to). */
enum command_cycle { CMD_CYCLE_ROUTING = 1, CMD_CYCLE_PLACEMENT };

/*
 * Run one command line on ss. Returns 0 with res filled, or -1 with err
 * filled (unknown command, bad argument, refused edit) and ss unchanged.
 */
int command_run(struct session *ss, const char *line,
                struct command_result *res, struct rho_err *err);

/* The routing ":routing next" (R) goes to from routing (enum
   net_routing): the next in the enum's order, round to the first. */
int command_next_routing(int routing);

/* The placement ":placement next" (P) goes to from the scenario's (a
   network scenario): the one after it in the network's list (linear,
   random, RDN, RDR, ...), round to the first; the first when the
   scenario's is not in the list. Into out (n bytes). */
void command_next_placement(const struct scenario *s, char *out, size_t n);
/* The same from placement desc (the scenario's network's list). */
void command_placement_after(const struct scenario *s, const char *desc,
                             char *out, size_t n);

/* The names of the commands (command_run() knows each; command_docs
   lists each): NULL-terminated. */
extern const char *const command_names[];

/* The commands as the help screen and rho(1) list them (keys_help(),
   keys_man()): how each is written and what it does; ends with
   {NULL, NULL}. */
struct command_doc {
    const char *use;
    const char *what;
};
extern const struct command_doc command_docs[];

#endif
