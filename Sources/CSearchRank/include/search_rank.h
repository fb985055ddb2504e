#ifndef SEARCH_RANK_H
#define SEARCH_RANK_H

/* Declared, not included: sqlite3.h belongs to the SQLite module GRDB imports. */
struct sqlite3;

/// Adds to a connection what ranking the branded foods needs beyond FTS5's built-ins:
/// - `rank_with_idf(index, weight per column..., idf per phrase...)`, an FTS5 function giving
///   what `bm25(index, weights...)` gives, but with each phrase's inverse document frequency
///   passed in: bm25 counts it by reading every row that has the phrase, on each query.
/// - `fts_tokens(text, prefix)`, the terms the index's tokenizer (porter over unicode61,
///   diacritics removed) makes of `text`, space-separated, as a query's phrase is tokenized.
/// Returns SQLITE_OK, or an error code when the connection's SQLite has no FTS5.
int search_rank_register(struct sqlite3 *db);

#endif
