/* Iterative deepening PVS with aspiration windows, transposition table, null-move and
 * futility pruning, late-move reductions, quiescence with static exchange pruning.
 * Four-player variants use a paranoid search: the root's team maximises, every other
 * active seat minimises, in the real turn order. See docs/engine.md. */
#include "engine/engine-private.h"

#include <math.h>

#define ASPIRATION       30
#define QS_CHECK_PLIES   3
/* Doseki's quiescence: the side to move's captures (the best DOSEKI_QS_MOVES), then the
 * other side's recaptures onto the cells the capture landed on, then the evaluation.
 * Deeper or wider, one generation (~0.1–0.5 ms) per node made depth 1 take minutes. */
#define DOSEKI_QS_MOVES  6
#define DOSEKI_QS_PLIES  2
#define QS_MAX_PLIES     16
#define DELTA_MARGIN     200
#define RFP_DEPTH        6
#define RFP_MARGIN       100   /* a ply */
#define NMP_DEPTH        3
#define LMP_DEPTH        3
#define MAX_QUIETS       64    /* quiet moves remembered for the history malus */

static int negamax (TsEngine *e, int alpha, int beta, int depth, int ply, gboolean pv_node);

/* ---- Helpers ---- */

guint
ts_engine_stm_side (const TsEngine *e)
{
  return e->side_of[ts_position_side_to_move (e->pos)];
}

static inline guint32
mix32 (guint64 x)
{
  x ^= x >> 33;
  x *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  x ^= x >> 33;
  x *= G_GUINT64_CONSTANT (0xc4ceb9fe1a85ec53);
  x ^= x >> 33;
  return (guint32) x;
}

/* The static evaluation of chess, from the parent's where the move between is known
 * (the hashes before and after it, noted by note_made, identify the two positions). */
static int
evaluate_position (TsEngine *e, int ply, gboolean *has_pieces)
{
  guint64 h = ts_position_hash (e->pos);
  TsEvalState *st = &e->eval_state[ply];
  gboolean from_parent = ply > 0 && e->made[ply].key == h &&
                         e->eval_state[ply - 1].key == e->made[ply].from_key;
  int v = ts_eval_position_state (&e->ev, e->pos, e->side_of, ts_engine_stm_side (e), has_pieces,
                                  from_parent ? &e->eval_state[ply - 1] : NULL,
                                  e->made[ply].changed, e->made[ply].n_changed, st);

  st->key = h;
  return v;
}

/* Doseki: an evaluation cache. */
static int
evaluate_cached (TsEngine *e, gboolean *has_pieces)
{
  guint64 key = ts_position_hash (e->pos) ^ e->key_salt;
  guint64 *slot = &e->eval_cache[key & (TS_EVAL_CACHE_SIZE - 1)];
  int v;

  if (((*slot ^ key) >> 21) == 0)
    {
      *has_pieces = (*slot >> 20) & 1;
      return (int) (*slot & 0xfffff) - 0x80000;
    }
  v = ts_eval_position (&e->ev, e->pos, e->side_of, ts_engine_stm_side (e), has_pieces);
  v = CLAMP (v, -0x7ffff, 0x7ffff);
  *slot = (key & ~G_GUINT64_CONSTANT (0x1fffff)) | ((guint64) *has_pieces << 20) |
          (guint64) (v + 0x80000);
  return v;
}

/* The static evaluation from the side to move's point of view; *has_pieces: whether
 * that side has more than pawns and kings. */
static int
evaluate_full (TsEngine *e, int ply, gboolean *has_pieces)
{
  gboolean pieces;
  /* Chess from the parent's evaluation: cheaper than a cache, whose hits would leave
   * the children none to start from. */
  int v = e->eval_state ? evaluate_position (e, ply, &pieces) : evaluate_cached (e, &pieces);

  if (has_pieces)
    *has_pieces = pieces;
  if (e->noise > 0)
    {
      guint32 r = mix32 (ts_position_hash (e->pos) ^ ((guint64) e->limits.seed << 17));
      v += (int) (r % (guint32) (2 * e->noise + 1)) - e->noise;
    }
  return CLAMP (v, -TS_SCORE_MATE_BOUND + 1, TS_SCORE_MATE_BOUND - 1);
}

static int
evaluate (TsEngine *e, int ply)
{
  return evaluate_full (e, ply, NULL);
}

gboolean
ts_engine_poll_stop (TsEngine *e)
{
  if (e->aborted)
    return TRUE;
  if (e->stop && g_atomic_int_get (e->stop))
    return e->aborted = TRUE;
  if ((e->nodes & e->poll_mask) == 0)
    {
      if (e->limits.nodes && e->nodes >= e->limits.nodes)
        return e->aborted = TRUE;
      /* The clock never stops a search before one root move has a score: a move
       * played unsearched could be any blunder (a slow first iteration on a busy
       * machine, Doseki's above all, used to end with the first move generated). */
      if (e->hard_us && e->root_scored && g_get_monotonic_time () >= e->hard_us)
        return e->aborted = TRUE;
    }
  return FALSE;
}

static guint
count_active (TsPosition *pos)
{
  return (guint) __builtin_popcount (ts_position_active_seats (pos));
}

/* Seats that take turns: the active ones, and in team play the eliminated ones whose
 * partner still moves their army. */
static guint
count_turn_takers (const TsVariant *v, TsPosition *pos)
{
  guint n = 0;

  for (guint s = 0; s < v->n_seats; s++)
    {
      gboolean takes = ts_position_seat_active (pos, s);
      for (guint o = 0; o < v->n_seats && !takes; o++)
        takes = o != s && v->team[o] == v->team[s] && ts_position_seat_active (pos, o);
      n += takes;
    }
  return n;
}

/* The game's result from the side to move's point of view, if the game is over. */
gboolean
ts_engine_game_over (TsEngine *e, int ply, int *score)
{
  TsResult r;

  ts_position_result (e->pos, &r);
  if (r.kind == TS_RESULT_NONE)
    return FALSE;
  if (r.kind == TS_RESULT_DRAW)
    {
      *score = 0;
      return TRUE;
    }
  guint winner_side = r.winner_team == e->variant->team[e->root_seat] ? 0 : 1;
  *score = winner_side == ts_engine_stm_side (e) ? TS_SCORE_MATE - ply : -TS_SCORE_MATE + ply;
  return TRUE;
}

/* Score when the side to move has no legal move. The rules end the game then (four
 * players: make() eliminates the seats without a move and ends the game when one
 * team is left), so the result says who won. */
static int
no_move_score (TsEngine *e, int ply, gboolean in_check)
{
  int score;

  if (ts_engine_game_over (e, ply, &score))
    return score;
  return in_check ? -TS_SCORE_MATE + ply : 0;
}

/* A draw by repetition: the position occurred before on the search path (since the
 * last irreversible move and the last null move), or twice before the root in the
 * game (then this is its third time). */
gboolean
ts_engine_is_repetition (TsEngine *e, int ply)
{
  int window = (int) ts_position_halfmove_clock (e->pos);
  guint64 key = e->path[ply];
  int i, seen = 0;

  for (i = ply - 1; i >= 0 && ply - i <= window; i--)
    {
      if (e->null_move[i + 1])
        return FALSE;
      if (e->path[i] == key)
        return TRUE;
    }
  if (i >= 0)
    return FALSE;
  /* The position's history is the game's, then the search path's: read it here (the
   * makes since the root may have moved it). */
  guint n_history;
  const guint64 *history = ts_position_history (e->pos, &n_history);

  g_assert (n_history >= e->n_game_history);
  key ^= e->key_salt;
  for (guint k = e->n_game_history; k-- > 0 && ply + (int) (e->n_game_history - k) <= window;)
    if (history[k] == key && ++seen == 2)
      return TRUE;
  return FALSE;
}

void
ts_engine_update_pv (TsEngine *e, int ply, TsMove m)
{
  e->pv[ply][0] = m;
  memcpy (&e->pv[ply][1], e->pv[ply + 1], e->pv_len[ply + 1] * sizeof (TsMove));
  e->pv_len[ply] = MIN (e->pv_len[ply + 1] + 1, TS_ENGINE_MAX_PLY - 1);
}

/* Whether the game may have ended with the move just made while the side to move
 * still has moves to generate (a king captured, a four-player elimination): the
 * quiescence search would not notice otherwise. */
static inline gboolean
royal_capture (TsEngine *e, TsMove m)
{
  TsPiece v;

  if (!(m.flags & TS_MOVE_CAPTURE) || m.to == TS_NO_CELL)
    return FALSE;
  v = ts_position_piece_at (e->pos, m.to);
  return v && (e->ev.royal_mask & (1u << TS_PIECE_TYPE (v)));
}

/* Notes the move to child_ply, made from the position of hash from_key to the one of
 * hash key, with the cells its undo logged: the child's evaluation starts from the
 * parent's by them. */
static inline void
note_made (TsEngine *e, int child_ply, guint64 from_key, guint64 key, const TsUndo *undo)
{
  e->made[child_ply].from_key = from_key;
  e->made[child_ply].key = key;
  e->made[child_ply].n_changed = ts_position_changed_cells (e->pos, undo, e->made[child_ply].changed);
}

static inline void
make_move (TsEngine *e, TsMove m, TsUndo *undo, int child_ply, guint active_before)
{
  gboolean royal = royal_capture (e, m);
  guint64 from_key = ts_position_hash (e->pos), key;

  ts_position_make (e->pos, m, undo);
  key = ts_position_hash (e->pos);
  ts_tt_prefetch (&e->tt, key ^ e->key_salt);
  note_made (e, child_ply, from_key, key, undo);
  e->reached_by[child_ply] = m;
  e->maybe_over[child_ply] = royal ||
    (active_before && count_active (e->pos) != active_before);
  e->null_move[child_ply] = FALSE;
}

/* The child's score from this node's side's point of view. */
static inline int
child_value (TsEngine *e, guint my_side, int alpha, int beta, int depth, int ply, gboolean pv)
{
  if (ts_engine_stm_side (e) == my_side)
    return negamax (e, alpha, beta, depth, ply + 1, pv);
  return -negamax (e, -beta, -alpha, depth, ply + 1, pv);
}

static inline gboolean
tt_cuts (int tt_bound, int tt_score, int alpha, int beta)
{
  return tt_bound == TS_BOUND_EXACT ||
         (tt_bound == TS_BOUND_LOWER && tt_score >= beta) ||
         (tt_bound == TS_BOUND_UPPER && tt_score <= alpha);
}

/* ---- Quiescence ---- */

static int
qsearch (TsEngine *e, int alpha, int beta, int ply, int qply)
{
  TsPosition *pos = e->pos;
  TsMove tt_move = ts_no_move (), best_move = ts_no_move (), m;
  int best, stand = -TS_SCORE_INFINITE, score, orig_alpha = alpha;
  int tt_score, tt_depth, tt_bound;
  gboolean in_check;
  guint my_side;
  guint64 key;
  TsPicker pk;

  e->pv_len[ply] = 0;
  if (ts_engine_poll_stop (e))
    return 0;
  e->nodes++;
  e->seldepth = MAX (e->seldepth, (guint) ply);
  if (e->maybe_over[ply] && ts_engine_game_over (e, ply, &score))
    return score;
  if (ply >= TS_ENGINE_MAX_PLY - 1)
    return evaluate (e, ply);

  /* The evaluation before the table's probe: the probe's bucket, prefetched when the
   * move was made, is in the cache by then (probing first waited for it), and few
   * quiescence nodes are cut by the table (3 % of the bench's). In check, not for
   * standing pat: the evasions' evaluations start from this one (cheaper than
   * evaluating each of them whole). */
  in_check = qply < QS_CHECK_PLIES && ts_position_in_check (pos);
  if (!in_check)
    stand = evaluate (e, ply);
  else if (e->eval_state)
    evaluate (e, ply);

  key = ts_position_hash (pos) ^ e->key_salt;
  if (ts_tt_probe (&e->tt, key, ply, &tt_move, &tt_score, &tt_depth, &tt_bound) &&
      tt_cuts (tt_bound, tt_score, alpha, beta))
    return tt_score;

  my_side = ts_engine_stm_side (e);
  if (in_check)
    best = -TS_SCORE_INFINITE;
  else
    {
      /* Capture chains are long on big 3D boards (Doseki's above all): cap them. */
      if (stand >= beta || qply >= (e->ev.doseki ? DOSEKI_QS_PLIES : QS_MAX_PLIES))
        return stand;
      alpha = MAX (alpha, stand);
      best = stand;
    }

  ts_picker_init (&pk, e, ply, tt_move, TRUE, in_check);
  /* Doseki answers a capture with recaptures only (below): only those are generated. */
  if (e->ev.doseki && qply > 0)
    ts_picker_only_recaptures (&pk, e->reached_by[ply]);
  guint active = e->variant->n_seats > 2 ? count_active (pos) : 0;
  guint searched = 0;

  while (ts_picker_next (&pk, e, &m))
    {
      TsUndo undo;

      if (!in_check)
        {
          if (e->ev.doseki && searched >= DOSEKI_QS_MOVES)
            break;
          if (e->ev.doseki && qply > 0 &&
              !ts_engine_doseki_recapture (e, m, e->reached_by[ply]))
            continue;
          /* Delta pruning: even winning the piece would not reach alpha. */
          if (stand + ts_engine_capture_gain (e, m) + DELTA_MARGIN <= alpha)
            continue;
          /* Captures that lose material by static exchange are not tried. */
          if (ts_engine_losing_capture (e, m))
            continue;
        }
      make_move (e, m, &undo, ply + 1, active);
      if (ts_engine_stm_side (e) == my_side)
        score = qsearch (e, alpha, beta, ply + 1, qply + 1);
      else
        score = -qsearch (e, -beta, -alpha, ply + 1, qply + 1);
      ts_position_unmake (pos, &undo);
      if (e->aborted)
        return 0;
      searched++;
      if (score > best)
        {
          best = score;
          if (score > alpha)
            {
              alpha = score;
              best_move = m;
              if (alpha >= beta)
                break;
            }
        }
    }
  if (in_check && searched == 0 && pk.n == 0)
    return no_move_score (e, ply, TRUE);
  ts_tt_store (&e->tt, key, ply, best_move, best, 0,
               best >= beta ? TS_BOUND_LOWER : best > orig_alpha ? TS_BOUND_EXACT : TS_BOUND_UPPER);
  return best;
}

/* ---- Main search ---- */

static int
lmr_reduction (int depth, guint searched)
{
  return (int) (0.5 + log (depth) * log (searched) / 2.2);
}

/* Doseki has thousands of moves: past the root only a beam of the best-ordered ones
 * is searched, narrower deeper in the tree. */
static guint
doseki_beam (int depth)
{
  return depth >= 4 ? 24 : depth == 3 ? 16 : depth == 2 ? 12 : 8;
}

/* Null-move pruning: if passing the turn still fails high in a reduced search, a real
 * move would too (zugzwang aside: not with pawns and kings only, not twice in a row). */
static gboolean
null_move_cuts (TsEngine *e, int beta, int depth, int ply, int static_eval, int *score)
{
  TsUndo undo;
  int r = 3 + depth / 4 + MIN ((static_eval - beta) / 200, 3);
  guint64 from_key = ts_position_hash (e->pos);

  if (!ts_position_make_null (e->pos, &undo))
    return FALSE;
  note_made (e, ply + 1, from_key, ts_position_hash (e->pos), &undo);
  e->null_move[ply + 1] = TRUE;
  e->reached_by[ply + 1] = ts_no_move ();
  e->maybe_over[ply + 1] = FALSE;
  *score = -negamax (e, -beta, -beta + 1, depth - 1 - r, ply + 1, FALSE);
  ts_position_unmake (e->pos, &undo);
  if (e->aborted || *score < beta)
    return FALSE;
  if (*score > TS_SCORE_MATE_BOUND)
    *score = beta;   /* an unproven mate */
  return TRUE;
}

static int
negamax (TsEngine *e, int alpha, int beta, int depth, int ply, gboolean pv_node)
{
  TsPosition *pos = e->pos;
  TsMove tt_move = ts_no_move (), best_move = ts_no_move (), m;
  TsMove quiets_tried[MAX_QUIETS];
  int tt_score = 0, tt_depth = 0, tt_bound = TS_BOUND_NONE, score;
  int best = -TS_SCORE_INFINITE, orig_alpha = alpha, static_eval = -TS_SCORE_INFINITE;
  gboolean in_check, has_pieces = TRUE, improving = FALSE;
  guint my_side, searched = 0, quiets = 0, n_tried = 0;
  guint64 key;
  TsPicker pk;

  if (depth <= 0)
    return qsearch (e, alpha, beta, ply, 0);

  e->pv_len[ply] = 0;
  if (ts_engine_poll_stop (e))
    return 0;
  e->nodes++;
  e->seldepth = MAX (e->seldepth, (guint) ply);
  key = ts_position_hash (pos) ^ e->key_salt;
  e->path[ply] = key;
  if (ply > 0 && ts_engine_is_repetition (e, ply))
    return 0;
  if (ply >= TS_ENGINE_MAX_PLY - 1)
    return evaluate (e, ply);

  /* Mate distance pruning. */
  alpha = MAX (alpha, -TS_SCORE_MATE + ply);
  beta = MIN (beta, TS_SCORE_MATE - ply - 1);
  if (alpha >= beta)
    return alpha;

  /* Evaluated before the probe, as in the quiescence search (4 % of the bench's nodes
   * are cut by the table). */
  static_eval = evaluate_full (e, ply, &has_pieces);
  if (ts_tt_probe (&e->tt, key, ply, &tt_move, &tt_score, &tt_depth, &tt_bound) &&
      !pv_node && tt_depth >= depth && tt_cuts (tt_bound, tt_score, alpha, beta))
    return tt_score;

  my_side = ts_engine_stm_side (e);
  improving = ply >= 2 && static_eval > e->static_eval[ply - 2];

  /* Whether the side to move is in check comes with the first move (the hash move's
   * test or the generation); only the pruning below asks before. */
  if (!pv_node && ABS (beta) < TS_SCORE_MATE_BOUND &&
      (static_eval - RFP_MARGIN * (depth - improving) >= beta ||
       (static_eval >= beta && depth >= NMP_DEPTH)) &&
      !ts_position_in_check (pos))
    {
      /* Reverse futility: far enough above beta that no move is needed. */
      if (depth <= RFP_DEPTH && static_eval - RFP_MARGIN * (depth - improving) >= beta)
        return static_eval;
      if (depth >= NMP_DEPTH && e->null_ok && has_pieces && static_eval >= beta &&
          !e->null_move[ply] && null_move_cuts (e, beta, depth, ply, static_eval, &score))
        return score;
      if (e->aborted)
        return 0;
    }

  ts_picker_init (&pk, e, ply, tt_move, FALSE, FALSE);
  gboolean have_move = ts_picker_next (&pk, e, &m);
  in_check = ts_position_in_check (pos);
  if (in_check)
    {
      static_eval = -TS_SCORE_INFINITE;
      improving = FALSE;
      /* Check extension (bounded: the tree stays finite). */
      if (ply < 2 * (int) e->root_depth)
        depth++;
    }
  e->static_eval[ply] = static_eval;
  guint active = e->variant->n_seats > 2 ? count_active (pos) : 0;

  for (; have_move; have_move = ts_picker_next (&pk, e, &m))
    {
      gboolean quiet = !ts_move_is_noisy (m);
      TsUndo undo;

      if (best > -TS_SCORE_MATE_BOUND)
        {
          if (e->ev.doseki && searched >= doseki_beam (depth))
            break;
          /* Late move pruning of quiet moves near the leaves. */
          if (!pv_node && !in_check && quiet && depth <= LMP_DEPTH &&
              quiets >= (guint) (4 + 3 * depth * depth))
            continue;
        }

      make_move (e, m, &undo, ply + 1, active);
      int new_depth = depth - 1;

      if (searched == 0)
        score = child_value (e, my_side, alpha, beta, new_depth, ply, pv_node);
      else
        {
          int r = 0;
          if (depth >= 3 && quiet && searched >= 3 && !in_check)
            {
              r = lmr_reduction (depth, searched) - pv_node - improving;
              r = CLAMP (r, 0, new_depth - 1);
            }
          score = child_value (e, my_side, alpha, alpha + 1, new_depth - r, ply, FALSE);
          if (score > alpha && r > 0)
            score = child_value (e, my_side, alpha, alpha + 1, new_depth, ply, FALSE);
          if (score > alpha && score < beta && pv_node)
            score = child_value (e, my_side, alpha, beta, new_depth, ply, TRUE);
        }
      ts_position_unmake (pos, &undo);
      if (e->aborted)
        return 0;
      searched++;
      quiets += quiet;

      if (score > best)
        {
          best = score;
          best_move = m;
          if (score > alpha)
            {
              alpha = score;
              ts_engine_update_pv (e, ply, m);
              if (alpha >= beta)
                {
                  if (quiet)
                    ts_engine_reward_quiet (e, ply, depth, m, quiets_tried, n_tried);
                  break;
                }
            }
        }
      if (quiet && n_tried < MAX_QUIETS)
        quiets_tried[n_tried++] = m;
    }

  if (searched == 0 && pk.n == 0)
    return no_move_score (e, ply, in_check);
  ts_tt_store (&e->tt, key, ply, best_move, best, depth,
               best >= beta ? TS_BOUND_LOWER : best > orig_alpha ? TS_BOUND_EXACT : TS_BOUND_UPPER);
  return best;
}

/* ---- Root ---- */

/* Searches root moves [first, n_root) with window (alpha, beta). Scores of moves that
 * do not raise alpha are set to -infinity so that a stable sort keeps their order. */
static int
search_root (TsEngine *e, int depth, int alpha, int beta, guint first)
{
  TsPosition *pos = e->pos;
  guint my_side = ts_engine_stm_side (e);
  guint active = e->variant->n_seats > 2 ? count_active (pos) : 0;
  int best = -TS_SCORE_INFINITE;

  e->path[0] = ts_position_hash (pos) ^ e->key_salt;
  e->static_eval[0] = -TS_SCORE_INFINITE;
  for (guint i = first; i < e->n_root; i++)
    {
      TsRootMove *rm = &e->root[i];
      TsUndo undo;
      int score;

      if (e->ev.doseki && i - first >= 40 + 8 * (guint) depth &&
          best > -TS_SCORE_MATE_BOUND)
        {
          rm->score = -TS_SCORE_INFINITE;
          continue;
        }
      make_move (e, rm->m, &undo, 1, active);
      if (i == first)
        score = child_value (e, my_side, alpha, beta, depth - 1, 0, TRUE);
      else
        {
          score = child_value (e, my_side, alpha, alpha + 1, depth - 1, 0, FALSE);
          if (score > alpha && score < beta)
            score = child_value (e, my_side, alpha, beta, depth - 1, 0, TRUE);
        }
      ts_position_unmake (pos, &undo);
      if (e->aborted)
        return best;

      e->root_scored = TRUE;
      if (score > alpha || i == first)
        {
          rm->score = score;
          ts_engine_root_set_pv (rm, e->pv[1], e->pv_len[1]);
        }
      else
        rm->score = -TS_SCORE_INFINITE;

      if (score > best)
        best = score;
      if (score > alpha)
        {
          alpha = score;
          if (alpha >= beta)
            break;
          /* Move the new best to the front of the searched range. */
          TsRootMove t = *rm;
          memmove (&e->root[first + 1], &e->root[first], (i - first) * sizeof t);
          e->root[first] = t;
        }
    }
  return best;
}

/* A clock beyond this (35 years) counts as this much: the budget is worked out in
 * microseconds, which must not overflow (a larger clock once gave a millisecond). */
#define MAX_CLOCK_MS ((gint64) 1 << 40)

static void
setup_time (TsEngine *e)
{
  const TsSearchLimits *l = &e->limits;
  guint stm = ts_position_side_to_move (e->pos);
  gint64 soft = 0, hard = 0;

  if (l->movetime_ms)
    {
      hard = (gint64) l->movetime_ms * 1000;
      soft = hard * 55 / 100;
    }
  else if (stm < 4 && l->time_left_ms[stm] >= 0)
    {
      gint64 left = MIN (l->time_left_ms[stm], MAX_CLOCK_MS);
      gint64 inc = CLAMP (l->increment_ms[stm], 0, MAX_CLOCK_MS);
      gint64 budget = left / (e->variant->n_seats > 2 ? 40 : 30) + inc * 3 / 4;
      budget = MIN (budget, left / 3);
      hard = MIN (left / 3, budget * 4) * 1000;
      soft = budget * 600;
      hard = MAX (hard, 1000);
      soft = MAX (soft, 500);
    }
  e->soft_us = soft && !l->infinite ? e->start_us + soft : 0;
  e->hard_us = hard && !l->infinite ? e->start_us + hard : 0;
  /* A Doseki node costs a generation of ~30 000 moves: read the clock at every one. */
  e->poll_mask = e->ev.doseki ? 0 : 255;
}

static const guint level_depth[TS_ENGINE_LEVEL_FULL] = { 0, 1, 1, 2, 2, 3, 3, 4, 5, 6 };
static const int   level_noise[TS_ENGINE_LEVEL_FULL] = { 0, 300, 200, 150, 100, 70, 50, 30, 20, 10 };

static void
root_moves (TsEngine *e)
{
  TsMoveList *l = &e->lists[0];
  TsMove hash_move = ts_no_move ();
  int s, d, b;

  l->n = 0;
  ts_position_generate_legal (e->pos, l);
  ts_tt_probe (&e->tt, ts_position_hash (e->pos) ^ e->key_salt, 0, &hash_move, &s, &d, &b);
  TsScoredMove *sm = ts_engine_scored_for (e, 0, l->n);
  ts_engine_score_moves (e, sm, l, hash_move, 0);
  ts_engine_sort_scored_stable (sm, l->n);
  ts_engine_root_free (e);
  e->root = g_new0 (TsRootMove, MAX (l->n, 1));
  e->n_root = l->n;
  for (guint i = 0; i < l->n; i++)
    {
      e->root[i].m = sm[i].m;
      e->root[i].score = e->root[i].prev_score = -TS_SCORE_INFINITE;
      e->root[i].pv_len = 1;
    }
}

static void
iterate (TsEngine *e, guint max_depth, guint n_lines, TsSearchInfoFunc info_func,
         gpointer user_data, TsSearchInfo *out)
{
  const TsSearchLimits *limits = &e->limits;
  int score;

  /* The root's own evaluation, for its moves' to start from. */
  if (e->eval_state)
    evaluate (e, 0);
  for (guint depth = 1; depth <= max_depth; depth++)
    {
      e->root_depth = depth;
      for (guint pv = 0; pv < n_lines && !e->aborted; pv++)
        {
          int prev = e->root[pv].prev_score, delta = ASPIRATION;
          int alpha = -TS_SCORE_INFINITE, beta = TS_SCORE_INFINITE;

          if (depth >= 4 && ABS (prev) < TS_SCORE_MATE_BOUND)
            {
              alpha = MAX (prev - delta, -TS_SCORE_INFINITE);
              beta = MIN (prev + delta, TS_SCORE_INFINITE);
            }
          for (;;)
            {
              score = search_root (e, (int) depth, alpha, beta, pv);
              if (e->aborted)
                break;
              ts_engine_sort_root (e->root + pv, e->n_root - pv);
              if (score <= alpha && alpha > -TS_SCORE_INFINITE)
                alpha = MAX (score - delta, -TS_SCORE_INFINITE);
              else if (score >= beta && beta < TS_SCORE_INFINITE)
                beta = MIN (score + delta, TS_SCORE_INFINITE);
              else
                break;
              delta *= 2;
              if (delta > 1000)
                alpha = -TS_SCORE_INFINITE, beta = TS_SCORE_INFINITE;
            }
        }
      if (e->aborted && depth > 1)
        break;
      /* Each line was searched without the ones before it, and a search is not exact
       * (pruning, reductions, the table): a later line can come back better than an
       * earlier one. The lines are shown best first, as their scores say. */
      if (!e->aborted)
        ts_engine_sort_root (e->root, MIN (n_lines, e->n_root));
      for (guint i = 0; i < e->n_root; i++)
        e->root[i].prev_score = e->root[i].score;
      ts_search_info_clear (out);
      ts_engine_fill_info (e, out, depth, n_lines);
      if (info_func)
        info_func (out, user_data);
      if (e->aborted)
        break;
      /* A forced result found: deeper iterations change nothing. */
      if (!limits->infinite && n_lines == 1 && e->n_root == 1 && depth >= 2)
        break;
      if (e->soft_us && g_get_monotonic_time () >= e->soft_us)
        break;
      if (!limits->infinite && ABS (e->root[0].prev_score) > TS_SCORE_MATE_BOUND &&
          (guint) (TS_SCORE_MATE - ABS (e->root[0].prev_score)) < depth)
        break;
    }
}

gboolean
ts_engine_search (TsEngine             *e,
                  const TsPosition     *position,
                  const TsSearchLimits *limits,
                  const gint           *stop,
                  TsSearchInfoFunc      info_func,
                  gpointer              user_data,
                  TsSearchInfo         *out)
{
  TsSearchLimits defaults;
  guint max_depth, n_lines, level;
  gboolean found = FALSE;
  int s;

  g_return_val_if_fail (e && position && out, FALSE);
  g_return_val_if_fail (ts_position_variant (position) == e->variant, FALSE);
  if (!limits)
    {
      ts_search_limits_init (&defaults);
      limits = &defaults;
    }
  memset (out, 0, sizeof *out);
  out->best_move = ts_no_move ();

  ts_engine_prepare (e);
  g_mutex_lock (&e->lock);
  e->pos = ts_position_copy (position);
  ts_position_history (e->pos, &e->n_game_history);
  e->stop = stop;
  e->limits = *limits;
  e->nodes = 0;
  e->aborted = FALSE;
  e->root_scored = limits->mate_in > 0;   /* a mate search proves or stops: no score */
  memset (e->maybe_over, 0, sizeof e->maybe_over);
  memset (e->null_move, 0, sizeof e->null_move);
  e->seldepth = 0;
  e->start_us = g_get_monotonic_time ();
  memset (e->killers, 0, sizeof e->killers);
  ts_tt_new_search (&e->tt);
  ts_engine_set_sides (e, limits->for_seat > 0 && limits->for_seat <= e->variant->n_seats &&
                         !limits->mate_in ? limits->for_seat - 1 : ts_position_side_to_move (e->pos));
  e->cycle = e->variant->n_seats > 2 ? MAX (count_turn_takers (e->variant, e->pos), 1u) : 2;
  e->null_ok = e->variant->n_seats == 2 && !e->ev.doseki && !limits->no_null_move;
  e->mate_mode = limits->mate_in > 0;
  /* The paranoid scores depend on who is at the root, and mate-search scores are
   * proofs with a different meaning: keep them apart in the table. */
  e->key_salt = G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * (e->root_seat + 1) +
                (e->mate_mode ? G_GUINT64_CONSTANT (0x5bd1e9955bd1e995) : 0);
  level = limits->level ? MIN (limits->level, (guint) TS_ENGINE_LEVEL_FULL) : TS_ENGINE_LEVEL_FULL;
  e->noise = level < TS_ENGINE_LEVEL_FULL ? level_noise[level] : 0;
  /* A weaker level's scores are noisy: its entries are its own (the table is kept). */
  if (e->noise)
    e->key_salt ^= mix32 ((guint64) limits->seed * 31 + level) * G_GUINT64_CONSTANT (0x100000001b3);
  setup_time (e);

  /* The game may already be over (say, king captured) with moves still generated. */
  if (!ts_engine_game_over (e, 0, &s))
    root_moves (e);
  else
    ts_engine_root_free (e);
  if (e->n_root > 0)
    {
      found = TRUE;
      n_lines = CLAMP (limits->multipv, 1u, MIN ((guint) TS_ENGINE_MAX_MULTIPV, e->n_root));
      max_depth = limits->depth ? MIN (limits->depth, (guint) TS_ENGINE_MAX_PLY - 8)
                                : TS_ENGINE_MAX_PLY - 8;
      if (level < TS_ENGINE_LEVEL_FULL)
        max_depth = MIN (max_depth, level_depth[level]);

      ts_engine_fill_info (e, out, 0, 1);
      if (e->mate_mode)
        ts_engine_mate_search (e, limits->mate_in, info_func, user_data, out);
      else
        iterate (e, max_depth, n_lines, info_func, user_data, out);

      /* Refresh the figures; keep the lines of the last completed iteration. */
      gint64 us = MAX (g_get_monotonic_time () - e->start_us, 1);
      out->nodes = e->nodes;
      out->time_ms = (guint64) us / 1000;
      out->nps = e->nodes * G_USEC_PER_SEC / (guint64) us;
      out->seldepth = e->seldepth;
      out->stopped = e->aborted;
      if (out->n_lines > 0 && out->lines[0].n_moves > 0)
        out->best_move = out->lines[0].moves[0];
    }
  g_clear_pointer (&e->pos, ts_position_free);
  g_mutex_unlock (&e->lock);
  return found;
}
