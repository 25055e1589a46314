#pragma once

#include "cli.h"

G_BEGIN_DECLS

int ts_cli_diagram    (int argc, char **argv);
int ts_cli_bench_draw (int argc, char **argv);

G_END_DECLS
