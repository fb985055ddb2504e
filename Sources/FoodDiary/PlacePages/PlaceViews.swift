import FoodDiaryBase
import Foundation

/// `/places`: every place, first visited first.
struct PlaceListView: Sendable {
    struct Row: Sendable {
        let url: String
        let name: String
        let detail: String
        let countText: String
    }

    let title = tr("Places")
    let notice: String?
    let rows: [Row]
    let hasRows: Bool

    init(places: [PlaceQueries.PlaceRow], timeZone: TimeZone, notice: String?) {
        self.notice = notice
        rows = places.map { place in
            let first =
                place.firstVisitedAt.map { tr("first visited \(LocalDateTime($0, in: timeZone).date.longText)") }
                ?? tr("no meals here any more")
            return Row(
                url: "/places/\(place.id)", name: place.name,
                detail: [place.geocodedName == place.name ? nil : place.geocodedName, first].compactMap { $0 }.joined(separator: " · "),
                countText: MealCount.text(place.mealCount))
        }
        hasRows = !rows.isEmpty
    }
}

enum MealCount {
    static func text(_ count: Int) -> String { count == 1 ? tr("1 meal") : tr("\(count) meals") }
}

/// `/places/{id}`: a place, its name (editable) and its meals.
struct PlaceDetailView: Sendable {
    let title: String
    let notice: String?
    let csrfToken: String
    let name: String
    let nameError: String?
    let action: String
    let geocodedName: String?
    let location: LocationView
    let countText: String
    let days: [MealDayView]
    let hasMeals: Bool
    let pagination: PaginationView?
    let maxNameLength = 200

    init(
        place: PlaceQueries.PlaceRow, meals: MealQueries.ListPage, csrfToken: String, notice: String?, typedName: String? = nil,
        nameError: String? = nil
    ) {
        title = place.name
        self.notice = notice
        self.csrfToken = csrfToken
        name = typedName ?? place.name
        self.nameError = nameError
        action = "/places/\(place.id)"
        geocodedName = place.geocodedName == place.name ? nil : place.geocodedName
        location = LocationView(coordinates: place.coordinates, source: nil, place: nil)
        countText = MealCount.text(place.mealCount)
        days = MealDayView.group(meals.meals)
        hasMeals = !meals.meals.isEmpty
        pagination = PaginationView(meals, path: "/places/\(place.id)")
    }
}

/// `/tags`: tags most used first, with a search box.
struct TagListView: Sendable {
    struct Row: Sendable {
        let url: String
        let name: String
        let countText: String
    }

    let title = tr("Tags")
    let search: String
    let rows: [Row]
    let hasRows: Bool
    let emptyMessage: String

    init(tags: [PlaceQueries.TagRow], search: String) {
        self.search = search
        rows = tags.map { Row(url: "/tags/\($0.id)", name: TagList.display($0.name), countText: MealCount.text($0.mealCount)) }
        hasRows = !rows.isEmpty
        emptyMessage =
            search.isEmpty
            ? tr("No tags yet. Add some on a meal, separated by commas: “breakfast, restaurant, with Sam”.")
            : tr("No tag contains “\(search.prefix(60))”.")
    }
}

/// `/tags/{id}`: the meals with one tag.
struct TagDetailView: Sendable {
    let title: String
    let name: String
    let countText: String
    let days: [MealDayView]
    let pagination: PaginationView?

    init(tag: PlaceQueries.TagRow, meals: MealQueries.ListPage) {
        name = TagList.display(tag.name)
        title = "Tag: \(name)"
        countText = MealCount.text(meals.totalCount)
        days = MealDayView.group(meals.meals)
        pagination = PaginationView(meals, path: "/tags/\(tag.id)")
    }
}
