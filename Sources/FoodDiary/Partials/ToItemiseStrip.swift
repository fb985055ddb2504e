import FoodDiaryBase
import Foundation

/// "3 meals to itemise" with their thumbnails: on the list, today and every day.
struct ToItemiseView: Sendable {
    struct Thumb: Sendable {
        let url: String
        let thumbnailURL: String?
        let label: String
    }

    static let shown = 6

    let heading: String
    let thumbs: [Thumb]
    let moreText: String?
    let listURL: String?

    /// Nil when nothing waits. `listURL` leads to all of them when more exist than are shown.
    init?(count: Int, meals: [Meal], showsDay: Bool, listURL: String?) {
        guard count > 0 else { return nil }
        heading = count == 1 ? tr("1 meal to itemise") : tr("\(count) meals to itemise")
        thumbs = meals.prefix(Self.shown).map { meal in
            Thumb(
                url: "/meals/\(meal.id)", thumbnailURL: meal.photo?.url(.thumb),
                label: showsDay ? "\(meal.eatenAt.date.shortText), \(meal.eatenAt.clockText)" : meal.eatenAt.clockText)
        }
        moreText = count > thumbs.count ? tr("and \(count - thumbs.count) more") : nil
        self.listURL = listURL
    }
}
