#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The one way Tessera writes a file (games, autosave): atomic, through symbolic links,
 * keeping the old version whole on any failure. docs/file-format.md, "Saving", says
 * what is guaranteed and how it is tested. */

typedef enum {
  TS_SAFE_FILE_NONE    = 0,
  TS_SAFE_FILE_BACKUP  = 1 << 0,   /* keep the previous version, complete, as FILE~ */
  TS_SAFE_FILE_PRIVATE = 1 << 1,   /* a new file is created 0600 (else 0666 less the umask) */
} TsSafeFileFlags;

/* Writes length bytes of data to filename. A regular file (or a new one) is replaced
 * atomically: the symbolic links are followed to the real file, which is replaced by a
 * temporary file written, synced and renamed in the real file's folder (the links stay
 * links); the old file's permissions are kept. Afterwards, and at any moment before (a
 * kill, a power cut once the folder is synced), the file holds either all of its old
 * content or all of the new. A pipe or character device (/dev/stdout) is written as a
 * stream. On failure nothing is changed and no new file is left behind; the error
 * (G_FILE_ERROR) names the file, the step that failed and says the old version is intact. */
gboolean ts_safe_file_write (const char      *filename,
                             const void      *data,
                             gsize            length,
                             TsSafeFileFlags  flags,
                             GError         **error);

G_END_DECLS
