#include "config.h"

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
  GtkDialog    parent_instance;

  GtkGrid     *grid;
  GtkDropDown *variant_dropdown;
  GtkDropDown *time_dropdown;
  GtkWidget   *seat_label[TS_MAX_SEATS];
  GtkWidget   *seat_kind[TS_MAX_SEATS];
  GtkWidget   *seat_level[TS_MAX_SEATS];
};

G_DEFINE_FINAL_TYPE (TsNewGameDialog, ts_new_game_dialog, GTK_TYPE_DIALOG)

const TsVariant *
ts_new_game_dialog_get_variant (TsNewGameDialog *self)
{
  guint n;
  const TsVariant *const *variants = ts_variant_list (&n);
  guint i = gtk_drop_down_get_selected (self->variant_dropdown);

  g_return_val_if_fail (TS_IS_NEW_GAME_DIALOG (self), NULL);

  return i < n ? variants[i] : variants[0];
}

void
ts_new_game_dialog_get_setup (TsNewGameDialog *self,
                              TsSessionSetup  *setup)
{
  guint t = gtk_drop_down_get_selected (self->time_dropdown);

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

      gtk_widget_set_visible (self->seat_label[i], shown);
      gtk_widget_set_visible (self->seat_kind[i], shown);
      gtk_widget_set_visible (self->seat_level[i], shown);
      if (shown)
        gtk_label_set_label (GTK_LABEL (self->seat_label[i]), _(v->seat_names[i]));
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
                                        "use-header-bar", FALSE,
                                        NULL);
  guint n;
  const TsVariant *const *variants = ts_variant_list (&n);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (variants[i]->id, variant_id) == 0)
      gtk_drop_down_set_selected (self->variant_dropdown, i);
  if (setup != NULL)
    {
      for (guint i = 0; i < TS_MAX_SEATS; i++)
        {
          gtk_drop_down_set_selected (GTK_DROP_DOWN (self->seat_kind[i]), setup->kind[i] == TS_SEAT_COMPUTER);
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->seat_level[i]), setup->level[i]);
        }
      for (guint t = 0; t < G_N_ELEMENTS (time_controls); t++)
        if (time_controls[t].base_ms == setup->base_ms && time_controls[t].increment_ms == setup->increment_ms)
          gtk_drop_down_set_selected (self->time_dropdown, t);
    }
  variant_changed (self);
  kind_changed (self);
  return GTK_WIDGET (self);
}

static void
ts_new_game_dialog_class_init (TsNewGameDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TsNewGameDialog, grid);
  gtk_widget_class_bind_template_child (widget_class, TsNewGameDialog, variant_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TsNewGameDialog, time_dropdown);
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

static void
ts_new_game_dialog_init (TsNewGameDialog *self)
{
  GtkWidget *rules;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) times = gtk_string_list_new (NULL);
  guint n;
  const TsVariant *const *variants = ts_variant_list (&n);

  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint i = 0; i < n; i++)
    gtk_string_list_append (names, _(variants[i]->name));
  gtk_drop_down_set_model (self->variant_dropdown, G_LIST_MODEL (names));
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
  gtk_drop_down_set_model (self->time_dropdown, G_LIST_MODEL (times));

  for (guint i = 0; i < TS_MAX_SEATS; i++)
    {
      const char *kinds[] = { _("Human"), _("Computer"), NULL };

      self->seat_label[i] = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (self->seat_label[i]), 1);
      self->seat_kind[i] = gtk_drop_down_new_from_strings (kinds);
      self->seat_level[i] = gtk_spin_button_new_with_range (TS_LEVEL_MIN, TS_LEVEL_MAX, 1);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->seat_level[i]), TS_LEVEL_DEFAULT);
      gtk_widget_set_tooltip_text (self->seat_level[i], _("Computer level, 1 (weakest) to 10"));
      gtk_grid_attach (self->grid, self->seat_label[i], 0, 2 + i, 1, 1);
      gtk_grid_attach (self->grid, self->seat_kind[i], 1, 2 + i, 1, 1);
      gtk_grid_attach (self->grid, self->seat_level[i], 2, 2 + i, 1, 1);
      g_signal_connect_swapped (self->seat_kind[i], "notify::selected", G_CALLBACK (kind_changed), self);
    }
  g_signal_connect_swapped (self->variant_dropdown, "notify::selected", G_CALLBACK (variant_changed), self);

  /* The rules of the chosen variant, in the help window. */
  rules = gtk_button_new_from_icon_name ("help-browser-symbolic");
  gtk_widget_set_tooltip_text (rules, _("Rules of this variant"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (rules), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Rules of this variant"), -1);
  g_signal_connect_swapped (rules, "clicked", G_CALLBACK (rules_clicked), self);
  gtk_grid_attach (self->grid, rules, 3, 0, 1, 1);
}
