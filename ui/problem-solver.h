#pragma once

#include <gtk/gtk.h>

#include "records/game.h"
#include "rules/position.h"

G_BEGIN_DECLS

/* Mate problems: the solution tree from the engine's mate search, and a solving
 * mode in which the user's moves are answered with the best defence. */

/* A node of the solution tree: the attacker's move (a key or a mating reply) with
 * every defence, or a defence with the attacker's reply. */
typedef struct _TsSolution TsSolution;
struct _TsSolution {
  TsMove      move;
  char       *san;
  GPtrArray  *children;   /* TsSolution; NULL at a mating move */
};

void        ts_solution_free    (TsSolution *s);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsSolution, ts_solution_free)

/* Whether p's problems can be solved: two-player variants only (with four players the
 * defence would come from several seats); FALSE with a message in error otherwise. */
gboolean    ts_problem_is_supported (const TsPosition *p,
                                     GError          **error);
/* Solves "mate in n" synchronously (call from a worker thread): returns the key
 * move's node with the whole tree under it, or NULL (with no error) when there is
 * no mate in n or the variant is not supported. stop, if not NULL, is polled. */
TsSolution *ts_problem_solve        (const TsPosition *p,
                                     guint             n,
                                     const gint       *stop);
/* The tree as text: "1. Qc2! …  1… Kb1 2. Qb2#", one defence per line. */
char       *ts_solution_to_text     (const TsSolution *s,
                                     const TsPosition *p);
/* The same on one line, each defence with its answers in parentheses:
 * "1. Qc2! (1… Kb1 2. Qb2#) (1… Ka1 2. Qa2#)". A game's fields are single lines
 * (docs/file-format.md), so the Solution field holds this form. */
char       *ts_solution_to_line     (const TsSolution *s,
                                     const TsPosition *p);
/* Solves in a GTask thread; finish with ts_problem_solve_finish (NULL: no mate; NULL
 * with G_IO_ERROR_NOT_SUPPORTED: see ts_problem_is_supported; cancelling the
 * cancellable stops the search: NULL with G_IO_ERROR_CANCELLED). */
void        ts_problem_solve_async  (const TsPosition   *p,
                                     guint               n,
                                     GCancellable       *cancellable,
                                     GAsyncReadyCallback callback,
                                     gpointer            user_data);
TsSolution *ts_problem_solve_finish (GAsyncResult       *result,
                                     GError            **error);

/* A problem game: the position, the stipulation "#n", the solution (ts_solution_to_line;
 * no Solution field when solution is NULL) and the key's main line, ready for ts_game_save. */
TsGame     *ts_problem_to_game      (const TsPosition *p,
                                     guint             n,
                                     const TsSolution *solution);

#define TS_TYPE_PROBLEM_SOLVER (ts_problem_solver_get_type ())
G_DECLARE_FINAL_TYPE (TsProblemSolver, ts_problem_solver, TS, PROBLEM_SOLVER, GtkWidget)

/* Solving mode: the board, the stipulation, Solve (the tree, or that there is
 * none), and the user's tries answered with the best defence. In a variant that
 * ts_problem_is_supported refuses, the status says why and nothing can be played
 * or solved. */
GtkWidget  *ts_problem_solver_new       (const TsPosition *p,
                                         guint             n);
/* From a problem game (its Stipulation "#n"); NULL with an error otherwise. */
GtkWidget  *ts_problem_solver_new_from_game (const TsGame *game,
                                         GError      **error);
/* Plays the user's move: FALSE if illegal. The defence follows in a worker thread;
 * "solved" is emitted when the user has mated within the stipulation, "failed"
 * when the try does not mate in time. */
gboolean    ts_problem_solver_play      (TsProblemSolver *self,
                                         TsMove           move);
const TsPosition *ts_problem_solver_get_position (TsProblemSolver *self);
gboolean    ts_problem_solver_is_busy   (TsProblemSolver *self);
gboolean    ts_problem_solver_is_solved (TsProblemSolver *self);
/* N of the stipulation "mate in N". */
guint       ts_problem_solver_get_moves (TsProblemSolver *self);
/* Runs Solve (win.solve); "solution-ready" follows, the text is then shown. */
void        ts_problem_solver_solve     (TsProblemSolver *self);
const char *ts_problem_solver_get_solution_text (TsProblemSolver *self);

G_END_DECLS
