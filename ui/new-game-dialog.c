/* TsNewGameDialog: the variant, the players and the time control of a new game. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "new-game-dialog.h"
#include "help-window.h"

static const struct { gint64 base_ms, increment_ms; } time_controls[] = {
  { 0, 0 },
  { 5 * 60000, 0 },
  { 10 * 60000, 5000 },
  { 15 * 60000, 10000 },
  { 30 * 60000, 0 },
  { 60 * 60000, 30000 },
};

struct _TsNewGameDialog
{
  AdwWindow    parent_instance;

  AdwComboRow          *variant_row;
  AdwComboRow          *time_row;
  GtkWidget            *rules_button;
  AdwPreferencesGroup  *players_group;
  GtkWidget            *seat_row[TS_MAX_SEATS];
  GtkWidget            *seat_kind[TS_MAX_SEATS];
  GtkWidget            *seat_level[TS_MAX_SEATS];
};

G_DEFINE_FINAL_TYPE (TsNewGameDialog, ts_new_game_dialog, ADW_TYPE_WINDOW)

enum { SIGNAL_START, N_SIGNALS };
static guint signals[N_SIGNALS];

const TsVariant *
ts_new_game_dialog_get_variant (TsNewGameDialog *self)
{
  guint n;
  const TsVariant *const *variants = ts_variant_list (&n);
  guint i = adw_combo_row_get_selected (self->variant_row);

  g_return_val_if_fail (TS_IS_NEW_GAME_DIALOG (self), NULL);

  return i < n ? variants[i] : variants[0];
}

void
ts_new_game_dialog_get_setup (TsNewGameDialog *self,
                              TsSessionSetup  *setup)
{
  guint t = adw_combo_row_get_selected (self->time_row);

  g_return_if_fail (TS_IS_NEW_GAME_DIALOG (self));

  ts_session_setup_init (setup);
  for (guint i = 0; i < TS_MAX_SEATS; i++)
    {
      setup->kind[i] = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->seat_kind[i])) == 1
                       ? TS_SEAT_COMPUTER : TS_SEAT_HUMAN;
      setup->level[i] = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->seat_level[i]));
    }
  if (t < G_N_ELEMENTS (time_controls))
    {
      setup->base_ms = time_controls[t].base_ms;
      setup->increment_ms = time_controls[t].increment_ms;
    }
}

/* Seat rows follow the variant: two or four seats with their names. */
static void
variant_changed (TsNewGameDialog *self)
{
  const TsVariant *v = ts_new_game_dialog_get_variant (self);

  for (guint i = 0; i < TS_MAX_SEATS; i++)
    {
      gboolean shown = i < v->n_seats;

      gtk_widget_set_visible (self->seat_row[i], shown);
      if (shown)
        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->seat_row[i]), _(v->seat_names[i]));
    }
}

static void
kind_changed (TsNewGameDialog *self)
{
  for (guint i = 0; i < TS_MAX_SEATS; i++)
    gtk_widget_set_sensitive (self->seat_level[i],
                              gtk_drop_down_get_selected (GTK_DROP_DOWN (self->seat_kind[i])) == 1);
}

GtkWidget *
ts_new_game_dialog_new (GtkWindow            *parent,
                        const char           *variant_id,
                        const TsSessionSetup *setup)
{
  TsNewGameDialog *self = g_object_new (TS_TYPE_NEW_GAME_DIALOG,
                                        "transient-for", parent,
                                        NULL);
  guint n;
  const TsVariant *const *variants = ts_variant_list (&n);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (variants[i]->id, variant_id) == 0)
      adw_combo_row_set_selected (self->variant_row, i);
  if (setup != NULL)
    {
      for (guint i = 0; i < TS_MAX_SEATS; i++)
        {
          gtk_drop_down_set_selected (GTK_DROP_DOWN (self->seat_kind[i]), setup->kind[i] == TS_SEAT_COMPUTER);
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->seat_level[i]), setup->level[i]);
        }
      for (guint t = 0; t < G_N_ELEMENTS (time_controls); t++)
        if (time_controls[t].base_ms == setup->base_ms && time_controls[t].increment_ms == setup->increment_ms)
          adw_combo_row_set_selected (self->time_row, t);
    }
  variant_changed (self);
  kind_changed (self);
  return GTK_WIDGET (self);
}

static void
rules_clicked (TsNewGameDialog *self)
{
  GApplication *app = g_application_get_default ();
  const TsVariant *v = ts_new_game_dialog_get_variant (self);

  /* over this modal dialog, where it takes input and Escape closes it, not the dialog */
  if (GTK_IS_APPLICATION (app) && v != NULL)
    tessera_help_present (GTK_APPLICATION (app), GTK_WINDOW (self), v->id);
}

/* Start: the owner makes the game (tessera-window-actions.c), then the dialog goes. */
static void
action_start (GtkWidget *widget, const char *name, GVariant *param)
{
  g_signal_emit (widget, signals[SIGNAL_START], 0);
  gtk_window_destroy (GTK_WINDOW (widget));
}

static void
ts_new_game_dialog_class_init (TsNewGameDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /* Emitted when the user starts the game, before the dialog is destroyed. */
  signals[SIGNAL_START] = g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TsNewGameDialog, variant_row);
  gtk_widget_class_bind_template_child (widget_class, TsNewGameDialog, time_row);
  gtk_widget_class_bind_template_child (widget_class, TsNewGameDialog, rules_button);
  gtk_widget_class_bind_template_child (widget_class, TsNewGameDialog, players_group);
  gtk_widget_class_install_action (widget_class, "new-game.start", NULL, action_start);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ts_new_game_dialog_init (TsNewGameDialog *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) times = gtk_string_list_new (NULL);
  g_autoptr(GtkSizeGroup) kinds_width = NULL;
  guint n;
  const TsVariant *const *variants = ts_variant_list (&n);

  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint i = 0; i < n; i++)
    gtk_string_list_append (names, _(variants[i]->name));
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (names));
  for (guint t = 0; t < G_N_ELEMENTS (time_controls); t++)
    {
      g_autofree char *label = NULL;

      if (time_controls[t].base_ms == 0)
        label = g_strdup (_("No clock"));
      else
        /* Translators: minutes per player + seconds added per move */
        label = g_strdup_printf (_("%d min + %d s"), (int) (time_controls[t].base_ms / 60000),
                                 (int) (time_controls[t].increment_ms / 1000));
      gtk_string_list_append (times, label);
    }
  adw_combo_row_set_model (self->time_row, G_LIST_MODEL (times));

  /* a row per seat: its name, human or computer (as wide in every row), the level */
  kinds_width = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  for (guint i = 0; i < TS_MAX_SEATS; i++)
    {
      const char *kinds[] = { _("Human"), _("Computer"), NULL };

      self->seat_row[i] = adw_action_row_new ();
      self->seat_kind[i] = gtk_drop_down_new_from_strings (kinds);
      gtk_widget_set_valign (self->seat_kind[i], GTK_ALIGN_CENTER);
      gtk_size_group_add_widget (kinds_width, self->seat_kind[i]);
      self->seat_level[i] = gtk_spin_button_new_with_range (TS_LEVEL_MIN, TS_LEVEL_MAX, 1);
      gtk_widget_set_valign (self->seat_level[i], GTK_ALIGN_CENTER);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->seat_level[i]), TS_LEVEL_DEFAULT);
      gtk_widget_set_tooltip_text (self->seat_level[i], _("Computer level, 1 (weakest) to 10"));
      adw_action_row_add_suffix (ADW_ACTION_ROW (self->seat_row[i]), self->seat_kind[i]);
      adw_action_row_add_suffix (ADW_ACTION_ROW (self->seat_row[i]), self->seat_level[i]);
      adw_preferences_group_add (self->players_group, self->seat_row[i]);
      g_signal_connect_swapped (self->seat_kind[i], "notify::selected", G_CALLBACK (kind_changed), self);
    }
  g_signal_connect_swapped (self->variant_row, "notify::selected", G_CALLBACK (variant_changed), self);
  /* the rules of the chosen variant, in the help window */
  g_signal_connect_swapped (self->rules_button, "clicked", G_CALLBACK (rules_clicked), self);
  /* Enter starts the game: the window's first focus went to Cancel, which takes Enter */
  gtk_window_set_focus (GTK_WINDOW (self), gtk_window_get_default_widget (GTK_WINDOW (self)));
}
