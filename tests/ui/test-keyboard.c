/* Keyboard reachability: every accelerator the application sets is listed in the shortcuts
 * window, and so are the board's keys (cursor, layers, select/move, cancel) and F1 help. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "tessera-application.h"
#include "tessera-window.h"

/* "keyval:mods" of an accelerator string, keypad keys as their main keys. */
static char *
key_of (guint key, GdkModifierType mods)
{
  static const struct { guint keypad, main; } keypad[] = {
    { GDK_KEY_KP_Left, GDK_KEY_Left }, { GDK_KEY_KP_Right, GDK_KEY_Right },
    { GDK_KEY_KP_Up, GDK_KEY_Up }, { GDK_KEY_KP_Down, GDK_KEY_Down },
    { GDK_KEY_KP_Page_Up, GDK_KEY_Page_Up }, { GDK_KEY_KP_Page_Down, GDK_KEY_Page_Down },
    { GDK_KEY_KP_Home, GDK_KEY_Home }, { GDK_KEY_KP_End, GDK_KEY_End },
    { GDK_KEY_KP_Enter, GDK_KEY_Return }, { GDK_KEY_KP_Space, GDK_KEY_space },
  };

  for (guint i = 0; i < G_N_ELEMENTS (keypad); i++)
    if (key == keypad[i].keypad)
      key = keypad[i].main;
  return g_strdup_printf ("%u:%u", gdk_keyval_to_lower (key), mods);
}

static char *
parse_key (const char *accel)
{
  guint key;
  GdkModifierType mods;

  g_assert_true (gtk_accelerator_parse (accel, &key, &mods));
  return key_of (key, mods);
}

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
        if (parts[i][0] != '\0')
          g_hash_table_add (set, parse_key (parts[i]));
    }
  gtk_window_destroy (window);
  return set;
}

static void
add_trigger (GHashTable *set, GtkShortcutTrigger *trigger)
{
  if (GTK_IS_KEYVAL_TRIGGER (trigger))
    g_hash_table_add (set, key_of (gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)),
                                   gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger))));
  else if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
    {
      add_trigger (set, gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger)));
      add_trigger (set, gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (trigger)));
    }
}

static void
add_controller_keys (GHashTable *set, GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (c))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (c)); j++)
        {
          g_autoptr(GtkShortcut) s = g_list_model_get_item (G_LIST_MODEL (c), j);

          add_trigger (set, gtk_shortcut_get_trigger (s));
        }
    }
}

static gboolean
is_ours (GType type)
{
  const char *name = g_type_name (type);

  return g_str_has_prefix (name, "Ts") || g_str_has_prefix (name, "Tessera");
}

/* The keys the window and Tessera's own widgets in it bind (class key bindings and
 * shortcut controllers), less those their GTK or libadwaita parent class binds (Tab moves
 * the focus in any window); GTK's own widgets, text fields included, keep theirs. */
static void
add_widget_keys (GHashTable *set, GtkWidget *widget)
{
  GType type = G_OBJECT_TYPE (widget);

  if (is_ours (type))
    {
      g_autoptr(GHashTable) own = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      GHashTableIter iter;
      char *key;

      add_controller_keys (own, widget);
      while (is_ours (type))
        type = g_type_parent (type);
      if (!G_TYPE_IS_ABSTRACT (type))
        {
          g_autoptr(GHashTable) inherited = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
          GtkWidget *plain = g_object_ref_sink (g_object_new (type, NULL));

          add_controller_keys (inherited, plain);
          if (GTK_IS_WINDOW (plain))
            gtk_window_destroy (GTK_WINDOW (plain));
          g_object_unref (plain);
          g_hash_table_iter_init (&iter, inherited);
          while (g_hash_table_iter_next (&iter, (gpointer *) &key, NULL))
            g_hash_table_remove (own, key);
        }
      g_hash_table_iter_init (&iter, own);
      while (g_hash_table_iter_next (&iter, (gpointer *) &key, NULL))
        g_hash_table_add (set, g_strdup (key));
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    add_widget_keys (set, c);
}

/* The shortcuts window lists exactly the keys that are bound: every accelerator of the
 * application's actions, every key of the game window and of its board (arrows, layers,
 * Enter, Escape, marks …), and nothing that is not bound. */
static void
test_accels_listed (void)
{
  g_autoptr(TesseraApplication) app = tessera_application_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) listed = NULL;
  g_autoptr(GHashTable) bound = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GStrv) actions = NULL;
  GHashTableIter iter;
  const char *key;
  GtkWidget *window;
  /* handled by GTK for the window: F10 opens the primary menu */
  static const char *by_gtk[] = { "F10" };
  static const char *expected[] = { "<Control>n", "<Control>o", "<Control>s", "<Control><Shift>s",
                                    "<Control>z", "<Control><Shift>z", "<Control>BackSpace",
                                    "<Control>h", "Left", "Right", "Home", "End", "Up", "Down",
                                    "Page_Up", "Page_Down", "Return", "space", "Escape", "F1",
                                    "<Control>question", "<Control>w", "<Control>q" };

  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  listed = listed_accelerators ();

  actions = gtk_application_list_action_descriptions (GTK_APPLICATION (app));
  for (guint i = 0; actions[i]; i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), actions[i]);

      for (guint j = 0; accels[j]; j++)
        g_hash_table_add (bound, parse_key (accels[j]));
    }
  window = GTK_WIDGET (tessera_window_new (GTK_APPLICATION (app), "raumschach"));
  add_widget_keys (bound, window);
  for (guint i = 0; i < G_N_ELEMENTS (by_gtk); i++)
    g_hash_table_add (bound, parse_key (by_gtk[i]));

  g_hash_table_iter_init (&iter, bound);
  while (g_hash_table_iter_next (&iter, (gpointer *) &key, NULL))
    if (!g_hash_table_contains (listed, key))
      g_error ("the key %s is bound but the shortcuts window (ui/tessera-shortcuts.ui) does "
               "not list it", key);
  g_hash_table_iter_init (&iter, listed);
  while (g_hash_table_iter_next (&iter, (gpointer *) &key, NULL))
    if (!g_hash_table_contains (bound, key))
      g_error ("the shortcuts window lists the key %s, which nothing binds", key);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *k = parse_key (expected[i]);

      if (!g_hash_table_contains (listed, k))
        g_error ("the shortcuts window does not list %s", expected[i]);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The shortcuts window fits a 1024 × 700 screen, the smallest docs/window.md supports: a
 * shortcut's title does not wrap, so a section of long titles grew wider than the screen
 * (1486 px: the Board column was cut off at 1280). Measured on the window's content (the
 * sections' stack is as large as its largest section), in English and in every language of
 * po/LINGUAS, whose titles are often longer. */
static const char *po_build_dir;   /* argv: the build tree's po folder, and po/LINGUAS */
static const char *linguas_file;

static void
check_shortcuts_fit (const char *language)
{
  g_autoptr(GtkBuilder) builder = NULL;
  GtkWindow *window;
  int width, height;

  g_setenv ("LANGUAGE", language, TRUE);
  textdomain (GETTEXT_PACKAGE);   /* makes gettext read LANGUAGE again */
  if (language[0] != '\0')   /* measured in that language, not in English */
    g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Keyboard Shortcuts"), !=, "Keyboard Shortcuts");
  builder = gtk_builder_new_from_resource ("/io/github/tessera/Tessera/tessera-shortcuts.ui");
  window = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts"));
  gtk_widget_measure (gtk_window_get_child (window), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
  gtk_widget_measure (gtk_window_get_child (window), GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
  g_test_message ("%s: the shortcuts window's content is %d × %d px", language[0] ? language : "C", width, height);
  g_assert_cmpint (width, <=, 1024);
  /* the window's title bar (some 50 px) above the content */
  g_assert_cmpint (height, <=, 700 - 50);
  gtk_window_destroy (window);
}

static void
test_shortcuts_fit (void)
{
  g_autofree char *linguas = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;

  check_shortcuts_fit ("");
  if (!po_build_dir)
    return;
  g_file_get_contents (linguas_file, &linguas, NULL, &error);
  g_assert_no_error (error);
  bindtextdomain (GETTEXT_PACKAGE, po_build_dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  lines = g_strsplit (linguas, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_strstrip (lines[i]);
      if (lines[i][0] != '\0' && lines[i][0] != '#')
        check_shortcuts_fit (lines[i]);
    }
  g_setenv ("LANGUAGE", "", TRUE);
  textdomain (GETTEXT_PACKAGE);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  setlocale (LC_ALL, "C.UTF-8");   /* LANGUAGE chooses the translations (not with "C") */
  if (argc == 3)
    {
      po_build_dir = argv[1];
      linguas_file = argv[2];
    }

  g_test_add_func ("/keyboard/accels-listed", test_accels_listed);
  g_test_add_func ("/keyboard/shortcuts-fit", test_shortcuts_fit);

  return g_test_run ();
}
