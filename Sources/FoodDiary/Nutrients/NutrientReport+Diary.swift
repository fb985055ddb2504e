import FoodDiaryBase
import Foundation

extension NutrientReport {
    /// The `days` ending with `date` against the person's needs, as the page and the assistant read them.
    static func read(_ diary: Diary, through date: LocalDate, days: Int) async throws -> (NutrientReport, NutrientSettings) {
        let (intake, settings) = try await diary.database.read { db in
            try NutrientQueries.intake(db, from: date.adding(days: 1 - days), through: date)
        }
        return (NutrientReport(days: intake, settings: settings, wholeDaysOnly: days > 1), settings)
    }
}
