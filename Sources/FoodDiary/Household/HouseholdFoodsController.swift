import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird
import FoodDiaryPhotos

/// Sharing your foods and recipes with the household, and copying someone else's to make it yours.
struct HouseholdFoodsController: Sendable {
    let household: HouseholdFoods
    let now: @Sendable () -> Date

    func addRoutes(to routes: Routes) {
        routes.post("/my-foods/:food/household", use: shareMyFood)
        routes.post("/recipes/:recipe/household", use: shareRecipe)
        routes.post("/household/my-foods/:diary/:food/copy", use: copyMyFood)
        routes.post("/household/recipes/:diary/:recipe/copy", use: copyRecipe)
    }

    @Sendable func shareMyFood(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try Self.id(context, "food", orElse: MyFood.Missing())
        let shared = try Self.sharedChoice(context)
        guard try await context.diary().database.setMyFoodShared(id: id, shared) else { throw MyFood.Missing() }
        return redirect(to: "/my-foods?notice=\(shared ? "shared" : "unshared")")
    }

    @Sendable func shareRecipe(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try Self.id(context, "recipe", orElse: Recipe.Missing())
        let shared = try Self.sharedChoice(context)
        guard try await context.diary().database.setRecipeShared(id: id, shared) else { throw Recipe.Missing() }
        return redirect(to: "/recipes/\(id)?notice=\(shared ? "shared" : "unshared")")
    }

    /// A food of your own made from someone else's shared one, photo and all.
    @Sendable func copyMyFood(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        guard
            let shared = try await household.myFood(
                diaryID: try Self.id(context, "diary", orElse: HouseholdFoods.NothingShared()),
                id: try Self.id(context, "food", orElse: HouseholdFoods.NothingShared()), for: person.account)
        else { throw HouseholdFoods.NothingShared() }
        let input = MyFoodInput(food: shared.item.snapshot, servingLabel: shared.item.servingLabel)
        _ = try await withPhoto(shared.item.photo, of: shared, into: person.diary) { photo in
            try await person.diary.database.saveMyFood(id: nil, input, photo: photo, now: now())
        }
        return redirect(to: "/my-foods?notice=copied")
    }

    @Sendable func copyRecipe(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        guard
            let shared = try await household.recipe(
                diaryID: try Self.id(context, "diary", orElse: HouseholdFoods.NothingShared()),
                id: try Self.id(context, "recipe", orElse: HouseholdFoods.NothingShared()), for: person.account)
        else { throw HouseholdFoods.NothingShared() }
        let id = try await withPhoto(shared.item.photo, of: shared, into: person.diary) { photo in
            try await person.diary.database.copyRecipe(shared.item, photo: photo, now: now())
        }
        return redirect(to: "/recipes/\(id)?notice=copied")
    }

    /// Runs `save` with the item's photo handed over to `diary`, committed with the row that shows it.
    private func withPhoto<T: Sendable>(
        _ photo: Photo?, of shared: HouseholdFoods.Shared<some Sendable>, into diary: Diary,
        _ save: (IngestedPhoto?) async throws -> T
    ) async throws -> T {
        let (from, to) = (shared.diary.photos, diary.photos)
        var handed: IngestedPhoto?
        if let photo { handed = try await PhotoRejection.answered { try await from.handOver(photo, to: to) } }
        defer { if let handed { unlink(handed.temporaryPath) } }
        return try await diary.photos.committing(handed, creating: { try await save(handed) })
    }

    private static func id(_ context: AppRequestContext, _ name: String, orElse missing: some Refusal) throws -> Int64 {
        guard let id = context.parameters.get(name).flatMap(Int64.init), id > 0 else { throw missing }
        return id
    }

    /// "1" to share, "0" to stop, so a repeated click cannot flip it back.
    private static func sharedChoice(_ context: AppRequestContext) throws -> Bool {
        guard let value = context.formFields["shared"], ["0", "1"].contains(value) else {
            throw HTTPError(
                .badRequest, message: tr("Say whether to share it with the household (shared=1) or stop sharing it (shared=0)."))
        }
        return value == "1"
    }
}
