import HTTPTypes

/// Why something asked for cannot be done, in a feature's own terms: the feature names the kind
/// and the words, and the error page (or the API's JSON) gives it its status. A rule's refusal so
/// reads the same from every page that applies it, and no feature borrows another's controller.
package protocol Refusal: Error, Sendable {
    var kind: RefusalKind { get }
    /// For the person who asked: what happened, and what to do.
    var message: String { get }
}

package enum RefusalKind: Sendable {
    /// What was named is not there (deleted, never was, or not this person's to see).
    case missing
    /// The request named nothing usable.
    case unusable
    /// It is there, but not in a state that allows this.
    case conflict

    var status: HTTPResponse.Status {
        switch self {
        case .missing: .notFound
        case .unusable: .badRequest
        case .conflict: .conflict
        }
    }
}
