import FoodDiaryBase
import Foundation
import GRDB

/// Something about the body a person tracks: weight, a girth, body fat, or one of their own.
public struct BodyMeasure: Sendable, Equatable, Decodable, FetchableRecord, TableRecord {
    /// What the diary stores a measure's values in; the person may read them in other units.
    public enum Unit: String, Sendable, CaseIterable, Decodable {
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
            tr("\(NumberText.decimal(shown(stored, in: units), maxFractionDigits: 1, grouping: true)) \(shownUnit(units))")
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

    public static let databaseTableName = "body_measure"
    public static var databaseSelection: [any SQLSelectable] { [Columns.id, Columns.key, Columns.name, Columns.unit, Columns.isShown] }

    public enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, key, name, unit, isShown = "is_shown"
    }

    public typealias Columns = CodingKeys
    /// Where it stands among the measures: the built-in ones first, then the person's in the order added.
    static let position = Column("position")

    public var isWeight: Bool { key == Self.weightKey }

    /// Its name in the request's language while it is the one the diary was made with; a name the
    /// person wrote (their own measure, or a built-in one renamed) is theirs, shown as written.
    public var shownName: String { isBuiltInName ? tr(known: name, context: "body measure") : name }

    /// Its name inside a sentence: "Enter waist in cm"; "Taille" keeps its capital.
    var shownNameInSentence: String { isBuiltInName ? tr(known: name.lowercased(), context: "body measure, in a sentence") : name }

    private var isBuiltInName: Bool { Self.builtInNames[key]?.contains(name) == true }

    /// The names `trackBodyAndWater` gave the built-in measures, by key, as a name and in a sentence.
    private static let builtInNames = [
        "weight": [marked("Weight", context: "body measure"), marked("weight", context: "body measure, in a sentence")],
        "waist": [marked("Waist", context: "body measure"), marked("waist", context: "body measure, in a sentence")],
        "hips": [marked("Hips", context: "body measure"), marked("hips", context: "body measure, in a sentence")],
        "chest": [marked("Chest", context: "body measure"), marked("chest", context: "body measure, in a sentence")],
        "neck": [marked("Neck", context: "body measure"), marked("neck", context: "body measure, in a sentence")],
        "body_fat": [marked("Body fat", context: "body measure"), marked("body fat", context: "body measure, in a sentence")]
    ]

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

/// A measure of the person's own as it is made: its id comes from SQLite.
struct NewBodyMeasureRow: Encodable, PersistableRecord {
    static let databaseTableName = "body_measure"

    let key: String
    let name: String
    let unit: String
    let isShown: Bool
    let position: Int

    enum CodingKeys: String, CodingKey {
        case key, name, unit, position, isShown = "is_shown"
    }
}

/// The readings' and drinks' tables, for taking one away. They are read and added by position
/// through cached statements: the day page reads the water, an import adds thousands.
enum BodyMeasurementTable: TableRecord {
    static let databaseTableName = "body_measurement"
    static let id = Column("id"), measureID = Column("measure_id")
}

enum WaterDrinkTable: TableRecord {
    static let databaseTableName = "water_drink"
}
