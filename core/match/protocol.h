/* The engine protocol's shared syntax (docs/engine-protocol.md): the `position`
 * command's arguments, and move lists in which a Doseki move holds a space. The
 * engine (`tessera-cli engine`) reads them, the match runner writes them and reads
 * its openings files in the same form. */
#pragma once

#include <glib.h>

#include "rules/position.h"

G_BEGIN_DECLS

#define TS_PROTOCOL_ERROR (ts_protocol_error_quark ())
GQuark ts_protocol_error_quark (void);

typedef enum {
  TS_PROTOCOL_ERROR_SYNTAX,    /* a word the command does not take, a missing value */
  TS_PROTOCOL_ERROR_VARIANT,   /* unknown variant, or text of another variant */
  TS_PROTOCOL_ERROR_POSITION,  /* position text that does not read */
  TS_PROTOCOL_ERROR_MOVE,      /* a move that is not legal where it is played */
} TsProtocolError;

/* Splits a list of moves at white space. A word that is one capital letter is joined
 * with the word after it: Doseki moves are written "H Ad2,Ae2-Ad4". */
GStrv ts_protocol_split_moves (const char *text);

typedef struct {
  TsPosition *start;     /* before the moves */
  TsPosition *current;   /* after them, with the repetition history of the moves */
  gboolean    initial;   /* start is the variant's initial position */
  GArray     *moves;     /* TsMove, as played */
} TsProtocolPosition;

/* Reads "[variant ID] [startpos | text POSITION-TEXT] [moves M1 M2 …]" (the arguments
 * of the `position` command). Without `variant`, `text` names its own variant and
 * `startpos` is default_variant's (an error if that is NULL). Moves are SAN or long
 * algebraic. On error *out is left empty. */
gboolean ts_protocol_parse_position (const char         *args,
                                     const TsVariant    *default_variant,
                                     TsProtocolPosition *out,
                                     GError            **error);
void     ts_protocol_position_clear (TsProtocolPosition *position);

/* "variant ID startpos" or "variant ID text TEXT", then " moves M1 M2 …" when there
 * are moves (san: n_moves strings, as the rules core writes them). */
char    *ts_protocol_format_position (const TsPosition  *start,
                                      gboolean           initial,
                                      const char *const *san,
                                      guint              n_moves);

G_END_DECLS
