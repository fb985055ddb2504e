/// How the request being answered reads and writes numbers: the person's energy unit and amount
/// units and their browser's number convention, all task-locals. A database closure runs on GRDB's own thread,
/// where no task-local reaches, so each read and write carries them across (`bound`).
public struct RequestConventions: Sendable, Hashable {
    public let energy: EnergyUnit
    public let amounts: UnitSystem
    public let numbers: NumberConvention

    public init(energy: EnergyUnit, amounts: UnitSystem, numbers: NumberConvention) {
        (self.energy, self.amounts, self.numbers) = (energy, amounts, numbers)
    }

    public static var current: RequestConventions {
        RequestConventions(energy: EnergyUnit.shown, amounts: UnitSystem.shown, numbers: NumberConvention.current)
    }

    /// `body`, run with these conventions wherever it runs.
    public func bound<T>(_ body: () throws -> T) rethrows -> T {
        try EnergyUnit.$shown.withValue(energy) {
            try UnitSystem.$shown.withValue(amounts) { try NumberConvention.$current.withValue(numbers) { try body() } }
        }
    }

    /// `body`, run with these conventions, for asynchronous work.
    public func bound<T>(_ body: () async throws -> T) async rethrows -> T {
        try await EnergyUnit.$shown.withValue(energy) {
            try await UnitSystem.$shown.withValue(amounts) { try await NumberConvention.$current.withValue(numbers) { try await body() } }
        }
    }
}
