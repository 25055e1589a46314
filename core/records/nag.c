#include "records/nag.h"

#include <glib/gi18n.h>
#include <string.h>

typedef struct {
  guint       nag;
  const char *glyph;
  const char *description;
} NagInfo;

static const NagInfo nag_table[] = {
  { 1,  "!",  N_("Good move") },
  { 2,  "?",  N_("Mistake") },
  { 3,  "!!", N_("Brilliant move") },
  { 4,  "??", N_("Blunder") },
  { 5,  "!?", N_("Interesting move") },
  { 6,  "?!", N_("Dubious move") },
  { 10, "=",  N_("Drawish position") },
  { 11, "=",  N_("Equal chances, quiet position") },
  { 12, "=",  N_("Equal chances, active position") },
  { 13, "∞",  N_("Unclear position") },
  /* ⩲ ⩱ (U+2A72, U+2A71) are in none of the fonts Debian's GNOME installs (DejaVu, Noto
   * CJK, Cantarell): they showed as boxes. "+=" and "=+" are the usual plain forms. */
  { 14, "+=", N_("The first side stands slightly better") },
  { 15, "=+", N_("The second side stands slightly better") },
  { 16, "±",  N_("The first side stands clearly better") },
  { 17, "∓",  N_("The second side stands clearly better") },
  { 18, "+−", N_("The first side has a decisive advantage") },
  { 19, "−+", N_("The second side has a decisive advantage") },
};

static const NagInfo *
nag_info (guint nag)
{
  for (gsize i = 0; i < G_N_ELEMENTS (nag_table); i++)
    if (nag_table[i].nag == nag)
      return &nag_table[i];
  return NULL;
}

gboolean
ts_nag_is_move_mark (guint nag)
{
  return nag >= 1 && nag <= 6;
}

gboolean
ts_nag_is_evaluation (guint nag)
{
  return nag >= 10 && nag <= 19;
}

const char *
ts_nag_glyph (guint nag)
{
  const NagInfo *info = nag_info (nag);

  return info ? info->glyph : NULL;
}

const char *
ts_nag_description (guint nag)
{
  const NagInfo *info = nag_info (nag);

  return info ? _(info->description) : NULL;
}

guint
ts_nag_from_glyph (const char *glyph)
{
  g_return_val_if_fail (glyph != NULL, 0);

  for (gsize i = 0; i < G_N_ELEMENTS (nag_table); i++)
    if (strcmp (nag_table[i].glyph, glyph) == 0)
      return nag_table[i].nag;
  return 0;
}
