import Foundation

/// The "More" page: every section by name; the household's care (people, backups) for the owner.
struct MoreView: Sendable {
    let title = "More"
    let name: String
    let isOwner: Bool
}
