/* Questions the application asks (unsaved changes, restore, …), in AdwMessageDialog. */
#include "config.h"

#include <glib/gi18n.h>

#include "question.h"

typedef struct
{
  TsAnswerFunc callback;
  gpointer     user_data;
} Asked;

static void
answered (AdwMessageDialog *dialog, const char *response, gpointer data)
{
  Asked *asked = data;

  asked->callback (response, asked->user_data);
  /* a button has closed it already; adw_message_dialog_response () does not */
  if (gtk_widget_get_visible (GTK_WIDGET (dialog)))
    gtk_window_destroy (GTK_WINDOW (dialog));
}

AdwMessageDialog *
ts_question_ask (GtkWindow      *parent,
                 const char     *heading,
                 const char     *body,
                 const TsAnswer *answers,
                 guint           n_answers,
                 const char     *default_id,
                 const char     *close_id,
                 TsAnswerFunc    callback,
                 gpointer        user_data)
{
  AdwMessageDialog *dialog;
  Asked *asked;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (heading != NULL && answers != NULL && n_answers > 0, NULL);
  g_return_val_if_fail (close_id != NULL && callback != NULL, NULL);

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, heading, body));
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  for (guint i = 0; i < n_answers; i++)
    {
      adw_message_dialog_add_response (dialog, answers[i].id, answers[i].label);
      adw_message_dialog_set_response_appearance (dialog, answers[i].id,
                                                  answers[i].appearance);
    }
  adw_message_dialog_set_default_response (dialog, default_id);
  adw_message_dialog_set_close_response (dialog, close_id);
  asked = g_new (Asked, 1);
  asked->callback = callback;
  asked->user_data = user_data;
  g_signal_connect_data (dialog, "response", G_CALLBACK (answered), asked,
                         (GClosureNotify) (void (*) (void)) g_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
error_seen (const char *answer, gpointer user_data)
{
}

AdwMessageDialog *
ts_question_show_error (GtkWindow  *parent,
                        const char *heading,
                        const char *body)
{
  const TsAnswer answers[] = { { "close", _("_Close"), ADW_RESPONSE_DEFAULT } };
  AdwMessageDialog *dialog = ts_question_ask (parent, heading, body, answers, 1, "close", "close",
                                              error_seen, NULL);

  gtk_window_set_title (GTK_WINDOW (dialog), heading);
  return dialog;
}
