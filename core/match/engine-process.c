/* A protocol engine as a subprocess (see engine-process.h). The pipes are read
 * without blocking; waits iterate a private GMainContext holding the two streams'
 * pollable sources and a timeout, so a hung engine costs a deadline, never a hang. */
#include "match/engine-process.h"

#include <glib/gi18n.h>
#include <limits.h>
#include <signal.h>
#include <string.h>

#define STDERR_TAIL 1024
#define SEND_TIMEOUT_US (30 * G_USEC_PER_SEC)

struct _TsEngineProcess {
  GSubprocess          *process;
  GOutputStream        *in;
  GPollableInputStream *out, *err;
  GMainContext         *context;
  GString              *pending;    /* output not yet returned as lines */
  GString              *err_tail;
  gboolean              out_closed, err_closed;
};

TsEngineProcess *
ts_engine_process_new (const char *const *argv, GError **error)
{
  TsEngineProcess *e;
  GSubprocess *p;

  if (signal (SIGPIPE, SIG_IGN) == SIG_ERR)
    g_warning ("cannot ignore SIGPIPE");
  p = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                         G_SUBPROCESS_FLAGS_STDERR_PIPE, error);
  if (!p)
    return NULL;
  e = g_new0 (TsEngineProcess, 1);
  e->process = p;
  e->in = g_subprocess_get_stdin_pipe (p);
  e->out = G_POLLABLE_INPUT_STREAM (g_subprocess_get_stdout_pipe (p));
  e->err = G_POLLABLE_INPUT_STREAM (g_subprocess_get_stderr_pipe (p));
  e->context = g_main_context_new ();
  e->pending = g_string_new (NULL);
  e->err_tail = g_string_new (NULL);
  return e;
}

/* Reads what a stream has without waiting: FALSE if nothing was there. */
static gboolean
drain (GPollableInputStream *stream, GString *into, gboolean *closed)
{
  char buf[4096];
  gboolean got = FALSE;

  while (!*closed)
    {
      g_autoptr (GError) error = NULL;
      gssize n = g_pollable_input_stream_read_nonblocking (stream, buf, sizeof buf, NULL, &error);

      if (n < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        break;
      if (n <= 0)
        *closed = TRUE;   /* end of file, or an error that ends it just the same */
      else
        g_string_append_len (into, buf, n);
      got = TRUE;
    }
  return got;
}

static void
drain_stderr (TsEngineProcess *e)
{
  if (drain (e->err, e->err_tail, &e->err_closed) && e->err_tail->len > STDERR_TAIL)
    g_string_erase (e->err_tail, 0, (gssize) (e->err_tail->len - STDERR_TAIL));
}

static gboolean
wake (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
readable (GObject *stream, gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static GSource *
add_source (GMainContext *context, GSource *source)
{
  g_source_attach (source, context);
  return source;
}

/* Blocks until either stream has data (or closes), or the engine's input takes more
 * (if writable), or the deadline passes. Attaching a source that polls a descriptor
 * wakes the context up, so the first iteration may return without anything ready:
 * iterate until a source has fired (one iteration used to be all, and the runner spun
 * at half a CPU while an engine thought). */
static void
wait_ready (TsEngineProcess *e, gint64 deadline_us, gboolean writable)
{
  GSource *sources[4] = { NULL, NULL, NULL, NULL };
  gboolean timed_out = FALSE, ready = FALSE;

  if (!e->out_closed)
    {
      sources[0] = g_pollable_input_stream_create_source (e->out, NULL);
      g_source_set_callback (sources[0], (GSourceFunc) (void (*) (void)) readable, &ready, NULL);
      add_source (e->context, sources[0]);
    }
  if (!e->err_closed)
    {
      sources[1] = g_pollable_input_stream_create_source (e->err, NULL);
      g_source_set_callback (sources[1], (GSourceFunc) (void (*) (void)) readable, &ready, NULL);
      add_source (e->context, sources[1]);
    }
  if (writable)
    {
      sources[3] = g_pollable_output_stream_create_source (G_POLLABLE_OUTPUT_STREAM (e->in), NULL);
      g_source_set_callback (sources[3], (GSourceFunc) (void (*) (void)) readable, &ready, NULL);
      add_source (e->context, sources[3]);
    }
  if (deadline_us > 0)
    {
      gint64 left = deadline_us - g_get_monotonic_time ();
      if (left <= 0)
        timed_out = TRUE;
      else
        {
          sources[2] = g_timeout_source_new ((guint) MIN ((left + 999) / 1000, G_MAXUINT));
          g_source_set_callback (sources[2], wake, &timed_out, NULL);
          add_source (e->context, sources[2]);
        }
    }
  while (!timed_out && !ready && (sources[0] || sources[1] || sources[2] || sources[3]))
    g_main_context_iteration (e->context, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (sources); i++)
    if (sources[i])
      {
        g_source_destroy (sources[i]);
        g_source_unref (sources[i]);
      }
}

/* Writes without blocking, reading the engine's output meanwhile (into pending): an
 * engine blocked on writing its answers reads no more, and both would wait for ever
 * (a client that sent a long session without reading, or an engine that does not read
 * at all, hung the caller). */
gboolean
ts_engine_process_send_data (TsEngineProcess *e, const char *data, gsize length, GError **error)
{
  GPollableOutputStream *in = G_POLLABLE_OUTPUT_STREAM (e->in);
  gint64 deadline = g_get_monotonic_time () + SEND_TIMEOUT_US;

  while (length > 0)
    {
      g_autoptr (GError) local = NULL;
      /* The pipe is in blocking mode: when it is writable, PIPE_BUF bytes go at once. */
      gssize n = g_pollable_output_stream_write_nonblocking (in, data, MIN (length, PIPE_BUF), NULL, &local);

      if (n < 0 && !g_error_matches (local, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      if (n > 0)
        {
          data += n;
          length -= (gsize) n;
          continue;
        }
      if (g_get_monotonic_time () >= deadline)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT, _("the engine does not read its input"));
          return FALSE;
        }
      drain_stderr (e);
      drain (e->out, e->pending, &e->out_closed);
      wait_ready (e, deadline, TRUE);
    }
  return TRUE;
}

gboolean
ts_engine_process_send (TsEngineProcess *e, const char *line, GError **error)
{
  g_autofree char *data = g_strconcat (line, "\n", NULL);

  return ts_engine_process_send_data (e, data, strlen (data), error);
}

char *
ts_engine_process_read_line (TsEngineProcess *e, gint64 deadline_us, GError **error)
{
  for (;;)
    {
      char *nl = memchr (e->pending->str, '\n', e->pending->len);

      if (nl)
        {
          gsize len = (gsize) (nl - e->pending->str);
          char *line = g_strndup (e->pending->str, len > 0 && nl[-1] == '\r' ? len - 1 : len);
          g_string_erase (e->pending, 0, (gssize) len + 1);
          return line;
        }
      drain_stderr (e);
      if (drain (e->out, e->pending, &e->out_closed))
        continue;
      if (e->out_closed)
        {
          if (e->pending->len)
            {
              char *line = g_strdup (e->pending->str);
              g_string_truncate (e->pending, 0);
              return line;
            }
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CLOSED, _("the engine closed its output"));
          return NULL;
        }
      if (deadline_us > 0 && g_get_monotonic_time () >= deadline_us)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT, _("the engine did not answer in time"));
          return NULL;
        }
      wait_ready (e, deadline_us, FALSE);
    }
}

char *
ts_engine_process_wait_for (TsEngineProcess *e, const char *word, gint64 deadline_us,
                            void (*func) (const char *line, gpointer data), gpointer data,
                            GError **error)
{
  gsize n = strlen (word);

  for (;;)
    {
      char *line = ts_engine_process_read_line (e, deadline_us, error);
      const char *p = line;

      if (!line)
        return NULL;
      while (*p == ' ' || *p == '\t')
        p++;
      if (strncmp (p, word, n) == 0 && (p[n] == '\0' || p[n] == ' ' || p[n] == '\t'))
        return line;
      if (func)
        func (line, data);
      g_free (line);
    }
}

static void
on_exited (GObject *process, GAsyncResult *result, gpointer data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (process), result, NULL);
  *(gboolean *) data = TRUE;
}

gboolean
ts_engine_process_wait_exit (TsEngineProcess *e, gint64 deadline_us, int *wait_status)
{
  gboolean exited = FALSE;

  g_output_stream_close (e->in, NULL, NULL);
  g_main_context_push_thread_default (e->context);
  g_subprocess_wait_async (e->process, NULL, on_exited, &exited);
  g_main_context_pop_thread_default (e->context);
  /* Its output is read on meanwhile: an engine blocked on a full pipe would never exit. */
  while (!exited && g_get_monotonic_time () < deadline_us)
    {
      drain_stderr (e);
      drain (e->out, e->pending, &e->out_closed);
      if (e->out_closed && e->err_closed)
        {
          GSource *timeout = g_timeout_source_new (10);
          gboolean fired = FALSE;

          g_source_set_callback (timeout, wake, &fired, NULL);
          g_source_attach (timeout, e->context);
          g_main_context_iteration (e->context, TRUE);
          g_source_destroy (timeout);
          g_source_unref (timeout);
        }
      else
        wait_ready (e, MIN (deadline_us, g_get_monotonic_time () + 10000), FALSE);
    }
  if (!exited)
    return FALSE;
  *wait_status = g_subprocess_get_status (e->process);
  return TRUE;
}

const char *
ts_engine_process_stderr_tail (TsEngineProcess *e)
{
  drain_stderr (e);
  return e->err_tail->str;
}

/* The process is reaped by GSubprocess's own child watch (in GLib's worker thread) when
 * it exits: closing only has to make sure that it does. */
void
ts_engine_process_close (TsEngineProcess *e, guint grace_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) grace_ms * 1000;

  if (!e)
    return;
  ts_engine_process_send (e, "quit", NULL);
  g_output_stream_close (e->in, NULL, NULL);
  /* An engine that exits closes its output. */
  while (!e->out_closed && g_get_monotonic_time () < deadline)
    {
      g_string_truncate (e->pending, 0);
      drain_stderr (e);
      if (!drain (e->out, e->pending, &e->out_closed))
        wait_ready (e, deadline, FALSE);
    }
  if (!e->out_closed)
    g_subprocess_force_exit (e->process);
  g_object_unref (e->process);
  g_main_context_unref (e->context);
  g_string_free (e->pending, TRUE);
  g_string_free (e->err_tail, TRUE);
  g_free (e);
}

void
ts_engine_process_free (TsEngineProcess *e)
{
  ts_engine_process_close (e, 1000);
}
