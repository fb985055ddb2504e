import Foundation
import GRDB

/// SQLite cannot change a table's CHECK in place: the table is made again from its own stored
/// definition with one piece of it replaced, its rows copied with their ids, and its indexes and
/// triggers made again. Reading the definition back keeps every column later migrations added.
package enum TableRebuild {
    package struct DefinitionChanged: Error, CustomStringConvertible {
        let table: String, expected: String
        package var description: String {
            "table \(table) no longer holds “\(expected)”: its definition is not what this migration was written for"
        }
    }

    /// Runs inside a migration, where GRDB holds foreign keys off until the end: dropping the old
    /// table deletes nothing that refers to it.
    package static func replace(_ old: String, with new: String, in table: String, _ db: Database) throws {
        guard
            let definition = try String.fetchOne(
                db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table]),
            definition.contains(old),
            let header = definition.firstRange(of: /^CREATE TABLE\s+("?)[A-Za-z_]+\1\s*\(/)
        else {
            throw DefinitionChanged(table: table, expected: old)
        }
        let companions = try String.fetchAll(
            db,
            sql: """
                SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY rowid
                """, arguments: [table])
        let rebuilt = table + "_rebuilt"
        let body = definition[header.upperBound...].replacingOccurrences(of: old, with: new)
        try db.execute(sql: "CREATE TABLE \(rebuilt) (" + body)
        try db.execute(sql: "INSERT INTO \(rebuilt) SELECT * FROM \(table)")
        try db.execute(sql: "DROP TABLE \(table)")
        try db.execute(sql: "ALTER TABLE \(rebuilt) RENAME TO \(table)")
        for statement in companions { try db.execute(sql: statement) }
    }
}
