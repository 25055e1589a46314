#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TS_TYPE_EVAL_GRAPH (ts_eval_graph_get_type ())
G_DECLARE_FINAL_TYPE (TsEvalGraph, ts_eval_graph, TS, EVAL_GRAPH, GtkWidget)

/* The evaluation over the game: one score per ply, in centipawns from the first
 * seat's point of view (mates beyond ±TS_EVAL_GRAPH_MATE are drawn at the edge).
 * A click emits "ply-activated" (guint ply). */
#define TS_EVAL_GRAPH_MATE 29000
#define TS_EVAL_GRAPH_NONE G_MININT   /* a ply not evaluated yet */

GtkWidget *ts_eval_graph_new         (void);
void       ts_eval_graph_set_scores  (TsEvalGraph *self,
                                      const int   *scores,
                                      guint        n);
void       ts_eval_graph_set_current (TsEvalGraph *self,
                                      guint        ply);
guint      ts_eval_graph_get_n_scores (TsEvalGraph *self);
/* The ply under x in a width-wide graph. */
guint      ts_eval_graph_ply_at      (TsEvalGraph *self,
                                      double       x,
                                      double       width);

G_END_DECLS
