/* The statistics of tessera-cli match (core/match/match-stats.c), against figures
 * worked out by hand from the formulas in docs/engine.md ("Matches"). */
#include <math.h>

#include "match/match-stats.h"

static void
add_games (TsMatchStats *s, guint wins, guint draws, guint losses)
{
  for (guint i = 0; i < wins; i++)
    ts_match_stats_add_game (s, 1);
  for (guint i = 0; i < draws; i++)
    ts_match_stats_add_game (s, 0.5);
  for (guint i = 0; i < losses; i++)
    ts_match_stats_add_game (s, 0);
}

static void
test_elo_of_score (void)
{
  g_assert_cmpfloat_with_epsilon (ts_elo_from_score (0.5), 0.0, 1e-9);
  /* Three points of four: 400 log10 3. */
  g_assert_cmpfloat_with_epsilon (ts_elo_from_score (0.75), 400 * log10 (3), 1e-9);
  g_assert_cmpfloat_with_epsilon (ts_elo_from_score (0.25), -400 * log10 (3), 1e-9);
  g_assert_cmpfloat_with_epsilon (ts_score_from_elo (ts_elo_from_score (0.63)), 0.63, 1e-12);
}

/* Games alone: the trinomial model. */
static void
test_trinomial (void)
{
  TsMatchStats s;
  double elo, margin;

  ts_match_stats_init (&s);
  g_assert_false (ts_match_stats_elo (&s, &elo, &margin));
  add_games (&s, 30, 40, 30);
  g_assert_cmpuint (s.wins, ==, 30);
  g_assert_cmpuint (s.draws, ==, 40);
  g_assert_cmpuint (s.losses, ==, 30);
  g_assert_false (ts_match_stats_paired (&s));
  g_assert_true (ts_match_stats_elo (&s, &elo, &margin));
  g_assert_cmpfloat_with_epsilon (elo, 0.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (margin, 53.158, 0.001);

  ts_match_stats_init (&s);
  add_games (&s, 45, 30, 25);
  g_assert_true (ts_match_stats_elo (&s, &elo, &margin));
  g_assert_cmpfloat_with_epsilon (elo, 70.437, 0.001);
  g_assert_cmpfloat_with_epsilon (margin, 58.231, 0.001);

  /* Every game won: no finite difference. */
  ts_match_stats_init (&s);
  add_games (&s, 5, 0, 0);
  g_assert_false (ts_match_stats_elo (&s, &elo, &margin));
}

/* Pairs of games from one opening: the pentanomial model. */
static void
test_pentanomial (void)
{
  /* Pairs scoring 0, ½, 1, 1½ and 2 points, 2, 10, 20, 12 and 6 times. */
  static const guint counts[5] = { 2, 10, 20, 12, 6 };
  static const double first[5] = { 0, 0.5, 1, 1, 1 }, second[5] = { 0, 0, 0, 0.5, 1 };
  TsMatchStats s;
  double elo, margin, lower, upper;

  ts_match_stats_init (&s);
  for (guint k = 0; k < 5; k++)
    for (guint i = 0; i < counts[k]; i++)
      {
        ts_match_stats_add_game (&s, first[k]);
        ts_match_stats_add_game (&s, second[k]);
        ts_match_stats_add_pair (&s, first[k], second[k]);
      }
  for (guint k = 0; k < 5; k++)
    g_assert_cmpuint (s.penta[k], ==, counts[k]);
  g_assert_true (ts_match_stats_paired (&s));
  g_assert_cmpfloat_with_epsilon (ts_match_stats_score (&s), 0.55, 1e-12);
  g_assert_true (ts_match_stats_elo (&s, &elo, &margin));
  g_assert_cmpfloat_with_epsilon (elo, 34.860, 0.001);
  g_assert_cmpfloat_with_epsilon (margin, 49.953, 0.001);

  /* SPRT [0, 10] at α = β = 0.05. */
  ts_sprt_bounds (0.05, 0.05, &lower, &upper);
  g_assert_cmpfloat_with_epsilon (lower, -2.944439, 1e-6);
  g_assert_cmpfloat_with_epsilon (upper, 2.944439, 1e-6);
  g_assert_cmpfloat_with_epsilon (ts_match_stats_llr (&s, 0, 10), 0.473741, 1e-6);

  /* An odd game out: back to the trinomial model. */
  ts_match_stats_add_game (&s, 1);
  g_assert_false (ts_match_stats_paired (&s));
}

/* The test decides for the hypothesis the results are near, and only then. */
static void
test_sprt_direction (void)
{
  TsMatchStats strong, even;
  double lower, upper;

  ts_sprt_bounds (0.05, 0.05, &lower, &upper);
  ts_match_stats_init (&strong);
  ts_match_stats_init (&even);
  for (guint i = 0; i < 6000; i++)
    {
      /* 40 % wins, 30 % draws, 30 % losses (+35 Elo), and 35/30/35 (0 Elo): at 0 Elo the
       * ratio falls by about 0.6 every 1000 games (σ² = 0.175 a game). */
      ts_match_stats_add_game (&strong, i % 10 < 4 ? 1 : i % 10 < 7 ? 0.5 : 0);
      ts_match_stats_add_game (&even, i % 20 < 7 ? 1 : i % 20 < 13 ? 0.5 : 0);
    }
  g_assert_cmpfloat (ts_match_stats_llr (&strong, 0, 10), >=, upper);
  g_assert_cmpfloat (ts_match_stats_llr (&even, 0, 10), <=, lower);
  /* Between the hypotheses after few games: undecided. */
  ts_match_stats_init (&even);
  add_games (&even, 3, 4, 3);
  g_assert_cmpfloat (ts_match_stats_llr (&even, 0, 10), >, lower);
  g_assert_cmpfloat (ts_match_stats_llr (&even, 0, 10), <, upper);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/match/stats/elo-of-score", test_elo_of_score);
  g_test_add_func ("/match/stats/trinomial", test_trinomial);
  g_test_add_func ("/match/stats/pentanomial", test_pentanomial);
  g_test_add_func ("/match/stats/sprt-direction", test_sprt_direction);
  return g_test_run ();
}
