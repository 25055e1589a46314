#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TS_TYPE_EVAL_GRAPH (ts_eval_graph_get_type ())
G_DECLARE_FINAL_TYPE (TsEvalGraph, ts_eval_graph, TS, EVAL_GRAPH, GtkWidget)

/* The evaluation graph of a game's main line (docs/analysis.md): one point per move,
 * drawn on Lichess's winning-chances scale (a pawn is clearly visible, ten are near the
 * edge, a mate is the edge) with a zero line, the pawns on the vertical axis, the move
 * numbers under it, the current ply marked, marked moves as dots in their colours
 * (?! blue, ? orange, ?? red, as on Lichess). One line for two sides (the first seat's
 * point of view, the area above the zero line its advantage), or one line per seat, each
 * from its own point of view. Hovering shows the move and its evaluation; a click
 * emits "ply-activated" (guint ply: 0 is the start position, k the k-th move). */

#define TS_EVAL_GRAPH_NONE G_MININT   /* a move without an evaluation */
#define TS_EVAL_GRAPH_MATE 29000      /* scores beyond ± this are mates: the edge */

typedef struct {
  int          score;   /* centipawns from the line's point of view, or TS_EVAL_GRAPH_NONE */
  guint        line;    /* 0 with one line; with one line per seat the mover's seat */
  guint        mark;    /* the move's mark NAG ($1–$6), 0 for none */
  const char  *label;   /* the move as the tooltip shows it: "12. NBd3" (copied) */
  const char  *value;   /* its evaluation as shown: "+0.35" (copied; NULL: none) */
} TsEvalGraphPoint;

GtkWidget *ts_eval_graph_new          (void);
/* n_lines lines named names[i] (for the tooltip and screen readers; one line: NULL) in
 * colours[i] (NULL: the accent colour). Clears the points. */
void       ts_eval_graph_set_lines    (TsEvalGraph             *self,
                                       guint                    n_lines,
                                       const char *const       *names,
                                       const GdkRGBA           *colours);
/* The points of moves 1 … n. Move numbers: the first point is ply first_ply + 1 of a
 * game of n_seats seats. */
void       ts_eval_graph_set_points   (TsEvalGraph             *self,
                                       const TsEvalGraphPoint  *points,
                                       guint                    n,
                                       guint                    first_ply,
                                       guint                    n_seats);
void       ts_eval_graph_clear        (TsEvalGraph             *self);
guint      ts_eval_graph_get_n_points (TsEvalGraph             *self);
/* Whether some point has a score. */
gboolean   ts_eval_graph_has_scores   (TsEvalGraph             *self);
/* The ply marked as the current one (0 … n); G_MAXUINT: none. */
void       ts_eval_graph_set_current  (TsEvalGraph             *self,
                                       guint                    ply);
guint      ts_eval_graph_get_current  (TsEvalGraph             *self);
/* Where ply's point is drawn, in widget coordinates (ply 0: the start, on the zero line);
 * FALSE if it is not drawn (no score, no size yet). */
gboolean   ts_eval_graph_get_point    (TsEvalGraph             *self,
                                       guint                    ply,
                                       double                  *x,
                                       double                  *y);
/* The ply nearest to x (widget coordinates). */
guint      ts_eval_graph_ply_at       (TsEvalGraph             *self,
                                       double                   x);
/* What a click at (x, y) does: "ply-activated" with the ply there (the gesture calls
 * it; tests too). */
void       ts_eval_graph_click        (TsEvalGraph             *self,
                                       double                   x,
                                       double                   y);
/* The tooltip text at ply ("12. NBd3 ??  −2.10"), NULL for none. */
char      *ts_eval_graph_describe_ply (TsEvalGraph             *self,
                                       guint                    ply);

G_END_DECLS
