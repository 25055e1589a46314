/* The game window's files: open, save, close with unsaved changes, autosave and restore,
 * recent files and dropped files. */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-actions.h"
#include "problem-solver.h"
#include "tessera-window-private.h"

char *
tessera_window_autosave_dir (void)
{
  return ts_autosave_root ();
}

static void show_error (TesseraWindow *self, const char *primary, const char *secondary);

static void
autosave_failed (TsAutosaveSlot *slot,
                 const GError   *error,
                 gpointer        user_data)
{
  TesseraWindow *self = user_data;

  /* Once per game: the next moves would fail the same way. */
  if (self->autosave_warned)
    return;
  self->autosave_warned = TRUE;
  show_error (self, _("Cannot autosave the game"), error->message);
}

/* The window's own autosave folder, made at its first modified game. */
static gboolean
ensure_autosave_slot (TesseraWindow *self)
{
  g_autofree char *root = NULL;
  g_autoptr(GError) error = NULL;

  if (self->autosave != NULL)
    return TRUE;
  root = ts_autosave_root ();
  self->autosave = ts_autosave_slot_new (root, &error);
  if (self->autosave == NULL)
    {
      autosave_failed (NULL, error, self);
      return FALSE;
    }
  ts_autosave_slot_set_error_func (self->autosave, autosave_failed, self);
  return TRUE;
}

void
tessera_window_write_autosave (TesseraWindow *self)
{
  if (!ts_game_session_is_modified (self->session))
    {
      /* An untouched or saved game needs no rescue. */
      if (self->autosave_written)
        ts_autosave_slot_clear (self->autosave);
      self->autosave_written = FALSE;
      return;
    }
  if (!ensure_autosave_slot (self))
    return;
  ts_game_session_write_autosave (self->session, self->autosave);
  self->autosave_written = TRUE;
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
  else
    tessera_window_show_toast (self, _("Game saved"), NULL);
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

      tessera_window_open_here_or_new (self, file);
    }
  g_clear_object (&self->chooser);
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

void
tessera_window_open_here_or_new (TesseraWindow *self,
                                 GFile         *file)
{
  tessera_window_open_file (tessera_window_for_opening (self), file);
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

/* Closed after a save or the choice not to save: nothing to rescue. */
static void
remove_autosave (TesseraWindow *self)
{
  g_clear_pointer (&self->autosave, ts_autosave_slot_remove);
  self->autosave_written = FALSE;
}

static void
close_now (TesseraWindow *self)
{
  remove_autosave (self);
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static void
ask_to_save_response (GtkDialog     *dialog,
                      int            response,
                      TesseraWindow *self)
{
  TesseraAfterSave then = g_object_get_data (G_OBJECT (dialog), "then");

  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_REJECT)
    then (self);
  else if (response == GTK_RESPONSE_ACCEPT)
    tessera_window_save_or_ask (self, then);
}

/* Asks what to do with the game's unsaved changes before then (closing the window,
 * starting a new game): Save (then runs once saved), discard_label (then runs now) or
 * Cancel (nothing happens). */
void
tessera_window_ask_to_save (TesseraWindow    *self,
                            const char       *question,
                            const char       *discard_label,
                            TesseraAfterSave  then)
{
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE, "%s", question);

  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("If you don’t save, the moves since the last save are lost."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog),
                          discard_label, GTK_RESPONSE_REJECT,
                          _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Save"), GTK_RESPONSE_ACCEPT,
                          NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_object_set_data (G_OBJECT (dialog), "then", then);
  g_signal_connect (dialog, "response", G_CALLBACK (ask_to_save_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Asks what to do with unsaved changes and returns TRUE (the window stays), or lets the
 * window close (FALSE). */
gboolean
tessera_window_ask_before_closing (TesseraWindow *self)
{
  if (self->close_confirmed || self->session == NULL || !ts_game_session_is_modified (self->session))
    {
      remove_autosave (self);
      return FALSE;
    }
  tessera_window_ask_to_save (self, _("Save the game before closing?"), _("Close _without Saving"), close_now);
  return TRUE;
}


/* The window takes over a restored game's autosave folder as its own. */
static void
adopt_slot (TesseraWindow *self, TsAutosaveSlot *slot)
{
  g_clear_pointer (&self->autosave, ts_autosave_slot_remove);
  self->autosave = slot;
  self->autosave_written = TRUE;
  ts_autosave_slot_set_error_func (slot, autosave_failed, self);
}

static void
restore_slot (TesseraWindow *self, TsAutosaveSlot *slot)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsGameSession) session = ts_game_session_read_autosave (ts_autosave_slot_get_dir (slot), &error);
  TesseraWindow *target;

  if (session == NULL)
    {
      /* Kept where no later offer finds it, and said where. */
      g_autofree char *aside = ts_autosave_slot_set_aside (slot);
      g_autofree char *display = g_filename_display_name (aside);
      /* Translators: %s is the reason, then the folder where the files are kept */
      g_autofree char *secondary = g_strdup_printf (_("%s\nThe autosaved files are kept in “%s”."), error->message, display);

      show_error (self, _("Cannot restore the game"), secondary);
      return;
    }
  target = tessera_window_for_opening (self);
  adopt_slot (target, slot);
  tessera_window_set_session (target, session);
}

/* Restores the games that windows now gone left unsaved (restore TRUE), each in a window
 * of its own (this one if its game has nothing to lose), or forgets them. */
void
tessera_window_restore_autosave (TesseraWindow *self,
                                 gboolean       restore)
{
  g_autoptr(GPtrArray) orphans = g_steal_pointer (&self->orphans);

  gtk_revealer_set_reveal_child (self->restore_revealer, FALSE);
  tessera_window_enable_action (self, "restore-autosave", FALSE);
  tessera_window_enable_action (self, "discard-autosave", FALSE);
  if (orphans == NULL)
    return;
  g_ptr_array_set_free_func (orphans, NULL);
  for (guint i = 0; i < orphans->len; i++)
    if (restore)
      restore_slot (self, orphans->pdata[i]);
    else
      ts_autosave_slot_remove (orphans->pdata[i]);
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

/* Offers to bring back the games that windows now gone left unsaved (a crash, or a quit
 * with unsaved changes); games open in a window of this or another instance are locked. */
void
tessera_window_offer_restore (TesseraWindow *self)
{
  g_autofree char *root = ts_autosave_root ();
  g_autofree char *text = NULL;
  gboolean offer;

  g_clear_pointer (&self->orphans, g_ptr_array_unref);
  self->orphans = ts_autosave_claim_orphans (root);
  offer = self->orphans->len > 0;
  if (!offer)
    g_clear_pointer (&self->orphans, g_ptr_array_unref);
  else
    {
      text = g_strdup_printf (ngettext ("An unsaved game was left unfinished. Restore it?",
                                 "%u unsaved games were left unfinished. Restore them?",
                                 self->orphans->len),
                              self->orphans->len);
      gtk_label_set_label (self->restore_label, text);
    }
  gtk_revealer_set_reveal_child (self->restore_revealer, offer);
  tessera_window_enable_action (self, "restore-autosave", offer);
  tessera_window_enable_action (self, "discard-autosave", offer);
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
  /* The last move's autosave reaches the disk before the program may exit; the files
   * stay for the next start to offer (closing normally removed them before). */
  g_clear_pointer (&self->autosave, ts_autosave_slot_release);
  g_clear_pointer (&self->orphans, g_ptr_array_unref);
  g_signal_handlers_disconnect_by_data (gtk_recent_manager_get_default (), self);
  g_clear_object (&self->chooser);
}
