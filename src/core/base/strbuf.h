/*
 * strbuf: a growable NUL-terminated byte string, for building reports and
 * Lua source text in the core without touching files.
 */
#ifndef RHO_CORE_BASE_STRBUF_H
#define RHO_CORE_BASE_STRBUF_H

#include <stddef.h>

struct strbuf {
    char *s; /* always NUL-terminated once anything was added; may be NULL */
    size_t len;
    size_t cap;
};

/* Set sb (caller's storage) empty. */
void strbuf_init(struct strbuf *sb);

/* Release sb's memory. NULL is a no-op. */
void strbuf_fini(struct strbuf *sb);

/* Append printf-style text. */
void strbuf_printf(struct strbuf *sb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Append n bytes of s. */
void strbuf_add(struct strbuf *sb, const char *s, size_t n);

/* Append a NUL-terminated string. */
void strbuf_puts(struct strbuf *sb, const char *s);

/* Append s as a quoted Lua string literal ("..." with escapes). */
void strbuf_lua_quote(struct strbuf *sb, const char *s);

/* The text (never NULL: "" when empty). Borrowed until the next append. */
const char *strbuf_str(const struct strbuf *sb);

/* Forget the contents, keep the memory. */
void strbuf_reset(struct strbuf *sb);

#endif
