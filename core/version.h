#pragma once

#include <glib.h>

G_BEGIN_DECLS

const char *ts_version (void);

G_END_DECLS
