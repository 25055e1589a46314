#pragma once

#include "cli.h"

G_BEGIN_DECLS

int ts_cli_analyse (int argc, char **argv);
int ts_cli_bench   (int argc, char **argv);

G_END_DECLS
