/// The unit a person reads and types energy in. The diary stores kilocalories; labels in Europe
/// and Australia lead with kilojoules, and 1 kcal is 4.184 kJ exactly (the thermochemical
/// calorie, as EU Regulation 1169/2011 and FSANZ convert).
public enum EnergyUnit: String, Sendable, CaseIterable {
    case kcal
    case kJ

    package static let kilojoulesPerKilocalorie = 4.184

    /// The unit of the page or answer being made: the person's choice, set for each request they
    /// send, kcal for everything else (exports, commands, the tests' own reads).
    public static var shown: EnergyUnit { RequestConventions.current.energy }

    package var symbol: String { rawValue }

    package func value(fromKilocalories kcal: Double) -> Double { self == .kcal ? kcal : kcal * Self.kilojoulesPerKilocalorie }

    package func kilocalories(from value: Double) -> Double { self == .kcal ? value : value / Self.kilojoulesPerKilocalorie }
}
