#pragma once

#include <adwaita.h>

#include "game-session.h"
#include "move-list.h"
#include "clock-view.h"
#include "tessera-window.h"

G_BEGIN_DECLS

typedef void (*TesseraAfterSave) (TesseraWindow *self);

/* The window's state, shared by the files that make it up by concern:
 * tessera-window.c (showing the game, settings, life cycle),
 * tessera-window-open.c (opening games in the background, Open, recent, dropped files),
 * tessera-window-files.c (save, close, autosave and restore),
 * tessera-window-actions.c (the win.* actions and the keys). */
struct _TesseraWindow
{
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;
  char                 *variant;
  TsGameSession        *session;
  GtkWidget            *board;
  char                 *status_extra;
  TsGameNode           *shown_node;     /* where the board was last shown (not a reference) */
  TsPosition           *shown_position; /* and its position */   /* a hint or a declined draw, until the next change */
  gboolean              close_confirmed;
  TsAutosaveSlot       *autosave;         /* this window's folder, made at its first change */
  gboolean              autosave_written; /* it holds a game */
  gboolean              autosave_has_game;  /* this session's record, at autosaved_revision */
  guint64               autosaved_revision;
  gboolean              autosave_warned;  /* a failed autosave was reported */
  GPtrArray            *orphans;          /* games of windows gone, offered for restoring */
  GPtrArray            *loading;          /* GTasks reading files for this window */
  GtkFileChooserNative *chooser;
  TesseraAfterSave      after_question;   /* what the unsaved-changes question is before */
  char                 *new_variant;      /* the new game asked for, once the old one is */
  TsSessionSetup        new_setup;        /* saved or discarded */
  AdwToast             *toast;          /* weak: the toast shown */
  gboolean              side_pane_placed; /* given its remembered width (place_side_pane) */
  /* Where win.undo returns to after a take-back or a deleted variation: the node that was
   * current, valid while the game is still at the revision the edit left it at (the undo
   * stack then holds the removed nodes). */
  struct {
    TsGame             *game;
    guint64             revision;
    TsGameNode         *node;
  } undo_return;

  /* template children */
  AdwWindowTitle       *window_title;
  AdwToastOverlay      *toast_overlay;
  GtkStack             *content_stack;
  GtkLabel             *placeholder_title;
  GtkLabel             *placeholder_description;
  GtkPaned             *paned;
  GtkBox               *board_box;
  GtkRevealer          *loading_revealer;
  GtkSpinner           *loading_spinner;
  GtkLabel             *loading_label;
  AdwMessageDialog     *restore_dialog;   /* the offer to restore, while it is asked */
  GtkRevealer          *end_revealer;
  GtkLabel             *end_label;
  GtkLabel             *status_label;
  TsClockView          *clock_view;
  GtkBox               *drop_box;
  GtkFlowBox           *drop_flow;      /* the drop buttons, in drop_box */
  GtkNotebook          *side_notebook;
  TsMoveListView       *move_list;
  GtkEntry             *notation_entry;
  GtkLabel             *notation_error;
  GMenu                *recent_section;
  GMenu                *view_section;
};

/* tessera-window.c */
void     tessera_window_enable_action        (TesseraWindow        *self,
                                              const char           *name,
                                              gboolean              enabled);
void     tessera_window_update_title         (TesseraWindow        *self);
void     tessera_window_set_session          (TesseraWindow        *self,
                                              TsGameSession        *session);
void     tessera_window_setup_from_settings  (TesseraWindow        *self,
                                              TsSessionSetup       *setup);
void     tessera_window_setup_to_settings    (TesseraWindow        *self,
                                              const char           *variant_id,
                                              const TsSessionSetup *setup);

/* tessera-window-open.c */
void     tessera_window_open_init            (TesseraWindow        *self);
void     tessera_window_open_dispose         (TesseraWindow        *self);
void     tessera_window_choose_file_to_open  (TesseraWindow        *self);
void     tessera_window_stop_opening         (TesseraWindow        *self);
TesseraWindow *tessera_window_for_opening    (TesseraWindow        *self);
void     tessera_window_add_recent           (const char           *filename);

/* tessera-window-files.c */
void     tessera_window_files_dispose        (TesseraWindow        *self);
void     tessera_window_show_error           (TesseraWindow        *self,
                                              const char           *primary,
                                              const char           *secondary);
void     tessera_window_offer_restore        (TesseraWindow        *self);
void     tessera_window_restore_autosave     (TesseraWindow        *self,
                                              gboolean              restore);
void     tessera_window_write_autosave       (TesseraWindow        *self);
void     tessera_window_save_or_ask          (TesseraWindow        *self,
                                              TesseraAfterSave      after);
void     tessera_window_save_as              (TesseraWindow        *self,
                                              TesseraAfterSave      after);
void     tessera_window_ask_to_save          (TesseraWindow        *self,
                                              const char           *question,
                                              const char           *discard_label,
                                              TesseraAfterSave      then);
gboolean tessera_window_ask_before_closing   (TesseraWindow        *self);

/* tessera-window-actions.c */
void     tessera_window_install_actions      (TesseraWindow        *self);

G_END_DECLS
