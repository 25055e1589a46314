/* TsOpeningTreeView: the opening tree page of the game window's side pane. */
#include "config.h"

#include <glib/gi18n.h>

#include "collection-place.h"
#include "file-folder.h"
#include "opening-tree-view.h"
#include "records/opening-tree.h"

struct _TsOpeningTreeView
{
  GtkWidget      parent_instance;

  GWeakRef       window;         /* TesseraWindow */
  TsGameSession *session;        /* followed (a weak pointer) */
  GStrv          files;          /* the tree's games */
  char          *source_name;
  gboolean       chosen;         /* by the user, else the game's collection */
  TsOpeningTree *tree;
  GTask         *building;       /* the build running, or NULL */
  gint          *stop;           /* its stop flag, shared with its thread */
  gint          *progress;       /* its progress, per mille */
  guint          progress_source;
  GPtrArray     *monitors;       /* GFileMonitor of the files (or folder) */
  char          *folder;         /* the folder chosen, or NULL */
  guint          rebuild_source;
  guint64        shown_key;      /* the position the list shows, to skip queries */
  gboolean       shown_valid;
  GArray        *moves;          /* TsTreeMove of the position shown */
  char          *cache_dir;

  GtkWidget      *box;
  GtkLabel       *source_label;
  GtkWidget      *progress_box;
  GtkProgressBar *progress_bar;
  GtkStack       *stack;
  AdwStatusPage  *status_page;
  GtkListBox     *list;
  GtkLabel       *summary_label;
};

G_DEFINE_FINAL_TYPE (TsOpeningTreeView, ts_opening_tree_view, GTK_TYPE_WIDGET)

enum { SIGNAL_READY, N_SIGNALS };
static guint signals[N_SIGNALS];

static void build (TsOpeningTreeView *self);

/* ---- the list ---- */

static char *
format_eval (const TsTreeMove *m)
{
  return m->n_evals ? g_strdup_printf ("%+.2f", m->eval / 100) : g_strdup ("–");
}

/* Won, drawn and lost for the side that played the move: a bar as Lichess draws its
 * white, draw and black shares. */
static void
draw_bar (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  const double *shares = data;
  static const double colours[3][3] = { { 0.15, 0.64, 0.41 }, { 0.6, 0.6, 0.59 }, { 0.75, 0.11, 0.16 } };
  double total = shares[0] + shares[1] + shares[2], x = 0;

  if (total == 0)
    return;
  for (guint i = 0; i < 3; i++)
    {
      double w = width * shares[i] / total;

      cairo_set_source_rgb (cr, colours[i][0], colours[i][1], colours[i][2]);
      cairo_rectangle (cr, x, 2, w, height - 4);
      cairo_fill (cr);
      x += w;
    }
}

static GtkWidget *
cell (const char *text, int chars, float xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_width_chars (GTK_LABEL (label), chars);
  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  return label;
}

static GtkWidget *
move_row (TsOpeningTreeView *self, const TsTreeMove *m, guint total)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *bar = gtk_drawing_area_new ();
  guint decided = m->wins + m->draws + m->losses;
  g_autofree char *games = g_strdup_printf ("%u", m->n_games);
  g_autofree char *share = g_strdup_printf ("%.0f%%", total ? 100.0 * m->n_games / total : 0);
  g_autofree char *score = decided ? g_strdup_printf ("%.0f%%", 100.0 * (m->wins + 0.5 * m->draws) / decided)
                                   : g_strdup ("–");
  g_autofree char *eval = format_eval (m);
  /* Translators: a tree row's tooltip: won, drawn, lost by the side that played the move */
  g_autofree char *tip = g_strdup_printf (_("%s: %u games, %u won, %u drawn, %u lost by the side that played it"),
                                          m->san, m->n_games, m->wins, m->draws, m->losses);
  GtkWidget *san = cell (m->san, 8, 0);
  double *shares = g_new (double, 3);

  gtk_widget_add_css_class (san, "heading");
  gtk_box_append (GTK_BOX (row), san);
  gtk_box_append (GTK_BOX (row), cell (games, 5, 1));
  gtk_box_append (GTK_BOX (row), cell (share, 4, 1));
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (bar), 16);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (bar), 60);
  gtk_widget_set_hexpand (bar, TRUE);
  shares[0] = m->wins;
  shares[1] = m->draws;
  shares[2] = m->losses;
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (bar), draw_bar, shares, g_free);
  gtk_box_append (GTK_BOX (row), bar);
  gtk_box_append (GTK_BOX (row), cell (score, 4, 1));
  gtk_box_append (GTK_BOX (row), cell (eval, 6, 1));
  gtk_widget_set_tooltip_text (row, tip);
  return row;
}

static GtkWidget *
head_row (void)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *spacer = gtk_label_new (NULL);

  gtk_box_append (GTK_BOX (row), cell (_("Move"), 8, 0));
  gtk_box_append (GTK_BOX (row), cell (_("Games"), 5, 1));
  gtk_box_append (GTK_BOX (row), cell ("", 4, 1));
  gtk_widget_set_hexpand (spacer, TRUE);
  gtk_box_append (GTK_BOX (row), spacer);
  /* Translators: the tree's column of the side to move's score with the move */
  gtk_box_append (GTK_BOX (row), cell (_("Score"), 4, 1));
  /* Translators: the tree's column of the mean stored evaluation, in pawns */
  gtk_box_append (GTK_BOX (row), cell (_("Eval"), 6, 1));
  gtk_widget_add_css_class (row, "dim-label");
  return row;
}

static void
show_moves (TsOpeningTreeView *self, const TsPosition *pos)
{
  GtkWidget *child;
  guint total = 0;
  g_autofree char *summary = NULL;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  g_clear_pointer (&self->moves, g_array_unref);
  self->moves = ts_opening_tree_query (self->tree, pos);
  for (guint i = 0; i < self->moves->len; i++)
    total += g_array_index (self->moves, TsTreeMove, i).n_games;
  if (self->moves->len > 0)
    {
      GtkWidget *head = head_row ();

      gtk_list_box_append (self->list, head);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (gtk_widget_get_parent (head)), FALSE);
    }
  for (guint i = 0; i < self->moves->len; i++)
    gtk_list_box_append (self->list, move_row (self, &g_array_index (self->moves, TsTreeMove, i), total));
  if (total > 0)
    summary = g_strdup_printf (ngettext ("%u game reached this position, of %u.", "%u games reached this position, of %u.",
                                         total), total, ts_opening_tree_n_games (self->tree));
  else
    summary = g_strdup_printf (ngettext ("No game of the %u reached this position.",
                                         "No game of the %u reached this position.",
                                         ts_opening_tree_n_games (self->tree)),
                               ts_opening_tree_n_games (self->tree));
  gtk_label_set_label (self->summary_label, summary);
}

/* The moves of the game window's position, when it is another than the one shown. */
static void
follow_position (TsOpeningTreeView *self)
{
  const TsPosition *pos = self->session ? ts_game_session_get_position (self->session) : NULL;

  if (self->tree == NULL || pos == NULL)
    return;
  if (self->shown_valid && ts_position_hash (pos) == self->shown_key)
    return;
  self->shown_key = ts_position_hash (pos);
  self->shown_valid = TRUE;
  show_moves (self, pos);
  gtk_stack_set_visible_child_name (self->stack, "moves");
}

/* A move of the tree: where the game has it already (its line, a variation), the cursor
 * goes there, as a click in the move list does; else it is played, a new move or
 * variation. A finished game takes no new move (ts_game_session_can_move): said. */
static void
row_activated (TsOpeningTreeView *self, GtkListBoxRow *row)
{
  int i = gtk_list_box_row_get_index (row) - 1;   /* after the head */
  TsGameNode *current;
  TsMove move;

  if (self->session == NULL || self->moves == NULL || i < 0 || (guint) i >= self->moves->len)
    return;
  move = g_array_index (self->moves, TsTreeMove, i).move;
  current = ts_game_current (ts_game_session_get_game (self->session));
  for (guint c = 0; c < ts_game_node_n_children (current); c++)
    if (ts_move_equal (ts_game_node_child (current, c)->move, move))
      {
        ts_game_session_go_to (self->session, ts_game_node_child (current, c));
        return;
      }
  if (!ts_game_session_play (self->session, move))
    {
      g_autoptr (GtkWidget) window = g_weak_ref_get (&self->window);

      if (window)
        tessera_window_show_toast (TESSERA_WINDOW (window), ts_game_session_is_over (self->session)
                                   ? _("The game is over: it takes no other move.")
                                   : _("It is the computer’s turn."), NULL);
    }
}

/* ---- building ---- */

typedef struct {
  GStrv  files;
  char  *cache_dir;
  gint  *stop;
  gint  *progress;
} BuildData;

static void
build_data_free (BuildData *d)
{
  g_strfreev (d->files);
  g_free (d->cache_dir);
  g_free (d->stop);
  g_free (d->progress);
  g_free (d);
}

static void
progress_seen (double fraction, gpointer data)
{
  g_atomic_int_set ((gint *) data, (gint) (fraction * 1000));
}

static void
build_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  BuildData *d = data;
  GError *error = NULL;
  TsOpeningTree *tree = ts_opening_tree_open ((const char *const *) d->files, d->cache_dir, d->stop,
                                              progress_seen, d->progress, &error);

  if (tree)
    g_task_return_pointer (task, tree, (GDestroyNotify) ts_opening_tree_free);
  else
    g_task_return_error (task, error);
}

static gboolean
show_progress (gpointer data)
{
  TsOpeningTreeView *self = data;

  if (self->progress)
    gtk_progress_bar_set_fraction (self->progress_bar, g_atomic_int_get (self->progress) / 1000.0);
  return G_SOURCE_CONTINUE;
}

static void
set_building (TsOpeningTreeView *self, gboolean building)
{
  gtk_widget_set_visible (self->progress_box, building);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tree.stop", building);
  if (building && self->progress_source == 0)
    self->progress_source = g_timeout_add (100, show_progress, self);
  else if (!building)
    g_clear_handle_id (&self->progress_source, g_source_remove);
}

static void
built (GObject *source, GAsyncResult *result, gpointer data)
{
  GWeakRef *ref = data;
  g_autoptr (TsOpeningTreeView) self = g_weak_ref_get (ref);
  g_autoptr (GError) error = NULL;
  TsOpeningTree *tree = g_task_propagate_pointer (G_TASK (result), &error);

  g_weak_ref_clear (ref);
  g_free (ref);
  if (self == NULL || G_TASK (result) != self->building)
    {
      /* the view is gone, or a newer build took this one's place */
      g_clear_pointer (&tree, ts_opening_tree_free);
      return;
    }
  g_clear_object (&self->building);
  self->stop = self->progress = NULL;
  set_building (self, FALSE);
  if (tree == NULL)
    {
      gtk_label_set_label (self->summary_label, g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
                                                ? _("Stopped: the tree was not made.") : error->message);
      return;
    }
  g_clear_pointer (&self->tree, ts_opening_tree_free);
  self->tree = tree;
  self->shown_valid = FALSE;
  follow_position (self);
  if (ts_opening_tree_n_skipped (tree) > 0 || ts_opening_tree_n_files_skipped (tree) > 0)
    {
      g_autofree char *more = g_strdup_printf (_("%s %u games and %u files could not be read."),
                                               gtk_label_get_label (self->summary_label),
                                               ts_opening_tree_n_skipped (tree),
                                               ts_opening_tree_n_files_skipped (tree));

      gtk_label_set_label (self->summary_label, more);
    }
  g_signal_emit (self, signals[SIGNAL_READY], 0);
}

static void
stop_build (TsOpeningTreeView *self)
{
  if (self->stop)
    g_atomic_int_set (self->stop, 1);
  g_clear_object (&self->building);
  self->stop = self->progress = NULL;
  set_building (self, FALSE);
}

/* A build in a worker thread: the cache when it is valid, else the games read. */
static void
build (TsOpeningTreeView *self)
{
  BuildData *d;
  GWeakRef *ref;

  stop_build (self);
  if (self->files == NULL || self->files[0] == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      gtk_label_set_label (self->summary_label, "");
      return;
    }
  d = g_new0 (BuildData, 1);
  d->files = g_strdupv (self->files);
  d->cache_dir = g_strdup (self->cache_dir);
  d->stop = g_new0 (gint, 1);
  d->progress = g_new0 (gint, 1);
  self->stop = d->stop;
  self->progress = d->progress;
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  self->building = g_task_new (NULL, NULL, built, ref);
  g_task_set_task_data (self->building, d, (GDestroyNotify) build_data_free);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_progress_bar_set_text (self->progress_bar, _("Reading the games…"));
  set_building (self, TRUE);
  g_task_run_in_thread (self->building, build_thread);
}

static gboolean
rebuild_later (gpointer data)
{
  TsOpeningTreeView *self = data;

  self->rebuild_source = 0;
  build (self);
  return G_SOURCE_REMOVE;
}

/* A file of the tree changed (a save, a match writing its games): the tree follows. */
static void
file_changed (GFileMonitor *monitor, GFile *file, GFile *other, GFileMonitorEvent event, gpointer data)
{
  TsOpeningTreeView *self = data;

  if (event == G_FILE_MONITOR_EVENT_CHANGED)
    return;   /* wait for CHANGES_DONE, the rename or the creation */
  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  self->rebuild_source = g_timeout_add (1000, rebuild_later, self);
}

static void
watch (TsOpeningTreeView *self)
{
  g_ptr_array_set_size (self->monitors, 0);
  if (self->folder)
    {
      g_autoptr (GFile) dir = g_file_new_for_path (self->folder);
      GFileMonitor *m = g_file_monitor_directory (dir, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);

      if (m)
        g_ptr_array_add (self->monitors, m);
    }
  else
    for (guint i = 0; self->files && self->files[i]; i++)
      {
        g_autoptr (GFile) file = g_file_new_for_path (self->files[i]);
        GFileMonitor *m = g_file_monitor_file (file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);

        if (m)
          g_ptr_array_add (self->monitors, m);
      }
  for (guint i = 0; i < self->monitors->len; i++)
    g_signal_connect (self->monitors->pdata[i], "changed", G_CALLBACK (file_changed), self);
}

static void
unwatch (GFileMonitor *monitor)
{
  g_signal_handlers_disconnect_matched (monitor, G_SIGNAL_MATCH_FUNC, 0, 0, NULL, file_changed, NULL);
  g_file_monitor_cancel (monitor);
  g_object_unref (monitor);
}

void
ts_opening_tree_view_set_files (TsOpeningTreeView *self, const char *const *files, const char *name,
                                gboolean chosen)
{
  if (self->files && files && g_strv_equal ((const char *const *) self->files, files) && self->tree)
    return;
  g_strfreev (self->files);
  self->files = files ? g_strdupv ((char **) files) : NULL;
  g_free (self->source_name);
  self->source_name = g_strdup (name);
  self->chosen = chosen;
  gtk_label_set_label (self->source_label, name ? name : _("Opening Tree"));
  g_clear_pointer (&self->tree, ts_opening_tree_free);
  self->shown_valid = FALSE;
  watch (self);
  build (self);
}

/* ---- following the window ---- */

/* The game's collection, unless the user chose the games. */
static void
follow_collection (TsOpeningTreeView *self)
{
  TsCollectionModel *model = self->session ? ts_collection_place_get (self->session, NULL) : NULL;
  const char *files[2] = { NULL, NULL };
  g_autofree char *name = NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tree.use-game", model != NULL);
  if (self->chosen || model == NULL)
    return;
  files[0] = ts_collection_model_get_filename (model);
  name = ts_collection_model_get_name (model);
  g_clear_pointer (&self->folder, g_free);
  ts_opening_tree_view_set_files (self, files, name, FALSE);
}

static void
session_changed (TsOpeningTreeView *self)
{
  follow_collection (self);
  follow_position (self);
}

static void
session_replaced (TsOpeningTreeView *self)
{
  g_autoptr (GtkWidget) window = g_weak_ref_get (&self->window);
  TsGameSession *session = window ? tessera_window_get_session (TESSERA_WINDOW (window)) : NULL;

  if (session == self->session)
    return;
  if (self->session)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_weak_pointer (&self->session, session);
  self->shown_valid = FALSE;
  if (session)
    g_signal_connect_object (session, "changed", G_CALLBACK (session_changed), self, G_CONNECT_SWAPPED);
  session_changed (self);
}

/* ---- choosing the games ---- */

static void
chooser_response (GtkNativeDialog *chooser, int response, TsOpeningTreeView *self)
{
  gboolean folder = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)) == GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);

      ts_file_folder_remember (GTK_FILE_CHOOSER (chooser));
      if (path)
        ts_opening_tree_view_choose (self, path, folder);
    }
  g_object_unref (chooser);
  g_object_unref (self);
}

static void
choose (TsOpeningTreeView *self, gboolean folder)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (folder ? _("Folder of Games for the Tree") : _("Collection for the Tree"),
                                 GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                 folder ? GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER : GTK_FILE_CHOOSER_ACTION_OPEN,
                                 _("_Choose"), _("_Cancel"));

  ts_file_folder_apply (GTK_FILE_CHOOSER (chooser));
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

void
ts_opening_tree_view_choose (TsOpeningTreeView *self, const char *path, gboolean folder)
{
  g_autofree char *name = g_filename_display_basename (path);

  g_clear_pointer (&self->folder, g_free);
  if (folder)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) files = ts_opening_tree_folder_files (path, &error);
      /* Translators: the tree's source, a folder: "games/ (12 files)" */
      g_autofree char *label = NULL;

      if (files == NULL)
        {
          gtk_label_set_label (self->summary_label, error->message);
          return;
        }
      label = g_strdup_printf (ngettext ("%s/ (%u file)", "%s/ (%u files)", files->len), name, files->len);
      g_ptr_array_add (files, NULL);
      self->folder = g_strdup (path);
      ts_opening_tree_view_set_files (self, (const char *const *) files->pdata, label, TRUE);
    }
  else
    {
      const char *files[] = { path, NULL };

      ts_opening_tree_view_set_files (self, files, name, TRUE);
    }
}

static void
action_choose_file (GtkWidget *widget, const char *name, GVariant *param)
{
  choose (TS_OPENING_TREE_VIEW (widget), FALSE);
}

static void
action_choose_folder (GtkWidget *widget, const char *name, GVariant *param)
{
  choose (TS_OPENING_TREE_VIEW (widget), TRUE);
}

static void
action_use_game (GtkWidget *widget, const char *name, GVariant *param)
{
  TsOpeningTreeView *self = TS_OPENING_TREE_VIEW (widget);

  self->chosen = FALSE;
  follow_collection (self);
}

static void
action_stop (GtkWidget *widget, const char *name, GVariant *param)
{
  TsOpeningTreeView *self = TS_OPENING_TREE_VIEW (widget);

  stop_build (self);
  gtk_label_set_label (self->summary_label, _("Stopped: the tree was not made."));
}

/* ---- life cycle ---- */

GtkWidget *
ts_opening_tree_view_new (TesseraWindow *window)
{
  TsOpeningTreeView *self = g_object_new (TS_TYPE_OPENING_TREE_VIEW, NULL);

  g_weak_ref_set (&self->window, window);
  g_signal_connect_object (window, "notify::session", G_CALLBACK (session_replaced), self, G_CONNECT_SWAPPED);
  session_replaced (self);
  return GTK_WIDGET (self);
}

gboolean
ts_opening_tree_view_is_building (TsOpeningTreeView *self)
{
  return self->building != NULL;
}

GArray *
ts_opening_tree_view_get_moves (TsOpeningTreeView *self)
{
  return self->moves;
}

void
ts_opening_tree_view_play (TsOpeningTreeView *self, guint i)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->list, (int) i + 1);

  if (row)
    row_activated (self, row);
}

static void
ts_opening_tree_view_dispose (GObject *object)
{
  TsOpeningTreeView *self = TS_OPENING_TREE_VIEW (object);

  stop_build (self);
  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  if (self->session)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_weak_pointer (&self->session);
  g_ptr_array_set_size (self->monitors, 0);
  gtk_widget_dispose_template (GTK_WIDGET (self), TS_TYPE_OPENING_TREE_VIEW);
  G_OBJECT_CLASS (ts_opening_tree_view_parent_class)->dispose (object);
}

static void
ts_opening_tree_view_finalize (GObject *object)
{
  TsOpeningTreeView *self = TS_OPENING_TREE_VIEW (object);

  g_weak_ref_clear (&self->window);
  g_strfreev (self->files);
  g_free (self->source_name);
  g_free (self->folder);
  g_free (self->cache_dir);
  g_clear_pointer (&self->tree, ts_opening_tree_free);
  g_clear_pointer (&self->moves, g_array_unref);
  g_ptr_array_unref (self->monitors);
  G_OBJECT_CLASS (ts_opening_tree_view_parent_class)->finalize (object);
}

static void
ts_opening_tree_view_class_init (TsOpeningTreeViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ts_opening_tree_view_dispose;
  object_class->finalize = ts_opening_tree_view_finalize;
  signals[SIGNAL_READY] = g_signal_new ("ready", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                        NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/opening-tree-view.ui");
  gtk_widget_class_bind_template_child (widget_class, TsOpeningTreeView, box);
  gtk_widget_class_bind_template_child (widget_class, TsOpeningTreeView, source_label);
  gtk_widget_class_bind_template_child (widget_class, TsOpeningTreeView, progress_box);
  gtk_widget_class_bind_template_child (widget_class, TsOpeningTreeView, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, TsOpeningTreeView, stack);
  gtk_widget_class_bind_template_child (widget_class, TsOpeningTreeView, status_page);
  gtk_widget_class_bind_template_child (widget_class, TsOpeningTreeView, list);
  gtk_widget_class_bind_template_child (widget_class, TsOpeningTreeView, summary_label);
  gtk_widget_class_bind_template_callback (widget_class, row_activated);
  gtk_widget_class_install_action (widget_class, "tree.choose-file", NULL, action_choose_file);
  gtk_widget_class_install_action (widget_class, "tree.choose-folder", NULL, action_choose_folder);
  gtk_widget_class_install_action (widget_class, "tree.use-game", NULL, action_use_game);
  gtk_widget_class_install_action (widget_class, "tree.stop", NULL, action_stop);
}

static void
ts_opening_tree_view_init (TsOpeningTreeView *self)
{
  g_weak_ref_init (&self->window, NULL);
  self->monitors = g_ptr_array_new_with_free_func ((GDestroyNotify) unwatch);
  self->cache_dir = ts_opening_tree_cache_dir ();
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_label_set_label (self->source_label, _("Opening Tree"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tree.stop", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tree.use-game", FALSE);
}
