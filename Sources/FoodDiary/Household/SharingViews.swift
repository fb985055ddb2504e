import FoodDiaryBase
import Foundation

/// `/meals/{id}/share`: the foods as the whole dish, and each person's servings of it.
struct ShareMealView: Sendable {
    struct PersonRow: Sendable {
        let name: String
        let field: String
        let value: String
        /// Ticked, when everyone had the same.
        let checked: Bool
        let error: String?
    }

    let title = tr("Also log for…")
    let csrfToken: String
    let action: String
    let cancelURL: String
    let sourceText: String
    let shareKey: String
    let mealVersion: String
    /// Set when a form opened before the meal last changed was sent: nothing was done.
    let staleMessage: String?
    let entries: [EntryRowView]
    let hasEntries: Bool
    let kcalText: String
    let totalServings: String
    let totalServingsError: String?
    let ownServings: String
    let ownServingsError: String?
    let people: [PersonRow]
    let hasPeople: Bool
    /// Shared out by servings (the explicit choice), or the same for everyone (the default).
    let split: Bool
    let splitURL: String
    let sameURL: String
    /// The dish's energy as a number, for the preview of what a split makes of each meal.
    let energyValue: String
    /// Alone on the server: how someone else gets here, for the owner a link to add them.
    let nobodyElse: NobodyElse?

    struct NobodyElse: Sendable {
        let text: String
        let addURL: String?
    }
    let peopleError: String?
    let earlierShares: [String]
    let hasEarlierShares: Bool
    let hasErrors: Bool
    let errorSummary = ErrorSummary.nothingShared

    init(
        source: MealQueries.MealFoods, shares: [MealShare], people: [Account], viewerIsOwner: Bool = false, form: ShareMealForm,
        errors: ShareMealForm.Errors = .init(), stale: Bool = false, csrfToken: String
    ) {
        let meal = source.meal
        self.csrfToken = csrfToken
        action = "/meals/\(meal.id)/share"
        cancelURL = "/meals/\(meal.id)"
        sourceText = "\(meal.eatenAt.clockText), \(meal.eatenAt.date.longText)"
        shareKey = form.key
        mealVersion = form.mealVersion
        staleMessage =
            stale
            ? tr(
                "This meal changed after that page was opened (was it shared from another tab?), so nothing was logged. Here it is as it is now."
            )
            : nil
        entries = source.entries.map { EntryRowView($0) }
        hasEntries = source.isItemised
        kcalText = FoodDiaryBase.kcalText(source.totals)
        totalServings = form.totalServings
        totalServingsError = errors.totalServings
        ownServings = form.ownServings
        ownServingsError = errors.ownServings
        self.people = people.map { person in
            let value = form.servings[person.id] ?? ""
            return PersonRow(
                name: person.name, field: ShareMealForm.field(person.id), value: value,
                checked: !value.trimmingCharacters(in: .whitespaces).isEmpty, error: errors.servings[person.id])
        }
        hasPeople = !people.isEmpty
        split = form.split
        splitURL = "/meals/\(meal.id)/share?split=1"
        sameURL = "/meals/\(meal.id)/share"
        energyValue = String(NutrientKind.energyKcal.shown(source.totals.value(.energyKcal, default: 0)))
        nobodyElse =
            hasPeople
            ? nil
            : viewerIsOwner
                ? NobodyElse(
                    text: tr(
                        "Nobody else uses this diary server yet. Add the people you eat with, then log a meal for all of you at once."),
                    addURL: "/people")
                : NobodyElse(text: tr("Nobody else uses this diary server yet. Ask its owner to add the people you eat with."), addURL: nil)
        peopleError = errors.people
        earlierShares = shares.map(MealShareView.sentence)
        hasEarlierShares = !earlierShares.isEmpty
        hasErrors = !errors.isEmpty
    }
}

/// How a meal's detail page names its shares.
enum MealShareView {
    static func sentence(_ share: MealShare) -> String {
        switch share.direction {
        case .with: tr("Also logged for \(share.personName), who had \(share.share.text).")
        case .from: tr("Shared by \(share.personName): your share is \(share.share.text).")
        }
    }
}
