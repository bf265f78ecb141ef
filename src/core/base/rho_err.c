/*
 * rho_err: filling error records. See rho_err.h.
 */
#include "core/base/rho_err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* A message goes to a terminal: a control character in it (from a
   script's strings or its error()) is written '?', so that it cannot move
   the cursor, retitle the window or clear the screen; newlines and tabs
   stay. */
static void
printable(char *s)
{
    for (; *s != '\0'; s++)
        if (((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t') ||
            *s == 0x7f)
            *s = '?';
}

int
rho_err_set(struct rho_err *err, int code, const char *fmt, ...)
{
    va_list ap;

    if (err == NULL)
        return -1;
    err->code = code;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    printable(err->msg);
    return -1;
}

void
rho_err_prefix(struct rho_err *err, const char *fmt, ...)
{
    char pre[sizeof err->msg];
    size_t np, nm, cap = sizeof err->msg;
    va_list ap;

    if (err == NULL)
        return;
    va_start(ap, fmt);
    vsnprintf(pre, sizeof pre, fmt, ap);
    va_end(ap);
    np = strlen(pre);
    if (np > cap - 3)
        np = cap - 3;
    nm = strnlen(err->msg, cap - 1);
    if (np + 2 + nm > cap - 1)
        nm = cap - 1 - np - 2;
    memmove(err->msg + np + 2, err->msg, nm);
    memcpy(err->msg, pre, np);
    memcpy(err->msg + np, ": ", 2);
    err->msg[np + 2 + nm] = '\0';
    printable(err->msg);
}

void
rho_err_clear(struct rho_err *err)
{
    if (err == NULL)
        return;
    err->code = RHO_OK;
    err->msg[0] = '\0';
}
