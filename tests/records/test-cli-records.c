/* tessera-cli validate, convert and bench-records. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "../cli-test-util.h"
#include "records/game-random.h"
#include "records/game.h"
#include "records-test.h"

static char *tmp_dir;

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

static void
test_validate (void)
{
  g_autoptr (TsGame) game = ts_game_new_random (ts_variant_lookup ("raumschach"), 20, 4, TRUE, 3);
  g_autofree char *good = tmp_path ("good.tessera");
  g_autofree char *bad = tmp_path ("bad.pgn");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *expected_err = NULL;

  g_assert_true (ts_game_save (game, good, TS_GAME_FORMAT_XML, NULL));
  g_assert_true (records_test_schema_accepts (good));
  g_assert_true (g_file_set_contents (bad, "[Variant \"raumschach\"]\n\n1. Zz9 *\n", -1, NULL));

  g_assert_cmpint (run_cli ((const char *[]) { "validate", good, NULL }, &out, &err), ==, 0);
  g_assert_true (g_str_has_suffix (out, ": OK\n"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli ((const char *[]) { "validate", good, bad, NULL }, &out, &err), ==, 1);
  expected_err = g_strdup_printf ("%s:3: move “Zz9”", bad);
  g_assert_true (g_str_has_prefix (err, expected_err));
  g_assert_nonnull (strstr (out, ": OK"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli ((const char *[]) { "validate", NULL }, &out, &err), ==, 2);
  g_unlink (good);
  g_unlink (bad);
}

static void
test_convert (void)
{
  g_autoptr (TsGame) game = ts_game_new_random (ts_variant_lookup ("raumschach"), 30, 8, TRUE, 4);
  g_autofree char *xml = tmp_path ("in.tessera");
  g_autofree char *text = tmp_path ("out.pgn");
  g_autofree char *back = tmp_path ("back.xml");
  g_autofree char *forced = tmp_path ("forced.dat");
  g_autofree char *original = ts_game_to_xml (game, NULL);
  g_autofree char *original_text = ts_game_to_text (game, NULL);
  g_autofree char *contents = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_true (g_file_set_contents (xml, original, -1, NULL));
  g_assert_cmpint (run_cli ((const char *[]) { "convert", xml, text, NULL }, &out, &err), ==, 0);
  g_assert_true (g_file_get_contents (text, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, original_text);
  g_clear_pointer (&contents, g_free);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli ((const char *[]) { "convert", text, back, NULL }, NULL, NULL), ==, 0);
  g_assert_true (g_file_get_contents (back, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, original);
  g_assert_true (records_test_schema_accepts (back));
  g_clear_pointer (&contents, g_free);

  g_assert_cmpint (run_cli ((const char *[]) { "convert", "--format=text", xml, forced, NULL }, NULL, NULL), ==, 0);
  g_assert_true (g_file_get_contents (forced, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, original_text);

  /* To standard output, as a pipe. */
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli ((const char *[]) { "convert", "--format=text", xml, "/dev/stdout", NULL }, &out, NULL), ==, 0);
  g_assert_cmpstr (out, ==, original_text);

  g_assert_cmpint (run_cli ((const char *[]) { "convert", "--format=yaml", xml, forced, NULL }, NULL, NULL), ==, 2);
  g_assert_cmpint (run_cli ((const char *[]) { "convert", xml, NULL }, NULL, NULL), ==, 2);
  g_assert_cmpint (run_cli ((const char *[]) { "convert", "/nonexistent.tessera", forced, NULL }, &out, &err), ==, 1);
  g_assert_true (g_str_has_prefix (err, "/nonexistent.tessera: "));

  for (const char *const *p = (const char *const[]) { xml, text, back, forced, NULL }; *p; p++)
    {
      g_autofree char *backup = g_strconcat (*p, "~", NULL);

      g_unlink (*p);
      g_unlink (backup);
    }
}

static void
test_bench (void)
{
  g_autofree char *out = NULL;

  g_assert_cmpint (run_cli ((const char *[]) { "bench-records", "--moves=40", "--variations=5",
                                               "--iterations=1", NULL }, &out, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "40 on the main line, 5 variations"));
  g_assert_nonnull (strstr (out, "load xml"));
  g_assert_nonnull (strstr (out, "save text"));
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli ((const char *[]) { "bench-records", "--variant=nonesuch", NULL }, NULL, NULL), ==, 2);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("test-cli-records-XXXXXX", NULL);
  g_test_add_func ("/records/cli/validate", test_validate);
  g_test_add_func ("/records/cli/convert", test_convert);
  g_test_add_func ("/records/cli/bench", test_bench);
  status = g_test_run ();
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
