#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* tessera-cli validate, convert and bench-records (cli-records.c). */
int ts_cli_validate      (int argc, char **argv);
int ts_cli_convert       (int argc, char **argv);
int ts_cli_bench_records (int argc, char **argv);

G_END_DECLS
