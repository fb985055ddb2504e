#include "html_shim.h"

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <stdio.h>
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

static int is_inside(xmlNode *node, xmlNode *ancestor) {
    for (xmlNode *up = node->parent; up; up = up->parent) if (up == ancestor) return 1;
    return 0;
}

/// An itemprop's value as microdata defines it: content, src, href, or the text.
static char *microdata_value(xmlNode *node) {
    const char *name = (const char *)node->name;
    const char *attribute = xmlHasProp(node, BAD_CAST "content") ? "content"
        : (strcasecmp(name, "img") == 0 || strcasecmp(name, "source") == 0) ? "src"
        : (strcasecmp(name, "a") == 0 || strcasecmp(name, "link") == 0) ? "href" : NULL;
    return copy_and_free(attribute ? xmlGetProp(node, BAD_CAST attribute) : xmlNodeGetContent(node));
}

static void visit_microdata(xmlNode *node, size_t max_entries, xmlNode **recipe, fd_html_facts *facts) {
    if (!*recipe) {
        if (xmlHasProp(node, BAD_CAST "itemscope") && attribute_contains(node, "itemtype", "schema.org/recipe")) *recipe = node;
        return;
    }
    if (facts->microdata_count >= max_entries || !is_inside(node, *recipe)) return;
    // A nested item (a step, the author) is read by its own properties, not as one text.
    if (xmlHasProp(node, BAD_CAST "itemscope")) return;
    xmlChar *property = xmlGetProp(node, BAD_CAST "itemprop");
    if (!property) return;
    char *value = microdata_value(node);
    if (value) {
        size_t length = strlen((const char *)property) + strlen(value) + 2;
        char *entry = malloc(length);
        if (entry) {
            snprintf(entry, length, "%s\t%s", (const char *)property, value);
            facts->microdata[facts->microdata_count++] = entry;
        }
        free(value);
    }
    xmlFree(property);
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
    size_t max_microdata = (max_scripts ? max_scripts : 1) * 8;
    facts->microdata = calloc(max_microdata, sizeof(char *));
    if (!facts->scripts || !facts->microdata) return;
    xmlNode *recipe = NULL;
    htmlDocPtr document = htmlReadMemory(bytes, (int)length, NULL, NULL,
                                         HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
    if (!document) return;
    facts->parsed = 1;
    xmlNode *node = xmlDocGetRootElement(document);
    // Depth first, in document order, by the tree's own links: children, then siblings, then
    // the next sibling of the nearest ancestor that has one.
    while (node) {
        if (node->type == XML_ELEMENT_NODE) {
            visit(node, max_scripts, facts);
            visit_microdata(node, max_microdata, &recipe, facts);
        }
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
    for (size_t index = 0; index < facts->microdata_count; index++) free(facts->microdata[index]);
    free(facts->microdata);
    free(facts->title);
    free(facts->image);
    memset(facts, 0, sizeof *facts);
}
