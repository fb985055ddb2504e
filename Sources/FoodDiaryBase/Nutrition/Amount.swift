import Foundation

/// Numbers as people type them into a form: digits with an optional decimal point, and commas
/// between thousands as the diary itself writes them ("2,000"), so a number copied from a page
/// reads back. Nothing else: "1e308", "NaN", "-5", "0x10", "12abc" and "1,5" (a decimal comma or a
/// mistyped thousand?) are refused rather than guessed at.
package enum TypedNumber {
    package enum Problem: Error, Equatable {
        case missing
        case notANumber
        case outOfRange(ClosedRange<Double>)
    }

    package static func parse(_ text: String?, in range: ClosedRange<Double>, convention: NumberConvention = .current) -> Result<
        Double, Problem
    > {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .failure(.missing) }
        let digits = plainDigits(trimmed, convention: convention)
        guard trimmed.count <= 16, digits.count <= 12, isDecimal(digits), let value = Double(digits) else {
            return .failure(.notANumber)
        }
        guard range.contains(value) else { return .failure(.outOfRange(range)) }
        return .success(value)
    }

    /// `text` with its digit grouping dropped and a decimal comma made a point. Whatever the
    /// language, "2,000" is read as the diary writes it (two thousand), "1 500" and "1'500" as
    /// fifteen hundred, "12,5" and "1.500,5" with a decimal comma; only "1.500" depends on it.
    package static func plainDigits(_ text: String, convention: NumberConvention) -> String {
        // Digits with at most one point, as the diary writes its own amounts, are read as they
        // are; only a decimal comma's convention reads "1.500" otherwise. (Five regular
        // expressions for each amount took 40 % of the ＋ page's time.)
        if isDecimal(text) && (convention != .decimalComma || !text.contains(".")) { return text }
        var text = text
        if text.wholeMatch(of: /[0-9]{1,3}([ \u{00A0}\u{202F}'’][0-9]{3})+([.,][0-9]+)?/) != nil {
            text.removeAll { " \u{00A0}\u{202F}'’".contains($0) }
        }
        if text.wholeMatch(of: /[0-9]{1,3}(,[0-9]{3})+(\.[0-9]*)?/) != nil {
            return text.replacingOccurrences(of: ",", with: "")
        }
        if text.wholeMatch(of: /[0-9]{1,3}(\.[0-9]{3})+,[0-9]+/) != nil || text.wholeMatch(of: /[0-9]{1,3}(\.[0-9]{3}){2,}/) != nil
            || (convention == .decimalComma && text.wholeMatch(of: /[0-9]{1,3}\.[0-9]{3}/) != nil)
        {
            return text.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")
        }
        if text.wholeMatch(of: /[0-9]+,[0-9]+/) != nil {
            return text.replacingOccurrences(of: ",", with: ".")
        }
        return text
    }

    /// "12", "12.", "12.5" or ".5": ASCII digits with at most one point.
    private static func isDecimal(_ text: String) -> Bool {
        var points = 0, digits = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): points += 1
            default: return false
            }
        }
        return digits > 0 && points <= 1
    }

    /// The sentence shown beside a field, e.g. "Enter a number from 0.1 to 5,000, like 125 or 37.5."
    package static func message(_ problem: Problem, what: String, range: ClosedRange<Double>) -> String {
        let (low, high) = (formatQuantity(range.lowerBound), NumberText.decimal(range.upperBound, maxFractionDigits: 2, grouping: true))
        let bounds = tr("from \(low) to \(high)")
        switch problem {
        case .missing: return tr("Enter \(what).")
        case .notANumber: return tr("Enter \(what) as a plain number \(bounds), like 125 or 37.5.")
        case .outOfRange: return tr("Enter \(what) \(bounds).")
        }
    }
}

/// What an amount of a food is measured in. Foods are weighed, except a drink whose label gives
/// its serving as a volume: with no density known, its amounts stay in millilitres.
public enum MeasureUnit: String, Sendable, Codable {
    case grams = "g"
    case millilitres = "ml"

    /// A label's serving unit, GS1 codes included ("GRM", "MLT").
    package init?(labelUnit: String) {
        switch labelUnit.lowercased() {
        case "g", "grm", "gram", "grams": self = .grams
        case "ml", "mlt", "millilitre", "milliliter", "millilitres", "milliliters": self = .millilitres
        default: return nil
        }
    }

    package var symbol: String { rawValue }

    /// An amount as the weight or the volume it is, for files and APIs that name the unit in the
    /// field: a drink measured in ml has no weight to report.
    package func split(_ amount: Double?) -> (grams: Double?, millilitres: Double?) {
        self == .grams ? (amount, nil) : (nil, amount)
    }
}

/// A household measure a food can be counted in: a USDA portion ("1 cup = 160 g") or a label serving.
public struct Portion: Sendable, Hashable {
    public let key: String
    public let label: String
    public let grams: Double

    package init(key: String, label: String, grams: Double) {
        self.key = key
        self.label = label
        self.grams = grams
    }

    /// The measure people log a food by, for an amount page's first choice: a slice, a medium
    /// fruit, a serving, a can before a cup of crumbs, and any of them before an ounce or a fluid
    /// ounce. USDA often lists the weights first: toast opened on "1 oz" and red wine on "1 fl oz"
    /// (25 kcal). Among equals the plainest label wins ("1 slice" over "1 slice, large"), then
    /// USDA's order.
    package static func everyday(in portions: [Portion]) -> Portion? {
        let orders = portions.indices.map { portions[$0].everydayOrder($0) }
        return orders.indices.min { orders[$0] < orders[$1] }.map { portions[$0] }
    }

    /// Whole things people count.
    private static let items: Set<String> = [
        "slice", "slices", "piece", "pieces", "medium", "egg", "can", "bottle", "glass", "serving", "bar", "cookie", "container",
        "packet", "package", "fruit", "item", "roll", "bun", "muffin", "bagel", "patty", "fillet", "breast", "thigh", "drumstick",
        "wing", "link", "sausage", "stalk", "clove", "wedge", "scoop", "pat", "stick", "each", "whole", "bowl", "portion"
    ]
    /// A whole thing in another size than medium: an egg is "1 large", never "1 tbsp".
    private static let sizes: Set<String> = ["small", "large", "jumbo"]
    private static let weights: Set<String> = ["oz", "fl", "lb", "lbs", "g", "kg", "ml", "l"]

    /// Whole things first (medium before other sizes), then other household measures (cups,
    /// spoons), then bare weights and volumes; then fewer words; then USDA's order.
    private func everydayOrder(_ index: Int) -> (Int, Int, Int) {
        // What a parenthesis adds ("medium (7\" to 7-7/8\" long)") describes the measure, not another one.
        var words: [String] = []
        for word in Words.letterRuns(Words.outsideBrackets(label)) where !words.contains(word) { words.append(word) }
        let rank =
            words.contains(where: Self.items.contains)
            ? 0
            : words.contains(where: Self.sizes.contains)
                ? 1
                : !words.isEmpty && words.allSatisfy(Self.weights.contains) ? 3 : 2
        return (rank, words.count, index)
    }
}

/// How much was eaten, chosen from the presets, a counted portion or grams typed; the only way an
/// amount gets into the diary.
public struct ChosenAmount: Sendable, Equatable {
    /// The weights offered as one tap, on a food's page and when adding it to a meal: grams, or
    /// ounces for a person who reads US units (fluid ounces for a drink measured by volume).
    public static let presetGrams: [Double] = [25, 50, 100, 125, 250, 500]
    static let presetOunces: [Double] = [1, 2, 4, 6, 8, 16]
    static let presetFluidOunces: [Double] = [2, 4, 8, 12, 16, 20]

    /// One tap's amount: its form key, what it stores and its label.
    package struct Preset: Sendable, Equatable {
        package let key: String
        package let stored: Double
        package let label: String
    }

    /// The presets a person sees for a food measured in `unit`.
    package static func presets(_ unit: MeasureUnit, in system: UnitSystem = .shown) -> [Preset] {
        switch AmountUnit.shown(unit, in: system) {
        case .ounces: presetOunces.map { Preset(key: "oz\(Int($0))", stored: $0 * AmountUnit.ounces.stored, label: "\(Int($0)) oz") }
        case .fluidOunces:
            presetFluidOunces.map { Preset(key: "floz\(Int($0))", stored: $0 * AmountUnit.fluidOunces.stored, label: "\(Int($0)) fl oz") }
        default: presetGrams.map { Preset(key: presetKey($0), stored: $0, label: "\(Int($0)) \(unit.symbol)") }
        }
    }

    /// A preset of either system: a form made before the person switched still reads.
    package static func preset(_ key: String, unit: MeasureUnit) -> Preset? {
        UnitSystem.allCases.lazy.compactMap { presets(unit, in: $0).first { $0.key == key } }.first
    }

    /// The preset a page opens on when a food has no everyday measure: `metric` grams, else 4 oz
    /// (8 fl oz) for a person who reads US units.
    package static func usualPresetKey(_ unit: MeasureUnit, metric: Double) -> String {
        UnitSystem.shown == .metric ? presetKey(metric) : presets(unit)[2].key
    }
    public static let gramsRange: ClosedRange<Double> = 0.1...5000
    public static let countRange: ClosedRange<Double> = 0.1...100

    public let grams: Double
    /// What the person chose, as the diary shows it: "125 g", "2 × 1 cup (320 g)".
    public let label: String

    package init(grams: Double, label: String) {
        self.grams = grams
        self.label = label
    }

    /// The label as the person reads it, in their units and numbers.
    package var shownLabel: String { PortionLabel.shown(label) }

    /// The raw choice as a form carries it: `amount` is `g125`, a portion key, or `grams`.
    public struct Form: Sendable, Equatable {
        public var choice: String
        public var count: String
        public var grams: String

        public init(choice: String = "", count: String = "1", grams: String = "") {
            self.choice = choice
            self.count = count
            self.grams = grams
        }
    }

    public struct Errors: Error, Equatable {
        public var choice: String?
        public var count: String?
        public var grams: String?

        package init(choice: String? = nil, count: String? = nil, grams: String? = nil) {
            self.choice = choice
            self.count = count
            self.grams = grams
        }

        package var isEmpty: Bool { choice == nil && count == nil && grams == nil }
    }

    package static func presetKey(_ grams: Double) -> String { "g\(Int(grams))" }

    /// What one tap adds when the person has never logged the food: one of its everyday measure
    /// (a slice, a medium fruit, a can), else 100 g or ml (4 oz, 8 fl oz).
    public static func everyday(portions: [Portion], unit: MeasureUnit = .grams) -> ChosenAmount {
        // One of the food's measures is counted once, as the form would count it, without the form
        // reading a "1": the quick-log page works one out for every food it lists.
        let amount =
            Portion.everyday(in: portions).map { counted(1, of: $0, unit: unit) }
            ?? validate(Form(choice: usualPresetKey(unit, metric: 100)), portions: portions, unit: unit)
        guard case .success(let amount) = amount else { return ChosenAmount(grams: 100, label: "100 \(unit.symbol)") }
        return amount
    }

    /// `unit`: what the amount is in; a drink labelled by volume is counted in ml, never as grams.
    public static func validate(_ form: Form, portions: [Portion], unit: MeasureUnit = .grams) -> Result<ChosenAmount, Errors> {
        var errors = Errors()
        if let preset = preset(form.choice, unit: unit) {
            return .success(ChosenAmount(grams: preset.stored, label: preset.label))
        }
        if form.choice == "grams" {
            switch TypedAmount.parse(form.grams, measure: unit, range: gramsRange) {
            case .success(let typed): return .success(ChosenAmount(grams: typed.stored, label: typed.label))
            case .failure(let problem): errors.grams = problem.message
            }
            return .failure(errors)
        }
        guard let portion = portions.first(where: { $0.key == form.choice }) else {
            errors.choice = form.choice.isEmpty ? tr("Choose how much you had.") : tr("That amount is not one of this food’s choices.")
            return .failure(errors)
        }
        switch TypedNumber.parse(form.count, in: countRange) {
        case .failure(let problem):
            errors.count = TypedNumber.message(problem, what: tr("how many"), range: countRange)
            return .failure(errors)
        case .success(let count):
            return counted(count, of: portion, unit: unit)
        }
    }

    /// `count` of `portion`, within what one entry can hold.
    package static func counted(_ count: Double, of portion: Portion, unit: MeasureUnit) -> Result<ChosenAmount, Errors> {
        let grams = count * portion.grams
        guard grams <= gramsRange.upperBound else {
            return .failure(
                Errors(
                    count:
                        tr(
                            "\(formatQuantity(count)) × \(portion.label) is \(unit.shownText(grams)), more than the \(unit.shownText(gramsRange.upperBound)) one entry can hold."
                        )
                ))
        }
        let countText = count == 1 ? "" : "\(PortionLabel.number(count)) × "
        return .success(ChosenAmount(grams: grams, label: "\(countText)\(portion.label) (\(PortionLabel.amount(grams, unit)))"))
    }
}
