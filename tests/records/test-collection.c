/* Collections (core/records/collection.h): both forms round-trip, the index's headers are
 * the games', editing one game changes only that game's bytes, a file of one game is what
 * it always was, games that cannot be read are listed with the reader's FILE:LINE and kept
 * byte for byte, hostile files are refused or bounded, a save never overwrites someone
 * else's change. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "records-test.h"
#include "test-util.h"
#include "records/collection.h"
#include "records/game-random.h"

static char *tmp_dir;

static const char *const variants[] = {
  "raumschach", "cubic8-4p", "nihongi", "grossraumschach", "parton", "cubic8-teams-13", "doseki",
};

/* A few random games of mixed variants, with variations and annotations. */
static GPtrArray *
random_games (guint n, guint32 seed)
{
  GPtrArray *games = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_game_free);

  for (guint i = 0; i < n; i++)
    {
      const TsVariant *v = ts_variant_lookup (variants[i % G_N_ELEMENTS (variants)]);
      gboolean doseki = strcmp (v->id, "doseki") == 0;

      g_ptr_array_add (games, ts_game_new_random (v, doseki ? 6 : 20 + i % 17, doseki ? 0 : i % 3,
                                                  TRUE, seed + i));
    }
  return games;
}

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

static guint
main_line_plies (const TsGame *game)
{
  guint n = 0;

  for (const TsGameNode *node = ts_game_root (game); ts_game_node_n_children (node) > 0;
       node = ts_game_node_child (node, 0))
    n++;
  return n;
}

/* The index's header of game i is the game's. */
static void
assert_header (TsCollection *c, guint i, const TsGame *game)
{
  static const TsGameField fields[] = {
    TS_GAME_EVENT, TS_GAME_SITE, TS_GAME_DATE, TS_GAME_ROUND, TS_GAME_RESULT, TS_GAME_STIPULATION,
  };

  g_assert_true (ts_collection_game_variant (c, i) == ts_game_variant (game));
  for (guint f = 0; f < G_N_ELEMENTS (fields); f++)
    g_assert_cmpstr (ts_collection_game_field (c, i, fields[f]), ==, ts_game_get_field (game, fields[f]));
  for (guint s = 0; s < ts_game_variant (game)->n_seats; s++)
    g_assert_cmpstr (ts_collection_game_player (c, i, s), ==, ts_game_get_player (game, s));
  g_assert_cmpuint (ts_collection_game_n_plies (c, i), ==, main_line_plies (game));
  g_assert_null (ts_collection_game_error (c, i));
}

static void
assert_same_game (const TsGame *a, const TsGame *b)
{
  g_autofree char *xa = ts_game_to_xml (a, NULL);
  g_autofree char *xb = ts_game_to_xml (b, NULL);

  g_assert_cmpstr (xa, ==, xb);
}

static void
round_trip (TsGameFormat format)
{
  g_autoptr (GPtrArray) games = random_games (21, 100 + format);
  g_autofree char *path = tmp_path (format == TS_GAME_FORMAT_XML ? "round.tessera" : "round.pgn");
  g_autoptr (TsCollection) c = ts_collection_new (format);
  g_autoptr (TsCollection) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *first = NULL, *second = NULL;

  for (guint i = 0; i < games->len; i++)
    g_assert_true (ts_collection_insert_game (c, i, games->pdata[i], &error));
  g_assert_no_error (error);
  g_assert_true (ts_collection_is_modified (c));
  g_assert_true (ts_collection_save (c, path, &error));
  g_assert_no_error (error);
  g_assert_false (ts_collection_is_modified (c));
  if (format == TS_GAME_FORMAT_XML)
    g_assert_true (records_test_schema_accepts (path));

  again = ts_collection_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (ts_collection_get_format (again), ==, format);
  g_assert_false (ts_collection_is_single_game (again));
  g_assert_cmpuint (ts_collection_n_games (again), ==, games->len);
  for (guint i = 0; i < games->len; i++)
    {
      g_autoptr (TsGame) game = ts_collection_read_game (again, i, &error);

      g_assert_no_error (error);
      assert_header (again, i, games->pdata[i]);
      assert_same_game (game, games->pdata[i]);
      /* Each game is the single-game writer's text. */
      {
        gsize length;
        const char *bytes = g_bytes_get_data (ts_collection_game_bytes (again, i), &length);
        g_autofree char *single = format == TS_GAME_FORMAT_XML ? ts_game_to_xml (game, NULL)
                                                                : ts_game_to_text (game, NULL);

        g_assert_nonnull (strstr (single, "\n"));
        g_assert_true (memmem (single, strlen (single), bytes, length) != NULL);
      }
    }
  /* Saving what was read writes the same bytes. */
  first = test_util_read_file (path);
  g_assert_true (ts_collection_save (again, NULL, &error));
  second = test_util_read_file (path);
  g_assert_cmpstr (first, ==, second);
}

static void test_round_trip_xml (void) { round_trip (TS_GAME_FORMAT_XML); }
static void test_round_trip_text (void) { round_trip (TS_GAME_FORMAT_TEXT); }

/* Game k edited and saved: every other game's bytes, and the file around game k, stay. */
static void
edit_one (TsGameFormat format)
{
  g_autoptr (GPtrArray) games = random_games (9, 200 + format);
  g_autofree char *path = tmp_path (format == TS_GAME_FORMAT_XML ? "edit.tessera" : "edit.pgn");
  g_autoptr (TsCollection) c = ts_collection_new (format);
  g_autoptr (TsCollection) loaded = NULL, after = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TsGame) game = NULL;
  g_autofree char *before_text = NULL, *after_text = NULL;
  GBytes *old_bytes[9];
  const guint k = 4;
  gsize old_k_len, old_k_offset;
  guint id;

  for (guint i = 0; i < games->len; i++)
    g_assert_true (ts_collection_insert_game (c, i, games->pdata[i], NULL));
  g_assert_true (ts_collection_save (c, path, &error));
  loaded = ts_collection_load (path, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < games->len; i++)
    old_bytes[i] = g_bytes_ref (ts_collection_game_bytes (loaded, i));
  before_text = test_util_read_file (path);
  old_k_offset = (const char *) g_bytes_get_data (old_bytes[k], &old_k_len) -
                 (const char *) g_bytes_get_data (ts_collection_get_data (loaded), NULL);
  id = ts_collection_game_id (loaded, k);

  game = ts_collection_read_game (loaded, k, &error);
  g_assert_no_error (error);
  ts_game_set_field (game, TS_GAME_EVENT, "Edited & <saved>");
  ts_game_set_player (game, 0, "Somebody Else");
  g_assert_true (ts_collection_set_game (loaded, k, game, &error));
  g_assert_cmpuint (ts_collection_game_id (loaded, k), ==, id);
  g_assert_cmpstr (ts_collection_game_field (loaded, k, TS_GAME_EVENT), ==, "Edited & <saved>");
  g_assert_true (ts_collection_save (loaded, NULL, &error));
  g_assert_no_error (error);
  after_text = test_util_read_file (path);

  after = ts_collection_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ts_collection_n_games (after), ==, games->len);
  for (guint i = 0; i < games->len; i++)
    if (i != k)
      g_assert_true (g_bytes_equal (ts_collection_game_bytes (after, i), old_bytes[i]));
  {
    g_autoptr (TsGame) read_back = ts_collection_read_game (after, k, &error);

    g_assert_no_error (error);
    assert_same_game (read_back, game);
    assert_header (after, k, game);
  }
  /* Before game k and after it the file is the same, byte for byte. */
  {
    gsize new_k_len;
    gsize tail_before = strlen (before_text) - old_k_offset - old_k_len;

    g_bytes_get_data (ts_collection_game_bytes (after, k), &new_k_len);
    g_assert_cmpuint (strlen (after_text), ==, strlen (before_text) - old_k_len + new_k_len);
    g_assert_true (memcmp (before_text, after_text, old_k_offset) == 0);
    g_assert_true (memcmp (before_text + old_k_offset + old_k_len,
                           after_text + old_k_offset + new_k_len, tail_before) == 0);
  }
  /* The previous version is kept as FILE~. */
  {
    g_autofree char *backup = g_strconcat (path, "~", NULL);
    g_autofree char *backup_text = test_util_read_file (backup);

    g_assert_cmpstr (backup_text, ==, before_text);
  }
  for (guint i = 0; i < games->len; i++)
    g_bytes_unref (old_bytes[i]);
}

static void test_edit_one_xml (void) { edit_one (TS_GAME_FORMAT_XML); }
static void test_edit_one_text (void) { edit_one (TS_GAME_FORMAT_TEXT); }

/* Add, remove, move, copy across collections (verbatim in the same form, converted in
 * the other), revert. */
static void
test_edits (void)
{
  g_autoptr (GPtrArray) games = random_games (6, 300);
  g_autoptr (TsCollection) xml = ts_collection_new (TS_GAME_FORMAT_XML);
  g_autoptr (TsCollection) text = ts_collection_new (TS_GAME_FORMAT_TEXT);
  g_autoptr (TsCollection) text2 = ts_collection_new (TS_GAME_FORMAT_TEXT);
  g_autofree char *path = tmp_path ("edits.tessera");
  g_autoptr (GError) error = NULL;
  guint ids[6];

  for (guint i = 0; i < games->len; i++)
    {
      g_assert_true (ts_collection_insert_game (xml, i, games->pdata[i], NULL));
      ids[i] = ts_collection_game_id (xml, i);
    }
  g_assert_true (ts_collection_save (xml, path, &error));
  ts_collection_move (xml, 0, 5);
  g_assert_cmpuint (ts_collection_game_id (xml, 5), ==, ids[0]);
  g_assert_cmpuint (ts_collection_game_id (xml, 0), ==, ids[1]);
  ts_collection_remove (xml, 2);
  g_assert_cmpint (ts_collection_find (xml, ids[3]), ==, -1);
  g_assert_cmpint (ts_collection_find (xml, ids[4]), ==, 2);
  g_assert_cmpuint (ts_collection_n_games (xml), ==, 5);
  ts_collection_revert (xml);
  g_assert_false (ts_collection_is_modified (xml));
  g_assert_cmpuint (ts_collection_n_games (xml), ==, 6);
  g_assert_cmpuint (ts_collection_game_id (xml, 0), ==, ids[0]);

  /* XML to text: read and written again; text to text: the same bytes. */
  g_assert_true (ts_collection_insert_from (text, 0, xml, 3, &error));
  g_assert_no_error (error);
  {
    g_autoptr (TsGame) copy = ts_collection_read_game (text, 0, &error);

    assert_same_game (copy, games->pdata[3]);
  }
  g_assert_true (ts_collection_insert_from (text2, 0, text, 0, &error));
  g_assert_true (g_bytes_equal (ts_collection_game_bytes (text2, 0), ts_collection_game_bytes (text, 0)));
  g_assert_cmpuint (ts_collection_game_id (text2, 0), !=, 0);
}

/* Text collections as the match runner writes them: games one after another, a blank line
 * between them; and PGN-style leftovers: a % line, a BOM, games run together. */
static void
test_text_layouts (void)
{
  g_autoptr (GPtrArray) games = random_games (4, 400);
  g_autoptr (GString) all = g_string_new ("\xef\xbb\xbf% written by hand\n\n");
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) data = NULL;
  g_autoptr (TsCollection) c = NULL;
  g_autoptr (GBytes) written = NULL;

  for (guint i = 0; i < games->len; i++)
    {
      g_autofree char *t = ts_game_to_text (games->pdata[i], NULL);

      /* the third game follows the second on the result's line */
      if (i == 2)
        g_string_truncate (all, all->len - 2), g_string_append_c (all, ' ');
      g_string_append (all, t);
      if (i + 1 < games->len)
        g_string_append (all, "\n");
    }
  data = g_bytes_new (all->str, all->len);
  c = ts_collection_from_data (data, "layouts.pgn", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ts_collection_n_games (c), ==, games->len);
  for (guint i = 0; i < games->len; i++)
    {
      g_autoptr (TsGame) game = ts_collection_read_game (c, i, &error);

      g_assert_no_error (error);
      assert_same_game (game, games->pdata[i]);
      assert_header (c, i, games->pdata[i]);
    }
  written = ts_collection_to_bytes (c);
  g_assert_true (g_bytes_equal (written, data));
}

/* Every earlier writer's single-game file is one game, the one ts_game_load reads. */
static void
check_single_files (const char *dir, guint *n)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (TsCollection) c = NULL;
      g_autoptr (TsGame) game = NULL, single = NULL;

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          check_single_files (path, n);
          continue;
        }
      if (!g_str_has_suffix (name, ".tessera") && !g_str_has_suffix (name, ".pgn"))
        continue;
      c = ts_collection_load (path, &error);
      g_assert_no_error (error);
      g_assert_true (ts_collection_is_single_game (c));
      g_assert_cmpuint (ts_collection_n_games (c), ==, 1);
      game = ts_collection_read_game (c, 0, &error);
      g_assert_no_error (error);
      single = ts_game_load (path, &error);
      g_assert_no_error (error);
      assert_same_game (game, single);
      assert_header (c, 0, single);
      {
        g_autoptr (GBytes) written = ts_collection_to_bytes (c);

        g_assert_true (g_bytes_equal (written, ts_collection_get_data (c)));
      }
      (*n)++;
    }
}

static void
test_single_games (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "records", "corpus", NULL);
  g_autoptr (TsGame) game = ts_game_new_random (ts_variant_lookup ("raumschach"), 10, 1, TRUE, 7);
  g_autoptr (GPtrArray) more = random_games (1, 500);
  g_autofree char *path = tmp_path ("single.tessera");
  g_autoptr (GError) error = NULL;
  g_autoptr (TsCollection) c = NULL, again = NULL;
  guint n = 0;

  check_single_files (dir, &n);
  g_assert_cmpuint (n, >, 20);

  /* A one-game XML file that gains a game becomes a collection holding both. */
  g_assert_true (ts_game_save (game, path, TS_GAME_FORMAT_XML, &error));
  c = ts_collection_load (path, &error);
  g_assert_no_error (error);
  g_assert_true (ts_collection_is_single_game (c));
  g_assert_true (ts_collection_insert_game (c, 1, more->pdata[0], &error));
  g_assert_false (ts_collection_is_single_game (c));
  g_assert_true (ts_collection_save (c, NULL, &error));
  again = ts_collection_load (path, &error);
  g_assert_no_error (error);
  g_assert_false (ts_collection_is_single_game (again));
  g_assert_cmpuint (ts_collection_n_games (again), ==, 2);
  {
    g_autoptr (TsGame) first = ts_collection_read_game (again, 0, &error);

    assert_same_game (first, game);
  }
  /* ts_game_load keeps reading one game per file */
  g_assert_null (ts_game_load (path, &error));
  g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_NOT_A_GAME);
}

/* One bad game among good ones: listed with the reader's FILE:LINE, the others read, and
 * saving after an edit keeps the bad ones byte for byte. */
static void
bad_games (TsGameFormat format)
{
  g_autoptr (GPtrArray) games = random_games (3, 600);
  gboolean xml = format == TS_GAME_FORMAT_XML;
  g_autofree char *path = tmp_path (xml ? "bad.tessera" : "bad.pgn");
  g_autoptr (GString) all = g_string_new (xml ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tessera-collection format=\"1\">\n" : "");
  const char *bad[2];
  g_autoptr (TsCollection) c = NULL, again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *file = NULL, *saved = NULL;
  g_autoptr (TsGame) edited = NULL;

  if (xml)
    {
      bad[0] = "<tessera-game format=\"1\" variant=\"raumschach\">\n  <event>Bad move</event>\n"
               "  <moves>\n    <move san=\"Xx9\"/>\n  </moves>\n</tessera-game>";
      bad[1] = "<tessera-game format=\"1\" variant=\"chess960\">\n  <moves/>\n</tessera-game>";
    }
  else
    {
      bad[0] = "[Event \"Bad move\"]\n[Variant \"raumschach\"]\n\n1. Xx9 *";
      bad[1] = "[Variant \"chess960\"]\n\n*";
    }
  for (guint i = 0; i < 5; i++)
    {
      if (i == 1 || i == 3)
        g_string_append (all, bad[i / 2]);
      else
        {
          gsize length;
          g_autofree char *t = ts_game_to_data (games->pdata[i / 2], format, &length, NULL);

          g_string_append (all, xml ? strstr (t, "?>") + 3 : t);
          while (all->len && g_ascii_isspace (all->str[all->len - 1]))
            g_string_truncate (all, all->len - 1);
        }
      g_string_append (all, "\n\n");
    }
  if (xml)
    g_string_append (all, "</tessera-collection>\n");
  test_util_write_file (path, all->str, -1);
  file = test_util_read_file (path);

  c = ts_collection_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ts_collection_n_games (c), ==, 5);
  /* an unknown variant is found by the index, with the reader's message and line */
  g_assert_nonnull (ts_collection_game_error (c, 3));
  {
    g_autofree char *where = g_strdup_printf ("%s:%u: ", path, test_util_line_of (file, xml ? "chess960\">" : "[Variant \"chess960"));

    g_assert_true (g_str_has_prefix (ts_collection_game_error (c, 3)->message, where));
  }
  g_assert_cmpstr (ts_collection_game_field (c, 1, TS_GAME_EVENT), ==, "Bad move");
  /* an illegal move is found when the game is read */
  g_assert_null (ts_collection_game_error (c, 1));
  g_assert_null (ts_collection_read_game (c, 1, &error));
  g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_ILLEGAL);
  {
    g_autofree char *where = g_strdup_printf ("%s:%u: ", path, test_util_line_of (file, "Xx9"));

    g_assert_true (g_str_has_prefix (error->message, where));
  }
  g_assert_nonnull (ts_collection_game_error (c, 1));
  g_clear_error (&error);
  /* copying a game that cannot be read into the other form is refused */
  {
    g_autoptr (TsCollection) other = ts_collection_new (xml ? TS_GAME_FORMAT_TEXT : TS_GAME_FORMAT_XML);

    g_assert_false (ts_collection_insert_from (other, 0, c, 1, &error));
    g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_ILLEGAL);
    g_clear_error (&error);
    g_assert_cmpuint (ts_collection_n_games (other), ==, 0);
  }

  edited = ts_collection_read_game (c, 4, &error);
  g_assert_no_error (error);
  ts_game_set_field (edited, TS_GAME_SITE, "Elsewhere");
  g_assert_true (ts_collection_set_game (c, 4, edited, &error));
  g_assert_true (ts_collection_save (c, NULL, &error));
  g_assert_no_error (error);
  saved = test_util_read_file (path);
  g_assert_nonnull (strstr (saved, bad[0]));
  g_assert_nonnull (strstr (saved, bad[1]));
  again = ts_collection_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ts_collection_n_games (again), ==, 5);
  g_assert_cmpstr (ts_collection_game_field (again, 4, TS_GAME_SITE), ==, "Elsewhere");
}

static void test_bad_games_xml (void) { bad_games (TS_GAME_FORMAT_XML); }
static void test_bad_games_text (void) { bad_games (TS_GAME_FORMAT_TEXT); }

static void
assert_refused (const char *text, int code, const char *message_start)
{
  g_autoptr (GBytes) data = g_bytes_new (text, strlen (text));
  g_autoptr (GError) error = NULL;
  g_autoptr (TsCollection) c = ts_collection_from_data (data, "hostile.tessera", &error);

  g_assert_null (c);
  g_assert_error (error, TS_RECORD_ERROR, code);
  if (!g_str_has_prefix (error->message, message_start))
    g_error ("“%s” does not begin with “%s”", error->message, message_start);
}

/* The XML frame: anything that keeps the games from being found refuses the file, with
 * its line. */
static void
test_hostile_xml (void)
{
  assert_refused ("<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ENTITY a \"b\">]>\n<tessera-collection format=\"1\"/>",
                  TS_RECORD_ERROR_FORBIDDEN, "hostile.tessera:2: ");
  assert_refused ("<html><body/></html>", TS_RECORD_ERROR_NOT_A_GAME, "hostile.tessera:1: ");
  assert_refused ("<tessera-collection format=\"2\"></tessera-collection>", TS_RECORD_ERROR_VERSION,
                  "hostile.tessera:1: ");
  assert_refused ("<tessera-collection format=\"1\">\n<title>x</title>\n</tessera-collection>",
                  TS_RECORD_ERROR_INVALID, "hostile.tessera:2: ");
  assert_refused ("<tessera-collection format=\"1\">\n\nstray text\n</tessera-collection>",
                  TS_RECORD_ERROR_INVALID, "hostile.tessera:4: ");
  assert_refused ("<tessera-collection format=\"1\">\n<tessera-game format=\"1\" variant=\"raumschach\">\n<!-- open",
                  TS_RECORD_ERROR_MALFORMED, "hostile.tessera:3: ");
  assert_refused ("<tessera-collection format=\"1\">\n<tessera-game format=\"1\" variant=\"raumschach\"><moves/></tessera-game>\n",
                  TS_RECORD_ERROR_MALFORMED, "hostile.tessera:");
  assert_refused ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<tessera-collection format=\"1\"></tessera-collection>",
                  TS_RECORD_ERROR_INVALID, "hostile.tessera:1: ");
  assert_refused ("README\n", TS_RECORD_ERROR_NOT_A_GAME, "hostile.tessera: ");

  /* A game whose elements do not close is its own error, the next game is found. */
  {
    const char *text = "<tessera-collection format=\"1\">\n"
                       "<tessera-game format=\"1\" variant=\"raumschach\"><moves><move san=\"Nb1-c3\"></moves></tessera-game>\n"
                       "<tessera-game format=\"1\" variant=\"raumschach\"><event>Fine</event><moves/></tessera-game>\n"
                       "</tessera-collection>\n";
    g_autoptr (GBytes) data = g_bytes_new (text, strlen (text));
    g_autoptr (GError) error = NULL;
    g_autoptr (TsCollection) c = ts_collection_from_data (data, "h.tessera", &error);

    g_assert_no_error (error);
    g_assert_cmpuint (ts_collection_n_games (c), ==, 2);
    g_assert_nonnull (ts_collection_game_error (c, 0));
    g_assert_true (g_str_has_prefix (ts_collection_game_error (c, 0)->message, "h.tessera:2: "));
    g_assert_null (ts_collection_game_error (c, 1));
    g_assert_cmpstr (ts_collection_game_field (c, 1, TS_GAME_EVENT), ==, "Fine");
  }
}

/* A huge number of tiny games: bounded; at the bound, refused with a message. */
static void
test_many_tiny_games (void)
{
  g_autoptr (GString) all = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) data = NULL;
  g_autoptr (TsCollection) c = NULL;
  const guint n = g_test_slow () ? TS_COLLECTION_MAX_GAMES : 20000;
  gint64 start;

  for (guint i = 0; i < n; i++)
    g_string_append (all, "[Variant \"raumschach\"]\n*\n");
  data = g_bytes_new (all->str, all->len);
  start = g_get_monotonic_time ();
  c = ts_collection_from_data (data, "tiny.pgn", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ts_collection_n_games (c), ==, n);
  g_test_message ("%u tiny games indexed in %.0f ms", n, (g_get_monotonic_time () - start) / 1e3);
  g_clear_pointer (&c, ts_collection_unref);
  g_clear_pointer (&data, g_bytes_unref);

  if (n == TS_COLLECTION_MAX_GAMES)
    {
      g_string_append (all, "[Variant \"raumschach\"]\n*\n");
      data = g_bytes_new (all->str, all->len);
      c = ts_collection_from_data (data, "tiny.pgn", &error);
      g_assert_null (c);
      g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_TOO_LARGE);
    }
}

/* A comment left open makes the rest of the file one game that cannot be read, and it is
 * kept whole. */
static void
test_open_comment (void)
{
  const char *text = "[Variant \"raumschach\"]\n\n1. Nb1-c3 *\n\n[Variant \"raumschach\"]\n\n1. Nb1-c3 {open\n\n"
                     "[Variant \"raumschach\"]\n\n*\n";
  g_autoptr (GBytes) data = g_bytes_new (text, strlen (text));
  g_autoptr (GError) error = NULL;
  g_autoptr (TsCollection) c = ts_collection_from_data (data, "open.pgn", &error);
  g_autoptr (GBytes) written = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (ts_collection_n_games (c), ==, 2);
  g_assert_cmpuint (ts_collection_game_n_plies (c, 0), ==, 1);
  g_assert_nonnull (ts_collection_game_error (c, 1));
  g_assert_true (g_str_has_prefix (ts_collection_game_error (c, 1)->message, "open.pgn:7: "));
  ts_collection_move (c, 1, 0);
  written = ts_collection_to_bytes (c);
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (written, NULL), g_bytes_get_size (written),
                                  "{open\n\n[Variant \"raumschach\"]\n\n*"));
}

/* The file changed by another program since it was read: not overwritten. */
static void
test_changed_on_disk (void)
{
  g_autoptr (GPtrArray) games = random_games (2, 700);
  g_autofree char *path = tmp_path ("changed.pgn");
  g_autoptr (TsCollection) c = ts_collection_new (TS_GAME_FORMAT_TEXT);
  g_autoptr (TsCollection) loaded = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (ts_collection_insert_game (c, 0, games->pdata[0], NULL));
  g_assert_true (ts_collection_save (c, path, &error));
  loaded = ts_collection_load (path, &error);
  /* the other program: another game appended */
  g_assert_true (ts_collection_insert_game (c, 1, games->pdata[1], NULL));
  g_usleep (20000);
  g_assert_true (ts_collection_save (c, NULL, &error));
  ts_collection_remove (loaded, 0);
  g_assert_false (ts_collection_save (loaded, NULL, &error));
  g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, path));
  {
    g_autoptr (TsCollection) check = ts_collection_load (path, NULL);

    g_assert_cmpuint (ts_collection_n_games (check), ==, 2);
  }
  /* Reloaded: the game that was there keeps its number, the new one gets one. */
  g_clear_error (&error);
  ts_collection_revert (loaded);
  g_assert_true (ts_collection_changed_on_disk (loaded));
  {
    guint id = ts_collection_game_id (loaded, 0);

    g_assert_true (ts_collection_reload (loaded, &error));
    g_assert_no_error (error);
    g_assert_false (ts_collection_changed_on_disk (loaded));
    g_assert_cmpuint (ts_collection_n_games (loaded), ==, 2);
    g_assert_cmpuint (ts_collection_game_id (loaded, 0), ==, id);
    g_assert_cmpuint (ts_collection_game_id (loaded, 1), >, id);
    ts_collection_remove (loaded, 0);
    g_assert_true (ts_collection_save (loaded, NULL, &error));
    g_assert_no_error (error);
  }
}

/* What the window and the tools open: one game read as ts_game_load reads it (the same
 * messages), or a collection. */
static void
test_open_file (void)
{
  g_autoptr (GPtrArray) games = random_games (2, 800);
  g_autofree char *single = tmp_path ("open-single.pgn");
  g_autofree char *two = tmp_path ("open-two.pgn");
  g_autofree char *broken_game = tmp_path ("open-broken.tessera");
  g_autofree char *broken_collection = tmp_path ("open-broken-collection.tessera");
  g_autoptr (GError) error = NULL, load_error = NULL;
  TsGame *game = NULL;
  TsCollection *c = NULL;

  g_assert_true (ts_game_save (games->pdata[0], single, TS_GAME_FORMAT_TEXT, NULL));
  g_assert_true (ts_collection_open_file (single, &game, &c, &error));
  g_assert_nonnull (game);
  g_assert_null (c);
  assert_same_game (game, games->pdata[0]);
  g_clear_pointer (&game, ts_game_free);

  {
    g_autoptr (TsCollection) both = ts_collection_new (TS_GAME_FORMAT_TEXT);

    ts_collection_insert_game (both, 0, games->pdata[0], NULL);
    ts_collection_insert_game (both, 1, games->pdata[1], NULL);
    g_assert_true (ts_collection_save (both, two, NULL));
  }
  g_assert_true (ts_collection_open_file (two, &game, &c, &error));
  g_assert_null (game);
  g_assert_cmpuint (ts_collection_n_games (c), ==, 2);
  g_clear_pointer (&c, ts_collection_unref);

  /* A broken game file: the game reader's message, as before. */
  test_util_write_file (broken_game, "<?xml version=\"1.0\"?>\n<tessera-game format=\"1\" variant=\"raumschach\">\n<moves>\n", -1);
  g_assert_false (ts_collection_open_file (broken_game, &game, &c, &error));
  g_assert_null (ts_game_load (broken_game, &load_error));
  g_assert_cmpstr (error->message, ==, load_error->message);
  g_clear_error (&error);
  /* A broken collection: the collection's message. */
  test_util_write_file (broken_collection, "<?xml version=\"1.0\"?>\n<!-- games -->\n<tessera-collection format=\"1\">\n"
                                           "<tessera-game format=\"1\" variant=\"raumschach\"><moves/></tessera-game>\n", -1);
  g_assert_false (ts_collection_open_file (broken_collection, &game, &c, &error));
  g_assert_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_MALFORMED);
  g_assert_nonnull (strstr (error->message, "<tessera-collection>"));
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("test-collection-XXXXXX", NULL);
  g_test_add_func ("/collection/round-trip/xml", test_round_trip_xml);
  g_test_add_func ("/collection/round-trip/text", test_round_trip_text);
  g_test_add_func ("/collection/edit-one/xml", test_edit_one_xml);
  g_test_add_func ("/collection/edit-one/text", test_edit_one_text);
  g_test_add_func ("/collection/edits", test_edits);
  g_test_add_func ("/collection/text-layouts", test_text_layouts);
  g_test_add_func ("/collection/single-games", test_single_games);
  g_test_add_func ("/collection/bad-games/xml", test_bad_games_xml);
  g_test_add_func ("/collection/bad-games/text", test_bad_games_text);
  g_test_add_func ("/collection/hostile-xml", test_hostile_xml);
  g_test_add_func ("/collection/many-tiny-games", test_many_tiny_games);
  g_test_add_func ("/collection/open-comment", test_open_comment);
  g_test_add_func ("/collection/changed-on-disk", test_changed_on_disk);
  g_test_add_func ("/collection/open-file", test_open_file);
  status = g_test_run ();
  test_util_remove_tree (tmp_dir);
  return status;
}
