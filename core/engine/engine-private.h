/* The engine's context (see engine.h). Private to core/engine. */
#pragma once

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
  guint  pv_len;
  TsMove pv[TS_ENGINE_MAX_PLY];
} TsRootMove;

#define TS_PLY_SLOTS (TS_ENGINE_MAX_PLY + 8)

struct _TsEngine {
  const TsVariant *variant;
  TsEval           ev;
  TsTT             tt;
  gint32           history[4][16][TS_MAX_CELLS];
  guint64          eval_cache[1 << 16];   /* key's high 44 bits | score + 2^19 */
  TsMove           killers[TS_PLY_SLOTS][2];

  /* One search's state. */
  TsPosition      *pos;
  const gint      *stop;
  TsSearchLimits   limits;
  gint64           start_us, soft_us, hard_us;   /* deadlines; 0 = none */
  guint64          nodes;
  gboolean         aborted;
  gboolean         mate_mode;
  guint            root_seat;
  guint            side_of[4];       /* 0: the root's team; 1: the others (paranoid) */
  guint64          key_salt;
  int              noise;
  guint            cycle;            /* plies between two turns of the same seat */
  guint            root_depth;
  guint            seldepth;
  guint64          path[TS_PLY_SLOTS];
  gboolean         maybe_over[TS_PLY_SLOTS];
  TsMoveList       lists[TS_PLY_SLOTS];
  TsScoredMove    *scored[TS_PLY_SLOTS];
  guint            scored_cap[TS_PLY_SLOTS];
  TsMove           pv[TS_PLY_SLOTS][TS_PLY_SLOTS];
  guint            pv_len[TS_PLY_SLOTS];
  TsRootMove      *root;
  guint            n_root;
  guint8           doseki_cells[16]; /* Doseki: cells of each piece shape */
};

G_END_DECLS
