#pragma once

#include <glib.h>

#include "rules/position.h"

G_BEGIN_DECLS

/* One function per tessera-cli subcommand. argv[0] is the subcommand's name;
 * each parses its own options with GOptionContext and returns the exit status. */
typedef int (*TsCliCommandFunc) (int argc, char **argv);

typedef struct {
  const char       *name;
  const char       *summary;
  TsCliCommandFunc  run;
} TsCliCommand;

/* Prints msg (already formatted) to stderr prefixed with "tessera-cli: ". */
void ts_cli_error (const char *format, ...) G_GNUC_PRINTF (1, 2);

/* cli-common.c: what several subcommands share, so that they take the same options
 * and say the same things. */

/* g_option_context_parse (); FALSE after printing the parser's message. */
gboolean         ts_cli_parse_options          (GOptionContext *context,
                                                int            *argc,
                                                char         ***argv);

/* --variant ID, --position TEXT and --moves "M1; M2". */
typedef struct {
  char *variant;
  char *position;
  char *moves;
} TsCliPositionOptions;

/* Adds the options to ctx's main group; --moves only if with_moves. */
void             ts_cli_position_options_add   (GOptionContext       *ctx,
                                                TsCliPositionOptions *options,
                                                gboolean              with_moves);
void             ts_cli_position_options_clear (TsCliPositionOptions *options);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TsCliPositionOptions, ts_cli_position_options_clear)

/* The start position of variant_id or the position text (whose variant must then be
 * variant_id, if given), with the moves ("M1; M2; …") played on it; NULL after
 * printing why. Any argument may be NULL. */
TsPosition      *ts_cli_build_position         (const char *variant_id,
                                                const char *text,
                                                const char *moves);
TsPosition      *ts_cli_position_options_build (const TsCliPositionOptions *options);
/* The variant with this id, or NULL after printing the known ids. */
const TsVariant *ts_cli_lookup_variant         (const char *id);
/* One line per variant: its id and its name. */
void             ts_cli_print_variants         (void);

/* The largest transposition table allowed, in MiB: half of this machine's memory. A
 * bigger one could not be allocated (the allocation would abort the process) or would
 * push everything else out of memory. */
guint            ts_cli_max_hash_mb            (void);
/* Whether --hash MB is within ts_cli_max_hash_mb (); if not, prints why. */
gboolean         ts_cli_hash_fits              (int hash_mb);

/* The process's CPU time in seconds: benchmarks show it beside the wall clock, which on a
 * busy machine says more about the neighbours. */
double           ts_cli_cpu_seconds            (void);

G_END_DECLS
