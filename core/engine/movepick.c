/* Move ordering: scores, the staged picker, killers and history. See docs/engine.md. */
#include "engine/engine-private.h"

#include "doseki/doseki.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#define HASH_MOVE_SCORE  (1 << 30)
#define CAPTURE_SCORE    (1 << 28)
#define PROMO_SCORE      ((1 << 28) - (1 << 24))
#define KILLER_SCORE     (1 << 26)
#define BAD_CAPTURE_SCORE (-(1 << 28))
#define HISTORY_MAX      16384
#define SELECTION_PICKS  6   /* picked by selection; the rest is sorted once */
#define DOSEKI_SELECTION_PICKS 1   /* Doseki: by selection; the rest from a heap */

enum { STAGE_HASH, STAGE_GENERATE, STAGE_MOVES };

TsScoredMove *
ts_engine_scored_for (TsEngine *e, int ply, guint n)
{
  /* Never NULL, even for no moves: the chess picker makes its pointers from it. */
  if (e->scored_cap[ply] < MAX (n, 1u))
    {
      e->scored_cap[ply] = MAX (MAX (n, 1u), 2 * e->scored_cap[ply]);
      e->scored[ply] = g_renew (TsScoredMove, e->scored[ply], e->scored_cap[ply]);
    }
  return e->scored[ply];
}

/* What capture m takes (a pawn's 100 for en passant). Inline: the score loop asks it
 * of every capture. */
static inline int
victim_value (TsEngine *e, TsMove m)
{
  TsPiece v;

  if ((m.flags & TS_MOVE_EN_PASSANT) || m.to == TS_NO_CELL ||
      !(v = ts_position_piece_at (e->pos, m.to)))
    return 100;
  return e->ev.attack_value[TS_PIECE_TYPE (v)];
}

/* Doseki: how many enemy checkers the moving set lands on (at least one for a capture
 * whose shape is unknown). */
static int
doseki_captures (TsEngine *e, TsMove m)
{
  if (!(m.flags & TS_MOVE_CAPTURE))
    return 0;
  return MAX ((int) ts_doseki_move_captures (e->pos, m), 1);
}

/* Doseki: whether capture m lands on a cell that the move last made moved a checker to
 * (it takes back some of what that move took). */
gboolean
ts_engine_doseki_recapture (TsEngine *e, TsMove m, TsMove last)
{
  const TsDosekiOrientation *o = ts_doseki_orientation (m.shape);
  const TsDosekiOrientation *lo = ts_doseki_orientation (last.shape);

  if (!o || !lo || m.to == TS_NO_CELL || last.to == TS_NO_CELL || last.from == TS_NO_CELL)
    return FALSE;
  for (guint i = 0; i < o->n_cells; i++)
    for (guint j = 0; j < lo->n_cells; j++)
      {
        guint d = 0;
        for (; d < 3; d++)
          if (e->ev.coords[m.to][d] + o->cells[i][d] != e->ev.coords[last.to][d] + lo->cells[j][d])
            break;
        if (d == 3)
          return TRUE;
      }
  return FALSE;
}

static int
doseki_quiet_score (TsEngine *e, TsMove m, guint seat)
{
  if (m.from == TS_NO_CELL)
    return 40;
  int dy = e->ev.coords[m.to][1] - e->ev.coords[m.from][1];
  return 64 * dy * e->ev.doseki_forward[seat] * e->doseki_cells[m.piece & 15];
}

/* What a capture or promotion wins at most: the victim and the promoted piece (Doseki:
 * the checkers captured and the outside checkers gained). */
int
ts_engine_capture_gain (TsEngine *e, TsMove m)
{
  int gain;

  if (e->ev.doseki)
    return e->ev.value[m.piece & 15] * (doseki_captures (e, m) + (int) ts_doseki_move_promotions (e->pos, m));
  gain = ts_move_is_noisy (m) ? victim_value (e, m) : 0;
  if (m.promo != TS_NO_PROMO)
    gain += e->ev.value[m.promo & 15];
  return gain;
}

/* Doseki: the gains of l's captures (see ts_doseki_capture_gains). */
static const guint16 *
doseki_gains (TsEngine *e, const TsMoveList *l)
{
  if (e->doseki_gains_cap < l->n)
    {
      e->doseki_gains_cap = MAX (l->n, 2 * e->doseki_gains_cap);
      e->doseki_gains = g_renew (guint16, e->doseki_gains, e->doseki_gains_cap);
    }
  ts_doseki_capture_gains (e->pos, l->moves, l->n, e->doseki_gains);
  return e->doseki_gains;
}

/* What a chess list's scores read, once for the list. */
typedef struct {
  TsEngine     *e;
  guint64       hash, killer0, killer1;
  const gint32 *history[16];   /* the side to move's, a row by piece type */
} ChessScoring;

static void
chess_scoring_init (ChessScoring *c, TsEngine *e, TsMove hash_move, int ply)
{
  guint seat = ts_position_side_to_move (e->pos) & 3;

  c->e = e;
  c->hash = ts_move_key (hash_move);
  c->killer0 = ts_move_key (e->killers[ply][0]);
  c->killer1 = ts_move_key (e->killers[ply][1]);
  /* a load for a row instead of its offset's arithmetic, for every quiet move */
  for (guint t = 0; t < 16; t++)
    c->history[t] = e->history[seat][t];
}

/* The bits of a move's key that make it noisy (ts_move_is_noisy), and their value in a
 * quiet move: one test for most moves. */
static inline guint64
noisy_mask (void)
{
  TsMove m = { 0, 0, 0, 0xff, TS_MOVE_CAPTURE | TS_MOVE_EN_PASSANT, 0 };
  return ts_move_key (m);
}

static inline guint64
quiet_bits (void)
{
  TsMove m = { 0, 0, 0, TS_NO_PROMO, 0, 0 };
  return ts_move_key (m);
}

/* Chess: the hash move, then captures by victim (most valuable first) and attacker
 * (least first), promotions, the killers, and the quiet moves by history. */
static inline int
chess_score (const ChessScoring *c, const TsMove *mp)
{
  guint64 key = ts_move_key (*mp);
  TsEngine *e = c->e;
  TsMove m;

  if (G_LIKELY ((key & noisy_mask ()) == quiet_bits ()))
    {
      if (key == c->hash)
        return HASH_MOVE_SCORE;
      if (key == c->killer0)
        return KILLER_SCORE;
      if (key == c->killer1)
        return KILLER_SCORE - 1;
      return c->history[mp->piece & 15][mp->to];   /* a generated move lands on a cell */
    }
  if (key == c->hash)
    return HASH_MOVE_SCORE;
  m = *mp;
  if (m.flags & (TS_MOVE_CAPTURE | TS_MOVE_EN_PASSANT))
    return CAPTURE_SCORE + 16 * victim_value (e, m) - e->ev.attack_value[m.piece & 15] / 8
           + (m.promo != TS_NO_PROMO ? e->ev.value[m.promo & 15] : 0);
  return PROMO_SCORE + e->ev.value[m.promo & 15];
}

/* Chess: the scores of l's moves, into scores. */
static void
chess_scores (TsEngine *e, int *scores, const TsMoveList *l, TsMove hash_move, int ply)
{
  const TsMove *moves = l->moves;
  ChessScoring c;

  chess_scoring_init (&c, e, hash_move, ply);
  for (guint i = 0, n = l->n; i < n; i++)
    scores[i] = chess_score (&c, &moves[i]);
}

void
ts_engine_score_moves (TsEngine *e, TsScoredMove *sm, const TsMoveList *l, TsMove hash_move,
                       int ply)
{
  if (!e->ev.doseki)
    {
      ChessScoring c;

      chess_scoring_init (&c, e, hash_move, ply);
      for (guint i = 0; i < l->n; i++)
        {
          sm[i].m = l->moves[i];
          sm[i].score = chess_score (&c, &l->moves[i]);
        }
      return;
    }

  /* Doseki */
  guint seat = ts_position_side_to_move (e->pos);
  const guint16 *gains = doseki_gains (e, l);
  /* in locals: sm's stores may alias l and e for the compiler */
  const TsMove *moves = l->moves;
  guint64 killer0 = ts_move_key (e->killers[ply][0]), killer1 = ts_move_key (e->killers[ply][1]);

  for (guint i = 0, n = l->n; i < n; i++)
    {
      TsMove m = moves[i];
      int s;

      if (ts_same_move (m, hash_move))
        s = HASH_MOVE_SCORE;
      else if (m.flags & TS_MOVE_CAPTURE)
        /* at least one checker for a capture whose shape is unknown (doseki_captures) */
        s = CAPTURE_SCORE + 1600 * MAX (gains[i] & 0xff, 1) - e->doseki_cells[m.piece & 15]
            + 100 * (gains[i] >> 8);
      else if (m.promo != TS_NO_PROMO)
        s = PROMO_SCORE + e->ev.value[m.promo & 15];
      else if (ts_move_key (m) == killer0)
        s = KILLER_SCORE;
      else if (ts_move_key (m) == killer1)
        s = KILLER_SCORE - 1;
      else
        {
          s = m.to != TS_NO_CELL ? e->history[seat & 3][m.piece & 15][m.to] : 0;
          s += doseki_quiet_score (e, m, seat);
        }
      sm[i].m = m;
      sm[i].score = s;
    }
}

/* Doseki: whether a is tried before b: the higher score, equal scores by the move
 * itself. Doseki's scores tie often (as many checkers taken by sets of one size), and a
 * list's order of generation must not decide which of them the beam searches: the
 * captures generated alone then come in the order they have among all the moves (the
 * staged picker below), and a heap gives the same order as a sort. Chess keeps the
 * order of generation for its ties (chess_next). */
static inline gboolean
goes_before (const TsScoredMove *a, const TsScoredMove *b)
{
  if (a->score != b->score)
    return a->score > b->score;
  return ts_move_key (a->m) < ts_move_key (b->m);
}

/* A stable insertion sort, best first. */
static void
insertion_sort (TsScoredMove *sm, guint n)
{
  for (guint i = 1; i < n; i++)
    {
      TsScoredMove t = sm[i];
      guint j = i;
      for (; j >= 1 && sm[j - 1].score < t.score; j--)
        sm[j] = sm[j - 1];
      sm[j] = t;
    }
}

/* A sort key: the score in the high half, biased so that keys compare as scores do,
 * and the move's index in the low half. */
static inline guint64
sort_key (int score, guint index)
{
  return (guint64) ((guint32) score ^ 0x80000000u) << 32 | index;
}

/* An insertion sort's pass on keys gap apart, comparing their scores only: a key is
 * below every key of a higher score, its index cleared. With sentinels, k[-gap, 0) are above every key and
 * end the moves down instead of a test of the index. */
static inline void
key_insertion_pass (TsPickSlot *k, guint n, guint gap, gboolean sentinels)
{
  ptrdiff_t g = gap;

  for (guint i = gap; i < n; i++)
    {
      guint64 t = k[i].key, score_only = t & ~(guint64) G_MAXUINT32;
      TsPickSlot *p = k + i;

      if (k[i - gap].key >= score_only)
        continue;
      do
        {
          p->key = p[-g].key;
          p -= g;
        }
      while ((sentinels || p - k >= g) && p[-g].key < score_only);
      p->key = t;
    }
}

/* Chess: moves[0, n) best first, into slots[0, n): insertion sort (stable), after a
 * Shell sort's wider gaps on long lists (not stable: their order of equal scores is the
 * search's). The sort moves 8-byte keys, the moves follow once. slots[-4, 0) are free:
 * sentinels for the narrow gaps. g_qsort_with_data's callback per comparison cost more
 * than the whole sort of a chess node's few dozen moves. */
static void
sort_moves (const TsMove *moves, const int *scores, guint n, TsPickSlot *slots)
{
  static const guint gaps[] = { 701, 301, 132, 57, 23, 10 };

  for (guint i = 0; i < n; i++)
    slots[i].key = sort_key (scores[i], i);
  for (guint g = 0; g < G_N_ELEMENTS (gaps); g++)
    if (n >= 4 * gaps[g])
      key_insertion_pass (slots, n, gaps[g], FALSE);
  for (int s = -4; s < 0; s++)
    slots[s].key = G_MAXUINT64;
  if (n >= 16)
    key_insertion_pass (slots, n, 4, TRUE);
  key_insertion_pass (slots, n, 1, TRUE);
  for (guint i = 0; i < n; i++)
    slots[i].m = moves[(guint32) slots[i].key];
}

/* Byte `shift / 8` of a radix key that puts higher scores first. */
static inline guint
score_digit (int score, guint shift)
{
  return (~((guint32) score ^ 0x80000000u) >> shift) & 0xff;
}

/* Best first, equal scores in their order: insertion for short lists, else a radix sort
 * on the score's four bytes, lowest first (each pass stable; a pass over moves whose
 * byte is all alike is skipped). A merge sort's fifteen passes over a Doseki root's
 * ~30 000 moves cost ten times as much. */
void
ts_engine_sort_scored_stable (TsScoredMove *sm, guint n)
{
  if (n <= 32)
    {
      insertion_sort (sm, n);
      return;
    }
  TsScoredMove *tmp = g_new (TsScoredMove, n), *src = sm, *dst = tmp;
  for (guint shift = 0; shift < 32; shift += 8)
    {
      guint start[257] = { 0 };

      for (guint i = 0; i < n; i++)
        start[score_digit (src[i].score, shift) + 1]++;
      if (start[score_digit (src[0].score, shift) + 1] == n)
        continue;
      for (guint d = 0; d < 256; d++)
        start[d + 1] += start[d];
      for (guint i = 0; i < n; i++)
        dst[start[score_digit (src[i].score, shift)]++] = src[i];
      TsScoredMove *t = src;
      src = dst;
      dst = t;
    }
  if (src != sm)
    memcpy (sm, src, n * sizeof *sm);
  g_free (tmp);
}

void
ts_picker_init (TsPicker *pk, TsEngine *e, int ply, TsMove hash_move, gboolean quiescence,
                gboolean in_check)
{
  pk->ply = ply;
  pk->hash_move = hash_move;
  pk->stage = STAGE_HASH;
  pk->noisy_only = quiescence && !in_check;
  pk->recaptures = FALSE;
  /* A Doseki node searches a beam of its best-ordered moves, and its captures are
   * ordered before every other move: most nodes have more captures than the beam is
   * wide (all of the bench's, and of a depth 4 search from the start), and then
   * generating only them (about half the work of a full generation) finds the same
   * moves. */
  pk->part = e->ev.doseki && !quiescence ? TS_PICK_CAPTURES : TS_PICK_ALL;
  pk->list = &e->lists[ply];
  pk->sm = NULL;
  pk->moves = NULL;
  pk->scores = NULL;
  pk->slots = NULL;
  pk->n = pk->next = pk->sorted_end = 0;
}

/* A capture whose exchange may lose (the mover is worth more than the victim) and
 * does. */
gboolean
ts_engine_losing_capture (TsEngine *e, TsMove m)
{
  if (e->ev.doseki || !(m.flags & TS_MOVE_CAPTURE) ||
      e->see_values[m.piece & 15] <= victim_value (e, m))
    return FALSE;
  return !ts_position_see_ge (e->pos, m, e->see_values, 0);
}

/* A capture scored as good that loses material: it is worth less than it looked
 * (quiescence tests its captures itself, after the cheaper delta test). */
static gboolean
losing_capture (TsEngine *e, gboolean noisy_only, int score, TsMove m)
{
  /* a capture's scores, from CAPTURE_SCORE to below HASH_MOVE_SCORE, in one test */
  return !noisy_only &&
         (guint) score - (guint) CAPTURE_SCORE < (guint) (HASH_MOVE_SCORE - CAPTURE_SCORE) &&
         ts_engine_losing_capture (e, m);
}

void
ts_picker_only_recaptures (TsPicker *pk, TsMove last)
{
  g_return_if_fail (pk->noisy_only);
  pk->recaptures = TRUE;
  pk->recapture_of = last;
}

/* Takes the hash move out of l (searched already), shifting what follows: most lists
 * keep every other move (a copy of every move cost a pass as long as the scoring's). */
static void
drop_hash_move (TsMoveList *l, TsMove hash_move)
{
  guint64 hash = ts_move_key (hash_move);

  if (hash_move.to == TS_NO_CELL)
    return;
  for (guint i = 0; i < l->n; i++)
    if (ts_move_key (l->moves[i]) == hash)
      {
        memmove (l->moves + i, l->moves + i + 1, (l->n - i - 1) * sizeof l->moves[0]);
        l->n--;
        return;
      }
}

/* Keeps the moves of l that are of part (captures, or the rest: the captures were
 * searched first), less the hash move. */
static void
keep_part (TsMoveList *l, guint part, TsMove hash_move)
{
  /* in locals: the stores of moves' bytes may alias the list for the compiler */
  guint64 hash = ts_move_key (hash_move);
  TsMove *moves = l->moves;
  guint n = 0;

  for (guint i = 0, n_all = l->n; i < n_all; i++)
    {
      TsMove m = moves[i];
      gboolean capture = (m.flags & TS_MOVE_CAPTURE) != 0;
      if (ts_move_key (m) == hash ||
          (part == TS_PICK_CAPTURES && !capture) || (part == TS_PICK_REST && capture))
        continue;
      moves[n++] = m;
    }
  l->n = n;
}

static void
generate (TsPicker *pk, TsEngine *e)
{
  TsMoveList *l = pk->list;
  TsScoredMove *scratch;
  guint n;

  l->n = 0;
  if (pk->recaptures)
    ts_doseki_generate_recaptures (e->pos, pk->recapture_of, l);
  else if (pk->noisy_only || pk->part == TS_PICK_CAPTURES)
    ts_position_generate_legal_noisy (e->pos, l);
  else
    ts_position_generate_legal (e->pos, l);
  if (pk->part == TS_PICK_ALL)
    drop_hash_move (l, pk->hash_move);
  else
    keep_part (l, pk->part, pk->hash_move);
  n = l->n;
  scratch = ts_engine_scored_for (e, pk->ply, n);
  if (e->ev.doseki)
    {
      pk->sm = scratch;
      ts_engine_score_moves (e, pk->sm, l, pk->hash_move, pk->ply);
    }
  else
    {
      /* The scratch's bytes of n scored moves as n slots, then n scores. */
      G_STATIC_ASSERT (sizeof (TsScoredMove) >= sizeof (TsPickSlot) + sizeof (int));
      pk->slots = (TsPickSlot *) (gpointer) scratch;
      pk->scores = (int *) (gpointer) (pk->slots + n);
      pk->moves = l->moves;
      chess_scores (e, pk->scores, l, pk->hash_move, pk->ply);
    }
  pk->n = n;
  pk->next = 0;
}

/* The moves sm[first, n) as a binary heap, best on top by goes_before's total order,
 * laid out from the end: node j is sm[n - 1 - j]. A pick takes the top into sm[first]
 * and the heap then holds sm[first + 1, n): the sequence of picks is the sorted order. */
#define HEAP(j) sm[n - 1 - (j)]

static void
heap_sink (TsScoredMove *sm, guint n, guint size, guint j)
{
  TsScoredMove x = HEAP (j);

  for (guint c; (c = 2 * j + 1) < size; j = c)
    {
      if (c + 1 < size && goes_before (&HEAP (c + 1), &HEAP (c)))
        c++;
      if (!goes_before (&HEAP (c), &x))
        break;
      HEAP (j) = HEAP (c);
    }
  HEAP (j) = x;
}

static void
heap_make (TsScoredMove *sm, guint first, guint n)
{
  guint size = n - first;

  for (guint j = size / 2; j-- > 0;)
    heap_sink (sm, n, size, j);
}

static void
heap_pop (TsScoredMove *sm, guint first, guint n)
{
  TsScoredMove top = HEAP (0);

  HEAP (0) = sm[first];   /* the heap's last node */
  heap_sink (sm, n, n - first - 1, 0);
  sm[first] = top;
}
#undef HEAP

/* Doseki: the first best of sm[i, n) by goes_before. */
static inline guint
select_best (const TsScoredMove *sm, guint i, guint n)
{
  guint best = i;

  for (guint j = i + 1; j < n; j++)
    if (goes_before (&sm[j], &sm[best]))
      best = j;
  return best;
}

#ifdef __SSE2__
static inline __m128i
load4 (const int *scores)
{
  return _mm_loadu_si128 ((const __m128i *) scores);
}

/* The greater of each lane (SSE2 has no pmaxsd). */
static inline __m128i
max4 (__m128i a, __m128i b)
{
  __m128i a_greater = _mm_cmpgt_epi32 (a, b);

  return _mm_or_si128 (_mm_and_si128 (a_greater, a), _mm_andnot_si128 (a_greater, b));
}

/* The best of scores[i, n), n - i >= 4: eight at a time, the ends in two loads that may
 * overlap the rest (harmless to a maximum). */
static inline int
best_score4 (const int *scores, guint i, guint n)
{
  __m128i a = load4 (scores + i), b = load4 (scores + n - 4);
  guint j = i + 4;

  for (; j + 8 <= n; j += 8)
    {
      a = max4 (a, load4 (scores + j));
      b = max4 (b, load4 (scores + j + 4));
    }
  if (j + 4 <= n)
    a = max4 (a, load4 (scores + j));
  a = max4 (a, b);
  a = max4 (a, _mm_shuffle_epi32 (a, _MM_SHUFFLE (1, 0, 3, 2)));
  a = max4 (a, _mm_shuffle_epi32 (a, _MM_SHUFFLE (2, 3, 0, 1)));
  return _mm_cvtsi128_si32 (a);
}
#endif

/* Chess: the first best of scores[i, n) (no tie-break): the best score, then the first
 * move that has it, four scores at a time where SSE2 is (every x86-64). */
static inline guint
first_best (const int *scores, guint i, guint n)
{
  int top = scores[i];

#ifdef __SSE2__
  if (n - i >= 4)
    {
      __m128i want = _mm_set1_epi32 (top = best_score4 (scores, i, n));

      for (; i + 4 <= n; i += 4)
        {
          int found = _mm_movemask_epi8 (_mm_cmpeq_epi32 (load4 (scores + i), want));
          if (found)
            return i + (guint) __builtin_ctz ((guint) found) / 4;
        }
    }
#endif
  for (guint j = i + 1; j < n; j++)
    top = MAX (top, scores[j]);
  while (scores[i] != top)
    i++;
  return i;
}

/* Chess: the next move; the first picks by selection, then the rest in one sort. */
static gboolean
chess_next (TsPicker *pk, TsEngine *e, TsMove *out)
{
  int *scores = pk->scores;
  TsMove *moves = pk->moves;

  while (pk->next < pk->n)
    {
      guint i = pk->next;

      if (i < SELECTION_PICKS)
        {
          guint best = first_best (scores, i, pk->n);
          int s = scores[best];
          TsMove m = moves[best];
          scores[best] = scores[i];
          moves[best] = moves[i];
          scores[i] = s;
          moves[i] = m;
          if (losing_capture (e, pk->noisy_only, s, m))
            {
              scores[i] += BAD_CAPTURE_SCORE - CAPTURE_SCORE;
              continue;
            }
          pk->next++;
          *out = m;
          return TRUE;
        }
      if (i == SELECTION_PICKS)
        {
          /* The rest in one sort, the losing captures demoted first. */
          gboolean noisy_only = pk->noisy_only;
          for (guint j = i, n = pk->n; j < n; j++)
            if (losing_capture (e, noisy_only, scores[j], moves[j]))
              scores[j] += BAD_CAPTURE_SCORE - CAPTURE_SCORE;
          G_STATIC_ASSERT (SELECTION_PICKS >= 4);   /* sort_moves's sentinels */
          sort_moves (moves + i, scores + i, pk->n - i, pk->slots + i);
          pk->sorted_end = pk->n;
        }
      pk->next++;
      *out = pk->slots[i].m;
      return TRUE;
    }
  return FALSE;
}

static G_GNUC_NO_INLINE gboolean
picker_next (TsPicker *pk, TsEngine *e, TsMove *out)
{
  TsScoredMove *sm;

  switch (pk->stage)
    {
    case STAGE_HASH:
      pk->stage = STAGE_GENERATE;
      if (pk->hash_move.to != TS_NO_CELL &&
          (!pk->noisy_only || ts_move_is_noisy (pk->hash_move)) &&
          ts_position_is_legal (e->pos, pk->hash_move))
        {
          *out = pk->hash_move;
          return TRUE;
        }
      pk->hash_move = ts_no_move ();
      /* fall through */
    case STAGE_GENERATE:
      generate (pk, e);
      pk->stage = STAGE_MOVES;
      /* fall through */
    default:
      break;
    }

  if (!e->ev.doseki)
    return chess_next (pk, e, out);
  sm = pk->sm;
  while (pk->next < pk->n)
    {
      guint i = pk->next;

      if (i >= DOSEKI_SELECTION_PICKS)
        {
          /* Doseki's thousands of moves (no capture of its loses by exchange): a heap
           * gives the few the beam searches without sorting them all, cheaper than a
           * selection's pass a pick. The first is still selected: a node that cuts
           * after it makes no heap. */
          if (i == DOSEKI_SELECTION_PICKS)
            heap_make (sm, i, pk->n);
          heap_pop (sm, i, pk->n);
        }
      else
        {
          guint best = select_best (sm, i, pk->n);
          TsScoredMove t = sm[i];
          sm[i] = sm[best];
          sm[best] = t;
        }
      pk->next++;
      *out = sm[i].m;
      return TRUE;
    }
  if (pk->part == TS_PICK_CAPTURES)
    {
      /* The captures did not fill the beam (or all lost): the other moves. Their
       * scores now read the history as the captures' searches left it. */
      pk->part = TS_PICK_REST;
      generate (pk, e);
      return picker_next (pk, e, out);
    }
  return FALSE;
}

gboolean
ts_picker_next (TsPicker *pk, TsEngine *e, TsMove *out)
{
  /* Chess, past the selection's picks: the moves sorted, most of a node's picks, in a
   * few instructions (the rest's registers cost more than this). */
  if (pk->next < pk->sorted_end)
    {
      *out = pk->slots[pk->next++].m;
      return TRUE;
    }
  return picker_next (pk, e, out);
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

void
ts_engine_reward_quiet (TsEngine *e, int ply, int depth, TsMove m,
                        const TsMove *tried, guint n_tried)
{
  int bonus = MIN (depth * depth, 400);

  if (!ts_same_move (e->killers[ply][0], m))
    {
      e->killers[ply][1] = e->killers[ply][0];
      e->killers[ply][0] = m;
    }
  update_history (e, m, bonus);
  for (guint j = 0; j < n_tried; j++)
    update_history (e, tried[j], -bonus);
}
