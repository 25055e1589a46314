/* tessera-cli bench-doseki: Doseki move generation speed and perft from the start. */
#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <stdio.h>
#include <time.h>

#include "cli.h"
#include "cli-doseki.h"
#include "doseki/doseki.h"
#include "rules/position.h"
#include "rules/postext.h"

static double
cpu_seconds (clock_t from, clock_t to)
{
  return (double) (to - from) / CLOCKS_PER_SEC;
}

int
ts_cli_bench_doseki (int argc, char **argv)
{
  int depth = 2, repeat = 50;
  g_autofree char *fen = NULL;
  GOptionEntry entries[] = {
    { "depth", 'd', 0, G_OPTION_ARG_INT, &depth, N_("Perft depth (0 skips perft)"), N_("N") },
    { "repeat", 'r', 0, G_OPTION_ARG_INT, &repeat, N_("Generation rounds to time"), N_("N") },
    { "position", 'p', 0, G_OPTION_ARG_STRING, &fen, N_("Doseki position text to start from"),
      N_("TEXT") },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (TsPosition) pos = NULL;
  TsMoveList list;
  gint64 t0, t1;
  clock_t c0, c1;
  guint64 generated = 0;

  g_option_context_set_summary (ctx, _("Measures Doseki move generation (moves per second) "
                                       "and perft from the starting position."));
  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      ts_cli_error ("%s", error->message);
      return 2;
    }
  if (depth < 0 || depth > 4 || repeat < 1)
    {
      ts_cli_error (_("--depth must be 0–4 and --repeat at least 1"));
      return 2;
    }
  if (!(pos = ts_cli_build_position ("doseki", fen, NULL)))
    return 2;

  ts_move_list_init (&list);
  t0 = g_get_monotonic_time ();
  c0 = clock ();
  for (int i = 0; i < repeat; i++)
    {
      list.n = 0;
      ts_position_generate_legal (pos, &list);
      generated += list.n;
    }
  c1 = clock ();
  t1 = g_get_monotonic_time ();
  printf (_("legal moves: %u\n"), list.n);
  /* CPU time as well: on a busy machine the wall clock says little. */
  printf (_("generation: %" PRIu64 " moves in %.3f s (CPU %.3f s), %.0f moves/s of CPU\n"),
          generated, (t1 - t0) / 1e6, cpu_seconds (c0, c1),
          generated / MAX (cpu_seconds (c0, c1), 1e-9));
  ts_move_list_clear (&list);

  if (depth > 0)
    {
      guint64 nodes;

      t0 = g_get_monotonic_time ();
      c0 = clock ();
      nodes = ts_perft (pos, depth);
      c1 = clock ();
      t1 = g_get_monotonic_time ();
      printf (_("perft(%d): %" PRIu64 " in %.3f s (CPU %.3f s), %.0f leaves/s of CPU\n"),
              depth, nodes, (t1 - t0) / 1e6, cpu_seconds (c0, c1),
              nodes / MAX (cpu_seconds (c0, c1), 1e-9));
    }
  return 0;
}
