import FoodDiaryWeb
import Foundation
import Hummingbird

/// The person a request acts for, and what proved it.
public struct SignedIn: Requester {
    public let account: Account
    public let credential: RequestCredential
    /// The diary this person has open, which every page and route of theirs reads.
    public let diary: Diary

    public var uploadDirectory: String { diary.photos.temporaryDirectory }
    public var diaryName: String? { account.currentDiaryName }
}

extension AppRequestContext {
    /// Who is asking; set by `AuthenticationMiddleware`, nil only on the pages open to everyone.
    public var signedIn: SignedIn? { requester as? SignedIn }

    /// Who is asking; only the few public routes have nobody.
    func person() throws -> SignedIn {
        guard let signedIn else { throw HTTPError(.unauthorized) }
        return signedIn
    }

    /// The signed-in person's open diary.
    func diary() throws -> Diary { try person().diary }
}
