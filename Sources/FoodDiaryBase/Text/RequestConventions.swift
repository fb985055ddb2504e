/// How the request being answered reads and writes numbers: the person's energy unit and their
/// browser's number convention, both task-locals. A database closure runs on GRDB's own thread,
/// where no task-local reaches, so each read and write carries them across (`bound`).
public struct RequestConventions: Sendable, Hashable {
    public let energy: EnergyUnit
    public let numbers: NumberConvention

    public static var current: RequestConventions { RequestConventions(energy: EnergyUnit.shown, numbers: NumberConvention.current) }

    /// `body`, run with these conventions wherever it runs.
    public func bound<T>(_ body: () throws -> T) rethrows -> T {
        try EnergyUnit.$shown.withValue(energy) { try NumberConvention.$current.withValue(numbers) { try body() } }
    }
}
