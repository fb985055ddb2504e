import Foundation

/// Who a request acts for, as far as the web plumbing needs to know: how they proved it (which
/// decides the CSRF token a form must carry), where their uploads are spooled, and the diary name
/// the top bar shows. The signed-in person (`SignedIn`) is one; the plumbing never sees more.
public protocol Requester: Sendable {
    var credential: RequestCredential { get }
    /// Where a multipart upload's files are written while the form is read.
    var uploadDirectory: String { get }
    /// The open diary's name, for the top bar.
    var diaryName: String? { get }
}

/// What proved who a request comes from.
public enum RequestCredential: Sendable, Equatable {
    /// A browser session; the CSRF token is derived from it.
    case session(idSHA256: Data)
    /// A personal access token in `Authorization: Bearer`; such requests carry no ambient
    /// credential another site could borrow, so they need no CSRF token.
    case token(id: Int64, canWrite: Bool)
    /// A trusted reverse proxy's header; the browser's CSRF cookie guards its forms.
    case proxy
}
