/*
 * readfile: reading a file the user named (a theme, a machine's hwloc
 * XML) whole, safely: it must be a regular file of at most a limit. A
 * FIFO would block in open() or read() for ever and a device may never
 * end, so the file is opened without blocking and looked at first; a
 * file that grows past the limit while it is read is refused too.
 */
#ifndef RHO_CORE_BASE_READFILE_H
#define RHO_CORE_BASE_READFILE_H

#include <stddef.h>

#include "core/base/rho_err.h"

/*
 * The text of path, NUL-terminated (it may hold NUL bytes: its length is
 * in *len), if it is a regular file of at most limit bytes. Returns it
 * (caller frees), or NULL with err filled: "PATH: cannot open: REASON"
 * (RHO_EIO), "PATH: not a regular file" (RHO_EINPUT), "PATH: larger than
 * LIMIT: too large for WHAT" (RHO_ELIMIT; limit written as 64 MiB,
 * 1024 KiB, ...), "PATH: cannot read: REASON" (RHO_EIO).
 */
char *readfile(const char *path, size_t limit, const char *what, size_t *len,
               struct rho_err *err);

#endif
