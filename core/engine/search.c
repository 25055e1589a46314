/* Iterative deepening PVS with aspiration windows, transposition table, quiescence,
 * killer / history ordering and check extensions. Four-player variants use a
 * paranoid search: the root's team maximises, every other active seat minimises,
 * in the real turn order. See docs/engine.md. */
#include "engine/engine-private.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "doseki/doseki.h"
#include "rules/notation.h"

#define HASH_MOVE_SCORE  (1 << 30)
#define CAPTURE_SCORE    (1 << 28)
#define PROMO_SCORE      ((1 << 28) - (1 << 24))
#define KILLER_SCORE     (1 << 26)
#define HISTORY_MAX      16384
#define ASPIRATION       30
#define QS_CHECK_PLIES   3
#define DOSEKI_QS_MOVES  6
#define DOSEKI_QS_PLIES  0   /* a Doseki generation costs ~0.5 ms: no quiescence */
#define QS_MAX_PLIES     16

#define EVAL_CACHE_SIZE  (1 << 16)

static int negamax (TsEngine *e, int alpha, int beta, int depth, int ply, gboolean pv_node);

void
ts_search_limits_init (TsSearchLimits *limits)
{
  memset (limits, 0, sizeof *limits);
  for (guint i = 0; i < 4; i++)
    limits->time_left_ms[i] = -1;
  limits->multipv = 1;
  limits->level = TS_ENGINE_LEVEL_FULL;
}

/* ---- Context ---- */

static guint8
doseki_shape_cells (char letter)
{
  switch (letter)
    {
    case 'P': return 1;
    case 'H': return 2;
    case 'B': return 3;
    case 'R': case 'A': case 'E': return 4;
    case 'G': case 'C': return 5;
    case 'J': case 'W': case 'M': return 6;
    case 'Q': return 7;
    case 'K': return 8;
    default:  return 1;
    }
}

TsEngine *
ts_engine_new (const TsVariant *v, guint hash_mb)
{
  TsEngine *e = g_new0 (TsEngine, 1);

  g_return_val_if_fail (v != NULL, NULL);
  e->variant = v;
  ts_eval_init (&e->ev, v);
  ts_tt_init (&e->tt, hash_mb ? hash_mb : 16);
  for (guint i = 0; i < TS_PLY_SLOTS; i++)
    ts_move_list_init (&e->lists[i]);
  for (guint t = 0; t < v->n_piece_types; t++)
    e->doseki_cells[t] = doseki_shape_cells (v->piece_types[t].letter);
  return e;
}

void
ts_engine_free (TsEngine *e)
{
  if (!e)
    return;
  ts_eval_clear (&e->ev);
  ts_tt_free (&e->tt);
  for (guint i = 0; i < TS_PLY_SLOTS; i++)
    {
      ts_move_list_clear (&e->lists[i]);
      g_free (e->scored[i]);
    }
  g_free (e->root);
  g_free (e);
}

void
ts_engine_clear (TsEngine *e)
{
  ts_tt_clear (&e->tt);
  memset (e->history, 0, sizeof e->history);
  memset (e->killers, 0, sizeof e->killers);
  memset (e->eval_cache, 0, sizeof e->eval_cache);
}

int
ts_engine_piece_value (const TsEngine *e, guint type)
{
  g_return_val_if_fail (type < e->variant->n_piece_types, 0);
  return e->ev.value[type];
}

static void
set_sides (TsEngine *e, guint root_seat)
{
  const TsVariant *v = e->variant;

  e->root_seat = root_seat;
  for (guint s = 0; s < 4; s++)
    e->side_of[s] = s < v->n_seats && v->team[s] == v->team[root_seat] ? 0 : 1;
}

int
ts_engine_evaluate (TsEngine *e, TsPosition *pos)
{
  guint stm = ts_position_side_to_move (pos);

  set_sides (e, stm);
  return ts_eval_position (&e->ev, pos, e->side_of, 0);
}

/* ---- Helpers ---- */

static inline guint
stm_side (const TsEngine *e)
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

static int
evaluate (TsEngine *e)
{
  guint side = stm_side (e);
  guint64 key = ts_position_hash (e->pos) ^ e->key_salt;
  guint64 *slot = &e->eval_cache[key & (EVAL_CACHE_SIZE - 1)];
  int v;

  if ((*slot ^ key) >> 20 == 0)
    v = (int) (*slot & 0xfffff) - 0x80000;
  else
    {
      v = ts_eval_position (&e->ev, e->pos, e->side_of, side);
      *slot = (key & ~G_GUINT64_CONSTANT (0xfffff)) | (guint64) (v + 0x80000);
    }

  if (e->noise > 0)
    {
      guint32 r = mix32 (ts_position_hash (e->pos) ^ ((guint64) e->limits.seed << 17));
      v += (int) (r % (guint32) (2 * e->noise + 1)) - e->noise;
    }
  return CLAMP (v, -TS_SCORE_MATE_BOUND + 1, TS_SCORE_MATE_BOUND - 1);
}

static gboolean
poll_stop (TsEngine *e)
{
  if (e->aborted)
    return TRUE;
  if (e->stop && g_atomic_int_get (e->stop))
    return e->aborted = TRUE;
  if ((e->nodes & 255) == 0)
    {
      if (e->limits.nodes && e->nodes >= e->limits.nodes)
        return e->aborted = TRUE;
      if (e->hard_us && g_get_monotonic_time () >= e->hard_us)
        return e->aborted = TRUE;
    }
  return FALSE;
}

static guint
count_active (TsPosition *pos, guint n_seats)
{
  guint n = 0;

  for (guint s = 0; s < n_seats; s++)
    n += ts_position_seat_active (pos, s);
  return n;
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
static gboolean
game_over (TsEngine *e, int ply, int *score)
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
  *score = winner_side == stm_side (e) ? TS_SCORE_MATE - ply : -TS_SCORE_MATE + ply;
  return TRUE;
}

/* Score when the side to move has no legal move. The rules end the game then (four
 * players: make() eliminates the seats without a move and ends the game when one
 * team is left), so the result says who won. */
static int
no_move_score (TsEngine *e, int ply)
{
  int score;

  if (game_over (e, ply, &score))
    return score;
  return ts_position_in_check (e->pos) ? -TS_SCORE_MATE + ply : 0;
}

static gboolean
is_repetition (const TsEngine *e, int ply)
{
  for (int i = ply - 2; i >= 0; i--)
    if (e->path[i] == e->path[ply])
      return TRUE;
  return FALSE;
}

static TsScoredMove *
scored_for (TsEngine *e, int ply, guint n)
{
  if (e->scored_cap[ply] < n)
    {
      e->scored_cap[ply] = MAX (n, 2 * e->scored_cap[ply]);
      e->scored[ply] = g_renew (TsScoredMove, e->scored[ply], e->scored_cap[ply]);
    }
  return e->scored[ply];
}

static inline gboolean
is_noisy (TsMove m)
{
  return (m.flags & (TS_MOVE_CAPTURE | TS_MOVE_EN_PASSANT)) || m.promo != TS_NO_PROMO;
}

static int
victim_value (TsEngine *e, TsMove m)
{
  TsPiece v = m.to != TS_NO_CELL ? ts_position_piece_at (e->pos, m.to) : 0;

  if (!v || (m.flags & TS_MOVE_EN_PASSANT))
    return 100;
  return e->ev.attack_value[TS_PIECE_TYPE (v)];
}

/* Doseki: how many enemy checkers the moving set lands on. */
static int
doseki_captures (TsEngine *e, TsMove m)
{
  const TsDosekiOrientation *o = ts_doseki_orientation (m.shape);
  guint seat = ts_position_side_to_move (e->pos);
  int n = 0;

  if (!o || m.to == TS_NO_CELL)
    return 1;
  for (guint i = 0; i < o->n_cells; i++)
    {
      int c[TS_MAX_DIMS] = { 0 };
      for (guint d = 0; d < 3; d++)
        c[d] = e->ev.coords[m.to][d] + o->cells[i][d];
      TsCell cell = ts_geometry_cell (&e->variant->geometry, c);
      TsPiece q = cell != TS_NO_CELL ? ts_position_piece_at (e->pos, cell) : 0;
      n += q && TS_PIECE_SEAT (q) != seat;
    }
  return MAX (n, 1);
}

static int
doseki_quiet_score (TsEngine *e, TsMove m)
{
  if (m.from == TS_NO_CELL)
    return 40;
  guint seat = ts_position_side_to_move (e->pos);
  int dy = e->ev.coords[m.to][1] - e->ev.coords[m.from][1];
  return 64 * dy * e->ev.doseki_forward[seat] * e->doseki_cells[m.piece & 15];
}

static void
score_moves (TsEngine *e, TsScoredMove *sm, const TsMoveList *l, TsMove hash_move, int ply)
{
  guint seat = ts_position_side_to_move (e->pos);

  for (guint i = 0; i < l->n; i++)
    {
      TsMove m = l->moves[i];
      int s;

      if (ts_move_equal (m, hash_move))
        s = HASH_MOVE_SCORE;
      else if (e->ev.doseki && (m.flags & TS_MOVE_CAPTURE))
        s = CAPTURE_SCORE + 1600 * doseki_captures (e, m) - e->doseki_cells[m.piece & 15]
            + 100 * (int) ts_doseki_move_promotions (e->pos, m);
      else if (m.flags & (TS_MOVE_CAPTURE | TS_MOVE_EN_PASSANT))
        s = CAPTURE_SCORE + 16 * victim_value (e, m) - e->ev.attack_value[m.piece & 15] / 8
            + (m.promo != TS_NO_PROMO ? e->ev.value[m.promo & 15] : 0);
      else if (m.promo != TS_NO_PROMO)
        s = PROMO_SCORE + e->ev.value[m.promo & 15];
      else if (ts_move_equal (m, e->killers[ply][0]))
        s = KILLER_SCORE;
      else if (ts_move_equal (m, e->killers[ply][1]))
        s = KILLER_SCORE - 1;
      else
        {
          s = m.to != TS_NO_CELL ? e->history[seat & 3][m.piece & 15][m.to] : 0;
          if (e->ev.doseki)
            s += doseki_quiet_score (e, m);
        }
      sm[i].m = m;
      sm[i].score = s;
    }
}

static int
cmp_scored (gconstpointer a, gconstpointer b, gpointer data)
{
  const TsScoredMove *x = a, *y = b;

  return (y->score > x->score) - (y->score < x->score);
}

/* Staged picking: the best remaining move by selection for the first few, then the
 * rest sorted once (all-nodes would otherwise pay n²). */
static TsMove
pick (TsScoredMove *sm, guint n, guint i)
{
  if (i < 6)
    {
      guint best = i;
      for (guint j = i + 1; j < n; j++)
        if (sm[j].score > sm[best].score)
          best = j;
      TsScoredMove t = sm[i];
      sm[i] = sm[best];
      sm[best] = t;
    }
  else if (i == 6 && n > 7)
    g_qsort_with_data (sm + 6, n - 6, sizeof *sm, cmp_scored, NULL);
  return sm[i].m;
}

static void
update_history (TsEngine *e, TsMove m, int bonus)
{
  guint seat = ts_position_side_to_move (e->pos) & 3;
  gint32 *h;

  if (m.to == TS_NO_CELL)
    return;
  h = &e->history[seat][m.piece & 15][m.to];
  *h += bonus - *h * ABS (bonus) / HISTORY_MAX;
}

static void
update_pv (TsEngine *e, int ply, TsMove m)
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
  return v && e->variant->piece_types[TS_PIECE_TYPE (v)].royal;
}

static inline void
make_move (TsEngine *e, TsMove m, TsUndo *undo, int child_ply, guint active_before)
{
  gboolean royal = royal_capture (e, m);

  ts_position_make (e->pos, m, undo);
  e->maybe_over[child_ply] = royal ||
    (active_before && count_active (e->pos, e->variant->n_seats) != active_before);
}

/* The child's score from this node's side's point of view. */
static inline int
child_value (TsEngine *e, guint my_side, int alpha, int beta, int depth, int ply, gboolean pv)
{
  if (stm_side (e) == my_side)
    return negamax (e, alpha, beta, depth, ply + 1, pv);
  return -negamax (e, -beta, -alpha, depth, ply + 1, pv);
}

/* ---- Quiescence ---- */

static int
qsearch (TsEngine *e, int alpha, int beta, int ply, int qply)
{
  TsPosition *pos = e->pos;
  int best, stand = -TS_SCORE_INFINITE, score;
  gboolean in_check;
  guint my_side;

  e->pv_len[ply] = 0;
  if (poll_stop (e))
    return 0;
  e->nodes++;
  e->seldepth = MAX (e->seldepth, (guint) ply);
  if (e->maybe_over[ply] && game_over (e, ply, &score))
    return score;
  if (ply >= TS_ENGINE_MAX_PLY - 1)
    return evaluate (e);

  my_side = stm_side (e);
  in_check = qply < QS_CHECK_PLIES && ts_position_in_check (pos);
  TsMoveList *list = &e->lists[ply];
  list->n = 0;
  if (in_check)
    {
      ts_position_generate_legal (pos, list);
      if (list->n == 0)
        return no_move_score (e, ply);
      best = -TS_SCORE_INFINITE;
    }
  else
    {
      stand = evaluate (e);
      /* Capture chains are long on big 3D boards (Doseki's above all): cap them. */
      if (stand >= beta || qply >= (e->ev.doseki ? DOSEKI_QS_PLIES : QS_MAX_PLIES))
        return stand;
      alpha = MAX (alpha, stand);
      best = stand;
      ts_position_generate_legal_noisy (pos, list);
    }

  TsScoredMove *sm = scored_for (e, ply, list->n);
  TsMove none = { TS_NO_CELL, TS_NO_CELL, 0, TS_NO_PROMO, 0, 0 };
  score_moves (e, sm, list, none, ply);
  guint active = e->variant->n_seats > 2 ? count_active (pos, e->variant->n_seats) : 0;

  for (guint i = 0; i < list->n; i++)
    {
      TsMove m = pick (sm, list->n, i);
      TsUndo undo;

      if (!in_check)
        {
          if (e->ev.doseki && i >= DOSEKI_QS_MOVES)
            break;
          int gain = is_noisy (m) ? victim_value (e, m) : 0;
          if (m.promo != TS_NO_PROMO)
            gain += e->ev.value[m.promo & 15];
          if (stand + gain + 200 <= alpha)
            continue;
        }
      make_move (e, m, &undo, ply + 1, active);
      if (stm_side (e) == my_side)
        score = qsearch (e, alpha, beta, ply + 1, qply + 1);
      else
        score = -qsearch (e, -beta, -alpha, ply + 1, qply + 1);
      ts_position_unmake (pos, &undo);
      if (e->aborted)
        return 0;
      if (score > best)
        {
          best = score;
          if (score > alpha)
            {
              alpha = score;
              if (alpha >= beta)
                break;
            }
        }
    }
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

static int
negamax (TsEngine *e, int alpha, int beta, int depth, int ply, gboolean pv_node)
{
  TsPosition *pos = e->pos;
  TsMove tt_move = { TS_NO_CELL, TS_NO_CELL, 0, TS_NO_PROMO, 0, 0 };
  TsMove best_move = tt_move;
  int tt_score = 0, tt_depth = 0, tt_bound = TS_BOUND_NONE, score;
  int best = -TS_SCORE_INFINITE, orig_alpha = alpha, static_eval = 0;
  gboolean in_check, have_eval = FALSE;
  guint my_side, searched = 0, quiets = 0;
  guint64 key;

  if (depth <= 0)
    return qsearch (e, alpha, beta, ply, 0);

  e->pv_len[ply] = 0;
  if (poll_stop (e))
    return 0;
  e->nodes++;
  e->seldepth = MAX (e->seldepth, (guint) ply);
  key = ts_position_hash (pos) ^ e->key_salt;
  e->path[ply] = key;
  if (ply > 0 && is_repetition (e, ply))
    return 0;
  if (ply >= TS_ENGINE_MAX_PLY - 1)
    return evaluate (e);

  /* Mate distance pruning. */
  alpha = MAX (alpha, -TS_SCORE_MATE + ply);
  beta = MIN (beta, TS_SCORE_MATE - ply - 1);
  if (alpha >= beta)
    return alpha;

  if (ts_tt_probe (&e->tt, key, ply, &tt_move, &tt_score, &tt_depth, &tt_bound) &&
      !pv_node && tt_depth >= depth &&
      (tt_bound == TS_BOUND_EXACT ||
       (tt_bound == TS_BOUND_LOWER && tt_score >= beta) ||
       (tt_bound == TS_BOUND_UPPER && tt_score <= alpha)))
    return tt_score;

  TsMoveList *list = &e->lists[ply];
  list->n = 0;
  ts_position_generate_legal (pos, list);
  if (list->n == 0)
    return no_move_score (e, ply);

  my_side = stm_side (e);
  in_check = ts_position_in_check (pos);

  /* Reverse futility pruning near the leaves. */
  if (!pv_node && !in_check && depth <= 3 && ABS (beta) < TS_SCORE_MATE_BOUND)
    {
      static_eval = evaluate (e);
      have_eval = TRUE;
      if (static_eval - 120 * depth >= beta)
        return static_eval;
    }
  (void) have_eval;

  TsScoredMove *sm = scored_for (e, ply, list->n);
  score_moves (e, sm, list, tt_move, ply);
  guint active = e->variant->n_seats > 2 ? count_active (pos, e->variant->n_seats) : 0;

  for (guint i = 0; i < list->n; i++)
    {
      TsMove m = pick (sm, list->n, i);
      gboolean quiet = !is_noisy (m);
      TsUndo undo;

      if (ply > 0 && best > -TS_SCORE_MATE_BOUND)
        {
          if (e->ev.doseki && searched >= doseki_beam (depth))
            break;
          /* Late move pruning of quiet moves near the leaves. */
          if (!pv_node && !in_check && quiet && depth <= 3 &&
              quiets >= (guint) (4 + 3 * depth * depth))
            continue;
        }

      make_move (e, m, &undo, ply + 1, active);

      int ext = ply < 2 * (int) e->root_depth && ts_position_in_check (pos);
      int new_depth = depth - 1 + ext;

      if (searched == 0)
        score = child_value (e, my_side, alpha, beta, new_depth, ply, pv_node);
      else
        {
          int r = 0;
          if (depth >= 3 && quiet && searched >= 3 && !in_check && !ext)
            {
              r = lmr_reduction (depth, searched) - pv_node;
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
              update_pv (e, ply, m);
              if (alpha >= beta)
                {
                  if (quiet)
                    {
                      if (!ts_move_equal (e->killers[ply][0], m))
                        {
                          e->killers[ply][1] = e->killers[ply][0];
                          e->killers[ply][0] = m;
                        }
                      update_history (e, m, depth * depth);
                      for (guint j = 0; j < i; j++)
                        if (!is_noisy (sm[j].m))
                          update_history (e, sm[j].m, -depth * depth);
                    }
                  break;
                }
            }
        }
    }

  ts_tt_store (&e->tt, key, ply, best_move, best, MAX (depth, 0),
               best >= beta ? TS_BOUND_LOWER : best > orig_alpha ? TS_BOUND_EXACT : TS_BOUND_UPPER);
  return best;
}

/* ---- Root ---- */

static int
cmp_root (gconstpointer a, gconstpointer b, gpointer data)
{
  const TsRootMove *x = a, *y = b;

  return (y->score > x->score) - (y->score < x->score);
}

/* Searches root moves [first, n_root) with window (alpha, beta). Scores of moves that
 * do not raise alpha are set to -infinity so that a stable sort keeps their order. */
static int
search_root (TsEngine *e, int depth, int alpha, int beta, guint first)
{
  TsPosition *pos = e->pos;
  guint my_side = stm_side (e);
  guint active = e->variant->n_seats > 2 ? count_active (pos, e->variant->n_seats) : 0;
  int best = -TS_SCORE_INFINITE;

  e->path[0] = ts_position_hash (pos) ^ e->key_salt;
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
      int ext = ts_position_in_check (pos);
      if (i == first)
        score = child_value (e, my_side, alpha, beta, depth - 1 + ext, 0, TRUE);
      else
        {
          score = child_value (e, my_side, alpha, alpha + 1, depth - 1 + ext, 0, FALSE);
          if (score > alpha && score < beta)
            score = child_value (e, my_side, alpha, beta, depth - 1 + ext, 0, TRUE);
        }
      ts_position_unmake (pos, &undo);
      if (e->aborted)
        return best;

      if (score > alpha || i == first)
        {
          rm->score = score;
          rm->pv[0] = rm->m;
          rm->pv_len = 1 + MIN (e->pv_len[1], TS_ENGINE_MAX_PLY - 1);
          memcpy (&rm->pv[1], e->pv[1], (rm->pv_len - 1) * sizeof (TsMove));
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

static void
fill_line (TsEngine *e, TsSearchLine *line, const TsRootMove *rm, int score)
{
  TsPosition *pos = e->pos;
  TsUndo undo[TS_ENGINE_MAX_PLY];
  GString *san = g_string_new (NULL);
  guint n = 0;

  line->score = score;
  line->is_mate = ABS (score) > TS_SCORE_MATE_BOUND;
  if (line->is_mate)
    {
      int plies = TS_SCORE_MATE - ABS (score);
      line->mate_moves = score > 0 ? (plies - 1) / (int) e->cycle + 1
                                   : -MAX (1, plies / (int) e->cycle);
    }
  guint own_moves = 0;
  for (; n < rm->pv_len; n++)
    {
      if (!ts_position_is_legal (pos, rm->pv[n]))
        break;
      own_moves += ts_position_side_to_move (pos) == e->root_seat;
      g_autofree char *s = ts_move_to_san (pos, rm->pv[n]);
      if (n)
        g_string_append_c (san, ' ');
      g_string_append (san, s);
      line->moves[n] = rm->pv[n];
      ts_position_make (pos, rm->pv[n], &undo[n]);
    }
  /* A PV that reaches the mate tells the exact count of the root seat's moves (seats
   * without a move drop out of the turn order on the way). */
  if (line->is_mate && (int) n == TS_SCORE_MATE - ABS (score))
    line->mate_moves = score > 0 ? (int) own_moves : -(int) MAX (own_moves, 1u);
  line->n_moves = n;
  while (n-- > 0)
    ts_position_unmake (pos, &undo[n]);
  g_free (line->san);
  line->san = g_string_free (san, FALSE);
}

static void
fill_info (TsEngine *e, TsSearchInfo *info, guint depth, guint n_lines)
{
  gint64 us = MAX (g_get_monotonic_time () - e->start_us, 1);

  info->depth = depth;
  info->seldepth = e->seldepth;
  info->nodes = e->nodes;
  info->time_ms = (guint64) us / 1000;
  info->nps = e->nodes * G_USEC_PER_SEC / (guint64) us;
  info->n_lines = n_lines;
  for (guint i = 0; i < n_lines; i++)
    {
      int score = e->root[i].prev_score;
      /* Before the first iteration completes the moves carry no score yet. */
      fill_line (e, &info->lines[i], &e->root[i], score == -TS_SCORE_INFINITE ? 0 : score);
      /* limits.for_seat: the seat to move is on the other side of the seat asked for */
      if (stm_side (e) != 0)
        {
          info->lines[i].score = -info->lines[i].score;
          info->lines[i].mate_moves = -info->lines[i].mate_moves;
        }
    }
  info->best_move = e->root[0].m;
}

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
      gint64 left = l->time_left_ms[stm], inc = MAX (l->increment_ms[stm], 0);
      gint64 budget = left / (e->variant->n_seats > 2 ? 40 : 30) + inc * 3 / 4;
      budget = MIN (budget, left / 3);
      hard = MIN (left / 3, budget * 4) * 1000;
      soft = budget * 600;
      hard = MAX (hard, 1000);
      soft = MAX (soft, 500);
    }
  e->soft_us = soft && !l->infinite ? e->start_us + soft : 0;
  e->hard_us = hard && !l->infinite ? e->start_us + hard : 0;
}

static const guint level_depth[TS_ENGINE_LEVEL_FULL] = { 0, 1, 1, 2, 2, 3, 3, 4, 5, 6 };
static const int   level_noise[TS_ENGINE_LEVEL_FULL] = { 0, 300, 200, 150, 100, 70, 50, 30, 20, 10 };

static void
root_moves (TsEngine *e)
{
  TsMoveList *l = &e->lists[0];
  TsMove hash_move = { TS_NO_CELL, TS_NO_CELL, 0, TS_NO_PROMO, 0, 0 };
  int s, d, b;

  l->n = 0;
  ts_position_generate_legal (e->pos, l);
  ts_tt_probe (&e->tt, ts_position_hash (e->pos) ^ e->key_salt, 0, &hash_move, &s, &d, &b);
  TsScoredMove *sm = scored_for (e, 0, l->n);
  score_moves (e, sm, l, hash_move, 0);
  g_qsort_with_data (sm, l->n, sizeof *sm, cmp_scored, NULL);
  g_free (e->root);
  e->root = g_new0 (TsRootMove, MAX (l->n, 1));
  e->n_root = l->n;
  for (guint i = 0; i < l->n; i++)
    {
      e->root[i].m = sm[i].m;
      e->root[i].score = e->root[i].prev_score = -TS_SCORE_INFINITE;
      e->root[i].pv[0] = sm[i].m;
      e->root[i].pv_len = 1;
    }
}

/* ---- Mate search ----
 * An AND-OR proof search: at the root side's nodes (its team's, in team play) one
 * move must win, at the others every move must lose; moves_left counts the root
 * seat's own moves only, so "mate in n" means the game is won before the root seat's
 * (n+1)-th turn, whatever the number of players. Results are kept in the table as
 * bounds: a win proven with k moves holds for more, a failure for fewer. */

static gboolean
mate_node (TsEngine *e, int moves_left, int ply)
{
  TsPosition *pos = e->pos;
  TsMove tt_move;
  int tt_score, tt_depth, tt_bound, score;
  gboolean ours, found;
  guint64 key;

  e->pv_len[ply] = 0;
  if (poll_stop (e))
    return FALSE;
  e->nodes++;
  e->seldepth = MAX (e->seldepth, (guint) ply);
  if (game_over (e, ply, &score))
    return score == 0 ? FALSE : score > 0 ? stm_side (e) == 0 : stm_side (e) != 0;
  ours = stm_side (e) == 0;
  if ((ours && ts_position_side_to_move (pos) == e->root_seat && moves_left == 0) ||
      ply >= TS_ENGINE_MAX_PLY - 1)
    return FALSE;
  key = ts_position_hash (pos) ^ e->key_salt;
  e->path[ply] = key;
  if (ply > 0 && is_repetition (e, ply))
    return FALSE;
  if (ts_tt_probe (&e->tt, key, 0, &tt_move, &tt_score, &tt_depth, &tt_bound))
    {
      if (tt_bound == TS_BOUND_LOWER && tt_depth <= moves_left)
        return TRUE;
      if (tt_bound == TS_BOUND_UPPER && tt_depth >= moves_left)
        return FALSE;
    }
  else
    tt_move.to = TS_NO_CELL;

  TsMoveList *list = &e->lists[ply];
  list->n = 0;
  ts_position_generate_legal (pos, list);
  TsScoredMove *sm = scored_for (e, ply, list->n);
  score_moves (e, sm, list, tt_move, ply);

  int child_left = moves_left - (ours && ts_position_side_to_move (pos) == e->root_seat);
  found = !ours;
  for (guint i = 0; i < list->n; i++)
    {
      TsMove m = pick (sm, list->n, i);
      TsUndo undo;
      gboolean win;

      ts_position_make (pos, m, &undo);
      win = mate_node (e, child_left, ply + 1);
      ts_position_unmake (pos, &undo);
      if (e->aborted)
        return FALSE;
      if (win == ours)
        {
          found = ours;
          if (ours)
            update_pv (e, ply, m);
          break;
        }
      if (!ours && i + 1 == list->n)
        update_pv (e, ply, m);
    }
  if (found && ours)
    ts_tt_store (&e->tt, key, 0, e->pv[ply][0], 1, moves_left, TS_BOUND_LOWER);
  else if (!found)
    ts_tt_store (&e->tt, key, 0, tt_move, 0, moves_left, TS_BOUND_UPPER);
  else
    ts_tt_store (&e->tt, key, 0, tt_move, 1, moves_left, TS_BOUND_LOWER);
  return found;
}

static void
mate_search (TsEngine *e, guint max_moves, TsSearchInfoFunc info_func, gpointer user_data,
             TsSearchInfo *out)
{
  for (guint n = 1; n <= max_moves; n++)
    {
      gboolean win = mate_node (e, (int) n, 0);
      if (e->aborted)
        break;
      if (win)
        {
          TsRootMove *rm = &e->root[0];
          for (guint i = 0; i < e->n_root; i++)
            if (ts_move_equal (e->root[i].m, e->pv[0][0]))
              {
                TsRootMove t = e->root[i];
                e->root[i] = e->root[0];
                e->root[0] = t;
              }
          rm->pv_len = e->pv_len[0];
          memcpy (rm->pv, e->pv[0], rm->pv_len * sizeof (TsMove));
          rm->prev_score = TS_SCORE_MATE - (int) rm->pv_len;
        }
      ts_search_info_clear (out);
      fill_info (e, out, n, 1);
      if (win)
        {
          out->lines[0].is_mate = TRUE;
          out->lines[0].mate_moves = (int) n;
          out->mate_proven = TRUE;
        }
      if (info_func)
        info_func (out, user_data);
      if (win)
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
  int score;

  g_return_val_if_fail (e && position && out, FALSE);
  g_return_val_if_fail (ts_position_variant (position) == e->variant, FALSE);
  if (!limits)
    {
      ts_search_limits_init (&defaults);
      limits = &defaults;
    }
  memset (out, 0, sizeof *out);
  out->best_move.from = out->best_move.to = TS_NO_CELL;
  out->best_move.promo = TS_NO_PROMO;

  e->pos = ts_position_copy (position);
  e->stop = stop;
  e->limits = *limits;
  e->nodes = 0;
  e->aborted = FALSE;
  memset (e->maybe_over, 0, sizeof e->maybe_over);
  e->seldepth = 0;
  e->start_us = g_get_monotonic_time ();
  memset (e->killers, 0, sizeof e->killers);
  ts_tt_new_search (&e->tt);
  set_sides (e, limits->for_seat > 0 && limits->for_seat <= e->variant->n_seats && !limits->mate_in
                 ? limits->for_seat - 1 : ts_position_side_to_move (e->pos));
  e->cycle = e->variant->n_seats > 2 ? MAX (count_turn_takers (e->variant, e->pos), 1u) : 2;
  e->mate_mode = limits->mate_in > 0;
  /* The paranoid scores depend on who is at the root, and mate-search scores are
   * proofs with a different meaning: keep them apart in the table. */
  e->key_salt = G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * (e->root_seat + 1) +
                (e->mate_mode ? G_GUINT64_CONSTANT (0x5bd1e9955bd1e995) : 0);
  level = limits->level ? MIN (limits->level, (guint) TS_ENGINE_LEVEL_FULL) : TS_ENGINE_LEVEL_FULL;
  e->noise = level < TS_ENGINE_LEVEL_FULL ? level_noise[level] : 0;
  setup_time (e);

  {
    int s;
    /* The game may already be over (say, king captured) with moves still generated. */
    if (game_over (e, 0, &s))
      {
        g_clear_pointer (&e->pos, ts_position_free);
        return FALSE;
      }
  }
  root_moves (e);
  if (e->n_root == 0)
    {
      g_clear_pointer (&e->pos, ts_position_free);
      return FALSE;
    }

  n_lines = CLAMP (limits->multipv, 1u, MIN ((guint) TS_ENGINE_MAX_MULTIPV, e->n_root));
  max_depth = limits->depth ? MIN (limits->depth, (guint) TS_ENGINE_MAX_PLY - 8)
                            : TS_ENGINE_MAX_PLY - 8;
  if (level < TS_ENGINE_LEVEL_FULL)
    max_depth = MIN (max_depth, level_depth[level]);

  fill_info (e, out, 0, 1);
  if (e->mate_mode)
    mate_search (e, limits->mate_in, info_func, user_data, out);
  else
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
                g_qsort_with_data (e->root + pv, e->n_root - pv, sizeof *e->root, cmp_root, NULL);
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
        for (guint i = 0; i < e->n_root; i++)
          e->root[i].prev_score = e->root[i].score;
        ts_search_info_clear (out);
        fill_info (e, out, depth, n_lines);
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

  /* Refresh the figures; keep the lines of the last completed iteration. */
  {
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
  return TRUE;
}

/* ---- Greedy player ---- */

gboolean
ts_engine_greedy_move (TsEngine *e, TsPosition *pos, guint32 seed, TsMove *out)
{
  TsMoveList l;
  int best = G_MININT, ties = 0;
  guint32 rng = seed * 2654435761u + 1;

  ts_move_list_init (&l);
  ts_position_generate_legal (pos, &l);
  set_sides (e, ts_position_side_to_move (pos));
  for (guint i = 0; i < l.n; i++)
    {
      TsUndo undo;
      TsResult r;
      int v;

      ts_position_make (pos, l.moves[i], &undo);
      /* Only a capture or a check can end the game at once (mate, king captured, last
       * checker taken): asking the rules after every move costs a generation each. */
      if ((l.moves[i].flags & (TS_MOVE_CAPTURE | TS_MOVE_EN_PASSANT)) || ts_position_in_check (pos))
        ts_position_result (pos, &r);
      else
        r.kind = TS_RESULT_NONE;
      if (r.kind == TS_RESULT_WIN)
        v = r.winner_team == e->variant->team[e->root_seat] ? TS_SCORE_MATE : -TS_SCORE_MATE;
      else if (r.kind == TS_RESULT_DRAW)
        v = 0;
      else
        v = ts_eval_material (&e->ev, pos, e->side_of, 0);
      ts_position_unmake (pos, &undo);
      if (v > best)
        {
          best = v;
          ties = 1;
          *out = l.moves[i];
        }
      else if (v == best)
        {
          rng = rng * 1664525u + 1013904223u;
          if ((rng >> 8) % (guint32) ++ties == 0)
            *out = l.moves[i];
        }
    }
  ts_move_list_clear (&l);
  return ties > 0;
}

/* ---- Info ---- */

void
ts_search_info_clear (TsSearchInfo *info)
{
  for (guint i = 0; i < TS_ENGINE_MAX_MULTIPV; i++)
    g_clear_pointer (&info->lines[i].san, g_free);
}

TsSearchInfo *
ts_search_info_copy (const TsSearchInfo *info)
{
  TsSearchInfo *c = g_memdup2 (info, sizeof *info);

  for (guint i = 0; i < TS_ENGINE_MAX_MULTIPV; i++)
    c->lines[i].san = g_strdup (info->lines[i].san);
  return c;
}

void
ts_search_info_free (TsSearchInfo *info)
{
  if (!info)
    return;
  ts_search_info_clear (info);
  g_free (info);
}

char *
ts_search_line_to_string (const TsSearchInfo *info, guint i)
{
  const TsSearchLine *l;
  g_autofree char *score = NULL;

  g_return_val_if_fail (i < info->n_lines, NULL);
  l = &info->lines[i];
  score = l->is_mate ? g_strdup_printf ("mate %d", l->mate_moves)
                     : g_strdup_printf ("cp %d", l->score);
  return g_strdup_printf ("info depth %u seldepth %u multipv %u score %s nodes %" G_GUINT64_FORMAT
                          " nps %" G_GUINT64_FORMAT " time %" G_GUINT64_FORMAT " pv %s",
                          info->depth, info->seldepth, i + 1, score, info->nodes, info->nps,
                          info->time_ms, l->san ? l->san : "");
}
