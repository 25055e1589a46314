#pragma once

#include <glib.h>

#include "rules/variant.h"

G_BEGIN_DECLS

/* The cells a piece of type `type` reaches from `from` standing alone on the empty
 * board, seat 0 to move: the targets of its legal moves there, one bit a cell in
 * (ncells + 63) / 64 words. Read from the movement tables, where generating the moves
 * cost the engine's evaluation tables most of their making. FALSE (cells untouched)
 * where the tables do not tell: a family other than chess, or a type whose moves
 * depend on its seat (generate its moves then). */
gboolean ts_variant_lone_targets (const TsVariant *v,
                                  guint            type,
                                  TsCell           from,
                                  guint64         *cells);

G_END_DECLS
