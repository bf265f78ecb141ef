/*
 * scenario_save: the Lua text to save for an edited scenario -- the
 * user's own script with only what was edited rewritten in place, its
 * comments, builders (rho.t2(), rho.halo{...}) and layout kept.
 *
 * Text in, text out: the script's text and the scenario it made are in
 * s->src (scenario_set_source()); the edits are what differs between that
 * base and s, field by field and flow by flow (flows are told apart by
 * their ids). Where the script writes a value as a literal, the literal
 * is rewritten, in the script's style (quotes, units or a number);
 * `rho.param("name", default)` has its default rewritten; a field the
 * script leaves out is added; a flow is added to or removed from the
 * script's list of flows with the list's indentation, and flows keep
 * their text when reordered. What the text cannot express -- flows made
 * by code (a pattern, a loop), a value computed by an expression -- is
 * written anew from the scenario for that field only (scenario_to_lua()'s
 * text), and the note says so. A scenario without a source, or whose
 * rho.scenario { ... } call is not found in the text or does not match
 * what it made, is written whole by scenario_to_lua(), and the note says
 * why.
 *
 * Either way the text loads back to a scenario identical to s (the same
 * results, bit for bit): tests/unit/test_scenario_save.c checks it over
 * every shipped scenario and a set of edits.
 */
#ifndef RHO_CORE_SCENARIO_SAVE_H
#define RHO_CORE_SCENARIO_SAVE_H

#include "core/base/strbuf.h"
#include "core/scenario.h"

/* How scenario_save_lua() wrote the text. */
enum save_how {
    SAVE_INPLACE, /* the script, every edit written in place */
    SAVE_PARTS,   /* the script, some fields written anew */
    SAVE_WHOLE    /* written anew from the scenario */
};

/*
 * Append the text to save for s to out. When not SAVE_INPLACE, append to
 * note (may be NULL) what was written anew and why, for a person: e.g.
 * "flows (made by code)" or "the script's rho.scenario { } call was not
 * found". Returns an enum save_how. O(text + flows).
 */
int scenario_save_lua(const struct scenario *s, struct strbuf *out,
                      struct strbuf *note);

#endif
