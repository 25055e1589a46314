#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* tessera-cli match (cli-match.c). */
int ts_cli_match (int argc, char **argv);

G_END_DECLS
