/*
 * scroll: a view's window on text taller or wider than its rectangle, as
 * a pager (less) shows a file. The view draws everything into a canvas of
 * its own (the content), and scroll_blit() copies the part the window
 * shows into the view, with marks where there is more: a '<' ('>') in
 * the first (last) column of a row that goes on left (right) of the
 * window, and a last row "lines 1-20 of 31  cols 1-70 of 96" saying
 * where the window is, as the help overlay does. The keys: Up/Down,
 * PgUp/PgDn, Home/End scroll down the text, Left/Right sideways by
 * SCROLL_STEP columns (scroll_key()).
 *
 * The offsets are the view's state; draw clamps a copy (the content's
 * size is known there), key clamps with the size the view measures.
 */
#ifndef RHO_VIEW_SCROLL_H
#define RHO_VIEW_SCROLL_H

#include "view/canvas.h"

#define SCROLL_STEP 8 /* columns per Left or Right */

struct scroll {
    int x, y; /* the content's column and row at the window's top left */
};

/*
 * The content's size as far as it was drawn: the rows up to the last
 * that holds anything but blanks, and the columns up to the last such
 * column, into *w and *h (0 for a blank canvas).
 */
void scroll_extent(const struct canvas *content, int *w, int *h);

/* The rows of a w x h view that show the content of cw x ch (one row
   goes to the position line when the content does not fit). */
int scroll_rows(int cw, int ch, int w, int h);

/* Clamp s to content of cw x ch seen in a w x h view. */
void scroll_clamp(struct scroll *s, int cw, int ch, int w, int h);

/*
 * A key's action (enum key_action) on s for content of cw x ch in a w x h
 * view: 1 when it is a scroll (Up, Down, PgUp, PgDn, Home, End; Left and
 * Right too when horiz is set), s moved and clamped; 0 otherwise.
 */
int scroll_key(struct scroll *s, int act, int horiz, int cw, int ch, int w,
               int h);

/*
 * The window of content (cw x ch of it, scroll_extent()) at s (clamped
 * here, s is not changed) copied into v, with the marks and the position
 * line when it does not fit.
 */
void scroll_blit(const struct cview *v, const struct canvas *content, int cw,
                 int ch, const struct scroll *s);

/* scroll_blit() for a view whose keys are others: the position line names
   vkeys for scrolling down ("j/k, PgDn") and hkeys sideways ("h/l"). */
void scroll_blit_keys(const struct cview *v, const struct canvas *content,
                      int cw, int ch, const struct scroll *s,
                      const char *vkeys, const char *hkeys);

#endif
