#pragma once

#include <glib.h>

#include "rules/geometry.h"
#include "rules/move.h"
#include "rules/variant.h"

G_BEGIN_DECLS

/* 0 = empty; else 0x80 | seat << 4 | type. */
typedef guint8 TsPiece;

#define TS_PIECE_NONE            ((TsPiece) 0)
#define TS_PIECE_MAKE(seat, type) ((TsPiece) (0x80 | (((seat) & 3) << 4) | ((type) & 0x0f)))
#define TS_PIECE_SEAT(p)         ((guint) (((p) >> 4) & 3))
#define TS_PIECE_TYPE(p)         ((guint) ((p) & 0x0f))

typedef struct _TsPosition TsPosition;   /* opaque-ish; use the functions */

/* The small, non-board part of a position; TsUndo keeps a copy. Contents private. */
typedef struct {
  guint64 hash;
  gint16  ep_cell;        /* internal cell passed over by a two-step pawn move, or -1 */
  gint16  ep_victim;      /* internal cell of that pawn */
  guint16 halfmove;       /* plies since the last capture, pawn move or drop */
  guint8  side;           /* seat to move */
  guint8  out_mask;       /* eliminated seats */
  guint8  mated_mask;     /* eliminated seats that were in check (checkmated) */
  guint8  checked_mask;   /* seats whose king has been in check (Nihongi) */
  guint8  n_out;
  guint8  out_order[TS_MAX_SEATS];
  guint8  over;           /* game over decided inside make (king captured, last army) */
  guint8  hand[TS_MAX_SEATS][TS_MAX_PIECE_TYPES];  /* drops; Doseki's outside checkers */
} TsPositionState;

/* Enough for a Doseki move capturing 8 cells, or castling plus eliminations. */
#define TS_UNDO_MAX_CHANGES 24

/* Stack-allocated by callers; contents private. */
typedef struct {
  TsMove          move;
  guint8          n_changes;
  gint16          change_cell[TS_UNDO_MAX_CHANGES];   /* internal cells, restored in reverse */
  guint8          change_piece[TS_UNDO_MAX_CHANGES];  /* their previous contents */
  TsPositionState state;
} TsUndo;

TsPosition      *ts_position_new_initial   (const TsVariant  *v);
TsPosition      *ts_position_new_empty     (const TsVariant  *v);   /* for the editor */
TsPosition      *ts_position_copy          (const TsPosition *p);
void             ts_position_free          (TsPosition       *p);
const TsVariant *ts_position_variant       (const TsPosition *p);

TsPiece          ts_position_piece_at      (const TsPosition *p,
                                            TsCell            c);
/* Every piece on the board, seat by seat (cells ascending within a seat): its cell and
 * value into cells[] and pieces[] (room for the variant's number of cells); returns
 * how many. One call instead of a ts_position_piece_at() per cell (the engine's
 * evaluation). */
guint            ts_position_pieces        (const TsPosition *p,
                                            TsCell           *cells,
                                            TsPiece          *pieces);
/* Editor; keeps the hash right. A king, rook or pawn put on its setup cell keeps its
 * first-move rights (castling, two-step). */
void             ts_position_set_piece     (TsPosition       *p,
                                            TsCell            c,
                                            TsPiece           piece);
/* The cells the move that undo undoes changed (each once or more), into cells (room for
 * TS_UNDO_MAX_CHANGES); returns how many, or -1 where the variant's moves keep no such
 * log (Doseki). A null move changes none. For the engine's incremental evaluation. */
int              ts_position_changed_cells (const TsPosition *p,
                                            const TsUndo     *undo,
                                            TsCell           *cells);
guint            ts_position_side_to_move  (const TsPosition *p);   /* seat 0..n_seats-1 */
void             ts_position_set_side_to_move (TsPosition    *p,
                                            guint             seat);
guint            ts_position_ply           (const TsPosition *p);   /* plies since the start */
guint            ts_position_halfmove_clock (const TsPosition *p);
guint64          ts_position_hash          (const TsPosition *p);
/* The hashes of the positions before this one, oldest first (the moves made on p or
 * on the position it was copied from); *n receives how many. For repetition. */
const guint64   *ts_position_history       (const TsPosition *p,
                                            guint            *n);
guint            ts_position_hand_count    (const TsPosition *p,
                                            guint             seat,
                                            guint             type);
/* A seat's whole hand, a count per piece type (TS_MAX_PIECE_TYPES of them): one call
 * where the evaluation reads every type's. */
const guint8    *ts_position_hand          (const TsPosition *p,
                                            guint             seat);
void             ts_position_set_hand_count (TsPosition      *p,
                                            guint             seat,
                                            guint             type,
                                            guint             count);
/* The seats still in the game, a bit a seat (ts_position_seat_active of each). */
guint            ts_position_active_seats  (const TsPosition *p);
gboolean         ts_position_seat_active   (const TsPosition *p,
                                            guint             seat);   /* not eliminated */
/* The seat whose king counts for the legality of the side to move's moves (in team play
 * the partner of an eliminated seat), or -1 in variants without check. */
int              ts_position_controller    (const TsPosition *p,
                                            guint             seat);

/* First-move rights (castling, two-step) of the piece on c. */
gboolean         ts_position_unmoved       (const TsPosition *p,
                                            TsCell            c);
/* The en passant right: the cell passed over and the pawn's cell; FALSE if none. */
gboolean         ts_position_en_passant    (const TsPosition *p,
                                            TsCell           *passed,
                                            TsCell           *pawn);
/* Nihongi: the king of seat has been in check (it lost its D step). */
gboolean         ts_position_has_been_checked (const TsPosition *p,
                                            guint             seat);

gboolean         ts_position_in_check      (const TsPosition *p);   /* the side to move's king */
TsCell           ts_position_checked_king  (const TsPosition *p,
                                            guint             seat); /* king cell if in check */

void             ts_position_generate_legal       (TsPosition *p,
                                                   TsMoveList *out);   /* appends */
void             ts_position_generate_legal_noisy (TsPosition *p,
                                                   TsMoveList *out);   /* captures + promotions */
gboolean         ts_position_is_legal      (TsPosition       *p,
                                            TsMove            m);
void             ts_position_make          (TsPosition       *p,
                                            TsMove            m,
                                            TsUndo           *undo);   /* m must be legal */
void             ts_position_unmake        (TsPosition       *p,
                                            const TsUndo     *undo);

/* For a search's null-move pruning: passes the turn to the opponent (no move of any
 * variant's rules), undone by ts_position_unmake(). FALSE, and p unchanged, where that
 * is not offered: four players, Doseki, compulsory captures, a finished game. The side
 * to move must not be in check. */
gboolean         ts_position_make_null     (TsPosition       *p,
                                            TsUndo           *undo);
/* Static exchange evaluation of the legal move m: does the exchange it starts on its
 * destination (the two sides capturing there in turn, each with its least valuable
 * piece, each free to stop) end at least threshold up for the side to move?
 * values[type] is each piece type's worth; a king (where kings may not be captured)
 * takes part only as the last capture. Pins are ignored. With four players the other
 * side is every opponent. TRUE where the family has no exchange (Doseki). */
gboolean         ts_position_see_ge        (TsPosition       *p,
                                            TsMove            m,
                                            const int        *values,
                                            int               threshold);

/* Game state: the position keeps its own history of hashes for repetition. */
typedef enum {
  TS_RESULT_NONE,
  TS_RESULT_WIN,
  TS_RESULT_DRAW,
} TsResultKind;

typedef struct {
  TsResultKind kind;
  guint        winner_team;   /* with WIN: the team (== seat in free-for-all) */
  const char  *reason;        /* "checkmate", "stalemate", "fifty-move rule", "threefold repetition",
                                 "king captured", "last army standing", "no legal move"; N_() */
  guint        n_eliminated;
  guint        eliminated[TS_MAX_SEATS];   /* 4-player: the order of elimination */
} TsResult;

void             ts_position_result        (TsPosition       *p,
                                            TsResult         *out);
/* The draws that need no move generation: the move counter at its limit ("fifty-move
 * rule") or the third occurrence of the position ("threefold repetition"), N_(); NULL
 * when neither. ts_position_result says the same when the side to move has a move. */
const char      *ts_position_draw_by_rule  (const TsPosition *p);
guint64          ts_perft                  (TsPosition       *p,
                                            guint             depth);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsPosition, ts_position_free)

G_END_DECLS
