import Foundation

/// How the person's browser language writes numbers, for reading what they type: in German,
/// French, Spanish and most of Europe "1.500" is fifteen hundred and "1,5" one and a half.
public enum NumberConvention: Sendable, Equatable {
    /// 1,500.5 — English, Chinese, Japanese, Korean, Hebrew, Hindi, Thai, and Swiss German.
    case decimalPoint
    /// 1.500,5 — the languages that write a decimal comma.
    case decimalComma

    /// The request's convention, set from its Accept-Language for the request's duration.
    public static var current: NumberConvention { RequestConventions.current.numbers }

    private static let commaLanguages: Set<String> = [
        "af", "az", "be", "bg", "bs", "ca", "cs", "da", "de", "el", "es", "et", "eu", "fi", "fo", "fr", "gl", "hr", "hu", "hy", "id",
        "is", "it", "ka", "kk", "lt", "lv", "mk", "nb", "nl", "nn", "no", "pl", "pt", "ro", "ru", "sk", "sl", "sq", "sr", "sv", "tr",
        "uk", "uz", "vi"
    ]
    /// Regions where those languages write a decimal point.
    private static let pointRegions: Set<String> = ["ch", "li", "mx", "pr", "us", "gt", "do", "hn", "ni", "pa", "sv"]

    /// The first language of an Accept-Language header decides: "de-DE,de;q=0.9,en;q=0.8" → comma.
    public init(acceptLanguage: String?) {
        let first = (acceptLanguage ?? "").split(separator: ",").first.map { $0.split(separator: ";")[0] } ?? ""
        let parts = first.trimmingCharacters(in: .whitespaces).lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(
            String.init)
        guard let language = parts.first, Self.commaLanguages.contains(language) else { self = .decimalPoint; return }
        let region = parts.dropFirst().first { $0.count == 2 }
        self = region.map { Self.pointRegions.contains($0) } == true ? .decimalPoint : .decimalComma
    }
}
