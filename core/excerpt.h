#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Messages quote what they found in a file or a text at most this long, so that a huge bad
 * token makes a short message (a 15 MB token once made 31 MB of messages). */
#define TS_EXCERPT_CHARS 40

/* At most TS_EXCERPT_CHARS characters of text (length bytes, -1: up to its NUL), as valid
 * UTF-8 with control characters shown as spaces, and "…" when cut. g_free. */
char *ts_excerpt (const char *text, gssize length);
/* The same, at most max_chars characters (for a library's message that quotes the file). */
char *ts_excerpt_chars (const char *text, gssize length, guint max_chars);

G_END_DECLS
