/* The engine's context (see engine.h). Private to core/engine. */
#pragma once

#include <string.h>

#include "engine/engine.h"
#include "engine/eval.h"
#include "engine/tt.h"

G_BEGIN_DECLS

typedef struct {
  TsMove m;
  int    score;
} TsScoredMove;

typedef struct {
  TsMove m;
  int    score;        /* this iteration (-TS_SCORE_INFINITE: below the window) */
  int    prev_score;   /* last completed iteration */
  guint  pv_len;       /* m and the moves of line */
  TsMove *line;        /* the PV after m (TS_ENGINE_MAX_PLY moves), made when it has one:
                          a Doseki root lists ~30 000 moves, sorted after each iteration */
} TsRootMove;

#define TS_PLY_SLOTS (TS_ENGINE_MAX_PLY + 8)
#define TS_EVAL_CACHE_SIZE (1 << 16)

/* The move picker of one node (movepick.c): the hash move first, before any
 * generation, then the generated moves by score; captures that lose material by
 * static exchange go after the quiet moves (quiescence skips them itself). */
/* Which of the generated moves a picker gives: all; or a Doseki node's captures, then
 * the rest (the captures come first in its order, and generating them alone is cheaper). */
enum { TS_PICK_ALL, TS_PICK_CAPTURES, TS_PICK_REST };

/* Chess: a move's sort key (score and index), then the move itself. */
typedef union {
  guint64 key;
  TsMove  m;
} TsPickSlot;

typedef struct {
  int           ply;
  TsMove        hash_move;
  guint         stage;
  gboolean      noisy_only;   /* quiescence, not in check: captures and promotions */
  gboolean      recaptures;   /* Doseki quiescence past its first ply: only the captures */
  TsMove        recapture_of; /* onto the cells this move moved to are generated */
  guint         part;         /* TS_PICK_… */
  TsMoveList   *list;
  TsScoredMove *sm;           /* Doseki: the moves and their scores */
  /* Chess: the moves (the list's, picked ones first; past the picks by selection, the
   * rest sorted in the ply's scratch) and their scores beside them, apart so that the
   * selection's scans and the sort read only scores. */
  TsMove       *moves;
  int          *scores;
  TsPickSlot   *slots;        /* the sort's keys, then the sorted moves */
  guint         n, next;
  guint         sorted_end;   /* chess: the moves are sorted up to here (else 0) */
} TsPicker;

struct _TsEngine {
  gint             ref_count;
  GMutex           lock;             /* held by the search running on the engine */
  GMutex           owner_lock;       /* guards current */
  TsSearch        *current;          /* the last TsSearch started on it, until it ends */
  const TsVariant *variant;
  gsize            ready;            /* g_once: ev, tt and the tables below are made */
  guint            hash_mb;
  TsEval           ev;
  TsTT             tt;
  gint32           history[4][16][TS_MAX_CELLS];
  TsMove           killers[TS_PLY_SLOTS][2];
  int              see_values[16];   /* piece values for exchanges; kings count high */
  guint64         *eval_cache;       /* Doseki's, [TS_EVAL_CACHE_SIZE]: key's high 44 bits | score + 2^19 */

  /* One search's state. */
  TsPosition      *pos;
  const gint      *stop;
  TsSearchLimits   limits;
  gint64           start_us, soft_us, hard_us;   /* deadlines; 0 = none */
  guint64          poll_mask;        /* read the clock when (nodes & poll_mask) == 0 */
  guint64          nodes;
  gboolean         aborted;
  gboolean         root_scored;      /* a root move has a searched score: the clock may stop it */
  gboolean         mate_mode;
  gboolean         null_ok;          /* the variant offers a null move */
  guint            root_seat;
  guint            side_of[4];       /* 0: the root's team; 1: the others (paranoid) */
  guint64          key_salt;
  int              noise;
  guint            cycle;            /* plies between two turns of the same seat */
  guint            root_depth;
  guint            seldepth;
  guint            n_game_history;   /* the first entries of the position's history are
                                        the game's before the root, oldest first */
  guint64          path[TS_PLY_SLOTS];
  gboolean         null_move[TS_PLY_SLOTS];   /* ply was reached by a null move */
  TsMove           reached_by[TS_PLY_SLOTS];  /* the move that reached ply */
  int              static_eval[TS_PLY_SLOTS];
  gboolean         maybe_over[TS_PLY_SLOTS];
  TsMoveList       lists[TS_PLY_SLOTS];
  TsScoredMove    *scored[TS_PLY_SLOTS];    /* a ply's scratch for the picker: its scored
                                               moves, or a chess picker's keys and scores */
  guint            scored_cap[TS_PLY_SLOTS];
  TsMove           pv[TS_PLY_SLOTS][TS_PLY_SLOTS];
  guint            pv_len[TS_PLY_SLOTS];
  TsRootMove      *root;
  guint            n_root;
  guint8           doseki_cells[16]; /* Doseki: cells of each piece shape */
  /* The evaluation of each ply's position, for its children's (eval.h), and the move
   * that reached each ply: the positions' hashes before and after, the cells changed. */
  TsEvalState     *eval_state;       /* [TS_PLY_SLOTS] */
  struct {
    guint64 from_key, key;
    int     n_changed;               /* -1: not known */
    TsCell  changed[TS_UNDO_MAX_CHANGES];
  } made[TS_PLY_SLOTS];
  guint16         *doseki_gains;     /* Doseki: a list's captures' gains, being scored */
  guint            doseki_gains_cap;
};

/* The move's eight bytes as one number: equal moves, and Doseki's ties (movepick.c). */
static inline guint64
ts_move_key (TsMove m)
{
  guint64 k;

  G_STATIC_ASSERT (sizeof m == sizeof k);
  memcpy (&k, &m, sizeof k);
  return k;
}

static inline gboolean
ts_same_move (TsMove a, TsMove b)
{
  return ts_move_key (a) == ts_move_key (b);
}

static inline gboolean
ts_move_is_noisy (TsMove m)
{
  return (m.flags & (TS_MOVE_CAPTURE | TS_MOVE_EN_PASSANT)) || m.promo != TS_NO_PROMO;
}

static inline TsMove
ts_no_move (void)
{
  TsMove m = { TS_NO_CELL, TS_NO_CELL, 0, TS_NO_PROMO, 0, 0 };

  return m;
}

/* movepick.c */
TsScoredMove *ts_engine_scored_for (TsEngine *e, int ply, guint n);
void   ts_engine_score_moves   (TsEngine *e, TsScoredMove *sm, const TsMoveList *l,
                                TsMove hash_move, int ply);
void   ts_engine_sort_scored_stable (TsScoredMove *sm, guint n);   /* and ties in order */
int    ts_engine_capture_gain  (TsEngine *e, TsMove m);
gboolean ts_engine_doseki_recapture (TsEngine *e, TsMove m, TsMove last);
gboolean ts_engine_losing_capture (TsEngine *e, TsMove m);
void   ts_picker_init          (TsPicker *pk, TsEngine *e, int ply, TsMove hash_move,
                                gboolean quiescence, gboolean in_check);
/* Doseki quiescence: generate only the captures onto the cells that `last` moved to. */
void   ts_picker_only_recaptures (TsPicker *pk, TsMove last);
/* The next move, or FALSE when there is none left. */
gboolean ts_picker_next        (TsPicker *pk, TsEngine *e, TsMove *out);
/* A cut by quiet move m at depth: killers and history (with a malus for the quiet
 * moves tried before it, tried[0..n_tried)). */
void   ts_engine_reward_quiet  (TsEngine *e, int ply, int depth, TsMove m,
                                const TsMove *tried, guint n_tried);

/* root-lines.c: root moves by score, best first, equal scores in their order; their
 * PVs; the search info's lines */
int    ts_engine_cmp_root      (gconstpointer a, gconstpointer b, gpointer data);
void   ts_engine_sort_root     (TsRootMove *rm, guint n);
void     ts_engine_root_set_pv  (TsRootMove *rm, const TsMove *pv, guint n);
TsMove   ts_engine_root_pv_move (const TsRootMove *rm, guint i);
void     ts_engine_root_free    (TsEngine *e);
void     ts_engine_fill_info    (TsEngine *e, TsSearchInfo *info, guint depth, guint n_lines);

/* mate.c */
void   ts_engine_mate_search   (TsEngine *e, guint max_moves, TsSearchInfoFunc info_func,
                                gpointer user_data, TsSearchInfo *out);

/* engine.c */
void     ts_engine_set_sides    (TsEngine *e, guint root_seat);

/* search.c, for mate.c */
gboolean ts_engine_game_over    (TsEngine *e, int ply, int *score);
gboolean ts_engine_poll_stop    (TsEngine *e);
gboolean ts_engine_is_repetition (TsEngine *e, int ply);
void     ts_engine_update_pv    (TsEngine *e, int ply, TsMove m);
guint    ts_engine_stm_side     (const TsEngine *e);

G_END_DECLS
