#pragma once

#include <cairo.h>
#include <glib.h>

#include "piece-art.h"
#include "records/shapes.h"
#include "rules/position.h"
#include "rules/variant.h"

G_BEGIN_DECLS

/* Draws a whole board — every layer as a 2D grid — with cairo and the rules
 * core only, so that both the window and tessera-cli can use it. */

/* Per-cell highlights; the caller computes them (see TsBoardView). */
typedef enum {
  TS_CELL_MARK_HOVER     = 1 << 0,  /* the cell under the pointer */
  TS_CELL_MARK_ECHO      = 1 << 1,  /* same file and rank as the pointer, other layer */
  TS_CELL_MARK_SELECTED  = 1 << 2,  /* the selected piece, or a checker of the Doseki set */
  TS_CELL_MARK_TARGET    = 1 << 3,  /* a legal destination */
  TS_CELL_MARK_CAPTURE   = 1 << 4,  /* a legal destination that captures */
  TS_CELL_MARK_LAST_MOVE = 1 << 5,
  TS_CELL_MARK_CHECK     = 1 << 6,  /* a king in check */
  TS_CELL_MARK_CURSOR    = 1 << 7,  /* keyboard cursor */
  TS_CELL_MARK_PREVIEW   = 1 << 8,  /* Doseki: where the selected set would land */
  TS_CELL_MARK_HIDDEN    = 1 << 9,  /* the piece is not drawn (dragged or sliding) */
} TsCellMarks;

typedef struct {
  TsRgb  background;
  TsRgb  text;
  TsRgb  light, dark;        /* cells */
  TsRgb  hover, selected, target, last_move, check, cursor;
  double line;               /* width of grid and piece outlines, × the usual */
  double mark_alpha;         /* opacity of the highlights, × the usual (capped at 1) */
  gboolean grid;             /* lines between the cells */
  gboolean strong_levels;    /* cubic8: darker dark cells in each level's colour */
} TsBoardTheme;

/* The board colours of the preferences ("board-theme" in GSettings). */
typedef enum {
  TS_BOARD_THEME_CLASSIC,
  TS_BOARD_THEME_GREEN,
  TS_BOARD_THEME_BLUE,
  TS_BOARD_THEME_HIGH_CONTRAST,
  TS_N_BOARD_THEMES
} TsBoardThemeId;

/* How pieces are drawn ("piece-style"): figures, or a disc with the piece's notation letter.
 * Doseki checkers look the same in both. */
typedef enum {
  TS_PIECE_STYLE_FIGURES,
  TS_PIECE_STYLE_LETTERS,
  TS_N_PIECE_STYLES
} TsPieceStyle;

/* The colours of a theme for a light or a dark style. */
const TsBoardTheme *ts_board_theme_get   (TsBoardThemeId id,
                                          gboolean       dark);
/* The classic theme. */
const TsBoardTheme *ts_board_theme_light (void);
const TsBoardTheme *ts_board_theme_dark  (void);
/* "classic", "green", "blue", "high-contrast" (the GSettings nicks); -1 if unknown. */
int                 ts_board_theme_from_name (const char *name);
const char         *ts_board_theme_name      (TsBoardThemeId id);
/* "figures", "letters"; -1 if unknown. */
int                 ts_piece_style_from_name (const char *name);
const char         *ts_piece_style_name      (TsPieceStyle style);

typedef struct {
  const TsPosition   *position;     /* required */
  const TsBoardTheme *theme;        /* NULL: the light theme */
  const guint16      *marks;        /* TS_MAX_CELLS TsCellMarks, or NULL */
  gboolean            coordinates;  /* file and rank labels */
  gboolean            status;       /* the armies and the side to move, under the board */
  const char         *caption;      /* a line of text above the board, or NULL */
  TsCell              hidden;       /* a piece not drawn (it is being dragged), or TS_NO_CELL;
                                       more with TS_CELL_MARK_HIDDEN */
  TsPieceStyle        piece_style;  /* figures (the default) or letters */
  gboolean            fixed_arrangement; /* the diagram arrangement, not the best fit */
  /* The seat the status line marks "to move" (G_MAXUINT: none, the game is over), or
   * TS_BOARD_TO_MOVE_FROM_POSITION to have it worked out at each render: a caller that
   * draws the same position many times works it out once. */
  guint               to_move;
  /* Arrows and marked cells drawn over the board, in any order: the record's colours
   * (TsShapeColour) and the window's own (TsBoardShapeColour). */
  const TsShape      *shapes;
  guint               n_shapes;
  /* The view: quarter turns of every layer, counterclockwise (TS_BOARD_TURNS_*). A half
   * turn also reverses the order of the layers: the whole picture turned round, the
   * board seen from the other side. ts_board_turns_for_seat () gives a seat's view. */
  guint               turns;
} TsBoardRenderOptions;

/* Shape colours beyond the record's four: drawn, never stored. */
typedef enum {
  TS_BOARD_SHAPE_ENGINE = TS_N_SHAPE_COLOURS,   /* the engine's best move, a hovered line */
  TS_BOARD_SHAPE_HINT,                          /* the hint */
  TS_BOARD_N_SHAPE_COLOURS
} TsBoardShapeColour;

/* The colour a shape is drawn in. */
TsRgb    ts_board_shape_rgb        (guint                       colour);

#define TS_BOARD_TO_MOVE_FROM_POSITION (G_MAXUINT - 1)

void ts_board_render_options_init (TsBoardRenderOptions *options,
                                   const TsPosition     *position);

/* Where everything goes inside a width × height rectangle. Plain data. */
#define TS_BOARD_MAX_LAYERS (TS_MAX_SIZE * TS_MAX_SIZE)

typedef struct {
  double x, y;   /* top-left corner of the layer's cells */
} TsLayerBox;

/* The views. */
#define TS_BOARD_TURNS_NONE  0   /* the first seat at the bottom */
#define TS_BOARD_TURNS_LEFT  1   /* the left edge at the bottom */
#define TS_BOARD_TURNS_HALF  2   /* from the other side */
#define TS_BOARD_TURNS_RIGHT 3   /* the right edge at the bottom */

/* The view that puts seat's army at the bottom: where its pieces stand in the variant's
 * initial position, relative to the middle of the board. Quarter turns only for square
 * layers. */
guint    ts_board_turns_for_seat   (const TsVariant            *variant,
                                    guint                       seat);
/* Whether a view can show the variant's layers (quarter turns need square layers). */
gboolean ts_board_turns_valid      (const TsVariant            *variant,
                                    guint                       turns);

typedef struct {
  const TsVariant *variant;
  double     width, height;
  guint      turns;                /* as TsBoardRenderOptions.turns */
  guint      n_layers, files, ranks;
  guint      cols, rows;           /* the grid of layer grids */
  gboolean   blocks;               /* Nihongi: one 9×9 board split in 3×3 blocks */
  double     cell;                 /* cell size in pixels */
  double     label;                /* font size of labels and coordinates */
  double     caption_y, caption_h; /* caption band (h = 0: none) */
  double     status_y, status_h;   /* status band (h = 0: none) */
  TsLayerBox layers[TS_BOARD_MAX_LAYERS];
} TsBoardLayout;

void     ts_board_layout_compute   (TsBoardLayout              *layout,
                                    const TsVariant            *variant,
                                    const TsBoardRenderOptions *options,
                                    double                      width,
                                    double                      height);
/* The height that suits a given width in the diagram arrangement. */
double   ts_board_layout_natural_height (const TsVariant            *variant,
                                         const TsBoardRenderOptions *options,
                                         double                      width);
/* The cell under (x, y), or TS_NO_CELL. */
TsCell   ts_board_layout_cell_at   (const TsBoardLayout *layout,
                                    double               x,
                                    double               y);
gboolean ts_board_layout_cell_rect (const TsBoardLayout *layout,
                                    TsCell               cell,
                                    double              *x,
                                    double              *y,
                                    double              *size);

/* The army (colour and mark) of a seat of a variant. */
TsArmy   ts_board_seat_army        (const TsVariant *variant,
                                    guint            seat);
/* The image of a piece type, from TsPieceType.image. */
TsPieceImage ts_board_piece_image  (const TsVariant *variant,
                                    guint            type);

/* Draws a piece of type and seat of v inside the square (x, y, size), in a style, at an
 * opacity: the one drawing of a piece on the board, dragged, sliding and in choosers. */
void     ts_board_draw_piece       (cairo_t                    *cr,
                                    const TsVariant            *variant,
                                    TsPieceStyle                style,
                                    const TsBoardTheme         *theme,
                                    guint                       type,
                                    guint                       seat,
                                    double                      alpha,
                                    double                      x,
                                    double                      y,
                                    double                      size);

void     ts_board_render           (cairo_t                    *cr,
                                    const TsBoardLayout        *layout,
                                    const TsBoardRenderOptions *options);

/* Writes a diagram of width size; PNG, SVG or PDF by the file's extension. */
gboolean ts_board_render_to_file   (const TsBoardRenderOptions *options,
                                    const char                 *filename,
                                    int                         size,
                                    GError                    **error);

/* Every piece image in every army colour, one row per army; size is the width. */
gboolean ts_piece_sheet_to_file    (const char                 *filename,
                                    int                         size,
                                    GError                    **error);

/* The status line under the board: the seat marked "to move", or G_MAXUINT when the
 * position ends the game (checkmate, stalemate, …: ts_position_result), so that a mated
 * side is not labelled "to move". */
guint    ts_board_status_seat_to_move (const TsPosition *position);
/* One army's label in that line: its name, "— to move" for seat to_move, its hand. */
char    *ts_board_status_label        (const TsPosition *position,
                                       guint             seat,
                                       guint             to_move);

G_END_DECLS
