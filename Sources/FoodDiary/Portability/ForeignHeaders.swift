import Foundation

/// Column names of other apps' exports in the languages their accounts may be set to, each read as
/// the English name it stands for (ForeignHeaders.tsv): a German Withings account's "Gewicht (kg)"
/// is "Weight (kg)", a unit in brackets kept as written.
enum ForeignHeaders {
    /// Lowercased foreign name → lowercased English name.
    private static let english: [String: String] = {
        var names: [String: String] = [:]
        for line in String(decoding: PackageResources.ForeignHeaders_tsv, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else { preconditionFailure("ForeignHeaders.tsv: \(line)") }
            names[fields[2].lowercased()] = fields[0].lowercased()
        }
        return names
    }()

    /// The English name `key` (an `ImportedTable` key: lowercased, spaces single) stands for, or nil.
    static func english(for key: String) -> String? {
        var name = key, unit = ""
        if let open = key.lastIndex(of: "("), key.hasSuffix(")"), open > key.startIndex {
            name = key[..<open].trimmingCharacters(in: .whitespaces)
            unit = " " + key[open...]
        }
        return Self.english[name].map { $0 + unit }
    }
}
