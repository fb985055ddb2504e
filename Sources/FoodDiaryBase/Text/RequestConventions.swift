/// How the request being answered reads and writes numbers: the person's energy unit and amount
/// units, and their browser's number and clock conventions, in one task-local: one lookup per
/// number a page writes, one binding per database closure. A database closure runs on GRDB's own
/// thread, where no task-local reaches, so each read and write carries it across (`bound`).
public struct RequestConventions: Sendable, Hashable {
    public let energy: EnergyUnit
    public let amounts: UnitSystem
    public let numbers: NumberConvention
    public let clock: ClockConvention

    public init(energy: EnergyUnit, amounts: UnitSystem, numbers: NumberConvention, clock: ClockConvention) {
        (self.energy, self.amounts, self.numbers, self.clock) = (energy, amounts, numbers, clock)
    }

    /// As the diary stores and files carry values: kcal, grams, a decimal point, a 24-hour clock.
    public static let stored = RequestConventions(energy: .kcal, amounts: .metric, numbers: .decimalPoint, clock: .dayFirst24Hour)

    /// The request's; `stored` outside one.
    @TaskLocal public static var current = stored

    /// The browser's, from its Accept-Language, with the stored units until the person's are known.
    public init(acceptLanguage: String?) {
        self.init(
            energy: .kcal, amounts: .metric, numbers: NumberConvention(acceptLanguage: acceptLanguage),
            clock: ClockConvention(acceptLanguage: acceptLanguage))
    }

    /// These, with the person's units.
    public func with(energy: EnergyUnit, amounts: UnitSystem) -> RequestConventions {
        RequestConventions(energy: energy, amounts: amounts, numbers: numbers, clock: clock)
    }

    /// The same units, with numbers and times as scripts read them: for the API.
    public var forScripts: RequestConventions {
        RequestConventions(energy: energy, amounts: amounts, numbers: .decimalPoint, clock: .dayFirst24Hour)
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
