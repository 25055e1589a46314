#pragma once

#include "board-view.h"

G_BEGIN_DECLS

/* TsBoardView's state, shared by the files that make it up by concern:
 * board-view.c (state, drawing, properties, public API),
 * board-view-input.c (selection, pointer, drag and drop, promotion chooser, keyboard cursor),
 * board-view-animation.c (the slide of a move shown). */

#define MAX_SET 8
#define DRAG_THRESHOLD 4.0
#define SLIDE_US 180000   /* a move's slide */
#define MAX_SLIDES (MAX_SET + 1)

/* A Doseki move's moving set S, sorted by cell index (= notation order). */
typedef struct {
  TsCell cells[MAX_SET];
  guint8 n;
} MoveSet;

/* A move being shown: pieces sliding from their cells to their targets (hidden there until
 * they arrive), and the pieces they take fading out where they stood. */
typedef struct {
  guint  tick_id;
  gint64 start_us;              /* frame time of the first frame; 0 before it */
  double progress;              /* 0 … 1 */
  guint  n_slides, n_fades;
  struct { TsPiece piece; TsCell from, to; } slides[MAX_SLIDES];
  struct { TsPiece piece; TsCell cell; } fades[MAX_SLIDES];
} Slide;

struct _TsBoardView {
  GtkWidget parent_instance;

  TsPosition *position;
  TsMoveList  legal;
  MoveSet    *sets;             /* Doseki: per legal move; NULL otherwise */
  guint       to_move;          /* the status line's seat to move, once per position */

  gboolean interactive;
  gboolean coordinates;
  const TsBoardTheme *theme;    /* a fixed theme, or NULL: theme_id for the style */
  TsBoardThemeId theme_id;
  TsPieceStyle piece_style;
  gboolean animate, sound;

  TsPosition *shown;            /* the position before the last set_position */
  Slide anim;
  gboolean in_drop;             /* inside ts_board_view_drop_piece */
  gboolean dragged_valid;       /* dragged_move was played by drag and drop */
  TsMove dragged_move;

  TsBoardLayout layout;
  int layout_width, layout_height;

  TsCell hover, selected, cursor;
  gboolean cursor_visible;
  int drop_type;

  TsCell last[MAX_SET * 2];
  guint n_last;

  /* Doseki set selection; primary is the checker the targets are shown for */
  TsCell set[MAX_SET];
  guint n_set;
  TsCell primary;

  /* pointer press and drag */
  TsCell press_cell;
  gboolean press_selected;      /* the press itself selected the piece */
  gboolean dragging;
  double press_x, press_y, drag_x, drag_y;

  GtkWidget *promo_popover;
  GtkWidget *promo_box;
  TsMove promo_moves[TS_MAX_PIECE_TYPES];
  guint n_promo;

  guint turns;                  /* the view: TsBoardRenderOptions.turns */

  /* arrows and marked cells (board-view-shapes.c) */
  gboolean draw_shapes;         /* the right button and the keys draw them */
  GArray *shapes;               /* the record's, at the position shown */
  GArray *overlays[TS_BOARD_N_OVERLAYS];
  GArray *drawn;                /* all of them for one frame */
  TsCell shape_from, shape_to;  /* a right-drag under way (shape_from TS_NO_CELL: none) */
  guint shape_colour;
  TsCell anchor;                /* a keyboard arrow's start, or TS_NO_CELL */
  guint anchor_colour;
};

enum {
  MOVE_PLAYED,
  PLAY_SOUND,
  SHAPE_DRAWN,
  N_SIGNALS
};

extern guint ts_board_view_signals[N_SIGNALS];

/* board-view.c */
gboolean  ts_board_view_is_doseki         (TsBoardView        *self);
void      ts_board_view_offset_coords     (const TsGeometry   *g,
                                           TsCell              from,
                                           TsCell              to,
                                           int                 t[TS_MAX_DIMS]);
TsCell    ts_board_view_translate         (const TsGeometry   *g,
                                           TsCell              cell,
                                           const int           t[TS_MAX_DIMS]);
void      ts_board_view_doseki_move_set   (TsMove              m,
                                           MoveSet            *out);
gboolean  ts_board_view_set_matches       (TsBoardView        *self,
                                           guint               i);
TsCell    ts_board_view_doseki_target     (TsBoardView        *self,
                                           guint               i);
void      ts_board_view_draw_piece_at     (TsBoardView        *self,
                                           cairo_t            *cr,
                                           const TsBoardRenderOptions *o,
                                           TsPiece             q,
                                           double              alpha,
                                           double              x,
                                           double              y,
                                           double              size);

/* board-view-input.c */
void      ts_board_view_clear_selection   (TsBoardView        *self);
void      ts_board_view_input_class_init  (GtkWidgetClass     *widget_class);
void      ts_board_view_input_init        (TsBoardView        *self);

/* board-view-shapes.c */
void      ts_board_view_shapes_class_init (GtkWidgetClass     *widget_class);
void      ts_board_view_shapes_init       (TsBoardView        *self);
void      ts_board_view_shapes_finalize   (TsBoardView        *self);
/* The shapes to draw now into o (valid until the next call). */
void      ts_board_view_shapes_collect    (TsBoardView        *self,
                                           TsBoardRenderOptions *o);
/* Escape: drops a keyboard arrow's start; TRUE if there was one. */
gboolean  ts_board_view_shapes_cancel     (TsBoardView        *self);

/* board-view-animation.c */
void      ts_board_view_anim_stop         (TsBoardView        *self);
gboolean  ts_board_view_same_position     (const TsPosition   *a,
                                           const TsPosition   *b);
void      ts_board_view_show_move         (TsBoardView        *self,
                                           const TsPosition   *before,
                                           const TsMove       *move);
void      ts_board_view_draw_slides       (TsBoardView        *self,
                                           cairo_t            *cr,
                                           const TsBoardRenderOptions *o);

G_END_DECLS
