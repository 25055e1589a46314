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

/* A game as a collection of played games holds them: its first book_plies moves each one
 * of the first book_width legal moves, so that games share openings (and reach positions
 * by different move orders), then random moves; players, an event and a date from small
 * lists, a random result, an evaluation on about a third of the moves. Same seed, same
 * game. For the opening tree's tests and benchmarks. */
TsGame *ts_game_new_random_opening (const TsVariant *variant,
                                    guint            n_moves,
                                    guint            book_plies,
                                    guint            book_width,
                                    guint32          seed);

G_END_DECLS
