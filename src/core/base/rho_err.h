/*
 * rho_err: the error record every fallible core function may fill.
 *
 * Messages are lowercase, have no trailing period and name the object
 * ("flow 3: unknown device '9'"). Outer layers prefix a location
 * ("scenarios/x.lua:12: "). The core never prints.
 */
#ifndef RHO_CORE_BASE_RHO_ERR_H
#define RHO_CORE_BASE_RHO_ERR_H

enum rho_err_code {
    RHO_OK = 0,
    RHO_ESTARVED = 1, /* the model cannot make progress */
    RHO_EINPUT = 2,   /* bad input: the message says what and where */
    RHO_ELIMIT = 3,   /* a budget (instructions, memory, size) ran out */
    RHO_ECANCEL = 4,  /* the caller asked to stop */
    RHO_EIO = 5,      /* a file could not be read or written */
    RHO_EINTERNAL = 6 /* rho itself failed (no process could be made, a
                         crash in a child): exit status 70 */
};

struct rho_err {
    int code;
    char msg[512];
};

/*
 * Fill err (which may be NULL) with code and a printf-style message. Always
 * returns -1 so that callers can write `return rho_err_set(...)`. Control
 * characters but newline and tab are written '?' (the message goes to a
 * terminal; so do rho_err_prefix()'s).
 */
int rho_err_set(struct rho_err *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * Put "prefix: " in front of err's message (err may be NULL). Truncates at
 * the buffer's end.
 */
void rho_err_prefix(struct rho_err *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Reset err to RHO_OK and an empty message. err may be NULL. */
void rho_err_clear(struct rho_err *err);

#endif
