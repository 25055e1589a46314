#pragma once

#include <glib.h>

G_BEGIN_DECLS

int ts_cli_variants    (int argc, char **argv);
int ts_cli_perft       (int argc, char **argv);
int ts_cli_bench_perft (int argc, char **argv);

G_END_DECLS
