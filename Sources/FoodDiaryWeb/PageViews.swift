import FoodDiaryBase
import FoodDiaryStorage
import Foundation

/// Keys every page shares, answered beneath each page's own view model.
package struct PageFrame: Sendable {
    /// Today's strip, a view this floor does not know the type of.
    let statusStrip: AnyTemplateKeyed?
    /// The navigation, the add button and today's strip are for signed-in people only.
    let signedIn: Bool
    /// The open diary's name, shown in the top bar with the way to the others.
    let diaryName: String?
    /// `light` or `dark` when chosen by hand; absent to follow the device.
    let colorScheme: String?
    /// The unit the person reads energy in, for the forms and tables that name it once.
    var energyUnit: String { EnergyUnit.shown.symbol }
    /// The decimal mark the page writes its numbers with, for the scripts that write more.
    var decimalMark: String { NumberConvention.current == .decimalComma ? "," : "." }
    /// The page's language, for `<html lang>`, and which way it is written.
    var language: String { RequestConventions.current.language.code }
    var direction: String { RequestConventions.current.language.isRightToLeft ? "rtl" : "ltr" }
    /// The scripts' words in the page's language, loaded before the scripts; nil in English.
    var scriptWordsURL: String? { Self.scriptWordsURL(RequestConventions.current.language) }
    /// What the browser may draw its own controls in.
    var colorSchemes: String { colorScheme ?? "light dark" }

    private static func scriptWordsURL(_ language: Language) -> String? {
        language.scriptWords.map { "/words/\(language.code).js?v=\($0.version)" }
    }
}

/// A backup or an export to download, newest first on its page.
package struct ArchiveRow: Sendable {
    let name: String
    let madeAt: String
    let size: String
    let downloadURL: String

    package init(_ archive: ArchiveFile, under path: String, timeZone: TimeZone) {
        let made = LocalDateTime(archive.madeAt, in: timeZone)
        name = archive.name
        madeAt = "\(made.date.dayMonthYearText), \(made.clockText)"
        size = ByteSize.text(archive.bytes)
        downloadURL = "\(path)/\(archive.name)"
    }
}
