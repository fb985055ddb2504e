/// The units a person reads their body and their food amounts in: weights, lengths and drinks.
/// The diary stores one unit of each (kg, cm, g, ml); these convert only for showing and reading
/// what was typed.
public enum UnitSystem: String, Sendable, CaseIterable {
    /// kg, cm, ml.
    case metric
    /// lb, in, US fl oz.
    case us

    /// The person's, for the request being answered (`RequestConventions`); metric elsewhere.
    public static var shown: UnitSystem { RequestConventions.current.amounts }

    package static let poundsPerKilogram = 1 / 0.453_592_37
    package static let inchesPerCentimetre = 1 / 2.54
    package static let millilitresPerFluidOunce = 29.573_529_562_5

    package var weightUnit: String { self == .metric ? "kg" : "lb" }
    package var lengthUnit: String { self == .metric ? "cm" : "in" }
    package var drinkUnit: String { self == .metric ? "ml" : "fl oz" }

    package func weight(fromKilograms kg: Double) -> Double { self == .metric ? kg : kg * Self.poundsPerKilogram }
    package func kilograms(fromWeight value: Double) -> Double { self == .metric ? value : value / Self.poundsPerKilogram }
    package func length(fromCentimetres cm: Double) -> Double { self == .metric ? cm : cm * Self.inchesPerCentimetre }
    package func centimetres(fromLength value: Double) -> Double { self == .metric ? value : value / Self.inchesPerCentimetre }
    package func drink(fromMillilitres ml: Double) -> Double { self == .metric ? ml : ml / Self.millilitresPerFluidOunce }
    package func millilitres(fromDrink value: Double) -> Double { self == .metric ? value : value * Self.millilitresPerFluidOunce }

    /// "72.4 kg", "159.6 lb": a tenth is finer than any bathroom scale.
    package func weightText(kilograms kg: Double) -> String {
        "\(NumberText.decimal(weight(fromKilograms: kg), maxFractionDigits: 1, grouping: true)) \(weightUnit)"
    }

    /// "-0.4 kg a week", "+0.9 lb a week", "steady": a rate of change in the person's units.
    package func weeklyRateText(kilograms kg: Double) -> String {
        let value = weight(fromKilograms: kg)
        let shown = NumberText.decimal(abs(value), maxFractionDigits: value.magnitude < 0.1 ? 2 : 1, grouping: false)
        guard shown != "0" else { return "steady" }
        return "\(value < 0 ? "−" : "+")\(shown) \(weightUnit) a week"
    }

    /// "81 cm", "31.9 in".
    package func lengthText(centimetres cm: Double) -> String {
        "\(NumberText.decimal(length(fromCentimetres: cm), maxFractionDigits: 1, grouping: true)) \(lengthUnit)"
    }

    /// "1,750 ml", "59 fl oz": whole units, as a glass is poured.
    package func drinkText(millilitres ml: Double) -> String {
        "\(NumberText.decimal(drink(fromMillilitres: ml), maxFractionDigits: 0, grouping: true)) \(drinkUnit)"
    }
}
