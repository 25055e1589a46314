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

/* The same, keeping the line counted for the next call: from there only the moves between
 * the two nodes are made or taken back, as the game's own cursor moves (a step beside the
 * board costs one move, not the line's length). Any game, any node, edits in between: the
 * line is checked against node's (nodes and moves) each time. */
typedef struct _TsMaterialLine TsMaterialLine;

TsMaterialLine *ts_material_line_new   (void);
void            ts_material_line_free  (TsMaterialLine   *line);
void            ts_material_line_count (TsMaterialLine   *line,
                                        const TsGame     *game,
                                        const TsGameNode *node,
                                        TsMaterial       *m);
/* The balance as shown: "+3", "−1", "" for 0 (pawns from centipawns, rounded; Doseki:
 * checkers). */
char *ts_material_balance_text (const TsMaterial *m,
                                guint             seat);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsMaterialLine, ts_material_line_free)

G_END_DECLS
