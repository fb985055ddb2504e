import Foundation
import GRDB

extension AppDatabase {
    /// Replaces every goal at once.
    package func setGoals(_ goals: DailyGoals) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM daily_goal")
            for (kind, target) in goals.targets {
                try db.execute(sql: "INSERT INTO daily_goal (nutrient, target) VALUES (?, ?)", arguments: [kind.rawValue, target])
            }
        }
    }
}
