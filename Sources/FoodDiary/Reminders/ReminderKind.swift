import FoodDiaryBase
import Foundation

/// What a person may be reminded of. Each is off until they turn it on, and each stops on its own.
enum ReminderKind: String, CaseIterable, Sendable {
    case breakfast, lunch, dinner, water
    case weighIn = "weigh-in"
    case digest

    /// The meal slot whose logging makes the nudge unneeded.
    var slot: MealSlot? {
        switch self {
        case .breakfast: .breakfast
        case .lunch: .lunch
        case .dinner: .dinner
        case .water, .weighIn, .digest: nil
        }
    }

    /// The minute of the day offered first: after the slot's usual time, before its end.
    var usualMinute: Int {
        switch self {
        case .breakfast: 10 * 60
        case .lunch: 14 * 60
        case .dinner: 20 * 60 + 30
        case .water: 16 * 60
        case .weighIn: 7 * 60 + 30
        case .digest: 9 * 60
        }
    }

    /// The weekdays offered first (0 = Sunday): a weigh-in and the digest once a week, on Monday.
    var usualWeekdays: Set<Int> { self == .weighIn || self == .digest ? [1] : Set(0...6) }

    /// Whether the person picks the days, or it is every day.
    var hasWeekdays: Bool { self == .weighIn || self == .digest }

    /// How late after its time a reminder is still worth sending, after the server was down or
    /// asleep: a lunch nudge at six in the evening only nags; the week's digest still informs.
    var lateness: TimeInterval { self == .digest ? 24 * 3600 : 3 * 3600 }

    var name: String {
        switch self {
        case .breakfast: tr("Breakfast not logged")
        case .lunch: tr("Lunch not logged")
        case .dinner: tr("Dinner not logged")
        case .water: tr("Water")
        case .weighIn: tr("Weigh-in")
        case .digest: tr("The week in figures")
        }
    }

    var explanation: String {
        switch self {
        case .breakfast, .lunch, .dinner:
            tr("Only on a day nothing is logged for \(slot?.nameInSentence ?? "") by then.")
        case .water: tr("The water you have logged so far that day, against your goal if you set one.")
        case .weighIn: tr("A note to weigh in, unless you already have that day.")
        case .digest:
            tr("The seven days before: energy and macros against your goals, nutrients low all week, the weight trend, days logged.")
        }
    }
}
