#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The folder a file chooser opens in: the last one the user chose a file in (GSettings
 * "last-folder", shared by every chooser of the application), else Documents, else home —
 * never the process's working folder. */
void ts_file_folder_apply    (GtkFileChooser *chooser);
/* After the user accepted: remembers the chosen file's folder. */
void ts_file_folder_remember (GtkFileChooser *chooser);

G_END_DECLS
