#pragma once

#include "collection-model.h"
#include "tessera-window.h"

G_BEGIN_DECLS

/* Collections in the game window (docs/collections.md): win.add-to-collection (the
 * game saved into a collection chosen), win.show-collection (the game list of the
 * game's collection), win.new-collection; and what the game list and the problem sets
 * share: opening a game in a game window, choosing a collection file. */

void     ts_collection_actions_install (TesseraWindow *window);

/* A collection opened as a file: its game list, or, when every game is a mate
 * problem, the problems in solving mode. Takes c. */
void     ts_collection_actions_open_collection (TesseraWindow *window,
                                                TsCollection  *c);

/* Game id of model in a game window: the one showing it already, else opener's (if its
 * game has nothing to lose) or a new one; Save there writes it back. FALSE with the
 * reading's error ("FILE:LINE: …") for a game that cannot be read. */
gboolean ts_collection_actions_open_game (GtkWindow         *parent,
                                          GtkWindow         *opener,
                                          TsCollectionModel *model,
                                          guint              id,
                                          GError           **error);

/* Asks for a game or collection file (existing; an empty one becomes a collection) and
 * calls chosen with its model (the open one, or one read now); errors are said on
 * parent. */
typedef void (*TsCollectionChosen) (GtkWindow         *parent,
                                    TsCollectionModel *model,
                                    gpointer           data);
void     ts_collection_actions_choose_collection (GtkWindow          *parent,
                                                  const char         *title,
                                                  const char         *accept_label,
                                                  TsCollectionChosen  chosen,
                                                  gpointer            data);
/* Asks where to make a new (empty, XML) collection and shows its game list. */
void     ts_collection_actions_new_collection    (GtkWindow          *parent,
                                                  GtkWindow          *opener);
/* The model of the collection file filename (the open one, or read now); NULL and an error
 * when it cannot be read. An empty file becomes an empty collection. */
TsCollectionModel *ts_collection_actions_model_for_file (const char *filename,
                                                         GError    **error);
/* An error dialog on parent titled primary. */
void     ts_collection_actions_show_error (GtkWindow  *parent,
                                           const char *primary,
                                           const char *secondary);

G_END_DECLS
