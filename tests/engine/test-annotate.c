/* Whole-game analysis (core/engine/annotate.h): Lichess's judgements, a known blunder
 * found, analysing twice changes nothing, the user's marks kept, one undo step, four
 * players and Doseki, the worker thread with progress and cancellation, the CLI. */
#include <glib/gstdio.h>
#include <string.h>

#include "../cli-test-util.h"
#include "engine/annotate.h"
#include "records/collection.h"
#include "records/game-random.h"
#include "records/nag.h"

#define BLUNDER_PLY 10   /* 6. QBb3, the 11th move of raumschach-blunder.pgn */

static void
test_judge (void)
{
  static const struct { TsEval before, after; TsJudgement judgement; } cases[] = {
    /* winning chances: 2 / (1 + exp (-0.00368208 cp)) - 1 */
    { { TS_EVAL_CP, 0, 0 }, { TS_EVAL_CP, -50, 0 }, TS_JUDGEMENT_NONE },         /* 0.092 */
    { { TS_EVAL_CP, 0, 0 }, { TS_EVAL_CP, -60, 0 }, TS_JUDGEMENT_INACCURACY },   /* 0.110 */
    { { TS_EVAL_CP, 0, 0 }, { TS_EVAL_CP, -120, 0 }, TS_JUDGEMENT_MISTAKE },     /* 0.218 */
    { { TS_EVAL_CP, 0, 0 }, { TS_EVAL_CP, -170, 0 }, TS_JUDGEMENT_BLUNDER },     /* 0.304 */
    /* the same centipawns matter less when the game is decided */
    { { TS_EVAL_CP, 900, 0 }, { TS_EVAL_CP, 730, 0 }, TS_JUDGEMENT_NONE },
    { { TS_EVAL_CP, 3000, 0 }, { TS_EVAL_CP, 1200, 0 }, TS_JUDGEMENT_NONE },     /* capped */
    /* a mate allowed */
    { { TS_EVAL_CP, 50, 0 }, { TS_EVAL_MATE, -3, 0 }, TS_JUDGEMENT_BLUNDER },
    { { TS_EVAL_CP, -800, 0 }, { TS_EVAL_MATE, -3, 0 }, TS_JUDGEMENT_MISTAKE },
    { { TS_EVAL_CP, -1200, 0 }, { TS_EVAL_MATE, -3, 0 }, TS_JUDGEMENT_INACCURACY },
    /* a mate missed */
    { { TS_EVAL_MATE, 2, 0 }, { TS_EVAL_CP, 300, 0 }, TS_JUDGEMENT_BLUNDER },
    { { TS_EVAL_MATE, 2, 0 }, { TS_EVAL_CP, 800, 0 }, TS_JUDGEMENT_MISTAKE },
    { { TS_EVAL_MATE, 2, 0 }, { TS_EVAL_CP, 1500, 0 }, TS_JUDGEMENT_INACCURACY },
    { { TS_EVAL_MATE, 2, 0 }, { TS_EVAL_MATE, -4, 0 }, TS_JUDGEMENT_BLUNDER },
    /* a slower mate, a mate delivered, a lost position held longer: no mark */
    { { TS_EVAL_MATE, 2, 0 }, { TS_EVAL_MATE, 5, 0 }, TS_JUDGEMENT_NONE },
    { { TS_EVAL_MATE, 1, 0 }, { TS_EVAL_MATE, 0, 0 }, TS_JUDGEMENT_NONE },
    { { TS_EVAL_MATE, -2, 0 }, { TS_EVAL_MATE, -1, 0 }, TS_JUDGEMENT_NONE },
    { { TS_EVAL_MATE, -2, 0 }, { TS_EVAL_CP, -900, 0 }, TS_JUDGEMENT_NONE },
    { { TS_EVAL_NONE, 0, 0 }, { TS_EVAL_CP, -900, 0 }, TS_JUDGEMENT_NONE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("case %u", i);
      g_assert_cmpint (ts_eval_judge (&cases[i].before, &cases[i].after), ==, cases[i].judgement);
    }
  g_assert_cmpfloat_with_epsilon (ts_eval_winning_chances (&(TsEval) { TS_EVAL_CP, 0, 0 }), 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (ts_eval_winning_chances (&(TsEval) { TS_EVAL_CP, 100, 0 }), 0.18203, 1e-4);
  g_assert_cmpfloat_with_epsilon (ts_eval_winning_chances (&(TsEval) { TS_EVAL_MATE, -7, 0 }), -0.95089, 1e-4);
  g_assert_cmpuint (ts_judgement_nag (TS_JUDGEMENT_INACCURACY), ==, TS_NAG_DUBIOUS);
  g_assert_cmpuint (ts_judgement_nag (TS_JUDGEMENT_MISTAKE), ==, TS_NAG_MISTAKE);
  g_assert_cmpuint (ts_judgement_nag (TS_JUDGEMENT_BLUNDER), ==, TS_NAG_BLUNDER);
}

static void
test_format (void)
{
  const TsVariant *rs = ts_variant_lookup ("raumschach");
  const TsVariant *ffa = ts_variant_lookup ("cubic8-4p");
  g_autofree char *a = ts_eval_format (&(TsEval) { TS_EVAL_CP, -5, 0 });
  g_autofree char *b = ts_eval_format (&(TsEval) { TS_EVAL_CP, 1234, 0 });
  g_autofree char *c = ts_eval_format (&(TsEval) { TS_EVAL_MATE, -3, 0 });
  TsEval e = { TS_EVAL_CP, 35, 0 }, shown;

  g_assert_cmpstr (a, ==, "-0.05");
  g_assert_cmpstr (b, ==, "+12.34");
  g_assert_cmpstr (c, ==, "#-3");
  /* two seats: White's point of view; four: the mover's */
  shown = ts_eval_shown (rs, 1, &e);
  g_assert_cmpint (shown.value, ==, -35);
  shown = ts_eval_shown (rs, 0, &e);
  g_assert_cmpint (shown.value, ==, 35);
  shown = ts_eval_shown (ffa, 3, &e);
  g_assert_cmpint (shown.value, ==, 35);
  shown = ts_eval_shown (rs, 1, &(TsEval) { TS_EVAL_MATE, 2, 0 });
  g_assert_cmpint (shown.value, ==, -2);
}

static TsGame *
load_data_game (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("TESSERA_SOURCE_ROOT"), "tests", "data",
                                            "games", name, NULL);
  g_autoptr (GError) error = NULL;
  TsGame *game = ts_game_load (path, &error);

  g_assert_no_error (error);
  return game;
}

static TsGameNode *
main_line_node (TsGame *game, guint ply)
{
  TsGameNode *node = ts_game_root (game);

  for (guint i = 0; i <= ply; i++)
    node = ts_game_node_child (node, 0);
  return node;
}

static TsAnnotateJob *
annotate (TsGame *game, guint depth, gboolean variations)
{
  TsAnnotateOptions options;
  TsAnnotateJob *job;
  g_autoptr (GError) error = NULL;

  ts_annotate_options_init (&options);
  options.depth = depth;
  options.movetime_ms = 0;
  options.variations = variations;
  options.hash_mb = 4;
  job = ts_annotate_job_new (game, &options);
  g_assert_true (ts_annotate_job_run (job, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  return job;
}

static gboolean
has_nag (const TsGameNode *node, guint nag)
{
  for (guint i = 0; i < node->annotation.n_nags; i++)
    if (node->annotation.nags[i] == nag)
      return TRUE;
  return FALSE;
}

/* A game where White leaves its queen to a pawn: ?? on that move and nowhere else on
 * White's side, the better line as a variation, evaluations on every move. */
static void
test_blunder (void)
{
  g_autoptr (TsGame) game = load_data_game ("raumschach-blunder.pgn");
  g_autoptr (TsAnnotateJob) job = annotate (game, 3, TRUE);
  TsGameNode *blunder = main_line_node (game, BLUNDER_PLY);
  TsGameNode *line;
  TsAnnotateSummary summary;
  guint n = ts_annotate_job_n_plies (job);

  g_assert_cmpuint (n, ==, 18);
  g_assert_cmpuint (ts_annotate_job_apply (job, game), ==, n);
  g_assert_cmpstr (blunder->san, ==, "QBb3");
  g_assert_true (has_nag (blunder, TS_NAG_BLUNDER));
  g_assert_cmpuint (blunder->annotation.analysis, ==, TS_ANALYSIS_MARK);
  g_assert_cmpint (blunder->annotation.eval.kind, ==, TS_EVAL_CP);
  g_assert_cmpint (blunder->annotation.eval.value, <, -500);   /* the mover's view: a queen down */
  g_assert_cmpuint (blunder->annotation.eval.depth, ==, 3);
  for (guint i = 0; i < n; i++)
    {
      TsGameNode *node = main_line_node (game, i);

      g_assert_cmpint (node->annotation.eval.kind, !=, TS_EVAL_NONE);
      if (i % 2 == 0 && i != BLUNDER_PLY)
        g_assert_false (has_nag (node, TS_NAG_BLUNDER));
    }
  g_assert_cmpuint (ts_game_node_n_children (blunder->parent), ==, 2);
  line = ts_game_node_child (blunder->parent, 1);
  g_assert_cmpuint (line->annotation.analysis, ==, TS_ANALYSIS_LINE);
  g_assert_nonnull (strstr (line->annotation.comment_before, "Blunder ("));
  g_assert_nonnull (strstr (line->annotation.comment_before, "Better was"));
  g_assert_nonnull (strstr (line->annotation.comment_before, line->san));
  g_assert_cmpint (line->annotation.eval.value, >, 0);

  ts_annotate_job_summary (job, &summary);
  g_assert_cmpuint (summary.n_seats, ==, 2);
  g_assert_cmpuint (summary.n_plies, ==, n);
  g_assert_cmpuint (summary.seats[0].n_moves, ==, 9);
  g_assert_cmpuint (summary.seats[1].n_moves, ==, 9);
  g_assert_cmpuint (summary.seats[0].n_judged[TS_JUDGEMENT_BLUNDER], ==, 1);
  g_assert_cmpfloat (summary.seats[0].acpl, >, summary.seats[1].acpl);
  g_assert_cmpfloat (summary.seats[0].acpl, >=, 1000.0 / 9 - 100);
}

/* Analysing again (after saving and loading, in either form) gives the same record:
 * the earlier marks, evaluations and variations are replaced, not added to. Undo takes
 * one analysis back in one step. */
static void
test_twice (void)
{
  g_autoptr (TsGame) game = load_data_game ("raumschach-blunder.pgn");
  g_autofree char *before = ts_game_to_xml (game, NULL);
  g_autofree char *once = NULL, *twice = NULL, *undone = NULL;
  g_autoptr (TsAnnotateJob) first = annotate (game, 2, TRUE);
  g_autoptr (TsAnnotateJob) second = NULL;
  g_autoptr (GError) error = NULL;

  ts_annotate_job_apply (first, game);
  once = ts_game_to_xml (game, NULL);
  g_assert_cmpstr (once, !=, before);
  g_assert_true (ts_game_undo (game));
  undone = ts_game_to_xml (game, NULL);
  g_assert_cmpstr (undone, ==, before);
  g_assert_true (ts_game_redo (game));

  for (guint form = 0; form < 3; form++)
    {
      g_autofree char *data = form == 1 ? ts_game_to_text (game, NULL) : ts_game_to_xml (game, NULL);
      g_autoptr (TsGame) reread = form == 0 ? NULL : ts_game_from_data (data, strlen (data), "again", &error);
      TsGame *target = reread ? reread : game;
      g_autoptr (TsAnnotateJob) job = NULL;
      g_autofree char *after = NULL;

      g_assert_no_error (error);
      job = annotate (target, 2, TRUE);
      ts_annotate_job_apply (job, target);
      after = ts_game_to_xml (target, NULL);
      g_assert_cmpstr (after, ==, once);
    }

  /* a deeper analysis replaces a shallower one's marks and lines: the same record as the
   * deeper one alone */
  {
    g_autoptr (TsGame) fresh = load_data_game ("raumschach-blunder.pgn");
    g_autoptr (TsGame) again = load_data_game ("raumschach-blunder.pgn");
    g_autoptr (TsAnnotateJob) deep = annotate (fresh, 3, TRUE);
    g_autoptr (TsAnnotateJob) shallow = annotate (again, 1, TRUE);
    g_autoptr (TsAnnotateJob) deep_again = NULL;
    g_autofree char *shallow_xml = NULL, *deep_xml = NULL, *replaced_xml = NULL;

    ts_annotate_job_apply (deep, fresh);
    ts_annotate_job_apply (shallow, again);
    shallow_xml = ts_game_to_xml (again, NULL);
    deep_xml = ts_game_to_xml (fresh, NULL);
    g_assert_cmpstr (shallow_xml, !=, deep_xml);
    deep_again = annotate (again, 3, TRUE);
    ts_annotate_job_apply (deep_again, again);
    replaced_xml = ts_game_to_xml (again, NULL);
    g_assert_cmpstr (replaced_xml, ==, deep_xml);
  }

  /* without variations, the earlier ones go */
  second = annotate (game, 2, FALSE);
  ts_annotate_job_apply (second, game);
  twice = ts_game_to_xml (game, NULL);
  g_assert_null (strstr (twice, "analysis=\"line\""));
  g_assert_nonnull (strstr (twice, "analysis=\"mark\""));
}

/* The user's own marks, comments and variations stay; a mark the user changes becomes
 * the user's. */
static void
test_user_work_kept (void)
{
  g_autoptr (TsGame) game = load_data_game ("raumschach-blunder.pgn");
  TsGameNode *blunder = main_line_node (game, BLUNDER_PLY);
  g_autoptr (TsAnnotateJob) first = NULL, second = NULL;
  TsGameNode *user_line;

  ts_game_toggle_nag (game, blunder, TS_NAG_INTERESTING);
  ts_game_set_comment (game, blunder, FALSE, "my comment");
  first = annotate (game, 2, TRUE);
  ts_annotate_job_apply (first, game);
  g_assert_true (has_nag (blunder, TS_NAG_INTERESTING));
  g_assert_false (has_nag (blunder, TS_NAG_BLUNDER));
  g_assert_cmpuint (blunder->annotation.analysis, ==, 0);
  g_assert_cmpstr (blunder->annotation.comment_after, ==, "my comment");
  g_assert_cmpint (blunder->annotation.eval.kind, ==, TS_EVAL_CP);

  /* the user takes the mark off: analysed again, the move gets the analysis's */
  ts_game_toggle_nag (game, blunder, TS_NAG_INTERESTING);
  second = annotate (game, 2, TRUE);
  ts_annotate_job_apply (second, game);
  g_assert_true (has_nag (blunder, TS_NAG_BLUNDER));
  g_assert_cmpuint (blunder->annotation.analysis, ==, TS_ANALYSIS_MARK);

  /* a user's variation is kept; the user's mark replaces the analysis's for good */
  ts_game_go_to (game, blunder->parent);
  g_assert_nonnull (ts_game_add_move_text (game, "QBc1", NULL));
  user_line = ts_game_current (game);
  ts_game_toggle_nag (game, blunder, TS_NAG_MISTAKE);
  g_assert_cmpuint (blunder->annotation.analysis, ==, 0);
  g_clear_pointer (&second, ts_annotate_job_unref);
  second = annotate (game, 2, TRUE);
  ts_annotate_job_apply (second, game);
  g_assert_true (has_nag (blunder, TS_NAG_MISTAKE));
  g_assert_false (has_nag (blunder, TS_NAG_BLUNDER));
  g_assert_true (user_line->parent == blunder->parent);
  g_assert_true (ts_game_current (game) == user_line);
}

/* Moves taken back while the analysis ran: only the part still there is written. */
static void
test_main_line_changed (void)
{
  g_autoptr (TsGame) game = load_data_game ("raumschach-blunder.pgn");
  TsAnnotateOptions options;
  g_autoptr (TsAnnotateJob) job = NULL;

  ts_annotate_options_init (&options);
  options.depth = 1;
  job = ts_annotate_job_new (game, &options);
  g_assert_true (ts_annotate_job_run (job, NULL, NULL, NULL, NULL));
  ts_game_truncate_after (game, main_line_node (game, 4));
  g_assert_cmpuint (ts_annotate_job_apply (job, game), ==, 5);
  for (guint i = 0; i < 5; i++)
    g_assert_cmpint (main_line_node (game, i)->annotation.eval.kind, !=, TS_EVAL_NONE);
  /* another game entirely */
  {
    g_autoptr (TsGame) other = ts_game_new (ts_variant_lookup ("parton"), NULL);

    g_assert_cmpuint (ts_annotate_job_apply (job, other), ==, 0);
  }
}

/* Four players (free-for-all and teams) and Doseki: every seat judged by its own
 * evaluation, a summary per seat, nothing crashes. */
static void
test_other_variants (gconstpointer data)
{
  const TsVariant *v = ts_variant_lookup (data);
  guint plies = v->family == TS_FAMILY_DOSEKI ? 4 : 16;
  g_autoptr (TsGame) game = ts_game_new_random (v, plies, 0, FALSE, 7);
  g_autoptr (TsAnnotateJob) job = NULL;
  g_autofree char *once = NULL, *twice = NULL;
  TsAnnotateSummary summary;
  guint judged = 0, n;

  job = annotate (game, 1, TRUE);
  n = ts_annotate_job_n_plies (job);
  g_assert_cmpuint (n, >=, plies / 2);
  g_assert_cmpuint (ts_annotate_job_apply (job, game), ==, n);
  ts_annotate_job_summary (job, &summary);
  g_assert_cmpuint (summary.n_seats, ==, v->n_seats);
  for (guint s = 0; s < v->n_seats; s++)
    {
      g_test_message ("%s: %s %u moves, %u/%u/%u, ACPL %.0f", v->id, v->seat_names[s],
                      summary.seats[s].n_moves, summary.seats[s].n_judged[1],
                      summary.seats[s].n_judged[2], summary.seats[s].n_judged[3], summary.seats[s].acpl);
      g_assert_cmpuint (summary.seats[s].n_moves, >=, 1);
      judged += summary.seats[s].n_moves;
    }
  for (guint i = 0; i < n; i++)
    {
      const TsAnnotatePly *ply = ts_annotate_job_ply (job, i);

      g_assert_cmpint (main_line_node (game, i)->annotation.eval.kind, !=, TS_EVAL_NONE);
      g_assert_cmpint (ply->after.kind, !=, TS_EVAL_NONE);
    }
  g_assert_cmpuint (judged, ==, n);
  once = ts_game_to_xml (game, NULL);
  g_clear_pointer (&job, ts_annotate_job_unref);
  job = annotate (game, 1, TRUE);
  ts_annotate_job_apply (job, game);
  twice = ts_game_to_xml (game, NULL);
  g_assert_cmpstr (once, ==, twice);
}

/* In a worker thread: progress in the caller's context, once per move, then the end. */
typedef struct {
  GMainLoop     *loop;
  GThread       *main_thread;
  TsAnnotateJob *job;
  guint          n_progress;
  gboolean       finished, ok;
  GError        *error;
  GCancellable  *cancel_at_first;
} AsyncState;

static void
async_progress (TsAnnotateJob *job, guint ply, guint n_plies, const TsAnnotatePly *result, gpointer data)
{
  AsyncState *st = data;

  g_assert_true (g_thread_self () == st->main_thread);
  g_assert_true (job == st->job);
  g_assert_false (st->finished);
  g_assert_cmpuint (ply, ==, st->n_progress);
  g_assert_cmpuint (n_plies, ==, 18);
  g_assert_cmpint (result->after.kind, !=, TS_EVAL_NONE);
  st->n_progress++;
  if (st->cancel_at_first)
    g_cancellable_cancel (st->cancel_at_first);
}

static void
async_done (GObject *source, GAsyncResult *result, gpointer data)
{
  AsyncState *st = data;

  g_assert_true (g_thread_self () == st->main_thread);
  st->ok = ts_annotate_job_run_finish (st->job, result, &st->error);
  st->finished = TRUE;
  g_main_loop_quit (st->loop);
}

static void
run_async (AsyncState *st, TsGame *game, const TsAnnotateOptions *options, GCancellable *cancellable)
{
  st->loop = g_main_loop_new (NULL, FALSE);
  st->main_thread = g_thread_self ();
  st->job = ts_annotate_job_new (game, options);
  ts_annotate_job_run_async (st->job, cancellable, async_progress, st, async_done, st);
  g_main_loop_run (st->loop);
  g_main_loop_unref (st->loop);
  /* nothing may arrive after the end */
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
test_async (void)
{
  g_autoptr (TsGame) game = load_data_game ("raumschach-blunder.pgn");
  g_autofree char *before = ts_game_to_xml (game, NULL);
  g_autofree char *after = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  AsyncState st = { 0 };
  TsAnnotateOptions options;

  ts_annotate_options_init (&options);
  options.depth = 2;
  run_async (&st, game, &options, NULL);
  g_assert_true (st.ok);
  g_assert_no_error (st.error);
  g_assert_cmpuint (st.n_progress, ==, 18);
  g_assert_cmpuint (ts_annotate_job_apply (st.job, game), ==, 18);
  g_assert_true (has_nag (main_line_node (game, BLUNDER_PLY), TS_NAG_BLUNDER));
  ts_annotate_job_unref (st.job);
  g_assert_true (ts_game_undo (game));

  /* cancelled at the first progress: the end says so, no progress after it (the worker
   * has sent more by then), the game is as it was */
  memset (&st, 0, sizeof st);
  st.cancel_at_first = cancellable;
  run_async (&st, game, &options, cancellable);
  g_assert_false (st.ok);
  g_assert_error (st.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (st.n_progress, ==, 1);
  after = ts_game_to_xml (game, NULL);
  g_assert_cmpstr (after, ==, before);
  g_clear_error (&st.error);
  ts_annotate_job_unref (st.job);

  /* cancelled in the middle of a long search: it stops within a moment */
  {
    g_autoptr (GCancellable) during = g_cancellable_new ();
    gint64 start = g_get_monotonic_time ();

    memset (&st, 0, sizeof st);
    options.depth = 0;
    options.movetime_ms = 60000;
    g_timeout_add_once (300, (GSourceOnceFunc) g_cancellable_cancel, during);
    run_async (&st, game, &options, during);
    g_assert_error (st.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_assert_cmpuint (st.n_progress, ==, 0);
    g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC);
    g_clear_error (&st.error);
    ts_annotate_job_unref (st.job);
  }
}

/* tessera-cli annotate IN OUT: the summary, the file written, the errors. */
static void
test_cli (void)
{
  g_autofree char *in = g_build_filename (g_getenv ("TESSERA_SOURCE_ROOT"), "tests", "data", "games",
                                          "raumschach-blunder.pgn", NULL);
  g_autofree char *dir = g_dir_make_tmp ("annotate-XXXXXX", NULL);
  g_autofree char *out_path = g_build_filename (dir, "out.tessera", NULL);
  g_autofree char *backup = g_strconcat (out_path, "~", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (TsGame) game = NULL;
  g_autoptr (GError) error = NULL;
  const char *ok_args[] = { "annotate", in, out_path, "--depth", "3", "--variations", NULL };

  g_assert_cmpint (run_cli (ok_args, &out, &err), ==, 0);
  g_assert_cmpstr (err, ==, "");
  g_assert_true (g_str_has_prefix (out, "       Inaccuracies  Mistakes  Blunders  ACPL\n"
                                        "White             "));
  g_assert_nonnull (strstr (out, "\nWhite             0         0         1 "));
  g_assert_nonnull (strstr (out, "\nBlack             0         0         0 "));
  game = ts_game_load (out_path, &error);
  g_assert_no_error (error);
  g_assert_true (has_nag (main_line_node (game, BLUNDER_PLY), TS_NAG_BLUNDER));
  g_assert_cmpuint (ts_game_node_n_children (main_line_node (game, BLUNDER_PLY - 1)), ==, 2);

  {
    const char *both[] = { "annotate", in, out_path, "--depth", "3", "--movetime", "100", NULL };
    const char *one_file[] = { "annotate", in, NULL };
    const char *negative[] = { "annotate", in, out_path, "--depth", "-1", NULL };
    const char *missing[] = { "annotate", "/nonexistent/game.pgn", out_path, NULL };
    const char *huge_hash[] = { "annotate", in, out_path, "--hash", "2000000000", NULL };

    g_assert_cmpint (run_cli (both, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "either --movetime MS or --depth N"));
    g_assert_cmpint (run_cli (one_file, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "annotate: give an input and an output file"));
    g_assert_cmpint (run_cli (negative, &out, &err), ==, 2);
    g_assert_cmpint (run_cli (huge_hash, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--hash 2000000000: at most "));
    g_assert_cmpint (run_cli (missing, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "/nonexistent/game.pgn"));
    g_assert_cmpstr (out, ==, "");
  }
  {
    /* the four-player Cubic armies by their colours' names, as the window shows them */
    g_autofree char *four = g_build_filename (g_getenv ("TESSERA_SOURCE_ROOT"), "tests", "data", "games",
                                              "cubic8-4p-32.pgn", NULL);
    const char *four_args[] = { "annotate", four, out_path, "--depth", "1", NULL };

    g_assert_cmpint (run_cli (four_args, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "\nRed "));
    g_assert_nonnull (strstr (out, "\nOrange "));
    g_assert_nonnull (strstr (out, "\nGreen "));
    g_assert_nonnull (strstr (out, "\nBlue "));
  }
  g_unlink (out_path);
  g_unlink (backup);
  g_rmdir (dir);
}

/* Whether every move of game's main line has an evaluation. */
static gboolean
main_line_evaluated (TsGame *game)
{
  guint n = 0;

  for (TsGameNode *node = ts_game_root (game); ts_game_node_n_children (node); n++)
    {
      node = ts_game_node_child (node, 0);
      if (node->annotation.eval.kind == TS_EVAL_NONE)
        return FALSE;
    }
  return n > 0;
}

/* tessera-cli annotate on a collection: every game annotated, written in the output's
 * form or back into the input; a game that cannot be read said with its line and kept. */
static void
test_cli_collection (void)
{
  g_autofree char *blunder_path = g_build_filename (g_getenv ("TESSERA_SOURCE_ROOT"), "tests", "data", "games",
                                                    "raumschach-blunder.pgn", NULL);
  g_autofree char *blunder = NULL;
  g_autofree char *dir = g_dir_make_tmp ("annotate-XXXXXX", NULL);
  g_autofree char *in = g_build_filename (dir, "in.pgn", NULL);
  g_autofree char *out_pgn = g_build_filename (dir, "out.pgn", NULL);
  g_autofree char *out_xml = g_build_filename (dir, "out.tessera", NULL);
  g_autofree char *out = NULL, *err = NULL, *text = NULL;
  g_autoptr (TsGame) other = ts_game_new_random_opening (ts_variant_lookup ("nihongi"), 6, 2, 2, 5);
  g_autofree char *other_text = ts_game_to_text (other, NULL);
  const char *bad = "[Variant \"raumschach\"]\n\n1. Xx9 *\n";

  g_assert_true (g_file_get_contents (blunder_path, &blunder, NULL, NULL));
  text = g_strconcat (blunder, "\n", other_text, "\n", bad, NULL);
  g_assert_true (g_file_set_contents (in, text, -1, NULL));

  /* to a collection of the same form: the bad game kept byte for byte, exit status 1 */
  {
    const char *args[] = { "annotate", in, out_pgn, "--depth", "2", NULL };
    g_autoptr (TsCollection) c = NULL, source = ts_collection_load (in, NULL);
    g_autoptr (TsGame) first = NULL, second = NULL;

    g_assert_cmpint (run_cli (args, &out, &err), ==, 1);
    g_assert_true (g_str_has_prefix (out, "Game 1\n       Inaccuracies"));
    g_assert_nonnull (strstr (out, "\nGame 2\n"));
    g_assert_nonnull (strstr (out, "\nGame 3\n"));
    g_assert_nonnull (strstr (err, "in.pgn:"));
    g_assert_nonnull (strstr (err, "annotate: 1 game was not annotated"));
    c = ts_collection_load (out_pgn, NULL);
    g_assert_nonnull (c);
    g_assert_cmpuint (ts_collection_n_games (c), ==, 3);
    first = ts_collection_read_game (c, 0, NULL);
    second = ts_collection_read_game (c, 1, NULL);
    g_assert_true (has_nag (main_line_node (first, BLUNDER_PLY), TS_NAG_BLUNDER));
    g_assert_true (main_line_evaluated (first));
    g_assert_true (main_line_evaluated (second));
    g_assert_true (g_bytes_equal (ts_collection_game_bytes (c, 2), ts_collection_game_bytes (source, 2)));
  }
  /* to the other form: the bad game cannot be converted, said */
  {
    const char *args[] = { "annotate", in, out_xml, "--depth", "1", NULL };
    g_autoptr (TsCollection) c = NULL;

    g_assert_cmpint (run_cli (args, &out, &err), ==, 1);
    c = ts_collection_load (out_xml, NULL);
    g_assert_cmpuint (ts_collection_n_games (c), ==, 2);
    g_assert_cmpint (ts_collection_get_format (c), ==, TS_GAME_FORMAT_XML);
  }
  /* back into the input, deeper: both games annotated again, exit status 0 */
  {
    const char *args[] = { "annotate", out_xml, out_xml, "--depth", "2", NULL };
    g_autofree char *before = NULL, *after = NULL;
    g_autoptr (TsCollection) c = NULL;
    g_autoptr (TsGame) second = NULL;

    g_assert_true (g_file_get_contents (out_xml, &before, NULL, NULL));
    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
    g_assert_cmpstr (err, ==, "");
    g_assert_true (g_file_get_contents (out_xml, &after, NULL, NULL));
    g_assert_null (strstr (before, "depth=\"2\""));
    g_assert_nonnull (strstr (after, "depth=\"2\""));
    c = ts_collection_load (out_xml, NULL);
    g_assert_cmpuint (ts_collection_n_games (c), ==, 2);
    second = ts_collection_read_game (c, 1, NULL);
    g_assert_true (main_line_evaluated (second));
  }
  {
    const char *const names[] = { "in.pgn", "out.pgn", "out.tessera", "out.tessera~", "out.pgn~" };

    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autofree char *path = g_build_filename (dir, names[i], NULL);

        g_unlink (path);
      }
  }
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/annotate/judge", test_judge);
  g_test_add_func ("/annotate/format", test_format);
  g_test_add_func ("/annotate/blunder", test_blunder);
  g_test_add_func ("/annotate/twice", test_twice);
  g_test_add_func ("/annotate/user-work-kept", test_user_work_kept);
  g_test_add_func ("/annotate/main-line-changed", test_main_line_changed);
  g_test_add_data_func ("/annotate/variant/cubic8-4p", "cubic8-4p", test_other_variants);
  g_test_add_data_func ("/annotate/variant/grossraumschach", "grossraumschach", test_other_variants);
  g_test_add_data_func ("/annotate/variant/cubic8-teams-13", "cubic8-teams-13", test_other_variants);
  g_test_add_data_func ("/annotate/variant/nihongi", "nihongi", test_other_variants);
  g_test_add_data_func ("/annotate/variant/doseki", "doseki", test_other_variants);
  g_test_add_func ("/annotate/async", test_async);
  g_test_add_func ("/annotate/cli", test_cli);
  g_test_add_func ("/annotate/cli-collection", test_cli_collection);
  return g_test_run ();
}
