/* Test helper: the messages a pattern emits, captured in order. */
#ifndef RHO_TESTS_SUPPORT_MSGS_H
#define RHO_TESTS_SUPPORT_MSGS_H

/* Source, destination, step and bytes of message i at [i], i < n. */
struct msg_cap {
    long long n, cap;
    int *s, *d, *st;
    double *b;
};

/* A pattern_emit_fn: appends one message to the struct msg_cap at v. */
void msg_cap_push(void *v, int s, int d, double b, int st);

/* Frees the arrays and empties c. */
void msg_cap_free(struct msg_cap *c);

#endif
