/* tessera-cli match: games between players — protocol engines (--engine CMD) and the
 * built-in levels (--seat LEVEL) — from openings, with clocks or a time per move,
 * adjudication, every game saved in one file, and the score with its Elo difference,
 * error margin and an optional SPRT stop (docs/engine.md, "Matches"). Games run in
 * --concurrency threads; each game starts its own players. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli-match.h"
#include "match-player.h"
#include "match/match-stats.h"
#include "match/openings.h"
#include "records/game.h"
#include "records/safe-file.h"
#include "rules/notation.h"

/* Without a time limit (depth, nodes), an engine silent this long is taken as hung. */
#define UNTIMED_MOVE_MS 600000
#define MAX_ADJUDICATION_MOVES 64

typedef struct {
  const TsVariant *v;
  GPtrArray       *players;          /* MatchPlayerSpec */
  GPtrArray       *openings;         /* TsOpening */
  char            *openings_file;
  guint            games, concurrency;
  TsSearchLimits   limits;           /* depth, nodes or movetime; clocks below */
  gboolean         clocks;
  gint64           base_ms, inc_ms, margin_ms;
  guint            max_plies;
  gboolean         adjudicate;       /* the referee's evaluation (the built-in rule) */
  int              resign_cp, draw_cp;
  guint            resign_moves, draw_moves, draw_after;
  GStrv            options;
  char            *save, *event;
  gboolean         sprt;
  double           elo0, elo1, alpha, beta;
  guint32          seed;

  /* Shared by the game threads, under lock: a GRecMutex (pthread-based) rather than a
   * GMutex, whose futexes inside GLib ThreadSanitizer cannot see. */
  GRecMutex        lock;
  guint            next_game;
  gboolean         stopping;         /* the SPRT has decided: no new games */
  char           **records;          /* per game, once played */
  double          *first_score;      /* per game: the first player's score; < 0 until played */
  double           points[TS_MAX_SEATS];
  TsMatchStats     stats;
  guint            n_played;
  gboolean         save_failed;
} Match;

typedef struct {
  TsResultKind kind;
  guint        winner_team;
  char        *reason;        /* for people */
  const char  *termination;   /* PGN's Termination tag */
} Ending;

typedef struct {
  Match           *m;
  guint            index, rotation;
  const TsOpening *opening;
  guint            player_of_seat[TS_MAX_SEATS];
  MatchPlayer     *player[TS_MAX_SEATS];
  char            *start_error[TS_MAX_SEATS];
  TsGame          *game;
  TsPosition      *pos;
  GPtrArray       *san;       /* every move from the opening's start, NULL-terminated */
  gint64           clock_ms[TS_MAX_SEATS];
  int              recent[TS_MAX_SEATS][MAX_ADJUDICATION_MOVES];
  guint            n_recent[TS_MAX_SEATS];
  TsEngine        *referee;   /* --adjudicate */
  int              lead_plies, lead_sign;
  Ending           end;
} Game;

static guint
rotations (const Match *m)
{
  return m->players->len;
}

static const MatchPlayerSpec *
spec_of_seat (const Game *g, guint seat)
{
  return g->m->players->pdata[g->player_of_seat[seat]];
}

static void
end_game (Game *g, TsResultKind kind, guint winner_team, const char *termination, char *reason)
{
  g->end.kind = kind;
  g->end.winner_team = winner_team;
  g->end.termination = termination;
  g_free (g->end.reason);
  g->end.reason = reason;
}

/* ---- Adjudication ---- */

static gboolean
last_scores_all (const Game *g, guint seat, guint n, int low, int high)
{
  if (n == 0 || g->n_recent[seat] < n)
    return FALSE;
  for (guint i = g->n_recent[seat] - n; i < g->n_recent[seat]; i++)
    {
      int s = g->recent[seat][i % MAX_ADJUDICATION_MOVES];
      if (s < low || s > high)
        return FALSE;
    }
  return TRUE;
}

static int
last_score (const Game *g, guint seat)
{
  return g->recent[seat][(g->n_recent[seat] - 1) % MAX_ADJUDICATION_MOVES];
}

/* Two players: both engines agree that the game is won, or drawn (docs/engine.md). */
static gboolean
adjudicate_by_scores (Game *g, guint mover)
{
  const Match *m = g->m;
  guint other = 1 - mover;

  if (g->n_recent[mover] == 0 || g->n_recent[other] == 0)
    return FALSE;
  if (last_score (g, mover) > TS_SCORE_MATE_BOUND && last_score (g, other) < -TS_SCORE_MATE_BOUND)
    {
      end_game (g, TS_RESULT_WIN, m->v->team[mover], "adjudication",
                g_strdup (_("adjudicated: both engines see a forced mate")));
      return TRUE;
    }
  if (last_scores_all (g, mover, m->resign_moves, m->resign_cp, G_MAXINT) &&
      last_scores_all (g, other, m->resign_moves, G_MININT, -m->resign_cp))
    {
      end_game (g, TS_RESULT_WIN, m->v->team[mover], "adjudication",
                g_strdup_printf (_("adjudicated: both engines agree on a win (%u moves each at %d cp or more)"),
                                 m->resign_moves, m->resign_cp));
      return TRUE;
    }
  if (ts_position_ply (g->pos) >= m->draw_after &&
      last_scores_all (g, mover, m->draw_moves, -m->draw_cp, m->draw_cp) &&
      last_scores_all (g, other, m->draw_moves, -m->draw_cp, m->draw_cp))
    {
      end_game (g, TS_RESULT_DRAW, 0, "adjudication",
                g_strdup_printf (_("adjudicated: both engines agree on a draw (%u moves each within %d cp)"),
                                 m->draw_moves, m->draw_cp));
      return TRUE;
    }
  return FALSE;
}

/* --adjudicate: the referee's static evaluation stays a queen's worth (the most valuable
 * piece, at least 1000 cp) ahead for one side for 10 plies. */
static gboolean
adjudicate_by_referee (Game *g)
{
  const TsVariant *v = g->m->v;
  int lead_needed = 1000, eval, sign;

  for (guint t = 0; t < v->n_piece_types; t++)
    lead_needed = MAX (lead_needed, ts_engine_piece_value (g->referee, t));
  eval = ts_engine_evaluate (g->referee, g->pos);
  if (ts_position_side_to_move (g->pos) != 0)
    eval = -eval;   /* seat 0's point of view */
  sign = eval >= lead_needed ? 1 : eval <= -lead_needed ? -1 : 0;
  g->lead_plies = sign && sign == g->lead_sign ? g->lead_plies + 1 : sign ? 1 : 0;
  g->lead_sign = sign;
  if (g->lead_plies < 10)
    return FALSE;
  end_game (g, TS_RESULT_WIN, v->team[sign > 0 ? 0 : 1], "adjudication",
            g_strdup_printf (_("adjudicated: the evaluation stayed %d cp or more ahead for 10 plies"),
                             lead_needed));
  return TRUE;
}

/* ---- Playing ---- */

static void
record_move (Game *g, TsMove move, const MatchAnswer *a, const char *comment)
{
  TsGameNode *node = ts_game_add_move (g->game, move);
  TsAnnotation ann;
  TsUndo undo;

  ts_annotation_init (&ann);
  if (a && a->has_score)
    {
      ann.eval.kind = a->is_mate ? TS_EVAL_MATE : TS_EVAL_CP;
      ann.eval.value = a->is_mate ? a->mate_moves : a->score_cp;
      ann.eval.depth = (guint16) MIN (a->depth, G_MAXUINT16);
    }
  if (a && g->m->clocks)
    ann.clock_ms = MAX (g->clock_ms[ts_position_side_to_move (g->pos)], 0);
  ann.comment_after = g_strdup (comment);
  ts_game_set_annotation (g->game, node, &ann);
  ts_annotation_clear (&ann);
  g_ptr_array_insert (g->san, (gint) g->san->len - 1, g_strdup (node->san));
  ts_position_make (g->pos, move, &undo);
}

/* A player that cannot go on: two players, the game is lost; four, the seat leaves. */
static void
forfeit (Game *g, guint seat, const char *termination, char *reason)
{
  const TsVariant *v = g->m->v;

  g_clear_pointer (&g->player[seat], match_player_free);
  if (v->n_seats == 2)
    {
      end_game (g, TS_RESULT_WIN, v->team[1 - seat], termination, reason);
      return;
    }
  record_move (g, ts_move_leave (), NULL, reason);
  g_free (reason);
}

static char *
failure_reason (Game *g, guint seat, MatchMoveStatus status, const MatchAnswer *a, const char **termination)
{
  const char *who = _(g->m->v->seat_names[seat]);

  *termination = "abandoned";
  switch (status)
    {
    case MATCH_MOVE_TIMEOUT:
      *termination = "time forfeit";
      return g->m->clocks ? g_strdup_printf (_("%s lost on time"), who)
                          : g_strdup_printf (_("%s's engine did not answer in time"), who);
    case MATCH_MOVE_CRASH:
      return g_strdup_printf (_("%s's engine stopped (crashed or exited)"), who);
    case MATCH_MOVE_ILLEGAL:
      *termination = "rules infraction";
      return g_strdup_printf (_("%s's engine played an illegal move “%s”"), who, a->text ? a->text : "");
    case MATCH_MOVE_NONE:
    default:
      *termination = "rules infraction";
      return g_strdup_printf (_("%s's engine gave no move"), who);
    }
}

static void
note_crash (Game *g, guint seat)
{
  const char *tail = g->player[seat] ? match_player_stderr (g->player[seat]) : "";

  if (*tail)
    {
      ts_cli_error (_("game %u: %s's engine wrote on its standard error:"), g->index + 1,
                    _(g->m->v->seat_names[seat]));
      fprintf (stderr, "%s%s", tail, g_str_has_suffix (tail, "\n") ? "" : "\n");
    }
}

/* The limits and the deadline of one move of seat. */
static gint64
move_limits (Game *g, guint seat, TsSearchLimits *limits)
{
  const Match *m = g->m;
  gint64 budget = UNTIMED_MOVE_MS;

  *limits = m->limits;
  limits->seed = m->seed * 7919u + g->index * 131u + ts_position_ply (g->pos);
  if (m->clocks)
    {
      for (guint s = 0; s < m->v->n_seats; s++)
        {
          limits->time_left_ms[s] = MAX (g->clock_ms[s], 0);
          limits->increment_ms[s] = m->inc_ms;
        }
      budget = MAX (g->clock_ms[seat], 0);
    }
  else if (m->limits.movetime_ms)
    budget = m->limits.movetime_ms;
  return g_get_monotonic_time () + (budget + m->margin_ms) * 1000;
}

/* One move of the side to move; FALSE when the game has ended. */
static gboolean
play_move (Game *g)
{
  const Match *m = g->m;
  guint seat = ts_position_side_to_move (g->pos);
  int controller = ts_position_seat_active (g->pos, seat) ? (int) seat : ts_position_controller (g->pos, seat);
  guint acting = controller >= 0 ? (guint) controller : seat;
  MatchAnswer a;
  TsSearchLimits limits;
  gint64 deadline = move_limits (g, acting, &limits), started = g_get_monotonic_time (), elapsed;
  MatchMoveStatus status;
  const char *termination;

  if (!g->player[acting])
    {
      forfeit (g, acting, "abandoned",
               g_strdup_printf (_("%s's engine could not start: %s"), _(m->v->seat_names[acting]),
                                g->start_error[acting] ? g->start_error[acting] : "—"));
      return g->end.kind == TS_RESULT_NONE;
    }
  status = match_player_move (g->player[acting], g->opening, (const char *const *) g->san->pdata,
                              g->san->len - 1, g->pos, &limits, deadline, &a);
  elapsed = (g_get_monotonic_time () - started) / 1000;
  if (status == MATCH_MOVE_OK && !ts_position_is_legal (g->pos, a.move))
    status = MATCH_MOVE_ILLEGAL;
  if (status == MATCH_MOVE_OK && m->clocks)
    {
      g->clock_ms[acting] -= elapsed;
      if (g->clock_ms[acting] < -m->margin_ms)
        status = MATCH_MOVE_TIMEOUT;
      else
        g->clock_ms[acting] = MAX (g->clock_ms[acting], 0) + m->inc_ms;
    }
  if (status != MATCH_MOVE_OK)
    {
      char *reason = failure_reason (g, acting, status, &a, &termination);
      if (status == MATCH_MOVE_CRASH)
        note_crash (g, acting);
      forfeit (g, acting, termination, reason);
      match_answer_clear (&a);
      return g->end.kind == TS_RESULT_NONE;
    }
  record_move (g, a.move, &a, NULL);
  if (a.has_score && acting < TS_MAX_SEATS)
    g->recent[acting][g->n_recent[acting]++ % MAX_ADJUDICATION_MOVES] = a.score_cp;
  match_answer_clear (&a);
  if (m->v->n_seats == 2 && adjudicate_by_scores (g, acting))
    return FALSE;
  if (m->adjudicate && m->v->n_seats == 2 && adjudicate_by_referee (g))
    return FALSE;
  return TRUE;
}

/* Plays until the rules, a forfeit, adjudication or the move cap end the game. */
static void
play (Game *g)
{
  guint plies = 0;

  for (;;)
    {
      TsResult r;

      ts_position_result (g->pos, &r);
      if (r.kind != TS_RESULT_NONE)
        {
          end_game (g, r.kind, r.winner_team, "normal", g_strdup (_(r.reason)));
          return;
        }
      if (plies >= g->m->max_plies)
        {
          end_game (g, TS_RESULT_DRAW, 0, "adjudication",
                    g_strdup_printf (_("move limit (%u plies)"), g->m->max_plies));
          return;
        }
      if (!play_move (g))
        return;
      plies++;
    }
}

/* ---- Scoring ---- */

/* A seat's place, higher is better: the winning team; seats still in play; the
 * eliminated ones, the last out best. */
static int
place_of (const Game *g, const TsResult *r, guint seat)
{
  const TsVariant *v = g->m->v;

  if (g->end.kind == TS_RESULT_WIN && v->team[seat] == g->end.winner_team)
    return 100;
  for (guint i = 0; i < r->n_eliminated; i++)
    if (r->eliminated[i] == seat)
      return (int) i;
  return 50;
}

/* Each player's score: the share of comparisons of its seats' places with the other
 * players' seats that it wins (a tie is half). Two players: 1, ½ or 0. */
static void
score_game (const Game *g, double points[TS_MAX_SEATS])
{
  const TsVariant *v = g->m->v;
  int place[TS_MAX_SEATS];
  TsResult r;

  ts_position_result (g->pos, &r);   /* the elimination order */
  for (guint s = 0; s < v->n_seats; s++)
    place[s] = place_of (g, &r, s);
  for (guint p = 0; p < rotations (g->m); p++)
    {
      double won = 0;
      guint n = 0;

      for (guint s = 0; s < v->n_seats; s++)
        for (guint t = 0; t < v->n_seats; t++)
          if (g->player_of_seat[s] == p && g->player_of_seat[t] != p)
            {
              won += place[s] > place[t] ? 1.0 : place[s] == place[t] ? 0.5 : 0.0;
              n++;
            }
      points[p] = n ? won / n : 0.5;
    }
}

/* ---- One game, start to end ---- */

static void
set_up_record (Game *g)
{
  const Match *m = g->m;
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");
  g_autofree char *round = g_strdup_printf ("%u", g->index + 1);
  g_autofree char *opening = NULL;

  g->game = ts_game_new (m->v, g->opening->initial ? NULL : g->opening->start);
  ts_game_set_field (g->game, TS_GAME_EVENT, m->event);
  ts_game_set_field (g->game, TS_GAME_DATE, date);
  ts_game_set_field (g->game, TS_GAME_ROUND, round);
  for (guint s = 0; s < m->v->n_seats; s++)
    ts_game_set_player (g->game, s, spec_of_seat (g, s)->label);
  if (m->clocks)
    {
      g_autofree char *tc = ts_time_control_format (m->base_ms, m->inc_ms);
      ts_game_set_field (g->game, TS_GAME_TIME_CONTROL, tc);
    }
  if (m->openings_file)
    opening = g_strdup_printf (_("Opening: %s, line %u."), m->openings_file, g->opening->line);
  for (guint i = 0; g->opening->san[i]; i++)
    {
      TsMove move;
      if (!ts_move_parse (g->pos, g->opening->san[i], &move, NULL))
        g_assert_not_reached ();   /* read and checked with the openings */
      record_move (g, move, NULL, g->opening->san[i + 1] ? NULL : _("end of the opening"));
    }
  if (opening)
    ts_game_set_comment (g->game, ts_game_root (g->game), TRUE, opening);
}

/* The game's last comment: the result and why. */
static void
finish_record (Game *g)
{
  g_autofree char *result = ts_game_result_text (g->m->v, g->end.kind, g->end.winner_team);
  g_autofree char *comment = g_strdup_printf ("%s: %s", result, g->end.reason ? g->end.reason : "");
  TsGameNode *last = ts_game_current (g->game);
  const char *before = last->annotation.comment_after;
  g_autofree char *text = before ? g_strdup_printf ("%s %s", before, comment) : g_strdup (comment);

  ts_game_set_field (g->game, TS_GAME_RESULT, result);
  ts_game_set_tag (g->game, "Termination", g->end.termination);
  if (last == ts_game_root (g->game))
    {
      const char *opening = last->annotation.comment_before;
      g_autofree char *all = opening ? g_strdup_printf ("%s %s", opening, comment) : g_strdup (comment);
      ts_game_set_comment (g->game, last, TRUE, all);
    }
  else
    ts_game_set_comment (g->game, last, FALSE, text);
}

static void
start_players (Game *g)
{
  for (guint s = 0; s < g->m->v->n_seats; s++)
    {
      g_autoptr (GError) error = NULL;
      g->player[s] = match_player_start (spec_of_seat (g, s), g->m->v,
                                         (const char *const *) g->m->options, NULL, &error);
      if (!g->player[s])
        g->start_error[s] = g_strdup (error->message);
    }
}

static void
game_clear (Game *g)
{
  for (guint s = 0; s < TS_MAX_SEATS; s++)
    {
      g_clear_pointer (&g->player[s], match_player_free);
      g_clear_pointer (&g->start_error[s], g_free);
    }
  g_clear_pointer (&g->game, ts_game_free);
  g_clear_pointer (&g->pos, ts_position_free);
  g_clear_pointer (&g->san, g_ptr_array_unref);
  g_clear_pointer (&g->referee, ts_engine_free);
  g_clear_pointer (&g->end.reason, g_free);
}

/* Plays game index; its record and summary line go to *record and *line. */
static void
play_game (Match *m, guint index, double points[TS_MAX_SEATS], char **record, char **line)
{
  Game g = { 0 };
  GString *summary = g_string_new (NULL);

  g.m = m;
  g.index = index;
  g.rotation = index % rotations (m);
  g.opening = m->openings->pdata[(index / rotations (m)) % m->openings->len];
  for (guint s = 0; s < m->v->n_seats; s++)
    {
      g.player_of_seat[s] = (s + g.rotation) % rotations (m);
      g.clock_ms[s] = m->base_ms;
    }
  g.pos = ts_position_copy (g.opening->start);
  g.san = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (g.san, NULL);
  if (m->adjudicate)
    g.referee = ts_engine_new (m->v, 1);
  set_up_record (&g);
  start_players (&g);
  play (&g);
  finish_record (&g);
  score_game (&g, points);

  g_string_append_printf (summary, _("game %u:"), index + 1);
  for (guint s = 0; s < m->v->n_seats; s++)
    g_string_append_printf (summary, " %s=%s", _(m->v->seat_names[s]), spec_of_seat (&g, s)->label);
  g_string_append_printf (summary, " — %s, %s (%u plies)", ts_game_get_field (g.game, TS_GAME_RESULT),
                          g.end.reason, ts_position_ply (g.pos) - ts_position_ply (g.opening->start));
  *record = ts_game_to_text (g.game, NULL);
  *line = g_string_free (summary, FALSE);
  game_clear (&g);
}

/* ---- The match ---- */

/* Under the lock: the games played so far, in order, in one file. */
static void
save_games (Match *m)
{
  g_autoptr (GString) all = g_string_new (NULL);
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < m->games; i++)
    if (m->records[i])
      g_string_append_printf (all, "%s%s", all->len ? "\n" : "", m->records[i]);
  if (!ts_safe_file_write (m->save, all->str, all->len, TS_SAFE_FILE_NONE, &error) && !m->save_failed)
    {
      ts_cli_error ("%s", error->message);
      m->save_failed = TRUE;
    }
}

static void
print_sprt (const Match *m, FILE *out)
{
  double lower, upper, llr = ts_match_stats_llr (&m->stats, m->elo0, m->elo1);

  ts_sprt_bounds (m->alpha, m->beta, &lower, &upper);
  fprintf (out, _("sprt: llr %.2f (%.2f, %.2f), elo0 %g, elo1 %g: %s\n"), llr, lower, upper, m->elo0,
           m->elo1, llr >= upper ? _("H1 accepted") : llr <= lower ? _("H0 accepted") : _("undecided"));
}

/* Under the lock: one game's result enters the statistics; the SPRT may stop the match. */
static void
count_game (Match *m, guint index, const double points[TS_MAX_SEATS])
{
  guint partner = index ^ 1;

  for (guint p = 0; p < rotations (m); p++)
    m->points[p] += points[p];
  m->first_score[index] = points[0];
  m->n_played++;
  ts_match_stats_add_game (&m->stats, points[0]);
  /* Two rotations: the games 2k and 2k + 1 are one opening with the seats swapped. */
  if (rotations (m) == 2 && partner < m->games && m->first_score[partner] >= 0)
    ts_match_stats_add_pair (&m->stats, m->first_score[index & ~1u], m->first_score[index | 1u]);
  /* The test is taken after complete pairs only: a pair's two games are not independent. */
  if (m->sprt && ts_match_stats_paired (&m->stats) && !m->stopping)
    {
      double lower, upper, llr = ts_match_stats_llr (&m->stats, m->elo0, m->elo1);
      ts_sprt_bounds (m->alpha, m->beta, &lower, &upper);
      if (llr >= upper || llr <= lower)
        m->stopping = TRUE;
    }
}

static gpointer
game_thread (gpointer data)
{
  Match *m = data;

  for (;;)
    {
      double points[TS_MAX_SEATS] = { 0 };
      char *record = NULL, *line = NULL;
      guint index;

      g_rec_mutex_lock (&m->lock);
      index = m->next_game++;
      if (m->stopping || index >= m->games)
        {
          g_rec_mutex_unlock (&m->lock);
          return NULL;
        }
      g_rec_mutex_unlock (&m->lock);

      play_game (m, index, points, &record, &line);

      g_rec_mutex_lock (&m->lock);
      m->records[index] = record;
      count_game (m, index, points);
      printf ("%s\n", line);
      fflush (stdout);
      if (m->save)
        save_games (m);
      g_rec_mutex_unlock (&m->lock);
      g_free (line);
    }
}

static void
print_result (const Match *m)
{
  const MatchPlayerSpec *a = m->players->pdata[0], *b = m->players->pdata[1];
  double elo, margin;

  if (rotations (m) != 2)
    {
      printf (_("score:"));
      for (guint p = 0; p < rotations (m); p++)
        printf (" %s %.2f%s", ((MatchPlayerSpec *) m->players->pdata[p])->label, m->points[p],
                p + 1 < rotations (m) ? "," : "");
      printf (_(" of %u games (placement points, docs/engine.md)\n"), m->n_played);
      return;
    }
  printf (_("result: %s vs %s: %u games, +%u =%u -%u, score %.1f %%"), a->label, b->label,
          m->stats.n_games, m->stats.wins, m->stats.draws, m->stats.losses,
          100 * ts_match_stats_score (&m->stats));
  if (ts_match_stats_elo (&m->stats, &elo, &margin))
    printf (_(", Elo %+.1f ± %.1f (95 %%, %s)"), elo + 0.0 /* no "-0.0" */, margin,
            ts_match_stats_paired (&m->stats) ? _("pentanomial") : _("trinomial"));
  else
    printf (_(", Elo not finite (every game won by one side)"));
  printf ("\n");
  if (ts_match_stats_paired (&m->stats))
    printf (_("pairs: %u %u %u %u %u (the first player's points per opening pair: 0, ½, 1, 1½, 2)\n"),
            m->stats.penta[0], m->stats.penta[1], m->stats.penta[2], m->stats.penta[3], m->stats.penta[4]);
  if (m->sprt)
    print_sprt (m, stdout);
}

static void
run (Match *m)
{
  GThread *threads[16];
  guint n = MIN (m->concurrency, G_N_ELEMENTS (threads));

  m->records = g_new0 (char *, m->games);
  m->first_score = g_new (double, m->games);
  for (guint i = 0; i < m->games; i++)
    m->first_score[i] = -1;
  ts_match_stats_init (&m->stats);
  g_rec_mutex_init (&m->lock);
  for (guint p = 0; p < m->players->len; p++)
    {
      const MatchPlayerSpec *spec = m->players->pdata[p];
      g_autofree char *command = spec->argv ? g_strjoinv (" ", spec->argv) : NULL;
      printf (_("player %u: %s (%s)\n"), p + 1, spec->label, command ? command : _("built in"));
    }
  fflush (stdout);
  for (guint i = 0; i < n; i++)
    threads[i] = g_thread_new ("ts-match-game", game_thread, m);
  for (guint i = 0; i < n; i++)
    g_thread_join (threads[i]);
  g_rec_mutex_clear (&m->lock);
  print_result (m);
}

/* ---- Options ---- */

static gboolean
add_engine (const char *option, const char *value, gpointer data, GError **error)
{
  Match *m = data;
  MatchPlayerSpec *spec = g_new0 (MatchPlayerSpec, 1);

  if (!g_shell_parse_argv (value, NULL, &spec->argv, error))
    {
      g_prefix_error (error, "--engine “%s”: ", value);
      match_player_spec_free (spec);
      return FALSE;
    }
  g_ptr_array_add (m->players, spec);
  return TRUE;
}

static gboolean
add_seat (const char *option, const char *value, gpointer data, GError **error)
{
  Match *m = data;
  MatchPlayerSpec *spec = g_new0 (MatchPlayerSpec, 1);
  gint64 level = TS_ENGINE_LEVEL_FULL;

  spec->label = g_ascii_isdigit (value[0]) ? g_strdup_printf ("level %s", value) : g_strdup (value);
  g_ptr_array_add (m->players, spec);
  if (g_ascii_strcasecmp (value, "greedy") == 0)
    spec->greedy = TRUE;
  else if (g_ascii_strcasecmp (value, "beginner") == 0)
    level = TS_ENGINE_LEVEL_BEGINNER;
  else if (g_ascii_strcasecmp (value, "full") != 0 &&
           !g_ascii_string_to_signed (value, 10, TS_ENGINE_LEVEL_BEGINNER, TS_ENGINE_LEVEL_FULL, &level, NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--seat “%s”: expected a level 1 to %d, “beginner”, “full” or “greedy”"), value,
                   TS_ENGINE_LEVEL_FULL);
      return FALSE;
    }
  spec->level = (guint) level;
  return TRUE;
}

/* Starts each protocol engine once: it must answer, and its name becomes its label;
 * labels that are the same get their player's number. */
static gboolean
probe_players (Match *m)
{
  for (guint p = 0; p < m->players->len; p++)
    {
      MatchPlayerSpec *spec = m->players->pdata[p];
      g_autoptr (GError) error = NULL;
      g_autofree char *name = NULL;
      g_autoptr (MatchPlayer) player = NULL;

      if (!spec->argv)
        continue;
      if (!(player = match_player_start (spec, m->v, (const char *const *) m->options, &name, &error)))
        {
          g_autofree char *command = g_strjoinv (" ", spec->argv);
          ts_cli_error (_("--engine “%s”: %s"), command, error->message);
          return FALSE;
        }
      spec->label = g_steal_pointer (&name);
      if (!spec->label)
        spec->label = g_path_get_basename (spec->argv[0]);
    }
  /* Two players with one name (two versions of one engine): each gets its number. */
  {
    g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
    for (guint p = 0; p < m->players->len; p++)
      g_ptr_array_add (names, g_strdup (((MatchPlayerSpec *) m->players->pdata[p])->label));
    for (guint p = 0; p < m->players->len; p++)
      {
        MatchPlayerSpec *spec = m->players->pdata[p];
        guint same = 0;
        for (guint q = 0; q < names->len; q++)
          same += strcmp (names->pdata[q], names->pdata[p]) == 0;
        if (same > 1)
          {
            g_free (spec->label);
            spec->label = g_strdup_printf ("%s #%u", (char *) names->pdata[p], p + 1);
          }
      }
  }
  return TRUE;
}

static gboolean
parse_sprt (Match *m, const char *text)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  guint n = g_strv_length (parts);
  double v[4] = { 0, 0, 0.05, 0.05 };

  if (n != 2 && n != 4)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      char *end;
      v[i] = g_ascii_strtod (g_strstrip (parts[i]), &end);
      if (*end || end == parts[i])
        return FALSE;
    }
  m->sprt = TRUE;
  m->elo0 = v[0];
  m->elo1 = v[1];
  m->alpha = v[2];
  m->beta = v[3];
  return m->elo0 < m->elo1 && m->alpha > 0 && m->alpha < 0.5 && m->beta > 0 && m->beta < 0.5;
}

static void
match_clear (Match *m)
{
  g_clear_pointer (&m->players, g_ptr_array_unref);
  g_clear_pointer (&m->openings, g_ptr_array_unref);
  g_clear_pointer (&m->options, g_strfreev);
  g_clear_pointer (&m->openings_file, g_free);
  g_clear_pointer (&m->save, g_free);
  g_clear_pointer (&m->event, g_free);
  if (m->records)
    for (guint i = 0; i < m->games; i++)
      g_free (m->records[i]);
  g_clear_pointer (&m->records, g_free);
  g_clear_pointer (&m->first_score, g_free);
}

/* Checks the options and fills in what follows from them; FALSE after saying why. */
static gboolean
check_options (Match *m, const char *variant, int games, int movetime, int depth, gint64 nodes,
               const char *tc, const char *sprt, int max_plies, int concurrency, int margin)
{
  guint n_limits = (movetime > 0) + (depth > 0) + (nodes > 0) + (tc != NULL);
  g_autoptr (GError) error = NULL;

  if (!variant)
    {
      ts_cli_error (_("give --variant ID"));
      return FALSE;
    }
  if (!(m->v = ts_cli_lookup_variant (variant)))
    return FALSE;
  if (m->players->len < 2 || m->players->len > m->v->n_seats)
    {
      ts_cli_error (_("%s: give 2 to %u players (--engine CMD or --seat LEVEL, in seat order), not %u"),
                    m->v->id, m->v->n_seats, m->players->len);
      return FALSE;
    }
  if (games < 1 || movetime < 0 || depth < 0 || nodes < 0 || max_plies < 1 || concurrency < 1 ||
      margin < 0 || m->resign_cp <= 0 || m->draw_cp < 0 ||
      m->resign_moves > MAX_ADJUDICATION_MOVES || m->draw_moves > MAX_ADJUDICATION_MOVES)
    {
      ts_cli_error (_("out-of-range option: --games, --max-plies and --concurrency must be ≥ 1, "
                      "--resign-score ≥ 1, --resign-moves and --draw-moves at most %d, the others ≥ 0"),
                    MAX_ADJUDICATION_MOVES);
      return FALSE;
    }
  if (n_limits > 1)
    {
      ts_cli_error (_("give one of --movetime, --tc, --depth and --nodes"));
      return FALSE;
    }
  if (tc && (!ts_time_control_parse (tc, &m->base_ms, &m->inc_ms) || m->base_ms <= 0))
    {
      ts_cli_error (_("--tc “%s”: expected BASE or BASE+INCREMENT in seconds (“60+0.5”)"), tc);
      return FALSE;
    }
  if (sprt && !parse_sprt (m, sprt))
    {
      ts_cli_error (_("--sprt “%s”: expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA with ELO0 < ELO1 "
                      "and ALPHA, BETA between 0 and 0.5"), sprt);
      return FALSE;
    }
  m->clocks = tc != NULL;
  m->games = (guint) games;
  m->max_plies = (guint) max_plies;
  m->concurrency = (guint) concurrency;
  m->margin_ms = margin;
  m->limits.depth = (guint) depth;
  m->limits.nodes = (guint64) nodes;
  m->limits.movetime_ms = n_limits == 0 ? 1000 : (guint) movetime;
  if (m->openings_file)
    {
      if (!(m->openings = ts_openings_load (m->openings_file, m->v, &error)))
        {
          ts_cli_error ("%s", error->message);
          return FALSE;
        }
    }
  else
    {
      TsOpening *start = g_new0 (TsOpening, 1);
      start->start = ts_position_new_initial (m->v);
      start->initial = TRUE;
      start->san = g_new0 (char *, 1);
      m->openings = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_opening_free);
      g_ptr_array_add (m->openings, start);
    }
  return probe_players (m);
}

int
ts_cli_match (int argc, char **argv)
{
  Match m = { 0 };
  g_autofree char *variant = NULL, *tc = NULL, *sprt = NULL;
  int games = 2, movetime = 0, depth = 0, max_plies = 400, seed = 1, concurrency = 1, margin = 2000;
  int resign_moves = 0, resign_cp = 1000, draw_moves = 0, draw_cp = 10, draw_after = 80;
  gint64 nodes = 0;
  GOptionEntry entries[] = {
    { "variant", 0, 0, G_OPTION_ARG_STRING, &variant, N_("Variant id"), N_("ID") },
    { "engine", 0, 0, G_OPTION_ARG_CALLBACK, add_engine,
      N_("A player: an engine speaking the engine protocol, started with this command"), N_("CMD") },
    { "seat", 0, 0, G_OPTION_ARG_CALLBACK, add_seat,
      N_("A player: level 1–10, “beginner”, “full” or “greedy” (built in)"), "LEVEL" },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, N_("Number of games"), "N" },
    { "openings", 0, 0, G_OPTION_ARG_FILENAME, &m.openings_file,
      N_("Openings file; each opening is played once in every seating"), N_("FILE") },
    { "movetime", 0, 0, G_OPTION_ARG_INT, &movetime, N_("Time per move in milliseconds (default 1000)"), "MS" },
    { "tc", 0, 0, G_OPTION_ARG_STRING, &tc, N_("Clocks: base time and increment in seconds"), "BASE+INC" },
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("Depth per move instead of time"), "N" },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &nodes, N_("Nodes per move instead of time"), "N" },
    { "timeout-margin", 0, 0, G_OPTION_ARG_INT, &margin,
      N_("How far past its time an engine may answer before it forfeits (default 2000)"), "MS" },
    { "max-plies", 0, 0, G_OPTION_ARG_INT, &max_plies, N_("Draw a game after this many plies"), "N" },
    { "resign-moves", 0, 0, G_OPTION_ARG_INT, &resign_moves,
      N_("Adjudicate a win when both engines agree on it for N moves each (0: never)"), "N" },
    { "resign-score", 0, 0, G_OPTION_ARG_INT, &resign_cp, N_("The score of such a win (default 1000)"), "CP" },
    { "draw-moves", 0, 0, G_OPTION_ARG_INT, &draw_moves,
      N_("Adjudicate a draw when both engines agree on it for N moves each (0: never)"), "N" },
    { "draw-score", 0, 0, G_OPTION_ARG_INT, &draw_cp, N_("The scores of such a draw: within CP of 0 (default 10)"), "CP" },
    { "draw-after", 0, 0, G_OPTION_ARG_INT, &draw_after, N_("No draw adjudication before this ply (default 80)"), "PLY" },
    { "adjudicate", 0, 0, G_OPTION_ARG_NONE, &m.adjudicate,
      N_("Call a game won when one side leads by a queen's worth for 10 plies"), NULL },
    { "sprt", 0, 0, G_OPTION_ARG_STRING, &sprt,
      N_("Stop when a sequential test decides between ELO0 and ELO1 (α, β default 0.05)"), "ELO0,ELO1[,α,β]" },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &m.save, N_("Save every game in this file (text form)"), N_("FILE") },
    { "event", 0, 0, G_OPTION_ARG_STRING, &m.event, N_("The games' Event tag"), N_("NAME") },
    { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &m.options,
      N_("An option for every protocol engine (setoption)"), "NAME=VALUE" },
    { "concurrency", 0, 0, G_OPTION_ARG_INT, &concurrency, N_("Games played at once (default 1)"), "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, N_("Seed of the built-in levels' randomness"), "N" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (_("— play engines against each other"));
  GOptionGroup *group = g_option_group_new ("match", "", "", &m, NULL);
  g_autoptr (GError) error = NULL;
  int status = 2;

  m.players = g_ptr_array_new_with_free_func ((GDestroyNotify) match_player_spec_free);
  ts_search_limits_init (&m.limits);
  g_option_group_add_entries (group, entries);
  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  g_option_context_set_main_group (ctx, group);
  g_option_context_set_description (ctx, _("Adjudication, openings, scoring and the Elo figures are "
                                           "described in docs/engine.md (“Matches”)."));
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    ts_cli_error ("%s", error->message);
  else
    {
      m.resign_moves = (guint) MAX (resign_moves, 0);
      m.resign_cp = resign_cp;
      m.draw_moves = (guint) MAX (draw_moves, 0);
      m.draw_cp = draw_cp;
      m.draw_after = (guint) MAX (draw_after, 0);
      m.seed = (guint32) seed;
      if (!m.event)
        m.event = g_strdup (_("Tessera match"));
      if (resign_moves >= 0 && draw_moves >= 0 && draw_after >= 0 &&
          check_options (&m, variant, games, movetime, depth, nodes, tc, sprt, max_plies, concurrency, margin))
        {
          run (&m);
          status = m.save_failed ? 1 : 0;
        }
      else if (resign_moves < 0 || draw_moves < 0 || draw_after < 0)
        ts_cli_error (_("--resign-moves, --draw-moves and --draw-after must be ≥ 0"));
    }
  match_clear (&m);
  return status;
}
