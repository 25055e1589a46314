#pragma once

#include <gtk/gtk.h>

#include "board-render.h"
#include "board-sound.h"
#include "rules/move.h"
#include "rules/position.h"

G_BEGIN_DECLS

#define TS_TYPE_BOARD_VIEW (ts_board_view_get_type ())
G_DECLARE_FINAL_TYPE (TsBoardView, ts_board_view, TS, BOARD_VIEW, GtkWidget)

/* The interactive board. It never changes its position by itself: a move the
 * user makes is emitted as "move-played" (a const TsMove *, valid during the
 * emission), and the owner answers with ts_board_view_set_position ().
 *
 * Actions (bound to keys): board.cursor-left/-right/-up/-down (arrows),
 * board.layer-next/-prev (Page Up/Down), board.activate (Enter, space),
 * board.cancel (Escape), board.promote (int32 piece type).
 *
 * When set_last_move (before, move) follows a set_position whose previous position was
 * before, and before + move is the new position, one move was made (played, or one step
 * forward in the record): it slides (property "animate") and sounds (property "sound",
 * signal "play-sound" (guint TsBoardSound), whose default handler plays it). A jump
 * anywhere else neither slides nor sounds.
 *
 * Properties "board-theme" and "piece-style" take the GSettings nicks ("classic",
 * "letters" …); ts_board_view_bind_settings () makes them, "coordinates", "animate" and
 * "sound" follow the preferences live. Unbound, a view neither slides nor sounds. */

GtkWidget        *ts_board_view_new                 (void);

/* Copies p. Clears the selection; keeps the last move unless cleared. */
void              ts_board_view_set_position        (TsBoardView        *self,
                                                     const TsPosition   *p);
const TsPosition *ts_board_view_get_position        (TsBoardView        *self);

/* Marks the last move (Doseki: its whole set). before: the position it was played from
 * (for the slide), or NULL. move NULL clears the mark. */
void              ts_board_view_set_last_move       (TsBoardView        *self,
                                                     const TsPosition   *before,
                                                     const TsMove       *move);

/* FALSE: the user cannot move (the computer's turn, a finished game). */
void              ts_board_view_set_interactive     (TsBoardView        *self,
                                                     gboolean            interactive);
gboolean          ts_board_view_get_interactive     (TsBoardView        *self);
void              ts_board_view_set_coordinates     (TsBoardView        *self,
                                                     gboolean            coordinates);
/* NULL (the default): the board theme ("board-theme") for the style, light or dark. */
void              ts_board_view_set_theme           (TsBoardView        *self,
                                                     const TsBoardTheme *theme);
/* A theme or style nick; unknown names give classic and figures. */
void              ts_board_view_set_board_theme     (TsBoardView        *self,
                                                     const char         *name);
void              ts_board_view_set_piece_style     (TsBoardView        *self,
                                                     const char         *name);
void              ts_board_view_set_animate         (TsBoardView        *self,
                                                     gboolean            animate);
/* Binds piece-style, board-theme, show-coordinates, animate-moves and sound (read only). */
void              ts_board_view_bind_settings       (TsBoardView        *self,
                                                     GSettings          *settings);
/* The slide of the move being shown, 0 … 1, or -1 when none runs. */
double            ts_board_view_get_animation_progress (TsBoardView     *self);
/* Draws what the widget shows now into cr (width × height): tests and screenshots. */
void              ts_board_view_draw                (TsBoardView        *self,
                                                     cairo_t            *cr,
                                                     int                 width,
                                                     int                 height);

/* A piece type to drop from hand (Grossraumschach) or, in Doseki, any value to
 * place an outside checker; -1 to stop. Clicking a target then plays it. */
void              ts_board_view_set_drop_type       (TsBoardView        *self,
                                                     int                 type);

/* What a click on a cell does (also Enter on the cursor): select, extend or
 * shrink a Doseki set, or play to a target. */
void              ts_board_view_activate_cell       (TsBoardView        *self,
                                                     TsCell              cell);
/* What a drag from one cell to another does. */
void              ts_board_view_drop_piece          (TsBoardView        *self,
                                                     TsCell              from,
                                                     TsCell              to);
void              ts_board_view_set_hover           (TsBoardView        *self,
                                                     TsCell              cell);

TsCell            ts_board_view_get_selected        (TsBoardView        *self);
/* The selected Doseki set; returns its size, fills cells (up to 8). */
guint             ts_board_view_get_doseki_set      (TsBoardView        *self,
                                                     TsCell             *cells);
TsCell            ts_board_view_get_cursor          (TsBoardView        *self);
void              ts_board_view_set_cursor          (TsBoardView        *self,
                                                     TsCell              cell);
/* The cell marks as drawn now (TS_MAX_CELLS entries). */
void              ts_board_view_get_marks           (TsBoardView        *self,
                                                     guint16            *marks);
/* The layout of the last allocation. */
const TsBoardLayout *ts_board_view_get_layout       (TsBoardView        *self);
/* TRUE while the promotion chooser is open. */
gboolean          ts_board_view_is_choosing_promotion (TsBoardView      *self);

/* The view: quarter turns of the layers (TS_BOARD_TURNS_*, board-render.h), e.g.
 * ts_board_turns_for_seat () to put a seat at the bottom. Property "turns". */
void              ts_board_view_set_turns           (TsBoardView        *self,
                                                     guint               turns);
guint             ts_board_view_get_turns           (TsBoardView        *self);

/* Arrows and marked cells. The view never changes them itself: with "draw-shapes" on,
 * a right-click on a cell, a right-drag from one cell to another, or the keys M (mark
 * the cursor's cell) and A (an arrow: press it at the start and at the end; Escape
 * drops the start) emit "shape-drawn" (a const TsShape *, valid during the emission),
 * in the colour of the modifiers held (ts_board_view_shape_colour); the owner toggles
 * the shape in its record and answers with ts_board_view_set_shapes. Off by default:
 * the position editor's right button removes pieces. */
void              ts_board_view_set_draw_shapes     (TsBoardView        *self,
                                                     gboolean            draw_shapes);
gboolean          ts_board_view_get_draw_shapes     (TsBoardView        *self);
/* The record's shapes at the position shown (copied). */
void              ts_board_view_set_shapes          (TsBoardView        *self,
                                                     const TsShape      *shapes,
                                                     guint               n);
/* Shapes the window shows that are not in the record, each kind replaced on its own. */
typedef enum {
  TS_BOARD_OVERLAY_BEST,    /* the engine's best move */
  TS_BOARD_OVERLAY_HINT,    /* the hint */
  TS_BOARD_OVERLAY_LINE,    /* the first move of the analysis line under the pointer */
  TS_BOARD_N_OVERLAYS
} TsBoardOverlay;

void              ts_board_view_set_overlay         (TsBoardView        *self,
                                                     TsBoardOverlay      overlay,
                                                     const TsShape      *shapes,
                                                     guint               n);
/* The shapes drawn now: the record's, the overlays, one being drawn; n set. */
const TsShape    *ts_board_view_get_drawn_shapes    (TsBoardView        *self,
                                                     guint              *n);
/* As Lichess: no modifier green, Shift red, Alt blue, Shift+Alt yellow; and since window
 * managers often take Alt with a drag, Ctrl+Shift blue and Ctrl yellow too. */
TsShapeColour     ts_board_view_shape_colour        (GdkModifierType     state);
/* What the gesture does: emits "shape-drawn" for an arrow from → to (a mark when they are
 * the same cell), if "draw-shapes" is on. */
void              ts_board_view_draw_shape          (TsBoardView        *self,
                                                     TsCell              from,
                                                     TsCell              to,
                                                     TsShapeColour       colour);

/* A diagram of options->position as a texture of the given width (for Copy
 * Image), drawn like ts_board_render_to_file. */
GdkTexture       *ts_board_diagram_texture          (const TsBoardRenderOptions *options,
                                                     int                         width);

G_END_DECLS
