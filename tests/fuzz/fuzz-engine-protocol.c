/* Fuzzes `tessera-cli engine` (docs/engine-protocol.md) as an outside program would use
 * it: random and mutated sessions (fuzz-session.c) from a seed, each run in a fresh
 * engine with deadlines. A session fails on a crash or a non-zero exit, anything on
 * standard error (a sanitizer report, a GLib warning), a hang (no answer to a command,
 * no exit at the end of input or at quit), an output line that is not protocol
 * (docs: "Answers from the engine"), a bestmove or pv move that is not legal where the
 * engine said it, or an accepted go without its bestmove. A failed session is reduced
 * to the fewest lines that still fail the same way, and saved.
 *
 *   fuzz-engine-protocol [--seed=S] [--sessions=N | --seconds=T] [--save=DIR]
 *   fuzz-engine-protocol --replay=FILE */
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "fuzz-session.h"
#include "match/engine-process.h"
#include "match/protocol.h"
#include "rules/notation.h"

/* Sanitizer builds on a loaded two-core machine are slow: deadlines are generous, and
 * a search that has not ended in SEARCH_US is stopped (it is bounded, but may be slow). */
#define ANSWER_US (30 * G_USEC_PER_SEC)
#define SEARCH_US (15 * G_USEC_PER_SEC)
#define EXIT_US   (60 * G_USEC_PER_SEC)
#define SYNC      "fuzz-sync"   /* an unknown command: its error marks where the engine is */

typedef struct {
  TsEngineProcess *e;
  const FuzzSession *session;
  GString         *problem;      /* the first problem, "" if none */
  guint            n_go, n_best;
  gboolean         searching;    /* an accepted go still owes its bestmove */
  TsPosition      *pos;          /* the engine's position, when known */
  TsPosition      *search_pos;   /* the position of the search under way, when known */
  gboolean         burst;
} Run;

static const char *cli;
static gboolean verbose;

static void
fail (Run *r, const char *kind, const char *format, ...) G_GNUC_PRINTF (3, 4);

static void
fail (Run *r, const char *kind, const char *format, ...)
{
  va_list args;

  if (r->problem->len)
    return;
  g_string_append_printf (r->problem, "%s: ", kind);
  va_start (args, format);
  g_string_append_vprintf (r->problem, format, args);
  va_end (args);
}

/* ---- Output ---- */

static gboolean
is_number (const char *w, gboolean sign)
{
  if (sign && *w == '-')
    w++;
  if (!g_ascii_isdigit (*w))
    return FALSE;
  while (g_ascii_isdigit (*w))
    w++;
  return *w == '\0';
}

/* "info depth D seldepth S multipv K score (cp X | mate N) nodes N nps N time T pv M…" */
static gboolean
is_info_line (const char *line)
{
  static const char *const keys[] = { "depth", "seldepth", "multipv", "score", "nodes", "nps", "time" };
  g_auto (GStrv) w = g_strsplit (line, " ", -1);
  guint i = 1;

  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    {
      if (!w[i] || strcmp (w[i], keys[k]) != 0)
        return FALSE;
      if (k == 3)
        {
          i++;
          if (!w[i] || (strcmp (w[i], "cp") != 0 && strcmp (w[i], "mate") != 0))
            return FALSE;
        }
      if (!w[i + 1] || !is_number (w[i + 1], k == 3))
        return FALSE;
      i += 2;
    }
  return w[i] && strcmp (w[i], "pv") == 0 && w[i + 1] && *w[i + 1];
}

/* Plays moves (the words of a pv, or a bestmove) in a copy of pos: NULL if all are
 * legal, else the first that is not. */
static char *
illegal_move (const TsPosition *pos, const char *moves)
{
  g_autoptr (TsPosition) p = ts_position_copy (pos);
  g_auto (GStrv) list = ts_protocol_split_moves (moves);

  for (guint i = 0; list[i]; i++)
    {
      TsMove m;
      TsUndo undo;
      if (!ts_move_parse (p, list[i], &m, NULL))
        return g_strdup (list[i]);
      ts_position_make (p, m, &undo);
    }
  return NULL;
}

static void
check_bestmove (Run *r, const char *move)
{
  g_autofree char *bad = NULL;

  r->n_best++;
  if (!r->burst && !r->searching)
    fail (r, "protocol", "a bestmove without a go: “%s”", move);
  r->searching = FALSE;
  if (!r->search_pos)
    return;
  if (strcmp (move, "(none)") == 0)
    {
      TsResult result;
      /* A game drawn by rule is over with legal moves left. */
      ts_position_result (r->search_pos, &result);
      if (result.kind == TS_RESULT_NONE)
        fail (r, "protocol", "bestmove (none) in a game that is not over");
    }
  else if ((bad = illegal_move (r->search_pos, move)))
    fail (r, "illegal", "bestmove “%s” is not legal", move);
  g_clear_pointer (&r->search_pos, ts_position_free);
}

static void
check_line (const char *line, gpointer data)
{
  Run *r = data;

  if (verbose)
    g_printerr ("< %s\n", line);
  if (!g_utf8_validate (line, -1, NULL))
    {
      fail (r, "output", "a line that is not UTF-8: “%s”", line);
      return;
    }
  for (const char *p = line; *p; p++)
    if (((guchar) *p < 0x20 && *p != '\t') || *p == 0x7f)
      {
        fail (r, "output", "a control character (%#x) in “%s”", (guchar) *p, line);
        return;
      }
  if (g_str_has_prefix (line, "bestmove ") && line[9])
    check_bestmove (r, line + 9);
  else if (g_str_has_prefix (line, "info depth "))
    {
      g_autofree char *bad = NULL;
      if (!is_info_line (line))
        fail (r, "output", "a malformed info line: “%s”", line);
      else if (r->search_pos && (bad = illegal_move (r->search_pos, strstr (line, " pv ") + 4)))
        fail (r, "illegal", "pv move “%s” is not legal: “%s”", bad, line);
    }
  else if (!(g_str_has_prefix (line, "info string ") && line[12]) &&
           !g_str_has_prefix (line, "id name ") && !g_str_has_prefix (line, "id author ") &&
           !g_str_has_prefix (line, "option name ") && strcmp (line, "uciok") != 0 &&
           strcmp (line, "readyok") != 0)
    fail (r, "output", "not a line of the protocol: “%s”", line);
}

/* Reads until a line starting with word: FALSE (and the problem, unless a timeout is
 * no problem) if none comes in time. */
static gboolean
read_until (Run *r, const char *word, gint64 timeout_us, gboolean timeout_ok, GPtrArray *before)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *line = NULL;
  gint64 deadline = g_get_monotonic_time () + timeout_us;

  for (;;)
    {
      g_clear_pointer (&line, g_free);
      line = ts_engine_process_read_line (r->e, deadline, &error);
      if (!line)
        {
          if (timeout_ok && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
            return FALSE;
          fail (r, g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT) ? "hang" : "exit",
                "waiting for “%s”: %s", word, error->message);
          return FALSE;
        }
      check_line (line, r);
      if (g_str_has_prefix (line, word))
        return TRUE;
      if (before)
        g_ptr_array_add (before, g_strdup (line));
    }
}

/* ---- Input ---- */

static gboolean
send_bytes (Run *r, const char *data, gsize size)
{
  if (verbose)
    g_printerr ("> %.*s", (int) size, data);
  /* A failed write means the engine is gone: what it left says why. */
  return ts_engine_process_send_data (r->e, data, size, NULL);
}

static gboolean
send_line (Run *r, GBytes *line)
{
  gsize size;
  const char *data = g_bytes_get_data (line, &size);

  return send_bytes (r, data, size) && send_bytes (r, "\n", 1);
}

/* The first word, up to a NUL, as the engine reads it. */
static char *
command_of (GBytes *line, char **args)
{
  gsize size;
  const char *data = g_bytes_get_data (line, &size);
  char *text = g_strstrip (g_strndup (data ? data : "", size)), *a = text + strcspn (text, " \t");

  if (*a)
    *a++ = '\0';
  if (args)
    *args = a;
  return text;
}

/* Sync mode: the position this line sets, if the engine took it and it names its own
 * variant (a startpos without one depends on UCI_Variant). */
static void
follow_position (Run *r, GBytes *line, gboolean refused)
{
  char *args;
  g_autofree char *command = command_of (line, &args);
  TsProtocolPosition parsed;

  if (strcmp (command, "position") != 0 || refused)
    return;
  g_clear_pointer (&r->pos, ts_position_free);
  if (ts_protocol_parse_position (args, NULL, &parsed, NULL))
    {
      r->pos = g_steal_pointer (&parsed.current);
      ts_protocol_position_clear (&parsed);
    }
}

static gboolean
has_error (GPtrArray *lines)
{
  for (guint i = 0; i < lines->len; i++)
    if (g_str_has_prefix (lines->pdata[i], "info string error:"))
      return TRUE;
  return FALSE;
}

/* Sends a line, then the sync command, and reads up to its answer. A go that is taken
 * is waited for (unless infinite), and stopped if it is slow. */
static gboolean
send_synced (Run *r, GBytes *line)
{
  g_autoptr (GPtrArray) answers = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *command = command_of (line, NULL);
  gboolean starts = strcmp (command, "go") == 0 && !r->searching;
  guint best = r->n_best;

  if (starts)
    {
      r->searching = TRUE;   /* its bestmove may come before the sync answer */
      r->search_pos = r->pos ? ts_position_copy (r->pos) : NULL;
    }
  if (!send_line (r, line) || !send_bytes (r, SYNC "\n", strlen (SYNC) + 1) ||
      !read_until (r, "info string error: unknown command “" SYNC "”", ANSWER_US, FALSE, answers))
    return FALSE;
  follow_position (r, line, has_error (answers));
  if (starts && has_error (answers))
    {
      r->searching = FALSE;
      g_clear_pointer (&r->search_pos, ts_position_free);
    }
  else if (starts)
    {
      r->n_go++;
      if (r->n_best == best && !fuzz_line_is_infinite (line) &&
          !read_until (r, "bestmove ", SEARCH_US, TRUE, NULL))
        {
          /* Slow (every search is bounded), not hung, unless stop does not end it. */
          return send_bytes (r, "stop\n", 5) && read_until (r, "bestmove ", ANSWER_US, FALSE, NULL);
        }
    }
  if (strcmp (command, "stop") == 0 && r->searching)
    fail (r, "protocol", "stop answered without a bestmove");
  return TRUE;
}

static gboolean
is_quit (GBytes *line)
{
  g_autofree char *command = command_of (line, NULL);

  return strcmp (command, "quit") == 0;
}

/* Sends the session's lines; FALSE if the engine quit or failed on the way. */
static gboolean
feed (Run *r)
{
  for (guint i = 0; i < r->session->lines->len; i++)
    {
      GBytes *line = r->session->lines->pdata[i];

      if (is_quit (line))
        {
          send_line (r, line);
          return FALSE;
        }
      if (r->burst && fuzz_line_is_go (line))
        r->n_go++;
      if (r->burst ? !send_line (r, line) : !send_synced (r, line))
        return FALSE;
    }
  if (r->session->quit_at_end)
    send_bytes (r, "quit\n", 5);
  return TRUE;
}

/* Runs a session in a fresh engine: NULL if it passed, else what went wrong. */
static char *
run_session (const FuzzSession *session)
{
  const char *argv[] = { cli, "engine", NULL };
  g_autoptr (GError) error = NULL;
  Run r = { .session = session, .problem = g_string_new (NULL), .burst = session->burst };
  g_autofree char *line = NULL;
  const char *err;
  int status;

  r.e = ts_engine_process_new (argv, &error);
  g_assert_no_error (error);
  feed (&r);
  /* How the engine ended says more than what the session saw of it: it comes first. */
  if (!ts_engine_process_wait_exit (r.e, g_get_monotonic_time () + EXIT_US, &status))
    fail (&r, "hang", "no exit %s", session->quit_at_end ? "after quit" : "at the end of input");
  else if (!WIFEXITED (status) || WEXITSTATUS (status) != 0 || *ts_engine_process_stderr_tail (r.e))
    {
      err = ts_engine_process_stderr_tail (r.e);
      g_string_truncate (r.problem, 0);
      if (strstr (err, "Sanitizer") || strstr (err, "runtime error"))
        fail (&r, "sanitizer", "%s", err);
      else if (WIFSIGNALED (status))
        fail (&r, "crash", "killed by signal %d; standard error: %s", WTERMSIG (status), err);
      else if (WEXITSTATUS (status) != 0)
        fail (&r, "crash", "exit status %d; standard error: %s", WEXITSTATUS (status), err);
      else
        fail (&r, "stderr", "%s", err);
    }
  while ((line = ts_engine_process_read_line (r.e, g_get_monotonic_time () + ANSWER_US, NULL)))
    {
      check_line (line, &r);
      g_clear_pointer (&line, g_free);
    }
  /* Every go taken is answered, at quit and at the end of input too. */
  if (!r.burst && r.searching)
    fail (&r, "protocol", "a go taken and never answered");
  if (r.n_best > r.n_go)
    fail (&r, "protocol", "%u bestmove for %u go", r.n_best, r.n_go);
  ts_engine_process_close (r.e, 1000);
  g_clear_pointer (&r.pos, ts_position_free);
  g_clear_pointer (&r.search_pos, ts_position_free);
  return r.problem->len ? g_string_free (r.problem, FALSE) : (g_string_free (r.problem, TRUE), NULL);
}

/* ---- Reduction ---- */

/* The kind of a problem ("crash", "hang", …: the word before the colon). */
static gboolean
same_kind (const char *a, const char *b)
{
  gsize n = strcspn (a, ":");

  return b && strncmp (a, b, n) == 0 && b[n] == ':';
}

/* Removes lines, then words of the lines left, while the session still fails the same
 * way. Runs are not exactly repeatable (threads, time), so a removal is kept only if it
 * still fails. */
static FuzzSession *
reduce (const FuzzSession *failed, const char *problem)
{
  FuzzSession *s = fuzz_session_copy (failed);

  for (guint i = s->lines->len; i-- > 0;)
    {
      g_autoptr (FuzzSession) t = fuzz_session_copy (s);
      g_autofree char *p = NULL;
      g_ptr_array_remove_index (t->lines, i);
      if (same_kind (problem, (p = run_session (t))))
        {
          fuzz_session_free (s);
          s = g_steal_pointer (&t);
        }
    }
  for (guint i = 0; i < s->lines->len; i++)
    for (guint w = 0;; w++)
      {
        gsize size;
        const char *data = g_bytes_get_data (s->lines->pdata[i], &size);
        g_autofree char *text = g_strndup (data ? data : "", size);
        g_auto (GStrv) words = g_strsplit (text, " ", -1);
        g_autoptr (FuzzSession) t = NULL;
        g_autofree char *p = NULL, *joined = NULL;

        if (w >= g_strv_length (words) || size > 4096)
          break;
        g_free (words[w]);
        memmove (words + w, words + w + 1, (g_strv_length (words + w + 1) + 1) * sizeof (char *));
        joined = g_strjoinv (" ", words);
        t = fuzz_session_copy (s);
        g_bytes_unref (t->lines->pdata[i]);
        t->lines->pdata[i] = g_bytes_new (joined, strlen (joined));
        if (same_kind (problem, (p = run_session (t))))
          {
            fuzz_session_free (s);
            s = g_steal_pointer (&t);
            w--;
          }
      }
  return s;
}

static void
save (const char *dir, const char *name, const FuzzSession *s)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GBytes) bytes = fuzz_session_bytes (s);
  g_autoptr (GError) error = NULL;

  g_mkdir_with_parents (dir, 0755);
  if (!g_file_set_contents (path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), &error))
    g_printerr ("%s\n", error->message);
  else
    printf ("  saved %s\n", path);
}

int
main (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("— fuzz tessera-cli engine");
  g_autoptr (GError) error = NULL;
  g_autofree char *save_dir = NULL, *replay = NULL;
  gint64 seed = 1, sessions = 0, end;
  double seconds = 10;
  gboolean no_reduce = FALSE;
  guint n = 0, failed = 0;
  GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "First session's seed (default 1)", "S" },
    { "sessions", 0, 0, G_OPTION_ARG_INT64, &sessions, "Run this many sessions", "N" },
    { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &seconds, "Else run sessions for this long (default 10)", "T" },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &save_dir, "Save failed sessions here", "DIR" },
    { "replay", 0, 0, G_OPTION_ARG_FILENAME, &replay, "Run the session saved in FILE", "FILE" },
    { "no-reduce", 0, 0, G_OPTION_ARG_NONE, &no_reduce, "Do not reduce failed sessions", NULL },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, "Show the sessions", NULL },
    { NULL },
  };

  setvbuf (stdout, NULL, _IOLBF, 0);   /* a long run shows its failures as they come */
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || !(cli = g_getenv ("TESSERA_CLI")))
    {
      g_printerr ("%s\n", error ? error->message : "TESSERA_CLI must name tessera-cli");
      return 2;
    }
  if (replay)
    {
      g_autofree char *data = NULL;
      gsize size;
      g_autoptr (GBytes) bytes = NULL;
      g_autoptr (FuzzSession) s = NULL;
      g_autofree char *problem = NULL;

      if (!g_file_get_contents (replay, &data, &size, &error))
        {
          g_printerr ("%s\n", error->message);
          return 2;
        }
      bytes = g_bytes_new_take (g_steal_pointer (&data), size);
      s = fuzz_session_from_bytes (bytes);
      problem = run_session (s);
      printf ("%s\n", problem ? problem : "passed");
      return problem ? 1 : 0;
    }

  end = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
  for (gint64 i = seed; sessions ? i < seed + sessions : g_get_monotonic_time () < end; i++, n++)
    {
      g_autoptr (FuzzSession) s = fuzz_session_new ((guint32) i);
      g_autofree char *problem = run_session (s);
      g_autofree char *name = NULL;

      if (!problem)
        continue;
      failed++;
      printf ("session %" G_GINT64_FORMAT " failed: %.2000s\n", i, problem);
      if (save_dir)
        save (save_dir, (name = g_strdup_printf ("session-%" G_GINT64_FORMAT ".txt", i)), s);
      if (!no_reduce)
        {
          g_autoptr (FuzzSession) small = reduce (s, problem);
          g_autoptr (GBytes) bytes = fuzz_session_bytes (small);
          printf ("  reduced to %u lines:\n%.4000s\n", small->lines->len,
                   (const char *) g_bytes_get_data (bytes, NULL));
          if (save_dir)
            {
              g_free (name);
              save (save_dir, (name = g_strdup_printf ("session-%" G_GINT64_FORMAT "-reduced.txt", i)), small);
            }
        }
    }
  printf ("%u sessions from seed %" G_GINT64_FORMAT ", %u failed\n", n, seed, failed);
  return failed ? 1 : 0;
}
