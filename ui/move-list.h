#pragma once

#include <gtk/gtk.h>

#include "records/game.h"

G_BEGIN_DECLS

/* The game tree as notation: the main line, variations in parentheses, comments and NAG
 * glyphs; a click on a move emits "node-activated" (TsGameNode *). Under it a bar edits the
 * current move's comment and NAGs and promotes or deletes its variation, through the
 * window's actions win.nag (uint32), win.promote-variation, win.delete-variation, and
 * "comment-changed" (const char *). */

#define TS_TYPE_MOVE_LIST_VIEW (ts_move_list_view_get_type ())
G_DECLARE_FINAL_TYPE (TsMoveListView, ts_move_list_view, TS, MOVE_LIST_VIEW, GtkWidget)

GtkWidget  *ts_move_list_view_new        (void);
/* Shows game (not owned). */
void        ts_move_list_view_set_game   (TsMoveListView *self,
                                          TsGame         *game);
/* After every change of the game or its cursor: the text is written again only when the
 * record changed (its revision), else only the current move's mark moves. */
void        ts_move_list_view_update     (TsMoveListView *self);
/* The text as shown, for tests. */
char       *ts_move_list_view_get_text   (TsMoveListView *self);
/* The node whose move is shown at character offset, or NULL. */
TsGameNode *ts_move_list_view_node_at    (TsMoveListView *self,
                                          int             offset);
/* The character offset where node's move starts, or -1. */
int         ts_move_list_view_node_offset (TsMoveListView *self,
                                          TsGameNode     *node);

G_END_DECLS
