/* The statistics of a match between two players (docs/engine.md, "Matches"): the
 * score, the Elo difference with its 95 % error margin, and the sequential probability
 * ratio test that stops a match once it has decided between two Elo hypotheses.
 *
 * Games are grouped in units: the games played from one opening, one per seating
 * (two players: a pair, each colour once). The error of the mean score is estimated
 * from the spread of the units' mean scores when every game belongs to a complete
 * unit of two (the pentanomial model, which counts the correlation of two games from
 * one opening), else from the spread of single games (the trinomial model). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  /* Games, from the first player's point of view: a game's score is in [0, 1]. */
  guint  n_games, wins, draws, losses;
  double sum, sum_sq;
  /* Complete units of two games: pentanomial counts of their total score 0, ½, 1, 1½, 2. */
  guint  n_pairs;
  guint  penta[5];
  double pair_sum, pair_sum_sq;   /* of the pairs' mean scores */
} TsMatchStats;

void     ts_match_stats_init     (TsMatchStats *stats);
/* One game's score for the first player: 1 win, ½ draw, 0 loss, or a fraction (four
 * players: the share of the seat comparisons won, docs/engine.md). */
void     ts_match_stats_add_game (TsMatchStats *stats, double score);
/* A complete unit of two games (their scores, already added with add_game). */
void     ts_match_stats_add_pair (TsMatchStats *stats, double first, double second);

double   ts_match_stats_score    (const TsMatchStats *stats);   /* mean, 0.5 if no game */
/* Whether the pentanomial model applies: every game is in a complete pair. */
gboolean ts_match_stats_paired   (const TsMatchStats *stats);
/* The Elo difference and the half-width of its 95 % interval. FALSE when the score is
 * 0 or 1 (the difference is infinite) or there is no game. */
gboolean ts_match_stats_elo      (const TsMatchStats *stats,
                                  double             *elo,
                                  double             *margin);

/* Logistic Elo of an expected score, and back. */
double   ts_elo_from_score       (double score);
double   ts_score_from_elo       (double elo);

/* The log-likelihood ratio of elo1 against elo0 (logistic Elo), by the normal
 * approximation of the generalized SPRT: N (s1 − s0) (2 m − s0 − s1) / (2 σ²) over the
 * units (pairs when paired, else games) with mean m and variance σ² (at least 0.01:
 * while every unit has the same score it is 0). 0 without games. */
double   ts_match_stats_llr      (const TsMatchStats *stats,
                                  double              elo0,
                                  double              elo1);
/* Wald's bounds: stop for elo0 at or below *lower = ln (β / (1 − α)), for elo1 at or
 * above *upper = ln ((1 − β) / α). */
void     ts_sprt_bounds          (double alpha, double beta, double *lower, double *upper);

G_END_DECLS
