#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "engine/annotate.h"
#include "engine/engine.h"
#include "game-session-private.h"
#include "rules/notation.h"

G_DEFINE_FINAL_TYPE (TsGameSession, ts_game_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_THINKING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_CHANGED,
  SIGNAL_GAME_OVER,
  SIGNAL_HINT,
  SIGNAL_DRAW_DECLINED,
  SIGNAL_FLAG_FALL,
  SIGNAL_SEAT_RESIGNED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
ts_session_setup_init (TsSessionSetup *setup)
{
  memset (setup, 0, sizeof *setup);
  for (guint i = 0; i < TS_MAX_SEATS; i++)
    {
      setup->kind[i] = i == 0 ? TS_SEAT_HUMAN : TS_SEAT_COMPUTER;
      setup->level[i] = TS_LEVEL_DEFAULT;
    }
}

static void maybe_start_computer (TsGameSession *self);
static void apply_move (TsGameSession *self, TsMove move);
static void update_clock (TsGameSession *self);

static void
stop_search (TsGameSession *self)
{
  if (self->search == NULL)
    return;
  ts_search_stop (self->search);
  g_clear_pointer (&self->search, ts_search_unref);
  self->purpose = SEARCH_NONE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

static gboolean
at_line_end (TsGameSession *self)
{
  return ts_game_node_n_children (ts_game_current (self->game)) == 0;
}

/* The cursor at the end of the main line, where a finished game ended. */
static gboolean
at_game_end (TsGameSession *self)
{
  return at_line_end (self) && ts_game_current_depth (self->game) == ts_game_current_main_depth (self->game);
}

static void
update_rules_result (TsGameSession *self)
{
  g_autoptr(TsPosition) copy = ts_position_copy (ts_game_position (self->game));

  ts_position_result (copy, &self->rules_result);
}

/* "White", "Red and Green": the seats of a team. */
static char *
team_names (const TsVariant *v, guint team)
{
  g_autoptr(GString) s = g_string_new (NULL);
  guint n = 0;

  for (guint seat = 0; seat < v->n_seats; seat++)
    if (v->team[seat] == team)
      {
        if (n++ > 0)
          g_string_append (s, _(" and "));
        g_string_append (s, _(v->seat_names[seat]));
      }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static guint
n_in_team (const TsVariant *v, guint team)
{
  guint n = 0;

  for (guint seat = 0; seat < v->n_seats; seat++)
    n += v->team[seat] == team;
  return n;
}

static char *
win_message (const TsVariant *v, guint team, const char *how)
{
  g_autofree char *names = team_names (v, team);

  /* Translators: "White wins by checkmate." / "Red and Green win on time." */
  if (n_in_team (v, team) > 1)
    return g_strdup_printf (_("%s win %s."), names, how);
  return g_strdup_printf (_("%s wins %s."), names, how);
}

static void
finish (TsGameSession *self,
        TsEndKind      end,
        TsResultKind   kind,
        guint          winner_team,
        char          *message)
{
  g_autofree char *result = ts_game_result_text (self->variant, kind, winner_team);

  stop_search (self);
  self->end = end;
  g_free (self->end_message);
  self->end_message = message;
  self->running = -1;
  g_clear_handle_id (&self->tick_id, g_source_remove);
  if (g_strcmp0 (ts_game_get_field (self->game, TS_GAME_RESULT), result) != 0)
    ts_game_set_field (self->game, TS_GAME_RESULT, result);
  g_signal_emit (self, signals[SIGNAL_GAME_OVER], 0);
}

static char *
rules_message (TsGameSession *self)
{
  const TsResult *r = &self->rules_result;
  g_autofree char *how = NULL;

  if (r->kind == TS_RESULT_DRAW)
    /* Translators: %s is a reason such as "stalemate" */
    return g_strdup_printf (_("Draw by %s."), _(r->reason));
  how = g_strdup_printf (_("by %s"), _(r->reason));
  return win_message (self->variant, r->winner_team, how);
}

/* After a move at the end of a line: did the rules end the game? */
static void
check_rules_end (TsGameSession *self)
{
  if (self->rules_result.kind == TS_RESULT_NONE)
    return;
  finish (self, TS_END_RULES, self->rules_result.kind, self->rules_result.winner_team,
          rules_message (self));
}

static guint acting_seat (TsGameSession *self);
static void charge_running_clock (TsGameSession *self);

/* A seat that resigned in a four-player game leaves when it is to move at the end of the
 * line (apply_move comes back here for the next seat). */
static gboolean
leave_resigned (TsGameSession *self)
{
  g_autoptr(TsPosition) copy = NULL;
  guint seat;

  if (self->resigned == 0 || ts_game_session_is_over (self) || !at_line_end (self))
    return FALSE;
  seat = acting_seat (self);
  if (!(self->resigned & (1u << seat)))
    return FALSE;
  self->resigned &= ~(1u << seat);
  copy = ts_position_copy (ts_game_position (self->game));
  if (!ts_position_is_legal (copy, ts_move_leave ()))
    return FALSE;
  stop_search (self);
  charge_running_clock (self);
  apply_move (self, ts_move_leave ());
  return TRUE;
}

/* rules_known: the caller has just computed rules_result for the position at the cursor
 * (the rules' verdict needs a legal move generation, costly in Doseki). */
static void
emit_changed_full (TsGameSession *self, gboolean rules_known)
{
  if (!rules_known)
    update_rules_result (self);
  update_clock (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  if (!leave_resigned (self))
    maybe_start_computer (self);
}

static void
emit_changed (TsGameSession *self)
{
  emit_changed_full (self, FALSE);
}

gboolean
ts_game_session_is_over (TsGameSession *self)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), TRUE);

  return self->end != TS_END_NONE || self->rules_result.kind != TS_RESULT_NONE;
}

static gboolean
seat_is_computer (TsGameSession *self, guint seat)
{
  return seat < TS_MAX_SEATS && self->setup.kind[seat] == TS_SEAT_COMPUTER;
}

/* The seat that makes the next move: the side to move, or in team play the partner that
 * moves an eliminated army (RULES.md §4). Its clock runs and its kind (human or computer)
 * decides who moves. */
static guint
acting_seat (TsGameSession *self)
{
  const TsPosition *p = ts_game_position (self->game);
  guint side = ts_position_side_to_move (p);
  int controller;

  if (ts_position_seat_active (p, side))
    return side;
  controller = ts_position_controller (p, side);
  return controller >= 0 ? (guint) controller : side;
}

gboolean
ts_game_session_can_move (TsGameSession *self)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), FALSE);

  if (self->rules_result.kind != TS_RESULT_NONE)
    return FALSE;
  /* A finished game (loaded with its result, resigned, agreed, on time) ended at the end
   * of its main line; anywhere else its moves are study: variations, as long as wanted. */
  if (self->end != TS_END_NONE)
    return !at_game_end (self);
  /* Away from the end of a line anybody may try another move (a new variation). */
  if (!at_line_end (self))
    return TRUE;
  return !seat_is_computer (self, acting_seat (self));
}

/* Clocks */

static gboolean
clocks_on (TsGameSession *self)
{
  return self->setup.base_ms > 0;
}

static gint64
elapsed_ms (TsGameSession *self)
{
  return (g_get_monotonic_time () - self->turn_start) / 1000;
}

gint64
ts_game_session_clock_ms (TsGameSession *self,
                          guint          seat)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), -1);

  if (!clocks_on (self) || seat >= TS_MAX_SEATS)
    return -1;
  if ((int) seat == self->running)
    return MAX (0, self->clock[seat] - elapsed_ms (self));
  return self->clock[seat];
}

int
ts_game_session_running_clock (TsGameSession *self)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), -1);

  return self->running;
}

static void
charge_running_clock (TsGameSession *self)
{
  if (self->running < 0)
    return;
  self->clock[self->running] = MAX (0, self->clock[self->running] - elapsed_ms (self));
  self->running = -1;
}

static gboolean
tick (gpointer user_data)
{
  TsGameSession *self = user_data;
  guint seat;

  if (self->running < 0 || ts_game_session_clock_ms (self, self->running) > 0)
    return G_SOURCE_CONTINUE;

  seat = self->running;
  self->tick_id = 0;
  charge_running_clock (self);
  if (self->variant->n_seats == 2)
    {
      guint winner = self->variant->team[1 - seat];

      finish (self, TS_END_TIME, TS_RESULT_WIN, winner, win_message (self->variant, winner, _("on time")));
    }
  else
    {
      /* Four seats: the flagged seat leaves the game, its army eliminated as one without
       * a legal move (RULES.md §4, §5), and the others play on. */
      g_autoptr(TsPosition) copy = ts_position_copy (ts_game_position (self->game));

      g_return_val_if_fail (ts_position_is_legal (copy, ts_move_leave ()), G_SOURCE_REMOVE);
      stop_search (self);
      apply_move (self, ts_move_leave ());
      g_signal_emit (self, signals[SIGNAL_FLAG_FALL], 0, seat);
      return G_SOURCE_REMOVE;
    }
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return G_SOURCE_REMOVE;
}

/* The clock of the side to move runs while the game is live at the end of a line. */
static void
update_clock (TsGameSession *self)
{
  int seat;

  if (!clocks_on (self))
    return;
  seat = ts_game_session_is_over (self) || !at_line_end (self)
         ? -1 : (int) acting_seat (self);
  if (seat == self->running)
    return;
  charge_running_clock (self);
  self->running = seat;
  self->turn_start = g_get_monotonic_time ();
  if (seat >= 0 && self->tick_id == 0)
    self->tick_id = g_timeout_add (50, tick, self);
}

/* Moves */

static void
apply_move (TsGameSession *self,
            TsMove         move)
{
  guint mover = acting_seat (self);
  /* a finished game's moves are study: no clock, no new result */
  gboolean live = at_line_end (self) && self->end == TS_END_NONE;
  TsGameNode *node;

  if (live && self->running == (int) mover)
    {
      charge_running_clock (self);
      self->clock[mover] += self->setup.increment_ms;
    }
  ts_game_begin_edit (self->game);
  node = ts_game_add_move (self->game, move);
  /* The record keeps the mover's clock after the move (increment included), as PGN's
   * [%clk]. */
  if (live && clocks_on (self))
    {
      TsAnnotation a;

      ts_annotation_init (&a);
      ts_annotation_copy (&a, &node->annotation);
      a.clock_ms = self->clock[mover];
      ts_game_set_annotation (self->game, node, &a);
      ts_annotation_clear (&a);
    }
  update_rules_result (self);
  if (live)
    check_rules_end (self);
  ts_game_end_edit (self->game);
  emit_changed_full (self, TRUE);
}

gboolean
ts_game_session_play (TsGameSession *self,
                      TsMove         move)
{
  g_autoptr(TsPosition) copy = NULL;

  g_return_val_if_fail (TS_IS_GAME_SESSION (self), FALSE);

  if (!ts_game_session_can_move (self))
    return FALSE;
  copy = ts_position_copy (ts_game_position (self->game));
  if (!ts_position_is_legal (copy, move))
    return FALSE;
  stop_search (self);
  apply_move (self, move);
  return TRUE;
}

gboolean
ts_game_session_play_text (TsGameSession *self,
                           const char    *text,
                           GError       **error)
{
  g_autoptr(TsPosition) copy = NULL;
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  TsMove move;

  g_return_val_if_fail (TS_IS_GAME_SESSION (self), FALSE);

  if (!ts_game_session_can_move (self))
    {
      g_set_error_literal (error, TS_RULES_ERROR, TS_RULES_ERROR_ILLEGAL,
                           ts_game_session_is_over (self) ? _("The game is over.")
                                                          : _("It is the computer’s turn."));
      return FALSE;
    }
  copy = ts_position_copy (ts_game_position (self->game));
  if (!ts_move_parse (copy, stripped, &move, error))
    return FALSE;
  stop_search (self);
  apply_move (self, move);
  return TRUE;
}

/* The computer */

static void
search_progress (TsSearch           *search,
                 const TsSearchInfo *info,
                 gpointer            user_data)
{
  TsGameSession *self = user_data;
  guint seat;

  if (search != self->search || self->purpose != SEARCH_MOVE || info->n_lines == 0)
    return;
  seat = acting_seat (self);
  if (seat < TS_MAX_SEATS)
    {
      self->score[seat] = info->lines[0].score;
      self->has_score[seat] = TRUE;
    }
}

static void
search_done (TsSearch           *search,
             const TsSearchInfo *info,
             gpointer            user_data)
{
  TsGameSession *self = user_data;
  SearchPurpose purpose = self->purpose;
  g_autoptr(TsPosition) copy = NULL;
  g_autofree char *san = NULL;

  if (search != self->search)
    return;   /* an abandoned search finishing on its own */
  g_clear_pointer (&self->search, ts_search_unref);
  self->purpose = SEARCH_NONE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);

  if (ts_game_current (self->game) != self->search_node || info->best_move.to == TS_NO_CELL)
    return;
  copy = ts_position_copy (ts_game_position (self->game));
  if (!ts_position_is_legal (copy, info->best_move))
    return;
  if (purpose == SEARCH_HINT)
    {
      san = ts_move_to_san (copy, info->best_move);
      g_signal_emit (self, signals[SIGNAL_HINT], 0, &info->best_move, san);
      return;
    }
  search_progress (search, info, user_data);
  apply_move (self, info->best_move);
}

static void
start_search (TsGameSession *self,
              SearchPurpose  purpose,
              guint          level,
              guint          movetime_ms)
{
  TsSearchLimits limits;
  guint seat = acting_seat (self);

  ts_search_limits_init (&limits);
  limits.level = level;
  limits.seed = g_random_int ();
  limits.movetime_ms = movetime_ms;
  if (purpose == SEARCH_MOVE && clocks_on (self))
    for (guint i = 0; i < TS_MAX_SEATS; i++)
      {
        limits.time_left_ms[i] = ts_game_session_clock_ms (self, i);
        limits.increment_ms[i] = self->setup.increment_ms;
      }
  /* Never longer than the clock allows. */
  if (purpose == SEARCH_MOVE && clocks_on (self) && seat < TS_MAX_SEATS)
    limits.movetime_ms = MIN (movetime_ms, MAX (50, ts_game_session_clock_ms (self, seat) / 30));

  self->purpose = purpose;
  self->search_node = ts_game_current (self->game);
  const TsPosition *pos = ts_game_position (self->game);
  self->search = ts_search_start_on (ts_engine_reuse (&self->engine, ts_position_variant (pos), 0),
                                     pos, &limits, NULL,
                                     search_progress, search_done,
                                     g_object_ref (self), g_object_unref);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

static void
maybe_start_computer (TsGameSession *self)
{
  guint seat = acting_seat (self);

  if (self->search != NULL && self->search_node == ts_game_current (self->game))
    return;   /* already thinking about this position (a move or a hint) */
  stop_search (self);
  if (ts_game_session_is_over (self) || !at_line_end (self) || !seat_is_computer (self, seat))
    return;
  /* Stronger levels think longer: from a quarter second to about two seconds. */
  start_search (self, SEARCH_MOVE, self->setup.level[seat], 150 + 200 * self->setup.level[seat]);
}

void
ts_game_session_hint (TsGameSession *self)
{
  g_return_if_fail (TS_IS_GAME_SESSION (self));

  if (self->search != NULL || ts_game_session_is_over (self))
    return;
  start_search (self, SEARCH_HINT, TS_ENGINE_LEVEL_FULL, 1000);
}

gboolean
ts_game_session_is_thinking (TsGameSession *self)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), FALSE);

  return self->search != NULL;
}

void
ts_game_session_pause (TsGameSession *self)
{
  g_return_if_fail (TS_IS_GAME_SESSION (self));

  /* a session just made has its first search still to start (start_idle) */
  g_clear_handle_id (&self->start_id, g_source_remove);
  stop_search (self);
}

/* Navigation */

void
ts_game_session_go_to (TsGameSession *self,
                       TsGameNode    *node)
{
  g_return_if_fail (TS_IS_GAME_SESSION (self));

  ts_game_go_to (self->game, node);
  emit_changed (self);
}

gboolean
ts_game_session_back (TsGameSession *self)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), FALSE);

  if (!ts_game_back (self->game))
    return FALSE;
  emit_changed (self);
  return TRUE;
}

gboolean
ts_game_session_forward (TsGameSession *self)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), FALSE);

  if (!ts_game_forward (self->game, 0))
    return FALSE;
  emit_changed (self);
  return TRUE;
}

void
ts_game_session_go_start (TsGameSession *self)
{
  g_return_if_fail (TS_IS_GAME_SESSION (self));

  ts_game_go_start (self->game);
  emit_changed (self);
}

void
ts_game_session_go_end (TsGameSession *self)
{
  g_return_if_fail (TS_IS_GAME_SESSION (self));

  ts_game_go_end (self->game);
  emit_changed (self);
}

gboolean
ts_game_session_sibling (TsGameSession *self,
                         int            step)
{
  TsGameNode *node, *parent;
  guint n, i;

  g_return_val_if_fail (TS_IS_GAME_SESSION (self), FALSE);

  node = ts_game_current (self->game);
  parent = node->parent;
  if (parent == NULL)
    return FALSE;
  n = ts_game_node_n_children (parent);
  for (i = 0; i < n && ts_game_node_child (parent, i) != node; i++)
    ;
  if ((int) i + step < 0 || (int) i + step >= (int) n)
    return FALSE;
  ts_game_go_to (self->game, ts_game_node_child (parent, i + step));
  emit_changed (self);
  return TRUE;
}

/* Edits */

gboolean
ts_game_session_promote (TsGameSession *self)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), FALSE);

  if (!ts_game_promote_variation (self->game, ts_game_current (self->game)))
    return FALSE;
  emit_changed (self);
  return TRUE;
}

gboolean
ts_game_session_delete_variation (TsGameSession *self)
{
  TsGameNode *node;

  g_return_val_if_fail (TS_IS_GAME_SESSION (self), FALSE);

  node = ts_game_current (self->game);
  if (ts_game_node_is_main_line (node))
    return FALSE;
  if (!ts_game_delete_variation (self->game, node))
    return FALSE;
  emit_changed (self);
  return TRUE;
}

void
ts_game_session_set_comment (TsGameSession *self,
                             const char    *text)
{
  TsGameNode *node;

  g_return_if_fail (TS_IS_GAME_SESSION (self));

  node = ts_game_current (self->game);
  if (text != NULL && *text == '\0')
    text = NULL;
  if (g_strcmp0 (node->annotation.comment_after, text) == 0)
    return;
  ts_game_set_comment (self->game, node, FALSE, text);
  emit_changed (self);
}

void
ts_game_session_toggle_nag (TsGameSession *self,
                            guint          nag)
{
  TsGameNode *node;

  g_return_if_fail (TS_IS_GAME_SESSION (self));

  node = ts_game_current (self->game);
  if (node->parent == NULL)
    return;   /* no move to annotate */
  ts_game_toggle_nag (self->game, node, nag);
  emit_changed (self);
}

guint
ts_game_session_apply_analysis (TsGameSession *self,
                                TsAnnotateJob *job)
{
  guint n;

  g_return_val_if_fail (TS_IS_GAME_SESSION (self), 0);

  n = ts_annotate_job_apply (job, self->game);
  if (n > 0)
    emit_changed (self);
  return n;
}

gboolean
ts_game_session_toggle_shape (TsGameSession *self,
                              const TsShape *shape)
{
  gboolean present;

  g_return_val_if_fail (TS_IS_GAME_SESSION (self), FALSE);

  present = ts_game_toggle_shape (self->game, ts_game_current (self->game), shape);
  emit_changed (self);
  return present;
}

void
ts_game_session_record_changed (TsGameSession *self)
{
  g_return_if_fail (TS_IS_GAME_SESSION (self));

  emit_changed (self);
}

gboolean
ts_game_session_undo (TsGameSession *self)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), FALSE);

  stop_search (self);
  if (!ts_game_undo (self->game))
    return FALSE;
  emit_changed (self);
  return TRUE;
}

gboolean
ts_game_session_redo (TsGameSession *self)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), FALSE);

  stop_search (self);
  if (!ts_game_redo (self->game))
    return FALSE;
  emit_changed (self);
  return TRUE;
}

/* Removes node and what follows it, keeping its siblings. */
static void
remove_node (TsGameSession *self,
             TsGameNode    *node)
{
  TsGameNode *parent = node->parent;

  if (ts_game_node_n_children (parent) == 1)
    ts_game_truncate_after (self->game, parent);
  else if (ts_game_node_child (parent, 0) == node)
    {
      /* The main continuation with variations: the first variation takes its place. */
      ts_game_promote_variation (self->game, ts_game_node_child (parent, 1));
      ts_game_delete_variation (self->game, node);
    }
  else
    ts_game_delete_variation (self->game, node);
}

gboolean
ts_game_session_takeback (TsGameSession *self)
{
  TsGameNode *node;

  g_return_val_if_fail (TS_IS_GAME_SESSION (self), FALSE);

  node = ts_game_current (self->game);
  if (node->parent == NULL)
    return FALSE;
  stop_search (self);
  ts_game_begin_edit (self->game);
  /* Back to the last position where a human was to move. */
  do
    {
      TsGameNode *parent = node->parent;

      ts_game_go_to (self->game, parent);
      remove_node (self, node);
      node = parent;
    }
  while (node->parent != NULL && seat_is_computer (self, acting_seat (self)));
  if (self->end != TS_END_NONE || ts_game_get_field (self->game, TS_GAME_RESULT) != NULL)
    ts_game_set_field (self->game, TS_GAME_RESULT, NULL);
  ts_game_end_edit (self->game);
  self->end = TS_END_NONE;
  g_clear_pointer (&self->end_message, g_free);
  emit_changed (self);
  return TRUE;
}

void
ts_game_session_resign (TsGameSession *self)
{
  guint seat, winner;
  g_autofree char *message = NULL;

  g_return_if_fail (TS_IS_GAME_SESSION (self));

  if (ts_game_session_is_over (self))
    return;
  seat = acting_seat (self);
  /* Against the computer the human resigns even while the computer thinks. */
  if (seat_is_computer (self, seat))
    for (guint i = 0; i < self->variant->n_seats; i++)
      if (!seat_is_computer (self, i))
        {
          seat = i;
          break;
        }
  if (self->variant->n_seats > 2)
    {
      /* Four seats: the seat leaves on its turn (now, or when it comes), as on time. */
      self->resigned |= 1u << seat;
      leave_resigned (self);
      g_signal_emit (self, signals[SIGNAL_SEAT_RESIGNED], 0, seat);
      return;
    }
  winner = self->variant->team[1 - seat];
  message = win_message (self->variant, winner, _("by resignation"));
  charge_running_clock (self);
  finish (self, TS_END_RESIGN, TS_RESULT_WIN, winner, g_steal_pointer (&message));
  emit_changed (self);
}

gboolean
ts_game_session_offer_draw (TsGameSession *self)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), FALSE);

  if (ts_game_session_is_over (self))
    return FALSE;
  for (guint seat = 0; seat < self->variant->n_seats; seat++)
    if (seat_is_computer (self, seat) && (!self->has_score[seat] || self->score[seat] > 0))
      {
        g_signal_emit (self, signals[SIGNAL_DRAW_DECLINED], 0);
        return FALSE;
      }
  charge_running_clock (self);
  finish (self, TS_END_AGREED, TS_RESULT_DRAW, 0, g_strdup (_("Draw by agreement.")));
  emit_changed (self);
  return TRUE;
}

TsEndKind
ts_game_session_get_end (TsGameSession *self)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), TS_END_NONE);

  if (self->end == TS_END_NONE && self->rules_result.kind != TS_RESULT_NONE)
    return TS_END_RULES;
  return self->end;
}

const char *
ts_game_session_get_end_message (TsGameSession *self)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), NULL);

  if (self->end == TS_END_NONE && self->rules_result.kind != TS_RESULT_NONE)
    {
      /* At the end of a line the rules decided, even when looking at an old position. */
      g_free (self->end_message);
      self->end_message = rules_message (self);
    }
  return self->end_message;
}

/* Accessors */

TsGame *
ts_game_session_get_game (TsGameSession *self)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), NULL);

  return self->game;
}

const TsVariant *
ts_game_session_get_variant (TsGameSession *self)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), NULL);

  return self->variant;
}

const TsPosition *
ts_game_session_get_position (TsGameSession *self)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), NULL);

  return ts_game_position (self->game);
}

const TsSessionSetup *
ts_game_session_get_setup (TsGameSession *self)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), NULL);

  return &self->setup;
}

char *
ts_game_session_main_line_text (TsGameSession *self)
{
  g_autoptr(GPtrArray) path = g_ptr_array_new ();
  g_autoptr(GString) s = g_string_new (NULL);
  TsGameNode *node;

  g_return_val_if_fail (TS_IS_GAME_SESSION (self), NULL);

  for (node = ts_game_current (self->game); node->parent != NULL; node = node->parent)
    g_ptr_array_insert (path, 0, node);
  for (node = ts_game_current (self->game); ts_game_node_n_children (node) > 0;)
    {
      node = ts_game_node_child (node, 0);
      g_ptr_array_add (path, node);
    }
  for (guint i = 0; i < path->len; i++)
    {
      TsGameNode *n = path->pdata[i];

      if (i > 0)
        g_string_append_c (s, ' ');
      g_string_append (s, n->san);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* Files */

const char *
ts_game_session_get_filename (TsGameSession *self)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), NULL);

  return self->filename;
}

void
ts_game_session_set_filename (TsGameSession *self,
                              const char    *filename)
{
  g_return_if_fail (TS_IS_GAME_SESSION (self));

  if (g_strcmp0 (self->filename, filename) == 0)
    return;
  g_free (self->filename);
  self->filename = g_strdup (filename);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

gboolean
ts_game_session_is_modified (TsGameSession *self)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), FALSE);

  return self->force_modified || ts_game_is_modified (self->game);
}

gboolean
ts_game_session_save (TsGameSession *self,
                      const char    *filename,
                      GError       **error)
{
  g_return_val_if_fail (TS_IS_GAME_SESSION (self), FALSE);
  g_return_val_if_fail (filename != NULL, FALSE);

  if (!ts_game_save (self->game, filename, ts_game_format_for_filename (filename), error))
    return FALSE;
  self->force_modified = FALSE;
  /* filename may be self->filename (Save): copied before the old one is freed */
  {
    char *copy = g_strdup (filename);

    g_free (self->filename);
    self->filename = copy;
  }
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return TRUE;
}

void
ts_game_session_mark_saved (TsGameSession *self)
{
  g_return_if_fail (TS_IS_GAME_SESSION (self));

  self->force_modified = FALSE;
  ts_game_set_unmodified (self->game);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

TsGameSession *
ts_game_session_load (const char           *filename,
                      const TsSessionSetup *setup,
                      GError              **error)
{
  TsGame *game = ts_game_load (filename, error);
  TsGameSession *self;

  if (game == NULL)
    return NULL;
  ts_game_go_end (game);
  self = ts_game_session_new (ts_game_variant (game), game, setup);
  self->filename = g_strdup (filename);
  return self;
}

/* GObject */

/* A new game's header, as Lichess fills one: the players (the user's name for a human
 * seat, "Tessera level N" for the computer's — a name, kept untranslated in files) and
 * today's date. Not an edit to undo or to save. */
static void
fill_new_game_header (TsGameSession *self)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");
  const char *user = g_get_real_name ();

  /* GLib says "Unknown" when the password database has no real name */
  if (user == NULL || *user == '\0' || g_str_equal (user, "Unknown"))
    user = g_get_user_name ();
  for (guint seat = 0; seat < self->variant->n_seats; seat++)
    {
      g_autofree char *engine = g_strdup_printf ("Tessera level %u", self->setup.level[seat]);

      ts_game_set_player (self->game, seat, self->setup.kind[seat] == TS_SEAT_COMPUTER ? engine : user);
    }
  ts_game_set_field (self->game, TS_GAME_DATE, date);
  ts_game_clear_undo (self->game);
  ts_game_set_unmodified (self->game);
}

TsGameSession *
ts_game_session_new (const TsVariant      *variant,
                     TsGame               *game,
                     const TsSessionSetup *setup)
{
  TsGameSession *self = g_object_new (TS_TYPE_GAME_SESSION, NULL);

  g_return_val_if_fail (variant != NULL || game != NULL, self);

  self->game = game ? game : ts_game_new (variant, NULL);
  self->variant = ts_game_variant (self->game);
  if (setup != NULL)
    self->setup = *setup;
  if (game == NULL && self->setup.base_ms > 0)
    {
      /* A new game with clocks: its time control goes in the record's header (not an
       * edit to undo or to save). */
      g_autofree char *tc = ts_time_control_format (self->setup.base_ms, self->setup.increment_ms);

      ts_game_set_field (self->game, TS_GAME_TIME_CONTROL, tc);
      ts_game_clear_undo (self->game);
      ts_game_set_unmodified (self->game);
    }
  if (game == NULL)
    fill_new_game_header (self);
  for (guint i = 0; i < TS_MAX_SEATS; i++)
    self->clock[i] = self->setup.base_ms;
  update_rules_result (self);
  if (ts_game_get_field (self->game, TS_GAME_RESULT) != NULL &&
      g_strcmp0 (ts_game_get_field (self->game, TS_GAME_RESULT), "*") != 0 &&
      self->rules_result.kind == TS_RESULT_NONE)
    {
      /* A finished game (resigned, agreed, on time): the computer does not go on. */
      self->end = TS_END_RESIGN;
      self->end_message = g_strdup_printf (_("Game over: %s."), ts_game_get_field (self->game, TS_GAME_RESULT));
    }
  return self;
}

/* Starts the computer (if it is its turn) once the caller has connected its signals. */
static gboolean
start_idle (gpointer user_data)
{
  TsGameSession *self = user_data;

  self->start_id = 0;
  update_clock (self);
  maybe_start_computer (self);
  return G_SOURCE_REMOVE;
}

static void
ts_game_session_constructed (GObject *object)
{
  G_OBJECT_CLASS (ts_game_session_parent_class)->constructed (object);

  TS_GAME_SESSION (object)->start_id = g_idle_add (start_idle, object);
}

static void
ts_game_session_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  TsGameSession *self = TS_GAME_SESSION (object);

  switch (prop_id)
    {
    case PROP_THINKING:
      g_value_set_boolean (value, self->search != NULL);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ts_game_session_dispose (GObject *object)
{
  TsGameSession *self = TS_GAME_SESSION (object);

  if (self->search != NULL)
    {
      ts_search_stop (self->search);
      g_clear_pointer (&self->search, ts_search_unref);
    }
  g_clear_pointer (&self->engine, ts_engine_free);   /* a search still ending holds its own */
  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_clear_handle_id (&self->start_id, g_source_remove);

  G_OBJECT_CLASS (ts_game_session_parent_class)->dispose (object);
}

static void
ts_game_session_finalize (GObject *object)
{
  TsGameSession *self = TS_GAME_SESSION (object);

  g_clear_pointer (&self->game, ts_game_free);
  g_clear_pointer (&self->filename, g_free);
  g_clear_pointer (&self->end_message, g_free);

  G_OBJECT_CLASS (ts_game_session_parent_class)->finalize (object);
}

static void
ts_game_session_class_init (TsGameSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = ts_game_session_constructed;
  object_class->get_property = ts_game_session_get_property;
  object_class->dispose = ts_game_session_dispose;
  object_class->finalize = ts_game_session_finalize;

  properties[PROP_THINKING] =
    g_param_spec_boolean ("thinking", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_HINT] =
    g_signal_new ("hint", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_STRING);
  signals[SIGNAL_DRAW_DECLINED] =
    g_signal_new ("draw-declined", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_FLAG_FALL] =
    g_signal_new ("flag-fall", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[SIGNAL_SEAT_RESIGNED] =
    g_signal_new ("seat-resigned", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
ts_game_session_init (TsGameSession *self)
{
  ts_session_setup_init (&self->setup);
  self->running = -1;
}
