/* A user's variant descriptions ($XDG_DATA_HOME/tessera/variants) are files: their numbers
 * are refused, with a warning naming the file, when they do not fit what they size (a
 * 16-bit move counter, a team mask of 8 bits, a board of at most 9 cells a side). */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "rules/variant.h"

static char *data_home;

/* raumschach.variant under another id, with one line replaced. */
static void
write_variant (const char *id, const char *old_line, const char *new_line)
{
  g_autofree char *source = g_build_filename (g_getenv ("TESSERA_SOURCE_ROOT"), "data", "variants",
                                              "raumschach.variant", NULL);
  g_autofree char *text = NULL;
  g_autofree char *path = g_strdup_printf ("%s/tessera/variants/%s.variant", data_home, id);
  g_autoptr (GString) s = NULL;
  g_autofree char *id_line = g_strdup_printf ("Id=%s", id);

  g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
  s = g_string_new (text);
  g_assert_cmpuint (g_string_replace (s, "Id=raumschach", id_line, 1), ==, 1);
  g_assert_cmpuint (g_string_replace (s, old_line, new_line, 1), ==, 1);
  g_assert_true (g_file_set_contents (path, s->str, -1, NULL));
}

static void
test_numbers (void)
{
  static const struct { const char *id, *old_line, *new_line; gboolean loads; } cases[] = {
    { "limit-65535", "HalfmoveLimit=100", "HalfmoveLimit=65535", TRUE },
    { "limit-negative", "HalfmoveLimit=100", "HalfmoveLimit=-1", FALSE },
    { "limit-70000", "HalfmoveLimit=100", "HalfmoveLimit=70000", FALSE },
    { "team-7", "HalfmoveLimit=100", "HalfmoveLimit=100\nTeams=0;7", FALSE },
    { "range-huge", "Moves=ride:O\n", "Moves=ride:O:99999999999999999999\n", FALSE },
    { "promotion-huge", "Promotion=y=4;z=4", "Promotion=y=99999999999;z=4", FALSE },
  };
  g_autofree char *dir = g_build_filename (data_home, "tessera", "variants", NULL);
  guint n;

  if (g_test_subprocess ())
    {
      /* The warnings are what is tested: not fatal here (G_DEBUG=fatal-warnings). */
      g_log_set_always_fatal (G_LOG_FATAL_MASK);
      ts_variant_list (&n);
      for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
        {
          const TsVariant *v = ts_variant_lookup (cases[i].id);

          g_test_message ("%s: %s", cases[i].id, v ? "loaded" : "refused");
          g_assert_true ((v != NULL) == cases[i].loads);
        }
      return;
    }
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    write_variant (cases[i].id, cases[i].old_line, cases[i].new_line);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    if (!cases[i].loads)
      {
        g_autofree char *pattern = g_strdup_printf ("*variant description %s/%s.variant: *", dir, cases[i].id);

        g_test_trap_assert_stderr (pattern);
      }
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/%s.variant", dir, cases[i].id);

      g_unlink (path);
    }
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  int status;

  /* Before anything asks GLib for the data folder; the subprocess uses its parent's. */
  data_home = g_strdup (g_getenv ("TS_TEST_DATA_HOME"));
  if (data_home == NULL)
    data_home = g_dir_make_tmp ("test-variant-files-XXXXXX", NULL);
  g_setenv ("TS_TEST_DATA_HOME", data_home, TRUE);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/variant-files/numbers", test_numbers);
  status = g_test_run ();
  if (!g_test_subprocess ())
    {
      g_autofree char *tessera = g_build_filename (data_home, "tessera", NULL);

      g_rmdir (tessera);
      g_rmdir (data_home);
    }
  g_free (data_home);
  return status;
}
