/* Move ordering: a Doseki node's captures generated alone, then the rest, come in the
 * order that all its moves generated at once have; the root's moves sorted by score. */
#include "engine/engine-private.h"
#include "rules/notation.h"

/* Every move the picker gives, in order. */
static void
pick_all (TsEngine *e, TsMove hash_move, guint part, TsMoveList *out)
{
  TsPicker pk;
  TsMove m;

  ts_picker_init (&pk, e, 1, hash_move, FALSE, FALSE);
  pk.part = part;
  while (ts_picker_next (&pk, e, &m))
    ts_move_list_push (out, m);
}

/* The moves after the hash move come by descending score, ties by ascending move. */
static void
assert_best_first (TsEngine *e, const TsMoveList *picked, TsMove hash)
{
  TsMoveList rest = { .moves = picked->moves + 1, .n = picked->n - 1 };
  g_autofree TsScoredMove *sm = g_new (TsScoredMove, rest.n);

  ts_engine_score_moves (e, sm, &rest, hash, 1);
  for (guint k = 0; k + 1 < rest.n; k++)
    g_assert_true (sm[k].score > sm[k + 1].score ||
                   (sm[k].score == sm[k + 1].score && ts_move_key (sm[k].m) < ts_move_key (sm[k + 1].m)));
}

static void
test_doseki_captures_first (void)
{
  const TsVariant *v = ts_variant_lookup ("doseki");
  g_autoptr (GRand) r = g_rand_new_with_seed (16);
  TsEngine *e = ts_engine_new (v, 1);
  guint staged = 0, with_rest = 0;

  ts_engine_prepare (e);
  for (guint game = 0; game < 6; game++)
    {
      g_autoptr (TsPosition) pos = ts_position_new_initial (v);

      for (guint ply = 0; ply < 90; ply++)
        {
          TsMoveList l, all, captures_first;
          TsUndo u;

          ts_move_list_init (&l);
          ts_position_generate_legal (pos, &l);
          if (l.n == 0)
            break;
          if (ply % 15 == 14)
            {
              /* Scores that tie and scores that do not: history and killers as a
               * search leaves them, and a hash move that is a capture or not. */
              for (guint k = 0; k < 300; k++)
                e->history[g_rand_int_range (r, 0, 2)][g_rand_int_range (r, 0, 16)]
                          [g_rand_int_range (r, 0, (gint32) v->geometry.ncells)] = g_rand_int_range (r, -500, 500);
              e->killers[1][0] = l.moves[g_rand_int_range (r, 0, (gint32) l.n)];
              e->pos = pos;
              ts_move_list_init (&all);
              ts_move_list_init (&captures_first);
              TsMove hash = l.moves[g_rand_int_range (r, 0, (gint32) l.n)];
              pick_all (e, hash, TS_PICK_ALL, &all);
              pick_all (e, hash, TS_PICK_CAPTURES, &captures_first);
              g_assert_cmpuint (all.n, ==, l.n);
              g_assert_cmpuint (captures_first.n, ==, all.n);
              for (guint i = 0; i < all.n; i++)
                g_assert_true (ts_move_equal (captures_first.moves[i], all.moves[i]));
              /* The hash move first; then best first, equal scores by the move. */
              g_assert_true (ts_move_equal (all.moves[0], hash));
              assert_best_first (e, &all, hash);
              guint i = 1;
              while (i < all.n && (all.moves[i].flags & TS_MOVE_CAPTURE))
                i++;
              for (guint k = i; k < all.n; k++)
                g_assert_false (all.moves[k].flags & TS_MOVE_CAPTURE);
              staged++;
              with_rest += i < all.n;
              ts_move_list_clear (&all);
              ts_move_list_clear (&captures_first);
            }
          ts_position_make (pos, l.moves[g_rand_int_range (r, 0, (gint32) l.n)], &u);
          ts_move_list_clear (&l);
        }
    }
  g_assert_cmpuint (staged, >=, 30);
  g_assert_cmpuint (with_rest, >=, 30);
  ts_engine_free (e);
}

/* The root's sort after an iteration gives what a stable merge sort gives: with a few
 * scores among -infinity (as iterations leave them), and with every score rising
 * (which ends in the merge sort). */
static void
test_root_order (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (5);

  for (guint round = 0; round < 200; round++)
    {
      guint n = (guint) g_rand_int_range (r, 1, round % 2 ? 60 : 3000);
      g_autofree TsRootMove *a = g_new0 (TsRootMove, n);
      g_autofree TsRootMove *b = NULL;

      for (guint i = 0; i < n; i++)
        {
          a[i].m.to = (TsCell) i;
          if (round % 5 == 4)
            a[i].score = (int) i / 3;
          else
            a[i].score = g_rand_int_range (r, 0, 50) ? -TS_SCORE_INFINITE : g_rand_int_range (r, -40, 40);
        }
      b = g_memdup2 (a, n * sizeof *a);
      ts_engine_sort_root (a, n);
      g_qsort_with_data (b, n, sizeof *b, ts_engine_cmp_root, NULL);
      for (guint i = 0; i < n; i++)
        {
          g_assert_cmpint (a[i].m.to, ==, b[i].m.to);
          g_assert_cmpint (a[i].score, ==, b[i].score);
        }
    }
}

/* The order chess's picker gave when each score sat beside its move: six picks by
 * selection (the first move of the best score; a capture that loses by exchange demoted
 * and the pick made again), then the rest in a Shell sort, whose wider passes order
 * equal scores their own way. The search's tree depends on that order to the ties. */
static void
reference_order (TsEngine *e, TsScoredMove *sm, guint n, gboolean noisy_only, TsMoveList *out)
{
  static const guint gaps[] = { 701, 301, 132, 57, 23, 10, 4, 1 };
  const int capture = 1 << 28, hash = 1 << 30, bad = -(1 << 28);
  guint i = 0;

  while (i < MIN (n, 6))
    {
      guint best = i;
      for (guint j = i + 1; j < n; j++)
        if (sm[j].score > sm[best].score)
          best = j;
      TsScoredMove t = sm[i];
      sm[i] = sm[best];
      sm[best] = t;
      if (!noisy_only && sm[i].score >= capture && sm[i].score < hash &&
          ts_engine_losing_capture (e, sm[i].m))
        {
          sm[i].score += bad - capture;
          continue;
        }
      ts_move_list_push (out, sm[i++].m);
    }
  if (i < n)
    {
      TsScoredMove *rest = sm + i;
      guint m = n - i;
      for (guint j = 0; j < m; j++)
        if (!noisy_only && rest[j].score >= capture && rest[j].score < hash &&
            ts_engine_losing_capture (e, rest[j].m))
          rest[j].score += bad - capture;
      for (guint g = 0; g < G_N_ELEMENTS (gaps); g++)
        if (gaps[g] == 1 || m >= 4 * gaps[g])
          for (guint a = gaps[g]; a < m; a++)
            {
              TsScoredMove t = rest[a];
              guint b = a;
              for (; b >= gaps[g] && rest[b - gaps[g]].score < t.score; b -= gaps[g])
                rest[b] = rest[b - gaps[g]];
              rest[b] = t;
            }
      for (guint j = 0; j < m; j++)
        ts_move_list_push (out, rest[j].m);
    }
}

/* Chess's picker gives its moves in reference_order, ties and all: long lists and
 * short, quiescence's, scores from a history that ties often and from killers. */
static void
test_chess_order (void)
{
  static const char *const variants[] = { "raumschach", "cubic8-4p", "grossraumschach" };
  g_autoptr (GRand) r = g_rand_new_with_seed (24);
  guint compared = 0;

  for (guint vi = 0; vi < G_N_ELEMENTS (variants); vi++)
    {
      const TsVariant *v = ts_variant_lookup (variants[vi]);
      TsEngine *e = ts_engine_new (v, 1);
      g_autoptr (TsPosition) pos = ts_position_new_initial (v);

      ts_engine_prepare (e);
      e->pos = pos;
      for (guint ply = 0; ply < 60; ply++)
        {
          TsMoveList l, picked, want;
          TsUndo u;

          ts_move_list_init (&l);
          ts_position_generate_legal (pos, &l);
          if (l.n == 0)
            break;
          for (guint k = 0; k < 30; k++)
            {
              guint seat = (guint) g_rand_int_range (r, 0, 4), type = (guint) g_rand_int_range (r, 0, 16);
              gint32 cell = g_rand_int_range (r, 0, (gint32) v->geometry.ncells);
              e->history[seat][type][cell] = g_rand_int_range (r, -2, 3) * 50;
            }
          e->killers[1][0] = l.moves[g_rand_int_range (r, 0, (gint32) l.n)];
          for (guint quiescence = 0; quiescence < 2; quiescence++)
            {
              TsMoveList gen;
              TsMove hash = l.moves[g_rand_int_range (r, 0, (gint32) l.n)], m;
              TsPicker pk;

              ts_move_list_init (&gen);
              ts_move_list_init (&picked);
              ts_move_list_init (&want);
              if (quiescence)
                {
                  ts_position_generate_legal_noisy (pos, &gen);
                  hash = ts_no_move ();
                }
              else
                ts_position_generate_legal (pos, &gen);
              ts_picker_init (&pk, e, 1, hash, quiescence, FALSE);
              while (ts_picker_next (&pk, e, &m))
                ts_move_list_push (&picked, m);
              /* the hash move first, then the others */
              if (!quiescence)
                ts_move_list_push (&want, hash);
              guint n = 0;
              for (guint i = 0; i < gen.n; i++)
                if (!ts_move_equal (gen.moves[i], hash))
                  gen.moves[n++] = gen.moves[i];
              gen.n = n;
              g_autofree TsScoredMove *sm = g_new (TsScoredMove, MAX (n, 1));
              ts_engine_score_moves (e, sm, &gen, hash, 1);
              reference_order (e, sm, n, quiescence, &want);
              g_assert_cmpuint (picked.n, ==, want.n);
              for (guint i = 0; i < want.n; i++)
                g_assert_true (ts_move_equal (picked.moves[i], want.moves[i]));
              compared += want.n;
              ts_move_list_clear (&gen);
              ts_move_list_clear (&picked);
              ts_move_list_clear (&want);
            }
          ts_position_make (pos, l.moves[g_rand_int_range (r, 0, (gint32) l.n)], &u);
          ts_move_list_clear (&l);
        }
      ts_engine_free (e);
    }
  g_assert_cmpuint (compared, >, 5000);
}

static int
cmp_scored (gconstpointer a, gconstpointer b, gpointer data)
{
  const TsScoredMove *x = a, *y = b;

  return (y->score > x->score) - (y->score < x->score);
}

/* The stable sort of scored moves (the root's first order, the mate search's) gives
 * what GLib's stable merge sort gives, short lists and long, with many equal scores,
 * negative scores and the extremes. */
static void
test_stable_order (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (8);

  for (guint round = 0; round < 300; round++)
    {
      guint n = (guint) g_rand_int_range (r, 0, round % 3 ? 40 : 5000);
      g_autofree TsScoredMove *a = g_new0 (TsScoredMove, MAX (n, 1));
      g_autofree TsScoredMove *b = NULL;

      for (guint i = 0; i < n; i++)
        {
          a[i].m.to = (TsCell) i;
          a[i].score = round % 5 == 4 ? (i % 3 == 0 ? G_MININT : i % 3 == 1 ? G_MAXINT : 0)
                                      : g_rand_int_range (r, round % 4 > 1 ? -100000 : 0,
                                                          round % 2 ? 8 : 100000);
        }
      b = g_memdup2 (a, MAX (n, 1) * sizeof *a);
      ts_engine_sort_scored_stable (a, n);
      g_qsort_with_data (b, n, sizeof *b, cmp_scored, NULL);
      for (guint i = 0; i < n; i++)
        g_assert_true (ts_move_equal (a[i].m, b[i].m) && a[i].score == b[i].score);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/movepick/doseki-captures-first", test_doseki_captures_first);
  g_test_add_func ("/engine/movepick/root-order", test_root_order);
  g_test_add_func ("/engine/movepick/chess-order", test_chess_order);
  g_test_add_func ("/engine/movepick/stable-order", test_stable_order);
  return g_test_run ();
}
