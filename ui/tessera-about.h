#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* The About window (AdwAboutWindow): credits, licence, website, and the release notes
 * of the newest release in the metainfo, translated. */
GtkWidget *tessera_about_window_new (GtkWindow  *parent);

/* The newest <release> of a metainfo document (the first, as AppStream orders them):
 * its version, and its description as AdwAboutWindow's release-notes markup (<p>, <ul>,
 * <ol>, <li>), each paragraph and item translated through gettext. NULL if there is no
 * release with a description. */
char      *tessera_release_notes    (const char *metainfo,
                                     gsize       length,
                                     char      **version);

G_END_DECLS
