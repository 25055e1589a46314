#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TESSERA_TYPE_HELP_WINDOW (tessera_help_window_get_type ())
G_DECLARE_FINAL_TYPE (TesseraHelpWindow, tessera_help_window, TESSERA, HELP_WINDOW, GtkWindow)

/* The in-app help: the common rules and one page per variant (ui/help-pages.c). */
TesseraHelpWindow *tessera_help_window_new       (void);
/* Shows the page of a variant id, or "general"; FALSE (and no change) if there is none. */
gboolean           tessera_help_window_show_page (TesseraHelpWindow *self,
                                                  const char        *id);
const char        *tessera_help_window_get_page  (TesseraHelpWindow *self);

/* Adds app.help (F1: the page of the active window's variant, else the common rules) and
 * app.help-variant (a variant id, e.g. from the new-game dialog) to @app. One help window
 * at a time, presented over the window it was asked from. */
void               tessera_help_install_actions  (GtkApplication    *app);
/* The help window on the page of id, over parent (a modal dialog asking for help: the
 * help window must be above it, else the dialog's modality takes its input). */
void               tessera_help_present          (GtkApplication    *app,
                                                  GtkWindow         *parent,
                                                  const char        *id);

G_END_DECLS
