#pragma once

#include <adwaita.h>

#include "game-session.h"

G_BEGIN_DECLS

#define TESSERA_TYPE_WINDOW (tessera_window_get_type ())
G_DECLARE_FINAL_TYPE (TesseraWindow, tessera_window, TESSERA, WINDOW, AdwApplicationWindow)

/* The game window: board, side pane (a GtkNotebook whose first page is the move list;
 * other panels add pages), files and autosave. Actions: win.new-game, win.open,
 * win.open-recent (s uri), win.save, win.save-as, win.undo, win.redo, win.takeback,
 * win.hint, win.resign, win.offer-draw, win.go-back/-forward/-start/-end/-up/-down,
 * win.nag (u), win.comment (s), win.promote-variation, win.delete-variation,
 * win.play-move (s: a move in notation), win.stop-opening, win.restore-autosave,
 * win.discard-autosave.
 * The menu also shows win.edit-position and win.preferences, which other parts install. */

TesseraWindow *tessera_window_new         (GtkApplication *application,
                                           const char     *variant_id);
const char    *tessera_window_get_variant (TesseraWindow  *self);
/* Reads file in a worker thread (the window stays usable, a banner shows what is being
 * opened) and opens the game in this window if its game has nothing to lose by then, else
 * in a new window; _in_new_window always in a new one. A file that cannot be opened is
 * said in an error dialog on this window, whose game stays as it was. */
void           tessera_window_open_file   (TesseraWindow  *self,
                                           GFile          *file);
void           tessera_window_open_file_in_new_window (TesseraWindow *self,
                                                       GFile         *file);
/* Whether files are being read for this window. */
gboolean       tessera_window_is_loading  (TesseraWindow  *self);
/* A window with an untouched new game and nothing being read into it. */
gboolean       tessera_window_is_pristine (TesseraWindow  *self);
void           tessera_window_set_content (TesseraWindow  *self,
                                           GtkWidget      *content);

/* A new game in this window; setup NULL: the one remembered in GSettings. */
void           tessera_window_new_game    (TesseraWindow        *self,
                                           const char           *variant_id,
                                           const TsSessionSetup *setup);
/* A game made in memory (the position editor's Play and Analyse), opened as a file is:
 * in this window when its game has nothing to lose, else in a new one, which is
 * returned. Takes game; setup NULL: the one remembered in GSettings. */
TesseraWindow *tessera_window_open_game   (TesseraWindow        *self,
                                           TsGame               *game,
                                           const TsSessionSetup *setup);
/* A game of a collection (taken), opened as a file is: in this window when its game has
 * nothing to lose, else in a new one, which is returned. Save writes it back into its
 * place (ui/collection-place.h). */
typedef struct _TsCollectionModel TsCollectionModel;
TesseraWindow *tessera_window_open_collection_game (TesseraWindow     *self,
                                                    TsGame            *game,
                                                    TsCollectionModel *model,
                                                    guint              id);
/* The file choosers' filters: Tessera games (.tessera .xml .pgn .txt), all files. */
void           tessera_window_add_file_filters (GtkFileChooser *chooser);
/* Reads and opens filename in this window at once (tests, and callers that have checked). */
gboolean       tessera_window_load        (TesseraWindow  *self,
                                           const char     *filename,
                                           GError        **error);
gboolean       tessera_window_save        (TesseraWindow  *self,
                                           const char     *filename,
                                           GError        **error);
TsGameSession *tessera_window_get_session (TesseraWindow  *self);
/* The status line: who is to move, and what happened or who plays whom. */
const char    *tessera_window_get_status  (TesseraWindow  *self);
GtkWidget     *tessera_window_get_board   (TesseraWindow  *self);
GtkNotebook   *tessera_window_get_side_notebook (TesseraWindow *self);
/* The main menu's View From submenu, empty: the study tools put a seat in it for each of
 * the game's seats. */
GMenu         *tessera_window_get_view_menu (TesseraWindow *self);
/* A toast over the window's content: text (translated, plain: escaped for the toast's
 * markup; one line, ellipsized); with undo_action (a detailed
 * action name, "win.undo"), an Undo button that activates it. A newer toast replaces
 * the one shown. Returns the toast (owned by the window's overlay): tests read it. */
AdwToast      *tessera_window_show_toast  (TesseraWindow  *self,
                                           const char     *text,
                                           const char     *undo_action);
/* The toast shown, or NULL. */
AdwToast      *tessera_window_get_toast   (TesseraWindow  *self);
/* g_get_user_data_dir()/tessera/autosave */
char          *tessera_window_autosave_dir (void);

G_END_DECLS
