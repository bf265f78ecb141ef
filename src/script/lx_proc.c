/*
 * lx_proc: running a script where it can be stopped -- in a child process
 * that is killed when the wall-time budget has passed. See lx.h.
 *
 * The instruction hook stops Lua code that runs too long, but not C code
 * that never returns to Lua (a string pattern backtracking in lstrlib, a
 * __gc finalizer, which runs with hooks off), nor a file that never ends.
 * So the script runs in a fork() of the caller. The child:
 *   - sets every signal to its default and unblocks them, leaves the
 *     caller's process group (a Ctrl-C on the terminal is for rho, which
 *     decides), asks to die with the thread that forked it (Linux), and
 *     sets alarm() and RLIMIT_CPU a little past the budget, in case the
 *     parent cannot kill it;
 *   - closes every descriptor but stdio and its pipe (another thread's
 *     child must not hold this pipe open);
 *   - limits its data segment to what it had plus the Lua budget plus
 *     LX_C_MEMORY, so that the C side of a scenario (a network of a
 *     billion routers) fails there, with a message, instead of taking the
 *     machine's memory;
 *   - reads the file, runs it with lx_run_text(), and writes records on
 *     the pipe: the print() log, the names rho.param() read, then the
 *     scenario as scenario_to_lua() writes it and the lines of its flows
 *     and jobs, or the error; then _exit(): no atexit handlers, none of the
 *     parent's stdio buffers flushed twice, no lua_close() (so no
 *     finalizer ever runs).
 * The parent reads the records with poll() until the child closes the
 * pipe, the deadline (budget + LX_KILL_MARGIN) passes or opts->stop asks,
 * kills the child if it must, reaps it, and loads the scenario text in its
 * own process (text rho wrote: data and builder calls, no user code).
 *
 * Fork safety: only the forking thread exists in the child, and locks
 * other threads held stay held. The child calls only malloc and friends
 * (which glibc makes safe after fork), string and number formatting, the
 * interpreter and rho's scenario builders (which take no lock rho's
 * threads share), read(), write() and _exit(). rho_fatal()'s hook (the
 * TUI's terminal restore) is replaced by one that reports the lack of
 * memory on the pipe.
 *
 * Cost per load: a fork (page tables are copied: a few tenths of a
 * millisecond for a small rho, more for one holding a large model), the
 * scenario written as Lua and loaded again here: about twice a load in
 * one process (tests/bench/bench_lx.c: scenarios/default.lua 1.6 ms
 * instead of 0.8; a network made from a spec is built twice). rho's Lua
 * library is loaded lazily (lx.c), which pays for part of it.
 */
#define _GNU_SOURCE /* close_range, pipe2 */
#include "script/lx.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "core/base/clock.h"
#include "core/base/rho_alloc.h"
#include "script/lx_int.h"

/* The child's C memory beyond what it had and the Lua budget (bytes). */
#define LX_C_MEMORY ((size_t)4 << 30)

/* Records on the pipe: a tag byte, a 64-bit length, the bytes. */
enum {
    REC_LOG = 'L',   /* print() output */
    REC_READ = 'R',  /* names rho.param() read */
    REC_SCEN = 'S',  /* the scenario as Lua */
    REC_LINES = 'N', /* int nflows, lines, int njobs, lines, int nnodes,
                        lines, int 1, the rho.scenario call's line, int
                        nsteps, the lesson steps' lines, int 1, the
                        queue table's line */
    REC_SRC = 'T',   /* the script's text as read (a file's) */
    REC_ERR = 'E',   /* int code, then the message */
    REC_DONE = 'D'   /* the child said everything */
};

/* ---- the child ---- */

static int child_fd = -1; /* the child's end of the pipe */

static void
write_all(int fd, const void *p, size_t n)
{
    const char *c = p;

    while (n > 0) {
        ssize_t k = write(fd, c, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            _exit(71); /* the parent is gone */
        c += k;
        n -= (size_t)k;
    }
}

static void
send_rec(int tag, const void *p, size_t n)
{
    unsigned char head[9];
    uint64_t len = n;

    head[0] = (unsigned char)tag;
    memcpy(head + 1, &len, sizeof len);
    write_all(child_fd, head, sizeof head);
    write_all(child_fd, p, n);
}

static void
send_err(const struct rho_err *err)
{
    char buf[sizeof(int) + sizeof err->msg];
    size_t n = strlen(err->msg);

    memcpy(buf, &err->code, sizeof(int));
    memcpy(buf + sizeof(int), err->msg, n);
    send_rec(REC_ERR, buf, sizeof(int) + n);
}

/* rho_fatal()'s hook in the child: xmalloc found no memory. */
static void
child_fatal(void)
{
    struct rho_err err = {RHO_ELIMIT, "-"};

    send_err(&err); /* "-": the parent writes the message */
    send_rec(REC_DONE, "", 0);
    _exit(70);
}

/* The child's data segment now, in bytes (0 if unknown). */
static size_t
data_size(void)
{
    char buf[4096], *p;
    ssize_t n;
    int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);

    if (fd < 0)
        return 0;
    n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return 0;
    buf[n] = '\0';
    if ((p = strstr(buf, "VmData:")) == NULL)
        return 0;
    return (size_t)strtoull(p + 7, NULL, 10) << 10;
}

static void
child_setup(int fd, const struct lx_opts *o, pid_t parent)
{
    struct sigaction sa;
    sigset_t none;
    struct rlimit rl;
    double secs = lx_seconds(o);
    size_t mem = (o && o->max_memory) ? o->max_memory : LX_DEFAULT_MEMORY,
           data = data_size();

    child_fd = fd;
    rho_set_fatal_hook(child_fatal);
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    for (int sig = 1; sig < NSIG; sig++)
        if (sig != SIGKILL && sig != SIGSTOP)
            sigaction(sig, &sa, NULL); /* fails harmlessly for some */
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    setpgid(0, 0);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    if (getppid() != parent) /* it died before prctl */
        _exit(71);
        /* descriptors: stdio and the pipe only */
#if defined(__linux__) && defined(CLOSE_RANGE_UNSHARE)
    if (fd > 3)
        close_range(3, (unsigned)fd - 1, 0);
    close_range((unsigned)fd + 1, ~0U, 0);
#else
    for (int k = 3; k < 1024; k++)
        if (k != fd)
            close(k);
#endif
    /* backstops: the parent kills us at the deadline already */
    alarm((unsigned)ceil(secs + LX_KILL_MARGIN) + 2);
    rl.rlim_cur = (rlim_t)ceil(secs) + 2;
    rl.rlim_max = rl.rlim_cur + 1;
    setrlimit(RLIMIT_CPU, &rl);
    if (data > 0 && getrlimit(RLIMIT_DATA, &rl) == 0 &&
        (rl.rlim_max == RLIM_INFINITY ||
         rl.rlim_max > data + mem + LX_C_MEMORY)) {
        rl.rlim_cur = data + mem + LX_C_MEMORY;
        setrlimit(RLIMIT_DATA, &rl);
    }
}

static _Noreturn void
child(int fd, pid_t parent, const char *name, const char *text, size_t len,
      const struct lx_opts *o)
{
    struct strbuf src, log, read, out;
    struct lx_opts co;
    struct rho_err err;
    struct scenario *s;

    child_setup(fd, o, parent);
    strbuf_init(&src);
    strbuf_init(&log);
    strbuf_init(&read);
    strbuf_init(&out);
    if (text == NULL) {
        if ((o && o->from_stdin ? lx_read_stdin(name, &src, &err)
                                : lx_read_script(name, &src, &err)) != 0) {
            send_err(&err);
            send_rec(REC_DONE, "", 0);
            _exit(0);
        }
        text = strbuf_str(&src);
        len = src.len;
        send_rec(REC_SRC, text, len);
    }
    memset(&co, 0, sizeof co);
    if (o != NULL)
        co = *o;
    co.in_process = 1;
    co.stop = NULL;
    co.log = co.log ? &log : NULL;
    co.params_read = co.params_read ? &read : NULL;
    s = lx_run_text(name, text, len, &co, &err);
    if (log.len > 0)
        send_rec(REC_LOG, log.s, log.len);
    if (read.len > 0)
        send_rec(REC_READ, read.s, read.len);
    if (s == NULL) {
        send_err(&err);
    } else {
        int njobs = s->net ? s->net->njobs : 0, n = 0,
            nnodes = s->pcie ? pcie_nodes(s->pcie) : 0,
            nsteps = s->lesson ? s->lesson->n : 0;
        int *lines = xcalloc((size_t)(s->nflows + njobs + nnodes + nsteps + 8),
                             sizeof *lines);
        scenario_to_lua(s, &out);
        send_rec(REC_SCEN, out.s, out.len);
        lines[n++] = s->nflows;
        for (int i = 0; i < s->nflows; i++)
            lines[n++] = s->flow[i].line;
        lines[n++] = njobs;
        for (int j = 0; j < njobs; j++)
            lines[n++] = s->net->job[j].line;
        lines[n++] = nnodes;
        for (int i = 0; i < nnodes; i++)
            lines[n++] = pcie_node(s->pcie, i)->line;
        lines[n++] = 1;
        lines[n++] = s->line;
        lines[n++] = nsteps;
        for (int i = 0; i < nsteps; i++)
            lines[n++] = s->lesson->step[i].line;
        lines[n++] = 1;
        lines[n++] = s->queue ? s->queue->line : 0;
        send_rec(REC_LINES, lines, (size_t)n * sizeof *lines);
    }
    send_rec(REC_DONE, "", 0);
    close(child_fd); /* the parent reads the end now, not after our exit */
    _exit(0);
}

/* ---- the parent ---- */

/* Why the parent stopped reading. */
enum { READ_DONE, READ_TIME, READ_STOP, READ_BIG, READ_FAIL };

/* Read everything the child writes into in, until it closes the pipe. */
static int
collect(int fd, const struct lx_opts *o, size_t cap, struct strbuf *in)
{
    double deadline = rho_wall() + lx_seconds(o) + LX_KILL_MARGIN;
    char buf[65536];

    for (;;) {
        double left = deadline - rho_wall();
        struct pollfd p = {fd, POLLIN, 0};
        int ms, r;
        ssize_t n;

        if (left <= 0)
            return READ_TIME;
        ms = (int)ceil(left * 1000);
        if (o && o->stop && ms > 20)
            ms = 20;
        r = poll(&p, 1, ms);
        if (o && o->stop && o->stop(o->stop_arg))
            return READ_STOP;
        if (r < 0 && errno != EINTR)
            return READ_FAIL;
        if (r <= 0)
            continue;
        n = read(fd, buf, sizeof buf);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n < 0)
            return READ_FAIL;
        if (n == 0)
            return READ_DONE;
        if (in->len + (size_t)n > cap)
            return READ_BIG;
        strbuf_add(in, buf, (size_t)n);
    }
}

/* One record of in at *pos: its tag, bytes and length. 0 at the end, -1
   if the rest is not a whole record. */
static int
next_rec(const struct strbuf *in, size_t *pos, int *tag, const char **p,
         size_t *n)
{
    uint64_t len;

    if (*pos == in->len)
        return 0;
    if (in->len - *pos < 9)
        return -1;
    *tag = (unsigned char)in->s[*pos];
    memcpy(&len, in->s + *pos + 1, sizeof len);
    if (len > in->len - *pos - 9)
        return -1;
    *p = in->s + *pos + 9;
    *n = (size_t)len;
    *pos += 9 + (size_t)len;
    return 1;
}

/* A cursor over the ints of a REC_LINES record. */
struct ints {
    const char *p;
    size_t n, i; /* ints in all, next */
};

/* The next count, if it is want and that many ints follow; else -1. */
static int
count(struct ints *v, int want)
{
    int c;

    if (v->i >= v->n)
        return -1;
    memcpy(&c, v->p + v->i++ * sizeof c, sizeof c);
    return c == want && (size_t)want <= v->n - v->i ? c : -1;
}

static int
next_int(struct ints *v)
{
    int c;

    memcpy(&c, v->p + v->i++ * sizeof c, sizeof c);
    return c;
}

/* Give s the lines of its flows, jobs, tree nodes, rho.scenario call,
   lesson steps and queue table, as the child had them (the text rho wrote has lines of
   its own). */
static void
set_lines(struct scenario *s, const char *p, size_t n)
{
    struct ints v = {p, n / sizeof(int), 0};
    int njobs = s->net ? s->net->njobs : 0,
        nnodes = s->pcie ? pcie_nodes(s->pcie) : 0,
        nsteps = s->lesson ? s->lesson->n : 0;

    if (count(&v, s->nflows) < 0)
        return;
    for (int f = 0; f < s->nflows; f++)
        s->flow[f].line = next_int(&v);
    if (count(&v, njobs) < 0)
        return;
    for (int j = 0; j < njobs; j++)
        s->net->job[j].line = next_int(&v);
    if (count(&v, nnodes) < 0)
        return;
    for (int i = 0; i < nnodes; i++)
        pcie_set_line(s->pcie, i, next_int(&v));
    if (count(&v, 1) < 0)
        return;
    s->line = next_int(&v);
    if (count(&v, nsteps) < 0)
        return;
    for (int i = 0; i < nsteps; i++)
        s->lesson->step[i].line = next_int(&v);
    if (count(&v, 1) < 0)
        return;
    if (s->queue != NULL)
        s->queue->line = next_int(&v);
}

/* The scenario from the child's records, or NULL with err. */
static struct scenario *
take(const char *name, const struct strbuf *in, const struct lx_opts *o,
     const char **src, size_t *srclen, struct rho_err *err)
{
    size_t pos = 0, n;
    const char *p, *lines = NULL;
    size_t nlines = 0;
    int tag, r, done = 0, failed = 0;
    struct scenario *s = NULL;

    while ((r = next_rec(in, &pos, &tag, &p, &n)) == 1) {
        switch (tag) {
        case REC_LOG:
            if (o && o->log)
                strbuf_add(o->log, p, n);
            break;
        case REC_READ:
            if (o && o->params_read)
                strbuf_add(o->params_read, p, n);
            break;
        case REC_SCEN: {
            struct lx_opts here;
            memset(&here, 0, sizeof here);
            here.in_process = 1;
            /* rho's own text: the defaults, or the script's budgets when
               they are larger (a list of a million flows that a loop
               made) */
            if (o != NULL && o->max_instructions > LX_DEFAULT_INSTRUCTIONS)
                here.max_instructions = o->max_instructions;
            if (o != NULL && o->max_memory > LX_DEFAULT_MEMORY)
                here.max_memory = o->max_memory;
            if (o != NULL && o->max_seconds > LX_DEFAULT_SECONDS)
                here.max_seconds = o->max_seconds;
            scenario_free(s);
            s = lx_run_text(name, p, n, &here, err);
            if (s == NULL) {
                rho_err_prefix(err,
                               "%s: the scenario does not load back "
                               "(a bug in rho)",
                               name);
                err->code = RHO_EINTERNAL;
                failed = 1;
            }
            break;
        }
        case REC_LINES:
            lines = p;
            nlines = n;
            break;
        case REC_SRC:
            *src = p;
            *srclen = n;
            break;
        case REC_ERR: {
            int code;
            if (n < sizeof code) {
                r = -1;
                break;
            }
            memcpy(&code, p, sizeof code);
            p += sizeof code;
            n -= sizeof code;
            if (n == 1 && p[0] == '-') /* child_fatal() */
                rho_err_set(err, code,
                            "%s: script stopped: the machine's memory ran "
                            "out while building the scenario",
                            name);
            else
                rho_err_set(err, code, "%.*s", (int)n, p);
            failed = 1;
            break;
        }
        case REC_DONE:
            done = 1;
            break;
        default:
            r = -1;
        }
        if (r < 0)
            break;
    }
    if (s != NULL && lines != NULL)
        set_lines(s, lines, nlines);
    if (r < 0 || (!done && !failed) || (done && s == NULL && !failed)) {
        scenario_free(s);
        rho_err_set(err, RHO_EINTERNAL,
                    "%s: the script's process gave no answer (a bug in rho)",
                    name);
        return NULL;
    }
    return s;
}

/* The child ended without a whole answer: why, from its status. */
static void
died(const char *name, int status, const struct lx_opts *o, struct rho_err *err)
{
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        if (sig == SIGXCPU || sig == SIGALRM)
            rho_err_set(err, RHO_ELIMIT, "%s: " LX_TIME_MESSAGE, name,
                        lx_seconds(o));
        else if (sig == SIGKILL)
            rho_err_set(err, RHO_ELIMIT,
                        "%s: script stopped: its process was killed "
                        "(out of memory?)",
                        name);
        else
            rho_err_set(err, RHO_EINTERNAL,
                        "%s: the script's process died of signal %d (%s); "
                        "a bug in rho",
                        name, sig, strsignal(sig));
    } else {
        rho_err_set(err, RHO_EINTERNAL,
                    "%s: the script's process exited with status %d and no "
                    "answer; a bug in rho",
                    name, WEXITSTATUS(status));
    }
}

/* Does in end with a REC_DONE record (the child said everything)? */
static int
answered(const struct strbuf *in)
{
    size_t pos = 0, n;
    const char *p;
    int tag = 0, r;

    while ((r = next_rec(in, &pos, &tag, &p, &n)) == 1 && tag != REC_DONE)
        ;
    return r == 1 && tag == REC_DONE && pos == in->len;
}

static void
reap(pid_t pid, int *status)
{
    while (waitpid(pid, status, 0) < 0 && errno == EINTR)
        ;
}

/* Run in a child: text NULL means read the file name (standard input
   with o->from_stdin). keep (may be NULL) gets the text the child read. */
static struct scenario *
run_child(const char *name, const char *text, size_t len,
          const struct lx_opts *o, struct rho_err *err, struct strbuf *keep)
{
    size_t cap = ((o && o->max_memory) ? o->max_memory : LX_DEFAULT_MEMORY) +
                 LX_LOG_MAX + ((size_t)4 << 20);
    pid_t parent = getpid(), pid;
    struct strbuf in;
    struct scenario *s = NULL;
    int fds[2], why, status = 0;

    if (pipe2(fds, O_CLOEXEC) != 0) {
        rho_err_set(err, RHO_EINTERNAL, "%s: cannot run the script: %s", name,
                    strerror(errno));
        return NULL;
    }
    pid = fork();
    if (pid < 0) {
        rho_err_set(err, RHO_EINTERNAL, "%s: cannot run the script: %s", name,
                    strerror(errno));
        close(fds[0]);
        close(fds[1]);
        return NULL;
    }
    if (pid == 0) {
        close(fds[0]);
        child(fds[1], parent, name, text, len, o);
    }
    close(fds[1]);
    strbuf_init(&in);
    why = collect(fds[0], o, cap, &in);
    close(fds[0]);
    if (why != READ_DONE)
        kill(pid, SIGKILL);
    else if (answered(&in)) {
        /* a whole answer: load it while the child's exit tears down its
           memory, then reap it */
        const char *src = text;
        size_t srclen = len;
        s = take(name, &in, o, &src, &srclen, err);
        reap(pid, &status);
        if (keep != NULL && text == NULL && src != NULL)
            strbuf_add(keep, src, srclen);
        if (s != NULL) {
            /* the scenario remembers the user's script, for saving it in
               place: the text given, or the file as the child read it */
            if (s->path == NULL)
                scenario_set_path(s, name);
            if (src != NULL)
                scenario_set_source(s, src, srclen);
        }
        strbuf_fini(&in);
        return s;
    }
    reap(pid, &status);
    switch (why) {
    case READ_TIME:
        rho_err_set(err, RHO_ELIMIT, "%s: " LX_TIME_MESSAGE, name,
                    lx_seconds(o));
        break;
    case READ_STOP:
        rho_err_set(err, RHO_ECANCEL, "%s: script stopped: asked to", name);
        break;
    case READ_BIG:
        rho_err_set(err, RHO_ELIMIT,
                    "%s: script stopped: the scenario it made is larger "
                    "than %zu MiB as text",
                    name, cap >> 20);
        break;
    case READ_FAIL:
        rho_err_set(err, RHO_EINTERNAL,
                    "%s: cannot read the script's answer: %s", name,
                    strerror(errno));
        break;
    default: /* the pipe closed without a whole answer: the child died */
        died(name, status, o, err);
    }
    strbuf_fini(&in);
    return s;
}

struct scenario *
lx_run_string(const char *name, const char *text, const struct lx_opts *opts,
              struct rho_err *err)
{
    struct scenario *s;

    if (opts && opts->in_process) {
        s = lx_run_text(name, text, strlen(text), opts, err);
        if (s != NULL && s->path == NULL)
            scenario_set_path(s, name);
        if (s != NULL)
            scenario_set_source(s, text, strlen(text));
    } else {
        s = run_child(name, text, strlen(text), opts, err, NULL);
    }
    return s;
}

/* Standard input, read once (lx_opts.from_stdin): the first run reads it,
   the runs after it run the text kept. */
static pthread_mutex_t stdin_lock = PTHREAD_MUTEX_INITIALIZER;
static struct strbuf stdin_text;
static int stdin_state; /* 0 unread, 1 kept in stdin_text, -1 lost */

static struct scenario *
run_stdin(const char *name, const struct lx_opts *o, struct rho_err *err)
{
    struct scenario *s = NULL;
    int first = 0;

    pthread_mutex_lock(&stdin_lock);
    if (stdin_state == 0) {
        first = 1;
        strbuf_init(&stdin_text);
        if (o->in_process || isatty(STDIN_FILENO)) {
            /* a terminal: the person typing is the budget (and a child,
               out of the terminal's process group, could not read it) */
            stdin_state = lx_read_stdin(name, &stdin_text, err) == 0 ? 1 : -1;
            first = stdin_state < 0;
        } else {
            s = run_child(name, NULL, 0, o, err, &stdin_text);
            stdin_state = s != NULL || stdin_text.len > 0 ? 1 : -1;
        }
    }
    pthread_mutex_unlock(&stdin_lock);
    if (first)
        return s;
    if (stdin_state < 0) {
        rho_err_set(err, RHO_EIO,
                    "%s: standard input was read by a run that failed; give "
                    "the scenario as a file",
                    name);
        return NULL;
    }
    if (o->in_process) {
        s = lx_run_text(name, strbuf_str(&stdin_text), stdin_text.len, o, err);
        if (s != NULL)
            scenario_set_source(s, strbuf_str(&stdin_text), stdin_text.len);
    } else {
        s = run_child(name, strbuf_str(&stdin_text), stdin_text.len, o, err,
                      NULL);
    }
    return s;
}

struct scenario *
lx_run_file(const char *path, const struct lx_opts *opts, struct rho_err *err)
{
    struct scenario *s = NULL;

    if (opts && opts->from_stdin) {
        s = run_stdin(path, opts, err);
    } else if (opts && opts->in_process) {
        struct strbuf sb;
        strbuf_init(&sb);
        if (lx_read_script(path, &sb, err) == 0)
            s = lx_run_text(path, strbuf_str(&sb), sb.len, opts, err);
        if (s != NULL) {
            scenario_set_path(s, path);
            scenario_set_source(s, strbuf_str(&sb), sb.len);
        }
        strbuf_fini(&sb);
    } else {
        s = run_child(path, NULL, 0, opts, err, NULL);
    }
    if (s != NULL)
        scenario_set_path(s, path);
    return s;
}
