import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// What a reminder says on its day, read from the person's diary at the moment it is due; nil
/// when it is not needed (the slot logged, the water goal reached, the weigh-in done). The words
/// follow the conventions bound around the call: the person's language and units. Neutral by
/// design: what is there, never a streak or a reproach.
enum ReminderMessages {
    static func message(for occasion: ReminderPlan.Occasion, _ db: Database) throws -> PushDelivery.Message? {
        let date = occasion.date
        let kind = occasion.kind
        switch kind {
        case .breakfast, .lunch, .dinner:
            guard let slot = kind.slot, try !isLogged(slot, on: date, db) else { return nil }
            let name = try MealSlotNames.fetch(db).inSentence(slot)
            return message(tr("Nothing is logged for \(name) today. A photo is enough, the foods can come later."), kind, url: "/log")
        case .water:
            let settings = try BodyQueries.settings(db)
            let drunk = try BodyQueries.water(db, on: date).reduce(0) { $0 + $1.millilitres }
            let soFar = settings.units.drinkText(millilitres: drunk)
            guard let goal = settings.waterGoalMillilitres else { return message(tr("Water so far today: \(soFar)."), kind, url: "/") }
            guard drunk < goal else { return nil }
            return message(tr("Water so far today: \(soFar) of \(settings.units.drinkText(millilitres: goal))."), kind, url: "/")
        case .weighIn:
            let weighed = try BodyQueries.weightTrend(db, through: date).weighIns.contains { $0.takenAt.date == date }
            return weighed ? nil : message(tr("A reminder to weigh in today, if you would like to."), kind, url: "/body")
        case .digest:
            let digest = try WeeklyDigest.read(db, through: date.previous)
            return PushDelivery.Message(title: digest.title, body: digest.lines.joined(separator: "\n"), url: "/trends", tag: kind.rawValue)
        }
    }

    private static func message(_ body: String, _ kind: ReminderKind, url: String) -> PushDelivery.Message {
        PushDelivery.Message(title: tr("FoodDiary"), body: body, url: url, tag: kind.rawValue)
    }

    /// Whether any meal of `date` was eaten in the slot's hours (snacks: outside the others').
    static func isLogged(_ slot: MealSlot, on date: LocalDate, _ db: Database) throws -> Bool {
        try MealQueries.meals(db, from: date, through: date).contains { MealSlot($0.eatenAt) == slot }
    }
}
