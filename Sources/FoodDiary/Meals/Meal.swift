import FoodDiaryBase
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation
import FoodDiaryPhotos

/// A meal as the rest of the app sees it: validated, with its wall-clock time and offset.
public struct Meal: Sendable, Equatable {
    public let id: Int64
    public let eatenAt: LocalDateTime
    public let utcOffsetMinutes: Int
    public let notes: String
    public let createdAt: Date
    public let updatedAt: Date
    public let isFavourite: Bool
    public let foodCount: Int
    public let energyKcal: Double
    let photo: Photo?
    public let location: Coordinates?
    public let locationSource: LocationSource?
    public let place: PlaceSummary?
    public let tags: [TagSummary]
    /// The names of its first few foods, in the order they were added: a row reads "Eggs + Toast".
    public let firstFoods: [String]

    init(
        record: MealRecord, foodCount: Int, energyKcal: Double, photo: Photo?, place: PlaceSummary?, tags: [TagSummary],
        firstFoods: [String] = []
    ) throws {
        guard let id = record.id, let eatenAt = LocalDateTime(parsing: record.eatenLocal) else {
            throw MealDataError.corruptRow(id: record.id)
        }
        self.id = id
        self.eatenAt = eatenAt
        self.utcOffsetMinutes = record.utcOffsetMinutes
        self.notes = record.notes
        self.createdAt = record.createdAt
        self.updatedAt = record.updatedAt
        self.isFavourite = record.isFavourite
        self.foodCount = foodCount
        self.energyKcal = energyKcal
        self.photo = photo
        self.location = record.latitude.flatMap { latitude in record.longitude.flatMap { Coordinates(latitude: latitude, longitude: $0) } }
        self.locationSource = record.locationSource.flatMap(LocationSource.init(rawValue:))
        self.place = place
        self.tags = tags
        self.firstFoods = firstFoods
    }

    static let firstFoodsShown = 3

    public var foodsText: String { Self.foodsText(firstFoods, count: foodCount) }

    /// "Eggs + Toast + Butter + 2 more" from the first names of `count` foods; how many foods
    /// when none are named.
    public static func foodsText(_ names: some Collection<String>, count: Int) -> String {
        guard !names.isEmpty else { return foodCountText(count) }
        let more = count - names.count
        return names.joined(separator: " + ") + (more > 0 ? tr(" + \(more) more") : "")
    }

    public static func foodCountText(_ count: Int) -> String {
        switch count {
        case 0: tr("No foods yet")
        case 1: tr("1 food")
        default: tr("\(count) foods")
        }
    }

    /// A meal with no foods yet waits to be itemised: its energy is unknown, never 0 kcal.
    public var isItemised: Bool { foodCount > 0 }

    /// The energy of its foods; nil while it waits to be itemised.
    public var knownEnergyKcal: Double? { isItemised ? energyKcal : nil }

    /// The first non-empty line of the notes: what the list shows.
    public var headline: String? { Self.headline(of: notes) }

    /// The first non-empty line of `notes`.
    static func headline(of notes: String) -> String? {
        // Line by line from the top, stopping at the first with text: notes can be long.
        var rest = notes[...]
        while !rest.isEmpty {
            let end = rest.firstIndex(where: \.isNewline) ?? rest.endIndex
            let line = rest[..<end].trimmingWhitespace
            if !line.isEmpty { return String(line) }
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
        }
        return nil
    }

    /// ISO 8601 with the offset it was entered with, e.g. `2026-03-09T12:30:00+01:00`.
    public var eatenAtISO8601: String {
        "\(eatenAt):00\(formatUTCOffset(minutes: utcOffsetMinutes))"
    }
}

enum MealDataError: Error {
    case corruptRow(id: Int64?)
}

/// What a person may set on a meal, already validated.
public struct MealInput: Sendable, Equatable {
    public static let maxNotesLength = 10_000
    public static let offsetRange = LocalDateTime.storableUTCOffsetMinutes

    public let eatenAt: LocalDateTime
    public let utcOffsetMinutes: Int
    public let notes: String
    public let location: LocationChoice
    public let tags: [String]

    public init(eatenAt: LocalDateTime, utcOffsetMinutes: Int, notes: String, location: LocationChoice = .none, tags: [String] = []) {
        self.eatenAt = eatenAt
        self.utcOffsetMinutes = utcOffsetMinutes
        self.notes = notes
        self.location = location
        self.tags = tags
    }
}

extension Meal {
    /// The meal a page or a form named is not in this diary: deleted, or never was.
    struct Missing: Refusal, Equatable {
        let id: Int64
        var kind: RefusalKind { .missing }
        var message: String { tr("There is no meal number \(id). It may have been deleted.") }
    }
}
