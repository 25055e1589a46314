#pragma once

#include "engine/engine.h"
#include "game-session.h"

G_BEGIN_DECLS

/* The session's state, shared by game-session.c (play, navigation, edits, clocks, files)
 * and game-session-autosave.c. */

typedef enum {
  SEARCH_NONE,
  SEARCH_MOVE,
  SEARCH_HINT,
} SearchPurpose;

struct _TsGameSession
{
  GObject          parent_instance;

  TsGame          *game;
  const TsVariant *variant;
  TsSessionSetup   setup;
  char            *filename;
  gboolean         force_modified;   /* restored from an autosave of a modified game */

  TsEngine        *engine;           /* kept across the game's searches (its table) */
  TsSearch        *search;
  SearchPurpose    purpose;
  TsGameNode      *search_node;      /* where the search started (not a reference) */
  int              score[TS_MAX_SEATS];   /* the computer's last opinion, its own view */
  gboolean         has_score[TS_MAX_SEATS];

  TsEndKind        end;
  char            *end_message;
  TsResult         rules_result;     /* of the position at the cursor */

  guint            resigned;         /* four seats: who resigned and leaves on its turn */
  gint64           clock[TS_MAX_SEATS];
  int              running;          /* seat whose clock runs, or -1 */
  gint64           turn_start;       /* monotonic µs when the running clock started */
  guint            tick_id;
  guint            start_id;
};

G_END_DECLS
