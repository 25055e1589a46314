/* Every file an earlier Tessera wrote opens (tests/records/corpus/README.md), and so does
 * every seed of the fuzz corpus; writing what was read and reading it again gives the same
 * game (the same bytes written a second time). */
#include <glib.h>
#include <string.h>

#include "records/game.h"

static guint n_files;

static void
check_file (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsGame) game = ts_game_load (path, &error);
  g_autofree char *xml = NULL;
  g_autofree char *text = NULL;

  if (game == NULL)
    g_error ("%s does not open: %s", path, error->message);
  xml = ts_game_to_xml (game, NULL);
  text = ts_game_to_text (game, NULL);
  for (guint form = 0; form < 2; form++)
    {
      const char *written = form ? text : xml;
      g_autoptr (TsGame) again = ts_game_from_data (written, strlen (written), path, &error);
      g_autofree char *rewritten = NULL;

      g_assert_no_error (error);
      rewritten = form ? ts_game_to_text (again, NULL) : ts_game_to_xml (again, NULL);
      g_assert_cmpstr (rewritten, ==, written);
    }
  n_files++;
}

static void
check_folder (const char *dir)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) d = g_dir_open (dir, 0, &error);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (d)))
    g_ptr_array_add (names, g_build_filename (dir, name, NULL));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  for (guint i = 0; i < names->len; i++)
    if (g_file_test (names->pdata[i], G_FILE_TEST_IS_DIR))
      check_folder (names->pdata[i]);
    else if (g_str_has_suffix (names->pdata[i], ".tessera") || g_str_has_suffix (names->pdata[i], ".pgn"))
      check_file (names->pdata[i]);
}

static void
test_earlier_versions (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "records", "corpus", NULL);

  n_files = 0;
  check_folder (dir);
  g_test_message ("%u files of earlier versions open", n_files);
  g_assert_cmpuint (n_files, >=, 144);
}

static void
test_fuzz_seeds (void)
{
  g_autofree char *xml = g_test_build_filename (G_TEST_DIST, "fuzz", "corpus", "xml", NULL);
  g_autofree char *text = g_test_build_filename (G_TEST_DIST, "fuzz", "corpus", "text", NULL);

  n_files = 0;
  check_folder (xml);
  check_folder (text);
  g_test_message ("%u fuzz seeds open", n_files);
  g_assert_cmpuint (n_files, >=, 17);
}

static TsGame *
read_xml (const char *header, GError **error)
{
  g_autofree char *xml = g_strdup_printf ("<?xml version=\"1.0\"?>\n<tessera-game format=\"1\" "
                                          "variant=\"raumschach\">%s<moves/></tessera-game>\n", header);

  return ts_game_from_data (xml, strlen (xml), "old.tessera", error);
}

/* A format 1 free tag named like a field added later sets that field (as the text form
 * reads it); a seat's tag name sets the player; twice is an error. */
static void
test_tag_named_like_field (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsGame) game = read_xml ("<tag name=\"TimeControl\">40/7200</tag><tag name=\"timecontrol\">x</tag>"
                                      "<tag name=\"Black\">Bo</tag>", &error);
  g_autoptr (TsGame) twice = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (ts_game_get_field (game, TS_GAME_TIME_CONTROL), ==, "40/7200");
  g_assert_cmpstr (ts_game_get_tag (game, "timecontrol"), ==, "x");
  g_assert_cmpstr (ts_game_get_player (game, 1), ==, "Bo");
  twice = read_xml ("<time-control>300</time-control><tag name=\"TimeControl\">60</tag>", &error);
  g_assert_null (twice);
  g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_INVALID);
  g_clear_error (&error);
  twice = read_xml ("<tag name=\"Variant\">parton</tag>", &error);
  g_assert_null (twice);
  g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_INVALID);
}

/* The four-player Cubic seats were "Player 1"…"Player 4" and are named by their colours
 * now: every earlier version's text file, which gave the players as [Player1 …], still
 * gives them (as its XML twin does), and the writer uses the colour ([Red …]). */
static void
test_renamed_seats (void)
{
  static const char *const generations[] = { "2b69bf9", "5c77a57", "6538685", "66cba26" };
  static const char *const variants[] = { "cubic8-4p", "cubic8-teams-12", "cubic8-teams-13", "cubic8-teams-14" };

  for (guint g = 0; g < G_N_ELEMENTS (generations); g++)
    for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
      {
        g_autofree char *pgn_name = g_strconcat (variants[v], ".pgn", NULL);
        g_autofree char *xml_name = g_strconcat (variants[v], ".tessera", NULL);
        g_autofree char *pgn = g_test_build_filename (G_TEST_DIST, "records", "corpus", generations[g], pgn_name, NULL);
        g_autofree char *xml = g_test_build_filename (G_TEST_DIST, "records", "corpus", generations[g], xml_name, NULL);
        g_autoptr (GError) error = NULL;
        g_autoptr (TsGame) from_text = ts_game_load (pgn, &error);
        g_autoptr (TsGame) from_xml = NULL;
        g_autofree char *written = NULL;

        g_assert_no_error (error);
        from_xml = ts_game_load (xml, &error);
        g_assert_no_error (error);
        g_assert_cmpstr (ts_game_variant (from_text)->seat_names[0], ==, "Red");
        for (guint seat = 0; seat < 4; seat++)
          {
            g_assert_nonnull (ts_game_get_player (from_text, seat));
            g_assert_cmpstr (ts_game_get_player (from_text, seat), ==, ts_game_get_player (from_xml, seat));
          }
        g_assert_null (ts_game_get_tag (from_text, "Player1"));
        written = ts_game_to_text (from_text, NULL);
        g_assert_nonnull (strstr (written, "\n[Red \""));
        g_assert_null (strstr (written, "Player1"));
      }
}

/* An earlier version's file that gives a renamed seat's player under its old name and has
 * a free tag named as the seat is now keeps both: the tag as "Red_". */
static void
test_renamed_seat_free_tag (void)
{
  static const char text[] = "[Player1 \"Ann\"]\n[Variant \"cubic8-4p\"]\n[Red \"the red one\"]\n\n*\n";
  static const char xml[] = "<?xml version=\"1.0\"?>\n<tessera-game format=\"1\" variant=\"cubic8-4p\">"
                            "<player seat=\"0\">Ann</player><tag name=\"Red\">the red one</tag><moves/></tessera-game>\n";
  const char *const sources[] = { text, xml };

  for (guint i = 0; i < G_N_ELEMENTS (sources); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (TsGame) game = ts_game_from_data (sources[i], strlen (sources[i]), i ? "old.tessera" : "old.pgn",
                                                   &error);
      g_autofree char *written = NULL;
      g_autoptr (TsGame) again = NULL;

      g_assert_no_error (error);
      g_assert_cmpstr (ts_game_get_player (game, 0), ==, "Ann");
      g_assert_cmpstr (ts_game_get_tag (game, "Red_"), ==, "the red one");
      written = ts_game_to_text (game, NULL);
      again = ts_game_from_data (written, strlen (written), "new.pgn", &error);
      g_assert_no_error (error);
      g_assert_cmpstr (ts_game_get_player (again, 0), ==, "Ann");
      g_assert_cmpstr (ts_game_get_tag (again, "Red_"), ==, "the red one");
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/records/corpus/earlier-versions", test_earlier_versions);
  g_test_add_func ("/records/corpus/fuzz-seeds", test_fuzz_seeds);
  g_test_add_func ("/records/corpus/tag-named-like-field", test_tag_named_like_field);
  g_test_add_func ("/records/corpus/renamed-seats", test_renamed_seats);
  g_test_add_func ("/records/corpus/renamed-seat-free-tag", test_renamed_seat_free_tag);
  return g_test_run ();
}
