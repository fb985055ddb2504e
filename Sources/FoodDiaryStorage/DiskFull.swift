import FoodDiaryBase
import Foundation
import GRDB

/// Whether an error means the data directory's disk is full: a write of our own (`ENOSPC`, a quota)
/// or SQLite's, whose transaction was rolled back whole, so nothing half-written stays behind.
package enum DiskFull {
    package static func caused(_ error: any Error) -> Bool {
        switch error {
        case let failure as POSIXFailure: failure.code == ENOSPC || failure.code == EDQUOT
        // ZIPFoundation's, writing a backup.
        case let failure as POSIXError: failure.code == .ENOSPC || failure.code == .EDQUOT
        case let failure as DatabaseError: failure.resultCode == .SQLITE_FULL
        case let failure as CocoaError: failure.code == .fileWriteOutOfSpace
        default: false
        }
    }

    /// Runs a write whose loss on a full disk only costs a timestamp or a tidy-up, so that signing
    /// in and reading go on while the disk is full.
    package static func bestEffort(_ write: () async throws -> Void) async throws {
        do {
            try await write()
        } catch  where caused(error) {
            return
        }
    }
}
