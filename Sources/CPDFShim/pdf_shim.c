#include "pdf_shim.h"

#include <cairo-pdf.h>
#include <cairo.h>
#include <pango/pangocairo.h>
#include <stdlib.h>
#include <string.h>

struct fd_pdf {
    cairo_surface_t *surface;
    cairo_t *cr;
    unsigned char *bytes;
    size_t length;
    size_t capacity;
    int failed;
};

// cairo writes the PDF as it goes: into a buffer that grows, so nothing touches the disk.
static cairo_status_t collect(void *closure, const unsigned char *data, unsigned int length) {
    fd_pdf *pdf = closure;
    if (pdf->length + length > pdf->capacity) {
        size_t capacity = pdf->capacity ? pdf->capacity : 65536;
        while (capacity < pdf->length + length) capacity *= 2;
        unsigned char *grown = realloc(pdf->bytes, capacity);
        if (!grown) {
            pdf->failed = 1;
            return CAIRO_STATUS_WRITE_ERROR;
        }
        pdf->bytes = grown;
        pdf->capacity = capacity;
    }
    memcpy(pdf->bytes + pdf->length, data, length);
    pdf->length += length;
    return CAIRO_STATUS_SUCCESS;
}

fd_pdf *fd_pdf_create(double width, double height, const char *title) {
    fd_pdf *pdf = calloc(1, sizeof *pdf);
    if (!pdf) return NULL;
    pdf->surface = cairo_pdf_surface_create_for_stream(collect, pdf, width, height);
    if (cairo_surface_status(pdf->surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(pdf->surface);
        free(pdf);
        return NULL;
    }
    cairo_pdf_surface_set_metadata(pdf->surface, CAIRO_PDF_METADATA_TITLE, title);
    cairo_pdf_surface_set_metadata(pdf->surface, CAIRO_PDF_METADATA_CREATOR, "FoodDiary");
    pdf->cr = cairo_create(pdf->surface);
    return pdf;
}

double fd_pdf_text(fd_pdf *pdf, const char *text, double x, double y, double width, double size, int bold, double r, double g,
                   double b, int align, int measure_only) {
    PangoLayout *layout = pango_cairo_create_layout(pdf->cr);
    PangoFontDescription *font = pango_font_description_new();
    pango_font_description_set_family(font, "DejaVu Sans");
    pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
    pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    pango_layout_set_font_description(layout, font);
    pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_alignment(layout, align == 1 ? PANGO_ALIGN_RIGHT : align == 2 ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT);
    // Plain text: a note's "<b>" is what the person typed, not a style.
    pango_layout_set_text(layout, text, -1);
    int pango_width = 0, pango_height = 0;
    pango_layout_get_size(layout, &pango_width, &pango_height);
    if (!measure_only) {
        cairo_set_source_rgb(pdf->cr, r, g, b);
        cairo_move_to(pdf->cr, x, y);
        pango_cairo_show_layout(pdf->cr, layout);
    }
    pango_font_description_free(font);
    g_object_unref(layout);
    return (double)pango_height / PANGO_SCALE;
}

void fd_pdf_rect(fd_pdf *pdf, double x, double y, double width, double height, double r, double g, double b, int fill,
                 double line_width) {
    cairo_set_source_rgb(pdf->cr, r, g, b);
    cairo_rectangle(pdf->cr, x, y, width, height);
    if (fill) {
        cairo_fill(pdf->cr);
    } else {
        cairo_set_line_width(pdf->cr, line_width);
        cairo_stroke(pdf->cr);
    }
}

void fd_pdf_line(fd_pdf *pdf, double x1, double y1, double x2, double y2, double r, double g, double b, double line_width,
                 int dashed) {
    static const double dash[] = {3.0, 2.0};
    cairo_set_source_rgb(pdf->cr, r, g, b);
    cairo_set_line_width(pdf->cr, line_width);
    cairo_set_dash(pdf->cr, dash, dashed ? 2 : 0, 0);
    cairo_move_to(pdf->cr, x1, y1);
    cairo_line_to(pdf->cr, x2, y2);
    cairo_stroke(pdf->cr);
    cairo_set_dash(pdf->cr, dash, 0, 0);
}

void fd_pdf_next_page(fd_pdf *pdf) { cairo_show_page(pdf->cr); }

int fd_pdf_finish(fd_pdf *pdf, unsigned char **bytes, size_t *length) {
    cairo_destroy(pdf->cr);
    cairo_surface_finish(pdf->surface);
    int failed = pdf->failed || cairo_surface_status(pdf->surface) != CAIRO_STATUS_SUCCESS;
    cairo_surface_destroy(pdf->surface);
    if (failed) {
        free(pdf->bytes);
        *bytes = NULL;
        *length = 0;
    } else {
        *bytes = pdf->bytes;
        *length = pdf->length;
    }
    free(pdf);
    return failed ? -1 : 0;
}

void fd_pdf_free_bytes(unsigned char *bytes) { free(bytes); }
