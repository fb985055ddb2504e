import Foundation

/// The meal form exactly as typed, kept so it can be shown again beside its errors.
public struct MealForm: Sendable, Equatable {
    public var eatenAt: String
    public var utcOffset: String
    public var notes: String
    /// New meals only: take the time from the photo's EXIF when it has one.
    public var usePhotoTime: Bool

    public init(eatenAt: String = "", utcOffset: String = "", notes: String = "", usePhotoTime: Bool = true) {
        self.eatenAt = eatenAt
        self.utcOffset = utcOffset
        self.notes = notes
        self.usePhotoTime = usePhotoTime
    }

    init(fields: FormFields) {
        self.init(
            eatenAt: fields["eaten_at"] ?? "",
            utcOffset: fields["utc_offset"] ?? "",
            // Browsers send CRLF; store one kind of line break.
            notes: (fields["notes"] ?? "").replacingOccurrences(of: "\r\n", with: "\n"),
            usePhotoTime: fields["use_photo_time"] == "on"
        )
    }

    init(meal: Meal) {
        self.init(eatenAt: meal.eatenAt.description, utcOffset: String(meal.utcOffsetMinutes), notes: meal.notes)
    }

    /// Field-by-field problems; empty when the form is valid.
    public struct Errors: Error, Sendable, Equatable {
        public var eatenAt: String?
        public var utcOffset: String?
        public var notes: String?

        public var isEmpty: Bool { eatenAt == nil && utcOffset == nil && notes == nil }
    }

    /// Checks every field. A missing offset means the browser ran no script: the server's zone is assumed.
    public func validate(defaultTimeZone: TimeZone) -> Result<MealInput, Errors> {
        var errors = Errors()
        let eatenAt = LocalDateTime(parsing: self.eatenAt)
        if self.eatenAt.trimmingCharacters(in: .whitespaces).isEmpty {
            errors.eatenAt = "Enter when you ate, for example 2026-03-09 12:30."
        } else if eatenAt == nil {
            errors.eatenAt = "“\(self.eatenAt.prefix(40))” is not a date and time. Use the picker, or type it as 2026-03-09 12:30."
        }

        var offset: Int?
        let typedOffset = utcOffset.trimmingCharacters(in: .whitespaces)
        if typedOffset.isEmpty {
            offset = eatenAt?.utcOffsetMinutes(in: defaultTimeZone)
        } else if let minutes = Int(typedOffset), MealInput.offsetRange.contains(minutes) {
            offset = minutes
        } else {
            errors.utcOffset = "The time zone offset must be whole minutes between -840 and 840."
        }

        let length = notes.unicodeScalars.count
        if length > MealInput.maxNotesLength {
            errors.notes = "Notes can be at most 10,000 characters; these are \(length.formatted(.number.grouping(.automatic)))."
        }

        guard errors.isEmpty, let eatenAt, let offset else { return .failure(errors) }
        return .success(MealInput(eatenAt: eatenAt, utcOffsetMinutes: offset, notes: notes))
    }
}
