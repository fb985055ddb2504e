import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// The "More" page: every section by name; the household's care (people, backups) for the owner.
struct MoreView: Sendable {
    struct SchemeChoice: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    let title = tr("More")
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
            Self(value: "", label: tr("As the device"), selected: chosen == nil),
            Self(value: "light", label: tr("Light"), selected: chosen == .light),
            Self(value: "dark", label: tr("Dark"), selected: chosen == .dark)
        ]
    }
}

/// A language to read the pages in, by its own name; the first, empty, follows the browser.
struct LanguageChoice: Sendable {
    let value: String
    let label: String
    /// The tag, so a browser reads each name in its own language.
    let lang: String
    let selected: Bool

    static func all(_ languages: Languages, chosen: Language?) -> [Self] {
        [Self(value: "", label: tr("As your browser asks"), lang: RequestConventions.current.language.code, selected: chosen == nil)]
            + languages.all.map { Self(value: $0.code, label: $0.name, lang: $0.code, selected: $0 == chosen) }
    }
}

/// `/settings`: every setting of the diary (units, meal names, goals, needs, where foods come from,
/// suggestions) by name, each one tap from here, the language the person reads in, and this
/// device's appearance.
struct SettingsView: Sendable {
    struct Link: Sendable {
        let url: String
        let name: String
        let detail: String
    }

    let title = tr("Settings")
    let csrfToken: String
    let schemes: [MoreView.SchemeChoice]
    let languages: [LanguageChoice]
    let diary = [
        Link(
            url: "/settings/body", name: tr("Units and measures"),
            detail: tr("metric or US, calories or kilojoules, the measures you track")),
        Link(url: "/goals#meal-names", name: tr("Meal names"), detail: tr("breakfast, lunch, dinner and snacks, as you call them")),
        Link(url: "/goals", name: tr("Daily goals"), detail: tr("energy, protein, fat and carbohydrate")),
        Link(url: "/energy", name: tr("Energy target"), detail: tr("from your diary and weight")),
        Link(url: "/settings/nutrients", name: tr("Nutrient needs"), detail: tr("life stage, your own minimums and maximums")),
        Link(url: "/settings/reminders", name: tr("Reminders"), detail: tr("notifications on your phone or computer"))
    ]
    let foods = [
        Link(url: "/settings/food-data-central", name: tr("Foods online"), detail: tr("FoodData Central and Open Food Facts")),
        Link(url: "/settings/model", name: tr("Suggestions from photos"), detail: tr("the model that reads photos and labels"))
    ]

    init(csrfToken: String, chosen: ColorScheme?, languages: [LanguageChoice]) {
        self.csrfToken = csrfToken
        schemes = MoreView.SchemeChoice.all(chosen: chosen)
        self.languages = languages
    }
}
