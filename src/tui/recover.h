/*
 * recover: unsaved edits kept when rho is killed. A fatal signal (SIGTERM,
 * SIGINT, SIGHUP, SIGQUIT) in the explorer with unsaved edits writes the
 * scenario as "s" would save it to a recovery file; the next start on the
 * same script finds it and loads it as unsaved edits (u undoes them).
 *
 * Where: $XDG_STATE_HOME/rho/recover/ (else ~/.local/state/rho/recover/),
 * the script's absolute path with each '/' as '%' and ".lua" added (as
 * vim names its undo files; a path that holds a '%' is written "%%", then
 * with '%' and '/' as %25 and %2F, so that no two scripts share a
 * file); when that folder cannot be made or written,
 * "SCRIPT.recover.lua" next to the script.
 */
#ifndef RHO_TUI_RECOVER_H
#define RHO_TUI_RECOVER_H

#include "core/base/rho_err.h"
#include "core/scenario.h"

/*
 * Write s (as scenario_save_lua() writes it) to the recovery file of the
 * script at path. Returns the file's path (caller frees), or NULL with err
 * filled when neither place could be written.
 */
char *recover_write(const char *path, const struct scenario *s,
                    struct rho_err *err);

/* The recovery file of the script at path if one exists (caller frees),
   else NULL. */
char *recover_find(const char *path);

#endif
