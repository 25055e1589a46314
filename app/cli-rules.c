/* tessera-cli variants, perft and bench-perft. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "cli-rules.h"
#include "rules/notation.h"
#include "rules/position.h"
#include "rules/postext.h"

int
ts_cli_variants (int argc, char **argv)
{
  if (argc > 1)
    {
      if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
        {
          printf (_("Usage: tessera-cli variants\n\nLists the variant ids, one a line, with their names.\n"));
          return 0;
        }
      ts_cli_error (_("variants: unexpected argument “%s”"), argv[1]);
      return 2;
    }
  ts_cli_print_variants ();
  return 0;
}

int
ts_cli_perft (int argc, char **argv)
{
  g_auto(TsCliPositionOptions) where = { NULL };
  int depth = -1;
  gboolean divide = FALSE;
  g_autoptr(GError) error = NULL;
  g_autoptr(GOptionContext) ctx = g_option_context_new (_("— count the move paths of a given depth"));
  g_autoptr(TsPosition) p = NULL;
  const GOptionEntry entries[] = {
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("Depth in plies"), "N" },
    { "divide", 0, 0, G_OPTION_ARG_NONE, &divide, N_("Print the count below each root move"), NULL },
    { NULL }
  };
  guint64 total = 0;

  ts_cli_position_options_add (ctx, &where, TRUE);
  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      ts_cli_error ("perft: %s", error->message);
      return 2;
    }
  if (depth < 0 || depth > 20)
    {
      ts_cli_error (_("perft: --depth N (0 to 20) is needed"));
      return 2;
    }
  p = ts_cli_position_options_build (&where);
  if (!p)
    return 2;
  if (divide && depth > 0)
    {
      TsMoveList l;

      ts_move_list_init (&l);
      ts_position_generate_legal (p, &l);
      for (guint i = 0; i < l.n; i++)
        {
          g_autofree char *san = ts_move_to_san (p, l.moves[i]);
          TsUndo u;
          guint64 n;

          ts_position_make (p, l.moves[i], &u);
          n = ts_perft (p, (guint) depth - 1);
          ts_position_unmake (p, &u);
          printf ("%s: %" G_GUINT64_FORMAT "\n", san, n);
          total += n;
        }
      ts_move_list_clear (&l);
      printf ("\n");
    }
  else
    total = ts_perft (p, (guint) depth);
  printf ("Nodes searched: %" G_GUINT64_FORMAT "\n", total);
  return 0;
}

int
ts_cli_bench_perft (int argc, char **argv)
{
  g_autofree char *only = NULL;
  double seconds = 1.0;
  g_autoptr(GError) error = NULL;
  g_autoptr(GOptionContext) ctx = g_option_context_new (_("— perft speed of every variant"));
  const GOptionEntry entries[] = {
    { "variant", 0, 0, G_OPTION_ARG_STRING, &only, N_("Only this variant"), "ID" },
    { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &seconds, N_("Time to aim at per variant (default 1)"), "S" },
    { NULL }
  };
  guint n;
  const TsVariant *const *list = ts_variant_list (&n);

  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      ts_cli_error ("bench-perft: %s", error->message);
      return 2;
    }
  if (only && !ts_cli_lookup_variant (only))
    return 2;
  /* CPU time of this process: on a shared machine, wall time says more about the others */
  printf ("%-26s %5s %14s %9s %9s %12s\n", _("variant"), _("depth"), _("nodes"), _("cpu s"), _("wall s"),
          _("nodes/cpu s"));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TsPosition) p = NULL;
      guint64 nodes = 0;
      double elapsed = 0, wall = 0;
      guint depth;
      guint64 prev_nodes = 0;

      if (only && strcmp (only, list[i]->id) != 0)
        continue;
      p = ts_position_new_initial (list[i]);
      /* deepen until one depth takes at least a quarter of the time aimed at */
      for (depth = 1; depth <= 12; depth++)
        {
          gint64 t0 = g_get_monotonic_time ();
          clock_t c0 = clock ();

          nodes = ts_perft (p, depth);
          elapsed = (double) (clock () - c0) / CLOCKS_PER_SEC;
          wall = (g_get_monotonic_time () - t0) / 1e6;
          if (elapsed >= seconds / 4 || nodes == 0)
            break;
          if (prev_nodes && elapsed * ((double) nodes / prev_nodes) > 8 * seconds)
            break;   /* the next depth would take far too long */
          prev_nodes = nodes;
        }
      printf ("%-26s %5u %14" G_GUINT64_FORMAT " %9.3f %9.3f %12.0f\n", list[i]->id, depth, nodes,
              elapsed, wall, elapsed > 0 ? nodes / elapsed : 0.0);
      fflush (stdout);
    }
  return 0;
}
