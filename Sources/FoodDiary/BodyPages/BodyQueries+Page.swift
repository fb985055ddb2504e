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
        return Page(
            energy: withEnergy ? try DayQueries.energy(db, endingOn: today.previous) : nil, settings: try settings(db),
            measures: try measures(db),
            latest: try latestReadings(db), trend: trend, weighIns: weighIns)
    }
}

extension BodyQueries {
    /// What `/body/{key}` shows, in one read: the measure, all its readings and the units.
    struct MeasurePage: Sendable {
        let measure: BodyMeasure
        let readings: [BodyMeasurement]
        let settings: BodySettings
    }

    /// Nil for a measure the diary does not have.
    static func measurePage(_ db: Database, key: String) throws -> MeasurePage? {
        guard let measure = try measure(db, key: key) else { return nil }
        return MeasurePage(measure: measure, readings: try measurements(db, measureID: measure.id), settings: try settings(db))
    }

    /// What `/settings/body` shows, in one read.
    struct SettingsPage: Sendable {
        let settings: BodySettings
        let measures: [BodyMeasure]
    }

    static func settingsPage(_ db: Database) throws -> SettingsPage {
        SettingsPage(settings: try settings(db), measures: try measures(db))
    }
}
