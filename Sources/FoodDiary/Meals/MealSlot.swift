import FoodDiaryBase
import Foundation

/// Breakfast, lunch, dinner or a snack: how a day's meals are grouped, by when they were eaten.
public enum MealSlot: String, CaseIterable, Sendable {
    case breakfast, lunch, dinner, snacks

    /// 04:00–10:59 breakfast, 11:00–14:59 lunch, 17:00–21:29 dinner; the rest of the day snacks.
    public init(_ time: LocalDateTime) {
        switch time.hour * 60 + time.minute {
        case Self.breakfastMinutes: self = .breakfast
        case Self.lunchMinutes: self = .lunch
        case Self.dinnerMinutes: self = .dinner
        default: self = .snacks
        }
    }

    private static let breakfastMinutes = 240..<660, lunchMinutes = 660..<900, dinnerMinutes = 1020..<1290

    /// The minutes of the day a meal of this slot is eaten in; nil for snacks, eaten at any other.
    public var minutesOfDay: Range<Int>? {
        switch self {
        case .breakfast: Self.breakfastMinutes
        case .lunch: Self.lunchMinutes
        case .dinner: Self.dinnerMinutes
        case .snacks: nil
        }
    }

    public init?(formValue: String?) {
        guard let formValue, let slot = MealSlot(rawValue: formValue) else { return nil }
        self = slot
    }

    public var name: String {
        switch self {
        case .breakfast: tr("Breakfast")
        case .lunch: tr("Lunch")
        case .dinner: tr("Dinner")
        case .snacks: tr("Snacks")
        }
    }

    /// Its name inside a sentence: "Add to lunch"; "Zum Mittagessen hinzufügen" keeps its capital.
    public var nameInSentence: String {
        switch self {
        case .breakfast: tr("breakfast", context: "meal, in a sentence")
        case .lunch: tr("lunch", context: "meal, in a sentence")
        case .dinner: tr("dinner", context: "meal, in a sentence")
        case .snacks: tr("snacks", context: "meal, in a sentence")
        }
    }

    /// When a meal added to this slot of another day is put: a typical hour inside the slot.
    public func usualTime(on date: LocalDate) -> LocalDateTime {
        let (hour, minute) =
            switch self {
            case .breakfast: (8, 0)
            case .lunch: (12, 30)
            case .dinner: (19, 0)
            case .snacks: (15, 30)
            }
        return LocalDateTime(date: date, hour: hour, minute: minute)!
    }
}
