/* The game window's opening of games: files read and parsed in a worker thread while the
 * window stays usable (a banner with a spinner and Stop), the window a game opens in, the
 * Open dialog, recent files and dropped files. */
#include "config.h"

#include <glib/gi18n.h>

#include "collection-actions.h"
#include "collection-place.h"
#include "editor-actions.h"
#include "file-folder.h"
#include "problem-solver.h"
#include "tessera-window-private.h"

void
tessera_window_add_recent (const char *filename)
{
  g_autofree char *uri = g_filename_to_uri (filename, NULL, NULL);

  if (uri != NULL)
    gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
}

/* A game from a file is studied: every seat is human until a new game is set up. */
static void
study_setup (TsSessionSetup *setup)
{
  ts_session_setup_init (setup);
  for (guint i = 0; i < TS_MAX_SEATS; i++)
    setup->kind[i] = TS_SEAT_HUMAN;
}

/* Shows game (read from filename, its cursor at the end; taken) in this window; place: the
 * collection it is a game of, or NULL. */
static void
show_game (TesseraWindow *self, TsGame *game, const char *filename, TsCollectionModel *place, guint id)
{
  g_autoptr(TsGameSession) session = NULL;
  g_autoptr(GtkWidget) solver = ts_problem_solver_new_from_game (game, NULL);
  TsSessionSetup setup;

  study_setup (&setup);
  if (solver != NULL)
    {
      /* A problem (Stipulation "#N") opens in solving mode; the game window shows its
       * position without the solution's moves, as an unsaved game so that Save cannot
       * overwrite the file with it (docs/position-editor.md). */
      TsGame *shown = ts_game_new (ts_game_variant (game), ts_game_start_position (game));

      g_object_ref_sink (solver);
      for (TsGameField f = 0; f < TS_GAME_N_FIELDS; f++)
        ts_game_set_field (shown, f, ts_game_get_field (game, f));
      ts_game_clear_undo (shown);
      ts_game_set_unmodified (shown);
      ts_game_free (game);
      session = ts_game_session_new (ts_game_variant (shown), shown, &setup);
    }
  else
    {
      session = ts_game_session_new (ts_game_variant (game), game, &setup);
      if (place)
        ts_collection_place_set (session, place, id);
      else
        ts_game_session_set_filename (session, filename);
    }
  tessera_window_set_session (self, session);
  tessera_window_add_recent (filename);
  if (solver != NULL)
    ts_editor_actions_present_solver (self, solver);
}

static void
show_loaded (TesseraWindow *self, TsGame *game, const char *filename)
{
  show_game (self, game, filename, NULL, 0);
}

TesseraWindow *
tessera_window_open_collection_game (TesseraWindow     *self,
                                     TsGame            *game,
                                     TsCollectionModel *model,
                                     guint              id)
{
  TesseraWindow *target;

  g_return_val_if_fail (TESSERA_IS_WINDOW (self), NULL);
  g_return_val_if_fail (game != NULL && model != NULL, NULL);

  target = tessera_window_for_opening (self);
  ts_game_go_end (game);
  show_game (target, game, ts_collection_model_get_filename (model), model, id);
  return target;
}

gboolean
tessera_window_load (TesseraWindow *self,
                     const char    *filename,
                     GError       **error)
{
  TsGame *game;
  TsCollection *collection;

  g_return_val_if_fail (TESSERA_IS_WINDOW (self), FALSE);

  if (!ts_collection_open_file (filename, &game, &collection, error))
    return FALSE;
  tessera_window_add_recent (filename);
  if (collection)
    {
      ts_collection_actions_open_collection (self, collection);
      return TRUE;
    }
  ts_game_go_end (game);
  show_loaded (self, game, filename);
  return TRUE;
}

/* Where a game is opened: this window when its game has nothing to lose, else a new one. */
TesseraWindow *
tessera_window_for_opening (TesseraWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  TesseraWindow *target = self;

  if (ts_game_session_is_modified (self->session))
    {
      target = tessera_window_new (app, self->variant);
      gtk_window_present (GTK_WINDOW (target));
    }
  return target;
}

/* Opening in the background */

/* The task does not hold the window: closing it need not wait for the thread. */
typedef struct {
  GWeakRef  window;
  char     *path;
  char     *name;         /* for the user: the file's name */
  gboolean  new_window;   /* else this window, if its game has nothing to lose then */
} OpenJob;

static void
open_job_free (OpenJob *job)
{
  g_weak_ref_clear (&job->window);
  g_free (job->path);
  g_free (job->name);
  g_free (job);
}

/* The banner: a spinner and what is being opened, while anything is. */
static void
update_loading (TesseraWindow *self)
{
  guint n = self->loading->len;

  if (n == 1)
    {
      OpenJob *job = g_task_get_task_data (self->loading->pdata[0]);
      /* Translators: %s is a file name */
      g_autofree char *text = g_strdup_printf (_("Opening “%s”…"), job->name);

      gtk_label_set_label (self->loading_label, text);
    }
  else if (n > 1)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("Opening %u game…", "Opening %u games…", n), n);

      gtk_label_set_label (self->loading_label, text);
    }
  gtk_spinner_set_spinning (self->loading_spinner, n > 0);
  gtk_revealer_set_reveal_child (self->loading_revealer, n > 0);
  tessera_window_enable_action (self, "stop-opening", n > 0);
}

/* What a file held: one game or a collection of several. */
typedef struct {
  TsGame       *game;
  TsCollection *collection;
} Opened;

static void
opened_free (Opened *opened)
{
  g_clear_pointer (&opened->game, ts_game_free);
  g_clear_pointer (&opened->collection, ts_collection_unref);
  g_free (opened);
}

static void
load_in_thread (GTask        *task,
                gpointer      source,
                gpointer      data,
                GCancellable *cancellable)
{
  OpenJob *job = data;
  GError *error = NULL;
  Opened *opened = g_new0 (Opened, 1);

  if (!ts_collection_open_file (job->path, &opened->game, &opened->collection, &error))
    {
      opened_free (opened);
      g_task_return_error (task, error);
      return;
    }
  if (opened->game)
    ts_game_go_end (opened->game);
  g_task_return_pointer (task, opened, (GDestroyNotify) opened_free);
}

/* The message for a file that could not be opened, in the user's words where the
 * records layer's message is for a terminal. */
static void
show_open_error (TesseraWindow *self, const char *name, const GError *error)
{
  g_autofree char *primary = g_strdup_printf (_("Cannot open “%s”"), name);
  g_autofree char *secondary = NULL;

  if (g_error_matches (error, TS_RECORD_ERROR, TS_RECORD_ERROR_NOT_A_GAME))
    /* Translators: %s is a file name */
    secondary = g_strdup_printf (_("%s is not a Tessera game or a game text file."), name);
  else
    secondary = g_strdup (error->message);
  tessera_window_show_error (self, primary, secondary);
}

static void
loaded (GObject      *source,
        GAsyncResult *result,
        gpointer      user_data)
{
  GTask *task = G_TASK (result);
  OpenJob *job = g_task_get_task_data (task);
  g_autoptr(TesseraWindow) self = g_weak_ref_get (&job->window);
  g_autoptr(GError) error = NULL;
  Opened *opened = g_task_propagate_pointer (task, &error);
  TsGame *game;
  TesseraWindow *target;

  if (self == NULL || self->loading == NULL)   /* the window is gone */
    {
      g_clear_pointer (&opened, opened_free);
      return;
    }
  g_ptr_array_remove (self->loading, task);
  update_loading (self);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (opened == NULL)
    {
      show_open_error (self, job->name, error);
      return;
    }
  if (opened->collection)
    {
      /* The game list beside this window: nothing of its game changes. */
      tessera_window_add_recent (job->path);
      ts_collection_actions_open_collection (self, g_steal_pointer (&opened->collection));
      opened_free (opened);
      return;
    }
  game = g_steal_pointer (&opened->game);
  opened_free (opened);
  /* Decided now: the user may have played on in this window meanwhile. */
  if (job->new_window)
    {
      target = tessera_window_new (gtk_window_get_application (GTK_WINDOW (self)), self->variant);
      gtk_window_present (GTK_WINDOW (target));
    }
  else
    target = tessera_window_for_opening (self);
  show_loaded (target, game, job->path);
}

/* Reads and opens file in the background; the game opens in this window if its game
 * has nothing to lose when the file is read (and new_window is FALSE), else in a new
 * window. Errors are shown on this window, whose game is left as it is. */
static void
open_in_background (TesseraWindow *self, GFile *file, gboolean new_window)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GTask) task = NULL;
  OpenJob *job = g_new0 (OpenJob, 1);

  g_weak_ref_init (&job->window, self);
  job->path = g_file_get_path (file);
  job->name = g_file_get_basename (file);
  job->new_window = new_window;
  if (job->path == NULL)
    {
      g_autoptr(GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                                      _("Only local files can be opened."));

      show_open_error (self, job->name, error);
      open_job_free (job);
      return;
    }
  task = g_task_new (NULL, cancellable, loaded, NULL);
  g_task_set_source_tag (task, open_in_background);
  g_task_set_task_data (task, job, (GDestroyNotify) open_job_free);
  /* Stop answers at once; the thread's late result is dropped. */
  g_task_set_return_on_cancel (task, TRUE);
  g_ptr_array_add (self->loading, g_object_ref (task));
  update_loading (self);
  g_task_run_in_thread (task, load_in_thread);
}

void
tessera_window_open_file (TesseraWindow *self,
                          GFile         *file)
{
  g_return_if_fail (TESSERA_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  open_in_background (self, file, FALSE);
}

void
tessera_window_open_file_in_new_window (TesseraWindow *self,
                                        GFile         *file)
{
  g_return_if_fail (TESSERA_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  open_in_background (self, file, TRUE);
}

gboolean
tessera_window_is_loading (TesseraWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_WINDOW (self), FALSE);

  return self->loading->len > 0;
}

gboolean
tessera_window_is_pristine (TesseraWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_WINDOW (self), FALSE);

  return !ts_game_session_is_modified (self->session) && ts_game_session_get_filename (self->session) == NULL &&
         self->loading->len == 0;
}

void
tessera_window_stop_opening (TesseraWindow *self)
{
  for (guint i = 0; i < self->loading->len; i++)
    g_cancellable_cancel (g_task_get_cancellable (self->loading->pdata[i]));
}

TesseraWindow *
tessera_window_open_game (TesseraWindow        *self,
                          TsGame               *game,
                          const TsSessionSetup *setup)
{
  TesseraWindow *target;
  TsSessionSetup from_settings;
  g_autoptr(TsGameSession) session = NULL;

  g_return_val_if_fail (TESSERA_IS_WINDOW (self), NULL);
  g_return_val_if_fail (game != NULL, NULL);

  target = tessera_window_for_opening (self);
  if (setup == NULL)
    {
      tessera_window_setup_from_settings (target, &from_settings);
      setup = &from_settings;
    }
  session = ts_game_session_new (ts_game_variant (game), game, setup);
  tessera_window_set_session (target, session);
  return target;
}

/* The Open dialog */

void
tessera_window_add_file_filters (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) games = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (games, _("Tessera games"));
  gtk_file_filter_add_pattern (games, "*.tessera");
  gtk_file_filter_add_pattern (games, "*.xml");
  gtk_file_filter_add_pattern (games, "*.pgn");
  gtk_file_filter_add_pattern (games, "*.txt");
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, games);
  gtk_file_chooser_add_filter (chooser, all);
}

static void
open_response (GtkNativeDialog *chooser,
               int              response,
               TesseraWindow   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      ts_file_folder_remember (GTK_FILE_CHOOSER (chooser));
      tessera_window_open_file (self, file);
    }
  g_clear_object (&self->chooser);
}

void
tessera_window_choose_file_to_open (TesseraWindow *self)
{
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Open Game"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  tessera_window_add_file_filters (GTK_FILE_CHOOSER (self->chooser));
  ts_file_folder_apply (GTK_FILE_CHOOSER (self->chooser));
  g_signal_connect (self->chooser, "response", G_CALLBACK (open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* Recent files and dropped files */

static void
update_recent_menu (TesseraWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  guint n = 0;

  g_menu_remove_all (self->recent_section);
  for (GList *l = items; l != NULL && n < 10; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      g_autoptr(GMenuItem) item = NULL;

      if (!gtk_recent_info_has_application (info, g_get_application_name ()) || !gtk_recent_info_exists (info))
        continue;
      item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target_value (item, "win.open-recent",
                                               g_variant_new_string (gtk_recent_info_get_uri (info)));
      g_menu_append_item (self->recent_section, item);
      n++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

/* Dropping a game file on the window opens it. */
static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         TesseraWindow *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = g_value_get_boxed (value);
  if (files == NULL)
    return FALSE;
  tessera_window_open_file (self, files->data);
  return TRUE;
}

void
tessera_window_open_init (TesseraWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  self->loading = g_ptr_array_new_with_free_func (g_object_unref);
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  g_signal_connect_swapped (gtk_recent_manager_get_default (), "changed", G_CALLBACK (update_recent_menu), self);
  update_recent_menu (self);
}

void
tessera_window_open_dispose (TesseraWindow *self)
{
  if (self->loading != NULL)
    tessera_window_stop_opening (self);
  g_clear_pointer (&self->loading, g_ptr_array_unref);
  g_signal_handlers_disconnect_by_data (gtk_recent_manager_get_default (), self);
  g_clear_object (&self->chooser);
}
