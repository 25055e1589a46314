/* TsSaveProblemDialog: the edited position saved as a mate problem. */
#include "config.h"

#include <glib/gi18n.h>

#include "file-folder.h"
#include "question.h"
#include "records/game.h"
#include "save-problem-dialog.h"

struct _TsSaveProblemDialog
{
  GtkWindow             parent_instance;

  TsPosition           *pos;
  TsSolution           *solution;     /* for the current N, or NULL */
  char                 *status_text;
  char                 *unsupported;  /* why p cannot be a problem, or NULL */
  GCancellable         *cancellable;  /* of the running search, or NULL */
  GtkFileChooserNative *chooser;

  GtkSpinButton        *moves;
  GtkSpinner           *spinner;
  GtkLabel             *status;
  GtkWidget            *solution_box;
  GtkLabel             *solution_label;
};

G_DEFINE_FINAL_TYPE (TsSaveProblemDialog, ts_save_problem_dialog, GTK_TYPE_WINDOW)

enum { SIGNAL_SAVED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
set_status (TsSaveProblemDialog *self, char *text)
{
  g_free (self->status_text);
  self->status_text = text;
  gtk_label_set_text (self->status, text);
}

static void
update_actions (TsSaveProblemDialog *self)
{
  gboolean solving = self->cancellable != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "save-problem.solve", !self->unsupported && !solving);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "save-problem.stop", solving);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "save-problem.save", !self->unsupported && !solving);
  gtk_spinner_set_spinning (self->spinner, solving);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), solving);
}

/* Not solved (yet) for the current N. */
static void
forget_solution (TsSaveProblemDialog *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->solution, ts_solution_free);
  gtk_widget_set_visible (self->solution_box, FALSE);
  if (self->unsupported)
    set_status (self, g_strdup (self->unsupported));
  else
    set_status (self, g_strdup (_("Not solved. Solve first to store the solution in the file; "
                                  "saved without a solution, the file has no Solution field.")));
  update_actions (self);
}

static void
moves_changed (TsSaveProblemDialog *self)
{
  forget_solution (self);
}

static void
solve_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(TsSaveProblemDialog) self = data;
  g_autoptr(GError) error = NULL;
  TsSolution *s = ts_problem_solve_finish (result, &error);
  guint n = ts_save_problem_dialog_get_moves (self);

  /* a search stopped, or replaced by a newer one: its answer is not for now */
  if (g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    {
      ts_solution_free (s);
      return;
    }
  g_clear_object (&self->cancellable);
  self->solution = s;
  if (s)
    {
      g_autofree char *text = ts_solution_to_text (s, self->pos);

      gtk_label_set_text (self->solution_label, text);
      gtk_widget_set_visible (self->solution_box, TRUE);
      set_status (self, g_strdup_printf (_("Mate in %u: the solution below is saved with the problem."), n));
    }
  else if (error)
    set_status (self, g_strdup (error->message));
  else
    set_status (self, g_strdup_printf (_("There is no mate in %u. You can still save the problem: "
                                         "the file then has no Solution field."), n));
  update_actions (self);
}

static void
action_solve (GtkWidget *widget, const char *name, GVariant *param)
{
  TsSaveProblemDialog *self = TS_SAVE_PROBLEM_DIALOG (widget);
  guint n = ts_save_problem_dialog_get_moves (self);

  if (self->unsupported || self->cancellable)
    return;
  forget_solution (self);
  self->cancellable = g_cancellable_new ();
  set_status (self, g_strdup_printf (_("Looking for a mate in %u…"), n));
  update_actions (self);
  ts_problem_solve_async (self->pos, n, self->cancellable, solve_done, g_object_ref (self));
}

static void
action_stop (GtkWidget *widget, const char *name, GVariant *param)
{
  TsSaveProblemDialog *self = TS_SAVE_PROBLEM_DIALOG (widget);

  if (!self->cancellable)
    return;
  forget_solution (self);
  set_status (self, g_strdup (_("Solving stopped. Saved now, the file has no Solution field.")));
}

gboolean
ts_save_problem_dialog_save_to (TsSaveProblemDialog *self,
                                const char          *filename)
{
  g_autoptr(TsGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = NULL;

  g_return_val_if_fail (TS_IS_SAVE_PROBLEM_DIALOG (self), FALSE);
  g_return_val_if_fail (filename != NULL, FALSE);

  game = ts_problem_to_game (self->pos, ts_save_problem_dialog_get_moves (self), self->solution);
  if (!ts_game_save (game, filename, ts_game_format_for_filename (filename), &error))
    {
      ts_question_show_error (GTK_WINDOW (self), _("Cannot save the problem"), error->message);
      return FALSE;
    }
  uri = g_filename_to_uri (filename, NULL, NULL);
  if (uri)
    gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
  g_signal_emit (self, signals[SIGNAL_SAVED], 0, filename);
  gtk_window_close (GTK_WINDOW (self));
  return TRUE;
}

static void
chooser_response (GtkNativeDialog *chooser, int response, TsSaveProblemDialog *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;

      ts_file_folder_remember (GTK_FILE_CHOOSER (chooser));
      if (path)
        ts_save_problem_dialog_save_to (self, path);
    }
  g_clear_object (&self->chooser);
}

static void
action_save (GtkWidget *widget, const char *name, GVariant *param)
{
  TsSaveProblemDialog *self = TS_SAVE_PROBLEM_DIALOG (widget);
  g_autoptr(GtkFileFilter) games = gtk_file_filter_new ();
  g_autofree char *filename = NULL;

  if (self->unsupported || self->cancellable)
    return;
  /* Translators: the suggested file name, %u the moves to mate */
  filename = g_strdup_printf (_("mate-in-%u.tessera"), ts_save_problem_dialog_get_moves (self));
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Save Problem"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_filter_set_name (games, _("Tessera games"));
  gtk_file_filter_add_pattern (games, "*.tessera");
  gtk_file_filter_add_pattern (games, "*.xml");
  gtk_file_filter_add_pattern (games, "*.pgn");
  gtk_file_filter_add_pattern (games, "*.txt");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), games);
  ts_file_folder_apply (GTK_FILE_CHOOSER (self->chooser));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), filename);
  g_signal_connect (self->chooser, "response", G_CALLBACK (chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* ---- public API ---- */

GtkWidget *
ts_save_problem_dialog_new (GtkWindow        *parent,
                            const TsPosition *p)
{
  TsSaveProblemDialog *self;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (p != NULL, NULL);
  self = g_object_new (TS_TYPE_SAVE_PROBLEM_DIALOG, "transient-for", parent, NULL);
  self->pos = ts_position_copy (p);
  if (!ts_problem_is_supported (p, &error))
    self->unsupported = g_strdup (error->message);
  forget_solution (self);
  return GTK_WIDGET (self);
}

guint
ts_save_problem_dialog_get_moves (TsSaveProblemDialog *self)
{
  g_return_val_if_fail (TS_IS_SAVE_PROBLEM_DIALOG (self), 0);
  return (guint) gtk_spin_button_get_value_as_int (self->moves);
}

void
ts_save_problem_dialog_set_moves (TsSaveProblemDialog *self,
                                  guint                n)
{
  g_return_if_fail (TS_IS_SAVE_PROBLEM_DIALOG (self));
  gtk_spin_button_set_value (self->moves, n);
}

gboolean
ts_save_problem_dialog_is_solving (TsSaveProblemDialog *self)
{
  g_return_val_if_fail (TS_IS_SAVE_PROBLEM_DIALOG (self), FALSE);
  return self->cancellable != NULL;
}

const TsSolution *
ts_save_problem_dialog_get_solution (TsSaveProblemDialog *self)
{
  g_return_val_if_fail (TS_IS_SAVE_PROBLEM_DIALOG (self), NULL);
  return self->solution;
}

const char *
ts_save_problem_dialog_get_status (TsSaveProblemDialog *self)
{
  g_return_val_if_fail (TS_IS_SAVE_PROBLEM_DIALOG (self), NULL);
  return self->status_text;
}

/* ---- GObject ---- */

static void
ts_save_problem_dialog_dispose (GObject *object)
{
  TsSaveProblemDialog *self = TS_SAVE_PROBLEM_DIALOG (object);

  /* the worker stops; its answer finds no search waiting for it */
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->chooser)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), TS_TYPE_SAVE_PROBLEM_DIALOG);
  G_OBJECT_CLASS (ts_save_problem_dialog_parent_class)->dispose (object);
}

static void
ts_save_problem_dialog_finalize (GObject *object)
{
  TsSaveProblemDialog *self = TS_SAVE_PROBLEM_DIALOG (object);

  g_clear_pointer (&self->pos, ts_position_free);
  g_clear_pointer (&self->solution, ts_solution_free);
  g_free (self->status_text);
  g_free (self->unsupported);
  G_OBJECT_CLASS (ts_save_problem_dialog_parent_class)->finalize (object);
}

static void
ts_save_problem_dialog_class_init (TsSaveProblemDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ts_save_problem_dialog_dispose;
  object_class->finalize = ts_save_problem_dialog_finalize;
  signals[SIGNAL_SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_install_action (widget_class, "save-problem.solve", NULL, action_solve);
  gtk_widget_class_install_action (widget_class, "save-problem.stop", NULL, action_stop);
  gtk_widget_class_install_action (widget_class, "save-problem.save", NULL, action_save);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/save-problem-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TsSaveProblemDialog, moves);
  gtk_widget_class_bind_template_child (widget_class, TsSaveProblemDialog, spinner);
  gtk_widget_class_bind_template_child (widget_class, TsSaveProblemDialog, status);
  gtk_widget_class_bind_template_child (widget_class, TsSaveProblemDialog, solution_box);
  gtk_widget_class_bind_template_child (widget_class, TsSaveProblemDialog, solution_label);
  gtk_widget_class_bind_template_callback (widget_class, moves_changed);
}

static void
ts_save_problem_dialog_init (TsSaveProblemDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
