/* TsPreferencesDialog: the GSettings keys of the board and the application. */
#include "config.h"

#include <glib/gi18n.h>

#include "preferences-dialog.h"

struct _TsPreferencesDialog
{
  GtkWindow    parent_instance;

  GSettings   *settings;

  /* template children */
  GtkDropDown *piece_style;
  GtkDropDown *board_theme;
  GtkSwitch   *show_coordinates;
  GtkSwitch   *animate_moves;
  GtkSwitch   *sound;
  GtkDropDown *color_scheme;
};

G_DEFINE_FINAL_TYPE (TsPreferencesDialog, ts_preferences_dialog, GTK_TYPE_WINDOW)

/* Enum keys shown in a drop-down: the nicks in the order of its items. */
static const char *const piece_styles[] = { "figures", "letters", NULL };
static const char *const board_themes[] = { "classic", "green", "blue", "high-contrast", NULL };
static const char *const color_schemes[] = { "default", "light", "dark", NULL };

static gboolean
nick_to_index (GValue *value, GVariant *variant, gpointer nicks)
{
  const char *const *list = nicks;
  const char *nick = g_variant_get_string (variant, NULL);

  for (guint i = 0; list[i]; i++)
    if (g_str_equal (list[i], nick))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
index_to_nick (const GValue *value, const GVariantType *type, gpointer nicks)
{
  const char *const *list = nicks;
  guint i = g_value_get_uint (value);

  if (i >= g_strv_length ((char **) list))
    return NULL;
  return g_variant_new_string (list[i]);
}

static void
bind_enum (GSettings *settings, const char *key, GtkDropDown *dropdown, const char *const *nicks)
{
  g_settings_bind_with_mapping (settings, key, dropdown, "selected", G_SETTINGS_BIND_DEFAULT,
                                nick_to_index, index_to_nick, (gpointer) nicks, NULL);
}

GtkWidget *
ts_preferences_dialog_new (GtkWindow *parent)
{
  return g_object_new (TS_TYPE_PREFERENCES_DIALOG,
                       "transient-for", parent,
                       "application", parent ? gtk_window_get_application (parent) : NULL,
                       NULL);
}

/* ---- the colour scheme ---- */

typedef struct {
  GSettings  *settings;
  GDBusProxy *portal;
  gboolean    desktop_dark;
} SchemeFollower;

static void
apply_scheme (SchemeFollower *f)
{
  g_autofree char *scheme = g_settings_get_string (f->settings, "color-scheme");
  gboolean dark = g_str_equal (scheme, "dark") ||
                  (g_str_equal (scheme, "default") && f->desktop_dark);

  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", dark, NULL);
}

/* org.freedesktop.appearance color-scheme: 0 no preference, 1 dark, 2 light. */
static void
set_portal_value (SchemeFollower *f, GVariant *value)
{
  g_autoptr(GVariant) inner = NULL;

  while (value && g_variant_is_of_type (value, G_VARIANT_TYPE_VARIANT))
    {
      GVariant *next = g_variant_get_variant (value);

      g_clear_pointer (&inner, g_variant_unref);
      inner = next;
      value = next;
    }
  if (value && g_variant_is_of_type (value, G_VARIANT_TYPE_UINT32))
    f->desktop_dark = g_variant_get_uint32 (value) == 1;
  apply_scheme (f);
}

static void
portal_signal (GDBusProxy *proxy, const char *sender, const char *signal, GVariant *params, gpointer data)
{
  const char *ns, *key;
  g_autoptr(GVariant) value = NULL;

  if (!g_str_equal (signal, "SettingChanged"))
    return;
  g_variant_get (params, "(&s&sv)", &ns, &key, &value);
  if (g_str_equal (ns, "org.freedesktop.appearance") && g_str_equal (key, "color-scheme"))
    set_portal_value (data, value);
}

static void
portal_read_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(GVariant) reply = g_dbus_proxy_call_finish (G_DBUS_PROXY (source), result, NULL);
  g_autoptr(GVariant) value = NULL;

  /* no portal (a bare session, the tests): the light style */
  if (!reply)
    return;
  g_variant_get (reply, "(v)", &value);
  set_portal_value (data, value);
}

static void
portal_ready (GObject *source, GAsyncResult *result, gpointer data)
{
  SchemeFollower *f = data;

  f->portal = g_dbus_proxy_new_for_bus_finish (result, NULL);
  if (!f->portal)
    return;
  g_signal_connect (f->portal, "g-signal", G_CALLBACK (portal_signal), f);
  g_dbus_proxy_call (f->portal, "Read", g_variant_new ("(ss)", "org.freedesktop.appearance", "color-scheme"),
                     G_DBUS_CALL_FLAGS_NONE, 2000, NULL, portal_read_done, f);
}

void
ts_preferences_follow_color_scheme (GSettings *settings)
{
  /* lives as long as the application */
  SchemeFollower *f = g_new0 (SchemeFollower, 1);

  f->settings = g_object_ref (settings);
  g_signal_connect_swapped (settings, "changed::color-scheme", G_CALLBACK (apply_scheme), f);
  apply_scheme (f);
  g_dbus_proxy_new_for_bus (G_BUS_TYPE_SESSION,
                            G_DBUS_PROXY_FLAGS_DO_NOT_AUTO_START_AT_CONSTRUCTION,
                            NULL, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                            "org.freedesktop.portal.Settings", NULL, portal_ready, f);
}

/* ---- GObject ---- */

static void
ts_preferences_dialog_finalize (GObject *object)
{
  TsPreferencesDialog *self = TS_PREFERENCES_DIALOG (object);

  g_clear_object (&self->settings);
  G_OBJECT_CLASS (ts_preferences_dialog_parent_class)->finalize (object);
}

static void
ts_preferences_dialog_class_init (TsPreferencesDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = ts_preferences_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/preferences-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TsPreferencesDialog, piece_style);
  gtk_widget_class_bind_template_child (widget_class, TsPreferencesDialog, board_theme);
  gtk_widget_class_bind_template_child (widget_class, TsPreferencesDialog, show_coordinates);
  gtk_widget_class_bind_template_child (widget_class, TsPreferencesDialog, animate_moves);
  gtk_widget_class_bind_template_child (widget_class, TsPreferencesDialog, sound);
  gtk_widget_class_bind_template_child (widget_class, TsPreferencesDialog, color_scheme);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ts_preferences_dialog_init (TsPreferencesDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  bind_enum (self->settings, "piece-style", self->piece_style, piece_styles);
  bind_enum (self->settings, "board-theme", self->board_theme, board_themes);
  bind_enum (self->settings, "color-scheme", self->color_scheme, color_schemes);
  g_settings_bind (self->settings, "show-coordinates", self->show_coordinates, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "animate-moves", self->animate_moves, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "sound", self->sound, "active", G_SETTINGS_BIND_DEFAULT);
}
