#pragma once

#include "records/game.h"

G_BEGIN_DECLS

/* Random games for tests and benchmarks: n_moves plies of legal moves on the main line
 * (fewer if the game ends), n_variations variations branching from random points,
 * variations inside variations included. With annotate, also metadata, comments (with
 * characters that need escaping), NAGs, clock times and evaluations. Same seed, same game.
 * The undo history is cleared. */
TsGame *ts_game_new_random (const TsVariant *variant,
                            guint            n_moves,
                            guint            n_variations,
                            gboolean         annotate,
                            guint32          seed);

G_END_DECLS
