#pragma once

#include <adwaita.h>

#include "collection-model.h"
#include "problem-solver.h"

G_BEGIN_DECLS

/* A problem set: the mate problems of a collection (its games with a stipulation "#N")
 * in solving mode one after another (ui/problem-solver.c for one), with Previous and Next
 * and the score so far: solved at the first try, missed (a try that did not mate in
 * time came first), left. docs/collections.md.
 *
 * Actions (problems.*): previous, next. Signal "changed" (): another problem, or a score. */

#define TS_TYPE_PROBLEM_SET (ts_problem_set_get_type ())
G_DECLARE_FINAL_TYPE (TsProblemSet, ts_problem_set, TS, PROBLEM_SET, GtkWidget)

typedef enum {
  TS_PROBLEM_LEFT,     /* not solved yet, no try failed */
  TS_PROBLEM_SOLVED,   /* solved at the first try */
  TS_PROBLEM_MISSED,   /* a try failed first (solved later or not) */
} TsProblemState;

/* Whether a game with this stipulation is one of a problem set's: "#N", mate in N. */
gboolean         ts_problem_set_takes       (const char        *stipulation);
GtkWidget       *ts_problem_set_new         (TsCollectionModel *model);
/* A window with the problem set of model, over parent. */
GtkWindow       *ts_problem_set_present     (TsCollectionModel *model,
                                             GtkWindow         *parent);
guint            ts_problem_set_get_n       (TsProblemSet      *self);
guint            ts_problem_set_get_index   (TsProblemSet      *self);
void             ts_problem_set_go          (TsProblemSet      *self,
                                             guint              index);
TsProblemState   ts_problem_set_get_state   (TsProblemSet      *self,
                                             guint              index);
/* The solver of the problem shown, or NULL when it cannot be read. */
TsProblemSolver *ts_problem_set_get_solver  (TsProblemSet      *self);
/* "Solved 3 · missed 1 · left 8" */
const char      *ts_problem_set_get_score_text (TsProblemSet   *self);

G_END_DECLS
