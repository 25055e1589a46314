/* TsPreferencesDialog: the GSettings keys of the board and the application. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "preferences-dialog.h"
#include "settings-choice.h"

struct _TsPreferencesDialog
{
  AdwPreferencesWindow parent_instance;

  GSettings   *settings;

  /* template children */
  AdwComboRow *piece_style;
  AdwComboRow *board_theme;
  GtkSwitch   *show_coordinates;
  GtkSwitch   *animate_moves;
  GtkSwitch   *sound;
  AdwComboRow *color_scheme;
};

G_DEFINE_FINAL_TYPE (TsPreferencesDialog, ts_preferences_dialog, ADW_TYPE_PREFERENCES_WINDOW)

/* Enum keys shown in a combo row: the nicks in the order of its items. */
static const char *const piece_styles[] = { "figures", "letters", NULL };
static const char *const board_themes[] = { "classic", "green", "blue", "high-contrast", NULL };
static const char *const color_schemes[] = { "default", "light", "dark", NULL };

GtkWidget *
ts_preferences_dialog_new (GtkWindow *parent)
{
  return g_object_new (TS_TYPE_PREFERENCES_DIALOG,
                       "transient-for", parent,
                       "application", parent ? gtk_window_get_application (parent) : NULL,
                       NULL);
}

/* ---- the colour scheme ---- */

static gboolean
nick_to_color_scheme (GValue *value, GVariant *variant, gpointer data)
{
  const char *nick = g_variant_get_string (variant, NULL);

  /* ADW_COLOR_SCHEME_DEFAULT follows the desktop's preference, light without one */
  if (g_str_equal (nick, "light"))
    g_value_set_enum (value, ADW_COLOR_SCHEME_FORCE_LIGHT);
  else if (g_str_equal (nick, "dark"))
    g_value_set_enum (value, ADW_COLOR_SCHEME_FORCE_DARK);
  else
    g_value_set_enum (value, ADW_COLOR_SCHEME_DEFAULT);
  return TRUE;
}

void
ts_preferences_follow_color_scheme (GSettings *settings)
{
  g_return_if_fail (G_IS_SETTINGS (settings));

  g_settings_bind_with_mapping (settings, "color-scheme", adw_style_manager_get_default (),
                                "color-scheme", G_SETTINGS_BIND_GET, nick_to_color_scheme,
                                NULL, NULL, NULL);
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
  ts_settings_bind_choice (self->settings, "piece-style", self->piece_style, "selected", piece_styles);
  ts_settings_bind_choice (self->settings, "board-theme", self->board_theme, "selected", board_themes);
  ts_settings_bind_choice (self->settings, "color-scheme", self->color_scheme, "selected", color_schemes);
  g_settings_bind (self->settings, "show-coordinates", self->show_coordinates, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "animate-moves", self->animate_moves, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "sound", self->sound, "active", G_SETTINGS_BIND_DEFAULT);
}
