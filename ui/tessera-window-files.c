/* The game window's files: open, save, close with unsaved changes, autosave and restore,
 * recent files and dropped files. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-actions.h"
#include "problem-solver.h"
#include "tessera-window-private.h"

/* The window whose game the autosave files hold: only it may remove them. */
static TesseraWindow *autosave_owner;

char *
tessera_window_autosave_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "tessera", "autosave", NULL);
}

void
tessera_window_write_autosave (TesseraWindow *self)
{
  g_autofree char *dir = tessera_window_autosave_dir ();

  /* Until the user answers the restore offer the old files must stay; an untouched game
   * needs no rescue. */
  if (self->restore_pending || !ts_game_session_is_modified (self->session))
    return;
  ts_game_session_write_autosave (self->session, dir);
  autosave_owner = self;
}

static void
show_error (TesseraWindow *self,
            const char    *primary,
            const char    *secondary)
{
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                              GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE,
                                              "%s", primary);

  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", secondary);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
add_recent (const char *filename)
{
  g_autofree char *uri = g_filename_to_uri (filename, NULL, NULL);

  if (uri != NULL)
    gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
}

gboolean
tessera_window_load (TesseraWindow *self,
                     const char    *filename,
                     GError       **error)
{
  g_autoptr(TsGameSession) session = NULL;
  g_autoptr(GtkWidget) solver = NULL;
  TsSessionSetup setup;

  g_return_val_if_fail (TESSERA_IS_WINDOW (self), FALSE);

  /* A game from a file is studied: every seat is human until a new game is set up. */
  ts_session_setup_init (&setup);
  for (guint i = 0; i < TS_MAX_SEATS; i++)
    setup.kind[i] = TS_SEAT_HUMAN;
  session = ts_game_session_load (filename, &setup, error);
  if (session == NULL)
    return FALSE;
  solver = ts_problem_solver_new_from_game (ts_game_session_get_game (session), NULL);
  if (solver != NULL)
    {
      /* A problem (Stipulation "#N") opens in solving mode; the game window shows its
       * position without the solution's moves, as an unsaved game so that Save cannot
       * overwrite the file with it (docs/position-editor.md). */
      TsGame *game = ts_game_session_get_game (session);
      TsGame *shown = ts_game_new (ts_game_variant (game), ts_game_start_position (game));

      g_object_ref_sink (solver);
      for (TsGameField f = 0; f < TS_GAME_N_FIELDS; f++)
        ts_game_set_field (shown, f, ts_game_get_field (game, f));
      ts_game_clear_undo (shown);
      ts_game_set_unmodified (shown);
      g_object_unref (session);
      session = ts_game_session_new (ts_game_variant (shown), shown, &setup);
    }
  tessera_window_set_session (self, session);
  add_recent (filename);
  if (solver != NULL)
    ts_editor_actions_present_solver (self, solver);
  return TRUE;
}

void
tessera_window_open_file (TesseraWindow *self,
                          GFile         *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autofree char *primary = NULL;

  g_return_if_fail (TESSERA_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  path = g_file_get_path (file);
  name = g_file_get_parse_name (file);
  if (path == NULL)
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("Only local files can be opened."));
  else if (tessera_window_load (self, path, &error))
    return;
  primary = g_strdup_printf (_("Cannot open “%s”"), name);
  show_error (self, primary, error->message);
}

gboolean
tessera_window_save (TesseraWindow *self,
                     const char    *filename,
                     GError       **error)
{
  g_return_val_if_fail (TESSERA_IS_WINDOW (self), FALSE);

  if (!ts_game_session_save (self->session, filename, error))
    return FALSE;
  add_recent (filename);
  tessera_window_update_title (self);
  return TRUE;
}

static void
save_to (TesseraWindow *self, const char *filename)
{
  g_autoptr(GError) error = NULL;

  if (!tessera_window_save (self, filename, &error))
    show_error (self, _("Cannot save the game"), error->message);
}

static void
save_as_response (GtkNativeDialog *chooser,
                  int              response,
                  TesseraWindow   *self)
{
  TesseraAfterSave after = g_object_get_data (G_OBJECT (chooser), "after-save");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL)
        save_to (self, path);
      if (after != NULL && !ts_game_session_is_modified (self->session))
        after (self);
    }
  g_clear_object (&self->chooser);
}

static void
add_filters (GtkFileChooser *chooser)
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

void
tessera_window_save_as (TesseraWindow *self, TesseraAfterSave after)
{
  const char *filename = ts_game_session_get_filename (self->session);

  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Save Game"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  add_filters (GTK_FILE_CHOOSER (self->chooser));
  if (filename != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (filename);

      gtk_file_chooser_set_file (GTK_FILE_CHOOSER (self->chooser), file, NULL);
    }
  else
    {
      g_autofree char *name = g_strdup_printf ("%s.tessera", ts_game_session_get_variant (self->session)->id);

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
    }
  g_object_set_data (G_OBJECT (self->chooser), "after-save", after);
  g_signal_connect (self->chooser, "response", G_CALLBACK (save_as_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

void
tessera_window_save_or_ask (TesseraWindow *self, TesseraAfterSave after)
{
  const char *filename = ts_game_session_get_filename (self->session);

  if (filename == NULL)
    {
      tessera_window_save_as (self, after);
      return;
    }
  save_to (self, filename);
  if (after != NULL && !ts_game_session_is_modified (self->session))
    after (self);
}

static void
open_response (GtkNativeDialog *chooser,
               int              response,
               TesseraWindow   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      tessera_window_open_file (self, file);
    }
  g_clear_object (&self->chooser);
}

/* Where a game is opened: this window when its game has nothing to lose, else a new one. */
static TesseraWindow *
window_for_opening (TesseraWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  TesseraWindow *target = self;

  if (ts_game_session_is_modified (self->session) && app != NULL)
    {
      target = tessera_window_new (app, self->variant);
      gtk_window_present (GTK_WINDOW (target));
    }
  return target;
}

void
tessera_window_open_here_or_new (TesseraWindow *self,
                                 GFile         *file)
{
  tessera_window_open_file (window_for_opening (self), file);
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

  target = window_for_opening (self);
  if (setup == NULL)
    {
      tessera_window_setup_from_settings (target, &from_settings);
      setup = &from_settings;
    }
  session = ts_game_session_new (ts_game_variant (game), game, setup);
  tessera_window_set_session (target, session);
  return target;
}

static void
close_now (TesseraWindow *self)
{
  g_autofree char *dir = tessera_window_autosave_dir ();

  if (autosave_owner == self)
    ts_game_session_remove_autosave (dir);
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static void
close_response (GtkDialog     *dialog,
                int            response,
                TesseraWindow *self)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_REJECT)
    close_now (self);
  else if (response == GTK_RESPONSE_ACCEPT)
    tessera_window_save_or_ask (self, close_now);
}

/* Asks what to do with unsaved changes and returns TRUE (the window stays), or lets the
 * window close (FALSE). */
gboolean
tessera_window_ask_before_closing (TesseraWindow *self)
{
  GtkWidget *dialog;

  if (self->close_confirmed || self->session == NULL || !ts_game_session_is_modified (self->session))
    {
      g_autofree char *dir = tessera_window_autosave_dir ();

      if (autosave_owner == self && (self->session == NULL || !ts_game_session_is_modified (self->session)))
        ts_game_session_remove_autosave (dir);
      return FALSE;
    }

  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   "%s", _("Save the game before closing?"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("If you don’t save, the moves since the last save are lost."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog),
                          _("Close _without Saving"), GTK_RESPONSE_REJECT,
                          _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Save"), GTK_RESPONSE_ACCEPT,
                          NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_signal_connect (dialog, "response", G_CALLBACK (close_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}


/* Restores the game the last run left (restore TRUE) or forgets it. */
void
tessera_window_restore_autosave (TesseraWindow *self,
                                 gboolean       restore)
{
  g_autofree char *dir = tessera_window_autosave_dir ();
  g_autoptr(GError) error = NULL;

  self->restore_pending = FALSE;
  gtk_revealer_set_reveal_child (self->restore_revealer, FALSE);
  tessera_window_enable_action (self, "restore-autosave", FALSE);
  tessera_window_enable_action (self, "discard-autosave", FALSE);
  if (restore)
    {
      g_autoptr(TsGameSession) session = ts_game_session_read_autosave (dir, &error);

      if (session == NULL)
        show_error (self, _("Cannot restore the game"), error->message);
      else
        {
          tessera_window_set_session (self, session);
          autosave_owner = self;
          return;
        }
    }
  ts_game_session_remove_autosave (dir);
  tessera_window_write_autosave (self);
}

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
  tessera_window_open_here_or_new (self, files->data);
  return TRUE;
}

/* The Open dialog. */
void
tessera_window_choose_file_to_open (TesseraWindow *self)
{
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Open Game"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  add_filters (GTK_FILE_CHOOSER (self->chooser));
  g_signal_connect (self->chooser, "response", G_CALLBACK (open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* The first window offers to bring back a game the last run left unsaved. */
void
tessera_window_offer_restore (TesseraWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  g_autofree char *dir = tessera_window_autosave_dir ();

  self->restore_pending = ts_game_session_has_autosave (dir) &&
                          (app == NULL || g_list_length (gtk_application_get_windows (app)) <= 1);
  gtk_revealer_set_reveal_child (self->restore_revealer, self->restore_pending);
  tessera_window_enable_action (self, "restore-autosave", self->restore_pending);
  tessera_window_enable_action (self, "discard-autosave", self->restore_pending);
}

void
tessera_window_files_init (TesseraWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  g_signal_connect_swapped (gtk_recent_manager_get_default (), "changed", G_CALLBACK (update_recent_menu), self);
  update_recent_menu (self);
}

void
tessera_window_files_dispose (TesseraWindow *self)
{
  if (autosave_owner == self)
    autosave_owner = NULL;
  /* the last move's autosave reaches the disk before the program may exit */
  ts_game_session_flush_autosave ();
  g_signal_handlers_disconnect_by_data (gtk_recent_manager_get_default (), self);
  g_clear_object (&self->chooser);
}
