/* Evaluation tables of one variant and the static evaluation. Private to the engine. */
#pragma once

#include <glib.h>

#include "rules/position.h"
#include "rules/variant.h"

G_BEGIN_DECLS

#define TS_EVAL_KING_ATTACKS 128   /* more attacks on a king's cells count as this many */

typedef struct {
  const TsVariant *variant;
  gboolean doseki;
  gboolean teams;               /* some seats share a team */
  guint    n_seats, n_types, ncells;
  int      value[16];           /* centipawns; royal pieces 0 */
  int      attack_value[16];    /* for MVV/LVA and the greedy player: royal pieces too */
  double   mobility[16];        /* average number of targets on the empty board */
  int      mobility_base[16];   /* the mobility term's zero: half the average, weighted */
  /* Empty-board rays per type and cell, from the targets of the piece alone there
   * (ts_variant_lone_targets): the number of rays of one cell and their cells, then
   * the longer rays, each its length then its cells in order of distance; a length of
   * 0 ends the cell's list. */
  gint32  *ray_start;           /* [type * ncells + cell] -> index into rays, or -1 */
  const gint32 *ray_start_of[16];   /* [type][cell]: into ray_start */
  guint8   reachable[4][256];   /* [seat][board value]: empty, or another seat's piece */
  /* The cells on the rays of a type from a cell, map_words bits a (type, cell): whether
   * a change of the board there may change that piece's mobility. */
  guint64 *ray_map;             /* [(type * ncells + cell) * map_words] */
  const guint64 *ray_map_of[16];    /* [type]: into ray_map */
  guint64 *seen_from;           /* [cell * map_words]: the cells whose rays (any type's) hold it */
  guint    map_words;
  gint16  *rays;
  /* A piece's longer ray holding a given target, so that a change there walks that ray
   * only: ray_dir_of[t][dir_key[d] - dir_key[c]] is the type's number for the reduced
   * direction from c to d (0xff: none of its longer rays), dir_ray_of[t][c * n_dirs[t] +
   * that number] the ray's index into rays (its length), or -1; a target in such a
   * direction is in that ray. Types whose targets do not allow it (two longer rays, or a
   * ray and another target, in one direction) are in whole_rewalk and walk whole. */
  gint32   dir_key[TS_MAX_CELLS];
  guint8  *ray_dir;             /* [type * box + difference] */
  const guint8 *ray_dir_of[16]; /* at the type's zero difference */
  gint32  *dir_ray;
  const gint32 *dir_ray_of[16];
  guint    n_dirs[16];
  guint    whole_rewalk;
  gint16  *centre;              /* [type * ncells + cell]: centrality bonus */
  gint16  *advance;             /* [seat * ncells + cell]: pawn progress bonus */
  gint16  *neighbours;          /* [cell * 81 + i]: cells at Chebyshev distance 1, -1 ends */
  int      coords[TS_MAX_CELLS][TS_MAX_DIMS];
  int      doseki_forward[4];   /* Doseki: +1 / -1 along y per seat */
  guint    royal_mask, pawn_mask;   /* piece types that are royal, pawn-like */
  /* Material and cell terms of a piece, middlegame and endgame packed in one number
   * (eval.c's EVAL_PACK): [(piece & 0x3f) * ncells + cell], piece = seat << 4 | type;
   * npm[type]: non-pawn material. */
  gint64  *pst;
  const gint64 *pst_of[64];     /* [piece & 0x3f][cell]: into pst */
  int      npm[16];
  int      phase_total;         /* non-pawn material of the initial position */
  gint16   king_attack[TS_EVAL_KING_ATTACKS];   /* penalty for a attacks on a king's cells */
} TsEval;

/* The weights that matches chose for a variant (docs/engine.md, "Tuning the evaluation
 * by matches"); variants not tuned get the defaults. */
typedef struct {
  double value_per_target;   /* a piece's value: 130 + this × its average mobility */
  double advance_linear;     /* a pawn δ cells on: linear × δ + square × δ² */
  double advance_square;
  double king_attack;        /* scales the attacks-on-the-king penalty (not its cap) */
} TsEvalWeights;

/* What an evaluation leaves for those of the positions a move away: its terms, and per
 * cell the board with the king zones and the mobility of the piece there. */
typedef struct {
  guint64 key;                  /* the engine's: the position's hash, 0 for none */
  guint8  counts[4];            /* the seats that count (material, mobility) */
  guint8  active;               /* ts_position_active_seats */
  guint   enemies[4];           /* the seats on the other side of each seat */
  TsCell  king[4];
  gint64  cell_terms[4];        /* material and cell tables (eval-private.h EVAL_PACK) */
  guint64 attacks;              /* on each seat's king zone, 16 bits a seat */
  int     npm_seat[4], mobility[4], shelter[4];
  guint64 walkers[(TS_MAX_CELLS + 63) / 64];   /* the cells of the pieces walked */
  guint16 board[TS_MAX_CELLS];  /* piece, and king-zone seats << 8 */
  gint16  mob_at[TS_MAX_CELLS]; /* the mobility term of the piece on the cell */
  guint32 att_at[TS_MAX_CELLS]; /* its attacks on the king zones, 8 bits a seat */
} TsEvalState;

void ts_eval_weights (const TsVariant *v, TsEvalWeights *w);
void ts_eval_init  (TsEval *ev, const TsVariant *v);
void ts_eval_clear (TsEval *ev);
/* Score of the position for side `side`, where seat s belongs to side side_of[s].
 * side_has_pieces (may be NULL): whether that side has pieces other than pawns and
 * kings (null-move pruning is unsafe without). */
int  ts_eval_position (const TsEval *ev, TsPosition *pos, const guint side_of[4], guint side,
                       gboolean *side_has_pieces);
/* The same score, leaving the evaluation's state in st (not for Doseki). With parent,
 * the state of the position before the move that changed the cells changed[n_changed]
 * (ts_position_changed_cells), only what those cells touch is evaluated again; the
 * whole board where that cannot be (a king moved, a seat left). */
int  ts_eval_position_state (const TsEval *ev, TsPosition *pos, const guint side_of[4],
                             guint side, gboolean *side_has_pieces, const TsEvalState *parent,
                             const TsCell *changed, int n_changed, TsEvalState *st);
/* Material only (the greedy player), same convention. */
int  ts_eval_material (const TsEval *ev, TsPosition *pos, const guint side_of[4], guint side);

G_END_DECLS
