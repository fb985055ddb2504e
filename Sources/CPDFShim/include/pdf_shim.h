#ifndef FD_PDF_SHIM_H
#define FD_PDF_SHIM_H

#include <stddef.h>

/// A PDF being drawn in memory with cairo, its text laid out by pango (fonts embedded, subset).
/// Coordinates are points from the page's top left. Not thread-safe: one document per thread.
typedef struct fd_pdf fd_pdf;

/// A document of pages `width` × `height` points, titled `title` in its metadata; NULL on failure.
fd_pdf *fd_pdf_create(double width, double height, const char *title);

/// Lays out `text` (plain UTF-8, never markup) in a box `width` wide from (x, y), wrapping at
/// words, in `size` points, bold or not, in the colour (r, g, b), aligned 0 left, 1 right,
/// 2 centre; draws it unless `measure_only`. Returns the height it takes.
double fd_pdf_text(fd_pdf *pdf, const char *text, double x, double y, double width, double size, int bold, double r, double g,
                   double b, int align, int measure_only);

/// A rectangle filled (`fill` 1) or outlined with a line `line_width` wide.
void fd_pdf_rect(fd_pdf *pdf, double x, double y, double width, double height, double r, double g, double b, int fill,
                 double line_width);

/// A straight line, dashed or not.
void fd_pdf_line(fd_pdf *pdf, double x1, double y1, double x2, double y2, double r, double g, double b, double line_width,
                 int dashed);

/// Ends the page and starts the next.
void fd_pdf_next_page(fd_pdf *pdf);

/// Ends the document and hands over its bytes (free them with `fd_pdf_free_bytes`); frees `pdf`.
/// Returns 0 on success.
int fd_pdf_finish(fd_pdf *pdf, unsigned char **bytes, size_t *length);

void fd_pdf_free_bytes(unsigned char *bytes);

#endif
