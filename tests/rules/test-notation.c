/* Move notation: every spelling of every legal move of random positions reads back
 * (RULES.md §8), and the messages for bad input. */
#include "rules-test-util.h"

/* text must read as m, or (ok_ambiguous) be refused as ambiguous naming m's SAN. */
static void
assert_reads (TsPosition *p, const char *text, TsMove m, gboolean ok_ambiguous)
{
  g_autoptr(GError) error = NULL;
  TsMove back;

  if (ts_move_parse (p, text, &back, &error))
    {
      if (!ts_move_equal (back, m))
        {
          g_autofree char *want = ts_move_to_long (p, m), *got = ts_move_to_long (p, back);

          g_error ("%s: “%s” read as %s, not %s", ts_position_variant (p)->id, text, got, want);
        }
      return;
    }
  if (ok_ambiguous && g_error_matches (error, TS_RULES_ERROR, TS_RULES_ERROR_AMBIGUOUS))
    {
      g_autofree char *san = ts_move_to_san (p, m);

      if (!strstr (error->message, san))
        g_error ("%s: “%s”: %s (without %s)", ts_position_variant (p)->id, text, error->message, san);
      return;
    }
  g_error ("%s: “%s” not read: %s", ts_position_variant (p)->id, text, error->message);
}

/* Every spelling RULES.md §8 allows for every legal move of p. */
static void
all_forms_position (TsPosition *p)
{
  TsMoveList l;

  ts_move_list_init (&l);
  ts_position_generate_legal (p, &l);
  for (guint i = 0; i < l.n; i++)
    {
      TsMove m = l.moves[i];
      g_autofree char *san = ts_move_to_san (p, m);
      g_autofree char *lng = ts_move_to_long (p, m);
      const char *marks = san + strcspn (san, "+#");
      g_autofree char *san_bare = g_strndup (san, (gsize) (marks - san));
      g_autofree char *san_note = g_strconcat (san, "!?", NULL);
      g_autofree char *lng_marked = g_strconcat (lng, marks, "?!", NULL);

      assert_reads (p, san, m, FALSE);
      assert_reads (p, san_bare, m, FALSE);
      assert_reads (p, san_note, m, FALSE);
      assert_reads (p, lng, m, FALSE);
      assert_reads (p, lng_marked, m, FALSE);
      if (g_str_has_prefix (san_bare, "O-O"))
        {
          g_autofree char *zeros = g_strdup (san_bare);

          g_strdelimit (zeros, "O", '0');
          assert_reads (p, zeros, m, FALSE);
        }
      if (!(m.flags & TS_MOVE_DROP))
        {
          /* without the piece letter; a capture also with "-" (never ambiguous) */
          char *dash = strchr (lng, 'x');

          assert_reads (p, lng + 1, m, (m.flags & TS_MOVE_CAPTURE) != 0);
          if (dash)
            {
              *dash = '-';
              assert_reads (p, lng, m, FALSE);
              assert_reads (p, lng + 1, m, FALSE);
            }
        }
    }
  ts_move_list_clear (&l);
}

/* Random games: the start and every few plies (every ply in slow mode). */
static void
test_roundtrip (gconstpointer data)
{
  gboolean slow = g_test_slow ();

  visit_random_games (data, 11, slow ? 10 : 3, slow ? 100 : 36, slow ? 1 : 4, all_forms_position);
}

/* Random text made of notation characters: a legal move or a rules error, never more. */
static void
test_garbage (gconstpointer data)
{
  static const char chars[] = "KQRBNUPESWHABCDEFGHabcdefghi123456789wroygbpk-x@=+#!?O0 ";
  const TsVariant *v = ts_variant_lookup (data);
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_str_hash (v->id) + 13);
  g_autoptr(TsPosition) p = ts_position_new_initial (v);
  guint read = 0;

  for (guint i = 0; i < 3000; i++)
    {
      char text[16];
      guint n = (guint) g_rand_int_range (rand, 1, sizeof text);
      g_autoptr(GError) error = NULL;
      TsMove m;

      for (guint j = 0; j < n; j++)
        text[j] = chars[g_rand_int_range (rand, 0, sizeof chars - 1)];
      text[n] = '\0';
      if (i % 3 == 0)   /* a real cell or two, to get past the first checks */
        {
          char a[8], b[8];

          ts_variant_cell_name (v, (TsCell) g_rand_int_range (rand, 0, (gint32) v->geometry.ncells), a);
          ts_variant_cell_name (v, (TsCell) g_rand_int_range (rand, 0, (gint32) v->geometry.ncells), b);
          g_snprintf (text, sizeof text, "%.*s%s%c%s%.*s", (int) (n % 3), text + 3,
                      a, "-x@"[n % 3], b, (int) (n % 4), text + 8);
        }
      if (ts_move_parse (p, text, &m, &error))
        {
          g_assert_true (ts_position_is_legal (p, m));
          read++;
        }
      else
        {
          g_assert_true (error->domain == TS_RULES_ERROR);
          g_assert_cmpint (error->code, <=, TS_RULES_ERROR_AMBIGUOUS);
          g_assert_nonnull (strstr (error->message, text));
        }
    }
  g_test_message ("%u of 3000 read as moves", read);
}

/* Positions with drops, castling, promotions, en passant and an eliminated player. */
static void
test_all_forms_special (void)
{
  static const char *const texts[] = {
    "grossraumschach r:E1d6*,P3c4,R1a6* o:E6d6,N4c4 g:E6d1 b:E1d1 turn=r "
    "hand-r=UPN hand-o=- hand-g=- hand-b=-",
    "grossraumschach-warders r:E1d6 o:E6d6,W2c4 g:E6d1 b:E1d1 turn=o "
    "hand-r=- hand-o=WS hand-g=- hand-b=-",
    "cubic8 w:KE1w*,RH1w*,RA1w*,PB7k,PD4w b:KE8k*,RA8k*,PC4w turn=b ep=D3w,D4w",
    "raumschach w:KAa1,PEa4,PDb4 b:KCe3,NEb5,BEc5 turn=w",
    "cubic8-teams-12 1:KE1w,QD4r 2:KE8k,RA8k 3:KE8w,PB7w 4:KE1k turn=3 out=4#",
    "nihongi w:Ka1,Pa4,Hh8 b:Ki9,Rh2 turn=w checked=w",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(TsPosition) p = pos (texts[i]);

      all_forms_position (p);
    }
}

/* Long algebraic without the piece letter, one move per variant from the start. */
static void
test_letterless (void)
{
  static const struct { const char *variant, *text, *with_letter; } cases[] = {
    { "raumschach", "Ab1-Ac3", "NAb1-Ac3" },
    { "raumschach", "Bb1-Cc2", "UBb1-Cc2" },     /* level B, not the bishop */
    { "raumschach", "Ab2-Ab3", "PAb2-Ab3" },
    { "parton", "Ae1-Be3", "NAe1-Be3" },
    { "parton-compulsion", "Ae1-Cd1", "NAe1-Cd1" },
    { "cubic8", "B1w-C3w", "NB1w-C3w" },         /* file B, not the bishop */
    { "cubic8-4p", "G1w-F3w", "NG1w-F3w" },
    { "cubic8-teams-13", "B1w-A3w", "NB1w-A3w" },
    { "grossraumschach", "1a5-3a6", "N1a5-3a6" },
    { "grossraumschach-warders", "1a5-2a3", "N1a5-2a3" },
    { "nihongi", "a3-d3", "Ha3-d3" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(TsPosition) p = ts_position_new_initial (ts_variant_lookup (cases[i].variant));
      TsMove a = move (p, cases[i].text), b = move (p, cases[i].with_letter);
      g_autofree char *lng = ts_move_to_long (p, a);

      g_assert_true (ts_move_equal (a, b));
      g_assert_cmpstr (lng, ==, cases[i].with_letter);
    }
}

/* Captures, promotions, drops and castling in long algebraic without the letter. */
static void
test_letterless_special (void)
{
  g_autoptr(TsPosition) cap = pos ("raumschach w:KAa1,NAb1,PAb2 b:KEe5,RAc3,BBc2 turn=w");
  g_autoptr(TsPosition) promo = pos ("raumschach w:KAa1,PEa4 b:KCe3 turn=w");
  g_autoptr(TsPosition) drop = pos ("grossraumschach r:E1d6,P3c4 o:E6d6 g:E6d1 b:E1d1 turn=r "
                                    "hand-r=UP hand-o=- hand-g=- hand-b=-");
  g_autoptr(TsPosition) castle = pos ("cubic8 w:KE1w*,RH1w*,RA1w* b:KE8k turn=w");
  TsMove m;

  m = move (cap, "Ab1xAc3");
  g_assert_true (ts_move_equal (m, move (cap, "NAb1xAc3")));
  g_assert_true (ts_move_equal (m, move (cap, "Ab1-Ac3")));
  g_assert_true (ts_move_equal (move (cap, "Ab2xAc3+"), move (cap, "PAb2xAc3")));
  g_assert_true (ts_move_equal (move (cap, "Ab2xBc2"), move (cap, "bxBc2")));
  m = move (promo, "Ea4-Ea5=Q");
  g_assert_cmpuint (m.promo, ==, (guint) ts_variant_piece_type_by_letter (ts_position_variant (promo), 'Q'));
  g_assert_true (ts_move_equal (m, move (promo, "PEa4-Ea5=Q!")));
  assert_refused (promo, "Ea4-Ea5", TS_RULES_ERROR_ILLEGAL);
  g_assert_true (ts_move_equal (move (drop, "U@3c5"), move (drop, "U@3c5!")));
  g_assert_cmpuint (move (drop, "P@2b2").flags & TS_MOVE_DROP, !=, 0);
  g_assert_true (ts_move_equal (move (drop, "3c4-4c4"), move (drop, "P3c4-4c4")));
  g_assert_true (ts_move_equal (move (castle, "E1w-G1w"), move (castle, "O-O")));
  g_assert_true (ts_move_equal (move (castle, "0-0-0"), move (castle, "KE1w-C1w")));
}

static void
assert_message (const char *position, const char *text, int code, const char *part)
{
  g_autoptr(TsPosition) p = position[0] == '@' ? ts_position_new_initial (ts_variant_lookup (position + 1))
                                               : pos (position);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) parts = g_strsplit (part, ";", -1);   /* all of these, in any order */
  TsMove m;

  g_assert_false (ts_move_parse (p, text, &m, &error));
  g_test_message ("%s: %s", text, error->message);
  g_assert_error (error, TS_RULES_ERROR, code);
  for (guint i = 0; parts[i]; i++)
    if (!strstr (error->message, parts[i]))
      g_error ("“%s”: message “%s” lacks “%s”", text, error->message, parts[i]);
  g_assert_nonnull (strstr (error->message, text));
}

#define DROP "grossraumschach r:E1d6,P3c4 o:E6d6 g:E6d1 b:E1d1 turn=r hand-r=UP hand-o=- " \
             "hand-g=- hand-b=-"

/* Refused input says why. */
static void
test_messages (void)
{
  static const struct { const char *position, *text; int code; const char *part; } cases[] = {
    { "@raumschach", "Ac3-Ac4", TS_RULES_ERROR_ILLEGAL, "there is no piece on Ac3" },
    { "@raumschach", "Eb5-Ec3", TS_RULES_ERROR_ILLEGAL, "the piece on Eb5 belongs to Black" },
    { "@raumschach", "RAb1-Ac3", TS_RULES_ERROR_ILLEGAL, "the piece on Ab1 is a Knight, not a Rook" },
    { "@raumschach", "Ab1-Ac4", TS_RULES_ERROR_ILLEGAL, "the Knight on Ab1 cannot go there" },
    { "@raumschach", "NAb1xAc3", TS_RULES_ERROR_ILLEGAL, "nothing to capture" },
    { "@raumschach", "NbxAc3", TS_RULES_ERROR_ILLEGAL, "nothing to capture" },
    { "@raumschach", "Ab2-Ab3=Q", TS_RULES_ERROR_ILLEGAL, "not a promotion" },
    { "@raumschach", "NAc3", TS_RULES_ERROR_AMBIGUOUS, "NbAc3, NdAc3" },
    { "@raumschach", "Ab1-Ac3-Ad5", TS_RULES_ERROR_PARSE, "before the destination" },
    { "@raumschach", "Ab1-Xc3", TS_RULES_ERROR_PARSE, "no destination cell" },
    { "@grossraumschach", "6a6-6a5", TS_RULES_ERROR_ILLEGAL, "belongs to Orange" },
    { "@grossraumschach", "O-O", TS_RULES_ERROR_ILLEGAL, "castling is not possible" },
    { "@nihongi", "Ra2-a3", TS_RULES_ERROR_ILLEGAL, "the Rook on a2 cannot go there" },
    { "raumschach w:KAa1,PEa4 b:KCe3 turn=w", "Ea4-Ea5", TS_RULES_ERROR_ILLEGAL, "must promote" },
    { "raumschach w:KAa1,PEa4 b:KCe3 turn=w", "Ea5=K", TS_RULES_ERROR_ILLEGAL, "cannot promote to “K”" },
    /* a letterless capture that is also a bishop's SAN */
    { "raumschach w:KAa1,BCb1,UBb1 b:KEe5,NCc2 turn=w", "Bb1xCc2", TS_RULES_ERROR_AMBIGUOUS,
      "could be;BxCc2;UxCc2" },
    { "raumschach w:KAa1,NAb3 b:KEe5,RAe1 turn=w", "Ab3-Ad4", TS_RULES_ERROR_ILLEGAL,
      "the king is in check and this does not answer it" },
    { "raumschach w:KAa1,RAb1 b:KEe5,RAe1 turn=w", "Ab1-Bb1+", TS_RULES_ERROR_ILLEGAL,
      "it would leave the king in check" },
    { "raumschach w:KAa1,NAb1 b:KEe5,RAe1 turn=w", "Ab1-Ac3", TS_RULES_ERROR_ILLEGAL,
      "it would leave the king in check" },
    { "@raumschach", "N@Ac3", TS_RULES_ERROR_ILLEGAL, "Raumschach has no drops" },
    { "@raumschach", "Ab2-Ab3=QQ", TS_RULES_ERROR_PARSE, "one piece letter" },
    { DROP, "N@3c5", TS_RULES_ERROR_ILLEGAL, "Red has no Knight in hand" },
    { DROP, "U@1d6", TS_RULES_ERROR_ILLEGAL, "1d6 is not empty" },
    { DROP, "UU@3c5", TS_RULES_ERROR_PARSE, "a drop is a piece letter" },
    { DROP, "P@6a1", TS_RULES_ERROR_ILLEGAL, "may not be dropped" },
    { "parton-compulsion w:KAa1,NAe1,RAf2 b:KAf6,PAf3 turn=w", "Ae1-Ad3", TS_RULES_ERROR_ILLEGAL,
      "capturing is compulsory" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_message (cases[i].position, cases[i].text, cases[i].code, cases[i].part);
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
  add_per_variant ("/notation/garbage", test_garbage);
  g_test_add_func ("/notation/all-forms-special", test_all_forms_special);
  g_test_add_func ("/notation/letterless", test_letterless);
  g_test_add_func ("/notation/letterless-special", test_letterless_special);
  g_test_add_func ("/notation/messages", test_messages);
  g_test_add_func ("/notation/disambiguation", test_disambiguation);
  g_test_add_func ("/notation/check-marks", test_check_marks);
  g_test_add_func ("/notation/pawn-capture", test_pawn_capture_san);
  return g_test_run ();
}
