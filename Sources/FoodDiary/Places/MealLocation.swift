import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// Where a meal's coordinates came from.
public enum LocationSource: String, Sendable, Codable {
    /// Picked from the places already used.
    case place
    /// The photo's EXIF GPS.
    case photo
    /// The browser's Geolocation API.
    case device
    /// Typed by hand.
    case typed

    var label: String {
        switch self {
        case .place: tr("picked from your places")
        case .photo: tr("from the photo")
        case .device: tr("from this device's location")
        case .typed: tr("typed in")
        }
    }
}

/// What the meal form says about location.
public enum LocationChoice: Sendable, Equatable {
    case none
    case place(id: Int64)
    case point(Coordinates, source: LocationSource)
}

/// A place as a meal shows it.
public struct PlaceSummary: Sendable, Equatable {
    public let id: Int64
    public let name: String
}

/// A tag as a meal shows it.
public struct TagSummary: Sendable, Equatable {
    public let id: Int64
    public let name: String
}

/// A meal's tags, cleaned: one line each, no empties, no repeats (ignoring case), bounded.
public enum TagList {
    public static let maxTags = 20
    public static let maxLength = 60

    public enum Problem: Error, Equatable {
        case tooLong(String)
        case tooMany(Int)
    }

    /// "breakfast, restaurant, with Sam" → ["breakfast", "restaurant", "with Sam"].
    public static func parse(_ text: String) -> Result<[String], Problem> {
        var tags: [String] = [], seen: Set<String> = []
        for piece in text.split(whereSeparator: { $0 == "," || $0.isNewline }) {
            let tag = TypedText.clean(String(piece))
            guard !tag.isEmpty else { continue }
            guard TypedText.length(tag) <= maxLength else { return .failure(.tooLong(tag)) }
            if seen.insert(tag.lowercased()).inserted { tags.append(tag) }
        }
        guard tags.count <= maxTags else { return .failure(.tooMany(tags.count)) }
        return .success(tags)
    }

    public static func message(_ problem: Problem) -> String {
        switch problem {
        case .tooLong(let tag): tr("“\(tag.prefix(24))…” is \(TypedText.length(tag)) characters long; keep each tag to \(maxLength).")
        case .tooMany(let count): tr("That is \(count) tags; a meal can have up to \(maxTags). Separate tags with commas.")
        }
    }

    /// "with Sam" → "With Sam": tags are shown capitalised, whatever was typed.
    public static func display(_ tag: String) -> String {
        tag.prefix(1).uppercased() + tag.dropFirst()
    }

    /// Tags like "source:import" are for machines and stay out of the tag list.
    public static func isHidden(_ tag: String) -> Bool { tag.utf8.contains(UInt8(ascii: ":")) }
}
