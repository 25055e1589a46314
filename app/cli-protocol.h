#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* tessera-cli engine: the engine protocol on standard input and output (cli-protocol.c). */
int ts_cli_engine (int argc, char **argv);

G_END_DECLS
