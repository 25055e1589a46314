/* The asynchronous search handle: a GThread per search on a copy of the position;
 * results reach the caller's GMainContext as copies, through idle sources attached
 * to it (see engine.h). */
#include "engine/engine-private.h"

#include "rules/notation.h"

#ifdef __linux__
#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#define PROGRESS_INTERVAL_US (G_USEC_PER_SEC / 10)
/* how much nicer than its caller the worker is */
#define TS_SEARCH_NICE 10
/* At most this many searches with their own engine (ts_search_start) hold one at a
 * time: the others wait, and a search stopped while it waits never makes one. A burst
 * of started-and-stopped analyses once kept a thousand engines of 16 MiB alive. */
#define MAX_OWN_ENGINES 4

static GMutex slots_lock;
static GCond  slots_cond;
static guint  slots_used;

struct _TsSearch {
  gint                  ref_count;
  TsEngine             *engine;      /* the caller's (ts_search_start_on), or NULL */
  gint                  stop;        /* atomic: raised by ts_search_stop() */
  gint                  done;        /* atomic: the done callback has run */
  GMainContext         *context;
  TsPosition           *pos;         /* the worker's own copy */
  TsSearchLimits        limits;
  TsSearchProgressFunc  progress;
  TsSearchDoneFunc      done_func;
  gpointer              user_data;
  GDestroyNotify        destroy;

  /* Throttling, between the worker and the flush timeout in the caller's context. */
  GMutex                lock;
  gint64                last_sent_us;
  TsSearchInfo         *pending;
  gboolean              flush_scheduled;
  GSource              *flush_source;
};

typedef struct {
  TsSearch     *search;
  TsSearchInfo *info;
} Delivery;

TsSearch *
ts_search_ref (TsSearch *search)
{
  g_atomic_int_inc (&search->ref_count);
  return search;
}

void
ts_search_unref (TsSearch *search)
{
  if (!search || !g_atomic_int_dec_and_test (&search->ref_count))
    return;
  g_clear_pointer (&search->pos, ts_position_free);
  g_clear_pointer (&search->pending, ts_search_info_free);
  g_clear_pointer (&search->engine, ts_engine_free);
  g_main_context_unref (search->context);
  g_mutex_clear (&search->lock);
  g_free (search);
}

void
ts_search_stop (TsSearch *search)
{
  g_return_if_fail (search != NULL);
  g_atomic_int_set (&search->stop, 1);
}

gboolean
ts_search_is_done (TsSearch *search)
{
  return g_atomic_int_get (&search->done) != 0;
}

/* g_main_context_invoke_full() would run func right here in the worker when the
 * context is the global default one and nobody holds it: always go through a source. */
static void
post_to_context (GMainContext *context, GSourceFunc func, gpointer data, GDestroyNotify notify)
{
  GSource *source = g_idle_source_new ();

  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, func, data, notify);
  g_source_set_static_name (source, "ts-search-result");
  g_source_attach (source, context);
  g_source_unref (source);
}

static void
delivery_free (gpointer data)
{
  Delivery *d = data;

  ts_search_info_free (d->info);
  ts_search_unref (d->search);
  g_free (d);
}

static gboolean
deliver_progress (gpointer data)
{
  Delivery *d = data;
  TsSearch *s = d->search;

  if (!g_atomic_int_get (&s->stop) && !g_atomic_int_get (&s->done) && s->progress)
    s->progress (s, d->info, s->user_data);
  return G_SOURCE_REMOVE;
}

static void
post_progress (TsSearch *s, TsSearchInfo *info)
{
  Delivery *d = g_new0 (Delivery, 1);

  d->search = ts_search_ref (s);
  d->info = info;
  post_to_context (s->context, deliver_progress, d, delivery_free);
}

/* Runs in the caller's context: sends the info that arrived too soon after the last. */
static gboolean
flush_pending (gpointer data)
{
  TsSearch *s = data;
  TsSearchInfo *info;

  g_mutex_lock (&s->lock);
  info = g_steal_pointer (&s->pending);
  s->flush_scheduled = FALSE;
  s->flush_source = NULL;
  if (info)
    s->last_sent_us = g_get_monotonic_time ();
  g_mutex_unlock (&s->lock);

  if (info)
    {
      if (!g_atomic_int_get (&s->stop) && !g_atomic_int_get (&s->done) && s->progress)
        s->progress (s, info, s->user_data);
      ts_search_info_free (info);
    }
  return G_SOURCE_REMOVE;
}

/* Runs in the worker for every completed iteration. */
static void
on_info (const TsSearchInfo *info, gpointer data)
{
  TsSearch *s = data;
  gint64 now = g_get_monotonic_time ();
  TsSearchInfo *send = NULL;

  if (!s->progress)
    return;
  g_mutex_lock (&s->lock);
  if (now - s->last_sent_us >= PROGRESS_INTERVAL_US && !s->flush_scheduled)
    {
      s->last_sent_us = now;
      send = ts_search_info_copy (info);
    }
  else
    {
      g_clear_pointer (&s->pending, ts_search_info_free);
      s->pending = ts_search_info_copy (info);
      if (!s->flush_scheduled)
        {
          gint64 wait = PROGRESS_INTERVAL_US - (now - s->last_sent_us);
          GSource *t = g_timeout_source_new ((guint) MAX (wait / 1000, 1));
          s->flush_scheduled = TRUE;
          g_source_set_callback (t, flush_pending, ts_search_ref (s),
                                 (GDestroyNotify) ts_search_unref);
          g_source_attach (t, s->context);
          s->flush_source = t;
          g_source_unref (t);
        }
    }
  g_mutex_unlock (&s->lock);
  if (send)
    post_progress (s, send);
}

static gboolean
deliver_done (gpointer data)
{
  Delivery *d = data;
  TsSearch *s = d->search;

  g_atomic_int_set (&s->done, 1);
  /* The worker has finished: no flush can be scheduled any more. */
  g_mutex_lock (&s->lock);
  if (s->flush_source)
    g_source_destroy (s->flush_source);
  s->flush_source = NULL;
  s->flush_scheduled = FALSE;
  g_clear_pointer (&s->pending, ts_search_info_free);
  g_mutex_unlock (&s->lock);
  if (s->done_func)
    s->done_func (s, d->info, s->user_data);
  if (s->destroy)
    g_clear_pointer (&s->user_data, s->destroy);
  return G_SOURCE_REMOVE;
}

/* The search must not take the CPU from the thread that runs the caller's main loop (a
 * window that has to draw the move it just received): on Linux a thread has its own nice
 * value, and the worker lowers its own. */
static void
lower_priority (void)
{
#ifdef __linux__
  pid_t tid = (pid_t) syscall (SYS_gettid);
  int nice;

  errno = 0;
  nice = getpriority (PRIO_PROCESS, tid);
  if (errno == 0)
    setpriority (PRIO_PROCESS, tid, MIN (nice + TS_SEARCH_NICE, 19));
#endif
}

/* Waits for one of the MAX_OWN_ENGINES slots; FALSE if the search was stopped first. */
static gboolean
take_slot (TsSearch *s)
{
  gboolean ok;

  g_mutex_lock (&slots_lock);
  while (slots_used >= MAX_OWN_ENGINES && !g_atomic_int_get (&s->stop))
    g_cond_wait_until (&slots_cond, &slots_lock, g_get_monotonic_time () + 5 * G_TIME_SPAN_MILLISECOND);
  ok = !g_atomic_int_get (&s->stop);
  slots_used += ok;
  g_mutex_unlock (&slots_lock);
  return ok;
}

static void
give_slot (void)
{
  g_mutex_lock (&slots_lock);
  slots_used--;
  g_cond_signal (&slots_cond);
  g_mutex_unlock (&slots_lock);
}

/* The answer of a search stopped before it began: the first legal move, as a line
 * without a score (every search answers with a legal move when there is one). */
static void
unsearched_info (TsPosition *pos, TsSearchInfo *info)
{
  TsMoveList l;

  memset (info, 0, sizeof *info);
  info->best_move = ts_no_move ();
  info->stopped = TRUE;
  ts_move_list_init (&l);
  if (!ts_position_draw_by_rule (pos))
    ts_position_generate_legal (pos, &l);
  if (l.n > 0)
    {
      info->best_move = l.moves[0];
      info->n_lines = 1;
      info->lines[0].n_moves = 1;
      info->lines[0].moves[0] = l.moves[0];
      info->lines[0].san = ts_move_to_san (pos, l.moves[0]);
    }
  ts_move_list_clear (&l);
}

static gpointer
worker (gpointer data)
{
  TsSearch *s = data;
  const TsVariant *v = ts_position_variant (s->pos);
  TsEngine *engine = s->engine;
  Delivery *d = g_new0 (Delivery, 1);

  lower_priority ();
  d->info = g_new0 (TsSearchInfo, 1);
  if (!engine && take_slot (s))
    {
      engine = ts_engine_new (v, s->limits.hash_mb);
      /* Even when stopped at once this finds a legal move (the first in its ordering). */
      ts_engine_search (engine, s->pos, &s->limits, &s->stop, on_info, s, d->info);
      ts_engine_free (engine);
      give_slot ();
    }
  else if (engine && !g_atomic_int_get (&s->stop))
    ts_engine_search (engine, s->pos, &s->limits, &s->stop, on_info, s, d->info);
  else
    unsearched_info (s->pos, d->info);
  d->info->stopped |= g_atomic_int_get (&s->stop) != 0;

  if (s->engine)
    {
      g_mutex_lock (&s->engine->owner_lock);
      if (s->engine->current == s)
        s->engine->current = NULL;
      g_mutex_unlock (&s->engine->owner_lock);
    }
  d->search = s;   /* the worker's reference moves to the delivery */
  post_to_context (s->context, deliver_done, d, delivery_free);
  return NULL;
}

static TsSearch *
start (TsEngine             *engine,
       const TsPosition     *pos,
       const TsSearchLimits *limits,
       GMainContext         *context,
       TsSearchProgressFunc  progress,
       TsSearchDoneFunc      done,
       gpointer              user_data,
       GDestroyNotify        destroy)
{
  TsSearch *s;
  g_autoptr (GError) error = NULL;
  GThread *thread;

  s = g_new0 (TsSearch, 1);
  s->ref_count = 2;   /* the caller's and the worker's */
  s->context = context ? g_main_context_ref (context) : g_main_context_ref_thread_default ();
  s->pos = ts_position_copy (pos);
  if (limits)
    s->limits = *limits;
  else
    ts_search_limits_init (&s->limits);
  s->progress = progress;
  s->done_func = done;
  s->user_data = user_data;
  s->destroy = destroy;
  s->last_sent_us = G_MININT64 / 2;
  g_mutex_init (&s->lock);
  if (engine)
    {
      /* The previous search on this engine ends: this one would wait for it. */
      s->engine = ts_engine_ref (engine);
      g_mutex_lock (&engine->owner_lock);
      if (engine->current)
        ts_search_stop (engine->current);
      engine->current = s;
      g_mutex_unlock (&engine->owner_lock);
    }

  thread = g_thread_try_new ("ts-search", worker, s, &error);
  if (!thread)
    g_error ("cannot start the search thread: %s", error->message);
  g_thread_unref (thread);
  return s;
}

TsSearch *
ts_search_start_on (TsEngine             *engine,
                    const TsPosition     *pos,
                    const TsSearchLimits *limits,
                    GMainContext         *context,
                    TsSearchProgressFunc  progress,
                    TsSearchDoneFunc      done,
                    gpointer              user_data,
                    GDestroyNotify        destroy)
{
  g_return_val_if_fail (engine != NULL && pos != NULL, NULL);
  g_return_val_if_fail (ts_position_variant (pos) == engine->variant, NULL);
  return start (engine, pos, limits, context, progress, done, user_data, destroy);
}

TsSearch *
ts_search_start (const TsPosition     *pos,
                 const TsSearchLimits *limits,
                 GMainContext         *context,
                 TsSearchProgressFunc  progress,
                 TsSearchDoneFunc      done,
                 gpointer              user_data,
                 GDestroyNotify        destroy)
{
  g_return_val_if_fail (pos != NULL, NULL);
  return start (NULL, pos, limits, context, progress, done, user_data, destroy);
}
