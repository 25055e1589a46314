/* The options every tessera-cli subcommand that takes a position shares (app/cli-common.c):
 * --variant, --position and --moves read the same way and fail with the same words. */
#include <string.h>

#include "../cli-test-util.h"

static gboolean
have_command (const char *name)
{
  const char *args[] = { "--help", NULL };
  g_autofree char *out = NULL, *pattern = g_strdup_printf ("\n  %s ", name);

  g_assert_cmpint (run_cli (args, &out, NULL), ==, 0);
  return strstr (out, pattern) != NULL;
}

/* Runs `COMMAND EXTRA… OPTIONS…` and returns its stderr; the run must fail. */
static char *
failure (const char *command, const char *const *options)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autofree char *out = NULL;
  char *err = NULL;

  g_ptr_array_add (args, (gpointer) command);
  if (strcmp (command, "perft") == 0 || strcmp (command, "analyse") == 0)
    {
      g_ptr_array_add (args, (gpointer) "--depth");
      g_ptr_array_add (args, (gpointer) "1");
    }
  else if (strcmp (command, "diagram") == 0)
    {
      g_ptr_array_add (args, (gpointer) "--output");
      g_ptr_array_add (args, (gpointer) "never-written.png");
    }
  for (const char *const *o = options; *o; o++)
    g_ptr_array_add (args, (gpointer) *o);
  g_ptr_array_add (args, NULL);
  g_assert_cmpint (run_cli ((const char *const *) args->pdata, &out, &err), !=, 0);
  g_assert_cmpstr (out, ==, "");
  return err;
}

static void
test_same_errors (void)
{
  static const struct { const char *options[8]; const char *says; } cases[] = {
    { { "--variant", "chaturanga", NULL }, "unknown variant “chaturanga”; known variants: raumschach, " },
    { { NULL }, "give --variant ID or --position TEXT" },
    { { "--position", "raumschach w:KAa1 b:KZz9", NULL }, "bad --position: column " },
    { { "--variant", "nihongi", "--position", "raumschach w:KAa1 b:KEe5", NULL },
      "--position is a raumschach position, not nihongi" },
    { { "--variant", "raumschach", "--moves", "Ab1-Ac3; ;Eb5-Ec3;Zz9", NULL },
      "--moves, move 3: “Zz9” is not a move of Raumschach" },
    { { "--position", "raumschach w:KAa1,NAb1 b:KEe5 turn=w", "--moves", "Ab1-Ac4", NULL },
      "--moves, move 1: “Ab1-Ac4” is not a legal move for White here" },
    /* A draw by repetition ends the game (RULES.md §0): nothing follows it. */
    { { "--variant", "raumschach", "--moves", "Ab1-Ac3; Eb5-Ec3; Ac3-Ab1; Ec3-Eb5; Ab1-Ac3; "
        "Eb5-Ec3; Ac3-Ab1; Ec3-Eb5; Ab1-Ac3", NULL },
      "--moves, move 9: the game is already over (threefold repetition)" },
  };
  const char *commands[] = { "perft", "analyse", "diagram" };
  guint n_commands = have_command ("diagram") ? 3 : 2;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *first = failure (commands[0], cases[i].options);

      g_test_message ("%s", first);
      if (!g_str_has_prefix (first, "tessera-cli: ") || !strstr (first, cases[i].says))
        g_error ("perft says “%s”, not “%s”", first, cases[i].says);
      for (guint c = 1; c < n_commands; c++)
        {
          g_autofree char *other = failure (commands[c], cases[i].options);

          g_assert_cmpstr (other, ==, first);
        }
    }
}

/* Subcommands with only --variant, or only a position of their own variant. */
static void
test_variant_only (void)
{
  const char *match[] = { "match", "--variant", "chess", "--seat", "1", "--seat", "2", NULL };
  const char *bench[] = { "bench-perft", "--variant", "chess", NULL };
  const char *records[] = { "bench-records", "--variant", "chess", NULL };
  const char *doseki[] = { "bench-doseki", "--position", "raumschach w:KAa1 b:KEe5", NULL };
  g_autofree char *e1 = NULL, *e2 = NULL, *e3 = NULL, *e4 = NULL;

  g_assert_cmpint (run_cli (match, NULL, &e1), ==, 2);
  g_assert_true (g_str_has_prefix (e1, "tessera-cli: unknown variant “chess”; known variants: "));
  g_assert_cmpint (run_cli (bench, NULL, &e2), ==, 2);
  g_assert_cmpstr (e2, ==, e1);
  g_assert_cmpint (run_cli (records, NULL, &e3), ==, 2);
  g_assert_cmpstr (e3, ==, e1);
  g_assert_cmpint (run_cli (doseki, NULL, &e4), ==, 2);
  g_assert_cmpstr (e4, ==, "tessera-cli: --position is a raumschach position, not doseki\n");
}

/* --moves is played before the command works on the position. */
static void
test_moves_played (void)
{
  const char *start[] = { "perft", "--variant", "raumschach", "--depth", "1", NULL };
  const char *after[] = { "perft", "--variant", "raumschach", "--depth", "1",
                          "--moves", "Ab1-Ac3; Eb5-Ec3", NULL };
  const char *text[] = { "perft", "--depth", "1", "--position",
                         "raumschach w:KAa1,NAb1 b:KEe5 turn=w", "--moves", "NAb1-Ac3", NULL };
  g_autofree char *out1 = NULL, *out2 = NULL, *out3 = NULL;

  g_assert_cmpint (run_cli (start, &out1, NULL), ==, 0);
  g_assert_cmpstr (out1, ==, "Nodes searched: 61\n");
  g_assert_cmpint (run_cli (after, &out2, NULL), ==, 0);
  g_assert_cmpstr (out2, !=, out1);
  g_assert_true (g_str_has_prefix (out2, "Nodes searched: "));
  /* Black to move with a lone king on Ee5: its 7 king moves */
  g_assert_cmpint (run_cli (text, &out3, NULL), ==, 0);
  g_assert_cmpstr (out3, ==, "Nodes searched: 7\n");
}

/* The command table: every summary starts in one column, two spaces after the longest
 * name, whatever the names' lengths ("bench-records"). */
static void
test_usage (void)
{
  const char *help[] = { "--help", NULL };
  const char *none[] = { NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_auto(GStrv) lines = NULL;
  gsize longest = 0;
  int column = -1;
  guint n = 0;
  gboolean in_table = FALSE;

  g_assert_cmpint (run_cli (help, &out, NULL), ==, 0);
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      const char *l = lines[i];
      const char *name_end, *summary;

      if (strcmp (l, "Commands:") == 0)
        {
          in_table = TRUE;
          continue;
        }
      if (!in_table || !*l)
        {
          in_table = in_table && n == 0;
          continue;
        }
      g_assert_true (g_str_has_prefix (l, "  ") && l[2] != ' ');
      name_end = strchr (l + 2, ' ');
      g_assert_nonnull (name_end);
      summary = name_end;
      while (*summary == ' ')
        summary++;
      g_assert_cmpuint (summary - name_end, >=, 2);
      if (column < 0)
        column = (int) (summary - l);
      if ((int) (summary - l) != column)
        g_error ("“%s”: the summary starts in column %d, not %d", l, (int) (summary - l), column);
      longest = MAX (longest, (gsize) (name_end - l - 2));
      n++;
    }
  g_assert_cmpuint (n, >=, 11);   /* 13 with diagram and bench-draw (built with GTK) */
  g_assert_cmpint (column, ==, (int) (2 + longest + 2));
  g_assert_true (g_regex_match_simple ("\n  bench-records +Time loading", out, 0, 0));
  g_assert_nonnull (strstr (out, "\n  version "));
  /* without a command: the same text on stderr, and a usage error */
  g_assert_cmpint (run_cli (none, NULL, &err), ==, 2);
  g_assert_cmpstr (err, ==, out);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (!g_getenv ("TESSERA_CLI"))
    {
      g_test_message ("TESSERA_CLI is not set");
      return 77;
    }
  g_test_add_func ("/cli-common/same-errors", test_same_errors);
  g_test_add_func ("/cli-common/variant-only", test_variant_only);
  g_test_add_func ("/cli-common/moves-played", test_moves_played);
  g_test_add_func ("/cli-common/usage", test_usage);
  return g_test_run ();
}
