import FoodDiaryBase
import GRDB

extension DayQueries {
    /// The energy estimate over the window ending on `last`, with what the page around it needs.
    struct EnergyReading: Sendable {
        let outcome: Result<EnergyExpenditure, EnergyExpenditure.Shortfall>
        let settings: BodySettings
        let goal: Double?
    }

    static func energy(_ db: Database, endingOn last: LocalDate) throws -> EnergyReading {
        let first = last.adding(days: -(EnergyExpenditure.windowDays - 1))
        let exercise = try ActivityQueries.days(db, from: first, through: last)
        let intakes = try DayQueries.totals(db, from: first, through: last, of: [.energyKcal]).map {
            EnergyExpenditure.Intake(
                date: $0.date, kcal: $0.mealCount > $0.notItemisedCount ? $0.totals[.energyKcal] ?? 0 : nil,
                mealsToItemise: $0.notItemisedCount, activeKcal: exercise[$0.date]?.activeKcal ?? 0)
        }
        let trend = try BodyQueries.weightTrend(db, through: last, shownDays: EnergyExpenditure.windowDays).trend
        return EnergyReading(
            outcome: EnergyExpenditure.estimate(intakes: intakes, trend: trend, endingOn: last),
            settings: try BodyQueries.settings(db), goal: try DailyGoals.fetch(db)[.energyKcal])
    }
}
