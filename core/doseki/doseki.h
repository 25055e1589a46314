/* Doseki (RULES.md §7): polycube pieces on the 9×9×9 board.
 *
 * This is the family's own engine room: shape tables, the board, move generation,
 * make/unmake, the end of the game, notation and position text. The generic
 * TsPosition API reaches it through ts_doseki_ops (doseki-ops.c). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TS_DOSEKI_SIZE          9
#define TS_DOSEKI_CELLS         729
#define TS_DOSEKI_N_PIECES      13   /* P H B R A E G C J W M Q K */
#define TS_DOSEKI_N_BASES       14   /* E has two mirror-image shapes */
#define TS_DOSEKI_N_ORIENTATIONS 136
#define TS_DOSEKI_MAX_SET       8
#define TS_DOSEKI_NO_CELL       (-1)

/* Move flags: the same bits as TS_MOVE_CAPTURE / TS_MOVE_PLACE in rules/move.h. */
#define TS_DOSEKI_MOVE_CAPTURE  0x01
#define TS_DOSEKI_MOVE_PLACE    0x20

/* A cell is dense: x + 9 * (y + 9 * z); x = file a–i, y = rank 1–9, z = layer A–I.
 * Dense order is notation order (layer, then rank, then file). */
typedef gint16 TsDosekiCell;

typedef struct {
  char        letter;
  const char *name;          /* English, N_() */
  guint       n_cells;
} TsDosekiPieceInfo;

typedef struct {
  guint8 piece;               /* 0..12, index into the piece table */
  guint8 base;                /* 0..13 */
  guint8 n_cells;
  gint8  cells[TS_DOSEKI_MAX_SET][3]; /* (x, y, z) offsets from the anchor, in notation order;
                                         cells[0] is the anchor (0, 0, 0) */
} TsDosekiOrientation;

const TsDosekiPieceInfo   *ts_doseki_piece_info (guint piece);
const TsDosekiOrientation *ts_doseki_orientation (guint index);
/* Orientation index of a set of cells (any order, any translation), or -1 if it is no piece. */
int  ts_doseki_orientation_of_cells (const TsDosekiCell *cells, guint n);
int  ts_doseki_piece_by_letter (char letter);

/* The same layout as TsMove (rules/move.h): from = anchor of S or TS_DOSEKI_NO_CELL for a
 * placement, to = where the anchor lands (the placed cell), piece = piece index,
 * shape = orientation index. */
typedef struct {
  TsDosekiCell from;
  TsDosekiCell to;
  guint8       piece;
  guint8       promo;
  guint8       flags;
  guint8       shape;
} TsDosekiMove;

typedef struct {
  TsDosekiMove *moves;
  guint         n, capacity;
} TsDosekiMoveList;

void ts_doseki_move_list_init  (TsDosekiMoveList *l);
void ts_doseki_move_list_clear (TsDosekiMoveList *l);

typedef struct {
  TsDosekiMove move;
  guint8       captured;      /* bit i: cell i of S landed on an enemy checker */
  guint8       promoted;      /* outside checkers gained */
  guint16      clock;         /* plies without capture before the move */
  guint64      hash;
} TsDosekiUndo;

typedef struct _TsDosekiPos TsDosekiPos;

enum { TS_DOSEKI_EMPTY = 0, TS_DOSEKI_RED = 1, TS_DOSEKI_BLACK = 2 };

TsDosekiPos *ts_doseki_pos_new_initial (void);
TsDosekiPos *ts_doseki_pos_new_empty   (void);
TsDosekiPos *ts_doseki_pos_copy        (const TsDosekiPos *p);
void         ts_doseki_pos_free        (TsDosekiPos *p);

/* 0 empty, 1 + seat for a checker of seat (0 = Red, 1 = Black). */
guint    ts_doseki_pos_at          (const TsDosekiPos *p, TsDosekiCell c);
void     ts_doseki_pos_set         (TsDosekiPos *p, TsDosekiCell c, guint content);
guint    ts_doseki_pos_side        (const TsDosekiPos *p);
void     ts_doseki_pos_set_side    (TsDosekiPos *p, guint seat);
guint    ts_doseki_pos_outside     (const TsDosekiPos *p, guint seat);
void     ts_doseki_pos_set_outside (TsDosekiPos *p, guint seat, guint n);
guint    ts_doseki_pos_ply         (const TsDosekiPos *p);
guint    ts_doseki_pos_clock       (const TsDosekiPos *p);
guint    ts_doseki_pos_count       (const TsDosekiPos *p, guint seat);
guint64  ts_doseki_pos_hash        (const TsDosekiPos *p);

/* Appends every legal move (moves, then placements); returns how many. out may be NULL to
 * count only. */
guint    ts_doseki_generate       (TsDosekiPos *p, TsDosekiMoveList *out);
/* Captures and moves that gain outside checkers. */
guint    ts_doseki_generate_noisy (TsDosekiPos *p, TsDosekiMoveList *out);
gboolean ts_doseki_is_legal       (TsDosekiPos *p, TsDosekiMove m);
void     ts_doseki_make           (TsDosekiPos *p, TsDosekiMove m, TsDosekiUndo *u);
void     ts_doseki_unmake         (TsDosekiPos *p, const TsDosekiUndo *u);
/* Outside checkers the move would gain (0 for a placement). */
guint    ts_doseki_move_promotions (const TsDosekiPos *p, TsDosekiMove m);
guint64  ts_doseki_perft          (TsDosekiPos *p, guint depth);

typedef enum {
  TS_DOSEKI_ONGOING,
  TS_DOSEKI_LOSS,          /* the side to move has no legal move or placement */
  TS_DOSEKI_DRAW_CLOCK,    /* 100 plies without a capture */
  TS_DOSEKI_DRAW_REPETITION,
} TsDosekiEnd;
TsDosekiEnd ts_doseki_end (TsDosekiPos *p);

/* Polycube labels: labels[c] = 0 for an empty cell, else 1 + index of the polycube
 * (numbered in notation order of their first cell). Returns the number of polycubes. */
guint ts_doseki_polycubes (const TsDosekiPos *p, guint labels[TS_DOSEKI_CELLS]);

/* Notation (RULES.md §7) and position text. */
void         ts_doseki_cell_name  (TsDosekiCell c, char buf[4]);
TsDosekiCell ts_doseki_parse_cell (const char *text, const char **end);
char        *ts_doseki_move_to_text (const TsDosekiPos *p, TsDosekiMove m);
gboolean     ts_doseki_move_parse   (TsDosekiPos *p, const char *text, TsDosekiMove *out,
                                     GError **error);
char        *ts_doseki_pos_to_text  (const TsDosekiPos *p);
TsDosekiPos *ts_doseki_pos_from_text (const char *text, GError **error);

#define TS_DOSEKI_ERROR (ts_doseki_error_quark ())
GQuark ts_doseki_error_quark (void);
enum { TS_DOSEKI_ERROR_PARSE, TS_DOSEKI_ERROR_ILLEGAL };

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsDosekiPos, ts_doseki_pos_free)

G_END_DECLS
