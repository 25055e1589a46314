#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* tessera-cli annotate (cli-annotate.c): whole-game analysis of a game record. */
int ts_cli_annotate (int argc, char **argv);

G_END_DECLS
