import GRDB

extension PlaceQueries {
    /// What `/places/{id}` shows, in one read: the place and one page of its meals, newest first.
    /// Nil for a place the diary does not have, or a page past its last.
    static func placePage(_ db: Database, id: Int64, page: Int) throws -> (place: PlaceRow, meals: MealQueries.ListPage)? {
        guard let place = try place(db, id: id), let meals = try MealQueries.listPage(db, page: page, of: .place(id)) else { return nil }
        return (place, meals)
    }

    /// What `/tags/{id}` shows, in one read: the tag and one page of its meals.
    static func tagPage(_ db: Database, id: Int64, page: Int) throws -> (tag: TagRow, meals: MealQueries.ListPage)? {
        guard let tag = try tag(db, id: id), let meals = try MealQueries.listPage(db, page: page, of: .tag(id)) else { return nil }
        return (tag, meals)
    }
}
