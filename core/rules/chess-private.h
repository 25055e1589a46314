#pragma once

#include "rules/rules-private.h"

G_BEGIN_DECLS

#define IS_PIECE(v) ((v) & 0x80)   /* a board value that is a piece (not empty, not off) */

typedef struct {
  TsPosition           *p;
  const TsVariantRules *r;
  guint                 side;         /* seat whose pieces move */
  int                   guard_seat;   /* seat whose king must stay safe, or -1 */
  int                   guard;        /* its king cell, or -1 */
  int                   guard_dense;  /* the same as a TsCell, or G_MININT */
  guint8                enemies;      /* seats that check the guarded king */
  gboolean              in_check;
  guint                 n_checkers;   /* 0, 1, or 2 for two or more */
  guint                 n_block;
  gint16                block[TS_MAX_SIZE];   /* with one checker: its cell and the cells between */
  guint                 n_pinned;
  gint16                pinned[TS_MAX_RAYS];
  const guint8         *cap_ok;       /* [256] board values the mover may capture */
  const guint8         *cnt_ok;       /* [256] the same, and empty cells */
  gboolean              first_only;   /* counting: stop once a move is counted */
  guint                 pieces_end;   /* ts_chess_gen_pseudo's list: the end of the pieces'
                                       * moves (by their from cells, ascending), before
                                       * castling and drops */
} TsChessGen;

/* chess.c: generation and legality */
void     ts_chess_gen_pseudo    (TsChessGen *g, TsMoveList *out, gboolean noisy, guint64 *count);
gboolean ts_chess_test_move     (TsChessGen *g, TsMove m);
gboolean ts_chess_has_legal_move (TsPosition *p);

/* chess-attack.c: attacks, checks, pins, exchanges */
void     ts_chess_build_scan_tables (TsVariant *v);
void     ts_chess_gen_init      (TsChessGen *g, TsPosition *p, guint side);
guint8   ts_chess_enemies       (const TsPosition *p, guint seat);
gboolean ts_chess_attacked      (const TsPosition *p, int cell, guint8 seats);
TsCell   ts_chess_checked_king  (const TsPosition *p, guint seat);
gboolean ts_chess_see_ge        (TsPosition *p, TsMove m, const int *values, int threshold);

/* chess-make.c: make/unmake and the result */
void     ts_chess_apply         (TsPosition *p, TsMove m, guint side, TsUndo *u);
void     ts_chess_revert        (TsPosition *p, const TsUndo *u, guint from_change);
int      ts_chess_leaving_seat  (const TsPosition *p);
void     ts_chess_make          (TsPosition *p, TsMove m, TsUndo *u);
void     ts_chess_unmake        (TsPosition *p, const TsUndo *u);
gboolean ts_chess_make_null     (TsPosition *p, TsUndo *u);
void     ts_chess_result        (TsPosition *p, TsResult *out);

char    *ts_chess_move_to_san   (TsPosition *p, TsMove m);
char    *ts_chess_move_to_long  (TsPosition *p, TsMove m);
gboolean ts_chess_move_parse    (TsPosition *p, const char *text, TsMove *out, GError **error);
char    *ts_chess_to_text       (const TsPosition *p);
gboolean ts_chess_from_text     (TsPosition *p, const char *text, guint column, GError **error);

G_END_DECLS
