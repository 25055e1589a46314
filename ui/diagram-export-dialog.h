#pragma once

#include <gtk/gtk.h>

#include "board-render.h"
#include "rules/position.h"

G_BEGIN_DECLS

#define TS_TYPE_DIAGRAM_EXPORT_DIALOG (ts_diagram_export_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TsDiagramExportDialog, ts_diagram_export_dialog, TS, DIAGRAM_EXPORT_DIALOG, GtkWindow)

/* Export Diagram: the position as PNG or SVG (board-render) at a width in pixels, or as a
 * PDF page (A4, Letter or the diagram's size in points), with or without coordinates and
 * with an optional caption; and Copy Image. It remembers its settings (export-* keys). */
GtkWidget  *ts_diagram_export_dialog_new    (GtkWindow        *parent,
                                             const TsPosition *p);
/* Arrows and marked cells to draw, and the view (TsBoardRenderOptions.shapes, .turns):
 * the diagram shows the position as the board does. Copied. */
void        ts_diagram_export_dialog_set_view (TsDiagramExportDialog *self,
                                               const TsShape         *shapes,
                                               guint                  n_shapes,
                                               guint                  turns);
/* Writes the diagram as the dialog is set now; the format from the file's
 * extension (.png, .svg, .pdf), or the chosen format's extension is added. */
gboolean    ts_diagram_export_dialog_export (TsDiagramExportDialog *self,
                                             GFile                 *file,
                                             GError               **error);

/* A PDF page of the diagram: page 0 A4, 1 Letter (the diagram within 36-point margins),
 * 2 the diagram's size (width points wide); on white. Sets the page's size in points and
 * draws it on cr (if not NULL). */
void        ts_diagram_pdf_page             (const TsBoardRenderOptions *options,
                                             guint                       page,
                                             double                      width,
                                             cairo_t                    *cr,
                                             double                     *page_width,
                                             double                     *page_height);

/* Puts the diagram of options on widget's clipboard as an image (win.copy-image). */
void        ts_diagram_copy_image           (GtkWidget                  *widget,
                                             const TsBoardRenderOptions *options,
                                             int                         size);

G_END_DECLS
