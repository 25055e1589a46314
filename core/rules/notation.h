#pragma once

#include <glib.h>

#include "rules/position.h"

G_BEGIN_DECLS

#define TS_RULES_ERROR (ts_rules_error_quark ())
GQuark ts_rules_error_quark (void);

typedef enum {
  TS_RULES_ERROR_PARSE,
  TS_RULES_ERROR_ILLEGAL,
  TS_RULES_ERROR_AMBIGUOUS,
  TS_RULES_ERROR_UNKNOWN_VARIANT,
} TsRulesError;

/* RULES.md §8 / §7 (Doseki), with + and #. m must be legal in p. */
char    *ts_move_to_san  (TsPosition *p,
                          TsMove      m);
char    *ts_move_to_long (TsPosition *p,
                          TsMove      m);   /* long algebraic */
/* SAN or long; illegal / ambiguous / malformed input -> error explaining why. A text longer
 * than TS_MOVE_TEXT_MAX bytes is refused as it is (no move is written in half as many). */
#define TS_MOVE_TEXT_MAX 100
gboolean ts_move_parse   (TsPosition  *p,
                          const char  *text,
                          TsMove      *out,
                          GError     **error);

G_END_DECLS
