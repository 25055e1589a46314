/* tessera-cli openings: writes an openings file for matches (core/match/openings.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <unistd.h>

#include "cli.h"
#include "cli-openings.h"
#include "match/openings.h"

static void
show_progress (guint found, gpointer data)
{
  fprintf (stderr, "\r%u/%u", found, GPOINTER_TO_UINT (data));
}

int
ts_cli_openings (int argc, char **argv)
{
  g_autofree char *variant = NULL, *plies = NULL;
  int count = 100, margin = 50, balance = 150, depth = 0, seed = 1;
  GOptionEntry entries[] = {
    { "variant", 0, 0, G_OPTION_ARG_STRING, &variant, N_("Variant id"), N_("ID") },
    { "count", 0, 0, G_OPTION_ARG_INT, &count, N_("Number of openings (default 100)"), "N" },
    { "plies", 0, 0, G_OPTION_ARG_STRING, &plies, N_("Length of each opening in plies (default 2-4)"), "MIN-MAX" },
    { "margin", 0, 0, G_OPTION_ARG_INT, &margin,
      N_("Each move at most this far below the best move (default 50)"), "CP" },
    { "balance", 0, 0, G_OPTION_ARG_INT, &balance,
      N_("The position reached at most this far from even (default 150)"), "CP" },
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("Depth of the searches that judge (default 2; Doseki 1)"), "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, N_("Same seed, same openings (default 1)"), "N" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (_("— write an openings file for matches"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) openings = NULL;
  TsOpeningsParams params = { 2, 4, 0, 0, 0, 0 };
  const TsVariant *v;

  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      ts_cli_error ("%s", error->message);
      return 2;
    }
  if (!variant)
    {
      ts_cli_error (_("give --variant ID"));
      return 2;
    }
  if (!(v = ts_cli_lookup_variant (variant)))
    return 2;
  if (plies && (sscanf (plies, "%u-%u", &params.min_plies, &params.max_plies) != 2 ||
                params.min_plies > params.max_plies || params.max_plies > 32))
    {
      ts_cli_error (_("--plies “%s”: expected MIN-MAX, at most 32"), plies);
      return 2;
    }
  if (count < 1 || margin < 0 || balance < 0 || depth < 0 || depth > 8)
    {
      ts_cli_error (_("out-of-range option: --count must be ≥ 1, --depth at most 8, the others ≥ 0"));
      return 2;
    }
  params.margin_cp = margin;
  params.balance_cp = balance;
  params.depth = depth ? (guint) depth : v->family == TS_FAMILY_DOSEKI ? 1 : 2;
  params.seed = (guint32) seed;
  openings = ts_openings_generate (v, (guint) count, &params, isatty (STDERR_FILENO) ? show_progress : NULL,
                                   GUINT_TO_POINTER (count));
  if (isatty (STDERR_FILENO))
    fprintf (stderr, "\n");
  printf ("# %s: %u openings of %u to %u plies, each move within %d cp of the best at depth %u,\n"
          "# the position after it within %d cp of even at depth %u. Made by:\n"
          "# tessera-cli openings --variant %s --count %d --plies %u-%u --margin %d --balance %d --depth %u --seed %d\n",
          v->id, openings->len, params.min_plies, params.max_plies, margin, params.depth, balance,
          params.depth + 1, v->id, count, params.min_plies, params.max_plies, margin, balance, params.depth, seed);
  for (guint i = 0; i < openings->len; i++)
    {
      g_autofree char *line = ts_opening_to_line (openings->pdata[i]);
      printf ("%s\n", line);
    }
  if (openings->len < (guint) count)
    {
      ts_cli_error (_("found only %u different openings"), openings->len);
      return 1;
    }
  return 0;
}
