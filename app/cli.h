#pragma once

#include <glib.h>

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

G_END_DECLS
