#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Binds a string GSettings key holding one of nicks (NULL-terminated, static) to an
 * object's guint property (a drop-down's or combo row's "selected"): the nick's index. */
void ts_settings_bind_choice (GSettings         *settings,
                              const char        *key,
                              gpointer           object,
                              const char        *property,
                              const char *const *nicks);

G_END_DECLS
