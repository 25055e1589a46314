#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* tessera-cli openings (cli-openings.c). */
int ts_cli_openings (int argc, char **argv);

G_END_DECLS
