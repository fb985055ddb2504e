import FoodDiaryBase

/// `/energy`: what the body burns, from the diary, and a target for the chosen rate.
struct EnergyView: Sendable {
    struct Rate: Sendable {
        let value: String
        let label: String
        let targetText: String
        let note: String?
        let selected: Bool
    }

    let title = tr("Energy target")
    let csrfToken: String
    let notice: String?
    let hasEstimate: Bool
    let expenditureText: String?
    let basisText: String?
    let confidenceText: String?
    let shortfallText: String?
    let exerciseText: String?
    let rates: [Rate]
    let currentGoalText: String?
    let methodText =
        tr(
            "Energy balance: the mean energy of your complete days, minus the change in your weight trend at \(kcalText(EnergyExpenditure.kilocaloriesPerKilogram)) a kilogram, over the last 42 days. Days not logged or with meals to itemise are left out."
        )
}
