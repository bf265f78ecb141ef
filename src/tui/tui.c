/*
 * tui: curses setup, colours, blitting and keys. See tui.h.
 *
 * Colours are data (struct tui_palette, from a theme); this file alone
 * turns them into colour pairs, degrading 256-colour values to the nearest
 * of 16 or 8 on smaller terminals (nearest colour, not replacement) and to
 * attributes only without colour.
 */
#include "tui/tui.h"

#include <langinfo.h>
#include <stdio.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/base/rho_alloc.h"
#include "tui/curses.h"
#include "view/keys.h"

#include <term.h>

static int active;
static SCREEN *screen; /* newterm()'s, between tui_init() and tui_fini() */
static int ncolors;
static volatile sig_atomic_t sig_quit, sig_reload;
static volatile sig_atomic_t quit_signal; /* the last one that asked */

/* ---- colours ---- */

static attr_t role_attr[ROLE_COUNT];

static attr_t
to_attr(int a)
{
    attr_t x = 0;

    if (a & ATTR_BOLD)
        x |= A_BOLD;
    if (a & ATTR_DIM)
        x |= A_DIM;
    if (a & ATTR_UNDERLINE)
        x |= A_UNDERLINE;
    if (a & ATTR_REVERSE)
        x |= A_REVERSE;
#ifdef A_ITALIC
    if (a & ATTR_ITALIC)
        x |= A_ITALIC;
#endif
    return x;
}

void
tui_set_theme(const struct theme *p)
{
    /* The theme as this terminal can show it: nearest colours on 8 and 16
     * colour terminals (never a foreground on its own background), the
     * roles' monochrome attributes where there is no colour at all. */
    struct theme t = *p;
    int depth = ncolors >= 256  ? THEME_256
                : ncolors >= 16 ? THEME_16
                : ncolors >= 8  ? THEME_8
                                : THEME_MONO;

    theme_degrade(&t, depth);
    for (int r = 0; r < ROLE_COUNT; r++) {
        role_attr[r] = to_attr(t.role[r].attrs);
        if (ncolors > 0)
            init_pair((short)(r + 1), (short)t.role[r].fg, (short)t.role[r].bg);
    }
}

/* ---- start and stop ---- */

static void
on_quit(int sig)
{
    quit_signal = sig;
    sig_quit = 1;
}

static void
on_reload(int sig)
{
    (void)sig;
    sig_reload = 1;
}

static void
on_crash(int sig)
{
    /* restore the terminal, then die of the same signal */
    if (active)
        endwin();
    active = 0;
    signal(sig, SIG_DFL);
    raise(sig);
}

/* The signals whose default action ends the process, but for the crashes
   below: each asks the loop to quit as SIGTERM does (unsaved edits kept
   in a recovery file, the terminal restored, exit status 128 + n). A
   timer's or a resource limit's signal that no one in rho asked for is
   someone's kill all the same. */
static const int quit_sigs[] = {
    SIGHUP,    SIGINT,  SIGQUIT, SIGTERM,   SIGUSR1,
    SIGALRM,   SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF,
#ifdef SIGIO
    SIGIO,
#endif
#ifdef SIGPWR
    SIGPWR,
#endif
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
};

/* A fault in rho itself: nothing can be trusted to save, the terminal is
   restored and the process dies of the signal. */
static const int crash_sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGABRT,
                                 SIGILL,  SIGSYS, SIGTRAP};

static void
catch_signals(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_quit;
    for (size_t k = 0; k < sizeof quit_sigs / sizeof quit_sigs[0]; k++)
        sigaction(quit_sigs[k], &sa, NULL);
#if defined(SIGRTMIN) && defined(SIGRTMAX)
    for (int k = SIGRTMIN; k <= SIGRTMAX; k++)
        sigaction(k, &sa, NULL);
#endif
    sa.sa_handler = on_reload;
    sigaction(SIGUSR2, &sa, NULL);
    /* the screen writes to a terminal, never a pipe: a broken pipe is a
       script's process gone (its read fails with EPIPE and says so), not
       a reason to drop the unsaved edits; a kill -PIPE changes nothing */
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, NULL);
    sa.sa_handler = on_crash;
    for (size_t k = 0; k < sizeof crash_sigs / sizeof crash_sigs[0]; k++)
        sigaction(crash_sigs[k], &sa, NULL);
}

/* Whether this terminal can show the explorer: a terminfo entry for
   TERM, with cursor addressing. 0, or -1 with err filled. */
static int
usable_terminal(struct rho_err *err)
{
    const char *term = getenv("TERM");
    const char *way = "set TERM, or use -b for the report";
    char *cup;
    int found = 0;

    if (term == NULL || term[0] == '\0')
        return rho_err_set(err, RHO_EINPUT,
                           "cannot draw on this terminal (TERM is not set); "
                           "%s",
                           way);
    /* (setupterm() with an errret prints nothing, and returns: initscr()
       would print ncurses's own message and exit) */
    if (setupterm(term, STDOUT_FILENO, &found) != OK || found != 1)
        return rho_err_set(
            err, RHO_EINPUT,
            "cannot draw on this terminal (TERM=%.64s: %s); %s", term,
            found == -1 ? "no terminfo database" : "no terminfo entry", way);
    cup = tigetstr("cup");
    del_curterm(cur_term);
    if (cup == NULL || cup == (char *)-1)
        return rho_err_set(err, RHO_EINPUT,
                           "cannot draw on this terminal (TERM=%.64s: no "
                           "cursor addressing); use a terminal that has it, "
                           "or -b for the report",
                           term);
    return 0;
}

int
tui_init(int no_color, int mouse, struct tui_caps *caps, struct rho_err *err)
{
    const char *nc = getenv("NO_COLOR");

    memset(caps, 0, sizeof *caps);
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        return -1;
    setlocale(LC_ALL, "");
    /* numbers rho writes (exports, saved scripts) and Lua reads stay
       "0.5" in every locale */
    setlocale(LC_NUMERIC, "C");
    /* a screen put away before (the first load's) is replaced: deleted
       first, while its terminal is the current one, which delscreen()
       frees with it (usable_terminal()'s setupterm() would make another
       current, and the first screen's would leak) */
    if (screen != NULL) {
        set_term(screen);
        delscreen(screen);
        screen = NULL;
    }
    if (usable_terminal(err) != 0)
        return -2;
    caps->utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
    if ((screen = newterm(NULL, stdout, stdin)) == NULL) {
        rho_err_set(err, RHO_EINPUT,
                    "cannot draw on this terminal (TERM=%.64s); set TERM, "
                    "or use -b for the report",
                    getenv("TERM"));
        return -2;
    }
    set_term(screen);
    active = 1;
    rho_set_fatal_hook(tui_fini);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    set_escdelay(25);
    /* Home and End as terminals other than the one TERM names send them
       (the console, screen and tmux, rxvt, VT220): a user inside tmux
       with TERM=xterm-256color still gets Home and End */
    static const char *const home[] = {"\033[1~", "\033[7~", "\033[H",
                                       "\033OH"};
    static const char *const end[] = {"\033[4~", "\033[8~", "\033[F",
                                      "\033OF"};
    for (size_t k = 0; k < sizeof home / sizeof home[0]; k++) {
        define_key(home[k], KEY_HOME);
        define_key(end[k], KEY_END);
    }
    if (!no_color && (nc == NULL || nc[0] == '\0') && has_colors()) {
        start_color();
        use_default_colors();
        ncolors = COLORS >= 256 ? 256 : COLORS >= 16 ? 16 : 8;
    } else {
        ncolors = 0;
    }
    caps->colors = ncolors;
    if (mouse) {
        mousemask(BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
        mouseinterval(0);
        caps->mouse = 1;
    }
    catch_signals();
    return 0;
}

void
tui_fini(void)
{
    if (!active)
        return;
    active = 0;
    curs_set(1);
    endwin();
    /* (the screen itself stays allocated: a signal handler's endwin()
       may still refer to it, and the process ends soon after) */
}

void
tui_size(int *w, int *h)
{
    getmaxyx(stdscr, *h, *w);
}

void
tui_blit(const struct canvas *c)
{
    for (int y = 0; y < c->h; y++)
        for (int x = 0; x < c->w; x++) {
            const struct cell *cl = &c->cell[y * c->w + x];
            if (cl->ch == CELL_WIDE_TAIL)
                continue; /* drawn by the wide character to its left */
            wchar_t wc[2] = {(wchar_t)cl->ch, 0};
            cchar_t cc;
            attr_t at = role_attr[cl->role] | to_attr(cl->attrs);
            setcchar(&cc, wc, at, ncolors ? (short)(cl->role + 1) : 0, NULL);
            mvadd_wch(y, x, &cc);
        }
    wnoutrefresh(stdscr);
    doupdate();
}

int
tui_signals(void)
{
    int s = (sig_quit ? 1 : 0) | (sig_reload ? 2 : 0);

    sig_quit = sig_reload = 0;
    return s;
}

int
tui_quit_signal(void)
{
    return quit_signal;
}

/* An Esc the terminal sent as the start of a key curses does not know
   (ESC [ ... final, ESC O x): the rest of it is already waiting. Read it
   whole and drop it, so an unknown key is no key at all rather than an
   Esc, a '[' and a '4' (which would cancel, then open view 4). An Esc
   with nothing after it, or with a plain key after it, is an Esc. */
static int
escape_or_sequence(void)
{
    wint_t wc;
    int rc;

    wtimeout(stdscr, 0);
    rc = wget_wch(stdscr, &wc);
    if (rc == ERR)
        return 27;
    if (rc != OK || (wc != '[' && wc != 'O')) {
        if (rc == KEY_CODE_YES)
            ungetch((int)wc);
        else
            unget_wch((wchar_t)wc);
        return 27;
    }
    if (wc == 'O') {
        (void)wget_wch(stdscr, &wc); /* SS3: one character */
        return -1;
    }
    /* CSI: parameter and intermediate bytes, then a final byte */
    for (int n = 0; n < 32; n++) {
        if (wget_wch(stdscr, &wc) != OK || (wc >= 0x40 && wc <= 0x7e))
            break;
    }
    return -1;
}

int
tui_key(int timeout_ms, struct tui_mouse *m)
{
    wint_t wc;
    int rc;

    wtimeout(stdscr, timeout_ms);
    rc = wget_wch(stdscr, &wc);
    if (rc == ERR) {
        /* the terminal hung up without a SIGHUP for rho (not its
           controlling terminal, as under setsid): curses returns at once,
           again and again -- it counts as SIGHUP */
        struct pollfd p = {STDIN_FILENO, POLLIN, 0};
        if (poll(&p, 1, 0) == 1 &&
            (p.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0)
            on_quit(SIGHUP);
        return -1;
    }
    if (rc == KEY_CODE_YES) {
        switch (wc) {
        case KEY_UP:
            return RK_UP;
        case KEY_DOWN:
            return RK_DOWN;
        case KEY_LEFT:
            return RK_LEFT;
        case KEY_RIGHT:
            return RK_RIGHT;
        case KEY_PPAGE:
            return RK_PGUP;
        case KEY_NPAGE:
            return RK_PGDN;
        case KEY_HOME:
            return RK_HOME;
        case KEY_END:
            return RK_END;
        case KEY_BTAB:
            return RK_BTAB;
        case KEY_DC:
            return RK_DEL;
        case KEY_BACKSPACE:
            return KEY_BACKSPACE_;
        case KEY_ENTER:
            return KEY_ENTER_;
        case KEY_RESIZE:
            /* the terminal may have moved its lines (tmux drops the top
               ones when a pane shrinks below the cursor): curses can no
               longer trust what it thinks is on screen, so the next
               refresh paints everything */
            clearok(curscr, TRUE);
            return RK_RESIZE;
        case KEY_MOUSE: {
            MEVENT ev;
            if (getmouse(&ev) != OK || m == NULL)
                return -1;
            m->x = ev.x;
            m->y = ev.y;
            m->button = (ev.bstate & BUTTON1_PRESSED)   ? 1
                        : (ev.bstate & BUTTON4_PRESSED) ? 4
                        : (ev.bstate & BUTTON5_PRESSED) ? 5
                                                        : 0;
            return RK_MOUSE;
        }
        default:
            if (wc >= KEY_F(1) && wc <= KEY_F(12))
                return RK_F1 + (int)(wc - KEY_F(1));
            return -1;
        }
    }
    if (wc == 27)
        return escape_or_sequence();
    if (wc == '\n' || wc == '\r')
        return KEY_ENTER_;
    if (wc == 8 || wc == 127)
        return KEY_BACKSPACE_;
    return (int)wc;
}
