/* tessera-cli engine, driven over its pipes as a GUI or the match runner drives it:
 * a session per variant family, stop during go infinite, isready while searching, bad
 * commands answered with an info string, the engine kept from one go to the next. */
#include <string.h>

#include "../thread-cpu.h"
#include "match/engine-process.h"
#include "match/protocol.h"
#include "rules/notation.h"
#include "rules/postext.h"

/* Sanitizer builds on a loaded two-core machine are slow: deadlines are generous. */
#define ANSWER_US (120 * G_USEC_PER_SEC)

static TsEngineProcess *
start_engine (void)
{
  const char *argv[] = { g_getenv ("TESSERA_CLI"), "engine", NULL };
  g_autoptr (GError) error = NULL;
  TsEngineProcess *e;

  g_assert_nonnull (argv[0]);
  e = ts_engine_process_new (argv, &error);
  g_assert_no_error (error);
  return e;
}

static void
send (TsEngineProcess *e, const char *line)
{
  g_autoptr (GError) error = NULL;

  g_test_message ("> %s", line);
  g_assert_true (ts_engine_process_send (e, line, &error));
  g_assert_no_error (error);
}

static void
collect (const char *line, gpointer data)
{
  g_test_message ("< %s", line);
  if (data)
    g_ptr_array_add (data, g_strdup (line));
}

/* Reads up to the line starting with word; the lines before it go to before (if not NULL). */
static char *
expect (TsEngineProcess *e, const char *word, GPtrArray *before)
{
  g_autoptr (GError) error = NULL;
  char *line = ts_engine_process_wait_for (e, word, g_get_monotonic_time () + ANSWER_US,
                                           collect, before, &error);

  if (error)
    g_test_message ("the engine's standard error ends with:\n%s", ts_engine_process_stderr_tail (e));
  g_assert_no_error (error);
  g_test_message ("< %s", line);
  return line;
}

/* The value after key in an info line ("nodes 123" → 123), or -1. */
static gint64
info_value (const char *line, const char *key)
{
  g_autofree char *pattern = g_strdup_printf (" %s ", key);
  const char *p = strstr (line, pattern);

  return p ? g_ascii_strtoll (p + strlen (pattern), NULL, 10) : -1;
}

/* Plays the pv of an info line in pos (a copy): every move must be legal in turn. */
static void
assert_pv_legal (const TsPosition *pos, const char *line)
{
  const char *pv = strstr (line, " pv ");
  g_autoptr (TsPosition) p = ts_position_copy (pos);
  g_auto (GStrv) moves = NULL;

  g_assert_nonnull (pv);
  moves = ts_protocol_split_moves (pv + 4);
  g_assert_nonnull (moves[0]);
  for (guint i = 0; moves[i]; i++)
    {
      g_autoptr (GError) error = NULL;
      TsMove m;
      TsUndo undo;

      g_assert_true (ts_move_parse (p, moves[i], &m, &error));
      g_assert_no_error (error);
      ts_position_make (p, m, &undo);
    }
}

/* "go ARGS": checks every info line and returns the best move (legal SAN in pos); the
 * last info line's node count goes to *nodes if not NULL. */
static char *
go (TsEngineProcess *e, const TsPosition *pos, const char *args, guint64 *nodes, guint multipv)
{
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *command = g_strdup_printf ("go %s", args);
  g_autofree char *best = NULL;
  g_autoptr (TsPosition) p = ts_position_copy (pos);
  g_autoptr (GError) error = NULL;
  guint max_multipv = 0, n_info = 0;
  TsMove m;

  send (e, command);
  best = expect (e, "bestmove", lines);
  for (guint i = 0; i < lines->len; i++)
    {
      const char *l = lines->pdata[i];
      if (!g_str_has_prefix (l, "info depth "))
        continue;
      n_info++;
      for (const char *const *key = (const char *const[]) { "seldepth", "multipv", "nodes", "nps", "time", NULL };
           *key; key++)
        g_assert_cmpint (info_value (l, *key), >=, 0);
      g_assert_true (strstr (l, " score cp ") || strstr (l, " score mate "));
      max_multipv = MAX (max_multipv, (guint) info_value (l, "multipv"));
      assert_pv_legal (pos, l);
      if (nodes)
        *nodes = (guint64) info_value (l, "nodes");
    }
  g_assert_cmpuint (n_info, >, 0);
  g_assert_cmpuint (max_multipv, ==, multipv);
  g_assert_true (ts_move_parse (p, best + strlen ("bestmove "), &m, &error));
  g_assert_no_error (error);
  return g_strdup (best + strlen ("bestmove "));
}

static void
handshake (TsEngineProcess *e)
{
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *ok = NULL, *ready = NULL;
  gboolean hash = FALSE, multipv = FALSE, level = FALSE, name = FALSE;

  send (e, "uci");
  ok = expect (e, "uciok", lines);
  for (guint i = 0; i < lines->len; i++)
    {
      const char *l = lines->pdata[i];
      name |= g_str_has_prefix (l, "id name Tessera ");
      hash |= g_str_has_prefix (l, "option name Hash type spin default ");
      multipv |= g_str_has_prefix (l, "option name MultiPV type spin ");
      level |= g_str_has_prefix (l, "option name Level type spin ");
    }
  g_assert_true (name && hash && multipv && level);
  send (e, "isready");
  ready = expect (e, "readyok", NULL);
}

/* The position the engine should have after "position ARGS". */
static TsPosition *
position_of (const char *args)
{
  TsProtocolPosition parsed;
  g_autoptr (GError) error = NULL;
  TsPosition *p;

  g_assert_true (ts_protocol_parse_position (args, NULL, &parsed, &error));
  g_assert_no_error (error);
  p = g_steal_pointer (&parsed.current);
  ts_protocol_position_clear (&parsed);
  return p;
}

static TsPosition *
set_position (TsEngineProcess *e, const char *args)
{
  g_autofree char *command = g_strconcat ("position ", args, NULL);

  send (e, command);
  return position_of (args);
}

static void
test_session_two_players (void)
{
  g_autoptr (TsEngineProcess) e = start_engine ();
  g_autoptr (TsPosition) pos = NULL, mate = NULL;
  g_autofree char *best = NULL, *best2 = NULL, *mating = NULL, *clocked = NULL;
  g_autofree char *nodes_best = NULL, *long_move = NULL;
  g_autoptr (TsPosition) after = NULL;
  g_autoptr (GError) error = NULL;
  TsMove m;
  TsUndo undo;
  TsResult r;

  handshake (e);
  send (e, "ucinewgame");
  /* SAN and long algebraic, as the move entry takes them. */
  {
    g_autoptr (TsPosition) p = position_of ("variant raumschach startpos moves NCb2");
    g_autofree char *args = NULL;
    TsMoveList l;

    ts_move_list_init (&l);
    ts_position_generate_legal (p, &l);
    long_move = ts_move_to_long (p, l.moves[l.n / 2]);
    ts_move_list_clear (&l);
    g_assert_nonnull (strchr (long_move, '-'));
    args = g_strdup_printf ("variant raumschach startpos moves NCb2 %s", long_move);
    pos = set_position (e, args);
    g_assert_cmpuint (ts_position_ply (pos), ==, 2);
  }
  best = go (e, pos, "depth 3", NULL, 1);
  nodes_best = go (e, pos, "nodes 3000", NULL, 1);
  clocked = go (e, pos, "wtime 2000 btime 2000 winc 100 binc 100 movestogo 20", NULL, 1);
  send (e, "setoption name MultiPV value 3");
  best2 = go (e, pos, "depth 2", NULL, 3);
  send (e, "setoption name MultiPV value 1");

  /* A mate in one, from position text with its spaces. */
  mate = set_position (e, "variant raumschach text raumschach w:KAc5,QEb5,REc1,UBe1 b:KAa5 turn=w");
  {
    g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
    g_autofree char *bm = NULL;
    send (e, "go mate 1");
    bm = expect (e, "bestmove", lines);
    g_assert_nonnull (strstr (lines->pdata[lines->len - 1], " score mate 1 "));
    mating = g_strdup (bm + strlen ("bestmove "));
  }
  after = ts_position_copy (mate);
  g_assert_true (ts_move_parse (after, mating, &m, &error));
  ts_position_make (after, m, &undo);
  ts_position_result (after, &r);
  g_assert_cmpint (r.kind, ==, TS_RESULT_WIN);
  g_assert_cmpuint (r.winner_team, ==, 0);

  /* No move in a finished game: said, and bestmove (none). */
  {
    g_autofree char *args = g_strdup_printf ("variant raumschach text raumschach w:KAc5,QEb5,REc1,UBe1 "
                                             "b:KAa5 turn=w moves %s", mating);
    g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
    g_autofree char *none = NULL;
    g_autofree char *command = g_strconcat ("position ", args, NULL);

    send (e, command);
    send (e, "go depth 2");
    none = expect (e, "bestmove", lines);
    g_assert_cmpstr (none, ==, "bestmove (none)");
    g_assert_cmpuint (lines->len, ==, 1);
    g_assert_true (g_str_has_prefix (lines->pdata[0], "info string "));
  }
  send (e, "quit");
}

static void
test_session_four_players (void)
{
  g_autoptr (TsEngineProcess) e = start_engine ();
  g_autoptr (TsPosition) pos = NULL;
  g_autofree char *best = NULL, *clocked = NULL;

  handshake (e);
  send (e, "ucinewgame");
  /* Red moves, Orange leaves the game ("--"), Green is to move. */
  pos = set_position (e, "variant grossraumschach startpos moves N1c4 --");
  g_assert_cmpuint (ts_position_side_to_move (pos), ==, 2);
  best = go (e, pos, "depth 2", NULL, 1);
  clocked = go (e, pos, "rtime 9000 otime 0 gtime 3000 btime 9000 ginc 100", NULL, 1);

  {
    g_autoptr (TsPosition) cubic = set_position (e, "variant cubic8-4p startpos");
    g_free (go (e, cubic, "depth 2 1time 5000 2time 5000 3time 5000 4time 5000", NULL, 1));
  }
  send (e, "quit");
}

static void
test_session_doseki (void)
{
  g_autoptr (TsEngineProcess) e = start_engine ();
  g_autoptr (TsPosition) start = position_of ("variant doseki");
  g_autoptr (TsPosition) pos = NULL;
  g_autofree char *first = NULL, *args = NULL, *second = NULL;

  handshake (e);
  send (e, "ucinewgame");
  send (e, "position variant doseki startpos");
  first = go (e, start, "depth 1", NULL, 1);
  g_assert_nonnull (strchr (first, ' '));   /* "H Aa1,Aa2-Aa3": one move with a space */
  /* The engine's own move given back, then its reply. */
  args = g_strdup_printf ("variant doseki startpos moves %s", first);
  pos = set_position (e, args);
  g_assert_cmpuint (ts_position_ply (pos), ==, 1);
  second = go (e, pos, "depth 1 rtime 5000 btime 5000", NULL, 1);
  send (e, "quit");
}

/* A finished game (mated): "go infinite" says so at once, and its bestmove (none) waits
 * for stop as any infinite search's (it came at once, and a GUI's stop found no search). */
static void
stop_infinite_finished (TsEngineProcess *e)
{
  g_autoptr (TsPosition) mated = ts_position_from_text ("raumschach w:KAc5,QEb5,REc1,UBe1 b:KAa5 turn=w", NULL);
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *text = NULL, *command = NULL, *said = NULL, *ready = NULL, *none = NULL;
  TsMoveList l;
  TsResult r = { 0 };

  g_assert_nonnull (mated);
  ts_move_list_init (&l);
  ts_position_generate_legal (mated, &l);
  for (guint i = 0; i < l.n && r.kind == TS_RESULT_NONE; i++)
    {
      TsUndo undo;
      ts_position_make (mated, l.moves[i], &undo);
      ts_position_result (mated, &r);
      if (r.kind == TS_RESULT_NONE)
        ts_position_unmake (mated, &undo);
    }
  ts_move_list_clear (&l);
  g_assert_cmpint (r.kind, ==, TS_RESULT_WIN);
  text = ts_position_to_text (mated);
  command = g_strconcat ("position text ", text, NULL);
  send (e, command);
  send (e, "go infinite");
  said = expect (e, "info", NULL);
  g_assert_true (g_str_has_prefix (said, "info string no move"));
  g_usleep (100 * 1000);
  send (e, "isready");
  ready = expect (e, "readyok", lines);
  g_assert_cmpuint (lines->len, ==, 0);
  send (e, "stop");
  none = expect (e, "bestmove", NULL);
  g_assert_cmpstr (none, ==, "bestmove (none)");
}

static void
test_stop_infinite (void)
{
  g_autoptr (TsEngineProcess) e = start_engine ();
  g_autoptr (TsPosition) pos = NULL;
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autofree char *ready = NULL, *best = NULL, *early = NULL;
  gint64 asked;
  TsMove m;

  handshake (e);
  pos = set_position (e, "variant cubic8 startpos");
  send (e, "go infinite");
  g_usleep (300 * 1000);
  /* Answered at once while the search goes on: no bestmove before readyok. */
  send (e, "isready");
  ready = expect (e, "readyok", lines);
  for (guint i = 0; i < lines->len; i++)
    g_assert_false (g_str_has_prefix (lines->pdata[i], "bestmove"));
  /* An infinite search does not end on its own... */
  early = ts_engine_process_wait_for (e, "bestmove", g_get_monotonic_time () + G_USEC_PER_SEC / 2,
                                      collect, NULL, &error);
  g_assert_null (early);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  /* ...and stop ends it quickly with a legal move. */
  asked = g_get_monotonic_time ();
  send (e, "stop");
  best = expect (e, "bestmove", NULL);
  g_test_message ("stop answered in %" G_GINT64_FORMAT " ms", (g_get_monotonic_time () - asked) / 1000);
  g_clear_error (&error);
  g_assert_true (ts_move_parse (pos, best + strlen ("bestmove "), &m, &error));
  /* A stop with no search is harmless; the engine still answers. */
  send (e, "stop");
  send (e, "isready");
  g_free (expect (e, "readyok", NULL));
  stop_infinite_finished (e);
  send (e, "quit");
}

/* Every bad command gets an info string, changes nothing, and the engine goes on. */
static void
test_bad_commands (void)
{
  static const char *const bad[] = {
    "frobnicate",
    "go depth 2",                                   /* no position yet */
    "setoption name Nonsense value 3",
    "setoption Hash 3",
    "setoption name Hash value lots",
    "setoption name MultiPV value 99",
    "setoption name Level value 0",
    "setoption name UCI_Variant value chess",
    "position variant chess startpos",
    "position variant raumschach startpos moves Zz9",
    "position variant raumschach text raumschach w:KAc5 b:KZz9",
    "position variant nihongi text raumschach w:KAc5 b:KAa5",
    "position variant raumschach startpos mvoes NBb1-Bc3",
  };
  g_autoptr (TsEngineProcess) e = start_engine ();
  g_autoptr (TsPosition) pos = NULL;
  g_autofree char *best = NULL;

  handshake (e);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *answer = NULL;
      send (e, bad[i]);
      answer = expect (e, "info", NULL);
      g_assert_true (g_str_has_prefix (answer, "info string error: "));
      send (e, "isready");
      g_free (expect (e, "readyok", NULL));
    }
  /* A good position, then bad ones and bad go commands: the good one stays. */
  pos = set_position (e, "variant nihongi startpos moves Ke2");
  for (const char *const *b = (const char *const[]) {
         "position variant nihongi startpos moves Ke2 Zz9", "go depht 3", "go depth -1",
         "go movetime", "go xtime 100", "go depth 2 ponder", NULL }; *b; b++)
    {
      g_autofree char *answer = NULL;
      send (e, *b);
      answer = expect (e, "info", NULL);
      g_assert_true (g_str_has_prefix (answer, "info string error: "));
    }
  best = go (e, pos, "depth 2", NULL, 1);

  /* Commands that need an idle engine, while it searches. */
  send (e, "go infinite");
  for (const char *const *b = (const char *const[]) { "go depth 1", "ucinewgame",
                                                      "setoption name MultiPV value 2", NULL }; *b; b++)
    {
      g_autofree char *answer = NULL;
      send (e, *b);
      answer = expect (e, "info string", NULL);
      g_assert_nonnull (strstr (answer, "send stop first"));
    }
  send (e, "stop");
  g_free (expect (e, "bestmove", NULL));
  send (e, "quit");
}

/* Sends bytes as they are, a line feed after them. */
static void
send_raw (TsEngineProcess *e, const char *data, gsize length)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *escaped = g_strescape (data, NULL);

  g_test_message ("> %s (%zu bytes)", escaped, length);
  g_assert_true (ts_engine_process_send_data (e, data, length, &error) &&
                 ts_engine_process_send_data (e, "\n", 1, &error));
  g_assert_no_error (error);
}

/* Protocol lines are UTF-8 text: a line with a NUL byte, a control character or bytes
 * that are not UTF-8 is refused whole (the part before a NUL is not run), and its bytes
 * are not echoed back; a carriage return before the line feed is allowed. */
static void
test_not_text (void)
{
  static const struct {
    const char *data;
    gsize       length;
    guint       byte;
  } bad[] = {
#define LINE(text, byte) { text, sizeof text - 1, byte }
    LINE ("go depth 1\0 nodes 5", 11),   /* before the fix: a search */
    LINE ("goo\xff", 4),                  /* before the fix: echoed as it is */
    LINE ("go\xc3 depth 1", 3),
    LINE ("\xef\xbb\xbf\xff", 4),
    LINE ("position variant raumschach startpos moves NCb2\x1b[2J", 48),
    LINE ("go depth 1\rnodes 5", 11),
    LINE ("go depth\x7f 1", 9),
#undef LINE
  };
  g_autoptr (TsEngineProcess) e = start_engine ();
  g_autoptr (TsPosition) pos = NULL;
  g_autofree char *best = NULL;

  handshake (e);
  pos = set_position (e, "variant raumschach startpos");
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GPtrArray) before = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *expected = g_strdup_printf ("info string error: line ignored: byte %u is not text",
                                                   bad[i].byte);
      g_autofree char *ready = NULL;

      send_raw (e, bad[i].data, bad[i].length);
      send (e, "isready");
      ready = expect (e, "readyok", before);
      g_assert_cmpuint (before->len, ==, 1);
      g_assert_true (g_utf8_validate (before->pdata[0], -1, NULL));
      g_assert_true (g_str_has_prefix (before->pdata[0], expected));
    }
  send_raw (e, "uci\r", 4);
  g_free (expect (e, "uciok", NULL));
  /* The refused position left the one before. */
  best = go (e, pos, "depth 1", NULL, 1);
  send (e, "quit");
}

/* Words are separated by runs of spaces and tabs, as in UCI (in go, a second space used
 * to make an empty value: "depth takes a whole number from 1 to 128, not “”"). */
static void
test_spaces (void)
{
  g_autoptr (TsEngineProcess) e = start_engine ();
  g_autoptr (TsPosition) pos = NULL;
  g_autofree char *first = NULL, *best = NULL;

  handshake (e);
  pos = set_position (e, " variant  raumschach\tstartpos  moves  NCb2 \t");
  send (e, "go  depth \t 1 ");
  first = expect (e, "info", NULL);
  g_assert_true (g_str_has_prefix (first, "info depth 1 "));
  assert_pv_legal (pos, first);
  best = expect (e, "bestmove", NULL);
  send (e, "quit");
}

/* A sender that does not read while it writes: `cat` echoes a long session, and would
 * block on its full output while the caller blocked on writing to it (a hang, before
 * ts_engine_process_send read on while it waited). */
static void
test_process_long_send (void)
{
  const char *argv[] = { "cat", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (TsEngineProcess) e = ts_engine_process_new (argv, &error);
  g_autoptr (GString) session = g_string_new (NULL);
  guint n = 20000;

  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (session, "position variant raumschach startpos moves NCb2 %u\n", i);
  g_assert_true (ts_engine_process_send_data (e, session->str, session->len, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *line = ts_engine_process_read_line (e, g_get_monotonic_time () + ANSWER_US, &error);
      g_autofree char *expected = g_strdup_printf ("position variant raumschach startpos moves NCb2 %u", i);

      g_assert_no_error (error);
      g_assert_cmpstr (line, ==, expected);
    }
}

/* A Hash bigger than the machine can hold is clamped with a message, not an abort (the
 * engine is made at its size at the next go: a smaller Hash is set before it, so that
 * the test does not fill half the machine's memory). */
static void
test_hash_clamped (void)
{
  g_autoptr (TsEngineProcess) e = start_engine ();
  g_autoptr (TsPosition) pos = NULL;
  g_autofree char *answer = NULL, *best = NULL;

  handshake (e);
  send (e, "setoption name Hash value 4000000000000");
  answer = expect (e, "info", NULL);
  g_assert_true (g_str_has_prefix (answer, "info string Hash 4000000000000 MiB is more than"));
  send (e, "isready");
  g_free (expect (e, "readyok", NULL));
  send (e, "setoption name Hash value 2");
  pos = set_position (e, "variant raumschach startpos");
  best = go (e, pos, "depth 1", NULL, 1);
  send (e, "quit");
}

/* The transposition table and history last from one go to the next (the second
 * search of a position is shorter; an isready between them, which makes the engine
 * when there is none, keeps it), and ucinewgame clears them (the first search's count
 * again: a depth-limited search is deterministic). An engine isready made for
 * UCI_Variant is replaced by a fresh one when the position is of another variant. */
static void
test_engine_kept (void)
{
  g_autoptr (TsEngineProcess) e = start_engine (), other = start_engine ();
  g_autoptr (TsPosition) pos = NULL;
  guint64 first = 0, again = 0, fresh = 0, switched = 0;

  handshake (e);
  pos = set_position (e, "variant raumschach startpos moves NCb2 NCb4");
  g_free (go (e, pos, "depth 4", &first, 1));
  send (e, "isready");
  g_free (expect (e, "readyok", NULL));
  g_free (go (e, pos, "depth 4", &again, 1));
  send (e, "ucinewgame");
  g_free (go (e, pos, "depth 4", &fresh, 1));
  send (e, "quit");

  handshake (other);
  send (other, "setoption name UCI_Variant value nihongi");
  send (other, "isready");
  g_free (expect (other, "readyok", NULL));
  g_clear_pointer (&pos, ts_position_free);
  pos = set_position (other, "variant raumschach startpos moves NCb2 NCb4");
  g_free (go (other, pos, "depth 4", &switched, 1));
  send (other, "quit");

  g_test_message ("nodes: first %" G_GUINT64_FORMAT ", again %" G_GUINT64_FORMAT
                  ", after ucinewgame %" G_GUINT64_FORMAT ", after a Nihongi engine %" G_GUINT64_FORMAT,
                  first, again, fresh, switched);
  g_assert_cmpuint (again, <, first);
  g_assert_cmpuint (fresh, ==, first);
  g_assert_cmpuint (switched, ==, first);
}

/* A script's input may end right after its go: the answer still comes. */
static void
test_end_of_input (void)
{
  const char *argv[] = { g_getenv ("TESSERA_CLI"), "engine", NULL };
  g_autoptr (GSubprocess) p = NULL;
  g_autoptr (GError) error = NULL;
  const char *script = "position variant parton startpos\ngo depth 2\n";
  g_autoptr (GBytes) input = g_bytes_new_static (script, strlen (script));
  g_autoptr (GBytes) out = NULL;
  const char *text;

  p = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate (p, input, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (p));
  g_assert_cmpint (g_subprocess_get_exit_status (p), ==, 0);
  text = g_bytes_get_data (out, NULL);
  g_assert_nonnull (text);
  g_assert_nonnull (strstr (text, "info depth 2 "));
  g_assert_nonnull (strstr (text, "\nbestmove "));
}

/* Waiting for an engine's line costs no CPU: the runner used to spin in its wait (each
 * wait's new sources woke the context, one iteration returned at once), half a CPU
 * taken from the engines of a match while they thought. */
static void
test_wait_is_idle (void)
{
  const char *argv[] = { "sh", "-c", "sleep 1; echo done; sleep 1; echo again", NULL };
  g_autoptr (GError) error = NULL;
  TsEngineProcess *e = ts_engine_process_new (argv, &error);
  gint64 cpu = t_thread_cpu_us (), wall = g_get_monotonic_time ();
  g_autofree char *first = NULL, *second = NULL;

  g_assert_no_error (error);
  first = ts_engine_process_read_line (e, g_get_monotonic_time () + ANSWER_US, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (first, ==, "done");
  second = ts_engine_process_wait_for (e, "again", g_get_monotonic_time () + ANSWER_US,
                                       NULL, NULL, &error);
  g_assert_no_error (error);
  cpu = t_thread_cpu_us () - cpu;
  wall = g_get_monotonic_time () - wall;
  g_test_message ("waited %" G_GINT64_FORMAT " ms using %" G_GINT64_FORMAT " ms of CPU",
                  wall / 1000, cpu / 1000);
  g_assert_cmpint (wall, >=, 2 * G_USEC_PER_SEC - 100000);
  g_assert_cmpint (cpu, <, 100000);
  ts_engine_process_free (e);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/protocol/session-two-players", test_session_two_players);
  g_test_add_func ("/engine/protocol/session-four-players", test_session_four_players);
  g_test_add_func ("/engine/protocol/session-doseki", test_session_doseki);
  g_test_add_func ("/engine/protocol/stop-infinite", test_stop_infinite);
  g_test_add_func ("/engine/protocol/bad-commands", test_bad_commands);
  g_test_add_func ("/engine/protocol/not-text", test_not_text);
  g_test_add_func ("/engine/protocol/spaces", test_spaces);
  g_test_add_func ("/engine/protocol/process-long-send", test_process_long_send);
  g_test_add_func ("/engine/protocol/hash-clamped", test_hash_clamped);
  g_test_add_func ("/engine/protocol/engine-kept", test_engine_kept);
  g_test_add_func ("/engine/protocol/end-of-input", test_end_of_input);
  g_test_add_func ("/engine/protocol/wait-is-idle", test_wait_is_idle);
  return g_test_run ();
}
