import FoodDiaryWeb
import Foundation

/// The "More" page: every section by name; the household's care (people, backups) for the owner.
struct MoreView: Sendable {
    struct SchemeChoice: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    let title = "More"
    let name: String
    let isOwner: Bool
    let csrfToken: String
    let schemes: [SchemeChoice]

    init(name: String, isOwner: Bool, csrfToken: String, chosen: ColorScheme?) {
        self.name = name
        self.isOwner = isOwner
        self.csrfToken = csrfToken
        schemes = SchemeChoice.all(chosen: chosen)
    }
}

extension MoreView.SchemeChoice {
    static func all(chosen: ColorScheme?) -> [Self] {
        [
            Self(value: "", label: "As the device", selected: chosen == nil),
            Self(value: "light", label: "Light", selected: chosen == .light),
            Self(value: "dark", label: "Dark", selected: chosen == .dark)
        ]
    }
}

/// `/settings`: every setting of the diary (units, meal names, goals, needs, where foods come from,
/// suggestions) by name, each one tap from here, and this device's appearance.
struct SettingsView: Sendable {
    struct Link: Sendable {
        let url: String
        let name: String
        let detail: String
    }

    let title = "Settings"
    let csrfToken: String
    let schemes: [MoreView.SchemeChoice]
    let diary = [
        Link(url: "/settings/body", name: "Units and measures", detail: "metric or US, calories or kilojoules, the measures you track"),
        Link(url: "/goals#meal-names", name: "Meal names", detail: "breakfast, lunch, dinner and snacks, as you call them"),
        Link(url: "/goals", name: "Daily goals", detail: "energy, protein, fat and carbohydrate"),
        Link(url: "/energy", name: "Energy target", detail: "from your diary and weight"),
        Link(url: "/settings/nutrients", name: "Nutrient needs", detail: "life stage, your own minimums and maximums")
    ]
    let foods = [
        Link(url: "/settings/food-data-central", name: "Foods online", detail: "FoodData Central and Open Food Facts"),
        Link(url: "/settings/model", name: "Suggestions from photos", detail: "the model that reads photos and labels")
    ]

    init(csrfToken: String, chosen: ColorScheme?) {
        self.csrfToken = csrfToken
        schemes = MoreView.SchemeChoice.all(chosen: chosen)
    }
}
