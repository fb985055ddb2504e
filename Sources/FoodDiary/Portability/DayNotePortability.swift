import FoodDiaryBase
import Foundation
import GRDB

extension DiaryDocument {
    struct DayNoteRecord: Codable, Sendable, Equatable {
        var day: String
        var text: String
        var updatedAt: String

        enum CodingKeys: String, CodingKey {
            case day, text
            case updatedAt = "updated_at"
        }
    }
}

extension PortabilityQueries {
    static func addDayNotes(_ db: Database, to document: inout DiaryDocument) throws {
        document.dayNotes = try Row.fetchAll(db, sql: "SELECT day, text, updated_at FROM day_note ORDER BY day").map {
            .init(day: $0[0], text: $0[1], updatedAt: $0[2])
        }
    }
}

extension DiaryDocumentWriter {
    /// A day's note is added where the diary has none that day; a note already there is the
    /// person's own word and stays.
    func addDayNotes(_ document: DiaryDocument, outcome: inout ImportOutcome) throws {
        for note in document.dayNotes {
            guard let date = LocalDate(parsing: note.day), note.day == date.description else {
                throw ImportRefusal(description: tr("A note in the file is for “\(note.day.prefix(20))”, which is not a day."))
            }
            guard case .success(let text?) = DayNote.cleaned(note.text), text == note.text else {
                throw ImportRefusal(
                    description: tr(
                        "The note on \(date.longText) is empty or longer than \(NumberText.grouped(DayNote.maxCharacters)) characters."))
            }
            try db.execute(
                sql: "INSERT INTO day_note (day, text, updated_at) VALUES (?, ?, ?) ON CONFLICT (day) DO NOTHING",
                arguments: [note.day, text, try stamp(note.updatedAt)])
            outcome.dayNotesAdded += db.changesCount
        }
    }
}
