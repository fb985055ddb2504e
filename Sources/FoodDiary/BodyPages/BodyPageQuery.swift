import FoodDiaryBase
import GRDB

extension BodyQueries {
    /// What `/body` shows, in one read.
    struct Page: Sendable {
        /// Read for the page, not for the JSON summary.
        let energy: DayQueries.EnergyReading?
        let settings: BodySettings
        let measures: [BodyMeasure]
        let latest: [Int64: BodyMeasurement]
        let trend: WeightTrend
        let weighIns: [BodyMeasurement]
    }

    static func page(_ db: Database, today: LocalDate, shownDays: Int, withEnergy: Bool) throws -> Page {
        let (trend, weighIns) = try weightTrend(db, through: today, shownDays: shownDays)
        return Page(energy: withEnergy ? try DayQueries.energy(db, endingOn: today.previous) : nil, settings: try settings(db), measures: try measures(db),
                    latest: try latestReadings(db), trend: trend, weighIns: weighIns)
    }
}
