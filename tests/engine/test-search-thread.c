/* The asynchronous search: start/stop cycles, stop latency, throttled progress in the
 * caller's context, overlapping searches. */
#include "engine/engine.h"
#include "rules/postext.h"

#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/resource.h>
#endif

#include "../sanitized.h"

typedef struct {
  GMainLoop *loop;
  guint      done;
  guint      progress;
  gint64     stop_at_us;
  gint64     max_latency_us;
  GArray    *latencies_us;   /* every stop's latency, when collected */
  TsMove     best;
  guint      depth;      /* the last iteration's, when done */
  gboolean   legal;
  TsPosition *pos;
  TsSearch   *expected;
  gboolean   wrong_search;
  GThread    *main_thread;
  gboolean   wrong_thread;
} Watch;

static gboolean
is_generated (TsPosition *pos, TsMove m)
{
  TsMoveList l;
  gboolean found = FALSE;

  ts_move_list_init (&l);
  ts_position_generate_legal (pos, &l);
  for (guint i = 0; i < l.n; i++)
    found |= ts_move_equal (l.moves[i], m);
  ts_move_list_clear (&l);
  return found;
}

static void
on_progress (TsSearch *search, const TsSearchInfo *info, gpointer data)
{
  Watch *w = data;

  w->progress++;
  w->wrong_thread |= g_thread_self () != w->main_thread;
  g_assert_cmpuint (info->n_lines, >=, 1);
  g_assert_nonnull (info->lines[0].san);
}

static void
on_done (TsSearch *search, const TsSearchInfo *info, gpointer data)
{
  Watch *w = data;

  w->done++;
  w->wrong_thread |= g_thread_self () != w->main_thread;
  if (w->expected && search != w->expected)
    w->wrong_search = TRUE;
  if (w->stop_at_us)
    {
      gint64 latency = g_get_monotonic_time () - w->stop_at_us;

      w->max_latency_us = MAX (w->max_latency_us, latency);
      if (w->latencies_us)
        g_array_append_val (w->latencies_us, latency);
    }
  w->best = info->best_move;
  w->depth = info->depth;
  w->legal = is_generated (w->pos, info->best_move);
  if (w->loop)
    g_main_loop_quit (w->loop);
}

static gboolean
stop_cb (gpointer data)
{
  Watch *w = data;

  w->stop_at_us = g_get_monotonic_time ();
  ts_search_stop (w->expected);
  return G_SOURCE_REMOVE;
}

static gint
compare_gint64 (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

static void
test_start_stop_cycles (void)
{
  gint64 median;
  guint n;
  const TsVariant *const *all = ts_variant_list (&n);
  Watch w = { 0 };
  guint cycles = g_test_slow () ? 1000 : 200;

  w.loop = g_main_loop_new (NULL, FALSE);
  w.main_thread = g_thread_self ();
  w.latencies_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint i = 0; i < cycles; i++)
    {
      const TsVariant *v = all[i % n];
      g_autoptr (TsPosition) pos = ts_position_new_initial (v);
      TsSearchLimits limits;

      ts_search_limits_init (&limits);
      limits.infinite = TRUE;
      limits.hash_mb = 1;
      w.pos = pos;
      w.stop_at_us = 0;
      w.expected = ts_search_start (pos, &limits, NULL, on_progress, on_done, &w, NULL);
      /* Stop at once, or after a few milliseconds of search. */
      g_timeout_add (i % 3 == 0 ? 0 : 1 + i % 20, stop_cb, &w);
      g_main_loop_run (w.loop);
      g_assert_true (ts_search_is_done (w.expected));
      g_assert_true (w.legal);
      g_clear_pointer (&w.expected, ts_search_unref);
    }
  g_assert_cmpuint (w.done, ==, cycles);
  g_assert_false (w.wrong_search);
  g_assert_false (w.wrong_thread);
  g_array_sort (w.latencies_us, compare_gint64);
  median = g_array_index (w.latencies_us, gint64, w.latencies_us->len / 2);
  g_test_message ("stop latency: median %" G_GINT64_FORMAT " us, longest %" G_GINT64_FORMAT " us",
                  median, w.max_latency_us);
  /* 50 ms is the design figure (a few ms measured in a plain build). The median holds to
   * it; the longest only to a bound that leaves room for a loaded machine (692 ms was
   * seen once in CI, two cores shared with the window tests: a thread not scheduled, not
   * a slow stop), and much more under sanitizers, which slow the rules' move generation
   * tenfold. A search that did not stop would fail both. */
  g_assert_cmpint (median, <, SANITIZED ? 500 * 1000 : 50 * 1000);
  g_assert_cmpint (w.max_latency_us, <, SANITIZED ? 10 * 1000 * 1000 : 3 * 1000 * 1000);
  g_array_unref (w.latencies_us);
  g_main_loop_unref (w.loop);
}

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

/* A search until stopped, watched by w. */
static TsSearch *
start_infinite (Watch *w, TsPosition *pos)
{
  TsSearchLimits limits;

  w->loop = g_main_loop_new (NULL, FALSE);
  w->main_thread = g_thread_self ();
  w->pos = pos;
  ts_search_limits_init (&limits);
  limits.infinite = TRUE;
  limits.hash_mb = 4;
  w->expected = ts_search_start (pos, &limits, NULL, on_progress, on_done, w, NULL);
  return w->expected;
}

static void
test_progress_throttled (void)
{
  const TsVariant *v = ts_variant_lookup ("raumschach");
  g_autoptr (TsPosition) pos = ts_position_new_initial (v);
  Watch w = { 0 };
  g_autoptr (TsSearch) s = start_infinite (&w, pos);
  gint64 start = g_get_monotonic_time (), elapsed_ms;

  /* At most one progress call every 100 ms (progress-throttled-burst shows the limit at
   * work), counted over the time the main loop really ran: a loaded machine's timer
   * comes late. */
  g_timeout_add (1000, quit_cb, w.loop);
  g_main_loop_run (w.loop);
  elapsed_ms = (g_get_monotonic_time () - start) / 1000;
  g_test_message ("%u progress calls in %" G_GINT64_FORMAT " ms", w.progress, elapsed_ms);
  g_assert_cmpuint (w.progress, <=, 2 + elapsed_ms / 100);
  /* The first iteration's, however slow the machine (the worker is niced: on a loaded
   * one it gets a small share of a CPU). */
  for (gint64 end = start + 120 * G_USEC_PER_SEC; w.progress == 0 && g_get_monotonic_time () < end;)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (w.progress, >=, 1);
  g_assert_cmpuint (w.done, ==, 0);
  ts_search_stop (s);
  ts_search_stop (s);   /* twice is harmless */
  g_main_loop_run (w.loop);
  g_assert_cmpuint (w.done, ==, 1);
  g_assert_true (w.legal);
  g_assert_false (w.wrong_thread);
  g_main_loop_unref (w.loop);
}

/* Iterations far faster than ten a second (a mate in one: each is cut at the mate, up to
 * the depth cap, where even an infinite search ends): progress still comes at most once
 * every 100 ms, the first at once and a last one flushed, over the time the main loop
 * really ran. */
static void
test_progress_throttled_burst (void)
{
  g_autoptr (TsPosition) pos = ts_position_from_text ("raumschach w:KAc5,QEb5,REc1,UBe1 b:KAa5 turn=w", NULL);
  Watch w = { 0 };
  g_autoptr (TsSearch) s = start_infinite (&w, pos);
  gint64 start = g_get_monotonic_time (), elapsed_ms;

  g_main_loop_run (w.loop);
  elapsed_ms = (g_get_monotonic_time () - start) / 1000;
  g_test_message ("%u iterations in %" G_GINT64_FORMAT " ms, %u progress calls", w.depth, elapsed_ms,
                  w.progress);
  g_assert_cmpuint (w.done, ==, 1);
  g_assert_true (ts_search_is_done (s));
  g_assert_true (w.legal);
  g_assert_cmpuint (w.depth, >=, 100);
  g_assert_cmpuint (w.progress, >=, 1);
  g_assert_cmpuint (w.progress, <=, 2 + elapsed_ms / 100);
  g_main_loop_unref (w.loop);
}

/* A new search starts while the old one is still stopping; both finish, each calls
 * its own done callback once, and the user data is destroyed after it. */
static void
destroy_counter (gpointer data)
{
  (*(guint *) data)++;
}

typedef struct {
  guint      done[2];
  guint      destroyed;
  GMainLoop *loop;
} Pair;

static void
pair_done0 (TsSearch *s, const TsSearchInfo *info, gpointer data)
{
  Pair *p = *(Pair **) data;
  p->done[0]++;
}

static void
pair_done1 (TsSearch *s, const TsSearchInfo *info, gpointer data)
{
  Pair *p = *(Pair **) data;
  p->done[1]++;
  g_main_loop_quit (p->loop);
}

static void
pair_destroy (gpointer data)
{
  Pair *p = *(Pair **) data;
  destroy_counter (&p->destroyed);
  g_free (data);
}

static void
test_overlapping (void)
{
  const TsVariant *v = ts_variant_lookup ("raumschach");
  g_autoptr (TsPosition) pos = ts_position_new_initial (v);
  Pair pair = { { 0, 0 }, 0, g_main_loop_new (NULL, FALSE) };
  TsSearchLimits limits;
  Pair **d0 = g_new (Pair *, 1), **d1 = g_new (Pair *, 1);
  TsSearch *a, *b;

  *d0 = *d1 = &pair;
  ts_search_limits_init (&limits);
  limits.infinite = TRUE;
  limits.hash_mb = 1;
  a = ts_search_start (pos, &limits, NULL, NULL, pair_done0, d0, pair_destroy);
  ts_search_stop (a);
  ts_search_unref (a);   /* dropped before it is done: the worker keeps it alive */
  limits.infinite = FALSE;
  limits.depth = 2;
  b = ts_search_start (pos, &limits, NULL, NULL, pair_done1, d1, pair_destroy);
  g_main_loop_run (pair.loop);
  while (pair.done[0] == 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (pair.done[0], ==, 1);
  g_assert_cmpuint (pair.done[1], ==, 1);
  g_assert_cmpuint (pair.destroyed, ==, 2);
  g_assert_true (ts_search_is_done (b));
  ts_search_unref (b);
  g_main_loop_unref (pair.loop);
}

/* Callbacks go to the context given, here one run by another thread. */
typedef struct {
  GMainContext *ctx;
  GMainLoop    *loop;
  GThread      *thread;
  gboolean      ok;
} Other;

static void
other_done (TsSearch *s, const TsSearchInfo *info, gpointer data)
{
  Other *o = data;

  o->ok = g_thread_self () == o->thread && g_main_context_is_owner (o->ctx);
  g_main_loop_quit (o->loop);
}

static gpointer
other_thread (gpointer data)
{
  Other *o = data;

  g_main_context_push_thread_default (o->ctx);
  g_main_loop_run (o->loop);
  g_main_context_pop_thread_default (o->ctx);
  return NULL;
}

static void
test_other_context (void)
{
  const TsVariant *v = ts_variant_lookup ("raumschach");
  g_autoptr (TsPosition) pos = ts_position_new_initial (v);
  Other o = { g_main_context_new (), NULL, NULL, FALSE };
  TsSearchLimits limits;

  o.loop = g_main_loop_new (o.ctx, FALSE);
  ts_search_limits_init (&limits);
  limits.depth = 2;
  limits.hash_mb = 1;
  o.thread = g_thread_new ("other", other_thread, &o);
  ts_search_unref (ts_search_start (pos, &limits, o.ctx, NULL, other_done, &o, NULL));
  g_thread_join (o.thread);
  g_assert_true (o.ok);
  g_main_loop_unref (o.loop);
  g_main_context_unref (o.ctx);
}

#ifdef __linux__
/* The nice value of the thread called name in this process, or G_MININT if none. */
static int
thread_nice (const char *name)
{
  g_autoptr (GDir) dir = g_dir_open ("/proc/self/task", 0, NULL);
  const char *tid;

  while (dir && (tid = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *comm_path = g_build_filename ("/proc/self/task", tid, "comm", NULL);
      g_autofree char *stat_path = g_build_filename ("/proc/self/task", tid, "stat", NULL);
      g_autofree char *comm = NULL;
      g_autofree char *stat = NULL;
      g_auto (GStrv) fields = NULL;

      if (!g_file_get_contents (comm_path, &comm, NULL, NULL) || !g_str_equal (g_strstrip (comm), name) ||
          !g_file_get_contents (stat_path, &stat, NULL, NULL) || strrchr (stat, ')') == NULL)
        continue;
      /* after "pid (comm) ": state is field 3, nice field 19 */
      fields = g_strsplit (strrchr (stat, ')') + 2, " ", -1);
      if (g_strv_length (fields) > 16)
        return atoi (fields[16]);
    }
  return G_MININT;
}

/* The worker gives way to the thread that runs the caller's main loop: a window must be
 * able to draw while the computer thinks, also on a machine with few cores. */
static void
test_worker_nicer (void)
{
  const TsVariant *v = ts_variant_lookup ("raumschach");
  g_autoptr (TsPosition) pos = ts_position_new_initial (v);
  Watch w = { 0 };
  int own = getpriority (PRIO_PROCESS, 0);
  g_autoptr (TsSearch) s = start_infinite (&w, pos);

  while (w.progress == 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (thread_nice ("ts-search"), ==, MIN (own + 10, 19));
  g_assert_cmpint (getpriority (PRIO_PROCESS, 0), ==, own);   /* the caller's is unchanged */
  ts_search_stop (s);
  g_main_loop_run (w.loop);
  g_assert_cmpuint (w.done, ==, 1);
  g_main_loop_unref (w.loop);
}
#endif

typedef struct {
  guint    done;
  guint    illegal;
  guint    max_alive;
  guint    stopped;
  guint64  nodes;
  TsPosition *pos;
} Burst;

static void
burst_done (TsSearch *search, const TsSearchInfo *info, gpointer data)
{
  Burst *b = data;

  b->done++;
  b->illegal += !is_generated (b->pos, info->best_move);
  b->stopped += info->stopped;
  b->nodes = info->nodes;
  b->max_alive = MAX (b->max_alive, ts_engine_n_alive ());
}

/* Issue 13: analyses started and stopped in a burst. Each search with its own engine
 * (16 MiB of table) once made it and kept it until its first iteration ended: a
 * thousand of them held 16 GB. At most a few engines exist at any time now, each
 * freed as its search ends, and every search still answers with a legal move. */
static void
test_burst (void)
{
  g_autoptr (TsPosition) pos = ts_position_new_initial (ts_variant_lookup ("cubic8"));
  guint n = g_test_slow () ? 1000 : 300;
  Burst b = { 0 };
  TsSearchLimits limits;

  b.pos = pos;
  ts_search_limits_init (&limits);
  limits.infinite = TRUE;
  limits.hash_mb = 16;
  for (guint i = 0; i < n; i++)
    {
      TsSearch *s = ts_search_start (pos, &limits, NULL, NULL, burst_done, &b, NULL);

      ts_search_stop (s);
      ts_search_unref (s);
      b.max_alive = MAX (b.max_alive, ts_engine_n_alive ());
    }
  while (b.done < n)
    {
      b.max_alive = MAX (b.max_alive, ts_engine_n_alive ());
      g_main_context_iteration (NULL, FALSE);
      g_usleep (200);
    }
  g_test_message ("%u searches, at most %u engines alive at once", n, b.max_alive);
  g_assert_cmpuint (b.illegal, ==, 0);
  g_assert_cmpuint (b.stopped, ==, n);
  g_assert_cmpuint (b.max_alive, <=, 4);
  g_assert_cmpuint (ts_engine_n_alive (), ==, 0);
}

/* The caller's engine: kept from search to search (a second search of the same
 * position to the same depth needs fewer nodes), a new search stops the previous one
 * on it, and the engine lives as long as a search on it. */
static void
test_engine_kept (void)
{
  g_autoptr (TsPosition) pos = ts_position_new_initial (ts_variant_lookup ("raumschach"));
  TsEngine *engine = ts_engine_new (ts_position_variant (pos), 16);
  TsSearchLimits limits;
  Burst first = { 0 }, second = { 0 }, third = { 0 };
  TsSearch *a, *b;

  first.pos = second.pos = third.pos = pos;
  ts_search_limits_init (&limits);
  limits.depth = 6;
  a = ts_search_start_on (engine, pos, &limits, NULL, NULL, burst_done, &first, NULL);
  while (!first.done)
    g_main_context_iteration (NULL, TRUE);
  b = ts_search_start_on (engine, pos, &limits, NULL, NULL, burst_done, &second, NULL);
  while (!second.done)
    g_main_context_iteration (NULL, TRUE);
  g_test_message ("depth 6: %" G_GUINT64_FORMAT " nodes, then %" G_GUINT64_FORMAT,
                  first.nodes, second.nodes);
  g_assert_cmpuint (first.stopped + second.stopped, ==, 0);
  g_assert_cmpuint (second.nodes, <, first.nodes / 2);
  ts_search_unref (a);
  ts_search_unref (b);

  /* An infinite search, then another: the first is stopped by the second. */
  limits.depth = 0;
  limits.infinite = TRUE;
  a = ts_search_start_on (engine, pos, &limits, NULL, NULL, burst_done, &first, NULL);
  b = ts_search_start_on (engine, pos, &limits, NULL, NULL, burst_done, &third, NULL);
  ts_engine_free (engine);   /* the searches hold their own references */
  while (first.done < 2)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (first.stopped, ==, 1);
  g_assert_false (ts_search_is_done (b));
  g_assert_cmpuint (ts_engine_n_alive (), ==, 1);
  ts_search_stop (b);
  while (!third.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (third.illegal + first.illegal, ==, 0);
  ts_search_unref (a);
  ts_search_unref (b);
  g_assert_cmpuint (ts_engine_n_alive (), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/thread/start-stop-cycles", test_start_stop_cycles);
  g_test_add_func ("/engine/thread/progress-throttled", test_progress_throttled);
  g_test_add_func ("/engine/thread/progress-throttled-burst", test_progress_throttled_burst);
  g_test_add_func ("/engine/thread/overlapping", test_overlapping);
  g_test_add_func ("/engine/thread/other-context", test_other_context);
  g_test_add_func ("/engine/thread/burst", test_burst);
  g_test_add_func ("/engine/thread/engine-kept", test_engine_kept);
#ifdef __linux__
  g_test_add_func ("/engine/thread/worker-nicer", test_worker_nicer);
#endif
  return g_test_run ();
}
