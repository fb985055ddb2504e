import Foundation

/// Why a sign-in with the provider did not work: what the person is told, and what the log says.
struct OpenIDProblem: Error, Sendable {
    enum Kind: Sendable { case unreachable, refused, badToken }
    let kind: Kind
    /// For the server's log: which check failed, never a token.
    let reason: String

    static func unreachable(_ reason: String) -> OpenIDProblem { OpenIDProblem(kind: .unreachable, reason: reason) }
    static func refused(_ reason: String) -> OpenIDProblem { OpenIDProblem(kind: .refused, reason: reason) }
    static func badToken(_ reason: String) -> OpenIDProblem { OpenIDProblem(kind: .badToken, reason: reason) }

    func message(provider: String) -> String {
        switch kind {
        case .unreachable: return "\(provider) could not be reached just now. Try again in a moment, or sign in another way."
        case .refused: return "\(provider) did not let this sign-in finish. Start again."
        case .badToken:
            return
                "\(provider)’s answer did not pass this server’s checks, so nobody was signed in. Start again; if it keeps happening, the owner will find why in the server’s log."
        }
    }
}
