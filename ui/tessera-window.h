#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TESSERA_TYPE_WINDOW (tessera_window_get_type ())
G_DECLARE_FINAL_TYPE (TesseraWindow, tessera_window, TESSERA, WINDOW, GtkApplicationWindow)

TesseraWindow *tessera_window_new         (GtkApplication *application,
                                           const char     *variant_id);
const char    *tessera_window_get_variant (TesseraWindow  *self);
void           tessera_window_open_file   (TesseraWindow  *self,
                                           GFile          *file);
void           tessera_window_set_content (TesseraWindow  *self,
                                           GtkWidget      *content);

G_END_DECLS
