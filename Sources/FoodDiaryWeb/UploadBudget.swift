import Hummingbird
import NIOConcurrencyHelpers

/// Caps the bytes of uploads being received at once, in all and per client address, so clients
/// that start many uploads cannot fill the disk with temporary files. Bytes are reserved as they are
/// written and given back when the request ends and its temporary files are gone.
package final class UploadBudget: Sendable {
    let totalLimit: Int
    let perClientLimit: Int
    private let state = NIOLockedValueBox((total: 0, byClient: [String: Int]()))

    package init(totalLimit: Int, perClientLimit: Int) {
        self.totalLimit = totalLimit
        self.perClientLimit = perClientLimit
    }

    /// Bytes reserved by uploads still arriving, in all.
    var reservedTotal: Int { state.withLockedValue { $0.total } }

    /// Reserves `bytes` for `client`, or throws the error that tells the client to wait.
    func reserve(_ bytes: Int, for client: String) throws {
        let refusal: HTTPError? = state.withLockedValue { state in
            let clientTotal = state.byClient[client, default: 0]
            if clientTotal + bytes > perClientLimit {
                return HTTPError(
                    .tooManyRequests, headers: [.retryAfter: "30"],
                    message: """
                        You have too many uploads in progress at once, so this one was stopped and nothing was saved. \
                        Wait for the others to finish, then send it again.
                        """)
            }
            if state.total + bytes > totalLimit {
                return HTTPError(
                    .serviceUnavailable, headers: [.retryAfter: "30"],
                    message: """
                        The diary is receiving too many uploads right now, so this one was stopped and nothing was saved. \
                        Try again in a minute.
                        """)
            }
            state.total += bytes
            state.byClient[client] = clientTotal + bytes
            return nil
        }
        if let refusal { throw refusal }
    }

    func release(_ bytes: Int, for client: String) {
        guard bytes > 0 else { return }
        state.withLockedValue { state in
            state.total -= bytes
            let remaining = state.byClient[client, default: 0] - bytes
            state.byClient[client] = remaining > 0 ? remaining : nil
        }
    }
}
