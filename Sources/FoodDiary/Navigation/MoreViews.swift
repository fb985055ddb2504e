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
        schemes = [SchemeChoice(value: "", label: "As the device", selected: chosen == nil),
                   SchemeChoice(value: "light", label: "Light", selected: chosen == .light),
                   SchemeChoice(value: "dark", label: "Dark", selected: chosen == .dark)]
    }
}
