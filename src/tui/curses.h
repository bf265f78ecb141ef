/*
 * tui/curses.h: the one place that includes curses (htop's
 * ProvideCurses.h), with wide characters on.
 */
#ifndef RHO_TUI_CURSES_H
#define RHO_TUI_CURSES_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <curses.h>

#endif
