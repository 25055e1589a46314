#pragma once

#include <gtk/gtk.h>

#include "rules/position.h"

G_BEGIN_DECLS

#define TS_TYPE_POSITION_EDITOR (ts_position_editor_get_type ())
G_DECLARE_FINAL_TYPE (TsPositionEditor, ts_position_editor, TS, POSITION_EDITOR, GtkWidget)

/* Sets up a position of any variant: a palette of the variant's pieces for every
 * army, the side to move, hands or outside checkers, castling rights, the en passant
 * cells, the move number, position text in and out, and live validation.
 *
 * Actions: editor.clear, editor.initial, editor.copy, editor.paste, editor.play and
 * editor.analyse (enabled only while the position is legal; they emit "play" and
 * "analyse" with the position, a const TsPosition * valid during the emission), and
 * editor.save-problem (legal positions of two-player variants: opens the Save as
 * Problem dialog, save-problem-dialog.h). */

GtkWidget        *ts_position_editor_new          (const TsPosition *p);

/* Copies p; the variant may change. */
void              ts_position_editor_set_position (TsPositionEditor *self,
                                                   const TsPosition *p);
const TsPosition *ts_position_editor_get_position (TsPositionEditor *self);

/* Legal: no validation problem (the "legal" property). */
gboolean          ts_position_editor_get_legal    (TsPositionEditor *self);
/* The problems listed now: a GArray of TsPositionProblem (position-validate.h). */
GArray           *ts_position_editor_get_problems (TsPositionEditor *self);

/* The palette's choice: a piece of seat and type, or type -1 for the eraser. */
void              ts_position_editor_choose       (TsPositionEditor *self,
                                                   guint             seat,
                                                   int               type);
/* What a click on a cell does: puts the chosen piece (the same piece again removes it). */
void              ts_position_editor_click_cell   (TsPositionEditor *self,
                                                   TsCell            cell);
/* A drag from one cell to another, or off the board (to = TS_NO_CELL) to remove. */
void              ts_position_editor_drag_piece   (TsPositionEditor *self,
                                                   TsCell            from,
                                                   TsCell            to);
void              ts_position_editor_remove       (TsPositionEditor *self,
                                                   TsCell            cell);

/* Position text. Reading: FALSE with the reader's error (column and why), which the
 * editor also shows; the position is then left as it was. */
char             *ts_position_editor_get_text     (TsPositionEditor *self);
gboolean          ts_position_editor_set_text     (TsPositionEditor *self,
                                                   const char       *text,
                                                   GError          **error);
/* The error shown for the last pasted text, or NULL. */
const char       *ts_position_editor_get_text_error (TsPositionEditor *self);

G_END_DECLS
