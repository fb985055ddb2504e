import FoodDiaryStorage
import Foundation
import NIOConcurrencyHelpers

/// Sessions read in the last few seconds, so most requests cost no query (a third of a static
/// file's time otherwise). An entry is dropped at once by any change this server makes to the
/// accounts (sign-out, a new password, a removal); one made by `fooddiary user` from another
/// process is seen within `freshFor`.
final class RecentSessions: Sendable {
    static let freshFor: TimeInterval = 5
    /// A household has a handful of browsers; past this the map starts again.
    static let maxEntries = 1_000

    private struct Entry {
        let session: ActiveSession
        let readAt: Date
        let version: Int
    }

    private let entries = NIOLockedValueBox<[Data: Entry]>([:])
    /// A session read by one request is handed to every request for it that missed meanwhile.
    let reads = SharedReads<SessionKey, ActiveSession?>()

    struct SessionKey: Hashable, Sendable {
        let idSHA256: Data
        let version: Int
    }

    /// The session with that id hash, read at most `freshFor` ago and unchanged since, or nil.
    func session(_ idSHA256: Data, version: Int, now: Date) -> ActiveSession? {
        entries.withLockedValue { entries in
            guard let entry = entries[idSHA256], entry.version == version,
                now.timeIntervalSince(entry.readAt) < Self.freshFor, entry.readAt <= now
            else { return nil }
            return entry.session
        }
    }

    func remember(_ session: ActiveSession, version: Int, now: Date) {
        entries.withLockedValue { entries in
            if entries.count >= Self.maxEntries { entries.removeAll() }
            entries[session.idSHA256] = Entry(session: session, readAt: now, version: version)
        }
    }
}
