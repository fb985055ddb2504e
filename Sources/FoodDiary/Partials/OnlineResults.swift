import FoodDiaryBase
import Foundation

/// One "From FoodData Central" or "From Open Food Facts" section: what the online search found
/// there, or why nothing came.
struct OnlineResultsView: Sendable {
    struct Row: Sendable {
        let description: String
        let detail: String
        let kcalText: String
        let per: String
        /// Already in this catalog (kept before, or SR28's own): a plain link.
        let chooseURL: String?
        /// Otherwise a button that fetches and keeps it.
        let pickAction: String?
        /// An Open Food Facts product with a packaging photo, which the person may keep with it.
        var offersPhoto = false
    }

    /// Where the results come from, and the licence its data is under when it asks to be named.
    var source = tr("FoodData Central")
    var attribution: String?
    /// Where the person can say which country's products to look for.
    var countryNote: String?
    let problem: String?
    var summary: String?
    var rows: [Row]
    let hasRows: Bool
    let query: String
    let csrfToken: String
    /// Why the shared key's limits matter, shown while no key of one's own is set.
    let demoKeyNote: String?

    static var demoNote: String {
        tr("Searching with the shared DEMO_KEY, which allows 30 searches an hour. A free key of your own allows 1,000.")
    }
}
