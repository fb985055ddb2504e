// What a web page says about itself in machine-readable form, read with libxml2's HTML parser
// (which recovers from the broken markup real pages have): its JSON-LD blocks, its title and
// its Open Graph image. The walk is a loop, not recursion, so no nesting depth overflows a stack.
#ifndef FOODDIARY_HTML_SHIM_H
#define FOODDIARY_HTML_SHIM_H

#include <stddef.h>

typedef struct {
    /// The text of each <script type="application/ld+json">, at most `max_scripts` (malloc'd).
    char **scripts;
    size_t script_count;
    /// The schema.org Recipe in microdata, when the page has one: "property\tvalue" for each
    /// itemprop inside the first element whose itemtype is a Recipe (malloc'd, at most `max_scripts` * 8).
    char **microdata;
    size_t microdata_count;
    /// <title> and <meta property="og:image" content>, or NULL.
    char *title;
    char *image;
    /// 0 when the bytes could not be read as a document at all.
    int parsed;
} fd_html_facts;

void fd_html_read(const char *bytes, size_t length, size_t max_scripts, fd_html_facts *facts);
void fd_html_facts_free(fd_html_facts *facts);

#endif
