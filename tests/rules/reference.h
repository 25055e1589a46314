#pragma once

#include "rules/position.h"

G_BEGIN_DECLS

/* A slow, independent move generator written straight from RULES.md with plain
 * coordinates and the public API only: pseudo-legal moves, each tried on a copy of the
 * position and kept if the guarded king is not attacked afterwards. */
void    ref_generate_legal (const TsPosition *p, TsMoveList *out);
guint64 ref_perft          (const TsPosition *p, guint depth);
/* Sorts a move list so two lists can be compared. */
void    ref_sort_moves     (TsMoveList *l);

G_END_DECLS
