#pragma once

#include <glib.h>

G_BEGIN_DECLS

int ts_cli_bench_doseki (int argc, char **argv);

G_END_DECLS
