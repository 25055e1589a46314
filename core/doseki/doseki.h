/* Doseki (RULES.md §7): polycube pieces on the 9×9×9 board.
 *
 * The family plugs into the generic position API through ts_doseki_ops; everything a
 * caller needs goes through rules/position.h, rules/notation.h and rules/postext.h
 * with the variant "doseki". This header adds what only Doseki has: the shape tables
 * and a few questions about moves and polycubes.
 *
 * A TsMove of Doseki: from = the anchor of the moving set S (its first cell in
 * notation order: by layer, then rank, then file, which is dense cell order),
 * shape = orientation index (0..135), to = the cell where the anchor lands,
 * piece = piece type (0..12 as in ts_doseki_piece_info), flags TS_MOVE_CAPTURE;
 * a placement is from = TS_NO_CELL, to = the cell, piece 0, flags TS_MOVE_PLACE.
 * On the board every checker is piece type 0; outside checkers are the hand count of
 * type 0. */
#pragma once

#include <glib.h>

#include "rules/position.h"
#include "rules/rules-ops.h"

G_BEGIN_DECLS

#define TS_DOSEKI_SIZE           9
#define TS_DOSEKI_CELLS          729
#define TS_DOSEKI_N_PIECES       13   /* P H B R A E G C J W M Q K */
#define TS_DOSEKI_N_BASES        14   /* E has two mirror-image shapes */
#define TS_DOSEKI_N_ORIENTATIONS 136
#define TS_DOSEKI_MAX_SET        8

typedef struct {
  char        letter;
  const char *name;          /* English, N_() */
  guint       n_cells;
} TsDosekiPieceInfo;

typedef struct {
  guint8 piece;               /* 0..12, index into the piece table */
  guint8 base;                /* 0..13, the row of RULES.md §7's table (E counts twice) */
  guint8 n_cells;
  gint8  cells[TS_DOSEKI_MAX_SET][3]; /* (x, y, z) offsets from the anchor, in notation
                                         order; cells[0] is the anchor (0, 0, 0) */
} TsDosekiOrientation;

extern const TsRulesOps ts_doseki_ops;

const TsDosekiPieceInfo   *ts_doseki_piece_info (guint piece);
const TsDosekiOrientation *ts_doseki_orientation (guint index);
/* Orientation index of a set of dense cells (any order), or -1 if it is no piece. */
int   ts_doseki_orientation_of_cells (const TsCell *cells, guint n);
int   ts_doseki_piece_by_letter      (char letter);

/* The cells of S of a move (not a placement), in notation order; returns how many. */
guint ts_doseki_move_cells      (TsMove m, TsCell cells[TS_DOSEKI_MAX_SET]);
/* Outside checkers the move would gain for the side to move (0 for a placement). */
guint ts_doseki_move_captures   (const TsPosition *p, TsMove m);
guint ts_doseki_move_promotions (const TsPosition *p, TsMove m);
/* Both for each capture of moves[0..n), in one call for a list (the engine scores a
 * node's thousands of captures): gains[i] = ts_doseki_move_captures |
 * ts_doseki_move_promotions << 8 for a capture, 0 for the others. */
void  ts_doseki_capture_gains   (const TsPosition *p, const TsMove *moves, guint n,
                                 guint16 *gains);
/* How many legal moves, without listing them (placements included). */
guint ts_doseki_count_moves     (TsPosition *p);
/* The captures that land a checker on a cell that move `last` (just made by the other
 * side) moved to: the full list's captures covering those cells, in its order. For
 * quiescence, which answers a capture with recaptures only. None if last placed. */
guint ts_doseki_generate_recaptures (TsPosition *p, TsMove last, TsMoveList *out);
/* Polycube labels: labels[c] = 0 for an empty cell, else 1 + index of the polycube
 * (numbered in notation order of their first cell). Returns the number of polycubes. */
guint ts_doseki_polycubes       (const TsPosition *p, guint labels[TS_DOSEKI_CELLS]);

G_END_DECLS
