import GRDB

extension Database {
    /// Rows of a statement compiled once per connection. The pages' queries are small, and
    /// compiling one (GRDB's authorizer visits every column it reads) cost more than running it.
    package func cachedRows(_ sql: String, _ arguments: StatementArguments = []) throws -> [Row] {
        try Row.fetchAll(cachedStatement(sql: sql), arguments: arguments)
    }

    /// Each row while the statement still holds it: reading a column by position then goes
    /// straight to SQLite, with no copy of the row.
    package func forEachCachedRow(_ sql: String, _ arguments: StatementArguments = [], _ body: (Row) throws -> Void) throws {
        let rows = try Row.fetchCursor(cachedStatement(sql: sql), arguments: arguments)
        while let row = try rows.next() { try body(row) }
    }

    /// Records read straight from the statement's columns, without copying each row first.
    package func cachedRecords<Record: FetchableRecord>(_ type: Record.Type, _ sql: String, _ arguments: StatementArguments = []) throws
        -> [Record]
    {
        try Record.fetchAll(cachedStatement(sql: sql), arguments: arguments)
    }

    package func cachedValue<Value: DatabaseValueConvertible & StatementColumnConvertible>(
        _ sql: String, _ arguments: StatementArguments = []
    ) throws -> Value? {
        try Value.fetchOne(cachedStatement(sql: sql), arguments: arguments)
    }
}

/// A list bound as one JSON argument, for `IN (SELECT value FROM json_each(?))`: the statement's
/// text is the same whatever the list's length, so it is compiled once, and fifty ids bind as one
/// value rather than fifty.
package enum JSONList {
    package static func ids(_ ids: some Collection<Int64>) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }

    /// Lower-case hex strings such as SHA-256 digests, which need no escaping.
    package static func hex(_ values: some Collection<String>) -> String {
        "[" + values.map { "\"" + $0.filter(\.isHexDigit) + "\"" }.joined(separator: ",") + "]"
    }
}
