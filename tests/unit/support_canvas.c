/* Test helpers: a canvas read as a person reads the screen. */
#include "support_canvas.h"

#include <string.h>


const char *
row_text(const struct canvas *c, int y)
{
    static char buf[4096];
    size_t n = 0, end = 0;

    for (int x = 0; x < c->w && n + 5 < sizeof buf; x++) {
        uint32_t ch = c->cell[y * c->w + x].ch;
        if (ch == CELL_WIDE_TAIL)
            continue;
        n += (size_t)utf8_put(buf + n, ch);
        if (ch != ' ')
            end = n;
    }
    buf[end] = '\0';
    return buf;
}

int
find_row(const struct canvas *c, const char *text)
{
    for (int y = 0; y < c->h; y++)
        if (strstr(row_text(c, y), text) != NULL)
            return y;
    return -1;
}

int
role_at(struct canvas *c, int x, int y)
{
    struct cell *cl = canvas_at(c, x, y);

    return cl ? cl->role : -1;
}

const char *
dump(const struct canvas *c, struct strbuf *sb, int ascii)
{
    strbuf_reset(sb);
    canvas_dump(c, sb, ascii);
    return strbuf_str(sb);
}
