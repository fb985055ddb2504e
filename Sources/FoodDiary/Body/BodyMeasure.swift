import FoodDiaryBase
import Foundation

/// Something about the body a person tracks: weight, a girth, body fat, or one of their own.
public struct BodyMeasure: Sendable, Equatable {
    /// What the diary stores a measure's values in; the person may read them in other units.
    public enum Unit: String, Sendable, CaseIterable {
        case kilograms = "kg", centimetres = "cm", percent

        /// The unit a person reads and types values in.
        func shownUnit(_ units: UnitSystem) -> String {
            switch self {
            case .kilograms: units.weightUnit
            case .centimetres: units.lengthUnit
            case .percent: "%"
            }
        }

        func shown(_ stored: Double, in units: UnitSystem) -> Double {
            switch self {
            case .kilograms: units.weight(fromKilograms: stored)
            case .centimetres: units.length(fromCentimetres: stored)
            case .percent: stored
            }
        }

        func stored(_ typed: Double, in units: UnitSystem) -> Double {
            switch self {
            case .kilograms: units.kilograms(fromWeight: typed)
            case .centimetres: units.centimetres(fromLength: typed)
            case .percent: typed
            }
        }

        /// The API's name for the unit its values come in, the request's: `kg`, `cm`, `percent`, or `lb`, `in`.
        var jsonName: String { self == .percent ? rawValue : shownUnit(.shown) }

        /// "72.4 kg", "31.9 in", "21.5 %".
        func text(_ stored: Double, in units: UnitSystem) -> String {
            "\(NumberText.decimal(shown(stored, in: units), maxFractionDigits: 1, grouping: true)) \(shownUnit(units))"
        }

        /// What may be stored, however it arrives (typed, imported, restored from an export).
        var storedRange: ClosedRange<Double> { typedRange(.metric) }

        /// What may be typed, in the shown unit: a slipped digit is caught, any real body fits.
        func typedRange(_ units: UnitSystem) -> ClosedRange<Double> {
            switch self {
            case .kilograms: units == .metric ? 1...500 : 2...1_100
            case .centimetres: units == .metric ? 1...300 : 0.5...120
            case .percent: 1...75
            }
        }
    }

    public static let weightKey = "weight"
    public static let maxNameLength = 40

    public let id: Int64
    public let key: String
    public let name: String
    public let unit: Unit
    public let isShown: Bool

    public var isWeight: Bool { key == Self.weightKey }
    var url: String { "/body/\(key)" }
}

/// One reading of a measure, at the wall-clock time it was taken.
public struct BodyMeasurement: Sendable, Equatable {
    public let id: Int64
    public let measureID: Int64
    /// In the measure's stored unit.
    public let value: Double
    public let takenAt: LocalDateTime
    public let utcOffsetMinutes: Int
}

/// A glass of water, drunk as water.
public struct WaterDrink: Sendable, Equatable {
    /// What one drink may be, however it arrives: a slipped digit is caught, any glass fits.
    static let millilitresAtOnce = 1.0...2_000

    public let id: Int64
    public let millilitres: Double
    public let drunkAt: LocalDateTime
    public let utcOffsetMinutes: Int
}
