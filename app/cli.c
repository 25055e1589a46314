/* tessera-cli: the headless tool. Each subcommand lives in its own cli-*.c file. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli-annotate.h"
#include "cli-collection.h"
#include "cli-engine.h"
#include "cli-match.h"
#include "cli-openings.h"
#include "cli-protocol.h"
#include "cli-rules.h"
#include "cli-doseki.h"
#include "cli-records.h"
#ifdef TS_HAVE_RENDER
#include "cli-diagram.h"
#endif
#include "version.h"

static int
run_version (int argc, char **argv)
{
  printf ("tessera-cli %s\n", ts_version ());
  return 0;
}

/* Subcommands, by area. */

static const TsCliCommand commands[] = {
  /* rules */
  { "variants", N_("List the variants"), ts_cli_variants },
  { "perft", N_("Count move paths (move generator test)"), ts_cli_perft },
  { "bench-perft", N_("Perft speed of every variant"), ts_cli_bench_perft },
  { "bench-doseki", N_("Benchmark Doseki move generation and perft"), ts_cli_bench_doseki },
  /* records */
  { "validate", N_("Check game record files"), ts_cli_validate },
  { "convert", N_("Convert a game record between the XML and text forms"), ts_cli_convert },
  { "bench-records", N_("Time loading and saving a large game record"), ts_cli_bench_records },
  { "collection", N_("Collections: list, add, extract, merge, stats, tree"), ts_cli_collection },
  { "bench-collection", N_("Time opening a large collection and building its opening tree"), ts_cli_bench_collection },
  /* engine */
  { "analyse", N_("Search a position and print the best move"), ts_cli_analyse },
  { "match", N_("Play engines and the built-in levels against each other"), ts_cli_match },
  { "openings", N_("Write an openings file for matches"), ts_cli_openings },
  { "bench", N_("Fixed-depth search of every variant: node count and speed"), ts_cli_bench },
  { "engine", N_("Speak the engine protocol on standard input and output"), ts_cli_engine },
  { "annotate", N_("Analyse every move of a game: evaluations, ?! ? ?? marks"), ts_cli_annotate },
  /* diagrams */
#ifdef TS_HAVE_RENDER
  { "diagram", N_("Write a diagram of a position (PNG, SVG, PDF)"), ts_cli_diagram },
  { "bench-draw", N_("Measure the time to draw each variant's board"), ts_cli_bench_draw },
#endif
  { "version", N_("Print the version"), run_version },
  { NULL, NULL, NULL },
};

void
ts_cli_error (const char *format, ...)
{
  va_list args;

  va_start (args, format);
  fputs ("tessera-cli: ", stderr);
  vfprintf (stderr, format, args);
  fputc ('\n', stderr);
  va_end (args);
}

static void
print_usage (FILE *out)
{
  int width = 0;

  /* the summaries line up after the longest name (names are ASCII) */
  for (const TsCliCommand *c = commands; c->name; c++)
    width = MAX (width, (int) strlen (c->name));
  fprintf (out, _("Usage: tessera-cli COMMAND [OPTION…]\n\nCommands:\n"));
  for (const TsCliCommand *c = commands; c->name; c++)
    fprintf (out, "  %-*s  %s\n", width, c->name, _(c->summary));
  fprintf (out, _("\nRun “tessera-cli COMMAND --help” for a command's options.\n"));
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  /* TESSERA_LOCALEDIR: the translations of a build tree (set by `meson devenv`). */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("TESSERA_LOCALEDIR") ? g_getenv ("TESSERA_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 ||
      strcmp (argv[1], "help") == 0)
    {
      print_usage (argc < 2 ? stderr : stdout);
      return argc < 2 ? 2 : 0;
    }

  if (strcmp (argv[1], "--version") == 0)
    return run_version (argc - 1, argv + 1);

  for (const TsCliCommand *c = commands; c->name; c++)
    if (strcmp (argv[1], c->name) == 0)
      return c->run (argc - 1, argv + 1);

  ts_cli_error (_("unknown command “%s”; run “tessera-cli --help” for the list"), argv[1]);
  return 2;
}
