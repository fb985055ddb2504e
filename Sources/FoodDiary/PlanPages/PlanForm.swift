import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation

/// What the add-to-plan form names: a recipe in servings, a favourite, a food by its source
/// (`catalog:`, `saved:` or `my:` and its id), or a note; or why it cannot be planned.
enum PlanForm: Equatable {
    case recipe(id: Int64, servings: Double)
    case meal(id: Int64)
    case source(String)
    case note(String)
    /// The reason, and the note as typed, to be kept in its box.
    case problem(String, note: String)

    static func choice(_ fields: FormFields) -> PlanForm {
        if let id = fields["recipe"].flatMap({ Int64($0) }) {
            switch TypedNumber.parse(fields["servings"] ?? "1", in: PlannedMeal.servingsRange) {
            case .success(let servings): return .recipe(id: id, servings: servings)
            case .failure(let problem):
                return .problem(TypedNumber.message(problem, what: tr("servings"), range: PlannedMeal.servingsRange), note: "")
            }
        }
        if let id = fields["meal"].flatMap({ Int64($0) }) { return .meal(id: id) }
        if let source = fields["source"], !source.isEmpty { return .source(String(source)) }
        let typed = String(fields["note"] ?? "")
        let note = String(typed.filter { !$0.isNewline }.trimmingWhitespace)
        if note.isEmpty { return .problem(tr("Type what the note says, like “eat out”."), note: typed) }
        let length = TypedText.length(note)
        guard length <= PlannedMeal.maxNoteCharacters else {
            return .problem(
                tr(
                    "A note in the plan holds up to \(PlannedMeal.maxNoteCharacters) characters; this one has \(NumberText.grouped(length))."
                ),
                note: typed)
        }
        return .note(note)
    }
}

/// What the add-to-plan page offers, read at once: the recipes, the favourites, and for typed
/// words the person's saved and own foods with the catalog's.
struct PlanChoices: Sendable {
    let slotNames: MealSlotNames
    let recipes: [PlanAddView.Choice]
    let favourites: [PlanAddView.Choice]
    let foods: [PlanAddView.Choice]

    static let catalogFoodsShown = 10

    static func read(_ diary: Diary, catalog: CatalogDatabase, query: String) async throws -> PlanChoices {
        async let searched = catalog.searchIfTyped(
            query, brand: "", scope: .all, limit: catalogFoodsShown, asTyped: false, logged: { try await diary.loggedCatalogFoods() })
        let typed = !Words.split(query).isEmpty
        let read = try await diary.database.read { db in
            (
                try MealSlotNames.fetch(db), try Recipe.search(db), try MealQueries.favourites(db),
                typed ? EntryQueries.matching(try EntryQueries.savedFoods(db), query) : [],
                typed ? try MyFood.fetchAll(db, matching: query) : []
            )
        }
        let (slotNames, recipes, favourites, saved, own) = read
        var foods = saved.map { food in
            PlanAddView.Choice(
                name: food.food.description,
                detail: "\(food.defaultAmount.shownLabel) · \(kcalText(food.food.nutrients(forGrams: food.defaultAmount.grams)))",
                field: "source", value: "saved:\(food.id)", isRecipe: false)
        }
        foods += own.map { food in
            PlanAddView.Choice(
                name: food.name, detail: "\(food.portion.label) · \(kcalText(food.perServing))", field: "source", value: "my:\(food.id)",
                isRecipe: false)
        }
        foods +=
            (try await searched)?.foods.map { food in
                PlanAddView.Choice(
                    name: food.description,
                    detail: food.energyKcalPer100g.map { tr("\(kcalText($0)) per 100 \(food.measureUnit.symbol)") } ?? "",
                    field: "source", value: "catalog:\(food.id)", isRecipe: false)
            } ?? []
        return PlanChoices(
            slotNames: slotNames,
            recipes: recipes.map { recipe in
                PlanAddView.Choice(
                    name: recipe.name, detail: tr("\(kcalText(recipe.perServing)) a serving"), field: "recipe", value: String(recipe.id),
                    isRecipe: true)
            },
            favourites: favourites.map { meal in
                PlanAddView.Choice(
                    name: meal.headline ?? meal.foodsText, detail: meal.knownEnergyKcal.map { kcalText($0) } ?? "", field: "meal",
                    value: String(meal.id), isRecipe: false)
            },
            foods: foods)
    }
}
