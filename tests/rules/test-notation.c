/* Move notation: round trips over every legal move of random positions, and the
 * messages for bad input. */
#include "rules-test-util.h"

static void
roundtrip_position (TsPosition *p)
{
  TsMoveList l;

  ts_move_list_init (&l);
  ts_position_generate_legal (p, &l);
  for (guint i = 0; i < l.n; i++)
    {
      g_autofree char *san = ts_move_to_san (p, l.moves[i]);
      g_autofree char *lng = ts_move_to_long (p, l.moves[i]);
      g_autoptr(GError) error = NULL;
      TsMove back;

      if (!ts_move_parse (p, san, &back, &error))
        g_error ("%s: SAN “%s” not read back: %s", ts_position_variant (p)->id, san, error->message);
      g_assert_true (ts_move_equal (back, l.moves[i]));
      if (!ts_move_parse (p, lng, &back, &error))
        g_error ("%s: long “%s” not read back: %s", ts_position_variant (p)->id, lng, error->message);
      g_assert_true (ts_move_equal (back, l.moves[i]));
    }
  ts_move_list_clear (&l);
}

static void
test_roundtrip (gconstpointer data)
{
  const TsVariant *v = ts_variant_lookup (data);
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_str_hash (v->id) + 7);
  guint games = g_test_slow () ? 10 : 2, plies = g_test_slow () ? 100 : 30;

  for (guint g = 0; g < games; g++)
    {
      g_autoptr(TsPosition) p = ts_position_new_initial (v);

      for (guint ply = 0; ply < plies; ply++)
        {
          if (ply % (g_test_slow () ? 1 : 5) == 0)
            roundtrip_position (p);
          if (!play_random (p, rand))
            break;
        }
    }
}

static void
test_disambiguation (void)
{
  g_autoptr(TsPosition) p = ts_position_new_initial (ts_variant_lookup ("raumschach"));
  g_autofree char *a = san_of (p, "NAb1-Ac3");
  g_autofree char *b = san_of (p, "NAd1-Ac3");
  g_autofree char *c = san_of (p, "Nb1Ac3");

  g_assert_cmpstr (a, ==, "NbAc3");
  g_assert_cmpstr (b, ==, "NdAc3");
  g_assert_cmpstr (c, ==, "NbAc3");
  assert_refused (p, "NAc3", TS_RULES_ERROR_AMBIGUOUS);
  assert_refused (p, "hello", TS_RULES_ERROR_PARSE);
  assert_refused (p, "", TS_RULES_ERROR_PARSE);
  assert_refused (p, "NAc4", TS_RULES_ERROR_ILLEGAL);
  assert_refused (p, "O-O", TS_RULES_ERROR_ILLEGAL);
  /* long algebraic, with the pawn letter, and trailing marks ignored */
  move (p, "PAa2-Aa3");
  move (p, "Ab2-Ab3!?");
  move (p, "UBb1-Cc2");
}

static void
test_check_marks (void)
{
  g_autoptr(TsPosition) p = pos ("raumschach w:KAc1,QCb5,REb4 b:KEa5 turn=w");
  g_autofree char *mate = san_of (p, "QCb5-Eb5");
  g_autofree char *check = san_of (p, "QCb5-Db5");
  g_autofree char *quiet = san_of (p, "QCb5-Cb4");

  g_assert_cmpstr (mate, ==, "QEb5#");
  g_assert_cmpstr (check, ==, "QDb5+");
  g_assert_cmpstr (quiet, ==, "QCb4");
}

static void
test_pawn_capture_san (void)
{
  /* a pawn capture names its origin like PGN's "exd5" */
  g_autoptr(TsPosition) p = pos ("raumschach w:KAa1,PBc2 b:KEe5,NBd3 turn=w");
  g_autofree char *san = san_of (p, "PBc2xBd3");

  g_assert_cmpstr (san, ==, "BxBd3");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  add_per_variant ("/notation/roundtrip", test_roundtrip);
  g_test_add_func ("/notation/disambiguation", test_disambiguation);
  g_test_add_func ("/notation/check-marks", test_check_marks);
  g_test_add_func ("/notation/pawn-capture", test_pawn_capture_san);
  return g_test_run ();
}
