/* What the evaluation's tables (eval.c) and the evaluation (eval-position.c) share.
 * Private to them. The weights can be set for a build (-DMOBILITY_WEIGHT=3): see
 * eval.c. */
#pragma once

#include "engine/eval.h"

#define DOSEKI_CHECKER    100

#ifndef MOBILITY_WEIGHT
#define MOBILITY_WEIGHT   2
#endif
#ifndef SHELTER_WEIGHT
#define SHELTER_WEIGHT    5
#endif
#ifndef TEMPO
#define TEMPO             10
#endif

/* A middlegame and an endgame term summed in one number (each sum stays far within
 * 32 bits): one load and one add a piece. */
#define EVAL_PACK(mg, eg)  ((gint64) (mg) * G_GINT64_CONSTANT (0x100000000) + (eg))
#define EVAL_EG(x)         ((int) (gint32) (guint32) (guint64) (x))
#define EVAL_MG(x)         ((int) (((x) - EVAL_EG (x)) / G_GINT64_CONSTANT (0x100000000)))
