/*
 * bigtext: text three rows tall for a projector -- a 3x5 pixel font drawn
 * with half blocks (each cell two pixels high: ▀ ▄ █), so that the
 * numbers a class must read from the back of the room (the factors of a
 * frame, a step's name) can be drawn large in an ordinary terminal.
 * Digits, A-Z (lower case drawn as upper case) and . , / - + > < : = ( ) %
 * * ? and space; anything else draws as '?'. In an ASCII canvas the
 * blocks are '#'. Pure: draws into a view, allocates nothing.
 */
#ifndef RHO_VIEW_BIGTEXT_H
#define RHO_VIEW_BIGTEXT_H

#include "view/canvas.h"

#define BIGTEXT_ROWS 3 /* the height of big text in cells */

/* The columns text takes in big letters (a glyph and a blank column
   after each, none after the last). */
int bigtext_width(const char *text);

/*
 * text in big letters from (col, row) of v (BIGTEXT_ROWS rows), cut at
 * v's edges like cview_text(). Returns the columns it takes
 * (bigtext_width()). Only the glyphs' cells are written: the blanks
 * between them keep what was there.
 */
int bigtext_draw(const struct cview *v, int col, int row, int role,
                 const char *text);

#endif
