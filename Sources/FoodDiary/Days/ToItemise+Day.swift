extension ToItemiseView {
    /// A day's meals still without foods, oldest first as the day shows them.
    init?(day: DayQueries.Day) {
        let waiting = day.meals.filter { !$0.isItemised }.map(\.meal)
        self.init(count: waiting.count, meals: waiting, showsDay: false, listURL: nil)
    }
}
