/* tessera-cli engine: the engine protocol on standard input and output, modelled on
 * UCI (docs/engine-protocol.md). The main thread reads commands; a search runs in its
 * own thread on the one TsEngine of the game (its transposition table and history
 * last from one `go` to the next until `ucinewgame`), so that `stop` and `isready`
 * are answered while it searches. Both threads write whole lines under one lock. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli-protocol.h"
#include "engine/engine.h"
#include "match/protocol.h"
#include "rules/notation.h"
#include "version.h"

#define DEFAULT_HASH_MB 64

typedef struct {
  GMutex           lock;        /* standard output */
  GCond            stopped;     /* signalled with stop */
  gint             stop;        /* atomic: raised by stop and quit */
  gint             searching;   /* atomic: a search runs and has not said bestmove */
  GThread         *thread;      /* the last search's, until joined */

  /* Options. */
  guint            hash_mb, multipv, level;
  const TsVariant *default_variant;   /* UCI_Variant: for "position startpos" */
  gboolean         variant_chosen;    /* UCI_Variant was set: isready may make its engine */

  /* The main thread's; the engine belongs to the search thread while one runs. */
  TsPosition      *pos;
  TsEngine        *engine;
  const TsVariant *engine_variant;

  /* The search's own (set before its thread starts, read by it only). */
  TsPosition      *job_pos;
  TsSearchLimits   job_limits;
  guint64          job_printed_nodes;
} Server;

static void say (Server *s, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
say (Server *s, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  g_mutex_lock (&s->lock);
  vprintf (format, args);
  putchar ('\n');
  fflush (stdout);
  g_mutex_unlock (&s->lock);
  va_end (args);
}

/* A bad command: said, and the engine goes on. */
#define complain(s, ...) say_error (s, g_strdup_printf (__VA_ARGS__))

static void
say_error (Server *s, char *message)
{
  say (s, "info string %s", message);
  g_free (message);
}

/* Joins a finished search's thread. FALSE if one still runs. */
static gboolean
is_idle (Server *s)
{
  if (g_atomic_int_get (&s->searching))
    return FALSE;
  if (s->thread)
    g_clear_pointer (&s->thread, g_thread_join);
  return TRUE;
}

/* is_idle, or FALSE after saying that command must wait. */
static gboolean
need_idle (Server *s, const char *command)
{
  if (is_idle (s))
    return TRUE;
  complain (s, _("error: “%s” while searching: send stop first"), command);
  return FALSE;
}

/* While idle: the engine of variant v, kept if it is of that variant, else made. */
static TsEngine *
engine_for (Server *s, const TsVariant *v)
{
  if (s->engine && s->engine_variant != v)
    g_clear_pointer (&s->engine, ts_engine_free);
  if (!s->engine)
    s->engine = ts_engine_new (v, s->hash_mb);
  s->engine_variant = v;
  return s->engine;
}

static void
stop_search (Server *s)
{
  if (!s->thread)
    return;
  g_mutex_lock (&s->lock);
  g_atomic_int_set (&s->stop, 1);
  g_cond_broadcast (&s->stopped);
  g_mutex_unlock (&s->lock);
  g_clear_pointer (&s->thread, g_thread_join);
}

/* ---- The search thread ---- */

static void
print_lines (Server *s, const TsSearchInfo *info)
{
  for (guint i = 0; i < info->n_lines; i++)
    {
      g_autofree char *line = ts_search_line_to_string (info, i);
      say (s, "%s", line);
    }
  s->job_printed_nodes = info->nodes;
}

static void
on_info (const TsSearchInfo *info, gpointer data)
{
  print_lines (data, info);
}

static gpointer
search_thread (gpointer data)
{
  Server *s = data;
  TsSearchInfo info;
  g_autofree char *best = NULL;
  gboolean found;

  s->job_printed_nodes = 0;
  found = ts_engine_search (s->engine, s->job_pos, &s->job_limits, &s->stop, on_info, s, &info);
  if (found && info.nodes != s->job_printed_nodes)
    print_lines (s, &info);   /* the final figures, when stopped within an iteration */
  if (found)
    best = ts_move_to_san (s->job_pos, info.best_move);
  else
    {
      TsResult r;
      ts_position_result (s->job_pos, &r);
      complain (s, _("no move: the game is over (%s)"), r.kind != TS_RESULT_NONE ? _(r.reason) : "—");
    }
  if (found && s->job_limits.mate_in && !info.mate_proven && !info.stopped)
    complain (s, _("no mate in %u"), s->job_limits.mate_in);
  ts_search_info_clear (&info);

  g_mutex_lock (&s->lock);
  /* "go infinite": the answer waits for stop, as UCI asks (a finished game's too: a GUI
   * that analyses sends stop, and takes a bestmove before it for the next search's). */
  while (s->job_limits.infinite && !g_atomic_int_get (&s->stop))
    g_cond_wait (&s->stopped, &s->lock);
  g_atomic_int_set (&s->searching, 0);   /* before the answer: a go right after it is taken */
  printf ("bestmove %s\n", best ? best : "(none)");
  fflush (stdout);
  g_mutex_unlock (&s->lock);
  return NULL;
}

/* ---- Commands ---- */

static void
cmd_uci (Server *s, const char *args)
{
  guint n;
  const TsVariant *const *variants = ts_variant_list (&n);
  g_autoptr (GString) combo = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (combo, " var %s", variants[i]->id);
  say (s, "id name Tessera %s", ts_version ());
  say (s, "id author the Tessera developers");
  say (s, "option name Hash type spin default %d min 1 max %u", DEFAULT_HASH_MB, ts_cli_max_hash_mb ());
  say (s, "option name Clear Hash type button");
  say (s, "option name MultiPV type spin default 1 min 1 max %d", TS_ENGINE_MAX_MULTIPV);
  say (s, "option name Level type spin default %d min %d max %d", TS_ENGINE_LEVEL_FULL,
       TS_ENGINE_LEVEL_BEGINNER, TS_ENGINE_LEVEL_FULL);
  say (s, "option name UCI_Variant type combo default %s%s", variants[0]->id, combo->str);
  say (s, "uciok");
}

/* UCI's isready also waits for the engine to be set up: when idle, the engine of the
 * last position's variant (or of UCI_Variant) makes its tables before readyok, so that
 * the first go does not spend its time on them. While a search runs: readyok at once. */
static void
cmd_isready (Server *s, const char *args)
{
  const TsVariant *v = s->pos ? ts_position_variant (s->pos) : s->variant_chosen ? s->default_variant : NULL;

  if (v && is_idle (s))
    ts_engine_prepare (engine_for (s, v));
  say (s, "readyok");
}

static void
cmd_ucinewgame (Server *s, const char *args)
{
  if (need_idle (s, "ucinewgame") && s->engine)
    ts_engine_clear (s->engine);
}

static gboolean
parse_number (Server *s, const char *what, const char *text, gint64 min, gint64 max, gint64 *out)
{
  if (!text || !g_ascii_string_to_signed (text, 10, min, max, out, NULL))
    {
      complain (s, _("error: %s takes a whole number from %lld to %lld, not “%s”"), what,
                (long long) min, (long long) max, text ? text : "");
      return FALSE;
    }
  return TRUE;
}

static void
set_hash (Server *s, const char *value)
{
  guint max = ts_cli_max_hash_mb ();
  gint64 mb;

  if (!parse_number (s, "Hash", value, 1, G_MAXINT64, &mb))
    return;
  if (mb > max)
    {
      complain (s, _("Hash %s MiB is more than half of this machine's memory: using %u MiB"), value, max);
      mb = max;
    }
  if ((guint) mb != s->hash_mb)
    {
      s->hash_mb = (guint) mb;
      g_clear_pointer (&s->engine, ts_engine_free);   /* made again, at this size, by the next go */
    }
}

static void
cmd_setoption (Server *s, const char *args)
{
  const char *name = args, *value = NULL, *v;
  g_autofree char *name_copy = NULL;
  gint64 n;

  if (!need_idle (s, "setoption"))
    return;
  while (*name == ' ')
    name++;
  if (strncmp (name, "name ", 5) != 0)
    {
      complain (s, _("error: expected “setoption name NAME [value VALUE]”"));
      return;
    }
  name += 5;
  if ((v = strstr (name, " value ")))
    value = v + 7;
  name_copy = g_strstrip (g_strndup (name, v ? (gsize) (v - name) : strlen (name)));
  if (value)
    value = g_strstrip ((char *) value);
  if (g_ascii_strcasecmp (name_copy, "Hash") == 0)
    set_hash (s, value);
  else if (g_ascii_strcasecmp (name_copy, "Clear Hash") == 0)
    {
      if (s->engine)
        ts_engine_clear (s->engine);
    }
  else if (g_ascii_strcasecmp (name_copy, "MultiPV") == 0)
    {
      if (parse_number (s, "MultiPV", value, 1, TS_ENGINE_MAX_MULTIPV, &n))
        s->multipv = (guint) n;
    }
  else if (g_ascii_strcasecmp (name_copy, "Level") == 0)
    {
      if (parse_number (s, "Level", value, TS_ENGINE_LEVEL_BEGINNER, TS_ENGINE_LEVEL_FULL, &n))
        s->level = (guint) n;
    }
  else if (g_ascii_strcasecmp (name_copy, "UCI_Variant") == 0)
    {
      const TsVariant *variant = value ? ts_variant_lookup (value) : NULL;
      if (variant)
        {
          s->default_variant = variant;
          s->variant_chosen = TRUE;
        }
      else
        complain (s, _("error: unknown variant “%s”"), value ? value : "");
    }
  else
    complain (s, _("error: no option “%s”"), name_copy);
}

static void
cmd_position (Server *s, const char *args)
{
  TsProtocolPosition parsed;
  g_autoptr (GError) error = NULL;

  if (!ts_protocol_parse_position (args, s->default_variant, &parsed, &error))
    {
      complain (s, _("error: position: %s"), error->message);
      return;
    }
  g_clear_pointer (&s->pos, ts_position_free);
  s->pos = g_steal_pointer (&parsed.current);
  ts_protocol_position_clear (&parsed);
}

/* The seat of a clock word's key: "wtime" "btime" as in UCI for the first and second
 * seat of a two-player variant; otherwise the seat's key in position text. */
static int
seat_of_key (const TsVariant *v, char key)
{
  if (v->n_seats == 2 && key == 'w')
    return 0;
  for (guint seat = 0; seat < v->n_seats; seat++)
    if (ts_variant_seat_key (v, seat) == key)
      return (int) seat;
  return -1;
}

/* Reads the words after "go" into limits; FALSE after saying what is wrong. */
static gboolean
parse_go (Server *s, char **words, TsSearchLimits *limits)
{
  const TsVariant *v = ts_position_variant (s->pos);

  for (guint i = 0; words[i]; i++)
    {
      const char *w = words[i], *value = words[i + 1];
      gsize len = strlen (w);
      gint64 n;
      int seat;

      if (strcmp (w, "infinite") == 0)
        {
          limits->infinite = TRUE;
          continue;
        }
      if (strcmp (w, "depth") == 0 || strcmp (w, "mate") == 0)
        {
          if (!parse_number (s, w, value, 1, TS_ENGINE_MAX_PLY, &n))
            return FALSE;
          *(w[0] == 'd' ? &limits->depth : &limits->mate_in) = (guint) n;
        }
      else if (strcmp (w, "nodes") == 0)
        {
          if (!parse_number (s, w, value, 1, G_MAXINT64, &n))
            return FALSE;
          limits->nodes = (guint64) n;
        }
      else if (strcmp (w, "movetime") == 0)
        {
          if (!parse_number (s, w, value, 1, G_MAXUINT, &n))
            return FALSE;
          limits->movetime_ms = (guint) n;
        }
      else if (strcmp (w, "movestogo") == 0)
        {
          if (!parse_number (s, w, value, 1, G_MAXINT, &n))   /* read, not used (docs) */
            return FALSE;
        }
      else if ((len == 5 && strcmp (w + 1, "time") == 0) || (len == 4 && strcmp (w + 1, "inc") == 0))
        {
          if ((seat = seat_of_key (v, w[0])) < 0)
            {
              complain (s, _("error: go: no seat “%c” in %s"), w[0], v->id);
              return FALSE;
            }
          /* A GUI may send a clock that has run below zero: it counts as zero. */
          if (!parse_number (s, w, value, G_MININT64 / 2, G_MAXINT64 / 2, &n))
            return FALSE;
          if (len == 5)
            limits->time_left_ms[seat] = MAX (n, 0);
          else
            limits->increment_ms[seat] = MAX (n, 0);
        }
      else
        {
          complain (s, _("error: go: unknown word “%s”"), w);
          return FALSE;
        }
      i++;   /* the value */
    }
  return TRUE;
}

/* The words of text, split at runs of spaces and tabs. */
static GStrv
split_words (const char *text)
{
  g_auto (GStrv) parts = g_strsplit_set (text, " \t", -1);
  g_autoptr (GStrvBuilder) words = g_strv_builder_new ();

  for (guint i = 0; parts[i]; i++)
    if (*parts[i])
      g_strv_builder_add (words, parts[i]);
  return g_strv_builder_end (words);
}

static void
cmd_go (Server *s, const char *args)
{
  g_auto (GStrv) words = split_words (args);
  TsSearchLimits limits;

  if (!need_idle (s, "go"))
    return;
  if (!s->pos)
    {
      complain (s, _("error: go: no position yet (send position first)"));
      return;
    }
  ts_search_limits_init (&limits);
  limits.multipv = s->multipv;
  limits.level = s->level;
  limits.hash_mb = s->hash_mb;
  if (!parse_go (s, words, &limits))
    return;

  engine_for (s, ts_position_variant (s->pos));
  g_clear_pointer (&s->job_pos, ts_position_free);
  s->job_pos = ts_position_copy (s->pos);
  s->job_limits = limits;
  g_atomic_int_set (&s->stop, 0);
  g_atomic_int_set (&s->searching, 1);
  s->thread = g_thread_new ("ts-engine-search", search_thread, s);
}

static void
cmd_stop (Server *s, const char *args)
{
  stop_search (s);
}

typedef struct {
  const char *name;
  void      (*run) (Server *s, const char *args);
} Command;

static const Command commands[] = {
  { "uci", cmd_uci },
  { "isready", cmd_isready },
  { "ucinewgame", cmd_ucinewgame },
  { "setoption", cmd_setoption },
  { "position", cmd_position },
  { "go", cmd_go },
  { "stop", cmd_stop },
  { NULL, NULL },
};

/* A line of the protocol is UTF-8 text. One that is not (a NUL byte, a control
 * character, bytes that are not UTF-8) is refused whole and not echoed: the answers
 * would carry its bytes to the program that reads them. */
static gboolean
is_text (Server *s, const char *line, gsize length)
{
  const char *end;

  if (length > 0 && line[length - 1] == '\n')
    length--;
  if (length > 0 && line[length - 1] == '\r')
    length--;
  if (g_utf8_validate (line, (gssize) length, &end))
    for (end = line; end < line + length; end++)
      if (((guchar) *end < 0x20 && *end != '\t') || *end == 0x7f)
        break;
  if (end == line + length)
    return TRUE;
  complain (s, _("error: line ignored: byte %u is not text (a NUL, a control character, or not UTF-8)"),
            (guint) (end - line) + 1);
  return FALSE;
}

/* Runs one line; FALSE for quit. */
static gboolean
run_line (Server *s, char *line)
{
  char *args;

  g_strstrip (line);
  if (!*line)
    return TRUE;
  args = line + strcspn (line, " \t");
  if (*args)
    *args++ = '\0';
  if (strcmp (line, "quit") == 0)
    return FALSE;
  for (const Command *c = commands; c->name; c++)
    if (strcmp (line, c->name) == 0)
      {
        c->run (s, args);
        return TRUE;
      }
  complain (s, _("error: unknown command “%s”"), line);
  return TRUE;
}

int
ts_cli_engine (int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx =
    g_option_context_new (_("— the engine protocol on standard input and output"));
  g_autoptr (GError) error = NULL;
  Server s = { 0 };
  char *line = NULL;
  size_t size = 0;
  guint n_variants;

  g_option_context_set_description (ctx, _("The protocol is described in docs/engine-protocol.md."));
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      ts_cli_error ("%s", error->message);
      return 2;
    }
  g_mutex_init (&s.lock);
  g_cond_init (&s.stopped);
  s.hash_mb = MIN ((guint) DEFAULT_HASH_MB, ts_cli_max_hash_mb ());
  s.multipv = 1;
  s.level = TS_ENGINE_LEVEL_FULL;
  s.default_variant = ts_variant_list (&n_variants)[0];

  for (;;)
    {
      ssize_t length = getline (&line, &size, stdin);

      if (length < 0)
        {
          /* End of input: a script's last "go" is answered (an infinite one stopped). */
          if (s.thread && !s.job_limits.infinite)
            g_clear_pointer (&s.thread, g_thread_join);
          break;
        }
      if (is_text (&s, line, (gsize) length) && !run_line (&s, line))
        break;
    }
  stop_search (&s);
  free (line);
  g_clear_pointer (&s.pos, ts_position_free);
  g_clear_pointer (&s.job_pos, ts_position_free);
  g_clear_pointer (&s.engine, ts_engine_free);
  g_cond_clear (&s.stopped);
  g_mutex_clear (&s.lock);
  return 0;
}
