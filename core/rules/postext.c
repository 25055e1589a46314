/* Position text: "<variant id> <family's part>" (docs/position-text.md). */
#include <glib/gi18n.h>
#include <string.h>

#include "excerpt.h"
#include "rules/rules-private.h"

char *
ts_position_to_text (const TsPosition *p)
{
  g_autofree char *rest = p->variant->ops->to_text (p);

  return g_strconcat (p->variant->id, " ", rest, NULL);
}

TsPosition *
ts_position_from_text (const char  *text,
                       GError     **error)
{
  g_autoptr(TsPosition) p = NULL;
  g_autofree char *id = NULL;
  const TsVariant *v;
  const char *s = text ? text : "";
  const char *end;

  while (*s == ' ')
    s++;
  end = s;
  while (*end && *end != ' ')
    end++;
  id = g_strndup (s, end - s);
  v = ts_variant_lookup (id);
  if (!v)
    {
      g_autofree char *excerpt = ts_excerpt (id, -1);

      g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_UNKNOWN_VARIANT,
                   _("column %u: unknown variant “%s” (run “tessera-cli variants” for the list)"),
                   (guint) (s - (text ? text : "")) + 1, excerpt);
      return NULL;
    }
  p = ts_position_new_empty (v);
  if (!v->ops->from_text (p, end, (guint) (end - text) + 1, error))
    return NULL;
  return g_steal_pointer (&p);
}
