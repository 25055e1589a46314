/* Keyboard reachability: every accelerator the application sets is listed in the shortcuts
 * window, and so are the board's keys (cursor, layers, select/move, cancel) and F1 help. */
#include "config.h"

#include <adwaita.h>

#include "tessera-application.h"

/* Every accelerator of the shortcuts window, as "keyval:mods" strings. */
static GHashTable *
listed_accelerators (void)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/tessera/Tessera/tessera-shortcuts.ui");
  g_autoptr(GSList) objects = gtk_builder_get_objects (builder);
  GHashTable *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GtkWindow *window = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts"));

  for (GSList *l = objects; l; l = l->next)
    {
      g_autofree char *accel = NULL;
      g_auto(GStrv) parts = NULL;

      if (!GTK_IS_SHORTCUTS_SHORTCUT (l->data))
        continue;
      g_object_get (l->data, "accelerator", &accel, NULL);
      parts = g_strsplit (accel ? accel : "", " ", -1);
      for (guint i = 0; parts[i]; i++)
        {
          guint key;
          GdkModifierType mods;

          if (parts[i][0] == '\0')
            continue;
          g_assert_true (gtk_accelerator_parse (parts[i], &key, &mods));
          g_hash_table_add (set, g_strdup_printf ("%u:%u", gdk_keyval_to_lower (key), mods));
        }
    }
  gtk_window_destroy (window);
  return set;
}

static gboolean
is_listed (GHashTable *set, const char *accel)
{
  guint key;
  GdkModifierType mods;
  g_autofree char *k = NULL;

  g_assert_true (gtk_accelerator_parse (accel, &key, &mods));
  k = g_strdup_printf ("%u:%u", gdk_keyval_to_lower (key), mods);
  return g_hash_table_contains (set, k);
}

static void
test_accels_listed (void)
{
  g_autoptr(TesseraApplication) app = tessera_application_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) listed = NULL;
  g_auto(GStrv) actions = NULL;
  static const char *board_keys[] = { "Left", "Right", "Up", "Down", "Page_Up", "Page_Down",
                                      "Return", "space", "Escape", "F1", "F10" };
  guint n_accels = 0;

  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  listed = listed_accelerators ();

  actions = gtk_application_list_action_descriptions (GTK_APPLICATION (app));
  for (guint i = 0; actions[i]; i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), actions[i]);

      for (guint j = 0; accels[j]; j++, n_accels++)
        if (!is_listed (listed, accels[j]))
          g_error ("%s has the shortcut %s, which the shortcuts window (ui/tessera-shortcuts.ui) "
                   "does not list", actions[i], accels[j]);
    }
  g_assert_cmpuint (n_accels, >=, 4);   /* quit, shortcuts, close, help at least */

  for (guint i = 0; i < G_N_ELEMENTS (board_keys); i++)
    if (!is_listed (listed, board_keys[i]))
      g_error ("the shortcuts window does not list the key %s", board_keys[i]);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/keyboard/accels-listed", test_accels_listed);

  return g_test_run ();
}
