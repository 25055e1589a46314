#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* One answer of a question: its id (given to the callback), its button label
 * (translated, with a mnemonic) and how the button looks. */
typedef struct
{
  const char            *id;
  const char            *label;
  AdwResponseAppearance  appearance;
} TsAnswer;

/* Called once with the id of the answer chosen, or close_id when the dialog is closed
 * (Escape, the close button); not at all when it is destroyed with its parent. */
typedef void (*TsAnswerFunc) (const char *answer,
                              gpointer    user_data);

/* Asks a question in an AdwMessageDialog, modal and transient for parent: heading,
 * body (may be NULL), the answers in the order shown. default_id is the answer Enter
 * gives, close_id the one Escape gives. Returns the dialog, which is destroyed once
 * answered (also through adw_message_dialog_response (), as tests answer it). */
AdwMessageDialog *ts_question_ask (GtkWindow      *parent,
                                   const char     *heading,
                                   const char     *body,
                                   const TsAnswer *answers,
                                   guint           n_answers,
                                   const char     *default_id,
                                   const char     *close_id,
                                   TsAnswerFunc    callback,
                                   gpointer        user_data);

/* Tells of an error that needs no answer but to be seen (a save that failed): heading
 * (also the dialog's title for the window manager: task bars, window switchers) and body,
 * one Close button. Modal and transient for parent; destroyed once closed. */
AdwMessageDialog *ts_question_show_error (GtkWindow  *parent,
                                          const char *heading,
                                          const char *body);

G_END_DECLS
