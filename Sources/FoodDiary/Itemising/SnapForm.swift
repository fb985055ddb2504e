import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import FoodDiaryPhotos

/// What a snap sends besides its photos, checked: the browser's UTC offset and location, and the
/// file's own time (JavaScript sends `File.lastModified` with each photo).
struct SnapForm: Sendable {
    let utcOffsetMinutes: Int?
    let deviceLocation: LocationChoice
    let fileTime: Date?

    /// How far from now a photo's time may be for this device's location to stand for its place.
    static let deviceLocationWindow: TimeInterval = 2 * 3_600

    /// A form value that cannot be what it says, with the words to show.
    struct Problem: Error, Equatable {
        let message: String
    }

    init(fields: FormFields, timeZone: TimeZone, now: Date) throws(Problem) {
        // The meal form's own checks, so an offset or a point means the same wherever it is typed.
        let form = MealForm(
            eatenAt: LocalDateTime(now, in: timeZone).description, utcOffset: fields["utc_offset"] ?? "",
            latitude: fields["latitude"] ?? "", longitude: fields["longitude"] ?? "", locationSource: "device")
        switch form.validate(defaultTimeZone: timeZone) {
        case .failure(let errors):
            throw Problem(message: [errors.utcOffset, errors.latitude, errors.longitude].compactMap { $0 }.joined(separator: " "))
        case .success(let input):
            utcOffsetMinutes = form.utcOffset.trimmingCharacters(in: .whitespaces).isEmpty ? nil : input.utcOffsetMinutes
            deviceLocation = input.location
        }
        let typedTime = (fields["file_time_ms"] ?? "").trimmingCharacters(in: .whitespaces)
        if typedTime.isEmpty {
            fileTime = nil
        } else if typedTime.count <= 16, let milliseconds = Int64(typedTime), milliseconds > 0 {
            // A camera with its clock ahead is believed only up to now.
            fileTime = min(Date(timeIntervalSince1970: Double(milliseconds) / 1000), now)
        } else {
            throw Problem(message: tr("The photo's file time must be whole milliseconds since 1970."))
        }
    }

    /// When and where the photo's meal was: the photo's own EXIF first, then the file's time (or
    /// now) and, for a photo of the last two hours, this device's location.
    func input(for exif: ImageLibrary.Exif, timeZone: TimeZone, now: Date) -> MealInput {
        let eatenAt: LocalDateTime, offset: Int
        if let taken = exif.taken {
            eatenAt = taken
            offset = exif.utcOffsetMinutes ?? utcOffsetMinutes ?? taken.utcOffsetMinutes(in: timeZone)
        } else {
            let instant = fileTime ?? now
            if let utcOffsetMinutes, let zone = TimeZone(secondsFromGMT: utcOffsetMinutes * 60) {
                eatenAt = LocalDateTime(instant, in: zone)
                offset = utcOffsetMinutes
            } else {
                eatenAt = LocalDateTime(instant, in: timeZone)
                offset = eatenAt.utcOffsetMinutes(in: timeZone)
            }
        }
        // Where this device is now says nothing of a photo taken hours ago, likely elsewhere.
        let isRecent = abs(eatenAt.instant(utcOffsetMinutes: offset).timeIntervalSince(now)) <= Self.deviceLocationWindow
        var location = isRecent ? deviceLocation : .none
        if let latitude = exif.latitude, let longitude = exif.longitude, let point = Coordinates(latitude: latitude, longitude: longitude) {
            location = .point(point, source: .photo)
        }
        return MealInput(eatenAt: eatenAt, utcOffsetMinutes: offset, notes: "", location: location)
    }
}
