/* The rules functions the engine's search relies on: the piece list, the legality test
 * of one move (hash moves), the null move and the static exchange evaluation. */
#include "rules-test-util.h"

/* Positions along seeded random games of variant v; func is called at every ply. */
static void
walk_random_games (const TsVariant *v, guint games, guint plies,
                   void (*func) (TsPosition *p, const TsMoveList *legal, GRand *rand))
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_str_hash (v->id));
  TsMoveList l;

  ts_move_list_init (&l);
  for (guint g = 0; g < games; g++)
    {
      g_autoptr(TsPosition) p = ts_position_new_initial (v);

      for (guint ply = 0; ply < plies; ply++)
        {
          TsUndo u;

          l.n = 0;
          ts_position_generate_legal (p, &l);
          func (p, &l, rand);
          if (l.n == 0)
            break;
          ts_position_make (p, l.moves[g_rand_int_range (rand, 0, (gint32) l.n)], &u);
        }
    }
  ts_move_list_clear (&l);
}

static void
check_pieces (TsPosition *p, const TsMoveList *legal, GRand *rand)
{
  const TsVariant *v = ts_position_variant (p);
  TsCell cells[TS_MAX_CELLS];
  TsPiece pieces[TS_MAX_CELLS];
  guint n = ts_position_pieces (p, cells, pieces), k = 0;

  /* Seat by seat, cells ascending: the same as a scan of every cell per seat. */
  for (guint s = 0; s < v->n_seats; s++)
    for (guint c = 0; c < v->geometry.ncells; c++)
      {
        TsPiece q = ts_position_piece_at (p, (TsCell) c);

        if (!q || TS_PIECE_SEAT (q) != s)
          continue;
        g_assert_cmpuint (k, <, n);
        g_assert_cmpint (cells[k], ==, (TsCell) c);
        g_assert_cmpuint (pieces[k], ==, q);
        k++;
      }
  g_assert_cmpuint (k, ==, n);
}

static void
test_pieces (gconstpointer data)
{
  walk_random_games (data, 2, 40, check_pieces);
}

/* Every legal move is legal; every altered one is legal exactly when it is listed
 * (moves from a hash table may be anything, from another position or a collision). */
static void
check_is_legal (TsPosition *p, const TsMoveList *legal, GRand *rand)
{
  const TsVariant *v = ts_position_variant (p);

  /* at most 40 moves a position: Doseki lists thousands */
  for (guint k = 0; k < MIN (legal->n, 40u); k++)
    {
      guint i = legal->n <= 40 ? k : (guint) g_rand_int_range (rand, 0, (gint32) legal->n);
      TsMove m = legal->moves[i], alt = m;

      g_assert_true (ts_position_is_legal (p, m));
      switch (g_rand_int_range (rand, 0, 6))
        {
        case 0: alt.to = (TsCell) g_rand_int_range (rand, -1, (gint32) v->geometry.ncells); break;
        case 1: alt.from = (TsCell) g_rand_int_range (rand, -1, (gint32) v->geometry.ncells); break;
        case 2: alt.piece = (guint8) g_rand_int_range (rand, 0, 16); break;
        case 3: alt.flags ^= (guint8) (1u << g_rand_int_range (rand, 0, 6)); break;
        case 4: alt.promo = (guint8) g_rand_int_range (rand, 0, 8); break;
        default: alt = legal->moves[g_rand_int_range (rand, 0, (gint32) legal->n)];
                 alt.from = (TsCell) g_rand_int_range (rand, 0, (gint32) v->geometry.ncells); break;
        }
      g_assert_cmpint (ts_position_is_legal (p, alt), ==, ts_move_list_contains (legal, alt));
    }
}

static void
test_is_legal (gconstpointer data)
{
  walk_random_games (data, 2, 30, check_is_legal);
}

/* The null move: the opponent moves next, as if the side to move had been changed;
 * unmake restores the position, its hash and its history. */
static void
check_null (TsPosition *p, const TsMoveList *legal, GRand *rand)
{
  const TsVariant *v = ts_position_variant (p);
  guint64 hash = ts_position_hash (p);
  guint side = ts_position_side_to_move (p), ply = ts_position_ply (p);
  TsUndo u;
  TsResult r;

  ts_position_result (p, &r);
  if (r.kind != TS_RESULT_NONE || ts_position_in_check (p))
    return;
  g_assert_true (ts_position_make_null (p, &u));
  g_assert_cmpuint (ts_position_side_to_move (p), ==, 1 - side);
  g_assert_cmpuint (ts_position_hash (p), !=, hash);
  g_assert_cmpuint (ts_position_ply (p), ==, ply + 1);
  {
    g_autofree char *text = ts_position_to_text (p);
    g_autoptr(TsPosition) same = pos (text);
    TsMoveList a, b;

    /* The hash is the one of the position with the other side to move. */
    g_assert_cmpuint (ts_position_hash (same), ==, ts_position_hash (p));
    ts_move_list_init (&a);
    ts_move_list_init (&b);
    ts_position_generate_legal (p, &a);
    ts_position_generate_legal (same, &b);
    g_assert_cmpuint (a.n, ==, b.n);
    ts_move_list_clear (&a);
    ts_move_list_clear (&b);
  }
  ts_position_unmake (p, &u);
  g_assert_cmpuint (ts_position_hash (p), ==, hash);
  g_assert_cmpuint (ts_position_side_to_move (p), ==, side);
  g_assert_cmpuint (ts_position_ply (p), ==, ply);
  ts_position_result (p, &r);
  g_assert_cmpint (r.kind, ==, TS_RESULT_NONE);
  (void) v;
}

static void
test_null_move (void)
{
  const char *two[] = { "raumschach", "parton", "cubic8", "nihongi" };
  const char *none[] = { "cubic8-4p", "cubic8-teams-13", "grossraumschach", "doseki",
                         "parton-compulsion" };

  for (guint i = 0; i < G_N_ELEMENTS (two); i++)
    walk_random_games (ts_variant_lookup (two[i]), 2, 30, check_null);
  for (guint i = 0; i < G_N_ELEMENTS (none); i++)
    {
      g_autoptr(TsPosition) p = ts_position_new_initial (ts_variant_lookup (none[i]));
      guint64 hash = ts_position_hash (p);
      TsUndo u;

      g_assert_false (ts_position_make_null (p, &u));
      g_assert_cmpuint (ts_position_hash (p), ==, hash);
    }
}

/* Values by letter for the exchange tests: P 100, N 300, B 300, U 250, R 500, Q 900. */
static void
see_values (const TsVariant *v, int values[TS_MAX_PIECE_TYPES])
{
  for (guint t = 0; t < v->n_piece_types; t++)
    switch (v->piece_types[t].letter)
      {
      case 'P': values[t] = 100; break;
      case 'N': case 'B': values[t] = 300; break;
      case 'U': values[t] = 250; break;
      case 'R': values[t] = 500; break;
      case 'Q': values[t] = 900; break;
      default: values[t] = 10000; break;
      }
}

static void
assert_see (const char *position, const char *move_text, int exchange)
{
  g_autoptr(TsPosition) p = pos (position);
  int values[TS_MAX_PIECE_TYPES] = { 0 };
  TsMove m = move (p, move_text);
  guint64 hash = ts_position_hash (p);

  see_values (ts_position_variant (p), values);
  g_test_message ("%s %s: %d", position, move_text, exchange);
  g_assert_true (ts_position_see_ge (p, m, values, exchange));
  g_assert_false (ts_position_see_ge (p, m, values, exchange + 1));
  /* the board is left as it was */
  g_assert_cmpuint (ts_position_hash (p), ==, hash);
  g_assert_true (ts_position_is_legal (p, m));
}

static void
test_see (void)
{
  /* An undefended rook: +500. */
  assert_see ("raumschach w:KAa1,QCc1 b:KEe5,RCc4 turn=w", "QCc4", 500);
  /* Defended by a pawn (Black's pawns take towards White): the queen is lost. */
  assert_see ("raumschach w:KAa1,QCc1 b:KEe5,RCc4,PCd5 turn=w", "QCc4", 500 - 900);
  /* A pawn takes the rook: the recapture costs only the pawn. */
  assert_see ("raumschach w:KAa1,PCb3 b:KEe5,RCc4,PCd5 turn=w", "PCc4", 500 - 100);
  /* X-ray: the second white rook, behind the first, recaptures. */
  assert_see ("raumschach w:KAa1,RCc1,RCc2 b:KEe5,RCc4,RCc5 turn=w", "RCc4", 500);
  /* A quiet move onto a cell a pawn attacks loses the piece. */
  assert_see ("raumschach w:KAa1,NBb2 b:KEe5,PCd4 turn=w", "NBd3", -300);
  /* The king takes when nothing defends, and last when nothing is left to take back. */
  assert_see ("raumschach w:KBb2 b:KEe5,RBb3 turn=w", "KBb3", 500);
  assert_see ("raumschach w:KBb2,RBd3 b:KEe5,RBb3,RBb5 turn=w", "RBb3", 500);
  assert_see ("raumschach w:KBb2,RBd3 b:KEe5,RBb3,RBb5,BBd5 turn=w", "RBb3", 0);
}

int
main (int argc, char **argv)
{
  guint n;
  const TsVariant *const *all = ts_variant_list (&n);

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *a = g_strdup_printf ("/rules/search-support/pieces/%s", all[i]->id);
      g_autofree char *b = g_strdup_printf ("/rules/search-support/is-legal/%s", all[i]->id);

      g_test_add_data_func (a, all[i], test_pieces);
      g_test_add_data_func (b, all[i], test_is_legal);
    }
  g_test_add_func ("/rules/search-support/null-move", test_null_move);
  g_test_add_func ("/rules/search-support/see", test_see);
  return g_test_run ();
}
