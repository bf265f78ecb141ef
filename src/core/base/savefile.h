/*
 * savefile: writing a file the user asked for, whole or not at all. The
 * text goes to a temporary file next to the target, which is then renamed
 * over it, so a reader (or rho's own reload) never sees half a file. Paths
 * have no length limit here (no fixed buffers): a path the system refuses
 * fails with the system's reason, never with a cut name.
 */
#ifndef RHO_CORE_BASE_SAVEFILE_H
#define RHO_CORE_BASE_SAVEFILE_H

#include <stddef.h>

#include "core/base/rho_err.h"

/*
 * Write len bytes of text to path: into "path.tmp", then renamed to path.
 * Returns 0, or -1 with err filled (RHO_EIO): "cannot save to PATH:
 * REASON", REASON the system's for the call that failed (a read-only
 * folder: "Permission denied"), never one of the clean-up's; a path too
 * long for the message is shortened in its middle there. The temporary
 * file is removed on failure. err may be NULL.
 */
int savefile_write(const char *path, const char *text, size_t len,
                   struct rho_err *err);

/*
 * The file "s" saves a script to: "NAME.edited.lua" for "NAME.lua", else
 * "PATH.edited.lua", in the script's folder. Caller owns the result
 * (free()).
 */
char *savefile_edited_name(const char *script);

/* Whether paths a and b name one existing file (device and inode: another
   spelling of the path, a hard or symbolic link): an output must not
   overwrite a script. a or b may be NULL (no). */
int savefile_same(const char *a, const char *b);

/*
 * path for a message of at most n - 1 bytes: as it is when it fits, else
 * its start, "...", and its end (the file's name). Returns buf.
 */
char *savefile_short(const char *path, char *buf, size_t n);

#endif
