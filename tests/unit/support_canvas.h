/* Test helpers: a canvas read as a person reads the screen. */
#ifndef RHO_TESTS_SUPPORT_CANVAS_H
#define RHO_TESTS_SUPPORT_CANVAS_H

#include "core/base/strbuf.h"
#include "view/canvas.h"

/* Row y of c as UTF-8 (wide characters' tails left out), trailing blanks
   dropped. The text lives in a static buffer until the next call. */
const char *row_text(const struct canvas *c, int y);

/* The first row of c containing text, or -1. */
int find_row(const struct canvas *c, const char *text);

/* The role of the cell at (x, y), or -1 outside c. */
int role_at(struct canvas *c, int x, int y);

/* canvas_dump of c into sb (emptied first), as a string. */
const char *dump(const struct canvas *c, struct strbuf *sb, int ascii);

#endif
