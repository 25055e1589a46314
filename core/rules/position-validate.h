#pragma once

#include <glib.h>

#include "rules/position.h"

G_BEGIN_DECLS

/* Whether a position set up by hand can be played from, with every reason why not;
 * and the editor's setters for the parts of a position that moves normally change
 * (first-move rights, en passant, counters). Readings: docs/position-editor.md. */

typedef enum {
  TS_POSITION_PROBLEM_NO_KING,          /* an army in play has no king */
  TS_POSITION_PROBLEM_TWO_KINGS,        /* an army has more than one king */
  TS_POSITION_PROBLEM_PAWN_PROMOTION,   /* a pawn stands on its own promotion cells */
  TS_POSITION_PROBLEM_NOT_TO_MOVE_CHECK,/* the army that moved last is in check */
  TS_POSITION_PROBLEM_CASTLING,         /* a first-move right on a piece away from home */
  TS_POSITION_PROBLEM_EN_PASSANT,       /* the en passant cells do not fit the board */
  TS_POSITION_PROBLEM_SIDE_OUT,         /* the side to move has been eliminated */
} TsPositionProblemKind;

typedef struct {
  TsPositionProblemKind kind;
  int                   seat;      /* the army concerned, or -1 */
  TsCell                cell;      /* the cell concerned, or TS_NO_CELL */
  char                 *message;   /* translated, names the army and the cell */
} TsPositionProblem;

/* Every reason the position cannot be played from, in a stable order: a GArray of
 * TsPositionProblem (empty when the position is legal). Free with g_array_unref. */
GArray   *ts_position_validate           (const TsPosition *p);

/* Editor helpers. They keep the hash, the king cells and the text writer right. */

/* Puts piece (TS_PIECE_NONE: empties) on c. Unlike ts_position_set_piece, it copes
 * with an army that has two kings for a while. */
void      ts_position_edit_piece         (TsPosition       *p,
                                          TsCell            c,
                                          TsPiece           piece);
/* Gives or takes the first-move right of the piece on c; FALSE if it has none. */
gboolean  ts_position_set_first_move     (TsPosition       *p,
                                          TsCell            c,
                                          gboolean          unmoved);
/* passed TS_NO_CELL clears the en passant right. */
void      ts_position_set_en_passant     (TsPosition       *p,
                                          TsCell            passed,
                                          TsCell            pawn);
void      ts_position_set_ply            (TsPosition       *p,
                                          guint             ply);

gboolean  ts_variant_has_en_passant      (const TsVariant  *v);

/* Castling: the variant's castles for a seat ("O-O", "O-O-O"). */
guint     ts_variant_n_castles           (const TsVariant  *v,
                                          guint             seat);
const char *ts_variant_castle_name       (const TsVariant  *v,
                                          guint             seat,
                                          guint             i);
/* The king and rook of the castle are at home with their first-move rights. */
gboolean  ts_position_castling_right     (const TsPosition *p,
                                          guint             seat,
                                          guint             i);
/* FALSE (and nothing changed) when giving a right whose king or rook is not at home.
 * Taking a right clears the rook's flag, and the king's once no castle is left. */
gboolean  ts_position_set_castling_right (TsPosition       *p,
                                          guint             seat,
                                          guint             i,
                                          gboolean          right);

G_END_DECLS
