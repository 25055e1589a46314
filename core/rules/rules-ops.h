#pragma once

#include <glib.h>

#include "rules/move.h"
#include "rules/notation.h"
#include "rules/position.h"
#include "rules/postext.h"
#include "rules/variant.h"

G_BEGIN_DECLS

/* One table per rules family. A variant description names its family
 * (Family=chess in data/variants/ID.variant); registering a family is one line in
 * the table in variant.c. The ts_position_* and ts_move_* functions dispatch here. */
struct _TsRulesOps {
  const char *family;   /* matches Family= in variant descriptions: "chess", "doseki" */
  TsFamily    family_id;

  /* Reads the family's own keys of a variant description; fills v->rules or
   * v->family_data. kf is the whole description. */
  gboolean (*load_variant)   (TsVariant *v, GKeyFile *kf, GError **error);
  /* Puts the initial position on p (board, side, hands are cleared before). */
  void     (*setup)          (TsPosition *p);

  void     (*generate)       (TsPosition *p, TsMoveList *out);
  void     (*generate_noisy) (TsPosition *p, TsMoveList *out);
  gboolean (*is_legal)       (TsPosition *p, TsMove m);
  void     (*make)           (TsPosition *p, TsMove m, TsUndo *undo);
  void     (*unmake)         (TsPosition *p, const TsUndo *undo);
  /* The king cell of seat if it is in check, else TS_NO_CELL. */
  TsCell   (*checked_king)   (const TsPosition *p, guint seat);
  void     (*result)         (TsPosition *p, TsResult *out);
  /* Optional (NULL: generate and count): the number of legal moves, counting without
   * listing where that is faster; perft's last ply. scratch is an empty list to use. */
  guint64  (*count_legal)    (TsPosition *p, TsMoveList *scratch);
  /* Optional (NULL: not supported): ts_position_make_null() and ts_position_see_ge(). */
  gboolean (*make_null)      (TsPosition *p, TsUndo *undo);
  gboolean (*see_ge)         (TsPosition *p, TsMove m, const int *values, int threshold);

  char    *(*move_to_san)    (TsPosition *p, TsMove m);
  char    *(*move_to_long)   (TsPosition *p, TsMove m);
  gboolean (*move_parse)     (TsPosition *p, const char *text, TsMove *out, GError **error);

  /* Position text after the variant id: to_text returns that part; from_text reads it
   * into p (already empty), `column` is the 1-based column of text[0] for messages. */
  char    *(*to_text)        (const TsPosition *p);
  gboolean (*from_text)      (TsPosition *p, const char *text, guint column, GError **error);
};

extern const TsRulesOps ts_chess_ops;

G_END_DECLS
