/* The game window's files: save, close with unsaved changes, autosave and restore. */
#include "config.h"

#include <glib/gi18n.h>

#include "collection-place.h"
#include "file-folder.h"
#include "question.h"
#include "tessera-window-private.h"

char *
tessera_window_autosave_dir (void)
{
  return ts_autosave_root ();
}

static void
autosave_failed (TsAutosaveSlot *slot,
                 const GError   *error,
                 gpointer        user_data)
{
  TesseraWindow *self = user_data;
  g_autofree char *secondary = NULL;

  /* Once per game: the next moves would fail the same way. */
  if (self->autosave_warned)
    return;
  self->autosave_warned = TRUE;
  /* The writer's message names the file, what failed and what is left of it. */
  secondary = g_strdup_printf ("%s\n%s", error->message, _("The game is still open in this window: save it to keep it."));
  tessera_window_show_error (self, _("Cannot autosave the game"), secondary);
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
  guint64 revision;

  if (!ts_game_session_is_modified (self->session))
    {
      /* An untouched or saved game needs no rescue. */
      if (self->autosave_written)
        ts_autosave_slot_clear (self->autosave);
      self->autosave_written = self->autosave_has_game = FALSE;
      return;
    }
  if (!ensure_autosave_slot (self))
    return;
  /* A step through the game changes the cursor only: the record (its serialization is
   * O(moves)) is written again when it changed. */
  revision = ts_game_revision (ts_game_session_get_game (self->session));
  if (self->autosave_has_game && revision == self->autosaved_revision)
    ts_game_session_write_autosave_state (self->session, self->autosave);
  else
    ts_game_session_write_autosave (self->session, self->autosave);
  self->autosaved_revision = revision;
  self->autosave_has_game = TRUE;
  self->autosave_written = TRUE;
}

/* An error dialog on the window: primary is its heading, and its title for the window
 * manager (task bars, window switchers). */
void
tessera_window_show_error (TesseraWindow *self,
                           const char    *primary,
                           const char    *secondary)
{
  ts_question_show_error (GTK_WINDOW (self), primary, secondary);
}

gboolean
tessera_window_save (TesseraWindow *self,
                     const char    *filename,
                     GError       **error)
{
  g_return_val_if_fail (TESSERA_IS_WINDOW (self), FALSE);

  if (!ts_game_session_save (self->session, filename, error))
    return FALSE;
  /* Saved as a file of its own: no longer the game of a collection. */
  ts_collection_place_set (self->session, NULL, 0);
  tessera_window_add_recent (filename);
  tessera_window_update_title (self);
  return TRUE;
}

static void
save_to (TesseraWindow *self, const char *filename)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *base = NULL;
  g_autofree char *primary = NULL;

  if (tessera_window_save (self, filename, &error))
    {
      tessera_window_show_toast (self, _("Game saved"), NULL);
      return;
    }
  /* The records layer's message names the file, what failed and that the old version is
   * intact (or that no file was made); the game stays modified. */
  base = g_filename_display_basename (filename);
  /* Translators: %s is a file name */
  primary = g_strdup_printf (_("Cannot save “%s”"), base);
  tessera_window_show_error (self, primary, error->message);
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

      ts_file_folder_remember (GTK_FILE_CHOOSER (chooser));
      if (path != NULL)
        save_to (self, path);
      if (after != NULL && !ts_game_session_is_modified (self->session))
        after (self);
    }
  g_clear_object (&self->chooser);
}

void
tessera_window_save_as (TesseraWindow *self, TesseraAfterSave after)
{
  const char *filename = ts_game_session_get_filename (self->session);

  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Save Game"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  tessera_window_add_file_filters (GTK_FILE_CHOOSER (self->chooser));
  if (filename != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (filename);

      gtk_file_chooser_set_file (GTK_FILE_CHOOSER (self->chooser), file, NULL);
    }
  else
    {
      g_autofree char *name = g_strdup_printf ("%s.tessera", ts_game_session_get_variant (self->session)->id);

      ts_file_folder_apply (GTK_FILE_CHOOSER (self->chooser));
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
    }
  g_object_set_data (G_OBJECT (self->chooser), "after-save", after);
  g_signal_connect (self->chooser, "response", G_CALLBACK (save_as_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* Save of a collection's game: back into its place. */
static void
save_to_collection (TesseraWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *place = ts_collection_place_title (self->session);
  g_autofree char *text = NULL;

  if (ts_collection_place_save (self->session, &error))
    {
      /* Translators: %s names the game's place, "matches.pgn, game 12" */
      text = g_strdup_printf (_("Game saved in %s"), place);
      tessera_window_show_toast (self, text, NULL);
      return;
    }
  /* Translators: %s names the game's place, "matches.pgn, game 12" */
  text = g_strdup_printf (_("Cannot save %s"), place);
  tessera_window_show_error (self, text, error->message);
}

void
tessera_window_save_or_ask (TesseraWindow *self, TesseraAfterSave after)
{
  const char *filename = ts_game_session_get_filename (self->session);

  if (ts_collection_place_get (self->session, NULL) != NULL)
    {
      save_to_collection (self);
      if (after != NULL && !ts_game_session_is_modified (self->session))
        after (self);
      return;
    }
  if (filename == NULL)
    {
      tessera_window_save_as (self, after);
      return;
    }
  save_to (self, filename);
  if (after != NULL && !ts_game_session_is_modified (self->session))
    after (self);
}

/* Closed after a save or the choice not to save: nothing to rescue. */
static void
remove_autosave (TesseraWindow *self)
{
  g_clear_pointer (&self->autosave, ts_autosave_slot_remove);
  self->autosave_written = self->autosave_has_game = FALSE;
}

static void
close_now (TesseraWindow *self)
{
  remove_autosave (self);
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static void
ask_to_save_answered (const char *answer, gpointer user_data)
{
  TesseraWindow *self = user_data;
  TesseraAfterSave then = g_steal_pointer (&self->after_question);

  if (g_str_equal (answer, "discard"))
    then (self);
  else if (g_str_equal (answer, "save"))
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
  const TsAnswer answers[] = {
    { "discard", discard_label, ADW_RESPONSE_DESTRUCTIVE },
    { "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT },
    { "save", _("_Save"), ADW_RESPONSE_SUGGESTED },
  };

  /* the question is modal: one at a time */
  self->after_question = then;
  ts_question_ask (GTK_WINDOW (self), question, _("If you don’t save, the moves since the last save are lost."),
                   answers, G_N_ELEMENTS (answers), "save", "cancel", ask_to_save_answered, self);
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
  self->autosave_has_game = FALSE;   /* another session's record: written again */
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

      tessera_window_show_error (self, _("Cannot restore the game"), secondary);
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

  /* answered through the actions (tests, the bus): the question is moot */
  if (self->restore_dialog)
    gtk_window_destroy (GTK_WINDOW (self->restore_dialog));
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
restore_answered (const char *answer, gpointer user_data)
{
  TesseraWindow *self = user_data;

  /* the dialog closes itself after this */
  g_object_remove_weak_pointer (G_OBJECT (self->restore_dialog), (gpointer *) &self->restore_dialog);
  self->restore_dialog = NULL;
  if (g_str_equal (answer, "later"))
    {
      /* unlocked and left as they are: the next window or start offers them again */
      g_clear_pointer (&self->orphans, g_ptr_array_unref);
      tessera_window_enable_action (self, "restore-autosave", FALSE);
      tessera_window_enable_action (self, "discard-autosave", FALSE);
      return;
    }
  tessera_window_restore_autosave (self, g_str_equal (answer, "restore"));
}

/* Asked once the window is on the screen, so that the question has its parent. */
static void
ask_restore (GtkWidget *widget,
             gpointer   unused)
{
  TesseraWindow *self = TESSERA_WINDOW (widget);
  static const TsAnswer answers[] = {
    { "discard", N_("_Discard"), ADW_RESPONSE_DESTRUCTIVE },
    { "restore", N_("_Restore"), ADW_RESPONSE_SUGGESTED },
  };
  TsAnswer translated[G_N_ELEMENTS (answers)];
  g_autofree char *heading = NULL;
  guint n;

  g_signal_handlers_disconnect_by_func (self, ask_restore, NULL);
  if (self->orphans == NULL || self->restore_dialog != NULL)
    return;
  n = self->orphans->len;
  for (guint i = 0; i < G_N_ELEMENTS (answers); i++)
    translated[i] = (TsAnswer) { answers[i].id, _(answers[i].label), answers[i].appearance };
  if (n == 1)
    heading = g_strdup (_("Restore the Unsaved Game?"));
  else
    heading = g_strdup_printf (ngettext ("Restore %u Unsaved Game?", "Restore %u Unsaved Games?", n), n);
  self->restore_dialog = ts_question_ask (GTK_WINDOW (self), heading,
                                          n == 1 ? _("A window closed before its game was saved. "
                                                     "Restore the game to go on where it was left, or discard it.")
                                                 : _("Windows closed before their games were saved. "
                                                     "Restore each game in a window of its own, or discard them."),
                                          translated, G_N_ELEMENTS (translated), "restore", "later",
                                          restore_answered, self);
  g_object_add_weak_pointer (G_OBJECT (self->restore_dialog), (gpointer *) &self->restore_dialog);
}

/* Offers to bring back the games that windows now gone left unsaved (a crash, or a quit
 * with unsaved changes); games open in a window of this or another instance are locked.
 * Escape answers "later": the games stay for the next start. */
void
tessera_window_offer_restore (TesseraWindow *self)
{
  g_autofree char *root = ts_autosave_root ();
  gboolean offer;

  g_clear_pointer (&self->orphans, g_ptr_array_unref);
  self->orphans = ts_autosave_claim_orphans (root);
  offer = self->orphans->len > 0;
  if (!offer)
    g_clear_pointer (&self->orphans, g_ptr_array_unref);
  else if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    ask_restore (GTK_WIDGET (self), NULL);
  else
    g_signal_connect (self, "map", G_CALLBACK (ask_restore), NULL);
  tessera_window_enable_action (self, "restore-autosave", offer);
  tessera_window_enable_action (self, "discard-autosave", offer);
}

void
tessera_window_files_dispose (TesseraWindow *self)
{
  /* The last move's autosave reaches the disk before the program may exit; the files
   * stay for the next start to offer (closing normally removed them before). */
  g_clear_pointer (&self->autosave, ts_autosave_slot_release);
  g_clear_pointer (&self->orphans, g_ptr_array_unref);
  if (self->restore_dialog)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->restore_dialog), (gpointer *) &self->restore_dialog);
      gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->restore_dialog)));
    }
}
