#pragma once

#include <glib.h>

#include "records/game.h"

G_BEGIN_DECLS

/* What each seat has and has taken at a node of a game: the material beside the board
 * (docs/study-tools.md, "Material"). Plain data; no GTK. */
typedef struct {
  guint    n_seats;
  gboolean doseki;       /* counted in checkers, not in piece values */
  /* captured[taker][owner][type]: pieces of owner that taker's moves took */
  guint    captured[TS_MAX_SEATS][TS_MAX_SEATS][TS_MAX_PIECE_TYPES];
  int      material[TS_MAX_SEATS];  /* centipawns on the board and in hand; Doseki: checkers */
  int      balance[TS_MAX_SEATS];   /* against the others (see ts_material_compute) */
  guint    outside[TS_MAX_SEATS];   /* Doseki: checkers waiting outside the board */
} TsMaterial;

/* The engine's value of a piece type in centipawns (royal pieces 0), as the engine
 * computes it from the piece's mobility; cached per variant. */
int  ts_material_piece_value (const TsVariant  *variant,
                              guint             type);
/* Counts along the line from the start to node. Two players: balance = own material minus
 * the other's; four: own minus the mean of the other three (rounded toward zero). */
void ts_material_compute     (TsMaterial       *m,
                              const TsGame     *game,
                              const TsGameNode *node);
/* The balance as shown: "+3", "−1", "" for 0 (pawns from centipawns, rounded; Doseki:
 * checkers). */
char *ts_material_balance_text (const TsMaterial *m,
                                guint             seat);

G_END_DECLS
