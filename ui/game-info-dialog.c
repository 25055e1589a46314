/* TsGameInfoDialog: the game's header, edited as one undo step. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "game-info-dialog.h"

#define ANNOTATOR_TAG "Annotator"

/* Two players' results, in the order of the choices. */
static const char *const two_results[] = { "*", "1-0", "0-1", "1/2-1/2" };

struct _TsGameInfoDialog
{
  AdwWindow      parent_instance;

  TsGameSession *session;
  GtkWidget     *player_rows[TS_MAX_SEATS];
  GPtrArray     *tag_rows;         /* AdwEntryRow, one per free tag (title = name) */
  GStrv          removed_tags;     /* names whose rows were removed */
  char          *odd_result;       /* a two-player result read from a file that fits no choice */

  GtkWidget     *apply_button;
  GtkWidget     *players_group;
  GtkWidget     *event_row, *site_row, *date_row, *round_row, *annotator_row;
  GtkWidget     *result_combo, *result_entry;
  GtkWidget     *tags_group;
  GtkWidget     *new_tag_row;
};

G_DEFINE_FINAL_TYPE (TsGameInfoDialog, ts_game_info_dialog, ADW_TYPE_WINDOW)

static TsGame *
game_of (TsGameInfoDialog *self)
{
  return ts_game_session_get_game (self->session);
}

static const char *
row_text (GtkWidget *row)
{
  return gtk_editable_get_text (GTK_EDITABLE (row));
}

/* ---- the header lines ---- */

char *
ts_game_info_players_line (TsGame *game)
{
  const TsVariant *v = ts_game_variant (game);
  g_autoptr(GString) s = g_string_new (NULL);
  gboolean any = FALSE;

  for (guint seat = 0; seat < v->n_seats; seat++)
    {
      const char *name = ts_game_get_player (game, seat);

      any |= name != NULL;
      if (seat > 0)
        g_string_append (s, v->n_seats == 2 ? " – " : " · ");
      /* Translators: an unnamed player: the seat's name */
      g_string_append (s, name ? name : _(v->seat_names[seat]));
    }
  return any ? g_string_free (g_steal_pointer (&s), FALSE) : NULL;
}

char *
ts_game_info_event_line (TsGame *game)
{
  g_autoptr(GString) s = g_string_new (NULL);
  const TsGameField fields[] = { TS_GAME_EVENT, TS_GAME_SITE, TS_GAME_DATE, TS_GAME_ROUND };

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const char *value = ts_game_get_field (game, fields[i]);

      if (value == NULL)
        continue;
      if (s->len > 0)
        g_string_append (s, " · ");
      if (fields[i] == TS_GAME_ROUND)
        /* Translators: the round of a tournament game, "Round 3" */
        g_string_append_printf (s, _("Round %s"), value);
      else
        g_string_append (s, value);
    }
  return s->len ? g_string_free (g_steal_pointer (&s), FALSE) : NULL;
}

/* ---- checking ---- */

static gboolean
date_is_valid (const char *date)
{
  /* PGN's form: YYYY.MM.DD, any part ?? */
  if (*date == '\0')
    return TRUE;
  if (strlen (date) != 10 || date[4] != '.' || date[7] != '.')
    return FALSE;
  for (guint i = 0; i < 10; i++)
    if (i != 4 && i != 7 && !g_ascii_isdigit (date[i]) && date[i] != '?')
      return FALSE;
  return TRUE;
}

static gboolean
is_four_players (TsGameInfoDialog *self)
{
  return ts_game_variant (game_of (self))->n_seats != 2;
}

static gboolean
new_tag_name_is_valid (TsGameInfoDialog *self, const char *name)
{
  if (!ts_game_tag_name_is_valid (game_of (self), name) ||
      g_ascii_strcasecmp (name, ANNOTATOR_TAG) == 0)
    return FALSE;
  for (guint i = 0; i < self->tag_rows->len; i++)
    if (g_ascii_strcasecmp (adw_preferences_row_get_title (self->tag_rows->pdata[i]), name) == 0)
      return FALSE;
  return TRUE;
}

static void
mark_row (GtkWidget *row, gboolean ok)
{
  if (ok)
    gtk_widget_remove_css_class (row, "error");
  else
    gtk_widget_add_css_class (row, "error");
}

/* Marks the rows with invalid values; Apply only when none. */
static gboolean
validate (TsGameInfoDialog *self)
{
  const char *result = row_text (self->result_entry);
  const char *new_tag = row_text (self->new_tag_row);
  gboolean date_ok = date_is_valid (row_text (self->date_row));
  gboolean result_ok = !is_four_players (self) || *result == '\0' ||
                       ts_record_result_is_valid (result, ts_game_variant (game_of (self))->n_seats);

  mark_row (self->date_row, date_ok);
  mark_row (self->result_entry, result_ok);
  mark_row (self->new_tag_row, *new_tag == '\0' || new_tag_name_is_valid (self, new_tag));
  gtk_widget_set_sensitive (self->apply_button, date_ok && result_ok);
  return date_ok && result_ok;
}

/* ---- tags ---- */

static void
remove_tag_clicked (GtkButton *button, TsGameInfoDialog *self)
{
  GtkWidget *row = g_object_get_data (G_OBJECT (button), "row");
  const char *name = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
  guint n = self->removed_tags ? g_strv_length (self->removed_tags) : 0;

  self->removed_tags = g_renew (char *, self->removed_tags, n + 2);
  self->removed_tags[n] = g_strdup (name);
  self->removed_tags[n + 1] = NULL;
  g_ptr_array_remove (self->tag_rows, row);
  adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self->tags_group), row);
}

static GtkWidget *
add_tag_row (TsGameInfoDialog *self, const char *name, const char *value)
{
  GtkWidget *row = adw_entry_row_new ();
  GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  g_autofree char *tip = g_strdup_printf (_("Remove the tag %s"), name);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  gtk_widget_set_name (row, name);
  gtk_editable_set_text (GTK_EDITABLE (row), value ? value : "");
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
  g_object_set_data (G_OBJECT (remove), "row", row);
  g_signal_connect (remove, "clicked", G_CALLBACK (remove_tag_clicked), self);
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), remove);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->tags_group), row);
  g_ptr_array_add (self->tag_rows, row);
  return row;
}

static void
add_tag_applied (TsGameInfoDialog *self)
{
  g_autofree char *name = g_strdup (row_text (self->new_tag_row));

  g_strstrip (name);
  if (!new_tag_name_is_valid (self, name))
    {
      mark_row (self->new_tag_row, FALSE);
      return;
    }
  gtk_widget_grab_focus (add_tag_row (self, name, NULL));
  gtk_editable_set_text (GTK_EDITABLE (self->new_tag_row), "");
}

/* ---- filling and applying ---- */

static void
fill (TsGameInfoDialog *self)
{
  TsGame *game = game_of (self);
  const TsVariant *v = ts_game_variant (game);
  const char *result = ts_game_get_field (game, TS_GAME_RESULT);
  struct { GtkWidget *row; TsGameField field; } fields[] = {
    { self->event_row, TS_GAME_EVENT }, { self->site_row, TS_GAME_SITE },
    { self->date_row, TS_GAME_DATE }, { self->round_row, TS_GAME_ROUND },
  };
  g_autoptr(GtkStringList) choices = gtk_string_list_new (NULL);
  guint selected = 0;

  for (guint seat = 0; seat < v->n_seats; seat++)
    {
      GtkWidget *row = adw_entry_row_new ();
      g_autofree char *name = g_strdup_printf ("player-%u", seat);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(v->seat_names[seat]));
      gtk_widget_set_name (row, name);
      gtk_editable_set_text (GTK_EDITABLE (row), ts_game_get_player (game, seat) ? ts_game_get_player (game, seat) : "");
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->players_group), row);
      self->player_rows[seat] = row;
    }
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    gtk_editable_set_text (GTK_EDITABLE (fields[i].row),
                           ts_game_get_field (game, fields[i].field) ? ts_game_get_field (game, fields[i].field) : "");
  gtk_editable_set_text (GTK_EDITABLE (self->annotator_row),
                         ts_game_get_tag (game, ANNOTATOR_TAG) ? ts_game_get_tag (game, ANNOTATOR_TAG) : "");

  /* two players choose among the four results; four type one score per seat */
  gtk_widget_set_visible (self->result_combo, v->n_seats == 2);
  gtk_widget_set_visible (self->result_entry, v->n_seats != 2);
  gtk_editable_set_text (GTK_EDITABLE (self->result_entry), result ? result : "");
  if (v->n_seats == 2)
    {
      gtk_string_list_append (choices, _("Unfinished (*)"));
      for (guint seat = 0; seat < 2; seat++)
        {
          /* Translators: a result choice: "White won (1-0)" */
          g_autofree char *won = g_strdup_printf (_("%s won (%s)"), _(v->seat_names[seat]), two_results[1 + seat]);

          gtk_string_list_append (choices, won);
        }
      gtk_string_list_append (choices, _("Draw (½-½)"));
      for (guint i = 0; result && i < G_N_ELEMENTS (two_results); i++)
        if (g_str_equal (result, two_results[i]))
          selected = i;
      if (result && selected == 0 && !g_str_equal (result, "*"))
        {
          /* kept as read: Apply does not turn an odd result into "*" */
          self->odd_result = g_strdup (result);
          gtk_string_list_append (choices, result);
          selected = G_N_ELEMENTS (two_results);
        }
      adw_combo_row_set_model (ADW_COMBO_ROW (self->result_combo), G_LIST_MODEL (choices));
      adw_combo_row_set_selected (ADW_COMBO_ROW (self->result_combo), selected);
    }

  for (guint i = 0; i < ts_game_n_tags (game); i++)
    {
      const char *name, *value;

      ts_game_tag_nth (game, i, &name, &value);
      if (g_ascii_strcasecmp (name, ANNOTATOR_TAG) != 0)
        add_tag_row (self, name, value);
    }
  gtk_widget_set_visible (self->tags_group, TRUE);
  validate (self);
}

/* The result to write: an unset result left unset when "unfinished" is chosen. */
static const char *
chosen_result (TsGameInfoDialog *self)
{
  const char *now = ts_game_get_field (game_of (self), TS_GAME_RESULT);
  const char *chosen;
  guint i;

  if (is_four_players (self))
    chosen = row_text (self->result_entry);
  else if ((i = adw_combo_row_get_selected (ADW_COMBO_ROW (self->result_combo))) < G_N_ELEMENTS (two_results))
    chosen = two_results[i];
  else
    chosen = self->odd_result;
  return now == NULL && g_strcmp0 (chosen, "*") == 0 ? NULL : chosen;
}

gboolean
ts_game_info_dialog_apply (TsGameInfoDialog *self)
{
  TsGame *game;
  guint64 before;

  g_return_val_if_fail (TS_IS_GAME_INFO_DIALOG (self), FALSE);

  if (!validate (self))
    return FALSE;
  game = game_of (self);
  before = ts_game_revision (game);
  ts_game_begin_edit (game);
  for (guint seat = 0; seat < ts_game_variant (game)->n_seats; seat++)
    ts_game_set_player (game, seat, row_text (self->player_rows[seat]));
  ts_game_set_field (game, TS_GAME_EVENT, row_text (self->event_row));
  ts_game_set_field (game, TS_GAME_SITE, row_text (self->site_row));
  ts_game_set_field (game, TS_GAME_DATE, row_text (self->date_row));
  ts_game_set_field (game, TS_GAME_ROUND, row_text (self->round_row));
  ts_game_set_field (game, TS_GAME_RESULT, chosen_result (self));
  ts_game_set_tag (game, ANNOTATOR_TAG, row_text (self->annotator_row));
  for (guint i = 0; self->removed_tags && self->removed_tags[i]; i++)
    ts_game_set_tag (game, self->removed_tags[i], NULL);
  for (guint i = 0; i < self->tag_rows->len; i++)
    {
      GtkWidget *row = self->tag_rows->pdata[i];

      ts_game_set_tag (game, adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), row_text (row));
    }
  ts_game_end_edit (game);
  if (ts_game_revision (game) != before)
    ts_game_session_record_changed (self->session);
  return TRUE;
}

static void
apply_clicked (TsGameInfoDialog *self)
{
  if (ts_game_info_dialog_apply (self))
    gtk_window_close (GTK_WINDOW (self));
}

GtkWidget *
ts_game_info_dialog_new (GtkWindow *parent, TsGameSession *session)
{
  TsGameInfoDialog *self;

  g_return_val_if_fail (TS_IS_GAME_SESSION (session), NULL);
  self = g_object_new (TS_TYPE_GAME_INFO_DIALOG, "transient-for", parent, NULL);
  self->session = g_object_ref (session);
  fill (self);
  for (guint seat = 0; seat < TS_MAX_SEATS; seat++)
    if (self->player_rows[seat])
      g_signal_connect_swapped (self->player_rows[seat], "changed", G_CALLBACK (validate), self);
  g_signal_connect_swapped (self->date_row, "changed", G_CALLBACK (validate), self);
  g_signal_connect_swapped (self->result_entry, "changed", G_CALLBACK (validate), self);
  return GTK_WIDGET (self);
}

static void
ts_game_info_dialog_dispose (GObject *object)
{
  TsGameInfoDialog *self = TS_GAME_INFO_DIALOG (object);

  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), TS_TYPE_GAME_INFO_DIALOG);
  G_OBJECT_CLASS (ts_game_info_dialog_parent_class)->dispose (object);
}

static void
ts_game_info_dialog_finalize (GObject *object)
{
  TsGameInfoDialog *self = TS_GAME_INFO_DIALOG (object);

  g_clear_pointer (&self->tag_rows, g_ptr_array_unref);
  g_clear_pointer (&self->removed_tags, g_strfreev);
  g_clear_pointer (&self->odd_result, g_free);
  G_OBJECT_CLASS (ts_game_info_dialog_parent_class)->finalize (object);
}

static void
ts_game_info_dialog_class_init (TsGameInfoDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ts_game_info_dialog_dispose;
  object_class->finalize = ts_game_info_dialog_finalize;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/game-info-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TsGameInfoDialog, apply_button);
  gtk_widget_class_bind_template_child (widget_class, TsGameInfoDialog, players_group);
  gtk_widget_class_bind_template_child (widget_class, TsGameInfoDialog, event_row);
  gtk_widget_class_bind_template_child (widget_class, TsGameInfoDialog, site_row);
  gtk_widget_class_bind_template_child (widget_class, TsGameInfoDialog, date_row);
  gtk_widget_class_bind_template_child (widget_class, TsGameInfoDialog, round_row);
  gtk_widget_class_bind_template_child (widget_class, TsGameInfoDialog, annotator_row);
  gtk_widget_class_bind_template_child (widget_class, TsGameInfoDialog, result_combo);
  gtk_widget_class_bind_template_child (widget_class, TsGameInfoDialog, result_entry);
  gtk_widget_class_bind_template_child (widget_class, TsGameInfoDialog, tags_group);
  gtk_widget_class_bind_template_child (widget_class, TsGameInfoDialog, new_tag_row);
  gtk_widget_class_bind_template_callback (widget_class, apply_clicked);
  gtk_widget_class_bind_template_callback (widget_class, add_tag_applied);
  gtk_widget_class_bind_template_callback (widget_class, validate);
}

static void
ts_game_info_dialog_init (TsGameInfoDialog *self)
{
  self->tag_rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}
