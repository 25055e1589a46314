#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One page of the in-app help: the common rules ("general") or one variant's rules, written
 * from docs/rules.md. The texts are English, marked N_(); translate with _(). */
typedef struct {
  const char        *id;          /* "general" or a variant id */
  const char        *title;       /* NULL: the variant's own name */
  const char *const *paragraphs;  /* NULL-terminated */
} TesseraHelpPage;

const TesseraHelpPage *tessera_help_pages       (guint      *n_pages);
const TesseraHelpPage *tessera_help_page_lookup (const char *id);   /* NULL if none */

G_END_DECLS
