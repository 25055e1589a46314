/* TsCollectionWindow: the game list of a collection. */
#include "config.h"

#include <glib/gi18n.h>

#include "collection-actions.h"
#include "collection-window.h"
#include "problem-set.h"
#include "tessera-window.h"

struct _TsCollectionWindow
{
  AdwWindow           parent_instance;

  TsCollectionModel  *model;
  GWeakRef            opener;         /* TesseraWindow */
  GtkCustomFilter    *filter;
  GtkFilterListModel *filtered;
  GtkSortListModel   *sorted;
  GtkSingleSelection *selection;
  char              **words;          /* the filter's words, case-folded */
  TsCollection       *removed;        /* the game deleted last, for its Undo */
  guint               removed_index;
  AdwToast           *toast;          /* weak */

  AdwWindowTitle     *window_title;
  AdwToastOverlay    *toast_overlay;
  GtkRevealer        *changed_revealer;
  GtkSearchEntry     *search_entry;
  GtkColumnView      *column_view;
  GtkLabel           *status_label;
};

G_DEFINE_FINAL_TYPE (TsCollectionWindow, ts_collection_window, ADW_TYPE_WINDOW)

typedef struct {
  const char *property;
  const char *title;
  gboolean    numeric;
  gboolean    expand;
  int         chars;
} ColumnSpec;

static const ColumnSpec columns[] = {
  { "number", N_("No."), TRUE, FALSE, 6 },
  { "variant", N_("Variant"), FALSE, FALSE, 16 },
  { "players", N_("Players"), FALSE, TRUE, 24 },
  { "event", N_("Event"), FALSE, TRUE, 18 },
  { "date", N_("Date"), FALSE, FALSE, 10 },
  { "result", N_("Result"), FALSE, FALSE, 8 },
  { "moves", N_("Moves"), TRUE, FALSE, 5 },
};

static TsCollectionItem *
selected_item (TsCollectionWindow *self)
{
  return gtk_single_selection_get_selected_item (self->selection);
}

static void
show_toast (TsCollectionWindow *self, const char *text, const char *undo_action)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  AdwToast *toast = adw_toast_new (escaped);

  if (self->toast)
    adw_toast_dismiss (self->toast);
  if (undo_action)
    {
      adw_toast_set_button_label (toast, _("_Undo"));
      adw_toast_set_action_name (toast, undo_action);
    }
  g_set_weak_pointer (&self->toast, toast);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
show_error (TsCollectionWindow *self, const char *primary, const GError *error)
{
  ts_collection_actions_show_error (GTK_WINDOW (self), primary, error->message);
}

/* Whether the rows show the file's order (no filter, sorted by number or not at all):
 * moving a game up or down is then what the user sees. */
static gboolean
in_file_order (TsCollectionWindow *self)
{
  GListModel *rows = G_LIST_MODEL (self->sorted);
  guint n = g_list_model_get_n_items (rows);

  if (self->words || n != g_list_model_get_n_items (G_LIST_MODEL (self->model)))
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TsCollectionItem) item = g_list_model_get_item (rows, i);

      if (ts_collection_item_get_number (item) != i + 1)
        return FALSE;
    }
  return TRUE;
}

static void
update_actions (TsCollectionWindow *self)
{
  TsCollectionItem *item = selected_item (self);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->model));
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->sorted));
  guint number = item ? ts_collection_item_get_number (item) : 0;
  gboolean ordered = item && in_file_order (self);
  gboolean problems = FALSE;
  g_autofree char *name = ts_collection_model_get_name (self->model);
  g_autofree char *subtitle = NULL;
  g_autofree char *status = NULL;

  for (guint i = 0; i < n && !problems; i++)
    {
      g_autoptr (TsCollectionItem) it = g_list_model_get_item (G_LIST_MODEL (self->model), i);

      problems = ts_collection_item_is_problem (it);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "collection.open", item != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "collection.delete", item != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "collection.copy-to", item != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "collection.move-up", ordered && number > 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "collection.move-down", ordered && number < n);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "collection.solve", problems);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "collection.undo-delete", self->removed != NULL);
  subtitle = g_strdup_printf (ngettext ("%u game", "%u games", n), n);
  adw_window_title_set_title (self->window_title, name);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), name);
  if (shown == n)
    status = g_strdup (subtitle);
  else
    /* Translators: the game list's status line while a filter is on */
    status = g_strdup_printf (ngettext ("%u of %u game shown", "%u of %u games shown", n), shown, n);
  gtk_label_set_label (self->status_label, status);
}

/* ---- the columns ---- */

static void
setup_cell (GtkSignalListItemFactory *factory, GtkListItem *list_item, const ColumnSpec *spec)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), spec->numeric ? 1 : 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (label), spec->chars);
  if (g_str_equal (spec->property, "number"))
    {
      /* the number, and a warning sign for a game that cannot be read */
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

      gtk_widget_set_hexpand (label, TRUE);
      gtk_box_append (GTK_BOX (box), icon);
      gtk_box_append (GTK_BOX (box), label);
      gtk_list_item_set_child (list_item, box);
      return;
    }
  gtk_list_item_set_child (list_item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory, GtkListItem *list_item, const ColumnSpec *spec)
{
  TsCollectionItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *child = gtk_list_item_get_child (list_item);
  GtkWidget *label = GTK_IS_LABEL (child) ? child : gtk_widget_get_last_child (child);
  g_autofree char *text = NULL;

  if (spec->numeric)
    {
      guint value;

      g_object_get (item, spec->property, &value, NULL);
      text = g_strdup_printf ("%u", value);
    }
  else
    g_object_get (item, spec->property, &text, NULL);
  gtk_label_set_label (GTK_LABEL (label), text ? text : "");
  gtk_widget_set_tooltip_text (label, text);
  if (child != label)
    {
      const char *error = ts_collection_item_get_error (item);

      gtk_widget_set_visible (gtk_widget_get_first_child (child), error != NULL);
      gtk_widget_set_tooltip_text (child, error);
    }
}

static void
add_columns (TsCollectionWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      const ColumnSpec *spec = &columns[i];
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkExpression *expression = gtk_property_expression_new (TS_TYPE_COLLECTION_ITEM, NULL, spec->property);
      g_autoptr (GtkSorter) sorter = NULL;
      g_autoptr (GtkColumnViewColumn) column = NULL;

      if (spec->numeric)
        sorter = GTK_SORTER (gtk_numeric_sorter_new (expression));
      else
        sorter = GTK_SORTER (gtk_string_sorter_new (expression));
      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), (gpointer) spec);
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), (gpointer) spec);
      column = gtk_column_view_column_new (_(spec->title), factory);
      gtk_column_view_column_set_sorter (column, sorter);
      gtk_column_view_column_set_expand (column, spec->expand);
      gtk_column_view_column_set_resizable (column, TRUE);
      g_object_set_data (G_OBJECT (column), "ts-property", (gpointer) spec->property);
      gtk_column_view_append_column (self->column_view, column);
    }
}

/* ---- the filter ---- */

static gboolean
filter_row (gpointer item, gpointer data)
{
  TsCollectionWindow *self = data;

  return self->words == NULL || ts_collection_item_matches (item, (const char *const *) self->words);
}

void
ts_collection_window_set_filter (TsCollectionWindow *self, const char *text)
{
  g_autofree char *folded = g_utf8_casefold (text ? text : "", -1);

  g_clear_pointer (&self->words, g_strfreev);
  g_strstrip (folded);
  if (*folded)
    self->words = g_strsplit_set (folded, " \t", -1);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_actions (self);
}

static void
search_changed (TsCollectionWindow *self)
{
  ts_collection_window_set_filter (self, gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

/* ---- selection and edits ---- */

void
ts_collection_window_select (TsCollectionWindow *self, guint id)
{
  GListModel *rows = G_LIST_MODEL (self->sorted);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (TsCollectionItem) item = g_list_model_get_item (rows, i);

      if (ts_collection_item_get_id (item) == id)
        {
          gtk_single_selection_set_selected (self->selection, i);
          /* GTK 4.8 has no gtk_column_view_scroll_to: its list view's action does it. */
          for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->column_view)); child;
               child = gtk_widget_get_next_sibling (child))
            if (GTK_IS_LIST_VIEW (child))
              gtk_widget_activate_action (child, "list.scroll-to-item", "u", i);
          return;
        }
    }
}

static GtkWindow *
opener_of (TsCollectionWindow *self)
{
  g_autoptr (GtkWindow) opener = g_weak_ref_get (&self->opener);

  return opener;   /* a borrowed pointer: the application holds its windows */
}

static void
open_row (TsCollectionWindow *self, TsCollectionItem *item)
{
  g_autoptr (GError) error = NULL;

  if (item == NULL)
    return;
  if (!ts_collection_actions_open_game (GTK_WINDOW (self), opener_of (self), self->model,
                                        ts_collection_item_get_id (item), &error))
    {
      g_autofree char *primary = g_strdup_printf (_("Cannot open game %u"), ts_collection_item_get_number (item));

      show_error (self, primary, error);
    }
}

static void
row_activated (TsCollectionWindow *self, guint position)
{
  g_autoptr (TsCollectionItem) item = g_list_model_get_item (G_LIST_MODEL (self->sorted), position);

  open_row (self, item);
}

/* Enter in the filter: the game selected (the first shown, after typing) opens, as in a
 * search that is done. */
static void
search_activated (TsCollectionWindow *self)
{
  open_row (self, selected_item (self));
}

static void
action_open (GtkWidget *widget, const char *name, GVariant *param)
{
  TsCollectionWindow *self = TS_COLLECTION_WINDOW (widget);

  open_row (self, selected_item (self));
}

static void
action_delete (GtkWidget *widget, const char *name, GVariant *param)
{
  TsCollectionWindow *self = TS_COLLECTION_WINDOW (widget);
  TsCollectionItem *item = selected_item (self);
  guint position = gtk_single_selection_get_selected (self->selection);
  g_autoptr (GError) error = NULL;
  TsCollection *removed = NULL;
  guint index;

  if (item == NULL)
    return;
  index = ts_collection_item_get_number (item) - 1;
  if (!ts_collection_model_remove (self->model, ts_collection_item_get_id (item), &removed, &error))
    {
      show_error (self, _("Cannot delete the game"), error);
      return;
    }
  g_clear_pointer (&self->removed, ts_collection_unref);
  self->removed = removed;
  self->removed_index = index;
  gtk_single_selection_set_selected (self->selection, MIN (position, g_list_model_get_n_items (G_LIST_MODEL (self->sorted)) - 1));
  update_actions (self);
  show_toast (self, _("Game deleted"), "collection.undo-delete");
}

static void
action_undo_delete (GtkWidget *widget, const char *name, GVariant *param)
{
  TsCollectionWindow *self = TS_COLLECTION_WINDOW (widget);
  g_autoptr (GError) error = NULL;
  guint id;

  if (self->removed == NULL)
    return;
  if (!ts_collection_model_restore (self->model, self->removed_index, self->removed, &id, &error))
    {
      show_error (self, _("Cannot restore the game"), error);
      return;
    }
  g_clear_pointer (&self->removed, ts_collection_unref);
  ts_collection_window_select (self, id);
  update_actions (self);
}

static void
move_selected (TsCollectionWindow *self, int delta)
{
  TsCollectionItem *item = selected_item (self);
  g_autoptr (GError) error = NULL;
  guint id;

  /* sorted otherwise, or filtered: up and down would not be what the user sees */
  if (item == NULL || !in_file_order (self))
    return;
  id = ts_collection_item_get_id (item);
  if (!ts_collection_model_move (self->model, id, delta, &error))
    {
      show_error (self, _("Cannot move the game"), error);
      return;
    }
  ts_collection_window_select (self, id);
}

static void
action_move_up (GtkWidget *widget, const char *name, GVariant *param)
{
  move_selected (TS_COLLECTION_WINDOW (widget), -1);
}

static void
action_move_down (GtkWidget *widget, const char *name, GVariant *param)
{
  move_selected (TS_COLLECTION_WINDOW (widget), 1);
}

static void
copy_chosen (GtkWindow *parent, TsCollectionModel *target, gpointer data)
{
  TsCollectionWindow *self = TS_COLLECTION_WINDOW (parent);
  guint id = GPOINTER_TO_UINT (data);
  g_autoptr (GError) error = NULL;
  g_autofree char *name = ts_collection_model_get_name (target);
  g_autofree char *text = NULL;

  if (!ts_collection_model_copy_from (target, self->model, id, &error))
    {
      show_error (self, _("Cannot copy the game"), error);
      return;
    }
  /* Translators: %s is a collection's file name */
  text = g_strdup_printf (_("Game copied to “%s”"), name);
  show_toast (self, text, NULL);
}

static void
action_copy_to (GtkWidget *widget, const char *name, GVariant *param)
{
  TsCollectionWindow *self = TS_COLLECTION_WINDOW (widget);
  TsCollectionItem *item = selected_item (self);

  if (item)
    ts_collection_actions_choose_collection (GTK_WINDOW (self), _("Copy to Collection"), _("_Copy"),
                                             copy_chosen, GUINT_TO_POINTER (ts_collection_item_get_id (item)));
}

static void
action_add_current (GtkWidget *widget, const char *name, GVariant *param)
{
  TsCollectionWindow *self = TS_COLLECTION_WINDOW (widget);
  GtkWindow *opener = opener_of (self);
  g_autoptr (GError) error = NULL;
  guint id;

  if (!TESSERA_IS_WINDOW (opener))
    return;
  if (!ts_collection_model_add_game (self->model, ts_game_session_get_game (tessera_window_get_session (TESSERA_WINDOW (opener))),
                                     &id, &error))
    {
      show_error (self, _("Cannot add the game"), error);
      return;
    }
  ts_collection_window_select (self, id);
  show_toast (self, _("Game added"), NULL);
}

static void
action_solve (GtkWidget *widget, const char *name, GVariant *param)
{
  TsCollectionWindow *self = TS_COLLECTION_WINDOW (widget);

  ts_problem_set_present (self->model, GTK_WINDOW (self));
}

static void
action_new (GtkWidget *widget, const char *name, GVariant *param)
{
  ts_collection_actions_new_collection (GTK_WINDOW (widget), opener_of (TS_COLLECTION_WINDOW (widget)));
}

static void
action_reload (GtkWidget *widget, const char *name, GVariant *param)
{
  TsCollectionWindow *self = TS_COLLECTION_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (!ts_collection_model_reload (self->model, &error))
    show_error (self, _("Cannot read the collection again"), error);
  gtk_revealer_set_reveal_child (self->changed_revealer, ts_collection_changed_on_disk (ts_collection_model_get_collection (self->model)));
  update_actions (self);
}

static void
changed_on_disk (TsCollectionWindow *self)
{
  gtk_revealer_set_reveal_child (self->changed_revealer, TRUE);
}

/* ---- life cycle ---- */

TsCollectionModel *
ts_collection_window_get_model (TsCollectionWindow *self)
{
  return self->model;
}

GListModel *
ts_collection_window_get_rows (TsCollectionWindow *self)
{
  return G_LIST_MODEL (self->sorted);
}

void
ts_collection_window_sort_by (TsCollectionWindow *self, const char *property, GtkSortType order)
{
  GListModel *list = gtk_column_view_get_columns (self->column_view);

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (GtkColumnViewColumn) column = g_list_model_get_item (list, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (column), "ts-property"), property) == 0)
        gtk_column_view_sort_by_column (self->column_view, column, order);
    }
}

AdwToast *
ts_collection_window_get_toast (TsCollectionWindow *self)
{
  return self->toast;
}

TsCollectionWindow *
ts_collection_window_present (TsCollectionModel *model, GtkWindow *opener)
{
  TsCollectionWindow *self = g_object_get_data (G_OBJECT (model), "ts-collection-window");
  GtkSorter *sorter;

  if (self)
    {
      if (opener)
        g_weak_ref_set (&self->opener, opener);
      gtk_window_present (GTK_WINDOW (self));
      return self;
    }
  self = g_object_new (TS_TYPE_COLLECTION_WINDOW,
                       "application", opener ? gtk_window_get_application (opener) : NULL, NULL);
  self->model = g_object_ref (model);
  g_weak_ref_set (&self->opener, opener);
  g_object_set_data (G_OBJECT (model), "ts-collection-window", self);
  add_columns (self);
  self->filter = gtk_custom_filter_new (filter_row, self, NULL);
  self->filtered = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (model)), g_object_ref (GTK_FILTER (self->filter)));
  sorter = gtk_column_view_get_sorter (self->column_view);
  self->sorted = gtk_sort_list_model_new (g_object_ref (G_LIST_MODEL (self->filtered)), g_object_ref (sorter));
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->sorted)));
  gtk_single_selection_set_autoselect (self->selection, TRUE);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_object (self->selection, "notify::selected", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sorted, "items-changed", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (sorter, "changed", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (model, "changed-on-disk", G_CALLBACK (changed_on_disk), self, G_CONNECT_SWAPPED);
  update_actions (self);
  gtk_window_present (GTK_WINDOW (self));
  return self;
}

static void
ts_collection_window_dispose (GObject *object)
{
  TsCollectionWindow *self = TS_COLLECTION_WINDOW (object);

  if (self->model && g_object_get_data (G_OBJECT (self->model), "ts-collection-window") == self)
    g_object_set_data (G_OBJECT (self->model), "ts-collection-window", NULL);
  if (self->column_view)
    {
      g_signal_handlers_disconnect_by_data (gtk_column_view_get_sorter (self->column_view), self);
      gtk_column_view_set_model (self->column_view, NULL);
    }
  g_clear_object (&self->selection);
  g_clear_object (&self->sorted);
  g_clear_object (&self->filtered);
  g_clear_object (&self->filter);
  g_clear_object (&self->model);
  g_clear_pointer (&self->removed, ts_collection_unref);
  g_clear_weak_pointer (&self->toast);
  gtk_widget_dispose_template (GTK_WIDGET (self), TS_TYPE_COLLECTION_WINDOW);
  G_OBJECT_CLASS (ts_collection_window_parent_class)->dispose (object);
}

static void
ts_collection_window_finalize (GObject *object)
{
  TsCollectionWindow *self = TS_COLLECTION_WINDOW (object);

  g_weak_ref_clear (&self->opener);
  g_strfreev (self->words);
  G_OBJECT_CLASS (ts_collection_window_parent_class)->finalize (object);
}

static void
action_find (GtkWidget *widget, const char *name, GVariant *param)
{
  gtk_widget_grab_focus (GTK_WIDGET (TS_COLLECTION_WINDOW (widget)->search_entry));
}

static void
ts_collection_window_class_init (TsCollectionWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ts_collection_window_dispose;
  object_class->finalize = ts_collection_window_finalize;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/collection-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TsCollectionWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, TsCollectionWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TsCollectionWindow, changed_revealer);
  gtk_widget_class_bind_template_child (widget_class, TsCollectionWindow, search_entry);
  gtk_widget_class_bind_template_child (widget_class, TsCollectionWindow, column_view);
  gtk_widget_class_bind_template_child (widget_class, TsCollectionWindow, status_label);
  gtk_widget_class_bind_template_callback (widget_class, search_changed);
  gtk_widget_class_bind_template_callback (widget_class, row_activated);
  gtk_widget_class_bind_template_callback (widget_class, search_activated);
  gtk_widget_class_install_action (widget_class, "collection.open", NULL, action_open);
  gtk_widget_class_install_action (widget_class, "collection.delete", NULL, action_delete);
  gtk_widget_class_install_action (widget_class, "collection.undo-delete", NULL, action_undo_delete);
  gtk_widget_class_install_action (widget_class, "collection.move-up", NULL, action_move_up);
  gtk_widget_class_install_action (widget_class, "collection.move-down", NULL, action_move_down);
  gtk_widget_class_install_action (widget_class, "collection.copy-to", NULL, action_copy_to);
  gtk_widget_class_install_action (widget_class, "collection.add-current", NULL, action_add_current);
  gtk_widget_class_install_action (widget_class, "collection.solve", NULL, action_solve);
  gtk_widget_class_install_action (widget_class, "collection.new", NULL, action_new);
  gtk_widget_class_install_action (widget_class, "collection.reload", NULL, action_reload);
  gtk_widget_class_install_action (widget_class, "collection.find", NULL, action_find);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "collection.delete", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_ALT_MASK, "collection.move-up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, GDK_ALT_MASK, "collection.move-down", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "collection.find", NULL);
}

static void
ts_collection_window_init (TsCollectionWindow *self)
{
  g_weak_ref_init (&self->opener, NULL);
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "collection.undo-delete", FALSE);
}
