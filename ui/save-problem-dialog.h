#pragma once

#include <gtk/gtk.h>

#include "problem-solver.h"
#include "rules/position.h"

G_BEGIN_DECLS

#define TS_TYPE_SAVE_PROBLEM_DIALOG (ts_save_problem_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TsSaveProblemDialog, ts_save_problem_dialog, TS, SAVE_PROBLEM_DIALOG, GtkWindow)

/* Save as Problem: the stipulation "mate in N" (1–50), Solve first if wished (the
 * mate search in a worker thread, stoppable; the solution tree or "no mate in N"),
 * then a file chooser and an atomic save of ts_problem_to_game. A problem saved
 * without a solution (not solved, stopped, or no mate) has no Solution field.
 *
 * Actions: save-problem.solve, save-problem.stop (while solving) and
 * save-problem.save (the file chooser; not while solving). "saved" is emitted with
 * the file name (const char *) before the dialog closes. */

GtkWidget        *ts_save_problem_dialog_new         (GtkWindow           *parent,
                                                      const TsPosition    *p);

guint             ts_save_problem_dialog_get_moves   (TsSaveProblemDialog *self);
/* Changing N stops a running search and forgets the solution found. */
void              ts_save_problem_dialog_set_moves   (TsSaveProblemDialog *self,
                                                      guint                n);

gboolean          ts_save_problem_dialog_is_solving  (TsSaveProblemDialog *self);
/* The tree found for the current N, or NULL (not solved, stopped, no mate). */
const TsSolution *ts_save_problem_dialog_get_solution (TsSaveProblemDialog *self);
/* What the dialog says now about solving (the status line). */
const char       *ts_save_problem_dialog_get_status  (TsSaveProblemDialog *self);

/* Saves to filename (the format from its extension) as the chooser's answer does:
 * on success emits "saved" and closes the dialog; on failure shows the records
 * layer's message in a message dialog and returns FALSE. */
gboolean          ts_save_problem_dialog_save_to     (TsSaveProblemDialog *self,
                                                      const char          *filename);

G_END_DECLS
