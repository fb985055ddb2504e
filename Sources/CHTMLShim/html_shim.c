#include "html_shim.h"

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static char *copy_and_free(xmlChar *text) {
    if (!text) return NULL;
    char *copy = strdup((const char *)text);
    xmlFree(text);
    return copy;
}

static int attribute_contains(xmlNode *node, const char *name, const char *needle) {
    xmlChar *value = xmlGetProp(node, BAD_CAST name);
    if (!value) return 0;
    for (xmlChar *c = value; *c; c++) if (*c >= 'A' && *c <= 'Z') *c += 'a' - 'A';
    int found = strstr((const char *)value, needle) != NULL;
    xmlFree(value);
    return found;
}

static void visit(xmlNode *node, size_t max_scripts, fd_html_facts *facts) {
    const char *name = (const char *)node->name;
    if (strcasecmp(name, "script") == 0) {
        if (facts->script_count < max_scripts && attribute_contains(node, "type", "ld+json")) {
            char *text = copy_and_free(xmlNodeGetContent(node));
            if (text) facts->scripts[facts->script_count++] = text;
        }
    } else if (strcasecmp(name, "title") == 0 && !facts->title) {
        facts->title = copy_and_free(xmlNodeGetContent(node));
    } else if (strcasecmp(name, "meta") == 0 && !facts->image && attribute_contains(node, "property", "og:image")) {
        facts->image = copy_and_free(xmlGetProp(node, BAD_CAST "content"));
    }
}

void fd_html_read(const char *bytes, size_t length, size_t max_scripts, fd_html_facts *facts) {
    memset(facts, 0, sizeof *facts);
    if (length > (size_t)INT32_MAX) return;
    facts->scripts = calloc(max_scripts ? max_scripts : 1, sizeof(char *));
    if (!facts->scripts) return;
    htmlDocPtr document = htmlReadMemory(bytes, (int)length, NULL, NULL,
                                         HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
    if (!document) return;
    facts->parsed = 1;
    xmlNode *node = xmlDocGetRootElement(document);
    // Depth first, in document order, by the tree's own links: children, then siblings, then
    // the next sibling of the nearest ancestor that has one.
    while (node) {
        if (node->type == XML_ELEMENT_NODE) visit(node, max_scripts, facts);
        if (node->children && node->type == XML_ELEMENT_NODE && strcasecmp((const char *)node->name, "script") != 0) {
            node = node->children;
            continue;
        }
        while (node && !node->next) node = node->parent && node->parent->type != XML_DOCUMENT_NODE && node->parent->type != XML_HTML_DOCUMENT_NODE ? node->parent : NULL;
        if (node) node = node->next;
    }
    xmlFreeDoc(document);
}

void fd_html_facts_free(fd_html_facts *facts) {
    for (size_t index = 0; index < facts->script_count; index++) free(facts->scripts[index]);
    free(facts->scripts);
    free(facts->title);
    free(facts->image);
    memset(facts, 0, sizeof *facts);
}
