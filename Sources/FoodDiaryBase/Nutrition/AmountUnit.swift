/// A unit an amount of food is written in. The diary stores grams (or millilitres for a drink
/// measured by volume); a person reads and types amounts in their system's unit, and may type
/// the other system's ("4 oz" or "113 g", whichever is on the packet).
package enum AmountUnit: String, CaseIterable, Sendable {
    case grams = "g"
    case kilograms = "kg"
    case ounces = "oz"
    case pounds = "lb"
    case millilitres = "ml"
    case litres = "l"
    case fluidOunces = "fl oz"

    /// The avoirdupois ounce and the US fluid ounce, exactly as defined.
    package static let gramsPerOunce = 28.349_523_125

    /// Grams, or millilitres for a volume, in one of it.
    package var stored: Double {
        switch self {
        case .grams, .millilitres: 1
        case .kilograms, .litres: 1_000
        case .ounces: Self.gramsPerOunce
        case .pounds: 16 * Self.gramsPerOunce
        case .fluidOunces: UnitSystem.millilitresPerFluidOunce
        }
    }

    package var measure: MeasureUnit {
        switch self {
        case .grams, .kilograms, .ounces, .pounds: .grams
        case .millilitres, .litres, .fluidOunces: .millilitres
        }
    }

    package var symbol: String { rawValue }

    /// An API key's name for an amount in this unit.
    package var jsonName: String {
        switch self {
        case .grams: "grams"
        case .kilograms: "kilograms"
        case .ounces: "ounces"
        case .pounds: "pounds"
        case .millilitres: "millilitres"
        case .litres: "litres"
        case .fluidOunces: "fluidOunces"
        }
    }

    /// Which system a person reading this unit uses.
    package var system: UnitSystem {
        switch self {
        case .grams, .kilograms, .millilitres, .litres: .metric
        case .ounces, .pounds, .fluidOunces: .us
        }
    }

    /// What the amount field is called: "Grams", "Fluid ounces".
    package var name: String {
        switch self {
        case .grams: tr("Grams")
        case .kilograms: tr("Kilograms")
        case .ounces: tr("Ounces")
        case .pounds: tr("Pounds")
        case .millilitres: tr("Millilitres")
        case .litres: tr("Litres")
        case .fluidOunces: tr("Fluid ounces")
        }
    }

    /// The unit a person of `system` reads a `measure` in: grams or ounces, ml or fl oz.
    package static func shown(_ measure: MeasureUnit, in system: UnitSystem = .shown) -> AmountUnit {
        switch (measure, system) {
        case (.grams, .metric): .grams
        case (.grams, .us): .ounces
        case (.millilitres, .metric): .millilitres
        case (.millilitres, .us): .fluidOunces
        }
    }

    private static let written: [String: AmountUnit] = [
        "g": .grams, "gr": .grams, "gram": .grams, "grams": .grams, "gramme": .grams, "grammes": .grams,
        "kg": .kilograms, "kilo": .kilograms, "kilos": .kilograms, "kilogram": .kilograms, "kilograms": .kilograms,
        "oz": .ounces, "ounce": .ounces, "ounces": .ounces,
        "lb": .pounds, "lbs": .pounds, "pound": .pounds, "pounds": .pounds,
        "ml": .millilitres, "millilitre": .millilitres, "millilitres": .millilitres, "milliliter": .millilitres,
        "milliliters": .millilitres,
        "l": .litres, "litre": .litres, "litres": .litres, "liter": .litres, "liters": .litres,
        "fl oz": .fluidOunces, "floz": .fluidOunces, "fl. oz": .fluidOunces, "fl.oz": .fluidOunces, "fluid ounce": .fluidOunces,
        "fluid ounces": .fluidOunces
    ]

    package init?(written text: some StringProtocol) {
        guard let unit = Self.written[text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")] else { return nil }
        self = unit
    }
}

extension MeasureUnit {
    /// An amount for the API in the request's units, under keys that name them (`grams` and
    /// `millilitres`, or `ounces` and `fluidOunces`; `prefix` makes `servingOunces`). The key of
    /// the measure the amount is not in is there too, null, so a script always finds both.
    package func shownJSON(_ amount: Double?, prefix: String = "") -> [(key: String, value: Double?)] {
        [MeasureUnit.grams, .millilitres].map { measure in
            let unit = AmountUnit.shown(measure)
            let key = prefix.isEmpty ? unit.jsonName : prefix + unit.jsonName.prefix(1).uppercased() + unit.jsonName.dropFirst()
            return (key, measure == self ? amount.map { $0 / unit.stored } : nil)
        }
    }

    /// "113.4 g" or "4 oz": an amount stored in this unit, in the person's.
    package func shownText(_ amount: Double) -> String {
        let unit = AmountUnit.shown(self)
        return "\(NumberText.decimal(amount / unit.stored, maxFractionDigits: 2, grouping: true)) \(unit.symbol)"
    }
}

/// An amount as typed: a number, in the person's unit unless another is written after it.
package enum TypedAmount {
    package struct Problem: Error, Equatable {
        package let message: String
        init(_ message: String) { self.message = message }
    }

    /// A stored range in `unit`, to two decimals and inside it: "from 0.01 to 176.36 oz".
    package static func bounds(_ range: ClosedRange<Double>, in unit: AmountUnit) -> ClosedRange<Double> {
        ((range.lowerBound / unit.stored * 100).rounded(.up) / 100)...((range.upperBound / unit.stored * 100).rounded(.down) / 100)
    }

    /// Grams (or ml) and the label the diary keeps ("4 oz", "125 g"), or the sentence to show.
    /// `subject` names the amount in messages: "the serving size"; the amount eaten otherwise.
    package static func parse(
        _ text: String, measure: MeasureUnit, range: ClosedRange<Double>,
        subject: String? = nil
    ) -> Result<(stored: Double, label: String), Problem> {
        func what(_ unit: AmountUnit) -> String {
            subject.map { "\($0) in \(unit.name.lowercased())" } ?? "the \(unit.name.lowercased()) \(measure == .grams ? "eaten" : "drunk")"
        }
        let shown = AmountUnit.shown(measure)
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var number = Substring(trimmed), unit = shown
        if let match = trimmed.wholeMatch(of: /(.*?[0-9.,])\s*([A-Za-z][A-Za-z. ]*)/) {
            guard let written = AmountUnit(written: match.output.2) else {
                let units = measure == .grams ? tr("g, kg, oz or lb") : tr("ml, l or fl oz")
                return .failure(
                    Problem(
                        "Enter \(what(shown)) as a number, with \(units) after it for another unit, like \(measure == .grams ? "125 g or 4 oz" : "250 ml or 8 fl oz")."
                    ))
            }
            guard written.measure == measure else {
                return .failure(
                    Problem(
                        measure == .grams
                            ? tr("This food is weighed: write g, kg, oz or lb, not \(written.symbol).")
                            : tr("This drink is measured by volume: write ml, l or fl oz, not \(written.symbol).")))
            }
            (number, unit) = (match.output.1, written)
        }
        let bounds = Self.bounds(range, in: unit)
        switch TypedNumber.parse(String(number), in: bounds) {
        case .success(let value):
            return .success((value * unit.stored, "\(PortionLabel.number(value)) \(unit.symbol)"))
        case .failure(let problem):
            return .failure(Problem(TypedNumber.message(problem, what: what(unit), range: bounds)))
        }
    }

    /// What a form shows for an amount kept as `stored`, so that saving it unchanged keeps it
    /// exactly: a number in the person's unit when it says the amount exactly, else the amount in
    /// whichever unit does ("40 g" in a field that reads ounces).
    package static func prefilled(_ stored: Double, measure: MeasureUnit) -> String {
        let shown = AmountUnit.shown(measure)
        let others = AmountUnit.allCases.filter { $0.measure == measure && $0 != shown }
        for unit in [shown] + others {
            let value = (stored / unit.stored * 100).rounded() / 100
            guard value > 0, value * unit.stored == stored else { continue }
            let number = NumberText.decimal(value, maxFractionDigits: 2, grouping: false)
            return unit == shown ? number : "\(number) \(unit.symbol)"
        }
        return NumberText.decimal(stored / shown.stored, maxFractionDigits: 2, grouping: false)
    }
}
