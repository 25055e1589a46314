/* Cross-check: the core's generator (make/unmake, incremental everything) against the
 * slow reference in reference.c, on positions along random games of every variant. */
#include <string.h>

#include "reference.h"
#include "rules-test-util.h"
#include "positions.h"
#include "rules/notation.h"
#include "rules/postext.h"

static gboolean slow;

static void
assert_same_moves (TsPosition *p)
{
  TsMoveList a, b;

  ts_move_list_init (&a);
  ts_move_list_init (&b);
  ts_position_generate_legal (p, &a);
  ref_generate_legal (p, &b);
  ref_sort_moves (&a);
  ref_sort_moves (&b);
  if (a.n != b.n || (a.n && memcmp (a.moves, b.moves, a.n * sizeof (TsMove)) != 0))
    {
      g_autofree char *text = ts_position_to_text (p);

      for (guint i = 0, j = 0; i < a.n || j < b.n;)
        {
          int c = i == a.n ? 1 : j == b.n ? -1 : memcmp (&a.moves[i], &b.moves[j], sizeof (TsMove));
          TsMove m = c <= 0 ? a.moves[i] : b.moves[j];

          if (c != 0)
            g_test_message ("%s: from %d to %d piece %u promo %u flags %u",
                            c < 0 ? "core only" : "reference only", m.from, m.to, m.piece, m.promo, m.flags);
          if (c <= 0) i++;
          if (c >= 0) j++;
        }
      g_test_message ("position: %s", text);
      g_assert_cmpuint (a.n, ==, b.n);
      g_assert_cmpmem (a.moves, a.n * sizeof (TsMove), b.moves, b.n * sizeof (TsMove));
    }
  /* the noisy moves are exactly the captures and promotions among them */
  {
    TsMoveList noisy;
    guint n = 0;

    ts_move_list_init (&noisy);
    ts_position_generate_legal_noisy (p, &noisy);
    ref_sort_moves (&noisy);
    for (guint i = 0; i < a.n; i++)
      if ((a.moves[i].flags & TS_MOVE_CAPTURE) || a.moves[i].promo != TS_NO_PROMO)
        a.moves[n++] = a.moves[i];
    g_assert_cmpmem (noisy.moves, noisy.n * sizeof (TsMove), a.moves, n * sizeof (TsMove));
    ts_move_list_clear (&noisy);
  }
  ts_move_list_clear (&a);
  ts_move_list_clear (&b);
}

static void
random_games (const TsVariant *v, const char *start, guint games, guint plies)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_str_hash (v->id) + (start ? g_str_hash (start) : 0));

  g_assert_nonnull (v);
  for (guint g = 0; g < games; g++)
    {
      g_autoptr(TsPosition) p = start ? pos (start) : ts_position_new_initial (v);

      for (guint ply = 0; ply < plies; ply++)
        {
          TsMoveList l;
          TsUndo u;
          guint64 hash = ts_position_hash (p);

          assert_same_moves (p);
          /* perft through make/unmake equals perft through copies */
          if (ply % (slow ? 25 : 20) == 5 && (v->geometry.ncells <= 216 || slow))
            g_assert_cmpuint (ts_perft (p, 2), ==, ref_perft (p, 2));
          g_assert_cmpuint (ts_position_hash (p), ==, hash);
          ts_move_list_init (&l);
          ts_position_generate_legal (p, &l);
          if (l.n == 0)
            {
              ts_move_list_clear (&l);
              break;
            }
          /* prefer captures now and then, so games reach sparse positions */
          {
            TsMove m = l.moves[g_rand_int_range (rand, 0, (gint32) l.n)];

            for (guint i = 0; i < l.n && g_rand_boolean (rand); i++)
              if (l.moves[i].flags & (TS_MOVE_CAPTURE | TS_MOVE_DROP | TS_MOVE_CASTLE))
                m = l.moves[i];
            ts_position_make (p, m, &u);
          }
          ts_move_list_clear (&l);
          /* the incremental hash equals the hash computed afresh */
          {
            g_autofree char *text = ts_position_to_text (p);
            g_autoptr(GError) error = NULL;
            g_autoptr(TsPosition) q = ts_position_from_text (text, &error);

            if (!q)
              g_error ("%s\n%s", text, error->message);
            g_assert_cmpuint (ts_position_hash (q), ==, ts_position_hash (p));
          }
        }
    }
}

static void
test_random_games (gconstpointer data)
{
  random_games (ts_variant_lookup (data), NULL, slow ? 6 : 3, slow ? 100 : 30);
}

/* The hand-built positions: perft both ways, then random games from them. */
static void
test_hand_built (gconstpointer data)
{
  const TestPosition *tp = data;
  g_autoptr(TsPosition) p = pos (tp->text);
  guint depth = slow || tp->perft[2] < 20000 ? 3 : 2;

  for (guint d = 1; d <= depth; d++)
    {
      g_assert_cmpuint (ref_perft (p, d), ==, tp->perft[d - 1]);
      g_assert_cmpuint (ts_perft (p, d), ==, tp->perft[d - 1]);
    }
  random_games (ts_position_variant (p), tp->text, slow ? 4 : 2, slow ? 50 : 15);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  slow = g_test_slow ();
  add_per_variant ("/reference", test_random_games);
  for (guint i = 0; i < G_N_ELEMENTS (test_positions); i++)
    {
      g_autofree char *path = g_strdup_printf ("/reference/position/%u", i);

      g_test_add_data_func (path, &test_positions[i], test_hand_built);
    }
  return g_test_run ();
}
