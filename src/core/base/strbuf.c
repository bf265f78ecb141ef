/*
 * strbuf: growable strings. See strbuf.h.
 */
#include "core/base/strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"

void
strbuf_init(struct strbuf *sb)
{
    sb->s = NULL;
    sb->len = sb->cap = 0;
}

void
strbuf_fini(struct strbuf *sb)
{
    if (sb == NULL)
        return;
    free(sb->s);
    strbuf_init(sb);
}

static void
reserve(struct strbuf *sb, size_t extra)
{
    if (sb->len + extra + 1 <= sb->cap)
        return;
    sb->cap = rho_grow_cap(sb->cap, sb->len + extra + 1);
    sb->s = xreallocarray(sb->s, sb->cap, 1);
}

void
strbuf_add(struct strbuf *sb, const char *s, size_t n)
{
    reserve(sb, n);
    memcpy(sb->s + sb->len, s, n);
    sb->len += n;
    sb->s[sb->len] = '\0';
}

void
strbuf_puts(struct strbuf *sb, const char *s)
{
    strbuf_add(sb, s, strlen(s));
}

void
strbuf_printf(struct strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    reserve(sb, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(sb->s + sb->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb->len += (size_t)n;
}

void
strbuf_lua_quote(struct strbuf *sb, const char *s)
{
    strbuf_add(sb, "\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            strbuf_printf(sb, "\\%c", c);
        else if (c == '\n')
            strbuf_puts(sb, "\\n");
        else if (c < 32 || c == 127)
            strbuf_printf(sb, "\\%03u", c);
        else
            strbuf_add(sb, (const char *)&c, 1);
    }
    strbuf_add(sb, "\"", 1);
}

const char *
strbuf_str(const struct strbuf *sb)
{
    return sb->s ? sb->s : "";
}

void
strbuf_reset(struct strbuf *sb)
{
    sb->len = 0;
    if (sb->s)
        sb->s[0] = '\0';
}
