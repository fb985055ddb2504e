import Foundation

/// Whose needs a day is read against: a life stage of the US Dietary Reference Intakes. A diary
/// with none set is read against the FDA's Daily Values, the ones food labels use.
public enum LifeStage: String, CaseIterable, Sendable {
    case male14, male19, male31, male51, male71
    case female14, female19, female31, female51, female71
    case pregnant14, pregnant19, pregnant31
    case lactating14, lactating19, lactating31

    public var label: String {
        let ages = ["14": "14–18", "19": "19–30", "31": "31–50", "51": "51–70", "71": tr("over 70")][
            String(rawValue.suffix(2)), default: ""]
        let who =
            switch self {
            case .male14, .male19, .male31, .male51, .male71: tr("Male")
            case .female14, .female19, .female31, .female51, .female71: tr("Female")
            case .pregnant14, .pregnant19, .pregnant31: tr("Pregnant")
            case .lactating14, .lactating19, .lactating31: tr("Breastfeeding")
            }
        return "\(who), \(ages)"
    }

    /// Its column among a table row's values, in the table's order.
    fileprivate var column: Int { Self.allCases.firstIndex(of: self)! }

    /// The adults whose upper limits stand beside the Daily Values, which name none: every
    /// adult's are the same from 31 to 50.
    fileprivate static let besideDailyValues = LifeStage.male31
}

/// How much of a nutrient a day should hold, and where that figure comes from.
public struct NutrientReference: Sendable, Equatable {
    public enum Direction: Sendable, Equatable {
        /// A need: less is short (an RDA, an AI, most Daily Values).
        case atLeast
        /// A ceiling: more is too much (sodium, saturated fat, cholesterol).
        case atMost
        /// A share of a 2,000 kcal diet, neither floor nor ceiling (fat, carbohydrate).
        case about
    }

    public let kind: NutrientKind
    public let amount: Double
    public let direction: Direction
    /// "DV", "RDA", "AI" or "CDRR", as the tables name them.
    public let measure: String
    /// The tolerable upper intake level, when it concerns what foods hold.
    public let upperLimit: Double?
}

/// The FDA Daily Values and the Dietary Reference Intakes, read from `ReferenceIntakes.tsv`, which
/// names its sources.
public enum ReferenceIntakes {
    /// What a day is read against, by nutrient: the life stage's RDA or AI where the DRIs give one,
    /// sodium's CDRR, and the Daily Value for the rest; with no life stage, the Daily Values.
    public static func references(for stage: LifeStage?) -> [NutrientKind: NutrientReference] {
        var references: [NutrientKind: NutrientReference] = [:]
        let lifeStage = stage ?? LifeStage.besideDailyValues
        for (kind, value) in table.dailyValues {
            references[kind] = NutrientReference(
                kind: kind, amount: value.amount, direction: value.direction, measure: "DV",
                upperLimit: table.value(kind, "UL", lifeStage))
        }
        guard let stage else { return references }
        for kind in NutrientKind.allCases {
            let upperLimit = table.value(kind, "UL", stage)
            if let ceiling = table.value(kind, "CDRR", stage) {
                references[kind] = NutrientReference(
                    kind: kind, amount: ceiling, direction: .atMost, measure: "CDRR", upperLimit: upperLimit)
            } else if let need = table.value(kind, "RDA", stage) ?? table.value(kind, "AI", stage) {
                references[kind] = NutrientReference(
                    kind: kind, amount: need, direction: .atLeast,
                    measure: table.value(kind, "RDA", stage) == nil ? "AI" : "RDA", upperLimit: upperLimit)
            }
        }
        return references
    }

    /// One figure of the table as it stands, for the test that checks it against the published one.
    package static func published(_ kind: NutrientKind, _ measure: String, _ stage: LifeStage?) -> Double? {
        guard let stage else { return measure == "DV" ? table.dailyValues[kind]?.amount : nil }
        return table.value(kind, measure, stage)
    }

    private struct Table {
        var rows: [String: [Double]] = [:]
        var dailyValues: [NutrientKind: (amount: Double, direction: NutrientReference.Direction)] = [:]

        func value(_ kind: NutrientKind, _ measure: String, _ stage: LifeStage) -> Double? {
            rows[kind.column + "\t" + measure]?[stage.column]
        }
    }

    private static let table = parse(String(decoding: PackageResources.ReferenceIntakes_tsv, as: UTF8.self))

    private static func parse(_ text: String) -> Table {
        let kinds = Dictionary(uniqueKeysWithValues: NutrientKind.allCases.map { ($0.column, $0) })
        var table = Table()
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count >= 3, let kind = kinds[fields[0]] else { preconditionFailure("ReferenceIntakes.tsv: \(line)") }
            let values = fields[2].split(whereSeparator: { $0 == " " || $0 == "|" }).map { Double($0)! }
            if fields[1] == "DV" {
                let direction: NutrientReference.Direction =
                    switch fields[3] {
                    case "at-most": .atMost
                    case "about": .about
                    default: .atLeast
                    }
                table.dailyValues[kind] = (values[0], direction)
            } else {
                precondition(values.count == LifeStage.allCases.count, "ReferenceIntakes.tsv: \(line)")
                table.rows[fields[0] + "\t" + fields[1]] = values
            }
        }
        return table
    }
}
