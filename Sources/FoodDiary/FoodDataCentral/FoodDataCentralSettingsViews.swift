import FoodDiaryBase
import Foundation

/// `/settings/food-data-central`: which key online searches use, never shown whole, and the
/// country whose products they look for.
struct FoodDataCentralSettingsView: Sendable {
    let title = tr("Foods online")
    let notice: String?
    let country: CountryChoiceView
    let csrfToken: String
    let error: String?
    /// The key in use, masked, and whose it is.
    let currentKey: String
    let hasOwnKey: Bool
    let usesDemoKey: Bool
    let hasErrors: Bool
    let errorSummary = ErrorSummary.nothingChanged

    init(key: FoodDataCentralKey, country: CountryChoiceView, csrfToken: String, notice: String?, error: String?) {
        self.notice = notice
        self.country = country
        self.csrfToken = csrfToken
        self.error = error
        hasErrors = error != nil || country.countryError != nil
        hasOwnKey = key.origin == .diary
        usesDemoKey = key.isDemo
        currentKey =
            switch key.origin {
            case .diary: tr("This diary’s own key, \(FoodDataCentralKey.masked(key.value)).")
            case .server: tr("The server’s key (FOODDIARY_FDC_API_KEY), \(FoodDataCentralKey.masked(key.value)).")
            case .demo: tr("The shared DEMO_KEY.")
            }
    }
}

/// The country select: the person's choice, else their browser's guess, said as such.
struct CountryChoiceView: Sendable {
    struct Option: Sendable {
        let value: String
        let name: String
        let selected: Bool
    }

    let options: [Option]
    let guessNote: String?
    let countryError: String?

    init(chosen: String?, acceptLanguage: String?, error: String?) {
        let current = ProductCountry.current(chosen: chosen, acceptLanguage: acceptLanguage)
        let anywhere = chosen == ProductCountry.anywhere || current == nil
        options =
            [Option(value: ProductCountry.anywhere, name: tr("Every country"), selected: anywhere)]
            + ProductCountry.all.map { Option(value: $0.code, name: $0.shownName, selected: $0 == current) }
            // In the page's language's order: Österreich among the Os, not after Zypern.
            .sorted {
                $0.name.folding(options: .diacriticInsensitive, locale: nil) < $1.name.folding(options: .diacriticInsensitive, locale: nil)
            }
        guessNote = chosen == nil ? current.map { tr("\($0.shownName), from your browser’s language, until you choose.") } : nil
        countryError = error
    }
}
