import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird
import Logging

/// "Also log for…" on a meal: share it out by servings with other people of the household.
struct MealSharingController: Sendable {
    let sharing: MealSharing
    let renderer: PageRenderer
    let logger: Logger

    func addRoutes(to routes: Routes) {
        routes.get("/meals/:id/share", use: form)
        routes.post("/meals/:id/share", use: share)
    }

    @Sendable func form(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await page(nil, split: try request.formQuery()["split"] == "1", context: context)
    }

    @Sendable func share(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        let people = try await sharing.household(besides: person.account)
        let form = ShareMealForm(fields: context.formFields, people: people)
        guard ShareMealForm.isKey(form.key) else {
            throw HTTPError(.badRequest, message: tr("This form has lost its share key. Open “Also log for…” on the meal again."))
        }
        let (source, shares) = try await mealAndShares(context)
        if try await person.diary.database.read({ db in try SharingQueries.isRecorded(db, key: form.key) }) {
            return redirect(to: "/meals/\(source.meal.id)?notice=shared_already")
        }
        guard form.mealVersion == SharingQueries.version(of: source, shares: shares) else {
            return try await page(nil, split: form.split, stale: true, status: .conflict, context: context)
        }
        switch form.validate(people: people) {
        case .failure(let errors):
            return try await page(form, errors: errors, status: .unprocessableContent, context: context)
        case .success(let plan):
            switch try await sharing.share(mealID: source.meal.id, version: form.mealVersion, by: person, as: plan) {
            case .gone: throw Meal.Missing(id: source.meal.id)
            case .stale: return try await page(nil, split: form.split, stale: true, status: .conflict, context: context)
            case .doneAlready: return redirect(to: "/meals/\(source.meal.id)?notice=shared_already")
            case .done:
                logger.info("Meal shared with \(plan.people.count) other \(plan.people.count == 1 ? "person" : "people")")
                return redirect(to: "/meals/\(source.meal.id)?notice=\(plan.kept.isWhole ? "shared_same" : "shared")")
            }
        }
    }

    /// The form as sent back with its mistakes, or a fresh one (`form` nil) for the meal as it is now.
    private func page(
        _ sent: ShareMealForm?, split: Bool = false, errors: ShareMealForm.Errors = .init(), stale: Bool = false,
        status: HTTPResponse.Status = .ok, context: AppRequestContext
    ) async throws -> Response {
        let person = try context.person()
        let (source, shares) = try await mealAndShares(context)
        let people = try await sharing.household(besides: person.account)
        // The one other person of a household is who a shared meal is for: ticked already.
        let lone: [Int64: String] = people.count == 1 && !split ? [people[0].id: "1"] : [:]
        let form =
            sent
            ?? ShareMealForm(
                key: ShareMealForm.newKey(), mealVersion: SharingQueries.version(of: source, shares: shares), split: split,
                servings: lone)
        return await renderer.render(
            .shareMeal,
            ShareMealView(
                source: source, shares: shares, people: people,
                viewerIsOwner: person.account.role == .owner,
                form: form, errors: errors, stale: stale, csrfToken: context.csrfToken), for: context,
            status: status)
    }

    private func mealAndShares(_ context: AppRequestContext) async throws -> (MealQueries.MealFoods, [MealShare]) {
        let id = try mealIDParameter(context)
        guard let found = try await context.diary().database.read({ db in try SharingQueries.mealFoodsAndShares(db, mealID: id) }) else {
            throw Meal.Missing(id: id)
        }
        return found
    }
}
