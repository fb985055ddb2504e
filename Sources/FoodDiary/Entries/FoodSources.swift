import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation

/// Something a form can add by reference — `catalog:12`, `saved:3`, `my:5`, `recipe:2` — read
/// again on the server, so nothing numeric but the amount is ever taken from the request.
struct ResolvedFood: Sendable {
    let source: String
    let food: FoodSnapshot
    let portions: [Portion]
    /// The amount one tap adds (saved foods).
    let defaultAmount: ChosenAmount?
    /// A catalog food's customary serving and the most one tap adds unasked.
    var usual: UsualAmount? = nil
    let myFoodID: Int64?
    let catalogFoodID: Int64?
    let details: String
}

extension ResolvedFood {
    /// What one tap adds unasked: the saved amount, the amount last had, or the food's customary serving.
    func oneTapAmount(last: ChosenAmount?) -> ChosenAmount {
        defaultAmount ?? last ?? usual?.amount ?? ChosenAmount.everyday(portions: portions, unit: food.basisUnit)
    }

    /// Whether that amount is one to ask about rather than add (more than a person has of it).
    func oneTapAmountWantsChecking(_ amount: ChosenAmount, last: ChosenAmount?) -> Bool {
        defaultAmount == nil && usual?.check(amount, isTheirs: last != nil, kcalPer100g: food.nutrients(forGrams: 100)[.energyKcal]) != nil
    }
}

struct FoodSources: Sendable {
    let database: AppDatabase
    let catalog: CatalogDatabase
    /// The others' shared foods as the person adding sees them, named `household:<diary>:my:5`
    /// or `household:<diary>:recipe:2`; nil where they cannot be used.
    var household: (foods: HouseholdFoods, viewer: Account)?

    /// Why a named source cannot be added.
    enum Unusable: Refusal, Equatable {
        /// The form named no source, or one of a kind not allowed here.
        case unnamed
        case noCatalogFood
        case noSavedFood
        /// A recipe with no ingredients: a serving of it weighs nothing.
        case emptyRecipe(name: String)

        var kind: RefusalKind {
            switch self {
            case .unnamed: .unusable
            case .noCatalogFood, .noSavedFood: .missing
            case .emptyRecipe: .conflict
            }
        }

        var message: String {
            switch self {
            case .unnamed: tr("The form did not say which food to add. Go back to the search and pick one.")
            case .noCatalogFood: tr("There is no food with that number in the catalog. Search again and pick one from the list.")
            case .noSavedFood: tr("That saved food is gone; it may have been removed from My saved foods.")
            case .emptyRecipe(let name): tr("“\(name)” has no ingredients yet, so a serving weighs nothing. Add its ingredients first.")
            }
        }
    }

    /// `kinds` limits what may be named: a recipe cannot contain a recipe.
    func resolve(_ source: String, allowing kinds: Set<String> = ["catalog", "saved", "my", "recipe", "household"]) async throws
        -> ResolvedFood
    {
        if source.hasPrefix("household:"), kinds.contains("household") { return try await resolveShared(source) }
        let parts = source.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, kinds.contains(parts[0]), let id = Int64(parts[1]), id > 0 else { throw Unusable.unnamed }
        switch parts[0] {
        case "catalog":
            guard let details = try await catalog.read({ db in try FoodDetails.fetch(db, id: id) }) else { throw Unusable.noCatalogFood }
            let line = [
                details.summary.foodGroup, details.summary.dataType.shortLabel, details.summary.ndbNumber.map { tr("NDB \($0)") },
                details.summary.brandOwner
            ].compactMap { $0 }.joined(separator: " · ")
            let (portions, usual) = details.measures
            return ResolvedFood(
                source: source, food: FoodSnapshot(catalogFood: details), portions: portions, defaultAmount: nil,
                usual: usual, myFoodID: nil, catalogFoodID: id, details: line)
        case "saved":
            guard let saved = try await database.read({ db in try EntryQueries.savedFood(db, id: id) }) else { throw Unusable.noSavedFood }
            let portions: [Portion]
            if let catalogID = saved.food.catalogFoodID {
                portions = try await catalog.read { db in try FoodDetails.fetch(db, id: catalogID) }?.measures.portions ?? []
            } else {
                portions = saved.food.basisGrams.map { [.serving(grams: $0)] } ?? []
            }
            let line = [tr("Saved food"), saved.food.dataType.label, saved.food.brandOwner].compactMap { $0 }.joined(separator: " · ")
            return ResolvedFood(
                source: source, food: saved.food, portions: portions, defaultAmount: saved.defaultAmount,
                myFoodID: nil, catalogFoodID: saved.food.catalogFoodID, details: line)
        case "my":
            guard let food = try await database.read({ db in try MyFood.fetch(db, id: id) }) else { throw MyFood.Missing() }
            return Self.resolved(food, source: source, owner: nil)
        default:
            guard let recipe = try await database.read({ db in try Recipe.fetch(db, id: id) }) else { throw Recipe.Missing() }
            return try Self.resolved(recipe, source: source, owner: nil)
        }
    }

    private func resolveShared(_ source: String) async throws -> ResolvedFood {
        let parts = source.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let household, parts.count == 4, let diaryID = Int64(parts[1]), let id = Int64(parts[3]), id > 0 else {
            throw Unusable.unnamed
        }
        switch parts[2] {
        case "my":
            guard let shared = try await household.foods.myFood(diaryID: diaryID, id: id, for: household.viewer) else {
                throw HouseholdFoods.NothingShared()
            }
            return Self.resolved(shared.item, source: source, owner: shared.ownerName)
        case "recipe":
            guard let shared = try await household.foods.recipe(diaryID: diaryID, id: id, for: household.viewer) else {
                throw HouseholdFoods.NothingShared()
            }
            return try Self.resolved(shared.item, source: source, owner: shared.ownerName)
        default: throw Unusable.unnamed
        }
    }

    /// One of my foods, or a food someone else shares (`owner`), which no recipe of mine can link to.
    private static func resolved(_ food: MyFood, source: String, owner: String?) -> ResolvedFood {
        let line = [owner.map { tr("\($0)’s food") } ?? tr("My food"), food.brandOwner].compactMap { $0 }.joined(separator: " · ")
        return ResolvedFood(
            source: source, food: food.snapshot, portions: [food.portion], defaultAmount: nil,
            myFoodID: owner == nil ? food.id : nil, catalogFoodID: nil, details: line)
    }

    private static func resolved(_ recipe: Recipe, source: String, owner: String?) throws -> ResolvedFood {
        guard let snapshot = recipe.snapshot else { throw Unusable.emptyRecipe(name: recipe.name) }
        let (servings, each) = (formatQuantity(recipe.servings), MeasureUnit.grams.shownText(recipe.servingGrams))
        let line =
            owner.map { tr("\($0)’s recipe · \(servings) servings of \(each)") } ?? tr("Recipe · \(servings) servings of \(each)")
        return ResolvedFood(
            source: source, food: snapshot, portions: [recipe.portion], defaultAmount: nil, myFoodID: nil,
            catalogFoodID: nil, details: line)
    }
}
