/* Sessions of the engine protocol for fuzzing `tessera-cli engine`: random commands
 * built from real games of every variant (positions, moves, clocks), then mutated as a
 * careless or hostile program would send them. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A session: its lines (GBytes, without the line feed; they may hold NUL bytes and
 * bytes that are not UTF-8), and whether the runner sends them one by one, waiting
 * for each go's answer, or all at once. */
typedef struct {
  GPtrArray *lines;
  gboolean   burst;
  gboolean   quit_at_end;   /* else the session ends with the end of input */
} FuzzSession;

FuzzSession *fuzz_session_new      (guint32 seed);
FuzzSession *fuzz_session_copy     (const FuzzSession *session);
void         fuzz_session_free     (FuzzSession *session);
/* The session as the engine reads it (lines ended by line feeds). */
GBytes      *fuzz_session_bytes    (const FuzzSession *session);
/* A session from bytes written by fuzz_session_bytes (the runner's defaults). */
FuzzSession *fuzz_session_from_bytes (GBytes *bytes);

/* Whether the engine reads a line as a `go` command, and as one with `infinite`. */
gboolean     fuzz_line_is_go       (GBytes *line);
gboolean     fuzz_line_is_infinite (GBytes *line);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FuzzSession, fuzz_session_free)

G_END_DECLS
