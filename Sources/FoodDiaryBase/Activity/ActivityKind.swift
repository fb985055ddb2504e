/// An activity from the Compendium of Physical Activities (`Activities.tsv`), with its intensity.
public struct ActivityKind: Sendable, Equatable {
    public let key: String
    public let group: String
    public let name: String
    /// Times the energy of sitting quietly.
    public let met: Double
    /// The Compendium's own description, which the exports keep beside the name.
    public let compendium: String

    /// Every activity, in the file's order: by group, the everyday ones first.
    public static let all: [ActivityKind] = parse(String(decoding: PackageResources.Activities_tsv, as: UTF8.self))
    private static let byKey = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })

    public static func named(_ key: String) -> ActivityKind? { byKey[key] }

    /// The energy an activity burns above what the body burns at rest over the same time: the
    /// Compendium's MET less the one MET of sitting still, at 1 kcal per kilogram an hour. The rest is
    /// already in what a body burns a day (the energy estimate and any goal from it), so counting
    /// the gross figure would count the resting part twice.
    public static func activeKcal(met: Double, kilograms: Double, minutes: Double) -> Double {
        max(0, met - 1) * kilograms * minutes / 60
    }

    static func parse(_ text: String) -> [ActivityKind] {
        text.split(separator: "\n").drop(while: { $0.hasPrefix("#") }).dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let met = Double(fields[3]), met >= 1, met < 25 else { preconditionFailure("Activities.tsv: \(line)") }
            return ActivityKind(key: fields[0], group: fields[1], name: fields[2], met: met, compendium: fields[4])
        }
    }
}
