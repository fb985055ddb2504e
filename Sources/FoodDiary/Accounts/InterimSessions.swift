import Foundation
import NIOConcurrencyHelpers

/// Sessions begun while the disk was full, kept in memory until the server stops. Signing in
/// writes a row, and someone whose session expired must still be able to sign in and read their
/// diary then; after a restart they sign in again. They end with everything that ends sessions.
final class InterimSessions: Sendable {
    private let sessions = NIOLockedValueBox<[Data: ActiveSession]>([:])

    func add(_ session: ActiveSession) { sessions.withLockedValue { $0[session.idSHA256] = session } }

    func session(_ idSHA256: Data) -> ActiveSession? { sessions.withLockedValue { $0[idSHA256] } }

    func end(_ idSHA256: Data) { sessions.withLockedValue { $0[idSHA256] = nil } }

    func endAll(accountID: Int64, keeping: Data? = nil) {
        sessions.withLockedValue { $0 = $0.filter { $0.value.account.id != accountID || $0.key == keeping } }
    }

    func count(accountID: Int64) -> Int { sessions.withLockedValue { $0.values.filter { $0.account.id == accountID }.count } }
}
