#pragma once

#include <gtk/gtk.h>

#include "game-session.h"

G_BEGIN_DECLS

/* One clock per seat, the running one highlighted; hidden when the game has no clock. */

#define TS_TYPE_CLOCK_VIEW (ts_clock_view_get_type ())
G_DECLARE_FINAL_TYPE (TsClockView, ts_clock_view, TS, CLOCK_VIEW, GtkWidget)

GtkWidget *ts_clock_view_new         (void);
void       ts_clock_view_set_session (TsClockView   *self,
                                      TsGameSession *session);
/* "4:59", "0:09.5" (tenths under ten seconds). */
char      *ts_clock_format           (gint64         ms);

G_END_DECLS
