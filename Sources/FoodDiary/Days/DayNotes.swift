import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// A short note on a day: how the person felt, training, illness. One a day; saved empty, it goes.
enum DayNote {
    static let maxCharacters = 1_000

    /// The note as it is kept: its lines as typed, other control characters (a pasted NUL) gone,
    /// the ends trimmed, nil when nothing is left; or why it cannot be. Counted as the database's
    /// check counts, by code point.
    static func cleaned(_ typed: String) -> Result<String?, DayNoteProblem> {
        var scalars = String.UnicodeScalarView()
        for scalar in typed.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars
        where scalar == "\n" || scalar.properties.generalCategory != .control {
            scalars.append(scalar)
        }
        let text = String(String(scalars).trimmingWhitespace)
        let length = TypedText.length(text)
        guard length <= maxCharacters else { return .failure(DayNoteProblem(characters: length)) }
        return .success(text.isEmpty ? nil : text)
    }
}

struct DayNoteProblem: Error, Equatable {
    let characters: Int

    var message: String {
        tr(
            "A note on a day holds up to \(NumberText.grouped(DayNote.maxCharacters)) characters; this one has \(NumberText.grouped(characters))."
        )
    }
}

extension AppDatabase {
    /// Keeps `text` as the day's note, or removes the note when nil.
    package func setDayNote(_ text: String?, on date: LocalDate, now: Date) async throws {
        try await write { db in try Self.storeDayNote(db, text, on: date, updatedAt: now) }
    }

    package static func storeDayNote(_ db: Database, _ text: String?, on date: LocalDate, updatedAt: any DatabaseValueConvertible) throws {
        guard let text else {
            try db.execute(sql: "DELETE FROM day_note WHERE day = ?", arguments: [date.description])
            return
        }
        try db.execute(
            sql:
                "INSERT INTO day_note (day, text, updated_at) VALUES (?, ?, ?) ON CONFLICT (day) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at",
            arguments: [date.description, text, updatedAt])
    }
}

extension DayQueries {
    /// The notes from `first` through `last` (nil: every one kept), by day.
    public static func notes(_ db: Database, from first: LocalDate?, through last: LocalDate?) throws -> [LocalDate: String] {
        var notes: [LocalDate: String] = [:]
        for row in try db.cachedRows(
            "SELECT day, text FROM day_note WHERE day >= ? AND day <= ?", [first?.description ?? "", last?.description ?? "9999"])
        {
            if let date = LocalDate(parsing: row[0]) { notes[date] = row[1] }
        }
        return notes
    }
}
