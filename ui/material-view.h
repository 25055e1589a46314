#pragma once

#include <gtk/gtk.h>

#include "material.h"

G_BEGIN_DECLS

#define TS_TYPE_MATERIAL_VIEW (ts_material_view_get_type ())
G_DECLARE_FINAL_TYPE (TsMaterialView, ts_material_view, TS, MATERIAL_VIEW, GtkWidget)

/* Beside the board: a row per seat with its name, the pieces it has captured (drawn in
 * their owners' colours, piece-art's images; more than four of a kind as one and "×n"),
 * and its material balance ("+2"). Doseki: checkers captured and waiting outside. */
GtkWidget        *ts_material_view_new          (void);
/* Counts at game's cursor (call again after every change: a step costs one move, see
 * ts_material_line_count); NULL clears. */
void              ts_material_view_set_game     (TsMaterialView *self,
                                                 TsGame         *game);
const TsMaterial *ts_material_view_get_material (TsMaterialView *self);
/* What the view says, one line per seat (also its accessible description). */
char             *ts_material_view_get_text     (TsMaterialView *self);
/* Where seat's row ended when last drawn, in pixels: rows that would not fit the width
 * are drawn compact ("×n" for two or more of a kind), and scaled down if still too wide. */
double            ts_material_view_get_row_end  (TsMaterialView *self,
                                                 guint           seat);

G_END_DECLS
