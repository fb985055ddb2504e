import FoodDiaryBase
import FoodDiaryCatalog
import Foundation

// The shopping list as the JSON API and the assistant read it: one read.

struct ShoppingJSON: Encodable {
    /// The list from `first` through `last`, as `/api/shopping` and the assistant give it.
    static func read(_ diary: Diary, catalog: CatalogDatabase, from first: LocalDate, through last: LocalDate) async throws -> ShoppingJSON
    {
        let list = try await ShoppingList.read(diary, catalog: catalog, from: first, through: last)
        return ShoppingJSON(
            from: first.description, to: last.description, items: list.byAisle.flatMap { $0.items.map(ShoppingItemJSON.init) })
    }

    let from: String
    let to: String
    let items: [ShoppingItemJSON]
}

struct ShoppingItemJSON: Encodable {
    let key: String
    let name: String
    let amount: String
    /// What the plan needs where `amount` counts something else ("330 g" for "3 onions").
    let needed: String?
    let aisle: String
    let ticked: Bool
    let own: Bool
    /// The planned meals it is for.
    let forMeals: [String]

    init(_ item: ShoppingList.Item) {
        (key, name, amount, needed, aisle, ticked, own, forMeals) = (
            item.key, item.name, item.amount, item.needed, item.aisle.rawValue, item.ticked, item.isOwn, item.forWhat
        )
    }
}
