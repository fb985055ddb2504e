import FoodDiaryBase
import FoodDiaryStorage
import Foundation

/// Today's totals for the strip every page shows, read once per change (or new day).
enum KeptTodayStrip: DiaryReadKind {
    typealias Key = LocalDate
    typealias Value = StatusStripView
}

extension StatusStripView {
    /// Today's strip for a diary. Every page shows it, so it is read once per change to the diary
    /// (or new day), not per page; nil when it cannot be read, and the page goes without.
    package static func today(in diary: Diary, timeZone: TimeZone, now: Date) async -> StatusStripView? {
        let today = LocalDateTime(now, in: timeZone).date
        return try? await diary.kept(KeptTodayStrip.self, for: today) { db in
            let day = try DayQueries.totals(db, from: today, through: today, of: DailyGoals.kinds).first
            return StatusStripView(
                totals: day?.totals ?? NutrientValues(), goals: try DayQueries.goals(db, on: today), notItemised: day?.notItemisedCount ?? 0
            )
        }
    }

    init(totals: NutrientValues, goals: DailyGoals, notItemised: Int) {
        todayNotItemisedText = DayView.notItemisedText(notItemised)
        let kcal = totals.value(.energyKcal, default: 0)
        kcalText = NutrientKind.energyKcal.format(kcal)
        goalText = goals[.energyKcal].map { NutrientKind.energyKcal.format($0) }
        fill = goals[.energyKcal].map { NumberText.fixed(min(100, kcal / $0 * 100), fractionDigits: 1) } ?? "0"
        isOver = goals[.energyKcal].map { kcal > $0 } ?? false
        macros = macrosText(totals)
    }
}
