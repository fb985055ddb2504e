import Foundation

/// How the person's browser language writes times and dates: "13:05" or "1:05 PM"; "Monday 9
/// March 2026" or "Monday, March 9, 2026". Times are stored on a 24-hour clock whatever it says.
public struct ClockConvention: Sendable, Hashable {
    public let twelveHour: Bool
    public let monthFirst: Bool

    public static let dayFirst24Hour = ClockConvention(twelveHour: false, monthFirst: false)

    /// The request's, set from its Accept-Language for the request's duration.
    public static var current: ClockConvention { RequestConventions.current.clock }

    public init(twelveHour: Bool, monthFirst: Bool) {
        (self.twelveHour, self.monthFirst) = (twelveHour, monthFirst)
    }

    /// English where a 12-hour clock is usual; the US and the Philippines put the month first.
    private static let twelveHourEnglish: Set<String> = ["us", "ca", "au", "nz", "in", "ph"]
    private static let monthFirstEnglish: Set<String> = ["us", "ph"]

    /// The first language of an Accept-Language header decides: "en-US,en;q=0.9" → 1:05 PM, March 9.
    public init(acceptLanguage: String?) {
        let first = (acceptLanguage ?? "").split(separator: ",").first.map { $0.split(separator: ";")[0] } ?? ""
        let parts = first.trimmingCharacters(in: .whitespaces).lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(
            String.init)
        guard parts.first == "en", let region = parts.dropFirst().first(where: { $0.count == 2 }) else { self = .dayFirst24Hour; return }
        self.init(twelveHour: Self.twelveHourEnglish.contains(region), monthFirst: Self.monthFirstEnglish.contains(region))
    }
}
