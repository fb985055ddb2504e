import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation
import Hummingbird

/// "My saved foods": keep a catalog or typed food for one-tap reuse, list them, remove them.
struct SavedFoodsController: Sendable {
    let catalog: CatalogDatabase
    let renderer: PageRenderer
    let now: @Sendable () -> Date

    func addRoutes(to routes: Routes) {
        routes.get("/saved-foods", use: list)
        routes.post("/saved-foods", use: save)
        routes.post("/saved-foods/:id/delete", use: remove)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let saved = try await diary.database.read { db in try EntryQueries.savedFoods(db) }
        let notice = try request.formQuery()["notice"].flatMap { EntryPagesController.notices[$0] }
        return await renderer.render(.savedFoods, SavedFoodsView(saved: saved, csrfToken: context.csrfToken, notice: notice), for: context)
    }

    /// Saves the catalog food `catalog_food`, or the food of the entry `entry` ("meal:entry") with its amount.
    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let fields = context.formFields
        let food: FoodSnapshot, amount: ChosenAmount
        if let text = fields["catalog_food"] {
            guard let id = Int64(text), let details = try await catalog.read({ db in try FoodDetails.fetch(db, id: id) }) else {
                throw HTTPError(.notFound, message: tr("There is no food with that number in the catalog."))
            }
            food = FoodSnapshot(catalogFood: details)
            // One tap adds the food's first household measure, the way people usually count it.
            let unit = details.measureUnit.symbol
            amount =
                Portion.catalogPortions(details).first.map {
                    ChosenAmount(grams: $0.grams, label: "\($0.label) (\(formatQuantity($0.grams)) \(unit))")
                }
                ?? ChosenAmount(grams: 100, label: "100 \(unit)")
        } else if let text = fields["entry"] {
            let parts = text.split(separator: ":").compactMap { Int64($0) }
            guard parts.count == 2,
                let entry = try await diary.database.read({ db in try EntryQueries.entry(db, mealID: parts[0], entryID: parts[1]) })
            else {
                throw HTTPError(.notFound, message: tr("That food entry is gone; it may have been removed."))
            }
            guard let grams = entry.grams else {
                throw HTTPError(.conflict, message: tr("A quick add is just numbers for one meal, so it cannot be saved as a food."))
            }
            food = entry.food
            amount = ChosenAmount(grams: grams, label: entry.portionLabel)
        } else {
            throw HTTPError(.badRequest, message: tr("The form did not say which food to save."))
        }
        _ = try await diary.database.saveFood(food, defaultAmount: amount, now: now())
        return redirect(to: ReturnPath.adding("notice", "saved_food", to: ReturnPath.local(fields["return_to"]) ?? "/saved-foods"))
    }

    @Sendable func remove(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        guard let text = context.parameters.get("id"), let id = Int64(text), try await diary.database.removeSavedFood(id: id) else {
            throw HTTPError(.notFound, message: tr("That saved food is gone; it may have been removed already."))
        }
        return redirect(
            to: ReturnPath.adding("notice", "unsaved_food", to: ReturnPath.local(context.formFields["return_to"]) ?? "/saved-foods"))
    }
}
