import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// `/shopping?from=&to=`: what to buy for the plan's days, by aisle, ticked off on the phone;
/// one's own items; and the lists the household shares.
struct ShoppingView: Sendable {
    struct AisleGroup: Sendable {
        let name: String
        let items: [ShoppingItemView]
    }

    struct Shared: Sendable {
        let heading: String
        let diaryID: Int64
        let aisles: [AisleGroup]
    }

    struct AisleChoice: Sendable {
        let value: String
        let name: String
        let selected: Bool
    }

    let title: String
    let rangeText: String
    let from: String
    let to: String
    let aisles: [AisleGroup]
    let isEmpty: Bool
    let tickedText: String?
    let planURL: String
    let aisleChoices: [AisleChoice]
    let household: [Shared]
    let csrfToken: String
    var error: String?
    var typedName = ""
    var typedAmount = ""

    init(_ list: ShoppingList, household: [(owner: String, diaryID: Int64, list: ShoppingList)], csrfToken: String) {
        title = tr("Shopping list")
        rangeText = list.first == list.last ? list.first.shortText : "\(list.first.shortText) – \(list.last.shortText)"
        from = list.first.description
        to = list.last.description
        let back = "/shopping?from=\(list.first)&to=\(list.last)"
        aisles = Self.groups(list, diaryID: nil, back: back, csrfToken: csrfToken)
        isEmpty = list.items.isEmpty
        tickedText =
            list.tickedCount == 0
            ? nil : tr(one: "\(list.tickedCount) ticked", other: "\(list.tickedCount) ticked", count: list.tickedCount)
        planURL = "/plan?week=\(PlanWeek.monday(of: list.first))"
        aisleChoices = Aisle.allCases.map { AisleChoice(value: $0.rawValue, name: $0.name, selected: $0 == .pantry) }
        self.household = household.map { owner, diaryID, list in
            Shared(
                heading: tr("\(owner)’s list"), diaryID: diaryID,
                aisles: Self.groups(list, diaryID: diaryID, back: back, csrfToken: csrfToken))
        }
        self.csrfToken = csrfToken
    }

    private static func groups(_ list: ShoppingList, diaryID: Int64?, back: String, csrfToken: String) -> [AisleGroup] {
        list.byAisle.map { aisle, items in
            AisleGroup(name: aisle.name, items: items.map { ShoppingItemView($0, diaryID: diaryID, back: back, csrfToken: csrfToken) })
        }
    }
}

struct ShoppingItemView: Sendable {
    let key: String
    let anchor: String
    let name: String
    let amount: String
    let needed: String?
    let forWhat: String?
    let ticked: Bool
    let tickValue: String
    let tickLabel: String
    let tickPath: String
    let back: String
    let csrfToken: String

    /// The item's id on the page, where a tick comes back to: a key's letters and digits (a food's
    /// name may hold spaces), and the diary of a household's list.
    static func anchor(_ key: String, diaryID: Int64?) -> String {
        let safe = String(key.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "-" })
        return "item-" + (diaryID.map { "\($0)-" } ?? "") + safe
    }

    init(_ item: ShoppingList.Item, diaryID: Int64?, back: String, csrfToken: String) {
        key = item.key
        anchor = Self.anchor(item.key, diaryID: diaryID)
        tickPath = diaryID.map { "/shopping/household/\($0)/tick" } ?? "/shopping/tick"
        name = item.name
        amount = item.amount
        needed = item.needed.map { tr("needs \($0)") }
        forWhat = item.forWhat.isEmpty ? nil : tr("for \(item.forWhat.prefix(3).joined(separator: ", "))")
        ticked = item.ticked
        tickValue = item.ticked ? "0" : "1"
        tickLabel = item.ticked ? tr("Untick \(item.name)") : tr("Tick \(item.name)")
        self.back = back
        self.csrfToken = csrfToken
    }
}
