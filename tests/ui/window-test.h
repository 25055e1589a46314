/* Helpers shared by the tests that open game windows. */
#pragma once

#include "autosave-slot.h"
#include "game-session.h"

G_BEGIN_DECLS

/* A game setup with every seat played by a human: no computer moves meanwhile. */
static inline void
window_test_all_humans (TsSessionSetup *setup)
{
  ts_session_setup_init (setup);
  for (guint i = 0; i < TS_MAX_SEATS; i++)
    setup->kind[i] = TS_SEAT_HUMAN;
}

/* Forgets every autosave the test left. A window destroyed with unsaved changes keeps
 * its autosave, as a crash does, and the next window would ask whether to restore it:
 * tests that are not about restoring call this after closing their windows. */
static inline void
window_test_discard_autosaves (void)
{
  g_autofree char *root = ts_autosave_root ();
  g_autoptr(GPtrArray) orphans = ts_autosave_claim_orphans (root);

  g_ptr_array_set_free_func (orphans, NULL);
  for (guint i = 0; i < orphans->len; i++)
    ts_autosave_slot_remove (orphans->pdata[i]);
}

G_END_DECLS
