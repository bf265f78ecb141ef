/*
 * lx_int: what the files of script/ share among themselves (not part of
 * the interface to the rest of rho, which is lx.h).
 */
#ifndef RHO_SCRIPT_LX_INT_H
#define RHO_SCRIPT_LX_INT_H

#include <lua.h>
#include <stddef.h>

#include "core/scenario.h"
#include "core/base/units.h"
#include "script/lx.h"

#define LX_SCENARIO "rho.scenario"
#define LX_RNG "rho.rng"
#define LX_NET "rho.net"
#define LX_SPEC "rho.spec" /* specs being read (lx_net.c) */
#define LX_RUBIK "rho.rubik"

/* Why a script was stopped (lx_ctx.stopped). */
enum lx_stop { LX_STOP_NONE, LX_STOP_INSN, LX_STOP_MEM, LX_STOP_TIME };

/* The wall-time message, with the budget in seconds (%g). */
#define LX_TIME_MESSAGE                                                        \
    "script stopped after %g s (wall-time budget; --lua-time to allow more)"

/* print() output kept per run; what passes it is dropped with a note. */
#define LX_LOG_MAX (1 << 20)

/* The largest script file read (bytes). */
#define LX_MAX_SCRIPT (64 << 20)

/* The run context, kept in the registry under &lx_ctx_key. */
struct lx_ctx {
    const char *path;     /* chunk name without '@' */
    const char *dir_of;   /* lx_opts.dir_of, or NULL */
    long long budget;     /* instructions left, in hook units */
    long long used;       /* hook units used */
    int hook_every;       /* instructions per hook call */
    size_t mem, max_mem;  /* bytes in use, budget */
    int mem_over;         /* the soft memory budget was passed */
    double deadline;      /* rho_wall() past which the hook stops it */
    double max_seconds;   /* the wall-time budget, for messages */
    int stopped;          /* enum lx_stop: the first budget that ran out;
                             from then on the script cannot go on */
    long long stop_used;  /* used when it stopped */
    long nalloc, fail_at; /* fault injection */
    struct strbuf *log;
    size_t log_len; /* bytes of print() output kept */
    int log_cut;    /* print() output passed LX_LOG_MAX */
    const char *const *params;
    struct strbuf *params_read;
    const char *text; /* the user's chunk, len bytes (lx_src.c reads it) */
    size_t len;
    int at_line; /* while rho.scenario reads its table: the line of what
                    it reads (0: the call's); see lx_at() */
    int last_line; /* the script's line at the hook's last call (0:
                      none yet) */
    int refused; /* a builder refused a budget (RHO_ELIMIT): a script that
                    fails after it fails with that code (exit 3) */
};

extern const char lx_ctx_key;

/* The run context of L. */
struct lx_ctx *lx_ctx(lua_State *L);

/*
 * Push "file:line:" of the innermost frame that runs the user's script
 * (not rho's library), or "" when there is none.
 */
void lx_push_where(lua_State *L);

/* Raise an error "file:line: message" at the user's innermost frame. */
int lx_error(lua_State *L, const char *fmt, ...);

/* The line of the user's innermost frame, or 0. */
int lx_user_line(lua_State *L);

/*
 * A string the reports print as the script gave it (a title, a name, a
 * label; text: a lesson's or a description, where newline and tab are
 * allowed): 0 when it holds no control character, else the position
 * (from 1) of the first, with its byte in *byte. A terminal would obey
 * it: ESC [2J clears the screen.
 */
int lx_control(const char *s, int text, int *byte);

/*
 * Where the table given to rho.scenario was written (lx_src.c). Call
 * lx_src_begin() first, with the table at t: it pairs the tables the
 * script made with the constructors in its text that made them, and
 * returns the line of the call (0 if unknown). Then lx_src_field() is the
 * line of field name of the table at idx, lx_src_item() of its k-th list
 * item, lx_src_table() of its '{' -- each 0 when that table was not made
 * by a constructor written in the call.
 *
 * lx_at(line): the errors lx_error() raises while rho.scenario runs name
 * this line (0: the call's line). lx_at_field() and lx_at_item() set it to
 * a field's or an item's line when that is known, else leave it.
 */
int lx_src_begin(lua_State *L, int t);
int lx_src_field(lua_State *L, int idx, const char *name);
int lx_src_item(lua_State *L, int idx, int k);
int lx_src_table(lua_State *L, int idx);
void lx_at(lua_State *L, int line);
void lx_at_field(lua_State *L, int idx, const char *name);
void lx_at_item(lua_State *L, int idx, int k);

/*
 * Charge work units of work done in C (an element moved, a byte copied)
 * to the instruction budget before doing it; raises the budget's message
 * when it does not fit (or a budget already ran out).
 */
void lx_charge(lua_State *L, struct lx_ctx *c, double work);

/* Record that the script read rho.param(name): once per name, counted
   against the memory budget. */
void lx_param_read(lua_State *L, const char *name);

/*
 * Run a script held in memory (len bytes, need not be NUL-terminated) in
 * this process: lx_run_string() without the child process. name is the
 * chunk's file name in messages. Returns the scenario (caller owns it; its
 * path is not set) or NULL with err filled. Budgets as in lx_opts; the
 * wall-time budget is enforced by the instruction hook only, so C code
 * that never returns to Lua is not stopped.
 */
struct scenario *lx_run_text(const char *name, const char *text, size_t len,
                             const struct lx_opts *o, struct rho_err *err);

/*
 * Read the script at path into sb (appended): at most LX_MAX_SCRIPT bytes
 * (RHO_ELIMIT past it), a leading "#!" line blanked out. Returns 0, or -1
 * with err filled (RHO_EIO: cannot open or read).
 */
int lx_read_script(const char *path, struct strbuf *sb, struct rho_err *err);

/* The same for standard input (to its end), named name in messages. */
int lx_read_stdin(const char *name, struct strbuf *sb, struct rho_err *err);

/* The wall-time budget of o in seconds (the default when unset). */
double lx_seconds(const struct lx_opts *o);

/* Open the rho module's C functions into the table at the top of L. */
void lx_open_rho(lua_State *L);

/* rho.scenario: a table in, a scenario userdata out. */
int lx_l_scenario(lua_State *L);

/* Register the metatables of the scenario and rng userdata. */
void lx_register_types(lua_State *L);

/*
 * The scenario held by the userdata at idx, taken out of it (the userdata
 * is emptied). NULL if idx is not a scenario userdata.
 */
struct scenario *lx_take_scenario(lua_State *L, int idx);

/*
 * Refuse keys of the table at idx that are not in allowed (a NULL-ended
 * list; integer keys are accepted if ints_ok), suggesting the nearest
 * allowed name. what names the table in the message.
 */
void lx_check_keys(lua_State *L, int idx, const char *const *allowed,
                   int ints_ok, const char *what);

/*
 * lx_control() for the string at idx, every byte of it (lua_tolstring's
 * length: a NUL byte counts as a control character, where strlen() would
 * cut the string there). The value at idx must be a string.
 */
int lx_control_at(lua_State *L, int idx, int text, int *byte);

/*
 * The length of the list at idx (a table): its keys must be the integers
 * 1 to n. Raises "what: ..." (at the line lx_at() set) on another key
 * (hint, when not NULL, follows the message in parentheses) or on a hole.
 */
lua_Integer lx_list_len(lua_State *L, int idx, const char *what,
                        const char *hint);

/*
 * What a builder made, when the value at idx is a table one made (its
 * _rho tag): "a traffic pattern (rho.pattern.alltoall)", "a topology node
 * ('K0')", ... into buf; NULL when it is not one.
 */
const char *lx_made_by(lua_State *L, int idx, char *buf, size_t n);

/*
 * An integer at idx: an integer, or a float with an integral value (as
 * lua_tointegerx takes it). Returns 1 and *out, or 0 (and *out = 0).
 */
int lx_integer(lua_State *L, int idx, lua_Integer *out);

/*
 * The length of the flows list at idx, refusing what is not one: another
 * type, a table a builder made (a pattern, a node...; net: the scenario
 * is a network's), one flow not put in a list, a key that is not 1, 2,
 * ... or a hole. example is a flow list as the scenario writes one.
 */
lua_Integer lx_flow_list(lua_State *L, int idx, int net, const char *example);

/* Raise "file:line: message" at a given line of the user's file (or at the
   user's innermost frame when line is 0). */
__attribute__((format(printf, 3, 4))) int lx_error_at(lua_State *L, int line,
                                                      const char *fmt, ...);

/*
 * The field of table idx as a quantity of the given kind (a number, or a
 * string with a unit) into *out. Returns 1 if present, 0 if absent (*out
 * untouched); raises on a bad value.
 */
int lx_get_quantity(lua_State *L, int idx, const char *field,
                    enum unit_kind kind, double *out, const char *what);

/* rho.hwloc(path [, opts]): a real machine from hwloc XML (lx_hwloc.c),
   into the rho table at the top of L. */
void lx_open_hwloc(lua_State *L);

/* Network builders (rho.torus, rho.dragonfly, ...) and the net userdata's
   metatable, into the rho table at the top of L. */
void lx_open_net(lua_State *L);

/* The net held by a rho.net userdata at idx (and, if spec is not NULL,
   how it was built), or NULL if idx is not one. Borrowed. */
struct net *lx_test_net(lua_State *L, int idx,
                        const struct net_topo_spec **spec);

/* rho.rubik.box, rho.rubik.autobox and the box userdata's metatable, into
   the rho table at the top of L (lx_rubik.c). */
void lx_open_rubik(lua_State *L);

/* The box of a rho.rubik userdata at idx that is a whole box (not a
   partition of one), or NULL. Borrowed. */
struct rubik;
struct rubik *lx_test_rubik(lua_State *L, int idx);

/*
 * Read the link model's part of the rho.scenario table at t (routing,
 * paths, placement, traffic, jobs, flows) over net, built as spec says,
 * into s->net: every piece is read into a spec and made by the core
 * (net_scen.h). Raises on bad input, at the line of the description that
 * is wrong or of the rho.scenario call.
 */
void lx_read_link(lua_State *L, int t, struct scenario *s, struct net *net,
                  const struct net_topo_spec *spec);

/* Is the value at idx a rho.levels description (lua/queue.lua)? */
int lx_is_levels(lua_State *L, int idx);

/*
 * Read the rho.levels description at idx into s->queue's levels (the
 * queue part is made if need be). Raises on bad input at the line of the
 * rho.levels call.
 */
void lx_read_levels(lua_State *L, int idx, struct scenario *s);

/*
 * Read the `queue` options of the rho.scenario table at t into s->queue
 * (made if need be); nothing when absent. Needs s->net or given levels.
 * Raises on bad input.
 */
void lx_read_queue(lua_State *L, int t, struct scenario *s);

#endif
