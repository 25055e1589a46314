#pragma once

#include <glib.h>

#include "rules/geometry.h"

G_BEGIN_DECLS

#define TS_NO_PROMO 0xff

enum {
  TS_MOVE_CAPTURE    = 1 << 0,
  TS_MOVE_EN_PASSANT = 1 << 1,
  TS_MOVE_CASTLE     = 1 << 2,
  TS_MOVE_DROP       = 1 << 3,
  TS_MOVE_DOUBLE     = 1 << 4,   /* a pawn's two-step move */
  TS_MOVE_PLACE      = 1 << 5,   /* Doseki: placement of an outside checker */
  /* Four players: the seat that moves leaves the game (a fallen flag or a resignation)
   * and its army is eliminated as if it had no legal move (RULES.md §4, §5). Never
   * generated; from and to are TS_NO_CELL; written "--". See ts_move_leave(). */
  TS_MOVE_LEAVE      = 1 << 6,
};

typedef struct {
  TsCell from;    /* origin; TS_NO_CELL for a drop or a Doseki placement */
  TsCell to;      /* destination; Doseki: where the anchor cell (first listed cell of S) lands */
  guint8 piece;   /* piece type moving or dropped */
  guint8 promo;   /* promotion piece type, or TS_NO_PROMO */
  guint8 flags;   /* TS_MOVE_* */
  guint8 shape;   /* Doseki: orientation index of S (S = anchor `from` + shape cells); else 0 */
} TsMove;         /* 8 bytes, passed by value */

G_STATIC_ASSERT (sizeof (TsMove) == 8);

gboolean ts_move_equal (TsMove a,
                        TsMove b);
/* The TS_MOVE_LEAVE move, and its notation. */
#define TS_MOVE_LEAVE_TEXT "--"
TsMove   ts_move_leave (void);

/* Growable list. ts_move_list_clear frees the storage; the list can be reused after. */
typedef struct {
  TsMove *moves;
  guint   n, capacity;
} TsMoveList;

void ts_move_list_init  (TsMoveList *l);
void ts_move_list_clear (TsMoveList *l);
void ts_move_list_grow  (TsMoveList *l);
gboolean ts_move_list_contains (const TsMoveList *l,
                                TsMove            m);

static inline void
ts_move_list_push (TsMoveList *l,
                   TsMove      m)
{
  if (G_UNLIKELY (l->n == l->capacity))
    ts_move_list_grow (l);
  l->moves[l->n++] = m;
}

G_END_DECLS
