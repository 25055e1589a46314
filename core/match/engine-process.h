/* A protocol engine run as a subprocess (docs/engine-protocol.md): lines to its
 * standard input, lines from its standard output read with a deadline, its standard
 * error read away as it comes (the last KiB is kept for error messages). One thread
 * uses a TsEngineProcess at a time; each has its own GMainContext for the waits, so
 * several may run in several threads. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _TsEngineProcess TsEngineProcess;

/* Starts argv (argv[0] is looked up in PATH). SIGPIPE is ignored from then on in the
 * whole process: writing to an engine that has died must give an error, not kill the
 * caller. */
TsEngineProcess *ts_engine_process_new        (const char *const *argv,
                                               GError           **error);
/* Writes line and a line feed; FALSE if the engine is gone, or has not taken it in
 * 30 s. What the engine writes meanwhile is read on (and kept for read_line), so that
 * an engine blocked on its output does not block the caller. */
gboolean         ts_engine_process_send       (TsEngineProcess   *engine,
                                               const char        *line,
                                               GError           **error);
/* The same for length bytes as they are (a test sends what a well-behaved program would
 * not). */
gboolean         ts_engine_process_send_data  (TsEngineProcess   *engine,
                                               const char        *data,
                                               gsize              length,
                                               GError           **error);
/* The next line of its output, without the line end. deadline_us is a monotonic time
 * (g_get_monotonic_time); 0 waits for ever. NULL and G_IO_ERROR_TIMED_OUT when the
 * deadline passes, G_IO_ERROR_CLOSED when the engine has closed its output (exited). */
char            *ts_engine_process_read_line  (TsEngineProcess   *engine,
                                               gint64             deadline_us,
                                               GError           **error);
/* Reads lines until one whose first word is word, and returns that line. Each line
 * read before it is passed to func (if not NULL). */
char            *ts_engine_process_wait_for   (TsEngineProcess   *engine,
                                               const char        *word,
                                               gint64             deadline_us,
                                               void             (*func) (const char *line,
                                                                         gpointer    data),
                                               gpointer           data,
                                               GError           **error);
/* Closes the engine's input (its end of input) and waits until deadline_us for it to
 * exit: TRUE and its wait status (as waitpid gives it) if it did. What it writes
 * meanwhile is kept for read_line. */
gboolean         ts_engine_process_wait_exit  (TsEngineProcess   *engine,
                                               gint64             deadline_us,
                                               int               *wait_status);
/* The last KiB the engine wrote to its standard error ("" if nothing). */
const char      *ts_engine_process_stderr_tail (TsEngineProcess  *engine);
/* Sends "quit", waits up to grace_ms for the engine to exit, kills it if it has not,
 * reaps it and frees everything. */
void             ts_engine_process_close      (TsEngineProcess   *engine,
                                               guint              grace_ms);

void             ts_engine_process_free       (TsEngineProcess   *engine);   /* close, 1 s grace */

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsEngineProcess, ts_engine_process_free)

G_END_DECLS
