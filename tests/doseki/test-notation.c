/* Doseki notation (RULES.md §7) and position text: examples, round trips, bad input. */
#include "doseki-ref.h"

#define CELL(x, y, z) ((x) + 9 * ((y) + 9 * (z)))

static void
test_cell_names (void)
{
  const TsVariant *v = t_variant ();
  char name[8];

  /* Layer (z) A–I, file (x) a–i, rank (y) 1–9: "Ab2" is x 1, y 1, z 0. */
  ts_variant_cell_name (v, CELL (1, 1, 0), name);
  g_assert_cmpstr (name, ==, "Ab2");
  ts_variant_cell_name (v, CELL (8, 0, 4), name);
  g_assert_cmpstr (name, ==, "Ei1");
  for (int c = 0; c < 729; c++)
    {
      const char *end = NULL;

      ts_variant_cell_name (v, c, name);
      g_assert_cmpint (ts_variant_parse_cell (v, name, &end), ==, c);
      g_assert_cmpint (*end, ==, '\0');
    }
}

static void
check_round_trip (TsPosition *p, TsMove m, const char *expected)
{
  g_autofree char *san = ts_move_to_san (p, m);
  g_autofree char *lng = ts_move_to_long (p, m);
  g_autoptr (GError) error = NULL;
  TsMove back;

  if (expected)
    g_assert_cmpstr (san, ==, expected);
  g_assert_true (ts_move_parse (p, san, &back, &error));
  g_assert_no_error (error);
  g_assert_true (ts_move_equal (back, m));
  g_assert_true (ts_move_parse (p, lng, &back, &error));
  g_assert_no_error (error);
  g_assert_true (ts_move_equal (back, m));
}

static void
test_rules_examples (void)
{
  g_autoptr (TsPosition) start = t_new_initial ();
  g_autoptr (TsPosition) k = t_new_empty ();
  TsMove m;
  TsCell cells[TS_DOSEKI_MAX_SET];

  /* RULES.md §7's examples. */
  m = t_parse_ok (start, "P Ae2-Ae3");
  g_assert_cmpint (m.from, ==, CELL (4, 1, 0));
  g_assert_cmpint (m.to, ==, CELL (4, 2, 0));
  g_assert_cmpuint (m.piece, ==, (guint) ts_doseki_piece_by_letter ('P'));
  check_round_trip (start, m, "P Ae2-Ae3");
  m = t_parse_ok (start, "H Ad2,Ae2-Ad4");
  check_round_trip (start, m, "H Ad2,Ae2-Ad4");
  g_assert_cmpuint (ts_doseki_move_cells (m, cells), ==, 2);
  g_assert_cmpint (cells[0], ==, CELL (3, 1, 0));
  g_assert_cmpint (cells[1], ==, CELL (4, 1, 0));
  /* The cells may be given in any order and with spaces; the output sorts them. */
  m = t_parse_ok (start, "H Ae2, Ad2 - Ad4");
  check_round_trip (start, m, "H Ad2,Ae2-Ad4");
  /* Without the letter, as long algebraic allows; a layer A, B, C ... is no letter. */
  g_assert_true (ts_move_equal (t_parse_ok (start, "Ad2,Ae2-Ad4"), m));
  g_assert_true (ts_move_equal (t_parse_ok (start, "Ae2-Ae3"), t_parse_ok (start, "P Ae2-Ae3")));
  {
    g_autoptr (GError) error = NULL;

    /* "AAa1": the archbishop's letter and a cell of layer A; the shape is right, the
     * move is blocked */
    g_assert_false (ts_move_parse (start, "AAa1,Ab1,Aa2,Ba1-Aa3", &m, &error));
    g_assert_error (error, TS_RULES_ERROR, TS_RULES_ERROR_ILLEGAL);
    g_assert_nonnull (strstr (error->message, "cannot move there"));
  }

  /* The king example: a king in the corner slides up onto four black checkers. */
  for (int x = 0; x <= 1; x++)
    for (int y = 0; y <= 1; y++)
      for (int z = 0; z <= 1; z++)
        t_set (k, CELL (x, y, z), T_RED);
  for (int x = 0; x <= 1; x++)
    for (int z = 0; z <= 1; z++)
      t_set (k, CELL (x, 8, z), T_BLACK);
  m = t_parse_ok (k, "K Aa1,Ab1,Aa2,Ab2,Ba1,Bb1,Ba2,Bb2xAa8");
  g_assert_cmpuint (m.flags & TS_MOVE_CAPTURE, !=, 0);
  check_round_trip (k, m, "K Aa1,Ab1,Aa2,Ab2,Ba1,Bb1,Ba2,Bb2xAa8");

  /* A placement. */
  ts_position_set_hand_count (k, 0, 0, 1);
  m = t_parse_ok (k, "@Ee5");
  g_assert_cmpuint (m.flags, ==, TS_MOVE_PLACE);
  g_assert_cmpint (m.from, ==, TS_NO_CELL);
  check_round_trip (k, m, "@Ee5");
}

static void
test_bad_moves (void)
{
  g_autoptr (TsPosition) p = t_new_initial ();
  static const struct { const char *text; int code; } bad[] = {
    { "", TS_RULES_ERROR_PARSE },
    { "Z Ae2-Ae3", TS_RULES_ERROR_PARSE },
    { "P Ae2", TS_RULES_ERROR_PARSE },
    { "P Ae2-", TS_RULES_ERROR_PARSE },
    { "P Ae2-Zz9", TS_RULES_ERROR_PARSE },
    { "P Ae2-Ae3 now", TS_RULES_ERROR_PARSE },
    { "Ae2,Af2,Ag2,Ah2,Ai2-Ae3", TS_RULES_ERROR_ILLEGAL },   /* no piece's shape */
    { "Ae3-Ae4", TS_RULES_ERROR_ILLEGAL },         /* letterless: no checker there */
    { "Ae2-Af3", TS_RULES_ERROR_ILLEGAL },
    { "P Ae2,Ae2-Ae3", TS_RULES_ERROR_PARSE },
    { "@", TS_RULES_ERROR_PARSE },
    { "@Zz1", TS_RULES_ERROR_PARSE },
    { "@Ee5", TS_RULES_ERROR_ILLEGAL },            /* no outside checker */
    { "P Ae3-Ae4", TS_RULES_ERROR_ILLEGAL },       /* no checker there */
    { "P Ae8-Ae7", TS_RULES_ERROR_ILLEGAL },       /* Black's */
    { "H Ae2-Ae3", TS_RULES_ERROR_ILLEGAL },       /* one cell is no horse */
    { "B Ad2,Ae2-Ad3", TS_RULES_ERROR_ILLEGAL },   /* two cells are no bishop */
    { "P Ae1-Ae2", TS_RULES_ERROR_ILLEGAL },       /* blocked by its own checker */
    { "P Ae2-Af3", TS_RULES_ERROR_ILLEGAL },       /* a pawn's diagonal only captures */
    { "R Aa1,Ab1,Aa2,Ab2-Ca1", TS_RULES_ERROR_ILLEGAL },   /* own checkers on layer B */
    { "R Aa1,Ab1,Aa2,Ab2-Aa8", TS_RULES_ERROR_ILLEGAL },   /* past Black's first rank */
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      TsMove m;

      g_test_message ("%s", bad[i].text);
      g_assert_false (ts_move_parse (p, bad[i].text, &m, &error));
      g_assert_error (error, TS_RULES_ERROR, bad[i].code);
      g_assert_nonnull (strstr (error->message, "column"));
    }
  /* The rook square standing in the xy plane goes up through ranks 3–7, then captures
   * on Black's rank 8 ("-" for "x" is accepted). */
  g_assert_cmpuint (t_parse_ok (p, "R Aa1,Ab1,Aa2,Ab2-Aa7").flags, ==, TS_MOVE_CAPTURE);
  g_assert_cmpuint (t_parse_ok (p, "R Aa1,Ab1,Aa2,Ab2-Aa6").flags, ==, 0);
}

static void
test_move_round_trips (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (1907);

  for (guint i = 0; i < 12; i++)
    {
      g_autoptr (TsPosition) p = random_position (r);
      TsMoveList l;

      ts_move_list_init (&l);
      ts_position_generate_legal (p, &l);
      for (guint j = 0; j < l.n; j += 1 + l.n / 200)
        check_round_trip (p, l.moves[j], NULL);
      ts_move_list_clear (&l);
    }
}

/* Every spelling docs/doseki.md allows reads back as m: the written form, without the
 * piece letter, with annotation marks and line ends, and with "-" for a capture. */
static void
check_all_forms (TsPosition *p, TsMove m)
{
  g_autofree char *san = ts_move_to_san (p, m);
  g_autofree char *bare = g_strdup (m.flags & TS_MOVE_PLACE ? san : san + 2);
  g_autofree char *noted = g_strconcat (" ", san, " !?\r\n", NULL);
  g_autofree char *dash = g_strdup (san);
  const char *forms[] = { san, bare, noted, dash };

  g_strdelimit (dash, "x", '-');
  for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
    {
      g_autoptr (GError) error = NULL;
      TsMove back;

      if (!ts_move_parse (p, forms[i], &back, &error))
        g_error ("“%s” not read: %s", forms[i], error->message);
      g_assert_true (ts_move_equal (back, m));
    }
}

static void
test_all_forms (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (729);

  for (guint i = 0; i < 6; i++)
    {
      g_autoptr (TsPosition) p = i < 3 ? t_new_initial () : random_position (r);

      for (guint ply = 0; ply < 4 * i; ply++)
        {
          TsMoveList l;
          TsUndo u;

          ts_move_list_init (&l);
          ts_position_generate_legal (p, &l);
          if (l.n)
            ts_position_make (p, l.moves[g_rand_int_range (r, 0, (gint32) l.n)], &u);
          ts_move_list_clear (&l);
        }
      {
        TsMoveList l;
        guint captures = 0;

        ts_move_list_init (&l);
        ts_position_generate_legal (p, &l);
        /* a sample of them all, and every capture and placement */
        for (guint j = 0; j < l.n; j++)
          if (j % (1 + l.n / 50) == 0 || (l.moves[j].flags & (TS_MOVE_CAPTURE | TS_MOVE_PLACE) &&
                                           captures++ < 50))
            check_all_forms (p, l.moves[j]);
        ts_move_list_clear (&l);
      }
    }
}

static void
test_position_text (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (2010);
  g_autoptr (TsPosition) start = t_new_initial ();
  g_autofree char *text = ts_position_to_text (start);

  g_assert_true (g_str_has_prefix (text, "doseki bbbbbbbbb/bbbbbbbbb/9/9/9/9/9/rrrrrrrrr/rrrrrrrrr|"));
  g_assert_true (g_str_has_suffix (text, " turn=r halfmove=0 ply=0 outside-r=0 outside-b=0"));

  for (guint i = 0; i < 30; i++)
    {
      g_autoptr (TsPosition) p = random_position (r);
      g_autoptr (TsPosition) back = NULL;
      g_autofree char *t1 = NULL, *t2 = NULL;
      g_autoptr (GError) error = NULL;

      ts_position_set_hand_count (p, 0, 0, g_rand_int_range (r, 0, 200));
      t1 = ts_position_to_text (p);
      back = ts_position_from_text (t1, &error);
      g_assert_no_error (error);
      t2 = ts_position_to_text (back);
      g_assert_cmpstr (t1, ==, t2);
      g_assert_cmpuint (ts_position_hash (back), ==, ts_position_hash (p));
      for (guint s = 0; s < 2; s++)
        g_assert_cmpuint (t_outside (back, s), ==, t_outside (p, s));
      g_assert_cmpuint (ts_position_side_to_move (back), ==, ts_position_side_to_move (p));
    }
}

static void
test_bad_position_text (void)
{
  g_autoptr (TsPosition) start = t_new_initial ();
  g_autofree char *good = ts_position_to_text (start);
  g_autofree char *layers = g_strndup (good, strstr (good, " turn=") - good);
  g_autofree char *short_board = g_strndup (good, strrchr (layers, '|') - layers);
  struct { char *text; guint column; } bad[] = {
    /* a layer short */
    { g_strdup (short_board), 0 },
    { g_strdup_printf ("%s turn=x", layers), 0 },
    { g_strdup_printf ("%s colour=r", layers), 0 },
    { g_strdup_printf ("%s outside-r=999", layers), 0 },
    { g_strdup ("doseki 9/9/9/9/9/9/9/9/9x"), 25 },
    { g_strdup ("doseki 9/9/9/9/9/9/9/9/45"), 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (TsPosition) p = ts_position_from_text (bad[i].text, &error);

      g_test_message ("%s", bad[i].text);
      g_assert_null (p);
      g_assert_error (error, TS_RULES_ERROR, TS_RULES_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, "column"));
      if (bad[i].column)
        {
          g_autofree char *col = g_strdup_printf ("column %u:", bad[i].column);
          g_assert_nonnull (strstr (error->message, col));
        }
      g_free (bad[i].text);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/doseki/notation/cell-names", test_cell_names);
  g_test_add_func ("/doseki/notation/rules-examples", test_rules_examples);
  g_test_add_func ("/doseki/notation/bad-moves", test_bad_moves);
  g_test_add_func ("/doseki/notation/move-round-trips", test_move_round_trips);
  g_test_add_func ("/doseki/notation/all-forms", test_all_forms);
  g_test_add_func ("/doseki/notation/position-text", test_position_text);
  g_test_add_func ("/doseki/notation/bad-position-text", test_bad_position_text);
  return g_test_run ();
}
