#pragma once

#include <glib.h>

#include "rules/position.h"

G_BEGIN_DECLS

/* The position text format is documented in docs/position-text.md. */
char       *ts_position_to_text   (const TsPosition *p);   /* g_free; includes the variant id */
/* The error (TS_RULES_ERROR) says the column (1-based) and why. */
TsPosition *ts_position_from_text (const char       *text,
                                   GError          **error);

G_END_DECLS
