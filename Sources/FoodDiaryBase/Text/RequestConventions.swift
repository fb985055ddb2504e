/// How the request being answered reads and writes: the person's language, energy unit and amount
/// units, and their browser's number and clock conventions, in one task-local: one lookup per
/// number or message a page writes, one binding per database closure. A database closure runs on GRDB's own
/// thread, where no task-local reaches, so each read and write carries it across (`bound`).
public struct RequestConventions: Sendable, Hashable {
    public let energy: EnergyUnit
    public let amounts: UnitSystem
    public let numbers: NumberConvention
    public let clock: ClockConvention
    public let language: Language

    public init(
        energy: EnergyUnit, amounts: UnitSystem, numbers: NumberConvention, clock: ClockConvention, language: Language = .english
    ) {
        (self.energy, self.amounts, self.numbers, self.clock, self.language) = (energy, amounts, numbers, clock, language)
    }

    /// As the diary stores and files carry values: kcal, grams, a decimal point, a 24-hour clock,
    /// English.
    public static let stored = RequestConventions(energy: .kcal, amounts: .metric, numbers: .decimalPoint, clock: .dayFirst24Hour)

    /// The request's; `stored` outside one.
    @TaskLocal public static var current = stored

    /// The browser's, from its Accept-Language, with the stored units until the person's are known.
    public init(acceptLanguage: String?, language: Language = .english) {
        self.init(
            energy: .kcal, amounts: .metric, numbers: NumberConvention(acceptLanguage: acceptLanguage),
            clock: ClockConvention(acceptLanguage: acceptLanguage), language: language)
    }

    /// These, with the person's units.
    public func with(energy: EnergyUnit, amounts: UnitSystem) -> RequestConventions {
        RequestConventions(energy: energy, amounts: amounts, numbers: numbers, clock: clock, language: language)
    }

    /// These, in the language the person chose. Numbers and times stay the browser's where it
    /// reads that language first (its region may say more: de-CH writes a decimal point), and
    /// are the chosen language's where the browser reads another.
    public func speaking(_ chosen: Language, acceptLanguage: String?) -> RequestConventions {
        guard chosen != language else { return self }
        let first = (acceptLanguage ?? "").split(separator: ",").first.map { $0.split(separator: ";")[0] } ?? ""
        let source = Self.primary(String(first)) == Self.primary(chosen.code) ? acceptLanguage : chosen.code
        return RequestConventions(
            energy: energy, amounts: amounts, numbers: NumberConvention(acceptLanguage: source),
            clock: ClockConvention(acceptLanguage: source), language: chosen)
    }

    private static func primary(_ tag: String) -> String {
        tag.trimmingCharacters(in: .whitespaces).lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
    }

    /// The same units and language, with numbers and times as scripts read them: for the API.
    public var forScripts: RequestConventions {
        RequestConventions(energy: energy, amounts: amounts, numbers: .decimalPoint, clock: .dayFirst24Hour, language: language)
    }

    /// `body`, run with these conventions wherever it runs.
    public func bound<T>(_ body: () throws -> T) rethrows -> T {
        try Self.$current.withValue(self) { try body() }
    }

    /// `body`, run with these conventions, for asynchronous work.
    public func bound<T>(_ body: () async throws -> T) async rethrows -> T {
        try await Self.$current.withValue(self) { try await body() }
    }
}
