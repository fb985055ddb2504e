import Foundation

/// The languages this server has catalogues for, and which of them answers a request.
public struct Languages: Sendable {
    /// English first, then the catalogues' by tag.
    public let all: [Language]
    private let byCode: [String: Language]
    /// The catalogues' files as read (nil for languages handed over in code): what the templates
    /// compiled for these languages are kept by.
    package let source: String?
    /// Each Accept-Language header's answer: a household's browsers send a handful of them, and
    /// every request asks.
    private let preferences: ServerMemo<String, Language>

    public struct LoadFailure: Error, CustomStringConvertible {
        public let description: String
    }

    public init(_ languages: [Language]) {
        self.init(languages, source: languages.isEmpty ? "" : nil)
    }

    private init(_ languages: [Language], source: String?) {
        self.source = source
        preferences = ServerMemo(most: 256)
        all = [Language.english] + languages.filter { $0 != Language.english }.sorted { $0.code < $1.code }
        byCode = Dictionary(all.map { ($0.code.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every `*.po` in `directory`; with `pseudo`, the pseudo-language the tests read pages in.
    /// Read once per process while the files are unchanged (`FolderMemo`).
    public init(directory: String, pseudo: Bool = false) throws(LoadFailure) {
        do {
            self = try FolderMemo.value(folder: directory, suffix: ".po", variant: pseudo ? "pseudo" : "") { identity in
                try Self(reading: directory, pseudo: pseudo, identity: identity)
            }
        } catch let failure as LoadFailure {
            throw failure
        } catch {
            throw LoadFailure(description: "Cannot read the language catalogues in \(directory): \(error)")
        }
    }

    private init(reading directory: String, pseudo: Bool, identity: String) throws(LoadFailure) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".po") }
        } catch {
            throw LoadFailure(description: "Cannot read the language catalogues in \(directory): \(error.localizedDescription)")
        }
        var languages: [Language] = []
        for name in names {
            let path = directory + "/" + name
            do {
                languages.append(try Language(catalogue: PortableObject(parsing: String(contentsOfFile: path, encoding: .utf8))))
            } catch {
                throw LoadFailure(description: "Catalogue \(path): \(error)")
            }
        }
        self.init(languages + (pseudo ? [Language.pseudo] : []), source: identity + (pseudo ? "+pseudo" : ""))
    }

    /// The one with this tag, nil for none.
    public func named(_ code: String) -> Language? {
        byCode[code.lowercased()]
    }

    /// The browser's first choice this server has, by Accept-Language's weights: "de-AT" finds
    /// German; a region we lack falls back to its language. English when none is had.
    public func preferred(acceptLanguage: String?) -> Language {
        guard let acceptLanguage, all.count > 1 else { return .english }
        return preferences.value(acceptLanguage) { choose(acceptLanguage) }
    }

    private func choose(_ acceptLanguage: String) -> Language {
        var ranges: [(tag: String, weight: Double)] = []
        for part in acceptLanguage.split(separator: ",").prefix(32) {
            let pieces = part.split(separator: ";")
            let tag = pieces.first?.trimmingCharacters(in: .whitespaces) ?? ""
            let weight =
                pieces.dropFirst().lazy.compactMap { piece -> Double? in
                    let pair = piece.split(separator: "=", maxSplits: 1)
                    return pair.count == 2 && pair[0].trimmingCharacters(in: .whitespaces) == "q" ? Double(pair[1]) : nil
                }.first ?? 1
            if !tag.isEmpty, tag != "*", weight > 0 { ranges.append((tag, weight)) }
        }
        for range in ranges.enumerated().sorted(by: { ($0.element.weight, -$0.offset) > ($1.element.weight, -$1.offset) }) {
            if let language = named(range.element.tag) { return language }
            let primary = range.element.tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
            if let language = named(primary) { return language }
        }
        return .english
    }
}
