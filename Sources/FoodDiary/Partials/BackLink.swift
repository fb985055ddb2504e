import FoodDiaryBase
import FoodDiaryWeb

/// "← Today": the way back to the page a person came from (a `back` a link carried), named for
/// that page; `fallback` when none was carried or it is not a page of this site.
struct BackLinkView: Sendable {
    let url: String
    let text: String

    init(url: String, text: String) {
        self.url = url
        self.text = text
    }

    init(_ back: String?, fallback: BackLinkView) {
        guard let path = ReturnPath.local(back) else {
            self = fallback
            return
        }
        url = path
        text = Self.name(of: path)
    }

    private static func name(of path: String) -> String {
        let route = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        if route == "/today" { return tr("Today") }
        if route.hasPrefix("/days/"), let date = LocalDate(parsing: String(route.dropFirst(6))) { return date.longText }
        if route == "/log" { return tr("What did you eat?") }
        if route == "/" { return tr("All meals") }
        if route == "/favourites" { return "Favourites" }
        if route.hasPrefix("/meals/") { return tr("The meal") }
        return tr("Back")
    }
}
