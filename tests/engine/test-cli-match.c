/* tessera-cli match and openings, run as a user would: engines over the protocol in
 * every variant family, openings with both colours, the games saved in one file,
 * forfeits of crashed, hung and cheating engines, clocks, the SPRT stop, bad options,
 * and the openings files in data/openings. */
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli-test-util.h"
#include "match/openings.h"
#include "match/protocol.h"
#include "records/collection.h"
#include "records/game.h"
#include "test-util.h"

static char *
data_file (const char *name)
{
  return g_build_filename (g_getenv ("TESSERA_SOURCE_ROOT"), "data", "openings", name, NULL);
}

static char *
engine_command (void)
{
  return g_strdup_printf ("%s engine", g_getenv ("TESSERA_CLI"));
}

/* The games of a match file, read as a collection (the window and tessera-cli
 * collection open it so): every game readable, none taken for a single game. */
static GPtrArray *
load_games (const char *path)
{
  g_autoptr (GError) error = NULL;
  TsCollection *c = ts_collection_load (path, &error);
  GPtrArray *games = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_game_free);

  g_assert_no_error (error);
  g_assert_true (ts_collection_get_format (c) == TS_GAME_FORMAT_TEXT);
  for (guint i = 0; i < ts_collection_n_games (c); i++)
    {
      TsGame *game = ts_collection_read_game (c, i, &error);

      g_assert_no_error (error);
      g_assert_null (ts_collection_game_error (c, i));
      g_ptr_array_add (games, game);
    }
  g_assert_true (games->len == 1 || !ts_collection_is_single_game (c));
  ts_collection_unref (c);
  return games;
}

static guint
count_lines (const char *out, const char *prefix)
{
  g_auto (GStrv) lines = g_strsplit (out, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i]; i++)
    n += g_str_has_prefix (lines[i], prefix);
  return n;
}

static const char *
line_starting (const char *out, const char *prefix)
{
  const char *p = strstr (out, prefix);

  g_assert_nonnull (p);
  return p;
}

/* The main line's moves of a game, as SAN. */
static GStrv
main_line (TsGame *game)
{
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();

  for (TsGameNode *n = ts_game_root (game); ts_game_node_n_children (n); )
    {
      n = ts_game_node_child (n, 0);
      g_strv_builder_add (b, n->san);
    }
  return g_strv_builder_end (b);
}

/* Two copies of tessera-cli engine play `games` games of variant at depth 1 from its
 * openings file; the output goes to *out, the saved games are returned. */
static GPtrArray *
engine_match (const char *variant, const char *games, const char *max_plies, char **out)
{
  g_autofree char *dir = g_dir_make_tmp ("tessera-match-XXXXXX", NULL);
  g_autofree char *save = g_build_filename (dir, "games.pgn", NULL);
  g_autofree char *name = g_strconcat (variant, ".txt", NULL);
  g_autofree char *openings = data_file (name);
  g_autofree char *engine = engine_command ();
  const char *args[] = { "match", "--variant", variant, "--engine", engine, "--engine", engine,
                         "--openings", openings, "--games", games, "--depth", "1", "--max-plies", max_plies,
                         "--save", save, NULL };
  g_autofree char *err = NULL;
  GPtrArray *saved;

  g_assert_cmpint (run_cli (args, out, &err), ==, 0);
  g_test_message ("%s", *out);
  g_assert_cmpuint (count_lines (*out, "game "), ==, (guint) atoi (games));
  saved = load_games (save);
  g_assert_cmpuint (saved->len, ==, (guint) atoi (games));
  test_util_remove_tree (dir);
  return saved;
}

static void
test_two_players (void)
{
  g_autofree char *openings = data_file ("raumschach.txt");
  g_autofree char *out = NULL;
  g_autoptr (GPtrArray) games = engine_match ("raumschach", "4", "30", &out);
  g_autoptr (GPtrArray) opening_list = NULL;
  g_autoptr (GError) error = NULL;
  const char *result;
  guint w, d, l;

  result = line_starting (out, "result: Tessera ");
  g_assert_nonnull (strstr (result, " #1 vs Tessera "));
  g_assert_cmpint (sscanf (strstr (result, "4 games, ") + strlen ("4 games, "), "+%u =%u -%u", &w, &d, &l), ==, 3);
  g_assert_cmpuint (w + d + l, ==, 4);
  g_assert_true (strstr (result, "(95 %, pentanomial)") || strstr (result, "Elo not finite"));
  g_assert_nonnull (strstr (out, "\npairs: "));

  opening_list = ts_openings_load (openings, ts_variant_lookup ("raumschach"), &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 4; i++)
    {
      TsGame *g = games->pdata[i];
      g_autofree char *round = g_strdup_printf ("%u", i + 1);
      g_auto (GStrv) moves = main_line (g);
      const TsOpening *o = opening_list->pdata[i / 2];

      g_assert_cmpstr (ts_game_get_field (g, TS_GAME_ROUND), ==, round);
      g_assert_cmpstr (ts_game_get_field (g, TS_GAME_EVENT), ==, "Tessera match");
      g_assert_nonnull (ts_game_get_tag (g, "Termination"));
      g_assert_cmpstr (ts_game_get_field (g, TS_GAME_RESULT), !=, "*");
      /* Games 1 and 2 play the first opening, 3 and 4 the second, the seats swapped. */
      for (guint k = 0; o->san[k]; k++)
        g_assert_cmpstr (moves[k], ==, o->san[k]);
      g_assert_true (g_str_has_suffix (ts_game_get_player (g, 0), i % 2 ? " #2" : " #1"));
      g_assert_true (g_str_has_suffix (ts_game_get_player (g, 1), i % 2 ? " #1" : " #2"));
      /* The result and the reason are the last comment. */
      ts_game_go_end (g);
      {
        g_autofree char *said = g_strconcat (ts_game_get_field (g, TS_GAME_RESULT), ": ", NULL);
        g_assert_nonnull (ts_game_current (g)->annotation.comment_after);
        g_assert_nonnull (strstr (ts_game_current (g)->annotation.comment_after, said));
      }
    }
}

/* Four seats, two engines: A B A B, then B A B A. */
static void
test_four_players (void)
{
  const char *levels[] = { "match", "--variant", "cubic8-4p", "--seat", "1", "--seat", "2", "--seat", "greedy",
                           "--seat", "3", "--games", "1", "--max-plies", "8", NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GPtrArray) games = engine_match ("grossraumschach", "2", "12", &out);

  g_assert_nonnull (line_starting (out, "result: "));
  for (guint i = 0; i < 2; i++)
    for (guint s = 0; s < 4; s++)
      g_assert_true (g_str_has_suffix (ts_game_get_player (games->pdata[i], s), (s + i) % 2 ? " #2" : " #1"));

  /* Four built-in players: placement points. */
  g_assert_cmpint (run_cli (levels, &out, &err), ==, 0);
  g_test_message ("%s", out);
  g_assert_nonnull (line_starting (out, "score: level 1 "));
  g_assert_nonnull (strstr (out, " of 1 games (placement points"));
}

static void
test_doseki (void)
{
  g_autofree char *out = NULL;
  g_autoptr (GPtrArray) games = engine_match ("doseki", "2", "3", &out);

  /* Moves with spaces went both ways: the opening, then three engine moves. */
  for (guint i = 0; i < 2; i++)
    {
      g_auto (GStrv) moves = main_line (games->pdata[i]);
      g_assert_cmpuint (g_strv_length (moves), >=, 3);
      g_assert_nonnull (strchr (moves[g_strv_length (moves) - 1], ' '));
    }
}

/* An engine that fails as MODE says when asked to move. */
static char *
fake_engine (const char *dir, const char *mode)
{
  g_autofree char *path = g_strdup_printf ("%s/fake-%s", dir, mode);
  g_autofree char *script = g_strdup_printf (
    "#!/bin/sh\n"
    "while read -r cmd rest; do\n"
    "  case \"$cmd\" in\n"
    "    uci) echo 'id name Fake'; echo uciok ;;\n"
    "    isready) echo readyok ;;\n"
    "    go) case %s in\n"
    "          crash) echo 'fake engine: out of its mind' >&2; exit 3 ;;\n"
    "          hang) exec sleep 60 ;;\n"
    "          illegal) echo 'bestmove Zz9' ;;\n"
    "          none) echo 'bestmove (none)' ;;\n"
    "        esac ;;\n"
    "    quit) exit 0 ;;\n"
    "  esac\n"
    "done\n", mode);
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (path, script, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  return g_steal_pointer (&path);
}

static void
test_forfeits (void)
{
  static const struct {
    const char *mode, *reason, *termination;
  } cases[] = {
    { "crash", "engine stopped (crashed or exited)", "abandoned" },
    { "hang", "engine did not answer in time", "time forfeit" },
    { "illegal", "engine played an illegal move “Zz9”", "rules infraction" },
    { "none", "engine gave no move", "rules infraction" },
  };
  g_autofree char *dir = g_dir_make_tmp ("tessera-match-XXXXXX", NULL);
  g_autofree char *save = g_build_filename (dir, "games.pgn", NULL);
  g_autofree char *engine = engine_command ();

  /* The margin is the real engine's too: on a loaded machine (the quick suite runs its
   * tests side by side on two cores) its 50 ms move once took more than 550 ms. */
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *fake = fake_engine (dir, cases[i].mode);
      const char *args[] = { "match", "--variant", "raumschach", "--engine", fake, "--engine", engine,
                             "--games", "2", "--movetime", "50", "--timeout-margin", "3000",
                             "--save", save, NULL };
      g_autofree char *out = NULL, *err = NULL;
      g_autoptr (GPtrArray) games = NULL;

      g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
      g_test_message ("%s: %s%s", cases[i].mode, out, err);
      g_assert_nonnull (strstr (out, cases[i].reason));
      g_assert_nonnull (strstr (out, "result: Fake vs Tessera "));
      g_assert_nonnull (strstr (out, "2 games, +0 =0 -2"));
      if (strcmp (cases[i].mode, "crash") == 0)
        g_assert_nonnull (strstr (err, "fake engine: out of its mind"));
      games = load_games (save);
      g_assert_cmpuint (games->len, ==, 2);
      g_assert_cmpstr (ts_game_get_field (games->pdata[0], TS_GAME_RESULT), ==, "0-1");
      g_assert_cmpstr (ts_game_get_field (games->pdata[1], TS_GAME_RESULT), ==, "1-0");
      g_assert_cmpstr (ts_game_get_tag (games->pdata[0], "Termination"), ==, cases[i].termination);
    }

  /* Four players: the crashed engine's seats leave, the game goes on to its end. */
  {
    g_autofree char *fake = fake_engine (dir, "crash");
    const char *args[] = { "match", "--variant", "grossraumschach", "--engine", engine, "--engine", fake,
                           "--games", "1", "--depth", "1", "--max-plies", "10", "--save", save, NULL };
    g_autofree char *out = NULL, *err = NULL;
    g_autofree char *text = NULL;

    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
    g_test_message ("%s", out);
    g_assert_true (g_file_get_contents (save, &text, NULL, NULL));
    g_assert_nonnull (strstr (text, " -- {Orange's engine stopped"));
    g_assert_nonnull (strstr (text, " -- {Blue's engine stopped"));
    g_assert_nonnull (strstr (out, "+1 =0 -0"));
  }
  test_util_remove_tree (dir);
}

static void
test_clocks (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tessera-match-XXXXXX", NULL);
  g_autofree char *save = g_build_filename (dir, "games.pgn", NULL);
  g_autofree char *engine = engine_command ();
  const char *args[] = { "match", "--variant", "nihongi", "--engine", engine, "--seat", "full",
                         "--games", "2", "--tc", "3+0.1", "--max-plies", "6", "--save", save, NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL;
  g_autoptr (GPtrArray) games = NULL;

  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  g_test_message ("%s", out);
  games = load_games (save);
  g_assert_cmpstr (ts_game_get_field (games->pdata[0], TS_GAME_TIME_CONTROL), ==, "3+0.1");
  g_assert_true (g_file_get_contents (save, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "[%clk 0:00:0"));
  test_util_remove_tree (dir);
}

/* The full engine against the greedy player: the test decides long before 40 games. */
static void
test_sprt_stop (void)
{
  const char *args[] = { "match", "--variant", "raumschach", "--seat", "full", "--seat", "greedy",
                         "--depth", "2", "--games", "40", "--sprt", "0,10", NULL };
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  g_test_message ("%s", out);
  g_assert_cmpuint (count_lines (out, "game "), <, 40);
  g_assert_nonnull (strstr (out, "H1 accepted"));
}

static void
test_bad_options (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tessera-match-XXXXXX", NULL);
  g_autofree char *bad_openings = g_build_filename (dir, "bad.txt", NULL);
  g_autofree char *engine = engine_command ();
  const char *missing[] = { "match", "--variant", "raumschach", "--engine", "/no/such/engine", "--seat", "1", NULL };
  const char *alone[] = { "match", "--variant", "raumschach", "--engine", engine, NULL };
  const char *sprt[] = { "match", "--variant", "raumschach", "--seat", "1", "--seat", "2", "--sprt", "10,0", NULL };
  const char *tc[] = { "match", "--variant", "raumschach", "--seat", "1", "--seat", "2", "--tc", "fast", NULL };
  const char *two[] = { "match", "--variant", "raumschach", "--seat", "1", "--seat", "2", "--tc", "1",
                        "--movetime", "5", NULL };
  const char *openings[] = { "match", "--variant", "raumschach", "--seat", "1", "--seat", "2",
                             "--openings", bad_openings, NULL };
  g_autofree char *out = NULL, *err = NULL;

  g_assert_true (g_file_set_contents (bad_openings, "# two good lines, then a bad one\n"
                                      "variant raumschach startpos moves NCb2\n\n"
                                      "variant raumschach startpos moves NCb2 Zz9\n", -1, NULL));
  g_assert_cmpint (run_cli (missing, &out, &err), ==, 2);
  g_assert_true (g_str_has_prefix (err, "tessera-cli: --engine “/no/such/engine”: "));
  g_assert_cmpint (run_cli (alone, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "give 2 to 2 players"));
  g_assert_cmpint (run_cli (sprt, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "--sprt “10,0”"));
  g_assert_cmpint (run_cli (tc, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "--tc “fast”"));
  g_assert_cmpint (run_cli (two, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "give one of"));
  g_assert_cmpint (run_cli (openings, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "bad.txt:4: move 2 “Zz9”"));
  test_util_remove_tree (dir);
}

/* The openings files shipped for matches: 100 different openings each, all legal. */
static void
test_openings_files (void)
{
  static const char *const variants[] = { "raumschach", "cubic8", "nihongi", "grossraumschach", "doseki" };

  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    {
      const TsVariant *v = ts_variant_lookup (variants[i]);
      g_autofree char *name = g_strconcat (variants[i], ".txt", NULL);
      g_autofree char *path = data_file (name);
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) openings = ts_openings_load (path, v, &error);
      g_autoptr (GHashTable) lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

      g_assert_no_error (error);
      g_assert_cmpuint (openings->len, >=, 100);
      for (guint k = 0; k < openings->len; k++)
        {
          const TsOpening *o = openings->pdata[k];
          g_assert_cmpuint (g_strv_length (o->san), >=, 2);
          g_assert_true (g_hash_table_add (lines, ts_opening_to_line (o)));
        }
    }
}

/* An opening after which the game is over is refused with its line: it used to be played,
 * and its result counted in the match (a mate, a seat left alone, the fifty-move rule). */
static void
test_openings_finished (void)
{
  static const struct {
    const char *variant, *line, *reason;
  } finished[] = {
    { "raumschach", "variant raumschach text raumschach w:KAc5,QEb5,REc1,UBe1 b:KAa5 turn=w "
                    "halfmove=100 ply=0", "fifty-move rule" },
    { "cubic8-4p", "variant cubic8-4p startpos moves -- -- --", "last army standing" },
    { "raumschach", "startpos moves NCb2 NCb4 NAb1 NEb5 NCb2 NCb4 NAb1 NEb5",
      "threefold repetition" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (finished); i++)
    {
      g_autofree char *data = g_strdup_printf ("# one good line, then a finished game\n"
                                               "variant %s startpos\n%s\n", finished[i].variant,
                                               finished[i].line);
      g_autofree char *expected = g_strdup_printf ("f:3: the game is over there (%s)", finished[i].reason);
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) openings = ts_openings_parse (data, strlen (data), "f",
                                                          ts_variant_lookup (finished[i].variant), &error);

      g_assert_null (openings);
      g_assert_error (error, TS_PROTOCOL_ERROR, TS_PROTOCOL_ERROR_POSITION);
      g_assert_true (g_str_has_prefix (error->message, expected));
    }
}

/* tessera-cli openings: the same seed gives the same lines, which read back. */
static void
test_openings_command (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tessera-match-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "openings.txt", NULL);
  const char *args[] = { "openings", "--variant", "nihongi", "--count", "5", "--seed", "7", NULL };
  g_autofree char *out1 = NULL, *out2 = NULL, *err = NULL;
  g_autoptr (GPtrArray) openings = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (run_cli (args, &out1, &err), ==, 0);
  g_assert_cmpint (run_cli (args, &out2, &err), ==, 0);
  g_assert_cmpstr (out1, ==, out2);
  g_assert_true (g_file_set_contents (path, out1, -1, NULL));
  openings = ts_openings_load (path, ts_variant_lookup ("nihongi"), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (openings->len, ==, 5);
  test_util_remove_tree (dir);
}

/* slow: a longer match, two games at once, every game saved and readable. */
static void
test_long_match (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tessera-match-XXXXXX", NULL);
  g_autofree char *save = g_build_filename (dir, "games.pgn", NULL);
  g_autofree char *openings = data_file ("raumschach.txt");
  g_autofree char *engine = engine_command ();
  const char *args[] = { "match", "--variant", "raumschach", "--engine", engine, "--engine", engine,
                         "--openings", openings, "--games", "20", "--movetime", "30", "--concurrency", "2",
                         "--resign-moves", "3", "--draw-moves", "6", "--save", save, NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GPtrArray) games = NULL;

  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  g_test_message ("%s", out);
  g_assert_cmpuint (count_lines (out, "game "), ==, 20);
  g_assert_nonnull (strstr (out, "result: Tessera "));
  games = load_games (save);
  g_assert_cmpuint (games->len, ==, 20);
  test_util_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/match/two-players", test_two_players);
  g_test_add_func ("/engine/match/four-players", test_four_players);
  g_test_add_func ("/engine/match/doseki", test_doseki);
  g_test_add_func ("/engine/match/forfeits", test_forfeits);
  g_test_add_func ("/engine/match/clocks", test_clocks);
  g_test_add_func ("/engine/match/sprt-stop", test_sprt_stop);
  g_test_add_func ("/engine/match/bad-options", test_bad_options);
  g_test_add_func ("/engine/match/openings-files", test_openings_files);
  g_test_add_func ("/engine/match/openings-finished", test_openings_finished);
  g_test_add_func ("/engine/match/openings-command", test_openings_command);
  if (g_test_slow ())
    g_test_add_func ("/engine/match/long", test_long_match);
  return g_test_run ();
}
