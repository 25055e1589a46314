/* Match statistics (see match-stats.h and docs/engine.md, "Matches"). */
#include "match/match-stats.h"

#include <math.h>
#include <string.h>

/* The two-sided 95 % quantile of the normal distribution. */
#define Z95 1.959963984540054
/* The smallest variance the SPRT uses (docs/engine.md). */
#define LLR_MIN_VARIANCE 0.01

void
ts_match_stats_init (TsMatchStats *stats)
{
  memset (stats, 0, sizeof *stats);
}

void
ts_match_stats_add_game (TsMatchStats *stats, double score)
{
  stats->n_games++;
  stats->sum += score;
  stats->sum_sq += score * score;
  if (score > 0.5)
    stats->wins++;
  else if (score < 0.5)
    stats->losses++;
  else
    stats->draws++;
}

void
ts_match_stats_add_pair (TsMatchStats *stats, double first, double second)
{
  double mean = (first + second) / 2;
  int slot = (int) lround ((first + second) * 2);

  stats->n_pairs++;
  stats->pair_sum += mean;
  stats->pair_sum_sq += mean * mean;
  stats->penta[CLAMP (slot, 0, 4)]++;
}

double
ts_match_stats_score (const TsMatchStats *stats)
{
  return stats->n_games ? stats->sum / stats->n_games : 0.5;
}

gboolean
ts_match_stats_paired (const TsMatchStats *stats)
{
  return stats->n_pairs > 0 && stats->n_games == 2 * stats->n_pairs;
}

/* The units the error is estimated over: their number, mean and variance. */
static void
units (const TsMatchStats *stats, double *n, double *mean, double *variance)
{
  double sum = stats->sum, sum_sq = stats->sum_sq;

  *n = stats->n_games;
  if (ts_match_stats_paired (stats))
    {
      *n = stats->n_pairs;
      sum = stats->pair_sum;
      sum_sq = stats->pair_sum_sq;
    }
  *mean = *n > 0 ? sum / *n : 0.5;
  *variance = *n > 0 ? MAX (sum_sq / *n - *mean * *mean, 0.0) : 0.0;
}

double
ts_elo_from_score (double score)
{
  return -400.0 * log10 (1.0 / score - 1.0);
}

double
ts_score_from_elo (double elo)
{
  return 1.0 / (1.0 + pow (10.0, -elo / 400.0));
}

gboolean
ts_match_stats_elo (const TsMatchStats *stats, double *elo, double *margin)
{
  double n, mean, variance, delta, low, high;

  units (stats, &n, &mean, &variance);
  if (n <= 0 || mean <= 0.0 || mean >= 1.0)
    return FALSE;
  delta = Z95 * sqrt (variance / n);
  /* The interval is taken on the score and mapped to Elo, which is not linear: half its
   * width in Elo is the margin. */
  low = MAX (mean - delta, 1e-9);
  high = MIN (mean + delta, 1.0 - 1e-9);
  *elo = ts_elo_from_score (mean);
  *margin = (ts_elo_from_score (high) - ts_elo_from_score (low)) / 2;
  return TRUE;
}

double
ts_match_stats_llr (const TsMatchStats *stats, double elo0, double elo1)
{
  double n, mean, variance;
  double s0 = ts_score_from_elo (elo0), s1 = ts_score_from_elo (elo1);

  units (stats, &n, &mean, &variance);
  if (n <= 0)
    return 0.0;
  /* While every unit has the same score the variance is 0 and the ratio unbounded. */
  variance = MAX (variance, LLR_MIN_VARIANCE);
  return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
}

void
ts_sprt_bounds (double alpha, double beta, double *lower, double *upper)
{
  *lower = log (beta / (1.0 - alpha));
  *upper = log ((1.0 - beta) / alpha);
}
