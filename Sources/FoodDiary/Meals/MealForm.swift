import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// The meal form exactly as typed, kept so it can be shown again beside its errors.
public struct MealForm: Sendable, Equatable {
    public var eatenAt: String
    public var utcOffset: String
    public var notes: String
    /// New meals only: take the time (and, with no location given, the place) from the photo's EXIF.
    public var usePhotoTime: Bool
    /// The id of a place picked from the list, or empty.
    public var place: String
    public var latitude: String
    public var longitude: String
    /// Set by the page's script to "device" when the browser supplied the coordinates.
    public var locationSource: String
    public var tags: String

    public init(
        eatenAt: String = "", utcOffset: String = "", notes: String = "", usePhotoTime: Bool = true,
        place: String = "", latitude: String = "", longitude: String = "", locationSource: String = "typed", tags: String = ""
    ) {
        self.eatenAt = eatenAt
        self.utcOffset = utcOffset
        self.notes = notes
        self.usePhotoTime = usePhotoTime
        self.place = place
        self.latitude = latitude
        self.longitude = longitude
        self.locationSource = locationSource
        self.tags = tags
    }

    init(fields: FormFields) {
        self.init(
            eatenAt: fields["eaten_at"] ?? "",
            utcOffset: fields["utc_offset"] ?? "",
            // Browsers send CRLF; store one kind of line break.
            notes: (fields["notes"] ?? "").replacingOccurrences(of: "\r\n", with: "\n"),
            usePhotoTime: fields["use_photo_time"] == "on",
            place: fields["place"] ?? "",
            latitude: fields["latitude"] ?? "",
            longitude: fields["longitude"] ?? "",
            locationSource: fields["location_source"] ?? "typed",
            tags: fields["tags"] ?? ""
        )
    }

    init(meal: Meal) {
        let pickedPlace = meal.locationSource == .place ? meal.place.map { String($0.id) } : nil
        self.init(
            eatenAt: meal.eatenAt.description, utcOffset: String(meal.utcOffsetMinutes), notes: meal.notes, usePhotoTime: false,
            place: pickedPlace ?? "",
            latitude: pickedPlace == nil ? meal.location.map { Coordinates.format($0.latitude) } ?? "" : "",
            longitude: pickedPlace == nil ? meal.location.map { Coordinates.format($0.longitude) } ?? "" : "",
            locationSource: meal.locationSource?.rawValue ?? "typed",
            tags: meal.tags.map(\.name).joined(separator: ", "))
    }

    /// Field-by-field problems; empty when the form is valid.
    public struct Errors: Error, Sendable, Equatable {
        public var eatenAt: String?
        public var utcOffset: String?
        public var notes: String?
        public var place: String?
        public var latitude: String?
        public var longitude: String?
        public var tags: String?

        public var isEmpty: Bool {
            eatenAt == nil && utcOffset == nil && notes == nil && place == nil && latitude == nil && longitude == nil && tags == nil
        }
    }

    /// Checks every field. A missing offset means the browser ran no script: the server's zone is assumed.
    public func validate(defaultTimeZone: TimeZone) -> Result<MealInput, Errors> {
        var errors = Errors()
        let eatenAt = LocalDateTime(parsing: self.eatenAt)
        if self.eatenAt.trimmingCharacters(in: .whitespaces).isEmpty {
            errors.eatenAt = tr("Enter when you ate, for example 2026-03-09 12:30.")
        } else if eatenAt == nil {
            errors.eatenAt = tr("“\(self.eatenAt.prefix(40))” is not a date and time. Use the picker, or type it as 2026-03-09 12:30.")
        }

        var offset: Int?
        let typedOffset = utcOffset.trimmingCharacters(in: .whitespaces)
        if typedOffset.isEmpty {
            offset = eatenAt?.utcOffsetMinutes(in: defaultTimeZone)
        } else if let minutes = Int(typedOffset), MealInput.offsetRange.contains(minutes) {
            offset = minutes
        } else {
            errors.utcOffset = tr("The time zone offset must be whole minutes between -840 and 840.")
        }

        let length = TypedText.length(notes)
        if length > MealInput.maxNotesLength {
            errors.notes = tr("Notes can be at most 10,000 characters; these are \(length.formatted(.number.grouping(.automatic))).")
        }

        let location = validateLocation(&errors)
        var tagList: [String] = []
        switch TagList.parse(tags) {
        case .success(let parsed): tagList = parsed
        case .failure(let problem): errors.tags = TagList.message(problem)
        }

        guard errors.isEmpty, let eatenAt, let offset else { return .failure(errors) }
        return .success(MealInput(eatenAt: eatenAt, utcOffsetMinutes: offset, notes: notes, location: location, tags: tagList))
    }

    /// A picked place wins; otherwise both coordinates or neither.
    private func validateLocation(_ errors: inout Errors) -> LocationChoice {
        let placeText = place.trimmingCharacters(in: .whitespaces)
        if !placeText.isEmpty {
            guard let id = Int64(placeText), id > 0 else {
                errors.place = tr("Pick a place from the list, or choose “No place”.")
                return .none
            }
            return .place(id: id)
        }
        let latitudeText = latitude.trimmingCharacters(in: .whitespaces), longitudeText = longitude.trimmingCharacters(in: .whitespaces)
        if latitudeText.isEmpty && longitudeText.isEmpty { return .none }
        let latitudeValue = Self.degrees(latitudeText, limit: 90, name: tr("Latitude"), example: "51.50135", error: &errors.latitude)
        let longitudeValue = Self.degrees(longitudeText, limit: 180, name: tr("Longitude"), example: "-0.14189", error: &errors.longitude)
        guard let latitudeValue, let longitudeValue, let point = Coordinates(latitude: latitudeValue, longitude: longitudeValue) else {
            return .none
        }
        let source = LocationSource(rawValue: locationSource).flatMap { [.device, .photo].contains($0) ? $0 : nil } ?? .typed
        return .point(point, source: source)
    }

    /// Decimal degrees, like "-33.85678": a sign, digits, a point; nothing else.
    private static func degrees(_ text: String, limit: Double, name: String, example: String, error: inout String?) -> Double? {
        guard !text.isEmpty else {
            error = tr("\(name) is missing. Give both latitude and longitude, or neither.")
            return nil
        }
        guard text.count <= 20, text.wholeMatch(of: /-?[0-9]{1,3}(\.[0-9]+)?/) != nil, let value = Double(text) else {
            error = tr("\(name) must be decimal degrees, like \(example).")
            return nil
        }
        guard abs(value) <= limit else {
            error = tr("\(name) must be between -\(Int(limit)) and \(Int(limit)) degrees.")
            return nil
        }
        return value
    }
}
