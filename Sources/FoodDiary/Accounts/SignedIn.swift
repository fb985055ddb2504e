import Foundation

/// The person a request acts for, and what proved it.
public struct SignedIn: Sendable {
    public enum Credential: Sendable, Equatable {
        /// A browser session; the CSRF token is derived from it.
        case session(idSHA256: Data)
        /// A personal access token in `Authorization: Bearer`; such requests carry no ambient
        /// credential another site could borrow, so they need no CSRF token.
        case token(id: Int64)
        /// A trusted reverse proxy's header; the browser's CSRF cookie guards its forms.
        case proxy
    }

    public let account: Account
    public let credential: Credential
    /// The diary this person has open, which every page and route of theirs reads.
    public let diary: Diary
}
