#include <sqlite3.h>

#include "search_rank.h"

#include <string.h>

/* The constants of FTS5's own bm25 (fts5_aux.c), so the two agree. */
static const double k1 = 1.2;
static const double b = 0.75;

static fts5_api *fts5_api_of(sqlite3 *db) {
    fts5_api *api = NULL;
    sqlite3_stmt *statement = NULL;
    if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, NULL) == SQLITE_OK) {
        sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", NULL);
        sqlite3_step(statement);
    }
    sqlite3_finalize(statement);
    return api;
}

/* The average row length, read once per query as bm25 reads it. */
typedef struct {
    double averageLength;
} QueryFacts;

static void rank_with_idf(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context,
                          int argumentCount, sqlite3_value **arguments) {
    int columns = api->xColumnCount(fts);
    int phrases = api->xPhraseCount(fts);
    if (argumentCount != columns + phrases) {
        sqlite3_result_error(context, "rank_with_idf needs a weight for each column and an idf for each phrase", -1);
        return;
    }
    QueryFacts *facts = (QueryFacts *)api->xGetAuxdata(fts, 0);
    if (facts == NULL) {
        sqlite3_int64 rows = 0, tokens = 0;
        int rc = api->xRowCount(fts, &rows);
        if (rc == SQLITE_OK) rc = api->xColumnTotalSize(fts, -1, &tokens);
        if (rc != SQLITE_OK) { sqlite3_result_error_code(context, rc); return; }
        facts = sqlite3_malloc(sizeof(QueryFacts));
        if (facts == NULL) { sqlite3_result_error_nomem(context); return; }
        facts->averageLength = rows > 0 ? (double)tokens / (double)rows : 1.0;
        rc = api->xSetAuxdata(fts, facts, sqlite3_free);
        if (rc != SQLITE_OK) { sqlite3_result_error_code(context, rc); return; }
    }
    double frequency[64] = {0};
    if (phrases > 64) { sqlite3_result_error(context, "rank_with_idf takes at most 64 phrases", -1); return; }
    int instances = 0;
    int rc = api->xInstCount(fts, &instances);
    for (int i = 0; rc == SQLITE_OK && i < instances; i++) {
        int phrase, column, offset;
        rc = api->xInst(fts, i, &phrase, &column, &offset);
        if (rc == SQLITE_OK && phrase < phrases && column < columns) frequency[phrase] += sqlite3_value_double(arguments[column]);
    }
    int length = 0;
    if (rc == SQLITE_OK) rc = api->xColumnSize(fts, -1, &length);
    if (rc != SQLITE_OK) { sqlite3_result_error_code(context, rc); return; }
    double lengthFactor = k1 * (1 - b + b * (double)length / facts->averageLength);
    double score = 0;
    for (int i = 0; i < phrases; i++) {
        double idf = sqlite3_value_double(arguments[columns + i]);
        score += idf * (frequency[i] * (k1 + 1.0)) / (frequency[i] + lengthFactor);
    }
    sqlite3_result_double(context, -1.0 * score);
}

typedef struct {
    fts5_tokenizer methods;
    Fts5Tokenizer *tokenizer;
} Tokenizer;

static void tokenizer_delete(void *pointer) {
    Tokenizer *tokenizer = pointer;
    tokenizer->methods.xDelete(tokenizer->tokenizer);
    sqlite3_free(tokenizer);
}

typedef struct {
    char *text;
    int length;
    int capacity;
    int failed;
} Terms;

static int add_term(void *context, int flags, const char *token, int size, int start, int end) {
    (void)flags; (void)start; (void)end;
    Terms *terms = context;
    int needed = terms->length + size + 1;
    if (needed > terms->capacity) {
        int capacity = needed * 2;
        char *grown = sqlite3_realloc(terms->text, capacity);
        if (grown == NULL) { terms->failed = 1; return SQLITE_NOMEM; }
        terms->text = grown;
        terms->capacity = capacity;
    }
    if (terms->length > 0) terms->text[terms->length++] = ' ';
    memcpy(terms->text + terms->length, token, size);
    terms->length += size;
    return SQLITE_OK;
}

static void fts_tokens(sqlite3_context *context, int argumentCount, sqlite3_value **arguments) {
    Tokenizer *tokenizer = sqlite3_user_data(context);
    const char *text = (const char *)sqlite3_value_text(arguments[0]);
    int size = sqlite3_value_bytes(arguments[0]);
    int flags = FTS5_TOKENIZE_QUERY | (argumentCount > 1 && sqlite3_value_int(arguments[1]) ? FTS5_TOKENIZE_PREFIX : 0);
    Terms terms = {NULL, 0, 0, 0};
    int rc = text == NULL ? SQLITE_OK : tokenizer->methods.xTokenize(tokenizer->tokenizer, &terms, flags, text, size, add_term);
    if (rc != SQLITE_OK || terms.failed) {
        sqlite3_free(terms.text);
        sqlite3_result_error_code(context, rc != SQLITE_OK ? rc : SQLITE_NOMEM);
        return;
    }
    sqlite3_result_text(context, terms.text == NULL ? "" : terms.text, terms.length, SQLITE_TRANSIENT);
    sqlite3_free(terms.text);
}

int search_rank_register(sqlite3 *db) {
    fts5_api *api = fts5_api_of(db);
    if (api == NULL) return SQLITE_ERROR;
    int rc = api->xCreateFunction(api, "rank_with_idf", NULL, rank_with_idf, NULL);
    if (rc != SQLITE_OK) return rc;

    Tokenizer *tokenizer = sqlite3_malloc(sizeof(Tokenizer));
    if (tokenizer == NULL) return SQLITE_NOMEM;
    void *porterData = NULL;
    rc = api->xFindTokenizer(api, "porter", &porterData, &tokenizer->methods);
    const char *parent[] = {"unicode61", "remove_diacritics", "2"};
    if (rc == SQLITE_OK) rc = tokenizer->methods.xCreate(porterData, parent, 3, &tokenizer->tokenizer);
    if (rc != SQLITE_OK) { sqlite3_free(tokenizer); return rc; }
    return sqlite3_create_function_v2(db, "fts_tokens", -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, tokenizer, fts_tokens, NULL, NULL,
                                      tokenizer_delete);
}
