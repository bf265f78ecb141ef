#include "support_msgs.h"

#include <stdlib.h>
#include <string.h>

void
msg_cap_push(void *v, int s, int d, double b, int st)
{
    struct msg_cap *c = v;

    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 256;
        c->s = realloc(c->s, sizeof(int) * (size_t)c->cap);
        c->d = realloc(c->d, sizeof(int) * (size_t)c->cap);
        c->st = realloc(c->st, sizeof(int) * (size_t)c->cap);
        c->b = realloc(c->b, sizeof(double) * (size_t)c->cap);
        if (c->s == NULL || c->d == NULL || c->st == NULL || c->b == NULL)
            abort();
    }
    c->s[c->n] = s;
    c->d[c->n] = d;
    c->st[c->n] = st;
    c->b[c->n] = b;
    c->n++;
}

void
msg_cap_free(struct msg_cap *c)
{
    free(c->s);
    free(c->d);
    free(c->st);
    free(c->b);
    memset(c, 0, sizeof *c);
}
