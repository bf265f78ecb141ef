/*
 * lscan: where things are written in a Lua source text -- a small scanner
 * that finds the table constructor passed to a call (`rho.scenario { ...
 * }`) and, field by field, the bytes and the line of each key and value,
 * down through the constructors nested in it. It reads tokens as Lua does
 * (comments, short and long strings with their escapes, numbers, names,
 * brackets, `function ... end` blocks) but runs nothing and evaluates
 * nothing but literals: it locates; the loader and the saver check that
 * what it found is what the script made.
 *
 * Used to say on which line a field of a scenario was written (errors)
 * and to rewrite one literal in place (saving). Linear in the text.
 */
#ifndef RHO_CORE_BASE_LSCAN_H
#define RHO_CORE_BASE_LSCAN_H

#include <stddef.h>

#include "core/base/strbuf.h"

/* What a field's value expression is. */
enum lscan_kind {
    LSCAN_STRING = 1, /* one string literal: "x", 'x', [[x]] */
    LSCAN_NUMBER,     /* one numeral, or - and a numeral */
    LSCAN_NIL,
    LSCAN_TRUE,
    LSCAN_FALSE,
    LSCAN_TABLE, /* a table constructor { ... } */
    LSCAN_OTHER  /* anything else: a name, a call, an operation */
};

/* One field of a constructor: `value`, `name = value` or `[key] = value`. */
struct lscan_field {
    int index;         /* list items: 1, 2, ...; other fields 0 */
    size_t name, nlen; /* `name = value`: the name's bytes; else 0, 0 */
    int bracket;       /* `[key] = value` */
    size_t beg;        /* the field's first byte (key or value) */
    size_t vbeg, vend; /* the value expression: bytes [vbeg, vend) */
    size_t end;        /* just past the ',' or ';' after it, else vend */
    int line;          /* the line of its first byte (1-based) */
    int vline;         /* the line of the value's first byte */
    int kind;          /* enum lscan_kind of the value */
    int multi;         /* the last list item is a call or `...`: it may
                          stand for any number of values */
    int table;         /* LSCAN_TABLE: the constructor's index in the map */
    int alias;         /* `name = NAME` where the text made NAME just once,
                          as `[local] NAME = { ... }` before, and uses it
                          nowhere else: that constructor's index in the
                          map; else -1 */
};

/* One constructor. */
struct lscan_table {
    size_t open, close; /* the bytes of '{' and '}' */
    int line, close_line;
    int first, n; /* its fields: map->field[first .. first + n) */
    int items;    /* how many of them are list items */
};

/* Constructors found, the first the root. Caller's storage. */
struct lscan_map {
    struct lscan_table *table;
    int ntable;
    struct lscan_field *field;
    int nfield;
    size_t cap_table, cap_field; /* allocated, grown by doubling */
};

/*
 * Map the constructor passed to the call of callee (a dotted name such
 * as "rho.scenario") that begins on line -- `callee { ... }`,
 * `callee({ ... })`, or `callee(NAME)` where the text makes NAME once as
 * `[local] NAME = { ... }` and mentions it nowhere else -- with every
 * constructor that is the whole value of one of its fields, at any depth
 * (and as a field's alias, the constructor of a name made so), into map (initialised here; release
 * with lscan_fini()). Returns 0 (map->table[0] is the root), or -1 with
 * map empty: no such call on that line, more than one, or the text is
 * not well formed up to its end. A first line starting with '#' is a
 * comment, as lua(1) reads it. O(len).
 */
int lscan_call(struct lscan_map *map, const char *text, size_t len,
               const char *callee, int line);

/* Release map's memory (map itself is the caller's). NULL is a no-op. */
void lscan_fini(struct lscan_map *map);

/* The field of table t named name (the last one, as Lua keeps), or NULL. */
const struct lscan_field *lscan_named(const struct lscan_map *map, int t,
                                      const char *text, const char *name);

/* The k-th list item of table t (1-based), or NULL. O(1 + the named
   fields before it). */
const struct lscan_field *lscan_item(const struct lscan_map *map, int t, int k);

/*
 * The value of the string literal in bytes [beg, end) of text, appended
 * to out (escapes decoded as Lua does). Returns 0, or -1 (not a string
 * literal, or an escape this scanner does not decode) with out unchanged.
 */
int lscan_string(const char *text, size_t beg, size_t end, struct strbuf *out);

/*
 * The value of the numeral in bytes [beg, end) (with a leading '-' and
 * spaces after it allowed) into *v, and whether it is written as an
 * integer into *integer (may be NULL). Returns 0, or -1 (not a numeral).
 */
int lscan_number(const char *text, size_t beg, size_t end, double *v,
                 int *integer);

/*
 * If bytes [beg, end) of text are exactly a call of callee (a dotted name)
 * with its arguments in parentheses -- `rho.param("size", "40 KiB")` --
 * the bytes of its k-th argument (1-based) into *abeg, *aend and their
 * enum lscan_kind into *kind; returns 0. Else -1.
 */
int lscan_call_arg(const char *text, size_t beg, size_t end, const char *callee,
                   int k, size_t *abeg, size_t *aend, int *kind);

/* The line (1-based) of byte off of text. O(off). */
int lscan_line_of(const char *text, size_t off);

#endif
