#include "config.h"

#include <glib/gi18n.h>

#include "rules/variant.h"
#include "help-window.h"
#include "tessera-about.h"
#include "preferences-dialog.h"
#include "tessera-application.h"
#include "tessera-window.h"

struct _TesseraApplication
{
  AdwApplication  parent_instance;
  GSettings      *settings;
  GtkWindow      *shortcuts;   /* weak */
};

G_DEFINE_FINAL_TYPE (TesseraApplication, tessera_application, ADW_TYPE_APPLICATION)

static char *
known_variant_ids (void)
{
  g_autoptr(GString) ids = g_string_new (NULL);
  guint n;
  const TsVariant *const *variants = ts_variant_list (&n);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (ids, "%s%s", i ? ", " : "", variants[i]->id);
  return g_string_free (g_steal_pointer (&ids), FALSE);
}

TesseraApplication *
tessera_application_new (void)
{
  return g_object_new (TESSERA_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "resource-base-path", "/io/github/tessera/Tessera",
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       NULL);
}

GSettings *
tessera_application_get_settings (TesseraApplication *self)
{
  g_return_val_if_fail (TESSERA_IS_APPLICATION (self), NULL);

  return self->settings;
}

static void
new_game_activated (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  TesseraApplication *self = user_data;
  const char *id = g_variant_get_string (parameter, NULL);
  TesseraWindow *window;

  /* Remote callers are not trusted to have checked the id. */
  if (ts_variant_lookup (id) == NULL)
    {
      g_printerr (_("tessera: ignoring a request for the unknown variant “%s”\n"), id);
      return;
    }

  g_settings_set_string (self->settings, "last-variant", id);
  window = tessera_window_new (GTK_APPLICATION (self), id);
  gtk_window_present (GTK_WINDOW (window));
}

static void
shortcuts_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  TesseraApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  g_autoptr(GtkBuilder) builder = NULL;

  /* One shortcuts window at a time, moved to the window it was asked from. */
  if (self->shortcuts == NULL)
    {
      builder = gtk_builder_new_from_resource ("/io/github/tessera/Tessera/tessera-shortcuts.ui");
      self->shortcuts = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts"));
      g_object_add_weak_pointer (G_OBJECT (self->shortcuts), (gpointer *) &self->shortcuts);
      gtk_window_set_application (self->shortcuts, GTK_APPLICATION (self));
    }
  if (parent != self->shortcuts)
    gtk_window_set_transient_for (self->shortcuts, parent);
  gtk_window_present (self->shortcuts);
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkApplication *app = user_data;

  gtk_window_present (GTK_WINDOW (tessera_about_window_new (gtk_application_get_active_window (app))));
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GtkApplication *app = user_data;
  GList *windows;

  /* Destroying the windows lets each save its state; the application
   * quits when the last one is gone. */
  while ((windows = gtk_application_get_windows (app)) != NULL)
    gtk_window_destroy (windows->data);
}

static const GActionEntry app_actions[] = {
  { "new-game", new_game_activated, "s" },
  { "shortcuts", shortcuts_activated },
  { "about", about_activated },
  { "quit", quit_activated },
};

static void
tessera_application_startup (GApplication *app)
{
  TesseraApplication *self = TESSERA_APPLICATION (app);
  static const struct { const char *action; const char *accels[3]; } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "app.shortcuts", { "<Control>question", NULL } },
    { "window.close", { "<Control>w", NULL } },
    { "win.flip-board", { "<Control><Shift>f", NULL } },
    { "win.preferences", { "<Control>comma", NULL } },
    { "win.game-info", { "<Control>i", NULL } },
  };

  G_APPLICATION_CLASS (tessera_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions), app);
  tessera_help_install_actions (GTK_APPLICATION (app));
  for (gsize i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);
  /* AdwApplication loads style.css from the resource base path by itself. */
  ts_preferences_follow_color_scheme (self->settings);
}

/* @id if it names a variant, else the first variant there is (a stale setting, say). */
static const char *
usable_variant (const char *id)
{
  guint n;
  const TsVariant *const *variants;

  if (ts_variant_lookup (id) != NULL)
    return id;
  variants = ts_variant_list (&n);
  g_return_val_if_fail (n > 0, id);
  return variants[0]->id;
}

/* The most recently focused game window (the shortcuts window does not count), or a new
 * one of the last variant played; presented. */
static TesseraWindow *
game_window (TesseraApplication *self)
{
  TesseraWindow *window = NULL;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l && !window; l = l->next)
    if (TESSERA_IS_WINDOW (l->data))
      window = l->data;
  if (window == NULL)
    {
      g_autofree char *variant = g_settings_get_string (self->settings, "last-variant");

      window = tessera_window_new (GTK_APPLICATION (self), usable_variant (variant));
    }
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
tessera_application_activate (GApplication *app)
{
  game_window (TESSERA_APPLICATION (app));
}

/* Files from the command line or the file manager: the first in the game window if it holds
 * an untouched new game, the others (or all) each in a new window, made once the file is
 * read; a file that is not a game is said in a dialog on the game window, and no window is
 * left over for it (docs/window.md). */
static void
tessera_application_open (GApplication  *app,
                          GFile        **files,
                          int            n_files,
                          const char    *hint)
{
  TesseraWindow *window = game_window (TESSERA_APPLICATION (app));
  gboolean here = tessera_window_is_pristine (window);

  for (int i = 0; i < n_files; i++)
    if (i == 0 && here)
      tessera_window_open_file (window, files[i]);
    else
      tessera_window_open_file_in_new_window (window, files[i]);
}

/* Returns a message saying why @file cannot be opened, or NULL if it can be read. */
static char *
check_readable (GFile *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *name = g_file_get_parse_name (file);

  info = g_file_query_info (file,
                            G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_ACCESS_CAN_READ,
                            G_FILE_QUERY_INFO_NONE, NULL, &error);
  if (info == NULL)
    return g_strdup_printf (_("cannot open “%s”: %s"), name, error->message);
  if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    return g_strdup_printf (_("cannot open “%s”: it is a folder, not a game file"), name);
  if (g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_ACCESS_CAN_READ) &&
      !g_file_info_get_attribute_boolean (info, G_FILE_ATTRIBUTE_ACCESS_CAN_READ))
    return g_strdup_printf (_("cannot open “%s”: permission denied"), name);
  return NULL;
}

/* Everything is checked here, in the process that was started, so that a bad
 * argument gives a message and an exit status on the terminal it was typed in,
 * even when another instance is already running. */
static int
tessera_application_handle_local_options (GApplication *app,
                                          GVariantDict *options)
{
  const char *variant = NULL;
  g_autofree const char **paths = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;

  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("tessera %s\n", PACKAGE_VERSION);
      return 0;
    }

  g_variant_dict_lookup (options, "variant", "&s", &variant);
  g_variant_dict_lookup (options, G_OPTION_REMAINING, "^a&ay", &paths);

  if (variant != NULL && ts_variant_lookup (variant) == NULL)
    {
      g_autofree char *ids = known_variant_ids ();

      g_printerr (_("tessera: unknown variant “%s”. Known variants: %s.\n"), variant, ids);
      return 2;
    }
  if (variant != NULL && paths != NULL)
    {
      g_printerr (_("tessera: give either --variant or game files, not both\n"));
      return 2;
    }

  for (gsize i = 0; paths != NULL && paths[i] != NULL; i++)
    {
      GFile *file = g_file_new_for_commandline_arg (paths[i]);
      g_autofree char *problem = check_readable (file);

      g_ptr_array_add (files, file);
      if (problem != NULL)
        {
          g_printerr ("tessera: %s\n", problem);
          return 1;
        }
    }

  if (variant == NULL && files->len == 0)
    return -1;   /* the default handling activates */

  if (!g_application_register (app, NULL, &error))
    {
      g_printerr (_("tessera: cannot register the application: %s\n"), error->message);
      return 1;
    }

  if (variant != NULL)
    g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", g_variant_new_string (variant));
  else
    g_application_open (app, (GFile **) files->pdata, files->len, "");

  /* A remote instance is done; the primary one goes on to run its main loop. */
  return g_application_get_is_remote (app) ? 0 : -1;
}

static void
tessera_application_dispose (GObject *object)
{
  TesseraApplication *self = TESSERA_APPLICATION (object);

  g_clear_object (&self->settings);
  g_clear_weak_pointer (&self->shortcuts);

  G_OBJECT_CLASS (tessera_application_parent_class)->dispose (object);
}

static void
tessera_application_class_init (TesseraApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = tessera_application_dispose;
  app_class->startup = tessera_application_startup;
  app_class->activate = tessera_application_activate;
  app_class->open = tessera_application_open;
  app_class->handle_local_options = tessera_application_handle_local_options;
}

static void
tessera_application_init (TesseraApplication *self)
{
  static const GOptionEntry entries[] = {
    { "variant", 0, 0, G_OPTION_ARG_STRING, NULL, N_("Start a new game of the variant ID"), N_("ID") },
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Print the version and exit"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, NULL, NULL, N_("[FILE…]") },
    { NULL },
  };

  self->settings = g_settings_new (APP_ID);
  g_application_add_main_option_entries (G_APPLICATION (self), entries);
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Play chess in three and four dimensions."));
}
