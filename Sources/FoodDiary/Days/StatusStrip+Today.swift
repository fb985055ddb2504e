import FoodDiaryBase
import Foundation

extension StatusStripView {
    /// Today's strip for a diary. Every page shows it, so it is read once per change to the diary
    /// (or new day), not per page; nil when it cannot be read, and the page goes without.
    package static func today(in diary: Diary, timeZone: TimeZone, now: Date) async -> StatusStripView? {
        let today = LocalDateTime(now, in: timeZone).date
        return try? await diary.statusStrips.value(for: today, in: diary.database) { db in
            let day = try DayQueries.totals(db, from: today, through: today, of: DailyGoals.kinds).first
            return StatusStripView(totals: day?.totals ?? NutrientValues(), goals: try DailyGoals.fetch(db), notItemised: day?.notItemisedCount ?? 0)
        }
    }
}
