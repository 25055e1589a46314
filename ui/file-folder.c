/* The folder file choosers open in, remembered across choosers and runs. */
#include "config.h"

#include "file-folder.h"

static char *
start_folder (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *last = g_settings_get_string (settings, "last-folder");
  const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

  if (*last != '\0' && g_file_test (last, G_FILE_TEST_IS_DIR))
    return g_steal_pointer (&last);
  if (documents != NULL && g_file_test (documents, G_FILE_TEST_IS_DIR))
    return g_strdup (documents);
  return g_strdup (g_get_home_dir ());
}

void
ts_file_folder_apply (GtkFileChooser *chooser)
{
  g_autofree char *path = start_folder ();
  g_autoptr(GFile) folder = g_file_new_for_path (path);

  g_return_if_fail (GTK_IS_FILE_CHOOSER (chooser));

  gtk_file_chooser_set_current_folder (chooser, folder, NULL);
}

void
ts_file_folder_remember (GtkFileChooser *chooser)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) parent = NULL;
  g_autofree char *path = NULL;

  g_return_if_fail (GTK_IS_FILE_CHOOSER (chooser));

  file = gtk_file_chooser_get_file (chooser);
  parent = file ? g_file_get_parent (file) : NULL;
  path = parent ? g_file_get_path (parent) : NULL;
  if (path != NULL)
    {
      g_autoptr(GSettings) settings = g_settings_new (APP_ID);

      g_settings_set_string (settings, "last-folder", path);
    }
}
