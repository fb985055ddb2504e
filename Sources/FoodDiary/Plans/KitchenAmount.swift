import FoodDiaryBase
import Foundation

/// How much of a food to buy, as a kitchen says it: "3 onions", "1 dozen eggs", "2 cans", else a
/// weight or a volume in the person's units, rounded as a shop sells it.
struct KitchenAmount: Sendable, Equatable {
    /// What to buy: "3 onions".
    let text: String
    /// What the plan needs, where `text` counts something else: "330 g".
    let needed: String?

    /// `grams` of a food named `description` (its catalog description or the name typed), in
    /// `unit` (ml for a drink measured by volume).
    init(grams: Double, description: String, unit: MeasureUnit, system: UnitSystem = .shown) {
        let weight = Self.measure(grams, unit: unit, system: system)
        let lowered = description.lowercased()
        if lowered.contains("canned") {
            let cans = Self.count(grams / Self.canGrams)
            text = tr(one: "\(cans) can", other: "\(cans) cans", count: cans)
            needed = weight
        } else if let counted = Self.units.first(where: { $0.forms.contains(Self.firstPart(lowered)) }) {
            let count = Self.count(grams / counted.grams)
            if counted.byDozen && count > 6 {
                let dozens = (Double(count) / 6).rounded(.up) / 2
                let shown = NumberText.decimal(dozens, maxFractionDigits: 1, grouping: false)
                text = tr(one: "\(shown) dozen \(counted.plural)", other: "\(shown) dozen \(counted.plural)", count: dozens == 1 ? 1 : 2)
                needed = "\(count) \(counted.plural)"
            } else {
                text = count == 1 ? "1 \(counted.singular)" : "\(count) \(counted.plural)"
                needed = weight
            }
        } else {
            text = weight
            needed = nil
        }
    }

    /// A 400 g can, as tinned tomatoes and beans are sold (KitchenUnits.tsv).
    static let canGrams = 400.0

    /// Whole ones to buy: a tenth over is rounding, not another onion.
    private static func count(_ exact: Double) -> Int { max(1, Int((exact - 0.1).rounded(.up))) }

    private static func firstPart(_ description: String) -> String {
        String(description.prefix { $0 != "," }).trimmingCharacters(in: .whitespaces)
    }

    /// A weight or volume rounded as a recipe reads it: "250 g", "1.2 kg", "6.5 oz", "1.5 lb",
    /// "400 ml", "1¾ cups".
    static func measure(_ amount: Double, unit: MeasureUnit, system: UnitSystem) -> String {
        switch (unit, system) {
        case (.grams, .metric):
            amount >= 1000 ? "\(decimal(amount / 1000, 1)) kg" : "\(decimal(roundedGrams(amount), 0)) g"
        case (.millilitres, .metric):
            amount >= 1000 ? "\(decimal(amount / 1000, 1)) l" : "\(decimal(roundedGrams(amount), 0)) ml"
        case (.grams, .us):
            amount >= pound ? "\(decimal(amount / pound, 1)) lb" : "\(decimal(max(0.5, (amount / ounce * 2).rounded() / 2), 1)) oz"
        case (.millilitres, .us):
            amount >= cup / 4
                ? tr(one: "\(quarters(amount / cup)) cup", other: "\(quarters(amount / cup)) cups", count: amount / cup <= 1.125 ? 1 : 2)
                : "\(decimal(max(1, (amount / tablespoon).rounded()), 0)) tbsp"
        }
    }

    private static let ounce = 28.349_523_125, pound = 453.592_37, cup = 236.588_236_5, tablespoon = 14.786_764_781_25

    /// To 1 g below 10, 5 g below 100, else 10 g: a shop sells no 283 g.
    private static func roundedGrams(_ grams: Double) -> Double {
        let step: Double = grams < 10 ? 1 : grams < 100 ? 5 : 10
        return max(1, (grams / step).rounded() * step)
    }

    private static func decimal(_ value: Double, _ digits: Int) -> String {
        NumberText.decimal(value, maxFractionDigits: digits, grouping: true)
    }

    /// To the quarter cup, as "1¾".
    private static func quarters(_ cups: Double) -> String {
        let quarters = max(1, Int((cups * 4).rounded()))
        let whole = quarters / 4, fraction = ["", "¼", "½", "¾"][quarters % 4]
        return whole == 0 ? fraction : "\(whole)\(fraction)"
    }

    private struct Counted {
        let forms: Set<String>
        /// The unit and its plural by language code; English for any other.
        let names: [String: (one: String, other: String)]
        let grams: Double
        let byDozen: Bool

        var singular: String { (names[RequestConventions.current.language.code] ?? names["en"]!).one }
        var plural: String { (names[RequestConventions.current.language.code] ?? names["en"]!).other }
    }

    private static let units: [Counted] = String(decoding: PackageResources.KitchenUnits_tsv, as: UTF8.self)
        .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 9, let grams = Double(fields[3]) else { preconditionFailure("KitchenUnits.tsv: \(line)") }
            return Counted(
                forms: Set(fields[0].split(separator: ",").map(String.init)),
                names: ["en": (fields[1], fields[2]), "de": (fields[5], fields[6]), "es": (fields[7], fields[8])], grams: grams,
                byDozen: fields[4] == "dozen")
        }
}
