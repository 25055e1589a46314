#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Where one window autosaves its game: a folder of its own under the autosave root
 * (g_get_user_data_dir()/tessera/autosave/window-UUID), holding the files and a lock file
 * on which the owner keeps an flock(2) for as long as it lives. The kernel drops the lock
 * when the process dies, however it dies, so a folder whose lock can be taken belongs to
 * a window that is gone: after a crash, or a quit with unsaved changes. Only such
 * orphans are offered for restoring; a game open in a window of this or another running
 * instance never is. docs/window.md, Autosave. */

typedef struct _TsAutosaveSlot TsAutosaveSlot;

/* The file that makes a folder worth offering. */
#define TS_AUTOSAVE_GAME "game.xml"

/* Called in the main thread when a background write failed, while the slot is owned. */
typedef void (*TsAutosaveErrorFunc) (TsAutosaveSlot *slot,
                                     const GError   *error,
                                     gpointer        user_data);

/* g_get_user_data_dir()/tessera/autosave */
char           *ts_autosave_root                (void);

/* A new folder under root, created locked (it appears under its final name with its lock
 * already held, so that no other instance can take it for an orphan). */
TsAutosaveSlot *ts_autosave_slot_new            (const char     *root,
                                                 GError        **error);
/* The folders under root whose owner is gone and that hold TS_AUTOSAVE_GAME, each now locked by
 * the caller (newest first). Folders left empty are removed. The files an earlier
 * version wrote straight into root (game.xml, session.ini) are moved into a slot of
 * their own first. Free the array's slots with ts_autosave_slot_release or _remove. */
GPtrArray      *ts_autosave_claim_orphans       (const char     *root);

const char     *ts_autosave_slot_get_dir        (TsAutosaveSlot *slot);
void            ts_autosave_slot_set_error_func (TsAutosaveSlot     *slot,
                                                 TsAutosaveErrorFunc func,
                                                 gpointer            user_data);

/* Writes files (name, GBytes contents; each replaced atomically) into the slot's folder in
 * a background thread, after the writes asked for before. Takes names and contents. */
void            ts_autosave_slot_write          (TsAutosaveSlot *slot,
                                                 GStrv           names,
                                                 GPtrArray      *contents);
/* Removes the files (queued after the writes, in order): nothing to rescue any more. */
void            ts_autosave_slot_clear          (TsAutosaveSlot *slot);
/* Waits for the writes asked for, then lets go of the lock: the files stay, to be offered
 * by the next window that looks. */
void            ts_autosave_slot_release        (TsAutosaveSlot *slot);
/* Waits for the writes asked for, then removes the folder and lets go of the lock. */
void            ts_autosave_slot_remove         (TsAutosaveSlot *slot);
/* Keeps the files out of every later offer (the folder is renamed to .damaged-…) and lets
 * go of the slot; returns the folder's new name. */
char           *ts_autosave_slot_set_aside      (TsAutosaveSlot *slot);

/* Waits until every write asked for so far is on disk. */
void            ts_autosave_flush               (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsAutosaveSlot, ts_autosave_slot_release)

G_END_DECLS
