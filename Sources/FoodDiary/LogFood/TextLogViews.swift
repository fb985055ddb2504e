import FoodDiaryBase
import Foundation

/// `/log/text`: "What did you have?" — what was typed, read into foods to add with one tap.
struct TextLogView: Sendable {
    struct Field: Sendable {
        let name: String
        let value: String
    }

    let title = tr("What did you have?")
    let csrfToken: String
    let targetText: String
    let targetDetail: String?
    let targetURL: String?
    struct SlotChoice: Sendable {
        let value: String
        let label: String
        let selected: Bool
        /// When a new meal of this slot is put, which the time field takes when it is chosen.
        let time: String
    }

    /// The meal, or the day and slot of the meal to make, as hidden fields.
    let targetFields: [Field]
    /// The fields the add form carries: the meal's, or the day's alone beside the meal to pick.
    let addFields: [Field]
    /// Which meal a new one is, beside the Add button (issue 74); empty when adding to a meal.
    let slotChoices: [SlotChoice]
    let hasSlotChoices: Bool
    let text: String
    let rows: [ProposedFoodRow]
    let hasRows: Bool
    let rowCount: Int
    /// "Add 4 foods · 512 kcal".
    let addLabel: String
    let notice: String?
    /// Where the lines came from, when not from the person's typing: a model's suggestions.
    var information: String?
    /// Something was typed, but it named no food.
    let nothingRead: Bool
    let focusText: Bool
    /// A new meal's time as the page shows it, "07:30": now for the slot it is now, else the slot's
    /// usual hour; nil when adding to a meal.
    let shownTime: String?
    /// What the time field holds: the time shown, or what was typed and refused.
    let time: String
    /// Why the time typed was refused, shown at the field.
    let timeProblem: String?
}
