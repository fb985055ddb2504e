import FoodDiaryBase
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation
import Hummingbird

/// Where logged foods go, as the logging pages' links and forms carry it: `meal`, or `day` and
/// `slot` of the meal to make, `new` to make one even when a meal of this slot could take them.
struct MealTarget: Sendable {
    let meal: Meal?
    let day: LocalDate
    let slot: MealSlot
    let eatenAt: LocalDateTime
    /// A new meal made now, rather than at the slot's usual hour.
    let isNow: Bool
    /// What the person calls the slots.
    let names: MealSlotNames

    /// "Breakfast at 07:13" or "A new meal: lunch, now", with what the meal holds.
    func described(today: LocalDate) -> (text: String, detail: String?, url: String?) {
        let onDay = day == today ? nil : day.longText
        guard let meal else {
            let when =
                isNow ? tr("now") : onDay.map { tr("\(eatenAt.clockText) on \($0)") } ?? eatenAt.clockText
            return (tr("A new meal: \(names.inSentence(slot)), \(when)"), nil, nil)
        }
        return (
            onDay.map { tr("\(names[slot]) at \(meal.eatenAt.clockText) on \($0)") } ?? tr("\(names[slot]) at \(meal.eatenAt.clockText)"),
            meal.isItemised ? "\(meal.foodsText) · \(kcalText(meal.energyKcal))" : tr("no foods yet"),
            "/meals/\(meal.id)"
        )
    }

    /// The same new meal at a time the person chose: `nil` for a time outside its slot, which
    /// would put the meal under another.
    func at(_ time: LocalDateTime) -> MealTarget? {
        guard meal == nil, time.date == day, MealSlot(time) == slot else { return nil }
        return MealTarget(meal: nil, day: day, slot: slot, eatenAt: time, isNow: false, names: names)
    }

    /// The fields a form carries to log into the same place.
    var fields: [(key: String, value: String)] {
        meal.map { [("meal", String($0.id))] } ?? [("day", day.description), ("slot", slot.rawValue)]
    }

    /// What a link to another page (a food's) carries to log into the same place: nothing for a
    /// new meal now, where that page adds anyway.
    var linkFields: [(key: String, value: String)] { meal == nil && isNow ? [] : fields }
}

/// Reads a form's target, and makes a new meal's place from the device's location.
struct MealTargets: Sendable {
    let geonames: GeoNamesDatabase
    let timeZone: TimeZone
    let now: @Sendable () -> Date

    func target(_ fields: FormFields, diary: Diary) async throws -> MealTarget {
        let current = LocalDateTime(now(), in: timeZone)
        // A food's page names a meal, or "new" for one made now.
        let makeNew = fields["new"] != nil || fields["meal"] == "new"
        if let id = fields["meal"].flatMap({ Int64($0) }), id > 0 {
            let (meal, names) = try await diary.database.read { db in (try MealQueries.meal(db, id: id), try MealSlotNames.fetch(db)) }
            guard let meal else { throw Meal.Missing(id: id) }
            return MealTarget(
                meal: meal, day: meal.eatenAt.date, slot: MealSlot(meal.eatenAt), eatenAt: meal.eatenAt, isNow: false, names: names)
        }
        let day =
            try fields["day"].map { text in
                guard let day = LocalDate(parsing: text) else {
                    throw HTTPError(.badRequest, message: tr("“\(text.prefix(40))” is not a day. Days are written like 2026-03-09."))
                }
                return day
            } ?? current.date
        let slot = MealSlot(formValue: fields["slot"]) ?? MealSlot(current)
        let (joined, names) = try await diary.database.read { db in
            (makeNew ? nil : try LogQueries.joinableMeal(db, slot: slot, on: day, now: current), try MealSlotNames.fetch(db))
        }
        let time = Self.newMealTime(slot, on: day, now: current)
        return MealTarget(
            meal: joined, day: day, slot: slot, eatenAt: joined?.eatenAt ?? time, isNow: joined == nil && time == current, names: names)
    }

    /// When a new meal of `slot` is put: today's slot now is eaten now; another slot or day at the
    /// slot's usual hour.
    func newMealTime(_ slot: MealSlot, on day: LocalDate) -> LocalDateTime {
        Self.newMealTime(slot, on: day, now: LocalDateTime(now(), in: timeZone))
    }

    private static func newMealTime(_ slot: MealSlot, on day: LocalDate, now current: LocalDateTime) -> LocalDateTime {
        day == current.date && slot == MealSlot(current) ? current : slot.usualTime(on: day)
    }

    /// The meal to log into: the target's, or a new one where the device was.
    func destination(_ target: MealTarget, fields: FormFields) async throws -> AppDatabase.LogTarget {
        if let meal = target.meal { return .meal(id: meal.id) }
        let device = try Self.deviceLocation(fields)
        var placeName: String?
        if let device { placeName = try await geonames.nearest(to: device)?.label }
        return .newMeal(
            eatenAt: target.eatenAt, utcOffsetMinutes: target.eatenAt.utcOffsetMinutes(in: timeZone), device: device, placeName: placeName)
    }

    /// Where the phone was, when the page's script could tell without asking (the person allowed it
    /// before): both coordinates or neither.
    private static func deviceLocation(_ fields: FormFields) throws -> Coordinates? {
        let latitude = (fields["latitude"] ?? "").trimmingCharacters(in: .whitespaces)
        let longitude = (fields["longitude"] ?? "").trimmingCharacters(in: .whitespaces)
        if latitude.isEmpty && longitude.isEmpty { return nil }
        guard let lat = Double(latitude), let lon = Double(longitude), let point = Coordinates(latitude: lat, longitude: lon) else {
            throw HTTPError(.badRequest, message: tr("The location sent with this food is not a latitude and longitude on Earth."))
        }
        return point
    }
}
