/* What several tessera-cli subcommands share: the position options and variant look-up. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "records/game.h"
#include "rules/notation.h"
#include "rules/postext.h"

void
ts_cli_position_options_add (GOptionContext *ctx, TsCliPositionOptions *options, gboolean with_moves)
{
  const GOptionEntry entries[] = {
    { "variant", 0, 0, G_OPTION_ARG_STRING, &options->variant, N_("Variant id"), N_("ID") },
    { "position", 0, 0, G_OPTION_ARG_STRING, &options->position,
      N_("The position, as position text"), N_("TEXT") },
    { "moves", 0, 0, G_OPTION_ARG_STRING, &options->moves,
      N_("Moves to play first, separated by “;”"), "\"M1; M2\"" },
    { NULL }
  };
  GOptionEntry chosen[G_N_ELEMENTS (entries)];
  guint n = 0;

  /* the group keeps a copy of the entries */
  for (guint i = 0; entries[i].long_name; i++)
    if (with_moves || strcmp (entries[i].long_name, "moves") != 0)
      chosen[n++] = entries[i];
  chosen[n] = (GOptionEntry) { NULL };
  g_option_context_add_main_entries (ctx, chosen, GETTEXT_PACKAGE);
}

void
ts_cli_position_options_clear (TsCliPositionOptions *options)
{
  g_clear_pointer (&options->variant, g_free);
  g_clear_pointer (&options->position, g_free);
  g_clear_pointer (&options->moves, g_free);
}

const TsVariant *
ts_cli_lookup_variant (const char *id)
{
  const TsVariant *v = ts_variant_lookup (id);

  if (!v)
    {
      guint n;
      const TsVariant *const *all = ts_variant_list (&n);
      g_autoptr(GString) names = g_string_new (NULL);

      for (guint i = 0; i < n; i++)
        g_string_append_printf (names, "%s%s", i ? ", " : "", all[i]->id);
      ts_cli_error (_("unknown variant “%s”; known variants: %s"), id, names->str);
    }
  return v;
}

void
ts_cli_print_variants (void)
{
  guint n;
  const TsVariant *const *list = ts_variant_list (&n);

  for (guint i = 0; i < n; i++)
    printf ("%-26s %s\n", list[i]->id, _(list[i]->name));
}

TsPosition *
ts_cli_build_position (const char *variant_id, const char *text, const char *moves)
{
  g_autoptr(TsPosition) p = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) list = NULL;
  guint n = 0;

  if (text)
    {
      p = ts_position_from_text (text, &error);
      if (!p)
        {
          ts_cli_error (_("bad --position: %s"), error->message);
          return NULL;
        }
      if (variant_id && strcmp (variant_id, ts_position_variant (p)->id) != 0)
        {
          ts_cli_error (_("--position is a %s position, not %s"), ts_position_variant (p)->id,
                        variant_id);
          return NULL;
        }
    }
  else
    {
      const TsVariant *v;

      if (!variant_id)
        {
          ts_cli_error (_("give --variant ID or --position TEXT"));
          return NULL;
        }
      if (!(v = ts_cli_lookup_variant (variant_id)))
        return NULL;
      p = ts_position_new_initial (v);
    }
  list = g_strsplit (moves ? moves : "", ";", -1);
  for (guint i = 0; list[i]; i++)
    {
      const char *text_move = g_strstrip (list[i]);
      TsMove m;
      TsUndo u;

      if (!*text_move)
        continue;
      n++;
      if (!ts_game_check_playable (p, &error) || !ts_move_parse (p, text_move, &m, &error))
        {
          ts_cli_error (_("--moves, move %u: %s"), n, error->message);
          return NULL;
        }
      ts_position_make (p, m, &u);
    }
  return g_steal_pointer (&p);
}

TsPosition *
ts_cli_position_options_build (const TsCliPositionOptions *options)
{
  return ts_cli_build_position (options->variant, options->position, options->moves);
}

guint
ts_cli_max_hash_mb (void)
{
  long pages = sysconf (_SC_PHYS_PAGES), page_size = sysconf (_SC_PAGESIZE);
  guint64 mb;

  if (pages <= 0 || page_size <= 0)
    return 1024;   /* unknown: a size every machine that runs Tessera has */
  mb = (guint64) pages * (guint64) page_size / 2 >> 20;
  return (guint) CLAMP (mb, 1, G_MAXUINT32 >> 12);
}

gboolean
ts_cli_hash_fits (int hash_mb)
{
  if (hash_mb > 0 && (guint) hash_mb <= ts_cli_max_hash_mb ())
    return TRUE;
  ts_cli_error (_("--hash %d: at most %u MiB on this machine (half of its memory)"), hash_mb,
                ts_cli_max_hash_mb ());
  return FALSE;
}

double
ts_cli_cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

gboolean
ts_cli_parse_options (GOptionContext *context, int *argc, char ***argv)
{
  g_autoptr (GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      ts_cli_error ("%s", error->message);
      return FALSE;
    }
  return TRUE;
}
