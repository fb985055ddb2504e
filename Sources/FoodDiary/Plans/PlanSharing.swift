import FoodDiaryStorage
import Foundation
import GRDB

/// Whether a diary shows its plan and shopping list to the rest of the household: off until its
/// person turns it on, so nothing planned is seen by others unasked.
enum PlanSharing {
    static let settingKey = "plan_shared_with_household"

    static func isShared(_ db: Database) throws -> Bool {
        try db.cachedValue("SELECT value FROM setting WHERE key = ?", [settingKey]) as String? == "1"
    }
}

extension AppDatabase {
    func setPlanShared(_ shared: Bool) async throws {
        try await setSetting(PlanSharing.settingKey, to: shared ? "1" : nil)
    }
}
