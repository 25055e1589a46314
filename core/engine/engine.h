/* The search engine: iterative-deepening PVS for every Tessera variant.
 *
 * Two layers:
 *
 *  - TsEngine, a synchronous search context (transposition table, history, the
 *    evaluation tables of one variant). It is used by one thread at a time and runs
 *    ts_engine_search() to completion in the calling thread. tessera-cli and the
 *    tests use it directly.
 *
 *  - TsSearch, the asynchronous handle the window uses. ts_search_start() copies the
 *    position and the limits and runs the search in a GThread, on an engine of its
 *    own or (ts_search_start_on) on the caller's, which keeps what it learnt.
 *    Progress reaches the caller's GMainContext through idle sources attached to it
 *    (never run in the worker), at most about ten times a second; the final
 *    result arrives once, through the done callback, also in that context. The
 *    caller and the worker share no mutable data: every TsSearchInfo handed to a
 *    callback is a fresh copy, valid during the callback only. ts_search_stop() only
 *    raises an atomic flag: the worker notices it within a few milliseconds and
 *    reports its best move so far through the done callback. A new search may be
 *    started at once; the old one finishes on its own thread and its done callback
 *    still runs (compare the TsSearch pointer to tell them apart). On Linux the worker
 *    lowers its own priority (nice +10) so that it never takes the CPU from the thread
 *    that runs the caller's main loop.
 */
#pragma once

#include <glib.h>

#include "rules/move.h"
#include "rules/position.h"
#include "rules/variant.h"

G_BEGIN_DECLS

/* Scores are in centipawns (a pawn, or one Doseki checker, is 100) from the point of
 * view of the side to move at the root (its team, in team play). Mate scores lie
 * beyond ±TS_SCORE_MATE_BOUND: TS_SCORE_MATE - n means "wins in n plies". */
#define TS_SCORE_MATE        30000
#define TS_SCORE_MATE_BOUND  29000
#define TS_SCORE_INFINITE    32000

#define TS_ENGINE_MAX_PLY    128
#define TS_ENGINE_MAX_MULTIPV 16

/* Strength levels: 1 is a beginner (shallow search, noisy evaluation, but always a
 * legal move), TS_ENGINE_LEVEL_FULL plays at full strength. */
#define TS_ENGINE_LEVEL_BEGINNER 1
#define TS_ENGINE_LEVEL_FULL     10

typedef struct {
  guint    depth;            /* maximum depth in plies; 0 = no limit */
  guint64  nodes;            /* node budget; 0 = no limit */
  guint    movetime_ms;      /* time for this move; 0 = none */
  gint64   time_left_ms[4];  /* clock of each seat, used for the side to move; < 0 = none */
  gint64   increment_ms[4];  /* increment per move of each seat */
  gboolean infinite;         /* run until stopped (depth still caps it if set) */
  guint    multipv;          /* number of best lines; 0 or 1 = one */
  guint    mate_in;          /* > 0: mate search, prove the shortest mate in at most
                                this many moves of the side to move, or that none exists */
  guint    level;            /* TS_ENGINE_LEVEL_BEGINNER .. TS_ENGINE_LEVEL_FULL; 0 = full */
  guint32  seed;             /* for the weaker levels' randomness; same seed, same game */
  guint    hash_mb;          /* transposition table size for ts_search_start(); 0 = 16 */
  guint    for_seat;         /* 0: scores from the side to move's point of view; s + 1:
                                from seat s's (its team's), every other team against it as
                                in the paranoid search, although another seat is to move
                                (how whole-game analysis judges a four-player move) */
  gboolean no_null_move;     /* no null-move pruning (tests and comparisons) */
} TsSearchLimits;

/* Fills limits with "no limit, full strength, one line". */
void ts_search_limits_init (TsSearchLimits *limits);

typedef struct {
  int      score;            /* centipawns or mate score, root side's point of view */
  gboolean is_mate;          /* score is a forced win or loss */
  int      mate_moves;       /* with is_mate: moves of the root side to mate (> 0) or to
                                be mated (< 0) */
  guint    n_moves;          /* principal variation */
  TsMove   moves[TS_ENGINE_MAX_PLY];
  char    *san;              /* the PV in SAN separated by spaces; owned by the info */
} TsSearchLine;

typedef struct {
  guint        depth;        /* last iteration completed (or under way, for progress) */
  guint        seldepth;     /* deepest ply reached, quiescence included */
  guint64      nodes;
  guint64      nps;
  guint64      time_ms;
  guint        n_lines;      /* multi-PV lines, best first */
  TsSearchLine lines[TS_ENGINE_MAX_MULTIPV];
  TsMove       best_move;    /* TS_NO_CELL in .to if the side to move has no move */
  gboolean     stopped;      /* the search was interrupted (stop, node or time limit) */
  gboolean     mate_proven;  /* mate search: a mate in lines[0].mate_moves was found and
                                no shorter one exists; FALSE with a finished mate search
                                means no mate within the limit */
} TsSearchInfo;

TsSearchInfo *ts_search_info_copy (const TsSearchInfo *info);
void          ts_search_info_free (TsSearchInfo *info);
void          ts_search_info_clear (TsSearchInfo *info);   /* frees the SAN strings */
/* "info depth 7 seldepth 12 multipv 1 score cp 35 nodes … nps … time … pv …" */
char         *ts_search_line_to_string (const TsSearchInfo *info, guint line);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsSearchInfo, ts_search_info_free)

/* Called after every completed iteration (and, with multi-PV, every line). */
typedef void (*TsSearchInfoFunc) (const TsSearchInfo *info, gpointer user_data);

/* ---- Synchronous engine ---- */

typedef struct _TsEngine TsEngine;

/* Builds the evaluation tables of variant v (piece values from each piece type's
 * mobility on the empty board, cell tables) and a transposition table of hash_mb MiB
 * (0: 16). The engine is reference counted: ts_engine_free() drops a reference (the
 * caller's), a search started with ts_search_start_on() holds its own. */
TsEngine *ts_engine_new   (const TsVariant *v, guint hash_mb);
TsEngine *ts_engine_ref   (TsEngine *engine);
void      ts_engine_free  (TsEngine *engine);
const TsVariant *ts_engine_variant (const TsEngine *engine);
/* Forgets the transposition table, killers and history (bench and tests do this);
 * waits for a search running on the engine to end. */
void      ts_engine_clear (TsEngine *engine);
/* For callers that keep an engine across searches: *slot's engine if it is of variant
 * v, else a new one of hash_mb MiB put in its place (the old one released). */
TsEngine *ts_engine_reuse (TsEngine **slot, const TsVariant *v, guint hash_mb);
/* Makes the engine's tables (evaluation, transposition table) now rather than at its
 * first use: the engine protocol's isready does, so that the first go is not slowed by
 * them. Safe from any thread; the tables are made once. */
void      ts_engine_prepare (TsEngine *engine);
/* How many engines exist in the process (tests of memory use). */
guint     ts_engine_n_alive (void);
/* The computed value of a piece type in centipawns (royal pieces: 0). */
int       ts_engine_piece_value (const TsEngine *engine, guint type);
/* Static evaluation from the side to move's point of view (its team's). */
int       ts_engine_evaluate (TsEngine *engine, TsPosition *pos);

/* Searches pos (left unchanged) within limits. stop, if not NULL, is polled: when it
 * becomes non-zero the search ends quickly with its best result so far. info_func is
 * called after each iteration. Returns FALSE, with best_move.to == TS_NO_CELL, if
 * the side to move has no legal move or the game is over. *out receives the final
 * info; release it with ts_search_info_clear(). The transposition table and the
 * history stay for the next search. Searches on one engine run one at a time: a
 * second thread's call waits for the first to end (info_func must not start one).
 * Repetitions count against pos's own history too (the positions before it in the
 * game: a position that occurred twice before is a draw). */
gboolean  ts_engine_search (TsEngine             *engine,
                            const TsPosition     *pos,
                            const TsSearchLimits *limits,
                            const gint           *stop,
                            TsSearchInfoFunc      info_func,
                            gpointer              user_data,
                            TsSearchInfo         *out);

/* The one-ply greedy player: the legal move that wins the most material at once
 * (mate first), ties broken by the seeded random generator. FALSE if no move. */
gboolean  ts_engine_greedy_move (TsEngine *engine, TsPosition *pos, guint32 seed, TsMove *out);

/* ---- Asynchronous search (the window's API) ---- */

typedef struct _TsSearch TsSearch;

/* Progress: called in the caller's context, at most about ten times a second. */
typedef void (*TsSearchProgressFunc) (TsSearch *search, const TsSearchInfo *info, gpointer user_data);
/* End: called exactly once, in the caller's context, after the worker has finished. */
typedef void (*TsSearchDoneFunc)     (TsSearch *search, const TsSearchInfo *info, gpointer user_data);

/* Starts a search of a copy of pos with an engine of its own. context: where callbacks
 * run; NULL means the thread-default context of the calling thread. The returned
 * handle holds one reference for the caller; the worker holds its own until the done
 * callback has run, so the caller may drop its reference at any time. user_data is
 * released with destroy (in the caller's context) after the done callback. At most
 * four such searches hold an engine at a time; the others wait, and one stopped while
 * it waits makes none: it answers with the first legal move, unsearched. */
TsSearch *ts_search_start (const TsPosition     *pos,
                           const TsSearchLimits *limits,
                           GMainContext         *context,
                           TsSearchProgressFunc  progress,
                           TsSearchDoneFunc      done,
                           gpointer              user_data,
                           GDestroyNotify        destroy);
/* The same on the caller's engine (of pos's variant), which keeps its transposition
 * table and history from search to search (the moves of a game, the steps of an
 * analysis). The search holds a reference to the engine. Starting a search on an
 * engine stops the previous one on it, which ends before this one begins. */
TsSearch *ts_search_start_on (TsEngine             *engine,
                              const TsPosition     *pos,
                              const TsSearchLimits *limits,
                              GMainContext         *context,
                              TsSearchProgressFunc  progress,
                              TsSearchDoneFunc      done,
                              gpointer              user_data,
                              GDestroyNotify        destroy);
/* Asks the search to stop; returns at once. Safe from any thread, any number of times. */
void      ts_search_stop    (TsSearch *search);
gboolean  ts_search_is_done (TsSearch *search);   /* the done callback has run */
TsSearch *ts_search_ref     (TsSearch *search);
void      ts_search_unref   (TsSearch *search);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsSearch, ts_search_unref)

G_END_DECLS
